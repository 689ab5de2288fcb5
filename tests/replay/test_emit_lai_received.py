"""``--emit-logs``: the brokers' lines for a LeaderAndIsr request they receive from the controller
(ReplicaManager.becomeLeaderOrFollower), per version family, read back by our own parser as the
catalogue entry each was rendered from; correlation ids counted per controller-to-broker
connection; and ``check`` over the logs finding nothing new (no clock skew: each request is
received at the instant the controller logs sending it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.engine.profiles import PROFILE_NAMES
from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, format_record
from kafka_forensics.replay.emit_replication import render_replication
from kafka_forensics.replay.simulate import simulate

from ..support import one, parse

REPO = Path(__file__).resolve().parents[2]
KIP_101 = REPO / "examples" / "replication" / "kip-101-epoch-truncation-keeps-committed-record.0.11.jsonl"
RECEIVED = ("broker_state.lai_received", "broker_state.lai_handling_batch", "broker_state.lai_finished")


def received(name: str, trace: Path = KIP_101) -> list[tuple[str, str, str]]:
    """(file, template, line) of each line about a LeaderAndIsr received the run writes."""
    result = simulate(trace, profile=name)
    return [(r.file, r.rendered.template, format_record(r, DEFAULT_START))
            for r in render_replication(result.effects, result.profile) if r.rendered.template.startswith(RECEIVED)]


def family(name: str) -> set[str]:
    return {template for _, template, _ in received(name)}


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_each_version_writes_the_lines_its_kafka_logs_at_the_default_levels(name: str) -> None:
    """0.10-2.5: "received" per partition (TRACE, state.change.logger at TRACE; 2.4.1 / 2.5.1
    drop "for partition"); 2.6: "Handling …
    for N partitions" (INFO; "Received" TRACE under the default INFO); 2.7-3.9 also "Finished";
    4.0: no ZooKeeper controller, no LeaderAndIsr."""
    v = tuple(int(p) for p in name.split("."))
    if v < (1, 0):
        want = {"broker_state.lai_received.0_8"}
    elif v < (2, 4):
        want = {"broker_state.lai_received.1_0"}
    elif v < (2, 6):
        want = {"broker_state.lai_received.2_6"}
    elif v < (2, 7):
        want = {"broker_state.lai_handling_batch"}
    elif v < (4, 0):
        want = {"broker_state.lai_handling_batch", "broker_state.lai_finished"}
    else:
        want = set()
    assert family(name) == want


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_every_line_reads_back_as_its_own_entry_with_the_request_s_fields(name: str) -> None:
    got = received(name)
    assert bool(got) == (name != "4.0")  # 4.0: KRaft only, no LeaderAndIsr
    for file, template, line in got:
        ev = parse(line + "\n").events
        assert ev.height == 1, line
        row = ev.row(0, named=True)
        assert row["template"] == template and row["kind"] == "leader_and_isr_received", line
        broker = int(file.split("/")[0].removeprefix("broker-"))
        assert file.endswith("/state-change.log")
        assert (row["node"], row["controller"], row["api"]) == (broker, 1, "LeaderAndIsr"), line
        assert row["correlation_id"] in (0, 1, 2), line
        if "lai_received" in template:
            assert (row["topic"], row["partition"], row["controller_epoch"]) == ("t", 0, 1), line
            assert row["leader_epoch"] in (0, 1, 2) and row["isr"] == [1, 2], line
        else:
            assert row["count"] == 1, line


@pytest.mark.parametrize("name, expected", [
    ("0.10.2", "TRACE Broker 2 received LeaderAndIsr request PartitionState(controllerEpoch=1, leader=2, "
               "leaderEpoch=1, isr=[1, 2], zkVersion=1, replicas=[1, 2]) correlation id 1 from controller 1 epoch 1 "
               "for partition [t,0]"),
    ("0.11", "TRACE Broker 2 received LeaderAndIsr request PartitionState(controllerEpoch=1, leader=2, "
             "leaderEpoch=1, isr=1,2, zkVersion=1, replicas=1,2) correlation id 1 from controller 1 epoch 1 "
             "for partition [t,0]"),
    ("2.3", "TRACE [Broker id=2] Received LeaderAndIsr request PartitionState(controllerEpoch=1, leader=2, "
            "leaderEpoch=1, isr=1,2, zkVersion=1, replicas=1,2, isNew=false) correlation id 1 from controller 1 "
            "epoch 1 for partition t-0"),
])
def test_the_received_line_s_wording_to_2_3(name: str, expected: str) -> None:
    """ReplicaManager.becomeLeaderOrFollower at 0.10.2.2, 0.11.0.2 and 2.3.1, the state as the
    requests package's PartitionState prints it (Arrays.toString to 0.10, Utils.join in 0.11,
    isNew from 1.0): broker 2 takes t-0's leadership at 40 ms, its second request from controller 1."""
    at_40 = [line for file, _, line in received(name)
             if file == "broker-2/state-change.log" and line.startswith("[2024-01-01 00:00:00,040]")]
    assert at_40 == [f"[2024-01-01 00:00:00,040] {expected} (state.change.logger)"]


