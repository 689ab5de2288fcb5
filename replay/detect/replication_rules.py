"""Replication rules read off single lines or short chains of them: a partition without a
leader, a caught-up follower shrunk out of the ISR, a high watermark above a log end offset
the same line prints, committed records that no replica keeps any more, and a partition
state znode whose version skipped a write.

Each rule is Kafka's own, read in its source at the releases named beside it; where the
logs cannot show the rule was broken (a release whose lines do not print the numbers, a
writer whose log is missing) the detector says nothing.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from kafka_forensics.parsers.releases import KafkaVersion, bounds

from ..findings import Finding, FindingKind, Severity, evidence_of
from . import CheckOptions, by_key, minutes, rows_of
from .partitions import _broker, _cap, _details, _ids, _tp, _writer

NO_LEADER = -1  # LeaderAndIsr.NoLeader; KRaft's PartitionChangeRecord uses -2 for "unchanged"


# -- offline partitions --------------------------------------------------------------------------
#: lines that show a partition without a leader, and lines that show one elected
_LEADERSHIP_KINDS = [
    "partition_state_change", "partition_state_change_failed", "leader_and_isr_sent", "new_leader_and_isr",
    "kraft_partition_change", "unclean_election",
]


def _offline(r: dict[str, Any]) -> bool | None:
    """True: the line shows the partition without a leader; False: with one; None: neither."""
    kind, leader = r["kind"], r.get("leader")
    if kind == "partition_state_change":
        if r.get("state") == "OfflinePartition":  # PartitionStateMachine, TRACE (Offline is never INFO)
            return True
        if r.get("state") == "OnlinePartition" and r.get("prev_state") is not None:
            return leader == NO_LEADER  # an election: a leader from here on (-1 never happens)
        return None
    if kind == "partition_state_change_failed":
        # "failed to change state for partition t-0 from OfflinePartition to OnlinePartition": no leader
        # could be elected, the partition stays offline (NoReplicaOnlineException, 0.8-1.0; the
        # OfflinePartitionLeaderElectionStrategy, 1.1+)
        return True if r.get("prev_state") == "OfflinePartition" and r.get("state") == "OnlinePartition" \
            else None
    if kind == "kraft_partition_change" and r.get("template") in ("kraft.unclean_election.triggered",
                                                                  "kraft.unclean_election.failed"):
        return True  # 3.9+: "... for offline partition t-0"
    if leader is None or leader < NO_LEADER:
        return None  # not printed, or KRaft's "unchanged"
    if leader == NO_LEADER:
        return True
    if kind == "unclean_election" or kind == "kraft_partition_change":
        return False  # a leader elected (KRaft prints only the fields that changed)
    if kind == "new_leader_and_isr" and (r.get("prev_state") == "OfflinePartition"
                                         or r.get("state") == "OnlinePartition"):
        return False  # "Selected new leader and ISR … for offline partition", "Elected leader 3 …"
    # a LeaderAndIsr / UpdateMetadata carries the last leader ZooKeeper holds, dead or not (0.8-1.0
    # publish an offline partition with its old leader until one is elected): no proof of a leader
    return None


def offline_partition(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A partition without a leader, from the controller's own lines: the partition state
    machine moving it to OfflinePartition (``Changed partition t-0 state from OnlinePartition
    to OfflinePartition``, TRACE), an election for an offline partition that failed, a
    LeaderAndIsr / UpdateMetadata or KRaft partition change with ``leader=-1``.  The window
    runs from the first such line to the next line that names a leader for it (an election,
    Offline -> Online); a partition still without one when the logs end is reported up to its
    last line."""
    rows = rows_of(
        events,
        _LEADERSHIP_KINDS,
        ["topic", "partition", "leader", "state", "prev_state", "template", "isr", "error", "details"],
    )
    out: list[Finding] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        run: list[dict[str, Any]] = []
        for r in mine:
            offline = _offline(r)
            if offline is True:
                run.append(r)
            elif offline is False and run:
                if any(_stuck(x) for x in run):
                    out.append(_offline_finding(scope, f"{topic}-{partition}", run, r))
                run = []
        if run and any(_stuck(x) for x in run):
            out.append(_offline_finding(scope, f"{topic}-{partition}", run, None))
    return out


