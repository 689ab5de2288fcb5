"""Run a partition's derived trace through the replication engine and hold what Kafka's rules
make happen against what the brokers and the controller logged (DESIGN.md "Replay and diff").

Each line is matched with the engine's change of the same thing at its instant (within
``MATCH_WINDOW_MS``): an ISR change with the ISR the line gives, a leader with its epoch.  What
the engine will not make is an ``unexpected_transition``, with the rule that refused it (a
follower shrunk sooner than ``replica.lag.time.max.ms`` after it last caught up).  Znode versions
are compared relative to the first one a line gives (a log that starts at zkVersion 412 is not a
gap); a jump is a ``zk_version_gap`` where the logs prove every write — ZooKeeper mode, the
controller's lines present and every leader change in between taken from them — and a note in
the step otherwise.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any

import polars as pl

from kafka_forensics.engine.effects import Effect, notes_of
from kafka_forensics.engine.replication.effects import (
    AlterPartitionEvent,
    IsrChanged,
    LeaderChanged,
    LeaderKept,
)

from .derive_partitions import (
    CONTROLLER_KINDS,
    KRAFT_RECORD,
    PARTITION_COLUMNS,
    PARTITION_KINDS,
    REPLICATION_KEYS,
    PartitionCase,
    PartitionObservation,
    derive,
    show_isr,
)
from .emit_replication import kept as kept_as_change
from .findings import Evidence, Finding, FindingKind, Severity, iso
from .runner import RunError, run_trace

#: how far apart (ms) a line and the engine's change may be and still be one event: the
#: derived stimuli stand at their lines' instants, but a leader's "ISR updated" comes after its
#: ZooKeeper write returns (seconds later on a loaded ensemble; the benchmark's generator puts
#: it up to 1.1 s after the "Expanding ISR" line), as the group diff allows a coordinator
MATCH_WINDOW_MS = 10_000
_ISR_KINDS = frozenset({"isr_shrink", "isr_expand", "isr_updated"})
_LEADER_KINDS = frozenset({"leader_epoch_start", *CONTROLLER_KINDS})


@dataclass(frozen=True)
class PartitionExpected:
    """One change the engine made: an ISR change or a leader (epoch) change."""

    at: int  # virtual ms
    leader: int | None
    leader_epoch: int | None
    isr: tuple[int, ...]
    zk_version: int | None
    cause: str | None


@dataclass(frozen=True)
class PartitionStep:
    """One row of ``replay --partition``: a line beside the engine's change."""

    at: int
    observed: PartitionObservation | None
    expected: PartitionExpected | None
    verdict: str  # "ok", "stimulus", a finding kind, or a note


@dataclass(frozen=True)
class PartitionReplay:
    case: PartitionCase
    steps: tuple[PartitionStep, ...]
    findings: tuple[Finding, ...]
    stimuli: int
    error: str | None = None
    levels: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PartitionJob:
    """One partition of one scope, as ``replay_partitions`` derives and re-runs it (plain Python
    values, so a forked worker process can re-run it: ``replay/reruns.py``)."""

    scope: str
    topic: str
    partition: int
    profile: Any
    settings: Mapping[str, Any]
    rows: Sequence[dict[str, Any]]
    kraft: bool

    def cost(self) -> int:
        """About how much work the job is: the lines its derivation reads."""
        return len(self.rows)

    def replays(self) -> list[PartitionReplay]:
        cases = derive(self.rows, self.profile, self.settings, scope=self.scope, topic=self.topic,
                       partition=self.partition, kraft=self.kraft)
        return [replay_case(case) for case in cases]


def replay_partitions(
    events: pl.DataFrame, *, partitions: set[str] | None = None, profile_name: str | None = None
) -> list[PartitionReplay]:
    """Derive, run and align every partition whose leader the lines name (``partitions``: names
    ``topic-N`` to keep)."""
    return [r for job in partition_jobs(events, partitions=partitions, profile_name=profile_name)
            for r in job.replays()]