@pytest.mark.parametrize("name", ["2.7", "3.5"])
def test_from_2_7_a_request_is_handled_then_finished(name: str) -> None:
    """ReplicaManager 2.7.2 / 3.5.2: info "Handling …", the partitions' lines, info "Finished …
    in Nms" (the engine applies a request in no time: 0 ms)."""
    result = simulate(KIP_101, profile=name)
    lines = [format_record(r, DEFAULT_START) for r in render_replication(result.effects, result.profile)
             if r.file == "broker-2/state-change.log" and r.at == 40]
    assert len(lines) == 3 and "Leader t-0" in lines[1] and "starts at leader epoch 1" in lines[1]
    assert lines[0] == ("[2024-01-01 00:00:00,040] INFO [Broker id=2] Handling LeaderAndIsr request correlationId 1 "
                        "from controller 1 for 1 partitions (state.change.logger)")
    assert lines[2] == ("[2024-01-01 00:00:00,040] INFO [Broker id=2] Finished LeaderAndIsr request in 0ms "
                        "correlationId 1 from controller 1 for 1 partitions (state.change.logger)")


def test_2_6_logs_handling_only() -> None:
    """ReplicaManager 2.6.0 / 2.6.3: the "Finished" line came in 2.7."""
    assert {t for _, t, _ in received("2.6")} == {"broker_state.lai_handling_batch"}


def three_brokers(tmp_path: Path, profile: str) -> Path:
    """Controller 1 creates t-0 and t-1 on brokers 1, 2, 3 at once; broker 3 fails at 40 ms (each
    partition's ISR shrinks, leader 1 kept) and comes back at 50 ms (registered anew)."""
    trace = tmp_path / "three.jsonl"
    trace.write_text("\n".join(json.dumps(r) for r in [
        {"kind": "header", "profile": profile, "periodic_tasks": "manual"},
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2, 3]},
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 1, "replicas": [1, 2, 3]},
        {"at": 40, "do": "broker_fail", "broker": 3},
        {"at": 50, "do": "broker_start", "broker": 3}]) + "\n")
    return trace


def ids_by_broker(lines: list[tuple[str, str, str]]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for file, _, line in lines:
        row = one(line + "\n")
        out.setdefault(file.split("/")[0], []).append(row["correlation_id"])
    return out


def test_correlation_ids_count_per_connection_and_restart_with_a_new_one(tmp_path: Path) -> None:
    """One request per broker for the partitions one controller event moved at one instant, its
    correlation id the connection's count from 0; broker 3, registered anew at 50 ms, is reached
    on a new connection (ControllerChannelManager.addBroker), whose count starts again."""
    lines = received("2.7", three_brokers(tmp_path, "2.7"))
    handling = [line for _, t, line in lines if t == "broker_state.lai_handling_batch"]
    assert all("for 2 partitions" in line for line in handling), handling
    ids = {b: got[::2] for b, got in ids_by_broker(lines).items()}  # Handling / Finished pairs
    assert ids == {"broker-1": [0, 1], "broker-2": [0, 1], "broker-3": [0, 0]}


def test_to_2_3_a_request_s_partitions_share_its_correlation_id(tmp_path: Path) -> None:
    lines = [x for x in received("2.3", three_brokers(tmp_path, "2.3")) if x[0] == "broker-2/state-change.log"]
    rows = [one(line + "\n") for _, _, line in lines]
    assert [(r["partition"], r["correlation_id"]) for r in rows] == [(0, 0), (1, 0), (0, 1), (1, 1)]


@pytest.mark.parametrize("name", ["0.10.2", "0.11", "1.0", "2.3", "2.7"])
def test_check_finds_nothing_new_and_no_clock_skew(tmp_path: Path, name: str) -> None:
    """simulate -> --emit-logs -> check: the received lines pair with the controller's send lines
    (0.10-2.3, both TRACE) at no gap, so clock_skew reads them and reports nothing; the findings
    are those of the logs without them."""
    from kafka_forensics.replay.detect import with_scope
    from kafka_forensics.replay.detect.clocks import _pairs

    result = simulate(KIP_101, profile=name)
    emit_logs(result.effects, result.profile, tmp_path)
    events = view.load([str(tmp_path)])
    found = [f.kind.value for f in check(events).findings]
    assert "clock_skew" not in found
    if name != "2.7":
        rows = with_scope(events).filter(
            events["kind"].is_in(["leader_and_isr_sent", "leader_and_isr_received"])).to_dicts()
        pairs = list(_pairs(rows))
        assert pairs and all(r["ts"] == s["ts"] for *_, s, r in pairs)
    for path in tmp_path.glob("broker-*/state-change.log"):
        kept = [line for line in path.read_text().splitlines(keepends=True)
                if "eceived LeaderAndIsr" not in line and "LeaderAndIsr request correlationId" not in line
                and "Finished LeaderAndIsr" not in line]
        path.write_text("".join(kept))
    assert found == [f.kind.value for f in check(view.load([str(tmp_path)])).findings]
