"""Text captures of cluster state: zkCli transcripts (a real one from Debian's zkCli against
the real server, and 3.4's wording with prompts), JSON exports, kafka-topics and
kafka-consumer-groups --describe in each version's wording, kafka-dump-log's metadata
decoder and kafka-metadata-shell.  Wording is from ZooKeeper's ZooKeeperMain / cli/* and
Kafka's TopicCommand, ConsumerGroupCommand, DumpLogSegments and PartitionRegistration /
BrokerRegistration.toString at the release tags named in each test."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from kafka_forensics.parsers import statedump

from . import zkserver
from .reading import read


def rows_of(text: str, **opts: Any) -> tuple[list[dict[str, Any]], Any]:
    return read("capture.txt", text.encode(), options=statedump.TextOptions(**opts) if opts else None)


def only(rows: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [r for r in rows if r["kind"] == kind]


# -- zkCli ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def zkcli_capture() -> tuple[str, dict[str, Any]]:
    """Debian's zkCli on a terminal against a real server holding Kafka's znodes, with one
    broker registered (a live ephemeral node) and kazoo's view of the same nodes."""
    why = zkserver.missing() or (None if zkserver.ZKCLI.exists() else "zkCli.sh is not installed")
    if why is not None:
        pytest.skip(f"no real ZooKeeper here: {why}")
    from kazoo.client import KazooClient

    with tempfile.TemporaryDirectory() as tmp:
        server = zkserver.start(Path(tmp))
        try:
            zk = KazooClient(hosts=server.hosts, timeout=10.0)
            zk.start(timeout=30)
            zk.ensure_path("/brokers/topics/orders/partitions/0")
            zk.create(zkserver.STATE, zkserver.state_json(1, 0, [1, 2]))
            zk.set(zkserver.STATE, zkserver.state_json(1, 0, [1]), version=0)  # the ISR shrinks
            zk.create("/brokers/ids/1", zkserver.broker_json(1), ephemeral=True, makepath=True)
            zk.create("/controller_epoch", b"3")
            truth = {p: zk.get(p) for p in (zkserver.STATE, "/brokers/ids/1")}
            text = zkserver.zkcli_transcript(server, [
                "ls /brokers/ids", f"get -s {zkserver.STATE}", "stat /brokers/ids/1", "get /controller_epoch",
                "get -s /controller", "ls -R /brokers/topics", "get -w /controller_epoch",
                "set /controller_epoch 4", "quit"])
            zk.stop()
        finally:
            server.stop()
    return text, {"truth": truth, "session": truth["/brokers/ids/1"][1].ephemeralOwner}


def test_real_zkcli_get_s_reads_the_partition_state_as_zookeeper_holds_it(zkcli_capture):
    text, facts = zkcli_capture
    rows, acc = rows_of(text)
    data, stat = facts["truth"][zkserver.STATE]
    (state,) = only(rows, "zk_partition_state")
    assert state["zk_op"] == "getData"
    assert state["isr"] == [1] and state["leader"] == 1 and state["zk_version"] == stat.version == 1
    assert state["zxid"] == stat.mzxid and state["details"]["czxid"] == stat.czxid
    assert state["zk_data"] == data.decode()
    assert state["ts"] is not None and int(state["ts"].timestamp() * 1000) // 1000 == stat.mtime // 1000
    assert acc.malformed == 0


def test_real_zkcli_stat_of_a_broker_registration_gives_its_session_and_broker_epoch(zkcli_capture):
    text, facts = zkcli_capture
    rows, _ = rows_of(text)
    (reg,) = only(rows, "zk_broker_registration")
    _, stat = facts["truth"]["/brokers/ids/1"]
    assert reg["zk_op"] == "exists" and reg["brokers"] == [1]
    assert reg["zk_session"] == facts["session"] and reg["details"]["broker_epoch"] == stat.czxid


