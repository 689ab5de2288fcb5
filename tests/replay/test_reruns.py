"""``check``'s engine re-runs on worker processes (``replay/reruns.py``): the report is the same
byte for byte as when this process re-runs every group and partition, and a worker that dies
costs time, not findings.  The inputs here are far below ``MIN_ROWS``, so the tests lower it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay import reruns
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.simulate import simulate

REPO = Path(__file__).resolve().parents[2]
INCIDENTS = REPO / "examples" / "incidents"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The storm's group and the flapping follower's partition, as our engine logs them, with
    one of the group's "Stabilized" lines gone (an engine finding: missing_transition)."""
    out = tmp_path_factory.mktemp("reruns")
    for name in ("poll-timeout-rebalance-storm.3.5.jsonl", "isr-flapping-follower.2.6.jsonl"):
        result = simulate(INCIDENTS / name)
        emit_logs(result.effects, result.profile, out / name.split(".")[0])
    server = out / "poll-timeout-rebalance-storm" / "broker-0" / "server.log"
    lines = server.read_text().splitlines(keepends=True)
    del lines[[i for i, line in enumerate(lines) if "Stabilized group" in line][2]]
    server.write_text("".join(lines))
    return out


def report(logs: Path) -> str:
    return json.dumps(check(view.load([str(logs)])).to_dict(), sort_keys=True)


def test_workers_only_for_enough_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KAFKA_FORENSICS_WORKERS", raising=False)
    assert reruns.workers(reruns.MIN_ROWS - 1) == 1
    assert reruns.workers(reruns.MIN_ROWS) == min(reruns.WORKERS, os.cpu_count() or 1)
    monkeypatch.setenv("KAFKA_FORENSICS_WORKERS", "1")
    assert reruns.workers(10 * reruns.MIN_ROWS) == 1


def forced(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Re-runs on two workers whatever the size; the number of pools started."""
    monkeypatch.setattr(reruns, "MIN_ROWS", 0)
    monkeypatch.setenv("KAFKA_FORENSICS_WORKERS", "2")
    pools: list[int] = []
    start = reruns.Reruns.start

    def counted(self: reruns.Reruns) -> reruns.Reruns:
        out = start(self)
        pools.append(self._pool is not None)
        return out

    monkeypatch.setattr(reruns.Reruns, "start", counted)
    return pools


def test_the_report_is_the_same_on_worker_processes(logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAFKA_FORENSICS_WORKERS", "1")
    alone = report(logs)
    made = json.loads(alone)
    assert made["counts"] == {"isr_flapping": 1, "missing_transition": 1, "rebalance_storm": 1}
    assert {k: v["engine_runs"]["group_runs"] + v["engine_runs"]["partition_runs"]
            for k, v in made["clusters"].items()} == {f"logs in {logs}/{name}": 1 for name in (
                "poll-timeout-rebalance-storm", "isr-flapping-follower")}
    pools = forced(monkeypatch)
    assert report(logs) == alone
    assert pools == [True]


def _die(part: str, i: int) -> list[reruns.Rerun]:
    os._exit(3)


def test_a_worker_that_dies_costs_no_finding(logs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAFKA_FORENSICS_WORKERS", "1")
    alone = report(logs)
    forced(monkeypatch)
    monkeypatch.setattr(reruns, "_run_forked", _die)
    assert report(logs) == alone
