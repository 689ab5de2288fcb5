"""``--emit-logs`` for replication: a leader's ISR lines in each version's wording, read back
by our own parser from the very catalogue entry they were rendered from, with the fields
the effect carried; and the whole path simulate -> logs -> check on a flapping follower."""

from __future__ import annotations

import json
import re
from pathlib import Path

import polars as pl
import pytest

from kafka_forensics.engine.profiles import PROFILE_NAMES, Profile, Switch, profile
from kafka_forensics.engine.replication.effects import IsrChanged, LeaderChanged, Truncated, ZkWrite
from kafka_forensics.engine.replication.model import IsrContext
from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, format_record
from kafka_forensics.replay.emit_replication import render_replication

from ..support import parse

PROFILES = [profile(n) for n in PROFILE_NAMES]
STATE = "/brokers/topics/orders/partitions/0/state"
REPO = Path(__file__).resolve().parents[2]


def shrink_expand_refused() -> list:
    """Leader 1 drops follower 3 (ISR 1,2,3 -> 1,2), takes it back, then loses a conditional
    write to ZooKeeper (its cached version 2 is stale)."""
    ctx = IsrContext(at=1000, hw=90, leo=120, lagging=((3, 85, 400),))
    return [
        IsrChanged(1000, "orders", 0, 1, (1, 2, 3), (1, 2), 4, 1, "shrink", ctx, False),
        IsrChanged(5000, "orders", 0, 1, (1, 2), (1, 2, 3), 4, 2, "expand", None, False),
        ZkWrite(9000, STATE, "set", False, 2, None, "{}", 1, "isr"),
    ]


def lines_of(p: Profile, effects: list) -> list[tuple[str, str]]:
    return [(r.rendered.template, format_record(r, DEFAULT_START)) for r in render_replication(effects, p)]


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_every_line_reads_back_as_its_own_entry_with_the_effect_s_fields(p: Profile) -> None:
    written = lines_of(p, shrink_expand_refused())
    assert written, p.name
    for template, line in written:
        ev = parse(line + "\n").events
        assert ev.height == 1, line
        row = ev.row(0, named=True)
        assert row["template"] == template, line
        assert (row["topic"], row["partition"], row["node"]) == ("orders", 0, 1), line
        if row["kind"] in ("isr_shrink", "isr_expand"):
            assert row["prev_isr"] and row["isr"], line
        if template in ("isr.shrink.2_2", "isr.shrink.3_6"):
            assert (row["hw"], row["leo"]) == (90, 120)
        if row["kind"] == "isr_update_skipped":
            assert row["zk_version"] == 2


@pytest.mark.parametrize("name, expected", [
    ("0.10.0", ["Shrinking ISR for partition [orders,0] from 1,2,3 to 1,2",
                "Expanding ISR for partition [orders,0] from 1,2 to 1,2,3",
                "Cached zkVersion [2] not equal to that in zookeeper, skip updating ISR"]),
    ("0.10.2", ["Shrinking ISR for partition [orders,0] from 1,2,3 to 1,2",
                "Expanding ISR for partition orders-0 from 1,2 to 1,2,3",
                "Cached zkVersion [2] not equal to that in zookeeper, skip updating ISR"]),
    ("2.3", ["Shrinking ISR from 1,2,3 to 1,2. Leader: (highWatermark: 90, endOffset: 120). Out of sync replicas: "
             "(brokerId: 3, endOffset: 85).", "Expanding ISR from 1,2 to 1,2,3",
             "Cached zkVersion [2] not equal to that in zookeeper, skip updating ISR"]),
    ("2.6", ["Shrinking ISR from 1,2,3 to 1,2. Leader: (highWatermark: 90, endOffset: 120). Out of sync replicas: "
             "(brokerId: 3, endOffset: 85).", "ISR updated to [1,2] and zkVersion updated to [1]",
             "Expanding ISR from 1,2 to 1,2,3", "ISR updated to [1,2,3] and zkVersion updated to [2]",
             "Cached zkVersion 2 not equal to that in zookeeper, skip updating ISR"]),
    ("3.6", ["Shrinking ISR from 1,2,3 to 1,2. Leader: (highWatermark: 90, endOffset: 120). Out of sync replicas: "
             "(brokerId: 3, endOffset: 85, lastCaughtUpTimeMs: 400).", "ISR updated to 1,2  and version updated to 1",
             "ISR updated to 1,2,3  and version updated to 2"]),
])
def test_each_version_s_wording(name: str, expected: list[str]) -> None:
    """Partition.scala at 0.10.0.1, 0.10.2.2, 2.3.1 (ISR updated is TRACE), 2.6.3, 3.6: read at the tags."""
    prefix = re.compile(r"^(?:\[Partition orders-0 broker=1\] |Partition \[orders,0\] on broker 1: )")
    records = render_replication(shrink_expand_refused(), profile(name))
    assert all(prefix.match(r.rendered.message) for r in records)
    assert [prefix.sub("", r.rendered.message) for r in records] == expected


