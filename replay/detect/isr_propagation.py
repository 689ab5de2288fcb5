"""``isr_change_not_propagated``: a leader's ISR write in ZooKeeper that no
``/isr_change_notification/isr_change_N`` followed in time, read off ZooKeeper's own history
(a transaction log, or its ``TxnLogToolkit`` text, ingested beside the logs).

Before AlterIsr (IBP < 2.7-IV2) a leader writes its partition's state znode itself — a plain
conditional ``setData`` from its own session that keeps the leader epoch — and its
``isr-change-propagation`` task tells the controller in a sequential notification znode
(``engine/replication/isr_propagation.py``: every 2.5 s, after 5 s without changes or 60 s
after the last one).  So every such write is named by a notification from the same broker
within 62.5 s; until then the controller and every other broker serve stale metadata for the
partition.  A write is judged only when ZooKeeper's history runs past its deadline.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import polars as pl

from kafka_forensics.engine.replication.isr_propagation import CEILING_MS, PERIOD_MS

from ..findings import Evidence, Finding, FindingKind, Severity, iso
from . import CheckOptions, by_key, of_kinds, rows_of
from .partitions import _details

#: a change is in a notification by then: the ceiling, then the task's next run; TxnLogToolkit
#: text prints whole seconds, so one more
DEADLINE_MS = CEILING_MS + PERIOD_MS + 1_000


def isr_change_not_propagated(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    rows = rows_of(events, ["zk_partition_state", "zk_isr_change_notification", "zk_broker_registration"],
                   ["topic", "partition", "leader", "leader_epoch", "isr", "zk_op", "zk_session", "zk_path",
                    "zk_version", "brokers", "zk_data", "details", "zxid"])
    out: list[Finding] = []
    if not rows:
        return out
    # how far ZooKeeper's history reaches, per scope: its last transaction of any kind
    zk = of_kinds(events, [k for k in events.get_column("kind").unique().to_list() if k.startswith("zk_")],
                  ["scope", "ts"])
    ends = dict(zk.group_by("scope").agg(pl.col("ts").max().dt.epoch("ms")).iter_rows()) if zk.height else {}
    for (scope,), mine in sorted(by_key(rows, "scope").items()):
        owners = {int(r["zk_session"]): int(r["brokers"][0]) for r in mine
                  if r["kind"] == "zk_broker_registration" and r.get("zk_op") == "create"
                  and r.get("zk_session") is not None and r.get("brokers")}
        notified = [(r["at"], int(r["zk_session"]), _partitions(r)) for r in mine
                    if r["kind"] == "zk_isr_change_notification" and r.get("zk_op") == "create"
                    and r.get("zk_session") is not None]
        history_ends = ends.get(scope, max(r["at"] for r in mine))
        previous: dict[tuple[str, int], dict[str, Any]] = {}
        for r in mine:
            if r["kind"] != "zk_partition_state" or r.get("topic") is None or r.get("partition") is None:
                continue
            tp = (str(r["topic"]), int(r["partition"]))
            before, previous[tp] = previous.get(tp), r
            writer = owners.get(int(r["zk_session"])) if r.get("zk_session") is not None else None
            if not _leader_isr_write(r, before, writer) or r["at"] + DEADLINE_MS > history_ends:
                continue
            if any(r["at"] <= at <= r["at"] + DEADLINE_MS and session == r["zk_session"] and tp in named
                   for at, session, named in notified):
                continue
            out.append(_finding(scope, tp, r, writer, history_ends))
    return out


def _leader_isr_write(r: Mapping[str, Any], before: Mapping[str, Any] | None, writer: int | None) -> bool:
    """A leader's own ISR write: a plain setData (the controller's are multis with a check of
    /controller_epoch from 2.2, and bump the leader epoch before), by the session of the broker
    the state names as leader, keeping the leader epoch, changing the ISR."""
    if r.get("zk_op") != "setData" or _details(r).get("multi") or writer is None or before is None:
        return False
    return (r.get("leader") == writer and r.get("leader_epoch") == before.get("leader_epoch")
            and sorted(r.get("isr") or ()) != sorted(before.get("isr") or ()))


def _partitions(r: Mapping[str, Any]) -> set[tuple[str, int]]:
    try:
        data = json.loads(r.get("zk_data") or "{}")
    except ValueError:
        return set()
    return {(str(p["topic"]), int(p["partition"])) for p in data.get("partitions") or ()
            if isinstance(p, dict) and "topic" in p and "partition" in p}


def _finding(scope: str, tp: tuple[str, int], r: Mapping[str, Any], broker: int | None,
             history_ends: int) -> Finding:
    name = f"{tp[0]}-{tp[1]}"
    isr = "[" + ",".join(str(b) for b in r.get("isr") or ()) + "]"
    covered = (history_ends - r["at"]) / 1000
    return Finding(
        kind=FindingKind.ISR_CHANGE_NOT_PROPAGATED,
        severity=Severity.WARNING,
        scope=scope,
        entity=f"partition {name}",
        start=r["at"],
        end=r["at"] + DEADLINE_MS,
        expected=f"broker {broker} names {name} in an /isr_change_notification/isr_change_N by "
        f"{iso(r['at'] + DEADLINE_MS)} (isr-change-propagation: every 2.5 s, 5 s blackout, 60 s ceiling)",
        observed=f"broker {broker} wrote ISR {isr} (version {r.get('zk_version')}) and no notification from "
        f"its session followed in the {covered:.0f} s ZooKeeper's history covers",
        message=(f"Broker {broker} changed {name}'s ISR in ZooKeeper but never told the controller, so the "
                 "controller's and the other brokers' metadata for it stayed stale: look at broker "
                 f"{broker}'s scheduler and ZooKeeper client around {iso(r['at'])} (a stalled "
                 "isr-change-propagation task, a failed create)."),
        evidence=(Evidence(str(r["source"]), int(r["line"])),),
        details={"broker": broker, "zk_version": r.get("zk_version"), "zxid": r.get("zxid"),
                 "deadline_ms": DEADLINE_MS},
    )
