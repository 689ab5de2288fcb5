"""What a Kafka version logs, and how: the tables behind ``--emit-logs``.

The words of every line come from our versioned message catalogue
(``parsers/catalogue``): a *site* below names the catalogue entries that one place in
Kafka's code logged through the versions, and :func:`render` picks the entry whose version
range holds the profile's version and fills its placeholders.  This module adds only
what a catalogue entry does not say about the line it recognises:

* the **logger** a version logs under, where an entry lists several (``LOGGER_VERSIONS``);
* the **prefix** (log4j ``logIdent`` / ``LogContext``) a version prints (``PREFIXES``);
* the **level** a version logs at, where it moved between versions (``LEVELS``): a line
  below the default ``INFO`` of Kafka's ``config/log4j.properties`` is not written;
* a few texts Kafka builds outside the message itself: the rebalance reasons of
  ``prepareRebalance`` (``rebalance_reason``) and ``Errors`` messages (``error_message``).

Each row was read from Kafka's source at the release tags (``git show <tag>:<path>``);
where a row spans versions the comment names the tags read.  A profile names a release
line (``2.8``), and a line's wording is taken from its newest patch release (2.8.2):
entries split at a patch (``2.8.0`` / ``2.8.1+``) resolve to the later one; 0.x profiles
name the patch they are (``0.10.1``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from kafka_forensics.engine.profiles import Profile
from kafka_forensics.parsers.catalogue import CATALOGUE
from kafka_forensics.parsers.catalogue.consumer import POLL_TIMEOUT_TEXT
from kafka_forensics.parsers.releases import LATEST_PATCH, KafkaVersion, bound, in_range
from kafka_forensics.parsers.templates import Template

# The catalogue's placeholder syntax (parsers/templates.py): ``{field}``, ``{field:type}``,
# ``{~raw regex~}``.
_PLACEHOLDER = re.compile(r"\{~(?P<raw>.*?)~\}|\{(?P<name>[A-Za-z_][\w.]*)(?::(?P<type>\w+))?\}")

LEVEL_ORDER: Mapping[str, int] = MappingProxyType(
    {"TRACE": 0, "DEBUG": 1, "INFO": 2, "WARN": 3, "ERROR": 4, "FATAL": 5}
)


# --- versions ------------------------------------------------------------------------------

def kafka_version(profile: Profile) -> KafkaVersion:
    """The release a profile stands for: ``0.10.1`` is itself, ``2.8`` is its newest patch."""
    major, minor = profile.version
    if major == 0:  # profiles.parse_version keeps 0.x's patch digit: 0.10.1 is (0, 101)
        return (0, minor // 10, minor % 10)
    return (major, minor, LATEST_PATCH)


# --- loggers ---------------------------------------------------------------------------------

_INTERNALS = "org.apache.kafka.clients.consumer.internals."

#: logger -> the versions in which the line's class logs under that name.  A logger absent
#: here is never chosen (Connect's WorkerCoordinator, the 3.6–3.9 Java coordinator that is off
#: by default, the new consumer of KIP-848).
LOGGER_VERSIONS: Mapping[str, str] = MappingProxyType({
    # the Scala coordinator moved package in 0.11 (KAFKA-5192); gone with ZooKeeper mode in 4.0
    "kafka.coordinator.GroupCoordinator": "0.10",
    "kafka.coordinator.group.GroupCoordinator": "0.11-3.9",
    "kafka.coordinator.GroupMetadataManager": "0.10",
    "kafka.coordinator.group.GroupMetadataManager": "0.11-3.9",
    "kafka.coordinator.group.GroupMetadata": "0.11-3.9",
    # the KIP-848 coordinator serves classic groups by default from 4.0
    # (GroupCoordinatorConfig.NEW_GROUP_COORDINATOR_ENABLE_DEFAULT = true on trunk, 2024-10)
    "org.apache.kafka.coordinator.group.GroupMetadataManager": "4.0+",
    "org.apache.kafka.coordinator.group.GroupCoordinatorShard": "4.0+",
    "org.apache.kafka.coordinator.group.classic.ClassicGroup": "4.0+",
    "org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime": "4.0+",
    # AbstractCoordinator logs under its own name up to 2.8, under the subclass from 3.0
    # (apache/kafka#10149: logContext.logger(getClass()))
    _INTERNALS + "AbstractCoordinator": "0.10-2.8",
    _INTERNALS + "ConsumerCoordinator": "0.10+",
    # the classic consumer's partition-listener lines moved here in 3.7 (KAFKA-15628)
    _INTERNALS + "ConsumerRebalanceListenerInvoker": "3.7+",
    # replication: the Scala Partition class, every version
    "kafka.cluster.Partition": "0.8+",
    # the controller (ZooKeeper mode): its state-change lines, and the 0.8-1.0 leader selectors
    "state.change.logger": "0.8+",
    "kafka.controller.OfflinePartitionLeaderSelector": "0.8-1.0",
    # the log: Scala Log to 3.0, renamed UnifiedLog in 3.1 (read at 3.0.2 / 3.1.2)
    "kafka.log.Log": "0.8-3.0",
    "kafka.log.UnifiedLog": "3.1+",
    # the controller's own lines (ZooKeeper mode, gone in 4.0), and the 0.8-0.10 broker-change
    # listener that logged under its inner class's name (ReplicaStateMachine 0.10.2.2)
    "kafka.controller.KafkaController": "0.8-3.9",
    "kafka.controller.ReplicaStateMachine$BrokerChangeListener": "0.8-0.10",
    # the controller election up to 0.10 (ZookeeperLeaderElector.elect, 0.10.2.0; KafkaController's
    # own elect() from 0.11.0.0): its logger is not under kafka.controller, so server.log
    "kafka.server.ZookeeperLeaderElector": "0.8-0.10",
    # the follower's fetcher (AbstractFetcherThread's lines log under the subclass)
    "kafka.server.ReplicaFetcherThread": "0.8+",
    # Replica's constructor logged the initial high watermark 0.11-2.3 (Replica.scala 0.11.0.2, 2.3.1)
    "kafka.cluster.Replica": "0.11-2.3",
    # the ZooKeeper-mode broker (its controlled shutdown); gone with ZooKeeper mode in 4.0
    "kafka.server.KafkaServer": "0.8-3.9",
    # the KRaft controller's classes (2.8 on; emit_kraft writes 3.0+)
    "org.apache.kafka.controller.ReplicationControlManager": "2.8+",
    "org.apache.kafka.controller.ClusterControlManager": "2.8+",
    "org.apache.kafka.controller.BrokerHeartbeatManager": "2.8+",
})


def logger_for(template: Template, v: KafkaVersion) -> str | None:
    """The logger ``template``'s line is written under in ``v``: of its loggers valid then, the
    one introduced last (the listener invoker over ConsumerCoordinator in 3.7+), ties in the
    entry's order."""
    best: tuple[KafkaVersion, str] | None = None
    for name in template.loggers:
        versions = LOGGER_VERSIONS.get(name)
        if versions is None or not in_range(versions, v):
            continue
        since = bound(versions.rstrip("+").partition("-")[0], upper=False)
        if best is None or since > best[0]:
            best = (since, name)
    return None if best is None else best[1]


