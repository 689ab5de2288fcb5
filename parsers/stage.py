"""Events parked on disk (Arrow IPC) until every input is read and identities are known.

The local path keeps one stage for the whole ingest; a Spark executor keeps one per
work unit and streams it back.  Either way ``add`` is where the identity evidence of
each (source, stream) is gathered, so both paths gather it from the same rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.ipc as ipc

from . import identity, parquet
from .core import STAGE_COLUMNS
from .recognise import POLARS_TYPES
from .schema import COLUMN_NAMES

STAGE_SCHEMA: pa.Schema = pl.DataFrame(
    schema={c: POLARS_TYPES[c] for c in COLUMN_NAMES}
).to_arrow().schema

#: (source, stream) -> what that stream's records say about who wrote them
EvidenceMap = dict[tuple[str, str | None], identity.Evidence]


class Stage:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._sink = pa.OSFile(str(path), "wb")
        self._writer = ipc.new_stream(self._sink, STAGE_SCHEMA)
        self.rows = 0
        self.evidence: EvidenceMap = {}

    def add(self, source: str, events: pl.DataFrame) -> None:
        if events.height == 0:
            return
        parquet.gather_evidence(self.evidence, source, events)
        table = events.select(STAGE_COLUMNS).to_arrow().cast(STAGE_SCHEMA)
        for batch in table.to_batches():
            self._writer.write_batch(batch)
        self.rows += events.height

    def close(self) -> None:
        self._writer.close()
        self._sink.close()

    def batches(self) -> Iterator[pa.RecordBatch]:
        with pa.memory_map(str(self.path)) as src:
            yield from ipc.open_stream(src)


def merge_evidence(into: EvidenceMap, other: EvidenceMap) -> None:
    """Add ``other`` (a later part of the inputs) to ``into``, keeping first-seen order."""
    for key, ev in other.items():
        into.setdefault(key, identity.Evidence()).add(ev)