def test_an_isr_below_min_insync_replicas_is_marked_3_5() -> None:
    e = IsrChanged(0, "orders", 0, 1, (1, 2), (1,), 3, 7, "shrink", IsrContext(0, 5, 5, ((2, 4, 0),)), True)
    (_, updated) = [line for _, line in lines_of(profile("3.5"), [e])]
    assert "ISR updated to 1 (under-min-isr) and version updated to 7" in updated


def test_a_replica_the_leader_holds_no_state_for_prints_unknown() -> None:
    e = IsrChanged(0, "orders", 0, 1, (1, 3), (1,), 3, 7, "shrink", IsrContext(0, 5, 5, ((3, None, None),)), False)
    (shrink, _) = [line for _, line in lines_of(profile("3.6"), [e])]
    assert "(brokerId: 3, endOffset: unknown, lastCaughtUpTimeMs: unknown)" in shrink


def test_a_controller_write_refused_is_not_a_leader_s_cached_zk_version() -> None:
    refused = ZkWrite(0, STATE, "set", False, 2, None, "{}", 1)  # the controller's, no ISR purpose
    assert lines_of(profile("2.6"), [refused]) == []


def test_the_shrink_line_stands_at_the_decision_the_update_at_the_commit() -> None:
    """AlterPartition (2.8+): the leader logs "Shrinking ISR" when it proposes, "ISR updated" when
    the controller's answer arrives."""
    ctx = IsrContext(at=1000, hw=9, leo=12, lagging=((3, 8, 100),))
    late = IsrChanged(1040, "orders", 0, 1, (1, 2, 3), (1, 2), 4, 5, "shrink", ctx, False)
    records = render_replication([late], profile("3.0"))
    assert [(r.at, r.rendered.template) for r in records] == [(1000, "isr.shrink.2_2"), (1040, "isr.updated.2_8")]
    assert profile("3.0").has(Switch.ALTER_ISR)


FLAPPING = REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl"


def test_a_simulated_flapping_follower_is_found_by_check_in_its_own_logs(tmp_path: Path) -> None:
    """simulate -> --emit-logs -> ingest -> check: the follower that falls behind three times is
    reported as ISR flapping with every line involved, and the ZooKeeper export reads back."""
    from kafka_forensics.replay.simulate import simulate

    result = simulate(FLAPPING)
    emit_logs(result.effects, result.profile, tmp_path)
    events = view.load([str(tmp_path)])
    (f,) = check(events).findings
    assert f.kind.value == "isr_flapping" and f.details == {"cycles": 3, "out_of_sync": {3: 3}}
    assert len(f.evidence) == 6 and all(e.source.endswith("broker-1/server.log") for e in f.evidence)
    (state,) = events.filter(pl.col("kind") == "zk_partition_state").to_dicts()
    assert state["isr"] == [1, 2, 3] and state["zk_version"] == 6
    exported = json.loads((tmp_path / "zookeeper" / "zk-export.json").read_text())
    assert STATE in exported and json.loads(exported[STATE]["data"])["isr"] == [1, 2, 3]


