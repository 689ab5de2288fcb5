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
          "finding": "bold red", "client": "magenta", "coordinator": "blue", "isr_change": "bold cyan",
          "leader": "cyan", "hw": "green", "truncate": "yellow", "data_loss": "bold red"}


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
    if event in _REPLICATION:
        return _REPLICATION[event](d)
    rest = {k: v for k, v in d.items() if k not in ("at", "event")}
    return "", " ".join(f"{k}={_compact(v)}" for k, v in rest.items())


def _tp(d: dict[str, Any]) -> str:
    return f"{d['topic']}-{d['partition']}"


def _on(d: dict[str, Any]) -> str:
    """Whose view an effect is: a broker's, or (broker -1) the controller's / ZooKeeper's."""
    return "controller" if d.get("broker", -1) < 0 else f"broker {d['broker']}"


def _opt(d: dict[str, Any], key: str, label: str) -> str:
    return f" {label} {_compact(d[key])}" if d.get(key) is not None else ""


def _isr_change(d: dict[str, Any]) -> tuple[str, str]:
    cause = f" ({d['cause']})" if d.get("cause") else ""
    return _tp(d), (f"{_on(d)}: ISR {_compact(d['from'])} -> {_compact(d['to'])}{cause}, "
                    f"leader epoch {d['leader_epoch']}" + _opt(d, "zk_version", "zkVersion"))


def _leader(d: dict[str, Any]) -> str:
    how = f" ({d['election']})" if d.get("election") else ""
    return (f"{_on(d)}: leader {d['from']} -> {d['to']}{how}, leader epoch {d['leader_epoch']}, "
            f"ISR {_compact(d['isr'])}")


def _zk_write(d: dict[str, Any]) -> tuple[str, str]:
    writer = f" by broker {d['writer']}" if d.get("writer") is not None else ""
    if not d["ok"]:
        return d["path"], f"{d['op']}{writer} refused" + _opt(d, "expected_version", ": expected version")
    data = d.get("data")
    shown = f" {data[:80]}{'…' if len(data) > 80 else ''}" if data else ""
    return d["path"], f"{d['op']}{writer} -> version {d.get('version')}{shown}"


def _alter(d: dict[str, Any]) -> tuple[str, str]:
    error = f" {d['error']}" if d.get("error") else ""
    return _tp(d), (f"broker {d['broker']}: AlterPartition {d['phase']}{error}: ISR {_compact(d['isr'])}, "
                    f"leader epoch {d['leader_epoch']}, zkVersion {d['zk_version']}")


def _produce(d: dict[str, Any]) -> tuple[str, str]:
    where = _opt(d, "base_offset", "at offset") + _opt(d, "records", "records")
    return d["client"], f"produce {_tp(d)} acks={d.get('acks')} -> {d['error']}{where}"


def _truncate(d: dict[str, Any]) -> tuple[str, str]:
    return _tp(d), (f"broker {d['broker']}: truncated {d['from_offset']} -> {d['to_offset']} "
                    f"({d['records']} records, by {d['cause']})")


def _data_loss(d: dict[str, Any]) -> tuple[str, str]:
    by = ", ".join(d.get("acknowledged_by") or ()) or "nobody"
    return _tp(d), (f"{d['records']} acknowledged records lost: offsets "
                    f"{d['first_offset']}-{d['last_offset']} "
                    f"gone from broker {d['broker']}, the last replica that held them (truncated, or kept "
                    f"diverged from its leader's log; acknowledged to {by})")


def _metadata_record(d: dict[str, Any]) -> tuple[str, str]:
    """A KRaft metadata record: the partition's state after it, or the broker's registration."""
    head = f"{d['record']} at offset {d['offset']}"
    if d.get("topic") is not None:
        return _tp(d), (f"{head}: leader {d['leader']}, leader epoch {d['leader_epoch']}, ISR "
                        f"{_compact(d['isr'])}, partition epoch {d['partition_epoch']}"
                        + ("" if d.get("leader_recovery_state") in (None, "RECOVERED")
                           else f", {d['leader_recovery_state']}"))
    flags = (("fenced", "fenced"), ("in_controlled_shutdown", "in controlled shutdown"))
    state = [word for key, word in flags if d.get(key)]
    if d.get("fenced") is False:
        state.append("unfenced")
    return f"broker {d['broker']}", f"{head}: broker epoch {d.get('broker_epoch')}" + \
        (f", {' and '.join(state)}" if state else "")


_REPLICATION = {
    "metadata_record": _metadata_record,
    "isr_change": _isr_change,
    "leader": lambda d: (_tp(d), _leader(d)),
    "hw": lambda d: (_tp(d), f"{_on(d)}: HW {d['from']} -> {d['to']}" + _opt(d, "leader_epoch", "in epoch")),
    "zk_write": _zk_write,
    "isr_change_notification": lambda d: (d["path"], f"broker {d['broker']} notifies ISR changes of "
                                                     f"{', '.join(d['partitions'])}"),
    "alter_partition": _alter,
    "produce_response": _produce,
    "truncate": _truncate,
    "data_loss": _data_loss,
}


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
