"""The request log (``kafka-request.log``, logger ``kafka.request.logger`` at DEBUG), as specifications.

Each line is written the way the named Kafka version's ``RequestChannel`` writes it (default
layout ``[%d] %p %m (%c)%n``): 0.10 ``{api_key=…} -- {…}`` with whole ms, 0.11 ``%f`` times,
1.0–2.7 ``RequestHeader(…) -- {struct},response:{struct}``, 2.8+ one JSON object
(kafka-log-templates.md §8).  Request and response bodies follow the API's message spec for
the version named.  The behaviours first, then one case per catalogue entry.
"""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers.catalogue import requestlog
from kafka_forensics.parsers.catalogue.errors import ERRORS, RENAMED, error_name
from tests.support import assert_entry, details, events, one, unspecified

RL = "kafka.request.logger"
RC = "kafka.network.RequestChannel$"
M1 = "consumer-payments-1-7a1b2c3d-4e5f-6789-abcd-ef0123456789"
M2 = "consumer-payments-2-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b"
BB = "java.nio.HeapByteBuffer[pos=0 lim=26 cap=26]"




def json_line(key: int, version: int, name: str, request: str, response: str, *, client: str = "consumer-payments-1",
              corr: int = 7, remote: str = "0.0", total: str = "0.412", forwarded: str = "false",
              ts: str = "2024-03-01 10:15:45,162") -> str:
    """A 2.8+ line: RequestConvertToJson.requestDescMetrics, as Jackson writes it."""
    return (
        f'[{ts}] DEBUG Completed request:{{"isForwarded":{forwarded},"requestHeader":{{"requestApiKey":{key},'
        f'"requestApiVersion":{version},"correlationId":{corr},"clientId":"{client}","requestApiKeyName":"{name}"}},'
        f'"request":{request},"response":{response},"connection":"10.0.0.5:9092-10.0.0.9:53122-7",'
        f'"totalTimeMs":{total},"requestQueueTimeMs":0.05,"localTimeMs":0.2,"remoteTimeMs":{remote},'
        '"throttleTimeMs":0,"responseQueueTimeMs":0.06,"sendTimeMs":0.09,"securityProtocol":"PLAINTEXT",'
        '"principal":"User:ANONYMOUS","listener":"PLAINTEXT","clientInformation":{"softwareName":'
        f'"apache-kafka-java","softwareVersion":"3.6.1"}}}} ({RL})'
    )


def struct_line(api: str, version: int, request: str, response: str, *, client: str = "consumer-1",
                corr: int = 12, total: str = "0.3", remote: str = "0.0", extra: str = "",
                ts: str = "2018-11-20 03:12:40,001") -> str:
    """A 1.0–2.7 line: RequestHeader.toString, Struct.toString of the bodies, Scala doubles."""
    return (
        f"[{ts}] DEBUG Completed request:RequestHeader(apiKey={api}, apiVersion={version}, clientId={client}, "
        f"correlationId={corr}) -- {request},response:{response} from connection 10.0.0.5:9092-10.0.0.9:53122-7;"
        f"totalTime:{total},requestQueueTime:0.1,localTime:0.1,remoteTime:{remote},throttleTime:0,"
        "responseQueueTime:0.05,sendTime:0.05,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,"
        f"listener:PLAINTEXT{extra} ({RL})"
    )


# --- every API, its error, its time ----------------------------------------------------------

def test_a_heartbeat_answered_rebalance_in_progress_tells_the_member_to_rejoin() -> None:
    # kafka-log-templates.md §11 [v3.6]: "errorCode":27 — the coordinator began a rebalance
    row = one(requestlog.EX_3_6)
    assert row["kind"] == "request_completed"
    assert (row["api"], row["error"]) == ("Heartbeat", "REBALANCE_IN_PROGRESS")
    assert (row["group"], row["generation"]) == ("inventory", 9)
    assert row["member"] == "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b"
    assert (row["client_id"], row["correlation_id"], row["duration_ms"]) == ("consumer-inventory-1", 512, 0.412)


def test_the_2_4_struct_rendering_of_a_heartbeat_reads_the_same_fields() -> None:
    # kafka-log-templates.md §11 [v2.4]: {throttle_time_ms=0,error_code=0}
    row = one(requestlog.EX_2_4)
    assert (row["api"], row["error"], row["group"], row["generation"], row["member"]) == (
        "Heartbeat", "NONE", "payments", 32, M1)
    assert row["instance_id"] is None  # group_instance_id=null: a dynamic member
    assert details(row)["api_version"] == 3