def partition_jobs(
    events: pl.DataFrame, *, partitions: set[str] | None = None, profile_name: str | None = None
) -> list[PartitionJob]:
    """Every partition in ``events`` to re-run, in the order ``replay_partitions`` re-runs them."""
    from kafka_forensics.engine.profiles import profile

    from .detect import rows_of, with_scope
    from .diff_groups import configs_by_scope, profiles_by_scope

    scoped = with_scope(events)
    rows = rows_of(scoped, PARTITION_KINDS, PARTITION_COLUMNS)
    if not rows:
        return []
    profiles = profiles_by_scope(scoped)
    brokers, _ = configs_by_scope(scoped, REPLICATION_KEYS)
    kraft = set(
        scoped.filter(pl.col("kind").str.starts_with("kraft_")).get_column("scope").unique().to_list()
    )
    by_tp: dict[tuple[str, str, int], list[dict[str, Any]]] = {}
    for r in rows:
        if r.get("topic") is None or r.get("partition") is None:
            continue
        name = f"{r['topic']}-{r['partition']}"
        if partitions is not None and name not in partitions:
            continue
        by_tp.setdefault((r["scope"], str(r["topic"]), int(r["partition"])), []).append(r)
    out = []
    for (scope, topic, part), mine in sorted(by_tp.items()):
        prof = profile(profile_name) if profile_name else profiles.get(scope)
        if prof is None:
            continue
        out.append(PartitionJob(scope, topic, part, prof, brokers.get(scope, {}), mine, scope in kraft))
    return out


def replay_case(case: PartitionCase) -> PartitionReplay:
    levels = Counter(str(s.doc.get("level")) for s in case.trace.records)
    try:
        result = run_trace(case.trace)
    except RunError as e:
        return PartitionReplay(case, (), (), len(case.trace.records), str(e), dict(sorted(levels.items())))
    steps, findings = _align(case, _expected(result.effects, case))
    return PartitionReplay(
        case, tuple(steps), tuple(findings), len(case.trace.records), None, dict(sorted(levels.items()))
    )


def _expected(effects: Sequence[Effect], case: PartitionCase) -> list[PartitionExpected]:
    out: list[PartitionExpected] = []
    leader: int | None = None
    epoch: int | None = None
    kept = [(i, n) for i, n in notes_of(effects) if isinstance(n, LeaderKept)]
    ordered: list[Any] = list(effects)
    for i, n in reversed(kept):  # a kept leader's new epoch, where it happened among the effects
        ordered.insert(i, kept_as_change(n))
    for e in ordered:
        if getattr(e, "topic", None) != case.topic or getattr(e, "partition", None) != case.partition:
            continue
        if isinstance(e, LeaderChanged):
            if e.to_leader == leader and e.leader_epoch == epoch:
                continue  # the same decision applied by another replica
            leader, epoch = e.to_leader, e.leader_epoch
            version = e.applied.state.zk_version if e.applied is not None else e.zk_version
            out.append(
                PartitionExpected(
                    e.at, e.to_leader, e.leader_epoch, tuple(e.isr), version, e.election or "leader"
                )
            )
        elif isinstance(e, AlterPartitionEvent) and e.phase == "sent":
            # AlterPartition (2.7+): the leader logs "Shrinking ISR" as it proposes the change
            out.append(PartitionExpected(e.at, e.broker, e.leader_epoch, tuple(e.isr), None, "proposal"))
        elif isinstance(e, IsrChanged) and e.cause in ("shrink", "expand"):
            out.append(
                PartitionExpected(e.at, e.broker, e.leader_epoch, tuple(e.to_isr), e.zk_version, e.cause)
            )
        elif isinstance(e, IsrChanged) and e.broker < 0 and leader is not None:
            # a decision of the controller's that kept the leader (a KRaft record changing only the
            # ISR): the state it leaves, as a leader change's
            out.append(PartitionExpected(e.at, leader, e.leader_epoch, tuple(e.to_isr), e.zk_version,
                                         "controller"))
    return out


