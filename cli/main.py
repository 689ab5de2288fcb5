"""The ``kafka-forensics`` command: argument parsing and rendering only.

Each command calls one library function and hands its result to ``reports``.
Heavy modules (Polars, Arrow, Spark) are imported inside the commands so that the
command starts fast.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import typer

from . import definition as d

app = typer.Typer(
    name="kafka-forensics",
    help="Re-execute Apache Kafka incidents from their logs and show where reality diverged.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class UserError(Exception):
    """A problem the user can fix; printed as a sentence, exit code 2."""


def _check_format(fmt: str, *allowed: str) -> None:
    if fmt not in allowed:
        names = ", ".join(allowed[:-1]) + f" or {allowed[-1]}"
        raise UserError(f"--format must be {names}, not {fmt!r}")


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


@app.command()
def ingest(
    paths: d.Paths,
    output: d.Output = None,
    cluster: d.Cluster = None,
    broker: d.Broker = None,
    layout: d.Layout = None,
    tz: d.Tz = "UTC",
    captured_at: d.CapturedAt = None,
    workers: d.Workers = 2,
    as_json: d.Json = False,
    verbose: d.Verbose = False,
    spark: d.Spark = False,
    master: d.Master = None,
) -> None:
    """Read Kafka logs into one typed event table and account for every line."""
    from kafka_forensics.parsers import ingest as ing
    from kafka_forensics.parsers.timestamps import check_zone, instant
    from kafka_forensics.reports import ingest_summary

    try:
        check_zone(tz)
        captured_ms = instant(captured_at, tz, what="--captured-at") if captured_at else None
        if layout and layout not in _layout_names():
            from kafka_forensics.parsers.layouts import from_pattern

            from_pattern(layout)
    except ValueError as e:
        raise UserError(str(e)) from None
    opts = ing.IngestOptions(cluster=cluster, broker=broker, layout=layout, tz=tz, workers=workers,
                             captured_at=captured_ms)
    if spark or master:
        from kafka_forensics.parsers import spark as sp

        try:
            report = sp.ingest(paths, output, opts, master=master or sp.DEFAULT_MASTER)
        except sp.SparkError as e:
            raise UserError(str(e)) from None
    else:
        if output is not None and output.is_dir():
            raise UserError(f"-o {output} is a directory (an event table written by --spark?): "
                            "give a file name, or add --spark to replace that table")
        with _progress() as progress:
            report = ing.ingest(paths, output, opts, progress=progress)
    if as_json:
        typer.echo(ingest_summary.to_json(report))
    else:
        ingest_summary.render(report, _console(), verbose=verbose)
    if report.damaged:
        raise typer.Exit(2)


@app.command()
def events(
    sources: d.Paths,
    group: d.Group = None,
    partition: d.Partition = None,
    kind: d.Kind = None,
    since: d.Since = None,
    until: d.Until = None,
    limit: d.Limit = None,
    fmt: d.Format = "table",
    tz: d.Tz = "UTC",
    layout: d.Layout = None,
) -> None:
    """Show a filtered slice of the event table (an events.parquet, or logs read on the fly)."""
    from kafka_forensics.parsers import view
    from kafka_forensics.reports import events_table

    _check_format(fmt, "table", "jsonl")
    try:
        table = view.load(sources, tz=tz, layout=layout)
        rows = view.select(table, group=group, partition=partition, kinds=kind, since=since,
                           until=until, limit=limit)
    except ValueError as e:
        raise UserError(str(e)) from None
    if fmt == "jsonl":
        events_table.write_jsonl(rows, sys.stdout)
    else:
        events_table.render(rows, _console())


@app.command()
def check(
    sources: d.Paths,
    fmt: d.CheckFormat = "table",
    fail_on: d.FailOn = "warning",
    storm_min: d.StormMin = 5,
    storm_window: d.StormWindow = 10.0,
    group: d.Group = None,
    partition: d.Partition = None,
    since: d.Since = None,
    until: d.Until = None,
    tz: d.Tz = "UTC",
    layout: d.Layout = None,
    profile: d.CheckProfile = None,
) -> None:
    """Find what went wrong: rebalance storms, ISR flapping, unclean elections, stale ZooKeeper
    views, epochs and high watermarks going backwards... (exit 1 when a finding reaches --fail-on).
    --since / --until check only that window; --group / --partition keep only their findings."""
    from kafka_forensics.parsers import view
    from kafka_forensics.replay.check import check as run_check
    from kafka_forensics.replay.detect import MINUTE, CheckOptions
    from kafka_forensics.replay.findings import Severity
    from kafka_forensics.reports import findings as out

    _check_format(fmt, "table", "json", "md", "html")
    try:
        threshold = Severity.parse(fail_on)
        if profile is not None:
            from kafka_forensics.engine.profiles import profile as named

            named(profile)  # an unknown release is an error before the logs are read
        table = view.load(sources, tz=tz, layout=layout)
        if since is not None or until is not None:
            table = view.select(table, since=since, until=until)
    except ValueError as e:
        raise UserError(str(e)) from None
    opts = CheckOptions(storm_min=storm_min, storm_window_ms=round(storm_window * MINUTE), profile=profile)
    wanted = {f"group {group}"} if group is not None else set()
    wanted |= {f"partition {partition}"} if partition is not None else set()
    report = run_check(table, opts, entities=wanted or None)
    if fmt == "json":
        out.write_json(report, sys.stdout)
    elif fmt == "md":
        sys.stdout.write(out.markdown(report))
    elif fmt == "html":
        from kafka_forensics.replay.timeline import timeline as history
        from kafka_forensics.reports import html

        # the page tells the history of these only (an outage's partitions included)
        named = set().union(*(f.names() for f in report.findings))
        sys.stdout.write(html.page(report, history(table, entities=named)))
    else:
        out.render(report, _console())
    worst = report.worst()
    if worst is not None and worst >= threshold:
        raise typer.Exit(1)


@app.command()
def demo(keep: d.Keep = None) -> None:
    """Re-execute the bundled incidents, write their logs, read them back and check them."""
    import tempfile

    from kafka_forensics.replay import demo as incidents
    from kafka_forensics.reports import findings, timeline

    c = _console()
    with tempfile.TemporaryDirectory(prefix="kafka-forensics-demo-") as tmp:
        out = keep if keep is not None else Path(tmp)
        try:
            for i, r in enumerate(incidents.run(out), 1):
                c.rule(f"{i}. {r.incident.title}")
                c.print(r.incident.story)
                c.print(f"\n[dim]{r.files} log files in {r.logs}[/]")
                base = f"{r.logs}/"
                timeline.render(r.timeline, c, entities=2, rows=8, base=base)
                c.print()
                findings.render(r.report, c, evidence=2, base=base)
        except OSError as e:  # the bundled examples missing, the --keep folder unwritable
            raise UserError(str(e)) from None
    if keep is not None:
        c.print(f"\nThe incidents' logs are in {keep}: try kafka-forensics check {keep}/poll-timeout-storm, "
                f"then kafka-forensics replay {keep}/poll-timeout-storm --group billing --set "
                "max.poll.interval.ms=600000 (what a longer poll interval would have spared)")


@app.command()
def explain(kind: d.FindingName) -> None:
    """What a finding kind means, what usually causes it and what to do."""
    import difflib

    from kafka_forensics.replay.findings import DETECTED, FindingKind

    name = kind.strip().lower().replace("-", "_")
    try:
        k = FindingKind(name)
    except ValueError:
        names = [f.value for f in FindingKind]
        near = difflib.get_close_matches(name, names, n=1)
        hint = f"did you mean {near[0]}? " if near else ""
        raise UserError(f"no finding kind {kind!r}: {hint}the kinds are listed in docs/findings.md") from None
    c = _console()
    pending = "" if k in DETECTED else " (named; its detector awaits the engine diff)"
    c.print(f"[bold]{k.value}[/]{pending}")
    c.print(k.meaning)
    c.print(f"\n[bold]Usual causes.[/] {k.causes}")
    c.print(f"\n[bold]What to do.[/] {k.action}")


@app.command()
def timeline(
    sources: d.Paths,
    group: d.Group = None,
    partition: d.Partition = None,
    fmt: d.Format = "table",
    tz: d.Tz = "UTC",
    layout: d.Layout = None,
) -> None:
    """Each consumer group's and partition's history across all brokers' logs, in words."""
    from kafka_forensics.parsers import view
    from kafka_forensics.replay.timeline import timeline as build
    from kafka_forensics.reports import timeline as out

    _check_format(fmt, "table", "jsonl")
    try:
        entries = build(view.load(sources, tz=tz, layout=layout), group=group, partition=partition)
    except ValueError as e:
        raise UserError(str(e)) from None
    if fmt == "jsonl":
        out.write_jsonl(entries, sys.stdout)
    else:
        out.render(entries, _console())