def unclean(recovery: str = "RECOVERING") -> LeaderChanged:
    """Controller 2 (epoch 2) elects broker 2 from outside the ISR; brokers 2 and 3 were alive."""
    return LeaderChanged(70, "t", 0, -1, -1, 2, 3, (2,), "unclean", 2, 2, 3, recovery, (2, 3))


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_the_controller_s_election_lines_read_back_as_their_own_entries(p: Profile) -> None:
    for r in render_replication([unclean()], p):
        line = format_record(r, DEFAULT_START)
        ev = parse(line + "\n").events
        assert ev.height == 1, line
        row = ev.row(0, named=True)
        assert row["template"] == r.rendered.template, line
        assert (row["topic"], row["partition"], row["leader"]) == ("t", 0, 2), line
        if row["kind"] == "partition_state_change":
            assert (row["prev_state"], row["state"], row["isr"]) == ("OfflinePartition", "OnlinePartition", [2])
            assert r.file == "broker-2/state-change.log"
        else:
            assert row["kind"] == "unclean_election" and row["brokers"] == [2, 3]
            assert r.file == "broker-2/controller.log"


@pytest.mark.parametrize("name, expected", [
    ("1.0", "WARN [OfflinePartitionLeaderSelector]: No broker in ISR is alive for [t,0]. Elect leader 2 from live "
            "brokers 2,3. There's potential data loss."),
    # PartitionStateMachine logs the change at TRACE up to 2.5, which Kafka's default
    # config/log4j.properties writes for state.change.logger up to 2.5
    ("2.5", "TRACE [Controller id=2 epoch=2] Changed partition t-0 from OfflinePartition to OnlinePartition with "
            "state LeaderAndIsr(leader=2, leaderEpoch=3, isr=List(2), zkVersion=3)"),
    ("2.6", "INFO [Controller id=2 epoch=2] Changed partition t-0 from OfflinePartition to OnlinePartition with "
            "state LeaderAndIsr(leader=2, leaderEpoch=3, isr=List(2), zkVersion=3)"),
    ("3.2", "INFO [Controller id=2 epoch=2] Changed partition t-0 from OfflinePartition to OnlinePartition with "
            "state LeaderAndIsr(leader=2, leaderEpoch=3, isr=List(2), leaderRecoveryState=RECOVERING, zkVersion=3)"),
    ("3.3", "INFO [Controller id=2 epoch=2] Changed partition t-0 from OfflinePartition to OnlinePartition with "
            "state LeaderAndIsr(leader=2, leaderEpoch=3, isr=List(2), leaderRecoveryState=RECOVERING, "
            "partitionEpoch=3)"),
    ("3.5", "INFO [Controller id=2 epoch=2] Changed partition t-0 from OfflinePartition to OnlinePartition with "
            "state LeaderAndIsr(leader=2, leaderEpoch=3, isrWithBrokerEpoch=List(BrokerState(brokerId=2, "
            "brokerEpoch=-1)), leaderRecoveryState=RECOVERING, partitionEpoch=3)"),
    ("4.0", None),  # no ZooKeeper controller
])
def test_each_version_s_election_wording(name: str, expected: str | None) -> None:
    """LeaderAndIsr.toString at 1.1.1, 3.2.3, 3.3.2, 3.5.0; PartitionStateMachine at 2.5.1 / 2.6.3."""
    got = [f"{r.rendered.level} {r.rendered.message}" for r in render_replication([unclean()], profile(name))]
    assert got == ([] if expected is None else [expected])


def truncated() -> Truncated:
    """Broker 1 cuts orders-0 back from 7 to 4 records (leader-epoch truncation)."""
    return Truncated(100, "orders", 0, 1, 7, 4, 3, "leader_epoch", 5)


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_truncation_reads_back_as_its_own_entry_with_the_offset(p: Profile) -> None:
    (r,) = render_replication([truncated()], p)
    line = format_record(r, DEFAULT_START)
    row = parse(line + "\n").events.row(0, named=True)
    assert row["template"] == r.rendered.template and row["kind"] == "log_truncation"
    assert (row["topic"], row["partition"], row["offset"]) == ("orders", 0, 4)
    assert r.file == "broker-1/server.log"


