"""Reading an event table back and taking a slice of it (the ``events`` command)."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

import polars as pl

from .ingest import IngestOptions, ingest
from .parquet import is_dataset


def load(sources: list[str], *, tz: str = "UTC", layout: str | None = None) -> pl.DataFrame:
    """Event tables (a ``.parquet`` file, or the directory ``ingest --spark`` writes) as
    they are; anything else is ingested on the fly."""
    tables = [s for s in sources
              if (s.endswith(".parquet") and Path(s).is_file()) or is_dataset(Path(s))]
    raw = [s for s in sources if s not in tables]
    frames = [pl.read_parquet(p) for p in tables]
    if raw:
        with tempfile.TemporaryDirectory(prefix="kafka-forensics-") as tmp:
            out = Path(tmp) / "events.parquet"
            report = ingest(raw, out, IngestOptions(tz=tz, layout=layout))
            if report.errors and not report.events:
                raise ValueError("; ".join(report.errors))
            if out.exists():
                frames.append(pl.read_parquet(out))
    if not frames:
        raise ValueError("no events: the inputs hold no recognised record")
    return pl.concat(frames, how="vertical_relaxed")


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
