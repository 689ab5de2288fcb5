"""``timeline``: each entity's history as a terminal table, or as JSON Lines."""

from __future__ import annotations

import json
from itertools import groupby
from typing import IO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kafka_forensics.replay.findings import iso
from kafka_forensics.replay.timeline import Entry


def render(entries: list[Entry], console: Console, *, entities: int | None = None, rows: int | None = None,
           base: str | None = None) -> None:
    """Each entity's history; ``entities`` / ``rows`` cap how many entities and how many lines of
    each are shown (the rest is counted); ``base``: a folder the files are shown relative to."""
    if not entries:
        console.print("No group or partition history in these events (see `kafka-forensics events` for all).")
        return
    grouped = [(key, list(items)) for key, items in groupby(entries, key=lambda e: (e.scope, e.entity))]
    shown = grouped if entities is None else grouped[:entities]
    for (scope, entity), items in shown:
        console.print(f"\n[bold]{escape(entity)}[/] ({escape(scope)}): {len(items)} events")
        more = 0 if rows is None else max(0, len(items) - rows)
        items = items if rows is None else items[:rows]
        t = Table(show_header=True, show_lines=False, box=None, pad_edge=False)
        for c in ("time (UTC)", "broker", "what", "where"):
            t.add_column(c, overflow="fold")
        for e in items:
            who = "" if e.broker is None else str(e.broker)
            where = str(e.where).removeprefix(base) if base else str(e.where)
            t.add_row(iso(e.at)[:23].replace("T", " "), who, escape(e.text), escape(where))
        console.print(t)
        if more:
            console.print(f"… and {more} more (kafka-forensics timeline shows them all)")
    if len(shown) < len(grouped):
        console.print(f"\n… and {len(grouped) - len(shown)} more groups and partitions.")


def write_jsonl(entries: list[Entry], out: IO[str]) -> None:
    for e in entries:
        out.write(json.dumps(e.to_dict(), sort_keys=True, ensure_ascii=False) + "\n")