def test_real_zkcli_ls_missing_node_watch_and_write_are_all_accounted(zkcli_capture):
    text, _ = zkcli_capture
    rows, acc = rows_of(text)
    (ids,) = [r for r in only(rows, "zk_children") if r["zk_path"] == "/brokers/ids"]
    assert ids["brokers"] == [1] and ids["details"]["children"] == ["1"]
    (tree,) = [r for r in only(rows, "zk_children") if r["zk_path"] == "/brokers/topics"]
    assert zkserver.STATE in tree["details"]["paths"]
    (missing,) = only(rows, "zk_controller")
    assert missing["error"] == "NONODE"
    (written,) = [r for r in only(rows, "zk_controller_epoch") if r["zk_op"] == "setData"]
    assert written["controller_epoch"] == 4
    changed = [r for r in only(rows, "zk_watched_event") if r["zk_path"] == "/controller_epoch"]
    assert changed and changed[0]["details"]["type"] == "NodeDataChanged"
    assert acc.records == acc.recognised + acc.unrecognised_total  # client noise only is unrecognised
    assert set(acc.unrecognised) <= {"a Java tool's own logging (SLF4J, log4j)", "the zkCli client's own logging"}


ZK34 = """\
[zk: localhost:2181(CONNECTED) 0] get /brokers/topics/orders/partitions/0/state
{"controller_epoch":5,"leader":2,"version":1,"leader_epoch":7,"isr":[2]}
cZxid = 0x100000041
ctime = Tue Mar 03 10:00:00 UTC 2020
mZxid = 0x10000009a
mtime = Tue Mar 03 10:05:00 UTC 2020
pZxid = 0x100000041
cversion = 0
dataVersion = 12
aclVersion = 0
ephemeralOwner = 0x0
dataLength = 72
numChildren = 0
[zk: localhost:2181(CONNECTED) 1] ls2 /brokers/ids
[2, 3]
cZxid = 0x4
ctime = Tue Mar 03 09:00:00 UTC 2020
mZxid = 0x4
mtime = Tue Mar 03 09:00:00 UTC 2020
pZxid = 0x100000090
cversion = 40
dataVersion = 0
aclVersion = 0
ephemeralOwner = 0x0
dataLength = 0
numChildren = 2
[zk: localhost:2181(CONNECTED) 2] get /controller
Node does not exist: /controller
[zk: localhost:2181(CONNECTED) 3]\x20
"""


def test_zookeeper_3_4_get_always_prints_the_stat_behind_a_prompt():
    """3.4's ZooKeeperMain: `get` prints data and stat, `ls2` children and stat, prompts
    `[zk: host(CONNECTED) n]` with JLine (ZooKeeper's own distribution)."""
    rows, acc = rows_of(ZK34)
    (state,) = only(rows, "zk_partition_state")
    assert (state["leader"], state["leader_epoch"], state["isr"], state["zk_version"]) == (2, 7, [2], 12)
    assert state["zxid"] == 0x10000009A and state["line"] == 1
    (ids,) = only(rows, "zk_children")
    assert ids["brokers"] == [2, 3] and ids["details"]["cversion"] == 40
    (controller,) = only(rows, "zk_controller")
    assert controller["error"] == "NONODE" and controller["line"] == 27
    assert acc.unrecognised_total == 0 and acc.malformed == 0


def test_a_stat_block_missing_lines_is_malformed_with_file_and_line():
    text = "get -s /controller_epoch\n7\ncZxid = 0x2\nctime = Tue Mar 03 09:00:00 UTC 2020\n"
    rows, acc = rows_of(text)
    assert rows == [] and acc.malformed == 1
    assert acc.errors[0].startswith("capture.txt:1: zkCli `get`: its stat lacks mZxid")


def test_non_interactive_zookeeper_shell_takes_the_path_from_its_command_line():
    text = ("$ bin/zookeeper-shell.sh zk1:2181 get /controller\nConnecting to zk1:2181\n\nWATCHER::\n\n"
            "WatchedEvent state:SyncConnected type:None path:null\n"
            '{"version":1,"brokerid":2,"timestamp":"1700000000000"}\n')
    rows, acc = rows_of(text)
    (c,) = only(rows, "zk_controller")
    assert c["controller"] == 2 and c["zk_path"] == "/controller"
    assert acc.unrecognised_total == 0