# --- prefixes -----------------------------------------------------------------------------------

_SCALA_GC = "[GroupCoordinator {node}]: "
_SHARD = "[GroupCoordinator id={node} topic=__consumer_offsets partition={coordinator_partition}] "
_SERVICE = "[GroupCoordinator id={node}] "
_CLIENT = "[Consumer clientId={client_id}, groupId={group}] "
_STATIC_CLIENT = "[Consumer instanceId={instance_id}, clientId={client_id}, groupId={group}] "
_CLIENT_LOGGERS = ("AbstractCoordinator", "ConsumerCoordinator", "ConsumerRebalanceListenerInvoker")

#: logger -> ((versions, prefix), ...): the logIdent of the class, as the catalogue spells it.
PREFIXES: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    "kafka.coordinator.GroupCoordinator": (("0.10", _SCALA_GC),),
    "kafka.coordinator.group.GroupCoordinator": (("0.11+", _SCALA_GC),),
    "kafka.coordinator.GroupMetadataManager": (("0.10", "[Group Metadata Manager on Broker {node}]: "),),
    "kafka.coordinator.group.GroupMetadataManager": (
        ("0.11", "[Group Metadata Manager on Broker {node}]: "),
        ("1.0+", "[GroupMetadataManager brokerId={node}] "),  # LogContext, 1.0 (KAFKA-5642)
    ),
    "kafka.coordinator.group.GroupMetadata": (("0.11+", ""),),
    "org.apache.kafka.coordinator.group.GroupMetadataManager": (("3.6+", _SHARD),),
    "org.apache.kafka.coordinator.group.GroupCoordinatorShard": (("3.6+", _SHARD),),
    "org.apache.kafka.coordinator.group.classic.ClassicGroup": (("3.6+", _SHARD),),
    "org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime": (("3.6+", _SERVICE),),
    # Partition.logIdent: "Partition [t,p] on broker N: " to 0.11, "[Partition t-p broker=N] " from 1.0
    "kafka.cluster.Partition": (("0.8-0.11", "Partition [{topic},{partition}] on broker {node}: "),
                                ("1.0+", "[Partition {tp} broker={node}] ")),
    # the controller's state-change lines: "Controller N epoch E " in the text up to 0.11
    # (ControllerChannelManager 0.10.2.2, 0.11.0.3), the StateChangeLogger's logIdent from 1.0 (1.0.2)
    "state.change.logger": (("0.8-0.11", "Controller {node} epoch {controller_epoch} "),
                            ("1.0+", "[Controller id={node} epoch={controller_epoch}] ")),
    "kafka.controller.OfflinePartitionLeaderSelector": (("0.8-1.0", "[OfflinePartitionLeaderSelector]: "),),
    "kafka.log.Log": (("0.8-0.11", ""), ("1.0+", "[Log partition={tp}, dir={details.dir}] ")),
    # KafkaController.logIdent: "[Controller N]: " (0.11.0.2), "[Controller id=N] " (1.0.2 -> 3.9)
    "kafka.controller.KafkaController": (("0.8-0.11", "[Controller {node}]: "),
                                         ("1.0+", "[Controller id={node}] ")),
    "kafka.controller.ReplicaStateMachine$BrokerChangeListener": (
        ("0.8-0.10", "[BrokerChangeListener on Controller {node}]: "),),
    # ShutdownableThread's logIdent "[ReplicaFetcherThread-F-L], " (0.10), "]: " (0.11), the
    # LogContext of 1.0+; fetcher id 0 (num.replica.fetchers defaults to 1)
    "kafka.server.ReplicaFetcherThread": (
        ("0.8-0.10", "[ReplicaFetcherThread-{_fetcher:int}-{leader}], "),
        ("0.11", "[ReplicaFetcherThread-{_fetcher:int}-{leader}]: "),
        ("1.0+", "[ReplicaFetcher replicaId={node}, leaderId={leader}, fetcherId={_fetcher:int}] ")),
    "kafka.log.UnifiedLog": (("3.1+", "[UnifiedLog partition={tp}, dir={details.dir}] "),),
    # KafkaServer.logIdent: "[Kafka Server N], " (0.10.2.0, 0.11.0.0), LogContext "[KafkaServer id=N] "
    # from 1.0 (1.0.0, 1.1.0, 2.4.0, 2.8.0, 3.4.0)
    "kafka.server.KafkaServer": (("0.8-0.11", "[Kafka Server {node}], "),
                                 ("1.0+", "[KafkaServer id={node}] ")),
    # the KRaft controller's LogContext, every manager's: "[Controller N] " up to 3.4,
    # "[QuorumController id=N] " from 3.5 (QuorumController.Builder, read at 3.4.0, 3.5.0)
    **{f"org.apache.kafka.controller.{name}": (("2.8-3.4", "[Controller {node}] "),
                                               ("3.5+", "[QuorumController id={node}] "))
       for name in ("ReplicationControlManager", "ClusterControlManager", "BrokerHeartbeatManager")},
})

#: logger -> ((versions, prefix), ...): a second context the same logger prints in, tried when the
#: entry has not the first's: the brokers' side of the state change log, StateChangeLogger's
#: ``[Broker id=N] `` from 1.0 (1.0.2, 2.6.0, 3.5.2)
OTHER_PREFIXES: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    # 0.8-0.11: none, the brokers' lines name the broker in their text ("Broker N received …",
    # ReplicaManager 0.10.2.2, 0.11.0.2)
    "state.change.logger": (("0.8-0.11", ""), ("1.0+", "[Broker id={node}] ")),
})


