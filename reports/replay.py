"""``replay``: a group or a partition re-run beside its logs, step by step, and counterfactual runs."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kafka_forensics.replay.counterfactual import WhatIf
from kafka_forensics.replay.derive_partitions import show_isr
from kafka_forensics.replay.diff_groups import Expected, GroupReplay, Step
from kafka_forensics.replay.diff_partitions import PartitionExpected, PartitionReplay, PartitionStep
from kafka_forensics.replay.findings import iso

_OK = {"ok": "[green]ok[/]", "stimulus": "[dim]stimulus[/]"}


def _time(ms: int) -> str:
    return iso(ms)[:23].replace("T", " ")


def observed(s: Step) -> str:
    o = s.observed
    if o is None:
        return "—"
    if o.note is not None:  # a logged response (a case derived from the request log)
        return f"{o.member}: {o.note}"
    if o.state is None:
        return f"{o.member} removed ({o.removal.value if o.removal else '?'})"
    text = o.state.value
    if o.generation is not None:
        text += f" gen {o.generation}"
    if o.members is not None:
        text += f", {o.members} members"
    return text


def engine(e: Expected | None) -> str:
    if e is None:
        return "—"
    if e.state is None:
        return f"{e.member} removed ({e.removal.value if e.removal else '?'})"
    text = f"{e.state.value} gen {e.generation}"
    if e.members is not None:
        text += f", {e.members} members"
    return text


def header(r: GroupReplay, console: Console) -> None:
    c = r.case
    console.print(
        f"\n[bold]group {escape(c.group)}[/] ({escape(c.scope)}), Kafka {c.trace.header.profile} rules"
    )
    if c.opaque is not None:
        console.print(f"The engine does not re-run this group: {escape(c.opaque)}.")
    else:
        levels = ", ".join(f"{n} {k}" for k, n in sorted(r.levels.items()))
        console.print(
            f"Derived trace: {r.stimuli} stimuli ({levels}); the engine made {r.rebalances} rebalances."
        )
    own = [k for k in c.assumed if k.startswith("member ")]
    for key, value in sorted(c.assumed.items()):
        if key not in own:
            console.print(f"  [dim]{escape(key)} = {escape(value)}[/]")
    if own:
        console.print(f"  [dim]{len(own)} members' own timeouts from their MemberMetadata lines[/]")
    if r.error:
        console.print(f"[red]The engine refused the derived trace:[/] {escape(r.error)}")


def step_row(r: GroupReplay, s: Step, base: str | None) -> tuple[str, ...]:
    where = ""
    if s.observed is not None:
        src = s.observed.source.removeprefix(base) if base else s.observed.source
        where = f"{src}:{s.observed.line}"
    verdict = _OK.get(s.verdict, f"[yellow]{s.verdict}[/]")
    return (_time(r.case.wall(s.at)), escape(observed(s)), escape(engine(s.expected)), verdict, escape(where))


def steps_table() -> Table:
    t = Table(show_header=True, box=None, pad_edge=False)
    for col in ("time (UTC)", "logged", "engine", "verdict", "line"):
        t.add_column(col, overflow="fold")
    return t


def render(
    replays: Sequence[GroupReplay],
    console: Console,
    *,
    until: int | None = None,
    base: str | None = None,
    wait: Callable[[], bool] | None = None,
) -> None:
    """Each replay's steps (to ``until``, wall ms); ``wait``: called after each step when
    stepping interactively, returns False to stop.  Lines are named below ``base`` (default:
    the folder all their files share)."""
    if base is None:
        base = _shared_folder(s.observed.source for r in replays for s in r.steps if s.observed is not None)
    for r in replays:
        header(r, console)
        steps = [s for s in r.steps if until is None or r.case.wall(s.at) <= until]
        _walk([step_row(r, s, base) for s in steps], console, wait)
        last = next((s.expected for s in reversed(steps) if s.expected is not None), None)
        _close(r, "group", engine(last) if last is not None else None, until,
               r.error is None and r.case.opaque is None, console)


def _shared_folder(sources: Iterable[str]) -> str | None:
    """The folder every source lies under, with its trailing separator (None if they share none):
    the table names each line by the rest of its path."""
    folders = {os.path.dirname(src) for src in sources}
    if not folders:
        return None
    try:
        common = os.path.commonpath(sorted(folders))
    except ValueError:  # relative and absolute paths mixed
        return None
    return common.rstrip(os.sep) + os.sep if common else None


def _close(r: GroupReplay | PartitionReplay, what: str, state: str | None, until: int | None, rerun: bool,
           console: Console) -> None:
    """Where the engine stands at ``until``, then the findings, or that every line was re-made."""
    if until is not None:
        console.print(f"At {_time(until)} the engine's {what} is: {escape(state or 'no change yet')}")
    if r.findings:
        _findings(r.findings, console)
    elif rerun:
        confirmed = sum(1 for s in r.steps if s.verdict == "ok")
        driven = sum(1 for s in r.steps if s.verdict == "stimulus")
        if confirmed + driven == 0:
            console.print("Nothing to compare: the lines give only the state the re-run starts from.")
        else:
            console.print(f"[green]The engine re-made all {confirmed} logged changes it was not given[/] "
                          f"(and the {driven} lines that were its stimuli).")


def _walk(rows: Sequence[tuple[str, ...]], console: Console, wait: Callable[[], bool] | None) -> None:
    """The steps as one table, or one at a time (``wait`` after each; False stops)."""
    if wait is None:
        t = steps_table()
        for row in rows:
            t.add_row(*row)
        console.print(t)
        return
    for i, row in enumerate(rows):
        t = steps_table()
        t.show_header = i == 0
        t.add_row(*row)
        console.print(t)
        if not wait():
            break


def _findings(found: Sequence[Any], console: Console) -> None:
    console.print(f"{len(found)} findings (kafka-forensics check shows them in full):")
    for f in found:
        console.print(f"  [yellow]{f.kind.value}[/] at {_time(f.start)}: expected {escape(f.expected)}; "
                      f"logged {escape(f.observed)}")


# -- partitions ---------------------------------------------------------------------------------

def partition_observed(s: PartitionStep) -> str:
    o = s.observed
    if o is None:
        return "—"
    parts = [o.kind.replace("_", " ")]
    if o.leader is not None:
        parts.append(f"leader {o.leader}")
    if o.leader_epoch is not None:
        parts.append(f"epoch {o.leader_epoch}")
    if o.isr is not None:
        parts.append(f"ISR {show_isr(o.isr)}")
    if o.zk_version is not None:
        parts.append(f"version {o.zk_version}")
    return ", ".join(parts)


def partition_engine(e: PartitionExpected | None) -> str:
    if e is None:
        return "—"
    text = f"leader {e.leader} epoch {e.leader_epoch}, ISR {show_isr(e.isr)}"
    if e.cause in ("shrink", "expand", "proposal"):
        text = f"{e.cause}: ISR {show_isr(e.isr)}"
    if e.zk_version is not None:
        text += f", version {e.zk_version}"
    return text


def render_partitions(replays: Sequence[PartitionReplay], console: Console, *, until: int | None = None,
                      wait: Callable[[], bool] | None = None) -> None:
    """Each partition's re-run beside its lines, as ``render`` does for groups."""
    base = _shared_folder(s.observed.source for r in replays for s in r.steps if s.observed is not None)
    for r in replays:
        c = r.case
        console.print(f"\n[bold]partition {escape(c.name)}[/] ({escape(c.scope)}), Kafka "
                      f"{c.trace.header.profile} rules")
        levels = ", ".join(f"{n} {k}" for k, n in sorted(r.levels.items()))
        console.print(f"Derived trace: {r.stimuli} stimuli ({levels}).")
        for key, value in sorted(c.assumed.items()):
            console.print(f"  [dim]{escape(key)} = {escape(value)}[/]")
        if r.error:
            console.print(f"[red]The engine refused the derived trace:[/] {escape(r.error)}")
        steps = [s for s in r.steps if until is None or c.wall(s.at) <= until]
        rows = []
        for s in steps:
            where = (f"{s.observed.source.removeprefix(base or '')}:{s.observed.line}"
                     if s.observed is not None else "")
            verdict = _OK.get(s.verdict, f"[yellow]{escape(s.verdict)}[/]")
            rows.append((_time(c.wall(s.at)), escape(partition_observed(s)),
                         escape(partition_engine(s.expected)), verdict, escape(where)))
        _walk(rows, console, wait)
        last = next((s.expected for s in reversed(steps) if s.expected is not None), None)
        _close(r, "partition", partition_engine(last) if last is not None else None, until, r.error is None,
               console)


