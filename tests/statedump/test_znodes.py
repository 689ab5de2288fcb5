"""Kafka's znodes: the path gives the kind, the JSON (as each Kafka version's ZkData /
ZkUtils writes it) the fields.  Examples are the encoders' output, from the source."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.parsers.kinds import Kind
from kafka_forensics.parsers.statedump.znodes import KINDS, decode_znode

STATE = "/brokers/topics/orders/partitions/3/state"


def test_every_znode_kind_is_in_the_vocabulary() -> None:
    assert set(KINDS) <= {k.value for k in Kind}


def test_partition_state_gives_leader_isr_and_epochs() -> None:
    kind, f = decode_znode(STATE, b'{"controller_epoch":7,"leader":2,"version":1,"leader_epoch":12,"isr":[2,3]}')
    assert kind == "zk_partition_state"
    assert (f["topic"], f["partition"], f["leader"], f["leader_epoch"], f["isr"], f["controller_epoch"]) == (
        "orders", 3, 2, 12, [2, 3], 7)
    assert f["details"] == {"version": 1, "leader_recovery_state": "RECOVERED"}


def test_partition_state_recovering_after_an_unclean_election() -> None:
    # Kafka 3.2+ (KIP-704) writes leader_recovery_state only while RECOVERING
    z = decode_znode(STATE, '{"controller_epoch":7,"leader":3,"version":1,"leader_epoch":13,"isr":[3],'
                            '"leader_recovery_state":1}')
    assert z.fields["details"]["leader_recovery_state"] == "RECOVERING"


def test_partition_state_without_leader_keeps_minus_one() -> None:
    _, f = decode_znode(STATE, '{"controller_epoch":7,"leader":-1,"version":1,"leader_epoch":14,"isr":[3]}')
    assert f["leader"] == -1


def test_broker_registration_v1_of_kafka_0_8() -> None:
    _, f = decode_znode("/brokers/ids/0", '{"jmx_port":-1,"timestamp":"1400000000000","host":"k0","version":1,'
                                          '"port":9092}')
    assert f["brokers"] == [0] and f["versions"] == "0.8"
    assert f["details"]["endpoints"] == ["PLAINTEXT://k0:9092"]


def test_broker_registration_v4_with_rack_and_listener_map() -> None:
    z = decode_znode("/brokers/ids/3", '{"listener_security_protocol_map":{"INTERNAL":"PLAINTEXT","EXTERNAL":"SSL"},'
                                       '"endpoints":["INTERNAL://k3:9092","EXTERNAL://k3.example:9093"],'
                                       '"rack":"r1","jmx_port":9999,"host":"k3","timestamp":"1600000000000",'
                                       '"port":9092,"version":4}')
    d = z.fields["details"]
    assert z.kind == "zk_broker_registration" and z.fields["versions"] == "0.10.2-2.6"
    assert d["rack"] == "r1" and d["jmx_port"] == 9999 and d["timestamp"] == 1600000000000
    assert d["listener_security_protocol_map"] == {"INTERNAL": "PLAINTEXT", "EXTERNAL": "SSL"}


def test_broker_registration_v5_carries_features() -> None:
    z = decode_znode("/brokers/ids/1", '{"features":{"metadata.version":{"min_version":1,"max_version":7}},'
                                       '"endpoints":["PLAINTEXT://k1:9092"],"jmx_port":-1,"port":9092,'
                                       '"host":"k1","version":5,"timestamp":"1700000000000"}')
    assert z.fields["details"]["features"] == {"metadata.version": {"min_version": 1, "max_version": 7}}
    assert z.fields["versions"] == "2.7+"


def test_a_deleted_registration_still_names_its_broker() -> None:
    assert decode_znode("/brokers/ids/2", None) == decode_znode("/brokers/ids/2", b"")
    assert tuple(decode_znode("/brokers/ids/2", None)) == ("zk_broker_registration",
                                                            {"brokers": [2], "details": {}})


def test_topic_assignment_v1_to_v3() -> None:
    v1 = decode_znode("/brokers/topics/t", '{"version":1,"partitions":{"1":[2,3],"0":[1,2]}}')
    assert v1.fields["details"]["partitions"] == {"0": [1, 2], "1": [2, 3]} and v1.fields["count"] == 2
    assert v1.fields["partitions"] == ["t-0", "t-1"] and v1.fields["versions"] == "0.8-2.3"
    v2 = decode_znode("/brokers/topics/t", '{"version":2,"partitions":{"0":[1,2,4]},"adding_replicas":{"0":[4]},'
                                           '"removing_replicas":{"0":[1]}}')
    assert v2.fields["details"]["adding_replicas"] == {"0": [4]}
    assert v2.fields["details"]["removing_replicas"] == {"0": [1]}
    v3 = decode_znode("/brokers/topics/t", '{"version":3,"partitions":{"0":[1]},"adding_replicas":{},'
                                           '"removing_replicas":{},"topic_id":"k1kLjSMxRjOm3K6w8r2Eqw"}')
    assert v3.fields["details"]["topic_id"] == "k1kLjSMxRjOm3K6w8r2Eqw" and "adding_replicas" not in \
        v3.fields["details"] and v3.fields["versions"] == "2.8+"


def test_controller_v1_and_v2() -> None:
    _, f = decode_znode("/controller", '{"version":1,"brokerid":3,"timestamp":"1500000000000"}')
    assert f["controller"] == 3 and f["versions"] == "0.8-3.3"
    _, f = decode_znode("/controller", '{"version":2,"brokerid":3000,"timestamp":"1700000000000",'
                                       '"kraftControllerEpoch":5}')
    assert f["details"]["kraft_controller_epoch"] == 5 and f["versions"] == "3.4+"


def test_controller_epoch_is_a_plain_integer() -> None:
    assert decode_znode("/controller_epoch", b"42").fields["controller_epoch"] == 42


def test_isr_change_notification_lists_its_partitions() -> None:
    _, f = decode_znode("/isr_change_notification/isr_change_0000000017",
                        '{"version":1,"partitions":[{"topic":"a","partition":0},{"topic":"b","partition":4}]}')
    assert f["partitions"] == ["a-0", "b-4"] and f["count"] == 2 and f["details"]["sequence"] == 17


def test_reassignment_keeps_replicas_and_log_dirs() -> None:
    _, f = decode_znode("/admin/reassign_partitions", '{"version":1,"partitions":[{"topic":"t","partition":1,'
                                                      '"replicas":[4,5],"log_dirs":["any","any"]}]}')
    assert f["partitions"] == ["t-1"]
    assert f["details"]["partitions"] == [{"topic": "t", "partition": 1, "replicas": [4, 5],
                                           "log_dirs": ["any", "any"]}]


def test_config_and_its_change_notifications_v1_and_v2() -> None:
    kind, f = decode_znode("/config/topics/t", '{"version":1,"config":{"min.insync.replicas":"2"}}')
    assert (kind, f["topic"], f["details"]["config"]) == ("zk_config", "t", {"min.insync.replicas": "2"})
    _, f = decode_znode("/config/users/alice/clients/c1", '{"version":1,"config":{"producer_byte_rate":"1024"}}')
    assert f["details"]["entity_name"] == "alice/clients/c1"
    _, f = decode_znode("/config/changes/config_change_0000000003", '{"version":2,"entity_path":"topics/t"}')
    assert f["topic"] == "t" and f["versions"] == "0.10.1+"
    _, f = decode_znode("/config/changes/config_change_0000000001",
                        '{"version":1,"entity_type":"topics","entity_name":"t"}')
    assert f["details"]["entity_path"] == "topics/t" and f["versions"] == "0.9-0.10.0"


def test_the_rest_of_kafka_s_znodes() -> None:
    assert decode_znode("/admin/delete_topics/t", None).fields["topic"] == "t"
    assert decode_znode("/log_dir_event_notification/log_dir_event_0000000001",
                        '{"version":1,"broker":3,"event":1}').fields["brokers"] == [3]
    assert decode_znode("/cluster/id", '{"version":"1","id":"abc"}').fields["details"]["cluster_id"] == "abc"
    z = decode_znode("/consumers/g1/offsets/t/2", b"1234")
    assert (z.kind, z.fields["group"], z.fields["topic"], z.fields["partition"], z.fields["offset"]) == (
        "zk_consumer_offset", "g1", "t", 2, 1234)
    assert decode_znode("/brokers/topics/t/partitions/0", None).fields["partition"] == 0


def test_data_that_is_not_kafka_s_keeps_the_kind_and_says_why() -> None:
    z = decode_znode(STATE, b'{"leader":"one"}')
    assert z.kind == "zk_partition_state" and z.problem is not None
    assert "`leader` is not an integer" in z.problem
    assert z.fields["topic"] == "orders" and "leader" not in z.fields
    assert decode_znode("/controller", b"\xff\xfe").problem.startswith("not what Kafka writes at /controller")


def test_any_other_znode_is_a_plain_node() -> None:
    assert decode_znode("/zookeeper/quota", b"").kind == "zk_node"
    assert decode_znode("", None).kind == "zk_node"
    assert decode_znode("/latest_producer_id_block", '{"version":1,"broker":1,"block_start":"0",'
                        '"block_end":"999"}').fields["details"]["data"]["block_end"] == "999"
    assert decode_znode("/app/x", b"not json").problem is None


@given(st.integers(-1, 1000), st.integers(0, 2**31 - 1), st.lists(st.integers(0, 1000), max_size=5),
       st.integers(0, 2**31 - 1), st.text(alphabet="abc-_.XYZ09", min_size=1, max_size=20), st.integers(0, 9999))
def test_partition_state_round_trip(leader: int, epoch: int, isr: list[int], cepoch: int, topic: str,
                                    p: int) -> None:
    """What TopicPartitionStateZNode.encode writes, decode gives back."""
    data = json.dumps({"controller_epoch": cepoch, "leader": leader, "version": 1, "leader_epoch": epoch,
                       "isr": isr}, separators=(",", ":"))
    kind, f = decode_znode(f"/brokers/topics/{topic}/partitions/{p}/state", data)
    assert kind == "zk_partition_state"
    assert (f["topic"], f["partition"], f["leader"], f["leader_epoch"], f["isr"], f["controller_epoch"]) == (
        topic, p, leader, epoch, isr, cepoch)
