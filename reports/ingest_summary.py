"""The accounting of an ingest, for a terminal (rich) or as JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from kafka_forensics.parsers.ingest import IngestReport

TOP_LOGGERS = 3


def render(report: IngestReport, console: Console, *, verbose: bool = False) -> None:
    t = Table(title="ingest", title_justify="left", show_lines=False)
    for col, just in (("file", "left"), ("kind", "left"), ("layout", "left"), ("lines", "right"),
                      ("records", "right"), ("recognised", "right"), ("unrecognised", "right"),
                      ("malformed", "right")):
        t.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
    tot = [0, 0, 0, 0, 0]
    for a in report.files:
        t.add_row(
            escape(a.source), a.file_kind or "", a.layout or "", f"{a.physical_lines:,}",
            f"{a.records:,}", f"{a.recognised:,}", f"{a.unrecognised_total:,}",
            f"{a.malformed:,}" if not a.malformed else f"[yellow]{a.malformed:,}[/]",
        )
        for i, v in enumerate((a.physical_lines, a.records, a.recognised, a.unrecognised_total,
                               a.malformed)):
            tot[i] += v
    if len(report.files) > 1:
        t.add_row("[b]total[/]", "", "", *(f"[b]{v:,}[/]" for v in tot))
    console.print(t)

    for a in report.files:
        lines: list[str] = []
        if a.identity and verbose:
            lines.append(f"identity: {escape(a.identity)}")
        for s in a.samples:
            where = f"{escape(a.source)}:{s.line}" + (f" (byte {s.offset})" if s.offset is not None else "")
            lines.append(f"[yellow]malformed[/] {where}: {escape(s.reason)}: {escape(s.excerpt)}")
        if a.malformed > len(a.samples):
            lines.append(f"… and {a.malformed - len(a.samples)} more malformed records")
        if verbose and a.unrecognised:
            top = ", ".join(f"{escape(k)} {v:,}" for k, v in a.unrecognised.most_common(TOP_LOGGERS))
            lines.append(f"unrecognised by logger: {top}")
        for n in a.notes:
            lines.append(f"note: {escape(n)}")
        for e in a.errors:
            lines.append(f"[red]error[/] {escape(e)}")
        if lines:
            console.print(f"[b]{escape(a.source)}[/]")
            for line in lines:
                console.print("  " + line)
    for e in report.errors:
        console.print(f"[red]error[/] {escape(e)}")
    where = f" -> {escape(str(report.output))}" if report.output else " (no -o given: nothing written)"
    console.print(f"{report.events:,} events{where}")


def to_json(report: IngestReport) -> str:
    return json.dumps(report.to_json(), sort_keys=True, indent=2)
