"""Read a state dump the way ``ingest`` does, in memory: its rows and its accounting."""

from __future__ import annotations

import json
from typing import Any

import polars as pl

from kafka_forensics.parsers import statedump
from kafka_forensics.parsers.accounting import Accounting
from kafka_forensics.parsers.kinds import Kind

KINDS = frozenset(k.value for k in Kind)


def read(name: str, data: bytes, block: int = 1 << 16, options: statedump.TextOptions | None = None
         ) -> tuple[list[dict[str, Any]], Accounting]:
    frames: list[pl.DataFrame] = []
    acc = Accounting(source=name)
    blocks = [data[i:i + block] for i in range(0, len(data), block)] or [b""]
    statedump.ingest(name, blocks, lambda _s, df: frames.append(df), acc, options)
    rows = pl.concat(frames).to_dicts() if frames else []
    for r in rows:
        r["details"] = json.loads(r["details"]) if r["details"] else {}
    assert acc.balanced(), acc.to_json()
    assert {r["kind"] for r in rows} <= KINDS, {r["kind"] for r in rows} - KINDS
    return rows, acc