# -- JSON exports ---------------------------------------------------------------------------
def test_a_path_map_export_with_kazoo_stat_names_reads_every_node():
    export = {
        "/brokers/topics/t/partitions/0/state": {
            "data": '{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":2,"isr":[1,3]}',
            "stat": {"czxid": 16, "mzxid": 40, "ctime": 1700000000000, "mtime": 1700000100000, "version": 4,
                     "cversion": 0, "aversion": 0, "ephemeralOwner": 0, "dataLength": 74, "numChildren": 0,
                     "pzxid": 16}},
        "/controller_epoch": "9",
    }
    rows, acc = read("zk.json", json.dumps(export, indent=2).encode())
    (state,) = only(rows, "zk_partition_state")
    assert state["isr"] == [1, 3] and state["zk_version"] == 4 and state["zxid"] == 40 and state["line"] == 2
    assert int(state["ts"].timestamp() * 1000) == 1700000100000
    (epoch,) = only(rows, "zk_controller_epoch")
    assert epoch["controller_epoch"] == 9
    assert acc.file_kind == "ZooKeeper JSON export" and acc.recognised == 2


def test_a_nested_tree_export_with_parsed_json_and_base64_data():
    tree = {"name": "/", "children": [{"name": "brokers", "children": [{"name": "ids", "children": [
        {"name": "1", "data": {"version": 5, "host": "b1", "port": 9092, "endpoints": ["PLAINTEXT://b1:9092"],
                               "jmx_port": -1, "timestamp": "1", "listener_security_protocol_map": {},
                               "features": {}},
         "stat": {"cZxid": "0x1f", "mZxid": "0x1f", "ephemeralOwner": "0x1000167", "dataVersion": 0}},
    ]}]}, {"name": "controller_epoch", "data": base64.b64encode(b"3").decode(), "encoding": "base64"}]}
    rows, acc = read("tree.json", json.dumps(tree).encode())
    (reg,) = only(rows, "zk_broker_registration")
    assert reg["zk_path"] == "/brokers/ids/1" and reg["details"]["data_reencoded"] is True
    assert reg["zk_session"] == 0x1000167 and reg["details"]["broker_epoch"] == 0x1F
    (epoch,) = only(rows, "zk_controller_epoch")
    assert epoch["controller_epoch"] == 3
    assert acc.malformed == 0


def test_an_export_cut_short_is_an_error_naming_the_line():
    text = '{\n  "/controller_epoch": "3",\n  "/brokers/ids/1": {"data": "{\\"ver'
    rows, acc = read("cut.json", text.encode())
    assert rows == [] and acc.malformed == 1
    assert acc.errors[0].startswith("cut.json:3: not valid JSON")


# -- kafka-topics ---------------------------------------------------------------------------
def test_kafka_topics_0_10_wording_without_spaces_after_the_topic_line_keys():
    """TopicCommand 0.10.2-2.3: `Topic:%s\\tPartitionCount:%d...`, partitions `\\tTopic: t\\tPartition: 0`."""
    text = ("Topic:orders\tPartitionCount:2\tReplicationFactor:3\tConfigs:\n"
            "\tTopic: orders\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2\n"
            "\tTopic: orders\tPartition: 1\tLeader: none\tReplicas: 2,3,1\tIsr: \n")
    rows, acc = rows_of(text)
    (topic,) = only(rows, "topic_described")
    assert topic["count"] == 2 and topic["details"]["replication_factor"] == 3 and topic["versions"] == "0.10-2.3"
    p0, p1 = only(rows, "partition_described")
    assert (p0["leader"], p0["replicas"], p0["isr"]) == (1, [1, 2, 3], [1, 2])
    assert (p1["leader"], p1["isr"]) == (-1, [])
    assert acc.unrecognised_total == 0 and "pass ingest --captured-at" in " ".join(acc.notes)


def test_kafka_topics_reassignment_and_elr_fields_with_tabs_turned_into_spaces():
    """2.8+ TopicId; 2.4+ Adding / Removing Replicas; 3.8+ Elr / LastKnownElr (KIP-966)."""
    text = ("Topic: t  TopicId: AAAAAAAAAAAAAAAAAAAAAA  PartitionCount: 1  ReplicationFactor: 3  "
            "Configs: cleanup.policy=compact\n"
            "    Topic: t  Partition: 0  Leader: 4  Replicas: 4,2,3  Isr: 4  Adding Replicas: 4  "
            "Removing Replicas: 1  Elr: 2  LastKnownElr: 3  MarkedForDeletion: true\n")
    rows, _ = rows_of(text, captured_at=1_700_000_000_000)
    (topic,) = only(rows, "topic_described")
    assert topic["details"]["topic_id"] == "AAAAAAAAAAAAAAAAAAAAAA"
    assert topic["details"]["configs"] == {"cleanup.policy": "compact"}
    (p,) = only(rows, "partition_described")
    assert p["details"] | {} == {"adding_replicas": [4], "removing_replicas": [1], "elr": [2],
                                 "last_known_elr": [3], "marked_for_deletion": True, "ts_from": "capture"}
    assert int(p["ts"].timestamp() * 1000) == 1_700_000_000_000


