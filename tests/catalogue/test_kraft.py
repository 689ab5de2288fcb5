"""The KRaft controller, the metadata quorum and the KRaft server lifecycle, line by line
(parsers/catalogue/kraft.py).

Each test states one behaviour and shows it on the lines Kafka writes: real lines from the
corpus (Ammar777782439-kafka_2.13-4.0.0 logs, the Strimzi 4.1 fixture of elastic-integrations)
where a version logged them, otherwise lines built from that version's format string
(kafka-log-templates.md §5.3–5.4, §11).  The behaviours first, then one table with a case per
catalogue entry asserting its typed fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from kafka_forensics.parsers.catalogue import CATALOGUE, kraft
from tests.support import assert_entry, details, events, line, one, unspecified

RCM = "org.apache.kafka.controller.ReplicationControlManager"
QC_LOGGER = "org.apache.kafka.controller.QuorumController"
CCM = "org.apache.kafka.controller.ClusterControlManager"
PCB = "org.apache.kafka.controller.PartitionChangeBuilder"
QS = "org.apache.kafka.raft.QuorumState"
BLM = "kafka.server.BrokerLifecycleManager"
QC = "[QuorumController id=3000] "
TOPIC_ID = "qZ2y3J1OQ6K9xq9kN2m4Lw"






def example(template: str) -> str:
    """The entry's first example line (a real corpus line where one exists)."""
    return CATALOGUE.get(template).examples[0]


# --- partition changes: the unclean election and the KRaft diff (§5.3) ------------------------

def test_an_unclean_partition_change_yields_old_and_new_isr_leader_and_epochs() -> None:
    # §5.3 / §11 (3.6): broker 2 died holding the only ISR slot; the controller elected 3, outside
    # the ISR, and marked the partition RECOVERING — the one explicit unclean line of KRaft.
    row = one(line("INFO", QC + f"UNCLEAN partition change for orders-2 with topic ID {TOPIC_ID}: isr: [2] -> "
                   "[3], leader: 2 -> 3, leaderRecoveryState: RECOVERED -> RECOVERING, leaderEpoch: 14 -> 15, "
                   "partitionEpoch: 30 -> 31", RCM))
    assert row["kind"] == "kraft_partition_change"
    assert row["cause"] == "unclean"
    assert (row["topic"], row["partition"], row["node"]) == ("orders", 2, 3000)
    assert (row["prev_isr"], row["isr"]) == ([2], [3])
    assert (row["prev_leader"], row["leader"]) == (2, 3)
    assert (row["prev_leader_epoch"], row["leader_epoch"], row["zk_version"]) == (14, 15, 31)
    assert details(row) == {"topic_id": TOPIC_ID, "leader_recovery_state": "RECOVERING",
                            "prev_leader_recovery_state": "RECOVERED", "prev_partition_epoch": 30}


def test_a_clean_isr_shrink_names_only_the_fields_that_changed() -> None:
    # DEBUG partition change (3.0+): an AlterPartition from the leader dropping replica 2 —
    # leader and leader epoch do not appear, so they stay null rather than being guessed.
    row = one(line("DEBUG", QC + f"partition change for orders-0 with topic ID {TOPIC_ID}: isr: [1, 2, 3] -> "
                   "[1, 3], partitionEpoch: 7 -> 8", RCM))
    assert (row["prev_isr"], row["isr"], row["zk_version"]) == ([1, 2, 3], [1, 3], 8)
    assert row["leader"] is None and row["leader_epoch"] is None and row["cause"] is None


def test_a_3_7_diff_also_reads_directories_and_eligible_leader_replicas() -> None:
    # 3.7+ PartitionRegistration.diff adds directories (KIP-858) and elr / lastKnownElr (KIP-966)
    row = one(line("INFO", QC + f"UNCLEAN partition change for orders-2 with topic ID {TOPIC_ID}: directories: "
                   "[AAAAAAAAAAAAAAAAAAAAAA] -> [HdLrZmMjbKrt4LUPAS48Ew], isr: [] -> [3], leader: -1 -> 3, "
                   "leaderRecoveryState: RECOVERED -> RECOVERING, leaderEpoch: 14 -> 15, elr: [3] -> [], "
                   "partitionEpoch: 30 -> 31", RCM))
    d = details(row)
    assert (row["prev_leader"], row["leader"], row["prev_isr"], row["isr"]) == (-1, 3, [], [3])
    assert (d["prev_directories"], d["directories"]) == (["AAAAAAAAAAAAAAAAAAAAAA"], ["HdLrZmMjbKrt4LUPAS48Ew"])
    assert (d["prev_elr"], d["elr"]) == ([3], [])


def test_the_2_8_diff_of_old_and_new_pairs_reads_like_the_3_0_diff() -> None:
    # 2.8 (KIP-500 early access): "Modified partition <topicId>:<p>: oldIsr=…, newIsr=…"
    row = one(line("INFO", f"[Controller 3000] Modified partition {TOPIC_ID}:0: oldIsr=[1, 2, 3], newIsr=[1, 3], "
                   "oldLeader=2, newLeader=1, oldLeaderEpoch=4, newLeaderEpoch=5, oldPartitionEpoch=7, "
                   "newPartitionEpoch=8.", RCM, "2021-05-03 10:01:02,003"))
    assert (row["prev_isr"], row["isr"], row["prev_leader"], row["leader"]) == ([1, 2, 3], [1, 3], 2, 1)
    assert (row["leader_epoch"], row["zk_version"], row["topic"]) == (5, 8, None)
    assert details(row)["topic_id"] == TOPIC_ID


def test_a_partition_record_yields_the_full_registration() -> None:
    # Strimzi 4.1 fixture (class-line layout, placeholders for ids): a new single-replica partition
    row = one("2026-05-27 13:32:45 INFO [quorum-controller-0-event-handler] ReplicationControlManager:450 - "
              "[QuorumController id=0] Replayed PartitionRecord for new partition topic.public.1-0 with topic ID "
              "TOPIC_ID_1 and PartitionRegistration(replicas=[2], directories=[DIR_ID_1], isr=[2], "
              "removingReplicas=[], addingReplicas=[], elr=[], lastKnownElr=[], leader=2, leaderRecoveryState="
              "RECOVERED, leaderEpoch=0, partitionEpoch=0).", layout="class-line")
    assert row["kind"] == "kraft_partition_created"
    assert (row["topic"], row["partition"], row["leader"], row["isr"], row["replicas"]) == (
        "topic.public.1", 0, 2, [2], [2])
    assert (row["leader_epoch"], row["zk_version"], row["node"]) == (0, 0, 0)
    assert details(row)["directories"] == ["DIR_ID_1"]


def test_a_pre_3_7_registration_has_no_directories() -> None:
    # 3.2–3.6 PartitionRegistration: leaderRecoveryState but no directories / ELR
    row = one(line("INFO", f"[Controller 3000] Created partition orders-0 with topic ID {TOPIC_ID} and "
                   "PartitionRegistration(replicas=[1, 2, 3], isr=[1, 2], removingReplicas=[], addingReplicas=[], "
                   "leader=1, leaderRecoveryState=RECOVERED, leaderEpoch=3, partitionEpoch=9).", RCM))
    assert (row["isr"], row["replicas"], row["leader_epoch"], row["zk_version"]) == ([1, 2], [1, 2, 3], 3, 9)
    assert "directories" not in details(row)


def test_a_partition_change_record_leader_minus_two_means_unchanged() -> None:
    # PartitionChangeRecord tags only what changes: leader=-2 is "no change", isr=null likewise
    row = one(line("INFO", QC + "Replayed partition assignment change PartitionChangeRecord(partitionId=0, "
                   f"topicId={TOPIC_ID}, isr=null, leader=-2, replicas=[1, 2, 3, 4], removingReplicas=null, "
                   "addingReplicas=[4], leaderRecoveryState=-1, directories=null, eligibleLeaderReplicas=null, "
                   "lastKnownElr=null) for topic orders", RCM))
    assert row["cause"] == "reassignment"
    assert (row["leader"], row["isr"], row["replicas"]) == (None, None, [1, 2, 3, 4])
    assert details(row) == {"topic_id": TOPIC_ID, "adding_replicas": [4]}


