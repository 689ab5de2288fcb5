"""``timeline``: each group's and each partition's history as the logs tell it, one line per
event in words, across every broker's files, in time order.

A group's history is its coordinator's lines (state changes, members joining, failing and
leaving, loads and unloads); a partition's is its leaders', followers' and controller's
lines (elections, epochs, ISR changes, truncations, high-watermark anomalies, writes refused)
and the ZooKeeper / KRaft state read from dumps.  Routine lines (segment rolls, producer
snapshots, fetcher bookkeeping) are left out: they are in ``events``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import polars as pl

from .detect import with_scope
from .findings import Evidence

_GROUP_KINDS = (
    "group_prepare_rebalance",
    "group_stabilized",
    "group_empty",
    "group_assignment_received",
    "group_member_failed",
    "group_pending_member_expired",
    "group_member_left",
    "group_member_id_created",
    "group_member_joined",
    "group_static_member_replaced",
    "group_member_fenced",
    "group_members_removed",
    "group_leader_reelected",
    "group_rebalance_failed",
    "group_dead",
    "group_deleted",
    "group_loaded",
    "group_unloaded",
    "group_epoch_bumped",
    "group_created",
    "group_conversion",
    "group_member_described",
    "group_described",
    "group_offset_described",
)
_PARTITION_KINDS = (
    "isr_shrink",
    "isr_expand",
    "isr_updated",
    "isr_update_skipped",
    "isr_update_failed",
    "leader_epoch_start",
    "follower_epoch_start",
    "follower_truncation",
    "log_truncation",
    "hw_update",
    "hw_non_monotonic",
    "not_enough_replicas",
    "partition_state_change",
    "partition_state_change_failed",
    "unclean_election",
    "leader_election",
    "preferred_election",
    "new_leader_and_isr",
    "controller_alter_isr",
    "log_dir_failure",
    "zk_partition_state",
    "kraft_partition_change",
    "kraft_partition_state",
    "partition_described",
)


# kinds whose ``isr`` is the partition's ISR after the event
_STATES_ISR = frozenset((
    "isr_shrink", "isr_expand", "isr_updated", "zk_partition_state", "partition_state_change",
    "new_leader_and_isr", "kraft_partition_change", "kraft_partition_state", "partition_described",
))


@dataclass(frozen=True)
class Entry:
    at: int  # epoch ms
    scope: str
    entity: str  # "group g" / "partition t-p"
    broker: int | None  # who logged it
    kind: str
    text: str
    where: Evidence
    isr_size: int | None = None  # the ISR's size after this event, where the line states the ISR

    def to_dict(self) -> dict[str, Any]:
        from .findings import iso

        return {
            "at": iso(self.at),
            "scope": self.scope,
            "entity": self.entity,
            "broker": self.broker,
            "kind": self.kind,
            "text": self.text,
            "where": str(self.where),
        }


def timeline(events: pl.DataFrame, *, group: str | None = None, partition: str | None = None,
             entities: set[str] | None = None) -> list[Entry]:
    """Every group's and partition's entries, by entity, then time, then file order; or only
    those of ``group``, ``partition`` (``t-p``) and ``entities`` (``group g``, ``partition t-0``)."""
    wanted = set(entities or ())
    if group is not None:
        wanted.add(f"group {group}")
    if partition is not None:
        topic, _, number = partition.rpartition("-")
        if not topic or not number.isdigit():
            raise ValueError(f"--partition takes topic-partition, e.g. orders-7, not {partition!r}")
        wanted.add(f"partition {partition}")
    named = group is not None or partition is not None or entities is not None
    entity = (pl.when(pl.col("kind").is_in(_GROUP_KINDS)).then(pl.lit("group ") + pl.col("group"))
              .otherwise(pl.lit("partition ") + pl.col("topic") + "-" + pl.col("partition").cast(pl.String)))
    df = (events.filter(pl.col("kind").is_in(_GROUP_KINDS + _PARTITION_KINDS) & pl.col("ts").is_not_null())
          .with_columns(entity.alias("entity"))
          .filter(pl.col("entity").is_in(sorted(wanted)) if named else pl.col("entity").is_not_null()))
    if df.height == 0:
        return []
    df = with_scope(df).with_columns(pl.col("ts").dt.epoch("ms").alias("at"))
    out: list[Entry] = []
    for r in df.iter_rows(named=True):
        node = r.get("node") if r.get("node") is not None else r.get("broker")
        where = Evidence(r["source"], r["line"])
        size = len(r["isr"]) if r["kind"] in _STATES_ISR and r.get("isr") is not None else None
        out.append(Entry(r["at"], r["scope"], r["entity"], node, r["kind"], describe(r), where, size))
    # one record in two files (server.log and kafkaServer.out) is one entry
    seen: set[tuple[Any, ...]] = set()
    unique = []
    for e in sorted(out, key=lambda e: (e.scope, e.entity, e.at, e.where)):
        key = (e.scope, e.entity, e.at, e.kind, e.text)
        if key not in seen:
            seen.add(key)
            unique.append(e)
    return unique


def _ids(v: Any) -> str:
    return "[" + ",".join(str(x) for x in v) + "]" if v is not None else "?"


def _details(r: dict[str, Any]) -> dict[str, Any]:
    return json.loads(r["details"]) if r.get("details") else {}


def _opt(text: str, value: Any) -> str:
    """``text`` + the value, or nothing when the line did not give it."""
    return "" if value is None else f"{text}{_ids(value) if isinstance(value, list) else value}"


def _member(r: dict[str, Any]) -> str:
    return r.get("member") or "a member"


# kind -> its sentence; a kind without one reads as its name and fields
_SAY: dict[str, Callable[[dict[str, Any]], str]] = {
    "group_prepare_rebalance": lambda r: (
        f"PreparingRebalance from generation {r.get('generation')}"
        + (f": {r['reason']}" if r.get("reason") else "")
    ),
    "group_stabilized": lambda r: (
        f"generation {r.get('generation')} formed"
        + _opt(" with ", r.get("members"))
        + (" members" if r.get("members") is not None else "")
        + ", waiting for the leader's assignment"
    ),
    "group_assignment_received": lambda r: (
        f"Stable: the leader{_opt(' ', r.get('member'))} sent the assignment of generation "
        f"{r.get('generation')}"
    ),
    "group_empty": lambda r: f"Empty (generation {r.get('generation')}): no members left",
    "group_member_failed": lambda r: f"{_member(r)} failed: its session expired",
    "group_pending_member_expired": lambda r: f"pending member {_member(r)} expired before it rejoined",
    "group_member_left": lambda r: f"{_member(r)} left the group",
    "group_member_id_created": lambda r: f"new member id {_member(r)} handed out",
    "group_member_joined": lambda r: f"{_member(r)} joined",
    "group_dead": lambda r: "Dead: the group's metadata was removed",
    "group_deleted": lambda r: "deleted",
    "group_loaded": lambda r: "loaded by a new coordinator",
    "group_unloaded": lambda r: "unloaded: the coordinator moved",
    "isr_shrink": lambda r: (
        f"ISR shrank {_ids(r.get('prev_isr'))} -> {_ids(r.get('isr'))}"
        + _opt(" (HW ", r.get("hw"))
        + _opt(", leader LEO ", r.get("leo"))
        + (")" if r.get("hw") is not None else "")
    ),
    "isr_expand": lambda r: f"ISR expanded {_ids(r.get('prev_isr'))} -> {_ids(r.get('isr'))}",
    "isr_updated": lambda r: (
        f"ISR now {_ids(r.get('isr'))}, zkVersion / partition epoch {r.get('zk_version')}"
        + (" (under min ISR)" if _details(r).get("under_min_isr") else "")
    ),
    "isr_update_skipped": lambda r: (
        f"ISR update skipped: cached zkVersion {r.get('zk_version')} differs from ZooKeeper's"
    ),
    "leader_epoch_start": lambda r: (
        f"became leader at epoch {r.get('leader_epoch')}" + _opt(" from offset ", r.get("offset"))
    ),
    "follower_epoch_start": lambda r: (
        f"became follower at epoch {r.get('leader_epoch')}" + _opt(" from offset ", r.get("offset"))
    ),
    "follower_truncation": lambda r: (
        f"follower truncating to offset {r.get('offset')}" + _opt(" below high watermark ", r.get("hw"))
    ),
    "log_truncation": lambda r: f"log truncated to offset {r.get('offset')}",
    "hw_update": lambda r: f"high watermark {r.get('hw')}",
    "hw_non_monotonic": lambda r: f"high watermark went back to {r.get('hw')}",
    "not_enough_replicas": lambda r: "write refused: NOT_ENOUGH_REPLICAS",
    "partition_state_change": lambda r: (
        f"controller: {r.get('prev_state') or '?'} -> {r.get('state')}"
        + _opt(", leader ", r.get("leader"))
        + _opt(", ISR ", r.get("isr"))
    ),
    "leader_election": lambda r: (
        "controller electing a leader"
        + (f": leader {r['leader']}, ISR {_ids(r.get('isr'))}" if r.get("leader") is not None else "")
    ),
    "new_leader_and_isr": lambda r: (
        f"controller: leader {r.get('leader')}"
        + _opt(", epoch ", r.get("leader_epoch"))
        + _opt(", ISR ", r.get("isr"))
    ),
    "partition_state_change_failed": lambda r: (
        f"controller failed to move it to {r.get('state')}" + (f": {r['error']}" if r.get("error") else "")
    ),
    "unclean_election": lambda r: f"UNCLEAN election: leader {r.get('leader')} from outside the ISR",
    "zk_partition_state": lambda r: (
        f"ZooKeeper state: leader {r.get('leader')}, epoch {r.get('leader_epoch')}, "
        f"ISR {_ids(r.get('isr'))}, version {r.get('zk_version')}"
    ),
}
_FIELDS = (
    "state",
    "leader",
    "leader_epoch",
    "isr",
    "hw",
    "offset",
    "zk_version",
    "generation",
    "member",
    "error",
)


def describe(r: dict[str, Any]) -> str:
    say = _SAY.get(r["kind"])
    if say is not None:
        return say(r)
    shown = [f"{f} {_ids(r[f]) if isinstance(r[f], list) else r[f]}" for f in _FIELDS if r.get(f) is not None]
    return r["kind"].replace("_", " ") + (": " + ", ".join(shown) if shown else "")