def test_remote_time_is_how_long_a_join_was_parked_in_purgatory() -> None:
    # A JoinGroup waits in the DelayedJoin purgatory until every member rejoined or the rebalance
    # timed out: remoteTime ≈ the rebalance wait, the best measure of a slow rebalance.
    row = one(json_line(
        11, 9, "JOIN_GROUP",
        f'{{"groupId":"payments","sessionTimeoutMs":45000,"rebalanceTimeoutMs":300000,"memberId":"{M1}",'
        '"groupInstanceId":null,"protocolType":"consumer","protocols":[{"name":"range","metadata":"AAMA"}],"reason":""}',
        f'{{"throttleTimeMs":0,"errorCode":0,"generationId":33,"protocolType":"consumer","protocolName":"range",'
        f'"leader":"{M2}","skipAssignment":false,"memberId":"{M1}","members":[]}}',
        remote="2949.6", total="2950.113"))
    d = details(row)
    assert (row["duration_ms"], d["remote_ms"]) == (2950.113, 2949.6)
    assert (d["session_timeout_ms"], d["rebalance_timeout_ms"]) == (45000, 300000)
    assert (row["generation"], d["leader"]) == (33, M2)
    assert row["members"] is None  # a follower's response lists no members


def test_a_first_join_answered_member_id_required_names_the_member_id_it_was_given() -> None:
    # KIP-394 (2.2+): a join with memberId "" is answered MEMBER_ID_REQUIRED (79) with the id to
    # rejoin with; generation -1 in the response is no generation.
    row = one(json_line(
        11, 9, "JOIN_GROUP",
        '{"groupId":"payments","sessionTimeoutMs":45000,"rebalanceTimeoutMs":300000,"memberId":"",'
        '"groupInstanceId":null,"protocolType":"consumer","protocols":[{"name":"range","metadata":"AAMA"},'
        '{"name":"cooperative-sticky","metadata":"AAMA"}],"reason":""}',
        f'{{"throttleTimeMs":0,"errorCode":79,"generationId":-1,"protocolType":null,"protocolName":null,'
        f'"leader":"","skipAssignment":false,"memberId":"{M1}","members":[]}}'))
    assert (row["error"], row["member"], row["generation"]) == ("MEMBER_ID_REQUIRED", M1, None)
    assert row["protocol"] == "range,cooperative-sticky"  # none chosen yet: the offered ones
    assert details(row)["protocols"] == ["range", "cooperative-sticky"]


def test_a_join_that_sent_no_member_id_is_marked_as_a_new_member() -> None:
    # A consumer's first JoinGroup (and one after UNKNOWN_MEMBER_ID reset its id) sends memberId "":
    # the member column then holds the id the response hands out, and details.new_member says so
    # (a replay joins it as a newcomer).  A rejoin with its id is not marked.
    first = one(json_line(
        11, 9, "JOIN_GROUP",
        '{"groupId":"payments","sessionTimeoutMs":45000,"rebalanceTimeoutMs":300000,"memberId":"",'
        '"groupInstanceId":null,"protocolType":"consumer","protocols":[{"name":"range","metadata":"AAMA"}],"reason":""}',
        f'{{"throttleTimeMs":0,"errorCode":79,"generationId":-1,"protocolType":null,"protocolName":null,'
        f'"leader":"","skipAssignment":false,"memberId":"{M1}","members":[]}}'))
    again = one(json_line(
        11, 9, "JOIN_GROUP",
        f'{{"groupId":"payments","sessionTimeoutMs":45000,"rebalanceTimeoutMs":300000,"memberId":"{M1}",'
        '"groupInstanceId":null,"protocolType":"consumer","protocols":[{"name":"range","metadata":"AAMA"}],"reason":""}',
        f'{{"throttleTimeMs":0,"errorCode":0,"generationId":3,"protocolType":"consumer","protocolName":"range",'
        f'"leader":"{M1}","skipAssignment":false,"memberId":"{M1}","members":[]}}'))
    assert (first["member"], details(first).get("new_member")) == (M1, True)
    assert (again["member"], details(again).get("new_member")) == (M1, None)


