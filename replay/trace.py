"""The trace reader: JSON Lines in, a validated :class:`Trace` out (DESIGN.md, "Trace").

Everything a trace may say is in the tables of :mod:`.trace_schema`; this module reads the
lines, checks each record against those tables and builds frozen values.  The whole file
is checked before anything runs: every problem is collected (up to 50) and raised together
as one :class:`TraceError`, so a trace either runs completely or not at all.  Each problem
is a sentence that names the line and the field and says what to do::

    line 7: "do" must be one of join, sync, heartbeat, ...; got "jion"; did you mean "join"?
    line 12: "at" 900 is before the previous record's 1000; records must be in time order

What the reader checks: the envelope (JSON object, ``at`` an integer >= 0 and never less than
the previous record's, exactly one of ``do`` / ``expect``, the header only first), every
field of every stimulus and expectation kind (allowed names, required ones, types, cross-field
rules, matchers in expectations), the header's profile (through the engine's
``profiles.profile()``).  What it leaves to the runner: anything that depends on running
(whether a client alias was started, whether a member exists, ...).

Additions beyond DESIGN.md's contract (additive; nothing the contract allows is refused
except where noted):

* ``consumer`` — start a simulated Java consumer: ``client`` (required), ``group``
  (required), ``config`` (Java consumer configs by name), ``topics`` (topic -> partition
  count: the subscription and its metadata), ``polls`` (``{"at": ms, "processing_ms": ms}``
  or ``{"every": ms, "processing_ms": ms, "until": ms}``; times on the trace's clock, not
  before the consumer starts; ``processing_ms`` defaults to 0; no ``polls``: never late).
  ``heartbeat.interval.ms`` must be below ``session.timeout.ms`` (counting the profile's
  defaults for the one not given): the Java client refuses to start otherwise.
* ``consumer_close`` (``client``: graceful close, LeaveGroup) and ``consumer_crash``
  (``client``: stops dead).
* ``client_state`` expectation — ``client``, ``state`` (UNJOINED, PREPARING_REBALANCE,
  COMPLETING_REBALANCE, REBALANCING, STABLE), ``generation``, ``assignment``, ``member_id``.
* ``leave``'s batch ``members`` entries may also use ``member_id_of`` and ``reason``;
  ``leave`` takes ``reason``.
* Documentation fields on any record: ``source`` ("file:line" evidence of a derived record,
  or a list of them), ``level`` (its evidence level, 1-3), ``note``.  They are kept apart
  (``Stimulus.doc``) and never change what runs.
* Blank lines and comment lines (first non-blank characters ``#`` or ``//``) are skipped; a
  UTF-8 byte-order mark on the first line is ignored.
* Required fields: the contract marks none; the reader requires those without which a
  record means nothing (``group`` and ``client`` of group requests, ``topic`` and
  ``partition`` of replication records, ...); ``docs/trace.md`` lists them.
* Consumer and broker ``config`` maps: names the engine reads are type-checked; other names
  are kept, except a near miss of a known name that is not itself a Kafka config name
  (a misspelling would otherwise silently change the replay).  Unknown header fields are
  kept as documentation, except near misses of the header's own fields.
* Kafka error names are the current ones; an old name (``NOT_COORDINATOR_FOR_GROUP``) is
  reported with its replacement.

Equality of the values ignores where they came from (``line``, ``path``): a trace written
back with :func:`write_trace` and read again is equal to the original.

``python -m kafka_forensics.replay.trace`` prints the Markdown reference (``docs/trace.md``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kafka_forensics.engine.profiles import Profile, profile

from .trace_schema import (
    DOC_FIELDS,
    EXPECTATIONS,
    HEADER_FIELDS,
    STIMULI,
    TIME,
    Context,
    FrozenMap,
    Issue,
    Kind,
    check_fields,
    did_you_mean,
    freeze,
    json_type,
    reference_markdown,
    render,
    thaw,
)

#: a record (one line) may take at most this many bytes.
MAX_LINE_BYTES = 10 * 1024 * 1024
#: the reader stops after this many problems.
MAX_PROBLEMS = 50

_EMPTY: Mapping[str, Any] = FrozenMap()


# -- values -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    """The trace's header; a trace without one gets these defaults (``line`` 0)."""

    profile: str | None = None
    timer: str = "realtime"
    config: Mapping[str, Any] = _EMPTY
    controller: str = "auto"
    periodic_tasks: str = "auto"
    #: any other header field (``source``, ``note``, ...), kept as documentation.
    extra: Mapping[str, Any] = _EMPTY
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Stimulus:
    line: int = field(compare=False)
    at: int
    do: str
    fields: Mapping[str, Any]
    #: documentation fields (``source``, ``level``, ``note``): they never change what runs.
    doc: Mapping[str, Any] = _EMPTY