def _stuck(r: dict[str, Any]) -> bool:
    """A line that shows the controller could not elect a leader (a failed election, ``leader=-1``
    published, KRaft's "offline partition"), as opposed to the OnlinePartition -> OfflinePartition
    step every leader failover takes on its way to the next leader within the same event."""
    return r["kind"] != "partition_state_change"


def _offline_finding(scope: str, tp: str, run: list[dict[str, Any]], back: dict[str, Any] | None) -> Finding:
    end = back["at"] if back is not None else run[-1]["at"]
    span = minutes(end - run[0]["at"])
    failed = sum(1 for r in run if r["kind"] == "partition_state_change_failed")
    tried = f"; {failed} leader elections failed" if failed else ""
    if back is not None:
        observed = f"no leader for {span}{tried}; then leader {back.get('leader')}"
        ends = f"until broker {back.get('leader')} was elected"
    else:
        observed = f"no leader from its first offline line to the end of the logs ({span}){tried}"
        ends = "and the logs end before a leader was elected"
    return Finding(
        kind=FindingKind.OFFLINE_PARTITION,
        severity=Severity.ERROR,
        scope=scope,
        entity=f"partition {tp}",
        start=run[0]["at"],
        end=end,
        expected="every partition has a live leader",
        observed=observed,
        message=(
            f"{tp} had no leader {ends}, so it could be neither read nor written: every replica of its ISR "
            "was down; bring one of them back (or, accepting the loss of what it lacks, elect another "
            "replica uncleanly)."
        ),
        evidence=evidence_of([*run, *([back] if back is not None else [])]),
        details={"failed_elections": failed,
                 "leader_after": back.get("leader") if back is not None else None},
    )


# -- ISR shrink of a caught-up follower ----------------------------------------------------------
#: KAFKA-7152 (2.1.0): Partition.getOutOfSyncReplicas never counts a follower whose log end
#: offset equals the leader's as out of sync (``r.logEndOffset != leaderEndOffset && lag >
#: replica.lag.time.max.ms``; Replica.isCaughtUp from 3.6).  2.2 added both end offsets to the
#: "Shrinking ISR" line, so every line that prints them was written under that rule.
CAUGHT_UP_RULE: KafkaVersion = (2, 1, 0)


def _rule_holds(r: dict[str, Any], wording: Any) -> bool:
    """Whether the release that wrote ``r`` has the caught-up rule: the scope's release as its
    logs' wording narrows it (``replay.versions``), else — brokers on different releases — the
    range of the line's own wording; unknown is no."""
    if wording is not None and wording.range is not None:
        return bool(wording.range[0] >= CAUGHT_UP_RULE)
    versions = r.get("versions")
    return bool(versions) and bounds(versions)[0] >= CAUGHT_UP_RULE


def _out_of_sync(r: dict[str, Any]) -> list[dict[str, Any]]:
    """The replicas a 2.2+ shrink line names with their end offsets (``unknown`` / -1 left out:
    a replica the leader holds no fetch state for)."""
    return [o for o in _details(r).get("out_of_sync") or ()
            if o.get("broker") is not None and o.get("end_offset") is not None and o["end_offset"] >= 0]