def test_date_lines_make_repeated_describes_a_time_series():
    one = "\tTopic: t\tPartition: 0\tLeader: 1\tReplicas: 1,2\tIsr: {}\n"
    text = ("Sun Nov 22 10:00:00 UTC 2026\n" + one.format("1,2") + "2026-11-22T10:00:30Z\n" + one.format("1"))
    rows, acc = rows_of(text)
    a, b = only(rows, "partition_described")
    assert (a["isr"], b["isr"]) == ([1, 2], [1])
    assert (b["ts"] - a["ts"]).total_seconds() == 30
    assert acc.recognised == acc.records == 4


# -- kafka-consumer-groups ------------------------------------------------------------------
GROUPS_38 = """\
$ kafka-consumer-groups.sh --bootstrap-server b:9092 --describe --group billing --members --verbose

GROUP           CONSUMER-ID                                      GROUP-INSTANCE-ID HOST            CLIENT-ID       #PARTITIONS     ASSIGNMENT
billing         consumer-billing-1-5a0c8f2e-1111-4a8b-9c1d-0e3f  -                 /10.0.0.7       consumer-billing-1 2               orders(0,1)

GROUP                     COORDINATOR (ID)          ASSIGNMENT-STRATEGY  STATE           #MEMBERS
billing                   broker2:9092  (2)         range                Stable          1

GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID                                     HOST            CLIENT-ID
billing         orders          0          100             120             20              consumer-billing-1-5a0c8f2e-1111-4a8b-9c1d-0e3f /10.0.0.7       consumer-billing-1
billing         orders          1          -               7               -               consumer-billing-1-5a0c8f2e-1111-4a8b-9c1d-0e3f /10.0.0.7       consumer-billing-1
"""


def test_consumer_groups_members_state_and_offsets_tables():
    rows, acc = rows_of(GROUPS_38)
    (m,) = only(rows, "group_member_described")
    assert m["member"].startswith("consumer-billing-1-") and m["instance_id"] is None and m["count"] == 2
    assert m["details"] == {"host": "/10.0.0.7", "assignment": "orders(0,1)"}
    (g,) = only(rows, "group_described")
    assert (g["state"], g["members"], g["protocol"], g["coordinator"]) == ("Stable", 1, "range", 2)
    o0, o1 = only(rows, "group_offset_described")
    assert (o0["offset"], o0["leo"], o0["details"]["lag"]) == (100, 120, 20)
    assert o1["offset"] is None and o1["leo"] == 7
    assert acc.unrecognised_total == 0 and acc.malformed == 0


def test_consumer_groups_before_2_0_take_the_group_from_the_command_line():
    """0.10.2: no GROUP column; `Consumer group 'g' is rebalancing.` on stderr."""
    text = ("$ kafka-consumer-groups.sh --bootstrap-server b:9092 --describe --group old\n"
            "Warning: Consumer group 'old' is rebalancing.\n\n"
            "TOPIC                          PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG        CONSUMER-ID"
            "                                       HOST                           CLIENT-ID\n"
            "t                              0          5               9               4          -"
            "                                                 -                              -\n")
    rows, _ = rows_of(text)
    (note,) = only(rows, "group_described")
    assert note["group"] == "old" and note["details"]["rebalancing"] is True
    (o,) = only(rows, "group_offset_described")
    assert o["group"] == "old" and o["versions"] == "0.10-2.3" and o["member"] is None


def test_a_table_row_with_more_values_than_columns_is_malformed():
    text = "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\ng t 0 1 2 1 - - - extra\n"
    rows, acc = rows_of(text)
    assert rows == [] and acc.malformed == 1 and acc.errors[0].startswith("capture.txt:2: kafka-consumer-groups")