def prefix_for(template: Template, logger: str, v: KafkaVersion, static: bool) -> str | None:
    """The prefix alternative of ``template`` that ``logger`` prints in ``v`` (``""`` for none);
    ``None`` when the catalogue offers none of it (a disagreement a test reports)."""
    if logger.startswith(_INTERNALS) and logger.rsplit(".", 1)[-1] in _CLIENT_LOGGERS:
        # KafkaConsumer's LogContext from 1.0 (KAFKA-5642); with group.instance.id from 2.3 (KIP-345)
        if v < (1, 0, 0):
            want = ""
        elif static and v >= (2, 3, 0):
            want = _STATIC_CLIENT
        else:
            want = _CLIENT
    else:
        want = next((p for versions, p in PREFIXES.get(logger, ()) if in_range(versions, v)), "")
    other = [p for versions, p in OTHER_PREFIXES.get(logger, ()) if in_range(versions, v)]
    if template.prefix is None:
        return "" if want == "" or "" in other else None
    if want == "":
        return "" if template.prefix.optional else None
    for candidate in (want, *other):
        for alternative in template.prefix.alternatives:
            if _without_raw(alternative) == candidate:
                return alternative
    return None


def _without_raw(text: str) -> str:
    return re.sub(r"\{~.*?~\}", "", text)


# --- levels ------------------------------------------------------------------------------------

#: template id -> ((versions, level), ...) where Kafka moved the line's level (first match wins);
#: otherwise the entry's own level, else INFO.
LEVELS: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    # GroupCoordinator.handleLeaveGroup: debug(...) 0.11.0.2–2.1.1, info(...) 2.2.2–2.3.1
    "group.member_left.0_11": (("0.11-2.1", "DEBUG"),),
    # doUnknownJoinGroup: debug(...) 2.5.1–2.8.2, info(...) 3.0.2–3.9
    "group.member_id_required.2_5": (("2.5-2.8", "DEBUG"),),
    # Scala debug(...) 3.0–3.9; the Java GroupMetadataManager log.info(...) on trunk (4.0)
    "group.pending_member_joined": (("3.0-3.9", "DEBUG"),),
    # HeartbeatResponseHandler: log.debug 1.0–1.1 (1.1.1), log.info from 2.0 (2.0.1)
    "consumer.heartbeat_failed.rebalancing": (("1.0-1.1", "DEBUG"),),
    "consumer.heartbeat_failed.unknown_member": (("1.0-1.1", "DEBUG"),),
    "consumer.heartbeat_failed.generation": (("1.0-1.1", "DEBUG"),),
    # maybeLeaveGroup: log.debug up to 2.0.1, log.info in 2.1.1
    "consumer.leave.1_0": (("1.0-2.0", "DEBUG"),),
    # JoinGroupResponseHandler / SyncGroupResponseHandler / heartbeat: log.error (0.10.0.1 → trunk)
    "consumer.join_failed.fatal.0_10": (("0.10+", "ERROR"),),
    "consumer.join_failed.fatal.1_0": (("0.10+", "ERROR"),),
    "consumer.join_failed.fatal": (("0.10+", "ERROR"),),
    "consumer.join_failed.unexpected.2_2": (("0.10+", "ERROR"),),
    "consumer.join_failed.unexpected": (("0.10+", "ERROR"),),
    "consumer.join_failed.fenced.2_6": (("0.10+", "ERROR"),),
    "consumer.join_failed.fenced": (("0.10+", "ERROR"),),
    "consumer.sync_failed.fenced.2_6": (("0.10+", "ERROR"),),
    "consumer.sync_failed.fenced": (("0.10+", "ERROR"),),
    "consumer.fenced.2_3": (("0.10+", "ERROR"),),
    "consumer.heartbeat_failed.fenced": (("0.10+", "ERROR"),),
    # Partition.updateIsr's success line: trace() up to 2.3, info() from 2.4 (read at the tags)
    "isr.updated.zk": (("0.8-2.3", "TRACE"),),
    # PartitionStateMachine's "Changed partition … with state": trace() up to 2.5, info() from 2.6
    "scl.partition_online": (("1.1-2.5", "TRACE"),),
    # ControllerChannelManager: stateChangeLogger.trace(...) in every version (0.9 -> 3.9)
    "scl.send_lai.0_9": (("0.9-0.11", "TRACE"),),
    "scl.send_lai": (("1.0+", "TRACE"),),
    # ReplicaManager.becomeLeaderOrFollower: stateChangeLogger.trace(...) per partition (0.10.0.1,
    # 0.10.2.2, 0.11.0.2, 1.0.2, 2.3.1, 2.4.1, 2.5.1, 2.6.3, 3.5.2); the 2.6+ batch lines info(...)
    "broker_state.lai_received.0_8": (("0.8-0.11", "TRACE"),),
    "broker_state.lai_received.1_0": (("1.0-2.3", "TRACE"),),
    "broker_state.lai_received.2_6": (("2.4+", "TRACE"),),
    "broker_state.lai_handling_batch": (("2.6+", "INFO"),),
    "broker_state.lai_finished": (("2.7+", "INFO"),),
    "selector.unclean": (("0.8-1.0", "WARN"),),
    # KafkaController.onControllerResignation: debug("Controller resigning, broker id N") 0.10.2.0-0.11.0.0,
    # debug("Resigning") 1.0.0-3.8.0; register*NotificationListener: debug(...) 0.10.2.0-1.0.0
    "controller.resigning.0_9": (("0.9-0.11", "DEBUG"),),
    "controller.resigning.1_0": (("1.0+", "DEBUG"),),
    "controller.listener_registration": (("0.9-1.0", "DEBUG"),),
    # ReplicaStateMachine: stateChangeLogger.trace(...) for every successful replica transition
    # (0.10.2.2, 0.11.0.2, 1.0.2, 1.1.1, 2.5.1, 2.6.3, 3.5.2); the 2.6+ ISR removal's line info(...)
    "scl.replica.0_8_1": (("0.8-0.11", "TRACE"),),
    "scl.replica": (("1.0+", "TRACE"),),
    # ReplicaManager.makeFollowers: stateChangeLogger.trace(...) (0.10.2.2, 0.11.0.2, 1.0.2, 2.0.1, 2.5.1)
    "broker_state.become.truncated.0_8": (("0.8-0.11", "TRACE"),),
    "broker_state.become.truncated.1_0": (("1.0-1.1", "TRACE"),),
    "broker_state.become.truncated.2_0": (("2.0-2.5", "TRACE"),),
    # ReplicaFetcherThread.truncate / maybeTruncate: warn(...) (2.0.1 -> 3.5.2)
    "fetcher.truncate_below_hw": (("2.0+", "WARN"),),
    # KafkaServer.controlledShutdown (0.10.2.0, 1.1.0, 2.4.0, 2.8.0, 3.0.0, 3.1.0, 3.4.0): warn("Retrying
    # … failed...") up to 3.0, info("Retrying … (N retries remaining)") from 3.1; warn("Proceeding to do
    # an unclean shutdown …") in every version; the remaining partitions info(...) up to 3.0, debug(...) 3.1+
    "broker.controlled_shutdown_retry": (("0.8-3.0", "WARN"),),
    "broker.unclean_shutdown": (("0.8-3.9", "WARN"),),
    "broker.controlled_shutdown_remaining": (("3.1-3.9", "DEBUG"),),
    # KafkaController.doControlledShutdown (shutdownBroker to 1.0): debug(...) (0.10.2.0, 1.1.0, 2.8.0, 3.4.0)
    "controller.shutting_brokers": (("0.8-3.9", "DEBUG"),),
    "controller.live_brokers": (("0.8-3.9", "DEBUG"),),
})


