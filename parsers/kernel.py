"""The recognition kernel: a logger's catalogue entries tried on each record in one
compiled pass (``parsers/_match.c``), instead of a Polars expression per entry.

Each entry's exact pattern (the anchored regex ``Template.regex``, in the Rust
``regex`` dialect Polars runs) is compiled here to a small backtracking program.  A
backtracker explores alternatives in priority order, so the captures it reports are
the leftmost-first captures of the regex crate.  The kernel leaves three cases to the
Polars path (it answers DEFER): a message (or a needed continuation line) with a
non-ASCII byte, where the crate's ``\\d \\w \\s`` are Unicode classes; a match past its
step budget; an entry whose pattern uses a construct not compiled here (none today:
``tests/test_kernel.py`` checks every entry compiles).

Without the extension (no C compiler at install time) or with
``KAFKA_FORENSICS_KERNEL=0`` recognition runs as Polars expressions only, with the same
result.
"""

from __future__ import annotations

import marshal
import os
import struct
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

import numpy as np
import polars as pl
import pyarrow as pa

from . import cache
from .templates import Template

try:
    from . import _match  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the Polars path does everything
    _match = None

# Instructions (op, a, b, c); see _match.c.
_MATCH, _STR, _CLASS, _ANY, _SPLIT, _JMP, _SAVE, _BOL, _EOL, _RUN, _LAZY = range(11)

# A record's verdict besides an entry's index (the values _match.c's run writes)
NO_MATCH = -1
DEFER = -2

# The regex crate's ASCII members of its Unicode classes (bytes >= 0x80 never reach a
# program: such a record is deferred).
_DIGIT = frozenset(range(ord("0"), ord("9") + 1))
_SPACE = frozenset(b"\t\n\x0b\x0c\r ")
_WORD = _DIGIT | frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")
_ASCII = frozenset(range(128))
_CATEGORIES = {
    sre.CATEGORY_DIGIT: _DIGIT, sre.CATEGORY_NOT_DIGIT: _ASCII - _DIGIT,
    sre.CATEGORY_SPACE: _SPACE, sre.CATEGORY_NOT_SPACE: _ASCII - _SPACE,
    sre.CATEGORY_WORD: _WORD, sre.CATEGORY_NOT_WORD: _ASCII - _WORD,
}
# Escapes whose meaning Python's parser and the regex crate do not share.
_FOREIGN_ESCAPES = frozenset("pPQEbBAzZ")


class Unsupported(ValueError):
    """A pattern construct the kernel does not compile."""


@dataclass(frozen=True)
class Program:
    code: bytes  # int32 quadruples
    classes: bytes  # 32-byte bitmaps
    lits: bytes
    groups: tuple[str, ...]  # group k's name (its slots: 2k, 2k+1)

    @property
    def nslots(self) -> int:
        return 2 * len(self.groups)

    def spec(self) -> tuple[bytes, bytes, bytes, int]:
        return (self.code, self.classes, self.lits, self.nslots)


class _Asm:
    def __init__(self) -> None:
        self.code: list[list[int]] = []
        self.classes: dict[bytes, int] = {}
        self.lits = bytearray()

    def emit(self, op: int, a: int = 0, b: int = 0, c: int = 0) -> int:
        self.code.append([op, a, b, c])
        return len(self.code) - 1

    def cls(self, members: frozenset[int] | set[int]) -> int:
        bits = bytearray(32)
        for m in members:
            bits[m >> 3] |= 1 << (m & 7)
        return self.classes.setdefault(bytes(bits), len(self.classes))

    def literal(self, run: bytes) -> None:
        self.emit(_STR, len(self.lits), len(run))
        self.lits += run


def compile_pattern(pattern: str) -> Program:
    """``pattern`` (an anchored catalogue regex) -> its kernel program."""
    _check_dialect(pattern)
    parsed = sre_parse.parse(pattern)
    names = {i: n for n, i in parsed.state.groupdict.items()}
    ngroups = parsed.state.groups - 1
    asm = _Asm()
    _seq(asm, list(parsed))
    asm.emit(_MATCH)
    code = b"".join(struct.pack("=4i", *ins) for ins in asm.code)
    return Program(code, b"".join(asm.classes), bytes(asm.lits),
                   tuple(names.get(g, str(g)) for g in range(1, ngroups + 1)))


