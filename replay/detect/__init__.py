"""Detectors: findings read straight off the observed events, per group, partition, broker
and controller — what the logs prove happened, before any engine run.

Each detector is a pure function ``(events, options) -> list[Finding]`` over the event
table (``kind`` and the typed columns of docs/kinds.md); ``all_detectors()`` lists them in
the order ``check`` runs them.  They read only the few kinds they need, so a fleet's table
costs one filter per detector.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar, cast

import polars as pl

from ..findings import Finding

MINUTE = 60_000
T = TypeVar("T")


@dataclass(frozen=True)
class CheckOptions:
    """Thresholds an operator may tune (``check --storm-min`` ...); the defaults are what a
    healthy cluster stays well below."""

    storm_window_ms: int = 10 * MINUTE  # rebalances this close belong to one storm
    storm_min: int = 5  # rebalances in one storm before it is reported
    flap_window_ms: int = 10 * MINUTE  # ISR changes this close belong to one episode
    flap_min: int = 3  # shrinks (each followed by an expand) in one episode before it is reported
    churn_window_ms: int = 30 * MINUTE  # controller moves this close belong to one episode
    churn_min: int = 3  # controller elections in one episode before it is reported
    #: the release whose rules the engine re-runs every group and partition under (``check
    #: --profile``); None: each scope's own, read from its logs (``diff_groups.profiles_by_scope``)
    profile: str | None = None


Detector = Callable[[pl.DataFrame, CheckOptions], list[Finding]]


def rows_of(events: pl.DataFrame, kinds: Sequence[str], columns: Sequence[str]) -> list[dict[str, Any]]:
    """The events of ``kinds`` in time order (file order within an instant), with ``at`` =
    epoch ms (instead of ``ts``) and ``scope`` (``with_scope``), as dicts: detectors see few
    rows, so plain Python reads them best."""
    present = [c for c in columns if c in events.columns]
    keep = list(dict.fromkeys(["ts", "source", "line", "kind", "scope", "raw", *present]))
    read = [c for c in dict.fromkeys([*keep, "cluster"]) if c in events.columns]  # cluster: for the scope
    sub = of_kinds(events, kinds, read)
    if sub.height == 0:
        return []
    if "scope" not in sub.columns:
        sub = with_scope(sub)
    # One record in two files (a broker's server.log and the kafkaServer.out its stdout went
    # to, or a log ingested twice) is one event: the first file's line stands for it.  A line
    # repeated within one file is two events (a 0.10 coordinator logs the very same "Stabilized
    # group g generation 1" twice in one millisecond when a group dies and the next join
    # re-creates it): the n-th copy in one file is the n-th copy in another.
    sub = (
        sub.select(keep)
        .with_columns(pl.col("ts").dt.epoch("ms").alias("at"))
        .filter(pl.col("at").is_not_null())
        .sort(["at", "source", "line"])
    )
    if sub.get_column("source").n_unique() > 1:  # one file's copies are all kept: nothing to drop
        sub = (
            sub.with_columns(pl.int_range(pl.len()).over(["scope", "source", "kind", "at", "raw"])
                             .alias("_copy"))
            .unique(subset=["scope", "kind", "at", "raw", "_copy"], keep="first", maintain_order=True)
            .drop("_copy")
        )
    # column by column: polars' ``to_dicts`` reads the frame row by row, at about twice the cost;
    # ``ts`` left out, as ``at`` gives it (its datetimes were a tenth of this function's cost)
    sub = sub.drop("ts")
    names = sub.columns
    return [dict(zip(names, row, strict=True))
            for row in zip(*(s.to_list() for s in sub.iter_columns()), strict=True)]


#: check's table indexed by kind once (``kind_index``), so that each detector's rows are a lookup
#: rather than another scan of every event; and what several detectors work out of the whole
#: table (the releases its wording allows), worked out once (``per_check``)
_INDEX: tuple[pl.DataFrame, _KindRows, dict[str, Any]] | None = None


class _KindRows:
    """Each kind's row numbers in ``events``, and its columns gathered when first asked for:
    most of a table is kinds no detector reads (segment and producer-state lines), and a
    detector reads a few of its sixty columns; splitting all of it by kind copied every row
    (0.8 s of CPU on a million events)."""

    def __init__(self, events: pl.DataFrame) -> None:
        self._events = events
        self._numbers: dict[str, pl.Series] = {}
        if "kind" in events.columns:
            numbered = (events.select("kind", pl.int_range(pl.len(), dtype=pl.UInt32).alias("_i"))
                        .group_by("kind").agg("_i"))
            numbers = numbered.get_column("_i")
            for i, kind in enumerate(numbered.get_column("kind").to_list()):
                self._numbers[str(kind)] = numbers[i]  # ascending: the table's order
        self._columns: dict[tuple[str, str], pl.Series] = {}

    def rows(self, kinds: Sequence[str], columns: Sequence[str]) -> pl.DataFrame:
        """The ``columns`` of the rows of ``kinds``, kind after kind."""
        present = [k for k in dict.fromkeys(kinds) if k in self._numbers]
        if not present:
            return self._events.select(columns).clear()
        return pl.DataFrame([self._column(present, c) for c in columns])

    def _column(self, kinds: list[str], name: str) -> pl.Series:
        parts = []
        for kind in kinds:
            if (kind, name) not in self._columns:
                self._columns[kind, name] = self._events.get_column(name).gather(self._numbers[kind])
            parts.append(self._columns[kind, name])
        return parts[0] if len(parts) == 1 else pl.concat(parts)


@contextmanager
def kind_index(events: pl.DataFrame) -> Iterator[None]:
    """While it is open, ``of_kinds(events, …)`` reads ``events`` by kind."""
    global _INDEX
    _INDEX = (events, _KindRows(events), {})
    try:
        yield
    finally:
        _INDEX = None


def per_check(events: pl.DataFrame, key: str, compute: Callable[[], T]) -> T:
    """``compute()``, once per ``kind_index`` opened on ``events`` (each call otherwise): the
    group and the partition diffs and the detectors each ask which releases wrote the logs."""
    if _INDEX is None or _INDEX[0] is not events:
        return compute()
    memo = _INDEX[2]
    if key not in memo:
        memo[key] = compute()
    return cast(T, memo[key])


def of_kinds(events: pl.DataFrame, kinds: Sequence[str],
             columns: Sequence[str] | None = None) -> pl.DataFrame:
    """The rows of ``kinds`` (their ``columns``, or all), in the table's order within each kind
    (callers sort)."""
    columns = events.columns if columns is None else columns
    if _INDEX is not None and _INDEX[0] is events:
        return _INDEX[1].rows(kinds, columns)
    wanted = pl.col("kind").is_in(list(kinds))
    if "kind" in columns:
        return events.select(columns).filter(wanted)
    return events.select(*columns, "kind").filter(wanted).drop("kind")


def with_scope(events: pl.DataFrame) -> pl.DataFrame:
    """``scope``: the cluster a row belongs to.  Its cluster id where known; else the one
    cluster id known for other files of its folder (rotated files that do not repeat it);
    else ``logs in <folder>`` (a ``broker-N``, ``controller-N``, ``zookeeper`` or ``kraft`` folder
    — a node's own, or where its state dump lies — counts as its parent's),
    so that a pile of unrelated log sets does not mix their brokers 0 and their topics named
    "test".  Worked out once per (source, cluster) pair, then joined onto the rows."""
    if "scope" in events.columns:
        return events
    pairs = events.select("source", "cluster").unique()
    # a node's own folder (broker-1/, broker=1/, controller-3000/, zookeeper/) or its state dump's
    # (kraft/) is its cluster's
    folder = pl.col("source").str.replace(r"[/\\][^/\\]*$", "").str.replace(
        r"[/\\](?:(?:broker|controller)[-=_]?\d+|zookeeper|zk|kraft)$", ""
    ).alias("_folder")
    pairs = pairs.with_columns(folder)
    known = (
        pairs.filter(pl.col("cluster").is_not_null())
        .group_by("_folder")
        .agg(pl.col("cluster").unique().alias("_clusters"))
        .filter(pl.col("_clusters").list.len() == 1)
        .select("_folder", pl.col("_clusters").list.first().alias("_folder_cluster"))
    )
    pairs = pairs.join(known, on="_folder", how="left")
    scope = pl.coalesce(
        pl.lit("cluster ") + pl.coalesce(pl.col("cluster"), pl.col("_folder_cluster")),
        pl.lit("logs in ") + pl.col("_folder"),
    )
    pairs = pairs.select("source", "cluster", scope.alias("scope"))
    if pairs.height == 1:  # one file, or one cluster's: the same scope on every row, without a join
        return events.with_columns(pl.lit(pairs.item(0, "scope"), dtype=pl.String).alias("scope"))
    return events.join(pairs, on=["source", "cluster"], how="left", nulls_equal=True, maintain_order="left")


def episodes(rows: Sequence[dict[str, Any]], gap_ms: int) -> Iterator[list[dict[str, Any]]]:
    """Runs of time-ordered rows in which each follows the previous within ``gap_ms``."""
    run: list[dict[str, Any]] = []
    for r in rows:
        if run and r["at"] - run[-1]["at"] > gap_ms:
            yield run
            run = []
        run.append(r)
    if run:
        yield run


def by_key(rows: Sequence[dict[str, Any]], *names: str) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """Rows grouped by the values of ``names`` (time order kept); keys with a null left out."""
    out: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    pick = itemgetter(*names)  # a third of the cost of reading the names one by one
    one = len(names) == 1
    for r in rows:
        try:
            key = (pick(r),) if one else pick(r)
        except KeyError:  # a name the row lacks: a null
            continue
        if None in key:
            continue
        mine = out.get(key)
        if mine is None:
            out[key] = [r]
        else:
            mine.append(r)
    return out


def minutes(ms: int) -> str:
    """A duration as people say it: ``45 s``, ``12 min``, ``3.5 h``."""
    if ms < MINUTE:
        return f"{ms / 1000:.0f} s"
    if ms < 60 * MINUTE:
        return f"{ms / MINUTE:.0f} min"
    return f"{ms / (60 * MINUTE):.1f} h"


def all_detectors() -> list[Detector]:
    from ..diff_groups import group_findings
    from ..diff_partitions import partition_findings
    from . import clocks, controller, groups, isr_propagation, partitions, replication_rules

    return [
        groups.rebalance_storm,
        group_findings,  # the engine diff of every consumer group (replay/diff_groups.py)
        partition_findings,  # the engine diff of every partition (replay/diff_partitions.py)
        partitions.isr_flapping,
        partitions.zk_broker_mismatch,
        partitions.zk_view_mismatch,
        partitions.unclean_election,
        partitions.leader_epoch_regression,
        partitions.hw_regression,
        partitions.truncation_below_hw,
        partitions.under_min_isr,
        replication_rules.offline_partition,
        replication_rules.isr_shrink_without_lag,
        replication_rules.isr_expand_before_caught_up,
        replication_rules.hw_above_isr_leo,
        replication_rules.data_loss,
        isr_propagation.isr_change_not_propagated,
        controller.controller_churn,
        clocks.clock_skew,
    ]