def test_a_partition_change_record_minus_one_leader_is_no_leader() -> None:
    # a fenced sole replica: the controller writes leader=-1 (offline), ISR kept
    row = one(line("DEBUG", QC + "Replayed partition change PartitionChangeRecord(partitionId=3, "
                   f"topicId={TOPIC_ID}, isr=null, leader=-1, replicas=null, removingReplicas=null, "
                   "addingReplicas=null, leaderRecoveryState=-1, directories=null, eligibleLeaderReplicas=null, "
                   "lastKnownElr=null) for topic orders", RCM))
    assert (row["partition"], row["leader"]) == (3, -1)


def test_the_unclean_leader_choice_of_the_partition_change_builder_has_no_node() -> None:
    # PartitionChangeBuilder logs through a static logger: no prefix, so the node stays unknown
    row = one(line("INFO", f"Setting new leader for topicId {TOPIC_ID}, partition 2 to 3 using an unclean "
                   "election", PCB))
    assert (row["cause"], row["partition"], row["leader"], row["node"]) == ("unclean", 2, 3, None)


# --- brokers: fencing, registration, controlled shutdown --------------------------------------

def test_fencing_names_the_fenced_broker_not_the_logging_controller() -> None:
    # §11 (3.6): the controller 3000 fences broker 2 whose heartbeats stopped
    row = one(line("INFO", QC + "Fencing broker 2 because its session has timed out.", RCM))
    assert (row["kind"], row["node"], row["brokers"], row["cause"]) == (
        "kraft_broker_fenced", 3000, [2], "session_timeout")


def test_4_0_fencing_carries_the_broker_epoch() -> None:
    # Ammar 4.0 controller.log: the fenced incarnation is named by its broker epoch
    row = one("[2026-08-08 14:49:30,091] INFO [QuorumController id=0] Fencing broker 0 at epoch 1072 because its "
              "session has timed out. (org.apache.kafka.controller.ReplicationControlManager)")
    assert (row["template"], row["brokers"], details(row)["broker_epoch"]) == ("kraft.fencing.4_0", [0], 1072)


@pytest.mark.parametrize(("record", "kind", "state"), [
    ("fenced=1, inControlledShutdown=0, logDirs=[]", "kraft_broker_fenced", "fenced"),
    ("fenced=-1, inControlledShutdown=0, logDirs=[]", "kraft_broker_unfenced", "unfenced"),
    ("fenced=0, inControlledShutdown=1, logDirs=[]", "kraft_broker_controlled_shutdown", "pending"),
    ("fenced=0, inControlledShutdown=0, logDirs=[HdLrZmMjbKrt4LUPAS48Ew]", "kraft_broker_registered", None),
])
def test_a_registration_change_record_is_fencing_unfencing_or_shutdown_by_its_flags(
        record: str, kind: str, state: str | None) -> None:
    # BrokerRegistrationChangeRecord (3.3+ metadata versions): fenced 1 = fence, -1 = unfence, 0 = no change
    row = one(line("INFO", "[QuorumController id=10] Replayed BrokerRegistrationChangeRecord modifying the "
                   "registration for broker 10: BrokerRegistrationChangeRecord(brokerId=10, brokerEpoch=2157, "
                   f"{record})", CCM))
    assert (row["kind"], row["state"], row["brokers"], details(row)["broker_epoch"]) == (kind, state, [10], 2157)


def test_a_register_broker_record_yields_incarnation_epoch_and_endpoints() -> None:
    # Ammar 4.0: a broker registers fenced; its endpoints identify the host behind the id
    row = one(example("kraft.broker_registration.initial"))
    assert (row["kind"], row["brokers"], row["state"]) == ("kraft_broker_registered", [0], "fenced")
    assert details(row) == {"broker_epoch": 13, "incarnation_id": "9hpUVjy1QbaYxZCUrwXn6Q",
                            "in_controlled_shutdown": False, "endpoints": ["192.168.168.25:9094"],
                            "registration": "initial"}


def test_the_first_registration_line_keeps_its_two_spaces() -> None:
    # 3.9+ source: "New incarnation ID is {}.  Generated …" (two spaces, seen in the 4.0 logs)
    row = one("[2026-08-08 14:52:47,320] INFO [QuorumController id=0] No previous registration found for broker 0. "
              "New incarnation ID is XL2Hpda_SxqfMchicJDbtQ.  Generated 0 record(s) to clean up previous "
              "incarnations. New broker epoch is 11. (org.apache.kafka.controller.ClusterControlManager)")
    assert (row["brokers"], details(row)["incarnation_id"], details(row)["broker_epoch"]) == (
        [0], "XL2Hpda_SxqfMchicJDbtQ", 11)


def test_a_restart_before_the_old_session_expires_is_a_duplicate_registration() -> None:
    # Ammar 4.0 server.log: the restarted broker 0 retries while the controller still holds its
    # previous incarnation; the controller side logs the failed registerBroker event.
    log = "\n".join([
        "[2026-08-08 14:49:22,701] INFO [BrokerLifecycleManager id=0] Incarnation RKhCGg0rR3uQiZsp4v8czw of broker "
        "0 in cluster 5hB35yl2S0OprtlCchJeVQ is now STARTING. (kafka.server.BrokerLifecycleManager)",
        "[2026-08-08 14:49:22,715] INFO [QuorumController id=0] registerBroker: event failed with "
        "DuplicateBrokerRegistrationException in 1374 microseconds. Exception message: Another broker is "
        "registered with that broker id. (org.apache.kafka.controller.QuorumController)",
        "[2026-08-08 14:49:22,720] INFO [BrokerLifecycleManager id=0] Unable to register broker 0 because the "
        "controller returned error DUPLICATE_BROKER_REGISTRATION (kafka.server.BrokerLifecycleManager)",
    ])
    ev = events(log)
    assert ev["kind"].to_list() == ["broker_lifecycle", "kraft_controller_error", "kraft_broker_registration_failed"]
    assert ev["error"].to_list()[1:] == ["DuplicateBrokerRegistrationException", "DUPLICATE_BROKER_REGISTRATION"]
    assert ev["duration_ms"].to_list()[1] == pytest.approx(1.374)


def test_a_controlled_shutdown_reads_as_requested_pending_granted_then_shutting_down() -> None:
    # Ammar 4.0 (node 10 is broker and controller): the broker asks, the controller moves
    # leadership away (2 partitions), grants, and the broker leaves.
    log = "\n".join([
        "[2025-05-14 23:42:19,440] INFO [BrokerLifecycleManager id=10] Beginning controlled shutdown. "
        "(kafka.server.BrokerLifecycleManager)",
        "[2025-05-14 23:42:19,450] INFO [QuorumController id=10] Unfenced broker 10 has requested and been granted "
        "a controlled shutdown. (org.apache.kafka.controller.BrokerHeartbeatManager)",
        "[2025-05-14 23:42:19,451] INFO [QuorumController id=10] enterControlledShutdown[10]: changing 2 "
        "partition(s) (org.apache.kafka.controller.ReplicationControlManager)",
        "[2025-05-14 23:42:19,530] INFO [QuorumController id=10] The request from broker 10 to shut down has been "
        "granted since the lowest active offset 9223372036854775807 is now greater than the broker's controlled "
        "shutdown offset 5211. (org.apache.kafka.controller.BrokerHeartbeatManager)",
        "[2025-05-14 23:42:19,540] INFO [BrokerLifecycleManager id=10] The controller has asked us to exit "
        "controlled shutdown. (kafka.server.BrokerLifecycleManager)",
        "[2025-05-14 23:42:19,541] INFO [BrokerLifecycleManager id=10] Transitioning from "
        "PENDING_CONTROLLED_SHUTDOWN to SHUTTING_DOWN. (kafka.server.BrokerLifecycleManager)",
    ])
    ev = events(log)
    assert ev["state"].to_list() == ["requested", "pending", None, "granted", "granted", "shutting_down"]
    assert ev["count"].to_list()[2] == 2
    assert details(ev.row(2, named=True))["context"] == "enterControlledShutdown[10]"