def partition_step_dict(r: PartitionReplay, s: PartitionStep) -> dict[str, Any]:
    c = r.case
    out: dict[str, Any] = {"at": iso(c.wall(s.at)), "partition": c.name, "scope": c.scope,
                           "verdict": s.verdict, "engine": None, "logged": None}
    if (o := s.observed) is not None:
        out["logged"] = {"kind": o.kind, "broker": o.broker, "leader": o.leader,
                         "leader_epoch": o.leader_epoch,
                         "isr": list(o.isr) if o.isr is not None else None, "zk_version": o.zk_version,
                         "source": o.source, "line": o.line}
    if (e := s.expected) is not None:
        out["engine"] = {"change": e.cause, "leader": e.leader, "leader_epoch": e.leader_epoch,
                         "isr": list(e.isr), "zk_version": e.zk_version}
    return out


def write_partitions_jsonl(replays: Sequence[PartitionReplay], out: IO[str], *,
                           until: int | None = None) -> None:
    for r in replays:
        for s in r.steps:
            if until is None or r.case.wall(s.at) <= until:
                out.write(json.dumps(partition_step_dict(r, s), sort_keys=True, ensure_ascii=False) + "\n")


def step_dict(r: GroupReplay, s: Step) -> dict[str, Any]:
    out: dict[str, Any] = {
        "at": iso(r.case.wall(s.at)),
        "group": r.case.group,
        "scope": r.case.scope,
        "verdict": s.verdict,
        "engine": None,
        "logged": None,
    }
    if s.observed is not None:
        o = s.observed
        out["logged"] = {
            "kind": o.kind,
            "state": o.state.value if o.state else None,
            "generation": o.generation,
            "members": o.members,
            "member": o.member,
            "source": o.source,
            "line": o.line,
        }
        if o.note is not None:  # a logged response (a re-run from the request log)
            out["logged"]["response"] = o.note
    if s.expected is not None:
        e = s.expected
        out["engine"] = {
            "state": e.state.value if e.state else None,
            "generation": e.generation,
            "members": e.members,
            "member": e.member,
            "removal": e.removal.value if e.removal else None,
        }
    return out


