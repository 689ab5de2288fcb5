"""``check --format html``: one self-contained page (no scripts, no fonts, no links out) with
the findings, each linked to its evidence lines, and the history of every group and
partition a finding names, with its ISR size drawn over time where the logs give it.

Every string that came from a log is escaped (``html.escape``): group ids, topic names and
client ids are chosen by whoever runs the clients.
"""

from __future__ import annotations

from html import escape
from itertools import groupby, pairwise

from kafka_forensics.replay.check import CheckReport
from kafka_forensics.replay.findings import Finding, iso
from kafka_forensics.replay.timeline import Entry

from .findings import context

_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.3em .5em;text-align:left;vertical-align:top}
.info{color:#666}.warning{color:#a60}.error{color:#c00}.critical{color:#fff;background:#c00;padding:0 .3em}
code{font-size:.9em}.finding{border-left:4px solid #ddd;padding:.2em 1em;margin:1em 0}
.finding.warning{border-color:#e90}.finding.error,.finding.critical{border-color:#c00}
svg{background:#fafafa;border:1px solid #eee}
"""


def page(report: CheckReport, entries: list[Entry]) -> str:
    """The report as HTML; ``entries``: the timeline of the entities the findings name."""
    d = report.to_dict()
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>kafka-forensics check: {len(report.findings)} findings</title>",
        f"<style>{_CSS}</style></head><body>",
        f"<h1>kafka-forensics check: {len(report.findings)} findings</h1>",
        f"<p>{report.events:,} events from {report.sources} files; "
        f"input <code>{escape(report.digest)}</code>; "
        f"kafka-forensics {escape(str(d['tool']['version']))}; report schema {d['schema_version']}.</p>",
    ]
    for scope in sorted({f.scope for f in report.findings}):
        out.append(f"<p><b>{escape(scope)}</b>{escape(context(report, scope))}</p>")
    if not report.findings:
        out.append("<p>No findings.</p>")
    else:
        out.append(
            "<table><tr><th>#</th><th>severity</th><th>kind</th><th>where</th><th>entity</th>"
            "<th>from</th><th>to</th><th>observed</th></tr>"
        )
        for i, f in enumerate(report.findings, 1):
            out.append(
                f'<tr><td><a href="#f{i}">{i}</a></td><td class="{f.severity.label}">{f.severity.label}</td>'
                f"<td><code>{f.kind.value}</code></td><td>{escape(f.scope)}</td><td>{escape(f.entity)}</td>"
                f"<td>{iso(f.start)}</td><td>{iso(f.end)}</td><td>{escape(f.observed)}</td></tr>"
            )
        out.append("</table>")
        for i, f in enumerate(report.findings, 1):
            out.append(_finding(i, f))
    named = {f.entity for f in report.findings}
    shown = [e for e in entries if e.entity in named]
    if shown:
        out.append("<h2>History of what the findings name</h2>")
        for (scope, entity), rows in groupby(shown, key=lambda e: (e.scope, e.entity)):
            out.append(_history(scope, entity, list(rows)))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _finding(i: int, f: Finding) -> str:
    lines = "".join(f"<li><code>{escape(str(e))}</code></li>" for e in f.evidence)
    return (
        f'<div class="finding {f.severity.label}" id="f{i}"><h2>{i}. <code>{f.kind.value}</code>: '
        f"{escape(f.entity)}</h2><p>{escape(f.message)}</p><p><b>Expected:</b> {escape(f.expected)}<br>"
        f"<b>Observed:</b> {escape(f.observed)}</p><details><summary>{len(f.evidence)} evidence lines"
        f"</summary><ul>{lines}</ul></details></div>"
    )


def _history(scope: str, entity: str, rows: list[Entry]) -> str:
    body = "".join(
        f"<tr><td>{iso(e.at)}</td><td>{'' if e.broker is None else e.broker}</td>"
        f"<td>{escape(e.text)}</td><td><code>{escape(str(e.where))}</code></td></tr>"
        for e in rows
    )
    return (
        f"<h3>{escape(entity)} <small>({escape(scope)})</small></h3>{_isr_chart(rows)}"
        f"<table><tr><th>time (UTC)</th><th>broker</th><th>what</th><th>where</th></tr>{body}</table>"
    )


def _isr_chart(rows: list[Entry]) -> str:
    """The ISR's size over time as a step line (inline SVG), from the entries that state it."""
    points = [(e.at, e.isr_size) for e in rows if e.isr_size is not None]
    if len(points) < 2:
        return ""
    w, h, pad = 640, 120, 20
    t0, t1 = points[0][0], points[-1][0]
    top = max(n for _, n in points)
    span = max(t1 - t0, 1)

    def x(t: int) -> float:
        return pad + (w - 2 * pad) * (t - t0) / span

    def y(n: int) -> float:
        return h - pad - (h - 2 * pad) * n / max(top, 1)

    path = [f"M{x(points[0][0]):.1f},{y(points[0][1]):.1f}"]
    for (_, prev), (t, n) in pairwise(points):
        path.append(f"L{x(t):.1f},{y(prev):.1f}L{x(t):.1f},{y(n):.1f}")
    return (
        f'<svg width="{w}" height="{h}" role="img" aria-label="ISR size over time">'
        f'<path d="{"".join(path)}" fill="none" stroke="#36c" stroke-width="2"/>'
        f'<text x="4" y="14" font-size="11">ISR size (max {top})</text></svg>'
    )
