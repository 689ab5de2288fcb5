"""Fault injection: the logs our engine writes for a bundled incident, then one fault put in by
hand, as an operator would find it in a real incident — each found by ``check`` with the
right kind and evidence line, and nothing else reported.

The logs are the flapping follower's (``examples/incidents/isr-flapping-follower.2.6.jsonl``,
Kafka 2.6, ZooKeeper mode): broker 1 leads orders-0 and shrinks broker 3 out of the ISR and
back three times, so untouched they give exactly one finding, ``isr_flapping``.  The faults
that need the engine-backed diff (a dropped "Stabilized group" line, a changed generation, a
shrink of a caught-up follower, one broker's clock shifted) are not injected here yet.
"""

from __future__ import annotations

import json
from pathlib import Path

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