def _check_dialect(pattern: str) -> None:
    """Refuse what Python's parser reads differently from the regex crate: inline
    flags, the escapes above, and inside a class a nested class (``[[:alpha:]]``) or
    the crate's set operators (``&&``, ``--``, ``~~``)."""
    i, in_class, n = 0, False, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            if i + 1 < n and pattern[i + 1] in _FOREIGN_ESCAPES:
                raise Unsupported(f"escape \\{pattern[i + 1]} in {pattern!r}")
            i += 2
            continue
        if in_class:
            if ch == "[" or pattern.startswith(("&&", "--", "~~"), i):
                raise Unsupported(f"class syntax at {i} in {pattern!r}")
            if ch == "]":
                in_class = False
        elif ch == "[":
            in_class = True
            i += 1
            if i < n and pattern[i] == "^":
                i += 1
            if i < n and pattern[i] == "]":  # a leading `]` is a member
                i += 1
            continue
        elif ch == "(" and pattern.startswith("(?", i) and not pattern.startswith(("(?P<", "(?:"), i):
            raise Unsupported(f"group syntax at {i} in {pattern!r}")
        i += 1


def _seq(asm: _Asm, items: list[tuple[object, object]]) -> None:
    run = bytearray()
    for op, av in items:
        if op is sre.LITERAL:
            run += chr(av).encode()  # type: ignore[arg-type]
            continue
        if run:
            asm.literal(bytes(run))
            run = bytearray()
        _item(asm, op, av)
    if run:
        asm.literal(bytes(run))


def _members(op: object, av: object) -> frozenset[int] | None:
    if op is sre.LITERAL:
        return frozenset({av}) if av < 128 else frozenset()  # type: ignore[operator]
    if op is sre.NOT_LITERAL:
        return _ASCII - {av}
    if op is sre.IN:
        return _set(av)  # type: ignore[arg-type]
    return None


def _set(items: list[tuple[object, object]]) -> frozenset[int]:
    out: set[int] = set()
    negate = False
    for op, av in items:
        if op is sre.NEGATE:
            negate = True
        elif op is sre.LITERAL:
            if av < 128:  # type: ignore[operator]
                out.add(av)  # type: ignore[arg-type]
        elif op is sre.RANGE:
            lo, hi = av  # type: ignore[misc]
            out.update(range(lo, min(hi, 127) + 1))
        elif op is sre.CATEGORY:
            if av not in _CATEGORIES:
                raise Unsupported(f"class {av}")
            out |= _CATEGORIES[av]
        else:
            raise Unsupported(f"class item {op}")
    return _ASCII - out if negate else frozenset(out)


def _item(asm: _Asm, op: object, av: object) -> None:
    if op is sre.ANY:
        asm.emit(_ANY)
    elif (members := _members(op, av)) is not None:
        asm.emit(_CLASS, asm.cls(members))
    elif op is sre.AT:
        if av in (sre.AT_BEGINNING, sre.AT_BEGINNING_STRING):
            asm.emit(_BOL)
        elif av in (sre.AT_END, sre.AT_END_STRING):
            asm.emit(_EOL)  # no multi-line mode: `$` is the end of the text
        else:
            raise Unsupported(f"assertion {av}")
    elif op is sre.SUBPATTERN:
        gid, add, dele, sub = av  # type: ignore[misc]
        if add or dele:
            raise Unsupported("inline flags")
        if gid is None:
            _seq(asm, list(sub))
        else:
            asm.emit(_SAVE, 2 * (gid - 1))
            _seq(asm, list(sub))
            asm.emit(_SAVE, 2 * (gid - 1) + 1)
    elif op is sre.BRANCH:
        _branch(asm, av[1])  # type: ignore[index]
    elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
        lo, hi, sub = av  # type: ignore[misc]
        _repeat(asm, lo, None if hi == sre.MAXREPEAT else hi, list(sub), greedy=op is sre.MAX_REPEAT)
    else:
        raise Unsupported(f"construct {op}")


