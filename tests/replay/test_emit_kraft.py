"""``--emit-logs`` for a KRaft run: the brokers' become-leader / become-follower lines with no
LeaderAndIsr request and no ZooKeeper controller line, the active controller's lines in its own
``controller-N/`` directory in each release's wording (ReplicationControlManager,
BrokerHeartbeatManager, ClusterControlManager, Partition.makeLeader / makeFollower read at the
3.0.0 - 3.8.0 tags and trunk of 2024-10), each read back by our parser as the right kind with the
right fields; and the metadata log as kafka-dump-log prints it, ingested with every line
recognised.

The trace: t-0 on brokers 1, 2 and 3 (leader 1); broker 1's ISR expiration drops 3 at 200 ms;
broker 1 fails at 300 ms (broker 2 leads), comes back at 400 ms; broker 2 shuts down at 500 ms
(the partition goes leaderless: 2 was its only ISR member)."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from kafka_forensics.parsers import view
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, format_record
from kafka_forensics.replay.emit_kraft import kraft_log, metadata_dump
from kafka_forensics.replay.emit_replication import render_replication
from kafka_forensics.replay.simulate import RunResult, simulate

from ..support import one

RELEASES = ["3.0", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.9", "4.0"]


def _trace(tmp_path: Path, release: str) -> Path:
    config: dict[str, object] = {"replica.lag.time.max.ms": 100}
    if release != "4.0":
        config["process.roles"] = "broker"
    records: list[dict[str, object]] = [
        {"kind": "header", "profile": release, "periodic_tasks": "manual", "config": config},
        *({"at": 0, "do": "broker_start", "broker": b} for b in (1, 2, 3)),
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2, 3]},
        {"at": 10, "do": "append", "topic": "t", "partition": 0, "records": 5, "acks": -1, "client": "p"},
        {"at": 20, "do": "fetch", "topic": "t", "partition": 0, "replica": 2, "offset": 0},
        {"at": 20, "do": "fetch", "topic": "t", "partition": 0, "replica": 3, "offset": 0},
        {"at": 30, "do": "fetch", "topic": "t", "partition": 0, "replica": 2, "offset": 5},
        {"at": 30, "do": "fetch", "topic": "t", "partition": 0, "replica": 3, "offset": 5},
        {"at": 40, "do": "append", "topic": "t", "partition": 0, "records": 3, "acks": 1, "client": "p"},
        {"at": 50, "do": "fetch", "topic": "t", "partition": 0, "replica": 2, "offset": 8},
        {"at": 200, "do": "run_task", "broker": 1, "task": "isr-expiration"},
        {"at": 300, "do": "broker_fail", "broker": 1},
        {"at": 400, "do": "broker_start", "broker": 1},
        {"at": 500, "do": "broker_shutdown", "broker": 2},
    ]
    path = tmp_path / f"kraft-{release}.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def _run(tmp_path: Path, release: str) -> RunResult:
    return simulate(_trace(tmp_path, release))


def _lines(result: RunResult) -> list[tuple[str, str, str]]:
    """(file, template id, line) of every record the run writes."""
    return [("/".join(r.file.split("/")[-2:]), r.rendered.template, format_record(r, DEFAULT_START))
            for r in render_replication(result.effects, result.profile)]


def _controller(got: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(template id, message with its prefix) of the controller's records."""
    return [(t, line.split("] ", 1)[1].split(" ", 1)[1].rsplit(" (", 1)[0]) for f, t, line in got
            if f.startswith("controller-3000/")]


# -- the brokers' side ---------------------------------------------------------------------------

@pytest.mark.parametrize("release", RELEASES)
def test_a_kraft_run_writes_no_zookeeper_controller_line_and_no_leader_and_isr_request(
        tmp_path: Path, release: str) -> None:
    got = _lines(_run(tmp_path, release))
    templates = {t for _, t, _ in got}
    assert not {t for t in templates if t.startswith(("controller.", "scl.", "broker_state.lai"))}, templates
    assert not [f for f, _, _ in got if f.endswith("controller.log") and not f.startswith("controller-3000/")]


@pytest.mark.parametrize("release", RELEASES)
def test_every_line_reads_back_as_its_entry_with_the_writing_node(tmp_path: Path, release: str) -> None:
    for file, template, line in _lines(_run(tmp_path, release)):
        row = one(line + "\n")
        assert row["template"] == template, line
        node = int(file.split("/")[0].split("-")[1])
        assert row["broker"] == node or row.get("node") == node, (row, line)