def test_the_leaders_join_response_lists_the_members_of_the_new_generation() -> None:
    # 1.1 JoinGroup v3: the leader gets every member's metadata to compute the assignment
    row = one(struct_line(
        "JOIN_GROUP", 3,
        "{group_id=payments,session_timeout=10000,rebalance_timeout=300000,member_id=consumer-1-aaa,"
        f"protocol_type=consumer,group_protocols=[{{protocol_name=range,protocol_metadata={BB}}}]}}",
        "{throttle_time_ms=0,error_code=0,generation_id=13,group_protocol=range,leader_id=consumer-1-aaa,"
        f"member_id=consumer-1-aaa,members=[{{member_id=consumer-1-aaa,member_metadata={BB}}},"
        f"{{member_id=consumer-2-bbb,member_metadata={BB}}}]}}", total="2988.3", remote="2987.5"))
    assert (row["api"], row["generation"], row["protocol"], row["members"]) == ("JoinGroup", 13, "range", 2)
    d = details(row)
    assert d["members"] == ["consumer-1-aaa", "consumer-2-bbb"]
    assert d["leader"] == d["member_id"] == row["member"] == "consumer-1-aaa"


def test_a_static_member_joins_with_its_group_instance_id() -> None:
    # KIP-345 (2.3+): JoinGroup v5 carries group_instance_id
    row = one(struct_line(
        "JOIN_GROUP", 5,
        "{group_id=payments,session_timeout_ms=45000,rebalance_timeout_ms=300000,member_id=,"
        f"group_instance_id=payments-host-a,protocol_type=consumer,protocols=[{{name=range,metadata={BB}}}]}}",
        "{throttle_time_ms=0,error_code=0,generation_id=14,protocol_name=range,leader=payments-host-a-1f2e,"
        "member_id=payments-host-a-1f2e,members=[]}"))
    assert (row["instance_id"], row["member"], row["generation"]) == ("payments-host-a", "payments-host-a-1f2e", 14)


def test_the_leaders_sync_carries_every_members_assignment() -> None:
    # SyncGroup v5 (2.5+, KIP-559): protocolName, and the leader's assignments for all members
    row = one(json_line(
        14, 5, "SYNC_GROUP",
        f'{{"groupId":"payments","generationId":33,"memberId":"{M1}","groupInstanceId":null,"protocolType":"consumer",'
        f'"protocolName":"range","assignments":[{{"memberId":"{M1}","assignment":"AAMA"}},{{"memberId":"{M2}","assignment":"AAMA"}}]}}',
        '{"throttleTimeMs":0,"errorCode":0,"protocolType":"consumer","protocolName":"range","assignment":"AAMA"}'))
    assert (row["api"], row["generation"], row["protocol"], row["members"]) == ("SyncGroup", 33, "range", 2)
    assert details(row)["members"] == [M1, M2]


def test_a_batch_leave_counts_its_members_and_names_the_ones_it_could_not_remove() -> None:
    # KIP-345 LeaveGroup v3+ (2.4+): the admin client removes static members by instance id; one
    # was fenced (FENCED_INSTANCE_ID, 82) while the request as a whole succeeded.
    row = one(requestlog.EX_2_5_LEAVE)
    assert (row["api"], row["error"], row["members"]) == ("LeaveGroup", "NONE", 2)
    d = details(row)
    assert d["instance_ids"] == ["payments-host-a", "payments-host-b"]
    assert d["member_errors"] == {"payments-host-b": "FENCED_INSTANCE_ID"}
    assert d["client_software_version"] == "2.5.1"  # KIP-511 (2.5+)


def test_a_closing_consumer_leaves_with_its_reason() -> None:
    # LeaveGroup v5 (3.2+, KIP-800): the member's reason; one member -> member is set
    row = one(json_line(
        13, 5, "LEAVE_GROUP",
        f'{{"groupId":"payments","members":[{{"memberId":"{M2}","groupInstanceId":null,"reason":"the consumer is being closed"}}]}}',
        f'{{"throttleTimeMs":0,"errorCode":0,"members":[{{"memberId":"{M2}","groupInstanceId":null,"errorCode":0}}]}}'))
    assert (row["member"], row["members"], row["client_reason"]) == (M2, 1, "the consumer is being closed")
    assert "member_errors" not in details(row)


def test_an_old_leave_names_its_single_member() -> None:
    # LeaveGroup v0–2: {group_id=…,member_id=…}
    row = one(struct_line("LEAVE_GROUP", 1, f"{{group_id=payments,member_id={M1}}}",
                          "{throttle_time_ms=0,error_code=25}"))
    assert (row["member"], row["members"], row["error"]) == (M1, None, "UNKNOWN_MEMBER_ID")