#: logger -> ((versions, level), ...): a logger Kafka's default ``config/log4j.properties`` sets
#: apart from the root's INFO.  ``state.change.logger=TRACE, stateChangeAppender`` up to 2.5
#: (read at 0.10.0.1, 0.10.1.1, 0.10.2.2, 0.11.0.3, 1.0.2, 1.1.1, 2.0.1, 2.5.1), ``INFO`` from
#: 2.6 (2.6.3, 3.5.2, 3.9.0), when KAFKA-10074 summed the per-partition TRACE lines up at INFO.
#: ``kafka.controller=TRACE, controllerAppender`` in every version (read at 0.10.2.0, 0.11.0.0, 1.0.0,
#: 1.1.0, 2.0.0, 2.5.0, 2.6.0, 3.0.0, 3.5.0, 3.8.0): every logger under it (KafkaController, the
#: state machines, the listeners of 0.8-0.10) writes its DEBUG and TRACE lines to controller.log.
CONFIG_LEVELS: Mapping[str, tuple[tuple[str, str], ...]] = MappingProxyType({
    "state.change.logger": (("0.8-2.5", "TRACE"),),
    "kafka.controller": (("0.8-3.9", "TRACE"),),
})


def threshold_for(logger: str, v: KafkaVersion, level: str) -> int:
    """The lowest level ``logger`` writes in ``v`` when the root logs at ``level``: the level
    Kafka's default config sets on it or its nearest ancestor (log4j's hierarchy: ``kafka.controller``
    holds ``kafka.controller.KafkaController``) where that is lower, else ``level``."""
    order = LEVEL_ORDER[level]
    name = logger
    while True:
        for versions, own in CONFIG_LEVELS.get(name, ()):
            if in_range(versions, v):
                return min(order, LEVEL_ORDER[own])
        if "." not in name:
            return order
        name = name.rsplit(".", 1)[0]


def level_for(template: Template, v: KafkaVersion) -> str:
    for versions, level in LEVELS.get(template.id, ()):
        if in_range(versions, v):
            return level
    return template.level or "INFO"


# --- sites: one place in Kafka's code, its catalogue entries through the versions -------------

