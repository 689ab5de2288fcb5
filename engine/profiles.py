"""Version profiles: which behaviour and which defaults apply for a Kafka version.

A profile is a Kafka version; what it means is two tables, read from Kafka's source per
release and each row citing the version, KIP or JIRA behind it:

* :class:`Switch` — a behaviour that exists from a version on (``since``);
* :data:`CONFIG_DEFAULTS` (and its plain view :data:`DEFAULTS`) — a config's default
  value, as a list of ``(since, value)`` steps.

:func:`profile` resolves a name (``"2.8"``, ``"0.10.0"``, ``"3.9.1"``) to the newest
profile at or below it, so a user can name the version their cluster runs.  There is a
profile for every minor release from 0.10.0 to 4.0, so no switch or default step is ever
lost by that rounding down.

How the tables were checked: each row was read in ``apache/kafka`` at the release tags
(``0.9.0.0`` ... ``3.8.0``), the ``3.9`` branch and, for 4.0, trunk of 2024-10-25
(``4.0.0-SNAPSHOT``) plus the 4.0 upgrade notes.  ``since`` is the first ``x.y.0`` release
that has the behaviour; a backport to an older patch release is named in the citation.
A first step at 0.9 means "already so in 0.9.0.0", the oldest release checked.

``python -m kafka_forensics.engine.profiles`` prints the tables as Markdown
(``docs/profiles.md`` is that output).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

#: (major, minor); a 0.x release keeps its third number: 0.10.1 is (0, 101), 0.11.0 is (0, 110).
Version = tuple[int, int]

_VERSION_TEXT = re.compile(r"\d+(?:\.\d+){0,3}")
_HOW_TO_WRITE = "write it like 2.8, 3.9.1 or 0.10.1"


def parse_version(text: str) -> Version:
    """``"2.8"``, ``"2.8.1"``, ``"0.10.1"`` or ``"0.10.1.1"`` -> a comparable version."""
    cleaned = text.strip() if isinstance(text, str) else ""
    if not _VERSION_TEXT.fullmatch(cleaned):
        raise ValueError(f"{text!r} is not a Kafka version; {_HOW_TO_WRITE}.")
    parts = [int(p) for p in cleaned.split(".")]
    if parts[0] != 0:
        if len(parts) > 3:
            raise ValueError(f"{text!r} is not a Kafka version: releases from 1.0 on have at most three "
                             f"numbers; {_HOW_TO_WRITE}.")
        return (parts[0], parts[1] if len(parts) > 1 else 0)
    # Before 1.0 the release was the third number (0.10.0, 0.10.1, 0.10.2 differ in behaviour).
    if len(parts) < 2:
        raise ValueError(f"{text!r} is not a Kafka version: a 0.x release needs its minor number, "
                         f"as in 0.10.1.")
    minor, release = parts[1], (parts[2] if len(parts) > 2 else 0)
    if release > 9:
        raise ValueError(f"{text!r} is not a Kafka version: no 0.x release has a third number above 9 "
                         f"(the last is 0.11.0); {_HOW_TO_WRITE}.")
    return (0, minor * 10 + release)


def version_name(version: Version) -> str:
    """The inverse of :func:`parse_version` for display: (0, 101) -> ``0.10.1``, (2, 8) -> ``2.8``."""
    major, minor = version
    if major == 0:
        return f"0.{minor // 10}.{minor % 10}"
    return f"{major}.{minor}"


def _v(text: str) -> Version:
    return parse_version(text)


class Area(Enum):
    """Which part of Kafka a switch or a config belongs to (the engine half that reads it)."""

    GROUP = "group coordinator (broker)"
    CONSUMER = "consumer (Java client)"
    PRODUCER = "producer (Java client)"
    REPLICATION = "replication (broker)"
    CLUSTER = "cluster metadata"


class Switch(Enum):
    """A behaviour switch: (since version, area, citation)."""

    # -- group coordinator (broker) ------------------------------------------------------
    EMPTY_STATE = ("0.10.1", Area.GROUP,
                   "KAFKA-2720: a new group starts Empty (0.10.0: Stable), and a group whose last "
                   "member leaves goes Empty and keeps its offsets (GroupMetadata.scala)")
    REBALANCE_TIMEOUT = ("0.10.1", Area.GROUP,
                         "KIP-62 (KAFKA-3888): JoinGroup v1 carries a rebalance timeout; the join phase "
                         "waits for the largest member rebalance timeout (0.10.0: the largest session "
                         "timeout). The Java consumer sends max.poll.interval.ms as its rebalance timeout")
    OFFSETS_TOPIC_RF_ENFORCED = ("0.11", Area.GROUP,
                                 "KIP-115 (KAFKA-3959): __consumer_offsets is not auto-created with fewer "
                                 "live brokers than offsets.topic.replication.factor (before: "
                                 "min(factor, live brokers)) (KafkaApis.scala)")
    INITIAL_REBALANCE_DELAY = ("0.11", Area.GROUP,
                               "KIP-134 (KAFKA-4925): InitialDelayedJoin holds the first rebalance of an "
                               "Empty group for group.initial.rebalance.delay.ms")
    COMPLETING_REBALANCE_NAME = ("1.1", Area.GROUP,
                                 "KAFKA-5565: state AwaitingSync renamed CompletingRebalance "
                                 "(GroupMetadata.scala; logs and DescribeGroups use the new name)")
    OFFSET_EXPIRY_AFTER_EMPTY = ("2.1", Area.GROUP,
                                 "KIP-211 (KAFKA-4682): a group's committed offsets expire only once the "
                                 "group has been Empty for offsets.retention.minutes (before: counted "
                                 "from each commit)")
    MEMBER_ID_REQUIRED = ("2.2", Area.GROUP,
                          "KIP-394 (KAFKA-7824): a JoinGroup v4+ with an empty member id is answered "
                          "MEMBER_ID_REQUIRED with a new id, which stays pending until it joins with it")
    GROUP_MAX_SIZE = ("2.2", Area.GROUP,
                      "KIP-389 (KAFKA-7641): group.max.size; a join beyond it gets GROUP_MAX_SIZE_REACHED")
    NEW_MEMBER_JOIN_TIMEOUT = ("2.2", Area.GROUP,
                               "KAFKA-7610: a new member's parked join expires after 300 s "
                               "(GroupCoordinator.NewMemberJoinTimeoutMs); backported to 2.1.1")
    STATIC_MEMBERSHIP = ("2.3", Area.GROUP,
                         "KIP-345 (KAFKA-7862): group.instance.id; a static member's rejoin replaces its "
                         "old member id, a stale id gets FENCED_INSTANCE_ID")
    JOINED_LEADER_REELECTION = ("2.3", Area.GROUP,
                                "KAFKA-8220: members that did not rejoin are removed only if dynamic; "
                                "if the leader did not rejoin, a rejoined member becomes leader "
                                "(GroupMetadata.maybeElectNewJoinedLeader), and if none rejoined the "
                                "DelayedJoin is armed again")
    DEAD_GROUP_NOT_AVAILABLE = ("2.3", Area.GROUP,
                                "KAFKA-8386: requests to a Dead group are answered COORDINATOR_NOT_AVAILABLE "
                                "(before: UNKNOWN_MEMBER_ID)")
    BATCH_LEAVE = ("2.4", Area.GROUP,
                   "KIP-345 (KAFKA-8221): LeaveGroup v3 leaves a batch of members by member / instance id")
    PROTOCOL_IN_RESPONSES = ("2.5", Area.GROUP,
                             "KIP-559 (KAFKA-9437): protocol type and name in JoinGroup v7 responses and "
                             "SyncGroup v5 requests / responses")
    HEARTBEAT_IN_COMPLETING = ("2.7", Area.GROUP,
                               "KAFKA-10134: a Heartbeat in CompletingRebalance is answered NONE and re-arms "
                               "the member's session (before: REBALANCE_IN_PROGRESS); backported to 2.6.1")
    SYNC_TIMEOUT = ("3.0", Area.GROUP,
                    "KAFKA-12890: DelayedSync removes members that do not SyncGroup within the rebalance "
                    "timeout; backported to 2.8.1")
    SKIP_ASSIGNMENT = ("3.2", Area.GROUP,
                       "KIP-814 (KAFKA-13435): JoinGroup v9 skip_assignment for a static leader's rejoin")
    JOIN_REASON = ("3.2", Area.GROUP,
                   "KIP-800 (KAFKA-13495): a reason in JoinGroup v8 / LeaveGroup v5, logged by the "
                   "coordinator")
    TXN_OFFSET_COMMIT = ("0.11", Area.GROUP,
                         "KIP-98 (KAFKA-5160): TxnOffsetCommit commits offsets inside a transaction")
    DELETE_GROUPS = ("1.1", Area.GROUP,
                     "KIP-229 (KAFKA-6275): DeleteGroups removes an Empty group and its offsets")
    COMMIT_CHECKS_MEMBER_FIRST = ("2.4", Area.GROUP,
                                  "KAFKA-8487: OffsetCommit checks member and generation before answering "
                                  "REBALANCE_IN_PROGRESS in CompletingRebalance (before: that state first)")
    TXN_COMMIT_CHECKS_MEMBER = ("2.5", Area.GROUP,
                                "KIP-447 (KAFKA-9365): TxnOffsetCommit v3 carries member id, instance id and "
                                "generation, validated as for OffsetCommit")
    STATIC_REJOIN_REBALANCES_COMPLETING = ("2.5", Area.GROUP,
                                           "KAFKA-9801: a static member's unknown-id rejoin in "
                                           "CompletingRebalance starts a rebalance (before: answered at "
                                           "once)")
    GROUP_MAX_SIZE_BY_AWAITING = ("2.6", Area.GROUP,
                                  "KAFKA-9885: in PreparingRebalance a join is admitted while fewer than "
                                  "group.max.size members await join (acceptJoiningMember; before: only new "
                                  "members of a full group were refused)")
    STATIC_REJOIN_PERSISTED = ("2.7", Area.GROUP,
                               "KAFKA-10284: a static member's rejoin in Stable is persisted (reverted if "
                               "the append fails) and rebalances if the selected protocol would change; "
                               "backported to 2.6.1")
    STATIC_REJOIN_UPDATES_TIMEOUTS = ("3.4", Area.GROUP,
                                      "KAFKA-14009: a static member's rejoin updates its session and "
                                      "rebalance timeouts; backported to 3.3.2")
    NEW_GROUP_COORDINATOR = ("4.0", Area.GROUP,
                             "KIP-848: group.coordinator.new.enable defaults to true (trunk 2024-10 "
                             "GroupCoordinatorConfig); classic groups are served by the Java "
                             "GroupMetadataManager")
    # -- consumer (Java client) ----------------------------------------------------------
    CLIENT_HEARTBEAT_THREAD = ("0.10.1", Area.CONSUMER,
                               "KIP-62 (KAFKA-3888): heartbeats come from a background thread, and a poll "
                               "gap above max.poll.interval.ms makes the consumer leave the group (before: "
                               "heartbeats only from poll())")
    STICKY_ASSIGNOR = ("0.11", Area.CONSUMER, "KIP-54 (KAFKA-2273): the sticky assignor")
    JOIN_REQUEST_TIMEOUT_LAPSE = ("2.0", Area.CONSUMER,
                                  "KAFKA-7050: a JoinGroup request times out after the rebalance timeout "
                                  "+ 5 s (before: request.timeout.ms); from 2.6 at least request.timeout.ms")
    COOPERATIVE_REBALANCING = ("2.4", Area.CONSUMER,
                               "KIP-429 (KAFKA-8179): incremental cooperative rebalancing, "
                               "CooperativeStickyAssignor")
    CLIENT_PREPARING_COMPLETING = ("2.7", Area.CONSUMER,
                                   "KAFKA-10134: AbstractCoordinator.MemberState splits REBALANCING into "
                                   "PREPARING_REBALANCE / COMPLETING_REBALANCE, and heartbeats continue in "
                                   "COMPLETING_REBALANCE (before: only in STABLE); backported to 2.6.1")
    GROUP_IN_CLIENT_ID = ("2.4", Area.CONSUMER,
                          "KAFKA-9033: a generated client.id is consumer-<group>-<n> "
                          "(consumer-<group>-<group.instance.id> for a static member); before: consumer-<n>")
    STICKY_USER_DATA_GENERATION = ("2.3", Area.CONSUMER,
                                   "KIP-341 (KAFKA-7026): StickyAssignor user data ends with the member's "
                                   "generation")
    JOIN_TIMEOUT_AT_LEAST_REQUEST_TIMEOUT = ("2.6", Area.CONSUMER,
                                             "apache/kafka#8702: the JoinGroup request timeout is at least "
                                             "request.timeout.ms (2.0 .. 2.5: the rebalance timeout + 5 s)")
    REJOIN_REASONS = ("3.0", Area.CONSUMER,
                      "KAFKA-12352: every rejoin request carries a reason, 'rebalance failed due to "
                      "<exception>' after a failed JoinGroup / SyncGroup")
    ILLEGAL_GENERATION_KEEPS_MEMBER_ID = ("3.2", Area.CONSUMER,
                                          "KAFKA-13419: ILLEGAL_GENERATION resets the generation but keeps "
                                          "the member id (before: both reset)")
    UNKNOWN_COORDINATOR_DISCONNECTS = ("1.1", Area.CONSUMER,
                                       "KAFKA-6593: marking the coordinator unknown disconnects from it, "
                                       "failing the requests in flight (before: only unsent ones); "
                                       "backported to 1.0.2")
    ASSIGNOR_ORDERS_STATIC_MEMBERS = ("2.4", Area.CONSUMER,
                                      "KIP-345: range / roundrobin order static members by "
                                      "group.instance.id (MemberInfo)")
    JOIN_REBALANCE_IN_PROGRESS_RETRIED = ("2.8", Area.CONSUMER,
                                          "KAFKA-10870: a JoinGroup answered REBALANCE_IN_PROGRESS is "
                                          "retried at once (before: an unexpected error, thrown from poll)")
    COOPERATIVE_STICKY_USER_DATA = ("3.0", Area.CONSUMER,
                                    "KAFKA-12984: CooperativeStickyAssignor user data carries the "
                                    "generation; backported to 2.8.1")
    MEMBER_ID_REQUIRED_REASON_KEPT = ("3.7", Area.CONSUMER,
                                      "apache/kafka#14192: the rejoin after MEMBER_ID_REQUIRED keeps the "
                                      "reason 'need to re-join with the given member-id: <id>' (before: "
                                      "'rebalance failed due to MemberIdRequiredException')")
    # -- replication (broker) ------------------------------------------------------------
    NOT_ENOUGH_REPLICAS_AFTER_APPEND = ("0.9", Area.REPLICATION,
                                        "acks=all: a produce appended while ISR >= min.insync.replicas that "
                                        "reaches the HW after the ISR shrank below it is answered "
                                        "NOT_ENOUGH_REPLICAS_AFTER_APPEND "
                                        "(Partition.checkEnoughReplicasReachOffset)")
    ISR_EXPIRATION_HALF_PERIOD = ("0.10.2", Area.REPLICATION,
                                  "KAFKA-4485: the isr-expiration task runs every "
                                  "replica.lag.time.max.ms / 2 (before: every replica.lag.time.max.ms) "
                                  "(ReplicaManager.scala)")
    CAUGHT_UP_BY_PREVIOUS_FETCH = ("0.10.2", Area.REPLICATION,
                                   "KAFKA-4485: lastCaughtUpTime is the time of a fetch that reached the "
                                   "leader's LEO, or of the previous fetch if this one reached the LEO as it "
                                   "was then (before: only a fetch whose offset was at the leader's LEO, "
                                   "ReplicaManager.readFromLocalLog's readToEndOfLog; the time a replica was "
                                   "first known, never reset on a leader change) (Replica.scala)")
    HW_COUNTS_CAUGHT_UP_REPLICAS = ("0.10.2", Area.REPLICATION,
                                    "the leader's HW is the least LEO of the replicas in the ISR or caught "
                                    "up within replica.lag.time.max.ms (before: of the ISR alone) "
                                    "(Partition.maybeIncrementLeaderHW, 0.10.2.0)")
    FOLLOWER_AT_LOG_END_IN_SYNC = ("2.1", Area.REPLICATION,
                                   "KAFKA-7152: a follower whose LEO equals the leader's is never out of "
                                   "sync, however long since it last caught up (before: the lag time "
                                   "alone) (Partition.getOutOfSyncReplicas, 2.1.0)")
    FOLLOWER_RESET_FETCH_TIME_IN_SYNC_ONLY = ("3.3", Area.REPLICATION,
                                              "apache/kafka#12081: a re-elected leader sets a follower's "
                                              "last fetch time to now only if it is in the ISR, else to 0 "
                                              "(before: now for every follower) "
                                              "(Replica.resetReplicaState, 3.3.0)")
    ISR_JOIN_NEEDS_EPOCH_START = ("2.1", Area.REPLICATION,
                                  "a follower joins the ISR only when its fetch offset has also reached "
                                  "the start offset of the leader's current epoch, not just the HW "
                                  "(Partition.maybeExpandIsr, leaderEpochStartOffsetOpt, 2.1.0)")
    LEADER_EPOCH_TRUNCATION = ("0.11", Area.REPLICATION,
                               "KIP-101: a follower truncates to the leader's end offset for its latest "
                               "leader epoch (OffsetsForLeaderEpoch), not to its high watermark; "
                               "IBP 0.11.0-IV2")
    KIP_279 = ("2.0", Area.REPLICATION,
               "KIP-279 (KAFKA-6361): OffsetsForLeaderEpoch v1 returns the epoch too; the follower "
               "truncates at the largest epoch both logs share, surviving fast leader fail-overs")
    KIP_320 = ("2.1", Area.REPLICATION,
               "KIP-320 (KAFKA-7395): Fetch v9 and OffsetsForLeaderEpoch v2 carry the current leader "
               "epoch; the leader answers FENCED_LEADER_EPOCH (older) or UNKNOWN_LEADER_EPOCH (newer)")
    ALTER_ISR = ("2.7", Area.REPLICATION,
                 "KIP-497 (KAFKA-8836): the leader proposes ISR changes to the controller with AlterIsr "
                 "(IBP 2.7-IV2) and counts the maximal ISR for the HW and acks=all; no isr-change-"
                 "propagation task or /isr_change_notification znodes")
    TRUNCATION_ON_FETCH = ("2.8", Area.REPLICATION,
                           "KAFKA-10554: a follower truncates on the diverging epoch of a Fetch v12 response "
                           "instead of an OffsetsForLeaderEpoch round (IBP 2.7-IV1)")
    HW_FROZEN_UNDER_MIN_ISR = ("3.7", Area.REPLICATION,
                               "KAFKA-15583 (KIP-966): the leader does not advance the HW while the ISR is "
                               "smaller than min(min.insync.replicas, replication factor), the effective "
                               "min ISR also used for acks=all (Partition.maybeIncrementLeaderHW)")
    CONTROLLER_EPOCH_IN_ONE_MULTI = ("2.1", Area.REPLICATION,
                                     "KAFKA-6082: a new controller creates /controller and bumps "
                                     "/controller_epoch in one ZooKeeper multi, /controller_epoch created "
                                     "at 0 first (before: /controller, then /controller_epoch created at 1 "
                                     "or set to epoch + 1) (KafkaZkClient."
                                     "registerControllerAndIncrementControllerEpoch)")
    FOLLOWER_TRUNCATES_ON_EVERY_EPOCH = ("2.1", Area.REPLICATION,
                                         "KAFKA-7164: a follower restarts fetching (and truncates again) on "
                                         "every new leader epoch, not only when the leader changes "
                                         "(Partition.makeFollower)")
    ALTER_ISR_SURVIVES_LEADER_AND_ISR = ("3.0", Area.REPLICATION,
                                         "KAFKA-12686: a LeaderAndIsr no longer clears the partition's "
                                         "waiting AlterIsr change (AlterIsrManager.clearPending removed; 2.7 "
                                         "and 2.8 cleared it in Partition.makeLeader / makeFollower)")
    LEADER_RECOVERY_STATE = ("3.2", Area.REPLICATION,
                             "KIP-704 (KAFKA-13587): a leader elected from outside the ISR is written "
                             "RECOVERING (\"leader_recovery_state\":1 in the partition state znode) until "
                             "its AlterPartition says RECOVERED (Election.leaderForOffline, IBP 3.2-IV0)")
    ALTER_PARTITION_EPOCH_CHECKS = ("3.3", Area.REPLICATION,
                                    "KAFKA-14144, KAFKA-14154: the ZooKeeper controller answers an "
                                    "AlterPartition on an older partition epoch INVALID_UPDATE_VERSION "
                                    "before writing (after the already-applied check), and NOT_CONTROLLER "
                                    "when the leader's epochs are ahead of its own "
                                    "(KafkaController.tryProcessAlterPartition)")
    ALTER_PARTITION_ELIGIBILITY = ("3.3", Area.REPLICATION,
                                   "KIP-841 (KAFKA-14140): the ZooKeeper controller refuses an ISR naming a "
                                   "broker that is offline or in controlled shutdown with INELIGIBLE_REPLICA "
                                   "(AlterPartition v2+; OPERATION_NOT_ATTEMPTED before v2)")
    CONTROLLED_SHUTDOWN_NO_FINAL_BACKOFF = ("3.1", Area.REPLICATION,
                                           "apache/kafka#11246: a ZooKeeper-mode broker whose last "
                                           "controlled-shutdown attempt failed proceeds to its unclean "
                                           "shutdown at once; before, it slept controlled.shutdown.retry."
                                           "backoff.ms and warned \"Retrying …\" after the last attempt "
                                           "too (KafkaServer.controlledShutdown, 3.0.0 / 3.1.0)")
    # -- cluster metadata ----------------------------------------------------------------
    KRAFT_MODE = ("2.8", Area.CLUSTER,
                  "KIP-500: KRaft mode (process.roles, no ZooKeeper) as early access "
                  "(config/kraft/README.md)")
    KRAFT_PRODUCTION = ("3.3", Area.CLUSTER, "KIP-833: KRaft production-ready for new clusters")
    ZOOKEEPER_REMOVED = ("4.0", Area.CLUSTER, "Kafka 4.0 runs in KRaft mode only (4.0 upgrade notes)")
    KRAFT_REGISTRATION_CHANGE_RECORD = (
        "3.3", Area.CLUSTER,
        "KIP-841 (MetadataVersion 3.3-IV2/IV3): the KRaft controller fences, unfences and marks a "
        "controlled shutdown with a BrokerRegistrationChangeRecord (FenceBrokerRecord / UnfenceBrokerRecord "
        "before), and a broker in controlled shutdown is no longer an acceptable leader "
        "(ClusterControlManager.isActive)")
    KRAFT_LEADER_BALANCING = (
        "3.3", Area.CLUSTER,
        "the KRaft controller honours auto.leader.rebalance.enable: when a partition's preferred replica is "
        "active, in the ISR and not leading, it schedules maybeBalancePartitionLeaders "
        "leader.imbalance.check.interval.seconds later (QuorumController)")
    KRAFT_ISR_SHRINK_KEEPS_LEADER_EPOCH = (
        "3.6", Area.CLUSTER,
        "KAFKA-15021 (MetadataVersion 3.6-IV0): the KRaft controller no longer bumps the leader epoch when a "
        "partition change shrinks the ISR (PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded)")
    KRAFT_UNCLEAN_ELECTION_CONFIG = (
        "3.9", Area.CLUSTER,
        "KAFKA-12670: the KRaft controller honours unclean.leader.election.enable (before, "
        "ConfigurationControlManager.uncleanLeaderElectionEnabledForTopic returned false: only ElectLeaders "
        "UNCLEAN elected uncleanly) and elects leaderless partitions every "
        "unclean.leader.election.interval.ms (QuorumController maybeElectUncleanLeaders)")

    def __init__(self, since: str, area: Area, cite: str) -> None:
        self.since: Version = _v(since)
        self.since_name = since
        self.area = area
        self.cite = cite


@dataclass(frozen=True)
class Step:
    """From version ``since`` on, the default is ``value`` (``cite``: where that was read)."""

    since: str
    value: object
    cite: str

    @property
    def version(self) -> Version:
        return _v(self.since)


@dataclass(frozen=True)
class ConfigDefault:
    """A config's default values by version; before its first step the config did not exist."""

    key: str
    area: Area
    steps: tuple[Step, ...]