def test_3_3_on_a_replayed_change_at_the_same_leader_epoch_the_followers_skip(tmp_path: Path) -> None:
    """3.6+ (KAFKA-15021) the ISR shrink keeps the leader epoch: the followers' makeFollower logs
    "Skipped the become-follower state change … since it is already a follower with leader epoch 0"."""
    got = [(f, line) for f, t, line in _lines(_run(tmp_path, "3.7"))
           if t == "broker_state.become.skipped_follower.3_3_same_epoch"]
    assert [f for f, _ in got] == ["broker-2/state-change.log", "broker-3/state-change.log"]
    row = one(got[0][1] + "\n")
    assert row["kind"] == "become_leader_follower" and row["leader_epoch"] == 0 and row["topic"] == "t"
    assert ("LeaderAndIsrPartitionState(topicName='t', partitionIndex=0, controllerEpoch=-1, leader=1, "
            "leaderEpoch=0, isr=[1, 2], partitionEpoch=1, replicas=[1, 2, 3], addingReplicas=[], "
            "removingReplicas=[], isNew=false, leaderRecoveryState=0) since it is already a follower with "
            "leader epoch 0.") in got[0][1]


def test_before_3_6_the_shrink_bumps_the_leader_epoch_so_the_followers_start_it(tmp_path: Path) -> None:
    got = [line for f, t, line in _lines(_run(tmp_path, "3.5")) if f == "broker-2/state-change.log"]
    assert "Follower t-0 starts at leader epoch 1 from offset 8 with partition epoch 1" in got[1]


def test_3_0_logs_every_replayed_change_as_a_start(tmp_path: Path) -> None:
    """3.0-3.2: makeLeader / makeFollower log on every call (Partition.scala 3.0.0)."""
    got = [t for f, t, _ in _lines(_run(tmp_path, "3.0")) if f == "broker-3/state-change.log"]
    assert got == ["follower_epoch.start.2_6"] * 4


# -- the controller's side -----------------------------------------------------------------------

_PREFIX = {"3.0": "[Controller 3000] ", "3.4": "[Controller 3000] ", "3.5": "[QuorumController id=3000] "}


@pytest.mark.parametrize(("release", "file"), [("3.0", "server.log"), ("3.3", "server.log"),
                                               ("3.4", "controller.log"), ("4.0", "controller.log")])
def test_the_controller_writes_to_server_log_before_3_4_and_controller_log_from_it(
        tmp_path: Path, release: str, file: str) -> None:
    files = {f for f, _, _ in _lines(_run(tmp_path, release)) if f.startswith("controller-")}
    assert files == {f"controller-3000/{file}"}


def test_4_0_the_controllers_lines_in_order(tmp_path: Path) -> None:
    got = [text for _, text in _controller(_lines(_run(tmp_path, "4.0")))]
    q = "[QuorumController id=3000] "
    assert got[6:] == [
        q + "Replayed TopicRecord for topic t with topic ID 47mKTaMaEn1L3m5DAz9mug.",
        q + "Replayed PartitionRecord for new partition t-0 with topic ID 47mKTaMaEn1L3m5DAz9mug and "
            "PartitionRegistration(replicas=[1, 2, 3], directories=[AAAAAAAAAAAAAAAAAAAAAA, AAAAAAAAAAAAAAAAAAAAAA, "
            "AAAAAAAAAAAAAAAAAAAAAA], isr=[1, 2, 3], removingReplicas=[], addingReplicas=[], elr=[], "
            "lastKnownElr=[], leader=1, leaderRecoveryState=RECOVERED, leaderEpoch=0, partitionEpoch=0).",
        q + "Fencing broker 1 at epoch 0 because its session has timed out.",
        q + "handleBrokerFenced: changing 1 partition(s)",
        q + "Replayed BrokerRegistrationChangeRecord modifying the registration for broker 1: "
            "BrokerRegistrationChangeRecord(brokerId=1, brokerEpoch=0, fenced=1, inControlledShutdown=0, logDirs=[])",
        q + "The request from broker 1 to unfence has been granted because it has caught up with the offset of "
            "its register broker record 11.",
        q + "Replayed BrokerRegistrationChangeRecord modifying the registration for broker 1: "
            "BrokerRegistrationChangeRecord(brokerId=1, brokerEpoch=11, fenced=-1, inControlledShutdown=0, "
            "logDirs=[])",
        q + "Unfenced broker 2 has requested and been granted a controlled shutdown.",
        q + "Replayed BrokerRegistrationChangeRecord modifying the registration for broker 2: "
            "BrokerRegistrationChangeRecord(brokerId=2, brokerEpoch=2, fenced=0, inControlledShutdown=1, logDirs=[])",
        q + "enterControlledShutdown[2]: changing 1 partition(s)",
        q + "The request from broker 2 to shut down has been granted since the lowest active offset 14 is now "
            "greater than the broker's controlled shutdown offset 14.",
        q + "Replayed BrokerRegistrationChangeRecord modifying the registration for broker 2: "
            "BrokerRegistrationChangeRecord(brokerId=2, brokerEpoch=2, fenced=1, inControlledShutdown=0, logDirs=[])",
    ]


