"""Replication rules read off single lines or short chains of them: a partition without a
leader, a caught-up follower shrunk out of the ISR, a high watermark above a log end offset
the same line prints, committed records that no replica keeps any more, and a partition
state znode whose version skipped a write.

Each rule is Kafka's own, read in its source at the releases named beside it; where the
logs cannot show the rule was broken (a release whose lines do not print the numbers, a
writer whose log is missing) the detector says nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import polars as pl

from kafka_forensics.parsers.releases import KafkaVersion, bounds

from ..findings import Finding, FindingKind, Severity, evidence_of, iso
from . import MINUTE, CheckOptions, by_key, minutes, rows_of
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
    LeaderAndIsr / UpdateMetadata or KRaft partition change with ``leader=-1``.

    A partition's window runs from the first such line to the next line that names a leader
    for it (an election, Offline -> Online), or to its controller's hand-over: the offline
    state lives in the controller's memory (PartitionStateMachine), and a controller that
    resigns ("Resigned", logged by every broker that shuts down: only the writer's counts) or a
    newly elected one (which reads each partition from ZooKeeper and brings one whose leader is
    alive online without a line, ``initializePartitionState``) ends what the lines can prove.
    A partition still without a leader when the logs end is reported up to its last line.

    Partitions that went offline together — each window starting within ``OUTAGE_GAP_MS`` of
    the previous one in the same scope — are one outage and one finding, named after the
    brokers whose loss explains it (``broker 1``; ``brokers 0,1``; ``cluster`` when no line
    says): the ISR members at the time (with unclean election disabled a partition is offline
    exactly when its whole ISR is gone), else the brokers the controller saw fail or shut down
    just before.  Stretches in which the logs hold no line from any broker (``SILENCE_MS``) are
    named, and not counted as outage the logs show: a cluster switched off for the night."""
    rows = rows_of(
        events,
        _LEADERSHIP_KINDS,
        ["topic", "partition", "leader", "state", "prev_state", "template", "isr", "error", "details",
         "node"],
    )
    if not rows:
        return []
    isr_rows = by_key(rows_of(events, [*_LEADERSHIP_KINDS, *_ISR_KINDS], ["topic", "partition", "isr"]),
                      "scope", "topic", "partition")
    handovers = _handovers(events)
    runs: list[_Run] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        isr = isr_rows.get((scope, topic, partition), [])
        runs += _runs(scope, f"{topic}-{partition}", mine, handovers.get(scope, []), isr)
    if not runs:
        return []
    silences = _silences(events)
    causes = _cause_rows(events)
    out: list[Finding] = []
    for outage in _outages(runs):
        scope = outage[0].scope
        cause, cause_rows = _lost(outage, causes.get(scope, []))
        quiet = [s for s in silences.get(scope, []) if outage_start(outage) <= s.start
                 and s.end <= max(x.end for x in outage)]
        if len({x.tp for x in outage}) == 1 and len(outage) == 1:
            out.append(_offline_finding(outage[0], cause, cause_rows, quiet))
        else:
            out.append(_outage_finding(outage, cause, cause_rows, quiet))
    return out


def _stuck(r: dict[str, Any]) -> bool:
    """A line that shows the controller could not elect a leader (a failed election, ``leader=-1``
    published, KRaft's "offline partition"), as opposed to the OnlinePartition -> OfflinePartition
    step every leader failover takes on its way to the next leader within the same event."""
    return r["kind"] != "partition_state_change"


OUTAGE_GAP_MS = MINUTE  # a partition going offline this soon after another is part of the same outage
CAUSE_MS = MINUTE  # the controller's broker failure / shutdown lines this soon before an outage explain it
SILENCE_MS = 30 * MINUTE  # no line from any broker for this long: the logs say nothing about that stretch
EVIDENCE_PER_PARTITION = 2  # an outage's evidence: each partition's first and last line

#: lines that print a partition's ISR after them (the leaders' ISR changes and the controller's writes)
_ISR_KINDS = ["controller_isr_removal", "isr_shrink", "isr_expand", "isr_updated"]


