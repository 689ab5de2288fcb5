"""Catalogue entries: one Kafka message template, the versions whose wording it
matches, and the typed fields it yields.

A template is written the way Kafka's source writes the message, with
placeholders for the interpolated values, so that an entry reads like the line
it recognises::

    Template(
        id="group.stabilized.2_8",
        kind=Kind.GROUP_STABILIZED,
        versions="2.8-3.9",
        loggers=GROUP_COORDINATOR,
        prefix=GROUP_COORDINATOR_PREFIX,
        text="Stabilized group {group} generation {generation} "
             "(__consumer_offsets-{coordinator_partition}) with {members} members",
        const={"state": "CompletingRebalance"},
        examples=("[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: Stabilized group ...",),
    )

Placeholder forms:

* ``{field}`` / ``{field:type}`` – a column of the event table (``parsers.schema``),
  typed by ``parsers.fields`` (the default type depends on the field name);
* ``{details.key}`` / ``{details.key:type}`` – goes into the ``details`` JSON object;
* ``{_name}`` – a scratch capture for ``derive`` (dropped afterwards);
* ``{tp}`` – ``topic-partition`` (split on the last ``-``) into ``topic`` and ``partition``;
  ``{tap}`` – the ``[topic,partition]`` rendering of the 0.8–1.0 controller;
* ``{~regex~}`` – raw regex (Rust ``regex`` syntax), for the rare optional piece.

Everything else is literal text.  The same field may appear more than once (the
first non-null capture wins).  The compiled regex is anchored at both ends and
tolerates trailing whitespace.  The regex dialect is the Rust ``regex`` crate's
(what Polars runs): no look-around, no back-references.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import polars as pl

from .fields import FieldType, field_type
from .kinds import Kind
from .schema import FIELD_NAMES

_PLACEHOLDER = re.compile(r"\{~(?P<raw>.*?)~\}|\{(?P<name>[A-Za-z_][\w.]*)(?::(?P<type>\w+))?\}")
_VERSIONS = re.compile(r"^\d+\.\d+(?:\.\d+)?(?:-\d+\.\d+(?:\.\d+)?|\+)?$")
_TOPIC = r"[\w.-]+"
TP_TOKEN = "tp"  # suffix of a fast pattern's group holding a whole `topic-N` (see _translate)


@dataclass(frozen=True)
class Capture:
    group: str  # regex group name (g0, g1, ...)
    field: str  # column, details.key or _scratch
    type: FieldType
    in_cont: bool = False  # captured from the record's first continuation line


@dataclass(frozen=True)
class Prefix:
    """The ``logIdent`` prefixes a logger's messages may start with (any version).

    ``{node}`` in a prefix names the logging node itself (``[GroupCoordinator 1]: ``),
    which ingest uses to identify the broker when nothing else does.
    """

    alternatives: tuple[str, ...]
    optional: bool = False

    def __init__(self, *alternatives: str, optional: bool = False) -> None:
        object.__setattr__(self, "alternatives", alternatives)
        object.__setattr__(self, "optional", optional)


def _versions_ok(v: str) -> bool:
    return bool(_VERSIONS.match(v))


@dataclass(frozen=True)
class Template:
    id: str
    kind: Kind
    versions: str
    loggers: tuple[str, ...]
    text: str
    prefix: Prefix | None = None
    const: Mapping[str, Any] = field(default_factory=dict)
    cont: str | None = None
    derive: Callable[[pl.DataFrame], pl.DataFrame] | None = None
    examples: tuple[str, ...] = ()
    level: str | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if not _versions_ok(self.versions):
            raise ValueError(f"{self.id}: bad versions {self.versions!r} (use '2.1-3.9', '3.6+')")
        if not self.loggers:
            raise ValueError(f"{self.id}: a template needs at least one logger")
        for name in self.const:
            _check_field(self.id, name)

    # -- compilation -------------------------------------------------------------------
    @cached_property
    def _compiled(
        self,
    ) -> tuple[str, tuple[Capture, ...], str | None, str, frozenset[str], tuple[tuple[str, str], ...],
               dict[str, str]]:
        caps: list[Capture] = []
        exact: list[str] = []
        fast: list[str] = []
        alts: list[tuple[str, str, list[str], tuple[str, str] | None]] = []
        if self.prefix is not None:
            alts = [_translate(self.id, a, caps) for a in self.prefix.alternatives]
            close = ")" + ("?" if self.prefix.optional else "")
            exact.append("(?:" + "|".join(a for a, _, _, _ in alts) + close)
            fast.append("(?:" + "|".join(f for _, f, _, _ in alts) + close)
        body, body_fast, tail, greedy_end = _translate(self.id, self.text, caps, at_end=True)
        suffix = {greedy_end[0]: greedy_end[1]} if greedy_end and greedy_end[1] else {}
        exact.append(body)
        fast.append(body_fast)
        # gm / cm span the whole match: a row matched iff they are not null.  A body that
        # ends in a greedy `(.*)` (and maybe a literal) takes the trailing blanks in that
        # group: `\s*$` after it only makes the pattern ambiguous (no one-pass captures).
        end = r")$" if tail or greedy_end else r")\s*$"
        regex = "^(?P<gm>" + "".join(exact) + r")\s*$"
        fast_regex = _ascii("^(?P<gm>" + "".join(fast) + end)
        # One fast pattern per prefix alternative, chosen by the alternative's leading
        # literal: fewer capture groups, and a pattern the engine reads in one pass.
        variants: list[tuple[str, str]] = []
        if self.prefix is not None and len(alts) > 1:
            leads = [_lead(a) for a in self.prefix.alternatives]
            if all(leads) and len(set(leads)) == len(leads):
                variants = [
                    (lead, _ascii("^(?P<gm>" + f + body_fast + end))
                    for lead, (_, f, _, _) in sorted(zip(leads, alts, strict=True), key=lambda x: -len(x[0]))
                ]
        cont = None
        if self.cont is not None:
            cont_body, _, _, _ = _translate(self.id, self.cont, caps, in_cont=True)
            cont = "^(?P<cm>" + cont_body + r")\s*$"
        return regex, tuple(caps), cont, fast_regex, frozenset(tail), tuple(variants), suffix

    @property
    def regex(self) -> str:
        """The exact pattern: what a record must match to be this entry's."""
        return self._compiled[0]

    @property
    def fast_regex(self) -> str:
        """The same language with lazy placeholders made unambiguous (``.*?`` before ``X``
        becomes ``[^X]*``), so the regex engine can take captures in one pass (its
        one-pass DFA) instead of backtracking: about 4x cheaper per record.  Where both
        match they capture the same text (a lazy group ends at the first ``X`` that lets
        the rest match; ``[^X]*`` ends there or fails); rows it fails on are taken with
        ``regex``."""
        return self._compiled[3]

    @property
    def fast_variants(self) -> tuple[tuple[str, str], ...]:
        """(leading literal of a prefix alternative, the fast pattern of that alternative),
        longest literal first; rows that start with none take ``fast_regex``."""
        return self._compiled[5]

    @property
    def fast_rstrip(self) -> frozenset[str]:
        """Groups that end the fast pattern: ``(.*)$`` keeps the trailing blanks that the
        exact pattern's lazy group leaves to its final ``\\s*``, so they are stripped."""
        return self._compiled[4]

    @property
    def fast_suffix(self) -> dict[str, str]:
        """Group -> final literal: a body ``... {x:text}L`` gets a fast pattern ending in
        ``(.*)$`` (one-pass; ``(.*)L\\s*$`` is not), so the group holds L and any trailing
        blanks too.  A row is read only if the group less its trailing blanks ends with L;
        less L, it is the exact pattern's capture."""
        return self._compiled[6]

    @property
    def captures(self) -> tuple[Capture, ...]:
        return self._compiled[1]

    @property
    def cont_regex(self) -> str | None:
        return self._compiled[2]

    @cached_property
    def literal(self) -> str:
        """The longest literal run of the body: a cheap pre-filter before the regex."""
        pieces = _PLACEHOLDER.split(self.text)
        # split() interleaves captures; literal text sits at every third position
        literals = [p for i, p in enumerate(pieces) if i % 4 == 0 and p]
        return max(literals, key=len, default="")

    @cached_property
    def required(self) -> tuple[str, ...]:
        """The other literal runs of the body that every match holds (those outside any
        group a ``{~regex~}`` piece opens), longest first: a row without one of them is
        not this entry's, so it needs no regex.  Empty when a raw piece is not simple."""
        runs: list[str] = []
        depth = 0
        pos = 0
        for m in _PLACEHOLDER.finditer(self.text):
            run = self.text[pos:m.start()] if depth == 0 else ""
            pos = m.end()
            raw = m.group("raw")
            if raw is not None:
                if raw[:1] in ("?", "*", "+", "{"):  # a quantifier on the run's last character
                    run = ""
                d = _paren_depth(raw, depth)
                if d is None:
                    return ()
                depth += d
            if run:
                runs.append(run)
        if depth != 0:
            return ()
        if pos < len(self.text):
            runs.append(self.text[pos:])
        rest = [r for r in dict.fromkeys(runs) if r != self.literal and len(r) >= 2 and r.strip()]
        return tuple(sorted(rest, key=len, reverse=True))

    @cached_property
    def fields(self) -> tuple[str, ...]:
        names = [c.field for c in self.captures] + list(self.const)
        return tuple(dict.fromkeys(n for n in names if not n.startswith("_")))