@app.command()
def replay(
    sources: d.Paths,
    group: d.Group = None,
    partition: d.Partition = None,
    step: d.Step = False,
    until: d.ReplayUntil = None,
    sets: d.WhatIfSets = None,
    profile: d.ProfileOpt = None,
    fmt: d.Format = "table",
    tz: d.Tz = "UTC",
    layout: d.Layout = None,
) -> None:
    """Re-execute a group from its logs: the engine's state beside the logged one, step by step
    (--step), to a time (--until), or under other settings (--set max.poll.interval.ms=600000)."""
    from kafka_forensics.parsers import view
    from kafka_forensics.reports import replay as out

    _check_format(fmt, "table", "jsonl")
    if group is not None and partition is not None:
        raise UserError("replay one thing at a time: --group G or --partition TOPIC-N")
    try:
        table = view.load(sources, tz=tz, layout=layout)
        limit = _wall_ms(until) if until is not None else None
    except ValueError as e:
        raise UserError(str(e)) from None
    if group is None and partition is None:
        raise UserError("name what to replay: --group G or --partition TOPIC-N" + _groups_in(table))
    c = _console()
    wait = None
    if step:
        if not sys.stdin.isatty():
            raise UserError("--step reads Enter from a terminal; without one, use --until TIME to stop at "
                            "a step")

        def wait() -> bool:
            return input().strip().lower() not in ("q", "quit")
    if partition is not None:
        if sets:
            raise UserError("--set re-runs a group under other settings; a partition is replayed as logged")
        _replay_partition(table, partition, profile, fmt, limit, wait, c)
        return
    assert group is not None
    if sets:
        from kafka_forensics.replay.counterfactual import parse_settings, what_if

        if step or until is not None:
            raise UserError("--set compares the whole incident as logged and as it would have gone: drop "
                            "--step / --until, or replay without --set to walk through it")
        try:
            settings = parse_settings(sets)
            results = what_if(table, group, settings, profile_name=profile)
        except ValueError as e:
            raise UserError(str(e)) from None
        if not results:
            _no_group(table, group)
        if fmt == "jsonl":
            for w in results:
                sys.stdout.write(json.dumps(out.what_if_dict(w), sort_keys=True) + "\n")
        else:
            out.render_what_if(results, c)
        return
    from kafka_forensics.replay.diff_groups import replay_groups

    try:
        replays = replay_groups(table, groups={group}, profile_name=profile)
    except ValueError as e:
        raise UserError(str(e)) from None
    if not replays:
        _no_group(table, group)
    if fmt == "jsonl":
        out.write_jsonl(replays, sys.stdout, until=limit)
        return
    out.render(replays, c, until=limit, wait=wait)


