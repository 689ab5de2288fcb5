"""``check``: every detector over an event table, findings in a stable order.

Today's findings are read off the observed events (``replay/detect``); the engine-backed
diff (derive a trace, run it, align expected and observed effects) adds its kinds to the
same report.  The report records what it ran on — tool version, thresholds and a digest of
the event table — so a finding can be reproduced.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from importlib import metadata
from typing import Any

import polars as pl

from kafka_forensics.engine.cluster import collector_paused

from .config_dumps import config_dumps
from .detect import CheckOptions, all_detectors, kind_index, with_scope
from .detect.clocks import clock_skew
from .diff_groups import group_findings, profiles_by_scope
from .diff_partitions import partition_findings
from .findings import DETECTED, SCHEMA_VERSION, Finding, Severity
from .reruns import reruns
from .versions import releases, reported


@dataclass(frozen=True)
class CheckReport:
    findings: tuple[Finding, ...]
    events: int
    sources: int
    digest: str  # of the events the findings were read from
    options: CheckOptions = field(default_factory=CheckOptions)
    # per scope: the Kafka releases its wording allows and the brokers' configs that bear on
    # the findings (``clusters``), so a report says what it was judged against
    clusters: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def worst(self) -> Severity | None:
        return max((f.severity for f in self.findings), default=None)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for f in self.findings:
            out[f.kind.value] = out.get(f.kind.value, 0) + 1
        return dict(sorted(out.items()))

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "tool": {"name": "kafka-forensics", "version": _version()},
            "input": {"events": self.events, "sources": self.sources, "digest": self.digest},
            "options": asdict(self.options),
            "detected_kinds": sorted(k.value for k in DETECTED),
            "counts": self.counts(),
            "clusters": {k: dict(v) for k, v in sorted(self.clusters.items())},
            "findings": [f.to_dict() for f in self.findings],
        }


def check(events: pl.DataFrame, options: CheckOptions | None = None, *,
          entities: set[str] | None = None) -> CheckReport:
    """Every detector over ``events``; ``entities`` (``group g``, ``partition t-0``) keeps only
    the findings about those or listing them (``Finding.names``; the detectors still read
    everything: a storm's context, an election's earlier ISR)."""
    opts = options or CheckOptions()
    # The detectors' rows and the engine re-runs are millions of small objects that live until
    # the report is made, and the cyclic collector would walk them again and again while
    # finding nothing to free (a fifth of check's CPU time on a million events); each re-run
    # pausing it alone still left a full collection after every one of them.
    with collector_paused():
        scoped = with_scope(events)
        # Clocks first: a broker whose clock is off has its lines moved by its estimated offset
        # before anything compares them with another broker's (DESIGN.md: corrected before diffing)
        skews = clock_skew(scoped, opts)
        corrected = corrected_clocks(scoped, skews)
        found = [f for f in skews if entities is None or f.names() & entities]
        with kind_index(corrected):
            # The engine re-runs start first, on worker processes when there are enough of them
            # (``reruns``), and the other detectors run meanwhile; the findings are then taken
            # in ``all_detectors()``'s order all the same.
            reruns(corrected, opts.profile).start()
            detectors = [d for d in all_detectors() if d is not clock_skew]
            made = {d: d(corrected, opts) for d in detectors if d not in _RERUN_DETECTORS}
            sha = digest(events)
            made |= {d: d(corrected, opts) for d in detectors if d in _RERUN_DETECTORS}
            for detector in detectors:
                found.extend(f for f in made[detector] if entities is None or f.names() & entities)
            # the wording is the same whatever the clocks say
            summary = clusters(corrected, engine_runs(corrected, opts.profile), opts.profile)
    found.sort(key=Finding.sort_key)
    sources = events.get_column("source").n_unique() if events.height else 0
    return CheckReport(tuple(found), events.height, sources, sha, opts, summary)


#: the detectors that read the engine re-runs (``check`` runs them last)
_RERUN_DETECTORS = (group_findings, partition_findings)


def corrected_clocks(scoped: pl.DataFrame, skews: list[Finding]) -> pl.DataFrame:
    """The events with each skewed broker's ``ts`` moved back by its estimated offset."""
    offsets = [(f.scope, int(f.entity.split()[-1]), int(f.details["offset_ms"])) for f in skews
               if f.entity.startswith("broker ") and f.details.get("offset_ms")]
    if not offsets or "broker" not in scoped.columns:
        return scoped
    table = pl.DataFrame(offsets, schema={"scope": pl.String, "broker": scoped.schema["broker"],
                                          "_offset": pl.Int64}, orient="row")
    joined = scoped.join(table, on=["scope", "broker"], how="left", maintain_order="left")
    moved = pl.col("ts") - pl.duration(milliseconds=pl.col("_offset").fill_null(0))
    return joined.with_columns(moved.cast(scoped.schema["ts"]).alias("ts")).drop("_offset")


