"""The Java consumer client's group-membership lines, as specifications.

Each line is written the way the named Kafka version's source formats it (Kafka's default
layout ``[%d] %p %m (%c)%n``); wording per version: kafka-log-templates.md §3.  The
behaviours first, then one table with a case per catalogue entry asserting its typed fields.
"""

from __future__ import annotations

from typing import Any

import pytest

from kafka_forensics.parsers.catalogue import consumer
from tests.support import assert_entry, details, events, line, one, unspecified

AC = "org.apache.kafka.clients.consumer.internals.AbstractCoordinator"
CC = "org.apache.kafka.clients.consumer.internals.ConsumerCoordinator"
WC = "org.apache.kafka.connect.runtime.distributed.WorkerCoordinator"
INVOKER = "org.apache.kafka.clients.consumer.internals.ConsumerRebalanceListenerInvoker"
UTILS = "org.apache.kafka.clients.consumer.internals.ConsumerUtils"
MMI = "org.apache.kafka.clients.consumer.internals.MembershipManagerImpl"
CMM = "org.apache.kafka.clients.consumer.internals.ConsumerMembershipManager"
HRM = "org.apache.kafka.clients.consumer.internals.HeartbeatRequestManager"
CHRM = "org.apache.kafka.clients.consumer.internals.ConsumerHeartbeatRequestManager"
CRM = "org.apache.kafka.clients.consumer.internals.CoordinatorRequestManager"
COMMITS = "org.apache.kafka.clients.consumer.internals.CommitRequestManager"

P = "[Consumer clientId=consumer-orders-2, groupId=orders] "
P1 = "[Consumer clientId=consumer-3, groupId=orders] "  # 1.0–2.3 default client ids
PS = "[Consumer instanceId=orders-host-b, clientId=consumer-orders-2, groupId=orders] "
PW = "[Worker clientId=connect-2, groupId=connect-cluster] "
# broker 3 as the consumer prints its coordinator: id = Integer.MAX_VALUE - 3
NODE = "kafka3.internal:9093 (id: 2147483644 rack: eu-west-1c)"
M = "consumer-orders-2-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9"
GEN = f"Generation{{generationId=7, memberId='{M}', protocol='cooperative-sticky'}}"
NO_GEN = "Generation{generationId=-1, memberId='', protocol='null'}"
NEW_M = "q9VZx3lmTZ-8d1c4p0Ajnw"






# --- coordinator: who it is, when it is lost ------------------------------------------------

def test_the_coordinator_is_the_broker_id_not_the_clients_connection_id() -> None:
    # AbstractCoordinator keeps `new Node(Integer.MAX_VALUE - brokerId, …)`: "id: 2147483644" is broker 3
    row = one(line("INFO", P + f"Discovered group coordinator {NODE}", CC))
    assert row["kind"] == "consumer_coordinator_discovered"
    assert row["coordinator"] == 3
    assert (row["group"], row["client_id"]) == ("orders", "consumer-orders-2")


def test_the_new_consumer_discovery_prints_the_find_coordinator_data_with_the_broker_id() -> None:
    # 3.7+ CoordinatorRequestManager logs the FindCoordinator response's Coordinator(...) itself
    row = one(line("INFO", P + "Discovered group coordinator Coordinator(key='orders', nodeId=3, "
                   "host='kafka3.internal', port=9093, errorCode=0, errorMessage='')", CRM))
    assert row["coordinator"] == 3


def test_0_10_lines_have_no_prefix_and_name_the_group_in_the_text() -> None:
    row = one(line("INFO", f"Discovered coordinator {NODE} for group orders.", AC, "2017-03-01 10:00:00,000"))
    assert (row["group"], row["client_id"], row["coordinator"]) == ("orders", None, 3)


def test_abstract_coordinator_wording_is_logged_under_the_subclass_from_3_0() -> None:
    # apache/kafka#10149: the same "(Re-)joining group" is AbstractCoordinator's ≤2.8, ConsumerCoordinator's 3.0+
    old = one(line("INFO", P + "(Re-)joining group", AC, "2021-07-09 11:00:00,000"))
    new = one(line("INFO", P + "(Re-)joining group", CC))
    assert old["template"] == new["template"] == "consumer.joining"
    assert (old["logger"], new["logger"]) == (AC, CC)


def test_a_0_10_wording_is_not_looked_for_under_a_3_x_logger() -> None:
    # "(Re-)joining group <group>" only ever came from AbstractCoordinator (0.10–0.11)
    assert events(line("INFO", "(Re-)joining group orders", CC)).height == 0


def test_a_connect_worker_logs_the_coordinator_wording_with_its_own_prefix_and_logger() -> None:
    row = one(line("INFO", PW + "Successfully joined group with generation "
                   "Generation{generationId=41, memberId='connect-2-0c1d2e3f', protocol='sessioned'}", WC))
    assert (row["group"], row["client_id"], row["generation"]) == ("connect-cluster", "connect-2", 41)
    assert (row["member"], row["protocol"]) == ("connect-2-0c1d2e3f", "sessioned")


def test_a_sink_task_consumer_in_a_connect_worker_log_is_recognised_behind_its_connector_context() -> None:
    # connect-log4j.properties (2.4+): [%d] %p %X{connector.context}%m (%c:%L)%n
    row = one("[2022-04-04 10:05:54,991] INFO [pg-sink|task-0] [Consumer clientId=connector-consumer-pg-sink-0, "
              "groupId=connect-pg-sink] Member connector-consumer-pg-sink-0-33f404e0 sending LeaveGroup request "
              f"to coordinator {NODE} due to the consumer is being closed ({CC}:1048)")
    assert (row["template"], row["group"], row["client_id"], row["cause"]) == (
        "consumer.leave", "connect-pg-sink", "connector-consumer-pg-sink-0", "close")


def test_connect_context_alone_stands_before_a_prefix_less_static_logger_line() -> None:
    row = one(line("INFO", "[pg-sink|task-0] Setting offset for partition orders-2 to the committed offset "
                   "FetchPosition{offset=55, offsetEpoch=Optional.empty, currentLeader=LeaderAndEpoch{"
                   "leader=Optional.empty, epoch=absent}}", UTILS))
    assert (row["topic"], row["partition"], row["offset"]) == ("orders", 2, 55)


def test_a_static_member_prefix_yields_its_group_instance_id() -> None:
    # KIP-345 (2.3+): [Consumer instanceId=…, clientId=…, groupId=…]
    row = one(line("INFO", PS + "(Re-)joining group", CC))
    assert (row["instance_id"], row["client_id"], row["group"]) == ("orders-host-b", "consumer-orders-2", "orders")


def test_the_2_7_to_3_2_coordinator_loss_keeps_kafkas_missing_space_and_names_the_error() -> None:
    row = one(line("INFO", P + f"Group coordinator {NODE} is unavailable or invalid due to cause: error "
                   "response NOT_COORDINATOR.isDisconnected: false. Rediscovery will be attempted.", AC,
                   "2021-07-09 11:00:00,000"))
    assert row["template"] == "consumer.coordinator_lost.2_7"
    assert (row["coordinator"], row["reason"], row["cause"], row["error"]) == (
        3, "error response NOT_COORDINATOR", "error_response", "NOT_COORDINATOR")
    assert details(row) == {"disconnected": False}


def test_a_session_timeout_drops_the_coordinator() -> None:
    # the heartbeat thread: markCoordinatorUnknown("session timed out without receiving a heartbeat response")
    row = one(line("INFO", P + f"Group coordinator {NODE} is unavailable or invalid due to cause: session "
                   "timed out without receiving a heartbeat response. isDisconnected: false. Rediscovery will "
                   "be attempted.", CC))
    assert (row["kind"], row["cause"]) == ("consumer_coordinator_lost", "session_timeout")


def test_the_new_consumers_coordinator_loss_cause_is_an_error_message() -> None:
    row = one(line("INFO", P + f"Group coordinator {NODE} is unavailable or invalid due to cause: The "
                   "coordinator is not available.. Rediscovery will be attempted.", CRM))
    assert (row["coordinator"], row["error"]) == (3, "COORDINATOR_NOT_AVAILABLE")