def _check_field(tid: str, name: str) -> None:
    if name.startswith("_") or name.startswith("details."):
        return
    if name not in FIELD_NAMES:
        raise ValueError(f"{tid}: {name!r} is not a column of the event table (parsers.schema)")


def _translate(
    tid: str, text: str, caps: list[Capture], *, in_cont: bool = False, at_end: bool = False
) -> tuple[str, str, list[str], tuple[str, str] | None]:
    """``text`` -> (exact regex, fast regex, lazy groups that end the fast regex, and the
    greedy ``.*`` / ``.+`` group that ends it with the final literal it left out, if any)."""
    out: list[str] = []
    fast: list[str] = []
    tail: list[str] = []
    greedy_end: tuple[str, str] | None = None
    pos = 0
    matches = list(_PLACEHOLDER.finditer(text))
    for k, m in enumerate(matches):
        lit = _escape(text[pos : m.start()])
        out.append(lit)
        fast.append(lit)
        pos = m.end()
        if m.group("raw") is not None:
            out.append(m.group("raw"))
            fast.append(m.group("raw"))
            continue
        name, typ = m.group("name"), m.group("type")
        if name in ("tp", "tap") and typ is None:
            t = _cap(tid, "topic", "word", caps, in_cont)
            p = _cap(tid, "partition", "int", caps, in_cont)
            if name == "tp":
                out.append(f"(?P<{t}>{_TOPIC})-(?P<{p}>\\d+)")
                # fast: the whole `topic-N` as one token (unambiguous: no backtracking to
                # the last '-'), split afterwards; topics are ASCII
                after = text[m.end():]
                cls = "A-Za-z0-9_.-".replace(".", "") if after[:1] == "." else "A-Za-z0-9_.-"
                if after[:1] == "-":
                    fast.append(f"(?P<{t}>[A-Za-z0-9_.-]+)-(?P<{p}>[0-9]+)")
                else:
                    fast.append(f"(?P<{t}{TP_TOKEN}>[{cls}]+)")
            else:
                rx = f"\\[(?P<{t}>[^,\\]]+),(?P<{p}>\\d+)\\]"
                out.append(rx)
                fast.append(rx)
            continue
        g = _cap(tid, name, typ, caps, in_cont)
        rx = caps[-1].type.regex
        out.append(f"(?P<{g}>{rx})")
        after = text[m.end():]
        next_is_literal = bool(after) and (k + 1 == len(matches) or matches[k + 1].start() > m.end())
        if rx in (".*?", ".+?") and next_is_literal:
            stop = after[0] if after[0].isalnum() or after[0] == " " else "\\" + after[0]
            fast.append(f"(?P<{g}>[^{stop}]{rx[1]})")
        elif rx in (".*?", ".+?") and not after and at_end:
            fast.append(f"(?P<{g}>.{rx[1]})")
            tail.append(g)
        elif rx in (".*", ".+") and not after and at_end:
            # `(.*)\s*$` and `(.*)$` capture the same (the greedy group takes any blanks)
            fast.append(f"(?P<{g}>{rx})")
            greedy_end = (g, "")
        elif rx == ".*" and at_end and k + 1 == len(matches) and after.rstrip() == after:
            # `(.*)L\s*$` with a final literal L: `(.*)$`, less its trailing blanks and
            # then L, captures the same (L's last character is no blank); see fast_suffix
            fast.append(f"(?P<{g}>.*)")
            greedy_end = (g, after)
            return "".join(out) + _escape(after), "".join(fast), tail, greedy_end
        else:
            fast.append(f"(?P<{g}>{rx})")
    lit = _escape(text[pos:])
    out.append(lit)
    fast.append(lit)
    return "".join(out), "".join(fast), tail, greedy_end