#: broker settings the findings depend on, reported from the brokers' "KafkaConfig values:" dumps
CONFIGS = ("replica.lag.time.max.ms", "min.insync.replicas", "unclean.leader.election.enable",
           "zookeeper.session.timeout.ms", "group.initial.rebalance.delay.ms",
           "group.min.session.timeout.ms", "group.max.session.timeout.ms", "inter.broker.protocol.version",
           "offsets.topic.replication.factor")


def engine_runs(events: pl.DataFrame, profile_name: str | None = None) -> dict[str, dict[str, int]]:
    """Per scope, what the engine re-ran: consumer groups and partitions, and the stretches they
    were re-run in (a coordinator move, a Dead group, a quiet spell, a re-created topic or lines
    that skip a change start a new one), and how many group runs a request log drove.  Read from
    this check's runs (``reruns``)."""
    from .reruns import reruns

    out: dict[str, dict[str, int]] = {}
    named: dict[tuple[str, str], set[str]] = {}  # (scope, "groups" / "partitions") -> their names
    runs = reruns(events, profile_name)
    for g in runs.groups():
        entry = out.setdefault(g.scope, dict.fromkeys(_RUN_COUNTS, 0))
        entry["group_runs"] += 1
        entry["group_request_runs"] += g.request_log  # the runs a request log drove (level 1)
        named.setdefault((g.scope, "groups"), set()).add(g.name)
    for p in runs.partitions():
        entry = out.setdefault(p.scope, dict.fromkeys(_RUN_COUNTS, 0))
        entry["partition_runs"] += 1
        named.setdefault((p.scope, "partitions"), set()).add(p.name)
    for (scope, key), names in named.items():
        out[scope][key] = len(names)
    return dict(sorted(out.items()))


_RUN_COUNTS = ("groups", "group_runs", "partitions", "partition_runs", "group_request_runs")