@dataclass(frozen=True)
class _Run:
    """One partition's time without a leader: its offline lines, the line that named a leader
    (``back``) or the controller hand-over that ended what the lines prove (``handover``), and
    its ISR when it went offline (the brokers whose loss took it offline)."""

    scope: str
    tp: str
    rows: list[dict[str, Any]]
    back: dict[str, Any] | None
    handover: dict[str, Any] | None
    isr: tuple[int, ...]

    @property
    def start(self) -> int:
        return int(self.rows[0]["at"])

    @property
    def end(self) -> int:
        closing = self.back or self.handover
        return int(closing["at"] if closing is not None else self.rows[-1]["at"])

    @property
    def failed(self) -> int:
        return sum(1 for r in self.rows if r["kind"] == "partition_state_change_failed")


@dataclass(frozen=True)
class _Silence:
    start: int  # the last line before it
    end: int  # the first line after it
    switched_off: bool  # shutdown lines just before and start-up lines just after
    rows: tuple[dict[str, Any], ...]  # those lines


def _runs(scope: str, tp: str, mine: list[dict[str, Any]], ends: list[dict[str, Any]],
          isr: list[dict[str, Any]]) -> list[_Run]:
    """One partition's windows without a leader that show a failed election (not the Offline
    step of every failover)."""
    out: list[_Run] = []
    run: list[dict[str, Any]] = []

    def close(back: dict[str, Any] | None, handover: dict[str, Any] | None) -> None:
        if any(_stuck(x) for x in run):
            out.append(_Run(scope, tp, list(run), back, handover, _isr_at(isr, run[0]["at"])))

    for r in mine:
        offline = _offline(r)
        if offline is None or (offline is False and not run):
            continue
        handover = _handover(ends, run) if run else None
        if handover is not None and handover["at"] <= r["at"]:
            close(None, handover)
            run = []
            if offline is False:
                continue
        if offline is True:
            run.append(r)
        else:
            close(r, None)
            run = []
    if run:
        close(None, _handover(ends, run))
    return out


def outage_start(outage: list[_Run]) -> int:
    return min(x.start for x in outage)


def _outages(runs: list[_Run]) -> list[list[_Run]]:
    """Runs of one scope whose windows start within ``OUTAGE_GAP_MS`` of the previous one."""
    out: list[list[_Run]] = []
    for run in sorted(runs, key=lambda x: (x.scope, x.start, x.tp)):
        if out and out[-1][0].scope == run.scope and run.start - out[-1][-1].start <= OUTAGE_GAP_MS:
            out[-1].append(run)
        else:
            out.append([run])
    return out


def _isr_at(rows: list[dict[str, Any]], at: int) -> tuple[int, ...]:
    """The ISR the last line at or before ``at`` printed (the controller keeps the last member
    of a partition whose ISR all died: ``Leader:-1,ISR:0``)."""
    isr: tuple[int, ...] = ()
    for r in rows:
        if r["at"] > at:
            break
        if r.get("isr"):
            isr = tuple(r["isr"])
    return isr


_RESIGNED = "resigned"


def _handovers(events: pl.DataFrame) -> dict[str, list[dict[str, Any]]]:
    """Per scope, the lines after which a controller's partition states no longer hold: a new
    controller elected, a controller resigned."""
    rows = rows_of(events, ["controller_elected", "controller_resigned"], ["node", "state", "controller"])
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        if r["kind"] == "controller_elected" or r.get("state") == _RESIGNED:
            out.setdefault(r["scope"], []).append(r)
    return out