@dataclass(frozen=True)
class _Changes:
    """The engine's changes (``_expected``) in time order, with their instants: the changes near
    a line are found by bisection instead of by reading every change for every line (quadratic
    in a partition's length)."""

    items: Sequence[PartitionExpected]
    ats: Sequence[int]

    @staticmethod
    def of(expected: Sequence[PartitionExpected]) -> _Changes:
        # the engine makes them in time order (its clock never goes back; a kept leader's change
        # goes where it happened): the stable sort only guards that, and leaves them as they are
        items = sorted(expected, key=attrgetter("at"))
        return _Changes(items, [e.at for e in items])

    def near(self, at: int) -> Sequence[PartitionExpected]:
        """The changes within ``MATCH_WINDOW_MS`` of ``at``, in their order."""
        return self.between(at - MATCH_WINDOW_MS, at + MATCH_WINDOW_MS)

    def between(self, start: int, end: int) -> Sequence[PartitionExpected]:
        """The changes from ``start`` to ``end`` (both included), in their order."""
        return self.items[bisect_left(self.ats, start):bisect_right(self.ats, end)]

    def state_at(self, at: int) -> PartitionExpected | None:
        """The last change at or before ``at`` that is not a leader's ISR change (of several at
        that instant, the first)."""
        best: PartitionExpected | None = None
        for i in range(bisect_right(self.ats, at) - 1, -1, -1):
            e = self.items[i]
            if best is not None and e.at < best.at:
                break
            if e.cause not in ("shrink", "expand"):
                best = e
        return best


def _align(
    case: PartitionCase, expected: list[PartitionExpected]
) -> tuple[list[PartitionStep], list[Finding]]:
    changes = _Changes.of(expected)
    f = _Findings(case)
    steps: list[PartitionStep] = []
    base: int | None = None  # observed zk_version - the engine's
    last_version: PartitionObservation | None = None
    last_expected: PartitionExpected | None = None
    parted: str | None = None  # where the engine and the logs parted: later lines are not compared
    for o in case.observations:
        if case.stopped_at is not None and o.at >= case.stopped_at:
            parted = parted or case.stopped_why or ""
        if parted is not None:
            steps.append(PartitionStep(o.at, o, None, "not re-run: " + parted))
            continue
        e = _match(o, changes)
        verdict = "stimulus" if o.drives else "ok"
        if e is None and o.at <= case.first_at and (o.drives or _states_seed(o, case)):
            steps.append(PartitionStep(o.at, o, None, "seed: the state the re-run starts from"))
            continue
        if e is None:
            now = changes.state_at(o.at)
            # a start at an epoch the re-run has reached, under another leader (a start at a
            # later epoch is a LeaderAndIsr the lines do not show, and drove the re-run)
            contradicts = (o.kind in ("leader_epoch_start", "follower_epoch_start") and o.leader is not None
                           and now is not None and o.leader_epoch is not None
                           and now.leader_epoch is not None and o.leader_epoch <= now.leader_epoch)
            if o.kind in _ISR_KINDS or contradicts:
                verdict = f.unexpected(o, now).value
                # the first line the engine cannot explain is the finding; after it the engine's
                # state is no longer the logs' and comparing on would only repeat it
                parted = f"the engine and the logs parted at {o.source}:{o.line}"
            steps.append(PartitionStep(o.at, o, None, verdict))
            continue
        if o.kind == "leader_and_isr_sent" and not o.drives and o.zk_version is not None \
                and e.zk_version is not None and base is not None and o.zk_version < e.zk_version + base:
            # a re-sent state from the controller's cache, older than the leader's own writes
            steps.append(PartitionStep(o.at, o, e, "ok: the controller's cached state, before the leader's "
                                                   "own ISR writes reached it"))
            continue
        if o.zk_version is not None and e.zk_version is not None:
            offset, odd = o.zk_version - e.zk_version, False
            if base is None:
                base = offset
            elif offset != base:
                if _provable(case, last_version, o, last_expected, e):
                    verdict = f.version_gap(o, last_version, e.zk_version + base).value
                else:
                    verdict = (
                        f"znode version {o.zk_version}, {e.zk_version + base} expected: writes the logs "
                        "do not show (not provable from these logs)"
                    )
                odd = _next_offset(case, changes, o) == base  # later lines go on from before it
                if not odd:
                    base = offset  # later lines go on from this version: writes nobody logged
            if not odd:
                last_version, last_expected = o, e
        steps.append(PartitionStep(o.at, o, e, verdict))
    steps.sort(key=lambda s: (s.at, s.observed.line if s.observed else 0))
    return steps, [_with_last_consistent(x, steps, case) for x in f.out]


def _next_offset(case: PartitionCase, changes: _Changes, o: PartitionObservation) -> int | None:
    """The version offset (logged - engine) of the next versioned line after ``o``."""
    later = case.observations[case.observations.index(o) + 1:]
    for x in later:
        if x.zk_version is not None and (e := _match(x, changes)) is not None and e.zk_version is not None:
            return x.zk_version - e.zk_version
    return None


