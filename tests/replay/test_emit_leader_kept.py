"""``--emit-logs`` for a LeaderAndIsr that keeps the leader (``LeaderKept``, a log-only note beside
the effects): the brokers' "starts at leader epoch" lines and the 1.0-2.5 controller's send line,
as for one that moves it.  The example: broker 2, t-0's follower, fails at 40 ms and the controller
takes it out of the ISR at leader epoch 1, broker 1 still the leader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.replay.emit import DEFAULT_START, format_record, render_lines
from kafka_forensics.replay.emit_replication import render_replication, topic_id
from kafka_forensics.replay.runner import RunResult
from kafka_forensics.replay.simulate import simulate

from ..support import parse

REPO = Path(__file__).resolve().parents[2]
FOLLOWER_FAILS = REPO / "examples" / "replication" / "unclean-election-loses-acknowledged-records.2.6.jsonl"
AT_40 = "[2024-01-01 00:00:00,040]"


def lines_at_40(name: str, trace: Path = FOLLOWER_FAILS, *, kind: str = "epoch.start") -> list[tuple[str, str]]:
    """(file, line) of each line of template ``kind`` the run of ``trace`` under ``name`` writes at 40 ms."""
    result = simulate(trace, profile=name)
    return [(file, line) for file, lines in render_lines(result.effects, result.profile).items()
            for line in lines if line.startswith(AT_40) and _template(result, line, kind)]


def _template(result: RunResult, line: str, kind: str) -> bool:
    return any(kind in r.rendered.template and format_record(r, DEFAULT_START) == line
               for r in render_replication(result.effects, result.profile))


def test_2_6_the_leader_that_kept_its_leadership_logs_the_shrunk_isr_s_new_epoch() -> None:
    """Partition.makeLeader 2.6.0 for the controller's removeReplicasFromIsr: leader epoch 0 -> 1,
    ISR [1], in broker 1's state-change.log."""
    assert lines_at_40("2.6") == [(
        "broker-1/state-change.log",
        "[2024-01-01 00:00:00,040] INFO [Broker id=1] Leader t-0 starts at leader epoch 1 from offset 4 with high "
        "watermark 4 ISR [1] addingReplicas [] removingReplicas []. Previous leader epoch was 0. "
        "(state.change.logger)")]


def test_2_6_a_live_follower_logs_the_same_leader_s_new_epoch(tmp_path: Path) -> None:
    """Partition.makeFollower 2.6.0: replicas 1, 2, 3, broker 3 fails, follower 2 applies ISR [1,2]."""
    trace = tmp_path / "three.jsonl"
    trace.write_text("\n".join(json.dumps(r) for r in [
        {"kind": "header", "profile": "2.6", "periodic_tasks": "manual"},
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2, 3]},
        {"at": 40, "do": "broker_fail", "broker": 3}]) + "\n")
    assert [x for x in lines_at_40("2.6", trace) if x[0] == "broker-2/state-change.log"] == [(
        "broker-2/state-change.log",
        "[2024-01-01 00:00:00,040] INFO [Broker id=2] Follower t-0 starts at leader epoch 1 from offset 0 with "
        "high watermark 0. Previous leader epoch was 0. (state.change.logger)")]


def test_3_5_the_kept_leader_s_line_prints_the_partition_epoch_and_topic_id() -> None:
    assert [line for _, line in lines_at_40("3.5")] == [
        f"[2024-01-01 00:00:00,040] INFO [Broker id=1] Leader t-0 with topic id Some({topic_id('t')}) starts at "
        "leader epoch 1 from offset 4 with partition epoch 1, high watermark 4, ISR [1], adding replicas [] and "
        "removing replicas [] . Previous leader epoch was 0. (state.change.logger)"]


def test_0_11_the_kept_leader_logs_in_server_log() -> None:
    assert lines_at_40("0.11") == [(
        "broker-1/server.log",
        "[2024-01-01 00:00:00,040] INFO Partition [t,0] on broker 1: t-0 starts at Leader Epoch 1 from offset 4. "
        "Previous Leader Epoch was: 0 (kafka.cluster.Partition)")]


def test_2_5_the_controller_logs_sending_the_shrink_s_become_leader_request() -> None:
    """ControllerChannelManager 2.5.1: the generated LeaderAndIsrPartitionState, not new."""
    assert lines_at_40("2.5", kind="scl.send_lai") == [(
        "broker-1/state-change.log",
        "[2024-01-01 00:00:00,040] TRACE [Controller id=1 epoch=1] Sending become-leader LeaderAndIsr request "
        "LeaderAndIsrPartitionState(topicName='t', partitionIndex=0, controllerEpoch=1, leader=1, leaderEpoch=1, "
        "isr=[1], zkVersion=1, replicas=[1, 2], addingReplicas=[], removingReplicas=[], isNew=false) to broker 1 "
        "for partition t-0 (state.change.logger)")]


def test_0_11_the_controller_s_send_line_prints_the_state_zookeeper_holds() -> None:
    assert [line for _, line in lines_at_40("0.11", kind="scl.send_lai")] == [
        "[2024-01-01 00:00:00,040] TRACE Controller 1 epoch 1 sending become-leader LeaderAndIsr request "
        "(Leader:1,ISR:1,LeaderEpoch:1,ControllerEpoch:1) to broker 1 for partition [t,0] (state.change.logger)"]


@pytest.mark.parametrize("name", ["0.11", "1.0", "2.5", "2.6", "3.3", "3.5", "3.6"])
def test_every_epoch_line_for_the_kept_leader_reads_back_with_its_epoch_and_offset(name: str) -> None:
    lines = lines_at_40(name)
    assert lines
    for _, line in lines:
        row = parse(line + "\n").events.row(0, named=True)
        assert row["kind"] in ("leader_epoch_start", "follower_epoch_start"), line
        assert (row["topic"], row["partition"], row["leader_epoch"], row["offset"]) == ("t", 0, 1, 4), line


@pytest.mark.parametrize("name", ["0.11", "1.0", "2.5"])
def test_the_send_line_for_the_kept_leader_reads_back_as_leader_and_isr_sent(name: str) -> None:
    (_, line), = lines_at_40(name, kind="scl.send_lai")
    row = parse(line + "\n").events.row(0, named=True)
    assert (row["kind"], row["topic"], row["partition"]) == ("leader_and_isr_sent", "t", 0), line


def test_a_plain_list_of_the_effects_has_no_notes_and_writes_no_such_line() -> None:
    result = simulate(FOLLOWER_FAILS, profile="2.6")
    lines = [line for lines in render_lines(list(result.effects), result.profile).values() for line in lines]
    assert not any(line.startswith(AT_40) and "starts at leader epoch" in line for line in lines)
