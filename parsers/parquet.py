"""The event table on disk: Parquet (zstd) with the contract schema and the ingest's
accounting in its metadata.

Both ingest paths write through here: the local one a single file, ``--spark`` a
dataset directory whose parts executors write (``part-NNNNN.parquet`` in input
order, each a complete Parquet file with the same schema and metadata), so that no
event travels through the Spark driver.  ``fill`` gives every staged row its
cluster and broker from the resolved identities.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from . import identity
from .schema import COLUMN_NAMES, EVENT_SCHEMA

PART = "part-{:05d}.parquet"
IdentityMap = dict[tuple[str, str | None], identity.Identity]


def schema_with(report: dict[str, object]) -> pa.Schema:
    """The event schema carrying the ingest report (its accounting) as metadata."""
    meta = dict(EVENT_SCHEMA.metadata or {})
    meta[b"kafka_forensics.ingest"] = json.dumps(report, sort_keys=True).encode()
    return EVENT_SCHEMA.with_metadata(meta)


def identity_frame(ids: IdentityMap) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "source": [k[0] for k in ids],
            "_stream": [k[1] for k in ids],
            "_cluster": [i.cluster for i in ids.values()],
            "_broker": [i.broker for i in ids.values()],
            "_per_record": [i.per_record for i in ids.values()],
        },
        schema={"source": pl.String, "_stream": pl.String, "_cluster": pl.String,
                "_broker": pl.Int32, "_per_record": pl.Boolean},
    )


def fill(batch: pa.RecordBatch, mapping: pl.DataFrame, schema: pa.Schema) -> pa.Table:
    """Staged rows -> event rows: cluster and broker from the identity of their
    (source, stream); a log of several brokers keeps each record's own prefix node."""
    df = pl.from_arrow(batch)
    assert isinstance(df, pl.DataFrame)
    df = df.join(mapping, on=["source", "_stream"], how="left", nulls_equal=True,
                 maintain_order="left")
    df = df.with_columns(
        pl.col("_cluster").alias("cluster"),
        pl.when(pl.col("_per_record")).then(pl.col("node"))
        .otherwise(pl.col("_broker")).cast(pl.Int32).alias("broker"),
    )
    return df.select(COLUMN_NAMES).to_arrow().cast(schema)


class PartWriter:
    """One Parquet file of filled event rows, written under a hidden name and moved into
    place when closed: a reader never sees half a file, and a retried Spark task just
    writes the same file again."""

    def __init__(self, out: Path, mapping: pl.DataFrame, schema: pa.Schema) -> None:
        out.parent.mkdir(parents=True, exist_ok=True)
        self.out = out
        self._tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
        self._mapping = mapping
        self._schema = schema
        self._w: pq.ParquetWriter | None = pq.ParquetWriter(str(self._tmp), schema, compression="zstd")
        self.rows = 0

    def write(self, batch: pa.RecordBatch) -> None:
        assert self._w is not None
        table = fill(batch, self._mapping, self._schema)
        self.rows += table.num_rows
        self._w.write_table(table)

    def close(self) -> None:
        if self._w is not None:
            self._w.close()
            self._w = None
            os.replace(self._tmp, self.out)

    def abort(self) -> None:
        """Drop a file not closed (an error on the way); harmless after ``close``."""
        if self._w is not None:
            self._w.close()
            self._w = None
        self._tmp.unlink(missing_ok=True)


def write(out: Path, batches: Iterable[pa.RecordBatch], mapping: pl.DataFrame,
          schema: pa.Schema) -> int:
    """Staged batches -> one Parquet file; returns its row count."""
    w = PartWriter(out, mapping, schema)
    try:
        for batch in batches:
            w.write(batch)
        w.close()
    finally:
        w.abort()
    return w.rows


def is_dataset(path: Path) -> bool:
    """A directory of event-table parts, as ``ingest --spark -o`` writes."""
    if not path.is_dir():
        return False
    names = [p.name for p in path.iterdir() if not p.name.startswith((".", "_"))]
    return bool(names) and all(n.startswith("part-") and n.endswith(".parquet") for n in names)


def replaceable(out: Path) -> bool:
    """May an event table be written at ``out``: nothing there, a file, an empty
    directory or a previous dataset (never a directory of other things)."""
    return not out.is_dir() or is_dataset(out) or not any(out.iterdir())


def replace_dataset(staging: Path, out: Path) -> None:
    """Move a finished dataset directory to ``out``, replacing a previous event table there."""
    for left in staging.glob(".*.tmp"):  # parts of task attempts that died on the way
        left.unlink(missing_ok=True)
    if out.is_dir():
        if not replaceable(out):
            raise FileExistsError(f"{out} is a directory that does not hold an event table")
        shutil.rmtree(out)
    elif out.exists() or out.is_symlink():
        out.unlink()
    os.replace(staging, out)
