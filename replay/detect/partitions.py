"""Partition findings read off the leaders', followers' and controller's lines: ISR churn,
stale ZooKeeper views, unclean elections, epochs and high watermarks going backwards,
truncation below the high watermark, writes refused under min.insync.replicas."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import polars as pl

from ..findings import Finding, FindingKind, Severity, evidence_of
from . import MINUTE, CheckOptions, by_key, episodes, minutes, per_check, rows_of


def _tp(row: dict[str, Any]) -> str:
    return f"{row['topic']}-{row['partition']}"


def _ids(values: Any) -> str:
    return ",".join(str(v) for v in values or ())


def _broker(row: dict[str, Any]) -> int | None:
    """The broker that wrote the line: its own prefix (``[Partition t-0 broker=1]``) first."""
    return row.get("node") if row.get("node") is not None else row.get("broker")


def _writer(row: dict[str, Any]) -> str:
    """Who wrote the line, as a finding names it: ``broker 1``, or (its id unknown) the file's
    broker, since one file is one broker's log."""
    broker = _broker(row)
    return f"broker {broker}" if broker is not None else f"the broker that wrote {row['source']}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _details(row: dict[str, Any]) -> dict[str, Any]:
    text = row.get("details")
    return json.loads(text) if text else {}


# -- ISR flapping ------------------------------------------------------------------------------
def isr_flapping(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A partition whose ISR shrinks and expands again at least ``flap_min`` times, each change
    within ``flap_window_ms`` of the previous: a follower that keeps falling behind and
    catching up (replica.lag.time.max.ms too tight for its fetch latency, a slow disk, GC)."""
    rows = rows_of(
        events,
        ["isr_shrink", "isr_expand", "isr_updated"],
        ["topic", "partition", "isr", "prev_isr", "node", "broker"],
    )
    out: list[Finding] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        changes = _isr_changes(mine)
        for run in episodes(changes, opts.flap_window_ms):
            cycles = _cycles(run)
            if cycles >= opts.flap_min:
                out.append(_flapping(scope, f"{topic}-{partition}", run, cycles))
    return out


def _isr_changes(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each real change once, marked ``shrink`` / ``expand``: Kafka logs one change in up to two
    lines ("Shrinking ISR" then "ISR updated"), and "ISR updated" alone from 2.8."""
    current: tuple[int, ...] | None = None
    out: list[dict[str, Any]] = []
    for r in rows:
        isr = tuple(r["isr"] or ())
        before = tuple(r["prev_isr"]) if r.get("prev_isr") is not None else current
        # Kafka prints the ISR as a set: the same members in another order are no change
        if not isr or (current is not None and set(isr) == set(current)) or before is None:
            current = isr or current
            continue
        gone, came = set(before) - set(isr), set(isr) - set(before)
        if gone or came:
            out.append(
                {**r, "change": "shrink" if gone else "expand", "gone": sorted(gone), "came": sorted(came)}
            )
        current = isr
    return out


def _cycles(run: list[dict[str, Any]]) -> int:
    """Shrinks later undone by an expand of the same replica."""
    out = 0
    pending: set[int] = set()
    for c in run:
        if c["change"] == "shrink":
            pending |= set(c["gone"])
        else:
            back = pending & set(c["came"])
            out += 1 if back else 0
            pending -= back
    return out


def _flapping(scope: str, tp: str, run: list[dict[str, Any]], cycles: int) -> Finding:
    replicas = Counter(b for c in run if c["change"] == "shrink" for b in c["gone"])
    who = ", ".join(f"broker {b} ({n}x)" for b, n in sorted(replicas.items(), key=lambda kv: (-kv[1], kv[0])))
    span = run[-1]["at"] - run[0]["at"]
    return Finding(
        kind=FindingKind.ISR_FLAPPING,
        severity=Severity.WARNING,
        scope=scope,
        entity=f"partition {tp}",
        start=run[0]["at"],
        end=run[-1]["at"],
        expected="a replica that leaves the ISR stays out until it has caught up for good",
        observed=f"{cycles} shrink/expand cycles in {minutes(span)}; out of sync: {who}",
        message=(
            f"The ISR of {tp} shrank and grew back {cycles} times in {minutes(span)} ({who}): that follower "
            "keeps falling behind for replica.lag.time.max.ms; check its fetch latency, disk and GC, "
            "or raise replica.lag.time.max.ms."
        ),
        evidence=evidence_of(run),
        details={"cycles": cycles, "out_of_sync": dict(sorted(replicas.items()))},
    )


# -- the KAFKA-2729 loop -----------------------------------------------------------------------
def zk_broker_mismatch(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """ "Cached zkVersion [N] not equal to that in zookeeper, skip updating ISR": the leader's
    view of the partition state is older than ZooKeeper's, so every ISR change it attempts is
    refused.  One finding per broker and episode, with the partitions stuck."""
    rows = rows_of(events, ["isr_update_skipped"], ["topic", "partition", "zk_version", "node", "broker"])
    for r in rows:
        r["writer"] = _writer(r)
    out: list[Finding] = []
    for (scope, broker), mine in sorted(by_key(rows, "scope", "writer").items()):
        for run in episodes(mine, 60 * MINUTE):
            tps = sorted({_tp(r) for r in run})
            span = run[-1]["at"] - run[0]["at"]
            shown = ", ".join(tps[:5]) + (f" and {len(tps) - 5} more" if len(tps) > 5 else "")
            out.append(
                Finding(
                    kind=FindingKind.ZK_BROKER_MISMATCH,
                    severity=Severity.ERROR,
                    scope=scope,
                    entity=broker,
                    start=run[0]["at"],
                    end=run[-1]["at"],
                    expected="the leader's cached zkVersion equals the partition state's version in "
                    "ZooKeeper",
                    observed=f"{len(run)} ISR updates skipped over {minutes(span)} for {len(tps)} "
                    f"partitions ({shown})",
                    message=(
                        f"{_cap(broker)} holds a stale view of {len(tps)} partitions and cannot change "
                        "their ISR (the KAFKA-2729 loop, usually after its ZooKeeper session expired): "
                        f"restart {broker} so the controller sends it the current state."
                    ),
                    evidence=evidence_of(run),
                    details={
                        "partitions": tps,
                        "skipped": len(run),
                        "cached_zk_versions": sorted(
                            {r["zk_version"] for r in run if r.get("zk_version") is not None}
                        ),
                    },
                )
            )
    return out


def zk_view_mismatch(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A leader's "ISR updated to … version N" against ZooKeeper's own record of version N
    (a snapshot, a transaction log, an export or a zkCli capture ingested beside the logs):
    one znode version has one content, so a different ISR means the broker's view and
    ZooKeeper's differ — a write the broker believes it made that ZooKeeper holds otherwise."""
    rows = rows_of(
        events,
        ["zk_partition_state", "isr_updated"],
        ["topic", "partition", "isr", "zk_version", "node", "broker", "leader"],
    )
    out: list[Finding] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        held: dict[int, dict[str, Any]] = {}
        for r in mine:
            if (
                r["kind"] == "zk_partition_state"
                and r.get("zk_version") is not None
                and r.get("isr") is not None
            ):
                held.setdefault(r["zk_version"], r)
        if not held:
            continue
        tp = f"{topic}-{partition}"
        for r in mine:
            if r["kind"] != "isr_updated" or r.get("zk_version") is None or r.get("isr") is None:
                continue
            zk = held.get(r["zk_version"])
            if zk is None or set(zk["isr"]) == set(r["isr"]):
                continue
            who = _writer(r)
            out.append(
                Finding(
                    kind=FindingKind.ZK_BROKER_MISMATCH,
                    severity=Severity.ERROR,
                    scope=scope,
                    entity=f"partition {tp}",
                    start=min(r["at"], zk["at"]),
                    end=max(r["at"], zk["at"]),
                    expected=f"version {r['zk_version']} of {tp}'s state holds the ISR the leader wrote",
                    observed=f"{who} says ISR {_ids(r['isr'])} at version {r['zk_version']}; ZooKeeper holds "
                    f"ISR {_ids(zk['isr'])}",
                    message=(
                        f"{_cap(who)} and ZooKeeper disagree on {tp}'s ISR at version {r['zk_version']}: the "
                        "broker acts on a state ZooKeeper does not hold (a lost session, or logs and dump "
                        "from different clusters); compare the dump's time with the broker's ZooKeeper "
                        "session lines."
                    ),
                    evidence=evidence_of([r, zk]),
                    details={
                        "zk_version": r["zk_version"],
                        "broker_isr": list(r["isr"]),
                        "zk_isr": list(zk["isr"]),
                    },
                )
            )
    return out


# -- elections ---------------------------------------------------------------------------------
def unclean_election(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A leader elected from outside the ISR: whatever the old ISR had and the new leader had
    not is gone.  Read from the controller's own words where it says so ("No broker in ISR is
    alive … There's potential data loss", 0.8-1.0; KRaft's "UNCLEAN partition change", 3.0+),
    and otherwise derived from the state-change log: a partition going from OfflinePartition
    to OnlinePartition with a leader that was not in the last ISR the logs showed for it (the
    controller keeps the last leader in the ISR of an offline partition, so a clean election
    can only pick an ISR member).  Once per check (``per_check``): ``data_loss`` reads it too."""
    return list(per_check(events, "unclean_election", lambda: _unclean_elections(events)))


def _unclean_elections(events: pl.DataFrame) -> list[Finding]:
    isr_kinds = [
        "partition_state_change",
        "new_leader_and_isr",
        "leader_election",
        "isr_shrink",
        "isr_expand",
        "isr_updated",
        "zk_partition_state",
    ]
    rows = rows_of(
        events,
        ["unclean_election", "kraft_partition_change", *isr_kinds],
        ["topic", "partition", "leader", "brokers", "isr", "prev_isr", "prev_state", "state", "template",
         "leader_epoch"],
    )
    out: list[Finding] = []
    said: dict[tuple[str, str], list[int]] = {}  # the controller's own unclean lines, by partition
    kraft: set[tuple[str, str, Any]] = set()  # every KRaft controller replays (and logs) the record
    for r in rows:
        if r.get("topic") is None:
            continue
        if r["kind"] == "unclean_election":
            said.setdefault((r["scope"], _tp(r)), []).append(r["at"])
            out.append(_unclean(r, f"no ISR member was alive; broker {r.get('leader')} was elected from the "
                                   f"live brokers {_ids(r.get('brokers'))}", [r]))
        elif r.get("template") == "kraft.partition_change.unclean":
            # KRaft (3.0+): "UNCLEAN partition change for t-p …: isr: [2] -> [3], leader: 2 -> 3"
            key = (r["scope"], _tp(r), r.get("leader_epoch"))
            said.setdefault(key[:2], []).append(r["at"])
            if key not in kraft:
                kraft.add(key)
                out.append(_unclean(r, f"broker {r.get('leader')} became leader; the ISR before was "
                                       f"{_ids(r.get('prev_isr'))}", [r]))
    last: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        if r.get("topic") is None or r.get("partition") is None or r["kind"] in (
                "unclean_election", "kraft_partition_change"):
            continue
        key = (r["scope"], _tp(r))
        before = last.get(key)
        online = (
            r["kind"] == "partition_state_change"
            and r.get("prev_state") == "OfflinePartition"
            and r.get("state") == "OnlinePartition"
        )
        leader = r.get("leader")
        told = any(abs(r["at"] - t) <= MINUTE for t in said.get(key, ()))  # the same election, said
        if (
            online
            and before is not None
            and leader is not None
            and leader >= 0
            and leader not in before["isr"]
            and not told
        ):
            out.append(
                _unclean(
                    r, f"broker {leader} became leader; the ISR before was {_ids(before['isr'])}", [before, r]
                )
            )
        if r.get("isr"):
            last[key] = r
    return out


def _unclean(r: dict[str, Any], observed: str, rows: list[dict[str, Any]]) -> Finding:
    tp, leader = _tp(r), r.get("leader")
    return Finding(
        kind=FindingKind.UNCLEAN_ELECTION,
        severity=Severity.CRITICAL,
        scope=r["scope"],
        entity=f"partition {tp}",
        start=rows[0]["at"],
        end=r["at"],
        expected="a new leader is chosen from the ISR (unclean.leader.election.enable=false)",
        observed=observed,
        message=(
            f"{tp} got leader {leader} by an unclean election: records the old ISR had acknowledged and "
            f"broker {leader} had not replicated are lost; compare the offsets producers were "
            "acknowledged with the new leader's log end offset, and keep "
            "unclean.leader.election.enable=false where data matters more than availability."
        ),
        evidence=evidence_of(rows),
        details={"leader": leader},
    )


def leader_epoch_regression(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A broker starting a partition at a leader epoch lower than one it started before.  Each
    broker is compared with itself only (clocks of different brokers differ); epoch 0 after a
    higher one is a topic deleted and created again, not a regression."""
    rows = rows_of(
        events,
        ["leader_epoch_start", "follower_epoch_start"],
        ["topic", "partition", "leader_epoch", "node", "broker"],
    )
    for r in rows:
        r["writer"] = _writer(r)
    out: list[Finding] = []
    for (scope, broker, topic, partition), mine in sorted(
        by_key(rows, "scope", "writer", "topic", "partition").items()
    ):
        best: dict[str, Any] | None = None
        for r in mine:
            epoch = r.get("leader_epoch")
            if epoch is None:
                continue
            if best is not None and 0 < epoch < best["leader_epoch"]:
                tp = f"{topic}-{partition}"
                out.append(
                    Finding(
                        kind=FindingKind.LEADER_EPOCH_REGRESSION,
                        severity=Severity.ERROR,
                        scope=scope,
                        entity=f"partition {tp}",
                        start=best["at"],
                        end=r["at"],
                        expected=f"{broker} never starts {tp} below leader epoch "
                        f"{best['leader_epoch']} again",
                        observed=f"leader epoch {best['leader_epoch']}, then {epoch}",
                        message=(
                            f"{_cap(broker)} went back from leader epoch {best['leader_epoch']} to "
                            f"{epoch} on {tp}: "
                            "it acted on a stale LeaderAndIsr (an old controller, or state restored from "
                            "an old "
                            "checkpoint); check the controller epoch of the requests it accepted."
                        ),
                        evidence=evidence_of([best, r]),
                        details={"broker": _broker(mine[0])},
                    )
                )
            best = r  # a step down is reported once; the next is measured from it
    return out


# -- high watermark --------------------------------------------------------------------------
def hw_regression(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """The high watermark going backwards on one broker: Kafka's own "Non-monotonic update of
    high watermark" (2.7.1+), or two lines that print the leader's HW — "High watermark
    updated" (DEBUG), "Shrinking ISR … Leader: (highWatermark: N" (2.2+) — going down with no
    new epoch, truncation or log load between them."""
    kinds = [
        "hw_non_monotonic",
        "hw_update",
        "isr_shrink",
        "leader_epoch_start",
        "follower_epoch_start",
        "log_truncation",
        "follower_truncation",
        "hw_initial",
    ]
    rows = rows_of(events, kinds, ["topic", "partition", "hw", "node", "broker", "details"])
    for r in rows:
        r["writer"] = _writer(r)
    out: list[Finding] = []
    for (scope, broker, topic, partition), mine in sorted(
        by_key(rows, "scope", "writer", "topic", "partition").items()
    ):
        tp = f"{topic}-{partition}"
        last: dict[str, Any] | None = None
        for r in mine:
            if r["kind"] == "hw_non_monotonic":
                before = _details(r).get("prev_hw")
                out.append(_hw(scope, broker, tp, [r], before, r.get("hw")))
            elif r["kind"] in ("hw_update", "isr_shrink"):
                if r.get("hw") is None:
                    continue  # a shrink line of a version that does not print the HW
                if last is not None and r["hw"] < last["hw"]:
                    out.append(_hw(scope, broker, tp, [last, r], last["hw"], r["hw"]))
                last = r
            else:
                last = None  # a new epoch, a truncation or a reload may move it down legitimately
    return out


def _hw(scope: str, broker: str, tp: str, rows: list[dict[str, Any]], before: Any, after: Any) -> Finding:
    return Finding(
        kind=FindingKind.HW_REGRESSION,
        severity=Severity.ERROR,
        scope=scope,
        entity=f"partition {tp}",
        start=rows[0]["at"],
        end=rows[-1]["at"],
        expected="the high watermark never decreases within a leader epoch",
        observed=f"{broker}: high watermark {before} -> {after}",
        message=(
            f"{_cap(broker)} moved the high watermark of {tp} back from {before} to {after}: consumers may "
            "have read records that are no longer committed; look for a leader change or truncation just "
            "before."
        ),
        evidence=evidence_of(rows),
        details={"broker": _broker(rows[0]), "from": before, "to": after},
    )


# -- truncation --------------------------------------------------------------------------------
def truncation_below_hw(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """ "Truncating t-0 to offset X below high watermark H" (ReplicaFetcherThread, 2.0+):
    a replica removed H - X committed records from its log."""
    rows = rows_of(
        events,
        ["follower_truncation"],
        ["template", "topic", "partition", "offset", "hw", "node", "broker", "leader"],
    )
    out: list[Finding] = []
    for r in rows:
        if r.get("template") != "fetcher.truncate_below_hw" or r.get("hw") is None or r.get("offset") is None:
            continue
        lost = r["hw"] - r["offset"]
        if lost <= 0:
            continue
        tp, broker = _tp(r), _writer(r)
        out.append(
            Finding(
                kind=FindingKind.TRUNCATION_BELOW_HW,
                severity=Severity.ERROR,
                scope=r["scope"],
                entity=f"partition {tp}",
                start=r["at"],
                end=r["at"],
                expected="a follower truncates only records above the high watermark (uncommitted ones)",
                observed=f"{broker} truncated to offset {r['offset']}, {lost} records below high "
                f"watermark {r['hw']}",
                message=(
                    f"{_cap(broker)} removed {lost} committed records of {tp} (offsets "
                    f"{r['offset']}-{r['hw'] - 1}) "
                    f"to follow leader {r.get('leader')}: unless another replica still holds them they "
                    "are lost, "
                    "which happens after an unclean election or an old-format (pre-KIP-101) leader change."
                ),
                evidence=evidence_of([r]),
                details={"broker": _broker(r), "to_offset": r["offset"], "hw": r["hw"], "records": lost},
            )
        )
    return out


# -- min.insync.replicas -------------------------------------------------------------------------
def under_min_isr(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """Writes refused with NOT_ENOUGH_REPLICAS, or an ISR Kafka itself marks ``(under-min-isr)``
    (3.5+): the partition cannot take acks=all writes.  One finding per partition episode."""
    rows = rows_of(events, ["not_enough_replicas", "isr_updated"], ["topic", "partition", "isr", "details"])
    rows = [r for r in rows if r["kind"] == "not_enough_replicas" or _details(r).get("under_min_isr")]
    out: list[Finding] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        for run in episodes(mine, opts.flap_window_ms):
            tp = f"{topic}-{partition}"
            refused = sum(1 for r in run if r["kind"] == "not_enough_replicas")
            isrs = [r["isr"] for r in run if r.get("isr")]
            seen = f"; ISR {_ids(isrs[-1])}" if isrs else ""
            out.append(
                Finding(
                    kind=FindingKind.UNDER_MIN_ISR,
                    severity=Severity.ERROR,
                    scope=scope,
                    entity=f"partition {tp}",
                    start=run[0]["at"],
                    end=run[-1]["at"],
                    expected="the ISR holds at least min.insync.replicas replicas",
                    observed=f"{refused} writes refused with NOT_ENOUGH_REPLICAS{seen}",
                    message=(
                        f"{tp} had fewer in-sync replicas than min.insync.replicas, so acks=all producers "
                        "were "
                        "refused: bring the missing replicas back (see the ISR findings and broker failures "
                        "around it)."
                    ),
                    evidence=evidence_of(run),
                    details={"refused": refused},
                )
            )
    return out