def _config(key: str, area: Area, *steps: tuple[str, object, str]) -> ConfigDefault:
    return ConfigDefault(key, area, tuple(Step(*s) for s in steps))


_KC = "KafkaConfig.scala"
_CC = "ConsumerConfig.java"
_INT_MAX = 2147483647

#: every config a profile gives a default for, in the order the documentation lists them.
CONFIG_DEFAULTS: tuple[ConfigDefault, ...] = (
    # -- group coordinator (broker) ------------------------------------------------------
    _config("group.min.session.timeout.ms", Area.GROUP, ("0.9", 6000, _KC)),
    _config("group.max.session.timeout.ms", Area.GROUP,
            ("0.9", 30000, _KC),
            ("0.10.0", 300000, "KAFKA-3636"),
            ("2.3", 1800000, "KIP-345 (KAFKA-7862)")),
    _config("group.initial.rebalance.delay.ms", Area.GROUP, ("0.11", 3000, "KIP-134 (KAFKA-4925)")),
    _config("group.max.size", Area.GROUP, ("2.2", _INT_MAX, "KIP-389 (KAFKA-7641)")),
    _config("group.coordinator.rebalance.protocols", Area.GROUP,
            ("3.7", "classic", "KIP-848, GroupCoordinatorConfig"),
            ("4.0", "classic,consumer", "KIP-848, GroupCoordinatorConfig / 4.0 upgrade notes")),
    _config("offsets.topic.num.partitions", Area.GROUP, ("0.9", 50, "OffsetConfig.scala")),
    _config("offsets.topic.replication.factor", Area.GROUP, ("0.9", 3, "OffsetConfig.scala")),
    _config("offsets.retention.minutes", Area.GROUP,
            ("0.9", 1440, _KC),
            ("2.0", 10080, "KIP-186 (KAFKA-3806)")),
    _config("offsets.retention.check.interval.ms", Area.GROUP, ("0.9", 600000, "OffsetConfig.scala")),
    # -- replication (broker / topic) ----------------------------------------------------
    _config("replica.lag.time.max.ms", Area.REPLICATION,
            ("0.9", 10000, _KC),
            ("2.5", 30000, "KIP-537 (KAFKA-9102)")),
    _config("min.insync.replicas", Area.REPLICATION, ("0.9", 1, _KC)),
    _config("unclean.leader.election.enable", Area.REPLICATION,
            ("0.9", True, _KC),
            ("0.11", False, "KIP-106 (KAFKA-4623)")),
    _config("auto.leader.rebalance.enable", Area.REPLICATION, ("0.9", True, _KC)),
    _config("leader.imbalance.per.broker.percentage", Area.REPLICATION, ("0.9", 10, _KC)),
    _config("leader.imbalance.check.interval.seconds", Area.REPLICATION, ("0.9", 300, _KC)),
    # KafkaServer.controlledShutdown (ZooKeeper mode): the broker asks the controller to move its
    # leaderships first, retrying (KafkaConfig.scala, 0.10.2.0 -> 3.4.0: the same three defaults)
    _config("controlled.shutdown.enable", Area.REPLICATION, ("0.9", True, _KC)),
    _config("controlled.shutdown.max.retries", Area.REPLICATION, ("0.9", 3, _KC)),
    _config("controlled.shutdown.retry.backoff.ms", Area.REPLICATION, ("0.9", 5000, _KC)),
    # -- consumer (Java client) ----------------------------------------------------------
    _config("session.timeout.ms", Area.CONSUMER,
            ("0.9", 30000, _CC),
            ("0.10.1", 10000, "KIP-62 (KAFKA-3888)"),
            ("3.0", 45000, "KIP-735 (KAFKA-12874)")),
    _config("heartbeat.interval.ms", Area.CONSUMER, ("0.9", 3000, _CC)),
    _config("max.poll.interval.ms", Area.CONSUMER, ("0.10.1", 300000, "KIP-62 (KAFKA-3888)")),
    _config("max.poll.records", Area.CONSUMER,
            ("0.10.0", _INT_MAX, "KIP-41 (KAFKA-3007)"),
            ("0.10.1", 500, "KIP-62 (KAFKA-3888)")),
    _config("request.timeout.ms", Area.CONSUMER,
            ("0.9", 40000, _CC),
            ("0.10.1", 305000, "KIP-62 (KAFKA-3888): above max.poll.interval.ms"),
            ("2.0", 30000, "KIP-266 (KAFKA-7050)")),
    _config("default.api.timeout.ms", Area.CONSUMER, ("2.0", 60000, "KIP-266 (KAFKA-6979)")),
    _config("retry.backoff.ms", Area.CONSUMER, ("0.9", 100, _CC)),
    _config("retry.backoff.max.ms", Area.CONSUMER, ("3.7", 1000, "KIP-580 (KAFKA-9800)")),
    _config("partition.assignment.strategy", Area.CONSUMER,
            ("0.9", "range", _CC),
            ("3.0", "range,cooperative-sticky", "KAFKA-13023, the 3.0 step of KIP-726")),
    _config("internal.leave.group.on.close", Area.CONSUMER, ("0.11", True, "KAFKA-4881")),
    _config("group.protocol", Area.CONSUMER, ("3.7", "classic", "KIP-848 (KAFKA-15679)")),
    # -- producer (Java client) ----------------------------------------------------------
    _config("acks", Area.PRODUCER,
            ("0.9", "1", "ProducerConfig.java"),
            ("3.0", "all", "KIP-679 (KAFKA-10619)")),
)