# --- join / sync ---------------------------------------------------------------------------

@pytest.mark.parametrize(("msg", "logger", "expected"), [
    pytest.param("Successfully joined group orders with generation 3", AC,
                 {"group": "orders", "generation": 3, "member": None}, id="0.10-group-in-text"),
    pytest.param(P1 + "Successfully joined group with generation 12", AC,
                 {"group": "orders", "generation": 12, "member": None}, id="1.0-2.6.0-int"),
    pytest.param(P + f"Successfully joined group with generation {GEN}", CC,
                 {"group": "orders", "generation": 7, "member": M, "protocol": "cooperative-sticky"},
                 id="2.6.1+-Generation"),
])
def test_successfully_joined_yields_the_generation_in_every_shape(msg: str, logger: str,
                                                                   expected: dict[str, Any]) -> None:
    row = one(line("INFO", msg, logger))
    assert row["kind"] == "consumer_joined"
    assert {k: row[k] for k in expected} == expected


def test_a_generation_before_the_first_join_has_no_member_and_no_protocol() -> None:
    # Generation.NO_GENERATION prints memberId='' and protocol='null'
    row = one(line("DEBUG", P + "JoinGroup failed due to non-fatal error: MEMBER_ID_REQUIRED. Will set the "
                   f"member id as {M} and then rejoin. Sent generation was {NO_GEN}", CC))
    assert (row["generation"], row["protocol"]) == (-1, None)
    assert row["member"] == M  # the member id the coordinator handed out


@pytest.mark.parametrize(("reason", "cause", "fields"), [
    pytest.param(f"need to re-join with the given member-id: {M}", "member_id_required", {"member": M},
                 id="KIP-394-member-id"),
    pytest.param("group is already rebalancing", "rebalance_in_progress", {}, id="heartbeat-rebalancing"),
    pytest.param("need to revoke partitions [orders-1] as indicated by the current assignment and re-join",
                 "revoke_partitions", {"partitions": ["orders-1"]}, id="cooperative-revocation"),
    pytest.param("cached metadata has changed from (version3: {orders=6}) at the beginning of the rebalance "
                 "to (version4: {orders=12})", "metadata_change", {}, id="partitions-added"),
    pytest.param("subscription has changed from [orders] at the beginning of the rebalance to [orders, "
                 "refunds]", "subscription_change", {}, id="subscription"),
    pytest.param("rebalance failed due to 'Specified group generation id is not valid.' "
                 "(IllegalGenerationException)", "rebalance_failed", {"error": "IllegalGenerationException"},
                 id="3.2-full-reason"),
    pytest.param("encountered UNKNOWN_MEMBER_ID from SYNC_GROUP response", "error_response",
                 {"error": "UNKNOWN_MEMBER_ID", "api": "SYNC_GROUP"}, id="error-response"),
    pytest.param("rebalance enforced by user", "enforced", {}, id="enforceRebalance"),
    pytest.param("connect worker requested rejoin", "connect_rejoin", {}, id="connect"),
])
def test_a_rejoin_request_names_its_normalised_cause(reason: str, cause: str, fields: dict[str, Any]) -> None:
    row = one(line("INFO", P + f"Request joining group due to: {reason}", CC))
    assert (row["kind"], row["reason"], row["cause"]) == ("consumer_rejoin_requested", reason, cause)
    assert {k: row[k] for k in fields} == fields


def test_a_fatal_new_consumer_member_without_id_prints_an_empty_member() -> None:
    # 3.7–3.9 transitionToFatal logs "Member {} …" exactly when the member id is empty
    row = one(line("ERROR", P + "Member  with epoch 0 transitioned to FATAL state", MMI))
    assert (row["kind"], row["member"], row["state"]) == ("consumer_member_transition", None, "FATAL")


def test_resetting_generation_and_member_id_is_flagged_in_details() -> None:
    # 3.2+: "Resetting generation {and member id }due to: …"
    row = one(line("INFO", P + "Resetting generation and member id due to: encountered FENCED_INSTANCE_ID "
                   "from JOIN_GROUP response", CC))
    assert (row["kind"], row["error"], row["api"]) == ("consumer_generation_reset", "FENCED_INSTANCE_ID",
                                                       "JOIN_GROUP")
    assert details(row) == {"member_id_reset": True}


def test_an_error_message_is_traced_back_to_its_error_code() -> None:
    # JoinGroup/SyncGroup failures print error.message(), not the code (2.7+)
    row = one(line("INFO", P + "SyncGroup failed: The group is rebalancing, so a rejoin is needed. Need to "
                   f"re-join the group. Sent generation was {GEN}", CC))
    assert row["error"] == "REBALANCE_IN_PROGRESS"
    assert details(row)["error_message"] == "The group is rebalancing, so a rejoin is needed."


def test_an_error_0_10_printed_under_a_since_renamed_name_gets_its_current_name() -> None:
    # 0.10's NOT_COORDINATOR_FOR_GROUP is code 16, NOT_COORDINATOR since 0.11 (errors.RENAMED)
    row = one(line("DEBUG", "SyncGroup for group orders failed due to NOT_COORDINATOR_FOR_GROUP", AC,
                   "2017-03-01 10:00:00,000"))
    assert row["error"] == "NOT_COORDINATOR"


def test_an_unknown_error_message_is_kept_without_a_code() -> None:
    row = one(line("INFO", P + "JoinGroup failed: Something new went wrong. Need to re-join the group. Sent "
                   f"generation was {GEN}", CC))
    assert row["error"] is None
    assert details(row)["error_message"] == "Something new went wrong."


def test_the_2_6_fenced_join_failure_prints_instance_id_and_generation_swapped() -> None:
    # 2.6 passes (groupInstanceId, sentGeneration) into "with generation {} … instance id {}"
    row = one(line("ERROR", PS + "Attempt to join group with generation Optional[orders-host-b] failed because "
                   f"the group instance id {GEN} has been fenced by another instance", AC))
    assert (row["instance_id"], row["generation"], row["error"]) == ("orders-host-b", 7, "FENCED_INSTANCE_ID")


def test_a_rebalance_failed_record_takes_its_error_from_the_stack_trace() -> None:
    row = one(line("INFO", P + "Rebalance failed.\norg.apache.kafka.common.errors.DisconnectException\n"
                   "\tat org.apache.kafka.clients.consumer.internals.ConsumerNetworkClient.poll(X.java:1)", AC))
    assert row["error"] == "org.apache.kafka.common.errors.DisconnectException"


# --- heartbeat and poll timeout -------------------------------------------------------------

def test_the_heartbeat_typo_for_since_is_recognised() -> None:
    # 2.0–2.5: "Attempt to heartbeat failed for since member id {} is not valid."
    row = one(line("INFO", P1 + "Attempt to heartbeat failed for since member id consumer-3-aa is not valid.", AC))
    assert (row["kind"], row["member"], row["error"]) == ("consumer_heartbeat_failed", "consumer-3-aa",
                                                          "UNKNOWN_MEMBER_ID")


def test_a_2_6_heartbeat_failure_names_generation_error_and_instance_id() -> None:
    row = one(line("INFO", PS + f"Attempt to heartbeat with {GEN} and group instance id Optional[orders-host-b] "
                   "failed due to FENCED_INSTANCE_ID, resetting generation", CC))
    assert (row["generation"], row["member"], row["instance_id"], row["error"]) == (
        7, M, "orders-host-b", "FENCED_INSTANCE_ID")


@pytest.mark.parametrize(("level", "msg", "logger", "template"), [
    pytest.param("WARN", P1 + "This member will leave the group because consumer " + consumer.POLL_TIMEOUT_TEXT,
                 AC, "consumer.poll_timeout.2_1", id="2.1-2.3-warn"),
    pytest.param("INFO", P + f"Member {M} sending LeaveGroup request to coordinator {NODE} due to consumer "
                 + consumer.POLL_TIMEOUT_TEXT, AC, "consumer.poll_timeout.2_4", id="2.4-2.8-leave-reason"),
    pytest.param("WARN", P + "consumer " + consumer.POLL_TIMEOUT_TEXT, CC, "consumer.poll_timeout",
                 id="3.0+-warn"),
    pytest.param("WARN", P + "Consumer " + consumer.POLL_TIMEOUT_TEXT, CHRM, "consumer.poll_timeout.new",
                 id="new-consumer-4.0"),
])
def test_max_poll_interval_expiry_is_a_poll_timeout_in_every_era(level: str, msg: str, logger: str,
                                                                  template: str) -> None:
    row = one(line(level, msg, logger))
    assert (row["kind"], row["template"], row["cause"]) == ("consumer_poll_timeout", template, "poll_timeout")