@dataclass(frozen=True)
class Expectation:
    line: int = field(compare=False)
    at: int
    expect: str
    fields: Mapping[str, Any]
    doc: Mapping[str, Any] = _EMPTY


Record = Stimulus | Expectation


@dataclass(frozen=True)
class Trace:
    path: str = field(compare=False)
    header: Header
    records: tuple[Record, ...]


@dataclass(frozen=True)
class TraceProblem:
    """One thing wrong with a trace; ``message`` is the whole sentence (``line N: ...``)."""

    path: str
    line: int | None
    field: str | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class TraceError(Exception):
    """The trace has problems; nothing of it may run."""

    def __init__(self, path: str, problems: Iterable[TraceProblem], truncated: bool = False) -> None:
        self.path = path
        self.problems: tuple[TraceProblem, ...] = tuple(problems)
        #: more problems were found than :data:`MAX_PROBLEMS`; only the first are kept.
        self.truncated = truncated
        n = len(self.problems)
        head = (f"{path}: {n} problem{'s' if n != 1 else ''} in the trace"
                f"{' (the first ' + str(n) + '; there are more)' if truncated else ''}; "
                "fix them and run again:")
        super().__init__("\n".join([head] + [f"  {p.message}" for p in self.problems]))


# -- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Unreadable:
    """A line that could not be turned into text (why, as a sentence)."""

    why: str