SITES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    # -- broker: GroupCoordinator (Scala 0.10–3.9) / GroupMetadataManager (Java, 4.0) --
    "prepare_rebalance": ("group.prepare_rebalance.java", "group.prepare_rebalance.2_1",
                          "group.prepare_rebalance.0_11", "group.prepare_rebalance.0_10"),
    "stabilized": ("group.stabilized.java", "group.stabilized.2_8", "group.stabilized.0_11",
                   "group.stabilized.0_10"),
    "empty": ("group.empty.java", "group.empty.0_11", "group.empty.0_10_1"),
    "dead_and_removed": ("group.dead_and_removed.0_10_0",),
    "assignment_received": ("group.assignment_received.3_0", "group.assignment_received.2_8",
                            "group.assignment_received.0_11", "group.assignment_received.0_10"),
    "member_failed": ("group.member_failed.java", "group.member_failed.0_11", "group.member_failed.0_10"),
    "pending_member_expired": ("group.pending_member_expired",),
    "member_left": ("group.member_left.java", "group.member_left.3_2", "group.member_left.3_0",
                    "group.member_left.2_4", "group.member_left.0_11"),
    "pending_member_left": ("group.pending_member_left.java", "group.pending_member_left.3_0",
                            "group.pending_member_left.2_2"),
    "member_id_required": ("group.member_id_required.java", "group.member_id_required.2_5",
                           "group.member_id_required.2_4"),
    "member_id_created": ("group.member_id_created.java", "group.member_id_created.2_5",
                          "group.member_id_created.2_4"),
    "pending_member_joined": ("group.pending_member_joined", "group.specific_member_joined.2_5"),
    "static_member_created": ("group.static_member_id_created.java", "group.static_member_id_created.3_0",
                              "group.static_member_id_created.2_5"),
    "static_member_added": ("group.static_member_added.2_5",),
    "static_member_replaced": ("group.static_member_replaced.3_0", "group.static_member_replaced.2_5",
                               "group.static_member_replaced.2_3"),
    "unjoined_members_removed": ("group.unjoined_members_removed.2_8", "group.unjoined_members_removed.2_7"),
    "group_dead": ("group.dead",),
    "groups_deleted": ("group.groups_deleted.2_0", "group.groups_deleted.1_1"),
    # -- broker: __consumer_offsets partition load / unload --
    "coordinator_elected": ("group.coordinator_elected.2_8_1", "group.coordinator_elected.2_8_0"),
    "coordinator_resigned": ("group.coordinator_resigned.3_5", "group.coordinator_resigned.2_8_1",
                             "group.coordinator_resigned.2_8_0"),
    "partition_load_scheduled": ("group.runtime_load_scheduled", "group.partition_load_scheduled.2_8_1",
                                 "group.partition_load_scheduled.0_11", "group.partition_loading.0_10"),
    "group_loaded": ("group.classic_group_loaded", "group.loading"),
    "partition_loaded": ("group.runtime_loaded.3_8", "group.partition_loaded.2_8_1",
                         "group.partition_loaded.2_6", "group.partition_loaded.0_11",
                         "group.partition_loaded.0_10"),
    "partition_unload_scheduled": ("group.runtime_unload_scheduled.4_0", "group.partition_unload_scheduled"),
    "partition_unload_started": ("group.runtime_unload_started.4_0",),
    "group_unloaded": ("group.classic_group_unloading", "group.unloading"),
    "partition_unloaded": ("group.runtime_unloaded.4_0", "group.partition_unloaded.3_5",
                           "group.partition_unloaded.2_8_1", "group.partition_unloaded.0_11",
                           "group.partition_groups_unloaded.0_10"),
    # -- the Java consumer (AbstractCoordinator / ConsumerCoordinator) --
    "coordinator_found": ("consumer.coordinator_discovered", "consumer.coordinator_discovered.1_0_0",
                          "consumer.coordinator_discovered.0_10"),
    "coordinator_lost": ("consumer.coordinator_lost.3_3", "consumer.coordinator_lost.2_7",
                         "consumer.coordinator_lost.1_0_2", "consumer.coordinator_lost.1_0_0",
                         "consumer.coordinator_lost.0_10"),
    "joining": ("consumer.joining", "consumer.joining.0_10"),
    "joined": ("consumer.joined.2_6_1", "consumer.joined.1_0", "consumer.joined.0_10"),
    "synced": ("consumer.synced",),
    "assigned": ("consumer.partitions_assigned", "consumer.partitions_assigned.2_2",
                 "consumer.partitions_assigned.1_0", "consumer.partitions_assigned.0_10"),
    "revoked": ("consumer.partitions_revoked", "consumer.partitions_revoked.1_0",
                "consumer.partitions_revoked.0_10"),
    "lost": ("consumer.partitions_lost",),
    "rejoin_requested": ("consumer.rejoin_requested",),
    "hb_rebalancing": ("consumer.heartbeat_failed.rebalancing",
                       "consumer.heartbeat_failed.rebalancing.0_10_2",
                       "consumer.heartbeat_failed.rebalancing.0_10_0"),
    "hb_reset": ("consumer.heartbeat_failed.reset",),
    "hb_unknown_member": ("consumer.heartbeat_failed.unknown_member",
                          "consumer.heartbeat_failed.unknown_member.0_10_2",
                          "consumer.heartbeat_failed.unknown_member.0_10_0"),
    "hb_generation": ("consumer.heartbeat_failed.generation", "consumer.heartbeat_failed.generation.0_10_2",
                      "consumer.heartbeat_failed.generation.0_10_0"),
    "hb_coordinator": ("consumer.heartbeat_failed.coordinator", "consumer.heartbeat_failed.coordinator.2_0",
                       "consumer.heartbeat_failed.coordinator.1_0",
                       "consumer.heartbeat_failed.coordinator.0_10_2",
                       "consumer.heartbeat_failed.coordinator.0_10_0"),
    "fenced_fatal": ("consumer.fenced.2_3",),
    "hb_fenced": ("consumer.heartbeat_failed.fenced",),
    "jf_loading": ("consumer.join_failed.loading", "consumer.join_failed.loading.1_0",
                   "consumer.join_failed.loading.0_10"),
    "jf_unknown_member": ("consumer.join_failed.rejoin", "consumer.join_failed.unknown_member.2_6",
                          "consumer.join_failed.unknown_member.1_0",
                          "consumer.join_failed.unknown_member.0_10"),
    "jf_coordinator": ("consumer.join_failed.coordinator", "consumer.join_failed.coordinator.1_0",
                       "consumer.join_failed.coordinator.0_10"),
    "jf_fenced": ("consumer.join_failed.fenced", "consumer.join_failed.fenced.2_6", "consumer.fenced.2_3"),
    "jf_fatal": ("consumer.join_failed.fatal", "consumer.join_failed.fatal.1_0",
                 "consumer.join_failed.fatal.0_10"),
    "jf_rebalancing": ("consumer.join_failed.rebalance_in_progress",),
    "jf_member_id_required": ("consumer.join_failed.member_id_required",
                              "consumer.join_failed.member_id_required.2_7",
                              "consumer.join_failed.member_id_required.2_6"),
    "jf_unexpected": ("consumer.join_failed.unexpected", "consumer.join_failed.unexpected.2_2"),
    "sf_rebalancing": ("consumer.sync_failed.rebalance", "consumer.sync_failed.rebalance.1_0",
                       "consumer.sync_failed.rebalance.0_10"),
    "sf_rejoin": ("consumer.sync_failed.rejoin", "consumer.sync_failed.rejoin.2_6",
                  "consumer.sync_failed.1_0", "consumer.sync_failed.0_10"),
    "sf_coordinator": ("consumer.sync_failed.coordinator", "consumer.sync_failed.coordinator.2_6",
                       "consumer.sync_failed.1_0", "consumer.sync_failed.0_10"),
    "sf_fenced": ("consumer.sync_failed.fenced", "consumer.sync_failed.fenced.2_6", "consumer.fenced.2_3"),
    "poll_timeout": ("consumer.poll_timeout", "consumer.poll_timeout.2_1"),
    "leave_poll_timeout": ("consumer.poll_timeout.2_4",),
    "leave": ("consumer.leave", "consumer.leave.2_2", "consumer.leave.1_0", "consumer.leave.0_10"),
    # -- broker: Partition (the leader's ISR maintenance) --
    "isr_shrink": ("isr.shrink.3_6", "isr.shrink.2_2", "isr.shrink.0_11", "isr.shrink.0_8"),
    "isr_expand": ("isr.expand.0_11", "isr.expand.0_8"),
    "isr_updated_zk": ("isr.updated.zk",),
    "isr_updated_alter": ("isr.updated.3_5", "isr.updated.3_1", "isr.updated.2_8",
                          "isr.updated.2_7_alter_isr"),
    "cached_zk_version": ("isr.cached_zk_version.2_4", "isr.cached_zk_version.0_8"),
    "log_truncated": ("log.truncate", "log.truncate.0_8"),
    # -- controller: elections --
    "partition_online": ("scl.partition_online",),
    "unclean_selected": ("selector.unclean",),
    # -- controller: LeaderAndIsr sent (ControllerChannelManager.sendRequestsToBrokers) --
    "lai_sent": ("scl.send_lai", "scl.send_lai.0_9"),
    # -- broker: Partition.makeLeader / makeFollower at a new leader epoch --
    "leader_epoch_start": ("leader_epoch.start.3_6", "leader_epoch.start.3_5", "leader_epoch.start.3_3",
                           "leader_epoch.start.2_6", "leader_epoch.start.2_4", "leader_epoch.start.0_11"),
    "follower_epoch_start": ("follower_epoch.start.3_6", "follower_epoch.start.3_3",
                             "follower_epoch.start.2_6"),
    # -- broker: ReplicaManager.becomeLeaderOrFollower, a LeaderAndIsr received --
    "lai_received": ("broker_state.lai_received.2_6", "broker_state.lai_received.1_0",
                     "broker_state.lai_received.0_8"),
    "lai_handling": ("broker_state.lai_handling_batch",),
    "lai_finished": ("broker_state.lai_finished",),
    # -- controller: broker membership (KafkaController.processBrokerChange / onBrokerFailure /
    # onBrokerStartup / doControlledShutdown; BrokerChangeListener up to 0.10) --
    "broker_change_fired": ("listener.broker_change_fired",),
    "brokers_changed": ("controller.broker_change.2_2", "controller.broker_change.0_11",
                        "listener.broker_change"),
    "broker_failure": ("controller.broker_failure",),
    "broker_startup": ("controller.broker_startup",),
    "shutting_brokers_removed": ("controller.shutting_brokers_removed",),
    "controlled_shutdown": ("controller.controlled_shutdown",),
    "controller_shutting_brokers": ("controller.shutting_brokers",),
    "controller_live_brokers": ("controller.live_brokers",),
    # -- broker: KafkaServer.controlledShutdown (ZooKeeper mode) --
    "cs_starting": ("broker.controlled_shutdown",),
    "cs_succeeded": ("broker.controlled_shutdown_returned_ok", "broker.controlled_shutdown_succeeded"),
    "cs_returned_remaining": ("broker.controlled_shutdown_returned_remaining",),
    "cs_returned_error": ("broker.controlled_shutdown_returned_error",),
    "cs_remaining": ("broker.controlled_shutdown_remaining",),
    "cs_error": ("broker.controlled_shutdown_error", "broker.controlled_shutdown_error_code"),
    "cs_no_controller": ("broker.controlled_shutdown_no_controller",),
    "cs_retry": ("broker.controlled_shutdown_retry.3_1", "broker.controlled_shutdown_retry"),
    "cs_unclean": ("broker.unclean_shutdown",),
    # -- controller: its election and failover (KafkaController.elect / onControllerFailover,
    # ZookeeperLeaderElector.elect up to 0.10) and its resignation (onControllerResignation) --
    "controller_elected": ("controller.elected.2_1", "controller.elected.0_11", "elector.elected"),
    "controller_becoming": ("controller.becoming.1_0", "controller.becoming.0_8"),
    "controller_epoch_reading": ("controller.epoch_reading",),
    "controller_epoch_initialized": ("controller.epoch_initialized",),
    "controller_epoch_incrementing": ("controller.epoch_incrementing",),
    "controller_epoch_incremented": ("controller.epoch_incremented.1_1", "controller.epoch_incremented.1_0",
                                     "controller.epoch_incremented.0_8"),
    "controller_listener_registration": ("controller.listener_registration",),
    "controller_registering_handlers": ("controller.registering_handlers",),
    "controller_deleting_log_dir_events": ("controller.deleting_log_dir_events",),
    "controller_deleting_isr_changes": ("controller.deleting_isr_changes",),
    "controller_initializing_context": ("controller.initializing_context",),
    "controller_fetching_deletions": ("controller.fetching_deletions",),
    "controller_initializing_deletion_manager": ("controller.initializing_deletion_manager",),
    "controller_sending_update_metadata": ("controller.sending_update_metadata",),
    "controller_ready": ("controller.ready.1_0", "controller.ready.0_8"),
    "controller_resigning": ("controller.resigning.1_0", "controller.resigning.0_9"),
    "controller_resigned": ("controller.resigned.1_0", "controller.resigned.0_9"),
    # -- controller: the replica state machine --
    "replica_state": ("scl.replica", "scl.replica.0_8_1"),
    "replica_isr_removed": ("scl.isr_removed",),
    # -- broker: ReplicaManager.makeFollowers (the pre-0.11 truncation to the high watermark's site) --
    "become_truncated": ("broker_state.become.truncated.2_0", "broker_state.become.truncated.1_0",
                         "broker_state.become.truncated.0_8"),
    # -- broker: the fetcher's truncation (AbstractFetcherThread / ReplicaFetcherThread) --
    "fetcher_truncate_epoch": ("fetcher.truncate_epoch.3_1",),
    "fetcher_epoch_unknown": ("fetcher.epoch_unknown_to_replica",),
    "fetcher_below_hw": ("fetcher.truncate_below_hw",),
    # -- broker: a replica's log opened (Partition.getOrCreateReplica / createLog, Replica) --
    "hw_none_checkpointed": ("hw.none_checkpointed",),
    "hw_initial": ("hw.initial.2_4", "hw.initial.replica"),
    # -- broker, KRaft: makeLeader / makeFollower at the same leader epoch (3.3+) --
    "leader_skipped": ("broker_state.become.skipped_leader.3_3_same_epoch",),
    "follower_skipped": ("broker_state.become.skipped_follower.3_3_same_epoch",),
    # -- the KRaft controller (replay/emit_kraft.py) --
    "kraft_topic_created": ("kraft.topic_record", "kraft.topic_created.3_0"),
    "kraft_partition_created": ("kraft.partition_record.new", "kraft.partition_created.3_0"),
    "kraft_unclean_change": ("kraft.partition_change.unclean",),
    "kraft_changing": ("kraft.changing_partitions",),
    "kraft_fencing": ("kraft.fencing.4_0", "kraft.fencing"),
    "kraft_unfence_granted": ("kraft.unfence_granted", "kraft.unfence_granted.3_3",
                              "kraft.unfence_granted.2_8"),
    "kraft_unfenced": ("kraft.registration_change.unfenced", "kraft.broker_unfenced.3_3",
                       "kraft.broker_unfenced.2_8"),
    "kraft_fenced": ("kraft.registration_change.fenced", "kraft.broker_fenced.3_3",
                     "kraft.broker_fenced.2_8"),
    "kraft_controlled_shutdown": ("kraft.controlled_shutdown.entered",),
    "kraft_cs_marked": ("kraft.registration_change.controlled_shutdown",),
    "kraft_shutdown_granted": ("kraft.shutdown_granted",),
})