@pytest.mark.parametrize(("release", "site_ids"), [
    ("3.0", {"kraft.fencing", "kraft.unfence_granted.2_8", "kraft.broker_unfenced.2_8", "kraft.broker_fenced.2_8",
             "kraft.topic_created.3_0", "kraft.partition_created.3_0", "kraft.changing_partitions"}),
    ("3.3", {"kraft.fencing", "kraft.unfence_granted.3_3", "kraft.broker_unfenced.3_3", "kraft.broker_fenced.3_3",
             "kraft.topic_created.3_0", "kraft.partition_created.3_0", "kraft.changing_partitions",
             "kraft.controlled_shutdown.entered", "kraft.shutdown_granted"}),
    ("3.5", {"kraft.fencing", "kraft.unfence_granted", "kraft.topic_created.3_0", "kraft.partition_created.3_0",
             "kraft.changing_partitions", "kraft.controlled_shutdown.entered", "kraft.shutdown_granted"}),
    ("3.9", {"kraft.fencing", "kraft.unfence_granted", "kraft.registration_change.unfenced",
             "kraft.registration_change.fenced", "kraft.registration_change.controlled_shutdown",
             "kraft.topic_record", "kraft.partition_record.new", "kraft.changing_partitions",
             "kraft.controlled_shutdown.entered", "kraft.shutdown_granted"}),
])
def test_the_controllers_entries_per_release(tmp_path: Path, release: str, site_ids: set[str]) -> None:
    """3.0-3.2 replay Fence/UnfenceBrokerRecord ("Fenced broker: FenceBrokerRecord(id=N, epoch=E)"),
    3.3 logs the registration map by id, 3.4-3.5 log no replay line, 3.6+ "Replayed …"."""
    got = _controller(_lines(_run(tmp_path, release)))
    assert {t for t, _ in got} == site_ids
    prefix = _PREFIX["3.5"] if release >= "3.5" else _PREFIX["3.0"]
    assert all(text.startswith(prefix) for _, text in got)


def test_3_0_no_record_marks_the_controlled_shutdown_its_elections_do(tmp_path: Path) -> None:
    """3.0-3.2 write no record for a controlled shutdown: the elections that moved the broker's
    leaderships name it (with t-0 on 1 and 2, broker 1 shuts down and 2 takes over)."""
    path = tmp_path / "cs-3.0.jsonl"
    records = [{"kind": "header", "profile": "3.0", "periodic_tasks": "manual",
                "config": {"process.roles": "broker"}},
               {"at": 0, "do": "broker_start", "broker": 1}, {"at": 0, "do": "broker_start", "broker": 2},
               {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2]},
               {"at": 40, "do": "broker_shutdown", "broker": 1}]
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    got = [text.split("] ", 1)[1] for _, text in _controller(_lines(simulate(path))) if "broker 1" in text
           or "[1]" in text or "handleBrokerFenced" in text or "id=1," in text]
    assert got == ["The request from broker 1 to unfence has been granted because it has caught up with the last "
                   "committed metadata offset 0.",
                   "Unfenced broker: UnfenceBrokerRecord(id=1, epoch=0)",
                   "Unfenced broker 1 has requested and been granted a controlled shutdown.",
                   "enterControlledShutdown[1]: changing 1 partition(s)",
                   "The request from broker 1 to shut down has been granted since the lowest active offset 6 is "
                   "now greater than the broker's controlled shutdown offset 6.",
                   "Fenced broker: FenceBrokerRecord(id=1, epoch=0)"]