class _Stop(Exception):
    pass


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[TraceProblem] = []
        self.truncated = False
        self.header = Header()
        self.profile: Profile | None = profile(None)
        self.records: list[Record] = []
        self.seen_record = False  # a non-header record (valid or not) was read
        self.seen_header = False
        self.prev_at: int | None = None

    # problems -------------------------------------------------------------------------------

    def problem(self, line: int | None, fld: str | None, text: str) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            self.truncated = True
            raise _Stop
        message = f"line {line}: {text}" if line is not None else text
        self.problems.append(TraceProblem(self.path, line, fld, message))

    def issues(self, line: int, issues: list[Issue]) -> None:
        for fld, text in issues:
            self.problem(line, fld, text)

    # lines ----------------------------------------------------------------------------------

    def read(self, lines: Iterable[tuple[int, str | _Unreadable]]) -> Trace:
        try:
            for number, text in lines:
                self.line(number, text)
            if not self.seen_record:
                self.problem(None, None, "the trace has no records; add at least one, "
                                         'e.g. {"at": 0, "do": "tick"}')
        except _Stop:
            pass
        if self.problems:
            raise TraceError(self.path, self.problems, self.truncated)
        return Trace(self.path, self.header, tuple(self.records))

    def line(self, number: int, text: str | _Unreadable) -> None:
        if isinstance(text, _Unreadable):
            self.seen_record = True
            self.problem(number, None, text.why)
            return
        stripped = text.strip()
        if not stripped or stripped.startswith(("#", "//")):
            return
        value = self.decode(number, text)
        if value is None:
            return
        if not isinstance(value, dict):
            self.seen_record = True
            self.problem(number, None, 'a record must be a JSON object ({"at": ..., "do": ...}); '
                                       f"got {_a(json_type(value))}")
            return
        if "kind" in value:
            self.header_line(number, value)
        else:
            self.record(number, value)

    def decode(self, number: int, text: str) -> Any:
        duplicates: list[str] = []

        def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
            out: dict[str, Any] = {}
            for k, v in items:
                if k in out:
                    duplicates.append(k)
                out[k] = v
            return out

        def no_constant(name: str) -> Any:
            raise ValueError(f"{name} is not a JSON number")

        def integer(digits: str) -> int:
            # before Python's own 4300-digit limit, whose message suggests a Python setting
            if len(digits) > 100:
                raise ValueError(f"the number {digits[:12]}… has {len(digits)} digits, "
                                 "more than any field takes")
            return int(digits)

        try:
            value = json.loads(text, object_pairs_hook=pairs, parse_constant=no_constant, parse_int=integer)
        except json.JSONDecodeError as e:
            self.seen_record = True
            self.problem(number, None, f"not valid JSON: {e.msg} at column {e.colno}; "
                                       "write one JSON object per line")
            return None
        except (ValueError, RecursionError) as e:
            self.seen_record = True
            why = "it is nested too deeply" if isinstance(e, RecursionError) else str(e)
            self.problem(number, None, f"not valid JSON: {why}; write one JSON object per line")
            return None
        if duplicates:
            self.seen_record = True
            for k in dict.fromkeys(duplicates):
                self.problem(number, k, f'field "{k}" appears twice in one object; keep one')
            return None
        return value

    # the header -----------------------------------------------------------------------------

    def header_line(self, number: int, value: dict[str, Any]) -> None:
        if value["kind"] != "header":
            self.seen_record = True
            self.problem(number, "kind", f'"kind" must be "header" (only the header has a "kind"); '
                                         f"got {render(value['kind'])}")
            return
        if self.seen_record or self.seen_header:
            self.problem(number, "kind", "the header must be the first record; move it to the top "
                                         "(a trace has one header)")
            return
        self.seen_header = True
        issues: list[Issue] = []
        extra: dict[str, Any] = {}
        for name, v in value.items():
            if name in HEADER_FIELDS:
                issues += HEADER_FIELDS[name].spec.check(v, name)
            elif name in ("at", "do", "expect"):
                issues.append((name, f'the header takes no "{name}"; put stimuli and expectations on '
                                     "the lines after it"))
            elif hint := did_you_mean(name, list(HEADER_FIELDS), cutoff=0.9):
                issues.append((name, f'unknown header field "{name}"{hint} (other header fields are kept '
                                     "as documentation, but this one looks misspelt)"))
            else:
                extra[name] = v
        if "profile" in value and not any(fld == "profile" for fld, _ in issues):
            try:
                self.profile = profile(value["profile"])
            except ValueError as e:
                self.profile = None
                issues.append(("profile", f'"profile": {e}'))
        self.issues(number, issues)
        if issues:
            return
        defaults = Header()
        self.header = Header(
            profile=value.get("profile"),
            timer=value.get("timer", defaults.timer),
            config=freeze(value.get("config", {})),
            controller=value.get("controller", defaults.controller),
            periodic_tasks=value.get("periodic_tasks", defaults.periodic_tasks),
            extra=freeze(extra),
            line=number,
        )

    # records --------------------------------------------------------------------------------

    def record(self, number: int, value: dict[str, Any]) -> None:
        first = not self.seen_record and not self.seen_header
        self.seen_record = True
        if first and not {"at", "do", "expect"} & set(value) and set(value) & set(HEADER_FIELDS):
            self.problem(number, "kind", 'this looks like a header: add "kind": "header"')
            return
        ok = True
        at = value.get("at")
        if "at" not in value:
            ok = False
            self.problem(number, "at", 'the record has no "at"; give its virtual time in ms, e.g. "at": 0')
        elif issues := TIME.check(at, "at"):
            ok = False
            self.issues(number, issues)
        elif self.prev_at is not None and at < self.prev_at:
            ok = False
            self.problem(number, "at", f'"at" {at} is before the previous record\'s {self.prev_at}; '
                                       "records must be in time order")
        else:
            self.prev_at = at

        has_do, has_expect = "do" in value, "expect" in value
        if has_do and has_expect:
            self.problem(number, "do", 'a record takes exactly one of "do" (a stimulus) and "expect" '
                                       "(an expectation); this one has both: split it into two records")
            return
        if not has_do and not has_expect:
            self.problem(number, None, 'a record needs "do" (a stimulus) or "expect" (an expectation); '
                                       "this one has neither")
            return
        word, table, other = ("do", STIMULI, EXPECTATIONS) if has_do else ("expect", EXPECTATIONS, STIMULI)
        name = value[word]
        kind = table.get(name) if isinstance(name, str) else None
        if kind is None:
            hint = did_you_mean(name, list(table))
            if isinstance(name, str) and name in other:
                hint = (f'; "{name}" is {"an expectation" if has_do else "a stimulus"}: '
                        f'write "{"expect" if has_do else "do"}": "{name}"')
            self.problem(number, word, f'"{word}" must be one of {", ".join(table)}; '
                                       f"got {render(name)}{hint}")
            return
        body = {k: v for k, v in value.items() if k not in ("at", word)}
        if not self.fields(number, kind, body, expectation=has_expect, at=at if ok else None) or not ok:
            return
        fields = freeze({k: v for k, v in body.items() if k not in DOC_FIELDS})
        doc = freeze({k: v for k, v in body.items() if k in DOC_FIELDS})
        if has_do:
            self.records.append(Stimulus(number, at, name, fields, doc))
        else:
            self.records.append(Expectation(number, at, name, fields, doc))

    def fields(self, number: int, kind: Kind, body: dict[str, Any], *, expectation: bool,
               at: int | None) -> bool:
        """Check a record's fields against its kind's table; True when all are fine."""
        issues = check_fields(kind.fields, kind.rules, body, f'"{kind.name}"', "", compared=expectation,
                              unknown=f'for "{kind.name}"', extra=DOC_FIELDS, open_fields=kind.open_fields)
        if not issues:
            context = Context(at, self.profile)
            for check in kind.checks:
                issues += check(body, context)
        self.issues(number, issues)
        return not issues


