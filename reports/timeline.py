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


def render(entries: list[Entry], console: Console) -> None:
    if not entries:
        console.print("No group or partition history in these events (see `kafka-forensics events` for all).")
        return
    for (scope, entity), rows in groupby(entries, key=lambda e: (e.scope, e.entity)):
        items = list(rows)
        console.print(f"\n[bold]{escape(entity)}[/] ({escape(scope)}): {len(items)} events")
        t = Table(show_header=True, show_lines=False, box=None, pad_edge=False)
        for c in ("time (UTC)", "broker", "what", "where"):
            t.add_column(c, overflow="fold")
        for e in items:
            who = "" if e.broker is None else str(e.broker)
            t.add_row(iso(e.at)[:23].replace("T", " "), who, escape(e.text), escape(str(e.where)))
        console.print(t)


def write_jsonl(entries: list[Entry], out: IO[str]) -> None:
    for e in entries:
        out.write(json.dumps(e.to_dict(), sort_keys=True, ensure_ascii=False) + "\n")