@pytest.mark.parametrize("name, expected", [
    ("0.10.2", "Truncating log orders-0 to offset 4. (kafka.log.Log)"),
    ("2.6", "[Log partition=orders-0, dir=/tmp/kafka-logs] Truncating to offset 4 (kafka.log.Log)"),
    ("3.1", "[UnifiedLog partition=orders-0, dir=/tmp/kafka-logs] Truncating to offset 4 (kafka.log.UnifiedLog)"),
])
def test_each_version_s_truncation_wording(name: str, expected: str) -> None:
    """Log.truncateTo at 0.11.0.0 and 3.0.2, UnifiedLog.truncateTo at 3.1.2 (read at the tags)."""
    (r,) = render_replication([truncated()], profile(name))
    assert f"{r.rendered.message} ({r.rendered.logger})" == expected and r.rendered.level == "INFO"


# -- the controller's LeaderAndIsr ----------------------------------------------------------------
KIP_101 = REPO / "examples" / "replication" / "kip-101-epoch-truncation-keeps-committed-record.0.11.jsonl"


def sent_lines(name: str, trace: Path = KIP_101) -> list[tuple[str, str]]:
    """(file, line) of each "sending … LeaderAndIsr request" the run of ``trace`` under ``name`` writes."""
    from kafka_forensics.replay.simulate import simulate

    result = simulate(trace, profile=name)
    return [(r.file, format_record(r, DEFAULT_START)) for r in render_replication(result.effects, result.profile)
            if r.rendered.template.startswith("scl.send_lai")]


@pytest.mark.parametrize("name", ["0.10.2", "0.11"])
def test_the_controller_logs_sending_the_election_s_leader_and_isr_to_each_broker(name: str) -> None:
    """KIP-101's timeline: controller 1 moves t-0's leadership to broker 2 at 40 ms (leader epoch
    1) — ControllerChannelManager.sendRequestsToBrokers at 0.10.2.2 / 0.11.0.3, one TRACE line per
    broker, the state as LeaderIsrAndControllerEpoch prints it."""
    at_40 = [line for _, line in sent_lines(name) if line.startswith("[2024-01-01 00:00:00,040]")]
    assert at_40 == [
        "[2024-01-01 00:00:00,040] TRACE Controller 1 epoch 1 sending become-follower LeaderAndIsr request "
        "(Leader:2,ISR:1,2,LeaderEpoch:1,ControllerEpoch:1) to broker 1 for partition [t,0] (state.change.logger)",
        "[2024-01-01 00:00:00,040] TRACE Controller 1 epoch 1 sending become-leader LeaderAndIsr request "
        "(Leader:2,ISR:1,2,LeaderEpoch:1,ControllerEpoch:1) to broker 2 for partition [t,0] (state.change.logger)",
    ]


def test_each_send_line_is_in_the_controller_s_state_change_log_and_reads_back() -> None:
    written = sent_lines("0.11")
    assert len(written) == 6  # the creation (epoch 0) and the two elections, to brokers 1 and 2
    for file, line in written:
        assert file == "broker-1/state-change.log"
        row = parse(line + "\n").events.row(0, named=True)
        assert row["kind"] == "leader_and_isr_sent" and row["template"] == "scl.send_lai.0_9"
        assert (row["node"], row["topic"], row["partition"]) == (1, "t", 0)
        assert row["replica"] in (1, 2) and row["leader_epoch"] in (0, 1, 2)


def test_from_1_0_the_send_line_prints_the_partition_state_with_assignment_and_is_new() -> None:
    """ControllerChannelManager 1.0.2: LeaderAndIsrRequest.PartitionState.toString (1.0.2, 2.3.1),
    ISR and replicas ``Utils.join(…, ",")``, the StateChangeLogger's prefix."""
    at_40 = [line for _, line in sent_lines("1.0") if line.startswith("[2024-01-01 00:00:00,040]")]
    assert at_40[1] == (
        "[2024-01-01 00:00:00,040] TRACE [Controller id=1 epoch=1] Sending become-leader LeaderAndIsr request "
        "PartitionState(controllerEpoch=1, leader=2, leaderEpoch=1, isr=1,2, zkVersion=1, replicas=1,2, "
        "isNew=false) to broker 2 for partition t-0 (state.change.logger)")