def _a(kind: str) -> str:
    return {"list": "a list", "string": "a string", "integer": "a number", "number": "a number",
            "boolean": "true or false", "null": "null"}.get(kind, kind)


def _too_long(size: int) -> _Unreadable:
    return _Unreadable(f"the line is {size} bytes long, more than the {MAX_LINE_BYTES // (1024 * 1024)} MB "
                       "a record may take; split it into several records")


def _not_utf8(text_before: str, byte: int) -> _Unreadable:
    return _Unreadable(f"the line is not valid UTF-8 (byte 0x{byte:02x} at column {len(text_before) + 1}); "
                       "save the trace as UTF-8")


def _text_line(number: int, text: str) -> tuple[int, str | _Unreadable]:
    """A line given as text: strip its line end, refuse undecodable or overlong ones."""
    if number == 1:
        text = text.removeprefix("\ufeff")
    text = text.removesuffix("\n").removesuffix("\r")
    if len(text) > MAX_LINE_BYTES // 4:
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_LINE_BYTES:
            return number, _too_long(size)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        # a file opened with errors="surrogateescape" keeps an undecodable byte as U+DC80..U+DCFF
        code = ord(text[e.start])
        byte = code - 0xDC00 if 0xDC80 <= code <= 0xDCFF else code
        return number, _not_utf8(text[: e.start], byte)
    return number, text


def _binary_lines(stream: BinaryIO) -> Iterator[tuple[int, str | _Unreadable]]:
    """Lines of a byte stream, decoded one by one; an overlong line is skipped unread."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 2)
        if not raw:
            return
        number += 1
        if not raw.endswith(b"\n") and len(raw) > MAX_LINE_BYTES:
            size = len(raw)
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(1 << 20)
                size += len(raw)
            yield number, _too_long(size - (1 if raw.endswith(b"\n") else 0))
            continue
        body = raw.removesuffix(b"\n").removesuffix(b"\r")
        if len(body) > MAX_LINE_BYTES:
            yield number, _too_long(len(body))
            continue
        if number == 1:
            body = body.removeprefix(b"\xef\xbb\xbf")
        try:
            yield number, body.decode("utf-8")
        except UnicodeDecodeError as e:
            yield number, _not_utf8(body[: e.start].decode("utf-8", "replace"), body[e.start])


def read_trace(path: str | Path) -> Trace:
    """Read and validate a trace file; :class:`TraceError` lists every problem."""
    with open(path, "rb") as stream:
        return _Reader(str(path)).read(_binary_lines(stream))


def read_trace_lines(lines: Iterable[str], path: str = "<trace>") -> Trace:
    """Validate a trace given as lines of text (line ends optional)."""
    return _Reader(path).read(_text_line(n, text) for n, text in enumerate(lines, 1))


def parse_trace(text: str, path: str = "<trace>") -> Trace:
    """Validate a trace given as one string."""
    return read_trace_lines(text.split("\n"), path)


# -- writing ------------------------------------------------------------------------------------


def _dumps(obj: dict[str, Any]) -> str:
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a \\ud800 escape: keep it escaped
        text = json.dumps(obj, ensure_ascii=True, separators=(",", ":"))
    return text


def write_trace(trace: Trace) -> str:
    """The trace as JSON Lines; ``parse_trace(write_trace(t)) == t``."""
    out: list[str] = []
    h = trace.header
    if h.line or h != Header():
        header: dict[str, Any] = {"kind": "header"}
        if h.profile is not None:
            header["profile"] = h.profile
        if h.timer != "realtime":
            header["timer"] = h.timer
        if h.config:
            header["config"] = thaw(h.config)
        if h.controller != "auto":
            header["controller"] = h.controller
        if h.periodic_tasks != "auto":
            header["periodic_tasks"] = h.periodic_tasks
        header.update(thaw(h.extra))
        out.append(_dumps(header))
    for record in trace.records:
        word, name = ("do", record.do) if isinstance(record, Stimulus) else ("expect", record.expect)
        out.append(_dumps({"at": record.at, word: name, **thaw(record.fields), **thaw(record.doc)}))
    return "".join(line + "\n" for line in out)


__all__ = ["MAX_LINE_BYTES", "MAX_PROBLEMS", "Expectation", "Header", "Record", "Stimulus", "Trace",
           "TraceError", "TraceProblem", "parse_trace", "read_trace", "read_trace_lines", "write_trace"]

if __name__ == "__main__":
    print(reference_markdown(), end="")
