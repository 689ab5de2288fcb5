"""Every command-line option, declared once (the httpie habit): commands reuse these."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

Paths = Annotated[
    list[str],
    typer.Argument(
        help="Log files, directories (recursive), globs, .gz files, tar bundles, or - for stdin.",
        show_default=False,
    ),
]
Output = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write the event table here (Parquet, zstd); with --spark, "
                 "a directory of Parquet parts that `events` and any Parquet reader take whole."),
]
Cluster = Annotated[
    str | None, typer.Option("--cluster", help="Cluster name for every input (overrides the path).")
]
Broker = Annotated[
    int | None, typer.Option("--broker", help="Broker id for every input (overrides the path and the log).")
]
Layout = Annotated[
    str | None,
    typer.Option(
        "--layout",
        help="The log4j pattern the logs were written with, e.g. '%d{ISO8601} %p [%t] %c - %m%n', "
        "or a built-in layout name (kafka, kafka-iso, kafka-thread, bracketed, class-line, plain, json).",
    ),
]
Tz = Annotated[
    str, typer.Option("--tz", help="Time zone of timestamps that carry none (Kafka's never do).")
]
CapturedAt = Annotated[
    str | None,
    typer.Option("--captured-at", help="When describe output and other captures without times were taken, "
                 "e.g. 2026-11-22T11:10:33Z (no zone: --tz). A timestamp line in the file overrides it."),
]
Workers = Annotated[int, typer.Option("--workers", min=1, help="Parser threads.")]
Json = Annotated[bool, typer.Option("--json", help="Print the accounting as JSON.")]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="Show identities and unrecognised loggers.")]
Spark = Annotated[bool, typer.Option("--spark", help="Parse in Spark executors (same parser, same rows).")]
Master = Annotated[
    str | None, typer.Option("--master", help="Spark master URL (default local[*]); implies --spark.")
]

# events view
Group = Annotated[str | None, typer.Option("--group", "-g", help="Only this consumer group.")]
Partition = Annotated[
    str | None, typer.Option("--partition", "-p", help="Only this partition, as topic-partition (orders-7).")
]
Kind = Annotated[
    list[str] | None, typer.Option("--kind", "-k", help="Only these kinds (repeatable; see docs/kinds.md).")
]
Since = Annotated[str | None, typer.Option("--since", help="From this time (ISO 8601; UTC unless zoned).")]
Until = Annotated[str | None, typer.Option("--until", help="Up to this time (inclusive).")]
Limit = Annotated[int | None, typer.Option("--limit", "-n", min=1, help="At most this many rows.")]
Format = Annotated[str, typer.Option("--format", "-f", help="table or jsonl.")]

# check
CheckFormat = Annotated[
    str,
    typer.Option("--format", "-f", help="table, json, md (for a ticket) or html (one self-contained page)."),
]
FailOn = Annotated[
    str, typer.Option("--fail-on", help="Exit 1 when a finding is at least this severe: info, warning, "
                      "error, critical (default warning).")
]
StormMin = Annotated[
    int, typer.Option("--storm-min", min=2, help="Rebalances of one group, each within --storm-window of the "
                      "previous, that make a rebalance storm.")
]
StormWindow = Annotated[
    float, typer.Option("--storm-window", min=0.01, help="Minutes between rebalances of one storm.")
]

FindingName = Annotated[
    str,
    typer.Argument(help="A finding kind, e.g. rebalance_storm (see docs/findings.md).", show_default=False),
]

Keep = Annotated[
    Path | None,
    typer.Option("--keep", help="Write the incidents' logs here and keep them (to explore with check, "
                 "timeline, events); by default they go to a temporary folder."),
]

# simulate
Trace = Annotated[
    Path, typer.Argument(help="A trace file (JSON Lines; see docs/trace.md).", show_default=False)
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", help="Kafka version whose behaviour and defaults apply (overrides the "
                 "trace header), e.g. 0.10.0, 2.8, 3.9; see docs/profiles.md."),
]
CheckProfile = Annotated[
    str | None,
    typer.Option("--profile", help="Kafka release whose rules the engine re-runs every consumer group and "
                 "partition under, instead of the release each cluster's logs name (for logs whose "
                 "wording no single release wrote), e.g. 2.8; see docs/profiles.md."),
]
Sets = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a config, KEY=VALUE (repeatable), e.g. "
                 "--set group.initial.rebalance.delay.ms=0."),
]
SimJson = Annotated[
    bool, typer.Option("--json", help="Print the effects as JSON Lines (the trace contract).")
]
Check = Annotated[
    bool, typer.Option("--check", help="Evaluate the trace's expect records; exit 1 if any fails.")
]
EmitLogs = Annotated[
    Path | None,
    typer.Option("--emit-logs", help="Write the logs the brokers and clients of that profile would have "
                 "written into this directory."),
]
RequestLog = Annotated[
    bool,
    typer.Option("--request-log", help="With --emit-logs, also write the group coordinator's "
                 "kafka-request.log: what log4j.logger.kafka.request.logger=DEBUG would write."),
]

# replay
Step = Annotated[
    bool, typer.Option("--step", help="Show one step at a time; Enter for the next, q to stop (a terminal "
                       "only).")
]
ReplayUntil = Annotated[
    str | None, typer.Option("--until", help="Stop at this time (ISO 8601) and show the engine's state "
                             "there.")
]
WhatIfSets = Annotated[
    list[str] | None,
    typer.Option("--set", help="What if: re-run under another setting, KEY=VALUE (repeatable): "
                 "max.poll.interval.ms, session.timeout.ms, group.initial.rebalance.delay.ms, "
                 "group.min.session.timeout.ms, group.max.session.timeout.ms."),
]