# -- KRaft ----------------------------------------------------------------------------------
DUMP = """\
Dumping /var/lib/kafka/__cluster_metadata-0/00000000000000000000.log
Log starting offset: 0
baseOffset: 0 lastOffset: 1 count: 2 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 3 isTransactional: false isControl: false deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000000 size: 200 magic: 2 compresscodec: none crc: 1 isvalid: true
| offset: 0 CreateTime: 1700000000000 keySize: -1 valueSize: 30 sequence: -1 headerKeys: [] payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":"orders","topicId":"k1kLjSMxRjOm3K6w8r2Eqw"}}
| offset: 1 CreateTime: 1700000000000 keySize: -1 valueSize: 60 sequence: -1 headerKeys: [] payload: {"type":"PARTITION_CHANGE_RECORD","version":0,"data":{"partitionId":0,"topicId":"k1kLjSMxRjOm3K6w8r2Eqw","isr":[1],"leader":1}}
baseOffset: 2 lastOffset: 2 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 4 isTransactional: false isControl: true deleteHorizonMs: OptionalLong.empty position: 200 CreateTime: 1700000005000 size: 80 magic: 2 compresscodec: none crc: 2 isvalid: true
| offset: 2 CreateTime: 1700000005000 keySize: 4 valueSize: 20 sequence: -1 headerKeys: [] controlType: LEADER_CHANGE(2)
"""


def test_dump_log_metadata_records_name_their_topic_and_carry_the_batch_epoch():
    rows, acc = rows_of(DUMP)
    topic, change, leader = rows
    assert topic["details"]["type"] == "TOPIC_RECORD" and topic["topic"] == "orders"
    assert change["topic"] == "orders" and change["partition"] == 0 and change["isr"] == [1]
    assert change["leader"] == 1 and change["controller_epoch"] == 3 and change["offset"] == 1
    assert leader["details"]["control"] is True and leader["controller_epoch"] == 4
    assert acc.unrecognised_total == 0 and acc.malformed == 0


# DumpLogSegments (3.8) on a snapshot: `Snapshot end offset: N, epoch: E`, control records printed
# as `SnapshotHeader {json}` / `SnapshotFooter {json}`, metadata records as `payload: {json}`.
SNAPSHOT_DUMP = """\
Dumping /var/lib/kafka/__cluster_metadata-0/00000000000000001234-0000000005.checkpoint
Snapshot end offset: 1234, epoch: 5
baseOffset: 0 lastOffset: 0 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 5 isTransactional: false isControl: true deleteHorizonMs: OptionalLong.empty position: 0 CreateTime: 1700000000000 size: 80 magic: 2 compresscodec: none crc: 1 isvalid: true
| offset: 0 CreateTime: 1700000000000 keySize: 4 valueSize: 11 sequence: -1 headerKeys: [] SnapshotHeader {"version":0,"lastContainedLogTimestamp":1700000000000}
baseOffset: 1 lastOffset: 6 count: 6 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 5 isTransactional: false isControl: false deleteHorizonMs: OptionalLong.empty position: 80 CreateTime: 1700000000000 size: 600 magic: 2 compresscodec: none crc: 2 isvalid: true
| offset: 1 CreateTime: 1700000000000 keySize: -1 valueSize: 40 sequence: -1 headerKeys: [] payload: {"type":"REGISTER_BROKER_RECORD","version":3,"data":{"brokerId":2,"isMigratingZkBroker":false,"incarnationId":"Ho9UcZUdRTqqbCFHpAVfuQ","brokerEpoch":40,"endPoints":[{"name":"PLAINTEXT","host":"b2","port":9092,"securityProtocol":0}],"features":[{"name":"metadata.version","minSupportedVersion":1,"maxSupportedVersion":19}],"rack":null,"fenced":true,"inControlledShutdown":false,"logDirs":[]}}
| offset: 2 CreateTime: 1700000000000 keySize: -1 valueSize: 20 sequence: -1 headerKeys: [] payload: {"type":"UNFENCE_BROKER_RECORD","version":0,"data":{"id":2,"epoch":40}}
| offset: 3 CreateTime: 1700000000000 keySize: -1 valueSize: 30 sequence: -1 headerKeys: [] payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":"orders","topicId":"k1kLjSMxRjOm3K6w8r2Eqw"}}
| offset: 4 CreateTime: 1700000000000 keySize: -1 valueSize: 30 sequence: -1 headerKeys: [] payload: {"type":"PARTITION_RECORD","version":2,"data":{"partitionId":0,"topicId":"k1kLjSMxRjOm3K6w8r2Eqw","replicas":[1,2,3],"isr":[1,2],"removingReplicas":[],"addingReplicas":[],"leader":1,"leaderRecoveryState":0,"leaderEpoch":5,"partitionEpoch":9,"directories":[],"eligibleLeaderReplicas":[3],"lastKnownElr":[]}}
| offset: 5 CreateTime: 1700000000000 keySize: -1 valueSize: 30 sequence: -1 headerKeys: [] payload: {"type":"PARTITION_CHANGE_RECORD","version":2,"data":{"partitionId":0,"topicId":"k1kLjSMxRjOm3K6w8r2Eqw","isr":[1],"leader":1,"eligibleLeaderReplicas":[2,3]}}
| offset: 6 CreateTime: 1700000000000 keySize: -1 valueSize: 20 sequence: -1 headerKeys: [] payload: {"type":"FENCE_BROKER_RECORD","version":0,"data":{"id":2,"epoch":40}}
baseOffset: 7 lastOffset: 7 count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 partitionLeaderEpoch: 5 isTransactional: false isControl: true deleteHorizonMs: OptionalLong.empty position: 680 CreateTime: 1700000000000 size: 80 magic: 2 compresscodec: none crc: 3 isvalid: true
| offset: 7 CreateTime: 1700000000000 keySize: 4 valueSize: 11 sequence: -1 headerKeys: [] SnapshotFooter {"version":0}
"""