def test_from_2_4_the_send_line_prints_the_generated_leader_and_isr_partition_state() -> None:
    """LeaderAndIsrPartitionState.toString (2.4.0, 2.5.1's LeaderAndIsrRequest.json): lists as
    ``[1, 2]``, the topic quoted, empty adding / removing replicas."""
    at_40 = [line for _, line in sent_lines("2.5") if line.startswith("[2024-01-01 00:00:00,040]")]
    assert at_40[1] == (
        "[2024-01-01 00:00:00,040] TRACE [Controller id=1 epoch=1] Sending become-leader LeaderAndIsr request "
        "LeaderAndIsrPartitionState(topicName='t', partitionIndex=0, controllerEpoch=1, leader=2, leaderEpoch=1, "
        "isr=[1, 2], zkVersion=1, replicas=[1, 2], addingReplicas=[], removingReplicas=[], isNew=false) to "
        "broker 2 for partition t-0 (state.change.logger)")


def test_a_new_partition_s_send_line_says_is_new() -> None:
    first = [line for _, line in sent_lines("2.5") if line.startswith("[2024-01-01 00:00:00,000]")]
    assert first and all("isNew=true" in line for line in first)


@pytest.mark.parametrize("name", ["2.6", "3.5"])
def test_from_2_6_the_trace_send_line_is_below_the_default_config_s_info(name: str) -> None:
    assert sent_lines(name) == []


def test_every_send_line_from_1_0_reads_back_as_leader_and_isr_sent() -> None:
    for name in ("1.0", "2.5"):
        for _, line in sent_lines(name):
            row = parse(line + "\n").events.row(0, named=True)
            assert row["kind"] == "leader_and_isr_sent" and row["template"] == "scl.send_lai", line
            assert (row["node"], row["topic"], row["partition"]) == (1, "t", 0)


# -- the brokers' "starts at leader epoch" --------------------------------------------------------


def epoch_lines(name: str, at: str = "[2024-01-01 00:00:00,040]") -> list[tuple[str, str]]:
    """(file, line) of each "starts at leader epoch" KIP-101's timeline writes at ``at`` under
    ``name``: the election at 40 ms moves t-0 from broker 1 to broker 2 (leader epoch 1)."""
    from kafka_forensics.replay.simulate import simulate

    result = simulate(KIP_101, profile=name)
    return [(r.file, format_record(r, DEFAULT_START)) for r in render_replication(result.effects, result.profile)
            if "epoch.start" in r.rendered.template and format_record(r, DEFAULT_START).startswith(at)]


def test_0_11_the_new_leader_logs_its_log_end_offset_and_the_epoch_it_held_in_server_log() -> None:
    """Partition.makeLeader 0.11.0.2: info() under the Partition's logIdent, no follower line."""
    assert epoch_lines("0.11") == [(
        "broker-2/server.log",
        "[2024-01-01 00:00:00,040] INFO Partition [t,0] on broker 2: t-0 starts at Leader Epoch 1 from offset 1. "
        "Previous Leader Epoch was: 0 (kafka.cluster.Partition)")]


def test_2_6_leader_and_follower_log_to_the_state_change_log() -> None:
    """Partition.makeLeader / makeFollower 2.6.0: stateChangeLogger.info; the new leader's HW
    as it stood before it raised it (0, below the old leader's 1)."""
    assert epoch_lines("2.6") == [
        ("broker-1/state-change.log",
         "[2024-01-01 00:00:00,040] INFO [Broker id=1] Follower t-0 starts at leader epoch 1 from offset 1 with "
         "high watermark 1. Previous leader epoch was 0. (state.change.logger)"),
        ("broker-2/state-change.log",
         "[2024-01-01 00:00:00,040] INFO [Broker id=2] Leader t-0 starts at leader epoch 1 from offset 1 with high "
         "watermark 0 ISR [1,2] addingReplicas [] removingReplicas []. Previous leader epoch was 0. "
         "(state.change.logger)"),
    ]


