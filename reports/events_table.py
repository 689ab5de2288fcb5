"""A slice of the event table for a terminal (rich) or as JSON Lines."""

from __future__ import annotations

import json
from typing import IO

import polars as pl
from rich.console import Console
from rich.markup import escape
from rich.table import Table

# Shown beside the fixed columns when any row has them.
_FIELDS = ("group", "generation", "member", "prev_state", "state", "members", "cause", "topic",
           "partition", "leader", "leader_epoch", "prev_isr", "isr", "hw", "leo", "offset",
           "zk_version", "error")


def render(rows: pl.DataFrame, console: Console) -> None:
    shown = [c for c in _FIELDS if c in rows.columns and rows[c].null_count() < rows.height]
    t = Table(show_lines=False)
    for c in ("ts", "broker", "kind", *shown, "where"):
        t.add_column(c, overflow="fold")
    for r in rows.iter_rows(named=True):
        ts = r["ts"].strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] if r["ts"] else ""
        cells = [ts, "" if r["broker"] is None else str(r["broker"]), r["kind"]]
        for c in shown:
            v = r[c]
            text = ",".join(map(str, v)) if isinstance(v, list) else str(v)
            cells.append("" if v is None else escape(text))
        cells.append(escape(f"{r['source']}:{r['line']}"))
        t.add_row(*cells)
    console.print(t)
    console.print(f"{rows.height:,} events")


def write_jsonl(rows: pl.DataFrame, out: IO[str]) -> None:
    for r in rows.iter_rows(named=True):
        rec = {k: v for k, v in r.items() if v is not None}
        if "ts" in rec:
            rec["ts"] = rec["ts"].isoformat(timespec="milliseconds").replace("+00:00", "Z")
        out.write(json.dumps(rec, sort_keys=True, ensure_ascii=False) + "\n")