def _states_seed(o: PartitionObservation, case: PartitionCase) -> bool:
    """A line of the first instant that states the leader epoch the re-run is seeded with (a
    partition created and failed over in one millisecond logs its first epoch beside the next)."""
    first = case.trace.records[0] if case.trace.records else None
    if first is None or first.do != "create_partition" or o.leader_epoch is None:
        return False
    seeded = first.fields
    return o.leader_epoch == seeded.get("leader_epoch") and o.leader in (None, seeded.get("leader"))


def _match(o: PartitionObservation, changes: _Changes) -> PartitionExpected | None:
    near = changes.near(o.at)
    if o.kind in _ISR_KINDS:
        want = sorted(o.isr or ())
        causes = ("shrink", "expand") if o.kind == "isr_updated" else ("shrink", "expand", "proposal")
        return _closest(o, [e for e in near if e.cause in causes and sorted(e.isr) == want])
    if o.kind == KRAFT_RECORD:  # a record states the whole partition: the change leaving that state
        want = sorted(o.isr or ())
        return _closest(o, [e for e in near if e.leader == o.leader and e.leader_epoch == o.leader_epoch
                            and sorted(e.isr) == want and e.cause != "proposal"]) or _current(changes, o)
    if o.kind in _LEADER_KINDS:  # a leader's state as decided, not a leader's later ISR change
        return _closest(o, [e for e in near if e.leader == o.leader and e.leader_epoch == o.leader_epoch
                            and e.cause not in _ISR_CAUSES]) or _current(changes, o)
    if o.kind == "follower_epoch_start":
        return _current(changes, o)
    return None


def _closest(o: PartitionObservation, candidates: Sequence[PartitionExpected]) -> PartitionExpected | None:
    """The candidate nearest the line in time (a flapping ISR makes the same change every few
    seconds: the window may hold the one before and the one after), the earlier on a tie."""
    return min(candidates, key=lambda e: (abs(e.at - o.at), e.at), default=None)


def _current(changes: _Changes, o: PartitionObservation) -> PartitionExpected | None:
    """The engine's leader change in force at the line, when it is the one the line names."""
    now = changes.state_at(o.at)
    if now is None or now.leader_epoch != o.leader_epoch:
        return None
    if o.leader is not None and now.leader != o.leader:
        return None
    # the ISR changes its leader made since, in that epoch, leave the ISR and version in force (a
    # controller re-sending the state to a broker that started prints them)
    since = [e for e in changes.between(now.at, o.at) if e.cause in ("shrink", "expand")
             and e.leader == now.leader and e.leader_epoch == now.leader_epoch]
    return max(since, key=lambda e: e.at, default=now)


#: the engine's changes that are a leader's ISR change (or its proposal), not a decision of leadership
_ISR_CAUSES = frozenset({"shrink", "expand", "proposal"})


def _provable(case: PartitionCase, before: PartitionObservation | None, o: PartitionObservation,
              e_before: PartitionExpected | None, e: PartitionExpected) -> bool:
    """Every write between two versioned lines is in the logs: ZooKeeper mode (a leader's own
    writes each logged, every other write the controller's, each bumping the leader epoch), the
    controller's lines for this partition present, no leader change in between taken from a
    broker's line instead of the controller's, and no leader epoch skipped (the controller's
    NoLeader write when the last ISR member dies is not logged at INFO: Kafka 1.0 goes from epoch 1
    to 3 with one line)."""
    if not case.versions_provable or before is None or e_before is None:
        return False
    if not any(x.kind in CONTROLLER_KINDS for x in case.observations):
        return False
    decisions = [s for s in case.trace.records if s.do == "leader_and_isr" and before.at < s.at <= o.at]
    if any(s.doc.get("level") == "broker" for s in decisions):
        return False
    skipped = (e.leader_epoch or 0) - (e_before.leader_epoch or 0)
    return skipped <= len(decisions)