def test_3_5_lines_print_the_topic_id_partition_epoch_and_current_leader() -> None:
    """Partition.makeLeader / makeFollower 3.5.2; the topic id a stand-in derived from the name."""
    from kafka_forensics.replay.emit_replication import topic_id

    assert epoch_lines("3.5") == [
        ("broker-1/state-change.log",
         "[2024-01-01 00:00:00,040] INFO [Broker id=1] Follower t-0 starts at leader epoch 1 from offset 1 with "
         "partition epoch 1 and high watermark 1. Current leader is 2. Previous leader epoch was 0. "
         "(state.change.logger)"),
        ("broker-2/state-change.log",
         f"[2024-01-01 00:00:00,040] INFO [Broker id=2] Leader t-0 with topic id Some({topic_id('t')}) starts at "
         "leader epoch 1 from offset 1 with partition epoch 1, high watermark 0, ISR [1,2], adding replicas [] "
         "and removing replicas [] . Previous leader epoch was 0. (state.change.logger)"),
    ]


def test_3_6_lines_print_the_previous_leader_as_a_scala_option() -> None:
    lines = [line for _, line in epoch_lines("3.6")]
    assert all("Previous leader Some(1) and previous leader epoch was 0." in line for line in lines), lines


@pytest.mark.parametrize("name", ["0.11", "2.4", "2.6", "3.3", "3.5", "3.6"])
def test_every_epoch_line_reads_back_with_the_leader_epoch_and_offset(name: str) -> None:
    for _, line in epoch_lines(name):
        row = parse(line + "\n").events.row(0, named=True)
        assert row["kind"] in ("leader_epoch_start", "follower_epoch_start"), line
        assert (row["topic"], row["partition"], row["leader_epoch"], row["offset"]) == ("t", 0, 1, 1), line


def test_a_leader_and_isr_zookeeper_does_not_hold_writes_no_send_line() -> None:
    """The state's controller epoch comes from the znode the controller wrote: a broker applying
    another state (a seeded one) has no line."""
    written = ZkWrite(0, STATE, "create", True, None, 0,
                      '{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1,2]}', 1)
    controller = [ZkWrite(0, "/controller", "create", True, None, 0, '{"version":1,"brokerid":1,"timestamp":"0"}', 1),
                  ZkWrite(0, "/controller_epoch", "create", True, None, 0, "1", 1), written]
    other = LeaderChanged(5, "orders", 0, 2, -1, 1, 3, (1, 2))
    same = LeaderChanged(5, "orders", 0, 2, -1, 1, 0, (1, 2))
    assert lines_of(profile("0.11"), [*controller, other]) == []
    assert [t for t, _ in lines_of(profile("0.11"), [*controller, same])] == ["scl.send_lai.0_9"]


@pytest.mark.parametrize("name, trace_level", [("0.10.2", True), ("2.5", True), ("2.6", False), ("3.9", False)])
def test_state_change_log_is_written_at_trace_where_kafka_s_default_config_says_so(name: str,
                                                                                     trace_level: bool) -> None:
    """config/log4j.properties: ``state.change.logger=TRACE`` up to 2.5.1, ``INFO`` from 2.6.0;
    the root logger stays at INFO."""
    from kafka_forensics.replay import wording as w

    v = w.kafka_version(profile(name))
    assert w.threshold_for("state.change.logger", v, "INFO") == w.LEVEL_ORDER["TRACE" if trace_level else "INFO"]
    assert w.threshold_for("kafka.cluster.Partition", v, "INFO") == w.LEVEL_ORDER["INFO"]


def test_the_send_lines_leave_check_s_findings_as_they_were(tmp_path: Path) -> None:
    """simulate -> --emit-logs -> check on KIP-101's 0.11 timeline: the controller's lines add no
    finding (no clock skew: nothing received to pair them with; no offline partition)."""
    from kafka_forensics.replay.simulate import simulate

    result = simulate(KIP_101)
    emit_logs(result.effects, result.profile, tmp_path)
    assert (tmp_path / "broker-1" / "state-change.log").exists()
    with_lines = [f.kind.value for f in check(view.load([str(tmp_path)])).findings]
    (tmp_path / "broker-1" / "state-change.log").unlink()
    assert with_lines == [f.kind.value for f in check(view.load([str(tmp_path)])).findings]
