"""``check``'s findings for a terminal (rich), as JSON (versioned, sorted keys) and as
Markdown for a ticket.  Every string that came from a log is escaped: group ids, topic
names and client ids are chosen by whoever runs the clients."""

from __future__ import annotations

import json
from typing import IO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kafka_forensics.replay.check import CheckReport
from kafka_forensics.replay.findings import DETECTED, iso

_STYLE = {"info": "dim", "warning": "yellow", "error": "red", "critical": "bold red"}


def render(report: CheckReport, console: Console, *, evidence: int = 3, base: str | None = None) -> None:
    """A table of findings, then each one's sentence and first evidence lines (``base``: a folder
    the files are shown relative to)."""
    for scope, c in sorted(report.clusters.items()):  # what could not be checked, first
        if c.get("engine_note"):
            console.print(f"[yellow]{escape(scope)}:[/] {escape(c['engine_note'])}.")
        if c.get("engine_runs"):
            said = reran(c["engine_runs"], c.get("engine_profile"))
            console.print(f"[dim]{escape(scope)}: {escape(said)}.[/]")
    if not report.findings:
        console.print(
            f"No findings in {report.events:,} events from {report.sources} files "
            f"(checked: {', '.join(sorted(k.value for k in DETECTED))})."
        )
        return
    scopes = sorted({f.scope for f in report.findings})
    if len(scopes) == 1:
        console.print(f"Findings for {escape(scopes[0])}{escape(context(report, scopes[0], configs=False))}:")
    else:
        for scope in scopes:
            console.print(f"{escape(scope)}{escape(context(report, scope, configs=False))}")
    t = Table(show_lines=False)
    columns = [
        "#",
        "severity",
        "kind",
        *(["where"] if len(scopes) > 1 else []),
        "entity",
        "when (UTC)",
        "observed",
    ]
    for c in columns:
        t.add_column(c, overflow="fold")
    for i, f in enumerate(report.findings, 1):
        label = f.severity.label
        where = [escape(f.scope)] if len(scopes) > 1 else []
        t.add_row(
            str(i),
            f"[{_STYLE[label]}]{label}[/]",
            f.kind.value,
            *where,
            escape(f.entity),
            _when(f.start, f.end),
            escape(f.observed),
        )
    console.print(t)
    for i, f in enumerate(report.findings, 1):
        console.print(f"\n[bold]{i}. {f.kind.value}[/] {escape(f.entity)}: {escape(f.message)}")
        console.print(f"   expected: {escape(f.expected)}")
        for e in f.evidence[:evidence]:
            console.print(f"   {escape(str(e).removeprefix(base) if base else str(e))}")
        if len(f.evidence) > evidence:
            console.print(f"   … and {len(f.evidence) - evidence} more lines (--format json lists them all)")
    counts = ", ".join(f"{n} {k}" for k, n in report.counts().items())
    noun = "finding" if len(report.findings) == 1 else "findings"
    console.print(
        f"\n{len(report.findings)} {noun} ({counts}) in {report.events:,} events from {report.sources} files."
    )


def reran(runs: dict[str, int], profile: str | None) -> str:
    """"re-ran 3 consumer groups (4 runs) and 12 partitions (12 runs) under Kafka 2.4's rules"."""
    said = []
    for what, n, runs_of in (("consumer group", runs.get("groups", 0), runs.get("group_runs", 0)),
                             ("partition", runs.get("partitions", 0), runs.get("partition_runs", 0))):
        if n:
            said.append(f"{n} {what}{'s' if n != 1 else ''}" + (f" ({runs_of} runs)" if runs_of != n else ""))
        if n and what == "consumer group" and runs.get("group_request_runs"):
            k = runs["group_request_runs"]
            said[-1] += f" ({k} {'run' if k == 1 else 'runs'} from the coordinator's request log)"
    rules = f" under Kafka {profile}'s rules" if profile else ""
    return "re-ran " + " and ".join(said) + rules + " through the engine"


def context(report: CheckReport, scope: str, *, configs: bool = True) -> str:
    """`` (Kafka 2.3; replica.lag.time.max.ms 10000, …)``: what the scope's findings were judged
    against, as far as its logs say (``configs``: with the broker settings, not only the release)."""
    c = report.clusters.get(scope, {})
    parts = []
    if c.get("kafka_version"):
        parts.append(f"Kafka {c['kafka_version']}")
    settings = c.get("configs", {}) if configs else {}
    shown = [f"{k} {'/'.join(v)}" for k, v in settings.items() if k != "inter.broker.protocol.version"]
    if shown:
        parts.append(", ".join(shown))
    return f" ({'; '.join(parts)})" if parts else ""


def _when(start: int, end: int) -> str:
    """``2020-05-28 03:02:03 - 04:55:18`` (the end's date only when it differs)."""
    a, b = iso(start)[:19].replace("T", " "), iso(end)[:19].replace("T", " ")
    if a == b:
        return a
    return f"{a} - {b[11:] if a[:10] == b[:10] else b}"


def write_json(report: CheckReport, out: IO[str]) -> None:
    json.dump(report.to_dict(), out, sort_keys=True, indent=2, ensure_ascii=False)
    out.write("\n")


def markdown(report: CheckReport) -> str:
    """A ticket-ready summary: a table, then each finding with all its evidence lines."""
    d = report.to_dict()
    lines = [
        f"# kafka-forensics check: {len(report.findings)} findings",
        "",
        f"{report.events:,} events from {report.sources} files, input `{report.digest}`, "
        f"kafka-forensics {d['tool']['version']}.",
        "",
    ]
    notes = [f"- {_md(scope)}: {_md(c['engine_note'])}." for scope, c in sorted(report.clusters.items())
             if c.get("engine_note")]
    if notes:
        lines += ["Not checked:", "", *notes, ""]
    if not report.findings:
        return "\n".join([*lines, "No findings.", ""])
    scopes = sorted({f.scope for f in report.findings})
    lines += [f"- {_md(scope)}{_md(context(report, scope))}" for scope in scopes] + [""]
    lines += ["| # | severity | kind | entity | from | to | observed |", "|---|---|---|---|---|---|---|"]
    for i, f in enumerate(report.findings, 1):
        lines.append(
            f"| {i} | {f.severity.label} | `{f.kind.value}` | {_md(f.entity)} | {iso(f.start)} | "
            f"{iso(f.end)} | {_md(f.observed)} |"
        )
    for i, f in enumerate(report.findings, 1):
        lines += [
            "",
            f"## {i}. `{f.kind.value}`: {_md(f.entity)} ({_md(f.scope)})",
            "",
            _md(f.message),
            "",
            f"- expected: {_md(f.expected)}",
            f"- observed: {_md(f.observed)}",
            "",
            "Evidence:",
            "",
        ]
        lines += [f"- `{_code(str(e))}`" for e in f.evidence]
    return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    """Text from logs inside Markdown: no table breaks, no markup, no HTML."""
    out = text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")
    for ch in "*_`[]<>#":
        out = out.replace(ch, "\\" + ch)
    return out


def _code(text: str) -> str:
    return text.replace("`", "'")