def _branch(asm: _Asm, alts: list[object]) -> None:
    jumps = []
    for k, alt in enumerate(alts):
        last = k == len(alts) - 1
        split = None if last else asm.emit(_SPLIT)
        if split is not None:
            asm.code[split][1] = split + 1
        _seq(asm, list(alt))  # type: ignore[call-overload]
        if not last:
            jumps.append(asm.emit(_JMP))
            asm.code[split][2] = len(asm.code)  # type: ignore[index]
    for j in jumps:
        asm.code[j][1] = len(asm.code)


def _repeat(asm: _Asm, lo: int, hi: int | None, sub: list[tuple[object, object]], *, greedy: bool) -> None:
    if len(sub) == 1:
        op, av = sub[0]
        cls = -1 if op is sre.ANY else (None if (m := _members(op, av)) is None else asm.cls(m))
        if cls is not None:
            asm.emit(_RUN if greedy else _LAZY, cls, lo, -1 if hi is None else hi)
            return
    for _ in range(lo):
        _seq(asm, sub)
    if hi is None:
        if _nullable(sub):
            raise Unsupported("a repeated piece that can match nothing")
        top = asm.emit(_SPLIT)
        _seq(asm, sub)
        asm.emit(_JMP, top)
        body, out = top + 1, len(asm.code)
        asm.code[top][1:3] = [body, out] if greedy else [out, body]
        return
    splits = []
    for _ in range(hi - lo):
        splits.append(asm.emit(_SPLIT))
        _seq(asm, sub)
    out = len(asm.code)
    for s in splits:
        asm.code[s][1:3] = [s + 1, out] if greedy else [out, s + 1]


def _nullable(items: list[tuple[object, object]]) -> bool:
    """Can this sequence match the empty string?"""
    for op, av in items:
        if op is sre.AT:
            continue
        if op is sre.SUBPATTERN:
            if not _nullable(list(av[3])):  # type: ignore[index]
                return False
        elif op is sre.BRANCH:
            if not any(_nullable(list(a)) for a in av[1]):  # type: ignore[index]
                return False
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            if av[0] > 0 and not _nullable(list(av[2])):  # type: ignore[index]
                return False
        else:
            return False
    return True


def enabled() -> bool:
    """Is the kernel built, and not turned off (``KAFKA_FORENSICS_KERNEL=0``)?"""
    return _match is not None and os.environ.get("KAFKA_FORENSICS_KERNEL", "1") != "0"


@dataclass(frozen=True)
class EntryProgram:
    """An entry's programs: its message's and, if it reads one, its continuation line's.
    ``msg`` is None where a pattern did not compile (records that reach the entry defer)."""

    msg: Program | None
    cont: Program | None


# Keyed by the patterns themselves, not the entry's id: a program is what its pattern
# compiles to, whichever entry (or test's ad-hoc entry) carries it.
ProgramKey = tuple[str, str | None]
_PROGRAMS: dict[ProgramKey, EntryProgram] = {}


def program_key(t: Template) -> ProgramKey:
    return (t.regex, t.cont_regex)


def entry_program(t: Template) -> EntryProgram:
    key = program_key(t)
    hit = _PROGRAMS.get(key)
    if hit is None:
        try:
            msg = compile_pattern(t.regex)
            cont = compile_pattern(t.cont_regex) if t.cont_regex else None
        except Unsupported:
            msg = cont = None
        hit = _PROGRAMS[key] = EntryProgram(msg, cont)
    return hit


# Compiling a pattern costs ~0.3 ms (Python's regex parser), ~0.2 s for the few hundred
# entries of a broker log's loggers: the programs are kept on disk beside the content
# cache (``cache.directory()``), keyed by the parsers' source and Python's version.
_LOCK = threading.Lock()
_loaded = False


def _store() -> Path | None:
    d = cache.directory()
    if d is None:
        return None
    return d / f"kernel-{cache.code_hash()}-py{sys.version_info[0]}{sys.version_info[1]}.marshal"


def _load() -> None:
    global _loaded
    _loaded = True
    path = _store()
    try:
        saved = marshal.loads(path.read_bytes()) if path is not None else {}
        loaded = {tuple(key): EntryProgram(None if msg is None else Program(*msg),
                                           None if cont is None else Program(*cont))
                  for key, (msg, cont) in saved.items()}
    except (OSError, EOFError, ValueError, TypeError, AttributeError):
        return  # absent or unreadable: compile again
    for key, program in loaded.items():
        _PROGRAMS.setdefault(key, program)  # type: ignore[arg-type]


