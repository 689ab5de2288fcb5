"""Helpers for tests: parse log text the way ingest does, in memory."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import polars as pl

from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.core import ChunkResult, ParseOptions, parse_lines
from kafka_forensics.parsers.layouts import Layout, detect
from kafka_forensics.parsers.templates import Template


def parse(text: str, *, layout: str | Layout | None = None, tz: str = "UTC",
          source: str = "test.log") -> ChunkResult:
    """Parse log text (one or more records) with the layout given or sniffed."""
    lines = split_lines(text.encode()).lines
    wrappers, lay = detect(lines.to_list(), layout if isinstance(layout, str) else None)
    if isinstance(layout, Layout):
        lay = layout
    assert lay is not None, f"no layout for {text[:80]!r}"
    return parse_lines(lines, source, 1, ParseOptions(layout=lay, wrappers=wrappers, tz=tz))


def events(text: str, **kw: Any) -> pl.DataFrame:
    return parse(text, **kw).events


def one(text: str, **kw: Any) -> dict[str, Any]:
    """The single event a record yields, as a dict (fails when not exactly one)."""
    ev = events(text, **kw)
    assert ev.height == 1, f"expected one event, got {ev.height} from {text[:200]!r}"
    return ev.row(0, named=True)


# ---- catalogue specifications ----------------------------------------------------------------

def line(level: str, msg: str, logger: str, ts: str = "2024-03-01 10:55:12,640") -> str:
    """A log line in Kafka's default layout."""
    return f"[{ts}] {level} {msg} ({logger})"


def details(row: dict[str, Any]) -> dict[str, Any]:
    return json.loads(row["details"]) if row["details"] else {}


def assert_entry(template: str, log_line: str, expected: dict[str, Any], *,
                 details_subset: bool = False) -> dict[str, Any]:
    """``log_line`` is recognised by ``template`` with the ``expected`` typed fields
    (``details`` compared whole, or on the keys given with ``details_subset``)."""
    row = one(log_line)
    assert row["template"] == template, f"taken by {row['template']}: {log_line}"
    for name, want in expected.items():
        if name == "details":
            got = details(row)
            if details_subset:
                got = {k: got.get(k) for k in want}
            assert got == want, f"details: {got!r} != {want!r}"
        else:
            assert row[name] == want, f"{name}: {row[name]!r} != {want!r}"
    return row


def unspecified(templates: Iterable[Template], specified: Iterable[str]) -> list[str]:
    """Entries of an area without a typed-field case (every entry must have one)."""
    have = set(specified)
    return [t.id for t in templates if t.id not in have]


class FieldCases:
    """One test module's field cases, and the entries they specify."""

    def __init__(self) -> None:
        self.specified: set[str] = set()

    def check(self, template: str, log_line: str, **expected: Any) -> dict[str, Any]:
        self.specified.add(template)
        return assert_entry(template, log_line, expected, details_subset=True)

    def cases(self, *rows: tuple[str, str, dict[str, Any]]) -> Any:
        """Parametrise a test over (template, line, expected) rows, noted at import so that
        the every-entry test does not depend on the order tests run in."""
        import pytest

        self.specified.update(r[0] for r in rows)
        return pytest.mark.parametrize(("template", "line", "expected"), rows, ids=[r[0] for r in rows])

    def specifies(self, *templates: str) -> None:
        self.specified.update(templates)


def edit_line(path: Path, needle: str, new: str | None, nth: int | None = None) -> int:
    """Replace ``needle`` in (or, with None, drop) the line of ``path`` that contains it — the only
    one, or the ``nth`` of several; its 1-based number (a fault injected into a log)."""
    lines = path.read_text().splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if needle in line]
    if nth is None:
        (i,) = hits
    else:
        i = hits[nth]
    if new is None:
        del lines[i]
    else:
        lines[i] = lines[i].replace(needle, new)
    path.write_text("".join(lines))
    return i + 1


#: one group's 0.10.0 "Preparing to restabilize" line and a 2.8+ "Stabilized … with 1 members"
#: line in one server.log: no single Kafka release wrote both
MIXED_RELEASES = (
    "[2024-01-01 00:00:00,000] INFO [GroupCoordinator 0]: Preparing to restabilize group g with old "
    "generation 0 (kafka.coordinator.group.GroupCoordinator)\n"
    "[2024-01-01 00:00:03,000] INFO [GroupCoordinator 0]: Stabilized group g generation 1 "
    "(__consumer_offsets-9) with 1 members (kafka.coordinator.group.GroupCoordinator)\n")