def entry(site: str, v: KafkaVersion) -> Template | None:
    """The catalogue entry ``site`` logs with in ``v``: the first whose versions hold ``v`` and
    one of whose loggers that version logs under; ``None`` where the site logs nothing then."""
    for template_id in SITES[site]:
        t = CATALOGUE.get(template_id)
        if in_range(t.versions, v) and logger_for(t, v) is not None:
            return t
    return None


def logs_at(site: str, v: KafkaVersion, level: str = "INFO") -> bool:
    """Whether ``site`` writes a line in ``v`` under a root logger at ``level`` (Kafka's default
    config: INFO): a re-run expects no line of a step its version logs only below that."""
    t = entry(site, v)
    if t is None:
        return False
    logger = logger_for(t, v)
    return logger is not None and LEVEL_ORDER[level_for(t, v)] >= threshold_for(logger, v, level)


# --- filling ----------------------------------------------------------------------------------------

class WordingError(Exception):
    """A catalogue entry cannot be filled (a missing value): a defect of this module."""


class Each(tuple[object, ...]):
    """Values for the successive occurrences of one placeholder (the MEMBER_ID_REQUIRED line
    names the new member id, then the sent generation's empty one)."""


def fill(text: str, values: Mapping[str, object], raw: Sequence[str] = ()) -> str:
    """``text`` with its placeholders replaced: ``{name}`` by ``values[name]`` (an :class:`Each`
    gives one value per occurrence), the ``{~regex~}`` pieces in order by ``raw`` (an optional
    piece, ``(...)?``, left out when ``raw`` runs out)."""
    out: list[str] = []
    pos = 0
    pieces = iter(raw)
    seen: dict[str, int] = {}
    for m in _PLACEHOLDER.finditer(text):
        out.append(text[pos : m.start()])
        pos = m.end()
        if m.group("raw") is not None:
            piece = next(pieces, None)
            if piece is None:
                if not m.group("raw").endswith("?"):
                    raise WordingError(f"{text!r}: no text for the raw piece {m.group('raw')!r}")
                piece = ""
            out.append(piece)
            continue
        name = m.group("name")
        if name not in values:
            raise WordingError(f"{text!r}: no value for {{{name}}}")
        value = values[name]
        if isinstance(value, Each):
            k = seen.get(name, 0)
            seen[name] = k + 1
            value = value[min(k, len(value) - 1)]
        out.append(str(value))
    out.append(text[pos:])
    return "".join(out)


