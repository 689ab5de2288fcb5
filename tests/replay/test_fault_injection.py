"""Fault injection: the logs our engine writes for a bundled incident, then one fault put in by
hand, as an operator would find it in a real incident — each found by ``check`` with the
right kind and evidence line, and nothing else reported.

The logs are the flapping follower's (``examples/incidents/isr-flapping-follower.2.6.jsonl``,
Kafka 2.6, ZooKeeper mode): broker 1 leads orders-0 and shrinks broker 3 out of the ISR and
back three times, so untouched they give exactly one finding, ``isr_flapping``.  The faults
that need the engine-backed diff (a dropped "Stabilized group" line, a changed generation) are
not injected here yet.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.simulate import simulate

REPO = Path(__file__).resolve().parents[2]
INCIDENT = REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl"
STATE = "/brokers/topics/orders/partitions/0/state"


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    result = simulate(INCIDENT)
    emit_logs(result.effects, result.profile, tmp_path)
    return tmp_path


def kinds(logs: Path) -> list[str]:
    return [f.kind.value for f in check(view.load([str(logs)])).findings]


def found(logs: Path, kind: str):
    (f,) = [f for f in check(view.load([str(logs)])).findings if f.kind.value == kind]
    return f


def test_untouched_the_logs_give_only_the_flapping(logs: Path) -> None:
    assert kinds(logs) == ["isr_flapping"]


def test_zookeeper_holding_another_isr_than_the_leader_wrote_is_a_mismatch(logs: Path) -> None:
    export = logs / "zookeeper" / "zk-export.json"
    tree = json.loads(export.read_text())
    state = json.loads(tree[STATE]["data"])
    state["isr"] = [1, 2]  # the leader's last "ISR updated to [1,2,3] … [6]" says otherwise
    tree[STATE]["data"] = json.dumps(state, separators=(",", ":"))
    export.write_text(json.dumps(tree, indent=2))
    assert sorted(kinds(logs)) == ["isr_flapping", "zk_broker_mismatch"]
    f = found(logs, "zk_broker_mismatch")
    assert f.details == {"zk_version": 6, "broker_isr": [1, 2, 3], "zk_isr": [1, 2]}
    assert [e.source.rsplit("/", 2)[-2:] for e in f.evidence] == [["broker-1", "server.log"],
                                                                   ["zookeeper", "zk-export.json"]]


def test_a_follower_truncating_below_the_high_watermark_is_found(logs: Path) -> None:
    follower = logs / "broker-3" / "server.log"
    follower.parent.mkdir(exist_ok=True)
    follower.write_text("[2024-01-01 00:01:40,000] WARN [ReplicaFetcher replicaId=3, leaderId=1, fetcherId=0] "
                        "Truncating orders-0 to offset 15 below high watermark 20 "
                        "(kafka.server.ReplicaFetcherThread)\n")
    assert sorted(kinds(logs)) == ["isr_flapping", "truncation_below_hw"]
    f = found(logs, "truncation_below_hw")
    assert f.details["records"] == 5 and f.evidence[0].line == 1 and f.evidence[0].source.endswith(
        "broker-3/server.log")


def test_a_lowered_high_watermark_in_a_shrink_line_is_a_regression(logs: Path) -> None:
    server = logs / "broker-1" / "server.log"
    lines = server.read_text().splitlines(keepends=True)
    third = next(i for i, line in enumerate(lines) if "Shrinking ISR" in line and "highWatermark: 20" in line)
    lines[third] = lines[third].replace("highWatermark: 20", "highWatermark: 5")
    server.write_text("".join(lines))
    assert sorted(kinds(logs)) == ["hw_regression", "isr_flapping"]
    f = found(logs, "hw_regression")
    assert f.details["from"] == 10 and f.details["to"] == 5 and f.evidence[-1].line == third + 1


# -- one broker's clock shifted ---------------------------------------------------------------------
def lai_sent(broker: int, partition: int, kind: str) -> str:
    """Controller 1's state-change line when it creates orders (2.6: LeaderAndIsrPartitionState,
    TRACE: logged when state.change.logger is set to TRACE, Kafka's shipped default up to 2.5)."""
    return (f"[2024-01-01 00:00:00,0{10 + partition}] TRACE [Controller id=1 epoch=1] Sending {kind} LeaderAndIsr "
            f"request LeaderAndIsrPartitionState(topicName='orders', partitionIndex={partition}, controllerEpoch=1, "
            "leader=1, leaderEpoch=0, isr=[1, 2, 3], zkVersion=0, replicas=[1, 2, 3], addingReplicas=[], "
            f"removingReplicas=[], isNew=true) to broker {broker} for partition orders-{partition} "
            "(state.change.logger)\n")