def test_the_3_x_leave_after_a_poll_timeout_is_a_leave_with_that_cause() -> None:
    # 3.0+ logs the WARN above, then LeaveGroup with the short reason
    row = one(line("INFO", P + f"Member {M} sending LeaveGroup request to coordinator {NODE} due to consumer "
                   "poll timeout has expired.", CC))
    assert (row["kind"], row["member"], row["coordinator"], row["cause"]) == (
        "consumer_leave", M, 3, "poll_timeout")


def test_closing_the_consumer_leaves_the_group_with_cause_close() -> None:
    row = one(line("INFO", P + f"Member {M} sending LeaveGroup request to coordinator {NODE} due to the "
                   "consumer is being closed", CC))
    assert row["cause"] == "close"


# --- partitions ----------------------------------------------------------------------------

@pytest.mark.parametrize(("msg", "logger", "partitions"), [
    pytest.param("Revoking previously assigned partitions [orders-0, orders-1] for group orders", CC,
                 ["orders-0", "orders-1"], id="0.10-bracketed"),
    pytest.param(P1 + "Revoking previously assigned partitions [orders-0, orders-1]", CC,
                 ["orders-0", "orders-1"], id="1.0-2.3-bracketed"),
    pytest.param(P + "Revoke previously assigned partitions orders-0, orders-1", CC,
                 ["orders-0", "orders-1"], id="2.4+-joined"),
    pytest.param(P + "Revoke previously assigned partitions ", INVOKER, [], id="3.7+-invoker-empty"),
    pytest.param(P + "Revoking previously assigned partitions orders-0, orders-1", CMM,
                 ["orders-0", "orders-1"], id="new-consumer"),
])
def test_revoked_partitions_are_a_list_in_every_rendering(msg: str, logger: str, partitions: list[str]) -> None:
    row = one(line("INFO", msg, logger))
    assert (row["kind"], row["partitions"]) == ("consumer_partitions_revoked", partitions)


def test_topic_names_with_dashes_and_dots_stay_whole() -> None:
    row = one(line("INFO", P + "Adding newly assigned partitions: eu.orders-v2-0, eu.orders-v2-11", INVOKER))
    assert row["partitions"] == ["eu.orders-v2-0", "eu.orders-v2-11"]


def test_2_2_assigned_partitions_colon_is_not_mistaken_for_the_1_0_shape() -> None:
    row = one(line("INFO", P1 + "Setting newly assigned partitions: orders-0, orders-2", CC))
    assert (row["template"], row["partitions"]) == ("consumer.partitions_assigned.2_2", ["orders-0", "orders-2"])


# --- multi-line records, end to end ---------------------------------------------------------

def test_cooperative_updating_assignment_2_6_is_one_record_with_its_four_lists() -> None:
    log = (
        line("INFO", P + "Updating assignment with\n"
             "\tAssigned partitions:                       [orders-0, orders-3]\n"
             "\tCurrent owned partitions:                  [orders-0, orders-1]\n"
             "\tAdded partitions (assigned - owned):       [orders-3]\n"
             "\tRevoked partitions (owned - assigned):     [orders-1]\n", CC) + "\n"
        + line("INFO", P + "Revoke previously assigned partitions orders-1", CC, "2024-05-06 07:08:09,011")
    )
    ev = events(log)
    assert ev["kind"].to_list() == ["consumer_assignment_updated", "consumer_partitions_revoked"]
    assert ev["line"].to_list() == [1, 7]
    first = ev.row(0, named=True)
    assert first["partitions"] == ["orders-0", "orders-3"]
    assert details(first) == {"owned": ["orders-0", "orders-1"], "added": ["orders-3"], "revoked": ["orders-1"]}
    assert first["raw"].count("\n") == 5 and first["logger"] == CC


def test_cooperative_updating_assignment_2_4_has_the_older_untabbed_lines() -> None:
    row = one(line("INFO", P + "Updating assignment with\nnow assigned partitions: orders-0, orders-3\n"
                   "compare with previously owned partitions: orders-0\nnewly added partitions: orders-3\n"
                   "revoked partitions: \n", CC))
    assert (row["template"], row["partitions"]) == ("consumer.assignment_updated.2_4", ["orders-0", "orders-3"])
    assert details(row) == {"owned": ["orders-0"], "added": ["orders-3"], "revoked": []}


def test_the_3_7_new_consumer_prints_topic_ids_that_are_dropped() -> None:
    row = one(line("INFO", P + "Updating assignment with\n"
                   "\tAssigned partitions:                       [qZ2y3J1OQ6K9xq9kN2m4Lw:orders-0]\n"
                   "\tCurrent owned partitions:                  []\n"
                   "\tAdded partitions (assigned - owned):       [orders-0]\n"
                   "\tRevoked partitions (owned - assigned):     []\n", MMI))
    assert row["partitions"] == ["orders-0"]


def test_new_consumer_reconciliation_is_one_record_naming_member_and_local_epoch() -> None:
    log = (
        line("INFO", P + "Reconciling assignment with local epoch 5\n"
             f"\tMember:                                    {NEW_M}\n"
             "\tAssigned partitions:                       [orders-1]\n"
             "\tCurrent owned partitions:                  [orders-0, orders-1]\n"
             "\tAdded partitions (assigned - owned):       []\n"
             "\tRevoked partitions (owned - assigned):     [orders-0]\n", CMM) + "\n"
        + line("INFO", P + f"Member {NEW_M} with epoch 9 transitioned from RECONCILING to ACKNOWLEDGING.", CMM,
               "2024-05-06 07:08:09,020")
    )
    ev = events(log)
    assert ev["kind"].to_list() == ["consumer_assignment_updated", "consumer_member_transition"]
    rec = ev.row(0, named=True)
    assert (rec["member"], rec["partitions"]) == (NEW_M, ["orders-1"])
    assert details(rec) == {"local_epoch": 5, "owned": ["orders-0", "orders-1"], "added": [],
                            "revoked": ["orders-0"]}
    tr = ev.row(1, named=True)
    assert (tr["prev_state"], tr["state"], details(tr)) == ("RECONCILING", "ACKNOWLEDGING", {"member_epoch": 9})


def test_a_rebalance_seen_from_one_eager_consumer_2_3() -> None:
    ts = iter(f"2019-08-21 13:05:{s:02d},000" for s in range(10, 60))
    log = "\n".join([
        line("INFO", P1 + "Revoking previously assigned partitions [orders-0, orders-1]", CC, next(ts)),
        line("INFO", P1 + "(Re-)joining group", AC, next(ts)),
        line("INFO", P1 + "Successfully joined group with generation 15", AC, next(ts)),
        line("INFO", P1 + "Setting newly assigned partitions: orders-1", CC, next(ts)),
        line("INFO", P1 + "Setting offset for partition orders-1 to the committed offset FetchPosition{"
             "offset=4410, offsetEpoch=Optional[2], currentLeader=LeaderAndEpoch{leader=kafka3.internal:9093 "
             "(id: 3 rack: eu-west-1c), epoch=2}}", CC, next(ts)),
    ])
    ev = events(log)
    assert ev["kind"].to_list() == [
        "consumer_partitions_revoked", "consumer_joining", "consumer_joined", "consumer_partitions_assigned",
        "consumer_offset_reset",
    ]
    assert ev["generation"].to_list()[2] == 15
    last = ev.row(4, named=True)
    assert (last["topic"], last["partition"], last["offset"], last["leader"], last["leader_epoch"]) == (
        "orders", 1, 4410, 3, 2)


# --- every entry: a line and its typed fields ----------------------------------------------