def test_an_offset_commit_lists_its_partitions_and_offsets() -> None:
    # 2.1 OffsetCommit v6 (hand-written schema: topic / partition / offset)
    row = one(struct_line(
        "OFFSET_COMMIT", 6,
        "{group_id=payments,generation_id=12,member_id=consumer-1-aaa,topics=[{topic=payments,partitions=["
        "{partition=0,offset=1500,leader_epoch=3,metadata=},{partition=1,offset=1620,leader_epoch=3,metadata=}]},"
        "{topic=refunds,partitions=[{partition=0,offset=7,leader_epoch=1,metadata=}]}]}",
        "{throttle_time_ms=0,responses=[{topic=payments,partition_responses=[{partition=0,error_code=0},"
        "{partition=1,error_code=0}]},{topic=refunds,partition_responses=[{partition=0,error_code=0}]}]}"))
    assert (row["api"], row["error"], row["generation"]) == ("OffsetCommit", "NONE", 12)
    assert row["partitions"] == ["payments-0", "payments-1", "refunds-0"]
    assert (row["count"], row["offset"]) == (3, None)
    assert details(row)["offsets"] == {"payments-0": 1500, "payments-1": 1620, "refunds-0": 7}


def test_a_commit_from_a_stale_generation_fails_with_illegal_generation() -> None:
    # The response has no top-level error: the first failing partition names it.
    row = one(json_line(
        8, 8, "OFFSET_COMMIT",
        f'{{"groupId":"payments","generationId":33,"memberId":"{M1}","groupInstanceId":null,"topics":[{{"name":"payments",'
        '"partitions":[{"partitionIndex":0,"committedOffset":1500,"committedLeaderEpoch":4,"committedMetadata":""}]}]}',
        '{"throttleTimeMs":0,"topics":[{"name":"payments","partitions":[{"partitionIndex":0,"errorCode":22}]}]}'))
    assert (row["error"], row["partitions"], row["offset"]) == ("ILLEGAL_GENERATION", ["payments-0"], 1500)
    assert details(row)["errors"] == 1


def test_an_offset_fetch_error_written_after_its_topics_is_the_top_level_error() -> None:
    # OffsetFetch v2–7 puts the group's errorCode last; the partition's 0 is not the answer
    row = one(json_line(
        9, 7, "OFFSET_FETCH", '{"groupId":"payments","topics":null,"requireStable":true}',
        '{"throttleTimeMs":0,"topics":[{"name":"payments","partitions":[{"partitionIndex":0,"committedOffset":1500,'
        '"committedLeaderEpoch":4,"metadata":"","errorCode":0}]}],"errorCode":14}'))
    assert (row["error"], row["group"], row["offset"]) == ("COORDINATOR_LOAD_IN_PROGRESS", "payments", 1500)


def test_a_batched_offset_fetch_reads_its_group_and_the_committed_offsets() -> None:
    # OffsetFetch v8+ (3.0, KIP-709): groups[…]
    row = one(json_line(
        9, 8, "OFFSET_FETCH", '{"groups":[{"groupId":"payments","topics":null}],"requireStable":true}',
        '{"throttleTimeMs":0,"groups":[{"groupId":"payments","topics":[{"name":"payments","partitions":['
        '{"partitionIndex":0,"committedOffset":1500,"committedLeaderEpoch":4,"metadata":"","errorCode":0},'
        '{"partitionIndex":1,"committedOffset":-1,"committedLeaderEpoch":-1,"metadata":"","errorCode":0}]}],"errorCode":0}]}'))
    assert (row["group"], row["error"], row["partitions"]) == ("payments", "NONE", ["payments-0", "payments-1"])
    assert details(row)["offsets"] == {"payments-0": 1500, "payments-1": -1}  # -1: nothing committed


@pytest.mark.parametrize("log_line", [
    struct_line("FIND_COORDINATOR", 1, "{coordinator_key=payments,coordinator_type=0}",
                "{throttle_time_ms=0,error_code=0,error_message=null,coordinator={node_id=2,host=kafka2.internal,port=9092}}"),
    struct_line("FIND_COORDINATOR", 2, "{key=payments,key_type=0}",
                "{throttle_time_ms=0,error_code=0,error_message=NONE,node_id=2,host=kafka2.internal,port=9092}"),
    json_line(10, 4, "FIND_COORDINATOR", '{"keyType":0,"coordinatorKeys":["payments"]}',
              '{"throttleTimeMs":0,"coordinators":[{"key":"payments","nodeId":2,"host":"kafka2.internal","port":9092,'
              '"errorCode":0,"errorMessage":null}]}'),
], ids=["1.0 v1", "2.3 generated", "3.0 v4 batched"])
def test_find_coordinator_names_the_groups_coordinator(log_line: str) -> None:
    row = one(log_line)
    assert (row["api"], row["group"], row["coordinator"], row["error"]) == ("FindCoordinator", "payments", 2, "NONE")


