"""A KRaft cluster's partition re-run from its metadata log (replay/derive_partitions.py): the
records of a ``kafka-dump-log --cluster-metadata-decoder`` dump are the controller's decisions,
replayed as ``PartitionRegistration.merge`` does (3.0-4.0: partition epoch +1 per change record,
leader epoch +1 when the record names a leader), and the re-run runs in KRaft mode.

The dumps are written here in the shape the dump tool prints (tests/statedump/test_captures.py
holds the real tool's output the reader was built on); the leader's lines are 3.6's wording.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from kafka_forensics.parsers import view
from kafka_forensics.replay.derive_partitions import kraft_states
from kafka_forensics.replay.diff_partitions import replay_partitions

T = 1_709_287_200_000  # 2024-03-01 10:00:00 UTC
TOPIC_ID = "k1kLjSMxRjOm3K6w8r2Eqw"
PARTITION = "(kafka.cluster.Partition)"
CREATED = (T, "PARTITION_RECORD", {"replicas": [1, 2, 3], "isr": [1, 2, 3], "removingReplicas": [],
                                   "addingReplicas": [], "leader": 1, "leaderEpoch": 0, "partitionEpoch": 0})


def dump(*records: tuple[int, str, dict[str, Any]]) -> str:
    """A dump of the topic ``orders`` and the records given (CreateTime, type, data of partition 0)."""
    out = ["Dumping /var/lib/kafka/__cluster_metadata-0/00000000000000000000.log", "Log starting offset: 0"]
    items = [(T, "TOPIC_RECORD", {"name": "orders", "topicId": TOPIC_ID}),
             *((at, kind, {"partitionId": 0, "topicId": TOPIC_ID, **data}) for at, kind, data in records)]
    for i, (at, kind, data) in enumerate(items):
        out.append(f"baseOffset: {i} lastOffset: {i} count: 1 baseSequence: -1 lastSequence: -1 producerId: -1 "
                   f"producerEpoch: -1 partitionLeaderEpoch: 1 isTransactional: false isControl: false "
                   f"deleteHorizonMs: OptionalLong.empty position: {i * 100} CreateTime: {at} size: 100 magic: 2 "
                   f"compresscodec: none crc: 1 isvalid: true")
        payload = json.dumps({"type": kind, "version": 0, "data": data}, separators=(",", ":"))
        out.append(f"| offset: {i} CreateTime: {at} keySize: -1 valueSize: 30 sequence: -1 headerKeys: [] "
                   f"payload: {payload}")
    return "\n".join(out) + "\n"


def stamp(ms: int) -> str:
    d = datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC)
    return d.strftime("%Y-%m-%d %H:%M:%S,") + f"{ms % 1000:03d}"


def shrink_line(at: int) -> str:
    """Leader 1 proposes 1,2,3 -> 1,2 (3.6+ wording)."""
    return (f"[{stamp(at)}] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,2. Leader: "
            f"(highWatermark: 10, endOffset: 20). Out of sync replicas: (brokerId: 3, endOffset: 10, "
            f"lastCaughtUpTimeMs: {at - 40_000}). {PARTITION}\n")


def row(kind: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "kraft_metadata_record", "details": json.dumps({"type": kind}), "at": T, "source": "d", "line": 1,
            **fields}


def test_a_change_record_gets_the_epochs_partition_registration_merge_gives() -> None:
    # PartitionRegistration.merge (3.0-4.0): every change record is partition epoch + 1; one naming a
    # leader (even the same one) is leader epoch + 1; an ISR-only change keeps the leader epoch
    rows = [row("PARTITION_RECORD", leader=1, leader_epoch=4, isr=[1, 2, 3], replicas=[1, 2, 3], zk_version=7),
            row("PARTITION_CHANGE_RECORD", isr=[1, 2]),
            row("PARTITION_CHANGE_RECORD", leader=2, isr=[2])]
    got = [(r["leader"], r["leader_epoch"], r["isr"], r["zk_version"], r["kraft_isr_only"])
           for r in kraft_states(rows)]
    assert got == [(1, 4, [1, 2, 3], 7, False), (1, 4, [1, 2], 8, True), (2, 5, [2], 9, False)]


def test_a_change_record_before_the_partition_s_record_is_left_out() -> None:
    # a dump that starts mid-log: the change's epochs cannot be known, so it is no decision to replay
    rows = [row("PARTITION_CHANGE_RECORD", leader=2, isr=[2]), row("TOPIC_RECORD", topic="orders")]
    assert kraft_states(rows) == []


def test_a_metadata_dump_alone_drives_a_kraft_re_run(tmp_path: Path) -> None:
    # broker 1 fenced (leader 1 -> 2, ISR 2,3), back in the ISR, then preferred again (3.x)
    (tmp_path / "metadata.txt").write_text(dump(
        CREATED,
        (T + 60_000, "PARTITION_CHANGE_RECORD", {"isr": [2, 3], "leader": 2}),
        (T + 120_000, "PARTITION_CHANGE_RECORD", {"isr": [2, 3, 1]}),
        (T + 180_000, "PARTITION_CHANGE_RECORD", {"leader": 1})))
    (r,) = replay_partitions(view.load([str(tmp_path)]), profile_name="3.7")
    assert r.error is None and r.findings == ()
    assert r.case.trace.header.config["process.roles"] == "broker"  # the engine's KRaft mode
    assert [(s.do, s.doc["level"]) for s in r.case.trace.records] == [
        ("create_partition", "inferred"), ("leader_and_isr", "controller"), ("leader_and_isr", "controller"),
        ("leader_and_isr", "controller")]
    # each record's state, partition epoch included, is the one the engine's change leaves
    assert [(s.observed.leader_epoch, s.observed.zk_version, s.expected.zk_version if s.expected else None)
            for s in r.steps] == [(0, 0, 0), (1, 1, 1), (1, 2, 2), (2, 3, 3)]


def test_the_record_that_answers_a_leader_s_shrink_is_its_alter_partition_reply(tmp_path: Path) -> None:
    # the leader's "Shrinking ISR" proposal, then the controller's change record at the same instant
    (tmp_path / "metadata.txt").write_text(dump(CREATED, (T + 60_000, "PARTITION_CHANGE_RECORD", {"isr": [1, 2]})))
    (tmp_path / "server.log").write_text(shrink_line(T + 60_000))
    (r,) = replay_partitions(view.load([str(tmp_path)]))
    assert r.error is None and r.findings == ()
    (reply,) = [s for s in r.case.trace.records if s.do == "alter_partition_reply"]
    assert reply.fields["isr"] == [1, 2] and reply.doc["level"] == "controller"
    assert [s.verdict for s in r.steps] == ["stimulus", "ok", "stimulus"]


def test_a_record_confirms_the_isr_change_the_leader_logged_committed(tmp_path: Path) -> None:
    # 3.6: the leader's proposal and "ISR updated … version updated to 1"; the record, replayed
    # after the leader's lines of its instant, states the same ISR and partition epoch
    (tmp_path / "metadata.txt").write_text(dump(CREATED, (T + 60_000, "PARTITION_CHANGE_RECORD", {"isr": [1, 2]})))
    (tmp_path / "server.log").write_text(
        shrink_line(T + 60_000)
        + f"[{stamp(T + 60_000)}] INFO [Partition orders-0 broker=1] ISR updated to 1,2  and version updated to 1 "
          f"{PARTITION}\n")
    (r,) = replay_partitions(view.load([str(tmp_path)]))
    assert r.error is None and r.findings == ()
    last = r.steps[-1]
    assert last.observed is not None and last.observed.kind == "kraft_metadata_record"
    assert last.verdict == "ok" and last.expected is not None and last.expected.zk_version == 1
