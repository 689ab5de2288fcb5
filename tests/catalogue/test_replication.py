"""Partition replication on the broker, as specifications.

Each line is written the way the named Kafka version's source formats it (default layout
``[%d] %p %m (%c)%n``), or copied from the real corpus where the corpus has one; wording
per version: kafka-log-templates.md §1.3, §4, §10–11, checked against Kafka's source.
The behaviours first (what an investigator relies on), then one table with a case per
catalogue entry asserting its typed fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from kafka_forensics.parsers.catalogue import replication
from tests.support import assert_entry, details, events, line, one, unspecified

PARTITION = "kafka.cluster.Partition"
SCL = "state.change.logger"
RM = "kafka.server.ReplicaManager"
FETCHER = "kafka.server.ReplicaFetcherThread"
FETCHER_MANAGER = "kafka.server.ReplicaFetcherManager"
LOG = "kafka.log.Log"
UNIFIED_LOG = "kafka.log.UnifiedLog"
EPOCH_CACHE = "org.apache.kafka.storage.internals.epoch.LeaderEpochFileCache"

P = "[Partition orders-0 broker=1] "
B = "[Broker id=1] "
F = "[ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] "






# --- ISR shrink / expand: the leader's view of its followers ----------------------------------


def test_a_shrink_names_each_lagging_replica_with_its_offset_and_last_caught_up_time() -> None:
    # 3.6+ (isr-expiration): which followers fell out, how far behind, and since when
    row = one(
        line(
            "INFO",
            P + "Shrinking ISR from 1,2,3 to 1. Leader: (highWatermark: 1204331, endOffset: "
            "1204410). Out of sync replicas: (brokerId: 2, endOffset: 1198002, lastCaughtUpTimeMs: "
            "1709290482112) (brokerId: 3, endOffset: 1204000, lastCaughtUpTimeMs: 1709290490000).",
            PARTITION,
        )
    )
    assert row["kind"] == "isr_shrink"
    assert (row["prev_isr"], row["isr"], row["brokers"]) == ([1, 2, 3], [1], [2, 3])
    assert (row["leader"], row["node"], row["hw"], row["leo"]) == (1, 1, 1204331, 1204410)
    assert details(row)["out_of_sync"] == [
        {"broker": 2, "end_offset": 1198002, "last_caught_up_ms": 1709290482112},
        {"broker": 3, "end_offset": 1204000, "last_caught_up_ms": 1709290490000},
    ]


def test_a_follower_the_leader_knows_nothing_about_prints_unknown_offsets() -> None:
    # 3.0+: `endOffset: unknown` when the leader holds no replica state (e.g. just after election)
    row = one(
        line(
            "INFO",
            P + "Shrinking ISR from 1,2 to 1. Leader: (highWatermark: 10, endOffset: 12). "
            "Out of sync replicas: (brokerId: 2, endOffset: unknown).",
            PARTITION,
            "2021-09-21 10:00:00,000",
        )
    )
    assert row["template"] == "isr.shrink.2_2"
    assert details(row)["out_of_sync"] == [{"broker": 2, "end_offset": None, "last_caught_up_ms": None}]


def test_the_0_10_shrink_and_expand_name_the_partition_in_the_text_too() -> None:
    # 0.8-0.10.0 print `[t,p]`, 0.10.1+ `t-p`: both are the same partition
    old = one(
        line(
            "INFO",
            "Partition [orders,0] on broker 1: Expanding ISR for partition [orders,0] from 1 to 1,2",
            PARTITION,
            "2016-03-01 10:00:00,000",
        )
    )
    new = one(
        line(
            "INFO",
            "Partition [orders,0] on broker 1: Expanding ISR for partition orders-0 from 1 to 1,2",
            PARTITION,
            "2017-03-01 10:00:00,000",
        )
    )
    assert old["template"] == new["template"] == "isr.expand.0_8"
    assert (old["topic"], old["partition"], new["topic"], new["partition"]) == ("orders", 0, "orders", 0)
    assert (new["kind"], new["prev_isr"], new["isr"], new["leader"]) == ("isr_expand", [1], [1, 2], 1)


def test_a_topic_name_with_dashes_splits_on_the_last_dash() -> None:
    row = one(
        line(
            "INFO",
            "[Partition connect-offsets-24 broker=0] Log loaded for partition connect-offsets-24 "
            "with initial high watermark 17",
            PARTITION,
        )
    )
    assert (row["topic"], row["partition"], row["hw"], row["kind"]) == (
        "connect-offsets",
        24,
        17,
        "hw_initial",
    )


# --- the committed ISR change and its version -----------------------------------------------


def test_the_committed_isr_carries_the_partition_epoch_written() -> None:
    # 2.7+ (AlterIsr): "Shrinking ISR" was only the proposal; this is what the controller accepted
    row = one(
        line(
            "INFO",
            "[Partition second-0 broker=0] ISR updated to 0,1 and version updated to [2]",
            PARTITION,
            "2021-04-26 16:13:18,939",
        )
    )
    assert (row["kind"], row["isr"], row["zk_version"], row["leader"]) == ("isr_updated", [0, 1], 2, 0)


def test_not_being_under_min_isr_leaves_a_double_space_and_a_false_flag() -> None:
    # 3.5+ `ISR updated to 1,3  and version …` (the optional marker printed empty)
    row = one(line("INFO", P + "ISR updated to 1,3  and version updated to 20", PARTITION))
    assert row["template"] == "isr.updated.3_5"
    assert (row["isr"], row["zk_version"], details(row)) == ([1, 3], 20, {"under_min_isr": False})


def test_an_isr_below_min_insync_replicas_is_flagged() -> None:
    row = one(line("INFO", P + "ISR updated to 1 (under-min-isr) and version updated to 21", PARTITION))
    assert (row["isr"], details(row)["under_min_isr"]) == ([1], True)


def test_the_single_space_wording_of_3_1_is_its_own_entry() -> None:
    row = one(
        line("INFO", P + "ISR updated to 1,3 and version updated to 20", PARTITION, "2022-06-01 08:00:00,000")
    )
    assert (row["template"], row["versions"]) == ("isr.updated.3_1", "3.1-3.4")


def test_a_stale_cached_zk_version_is_the_zombie_leader_signature() -> None:
    # KAFKA-2729: the leader's conditional write of the partition state failed, repeated every isr-expiration
    old = one(
        line(
            "INFO",
            "Partition [orders,0] on broker 1: Cached zkVersion [17] not equal to that in "
            "zookeeper, skip updating ISR",
            PARTITION,
            "2017-06-12 09:30:14,560",
        )
    )
    new = one(
        line(
            "INFO",
            P + "Cached zkVersion 17 not equal to that in zookeeper, skip updating ISR",
            PARTITION,
            "2020-02-14 16:50:01,009",
        )
    )
    for row in (old, new):
        assert (row["kind"], row["zk_version"], row["leader"], row["topic"]) == (
            "isr_update_skipped",
            17,
            1,
            "orders",
        )


def test_a_rejected_alter_partition_tells_what_was_proposed_and_what_stays_committed() -> None:
    # 3.3+: the controller answers INELIGIBLE_REPLICA (e.g. the new ISR member is fenced, KIP-841)
    row = one(
        line(
            "INFO",
            P + "Failed to alter partition to PendingExpandIsr(newInSyncReplicaId=2, "
            "sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState("
            "brokerId=1, brokerEpoch=-1), BrokerState(brokerId=2, brokerEpoch=71)), leaderRecoveryState="
            "RECOVERED, partitionEpoch=20), leaderRecoveryState=RECOVERED, lastCommittedState="
            "CommittedPartitionState(isr=Set(1), leaderRecoveryState=RECOVERED)) since the controller "
            "rejected the request with INELIGIBLE_REPLICA. Partition state has been reset to the latest "
            "committed state CommittedPartitionState(isr=Set(1), leaderRecoveryState=RECOVERED).",
            PARTITION,
        )
    )
    assert (row["kind"], row["error"], row["state"]) == (
        "isr_update_failed",
        "INELIGIBLE_REPLICA",
        "PendingExpandIsr",
    )
    assert (row["isr"], row["prev_isr"], row["brokers"]) == ([1, 2], [1], [2])
    assert (row["leader_epoch"], row["zk_version"]) == (14, 20)


def test_an_unexpected_alter_isr_error_is_retried_with_the_error_named() -> None:
    row = one(
        line(
            "WARN",
            P + "Failed to update ISR to PendingShrinkIsr(isr=Set(1, 2, 3), outOfSyncReplicaIds="
            "Set(3), sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=5, isr=List(1, 2), zkVersion=7)) "
            "due to unexpected NOT_CONTROLLER. Retrying.",
            PARTITION,
            "2021-07-09 11:20:33,901",
        )
    )
    assert (row["template"], row["error"]) == ("isr.alter_failed.2_8_retrying", "NOT_CONTROLLER")
    assert (row["isr"], row["prev_isr"], row["brokers"], row["zk_version"]) == ([1, 2], [1, 2, 3], [3], 7)


# --- becoming leader / follower at a leader epoch ---------------------------------------------


def test_a_new_leader_logs_its_epoch_start_offset_and_high_watermark() -> None:
    # 3.6+ state-change.log; the "previous leader" is an Option
    row = one(
        line(
            "INFO",
            "[Broker id=3] Leader orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) starts at "
            "leader epoch 15 from offset 1204410 with partition epoch 27, high watermark 1204331, ISR [3,1], "
            "adding replicas [] and removing replicas [] . Previous leader Some(1) and previous leader epoch "
            "was 14.",
            SCL,
        )
    )
    assert row["kind"] == "leader_epoch_start"
    assert (row["node"], row["leader"], row["prev_leader"]) == (3, 3, 1)
    assert (row["leader_epoch"], row["prev_leader_epoch"], row["zk_version"]) == (15, 14, 27)
    assert (row["offset"], row["hw"], row["isr"]) == (1204410, 1204331, [3, 1])
    assert details(row) == {
        "topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
        "adding_replicas": [],
        "removing_replicas": [],
        "under_min_isr": False,
    }


def test_a_first_leader_has_no_previous_leader() -> None:
    row = one(
        line(
            "INFO",
            "[Broker id=0] Leader __consumer_offsets-13 with topic id Some(FQl7uE37TLu471FHQIVNzg) "
            "starts at leader epoch 0 from offset 0 with partition epoch 0, high watermark 0, ISR [0], adding "
            "replicas [] and removing replicas [] . Previous leader None and previous leader epoch was -1.",
            SCL,
            "2025-05-14 23:10:02,111",
        )
    )
    assert (row["prev_leader"], row["prev_leader_epoch"]) == (None, -1)


def test_a_leader_elected_below_min_isr_says_so() -> None:
    # 3.5+: `removing replicas [] (under-min-isr).` instead of `removing replicas [] .`
    row = one(
        line(
            "INFO",
            "[Broker id=3] Leader orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) starts at "
            "leader epoch 15 from offset 1204410 with partition epoch 27, high watermark 1204331, ISR [3], "
            "adding replicas [] and removing replicas [] (under-min-isr). Previous leader Some(1) and "
            "previous leader epoch was 14.",
            SCL,
        )
    )
    assert details(row)["under_min_isr"] is True


def test_a_follower_names_the_leader_it_follows() -> None:
    # 3.3+ `Current leader is N`; a KRaft follower of an offline partition prints -1
    row = one(
        line(
            "INFO",
            "[Broker id=10] Follower test-sasl-topic-0 starts at leader epoch 1 from offset 0 with "
            "partition epoch 1 and high watermark 0. Current leader is -1. Previous leader Some(-1) and "
            "previous leader epoch was 1.",
            SCL,
            "2025-05-14 23:34:43,268",
        )
    )
    assert row["kind"] == "follower_epoch_start"
    assert (row["node"], row["leader"], row["leader_epoch"], row["zk_version"]) == (10, -1, 1, 1)


def test_before_2_6_the_leader_epoch_line_is_in_server_log_under_the_partition_logger() -> None:
    row = one(
        line(
            "INFO",
            "[Partition __consumer_offsets-0 broker=0] __consumer_offsets-0 starts at Leader Epoch 0 "
            "from offset 0. Previous Leader Epoch was: -1",
            PARTITION,
            "2020-01-31 23:08:31,515",
        )
    )
    assert (row["kind"], row["leader"], row["leader_epoch"], row["prev_leader_epoch"]) == (
        "leader_epoch_start",
        0,
        0,
        -1,
    )


def test_an_unclean_leader_recovers_its_partition_kip_704() -> None:
    row = one(
        line(
            "INFO",
            "[Broker id=3] The topic partition orders-2 was marked as RECOVERING. Marking the topic "
            "partition as RECOVERED.",
            SCL,
        )
    )
    assert (row["kind"], row["prev_state"], row["state"], row["leader"]) == (
        "partition_recovering",
        "RECOVERING",
        "RECOVERED",
        3,
    )


# --- produce below min.insync.replicas ------------------------------------------------------


def test_not_enough_replicas_is_read_from_the_exception_line() -> None:
    # acks=all produce with ISR smaller than min.insync.replicas (2.1+ wording of the exception)
    row = one(
        line("ERROR", "[ReplicaManager broker=1] Error processing append operation on partition orders-0", RM)
        + "\norg.apache.kafka.common.errors.NotEnoughReplicasException: The size of the current ISR Set(1) "
        "is insufficient to satisfy the min.isr requirement of 2 for partition orders-0"
    )
    assert (row["kind"], row["isr"], details(row)["min_isr"]) == ("not_enough_replicas", [1], 2)
    assert (row["node"], row["topic"], row["partition"]) == (1, "orders", 0)


def test_the_0_10_exception_gives_the_isr_size_not_its_members() -> None:
    row = one(
        line(
            "ERROR",
            "[Replica Manager on Broker 1]: Error processing append operation on partition orders-0",
            RM,
            "2017-06-12 09:30:14,560",
        )
        + "\norg.apache.kafka.common.errors.NotEnoughReplicasException: Number of insync replicas for "
        "partition orders-0 is [1], below required minimum [2]"
    )
    assert (row["kind"], row["count"], row["isr"], details(row)["min_isr"]) == (
        "not_enough_replicas",
        1,
        None,
        2,
    )


def test_any_other_append_failure_names_its_exception_class() -> None:
    row = one(
        line("ERROR", "[ReplicaManager broker=1] Error processing append operation on partition orders-0", RM)
        + "\norg.apache.kafka.common.errors.CorruptRecordException: Record size is less than the minimum "
        "record overhead (14)\n\tat kafka.log.UnifiedLog.analyzeAndValidateRecords(UnifiedLog.scala:1)"
    )
    assert (row["kind"], row["error"]) == (
        "append_error",
        "org.apache.kafka.common.errors.CorruptRecordException",
    )


# --- the follower: truncation and offset resets ----------------------------------------------


def test_truncating_below_the_high_watermark_is_possible_data_loss() -> None:
    # offsets [88190, 88200) had been acknowledged under the old leader (pre-KIP-101 / unclean election)
    row = one(
        line(
            "WARN",
            "[ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating orders-0 to offset "
            "88190 below high watermark 88200",
            FETCHER,
            "2018-11-20 08:05:18,774",
        )
    )
    assert (row["kind"], row["cause"]) == ("follower_truncation", "below_high_watermark")
    assert (row["node"], row["leader"], row["offset"], row["hw"]) == (1, 2, 88190, 88200)
    assert row["offset"] < row["hw"]


def test_a_leader_epoch_truncation_reports_the_leaders_epoch_end_offset() -> None:
    # 3.1+ TruncationState / EpochEndOffset renderings (KIP-101 / KIP-279)
    row = one(
        line(
            "INFO",
            F + "Truncating partition orders-0 with TruncationState(offset=1204331, completed=true) "
            "due to leader epoch and offset EpochEndOffset(errorCode=0, partition=0, leaderEpoch=14, "
            "endOffset=1204331)",
            FETCHER,
        )
    )
    assert (row["cause"], row["offset"], row["leader_epoch"], row["leader"]) == (
        "leader_epoch",
        1204331,
        14,
        3,
    )
    assert details(row) == {"completed": True, "leader_end_offset": 1204331}


def test_truncating_to_the_local_high_watermark_sets_the_offset_to_it() -> None:
    row = one(
        line(
            "INFO",
            "[ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] Truncating partition second-0 to "
            "local high watermark 0",
            FETCHER,
            "2021-04-26 16:13:18,801",
        )
    )
    assert (row["cause"], row["hw"], row["offset"]) == ("high_watermark", 0, 0)


def test_the_log_then_truncates_itself() -> None:
    row = one(
        line(
            "INFO",
            "[UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] Truncating to offset 1204331",
            UNIFIED_LOG,
        )
    )
    assert (row["kind"], row["topic"], row["offset"]) == ("log_truncation", "orders", 1204331)
    assert details(row) == {"dir": "/var/lib/kafka/data"}


def test_a_truncation_to_the_log_end_changes_nothing() -> None:
    row = one(
        line(
            "INFO",
            "[Log partition=second-0, dir=/tmp/kafka-logs-2] Truncating to 0 has no effect as the "
            "largest offset in the log is -1",
            LOG,
            "2021-04-26 16:13:18,802",
        )
    )
    assert (row["kind"], row["state"], details(row)["largest_offset"]) == ("log_truncation", "no_effect", -1)


def test_an_out_of_range_fetch_offset_is_reset() -> None:
    row = one(
        line(
            "INFO",
            F + "Current offset 95510 for partition orders-0 is out of range, which typically "
            "implies a leader change. Reset fetch offset to 95502",
            FETCHER,
        )
    )
    assert (row["kind"], row["offset"], details(row)["fetch_offset"]) == ("fetch_offset_reset", 95502, 95510)


def test_the_0_10_fetcher_thread_names_only_the_leader() -> None:
    # ShutdownableThread logIdent `[ReplicaFetcherThread-{fetcherId}-{leaderId}], ` (0.10); the follower
    # names itself in the text
    row = one(
        line(
            "WARN",
            "[ReplicaFetcherThread-0-2], Replica 1 for partition orders-0 reset its fetch offset "
            "from 88220 to current leader 2's latest offset 88213",
            FETCHER,
            "2017-06-12 09:35:40,211",
        )
    )
    assert (row["node"], row["leader"], row["offset"], row["cause"]) == (1, 2, 88213, "latest")


def test_a_fetch_error_names_the_exception_of_its_continuation_line() -> None:
    row = one(
        line(
            "ERROR",
            "[ReplicaFetcher replicaId=10, leaderId=30, fetcherId=0] Error for partition test-3-0 "
            "at offset 0",
            FETCHER,
            "2018-10-17 12:57:18,400",
        )
        + "\norg.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host "
        "this topic-partition."
    )
    assert (row["kind"], row["topic"], row["partition"], row["offset"]) == ("fetch_error", "test-3", 0, 0)
    assert row["error"] == "org.apache.kafka.common.errors.UnknownTopicOrPartitionException"


def test_added_fetchers_list_their_partitions_and_the_leader() -> None:
    new = one(
        line(
            "INFO",
            "[ReplicaFetcherManager on broker 1] Added fetcher to broker 3 for partitions Map("
            "orders-0 -> InitialFetchState(Some(qZ2y3J1OQ6K9xq9kN2m4Lw),BrokerEndPoint(id=3, host=kafka3:"
            "9092),15,1204410), orders-2 -> InitialFetchState(Some(qZ2y3J1OQ6K9xq9kN2m4Lw),BrokerEndPoint("
            "id=3, host=kafka3:9092),9,811))",
            FETCHER_MANAGER,
        )
    )
    old = one(
        line(
            "INFO",
            "[ReplicaFetcherManager on broker 10] Added fetcher for partitions List([test-0, "
            "initOffset 0 to broker BrokerEndPoint(30,10.122.220.20,9095)] )",
            FETCHER_MANAGER,
            "2018-10-17 12:50:23,401",
        )
    )
    assert (new["kind"], new["node"], new["leader"], new["partitions"]) == (
        "fetcher_added",
        1,
        3,
        ["orders-0", "orders-2"],
    )
    assert (old["node"], old["leader"], old["partitions"]) == (10, 30, ["test-0"])


def test_removed_fetchers_accept_every_set_rendering() -> None:
    for rendered in ("Set(t-0, t-1)", "HashSet(t-0, t-1)", "t-0,t-1"):
        row = one(
            line(
                "INFO",
                f"[ReplicaFetcherManager on broker 1] Removed fetcher for partitions {rendered}",
                FETCHER_MANAGER,
            )
        )
        assert (row["kind"], row["partitions"]) == ("fetcher_removed", ["t-0", "t-1"])


# --- the log and its leader-epoch cache ------------------------------------------------------


def test_a_high_watermark_going_backwards_is_reported_with_both_values() -> None:
    row = one(
        line(
            "WARN",
            "[UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] Non-monotonic update of high "
            "watermark from (offset=1204331 segment=[1200000:5012]) to (offset=1204300 segment=[1200000:"
            "4096])",
            UNIFIED_LOG,
        )
    )
    assert (row["kind"], row["hw"], details(row)["prev_hw"]) == ("hw_non_monotonic", 1204300, 1204331)


def test_a_diverged_epoch_history_lists_the_entries_it_dropped() -> None:
    # 3.5+ Java cache renders the removed entries as a List
    row = one(
        line(
            "WARN",
            "[LeaderEpochCache orders-0] New epoch entry EpochEntry(epoch=15, startOffset=1204331) "
            "caused truncation of conflicting entries [EpochEntry(epoch=14, startOffset=1204340), EpochEntry("
            "epoch=13, startOffset=1204335)]. Cache now contains 3 entries.",
            EPOCH_CACHE,
        )
    )
    assert (row["kind"], row["leader_epoch"], row["offset"], row["count"]) == (
        "epoch_cache_conflict",
        15,
        1204331,
        3,
    )
    assert details(row)["removed"] == [
        {"epoch": 14, "start_offset": 1204340},
        {"epoch": 13, "start_offset": 1204335},
    ]


def test_the_log_start_offset_moves_for_a_stated_reason() -> None:
    row = one(
        line(
            "INFO",
            "[Log partition=erstesTopic-1, dir=/mnt/k/tmp/kafka-logs-2] Incremented log start offset "
            "to 4 due to leader offset increment",
            LOG,
            "2021-04-27 12:00:18,964",
        )
    )
    assert (row["kind"], row["offset"], row["reason"]) == ("log_start_offset", 4, "leader offset increment")


def test_recovery_after_an_unclean_shutdown_cuts_a_corrupt_segment() -> None:
    row = one(
        line(
            "WARN",
            "[LogLoader partition=__cluster_metadata-0, dir=/data/broker] Corruption found in segment "
            "0, truncating to offset 121",
            "org.apache.kafka.storage.internals.log.LogLoader",
            "2025-05-14 22:51:04,152",
        )
    )
    assert (row["kind"], row["offset"], details(row)["segment"]) == ("log_corruption", 121, 0)


def test_4_0_loads_producer_state_without_a_message_format_version() -> None:
    row = one(
        line(
            "INFO",
            "[LogLoader partition=__cluster_metadata-0, dir=/data/broker] Loading producer state till "
            "offset 0",
            "org.apache.kafka.storage.internals.log.UnifiedLog",
            "2025-05-14 22:49:12,380",
        )
    )
    assert (row["template"], row["kind"], row["offset"]) == (
        "producer_state.loading.4_0",
        "producer_state",
        0,
    )


# --- broker-context state-change lines --------------------------------------------------------


def test_only_broker_context_state_change_lines_belong_to_replication() -> None:
    # `[Controller id=N epoch=E]` lines are the controller's (another catalogue area)
    broker = one(
        line(
            "TRACE",
            "[Broker id=0] Cached leader info PartitionState(controllerEpoch=2, leader=0, "
            "leaderEpoch=0, isr=[0], zkVersion=0, replicas=[0], offlineReplicas=[]) for partition "
            "__consumer_offsets-13 in response to UpdateMetadata request sent by controller 0 epoch 389 "
            "with correlation id 0",
            SCL,
            "2020-05-28 03:02:03,736",
        )
    )
    assert broker["template"] in {t.id for t in replication.TEMPLATES}
    controller = events(
        line(
            "INFO",
            "[Controller id=0 epoch=389] Sending LeaderAndIsr request to broker 1 with 1 "
            "become-leader and 0 become-follower partitions",
            SCL,
        )
    )
    assert all(t not in {x.id for x in replication.TEMPLATES} for t in controller["template"].to_list())


def test_cached_leader_info_reads_every_partition_state_rendering() -> None:
    # 0.10 (LeaderAndIsrInfo:…), 1.0-2.3 PartitionState(…), 2.4+ UpdateMetadataPartitionState(…)
    renderings = [
        (
            "Broker 1 cached leader info (LeaderAndIsrInfo:(Leader:1,ISR:1,2,LeaderEpoch:5,ControllerEpoch:57),"
            "ReplicationFactor:3),AllReplicas:1,2,3) for partition orders-0",
            None,
        ),
        (
            "[Broker id=1] Cached leader info PartitionState(controllerEpoch=57, leader=1, leaderEpoch=5, isr=[1, 2], "
            "zkVersion=9, replicas=[1, 2, 3], offlineReplicas=[]) for partition orders-0",
            9,
        ),
        (
            "[Broker id=1] Cached leader info UpdateMetadataPartitionState(topicName='orders', partitionIndex=0, "
            "controllerEpoch=57, leader=1, leaderEpoch=5, isr=[1, 2], zkVersion=9, replicas=[1, 2, 3], "
            "offlineReplicas=[]) for partition orders-0",
            9,
        ),
    ]
    for text, zk_version in renderings:
        row = one(
            line(
                "TRACE",
                text + " in response to UpdateMetadata request sent by controller 0 epoch 58 with "
                "correlation id 7",
                SCL,
            )
        )
        assert row["kind"] == "cached_leader_info"
        assert (row["node"], row["leader"], row["leader_epoch"], row["isr"], row["replicas"]) == (
            1,
            1,
            5,
            [1, 2],
            [1, 2, 3],
        )
        assert (row["zk_version"], row["controller"], row["controller_epoch"], row["correlation_id"]) == (
            zk_version,
            0,
            58,
            7,
        )


def test_a_stale_leader_and_isr_is_ignored_with_the_error_returned() -> None:
    row = one(
        line(
            "WARN",
            B + "Ignoring LeaderAndIsr request from controller 0 with correlation id 3 epoch 7 for "
            "partition orders-0 since its associated leader epoch 11 is smaller than the current leader epoch "
            "12",
            SCL,
        )
    )
    assert (row["kind"], row["api"], row["error"], row["leader_epoch"]) == (
        "leader_and_isr_ignored",
        "LeaderAndIsr",
        "STALE_CONTROLLER_EPOCH",
        11,
    )
    assert details(row) == {"current_leader_epoch": 12}


def test_the_0_10_broker_names_itself_at_the_start_of_the_text() -> None:
    row = one(
        line(
            "TRACE",
            "Broker 1 handling LeaderAndIsr request correlationId 1 from controller 1 epoch 58 "
            "starting the become-follower transition for partition dns_kafka_topic-2",
            SCL,
            "2021-04-28 16:41:34,284",
        )
    )
    assert (row["kind"], row["node"], row["state"], row["controller"], row["controller_epoch"]) == (
        "become_leader_follower",
        1,
        "follower",
        1,
        58,
    )


def test_a_follower_whose_new_leader_is_unavailable_skips_the_transition() -> None:
    row = one(
        line(
            "ERROR",
            "[Broker id=0] Received LeaderAndIsrRequest with correlation id 1 from controller 0 epoch "
            "7 for partition __consumer_offsets-18 (last update controller epoch 6) but cannot become follower "
            "since the new leader -1 is unavailable.",
            SCL,
            "2021-04-28 11:31:58,153",
        )
    )
    assert (row["state"], row["cause"], row["leader"]) == ("follower", "leader_unavailable", -1)


def test_a_kraft_broker_applies_a_metadata_delta_in_batches() -> None:
    row = one(
        line(
            "INFO",
            "[Broker id=10] Transitioning 2 partition(s) to local followers.",
            SCL,
            "2025-05-14 23:34:43,259",
        )
    )
    assert (row["kind"], row["state"], row["count"], row["node"]) == (
        "kraft_partition_transition",
        "follower",
        2,
        10,
    )


# --- failed log directories and lifecycle -----------------------------------------------------


def test_a_failed_log_directory_stops_the_fetchers_of_its_partitions() -> None:
    row = one(
        line(
            "INFO",
            "[ReplicaManager broker=0] Broker 0 stopped fetcher for partitions orders-0,orders-1 and "
            "stopped moving logs for partitions  because they are in the failed log directory D:\\tmp\\kafka-"
            "logs.",
            RM,
            "2020-01-08 19:56:37,650",
        )
    )
    assert (row["kind"], row["partitions"]) == ("log_dir_failure", ["orders-0", "orders-1"])
    assert details(row) == {"moving": [], "dir": "D:\\tmp\\kafka-logs"}


def test_replication_components_report_their_lifecycle() -> None:
    rows = events(
        "\n".join(
            [
                line("INFO", "[ReplicaManager broker=0] Shutting down", RM),
                line(
                    "INFO",
                    "[ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Shutdown completed",
                    FETCHER,
                ),
                line(
                    "INFO",
                    "[LogDirFailureHandler]: Starting",
                    "kafka.server.ReplicaManager$LogDirFailureHandler",
                ),
            ]
        )
    )
    assert rows["kind"].to_list() == ["replication_lifecycle"] * 3
    assert rows["state"].to_list() == ["shutting_down", "shut_down", "starting"]


# --- one case per catalogue entry: the typed fields it yields -----------------------------------


def case(template: str, log_line: str, **expected: Any) -> Any:
    return pytest.param(template, log_line, expected, id=template)


CASES = [
    case("isr.shrink.3_6",
         "[2024-03-01 10:55:12,640] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. "
         "Leader: (highWatermark: 1204331, endOffset: 1204410). Out of sync replicas: (brokerId: 2, "
         "endOffset: 1198002, lastCaughtUpTimeMs: 1709290482112). (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2],
         hw=1204331, leo=1204410,
         details={"out_of_sync": [{"broker": 2, "end_offset": 1198002, "last_caught_up_ms": 1709290482112}]}),
    case("isr.shrink.2_2",
         "[2019-04-10 06:44:57,120] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. "
         "Leader: (highWatermark: 91020, endOffset: 91055). Out of sync replicas: (brokerId: 2, "
         "endOffset: 90410). (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2],
         hw=91020, leo=91055,
         details={"out_of_sync": [{"broker": 2, "end_offset": 90410, "last_caught_up_ms": None}]}),
    case("isr.shrink.0_11",
         "[2018-09-03 14:22:21,447] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3 "
         "(kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], prev_isr=[1, 2, 3]),
    case("isr.shrink.0_8",
         "[2017-06-12 09:30:14,551] INFO Partition [orders,0] on broker 1: Shrinking ISR for partition "
         "[orders,0] from 1,2,3 to 1,3 (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], prev_isr=[1, 2, 3]),
    case("isr.expand.0_11",
         "[2018-10-17 12:05:17,211] INFO [Partition test-5 broker=10] Expanding ISR from 10,30 to "
         "10,30,20 (kafka.cluster.Partition)",
         node=10, topic="test", partition=5, leader=10, isr=[10, 30, 20], prev_isr=[10, 30]),
    case("isr.expand.0_8",
         "[2021-04-28 16:41:51,067] INFO Partition [dns_kafka_topic,2] on broker 1: Expanding ISR for "
         "partition dns_kafka_topic-2 from 1 to 1,2 (kafka.cluster.Partition)",
         node=1, topic="dns_kafka_topic", partition=2, leader=1, isr=[1, 2], prev_isr=[1]),
    case("isr.updated.3_5",
         "[2024-03-01 10:55:12,701] INFO [Partition orders-0 broker=1] ISR updated to 1,3  and version "
         "updated to 20 (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], zk_version=20,
         details={"under_min_isr": False}),
    case("isr.updated.3_1",
         "[2022-06-01 08:00:01,100] INFO [Partition orders-0 broker=1] ISR updated to 1,3 and version "
         "updated to 20 (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], zk_version=20),
    case("isr.updated.2_8",
         "[2021-04-26 16:13:18,939] INFO [Partition second-0 broker=0] ISR updated to 0,1 and version "
         "updated to [2] (kafka.cluster.Partition)",
         node=0, topic="second", partition=0, leader=0, isr=[0, 1], zk_version=2),
    case("isr.updated.2_7_alter_isr",
         "[2021-01-12 09:00:20,001] INFO [Partition orders-0 broker=1] ISR updated from AlterIsr to 1,3 "
         "and version updated to [19] (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], zk_version=19),
    case("isr.updated.zk",
         "[2020-02-14 16:50:01,009] INFO [Partition orders-0 broker=1] ISR updated to [1,3] and zkVersion"
         " updated to [18] (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, isr=[1, 3], zk_version=18),
    case("isr.cached_zk_version.0_8",
         "[2017-06-12 09:30:14,560] INFO Partition [orders,0] on broker 1: Cached zkVersion [17] not "
         "equal to that in zookeeper, skip updating ISR (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, zk_version=17),
    case("isr.cached_zk_version.2_4",
         "[2020-02-14 16:50:01,009] INFO [Partition orders-0 broker=1] Cached zkVersion 17 not equal to "
         "that in zookeeper, skip updating ISR (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, zk_version=17),
    case("isr.alter_failed.3_3_rejected",
         "[2024-03-01 10:55:12,702] INFO [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the controller rejected the request with "
         "INELIGIBLE_REPLICA. Partition state has been reset to the latest committed state "
         "CommittedPartitionState(isr=Set(1, 2, 3), leaderRecoveryState=RECOVERED). "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INELIGIBLE_REPLICA"),
    case("isr.alter_failed.3_3_unknown_partition",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the controller doesn't know about this topic or "
         "partition. Partition state may be out of sync, awaiting new the latest metadata. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("isr.alter_failed.3_3_unknown_topic_id",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the controller doesn't know about this topic. Partition "
         "state may be out of sync, awaiting new the latest metadata. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="UNKNOWN_TOPIC_ID"),
    case("isr.alter_failed.3_3_fenced_epoch",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the leader epoch is old. Partition state may be out of "
         "sync, awaiting new the latest metadata. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="FENCED_LEADER_EPOCH"),
    case("isr.alter_failed.3_3_invalid_version",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) because the partition epoch is invalid. Partition state may be "
         "out of sync, awaiting new the latest metadata. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INVALID_UPDATE_VERSION"),
    case("isr.alter_failed.3_3_invalid_request",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) because the request is invalid. Partition state may be out of "
         "sync, awaiting new the latest metadata. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INVALID_REQUEST"),
    case("isr.alter_failed.3_2_inflight",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since there is a pending AlterPartition still inflight. "
         "partition state has been reset to the latest committed state CommittedPartitionState(isr=Set(1,"
         " 2, 3), leaderRecoveryState=RECOVERED) (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="OPERATION_NOT_ATTEMPTED"),
    case("isr.alter_failed.3_2_unknown_partition",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the controller doesn't know about this topic or "
         "partition. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("isr.alter_failed.3_2_fenced_epoch",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the leader epoch is old. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="FENCED_LEADER_EPOCH"),
    case("isr.alter_failed.3_2_invalid_version",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) because the partition epoch is invalid. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INVALID_UPDATE_VERSION"),
    case("isr.alter_failed.3_2_invalid_request",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to alter partition to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) because the request is invalid. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INVALID_REQUEST"),
    case("isr.alter_failed.3_1_inflight",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since there is a pending ISR update still inflight. ISR state "
         "has been reset to the latest committed state CommittedIsr(isr=Set(1, 2, 3)) "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="OPERATION_NOT_ATTEMPTED"),
    case("isr.alter_failed.3_1_unknown_partition",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the controller doesn't know about this topic or "
         "partition. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("isr.alter_failed.3_1_fenced_epoch",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) since the leader epoch is old. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="FENCED_LEADER_EPOCH"),
    case("isr.alter_failed.3_1_invalid_version",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) because the version is invalid. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="INVALID_UPDATE_VERSION"),
    case("isr.alter_failed.2_8_unknown_partition",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) since it doesn't know about this topic or "
         "partition. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("isr.alter_failed.2_8_fenced_epoch",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) since we sent an old leader epoch. Giving up."
         " (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="FENCED_LEADER_EPOCH"),
    case("isr.alter_failed.2_8_invalid_version",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) due to invalid version. Giving up. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="INVALID_UPDATE_VERSION"),
    case("isr.alter_failed.2_8_retrying",
         "[2024-03-01 10:55:12,702] WARN [Partition orders-0 broker=1] Failed to update ISR to "
         "PendingShrinkIsr(outOfSyncReplicaIds=Set(2), sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), "
         "BrokerState(brokerId=3, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, partitionEpoch=20), "
         "leaderRecoveryState=RECOVERED, lastCommittedState=CommittedPartitionState(isr=Set(1, 2, 3), "
         "leaderRecoveryState=RECOVERED)) due to unexpected REQUEST_TIMED_OUT. Retrying. "
         "(kafka.cluster.Partition)",
         node=1, state="PendingShrinkIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3], prev_isr=[1, 2, 3], brokers=[2], zk_version=20, error="REQUEST_TIMED_OUT"),
    case("isr.alter_failed.2_7_unknown_partition",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Controller failed to update ISR "
         "to PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, "
         "sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) since"
         " it doesn't know about this topic or partition. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("isr.alter_failed.2_7_fenced_epoch",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Controller failed to update ISR "
         "to PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, "
         "sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) since"
         " we sent an old leader epoch. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="FENCED_LEADER_EPOCH"),
    case("isr.alter_failed.2_7_invalid_version",
         "[2024-03-01 10:55:12,702] DEBUG [Partition orders-0 broker=1] Controller failed to update ISR "
         "to PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, "
         "sentLeaderAndIsr=LeaderAndIsr(leader=1, leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) due "
         "to invalid zk version. Giving up. (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="INVALID_UPDATE_VERSION"),
    case("isr.alter_failed.2_7_retrying",
         "[2024-03-01 10:55:12,702] WARN [Partition orders-0 broker=1] Controller failed to update ISR to"
         " PendingExpandIsr(isr=Set(1, 3), newInSyncReplicaId=2, sentLeaderAndIsr=LeaderAndIsr(leader=1, "
         "leaderEpoch=14, isr=List(1, 3, 2), zkVersion=19)) due to unexpected REQUEST_TIMED_OUT. "
         "Retrying. (kafka.cluster.Partition)",
         node=1, state="PendingExpandIsr", topic="orders", partition=0, leader=1, leader_epoch=14,
         isr=[1, 3, 2], prev_isr=[1, 3], brokers=[2], zk_version=19, error="REQUEST_TIMED_OUT"),
    case("leader_epoch.start.2_4",
         "[2020-06-30 22:10:45,300] INFO [Partition orders-0 broker=2] orders-0 starts at leader epoch 14"
         " from offset 95510 with high watermark 95502. Previous leader epoch was 13. "
         "(kafka.cluster.Partition)",
         node=2, topic="orders", partition=0, leader=2, leader_epoch=14, prev_leader_epoch=13, hw=95502,
         offset=95510),
    case("leader_epoch.start.0_11",
         "[2020-01-31 23:08:31,515] INFO [Partition __consumer_offsets-0 broker=0] __consumer_offsets-0 "
         "starts at Leader Epoch 0 from offset 0. Previous Leader Epoch was: -1 (kafka.cluster.Partition)",
         node=0, topic="__consumer_offsets", partition=0, leader=0, leader_epoch=0, prev_leader_epoch=-1,
         offset=0),
    case("hw.initial.2_4",
         "[2025-05-14 23:10:02,256] INFO [Partition __consumer_offsets-13 broker=0] Log loaded for "
         "partition __consumer_offsets-13 with initial high watermark 0 (kafka.cluster.Partition)",
         node=0, topic="__consumer_offsets", partition=13, hw=0),
    case("hw.none_checkpointed",
         "[2021-04-28 16:40:02,678] INFO Partition [dns_kafka_topic,2] on broker 1: No checkpointed "
         "highwatermark is found for partition dns_kafka_topic-2 (kafka.cluster.Partition)",
         node=1, topic="dns_kafka_topic", partition=2),
    case("hw.updated.2_4",
         "[2021-07-09 11:20:33,905] DEBUG [Partition orders-0 broker=1] High watermark updated from "
         "(offset=1204300 segment=[1200000:4096]) to (offset=1204331 segment=[1200000:5012]) "
         "(kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, hw=1204331, details={"prev_hw": 1204300}),
    case("hw.updated.0_11",
         "[2018-09-03 14:22:21,447] DEBUG [Partition orders-0 broker=1] High watermark updated to 91020 "
         "[90000 : 524288] (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, hw=91020),
    case("hw.updated.0_8",
         "[2017-06-12 09:30:14,551] DEBUG Partition [orders,0] on broker 1: High watermark for partition "
         "[orders,0] updated to 88213 [0 : 1048576] (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, leader=1, hw=88213),
    case("log.restart_at_first_offset",
         "[2018-09-03 14:22:21,447] INFO [Partition orders-0 broker=1] Unexpected offset in append to "
         "orders-0. First offset 0 is less than log start offset 120. Since this is the first record to "
         "be appended to the follower's log, will start the log from offset 0. (kafka.cluster.Partition)",
         node=1, topic="orders", partition=0, offset=0,
         details={"log_start_offset": 120, "replica": "follower"}),
    case("broker_state.cached_leader_info",
         "[2020-05-28 03:02:03,736] TRACE [Broker id=0] Cached leader info "
         "PartitionState(controllerEpoch=2, leader=0, leaderEpoch=0, isr=[0], zkVersion=0, replicas=[0], "
         "offlineReplicas=[]) for partition __consumer_offsets-13 in response to UpdateMetadata request "
         "sent by controller 0 epoch 389 with correlation id 0 (state.change.logger)",
         node=0, topic="__consumer_offsets", partition=13, leader=0, leader_epoch=0, isr=[0], replicas=[0],
         zk_version=0, controller_epoch=389, controller=0, api="UpdateMetadata", correlation_id=0),
    case("broker_state.cached_leader_info.0_8",
         "[2018-05-27 11:28:07,906] TRACE Broker 0 cached leader info (LeaderAndIsrInfo:(Leader:0,ISR:0,L"
         "eaderEpoch:12,ControllerEpoch:25),ReplicationFactor:1),AllReplicas:0) for partition test-0 in "
         "response to UpdateMetadata request sent by controller 0 epoch 26 with correlation id 0 "
         "(state.change.logger)",
         node=0, topic="test", partition=0, leader=0, leader_epoch=12, isr=[0], replicas=[0],
         controller_epoch=26, controller=0, api="UpdateMetadata", correlation_id=0),
    case("broker_state.metadata_cache_deleted",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Deleted partition orders-0 from metadata cache in"
         " response to UpdateMetadata request sent by controller 0 epoch 389 with correlation id 7 "
         "(state.change.logger)",
         node=0, state="deleted", topic="orders", partition=0, controller_epoch=389, controller=0,
         api="UpdateMetadata", correlation_id=7),
    case("broker_state.metadata_cache_deleted.0_8",
         "[2017-06-12 09:40:00,031] TRACE Broker 1 deleted partition orders-0 from metadata cache in "
         "response to UpdateMetadata request sent by controller 0 epoch 7 with correlation id 12 "
         "(state.change.logger)",
         node=1, state="deleted", topic="orders", partition=0, controller_epoch=7, controller=0,
         api="UpdateMetadata", correlation_id=12),
    case("broker_state.metadata_cache_summary",
         "[2023-01-16 17:26:45,733] INFO [Broker id=0] Add 1 partitions and deleted 0 partitions from "
         "metadata cache in response to UpdateMetadata request sent by controller 0 epoch 1 with "
         "correlation id 2 (state.change.logger)",
         node=0, controller_epoch=1, controller=0, api="UpdateMetadata", correlation_id=2, count=1,
         details={"deleted": 0}),
    case("broker_state.lai_received.2_6",
         "[2021-04-28 11:31:58,101] TRACE [Broker id=0] Received LeaderAndIsr request "
         "LeaderAndIsrPartitionState(topicName='erstesTopic', partitionIndex=1, controllerEpoch=7, "
         "leader=0, leaderEpoch=6, isr=[0], zkVersion=10, replicas=[0, 1], addingReplicas=[], "
         "removingReplicas=[], isNew=false) correlation id 1 from controller 0 epoch 7 "
         "(state.change.logger)",
         node=0, topic="erstesTopic", partition=1, leader=0, leader_epoch=6, isr=[0], replicas=[0, 1],
         zk_version=10, controller_epoch=7, controller=0, api="LeaderAndIsr", correlation_id=1),
    case("broker_state.lai_received.1_0",
         "[2020-05-28 03:02:03,746] TRACE [Broker id=0] Received LeaderAndIsr request "
         "PartitionState(controllerEpoch=2, leader=0, leaderEpoch=0, isr=0, zkVersion=0, replicas=0, "
         "isNew=false) correlation id 1 from controller 0 epoch 389 for partition __consumer_offsets-13 "
         "(state.change.logger)",
         node=0, topic="__consumer_offsets", partition=13, leader=0, leader_epoch=0, isr=[0], replicas=[0],
         zk_version=0, controller_epoch=389, controller=0, api="LeaderAndIsr", correlation_id=1),
    case("broker_state.lai_received.0_8",
         "[2018-05-27 11:28:08,341] TRACE Broker 0 received LeaderAndIsr request "
         "PartitionState(controllerEpoch=25, leader=0, leaderEpoch=12, isr=[0], zkVersion=12, "
         "replicas=[0]) correlation id 1 from controller 0 epoch 26 for partition [test,0] "
         "(state.change.logger)",
         node=0, topic="test", partition=0, leader=0, leader_epoch=12, isr=[0], replicas=[0], zk_version=12,
         controller_epoch=26, controller=0, api="LeaderAndIsr", correlation_id=1),
    case("broker_state.lai_handling_batch",
         "[2021-04-26 20:01:02,008] INFO [Broker id=0] Handling LeaderAndIsr request correlationId 12 "
         "from controller 0 for 2 partitions (state.change.logger)",
         node=0, controller=0, api="LeaderAndIsr", correlation_id=12, count=2),
    case("broker_state.lai_finished",
         "[2021-04-26 20:01:02,289] INFO [Broker id=0] Finished LeaderAndIsr request in 289ms "
         "correlationId 12 from controller 0 for 2 partitions (state.change.logger)",
         node=0, state="finished", controller=0, api="LeaderAndIsr", correlation_id=12, duration_ms=289.0,
         count=2),
    case("broker_state.lai_ignored.stale_controller",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 "
         "with correlation id 3 since its controller epoch 6 is old. Latest known controller epoch is 7 "
         "(state.change.logger)",
         node=0, controller_epoch=6, controller=0, api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH",
         correlation_id=3, details={"known_controller_epoch": 7}),
    case("broker_state.lai_ignored.stale_controller.0_8",
         "[2017-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 since its controller epoch 6 is old. Latest known controller epoch is 7 "
         "(state.change.logger)",
         node=1, controller_epoch=6, controller=0, api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH",
         correlation_id=3, details={"known_controller_epoch": 7}),
    case("broker_state.lai_ignored.offline_dir",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 "
         "with correlation id 3 epoch 7 for partition orders-0 as the local replica for the partition is "
         "in an offline log directory (state.change.logger)",
         node=0, topic="orders", partition=0, controller_epoch=7, controller=0, api="LeaderAndIsr",
         error="KAFKA_STORAGE_ERROR", correlation_id=3),
    case("broker_state.lai_ignored.not_assigned",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 "
         "with correlation id 3 epoch 7 for partition orders-0 as itself is not in assigned replica list "
         "1,2,3 (state.change.logger)",
         node=0, topic="orders", partition=0, replicas=[1, 2, 3], controller_epoch=7, controller=0,
         api="LeaderAndIsr", error="UNKNOWN_TOPIC_OR_PARTITION", correlation_id=3),
    case("broker_state.lai_ignored.not_assigned.0_8",
         "[2017-06-12 09:40:01,020] WARN Broker 4 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] as itself is not in assigned replica list "
         "1,2,3 (state.change.logger)",
         node=4, topic="orders", partition=0, replicas=[1, 2, 3], controller_epoch=7, controller=0,
         api="LeaderAndIsr", error="UNKNOWN_TOPIC_OR_PARTITION", correlation_id=3),
    case("broker_state.lai_ignored.smaller_epoch",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 "
         "with correlation id 3 epoch 7 for partition orders-0 since its associated leader epoch 11 is "
         "smaller than the current leader epoch 12 (state.change.logger)",
         node=0, topic="orders", partition=0, leader_epoch=11, controller_epoch=7, controller=0,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=3,
         details={"current_leader_epoch": 12}),
    case("broker_state.lai_ignored.same_epoch",
         "[2021-04-28 11:31:38,325] INFO [Broker id=1] Ignoring LeaderAndIsr request from controller 1 "
         "with correlation id 1 epoch 6 for partition erstesTopic-0 since its associated leader epoch 5 "
         "matches the current leader epoch (state.change.logger)",
         node=1, topic="erstesTopic", partition=0, leader_epoch=5, controller_epoch=6, controller=1,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=1),
    case("broker_state.lai_ignored.not_higher",
         "[2020-02-18 13:56:10,453] WARN [Broker id=0] Ignoring LeaderAndIsr request from controller 0 "
         "with correlation id 8 epoch 56 for partition __consumer_offsets-13 since its associated leader "
         "epoch 0 is not higher than the current leader epoch 0 (state.change.logger)",
         node=0, topic="__consumer_offsets", partition=13, leader_epoch=0, controller_epoch=56, controller=0,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=8,
         details={"current_leader_epoch": 0}),
    case("broker_state.lai_ignored.not_higher.0_10",
         "[2017-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] since its associated leader epoch 12 is not "
         "higher than the current leader epoch 12 (state.change.logger)",
         node=1, topic="orders", partition=0, leader_epoch=12, controller_epoch=7, controller=0,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=3,
         details={"current_leader_epoch": 12}),
    case("broker_state.lai_ignored.old_epoch.0_8_2",
         "[2015-06-12 09:40:01,020] WARN Broker 1 ignoring LeaderAndIsr request from controller 0 with "
         "correlation id 3 epoch 7 for partition [orders,0] since its associated leader epoch 12 is old. "
         "Current leader epoch is 12 (state.change.logger)",
         node=1, topic="orders", partition=0, leader_epoch=12, controller_epoch=7, controller=0,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=3,
         details={"current_leader_epoch": 12}),
    case("broker_state.lai_ignored.older_epoch.0_8",
         "[2014-02-03 23:24:41,412] WARN Broker 0 received invalid LeaderAndIsr request with correlation "
         "id 12 from controller 0 epoch 4 with an older leader epoch 1 for partition [test,0], current "
         "leader epoch is 1 (state.change.logger)",
         node=0, topic="test", partition=0, leader_epoch=1, controller_epoch=4, controller=0,
         api="LeaderAndIsr", error="STALE_CONTROLLER_EPOCH", correlation_id=12,
         details={"current_leader_epoch": 1}),
    case("broker_state.become.handling.follower_2_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Handling LeaderAndIsr request correlationId 1 "
         "from controller 0 epoch 389 starting the become-follower transition for partition orders-0 with"
         " leader 2 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, leader=2, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.handling",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Handling LeaderAndIsr request correlationId 1 "
         "from controller 0 epoch 389 starting the become-leader transition for partition "
         "__consumer_offsets-0 (state.change.logger)",
         node=0, state="leader", topic="__consumer_offsets", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.handling.0_8",
         "[2021-04-28 16:41:34,284] TRACE Broker 1 handling LeaderAndIsr request correlationId 1 from "
         "controller 1 epoch 58 starting the become-follower transition for partition dns_kafka_topic-2 "
         "(state.change.logger)",
         node=1, state="follower", topic="dns_kafka_topic", partition=2, controller_epoch=58, controller=1,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.completed.follower_2_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Completed LeaderAndIsr request correlationId 1 "
         "from controller 0 epoch 389 for the become-follower transition for partition orders-0 with "
         "leader 2 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, leader=2, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.completed",
         "[2020-05-28 03:02:03,890] TRACE [Broker id=0] Completed LeaderAndIsr request correlationId 1 "
         "from controller 0 epoch 389 for the become-leader transition for partition __consumer_offsets-0"
         " (state.change.logger)",
         node=0, state="leader", topic="__consumer_offsets", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.completed.0_8",
         "[2021-04-28 16:41:34,351] TRACE Broker 1 completed LeaderAndIsr request correlationId 1 from "
         "controller 1 epoch 58 for the become-follower transition for partition dns_kafka_topic-2 "
         "(state.change.logger)",
         node=1, state="follower", topic="dns_kafka_topic", partition=2, controller_epoch=58, controller=1,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.stopped_fetchers.leader",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Stopped fetchers as part of become-leader request"
         " from controller 0 epoch 389 with correlation id 1 for partition __consumer_offsets-0 (last "
         "update controller epoch 2) (state.change.logger)",
         node=0, state="leader", topic="__consumer_offsets", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1, details={"last_update_controller_epoch": 2}),
    case("broker_state.become.stopped_fetchers.follower_2_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Stopped fetchers as part of become-follower "
         "request from controller 0 epoch 389 with correlation id 1 for partition orders-0 with leader 2 "
         "(state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, leader=2, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.stopped_fetchers.follower_1_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Stopped fetchers as part of become-follower "
         "request from controller 0 epoch 389 with correlation id 1 for partition orders-0 "
         "(state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.stopped_fetchers.0_8",
         "[2021-04-28 16:41:51,013] TRACE Broker 2 stopped fetchers as part of become-follower request "
         "from controller 1 epoch 58 with correlation id 1 for partition dns_kafka_topic-0 "
         "(state.change.logger)",
         node=2, state="follower", topic="dns_kafka_topic", partition=0, controller_epoch=58, controller=1,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.truncated.2_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Truncated logs and checkpointed recovery "
         "boundaries for partition orders-0 as part of become-follower request with correlation id 1 from"
         " controller 0 epoch 389 with leader 2 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, leader=2, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.truncated.1_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Truncated logs and checkpointed recovery "
         "boundaries for partition orders-0 as part of become-follower request with correlation id 1 from"
         " controller 0 epoch 389 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.truncated.0_8",
         "[2021-04-28 16:41:51,031] TRACE Broker 2 truncated logs and checkpointed recovery boundaries "
         "for partition dns_kafka_topic-0 as part of become-follower request with correlation id 1 from "
         "controller 1 epoch 58 (state.change.logger)",
         node=2, state="follower", topic="dns_kafka_topic", partition=0, controller_epoch=58, controller=1,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.started_fetcher.2_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Started fetcher to new leader as part of "
         "become-follower request from controller 0 epoch 389 with correlation id 1 for partition "
         "orders-0 with leader 2 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, leader=2, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.started_fetcher.1_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Started fetcher to new leader as part of "
         "become-follower request from controller 0 epoch 389 with correlation id 1 for partition "
         "orders-0 (state.change.logger)",
         node=0, state="follower", topic="orders", partition=0, controller_epoch=389, controller=0,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.started_fetcher.0_8",
         "[2021-04-28 16:41:51,049] TRACE Broker 2 started fetcher to new leader as part of "
         "become-follower request from controller 1 epoch 58 with correlation id 1 for partition "
         "dns_kafka_topic-0 (state.change.logger)",
         node=2, state="follower", topic="dns_kafka_topic", partition=0, controller_epoch=58, controller=1,
         api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.skipped_leader",
         "[2021-05-05 10:19:18,820] INFO [Broker id=1] Skipped the become-leader state change after "
         "marking its partition as leader with correlation id 3 from controller 1 epoch 6 for partition "
         "UbuntuTopic-0 (last update controller epoch 6) since it is already the leader for the "
         "partition. (state.change.logger)",
         node=1, state="leader", cause="already_leader", topic="UbuntuTopic", partition=0,
         controller_epoch=6, controller=1, api="LeaderAndIsr", correlation_id=3,
         details={"last_update_controller_epoch": 6}),
    case("broker_state.become.skipped_leader.0_9",
         "[2018-05-27 11:28:08,454] INFO Broker 0 skipped the become-leader state change after marking "
         "its partition as leader with correlation id 3 from controller 0 epoch 26 for partition [test,0]"
         " since it is already the leader for the partition. (state.change.logger)",
         node=0, state="leader", cause="already_leader", topic="test", partition=0, controller_epoch=26,
         controller=0, api="LeaderAndIsr", correlation_id=3),
    case("broker_state.become.skipped_follower",
         "[2020-05-28 03:02:03,813] INFO [Broker id=0] Skipped the become-follower state change after "
         "marking its partition as follower with correlation id 1 from controller 0 epoch 389 for "
         "partition orders-0 (last update controller epoch 388) since the new leader 2 is the same as the"
         " old leader (state.change.logger)",
         node=0, state="follower", cause="same_leader", topic="orders", partition=0, leader=2,
         controller_epoch=389, controller=0, api="LeaderAndIsr", correlation_id=1,
         details={"last_update_controller_epoch": 388}),
    case("broker_state.become.skipped_follower.0_8",
         "[2017-06-12 09:40:02,001] INFO Broker 1 skipped the become-follower state change after marking "
         "its partition as follower with correlation id 4 from controller 0 epoch 7 for partition "
         "orders-0 since the new leader 2 is the same as the old leader (state.change.logger)",
         node=1, state="follower", cause="same_leader", topic="orders", partition=0, leader=2,
         controller_epoch=7, controller=0, api="LeaderAndIsr", correlation_id=4),
    case("broker_state.become.leader_unavailable",
         "[2021-04-28 11:31:58,153] ERROR [Broker id=0] Received LeaderAndIsrRequest with correlation id "
         "1 from controller 0 epoch 7 for partition __consumer_offsets-18 (last update controller epoch "
         "6) but cannot become follower since the new leader -1 is unavailable. (state.change.logger)",
         node=0, state="follower", cause="leader_unavailable", topic="__consumer_offsets", partition=18,
         leader=-1, controller_epoch=7, controller=0, api="LeaderAndIsr", correlation_id=1,
         details={"last_update_controller_epoch": 6}),
    case("broker_state.become.leader_unavailable.0_8",
         "[2021-04-28 16:41:34,301] ERROR Broker 1 received LeaderAndIsrRequest with correlation id 1 "
         "from controller 1 epoch 56 for partition dns_kafka_topic-2 but cannot become follower since the"
         " new leader 1010 is unavailable. (state.change.logger)",
         node=1, state="follower", cause="leader_unavailable", topic="dns_kafka_topic", partition=2,
         leader=1010, controller_epoch=56, controller=1, api="LeaderAndIsr", correlation_id=1),
    case("broker_state.become.offline_leader",
         "[2020-05-28 03:02:03,813] ERROR [Broker id=0] Skipped the become-leader state change with "
         "correlation id 1 from controller 0 epoch 389 for partition orders-0 (last update controller "
         "epoch 2) since the replica for the partition is offline due to disk error "
         "org.apache.kafka.common.errors.KafkaStorageException: Error while writing to checkpoint file "
         "/var/lib/kafka/data/orders-0/leader-epoch-checkpoint (state.change.logger)",
         node=0, state="leader", cause="offline_log_dir", topic="orders", partition=0, controller_epoch=389,
         controller=0, api="LeaderAndIsr", error="KAFKA_STORAGE_ERROR", correlation_id=1,
         details={
             "last_update_controller_epoch": 2,
             "exception":
                 "org.apache.kafka.common.errors.KafkaStorageException: Error while writing to checkpoint"
                 " file /var/lib/kafka/data/orders-0/leader-epoch-checkpoint",
         }),
    case("broker_state.become.offline_follower",
         "[2020-05-28 03:02:03,813] ERROR [Broker id=0] Skipped the become-follower state change with "
         "correlation id 1 from controller 0 epoch 389 for partition orders-0 (last update controller "
         "epoch 2) with leader 2 since the replica for the partition is offline due to storage error "
         "org.apache.kafka.common.errors.KafkaStorageException: Disk error when trying to access log file"
         " on the disk. (state.change.logger)",
         node=0, state="follower", cause="offline_log_dir", topic="orders", partition=0, leader=2,
         controller_epoch=389, controller=0, api="LeaderAndIsr", error="KAFKA_STORAGE_ERROR",
         correlation_id=1,
         details={
             "last_update_controller_epoch": 2,
             "exception":
                 "org.apache.kafka.common.errors.KafkaStorageException: Disk error when trying to access "
                 "log file on the disk.",
         }),
    case("broker_state.become.stopped_fetchers.leaders_batch",
         "[2021-04-26 20:01:02,009] INFO [Broker id=0] Stopped fetchers as part of LeaderAndIsr request "
         "correlationId 12 from controller 0 epoch 3 as part of the become-leader transition for 2 "
         "partitions (state.change.logger)",
         node=0, state="leader", controller_epoch=3, controller=0, api="LeaderAndIsr", correlation_id=12,
         count=2),
    case("broker_state.become.stopped_fetchers.followers_batch",
         "[2021-04-28 11:31:58,229] INFO [Broker id=0] Stopped fetchers as part of become-follower "
         "request from controller 0 epoch 7 with correlation id 1 for 0 partitions (state.change.logger)",
         node=0, state="follower", controller_epoch=7, controller=0, api="LeaderAndIsr", correlation_id=1,
         count=0),
    case("leader_epoch.start.3_6",
         "[2025-05-14 23:34:45,491] INFO [Broker id=10] Leader test-sasl-topic-0 with topic id "
         "Some(GOIdTokRTt2yMNJFmzS22w) starts at leader epoch 2 from offset 0 with partition epoch 2, "
         "high watermark 0, ISR [10], adding replicas [] and removing replicas [] . Previous leader "
         "Some(-1) and previous leader epoch was 1. (state.change.logger)",
         node=10, topic="test-sasl-topic", partition=0, leader=10, prev_leader=-1, leader_epoch=2,
         prev_leader_epoch=1, isr=[10], hw=0, offset=0, zk_version=2,
         details={
             "topic_id": "GOIdTokRTt2yMNJFmzS22w",
             "adding_replicas": [],
             "removing_replicas": [],
             "under_min_isr": False,
         }),
    case("leader_epoch.start.3_5",
         "[2023-07-01 10:00:00,001] INFO [Broker id=0] Leader orders-0 with topic id "
         "Some(qZ2y3J1OQ6K9xq9kN2m4Lw) starts at leader epoch 3 from offset 120 with partition epoch 5, "
         "high watermark 118, ISR [0,1], adding replicas [] and removing replicas [] . Previous leader "
         "epoch was 2. (state.change.logger)",
         node=0, topic="orders", partition=0, leader=0, leader_epoch=3, prev_leader_epoch=2, isr=[0, 1],
         hw=118, offset=120, zk_version=5,
         details={
             "topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
             "adding_replicas": [],
             "removing_replicas": [],
             "under_min_isr": False,
         }),
    case("leader_epoch.start.3_3",
         "[2023-01-16 17:26:45,705] INFO [Broker id=0] Leader quickstart-events-0 with topic id "
         "Some(giyST9mOTSKZlkFdfunAMw) starts at leader epoch 0 from offset 0 with partition epoch 0, "
         "high watermark 0, ISR [0], adding replicas [] and removing replicas []. Previous leader epoch "
         "was -1. (state.change.logger)",
         node=0, topic="quickstart-events", partition=0, leader=0, leader_epoch=0, prev_leader_epoch=-1,
         isr=[0], hw=0, offset=0, zk_version=0,
         details={"topic_id": "giyST9mOTSKZlkFdfunAMw", "adding_replicas": [], "removing_replicas": []}),
    case("leader_epoch.start.2_6",
         "[2021-05-05 10:19:18,713] INFO [Broker id=1] Leader __consumer_offsets-18 starts at leader "
         "epoch 3 from offset 0 with high watermark 0 ISR [1] addingReplicas [] removingReplicas []. "
         "Previous leader epoch was -1. (state.change.logger)",
         node=1, topic="__consumer_offsets", partition=18, leader=1, leader_epoch=3, prev_leader_epoch=-1,
         isr=[1], hw=0, offset=0, details={"adding_replicas": [], "removing_replicas": []}),
    case("follower_epoch.start.3_6",
         "[2025-05-14 23:34:43,268] INFO [Broker id=10] Follower test-sasl-topic-0 starts at leader epoch"
         " 1 from offset 0 with partition epoch 1 and high watermark 0. Current leader is -1. Previous "
         "leader Some(-1) and previous leader epoch was 1. (state.change.logger)",
         node=10, topic="test-sasl-topic", partition=0, leader=-1, prev_leader=-1, leader_epoch=1,
         prev_leader_epoch=1, hw=0, offset=0, zk_version=1),
    case("follower_epoch.start.3_3",
         "[2023-01-16 17:30:01,100] INFO [Broker id=1] Follower orders-0 starts at leader epoch 4 from "
         "offset 120 with partition epoch 7 and high watermark 118. Current leader is 0. Previous leader "
         "epoch was 3. (state.change.logger)",
         node=1, topic="orders", partition=0, leader=0, leader_epoch=4, prev_leader_epoch=3, hw=118,
         offset=120, zk_version=7),
    case("follower_epoch.start.2_6",
         "[2021-04-28 11:32:12,415] INFO [Broker id=0] Follower erstesTopic-1 starts at leader epoch 6 "
         "from offset 51 with high watermark 51. Previous leader epoch was -1. (state.change.logger)",
         node=0, topic="erstesTopic", partition=1, leader_epoch=6, prev_leader_epoch=-1, hw=51, offset=51),
    case("broker_state.become.skipped_leader.3_3_same_epoch",
         "[2024-03-01 11:25:00,100] INFO [Broker id=3] Skipped the become-leader state change for "
         "orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=28, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since it is already the leader with "
         "leader epoch 15. Current high watermark 1204331, ISR [3,1], adding replicas [] and removing "
         "replicas []. (state.change.logger)",
         node=3, state="leader", cause="same_leader_epoch", topic="orders", partition=0, leader=3,
         leader_epoch=15, isr=[3, 1], hw=1204331,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "adding_replicas": [], "removing_replicas": []}),
    case("broker_state.become.skipped_leader.3_3_newer_partition_epoch",
         "[2024-03-01 11:25:00,100] INFO [Broker id=3] Skipped the become-leader state change for "
         "orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=27, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since the leader is already at a newer"
         " partition epoch 28. (state.change.logger)",
         node=3, state="leader", cause="newer_partition_epoch", topic="orders", partition=0, leader=3,
         leader_epoch=15, isr=[3, 1], replicas=[3, 1, 2], zk_version=28,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_state.become.skipped_follower.3_3_same_epoch",
         "[2024-03-01 11:25:00,100] INFO [Broker id=1] Skipped the become-follower state change for "
         "orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=28, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since it is already a follower with "
         "leader epoch 15. (state.change.logger)",
         node=1, state="follower", cause="same_leader_epoch", topic="orders", partition=0, leader=3,
         leader_epoch=15, isr=[3, 1], replicas=[3, 1, 2], zk_version=28,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_state.become.skipped_follower.3_3_newer_partition_epoch",
         "[2024-03-01 11:25:00,100] INFO [Broker id=1] Skipped the become-follower state change for "
         "orders-0 with topic id Some(qZ2y3J1OQ6K9xq9kN2m4Lw) and partition state "
         "LeaderAndIsrPartitionState(topicName='orders', partitionIndex=0, controllerEpoch=-1, leader=3, "
         "leaderEpoch=15, isr=[3, 1], partitionEpoch=27, replicas=[3, 1, 2], addingReplicas=[], "
         "removingReplicas=[], isNew=false, leaderRecoveryState=0) since the follower is already at a "
         "newer partition epoch 28. (state.change.logger)",
         node=1, state="follower", cause="newer_partition_epoch", topic="orders", partition=0, leader=3,
         leader_epoch=15, isr=[3, 1], replicas=[3, 1, 2], zk_version=28,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_state.become.zk_error_leader",
         "[2021-01-12 09:00:11,402] ERROR [Broker id=3] A ZooKeeper client exception has occurred and "
         "makeLeader will be skipping the state change for the partition orders-0 with leader epoch: 15  "
         "(state.change.logger)",
         node=3, state="leader", cause="zookeeper_error", topic="orders", partition=0, leader_epoch=15),
    case("broker_state.become.zk_error_follower",
         "[2021-01-12 09:00:11,402] ERROR [Broker id=1] A ZooKeeper client exception has occurred. "
         "makeFollower will be skipping the state change for the partition orders-0 with leader epoch: "
         "15. (state.change.logger)",
         node=1, state="follower", cause="zookeeper_error", topic="orders", partition=0, leader_epoch=15),
    case("partition.recovering.3_3",
         "[2024-03-01 11:20:07,010] INFO [Broker id=3] The topic partition orders-2 was marked as "
         "RECOVERING. Marking the topic partition as RECOVERED. (state.change.logger)",
         node=3, state="RECOVERED", prev_state="RECOVERING", topic="orders", partition=2, leader=3),
    case("partition.recovering.3_2",
         "[2022-06-01 11:20:07,010] INFO [Broker id=3] The topic partition orders-2 was marked as "
         "RECOVERING. Leader log recovery is not implemented. Marking the topic partition as RECOVERED. "
         "(state.change.logger)",
         node=3, state="RECOVERED", prev_state="RECOVERING", topic="orders", partition=2, leader=3),
    case("broker_state.stop_replica.handling_batch",
         "[2025-04-09 11:00:02,589] INFO [Broker id=0] Handling StopReplica request correlationId 8943 "
         "from controller 0 for 1 partitions (state.change.logger)",
         node=0, controller=0, api="StopReplica", correlation_id=8943, count=1),
    case("broker_state.stop_replica.received",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Received StopReplica request "
         "StopReplicaPartitionState(partitionIndex=0, leaderEpoch=12, deletePartition=false) correlation "
         "id 9 from controller 0 epoch 389 for partition orders-0 (state.change.logger)",
         node=0, topic="orders", partition=0, leader_epoch=12, controller_epoch=389, controller=0,
         api="StopReplica", correlation_id=9),
    case("broker_state.stop_replica.ignored_stale_controller",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring StopReplica request from controller 0 "
         "with correlation id 9 since its controller epoch 388 is old. Latest known controller epoch is "
         "389 (state.change.logger)",
         node=0, controller_epoch=388, controller=0, api="StopReplica", error="STALE_CONTROLLER_EPOCH",
         correlation_id=9, details={"known_controller_epoch": 389}),
    case("broker_state.stop_replica.ignored",
         "[2021-04-28 16:42:16,964] INFO [Broker id=0] Ignoring StopReplica request (delete=false) from "
         "controller 0 with correlation id 8 epoch 1 for partition UbuntuTopic-0 since its associated "
         "leader epoch 0 matches the current leader epoch (state.change.logger)",
         node=0, topic="UbuntuTopic", partition=0, leader_epoch=0, controller_epoch=1, controller=0,
         api="StopReplica", error="FENCED_LEADER_EPOCH", correlation_id=8,
         details={"delete": False, "current_leader_epoch": None}),
    case("broker_state.stop_replica.offline_dir",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Ignoring StopReplica request (delete=true) from "
         "controller 0 with correlation id 9 epoch 389 for partition orders-0 as the local replica for "
         "the partition is in an offline log directory (state.change.logger)",
         node=0, topic="orders", partition=0, controller_epoch=389, controller=0, api="StopReplica",
         error="KAFKA_STORAGE_ERROR", correlation_id=9, details={"delete": True}),
    case("broker_state.stop_replica.handling.1_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Handling stop replica (delete=false) for "
         "partition orders-0 (state.change.logger)",
         node=0, topic="orders", partition=0, api="StopReplica", details={"delete": False}),
    case("broker_state.stop_replica.handling.0_8",
         "[2017-06-12 09:40:03,001] TRACE Broker 1 handling stop replica (delete=true) for partition "
         "orders-0 (state.change.logger)",
         node=1, topic="orders", partition=0, api="StopReplica", details={"delete": True}),
    case("broker_state.stop_replica.not_hosted.1_0",
         "[2020-05-28 03:02:03,813] TRACE [Broker id=0] Ignoring stop replica (delete=true) for partition"
         " orders-0 as replica doesn't exist on broker (state.change.logger)",
         node=0, topic="orders", partition=0, api="StopReplica", details={"delete": True}),
    case("broker_state.stop_replica.stale_controller.1_0",
         "[2020-05-28 03:02:03,813] WARN [Broker id=0] Received stop replica request from an old "
         "controller epoch 388. Latest known controller epoch is 389 (state.change.logger)",
         node=0, controller_epoch=388, api="StopReplica", error="STALE_CONTROLLER_EPOCH",
         details={"known_controller_epoch": 389}),
    case("broker_kraft.transitioning",
         "[2025-05-14 23:24:17,440] INFO [Broker id=10] Transitioning 1 partition(s) to local leaders. "
         "(state.change.logger)",
         node=10, state="leader", count=1),
    case("broker_kraft.creating_partition",
         "[2025-05-14 23:24:17,441] INFO [Broker id=10] Creating new partition test-sasl-topic-0 with "
         "topic id GOIdTokRTt2yMNJFmzS22w. (state.change.logger)",
         node=10, state="created", topic="test-sasl-topic", partition=0,
         details={"topic_id": "GOIdTokRTt2yMNJFmzS22w"}),
    case("broker_kraft.creating_partition.same_name_offline",
         "[2024-11-02 07:45:19,004] INFO [Broker id=1] Creating new partition orders-0 with topic id "
         "qZ2y3J1OQ6K9xq9kN2m4Lw.A topic with the same name but different id exists but it resides in an "
         "offline log directory. (state.change.logger)",
         node=1, state="created", topic="orders", partition=0,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_kraft.creating_missing_partition",
         "[2024-03-01 11:20:05,000] ERROR [Broker id=1] Expected partition orders-0 with topic id "
         "qZ2y3J1OQ6K9xq9kN2m4Lw to exist, but it was missing. Creating... (state.change.logger)",
         node=1, state="created", topic="orders", partition=0,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_kraft.deleting_partitions",
         "[2024-03-01 11:20:05,000] INFO [Broker id=1] Deleting 3 partition(s). (state.change.logger)",
         node=1, state="deleted", count=3),
    case("broker_kraft.fetchers",
         "[2025-05-14 23:34:43,275] INFO [Broker id=10] Started fetchers as part of become-follower for 2"
         " partitions (state.change.logger)",
         node=10, state="follower", count=2),
    case("broker_kraft.controlled_shutdown",
         "[2025-05-14 23:42:19,486] INFO [Broker id=10] Stopped fetchers as part of controlled shutdown "
         "for 2 partitions (state.change.logger)",
         node=10, state="controlled_shutdown", count=2),
    case("broker_kraft.offline_leader",
         "[2024-03-01 11:20:05,000] WARN [Broker id=1] Unable to bring up new local leader orders-0 with "
         "topic id qZ2y3J1OQ6K9xq9kN2m4Lw because it resides in an offline log directory. "
         "(state.change.logger)",
         node=1, state="leader", topic="orders", partition=0, error="KAFKA_STORAGE_ERROR",
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_kraft.skipped_leader",
         "[2022-01-18 10:12:45,660] INFO [Broker id=1] Skipped the become-leader state change for "
         "orders-0 with topic id qZ2y3J1OQ6K9xq9kN2m4Lw because this partition is already a local leader."
         " (state.change.logger)",
         node=1, state="leader", topic="orders", partition=0, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("broker_kraft.unable_to_fetch",
         "[2024-03-01 11:20:05,000] ERROR [Broker id=1] Unable to start fetching orders-0 with topic ID "
         "qZ2y3J1OQ6K9xq9kN2m4Lw due to a storage error Error while writing to checkpoint file "
         "(state.change.logger)",
         node=1, state="follower", topic="orders", partition=0,
         details={
             "topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
             "exception": "a storage error Error while writing to checkpoint file",
         }),
    case("hw.initial.replica",
         "[2020-01-31 23:08:31,514] INFO Replica loaded for partition __consumer_offsets-0 with initial "
         "high watermark 0 (kafka.cluster.Replica)",
         topic="__consumer_offsets", partition=0, hw=0),
    case("append.not_enough_replicas.2_1",
         "[2021-07-09 11:20:40,002] ERROR [ReplicaManager broker=1] Error processing append operation on "
         "partition orders-0 (kafka.server.ReplicaManager)"
         "\norg.apache.kafka.common.errors.NotEnoughReplicasException: The size of the current ISR Set(1) "
         "is insufficient to satisfy the min.isr requirement of 2 for partition orders-0",
         node=1, topic="orders", partition=0, isr=[1], error="NotEnoughReplicasException",
         details={"min_isr": 2}),
    case("append.not_enough_replicas.0_10",
         "[2018-09-03 14:30:00,112] ERROR [ReplicaManager broker=1] Error processing append operation on "
         "partition orders-0 (kafka.server.ReplicaManager)"
         "\norg.apache.kafka.common.errors.NotEnoughReplicasException: Number of insync replicas for "
         "partition orders-0 is [1], below required minimum [2]",
         node=1, topic="orders", partition=0, error="NotEnoughReplicasException", count=1,
         details={"min_isr": 2}),
    case("append.error",
         "[2021-07-09 11:20:40,002] ERROR [ReplicaManager broker=1] Error processing append operation on "
         "partition orders-0 (kafka.server.ReplicaManager)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Error while appending records to orders-0"
         " in dir /var/lib/kafka/data",
         node=1, topic="orders", partition=0, error="org.apache.kafka.common.errors.KafkaStorageException"),
    case("fetch.serve_error.2_1",
         "[2026-09-13 15:56:50,768] ERROR [ReplicaManager broker=1] Error processing fetch with max size 1048576 "
         "from replica [2] on partition yqswEkTuQOSXTLMyJf8ntQ:__consumer_offsets-16: PartitionData(topicId="
         "yqswEkTuQOSXTLMyJf8ntQ, fetchOffset=2063764, logStartOffset=0, maxBytes=1048576, currentLeaderEpoch="
         "Optional[91], lastFetchedEpoch=Optional[91]) (kafka.server.ReplicaManager)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Error while reading __consumer_offsets-16",
         node=1, topic="__consumer_offsets", partition=16,
         error="org.apache.kafka.common.errors.KafkaStorageException",
         details={"max_bytes": 1048576, "fetch_source": "replica [2]",
                  "fetch_info": "PartitionData(topicId=yqswEkTuQOSXTLMyJf8ntQ, fetchOffset=2063764, "
                                "logStartOffset=0, maxBytes=1048576, currentLeaderEpoch=Optional[91], "
                                "lastFetchedEpoch=Optional[91])"}),
    case("fetch.serve_error.0_10_1",
         "[2018-09-03 14:30:00,112] ERROR [ReplicaManager broker=1] Error processing fetch operation on "
         "partition orders-0, offset 1204410 (kafka.server.ReplicaManager)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Error while reading orders-0",
         node=1, topic="orders", partition=0, offset=1204410,
         error="org.apache.kafka.common.errors.KafkaStorageException"),
    case("fetch.serve_error.0_9",
         "[2016-06-01 10:00:00,000] ERROR [Replica Manager on Broker 1]: Error processing fetch operation on "
         "partition [orders,0] offset 1204410 (kafka.server.ReplicaManager)",
         node=1, topic="orders", partition=0, offset=1204410),
    case("log_dir.stopping.3_8",
         "[2024-11-02 07:45:19,004] WARN [ReplicaManager broker=1] Stopping serving replicas in dir "
         "/var/lib/kafka/data-2 with uuid W1r9ZsRUQ0yp3Dm3BGu1tA because the log directory has failed. "
         "(kafka.server.ReplicaManager)",
         node=1, details={"dir": "/var/lib/kafka/data-2", "dir_id": "W1r9ZsRUQ0yp3Dm3BGu1tA"}),
    case("log_dir.stopping",
         "[2020-01-08 19:56:37,242] INFO [ReplicaManager broker=0] Stopping serving replicas in dir "
         "D:\\tmp\\kafka-logs (kafka.server.ReplicaManager)",
         node=0, details={"dir": "D:\\tmp\\kafka-logs"}),
    case("log_dir.stopped_fetchers",
         "[2020-01-08 19:56:37,650] INFO [ReplicaManager broker=0] Broker 0 stopped fetcher for "
         "partitions __consumer_offsets-22,__consumer_offsets-30,testTopicName-0 and stopped moving logs "
         "for partitions  because they are in the failed log directory D:\\tmp\\kafka-logs. "
         "(kafka.server.ReplicaManager)",
         node=0, partitions=["__consumer_offsets-22", "__consumer_offsets-30", "testTopicName-0"],
         details={"moving": [], "dir": "D:\\tmp\\kafka-logs"}),
    case("log_dir.stopped_fetchers.1_0",
         "[2018-01-08 19:56:37,650] INFO [ReplicaManager broker=0] Broker 0 stopped fetcher for "
         "partitions orders-0,orders-1 because they are in the failed log dir /var/lib/kafka/data-2 "
         "(kafka.server.ReplicaManager)",
         node=0, partitions=["orders-0", "orders-1"], details={"dir": "/var/lib/kafka/data-2"}),
    case("log_dir.halting",
         "[2020-01-08 19:56:37,700] ERROR [ReplicaManager broker=0] Halting broker because dir "
         "/var/lib/kafka/data is offline (kafka.server.ReplicaManager)",
         node=0, state="halted", details={"dir": "/var/lib/kafka/data"}),
    case("replica_manager.shutting_down",
         "[2020-01-31 23:40:02,110] INFO [ReplicaManager broker=0] Shutting down "
         "(kafka.server.ReplicaManager)",
         node=0, state="shutting_down"),
    case("replica_manager.shut_down",
         "[2020-01-31 23:40:02,300] INFO [ReplicaManager broker=0] Shut down completely "
         "(kafka.server.ReplicaManager)",
         node=0, state="shut_down"),
    case("replica_manager.shutting_down.0_8",
         "[2014-01-14 19:06:00,311] INFO [Replica Manager on Broker 0]: Shut down "
         "(kafka.server.ReplicaManager)",
         node=0, state="shutting_down"),
    case("replica_manager.shut_down.0_8_0",
         "[2014-01-14 19:06:00,316] INFO [Replica Manager on Broker 0]: Shutted down completely "
         "(kafka.server.ReplicaManager)",
         node=0, state="shut_down"),
    case("fetcher_thread.starting",
         "[2021-04-28 16:43:01,590] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Starting "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, state="starting", leader=1),
    case("fetcher_thread.stopped",
         "[2021-04-28 16:43:01,590] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Stopped "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, state="stopped", leader=1),
    case("fetcher_thread.shutting_down",
         "[2021-04-28 16:43:01,590] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Shutting "
         "down (kafka.server.ReplicaFetcherThread)",
         node=0, state="shutting_down", leader=1),
    case("fetcher_thread.shutdown_completed",
         "[2021-04-28 16:43:01,590] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Shutdown "
         "completed (kafka.server.ReplicaFetcherThread)",
         node=0, state="shut_down", leader=1),
    case("log_dir_failure_handler.starting",
         "[2020-01-31 23:08:30,532] INFO [LogDirFailureHandler]: Starting "
         "(kafka.server.ReplicaManager$LogDirFailureHandler)",
         state="starting"),
    case("log_dir_failure_handler.stopped",
         "[2020-01-31 23:08:30,532] INFO [LogDirFailureHandler]: Stopped "
         "(kafka.server.ReplicaManager$LogDirFailureHandler)",
         state="stopped"),
    case("log_dir_failure_handler.shutting_down",
         "[2020-01-31 23:08:30,532] INFO [LogDirFailureHandler]: Shutting down "
         "(kafka.server.ReplicaManager$LogDirFailureHandler)",
         state="shutting_down"),
    case("log_dir_failure_handler.shutdown_completed",
         "[2020-01-31 23:08:30,532] INFO [LogDirFailureHandler]: Shutdown completed "
         "(kafka.server.ReplicaManager$LogDirFailureHandler)",
         state="shut_down"),
    case("fetcher.truncate_below_hw",
         "[2018-11-20 08:05:18,774] WARN [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating"
         " orders-0 to offset 88190 below high watermark 88200 (kafka.server.ReplicaFetcherThread)",
         node=1, cause="below_high_watermark", topic="orders", partition=0, leader=2, hw=88200, offset=88190),
    case("fetcher.truncate_epoch.3_1",
         "[2024-03-01 11:20:07,448] INFO [ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] Truncating"
         " partition orders-0 with TruncationState(offset=1204331, completed=true) due to leader epoch "
         "and offset EpochEndOffset(errorCode=0, partition=0, leaderEpoch=14, endOffset=1204331) "
         "(kafka.server.ReplicaFetcherThread)",
         node=1, cause="leader_epoch", topic="orders", partition=0, leader=3, leader_epoch=14,
         offset=1204331, details={"completed": True, "leader_end_offset": 1204331}),
    case("fetcher.truncate_hw.3_1",
         "[2024-03-01 11:20:07,448] INFO [ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] Truncating"
         " partition orders-0 with TruncationState(offset=1204331, completed=true) due to local high "
         "watermark 1204331 (kafka.server.ReplicaFetcherThread)",
         node=1, cause="high_watermark", topic="orders", partition=0, leader=3, hw=1204331, offset=1204331,
         details={"completed": True}),
    case("fetcher.truncate_hw.2_1",
         "[2021-04-26 16:13:18,801] INFO [ReplicaFetcher replicaId=1, leaderId=0, fetcherId=0] Truncating"
         " partition second-0 to local high watermark 0 (kafka.server.ReplicaFetcherThread)",
         node=1, cause="high_watermark", topic="second", partition=0, leader=0, hw=0, offset=0),
    case("fetcher.epoch_unknown_offset.2_1",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Based on "
         "replica's leader epoch, leader replied with an unknown offset in orders-0. The initial fetch "
         "offset 1204331 will be used for truncation. (kafka.server.ReplicaFetcherThread)",
         node=0, cause="unknown_offset", topic="orders", partition=0, leader=1, offset=1204331),
    case("fetcher.epoch_unknown_offset.1_1",
         "[2018-10-17 12:50:23,421] WARN [ReplicaFetcher replicaId=10, leaderId=30, fetcherId=0] Based on"
         " follower's leader epoch, leader replied with an unknown offset in test-0. The initial fetch "
         "offset 0 will be used for truncation. (kafka.server.ReplicaFetcherThread)",
         node=10, cause="unknown_offset", topic="test", partition=0, leader=30, offset=0),
    case("fetcher.epoch_unknown_offset.0_11",
         "[2017-10-02 17:12:09,400] WARN [ReplicaFetcherThread-0-2]: Based on follower's leader epoch, "
         "leader replied with an unknown offset in orders-0. High watermark 88200 will be used for "
         "truncation. (kafka.server.ReplicaFetcherThread)",
         cause="unknown_offset", topic="orders", partition=0, leader=2, hw=88200, offset=88200),
    case("fetcher.epoch_no_truncation",
         "[2017-10-02 17:12:09,400] INFO [ReplicaFetcherThread-0-2]: Based on follower's leader epoch, "
         "leader replied with an offset 88213 >= the follower's log end offset 88213 in orders-0. No "
         "truncation needed. (kafka.server.ReplicaFetcherThread)",
         cause="no_truncation", topic="orders", partition=0, leader=2, leo=88213,
         details={"leader_end_offset": 88213}),
    case("fetcher.epoch_unknown_to_replica",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Based on "
         "replica's leader epoch, leader replied with epoch 13 unknown to the replica for orders-0. Will "
         "truncate to 88190 and send another leader epoch request to the leader. "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, cause="unknown_epoch", topic="orders", partition=0, leader=1, leader_epoch=13, offset=88190),
    case("fetcher.epoch_below_tracked",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Based on "
         "replica's leader epoch, leader replied with epoch 2 below any replica's tracked epochs for "
         "orders-0. The leader's offset only 1000 will be used for truncation. "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, cause="epoch_below_tracked", topic="orders", partition=0, leader=1, leader_epoch=2,
         offset=1000),
    case("fetcher.epoch_not_supported",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Leader or "
         "replica is on protocol version where leader epoch is not considered in the "
         "OffsetsForLeaderEpoch response. The leader's offset 88190 will be used for truncation in "
         "orders-0. (kafka.server.ReplicaFetcherThread)",
         node=0, cause="old_protocol", topic="orders", partition=0, leader=1, offset=88190),
    case("fetcher.out_of_range.1_1",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Current "
         "offset 95510 for partition orders-0 is out of range, which typically implies a leader change. "
         "Reset fetch offset to 95502 (kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, offset=95502, error="OFFSET_OUT_OF_RANGE",
         details={"fetch_offset": 95510}),
    case("fetcher.out_of_range.0_8",
         "[2017-06-12 09:35:40,210] ERROR [ReplicaFetcherThread-0-2], Current offset 88220 for partition "
         "[orders,0] out of range; reset offset to 88213 (kafka.server.ReplicaFetcherThread)",
         topic="orders", partition=0, leader=2, offset=88213, error="OFFSET_OUT_OF_RANGE",
         details={"fetch_offset": 88220}),
    case("fetcher.reset_to_leader.1_0",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Reset "
         "fetch offset for partition orders-0 from 95510 to current leader's latest offset 95502 "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, cause="latest", topic="orders", partition=0, leader=1, offset=95502,
         error="OFFSET_OUT_OF_RANGE", details={"fetch_offset": 95510}),
    case("fetcher.truncate_fully.3_6",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Truncate "
         "fully and reset fetch offset for partition orders-0 from 100 to the current leader's start "
         "offset 4000 because the local replica's end offset is smaller than the current leader's start "
         "offsets. (kafka.server.ReplicaFetcherThread)",
         node=0, cause="start", topic="orders", partition=0, leader=1, offset=4000,
         error="OFFSET_OUT_OF_RANGE", details={"fetch_offset": 100}),
    case("fetcher.reset_to_local_end.3_6",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Reset "
         "fetch offset for partition orders-0 from 3000 to the current local replica's end offset 4100 "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, cause="local_end", topic="orders", partition=0, leader=1, offset=4100,
         error="OFFSET_OUT_OF_RANGE", details={"fetch_offset": 3000}),
    case("fetcher.reset_to_leader.0_8",
         "[2017-06-12 09:35:40,211] WARN [ReplicaFetcherThread-0-2], Replica 1 for partition orders-0 "
         "reset its fetch offset from 88220 to current leader 2's latest offset 88213 "
         "(kafka.server.ReplicaFetcherThread)",
         node=1, cause="latest", topic="orders", partition=0, leader=2, offset=88213,
         error="OFFSET_OUT_OF_RANGE", details={"fetch_offset": 88220}),
    case("fetcher.truncation_not_allowed.1_0",
         "[2018-02-01 10:00:00,000] FATAL [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Exiting "
         "because log truncation is not allowed for partition orders-0, current leader's latest offset "
         "88190 is less than replica's latest offset 88213 (kafka.server.ReplicaFetcherThread)",
         node=1, state="halted", topic="orders", partition=0, leader=2, leo=88213,
         error="OFFSET_OUT_OF_RANGE", details={"leader_end_offset": 88190}),
    case("fetcher.truncation_not_allowed.0_10",
         "[2017-06-12 09:35:40,212] FATAL [ReplicaFetcherThread-0-2], Exiting because log truncation is "
         "not allowed for partition orders-0, Current leader 2's latest offset 88190 is less than replica"
         " 1's latest offset 88213 (kafka.server.ReplicaFetcherThread)",
         node=1, state="halted", topic="orders", partition=0, leader=2, leo=88213,
         error="OFFSET_OUT_OF_RANGE", details={"leader_end_offset": 88190}),
    case("fetcher.truncation_not_allowed.0_8",
         "[2015-06-12 09:35:40,212] FATAL [ReplicaFetcherThread-0-2], Halting because log truncation is "
         "not allowed for topic orders, Current leader 2's latest offset 88190 is less than replica 1's "
         "latest offset 88213 (kafka.server.ReplicaFetcherThread)",
         node=1, state="halted", topic="orders", leader=2, leo=88213, error="OFFSET_OUT_OF_RANGE",
         details={"leader_end_offset": 88190}),
    case("fetcher.partition_error",
         "[2018-10-17 12:57:18,400] ERROR [ReplicaFetcher replicaId=10, leaderId=30, fetcherId=0] Error "
         "for partition test-3-0 at offset 0 (kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this"
         " topic-partition.",
         node=10, topic="test-3", partition=0, leader=30, offset=0,
         error="org.apache.kafka.common.errors.UnknownTopicOrPartitionException"),
    case("fetcher.partition_error.0_8",
         "[2017-06-12 09:35:40,212] ERROR [ReplicaFetcherThread-0-2], Error for partition [orders,0] to "
         "broker 2:org.apache.kafka.common.errors.NotLeaderForPartitionException: This server is not the "
         "leader for that topic-partition. (kafka.server.ReplicaFetcherThread)",
         topic="orders", partition=0, leader=2,
         error="org.apache.kafka.common.errors.NotLeaderForPartitionException"),
    case("fetcher.processing_error",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Error "
         "while processing data for partition orders-0 at offset 95510 "
         "(kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Error while appending records to orders-0",
         node=0, topic="orders", partition=0, leader=1, offset=95510,
         error="org.apache.kafka.common.errors.KafkaStorageException"),
    case("fetcher.invalid_messages",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Found "
         "invalid messages during fetch for partition orders-0 offset 95510 "
         "(kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.CorruptRecordException: Record is corrupt (stored crc = 1, "
         "computed crc = 2)",
         node=0, topic="orders", partition=0, leader=1, offset=95510,
         error="org.apache.kafka.common.errors.CorruptRecordException"),
    case("fetcher.offset_lookup_failed",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Error "
         "getting offset for partition orders-0 (kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.NotLeaderOrFollowerException: For requests intended only for the"
         " leader, this error indicates that the broker is not the current leader.",
         node=0, topic="orders", partition=0, leader=1,
         error="org.apache.kafka.common.errors.NotLeaderOrFollowerException"),
    case("fetcher.offset_lookup_retry",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Could not "
         "fetch offset for orders-0 due to error: This server is not the leader for that topic-partition."
         " (kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1,
         details={"exception": "This server is not the leader for that topic-partition."}),
    case("fetcher.leader_moved",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Remote "
         "broker is not the leader for partition orders-0, which could indicate that the partition is "
         "being moved (kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, error="NOT_LEADER_FOR_PARTITION"),
    case("fetcher.truncation_failed",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Failed to"
         " truncate orders-0 at offset 95502 (kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Error while truncating log to offset "
         "95502",
         node=0, cause="truncation", topic="orders", partition=0, leader=1, offset=95502,
         error="org.apache.kafka.common.errors.KafkaStorageException"),
    case("fetcher.epoch_request_failed",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Error when"
         " sending leader epoch request for Map(orders-0 -> (currentLeaderEpoch=Optional[14], "
         "leaderEpoch=14)) (kafka.server.ReplicaFetcherThread)"
         "\njava.io.IOException: Connection to 3 was disconnected before the response was read",
         node=0, leader=1, error="java.io.IOException",
         details={"partitions": "Map(orders-0 -> (currentLeaderEpoch=Optional[14], leaderEpoch=14))"}),
    case("fetcher.error_from_leader",
         "[2021-04-28 16:09:25,241] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Received "
         "UNKNOWN_TOPIC_OR_PARTITION from the leader for partition erstesTopic-1. This error may be "
         "returned transiently when the partition is being created or deleted, but it is not expected to "
         "persist. (kafka.server.ReplicaFetcherThread)",
         node=0, topic="erstesTopic", partition=1, leader=1, error="UNKNOWN_TOPIC_OR_PARTITION"),
    case("fetcher.older_epoch",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
         "erstesTopic-0 has an older epoch (0) than the current leader. Will await the new LeaderAndIsr "
         "state before resuming fetching. (kafka.server.ReplicaFetcherThread)",
         node=0, topic="erstesTopic", partition=0, leader=1, leader_epoch=0, error="FENCED_LEADER_EPOCH"),
    case("fetcher.newer_epoch.3_4",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
         "orders-0 has a newer epoch (15) than the current leader. Retry the partition later. "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, leader_epoch=15, error="UNKNOWN_LEADER_EPOCH"),
    case("fetcher.newer_epoch.2_5",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
         "orders-0 has an new epoch (15) than the current leader. retry the partition later "
         "(kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, leader_epoch=15, error="UNKNOWN_LEADER_EPOCH"),
    case("fetcher.marked_failed",
         "[2021-04-28 16:42:17,193] WARN [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Partition "
         "erstesTopic-0 marked as failed (kafka.server.ReplicaFetcherThread)",
         node=0, state="failed", topic="erstesTopic", partition=0, leader=1),
    case("fetcher.epoch_request_retry",
         "[2021-04-28 16:42:17,193] INFO [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Retrying "
         "leaderEpoch request for partition orders-0 as the leader reported an error: "
         "NOT_LEADER_FOR_PARTITION (kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, error="NOT_LEADER_FOR_PARTITION"),
    case("fetcher.fetch_failed",
         "[2021-04-28 16:43:56,375] WARN [ReplicaFetcherThread-0-1], Error in fetch "
         "kafka.server.ReplicaFetcherThread$FetchRequest@61ba2b6e (kafka.server.ReplicaFetcherThread)",
         leader=1, details={"request": "kafka.server.ReplicaFetcherThread$FetchRequest@61ba2b6e"}),
    case("fetcher.thread_died",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] Error due"
         " to (kafka.server.ReplicaFetcherThread)"
         "\norg.apache.kafka.common.errors.KafkaStorageException: Disk error when trying to access log file",
         node=0, state="died", leader=1, error="org.apache.kafka.common.errors.KafkaStorageException"),
    case("fetcher.message_too_large",
         "[2021-04-28 16:42:17,193] ERROR [ReplicaFetcher replicaId=0, leaderId=1, fetcherId=0] "
         "Replication is failing due to a message that is greater than replica.fetch.max.bytes for "
         "partition orders-0. This generally occurs when the max.message.bytes has been overridden to "
         "exceed this value and a suitably large message has also been sent. To fix this problem increase"
         " replica.fetch.max.bytes in your broker config to be equal or larger than your settings for "
         "max.message.bytes, both at a broker and topic level. (kafka.server.ReplicaFetcherThread)",
         node=0, topic="orders", partition=0, leader=1, error="MESSAGE_TOO_LARGE",
         details={
             "advice":
                 "This generally occurs when the max.message.bytes has been overridden to exceed this "
                 "value and a suitably large message has also been sent. To fix this problem increase "
                 "replica.fetch.max.bytes in your broker config to be equal or larger than your settings "
                 "for max.message.bytes, both at a broker and topic level.",
         }),
    case("fetcher.added.2_1",
         "[2021-04-26 16:13:18,800] INFO [ReplicaFetcherManager on broker 1] Added fetcher to broker 0 "
         "for partitions Map(first-0 -> InitialFetchState(BrokerEndPoint(id=0, host=localhost:9092),2,0),"
         " second-0 -> InitialFetchState(BrokerEndPoint(id=0, host=localhost:9092),1,0)) "
         "(kafka.server.ReplicaFetcherManager)",
         node=1, leader=0, partitions=["first-0", "second-0"]),
    case("fetcher.added.0_8_1",
         "[2021-04-28 16:41:51,048] INFO [ReplicaFetcherManager on broker 2] Added fetcher for partitions"
         " List([dns_kafka_topic-2, initOffset 0 to broker "
         "BrokerEndPoint(1,DESKTOP-V6KRCRU.mshome.net,9094)] , [dns_kafka_topic-0, initOffset 0 to broker"
         " BrokerEndPoint(1,DESKTOP-V6KRCRU.mshome.net,9094)] ) (kafka.server.ReplicaFetcherManager)",
         node=2, leader=1, partitions=["dns_kafka_topic-2", "dns_kafka_topic-0"]),
    case("fetcher.removed",
         "[2021-04-27 10:16:05,628] INFO [ReplicaFetcherManager on broker 1] Removed fetcher for "
         "partitions HashSet(erstesTopic-1, erstesTopic-0) (kafka.server.ReplicaFetcherManager)",
         node=1, partitions=["erstesTopic-1", "erstesTopic-0"]),
    case("fetcher.added.0_8_0",
         "[2014-01-14 18:31:30,001] INFO [ReplicaFetcherManager on broker 1] Adding fetcher for partition"
         " [test,0], initOffset 0 to broker 0 with fetcherId 0 (kafka.server.ReplicaFetcherManager)",
         node=1, topic="test", partition=0, leader=0, offset=0),
    case("fetcher.removed.0_8_0",
         "[2014-01-14 18:31:30,001] INFO [ReplicaFetcherManager on broker 1] Removing fetcher for "
         "partition [test,0] (kafka.server.ReplicaFetcherManager)",
         node=1, topic="test", partition=0),
    case("fetcher_manager.shutting_down",
         "[2023-01-16 17:29:29,291] INFO [ReplicaFetcherManager on broker 0] shutting down "
         "(kafka.server.ReplicaFetcherManager)",
         node=0, state="shutting_down"),
    case("fetcher_manager.shutdown_completed",
         "[2023-01-16 17:29:29,293] INFO [ReplicaFetcherManager on broker 0] shutdown completed "
         "(kafka.server.ReplicaFetcherManager)",
         node=0, state="shut_down"),
    case("fetcher_manager.resizing",
         "[2021-04-28 16:41:51,048] INFO [ReplicaFetcherManager on broker 2] Resizing fetcher thread pool"
         " size from 1 to 4 (kafka.server.ReplicaFetcherManager)",
         node=2, state="resized", count=4, details={"prev_size": 1}),
    case("log.truncate",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Truncating to "
         "offset 88190 (kafka.log.Log)",
         topic="orders", partition=0, offset=88190, details={"dir": "/var/lib/kafka/data"}),
    case("log.truncate.0_8",
         "[2021-04-28 16:41:51,017] INFO Truncating log dns_kafka_topic-0 to offset 0. (kafka.log.Log)",
         topic="dns_kafka_topic", partition=0, offset=0),
    case("log.truncate_no_effect",
         "[2021-04-26 16:13:18,802] INFO [Log partition=second-0, "
         "dir=K:\\k\\Meine_Daten\\mykafka\\kafka-logs-2] Truncating to 0 has no effect as the largest offset "
         "in the log is -1 (kafka.log.Log)",
         state="no_effect", topic="second", partition=0, offset=0,
         details={"dir": "K:\\k\\Meine_Daten\\mykafka\\kafka-logs-2", "largest_offset": -1}),
    case("log.truncate_no_effect.0_8",
         "[2017-06-12 09:35:40,220] INFO Truncating orders-0 to 88213 has no effect as the largest offset"
         " in the log is 88212. (kafka.log.Log)",
         state="no_effect", topic="orders", partition=0, offset=88213, details={"largest_offset": 88212}),
    case("log.truncate_fully",
         "[2024-03-01 11:20:07,451] DEBUG [UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] "
         "Truncate and start at offset 4000, logStartOffset: 4000 (kafka.log.UnifiedLog)",
         state="truncated_fully", topic="orders", partition=0, offset=4000,
         details={"dir": "/var/lib/kafka/data", "log_start_offset": 4000}),
    case("log.truncate_fully.1_0",
         "[2018-11-20 08:05:18,775] DEBUG [Log partition=orders-0, dir=/var/lib/kafka/data] Truncate and "
         "start at offset 4000 (kafka.log.Log)",
         state="truncated_fully", topic="orders", partition=0, offset=4000,
         details={"dir": "/var/lib/kafka/data"}),
    case("log.truncate_fully.0_8",
         "[2017-06-12 09:35:40,221] DEBUG Truncate and start log 'orders-0' to 4000 (kafka.log.Log)",
         state="truncated_fully", topic="orders", partition=0, offset=4000),
    case("log.start_offset.2_6",
         "[2021-04-27 12:00:18,964] INFO [Log partition=erstesTopic-1, dir=/mnt/k/tmp/kafka-logs-2] "
         "Incremented log start offset to 4 due to leader offset increment (kafka.log.Log)",
         reason="leader offset increment", topic="erstesTopic", partition=1, offset=4,
         details={"dir": "/mnt/k/tmp/kafka-logs-2"}),
    case("log.start_offset.1_0",
         "[2020-01-31 23:08:40,342] INFO [Log partition=flink-demo-0, dir=/tmp/kafka-logs] Incrementing "
         "log start offset to 17161 (kafka.log.Log)",
         topic="flink-demo", partition=0, offset=17161, details={"dir": "/tmp/kafka-logs"}),
    case("log.start_offset.0_11",
         "[2017-10-02 17:12:09,331] INFO Incrementing log start offset of partition orders-0 to 4000 in "
         "dir /var/lib/kafka/data (kafka.log.Log)",
         topic="orders", partition=0, offset=4000, details={"dir": "/var/lib/kafka/data"}),
    case("hw.non_monotonic",
         "[2024-03-01 11:20:07,451] WARN [UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] "
         "Non-monotonic update of high watermark from (offset=1204331 segment=[1200000:5012]) to "
         "(offset=1204300 segment=[1200000:4096]) (kafka.log.UnifiedLog)",
         topic="orders", partition=0, hw=1204300, details={"dir": "/var/lib/kafka/data", "prev_hw": 1204331}),
    case("log.loaded.1_0",
         "[2020-01-31 23:08:29,230] INFO [Log partition=__consumer_offsets-14, dir=/tmp/kafka-logs] "
         "Completed load of log with 1 segments, log start offset 0 and log end offset 0 in 71 ms "
         "(kafka.log.Log)",
         topic="__consumer_offsets", partition=14, leo=0, offset=0, duration_ms=71.0, count=1,
         details={"dir": "/tmp/kafka-logs"}),
    case("log.loaded.0_11",
         "[2017-10-02 17:12:05,100] INFO Completed load of log orders-0 with 1 log segments, log start "
         "offset 0 and log end offset 88213 in 94 ms (kafka.log.Log)",
         topic="orders", partition=0, leo=88213, offset=0, duration_ms=94.0, count=1),
    case("log.loaded.0_10_1",
         "[2018-05-27 11:28:05,670] INFO Completed load of log test-0 with 1 log segments and log end "
         "offset 1 in 94 ms (kafka.log.Log)",
         topic="test", partition=0, leo=1, duration_ms=94.0, count=1),
    case("log.loaded.0_8",
         "[2014-02-02 02:01:03,032] INFO Completed load of log test-0 with log end offset 0 "
         "(kafka.log.Log)",
         topic="test", partition=0, leo=0),
    case("log.recovering_segment.4_0",
         "[2025-05-14 22:50:16,411] INFO [LogLoader partition=__cluster_metadata-0, "
         "dir=/home/ammar/kafka_data/broker_4.0.0] Recovering unflushed segment 0. 0 recovered for "
         "__cluster_metadata-0. (org.apache.kafka.storage.internals.log.LogLoader)",
         state="recovering", topic="__cluster_metadata", partition=0, offset=0,
         details={"dir": "/home/ammar/kafka_data/broker_4.0.0", "recovered": 0}),
    case("log.recovering_segment.3_3",
         "[2023-01-16 17:26:45,600] INFO [LogLoader partition=quickstart-events-0, dir=/tmp/kafka-logs] "
         "Recovering unflushed segment 0. 0/1 recovered for quickstart-events-0. (kafka.log.LogLoader)",
         state="recovering", topic="quickstart-events", partition=0, offset=0,
         details={"dir": "/tmp/kafka-logs", "recovered": 0, "unflushed": 1}),
    case("log.recovering_segment.1_0",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Recovering "
         "unflushed segment 88000 (kafka.log.Log)",
         state="recovering", topic="orders", partition=0, offset=88000,
         details={"dir": "/var/lib/kafka/data"}),
    case("log.recovering_segment.0_8",
         "[2017-06-12 09:10:01,001] INFO Recovering unflushed segment 88000 in log orders-0. "
         "(kafka.log.Log)",
         state="recovering", topic="orders", partition=0, offset=88000),
    case("log.corruption",
         "[2025-05-14 22:51:04,152] WARN [LogLoader partition=__cluster_metadata-0, "
         "dir=/home/ammar/kafka_data/broker_4.0.0] Corruption found in segment 0, truncating to offset "
         "121 (org.apache.kafka.storage.internals.log.LogLoader)",
         topic="__cluster_metadata", partition=0, offset=121,
         details={"dir": "/home/ammar/kafka_data/broker_4.0.0", "segment": 0}),
    case("log.corruption.0_8",
         "[2017-06-12 09:10:01,020] WARN Corruption found in segment 88000 of log orders-0, truncating to"
         " offset 88150. (kafka.log.Log)",
         topic="orders", partition=0, offset=88150, details={"segment": 88000}),
    case("log.invalid_offset",
         "[2018-11-20 08:05:18,775] WARN [Log partition=orders-0, dir=/var/lib/kafka/data] Found invalid "
         "offset during recovery. Deleting the corrupt segment and creating an empty one with starting "
         "offset 88000 (kafka.log.Log)",
         topic="orders", partition=0, offset=88000, details={"dir": "/var/lib/kafka/data"}),
    case("log.invalid_offset.0_8",
         "[2017-06-12 09:10:01,020] WARN Found invalid offset during recovery for log orders-0. Deleting "
         "the corrupt segment and creating an empty one with starting offset 88000 (kafka.log.Log)",
         topic="orders", partition=0, offset=88000),
    case("log.index_missing",
         "[2022-04-25 16:07:35,110] ERROR [LogLoader partition=new_topic-2, "
         "dir=/Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs] Could not find offset index "
         "file corresponding to log file /Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs/new"
         "_topic-2/00000000000000000001.log, recovering segment and rebuilding index files... "
         "(kafka.log.LogLoader$)",
         cause="index_missing", topic="new_topic", partition=2,
         details={
             "dir": "/Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs",
             "path":
                 "/Users/nishamurarka/Desktop/kafka_2.12-3.1.0/data/kafka-logs/new_topic-2/00000000000000"
                 "000001.log",
         }),
    case("log.index_missing.0_8",
         "[2017-06-12 09:10:01,020] ERROR Could not find index file corresponding to log file "
         "/var/lib/kafka/data/orders-0/00000000000000088000.log, rebuilding index... (kafka.log.Log)",
         cause="index_missing",
         details={"dir": None, "path": "/var/lib/kafka/data/orders-0/00000000000000088000.log"}),
    case("log.index_corrupted",
         "[2018-11-20 08:05:18,775] WARN [Log partition=orders-0, dir=/var/lib/kafka/data] Found a "
         "corrupted index file corresponding to log file "
         "/var/lib/kafka/data/orders-0/00000000000000088000.log due to Corrupt index found, index file "
         "(/var/lib/kafka/data/orders-0/00000000000000088000.index) has non-zero size but the last offset"
         " is 88000 which is no greater than the base offset 88000.}, recovering segment and rebuilding "
         "index files... (kafka.log.Log)",
         cause="index_corrupted", topic="orders", partition=0,
         details={
             "dir": "/var/lib/kafka/data",
             "path": "/var/lib/kafka/data/orders-0/00000000000000088000.log",
             "exception":
                 "Corrupt index found, index file "
                 "(/var/lib/kafka/data/orders-0/00000000000000088000.index) has non-zero size but the "
                 "last offset is 88000 which is no greater than the base offset 88000.}",
         }),
    case("producer_state.loading.4_0",
         "[2025-05-14 22:49:12,380] INFO [LogLoader partition=__cluster_metadata-0, "
         "dir=/home/ammar/kafka_data/broker_4.0.0] Loading producer state till offset 0 "
         "(org.apache.kafka.storage.internals.log.UnifiedLog)",
         state="loading", topic="__cluster_metadata", partition=0, offset=0,
         details={"dir": "/home/ammar/kafka_data/broker_4.0.0"}),
    case("producer_state.loading.2_0",
         "[2020-01-31 23:08:29,229] INFO [Log partition=__consumer_offsets-14, dir=/tmp/kafka-logs] "
         "Loading producer state till offset 0 with message format version 2 (kafka.log.Log)",
         state="loading", topic="__consumer_offsets", partition=14, offset=0,
         details={"dir": "/tmp/kafka-logs", "message_format": 2}),
    case("producer_state.loading.1_0",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Loading "
         "producer state from offset 88213 with message format version 2 (kafka.log.Log)",
         state="loading", topic="orders", partition=0, offset=88213,
         details={"dir": "/var/lib/kafka/data", "message_format": 2}),
    case("producer_state.loading.0_11",
         "[2017-10-02 17:12:05,090] INFO Loading producer state from offset 88213 for partition orders-0 "
         "with message format version 2 (kafka.log.Log)",
         state="loading", topic="orders", partition=0, offset=88213, details={"message_format": 2}),
    case("producer_state.reloading",
         "[2025-05-14 22:49:12,381] INFO [LogLoader partition=__cluster_metadata-0, "
         "dir=/home/ammar/kafka_data/broker_4.0.0] Reloading from producer snapshot and rebuilding "
         "producer state from offset 0 (org.apache.kafka.storage.internals.log.UnifiedLog)",
         state="rebuilding", topic="__cluster_metadata", partition=0, offset=0,
         details={"dir": "/home/ammar/kafka_data/broker_4.0.0"}),
    case("producer_state.recovered",
         "[2025-05-14 22:49:12,385] INFO [LogLoader partition=__cluster_metadata-0, "
         "dir=/home/ammar/kafka_data/broker_4.0.0] Producer state recovery took 0ms for snapshot load and"
         " 0ms for segment recovery from offset 0 (org.apache.kafka.storage.internals.log.UnifiedLog)",
         state="recovered", topic="__cluster_metadata", partition=0, offset=0, duration_ms=0.0,
         details={"dir": "/home/ammar/kafka_data/broker_4.0.0", "snapshot_load_ms": 0}),
    case("producer_state.snapshot_loading",
         "[2021-04-27 12:00:15,714] INFO [ProducerStateManager partition=erstesTopic-0] Loading producer "
         "state from snapshot file "
         "'SnapshotFile(/mnt/k/tmp/kafka-logs-2/erstesTopic-0/00000000000000000004.snapshot,4)' "
         "(kafka.log.ProducerStateManager)",
         state="loading", topic="erstesTopic", partition=0,
         details={
             "snapshot":
                 "SnapshotFile(/mnt/k/tmp/kafka-logs-2/erstesTopic-0/00000000000000000004.snapshot,4)",
         }),
    case("producer_state.snapshot_written",
         "[2023-01-16 17:29:29,419] INFO [ProducerStateManager partition=quickstart-events-0] Wrote "
         "producer snapshot at offset 6 with 2 producer ids in 8 ms. (kafka.log.ProducerStateManager)",
         state="snapshot_written", topic="quickstart-events", partition=0, offset=6, duration_ms=8.0,
         count=2),
    case("producer_state.snapshot_writing",
         "[2021-04-28 16:42:18,235] INFO [ProducerStateManager partition=UbuntuTopic-0] Writing producer "
         "snapshot at offset 2 (kafka.log.ProducerStateManager)",
         state="snapshot_written", topic="UbuntuTopic", partition=0, offset=2),
    case("producer_state.snapshot_deleted",
         "[2025-05-14 22:51:04,069] INFO Deleted producer state snapshot "
         "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000121.snapshot "
         "(org.apache.kafka.storage.internals.log.SnapshotFile)",
         state="snapshot_deleted",
         details={
             "path":
                 "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000121.snapshot",
         }),
    case("segment.rolled",
         "[2021-04-27 12:00:47,524] INFO [Log partition=erstesTopic-0, dir=/mnt/k/tmp/kafka-logs-2] "
         "Rolled new log segment at offset 4 in 66 ms. (kafka.log.Log)",
         state="rolled", topic="erstesTopic", partition=0, offset=4, duration_ms=66.0,
         details={"dir": "/mnt/k/tmp/kafka-logs-2"}),
    case("segment.rolled.0_8",
         "[2017-06-12 10:00:00,001] INFO Rolled new log segment for 'orders-0' in 2 ms. (kafka.log.Log)",
         state="rolled", topic="orders", partition=0, duration_ms=2.0),
    case("segment.roll_conflict",
         "[2021-04-27 12:03:31,094] WARN [Log partition=__consumer_offsets-15, "
         "dir=/mnt/k/tmp/kafka-logs-2] Trying to roll a new log segment with start offset 0 =max(provided"
         " offset = Some(0), LEO = 0) while it already exists and is active with size 0. Size of time "
         "index: 873813, size of offset index: 1310720. (kafka.log.Log)",
         state="rolled", topic="__consumer_offsets", partition=15, leo=0, offset=0,
         details={
             "dir": "/mnt/k/tmp/kafka-logs-2",
             "time_index_entries": 873813,
             "offset_index_entries": 1310720,
         }),
    case("segment.deleting_due_to",
         "[2021-04-27 12:00:47,528] INFO [Log partition=erstesTopic-0, dir=/mnt/k/tmp/kafka-logs-2] "
         "Deleting segment LogSegment(baseOffset=0, size=300, lastModifiedTime=1619456378302, "
         "largestRecordTimestamp=Some(0)) due to retention time 604800000ms breach based on the largest "
         "record timestamp in the segment (kafka.log.Log)",
         state="deleting",
         reason="retention time 604800000ms breach based on the largest record timestamp in the segment",
         topic="erstesTopic", partition=0, offset=0, details={"dir": "/mnt/k/tmp/kafka-logs-2"}),
    case("segment.deleting_many",
         "[2021-04-27 12:03:31,096] INFO [Log partition=__consumer_offsets-15, "
         "dir=/mnt/k/tmp/kafka-logs-2] Deleting segments as part of log roll: LogSegment(baseOffset=0, "
         "size=0, lastModifiedTime=1619456254849, largestRecordTimestamp=Some(0)) (kafka.log.Log)",
         state="deleting", reason="part of log roll", topic="__consumer_offsets", partition=15, offset=0,
         details={"dir": "/mnt/k/tmp/kafka-logs-2"}),
    case("segment.deleting_files",
         "[2025-04-09 10:00:03,250] INFO [LocalLog partition=foo-1744192741-142816387-0, dir=/kafka-logs]"
         " Deleting segment files LogSegment(baseOffset=0, size=0, lastModifiedTime=1744192741937, "
         "largestRecordTimestamp=None) (kafka.log.LocalLog$)",
         state="deleted", topic="foo-1744192741-142816387", partition=0, offset=0,
         details={"dir": "/kafka-logs"}),
    case("segment.deletable_found",
         "[2020-01-08 19:56:35,631] INFO [Log partition=testTopicName-0, dir=D:\\tmp\\kafka-logs] Found "
         "deletable segments with base offsets [0] due to retention time 604800000ms breach "
         "(kafka.log.Log)",
         state="deletable", reason="retention time 604800000ms breach", topic="testTopicName", partition=0,
         details={"dir": "D:\\tmp\\kafka-logs", "base_offsets": [0]}),
    case("segment.scheduled.1_0",
         "[2020-01-08 19:56:36,897] INFO [Log partition=testTopicName-0, dir=D:\\tmp\\kafka-logs] "
         "Scheduling log segment [baseOffset 0, size 207] for deletion. (kafka.log.Log)",
         state="scheduled", topic="testTopicName", partition=0, offset=0,
         details={"dir": "D:\\tmp\\kafka-logs", "size": 207}),
    case("segment.scheduled.0_8",
         "[2017-06-12 10:00:00,001] INFO Scheduling log segment 0 for log orders-0 for deletion. "
         "(kafka.log.Log)",
         state="scheduled", topic="orders", partition=0, offset=0),
    case("segment.scheduled.2_4",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Scheduling "
         "segments for deletion List(LogSegment(baseOffset=0, size=300, lastModifiedTime=1619456378302, "
         "largestTime=0)) (kafka.log.Log)",
         state="scheduled", topic="orders", partition=0, details={"dir": "/var/lib/kafka/data"}),
    case("segment.deleting_list.2_4",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Deleting "
         "segments List(LogSegment(baseOffset=0, size=300, lastModifiedTime=1619456378302, "
         "largestTime=0)) (kafka.log.Log)",
         state="deleted", topic="orders", partition=0, details={"dir": "/var/lib/kafka/data"}),
    case("segment.deleting.1_0",
         "[2018-11-20 08:05:18,775] INFO [Log partition=orders-0, dir=/var/lib/kafka/data] Deleting "
         "segment 0 (kafka.log.Log)",
         state="deleted", topic="orders", partition=0, offset=0, details={"dir": "/var/lib/kafka/data"}),
    case("segment.deleting.0_8",
         "[2017-06-12 10:01:00,001] INFO Deleting segment 0 from log orders-0. (kafka.log.Log)",
         state="deleted", topic="orders", partition=0, offset=0),
    case("segment.file_deleted",
         "[2025-04-09 10:00:03,251] INFO Deleted log /kafka-logs/foo-1744192741-142816387-0.4e4f4975cd6d4"
         "7cb85e1663ffae7be6f-delete/00000000000000000000.log.deleted. (kafka.log.LogSegment)",
         state="deleted",
         details={
             "path":
                 "/kafka-logs/foo-1744192741-142816387-0.4e4f4975cd6d47cb85e1663ffae7be6f-delete/00000000"
                 "000000000000.log.deleted",
         }),
    case("segment.invalid_messages.4_0",
         "[2025-05-14 22:51:04,115] WARN Found invalid messages in log segment "
         "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000000.log at byte "
         "offset 8564. (org.apache.kafka.storage.internals.log.LogSegment)",
         details={
             "path": "/home/ammar/kafka_data/broker_4.0.0/__cluster_metadata-0/00000000000000000000.log",
             "byte_offset": 8564,
         }),
    case("segment.invalid_messages",
         "[2021-01-12 09:00:01,001] WARN Found invalid messages in log segment "
         "/var/lib/kafka/data/orders-0/00000000000000088000.log at byte offset 4096: Record size 0 is "
         "less than the minimum record overhead (14). (kafka.log.LogSegment)",
         details={
             "path": "/var/lib/kafka/data/orders-0/00000000000000088000.log",
             "byte_offset": 4096,
             "exception": "Record size 0 is less than the minimum record overhead (14)",
         }),
    case("epoch_cache.conflict",
         "[2021-01-12 09:00:11,460] WARN [LeaderEpochCache orders-0] New epoch entry EpochEntry(epoch=15,"
         " startOffset=1204331) caused truncation of conflicting entries ListBuffer(EpochEntry(epoch=14, "
         "startOffset=1204340)). Cache now contains 3 entries. (kafka.server.epoch.LeaderEpochFileCache)",
         topic="orders", partition=0, leader_epoch=15, offset=1204331, count=3,
         details={"removed": [{"epoch": 14, "start_offset": 1204340}]}),
    case("epoch_cache.appended",
         "[2021-01-12 09:00:11,460] DEBUG [LeaderEpochCache orders-0] Appended new epoch entry "
         "EpochEntry(epoch=15, startOffset=1204331). Cache now contains 3 entries. "
         "(kafka.server.epoch.LeaderEpochFileCache)",
         state="appended", topic="orders", partition=0, leader_epoch=15, offset=1204331, count=3),
    case("epoch_cache.cleared_latest",
         "[2021-01-12 09:00:11,460] DEBUG [LeaderEpochCache orders-0] Cleared entries "
         "ListBuffer(EpochEntry(epoch=14, startOffset=1204340)) from epoch cache after truncating to end "
         "offset 1204331, leaving 2 entries in the cache. (kafka.server.epoch.LeaderEpochFileCache)",
         state="truncated_end", topic="orders", partition=0, offset=1204331, count=2,
         details={"removed": [{"epoch": 14, "start_offset": 1204340}]}),
    case("epoch_cache.cleared_earliest",
         "[2021-01-12 09:00:11,460] DEBUG [LeaderEpochCache orders-0] Cleared entries "
         "ListBuffer(EpochEntry(epoch=1, startOffset=0)) and rewrote first entry EpochEntry(epoch=2, "
         "startOffset=4000) after truncating to start offset 4000, leaving 2 in the cache. "
         "(kafka.server.epoch.LeaderEpochFileCache)",
         state="truncated_start", topic="orders", partition=0, offset=4000, count=2,
         details={
             "first_entry": "EpochEntry(epoch=2, startOffset=4000)",
             "removed": [{"epoch": 1, "start_offset": 0}],
         }),
    case("epoch_cache.out_of_order.2_0",
         "[2021-01-12 09:00:11,460] WARN [LeaderEpochCache orders-0] Received leader epoch assignment "
         "EpochEntry(epoch=13, startOffset=1204400) which has an epoch less than the epoch of the latest "
         "entry EpochEntry(epoch=14, startOffset=1204340). This implies messages have arrived out of "
         "order. (kafka.server.epoch.LeaderEpochFileCache)",
         state="out_of_order", topic="orders", partition=0, leader_epoch=13, offset=1204400,
         details={"latest_entry": "EpochEntry(epoch=14, startOffset=1204340)"}),
    case("epoch_cache.cleared_format",
         "[2018-11-20 08:05:18,775] WARN [Log partition=orders-0, dir=/var/lib/kafka/data] Deleting "
         "non-empty leader epoch cache due to incompatible message format V1 (kafka.log.Log)",
         state="cleared", topic="orders", partition=0, details={"dir": "/var/lib/kafka/data"}),
    case("epoch_cache.updated.0_11",
         "[2017-10-02 17:12:09,332] INFO Updated PartitionLeaderEpoch. New: {epoch:13, offset:88213}, "
         "Current: {epoch:12, offset85000} for Partition: orders-0. Cache now contains 4 entries. "
         "(kafka.server.epoch.LeaderEpochFileCache)",
         state="appended", topic="orders", partition=0, leader_epoch=13, prev_leader_epoch=12, offset=88213,
         count=4, details={"prev_offset": 85000}),
    case("epoch_cache.cleared.0_11",
         "[2017-10-02 17:12:09,333] INFO Cleared latest Set(EpochEntry(13,88213)) entries from epoch "
         "cache based on passed offset 88190 leaving 3 in EpochFile for partition orders-0 "
         "(kafka.server.epoch.LeaderEpochFileCache)",
         state="truncated", topic="orders", partition=0, offset=88190, count=3),
    case("epoch_cache.out_of_order.0_11",
         "[2017-10-02 17:12:09,333] WARN Received a PartitionLeaderEpoch assignment for an epoch < "
         "latestEpoch. This implies messages have arrived out of order. New: {epoch:11, offset:88213}, "
         "Current: {epoch:12, offset85000} for Partition: orders-0 "
         "(kafka.server.epoch.LeaderEpochFileCache)",
         state="out_of_order", topic="orders", partition=0, leader_epoch=11, prev_leader_epoch=12,
         offset=88213, details={"prev_offset": 85000}),
    case("alter_isr.stale_broker_epoch",
         "[2021-07-09 11:20:40,010] WARN Broker had a stale broker epoch (4294967300), retrying. "
         "(kafka.server.DefaultAlterIsrManager)",
         error="STALE_BROKER_EPOCH", details={"broker_epoch": 4294967300}),
    case("alter_isr.not_authorized",
         "[2022-06-01 10:00:00,000] ERROR Broker is not authorized to send AlterPartition to controller "
         "(kafka.server.DefaultAlterIsrManager)",
         api="AlterPartition", error="CLUSTER_AUTHORIZATION_FAILED"),
    case("alter_isr.partition_missing",
         "[2021-07-09 11:20:40,010] WARN Partition orders-0 was sent but not included in the response "
         "(kafka.server.DefaultAlterIsrManager)",
         topic="orders", partition=0, details={"topic_id": None}),
    case("alter_isr.top_level_error",
         "[2021-07-09 11:20:40,010] WARN Controller returned an unexpected top-level error when handling "
         "AlterIsr request: NOT_CONTROLLER (kafka.server.DefaultAlterIsrManager)",
         api="AlterIsr", error="NOT_CONTROLLER"),
    case("alter_isr.invalid_recovery_state",
         "[2022-06-01 10:00:00,000] ERROR Controller returned an invalid leader recovery state (-1) for "
         "orders-0: PartitionData(partitionIndex=0, errorCode=0, leaderId=1, leaderEpoch=5, isr=[1, 2], "
         "leaderRecoveryState=-1, partitionEpoch=9) (kafka.server.DefaultAlterIsrManager)",
         topic="orders", partition=0, leader_epoch=5, isr=[1, 2], zk_version=9,
         error="INVALID_LEADER_RECOVERY_STATE", details={"leader_recovery_state": "-1"}),
]


@pytest.mark.parametrize(("template", "log_line", "expected"), CASES)
def test_each_entry_yields_its_typed_fields(template: str, log_line: str, expected: dict[str, Any]) -> None:
    assert_entry(template, log_line, expected)


def test_every_replication_entry_has_a_typed_field_case() -> None:
    missing = unspecified(replication.TEMPLATES, (c.values[0] for c in CASES))
    assert not missing, f"entries without a case above: {missing}"