def test_a_transaction_coordinator_lookup_is_not_a_group() -> None:
    # key type 1 (KIP-98): the key is a transactional.id; nodeId -1 with the error
    row = one(json_line(
        10, 3, "FIND_COORDINATOR", '{"key":"payments-txn","keyType":1}',
        '{"throttleTimeMs":0,"errorCode":15,"errorMessage":"The coordinator is not available.","nodeId":-1,"host":"","port":-1}'))
    assert (row["group"], row["coordinator"], row["error"]) == (None, None, "COORDINATOR_NOT_AVAILABLE")
    assert (details(row)["key"], details(row)["key_type"]) == ("payments-txn", 1)


def test_every_api_is_recorded_and_a_produce_names_its_failing_partition() -> None:
    # acks=all with the ISR below min.insync.replicas: partition 1 answered NOT_ENOUGH_REPLICAS (19)
    row = one(struct_line(
        "PRODUCE", 5, "{acks=-1,timeout=30000,numPartitions=2}",
        "{responses=[{topic=orders,partition_responses=[{partition=0,error_code=0,base_offset=1234,log_append_time=-1,"
        "log_start_offset=0},{partition=1,error_code=19,base_offset=-1,log_append_time=-1,log_start_offset=-1}]}],"
        "throttle_time_ms=0}", client="producer-1", total="30001.2", remote="30000.0",
        extra=",messageConversionsTime:0.2"))
    assert (row["api"], row["error"], row["group"]) == ("Produce", "NOT_ENOUGH_REPLICAS", None)
    assert details(row)["message_conversions_ms"] == 0.2


def test_an_acks_0_produce_has_no_response_and_so_no_error() -> None:
    # NoOpResponse: ",response: from connection" (≤2.7), "response":"" (2.8+)
    old = one(struct_line("PRODUCE", 5, "{acks=0,timeout=30000,numPartitions=1}", "", client="producer-1"))
    new = one(json_line(0, 9, "PRODUCE", '{"transactionalId":null,"acks":0,"timeoutMs":30000,"topicData":[]}', '""',
                        client="producer-1"))
    assert (old["api"], old["error"], new["api"], new["error"]) == ("Produce", None, "Produce", None)


def test_a_follower_fetch_names_the_replica_and_a_consumer_fetch_does_not() -> None:
    follower = one(struct_line(
        "FETCH", 7, "{replica_id=2,max_wait_time=500,min_bytes=1,max_bytes=10485760,isolation_level=0,session_id=12,"
        "epoch=4,topics=[],forgotten_topics_data=[]}", "{throttle_time_ms=0,error_code=0,session_id=12,responses=[]}",
        client="ReplicaFetcherThread-0-1"))
    consumer = one(struct_line(
        "FETCH", 7, "{replica_id=-1,max_wait_time=500,min_bytes=1,max_bytes=52428800,isolation_level=1,session_id=0,"
        "epoch=0,topics=[],forgotten_topics_data=[]}", "{throttle_time_ms=0,error_code=0,session_id=88,responses=[]}"))
    assert (follower["replica"], consumer["replica"]) == (2, None)


def test_a_fetch_whose_session_is_fine_names_the_partition_that_is_not() -> None:
    # Fetch v15 (3.5, KIP-903): replicaState; errorCode 0 at the top, NOT_LEADER_OR_FOLLOWER (6) inside
    row = one(json_line(
        1, 15, "FETCH",
        '{"replicaState":{"replicaId":3,"replicaEpoch":7},"maxWaitMs":500,"minBytes":1,"maxBytes":10485760,'
        '"isolationLevel":0,"sessionId":0,"sessionEpoch":-1,"topics":[],"forgottenTopicsData":[],"rackId":""}',
        '{"throttleTimeMs":0,"errorCode":0,"sessionId":1234,"responses":[{"topicId":"x3sB1Rr5QWuvh0VhYp9YwA",'
        '"partitions":[{"partitionIndex":0,"errorCode":6,"highWatermark":10}]}]}',
        client="ReplicaFetcherThread-0-1"))
    assert (row["error"], row["replica"]) == ("NONE", 3)
    assert (details(row)["inner_error"], details(row)["errors"]) == ("NOT_LEADER_OR_FOLLOWER", 1)