def case(template: str, level: str, msg: str, logger: str, **expected: Any) -> Any:
    return pytest.param(template, line(level, msg, logger), expected, id=template)


CASES = [
    case("consumer.coordinator_discovered.0_10", "INFO", f"Discovered coordinator {NODE} for group orders.", AC,
         group="orders", coordinator=3),
    case("consumer.coordinator_discovered.1_0_0", "INFO", P1 + f"Discovered coordinator {NODE}", AC,
         group="orders", client_id="consumer-3", coordinator=3),
    case("consumer.coordinator_discovered", "INFO", PW + f"Discovered group coordinator {NODE}", WC,
         group="connect-cluster", coordinator=3),
    case("consumer.coordinator_lost.0_10", "INFO", f"Marking the coordinator {NODE} dead for group orders", AC,
         group="orders", coordinator=3),
    case("consumer.coordinator_lost.1_0_0", "INFO", P1 + f"Marking the coordinator {NODE} dead", AC,
         coordinator=3),
    case("consumer.coordinator_lost.1_0_2", "INFO", P1 + f"Group coordinator {NODE} is unavailable or invalid, "
         "will attempt rediscovery", AC, coordinator=3),
    case("consumer.coordinator_lost.2_7", "INFO", P + f"Group coordinator {NODE} is unavailable or invalid due "
         "to cause: coordinator unavailable.isDisconnected: true. Rediscovery will be attempted.", CC,
         coordinator=3, cause="coordinator_unavailable", details={"disconnected": True}),
    case("consumer.coordinator_lost.3_3", "INFO", P + f"Group coordinator {NODE} is unavailable or invalid due "
         "to cause: error response COORDINATOR_NOT_AVAILABLE. isDisconnected: false. Rediscovery will be "
         "attempted.", CC, coordinator=3, error="COORDINATOR_NOT_AVAILABLE", cause="error_response"),
    case("consumer.coordinator_lost.new", "INFO", P + "Group coordinator Optional.empty is unavailable or "
         "invalid due to cause: This is not the correct coordinator.. Rediscovery will be attempted.", CRM,
         coordinator=None, error="NOT_COORDINATOR"),
    case("consumer.coordinator_disconnect", "INFO", P + f"Requesting disconnect from last known coordinator "
         f"{NODE}", CC, coordinator=3),
    case("consumer.disconnected", "WARN", P + "Consumer has been disconnected from the group coordinator for "
         "120004ms", CC, duration_ms=120004.0),
    case("consumer.joining.0_10", "INFO", "(Re-)joining group orders", AC, group="orders"),
    case("consumer.joining", "INFO", PW + "(Re-)joining group", WC, group="connect-cluster",
         client_id="connect-2"),
    case("consumer.joined.0_10", "INFO", "Successfully joined group orders with generation 3", AC,
         group="orders", generation=3),
    case("consumer.joined.2_6_1", "INFO", P + f"Successfully joined group with generation {GEN}", CC,
         generation=7, member=M, protocol="cooperative-sticky"),
    case("consumer.joined.1_0", "INFO", P1 + "Successfully joined group with generation 12", AC, generation=12),
    case("consumer.synced", "INFO", P + f"Successfully synced group in generation {GEN}", CC,
         generation=7, member=M, protocol="cooperative-sticky"),
    case("consumer.rejoin_requested", "INFO", P + "Request joining group due to: group is already rebalancing",
         CC, cause="rebalance_in_progress", reason="group is already rebalancing"),
    case("consumer.generation_reset.member", "INFO", P + "Resetting generation and member id due to: "
         "consumer pro-actively leaving the group", CC, cause="leave_group"),
    case("consumer.generation_reset", "INFO", P + "Resetting generation due to: encountered "
         "ILLEGAL_GENERATION from OFFSET_COMMIT response", CC, error="ILLEGAL_GENERATION", api="OFFSET_COMMIT"),
    case("consumer.generation_reset.2_5", "DEBUG", P + "Resetting generation after encountering "
         "ILLEGAL_GENERATION from JOIN_GROUP response and requesting re-join", AC,
         error="ILLEGAL_GENERATION", api="JOIN_GROUP"),
    case("consumer.generation_reset.2_4", "DEBUG", P + "Resetting generation after encountering "
         "UNKNOWN_MEMBER_ID from HEARTBEAT response", AC, error="UNKNOWN_MEMBER_ID", api="HEARTBEAT"),
    case("consumer.generation_reset.leave", "DEBUG", P + "Resetting generation due to consumer pro-actively "
         "leaving the group", AC, cause="leave_group"),
    case("consumer.join_failed.fatal.0_10", "ERROR", "Attempt to join group orders failed due to fatal error: "
         "The session timeout is not within the range allowed by the broker (as configured by "
         "group.min.session.timeout.ms and group.max.session.timeout.ms).", AC,
         group="orders", error="INVALID_SESSION_TIMEOUT"),
    case("consumer.join_failed.coordinator.0_10", "DEBUG", "Attempt to join group orders failed due to "
         "obsolete coordinator information: The group coordinator is not available.", AC,
         error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.join_failed.unknown_member.0_10", "DEBUG", "Attempt to join group orders failed due to "
         "unknown member id.", AC, group="orders", error="UNKNOWN_MEMBER_ID"),
    case("consumer.join_failed.loading.0_10", "DEBUG", f"Attempt to join group orders rejected since "
         f"coordinator {NODE} is loading the group.", AC, coordinator=3, error="COORDINATOR_LOAD_IN_PROGRESS"),
    case("consumer.join_failed.fatal.1_0", "ERROR", P1 + "Attempt to join group failed due to fatal error: "
         "Group authorization failed.", AC, error="GROUP_AUTHORIZATION_FAILED"),
    case("consumer.join_failed.unexpected.2_2", "ERROR", P1 + "Attempt to join group failed due to unexpected "
         "error: The request timed out.", AC, error="REQUEST_TIMED_OUT"),
    case("consumer.join_failed.unsupported.2_3", "ERROR", PS + "Attempt to join group failed due to "
         "unsupported version error. Please unset field group.instance.id and retry to see if the problem "
         "resolves", AC, error="UNSUPPORTED_VERSION", instance_id="orders-host-b"),
    case("consumer.join_failed.unsupported.2_5", "ERROR", PS + "Attempt to join group failed due to "
         "unsupported version error. Please unset field group.instance.id and retry  to see if the problem "
         "resolves", AC, error="UNSUPPORTED_VERSION"),
    case("consumer.join_failed.coordinator.1_0", "DEBUG", P1 + "Attempt to join group failed due to obsolete "
         "coordinator information: The coordinator is not available.", AC, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.join_failed.unknown_member.1_0", "DEBUG", P1 + "Attempt to join group failed due to "
         "unknown member id.", AC, error="UNKNOWN_MEMBER_ID"),
    case("consumer.join_failed.unknown_member.2_6", "DEBUG", P + "Attempt to join group failed due to unknown "
         f"member id with {GEN}.", AC, error="UNKNOWN_MEMBER_ID", generation=7, member=M),
    case("consumer.join_failed.loading.1_0", "DEBUG", P1 + f"Attempt to join group rejected since coordinator "
         f"{NODE} is loading the group.", AC, error="COORDINATOR_LOAD_IN_PROGRESS", coordinator=3),
    case("consumer.join_failed.member_id_required.2_6", "DEBUG", P + "Attempt to join group returned "
         f"MEMBER_ID_REQUIRED error. Will set the member id as {M} and then rejoin", AC,
         error="MEMBER_ID_REQUIRED", member=M),
    case("consumer.join_failed.exception.2_5", "INFO", P + "Join group failed with org.apache.kafka.common."
         "errors.RebalanceInProgressException: The group is rebalancing, so a rejoin is needed.", AC,
         error="org.apache.kafka.common.errors.RebalanceInProgressException",
         details={"error_message": "The group is rebalancing, so a rejoin is needed."}),
    case("consumer.join_failed.fenced.2_6", "ERROR", PS + "Attempt to join group with generation "
         f"Optional[orders-host-b] failed because the group instance id {GEN} has been fenced by another "
         "instance", AC, error="FENCED_INSTANCE_ID", instance_id="orders-host-b", generation=7),
    case("consumer.join_failed.protocol_type.2_5", "DEBUG", P + "JoinGroup failed due to inconsistent "
         "Protocol Type, received connect but expected consumer", AC, error="INCONSISTENT_GROUP_PROTOCOL",
         details={"received": "connect", "expected": "consumer"}),
    case("consumer.join_failed.loading", "INFO", P + f"JoinGroup failed: Coordinator {NODE} is loading the "
         "group.", CC, coordinator=3, error="COORDINATOR_LOAD_IN_PROGRESS"),
    case("consumer.join_failed.fenced", "ERROR", PS + "JoinGroup failed: The group instance id "
         f"Optional[orders-host-b] has been fenced by another instance. Sent generation was {GEN}", CC,
         error="FENCED_INSTANCE_ID", instance_id="orders-host-b", generation=7),
    case("consumer.join_failed.protocol_type", "ERROR", P + "JoinGroup failed: Inconsistent Protocol Type, "
         "received connect but expected consumer", CC, error="INCONSISTENT_GROUP_PROTOCOL"),
    case("consumer.join_failed.rejoin", "INFO", P + "JoinGroup failed: Specified group generation id is not "
         f"valid. Need to re-join the group. Sent generation was {GEN}", CC, error="ILLEGAL_GENERATION",
         generation=7),
    case("consumer.join_failed.coordinator", "INFO", P + "JoinGroup failed: The coordinator is not available. "
         f"Marking coordinator unknown. Sent generation was {GEN}", CC, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.join_failed.fatal", "ERROR", P + "JoinGroup failed due to fatal error: The group member's "
         "supported protocols are incompatible with those of existing members or first group member tried to "
         "join with empty protocol type or empty protocol list.", CC, error="INCONSISTENT_GROUP_PROTOCOL"),
    case("consumer.join_failed.unsupported", "ERROR", P + "JoinGroup failed due to unsupported version error. "
         "Please unset field group.instance.id and retry to see if the problem resolves", CC,
         error="UNSUPPORTED_VERSION"),
    case("consumer.join_failed.rebalance_in_progress", "INFO", P + "JoinGroup failed due to non-fatal error: "
         "REBALANCE_IN_PROGRESS, which could indicate a replication timeout on the broker. Will retry.", CC,
         error="REBALANCE_IN_PROGRESS"),
    case("consumer.join_failed.member_id_required.2_7", "DEBUG", P + "JoinGroup failed due to non-fatal "
         f"error: MEMBER_ID_REQUIRED Will set the member id as {M} and then rejoin. Sent generation was  "
         f"{NO_GEN}", AC, error="MEMBER_ID_REQUIRED", member=M, generation=-1),
    case("consumer.join_failed.member_id_required", "DEBUG", P + "JoinGroup failed due to non-fatal error: "
         f"MEMBER_ID_REQUIRED. Will set the member id as {M} and then rejoin. Sent generation was {NO_GEN}",
         CC, error="MEMBER_ID_REQUIRED", member=M),
    case("consumer.join_failed.unexpected", "ERROR", P + "JoinGroup failed due to unexpected error: The "
         "request timed out.", CC, error="REQUEST_TIMED_OUT"),
    case("consumer.join_failed.cleared", "INFO", P + f"Generation data was cleared by heartbeat thread to "
         f"{NO_GEN} and state is now PREPARING_REBALANCE before the rebalance callback is triggered, marking "
         "this rebalance as failed and retry", AC, generation=-1, state="PREPARING_REBALANCE", member=None),
    case("consumer.join_failed.rebalance_failed", "INFO", P + "Rebalance failed.\norg.apache.kafka.common."
         "errors.UnknownMemberIdException: The coordinator is not aware of this member.", AC,
         error="org.apache.kafka.common.errors.UnknownMemberIdException"),
    case("consumer.join_failed.cleared.2_4", "INFO", P + "Generation data was cleared by heartbeat thread. "
         "Rejoin failed.", AC, group="orders"),
    case("consumer.rejoin_requested.cleared.2_4", "INFO", P + "Generation data was cleared by heartbeat "
         "thread. Initiating rejoin.", AC, group="orders"),
    case("consumer.sync_failed.rebalance.0_10", "DEBUG", "SyncGroup for group orders failed due to coordinator "
         "rebalance", AC, group="orders", error="REBALANCE_IN_PROGRESS"),
    case("consumer.sync_failed.0_10", "DEBUG", "SyncGroup for group orders failed due to ILLEGAL_GENERATION",
         AC, group="orders", error="ILLEGAL_GENERATION"),
    case("consumer.sync_failed.rebalance.1_0", "DEBUG", P1 + "SyncGroup failed because the group began "
         "another rebalance", AC, error="REBALANCE_IN_PROGRESS"),
    case("consumer.sync_failed.rejoin.2_6", "INFO", P + f"SyncGroup with {GEN} failed: The coordinator is not "
         "aware of this member., would request re-join", AC, error="UNKNOWN_MEMBER_ID", generation=7),
    case("consumer.sync_failed.fenced.2_6", "ERROR", PS + f"SyncGroup with {GEN} failed because the group "
         "instance id Optional[orders-host-b] has been fenced by another instance", AC,
         error="FENCED_INSTANCE_ID", instance_id="orders-host-b"),
    case("consumer.sync_failed.rebalance", "INFO", P + "SyncGroup failed: The group began another rebalance. "
         f"Need to re-join the group. Sent generation was {GEN}", CC, error="REBALANCE_IN_PROGRESS",
         generation=7),
    case("consumer.sync_failed.fenced", "ERROR", PS + "SyncGroup failed: The group instance id "
         f"Optional[orders-host-b] has been fenced by another instance. Sent generation was {GEN}", CC,
         error="FENCED_INSTANCE_ID"),
    case("consumer.sync_failed.rejoin", "INFO", P + "SyncGroup failed: The coordinator is not aware of this "
         f"member. Need to re-join the group. Sent generation was {GEN}", CC, error="UNKNOWN_MEMBER_ID"),
    case("consumer.sync_failed.coordinator", "INFO", P + "SyncGroup failed: This is not the correct "
         f"coordinator. Marking coordinator unknown. Sent generation was {GEN}", CC, error="NOT_COORDINATOR"),
    case("consumer.sync_failed.coordinator.2_6", "DEBUG", P + "SyncGroup failed: The coordinator is not "
         "available., marking coordinator unknown", AC, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.sync_failed.1_0", "DEBUG", P1 + "SyncGroup failed: Specified group generation id is not "
         "valid.", AC, error="ILLEGAL_GENERATION"),
    case("consumer.sync_failed.protocol_type", "ERROR", P + "SyncGroup failed due to inconsistent Protocol "
         "Type, received connect but expected consumer", CC, error="INCONSISTENT_GROUP_PROTOCOL"),
    case("consumer.sync_failed.protocol_name", "ERROR", P + "SyncGroup failed due to inconsistent Protocol "
         "Name, received range but expected cooperative-sticky", CC,
         details={"received": "range", "expected": "cooperative-sticky"}),
    case("consumer.sync_failed.protocol_name.2_6_0", "ERROR", P + "SYNC_GROUP failed due to inconsistent "
         "Protocol Name, received range but expected cooperative-sticky", AC,
         error="INCONSISTENT_GROUP_PROTOCOL"),
    case("consumer.sync_failed.cleared", "INFO", P + f"Generation data was cleared by heartbeat thread to "
         f"{NO_GEN} and state is now UNJOINED before receiving SyncGroup response, marking this rebalance as "
         "failed and retry", CC, generation=-1, state="UNJOINED"),
    case("consumer.sync_failed.cleared.2_6_1", "INFO", P + f"Generation data was cleared by heartbeat thread "
         f"as {NO_GEN} and state is now UNJOINED before received SyncGroup response, marking this rebalance "
         "as failed and retry", AC, state="UNJOINED"),
    case("consumer.heartbeat_failed.rebalancing.0_10_0", "DEBUG", "Attempt to heart beat failed for group "
         "orders since it is rebalancing.", AC, group="orders", error="REBALANCE_IN_PROGRESS"),
    case("consumer.heartbeat_failed.unknown_member.0_10_0", "DEBUG", "Attempt to heart beat failed for group "
         "orders since member id is not valid.", AC, error="UNKNOWN_MEMBER_ID"),
    case("consumer.heartbeat_failed.generation.0_10_0", "DEBUG", "Attempt to heart beat failed for group "
         "orders since generation id is not legal.", AC, error="ILLEGAL_GENERATION"),
    case("consumer.heartbeat_failed.coordinator.0_10_0", "DEBUG", "Attempt to heart beat failed for group "
         "orders since coordinator null is either not started or not valid.", AC, group="orders",
         coordinator=None),
    case("consumer.heartbeat_failed.rebalancing.0_10_2", "DEBUG", "Attempt to heartbeat failed for group "
         "orders since it is rebalancing.", AC, error="REBALANCE_IN_PROGRESS"),
    case("consumer.heartbeat_failed.unknown_member.0_10_2", "DEBUG", "Attempt to heartbeat failed for group "
         "orders since member id is not valid.", AC, error="UNKNOWN_MEMBER_ID"),
    case("consumer.heartbeat_failed.generation.0_10_2", "DEBUG", "Attempt to heartbeat failed for group "
         "orders since generation id is not legal.", AC, error="ILLEGAL_GENERATION"),
    case("consumer.heartbeat_failed.coordinator.0_10_2", "DEBUG", "Attempt to heartbeat failed for group "
         f"orders since coordinator {NODE} is either not started or not valid.", AC, coordinator=3),
    case("consumer.heartbeat_failed.rebalancing", "DEBUG", P1 + "Attempt to heartbeat failed since group is "
         "rebalancing", AC, error="REBALANCE_IN_PROGRESS"),
    case("consumer.heartbeat_failed.unknown_member", "INFO", P1 + "Attempt to heartbeat failed for since "
         "member id consumer-3-77 is not valid.", AC, member="consumer-3-77", error="UNKNOWN_MEMBER_ID"),
    case("consumer.heartbeat_failed.generation", "INFO", P1 + "Attempt to heartbeat failed since generation 9 "
         "is not current", AC, generation=9, error="ILLEGAL_GENERATION"),
    case("consumer.heartbeat_failed.coordinator.1_0", "DEBUG", P1 + f"Attempt to heartbeat since coordinator "
         f"{NODE} is either not started or not valid.", AC, coordinator=3),
    case("consumer.heartbeat_failed.coordinator.2_0", "INFO", P1 + "Attempt to heartbeat failed since "
         f"coordinator {NODE} is either not started or not valid.", AC, coordinator=3),
    case("consumer.heartbeat_failed.coordinator", "INFO", P + "Attempt to heartbeat failed since coordinator "
         f"{NODE} is either not started or not valid", CC, coordinator=3),
    case("consumer.heartbeat_failed.reset", "INFO", P + f"Attempt to heartbeat with {GEN} and group instance "
         "id Optional.empty failed due to ILLEGAL_GENERATION, resetting generation", CC,
         generation=7, instance_id=None, error="ILLEGAL_GENERATION"),
    case("consumer.heartbeat_failed.stale", "INFO", P + f"Attempt to heartbeat with stale {GEN} and group "
         "instance id Optional.empty failed due to UNKNOWN_MEMBER_ID, ignoring the error", CC,
         generation=7, error="UNKNOWN_MEMBER_ID"),
    case("consumer.heartbeat_failed.fenced", "ERROR", PS + "Caught fenced group.instance.id "
         "Optional[orders-host-b] error in heartbeat thread", CC, instance_id="orders-host-b",
         error="FENCED_INSTANCE_ID"),
    case("consumer.fenced.2_3", "ERROR", PS + "Received fatal exception: group.instance.id gets fenced", CC,
         instance_id="orders-host-b", error="FENCED_INSTANCE_ID"),
    case("consumer.heartbeat_failed.authorization", "ERROR", P + "A group authorization error occurred in the "
         "heartbeat thread", CC, error="GROUP_AUTHORIZATION_FAILED"),
    case("consumer.heartbeat_failed.thread", "ERROR", P + "Heartbeat thread failed due to unexpected error\n"
         "java.lang.OutOfMemoryError: Java heap space", CC, error="java.lang.OutOfMemoryError"),
    case("consumer.heartbeat_failed.thread.0_10", "ERROR", "Heartbeat thread for group orders failed due to "
         "unexpected error\njava.lang.NullPointerException", AC, group="orders",
         error="java.lang.NullPointerException"),
    case("consumer.poll_timeout.2_1", "WARN", P1 + "This member will leave the group because consumer "
         + consumer.POLL_TIMEOUT_TEXT, AC, cause="poll_timeout"),
    case("consumer.poll_timeout.2_4", "INFO", P + f"Member {M} sending LeaveGroup request to coordinator "
         f"{NODE} due to consumer " + consumer.POLL_TIMEOUT_TEXT, AC, member=M, coordinator=3),
    case("consumer.poll_timeout", "WARN", PW + "consumer " + consumer.POLL_TIMEOUT_TEXT, WC,
         group="connect-cluster"),
    case("consumer.poll_timeout.new", "WARN", P + "Consumer " + consumer.POLL_TIMEOUT_TEXT, HRM,
         cause="poll_timeout"),
    case("consumer.poll_timeout.rejoin", "WARN", P + "Time between subsequent calls to poll() was longer than "
         "the configured max.poll.interval.ms, exceeded approximately by 912 ms. Member "
         f"{NEW_M} will rejoin the group now.", CHRM, member=NEW_M, duration_ms=912.0, cause="poll_timeout"),
    case("consumer.leave.0_10", "DEBUG", f"Sending LeaveGroup request to coordinator {NODE} for group orders",
         AC, group="orders", coordinator=3),
    case("consumer.leave.1_0", "DEBUG", P1 + f"Sending LeaveGroup request to coordinator {NODE}", AC,
         coordinator=3),
    case("consumer.leave", "INFO", P + f"Member {M} sending LeaveGroup request to coordinator {NODE} due to "
         "the consumer unsubscribed from all topics", CC, member=M, coordinator=3, cause="unsubscribe"),
    case("consumer.leave.2_2", "INFO", P1 + f"Member {M} sending LeaveGroup request to coordinator {NODE}", AC,
         member=M, coordinator=3),
    case("consumer.leave_failed.0_10", "DEBUG", "LeaveGroup request for group orders failed with error: The "
         "group coordinator is not available.", AC, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.leave_failed.1_0", "ERROR", P + "LeaveGroup request failed with error: The coordinator is "
         "not available.", AC, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.leave_failed", "ERROR", P + f"LeaveGroup request with {GEN} failed with error: The "
         "coordinator is not aware of this member.", CC, error="UNKNOWN_MEMBER_ID", member=M),
    case("consumer.partitions_revoked.0_10", "INFO", "Revoking previously assigned partitions [] for group "
         "orders", CC, group="orders", partitions=[]),
    case("consumer.partitions_revoked.1_0", "INFO", P1 + "Revoking previously assigned partitions [orders-2]",
         CC, partitions=["orders-2"]),
    case("consumer.partitions_revoked", "INFO", P + "Revoke previously assigned partitions orders-2", INVOKER,
         partitions=["orders-2"]),
    case("consumer.partitions_revoked.new", "INFO", P + "Revoking previously assigned partitions orders-2",
         MMI, partitions=["orders-2"]),
    case("consumer.partitions_assigned.0_10", "INFO", "Setting newly assigned partitions [orders-2, orders-5] "
         "for group orders", CC, group="orders", partitions=["orders-2", "orders-5"]),
    case("consumer.partitions_assigned.2_2", "INFO", P1 + "Setting newly assigned partitions: ", CC,
         partitions=[]),
    case("consumer.partitions_assigned.1_0", "INFO", P1 + "Setting newly assigned partitions [orders-2]", CC,
         partitions=["orders-2"]),
    case("consumer.partitions_assigned", "INFO", P + "Adding newly assigned partitions: orders-2", CC,
         partitions=["orders-2"]),
    case("consumer.partitions_lost", "INFO", P + "Lost previously assigned partitions orders-2, orders-5",
         INVOKER, partitions=["orders-2", "orders-5"]),
    case("consumer.partitions_lost.all.2_4", "INFO", P + "Giving away all assigned partitions as lost since "
         "generation has been reset,indicating that consumer is no longer part of the group", CC,
         group="orders"),
    case("consumer.partitions_lost.all", "INFO", P + "Giving away all assigned partitions as lost since "
         "generation/memberID has been reset,indicating that consumer is in old state or no longer part of "
         "the group", CC, group="orders"),
    case("consumer.assignment_updated.2_4", "INFO", P + "Updating assignment with\nnow assigned partitions: "
         "orders-2\ncompare with previously owned partitions: \nnewly added partitions: orders-2\nrevoked "
         "partitions: \n", CC, partitions=["orders-2"],
         details={"owned": [], "added": ["orders-2"], "revoked": []}),
    case("consumer.assignment_updated", "INFO", P + "Updating assignment with\n\tAssigned partitions:       "
         "                []\n\tCurrent owned partitions:                  [orders-2]\n\tAdded partitions "
         "(assigned - owned):       []\n\tRevoked partitions (owned - assigned):     [orders-2]\n", CC,
         partitions=[], details={"owned": ["orders-2"], "added": [], "revoked": ["orders-2"]}),
    case("consumer.assignment_reconciling", "INFO", P + "Reconciling assignment with local epoch 1\n\tMember:"
         "                                    <no ID>\n\tAssigned partitions:                       [orders-2]\n"
         "\tCurrent owned partitions:                  []\n\tAdded partitions (assigned - owned):       "
         "[orders-2]\n\tRevoked partitions (owned - assigned):     []\n", CMM, member=None,
         partitions=["orders-2"]),
    case("consumer.revoke_rejoin", "DEBUG", P + "Need to revoke partitions [orders-2, orders-5] and re-join "
         "the group", CC, partitions=["orders-2", "orders-5"], cause="revoke_partitions"),
    case("consumer.assignment_computed", "INFO", P + "Finished assignment for group at generation 8: "
         f"{{{M}=Assignment(partitions=[orders-0, orders-1], userDataSize=40)}}", CC, generation=8, members=1,
         partitions=["orders-0", "orders-1"], details={"assignments": {M: ["orders-0", "orders-1"]}}),
    case("consumer.assignment_computed.1_0", "DEBUG", P1 + "Finished assignment for group: "
         "{consumer-3-aa=Assignment(partitions=[]), consumer-4-bb=Assignment(partitions=[orders-0])}", CC,
         members=2, partitions=["orders-0"],
         details={"assignments": {"consumer-3-aa": [], "consumer-4-bb": ["orders-0"]}}),
    case("consumer.assignment_computed.0_10", "DEBUG", "Finished assignment for group orders: "
         "{consumer-1-aa=Assignment(partitions=[orders-0])}", CC, group="orders", members=1),
    case("consumer.assignment_skipped", "INFO", PS + "Skipped assignment for returning static leader at "
         "generation 8. The static leader will continue with its existing assignment.", CC, generation=8,
         details={"skipped": True}),
    case("consumer.assignment_received", "INFO", P + "Notifying assignor about the new Assignment("
         "partitions=[orders-2], userDataSize=12)", CC, partitions=["orders-2"]),
    case("consumer.rejoin.subscription.2_7", "INFO", P + "Requesting to re-join the group and trigger "
         "rebalance since the subscription has changed from [orders] to [orders, returns]", CC,
         cause="subscription_change", details={"from": "[orders]", "to": "[orders, returns]"}),
    case("consumer.rejoin.metadata.2_7", "INFO", P + "Requesting to re-join the group and trigger rebalance "
         "since the assignment metadata has changed from (version7: {orders=6}) to (version8: {orders=8})",
         CC, cause="metadata_change"),
    case("consumer.rejoin.assignment_mismatch", "WARN", P + "We received an assignment [orders-2] that doesn't "
         "match our current subscription Subscribe(returns); it is likely that the subscription has changed "
         "since we joined the group. Will try re-join the group with current subscription", CC,
         partitions=["orders-2"], cause="assignment_mismatch"),
    case("consumer.offset_committed_position", "INFO", "Setting offset for partition orders-2 to the committed "
         "offset FetchPosition{offset=55, offsetEpoch=Optional.empty, currentLeader=LeaderAndEpoch{"
         "leader=Optional.empty, epoch=absent}}", UTILS, topic="orders", partition=2, offset=55, leader=None,
         leader_epoch=None, group=None),
    case("consumer.offset_none", "INFO", P + "Found no committed offset for partition orders-5", COMMITS,
         topic="orders", partition=5),
    case("consumer.commit_failed.partition.0_10", "ERROR", "Group orders failed to commit partition orders-2 "
         "at offset 55: The request timed out.", CC, group="orders", topic="orders", partition=2, offset=55,
         error="REQUEST_TIMED_OUT"),
    case("consumer.commit_failed.partition", "ERROR", P + "Offset commit failed on partition orders-2 at offset "
         "55: The coordinator is not aware of this member.", CC, offset=55, error="UNKNOWN_MEMBER_ID"),
    case("consumer.commit_failed.auto.0_10_0", "WARN", "Auto offset commit failed for group orders: The "
         "coordinator is not aware of this member.", CC, group="orders", error="UNKNOWN_MEMBER_ID"),
    case("consumer.commit_failed.auto.0_10_2", "WARN", "Auto-commit of offsets {orders-2=OffsetAndMetadata{"
         "offset=55, metadata=''}} failed for group orders: The request timed out.", CC,
         partitions=["orders-2"], error="REQUEST_TIMED_OUT"),
    case("consumer.commit_failed.async", "WARN", P + "Asynchronous auto-commit of offsets {orders-2="
         "OffsetAndMetadata{offset=55, leaderEpoch=null, metadata=''}} failed: Offset commit cannot be "
         "completed since the consumer is undergoing a rebalance for auto partition assignment. You can try "
         "completing the rebalance by calling poll() and then retry the operation.", CC,
         partitions=["orders-2"], error="RebalanceInProgressException"),
    case("consumer.commit_failed.sync", "WARN", P + "Synchronous auto-commit of offsets {} failed: The request "
         "timed out.", CC, partitions=[], error="REQUEST_TIMED_OUT"),
    case("consumer.commit_failed.exception.0_10_2", "ERROR", "Offset commit with offsets {orders-2="
         "OffsetAndMetadata{offset=55, metadata=''}} failed for group orders\norg.apache.kafka.common.errors."
         "TimeoutException: Timeout", CC, group="orders", error="org.apache.kafka.common.errors."
         "TimeoutException"),
    case("consumer.commit_failed.exception", "ERROR", P + "Offset commit with offsets {orders-2="
         "OffsetAndMetadata{offset=55, leaderEpoch=4, metadata=''}} failed\norg.apache.kafka.clients.consumer."
         "CommitFailedException: Commit cannot be completed", CC, partitions=["orders-2"],
         error="org.apache.kafka.clients.consumer.CommitFailedException"),
    case("consumer.commit_failed.fenced", "INFO", PS + f"OffsetCommit failed with {GEN} due to group instance "
         "id Optional[orders-host-b] fenced", CC, error="FENCED_INSTANCE_ID", generation=7),
    case("consumer.commit_failed.generation", "INFO", P + f"OffsetCommit failed with {GEN}: Specified group "
         "generation id is not valid.", CC, error="ILLEGAL_GENERATION", generation=7),
    case("consumer.commit_failed.join_prepare_timeout", "ERROR", P + "Asynchronous auto-commit of offsets "
         "failed: joinPrepare timeout. Will continue to join group", CC,
         details={"error_message": "joinPrepare timeout"}),
    case("consumer.commit_failed.join_prepare", "ERROR", P + "Asynchronous auto-commit of offsets failed: The "
         "coordinator is not aware of this member.. Will continue to join group.", CC,
         error="UNKNOWN_MEMBER_ID"),
    case("consumer.commit_failed.join_prepare.3_2_0", "ERROR", P + "Asynchronous auto-commit of offsets "
         "failed: Specified group generation id is not valid.", CC, error="ILLEGAL_GENERATION"),
    case("consumer.commit_failed.not_in_group", "INFO", P + "Failing OffsetCommit request since the consumer "
         "is not part of an active group", CC, group="orders"),
    case("consumer.commit_failed.topic_authorization.0_10", "ERROR", "Not authorized to commit to topics "
         "[orders] for group orders", CC, group="orders", error="TOPIC_AUTHORIZATION_FAILED"),
    case("consumer.commit_failed.group_authorization.0_10", "ERROR", "Not authorized to commit offsets for "
         "group orders", CC, group="orders", error="GROUP_AUTHORIZATION_FAILED"),
    case("consumer.commit_failed.topic_authorization", "ERROR", P + "Not authorized to commit to topics "
         "[orders]", CC, error="TOPIC_AUTHORIZATION_FAILED", details={"topics": "[orders]"}),
    case("consumer.member_transition", "INFO", P + f"Member {NEW_M} with epoch 4 transitioned from STABLE to "
         "PREPARE_LEAVING.", MMI, member=NEW_M, prev_state="STABLE", state="PREPARE_LEAVING",
         details={"member_epoch": 4}),
    case("consumer.member_fatal.4_0", "ERROR", P + f"Member {NEW_M} with epoch 4 transitioned to fatal state",
         CMM, member=NEW_M, state="FATAL"),
    case("consumer.member_fatal", "ERROR", P + f"Member {NEW_M} with epoch 4 transitioned to FATAL state", MMI,
         member=NEW_M, state="FATAL"),
    case("consumer.member_fatal.non_member", "ERROR", P + "Non-member transitioned to FATAL state", MMI,
         state="FATAL", member=None),
    case("consumer.member_leave_unsent", "WARN", P + "Heartbeat to leave group cannot be sent (most probably "
         f"due to coordinator not known/available). Member {NEW_M} with epoch 4 will transition to "
         "UNSUBSCRIBED.", CMM, member=NEW_M, state="UNSUBSCRIBED"),
    case("consumer.member_fenced_leaving", "INFO", P + f"Member {NEW_M} with epoch 4 got fenced but it is "
         "already preparing to leave the group, so it will stop sending heartbeat and won't attempt to send "
         "the leave request or rejoin.", CMM, member=NEW_M, prev_state="PREPARE_LEAVING"),
    case("consumer.member_fenced_leaving.3_7", "DEBUG", P + f"Member {NEW_M} with epoch 4 got fenced but it is "
         "already preparing to leave the group, so it will stop sending heartbeat and won't attempt to "
         "rejoin.", MMI, member=NEW_M, details={"member_epoch": 4}),
    case("consumer.leave.new", "INFO", P + f"Member {NEW_M} is triggering callbacks to release assignment "
         "[orders-2] and leave group", CMM, member=NEW_M, partitions=["orders-2"]),
    case("consumer.heartbeat_failed.new.not_coordinator", "INFO", P + "ConsumerGroupHeartbeatRequest failed "
         f"because the group coordinator Optional[{NODE}] is incorrect. Will attempt to find the coordinator "
         "again and retry in 0ms: This is not the correct coordinator.", CHRM, coordinator=3,
         error="NOT_COORDINATOR"),
    case("consumer.heartbeat_failed.new.coordinator_unavailable", "INFO", P + "GroupHeartbeatRequest failed "
         "because the group coordinator Optional.empty is not available. Will attempt to find the coordinator "
         "again and retry in 0ms: null", HRM, coordinator=None, error="COORDINATOR_NOT_AVAILABLE"),
    case("consumer.heartbeat_failed.new.loading.3_7", "INFO", P + "GroupHeartbeatRequest failed because the "
         f"group coordinator Optional[{NODE}] is still loading.Will retry in 87ms: null", HRM,
         error="COORDINATOR_LOAD_IN_PROGRESS", details={"backoff_ms": 87, "error_message": "null"}),
    case("consumer.heartbeat_failed.new.loading", "INFO", P + "ConsumerGroupHeartbeatRequest failed because "
         f"the group coordinator Optional[{NODE}] is still loading. Will retry in 87ms: null", CHRM,
         coordinator=3, error="COORDINATOR_LOAD_IN_PROGRESS"),
    case("consumer.heartbeat_failed.new.fenced_epoch", "INFO", P + f"ConsumerGroupHeartbeatRequest failed for "
         f"member {NEW_M} because epoch 11 is fenced. in 0ms: null", CHRM, member=NEW_M,
         error="FENCED_MEMBER_EPOCH"),
    case("consumer.heartbeat_failed.new.unknown_member", "INFO", P + f"GroupHeartbeatRequest failed because "
         f"member {NEW_M} is unknown. in 0ms: null", HRM, member=NEW_M, error="UNKNOWN_MEMBER_ID"),
    case("consumer.heartbeat_failed.new.fatal", "ERROR", P + "GroupHeartbeatRequest failed due to fatal error: "
         "Failed authentication with kafka3.internal/10.0.0.3", HRM, error=None),
    case("consumer.heartbeat_failed.new.authorization", "ERROR", P + "ConsumerGroupHeartbeatRequest failed due "
         "to group authorization failure: Not authorized to access group: orders", CHRM,
         error="GROUP_AUTHORIZATION_FAILED"),
    case("consumer.heartbeat_failed.new.unreleased.3_7", "ERROR", PS + "GroupHeartbeatRequest failed due to "
         "the instance id orders-host-b was not released: null", HRM, instance_id="orders-host-b",
         error="UNRELEASED_INSTANCE_ID"),
    case("consumer.heartbeat_failed.new.unreleased", "ERROR", PS + "ConsumerGroupHeartbeatRequest failed due "
         "to unreleased instance id orders-host-b: null", CHRM, instance_id="orders-host-b",
         error="UNRELEASED_INSTANCE_ID"),
    case("consumer.heartbeat_failed.new.fenced_instance", "ERROR", PS + "GroupHeartbeatRequest failed due to "
         "fenced instance id orders-host-b: null. This is expected in the case that the member was removed "
         "from the group by an admin client, and another member joined using the same group instance id.",
         HRM, instance_id="orders-host-b", error="FENCED_INSTANCE_ID"),
    case("consumer.heartbeat_failed.new.unexpected.3_7", "ERROR", P + "GroupHeartbeatRequest failed due to "
         "unexpected error: STALE_MEMBER_EPOCH", HRM, error="STALE_MEMBER_EPOCH"),
    case("consumer.heartbeat_failed.new.error.3_7", "ERROR", P + "GroupHeartbeatRequest failed due to error: "
         "GROUP_MAX_SIZE_REACHED", HRM, error="GROUP_MAX_SIZE_REACHED"),
    case("consumer.heartbeat_failed.new.unexpected", "ERROR", P + "ConsumerGroupHeartbeatRequest failed due to "
         "unexpected error STALE_MEMBER_EPOCH: null", CHRM, error="STALE_MEMBER_EPOCH"),
    case("consumer.heartbeat_failed.new.error", "ERROR", P + "GroupHeartbeatRequest failed due to "
         "GROUP_MAX_SIZE_REACHED: The consumer group has reached its max size.", HRM,
         error="GROUP_MAX_SIZE_REACHED"),
    case("consumer.heartbeat_failed.new.leave", "ERROR", P + "ConsumerGroupHeartbeatRequest failed because of "
         "NOT_COORDINATOR: ClientResponse(receivedTimeMs=1, latencyMs=2)", CHRM, error="NOT_COORDINATOR"),
]


@pytest.mark.parametrize(("template", "log_line", "expected"), CASES)
def test_each_entry_yields_its_typed_fields(template: str, log_line: str, expected: dict[str, Any]) -> None:
    assert_entry(template, log_line, expected)


def test_every_consumer_entry_has_a_typed_field_case() -> None:
    missing = unspecified(consumer.TEMPLATES, (c.values[0] for c in CASES))
    assert not missing, f"entries without a case above: {missing}"