def _save() -> None:
    path = _store()
    if path is None:
        return

    def flat(p: Program | None) -> tuple[bytes, bytes, bytes, tuple[str, ...]] | None:
        return None if p is None else (p.code, p.classes, p.lits, p.groups)

    data = marshal.dumps({key: (flat(e.msg), flat(e.cont)) for key, e in _PROGRAMS.items()})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache: compile again next time


class LoggerKernel:
    """A logger's entries, in catalogue order, compiled into one matcher."""

    def __init__(self, templates: tuple[Template, ...]) -> None:
        assert _match is not None
        self.templates = templates
        self.programs = tuple(entry_program(t) for t in templates)
        specs = []
        for t, p in zip(templates, self.programs, strict=True):
            required = ((t.literal,) if t.literal else ()) + tuple(t.required)
            specs.append((None if p.msg is None else p.msg.spec(),
                          None if p.cont is None else p.cont.spec(),
                          tuple(r.encode() for r in required)))
        self._matcher = _match.Matcher(specs)
        self.stride: int = self._matcher.stride

    def run(self, msg: Views, cont: Views) -> tuple[np.ndarray, np.ndarray]:
        """Per record: the position of the entry that takes it (NO_MATCH, DEFER), and its
        capture slots (rows of ``stride`` byte offsets, -1 for a group not taken; only the
        slots of the entry that took a record are set)."""
        n = msg.n
        entry = np.empty(n, dtype=np.int32)
        caps = np.empty((n, self.stride), dtype=np.int32)
        self._matcher.run(n, *msg.parts, *cont.parts, entry, caps)
        return entry, caps


class Views:
    """A string column as Arrow string views: Polars' own layout, exported without a copy."""

    def __init__(self, column: pl.Series) -> None:
        arr = column.to_arrow(compat_level=pl.CompatLevel.newest())
        if isinstance(arr, pa.ChunkedArray):
            arr = arr.combine_chunks()
        if arr.type != pa.string_view():
            arr = arr.cast(pa.string_view())
        if arr.offset:
            arr = pa.concat_arrays([arr])  # a copy whose buffers start at its first row
        bufs = arr.buffers()
        self.n = len(arr)
        self.data = [b for b in bufs[2:] if b is not None]
        valid = bufs[0] if arr.null_count else None
        self.parts = (valid, bufs[1] if bufs[1] is not None else b"", self.data)

    def cut(self, rows: np.ndarray, caps: np.ndarray, slot: int) -> pl.Series:
        """Each of ``rows``' capture in ``slot`` (its group's start; null where not taken),
        as views over this column's buffers (``caps``: those rows' slots, in order)."""
        rows = np.ascontiguousarray(rows, dtype=np.int64)
        caps = np.ascontiguousarray(caps, dtype=np.int32)
        views, valid, nulls = _match.cut(self.n, *self.parts, rows, caps, caps.shape[1], slot)
        return self.column(len(rows), views, valid if nulls else None, nulls)

    def column(self, n: int, views: object, valid: object | None, nulls: int, name: str = "") -> pl.Series:
        """``n`` views (16 bytes each; ``valid``: their validity bitmap, None when no null)
        over this column's data buffers, as a Polars string column."""
        arr = pa.Array.from_buffers(
            pa.string_view(), n,
            [None if valid is None else pa.py_buffer(valid), pa.py_buffer(views), *self.data],
            null_count=nulls,
        )
        return pl.Series(name, arr)  # the views as they are (pl.from_arrow would compact them: a copy)


_KERNELS: dict[int, tuple[tuple[Template, ...], LoggerKernel]] = {}


def for_templates(templates: tuple[Template, ...]) -> LoggerKernel:
    """The kernel of a logger's entries (memoised per catalogue tuple)."""
    hit = _KERNELS.get(id(templates))
    if hit is not None and hit[0] is templates:
        return hit[1]
    with _LOCK:  # the parse workers meet a logger at the same time
        hit = _KERNELS.get(id(templates))
        if hit is None or hit[0] is not templates:
            if not _loaded:
                _load()
            new = any(program_key(t) not in _PROGRAMS for t in templates)
            hit = (templates, LoggerKernel(templates))
            _KERNELS[id(templates)] = hit
            if new:
                _save()
    return hit[1]