def _no_group(table: Any, group: str) -> None:
    """Why nothing of ``group`` could be replayed, as a sentence."""
    if group in _group_names(table):
        raise UserError(f"the Kafka release of group {group!r}'s logs is not known (their files' "
                        "wordings disagree, or predate 0.10): name it with --profile, e.g. --profile 2.8")
    raise UserError(f"no coordinator lines of group {group!r} in these logs: check the name"
                    + _groups_in(table))


def _group_names(table: Any) -> list[str]:
    """The groups the coordinators' lines name."""
    import polars as pl

    if "group" not in table.columns:
        return []
    return (table.filter(pl.col("kind").str.starts_with("group_") & pl.col("group").is_not_null())
            .get_column("group").unique().sort().to_list())


def _groups_in(table: Any) -> str:
    """"; the groups in these logs: a, b, …", or ""."""
    names = _group_names(table)
    if not names:
        return ""
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    return f"; the groups in these logs: {shown}"


def _wall_ms(text: str) -> int:
    from datetime import UTC, datetime

    t = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    return int(t.timestamp() * 1000)


def _replay_partition(table: Any, partition: str, profile: str | None, fmt: str, limit: int | None,
                      wait: Any, c: Any) -> None:
    """A partition re-run by the engine beside its lines; when its lines name no leader (or no
    release wrote them), its logged history and what check reads off it."""
    from kafka_forensics.replay.diff_partitions import replay_partitions
    from kafka_forensics.reports import replay as out

    try:
        replays = replay_partitions(table, partitions={partition}, profile_name=profile)
    except ValueError as e:
        raise UserError(str(e)) from None
    if fmt == "jsonl":
        out.write_partitions_jsonl(replays, sys.stdout, until=limit)
        return
    if replays:
        out.render_partitions(replays, c, until=limit, wait=wait)
        return
    from kafka_forensics.replay.check import check as run_check
    from kafka_forensics.replay.timeline import timeline as history
    from kafka_forensics.reports import findings, timeline

    c.print(f"The engine cannot re-run {partition} from these lines (none names its leader, or no single "
            "Kafka release wrote them: try --profile V); here is its logged history and what check reads "
            "off it.")
    timeline.render(history(table, partition=partition), c)
    findings.render(run_check(table, entities={f"partition {partition}"}), c)


