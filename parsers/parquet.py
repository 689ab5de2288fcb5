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
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from . import identity
from .schema import COLUMN_NAMES, EVENT_SCHEMA, polars_types

PART = "part-{:05d}.parquet"
IdentityMap = dict[tuple[str, str | None], identity.Identity]
_POLARS_TYPES = polars_types()


REPORT_KEY = b"kafka_forensics.ingest"

# Columns whose values nearly never repeat (the record text, its line and time, offsets,
# durations): a dictionary there is built, overflows and is thrown away on every row
# group, so they are written plain.  Every other column keeps its dictionary.
_PLAIN = frozenset({"raw", "line", "ts", "details", "offset", "hw", "leo", "correlation_id", "duration_ms"})
#: ParquetWriter options of every event table (local file, Spark parts, the rewrite)
WRITER_OPTIONS: dict[str, Any] = {
    "compression": "zstd",
    "use_dictionary": [f.name for f in EVENT_SCHEMA if f.name not in _PLAIN],
}


def read_report(path: Path) -> dict[str, object]:
    """The ingest report an event table carries in its Parquet key-value metadata."""
    meta = pq.read_metadata(str(path)).metadata or {}
    if REPORT_KEY not in meta:
        raise ValueError(f"{path} carries no ingest report: was it written by kafka-forensics ingest?")
    return json.loads(meta[REPORT_KEY])


def report_metadata(report: dict[str, object]) -> dict[bytes, bytes]:
    """The Parquet key-value metadata that carries an ingest report (every file and part)."""
    return {REPORT_KEY: json.dumps(report, sort_keys=True).encode()}


def identity_frame(ids: IdentityMap) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "source": [k[0] for k in ids],
            "stream": [k[1] for k in ids],
            "_cluster": [i.cluster for i in ids.values()],
            "_broker": [i.broker for i in ids.values()],
            "_per_record": [i.per_record for i in ids.values()],
        },
        schema={"source": pl.String, "stream": pl.String, "_cluster": pl.String,
                "_broker": pl.Int32, "_per_record": pl.Boolean},
    )


def fill(batch: pa.RecordBatch | pa.Table | pl.DataFrame, mapping: pl.DataFrame,
         schema: pa.Schema) -> pa.Table:
    """Staged rows -> event rows: cluster and broker from the identity of their
    (source, stream); a log of several brokers keeps each record's own prefix node."""
    # Arrow's oldest layout (large strings and lists, as the contract schema has them):
    # the cast is then a relabelling, where Polars' string views would be copied.
    return fill_frame(batch, mapping).to_arrow(compat_level=pl.CompatLevel.oldest()).cast(schema)


def fill_frame(batch: pa.RecordBatch | pa.Table | pl.DataFrame, mapping: pl.DataFrame) -> pl.DataFrame:
    """``fill`` kept in Polars: the event columns in order, typed as ``pl.from_arrow`` reads
    the contract schema (``POLARS_TYPES``)."""
    df = batch if isinstance(batch, pl.DataFrame) else pl.from_arrow(batch)
    assert isinstance(df, pl.DataFrame)
    if mapping.height == 1:  # one (source, stream): the common case needs no join
        m = mapping.row(0, named=True)
        broker = pl.col("node") if m["_per_record"] else pl.lit(m["_broker"])
        df = df.with_columns(pl.lit(m["_cluster"], pl.String).alias("cluster"),
                             broker.cast(pl.Int32).alias("broker"))
    else:
        df = df.join(mapping, on=["source", "stream"], how="left", nulls_equal=True,
                     maintain_order="left")
        df = df.with_columns(
            pl.col("_cluster").alias("cluster"),
            pl.when(pl.col("_per_record")).then(pl.col("node"))
            .otherwise(pl.col("_broker")).cast(pl.Int32).alias("broker"),
        )
    return df.select([pl.col(c).cast(_POLARS_TYPES[c]) for c in COLUMN_NAMES])


class PartWriter:
    """One Parquet file of filled event rows, written under a hidden name and moved into
    place when closed: a reader never sees half a file, and a retried Spark task just
    writes the same file again."""

    def __init__(self, out: Path, mapping: pl.DataFrame, report: dict[str, object]) -> None:
        out.parent.mkdir(parents=True, exist_ok=True)
        self.out = out
        self._tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
        self._mapping = mapping
        self._report = report
        self._w: pq.ParquetWriter | None = pq.ParquetWriter(str(self._tmp), EVENT_SCHEMA, **WRITER_OPTIONS)
        self.rows = 0

    def write(self, batch: pa.RecordBatch) -> None:
        assert self._w is not None
        table = fill(batch, self._mapping, EVENT_SCHEMA)
        self.rows += table.num_rows
        self._w.write_table(table)

    def close(self) -> None:
        if self._w is not None:
            self._w.add_key_value_metadata(report_metadata(self._report))
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
          report: dict[str, object]) -> int:
    """Staged batches -> one Parquet file; returns its row count."""
    w = PartWriter(out, mapping, report)
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


