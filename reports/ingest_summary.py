"""The accounting of an ingest, for a terminal (rich) or as JSON."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from kafka_forensics.parsers.accounting import Accounting
    from kafka_forensics.parsers.ingest import IngestReport

TOP_LOGGERS = 3


def render(report: IngestReport, console: Console, *, verbose: bool = False) -> None:
    base = _common_dir([a.source for a in report.files])
    t = Table(title=f"ingest of {escape(base)}" if base else "ingest", title_justify="left")
    for col, just in (("file", "left"), ("kind", "left"), ("layout", "left"), ("lines", "right"),
                      ("records", "right"), ("recognised", "right"), ("unrecognised", "right"),
                      ("malformed", "right")):
        t.add_column(col, justify=just, overflow="fold")  # type: ignore[arg-type]
    tot = [0, 0, 0, 0, 0]
    for a in report.files:
        counts = (a.physical_lines, a.records, a.recognised, a.unrecognised_total, a.malformed)
        t.add_row(
            escape(_short(a.source, base)), a.file_kind or "", a.layout or "",
            *(f"{v:,}" for v in counts[:4]),
            f"[yellow]{a.malformed:,}[/]" if a.malformed else "0",
        )
        tot = [x + y for x, y in zip(tot, counts, strict=True)]
    if len(report.files) > 1:
        t.add_row("[b]total[/]", "", "", *(f"[b]{v:,}[/]" for v in tot))
    console.print(t)
    for a in report.files:
        lines = _details(a, verbose)
        if lines:
            console.print(f"[b]{escape(_short(a.source, base))}[/]")
            for line in lines:
                console.print("  " + line)
    for e in report.errors:
        console.print(f"[red]error[/] {escape(e)}")
    where = f" -> {escape(str(report.output))}" if report.output else " (no -o given: nothing written)"
    console.print(f"{report.events:,} events{where}")


def _details(a: Accounting, verbose: bool) -> list[str]:
    lines: list[str] = []
    if a.unrecognised:
        ranked = a.unrecognised.most_common(None if verbose else TOP_LOGGERS)
        more = len(a.unrecognised) - len(ranked)
        text = ", ".join(f"{escape(k)} {v:,}" for k, v in ranked)
        text += f", … {more} more loggers" if more else ""
        lines.append(f"unrecognised by logger: {text}")
    if verbose and a.identity:
        lines.append(f"identity: {escape(a.identity)}")
    if verbose and a.gap_count:
        lines.append(f"records of catalogued loggers no entry matched: {a.gap_count:,}")
        lines += [f"  {g.line}: {escape(g.logger)}: {escape(g.excerpt)}" for g in a.gaps[:5]]
    for s in a.samples:
        where = f"line {s.line}" + (f", byte {s.offset}" if s.offset is not None else "")
        lines.append(f"[yellow]malformed[/] {where}: {escape(s.reason)}: {escape(s.excerpt)}")
    if a.malformed > len(a.samples):
        lines.append(f"… and {a.malformed - len(a.samples):,} more malformed records")
    if a.skipped_lines:
        lines.append(f"{a.skipped_lines:,} lines skipped")
    lines += [f"note: {escape(n)}" for n in a.notes]
    lines += [f"[red]error[/] {escape(e)}" for e in a.errors]
    return lines


def _common_dir(paths: list[str]) -> str:
    files = [p.split("!", 1)[0] for p in paths if p != "<stdin>"]
    if len(files) < 2:
        return ""
    if any(os.path.isabs(f) != os.path.isabs(files[0]) for f in files):
        return ""
    common = os.path.commonpath(files)
    return common if common not in ("", "/", ".") else ""


def _short(source: str, base: str) -> str:
    if base and source.startswith(base.rstrip("/") + "/"):
        return source[len(base.rstrip("/")) + 1 :]
    return source


def to_json(report: IngestReport) -> str:
    return json.dumps(report.to_json(), sort_keys=True, indent=2)