#: config -> [(since, default), ...] (ascending); a config absent before its first step
#: did not exist in that version.
DEFAULTS: Mapping[str, tuple[tuple[Version, object], ...]] = MappingProxyType({
    c.key: tuple((s.version, s.value) for s in c.steps) for c in CONFIG_DEFAULTS
})


@dataclass(frozen=True)
class Profile:
    """The behaviour of one Kafka version: its switches and its config defaults."""

    name: str
    version: Version
    switches: frozenset[Switch] = field(repr=False)
    defaults: Mapping[str, object] = field(repr=False)

    def __post_init__(self) -> None:
        # the switches by name, for ``has``: a name's hash is cached, an enum member's is a
        # Python call (a re-run asks per request)
        object.__setattr__(self, "_names", frozenset(s._name_ for s in self.switches))

    def has(self, switch: Switch) -> bool:
        return switch._name_ in self._names  # type: ignore[attr-defined]


def _step_in_force(config: ConfigDefault, version: Version) -> Step | None:
    current = None
    for step in config.steps:
        if step.version <= version:
            current = step
    return current


def _build(name: str) -> Profile:
    version = _v(name)
    switches = frozenset(s for s in Switch if s.since <= version)
    defaults: dict[str, object] = {}
    for config in CONFIG_DEFAULTS:
        step = _step_in_force(config, version)
        if step is not None:
            defaults[config.key] = step.value
    return Profile(name, version, switches, MappingProxyType(defaults))