def _handover(ends: list[dict[str, Any]], run: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first hand-over after the run's last line that ends its controller's view: any
    election, or the resignation of the controller that wrote the run (every broker logs
    "Resigned" when it shuts down, controller or not)."""
    writer = run[0].get("node")
    last = run[-1]["at"]
    for e in ends:
        if e["at"] <= last:
            continue
        if e["kind"] == "controller_elected" or writer is None or e.get("node") == writer:
            return e
    return None


def _cause_rows(events: pl.DataFrame) -> dict[str, list[dict[str, Any]]]:
    """Per scope, the controller's lines naming brokers it lost: "Broker failure callback for 1",
    "Shutting down broker 1" (a controlled shutdown), "deleted brokers: 1"."""
    rows = rows_of(events, ["broker_failure", "broker_shutdown", "broker_change"], ["brokers", "details"])
    out: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        lost = _details(r).get("deleted") if r["kind"] == "broker_change" else r.get("brokers")
        if lost:
            out.setdefault(r["scope"], []).append({**r, "lost": tuple(lost)})
    return out


def _lost(outage: list[_Run], causes: list[dict[str, Any]]) -> tuple[tuple[int, ...], list[dict[str, Any]]]:
    """The brokers whose loss explains the outage, and the controller's lines that name them:
    each partition's ISR when it went offline, else what the controller saw go just before."""
    start = outage_start(outage)
    near = [c for c in causes if start - CAUSE_MS <= c["at"] <= start]
    seen = {b for c in near for b in c["lost"]}
    brokers: set[int] = set()
    for run in outage:
        brokers |= set(run.isr) if run.isr else seen
    return tuple(sorted(brokers)), [c for c in near if brokers & set(c["lost"])]


_DOWN = {"shutting_down", "shut_down", "unclean_shutdown", "controlled_shutdown", _RESIGNED}
_UP = {"starting", "started"}


def _silences(events: pl.DataFrame) -> dict[str, list[_Silence]]:
    """Per scope, the stretches of ``SILENCE_MS`` or more with no line from any broker; a silence
    the brokers' own shutdown lines open and their start-up lines close is the cluster switched
    off."""
    from . import with_scope

    table = with_scope(events).select("scope", pl.col("ts").dt.epoch("ms").alias("at")).drop_nulls()
    gaps = (table.sort(["scope", "at"])
            .with_columns(prev=pl.col("at").shift(1).over("scope"))
            .filter(pl.col("at") - pl.col("prev") >= SILENCE_MS))
    if gaps.height == 0:
        return {}
    life = rows_of(events, ["broker_lifecycle", "controller_lifecycle", "controller_resigned",
                            "controller_elected"], ["state", "node"])
    out: dict[str, list[_Silence]] = {}
    for scope, end, start in gaps.select("scope", "at", "prev").iter_rows():
        mine = [r for r in life if r["scope"] == scope]
        down = [r for r in mine if start - MINUTE <= r["at"] <= start and r.get("state") in _DOWN]
        up = [r for r in mine if end <= r["at"] <= end + MINUTE
              and (r.get("state") in _UP or r["kind"] == "controller_elected")]
        shown = (down[-1:] + up[:1]) if down and up else []
        out.setdefault(scope, []).append(_Silence(start, end, bool(shown), tuple(shown)))
    return out


def _logged(start: int, end: int, quiet: list[_Silence]) -> int:
    return end - start - sum(s.end - s.start for s in quiet)


def _quiet_text(quiet: list[_Silence]) -> str:
    """"; the logs hold no line from any broker from … to … (the cluster was switched off)"."""
    if not quiet:
        return ""
    parts = [f"{iso(s.start)} to {iso(s.end)}" + (" (the brokers shut down and started again)"
                                                  if s.switched_off else "") for s in quiet]
    return (f"; not counted: {minutes(sum(s.end - s.start for s in quiet))} in which the logs hold no line "
            f"from any broker ({', '.join(parts)})")


def _ending(run: _Run) -> tuple[str, str]:
    """(observed tail, message clause) for how a partition's window ends."""
    if run.back is not None:
        return f"then leader {run.back.get('leader')}", f"until broker {run.back.get('leader')} was elected"
    if run.handover is not None:
        what = _handover_text(run.handover)
        return (f"then {what} (a new controller reads the partition afresh from ZooKeeper and brings it "
                "online without a line if its leader is alive)"), f"until {what}"
    return "", "and the logs end before a leader was elected"


def _handover_text(row: dict[str, Any]) -> str:
    who = row.get("node")
    if row["kind"] == "controller_resigned":
        return f"controller {who} resigned at {iso(row['at'])}"
    return f"controller {who} was elected at {iso(row['at'])}" if who is not None else \
        f"a new controller was elected at {iso(row['at'])}"


def _offline_finding(run: _Run, lost: tuple[int, ...], cause_rows: list[dict[str, Any]],
                     quiet: list[_Silence]) -> Finding:
    span = minutes(_logged(run.start, run.end, quiet))
    failed = run.failed
    tried = f"; {failed} leader elections failed" if failed else ""
    tail, ends = _ending(run)
    if run.back is None and run.handover is None:
        observed = f"no leader from its first offline line to the end of the logs ({span}){tried}"
    else:
        observed = f"no leader for {span}{tried}; {tail}"
    observed += _quiet_text(quiet)
    closing = [x for x in (run.back, run.handover) if x is not None]
    details: dict[str, Any] = {"failed_elections": failed,
                               "leader_after": run.back.get("leader") if run.back is not None else None}
    if lost:
        details["brokers"] = list(lost)
    if quiet:
        details["silences"] = [{"from": iso(s.start), "to": iso(s.end), "switched_off": s.switched_off}
                               for s in quiet]
    return Finding(
        kind=FindingKind.OFFLINE_PARTITION,
        severity=Severity.ERROR,
        scope=run.scope,
        entity=f"partition {run.tp}",
        start=run.start,
        end=run.end,
        expected="every partition has a live leader",
        observed=observed,
        message=(
            f"{run.tp} had no leader {ends}, so it could be neither read nor written: every replica of its "
            "ISR was down; bring one of them back (or, accepting the loss of what it lacks, elect another "
            "replica uncleanly)."
        ),
        evidence=evidence_of([*run.rows, *closing, *cause_rows, *(r for s in quiet for r in s.rows)]),
        details=details,
    )


def _outage_finding(outage: list[_Run], lost: tuple[int, ...], cause_rows: list[dict[str, Any]],
                    quiet: list[_Silence]) -> Finding:
    """Partitions that went offline together: one finding, named after the brokers it lost."""
    scope = outage[0].scope
    start, end = outage_start(outage), max(x.end for x in outage)
    names = sorted({x.tp for x in outage}, key=_tp_order)
    topics = Counter(tp.rpartition("-")[0] for tp in names)
    per_topic = ", ".join(f"{t} ×{n}" if n > 1 else t for t, n in sorted(topics.items()))
    entity = (f"broker {lost[0]}" if len(lost) == 1 else f"brokers {_ids(lost)}" if lost else "cluster")
    where = (f"whose whole ISR was on broker {lost[0]}" if len(lost) == 1
             else f"whose whole ISR was on brokers {_ids(lost)}" if lost
             else "whose ISR members were all down")
    fix = f"bring {entity} back" if lost else "bring their ISR members back"
    planned = {b for r in cause_rows if r["kind"] == "broker_shutdown" for b in r["lost"]}
    if lost and set(lost) <= planned:
        where += f" while {'it was' if len(lost) == 1 else 'they were'} being shut down (controlled shutdown)"
    back = [x for x in outage if x.back is not None]
    handed = [x for x in outage if x.back is None and x.handover is not None]
    open_ = [x for x in outage if x.back is None and x.handover is None]
    leaders = sorted(Counter(x.back.get("leader") for x in back if x.back is not None).items(),
                     key=lambda i: str(i[0]))
    ends: list[str] = []
    if back:
        ends.append(f"{len(back)} got a leader again ("
                    + ", ".join(f"broker {b}: {n}" for b, n in leaders)
                    + f") after {minutes(_logged(start, max(x.end for x in back), quiet))} at most")
    if handed:
        first = min((x.handover for x in handed if x.handover is not None), key=lambda r: r["at"])
        ends.append(f"{len(handed)} were still without one when {_handover_text(first)}, after which no "
                    "line shows them")
    if open_:
        ends.append(f"{len(open_)} were still without one when the logs end")
    failed = sum(x.failed for x in outage)
    all_rows = [r for x in outage for r in [*x.rows, *((x.back,) if x.back is not None else ())]]
    shown: list[dict[str, Any]] = []
    for x in outage:
        mine = [*x.rows, *((x.back,) if x.back is not None else ())]
        shown += [mine[0], mine[-1]] if len(mine) > 1 else mine
    handovers = {id(x.handover): x.handover for x in handed if x.handover is not None}
    evidence = evidence_of([*shown, *handovers.values(), *cause_rows, *(r for s in quiet for r in s.rows)])
    details: dict[str, Any] = {
        "brokers": list(lost),
        "partitions": names,
        "count": len(names),
        "failed_elections": failed,
        "leaders_after": {str(b): n for b, n in leaders},
        "without_leader_at_end": sorted({x.tp for x in open_ + handed}, key=_tp_order),
        "lines": len(evidence_of(all_rows)),
        "evidence_lines_shown": len(evidence),
    }
    if quiet:
        details["silences"] = [{"from": iso(s.start), "to": iso(s.end), "switched_off": s.switched_off}
                               for s in quiet]
    return Finding(
        kind=FindingKind.OFFLINE_PARTITION,
        severity=Severity.ERROR,
        scope=scope,
        entity=entity,
        start=start,
        end=end,
        expected="every partition has a live leader",
        observed=(f"{len(names)} partitions ({per_topic}) lost their leader within "
                  f"{minutes(max(x.start for x in outage) - start)} of each other; {'; '.join(ends)}; "
                  f"{failed} leader elections failed" + _quiet_text(quiet)),
        message=(
            f"{len(names)} partitions {where} had no leader at once, so they could be neither read nor "
            f"written; {fix} (partitions with one replica, such as a development cluster's "
            "__consumer_offsets with offsets.topic.replication.factor=1, have no other)."
        ),
        evidence=evidence,
        details=details,
    )


def _tp_order(tp: str) -> tuple[str, int]:
    topic, _, part = tp.rpartition("-")
    return (topic, int(part)) if part.isdigit() else (tp, -1)


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


# -- ISR expansion before the follower caught up ---------------------------------------------------
def isr_expand_before_caught_up(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """A follower added back to the ISR while its log end offset was below the leader's high
    watermark, proved from the shrink lines around the expansion (2.2+ print both numbers).

    Kafka adds a follower only once its log end offset reaches the leader's HW and the leader
    epoch's start offset (Partition.maybeExpandIsr / isFollowerInSync, 0.11-4.x).  Within one
    leadership the leader's HW never falls and a follower's log end never shrinks (it truncates
    only on a leader or epoch change), so if a shrink line after the expansion prints the
    follower's end offset below a HW printed before it, the follower was below the HW when it was
    added."""
    rows = rows_of(events, ["isr_shrink", "isr_expand", "isr_updated", "leader_epoch_start",
                            "follower_epoch_start"],
                   ["topic", "partition", "isr", "prev_isr", "hw", "leo", "node", "broker", "details",
                    "leader_epoch"])
    out: list[Finding] = []
    for (scope, topic, partition), mine in sorted(by_key(rows, "scope", "topic", "partition").items()):
        leader: int | None = None
        hw: dict[str, Any] | None = None  # the line with the highest HW of this leadership so far
        isr: set[int] = set()
        added: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}  # follower -> (expansion, hw line)
        for r in mine:
            writer = _broker(r)
            if r["kind"] in ("leader_epoch_start", "follower_epoch_start") or writer != leader:
                # a new leadership: HWs and end offsets start again
                leader, hw, added = (writer if r["kind"] != "follower_epoch_start" else None), None, {}
                isr = set(r.get("prev_isr") or r.get("isr") or ())
                if r["kind"] == "leader_epoch_start" and r.get("hw") is not None:
                    hw = r
                if r["kind"] in ("leader_epoch_start", "follower_epoch_start"):
                    continue
            new = set(r.get("isr") or ())
            if r["kind"] in ("isr_expand", "isr_updated") and r.get("isr") is not None:
                for f in new - isr:
                    if hw is not None:
                        added[f] = (r, hw)
                isr = new
                continue
            if r["kind"] != "isr_shrink":
                continue
            for o in _out_of_sync(r):
                was = added.pop(int(o["broker"]), None)
                if was is not None and o["end_offset"] < int(was[1]["hw"]):
                    out.append(_early_expansion(scope, f"{topic}-{partition}", int(o["broker"]), was, r,
                                                int(o["end_offset"])))
            if r.get("hw") is not None and (hw is None or int(r["hw"]) >= int(hw["hw"])):
                hw = r
            isr = new
    return out


def _early_expansion(scope: str, tp: str, follower: int, was: tuple[dict[str, Any], dict[str, Any]],
                     later: dict[str, Any], end: int) -> Finding:
    expansion, hw = was
    who = _writer(later)
    return Finding(
        kind=FindingKind.ISR_EXPAND_BEFORE_CAUGHT_UP,
        severity=Severity.WARNING,
        scope=scope,
        entity=f"partition {tp}",
        start=expansion["at"],
        end=later["at"],
        expected=f"broker {follower} rejoins the ISR only with its log end offset at the high watermark "
        f"(at least {hw['hw']}, printed at {iso(hw['at'])})",
        observed=f"{who} added broker {follower} at {iso(expansion['at'])}; at {iso(later['at'])} its log "
        f"end offset was still {end}",
        message=(f"{_cap(who)} put broker {follower} back into {tp}'s ISR before it had the records below "
                 f"the high watermark, so acks=all writes counted a replica that lacked them; check for "
                 "clock skew between the brokers first, then the leader's Kafka version for a known bug."),
        evidence=evidence_of([hw, expansion, later]),
        details={"broker": _broker(later), "follower": follower, "high_watermark": int(hw["hw"]),
                 "follower_end_offset": end},
    )


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
