"""Catalogue entries: partition replication on the broker (leader and follower sides).

What a broker logs about the partitions it hosts: the leader's ISR shrink / expand and
the committed ISR change (ZooKeeper write, later AlterIsr / AlterPartition), the high
watermark, becoming leader or follower at a leader epoch, produce failures for lack of
in-sync replicas, the follower's fetcher (truncation, offset resets, errors), the log
layer (truncation, log start offset, loading and recovery, segments, producer state) and
the leader-epoch cache; plus the *broker-context* lines of ``state.change.logger``
(``[Broker id=N] `` from 1.0, text beginning ``Broker N `` before): LeaderAndIsr /
StopReplica / UpdateMetadata handling and the KRaft broker's metadata-delta transitions.

Wording per version was read in Kafka's source (kafka-log-templates.md §1.3, §4, §10–11
is the map); each entry's ``versions`` say where its wording holds.  Conventions:

* ``node`` is always the logging broker, from its prefix (``[Partition t-0 broker=1]``,
  ``[ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0]``, ``[Broker id=1]`` …); the
  fetcher prefix also names the ``leader`` it fetches from.
* ``zk_version`` is the ZooKeeper znode version of the partition state, and from 3.3 the
  KRaft / KIP-841 "partition epoch" that replaced it in the same messages.
* Controller requests seen by the broker carry ``api`` (LeaderAndIsr, StopReplica,
  UpdateMetadata), ``controller``, ``controller_epoch`` and ``correlation_id``; the
  become-leader / become-follower role is ``state`` (``leader`` / ``follower``).
"""

from __future__ import annotations

import polars as pl

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import (
    epoch_entries,
    exception_class,
    fetch_targets,
    lagging_replicas,
    node_is_leader,
    partition_state,
    proposed_isr,
    segment_base_offset,
    truncation_at_hw,
)

# --- loggers ---------------------------------------------------------------------------
PARTITION = ("kafka.cluster.Partition",)
REPLICA = ("kafka.cluster.Replica",)
REPLICA_MANAGER = ("kafka.server.ReplicaManager",)
LOG_DIR_FAILURE_HANDLER = ("kafka.server.ReplicaManager$LogDirFailureHandler",)
FETCHER_THREAD = ("kafka.server.ReplicaFetcherThread",)
# The alter-log-dirs manager (JBOD moves, 1.1+) runs the same AbstractFetcherManager code
# and so logs the same lines; its logger name tells the two apart.
FETCHER_MANAGER = ("kafka.server.ReplicaFetcherManager", "kafka.server.ReplicaAlterLogDirsManager")
STATE_CHANGE = ("state.change.logger",)
# kafka.log.Log (≤3.0) became UnifiedLog + LocalLog (3.1, KAFKA-12554) and LogLoader
# (3.0); Scala objects log with a trailing `$`; 4.0 moved them to Java in
# org.apache.kafka.storage.internals.log.
LOG = (
    "kafka.log.Log", "kafka.log.UnifiedLog", "kafka.log.UnifiedLog$",
    "org.apache.kafka.storage.internals.log.UnifiedLog",
)
LOCAL_LOG = ("kafka.log.LocalLog", "kafka.log.LocalLog$", "org.apache.kafka.storage.internals.log.LocalLog")
LOG_LOADER = (
    "kafka.log.LogLoader", "kafka.log.LogLoader$", "org.apache.kafka.storage.internals.log.LogLoader",
)
# Producer-state loading moved between these classes over time (Log → UnifiedLog$ → Java
# UnifiedLog), always printing the LogLoader / Log prefix, so they share entries.
LOG_ANY = LOG + LOCAL_LOG + LOG_LOADER
LOG_SEGMENT = ("kafka.log.LogSegment", "org.apache.kafka.storage.internals.log.LogSegment")
PRODUCER_STATE_MANAGER = (
    "kafka.log.ProducerStateManager", "org.apache.kafka.storage.internals.log.ProducerStateManager",
)
SNAPSHOT_FILE = ("kafka.log.SnapshotFile", "org.apache.kafka.storage.internals.log.SnapshotFile")
EPOCH_CACHE = (
    "kafka.server.epoch.LeaderEpochFileCache",
    "org.apache.kafka.storage.internals.epoch.LeaderEpochFileCache",  # 3.5+
)
ALTER_ISR_MANAGER = (
    "kafka.server.AlterIsrManagerImpl",  # 2.7
    "kafka.server.DefaultAlterIsrManager",  # 2.8-3.2
    "kafka.server.DefaultAlterPartitionManager",  # 3.3+
)

# --- logIdent prefixes (kafka-log-templates.md §1.3) -----------------------------------
PARTITION_PREFIX = Prefix(
    "Partition [{topic},{partition}] on broker {node}: ",  # 0.8-0.11
    "[Partition {tp} broker={node}] ",  # 1.0+
)
BROKER = Prefix("[Broker id={node}] ")  # state.change.logger, broker context, 1.0+
REPLICA_MANAGER_PREFIX = Prefix("[Replica Manager on Broker {node}]: ", "[ReplicaManager broker={node}] ")
# ShutdownableThread: `[name], ` (≤0.10), `[name]: ` (0.11); LogContext 1.0+
FETCHER_PREFIX = Prefix(
    "[ReplicaFetcherThread-{_fetcher:int}-{leader}], ",
    "[ReplicaFetcherThread-{_fetcher:int}-{leader}]: ",
    "[ReplicaFetcher replicaId={node}, leaderId={leader}, fetcherId={_fetcher:int}] ",
)
FETCHER_MANAGER_PREFIX = Prefix(
    "[ReplicaFetcherManager on broker {node}] ", "[ReplicaAlterLogDirsManager on broker {node}] "
)
# 0.8-0.11 Log lines carry no prefix (the log's name is in the text).
LOG_PREFIX = Prefix(
    "[Log partition={tp}, dir={details.dir}] ",
    "[UnifiedLog partition={tp}, dir={details.dir}] ",
    "[LocalLog partition={tp}, dir={details.dir}] ",
    "[LogLoader partition={tp}, dir={details.dir}] ",
)
LOG_PREFIX_OPT = Prefix(*LOG_PREFIX.alternatives, optional=True)
EPOCH_CACHE_PREFIX = Prefix("[LeaderEpochCache {tp}] ")
PRODUCER_STATE_PREFIX = Prefix("[ProducerStateManager partition={tp}] ")
PRODUCER_STATE_PREFIX_OPT = Prefix(*PRODUCER_STATE_PREFIX.alternatives, optional=True)  # 0.11: none

# topic-partition as `[t,0]` (0.8-0.10 TopicAndPartition and explicit `[%s,%d]`) or `t-0`
TP_ANY = "{~(?:~}{tap}{~|~}{tp}{~)~}"
# Scala Option / Java Optional topic id, or a bare Uuid
TOPIC_ID = "{details.topic_id:opt}"


def _t(
    tid: str, kind: Kind, versions: str, loggers: tuple[str, ...], text: str, example: str | tuple[str, ...],
    *, prefix: Prefix | None = None, **kw: object,
) -> Template:
    examples = (example,) if isinstance(example, str) else example
    return Template(id=tid, kind=kind, versions=versions, loggers=loggers, text=text, prefix=prefix,
                    examples=examples, **kw)  # type: ignore[arg-type]


# ======================================================================================
# kafka.cluster.Partition (server.log) — §4.1–4.5
# ======================================================================================
_P = "[2018-09-03 14:22:21,447] INFO [Partition orders-0 broker=1] "
_P_OLD = "[2017-06-12 09:30:14,551] INFO Partition [orders,0] on broker 1: "
_PL = " (kafka.cluster.Partition)"

_ISR_UPDATE_FAILED_27 = "Controller failed to update ISR to {_proposed:text}"
_ISR_UPDATE_FAILED_28 = "Failed to update ISR to {_proposed:text}"
_ALTER_PARTITION_FAILED = "Failed to alter partition to {_proposed:text}"
# 3.3+ DEBUG tail of every "Failed to alter partition" that gives up (sic "new the latest")
_OUT_OF_SYNC = " Partition state may be out of sync, awaiting new the latest metadata."
_PENDING_SHRINK = (
    "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=14, "
    "isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), BrokerState(brokerId=3, "
    "brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), leaderRecoveryState=RECOVERED, "
    "lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), leaderRecoveryState=RECOVERED))"
)
_PENDING_EXPAND_27 = (
    "PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, sentLeaderAndIsr=LeaderAndIsr(leader=1, "
    "leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19))"
)


def _alter_failed(
    tid: str, versions: str, text: str, error: str | None, example: str, level: str
) -> Template:
    const = {"error": error} if error else {}
    return _t(tid, Kind.ISR_UPDATE_FAILED, versions, PARTITION, text,
              f"[2024-03-01 10:55:12,702] {level} [Partition orders-0 broker=1] {example}{_PL}",
              prefix=PARTITION_PREFIX, const=const, derive=_leader_proposed)


def _leader_proposed(df: pl.DataFrame) -> pl.DataFrame:
    return node_is_leader(proposed_isr(df))


