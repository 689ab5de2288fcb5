"""Helpers for tests: parse log text the way ingest does, in memory."""

from __future__ import annotations

from typing import Any

import polars as pl
from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.core import ChunkResult, ParseOptions, parse_lines
from kafka_forensics.parsers.layouts import BY_NAME, Layout, from_pattern, sniff, sniff_wrappers


def parse(text: str, *, layout: str | Layout | None = None, tz: str = "UTC",
          source: str = "test.log") -> ChunkResult:
    """Parse log text (one or more records) with the layout given or sniffed."""
    lines = split_lines(text.encode()).lines
    sample = lines.to_list()
    wrappers = tuple(sniff_wrappers(sample))
    if isinstance(layout, str):
        lay = BY_NAME.get(layout) or from_pattern(layout)
    elif layout is None:
        lay, _ = sniff(sample)
        assert lay is not None, f"no layout for {text[:80]!r}"
    else:
        lay = layout
    return parse_lines(lines, source, 1, ParseOptions(layout=lay, wrappers=wrappers, tz=tz))


def events(text: str, **kw: Any) -> pl.DataFrame:
    return parse(text, **kw).events


def one(text: str, **kw: Any) -> dict[str, Any]:
    """The single event a record yields, as a dict (fails when not exactly one)."""
    ev = events(text, **kw)
    assert ev.height == 1, f"expected one event, got {ev.height} from {text[:200]!r}"
    return ev.row(0, named=True)