def _with_last_consistent(finding: Finding, steps: Sequence[PartitionStep], case: PartitionCase) -> Finding:
    agreed = [
        s
        for s in steps
        if s.verdict in ("ok", "stimulus") and s.expected is not None and case.wall(s.at) < finding.start
    ]
    if not agreed:
        return finding
    e = agreed[-1].expected
    assert e is not None
    last = (
        f"leader {e.leader} at leader epoch {e.leader_epoch}, ISR {show_isr(e.isr)} at "
        f"{iso(case.wall(agreed[-1].at))}"
    )
    return replace(finding, details={**finding.details, "last_consistent": last})


class _Findings:
    def __init__(self, case: PartitionCase) -> None:
        self.case = case
        self.out: list[Finding] = []

    def _add(
        self,
        kind: FindingKind,
        severity: Severity,
        start: int,
        end: int,
        expected: str,
        observed: str,
        message: str,
        lines: Sequence[PartitionObservation],
        **details: Any,
    ) -> None:
        c = self.case
        evidence = tuple(sorted({Evidence(o.source, o.line) for o in lines}))
        details = {**details, "profile": c.trace.header.profile, "assumed": dict(sorted(c.assumed.items()))}
        self.out.append(
            Finding(
                kind,
                severity,
                f"partition {c.name}",
                c.wall(min(start, end)),
                c.wall(max(start, end)),
                expected,
                observed,
                message,
                evidence,
                c.scope,
                details,
            )
        )

    def unexpected(self, o: PartitionObservation, now: PartitionExpected | None) -> FindingKind:
        c = self.case
        early = c.early.get((o.source, o.line))
        state = (
            f"leader {now.leader} at leader epoch {now.leader_epoch}"
            if now is not None
            else "no leader known"
        )
        if early is not None:
            who, since, lag, _ = early
            expected = (
                f"broker {who} stays in the ISR until {iso(c.wall(since + lag))} "
                f"(replica.lag.time.max.ms {lag} ms after it last caught up, at {iso(c.wall(since))})"
            )
            message = (
                f"Broker {who} left {c.name}'s ISR sooner than replica.lag.time.max.ms allows after it "
                "last caught up: compare the brokers' replica.lag.time.max.ms with the one assumed, and "
                "the leader's clock with the others'."
            )
        elif o.kind in ("leader_epoch_start", "follower_epoch_start"):
            expected = f"the controller's last decision: {state}"
            message = (
                f"A broker started {c.name} at a leader or epoch the controller's lines never sent: a "
                "LeaderAndIsr the logs do not show (add the controller's state-change.log), or a "
                "second controller."
            )
        else:
            expected = f"no such ISR change under Kafka's rules here ({state})"
            message = (
                f"Re-running {c.name}'s logged steps under Kafka's rules does not produce this ISR "
                "change: a step the logs do not show, or configs other than the assumed ones."
            )
        observed = o.raw.strip() or o.kind
        self._add(
            FindingKind.UNEXPECTED_TRANSITION, Severity.WARNING, o.at, o.at, expected, observed, message, [o]
        )
        return FindingKind.UNEXPECTED_TRANSITION

    def version_gap(
        self, o: PartitionObservation, before: PartitionObservation | None, want: int
    ) -> FindingKind:
        c = self.case
        assert o.zk_version is not None
        lines = [o] + ([before] if before is not None else [])
        gap = o.zk_version - want
        writes = f"{abs(gap)} write{'s' if abs(gap) != 1 else ''}"
        self._add(
            FindingKind.ZK_VERSION_GAP,
            Severity.WARNING,
            before.at if before else o.at,
            o.at,
            f"znode version {want} (one per write the logs show since "
            + (f"version {before.zk_version}" if before is not None else "the first line")
            + ")",
            f"version {o.zk_version}"
            + (f": {writes} nobody logged" if gap > 0 else f": {writes} fewer than the logs show"),
            f"{c.name}'s state znode was written {writes} {'more' if gap > 0 else 'less'} often than the "
            "controller's and the leader's lines show: a second writer (an old controller, a reassignment "
            "or election tool) or lines missing; ingest ZooKeeper's transaction log to see every write.",
            lines,
            expected_version=want,
            observed_version=o.zk_version,
        )
        return FindingKind.ZK_VERSION_GAP


def partition_findings(events: pl.DataFrame, opts: Any) -> list[Finding]:
    """The detector ``check`` runs: every partition's engine diff (kept for the report's counts)."""
    from .reruns import reruns

    return [f for r in reruns(events, opts.profile).partitions() for f in r.findings]