def test_dump_log_of_a_snapshot_reads_brokers_fencing_partitions_and_elr():
    rows, acc = rows_of(SNAPSHOT_DUMP)
    types = [r["details"]["type"] for r in rows]
    assert types == ["SnapshotHeader", "REGISTER_BROKER_RECORD", "UNFENCE_BROKER_RECORD", "TOPIC_RECORD",
                     "PARTITION_RECORD", "PARTITION_CHANGE_RECORD", "FENCE_BROKER_RECORD", "SnapshotFooter"]
    header, register, unfence, _, partition, change, fence, _ = rows
    assert header["details"]["data"]["lastContainedLogTimestamp"] == 1700000000000
    assert (register["brokers"], register["state"], unfence["state"], fence["state"]) == (
        [2], "fenced", "unfenced", "fenced")
    assert (partition["topic"], partition["partition"], partition["replicas"], partition["isr"]) == (
        "orders", 0, [1, 2, 3], [1, 2])
    assert (partition["leader_epoch"], partition["zk_version"]) == (5, 9)
    assert change["isr"] == [1] and change["details"]["data"]["eligibleLeaderReplicas"] == [2, 3]
    assert {r["controller_epoch"] for r in rows} == {5}
    assert acc.records == acc.recognised == 13


SHELL = """\
>> cat /image/topics/byName/orders/0
PartitionRegistration(replicas=[1, 2, 3], directories=[AAAAAAAAAAAAAAAAAAAAAA, AAAAAAAAAAAAAAAAAAAAAA, AAAAAAAAAAAAAAAAAAAAAA], isr=[1, 2], removingReplicas=[], addingReplicas=[], elr=[3], lastKnownElr=[], leader=1, leaderRecoveryState=RECOVERED, leaderEpoch=5, partitionEpoch=9)
>> cat /image/cluster/brokers/2
BrokerRegistration(id=2, epoch=40, incarnationId=abc, listeners=[Endpoint(listenerName='PLAINTEXT', securityProtocol=PLAINTEXT, host='b2', port=9092)], supportedFeatures={metadata.version: 1-19}, rack=Optional.empty, fenced=true, inControlledShutdown=false, isMigratingZkBroker=false, directories=[])
>> cat /image/topics/byName/orders/id
k1kLjSMxRjOm3K6w8r2Eqw
"""