class EventFile:
    """The local path's event table, written as rows come (no staging pass).

    Each batch gets the identity its (source, stream) has *so far* — nearly always
    the final one, since a broker names itself in its first lines.  ``close`` checks
    every identity used against the final one and, only if one changed (a ``[KafkaServer
    id=N]`` far down a log, a data directory's ``meta.properties`` read after its
    segments), rewrites the file once with the final identities.
    """

    def __init__(self, out: Path, *, cluster: str | None, broker: int | None) -> None:
        out.parent.mkdir(parents=True, exist_ok=True)
        self.out = out
        self._tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
        self._flags = {"cluster": cluster, "broker": broker}
        self._w: pq.ParquetWriter | None = pq.ParquetWriter(str(self._tmp), EVENT_SCHEMA, **WRITER_OPTIONS)
        self._used: dict[tuple[str, str | None], set[identity.Identity]] = {}
        self.evidence: dict[tuple[str, str | None], identity.Evidence] = {}
        self.rows = 0

    def add(self, source: str, events: pl.DataFrame) -> None:
        if events.height == 0:
            return
        assert self._w is not None
        keys = gather_evidence(self.evidence, source, events)
        ids = {k: identity.resolve(identity.from_path(k[0]), self.evidence[k], **self._flags) for k in keys}
        for k, i in ids.items():
            self._used.setdefault(k, set()).add(i)
        self._w.write_table(fill(events, identity_frame(ids), EVENT_SCHEMA))
        self.rows += events.height

    def close(self, ids: IdentityMap, report: dict[str, object]) -> None:
        """Finish the file under its final identities and with the ingest report."""
        assert self._w is not None
        meta = report_metadata(report)
        stale = any(used != {ids[k]} for k, used in self._used.items())
        if not stale:
            self._w.add_key_value_metadata(meta)
            self._w.close()
            self._w = None
            os.replace(self._tmp, self.out)
            return
        self._w.close()
        self._w = None
        rewrite = self._tmp.with_name(self._tmp.name + ".final")
        src = pq.ParquetFile(str(self._tmp))
        mapping = identity_frame(ids)
        with pq.ParquetWriter(str(rewrite), EVENT_SCHEMA, **WRITER_OPTIONS) as w:
            for batch in src.iter_batches():
                w.write_table(fill(batch, mapping, EVENT_SCHEMA))
            w.add_key_value_metadata(meta)
        self._tmp.unlink()
        os.replace(rewrite, self.out)

    def abort(self) -> None:
        if self._w is not None:
            self._w.close()
            self._w = None
        self._tmp.unlink(missing_ok=True)


class EventFrames:
    """The event table kept in memory: the rows ``EventFile`` would write and a reader read
    back, for a ``check`` of raw logs with no cache to keep the table in (writing and reading
    the Parquet file was a tenth of such a check).  As in ``EventFile``, each batch is filled
    as it comes with the identity its (source, stream) has so far, and filled again at the end
    only if that identity changed."""

    def __init__(self, *, cluster: str | None, broker: int | None) -> None:
        self._flags = {"cluster": cluster, "broker": broker}
        self._parts: list[tuple[IdentityMap, pl.DataFrame]] = []
        self.evidence: dict[tuple[str, str | None], identity.Evidence] = {}
        self.rows = 0

    def add(self, source: str, events: pl.DataFrame) -> None:
        if events.height == 0:
            return
        keys = gather_evidence(self.evidence, source, events)
        ids = {k: identity.resolve(identity.from_path(k[0]), self.evidence[k], **self._flags) for k in keys}
        self._parts.append((ids, fill_frame(events, identity_frame(ids))))
        self.rows += events.height

    def table(self, ids: IdentityMap) -> pl.DataFrame:
        """The event rows under their final identities."""
        filled = [frame if all(ids[k] == i for k, i in used.items())
                  else fill_frame(frame, identity_frame({k: ids[k] for k in used}))
                  for used, frame in self._parts]
        self._parts = []
        if not filled:
            empty = pl.from_arrow(EVENT_SCHEMA.empty_table())
            assert isinstance(empty, pl.DataFrame)
            return empty
        # Kept in Polars (no trip through Arrow) and not rechunked: a frame read back
        # from Parquet comes in several chunks too.
        return pl.concat(filled, rechunk=False)


class EvidenceOnly:
    """A sink that keeps no events, only who wrote them (``ingest`` without ``-o``)."""

    def __init__(self) -> None:
        self.evidence: dict[tuple[str, str | None], identity.Evidence] = {}
        self.rows = 0

    def add(self, source: str, events: pl.DataFrame) -> None:
        if events.height:
            gather_evidence(self.evidence, source, events)
            self.rows += events.height


def gather_evidence(
    into: dict[tuple[str, str | None], identity.Evidence], source: str, events: pl.DataFrame
) -> list[tuple[str, str | None]]:
    """Add what ``events`` say about who wrote them; return their (source, stream) keys."""
    keys = [(source, s) for s in events["stream"].unique(maintain_order=True).to_list()]
    for k in keys:
        into.setdefault(k, identity.Evidence())
    for stream, ev in identity.gather(events).items():
        into[(source, stream)].add(ev)
    return keys