def test_api_names_are_kafkas_current_names_from_the_key_or_the_enum() -> None:
    renamed = one(struct_line("ALTER_ISR", 0, "{broker_id=2,broker_epoch=40,topics=[]}",
                              "{throttle_time_ms=0,error_code=0,topics=[]}", client="2"))
    assert renamed["api"] == "AlterPartition"  # 2.7's AlterIsr, key 56 (KIP-497 -> KIP-704)
    newer = one(json_line(88, 0, "STREAMS_GROUP_HEARTBEAT", '{"groupId":"streams-app"}', '{"errorCode":0}'))
    assert newer["api"] == "StreamsGroupHeartbeat"  # a key newer than the table: the enum's spelling
    assert requestlog.API_NAMES[10] == "FindCoordinator" and requestlog.API_NAMES[87] == "ReadShareGroupStateSummary"


def test_a_forwarded_request_is_flagged() -> None:
    # KIP-590 (2.8+): a broker forwards admin requests to the controller inside an Envelope
    row = one(json_line(19, 7, "CREATE_TOPICS",
                        '{"topics":[{"name":"orders","numPartitions":12,"replicationFactor":3,"assignments":[],"configs":[]}],'
                        '"timeoutMs":30000,"validateOnly":false}',
                        '{"throttleTimeMs":0,"topics":[{"name":"orders","topicId":"x3sB1Rr5QWuvh0VhYp9YwA","errorCode":36,'
                        '"errorMessage":"Topic \'orders\' already exists."}]}', forwarded="true", client="adminclient-1"))
    assert (row["api"], row["error"], details(row)["forwarded"]) == ("CreateTopics", "TOPIC_ALREADY_EXISTS", True)


def test_a_kip_848_heartbeat_takes_the_member_id_the_coordinator_assigned() -> None:
    # ConsumerGroupHeartbeat (3.7+): the first heartbeat has memberId "" and epoch 0
    row = one(json_line(
        68, 0, "CONSUMER_GROUP_HEARTBEAT",
        '{"groupId":"payments","memberId":"","memberEpoch":0,"instanceId":null,"rackId":null,"rebalanceTimeoutMs":300000,'
        '"subscribedTopicNames":["payments"],"serverAssignor":null,"topicPartitions":[]}',
        '{"throttleTimeMs":0,"errorCode":0,"errorMessage":null,"memberId":"Xk2vZ1zYQm6mT0bRkVb2aA","memberEpoch":1,'
        '"heartbeatIntervalMs":5000,"assignment":{"topicPartitions":[]}}'))
    assert (row["group"], row["member"], details(row)["member_epoch"]) == ("payments", "Xk2vZ1zYQm6mT0bRkVb2aA", 1)


def test_0_11_times_follow_the_jvms_locale() -> None:
    # `%f` with a German default locale writes "3,512000"
    row = one(
        "[2017-08-01 11:30:02,417] DEBUG Completed request:{api_key=8,api_version=2,correlation_id=17,client_id=consumer-1} -- "
        "{group_id=payments,group_generation_id=5,member_id=consumer-1-aaa,retention_time=-1,topics=[{topic=payments,"
        "partitions=[{partition=0,offset=1500,metadata=}]}]} from connection 10.0.0.5:9092-10.0.0.9:53122;"
        "totalTime:3,512000,requestQueueTime:0,061000,localTime:0,402000,remoteTime:2,911000,throttleTime:0,030000,"
        "responseQueueTime:0,044000,sendTime:0,064000,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,"
        f"listener:PLAINTEXT ({RL})")
    assert (row["duration_ms"], details(row)["remote_ms"]) == (3.512, 2.911)
    assert (row["generation"], row["offset"]) == (5, 1500)  # group_generation_id in 0.10–0.11 schemas


def test_0_10_logs_no_response_so_there_is_no_error() -> None:
    row = one(requestlog.EX_0_10)
    assert (row["api"], row["error"], row["generation"], row["duration_ms"]) == ("Heartbeat", None, 4, 2.0)


