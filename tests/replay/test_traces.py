"""Kafka's own coordinator test timelines and the seeds' scenarios, replayed with
``expect`` records (tests/traces/README.md and examples/seeds/README.md say where each
comes from): every expectation must hold under the timer mode the Kafka test used."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.replay.runner import run_trace
from kafka_forensics.replay.trace import read_trace

ROOT = Path(__file__).resolve().parents[2]
KAFKA = sorted((ROOT / "tests" / "traces" / "kafka").glob("*.jsonl"))
SEEDS = sorted((ROOT / "examples" / "seeds").glob("*.jsonl"))

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


def test_there_are_at_least_forty_kafka_timelines():
    assert len(KAFKA) >= 40