# --- controller leadership and the metadata quorum ---------------------------------------------

@pytest.mark.parametrize("msg", [
    "Becoming active at controller epoch 7.",  # 2.8
    "Becoming the active controller at epoch 7, committed offset 1204 and committed epoch 6.",  # 3.0–3.2
    "Becoming the active controller at epoch 7, committed offset 1204, committed epoch 6",  # 3.3–3.5
    "Becoming the active controller at epoch 7, next write offset 1205.",  # 3.6+
])
def test_every_wording_of_becoming_active_names_the_node_as_controller(msg: str) -> None:
    row = one(line("INFO", "[Controller 3000] " + msg, QC_LOGGER))
    assert (row["kind"], row["state"], row["node"], row["controller"], row["controller_epoch"]) == (
        "kraft_controller_active", "active", 3000, 3000, 7)


def test_renouncing_names_the_new_leader_or_none() -> None:
    # 3.3–3.5: the old active controller learns the quorum moved on without it
    row = one(line("WARN", "[Controller 3000] Renouncing the leadership due to a metadata log event. We were the "
                   "leader at epoch 7, but in the new epoch 8, the leader is (none). Reverting to last committed "
                   "offset 1204.", QC_LOGGER))
    assert (row["state"], row["controller"], row["controller_epoch"], row["offset"]) == ("renounced", None, 8, 1204)
    assert details(row)["prev_epoch"] == 7


def test_a_standby_controller_learns_the_new_leader() -> None:
    row = one(line("INFO", QC + "In the new epoch 8, the leader is 3001.", QC_LOGGER))
    assert (row["kind"], row["controller"], row["controller_epoch"], row["node"]) == (
        "kraft_leader_change", 3001, 8, 3000)


def test_a_raft_transition_to_leader_is_the_leader_change_with_its_quorum_epoch() -> None:
    # Ammar 4.0 server.log: the single voter 0 wins epoch 3 after Prospective → Candidate
    row = one(example("kraft.raft_state.leader"))
    assert (row["kind"], row["state"], row["prev_state"], row["controller"], row["controller_epoch"]) == (
        "kraft_leader_change", "leader", "candidate", 0, 3)


def test_a_raft_follower_names_the_leader() -> None:
    row = one(line("INFO", "[RaftManager id=3002] Completed transition to FollowerState(fetchTimeoutMs=2000, "
                   "epoch=8, leaderId=3001, voters=[3000, 3001, 3002], highWatermark=Optional.empty, "
                   "fetchingSnapshot=Optional.empty) from Voted(epoch=8, votedId=3001, voters=[3000, 3001, 3002], "
                   "electionTimeoutMs=1542)", QS))
    assert (row["kind"], row["state"], row["prev_state"], row["controller"], row["node"]) == (
        "kraft_leader_change", "follower", "voted", 3001, 3002)


def test_a_3_8_follower_names_the_leader_printed_as_a_node() -> None:
    # 3.8 FollowerState keeps the leader as a Node: `leader=host:port (id: N rack: …) voters=…`
    row = one(line("INFO", "[RaftManager id=3002] Completed transition to FollowerState(fetchTimeoutMs=2000, "
                   "epoch=8, leader=ctl2:9093 (id: 3001 rack: null) voters=[3000, 3001, 3002], "
                   "highWatermark=Optional.empty, fetchingSnapshot=Optional.empty) from Voted(epoch=8, "
                   "votedKey=ReplicaKey(id=3001, directoryId=<undefined>), voters=[3000, 3001, 3002], "
                   "electionTimeoutMs=1542, highWatermark=Optional.empty)", QS, "2024-08-01 10:00:00,000"))
    assert (row["state"], row["prev_state"], row["controller"]) == ("follower", "voted", 3001)


def test_election_steps_do_not_claim_a_leader() -> None:
    # 4.0 ProspectiveState prints the last known leader (leaderId=OptionalInt[0]); it is not a leader
    row = one("[2026-08-08 14:49:20,666] INFO [RaftManager id=0] Completed transition to ProspectiveState(epoch=2, "
              "leaderId=OptionalInt[0], retries=1, votedKey=Optional.empty, epochElection=EpochElection("
              "voterStates={0=VoterState(replicaKey=ReplicaKey(id=0, directoryId=<undefined>), state=GRANTED)}), "
              "electionTimeoutMs=1856, highWatermark=Optional.empty) from ResignedState(localId=0, epoch=2, "
              "voters=[0], electionTimeoutMs=1400, unackedVoters=[], preferredSuccessors=[]) "
              "(org.apache.kafka.raft.QuorumState)")
    assert (row["kind"], row["state"], row["prev_state"], row["controller"], row["controller_epoch"]) == (
        "kraft_election", "prospective", "resigned", None, 2)


def test_a_vote_names_the_candidate() -> None:
    row = one(example("kraft.vote"))
    assert (row["state"], row["controller_epoch"], details(row)["candidate"]) == ("granted", 8, 3000)


def test_the_2_8_to_3_4_prefixes_identify_the_node() -> None:
    # QuorumController's default LogContext is "[Controller N] " until 3.4; raft's "[RaftManager nodeId=N] "
    ev = events("\n".join([
        line("INFO", "[Controller 3000] In the new epoch 8, the leader is 3001.", QC_LOGGER),
        line("INFO", "[RaftManager nodeId=3002] Become candidate due to fetch timeout", "org.apache.kafka.raft."
             "KafkaRaftClient"),
    ]))
    assert ev["node"].to_list() == [3000, 3002]


# --- controller health: event failures, performance, periodic tasks ----------------------------

def test_event_failures_convert_microseconds_to_milliseconds_and_keep_the_translation() -> None:
    # Ammar 4.0: the event queue closing under pending periodic tasks
    row = one("[2025-05-14 23:09:18,571] INFO [QuorumController id=10] electUnclean: event unable to start "
              "processing because of RejectedExecutionException (treated as TimeoutException). Exception message: "
              "The event queue is shutting down (org.apache.kafka.controller.QuorumController)")
    assert (row["kind"], row["error"]) == ("kraft_controller_error", "RejectedExecutionException")
    assert details(row) == {"event": "electUnclean", "treated_as": "TimeoutException",
                            "error_message": "The event queue is shutting down"}


def test_an_event_failure_that_renounces_is_a_failover() -> None:
    row = one(example("kraft.event_failed.failover"))
    assert (row["cause"], row["controller_epoch"], row["offset"]) == ("failover", 7, 90199)
    assert row["duration_ms"] == pytest.approx(0.412)


def test_the_event_performance_summary_tolerates_a_trimmed_final_period() -> None:
    # Strimzi 4.1 fixture: the same summary printed twice, the second time without its final period
    lines = [
        "2026-05-27 13:34:02 INFO [quorum-controller-0-event-handler] EventPerformanceMonitor:174 - "
        "[QuorumController id=0] In the last 60000 ms period, 386 controller events were completed, which took "
        "an average of 9.11 ms each. The slowest event was writeNoOpRecord(EVENT_ID_2), which took 46.34 ms.",
        "2026-05-27 13:34:02 INFO [quorum-controller-0-event-handler] EventPerformanceMonitor:174 - "
        "[QuorumController id=0] In the last 60000 ms period, 386 controller events were completed, which took "
        "an average of 9.11 ms each. The slowest event was writeNoOpRecord(EVENT_ID_2), which took 46.34 ms",
    ]
    ev = events("\n".join(lines), layout="class-line")
    assert ev["count"].to_list() == [386, 386]
    assert ev["duration_ms"].to_list() == [46.34, 46.34]
    assert details(ev.row(0, named=True))["slowest_event"] == "writeNoOpRecord(EVENT_ID_2)"