def test_a_controlled_shutdown_names_the_broker_going_down() -> None:
    # 0.10–0.11 read ControlledShutdown with kafka.api.ControlledShutdownRequest: clientId is an Option
    row = one(requestlog.EX_0_11_SHUTDOWN)
    assert (row["api"], row["brokers"], row["client_id"], row["duration_ms"]) == ("ControlledShutdown", [2], "2", 5012.113)


def test_a_line_cut_short_is_still_a_completed_request() -> None:
    # the last line of a broker killed mid-write: what can be read is kept
    row = one(requestlog.EX_UNPARSED)
    assert (row["kind"], row["template"]) == ("request_completed", "request.completed.unparsed")
    assert (row["api"], row["correlation_id"], row["client_id"]) == ("Fetch", 90211, "consumer-inventory-1")


def test_one_unreadable_body_does_not_cost_the_other_lines_their_fields() -> None:
    # json_decode fails a whole column over one row; the rows are halved until it is alone
    bad = json_line(12, 4, "HEARTBEAT", '{"groupId":"payments","generationId":"nine","memberId":"m"}',
                    '{"throttleTimeMs":0,"errorCode":0}', corr=8)
    ev = events("\n".join([requestlog.EX_3_6, bad, requestlog.EX_3_6]))
    assert ev["template"].to_list() == ["request.completed.json"] * 3
    assert ev["group"].to_list() == ["inventory", None, "inventory"]
    assert ev["error"].to_list() == ["REBALANCE_IN_PROGRESS", "NONE", "REBALANCE_IN_PROGRESS"]


def test_a_network_thread_logs_each_request_it_receives_at_trace() -> None:
    rows = events("\n".join([requestlog.EX_RECEIVED_1_0, requestlog.EX_RECEIVED_FORWARDED]))
    assert rows["kind"].to_list() == ["request_received"] * 2
    assert rows["api"].to_list() == ["Heartbeat", "CreateTopics"]
    assert [details(r).get("forwarded") for r in rows.iter_rows(named=True)] == [None, True]


# --- the error-code table -----------------------------------------------------------------------

def test_error_codes_are_named_as_kafka_names_them_today() -> None:
    # Errors.java (4.x): codes are never reused; renamed ones keep their code
    assert (ERRORS[27], ERRORS[79], ERRORS[82], ERRORS[133]) == (
        "REBALANCE_IN_PROGRESS", "MEMBER_ID_REQUIRED", "FENCED_INSTANCE_ID", "SHARE_SESSION_LIMIT_REACHED")
    assert set(RENAMED.values()) <= set(ERRORS.values())
    assert sorted(ERRORS) == list(range(-1, max(ERRORS) + 1))  # no gap


@given(st.integers(min_value=-1000, max_value=1000))
def test_every_code_gets_a_name_and_a_newer_one_says_so(code: int) -> None:
    got = pl.select(error_name(pl.lit(code))).item()
    assert got == ERRORS.get(code, f"UNKNOWN_CODE_{code}")


# --- the Struct rendering, generated ------------------------------------------------------------

# Struct.toString escapes nothing: an id is readable when it holds none of , { } [ ] or spaces
_ID = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABC0123456789-_.:"), min_size=1, max_size=40) \
    .filter(lambda s: s != "null")


@settings(max_examples=40, deadline=None)
@given(group=_ID, member=_ID, instance=st.one_of(st.none(), _ID), generation=st.integers(-1, 2**31 - 1),
       code=st.sampled_from(sorted(ERRORS)), flexible=st.booleans())
def test_a_struct_rendered_heartbeat_reads_back(group: str, member: str, instance: str | None, generation: int,
                                                 code: int, flexible: bool) -> None:
    tagged = ",_tagged_fields={}" if flexible else ""  # flexible versions (2.4+, KIP-482)
    java = "null" if instance is None else instance
    row = one(struct_line(
        "HEARTBEAT", 4 if flexible else 3,
        f"{{group_id={group},generation_id={generation},member_id={member},group_instance_id={java}{tagged}}}",
        f"{{throttle_time_ms=0,error_code={code}{tagged}}}"))
    assert (row["group"], row["generation"], row["member"], row["instance_id"], row["error"]) == (
        group, generation, member, instance, ERRORS[code])


