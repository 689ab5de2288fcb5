"""Catalogue entries: the ZooKeeper-mode controller (0.8 → 3.9) and its state-change log.

Loggers: ``kafka.controller.KafkaController`` (prefix ``[Controller N]: `` 0.8–0.11,
``[Controller id=N] `` 1.0–3.9), the partition and replica state machines, the leader
selectors and ZooKeeper listeners of 0.8–0.10, the channel manager and its send threads,
the event thread, the topic deletion manager, ``kafka.server.ZookeeperLeaderElector``
(controller election up to 0.10), ``kafka.zookeeper.ZooKeeperClient`` (1.1+), and the
controller-context lines of ``state.change.logger`` (``Controller N epoch E …`` text
0.8–0.11, prefix ``[Controller id=N epoch=E] `` 1.0+).  The broker-context state-change
lines (``[Broker id=N] `` / ``Broker N …``) belong to ``replication``.

``node`` is set only from a prefix that names the logging controller itself (and from the
0.8–0.11 ``Controller N epoch E`` lead-in, which is that same identity written into the
text); ids a message talks about go to ``controller``, ``brokers``, ``replica`` …

Wording per version: kafka-log-templates.md §1.3, §5.1–5.3, §10, checked against
``git show <tag>:core/src/main/scala/kafka/controller/*.scala`` for every tag 0.8.0 … 3.9.
ZooKeeper mode, and with it every line here, is gone in 4.0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import polars as pl

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import (
    broker_endpoint,
    broker_epochs,
    chain,
    controller_state,
    exception_from_raw,
    map_partitions,
    named_errors,
    pack_details,
    replica_list,
    request_api,
    response_errors,
    split_tp,
    state_machine_snapshot,
)

CONTROLLER = ("kafka.controller.KafkaController",)
PSM = ("kafka.controller.PartitionStateMachine", "kafka.controller.ZkPartitionStateMachine")
RSM = ("kafka.controller.ReplicaStateMachine", "kafka.controller.ZkReplicaStateMachine")
OFFLINE_SELECTOR = ("kafka.controller.OfflinePartitionLeaderSelector",)
PREFERRED_SELECTOR = ("kafka.controller.PreferredReplicaPartitionLeaderSelector",)
SHUTDOWN_SELECTOR = ("kafka.controller.ControlledShutdownLeaderSelector",)
REASSIGN_SELECTOR = ("kafka.controller.ReassignedPartitionLeaderSelector",)
NOOP_SELECTOR = ("kafka.controller.NoOpLeaderSelector",)
# 0.8–0.10 ZooKeeper listeners log under their own (inner) class names
BROKER_CHANGE_LISTENER = ("kafka.controller.ReplicaStateMachine$BrokerChangeListener",)
TOPIC_CHANGE_LISTENER = ("kafka.controller.PartitionStateMachine$TopicChangeListener",)
DELETE_TOPICS_LISTENER = ("kafka.controller.PartitionStateMachine$DeleteTopicsListener",)
PARTITION_MOD_LISTENER = (
    "kafka.controller.PartitionStateMachine$AddPartitionsListener",  # 0.8–0.9
    "kafka.controller.PartitionStateMachine$PartitionModificationsListener",  # 0.10
)
ISR_CHANGE_LISTENER = ("kafka.controller.IsrChangeNotificationListener",)
# 0.8–0.10: reassignment and preferred-election handling ran in these listeners (own loggers)
ADMIN_LISTENERS = (
    "kafka.controller.PartitionsReassignedListener",
    "kafka.controller.ReassignedPartitionsIsrChangeListener",
    "kafka.controller.PreferredReplicaElectionListener",
)
EPOCH_LISTENER = ("kafka.controller.ControllerEpochListener",)
SESSION_LISTENER = ("kafka.controller.KafkaController$SessionExpirationListener",)
LEADER_ELECTOR = ("kafka.server.ZookeeperLeaderElector",)
LEADER_CHANGE_LISTENER = ("kafka.server.ZookeeperLeaderElector$LeaderChangeListener",)
CHANNEL_MANAGER = ("kafka.controller.ControllerChannelManager",)
REQUEST_BATCH = ("kafka.controller.ControllerBrokerRequestBatch",)
SEND_THREAD = ("kafka.controller.RequestSendThread",)
EVENT_THREAD = ("kafka.controller.ControllerEventManager$ControllerEventThread",)
TOPIC_DELETION = ("kafka.controller.TopicDeletionManager",)
ZK_CLIENT = ("kafka.zookeeper.ZooKeeperClient",)
STATE_CHANGE = ("state.change.logger",)

CTRL = Prefix("[Controller {node}]: ", "[Controller id={node}] ")
CTRL_OR_ADMIN = Prefix(
    *CTRL.alternatives,
    "[{~(?:PartitionsReassignedListener|ReassignedPartitionsIsrChangeListener|PreferredReplicaElectionListener)~}"
    " on {~(?:[Cc]ontroller )?~}{node}]: ",
)
PSM_PREFIX = Prefix("[Partition state machine on Controller {node}]: ",
                    "[PartitionStateMachine controllerId={node}] ")
RSM_PREFIX = Prefix("[Replica state machine on controller {node}]: ",
                    "[ReplicaStateMachine controllerId={node}] ")
# 1.0+ StateChangeLogger: `[Controller id=N epoch=E] ` (or without the epoch when the
# controller context has none yet, e.g. KafkaController's own state-change lines)
SCL = Prefix("[Controller id={node} epoch={controller_epoch}] ", "[Controller id={node}] ")
# 0.8–0.11: no logIdent; every controller line starts `Controller N epoch E `
SCL_OLD = Prefix("Controller {node} epoch {controller_epoch} ")
SCL_FAIL = Prefix(*SCL_OLD.alternatives, *SCL.alternatives)
# 0.8–0.10 send thread `[Controller-0-to-broker-1-send-thread], ` (0.11–1.0 `]: `),
# 1.1+ `[RequestSendThread controllerId=0] `; 1.0+ may prepend a thread-name prefix `name:`
SEND_PREFIX = Prefix(
    "[{~(?:[^\\]:]+:)?~}Controller-{node}-to-broker-{_to:int}-send-thread], ",
    "[{~(?:[^\\]:]+:)?~}Controller-{node}-to-broker-{_to:int}-send-thread]: ",
    "[RequestSendThread controllerId={node}] ",
)
EVENT_PREFIX = Prefix("[controller-event-thread]: ", "[ControllerEventThread controllerId={node}] ")
THREADS = SEND_THREAD + EVENT_THREAD
THREAD_PREFIX = Prefix(*SEND_PREFIX.alternatives, *EVENT_PREFIX.alternatives)
DELETION_PREFIX = Prefix("[Topic Deletion Manager {node}], ", "[Topic Deletion Manager {node}] ")
ZK_CLIENT_PREFIX = Prefix("[ZooKeeperClient {details.client:str}] ", "[ZooKeeperClient] ")

Derive = Callable[[pl.DataFrame], pl.DataFrame]


def _t(tid: str, kind: Kind, versions: str, loggers: tuple[str, ...], prefix: Prefix | None,
       text: str, *examples: str, const: Mapping[str, Any] | None = None, cont: str | None = None,
       derive: Derive | None = None, note: str = "") -> Template:
    return Template(id=tid, kind=kind, versions=versions, loggers=loggers, prefix=prefix, text=text,
                    const=dict(const or {}), cont=cont, derive=derive, examples=examples, note=note)


def _ctl(tid: str, kind: Kind, versions: str, text: str, *examples: str, **kw: Any) -> Template:
    return _t(tid, kind, versions, CONTROLLER, CTRL, text, *examples, **kw)


def _life(tid: str, versions: str, text: str, state: str, example: str,
          loggers: tuple[str, ...] = CONTROLLER, prefix: Prefix | None = CTRL) -> Template:
    return _t(tid, Kind.CONTROLLER_LIFECYCLE, versions, loggers, prefix, text, example,
              const={"state": state})


_state = chain(split_tp, controller_state)

_LC = Kind.CONTROLLER_LIFECYCLE


# ==================================================================================================
# kafka.controller.KafkaController (controller.log)
# ==================================================================================================

ELECTION: list[Template] = [
    # --- election and controller epoch (§5.1) ------------------------------------------------
    _ctl("controller.elected.2_1", Kind.CONTROLLER_ELECTED, "2.1-3.9",
         "{controller} successfully elected as the controller. Epoch incremented to {controller_epoch} "
         "and epoch zk version is now {zk_version}",
         "[2023-01-16 17:25:50,153] INFO [Controller id=0] 0 successfully elected as the controller. "
         "Epoch incremented to 1 and epoch zk version is now 1 (kafka.controller.KafkaController)",
         note="zk_version is the version of the /controller_epoch znode"),
    _ctl("controller.elected.0_11", Kind.CONTROLLER_ELECTED, "0.11-2.0",
         "{controller} successfully elected as the controller",
         "[2018-11-06 10:12:40,311] INFO [Controller id=0] 0 successfully elected as the controller "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.becoming.0_8", _LC, "0.8-0.11",
         "Broker {controller} starting become controller state transition",
         "[2014-01-14 18:31:24,145] INFO [Controller 0]: Broker 0 starting become controller state "
         "transition (kafka.controller.KafkaController)", const={"state": "becoming_controller"}),
    _ctl("controller.becoming.1_0", _LC, "1.0", "Starting become controller state transition",
         "[2018-02-01 09:00:01,002] INFO [Controller id=2] Starting become controller state transition "
         "(kafka.controller.KafkaController)", const={"state": "becoming_controller"}),
    _ctl("controller.epoch_incremented.0_8", Kind.CONTROLLER_EPOCH, "0.8-0.11",
         "Controller {controller} incremented epoch to {controller_epoch}",
         "[2018-05-27 11:28:06,911] INFO [Controller 0]: Controller 0 incremented epoch to 26 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.epoch_incremented.1_0", Kind.CONTROLLER_EPOCH, "1.0",
         "Incremented epoch to {controller_epoch}",
         "[2018-02-01 09:00:01,120] INFO [Controller id=2] Incremented epoch to 14 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.epoch_incremented.1_1", Kind.CONTROLLER_EPOCH, "1.1-2.0",
         "Epoch incremented to {controller_epoch}",
         "[2018-11-06 10:12:40,350] INFO [Controller id=0] Epoch incremented to 1 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.epoch_reading", Kind.CONTROLLER_EPOCH, "1.1-2.0",
         "Reading controller epoch from ZooKeeper",
         "[2018-11-06 10:12:40,320] INFO [Controller id=0] Reading controller epoch from ZooKeeper "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.epoch_incrementing", Kind.CONTROLLER_EPOCH, "1.1-2.0",
         "Incrementing controller epoch in ZooKeeper",
         "[2018-11-06 10:12:40,331] INFO [Controller id=0] Incrementing controller epoch in ZooKeeper "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.epoch_initialized", Kind.CONTROLLER_EPOCH, "0.8-2.0",
         "Initialized controller epoch to {controller_epoch} and zk version {zk_version}",
         "[2018-05-27 11:28:06,861] INFO [Controller 0]: Initialized controller epoch to 25 and zk "
         "version 24 (kafka.controller.KafkaController)"),
    _ctl("controller.ready.0_8", _LC, "0.8-0.11",
         "Broker {controller} is ready to serve as the new controller with epoch {controller_epoch}",
         "[2014-01-14 18:31:24,628] INFO [Controller 0]: Broker 0 is ready to serve as the new "
         "controller with epoch 1 (kafka.controller.KafkaController)", const={"state": "active"}),
    _ctl("controller.ready.1_0", _LC, "1.0-3.9",
         "Ready to serve as the new controller with epoch {controller_epoch}",
         "[2020-02-18 13:20:07,449] INFO [Controller id=0] Ready to serve as the new controller with "
         "epoch 56 (kafka.controller.KafkaController)", const={"state": "active"}),
    # --- resignation and controller movement -------------------------------------------------
    _ctl("controller.resigning.0_9", Kind.CONTROLLER_RESIGNED, "0.9-0.11",
         "Controller resigning, broker id {controller}",
         "[2018-05-27 11:30:02,101] DEBUG [Controller 0]: Controller resigning, broker id 0 "
         "(kafka.controller.KafkaController)", const={"state": "resigning"}),
    _ctl("controller.resigned.0_9", Kind.CONTROLLER_RESIGNED, "0.9-0.11",
         "Broker {controller} resigned as the controller",
         "[2018-05-27 11:30:02,140] INFO [Controller 0]: Broker 0 resigned as the controller "
         "(kafka.controller.KafkaController)", const={"state": "resigned"}),
    _ctl("controller.resigning.1_0", Kind.CONTROLLER_RESIGNED, "1.0-3.9", "Resigning",
         "[2020-02-18 13:20:00,101] DEBUG [Controller id=0] Resigning (kafka.controller.KafkaController)",
         const={"state": "resigning"}),
    _ctl("controller.resigned.1_0", Kind.CONTROLLER_RESIGNED, "1.0-3.9", "Resigned",
         "[2020-02-18 13:20:00,166] INFO [Controller id=0] Resigned (kafka.controller.KafkaController)",
         const={"state": "resigned"}),
    _ctl("controller.elected_other", Kind.CONTROLLER_CHANGE, "0.11-3.9",
         "Broker {controller} has been elected as the controller, so stopping the election process.",
         "[2021-04-28 16:09:24,994] DEBUG [Controller id=1] Broker 0 has been elected as the controller, "
         "so stopping the election process. (kafka.controller.KafkaController)"),
    _ctl("controller.elected_instead", Kind.CONTROLLER_CHANGE, "0.11-3.9",
         "Broker {controller} was elected as controller instead of broker {_self:int}",
         "[2019-03-02 08:15:44,210] DEBUG [Controller id=1] Broker 0 was elected as controller instead "
         "of broker 1 (kafka.controller.KafkaController)"),
    _ctl("controller.elected_but_resigned", Kind.CONTROLLER_RESIGNED, "0.11-3.9",
         "A controller has been elected but just resigned, this will result in another round of election",
         "[2019-03-02 08:15:44,212] WARN [Controller id=1] A controller has been elected but just "
         "resigned, this will result in another round of election (kafka.controller.KafkaController)",
         derive=exception_from_raw),
    _ctl("controller.election_error.2_1", Kind.CONTROLLER_RESIGNED, "2.1-3.9",
         "Error while electing or becoming controller on broker {controller}. "
         "Trigger controller movement immediately",
         "[2020-05-28 03:40:11,870] ERROR [Controller id=0] Error while electing or becoming controller "
         "on broker 0. Trigger controller movement immediately (kafka.controller.KafkaController)\n"
         "org.apache.zookeeper.KeeperException$SessionExpiredException: KeeperErrorCode = Session "
         "expired for /brokers/topics",
         derive=exception_from_raw, const={"state": "election_failed"}),
    _ctl("controller.election_error.0_11", Kind.CONTROLLER_RESIGNED, "0.11-2.0",
         "Error while electing or becoming controller on broker {controller}",
         "[2018-03-02 08:15:44,210] ERROR [Controller id=1] Error while electing or becoming controller "
         "on broker 1 (kafka.controller.KafkaController)\n"
         "kafka.zookeeper.ZooKeeperClientExpiredException: Session expired either before or while "
         "waiting for connection",
         derive=exception_from_raw, const={"state": "election_failed"}),
    _ctl("controller.moved", Kind.CONTROLLER_RESIGNED, "2.3-3.9",
         "Controller moved to another broker when processing {details.event:text}.",
         "[2020-05-28 03:40:12,001] INFO [Controller id=0] Controller moved to another broker when "
         "processing AutoPreferredReplicaLeaderElection. (kafka.controller.KafkaController)\n"
         "kafka.common.ControllerMovedException: Controller epoch zkVersion check fails. Expected "
         "zkVersion = 388", derive=exception_from_raw, const={"state": "moved"}),
    _ctl("controller.already_moved", Kind.CONTROLLER_RESIGNED, "2.1-3.9",
         "Controller has already moved when trying to trigger controller movement",
         "[2020-05-28 03:40:12,003] WARN [Controller id=0] Controller has already moved when trying to "
         "trigger controller movement (kafka.controller.KafkaController)", const={"state": "moved"}),
    _ctl("controller.forced_resign", Kind.CONTROLLER_RESIGNED, "0.9-3.9",
         "Forcing the controller to resign",
         "[2019-03-02 08:15:44,230] ERROR [Controller id=1] Forcing the controller to resign "
         "(kafka.controller.KafkaController)", const={"state": "resigning"}),
    _ctl("controller.event_error", _LC, "2.3-3.9", "Error processing event {details.event:text}",
         "[2021-03-02 08:15:44,230] ERROR [Controller id=1] Error processing event "
         "RegisterBrokerAndReelect (kafka.controller.KafkaController)\n"
         "java.lang.IllegalStateException: Kafka Controller is not running",
         derive=exception_from_raw, const={"state": "event_failed"}),
    _ctl("controller.zk_expired.0_8", Kind.ZK_SESSION, "0.8-0.9",
         "ZK expired; shut down all controller components and try to re-elect",
         "[2014-02-02 01:20:11,004] INFO [Controller 0]: ZK expired; shut down all controller components "
         "and try to re-elect (kafka.controller.KafkaController)", const={"state": "expired"}),
]

LIFECYCLE: list[Template] = [
    # --- start-up / failover steps ------------------------------------------------------------
    _life("controller.starting_up", "0.8-0.10", "Controller starting up", "starting",
          "[2014-01-14 18:31:24,121] INFO [Controller 0]: Controller starting up "
          "(kafka.controller.KafkaController)"),
    _life("controller.startup_complete", "0.8-0.10", "Controller startup complete", "started",
          "[2014-01-14 18:31:24,702] INFO [Controller 0]: Controller startup complete "
          "(kafka.controller.KafkaController)"),
    _life("controller.shutdown_complete", "0.8-0.8.1", "Controller shutdown complete", "shut_down",
          "[2014-01-14 18:53:02,114] INFO [Controller 0]: Controller shutdown complete "
          "(kafka.controller.KafkaController)"),
    _life("controller.startup_aborted", "0.8-0.10",
          "Controller has been shut down, aborting startup/failover", "shut_down",
          "[2017-06-12 09:40:01,880] INFO [Controller 1]: Controller has been shut down, "
          "aborting startup/failover (kafka.controller.KafkaController)"),
    _life("controller.scheduler.0_8", "0.8.1-0.10", "starting the partition rebalance scheduler",
          "scheduler_started", "[2018-05-27 11:28:07,101] INFO [Controller 0]: starting the partition "
          "rebalance scheduler (kafka.controller.KafkaController)"),
    _life("controller.scheduler.0_11", "0.11-3.9", "{~[Ss]~}tarting the controller scheduler",
          "scheduler_started", "[2020-05-28 03:41:20,034] INFO [Controller id=0] Starting the controller "
          "scheduler (kafka.controller.KafkaController)"),
    _life("controller.token_scheduler", "1.1-3.9", "starting the token expiry check scheduler",
          "scheduler_started", "[2020-05-28 03:41:20,036] INFO [Controller id=0] starting the token expiry "
          "check scheduler (kafka.controller.KafkaController)"),
    _ctl("controller.listener_registration", _LC, "0.9-1.0",
         "{~(?:Registering|De-registering)~} {~(?:IsrChange|logDirEvent)~}NotificationListener",
         "[2018-05-27 11:28:06,958] DEBUG [Controller 0]: Registering IsrChangeNotificationListener "
         "(kafka.controller.KafkaController)",
         "[2018-05-27 11:30:02,102] DEBUG [Controller 0]: De-registering IsrChangeNotificationListener "
         "(kafka.controller.KafkaController)",
         const={"state": "registering_listener"},
         note="IsrChangeNotificationListener 0.9-1.0, logDirEventNotificationListener 1.0"),
    _life("controller.registering_handlers", "1.1-3.9", "Registering handlers", "registering_handlers",
          "[2020-02-18 13:20:07,102] INFO [Controller id=0] Registering handlers "
          "(kafka.controller.KafkaController)"),
    _life("controller.deleting_log_dir_events", "1.1-3.9", "Deleting log dir event notifications",
          "deleting_notifications", "[2020-02-18 13:20:07,109] INFO [Controller id=0] Deleting log dir "
          "event notifications (kafka.controller.KafkaController)"),
    _life("controller.deleting_isr_changes", "1.1-3.9", "Deleting isr change notifications",
          "deleting_notifications", "[2020-02-18 13:20:07,112] INFO [Controller id=0] Deleting isr change "
          "notifications (kafka.controller.KafkaController)"),
    _life("controller.initializing_context", "1.1-3.9", "Initializing controller context",
          "initializing", "[2020-02-18 13:20:07,115] INFO [Controller id=0] Initializing controller "
          "context (kafka.controller.KafkaController)"),
    _life("controller.fetching_deletions", "1.1-3.9", "Fetching topic deletions in progress",
          "initializing", "[2020-02-18 13:20:07,190] INFO [Controller id=0] Fetching topic deletions in "
          "progress (kafka.controller.KafkaController)"),
    _life("controller.initializing_deletion_manager", "1.1-3.9", "Initializing topic deletion manager",
          "initializing", "[2020-02-18 13:20:07,192] INFO [Controller id=0] Initializing topic deletion "
          "manager (kafka.controller.KafkaController)"),
    _life("controller.sending_update_metadata", "1.1-3.9", "Sending update metadata request",
          "initializing", "[2020-02-18 13:20:07,193] INFO [Controller id=0] Sending update metadata "
          "request (kafka.controller.KafkaController)"),
    _ctl("controller.topics", _LC, "0.8-3.9",
         "Current list of topics in the cluster: {details.topics:strs}",
         "[2020-02-18 13:20:07,180] INFO [Controller id=0] Current list of topics in the cluster: "
         "Set(flink-demo, __consumer_offsets) (kafka.controller.KafkaController)",
         const={"state": "initializing"}),
    _ctl("controller.topics_to_delete", _LC, "0.8.1-3.9",
         "List of topics to be deleted: {details.topics:strs}",
         "[2020-02-18 13:20:07,191] INFO [Controller id=0] List of topics to be deleted:  "
         "(kafka.controller.KafkaController)", const={"state": "initializing"}),
    _ctl("controller.topics_ineligible", _LC, "0.8.1-3.9",
         "List of topics ineligible for deletion: {details.ineligible_topics:strs}",
         "[2021-04-28 16:09:15,661] INFO [Controller id=0] List of topics ineligible for deletion: "
         "erstesTopic,my_topic,__consumer_offsets (kafka.controller.KafkaController)",
         const={"state": "initializing"}),
    _ctl("controller.preferred_undergoing", _LC, "0.8-3.9",
         "Partitions undergoing preferred replica election: {partitions:tps}",
         "[2020-05-28 03:41:20,010] INFO [Controller id=0] Partitions undergoing preferred replica "
         "election:  (kafka.controller.KafkaController)", const={"state": "initializing"}),
    _ctl("controller.preferred_completed", _LC, "0.8-3.9",
         "Partitions that completed preferred replica election: {partitions:tps}",
         "[2023-01-16 17:25:50,417] INFO [Controller id=0] Partitions that completed preferred replica "
         "election:  (kafka.controller.KafkaController)", const={"state": "initializing"}),
    _ctl("controller.preferred_skipped_deletion", _LC, "0.11-3.9",
         "Skipping preferred replica election for partitions due to topic deletion: {partitions:tps}",
         "[2020-05-28 03:41:20,012] INFO [Controller id=0] Skipping preferred replica election for "
         "partitions due to topic deletion:  (kafka.controller.KafkaController)",
         const={"state": "initializing"}),
    _ctl("controller.reassign_in_progress", _LC, "0.8-2.3",
         "Partitions being reassigned: {_map:text}",
         "[2020-02-18 13:20:07,150] INFO [Controller id=0] Partitions being reassigned: Map() "
         "(kafka.controller.KafkaController)", const={"state": "initializing"}, derive=map_partitions),
    _ctl("controller.reassign_done", _LC, "0.8-1.0",
         "Partitions already reassigned: {partitions:tps}",
         "[2018-05-27 11:28:07,058] INFO [Controller 0]: Partitions already reassigned: List() "
         "(kafka.controller.KafkaController)", const={"state": "initializing"}),
    _ctl("controller.reassign_resuming", _LC, "0.8-1.0",
         "Resuming reassignment of partitions: {_map:text}",
         "[2018-05-27 11:28:07,059] INFO [Controller 0]: Resuming reassignment of partitions: Map() "
         "(kafka.controller.KafkaController)", const={"state": "initializing"}, derive=map_partitions),
    _ctl("controller.feature_znode", _LC, "2.7-3.9",
         "{~(?:Creating|Updating)~} FeatureZNode at path: /feature with contents: "
         "{details.feature_znode:text}",
         "[2023-01-16 17:25:50,157] INFO [Controller id=0] Creating FeatureZNode at path: /feature with "
         "contents: FeatureZNode(2,Enabled,Map()) (kafka.controller.KafkaController)",
         const={"state": "initializing"}),
    _ctl("controller.producer_id_block_first", _LC, "3.0-3.9",
         "There is no producerId block yet (Zk path version {details.zk_path_version:int}), "
         "creating the first block",
         "[2023-01-16 17:27:32,618] DEBUG [Controller id=0] There is no producerId block yet (Zk path "
         "version 0), creating the first block (kafka.controller.KafkaController)",
         const={"state": "producer_id_block"},
         note="ZkProducerIdManager logs through the controller (KIP-730)"),
    _ctl("controller.producer_id_block", _LC, "3.0-3.9",
         "Acquired new producerId block {details.block:text} by writing to Zk with path version "
         "{details.zk_path_version:int}",
         "[2023-01-16 17:27:32,635] INFO [Controller id=0] Acquired new producerId block "
         "ProducerIdsBlock(assignedBrokerId=0, firstProducerId=0, size=1000) by writing to Zk with path "
         "version 1 (kafka.controller.KafkaController)", const={"state": "producer_id_block"}),
]

BROKERS: list[Template] = [
    # --- broker membership, failure, controlled shutdown ---------------------------------------
    _ctl("controller.brokers_active", Kind.LIVE_BROKERS, "0.8-3.9",
         "Currently active brokers in the cluster: {brokers}",
         "[2020-02-18 13:20:07,178] INFO [Controller id=0] Currently active brokers in the cluster: "
         "Set(0) (kafka.controller.KafkaController)", const={"state": "live"}),
    _ctl("controller.brokers_shutting", Kind.LIVE_BROKERS, "0.8-3.9",
         "Currently shutting brokers in the cluster: {brokers}",
         "[2020-02-18 13:20:07,179] INFO [Controller id=0] Currently shutting brokers in the cluster: "
         "Set() (kafka.controller.KafkaController)", const={"state": "shutting_down"}),
    _ctl("controller.broker_change.2_2", Kind.BROKER_CHANGE, "2.2-3.9",
         "Newly added brokers: {details.added:ids}, deleted brokers: {details.deleted:ids}, "
         "bounced brokers: {details.bounced:ids}, all live brokers: {brokers}",
         "[2021-04-27 10:30:37,177] INFO [Controller id=0] Newly added brokers: , deleted brokers: 1, "
         "bounced brokers: , all live brokers: 0 (kafka.controller.KafkaController)",
         note="brokers = all live brokers after the change; added/deleted/bounced in details"),
    _ctl("controller.broker_change.0_11", Kind.BROKER_CHANGE, "0.11-2.1",
         "Newly added brokers: {details.added:ids}, deleted brokers: {details.deleted:ids}, "
         "all live brokers: {brokers}",
         "[2019-01-10 12:00:03,411] INFO [Controller id=0] Newly added brokers: 2, deleted brokers: , "
         "all live brokers: 0,1,2 (kafka.controller.KafkaController)"),
    _ctl("controller.broker_failure", Kind.BROKER_FAILURE, "0.8-3.9", "Broker failure callback for {brokers}",
         "[2021-04-27 10:30:37,180] INFO [Controller id=0] Broker failure callback for 1 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.broker_startup", Kind.BROKER_STARTUP, "0.8-3.9",
         "New broker startup callback for {brokers}",
         "[2021-04-28 16:09:24,782] INFO [Controller id=0] New broker startup callback for 1 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.shutting_brokers_removed", Kind.LIVE_BROKERS, "0.8-3.9",
         "Removed {brokers} from list of shutting down brokers.",
         "[2021-04-27 10:30:37,181] INFO [Controller id=0] Removed 1 from list of shutting down brokers. "
         "(kafka.controller.KafkaController)", const={"state": "shutting_down_removed"}),
    _ctl("controller.broker_info_update", Kind.BROKER_CHANGE, "1.1-3.9",
         "Broker info update callback for {brokers}",
         "[2020-03-01 10:00:00,100] INFO [Controller id=0] Broker info update callback for 2 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.broker_metadata.2_3", Kind.BROKER_CHANGE, "2.3-3.9",
         "Updated broker metadata: {details.metadata:text}",
         "[2020-03-01 10:00:00,101] INFO [Controller id=0] Updated broker metadata: "
         "BrokerInfo(Broker(2,ListBuffer(h2:9092 (id: 2 rack: null)),None),4,-1) -> "
         "BrokerInfo(Broker(2,ListBuffer(h2b:9092 (id: 2 rack: null)),None),4,-1) "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.broker_metadata.1_1", Kind.BROKER_CHANGE, "1.1-2.2",
         "Updated broker: {details.metadata:text}",
         "[2019-03-01 10:00:00,101] INFO [Controller id=0] Updated broker: Broker(2,ListBuffer(h2:9092 "
         "(id: 2 rack: null)),None) (kafka.controller.KafkaController)"),
    _ctl("controller.broker_epochs_initialized", Kind.LIVE_BROKERS, "2.2-3.9",
         "Initialized broker epochs cache: {_epochs:text}",
         "[2021-04-28 16:09:15,582] INFO [Controller id=0] Initialized broker epochs cache: "
         "HashMap(0 -> 671) (kafka.controller.KafkaController)", derive=broker_epochs),
    _ctl("controller.broker_epochs_updated", Kind.LIVE_BROKERS, "2.2-3.9",
         "Updated broker epochs cache: {_epochs:text}",
         "[2021-04-28 16:09:25,101] INFO [Controller id=0] Updated broker epochs cache: "
         "HashMap(0 -> 671, 1 -> 743) (kafka.controller.KafkaController)", derive=broker_epochs),
    _ctl("controller.broker_handler_registered", _LC, "1.1-3.9",
         "{~(?:Un)?[Rr]egister~} BrokerModifications handler for {brokers}",
         "[2020-02-18 13:20:07,178] DEBUG [Controller id=0] Register BrokerModifications handler for "
         "Set(0) (kafka.controller.KafkaController)"),
    _ctl("controller.log_dir_failure", Kind.BROKER_FAILURE, "2.2-3.9",
         "Handling log directory failure for brokers {brokers}",
         "[2020-03-01 10:05:00,100] INFO [Controller id=0] Handling log directory failure for brokers 2 "
         "(kafka.controller.KafkaController)", const={"cause": "log_dir_failure"}),
    _ctl("controller.controlled_shutdown", Kind.BROKER_SHUTDOWN, "0.8-3.9", "Shutting down broker {brokers}",
         "[2020-05-28 03:45:01,100] INFO [Controller id=0] Shutting down broker 0 "
         "(kafka.controller.KafkaController)"),
    _ctl("controller.shutting_brokers", Kind.LIVE_BROKERS, "0.8-3.9",
         "All shutting down brokers: {brokers}",
         "[2020-05-28 03:45:01,101] DEBUG [Controller id=0] All shutting down brokers: 0 "
         "(kafka.controller.KafkaController)", const={"state": "shutting_down"}),
    _ctl("controller.live_brokers", Kind.LIVE_BROKERS, "0.8-3.9", "Live brokers: {brokers}",
         "[2020-05-28 03:45:01,102] DEBUG [Controller id=0] Live brokers:  "
         "(kafka.controller.KafkaController)", const={"state": "live"}),
    _ctl("controller.all_leaders", Kind.BROKER_SHUTDOWN, "0.8-3.9", "All leaders = {_leaders:text}",
         "[2020-05-28 03:45:01,110] TRACE [Controller id=0] All leaders = __consumer_offsets-49 -> "
         "(Leader:0,ISR:0,LeaderEpoch:0,ControllerEpoch:2),flink-demo-0 -> (Leader:0,ISR:0,LeaderEpoch:3,"
         "ControllerEpoch:2) (kafka.controller.KafkaController)",
         note="dumped while handling a controlled shutdown"),
]

TOPICS: list[Template] = [
    # --- topics: creation, deletion, reassignment ----------------------------------------------
    _ctl("controller.topic_change", Kind.TOPIC_CHANGE, "0.11-3.9",
         "New topics: [{details.new_topics:strs}], deleted topics: [{details.deleted_topics:strs}], "
         "new partition replica assignment [{_map:text}]",
         "[2018-10-31 15:09:30,129] INFO [Controller id=10] New topics: [Set(foo)], deleted topics: "
         "[Set()], new partition replica assignment [Map(foo-0 -> Vector(20))] "
         "(kafka.controller.KafkaController)",
         derive=map_partitions),
    _ctl("controller.topic_creation", Kind.TOPIC_CHANGE, "0.8-1.0",
         "New topic creation callback for {partitions:tps}",
         "[2014-02-02 02:01:08,300] INFO [Controller 0]: New topic creation callback for [test,0] "
         "(kafka.controller.KafkaController)", const={"state": "created"}),
    _ctl("controller.partition_creation", Kind.TOPIC_CHANGE, "0.8-3.9",
         "New partition creation callback for {partitions:tps}",
         "[2022-08-01 05:30:12,501] INFO [Controller id=0] New partition creation callback for "
         "first_topic-0,first_topic-1,first_topic-2 (kafka.controller.KafkaController)",
         const={"state": "created"}),
    _ctl("controller.partitions_to_add", Kind.TOPIC_CHANGE, "0.11-3.9",
         "New partitions to be added {_map:text}",
         "[2019-06-01 10:00:00,100] INFO [Controller id=0] New partitions to be added "
         "Map(orders-3 -> Vector(1, 2)) (kafka.controller.KafkaController)", const={"state": "created"},
         derive=map_partitions),
    _ctl("controller.delete_listener", Kind.TOPIC_CHANGE, "0.11-3.9",
         "Delete topics listener fired for topics {details.topics:strs} to be deleted",
         "[2022-04-25 17:30:02,411] DEBUG [Controller id=0] Delete topics listener fired for topics "
         "design to be deleted (kafka.controller.KafkaController)", const={"state": "deletion_requested"}),
    _ctl("controller.delete_start", Kind.TOPIC_CHANGE, "0.11-3.9",
         "Starting topic deletion for topics {details.topics:strs}",
         "[2022-04-25 17:30:02,412] INFO [Controller id=0] Starting topic deletion for topics design "
         "(kafka.controller.KafkaController)", const={"state": "deletion_started"}),
    _ctl("controller.delete_nonexistent", Kind.TOPIC_CHANGE, "0.11-3.9",
         "Ignoring request to delete non-existing topics {details.topics:strs}",
         "[2022-04-25 17:30:02,412] WARN [Controller id=0] Ignoring request to delete non-existing "
         "topics ghost (kafka.controller.KafkaController)", const={"state": "deletion_ignored"}),
    _ctl("controller.delete_disabled.0_11", Kind.TOPIC_CHANGE, "0.11-1.0",
         "Removing /admin/delete_topics/{topic} since delete topic is disabled",
         "[2018-01-05 10:00:00,100] INFO [Controller id=0] Removing /admin/delete_topics/orders since "
         "delete topic is disabled (kafka.controller.KafkaController)", const={"state": "deletion_ignored"}),
    _ctl("controller.delete_disabled", Kind.TOPIC_CHANGE, "1.1-3.9",
         "Removing {details.topics:strs} since delete topic is disabled",
         "[2022-04-25 17:30:02,412] INFO [Controller id=0] Removing Set(orders) since delete topic is "
         "disabled (kafka.controller.KafkaController)", const={"state": "deletion_ignored"}),
    _ctl("controller.delete_callback.2_3", Kind.TOPIC_CHANGE, "2.3-3.9",
         "Delete topic callback invoked on StopReplica response received from broker {brokers}: "
         "request error = {error}, partition errors = {details.partition_errors:text}",
         "[2022-04-25 17:30:02,611] DEBUG [Controller id=0] Delete topic callback invoked on StopReplica "
         "response received from broker 0: request error = NONE, partition errors = Map(design-0 -> "
         "NONE, design-2 -> NONE, design-1 -> NONE) (kafka.controller.KafkaController)",
         const={"state": "replica_deleted"}),
    _ctl("controller.delete_callback.0_11", Kind.TOPIC_CHANGE, "0.11-2.2",
         "Delete topic callback invoked for {_response:text}",
         "[2019-01-05 10:00:00,200] DEBUG [Controller id=0] Delete topic callback invoked for "
         "{error_code=0,partitions=[{topic=design,partition=0,error_code=0}]} "
         "(kafka.controller.KafkaController)", derive=response_errors, const={"state": "replica_deleted"}),
    _ctl("controller.reassign_removing", Kind.TOPIC_CHANGE, "2.0-3.9",
         "Removing partitions {partitions:tps} from the list of reassigned partitions in zookeeper",
         "[2020-02-18 13:20:07,200] INFO [Controller id=0] Removing partitions Set() from the list of "
         "reassigned partitions in zookeeper (kafka.controller.KafkaController)",
         const={"state": "reassignment_completed"}),
    _ctl("controller.reassign_removed", Kind.TOPIC_CHANGE, "0.8-1.1",
         "Removed partition {_tp:word} from the list of reassigned partitions in zookeeper",
         "[2018-03-01 10:00:00,100] INFO [Controller id=0] Removed partition orders-0 from the list of "
         "reassigned partitions in zookeeper (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "reassignment_completed"}),
    _ctl("controller.reassign_all_done", Kind.TOPIC_CHANGE, "1.1-3.9",
         "No more partitions need to be reassigned. Deleting zk path /admin/reassign_partitions",
         "[2020-02-18 13:20:07,201] INFO [Controller id=0] No more partitions need to be reassigned. "
         "Deleting zk path /admin/reassign_partitions (kafka.controller.KafkaController)",
         const={"state": "reassignment_completed"}),
    # --- partition reassignment (§5.1); ≤0.10 some of it logs under the ZooKeeper listeners ---
    _ctl("controller.reassign_handling", Kind.TOPIC_CHANGE, "0.8-2.3",
         "Handling reassignment of partition {_tp:word} to new replicas {replicas}",
         "[2019-06-01 10:00:00,000] INFO [Controller id=0] Handling reassignment of partition orders-0 to "
         "new replicas 2,3,4 (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "reassigning"}, note="replicas = the target replicas"),
    _t("controller.reassign_caught_up", Kind.TOPIC_CHANGE, "0.8-2.3", CONTROLLER + ADMIN_LISTENERS,
       CTRL_OR_ADMIN,
       "{details.caught_up:int}/{details.target:int} replicas have caught up with the leader for partition "
       "{_tp:word} being reassigned.{~ ?~}Replica(s) {brokers} still need to catch up",
       "[2019-06-01 10:00:05,000] INFO [Controller id=0] 2/3 replicas have caught up with the leader for "
       "partition orders-0 being reassigned. Replica(s) 4 still need to catch up "
       "(kafka.controller.KafkaController)",
       derive=split_tp, const={"state": "reassigning"},
       note="brokers = the replicas still behind; `reassigned.Replica(s)` without a blank ≤1.0"),
    _t("controller.reassign_all_caught_up", Kind.TOPIC_CHANGE, "0.8-2.3", CONTROLLER + ADMIN_LISTENERS,
       CTRL_OR_ADMIN,
       "{details.caught_up:int}/{details.target:int} replicas have caught up with the leader for partition "
       "{_tp:word} being reassigned.{~ ?~}Resuming partition reassignment",
       "[2017-06-12 10:00:05,000] INFO [ReassignedPartitionsIsrChangeListener on controller 0]: 3/3 "
       "replicas have caught up with the leader for partition [orders,0] being reassigned.Resuming "
       "partition reassignment (kafka.controller.ReassignedPartitionsIsrChangeListener)",
       derive=split_tp, const={"state": "reassigning"}),
    _ctl("controller.reassign_not_caught_up", Kind.TOPIC_CHANGE, "0.8-1.0",
         "New replicas {replicas} for partition {_tp:word} being reassigned not yet caught up with the "
         "leader",
         "[2017-06-12 10:00:01,000] INFO [Controller 0]: New replicas 2,3,4 for partition [orders,0] being "
         "reassigned not yet caught up with the leader (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "reassigning"}),
    _ctl("controller.reassign_waiting", Kind.TOPIC_CHANGE, "0.8-2.3",
         "Waiting for new replicas {replicas} for partition {_tp:word} being reassigned to catch up with the "
         "leader",
         "[2019-06-01 10:00:01,000] INFO [Controller id=0] Waiting for new replicas 2,3,4 for partition "
         "orders-0 being reassigned to catch up with the leader (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "reassigning"}),
    _ctl("controller.reassign_updated", Kind.TOPIC_CHANGE, "0.8-2.3",
         "Updated assigned replicas for partition {_tp:word} being reassigned to {replicas}",
         "[2019-06-01 10:00:00,500] INFO [Controller id=0] Updated assigned replicas for partition orders-0 "
         "being reassigned to 1,2,3,4 (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "reassigning"}),
    _ctl("controller.reassign_updating.2_4", Kind.TOPIC_CHANGE, "2.4-3.9",
         "Updating assignment of partition {tp} from {details.from:text} to {details.to:text}",
         "[2020-06-30 22:10:45,200] DEBUG [Controller id=0] Updating assignment of partition orders-0 from "
         "ReplicaAssignment(replicas=1,2,3, addingReplicas=, removingReplicas=) to ReplicaAssignment("
         "replicas=2,3,4,1, addingReplicas=4, removingReplicas=1) (kafka.controller.KafkaController)",
         const={"state": "reassigning"}, note="KIP-455 ReplicaAssignment renderings"),
    _ctl("controller.reassign_updated.2_4", Kind.TOPIC_CHANGE, "2.4-3.9",
         "Successfully updated assignment of partition {tp} to {details.assignment:text}",
         "[2020-06-30 22:10:45,210] INFO [Controller id=0] Successfully updated assignment of partition "
         "orders-0 to ReplicaAssignment(replicas=2,3,4,1, addingReplicas=4, removingReplicas=1) "
         "(kafka.controller.KafkaController)", const={"state": "reassigning"}),
    _ctl("controller.reassign_caught_up.2_4", Kind.TOPIC_CHANGE, "2.4-3.9",
         "Target replicas {replicas} have all caught up with the leader for reassigning partition {tp}",
         "[2020-06-30 22:12:45,210] INFO [Controller id=0] Target replicas List(2, 3, 4) have all caught up "
         "with the leader for reassigning partition orders-0 (kafka.controller.KafkaController)",
         const={"state": "reassigning"}),
    _t("controller.reassign_skipped_deletion", Kind.TOPIC_CHANGE, "0.8.1-3.9", CONTROLLER + ADMIN_LISTENERS,
       CTRL_OR_ADMIN,
       "Skipping reassignment of {~(?:partition )?~}{_tp:word} {~(?:for topic \\S+ )?~}since "
       "{~(?:it|the topic)~} is currently being deleted",
       "[2020-06-30 22:10:45,210] INFO [Controller id=0] Skipping reassignment of orders-0 since the topic "
       "is currently being deleted (kafka.controller.KafkaController)",
       "[2017-06-12 10:00:00,210] ERROR [PartitionsReassignedListener on 0]: Skipping reassignment of "
       "partition [orders,0] for topic orders since it is currently being deleted "
       "(kafka.controller.PartitionsReassignedListener)",
       derive=split_tp, const={"state": "reassignment_skipped"}),
    _ctl("controller.reassign_missing", Kind.TOPIC_CHANGE, "1.1-2.3",
         "Ignoring request to reassign partition {tp} that doesn't exist.",
         "[2019-06-01 10:00:00,000] ERROR [Controller id=0] Ignoring request to reassign partition orders-9 "
         "that doesn't exist. (kafka.controller.KafkaController)", const={"state": "reassignment_skipped"}),
    _ctl("controller.reassign_error", Kind.TOPIC_CHANGE, "0.8-3.9",
         "Error completing reassignment of partition {_tp:word}{~(?: because controller has moved to another "
         "broker)?~}",
         "[2019-06-01 10:00:00,000] ERROR [Controller id=0] Error completing reassignment of partition "
         "orders-0 (kafka.controller.KafkaController)\n"
         "kafka.common.StateChangeFailedException: Failed to elect leader for partition orders-0",
         derive=chain(split_tp, exception_from_raw), const={"state": "reassignment_failed"}),
    _ctl("controller.reassign_moved", Kind.TOPIC_CHANGE, "2.4-3.9",
         "Failed completing reassignment of partition {tp} because controller has moved to another broker",
         "[2020-06-30 22:10:45,210] INFO [Controller id=0] Failed completing reassignment of partition "
         "orders-0 because controller has moved to another broker (kafka.controller.KafkaController)",
         const={"state": "reassignment_failed"}),
    _ctl("controller.reassign_zk_failed", Kind.TOPIC_CHANGE, "2.4-3.9",
         "Failed reassignment through zk with the following errors: {details.errors:text}",
         "[2020-06-30 22:10:45,210] WARN [Controller id=0] Failed reassignment through zk with the following "
         "errors: Map(orders-9 -> ApiError(error=UNKNOWN_TOPIC_OR_PARTITION, message=null)) "
         "(kafka.controller.KafkaController)", const={"state": "reassignment_failed"}),
    _ctl("controller.reassign_leader", Kind.TOPIC_CHANGE, "0.8-3.9",
         "Leader {leader} for partition {_tp:word} being reassigned, is "
         "{details.leader_status:text}",
         "[2020-06-30 22:10:45,300] INFO [Controller id=0] Leader 1 for partition orders-0 being "
         "reassigned, is not in the new list of replicas 2,3,4. Re-electing leader "
         "(kafka.controller.KafkaController)", derive=split_tp, const={"state": "reassigning"},
         note="`is not in the new list of replicas R. Re-electing leader` / `is already in the new list of "
         "replicas R and is alive` / `… but is dead`"),
]

ELECTIONS: list[Template] = [
    # --- leader elections: preferred, auto-balance, unclean (§5.1, §5.3) ----------------------
    _ctl("controller.preferred_resuming", Kind.PREFERRED_ELECTION, "0.8-3.9",
         "Resuming preferred replica election for partitions: {partitions:tps}",
         "[2020-05-28 03:41:20,013] INFO [Controller id=0] Resuming preferred replica election for "
         "partitions:  (kafka.controller.KafkaController)", const={"state": "resuming"}),
    _ctl("controller.preferred_start.0_8", Kind.PREFERRED_ELECTION, "0.8-2.3",
         "Starting preferred replica leader election for partitions {partitions:tps}",
         "[2020-05-28 03:41:20,015] INFO [Controller id=0] Starting preferred replica leader election for "
         "partitions  (kafka.controller.KafkaController)", const={"state": "started"}),
    _ctl("controller.election_start.preferred", Kind.PREFERRED_ELECTION, "2.4-3.9",
         "Starting replica leader election (PREFERRED) for partitions {partitions:tps} "
         "triggered by {reason:word}",
         "[2021-04-26 20:12:09,001] INFO [Controller id=0] Starting replica leader election (PREFERRED) "
         "for partitions  triggered by ZkTriggered (kafka.controller.KafkaController)",
         const={"state": "started", "cause": "preferred"},
         note="reason = AdminClientTriggered | AutoTriggered | ZkTriggered"),
    _ctl("controller.election_start.unclean", Kind.LEADER_ELECTION, "2.4-3.9",
         "Starting replica leader election (UNCLEAN) for partitions {partitions:tps} "
         "triggered by {reason:word}",
         "[2021-04-26 20:12:09,001] INFO [Controller id=0] Starting replica leader election (UNCLEAN) "
         "for partitions orders-2 triggered by AdminClientTriggered (kafka.controller.KafkaController)",
         const={"state": "started", "cause": "unclean"},
         note="KIP-460 admin-requested unclean election: may elect outside the ISR"),
    _ctl("controller.preferred_auto", Kind.PREFERRED_ELECTION, "2.3-3.9",
         "Processing automatic preferred replica leader election",
         "[2021-04-26 20:12:09,000] INFO [Controller id=0] Processing automatic preferred replica leader "
         "election (kafka.controller.KafkaController)", const={"state": "checking"}),
    _ctl("controller.preferred_done", Kind.PREFERRED_ELECTION, "0.8-3.9",
         "Partition {_tp:word} completed preferred replica leader election. New leader is {leader}",
         "[2020-05-28 03:41:21,015] INFO [Controller id=0] Partition orders-0 completed preferred replica "
         "leader election. New leader is 1 (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "completed"}),
    _ctl("controller.preferred_failed.2_0", Kind.PREFERRED_ELECTION, "2.0-3.9",
         "Partition {_tp:word} failed to complete preferred replica leader election to "
         "{details.preferred:int}. Leader is still {leader}",
         "[2020-05-28 03:41:21,016] WARN [Controller id=0] Partition orders-0 failed to complete preferred "
         "replica leader election to 1. Leader is still 2 (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "failed"}),
    _ctl("controller.preferred_failed.0_8", Kind.PREFERRED_ELECTION, "0.8-1.1",
         "Partition {_tp:word} failed to complete preferred replica leader election. Leader is {leader}",
         "[2017-06-12 09:41:21,016] WARN [Controller 0]: Partition [orders,0] failed to complete "
         "preferred replica leader election. Leader is 2 (kafka.controller.KafkaController)",
         derive=split_tp, const={"state": "failed"}),
    _ctl("controller.preferred_error.2_4", Kind.PREFERRED_ELECTION, "2.4-3.9",
         "Error completing replica leader election ({details.election_type:word}) for partition {tp}"
         "{~(?: because controller has moved to another broker\\.)?~}",
         "[2021-04-26 20:12:09,101] ERROR [Controller id=0] Error completing replica leader election "
         "(PREFERRED) for partition orders-0 (kafka.controller.KafkaController)\n"
         "kafka.common.StateChangeFailedException: Failed to elect leader for partition orders-0 under "
         "strategy PreferredReplicaPartitionLeaderElectionStrategy",
         derive=exception_from_raw, const={"state": "failed"}),
    _ctl("controller.preferred_error.2_2", Kind.PREFERRED_ELECTION, "2.2-2.3",
         "Error completing preferred replica leader election for partition {tp}"
         "{~(?: because controller has moved to another broker\\.)?~}",
         "[2019-11-24 22:10:01,101] ERROR [Controller id=0] Error completing preferred replica leader "
         "election for partition orders-0 (kafka.controller.KafkaController)",
         derive=exception_from_raw, const={"state": "failed"}),
    _ctl("controller.preferred_error", Kind.PREFERRED_ELECTION, "0.8-2.1",
         "Error completing preferred replica leader election for partitions {partitions:tps}"
         "{~(?: because controller has moved to another broker\\.)?~}",
         "[2019-01-10 12:00:03,411] ERROR [Controller id=0] Error completing preferred replica leader "
         "election for partitions orders-0,orders-1 (kafka.controller.KafkaController)",
         derive=exception_from_raw, const={"state": "failed"}),
    _t("controller.preferred_skipped_deleted", Kind.PREFERRED_ELECTION, "0.8.1-2.3",
       CONTROLLER + ADMIN_LISTENERS, CTRL_OR_ADMIN,
       "Skipping preferred replica election for partitions {partitions:tps} since the respective topics "
       "are being deleted",
       "[2019-11-24 22:10:01,101] WARN [Controller id=0] Skipping preferred replica election for "
       "partitions Set(orders-0) since the respective topics are being deleted "
       "(kafka.controller.KafkaController)", const={"state": "skipped"}),
    _ctl("controller.election_skipped_deleted", Kind.PREFERRED_ELECTION, "2.4-3.9",
         "Skipping replica leader election ({details.election_type:word}) for partitions {partitions:tps} "
         "by {reason:word} since the respective topics are being deleted",
         "[2021-04-26 20:12:09,101] WARN [Controller id=0] Skipping replica leader election (PREFERRED) for "
         "partitions Set(orders-0) by AdminClientTriggered since the respective topics are being deleted "
         "(kafka.controller.KafkaController)", const={"state": "skipped"}),
    _ctl("controller.election_skipped_missing", Kind.PREFERRED_ELECTION, "2.4-3.9",
         "Skipping replica leader election ({details.election_type:word}) for partition {tp} by "
         "{reason:word} since it doesn't exist.",
         "[2021-04-26 20:12:09,101] INFO [Controller id=0] Skipping replica leader election (PREFERRED) for "
         "partition orders-9 by AdminClientTriggered since it doesn't exist. "
         "(kafka.controller.KafkaController)", const={"state": "skipped"}),
    _ctl("controller.preferred_skipped_missing", Kind.PREFERRED_ELECTION, "2.2-2.3",
         "Skipping preferred replica leader election for partition {tp} since it doesn't exist.",
         "[2019-11-24 22:10:01,101] INFO [Controller id=0] Skipping preferred replica leader election for "
         "partition orders-9 since it doesn't exist. (kafka.controller.KafkaController)",
         const={"state": "skipped"}),
    _t("controller.preferred_already", Kind.PREFERRED_ELECTION, "0.8-0.10", ADMIN_LISTENERS, CTRL_OR_ADMIN,
       "These partitions are already undergoing preferred replica election: {partitions:tps}",
       "[2017-06-12 10:00:00,100] INFO [PreferredReplicaElectionListener on Controller 0]: These "
       "partitions are already undergoing preferred replica election: [orders,0] "
       "(kafka.controller.PreferredReplicaElectionListener)", const={"state": "skipped"}),
    _ctl("controller.auto_balance_check", Kind.PREFERRED_ELECTION, "0.8.1-3.9",
         "{~(?:Checking need to trigger auto leader balancing|checking need to trigger partition "
         "rebalance)~}",
         "[2020-02-18 13:25:07,001] TRACE [Controller id=0] Checking need to trigger auto leader "
         "balancing (kafka.controller.KafkaController)",
         "[2018-05-27 11:33:07,101] TRACE [Controller 0]: checking need to trigger partition rebalance "
         "(kafka.controller.KafkaController)", const={"state": "checking"},
         note="`checking need to trigger partition rebalance` up to 0.10"),
    _ctl("controller.preferred_replicas", Kind.PREFERRED_ELECTION, "0.8.1-2.4",
         "{~[Pp]~}referred replicas by broker {_map:text}",
         "[2021-01-05 10:00:00,100] DEBUG [Controller id=0] Preferred replicas by broker Map(0 -> "
         "Map(test-0 -> Vector(0))) (kafka.controller.KafkaController)", const={"state": "checking"}),
    _ctl("controller.not_preferred.1_1", Kind.PREFERRED_ELECTION, "1.1-3.9",
         "Topics not in preferred replica for broker {brokers} {_map:text}",
         "[2020-02-18 13:25:07,002] DEBUG [Controller id=0] Topics not in preferred replica for broker 0 "
         "Map() (kafka.controller.KafkaController)", const={"state": "checking"}, derive=map_partitions),
    _ctl("controller.not_preferred.0_8", Kind.PREFERRED_ELECTION, "0.8.1-1.0",
         "{~[Tt]~}opics not in preferred replica {_map:text}",
         "[2018-05-27 11:33:07,102] DEBUG [Controller 0]: topics not in preferred replica Map() "
         "(kafka.controller.KafkaController)", const={"state": "checking"}, derive=map_partitions),
    _ctl("controller.imbalance_ratio", Kind.PREFERRED_ELECTION, "0.8.1-3.9",
         "{~[Ll]~}eader imbalance ratio for broker {brokers} is {details.imbalance_ratio:float}",
         "[2020-02-18 13:25:07,003] TRACE [Controller id=0] Leader imbalance ratio for broker 0 is 0.0 "
         "(kafka.controller.KafkaController)",
         "[2018-05-27 11:33:07,103] TRACE [Controller 0]: leader imbalance ratio for broker 0 is 0.000000 "
         "(kafka.controller.KafkaController)", const={"state": "checking"}),
    _ctl("controller.unclean_enabled_topic", Kind.LEADER_ELECTION, "2.3-3.9",
         "Unclean leader election has been enabled for topic {topic}",
         "[2021-06-01 10:00:00,000] INFO [Controller id=0] Unclean leader election has been enabled for "
         "topic orders (kafka.controller.KafkaController)",
         const={"cause": "unclean"},
         note="a dynamic unclean.leader.election.enable change triggers elections for offline partitions"),
    _ctl("controller.unclean_enabled_default", Kind.LEADER_ELECTION, "2.3-3.9",
         "Unclean leader election has been enabled by default",
         "[2021-06-01 10:00:00,000] INFO [Controller id=0] Unclean leader election has been enabled by "
         "default (kafka.controller.KafkaController)", const={"cause": "unclean"}),
    _ctl("controller.new_leader_and_isr", Kind.NEW_LEADER_AND_ISR, "0.8-1.0",
         "New leader and ISR for partition {_tp:word} is {_state:text}",
         "[2017-06-12 09:40:00,020] INFO [Controller 0]: New leader and ISR for partition [orders,2] is "
         "{\"leader\":3,\"leader_epoch\":8,\"isr\":[3]} (kafka.controller.KafkaController)",
         derive=_state, note="broker-failure path: ISR shrink by the controller (JSON rendering ≤1.0)"),
    _ctl("controller.isr_retained", Kind.CONTROLLER_ISR_REMOVAL, "0.8.2-1.0",
         "Retaining last ISR {replica} of partition {_tp:word} since unclean leader election is disabled",
         "[2018-01-12 09:40:00,021] INFO [Controller 0]: Retaining last ISR 2 of partition [orders,2] "
         "since unclean leader election is disabled (kafka.controller.KafkaController)",
         derive=split_tp, const={"cause": "last_isr_retained"},
         note="broker died, unclean election disabled: the ISR keeps its last (dead) member"),
    _ctl("controller.isr_removing", Kind.CONTROLLER_ISR_REMOVAL, "0.8-1.0",
         "Removing replica {replica} from ISR {prev_isr} for partition {_tp:word}.",
         "[2017-06-12 09:40:00,019] DEBUG [Controller 0]: Removing replica 2 from ISR 2,3 for partition "
         "[orders,2]. (kafka.controller.KafkaController)", derive=split_tp),
    _ctl("controller.isr_remove_not_in_isr", Kind.CONTROLLER_ISR_REMOVAL, "0.8.1-1.0",
         "Cannot remove replica {replica} from ISR of partition {_tp:word} since it is not in the ISR. "
         "Leader = {leader} ; ISR = {isr}",
         "[2017-06-12 09:40:00,022] WARN [Controller 0]: Cannot remove replica 2 from ISR of partition "
         "[orders,2] since it is not in the ISR. Leader = 3 ; ISR = List(3) "
         "(kafka.controller.KafkaController)", derive=split_tp, const={"cause": "not_in_isr"}),
    _ctl("controller.leader_epoch_updated.zk", Kind.LEADER_EPOCH_UPDATED, "2.7.2-3.9",
         "Updated leader epoch for partition {_tp:word} to {leader_epoch}, zkVersion={zk_version}",
         "[2021-10-05 04:12:09,118] INFO [Controller id=0] Updated leader epoch for partition orders-0 to "
         "16, zkVersion=23 (kafka.controller.KafkaController)", derive=split_tp,
         note="KAFKA-13233: in 2.7.2, 2.8.1+ and 3.1+ (not 2.8.0 / 3.0.x)"),
    _ctl("controller.leader_epoch_updated", Kind.LEADER_EPOCH_UPDATED, "0.8.1-3.0",
         "Updated leader epoch for partition {_tp:word} to {leader_epoch}",
         "[2020-10-05 04:12:09,118] INFO [Controller id=0] Updated leader epoch for partition orders-0 to "
         "16 (kafka.controller.KafkaController)", derive=split_tp,
         note="without zkVersion: up to 2.7.1, 2.8.0 and 3.0.x"),
    _ctl("controller.leader_epoch_updating", Kind.LEADER_EPOCH_UPDATED, "1.1-3.9",
         "Updating leader epoch for partition {tp}",
         "[2020-10-05 04:12:09,100] DEBUG [Controller id=0] Updating leader epoch for partition orders-0 "
         "(kafka.controller.KafkaController)", const={"state": "updating"}),
    _ctl("controller.leader_epoch_updating.0_8", Kind.LEADER_EPOCH_UPDATED, "0.8.1-1.0",
         "Updating leader epoch for partition {_tp:word}.",
         "[2017-06-12 09:50:00,100] DEBUG [Controller 0]: Updating leader epoch for partition [orders,0]. "
         "(kafka.controller.KafkaController)", derive=split_tp, const={"state": "updating"}),
    # --- AlterIsr / AlterPartition (2.7+ ZK controller, KIP-497) -------------------------------
    _ctl("controller.alter_isr_updating", Kind.CONTROLLER_ALTER_ISR, "2.7-3.9",
         "Updating ISRs for partitions: {partitions:tps}.",
         "[2021-07-09 11:20:33,900] DEBUG [Controller id=0] Updating ISRs for partitions: Set(orders-0). "
         "(kafka.controller.KafkaController)", const={"state": "updating"}),
    _ctl("controller.alter_isr_updated", Kind.CONTROLLER_ALTER_ISR, "2.7-3.9",
         "ISR for partition {tp} updated to [{isr}] and zkVersion updated to [{zk_version}]",
         "[2021-07-09 11:20:33,901] DEBUG [Controller id=0] ISR for partition orders-0 updated to [1,3,2] "
         "and zkVersion updated to [19] (kafka.controller.KafkaController)", const={"state": "updated"}),
    _ctl("controller.alter_isr_bad_version", Kind.CONTROLLER_ALTER_ISR, "2.7.2-3.9",
         "Failed to update ISR to {_state:text} for partition {tp}, bad ZK version.",
         "[2021-10-05 04:12:09,118] INFO [Controller id=0] Failed to update ISR to LeaderAndIsr(leader=1, "
         "leaderEpoch=5, isr=List(1, 3), zkVersion=7) for partition orders-0, bad ZK version. "
         "(kafka.controller.KafkaController)", derive=controller_state, const={"state": "rejected"}),
    _ctl("controller.alter_isr_unknown_broker", Kind.CONTROLLER_ALTER_ISR, "2.7-3.9",
         "Ignoring {details.request:word} due to unknown broker {brokers}",
         "[2021-07-09 11:20:33,901] INFO [Controller id=0] Ignoring AlterIsr due to unknown broker 2 "
         "(kafka.controller.KafkaController)", const={"state": "rejected"},
         note="AlterIsr 2.7-3.1, AlterPartition 3.2+, AllocateProducerIds 3.0+ (WARN)"),
    _ctl("controller.alter_isr_stale_epoch.3_0", Kind.CONTROLLER_ALTER_ISR, "3.0-3.9",
         "Ignoring {details.request:word} due to stale broker epoch {details.broker_epoch:int} and local "
         "broker epoch {details.local_broker_epoch:opt_int} for broker {brokers}",
         "[2022-05-01 10:00:00,000] INFO [Controller id=0] Ignoring AlterPartition due to stale broker "
         "epoch 42 and local broker epoch Some(77) for broker 2 (kafka.controller.KafkaController)",
         const={"state": "rejected"}),
    _ctl("controller.alter_isr_stale_epoch", Kind.CONTROLLER_ALTER_ISR, "2.7-3.9",
         "Ignoring {details.request:word} due to stale broker epoch {details.broker_epoch:int} for broker "
         "{brokers}",
         "[2021-07-09 11:20:33,901] INFO [Controller id=0] Ignoring AlterIsr due to stale broker epoch 42 "
         "for broker 2 (kafka.controller.KafkaController)", const={"state": "rejected"},
         note="AlterIsr 2.7-2.8; AllocateProducerIds (WARN) 3.0+"),
    _ctl("controller.alter_partition_rejected", Kind.CONTROLLER_ALTER_ISR, "3.2-3.9",
         "Rejecting AlterPartition {~(?:request )?~}from node {brokers} for {tp} because "
         "{details.cause:text}",
         "[2022-06-01 10:00:00,000] INFO [Controller id=0] Rejecting AlterPartition from node 2 for "
         "orders-0 because leader is recovering and ISR is greater than 1: LeaderAndIsr(leader=2, "
         "leaderEpoch=6, isr=List(2, 3), leaderRecoveryState=RECOVERING, zkVersion=9) "
         "(kafka.controller.KafkaController)", const={"state": "rejected"}),
    # --- ISR change notifications (ZK ISR path) ----------------------------------------------
    _ctl("controller.isr_notification_metadata", Kind.ISR_CHANGE_NOTIFICATION, "0.11-3.9",
         "Sending MetadataRequest to Brokers:{~ ?~}{brokers} for "
         "{~(?:TopicAndPartitions:|TopicPartitions: )~}{partitions:tps}",
         "[2021-04-28 16:10:00,000] DEBUG [Controller id=0] Sending MetadataRequest to Brokers: "
         "ArrayBuffer(0, 1) for TopicPartitions: Set(erstesTopic-0) (kafka.controller.KafkaController)"),
    _ctl("controller.isr_notification_fired", Kind.ISR_CHANGE_NOTIFICATION, "0.10.2",
         "ISR change notification listener fired",
         "[2017-06-12 09:31:05,000] DEBUG [Controller 0]: ISR change notification listener fired "
         "(kafka.controller.KafkaController)"),
]


# ==================================================================================================
# state machines, leader selectors and the 0.8–0.10 ZooKeeper listeners (controller.log)
# ==================================================================================================

STATE_MACHINES: list[Template] = [
    _t("psm.started", _LC, "0.8-3.9", PSM, PSM_PREFIX,
       "Started partition state machine with initial state -> {_map:text}",
       "[2014-02-02 01:04:46,207] INFO [Partition state machine on Controller 0]: Started partition "
       "state machine with initial state -> Map([test,0] -> OfflinePartition) "
       "(kafka.controller.PartitionStateMachine)",
       "[2021-04-28 16:33:13,060] DEBUG [PartitionStateMachine controllerId=0] Started partition state "
       "machine with initial state -> HashMap(erstesTopic-0 -> OfflinePartition, erstesTopic-1 -> "
       "OnlinePartition) (kafka.controller.ZkPartitionStateMachine)",
       derive=state_machine_snapshot, const={"state": "started"},
       note="count = partitions; details = partitions per state; partitions = the offline ones"),
    _t("psm.stopped", _LC, "0.8-3.9", PSM, PSM_PREFIX, "Stopped partition state machine",
       "[2020-02-18 13:20:00,160] INFO [PartitionStateMachine controllerId=0] Stopped partition state "
       "machine (kafka.controller.PartitionStateMachine)", const={"state": "stopped"}),
    _t("psm.initializing", _LC, "1.1-3.9", PSM, PSM_PREFIX, "Initializing partition state",
       "[2020-02-18 13:20:07,205] INFO [PartitionStateMachine controllerId=0] Initializing partition "
       "state (kafka.controller.PartitionStateMachine)", const={"state": "initializing"}),
    _t("psm.triggering_online", Kind.PARTITION_STATE_CHANGE, "1.1-3.9", PSM, PSM_PREFIX,
       "Triggering online partition state changes",
       "[2020-02-18 13:20:07,230] INFO [PartitionStateMachine controllerId=0] Triggering online partition "
       "state changes (kafka.controller.PartitionStateMachine)", const={"state": "OnlinePartition"}),
    _t("psm.invoking", Kind.PARTITION_STATE_CHANGE, "0.8-1.0", PSM, PSM_PREFIX,
       "Invoking state change to {state} for partitions {partitions:tps}",
       "[2020-10-08 16:21:30,220] INFO [Partition state machine on Controller 0]: Invoking state change "
       "to NewPartition for partitions [netflow_kafka_topic,0],[netflow_kafka_topic,1] "
       "(kafka.controller.PartitionStateMachine)"),
    _t("psm.live_replicas", Kind.LEADER_ELECTION, "0.8-1.0", PSM, PSM_PREFIX,
       "Live assigned replicas for partition {_tp:word} are: [{replicas}]",
       "[2020-10-08 16:21:30,231] DEBUG [Partition state machine on Controller 0]: Live assigned replicas "
       "for partition [netflow_kafka_topic,0] are: [List(0)] (kafka.controller.PartitionStateMachine)",
       derive=split_tp, note="replicas = the live assigned replicas a new partition's leader comes from"),
    _t("psm.initializing_leader", Kind.NEW_LEADER_AND_ISR, "0.8-1.0", PSM, PSM_PREFIX,
       "Initializing leader and isr for partition {_tp:word} to {_state:text}",
       "[2020-10-08 16:21:30,232] DEBUG [Partition state machine on Controller 0]: Initializing leader "
       "and isr for partition [netflow_kafka_topic,0] to (Leader:0,ISR:0,LeaderEpoch:0,ControllerEpoch:1) "
       "(kafka.controller.PartitionStateMachine)", derive=_state,
       const={"state": "OnlinePartition", "prev_state": "NewPartition"}),
    _t("psm.leader_cache.0_11", Kind.NEW_LEADER_AND_ISR, "0.11-1.0", PSM, PSM_PREFIX,
       "After leader election, leader cache for {_tp:word} is updated to {_state:text}",
       "[2017-10-02 17:12:09,331] DEBUG [Partition state machine on Controller 1]: After leader election, "
       "leader cache for [orders,0] is updated to (Leader:2,ISR:2,3,LeaderEpoch:13,ControllerEpoch:9) "
       "(kafka.controller.PartitionStateMachine)", derive=_state),
    _t("psm.leader_cache.0_8", Kind.NEW_LEADER_AND_ISR, "0.8-0.10", PSM, PSM_PREFIX,
       "After leader election, leader cache is updated to {_leaders:text}",
       "[2018-05-27 11:28:07,931] DEBUG [Partition state machine on Controller 0]: After leader election, "
       "leader cache is updated to Map([test,0] -> (Leader:0,ISR:0,LeaderEpoch:13,ControllerEpoch:26)) "
       "(kafka.controller.PartitionStateMachine)", note="the whole leadership map (every partition)"),
    _t("psm.move_error", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-3.9", PSM, PSM_PREFIX,
       "{~(?:Error while moving some partitions to |Controller moved to another broker when moving some "
       "partitions to )~}{state} state",
       "[2019-03-02 08:15:44,240] ERROR [PartitionStateMachine controllerId=1] Error while moving some "
       "partitions to OnlinePartition state (kafka.controller.PartitionStateMachine)\n"
       "kafka.common.StateChangeFailedException: Failed to elect leader for partition orders-0",
       derive=exception_from_raw),
    _t("psm.retrying_election", Kind.LEADER_ELECTION, "2.4-3.9", PSM, PSM_PREFIX,
       "Retrying leader election with strategy {details.strategy:text} for partitions {partitions:tps}",
       "[2020-02-14 17:03:46,001] INFO [PartitionStateMachine controllerId=0] Retrying leader election "
       "with strategy OfflinePartitionLeaderElectionStrategy(false) for partitions orders-0 "
       "(kafka.controller.ZkPartitionStateMachine)", const={"state": "retrying"}),
    _t("psm.election_bad_version", Kind.LEADER_ELECTION, "2.7.2-3.9", PSM, PSM_PREFIX,
       "Controller failed to elect leader for partition {tp}. Attempted to write state {_state:text}, but "
       "failed with bad ZK version. This will be retried.",
       "[2021-10-05 04:12:09,118] DEBUG [PartitionStateMachine controllerId=0] Controller failed to elect "
       "leader for partition orders-0. Attempted to write state LeaderAndIsr(leader=1, leaderEpoch=5, "
       "isr=List(1), zkVersion=7), but failed with bad ZK version. This will be retried. "
       "(kafka.controller.ZkPartitionStateMachine)", derive=controller_state, const={"state": "retrying"}),
    _t("rsm.started", _LC, "0.8-3.9", RSM, RSM_PREFIX,
       "Started replica state machine with initial state -> {_map:text}",
       "[2021-04-28 16:33:13,050] DEBUG [ReplicaStateMachine controllerId=0] Started replica state machine "
       "with initial state -> HashMap([Topic=erstesTopic,Partition=0,Replica=1] -> OfflineReplica, "
       "[Topic=UbuntuTopic,Partition=1,Replica=0] -> OnlineReplica) (kafka.controller.ZkReplicaStateMachine)",
       derive=state_machine_snapshot, const={"state": "started"},
       note="count = replicas; details = replicas per state"),
    _t("rsm.stopped", _LC, "0.8-3.9", RSM, RSM_PREFIX, "Stopped replica state machine",
       "[2020-02-18 13:20:00,161] INFO [ReplicaStateMachine controllerId=0] Stopped replica state machine "
       "(kafka.controller.ReplicaStateMachine)", const={"state": "stopped"}),
    _t("rsm.initializing", _LC, "1.1-3.9", RSM, RSM_PREFIX, "Initializing replica state",
       "[2020-02-18 13:20:07,200] INFO [ReplicaStateMachine controllerId=0] Initializing replica state "
       "(kafka.controller.ReplicaStateMachine)", const={"state": "initializing"}),
    _t("rsm.triggering_online", Kind.REPLICA_STATE_CHANGE, "1.1-3.9", RSM, RSM_PREFIX,
       "Triggering online replica state changes",
       "[2020-02-18 13:20:07,204] INFO [ReplicaStateMachine controllerId=0] Triggering online replica "
       "state changes (kafka.controller.ReplicaStateMachine)", const={"state": "OnlineReplica"}),
    _t("rsm.triggering_offline", Kind.REPLICA_STATE_CHANGE, "2.3-3.9", RSM, RSM_PREFIX,
       "Triggering offline replica state changes",
       "[2021-04-28 16:33:13,055] INFO [ReplicaStateMachine controllerId=0] Triggering offline replica "
       "state changes (kafka.controller.ZkReplicaStateMachine)", const={"state": "OfflineReplica"}),
    _t("rsm.invoking", Kind.REPLICA_STATE_CHANGE, "0.8-1.0", RSM, RSM_PREFIX,
       "Invoking state change to {state} for replicas {_replicas:text}",
       "[2020-10-08 16:21:30,219] INFO [Replica state machine on controller 0]: Invoking state change to "
       "NewReplica for replicas [Topic=netflow_kafka_topic,Partition=0,Replica=0],"
       "[Topic=netflow_kafka_topic,Partition=1,Replica=0] (kafka.controller.ReplicaStateMachine)",
       derive=replica_list),
    _t("rsm.no_transitions", Kind.REPLICA_STATE_CHANGE, "0.8", RSM, RSM_PREFIX,
       "No state transitions triggered since no partitions are assigned to brokers {brokers}",
       "[2014-01-14 18:31:24,611] INFO [Replica state machine on controller 0]: No state transitions "
       "triggered since no partitions are assigned to brokers 0 (kafka.controller.ReplicaStateMachine)"),
    _t("rsm.move_error", Kind.REPLICA_STATE_CHANGE, "0.8-3.9", RSM, RSM_PREFIX,
       "{~(?:Error while moving some replicas to |Controller moved to another broker when moving some "
       "replicas to )~}{state} state",
       "[2019-03-02 08:15:44,241] ERROR [ReplicaStateMachine controllerId=1] Error while moving some "
       "replicas to OnlineReplica state (kafka.controller.ReplicaStateMachine)\n"
       "java.lang.IllegalStateException: Controller to broker state change requests batch is not empty",
       derive=exception_from_raw),
    _t("rsm.isr_removal_bad_version", Kind.CONTROLLER_ISR_REMOVAL, "2.7.2-3.9", RSM, RSM_PREFIX,
       "Controller failed to remove replica {replica} from ISR of partition {tp}. Attempted to write state "
       "{_state:text}, but failed with bad ZK version. This will be retried.",
       "[2021-10-05 04:12:09,118] DEBUG [ReplicaStateMachine controllerId=0] Controller failed to remove "
       "replica 2 from ISR of partition orders-0. Attempted to write state LeaderAndIsr(leader=1, "
       "leaderEpoch=5, isr=List(1), zkVersion=7), but failed with bad ZK version. This will be retried. "
       "(kafka.controller.ZkReplicaStateMachine)", derive=controller_state, const={"state": "retrying"}),
    # --- 0.8–1.0 leader selectors ---------------------------------------------------------------
    _t("selector.unclean", Kind.UNCLEAN_ELECTION, "0.8-1.0", OFFLINE_SELECTOR,
       Prefix("[OfflinePartitionLeaderSelector]: "),
       "No broker in ISR is alive for {_tp:word}. Elect leader {leader} from live brokers {brokers}. "
       "There's potential data loss.",
       "[2017-06-12 09:40:00,017] WARN [OfflinePartitionLeaderSelector]: No broker in ISR is alive for "
       "[orders,2]. Elect leader 3 from live brokers 3. There's potential data loss. "
       "(kafka.controller.OfflinePartitionLeaderSelector)", derive=split_tp,
       const={"state": "OnlinePartition", "prev_state": "OfflinePartition"},
       note="the explicit unclean-election evidence, removed in 1.1 (§5.3); brokers = live replicas"),
    _t("selector.no_isr_alive", Kind.LEADER_ELECTION, "0.8-1.0", OFFLINE_SELECTOR,
       Prefix("[OfflinePartitionLeaderSelector]: "),
       "No broker in ISR is alive for {_tp:word}. Pick the leader from the alive assigned replicas: "
       "{brokers}",
       "[2020-10-28 15:30:14,401] DEBUG [OfflinePartitionLeaderSelector]: No broker in ISR is alive for "
       "[__consumer_offsets,0]. Pick the leader from the alive assigned replicas:  "
       "(kafka.controller.OfflinePartitionLeaderSelector)", derive=split_tp,
       note="an empty brokers list means the partition stays offline"),
    _t("selector.isr_alive", Kind.LEADER_ELECTION, "0.8-1.0", OFFLINE_SELECTOR,
       Prefix("[OfflinePartitionLeaderSelector]: "),
       "Some broker in ISR is alive for {_tp:word}. Select {leader} from ISR {isr} to be the leader.",
       "[2018-05-27 11:28:07,919] DEBUG [OfflinePartitionLeaderSelector]: Some broker in ISR is alive for "
       "[test,0]. Select 0 from ISR 0 to be the leader. (kafka.controller.OfflinePartitionLeaderSelector)",
       derive=split_tp, note="isr = the live members of the ISR"),
    _t("selector.offline_selected", Kind.NEW_LEADER_AND_ISR, "0.8-1.0", OFFLINE_SELECTOR,
       Prefix("[OfflinePartitionLeaderSelector]: "),
       "Selected new leader and ISR {_state:text} for offline partition {_tp:word}",
       "[2018-05-27 11:28:07,920] INFO [OfflinePartitionLeaderSelector]: Selected new leader and ISR "
       "{\"leader\":0,\"leader_epoch\":13,\"isr\":[0]} for offline partition [test,0] "
       "(kafka.controller.OfflinePartitionLeaderSelector)", derive=_state,
       const={"state": "OnlinePartition", "prev_state": "OfflinePartition"}),
    _t("selector.preferred_trigger", Kind.PREFERRED_ELECTION, "0.8-1.0", PREFERRED_SELECTOR,
       Prefix("[PreferredReplicaPartitionLeaderSelector]: "),
       "Current leader {leader} for partition {_tp:word} is not the preferred replica. "
       "Trig{~g?~}ering preferred replica leader election",
       "[2017-06-12 09:45:00,017] INFO [PreferredReplicaPartitionLeaderSelector]: Current leader 3 for "
       "partition [orders,2] is not the preferred replica. Triggering preferred replica leader election "
       "(kafka.controller.PreferredReplicaPartitionLeaderSelector)", derive=split_tp,
       const={"state": "started"}, note="`Trigerring` (sic) up to 0.10.1"),
    _t("selector.controlled_shutdown", Kind.LEADER_ELECTION, "0.8-1.0", SHUTDOWN_SELECTOR,
       Prefix("[ControlledShutdownLeaderSelector]: "),
       "Partition {_tp:word} : current leader = {prev_leader}, new leader = {leader}",
       "[2017-06-12 09:50:00,017] DEBUG [ControlledShutdownLeaderSelector]: Partition [orders,2] : "
       "current leader = 1, new leader = 3 (kafka.controller.ControlledShutdownLeaderSelector)",
       derive=split_tp, const={"cause": "controlled_shutdown"}),
    _t("selector.noop", Kind.LEADER_ELECTION, "0.8-1.0", NOOP_SELECTOR, Prefix("[NoOpLeaderSelector]: "),
       "I should never have been asked to perform leader election, returning the current LeaderAndIsr "
       "and replica assignment.",
       "[2017-06-12 09:50:00,018] WARN [NoOpLeaderSelector]: I should never have been asked to perform "
       "leader election, returning the current LeaderAndIsr and replica assignment. "
       "(kafka.controller.NoOpLeaderSelector)"),
]

LISTENERS: list[Template] = [
    # --- 0.8–0.10 ZooKeeper listeners (their own loggers) -------------------------------------
    _t("listener.broker_change_fired", Kind.BROKER_CHANGE, "0.8-0.10", BROKER_CHANGE_LISTENER,
       Prefix("[BrokerChangeListener on Controller {node}]: "),
       "Broker change listener fired for path /brokers/ids with children {brokers}",
       "[2018-05-27 11:28:07,661] INFO [BrokerChangeListener on Controller 0]: Broker change listener "
       "fired for path /brokers/ids with children 0 "
       "(kafka.controller.ReplicaStateMachine$BrokerChangeListener)",
       note="brokers = the registered (live) broker ids"),
    _t("listener.broker_change", Kind.BROKER_CHANGE, "0.8-0.10", BROKER_CHANGE_LISTENER,
       Prefix("[BrokerChangeListener on Controller {node}]: "),
       "Newly added brokers: {details.added:ids}, deleted brokers: {details.deleted:ids}, "
       "all live brokers: {brokers}",
       "[2018-05-27 11:28:07,669] INFO [BrokerChangeListener on Controller 0]: Newly added brokers: 0, "
       "deleted brokers: , all live brokers: 0 (kafka.controller.ReplicaStateMachine$BrokerChangeListener)"),
    _t("listener.broker_change_error", Kind.BROKER_CHANGE, "0.8-0.10", BROKER_CHANGE_LISTENER,
       Prefix("[BrokerChangeListener on Controller {node}]: "), "Error while handling broker changes",
       "[2014-02-02 01:20:11,104] ERROR [BrokerChangeListener on Controller 0]: Error while handling "
       "broker changes (kafka.controller.ReplicaStateMachine$BrokerChangeListener)\n"
       "java.util.NoSuchElementException: key not found: [test,0]", derive=exception_from_raw),
    _t("listener.topic_change_fired", Kind.TOPIC_CHANGE, "0.8-0.10", TOPIC_CHANGE_LISTENER,
       Prefix("[TopicChangeListener on Controller {node}]: "),
       "Topic change listener fired for path /brokers/topics with children {details.topics:strs}",
       "[2020-10-08 16:21:30,101] DEBUG [TopicChangeListener on Controller 0]: Topic change listener fired "
       "for path /brokers/topics with children netflow_kafka_topic "
       "(kafka.controller.PartitionStateMachine$TopicChangeListener)"),
    _t("listener.topic_change", Kind.TOPIC_CHANGE, "0.8-0.10", TOPIC_CHANGE_LISTENER,
       Prefix("[TopicChangeListener on Controller {node}]: "),
       "New topics: [{details.new_topics:strs}], deleted topics: [{details.deleted_topics:strs}], "
       "new partition replica assignment [{_map:text}]",
       "[2020-10-08 16:21:30,190] INFO [TopicChangeListener on Controller 0]: New topics: "
       "[Set(netflow_kafka_topic)], deleted topics: [Set()], new partition replica assignment "
       "[Map([netflow_kafka_topic,2] -> List(0), [netflow_kafka_topic,1] -> List(0), "
       "[netflow_kafka_topic,0] -> List(0))] (kafka.controller.PartitionStateMachine$TopicChangeListener)",
         derive=map_partitions),
    _t("listener.delete_topics_fired", Kind.TOPIC_CHANGE, "0.8.1-0.10", DELETE_TOPICS_LISTENER,
       Prefix("[DeleteTopicsListener on {~(?:Controller )?~}{node}]: "),
       "Delete topics listener fired for topics {details.topics:strs} to be deleted",
       "[2017-06-12 09:55:00,100] DEBUG [DeleteTopicsListener on Controller 0]: Delete topics listener "
       "fired for topics orders to be deleted (kafka.controller.PartitionStateMachine$DeleteTopicsListener)",
       const={"state": "deletion_requested"}),
    _t("listener.delete_topics_start", Kind.TOPIC_CHANGE, "0.8.1-0.10", DELETE_TOPICS_LISTENER,
       Prefix("[DeleteTopicsListener on {~(?:Controller )?~}{node}]: "),
       "Starting topic deletion for topics {details.topics:strs}",
       "[2017-06-12 09:55:00,101] INFO [DeleteTopicsListener on Controller 0]: Starting topic deletion for "
       "topics orders (kafka.controller.PartitionStateMachine$DeleteTopicsListener)",
       const={"state": "deletion_started"}),
    _t("listener.partitions_triggered", Kind.TOPIC_CHANGE, "0.8-0.10", PARTITION_MOD_LISTENER,
       Prefix("[AddPartitionsListener on {~(?:Controller )?~}{node}]: "),
       "{~(?:Add Partition|Partition modification)~} triggered {details.data:text} for path "
       "{details.path:word}",
       "[2014-02-03 23:24:41,940] INFO [AddPartitionsListener on 0]: Add Partition triggered "
       "{\"version\":1,\"partitions\":{\"0\":[0]}} for path /brokers/topics/test "
       "(kafka.controller.PartitionStateMachine$AddPartitionsListener)"),
    _t("listener.partitions_to_add", Kind.TOPIC_CHANGE, "0.8-0.10", PARTITION_MOD_LISTENER,
       Prefix("[AddPartitionsListener on {~(?:Controller )?~}{node}]: "),
       "New partitions to be added {_map:text}",
       "[2014-02-03 23:24:41,945] INFO [AddPartitionsListener on 0]: New partitions to be added [Map()] "
       "(kafka.controller.PartitionStateMachine$AddPartitionsListener)", const={"state": "created"},
         derive=map_partitions),
    _t("listener.isr_change_fired", Kind.ISR_CHANGE_NOTIFICATION, "0.9-0.10", ISR_CHANGE_LISTENER,
       Prefix("[IsrChangeNotificationListener on Controller {node}]: ", optional=True),
       "{~(?:ISR change notification listener fired|\\[IsrChangeNotificationListener\\] Fired!!!)~}",
       "[2020-10-08 16:25:00,101] DEBUG [IsrChangeNotificationListener on Controller 0]: ISR change "
       "notification listener fired (kafka.controller.IsrChangeNotificationListener)"),
    _t("listener.isr_change_metadata", Kind.ISR_CHANGE_NOTIFICATION, "0.9-0.10", ISR_CHANGE_LISTENER,
       Prefix("[IsrChangeNotificationListener on Controller {node}]: ", optional=True),
       "Sending MetadataRequest to Brokers:{brokers} for TopicAndPartitions:{partitions:tps}",
       "[2020-10-08 16:25:00,102] DEBUG [IsrChangeNotificationListener on Controller 0]: Sending "
       "MetadataRequest to Brokers:ArrayBuffer(0, 1) for TopicAndPartitions:Set([dns_kafka_topic,0], "
       "[dns_kafka_topic,1], [dns_kafka_topic,2]) (kafka.controller.IsrChangeNotificationListener)"),
    _t("listener.epoch_initialized", Kind.CONTROLLER_EPOCH, "0.8-0.8.1", EPOCH_LISTENER,
       Prefix("[ControllerEpochListener on {node}]: "),
       "Initialized controller epoch to {controller_epoch} and zk version {zk_version}",
       "[2014-01-14 18:31:24,463] INFO [ControllerEpochListener on 0]: Initialized controller epoch to 1 "
       "and zk version 0 (kafka.controller.ControllerEpochListener)"),
    _t("listener.epoch_fired", Kind.CONTROLLER_EPOCH, "0.8-0.8.1", EPOCH_LISTENER,
       Prefix("[ControllerEpochListener on {node}]: "),
       "Controller epoch listener fired with new epoch {controller_epoch}",
       "[2014-01-14 18:31:24,470] DEBUG [ControllerEpochListener on 0]: Controller epoch listener fired "
       "with new epoch 1 (kafka.controller.ControllerEpochListener)"),
    _t("listener.zk_expired", Kind.ZK_SESSION, "0.8.1-0.10", SESSION_LISTENER,
       Prefix("[SessionExpirationListener on {node}], "),
       "ZK expired; shut down all controller components and try to re-elect",
       "[2020-10-28 17:02:11,004] INFO [SessionExpirationListener on 0], ZK expired; shut down all "
       "controller components and try to re-elect "
       "(kafka.controller.KafkaController$SessionExpirationListener)",
       const={"state": "expired"}),
    _t("listener.zk_expired_same", Kind.ZK_SESSION, "0.10.1-0.10", SESSION_LISTENER,
       Prefix("[SessionExpirationListener on {node}], "),
       "ZK expired, but the current controller id {controller} is the same as this broker id, skip re-elect",
       "[2017-06-12 10:02:11,004] INFO [SessionExpirationListener on 0], ZK expired, but the current "
       "controller id 0 is the same as this broker id, skip re-elect "
       "(kafka.controller.KafkaController$SessionExpirationListener)", const={"state": "expired"}),
    # --- 0.8–0.10 controller election (kafka.server.ZookeeperLeaderElector, server.log) -------
    _t("elector.elected", Kind.CONTROLLER_ELECTED, "0.8-0.10", LEADER_ELECTOR, None,
       "{controller} successfully elected as leader",
       "[2014-01-14 18:31:24,140] INFO 0 successfully elected as leader "
       "(kafka.server.ZookeeperLeaderElector)",
       note="this broker won the /controller election (the id is its own)"),
    _t("elector.already_elected", Kind.CONTROLLER_CHANGE, "0.8-0.10", LEADER_ELECTOR, None,
       "Broker {controller} has been elected as leader, so stopping the election process.",
       "[2017-06-12 09:14:00,101] DEBUG Broker 1 has been elected as leader, so stopping the election "
       "process. (kafka.server.ZookeeperLeaderElector)"),
    _t("elector.elected_instead", Kind.CONTROLLER_CHANGE, "0.8-0.10", LEADER_ELECTOR, None,
       "Broker {controller} was elected as leader instead of broker {_self:int}",
       "[2017-06-12 09:14:00,101] DEBUG Broker 1 was elected as leader instead of broker 0 "
       "(kafka.server.ZookeeperLeaderElector)"),
    _t("elector.resigned", Kind.CONTROLLER_RESIGNED, "0.8-0.10", LEADER_ELECTOR, None,
       "A leader has been elected but just resigned, this will result in another round of election",
       "[2017-06-12 09:14:00,102] WARN A leader has been elected but just resigned, this will result in "
       "another round of election (kafka.server.ZookeeperLeaderElector)"),
    _t("elector.error", Kind.CONTROLLER_RESIGNED, "0.8-0.10", LEADER_ELECTOR, None,
       "Error while electing or becoming leader on broker {controller}",
       "[2017-06-12 09:14:00,103] ERROR Error while electing or becoming leader on broker 0 "
       "(kafka.server.ZookeeperLeaderElector)\n"
       "org.I0Itec.zkclient.exception.ZkNodeExistsException: org.apache.zookeeper.KeeperException"
       "$NodeExistsException: KeeperErrorCode = NodeExists for /controller",
       derive=exception_from_raw, const={"state": "election_failed"}),
    _t("elector.new_leader", Kind.CONTROLLER_CHANGE, "0.8-0.10", LEADER_CHANGE_LISTENER, None,
       "New leader is {controller}",
       "[2014-02-02 01:05:01,330] INFO New leader is 0 "
       "(kafka.server.ZookeeperLeaderElector$LeaderChangeListener)"),
    _t("elector.leader_gone", Kind.CONTROLLER_CHANGE, "0.8-0.10", LEADER_CHANGE_LISTENER, None,
       "{_self:int} leader change listener fired for path /controller to handle data deleted: trying to "
       "elect as a leader",
       "[2017-06-12 09:13:59,990] DEBUG 0 leader change listener fired for path /controller to handle data "
       "deleted: trying to elect as a leader (kafka.server.ZookeeperLeaderElector$LeaderChangeListener)",
       note="the /controller znode went away: a controller election follows"),
]

CHANNELS: list[Template] = [
    # --- controller -> broker channels (ControllerChannelManager, RequestSendThread) ---------
    _t("channel.connecting", _LC, "0.8-3.9", CHANNEL_MANAGER,
       Prefix("[Channel manager on controller {node}]: "),
       "Controller {_self:int} trying to connect to broker {brokers}",
       "[2021-04-28 16:09:15,700] DEBUG [Channel manager on controller 0]: Controller 0 trying to connect "
       "to broker 0 (kafka.controller.ControllerChannelManager)", const={"state": "connecting"}),
    _t("channel.not_sending", Kind.CONTROLLER_REQUEST_ERROR, "0.8-3.9", CHANNEL_MANAGER,
       Prefix("[Channel manager on controller {node}]: "),
       "Not sending request {_request:text} to broker {brokers}, since it is offline.",
       "[2019-03-02 08:15:44,250] WARN [Channel manager on controller 1]: Not sending request "
       "(type: UpdateMetadataRequest=, controllerId=1, controllerEpoch=9) to broker 2, since it is "
       "offline. (kafka.controller.ControllerChannelManager)", derive=request_api),
    _t("channel.leader_not_assigned", Kind.LEADER_AND_ISR_SENT, "0.8-1.0", CHANNEL_MANAGER,
       Prefix("[Channel manager on controller {node}]: "),
       "Leader not yet assigned for partition {_tp:word}. Skip sending UpdateMetadataRequest.",
       "[2017-06-12 09:40:00,030] INFO [Channel manager on controller 0]: Leader not yet assigned for "
       "partition [orders,2]. Skip sending UpdateMetadataRequest. "
       "(kafka.controller.ControllerChannelManager)",
       derive=split_tp, const={"api": "UpdateMetadata", "state": "skipped"}),
    _t("batch.stop_replica", Kind.LEADER_AND_ISR_SENT, "0.8.1-2.5", REQUEST_BATCH, None,
       "The stop replica request (delete = {details.delete:bool}) sent to broker {brokers} is "
       "{_replicas:text}",
       "[2019-11-24 22:10:01,100] DEBUG The stop replica request (delete = true) sent to broker 0 is "
       "StopReplicaRequestInfo([Topic=testTopicName,Partition=0,Replica=0],true) "
       "(kafka.controller.ControllerBrokerRequestBatch)", const={"api": "StopReplica"}, derive=replica_list),
    _t("send_thread.connected", _LC, "0.8.1-3.9", SEND_THREAD, SEND_PREFIX,
       "Controller {_self:int} connected to {_endpoint:text} for sending state change requests",
       "[2020-02-18 13:20:07,311] INFO [RequestSendThread controllerId=0] Controller 0 connected to "
       "dl12:9092 (id: 0 rack: null) for sending state change requests (kafka.controller.RequestSendThread)",
       "[2014-02-02 01:04:46,120] INFO [Controller-0-to-broker-0-send-thread], Controller 0 connected to "
       "id:0,host:ddao-Aspire-3830TG,port:9092 for sending state change requests "
       "(kafka.controller.RequestSendThread)",
       derive=broker_endpoint, const={"state": "connected"}, note="brokers = the broker connected to"),
    _t("send_thread.connect_failed", Kind.CONTROLLER_REQUEST_ERROR, "0.8.1-3.9", SEND_THREAD, SEND_PREFIX,
       "Controller {_self:int}'s connection to broker {_endpoint:text} was unsuccessful",
       "[2021-04-28 16:12:32,500] WARN [RequestSendThread controllerId=0] Controller 0's connection to "
       "broker localhost:9093 (id: 1 rack: null) was unsuccessful (kafka.controller.RequestSendThread)\n"
       "java.io.IOException: Connection to localhost:9093 (id: 1 rack: null) failed.",
       derive=chain(broker_endpoint, exception_from_raw)),
    _t("send_thread.send_failed", Kind.CONTROLLER_REQUEST_ERROR, "0.8.2-3.9", SEND_THREAD, SEND_PREFIX,
       "Controller {_self:int} epoch {controller_epoch} fails to send request {_request:text} to "
       "broker {_endpoint:text}. Reconnecting to broker.",
       "[2021-04-28 16:12:32,400] WARN [RequestSendThread controllerId=0] Controller 0 epoch 7 fails to "
       "send request (type: UpdateMetadataRequest=, controllerId=0, controllerEpoch=7, brokerEpoch=743, "
       "partitionStates=[], liveBrokers=) to broker localhost:9093 (id: 1 rack: null). Reconnecting to "
       "broker. (kafka.controller.RequestSendThread)\n"
       "java.io.IOException: Connection to 1 was disconnected before the response was read",
       derive=chain(request_api, broker_endpoint, exception_from_raw)),
    _t("send_thread.send_failed.0_8_1", Kind.CONTROLLER_REQUEST_ERROR, "0.8.1", SEND_THREAD, SEND_PREFIX,
       "Controller {_self:int} epoch {controller_epoch} failed to send {api:word} request with correlation "
       "id {correlation_id} to broker {_endpoint:text}. Reconnecting to broker.",
       "[2014-02-02 01:20:11,001] ERROR [Controller-0-to-broker-0-send-thread], Controller 0 epoch 3 failed "
       "to send UpdateMetadata request with correlation id 5 to broker id:0,host:h,port:9092. "
       "Reconnecting to broker. (kafka.controller.RequestSendThread)\n"
       "java.nio.channels.ClosedChannelException", derive=chain(broker_endpoint, exception_from_raw)),
    _t("event_thread.error", _LC, "0.11-2.2", EVENT_THREAD, EVENT_PREFIX,
       "{~(?:Uncaught error processing|Error processing|Error while invoking listener for processed)~} "
       "event {details.event:text}",
       "[2021-04-28 16:12:31,900] ERROR [ControllerEventThread controllerId=0] Error processing event "
       "RegisterBrokerAndReelect (kafka.controller.ControllerEventManager$ControllerEventThread)\n"
       "kafka.zookeeper.ZooKeeperClientExpiredException: Session expired either before or while waiting "
       "for connection", derive=exception_from_raw, const={"state": "event_failed"}),
    _t("event_thread.moved", Kind.CONTROLLER_RESIGNED, "2.1-2.2", EVENT_THREAD, EVENT_PREFIX,
       "Controller moved to another broker when processing {details.event:text}.",
       "[2019-01-10 12:00:03,411] INFO [ControllerEventThread controllerId=0] Controller moved to another "
       "broker when processing AutoPreferredReplicaLeaderElection. "
       "(kafka.controller.ControllerEventManager$ControllerEventThread)", const={"state": "moved"}),
    # --- ShutdownableThread lines of the send threads and the event thread -------------------
    *(_t(f"controller_thread.{state}", _LC, versions, THREADS, THREAD_PREFIX, text, example,
         const={"state": state}, note=note)
      for state, versions, text, example, note in (
        ("starting", "0.8-3.9", "Starting{~ ?~}",
         "[2020-02-18 13:20:07,300] INFO [RequestSendThread controllerId=0] Starting "
         "(kafka.controller.RequestSendThread)", "`Starting ` (trailing blank) up to 0.10"),
        ("shutting_down", "0.8-3.9", "Shutting down",
         "[2020-02-18 13:20:00,150] INFO [ControllerEventThread controllerId=0] Shutting down "
         "(kafka.controller.ControllerEventManager$ControllerEventThread)", ""),
        ("stopped", "0.8-3.9", "Stopped{~ ?~}",
         "[2014-02-02 01:59:57,101] INFO [Controller-0-to-broker-0-send-thread], Stopped  "
         "(kafka.controller.RequestSendThread)", ""),
        ("shut_down", "0.8-3.9", "Shutdown completed",
         "[2018-05-27 11:28:07,701] INFO [Controller-0-to-broker-0-send-thread], Shutdown completed "
         "(kafka.controller.RequestSendThread)", ""),
        ("shutdown_called", "1.1-3.9", "shutdownInitiated latch count reached zero. Shutdown called.",
         "[2020-02-18 13:20:00,152] TRACE [RequestSendThread controllerId=0] shutdownInitiated latch count "
         "reached zero. Shutdown called. (kafka.controller.RequestSendThread)", ""),
      )),
    _t("controller_thread.error", _LC, "0.8-3.9", THREADS, THREAD_PREFIX, "Error due to{~ ?~}",
       "[2019-03-02 08:15:44,260] ERROR [RequestSendThread controllerId=1] Error due to "
       "(kafka.controller.RequestSendThread)\n"
       "java.lang.InterruptedException", derive=exception_from_raw, const={"state": "failed"}),
]

DELETION: list[Template] = [
    # --- TopicDeletionManager (prefix `[Topic Deletion Manager N], ` ≤2.x, `] ` later) --------
    _t("deletion.initializing", Kind.TOPIC_CHANGE, "2.3-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Initializing manager with initial deletions: {details.topics:strs}, initial ineligible deletions: "
       "{details.ineligible_topics:strs}",
       "[2021-04-28 16:09:15,662] INFO [Topic Deletion Manager 0] Initializing manager with initial "
       "deletions: Set(), initial ineligible deletions: HashSet(erstesTopic, my_topic, __consumer_offsets) "
       "(kafka.controller.TopicDeletionManager)", const={"state": "initializing"}),
    _t("deletion.handling", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Handling deletion for topics {details.topics:strs}",
       "[2022-04-25 17:30:02,420] INFO [Topic Deletion Manager 0] Handling deletion for topics design "
       "(kafka.controller.TopicDeletionManager)", const={"state": "deletion_started"}),
    _t("deletion.restarted", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion of topic {topic} (re)started",
       "[2022-04-25 17:30:02,421] INFO [Topic Deletion Manager 0] Deletion of topic design (re)started "
       "(kafka.controller.TopicDeletionManager)", const={"state": "deletion_started"}),
    _t("deletion.completed", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion of topic {topic} successfully completed",
       "[2022-04-25 17:30:02,700] INFO [Topic Deletion Manager 0] Deletion of topic design successfully "
       "completed (kafka.controller.TopicDeletionManager)", const={"state": "deleted"}),
    _t("deletion.replicas_done", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion successfully completed for replicas {_replicas:text}",
       "[2022-04-25 17:30:02,690] DEBUG [Topic Deletion Manager 0] Deletion successfully completed for "
       "replicas [Topic=design,Partition=0,Replica=0],[Topic=design,Partition=2,Replica=0] "
       "(kafka.controller.TopicDeletionManager)", const={"state": "replica_deleted"},
       derive=replica_list),
    _t("deletion.replicas_started", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion started for replicas {_replicas:text}",
       "[2019-11-24 22:10:01,000] DEBUG [Topic Deletion Manager 0], Deletion started for replicas "
       "[Topic=testTopicName,Partition=0,Replica=0] (kafka.controller.TopicDeletionManager)",
       const={"state": "deletion_started"},
       derive=replica_list),
    _t("deletion.replicas_failed", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion failed for replicas {_replicas:text}. Halting deletion for topics "
       "{details.topics:strs}",
       "[2019-11-24 22:10:02,000] DEBUG [Topic Deletion Manager 0], Deletion failed for replicas "
       "[Topic=testTopicName,Partition=0,Replica=0]. Halting deletion for topics Set(testTopicName) "
       "(kafka.controller.TopicDeletionManager)", const={"state": "deletion_failed"},
       derive=replica_list),
    _t("deletion.halted.2_3", Kind.TOPIC_CHANGE, "2.3-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Halted deletion of topics {details.topics:strs} due to {reason:text}",
       "[2019-11-24 22:10:02,001] INFO [Topic Deletion Manager 0], Halted deletion of topics testTopicName "
       "due to replica deletion failure (kafka.controller.TopicDeletionManager)",
       const={"state": "deletion_halted"}),
    _t("deletion.halted", Kind.TOPIC_CHANGE, "0.8.1-2.2", TOPIC_DELETION, DELETION_PREFIX,
       "Halted deletion of topics {details.topics:strs}",
       "[2019-01-05 10:00:02,001] INFO [Topic Deletion Manager 0], Halted deletion of topics testTopicName "
       "(kafka.controller.TopicDeletionManager)", const={"state": "deletion_halted"}),
    _t("deletion.retrying", Kind.TOPIC_CHANGE, "0.8.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Retrying {~(?:deletion of|delete topic for)~} topic {topic} since replicas {_replicas:text} "
       "were not successfully deleted",
       "[2019-11-24 22:10:03,000] INFO [Topic Deletion Manager 0], Retrying deletion of topic testTopicName "
       "since replicas [Topic=testTopicName,Partition=0,Replica=0] were not successfully deleted "
       "(kafka.controller.TopicDeletionManager)", const={"state": "deletion_retrying"},
       note="`Retrying delete topic for topic` before 2.3",
       derive=replica_list),
    _t("deletion.topic_callback", Kind.TOPIC_CHANGE, "0.8.1-2.3", TOPIC_DELETION, DELETION_PREFIX,
       "Topic deletion callback for {details.topics:strs}",
       "[2019-11-24 22:10:00,900] INFO [Topic Deletion Manager 0], Topic deletion callback for "
       "testTopicName (kafka.controller.TopicDeletionManager)", const={"state": "deletion_started"}),
    _t("deletion.partition_callback", Kind.TOPIC_CHANGE, "0.8.1-2.3", TOPIC_DELETION, DELETION_PREFIX,
       "Partition deletion callback for {partitions:tps}",
       "[2019-11-24 22:10:00,901] INFO [Topic Deletion Manager 0], Partition deletion callback for "
       "testTopicName-0 (kafka.controller.TopicDeletionManager)", const={"state": "deletion_started"}),
    _t("deletion.in_progress", Kind.TOPIC_CHANGE, "0.8.1-2.2", TOPIC_DELETION, DELETION_PREFIX,
       "Deletion for replicas {replicas} for partition {partitions:tps} of topic {topic} in progress",
       "[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Deletion for replicas 0 for partition "
       "testTopicName-0 of topic testTopicName in progress (kafka.controller.TopicDeletionManager)",
       const={"state": "deletion_in_progress"}),
    _t("deletion.not_retrying", Kind.TOPIC_CHANGE, "0.8.1-2.2", TOPIC_DELETION, DELETION_PREFIX,
       "Not retrying deletion of topic {topic} at this time since it is marked ineligible for deletion",
       "[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Not retrying deletion of topic orders at "
       "this time since it is marked ineligible for deletion (kafka.controller.TopicDeletionManager)",
       const={"state": "deletion_ineligible"}),
    _t("deletion.disabled.0_10", Kind.TOPIC_CHANGE, "0.10.2-1.0", TOPIC_DELETION + DELETE_TOPICS_LISTENER,
       Prefix(*DELETION_PREFIX.alternatives, "[DeleteTopicsListener on Controller {node}]: "),
       "Removing /admin/delete_topics/{topic} since delete topic is disabled",
       "[2017-06-12 10:00:00,100] INFO [Topic Deletion Manager 0], Removing /admin/delete_topics/orders "
       "since delete topic is disabled (kafka.controller.TopicDeletionManager)",
       const={"state": "deletion_ignored"}),
    _t("deletion.disabled", Kind.TOPIC_CHANGE, "1.1-3.9", TOPIC_DELETION, DELETION_PREFIX,
       "Removing {details.topics:strs} since delete topic is disabled",
       "[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Removing Set(orders) since delete topic "
       "is disabled (kafka.controller.TopicDeletionManager)", const={"state": "deletion_ignored"}),
]

ZOOKEEPER: list[Template] = [
    # --- kafka.zookeeper.ZooKeeperClient (1.1+; `[ZooKeeperClient Kafka server] ` from 2.3) ---
    _t("zk_client.initializing", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Initializing a new session to {details.connect:text}.",
       "[2022-04-25 16:06:38,001] INFO [ZooKeeperClient Kafka server] Initializing a new session to "
       "localhost:2181. (kafka.zookeeper.ZooKeeperClient)",
       derive=pack_details, const={"state": "initializing"}),
    _t("zk_client.waiting", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Waiting until connected.",
       "[2022-04-25 16:06:38,020] INFO [ZooKeeperClient Kafka server] Waiting until connected. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "connecting"}),
    _t("zk_client.connected", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX, "Connected.",
       "[2022-04-25 16:06:38,101] INFO [ZooKeeperClient Kafka server] Connected. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "connected"}),
    _t("zk_client.expired", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX, "Session expired.",
       "[2021-04-28 16:12:30,001] INFO [ZooKeeperClient Kafka server] Session expired. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "expired"},
       note="followed by a new session (re-registration of the broker, possibly a controller move)"),
    _t("zk_client.auth_reinit", Kind.ZK_SESSION, "2.8-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Reinitializing due to auth failure.",
       "[2022-04-25 16:06:38,101] INFO [ZooKeeperClient Kafka server] Reinitializing due to auth failure. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "auth_failed"}),
    _t("zk_client.auth_failed.3_0", Kind.ZK_SESSION, "3.0-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Auth failed, initialized={details.initialized:bool} connectionState={details.zk_state:word}",
       "[2022-04-25 16:06:38,101] ERROR [ZooKeeperClient Kafka server] Auth failed, initialized=true "
       "connectionState=CONNECTED (kafka.zookeeper.ZooKeeperClient)",
       derive=pack_details, const={"state": "auth_failed"}),
    _t("zk_client.auth_failed", Kind.ZK_SESSION, "1.1-2.8", ZK_CLIENT, ZK_CLIENT_PREFIX, "Auth failed.",
       "[2020-04-25 16:06:38,101] ERROR [ZooKeeperClient Kafka server] Auth failed. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "auth_failed"}),
    _t("zk_client.closing", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX, "Closing.",
       "[2022-04-25 17:02:38,001] INFO [ZooKeeperClient Kafka server] Closing. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "closing"}),
    _t("zk_client.closed", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX, "Closed.",
       "[2022-04-25 17:02:38,101] INFO [ZooKeeperClient Kafka server] Closed. "
       "(kafka.zookeeper.ZooKeeperClient)", derive=pack_details, const={"state": "closed"}),
    _t("zk_client.timed_out", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Timed out waiting for connection during session initialization while in state: "
       "{details.zk_state:word}",
       "[2020-01-05 10:00:18,001] INFO [ZooKeeperClient] Timed out waiting for connection during session "
       "initialization while in state: CONNECTING (kafka.zookeeper.ZooKeeperClient)",
       derive=pack_details, const={"state": "timed_out"}),
    _t("zk_client.recreate_error", Kind.ZK_SESSION, "1.1-3.9", ZK_CLIENT, ZK_CLIENT_PREFIX,
       "Error when recreating ZooKeeper, retrying after a short sleep",
       "[2020-01-05 10:00:18,001] INFO [ZooKeeperClient] Error when recreating ZooKeeper, retrying after a "
       "short sleep (kafka.zookeeper.ZooKeeperClient)\n"
       "java.net.UnknownHostException: zk1", derive=exception_from_raw, const={"state": "reinitializing"}),
]


# ==================================================================================================
# state.change.logger, controller context (§5.2)
# ==================================================================================================

_NO_REPLICA_CONT = (
    "kafka.common.NoReplicaOnlineException: No replica for partition {_tp2:word} is alive. "
    "Live brokers are: [{brokers}]{~[,.]~} Assigned replicas are: [{replicas}]{~\\.?~}"
)
_NO_ISR_CONT = (
    "kafka.common.NoReplicaOnlineException: No {~(?:broker|replica)~} in ISR for partition {_tp2:word} is "
    "alive. Live brokers are: [{brokers}], ISR brokers are: [{isr}]"
)

STATE_CHANGE_OLD: list[Template] = [
    # --- 0.8–0.11: `Controller N epoch E …` (TRACE; ERROR for failures) ---------------------
    _t("scl.partition_new.0_8", Kind.PARTITION_STATE_CHANGE, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "changed partition {tap} state from {prev_state} to {state} with assigned replicas {replicas}",
       "[2020-10-08 16:21:30,203] TRACE Controller 0 epoch 1 changed partition [netflow_kafka_topic,0] "
       "state from NonExistentPartition to NewPartition with assigned replicas 0 (state.change.logger)",
       "[2014-02-02 02:01:08,301] TRACE Controller 0 epoch 2 changed partition [test,0] state from "
       "NotExists to New with assigned replicas 0 (state.change.logger)",
       note="0.8.0 names the states NotExists / New / Online / Offline"),
    _t("scl.partition_leader.0_8", Kind.PARTITION_STATE_CHANGE, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "changed partition {tap} from {prev_state} to {state} with leader {leader}",
       "[2018-05-27 11:28:07,931] TRACE Controller 0 epoch 26 changed partition [test,0] from "
       "OfflinePartition to OnlinePartition with leader 0 (state.change.logger)"),
    _t("scl.partition.0_8", Kind.PARTITION_STATE_CHANGE, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "changed partition {tap} state from {prev_state} to {state}",
       "[2017-06-12 09:40:00,011] TRACE Controller 0 epoch 7 changed partition [orders,2] state from "
       "OnlinePartition to OfflinePartition (state.change.logger)"),
    _t("scl.election_started.0_8", Kind.LEADER_ELECTION, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "started leader election for partition {tap}",
       "[2021-04-28 16:41:33,654] TRACE Controller 1 epoch 58 started leader election for partition "
       "[__consumer_offsets,19] (state.change.logger)", const={"state": "started"}),
    _t("scl.elected.0_8", Kind.NEW_LEADER_AND_ISR, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "elected leader {leader} for Offline partition {tap}",
       "[2018-05-27 11:28:07,930] TRACE Controller 0 epoch 26 elected leader 0 for Offline partition "
       "[test,0] (state.change.logger)", const={"prev_state": "OfflinePartition"}),
    _t("scl.partition_failed.no_replica.0_8", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-0.11",
       STATE_CHANGE, SCL_OLD,
       "initiated state change for partition {tap} from {prev_state} to {state} failed",
       "[2021-04-28 16:41:33,664] ERROR Controller 1 epoch 58 initiated state change for partition "
       "[__consumer_offsets,19] from OfflinePartition to OnlinePartition failed (state.change.logger)\n"
       "kafka.common.NoReplicaOnlineException: No replica for partition [__consumer_offsets,19] is alive. "
       "Live brokers are: [Set()], Assigned replicas are: [List(1002)]",
       cont=_NO_REPLICA_CONT, const={"error": "kafka.common.NoReplicaOnlineException"},
       note="offline partition: no assigned replica alive (brokers = live brokers)"),
    _t("scl.partition_failed.no_isr.0_8", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8.2-0.11",
       STATE_CHANGE, SCL_OLD,
       "initiated state change for partition {tap} from {prev_state} to {state} failed",
       "[2017-06-12 09:40:00,219] ERROR Controller 0 epoch 7 initiated state change for partition "
       "[orders,2] from OfflinePartition to OnlinePartition failed (state.change.logger)\n"
       "kafka.common.NoReplicaOnlineException: No broker in ISR for partition [orders,2] is alive. Live "
       "brokers are: [Set(1, 3)], ISR brokers are: [2]",
       cont=_NO_ISR_CONT, const={"error": "kafka.common.NoReplicaOnlineException"},
       note="offline partition with unclean election disabled: ISR all dead"),
    _t("scl.partition_failed.0_8", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-0.11", STATE_CHANGE, SCL_OLD,
       "initiated state change for partition {tap} from {prev_state} to {state} failed",
       "[2017-06-12 09:40:00,219] ERROR Controller 0 epoch 7 initiated state change for partition "
       "[orders,2] from NewPartition to OnlinePartition failed (state.change.logger)\n"
       "kafka.common.StateChangeFailedException: encountered error while electing leader for partition "
       "[orders,2] due to: Preferred replica 1 for partition [orders,2] is either not alive or not in "
       "the isr.", derive=exception_from_raw),
    # failMsg lines (0.8-1.0; from 1.1 they are the message of the exception logged below the
    # `failed to change state` line): lower-case after `Controller N epoch E ` ≤0.11, capitalised
    # after the 1.0 prefix
    _t("scl.fail.electing", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-1.0", STATE_CHANGE, SCL_FAIL,
       "{~[Ee]~}ncountered error while electing leader for partition {_tp:word} due to: "
       "{details.error_message:text}",
       "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 encountered error while electing leader for "
       "partition [orders,2] due to: No broker in ISR for partition [orders,2] is alive. Live brokers "
       "are: [Set(1, 3)], ISR brokers are: [2]. (state.change.logger)",
       derive=split_tp, const={"state": "OnlinePartition"}),
    _t("scl.fail.no_replica_alive", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-1.0", STATE_CHANGE, SCL_FAIL,
       "{~[Ee]~}ncountered error during state change of partition {_tp:word} from New to Online, assigned "
       "replicas are [{replicas}], live brokers are [{brokers}]. No assigned replica is alive.",
       "[2018-02-01 09:00:02,099] ERROR [Controller id=2 epoch=14] Encountered error during state change of "
       "partition orders-2 from New to Online, assigned replicas are [2], live brokers are [Set(1, 3)]. No "
       "assigned replica is alive. (state.change.logger)",
       derive=split_tp, const={"state": "OnlinePartition", "prev_state": "NewPartition"}),
    _t("scl.fail.path_exists", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-1.0", STATE_CHANGE, SCL_FAIL,
       "{~[Ee]~}ncountered error while changing partition {_tp:word}'s state from New to Online since "
       "LeaderAndIsr path already exists with value {_state:text} and controller epoch "
       "{details.state_controller_epoch:int}",
       "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 encountered error while changing partition "
       "[orders,2]'s state from New to Online since LeaderAndIsr path already exists with value "
       "{\"leader\":1,\"leader_epoch\":0,\"isr\":[1]} and controller epoch 6 (state.change.logger)",
       derive=_state, const={"state": "OnlinePartition", "prev_state": "NewPartition"}),
    _t("scl.fail.aborted", Kind.PARTITION_STATE_CHANGE_FAILED, "0.8-1.0", STATE_CHANGE, SCL_FAIL,
       "{~[Aa]~}borted leader election for partition {_tp:word} since the LeaderAndIsr path was already "
       "written by another controller. This probably means that the current controller {_self:int} went "
       "through a soft failure and another controller was elected with epoch "
       "{details.new_controller_epoch:int}.",
       "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 aborted leader election for partition "
       "[orders,2] since the LeaderAndIsr path was already written by another controller. This probably "
       "means that the current controller 0 went through a soft failure and another controller was "
       "elected with epoch 8. (state.change.logger)",
       derive=split_tp, note="a zombie controller: another broker is controller at a higher epoch"),
    _t("scl.replica.0_8_1", Kind.REPLICA_STATE_CHANGE, "0.8.1-0.11", STATE_CHANGE, SCL_OLD,
       "changed state of replica {replica} for partition {tap} from {prev_state} to {state}",
       "[2020-10-08 16:21:30,206] TRACE Controller 0 epoch 1 changed state of replica 0 for partition "
       "[netflow_kafka_topic,0] from NonExistentReplica to NewReplica (state.change.logger)"),
    _t("scl.replica.0_8_0", Kind.REPLICA_STATE_CHANGE, "0.8", STATE_CHANGE, SCL_OLD,
       "changed state of replica {replica} for partition {tap} to {state}",
       "[2014-02-03 23:24:41,301] TRACE Controller 0 epoch 4 changed state of replica 0 for partition "
       "[test,0] to OnlineReplica (state.change.logger)"),
    _t("scl.replica_failed.0_8_1", Kind.REPLICA_STATE_CHANGE, "0.8.1-0.11", STATE_CHANGE, SCL_OLD,
       "initiated state change of replica {replica} for partition {tap} from {prev_state} to {state} failed",
       "[2017-06-12 09:40:00,230] ERROR Controller 0 epoch 7 initiated state change of replica 2 for "
       "partition [orders,2] from OnlineReplica to OfflineReplica failed (state.change.logger)\n"
       "kafka.common.StateChangeFailedException: Leader and isr path written by another controller.",
       derive=exception_from_raw),
    _t("scl.replica_failed.0_8_0", Kind.REPLICA_STATE_CHANGE, "0.8", STATE_CHANGE, SCL_OLD,
       "initiated state change of replica {replica} for partition {tap} to {state} failed",
       "[2014-01-14 18:40:00,230] ERROR Controller 0 epoch 1 initiated state change of replica 0 for "
       "partition [test,0] to OfflineReplica failed (state.change.logger)", derive=exception_from_raw),
    _t("scl.send.0_8_0", Kind.LEADER_AND_ISR_SENT, "0.8", STATE_CHANGE, SCL_OLD,
       "sending {~(?:become-leader |become-follower )?~}{api:word} request with correlationId "
       "{correlation_id} to broker {replica} for partition {_tp:word}",
       "[2014-01-14 18:31:24,690] TRACE Controller 0 epoch 1 sending become-leader LeaderAndIsr request "
       "with correlationId 1 to broker 0 for partition [test,0] (state.change.logger)", derive=split_tp),
    _t("scl.send_lai.0_8_1", Kind.LEADER_AND_ISR_SENT, "0.8.1-0.8.2", STATE_CHANGE, SCL_OLD,
       "sending {details.type:word} LeaderAndIsr request {_state:text} with correlationId {correlation_id} "
       "to broker {replica} for partition {tap}",
       "[2014-02-03 23:24:41,300] TRACE Controller 0 epoch 4 sending become-leader LeaderAndIsr request "
       "(Leader:0,ISR:0,LeaderEpoch:1,ControllerEpoch:3) with correlationId 12 to broker 0 for partition "
       "[test,0] (state.change.logger)", derive=controller_state, const={"api": "LeaderAndIsr"}),
    _t("scl.send_lai.0_9", Kind.LEADER_AND_ISR_SENT, "0.9-0.11", STATE_CHANGE, SCL_OLD,
       "sending {details.type:word} LeaderAndIsr request {_state:text} to broker {replica} "
       "for partition {tap}",
       "[2020-10-28 15:30:14,501] TRACE Controller 1 epoch 58 sending become-follower LeaderAndIsr request "
       "(Leader:1010,ISR:1010,LeaderEpoch:0,ControllerEpoch:56) to broker 1 for partition "
       "[dns_kafka_topic,1] (state.change.logger)",
       derive=controller_state, const={"api": "LeaderAndIsr"}, note="replica = the broker sent to"),
    _t("scl.send_um.0_10_2", Kind.LEADER_AND_ISR_SENT, "0.10.2-0.11", STATE_CHANGE, SCL_OLD,
       "sending UpdateMetadata request {_state:text} to brokers {brokers} for partition {tp}",
       "[2021-04-28 16:41:33,636] TRACE Controller 1 epoch 58 sending UpdateMetadata request "
       "(Leader:-1,ISR:1002,LeaderEpoch:7,ControllerEpoch:57) to brokers Set() for partition "
       "__consumer_offsets-0 (state.change.logger)",
       derive=controller_state, const={"api": "UpdateMetadata"}),
    _t("scl.send_um.0_9", Kind.LEADER_AND_ISR_SENT, "0.9-0.10.1", STATE_CHANGE, SCL_OLD,
       "sending UpdateMetadata request {_state:text} to broker {replica} for partition {tp}",
       "[2018-05-27 11:28:07,940] TRACE Controller 0 epoch 26 sending UpdateMetadata request "
       "(Leader:0,ISR:0,LeaderEpoch:12,ControllerEpoch:25) to broker 0 for partition test-0 "
       "(state.change.logger)", derive=controller_state, const={"api": "UpdateMetadata"}),
    _t("scl.send_um.0_8_1", Kind.LEADER_AND_ISR_SENT, "0.8.1-0.8.2", STATE_CHANGE, SCL_OLD,
       "sending UpdateMetadata request {_state:text} with correlationId {correlation_id} to broker "
       "{replica} for partition {tap}",
       "[2014-02-03 23:24:41,299] TRACE Controller 0 epoch 4 sending UpdateMetadata request "
       "(Leader:0,ISR:0,LeaderEpoch:1,ControllerEpoch:3) with correlationId 11 to broker 0 for partition "
       "[test,0] (state.change.logger)", derive=controller_state, const={"api": "UpdateMetadata"}),
    _t("scl.response_correlation.0_8", Kind.CONTROLLER_RESPONSE, "0.8-0.8.1", STATE_CHANGE, SCL_OLD,
       "received response correlationId {correlation_id} for a request sent to broker {_endpoint:text}",
       "[2014-02-03 23:24:41,310] TRACE Controller 0 epoch 4 received response correlationId 11 for a "
       "request sent to broker id:0,host:ddao-Aspire-3830TG,port:9092 (state.change.logger)",
       derive=broker_endpoint),
    _t("scl.response.0_8", Kind.CONTROLLER_RESPONSE, "0.8.2-0.11", STATE_CHANGE, SCL_OLD,
       "received response {_response:text} for a request sent to broker {_endpoint:text}",
       "[2020-10-28 15:30:14,801] TRACE Controller 0 epoch 2 received response {error_code=0,partitions="
       "[{topic=netflow_kafka_topic,partition=0,error_code=0}]} for a request sent to broker "
       "host.docker.internal:9092 (id: 0 rack: null) (state.change.logger)",
       derive=chain(response_errors, broker_endpoint), note="count = partitions with a non-zero error"),
    _t("scl.reassign_sent.0_8", Kind.LEADER_AND_ISR_SENT, "0.8.1-0.11", STATE_CHANGE, SCL_OLD,
       "sent LeaderAndIsr request {_state:text} with new assigned replica list {replicas} to leader "
       "{leader} for partition being reassigned {_tp:word}",
       "[2017-06-12 10:10:00,100] TRACE Controller 0 epoch 7 sent LeaderAndIsr request "
       "(Leader:1,ISR:1,2,3,LeaderEpoch:9,ControllerEpoch:7) with new assigned replica list 1,2,3 to "
       "leader 1 for partition being reassigned [orders,0] (state.change.logger)",
       derive=_state, const={"api": "LeaderAndIsr", "state": "reassigning"}),
]

_SCL_TEXT_PREFIX = "Controller {node} epoch {controller_epoch} "

STATE_CHANGE_NEW: list[Template] = [
    # --- 1.0+: `[Controller id=N epoch=E] ` (TRACE ≤2.5, the INFO ones from 2.6) -------------
    _t("scl.partition_new", Kind.PARTITION_STATE_CHANGE, "1.0-3.9", STATE_CHANGE, SCL,
       "Changed partition {tp} state from {prev_state} to {state} with assigned replicas {replicas}",
       "[2023-01-16 17:26:14,101] INFO [Controller id=0 epoch=1] Changed partition quickstart-events-0 "
       "state from NonExistentPartition to NewPartition with assigned replicas 0 (state.change.logger)",
       note="TRACE up to 2.5, INFO from 2.6"),
    _t("scl.partition_online", Kind.PARTITION_STATE_CHANGE, "1.1-3.9", STATE_CHANGE, SCL,
       "Changed partition {tp} from {prev_state} to {state} with state {_state:text}",
       "[2021-04-28 16:33:13,099] INFO [Controller id=0 epoch=7] Changed partition __consumer_offsets-22 "
       "from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=0, leaderEpoch=2, "
       "isr=List(0), zkVersion=2) (state.change.logger)",
       "[2023-01-16 17:26:14,112] INFO [Controller id=0 epoch=1] Changed partition quickstart-events-0 "
       "from NewPartition to OnlinePartition with state LeaderAndIsr(leader=0, leaderEpoch=0, "
       "isr=List(0), leaderRecoveryState=RECOVERED, partitionEpoch=0) (state.change.logger)",
       "[2025-04-09 11:00:00,401] INFO [Controller id=0 epoch=1] Changed partition foo-0 from "
       "NewPartition to OnlinePartition with state LeaderAndIsr(leader=0, leaderEpoch=0, "
       "isrWithBrokerEpoch=List(BrokerState(brokerId=0, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, "
       "partitionEpoch=0) (state.change.logger)",
       derive=controller_state,
       note="every leader election (Offline→Online, Online→Online, New→Online); an unclean one is "
       "Offline→Online with a leader outside the previous ISR (3.2+: leaderRecoveryState=RECOVERING)"),
    _t("scl.partition_leader.1_0", Kind.PARTITION_STATE_CHANGE, "1.0", STATE_CHANGE, SCL,
       "Changed partition {tp} from {prev_state} to {state} with leader {leader}",
       "[2018-02-01 09:00:02,001] TRACE [Controller id=2 epoch=14] Changed partition orders-0 from "
       "OfflinePartition to OnlinePartition with leader 3 (state.change.logger)"),
    _t("scl.partition", Kind.PARTITION_STATE_CHANGE, "1.0-3.9", STATE_CHANGE, SCL,
       "Changed partition {tp} state from {prev_state} to {state}",
       "[2020-02-14 17:03:45,900] TRACE [Controller id=0 epoch=8] Changed partition orders-1 state from "
       "OnlinePartition to OfflinePartition (state.change.logger)",
       note="→ OfflinePartition / NonExistentPartition: TRACE only, invisible by default from 2.6"),
    _t("scl.election_started.1_0", Kind.LEADER_ELECTION, "1.0", STATE_CHANGE, SCL,
       "Started leader election for partition {tp}",
       "[2018-02-01 09:00:01,990] TRACE [Controller id=2 epoch=14] Started leader election for partition "
       "orders-0 (state.change.logger)", const={"state": "started"}),
    _t("scl.elected.1_0", Kind.NEW_LEADER_AND_ISR, "1.0", STATE_CHANGE, SCL,
       "Elected leader {leader} for Offline partition {tp}",
       "[2018-02-01 09:00:01,999] TRACE [Controller id=2 epoch=14] Elected leader 3 for Offline partition "
       "orders-0 (state.change.logger)", const={"prev_state": "OfflinePartition"}),
    _t("scl.partition_failed.strategy", Kind.PARTITION_STATE_CHANGE_FAILED, "1.1-3.9", STATE_CHANGE, SCL,
       _SCL_TEXT_PREFIX + "failed to change state for partition {tp} from {prev_state} to {state}",
       "[2021-04-26 20:12:09,063] ERROR [Controller id=0 epoch=3] Controller 0 epoch 3 failed to change "
       "state for partition __consumer_offsets-22 from OfflinePartition to OnlinePartition "
       "(state.change.logger)\n"
       "kafka.common.StateChangeFailedException: Failed to elect leader for partition "
       "__consumer_offsets-22 under strategy OfflinePartitionLeaderElectionStrategy(false)",
       cont="kafka.common.StateChangeFailedException: Failed to elect leader for partition {_tp2:word} under "
       "strategy {details.strategy:text}",
       const={"error": "kafka.common.StateChangeFailedException"},
       note="the offline-partition signature (no live ISR member, unclean election disabled) when the "
       "strategy is OfflinePartitionLeaderElectionStrategy[(false)] (`(allowUnclean)` from 2.4)"),
    _t("scl.partition_failed", Kind.PARTITION_STATE_CHANGE_FAILED, "1.1-3.9", STATE_CHANGE, SCL,
       _SCL_TEXT_PREFIX + "failed to change state for partition {tp} from {prev_state} to {state}",
       "[2021-04-26 20:12:09,063] ERROR [Controller id=0 epoch=3] Controller 0 epoch 3 failed to change "
       "state for partition orders-0 from NewPartition to OnlinePartition (state.change.logger)\n"
       "kafka.common.StateChangeFailedException: Controller 0 epoch 3 encountered error during state "
       "change of partition orders-0 from New to Online, assigned replicas are [1], live brokers are "
       "[Set(0)]. No assigned replica is alive.", derive=exception_from_raw),
    _t("scl.partition_failed.no_isr.1_0", Kind.PARTITION_STATE_CHANGE_FAILED, "1.0", STATE_CHANGE, SCL,
       "Initiated state change for partition {tp} from {prev_state} to {state} failed",
       "[2018-02-01 09:00:02,100] ERROR [Controller id=2 epoch=14] Initiated state change for partition "
       "orders-2 from OfflinePartition to OnlinePartition failed (state.change.logger)\n"
       "kafka.common.NoReplicaOnlineException: No replica in ISR for partition orders-2 is alive. Live "
       "brokers are: [Set(1, 3)], ISR brokers are: [2]",
       cont=_NO_ISR_CONT, const={"error": "kafka.common.NoReplicaOnlineException"}),
    _t("scl.partition_failed.1_0", Kind.PARTITION_STATE_CHANGE_FAILED, "1.0", STATE_CHANGE, SCL,
       "Initiated state change for partition {tp} from {prev_state} to {state} failed",
       "[2018-02-01 09:00:02,100] ERROR [Controller id=2 epoch=14] Initiated state change for partition "
       "orders-2 from OfflinePartition to OnlinePartition failed (state.change.logger)\n"
       "kafka.common.NoReplicaOnlineException: No replica for partition orders-2 is alive. Live brokers "
       "are: [Set()]. Assigned replicas are: [List(2)].", derive=exception_from_raw),
    _t("scl.replica", Kind.REPLICA_STATE_CHANGE, "1.0-3.9", STATE_CHANGE, SCL,
       "Changed state of replica {replica} for partition {tp} from {prev_state} to {state}",
       "[2020-02-18 13:20:07,260] TRACE [Controller id=0 epoch=56] Changed state of replica 0 for partition "
       "__consumer_offsets-3 from OnlineReplica to OnlineReplica (state.change.logger)"),
    _t("scl.replica_failed", Kind.REPLICA_STATE_CHANGE, "1.1-3.9", STATE_CHANGE, SCL,
       _SCL_TEXT_PREFIX + "initiated state change of replica {replica} for partition {tp} from "
       "{prev_state} to {state} failed",
       "[2021-04-28 16:12:32,100] ERROR [Controller id=0 epoch=7] Controller 0 epoch 7 initiated state "
       "change of replica 1 for partition erstesTopic-0 from OnlineReplica to OfflineReplica failed "
       "(state.change.logger)\n"
       "kafka.common.StateChangeFailedException: Failed to change state of replica 1 for partition "
       "erstesTopic-0 since the leader and isr path in zookeeper is empty",
       derive=exception_from_raw),
    _t("scl.replica_failed.1_0", Kind.REPLICA_STATE_CHANGE, "1.0", STATE_CHANGE, SCL,
       "Initiated state change of replica {replica} for partition {tp} from {prev_state} to {state} failed",
       "[2018-02-01 09:00:02,101] ERROR [Controller id=2 epoch=14] Initiated state change of replica 1 for "
       "partition orders-0 from OnlineReplica to OfflineReplica failed (state.change.logger)",
       derive=exception_from_raw),
    _t("scl.isr_removed", Kind.CONTROLLER_ISR_REMOVAL, "2.6-3.9", STATE_CHANGE, SCL,
       "Partition {tp} state changed to {_state:text} after removing replica {replica} from the ISR as "
       "part of transition to OfflineReplica",
       "[2021-04-26 20:37:51,260] INFO [Controller id=0 epoch=3] Partition __consumer_offsets-25 state "
       "changed to (Leader:-1,ISR:1,LeaderEpoch:3,ControllerEpoch:3) after removing replica 1 from the ISR "
       "as part of transition to OfflineReplica (state.change.logger)",
       "[2025-04-09 11:00:05,017] INFO [Controller id=0 epoch=1] Partition foo-0 state changed to "
       "(Leader:-1,ISR:0,LeaderRecoveryState:RECOVERED,LeaderEpoch:1,ZkVersion:1,ControllerEpoch:1) after "
       "removing replica 0 from the ISR as part of transition to OfflineReplica (state.change.logger)",
       derive=controller_state, const={"state": "OfflineReplica"},
       note="the controller's broker-failure ISR shrink; leader -1 = the partition went offline"),
    _t("scl.send_lai", Kind.LEADER_AND_ISR_SENT, "1.0-3.9", STATE_CHANGE, SCL,
       "Sending {details.type:word} LeaderAndIsr request {_state:text} to broker {replica} "
       "for partition {tp}",
       "[2020-02-18 13:20:07,276] TRACE [Controller id=0 epoch=56] Sending become-leader LeaderAndIsr "
       "request PartitionState(controllerEpoch=10, leader=0, leaderEpoch=0, isr=0, zkVersion=0, replicas=0, "
       "isNew=false) to broker 0 for partition __consumer_offsets-49 (state.change.logger)",
       derive=controller_state, const={"api": "LeaderAndIsr"},
       note="per-partition TRACE; replica = the broker sent to"),
    _t("scl.send_um", Kind.LEADER_AND_ISR_SENT, "1.0-2.5", STATE_CHANGE, SCL,
       "Sending UpdateMetadata request {_state:text} to brokers {brokers} for partition {tp}",
       "[2020-02-18 13:20:07,250] TRACE [Controller id=0 epoch=56] Sending UpdateMetadata request "
       "PartitionState(controllerEpoch=10, leader=0, leaderEpoch=0, isr=[0], zkVersion=0, replicas=[0], "
       "offlineReplicas=[]) to brokers Set(0) for partition __consumer_offsets-49 (state.change.logger)",
       derive=controller_state, const={"api": "UpdateMetadata"}),
    _t("scl.send_stop_replica", Kind.LEADER_AND_ISR_SENT, "2.6-3.9", STATE_CHANGE, SCL,
       "Sending StopReplica request {_state:text} to broker {replica} for partition {tp}",
       "[2020-10-05 04:12:09,131] TRACE [Controller id=0 epoch=8] Sending StopReplica request "
       "StopReplicaPartitionState(partitionIndex=0, leaderEpoch=-2, deletePartition=true) to broker 2 for "
       "partition orders-0 (state.change.logger)", derive=controller_state, const={"api": "StopReplica"}),
    _t("scl.batch_lai", Kind.LEADER_AND_ISR_SENT, "2.6-3.9", STATE_CHANGE, SCL,
       "Sending LeaderAndIsr request to broker {replica} with {details.become_leader:int} become-leader "
       "and {details.become_follower:int} become-follower partitions",
       "[2021-04-26 20:12:09,005] INFO [Controller id=0 epoch=3] Sending LeaderAndIsr request to broker 0 "
       "with 2 become-leader and 0 become-follower partitions (state.change.logger)",
       const={"api": "LeaderAndIsr"}, note="batch summary (INFO) from 2.6, KAFKA-10074"),
    _t("scl.batch_um", Kind.LEADER_AND_ISR_SENT, "2.6-3.9", STATE_CHANGE, SCL,
       "Sending UpdateMetadata request to brokers {brokers} for {count} partitions",
       "[2021-04-26 20:12:09,001] INFO [Controller id=0 epoch=3] Sending UpdateMetadata request to brokers "
       "HashSet() for 0 partitions (state.change.logger)", const={"api": "UpdateMetadata"}),
    _t("scl.batch_stop_replica_delete", Kind.LEADER_AND_ISR_SENT, "2.6-3.9", STATE_CHANGE, SCL,
       "Sending StopReplica request (delete = {details.delete:bool}) for {count} replicas to broker "
       "{replica}",
       "[2022-04-25 17:30:02,500] INFO [Controller id=0 epoch=5] Sending StopReplica request (delete = "
       "true) for 3 replicas to broker 0 (state.change.logger)", const={"api": "StopReplica"},
       note="older brokers get one request per delete flag"),
    _t("scl.batch_stop_replica", Kind.LEADER_AND_ISR_SENT, "2.6-3.9", STATE_CHANGE, SCL,
       "Sending StopReplica request for {count} replicas to broker {replica}",
       "[2021-04-26 20:12:09,002] INFO [Controller id=0 epoch=3] Sending StopReplica request for 2 "
       "replicas to broker 1 (state.change.logger)", const={"api": "StopReplica"}),
    _t("scl.reassign_sent", Kind.LEADER_AND_ISR_SENT, "1.0-3.9", STATE_CHANGE, SCL,
       "Sent LeaderAndIsr request {_state:text} with new {~(?:assigned replica list|replica assignment)~} "
       "{details.assignment:text} to leader {leader} for partition being reassigned {tp}",
       "[2020-06-30 22:10:45,300] TRACE [Controller id=0 epoch=8] Sent LeaderAndIsr request "
       "(Leader:1,ISR:1,2,3,LeaderEpoch:9,ControllerEpoch:8) with new replica assignment "
       "ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, removingReplicas=) to leader 1 for partition "
       "being reassigned orders-0 (state.change.logger)",
       derive=controller_state, const={"api": "LeaderAndIsr", "state": "reassigning"},
       note="`with new assigned replica list` ≤2.3; TRACE ≤2.5, INFO 2.6+"),
    _t("scl.reassign_send_failed", Kind.CONTROLLER_REQUEST_ERROR, "1.0-3.9", STATE_CHANGE, SCL,
       "Failed to send LeaderAndIsr request with new {~(?:assigned replica list|replica assignment)~} "
       "{details.assignment:text} to leader for partition being reassigned {tp}",
       "[2020-06-30 22:10:45,301] ERROR [Controller id=0 epoch=8] Failed to send LeaderAndIsr request with "
       "new replica assignment ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, removingReplicas=) "
       "to leader for partition being reassigned orders-0 (state.change.logger)",
       const={"api": "LeaderAndIsr"}),
    _t("scl.response.1_1", Kind.CONTROLLER_RESPONSE, "1.1-3.9", STATE_CHANGE, SCL,
       "Received response {_response:text} for request {api:word} with correlation id {correlation_id} sent "
       "to broker {_endpoint:text}",
       "[2020-02-18 13:20:07,358] TRACE [Controller id=0 epoch=56] Received response {error_code=0} for "
       "request UPDATE_METADATA with correlation id 7 sent to broker dl12:9092 (id: 0 rack: null) "
       "(state.change.logger)", derive=chain(response_errors, broker_endpoint)),
    _t("scl.response.1_0", Kind.CONTROLLER_RESPONSE, "1.0", STATE_CHANGE, SCL,
       "Received response {_response:text} for a request sent to broker {_endpoint:text}",
       "[2018-02-01 09:00:02,201] TRACE [Controller id=2 epoch=14] Received response {error_code=0} for a "
       "request sent to broker h3:9092 (id: 3 rack: null) (state.change.logger)",
       derive=chain(response_errors, broker_endpoint)),
    _t("scl.response_error.2_5", Kind.CONTROLLER_REQUEST_ERROR, "2.5-3.9", STATE_CHANGE, SCL,
       "Received error {error:word} in {api:word} response {_response:text} from broker {brokers}",
       "[2022-03-01 10:05:00,100] ERROR [Controller id=0] Received error STALE_BROKER_EPOCH in "
       "UpdateMetadata response UpdateMetadataResponseData(errorCode=77) from broker 2 "
       "(state.change.logger)", derive=response_errors,
       note="LeaderAndIsr or UpdateMetadata; count = partitions in error"),
    _t("scl.response_error", Kind.CONTROLLER_REQUEST_ERROR, "1.0-2.4", STATE_CHANGE, SCL,
       "Received error in {api:word} response {_response:text} from broker {brokers}",
       "[2020-03-01 10:05:00,100] ERROR [Controller id=0] Received error in LeaderAndIsr response "
       "LeaderAndIsrResponse(responses={orders-0=KAFKA_STORAGE_ERROR}, error=NONE) from broker 2 "
       "(state.change.logger)", derive=chain(response_errors, named_errors),
       note="the response's own rendering names the errors (≤2.3) or codes them (2.4)"),
    _t("scl.replicas_offline", Kind.REPLICA_STATE_CHANGE, "1.0-3.9", STATE_CHANGE, SCL,
       "Mark replicas {partitions:tps} on broker {replica} as offline",
       "[2020-03-01 10:05:00,101] INFO [Controller id=0] Mark replicas orders-0,orders-3 on broker 2 as "
       "offline (state.change.logger)", const={"state": "OfflineReplica"},
       note="a log directory failed on that broker (JBOD, KIP-112)"),
]

# log4j 1.x's own JMX registration (LoggerDynamicMBean.preRegister) writes a DEBUG line into
# every logger it registers: only the TRACE-level `kafka.controller` and `state.change.logger`
# of Kafka's log4j.properties print it.  ZooKeeper's ManagedUtil registers them when a ZooKeeper
# server started with the same configuration (the quickstart) comes up.
KAFKA_CONTROLLER_PARENT = ("kafka.controller",)

LOG4J: list[Template] = [
    _t("log4j.mbean_registered", Kind.LOG4J_MBEAN_REGISTERED, "0.8-3.9",
       STATE_CHANGE + KAFKA_CONTROLLER_PARENT, None,
       "preRegister called. Server={details.mbean_server:word}, name=log4j:logger={details.logger:word}",
       "[2014-01-14 18:30:33,575] DEBUG preRegister called. Server=com.sun.jmx.mbeanserver.JmxMBeanServer"
       "@5cad662c, name=log4j:logger=state.change.logger (state.change.logger)",
       "[2014-01-14 18:30:33,578] DEBUG preRegister called. Server=com.sun.jmx.mbeanserver.JmxMBeanServer"
       "@5cad662c, name=log4j:logger=kafka.controller (kafka.controller)",
       note="versions: the log4j 1.x era (Kafka moved to reload4j in 3.2 and log4j2 in 4.0); the "
       "process is not necessarily the broker"),
]

TEMPLATES: list[Template] = [
    *ELECTION, *LIFECYCLE, *BROKERS, *TOPICS, *ELECTIONS, *STATE_MACHINES, *LISTENERS, *CHANNELS,
    *DELETION, *ZOOKEEPER, *STATE_CHANGE_OLD, *STATE_CHANGE_NEW, *LOG4J,
]