def test_a_periodic_task_run_reports_records_and_duration() -> None:
    row = one("[2026-08-08 14:57:45,555] INFO [QuorumController id=0] Periodic task electUnclean generated 0 "
              "records in 42 microseconds. (org.apache.kafka.controller.PeriodicTaskControlManager)")
    assert (row["kind"], row["count"], row["duration_ms"], details(row)["task"]) == (
        "kraft_periodic_task", 0, 0.042, "electUnclean")


# --- topics and configuration -------------------------------------------------------------------

def test_a_create_topics_result_lists_every_topic_and_the_first_error() -> None:
    row = one(line("INFO", QC + "CreateTopics result(s): CreatableTopic(name='orders', numPartitions=6, "
                   "replicationFactor=3, assignments=[], configs=[CreatableTopicConfig(name='cleanup.policy', "
                   "value='compact')]): SUCCESS, CreatableTopic(name='payments', numPartitions=3, "
                   "replicationFactor=3, assignments=[], configs=[]): POLICY_VIOLATION (Topic replication factor "
                   "must be at least 3)", RCM))
    assert (row["topic"], row["count"], row["error"]) == ("orders", 2, "POLICY_VIOLATION")
    assert details(row) == {"topics": ["orders", "payments"], "results": ["SUCCESS", "POLICY_VIOLATION"]}


def test_a_config_record_names_the_topic_only_for_topic_resources() -> None:
    ev = events("\n".join([
        line("INFO", QC + "Replayed ConfigRecord for ConfigResource(type=TOPIC, name='orders') which set "
             "configuration min.insync.replicas to 2", "org.apache.kafka.controller.ConfigurationControlManager"),
        line("INFO", QC + "Replayed ConfigRecord for ConfigResource(type=BROKER, name='') which set configuration "
             "sasl.jaas.config to [hidden]", "org.apache.kafka.controller.ConfigurationControlManager"),
    ]))
    assert ev["topic"].to_list() == ["orders", None]
    assert details(ev.row(1, named=True)) == {"config": "sasl.jaas.config", "value": "[hidden]",
                                              "resource_type": "BROKER", "resource_name": ""}


def test_activation_on_an_empty_log_counts_the_bootstrap_records() -> None:
    row = one(example("kraft.activation"))
    assert (row["kind"], row["count"], details(row)["metadata_version"]) == ("kraft_lifecycle", 4, "4.0-IV3")


# --- the KRaft server lifecycle -------------------------------------------------------------------

def test_process_states_are_spelled_like_the_zookeeper_broker_lifecycle() -> None:
    # BrokerServer's ProcessStatus SHUTDOWN is "shut_down", as in KafkaServer's "shut down completed"
    row = one("[2025-05-14 22:50:19,163] INFO [BrokerServer id=10] Transition from SHUTTING_DOWN to SHUTDOWN "
              "(kafka.server.BrokerServer)")
    assert (row["kind"], row["prev_state"], row["state"], row["node"]) == (
        "broker_lifecycle", "shutting_down", "shut_down", 10)


def test_a_fatal_wait_during_startup_keeps_the_step_and_the_exception() -> None:
    row = one("[2025-05-14 22:50:16,883] ERROR [ControllerServer id=10] Received a fatal error while waiting for "
              "all of the SocketServer Acceptors to be started (kafka.server.ControllerServer)\n"
              "java.lang.RuntimeException: Unable to start acceptor for ListenerName(CONTROLLER)")
    assert (row["cause"], row["error"]) == ("wait_failed", "java.lang.RuntimeException")
    assert details(row)["step"] == "all of the SocketServer Acceptors to be started"


def test_a_snapshot_name_gives_its_end_offset_and_epoch() -> None:
    # Ammar 4.0 server.log.2025-05-17-14: the hourly snapshot
    row = one("[2025-05-17 14:19:02,089] INFO [SnapshotEmitter id=1] Successfully wrote snapshot "
              "00000000000000014446-0000000003 (org.apache.kafka.image.publisher.SnapshotEmitter)")
    assert (row["kind"], row["state"], row["offset"], details(row)["snapshot_epoch"]) == (
        "kraft_snapshot", "written", 14446, 3)


def test_the_metadata_loader_reports_its_high_watermark() -> None:
    row = one("[2026-08-08 14:49:20,799] INFO [MetadataLoader id=0] maybePublishMetadata(LOG_DELTA): The loader is "
              "still catching up because we have loaded up to offset 0, but the high water mark is 3886 "
              "(org.apache.kafka.image.loader.MetadataLoader)")
    assert (row["kind"], row["state"], row["offset"], row["hw"]) == ("kraft_metadata_catchup", "catching_up", 0, 3886)


# --- every entry: a line and its typed fields --------------------------------------------------

def case(template: str, **expected: Any) -> Any:
    return pytest.param(template, example(template), expected, id=template)


