"""Reading an event table back and taking a slice of it (the ``events`` command)."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from . import cache
from .ingest import IngestOptions, ingest, ingest_in_memory
from .parquet import is_dataset


def load(sources: list[str], *, tz: str = "UTC", layout: str | None = None) -> pl.DataFrame:
    """Event tables (a ``.parquet`` file, or the directory ``ingest --spark`` writes) as
    they are; anything else is ingested on the fly, or read from the cache when the same
    bytes were ingested with the same options before (``parsers/cache.py``)."""
    tables = [s for s in sources
              if (s.endswith(".parquet") and Path(s).is_file()) or is_dataset(Path(s))]
    raw = [s for s in sources if s not in tables]
    frames = [pl.read_parquet(p) for p in tables]
    if raw:
        frames += _ingested(raw, tz, layout)
    if not frames:
        raise ValueError("no events: the inputs hold no recognised record")
    return pl.concat(frames, how="vertical_relaxed")


def _ingested(raw: list[str], tz: str, layout: str | None) -> list[pl.DataFrame]:
    """The event table of raw inputs: from the cache when these very bytes were read with
    these options before (``parsers/cache.py``), else ingested (and cached)."""
    folder = cache.directory()
    name = cache.key(raw, tz=tz, layout=layout) if folder is not None else None
    if folder is not None and name is not None and (folder / f"{name}.parquet").is_file():
        return [pl.read_parquet(folder / f"{name}.parquet")]
    if folder is None or name is None:  # nothing to keep the table in: no need to write it
        report, frame = ingest_in_memory(raw, IngestOptions(tz=tz, layout=layout))
        if report.errors and not report.events:
            raise ValueError("; ".join(report.errors))
        return [frame]
    with tempfile.TemporaryDirectory(prefix="kafka-forensics-") as tmp:
        out = Path(tmp) / "events.parquet"
        report = ingest(raw, out, IngestOptions(tz=tz, layout=layout))
        if report.errors and not report.events:
            raise ValueError("; ".join(report.errors))
        if not out.exists():
            return []
        table = pl.read_parquet(out)
        if folder is not None and name is not None and not report.errors:
            _keep(out, folder / f"{name}.parquet")
        return [table]


def _keep(table: Path, target: Path) -> None:
    """Move a table into the cache (atomically: a reader never sees half a file); a cache
    that cannot be written is no error, just no cache."""
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(table, partial)
        os.replace(partial, target)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)


def parse_time(text: str) -> datetime:
    try:
        t = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(
            f"cannot read the time {text!r}: use ISO 8601, e.g. 2024-03-01T10:15:00 or "
            "2024-03-01 10:15:00+02:00"
        ) from None
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def select(
    df: pl.DataFrame,
    *,
    group: str | None = None,
    partition: str | None = None,
    kinds: list[str] | None = None,
    since: str | None = None,
    until: str | None = None,
    limit: int | None = None,
) -> pl.DataFrame:
    cond = pl.lit(True)
    if group is not None:
        cond &= pl.col("group") == group
    if partition is not None:
        topic, sep, num = partition.rpartition("-")
        if not sep or not num.isdigit():
            raise ValueError(f"--partition wants topic-partition such as orders-7, not {partition!r}")
        cond &= (pl.col("topic") == topic) & (pl.col("partition") == int(num))
    if kinds:
        from .kinds import Kind

        unknown = [k for k in kinds if k not in Kind._value2member_map_]
        if unknown:
            raise ValueError(f"unknown kind(s) {', '.join(unknown)}: see docs/kinds.md")
        cond &= pl.col("kind").is_in(kinds)
    if since is not None:
        cond &= pl.col("ts") >= parse_time(since)
    if until is not None:
        cond &= pl.col("ts") <= parse_time(until)
    out = df.filter(cond).sort(["ts", "source", "line"], maintain_order=True)
    return out.head(limit) if limit is not None else out