def test_3_0_a_controlled_shutdown_that_leaves_the_partition_leaderless_reads_as_a_session_timeout(
        tmp_path: Path) -> None:
    """Its election names no leader, so nothing in the effects tells it from a crash."""
    got = [t for t, text in _controller(_lines(_run(tmp_path, "3.0"))) if "broker 2" in text]
    assert got == ["kraft.unfence_granted.2_8", "kraft.fencing"]


def test_the_controllers_lines_read_back_with_their_brokers(tmp_path: Path) -> None:
    rows = [one(line + "\n") for f, _, line in _lines(_run(tmp_path, "3.9")) if f.startswith("controller-")]
    fencing = [r for r in rows if r["template"] == "kraft.fencing"]
    assert len(fencing) == 1 and fencing[0]["brokers"] == [1] and fencing[0]["kind"] == "kraft_broker_fenced"
    granted = [r for r in rows if r["template"] == "kraft.unfence_granted"]
    assert [(r["brokers"], r["offset"]) for r in granted] == [([1], 0), ([2], 2), ([3], 4), ([1], 11)]


# -- the metadata log ------------------------------------------------------------------------------

def test_the_dump_numbers_the_log_with_kafkas_topic_record(tmp_path: Path) -> None:
    result = _run(tmp_path, "3.7")
    log = kraft_log(result.effects, (3, 7, 99))
    assert [x.type for x in log.entries[5:9]] == ["BROKER_REGISTRATION_CHANGE_RECORD", "TOPIC_RECORD",
                                                  "PARTITION_RECORD", "PARTITION_CHANGE_RECORD"]
    dump = metadata_dump(result.effects, result.profile, 1704067200000)
    assert dump is not None
    lines = dump.splitlines()
    assert lines[:2] == ["Dumping /tmp/kraft-controller-logs/__cluster_metadata-0/00000000000000000000.log",
                         "Log starting offset: 0"]
    assert ('| offset: 8 CreateTime: 1704067200200 keySize: -1 valueSize: 118 sequence: -1 headerKeys: [] '
            'payload: {"type":"PARTITION_CHANGE_RECORD","version":1,"data":{"partitionId":0,'
            '"topicId":"47mKTaMaEn1L3m5DAz9mug","isr":[1,2]}}') in lines


@pytest.mark.parametrize(("release", "start", "horizon", "register"), [
    ("3.0", "Starting offset: 0", False, 0), ("3.2", "Starting offset: 0", True, 0),
    ("3.3", "Log starting offset: 0", True, 1), ("3.4", "Log starting offset: 0", True, 2),
    ("4.0", "Log starting offset: 0", True, 3)])
def test_the_dump_per_release(tmp_path: Path, release: str, start: str, horizon: bool, register: int) -> None:
    result = _run(tmp_path, release)
    dump = metadata_dump(result.effects, result.profile, 0)
    assert dump is not None
    lines = dump.splitlines()
    assert lines[1] == start
    assert ("deleteHorizonMs: OptionalLong.empty" in lines[2]) is horizon
    assert f'"type":"REGISTER_BROKER_RECORD","version":{register},' in lines[3]
    fence = "FENCE_BROKER_RECORD" if release < "3.3" else "BROKER_REGISTRATION_CHANGE_RECORD"
    assert any(f'"type":"{fence}"' in line for line in lines)


# -- end to end ------------------------------------------------------------------------------------

@pytest.mark.parametrize("release", ["3.0", "3.5", "4.0"])
def test_a_kraft_runs_logs_and_dump_ingest_whole_and_check_runs(tmp_path: Path, release: str) -> None:
    result = _run(tmp_path, release)
    out = tmp_path / "logs"
    written = emit_logs(result.effects, result.profile, out)
    names = {str(p.relative_to(out)) for p in written}
    assert "kraft/cluster-metadata.dump.txt" in names
    assert not any(n.startswith("zookeeper/") for n in names)
    report = ingest([str(out)], None, IngestOptions())
    for f in report.files:
        assert f.unrecognised_total == 0 and f.malformed == 0, (f.source, f.unrecognised, f.samples)
    table = view.load([str(out)])
    rows = table if isinstance(table, pl.DataFrame) else table.collect()
    records = rows.filter(pl.col("kind") == "kraft_metadata_record")
    assert records.height == (15 if release == "3.0" else 16)  # 3.3+: the controlled shutdown's mark
    changes = records.filter(pl.col("topic") == "t")
    assert changes.height == 5  # the PartitionRecord, then four changes, each naming its topic
    check(rows)  # runs without error (what it makes of KRaft evidence is check's business)