#: the named profiles (classic groups), one per minor release; ``profile()`` maps any
#: version onto one of them.
PROFILE_NAMES: tuple[str, ...] = (
    "0.10.0", "0.10.1", "0.10.2", "0.11", "1.0", "1.1",
    "2.0", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.8",
    "3.0", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "4.0",
)
PROFILES: Mapping[str, Profile] = MappingProxyType({n: _build(n) for n in PROFILE_NAMES})
DEFAULT_PROFILE = "3.9"


def profile(name: str | None = None) -> Profile:
    """The profile for a Kafka version: the named one, or the newest at or below it."""
    if name is None:
        return PROFILES[DEFAULT_PROFILE]
    if name in _BY_NAME:  # every engine run asks again (check: thousands of runs)
        return _BY_NAME[name]
    version = parse_version(name)
    oldest = PROFILES[PROFILE_NAMES[0]]
    if version < oldest.version:
        raise ValueError(f"Kafka {name.strip()} is older than the oldest profile, {oldest.name}: the engine "
                         f"models the group coordinator and replication from {oldest.name} on. "
                         f"Use one of: {', '.join(PROFILE_NAMES)}.")
    found = max((p for p in PROFILES.values() if p.version <= version), key=lambda p: p.version)
    _BY_NAME[name] = found
    return found


