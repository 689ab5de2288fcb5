"""Catalogue entries: the KRaft quorum controller, the metadata quorum (raft) and the KRaft
server lifecycle (2.8 → 4.x).

Loggers and their ``logIdent`` prefixes (checked per tag in Kafka's source):

* controller side — ``org.apache.kafka.controller.QuorumController``, ``ReplicationControlManager``,
  ``ClusterControlManager``, ``BrokerHeartbeatManager``, ``FeatureControlManager``,
  ``ConfigurationControlManager``, ``OffsetControlManager`` (3.6+), ``PeriodicTaskControlManager``
  and ``EventPerformanceMonitor`` (4.0+): all built from the controller's LogContext, which
  prints ``[Controller N] `` in 2.8–3.4 (the Builder's default, ``String.format("[Controller %d] ")``)
  and ``[QuorumController id=N] `` from 3.5.  ``PartitionChangeBuilder`` uses a static logger: no
  prefix, so no ``node``.
* metadata quorum — ``org.apache.kafka.raft.QuorumState`` and ``KafkaRaftClient``: ``[RaftManager
  nodeId=N] `` 2.8–3.4, ``[RaftManager id=N] `` 3.5+.
* broker side — ``kafka.server.BrokerLifecycleManager`` (``[BrokerLifecycleManager id=N] ``, plus
  `` isZkBroker=true`` on a ZK broker under migration, 3.5–3.9), ``BrokerServer`` / ``ControllerServer``
  (``[BrokerServer id=N] `` / ``[ControllerServer id=N] ``), ``SharedServer`` (3.4+), ``KafkaRaftServer``
  (``[KafkaRaftServer nodeId=N] `` from 3.3, none before).
* metadata image — ``org.apache.kafka.image.loader.MetadataLoader`` and
  ``org.apache.kafka.image.publisher.SnapshotGenerator`` (``[X N] `` in 3.4, ``[X id=N] `` 3.5+),
  ``SnapshotEmitter`` (``[SnapshotEmitter id=N] `` 3.4+).

``node`` comes only from those prefixes (the node writing the line); brokers, leaders and
controllers a message talks about go to ``brokers``, ``leader``, ``controller``.  The KRaft
quorum epoch (= the controller epoch, = the metadata partition's leader epoch) goes to
``controller_epoch``; a partition's epoch goes to ``zk_version`` (its ZooKeeper-era name).

Left out on purpose: ``AclControlManager`` / ``ScramControlManager`` / ``ProducerIdControlManager``
(record replays without a failover story), ``ControllerRegistrationManager`` and the
``NodeToControllerRequestThread`` (connection chatter), ``KafkaRaftClientDriver`` / ``LeaderState``
/ ``KafkaNetworkChannel`` and the publishers.  The broker-side ``state.change.logger`` lines of
KRaft (``Transitioning N partition(s) to local leaders``) belong to ``replication``.

Wording per version: kafka-log-templates.md §1.3, §5.3, §5.4, §7, §10–11, checked with ``git show
<tag>:<file>`` for 2.8.0 … 3.8.0, the 3.9 branch and trunk (Oct 2024).  4.0 wording not yet in
that history (periodic tasks, the event performance monitor, ``Fencing broker N at epoch E``, the
plain ``Creating new QuorumController with clusterId X``, raft's ``ProspectiveState``) is taken
from real 4.0 / 4.1 logs in the corpus, and the two 4.0 classes' format strings were read in a
later apache/kafka snapshot of the code index.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import polars as pl

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import (
    chain,
    details_const,
    exception_from_raw,
    kraft_activation,
    kraft_broker_registration,
    kraft_config_resource,
    kraft_create_topics,
    kraft_event_failure,
    kraft_partition_change_record,
    kraft_partition_diff,
    kraft_partition_diff_2_8,
    kraft_partition_registration,
    kraft_raft_state,
    kraft_vote,
    kraft_voters,
    node_is_controller,
)

_PKG = "org.apache.kafka.controller."
QUORUM_CONTROLLER = (_PKG + "QuorumController",)
REPLICATION = (_PKG + "ReplicationControlManager",)
CLUSTER = (_PKG + "ClusterControlManager",)
HEARTBEAT = (_PKG + "BrokerHeartbeatManager",)
PARTITION_CHANGE = (_PKG + "PartitionChangeBuilder",)
FEATURES = (_PKG + "FeatureControlManager",)
CONFIGURATION = (_PKG + "ConfigurationControlManager",)
OFFSETS = (_PKG + "OffsetControlManager",)
PERIODIC = (_PKG + "PeriodicTaskControlManager",)
PERFORMANCE = (_PKG + "EventPerformanceMonitor",)
QUORUM_STATE = ("org.apache.kafka.raft.QuorumState",)
RAFT_CLIENT = ("org.apache.kafka.raft.KafkaRaftClient",)
LIFECYCLE = ("kafka.server.BrokerLifecycleManager",)
BROKER_SERVER = ("kafka.server.BrokerServer",)
CONTROLLER_SERVER = ("kafka.server.ControllerServer",)
SHARED_SERVER = ("kafka.server.SharedServer",)
RAFT_SERVER = ("kafka.server.KafkaRaftServer",)
LOADER = ("org.apache.kafka.image.loader.MetadataLoader",)
GENERATOR = ("org.apache.kafka.image.publisher.SnapshotGenerator",)
EMITTER = ("org.apache.kafka.image.publisher.SnapshotEmitter",)

CONTROLLER_PREFIX = Prefix("[QuorumController id={node}] ", "[Controller {node}] ")
RAFT_PREFIX = Prefix("[RaftManager id={node}] ", "[RaftManager nodeId={node}] ")
LIFECYCLE_PREFIX = Prefix("[BrokerLifecycleManager id={node}] ",
                          "[BrokerLifecycleManager id={node} isZkBroker=true] ")
BROKER_PREFIX = Prefix("[BrokerServer id={node}] ")
CONTROLLER_SERVER_PREFIX = Prefix("[ControllerServer id={node}] ")
SERVER_PREFIX = Prefix("[BrokerServer id={node}] ", "[ControllerServer id={node}] ")
SHARED_PREFIX = Prefix("[SharedServer id={node}] ")
RAFT_SERVER_PREFIX = Prefix("[KafkaRaftServer nodeId={node}] ", optional=True)
LOADER_PREFIX = Prefix("[MetadataLoader id={node}] ", "[MetadataLoader {node}] ")
GENERATOR_PREFIX = Prefix("[SnapshotGenerator id={node}] ", "[SnapshotGenerator {node}] ")
EMITTER_PREFIX = Prefix("[SnapshotEmitter id={node}] ")

QC = "[QuorumController id=3000] "  # 3.5+ controller prefix in synthesised examples
C3 = "[Controller 3000] "  # 2.8–3.4


def _line(ts: str, level: str, msg: str, loggers: tuple[str, ...]) -> str:
    return f"[{ts}] {level} {msg} ({loggers[0]})"


def _t(tid: str, kind: Kind, versions: str, text: str, *examples: str, loggers: tuple[str, ...],
       prefix: Prefix | None = None, const: dict[str, Any] | None = None,
       derive: Callable[[pl.DataFrame], pl.DataFrame] | None = None, note: str = "") -> Template:
    return Template(id=tid, kind=kind, versions=versions, loggers=loggers, prefix=prefix, text=text,
                    const=const or {}, derive=derive, examples=examples, note=note)


_rcm = partial(_t, loggers=REPLICATION, prefix=CONTROLLER_PREFIX)
_qc = partial(_t, loggers=QUORUM_CONTROLLER, prefix=CONTROLLER_PREFIX)
_ccm = partial(_t, loggers=CLUSTER, prefix=CONTROLLER_PREFIX)
_bhm = partial(_t, loggers=HEARTBEAT, prefix=CONTROLLER_PREFIX)
_fcm = partial(_t, loggers=FEATURES, prefix=CONTROLLER_PREFIX)
_ocm = partial(_t, loggers=OFFSETS, prefix=CONTROLLER_PREFIX)
_ptm = partial(_t, loggers=PERIODIC, prefix=CONTROLLER_PREFIX)
_epm = partial(_t, loggers=PERFORMANCE, prefix=CONTROLLER_PREFIX)
_raft = partial(_t, loggers=RAFT_CLIENT, prefix=RAFT_PREFIX)
_qs = partial(_t, loggers=QUORUM_STATE, prefix=RAFT_PREFIX)
_blm = partial(_t, loggers=LIFECYCLE, prefix=LIFECYCLE_PREFIX)
_bs = partial(_t, loggers=BROKER_SERVER, prefix=BROKER_PREFIX)
_cs = partial(_t, loggers=CONTROLLER_SERVER, prefix=CONTROLLER_SERVER_PREFIX)
_srv = partial(_t, loggers=BROKER_SERVER + CONTROLLER_SERVER, prefix=SERVER_PREFIX)
_ml = partial(_t, loggers=LOADER, prefix=LOADER_PREFIX)


def _alter(tid: str, versions: str, text: str, example: str, *, level: str = "INFO",
           const: dict[str, Any] | None = None) -> Template:
    """An AlterPartition decision of the active controller (the RPC is logged as ``alterIsr`` in
    3.0–3.1 and ``AlterPartition`` from 3.2); ``replica`` is the partition leader that sent it."""
    return _rcm(tid, Kind.KRAFT_ALTER_PARTITION, versions, text,
                _line("2023-02-01 10:00:00,000", level, example, REPLICATION), const=const)


_UNCLEAN_36 = ("[2024-03-01 11:20:05,790] INFO [QuorumController id=3000] UNCLEAN partition change for "
               "orders-2 with topic ID qZ2y3J1OQ6K9xq9kN2m4Lw: isr: [2] -> [3], leader: 2 -> 3, "
               "leaderRecoveryState: RECOVERED -> RECOVERING, leaderEpoch: 14 -> 15, "
               "partitionEpoch: 30 -> 31 (org.apache.kafka.controller.ReplicationControlManager)")
_REG_39 = ("PartitionRegistration(replicas=[1, 2, 3], directories=[AAAAAAAAAAAAAAAAAAAAAA, "
           "AAAAAAAAAAAAAAAAAAAAAA, AAAAAAAAAAAAAAAAAAAAAA], isr=[1, 2, 3], removingReplicas=[], "
           "addingReplicas=[], elr=[], lastKnownElr=[], leader=1, leaderRecoveryState=RECOVERED, "
           "leaderEpoch=0, partitionEpoch=0)")
_REG_32 = ("PartitionRegistration(replicas=[1, 2, 3], isr=[1, 2, 3], removingReplicas=[], addingReplicas=[], "
           "leader=1, leaderRecoveryState=RECOVERED, leaderEpoch=0, partitionEpoch=0)")
_CHANGE_RECORD = ("PartitionChangeRecord(partitionId=0, topicId=qZ2y3J1OQ6K9xq9kN2m4Lw, isr=null, leader=-2, "
                  "replicas=[1, 2, 3, 4], removingReplicas=null, addingReplicas=[4], leaderRecoveryState=-1, "
                  "directories=null, eligibleLeaderReplicas=null, lastKnownElr=null)")

REPLICATION_TEMPLATES: list[Template] = [
    # -- partition changes (PartitionRegistration.maybeLogPartitionChange, 3.0+): INFO when the new
    # leader was not in the previous ISR — the only explicit unclean-election line of KRaft (§5.3)
    _rcm("kraft.partition_change.unclean", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "UNCLEAN partition change for {tp} with topic ID {details.topic_id:word}: {_diff}",
         _UNCLEAN_36, const={"cause": "unclean"}, derive=kraft_partition_diff,
         note="logged on every controller replaying the record; the diff names changed fields only"),
    _rcm("kraft.partition_change", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "partition change for {tp} with topic ID {details.topic_id:word}: {_diff}",
         _line("2022-10-04 09:12:44,102", "DEBUG", C3 + "partition change for orders-0 with topic ID "
               "qZ2y3J1OQ6K9xq9kN2m4Lw: isr: [1, 2, 3] -> [1, 3], partitionEpoch: 7 -> 8", REPLICATION),
         derive=kraft_partition_diff, note="DEBUG: clean ISR / leader changes"),
    # 2.8 (KIP-500 early access) named the topic by id only and printed old/new pairs
    _rcm("kraft.partition_change.2_8", Kind.KRAFT_PARTITION_CHANGE, "2.8",
         "Modified partition {details.topic_id:word}:{partition}: {_diff}.",
         _line("2021-05-03 10:01:02,003", "INFO", C3 + "Modified partition qZ2y3J1OQ6K9xq9kN2m4Lw:0: "
               "oldIsr=[1, 2, 3], newIsr=[1, 3], oldPartitionEpoch=7, newPartitionEpoch=8.", REPLICATION),
         derive=kraft_partition_diff_2_8),
    # -- partition creation / full partition records
    _rcm("kraft.partition_record.new", Kind.KRAFT_PARTITION_CREATED, "3.6+",
         "Replayed PartitionRecord for new partition {tp} with topic ID {details.topic_id:word} and {_reg}.",
         "[2026-08-08 14:49:20,996] INFO [QuorumController id=0] Replayed PartitionRecord for new partition "
         "test-auto-permissions-0 with topic ID JXxB-AkIQ0ON1oFYdiYuZg and "
         "PartitionRegistration(replicas=[0], "
         "directories=[HdLrZmMjbKrt4LUPAS48Ew], isr=[0], removingReplicas=[], addingReplicas=[], elr=[], "
         "lastKnownElr=[], leader=0, leaderRecoveryState=RECOVERED, leaderEpoch=0, partitionEpoch=0). "
         "(org.apache.kafka.controller.ReplicationControlManager)",
         derive=chain(kraft_partition_registration, details_const(replay="new"))),
    _rcm("kraft.partition_record.existing", Kind.KRAFT_PARTITION_CREATED, "3.6+",
         "Replayed PartitionRecord for existing partition {tp} with topic ID {details.topic_id:word} and "
         "{_reg}.",
         _line("2024-03-01 11:20:06,002", "INFO", QC + "Replayed PartitionRecord for existing partition "
                                                       "orders-1 "
               "with topic ID qZ2y3J1OQ6K9xq9kN2m4Lw and " + _REG_39.replace("leaderEpoch=0", "leaderEpoch=4")
               + ".", REPLICATION),
         derive=chain(kraft_partition_registration, details_const(replay="existing")),
         note="a PartitionRecord for a known partition: a snapshot or a re-creation, followed by the diff "
              "line"),
    _rcm("kraft.partition_created.3_0", Kind.KRAFT_PARTITION_CREATED, "3.0-3.5",
         "Created partition {tp} with topic ID {details.topic_id:word} and {_reg}.",
         _line("2022-06-20 08:30:00,117", "INFO", C3 + "Created partition orders-0 with topic ID "
               "qZ2y3J1OQ6K9xq9kN2m4Lw and " + _REG_32 + ".", REPLICATION),
         derive=chain(kraft_partition_registration, details_const(replay="new"))),
    _rcm("kraft.partition_created.2_8", Kind.KRAFT_PARTITION_CREATED, "2.8",
         "Created partition {details.topic_id:word}:{partition} with {_reg}.",
         _line("2021-05-03 10:00:59,870", "INFO", C3 + "Created partition qZ2y3J1OQ6K9xq9kN2m4Lw:0 with "
               "PartitionControlInfo(replicas=[1, 2, 3], isr=[1, 2, 3], removingReplicas=[], "
               "addingReplicas=[], "
               "leader=1, leaderEpoch=0, partitionEpoch=0).", REPLICATION),
         derive=chain(kraft_partition_registration, details_const(replay="new"))),
    # -- PartitionChangeRecord replays: INFO only for reassignments (adding / removing replicas)
    _rcm("kraft.partition_change_record.reassignment", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "Replayed partition assignment change {_record} for topic {topic}",
         _line("2024-03-01 12:00:00,500", "INFO",
               QC + "Replayed partition assignment change " + _CHANGE_RECORD
               + " for topic orders", REPLICATION),
         const={"cause": "reassignment"}, derive=kraft_partition_change_record),
    _rcm("kraft.partition_change_record", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "Replayed partition change {_record} for topic {topic}",
         _line("2024-03-01 12:00:01,500", "DEBUG", QC + "Replayed partition change PartitionChangeRecord("
               "partitionId=2, topicId=qZ2y3J1OQ6K9xq9kN2m4Lw, isr=[3], leader=3, replicas=null, "
               "removingReplicas=null, addingReplicas=null, leaderRecoveryState=1, directories=null, "
               "eligibleLeaderReplicas=null, lastKnownElr=null) for topic orders", REPLICATION),
         derive=kraft_partition_change_record, note="TRACE 3.0–3.5, DEBUG 3.6+"),
    # -- topics
    _rcm("kraft.topic_record", Kind.KRAFT_TOPIC_CREATED, "3.6+",
         "Replayed TopicRecord for topic {topic} with topic ID {details.topic_id:word}.",
         "[2026-08-08 14:49:20,978] INFO [QuorumController id=0] Replayed TopicRecord for topic "
         "test-auto-permissions with topic ID JXxB-AkIQ0ON1oFYdiYuZg. "
         "(org.apache.kafka.controller.ReplicationControlManager)"),
    _rcm("kraft.topic_created.3_0", Kind.KRAFT_TOPIC_CREATED, "3.0-3.5",
         "Created topic {topic} with topic ID {details.topic_id:word}.",
         _line("2022-06-20 08:30:00,101", "INFO", C3 + "Created topic orders with topic ID "
                                                       "qZ2y3J1OQ6K9xq9kN2m4Lw.",
               REPLICATION)),
    _rcm("kraft.topic_created.2_8", Kind.KRAFT_TOPIC_CREATED, "2.8",
         "Created topic {topic} with ID {details.topic_id:word}.",
         _line("2021-05-03 10:00:59,861", "INFO", C3 + "Created topic orders with ID qZ2y3J1OQ6K9xq9kN2m4Lw.",
               REPLICATION)),
    _rcm("kraft.topic_removed", Kind.KRAFT_TOPIC_DELETED, "3.6+",
         "Replayed RemoveTopicRecord for topic {topic} with ID {details.topic_id:word}.",
         _line("2024-03-02 09:00:00,000", "INFO", QC + "Replayed RemoveTopicRecord for topic orders with ID "
               "qZ2y3J1OQ6K9xq9kN2m4Lw.", REPLICATION)),
    _rcm("kraft.topic_removed.2_8", Kind.KRAFT_TOPIC_DELETED, "2.8-3.5",
         "Removed topic {topic} with ID {details.topic_id:word}.",
         _line("2022-06-21 09:00:00,000", "INFO", C3 + "Removed topic orders with ID qZ2y3J1OQ6K9xq9kN2m4Lw.",
               REPLICATION)),
    _rcm("kraft.create_topics.validate_only", Kind.KRAFT_TOPIC_REQUEST, "3.1+",
         "Validate-only CreateTopics result(s): {_results}",
         _line("2023-07-10 10:00:00,000", "INFO", QC + "Validate-only CreateTopics result(s): CreatableTopic("
               "name='orders', numPartitions=6, replicationFactor=3, assignments=[], configs=[]): SUCCESS",
               REPLICATION),
         derive=chain(kraft_create_topics, details_const(validate_only=True))),
    _rcm("kraft.create_topics", Kind.KRAFT_TOPIC_REQUEST, "3.1+",
         "CreateTopics result(s): {_results}",
         "[2025-05-14 23:19:04,520] INFO [QuorumController id=10] CreateTopics result(s): CreatableTopic("
         "name='test-sasl-topic', numPartitions=1, replicationFactor=1, assignments=[], configs=[]): "
         "TOPIC_ALREADY_EXISTS (Topic 'test-sasl-topic' already exists.) "
         "(org.apache.kafka.controller.ReplicationControlManager)",
         derive=kraft_create_topics),
    _rcm("kraft.create_topics.2_8", Kind.KRAFT_TOPIC_REQUEST, "2.8-3.0",
         "createTopics result(s): {_results}",
         _line("2021-10-01 10:00:00,000", "INFO", C3 + "createTopics result(s): "
                                                       "CreatableTopic(name='orders', "
               "numPartitions=6, replicationFactor=3, assignments=[], configs=[]): SUCCESS", REPLICATION),
         derive=kraft_create_topics),
    # -- fencing: the controller's session timeout (broker.session.timeout.ms) expired
    _rcm("kraft.fencing", Kind.KRAFT_BROKER_FENCED, "2.8-3.9",
         "Fencing broker {brokers} because its session has timed out.",
         "[2024-03-01 11:20:05,771] INFO [QuorumController id=3000] Fencing broker 2 because its session has "
         "timed out. (org.apache.kafka.controller.ReplicationControlManager)",
         const={"cause": "session_timeout"}),
    _rcm("kraft.fencing.4_0", Kind.KRAFT_BROKER_FENCED, "4.0+",
         "Fencing broker {brokers} at epoch {details.broker_epoch:int} because its session has timed out.",
         "[2026-08-08 14:49:30,091] INFO [QuorumController id=0] Fencing broker 0 at epoch 1072 because its "
         "session has timed out. (org.apache.kafka.controller.ReplicationControlManager)",
         const={"cause": "session_timeout"}),
    _rcm("kraft.heartbeat_overloaded", Kind.KRAFT_HEARTBEAT_FAILED, "3.5+",
         "processExpiredBrokerHeartbeat: controller event queue overloaded. Timed out heartbeat from broker "
         "{brokers}.",
         _line("2023-07-10 10:00:00,000", "ERROR", QC + "processExpiredBrokerHeartbeat: controller event "
                                                        "queue "
               "overloaded. Timed out heartbeat from broker 2.", REPLICATION),
         const={"cause": "controller_overloaded"}),
    # the records a broker event generated: handleBrokerFenced, handleBrokerUnfenced,
    # handleBrokerUnregistered, enterControlledShutdown[N], handleBrokerUncleanShutdown (3.7+) …
    _rcm("kraft.changing_partitions", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "{details.context:word}: changing {count} partition(s)",
         "[2025-05-14 23:20:12,019] INFO [QuorumController id=10] handleBrokerFenced: changing 1 "
         "partition(s) "
         "(org.apache.kafka.controller.ReplicationControlManager)"),
    _rcm("kraft.directories_offline", Kind.KRAFT_BROKER_REGISTERED, "3.7+",
         "Directories {details.offline_directories:strs} in broker {brokers} marked offline, remaining "
         "directories: {details.online_directories:strs}",
         _line("2024-03-05 10:00:00,000", "WARN", QC + "Directories [kXUJD2A9YWQ2GIJctGNUGg] in broker 2 "
                                                       "marked "
               "offline, remaining directories: [HdLrZmMjbKrt4LUPAS48Ew]", REPLICATION),
         note="JBOD (KIP-858): a log directory of the broker failed"),
    # -- unclean elections the controller starts itself (3.9+, for topics with unclean election enabled)
    _rcm("kraft.unclean_election.triggered", Kind.KRAFT_PARTITION_CHANGE, "3.9+",
         "Triggering unclean leader election for offline partition {tp}.",
         _line("2024-12-02 10:00:00,000", "ERROR", QC + "Triggering unclean leader election for offline "
               "partition orders-2.", REPLICATION),
         const={"cause": "unclean"}),
    _rcm("kraft.unclean_election.failed", Kind.KRAFT_PARTITION_CHANGE, "3.9+",
         "Cannot trigger unclean leader election for offline partition {tp}: {error:word}",
         _line("2024-12-02 10:00:00,000", "WARN", QC + "Cannot trigger unclean leader election for offline "
               "partition orders-2: ELIGIBLE_LEADERS_NOT_AVAILABLE", REPLICATION),
         const={"cause": "unclean"}),
    _rcm("kraft.unclean_election.disabled", Kind.KRAFT_PARTITION_CHANGE, "3.9+",
         "Cannot trigger unclean leader election for offline partition {tp} because unclean leader election "
         "is disabled for this topic.",
         _line("2024-12-02 10:00:00,000", "DEBUG", QC + "Cannot trigger unclean leader election for offline "
               "partition orders-2 because unclean leader election is disabled for this topic.", REPLICATION),
         const={"cause": "unclean_disabled"}),
    # -- reassignments (AlterPartitionReassignments)
    _rcm("kraft.reassignments_altered", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "Successfully altered {count} out of {details.total:int} partition reassignment(s).",
         _line("2024-03-01 12:00:00,400", "INFO", QC + "Successfully altered 1 out of 2 partition "
               "reassignment(s).", REPLICATION),
         const={"cause": "reassignment"}),
    _rcm("kraft.reassignment_failed", Kind.KRAFT_PARTITION_CHANGE, "3.0+",
         "Unable to alter partition reassignment for {topic}:{partition} because of an {error:word} error: "
         "{details.error_message:text}",
         _line("2024-03-01 12:00:00,399", "INFO", QC + "Unable to alter partition reassignment for orders:1 "
               "because of an InvalidReplicaAssignmentException error: The manual partition assignment "
               "includes "
               "broker 7, but no such broker is registered.", REPLICATION),
         const={"cause": "reassignment"}),
    # -- AlterPartition (ISR changes proposed by partition leaders)
    _alter("kraft.alter_partition.unknown_topic.3_3", "3.3+",
           "Rejecting AlterPartition request for unknown topic ID {details.topic_id:word} or name "
           "{topic:nonempty}.",
           QC + "Rejecting AlterPartition request for unknown topic ID qZ2y3J1OQ6K9xq9kN2m4Lw or name ."),
    _alter("kraft.alter_partition.unknown_topic.3_2", "3.2",
           "Rejecting AlterPartition request for unknown topic ID {details.topic_id:word}.",
           C3 + "Rejecting AlterPartition request for unknown topic ID qZ2y3J1OQ6K9xq9kN2m4Lw."),
    _alter("kraft.alter_isr.unknown_topic", "3.0-3.1",
           "Rejecting alterIsr request for unknown topic ID {details.topic_id:word}.",
           C3 + "Rejecting alterIsr request for unknown topic ID qZ2y3J1OQ6K9xq9kN2m4Lw.",
           const={"error": "UNKNOWN_TOPIC_OR_PARTITION"}),
    _alter("kraft.alter_partition.unknown_partition", "3.2+",
           "Rejecting AlterPartition request for unknown partition {tp}.",
           C3 + "Rejecting AlterPartition request for unknown partition orders-9.",
           const={"error": "UNKNOWN_TOPIC_OR_PARTITION"}),
    _alter("kraft.alter_isr.unknown_partition", "3.0-3.1",
           "Rejecting alterIsr request for unknown partition {tp}.",
           C3 + "Rejecting alterIsr request for unknown partition orders-9.",
           const={"error": "UNKNOWN_TOPIC_OR_PARTITION"}),
    _alter("kraft.alter_partition.not_leader", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the current leader is "
           "{leader}.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because the current leader is 3.",
           const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_isr.not_leader", "3.0-3.1",
           "Rejecting alterIsr request from node {replica} for {tp} because the current leader is {leader}.",
           C3 + "Rejecting alterIsr request from node 2 for orders-0 because the current leader is 3.",
           const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.stale_leader_epoch.3_3", "3.3+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the current leader epoch "
           "is "
           "{leader_epoch}, which is greater than the local value {details.local_leader_epoch:int}.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because the current leader epoch "
                "is "
           "15, which is greater than the local value 14.", level="DEBUG",
           const={"error": "NOT_CONTROLLER"}),
    _alter("kraft.alter_partition.stale_partition_epoch.3_3", "3.3+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the current partition "
           "epoch "
           "is {zk_version}, which is greater than the local value {details.local_partition_epoch:int}.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because the current partition "
                "epoch "
           "is 31, which is greater than the local value 30.", level="DEBUG",
           const={"error": "NOT_CONTROLLER"}),
    _alter("kraft.alter_partition.fenced_leader_epoch", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the current leader epoch "
           "is "
           "{leader_epoch}, not {details.request_leader_epoch:int}.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because the current leader epoch "
                "is "
           "15, not 14.", level="DEBUG", const={"error": "FENCED_LEADER_EPOCH"}),
    _alter("kraft.alter_isr.fenced_leader_epoch", "3.0-3.1",
           "Rejecting alterIsr request from node {replica} for {tp} because the current leader epoch is "
           "{leader_epoch}, not {details.request_leader_epoch:int}.",
           C3 + "Rejecting alterIsr request from node 2 for orders-0 because the current leader epoch is 15, "
           "not 14.", level="DEBUG", const={"error": "FENCED_LEADER_EPOCH"}),
    _alter("kraft.alter_partition.stale_partition_epoch", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the current partition "
           "epoch "
           "is {zk_version}, not {details.request_partition_epoch:int}.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because the current partition "
                "epoch "
           "is 31, not 30.", const={"error": "INVALID_UPDATE_VERSION"}),
    _alter("kraft.alter_isr.stale_partition_epoch", "3.0-3.1",
           "Rejecting alterIsr request from node {replica} for {tp} because the current partition epoch is "
           "{zk_version}, not {details.request_partition_epoch:int}.",
           C3 + "Rejecting alterIsr request from node 2 for orders-0 because the current partition epoch is "
           "31, not 30.", const={"error": "INVALID_UPDATE_VERSION"}),
    _alter("kraft.alter_partition.isr_without_leader", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because it specified an invalid "
           "ISR "
           "{isr:broker_states} that doesn't include itself.",
           QC + "Rejecting AlterPartition request from node 2 for orders-0 because it specified an invalid "
                "ISR "
           "[BrokerState(brokerId=1, brokerEpoch=-1), BrokerState(brokerId=3, brokerEpoch=-1)] that doesn't "
           "include itself.", level="ERROR", const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_isr.isr_without_leader", "3.0-3.1",
           "Rejecting alterIsr request from node {replica} for {tp} because it specified an invalid ISR "
           "{isr:broker_states} that doesn't include itself.",
           C3 + "Rejecting alterIsr request from node 2 for orders-0 because it specified an invalid ISR "
                "[1, 3] "
           "that doesn't include itself.", level="ERROR", const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.invalid_isr", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because it specified an invalid "
           "ISR "
           "{isr:broker_states}.",
           C3 + "Rejecting AlterPartition request from node 2 for orders-0 because it specified an invalid "
                "ISR "
           "[2, 2].", level="ERROR", const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_isr.invalid_isr", "3.0-3.1",
           "Rejecting alterIsr request from node {replica} for {tp} because it specified an invalid ISR "
           "{isr:broker_states}.",
           C3 + "Rejecting alterIsr request from node 2 for orders-0 because it specified an invalid ISR "
                "[2, 2].",
           level="ERROR", const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.recovering", "3.3+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the ISR "
           "{isr:broker_states} "
           "had more than one replica while the leader was still recovering from an unclean leader election "
           "{details.leader_recovery_state:word}.",
           QC + "Rejecting AlterPartition request from node 3 for orders-2 because the ISR "
           "[BrokerState(brokerId=3, brokerEpoch=-1), BrokerState(brokerId=1, brokerEpoch=-1)] had more than "
           "one replica while the leader was still recovering from an unclean leader election RECOVERING.",
           const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.recovering.3_2", "3.2",
           "Rejecting AlterPartition request from node {replica} for {tp} because the ISR "
           "{isr:broker_states} "
           "had more than one replica while the leader was still recovering from an unlcean leader election "
           "{details.leader_recovery_state:word}.",
           C3 + "Rejecting AlterPartition request from node 3 for orders-2 because the ISR [3, 1] had more "
                "than "
           "one replica while the leader was still recovering from an unlcean leader election RECOVERING.",
           const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.recovery_state", "3.2+",
           "Rejecting AlterPartition request from node {replica} for {tp} because the leader recovery state "
           "cannot change from RECOVERED to RECOVERING.",
           QC + "Rejecting AlterPartition request from node 3 for orders-2 because the leader recovery state "
           "cannot change from RECOVERED to RECOVERING.", const={"error": "INVALID_REQUEST"}),
    _alter("kraft.alter_partition.ineligible_replicas", "3.3+",
           "Rejecting AlterPartition request from node {replica} for {tp} because it specified ineligible "
           "replicas {brokers:broker_states} in the new ISR {isr:broker_states}.",
           QC + "Rejecting AlterPartition request from node 1 for orders-0 because it specified ineligible "
           "replicas [BrokerState(brokerId=2, brokerEpoch=-1)] in the new ISR [BrokerState(brokerId=1, "
           "brokerEpoch=-1), BrokerState(brokerId=2, brokerEpoch=-1)].",
           const={"error": "INELIGIBLE_REPLICA"}),
    _alter("kraft.alter_partition.reassignment_leader_change", "3.2+",
           "AlterPartition request from node {replica} for {tp} completed the ongoing partition reassignment "
           "and triggered a leadership change. Returning {error:word}.",
           QC + "AlterPartition request from node 1 for orders-0 completed the ongoing partition "
                "reassignment "
           "and triggered a leadership change. Returning NEW_LEADER_ELECTED.",
           const={"cause": "reassignment"}),
    _alter("kraft.alter_isr.reassignment_leader_change", "3.0-3.1",
           "AlterIsr request from node {replica} for {tp} completed the ongoing partition reassignment and "
           "triggered a leadership change. Reutrning FENCED_LEADER_EPOCH.",
           C3 + "AlterIsr request from node 1 for orders-0 completed the ongoing partition reassignment and "
           "triggered a leadership change. Reutrning FENCED_LEADER_EPOCH.",
           const={"cause": "reassignment", "error": "FENCED_LEADER_EPOCH"}),
    _alter("kraft.alter_partition.reassignment_completed", "3.2+",
           "AlterPartition request from node {replica} for {tp} completed the ongoing partition "
           "reassignment.",
           QC + "AlterPartition request from node 1 for orders-0 completed the ongoing partition "
                "reassignment.",
           const={"cause": "reassignment"}),
    _alter("kraft.alter_isr.reassignment_completed", "3.0-3.1",
           "AlterIsr request from node {replica} for {tp} completed the ongoing partition reassignment.",
           C3 + "AlterIsr request from node 1 for orders-0 completed the ongoing partition reassignment.",
           const={"cause": "reassignment"}),
]

# PartitionChangeBuilder logs through a static logger: no prefix, the topic by id only.
PARTITION_CHANGE_TEMPLATES: list[Template] = [
    _t("kraft.new_leader.unclean", Kind.KRAFT_PARTITION_CHANGE, "3.2+",
       "Setting new leader for topicId {details.topic_id:word}, partition {partition} to {leader} using an "
       "unclean election",
       _line("2024-03-01 11:20:05,785", "INFO", "Setting new leader for topicId qZ2y3J1OQ6K9xq9kN2m4Lw, "
             "partition 2 to 3 using an unclean election", PARTITION_CHANGE),
       loggers=PARTITION_CHANGE, const={"cause": "unclean"}, note="DEBUG 3.2–3.5, INFO 3.6+"),
    _t("kraft.new_leader.clean", Kind.KRAFT_PARTITION_CHANGE, "3.2-3.5",
       "Setting new leader for topicId {details.topic_id:word}, partition {partition} to {leader} using a "
       "clean election",
       _line("2023-02-01 10:00:00,000", "DEBUG", "Setting new leader for topicId qZ2y3J1OQ6K9xq9kN2m4Lw, "
             "partition 0 to 3 using a clean election", PARTITION_CHANGE),
       loggers=PARTITION_CHANGE, const={"cause": "clean"}),
    _t("kraft.new_leader.3_1", Kind.KRAFT_PARTITION_CHANGE, "3.1",
       "Setting new leader for topicId {details.topic_id:word}, partition {partition} to {leader}",
       _line("2022-02-01 10:00:00,000", "DEBUG", "Setting new leader for topicId qZ2y3J1OQ6K9xq9kN2m4Lw, "
             "partition 0 to 3", PARTITION_CHANGE),
       loggers=PARTITION_CHANGE),
]

_FAILED_36 = "{details.event:word}: event failed with {error:word}{~(?: \\(treated as [\\w$.]+\\))?~}"
_NOT_STARTED_36 = ("{details.event:word}: event unable to start processing because of {error:word}"
                   "{~(?: \\(treated as [\\w$.]+\\))?~}")

QUORUM_CONTROLLER_TEMPLATES: list[Template] = [
    # -- leadership of the controller quorum (QuorumMetaLogListener.handleLeaderChange)
    _qc("kraft.controller_active", Kind.KRAFT_CONTROLLER_ACTIVE, "3.6+",
        "Becoming the active controller at epoch {controller_epoch}, next write offset {offset}.",
        "[2026-08-08 14:49:21,061] INFO [QuorumController id=0] Becoming the active controller at epoch 3, "
        "next write offset 3886. (org.apache.kafka.controller.QuorumController)",
        const={"state": "active"}, derive=node_is_controller),
    _qc("kraft.controller_active.3_3", Kind.KRAFT_CONTROLLER_ACTIVE, "3.3-3.5",
        "Becoming the active controller at epoch {controller_epoch}, committed offset {offset}, committed "
        "epoch "
        "{details.committed_epoch:int}",
        _line("2022-10-04 09:12:40,001", "INFO", C3 + "Becoming the active controller at epoch 7, committed "
              "offset 1204, committed epoch 6", QUORUM_CONTROLLER),
        const={"state": "active"}, derive=node_is_controller),
    _qc("kraft.controller_active.3_0", Kind.KRAFT_CONTROLLER_ACTIVE, "3.0-3.2",
        "Becoming the active controller at epoch {controller_epoch}, committed offset {offset} and committed "
        "epoch {details.committed_epoch:int}.",
        _line("2021-10-01 10:00:00,000", "INFO", C3 + "Becoming the active controller at epoch 7, committed "
              "offset 1204 and committed epoch 6.", QUORUM_CONTROLLER),
        const={"state": "active"}, derive=node_is_controller),
    _qc("kraft.controller_active.2_8", Kind.KRAFT_CONTROLLER_ACTIVE, "2.8",
        "Becoming active at controller epoch {controller_epoch}.",
        _line("2021-05-03 10:00:00,000", "INFO", C3 + "Becoming active at controller epoch 7.",
              QUORUM_CONTROLLER),
        const={"state": "active"}, derive=node_is_controller),
    _qc("kraft.controller_renounce", Kind.KRAFT_CONTROLLER_ACTIVE, "3.6+",
        "Renouncing the leadership due to a metadata log event. We were the leader at epoch "
        "{details.prev_epoch:int}, but in the new epoch {controller_epoch}, the leader is "
        "{controller:none_int}. Reverting to last stable offset {offset}.",
        _line("2024-03-01 11:20:04,120", "WARN", QC + "Renouncing the leadership due to a metadata log "
                                                      "event. We "
              "were the leader at epoch 7, but in the new epoch 8, the leader is 3001. Reverting to last "
              "stable "
              "offset 90210.", QUORUM_CONTROLLER),
        const={"state": "renounced"}),
    _qc("kraft.controller_renounce.3_3", Kind.KRAFT_CONTROLLER_ACTIVE, "3.3-3.5",
        "Renouncing the leadership due to a metadata log event. We were the leader at epoch "
        "{details.prev_epoch:int}, but in the new epoch {controller_epoch}, the leader is "
        "{controller:none_int}. Reverting to last committed offset {offset}.",
        _line("2022-10-04 09:12:40,001", "WARN", C3 + "Renouncing the leadership due to a metadata log "
                                                      "event. We "
              "were the leader at epoch 7, but in the new epoch 8, the leader is (none). Reverting to last "
              "committed offset 1204.", QUORUM_CONTROLLER),
        const={"state": "renounced"}),
    _qc("kraft.controller_renounce.2_8", Kind.KRAFT_CONTROLLER_ACTIVE, "2.8-3.2",
        "Renouncing the leadership at oldEpoch {details.prev_epoch:int} due to a metadata log event. "
        "Reverting "
        "to last committed offset {offset}.",
        _line("2021-10-01 10:00:00,000", "WARN", C3 + "Renouncing the leadership at oldEpoch 7 due to a "
                                                      "metadata "
              "log event. Reverting to last committed offset 1204.", QUORUM_CONTROLLER),
        const={"state": "renounced"}, note="INFO in 2.8, WARN 3.0–3.2"),
    _qc("kraft.new_epoch", Kind.KRAFT_LEADER_CHANGE, "3.3+",
        "In the new epoch {controller_epoch}, the leader is {controller:none_int}.",
        _line("2024-03-01 11:20:04,121", "INFO", QC + "In the new epoch 8, the leader is 3001.",
              QUORUM_CONTROLLER),
        note="a standby controller learning the new leader; `(none)` while an election runs"),
    _qc("kraft.still_leader", Kind.KRAFT_LEADER_CHANGE, "3.3+",
        "We were the leader in epoch {details.prev_epoch:int}, and are still the leader in the new epoch "
        "{controller_epoch}.",
        _line("2024-03-01 11:20:04,121", "WARN", QC + "We were the leader in epoch 7, and are still the "
                                                      "leader "
              "in the new epoch 8.", QUORUM_CONTROLLER),
        derive=node_is_controller),
    # -- activation (3.6+ ActivationRecordsGenerator composes the message, logged at WARN)
    _qc("kraft.activation", Kind.KRAFT_LIFECYCLE, "3.6+",
        "Performing controller activation.{_rest}",
        "[2026-08-08 14:52:45,529] WARN [QuorumController id=0] Performing controller activation. The "
        "metadata "
        "log appears to be empty. Appending 4 bootstrap record(s) in metadata transaction at "
        "metadata.version "
        "4.0-IV3 from bootstrap source 'the binary bootstrap metadata file: "
        "/home/deepone/kafka_2.13-4.0.0/logs/"
        "kafka-data-0/bootstrap.checkpoint'. (org.apache.kafka.controller.QuorumController)",
        "[2026-08-08 14:49:21,081] WARN [QuorumController id=0] Performing controller activation. "
        "(org.apache.kafka.controller.QuorumController)",
        derive=kraft_activation,
        note="bootstrap / aborted-transaction / metadata.version / ZK-migration sentences follow as they "
             "apply"),
    _qc("kraft.bootstrap.3_3", Kind.KRAFT_LIFECYCLE, "3.3-3.5",
        "The metadata log appears to be empty. Appending {count} bootstrap record(s) at metadata.version "
        "{details.metadata_version:word} from {details.bootstrap_source}.",
        _line("2022-10-04 09:12:40,101", "INFO", C3 + "The metadata log appears to be empty. Appending 1 "
              "bootstrap record(s) at metadata.version 3.3-IV3 from the binary bootstrap metadata file: "
              "/var/lib/kafka/meta/bootstrap.checkpoint.", QUORUM_CONTROLLER)),
    _qc("kraft.no_metadata_version.3_3", Kind.KRAFT_FEATURE_LEVEL, "3.3-3.5",
        "No metadata.version feature level record was found in the log. Treating the log as version "
        "{details.level}.",
        _line("2022-10-04 09:12:40,101", "INFO", C3 + "No metadata.version feature level record was found in "
              "the log. Treating the log as version 3.0-IV1.", QUORUM_CONTROLLER),
        derive=details_const(feature="metadata.version")),
    _qc("kraft.authorizer_loaded", Kind.KRAFT_LIFECYCLE, "3.3-3.5",
        "maybeCompleteAuthorizerInitialLoad: completing authorizer initial load at last committed offset "
        "{offset}.",
        _line("2022-10-04 09:12:41,000", "INFO", C3 + "maybeCompleteAuthorizerInitialLoad: completing "
                                                      "authorizer "
              "initial load at last committed offset 1204.", QUORUM_CONTROLLER)),
    # -- creation
    _qc("kraft.controller_created.4_0", Kind.KRAFT_LIFECYCLE, "4.0+",
        "Creating new QuorumController with clusterId {details.cluster_id:word}",
        "[2025-05-14 22:49:12,663] INFO [QuorumController id=10] Creating new QuorumController with "
        "clusterId "
        "53umScLzTeajz4ICoMMl1A (org.apache.kafka.controller.QuorumController)"),
    _qc("kraft.controller_created.3_6", Kind.KRAFT_LIFECYCLE, "3.6-3.9",
        "Creating new QuorumController with clusterId {details.cluster_id:word}."
        "{~(?: ZK migration mode is enabled\\.)?(?: Eligible leader replicas enabled\\.)?~}",
        _line("2024-03-01 00:00:00,754", "INFO", "[QuorumController id=3003] Creating "
              "new QuorumController with clusterId xfKvdoiPRr6Kj3uaaMrFIQ. ZK migration mode is enabled.",
              QUORUM_CONTROLLER),
        note="3.6 may add ` ZK migration mode is enabled.`, 3.7–3.9 also "
             "` Eligible leader replicas enabled.`"),
    _qc("kraft.controller_created.3_3", Kind.KRAFT_LIFECYCLE, "3.3-3.5",
        "Creating new QuorumController with clusterId {details.cluster_id:word}, authorizer "
        "{details.authorizer}.{~(?: ZK migration mode is enabled\\.)?~}",
        _line("2022-10-04 09:12:39,001", "INFO", C3 + "Creating new QuorumController with clusterId "
              "53umScLzTeajz4ICoMMl1A, authorizer Optional.empty.", QUORUM_CONTROLLER),
        note="3.5 may add ` ZK migration mode is enabled.`"),
    # -- ZooKeeper → KRaft migration steps (KIP-866, 3.5–3.9)
    _qc("kraft.zk_migration.start", Kind.KRAFT_LIFECYCLE, "3.6-3.9",
        "Starting migration of ZooKeeper metadata to KRaft.",
        _line("2024-03-01 00:00:05,000", "INFO", QC + "Starting migration of ZooKeeper metadata to KRaft.",
              QUORUM_CONTROLLER),
        const={"state": "migration_started"}),
    _qc("kraft.zk_migration.start_unsafe", Kind.KRAFT_LIFECYCLE, "3.6-3.9",
        "Starting ZK Migration without metadata transactions enabled. This is not safe since a controller "
        "failover or processing error may lead to partially migrated metadata.",
        _line("2024-03-01 00:00:05,000", "WARN", QC + "Starting ZK Migration without metadata transactions "
              "enabled. This is not safe since a controller failover or processing error may lead to "
              "partially "
              "migrated metadata.", QUORUM_CONTROLLER),
        const={"state": "migration_started"}),
    _qc("kraft.zk_migration.complete", Kind.KRAFT_LIFECYCLE, "3.6-3.9",
        "Completing migration of ZooKeeper metadata to KRaft.",
        _line("2024-03-01 00:10:05,000", "INFO", QC + "Completing migration of ZooKeeper metadata to KRaft.",
              QUORUM_CONTROLLER),
        const={"state": "migration_completed"}),
    _qc("kraft.zk_migration.start.3_5", Kind.KRAFT_LIFECYCLE, "3.5",
        "Starting ZK Migration",
        _line("2023-07-10 00:00:05,000", "INFO", QC + "Starting ZK Migration", QUORUM_CONTROLLER),
        const={"state": "migration_started"}),
    _qc("kraft.zk_migration.complete.3_5", Kind.KRAFT_LIFECYCLE, "3.5",
        "Completing ZK Migration",
        _line("2023-07-10 00:10:05,000", "INFO", QC + "Completing ZK Migration", QUORUM_CONTROLLER),
        const={"state": "migration_completed"}),
    _qc("kraft.zk_migration.state.3_5", Kind.KRAFT_LIFECYCLE, "3.5",
        "Loaded ZK migration state of {state:word}",
        _line("2023-07-10 00:00:04,000", "INFO", QC + "Loaded ZK migration state of PRE_MIGRATION",
              QUORUM_CONTROLLER)),
    # -- leader balancing / unclean elections run by the controller (3.9; periodic tasks in 4.0)
    _qc("kraft.controller_task", Kind.KRAFT_PERIODIC_TASK, "3.9",
        "{details.task:word}: generated {count} records in {duration_ms:us_ms} microseconds."
        "{~(?: Rescheduling immediately\\.)?~}",
        _line("2024-12-02 10:05:00,000", "INFO", QC + "maybeBalancePartitionLeaders: generated 3 records in "
                                                      "812 "
              "microseconds. Rescheduling immediately.", QUORUM_CONTROLLER)),
    # -- snapshots the controller wrote itself (3.0–3.3; the SnapshotGenerator from 3.4)
    _qc("kraft.snapshot.generating", Kind.KRAFT_SNAPSHOT, "3.0-3.3",
        "Generating a snapshot that includes (epoch={controller_epoch}, offset={offset}) after "
        "{details.bytes:int} committed bytes since the last snapshot.",
        _line("2022-06-20 09:00:00,000", "INFO", C3 + "Generating a snapshot that includes (epoch=7, "
              "offset=20480) after 20971520 committed bytes since the last snapshot.", QUORUM_CONTROLLER),
        const={"state": "generating"}),
    _qc("kraft.snapshot.generated", Kind.KRAFT_SNAPSHOT, "3.0-3.3",
        "Finished generating snapshot {offset}.",
        _line("2022-06-20 09:00:01,000", "INFO", C3 + "Finished generating snapshot 20480.",
              QUORUM_CONTROLLER),
        const={"state": "written"}),
    _qc("kraft.snapshot.exists", Kind.KRAFT_SNAPSHOT, "3.0-3.3",
        "Skipping generation of snapshot for committed offset {offset} and epoch {controller_epoch} since it "
        "already exists",
        _line("2022-06-20 09:00:00,000", "INFO", C3 + "Skipping generation of snapshot for committed offset "
                                                      "20480 "
              "and epoch 7 since it already exists", QUORUM_CONTROLLER),
        const={"state": "skipped"}),
    _qc("kraft.snapshot.cancelled", Kind.KRAFT_SNAPSHOT, "3.0-3.3",
        "Cancelling snapshot {offset}",
        _line("2022-06-20 09:00:00,500", "ERROR", C3 + "Cancelling snapshot 20480", QUORUM_CONTROLLER),
        const={"state": "cancelled"}),
    _qc("kraft.snapshot.failed", Kind.KRAFT_SNAPSHOT, "3.0-3.3",
        "Error while generating snapshot {offset}",
        _line("2022-06-20 09:00:00,500", "ERROR", C3 + "Error while generating snapshot 20480",
              QUORUM_CONTROLLER)
        + "\njava.io.IOException: No space left on device\n\tat "
          "java.base/sun.nio.ch.FileDispatcherImpl.write0"
        "(Native Method)",
        const={"state": "failed"}, derive=exception_from_raw),
    _qc("kraft.snapshot.replay_start.3_0", Kind.KRAFT_SNAPSHOT, "3.0-3.4",
        "Starting to replay snapshot ({details.snapshot}), from last commit offset ({offset}) and epoch "
        "({controller_epoch})",
        _line("2022-06-20 09:05:00,000", "INFO", C3 + "Starting to replay snapshot "
                                                      "(OffsetAndEpoch(offset=20480, "
              "epoch=7)), from last commit offset (-1) and epoch (-1)", QUORUM_CONTROLLER),
        const={"state": "loading"}),
    _qc("kraft.snapshot.replay_start.3_5", Kind.KRAFT_SNAPSHOT, "3.5",
        "Starting to replay snapshot {details.snapshot}, from last commit offset {offset} and epoch "
        "{controller_epoch}",
        _line("2023-07-10 09:05:00,000", "INFO", QC + "Starting to replay snapshot "
              "00000000000000020480-0000000007, from last commit offset -1 and epoch -1", QUORUM_CONTROLLER),
        const={"state": "loading"}),
    _qc("kraft.snapshot.replay_done.3_5", Kind.KRAFT_SNAPSHOT, "3.5",
        "Finished replaying snapshot {details.snapshot}",
        _line("2023-07-10 09:05:01,000", "INFO", QC + "Finished replaying snapshot "
                                                      "00000000000000020480-0000000007",
              QUORUM_CONTROLLER),
        const={"state": "loaded"}),
    # -- controller event failures: 3.6+ EventHandlerExceptionInfo.failureMessage, failover first
    _qc("kraft.event_failed.failover", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _FAILED_36 + " at epoch {controller_epoch} in {duration_ms:us_ms} microseconds. Renouncing "
                     "leadership "
        "and reverting to the last committed offset {offset}.{_msg}",
        _line("2024-03-01 11:20:03,000", "ERROR", QC + "handleCommit[baseOffset=90200]: event failed with "
              "NullPointerException at epoch 7 in 412 microseconds. Renouncing leadership and reverting to "
              "the "
              "last committed offset 90199.", QUORUM_CONTROLLER),
        const={"cause": "failover"}, derive=kraft_event_failure),
    _qc("kraft.event_failed.standby", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _FAILED_36 + " at epoch {controller_epoch} in {duration_ms:us_ms} microseconds. The controller is "
        "already in standby mode.{_msg}",
        _line("2024-03-01 11:20:03,000", "ERROR", QC + "handleCommit[baseOffset=90200]: event failed with "
              "NullPointerException at epoch 7 in 412 microseconds. The controller is already in standby "
              "mode.",
              QUORUM_CONTROLLER),
        const={"cause": "failover"}, derive=kraft_event_failure),
    _qc("kraft.event_failed", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _FAILED_36 + " in {duration_ms:us_ms} microseconds.{_msg}",
        "[2026-08-08 14:49:22,715] INFO [QuorumController id=0] registerBroker: event failed with "
        "DuplicateBrokerRegistrationException in 1374 microseconds. Exception message: Another broker is "
        "registered with that broker id. (org.apache.kafka.controller.QuorumController)",
        derive=kraft_event_failure),
    _qc("kraft.event_not_started.failover", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _NOT_STARTED_36 + " at epoch {controller_epoch}. Renouncing leadership and reverting to the last "
        "committed offset {offset}.{_msg}",
        _line("2024-03-01 11:20:03,000", "ERROR", QC + "registerBroker: event unable to start processing "
                                                       "because "
              "of IllegalStateException at epoch 7. Renouncing leadership and reverting to the last "
              "committed "
              "offset 90199.", QUORUM_CONTROLLER),
        const={"cause": "failover"}, derive=kraft_event_failure),
    _qc("kraft.event_not_started.standby", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _NOT_STARTED_36 + " at epoch {controller_epoch}. The controller is already in standby mode.{_msg}",
        _line("2024-03-01 11:20:03,000", "ERROR", QC + "registerBroker: event unable to start processing "
                                                       "because "
              "of IllegalStateException at epoch 7. The controller is already in standby mode.",
              QUORUM_CONTROLLER),
        const={"cause": "failover"}, derive=kraft_event_failure),
    _qc("kraft.event_not_started", Kind.KRAFT_CONTROLLER_ERROR, "3.6+",
        _NOT_STARTED_36 + ".{_msg}",
        "[2025-05-14 23:09:18,571] INFO [QuorumController id=10] writeNoOpRecord: event unable to start "
        "processing because of RejectedExecutionException (treated as TimeoutException). Exception message: "
        "The event queue is shutting down (org.apache.kafka.controller.QuorumController)",
        derive=kraft_event_failure),
    # 2.8–3.5 wordings
    _qc("kraft.event_failed.failover.3_3", Kind.KRAFT_CONTROLLER_ERROR, "3.3-3.5",
        "{details.event:word}: failed with unknown server exception {error:word} at epoch "
        "{controller_epoch} in "
        "{duration_ms:us_ms} us. Renouncing leadership and reverting to the last committed offset {offset}.",
        _line("2023-02-01 10:00:00,000", "WARN", C3 + "handleCommits[baseOffset=1200]: failed with unknown "
                                                      "server "
              "exception NullPointerException at epoch 7 in 412 us. Renouncing leadership and reverting to "
              "the "
              "last committed offset 1199.", QUORUM_CONTROLLER),
        const={"cause": "failover"}),
    _qc("kraft.event_failed.standby.3_3", Kind.KRAFT_CONTROLLER_ERROR, "3.3-3.5",
        "{details.event:word}: failed with unknown server exception {error:word} in {duration_ms:us_ms} us. "
        "The "
        "controller is already in standby mode.",
        _line("2023-02-01 10:00:00,000", "WARN", C3 + "handleCommits[baseOffset=1200]: failed with unknown "
                                                      "server "
              "exception NullPointerException in 412 us. The controller is already in standby mode.",
              QUORUM_CONTROLLER),
        const={"cause": "failover"}),
    _qc("kraft.event_failed.failover.2_8", Kind.KRAFT_CONTROLLER_ERROR, "2.8-3.2",
        "{details.event:word}: failed with unknown server exception {error:word} at epoch "
        "{controller_epoch} in "
        "{duration_ms:us_ms} us. Reverting to last committed offset {offset}.",
        _line("2021-10-01 10:00:00,000", "WARN", C3 + "handleCommits[baseOffset=1200]: failed with unknown "
                                                      "server "
              "exception NullPointerException at epoch 7 in 412 us. Reverting to last committed offset 1199.",
              QUORUM_CONTROLLER),
        const={"cause": "failover"}),
    _qc("kraft.event_failed.3_5", Kind.KRAFT_CONTROLLER_ERROR, "3.5",
        "{details.event:word}: failed with {error:word} in {duration_ms:us_ms} us. Reason: {_msg}",
        _line("2023-07-10 10:00:00,000", "INFO", QC + "registerBroker: failed with "
              "DuplicateBrokerRegistrationException in 1374 us. Reason: Another broker is registered with "
              "that "
              "broker id.", QUORUM_CONTROLLER),
        derive=kraft_event_failure),
    _qc("kraft.event_failed.2_8", Kind.KRAFT_CONTROLLER_ERROR, "2.8-3.4",
        "{details.event:word}: failed with {error:word} in {duration_ms:us_ms} us",
        _line("2022-10-04 10:00:00,000", "INFO", C3 + "registerBroker: failed with "
              "DuplicateBrokerRegistrationException in 1374 us", QUORUM_CONTROLLER)),
    _qc("kraft.event_not_started.3_5", Kind.KRAFT_CONTROLLER_ERROR, "3.5",
        "{details.event:word}: unable to start processing because of {error:word}. Reason: {_msg}",
        _line("2023-07-10 10:00:00,000", "ERROR", QC + "writeNoOpRecord: unable to start processing because "
                                                       "of "
              "RejectedExecutionException. Reason: The event queue is shutting down", QUORUM_CONTROLLER),
        derive=kraft_event_failure),
    _qc("kraft.event_not_started.3_2", Kind.KRAFT_CONTROLLER_ERROR, "3.2-3.4",
        "{details.event:word}: unable to start processing because of {error:word}.",
        _line("2022-10-04 10:00:00,000", "ERROR", C3 + "writeNoOpRecord: unable to start processing because "
                                                       "of "
              "RejectedExecutionException.", QUORUM_CONTROLLER)),
    _qc("kraft.event_not_started.2_8", Kind.KRAFT_CONTROLLER_ERROR, "2.8-3.1",
        "unable to start processing {details.event:word} because of {error:word}.",
        _line("2021-10-01 10:00:00,000", "INFO", C3 + "unable to start processing processBrokerHeartbeat "
                                                      "because "
              "of NotControllerException.", QUORUM_CONTROLLER)),
]

_REGISTER_RECORD = ("RegisterBrokerRecord(brokerId=0, isMigratingZkBroker=false, "
                    "incarnationId=9hpUVjy1QbaYxZCUrwXn6Q, "
                    "brokerEpoch=13, endPoints=[BrokerEndpoint(name='SASL_SSL', host='192.168.168.25', "
                    "port=9094, "
                    "securityProtocol=3)], features=[BrokerFeature(name='metadata.version', "
                    "minSupportedVersion=7, "
                    "maxSupportedVersion=25)], rack=null, fenced=true, inControlledShutdown=false, "
                    "logDirs=[HdLrZmMjbKrt4LUPAS48Ew])")
_REGISTER_RECORD_30 = ("RegisterBrokerRecord(brokerId=1, incarnationId=RKhCGg0rR3uQiZsp4v8czw, "
                       "brokerEpoch=42, "
                       "endPoints=[BrokerEndpoint(name='PLAINTEXT', host='kafka1', port=9092, "
                       "securityProtocol=0)], "
                       "features=[], rack=null, fenced=true)")
_CHANGE_PREFIX = "Replayed BrokerRegistrationChangeRecord modifying the registration for broker {brokers}: "
_CHANGE_BODY = "BrokerRegistrationChangeRecord(brokerId={_id:int}, brokerEpoch={details.broker_epoch:int}, "

CLUSTER_TEMPLATES: list[Template] = [
    # -- 3.6+ replays of registration records
    _ccm("kraft.broker_registration.initial", Kind.KRAFT_BROKER_REGISTERED, "3.6+",
         "Replayed initial RegisterBrokerRecord for broker {brokers}: {_record}",
         "[2026-08-08 14:49:20,936] INFO [QuorumController id=0] Replayed initial RegisterBrokerRecord for "
         "broker "
         f"0: {_REGISTER_RECORD} (org.apache.kafka.controller.ClusterControlManager)",
         derive=chain(kraft_broker_registration, details_const(registration="initial"))),
    _ccm("kraft.broker_registration.modified", Kind.KRAFT_BROKER_REGISTERED, "3.6+",
         "Replayed RegisterBrokerRecord modifying the registration for broker {brokers}: {_record}",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Replayed RegisterBrokerRecord modifying the "
                                                       "registration "
               f"for broker 0: {_REGISTER_RECORD}", CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="modified"))),
    _ccm("kraft.broker_registration.new_incarnation", Kind.KRAFT_BROKER_REGISTERED, "3.6+",
         "Replayed RegisterBrokerRecord establishing a new incarnation of broker {brokers}: {_record}",
         "[2026-08-08 14:49:20,971] INFO [QuorumController id=0] Replayed RegisterBrokerRecord establishing "
         "a new "
         "incarnation of broker 0: " + _REGISTER_RECORD.replace("9hpUVjy1QbaYxZCUrwXn6Q",
         "pfWNy2eBSAesGtctu2iIFg")
         .replace("brokerEpoch=13",
         "brokerEpoch=1072") + " (org.apache.kafka.controller.ClusterControlManager)",
         derive=chain(kraft_broker_registration, details_const(registration="new_incarnation"))),
    _ccm("kraft.broker_unregistered", Kind.KRAFT_BROKER_REGISTERED, "3.6+",
         "Replayed UnregisterBrokerRecord(brokerId={brokers}, brokerEpoch={details.broker_epoch:int})",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Replayed UnregisterBrokerRecord(brokerId=4, "
               "brokerEpoch=4294967319)", CLUSTER),
         derive=details_const(registration="unregistered")),
    # BrokerRegistrationChangeRecord (3.3+ metadata versions): fenced 1 = fence, -1 = unfence, 0 = unchanged
    _ccm("kraft.registration_change.fenced", Kind.KRAFT_BROKER_FENCED, "3.6+",
         _CHANGE_PREFIX + _CHANGE_BODY + "fenced=1{_tail}",
         "[2025-05-14 23:20:12,021] INFO [QuorumController id=10] Replayed BrokerRegistrationChangeRecord "
         "modifying "
         "the registration for broker 10: BrokerRegistrationChangeRecord(brokerId=10, brokerEpoch=2157, "
         "fenced=1, "
         "inControlledShutdown=0, logDirs=[]) (org.apache.kafka.controller.ClusterControlManager)",
         const={"state": "fenced"}, derive=kraft_broker_registration),
    _ccm("kraft.registration_change.unfenced", Kind.KRAFT_BROKER_UNFENCED, "3.6+",
         _CHANGE_PREFIX + _CHANGE_BODY + "fenced=-1{_tail}",
         "[2026-08-08 14:49:20,942] INFO [QuorumController id=0] Replayed BrokerRegistrationChangeRecord "
         "modifying "
         "the registration for broker 0: BrokerRegistrationChangeRecord(brokerId=0, brokerEpoch=13, "
         "fenced=-1, "
         "inControlledShutdown=0, logDirs=[]) (org.apache.kafka.controller.ClusterControlManager)",
         const={"state": "unfenced"}, derive=kraft_broker_registration),
    _ccm("kraft.registration_change.controlled_shutdown", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "3.6+",
         _CHANGE_PREFIX + _CHANGE_BODY + "fenced=0, inControlledShutdown=1{_tail}",
         _line("2025-05-14 23:42:19,452", "INFO", "[QuorumController id=10] Replayed "
                                                  "BrokerRegistrationChangeRecord "
               "modifying the registration for broker 10: BrokerRegistrationChangeRecord(brokerId=10, "
               "brokerEpoch=4409, fenced=0, inControlledShutdown=1, logDirs=[])", CLUSTER),
         const={"state": "pending"}, derive=kraft_broker_registration),
    _ccm("kraft.registration_change.fence_record", Kind.KRAFT_BROKER_FENCED, "3.6+",
         "Replayed FenceBrokerRecord modifying the registration for broker {brokers}: {_record}",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Replayed FenceBrokerRecord modifying the "
                                                       "registration for "
               "broker 2: FenceBrokerRecord(id=2, epoch=42)", CLUSTER),
         const={"state": "fenced"}, derive=kraft_broker_registration,
         note="metadata.version below 3.3-IV3 still writes Fence/UnfenceBrokerRecord"),
    _ccm("kraft.registration_change.unfence_record", Kind.KRAFT_BROKER_UNFENCED, "3.6+",
         "Replayed UnfenceBrokerRecord modifying the registration for broker {brokers}: {_record}",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Replayed UnfenceBrokerRecord modifying the "
                                                       "registration "
               "for broker 2: UnfenceBrokerRecord(id=2, epoch=42)", CLUSTER),
         const={"state": "unfenced"}, derive=kraft_broker_registration),
    _ccm("kraft.registration_change", Kind.KRAFT_BROKER_REGISTERED, "3.6+",
         "Replayed {_type:word} modifying the registration for broker {brokers}: {_record}",
         _line("2024-03-05 10:00:00,000", "INFO", QC + "Replayed BrokerRegistrationChangeRecord modifying "
                                                       "the "
               "registration for broker 2: BrokerRegistrationChangeRecord(brokerId=2, brokerEpoch=42, "
               "fenced=0, "
               "inControlledShutdown=0, logDirs=[HdLrZmMjbKrt4LUPAS48Ew])", CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="modified"))),
    _ccm("kraft.registration_noop", Kind.KRAFT_BROKER_REGISTERED, "3.3+",
         "Ignoring no-op registration change for {_record}",
         "[2026-08-08 14:49:20,970] INFO [QuorumController id=0] Ignoring no-op registration change for "
         "BrokerRegistration(id=0, epoch=13, incarnationId=9hpUVjy1QbaYxZCUrwXn6Q, listeners=[Endpoint("
         "listenerName='SASL_SSL', securityProtocol=SASL_SSL, host='192.168.168.25', port=9094)], "
         "supportedFeatures={eligible.leader.replicas.version: 0-1, group.version: 0-1, kraft.version: 0-1, "
         "metadata.version: 7-25, transaction.version: 0-2}, rack=Optional.empty, fenced=true, "
         "inControlledShutdown=false, isMigratingZkBroker=false, directories=[HdLrZmMjbKrt4LUPAS48Ew]) "
         "(org.apache.kafka.controller.ClusterControlManager)",
         derive=chain(kraft_broker_registration, details_const(registration="no_op"))),
    # controller registrations (KIP-919, 3.7+); `contaning` was fixed to `containing` in 4.0
    _ccm("kraft.controller_registration", Kind.KRAFT_BROKER_REGISTERED, "4.0+",
         "Replayed RegisterControllerRecord containing {_record}.{~(?: Previous incarnation was [\\w-]+)?~}",
         "[2026-08-08 14:49:20,882] INFO [QuorumController id=0] Replayed RegisterControllerRecord "
         "containing "
         "ControllerRegistration(id=0, incarnationId=7S0x9p3TSMOPeQwdmvl6Yg, zkMigrationReady=false, "
         "listeners="
         "[Endpoint(listenerName='CONTROLLER', securityProtocol=PLAINTEXT, host='127.0.0.1', port=9093)], "
         "supportedFeatures={eligible.leader.replicas.version: 0-1, group.version: 0-1, kraft.version: 0-1, "
         "metadata.version: 7-25, transaction.version: 0-2}). "
         "(org.apache.kafka.controller.ClusterControlManager)",
         derive=chain(kraft_broker_registration, details_const(registration="controller"))),
    _ccm("kraft.controller_registration.3_7", Kind.KRAFT_BROKER_REGISTERED, "3.7-3.9",
         "Replayed RegisterControllerRecord contaning {_record}.{~(?: Previous incarnation was [\\w-]+)?~}",
         _line("2024-03-05 10:00:00,000", "INFO", QC + "Replayed RegisterControllerRecord contaning "
               "ControllerRegistration(id=3001, incarnationId=U_dm2DasQhKvbKugftQg5g, "
               "zkMigrationReady=false, "
               "listeners=[Endpoint(listenerName='CONTROLLER', securityProtocol=PLAINTEXT, host='ctl1', "
               "port=9093)], supportedFeatures={metadata.version: 1-19}). Previous incarnation was "
               "pkXxmSGOR-O3WaBRNPkwDA", CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="controller"))),
    # -- 3.9+ registration decisions of the active controller
    _ccm("kraft.registration.first", Kind.KRAFT_BROKER_REGISTERED, "3.9+",
         "No previous registration found for broker {brokers}. New incarnation ID is "
         "{details.incarnation_id:word}.  Generated {count} record(s) to clean up previous incarnations. New "
         "broker epoch is {details.broker_epoch:int}.",
         "[2026-08-08 14:52:47,320] INFO [QuorumController id=0] No previous registration found for broker "
         "0. "
         "New incarnation ID is XL2Hpda_SxqfMchicJDbtQ.  Generated 0 record(s) to clean up previous "
         "incarnations. New broker epoch is 11. (org.apache.kafka.controller.ClusterControlManager)",
         derive=details_const(registration="initial"),
         note="two spaces before `Generated`, as in the source"),
    _ccm("kraft.registration.new_incarnation", Kind.KRAFT_BROKER_REGISTERED, "3.9+",
         "Registering a new incarnation of broker {brokers}. Previous incarnation ID was "
         "{details.prev_incarnation_id:str}; new incarnation ID is {details.incarnation_id:word}. Generated "
         "{count} record(s) to clean up previous incarnations. Broker epoch will become "
         "{details.broker_epoch:int}.",
         "[2025-05-14 23:09:49,774] INFO [QuorumController id=10] Registering a new incarnation of broker "
         "10. "
         "Previous incarnation ID was OBrv820yTC6fTrgENx176Q; new incarnation ID is RnJ_0YBhS5OaxvgWtPxHHQ. "
         "Generated 0 record(s) to clean up previous incarnations. Broker epoch will become 2157. "
         "(org.apache.kafka.controller.ClusterControlManager)",
         derive=details_const(registration="new_incarnation")),
    _ccm("kraft.registration.amend", Kind.KRAFT_BROKER_REGISTERED, "3.9+",
         "Amending registration of broker {brokers}, incarnation ID {details.incarnation_id:word}. Broker "
         "epoch "
         "remains {details.broker_epoch:int}.",
         _line("2024-12-02 10:00:00,000", "INFO", QC + "Amending registration of broker 2, incarnation ID "
               "RnJ_0YBhS5OaxvgWtPxHHQ. Broker epoch remains 2157.", CLUSTER),
         derive=details_const(registration="amended")),
    _ccm("kraft.registration.amend.3_8", Kind.KRAFT_BROKER_REGISTERED, "3.8",
         "Amending registration of broker {brokers}",
         _line("2024-08-01 10:00:00,000", "INFO", QC + "Amending registration of broker 2", CLUSTER),
         derive=details_const(registration="amended")),
    _ccm("kraft.registration.unknown_feature", Kind.KRAFT_BROKER_REGISTERED, "3.3-3.8",
         "Broker {brokers} registered with feature {details.feature:word} that is unknown to the controller",
         _line("2023-02-01 10:00:00,000", "WARN", C3 + "Broker 2 registered with feature "
                                                       "transaction.version that "
               "is unknown to the controller", CLUSTER)),
    # -- 2.8–3.5 wordings
    _ccm("kraft.broker_registered.2_8", Kind.KRAFT_BROKER_REGISTERED, "2.8-3.5",
         "Registered new broker: {_record}",
         _line("2022-06-20 08:00:00,000", "INFO", C3 + f"Registered new broker: {_REGISTER_RECORD_30}",
               CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="initial"))),
    _ccm("kraft.broker_reregistered.same_incarnation.2_8", Kind.KRAFT_BROKER_REGISTERED, "2.8-3.5",
         "Re-registered broker incarnation: {_record}",
         _line("2022-06-20 08:00:00,000", "INFO",
               C3 + f"Re-registered broker incarnation: {_REGISTER_RECORD_30}",
               CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="modified"))),
    _ccm("kraft.broker_reregistered.2_8", Kind.KRAFT_BROKER_REGISTERED, "2.8-3.5",
         "Re-registered broker id {brokers}: {_record}",
         _line("2022-06-20 08:00:00,000", "INFO", C3 + f"Re-registered broker id 1: {_REGISTER_RECORD_30}",
               CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="new_incarnation"))),
    _ccm("kraft.broker_unregistered.2_8", Kind.KRAFT_BROKER_REGISTERED, "2.8-3.5",
         "Unregistered broker: UnregisterBrokerRecord{_record}",
         _line("2022-06-20 08:00:00,000", "INFO", C3 + "Unregistered broker: "
                                                       "UnregisterBrokerRecord(brokerId=1, "
               "brokerEpoch=42)", CLUSTER),
         derive=chain(kraft_broker_registration, details_const(registration="unregistered"))),
    _ccm("kraft.broker_fenced.2_8", Kind.KRAFT_BROKER_FENCED, "2.8-3.2",
         "Fenced broker: FenceBrokerRecord{_record}",
         _line("2022-06-20 08:00:00,000", "INFO", C3 + "Fenced broker: FenceBrokerRecord(id=1, epoch=42)",
               CLUSTER),
         const={"state": "fenced"}, derive=kraft_broker_registration),
    _ccm("kraft.broker_unfenced.2_8", Kind.KRAFT_BROKER_UNFENCED, "2.8-3.2",
         "Unfenced broker: UnfenceBrokerRecord{_record}",
         _line("2022-06-20 08:00:00,000", "INFO", C3 + "Unfenced broker: UnfenceBrokerRecord(id=1, epoch=42)",
               CLUSTER),
         const={"state": "unfenced"}, derive=kraft_broker_registration),
    # 3.3 logged the registration map changes by id
    _ccm("kraft.broker_fenced.3_3", Kind.KRAFT_BROKER_FENCED, "3.3",
         "Fenced broker: {brokers}",
         _line("2022-10-04 08:00:00,000", "INFO", C3 + "Fenced broker: 1", CLUSTER),
               const={"state": "fenced"}),
    _ccm("kraft.broker_unfenced.3_3", Kind.KRAFT_BROKER_UNFENCED, "3.3",
         "Unfenced broker: {brokers}",
         _line("2022-10-04 08:00:00,000", "INFO", C3 + "Unfenced broker: 1", CLUSTER),
               const={"state": "unfenced"}),
    _ccm("kraft.broker_added.3_3", Kind.KRAFT_BROKER_REGISTERED, "3.3",
         "Added new {state:word} broker: {brokers}",
         _line("2022-10-04 08:00:00,000", "INFO", C3 + "Added new fenced broker: 1", CLUSTER),
         derive=details_const(registration="initial")),
    _ccm("kraft.broker_removed.3_3", Kind.KRAFT_BROKER_REGISTERED, "3.3",
         "Removed broker: {brokers}",
         _line("2022-10-04 08:00:00,000", "INFO", C3 + "Removed broker: 1", CLUSTER),
         derive=details_const(registration="unregistered")),
]

HEARTBEAT_TEMPLATES: list[Template] = [
    _bhm("kraft.unfence_granted", Kind.KRAFT_BROKER_UNFENCED, "3.5+",
         "The request from broker {brokers} to unfence has been granted because it has caught up with the "
         "offset "
         "of its register broker record {offset}.",
         "[2026-08-08 14:52:47,660] INFO [QuorumController id=0] The request from broker 0 to unfence has "
         "been "
         "granted because it has caught up with the offset of its register broker record 11. "
         "(org.apache.kafka.controller.BrokerHeartbeatManager)",
         const={"state": "unfenced"}),
    _bhm("kraft.unfence_granted.3_3", Kind.KRAFT_BROKER_UNFENCED, "3.3-3.4",
         "The request from broker {brokers} to unfence has been granted because it has caught up with the "
         "offset "
         "of it's register broker record {offset}.",
         _line("2022-10-04 08:00:01,000", "INFO", C3 + "The request from broker 1 to unfence has been "
                                                       "granted "
               "because it has caught up with the offset of it's register broker record 1204.", HEARTBEAT),
         const={"state": "unfenced"}),
    _bhm("kraft.unfence_granted.2_8", Kind.KRAFT_BROKER_UNFENCED, "2.8-3.2",
         "The request from broker {brokers} to unfence has been granted because it has caught up with the "
         "last "
         "committed metadata offset {offset}.",
         _line("2022-06-20 08:00:01,000", "INFO", C3 + "The request from broker 1 to unfence has been "
                                                       "granted "
               "because it has caught up with the last committed metadata offset 1204.", HEARTBEAT),
         const={"state": "unfenced"}),
    _bhm("kraft.shutdown_granted", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "The request from broker {brokers} to shut down has been granted since the lowest active offset "
         "{offset} is now greater than the broker's controlled shutdown offset "
         "{details.controlled_shutdown_offset:int}.",
         "[2025-05-14 23:42:19,530] INFO [QuorumController id=10] The request from broker 10 to shut down "
         "has "
         "been granted since the lowest active offset 9223372036854775807 is now greater than the broker's "
         "controlled shutdown offset 5211. (org.apache.kafka.controller.BrokerHeartbeatManager)",
         const={"state": "granted"}),
    _bhm("kraft.immediate_shutdown.fenced", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Fenced broker {brokers} has requested and been granted an immediate shutdown.",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Fenced broker 2 has requested and been granted an "
               "immediate shutdown.", HEARTBEAT),
         const={"state": "granted", "cause": "immediate_shutdown"}),
    _bhm("kraft.immediate_shutdown.unfenced", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Unfenced broker {brokers} has requested and been granted an immediate shutdown.",
         "[2025-05-14 23:09:18,260] INFO [QuorumController id=10] Unfenced broker 10 has requested and been "
         "granted an immediate shutdown. (org.apache.kafka.controller.BrokerHeartbeatManager)",
         const={"state": "granted", "cause": "immediate_shutdown"}),
    _bhm("kraft.controlled_shutdown.entered", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Unfenced broker {brokers} has requested and been granted a controlled shutdown.",
         _line("2025-05-14 23:42:19,450", "INFO", "[QuorumController id=10] Unfenced broker 10 has "
                                                  "requested and "
               "been granted a controlled shutdown.", HEARTBEAT),
         const={"state": "pending"}),
    _bhm("kraft.fencing_requested", Kind.KRAFT_BROKER_FENCED, "2.8+",
         "Unfenced broker {brokers} has requested and been granted fencing",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Unfenced broker 2 has requested and been granted "
                                                       "fencing",
               HEARTBEAT),
         const={"state": "fenced", "cause": "requested"}),
]

FEATURE_TEMPLATES: list[Template] = [
    _fcm("kraft.metadata_version", Kind.KRAFT_FEATURE_LEVEL, "3.8+",
         "Replayed a FeatureLevelRecord setting metadata.version to {details.level:word}",
         "[2026-08-08 14:49:20,867] INFO [QuorumController id=0] Replayed a FeatureLevelRecord setting "
         "metadata.version to 4.0-IV3 (org.apache.kafka.controller.FeatureControlManager)",
         derive=details_const(feature="metadata.version")),
    _fcm("kraft.metadata_version.3_6", Kind.KRAFT_FEATURE_LEVEL, "3.6-3.7",
         "Replayed a FeatureLevelRecord setting metadata version to {details.level:word}",
         _line("2023-11-01 10:00:00,000", "INFO", QC + "Replayed a FeatureLevelRecord setting metadata "
                                                       "version to "
               "3.6-IV2", FEATURES),
         derive=details_const(feature="metadata.version")),
    _fcm("kraft.feature_level", Kind.KRAFT_FEATURE_LEVEL, "3.6+",
         "Replayed a FeatureLevelRecord setting feature {details.feature:word} to {details.level:word}",
         "[2026-08-08 14:49:20,868] INFO [QuorumController id=0] Replayed a FeatureLevelRecord setting "
         "feature "
         "group.version to 1 (org.apache.kafka.controller.FeatureControlManager)"),
    _fcm("kraft.feature_removed", Kind.KRAFT_FEATURE_LEVEL, "3.6+",
         "Replayed a FeatureLevelRecord removing feature {details.feature:word}",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Replayed a FeatureLevelRecord removing feature "
               "transaction.version", FEATURES),
         derive=details_const(removed=True)),
    _fcm("kraft.metadata_version.3_5", Kind.KRAFT_FEATURE_LEVEL, "3.5",
         "Setting metadata version to {details.level:word}",
         _line("2023-07-10 10:00:00,000", "INFO", QC + "Setting metadata version to 3.5-IV2", FEATURES),
         derive=details_const(feature="metadata.version")),
    _fcm("kraft.metadata_version.3_3", Kind.KRAFT_FEATURE_LEVEL, "3.3-3.4",
         "Setting metadata.version to {details.level:word}",
         _line("2022-10-04 10:00:00,000", "INFO", C3 + "Setting metadata.version to 7", FEATURES),
         derive=details_const(feature="metadata.version"),
         note="3.3–3.4 print the feature level number, not the version name"),
    _fcm("kraft.feature_level.3_3", Kind.KRAFT_FEATURE_LEVEL, "3.3-3.5",
         "Setting feature {details.feature:word} to {details.level:word}",
         _line("2022-10-04 10:00:00,000", "INFO", C3 + "Setting feature metadata.version to 7", FEATURES)),
    _fcm("kraft.feature_removed.3_3", Kind.KRAFT_FEATURE_LEVEL, "3.3-3.5",
         "Removing feature {details.feature:word}",
         _line("2022-10-04 10:00:00,000", "INFO", C3 + "Removing feature kraft.version", FEATURES),
         derive=details_const(removed=True)),
    _fcm("kraft.metadata_version.upgrade", Kind.KRAFT_FEATURE_LEVEL, "3.3+",
         "Upgrading metadata.version from {details.prev_level:word} to {details.level:str}.",
         _line("2024-03-01 10:00:00,000", "WARN", QC + "Upgrading metadata.version from 3.6-IV2 to 3.7-IV4.",
               FEATURES),
         derive=details_const(feature="metadata.version"), note="INFO 3.3–3.6, WARN 3.7+"),
    _fcm("kraft.metadata_version.downgrade", Kind.KRAFT_FEATURE_LEVEL, "3.3+",
         "Downgrading metadata.version from {details.prev_level:word} to {details.level:str}.",
         _line("2024-03-01 10:00:00,000", "WARN",
               QC + "Downgrading metadata.version from 3.7-IV4 to 3.6-IV2.",
               FEATURES),
         derive=details_const(feature="metadata.version")),
    _fcm("kraft.feature_verified", Kind.KRAFT_FEATURE_LEVEL, "3.7+",
         "Verified that {details.brokers_checked:int} broker(s) and {details.controllers_checked:int} "
         "controller(s) supported changing {details.feature:word} to feature level "
         "{details.level:word}.{_note}",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Verified that 3 broker(s) and 3 controller(s) "
                                                       "supported "
               "changing metadata.version to feature level 19.", FEATURES)),
    # the ZooKeeper-migration state kept in the features image
    _fcm("kraft.zk_migration_state", Kind.KRAFT_LIFECYCLE, "3.6+",
         "Replayed a ZkMigrationStateRecord changing the migration state from {prev_state:word} to "
         "{state:word}.",
         _line("2024-03-01 00:10:05,000", "INFO", QC + "Replayed a ZkMigrationStateRecord changing the "
                                                       "migration "
               "state from MIGRATION to POST_MIGRATION.", FEATURES)),
    _fcm("kraft.zk_migration_state.3_5", Kind.KRAFT_LIFECYCLE, "3.5",
         "Transitioning ZK migration state from {prev_state:word} to {state:word}",
         _line("2023-07-10 00:10:05,000", "INFO", QC + "Transitioning ZK migration state from PRE_MIGRATION "
                                                       "to "
               "MIGRATION", FEATURES)),
]

CONFIGURATION_TEMPLATES: list[Template] = [
    _t("kraft.config_record", Kind.KRAFT_CONFIG_CHANGE, "3.6+",
       "Replayed ConfigRecord for {_resource} which set configuration {details.config:word} to "
       "{details.value:text}",
       "[2026-08-08 14:49:21,007] INFO [QuorumController id=0] Replayed ConfigRecord for ConfigResource("
       "type=TOPIC, name='__consumer_offsets') which set configuration compression.type to producer "
       "(org.apache.kafka.controller.ConfigurationControlManager)",
       loggers=CONFIGURATION, prefix=CONTROLLER_PREFIX, derive=kraft_config_resource,
       note="sensitive values print `[hidden]`, a removal prints `null`"),
    _t("kraft.config_record.2_8", Kind.KRAFT_CONFIG_CHANGE, "2.8-3.5",
       "{_resource}: set configuration {details.config:word} to {details.value:text}",
       _line("2022-06-20 10:00:00,000", "INFO", C3 + "ConfigResource(type=BROKER, name='1'): set "
                                                     "configuration "
             "log.retention.ms to 86400000", CONFIGURATION),
       loggers=CONFIGURATION, prefix=CONTROLLER_PREFIX, derive=kraft_config_resource),
]

# KIP-868 metadata transactions and snapshot loads, as the OffsetControlManager tracks them (3.6+)
OFFSET_TEMPLATES: list[Template] = [
    _ocm("kraft.transaction.begin", Kind.KRAFT_METADATA_TRANSACTION, "3.6+",
         "Replayed BeginTransactionRecord(name={~'?~}{details.transaction:str}{~'?~}) at offset {offset}.",
         "[2026-08-08 14:49:20,866] INFO [QuorumController id=0] Replayed "
         "BeginTransactionRecord(name='Bootstrap "
         "records') at offset 1. (org.apache.kafka.controller.OffsetControlManager)",
         const={"state": "begin"}),
    _ocm("kraft.transaction.end", Kind.KRAFT_METADATA_TRANSACTION, "3.6+",
         "Replayed EndTransactionRecord() at offset {offset}.",
         "[2026-08-08 14:49:20,870] INFO [QuorumController id=0] Replayed EndTransactionRecord() at offset "
         "6. "
         "(org.apache.kafka.controller.OffsetControlManager)",
         const={"state": "end"}),
    _ocm("kraft.transaction.abort", Kind.KRAFT_METADATA_TRANSACTION, "3.6+",
         "Replayed AbortTransactionRecord(reason={~'?~}{details.reason:str}{~'?~}) at offset {offset}. "
         "Reverted "
         "to offset {details.reverted_to:int}.",
         _line("2024-03-01 00:10:05,000", "INFO", QC + "Replayed AbortTransactionRecord(reason='Controller "
               "failover') at offset 90210. Reverted to offset 90150.", OFFSETS),
         const={"state": "abort"}),
    _ocm("kraft.snapshot.load_start", Kind.KRAFT_SNAPSHOT, "3.6+",
         "Starting to load snapshot {offset:int}-{details.snapshot_epoch:int}. Previous lastCommittedOffset "
         "was "
         "{details.prev_committed_offset:int}. Previous transactionStartOffset was "
         "{details.prev_transaction_start_offset:int}.",
         _line("2024-03-01 10:00:00,000", "INFO", QC + "Starting to load snapshot "
                                                       "00000000000000014446-0000000003. "
               "Previous lastCommittedOffset was -1. Previous transactionStartOffset was -1.", OFFSETS),
         const={"state": "loading"}),
    _ocm("kraft.snapshot.loaded", Kind.KRAFT_SNAPSHOT, "3.6+",
         "Successfully loaded snapshot {offset:int}-{details.snapshot_epoch:int}.",
         _line("2024-03-01 10:00:00,100", "INFO", QC + "Successfully loaded snapshot "
               "00000000000000014446-0000000003.", OFFSETS),
         const={"state": "loaded"}),
]

# 4.0+: the controller's periodic tasks and its event-queue performance summary
PERIODIC_TEMPLATES: list[Template] = [
    _ptm("kraft.periodic_task.registered", Kind.KRAFT_PERIODIC_TASK, "4.0+",
         "Registering periodic task {details.task:word} to run every {details.period_ms:int} ms",
         "[2026-08-08 14:49:20,845] INFO [QuorumController id=0] Registering periodic task writeNoOpRecord "
         "to run "
         "every 500 ms (org.apache.kafka.controller.PeriodicTaskControlManager)",
         const={"state": "registered"}),
    _ptm("kraft.periodic_task.unregistered", Kind.KRAFT_PERIODIC_TASK, "4.0+",
         "Unregistering periodic task {details.task:word}",
         _line("2025-05-14 23:09:18,500", "INFO", "[QuorumController id=10] Unregistering periodic task "
               "expireDelegationTokens", PERIODIC),
         const={"state": "unregistered"}),
    _ptm("kraft.periodic_task.activated", Kind.KRAFT_PERIODIC_TASK, "4.0+",
         "Activated periodic tasks: {details.tasks:strs}",
         "[2026-08-08 14:49:21,083] INFO [QuorumController id=0] Activated periodic tasks: electPreferred, "
         "electUnclean, expireDelegationTokens, generatePeriodicPerformanceMessage, maybeFenceStaleBroker, "
         "writeNoOpRecord (org.apache.kafka.controller.PeriodicTaskControlManager)",
         const={"state": "activated"}),
    _ptm("kraft.periodic_task.deactivated", Kind.KRAFT_PERIODIC_TASK, "4.0+",
         "Deactivated periodic tasks: {details.tasks:strs}",
         _line("2025-05-14 23:09:18,500", "INFO", "[QuorumController id=10] Deactivated periodic tasks: "
               "electPreferred, electUnclean", PERIODIC),
         const={"state": "deactivated"}),
    _ptm("kraft.periodic_task.ran", Kind.KRAFT_PERIODIC_TASK, "4.0+",
         "Periodic task {details.task:word} generated {count} records in {duration_ms:us_ms} microseconds.",
         "[2026-08-08 14:57:45,554] INFO [QuorumController id=0] Periodic task electPreferred generated 0 "
         "records "
         "in 13836 microseconds. (org.apache.kafka.controller.PeriodicTaskControlManager)",
         const={"state": "ran"}, note="INFO for VERBOSE tasks (elections), DEBUG for the others"),
]

PERFORMANCE_TEMPLATES: list[Template] = [
    _epm("kraft.event_performance", Kind.KRAFT_CONTROLLER_PERFORMANCE, "4.0+",
         "In the last {details.period_ms:int} ms period, {count} controller events were completed, which "
         "took an "
         "average of {details.average_ms:float} ms each. The slowest event was {details.slowest_event}, "
         "which "
         "took {duration_ms} ms{~\\.?~}",
         "[2026-08-08 14:53:45,543] INFO [QuorumController id=0] In the last 60000 ms period, 331 controller "
         "events were completed, which took an average of 10.98 ms each. The slowest event was "
         "registerBroker(1600824782), which took 50.78 ms. "
         "(org.apache.kafka.controller.EventPerformanceMonitor)",
         note="the final period is optional: the Strimzi fixture in the corpus lost it"),
    _epm("kraft.event_performance.idle", Kind.KRAFT_CONTROLLER_PERFORMANCE, "4.0+",
         "In the last {details.period_ms:int} ms period, there were no controller events completed.",
         "[2025-05-14 23:18:46,737] INFO [QuorumController id=10] In the last 60000 ms period, there were no "
         "controller events completed. (org.apache.kafka.controller.EventPerformanceMonitor)",
         const={"count": 0}),
    _epm("kraft.event_slow", Kind.KRAFT_CONTROLLER_PERFORMANCE, "4.0+",
         "Exceptionally slow controller event {details.event} took {duration_ms} ms.",
         _line("2025-05-14 23:18:46,737", "ERROR", "[QuorumController id=10] Exceptionally slow controller "
                                                   "event "
               "handleCommit[baseOffset=5211] took 2107 ms.", PERFORMANCE)),
]

_LEADER_39 = ("Leader(localReplicaKey=ReplicaKey(id=0, directoryId=HdLrZmMjbKrt4LUPAS48Ew), epoch=3, "
              "epochStartOffset=3885, highWatermark=Optional.empty, voterStates={0=ReplicaState(replicaKey="
              "ReplicaKey(id=0, directoryId=<undefined>), endOffset=Optional.empty, lastFetchTimestamp=-1, "
              "lastCaughtUpTimestamp=-1, hasAcknowledgedLeader=true)})")
_CANDIDATE_40 = ("CandidateState(localId=0, localDirectoryId=HdLrZmMjbKrt4LUPAS48Ew, epoch=3, retries=1, "
                 "epochElection=EpochElection(voterStates={0=VoterState(replicaKey=ReplicaKey(id=0, "
                 "directoryId=<undefined>), state=GRANTED)}), highWatermark=Optional.empty, "
                 "electionTimeoutMs=1346)")
_FOLLOWER_35 = ("FollowerState(fetchTimeoutMs=2000, epoch=8, leaderId=3001, voters=[3000, 3001, 3002], "
                "highWatermark=Optional[LogOffsetMetadata(offset=90210, metadata=Optional.empty)], "
                "fetchingSnapshot=Optional.empty)")

# QuorumState: every transition of the local raft replica (leader / follower are who leads the
# metadata quorum, i.e. the active controller; the others are election steps).
QUORUM_STATE_TEMPLATES: list[Template] = [
    _qs("kraft.raft_state.leader", Kind.KRAFT_LEADER_CHANGE, "3.5+",
        "Completed transition to Leader({_to}) from {_from}",
        f"[2026-08-08 14:49:20,692] INFO [RaftManager id=0] Completed transition to {_LEADER_39} from "
        f"{_CANDIDATE_40} (org.apache.kafka.raft.QuorumState)",
        const={"state": "leader"}, derive=kraft_raft_state),
    _qs("kraft.raft_state.follower", Kind.KRAFT_LEADER_CHANGE, "3.5+",
        "Completed transition to FollowerState({_to}) from {_from}",
        _line("2024-03-01 11:20:04,100", "INFO",
              f"[RaftManager id=3000] Completed transition to {_FOLLOWER_35} "
              "from Unattached(epoch=8, voters=[3000, 3001, 3002], electionTimeoutMs=1542)", QUORUM_STATE),
        const={"state": "follower"}, derive=kraft_raft_state),
    _qs("kraft.raft_state", Kind.KRAFT_ELECTION, "3.5+",
        "Completed transition to {_to} from {_from}",
        f"[2026-08-08 14:49:20,680] INFO [RaftManager id=0] Completed transition to {_CANDIDATE_40} from "
        "ProspectiveState(epoch=2, leaderId=OptionalInt[0], retries=1, votedKey=Optional.empty, "
        "epochElection="
        "EpochElection(voterStates={0=VoterState(replicaKey=ReplicaKey(id=0, directoryId=<undefined>), "
        "state=GRANTED)}), electionTimeoutMs=1856, highWatermark=Optional.empty) "
        "(org.apache.kafka.raft.QuorumState)",
        derive=kraft_raft_state),
    _qs("kraft.raft_state.leader.2_8", Kind.KRAFT_LEADER_CHANGE, "2.8-3.4",
        "Completed transition to Leader({_to})",
        _line("2022-10-04 09:12:40,000", "INFO", "[RaftManager nodeId=3000] Completed transition to "
              "Leader(localId=3000, epoch=7, epochStartOffset=1204, highWatermark=Optional.empty, "
              "voterStates={3000=ReplicaState(nodeId=3000, endOffset=Optional.empty, lastFetchTimestamp=-1, "
              "lastCaughtUpTimestamp=-1, hasAcknowledgedLeader=true)})", QUORUM_STATE),
        const={"state": "leader"}, derive=kraft_raft_state),
    _qs("kraft.raft_state.follower.2_8", Kind.KRAFT_LEADER_CHANGE, "2.8-3.4",
        "Completed transition to FollowerState({_to})",
        _line("2022-10-04 09:12:40,000", "INFO", "[RaftManager nodeId=3001] Completed transition to "
              "FollowerState(fetchTimeoutMs=2000, epoch=7, leaderId=3000, voters=[3000, 3001, 3002], "
              "highWatermark=Optional.empty, fetchingSnapshot=Optional.empty)", QUORUM_STATE),
        const={"state": "follower"}, derive=kraft_raft_state),
    _qs("kraft.raft_state.2_8", Kind.KRAFT_ELECTION, "2.8-3.4",
        "Completed transition to {_to}",
        _line("2022-10-04 09:12:39,000", "INFO", "[RaftManager nodeId=3000] Completed transition to "
              "CandidateState(localId=3000, epoch=7, retries=1, voteStates={3000=GRANTED, 3001=UNRECORDED, "
              "3002=UNRECORDED}, highWatermark=Optional.empty, electionTimeoutMs=1240)", QUORUM_STATE),
        derive=kraft_raft_state),
    _qs("kraft.raft_state.durable", Kind.KRAFT_ELECTION, "3.9+",
        "Attempting durable transition to {_to} from {_from}",
        "[2026-08-08 14:49:20,613] INFO [RaftManager id=0] Attempting durable transition to ResignedState("
        "localId=0, epoch=2, voters=[0], electionTimeoutMs=1400, unackedVoters=[], preferredSuccessors=[]) "
        "from "
        "null (org.apache.kafka.raft.QuorumState)",
        derive=kraft_raft_state, note="written to the quorum-state file before the transition completes"),
    _qs("kraft.raft_state.stale_epoch", Kind.KRAFT_ELECTION, "3.8+",
        "Epoch from quorum store file ({details.path}) is {controller_epoch}, which is smaller than last "
        "written epoch {details.log_epoch:int} in the log",
        _line("2024-08-01 10:00:00,000", "WARN", "[RaftManager id=3000] Epoch from quorum store file "
              "(/var/lib/kafka/meta/__cluster_metadata-0/quorum-state) is 7, which is smaller than last "
              "written "
              "epoch 8 in the log", QUORUM_STATE)),
    _qs("kraft.raft_state.stale_epoch.2_8", Kind.KRAFT_ELECTION, "2.8-3.7",
        "Epoch from quorum-state file is {controller_epoch}, which is smaller than last written epoch "
        "{details.log_epoch:int} in the log",
        _line("2023-02-01 10:00:00,000", "WARN", "[RaftManager nodeId=3000] Epoch from quorum-state file is "
                                                 "7, "
              "which is smaller than last written epoch 8 in the log", QUORUM_STATE)),
    _qs("kraft.raft_state.cleared", Kind.KRAFT_ELECTION, "2.8-3.7",
        "Clearing local quorum state store after error loading state {details.store}",
        _line("2023-02-01 10:00:00,000", "WARN", "[RaftManager nodeId=3000] Clearing local quorum state "
                                                 "store "
              "after error loading state "
              "FileBasedStateStore(stateFile=/var/lib/kafka/meta/__cluster_metadata-0/"
              "quorum-state)", QUORUM_STATE)),
    _qs("kraft.raft_state.unknown_leader", Kind.KRAFT_ELECTION, "3.9+",
        "The leader in election state {details.election_state} is not a member of the latest voter set "
        "{details.voter_set}; transitioning to unattached instead of follower because the leader's endpoints "
        "are not known",
        _line("2024-12-02 10:00:00,000", "INFO", "[RaftManager id=3000] The leader in election state "
              "ElectionState(epoch=8, leaderId=OptionalInt[3003], votedKey=Optional.empty, voters=[3000, "
              "3001, "
              "3002]) is not a member of the latest voter set VoterSet(voters={}); transitioning to "
              "unattached "
              "instead of follower because the leader's endpoints are not known", QUORUM_STATE),
        const={"state": "unattached"}),
]

RAFT_CLIENT_TEMPLATES: list[Template] = [
    _raft("kraft.vote", Kind.KRAFT_ELECTION, "3.0+",
          "Vote request {_request} with epoch {controller_epoch} is {state:word}",
          _line("2024-03-01 11:20:04,050", "INFO", "[RaftManager id=3001] Vote request VoteRequestData("
                "clusterId='53umScLzTeajz4ICoMMl1A', topics=[TopicData(topicName='__cluster_metadata', "
                "partitions=[PartitionData(partitionIndex=0, candidateEpoch=8, candidateId=3000, "
                "lastOffsetEpoch=7, lastOffset=90210)])]) with epoch 8 is granted", RAFT_CLIENT),
          derive=kraft_vote),
    _raft("kraft.vote.2_8", Kind.KRAFT_ELECTION, "2.8",
          "Vote request {_request} is {state:word}",
          _line("2021-05-03 10:00:00,000", "INFO", "[RaftManager nodeId=3001] Vote request VoteRequestData("
                "clusterId='53umScLzTeajz4ICoMMl1A', topics=[TopicData(topicName='@metadata', partitions=["
                "PartitionData(partitionIndex=0, candidateEpoch=8, candidateId=3000, lastOffsetEpoch=7, "
                "lastOffset=1204)])]) is rejected", RAFT_CLIENT),
          derive=kraft_vote),
    _raft("kraft.election_lost", Kind.KRAFT_ELECTION, "2.8+",
          "Insufficient remaining votes to become leader (rejected by {details.rejected_by}). We will "
          "backoff "
          "before retrying election again",
          _line("2024-03-01 11:20:04,060", "INFO", "[RaftManager id=3002] Insufficient remaining votes to "
                                                   "become "
                "leader (rejected by [3000, 3001]). We will backoff before retrying election again",
                RAFT_CLIENT),
          const={"state": "rejected"}),
    _raft("kraft.election_retry", Kind.KRAFT_ELECTION, "2.8+",
          "Re-elect as candidate after election backoff has completed",
          _line("2024-03-01 11:20:05,000", "INFO", "[RaftManager id=3002] Re-elect as candidate after "
                                                   "election "
                "backoff has completed", RAFT_CLIENT),
          const={"state": "candidate"}),
    _raft("kraft.fetch_timeout", Kind.KRAFT_ELECTION, "2.8+",
          "Become candidate due to fetch timeout",
          _line("2024-03-01 11:20:04,000", "INFO", "[RaftManager id=3000] Become candidate due to fetch "
                                                   "timeout",
                RAFT_CLIENT),
          const={"state": "candidate", "cause": "fetch_timeout"},
          note="a follower stopped hearing from the leader within controller.quorum.fetch.timeout.ms"),
    _raft("kraft.election_timeout", Kind.KRAFT_ELECTION, "3.5+",
          "Election has timed out, backing off for {duration_ms}ms before becoming a candidate again",
          _line("2024-03-01 11:20:05,500", "INFO", "[RaftManager id=3002] Election has timed out, backing "
                                                   "off for "
                "412ms before becoming a candidate again", RAFT_CLIENT),
          const={"cause": "election_timeout"}),
    _raft("kraft.resign", Kind.KRAFT_ELECTION, "3.0+",
          "Received user request to resign from the current epoch {controller_epoch}",
          _line("2024-03-01 11:20:03,000", "INFO", "[RaftManager id=3000] Received user request to resign "
                                                   "from "
                "the current epoch 7", RAFT_CLIENT),
          const={"state": "resigned"}, note="the active controller renounces (e.g. after a failover error)"),
    # -- the metadata log itself
    _raft("kraft.log_truncated", Kind.KRAFT_LOG_TRUNCATION, "2.8+",
          "Truncated to offset {offset} from Fetch response from leader {controller}",
          _line("2024-03-01 11:20:06,000", "INFO", "[RaftManager id=3002] Truncated to offset 90180 from "
                                                   "Fetch "
                "response from leader 3001", RAFT_CLIENT)),
    _raft("kraft.log_truncated_fully", Kind.KRAFT_LOG_TRUNCATION, "3.6+",
          "Fully truncated the log at ({offset}, {details.last_fetched_epoch:int}) after downloading "
          "snapshot "
          "{details.snapshot} from leader {controller}",
          _line("2024-03-01 11:20:07,000", "INFO", "[RaftManager id=3002] Fully truncated the log at "
                                                   "(14446, 3) "
                "after downloading snapshot OffsetAndEpoch(offset=14446, epoch=3) from leader 3001",
                RAFT_CLIENT)),
    _raft("kraft.snapshot_fetch", Kind.KRAFT_SNAPSHOT, "3.6+",
          "Fetching snapshot {details.snapshot} from Fetch response from leader {controller}",
          _line("2024-03-01 11:20:06,500", "INFO", "[RaftManager id=3002] Fetching snapshot OffsetAndEpoch("
                "offset=14446, epoch=3) from Fetch response from leader 3001", RAFT_CLIENT),
          const={"state": "fetching"}),
    _raft("kraft.snapshot_fetch.exists", Kind.KRAFT_SNAPSHOT, "3.9+",
          "Leader {controller} returned a snapshot {details.snapshot} in the FETCH response which is already "
          "stored",
          _line("2024-12-02 10:00:00,000", "INFO", "[RaftManager id=3002] Leader 3001 returned a snapshot "
                "OffsetAndEpoch(offset=14446, epoch=3) in the FETCH response which is already stored",
                RAFT_CLIENT),
          const={"state": "skipped"}),
    # -- lifecycle of the raft client
    _raft("kraft.raft_init", Kind.KRAFT_LIFECYCLE, "3.8+",
          "Reading KRaft snapshot and log as part of the initialization",
          "[2026-08-08 14:49:20,453] INFO [RaftManager id=0] Reading KRaft snapshot and log as part of the "
          "initialization (org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "starting"}),
    _raft("kraft.raft_voters", Kind.KRAFT_LIFECYCLE, "3.9+",
          "Starting voters are {_voters}",
          "[2026-08-08 14:49:20,564] INFO [RaftManager id=0] Starting voters are "
          "VoterSet(voters={0=VoterNode("
          "voterKey=ReplicaKey(id=0, directoryId=<undefined>), listeners=Endpoints(endpoints={ListenerName("
          "CONTROLLER)=/127.0.0.1:9093}), supportedKRaftVersion=SupportedVersionRange[min_version:0, "
          "max_version:0])}) (org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "starting"}, derive=kraft_voters),
    _raft("kraft.raft_request_manager.static", Kind.KRAFT_LIFECYCLE, "3.8+",
          "Starting request manager with static voters: {_voters}",
          "[2026-08-08 14:49:20,568] INFO [RaftManager id=0] Starting request manager with static voters: "
          "[127.0.0.1:9093 (id: 0 rack: null isFenced: false)] (org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "starting"}, derive=kraft_voters),
    _raft("kraft.raft_request_manager.bootstrap", Kind.KRAFT_LIFECYCLE, "3.8+",
          "Starting request manager with bootstrap servers: {details.bootstrap_servers}",
          _line("2024-12-02 10:00:00,000", "INFO", "[RaftManager id=3000] Starting request manager with "
                                                   "bootstrap "
                "servers: [ctl1:9093 (id: -2 rack: null isFenced: false)]", RAFT_CLIENT),
          const={"state": "starting"}),
    _raft("kraft.raft_listener.registered", Kind.KRAFT_LIFECYCLE, "3.0+",
          "Registered the listener {details.listener}",
          "[2026-08-08 14:49:20,789] INFO [RaftManager id=0] Registered the listener "
          "org.apache.kafka.image.loader.MetadataLoader@932781395 (org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "listener_registered"}),
    _raft("kraft.raft_listener.unregistered", Kind.KRAFT_LIFECYCLE, "3.0+",
          "Unregistered the listener {details.listener}",
          _line("2024-03-01 10:00:00,000", "INFO", "[RaftManager id=3000] Unregistered the listener "
                "org.apache.kafka.image.loader.MetadataLoader@932781395", RAFT_CLIENT),
          const={"state": "listener_unregistered"}),
    _raft("kraft.raft_listener.next_offset", Kind.KRAFT_LIFECYCLE, "3.9+",
          "Setting the next offset of {details.listener} to {offset} since there are no snapshots",
          "[2026-08-08 14:49:20,792] INFO [RaftManager id=0] Setting the next offset of "
          "org.apache.kafka.image.loader.MetadataLoader@932781395 to 0 since there are no snapshots "
          "(org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "starting"}),
    _raft("kraft.raft_shutdown.begin", Kind.KRAFT_LIFECYCLE, "2.8+",
          "Beginning graceful shutdown",
          "[2025-05-14 22:50:19,174] INFO [RaftManager id=10] Beginning graceful shutdown "
          "(org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "shutting_down"}),
    _raft("kraft.raft_shutdown.done", Kind.KRAFT_LIFECYCLE, "2.8+",
          "Graceful shutdown completed",
          "[2025-05-14 23:09:18,533] INFO [RaftManager id=10] Graceful shutdown completed "
          "(org.apache.kafka.raft.KafkaRaftClient)",
          const={"state": "shut_down"}),
    _raft("kraft.raft_shutdown.timeout", Kind.KRAFT_LIFECYCLE, "2.8+",
          "Graceful shutdown timed out after {duration_ms}ms",
          _line("2024-03-01 10:00:05,000", "WARN", "[RaftManager id=3000] Graceful shutdown timed out after "
                                                   "5000ms",
                RAFT_CLIENT),
          const={"state": "shut_down", "cause": "timeout"}),
]

BL = "[BrokerLifecycleManager id=10] "

LIFECYCLE_TEMPLATES: list[Template] = [
    _blm("kraft.broker.incarnation", Kind.BROKER_LIFECYCLE, "2.8+",
         "Incarnation {details.incarnation_id:word} of broker {_broker:int} in cluster "
         "{details.cluster_id:word} "
         "is now STARTING.",
         "[2025-05-14 23:09:38,906] INFO [BrokerLifecycleManager id=10] Incarnation RnJ_0YBhS5OaxvgWtPxHHQ "
         "of "
         "broker 10 in cluster 53umScLzTeajz4ICoMMl1A is now STARTING. (kafka.server.BrokerLifecycleManager)",
         const={"state": "starting"}, note="a new incarnation id per process start (KIP-631)"),
    _blm("kraft.broker.registered", Kind.KRAFT_BROKER_REGISTERED, "2.8+",
         "Successfully registered broker {_broker:int} with broker epoch {details.broker_epoch:int}",
         "[2026-08-08 14:52:47,360] INFO [BrokerLifecycleManager id=0] Successfully registered broker 0 with "
         "broker epoch 11 (kafka.server.BrokerLifecycleManager)",
         derive=details_const(registration="accepted")),
    _blm("kraft.broker.registration_error", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register broker {_broker:int} because the controller returned error {error:word}",
         "[2026-08-08 14:49:22,720] INFO [BrokerLifecycleManager id=0] Unable to register broker 0 because "
         "the "
         "controller returned error DUPLICATE_BROKER_REGISTRATION (kafka.server.BrokerLifecycleManager)",
         note="DUPLICATE_BROKER_REGISTRATION: the previous incarnation's session has not expired yet"),
    _blm("kraft.broker.registration_timeout", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register the broker because the RPC got timed out before it could be sent.",
         _line("2024-03-01 10:00:00,000", "INFO", BL + "Unable to register the broker because the RPC got "
                                                       "timed "
               "out before it could be sent.", LIFECYCLE),
         const={"cause": "rpc_timeout"}),
    _blm("kraft.broker.registration_auth", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register broker {_broker:int} because of an authentication exception.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to register broker 10 because of an "
                                                        "authentication "
               "exception.", LIFECYCLE)
         + "\norg.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed",
         const={"cause": "authentication"}, derive=exception_from_raw),
    _blm("kraft.broker.registration_version", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register broker {_broker:int} because of an API version problem.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to register broker 10 because of an API "
                                                        "version "
               "problem.", LIFECYCLE),
         const={"cause": "unsupported_version"}, derive=exception_from_raw),
    _blm("kraft.broker.registration_invalid", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register broker {_broker:int} because the controller returned an invalid response type.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to register broker 10 because the controller "
               "returned an invalid response type.", LIFECYCLE),
         const={"cause": "invalid_response"}),
    _blm("kraft.broker.registration_failed", Kind.KRAFT_BROKER_REGISTRATION_FAILED, "2.8+",
         "Unable to register broker {_broker:int}.",
         _line("2024-03-01 10:00:00,000", "WARN", BL + "Unable to register broker 10.", LIFECYCLE)),
    _blm("kraft.broker.registration_gave_up", Kind.BROKER_LIFECYCLE, "2.8+",
         "Shutting down because we were unable to register with the controller quorum.",
         "[2025-05-14 22:50:18,971] ERROR [BrokerLifecycleManager id=10] Shutting down because we were "
         "unable to "
         "register with the controller quorum. (kafka.server.BrokerLifecycleManager)",
         const={"state": "shutting_down", "cause": "registration_failed"}),
    _blm("kraft.broker.log_dir_unreported", Kind.BROKER_LIFECYCLE, "3.8+",
         "Shutting down because couldn't communicate offline log dir {details.log_dir:text} with controllers",
         _line("2024-08-01 10:00:00,000", "ERROR", BL + "Shutting down because couldn't communicate offline "
                                                        "log "
               "dir kXUJD2A9YWQ2GIJctGNUGg with controllers", LIFECYCLE),
         const={"state": "shutting_down", "cause": "offline_log_dir"}),
    # -- heartbeats
    _blm("kraft.heartbeat.timeout", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Unable to send a heartbeat because the RPC got timed out before it could be sent.",
         "[2025-05-14 23:17:51,065] INFO [BrokerLifecycleManager id=10] Unable to send a heartbeat because "
         "the RPC "
         "got timed out before it could be sent. (kafka.server.BrokerLifecycleManager)",
         const={"cause": "rpc_timeout"}),
    _blm("kraft.heartbeat.error", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Broker {_broker:int} sent a heartbeat request but received error {error:word}.",
         _line("2024-03-01 10:00:00,000", "WARN", BL + "Broker 10 sent a heartbeat request but received "
                                                       "error "
               "STALE_BROKER_EPOCH.", LIFECYCLE)),
    _blm("kraft.heartbeat.auth", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Unable to send broker heartbeat for {_broker:int} because of an authentication exception.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to send broker heartbeat for 10 because of "
                                                        "an "
               "authentication exception.", LIFECYCLE),
         const={"cause": "authentication"}, derive=exception_from_raw),
    _blm("kraft.heartbeat.version", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Unable to send broker heartbeat for {_broker:int} because of an API version problem.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to send broker heartbeat for 10 because of "
                                                        "an API "
               "version problem.", LIFECYCLE),
         const={"cause": "unsupported_version"}, derive=exception_from_raw),
    _blm("kraft.heartbeat.invalid", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Unable to send broker heartbeat for {_broker:int} because the controller returned an invalid "
         "response "
         "type.",
         _line("2024-03-01 10:00:00,000", "ERROR", BL + "Unable to send broker heartbeat for 10 because the "
               "controller returned an invalid response type.", LIFECYCLE),
         const={"cause": "invalid_response"}),
    _blm("kraft.heartbeat.retry", Kind.KRAFT_HEARTBEAT_FAILED, "2.8+",
         "Unable to send broker heartbeat for {_broker:int}. Retrying.",
         _line("2024-03-01 10:00:00,000", "WARN", BL + "Unable to send broker heartbeat for 10. Retrying.",
               LIFECYCLE)),
    # -- broker states: STARTING → RECOVERY → RUNNING → PENDING_CONTROLLED_SHUTDOWN → SHUTTING_DOWN
    _blm("kraft.broker.caught_up", Kind.BROKER_LIFECYCLE, "2.8+",
         "The broker has caught up. Transitioning from STARTING to RECOVERY.",
         "[2026-08-08 14:52:47,377] INFO [BrokerLifecycleManager id=0] The broker has caught up. "
         "Transitioning "
         "from STARTING to RECOVERY. (kafka.server.BrokerLifecycleManager)",
         const={"state": "recovery", "prev_state": "starting"}),
    _blm("kraft.broker.in_recovery", Kind.BROKER_LIFECYCLE, "2.8+",
         "The broker is in RECOVERY.",
         "[2026-08-08 14:52:47,393] INFO [BrokerLifecycleManager id=0] The broker is in RECOVERY. "
         "(kafka.server.BrokerLifecycleManager)",
         const={"state": "recovery"}),
    _blm("kraft.broker.unfenced", Kind.KRAFT_BROKER_UNFENCED, "2.8+",
         "The broker has been unfenced. Transitioning from RECOVERY to RUNNING.",
         "[2026-08-08 14:52:47,700] INFO [BrokerLifecycleManager id=0] The broker has been unfenced. "
         "Transitioning from RECOVERY to RUNNING. (kafka.server.BrokerLifecycleManager)",
         const={"state": "running", "prev_state": "recovery"}),
    _blm("kraft.broker.controlled_shutdown", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Beginning controlled shutdown.",
         "[2025-05-14 23:09:18,258] INFO [BrokerLifecycleManager id=10] Beginning controlled shutdown. "
         "(kafka.server.BrokerLifecycleManager)",
         const={"state": "requested"}),
    _blm("kraft.broker.controlled_shutdown.again", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Attempted to enter pending controlled shutdown state, but we are already in that state.",
         _line("2024-03-01 10:00:00,000", "INFO", BL + "Attempted to enter pending controlled shutdown "
                                                       "state, but "
               "we are already in that state.", LIFECYCLE),
         const={"state": "pending"}),
    _blm("kraft.broker.controlled_shutdown.skipped", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "Skipping controlled shutdown because we are in state {prev_state:server_state}.",
         _line("2024-03-01 10:00:00,000", "INFO", BL + "Skipping controlled shutdown because we are in state "
               "STARTING.", LIFECYCLE),
         const={"state": "skipped"}),
    _blm("kraft.broker.controlled_shutdown.pending", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
         "The broker is in PENDING_CONTROLLED_SHUTDOWN state, still waiting for the active controller.",
         "[2025-05-14 23:42:19,478] INFO [BrokerLifecycleManager id=10] The broker is in "
         "PENDING_CONTROLLED_SHUTDOWN state, still waiting for the active controller. "
         "(kafka.server.BrokerLifecycleManager)",
         const={"state": "pending"}),
    _blm("kraft.broker.controlled_shutdown.granted", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "3.1+",
         "The controller has asked us to exit controlled shutdown.",
         "[2025-05-14 23:09:18,287] INFO [BrokerLifecycleManager id=10] The controller has asked us to exit "
         "controlled shutdown. (kafka.server.BrokerLifecycleManager)",
         const={"state": "granted"}),
    _blm("kraft.broker.controlled_shutdown.granted.2_8", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8-3.0",
         "The controlled has asked us to exit controlled shutdown.",
         _line("2021-10-01 10:00:00,000", "INFO", BL + "The controlled has asked us to exit controlled "
                                                       "shutdown.",
               LIFECYCLE),
         const={"state": "granted"}),
    _blm("kraft.broker.shutting_down", Kind.BROKER_LIFECYCLE, "2.8+",
         "The broker is SHUTTING_DOWN. Ignoring heartbeat response.",
         _line("2024-03-01 10:00:00,000", "INFO", BL + "The broker is SHUTTING_DOWN. Ignoring heartbeat "
                                                       "response.",
               LIFECYCLE),
         const={"state": "shutting_down"}),
    _blm("kraft.broker.transition", Kind.BROKER_LIFECYCLE, "2.8+",
         "Transitioning from {prev_state:server_state} to {state:server_state}.",
         "[2025-05-14 23:09:18,289] INFO [BrokerLifecycleManager id=10] Transitioning from "
         "PENDING_CONTROLLED_SHUTDOWN to SHUTTING_DOWN. (kafka.server.BrokerLifecycleManager)"),
]

_WAIT = "the controller to acknowledge that we are caught up"

# BrokerServer / ControllerServer (KRaft mode's KafkaServer): process status and startup steps
SERVER_TEMPLATES: list[Template] = [
    _bs("kraft.broker_server.starting", Kind.BROKER_LIFECYCLE, "2.8+",
        "Starting broker",
        "[2026-08-08 14:49:21,027] INFO [BrokerServer id=0] Starting broker (kafka.server.BrokerServer)",
        const={"state": "starting"}),
    _bs("kraft.broker_server.transition", Kind.BROKER_LIFECYCLE, "3.1+",
        "Transition from {prev_state:server_state} to {state:server_state}",
        "[2026-08-08 14:52:47,715] INFO [BrokerServer id=0] Transition from STARTING to STARTED "
        "(kafka.server.BrokerServer)"),
    _bs("kraft.broker_server.no_op_persister", Kind.BROKER_LIFECYCLE, "4.0+",
        "Using no op persister",
        "[2026-08-08 14:49:22,447] INFO [BrokerServer id=0] Using no op persister "
        "(kafka.server.BrokerServer)",
        const={"state": "starting"}, note="KIP-932 share-group state persister disabled"),
    _bs("kraft.broker_server.metadata_catch_up", Kind.KRAFT_METADATA_CATCHUP, "3.4",
        "Waiting for broker metadata to catch up.",
        _line("2023-02-01 10:00:00,000", "INFO", "[BrokerServer id=1] Waiting for broker metadata to catch "
                                                 "up.",
              BROKER_SERVER),
        const={"state": "catching_up"}),
    _bs("kraft.broker_server.shutdown_timeout", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
        "Timed out waiting for the controller to approve controlled shutdown",
        _line("2024-03-01 10:00:00,000", "ERROR", "[BrokerServer id=1] Timed out waiting for the controller "
                                                  "to "
              "approve controlled shutdown", BROKER_SERVER),
        const={"state": "timed_out"}),
    _bs("kraft.broker_server.shutdown_error", Kind.KRAFT_BROKER_CONTROLLED_SHUTDOWN, "2.8+",
        "Got unexpected exception waiting for controlled shutdown future",
        _line("2024-03-01 10:00:00,000", "ERROR", "[BrokerServer id=1] Got unexpected exception waiting for "
              "controlled shutdown future", BROKER_SERVER)
        + "\njava.util.concurrent.ExecutionException: java.lang.InterruptedException",
        const={"state": "failed"}, derive=exception_from_raw),
    _srv("kraft.server.startup_failed", Kind.BROKER_LIFECYCLE, "2.8+",
         "Fatal error during {~(?:broker|controller)~} startup. Prepare to shutdown",
         "[2025-05-14 22:50:18,982] ERROR [BrokerServer id=10] Fatal error during broker startup. Prepare to "
         "shutdown (kafka.server.BrokerServer)",
         const={"state": "shutting_down", "cause": "startup_failed"}, derive=exception_from_raw,
         note="ControllerServer's wording (2.8–3.4) says `controller`"),
    _srv("kraft.server.shutdown_failed", Kind.BROKER_LIFECYCLE, "2.8+",
         "Fatal error during {~(?:broker|controller)~} shutdown.",
         _line("2024-03-01 10:00:00,000", "ERROR", "[ControllerServer id=3000] Fatal error during controller "
               "shutdown.", CONTROLLER_SERVER),
         const={"cause": "shutdown_failed"}, derive=exception_from_raw),
    _cs("kraft.controller_server.starting", Kind.BROKER_LIFECYCLE, "2.8+",
        "Starting controller",
        "[2026-08-08 14:49:19,194] INFO [ControllerServer id=0] Starting controller "
        "(kafka.server.ControllerServer)",
        const={"state": "starting"}),
    _srv("kraft.server.shutting_down", Kind.BROKER_LIFECYCLE, "2.8+",
         "shutting down",
         "[2025-05-14 22:50:19,171] INFO [ControllerServer id=10] shutting down "
         "(kafka.server.ControllerServer)",
         const={"state": "shutting_down"}),
    _bs("kraft.broker_server.shut_down", Kind.BROKER_LIFECYCLE, "2.8+",
        "shut down completed",
        "[2025-05-14 22:50:19,163] INFO [BrokerServer id=10] shut down completed (kafka.server.BrokerServer)",
        const={"state": "shut_down"}),
    # FutureUtils.waitWithLogging (3.5+): each startup step the server waits for
    _srv("kraft.server.waiting", Kind.BROKER_LIFECYCLE, "3.5+",
         "Waiting for {details.step:text}",
         f"[2026-08-08 14:49:22,796] INFO [BrokerServer id=0] Waiting for {_WAIT} "
         "(kafka.server.BrokerServer)",
         const={"state": "starting"}, derive=details_const(wait="waiting")),
    _srv("kraft.server.waited", Kind.BROKER_LIFECYCLE, "3.5+",
         "Finished waiting for {details.step:text}",
         f"[2026-08-08 14:52:47,395] INFO [BrokerServer id=0] Finished waiting for {_WAIT} "
         "(kafka.server.BrokerServer)",
         const={"state": "starting"}, derive=details_const(wait="finished")),
    _srv("kraft.server.wait_timed_out", Kind.BROKER_LIFECYCLE, "3.5+",
         "Timed out while waiting for {details.step:text}",
         _line("2024-03-01 10:00:00,000", "ERROR", f"[BrokerServer id=1] Timed out while waiting for {_WAIT}",
               BROKER_SERVER),
         const={"state": "starting", "cause": "wait_timed_out"}, derive=exception_from_raw),
    _srv("kraft.server.wait_failed", Kind.BROKER_LIFECYCLE, "3.5+",
         "Received a fatal error while waiting for {details.step:text}",
         "[2025-05-14 22:50:18,973] ERROR [BrokerServer id=10] Received a fatal error while waiting for the "
         "controller to acknowledge that we are caught up (kafka.server.BrokerServer)",
         const={"state": "starting", "cause": "wait_failed"}, derive=exception_from_raw),
    # SharedServer (3.4+): the raft manager and metadata loader shared by broker and controller
    _t("kraft.shared_server.starting", Kind.KRAFT_LIFECYCLE, "3.4+",
       "Starting SharedServer",
       "[2026-08-08 14:49:20,048] INFO [SharedServer id=0] Starting SharedServer (kafka.server.SharedServer)",
       loggers=SHARED_SERVER, prefix=SHARED_PREFIX, const={"state": "starting"}),
    _t("kraft.shared_server.stopping", Kind.KRAFT_LIFECYCLE, "3.4+",
       "Stopping SharedServer",
       "[2025-05-14 23:09:18,589] INFO [SharedServer id=10] Stopping SharedServer "
       "(kafka.server.SharedServer)",
       loggers=SHARED_SERVER, prefix=SHARED_PREFIX, const={"state": "shutting_down"}),
    _t("kraft.shared_server.start_failed", Kind.KRAFT_LIFECYCLE, "3.4+",
       "Got exception while starting SharedServer",
       _line("2024-03-01 10:00:00,000", "ERROR", "[SharedServer id=1] Got exception while starting "
                                                 "SharedServer",
             SHARED_SERVER) + "\njava.lang.RuntimeException: Unable to open the metadata log",
       loggers=SHARED_SERVER, prefix=SHARED_PREFIX, const={"cause": "startup_failed"},
       derive=exception_from_raw),
    _t("kraft.shared_server.publishers_failed", Kind.KRAFT_LIFECYCLE, "3.4+",
       "Unable to install metadata publishers",
       _line("2024-03-01 10:00:00,000", "ERROR", "[SharedServer id=1] Unable to install metadata publishers",
             SHARED_SERVER),
       loggers=SHARED_SERVER, prefix=SHARED_PREFIX, const={"cause": "startup_failed"},
       derive=exception_from_raw),
    _t("kraft.raft_server.started", Kind.BROKER_LIFECYCLE, "2.8+",
       "Kafka Server started",
       "[2026-08-08 14:52:47,721] INFO [KafkaRaftServer nodeId=0] Kafka Server started "
       "(kafka.server.KafkaRaftServer)",
       loggers=RAFT_SERVER, prefix=RAFT_SERVER_PREFIX, const={"state": "started"},
       note="no prefix before 3.3"),
]

METADATA_IMAGE_TEMPLATES: list[Template] = [
    # MetadataLoader: `where` is initializeNewPublishers or maybePublishMetadata(LOG_DELTA|SNAPSHOT)
    _ml("kraft.loader.unknown_hw", Kind.KRAFT_METADATA_CATCHUP, "3.5+",
        "{details.where}: the loader is still catching up because we still don't know the high water mark "
        "yet.",
        "[2026-08-08 14:49:20,760] INFO [MetadataLoader id=0] initializeNewPublishers: the loader is still "
        "catching up because we still don't know the high water mark yet. "
        "(org.apache.kafka.image.loader.MetadataLoader)",
        const={"state": "catching_up"}),
    _ml("kraft.loader.behind", Kind.KRAFT_METADATA_CATCHUP, "3.5+",
        "{details.where}: The loader is still catching up because we have loaded up to offset {offset}, but "
        "the "
        "high water mark is {hw}",
        "[2026-08-08 14:49:20,799] INFO [MetadataLoader id=0] maybePublishMetadata(LOG_DELTA): The loader is "
        "still catching up because we have loaded up to offset 0, but the high water mark is 3886 "
        "(org.apache.kafka.image.loader.MetadataLoader)",
        const={"state": "catching_up"}),
    _ml("kraft.loader.no_controller_record", Kind.KRAFT_METADATA_CATCHUP, "3.6+",
        "{details.where}: The loader is still catching up because we have not loaded a controller record as "
        "of "
        "offset {offset} and high water mark is {hw}",
        "[2026-08-08 14:52:45,510] INFO [MetadataLoader id=0] initializeNewPublishers: The loader is still "
        "catching up because we have not loaded a controller record as of offset 0 and high water mark is 1 "
        "(org.apache.kafka.image.loader.MetadataLoader)",
        const={"state": "catching_up"}),
    _ml("kraft.loader.caught_up", Kind.KRAFT_METADATA_CATCHUP, "3.5+",
        "{details.where}: The loader finished catching up to the current high water mark of {hw}",
        _line("2026-08-08 14:49:20,935", "INFO", "[MetadataLoader id=0] maybePublishMetadata(LOG_DELTA): The "
              "loader finished catching up to the current high water mark of 3886", LOADER),
        const={"state": "caught_up"}),
    _ml("kraft.loader.unknown_hw.3_4", Kind.KRAFT_METADATA_CATCHUP, "3.4",
        "The loader is still catching up because we still don't know the high water mark yet.",
        _line("2023-02-01 10:00:00,000", "INFO", "[MetadataLoader 1] The loader is still catching up "
                                                 "because we "
              "still don't know the high water mark yet.", LOADER),
        const={"state": "catching_up"}),
    _ml("kraft.loader.behind.3_4", Kind.KRAFT_METADATA_CATCHUP, "3.4",
        "The loader is still catching up because we have loaded up to offset {offset}, but the high water "
        "mark "
        "is {hw}",
        _line("2023-02-01 10:00:00,000", "INFO", "[MetadataLoader 1] The loader is still catching up "
                                                 "because we "
              "have loaded up to offset 120, but the high water mark is 1204", LOADER),
        const={"state": "catching_up"}),
    _ml("kraft.loader.caught_up.3_4", Kind.KRAFT_METADATA_CATCHUP, "3.4",
        "The loader finished catch up to the current high water mark of {hw}",
        _line("2023-02-01 10:00:01,000", "INFO", "[MetadataLoader 1] The loader finished catch up to the "
                                                 "current "
              "high water mark of 1204", LOADER),
        const={"state": "caught_up"}),
    _ml("kraft.loader.publisher", Kind.KRAFT_METADATA_CATCHUP, "3.5+",
        "InitializeNewPublishers: initializing {details.publisher} with a snapshot at offset {offset}",
        "[2026-08-08 14:49:20,936] INFO [MetadataLoader id=0] InitializeNewPublishers: initializing "
        "SnapshotGenerator with a snapshot at offset 3885 (org.apache.kafka.image.loader.MetadataLoader)",
        const={"state": "publisher_installed"}),
    _ml("kraft.loader.publisher.3_4", Kind.KRAFT_METADATA_CATCHUP, "3.4",
        "Publishing initial snapshot at offset {offset} to {details.publisher}",
        _line("2023-02-01 10:00:01,000", "INFO", "[MetadataLoader 1] Publishing initial snapshot at offset "
                                                 "1203 "
              "to BrokerMetadataPublisher", LOADER),
        const={"state": "publisher_installed"}),
    _ml("kraft.loader.snapshot_delta", Kind.KRAFT_SNAPSHOT, "3.6+",
        "handleLoadSnapshot({details.snapshot}): generated a metadata delta between offset {offset} and this "
        "snapshot in {duration_ms:us_ms} us.",
        _line("2024-03-01 10:00:00,000", "INFO", "[MetadataLoader id=1] "
                                                 "handleLoadSnapshot(00000000000000014446-"
              "0000000003): generated a metadata delta between offset -1 and this snapshot in 21877 us.",
              LOADER),
        const={"state": "loaded"}),
    _ml("kraft.loader.snapshot_count", Kind.KRAFT_SNAPSHOT, "3.6+",
        "handleLoadSnapshot({details.snapshot}): incrementing HandleLoadSnapshotCount to {count}.",
        _line("2024-03-01 10:00:00,000", "INFO", "[MetadataLoader id=1] "
                                                 "handleLoadSnapshot(00000000000000014446-"
              "0000000003): incrementing HandleLoadSnapshotCount to 1.", LOADER),
        const={"state": "loading"}),
    _ml("kraft.loader.snapshot_delta.3_5", Kind.KRAFT_SNAPSHOT, "3.5",
        "handleSnapshot: generated a metadata delta from a snapshot at offset {offset} in "
        "{duration_ms:us_ms} us.",
        _line("2023-07-10 10:00:00,000", "INFO", "[MetadataLoader id=1] handleSnapshot: generated a "
                                                 "metadata delta "
              "from a snapshot at offset 14445 in 21877 us.", LOADER),
        const={"state": "loaded"}),
    _ml("kraft.loader.snapshot_image.3_5", Kind.KRAFT_SNAPSHOT, "3.5",
        "handleSnapshot: publishing new snapshot image with provenance {details.provenance}.",
        _line("2023-07-10 10:00:00,000", "INFO", "[MetadataLoader id=1] handleSnapshot: publishing new "
                                                 "snapshot "
              "image with provenance MetadataProvenance(lastContainedOffset=14445, lastContainedEpoch=3, "
              "lastContainedLogTimeMs=1688983200000).", LOADER),
        const={"state": "published"}),
    # SnapshotGenerator / SnapshotEmitter (3.4+): `snapshot <end offset>-<epoch>` as the file is named
    _t("kraft.snapshot.creating", Kind.KRAFT_SNAPSHOT, "3.4+",
       "Creating new KRaft snapshot file snapshot {offset}-{details.snapshot_epoch:int} because "
       "{details.reason}.",
       "[2025-05-17 14:19:02,070] INFO [SnapshotGenerator id=1] Creating new KRaft snapshot file snapshot "
       "00000000000000014446-0000000003 because we have waited at least 60 minute(s). "
       "(org.apache.kafka.image.publisher.SnapshotGenerator)",
       loggers=GENERATOR, prefix=GENERATOR_PREFIX, const={"state": "generating"}),
    _t("kraft.snapshot.disabled", Kind.KRAFT_SNAPSHOT, "3.4+",
       "Not emitting snapshot {offset}-{details.snapshot_epoch:int} despite the fact that {details.reason} "
       "because snapshots are disabled; {details.disabled_reason:text}",
       _line("2024-03-01 10:00:00,000", "ERROR", "[SnapshotGenerator id=1] Not emitting snapshot "
             "00000000000000014446-0000000003 despite the fact that we have replayed at least 20971520 bytes "
             "because snapshots are disabled; we are shutting down", GENERATOR),
       loggers=GENERATOR, prefix=GENERATOR_PREFIX, const={"state": "skipped"}),
    _t("kraft.snapshot.written", Kind.KRAFT_SNAPSHOT, "3.4+",
       "Successfully wrote snapshot {offset}-{details.snapshot_epoch:int}",
       "[2025-05-17 14:19:02,089] INFO [SnapshotEmitter id=1] Successfully wrote snapshot "
       "00000000000000014446-0000000003 (org.apache.kafka.image.publisher.SnapshotEmitter)",
       loggers=EMITTER, prefix=EMITTER_PREFIX, const={"state": "written"}),
    _t("kraft.snapshot.exists.3_4", Kind.KRAFT_SNAPSHOT, "3.4+",
       "Not generating snapshot {offset}-{details.snapshot_epoch:int} because it already exists.",
       _line("2024-03-01 10:00:00,000", "ERROR", "[SnapshotEmitter id=1] Not generating snapshot "
             "00000000000000014446-0000000003 because it already exists.", EMITTER),
       loggers=EMITTER, prefix=EMITTER_PREFIX, const={"state": "skipped"}),
    _t("kraft.snapshot.write_failed", Kind.KRAFT_SNAPSHOT, "3.4+",
       "Encountered error while writing snapshot {offset}-{details.snapshot_epoch:int}",
       _line("2024-03-01 10:00:00,000", "ERROR", "[SnapshotEmitter id=1] Encountered error while writing "
                                                 "snapshot "
             "00000000000000014446-0000000003", EMITTER) + "\njava.io.IOException: No space left on device",
       loggers=EMITTER, prefix=EMITTER_PREFIX, const={"state": "failed"}, derive=exception_from_raw),
]

TEMPLATES: list[Template] = [
    *REPLICATION_TEMPLATES,
    *PARTITION_CHANGE_TEMPLATES,
    *QUORUM_CONTROLLER_TEMPLATES,
    *CLUSTER_TEMPLATES,
    *HEARTBEAT_TEMPLATES,
    *FEATURE_TEMPLATES,
    *CONFIGURATION_TEMPLATES,
    *OFFSET_TEMPLATES,
    *PERIODIC_TEMPLATES,
    *PERFORMANCE_TEMPLATES,
    *QUORUM_STATE_TEMPLATES,
    *RAFT_CLIENT_TEMPLATES,
    *LIFECYCLE_TEMPLATES,
    *SERVER_TEMPLATES,
    *METADATA_IMAGE_TEMPLATES,
]