def lai_received(broker: int, partition: int) -> str:
    """The follower's state-change line when the request arrives, 20 ms later (2.6+)."""
    return (f"[2024-01-01 00:00:00,0{30 + partition}] TRACE [Broker id={broker}] Received LeaderAndIsr request "
            f"LeaderAndIsrPartitionState(topicName='orders', partitionIndex={partition}, controllerEpoch=1, "
            "leader=1, leaderEpoch=0, isr=[1, 2, 3], zkVersion=0, replicas=[1, 2, 3], addingReplicas=[], "
            f"removingReplicas=[], isNew=true) correlation id 1 from controller 1 epoch 1 (state.change.logger)\n")


@pytest.fixture
def with_requests(logs: Path) -> Path:
    """The lines the emitter does not write yet: broker 1, also the controller, creating orders
    (three partitions, all led by broker 1; orders-0 is the flapping one) and followers 2 and 3
    receiving each partition's LeaderAndIsr — the causal pairs clock_skew reads."""
    (logs / "broker-1" / "state-change.log").write_text(
        "".join(lai_sent(b, p, "become-follower") for p in range(3) for b in (2, 3)))
    for b in (2, 3):
        (logs / f"broker-{b}").mkdir(exist_ok=True)
        (logs / f"broker-{b}" / "state-change.log").write_text("".join(lai_received(b, p) for p in range(3)))
    return logs


def shift(path: Path, seconds: int) -> None:
    """Every timestamp of a log file moved by ``seconds``, as a broker whose clock runs ahead writes it."""
    from datetime import datetime, timedelta

    def moved(line: str) -> str:
        at = datetime.strptime(line[1:24], "%Y-%m-%d %H:%M:%S,%f") + timedelta(seconds=seconds)
        return "[" + at.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3] + line[24:]
    path.write_text("".join(moved(line) for line in path.read_text().splitlines(keepends=True)))


def test_the_requests_arriving_within_milliseconds_leave_only_the_flapping(with_requests: Path) -> None:
    assert kinds(with_requests) == ["isr_flapping"]


def test_one_broker_s_clock_7_s_ahead_is_found_from_the_requests_it_received(with_requests: Path) -> None:
    """Broker 2's clock runs 7 s ahead: each of the three LeaderAndIsr requests reaches it 7.02 s
    after controller 1 logged sending it, while broker 3's arrive within 20 ms."""
    shift(with_requests / "broker-2" / "state-change.log", 7)
    assert sorted(kinds(with_requests)) == ["clock_skew", "isr_flapping"]
    f = found(with_requests, "clock_skew")
    assert f.entity == "broker 2"
    assert f.details == {"reference": 1, "offset_ms": 7020, "pairs": 3, "bound": "estimate"}
    assert "ahead of controller 1's by about 7.0 s" in f.message
    assert [(e.source.rsplit("/", 2)[-2:], e.line) for e in f.evidence] == [
        (["broker-1", "state-change.log"], 1), (["broker-2", "state-change.log"], 1)]


def test_a_skewed_broker_s_lines_are_moved_back_before_the_other_detectors_read_them(
        with_requests: Path) -> None:
    """DESIGN.md: clock skew is "corrected before diffing": check moves broker 2's lines back by
    the estimated offset (the smallest send-to-receive gap, its 20 ms of latency included), so
    its first request is received as controller 1 sends it; broker 3's lines stay, and broker
    2's keep their spacing."""
    from kafka_forensics.replay.check import corrected_clocks
    from kafka_forensics.replay.detect import CheckOptions, with_scope
    from kafka_forensics.replay.detect.clocks import clock_skew

    shift(with_requests / "broker-2" / "state-change.log", 7)
    events = with_scope(view.load([str(with_requests)]))
    fixed = corrected_clocks(events, clock_skew(events, CheckOptions()))

    def times(table, broker: int) -> list[int]:
        rows = table.filter((pl.col("broker") == broker) & (pl.col("kind") == "leader_and_isr_received"))
        return rows.sort("line").get_column("ts").dt.epoch("ms").to_list()

    sent = events.filter(pl.col("kind") == "leader_and_isr_sent").get_column("ts").dt.epoch("ms").min()
    assert times(events, 2)[0] - sent == 7020
    assert times(fixed, 2)[0] - sent == 0 and times(fixed, 3) == times(events, 3)
    assert [b - a for a, b in zip(times(events, 2), times(events, 2)[1:], strict=False)] == \
        [b - a for a, b in zip(times(fixed, 2), times(fixed, 2)[1:], strict=False)]