def clusters(scoped: pl.DataFrame, runs: Mapping[str, Mapping[str, int]] | None = None,
             profile_name: str | None = None) -> dict[str, dict[str, Any]]:
    """Per scope: ``kafka_version`` (from the wording and the brokers' start banners;
    ``kafka_version_by_file`` when the files disagree), ``kafka_version_reported`` (the releases
    the banners name), ``configs`` (each setting's values across the brokers' config dumps),
    ``engine_runs`` (``runs``: what the engine re-ran) and ``engine_profile`` (the rules it
    re-ran them under: ``profile_name``'s when given, else the scope's own)."""
    out: dict[str, dict[str, Any]] = {}
    worded = releases(scoped)
    for scope, wording in worded.items():
        entry: dict[str, Any] = {"kafka_version": wording.versions}
        if wording.files:
            entry["kafka_version_by_file"] = dict(wording.files)
        out[scope] = entry
    for scope, versions in reported(scoped).items():  # what the brokers' start banners say
        out.setdefault(scope, {"kafka_version": None})["kafka_version_reported"] = versions
    for scope, kind, settings in config_dumps(scoped):
        if kind != "broker_config":
            continue
        seen = out.setdefault(scope, {"kafka_version": None}).setdefault("configs", {})
        for name in CONFIGS:
            if name in settings:
                values = seen.setdefault(name, [])
                if settings[name] not in values:
                    values.append(settings[name])
    for scope, ran in (runs or {}).items():
        out.setdefault(scope, {"kafka_version": None})["engine_runs"] = dict(ran)
    for entry in out.values():
        if "configs" in entry:
            entry["configs"] = {k: sorted(v) for k, v in sorted(entry["configs"].items())}
    profiles = profiles_by_scope(scoped, worded)
    if profile_name is not None:
        from kafka_forensics.engine.profiles import profile

        profiles = dict.fromkeys(out, profile(profile_name))
    grouped = set()
    if scoped.height:
        from .derive_partitions import PARTITION_KINDS

        rerun = pl.col("kind").str.starts_with("group_") | pl.col("kind").is_in(PARTITION_KINDS)
        grouped = set(scoped.select(pl.col("scope").filter(rerun).unique()).get_column("scope").to_list())
    for scope, entry in out.items():
        if scope in profiles:
            entry["engine_profile"] = profiles[scope].name  # the rules the engine diffs re-ran the logs under
        elif scope in grouped:  # never silently: say what was not re-run, and what to do
            entry["engine_profile"] = None
            entry["engine_note"] = ("no single Kafka release wrote these logs, so their consumer groups and "
                                    "partitions were not re-run; kafka-forensics check --profile V re-runs "
                                    "them under release V's rules (replay --group G --profile V, one)")
    return out


def digest(events: pl.DataFrame) -> str:
    """SHA-256 over the rows' identity and content (source, line, kind, raw), in a fixed
    order: the same logs give the same digest however they were ingested.  Each column is
    hashed as its Arrow string buffers — the values' UTF-8 bytes and their lengths — so the
    digest reads the data once instead of joining it into one string first (2.7 s -> 0.5 s on
    a million events)."""
    import numpy as np
    import pyarrow as pa

    h = hashlib.sha256()
    if events.height:
        cols = [c for c in ("source", "line", "kind", "raw") if c in events.columns]
        keyed = events.select(cols)
        if not _in_file_order(keyed):
            keyed = keyed.sort(cols, nulls_last=True)
        for c in cols:
            values = keyed.get_column(c).cast(pl.String).fill_null("\\N").to_arrow()
            if isinstance(values, pa.ChunkedArray):
                values = values.combine_chunks()
            values = values.cast(pa.large_string())
            _, offsets_buf, data = values.buffers()
            start = values.offset
            offsets = np.frombuffer(offsets_buf, dtype=np.int64)[start:start + len(values) + 1]
            h.update(c.encode())
            h.update((offsets - offsets[0]).tobytes())
            h.update(memoryview(data)[int(offsets[0]):int(offsets[-1])] if data is not None else b"")
    return "sha256:" + h.hexdigest()


def _in_file_order(keyed: pl.DataFrame) -> bool:
    """Whether the rows are already in strictly increasing (source, line) order, as an ingested
    table of one file is: then sorting by (source, line, kind, raw) would leave them as they
    are, and costs half of ``digest``."""
    if "source" not in keyed.columns or "line" not in keyed.columns or keyed.height < 2:
        return False
    source, line = keyed.get_column("source"), keyed.get_column("line")
    if source.null_count() or line.null_count():
        return False
    before_s, before_l = source.shift(1), line.shift(1)
    rising = (source > before_s) | ((source == before_s) & (line > before_l))
    return bool(rising.slice(1).all())


def _version() -> str:
    try:
        return metadata.version("kafka-forensics")
    except metadata.PackageNotFoundError:
        return "unknown"