def test_metadata_shell_cat_of_a_partition_a_broker_and_a_leaf():
    """PartitionRegistration / BrokerRegistration.toString, Kafka 3.7."""
    rows, acc = rows_of(SHELL)
    part, broker, leaf = rows
    assert (part["kind"], part["topic"], part["partition"]) == ("kraft_partition_state", "orders", 0)
    assert (part["isr"], part["leader"], part["leader_epoch"], part["zk_version"]) == ([1, 2], 1, 5, 9)
    assert part["details"]["elr"] == [3] and part["replicas"] == [1, 2, 3]
    assert (broker["kind"], broker["brokers"], broker["state"]) == ("kraft_broker_state", [2], "fenced")
    assert broker["details"]["broker_epoch"] == 40
    assert leaf["kind"] == "kraft_image_node" and leaf["details"]["value"] == "k1kLjSMxRjOm3K6w8r2Eqw"
    assert acc.unrecognised_total == 0


# -- mixed, and ingest ----------------------------------------------------------------------
def test_one_file_holding_several_tools_outputs_reads_each_in_its_own_way():
    rows, acc = rows_of(ZK34 + "\n" + DUMP + GROUPS_38)
    kinds = {r["kind"] for r in rows}
    assert {"zk_partition_state", "kraft_metadata_record", "group_offset_described"} <= kinds
    assert acc.malformed == 0 and acc.unrecognised_total == 0


def test_text_that_is_no_capture_is_not_claimed():
    assert statedump.classify("notes.txt", b"hello\nthis is a README\n") is None


def test_a_script_running_the_tools_is_not_a_capture_of_their_output():
    script = b"#!/bin/sh\nkafka-topics.sh --bootstrap-server b:9092 --describe --topic orders\n"
    assert statedump.classify("collect-state.sh", script) is None
    assert statedump.classify("collect-state.txt", script) == "capture"


CAPTURE = """\
$ bin/kafka-topics.sh --bootstrap-server b:9092 --describe --topic orders
Topic: orders\tTopicId: k1kLjSMxRjOm3K6w8r2Eqw\tPartitionCount: 2\tReplicationFactor: 3\tConfigs: min.insync.replicas=2
\tTopic: orders\tPartition: 0\tLeader: 1\tReplicas: 1,2,3\tIsr: 1,2,3
\tTopic: orders\tPartition: 1\tLeader: 2\tReplicas: 2,3,1\tIsr: 2
""" + GROUPS_38


def test_ingest_cli_reads_a_capture_at_the_time_given_with_captured_at(tmp_path: Path) -> None:
    """An on-call engineer pasted the describe output of the incident into a file: it has no
    times of its own, so `--captured-at` (in `--tz`) dates every row, and the report says so."""
    src = tmp_path / "describe-during-incident.txt"
    src.write_text(CAPTURE)
    out = tmp_path / "events.parquet"
    cli = Path(sys.executable).with_name("kafka-forensics")
    proc = subprocess.run([str(cli), "ingest", str(src), "-o", str(out), "--json", "--tz", "Europe/Paris",
                           "--captured-at", "2026-11-22 11:15:00"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    (f,) = json.loads(proc.stdout)["files"]
    assert f["records"] == f["recognised"] and f["unrecognised"] == f["malformed"] == 0 and not f["errors"]
    ev = pl.read_parquet(out)
    under = ev.filter(pl.col("kind") == "partition_described").sort("partition")
    assert under.get_column("isr").to_list() == [[1, 2, 3], [2]]
    assert set(ev.get_column("ts").dt.strftime("%Y-%m-%dT%H:%M:%S%z")) == {"2026-11-22T10:15:00+0000"}
    lagging = ev.filter((pl.col("kind") == "group_offset_described") & (pl.col("partition") == 0))
    assert lagging.select("group", "offset", "leo").row(0) == ("billing", 100, 120)


def test_ingest_cli_refuses_a_captured_at_it_cannot_read(tmp_path: Path) -> None:
    src = tmp_path / "describe.txt"
    src.write_text(CAPTURE)
    cli = Path(sys.executable).with_name("kafka-forensics")
    proc = subprocess.run([str(cli), "ingest", str(src), "--captured-at", "yesterday"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "--captured-at" in proc.stderr and "Traceback" not in proc.stderr
