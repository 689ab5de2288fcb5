"""How a simulation is shown: a timeline of the engine's effects, and the check report of
a trace's ``expect`` records.  Every string that came from a trace is escaped."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import IO, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kafka_forensics.engine.effects import Effect
from kafka_forensics.replay.runner import Check, RunResult

_STYLE = {"state": "bold cyan", "response": "", "member_added": "green", "member_removed": "yellow",
          "finding": "bold red", "client": "magenta", "coordinator": "blue"}


def _clock(ms: int) -> str:
    return f"{ms / 1000:,.3f}s"


def _summary(d: dict[str, Any]) -> tuple[str, str]:
    """(entity, what happened) of one effect, in words."""
    event = d["event"]
    if event == "state":
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return d["group"], f"{d['from']} -> {d['to']} generation {d['generation']}{reason}"
    if event == "response":
        extras = [f"{k}={_compact(d[k])}" for k in ("generation", "member_id", "leader", "members",
                                                  "protocol_name", "assignment", "state", "results")
                  if k in d]
        return d["client"], f"{d['request']} -> {d['error']}" + (" " + " ".join(extras) if extras else "")
    if event == "member_added":
        return d["group"], f"+ {d['member_id']}" + (f" ({d['client']})" if d.get("client") else "")
    if event == "member_removed":
        return d["group"], f"- {d['member_id']} ({d['reason']})"
    if event == "client":
        rest = {k: v for k, v in d.items() if k not in ("at", "event", "client", "what")}
        return d["client"], d["what"] + (" " + " ".join(f"{k}={_compact(v)}" for k, v in rest.items())
                                         if rest else "")
    if event == "finding":
        return d.get("entity", ""), f"{d['name']}: {d.get('message', '')}"
    rest = {k: v for k, v in d.items() if k not in ("at", "event")}
    return "", " ".join(f"{k}={_compact(v)}" for k, v in rest.items())


def _compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"))


def render_timeline(result: RunResult, console: Console) -> None:
    table = Table(title=f"{escape(result.trace.path)} — profile {result.profile.name}", show_lines=False)
    table.add_column("time", justify="right", no_wrap=True)
    table.add_column("event", no_wrap=True)
    table.add_column("who")
    table.add_column("what")
    # member ids are long (client id + UUID): show the client alias that owns each one
    alias: dict[str, str] = {}
    for effect in result.effects:
        d = effect.to_dict()
        if d["event"] == "member_added" and d.get("client"):
            alias[d["member_id"]] = f"<{d['client']}>"
        who, what = _summary(d)
        for member_id, name in alias.items():
            what = what.replace(member_id, name)
        style = _STYLE.get(d["event"], "")
        table.add_row(_clock(d["at"]), f"[{style}]{d['event']}[/]" if style else d["event"],
                      escape(who), escape(what))
    console.print(table)
    if result.checks:
        render_checks(result, console)


def render_checks(result: RunResult, console: Console) -> None:
    failed = result.failed
    if not failed:
        console.print(f"[green]all {len(result.checks)} expectations hold[/]")
        return
    console.print(f"[red]{len(failed)} of {len(result.checks)} expectations failed:[/]")
    for check in failed:
        console.print(f"  {escape(result.trace.path)}:{check.line} (at {check.at} ms) expect "
                      f"{escape(check.expect)}: {escape(check.message)}")


def check_lines(result: RunResult) -> list[str]:
    """The failed expectations as plain lines (for stderr under --json)."""
    return [f"{result.trace.path}:{c.line} (at {c.at} ms) expect {c.expect}: {c.message}"
            for c in result.failed]


def write_jsonl(effects: Iterable[Effect], out: IO[str]) -> None:
    for effect in effects:
        out.write(effect.to_json())
        out.write("\n")


__all__ = ["Check", "check_lines", "render_checks", "render_timeline", "write_jsonl"]
