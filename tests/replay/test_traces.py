"""Kafka's own coordinator and replication test timelines, the seeds' scenarios and the
replication examples, replayed with ``expect`` records (tests/traces/README.md,
examples/seeds/README.md and examples/replication/README.md say where each comes from):
every expectation must hold under the timer mode the Kafka test used."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.replay.runner import run_trace
from kafka_forensics.replay.trace import read_trace

ROOT = Path(__file__).resolve().parents[2]
KAFKA = sorted((ROOT / "tests" / "traces" / "kafka").glob("*.jsonl"))
SEEDS = sorted((ROOT / "examples" / "seeds").glob("*.jsonl"))
KAFKA_REPLICATION = sorted((ROOT / "tests" / "traces" / "replication").glob("*.jsonl"))
EXAMPLES_REPLICATION = sorted((ROOT / "examples" / "replication").glob("*.jsonl"))

def _case(path: Path):
    return pytest.param(path, id=path.stem)


def _failures(path: Path) -> list[str]:
    result = run_trace(read_trace(path))
    assert result.checks, f"{path.name} has no expect records"
    return [f"line {c.line} (at {c.at}) {c.expect}: {c.message}" for c in result.failed]


@pytest.mark.parametrize("path", [_case(p) for p in KAFKA])
def test_kafka_coordinator_test_timeline_replays(path: Path):
    assert _failures(path) == []


@pytest.mark.parametrize("path", [_case(p) for p in SEEDS])
def test_seed_scenario_replays(path: Path):
    assert _failures(path) == []


@pytest.mark.parametrize("path", [_case(p) for p in KAFKA_REPLICATION])
def test_kafka_replication_test_timeline_replays(path: Path):
    assert _failures(path) == []


@pytest.mark.parametrize("path", [_case(p) for p in EXAMPLES_REPLICATION])
def test_replication_example_replays(path: Path):
    assert _failures(path) == []


def test_there_are_at_least_forty_kafka_timelines():
    assert len(KAFKA) >= 40


def test_there_are_at_least_twenty_five_kafka_replication_timelines():
    assert len(KAFKA_REPLICATION) >= 25