#: ``profile``'s answers so far (``PROFILES`` never changes)
_BY_NAME: dict[str, Profile] = {}


# --- documentation (docs/profiles.md) ---------------------------------------------------------

def _cell(text: object) -> str:
    return str(text).replace("|", "\\|")


def format_value(value: object) -> str:
    """A default as Kafka writes it in a properties file (``true``, ``2147483647``, ``range``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render_markdown() -> str:
    """Every switch, every default and every profile, with the citation of each row."""
    out = ["# Version profiles", "",
           "Generated from `engine/profiles.py` by `python -m kafka_forensics.engine.profiles`; "
           "do not edit by hand.", "",
           "`--profile` (or the trace header's `profile`) names the Kafka version whose behaviour and "
           "defaults apply. Any version is accepted and rounded down to the newest profile at or below "
           f"it (`3.9.1` is `3.9`); the oldest is {PROFILE_NAMES[0]}, the default {DEFAULT_PROFILE}.", "",
           "Every row was read in `apache/kafka` at the release tags (0.9.0.0 to 3.8.0), the 3.9 branch "
           "and, for 4.0, trunk of 2024-10-25 (4.0.0-SNAPSHOT) with the 4.0 upgrade notes. `since` is "
           "the first x.y.0 release with the behaviour; backports to older patch releases are named. "
           "A default first listed at 0.9 was already so in 0.9.0.0, the oldest release checked.", ""]
    out += ["## Behaviour switches", ""]
    for area in Area:
        rows = [s for s in Switch if s.area is area]
        if not rows:
            continue
        heading = area.value[0].upper() + area.value[1:]
        out += [f"### {heading}", "", "| switch | since | behaviour and source |", "|---|---|---|"]
        out += [f"| `{s.name}` | {s.since_name} | {_cell(s.cite)} |" for s in rows]
        out.append("")
    out += ["## Config defaults", "",
            "A config has no default in a profile older than its first step (it did not exist).", "",
            "| config | area | since | default | source |", "|---|---|---|---|---|"]
    for config in CONFIG_DEFAULTS:
        for step in config.steps:
            out.append(f"| `{config.key}` | {config.area.name.lower()} | {step.since} | "
                       f"`{_cell(format_value(step.value))}` | {_cell(step.cite)} |")
    out += ["", "## Profiles", ""]
    previous: Profile | None = None
    for name in PROFILE_NAMES:
        p = PROFILES[name]
        out += [f"### {name}", ""]
        on = [s for s in Switch if p.has(s)]
        if previous is not None:
            new = [s for s in on if not previous.has(s)]
            out += [f"New since {previous.name}: " + (", ".join(f"`{s.name}`" for s in new) or "none") + ".",
                    ""]
        out.append(f"Switches on ({len(on)}): " + (", ".join(f"`{s.name}`" for s in on) or "none") + ".")
        out += ["", "| config | default | since | source |", "|---|---|---|---|"]
        for config in CONFIG_DEFAULTS:
            step = _step_in_force(config, p.version)
            if step is not None:
                out.append(f"| `{config.key}` | `{_cell(format_value(step.value))}` | {step.since} | "
                           f"{_cell(step.cite)} |")
        out.append("")
        previous = p
    return "\n".join(out)


if __name__ == "__main__":
    print(render_markdown(), end="")
