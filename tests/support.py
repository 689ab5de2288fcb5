"""Helpers for tests: parse log text the way ingest does, in memory."""

from __future__ import annotations

from typing import Any

import polars as pl

from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.core import ChunkResult, ParseOptions, parse_lines
from kafka_forensics.parsers.layouts import Layout, detect


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