CASES = [
    case("kraft.partition_change.unclean", node=3000, topic="orders", partition=2, leader=3, prev_leader=2,
         leader_epoch=15, prev_leader_epoch=14, isr=[3], prev_isr=[2], zk_version=31,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "leader_recovery_state": "RECOVERING",
                  "prev_leader_recovery_state": "RECOVERED", "prev_partition_epoch": 30}),
    case("kraft.partition_change", node=3000, topic="orders", partition=0, isr=[1, 3], prev_isr=[1, 2, 3],
         zk_version=8, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "prev_partition_epoch": 7}),
    case("kraft.partition_change.2_8", node=3000, partition=0, isr=[1, 3], prev_isr=[1, 2, 3], zk_version=8,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "prev_partition_epoch": 7}),
    case("kraft.partition_record.new", node=0, topic="test-auto-permissions", partition=0, leader=0,
         leader_epoch=0, isr=[0], replicas=[0], zk_version=0, details={"topic_id": "JXxB-AkIQ0ON1oFYdiYuZg",
                  "leader_recovery_state": "RECOVERED", "removing_replicas": [], "adding_replicas": [],
                  "directories": ["HdLrZmMjbKrt4LUPAS48Ew"], "elr": [], "last_known_elr": [],
                  "replay": "new"}),
    case("kraft.partition_record.existing", node=3000, topic="orders", partition=1, leader=1, leader_epoch=4,
         isr=[1, 2, 3], replicas=[1, 2, 3], zk_version=0, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
                  "leader_recovery_state": "RECOVERED", "removing_replicas": [], "adding_replicas": [],
                  "directories": ["AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAA"],
                  "elr": [], "last_known_elr": [], "replay": "existing"}),
    case("kraft.partition_created.3_0", node=3000, topic="orders", partition=0, leader=1, leader_epoch=0,
         isr=[1, 2, 3], replicas=[1, 2, 3], zk_version=0, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
                  "leader_recovery_state": "RECOVERED", "removing_replicas": [], "adding_replicas": [],
                  "replay": "new"}),
    case("kraft.partition_created.2_8", node=3000, partition=0, leader=1, leader_epoch=0, isr=[1, 2, 3],
         replicas=[1, 2, 3], zk_version=0, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw",
                  "removing_replicas": [], "adding_replicas": [], "replay": "new"}),
    case("kraft.partition_change_record.reassignment", node=3000, topic="orders", partition=0,
         replicas=[1, 2, 3, 4], details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "adding_replicas": [4]}),
    case("kraft.partition_change_record", node=3000, topic="orders", partition=2, leader=3, isr=[3],
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw", "leader_recovery_state": "RECOVERING"}),
    case("kraft.topic_record", node=0, topic="test-auto-permissions",
         details={"topic_id": "JXxB-AkIQ0ON1oFYdiYuZg"}),
    case("kraft.topic_created.3_0", node=3000, topic="orders",
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.topic_created.2_8", node=3000, topic="orders",
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.topic_removed", node=3000, topic="orders", details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.topic_removed.2_8", node=3000, topic="orders",
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.create_topics.validate_only", node=3000, topic="orders", count=1,
         details={"topics": ["orders"], "results": ["SUCCESS"], "validate_only": True}),
    case("kraft.create_topics", node=10, topic="test-sasl-topic", error="TOPIC_ALREADY_EXISTS", count=1,
         details={"topics": ["test-sasl-topic"], "results": ["TOPIC_ALREADY_EXISTS"]}),
    case("kraft.create_topics.2_8", node=3000, topic="orders", count=1, details={"topics": ["orders"],
                  "results": ["SUCCESS"]}),
    case("kraft.fencing", node=3000, brokers=[2]),
    case("kraft.fencing.4_0", node=0, brokers=[0], details={"broker_epoch": 1072}),
    case("kraft.heartbeat_overloaded", node=3000, brokers=[2]),
    case("kraft.changing_partitions", node=10, count=1, details={"context": "handleBrokerFenced"}),
    case("kraft.directories_offline", node=3000, brokers=[2],
         details={"offline_directories": ["kXUJD2A9YWQ2GIJctGNUGg"],
                  "online_directories": ["HdLrZmMjbKrt4LUPAS48Ew"]}),
    case("kraft.unclean_election.triggered", node=3000, topic="orders", partition=2),
    case("kraft.unclean_election.failed", node=3000, topic="orders", partition=2,
         error="ELIGIBLE_LEADERS_NOT_AVAILABLE"),
    case("kraft.unclean_election.disabled", node=3000, topic="orders", partition=2),
    case("kraft.reassignments_altered", node=3000, count=1, details={"total": 2}),
    case("kraft.reassignment_failed", node=3000, topic="orders", partition=1,
         error="InvalidReplicaAssignmentException",
         details={"error_message": "The manual partition assignment includes broker 7, but no such broker is registered."}),
    case("kraft.alter_partition.unknown_topic.3_3", node=3000,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.alter_partition.unknown_topic.3_2", node=3000,
         details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.alter_isr.unknown_topic", node=3000, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.alter_partition.unknown_partition", node=3000, topic="orders", partition=9),
    case("kraft.alter_isr.unknown_partition", node=3000, topic="orders", partition=9),
    case("kraft.alter_partition.not_leader", node=3000, topic="orders", partition=0, leader=3, replica=2),
    case("kraft.alter_isr.not_leader", node=3000, topic="orders", partition=0, leader=3, replica=2),
    case("kraft.alter_partition.stale_leader_epoch.3_3", node=3000, topic="orders", partition=0,
         leader_epoch=15, replica=2, details={"local_leader_epoch": 14}),
    case("kraft.alter_partition.stale_partition_epoch.3_3", node=3000, topic="orders", partition=0,
         replica=2, zk_version=31, details={"local_partition_epoch": 30}),
    case("kraft.alter_partition.fenced_leader_epoch", node=3000, topic="orders", partition=0,
         leader_epoch=15, replica=2, details={"request_leader_epoch": 14}),
    case("kraft.alter_isr.fenced_leader_epoch", node=3000, topic="orders", partition=0, leader_epoch=15,
         replica=2, details={"request_leader_epoch": 14}),
    case("kraft.alter_partition.stale_partition_epoch", node=3000, topic="orders", partition=0, replica=2,
         zk_version=31, details={"request_partition_epoch": 30}),
    case("kraft.alter_isr.stale_partition_epoch", node=3000, topic="orders", partition=0, replica=2,
         zk_version=31, details={"request_partition_epoch": 30}),
    case("kraft.alter_partition.isr_without_leader", node=3000, topic="orders", partition=0, isr=[1, 3],
         replica=2),
    case("kraft.alter_isr.isr_without_leader", node=3000, topic="orders", partition=0, isr=[1, 3], replica=2),
    case("kraft.alter_partition.invalid_isr", node=3000, topic="orders", partition=0, isr=[2, 2], replica=2),
    case("kraft.alter_isr.invalid_isr", node=3000, topic="orders", partition=0, isr=[2, 2], replica=2),
    case("kraft.alter_partition.recovering", node=3000, topic="orders", partition=2, isr=[3, 1], replica=3,
         details={"leader_recovery_state": "RECOVERING"}),
    case("kraft.alter_partition.recovering.3_2", node=3000, topic="orders", partition=2, isr=[3, 1],
         replica=3, details={"leader_recovery_state": "RECOVERING"}),
    case("kraft.alter_partition.recovery_state", node=3000, topic="orders", partition=2, replica=3),
    case("kraft.alter_partition.ineligible_replicas", node=3000, topic="orders", partition=0, isr=[1, 2],
         replica=1, brokers=[2]),
    case("kraft.alter_partition.reassignment_leader_change", node=3000, topic="orders", partition=0,
         replica=1, error="NEW_LEADER_ELECTED"),
    case("kraft.alter_isr.reassignment_leader_change", node=3000, topic="orders", partition=0, replica=1),
    case("kraft.alter_partition.reassignment_completed", node=3000, topic="orders", partition=0, replica=1),
    case("kraft.alter_isr.reassignment_completed", node=3000, topic="orders", partition=0, replica=1),
    case("kraft.new_leader.unclean", partition=2, leader=3, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.new_leader.clean", partition=0, leader=3, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.new_leader.3_1", partition=0, leader=3, details={"topic_id": "qZ2y3J1OQ6K9xq9kN2m4Lw"}),
    case("kraft.controller_active", node=0, offset=3886, controller_epoch=3, controller=0),
    case("kraft.controller_active.3_3", node=3000, offset=1204, controller_epoch=7, controller=3000,
         details={"committed_epoch": 6}),
    case("kraft.controller_active.3_0", node=3000, offset=1204, controller_epoch=7, controller=3000,
         details={"committed_epoch": 6}),
    case("kraft.controller_active.2_8", node=3000, controller_epoch=7, controller=3000),
    case("kraft.controller_renounce", node=3000, offset=90210, controller_epoch=8, controller=3001,
         details={"prev_epoch": 7}),
    case("kraft.controller_renounce.3_3", node=3000, offset=1204, controller_epoch=8,
         details={"prev_epoch": 7}),
    case("kraft.controller_renounce.2_8", node=3000, offset=1204, details={"prev_epoch": 7}),
    case("kraft.new_epoch", node=3000, controller_epoch=8, controller=3001),
    case("kraft.still_leader", node=3000, controller_epoch=8, controller=3000, details={"prev_epoch": 7}),
    case("kraft.activation", node=0, count=4, details={"metadata_version": "4.0-IV3",
                  "bootstrap_source": "the binary bootstrap metadata file: /home/deepone/kafka_2.13-4.0.0/logs/kafka-data-0/bootstrap.checkpoint"}),
    case("kraft.bootstrap.3_3", node=3000, count=1, details={"metadata_version": "3.3-IV3",
                  "bootstrap_source": "the binary bootstrap metadata file: /var/lib/kafka/meta/bootstrap.checkpoint"}),
    case("kraft.no_metadata_version.3_3", node=3000, details={"level": "3.0-IV1",
                  "feature": "metadata.version"}),
    case("kraft.authorizer_loaded", node=3000, offset=1204),
    case("kraft.controller_created.4_0", node=10, details={"cluster_id": "53umScLzTeajz4ICoMMl1A"}),
    case("kraft.controller_created.3_6", node=3003, details={"cluster_id": "xfKvdoiPRr6Kj3uaaMrFIQ"}),
    case("kraft.controller_created.3_3", node=3000, details={"cluster_id": "53umScLzTeajz4ICoMMl1A",
                  "authorizer": "Optional.empty"}),
    case("kraft.zk_migration.start", node=3000),
    case("kraft.zk_migration.start_unsafe", node=3000),
    case("kraft.zk_migration.complete", node=3000),
    case("kraft.zk_migration.start.3_5", node=3000),
    case("kraft.zk_migration.complete.3_5", node=3000),
    case("kraft.zk_migration.state.3_5", node=3000, state="PRE_MIGRATION"),
    case("kraft.controller_task", node=3000, duration_ms=0.812, count=3,
         details={"task": "maybeBalancePartitionLeaders"}),
    case("kraft.snapshot.generating", node=3000, offset=20480, controller_epoch=7,
         details={"bytes": 20971520}),
    case("kraft.snapshot.generated", node=3000, offset=20480),
    case("kraft.snapshot.exists", node=3000, offset=20480, controller_epoch=7),
    case("kraft.snapshot.cancelled", node=3000, offset=20480),
    case("kraft.snapshot.failed", node=3000, offset=20480, error="java.io.IOException",
         details={"error_message": "No space left on device"}),
    case("kraft.snapshot.replay_start.3_0", node=3000, offset=-1, controller_epoch=-1,
         details={"snapshot": "OffsetAndEpoch(offset=20480, epoch=7)"}),
    case("kraft.snapshot.replay_start.3_5", node=3000, offset=-1, controller_epoch=-1,
         details={"snapshot": "00000000000000020480-0000000007"}),
    case("kraft.snapshot.replay_done.3_5", node=3000,
         details={"snapshot": "00000000000000020480-0000000007"}),
    case("kraft.event_failed.failover", node=3000, offset=90199, controller_epoch=7,
         error="NullPointerException", duration_ms=0.412,
         details={"event": "handleCommit[baseOffset=90200]"}),
    case("kraft.event_failed.standby", node=3000, controller_epoch=7, error="NullPointerException",
         duration_ms=0.412, details={"event": "handleCommit[baseOffset=90200]"}),
    case("kraft.event_failed", node=0, error="DuplicateBrokerRegistrationException", duration_ms=1.374,
         details={"event": "registerBroker",
                  "error_message": "Another broker is registered with that broker id."}),
    case("kraft.event_not_started.failover", node=3000, offset=90199, controller_epoch=7,
         error="IllegalStateException", details={"event": "registerBroker"}),
    case("kraft.event_not_started.standby", node=3000, controller_epoch=7, error="IllegalStateException",
         details={"event": "registerBroker"}),
    case("kraft.event_not_started", node=10, error="RejectedExecutionException",
         details={"event": "writeNoOpRecord", "treated_as": "TimeoutException",
                  "error_message": "The event queue is shutting down"}),
    case("kraft.event_failed.failover.3_3", node=3000, offset=1199, controller_epoch=7,
         error="NullPointerException", duration_ms=0.412,
         details={"event": "handleCommits[baseOffset=1200]"}),
    case("kraft.event_failed.standby.3_3", node=3000, error="NullPointerException", duration_ms=0.412,
         details={"event": "handleCommits[baseOffset=1200]"}),
    case("kraft.event_failed.failover.2_8", node=3000, offset=1199, controller_epoch=7,
         error="NullPointerException", duration_ms=0.412,
         details={"event": "handleCommits[baseOffset=1200]"}),
    case("kraft.event_failed.3_5", node=3000, error="DuplicateBrokerRegistrationException",
         duration_ms=1.374, details={"event": "registerBroker",
                  "error_message": "Another broker is registered with that broker id."}),
    case("kraft.event_failed.2_8", node=3000, error="DuplicateBrokerRegistrationException",
         duration_ms=1.374, details={"event": "registerBroker"}),
    case("kraft.event_not_started.3_5", node=3000, error="RejectedExecutionException",
         details={"event": "writeNoOpRecord", "error_message": "The event queue is shutting down"}),
    case("kraft.event_not_started.3_2", node=3000, error="RejectedExecutionException",
         details={"event": "writeNoOpRecord"}),
    case("kraft.event_not_started.2_8", node=3000, error="NotControllerException",
         details={"event": "processBrokerHeartbeat"}),
    case("kraft.broker_registration.initial", node=0, state="fenced", brokers=[0],
         details={"broker_epoch": 13, "incarnation_id": "9hpUVjy1QbaYxZCUrwXn6Q",
                  "in_controlled_shutdown": False, "endpoints": ["192.168.168.25:9094"],
                  "registration": "initial"}),
    case("kraft.broker_registration.modified", node=3000, state="fenced", brokers=[0],
         details={"broker_epoch": 13, "incarnation_id": "9hpUVjy1QbaYxZCUrwXn6Q",
                  "in_controlled_shutdown": False, "endpoints": ["192.168.168.25:9094"],
                  "registration": "modified"}),
    case("kraft.broker_registration.new_incarnation", node=0, state="fenced", brokers=[0],
         details={"broker_epoch": 1072, "incarnation_id": "pfWNy2eBSAesGtctu2iIFg",
                  "in_controlled_shutdown": False, "endpoints": ["192.168.168.25:9094"],
                  "registration": "new_incarnation"}),
    case("kraft.broker_unregistered", node=3000, brokers=[4], details={"broker_epoch": 4294967319,
                  "registration": "unregistered"}),
    case("kraft.registration_change.fenced", node=10, brokers=[10], details={"broker_epoch": 2157}),
    case("kraft.registration_change.unfenced", node=0, brokers=[0], details={"broker_epoch": 13}),
    case("kraft.registration_change.controlled_shutdown", node=10, brokers=[10],
         details={"broker_epoch": 4409}),
    case("kraft.registration_change.fence_record", node=3000, brokers=[2], details={"broker_epoch": 42}),
    case("kraft.registration_change.unfence_record", node=3000, brokers=[2], details={"broker_epoch": 42}),
    case("kraft.registration_change", node=3000, brokers=[2], details={"broker_epoch": 42,
                  "registration": "modified"}),
    case("kraft.registration_noop", node=0, state="fenced", brokers=[0], details={"broker_epoch": 13,
                  "incarnation_id": "9hpUVjy1QbaYxZCUrwXn6Q", "in_controlled_shutdown": False,
                  "endpoints": ["192.168.168.25:9094"], "registration": "no_op"}),
    case("kraft.controller_registration", node=0, brokers=[0],
         details={"incarnation_id": "7S0x9p3TSMOPeQwdmvl6Yg", "endpoints": ["127.0.0.1:9093"],
                  "registration": "controller"}),
    case("kraft.controller_registration.3_7", node=3000, brokers=[3001],
         details={"incarnation_id": "U_dm2DasQhKvbKugftQg5g", "endpoints": ["ctl1:9093"],
                  "prev_incarnation_id": "pkXxmSGOR-O3WaBRNPkwDA", "registration": "controller"}),
    case("kraft.registration.first", node=0, brokers=[0], count=0,
         details={"incarnation_id": "XL2Hpda_SxqfMchicJDbtQ", "broker_epoch": 11, "registration": "initial"}),
    case("kraft.registration.new_incarnation", node=10, brokers=[10], count=0,
         details={"prev_incarnation_id": "OBrv820yTC6fTrgENx176Q",
                  "incarnation_id": "RnJ_0YBhS5OaxvgWtPxHHQ", "broker_epoch": 2157,
                  "registration": "new_incarnation"}),
    case("kraft.registration.amend", node=3000, brokers=[2],
         details={"incarnation_id": "RnJ_0YBhS5OaxvgWtPxHHQ", "broker_epoch": 2157,
                  "registration": "amended"}),
    case("kraft.registration.amend.3_8", node=3000, brokers=[2], details={"registration": "amended"}),
    case("kraft.registration.unknown_feature", node=3000, brokers=[2],
         details={"feature": "transaction.version"}),
    case("kraft.broker_registered.2_8", node=3000, state="fenced", brokers=[1], details={"broker_epoch": 42,
                  "incarnation_id": "RKhCGg0rR3uQiZsp4v8czw", "endpoints": ["kafka1:9092"],
                  "registration": "initial"}),
    case("kraft.broker_reregistered.same_incarnation.2_8", node=3000, state="fenced", brokers=[1],
         details={"broker_epoch": 42, "incarnation_id": "RKhCGg0rR3uQiZsp4v8czw",
                  "endpoints": ["kafka1:9092"], "registration": "modified"}),
    case("kraft.broker_reregistered.2_8", node=3000, state="fenced", brokers=[1],
         details={"broker_epoch": 42, "incarnation_id": "RKhCGg0rR3uQiZsp4v8czw",
                  "endpoints": ["kafka1:9092"], "registration": "new_incarnation"}),
    case("kraft.broker_unregistered.2_8", node=3000, brokers=[1], details={"broker_epoch": 42,
                  "registration": "unregistered"}),
    case("kraft.broker_fenced.2_8", node=3000, brokers=[1], details={"broker_epoch": 42}),
    case("kraft.broker_unfenced.2_8", node=3000, brokers=[1], details={"broker_epoch": 42}),
    case("kraft.broker_fenced.3_3", node=3000, brokers=[1]),
    case("kraft.broker_unfenced.3_3", node=3000, brokers=[1]),
    case("kraft.broker_added.3_3", node=3000, state="fenced", brokers=[1],
         details={"registration": "initial"}),
    case("kraft.broker_removed.3_3", node=3000, brokers=[1], details={"registration": "unregistered"}),
    case("kraft.unfence_granted", node=0, brokers=[0], offset=11),
    case("kraft.unfence_granted.3_3", node=3000, brokers=[1], offset=1204),
    case("kraft.unfence_granted.2_8", node=3000, brokers=[1], offset=1204),
    case("kraft.shutdown_granted", node=10, brokers=[10], offset=9223372036854775807,
         details={"controlled_shutdown_offset": 5211}),
    case("kraft.immediate_shutdown.fenced", node=3000, brokers=[2]),
    case("kraft.immediate_shutdown.unfenced", node=10, brokers=[10]),
    case("kraft.controlled_shutdown.entered", node=10, brokers=[10]),
    case("kraft.fencing_requested", node=3000, brokers=[2]),
    case("kraft.metadata_version", node=0, details={"level": "4.0-IV3", "feature": "metadata.version"}),
    case("kraft.metadata_version.3_6", node=3000, details={"level": "3.6-IV2",
                  "feature": "metadata.version"}),
    case("kraft.feature_level", node=0, details={"feature": "group.version", "level": "1"}),
    case("kraft.feature_removed", node=3000, details={"feature": "transaction.version", "removed": True}),
    case("kraft.metadata_version.3_5", node=3000, details={"level": "3.5-IV2",
                  "feature": "metadata.version"}),
    case("kraft.metadata_version.3_3", node=3000, details={"level": "7", "feature": "metadata.version"}),
    case("kraft.feature_level.3_3", node=3000, details={"feature": "metadata.version", "level": "7"}),
    case("kraft.feature_removed.3_3", node=3000, details={"feature": "kraft.version", "removed": True}),
    case("kraft.metadata_version.upgrade", node=3000, details={"prev_level": "3.6-IV2", "level": "3.7-IV4",
                  "feature": "metadata.version"}),
    case("kraft.metadata_version.downgrade", node=3000, details={"prev_level": "3.7-IV4", "level": "3.6-IV2",
                  "feature": "metadata.version"}),
    case("kraft.feature_verified", node=3000, details={"brokers_checked": 3, "controllers_checked": 3,
                  "feature": "metadata.version", "level": "19"}),
    case("kraft.zk_migration_state", node=3000, state="POST_MIGRATION", prev_state="MIGRATION"),
    case("kraft.zk_migration_state.3_5", node=3000, state="MIGRATION", prev_state="PRE_MIGRATION"),
    case("kraft.config_record", node=0, topic="__consumer_offsets", details={"config": "compression.type",
                  "value": "producer", "resource_type": "TOPIC", "resource_name": "__consumer_offsets"}),
    case("kraft.config_record.2_8", node=3000, details={"config": "log.retention.ms", "value": "86400000",
                  "resource_type": "BROKER", "resource_name": "1"}),
    case("kraft.transaction.begin", node=0, offset=1, details={"transaction": "Bootstrap records"}),
    case("kraft.transaction.end", node=0, offset=6),
    case("kraft.transaction.abort", node=3000, offset=90210, details={"reason": "Controller failover",
                  "reverted_to": 90150}),
    case("kraft.snapshot.load_start", node=3000, offset=14446, details={"snapshot_epoch": 3,
                  "prev_committed_offset": -1, "prev_transaction_start_offset": -1}),
    case("kraft.snapshot.loaded", node=3000, offset=14446, details={"snapshot_epoch": 3}),
    case("kraft.periodic_task.registered", node=0, details={"task": "writeNoOpRecord", "period_ms": 500}),
    case("kraft.periodic_task.unregistered", node=10, details={"task": "expireDelegationTokens"}),
    case("kraft.periodic_task.activated", node=0,
         details={"tasks": ["electPreferred", "electUnclean", "expireDelegationTokens", "generatePeriodicPerformanceMessage", "maybeFenceStaleBroker", "writeNoOpRecord"]}),
    case("kraft.periodic_task.deactivated", node=10, details={"tasks": ["electPreferred", "electUnclean"]}),
    case("kraft.periodic_task.ran", node=0, duration_ms=13.836, count=0, details={"task": "electPreferred"}),
    case("kraft.event_performance", node=0, duration_ms=50.78, count=331, details={"period_ms": 60000,
                  "average_ms": 10.98, "slowest_event": "registerBroker(1600824782)"}),
    case("kraft.event_performance.idle", node=10, details={"period_ms": 60000}),
    case("kraft.event_slow", node=10, duration_ms=2107.0, details={"event": "handleCommit[baseOffset=5211]"}),
    case("kraft.raft_state.leader", node=0, prev_state="candidate", controller_epoch=3, controller=0),
    case("kraft.raft_state.follower", node=3000, prev_state="unattached", controller_epoch=8,
         controller=3001, details={"voters": [3000, 3001, 3002]}),
    case("kraft.raft_state", node=0, state="candidate", prev_state="prospective", controller_epoch=3),
    case("kraft.raft_state.leader.2_8", node=3000, controller_epoch=7, controller=3000),
    case("kraft.raft_state.follower.2_8", node=3001, controller_epoch=7, controller=3000,
         details={"voters": [3000, 3001, 3002]}),
    case("kraft.raft_state.2_8", node=3000, state="candidate", controller_epoch=7),
    case("kraft.raft_state.durable", node=0, state="resigned", controller_epoch=2, details={"voters": [0]}),
    case("kraft.raft_state.stale_epoch", node=3000, controller_epoch=7,
         details={"path": "/var/lib/kafka/meta/__cluster_metadata-0/quorum-state", "log_epoch": 8}),
    case("kraft.raft_state.stale_epoch.2_8", node=3000, controller_epoch=7, details={"log_epoch": 8}),
    case("kraft.raft_state.cleared", node=3000,
         details={"store": "FileBasedStateStore(stateFile=/var/lib/kafka/meta/__cluster_metadata-0/quorum-state)"}),
    case("kraft.raft_state.unknown_leader", node=3000,
         details={"election_state": "ElectionState(epoch=8, leaderId=OptionalInt[3003], votedKey=Optional.empty, voters=[3000, 3001, 3002])",
                  "voter_set": "VoterSet(voters={})"}),
    case("kraft.vote", node=3001, state="granted", controller_epoch=8, details={"candidate": 3000}),
    case("kraft.vote.2_8", node=3001, state="rejected", details={"candidate": 3000}),
    case("kraft.election_lost", node=3002, details={"rejected_by": "[3000, 3001]"}),
    case("kraft.election_retry", node=3002),
    case("kraft.fetch_timeout", node=3000),
    case("kraft.election_timeout", node=3002, duration_ms=412.0),
    case("kraft.resign", node=3000, controller_epoch=7),
    case("kraft.log_truncated", node=3002, offset=90180, controller=3001),
    case("kraft.log_truncated_fully", node=3002, offset=14446, controller=3001,
         details={"last_fetched_epoch": 3, "snapshot": "OffsetAndEpoch(offset=14446, epoch=3)"}),
    case("kraft.snapshot_fetch", node=3002, controller=3001,
         details={"snapshot": "OffsetAndEpoch(offset=14446, epoch=3)"}),
    case("kraft.snapshot_fetch.exists", node=3002, controller=3001,
         details={"snapshot": "OffsetAndEpoch(offset=14446, epoch=3)"}),
    case("kraft.raft_init", node=0),
    case("kraft.raft_voters", node=0, details={"voters": [0]}),
    case("kraft.raft_request_manager.static", node=0, details={"voters": [0]}),
    case("kraft.raft_request_manager.bootstrap", node=3000,
         details={"bootstrap_servers": "[ctl1:9093 (id: -2 rack: null isFenced: false)]"}),
    case("kraft.raft_listener.registered", node=0,
         details={"listener": "org.apache.kafka.image.loader.MetadataLoader@932781395"}),
    case("kraft.raft_listener.unregistered", node=3000,
         details={"listener": "org.apache.kafka.image.loader.MetadataLoader@932781395"}),
    case("kraft.raft_listener.next_offset", node=0, offset=0,
         details={"listener": "org.apache.kafka.image.loader.MetadataLoader@932781395"}),
    case("kraft.raft_shutdown.begin", node=10),
    case("kraft.raft_shutdown.done", node=10),
    case("kraft.raft_shutdown.timeout", node=3000, duration_ms=5000.0),
    case("kraft.broker.incarnation", node=10, details={"incarnation_id": "RnJ_0YBhS5OaxvgWtPxHHQ",
                  "cluster_id": "53umScLzTeajz4ICoMMl1A"}),
    case("kraft.broker.registered", node=0, details={"broker_epoch": 11, "registration": "accepted"}),
    case("kraft.broker.registration_error", node=0, error="DUPLICATE_BROKER_REGISTRATION"),
    case("kraft.broker.registration_timeout", node=10),
    case("kraft.broker.registration_auth", node=10,
         error="org.apache.kafka.common.errors.SaslAuthenticationException",
         details={"error_message": "Authentication failed"}),
    case("kraft.broker.registration_version", node=10),
    case("kraft.broker.registration_invalid", node=10),
    case("kraft.broker.registration_failed", node=10),
    case("kraft.broker.registration_gave_up", node=10),
    case("kraft.broker.log_dir_unreported", node=10, details={"log_dir": "kXUJD2A9YWQ2GIJctGNUGg"}),
    case("kraft.heartbeat.timeout", node=10),
    case("kraft.heartbeat.error", node=10, error="STALE_BROKER_EPOCH"),
    case("kraft.heartbeat.auth", node=10),
    case("kraft.heartbeat.version", node=10),
    case("kraft.heartbeat.invalid", node=10),
    case("kraft.heartbeat.retry", node=10),
    case("kraft.broker.caught_up", node=0),
    case("kraft.broker.in_recovery", node=0),
    case("kraft.broker.unfenced", node=0),
    case("kraft.broker.controlled_shutdown", node=10),
    case("kraft.broker.controlled_shutdown.again", node=10),
    case("kraft.broker.controlled_shutdown.skipped", node=10, prev_state="starting"),
    case("kraft.broker.controlled_shutdown.pending", node=10),
    case("kraft.broker.controlled_shutdown.granted", node=10),
    case("kraft.broker.controlled_shutdown.granted.2_8", node=10),
    case("kraft.broker.shutting_down", node=10),
    case("kraft.broker.transition", node=10, state="shutting_down", prev_state="pending_controlled_shutdown"),
    case("kraft.broker_server.starting", node=0),
    case("kraft.broker_server.transition", node=0, state="started", prev_state="starting"),
    case("kraft.broker_server.no_op_persister", node=0),
    case("kraft.broker_server.metadata_catch_up", node=1),
    case("kraft.broker_server.shutdown_timeout", node=1),
    case("kraft.broker_server.shutdown_error", node=1, error="java.util.concurrent.ExecutionException",
         details={"error_message": "java.lang.InterruptedException"}),
    case("kraft.server.startup_failed", node=10),
    case("kraft.server.shutdown_failed", node=3000),
    case("kraft.controller_server.starting", node=0),
    case("kraft.server.shutting_down", node=10),
    case("kraft.broker_server.shut_down", node=10),
    case("kraft.server.waiting", node=0,
         details={"step": "the controller to acknowledge that we are caught up", "wait": "waiting"}),
    case("kraft.server.waited", node=0,
         details={"step": "the controller to acknowledge that we are caught up", "wait": "finished"}),
    case("kraft.server.wait_timed_out", node=1,
         details={"step": "the controller to acknowledge that we are caught up"}),
    case("kraft.server.wait_failed", node=10,
         details={"step": "the controller to acknowledge that we are caught up"}),
    case("kraft.shared_server.starting", node=0),
    case("kraft.shared_server.stopping", node=10),
    case("kraft.shared_server.start_failed", node=1, error="java.lang.RuntimeException",
         details={"error_message": "Unable to open the metadata log"}),
    case("kraft.shared_server.publishers_failed", node=1),
    case("kraft.raft_server.started", node=0),
    case("kraft.loader.unknown_hw", node=0, details={"where": "initializeNewPublishers"}),
    case("kraft.loader.behind", node=0, hw=3886, offset=0,
         details={"where": "maybePublishMetadata(LOG_DELTA)"}),
    case("kraft.loader.no_controller_record", node=0, hw=1, offset=0,
         details={"where": "initializeNewPublishers"}),
    case("kraft.loader.caught_up", node=0, hw=3886, details={"where": "maybePublishMetadata(LOG_DELTA)"}),
    case("kraft.loader.unknown_hw.3_4", node=1),
    case("kraft.loader.behind.3_4", node=1, hw=1204, offset=120),
    case("kraft.loader.caught_up.3_4", node=1, hw=1204),
    case("kraft.loader.publisher", node=0, offset=3885, details={"publisher": "SnapshotGenerator"}),
    case("kraft.loader.publisher.3_4", node=1, offset=1203, details={"publisher": "BrokerMetadataPublisher"}),
    case("kraft.loader.snapshot_delta", node=1, offset=-1, duration_ms=21.877,
         details={"snapshot": "00000000000000014446-0000000003"}),
    case("kraft.loader.snapshot_count", node=1, count=1,
         details={"snapshot": "00000000000000014446-0000000003"}),
    case("kraft.loader.snapshot_delta.3_5", node=1, offset=14445, duration_ms=21.877),
    case("kraft.loader.snapshot_image.3_5", node=1,
         details={"provenance": "MetadataProvenance(lastContainedOffset=14445, lastContainedEpoch=3, lastContainedLogTimeMs=1688983200000)"}),
    case("kraft.snapshot.creating", node=1, offset=14446, details={"snapshot_epoch": 3,
                  "reason": "we have waited at least 60 minute(s)"}),
    case("kraft.snapshot.disabled", node=1, offset=14446, details={"snapshot_epoch": 3,
                  "reason": "we have replayed at least 20971520 bytes",
                  "disabled_reason": "we are shutting down"}),
    case("kraft.snapshot.written", node=1, offset=14446, details={"snapshot_epoch": 3}),
    case("kraft.snapshot.exists.3_4", node=1, offset=14446, details={"snapshot_epoch": 3}),
    case("kraft.snapshot.write_failed", node=1, offset=14446, error="java.io.IOException",
         details={"snapshot_epoch": 3, "error_message": "No space left on device"}),
]


@pytest.mark.parametrize(("template", "log_line", "expected"), CASES)
def test_each_entry_yields_its_typed_fields(template: str, log_line: str, expected: dict[str, Any]) -> None:
    assert_entry(template, log_line, expected)


def test_every_kraft_entry_has_a_typed_field_case() -> None:
    missing = unspecified(kraft.TEMPLATES, (c.values[0] for c in CASES))
    assert not missing, f"entries without a case above: {missing}"