@app.command()
def simulate(
    trace: d.Trace,
    profile: d.ProfileOpt = None,
    sets: d.Sets = None,
    as_json: d.SimJson = False,
    check: d.Check = False,
    emit_logs: d.EmitLogs = None,
    request_log: d.RequestLog = False,
) -> None:
    """Run a trace through the engine and show what Kafka would have done."""
    from kafka_forensics.replay import simulate as sim
    from kafka_forensics.reports import simulation

    if request_log and emit_logs is None:
        raise UserError("--request-log writes into the --emit-logs directory: give --emit-logs DIR too")
    try:
        result = sim.simulate(trace, profile=profile, sets=sets or [])
    except sim.SimulationError as e:
        raise UserError(str(e)) from None
    if as_json:
        simulation.write_jsonl(result.effects, sys.stdout)
        if check:
            for line in simulation.check_lines(result):
                typer.echo(line, err=True)
    else:
        simulation.render_timeline(result, _console())
    if emit_logs is not None:
        try:
            written = sim.emit(result, emit_logs, request_log=request_log)
        except sim.SimulationError as e:
            raise UserError(str(e)) from None
        if not as_json:
            _console().print(f"wrote {len(written)} log files to {emit_logs}")
    if check and result.failed:
        raise typer.Exit(1)


def _layout_names() -> set[str]:
    from kafka_forensics.parsers.layouts import BY_NAME

    return set(BY_NAME)


class _progress:
    """A progress bar on stderr while bytes are read: on a terminal only."""

    def __enter__(self):
        if not sys.stderr.isatty() or os.environ.get("CI"):
            return None
        from rich.progress import (
            BarColumn,
            DownloadColumn,
            Progress,
            TextColumn,
            TransferSpeedColumn,
        )

        self._p = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(),
                           TransferSpeedColumn(), console=_console(stderr=True), transient=True)
        self._p.start()
        self._tasks: dict[str, int] = {}

        def advance(name: str, n: int) -> None:
            if name not in self._tasks:
                total = None
                try:
                    total = Path(name).stat().st_size
                except OSError:
                    pass
                self._tasks[name] = self._p.add_task(Path(name).name[:40], total=total)
            self._p.advance(self._tasks[name], n)  # type: ignore[arg-type]

        return advance

    def __exit__(self, *exc: object) -> None:
        if hasattr(self, "_p"):
            self._p.stop()


def run() -> None:
    """Console-script entry point: user errors are sentences, never tracebacks."""
    try:
        # click returns (rather than raises) the code of an Exit in non-standalone mode
        rc = app(standalone_mode=False)
        sys.exit(rc if isinstance(rc, int) else 0)
    except UserError as e:
        from rich.markup import escape

        _console(stderr=True).print(f"[red]error:[/] {escape(str(e))}")
        sys.exit(2)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        sys.exit(130)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:  # click usage errors and anything unexpected
        if hasattr(e, "show") and isinstance(getattr(e, "exit_code", None), int):
            e.show()  # a usage error: click's own message ("No such option: --x")
            sys.exit(e.exit_code)
        if os.environ.get("KAFKA_FORENSICS_DEBUG"):
            raise
        from rich.markup import escape

        _console(stderr=True).print(
            f"[red]internal error:[/] {escape(f'{type(e).__name__}: {e}')}\n"
            "This is a bug in kafka-forensics. Re-run with KAFKA_FORENSICS_DEBUG=1 for the traceback "
            "and report it with the command line you used."
        )
        sys.exit(70)


if __name__ == "__main__":  # pragma: no cover
    run()