def write_jsonl(replays: Sequence[GroupReplay], out: IO[str], *, until: int | None = None) -> None:
    for r in replays:
        for s in r.steps:
            if until is None or r.case.wall(s.at) <= until:
                out.write(json.dumps(step_dict(r, s), sort_keys=True, ensure_ascii=False) + "\n")


def render_what_if(results: Sequence[WhatIf], console: Console) -> None:
    for w in results:
        settings = ", ".join(f"{k}={v}" for k, v in sorted(w.settings.items()))
        console.print(f"\n[bold]group {escape(w.group)}[/] ({escape(w.scope)}) with {escape(settings)}")
        for c in w.changes:
            console.print(f"  [green]changes[/] {_time(c.at)} {escape(c.member)}: {escape(c.text)}")
        for c in w.kept:
            console.print(f"  [dim]same[/]    {_time(c.at)} {escape(c.member)}: {escape(c.text)}")
        if not w.changes and not w.kept and w.hypothetical is None:
            console.print("  Nothing in these logs depends on those settings.")
        t = Table(show_header=True, box=None, pad_edge=False)
        for col in ("", "as logged", "with --set"):
            t.add_column(col)
        before, after = w.rebalances
        t.add_row("rebalances", str(before), str(after))
        t.add_row("rebalance storms", str(w.storms[0]), str(w.storms[1]))
        console.print(t)
        if w.storms[0] and not w.storms[1]:
            console.print(f"[green]The rebalance_storm finding of group {escape(w.group)} disappears.[/]")


def what_if_dict(w: WhatIf) -> dict[str, Any]:
    def change(c: Any) -> dict[str, Any]:
        return {"at": iso(c.at), "member": c.member, "text": c.text, "evidence": [str(e) for e in c.evidence]}

    return {
        "group": w.group,
        "scope": w.scope,
        "settings": dict(sorted(w.settings.items())),
        "changes": [change(c) for c in w.changes],
        "unchanged": [change(c) for c in w.kept],
        "rebalances": {"as_logged": w.rebalances[0], "with_settings": w.rebalances[1]},
        "storms": {"as_logged": w.storms[0], "with_settings": w.storms[1]},
    }