@settings(max_examples=40, deadline=None)
@given(client=st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30))
def test_a_json_client_id_reads_back_unescaped(client: str) -> None:
    # Jackson escapes " and \ in the header's clientId
    escaped = client.replace("\\", "\\\\").replace('"', '\\"')
    row = one(json_line(12, 4, "HEARTBEAT", '{"groupId":"g","generationId":1,"memberId":"m","groupInstanceId":null}',
                        '{"throttleTimeMs":0,"errorCode":0}', client=escaped))
    assert row["client_id"] == client


# --- every entry: a line and its typed fields ---------------------------------------------------

def case(template: str, log_line: str, **expected: Any) -> Any:
    return pytest.param(template, log_line, expected, id=template)


CASES = [
    case("request.completed.json", requestlog.EX_3_6, api="Heartbeat", correlation_id=512,
         client_id="consumer-inventory-1", duration_ms=0.412, error="REBALANCE_IN_PROGRESS", group="inventory",
         generation=9, member="consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b",
         details={"api_version": 4, "connection": "10.0.0.5:9092-10.0.0.9:53122-7", "request_queue_ms": 0.05,
                  "local_ms": 0.2, "remote_ms": 0.0, "throttle_ms": 0.0, "response_queue_ms": 0.06, "send_ms": 0.09,
                  "security_protocol": "PLAINTEXT", "principal": "User:ANONYMOUS", "listener": "PLAINTEXT",
                  "client_software": "apache-kafka-java", "client_software_version": "3.6.1", "errors": 1}),
    case("request.completed.1_0", requestlog.EX_2_4, api="Heartbeat", correlation_id=441,
         client_id="consumer-payments-1", duration_ms=0.466, error="NONE", group="payments", generation=32,
         member=M1, instance_id=None,
         details={"api_version": 3, "connection": "10.0.0.5:9092-10.0.0.9:53122-7", "request_queue_ms": 0.051,
                  "local_ms": 0.248, "remote_ms": 0.0, "throttle_ms": 0.046, "response_queue_ms": 0.04,
                  "send_ms": 0.077, "security_protocol": "PLAINTEXT", "principal": "User:ANONYMOUS",
                  "listener": "PLAINTEXT"}),
    case("request.completed.0_11", requestlog.EX_0_11, api="SyncGroup", correlation_id=17, client_id="consumer-1",
         duration_ms=3.512, error=None, group="payments", generation=5, member=M1, members=2),
    case("request.completed.0_11.server_side", requestlog.EX_0_11_SHUTDOWN, api="ControlledShutdown",
         correlation_id=0, client_id="2", duration_ms=5012.113, brokers=[2]),
    case("request.completed.0_10", requestlog.EX_0_10_2, api="JoinGroup", correlation_id=3, client_id="consumer-1",
         duration_ms=2950.0, group="payments", member=None, protocol="range",
         details={"api_version": 1, "connection": "10.0.0.5:9092-10.0.0.9:53122", "request_queue_ms": 0.0,
                  "local_ms": 1.0, "remote_ms": 2948.0, "response_queue_ms": 0.0, "send_ms": 1.0,
                  "security_protocol": "PLAINTEXT", "principal": "User:ANONYMOUS", "listener": "PLAINTEXT",
                  "session_timeout_ms": 10000, "rebalance_timeout_ms": 300000, "protocols": ["range"],
                  "new_member": True}),
    case("request.completed.0_10.server_side", requestlog.EX_0_10_FETCH, api="Fetch", correlation_id=1201,
         client_id="ReplicaFetcherThread-0-1", duration_ms=501.0, replica=2),
    case("request.completed.unparsed", requestlog.EX_UNPARSED, api="Fetch", correlation_id=90211,
         client_id="consumer-inventory-1", duration_ms=None),
    case("request.received.1_0", requestlog.EX_RECEIVED_1_0, api="Heartbeat", correlation_id=441,
         client_id="consumer-payments-1", details={"processor": 1, "api_version": 3}),
    case("request.received.0_10", requestlog.EX_RECEIVED_0_10, api="Heartbeat", correlation_id=88,
         client_id="consumer-1", details={"processor": 2, "api_version": 0}),
]


@pytest.mark.parametrize(("template", "log_line", "expected"), CASES)
def test_each_entry_yields_its_typed_fields(template: str, log_line: str, expected: dict[str, Any]) -> None:
    row = assert_entry(template, log_line, expected)
    assert row["kind"] in ("request_completed", "request_received")


def test_every_request_log_entry_has_a_typed_field_case() -> None:
    missing = unspecified(requestlog.TEMPLATES, (c.values[0] for c in CASES))
    assert not missing, f"entries without a case above: {missing}"