@dataclass(frozen=True)
class Rendered:
    """One log record: its level, its logger and its message (prefix included)."""

    template: str
    level: str
    logger: str
    message: str


def render(site: str, v: KafkaVersion, values: Mapping[str, object], ident: Mapping[str, object], *,
           raw: Sequence[str] = ()) -> Rendered | None:
    """The record ``site`` writes in ``v`` (None where it logs nothing): its message with
    ``values``, its prefix with ``ident`` (the same name may print differently in the two: a
    consumer's ``instanceId=x`` prefix and its ``group instance id Optional[x]`` text)."""
    t = entry(site, v)
    if t is None:
        return None
    logger = logger_for(t, v)
    assert logger is not None
    static = ident.get("instance_id") is not None
    prefix = prefix_for(t, logger, v, static)
    if prefix is None:
        raise WordingError(f"{t.id}: the catalogue has no prefix for {logger} in {_show(v)}")
    # A prefix's raw pieces (Connect's MDC context) are optional and left out.
    message = fill(prefix, ident) + fill(t.text, values, raw)
    return Rendered(t.id, level_for(t, v), logger, message)


def _show(v: KafkaVersion) -> str:
    return ".".join(str(p) for p in v if p != LATEST_PATCH)


# --- texts Kafka builds outside the message -----------------------------------------------------

def scala_option(value: str | None) -> str:
    """A Scala ``Option[String]`` as string interpolation prints it."""
    return "None" if value is None else f"Some({value})"


def java_optional(value: str | None) -> str:
    """A ``java.util.Optional<String>`` as ``toString`` prints it."""
    return "Optional.empty" if value is None else f"Optional[{value}]"


def rebalance_reason(kind: str, v: KafkaVersion, member: str, *, instance_id: str | None = None,
                     client_reason: str | None = None) -> str:
    """The ``(reason: …)`` of "Preparing to rebalance" (2.1+) for the three triggers an effect
    names: ``new_member`` (addMemberAndRebalance), ``heartbeat_expiration`` (onExpireHeartbeat),
    ``leave`` (handleLeaveGroup).  Read in GroupCoordinator.scala 2.1.1, 2.3.1, 2.5.1, 2.8.2,
    3.0.2, 3.2.3, 3.9.0 and trunk's GroupMetadataManager.java (4.0)."""
    java = v >= (4, 0, 0)
    said = "not provided" if client_reason is None else client_reason  # JoinGroupRequest.joinReason
    if kind == "new_member":
        if java:  # Java string concatenation prints a null instance id as "null"
            shown = "null" if instance_id is None else instance_id
            return f"Adding new member {member} with group instance id {shown}; client reason: {said}"
        if v < (2, 3, 0):
            return f"Adding new member {member}"
        spelled = "instanceid" if v < (2, 5, 0) else "instance id"  # the 2.3–2.4 typo
        text = f"Adding new member {member} with group {spelled} {scala_option(instance_id)}"
        return text + (f"; client reason: {said}" if v >= (3, 2, 0) else "")  # KIP-800
    if kind == "heartbeat_expiration":
        return f"removing member {member} on heartbeat expiration" + ("." if java else "")
    if kind == "leave":
        if java:
            return f"explicit `LeaveGroup` request for ({member}) members."
        if v < (3, 0, 0):
            return f"removing member {member} on LeaveGroup"
        text = f"Removing member {member} on LeaveGroup"
        return text + (f"; client reason: {said}" if v >= (3, 2, 0) else "")
    raise ValueError(f"no rebalance reason for {kind!r}")


