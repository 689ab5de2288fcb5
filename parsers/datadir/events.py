"""Event rows of data-directory artefacts, staged in frames of the event table's shape.

A decoder hands ``Sink.emit`` one row at a time as a plain dict of column values
(``ts`` as epoch milliseconds, ``details`` as a dict); the sink buffers them and passes
frames with the staged columns (``core.STAGE_COLUMNS``: the event table plus a null
``stream``) to ingest's stage, so that memory stays bounded on large segments.

Conventions for binary inputs (see docs/architecture.md, Event table): ``line`` is the
1-based ordinal of the unit the event came from (the batch of a segment, the entry of a
checkpoint — which, being text, is also its physical line — the document of a
properties or JSON file), ``details.byte_offset`` is where that unit starts in the file,
``level`` and ``logger`` are null, ``template`` names the decoder and format version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import polars as pl

from ..schema import COLUMN_NAMES, polars_types
from .messages import to_json

AddEvents = Callable[[str, pl.DataFrame], None]
Row = dict[str, Any]

# The staged frame's columns and types: ``core.STAGE_COLUMNS`` / ``recognise.POLARS_TYPES``,
# derived here from the schema itself so that reading a data directory does not load the
# log catalogue (a test keeps the two equal).
STAGE_COLUMNS: tuple[str, ...] = COLUMN_NAMES
POLARS_TYPES: dict[str, pl.DataType] = polars_types()
FLUSH_ROWS = 20_000
_LISTS = ("isr", "prev_isr", "replicas", "brokers", "partitions")
# Timestamps outside 1970..2200 are not times (NO_TIMESTAMP = -1, garbage): kept in details only.
_TS_MAX = 7_258_118_400_000


def ts_or_none(ms: int | None) -> int | None:
    return ms if ms is not None and 0 <= ms < _TS_MAX else None


class Sink:
    """Collects rows for one input and stages them in frames."""

    def __init__(self, source: str, add: AddEvents) -> None:
        self.source = source
        self._add = add
        self._rows: list[dict[str, Any]] = []
        self.kinds: Counter[str] = Counter()
        self.rows = 0

    def emit(self, row: dict[str, Any]) -> None:
        self._rows.append(row)
        self.kinds[row["kind"]] += 1
        self.rows += 1
        if len(self._rows) >= FLUSH_ROWS:
            self.flush()

    def flush(self) -> None:
        if self._rows:
            self._add(self.source, frame(self._rows, self.source))
            self._rows = []


def frame(rows: list[dict[str, Any]], source: str) -> pl.DataFrame:
    """Rows (dicts of column values) -> a frame with exactly the staged columns and types."""
    cols: dict[str, pl.Series] = {}
    for c in STAGE_COLUMNS:
        if c == "source":
            cols[c] = pl.Series(c, [source] * len(rows), dtype=pl.String)
            continue
        if c == "stream":
            cols[c] = pl.Series(c, [None] * len(rows), dtype=pl.String)
            continue
        dtype = POLARS_TYPES[c]
        vals = [r.get(c) for r in rows]
        if c == "ts":
            cols[c] = pl.Series(c, [ts_or_none(v) for v in vals], dtype=pl.Int64).cast(dtype)
        elif c == "details":
            cols[c] = pl.Series(c, [None if v is None else to_json(v) for v in vals], dtype=pl.String)
        elif c in _LISTS:
            cols[c] = pl.Series(c, vals, dtype=dtype)
        else:
            cols[c] = pl.Series(c, vals, dtype=dtype, strict=False)
    return pl.DataFrame(cols)
