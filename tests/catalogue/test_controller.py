"""The ZooKeeper-mode controller and its state-change log, line by line
(parsers/catalogue/controller.py).

Each test states one behaviour of the catalogue and shows it on the lines Kafka writes: real
lines from the corpus (../shared/corpus/real, named in the comments) where a version logged
them, otherwise lines built from that version's format string (``git show <tag>:core/src/main/
scala/kafka/controller/…``).  Every entry of the module is specified here at least once (see
the last test); the tables at the end pin the typed fields of the routine entries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest

from kafka_forensics.parsers.catalogue import controller
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from tests.support import FieldCases, events

_FC = FieldCases()
SPECIFIED = _FC.specified
check, cases, specifies = _FC.check, _FC.cases, _FC.specifies

KC = " (kafka.controller.KafkaController)"
SCL = " (state.change.logger)"
SELECTOR = " (kafka.controller.OfflinePartitionLeaderSelector)"








# ---------------------------------------------------------------------------------------------
# Offline partitions: the failed Offline -> Online state change (§5.2, §5.3)
# ---------------------------------------------------------------------------------------------
specifies("scl.partition_failed.strategy", "scl.partition_failed.no_replica.0_8",
          "scl.partition_failed.no_isr.0_8", "scl.partition_failed.no_isr.1_0", "scl.partition_failed",
          "scl.partition_failed.0_8", "scl.partition_failed.1_0")


def test_offline_partition_from_1_1_is_the_failed_state_change_with_its_election_strategy() -> None:
    # Broker 1 died holding the only ISR member of __consumer_offsets-22, unclean election
    # disabled: PartitionStateMachine.logFailedStateChange + StateChangeFailedException (AndreasTraut 2.8).
    row = check(
        "scl.partition_failed.strategy",
        "[2021-04-26 20:12:09,063] ERROR [Controller id=0 epoch=3] Controller 0 epoch 3 failed to change "
        "state for partition __consumer_offsets-22 from OfflinePartition to OnlinePartition" + SCL + "\n"
        "kafka.common.StateChangeFailedException: Failed to elect leader for partition __consumer_offsets-22 "
        "under strategy OfflinePartitionLeaderElectionStrategy(false)\n"
        "\tat kafka.controller.ZkPartitionStateMachine.$anonfun$doElectLeaderForPartitions$9(PartitionStateMachine.scala:390)",
        kind="partition_state_change_failed", node=0, controller_epoch=3, topic="__consumer_offsets",
        partition=22, prev_state="OfflinePartition", state="OnlinePartition",
        error="kafka.common.StateChangeFailedException",
        details={"strategy": "OfflinePartitionLeaderElectionStrategy(false)"},
    )
    assert row["level"] == "ERROR"


def test_a_controlled_shutdown_that_cannot_move_leadership_fails_under_its_own_strategy() -> None:
    # The same ERROR with the ControlledShutdown strategy: the leader's replicas are all on the
    # broker going down (AndreasTraut 2.8, erstesTopic with replication factor 1).
    check(
        "scl.partition_failed.strategy",
        "[2021-04-26 20:12:09,011] ERROR [Controller id=0 epoch=3] Controller 0 epoch 3 failed to change "
        "state for partition erstesTopic-1 from OnlinePartition to OnlinePartition" + SCL + "\n"
        "kafka.common.StateChangeFailedException: Failed to elect leader for partition erstesTopic-1 under "
        "strategy ControlledShutdownPartitionLeaderElectionStrategy",
        prev_state="OnlinePartition", state="OnlinePartition",
        details={"strategy": "ControlledShutdownPartitionLeaderElectionStrategy"},
    )


def test_offline_partition_before_1_1_names_the_live_brokers_and_the_assigned_replicas() -> None:
    # 0.8–0.11: NoReplicaOnlineException from OfflinePartitionLeaderSelector when no assigned
    # replica is alive (andreinedelciu 0.10.2: broker 1002 gone for good).
    check(
        "scl.partition_failed.no_replica.0_8",
        "[2021-04-28 16:41:33,664] ERROR Controller 1 epoch 58 initiated state change for partition "
        "[__consumer_offsets,19] from OfflinePartition to OnlinePartition failed" + SCL + "\n"
        "kafka.common.NoReplicaOnlineException: No replica for partition [__consumer_offsets,19] is alive. "
        "Live brokers are: [Set()], Assigned replicas are: [List(1002)]",
        kind="partition_state_change_failed", node=1, controller_epoch=58, topic="__consumer_offsets",
        partition=19, brokers=[], replicas=[1002], error="kafka.common.NoReplicaOnlineException",
    )
    # 0.11–1.0 end the two lists with periods
    check(
        "scl.partition_failed.no_replica.0_8",
        "[2017-10-02 17:12:09,331] ERROR Controller 1 epoch 9 initiated state change for partition "
        "[orders,0] from OfflinePartition to OnlinePartition failed" + SCL + "\n"
        "kafka.common.NoReplicaOnlineException: No replica for partition [orders,0] is alive. Live brokers "
        "are: [Set(1, 3)]. Assigned replicas are: [List(2)].",
        brokers=[1, 3], replicas=[2],
    )


def test_all_isr_members_dead_with_unclean_election_disabled_names_the_dead_isr() -> None:
    # 0.8.2–0.11 `No broker in ISR …`, 1.0 `No replica in ISR …` (PartitionLeaderSelector)
    check(
        "scl.partition_failed.no_isr.0_8",
        "[2017-06-12 09:40:00,219] ERROR Controller 0 epoch 7 initiated state change for partition "
        "[orders,2] from OfflinePartition to OnlinePartition failed" + SCL + "\n"
        "kafka.common.NoReplicaOnlineException: No broker in ISR for partition [orders,2] is alive. Live "
        "brokers are: [Set(1, 3)], ISR brokers are: [2]",
        topic="orders", partition=2, brokers=[1, 3], isr=[2], controller_epoch=7,
    )
    check(
        "scl.partition_failed.no_isr.1_0",
        "[2018-02-01 09:00:02,100] ERROR [Controller id=2 epoch=14] Initiated state change for partition "
        "orders-2 from OfflinePartition to OnlinePartition failed" + SCL + "\n"
        "kafka.common.NoReplicaOnlineException: No replica in ISR for partition orders-2 is alive. Live "
        "brokers are: [Set(1, 3)], ISR brokers are: [2]",
        node=2, controller_epoch=14, topic="orders", partition=2, brokers=[1, 3], isr=[2],
    )


@cases(
    ("scl.partition_failed",
     "[2021-04-26 20:12:09,063] ERROR [Controller id=0 epoch=3] Controller 0 epoch 3 failed to change state "
     "for partition orders-0 from NewPartition to OnlinePartition" + SCL + "\n"
     "kafka.common.StateChangeFailedException: Controller 0 epoch 3 encountered error during state change "
     "of partition orders-0 from New to Online, assigned replicas are [1], live brokers are [Set(0)]. No "
     "assigned replica is alive.",
     {"prev_state": "NewPartition", "error": "kafka.common.StateChangeFailedException",
      "details": {"error_message": "Controller 0 epoch 3 encountered error during state change of partition "
                  "orders-0 from New to Online, assigned replicas are [1], live brokers are [Set(0)]. No "
                  "assigned replica is alive."}}),
    ("scl.partition_failed.0_8",
     "[2017-06-12 09:40:00,219] ERROR Controller 0 epoch 7 initiated state change for partition [orders,2] "
     "from NewPartition to OnlinePartition failed" + SCL + "\n"
     "org.I0Itec.zkclient.exception.ZkNodeExistsException: org.apache.zookeeper.KeeperException"
     "$NodeExistsException: KeeperErrorCode = NodeExists",
     {"topic": "orders", "partition": 2, "error": "org.I0Itec.zkclient.exception.ZkNodeExistsException"}),
    ("scl.partition_failed.1_0",
     "[2018-02-01 09:00:02,100] ERROR [Controller id=2 epoch=14] Initiated state change for partition "
     "orders-2 from NewPartition to OnlinePartition failed" + SCL + "\n"
     "kafka.common.StateChangeFailedException: Encountered error while changing partition orders-2's state",
     {"node": 2, "error": "kafka.common.StateChangeFailedException"}),
)
def test_a_state_change_failure_with_another_exception_keeps_its_class_and_message(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, kind="partition_state_change_failed", **expected)


@cases(
    ("scl.fail.electing",
     "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 encountered error while electing leader for "
     "partition [orders,2] due to: No broker in ISR for partition [orders,2] is alive. Live brokers are: "
     "[Set(1, 3)], ISR brokers are: [2]." + SCL,
     {"node": 0, "controller_epoch": 7, "topic": "orders", "partition": 2}),
    ("scl.fail.no_replica_alive",
     "[2018-02-01 09:00:02,099] ERROR [Controller id=2 epoch=14] Encountered error during state change of "
     "partition orders-2 from New to Online, assigned replicas are [2], live brokers are [Set(1, 3)]. No "
     "assigned replica is alive." + SCL,
     {"node": 2, "topic": "orders", "partition": 2, "replicas": [2], "brokers": [1, 3]}),
    ("scl.fail.path_exists",
     "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 encountered error while changing partition "
     "[orders,2]'s state from New to Online since LeaderAndIsr path already exists with value "
     '{"leader":1,"leader_epoch":0,"isr":[1]} and controller epoch 6' + SCL,
     {"topic": "orders", "partition": 2, "leader": 1, "leader_epoch": 0, "isr": [1], "controller_epoch": 7,
      "details": {"state_controller_epoch": 6}}),
    ("scl.fail.aborted",
     "[2017-06-12 09:40:00,218] ERROR Controller 0 epoch 7 aborted leader election for partition [orders,2] "
     "since the LeaderAndIsr path was already written by another controller. This probably means that the "
     "current controller 0 went through a soft failure and another controller was elected with epoch 8."
     + SCL,
     {"node": 0, "controller_epoch": 7, "topic": "orders", "partition": 2,
      "details": {"new_controller_epoch": 8}}),
)
def test_failure_messages_up_to_1_0_are_lines_of_their_own(template: str, line: str, expected: dict[str, Any]) -> None:
    # 0.8–1.0 PartitionStateMachine logged `failMsg` before throwing it; the zombie-controller
    # case (`aborted leader election … elected with epoch E`) is the forensic one.
    check(template, line, kind="partition_state_change_failed", **expected)


# ---------------------------------------------------------------------------------------------
# Unclean election and leader decisions (§5.3)
# ---------------------------------------------------------------------------------------------
specifies("selector.unclean", "controller.new_leader_and_isr", "selector.offline_selected")


def test_unclean_election_up_to_1_0_is_an_explicit_warning_naming_the_new_leader() -> None:
    # OfflinePartitionLeaderSelector (0.8–1.0, removed in 1.1): no ISR member alive, unclean
    # election enabled (andreinedelciu 0.10.2).
    check(
        "selector.unclean",
        "[2021-04-28 16:41:34,230] WARN [OfflinePartitionLeaderSelector]: No broker in ISR is alive for "
        "[dns_kafka_topic,0]. Elect leader 1 from live brokers 1. There's potential data loss." + SELECTOR,
        kind="unclean_election", topic="dns_kafka_topic", partition=0, leader=1, brokers=[1],
        prev_state="OfflinePartition", state="OnlinePartition", node=None,
    )


def test_leader_and_isr_up_to_1_0_is_printed_as_json() -> None:
    # kafka.api.LeaderAndIsr.toString = Json.encode(leader, leader_epoch, isr) until 1.0
    check(
        "selector.offline_selected",
        "[2021-04-28 16:41:34,236] INFO [OfflinePartitionLeaderSelector]: Selected new leader and ISR "
        '{"leader":1,"leader_epoch":1,"isr":[1]} for offline partition [dns_kafka_topic,1]' + SELECTOR,
        kind="new_leader_and_isr", topic="dns_kafka_topic", partition=1, leader=1, leader_epoch=1, isr=[1],
    )
    check(
        "controller.new_leader_and_isr",
        "[2017-06-12 09:40:00,020] INFO [Controller 0]: New leader and ISR for partition [orders,2] is "
        '{"leader":3,"leader_epoch":8,"isr":[3]}' + KC,
        node=0, topic="orders", partition=2, leader=3, leader_epoch=8, isr=[3],
    )
    # 1.0 prints TopicAndPartition as `orders-2` already
    check(
        "controller.new_leader_and_isr",
        "[2018-02-01 09:00:00,020] INFO [Controller id=2] New leader and ISR for partition orders-2 is "
        '{"leader":3,"leader_epoch":8,"isr":[3,1]}' + KC,
        topic="orders", partition=2, isr=[3, 1],
    )


specifies("scl.partition_online")


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        # 1.1–3.1 (AndreasTraut 2.8)
        ("LeaderAndIsr(leader=0, leaderEpoch=2, isr=List(0), zkVersion=2)",
         {"leader": 0, "leader_epoch": 2, "isr": [0], "zk_version": 2}),
        # 3.2: KIP-704 leaderRecoveryState (Noosarpparashar 3.2)
        ("LeaderAndIsr(leader=0, leaderEpoch=0, isr=List(0), leaderRecoveryState=RECOVERED, zkVersion=0)",
         {"leader": 0, "leader_epoch": 0, "isr": [0], "zk_version": 0,
          "details": {"leader_recovery_state": "RECOVERED"}}),
        # 3.3–3.4: partitionEpoch (CookJustin 3.3.1)
        ("LeaderAndIsr(leader=3, leaderEpoch=15, isr=List(3, 1), leaderRecoveryState=RECOVERING, "
         "partitionEpoch=27)",
         {"leader": 3, "leader_epoch": 15, "isr": [3, 1], "zk_version": 27,
          "details": {"leader_recovery_state": "RECOVERING"}}),
        # 3.5+: isrWithBrokerEpoch (KIP-903) (elastic-integrations 3.6)
        ("LeaderAndIsr(leader=3, leaderEpoch=15, isrWithBrokerEpoch=List(BrokerState(brokerId=3, "
         "brokerEpoch=-1), BrokerState(brokerId=1, brokerEpoch=-1)), leaderRecoveryState=RECOVERED, "
         "partitionEpoch=27)",
         {"leader": 3, "leader_epoch": 15, "isr": [3, 1], "zk_version": 27}),
        # no leader: the partition is offline
        ("LeaderAndIsr(leader=-1, leaderEpoch=9, isr=List(2), zkVersion=12)",
         {"leader": -1, "leader_epoch": 9, "isr": [2], "zk_version": 12}),
    ],
    ids=["1.1", "3.2", "3.3", "3.5", "no-leader"],
)
def test_every_leader_election_gives_the_new_leader_epoch_isr_and_partition_epoch(
    state: str, expected: dict[str, Any]
) -> None:
    # `Changed partition t-p from S to OnlinePartition with state LeaderAndIsr(...)`: TRACE 1.1–2.5,
    # INFO 2.6+; an unclean election is Offline→Online with a leader outside the previous ISR.
    check(
        "scl.partition_online",
        f"[2024-03-01 11:20:06,990] INFO [Controller id=0 epoch=11] Changed partition orders-0 from "
        f"OfflinePartition to OnlinePartition with state {state}" + SCL,
        kind="partition_state_change", node=0, controller_epoch=11, topic="orders", partition=0,
        prev_state="OfflinePartition", state="OnlinePartition", **expected,
    )


specifies("scl.isr_removed")


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        # 2.6 – 2.7.1, 2.8.0, 3.0 (AndreasTraut 2.8.0)
        ("(Leader:-1,ISR:1,LeaderEpoch:3,ControllerEpoch:3)",
         {"leader": -1, "isr": [1], "leader_epoch": 3, "zk_version": None}),
        # 2.7.2, 2.8.1+, 3.1: ZkVersion (KAFKA-13233) (aryan-jadon 3.1)
        ("(Leader:-1,ISR:0,LeaderEpoch:1,ZkVersion:1,ControllerEpoch:5)",
         {"leader": -1, "isr": [0], "leader_epoch": 1, "zk_version": 1}),
        # 3.2+: LeaderRecoveryState (elastic-integrations 3.6)
        ("(Leader:1,ISR:1,2,LeaderRecoveryState:RECOVERED,LeaderEpoch:6,ZkVersion:9,ControllerEpoch:4)",
         {"leader": 1, "isr": [1, 2], "leader_epoch": 6, "zk_version": 9,
          "details": {"leader_recovery_state": "RECOVERED", "state_controller_epoch": 4}}),
    ],
    ids=["2.6", "2.7.2", "3.2"],
)
def test_controller_isr_removal_on_broker_failure_gives_the_state_after_it(
    state: str, expected: dict[str, Any]
) -> None:
    # ReplicaStateMachine (2.6+): the failed broker 2 leaves the ISR; with unclean election
    # disabled the last member stays, and leader -1 means the partition went offline.
    check(
        "scl.isr_removed",
        f"[2021-04-26 20:37:51,260] INFO [Controller id=0 epoch=4] Partition orders-1 state changed to "
        f"{state} after removing replica 2 from the ISR as part of transition to OfflineReplica" + SCL,
        kind="controller_isr_removal", node=0, controller_epoch=4, topic="orders", partition=1, replica=2,
        state="OfflineReplica", **expected,
    )


# ---------------------------------------------------------------------------------------------
# Who is speaking: node, controller epoch
# ---------------------------------------------------------------------------------------------
specifies("controller.elected_other", "elector.new_leader", "scl.partition_new.0_8", "scl.replica.0_8_1",
          "scl.send_um", "scl.send_um.0_10_2", "controller.elected.2_1")


def test_node_is_the_controller_that_logs_never_a_broker_the_line_names() -> None:
    # Broker 1's controller component sees broker 0 win the election (AndreasTraut 2.8)
    check(
        "controller.elected_other",
        "[2021-04-28 16:09:24,994] DEBUG [Controller id=1] Broker 0 has been elected as the controller, so "
        "stopping the election process." + KC,
        node=1, controller=0, kind="controller_change",
    )
    # every 0.8–0.10 broker logs the new controller without any prefix: no node (FlavioF 0.8.0)
    check(
        "elector.new_leader",
        "[2014-02-02 01:05:01,330] INFO New leader is 0 (kafka.server.ZookeeperLeaderElector$LeaderChangeListener)",
        node=None, controller=0,
    )


def test_a_controller_log_is_attributed_to_the_broker_whose_controller_wrote_it(tmp_path: Path) -> None:
    # broker 1's controller.log speaks of broker 0 winning and of broker 2 failing: it is broker 1's
    f = tmp_path / "controller.log"
    f.write_text(
        "[2021-04-28 16:09:24,994] DEBUG [Controller id=1] Broker 0 has been elected as the controller, so "
        "stopping the election process." + KC + "\n"
        "[2021-04-28 16:12:32,063] INFO [Controller id=1] Broker failure callback for 2" + KC + "\n"
    )
    out = tmp_path / "events.parquet"
    ingest([str(f)], out, IngestOptions())
    assert pl.read_parquet(out)["broker"].unique().to_list() == [1]


def test_election_from_2_1_gives_the_new_controller_epoch_and_its_znode_version() -> None:
    # KafkaController.elect (2.1–3.9), CookJustin 3.3.1
    check(
        "controller.elected.2_1",
        "[2023-01-16 17:25:50,153] INFO [Controller id=0] 0 successfully elected as the controller. Epoch "
        "incremented to 1 and epoch zk version is now 1" + KC,
        kind="controller_elected", node=0, controller=0, controller_epoch=1, zk_version=1,
    )


def test_state_change_lines_up_to_0_11_take_node_and_epoch_from_their_lead_in() -> None:
    # no logIdent before 1.0: `Controller N epoch E …` is the same identity written into the text
    # (andreinedelciu 0.10.2)
    check(
        "scl.partition_new.0_8",
        "[2020-10-08 16:21:30,203] TRACE Controller 0 epoch 1 changed partition [netflow_kafka_topic,0] "
        "state from NonExistentPartition to NewPartition with assigned replicas 0" + SCL,
        node=0, controller_epoch=1, topic="netflow_kafka_topic", partition=0, replicas=[0],
        prev_state="NonExistentPartition", state="NewPartition",
    )
    check(
        "scl.replica.0_8_1",
        "[2020-10-08 16:21:30,206] TRACE Controller 0 epoch 1 changed state of replica 0 for partition "
        "[netflow_kafka_topic,0] from NonExistentReplica to NewReplica" + SCL,
        kind="replica_state_change", node=0, replica=0, prev_state="NonExistentReplica", state="NewReplica",
    )


def test_the_acting_controllers_epoch_wins_and_the_states_own_goes_to_details() -> None:
    # The epoch-56 controller re-sends state last written by the epoch-10 one (ATCP 2.1.1)
    check(
        "scl.send_um",
        "[2020-02-18 13:20:07,250] TRACE [Controller id=0 epoch=56] Sending UpdateMetadata request "
        "PartitionState(controllerEpoch=10, leader=0, leaderEpoch=0, isr=[0], zkVersion=0, replicas=[0], "
        "offlineReplicas=[]) to brokers Set(0) for partition __consumer_offsets-49" + SCL,
        kind="leader_and_isr_sent", api="UpdateMetadata", controller_epoch=56, brokers=[0], leader=0,
        isr=[0], replicas=[0], zk_version=0, details={"state_controller_epoch": 10, "offline_replicas": []},
    )
    # 0.10.2–0.11: `(Leader:…)` state, `to brokers Set(…)` (andreinedelciu 0.10.2)
    check(
        "scl.send_um.0_10_2",
        "[2021-04-28 16:41:33,636] TRACE Controller 1 epoch 58 sending UpdateMetadata request "
        "(Leader:-1,ISR:1002,LeaderEpoch:7,ControllerEpoch:57) to brokers Set(1, 2) for partition "
        "__consumer_offsets-0" + SCL,
        node=1, controller_epoch=58, leader=-1, isr=[1002], leader_epoch=7, brokers=[1, 2],
        details={"state_controller_epoch": 57},
    )


# ---------------------------------------------------------------------------------------------
# Snapshots, responses, membership, ZooKeeper sessions
# ---------------------------------------------------------------------------------------------
specifies("psm.started", "rsm.started", "scl.response.0_8", "scl.response.1_1",
          "controller.broker_change.2_2", "zk_client.expired", "log4j.mbean_registered")


def test_state_machine_start_counts_partitions_per_state_and_lists_the_offline_ones() -> None:
    # at failover the new controller prints the whole state: here two partitions left offline
    # by a dead broker (AndreasTraut 2.8, ZkPartitionStateMachine DEBUG)
    check(
        "psm.started",
        "[2021-04-28 16:33:13,060] DEBUG [PartitionStateMachine controllerId=0] Started partition state "
        "machine with initial state -> HashMap(erstesTopic-0 -> OfflinePartition, erstesTopic-1 -> "
        "OnlinePartition, UbuntuTopic-0 -> OfflinePartition) (kafka.controller.ZkPartitionStateMachine)",
        node=0, count=3, partitions=["erstesTopic-0", "UbuntuTopic-0"],
        details={"OfflinePartition": 2, "OnlinePartition": 1},
    )
    check(
        "psm.started",
        "[2014-02-02 01:04:46,207] INFO [Partition state machine on Controller 0]: Started partition state "
        "machine with initial state -> Map([test,0] -> OfflinePartition) "
        "(kafka.controller.PartitionStateMachine)",
        count=1, partitions=["test-0"],
    )
    check(
        "rsm.started",
        "[2021-04-28 16:33:13,050] DEBUG [ReplicaStateMachine controllerId=0] Started replica state machine "
        "with initial state -> HashMap([Topic=erstesTopic,Partition=0,Replica=1] -> OfflineReplica, "
        "[Topic=UbuntuTopic,Partition=1,Replica=0] -> OnlineReplica) (kafka.controller.ZkReplicaStateMachine)",
        count=2, partitions=None, details={"OfflineReplica": 1, "OnlineReplica": 1},
    )


def test_broker_responses_count_the_partitions_in_error() -> None:
    # a LeaderAndIsr response refusing two partitions with 11 = STALE_CONTROLLER_EPOCH (the
    # ATCP 2.1.1 rendering of the response)
    check(
        "scl.response.1_1",
        "[2020-02-18 13:20:07,461] TRACE [Controller id=0 epoch=56] Received response {error_code=0,"
        "partitions=[{topic=__consumer_offsets,partition=13,error_code=11},{topic=__consumer_offsets,"
        "partition=46,error_code=11},{topic=flink-demo,partition=0,error_code=0}]} for request "
        "LEADER_AND_ISR with correlation id 8 sent to broker dl12:9092 (id: 0 rack: null)" + SCL,
        kind="controller_response", api="LEADER_AND_ISR", correlation_id=8, count=2,
        error="STALE_CONTROLLER_EPOCH", brokers=[0], details={"endpoint": "dl12:9092"},
    )
    check(
        "scl.response.0_8",
        "[2020-10-28 15:30:14,801] TRACE Controller 0 epoch 2 received response {error_code=0} for a "
        "request sent to broker host.docker.internal:9092 (id: 0 rack: null)" + SCL,
        count=0, error=None, brokers=[0],
    )


def test_broker_change_keeps_the_live_brokers_and_the_added_deleted_and_bounced_ones() -> None:
    # broker 1 died (AndreasTraut 2.8): brokers = who is left
    check(
        "controller.broker_change.2_2",
        "[2021-04-27 10:30:37,177] INFO [Controller id=0] Newly added brokers: , deleted brokers: 1, "
        "bounced brokers: , all live brokers: 0" + KC,
        kind="broker_change", brokers=[0], details={"added": [], "deleted": [1], "bounced": []},
    )


def test_a_zookeeper_session_expiry_is_a_zk_session_event() -> None:
    # kafka.zookeeper.ZooKeeperClient (AndreasTraut 2.8): the broker re-registers afterwards
    check(
        "zk_client.expired",
        "[2021-04-28 16:12:30,001] INFO [ZooKeeperClient Kafka server] Session expired. "
        "(kafka.zookeeper.ZooKeeperClient)",
        kind="zk_session", state="expired", node=None, details={"client": "Kafka server"},
    )


def test_log4j_registering_the_trace_loggers_marks_a_jvm_start() -> None:
    # log4j 1.x LoggerDynamicMBean.preRegister, written into the TRACE loggers of Kafka's
    # log4j.properties when ZooKeeper's ManagedUtil registers them (FlavioF 0.8.0, AndreasTraut 2.8)
    for logger in ("state.change.logger", "kafka.controller"):
        check(
            "log4j.mbean_registered",
            "[2014-01-14 18:30:33,575] DEBUG preRegister called. Server=com.sun.jmx.mbeanserver."
            f"JmxMBeanServer@5cad662c, name=log4j:logger={logger} ({logger})",
            kind="log4j_mbean_registered", details={"logger": logger},
        )


def test_broker_context_state_change_lines_are_not_controller_lines() -> None:
    # `[Broker id=N]` lines belong to the replication area, whatever it recognises
    ev = events(
        "[2021-01-12 09:00:11,430] INFO [Broker id=3] Finished LeaderAndIsr request in 29ms correlationId 41 "
        "from controller 0 for 1 partitions" + SCL
    )
    ids = {t.id for t in controller.TEMPLATES}
    assert not set(ev["template"].to_list()) & ids


# ---------------------------------------------------------------------------------------------
# Every other entry, with the typed fields it yields
# ---------------------------------------------------------------------------------------------
@cases(
    ('controller.elected.0_11',
     '[2018-11-06 10:12:40,311] INFO [Controller id=0] 0 successfully elected as the controller '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'controller': 0}),
    ('controller.becoming.0_8',
     '[2014-01-14 18:31:24,145] INFO [Controller 0]: Broker 0 starting become controller state '
     'transition (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'becoming_controller', 'controller': 0}),
    ('controller.becoming.1_0',
     '[2018-02-01 09:00:01,002] INFO [Controller id=2] Starting become controller state '
     'transition (kafka.controller.KafkaController)',
     {'node': 2, 'state': 'becoming_controller'}),
    ('controller.epoch_incremented.0_8',
     '[2018-05-27 11:28:06,911] INFO [Controller 0]: Controller 0 incremented epoch to 26 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'controller_epoch': 26, 'controller': 0}),
    ('controller.epoch_incremented.1_0',
     '[2018-02-01 09:00:01,120] INFO [Controller id=2] Incremented epoch to 14 '
     '(kafka.controller.KafkaController)',
     {'node': 2, 'controller_epoch': 14}),
    ('controller.epoch_incremented.1_1',
     '[2018-11-06 10:12:40,350] INFO [Controller id=0] Epoch incremented to 1 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'controller_epoch': 1}),
    ('controller.epoch_reading',
     '[2018-11-06 10:12:40,320] INFO [Controller id=0] Reading controller epoch from ZooKeeper '
     '(kafka.controller.KafkaController)',
     {'node': 0}),
    ('controller.epoch_incrementing',
     '[2018-11-06 10:12:40,331] INFO [Controller id=0] Incrementing controller epoch in ZooKeeper '
     '(kafka.controller.KafkaController)',
     {'node': 0}),
    ('controller.epoch_initialized',
     '[2018-05-27 11:28:06,861] INFO [Controller 0]: Initialized controller epoch to 25 and zk '
     'version 24 (kafka.controller.KafkaController)',
     {'node': 0, 'zk_version': 24, 'controller_epoch': 25}),
    ('controller.ready.0_8',
     '[2014-01-14 18:31:24,628] INFO [Controller 0]: Broker 0 is ready to serve as the new '
     'controller with epoch 1 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'active', 'controller_epoch': 1, 'controller': 0}),
    ('controller.ready.1_0',
     '[2020-02-18 13:20:07,449] INFO [Controller id=0] Ready to serve as the new controller with '
     'epoch 56 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'active', 'controller_epoch': 56}),
    ('controller.resigning.0_9',
     '[2018-05-27 11:30:02,101] DEBUG [Controller 0]: Controller resigning, broker id 0 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'resigning', 'controller': 0}),
    ('controller.resigned.0_9',
     '[2018-05-27 11:30:02,140] INFO [Controller 0]: Broker 0 resigned as the controller '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'resigned', 'controller': 0}),
    ('controller.resigning.1_0',
     '[2020-02-18 13:20:00,101] DEBUG [Controller id=0] Resigning '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'resigning'}),
    ('controller.resigned.1_0',
     '[2020-02-18 13:20:00,166] INFO [Controller id=0] Resigned (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'resigned'}),
    ('controller.elected_instead',
     '[2019-03-02 08:15:44,210] DEBUG [Controller id=1] Broker 0 was elected as controller '
     'instead of broker 1 (kafka.controller.KafkaController)',
     {'node': 1, 'controller': 0}),
    ('controller.elected_but_resigned',
     '[2019-03-02 08:15:44,212] WARN [Controller id=1] A controller has been elected but just '
     'resigned, this will result in another round of election (kafka.controller.KafkaController)',
     {'node': 1}),
    ('controller.election_error.2_1',
     '[2020-05-28 03:40:11,870] ERROR [Controller id=0] Error while electing or becoming '
     'controller on broker 0. Trigger controller movement immediately '
     '(kafka.controller.KafkaController)\norg.apache.zookeeper.KeeperException$SessionExpiredExcept'
     'ion: KeeperErrorCode = Session expired for /brokers/topics',
     {'node': 0, 'state': 'election_failed', 'controller': 0, 'error': 'org.apache.zookeeper.KeeperException$SessionExpiredException', 'details': {'error_message': 'KeeperErrorCode = Session expired for /brokers/topics'}}),
    ('controller.election_error.0_11',
     '[2018-03-02 08:15:44,210] ERROR [Controller id=1] Error while electing or becoming '
     'controller on broker 1 '
     '(kafka.controller.KafkaController)\nkafka.zookeeper.ZooKeeperClientExpiredException: Session '
     'expired either before or while waiting for connection',
     {'node': 1, 'state': 'election_failed', 'controller': 1, 'error': 'kafka.zookeeper.ZooKeeperClientExpiredException', 'details': {'error_message': 'Session expired either before or while waiting for connection'}}),
    ('controller.moved',
     '[2020-05-28 03:40:12,001] INFO [Controller id=0] Controller moved to another broker when '
     'processing AutoPreferredReplicaLeaderElection. '
     '(kafka.controller.KafkaController)\nkafka.common.ControllerMovedException: Controller epoch '
     'zkVersion check fails. Expected zkVersion = 388',
     {'node': 0, 'state': 'moved', 'error': 'kafka.common.ControllerMovedException', 'details': {'event': 'AutoPreferredReplicaLeaderElection', 'error_message': 'Controller epoch zkVersion check fails. Expected zkVersion = 388'}}),
    ('controller.already_moved',
     '[2020-05-28 03:40:12,003] WARN [Controller id=0] Controller has already moved when trying '
     'to trigger controller movement (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'moved'}),
    ('controller.forced_resign',
     '[2019-03-02 08:15:44,230] ERROR [Controller id=1] Forcing the controller to resign '
     '(kafka.controller.KafkaController)',
     {'node': 1, 'state': 'resigning'}),
    ('controller.event_error',
     '[2021-03-02 08:15:44,230] ERROR [Controller id=1] Error processing event '
     'RegisterBrokerAndReelect '
     '(kafka.controller.KafkaController)\njava.lang.IllegalStateException: Kafka Controller is not '
     'running',
     {'node': 1, 'state': 'event_failed', 'error': 'java.lang.IllegalStateException', 'details': {'event': 'RegisterBrokerAndReelect', 'error_message': 'Kafka Controller is not running'}}),
    ('controller.zk_expired.0_8',
     '[2014-02-02 01:20:11,004] INFO [Controller 0]: ZK expired; shut down all controller '
     'components and try to re-elect (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'expired'}),
)
def test_controller_election_epoch_and_resignation(template: str, line: str, expected: dict[str, Any]) -> None:
    # KafkaController election, epoch and resignation lines (§5.1): `controller` is the broker elected,
    # `controller_epoch` the epoch it runs at; resignation and movement are controller_resigned.
    check(template, line, **expected)


@cases(
    ('controller.starting_up',
     '[2014-01-14 18:31:24,121] INFO [Controller 0]: Controller starting up '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'starting'}),
    ('controller.startup_complete',
     '[2014-01-14 18:31:24,702] INFO [Controller 0]: Controller startup complete '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'started'}),
    ('controller.shutdown_complete',
     '[2014-01-14 18:53:02,114] INFO [Controller 0]: Controller shutdown complete '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'shut_down'}),
    ('controller.startup_aborted',
     '[2017-06-12 09:40:01,880] INFO [Controller 1]: Controller has been shut down, aborting '
     'startup/failover (kafka.controller.KafkaController)',
     {'node': 1, 'state': 'shut_down'}),
    ('controller.scheduler.0_8',
     '[2018-05-27 11:28:07,101] INFO [Controller 0]: starting the partition rebalance scheduler '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'scheduler_started'}),
    ('controller.scheduler.0_11',
     '[2020-05-28 03:41:20,034] INFO [Controller id=0] Starting the controller scheduler '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'scheduler_started'}),
    ('controller.token_scheduler',
     '[2020-05-28 03:41:20,036] INFO [Controller id=0] starting the token expiry check scheduler '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'scheduler_started'}),
    ('controller.listener_registration',
     '[2018-05-27 11:28:06,958] DEBUG [Controller 0]: Registering IsrChangeNotificationListener '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'registering_listener'}),
    ('controller.registering_handlers',
     '[2020-02-18 13:20:07,102] INFO [Controller id=0] Registering handlers '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'registering_handlers'}),
    ('controller.deleting_log_dir_events',
     '[2020-02-18 13:20:07,109] INFO [Controller id=0] Deleting log dir event notifications '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deleting_notifications'}),
    ('controller.deleting_isr_changes',
     '[2020-02-18 13:20:07,112] INFO [Controller id=0] Deleting isr change notifications '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deleting_notifications'}),
    ('controller.initializing_context',
     '[2020-02-18 13:20:07,115] INFO [Controller id=0] Initializing controller context '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.fetching_deletions',
     '[2020-02-18 13:20:07,190] INFO [Controller id=0] Fetching topic deletions in progress '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.initializing_deletion_manager',
     '[2020-02-18 13:20:07,192] INFO [Controller id=0] Initializing topic deletion manager '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.sending_update_metadata',
     '[2020-02-18 13:20:07,193] INFO [Controller id=0] Sending update metadata request '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.topics',
     '[2020-02-18 13:20:07,180] INFO [Controller id=0] Current list of topics in the cluster: '
     'Set(flink-demo, __consumer_offsets) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'details': {'topics': ['flink-demo', '__consumer_offsets']}}),
    ('controller.topics_to_delete',
     '[2020-02-18 13:20:07,191] INFO [Controller id=0] List of topics to be deleted:  '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'details': {'topics': []}}),
    ('controller.topics_ineligible',
     '[2021-04-28 16:09:15,661] INFO [Controller id=0] List of topics ineligible for deletion: '
     'erstesTopic,my_topic,__consumer_offsets (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'details': {'ineligible_topics': ['erstesTopic', 'my_topic', '__consumer_offsets']}}),
    ('controller.preferred_undergoing',
     '[2020-05-28 03:41:20,010] INFO [Controller id=0] Partitions undergoing preferred replica '
     'election:  (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.preferred_completed',
     '[2023-01-16 17:25:50,417] INFO [Controller id=0] Partitions that completed preferred '
     'replica election:  (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.preferred_skipped_deletion',
     '[2020-05-28 03:41:20,012] INFO [Controller id=0] Skipping preferred replica election for '
     'partitions due to topic deletion:  (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.reassign_in_progress',
     '[2020-02-18 13:20:07,150] INFO [Controller id=0] Partitions being reassigned: Map() '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'count': 0}),
    ('controller.reassign_done',
     '[2018-05-27 11:28:07,058] INFO [Controller 0]: Partitions already reassigned: List() '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing'}),
    ('controller.reassign_resuming',
     '[2018-05-27 11:28:07,059] INFO [Controller 0]: Resuming reassignment of partitions: Map() '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'count': 0}),
    ('controller.feature_znode',
     '[2023-01-16 17:25:50,157] INFO [Controller id=0] Creating FeatureZNode at path: /feature '
     'with contents: FeatureZNode(2,Enabled,Map()) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'initializing', 'details': {'feature_znode': 'FeatureZNode(2,Enabled,Map())'}}),
    ('controller.producer_id_block_first',
     '[2023-01-16 17:27:32,618] DEBUG [Controller id=0] There is no producerId block yet (Zk path '
     'version 0), creating the first block (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'producer_id_block', 'details': {'zk_path_version': 0}}),
    ('controller.producer_id_block',
     '[2023-01-16 17:27:32,635] INFO [Controller id=0] Acquired new producerId block '
     'ProducerIdsBlock(assignedBrokerId=0, firstProducerId=0, size=1000) by writing to Zk with '
     'path version 1 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'producer_id_block', 'details': {'block': 'ProducerIdsBlock(assignedBrokerId=0, firstProducerId=0, size=1000)', 'zk_path_version': 1}}),
)
def test_controller_failover_steps_are_lifecycle_events_with_their_state(template: str, line: str, expected: dict[str, Any]) -> None:
    # The steps of onControllerFailover / startup (0.8–3.9) and the listings it prints once.
    check(template, line, **expected)


@cases(
    ('controller.brokers_active',
     '[2020-02-18 13:20:07,178] INFO [Controller id=0] Currently active brokers in the cluster: '
     'Set(0) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'live', 'brokers': [0]}),
    ('controller.brokers_shutting',
     '[2020-02-18 13:20:07,179] INFO [Controller id=0] Currently shutting brokers in the cluster: '
     'Set() (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'shutting_down'}),
    ('controller.broker_change.0_11',
     '[2019-01-10 12:00:03,411] INFO [Controller id=0] Newly added brokers: 2, deleted brokers: , '
     'all live brokers: 0,1,2 (kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0, 1, 2], 'details': {'added': [2], 'deleted': []}}),
    ('controller.broker_failure',
     '[2021-04-27 10:30:37,180] INFO [Controller id=0] Broker failure callback for 1 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [1]}),
    ('controller.broker_startup',
     '[2021-04-28 16:09:24,782] INFO [Controller id=0] New broker startup callback for 1 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [1]}),
    ('controller.shutting_brokers_removed',
     '[2021-04-27 10:30:37,181] INFO [Controller id=0] Removed 1 from list of shutting down '
     'brokers. (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'shutting_down_removed', 'brokers': [1]}),
    ('controller.broker_info_update',
     '[2020-03-01 10:00:00,100] INFO [Controller id=0] Broker info update callback for 2 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [2]}),
    ('controller.broker_metadata.2_3',
     '[2020-03-01 10:00:00,101] INFO [Controller id=0] Updated broker metadata: '
     'BrokerInfo(Broker(2,ListBuffer(h2:9092 (id: 2 rack: null)),None),4,-1) -> '
     'BrokerInfo(Broker(2,ListBuffer(h2b:9092 (id: 2 rack: null)),None),4,-1) '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'details': {'metadata': 'BrokerInfo(Broker(2,ListBuffer(h2:9092 (id: 2 rack: null)),None),4,-1) -> BrokerInfo(Broker(2,ListBuffer(h2b:9092 (id: 2 rack: null)),None),4,-1)'}}),
    ('controller.broker_metadata.1_1',
     '[2019-03-01 10:00:00,101] INFO [Controller id=0] Updated broker: '
     'Broker(2,ListBuffer(h2:9092 (id: 2 rack: null)),None) (kafka.controller.KafkaController)',
     {'node': 0, 'details': {'metadata': 'Broker(2,ListBuffer(h2:9092 (id: 2 rack: null)),None)'}}),
    ('controller.broker_epochs_initialized',
     '[2021-04-28 16:09:15,582] INFO [Controller id=0] Initialized broker epochs cache: HashMap(0 '
     '-> 671) (kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0], 'details': {'broker_epochs': {'0': 671}}}),
    ('controller.broker_epochs_updated',
     '[2021-04-28 16:09:25,101] INFO [Controller id=0] Updated broker epochs cache: HashMap(0 -> '
     '671, 1 -> 743) (kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0, 1], 'details': {'broker_epochs': {'0': 671, '1': 743}}}),
    ('controller.broker_handler_registered',
     '[2020-02-18 13:20:07,178] DEBUG [Controller id=0] Register BrokerModifications handler for '
     'Set(0) (kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0]}),
    ('controller.log_dir_failure',
     '[2020-03-01 10:05:00,100] INFO [Controller id=0] Handling log directory failure for brokers '
     '2 (kafka.controller.KafkaController)',
     {'node': 0, 'cause': 'log_dir_failure', 'brokers': [2]}),
    ('controller.controlled_shutdown',
     '[2020-05-28 03:45:01,100] INFO [Controller id=0] Shutting down broker 0 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0]}),
    ('controller.shutting_brokers',
     '[2020-05-28 03:45:01,101] DEBUG [Controller id=0] All shutting down brokers: 0 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'shutting_down', 'brokers': [0]}),
    ('controller.live_brokers',
     '[2020-05-28 03:45:01,102] DEBUG [Controller id=0] Live brokers:  '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'live'}),
    ('controller.all_leaders',
     '[2020-05-28 03:45:01,110] TRACE [Controller id=0] All leaders = __consumer_offsets-49 -> '
     '(Leader:0,ISR:0,LeaderEpoch:0,ControllerEpoch:2),flink-demo-0 -> '
     '(Leader:0,ISR:0,LeaderEpoch:3,ControllerEpoch:2) (kafka.controller.KafkaController)',
     {'node': 0}),
)
def test_broker_membership_failure_and_controlled_shutdown_as_the_controller_sees_them(template: str, line: str, expected: dict[str, Any]) -> None:
    # Broker membership (ZooKeeper /brokers/ids), broker epochs (2.2+), failures and controlled shutdown.
    check(template, line, **expected)


@cases(
    ('controller.topic_change',
     '[2018-10-31 15:09:30,129] INFO [Controller id=10] New topics: [Set(foo)], deleted topics: '
     '[Set()], new partition replica assignment [Map(foo-0 -> Vector(20))] '
     '(kafka.controller.KafkaController)',
     {'node': 10, 'partitions': ['foo-0'], 'count': 1, 'details': {'new_topics': ['foo'], 'deleted_topics': []}}),
    ('controller.topic_creation',
     '[2014-02-02 02:01:08,300] INFO [Controller 0]: New topic creation callback for [test,0] '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'created', 'partitions': ['test-0']}),
    ('controller.partition_creation',
     '[2022-08-01 05:30:12,501] INFO [Controller id=0] New partition creation callback for '
     'first_topic-0,first_topic-1,first_topic-2 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'created', 'partitions': ['first_topic-0', 'first_topic-1', 'first_topic-2']}),
    ('controller.partitions_to_add',
     '[2019-06-01 10:00:00,100] INFO [Controller id=0] New partitions to be added Map(orders-3 -> '
     'Vector(1, 2)) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'created', 'partitions': ['orders-3'], 'count': 1}),
    ('controller.delete_listener',
     '[2022-04-25 17:30:02,411] DEBUG [Controller id=0] Delete topics listener fired for topics '
     'design to be deleted (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deletion_requested', 'details': {'topics': ['design']}}),
    ('controller.delete_start',
     '[2022-04-25 17:30:02,412] INFO [Controller id=0] Starting topic deletion for topics design '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deletion_started', 'details': {'topics': ['design']}}),
    ('controller.delete_nonexistent',
     '[2022-04-25 17:30:02,412] WARN [Controller id=0] Ignoring request to delete non-existing '
     'topics ghost (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deletion_ignored', 'details': {'topics': ['ghost']}}),
    ('controller.delete_disabled.0_11',
     '[2018-01-05 10:00:00,100] INFO [Controller id=0] Removing /admin/delete_topics/orders since '
     'delete topic is disabled (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deletion_ignored', 'topic': 'orders'}),
    ('controller.delete_disabled',
     '[2022-04-25 17:30:02,412] INFO [Controller id=0] Removing Set(orders) since delete topic is '
     'disabled (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'deletion_ignored', 'details': {'topics': ['orders']}}),
    ('controller.delete_callback.2_3',
     '[2022-04-25 17:30:02,611] DEBUG [Controller id=0] Delete topic callback invoked on '
     'StopReplica response received from broker 0: request error = NONE, partition errors = '
     'Map(design-0 -> NONE, design-2 -> NONE, design-1 -> NONE) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'replica_deleted', 'brokers': [0], 'error': 'NONE', 'details': {'partition_errors': 'Map(design-0 -> NONE, design-2 -> NONE, design-1 -> NONE)'}}),
    ('controller.delete_callback.0_11',
     '[2019-01-05 10:00:00,200] DEBUG [Controller id=0] Delete topic callback invoked for '
     '{error_code=0,partitions=[{topic=design,partition=0,error_code=0}]} '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'replica_deleted', 'count': 0}),
    ('controller.reassign_removing',
     '[2020-02-18 13:20:07,200] INFO [Controller id=0] Removing partitions Set() from the list of '
     'reassigned partitions in zookeeper (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_completed'}),
    ('controller.reassign_removed',
     '[2018-03-01 10:00:00,100] INFO [Controller id=0] Removed partition orders-0 from the list '
     'of reassigned partitions in zookeeper (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_completed', 'topic': 'orders', 'partition': 0}),
    ('controller.reassign_all_done',
     '[2020-02-18 13:20:07,201] INFO [Controller id=0] No more partitions need to be reassigned. '
     'Deleting zk path /admin/reassign_partitions (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_completed'}),
    ('controller.reassign_leader',
     '[2020-06-30 22:10:45,300] INFO [Controller id=0] Leader 1 for partition orders-0 being '
     'reassigned, is not in the new list of replicas 2,3,4. Re-electing leader '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'leader': 1, 'details': {'leader_status': 'not in the new list of replicas 2,3,4. Re-electing leader'}}),
)
def test_topic_creation_deletion_and_reassignment(template: str, line: str, expected: dict[str, Any]) -> None:
    # Topic and partition creation, deletion and reassignment on the controller.
    check(template, line, **expected)


@cases(
    ('controller.preferred_resuming',
     '[2020-05-28 03:41:20,013] INFO [Controller id=0] Resuming preferred replica election for '
     'partitions:  (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'resuming'}),
    ('controller.preferred_start.0_8',
     '[2020-05-28 03:41:20,015] INFO [Controller id=0] Starting preferred replica leader election '
     'for partitions  (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'started'}),
    ('controller.election_start.preferred',
     '[2021-04-26 20:12:09,001] INFO [Controller id=0] Starting replica leader election '
     '(PREFERRED) for partitions  triggered by ZkTriggered (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'started', 'reason': 'ZkTriggered', 'cause': 'preferred'}),
    ('controller.election_start.unclean',
     '[2021-04-26 20:12:09,001] INFO [Controller id=0] Starting replica leader election (UNCLEAN) '
     'for partitions orders-2 triggered by AdminClientTriggered (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'started', 'reason': 'AdminClientTriggered', 'cause': 'unclean', 'partitions': ['orders-2']}),
    ('controller.preferred_auto',
     '[2021-04-26 20:12:09,000] INFO [Controller id=0] Processing automatic preferred replica '
     'leader election (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking'}),
    ('controller.preferred_done',
     '[2020-05-28 03:41:21,015] INFO [Controller id=0] Partition orders-0 completed preferred '
     'replica leader election. New leader is 1 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'completed', 'topic': 'orders', 'partition': 0, 'leader': 1}),
    ('controller.preferred_failed.2_0',
     '[2020-05-28 03:41:21,016] WARN [Controller id=0] Partition orders-0 failed to complete '
     'preferred replica leader election to 1. Leader is still 2 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'failed', 'topic': 'orders', 'partition': 0, 'leader': 2, 'details': {'preferred': 1}}),
    ('controller.preferred_failed.0_8',
     '[2017-06-12 09:41:21,016] WARN [Controller 0]: Partition [orders,0] failed to complete '
     'preferred replica leader election. Leader is 2 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'failed', 'topic': 'orders', 'partition': 0, 'leader': 2}),
    ('controller.auto_balance_check',
     '[2020-02-18 13:25:07,001] TRACE [Controller id=0] Checking need to trigger auto leader '
     'balancing (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking'}),
    ('controller.preferred_replicas',
     '[2021-01-05 10:00:00,100] DEBUG [Controller id=0] Preferred replicas by broker Map(0 -> '
     'Map(test-0 -> Vector(0))) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking'}),
    ('controller.not_preferred.1_1',
     '[2020-02-18 13:25:07,002] DEBUG [Controller id=0] Topics not in preferred replica for '
     'broker 0 Map() (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking', 'brokers': [0], 'count': 0}),
    ('controller.not_preferred.0_8',
     '[2018-05-27 11:33:07,102] DEBUG [Controller 0]: topics not in preferred replica Map() '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking', 'count': 0}),
    ('controller.imbalance_ratio',
     '[2020-02-18 13:25:07,003] TRACE [Controller id=0] Leader imbalance ratio for broker 0 is '
     '0.0 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'checking', 'brokers': [0], 'details': {'imbalance_ratio': 0.0}}),
    ('controller.unclean_enabled_topic',
     '[2021-06-01 10:00:00,000] INFO [Controller id=0] Unclean leader election has been enabled '
     'for topic orders (kafka.controller.KafkaController)',
     {'node': 0, 'cause': 'unclean', 'topic': 'orders'}),
    ('controller.unclean_enabled_default',
     '[2021-06-01 10:00:00,000] INFO [Controller id=0] Unclean leader election has been enabled '
     'by default (kafka.controller.KafkaController)',
     {'node': 0, 'cause': 'unclean'}),
    ('controller.isr_retained',
     '[2018-01-12 09:40:00,021] INFO [Controller 0]: Retaining last ISR 2 of partition [orders,2] '
     'since unclean leader election is disabled (kafka.controller.KafkaController)',
     {'node': 0, 'cause': 'last_isr_retained', 'topic': 'orders', 'partition': 2, 'replica': 2}),
    ('controller.isr_removing',
     '[2017-06-12 09:40:00,019] DEBUG [Controller 0]: Removing replica 2 from ISR 2,3 for '
     'partition [orders,2]. (kafka.controller.KafkaController)',
     {'node': 0, 'topic': 'orders', 'partition': 2, 'prev_isr': [2, 3], 'replica': 2}),
    ('controller.isr_remove_not_in_isr',
     '[2017-06-12 09:40:00,022] WARN [Controller 0]: Cannot remove replica 2 from ISR of '
     'partition [orders,2] since it is not in the ISR. Leader = 3 ; ISR = List(3) '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'cause': 'not_in_isr', 'topic': 'orders', 'partition': 2, 'leader': 3, 'isr': [3], 'replica': 2}),
    ('controller.leader_epoch_updated.zk',
     '[2021-10-05 04:12:09,118] INFO [Controller id=0] Updated leader epoch for partition '
     'orders-0 to 16, zkVersion=23 (kafka.controller.KafkaController)',
     {'node': 0, 'topic': 'orders', 'partition': 0, 'leader_epoch': 16, 'zk_version': 23}),
    ('controller.leader_epoch_updated',
     '[2020-10-05 04:12:09,118] INFO [Controller id=0] Updated leader epoch for partition '
     'orders-0 to 16 (kafka.controller.KafkaController)',
     {'node': 0, 'topic': 'orders', 'partition': 0, 'leader_epoch': 16}),
    ('controller.leader_epoch_updating',
     '[2020-10-05 04:12:09,100] DEBUG [Controller id=0] Updating leader epoch for partition '
     'orders-0 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'updating', 'topic': 'orders', 'partition': 0}),
    ('controller.leader_epoch_updating.0_8',
     '[2017-06-12 09:50:00,100] DEBUG [Controller 0]: Updating leader epoch for partition '
     '[orders,0]. (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'updating', 'topic': 'orders', 'partition': 0}),
    ('controller.alter_isr_updating',
     '[2021-07-09 11:20:33,900] DEBUG [Controller id=0] Updating ISRs for partitions: '
     'Set(orders-0). (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'updating', 'partitions': ['orders-0']}),
    ('controller.alter_isr_updated',
     '[2021-07-09 11:20:33,901] DEBUG [Controller id=0] ISR for partition orders-0 updated to '
     '[1,3,2] and zkVersion updated to [19] (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'updated', 'topic': 'orders', 'partition': 0, 'isr': [1, 3, 2], 'zk_version': 19}),
    ('controller.alter_isr_bad_version',
     '[2021-10-05 04:12:09,118] INFO [Controller id=0] Failed to update ISR to '
     'LeaderAndIsr(leader=1, leaderEpoch=5, isr=List(1, 3), zkVersion=7) for partition orders-0, '
     'bad ZK version. (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'rejected', 'topic': 'orders', 'partition': 0, 'leader': 1, 'leader_epoch': 5, 'isr': [1, 3], 'zk_version': 7}),
    ('controller.alter_isr_unknown_broker',
     '[2021-07-09 11:20:33,901] INFO [Controller id=0] Ignoring AlterIsr due to unknown broker 2 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'rejected', 'brokers': [2], 'details': {'request': 'AlterIsr'}}),
    ('controller.alter_isr_stale_epoch.3_0',
     '[2022-05-01 10:00:00,000] INFO [Controller id=0] Ignoring AlterPartition due to stale '
     'broker epoch 42 and local broker epoch Some(77) for broker 2 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'rejected', 'brokers': [2], 'details': {'request': 'AlterPartition', 'broker_epoch': 42, 'local_broker_epoch': 77}}),
    ('controller.alter_isr_stale_epoch',
     '[2021-07-09 11:20:33,901] INFO [Controller id=0] Ignoring AlterIsr due to stale broker '
     'epoch 42 for broker 2 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'rejected', 'brokers': [2], 'details': {'request': 'AlterIsr', 'broker_epoch': 42}}),
    ('controller.alter_partition_rejected',
     '[2022-06-01 10:00:00,000] INFO [Controller id=0] Rejecting AlterPartition from node 2 for '
     'orders-0 because leader is recovering and ISR is greater than 1: LeaderAndIsr(leader=2, '
     'leaderEpoch=6, isr=List(2, 3), leaderRecoveryState=RECOVERING, zkVersion=9) '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'rejected', 'topic': 'orders', 'partition': 0, 'brokers': [2], 'details': {'cause': 'leader is recovering and ISR is greater than 1: LeaderAndIsr(leader=2, leaderEpoch=6, isr=List(2, 3), leaderRecoveryState=RECOVERING, zkVersion=9)'}}),
    ('controller.isr_notification_metadata',
     '[2021-04-28 16:10:00,000] DEBUG [Controller id=0] Sending MetadataRequest to Brokers: '
     'ArrayBuffer(0, 1) for TopicPartitions: Set(erstesTopic-0) (kafka.controller.KafkaController)',
     {'node': 0, 'brokers': [0, 1], 'partitions': ['erstesTopic-0']}),
    ('controller.isr_notification_fired',
     '[2017-06-12 09:31:05,000] DEBUG [Controller 0]: ISR change notification listener fired '
     '(kafka.controller.KafkaController)',
     {'node': 0}),
)
def test_preferred_auto_and_unclean_elections_and_isr_decisions(template: str, line: str, expected: dict[str, Any]) -> None:
    # Preferred / auto leader balancing, admin-triggered elections, ISR and leader-epoch decisions,
    # AlterIsr / AlterPartition handling (2.7+) and ISR change notifications.
    check(template, line, **expected)


@cases(
    ('psm.stopped',
     '[2020-02-18 13:20:00,160] INFO [PartitionStateMachine controllerId=0] Stopped partition '
     'state machine (kafka.controller.PartitionStateMachine)',
     {'node': 0, 'state': 'stopped'}),
    ('psm.initializing',
     '[2020-02-18 13:20:07,205] INFO [PartitionStateMachine controllerId=0] Initializing '
     'partition state (kafka.controller.PartitionStateMachine)',
     {'node': 0, 'state': 'initializing'}),
    ('psm.triggering_online',
     '[2020-02-18 13:20:07,230] INFO [PartitionStateMachine controllerId=0] Triggering online '
     'partition state changes (kafka.controller.PartitionStateMachine)',
     {'node': 0, 'state': 'OnlinePartition'}),
    ('psm.invoking',
     '[2020-10-08 16:21:30,220] INFO [Partition state machine on Controller 0]: Invoking state '
     'change to NewPartition for partitions [netflow_kafka_topic,0],[netflow_kafka_topic,1] '
     '(kafka.controller.PartitionStateMachine)',
     {'node': 0, 'state': 'NewPartition', 'partitions': ['netflow_kafka_topic-0', 'netflow_kafka_topic-1']}),
    ('psm.live_replicas',
     '[2020-10-08 16:21:30,231] DEBUG [Partition state machine on Controller 0]: Live assigned '
     'replicas for partition [netflow_kafka_topic,0] are: [List(0)] '
     '(kafka.controller.PartitionStateMachine)',
     {'node': 0, 'topic': 'netflow_kafka_topic', 'partition': 0, 'replicas': [0]}),
    ('psm.initializing_leader',
     '[2020-10-08 16:21:30,232] DEBUG [Partition state machine on Controller 0]: Initializing '
     'leader and isr for partition [netflow_kafka_topic,0] to '
     '(Leader:0,ISR:0,LeaderEpoch:0,ControllerEpoch:1) (kafka.controller.PartitionStateMachine)',
     {'node': 0, 'state': 'OnlinePartition', 'prev_state': 'NewPartition', 'topic': 'netflow_kafka_topic', 'partition': 0, 'leader': 0, 'leader_epoch': 0, 'isr': [0], 'controller_epoch': 1, 'details': {'state_controller_epoch': 1}}),
    ('psm.leader_cache.0_11',
     '[2017-10-02 17:12:09,331] DEBUG [Partition state machine on Controller 1]: After leader '
     'election, leader cache for [orders,0] is updated to '
     '(Leader:2,ISR:2,3,LeaderEpoch:13,ControllerEpoch:9) (kafka.controller.PartitionStateMachine)',
     {'node': 1, 'topic': 'orders', 'partition': 0, 'leader': 2, 'leader_epoch': 13, 'isr': [2, 3], 'controller_epoch': 9, 'details': {'state_controller_epoch': 9}}),
    ('psm.leader_cache.0_8',
     '[2018-05-27 11:28:07,931] DEBUG [Partition state machine on Controller 0]: After leader '
     'election, leader cache is updated to Map([test,0] -> '
     '(Leader:0,ISR:0,LeaderEpoch:13,ControllerEpoch:26)) (kafka.controller.PartitionStateMachine)',
     {'node': 0}),
    ('psm.move_error',
     '[2019-03-02 08:15:44,240] ERROR [PartitionStateMachine controllerId=1] Error while moving '
     'some partitions to OnlinePartition state '
     '(kafka.controller.PartitionStateMachine)\nkafka.common.StateChangeFailedException: Failed to '
     'elect leader for partition orders-0',
     {'node': 1, 'state': 'OnlinePartition', 'error': 'kafka.common.StateChangeFailedException', 'details': {'error_message': 'Failed to elect leader for partition orders-0'}}),
    ('psm.retrying_election',
     '[2020-02-14 17:03:46,001] INFO [PartitionStateMachine controllerId=0] Retrying leader '
     'election with strategy OfflinePartitionLeaderElectionStrategy(false) for partitions '
     'orders-0 (kafka.controller.ZkPartitionStateMachine)',
     {'node': 0, 'state': 'retrying', 'partitions': ['orders-0'], 'details': {'strategy': 'OfflinePartitionLeaderElectionStrategy(false)'}}),
    ('psm.election_bad_version',
     '[2021-10-05 04:12:09,118] DEBUG [PartitionStateMachine controllerId=0] Controller failed to '
     'elect leader for partition orders-0. Attempted to write state LeaderAndIsr(leader=1, '
     'leaderEpoch=5, isr=List(1), zkVersion=7), but failed with bad ZK version. This will be '
     'retried. (kafka.controller.ZkPartitionStateMachine)',
     {'node': 0, 'state': 'retrying', 'topic': 'orders', 'partition': 0, 'leader': 1, 'leader_epoch': 5, 'isr': [1], 'zk_version': 7}),
    ('rsm.stopped',
     '[2020-02-18 13:20:00,161] INFO [ReplicaStateMachine controllerId=0] Stopped replica state '
     'machine (kafka.controller.ReplicaStateMachine)',
     {'node': 0, 'state': 'stopped'}),
    ('rsm.initializing',
     '[2020-02-18 13:20:07,200] INFO [ReplicaStateMachine controllerId=0] Initializing replica '
     'state (kafka.controller.ReplicaStateMachine)',
     {'node': 0, 'state': 'initializing'}),
    ('rsm.triggering_online',
     '[2020-02-18 13:20:07,204] INFO [ReplicaStateMachine controllerId=0] Triggering online '
     'replica state changes (kafka.controller.ReplicaStateMachine)',
     {'node': 0, 'state': 'OnlineReplica'}),
    ('rsm.triggering_offline',
     '[2021-04-28 16:33:13,055] INFO [ReplicaStateMachine controllerId=0] Triggering offline '
     'replica state changes (kafka.controller.ZkReplicaStateMachine)',
     {'node': 0, 'state': 'OfflineReplica'}),
    ('rsm.invoking',
     '[2020-10-08 16:21:30,219] INFO [Replica state machine on controller 0]: Invoking state '
     'change to NewReplica for replicas '
     '[Topic=netflow_kafka_topic,Partition=0,Replica=0],[Topic=netflow_kafka_topic,Partition=1,Rep'
     'lica=0] (kafka.controller.ReplicaStateMachine)',
     {'node': 0, 'state': 'NewReplica', 'brokers': [0], 'partitions': ['netflow_kafka_topic-0', 'netflow_kafka_topic-1'], 'count': 2}),
    ('rsm.no_transitions',
     '[2014-01-14 18:31:24,611] INFO [Replica state machine on controller 0]: No state '
     'transitions triggered since no partitions are assigned to brokers 0 '
     '(kafka.controller.ReplicaStateMachine)',
     {'node': 0, 'brokers': [0]}),
    ('rsm.move_error',
     '[2019-03-02 08:15:44,241] ERROR [ReplicaStateMachine controllerId=1] Error while moving '
     'some replicas to OnlineReplica state '
     '(kafka.controller.ReplicaStateMachine)\njava.lang.IllegalStateException: Controller to '
     'broker state change requests batch is not empty',
     {'node': 1, 'state': 'OnlineReplica', 'error': 'java.lang.IllegalStateException', 'details': {'error_message': 'Controller to broker state change requests batch is not empty'}}),
    ('rsm.isr_removal_bad_version',
     '[2021-10-05 04:12:09,118] DEBUG [ReplicaStateMachine controllerId=0] Controller failed to '
     'remove replica 2 from ISR of partition orders-0. Attempted to write state '
     'LeaderAndIsr(leader=1, leaderEpoch=5, isr=List(1), zkVersion=7), but failed with bad ZK '
     'version. This will be retried. (kafka.controller.ZkReplicaStateMachine)',
     {'node': 0, 'state': 'retrying', 'topic': 'orders', 'partition': 0, 'leader': 1, 'leader_epoch': 5, 'isr': [1], 'replica': 2, 'zk_version': 7}),
    ('selector.no_isr_alive',
     '[2020-10-28 15:30:14,401] DEBUG [OfflinePartitionLeaderSelector]: No broker in ISR is alive '
     'for [__consumer_offsets,0]. Pick the leader from the alive assigned replicas:  '
     '(kafka.controller.OfflinePartitionLeaderSelector)',
     {'topic': '__consumer_offsets', 'partition': 0}),
    ('selector.isr_alive',
     '[2018-05-27 11:28:07,919] DEBUG [OfflinePartitionLeaderSelector]: Some broker in ISR is '
     'alive for [test,0]. Select 0 from ISR 0 to be the leader. '
     '(kafka.controller.OfflinePartitionLeaderSelector)',
     {'topic': 'test', 'partition': 0, 'leader': 0, 'isr': [0]}),
    ('selector.preferred_trigger',
     '[2017-06-12 09:45:00,017] INFO [PreferredReplicaPartitionLeaderSelector]: Current leader 3 '
     'for partition [orders,2] is not the preferred replica. Triggering preferred replica leader '
     'election (kafka.controller.PreferredReplicaPartitionLeaderSelector)',
     {'state': 'started', 'topic': 'orders', 'partition': 2, 'leader': 3}),
    ('selector.controlled_shutdown',
     '[2017-06-12 09:50:00,017] DEBUG [ControlledShutdownLeaderSelector]: Partition [orders,2] : '
     'current leader = 1, new leader = 3 (kafka.controller.ControlledShutdownLeaderSelector)',
     {'cause': 'controlled_shutdown', 'topic': 'orders', 'partition': 2, 'leader': 3, 'prev_leader': 1}),
    ('selector.noop',
     '[2017-06-12 09:50:00,018] WARN [NoOpLeaderSelector]: I should never have been asked to '
     'perform leader election, returning the current LeaderAndIsr and replica assignment. '
     '(kafka.controller.NoOpLeaderSelector)',
     {}),
)
def test_state_machines_and_the_leader_selectors_up_to_1_0(template: str, line: str, expected: dict[str, Any]) -> None:
    # PartitionStateMachine / ReplicaStateMachine (Zk* from 2.4) and the 0.8–1.0 leader selectors.
    check(template, line, **expected)


@cases(
    ('listener.broker_change_fired',
     '[2018-05-27 11:28:07,661] INFO [BrokerChangeListener on Controller 0]: Broker change '
     'listener fired for path /brokers/ids with children 0 '
     '(kafka.controller.ReplicaStateMachine$BrokerChangeListener)',
     {'node': 0, 'brokers': [0]}),
    ('listener.broker_change',
     '[2018-05-27 11:28:07,669] INFO [BrokerChangeListener on Controller 0]: Newly added brokers: '
     '0, deleted brokers: , all live brokers: 0 '
     '(kafka.controller.ReplicaStateMachine$BrokerChangeListener)',
     {'node': 0, 'brokers': [0], 'details': {'added': [0], 'deleted': []}}),
    ('listener.broker_change_error',
     '[2014-02-02 01:20:11,104] ERROR [BrokerChangeListener on Controller 0]: Error while '
     'handling broker changes '
     '(kafka.controller.ReplicaStateMachine$BrokerChangeListener)\njava.util.NoSuchElementException'
     ': key not found: [test,0]',
     {'node': 0, 'error': 'java.util.NoSuchElementException', 'details': {'error_message': 'key not found: [test,0]'}}),
    ('listener.topic_change_fired',
     '[2020-10-08 16:21:30,101] DEBUG [TopicChangeListener on Controller 0]: Topic change '
     'listener fired for path /brokers/topics with children netflow_kafka_topic '
     '(kafka.controller.PartitionStateMachine$TopicChangeListener)',
     {'node': 0, 'details': {'topics': ['netflow_kafka_topic']}}),
    ('listener.topic_change',
     '[2020-10-08 16:21:30,190] INFO [TopicChangeListener on Controller 0]: New topics: '
     '[Set(netflow_kafka_topic)], deleted topics: [Set()], new partition replica assignment '
     '[Map([netflow_kafka_topic,2] -> List(0), [netflow_kafka_topic,1] -> List(0), '
     '[netflow_kafka_topic,0] -> List(0))] '
     '(kafka.controller.PartitionStateMachine$TopicChangeListener)',
     {'node': 0, 'partitions': ['netflow_kafka_topic-2', 'netflow_kafka_topic-1', 'netflow_kafka_topic-0'], 'count': 3, 'details': {'new_topics': ['netflow_kafka_topic'], 'deleted_topics': []}}),
    ('listener.delete_topics_fired',
     '[2017-06-12 09:55:00,100] DEBUG [DeleteTopicsListener on Controller 0]: Delete topics '
     'listener fired for topics orders to be deleted '
     '(kafka.controller.PartitionStateMachine$DeleteTopicsListener)',
     {'node': 0, 'state': 'deletion_requested', 'details': {'topics': ['orders']}}),
    ('listener.delete_topics_start',
     '[2017-06-12 09:55:00,101] INFO [DeleteTopicsListener on Controller 0]: Starting topic '
     'deletion for topics orders (kafka.controller.PartitionStateMachine$DeleteTopicsListener)',
     {'node': 0, 'state': 'deletion_started', 'details': {'topics': ['orders']}}),
    ('listener.partitions_triggered',
     '[2014-02-03 23:24:41,940] INFO [AddPartitionsListener on 0]: Add Partition triggered '
     '{"version":1,"partitions":{"0":[0]}} for path /brokers/topics/test '
     '(kafka.controller.PartitionStateMachine$AddPartitionsListener)',
     {'node': 0, 'details': {'data': '{"version":1,"partitions":{"0":[0]}}', 'path': '/brokers/topics/test'}}),
    ('listener.partitions_to_add',
     '[2014-02-03 23:24:41,945] INFO [AddPartitionsListener on 0]: New partitions to be added '
     '[Map()] (kafka.controller.PartitionStateMachine$AddPartitionsListener)',
     {'node': 0, 'state': 'created', 'count': 0}),
    ('listener.isr_change_fired',
     '[2020-10-08 16:25:00,101] DEBUG [IsrChangeNotificationListener on Controller 0]: ISR change '
     'notification listener fired (kafka.controller.IsrChangeNotificationListener)',
     {'node': 0}),
    ('listener.isr_change_metadata',
     '[2020-10-08 16:25:00,102] DEBUG [IsrChangeNotificationListener on Controller 0]: Sending '
     'MetadataRequest to Brokers:ArrayBuffer(0, 1) for '
     'TopicAndPartitions:Set([dns_kafka_topic,0], [dns_kafka_topic,1], [dns_kafka_topic,2]) '
     '(kafka.controller.IsrChangeNotificationListener)',
     {'node': 0, 'brokers': [0, 1], 'partitions': ['dns_kafka_topic-0', 'dns_kafka_topic-1', 'dns_kafka_topic-2']}),
    ('listener.epoch_initialized',
     '[2014-01-14 18:31:24,463] INFO [ControllerEpochListener on 0]: Initialized controller epoch '
     'to 1 and zk version 0 (kafka.controller.ControllerEpochListener)',
     {'node': 0, 'zk_version': 0, 'controller_epoch': 1}),
    ('listener.epoch_fired',
     '[2014-01-14 18:31:24,470] DEBUG [ControllerEpochListener on 0]: Controller epoch listener '
     'fired with new epoch 1 (kafka.controller.ControllerEpochListener)',
     {'node': 0, 'controller_epoch': 1}),
    ('listener.zk_expired',
     '[2020-10-28 17:02:11,004] INFO [SessionExpirationListener on 0], ZK expired; shut down all '
     'controller components and try to re-elect '
     '(kafka.controller.KafkaController$SessionExpirationListener)',
     {'node': 0, 'state': 'expired'}),
    ('listener.zk_expired_same',
     '[2017-06-12 10:02:11,004] INFO [SessionExpirationListener on 0], ZK expired, but the '
     'current controller id 0 is the same as this broker id, skip re-elect '
     '(kafka.controller.KafkaController$SessionExpirationListener)',
     {'node': 0, 'state': 'expired', 'controller': 0}),
    ('elector.elected',
     '[2014-01-14 18:31:24,140] INFO 0 successfully elected as leader '
     '(kafka.server.ZookeeperLeaderElector)',
     {'controller': 0}),
    ('elector.already_elected',
     '[2017-06-12 09:14:00,101] DEBUG Broker 1 has been elected as leader, so stopping the '
     'election process. (kafka.server.ZookeeperLeaderElector)',
     {'controller': 1}),
    ('elector.elected_instead',
     '[2017-06-12 09:14:00,101] DEBUG Broker 1 was elected as leader instead of broker 0 '
     '(kafka.server.ZookeeperLeaderElector)',
     {'controller': 1}),
    ('elector.resigned',
     '[2017-06-12 09:14:00,102] WARN A leader has been elected but just resigned, this will '
     'result in another round of election (kafka.server.ZookeeperLeaderElector)',
     {}),
    ('elector.error',
     '[2017-06-12 09:14:00,103] ERROR Error while electing or becoming leader on broker 0 '
     '(kafka.server.ZookeeperLeaderElector)\norg.I0Itec.zkclient.exception.ZkNodeExistsException: '
     'org.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists for '
     '/controller',
     {'state': 'election_failed', 'controller': 0, 'error': 'org.I0Itec.zkclient.exception.ZkNodeExistsException', 'details': {'error_message': 'org.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists for /controller'}}),
    ('elector.leader_gone',
     '[2017-06-12 09:13:59,990] DEBUG 0 leader change listener fired for path /controller to '
     'handle data deleted: trying to elect as a leader '
     '(kafka.server.ZookeeperLeaderElector$LeaderChangeListener)',
     {}),
)
def test_zookeeper_listeners_and_leader_elector_up_to_0_10(template: str, line: str, expected: dict[str, Any]) -> None:
    # The ZooKeeper listeners of 0.8–0.10 log under their own class names; ZookeeperLeaderElector
    # ran the controller election until 0.11.
    check(template, line, **expected)


@cases(
    ('channel.connecting',
     '[2021-04-28 16:09:15,700] DEBUG [Channel manager on controller 0]: Controller 0 trying to '
     'connect to broker 0 (kafka.controller.ControllerChannelManager)',
     {'node': 0, 'state': 'connecting', 'brokers': [0]}),
    ('channel.not_sending',
     '[2019-03-02 08:15:44,250] WARN [Channel manager on controller 1]: Not sending request '
     '(type: UpdateMetadataRequest=, controllerId=1, controllerEpoch=9) to broker 2, since it is '
     'offline. (kafka.controller.ControllerChannelManager)',
     {'node': 1, 'brokers': [2], 'api': 'UpdateMetadata'}),
    ('channel.leader_not_assigned',
     '[2017-06-12 09:40:00,030] INFO [Channel manager on controller 0]: Leader not yet assigned '
     'for partition [orders,2]. Skip sending UpdateMetadataRequest. '
     '(kafka.controller.ControllerChannelManager)',
     {'node': 0, 'state': 'skipped', 'topic': 'orders', 'partition': 2, 'api': 'UpdateMetadata'}),
    ('batch.stop_replica',
     '[2019-11-24 22:10:01,100] DEBUG The stop replica request (delete = true) sent to broker 0 '
     'is StopReplicaRequestInfo([Topic=testTopicName,Partition=0,Replica=0],true) '
     '(kafka.controller.ControllerBrokerRequestBatch)',
     {'brokers': [0], 'api': 'StopReplica', 'partitions': ['testTopicName-0'], 'count': 1, 'details': {'delete': True}}),
    ('send_thread.connected',
     '[2020-02-18 13:20:07,311] INFO [RequestSendThread controllerId=0] Controller 0 connected to '
     'dl12:9092 (id: 0 rack: null) for sending state change requests '
     '(kafka.controller.RequestSendThread)',
     {'node': 0, 'state': 'connected', 'brokers': [0], 'details': {'endpoint': 'dl12:9092'}}),
    ('send_thread.connect_failed',
     "[2021-04-28 16:12:32,500] WARN [RequestSendThread controllerId=0] Controller 0's connection "
     'to broker localhost:9093 (id: 1 rack: null) was unsuccessful '
     '(kafka.controller.RequestSendThread)\njava.io.IOException: Connection to localhost:9093 (id: '
     '1 rack: null) failed.',
     {'node': 0, 'brokers': [1], 'error': 'java.io.IOException', 'details': {'endpoint': 'localhost:9093', 'error_message': 'Connection to localhost:9093 (id: 1 rack: null) failed.'}}),
    ('send_thread.send_failed',
     '[2021-04-28 16:12:32,400] WARN [RequestSendThread controllerId=0] Controller 0 epoch 7 '
     'fails to send request (type: UpdateMetadataRequest=, controllerId=0, controllerEpoch=7, '
     'brokerEpoch=743, partitionStates=[], liveBrokers=) to broker localhost:9093 (id: 1 rack: '
     'null). Reconnecting to broker. (kafka.controller.RequestSendThread)\njava.io.IOException: '
     'Connection to 1 was disconnected before the response was read',
     {'node': 0, 'brokers': [1], 'controller_epoch': 7, 'api': 'UpdateMetadata', 'error': 'java.io.IOException', 'details': {'endpoint': 'localhost:9093', 'error_message': 'Connection to 1 was disconnected before the response was read'}}),
    ('send_thread.send_failed.0_8_1',
     '[2014-02-02 01:20:11,001] ERROR [Controller-0-to-broker-0-send-thread], Controller 0 epoch '
     '3 failed to send UpdateMetadata request with correlation id 5 to broker '
     'id:0,host:h,port:9092. Reconnecting to broker. '
     '(kafka.controller.RequestSendThread)\njava.nio.channels.ClosedChannelException',
     {'node': 0, 'brokers': [0], 'controller_epoch': 3, 'api': 'UpdateMetadata', 'error': 'java.nio.channels.ClosedChannelException', 'correlation_id': 5, 'details': {'endpoint': 'h:9092'}}),
    ('event_thread.error',
     '[2021-04-28 16:12:31,900] ERROR [ControllerEventThread controllerId=0] Error processing '
     'event RegisterBrokerAndReelect '
     '(kafka.controller.ControllerEventManager$ControllerEventThread)\nkafka.zookeeper.ZooKeeperCli'
     'entExpiredException: Session expired either before or while waiting for connection',
     {'node': 0, 'state': 'event_failed', 'error': 'kafka.zookeeper.ZooKeeperClientExpiredException', 'details': {'event': 'RegisterBrokerAndReelect', 'error_message': 'Session expired either before or while waiting for connection'}}),
    ('event_thread.moved',
     '[2019-01-10 12:00:03,411] INFO [ControllerEventThread controllerId=0] Controller moved to '
     'another broker when processing AutoPreferredReplicaLeaderElection. '
     '(kafka.controller.ControllerEventManager$ControllerEventThread)',
     {'node': 0, 'state': 'moved', 'details': {'event': 'AutoPreferredReplicaLeaderElection'}}),
    ('controller_thread.starting',
     '[2020-02-18 13:20:07,300] INFO [RequestSendThread controllerId=0] Starting '
     '(kafka.controller.RequestSendThread)',
     {'node': 0, 'state': 'starting'}),
    ('controller_thread.shutting_down',
     '[2020-02-18 13:20:00,150] INFO [ControllerEventThread controllerId=0] Shutting down '
     '(kafka.controller.ControllerEventManager$ControllerEventThread)',
     {'node': 0, 'state': 'shutting_down'}),
    ('controller_thread.stopped',
     '[2014-02-02 01:59:57,101] INFO [Controller-0-to-broker-0-send-thread], Stopped  '
     '(kafka.controller.RequestSendThread)',
     {'node': 0, 'state': 'stopped'}),
    ('controller_thread.shut_down',
     '[2018-05-27 11:28:07,701] INFO [Controller-0-to-broker-0-send-thread], Shutdown completed '
     '(kafka.controller.RequestSendThread)',
     {'node': 0, 'state': 'shut_down'}),
    ('controller_thread.shutdown_called',
     '[2020-02-18 13:20:00,152] TRACE [RequestSendThread controllerId=0] shutdownInitiated latch '
     'count reached zero. Shutdown called. (kafka.controller.RequestSendThread)',
     {'node': 0, 'state': 'shutdown_called'}),
    ('controller_thread.error',
     '[2019-03-02 08:15:44,260] ERROR [RequestSendThread controllerId=1] Error due to '
     '(kafka.controller.RequestSendThread)\njava.lang.InterruptedException',
     {'node': 1, 'state': 'failed', 'error': 'java.lang.InterruptedException'}),
)
def test_controller_to_broker_channels_and_threads(template: str, line: str, expected: dict[str, Any]) -> None:
    # ControllerChannelManager, its RequestSendThreads and the ControllerEventThread.
    check(template, line, **expected)


@cases(
    ('deletion.initializing',
     '[2021-04-28 16:09:15,662] INFO [Topic Deletion Manager 0] Initializing manager with initial '
     'deletions: Set(), initial ineligible deletions: HashSet(erstesTopic, my_topic, '
     '__consumer_offsets) (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'initializing', 'details': {'topics': [], 'ineligible_topics': ['erstesTopic', 'my_topic', '__consumer_offsets']}}),
    ('deletion.handling',
     '[2022-04-25 17:30:02,420] INFO [Topic Deletion Manager 0] Handling deletion for topics '
     'design (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_started', 'details': {'topics': ['design']}}),
    ('deletion.restarted',
     '[2022-04-25 17:30:02,421] INFO [Topic Deletion Manager 0] Deletion of topic design '
     '(re)started (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_started', 'topic': 'design'}),
    ('deletion.completed',
     '[2022-04-25 17:30:02,700] INFO [Topic Deletion Manager 0] Deletion of topic design '
     'successfully completed (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deleted', 'topic': 'design'}),
    ('deletion.replicas_done',
     '[2022-04-25 17:30:02,690] DEBUG [Topic Deletion Manager 0] Deletion successfully completed '
     'for replicas [Topic=design,Partition=0,Replica=0],[Topic=design,Partition=2,Replica=0] '
     '(kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'replica_deleted', 'brokers': [0], 'partitions': ['design-0', 'design-2'], 'count': 2}),
    ('deletion.replicas_started',
     '[2019-11-24 22:10:01,000] DEBUG [Topic Deletion Manager 0], Deletion started for replicas '
     '[Topic=testTopicName,Partition=0,Replica=0] (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_started', 'brokers': [0], 'partitions': ['testTopicName-0'], 'count': 1}),
    ('deletion.replicas_failed',
     '[2019-11-24 22:10:02,000] DEBUG [Topic Deletion Manager 0], Deletion failed for replicas '
     '[Topic=testTopicName,Partition=0,Replica=0]. Halting deletion for topics Set(testTopicName) '
     '(kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_failed', 'brokers': [0], 'partitions': ['testTopicName-0'], 'count': 1, 'details': {'topics': ['testTopicName']}}),
    ('deletion.halted.2_3',
     '[2019-11-24 22:10:02,001] INFO [Topic Deletion Manager 0], Halted deletion of topics '
     'testTopicName due to replica deletion failure (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_halted', 'reason': 'replica deletion failure', 'details': {'topics': ['testTopicName']}}),
    ('deletion.halted',
     '[2019-01-05 10:00:02,001] INFO [Topic Deletion Manager 0], Halted deletion of topics '
     'testTopicName (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_halted', 'details': {'topics': ['testTopicName']}}),
    ('deletion.retrying',
     '[2019-11-24 22:10:03,000] INFO [Topic Deletion Manager 0], Retrying deletion of topic '
     'testTopicName since replicas [Topic=testTopicName,Partition=0,Replica=0] were not '
     'successfully deleted (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_retrying', 'topic': 'testTopicName', 'brokers': [0], 'partitions': ['testTopicName-0'], 'count': 1}),
    ('deletion.topic_callback',
     '[2019-11-24 22:10:00,900] INFO [Topic Deletion Manager 0], Topic deletion callback for '
     'testTopicName (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_started', 'details': {'topics': ['testTopicName']}}),
    ('deletion.partition_callback',
     '[2019-11-24 22:10:00,901] INFO [Topic Deletion Manager 0], Partition deletion callback for '
     'testTopicName-0 (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_started', 'partitions': ['testTopicName-0']}),
    ('deletion.in_progress',
     '[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Deletion for replicas 0 for '
     'partition testTopicName-0 of topic testTopicName in progress '
     '(kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_in_progress', 'topic': 'testTopicName', 'replicas': [0], 'partitions': ['testTopicName-0']}),
    ('deletion.not_retrying',
     '[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Not retrying deletion of topic '
     'orders at this time since it is marked ineligible for deletion '
     '(kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_ineligible', 'topic': 'orders'}),
    ('deletion.disabled.0_10',
     '[2017-06-12 10:00:00,100] INFO [Topic Deletion Manager 0], Removing '
     '/admin/delete_topics/orders since delete topic is disabled '
     '(kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_ignored', 'topic': 'orders'}),
    ('deletion.disabled',
     '[2019-01-05 10:00:00,100] INFO [Topic Deletion Manager 0], Removing Set(orders) since '
     'delete topic is disabled (kafka.controller.TopicDeletionManager)',
     {'node': 0, 'state': 'deletion_ignored', 'details': {'topics': ['orders']}}),
)
def test_topic_deletion_manager(template: str, line: str, expected: dict[str, Any]) -> None:
    # TopicDeletionManager (prefix `[Topic Deletion Manager N], ` then `] ` in later 2.x/3.x).
    check(template, line, **expected)


@cases(
    ('zk_client.initializing',
     '[2022-04-25 16:06:38,001] INFO [ZooKeeperClient Kafka server] Initializing a new session to '
     'localhost:2181. (kafka.zookeeper.ZooKeeperClient)',
     {'state': 'initializing', 'details': {'client': 'Kafka server', 'connect': 'localhost:2181'}}),
    ('zk_client.waiting',
     '[2022-04-25 16:06:38,020] INFO [ZooKeeperClient Kafka server] Waiting until connected. '
     '(kafka.zookeeper.ZooKeeperClient)',
     {'state': 'connecting', 'details': {'client': 'Kafka server'}}),
    ('zk_client.connected',
     '[2022-04-25 16:06:38,101] INFO [ZooKeeperClient Kafka server] Connected. '
     '(kafka.zookeeper.ZooKeeperClient)',
     {'state': 'connected', 'details': {'client': 'Kafka server'}}),
    ('zk_client.auth_reinit',
     '[2022-04-25 16:06:38,101] INFO [ZooKeeperClient Kafka server] Reinitializing due to auth '
     'failure. (kafka.zookeeper.ZooKeeperClient)',
     {'state': 'auth_failed', 'details': {'client': 'Kafka server'}}),
    ('zk_client.auth_failed.3_0',
     '[2022-04-25 16:06:38,101] ERROR [ZooKeeperClient Kafka server] Auth failed, '
     'initialized=true connectionState=CONNECTED (kafka.zookeeper.ZooKeeperClient)',
     {'state': 'auth_failed', 'details': {'client': 'Kafka server', 'initialized': True, 'zk_state': 'CONNECTED'}}),
    ('zk_client.auth_failed',
     '[2020-04-25 16:06:38,101] ERROR [ZooKeeperClient Kafka server] Auth failed. '
     '(kafka.zookeeper.ZooKeeperClient)',
     {'state': 'auth_failed', 'details': {'client': 'Kafka server'}}),
    ('zk_client.closing',
     '[2022-04-25 17:02:38,001] INFO [ZooKeeperClient Kafka server] Closing. '
     '(kafka.zookeeper.ZooKeeperClient)',
     {'state': 'closing', 'details': {'client': 'Kafka server'}}),
    ('zk_client.closed',
     '[2022-04-25 17:02:38,101] INFO [ZooKeeperClient Kafka server] Closed. '
     '(kafka.zookeeper.ZooKeeperClient)',
     {'state': 'closed', 'details': {'client': 'Kafka server'}}),
    ('zk_client.timed_out',
     '[2020-01-05 10:00:18,001] INFO [ZooKeeperClient] Timed out waiting for connection during '
     'session initialization while in state: CONNECTING (kafka.zookeeper.ZooKeeperClient)',
     {'state': 'timed_out', 'details': {'zk_state': 'CONNECTING'}}),
    ('zk_client.recreate_error',
     '[2020-01-05 10:00:18,001] INFO [ZooKeeperClient] Error when recreating ZooKeeper, retrying '
     'after a short sleep (kafka.zookeeper.ZooKeeperClient)\njava.net.UnknownHostException: zk1',
     {'state': 'reinitializing', 'error': 'java.net.UnknownHostException', 'details': {'error_message': 'zk1'}}),
)
def test_zookeeper_client_session_lines(template: str, line: str, expected: dict[str, Any]) -> None:
    # kafka.zookeeper.ZooKeeperClient (1.1+): the broker's ZooKeeper session.
    check(template, line, **expected)


@cases(
    ('scl.partition_leader.0_8',
     '[2018-05-27 11:28:07,931] TRACE Controller 0 epoch 26 changed partition [test,0] from '
     'OfflinePartition to OnlinePartition with leader 0 (state.change.logger)',
     {'node': 0, 'state': 'OnlinePartition', 'prev_state': 'OfflinePartition', 'topic': 'test', 'partition': 0, 'leader': 0, 'controller_epoch': 26}),
    ('scl.partition.0_8',
     '[2017-06-12 09:40:00,011] TRACE Controller 0 epoch 7 changed partition [orders,2] state '
     'from OnlinePartition to OfflinePartition (state.change.logger)',
     {'node': 0, 'state': 'OfflinePartition', 'prev_state': 'OnlinePartition', 'topic': 'orders', 'partition': 2, 'controller_epoch': 7}),
    ('scl.election_started.0_8',
     '[2021-04-28 16:41:33,654] TRACE Controller 1 epoch 58 started leader election for partition '
     '[__consumer_offsets,19] (state.change.logger)',
     {'node': 1, 'state': 'started', 'topic': '__consumer_offsets', 'partition': 19, 'controller_epoch': 58}),
    ('scl.elected.0_8',
     '[2018-05-27 11:28:07,930] TRACE Controller 0 epoch 26 elected leader 0 for Offline '
     'partition [test,0] (state.change.logger)',
     {'node': 0, 'prev_state': 'OfflinePartition', 'topic': 'test', 'partition': 0, 'leader': 0, 'controller_epoch': 26}),
    ('scl.replica.0_8_0',
     '[2014-02-03 23:24:41,301] TRACE Controller 0 epoch 4 changed state of replica 0 for '
     'partition [test,0] to OnlineReplica (state.change.logger)',
     {'node': 0, 'state': 'OnlineReplica', 'topic': 'test', 'partition': 0, 'replica': 0, 'controller_epoch': 4}),
    ('scl.replica_failed.0_8_1',
     '[2017-06-12 09:40:00,230] ERROR Controller 0 epoch 7 initiated state change of replica 2 '
     'for partition [orders,2] from OnlineReplica to OfflineReplica failed '
     '(state.change.logger)\nkafka.common.StateChangeFailedException: Leader and isr path written '
     'by another controller.',
     {'node': 0, 'state': 'OfflineReplica', 'prev_state': 'OnlineReplica', 'topic': 'orders', 'partition': 2, 'replica': 2, 'controller_epoch': 7, 'error': 'kafka.common.StateChangeFailedException', 'details': {'error_message': 'Leader and isr path written by another controller.'}}),
    ('scl.replica_failed.0_8_0',
     '[2014-01-14 18:40:00,230] ERROR Controller 0 epoch 1 initiated state change of replica 0 '
     'for partition [test,0] to OfflineReplica failed (state.change.logger)',
     {'node': 0, 'state': 'OfflineReplica', 'topic': 'test', 'partition': 0, 'replica': 0, 'controller_epoch': 1}),
    ('scl.send.0_8_0',
     '[2014-01-14 18:31:24,690] TRACE Controller 0 epoch 1 sending become-leader LeaderAndIsr '
     'request with correlationId 1 to broker 0 for partition [test,0] (state.change.logger)',
     {'node': 0, 'topic': 'test', 'partition': 0, 'replica': 0, 'controller_epoch': 1, 'api': 'LeaderAndIsr', 'correlation_id': 1}),
    ('scl.send_lai.0_8_1',
     '[2014-02-03 23:24:41,300] TRACE Controller 0 epoch 4 sending become-leader LeaderAndIsr '
     'request (Leader:0,ISR:0,LeaderEpoch:1,ControllerEpoch:3) with correlationId 12 to broker 0 '
     'for partition [test,0] (state.change.logger)',
     {'node': 0, 'topic': 'test', 'partition': 0, 'leader': 0, 'leader_epoch': 1, 'isr': [0], 'replica': 0, 'controller_epoch': 4, 'api': 'LeaderAndIsr', 'correlation_id': 12, 'details': {'type': 'become-leader', 'state_controller_epoch': 3}}),
    ('scl.send_lai.0_9',
     '[2020-10-28 15:30:14,501] TRACE Controller 1 epoch 58 sending become-follower LeaderAndIsr '
     'request (Leader:1010,ISR:1010,LeaderEpoch:0,ControllerEpoch:56) to broker 1 for partition '
     '[dns_kafka_topic,1] (state.change.logger)',
     {'node': 1, 'topic': 'dns_kafka_topic', 'partition': 1, 'leader': 1010, 'leader_epoch': 0, 'isr': [1010], 'replica': 1, 'controller_epoch': 58, 'api': 'LeaderAndIsr', 'details': {'type': 'become-follower', 'state_controller_epoch': 56}}),
    ('scl.send_um.0_9',
     '[2018-05-27 11:28:07,940] TRACE Controller 0 epoch 26 sending UpdateMetadata request '
     '(Leader:0,ISR:0,LeaderEpoch:12,ControllerEpoch:25) to broker 0 for partition test-0 '
     '(state.change.logger)',
     {'node': 0, 'topic': 'test', 'partition': 0, 'leader': 0, 'leader_epoch': 12, 'isr': [0], 'replica': 0, 'controller_epoch': 26, 'api': 'UpdateMetadata', 'details': {'state_controller_epoch': 25}}),
    ('scl.send_um.0_8_1',
     '[2014-02-03 23:24:41,299] TRACE Controller 0 epoch 4 sending UpdateMetadata request '
     '(Leader:0,ISR:0,LeaderEpoch:1,ControllerEpoch:3) with correlationId 11 to broker 0 for '
     'partition [test,0] (state.change.logger)',
     {'node': 0, 'topic': 'test', 'partition': 0, 'leader': 0, 'leader_epoch': 1, 'isr': [0], 'replica': 0, 'controller_epoch': 4, 'api': 'UpdateMetadata', 'correlation_id': 11, 'details': {'state_controller_epoch': 3}}),
    ('scl.response_correlation.0_8',
     '[2014-02-03 23:24:41,310] TRACE Controller 0 epoch 4 received response correlationId 11 for '
     'a request sent to broker id:0,host:ddao-Aspire-3830TG,port:9092 (state.change.logger)',
     {'node': 0, 'brokers': [0], 'controller_epoch': 4, 'correlation_id': 11, 'details': {'endpoint': 'ddao-Aspire-3830TG:9092'}}),
    ('scl.reassign_sent.0_8',
     '[2017-06-12 10:10:00,100] TRACE Controller 0 epoch 7 sent LeaderAndIsr request '
     '(Leader:1,ISR:1,2,3,LeaderEpoch:9,ControllerEpoch:7) with new assigned replica list 1,2,3 '
     'to leader 1 for partition being reassigned [orders,0] (state.change.logger)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'leader': 1, 'leader_epoch': 9, 'isr': [1, 2, 3], 'replicas': [1, 2, 3], 'controller_epoch': 7, 'api': 'LeaderAndIsr', 'details': {'state_controller_epoch': 7}}),
)
def test_state_change_lines_up_to_0_11(template: str, line: str, expected: dict[str, Any]) -> None:
    # state.change.logger, controller context, 0.8–0.11 (`Controller N epoch E …`, TRACE).
    check(template, line, **expected)


@cases(
    ('scl.partition_new',
     '[2023-01-16 17:26:14,101] INFO [Controller id=0 epoch=1] Changed partition '
     'quickstart-events-0 state from NonExistentPartition to NewPartition with assigned replicas '
     '0 (state.change.logger)',
     {'node': 0, 'state': 'NewPartition', 'prev_state': 'NonExistentPartition', 'topic': 'quickstart-events', 'partition': 0, 'replicas': [0], 'controller_epoch': 1}),
    ('scl.partition_leader.1_0',
     '[2018-02-01 09:00:02,001] TRACE [Controller id=2 epoch=14] Changed partition orders-0 from '
     'OfflinePartition to OnlinePartition with leader 3 (state.change.logger)',
     {'node': 2, 'state': 'OnlinePartition', 'prev_state': 'OfflinePartition', 'topic': 'orders', 'partition': 0, 'leader': 3, 'controller_epoch': 14}),
    ('scl.partition',
     '[2020-02-14 17:03:45,900] TRACE [Controller id=0 epoch=8] Changed partition orders-1 state '
     'from OnlinePartition to OfflinePartition (state.change.logger)',
     {'node': 0, 'state': 'OfflinePartition', 'prev_state': 'OnlinePartition', 'topic': 'orders', 'partition': 1, 'controller_epoch': 8}),
    ('scl.election_started.1_0',
     '[2018-02-01 09:00:01,990] TRACE [Controller id=2 epoch=14] Started leader election for '
     'partition orders-0 (state.change.logger)',
     {'node': 2, 'state': 'started', 'topic': 'orders', 'partition': 0, 'controller_epoch': 14}),
    ('scl.elected.1_0',
     '[2018-02-01 09:00:01,999] TRACE [Controller id=2 epoch=14] Elected leader 3 for Offline '
     'partition orders-0 (state.change.logger)',
     {'node': 2, 'prev_state': 'OfflinePartition', 'topic': 'orders', 'partition': 0, 'leader': 3, 'controller_epoch': 14}),
    ('scl.replica',
     '[2020-02-18 13:20:07,260] TRACE [Controller id=0 epoch=56] Changed state of replica 0 for '
     'partition __consumer_offsets-3 from OnlineReplica to OnlineReplica (state.change.logger)',
     {'node': 0, 'state': 'OnlineReplica', 'prev_state': 'OnlineReplica', 'topic': '__consumer_offsets', 'partition': 3, 'replica': 0, 'controller_epoch': 56}),
    ('scl.replica_failed',
     '[2021-04-28 16:12:32,100] ERROR [Controller id=0 epoch=7] Controller 0 epoch 7 initiated '
     'state change of replica 1 for partition erstesTopic-0 from OnlineReplica to OfflineReplica '
     'failed (state.change.logger)\nkafka.common.StateChangeFailedException: Failed to change '
     'state of replica 1 for partition erstesTopic-0 since the leader and isr path in zookeeper '
     'is empty',
     {'node': 0, 'state': 'OfflineReplica', 'prev_state': 'OnlineReplica', 'topic': 'erstesTopic', 'partition': 0, 'replica': 1, 'controller_epoch': 7, 'error': 'kafka.common.StateChangeFailedException', 'details': {'error_message': 'Failed to change state of replica 1 for partition erstesTopic-0 since the leader and isr path in zookeeper is empty'}}),
    ('scl.replica_failed.1_0',
     '[2018-02-01 09:00:02,101] ERROR [Controller id=2 epoch=14] Initiated state change of '
     'replica 1 for partition orders-0 from OnlineReplica to OfflineReplica failed '
     '(state.change.logger)',
     {'node': 2, 'state': 'OfflineReplica', 'prev_state': 'OnlineReplica', 'topic': 'orders', 'partition': 0, 'replica': 1, 'controller_epoch': 14}),
    ('scl.send_lai',
     '[2020-02-18 13:20:07,276] TRACE [Controller id=0 epoch=56] Sending become-leader '
     'LeaderAndIsr request PartitionState(controllerEpoch=10, leader=0, leaderEpoch=0, isr=0, '
     'zkVersion=0, replicas=0, isNew=false) to broker 0 for partition __consumer_offsets-49 '
     '(state.change.logger)',
     {'node': 0, 'topic': '__consumer_offsets', 'partition': 49, 'leader': 0, 'leader_epoch': 0, 'isr': [0], 'replicas': [0], 'replica': 0, 'zk_version': 0, 'controller_epoch': 56, 'api': 'LeaderAndIsr', 'details': {'type': 'become-leader', 'state_controller_epoch': 10}}),
    ('scl.send_stop_replica',
     '[2020-10-05 04:12:09,131] TRACE [Controller id=0 epoch=8] Sending StopReplica request '
     'StopReplicaPartitionState(partitionIndex=0, leaderEpoch=-2, deletePartition=true) to broker '
     '2 for partition orders-0 (state.change.logger)',
     {'node': 0, 'topic': 'orders', 'partition': 0, 'leader_epoch': -2, 'replica': 2, 'controller_epoch': 8, 'api': 'StopReplica'}),
    ('scl.batch_lai',
     '[2021-04-26 20:12:09,005] INFO [Controller id=0 epoch=3] Sending LeaderAndIsr request to '
     'broker 0 with 2 become-leader and 0 become-follower partitions (state.change.logger)',
     {'node': 0, 'replica': 0, 'controller_epoch': 3, 'api': 'LeaderAndIsr', 'details': {'become_leader': 2, 'become_follower': 0}}),
    ('scl.batch_um',
     '[2021-04-26 20:12:09,001] INFO [Controller id=0 epoch=3] Sending UpdateMetadata request to '
     'brokers HashSet() for 0 partitions (state.change.logger)',
     {'node': 0, 'controller_epoch': 3, 'api': 'UpdateMetadata', 'count': 0}),
    ('scl.batch_stop_replica_delete',
     '[2022-04-25 17:30:02,500] INFO [Controller id=0 epoch=5] Sending StopReplica request '
     '(delete = true) for 3 replicas to broker 0 (state.change.logger)',
     {'node': 0, 'replica': 0, 'controller_epoch': 5, 'api': 'StopReplica', 'count': 3, 'details': {'delete': True}}),
    ('scl.batch_stop_replica',
     '[2021-04-26 20:12:09,002] INFO [Controller id=0 epoch=3] Sending StopReplica request for 2 '
     'replicas to broker 1 (state.change.logger)',
     {'node': 0, 'replica': 1, 'controller_epoch': 3, 'api': 'StopReplica', 'count': 2}),
    ('scl.reassign_sent',
     '[2020-06-30 22:10:45,300] TRACE [Controller id=0 epoch=8] Sent LeaderAndIsr request '
     '(Leader:1,ISR:1,2,3,LeaderEpoch:9,ControllerEpoch:8) with new replica assignment '
     'ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, removingReplicas=) to leader 1 for '
     'partition being reassigned orders-0 (state.change.logger)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'leader': 1, 'leader_epoch': 9, 'isr': [1, 2, 3], 'controller_epoch': 8, 'api': 'LeaderAndIsr', 'details': {'assignment': 'ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, removingReplicas=)', 'state_controller_epoch': 8}}),
    ('scl.reassign_send_failed',
     '[2020-06-30 22:10:45,301] ERROR [Controller id=0 epoch=8] Failed to send LeaderAndIsr '
     'request with new replica assignment ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, '
     'removingReplicas=) to leader for partition being reassigned orders-0 (state.change.logger)',
     {'node': 0, 'topic': 'orders', 'partition': 0, 'controller_epoch': 8, 'api': 'LeaderAndIsr', 'details': {'assignment': 'ReplicaAssignment(replicas=1,2,3,4, addingReplicas=4, removingReplicas=)'}}),
    ('scl.response.1_0',
     '[2018-02-01 09:00:02,201] TRACE [Controller id=2 epoch=14] Received response {error_code=0} '
     'for a request sent to broker h3:9092 (id: 3 rack: null) (state.change.logger)',
     {'node': 2, 'brokers': [3], 'controller_epoch': 14, 'count': 0, 'details': {'endpoint': 'h3:9092'}}),
    ('scl.response_error.2_5',
     '[2022-03-01 10:05:00,100] ERROR [Controller id=0] Received error STALE_BROKER_EPOCH in '
     'UpdateMetadata response UpdateMetadataResponseData(errorCode=77) from broker 2 '
     '(state.change.logger)',
     {'node': 0, 'brokers': [2], 'api': 'UpdateMetadata', 'error': 'STALE_BROKER_EPOCH', 'count': 1}),
    ('scl.response_error',
     '[2020-03-01 10:05:00,100] ERROR [Controller id=0] Received error in LeaderAndIsr response '
     'LeaderAndIsrResponse(responses={orders-0=KAFKA_STORAGE_ERROR}, error=NONE) from broker 2 '
     '(state.change.logger)',
     {'node': 0, 'brokers': [2], 'api': 'LeaderAndIsr', 'error': 'KAFKA_STORAGE_ERROR', 'count': 1}),
    ('scl.replicas_offline',
     '[2020-03-01 10:05:00,101] INFO [Controller id=0] Mark replicas orders-0,orders-3 on broker '
     '2 as offline (state.change.logger)',
     {'node': 0, 'state': 'OfflineReplica', 'replica': 2, 'partitions': ['orders-0', 'orders-3']}),
)
def test_state_change_lines_from_1_0(template: str, line: str, expected: dict[str, Any]) -> None:
    # state.change.logger, controller context, 1.0+ (`[Controller id=N epoch=E] `; TRACE ≤2.5,
    # the INFO summaries from 2.6).
    check(template, line, **expected)


@cases(
    ('controller.reassign_handling',
     '[2019-06-01 10:00:00,000] INFO [Controller id=0] Handling reassignment of partition '
     'orders-0 to new replicas 2,3,4 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'replicas': [2, 3, 4]}),
    ('controller.reassign_caught_up',
     '[2019-06-01 10:00:05,000] INFO [Controller id=0] 2/3 replicas have caught up with the '
     'leader for partition orders-0 being reassigned. Replica(s) 4 still need to catch up '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'brokers': [4], 'details': {'caught_up': 2, 'target': 3}}),
    ('controller.reassign_all_caught_up',
     '[2017-06-12 10:00:05,000] INFO [ReassignedPartitionsIsrChangeListener on controller 0]: 3/3 '
     'replicas have caught up with the leader for partition [orders,0] being reassigned.Resuming '
     'partition reassignment (kafka.controller.ReassignedPartitionsIsrChangeListener)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'details': {'caught_up': 3, 'target': 3}}),
    ('controller.reassign_not_caught_up',
     '[2017-06-12 10:00:01,000] INFO [Controller 0]: New replicas 2,3,4 for partition [orders,0] '
     'being reassigned not yet caught up with the leader (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'replicas': [2, 3, 4]}),
    ('controller.reassign_waiting',
     '[2019-06-01 10:00:01,000] INFO [Controller id=0] Waiting for new replicas 2,3,4 for '
     'partition orders-0 being reassigned to catch up with the leader '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'replicas': [2, 3, 4]}),
    ('controller.reassign_updated',
     '[2019-06-01 10:00:00,500] INFO [Controller id=0] Updated assigned replicas for partition '
     'orders-0 being reassigned to 1,2,3,4 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'replicas': [1, 2, 3, 4]}),
    ('controller.reassign_updating.2_4',
     '[2020-06-30 22:10:45,200] DEBUG [Controller id=0] Updating assignment of partition orders-0 '
     'from ReplicaAssignment(replicas=1,2,3, addingReplicas=, removingReplicas=) to '
     'ReplicaAssignment(replicas=2,3,4,1, addingReplicas=4, removingReplicas=1) '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'details': {'from': 'ReplicaAssignment(replicas=1,2,3, addingReplicas=, removingReplicas=)', 'to': 'ReplicaAssignment(replicas=2,3,4,1, addingReplicas=4, removingReplicas=1)'}}),
    ('controller.reassign_updated.2_4',
     '[2020-06-30 22:10:45,210] INFO [Controller id=0] Successfully updated assignment of '
     'partition orders-0 to ReplicaAssignment(replicas=2,3,4,1, addingReplicas=4, '
     'removingReplicas=1) (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'details': {'assignment': 'ReplicaAssignment(replicas=2,3,4,1, addingReplicas=4, removingReplicas=1)'}}),
    ('controller.reassign_caught_up.2_4',
     '[2020-06-30 22:12:45,210] INFO [Controller id=0] Target replicas List(2, 3, 4) have all '
     'caught up with the leader for reassigning partition orders-0 '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassigning', 'topic': 'orders', 'partition': 0, 'replicas': [2, 3, 4]}),
    ('controller.reassign_skipped_deletion',
     '[2020-06-30 22:10:45,210] INFO [Controller id=0] Skipping reassignment of orders-0 since '
     'the topic is currently being deleted (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_skipped', 'topic': 'orders', 'partition': 0}),
    ('controller.reassign_skipped_deletion',
     '[2017-06-12 10:00:00,210] ERROR [PartitionsReassignedListener on 0]: Skipping reassignment '
     'of partition [orders,0] for topic orders since it is currently being deleted '
     '(kafka.controller.PartitionsReassignedListener)',
     {'node': 0, 'state': 'reassignment_skipped', 'topic': 'orders', 'partition': 0}),
    ('controller.reassign_missing',
     '[2019-06-01 10:00:00,000] ERROR [Controller id=0] Ignoring request to reassign partition '
     "orders-9 that doesn't exist. (kafka.controller.KafkaController)",
     {'node': 0, 'state': 'reassignment_skipped', 'topic': 'orders', 'partition': 9}),
    ('controller.reassign_error',
     '[2019-06-01 10:00:00,000] ERROR [Controller id=0] Error completing reassignment of '
     'partition orders-0 (kafka.controller.KafkaController)\nkafka.common.StateChangeFailedExceptio'
     'n: Failed to elect leader for partition orders-0',
     {'node': 0, 'state': 'reassignment_failed', 'topic': 'orders', 'partition': 0, 'error': 'kafka.common.StateChangeFailedException', 'details': {'error_message': 'Failed to elect leader for partition orders-0'}}),
    ('controller.reassign_moved',
     '[2020-06-30 22:10:45,210] INFO [Controller id=0] Failed completing reassignment of '
     'partition orders-0 because controller has moved to another broker '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_failed', 'topic': 'orders', 'partition': 0}),
    ('controller.reassign_zk_failed',
     '[2020-06-30 22:10:45,210] WARN [Controller id=0] Failed reassignment through zk with the '
     'following errors: Map(orders-9 -> ApiError(error=UNKNOWN_TOPIC_OR_PARTITION, message=null)) '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'reassignment_failed', 'details': {'errors': 'Map(orders-9 -> ApiError(error=UNKNOWN_TOPIC_OR_PARTITION, message=null))'}}),
    ('controller.preferred_error.2_4',
     '[2021-04-26 20:12:09,101] ERROR [Controller id=0] Error completing replica leader election '
     '(PREFERRED) for partition orders-0 '
     '(kafka.controller.KafkaController)\nkafka.common.StateChangeFailedException: Failed to elect '
     'leader for partition orders-0 under strategy PreferredReplicaPartitionLeaderElectionStrategy',
     {'node': 0, 'state': 'failed', 'topic': 'orders', 'partition': 0, 'error': 'kafka.common.StateChangeFailedException', 'details': {'election_type': 'PREFERRED', 'error_message': 'Failed to elect leader for partition orders-0 under strategy PreferredReplicaPartitionLeaderElectionStrategy'}}),
    ('controller.preferred_error.2_2',
     '[2019-11-24 22:10:01,101] ERROR [Controller id=0] Error completing preferred replica leader '
     'election for partition orders-0 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'failed', 'topic': 'orders', 'partition': 0}),
    ('controller.preferred_error',
     '[2019-01-10 12:00:03,411] ERROR [Controller id=0] Error completing preferred replica leader '
     'election for partitions orders-0,orders-1 (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'failed', 'partitions': ['orders-0', 'orders-1']}),
    ('controller.preferred_skipped_deleted',
     '[2019-11-24 22:10:01,101] WARN [Controller id=0] Skipping preferred replica election for '
     'partitions Set(orders-0) since the respective topics are being deleted '
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'skipped', 'partitions': ['orders-0']}),
    ('controller.election_skipped_deleted',
     '[2021-04-26 20:12:09,101] WARN [Controller id=0] Skipping replica leader election '
     '(PREFERRED) for partitions Set(orders-0) by AdminClientTriggered since the respective '
     'topics are being deleted (kafka.controller.KafkaController)',
     {'node': 0, 'state': 'skipped', 'reason': 'AdminClientTriggered', 'partitions': ['orders-0'], 'details': {'election_type': 'PREFERRED'}}),
    ('controller.election_skipped_missing',
     '[2021-04-26 20:12:09,101] INFO [Controller id=0] Skipping replica leader election '
     "(PREFERRED) for partition orders-9 by AdminClientTriggered since it doesn't exist. "
     '(kafka.controller.KafkaController)',
     {'node': 0, 'state': 'skipped', 'reason': 'AdminClientTriggered', 'topic': 'orders', 'partition': 9, 'details': {'election_type': 'PREFERRED'}}),
    ('controller.preferred_skipped_missing',
     '[2019-11-24 22:10:01,101] INFO [Controller id=0] Skipping preferred replica leader election '
     "for partition orders-9 since it doesn't exist. (kafka.controller.KafkaController)",
     {'node': 0, 'state': 'skipped', 'topic': 'orders', 'partition': 9}),
    ('controller.preferred_already',
     '[2017-06-12 10:00:00,100] INFO [PreferredReplicaElectionListener on Controller 0]: These '
     'partitions are already undergoing preferred replica election: [orders,0] '
     '(kafka.controller.PreferredReplicaElectionListener)',
     {'node': 0, 'state': 'skipped', 'partitions': ['orders-0']}),
)
def test_partition_reassignment_and_election_failures(template: str, line: str, expected: dict[str, Any]) -> None:
    # Reassignment (≤2.3 ZooKeeper-driven, 2.4+ KIP-455) and failed / skipped leader elections; in
    # 0.8–0.10 part of it logs under the PartitionsReassigned / ReassignedPartitionsIsrChange /
    # PreferredReplicaElection listeners.
    check(template, line, **expected)


def test_every_controller_entry_is_specified_in_this_module() -> None:
    ids = {t.id for t in controller.TEMPLATES}
    missing = sorted(ids - SPECIFIED)
    assert not missing, f"entries without a specification here: {missing}"