def isr_shrink_without_lag(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """"Shrinking ISR from 1,2,3 to 1,3. Leader: (highWatermark: H, endOffset: E). Out of sync
    replicas: (brokerId: 2, endOffset: E)": the leader removed a follower whose log end offset
    equals its own, which its release's rule (KAFKA-7152, 2.1+) never counts as out of sync.
    Only lines whose wording proves a release with that rule are judged."""
    from ..versions import kafka_versions

    rows = rows_of(events, ["isr_shrink"], ["topic", "partition", "isr", "prev_isr", "hw", "leo", "node",
                                            "broker", "details", "versions"])
    rows = [r for r in rows if r.get("leo") is not None and r.get("topic") is not None]
    if not rows:
        return []
    releases = kafka_versions(events)
    out: list[Finding] = []
    for r in rows:
        if not _rule_holds(r, releases.get(r["scope"])):
            continue
        caught_up = [o for o in _out_of_sync(r) if o["end_offset"] == r["leo"]]
        if not caught_up:
            continue
        tp, who = _tp(r), _writer(r)
        ids = ",".join(str(o["broker"]) for o in caught_up)
        plural = "s" if len(caught_up) > 1 else ""
        out.append(
            Finding(
                kind=FindingKind.ISR_SHRINK_WITHOUT_LAG,
                severity=Severity.WARNING,
                scope=r["scope"],
                entity=f"partition {tp}",
                start=r["at"],
                end=r["at"],
                expected="a follower whose log end offset equals the leader's is never out of sync "
                "(KAFKA-7152, Kafka 2.1+)",
                observed=f"{who} (log end offset {r['leo']}) removed broker{plural} {ids} at end offset "
                f"{r['leo']} from ISR {_ids(r.get('prev_isr'))}",
                message=(
                    f"{_cap(who)} shrank broker{plural} {ids} out of {tp}'s ISR although "
                    f"{'they were' if plural else 'it was'} fully caught up (end offset {r['leo']}, equal to "
                    "the leader's): the leader judged stale fetch state, typically after a pause of its own; "
                    f"check {who}'s GC and request-handler stalls at that time."
                ),
                evidence=evidence_of([r]),
                details={"broker": _broker(r), "caught_up": [o["broker"] for o in caught_up],
                         "leader_end_offset": r["leo"]},
            )
        )
    return out


# -- high watermark above a log end offset ---------------------------------------------------------
def hw_above_isr_leo(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """The leader's own "Shrinking ISR … Leader: (highWatermark: H, endOffset: E). Out of sync
    replicas: (brokerId: 2, endOffset: F)" (2.2+) prints its high watermark beside its own log
    end offset and those of the ISR members it removes, all read under the partition's lock:
    H > E, or H > F for a member still in the ISR until that line, breaks the invariant that
    the high watermark is the smallest log end offset of the ISR (TLA+ ValidHighWatermark)."""
    rows = rows_of(events, ["isr_shrink"], ["topic", "partition", "isr", "prev_isr", "hw", "leo", "node",
                                            "broker", "details"])
    out: list[Finding] = []
    for r in rows:
        hw = r.get("hw")
        if hw is None or r.get("topic") is None:
            continue
        below: list[tuple[str, int]] = []
        if r.get("leo") is not None and hw > r["leo"] >= 0:
            below.append(("the leader", r["leo"]))
        members = set(r.get("prev_isr") or ())
        for o in _out_of_sync(r):
            if hw > o["end_offset"] and (not members or o["broker"] in members):
                below.append((f"broker {o['broker']}", o["end_offset"]))
        if not below:
            continue
        tp, who = _tp(r), _writer(r)
        shown = ", ".join(f"{name} at {leo}" for name, leo in below)
        out.append(
            Finding(
                kind=FindingKind.HW_ABOVE_ISR_LEO,
                severity=Severity.ERROR,
                scope=r["scope"],
                entity=f"partition {tp}",
                start=r["at"],
                end=r["at"],
                expected="the high watermark is at most the log end offset of every ISR member",
                observed=f"{who}: high watermark {hw}; log end offsets {shown}",
                message=(
                    f"{_cap(who)} held high watermark {hw} for {tp} above the log end offset of {shown}: "
                    "an ISR member lacks records counted as committed (it truncated without leaving the "
                    "ISR), which is how committed data gets lost; look for that replica's restart or "
                    "truncation just before."
                ),
                evidence=evidence_of([r]),
                details={"broker": _broker(r), "hw": hw,
                         "below": {name: leo for name, leo in below}},
            )
        )
    return out


# -- data loss -------------------------------------------------------------------------------------
def data_loss(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """Committed records no replica keeps: after an unclean election (``unclean_election``), the
    new leader's log is what every replica converges to, so what the old ISR had committed and
    it lacks is gone.  The committed end H is the largest high watermark seen before the
    election on another broker (a shrink line's, "High watermark updated", a leader's start
    line's) or printed by a follower that truncates below it to follow the new leader
    ("Truncating t-0 to offset X below high watermark H", 2.0+); the new leader's end is its
    start offset at the new epoch (0.11+: the log end offset it became leader with) or the X
    its followers truncate to.  ``truncation_below_hw`` reports each replica's truncation; this
    finding adds that the new leader was elected uncleanly, so no replica keeps the offsets."""
    from .partitions import unclean_election

    elections = unclean_election(events, opts)
    if not elections:
        return []
    rows = rows_of(events, ["follower_truncation", "leader_epoch_start", "hw_update", "isr_shrink"],
                   ["template", "topic", "partition", "offset", "hw", "leader", "leader_epoch", "node",
                    "broker"])
    by_tp = by_key(rows, "scope", "topic", "partition")
    out: list[Finding] = []
    for u in elections:
        leader = u.details.get("leader")
        tp = u.entity.removeprefix("partition ")
        topic, _, part = tp.rpartition("-")
        if leader is None or not part.isdigit():
            continue
        mine = by_tp.get((u.scope, topic, int(part)), [])
        later = [r for r in mine if r["at"] >= u.end - MINUTE_SKEW]
        lows: list[tuple[int, dict[str, Any]]] = []
        highs: list[tuple[int, dict[str, Any]]] = []
        for r in later:
            below = r["kind"] == "follower_truncation" and r.get("template") == "fetcher.truncate_below_hw"
            if below and r.get("leader") == leader and None not in (r.get("offset"), r.get("hw")):
                lows.append((r["offset"], r))
                highs.append((r["hw"], r))
        start = next((r for r in later if r["kind"] == "leader_epoch_start" and _broker(r) == leader
                      and r.get("offset") is not None), None)
        if start is not None:
            lows.append((start["offset"], start))
        before = [r for r in mine if r["at"] < u.start and r.get("hw") is not None and _broker(r) != leader
                  and r["kind"] in ("hw_update", "isr_shrink", "leader_epoch_start")]
        if before:
            best = max(before, key=lambda r: r["hw"])
            highs.append((best["hw"], best))
        if not lows or not highs:
            continue
        lo, lo_row = min(lows, key=lambda x: x[0])
        hi, hi_row = max(highs, key=lambda x: x[0])
        if hi <= lo:
            continue
        count = hi - lo
        used = [r for _, r in lows + highs]
        out.append(
            Finding(
                kind=FindingKind.DATA_LOSS,
                severity=Severity.CRITICAL,
                scope=u.scope,
                entity=u.entity,
                start=min([u.start, *(r["at"] for r in used)]),
                end=max([u.end, *(r["at"] for r in used)]),
                expected="records below the high watermark stay on every replica that can become "
                "leader",
                observed=f"high watermark {hi} before the unclean election of broker {leader}; its log ends "
                f"at {lo}: {count} committed records, offsets {lo}-{hi - 1}",
                message=(
                    f"{count} committed records of {tp} (offsets {lo}-{hi - 1}) are lost: broker {leader} "
                    "was elected uncleanly without them and every replica truncates to its log (the "
                    "truncation findings show each replica's share); tell the producers' owners which "
                    "offsets, and keep unclean.leader.election.enable=false where data matters."
                ),
                evidence=tuple(sorted({*u.evidence, *evidence_of(used)})),
                details={"leader": leader, "records": count, "from_offset": lo, "to_offset": hi - 1,
                         "hw_seen": str(evidence_of([hi_row])[0]), "end_seen": str(evidence_of([lo_row])[0])},
            )
        )
    return out


MINUTE_SKEW = 60_000  # lines of other brokers this close before the controller's election may follow it