def _paren_depth(raw: str, depth: int) -> int | None:
    """How many groups a raw regex piece opens (less those it closes), entered at group
    ``depth``; None for anything but plain groups, alternation inside a group and escapes
    (a flag such as ``(?i)`` may change what a literal matches)."""
    start = depth
    i = 0
    while i < len(raw):
        c = raw[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a class: skip to its end (``[]`` and ``[^]`` take a literal ``]`` first)
            j = i + 1 + (raw[i + 1 : i + 2] == "^")
            j += raw[j : j + 1] == "]"
            while j < len(raw) and raw[j] != "]":
                j += 2 if raw[j] == "\\" else 1
            if j >= len(raw):
                return None
            i = j + 1
            continue
        if c == "(":
            if raw.startswith("(?", i) and not raw.startswith(("(?:", "(?P<"), i):
                return None
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return None
        elif c == "|" and depth == 0:  # an alternative of the whole body
            return None
        i += 1
    return depth - start


def _lead(alternative: str) -> str:
    """The literal text a prefix alternative starts with (up to its first placeholder)."""
    m = _PLACEHOLDER.search(alternative)
    return alternative[: m.start()] if m else alternative


def _ascii(regex: str) -> str:
    """Kafka prints ASCII digits; ``[0-9]`` keeps the engine on its small byte DFA."""
    return re.sub(r"(?<!\\)\\d", "[0-9]", regex)


def _cap(tid: str, name: str, typ: str | None, caps: list[Capture], in_cont: bool) -> str:
    _check_field(tid, name)
    group = f"g{len(caps)}"
    caps.append(Capture(group, name, field_type(name, typ), in_cont))
    return group


def _escape(literal: str) -> str:
    # Rust regex accepts Python's escaping of punctuation; spaces stay literal.
    return re.escape(literal).replace("\\ ", " ")