PARTITION_TEMPLATES: list[Template] = [
    # --- ISR shrink (leader, task isr-expiration); in AlterIsr mode (2.7+) a proposal --
    _t("isr.shrink.3_6", Kind.ISR_SHRINK, "3.6+", PARTITION,
       "Shrinking ISR from {prev_isr} to {isr}. Leader: (highWatermark: {hw}, endOffset: {leo}). Out of sync "
       "replicas: {details.out_of_sync:lagging_since}.",
       _P.replace("2018-09-03 14:22:21,447", "2024-03-01 10:55:12,640")
       + "Shrinking ISR from 1,2,3 to 1,3. Leader: (highWatermark: 1204331, endOffset: 1204410). Out of sync "
         "replicas: (brokerId: 2, endOffset: 1198002, lastCaughtUpTimeMs: 1709290482112)." + _PL,
       prefix=PARTITION_PREFIX, derive=lagging_replicas,
       note="3.6 added lastCaughtUpTimeMs; endOffset / lastCaughtUpTimeMs print `unknown` when the leader "
            "holds no state for the replica"),
    _t("isr.shrink.2_2", Kind.ISR_SHRINK, "2.2-3.5", PARTITION,
       "Shrinking ISR from {prev_isr} to {isr}. Leader: (highWatermark: {hw}, endOffset: {leo}). Out of sync "
       "replicas: {details.out_of_sync:lagging}.",
       "[2019-04-10 06:44:57,120] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. "
       "Leader: (highWatermark: 91020, endOffset: 91055). Out of sync replicas: (brokerId: 2, endOffset: "
       "90410)."
       + _PL,
       prefix=PARTITION_PREFIX, derive=lagging_replicas),
    _t("isr.shrink.0_11", Kind.ISR_SHRINK, "0.11-2.1", PARTITION,
       "Shrinking ISR from {prev_isr} to {isr}",
       _P + "Shrinking ISR from 1,2,3 to 1,3" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("isr.shrink.0_8", Kind.ISR_SHRINK, "0.8-0.10", PARTITION,
       "Shrinking ISR for partition [{topic},{partition}] from {prev_isr} to {isr}",
       _P_OLD + "Shrinking ISR for partition [orders,0] from 1,2,3 to 1,3" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    # --- ISR expand (leader); gone from 2.8 (only the committed "ISR updated" remains) ---
    _t("isr.expand.0_11", Kind.ISR_EXPAND, "0.11-2.7", PARTITION,
       "Expanding ISR from {prev_isr} to {isr}",
       "[2018-10-17 12:05:17,211] INFO [Partition test-5 broker=10] Expanding ISR from 10,30 to 10,30,20"
       + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader,
       note="2.7 logs it only on the direct-ZooKeeper path (IBP < 2.7-IV2)"),
    _t("isr.expand.0_8", Kind.ISR_EXPAND, "0.8-0.10", PARTITION,
       "Expanding ISR for partition " + TP_ANY + " from {prev_isr} to {isr}",
       "[2021-04-28 16:41:51,067] INFO Partition [dns_kafka_topic,2] on broker 1: Expanding ISR for "
       "partition dns_kafka_topic-2 from 1 to 1,2" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader,
       note="0.8-0.10.0 print the partition as [t,p], 0.10.1+ as t-p"),
    # --- ISR change committed (zk_version / partition epoch after the write) -----------
    _t("isr.updated.3_5", Kind.ISR_UPDATED, "3.5+", PARTITION,
       "ISR updated to {isr} {details.under_min_isr:under_min_isr} and version updated to {zk_version}",
       ("[2024-03-01 10:55:12,701] INFO [Partition orders-0 broker=1] ISR updated to 1,3  and version "
        "updated to 20" + _PL,
        "[2024-03-01 10:57:30,015] INFO [Partition orders-0 broker=1] ISR updated to 1 (under-min-isr) and "
        "version updated to 21" + _PL),
       prefix=PARTITION_PREFIX, derive=node_is_leader,
       note="not under min ISR leaves two spaces: `ISR updated to 1,3  and version …`"),
    _t("isr.updated.3_1", Kind.ISR_UPDATED, "3.1-3.4", PARTITION,
       "ISR updated to {isr} and version updated to {zk_version}",
       "[2022-06-01 08:00:01,100] INFO [Partition orders-0 broker=1] ISR updated to 1,3 and version updated "
       "to 20" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("isr.updated.2_8", Kind.ISR_UPDATED, "2.8-3.0", PARTITION,
       "ISR updated to {isr} and version updated to [{zk_version}]",
       "[2021-04-26 16:13:18,939] INFO [Partition second-0 broker=0] ISR updated to 0,1 and version updated "
       "to [2]" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("isr.updated.2_7_alter_isr", Kind.ISR_UPDATED, "2.7", PARTITION,
       "ISR updated from AlterIsr to {isr} and version updated to [{zk_version}]",
       "[2021-01-12 09:00:20,001] INFO [Partition orders-0 broker=1] ISR updated from AlterIsr to 1,3 and "
       "version updated to [19]" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("isr.updated.zk", Kind.ISR_UPDATED, "0.8-2.7", PARTITION,
       "ISR updated to [{isr}] and zkVersion updated to [{zk_version}]",
       "[2020-02-14 16:50:01,009] INFO [Partition orders-0 broker=1] ISR updated to [1,3] and zkVersion "
       "updated to [18]" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader,
       note="TRACE up to 2.3 (invisible by default), INFO 2.4-2.7 (ZooKeeper path)"),
    # --- the leader's conditional ZooKeeper write lost: KAFKA-2729 "zombie leader" ------
    _t("isr.cached_zk_version.0_8", Kind.ISR_UPDATE_SKIPPED, "0.8-2.3", PARTITION,
       "Cached zkVersion [{zk_version}] not equal to that in zookeeper, skip updating ISR",
       "[2017-06-12 09:30:14,560] INFO Partition [orders,0] on broker 1: Cached zkVersion [17] not equal to "
       "that in zookeeper, skip updating ISR" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("isr.cached_zk_version.2_4", Kind.ISR_UPDATE_SKIPPED, "2.4-2.7", PARTITION,
       "Cached zkVersion {zk_version} not equal to that in zookeeper, skip updating ISR",
       "[2020-02-14 16:50:01,009] INFO [Partition orders-0 broker=1] Cached zkVersion 17 not equal to that "
       "in zookeeper, skip updating ISR" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    # --- AlterIsr / AlterPartition answered with an error ------------------------------
    _alter_failed("isr.alter_failed.3_3_rejected", "3.3+",
                  _ALTER_PARTITION_FAILED + " since the controller rejected the request with {error}. "
                                            "Partition state has been reset to the latest committed state "
                                            "{_committed:text}.",
                  None, f"Failed to alter partition to {_PENDING_SHRINK} since the controller rejected the "
                        "request with INELIGIBLE_REPLICA. Partition state has been reset to the latest "
                        "committed state CommittedPartitionState(isr=Set(1, 2, 3), "
                        "leaderRecoveryState=RECOVERED).", "INFO"),
    _alter_failed("isr.alter_failed.3_3_unknown_partition", "3.3+",
                  _ALTER_PARTITION_FAILED + " since the controller doesn't know about this topic or "
                                            "partition." + _OUT_OF_SYNC, "UNKNOWN_TOPIC_OR_PARTITION",
                  f"Failed to alter partition to {_PENDING_SHRINK} since the controller doesn't know about "
                  "this topic or partition." + _OUT_OF_SYNC, "DEBUG"),
    _alter_failed("isr.alter_failed.3_3_unknown_topic_id", "3.3+",
                  _ALTER_PARTITION_FAILED + " since the controller doesn't know about this topic."
                  + _OUT_OF_SYNC, "UNKNOWN_TOPIC_ID",
                  f"Failed to alter partition to {_PENDING_SHRINK} since the controller doesn't know about "
                  "this topic." + _OUT_OF_SYNC, "DEBUG"),
    _alter_failed("isr.alter_failed.3_3_fenced_epoch", "3.3+",
                  _ALTER_PARTITION_FAILED + " since the leader epoch is old." + _OUT_OF_SYNC,
                  "FENCED_LEADER_EPOCH",
                  f"Failed to alter partition to {_PENDING_SHRINK} since the leader epoch is old."
                  + _OUT_OF_SYNC, "DEBUG"),
    _alter_failed("isr.alter_failed.3_3_invalid_version", "3.3+",
                  _ALTER_PARTITION_FAILED + " because the partition epoch is invalid." + _OUT_OF_SYNC,
                  "INVALID_UPDATE_VERSION",
                  f"Failed to alter partition to {_PENDING_SHRINK} because the partition epoch is invalid."
                  + _OUT_OF_SYNC, "DEBUG"),
    _alter_failed("isr.alter_failed.3_3_invalid_request", "3.3+",
                  _ALTER_PARTITION_FAILED + " because the request is invalid." + _OUT_OF_SYNC,
                  "INVALID_REQUEST",
                  f"Failed to alter partition to {_PENDING_SHRINK} because the request is invalid."
                  + _OUT_OF_SYNC, "DEBUG"),
    _alter_failed("isr.alter_failed.3_2_inflight", "3.2", _ALTER_PARTITION_FAILED
                  + " since there is a pending AlterPartition still inflight. partition state has been reset "
                    "to the latest committed state {_committed:text}", "OPERATION_NOT_ATTEMPTED",
                  f"Failed to alter partition to {_PENDING_SHRINK} since there is a pending AlterPartition "
                  "still inflight. partition state has been reset to the latest committed state "
                  "CommittedPartitionState(isr=Set(1, 2, 3), leaderRecoveryState=RECOVERED)", "DEBUG"),
    _alter_failed("isr.alter_failed.3_2_unknown_partition", "3.2", _ALTER_PARTITION_FAILED
                  + " since the controller doesn't know about this topic or partition. Giving up.",
                  "UNKNOWN_TOPIC_OR_PARTITION",
                  f"Failed to alter partition to {_PENDING_SHRINK} since the controller doesn't know about "
                  "this topic or partition. Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.3_2_fenced_epoch", "3.2", _ALTER_PARTITION_FAILED
                  + " since the leader epoch is old. Giving up.", "FENCED_LEADER_EPOCH",
                  f"Failed to alter partition to {_PENDING_SHRINK} since the leader epoch is old. Giving up.",
                  "DEBUG"),
    _alter_failed("isr.alter_failed.3_2_invalid_version", "3.2", _ALTER_PARTITION_FAILED
                  + " because the partition epoch is invalid. Giving up.", "INVALID_UPDATE_VERSION",
                  f"Failed to alter partition to {_PENDING_SHRINK} because the partition epoch is invalid. "
                  "Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.3_2_invalid_request", "3.2", _ALTER_PARTITION_FAILED
                  + " because the request is invalid. Giving up.", "INVALID_REQUEST",
                  f"Failed to alter partition to {_PENDING_SHRINK} because the request is invalid. Giving "
                  "up.",
                  "DEBUG"),
    _alter_failed("isr.alter_failed.3_1_inflight", "3.1", _ISR_UPDATE_FAILED_28
                  + " since there is a pending ISR update still inflight. ISR state has been reset to the "
                    "latest committed state {_committed:text}", "OPERATION_NOT_ATTEMPTED",
                  f"Failed to update ISR to {_PENDING_SHRINK} since there is a pending ISR update still "
                  "inflight. ISR state has been reset to the latest committed state CommittedIsr(isr=Set(1, "
                  "2, 3))", "DEBUG"),
    _alter_failed("isr.alter_failed.3_1_unknown_partition", "3.1", _ISR_UPDATE_FAILED_28
                  + " since the controller doesn't know about this topic or partition. Giving up.",
                  "UNKNOWN_TOPIC_OR_PARTITION",
                  f"Failed to update ISR to {_PENDING_SHRINK} since the controller doesn't know about this "
                  "topic or partition. Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.3_1_fenced_epoch", "3.1", _ISR_UPDATE_FAILED_28
                  + " since the leader epoch is old. Giving up.", "FENCED_LEADER_EPOCH",
                  f"Failed to update ISR to {_PENDING_SHRINK} since the leader epoch is old. Giving up.",
                  "DEBUG"),
    _alter_failed("isr.alter_failed.3_1_invalid_version", "3.1", _ISR_UPDATE_FAILED_28
                  + " because the version is invalid. Giving up.", "INVALID_UPDATE_VERSION",
                  f"Failed to update ISR to {_PENDING_SHRINK} because the version is invalid. Giving up.",
                  "DEBUG"),
    _alter_failed("isr.alter_failed.2_8_unknown_partition", "2.8-3.0", _ISR_UPDATE_FAILED_28
                  + " since it doesn't know about this topic or partition. Giving up.",
                  "UNKNOWN_TOPIC_OR_PARTITION",
                  f"Failed to update ISR to {_PENDING_EXPAND_27} since it doesn't know about this topic or "
                  "partition. Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.2_8_fenced_epoch", "2.8-3.0", _ISR_UPDATE_FAILED_28
                  + " since we sent an old leader epoch. Giving up.", "FENCED_LEADER_EPOCH",
                  f"Failed to update ISR to {_PENDING_EXPAND_27} since we sent an old leader epoch. Giving "
                  "up.",
                  "DEBUG"),
    _alter_failed("isr.alter_failed.2_8_invalid_version", "2.8-3.0", _ISR_UPDATE_FAILED_28
                  + " due to invalid version. Giving up.", "INVALID_UPDATE_VERSION",
                  f"Failed to update ISR to {_PENDING_EXPAND_27} due to invalid version. Giving "
                  "up.", "DEBUG"),
    _alter_failed("isr.alter_failed.2_8_retrying", "2.8+", _ISR_UPDATE_FAILED_28
                  + " due to unexpected {error}. Retrying.", None,
                  f"Failed to update ISR to {_PENDING_SHRINK} due to unexpected REQUEST_TIMED_OUT. Retrying.",
                  "WARN"),
    _alter_failed("isr.alter_failed.2_7_unknown_partition", "2.7", _ISR_UPDATE_FAILED_27
                  + " since it doesn't know about this topic or partition. Giving up.",
                  "UNKNOWN_TOPIC_OR_PARTITION",
                  f"Controller failed to update ISR to {_PENDING_EXPAND_27} since it doesn't know about this "
                  "topic or partition. Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.2_7_fenced_epoch", "2.7", _ISR_UPDATE_FAILED_27
                  + " since we sent an old leader epoch. Giving up.", "FENCED_LEADER_EPOCH",
                  f"Controller failed to update ISR to {_PENDING_EXPAND_27} since we sent an old leader "
                  "epoch. Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.2_7_invalid_version", "2.7", _ISR_UPDATE_FAILED_27
                  + " due to invalid zk version. Giving up.", "INVALID_UPDATE_VERSION",
                  f"Controller failed to update ISR to {_PENDING_EXPAND_27} due to invalid zk version. "
                  "Giving up.", "DEBUG"),
    _alter_failed("isr.alter_failed.2_7_retrying", "2.7", _ISR_UPDATE_FAILED_27
                  + " due to unexpected {error}. Retrying.", None,
                  f"Controller failed to update ISR to {_PENDING_EXPAND_27} due to unexpected "
                  "REQUEST_TIMED_OUT. Retrying.", "WARN"),
    # --- becoming leader at a leader epoch (in server.log up to 2.5) -------------------
    _t("leader_epoch.start.2_4", Kind.LEADER_EPOCH_START, "2.4-2.5", PARTITION,
       "{tp} starts at leader epoch {leader_epoch} from offset {offset} with high watermark {hw}. Previous "
       "leader epoch was {prev_leader_epoch}.",
       "[2020-06-30 22:10:45,300] INFO [Partition orders-0 broker=2] orders-0 starts at leader epoch 14 from "
       "offset 95510 with high watermark 95502. Previous leader epoch was 13." + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("leader_epoch.start.0_11", Kind.LEADER_EPOCH_START, "0.11-2.3", PARTITION,
       "{tp} starts at Leader Epoch {leader_epoch} from offset {offset}. Previous Leader Epoch was: "
       "{prev_leader_epoch}",
       "[2020-01-31 23:08:31,515] INFO [Partition __consumer_offsets-0 broker=0] __consumer_offsets-0 starts "
       "at Leader Epoch 0 from offset 0. Previous Leader Epoch was: -1" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader,
       note="offset is the leader's log end offset (0.11-1.1) / the epoch's start offset (2.0+)"),
    # --- high watermark ------------------------------------------------------------------
    _t("hw.initial.2_4", Kind.HW_INITIAL, "2.4+", PARTITION,
       "Log loaded for partition {tp} with initial high watermark {hw}",
       "[2025-05-14 23:10:02,256] INFO [Partition __consumer_offsets-13 broker=0] Log loaded for partition "
       "__consumer_offsets-13 with initial high watermark 0" + _PL,
       prefix=PARTITION_PREFIX),
    _t("hw.none_checkpointed", Kind.HW_INITIAL, "0.8+", PARTITION,
       "No checkpointed highwatermark is found for partition " + TP_ANY,
       ("[2021-04-28 16:40:02,678] INFO Partition [dns_kafka_topic,2] on broker 1: No checkpointed "
        "highwatermark is found for partition dns_kafka_topic-2" + _PL,
        "[2025-05-14 23:10:02,882] INFO [Partition handover-test-topic-0 broker=0] No checkpointed "
        "highwatermark is found for partition handover-test-topic-0" + _PL),
       prefix=PARTITION_PREFIX,
       note="WARN in 0.8; `[t,p]` up to 0.10.0. The replica starts from high watermark 0."),
    _t("hw.updated.2_4", Kind.HW_UPDATE, "2.4+", PARTITION,
       "High watermark updated from {details.prev_hw:offset_meta} to {hw:offset_meta}",
       "[2021-07-09 11:20:33,905] DEBUG [Partition orders-0 broker=1] High watermark updated from "
       "(offset=1204300 segment=[1200000:4096]) to (offset=1204331 segment=[1200000:5012])" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("hw.updated.0_11", Kind.HW_UPDATE, "0.11-2.3", PARTITION,
       "High watermark updated to {hw:offset_meta}",
       _P.replace("INFO", "DEBUG") + "High watermark updated to 91020 [90000 : 524288]" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    _t("hw.updated.0_8", Kind.HW_UPDATE, "0.8-0.10", PARTITION,
       "High watermark for partition [{topic},{partition}] updated to {hw:offset_meta}",
       _P_OLD.replace("INFO", "DEBUG") + "High watermark for partition [orders,0] updated to 88213 [0 : "
                      "1048576]" + _PL,
       prefix=PARTITION_PREFIX, derive=node_is_leader),
    # --- a follower's first append below the log start offset: restart the log there ---
    _t("log.restart_at_first_offset", Kind.LOG_TRUNCATION, "1.1+", PARTITION,
       "Unexpected offset in append to {tp}. First offset {offset} is less than log start offset "
       "{details.log_start_offset:int}. Since this is the first record to be appended to the "
       "{details.replica:word}'s log, will start the log from offset {_start:int}.",
       _P + "Unexpected offset in append to orders-0. First offset 0 is less than log start offset 120. "
            "Since this is the first record to be appended to the follower's log, will start the log from "
            "offset 0." + _PL,
       prefix=PARTITION_PREFIX),
]


# ======================================================================================
# state.change.logger, broker context — §4.4 (and MetadataCache's UpdateMetadata lines)
# ======================================================================================
_B = "[2020-05-28 03:02:03,813] TRACE [Broker id=0] "
_SCL = " (state.change.logger)"
# "... from controller C epoch E with correlation id N" and friends, as they recur
_FROM = "from controller {controller} epoch {controller_epoch}"
_LAST = " (last update controller epoch {details.last_update_controller_epoch:int})"
_LAI = {"api": "LeaderAndIsr"}
_STOP = {"api": "StopReplica"}
_UM = {"api": "UpdateMetadata"}


def _scl(tid: str, kind: Kind, versions: str, text: str, example: str | tuple[str, ...],
         *, const: dict[str, object] | None = None, prefix: Prefix | None = BROKER, **kw: object) -> Template:
    return _t(tid, kind, versions, STATE_CHANGE, text, example, prefix=prefix, const=const or {}, **kw)


BROKER_STATE_CHANGE_TEMPLATES: list[Template] = [
    # --- UpdateMetadata (MetadataCache): the broker's cached view of every partition -----
    _scl("broker_state.cached_leader_info", Kind.CACHED_LEADER_INFO, "1.0+",
         "Cached leader info {_state:text} for partition {tp} in response to UpdateMetadata request sent by "
         "controller {controller} epoch {controller_epoch} with correlation id {correlation_id}",
         ("[2020-05-28 03:02:03,736] TRACE [Broker id=0] Cached leader info "
          "PartitionState(controllerEpoch=2, leader=0, leaderEpoch=0, isr=[0], zkVersion=0, replicas=[0], "
          "offlineReplicas=[]) for partition __consumer_offsets-13 in response to UpdateMetadata request "
          "sent by controller 0 epoch 389 with correlation id 0" + _SCL,
          "[2022-03-02 10:00:00,100] TRACE [Broker id=1] Cached leader info "
          "UpdateMetadataPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=7, leader=1, "
          "leaderEpoch=12, isr=[1, 2, 3], zkVersion=30, replicas=[1, 2, 3], offlineReplicas=[]) for "
          "partition orders-0 in response to UpdateMetadata request sent by controller 0 epoch 7 with "
          "correlation id 41" + _SCL),
         const=_UM, derive=partition_state,
         note="state renders as PartitionState(…) 1.0-2.3, UpdateMetadataPartitionState(…) 2.4+; TRACE"),
    _scl("broker_state.cached_leader_info.0_8", Kind.CACHED_LEADER_INFO, "0.8-0.11",
         "Broker {node} cached leader info {_state:text} for partition " + TP_ANY + " in response to "
         "UpdateMetadata request sent by controller {controller} epoch {controller_epoch} with correlation "
         "id {correlation_id}",
         "[2018-05-27 11:28:07,906] TRACE Broker 0 cached leader info "
         "(LeaderAndIsrInfo:(Leader:0,ISR:0,LeaderEpoch:12,ControllerEpoch:25),ReplicationFactor:1),AllReplic"
         "as:0) for partition test-0 in response to UpdateMetadata request sent by controller 0 epoch 26 "
         "with correlation id 0" + _SCL,
         const=_UM, prefix=None, derive=partition_state),
    _scl("broker_state.metadata_cache_deleted", Kind.CACHED_LEADER_INFO, "1.0+",
         "Deleted partition {tp} from metadata cache in response to UpdateMetadata request sent by "
         "controller {controller} epoch {controller_epoch} with correlation id {correlation_id}",
         _B + "Deleted partition orders-0 from metadata cache in response to UpdateMetadata request sent by "
              "controller 0 epoch 389 with correlation id 7" + _SCL,
         const={**_UM, "state": "deleted"}),
    _scl("broker_state.metadata_cache_deleted.0_8", Kind.CACHED_LEADER_INFO, "0.8-0.11",
         "Broker {node} deleted partition " + TP_ANY + " from metadata cache in response to UpdateMetadata "
         "request sent by controller {controller} epoch {controller_epoch} with correlation id "
         "{correlation_id}",
         "[2017-06-12 09:40:00,031] TRACE Broker 1 deleted partition orders-0 from metadata cache in "
         "response to UpdateMetadata request sent by controller 0 epoch 7 with correlation id 12" + _SCL,
         const={**_UM, "state": "deleted"}, prefix=None),
    _scl("broker_state.metadata_cache_summary", Kind.CACHED_LEADER_INFO, "2.6+",
         "Add {count} partitions and deleted {details.deleted:int} partitions from metadata cache in "
         "response to UpdateMetadata request sent by controller {controller} epoch {controller_epoch} with "
         "correlation id {correlation_id}",
         "[2023-01-16 17:26:45,733] INFO [Broker id=0] Add 1 partitions and deleted 0 partitions from "
         "metadata cache in response to UpdateMetadata request sent by controller 0 epoch 1 with correlation "
         "id 2" + _SCL,
         const=_UM, note="2.6 replaced the per-partition TRACE lines by this INFO summary"),
    # --- LeaderAndIsr received / ignored -------------------------------------------------
    # 2.4 dropped "for partition …" (ReplicaManager.becomeLeaderOrFollower at 2.4.1, 2.5.1, 2.6.0)
    _scl("broker_state.lai_received.2_6", Kind.LEADER_AND_ISR_RECEIVED, "2.4+",
         "Received LeaderAndIsr request {_state:text} correlation id {correlation_id} " + _FROM,
         "[2021-04-28 11:31:58,101] TRACE [Broker id=0] Received LeaderAndIsr request "
         "LeaderAndIsrPartitionState(topicName='erstesTopic', partitionIndex=1, controllerEpoch=7, leader=0, "
         "leaderEpoch=6, isr=[0], zkVersion=10, replicas=[0, 1], addingReplicas=[], removingReplicas=[], "
         "isNew=false) correlation id 1 from controller 0 epoch 7" + _SCL,
         const=_LAI, derive=partition_state),
    _scl("broker_state.lai_received.1_0", Kind.LEADER_AND_ISR_RECEIVED, "1.0-2.3",
         "Received LeaderAndIsr request {_state:text} correlation id {correlation_id} " + _FROM
         + " for partition {tp}",
         "[2020-05-28 03:02:03,746] TRACE [Broker id=0] Received LeaderAndIsr request "
         "PartitionState(controllerEpoch=2, leader=0, leaderEpoch=0, isr=0, zkVersion=0, replicas=0, "
         "isNew=false) correlation id 1 from controller 0 epoch 389 for partition "
         "__consumer_offsets-13" + _SCL,
         const=_LAI, derive=partition_state),
    _scl("broker_state.lai_received.0_8", Kind.LEADER_AND_ISR_RECEIVED, "0.8-0.11",
         "Broker {node} received LeaderAndIsr request {_state:text} correlation id {correlation_id} " + _FROM
         + " for partition [{topic},{partition}]",
         ("[2018-05-27 11:28:08,341] TRACE Broker 0 received LeaderAndIsr request "
          "PartitionState(controllerEpoch=25, leader=0, leaderEpoch=12, isr=[0], zkVersion=12, replicas=[0]) "
          "correlation id 1 from controller 0 epoch 26 for partition [test,0]" + _SCL,
          "[2014-02-03 23:24:41,411] TRACE Broker 0 received LeaderAndIsr request "
          "(LeaderAndIsrInfo:(Leader:0,ISR:0,LeaderEpoch:1,ControllerEpoch:3),ReplicationFactor:1),AllReplica"
          "s:0) correlation id 12 from controller 0 epoch 4 for partition [test,0]" + _SCL),
         const=_LAI, prefix=None, derive=partition_state),
    _scl("broker_state.lai_handling_batch", Kind.LEADER_AND_ISR_RECEIVED, "2.6+",
         "Handling LeaderAndIsr request correlationId {correlation_id} from controller {controller} for "
         "{count} partitions",
         "[2021-04-26 20:01:02,008] INFO [Broker id=0] Handling LeaderAndIsr request correlationId 12 from "
         "controller 0 for 2 partitions" + _SCL,
         const=_LAI),
    _scl("broker_state.lai_finished", Kind.LEADER_AND_ISR_RECEIVED, "2.7+",
         "Finished LeaderAndIsr request in {duration_ms}ms correlationId {correlation_id} from controller "
         "{controller} for {count} partitions",
         "[2021-04-26 20:01:02,289] INFO [Broker id=0] Finished LeaderAndIsr request in 289ms correlationId "
         "12 from controller 0 for 2 partitions" + _SCL,
         const={**_LAI, "state": "finished"}),
    _scl("broker_state.lai_ignored.stale_controller", Kind.LEADER_AND_ISR_IGNORED, "1.0+",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "since its controller epoch {controller_epoch} is old. Latest known controller epoch is "
         "{details.known_controller_epoch:int}",
         _B.replace("TRACE", "WARN") + "Ignoring LeaderAndIsr request from controller 0 with correlation id "
                    "3 since its controller epoch 6 is old. Latest known controller epoch is 7" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}),
    _scl("broker_state.lai_ignored.stale_controller.0_8", Kind.LEADER_AND_ISR_IGNORED, "0.8-0.11",
         "Broker {node} ignoring LeaderAndIsr request from controller {controller} with correlation id "
         "{correlation_id} since its controller epoch {controller_epoch} is old. Latest known controller "
         "epoch is {details.known_controller_epoch:int}",
         "[2017-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 since its controller epoch 6 is old. Latest known controller epoch is 7" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}, prefix=None),
    _scl("broker_state.lai_ignored.offline_dir", Kind.LEADER_AND_ISR_IGNORED, "1.0+",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "epoch {controller_epoch} for partition {tp} as the local replica for the partition is in an "
         "offline log directory",
         _B.replace("TRACE", "WARN") + "Ignoring LeaderAndIsr request from controller 0 with correlation id "
                    "3 epoch 7 for partition orders-0 as the local replica for the partition is in an "
                    "offline log directory"
         + _SCL,
         const={**_LAI, "error": "KAFKA_STORAGE_ERROR"}),
    _scl("broker_state.lai_ignored.not_assigned", Kind.LEADER_AND_ISR_IGNORED, "1.0+",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "epoch {controller_epoch} for partition {tp} as itself is not in assigned replica list {replicas}",
         _B.replace("TRACE", "WARN") + "Ignoring LeaderAndIsr request from controller 0 with correlation id "
                    "3 epoch 7 for partition orders-0 as itself is not in assigned replica list 1,2,3" + _SCL,
         const={**_LAI, "error": "UNKNOWN_TOPIC_OR_PARTITION"}),
    _scl("broker_state.lai_ignored.not_assigned.0_8", Kind.LEADER_AND_ISR_IGNORED, "0.8-0.11",
         "Broker {node} ignoring LeaderAndIsr request from controller {controller} with correlation id "
         "{correlation_id} epoch {controller_epoch} for partition [{topic},{partition}] as itself is not in "
         "assigned replica list {replicas}",
         "[2017-06-12 09:40:01,020] WARN Broker 4 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] as itself is not in assigned replica list "
         "1,2,3" + _SCL,
         const={**_LAI, "error": "UNKNOWN_TOPIC_OR_PARTITION"}, prefix=None),
    _scl("broker_state.lai_ignored.smaller_epoch", Kind.LEADER_AND_ISR_IGNORED, "2.3+",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "epoch {controller_epoch} for partition {tp} since its associated leader epoch {leader_epoch} is "
         "smaller than the current leader epoch {details.current_leader_epoch:int}",
         _B.replace("TRACE", "WARN") + "Ignoring LeaderAndIsr request from controller 0 with correlation id "
                    "3 epoch 7 for partition orders-0 since its associated leader epoch 11 is smaller than "
                    "the current leader epoch 12" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}),
    _scl("broker_state.lai_ignored.same_epoch", Kind.LEADER_AND_ISR_IGNORED, "2.3+",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "epoch {controller_epoch} for partition {tp} since its associated leader epoch {leader_epoch} "
         "matches the current leader epoch",
         "[2021-04-28 11:31:38,325] INFO [Broker id=1] Ignoring LeaderAndIsr request from controller 1 with "
         "correlation id 1 epoch 6 for partition erstesTopic-0 since its associated leader epoch 5 matches "
         "the current leader epoch" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}, note="DEBUG 2.3-2.5, INFO 2.6+"),
    _scl("broker_state.lai_ignored.not_higher", Kind.LEADER_AND_ISR_IGNORED, "1.0-2.2",
         "Ignoring LeaderAndIsr request from controller {controller} with correlation id {correlation_id} "
         "epoch {controller_epoch} for partition {tp} since its associated leader epoch {leader_epoch} is "
         "not higher than the current leader epoch {details.current_leader_epoch:int}",
         "[2020-02-18 13:56:10,453] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 8 epoch 56 for partition __consumer_offsets-13 since its associated leader epoch 0 "
         "is not higher than the current leader epoch 0" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}),
    _scl("broker_state.lai_ignored.not_higher.0_10", Kind.LEADER_AND_ISR_IGNORED, "0.10-0.11",
         "Broker {node} ignoring LeaderAndIsr request from controller {controller} with correlation id "
         "{correlation_id} epoch {controller_epoch} for partition [{topic},{partition}] since its associated "
         "leader epoch {leader_epoch} is not higher than the current leader epoch "
         "{details.current_leader_epoch:int}",
         "[2017-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] since its associated leader epoch 12 is not "
         "higher than the current leader epoch 12" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}, prefix=None),
    _scl("broker_state.lai_ignored.old_epoch.0_8_2", Kind.LEADER_AND_ISR_IGNORED, "0.8.2-0.9",
         "Broker {node} ignoring LeaderAndIsr request from controller {controller} with correlation id "
         "{correlation_id} epoch {controller_epoch} for partition [{topic},{partition}] since its associated "
         "leader epoch {leader_epoch} is old. Current leader epoch is {details.current_leader_epoch:int}",
         "[2015-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] since its associated leader epoch 12 is old. "
         "Current leader epoch is 12" + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}, prefix=None),
    _scl("broker_state.lai_ignored.older_epoch.0_8", Kind.LEADER_AND_ISR_IGNORED, "0.8-0.8.1",
         "Broker {node} received invalid LeaderAndIsr request with correlation id {correlation_id} " + _FROM
         + " with an older leader epoch {leader_epoch} for partition [{topic},{partition}], current leader "
           "epoch is {details.current_leader_epoch:int}",
         "[2014-02-03 23:24:41,412] WARN Broker 0 received invalid LeaderAndIsr request with correlation id "
         "12 from controller 0 epoch 4 with an older leader epoch 1 for partition [test,0], current leader "
         "epoch is 1"
         + _SCL,
         const={**_LAI, "error": "STALE_CONTROLLER_EPOCH"}, prefix=None),
    # --- become-leader / become-follower, per partition (TRACE ≤2.5 unless noted) --------
    _scl("broker_state.become.handling.follower_2_0", Kind.BECOME_LEADER_FOLLOWER, "2.0+",
         "Handling LeaderAndIsr request correlationId {correlation_id} " + _FROM + " starting the "
         "become-follower transition for partition {tp} with leader {leader}",
         _B + "Handling LeaderAndIsr request correlationId 1 from controller 0 epoch 389 starting the "
              "become-follower transition for partition orders-0 with leader 2" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.handling", Kind.BECOME_LEADER_FOLLOWER, "1.0+",
         "Handling LeaderAndIsr request correlationId {correlation_id} " + _FROM + " starting the "
         "become-{state} transition for partition {tp}",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Handling LeaderAndIsr request correlationId 1 from "
         "controller 0 epoch 389 starting the become-leader transition for partition "
         "__consumer_offsets-0" + _SCL,
         const=_LAI, note="become-follower took this wording in 1.0-1.1 only (2.0 added `with leader N`)"),
    _scl("broker_state.become.handling.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} handling LeaderAndIsr request correlationId {correlation_id} " + _FROM + " starting "
         "the become-{state} transition for partition " + TP_ANY,
         ("[2021-04-28 16:41:34,284] TRACE Broker 1 handling LeaderAndIsr request correlationId 1 from "
          "controller 1 epoch 58 starting the become-follower transition for partition "
          "dns_kafka_topic-2" + _SCL,
          "[2014-02-03 23:24:41,420] TRACE Broker 0 handling LeaderAndIsr request correlationId 12 from "
          "controller 0 epoch 4 starting the become-leader transition for partition [test,0]" + _SCL),
         const=_LAI, prefix=None),
    _scl("broker_state.become.completed.follower_2_0", Kind.BECOME_LEADER_FOLLOWER, "2.0+",
         "Completed LeaderAndIsr request correlationId {correlation_id} " + _FROM + " for the "
         "become-follower transition for partition {tp} with leader {leader}",
         _B + "Completed LeaderAndIsr request correlationId 1 from controller 0 epoch 389 for the "
              "become-follower transition for partition orders-0 with leader 2" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.completed", Kind.BECOME_LEADER_FOLLOWER, "1.0+",
         "Completed LeaderAndIsr request correlationId {correlation_id} " + _FROM + " for the become-{state} "
         "transition for partition {tp}",
         "[2020-05-28 03:02:03,890] TRACE [Broker id=0] Completed LeaderAndIsr request correlationId 1 from "
         "controller 0 epoch 389 for the become-leader transition for partition __consumer_offsets-0" + _SCL,
         const=_LAI),
    _scl("broker_state.become.completed.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} completed LeaderAndIsr request correlationId {correlation_id} " + _FROM + " for the "
         "become-{state} transition for partition " + TP_ANY,
         "[2021-04-28 16:41:34,351] TRACE Broker 1 completed LeaderAndIsr request correlationId 1 from "
         "controller 1 epoch 58 for the become-follower transition for partition dns_kafka_topic-2" + _SCL,
         const=_LAI, prefix=None),
    _scl("broker_state.become.stopped_fetchers.leader", Kind.BECOME_LEADER_FOLLOWER, "1.0-2.5",
         "Stopped fetchers as part of become-leader request " + _FROM + " with correlation id "
         "{correlation_id} for partition {tp}" + _LAST,
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Stopped fetchers as part of become-leader request "
         "from controller 0 epoch 389 with correlation id 1 for partition __consumer_offsets-0 (last update "
         "controller epoch 2)" + _SCL,
         const={**_LAI, "state": "leader"}),
    _scl("broker_state.become.stopped_fetchers.follower_2_0", Kind.BECOME_LEADER_FOLLOWER, "2.0-2.5",
         "Stopped fetchers as part of become-follower request " + _FROM + " with correlation id "
         "{correlation_id} for partition {tp} with leader {leader}",
         _B + "Stopped fetchers as part of become-follower request from controller 0 epoch 389 with "
              "correlation id 1 for partition orders-0 with leader 2" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.stopped_fetchers.follower_1_0", Kind.BECOME_LEADER_FOLLOWER, "1.0-1.1",
         "Stopped fetchers as part of become-follower request " + _FROM + " with correlation id "
         "{correlation_id} for partition {tp}",
         _B + "Stopped fetchers as part of become-follower request from controller 0 epoch 389 with "
              "correlation id 1 for partition orders-0" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.stopped_fetchers.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} stopped fetchers as part of become-{state} request " + _FROM + " with correlation id "
         "{correlation_id} for partition " + TP_ANY,
         ("[2021-04-28 16:41:51,013] TRACE Broker 2 stopped fetchers as part of become-follower request from "
          "controller 1 epoch 58 with correlation id 1 for partition dns_kafka_topic-0" + _SCL,
          "[2014-02-03 23:24:41,421] TRACE Broker 0 stopped fetchers as part of become-leader request from "
          "controller 0 epoch 4 with correlation id 12 for partition [test,0]" + _SCL),
         const=_LAI, prefix=None),
    _scl("broker_state.become.truncated.2_0", Kind.BECOME_LEADER_FOLLOWER, "2.0-2.5",
         "Truncated logs and checkpointed recovery boundaries for partition {tp} as part of become-follower "
         "request with correlation id {correlation_id} " + _FROM + " with leader {leader}",
         _B + "Truncated logs and checkpointed recovery boundaries for partition orders-0 as part of "
              "become-follower request with correlation id 1 from controller 0 epoch 389 with leader "
              "2" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.truncated.1_0", Kind.BECOME_LEADER_FOLLOWER, "1.0-1.1",
         "Truncated logs and checkpointed recovery boundaries for partition {tp} as part of become-follower "
         "request with correlation id {correlation_id} " + _FROM,
         _B + "Truncated logs and checkpointed recovery boundaries for partition orders-0 as part of "
              "become-follower request with correlation id 1 from controller 0 epoch 389" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.truncated.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} truncated logs and checkpointed recovery boundaries for partition "
         "" + TP_ANY + " as part of become-follower request with correlation id {correlation_id} " + _FROM,
         "[2021-04-28 16:41:51,031] TRACE Broker 2 truncated logs and checkpointed recovery boundaries for "
         "partition dns_kafka_topic-0 as part of become-follower request with correlation id 1 from "
         "controller 1 epoch 58" + _SCL,
         const={**_LAI, "state": "follower"}, prefix=None),
    _scl("broker_state.become.started_fetcher.2_0", Kind.BECOME_LEADER_FOLLOWER, "2.0-2.5",
         "Started fetcher to new leader as part of become-follower request " + _FROM + " with correlation id "
         "{correlation_id} for partition {tp} with leader {leader}",
         _B + "Started fetcher to new leader as part of become-follower request from controller 0 epoch 389 "
              "with correlation id 1 for partition orders-0 with leader 2" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.started_fetcher.1_0", Kind.BECOME_LEADER_FOLLOWER, "1.0-1.1",
         "Started fetcher to new leader as part of become-follower request " + _FROM + " with correlation id "
         "{correlation_id} for partition {tp}",
         _B + "Started fetcher to new leader as part of become-follower request from controller 0 epoch 389 "
              "with correlation id 1 for partition orders-0" + _SCL,
         const={**_LAI, "state": "follower"}),
    _scl("broker_state.become.started_fetcher.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} started fetcher to new leader as part of become-follower request " + _FROM + " with "
         "correlation id {correlation_id} for partition " + TP_ANY,
         "[2021-04-28 16:41:51,049] TRACE Broker 2 started fetcher to new leader as part of become-follower "
         "request from controller 1 epoch 58 with correlation id 1 for partition dns_kafka_topic-0" + _SCL,
         const={**_LAI, "state": "follower"}, prefix=None),
    # --- become-leader / become-follower skipped or impossible --------------------------
    _scl("broker_state.become.skipped_leader", Kind.BECOME_LEADER_FOLLOWER, "1.0-3.2",
         "Skipped the become-leader state change after marking its partition as leader with correlation id "
         "{correlation_id} " + _FROM + " for partition {tp}" + _LAST + " since it is already the leader for "
         "the partition.",
         "[2021-05-05 10:19:18,820] INFO [Broker id=1] Skipped the become-leader state change after marking "
         "its partition as leader with correlation id 3 from controller 1 epoch 6 for partition "
         "UbuntuTopic-0 (last update controller epoch 6) since it is already the leader for the "
         "partition." + _SCL,
         const={**_LAI, "state": "leader", "cause": "already_leader"}),
    _scl("broker_state.become.skipped_leader.0_9", Kind.BECOME_LEADER_FOLLOWER, "0.9-0.11",
         "Broker {node} skipped the become-leader state change after marking its partition as leader with "
         "correlation id {correlation_id} " + _FROM + " for partition " + TP_ANY + " since it is already the "
         "leader for the partition.",
         "[2018-05-27 11:28:08,454] INFO Broker 0 skipped the become-leader state change after marking its "
         "partition as leader with correlation id 3 from controller 0 epoch 26 for partition [test,0] since "
         "it is already the leader for the partition." + _SCL,
         const={**_LAI, "state": "leader", "cause": "already_leader"}, prefix=None),
    _scl("broker_state.become.skipped_follower", Kind.BECOME_LEADER_FOLLOWER, "1.0-3.2",
         "Skipped the become-follower state change after marking its partition as follower with correlation "
         "id {correlation_id} " + _FROM + " for partition {tp}" + _LAST + " since the new leader {leader} is "
         "the same as the old leader",
         _B.replace("TRACE", "INFO") + "Skipped the become-follower state change after marking its partition "
                    "as follower with correlation id 1 from controller 0 epoch 389 for partition orders-0 "
                    "(last update controller epoch 388) since the new leader 2 is the same as the old "
                    "leader" + _SCL,
         const={**_LAI, "state": "follower", "cause": "same_leader"}),
    _scl("broker_state.become.skipped_follower.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} skipped the become-follower state change after marking its partition as follower "
         "with correlation id {correlation_id} " + _FROM + " for partition " + TP_ANY + " since the new "
         "leader {leader} is the same as the old leader",
         "[2017-06-12 09:40:02,001] INFO Broker 1 skipped the become-follower state change after marking its "
         "partition as follower with correlation id 4 from controller 0 epoch 7 for partition orders-0 since "
         "the new leader 2 is the same as the old leader" + _SCL,
         const={**_LAI, "state": "follower", "cause": "same_leader"}, prefix=None),
    _scl("broker_state.become.leader_unavailable", Kind.BECOME_LEADER_FOLLOWER, "1.0+",
         "Received LeaderAndIsrRequest with correlation id {correlation_id} " + _FROM + " for partition {tp}"
         + _LAST + " but cannot become follower since the new leader {leader} is unavailable.",
         "[2021-04-28 11:31:58,153] ERROR [Broker id=0] Received LeaderAndIsrRequest with correlation id 1 "
         "from controller 0 epoch 7 for partition __consumer_offsets-18 (last update controller epoch 6) but "
         "cannot become follower since the new leader -1 is unavailable." + _SCL,
         const={**_LAI, "state": "follower", "cause": "leader_unavailable"}),
    _scl("broker_state.become.leader_unavailable.0_8", Kind.BECOME_LEADER_FOLLOWER, "0.8-0.11",
         "Broker {node} received LeaderAndIsrRequest with correlation id {correlation_id} " + _FROM
         + " for partition " + TP_ANY + " but cannot become follower since the new leader {leader} is "
           "unavailable.",
         "[2021-04-28 16:41:34,301] ERROR Broker 1 received LeaderAndIsrRequest with correlation id 1 from "
         "controller 1 epoch 56 for partition dns_kafka_topic-2 but cannot become follower since the new "
         "leader 1010 is unavailable." + _SCL,
         const={**_LAI, "state": "follower", "cause": "leader_unavailable"}, prefix=None),
    _scl("broker_state.become.offline_leader", Kind.BECOME_LEADER_FOLLOWER, "1.0+",
         "Skipped the become-leader state change with correlation id {correlation_id} " + _FROM + " for parti"
         "tion {tp}" + _LAST + " since the replica for the partition is offline due to {~(?:disk|storage)~} "
         "error {details.exception:text}",
         _B.replace("TRACE", "ERROR") + "Skipped the become-leader state change with correlation id 1 from "
                    "controller 0 epoch 389 for partition orders-0 (last update controller epoch 2) since "
                    "the replica for the partition is offline due to disk error "
                    "org.apache.kafka.common.errors.KafkaStorageException: Error while writing to checkpoint "
                    "file /var/lib/kafka/data/orders-0/leader-epoch-checkpoint" + _SCL,
         const={**_LAI, "state": "leader", "cause": "offline_log_dir",
                "error": "KAFKA_STORAGE_ERROR"},
         note="`disk error` up to 3.0, `storage error` from 3.1"),
    _scl("broker_state.become.offline_follower", Kind.BECOME_LEADER_FOLLOWER, "1.0+",
         "Skipped the become-follower state change with correlation id {correlation_id} " + _FROM + " for par"
         "tition {tp}" + _LAST + "{~(?: with leader ~}{leader}{~)?~} since the replica for the partition is "
         "offline due to {~(?:disk|storage)~} error {details.exception:text}",
         _B.replace("TRACE", "ERROR") + "Skipped the become-follower state change with correlation id 1 from "
                    "controller 0 epoch 389 for partition orders-0 (last update controller epoch 2) with "
                    "leader 2 since the replica for the partition is offline due to storage error "
                    "org.apache.kafka.common.errors.KafkaStorageException: Disk error when trying to access "
                    "log file on the disk." + _SCL,
         const={**_LAI, "state": "follower", "cause": "offline_log_dir",
                "error": "KAFKA_STORAGE_ERROR"},
         note="`with leader N` from 2.0; `disk error` up to 3.0, `storage error` from 3.1"),
    # --- 2.6+ batch summaries ---------------------------------------------------------
    _scl("broker_state.become.stopped_fetchers.leaders_batch", Kind.BECOME_LEADER_FOLLOWER, "2.6+",
         "Stopped fetchers as part of LeaderAndIsr request correlationId {correlation_id} " + _FROM + " as pa"
         "rt of the become-leader transition for {count} partitions",
         "[2021-04-26 20:01:02,009] INFO [Broker id=0] Stopped fetchers as part of LeaderAndIsr request "
         "correlationId 12 from controller 0 epoch 3 as part of the become-leader transition for 2 partitions"
         + _SCL,
         const={**_LAI, "state": "leader"}),
    _scl("broker_state.become.stopped_fetchers.followers_batch", Kind.BECOME_LEADER_FOLLOWER, "2.6+",
         "Stopped fetchers as part of become-follower request " + _FROM + " with correlation id "
         "{correlation_id} for {count} partitions",
         "[2021-04-28 11:31:58,229] INFO [Broker id=0] Stopped fetchers as part of become-follower request "
         "from controller 0 epoch 7 with correlation id 1 for 0 partitions" + _SCL,
         const={**_LAI, "state": "follower"}),
    # --- leader / follower at a new leader epoch (Partition, state-change.log 2.6+) -----
    _scl("leader_epoch.start.3_6", Kind.LEADER_EPOCH_START, "3.6+",
         "Leader {tp} with topic id " + TOPIC_ID + " starts at leader epoch {leader_epoch} from offset "
         "{offset} with partition epoch {zk_version}, high watermark {hw}, ISR [{isr}], adding replicas "
         "[{details.adding_replicas:ids}] and removing replicas [{details.removing_replicas:ids}] "
         "{details.under_min_isr:under_min_isr}. Previous leader {prev_leader:opt_int} and previous leader "
         "epoch was {prev_leader_epoch}.",
         ("[2025-05-14 23:34:45,491] INFO [Broker id=10] Leader test-sasl-topic-0 with topic id "
          "Some(GOIdTokRTt2yMNJFmzS22w) starts at leader epoch 2 from offset 0 with partition epoch 2, high "
          "watermark 0, ISR [10], adding replicas [] and removing replicas [] . Previous leader Some(-1) and "
          "previous leader epoch was 1." + _SCL,
          "[2024-03-01 11:20:07,012] INFO [Broker id=3] Leader orders-0 with topic id "
          "Some(qZ2y3J1OQ6K9xq9kN2m4Lw) starts at leader epoch 15 from offset 1204410 with partition epoch "
          "27, high watermark 1204331, ISR [3], adding replicas [] and removing replicas [] (under-min-isr). "
          "Previous leader Some(1) and previous leader epoch was 14." + _SCL),
         derive=node_is_leader, note="` . Previous` (space before the period) when not under min ISR"),
    _scl("leader_epoch.start.3_5", Kind.LEADER_EPOCH_START, "3.5",
         "Leader {tp} with topic id " + TOPIC_ID + " starts at leader epoch {leader_epoch} from offset "
         "{offset} with partition epoch {zk_version}, high watermark {hw}, ISR [{isr}], adding replicas "
         "[{details.adding_replicas:ids}] and removing replicas [{details.removing_replicas:ids}] "
         "{details.under_min_isr:under_min_isr}. Previous leader epoch was {prev_leader_epoch}.",
         "[2023-07-01 10:00:00,001] INFO [Broker id=0] Leader orders-0 with topic id "
         "Some(qZ2y3J1OQ6K9xq9kN2m4Lw) starts at leader epoch 3 from offset 120 with partition epoch 5, high "
         "watermark 118, ISR [0,1], adding replicas [] and removing replicas [] . Previous leader epoch was "
         "2." + _SCL,
         derive=node_is_leader),
    _scl("leader_epoch.start.3_3", Kind.LEADER_EPOCH_START, "3.3-3.4",
         "Leader {tp} with topic id " + TOPIC_ID + " starts at leader epoch {leader_epoch} from offset "
         "{offset} with partition epoch {zk_version}, high watermark {hw}, ISR [{isr}], adding replicas "
         "[{details.adding_replicas:ids}] and removing replicas [{details.removing_replicas:ids}]. Previous "
         "leader epoch was {prev_leader_epoch}.",
         "[2023-01-16 17:26:45,705] INFO [Broker id=0] Leader quickstart-events-0 with topic id "
         "Some(giyST9mOTSKZlkFdfunAMw) starts at leader epoch 0 from offset 0 with partition epoch 0, high "
         "watermark 0, ISR [0], adding replicas [] and removing replicas []. Previous leader epoch was -1."
         + _SCL,
         derive=node_is_leader),
    _scl("leader_epoch.start.2_6", Kind.LEADER_EPOCH_START, "2.6-3.2",
         "Leader {tp} starts at leader epoch {leader_epoch} from offset {offset} with high watermark {hw} "
         "ISR [{isr}] addingReplicas [{details.adding_replicas:ids}] removingReplicas "
         "[{details.removing_replicas:ids}]. Previous leader epoch was {prev_leader_epoch}.",
         "[2021-05-05 10:19:18,713] INFO [Broker id=1] Leader __consumer_offsets-18 starts at leader epoch 3 "
         "from offset 0 with high watermark 0 ISR [1] addingReplicas [] removingReplicas []. Previous leader "
         "epoch was -1." + _SCL,
         derive=node_is_leader),
    _scl("follower_epoch.start.3_6", Kind.FOLLOWER_EPOCH_START, "3.6+",
         "Follower {tp} starts at leader epoch {leader_epoch} from offset {offset} with partition epoch "
         "{zk_version} and high watermark {hw}. Current leader is {leader}. Previous leader "
         "{prev_leader:opt_int} and previous leader epoch was {prev_leader_epoch}.",
         "[2025-05-14 23:34:43,268] INFO [Broker id=10] Follower test-sasl-topic-0 starts at leader epoch 1 "
         "from offset 0 with partition epoch 1 and high watermark 0. Current leader is -1. Previous leader "
         "Some(-1) and previous leader epoch was 1." + _SCL),
    _scl("follower_epoch.start.3_3", Kind.FOLLOWER_EPOCH_START, "3.3-3.5",
         "Follower {tp} starts at leader epoch {leader_epoch} from offset {offset} with partition epoch "
         "{zk_version} and high watermark {hw}. Current leader is {leader}. Previous leader epoch was "
         "{prev_leader_epoch}.",
         "[2023-01-16 17:30:01,100] INFO [Broker id=1] Follower orders-0 starts at leader epoch 4 from "
         "offset 120 with partition epoch 7 and high watermark 118. Current leader is 0. Previous leader "
         "epoch was 3."
         + _SCL),
    _scl("follower_epoch.start.2_6", Kind.FOLLOWER_EPOCH_START, "2.6-3.2",
         "Follower {tp} starts at leader epoch {leader_epoch} from offset {offset} with high watermark {hw}. "
         "Previous leader epoch was {prev_leader_epoch}.",
         "[2021-04-28 11:32:12,415] INFO [Broker id=0] Follower erstesTopic-1 starts at leader epoch 6 from "
         "offset 51 with high watermark 51. Previous leader epoch was -1." + _SCL),
    _scl("broker_state.become.skipped_leader.3_3_same_epoch", Kind.BECOME_LEADER_FOLLOWER, "3.3+",
         "Skipped the become-leader state change for {tp} with topic id " + TOPIC_ID + " and partition state "
         "{_state:text} since it is already the leader with leader epoch {leader_epoch}. Current high "
         "watermark {hw}, ISR [{isr}], adding replicas [{details.adding_replicas:ids}] and removing replicas "
         "[{details.removing_replicas:ids}].",
         "[2024-03-01 11:25:00,100] INFO [Broker id=3] Skipped the become-leader state change for orders-0 "
         "with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=28, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since it is already the leader with "
         "leader epoch 15. Current high watermark 1204331, ISR [3,1], adding replicas [] and removing "
         "replicas []." + _SCL,
         const={"state": "leader", "cause": "same_leader_epoch"},
         derive=node_is_leader, note="a same-epoch ISR / assignment update (KRaft, KIP-841)"),
    _scl("broker_state.become.skipped_leader.3_3_newer_partition_epoch", Kind.BECOME_LEADER_FOLLOWER, "3.3+",
         "Skipped the become-leader state change for {tp} with topic id " + TOPIC_ID + " and partition state "
         "{_state:text} since the leader is already at a newer partition epoch {zk_version}.",
         "[2024-03-01 11:25:00,100] INFO [Broker id=3] Skipped the become-leader state change for orders-0 "
         "with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=27, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since the leader is already at a newer "
         "partition epoch 28." + _SCL,
         const={"state": "leader", "cause": "newer_partition_epoch"}, derive=partition_state),
    _scl("broker_state.become.skipped_follower.3_3_same_epoch", Kind.BECOME_LEADER_FOLLOWER, "3.3+",
         "Skipped the become-follower state change for {tp} with topic id " + TOPIC_ID + " and partition "
         "state {_state:text} since it is already a follower with leader epoch {leader_epoch}.",
         "[2024-03-01 11:25:00,100] INFO [Broker id=1] Skipped the become-follower state change for orders-0 "
         "with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=28, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since it is already a follower with "
         "leader epoch 15." + _SCL,
         const={"state": "follower", "cause": "same_leader_epoch"}, derive=partition_state),
    _scl("broker_state.become.skipped_follower.3_3_newer_partition_epoch", Kind.BECOME_LEADER_FOLLOWER,
         "3.3+",
         "Skipped the become-follower state change for {tp} with topic id " + TOPIC_ID + " and partition "
         "state {_state:text} since the follower is already at a newer partition epoch {zk_version}.",
         "[2024-03-01 11:25:00,100] INFO [Broker id=1] Skipped the become-follower state change for orders-0 "
         "with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=27, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since the follower is already at a newer "
         "partition epoch 28." + _SCL,
         const={"state": "follower", "cause": "newer_partition_epoch"}, derive=partition_state),
    _scl("broker_state.become.zk_error_leader", Kind.BECOME_LEADER_FOLLOWER, "2.7+",
         "A ZooKeeper client exception has occurred and makeLeader will be skipping the state change for the "
         "partition {tp} with leader epoch: {leader_epoch}{~\\.?~}",
         "[2021-01-12 09:00:11,402] ERROR [Broker id=3] A ZooKeeper client exception has occurred and "
         "makeLeader will be skipping the state change for the partition orders-0 with leader epoch: 15 "
         "" + _SCL,
         const={"state": "leader", "cause": "zookeeper_error"}, derive=exception_class,
         note="2.7-3.2 end with a space, 3.3+ with a period"),
    _scl("broker_state.become.zk_error_follower", Kind.BECOME_LEADER_FOLLOWER, "2.7+",
         "A ZooKeeper client exception has occurred. makeFollower will be skipping the state change for the "
         "partition {tp} with leader epoch: {leader_epoch}.",
         "[2021-01-12 09:00:11,402] ERROR [Broker id=1] A ZooKeeper client exception has occurred. "
         "makeFollower will be skipping the state change for the partition orders-0 with leader epoch: "
         "15." + _SCL,
         const={"state": "follower", "cause": "zookeeper_error"}, derive=exception_class),
    # --- unclean leader recovery (KIP-704) ---------------------------------------------
    _scl("partition.recovering.3_3", Kind.PARTITION_RECOVERING, "3.3+",
         "The topic partition {tp} was marked as RECOVERING. Marking the topic partition as RECOVERED.",
         "[2024-03-01 11:20:07,010] INFO [Broker id=3] The topic partition orders-2 was marked as "
         "RECOVERING. Marking the topic partition as RECOVERED." + _SCL,
         const={"state": "RECOVERED", "prev_state": "RECOVERING"}, derive=node_is_leader),
    _scl("partition.recovering.3_2", Kind.PARTITION_RECOVERING, "3.2",
         "The topic partition {tp} was marked as RECOVERING. Leader log recovery is not implemented. Marking "
         "the topic partition as RECOVERED.",
         "[2022-06-01 11:20:07,010] INFO [Broker id=3] The topic partition orders-2 was marked as "
         "RECOVERING. Leader log recovery is not implemented. Marking the topic partition as "
         "RECOVERED." + _SCL,
         const={"state": "RECOVERED", "prev_state": "RECOVERING"}, derive=node_is_leader),
    # --- StopReplica ------------------------------------------------------------------
    _scl("broker_state.stop_replica.handling_batch", Kind.LEADER_AND_ISR_RECEIVED, "2.6+",
         "Handling StopReplica request correlationId {correlation_id} from controller {controller} for "
         "{count} partitions",
         "[2025-04-09 11:00:02,589] INFO [Broker id=0] Handling StopReplica request correlationId 8943 from "
         "controller 0 for 1 partitions" + _SCL,
         const=_STOP),
    _scl("broker_state.stop_replica.received", Kind.LEADER_AND_ISR_RECEIVED, "2.6+",
         "Received StopReplica request {_state:text} correlation id {correlation_id} " + _FROM + " for partit"
         "ion {tp}",
         _B + "Received StopReplica request StopReplicaPartitionState(partitionIndex=0, leaderEpoch=12, "
              "deletePartition=false) correlation id 9 from controller 0 epoch 389 for partition "
              "orders-0" + _SCL,
         const=_STOP, derive=partition_state),
    _scl("broker_state.stop_replica.ignored_stale_controller", Kind.LEADER_AND_ISR_IGNORED, "2.6+",
         "Ignoring StopReplica request from controller {controller} with correlation id {correlation_id} "
         "since its controller epoch {controller_epoch} is old. Latest known controller epoch is "
         "{details.known_controller_epoch:int}",
         _B.replace("TRACE", "WARN") + "Ignoring StopReplica request from controller 0 with correlation id 9 "
                    "since its controller epoch 388 is old. Latest known controller epoch is 389" + _SCL,
         const={**_STOP, "error": "STALE_CONTROLLER_EPOCH"}),
    _scl("broker_state.stop_replica.ignored", Kind.LEADER_AND_ISR_IGNORED, "2.6+",
         "Ignoring StopReplica request (delete={details.delete:bool}) from controller {controller} with "
         "correlation id {correlation_id} epoch {controller_epoch} for partition {tp} since its associated "
         "leader epoch {leader_epoch} {~(?:is smaller than|matches)~} the current leader epoch{~(?: "
         "~}{details.current_leader_epoch:int}{~)?~}",
         ("[2021-04-28 16:42:16,964] INFO [Broker id=0] Ignoring StopReplica request (delete=false) from "
          "controller 0 with correlation id 8 epoch 1 for partition UbuntuTopic-0 since its associated "
          "leader epoch 0 matches the current leader epoch" + _SCL,
          _B.replace("TRACE", "WARN") + "Ignoring StopReplica request (delete=true) from controller 0 with "
                     "correlation id 9 epoch 389 for partition orders-0 since its associated leader epoch 11 "
                     "is smaller than the current leader epoch 12" + _SCL),
         const={**_STOP, "error": "FENCED_LEADER_EPOCH"},
         note="WARN `is smaller than the current leader epoch N`, INFO `matches the current leader epoch`"),
    _scl("broker_state.stop_replica.offline_dir", Kind.LEADER_AND_ISR_IGNORED, "2.6+",
         "Ignoring StopReplica request (delete={details.delete:bool}) from controller {controller} with "
         "correlation id {correlation_id} epoch {controller_epoch} for partition {tp} as the local replica "
         "for the partition is in an offline log directory",
         _B.replace("TRACE", "WARN") + "Ignoring StopReplica request (delete=true) from controller 0 with "
                    "correlation id 9 epoch 389 for partition orders-0 as the local replica for the "
                    "partition is in an offline log directory" + _SCL,
         const={**_STOP, "error": "KAFKA_STORAGE_ERROR"}),
    _scl("broker_state.stop_replica.handling.1_0", Kind.LEADER_AND_ISR_RECEIVED, "1.0-2.5",
         "{~(?:Handling|Finished handling)~} stop replica (delete={details.delete:bool}) for partition {tp}",
         (_B + "Handling stop replica (delete=false) for partition orders-0" + _SCL,
          _B + "Finished handling stop replica (delete=false) for partition orders-0" + _SCL),
         const=_STOP),
    _scl("broker_state.stop_replica.handling.0_8", Kind.LEADER_AND_ISR_RECEIVED, "0.8-0.11",
         "Broker {node} {~(?:handling|finished handling)~} stop replica (delete={details.delete:bool}) for "
         "partition " + TP_ANY,
         "[2017-06-12 09:40:03,001] TRACE Broker 1 handling stop replica (delete=true) for partition orders-0"
         + _SCL,
         const=_STOP, prefix=None),
    _scl("broker_state.stop_replica.not_hosted.1_0", Kind.LEADER_AND_ISR_IGNORED, "1.0-2.5",
         "Ignoring stop replica (delete={details.delete:bool}) for partition {tp} as replica doesn't exist "
         "on broker",
         _B + "Ignoring stop replica (delete=true) for partition orders-0 as replica doesn't exist on broker"
         + _SCL,
         const=_STOP),
    _scl("broker_state.stop_replica.stale_controller.1_0", Kind.LEADER_AND_ISR_IGNORED, "1.0-2.5",
         "Received stop replica request from an old controller epoch {controller_epoch}. Latest known "
         "controller epoch is {details.known_controller_epoch:int}",
         _B.replace("TRACE", "WARN") + "Received stop replica request from an old controller epoch 388. "
                    "Latest known controller epoch is 389" + _SCL,
         const={**_STOP, "error": "STALE_CONTROLLER_EPOCH"}),
    # --- KRaft broker: applying metadata deltas (3.0+) ----------------------------------
    _scl("broker_kraft.transitioning", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Transitioning {count} partition(s) to local {state}s.",
         ("[2025-05-14 23:24:17,440] INFO [Broker id=10] Transitioning 1 partition(s) to local "
          "leaders." + _SCL,
          "[2025-05-14 23:34:43,259] INFO [Broker id=10] Transitioning 2 partition(s) to local "
          "followers." + _SCL)),
    _scl("broker_kraft.creating_partition", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Creating new partition {tp} with topic id {details.topic_id:word}.",
         "[2025-05-14 23:24:17,441] INFO [Broker id=10] Creating new partition test-sasl-topic-0 with topic "
         "id GOIdTokRTt2yMNJFmzS22w." + _SCL,
         const={"state": "created"}),
    _scl("broker_kraft.creating_partition.same_name_offline", Kind.KRAFT_PARTITION_TRANSITION, "3.7+",
         "Creating new partition {tp} with topic id {details.topic_id:word}.A topic with the same name but "
         "different id exists but it resides in an offline log directory.",
         "[2024-11-02 07:45:19,004] INFO [Broker id=1] Creating new partition orders-0 with topic id "
         "qZ2y3J1OQ6K9xq9kN2m4Lw.A topic with the same name but different id exists but it resides in an "
         "offline log directory." + _SCL,
         const={"state": "created"}, note="sic: no space after the topic id's period"),
    _scl("broker_kraft.creating_missing_partition", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Expected partition {tp} with topic id {details.topic_id:word} to exist, but it was missing. "
         "Creating...",
         "[2024-03-01 11:20:05,000] ERROR [Broker id=1] Expected partition orders-0 with topic id "
         "qZ2y3J1OQ6K9xq9kN2m4Lw to exist, but it was missing. Creating..." + _SCL,
         const={"state": "created"}),
    _scl("broker_kraft.deleting_partitions", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Deleting {count} partition(s).",
         "[2024-03-01 11:20:05,000] INFO [Broker id=1] Deleting 3 partition(s)." + _SCL,
         const={"state": "deleted"}),
    _scl("broker_kraft.fetchers", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "{~(?:Started|Stopped)~} fetchers as part of become-follower for {count} partitions",
         ("[2025-05-14 23:34:43,275] INFO [Broker id=10] Started fetchers as part of become-follower for 2 "
          "partitions" + _SCL,
          "[2025-05-14 23:34:43,270] INFO [Broker id=10] Stopped fetchers as part of become-follower for 2 "
          "partitions" + _SCL),
         const={"state": "follower"}),
    _scl("broker_kraft.controlled_shutdown", Kind.KRAFT_PARTITION_TRANSITION, "3.3+",
         "Stopped fetchers as part of controlled shutdown for {count} partitions",
         "[2025-05-14 23:42:19,486] INFO [Broker id=10] Stopped fetchers as part of controlled shutdown for "
         "2 partitions" + _SCL,
         const={"state": "controlled_shutdown"}),
    _scl("broker_kraft.offline_leader", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Unable to bring up new local leader {tp} with topic id {details.topic_id:word} because it resides "
         "in an offline log directory.",
         "[2024-03-01 11:20:05,000] WARN [Broker id=1] Unable to bring up new local leader orders-0 with "
         "topic id qZ2y3J1OQ6K9xq9kN2m4Lw because it resides in an offline log directory." + _SCL,
         const={"state": "leader", "error": "KAFKA_STORAGE_ERROR"}),
    _scl("broker_kraft.skipped_leader", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Skipped the become-leader state change for {tp} with topic id {details.topic_id:word} {~(?:because "
         "this partition is already a local leader\\.|due to (?:disk error|a storage error) .*)~}",
         ("[2022-01-18 10:12:45,660] INFO [Broker id=1] Skipped the become-leader state change for orders-0 "
          "with topic id qZ2y3J1OQ6K9xq9kN2m4Lw because this partition is already a local leader." + _SCL,
          "[2024-03-01 11:20:05,000] INFO [Broker id=1] Skipped the become-leader state change for orders-0 "
          "with topic id qZ2y3J1OQ6K9xq9kN2m4Lw due to a storage error Error while creating log for orders-0 "
          "in dir /var/lib/kafka/data" + _SCL),
         const={"state": "leader"},
         note="3.0-3.2 `because this partition is already a local leader.`; `due to disk error` 3.0, `due to "
              "a storage error` 3.1+"),
    _scl("broker_kraft.unable_to_fetch", Kind.KRAFT_PARTITION_TRANSITION, "3.0+",
         "Unable to start fetching {tp} with topic ID {details.topic_id:word} due to "
         "{details.exception:text}",
         "[2024-03-01 11:20:05,000] ERROR [Broker id=1] Unable to start fetching orders-0 with topic ID "
         "qZ2y3J1OQ6K9xq9kN2m4Lw due to a storage error Error while writing to checkpoint file" + _SCL,
         const={"state": "follower"}, derive=exception_class),
]


# ======================================================================================
# kafka.cluster.Replica, kafka.server.ReplicaManager (server.log) — §4.5, §4.6
# ======================================================================================
_RM = "[2021-07-09 11:20:40,002] ERROR [ReplicaManager broker=1] "
_RML = " (kafka.server.ReplicaManager)"
_APPEND = "Error processing append operation on partition {tp}"


def _lifecycle(tid: str, versions: str, loggers: tuple[str, ...], prefix: Prefix, text: str, state: str,
               example: str) -> Template:
    return _t(tid, Kind.REPLICATION_LIFECYCLE, versions, loggers, text, example, prefix=prefix,
              const={"state": state})


REPLICA_MANAGER_TEMPLATES: list[Template] = [
    _t("hw.initial.replica", Kind.HW_INITIAL, "0.11-2.3", REPLICA,
       "Replica loaded for partition {tp} with initial high watermark {hw}",
       "[2020-01-31 23:08:31,514] INFO Replica loaded for partition __consumer_offsets-0 with initial high "
       "watermark 0 (kafka.cluster.Replica)"),
    # --- acks=all produce below min.insync.replicas: the ERROR + its exception line ------
    _t("append.not_enough_replicas.2_1", Kind.NOT_ENOUGH_REPLICAS, "2.1+", REPLICA_MANAGER, _APPEND,
       _RM + "Error processing append operation on partition orders-0" + _RML + "\norg.apache.kafka.common.er"
             "rors.NotEnoughReplicasException: The size of the current ISR Set(1) is insufficient to satisfy "
             "the min.isr requirement of 2 for partition orders-0",
       prefix=REPLICA_MANAGER_PREFIX,
       cont="org.apache.kafka.common.errors.NotEnoughReplicasException: The size of the current ISR {isr} is "
            "insufficient to satisfy the min.isr requirement of {details.min_isr:int} for partition {tp}",
       const={"error": "NotEnoughReplicasException"}),
    _t("append.not_enough_replicas.0_10", Kind.NOT_ENOUGH_REPLICAS, "0.10-2.0", REPLICA_MANAGER, _APPEND,
       "[2018-09-03 14:30:00,112] ERROR [ReplicaManager broker=1] Error processing append operation on "
       "partition orders-0" + _RML + "\norg.apache.kafka.common.errors.NotEnoughReplicasException: Number of "
       "insync replicas for partition orders-0 is [1], below required minimum [2]",
       prefix=REPLICA_MANAGER_PREFIX,
       cont="org.apache.kafka.common.errors.NotEnoughReplicasException: Number of insync replicas for "
            "partition {tp} is [{count}], below required minimum [{details.min_isr:int}]",
       const={"error": "NotEnoughReplicasException"}, note="count = the ISR size"),
    _t("append.error", Kind.APPEND_ERROR, "0.9+", REPLICA_MANAGER, _APPEND,
       _RM + "Error processing append operation on partition orders-0" + _RML + "\norg.apache.kafka.common.er"
             "rors.KafkaStorageException: Error while appending records to orders-0 in dir "
             "/var/lib/kafka/data",
       prefix=REPLICA_MANAGER_PREFIX, derive=exception_class,
       note="error = the exception class of the continuation line; 3.9+ logs InvalidProducerEpoch at INFO"),
    # --- the leader could not serve a fetch: the ERROR + its exception line ------------------
    _t("fetch.serve_error.2_1", Kind.FETCH_SERVE_ERROR, "2.1+", REPLICA_MANAGER,
       "Error processing fetch with max size {details.max_bytes:int} from {details.fetch_source:str} on "
       "partition {~(?:[A-Za-z0-9_-]{22}:)?~}{tp}: {details.fetch_info:text}",
       _RM + "Error processing fetch with max size 1048576 from consumer on partition pricing-v2-1: "
             "(fetchOffset=868061, logStartOffset=-1, maxBytes=1048576, "
             "currentLeaderEpoch=Optional[38])" + _RML
       + "\norg.apache.kafka.common.errors.OffsetOutOfRangeException: Received request for offset 453468 for "
         "partition pricing-v2-1, but we only have log segments in the range 6178298 to 76438133.",
       prefix=REPLICA_MANAGER_PREFIX, derive=exception_class,
       note="fetch_source: consumer, replica [N], future local replica; 3.x prefixes the topic id "
            "(TopicIdPartition) and prints PartitionData(...) as fetch_info"),
    _t("fetch.serve_error.0_10_1", Kind.FETCH_SERVE_ERROR, "0.10.1-2.0", REPLICA_MANAGER,
       "Error processing fetch operation on partition {tp}, offset {offset}",
       _RM + "Error processing fetch operation on partition orders-0, offset 1204410" + _RML
       + "\norg.apache.kafka.common.errors.KafkaStorageException: Error while reading orders-0",
       prefix=REPLICA_MANAGER_PREFIX, derive=exception_class),
    _t("fetch.serve_error.0_9", Kind.FETCH_SERVE_ERROR, "0.9-0.10.0", REPLICA_MANAGER,
       "Error processing fetch operation on partition {tap} offset {offset}",
       "[2016-06-01 10:00:00,000] ERROR [Replica Manager on Broker 1]: Error processing fetch operation on "
       "partition [orders,0] offset 1204410" + _RML,
       prefix=REPLICA_MANAGER_PREFIX, derive=exception_class),
    # --- a log directory failed (JBOD, KIP-112, 1.0+) -----------------------------------
    _t("log_dir.stopping.3_8", Kind.LOG_DIR_FAILURE, "3.8+", REPLICA_MANAGER,
       "Stopping serving replicas in dir {details.dir:str} with uuid {details.dir_id:word} because the log "
       "directory has failed.",
       "[2024-11-02 07:45:19,004] WARN [ReplicaManager broker=1] Stopping serving replicas in dir "
       "/var/lib/kafka/data-2 with uuid W1r9ZsRUQ0yp3Dm3BGu1tA because the log directory has failed." + _RML,
       prefix=REPLICA_MANAGER_PREFIX, note="3.8 names the directory id (KIP-858); WARN from 3.6"),
    _t("log_dir.stopping", Kind.LOG_DIR_FAILURE, "1.0+", REPLICA_MANAGER,
       "{~(?:Stopping|Stopped)~} serving replicas in dir {details.dir:text}",
       ("[2020-01-08 19:56:37,242] INFO [ReplicaManager broker=0] Stopping serving replicas in dir "
        "D:\\tmp\\kafka-logs" + _RML,
        "[2020-01-08 19:56:37,651] INFO [ReplicaManager broker=0] Stopped serving replicas in dir "
        "D:\\tmp\\kafka-logs" + _RML),
       prefix=REPLICA_MANAGER_PREFIX),
    _t("log_dir.stopped_fetchers", Kind.LOG_DIR_FAILURE, "1.0+", REPLICA_MANAGER,
       "Broker {_broker:int} stopped fetcher for partitions {partitions:strs} and stopped moving logs for "
       "partitions {details.moving:strs} because they are in the failed log directory {details.dir:text}.",
       "[2020-01-08 19:56:37,650] INFO [ReplicaManager broker=0] Broker 0 stopped fetcher for partitions "
       "__consumer_offsets-22,__consumer_offsets-30,testTopicName-0 and stopped moving logs for partitions  "
       "because they are in the failed log directory D:\\tmp\\kafka-logs." + _RML,
       prefix=REPLICA_MANAGER_PREFIX),
    _t("log_dir.stopped_fetchers.1_0", Kind.LOG_DIR_FAILURE, "1.0", REPLICA_MANAGER,
       "Broker {_broker:int} stopped fetcher for partitions {partitions:strs} because they are in the failed "
       "log dir {details.dir:text}",
       "[2018-01-08 19:56:37,650] INFO [ReplicaManager broker=0] Broker 0 stopped fetcher for partitions "
       "orders-0,orders-1 because they are in the failed log dir /var/lib/kafka/data-2" + _RML,
       prefix=REPLICA_MANAGER_PREFIX),
    _t("log_dir.halting", Kind.LOG_DIR_FAILURE, "1.0+", REPLICA_MANAGER,
       "Halting broker because dir {details.dir:text} is offline",
       "[2020-01-08 19:56:37,700] ERROR [ReplicaManager broker=0] Halting broker because dir "
       "/var/lib/kafka/data is offline" + _RML,
       prefix=REPLICA_MANAGER_PREFIX, const={"state": "halted"},
       note="logged with fatal(): FATAL in 1.x, ERROR from the slf4j switch"),
    # --- lifecycle ----------------------------------------------------------------------
    _lifecycle("replica_manager.shutting_down", "0.9+", REPLICA_MANAGER, REPLICA_MANAGER_PREFIX,
               "Shutting down", "shutting_down",
               "[2020-01-31 23:40:02,110] INFO [ReplicaManager broker=0] Shutting down" + _RML),
    _lifecycle("replica_manager.shut_down", "0.8.2+", REPLICA_MANAGER, REPLICA_MANAGER_PREFIX,
               "Shut down completely", "shut_down",
               "[2020-01-31 23:40:02,300] INFO [ReplicaManager broker=0] Shut down completely" + _RML),
    _lifecycle("replica_manager.shutting_down.0_8", "0.8-0.8.2", REPLICA_MANAGER, REPLICA_MANAGER_PREFIX,
               "Shut down", "shutting_down",
               "[2014-01-14 19:06:00,311] INFO [Replica Manager on Broker 0]: Shut down" + _RML),
    _lifecycle("replica_manager.shut_down.0_8_0", "0.8-0.8.1", REPLICA_MANAGER, REPLICA_MANAGER_PREFIX,
               "Shutted down completely", "shut_down",
               "[2014-01-14 19:06:00,316] INFO [Replica Manager on Broker 0]: Shutted down "
               "completely" + _RML),
]

# ShutdownableThread lifecycle lines of the fetcher threads and the log-dir failure handler
_THREAD_STATES = (
    ("starting", "Starting", "starting"), ("stopped", "Stopped", "stopped"),
    ("shutting_down", "Shutting down", "shutting_down"),
    ("shutdown_completed", "Shutdown completed", "shut_down"),
)
REPLICA_MANAGER_TEMPLATES += [
    _lifecycle(f"fetcher_thread.{key}", "0.8+", FETCHER_THREAD, FETCHER_PREFIX, text, state,
               f"[2021-04-28 16:43:01,590] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] {text} "
               "(kafka.server.ReplicaFetcherThread)")
    for key, text, state in _THREAD_STATES
] + [
    _lifecycle(f"log_dir_failure_handler.{key}", "1.0+", LOG_DIR_FAILURE_HANDLER,
               Prefix("[LogDirFailureHandler]: "),
               text, state,
               f"[2020-01-31 23:08:30,532] INFO [LogDirFailureHandler]: {text} "
               "(kafka.server.ReplicaManager$LogDirFailureHandler)")
    for key, text, state in _THREAD_STATES
]


# ======================================================================================
# kafka.server.ReplicaFetcherThread / ReplicaFetcherManager — §4.7
# ======================================================================================
_F = "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] "
_FW = _F.replace("INFO", "WARN")
_FL = " (kafka.server.ReplicaFetcherThread)"
_EPOCH_END = ("EpochEndOffset(errorCode={_ec:int}, partition={_p:int}, leaderEpoch={leader_epoch}, "
              "endOffset={details.leader_end_offset:int})")

FETCHER_TEMPLATES: list[Template] = [
    # --- truncation decided by the follower ------------------------------------------
    _t("fetcher.truncate_below_hw", Kind.FOLLOWER_TRUNCATION, "2.0+", FETCHER_THREAD,
       "Truncating {tp} to offset {offset} below high watermark {hw}",
       "[2018-11-20 08:05:18,774] WARN [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating "
       "orders-0 to offset 88190 below high watermark 88200" + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "below_high_watermark"},
       note="offsets [offset, hw) were acknowledged by the old leader: possible data loss on this replica"),
    _t("fetcher.truncate_epoch.3_1", Kind.FOLLOWER_TRUNCATION, "3.1+", FETCHER_THREAD,
       "Truncating partition {tp} with TruncationState(offset={offset}, completed={details.completed:bool}) "
       "due to leader epoch and offset " + _EPOCH_END,
       "[2024-03-01 11:20:07,448] INFO [ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] Truncating "
       "partition orders-0 with TruncationState(offset=1204331, completed=true) due to leader epoch and "
       "offset EpochEndOffset(errorCode=0, partition=0, leaderEpoch=14, endOffset=1204331)" + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "leader_epoch"}),
    _t("fetcher.truncate_hw.3_1", Kind.FOLLOWER_TRUNCATION, "3.1+", FETCHER_THREAD,
       "Truncating partition {tp} with TruncationState(offset={offset}, completed={details.completed:bool}) "
       "due to local high watermark {hw}",
       "[2024-03-01 11:20:07,448] INFO [ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] Truncating "
       "partition orders-0 with TruncationState(offset=1204331, completed=true) due to local high watermark "
       "1204331" + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "high_watermark"}),
    _t("fetcher.truncate_hw.2_1", Kind.FOLLOWER_TRUNCATION, "2.1-3.0", FETCHER_THREAD,
       "Truncating partition {tp} to local high watermark {hw}",
       "[2021-04-26 16:13:18,801] INFO [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] Truncating "
       "partition second-0 to local high watermark 0" + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "high_watermark"}, derive=truncation_at_hw),
    _t("fetcher.epoch_unknown_offset.2_1", Kind.FOLLOWER_TRUNCATION, "2.1+", FETCHER_THREAD,
       "Based on replica's leader epoch, leader replied with an unknown offset in {tp}. The initial fetch "
       "offset {offset} will be used for truncation.",
       _FW + "Based on replica's leader epoch, leader replied with an unknown offset in orders-0. The "
             "initial fetch offset 1204331 will be used for truncation." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "unknown_offset"}),
    _t("fetcher.epoch_unknown_offset.1_1", Kind.FOLLOWER_TRUNCATION, "1.1-2.0", FETCHER_THREAD,
       "Based on {~(?:follower|future replica)~}'s leader epoch, leader replied with an unknown offset in "
       "{tp}. The initial fetch offset {offset} will be used for truncation.",
       "[2018-10-17 12:50:23,421] WARN [ReplicaFetcher replicaId=10, leaderId=30, fetcherId=0] Based on "
       "follower's leader epoch, leader replied with an unknown offset in test-0. The initial fetch offset 0 "
       "will be used for truncation." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "unknown_offset"},
       note="2.0 also says `future replica` (alter-log-dirs)"),
    _t("fetcher.epoch_unknown_offset.0_11", Kind.FOLLOWER_TRUNCATION, "0.11-1.0", FETCHER_THREAD,
       "Based on follower's leader epoch, leader replied with an unknown offset in {tp}. High watermark {hw} "
       "will be used for truncation.",
       "[2017-10-02 17:12:09,400] WARN [ReplicaFetcherThread-0-2]: Based on follower's leader epoch, leader "
       "replied with an unknown offset in orders-0. High watermark 88200 will be used for truncation." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "unknown_offset"}, derive=truncation_at_hw),
    _t("fetcher.epoch_no_truncation", Kind.FOLLOWER_TRUNCATION, "0.11-1.1", FETCHER_THREAD,
       "Based on follower's leader epoch, leader replied with an offset {details.leader_end_offset:int} >= "
       "the follower's log end offset {leo} in {tp}. No truncation needed.",
       "[2017-10-02 17:12:09,400] INFO [ReplicaFetcherThread-0-2]: Based on follower's leader epoch, leader "
       "replied with an offset 88213 >= the follower's log end offset 88213 in orders-0. No truncation "
       "needed."
       + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "no_truncation"}),
    _t("fetcher.epoch_unknown_to_replica", Kind.FOLLOWER_TRUNCATION, "2.0+", FETCHER_THREAD,
       "Based on {~(?:replica|follower|future replica)~}'s leader epoch, leader replied with epoch "
       "{leader_epoch} unknown to the {~(?:replica|follower|future replica)~} for {tp}. Will truncate to "
       "{offset} and send another leader epoch request to the leader.",
       _F + "Based on replica's leader epoch, leader replied with epoch 13 unknown to the replica for "
            "orders-0. Will truncate to 88190 and send another leader epoch request to the leader." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "unknown_epoch"},
       note="2.0 says follower / future replica, 2.1+ replica"),
    _t("fetcher.epoch_below_tracked", Kind.FOLLOWER_TRUNCATION, "2.0+", FETCHER_THREAD,
       "Based on {~(?:replica|follower|future replica)~}'s leader epoch, leader replied with epoch "
       "{leader_epoch} below any {~(?:replica|follower|future replica)~}'s tracked epochs for {tp}. The "
       "leader's offset only {offset} will be used for truncation.",
       _FW + "Based on replica's leader epoch, leader replied with epoch 2 below any replica's tracked "
             "epochs for orders-0. The leader's offset only 1000 will be used for truncation." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "epoch_below_tracked"}),
    _t("fetcher.epoch_not_supported", Kind.FOLLOWER_TRUNCATION, "2.0+", FETCHER_THREAD,
       "Leader or {~(?:replica|follower|future replica)~} is on protocol version where leader epoch is not "
       "considered in the OffsetsForLeaderEpoch response. The leader's offset {offset} will be used for "
       "truncation in {tp}.",
       _FW + "Leader or replica is on protocol version where leader epoch is not considered in the "
             "OffsetsForLeaderEpoch response. The leader's offset 88190 will be used for truncation in "
             "orders-0." + _FL,
       prefix=FETCHER_PREFIX, const={"cause": "old_protocol"}),
    # --- fetch offset out of range / reset -------------------------------------------
    _t("fetcher.out_of_range.1_1", Kind.FETCH_OFFSET_RESET, "1.1+", FETCHER_THREAD,
       "Current offset {details.fetch_offset:int} for partition {tp} is out of range, which typically "
       "implies a leader change. Reset fetch offset to {offset}",
       _F + "Current offset 95510 for partition orders-0 is out of range, which typically implies a leader "
            "change. Reset fetch offset to 95502" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE"}),
    _t("fetcher.out_of_range.0_8", Kind.FETCH_OFFSET_RESET, "0.8-1.0", FETCHER_THREAD,
       "Current offset {details.fetch_offset:int} for partition " + TP_ANY + " out of range; reset offset to "
       "{offset}",
       "[2017-06-12 09:35:40,210] ERROR [ReplicaFetcherThread-0-2], Current offset 88220 for partition "
       "[orders,0] out of range; reset offset to 88213" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE"}),
    _t("fetcher.reset_to_leader.1_0", Kind.FETCH_OFFSET_RESET, "1.0+", FETCHER_THREAD,
       "Reset fetch offset for partition {tp} from {details.fetch_offset:int} to current leader's "
       "{cause:word} offset {offset}",
       (_FW + "Reset fetch offset for partition orders-0 from 95510 to current leader's latest offset 95502"
        + _FL,
        _FW + "Reset fetch offset for partition orders-0 from 100 to current leader's start offset "
              "4000" + _FL),
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE"},
       note="`latest` (follower ahead of the leader: truncation) or `start` (behind the log start); 3.6 "
            "replaced the `start` case by the two lines below"),
    _t("fetcher.truncate_fully.3_6", Kind.FETCH_OFFSET_RESET, "3.6+", FETCHER_THREAD,
       "Truncate fully and reset fetch offset for partition {tp} from {details.fetch_offset:int} to the "
       "current leader's start offset {offset} because the local replica's end offset is smaller than the "
       "current leader's start offsets.",
       _FW + "Truncate fully and reset fetch offset for partition orders-0 from 100 to the current leader's "
             "start offset 4000 because the local replica's end offset is smaller than the current leader's "
             "start offsets."
       + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE", "cause": "start"}),
    _t("fetcher.reset_to_local_end.3_6", Kind.FETCH_OFFSET_RESET, "3.6+", FETCHER_THREAD,
       "Reset fetch offset for partition {tp} from {details.fetch_offset:int} to the current local replica's "
       "end offset {offset}",
       _F + "Reset fetch offset for partition orders-0 from 3000 to the current local replica's end offset "
            "4100"
       + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE", "cause": "local_end"}),
    _t("fetcher.reset_to_leader.0_8", Kind.FETCH_OFFSET_RESET, "0.8-0.11", FETCHER_THREAD,
       "Replica {node} for partition " + TP_ANY + " reset its fetch offset from {details.fetch_offset:int} "
       "to current leader {leader}'s {cause:word} offset {offset}",
       "[2017-06-12 09:35:40,211] WARN [ReplicaFetcherThread-0-2], Replica 1 for partition orders-0 reset "
       "its fetch offset from 88220 to current leader 2's latest offset 88213" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE"}),
    _t("fetcher.truncation_not_allowed.1_0", Kind.FETCH_OFFSET_RESET, "1.0-1.1", FETCHER_THREAD,
       "Exiting because log truncation is not allowed for partition {tp}, current leader's latest offset "
       "{details.leader_end_offset:int} is less than replica's latest offset {leo}",
       "[2018-02-01 10:00:00,000] FATAL [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Exiting "
       "because log truncation is not allowed for partition orders-0, current leader's latest offset 88190 "
       "is less than replica's latest offset 88213" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE", "state": "halted"},
       note="unclean.leader.election.enable=false and the new leader is behind: the broker halts"),
    _t("fetcher.truncation_not_allowed.0_10", Kind.FETCH_OFFSET_RESET, "0.10.1-0.11", FETCHER_THREAD,
       "Exiting because log truncation is not allowed for partition {tp}, {~[Cc]~}urrent leader {leader}'s "
       "latest offset {details.leader_end_offset:int} is less than replica {node}'s latest offset {leo}",
       "[2017-06-12 09:35:40,212] FATAL [ReplicaFetcherThread-0-2], Exiting because log truncation is not "
       "allowed for partition orders-0, Current leader 2's latest offset 88190 is less than replica 1's "
       "latest offset 88213" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE", "state": "halted"},
       note="`Current` in 0.10.1-0.10.2, `current` in 0.11"),
    _t("fetcher.truncation_not_allowed.0_8", Kind.FETCH_OFFSET_RESET, "0.8-0.10.0", FETCHER_THREAD,
       "{~(?:Halting|Exiting)~} because log truncation is not allowed for topic {topic}, Current leader "
       "{leader}'s latest offset {details.leader_end_offset:int} is less than replica {node}'s latest offset "
       "{leo}",
       "[2015-06-12 09:35:40,212] FATAL [ReplicaFetcherThread-0-2], Halting because log truncation is not "
       "allowed for topic orders, Current leader 2's latest offset 88190 is less than replica 1's latest "
       "offset 88213" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "OFFSET_OUT_OF_RANGE", "state": "halted"},
       note="`Halting` up to 0.9, `Exiting` in 0.10.0"),
    # --- fetch errors -------------------------------------------------------------------
    _t("fetcher.partition_error", Kind.FETCH_ERROR, "1.1+", FETCHER_THREAD,
       "Error for partition {tp} at offset {offset}",
       "[2018-10-17 12:57:18,400] ERROR [ReplicaFetcher replicaId=10, leaderId=30, fetcherId=0] Error for "
       "partition test-3-0 at offset 0" + _FL + "\norg.apache.kafka.common.errors.UnknownTopicOrPartitionExce"
       "ption: This server does not host this topic-partition.",
       prefix=FETCHER_PREFIX, derive=exception_class),
    _t("fetcher.partition_error.0_8", Kind.FETCH_ERROR, "0.8-1.0", FETCHER_THREAD,
       "Error for partition " + TP_ANY + " to broker {_broker:int}:{_exc:text}",
       "[2017-06-12 09:35:40,212] ERROR [ReplicaFetcherThread-0-2], Error for partition [orders,0] to broker "
       "2:org.apache.kafka.common.errors.NotLeaderForPartitionException: This server is not the leader for "
       "that topic-partition." + _FL,
       prefix=FETCHER_PREFIX, derive=exception_class),
    _t("fetcher.processing_error", Kind.FETCH_ERROR, "1.0+", FETCHER_THREAD,
       "{~(?:Unexpected error occurred while processing|Error while processing)~} data for partition "
       "{tp}{~(?: at offset ~}{offset}{~)?~}",
       _F.replace("INFO", "ERROR") + "Error while processing data for partition orders-0 at offset "
                  "95510" + _FL
       + "\norg.apache.kafka.common.errors.KafkaStorageException: Error while appending records to orders-0",
       prefix=FETCHER_PREFIX, derive=exception_class,
       note="`at offset N` from 2.3; 2.3 adds the `Unexpected error occurred while processing` variant"),
    _t("fetcher.invalid_messages", Kind.FETCH_ERROR, "0.8+", FETCHER_THREAD,
       "Found invalid messages during fetch for partition " + TP_ANY + " offset {offset}{~(?: error "
       "(?:.*))?~}",
       _F.replace("INFO", "ERROR") + "Found invalid messages during fetch for partition orders-0 offset "
                  "95510" + _FL
       + "\norg.apache.kafka.common.errors.CorruptRecordException: Record is corrupt (stored crc = 1, "
         "computed crc = 2)",
       prefix=FETCHER_PREFIX, derive=exception_class,
       note="≤1.0 append ` error {message}` to the line; 1.1+ attach the exception"),
    _t("fetcher.offset_lookup_failed", Kind.FETCH_ERROR, "0.8+", FETCHER_THREAD,
       "Error getting offset for partition " + TP_ANY + "{~(?: to broker ~}{_broker:int}{~)?~}",
       _F.replace("INFO", "ERROR") + "Error getting offset for partition orders-0" + _FL
       + "\norg.apache.kafka.common.errors.NotLeaderOrFollowerException: For requests intended only for the "
         "leader, this error indicates that the broker is not the current leader.",
       prefix=FETCHER_PREFIX, derive=exception_class, note="` to broker N` up to 1.0"),
    _t("fetcher.offset_lookup_retry", Kind.FETCH_ERROR, "2.1+", FETCHER_THREAD,
       "Could not fetch offset for {tp} due to error: {details.exception:text}",
       _F + "Could not fetch offset for orders-0 due to error: This server is not the leader for that "
            "topic-partition." + _FL,
       prefix=FETCHER_PREFIX),
    _t("fetcher.leader_moved", Kind.FETCH_ERROR, "1.1+", FETCHER_THREAD,
       "Remote broker is not the leader for partition {tp}, which could indicate that the partition is being "
       "moved",
       _F + "Remote broker is not the leader for partition orders-0, which could indicate that the partition "
            "is being moved" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "NOT_LEADER_FOR_PARTITION"}, note="INFO 1.1-2.0, DEBUG 2.1+"),
    _t("fetcher.truncation_failed", Kind.FETCH_ERROR, "1.0+", FETCHER_THREAD,
       "{~(?:Failed to truncate|Unexpected error occurred during truncation for)~} {tp}{~(?: at offset "
       "~}{offset}{~)?~}",
       _F.replace("INFO", "ERROR") + "Failed to truncate orders-0 at offset 95502" + _FL
       + "\norg.apache.kafka.common.errors.KafkaStorageException: Error while truncating log to offset 95502",
       prefix=FETCHER_PREFIX, derive=exception_class, const={"cause": "truncation"},
       note="INFO `Failed to truncate t-p` 1.0-2.2; ERROR `… at offset N` (and the `Unexpected error` "
            "variant) 2.3+"),
    _t("fetcher.epoch_request_failed", Kind.FETCH_ERROR, "0.11-3.2", FETCHER_THREAD,
       "Error when sending leader epoch request for {details.partitions:text}",
       _FW + "Error when sending leader epoch request for Map(orders-0 -> (currentLeaderEpoch=Optional[14], "
             "leaderEpoch=14))" + _FL + "\njava.io.IOException: Connection to 3 was disconnected before the "
             "response was read",
       prefix=FETCHER_PREFIX, derive=exception_class,
       note="3.3 moved it to RemoteLeaderEndPoint (its own logger)"),
    _t("fetcher.error_from_leader", Kind.FETCH_ERROR, "2.7+", FETCHER_THREAD,
       "Received {error} from the leader for partition {tp}. This error may be returned transiently when the "
       "partition is being created or deleted, but it is not expected to persist.",
       "[2021-04-28 16:09:25,241] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Received "
       "UNKNOWN_TOPIC_OR_PARTITION from the leader for partition erstesTopic-1. This error may be returned "
       "transiently when the partition is being created or deleted, but it is not expected to persist." + _FL,
       prefix=FETCHER_PREFIX, note="UNKNOWN_TOPIC_OR_PARTITION; 3.1+ also UNKNOWN_TOPIC_ID / "
                                   "INCONSISTENT_TOPIC_ID"),
    _t("fetcher.older_epoch", Kind.FETCH_ERROR, "2.1+", FETCHER_THREAD,
       "Partition {tp} has an older epoch ({leader_epoch}) than the current leader. Will await the new "
       "LeaderAndIsr state before resuming fetching.",
       "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
       "erstesTopic-0 has an older epoch (0) than the current leader. Will await the new LeaderAndIsr state "
       "before resuming fetching." + _FL,
       prefix=FETCHER_PREFIX, const={"error": "FENCED_LEADER_EPOCH"}),
    _t("fetcher.newer_epoch.3_4", Kind.FETCH_ERROR, "3.4+", FETCHER_THREAD,
       "Partition {tp} has a newer epoch ({leader_epoch}) than the current leader. Retry the partition "
       "later.",
       _F + "Partition orders-0 has a newer epoch (15) than the current leader. Retry the partition "
            "later." + _FL,
       prefix=FETCHER_PREFIX, const={"error": "UNKNOWN_LEADER_EPOCH"}),
    _t("fetcher.newer_epoch.2_5", Kind.FETCH_ERROR, "2.5-3.3", FETCHER_THREAD,
       "Partition {tp} has an new epoch ({leader_epoch}) than the current leader. retry the partition later",
       _F + "Partition orders-0 has an new epoch (15) than the current leader. retry the partition "
            "later" + _FL,
       prefix=FETCHER_PREFIX, const={"error": "UNKNOWN_LEADER_EPOCH"}),
    _t("fetcher.marked_failed", Kind.FETCH_ERROR, "2.3+", FETCHER_THREAD,
       "Partition {tp} marked as failed",
       "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
       "erstesTopic-0 marked as failed" + _FL,
       prefix=FETCHER_PREFIX, const={"state": "failed"}),
    _t("fetcher.epoch_request_retry", Kind.FETCH_ERROR, "0.11+", FETCHER_THREAD,
       "Retrying leaderEpoch request for partition {tp} as the leader reported an error: {error}",
       _F + "Retrying leaderEpoch request for partition orders-0 as the leader reported an error: "
            "NOT_LEADER_FOR_PARTITION" + _FL,
       prefix=FETCHER_PREFIX),
    _t("fetcher.fetch_failed", Kind.FETCH_ERROR, "0.8+", FETCHER_THREAD,
       "Error in {~(?:fetch (?:to broker ~}{_broker:int}{~, request )?|response for fetch request "
       ")~}{details.request:text}",
       ("[2021-04-28 16:43:56,375] WARN [ReplicaFetcherThread-0-1], Error in fetch "
        "kafka.server.ReplicaFetcherThread$FetchRequest@61ba2b6e" + _FL,
        _FW + "Error in response for fetch request (type=FetchRequest, replicaId=0, maxWait=500, minBytes=1, "
              "maxBytes=10485760, fetchData={orders-0=(fetchOffset=95510, logStartOffset=0, "
              "maxBytes=1048576, currentLeaderEpoch=Optional[14])}, isolationLevel=READ_UNCOMMITTED, "
              "toForget=, metadata=(sessionId=1234, epoch=5))" + _FL),
       prefix=FETCHER_PREFIX, derive=exception_class,
       note="the whole fetch failed (leader unreachable …): 0.8 `Error in fetch R. Possible cause: …`, 0.10 "
            "`Error in fetch R`, 0.11-1.0 `Error in fetch to broker N, request R`, 1.1+ `Error in response "
            "for fetch request R`"),
    _t("fetcher.thread_died", Kind.FETCH_ERROR, "0.8+", FETCHER_THREAD,
       "Error due to",
       _F.replace("INFO", "ERROR") + "Error due to" + _FL + "\norg.apache.kafka.common.errors.KafkaStorageExc"
                  "eption: Disk error when trying to access log file",
       prefix=FETCHER_PREFIX, derive=exception_class, const={"state": "died"},
       note="ShutdownableThread: the fetcher thread stopped on an unexpected exception"),
    _t("fetcher.message_too_large", Kind.FETCH_ERROR, "0.10+", FETCHER_THREAD,
       "Replication is failing due to a message that is greater than replica.fetch.max.bytes for partition "
       "{tp}. {details.advice:text}",
       _F.replace("INFO", "ERROR") + "Replication is failing due to a message that is greater than "
                  "replica.fetch.max.bytes for partition orders-0. This generally occurs when the "
                  "max.message.bytes has been overridden to exceed this value and a suitably large message "
                  "has also been sent. To fix this problem increase replica.fetch.max.bytes in your broker "
                  "config to be equal or larger than your settings for max.message.bytes, both at a broker "
                  "and topic level." + _FL,
       prefix=FETCHER_PREFIX, const={"error": "MESSAGE_TOO_LARGE"}),
]

# ReplicaFetcherManager / ReplicaAlterLogDirsManager (AbstractFetcherManager)
_FM = "[2021-04-28 16:41:51,048] INFO [ReplicaFetcherManager on broker 2] "
_FML = " (kafka.server.ReplicaFetcherManager)"
FETCHER_TEMPLATES += [
    _t("fetcher.added.2_1", Kind.FETCHER_ADDED, "2.1+", FETCHER_MANAGER,
       "Added fetcher to broker {_broker:str} for partitions {_targets:text}",
       ("[2021-04-26 16:13:18,800] INFO [ReplicaFetcherManager on broker 1] Added fetcher to broker 0 for "
        "partitions Map(first-0 -> InitialFetchState(BrokerEndPoint(id=0, host=localhost:9092),2,0), "
        "second-0 -> InitialFetchState(BrokerEndPoint(id=0, host=localhost:9092),1,0))" + _FML,
        "[2024-03-01 11:20:07,300] INFO [ReplicaFetcherManager on broker 1] Added fetcher to broker 3 for "
        "partitions Map(orders-0 -> InitialFetchState(Some(qZ2y3J1OQ6K9xq9kN2m4Lw),BrokerEndPoint(id=3, "
        "host=kafka3:9092),15,1204410))" + _FML),
       prefix=FETCHER_MANAGER_PREFIX, derive=fetch_targets,
       note="the broker prints as BrokerEndPoint(id=…) in 2.1-2.7 and as its id from 2.8; InitialFetchState "
            "(2.4+) gains the topic id in 3.1"),
    _t("fetcher.added.0_8_1", Kind.FETCHER_ADDED, "0.8.1-2.0", FETCHER_MANAGER,
       "Added fetcher for partitions {_targets:text}",
       ("[2021-04-28 16:41:51,048] INFO [ReplicaFetcherManager on broker 2] Added fetcher for partitions "
        "List([dns_kafka_topic-2, initOffset 0 to broker BrokerEndPoint(1,DESKTOP-V6KRCRU.mshome.net,9094)] "
        ", [dns_kafka_topic-0, initOffset 0 to broker BrokerEndPoint(1,DESKTOP-V6KRCRU.mshome.net,9094)] "
        ")" + _FML,
        "[2018-10-17 12:04:44,010] INFO [ReplicaAlterLogDirsManager on broker 10] Added fetcher for "
        "partitions List() (kafka.server.ReplicaAlterLogDirsManager)"),
       prefix=FETCHER_MANAGER_PREFIX, derive=fetch_targets),
    _t("fetcher.removed", Kind.FETCHER_REMOVED, "0.8.1+", FETCHER_MANAGER,
       "Removed fetcher for partitions {partitions:strs}",
       ("[2021-04-27 10:16:05,628] INFO [ReplicaFetcherManager on broker 1] Removed fetcher for partitions "
        "HashSet(erstesTopic-1, erstesTopic-0)" + _FML,
        "[2021-04-28 16:40:02,687] INFO [ReplicaFetcherManager on broker 1] Removed fetcher for partitions "
        "dns_kafka_topic-2,dns_kafka_topic-0,dns_kafka_topic-1" + _FML),
       prefix=FETCHER_MANAGER_PREFIX,
       note="mkString(\",\") up to 2.0, then the Set's own rendering (Set / HashSet)"),
    _t("fetcher.added.0_8_0", Kind.FETCHER_ADDED, "0.8.0", FETCHER_MANAGER,
       "Adding fetcher for partition [{topic},{partition}], initOffset {offset} to broker {leader} with "
       "fetcherId {_fetcher:int}",
       "[2014-01-14 18:31:30,001] INFO [ReplicaFetcherManager on broker 1] Adding fetcher for partition "
       "[test,0], initOffset 0 to broker 0 with fetcherId 0" + _FML,
       prefix=FETCHER_MANAGER_PREFIX),
    _t("fetcher.removed.0_8_0", Kind.FETCHER_REMOVED, "0.8.0", FETCHER_MANAGER,
       "Removing fetcher for partition [{topic},{partition}]",
       "[2014-01-14 18:31:30,001] INFO [ReplicaFetcherManager on broker 1] Removing fetcher for partition "
       "[test,0]" + _FML,
       prefix=FETCHER_MANAGER_PREFIX),
    _lifecycle("fetcher_manager.shutting_down", "0.8+", FETCHER_MANAGER, FETCHER_MANAGER_PREFIX,
               "shutting down", "shutting_down",
               "[2023-01-16 17:29:29,291] INFO [ReplicaFetcherManager on broker 0] shutting down" + _FML),
    _lifecycle("fetcher_manager.shutdown_completed", "0.8+", FETCHER_MANAGER, FETCHER_MANAGER_PREFIX,
               "shutdown completed", "shut_down",
               "[2023-01-16 17:29:29,293] INFO [ReplicaFetcherManager on broker 0] shutdown "
               "completed" + _FML),
    _t("fetcher_manager.resizing", Kind.REPLICATION_LIFECYCLE, "1.1+", FETCHER_MANAGER,
       "Resizing fetcher thread pool size from {details.prev_size:int} to {count}",
       _FM + "Resizing fetcher thread pool size from 1 to 4" + _FML,
       prefix=FETCHER_MANAGER_PREFIX, const={"state": "resized"},
       note="dynamic num.replica.fetchers change (KIP-226)"),
]


# ======================================================================================
# The log layer: kafka.log.Log → UnifiedLog / LocalLog / LogLoader (3.0-3.1) → Java
# org.apache.kafka.storage.internals.log (4.0) — §4.5, §4.8
# ======================================================================================
_L = "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] "
_LL = " (kafka.log.Log)"
_UL = "[2024-03-01 11:20:07,451] INFO [UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] "
_ULL = " (kafka.log.UnifiedLog)"
_LOADER = "[2023-01-16 17:26:45,677] INFO [LogLoader partition=quickstart-events-0, dir=/tmp/kafka-logs] "

LOG_TEMPLATES: list[Template] = [
    # --- truncation ---------------------------------------------------------------------
    _t("log.truncate", Kind.LOG_TRUNCATION, "1.0+", LOG, "Truncating to offset {offset}",
       (_L + "Truncating to offset 88190" + _LL, _UL + "Truncating to offset 1204331" + _ULL),
       prefix=LOG_PREFIX),
    _t("log.truncate.0_8", Kind.LOG_TRUNCATION, "0.8-0.11", LOG, "Truncating log {tp} to offset {offset}.",
       "[2021-04-28 16:41:51,017] INFO Truncating log dns_kafka_topic-0 to offset 0." + _LL),
    _t("log.truncate_no_effect", Kind.LOG_TRUNCATION, "1.0+", LOG,
       "Truncating to {offset} has no effect as the largest offset in the log is "
       "{details.largest_offset:int}",
       "[2021-04-26 16:13:18,802] INFO [Log partition=second-0, "
       "dir=K:\\k\\Meine_Daten\\mykafka\\kafka-logs-2] Truncating to 0 has no effect as the largest offset "
       "in the log is -1" + _LL,
       prefix=LOG_PREFIX, const={"state": "no_effect"}),
    _t("log.truncate_no_effect.0_8", Kind.LOG_TRUNCATION, "0.8-0.11", LOG,
       "Truncating {tp} to {offset} has no effect as the largest offset in the log is "
       "{details.largest_offset:int}.",
       "[2017-06-12 09:35:40,220] INFO Truncating orders-0 to 88213 has no effect as the largest offset in "
       "the log is 88212." + _LL,
       const={"state": "no_effect"}),
    _t("log.truncate_fully", Kind.LOG_TRUNCATION, "3.6+", LOG + LOCAL_LOG,
       "Truncate and start at offset {offset}, logStartOffset: {details.log_start_offset:int}",
       _UL.replace("INFO", "DEBUG") + "Truncate and start at offset 4000, logStartOffset: 4000" + _ULL,
       prefix=LOG_PREFIX, const={"state": "truncated_fully"},
       note="the whole log was replaced: the follower restarts at the leader's log start"),
    _t("log.truncate_fully.1_0", Kind.LOG_TRUNCATION, "1.0+", LOG + LOCAL_LOG,
       "Truncate and start at offset {offset}",
       _L.replace("INFO", "DEBUG") + "Truncate and start at offset 4000" + _LL,
       prefix=LOG_PREFIX, const={"state": "truncated_fully"}),
    _t("log.truncate_fully.0_8", Kind.LOG_TRUNCATION, "0.8-0.11", LOG,
       "Truncate and start log '{tp}' {~(?:to|at offset)~} {offset}",
       "[2017-06-12 09:35:40,221] DEBUG Truncate and start log 'orders-0' to 4000" + _LL,
       const={"state": "truncated_fully"}, note="`to N` up to 0.10, `at offset N` in 0.11"),
    # --- log start offset ---------------------------------------------------------------
    _t("log.start_offset.2_6", Kind.LOG_START_OFFSET, "2.6+", LOG,
       "Incremented log start offset to {offset} due to {reason:text}",
       ("[2021-04-27 12:00:18,964] INFO [Log partition=erstesTopic-1, dir=/mnt/k/tmp/kafka-logs-2] "
        "Incremented log start offset to 4 due to leader offset increment" + _LL,
        "[2022-08-01 12:00:02,110] INFO [UnifiedLog partition=connector3.public.debezium_heartbeat-0, "
        "dir=/tmp/kafka-logs] Incremented log start offset to 28522 due to segment deletion" + _ULL),
       prefix=LOG_PREFIX,
       note="reason: segment deletion, leader offset increment (a follower following the leader), client "
            "delete records request, snapshot generated"),
    _t("log.start_offset.1_0", Kind.LOG_START_OFFSET, "1.0-2.5", LOG, "Incrementing log start offset to "
       "{offset}",
       "[2020-01-31 23:08:40,342] INFO [Log partition=flink-demo-0, dir=/tmp/kafka-logs] Incrementing log "
       "start offset to 17161" + _LL,
       prefix=LOG_PREFIX),
    _t("log.start_offset.0_11", Kind.LOG_START_OFFSET, "0.11", LOG,
       "Incrementing log start offset of partition {tp} to {offset} in dir {details.dir:text}",
       "[2017-10-02 17:12:09,331] INFO Incrementing log start offset of partition orders-0 to 4000 in dir "
       "/var/lib/kafka/data" + _LL),
    # --- high watermark -------------------------------------------------------------------
    _t("hw.non_monotonic", Kind.HW_NON_MONOTONIC, "2.7.1+", LOG,
       "Non-monotonic update of high watermark from {details.prev_hw:offset_meta} to {hw:offset_meta}",
       _UL.replace("INFO", "WARN") + "Non-monotonic update of high watermark from (offset=1204331 "
                   "segment=[1200000:5012]) to (offset=1204300 segment=[1200000:4096])" + _ULL,
       prefix=LOG_PREFIX, note="the high watermark went backwards on this replica"),
    # --- loading and recovery at start-up ------------------------------------------------
    _t("log.loaded.1_0", Kind.LOG_LOADED, "1.0-2.5", LOG,
       "Completed load of log with {count} segments, log start offset {offset} and log end offset {leo} in "
       "{duration_ms} ms",
       "[2020-01-31 23:08:29,230] INFO [Log partition=__consumer_offsets-14, dir=/tmp/kafka-logs] Completed "
       "load of log with 1 segments, log start offset 0 and log end offset 0 in 71 ms" + _LL,
       prefix=LOG_PREFIX, note="offset = log start offset; 2.6 moved this line to LogManager"),
    _t("log.loaded.0_11", Kind.LOG_LOADED, "0.11", LOG,
       "Completed load of log {tp} with {count} log segments, log start offset {offset} and log end offset "
       "{leo} in {duration_ms} ms",
       "[2017-10-02 17:12:05,100] INFO Completed load of log orders-0 with 1 log segments, log start offset "
       "0 and log end offset 88213 in 94 ms" + _LL),
    _t("log.loaded.0_10_1", Kind.LOG_LOADED, "0.10.1-0.10.2", LOG,
       "Completed load of log {tp} with {count} log segments and log end offset {leo} in {duration_ms} ms",
       "[2018-05-27 11:28:05,670] INFO Completed load of log test-0 with 1 log segments and log end offset 1 "
       "in 94 ms" + _LL),
    _t("log.loaded.0_8", Kind.LOG_LOADED, "0.8-0.10.0", LOG,
       "Completed load of log {tp} with log end offset {leo}",
       "[2014-02-02 02:01:03,032] INFO Completed load of log test-0 with log end offset 0" + _LL),
    _t("log.recovering_segment.4_0", Kind.LOG_LOADED, "4.0+", LOG_LOADER,
       "Recovering unflushed segment {offset}. {details.recovered:int} recovered for {tp}.",
       "[2025-05-14 22:50:16,411] INFO [LogLoader partition=__cluster_metadata-0, "
       "dir=/home/ammar/kafka_data/broker_4.0.0] Recovering unflushed segment 0. 0 recovered for "
       "__cluster_metadata-0. (org.apache.kafka.storage.internals.log.LogLoader)",
       prefix=LOG_PREFIX, const={"state": "recovering"},
       note="4.0 prints numFlushed / numUnflushed as an integer division"),
    _t("log.recovering_segment.3_3", Kind.LOG_LOADED, "3.3-3.9", LOG_LOADER,
       "Recovering unflushed segment {offset}. {details.recovered:int}/{details.unflushed:int} recovered for "
       "{tp}.",
       "[2023-01-16 17:26:45,600] INFO [LogLoader partition=quickstart-events-0, dir=/tmp/kafka-logs] "
       "Recovering unflushed segment 0. 0/1 recovered for quickstart-events-0. (kafka.log.LogLoader)",
       prefix=LOG_PREFIX, const={"state": "recovering"}),
    _t("log.recovering_segment.1_0", Kind.LOG_LOADED, "1.0-3.2", LOG + LOG_LOADER,
       "Recovering unflushed segment {offset}",
       _L + "Recovering unflushed segment 88000" + _LL,
       prefix=LOG_PREFIX, const={"state": "recovering"}, note="offset = the segment's base offset"),
    _t("log.recovering_segment.0_8", Kind.LOG_LOADED, "0.8-0.11", LOG,
       "Recovering unflushed segment {offset} in log {tp}.",
       "[2017-06-12 09:10:01,001] INFO Recovering unflushed segment 88000 in log orders-0." + _LL,
       const={"state": "recovering"}),
    _t("log.corruption", Kind.LOG_CORRUPTION, "1.0+", LOG + LOG_LOADER,
       "Corruption found in segment {details.segment:int}, truncating to offset {offset}",
       "[2025-05-14 22:51:04,152] WARN [LogLoader partition=__cluster_metadata-0, "
       "dir=/home/ammar/kafka_data/broker_4.0.0] Corruption found in segment 0, truncating to offset 121 "
       "(org.apache.kafka.storage.internals.log.LogLoader)",
       prefix=LOG_PREFIX, note="recovery after an unclean shutdown drops the segment's tail from offset on"),
    _t("log.corruption.0_8", Kind.LOG_CORRUPTION, "0.8-0.11", LOG,
       "Corruption found in segment {details.segment:int} of log {tp}, truncating to offset {offset}.",
       "[2017-06-12 09:10:01,020] WARN Corruption found in segment 88000 of log orders-0, truncating to "
       "offset 88150." + _LL),
    _t("log.invalid_offset", Kind.LOG_CORRUPTION, "1.0+", LOG + LOG_LOADER,
       "Found invalid offset during recovery. Deleting the corrupt segment and creating an empty one with "
       "starting offset {offset}",
       _L.replace("INFO", "WARN") + "Found invalid offset during recovery. Deleting the corrupt segment and "
                  "creating an empty one with starting offset 88000" + _LL,
       prefix=LOG_PREFIX),
    _t("log.invalid_offset.0_8", Kind.LOG_CORRUPTION, "0.8-0.11", LOG,
       "Found invalid offset during recovery for log {tp}. Deleting the corrupt segment and creating an "
       "empty one with starting offset {offset}",
       "[2017-06-12 09:10:01,020] WARN Found invalid offset during recovery for log orders-0. Deleting the "
       "corrupt segment and creating an empty one with starting offset 88000" + _LL),
    _t("log.index_missing", Kind.LOG_CORRUPTION, "1.1+", LOG + LOG_LOADER,
       "Could not find offset index file corresponding to log file {details.path:text}, recovering segment "
       "and rebuilding index files...",
       "[2022-04-25 16:07:35,110] ERROR [LogLoader partition=new_topic-2, "
       "dir=/Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs] Could not find offset index file "
       "corresponding to log file "
       "/Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs/new_topic-2/00000000000000000001.log, "
       "recovering segment and rebuilding index files... (kafka.log.LogLoader$)",
       prefix=LOG_PREFIX, const={"cause": "index_missing"}),
    _t("log.index_missing.0_8", Kind.LOG_CORRUPTION, "0.8-1.0", LOG,
       "Could not find {~(?:offset )?~}index file corresponding to log file {details.path:text}, rebuilding "
       "index...",
       "[2017-06-12 09:10:01,020] ERROR Could not find index file corresponding to log file "
       "/var/lib/kafka/data/orders-0/00000000000000088000.log, rebuilding index..." + _LL,
       prefix=LOG_PREFIX_OPT, const={"cause": "index_missing"}, note="`offset index file` from 0.11"),
    _t("log.index_corrupted", Kind.LOG_CORRUPTION, "1.1+", LOG + LOG_LOADER,
       "Found a corrupted index file corresponding to log file {details.path:str} due to "
       "{details.exception:text}, recovering segment and rebuilding index files...",
       _L.replace("INFO", "WARN") + "Found a corrupted index file corresponding to log file "
                  "/var/lib/kafka/data/orders-0/00000000000000088000.log due to Corrupt index found, index "
                  "file (/var/lib/kafka/data/orders-0/00000000000000088000.index) has non-zero size but the "
                  "last offset is 88000 which is no greater than the base offset 88000.}, recovering segment "
                  "and rebuilding index files..." + _LL,
       prefix=LOG_PREFIX, const={"cause": "index_corrupted"},
       note="Scala versions print a stray `}` after the exception message"),
    # --- producer state (loaded with the log, and again after every truncation) ----------
    _t("producer_state.loading.4_0", Kind.PRODUCER_STATE, "4.0+", LOG_ANY,
       "Loading producer state till offset {offset}",
       "[2025-05-14 22:49:12,380] INFO [LogLoader partition=__cluster_metadata-0, "
       "dir=/home/ammar/kafka_data/broker_4.0.0] Loading producer state till offset 0 "
       "(org.apache.kafka.storage.internals.log.UnifiedLog)",
       prefix=LOG_PREFIX, const={"state": "loading"}),
    _t("producer_state.loading.2_0", Kind.PRODUCER_STATE, "2.0-3.9", LOG_ANY,
       "Loading producer state till offset {offset} with message format version {details.message_format:int}",
       ("[2020-01-31 23:08:29,229] INFO [Log partition=__consumer_offsets-14, dir=/tmp/kafka-logs] Loading "
        "producer state till offset 0 with message format version 2" + _LL,
        "[2023-01-16 17:26:45,677] INFO [LogLoader partition=quickstart-events-0, dir=/tmp/kafka-logs] "
        "Loading producer state till offset 0 with message format version 2 (kafka.log.UnifiedLog$)"),
       prefix=LOG_PREFIX, const={"state": "loading"}),
    _t("producer_state.loading.1_0", Kind.PRODUCER_STATE, "1.0-1.1", LOG,
       "Loading producer state from offset {offset} with message format version {details.message_format:int}",
       _L + "Loading producer state from offset 88213 with message format version 2" + _LL,
       prefix=LOG_PREFIX, const={"state": "loading"}),
    _t("producer_state.loading.0_11", Kind.PRODUCER_STATE, "0.11", LOG,
       "Loading producer state from offset {offset} for partition {tp} with message format version "
       "{details.message_format:int}",
       "[2017-10-02 17:12:05,090] INFO Loading producer state from offset 88213 for partition orders-0 with "
       "message format version 2" + _LL,
       const={"state": "loading"}),
    _t("producer_state.reloading", Kind.PRODUCER_STATE, "3.0+", LOG_ANY,
       "Reloading from producer snapshot and rebuilding producer state from offset {offset}",
       "[2025-05-14 22:49:12,381] INFO [LogLoader partition=__cluster_metadata-0, "
       "dir=/home/ammar/kafka_data/broker_4.0.0] Reloading from producer snapshot and rebuilding producer "
       "state from offset 0 (org.apache.kafka.storage.internals.log.UnifiedLog)",
       prefix=LOG_PREFIX, const={"state": "rebuilding"}),
    _t("producer_state.recovered", Kind.PRODUCER_STATE, "3.0+", LOG_ANY,
       "Producer state recovery took {details.snapshot_load_ms:int}ms for snapshot load and {duration_ms}ms "
       "for segment recovery from offset {offset}",
       "[2025-05-14 22:49:12,385] INFO [LogLoader partition=__cluster_metadata-0, "
       "dir=/home/ammar/kafka_data/broker_4.0.0] Producer state recovery took 0ms for snapshot load and 0ms "
       "for segment recovery from offset 0 (org.apache.kafka.storage.internals.log.UnifiedLog)",
       prefix=LOG_PREFIX, const={"state": "recovered"}),
    _t("producer_state.snapshot_loading", Kind.PRODUCER_STATE, "0.11+", PRODUCER_STATE_MANAGER,
       "Loading producer state from snapshot file '{details.snapshot:text}'{~(?: for partition ~}{tp}{~)?~}",
       ("[2021-04-27 12:00:15,714] INFO [ProducerStateManager partition=erstesTopic-0] Loading producer "
        "state from snapshot file "
        "'SnapshotFile(/mnt/k/tmp/kafka-logs-2/erstesTopic-0/00000000000000000004.snapshot,4)' "
        "(kafka.log.ProducerStateManager)",
        "[2017-10-02 17:12:05,091] INFO Loading producer state from snapshot file "
        "'/var/lib/kafka/data/orders-0/00000000000000088213.snapshot' for partition orders-0 "
        "(kafka.log.ProducerStateManager)"),
       prefix=PRODUCER_STATE_PREFIX_OPT, const={"state": "loading"},
       derive=segment_base_offset,
       note="0.11 names the partition in the text, 1.0+ in the prefix; the file renders as a path (≤2.7), "
            "SnapshotFile(path,offset) (2.8-3.4) or SnapshotFile(offset=…, file=…) (3.5+)"),
    _t("producer_state.snapshot_written", Kind.PRODUCER_STATE, "3.0+", PRODUCER_STATE_MANAGER,
       "Wrote producer snapshot at offset {offset} with {count} producer ids in {duration_ms} ms.",
       "[2023-01-16 17:29:29,419] INFO [ProducerStateManager partition=quickstart-events-0] Wrote producer "
       "snapshot at offset 6 with 2 producer ids in 8 ms. (kafka.log.ProducerStateManager)",
       prefix=PRODUCER_STATE_PREFIX, const={"state": "snapshot_written"}),
    _t("producer_state.snapshot_writing", Kind.PRODUCER_STATE, "1.0-2.8", PRODUCER_STATE_MANAGER,
       "Writing producer snapshot at offset {offset}",
       "[2021-04-28 16:42:18,235] INFO [ProducerStateManager partition=UbuntuTopic-0] Writing producer "
       "snapshot at offset 2 (kafka.log.ProducerStateManager)",
       prefix=PRODUCER_STATE_PREFIX, const={"state": "snapshot_written"},
       note="0.11 logged it at DEBUG with the partition in the text"),
    _t("producer_state.snapshot_deleted", Kind.PRODUCER_STATE, "3.0+", SNAPSHOT_FILE,
       "Deleted producer state snapshot {details.path:text}",
       "[2025-05-14 22:51:04,069] INFO Deleted producer state snapshot "
       "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000121.snapshot "
       "(org.apache.kafka.storage.internals.log.SnapshotFile)",
       const={"state": "snapshot_deleted"}),
    # --- segments: roll, retention, deletion ---------------------------------------------
    _t("segment.rolled", Kind.LOG_SEGMENT, "1.0+", LOG + LOCAL_LOG,
       "Rolled new log segment at offset {offset} in {duration_ms} ms.",
       "[2021-04-27 12:00:47,524] INFO [Log partition=erstesTopic-0, dir=/mnt/k/tmp/kafka-logs-2] Rolled new "
       "log segment at offset 4 in 66 ms." + _LL,
       prefix=LOG_PREFIX, const={"state": "rolled"}),
    _t("segment.rolled.0_8", Kind.LOG_SEGMENT, "0.8-0.11", LOG,
       "Rolled new log segment for '{tp}' in {duration_ms} ms.",
       "[2017-06-12 10:00:00,001] INFO Rolled new log segment for 'orders-0' in 2 ms." + _LL,
       const={"state": "rolled"}),
    _t("segment.roll_conflict", Kind.LOG_SEGMENT, "2.4+", LOG + LOCAL_LOG,
       "Trying to roll a new log segment with start offset {offset} =max(provided offset = {_provided:opt}, "
       "LEO = {leo}) while it already exists and is active with size 0. Size of time index: "
       "{details.time_index_entries:int}, size of offset index: {details.offset_index_entries:int}.",
       "[2021-04-27 12:03:31,094] WARN [Log partition=__consumer_offsets-15, dir=/mnt/k/tmp/kafka-logs-2] "
       "Trying to roll a new log segment with start offset 0 =max(provided offset = Some(0), LEO = 0) while "
       "it already exists and is active with size 0. Size of time index: 873813, size of offset index: "
       "1310720." + _LL,
       prefix=LOG_PREFIX, const={"state": "rolled"},
       note="the empty active segment is deleted and re-created (KAFKA-6388)"),
    _t("segment.deleting_due_to", Kind.LOG_SEGMENT, "2.7+", LOG,
       "Deleting segment {_segment:str} due to {reason:text}",
       "[2021-04-27 12:00:47,528] INFO [Log partition=erstesTopic-0, dir=/mnt/k/tmp/kafka-logs-2] Deleting "
       "segment LogSegment(baseOffset=0, size=300, lastModifiedTime=1619456378302, "
       "largestRecordTimestamp=Some(0)) due to retention time 604800000ms breach based on the largest record "
       "timestamp in the segment"
       + _LL,
       prefix=LOG_PREFIX, const={"state": "deleting"}, derive=segment_base_offset,
       note="reason: retention time / size breach (3.6+ `log` or `local log` retention); offset = base "
            "offset"),
    _t("segment.deleting_many", Kind.LOG_SEGMENT, "2.7+", LOG + LOCAL_LOG + LOG_LOADER,
       "Deleting segments {~(?:due to |as )~}{reason:str}: {_segment:text}",
       ("[2021-04-27 12:03:31,096] INFO [Log partition=__consumer_offsets-15, dir=/mnt/k/tmp/kafka-logs-2] "
        "Deleting segments as part of log roll: LogSegment(baseOffset=0, size=0, "
        "lastModifiedTime=1619456254849, largestRecordTimestamp=Some(0))" + _LL,
        "[2025-04-09 10:00:03,249] INFO [LocalLog partition=foo-1744192741-142816387-0, dir=/kafka-logs] "
        "Deleting segments as the log has been deleted: LogSegment(baseOffset=0, size=0, "
        "lastModifiedTime=1744192741937, largestRecordTimestamp=None) (kafka.log.LocalLog)"),
       prefix=LOG_PREFIX, const={"state": "deleting"}, derive=segment_base_offset,
       note="`as part of log truncation|roll|recovery`, `as the log has been deleted`, `due to (local) log "
            "start offset N breach`; offset = the first segment's base offset"),
    _t("segment.deleting_files", Kind.LOG_SEGMENT, "2.7+", LOG + LOCAL_LOG,
       "Deleting segment files {_segment:text}",
       "[2025-04-09 10:00:03,250] INFO [LocalLog partition=foo-1744192741-142816387-0, dir=/kafka-logs] "
       "Deleting segment files LogSegment(baseOffset=0, size=0, lastModifiedTime=1744192741937, "
       "largestRecordTimestamp=None) (kafka.log.LocalLog$)",
       prefix=LOG_PREFIX, const={"state": "deleted"}, derive=segment_base_offset),
    _t("segment.deletable_found", Kind.LOG_SEGMENT, "0.11-2.6", LOG,
       "Found deletable segments with base offsets [{details.base_offsets:ids}] due to {reason:text}",
       "[2020-01-08 19:56:35,631] INFO [Log partition=testTopicName-0, dir=D:\\tmp\\kafka-logs] Found "
       "deletable segments with base offsets [0] due to retention time 604800000ms breach" + _LL,
       prefix=LOG_PREFIX_OPT, const={"state": "deletable"}),
    _t("segment.scheduled.1_0", Kind.LOG_SEGMENT, "1.0-2.3", LOG,
       "Scheduling log segment [baseOffset {offset}, size {details.size:int}] for deletion.",
       "[2020-01-08 19:56:36,897] INFO [Log partition=testTopicName-0, dir=D:\\tmp\\kafka-logs] Scheduling "
       "log segment [baseOffset 0, size 207] for deletion." + _LL,
       prefix=LOG_PREFIX, const={"state": "scheduled"}),
    _t("segment.scheduled.0_8", Kind.LOG_SEGMENT, "0.8-0.11", LOG,
       "Scheduling log segment {offset} for log {tp} for deletion.",
       "[2017-06-12 10:00:00,001] INFO Scheduling log segment 0 for log orders-0 for deletion." + _LL,
       const={"state": "scheduled"}),
    _t("segment.scheduled.2_4", Kind.LOG_SEGMENT, "2.4-2.6", LOG,
       "Scheduling segments for deletion {_segment:text}",
       _L + "Scheduling segments for deletion List(LogSegment(baseOffset=0, size=300, "
            "lastModifiedTime=1619456378302, largestTime=0))" + _LL,
       prefix=LOG_PREFIX, const={"state": "scheduled"}, derive=segment_base_offset,
       note="2.6 joins the segments with `,` instead of printing the List"),
    _t("segment.deleting_list.2_4", Kind.LOG_SEGMENT, "2.4-2.6", LOG,
       "Deleting segments {_segment:text}",
       _L + "Deleting segments List(LogSegment(baseOffset=0, size=300, lastModifiedTime=1619456378302, "
            "largestTime=0))" + _LL,
       prefix=LOG_PREFIX, const={"state": "deleted"}, derive=segment_base_offset),
    _t("segment.deleting.1_0", Kind.LOG_SEGMENT, "1.0-2.3", LOG,
       "Deleting segment {offset}",
       _L + "Deleting segment 0" + _LL,
       prefix=LOG_PREFIX, const={"state": "deleted"}),
    _t("segment.deleting.0_8", Kind.LOG_SEGMENT, "0.8-0.11", LOG,
       "Deleting segment {offset} from log {tp}.",
       "[2017-06-12 10:01:00,001] INFO Deleting segment 0 from log orders-0." + _LL,
       const={"state": "deleted"}),
    _t("segment.file_deleted", Kind.LOG_SEGMENT, "1.1+", LOG_SEGMENT,
       "Deleted {~(?:log|offset index|time index|transaction index)~} {details.path:text}.",
       ("[2025-04-09 10:00:03,251] INFO Deleted log "
        "/kafka-logs/foo-1744192741-142816387-0.4e4f4975cd6d47cb85e1663ffae7be6f-delete/00000000000000000000."
        "log.deleted. (kafka.log.LogSegment)",
        "[2025-04-09 10:00:03,251] INFO Deleted offset index "
        "/kafka-logs/foo-1744192741-142816387-0.4e4f4975cd6d47cb85e1663ffae7be6f-delete/00000000000000000000."
        "index.deleted. (kafka.log.LogSegment)"),
       const={"state": "deleted"}),
    _t("segment.invalid_messages.4_0", Kind.LOG_CORRUPTION, "4.0+", LOG_SEGMENT,
       "Found invalid messages in log segment {details.path:str} at byte offset {details.byte_offset:int}.",
       "[2025-05-14 22:51:04,115] WARN Found invalid messages in log segment "
       "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000000.log at byte offset "
       "8564. (org.apache.kafka.storage.internals.log.LogSegment)"),
    _t("segment.invalid_messages", Kind.LOG_CORRUPTION, "0.8-3.9", LOG_SEGMENT,
       "Found invalid messages in log segment {details.path:str} at byte offset {details.byte_offset:int}: "
       "{details.exception:text}.",
       "[2021-01-12 09:00:01,001] WARN Found invalid messages in log segment "
       "/var/lib/kafka/data/orders-0/00000000000000088000.log at byte offset 4096: Record size 0 is less "
       "than the minimum record overhead (14). (kafka.log.LogSegment)"),
]


# ======================================================================================
# Leader-epoch cache — §4.8 (0.11-1.1 no prefix, 2.0+ `[LeaderEpochCache t-0] `)
# ======================================================================================
_E = "[2021-01-12 09:00:11,460] WARN [LeaderEpochCache orders-0] "
_EL = " (kafka.server.epoch.LeaderEpochFileCache)"
_ENTRY = "EpochEntry(epoch={leader_epoch}, startOffset={offset})"

EPOCH_CACHE_TEMPLATES: list[Template] = [
    _t("epoch_cache.conflict", Kind.EPOCH_CACHE_CONFLICT, "2.0+", EPOCH_CACHE,
       "New epoch entry " + _ENTRY + " caused truncation of conflicting entries {_removed:text}. Cache now "
       "contains {count} entries.",
       (_E + "New epoch entry EpochEntry(epoch=15, startOffset=1204331) caused truncation of conflicting "
             "entries ListBuffer(EpochEntry(epoch=14, startOffset=1204340)). Cache now contains 3 "
             "entries." + _EL,
        "[2024-03-01 11:20:07,460] WARN [LeaderEpochCache orders-0] New epoch entry EpochEntry(epoch=15, "
        "startOffset=1204331) caused truncation of conflicting entries [EpochEntry(epoch=14, "
        "startOffset=1204340)]. Cache now contains 3 entries. "
        "(org.apache.kafka.storage.internals.epoch.LeaderEpochFileCache)"),
       prefix=EPOCH_CACHE_PREFIX, derive=epoch_entries,
       note="this replica's epoch history diverged from the leader's (unclean election, truncation)"),
    _t("epoch_cache.appended", Kind.EPOCH_CACHE_UPDATE, "2.0+", EPOCH_CACHE,
       "Appended new epoch entry " + _ENTRY + ". Cache now contains {count} entries.",
       _E.replace("WARN", "DEBUG") + "Appended new epoch entry EpochEntry(epoch=15, startOffset=1204331). "
                  "Cache now contains 3 entries." + _EL,
       prefix=EPOCH_CACHE_PREFIX, const={"state": "appended"}),
    _t("epoch_cache.cleared_latest", Kind.EPOCH_CACHE_UPDATE, "2.0+", EPOCH_CACHE,
       "Cleared entries {_removed:text} from epoch cache after truncating to end offset {offset}, leaving "
       "{count} entries in the cache.",
       _E.replace("WARN", "DEBUG") + "Cleared entries ListBuffer(EpochEntry(epoch=14, startOffset=1204340)) "
                  "from epoch cache after truncating to end offset 1204331, leaving 2 entries in the "
                  "cache." + _EL,
       prefix=EPOCH_CACHE_PREFIX, const={"state": "truncated_end"}, derive=epoch_entries),
    _t("epoch_cache.cleared_earliest", Kind.EPOCH_CACHE_UPDATE, "2.0+", EPOCH_CACHE,
       "Cleared entries {_removed:text} and rewrote first entry {details.first_entry:str} after truncating "
       "to start offset {offset}, leaving {count} in the cache.",
       _E.replace("WARN", "DEBUG") + "Cleared entries ListBuffer(EpochEntry(epoch=1, startOffset=0)) and "
                  "rewrote first entry EpochEntry(epoch=2, startOffset=4000) after truncating to start "
                  "offset 4000, leaving 2 in the cache." + _EL,
       prefix=EPOCH_CACHE_PREFIX, const={"state": "truncated_start"}, derive=epoch_entries),
    _t("epoch_cache.out_of_order.2_0", Kind.EPOCH_CACHE_CONFLICT, "2.0-2.6", EPOCH_CACHE,
       "Received leader epoch assignment " + _ENTRY + " which has {~(?:an epoch|a starting offset which "
       "is)~} less than the {~(?:epoch|starting offset)~} of the latest entry {details.latest_entry:str}. "
       "This implies messages have arrived out of order.",
       _E + "Received leader epoch assignment EpochEntry(epoch=13, startOffset=1204400) which has an epoch "
            "less than the epoch of the latest entry EpochEntry(epoch=14, startOffset=1204340). This implies "
            "messages have arrived out of order." + _EL,
       prefix=EPOCH_CACHE_PREFIX, const={"state": "out_of_order"}),
    _t("epoch_cache.cleared_format", Kind.EPOCH_CACHE_UPDATE, "2.1+", LOG,
       "{~(?:Deleting non-empty leader epoch cache due to incompatible message format "
       "(?:V\\d|v?\\d)|Clearing leader epoch cache after unexpected append with message format v\\d)~}",
       (_L.replace("INFO", "WARN") + "Deleting non-empty leader epoch cache due to incompatible message "
                   "format V1"
        + _LL,
        _UL.replace("INFO", "WARN") + "Clearing leader epoch cache after unexpected append with message "
                    "format v1"
        + _ULL),
       prefix=LOG_PREFIX, const={"state": "cleared"},
       note="a pre-0.11 message format disables the cache: truncation falls back to the high watermark"),
    _t("epoch_cache.updated.0_11", Kind.EPOCH_CACHE_UPDATE, "0.11-1.1", EPOCH_CACHE,
       "Updated PartitionLeaderEpoch. New: {epoch:{leader_epoch}, offset:{offset}}, Current: "
       "{epoch:{prev_leader_epoch}, offset{~:?~}{details.prev_offset:int}} for Partition: {tp}. Cache now "
       "contains {count} entries.",
       "[2017-10-02 17:12:09,332] INFO Updated PartitionLeaderEpoch. New: {epoch:13, offset:88213}, Current: "
       "{epoch:12, offset85000} for Partition: orders-0. Cache now contains 4 entries." + _EL,
       const={"state": "appended"}, note="0.11-1.0 print `offset85000` (no colon), 1.1 `offset:85000`"),
    _t("epoch_cache.cleared.0_11", Kind.EPOCH_CACHE_UPDATE, "0.11-1.1", EPOCH_CACHE,
       "Cleared {~(?:latest|earliest)~} {_removed:str} entries from epoch cache based on passed offset "
       "{offset} leaving {count} in EpochFile for partition {tp}",
       "[2017-10-02 17:12:09,333] INFO Cleared latest Set(EpochEntry(13,88213)) entries from epoch cache "
       "based on passed offset 88190 leaving 3 in EpochFile for partition orders-0" + _EL,
       const={"state": "truncated"}),
    _t("epoch_cache.out_of_order.0_11", Kind.EPOCH_CACHE_CONFLICT, "0.11-1.1", EPOCH_CACHE,
       "Received a PartitionLeaderEpoch assignment for an {~(?:epoch < latestEpoch|offset < latest offset "
       "for the most recent, stored PartitionLeaderEpoch)~}. This implies messages have arrived out of "
       "order. New: {epoch:{leader_epoch}, offset:{offset}}, Current: {epoch:{prev_leader_epoch}, "
       "offset{~:?~}{details.prev_offset:int}} for Partition: {tp}",
       "[2017-10-02 17:12:09,333] WARN Received a PartitionLeaderEpoch assignment for an epoch < "
       "latestEpoch. This implies messages have arrived out of order. New: {epoch:11, offset:88213}, "
       "Current: {epoch:12, offset85000} for Partition: orders-0" + _EL,
       const={"state": "out_of_order"}),
]


# ======================================================================================
# AlterIsr / AlterPartition sender (2.7+) — §4.3
# ======================================================================================
_AM = "[2021-07-09 11:20:40,010] WARN "
_AML = " (kafka.server.DefaultAlterIsrManager)"

ALTER_ISR_TEMPLATES: list[Template] = [
    _t("alter_isr.stale_broker_epoch", Kind.ISR_UPDATE_FAILED, "2.7+", ALTER_ISR_MANAGER,
       "Broker had a stale broker epoch ({details.broker_epoch:int}), retrying.",
       _AM + "Broker had a stale broker epoch (4294967300), retrying." + _AML,
       const={"error": "STALE_BROKER_EPOCH"}),
    _t("alter_isr.not_authorized", Kind.ISR_UPDATE_FAILED, "2.7+", ALTER_ISR_MANAGER,
       "Broker is not authorized to send {api} to controller",
       "[2022-06-01 10:00:00,000] ERROR Broker is not authorized to send AlterPartition to controller "
       "(kafka.server.DefaultAlterIsrManager)",
       const={"error": "CLUSTER_AUTHORIZATION_FAILED"}, note="AlterIsr up to 3.1, AlterPartition from 3.2"),
    _t("alter_isr.partition_missing", Kind.ISR_UPDATE_FAILED, "2.7+", ALTER_ISR_MANAGER,
       "Partition {~(?:~}{details.topic_id:word}{~:)?~}{tp} was sent but not included in the response",
       (_AM + "Partition orders-0 was sent but not included in the response" + _AML,
        "[2024-03-01 11:20:07,500] WARN Partition qZ2y3J1OQ6K9xq9kN2m4Lw:orders-0 was sent but not included "
        "in the response (kafka.server.DefaultAlterPartitionManager)"),
       note="3.3+ prints a TopicIdPartition (`topicId:topic-partition`)"),
    _t("alter_isr.top_level_error", Kind.ISR_UPDATE_FAILED, "2.7+", ALTER_ISR_MANAGER,
       "Controller returned an unexpected top-level error when handling {api} request: {error}",
       _AM + "Controller returned an unexpected top-level error when handling AlterIsr request: "
             "NOT_CONTROLLER"
       + _AML),
    _t("alter_isr.invalid_recovery_state", Kind.ISR_UPDATE_FAILED, "3.2+", ALTER_ISR_MANAGER,
       "Controller returned an invalid leader recovery state ({details.leader_recovery_state:word}) for "
       "{tp}: {_state:text}",
       "[2022-06-01 10:00:00,000] ERROR Controller returned an invalid leader recovery state (-1) for "
       "orders-0: PartitionData(partitionIndex=0, errorCode=0, leaderId=1, leaderEpoch=5, isr=[1, 2], "
       "leaderRecoveryState=-1, partitionEpoch=9) (kafka.server.DefaultAlterIsrManager)",
       const={"error": "INVALID_LEADER_RECOVERY_STATE"}, derive=partition_state),
]


# Tried in this order per logger: wordings that share a logger are ordered specific-first
# inside each list (anchored regexes keep the rest apart).
TEMPLATES: list[Template] = [
    *PARTITION_TEMPLATES,
    *BROKER_STATE_CHANGE_TEMPLATES,
    *REPLICA_MANAGER_TEMPLATES,
    *FETCHER_TEMPLATES,
    *LOG_TEMPLATES,
    *EPOCH_CACHE_TEMPLATES,
    *ALTER_ISR_TEMPLATES,
]