#: ``Errors`` messages a consumer line prints (Errors.java: 0.10.0.1, 0.10.2.2, 0.11.0.2, 1.0.2,
#: 2.0.1, 2.1.1, 2.2.2, 2.4.1, 2.7.2, 3.0.2, 3.5.2, 3.9.0, trunk): (name, versions, message).
ERROR_MESSAGES: tuple[tuple[str, str, str], ...] = (
    ("COORDINATOR_LOAD_IN_PROGRESS", "0.10",
     "The coordinator is loading and hence can't process requests for this group."),
    ("COORDINATOR_LOAD_IN_PROGRESS", "0.11+", "The coordinator is loading and hence can't process requests."),
    ("COORDINATOR_NOT_AVAILABLE", "0.10", "The group coordinator is not available."),
    ("COORDINATOR_NOT_AVAILABLE", "0.11+", "The coordinator is not available."),
    ("NOT_COORDINATOR", "0.10", "This is not the correct coordinator for this group."),
    ("NOT_COORDINATOR", "0.11+", "This is not the correct coordinator."),
    ("ILLEGAL_GENERATION", "0.10+", "Specified group generation id is not valid."),
    ("UNKNOWN_MEMBER_ID", "0.10+", "The coordinator is not aware of this member."),
    ("REBALANCE_IN_PROGRESS", "0.10+", "The group is rebalancing, so a rejoin is needed."),
    ("INCONSISTENT_GROUP_PROTOCOL", "0.10-0.11",
     "The group member's supported protocols are incompatible with those of existing members."),
    ("INCONSISTENT_GROUP_PROTOCOL", "1.0+",
     "The group member's supported protocols are incompatible with those of existing members or first "
     "group member tried to join with empty protocol type or empty protocol list."),
    ("INVALID_SESSION_TIMEOUT", "0.10+",
     "The session timeout is not within the range allowed by the broker (as configured by "
     "group.min.session.timeout.ms and group.max.session.timeout.ms)."),
    ("MEMBER_ID_REQUIRED", "2.2-2.6",
     "The group member needs to have a valid member id before actually entering a consumer group"),
    ("MEMBER_ID_REQUIRED", "2.7+",
     "The group member needs to have a valid member id before actually entering a consumer group."),
    ("GROUP_MAX_SIZE_REACHED", "2.2+", "The consumer group has reached its max size."),
    ("FENCED_INSTANCE_ID", "2.3+",
     "The broker rejected this static consumer since another consumer with the same group.instance.id "
     "has registered with a different member.id."),
    ("UNKNOWN_SERVER_ERROR", "0.10-2.0",
     "The server experienced an unexpected error when processing the request"),
    ("UNKNOWN_SERVER_ERROR", "2.1+",
     "The server experienced an unexpected error when processing the request."),
)


def error_message(name: str, v: KafkaVersion) -> str:
    for code, versions, message in ERROR_MESSAGES:
        if code == name and in_range(versions, v):
            return message
    return name  # not a group error: Kafka's message is not in this table


#: error names a version printed before a rename (Errors.java; kafka_errors.RENAMED): (name, until, old)
_OLD_ERROR_NAMES: tuple[tuple[str, KafkaVersion, str], ...] = (
    ("COORDINATOR_LOAD_IN_PROGRESS", (0, 11, 0), "GROUP_LOAD_IN_PROGRESS"),
    ("COORDINATOR_NOT_AVAILABLE", (0, 11, 0), "GROUP_COORDINATOR_NOT_AVAILABLE"),
    ("NOT_COORDINATOR", (0, 11, 0), "NOT_COORDINATOR_FOR_GROUP"),
    ("UNKNOWN_SERVER_ERROR", (1, 0, 0), "UNKNOWN"),
)


def error_name(name: str, v: KafkaVersion) -> str:
    """An ``Errors`` constant as ``v`` names it (``NOT_COORDINATOR_FOR_GROUP`` before 0.11)."""
    for current, until, old in _OLD_ERROR_NAMES:
        if name == current and v < until:
            return old
    return name


#: the JoinGroup errors the Java consumer treats as fatal (JoinGroupResponseHandler, 0.10 → 4.0)
FATAL_JOIN_ERRORS = frozenset({"INCONSISTENT_GROUP_PROTOCOL", "INVALID_SESSION_TIMEOUT", "INVALID_GROUP_ID",
                               "GROUP_AUTHORIZATION_FAILED", "GROUP_MAX_SIZE_REACHED"})
COORDINATOR_ERRORS = frozenset({"COORDINATOR_NOT_AVAILABLE", "NOT_COORDINATOR"})

#: LeaveGroup reasons of the Java consumer (AbstractCoordinator.maybeLeaveGroup, 2.4+)
CLOSE_REASON = "the consumer is being closed"
POLL_TIMEOUT_LEAVE_REASON = "consumer poll timeout has expired."  # 3.0+; 2.4–2.8 send the WARN text
POLL_TIMEOUT_WARNING = "consumer " + POLL_TIMEOUT_TEXT


def node(host: str, broker: int, port: int = 9092) -> str:
    """The group coordinator as the consumer prints it: ``Node.toString`` of the coordinator
    connection, whose id is ``Integer.MAX_VALUE - brokerId`` (AbstractCoordinator, 0.10 → 4.0)."""
    return f"{host}:{port} (id: {2147483647 - broker} rack: null)"


def generation(generation_id: int, member_id: str, protocol: str | None) -> str:
    """``AbstractCoordinator.Generation#toString`` (2.6.1+)."""
    return f"Generation{{generationId={generation_id}, memberId='{member_id}', protocol='{protocol}'}}"


def java_collection(items: Sequence[str]) -> str:
    """``AbstractCollection#toString``: ``[a, b]``."""
    return "[" + ", ".join(items) + "]"


def joined(items: Sequence[str]) -> str:
    """``Utils.join(items, ", ")``: ``a, b``."""
    return ", ".join(items)
