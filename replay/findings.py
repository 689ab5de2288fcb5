"""Findings: what ``check`` reports, one per problem an on-call engineer should look at.

A finding names its kind by a stable name (scripts and dashboards key on it), its entity
(``group payments``, ``partition orders-0``, ``broker 2``, ``cluster``), the time window it
covers, what Kafka's rules expect beside what the logs show, every log line involved
(file:line) and one sentence that says what to do.  The JSON form is versioned
(``SCHEMA_VERSION``) and its keys sorted, so reports diff cleanly between runs.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

SCHEMA_VERSION = 1


class Severity(enum.IntEnum):
    """How bad: ``check --fail-on`` compares against it (info < warning < error < critical)."""

    INFO = 0
    WARNING = 1
    ERROR = 2
    CRITICAL = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown severity {text!r}: use one of {names}") from None


class FindingKind(enum.StrEnum):
    """The stable names (issue 6, DESIGN.md "Replay and diff"), each with what it means, what
    usually causes it and what to do (``kafka-forensics explain KIND``, ``docs/findings.md``).
    Not every name has a detector yet: ``DETECTED`` lists those ``check`` runs today."""

    meaning: str
    causes: str
    action: str

    def __new__(cls, value: str, meaning: str, causes: str, action: str) -> FindingKind:
        obj = str.__new__(cls, value)
        obj._value_ = value
        obj.meaning = meaning
        obj.causes = causes
        obj.action = action
        return obj

    # --- consumer groups (GroupCoordinator / GroupMetadata; the engine's state table)
    ILLEGAL_TRANSITION = (
        "illegal_transition",
        "A group moved between two states that Kafka's state table (GroupMetadata.validPreviousStates) "
        "does not allow.",
        "A state change missing from the logs (rotated away, a coordinator that moved) or a coordinator "
        "bug; the engine's table is per Kafka version.",
        "Look for the coordinator moving (group_loaded / group_unloaded) and for missing log files between "
        "the two lines.")
    MISSING_TRANSITION = (
        "missing_transition",
        "Kafka's rules say the group went through a state the logs never show.",
        "Lines at a level the broker did not log, rotated files missing, or a coordinator that behaved "
        "differently from its version's rules.",
        "Check that all brokers' logs for the window are present and that --profile matches the brokers' "
        "Kafka version.")
    UNEXPECTED_TRANSITION = (
        "unexpected_transition",
        "The logs show a state change that re-running the incident under Kafka's rules does not produce.",
        "A stimulus the logs do not show (a request with no line of its own) or a configuration other than "
        "the one assumed.",
        "Compare the configs (KafkaConfig / ConsumerConfig blocks) with the profile, and add the consumer "
        "logs for the window.")
    GENERATION_MISMATCH = (
        "generation_mismatch",
        "The group's generation in the logs differs from the one Kafka's rules give (each completed join "
        "round adds one).",
        "Join rounds the logs do not show, or a group whose metadata was reloaded from __consumer_offsets.",
        "Read the coordinator's lines around the first mismatch; a reload shows as group_loaded.")
    MEMBER_COUNT_MISMATCH = (
        "member_count_mismatch",
        "\"Stabilized group … with N members\" names another count than the members that joined.",
        "Members that joined or left without a line of their own (DEBUG-level joins, static members).",
        "Add the consumer logs; they show every member's joins.")
    EARLY_EXPIRY = (
        "early_expiry",
        "A member was expired sooner after its last heartbeat than its session.timeout.ms allows.",
        "Clock skew between the consumer's and the broker's logs, or a session timeout lower than assumed.",
        "Compare the consumer's session.timeout.ms (ConsumerConfig) with the gap; check the clocks.")
    REBALANCE_TIMEOUT_EXCEEDED = (
        "rebalance_timeout_exceeded",
        "A rebalance lasted longer than the group's rebalance timeout (the largest max.poll.interval.ms of "
        "its members); members that had not rejoined were removed.",
        "A consumer stuck in processing or in its rebalance listener (onPartitionsRevoked) while the others "
        "wait.",
        "Find the member that rejoined last (or never); shorten its processing or raise "
        "max.poll.interval.ms.")
    REBALANCE_STORM = (
        "rebalance_storm",
        "A group rebalanced many times in a short while (check --storm-min rebalances, each within "
        "--storm-window of the previous).",
        "Members timing out (session.timeout.ms: dying consumers, GC, network), exceeding "
        "max.poll.interval.ms, crash-looping or being redeployed one by one, or short-lived consumers "
        "sharing a group id; the finding counts the triggers by cause and member.",
        "Fix the dominant cause the finding names; static membership (group.instance.id, KIP-345) lets "
        "restarts skip the rebalance, cooperative-sticky (KIP-429) makes each one cheaper.")
    # --- replication (Partition, ReplicaManager, ReplicaFetcherThread; the TLA+ invariants)
    ISR_SHRINK_WITHOUT_LAG = (
        "isr_shrink_without_lag",
        "A follower was removed from the ISR although its fetches kept it within replica.lag.time.max.ms.",
        "A leader that could not run its isr-expiration check in time (GC pause) and then judged stale "
        "state, or the pre-2.1 lag rule (KAFKA-7152).",
        "Check the leader's GC and the follower's fetch times; compare with the version's lag rule.")
    ISR_EXPAND_BEFORE_CAUGHT_UP = (
        "isr_expand_before_caught_up",
        "A follower was added back to the ISR before its log end offset reached the high watermark (and the "
        "leader epoch's start offset).",
        "A leader bug or a log line read out of order across brokers with skewed clocks.",
        "Check for clock skew first; otherwise compare the follower's log end offset in the fetcher lines.")
    ISR_FLAPPING = (
        "isr_flapping",
        "A partition's ISR shrinks and grows back again and again: a follower keeps falling behind for "
        "replica.lag.time.max.ms and catching up.",
        "A follower with slow disks, long GC pauses or a saturated network, too few replica fetchers, or a "
        "replica.lag.time.max.ms tighter than its fetch latency.",
        "Look at the out-of-sync broker the finding names; raise num.replica.fetchers or "
        "replica.lag.time.max.ms (30 s by default since 2.5, KIP-537) if its latency is normal.")
    HW_REGRESSION = (
        "hw_regression",
        "A broker's high watermark for a partition went backwards within a leader epoch (UnifiedLog warns "
        "\"Non-monotonic update of high watermark\" itself since 2.7.1).",
        "A stale leader acting after losing leadership, or state restored from an old checkpoint.",
        "Look for a leader change, a truncation or a restart of that broker just before; consumers may "
        "have read records that are no longer committed.")
    HW_ABOVE_ISR_LEO = (
        "hw_above_isr_leo",
        "A leader's high watermark exceeded the smallest log end offset in its ISR (the TLA+ "
        "ValidHighWatermark invariant).",
        "An ISR member that truncated without leaving the ISR, or a leader that counted a replica it should "
        "not have.",
        "Compare the ISR members' log end offsets at that moment; this is how committed data gets lost.")
    LEADER_EPOCH_REGRESSION = (
        "leader_epoch_regression",
        "A broker started a partition at a lower leader epoch than one it had started before (epochs only "
        "grow; epoch 0 after a higher one is a recreated topic and not reported).",
        "A LeaderAndIsr from a stale controller, or a broker restored from old state.",
        "Check the controller epoch of the requests the broker accepted, and controller failovers around "
        "it.")
    ZK_VERSION_GAP = (
        "zk_version_gap",
        "A partition state znode's version skipped a number: a write to it that the logs do not show.",
        "A second writer (an old controller, a tool), or logs missing for the window.",
        "Read the ZooKeeper transaction log for that path (ingest log.N) to see every write and its session.")
    ZK_BROKER_MISMATCH = (
        "zk_broker_mismatch",
        "A broker's view of a partition's state differs from ZooKeeper's: its cached zkVersion is stale, "
        "so every ISR change it attempts is refused (\"Cached zkVersion … not equal to that in zookeeper, "
        "skip updating ISR\", KAFKA-2729, ZooKeeper mode before 2.7), or a ZooKeeper dump ingested beside "
        "the logs holds another ISR at the version the leader says it wrote.",
        "The broker's ZooKeeper session expired and it re-registered while the controller did not send it "
        "fresh LeaderAndIsr state.",
        "Restart the broker the finding names (it usually stays stuck otherwise).")
    ISR_CHANGE_NOT_PROPAGATED = (
        "isr_change_not_propagated",
        "A leader changed a partition's ISR in ZooKeeper but no /isr_change_notification followed within "
        "the propagation ceiling (isr-change-propagation: 2.5 s schedule, 5 s blackout, 60 s ceiling).",
        "A broker whose scheduler stalled, or a ZooKeeper write that failed.",
        "The controller's and other brokers' metadata for the partition stay stale until it does: check the "
        "broker's ZooKeeper client lines.")
    UNCLEAN_ELECTION = (
        "unclean_election",
        "The controller elected a leader from outside the ISR because no ISR member was alive.",
        "unclean.leader.election.enable=true (the default before 0.11) and every ISR member down at once.",
        "Records the old ISR acknowledged and the new leader lacked are lost: compare the offsets producers "
        "were acknowledged with the new leader's log end offset; keep unclean election off where data "
        "matters more than availability.")
    DATA_LOSS = (
        "data_loss",
        "Acknowledged records were truncated away on every replica that could have kept them; the finding "
        "gives the count and the offsets.",
        "An unclean election, or truncation to the high watermark on a leader change before KIP-101 (0.11).",
        "Tell the producers' owners which offsets were lost; upgrade or disable unclean election.")
    TRUNCATION_BELOW_HW = (
        "truncation_below_hw",
        "A replica truncated committed records (below its high watermark) to follow its leader: "
        "\"Truncating … below high watermark\".",
        "A leader that lacks records the old ISR had committed: an unclean election or a pre-KIP-101 leader "
        "change.",
        "Unless another replica still holds the offsets the finding names, they are lost.")
    OFFLINE_PARTITION = (
        "offline_partition",
        "A partition had no leader for a while (OfflinePartition): it could not be read or written.",
        "Every ISR member down at once with unclean election disabled.",
        "Bring an ISR member back; the finding's window is the outage.")
    UNDER_MIN_ISR = (
        "under_min_isr",
        "A partition's ISR fell below min.insync.replicas: writes with acks=all were refused "
        "(NOT_ENOUGH_REPLICAS).",
        "Followers out of the ISR (see the ISR findings) or brokers down.",
        "Bring the missing replicas back; producers with acks=all stay failed until then.")
    CONTROLLER_CHURN = (
        "controller_churn",
        "The controller moved between brokers many times in a short while (check's churn threshold: 3 "
        "elections, each within 30 min of the previous).",
        "The controller's ZooKeeper session expiring (GC pauses, ZooKeeper latency) or brokers restarting "
        "in turn.",
        "Each move reloads the cluster's state and delays elections: read the ZooKeeper session lines of "
        "the brokers that resigned.")
    CLOCK_SKEW = (
        "clock_skew",
        "Two brokers' clocks disagree, estimated from lines that must be ordered (a request sent and "
        "received); replay corrects for it before diffing.",
        "NTP not running or drifting on a broker.",
        "Fix time sync; meanwhile read cross-broker timelines with the estimated offset in mind.")


#: the kinds ``check`` can report today (the rest of FindingKind awaits the engine diff)
DETECTED = frozenset({
    FindingKind.ILLEGAL_TRANSITION, FindingKind.MISSING_TRANSITION, FindingKind.UNEXPECTED_TRANSITION,
    FindingKind.GENERATION_MISMATCH, FindingKind.MEMBER_COUNT_MISMATCH, FindingKind.EARLY_EXPIRY,
    FindingKind.REBALANCE_TIMEOUT_EXCEEDED,
    FindingKind.REBALANCE_STORM, FindingKind.ISR_FLAPPING, FindingKind.ZK_BROKER_MISMATCH,
    FindingKind.UNCLEAN_ELECTION, FindingKind.LEADER_EPOCH_REGRESSION, FindingKind.HW_REGRESSION,
    FindingKind.TRUNCATION_BELOW_HW, FindingKind.UNDER_MIN_ISR, FindingKind.CONTROLLER_CHURN,
    FindingKind.CLOCK_SKEW, FindingKind.OFFLINE_PARTITION, FindingKind.ISR_SHRINK_WITHOUT_LAG,
    FindingKind.HW_ABOVE_ISR_LEO, FindingKind.DATA_LOSS, FindingKind.ZK_VERSION_GAP,
    FindingKind.ISR_CHANGE_NOT_PROPAGATED, FindingKind.ISR_EXPAND_BEFORE_CAUGHT_UP,
})


def markdown() -> str:
    """The finding kinds as docs/findings.md (``python -m kafka_forensics.replay.findings``)."""
    out = ["# Finding kinds", "",
           "What `kafka-forensics check` reports, by stable name. Generated from `replay/findings.py` by",
           "`python -m kafka_forensics.replay.findings > docs/findings.md`; a test fails when the two",
           "differ.",
           "`kafka-forensics explain KIND` prints one of them.", ""]
    for k in FindingKind:
        state = "detected by `check` today" if k in DETECTED else "named; its detector awaits the engine diff"
        out += [f"## `{k.value}`", "", f"{k.meaning} ({state})", "", f"**Usual causes.** {k.causes}", "",
                f"**What to do.** {k.action}", ""]
    return "\n".join(out)


@dataclass(frozen=True, order=True)
class Evidence:
    """One log line a finding rests on."""

    source: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line}"


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    severity: Severity
    entity: str
    start: int  # epoch ms of the first line involved
    end: int  # epoch ms of the last
    expected: str
    observed: str
    message: str
    evidence: tuple[Evidence, ...]
    scope: str = ""  # "cluster <id>", or "logs in <folder>" where the logs do not name it
    details: Mapping[str, Any] = field(default_factory=dict)

    def names(self) -> frozenset[str]:
        """What the finding is about: its entity, and each partition a finding about several
        lists (``details["partitions"]``: a broker's offline partitions, its stale ISR views)."""
        listed = self.details.get("partitions")
        parts = listed if isinstance(listed, list | tuple) else ()
        return frozenset({self.entity, *(f"partition {p}" for p in parts)})

    def sort_key(self) -> tuple[Any, ...]:
        return (self.start, self.scope, self.entity, self.kind.value, self.end, self.evidence)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "severity": self.severity.label,
            "scope": self.scope,
            "entity": self.entity,
            "start": iso(self.start),
            "end": iso(self.end),
            "expected": self.expected,
            "observed": self.observed,
            "message": self.message,
            "evidence": [str(e) for e in self.evidence],
            "details": dict(self.details),
        }


def iso(ms: int) -> str:
    """Epoch ms as ISO-8601 UTC with milliseconds (``2021-04-28T16:41:34.236Z``)."""
    t = datetime.fromtimestamp(ms / 1000, tz=UTC)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def evidence_of(rows: Iterable[Mapping[str, Any]]) -> tuple[Evidence, ...]:
    """The rows' (source, line), in file order, each once."""
    return tuple(sorted({Evidence(r["source"], int(r["line"])) for r in rows if r.get("line") is not None}))


if __name__ == "__main__":  # pragma: no cover - documentation generator
    print(markdown(), end="")
