"""A partition re-run by the replication engine from its lines (replay/derive_partitions.py,
replay/diff_partitions.py): each logged ISR change and leader epoch re-made by Kafka's rules,
the first line the rules cannot make reported with the last state both agreed on, and a znode
version that skips a write reported where the logs hold every writer.

The logs are those our engine writes for the bundled flapping follower (a 2.6 trace, written
here in 2.4's wording: the leader's "Shrinking ISR" / "Expanding ISR" / "ISR updated ... zkVersion
updated to [N]" lines and the controller's TRACE LeaderAndIsr sends), edited the way an incident
differs from Kafka's rules, and the real corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.diff_partitions import replay_partitions
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.findings import FindingKind
from kafka_forensics.replay.simulate import simulate

REPO = Path(__file__).resolve().parents[2]
FLAPPING = REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl"
CONFIG = (
    "[2024-01-01 00:00:00,000] INFO KafkaConfig values: \n\tbroker.id = 1\n"
    "\treplica.lag.time.max.ms = {lag}\n\tzookeeper.connect = zk:2181\n (kafka.server.KafkaConfig)\n"
)


def flapping(tmp_path_factory: pytest.TempPathFactory, profile: str) -> Path:
    """The flapping follower's logs as a ``profile`` cluster writes them (shrinks at 16 s, 48 s,
    80 s, each 17 s after broker 3 last caught up; zkVersions 1-6)."""
    trace = tmp_path_factory.mktemp("trace") / f"flapping.{profile}.jsonl"
    lines = FLAPPING.read_text().splitlines()
    header = json.loads(lines[0]) | {"profile": profile}
    trace.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    out = tmp_path_factory.mktemp("logs")
    result = simulate(trace)
    emit_logs(result.effects, result.profile, out)
    return out


@pytest.fixture(scope="module")
def logs_2_4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return flapping(tmp_path_factory, "2.4")


@pytest.fixture(scope="module")
def logs_2_6(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return flapping(tmp_path_factory, "2.6")


def edited(
    src: Path, dst: Path, old: str, new: str, *, drop: str | None = None, config: int | None = None
) -> Path:
    """A copy of ``src`` with ``old`` replaced once in the leader's server.log (and the files named
    ``drop`` left out, a KafkaConfig dump with ``replica.lag.time.max.ms = config`` put first)."""
    for f in src.rglob("*"):
        if f.is_file() and (drop is None or f.name != drop):
            target = dst / f.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            text = f.read_text()
            if f.name == "server.log" and f.parent.name == "broker-1":
                assert old in text
                text = text.replace(old, new, 1)
                if config is not None:
                    text = CONFIG.format(lag=config) + text
            target.write_text(text)
    return dst


def partition_findings(path: Path) -> list:
    """What check says of orders-0, less the flapping these logs are made of."""
    return [
        f
        for f in check(view.load([str(path)])).findings
        if f.entity == "partition orders-0" and f.kind is not FindingKind.ISR_FLAPPING
    ]


def test_every_isr_change_and_its_znode_version_is_re_made(logs_2_4: Path) -> None:
    (r,) = replay_partitions(view.load([str(logs_2_4)]))
    verdicts = [s.verdict for s in r.steps]
    assert r.findings == () and set(verdicts) <= {"ok", "stimulus"}
    assert sum(s.observed is not None and s.observed.kind == "isr_updated" for s in r.steps) == 6
    # the derived trace says where each stimulus comes from
    assert {s.doc["level"] for s in r.case.trace.records} == {"inferred"}
    assert all(s.doc.get("source") for s in r.case.trace.records)


def test_without_a_config_dump_the_release_s_default_lag_is_assumed(logs_2_4: Path) -> None:
    (r,) = replay_partitions(view.load([str(logs_2_4)]))
    assert r.case.assumed["replica.lag.time.max.ms"] == "10000 (Kafka 2.4's default)"


def test_an_unknown_lag_below_the_default_is_fitted_to_the_quickest_shrink_and_said(logs_2_6: Path) -> None:
    """2.5 raised the default to 30 s (KIP-537); the logs show shrinks 17 s after a catch-up, so the
    cluster ran a lower setting, and the re-run says what it assumed instead of reporting them."""
    (r,) = replay_partitions(view.load([str(logs_2_6)]))
    assert r.findings == ()
    assert r.case.assumed["replica.lag.time.max.ms"].startswith("16999 (fitted: Kafka 2.6's default is 30000")


def test_a_znode_version_that_skips_a_write_is_a_zk_version_gap(logs_2_4: Path, tmp_path: Path) -> None:
    """The leader's second write lands on version 4, not 2: two writes by someone the logs do not
    show (the controller's TRACE lines are there, and say nothing of them)."""
    path = edited(logs_2_4, tmp_path, "zkVersion updated to [2]", "zkVersion updated to [4]")
    (f,) = partition_findings(path)
    assert f.kind is FindingKind.ZK_VERSION_GAP
    assert (f.details["expected_version"], f.details["observed_version"]) == (2, 4)
    lines = [Path(e.source).read_text().splitlines()[e.line - 1] for e in f.evidence]
    assert [line.split("] ", 2)[2] for line in lines] == [
        "ISR updated to [1,2] and zkVersion updated to [1] (kafka.cluster.Partition)",
        "ISR updated to [1,2,3] and zkVersion updated to [4] (kafka.cluster.Partition)",
    ] and "last_consistent" in f.details


def test_a_version_gap_is_not_judged_without_the_controller_s_lines(logs_2_4: Path, tmp_path: Path) -> None:
    """Without the controller's state-change.log a write of its own could explain the gap."""
    path = edited(
        logs_2_4, tmp_path, "zkVersion updated to [2]", "zkVersion updated to [4]", drop="state-change.log"
    )
    assert [f.kind for f in partition_findings(path)] == []
    (r,) = replay_partitions(view.load([str(path)]))
    assert any("not provable" in s.verdict for s in r.steps)


def test_a_shrink_sooner_than_the_configured_lag_is_unexpected(logs_2_4: Path, tmp_path: Path) -> None:
    """replica.lag.time.max.ms = 30000 in the KafkaConfig dump, yet broker 3 was shrunk 17 s after
    it last caught up (its expansion at 31 s, the shrink at 48 s)."""
    path = edited(logs_2_4, tmp_path, "Expanding ISR", "Expanding ISR", config=30_000)
    found = partition_findings(path)
    assert [f.kind for f in found if f.kind is not FindingKind.ISR_FLAPPING] == [
        FindingKind.UNEXPECTED_TRANSITION
    ]
    (f,) = [f for f in found if f.kind is FindingKind.UNEXPECTED_TRANSITION]
    assert "broker 3 stays in the ISR until 2024-01-01T00:01:01.000Z" in f.expected
    assert f.start == f.end and f.details["assumed"]["replica.lag.time.max.ms"].startswith(
        "30000 (the brokers'"
    )


def test_after_the_first_line_the_rules_cannot_make_nothing_more_is_compared(
    logs_2_4: Path, tmp_path: Path
) -> None:
    path = edited(logs_2_4, tmp_path, "Expanding ISR", "Expanding ISR", config=30_000)
    (r,) = replay_partitions(view.load([str(path)]))
    parted = [s for s in r.steps if s.verdict.startswith("not re-run")]
    assert parted and all("parted at" in s.verdict for s in parted)
    assert len(r.findings) == 1


def test_a_shrink_of_a_caught_up_follower_is_left_to_its_detector(tmp_path: Path) -> None:
    """2.4: broker 2 shrunk at the leader's own end offset (isr_shrink_without_lag); the re-run
    stops there rather than report the same line twice."""
    (tmp_path / "server.log").write_text(
        "[2024-03-01 10:01:00,000] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. "
        "Leader: (highWatermark: 100, endOffset: 120). Out of sync replicas: (brokerId: 2, endOffset: 120). "
        "(kafka.cluster.Partition)\n"
    )
    assert [f.kind for f in partition_findings(tmp_path)] == [FindingKind.ISR_SHRINK_WITHOUT_LAG]


def test_the_real_corpus_partitions_re_run_with_no_difference(corpus: Path) -> None:
    """Every partition of the real logs whose lines name a leader (2.1.1 to 4.0: controller
    failovers, topics deleted and created again, clusters whose ZooKeeper was wiped) is re-run,
    and the engine re-makes every line."""
    replays = replay_partitions(view.load([str(corpus)]))
    assert len(replays) > 500
    assert [r.error for r in replays if r.error] == []
    assert [(r.case.name, f.observed) for r in replays for f in r.findings] == []


def test_lines_that_skip_an_isr_change_start_the_re_run_again_instead_of_reporting(tmp_path: Path) -> None:
    """2.4: the ISR goes 1,2,3 -> 1,2, then a later line shrinks it from 1,3 (the expansion of 3 and
    the shrink of 2 between are in rotated-away lines): the re-run starts again from that line."""
    p = "(kafka.cluster.Partition)"

    def shrink(minute: int, before: str, after: str, gone: int) -> str:
        return (f"[2024-03-01 10:{minute:02d}:00,000] INFO [Partition orders-0 broker=1] Shrinking ISR from "
                f"{before} to {after}. Leader: (highWatermark: 10, endOffset: 20). Out of sync replicas: "
                f"(brokerId: {gone}, endOffset: 10). {p}\n")

    (tmp_path / "server.log").write_text(shrink(1, "1,2,3", "1,2", 3) + shrink(30, "1,3", "1", 3))
    replays = replay_partitions(view.load([str(tmp_path)]))
    assert [r.findings for r in replays] == [(), ()]
    assert "the lines skip a change (the ISR was [1,2] after the last line, [1,3] at this one)" in (
        replays[0].case.stopped_why or "")


def test_the_report_says_what_the_engine_re_ran(logs_2_4: Path) -> None:
    """A report that finds nothing should still say the engine ran: one partition, one run."""
    report = check(view.load([str(logs_2_4)]))
    (entry,) = report.clusters.values()
    assert entry["engine_runs"] == {"groups": 0, "group_runs": 0, "partitions": 1, "partition_runs": 1,
                                    "group_request_runs": 0}
    assert entry["engine_profile"] == "2.4"


def test_the_changes_near_a_line_are_those_a_full_scan_finds_in_time_order() -> None:
    """``_Changes`` finds the engine's changes around a line by bisection: the same changes, in
    time order (derivation order within an instant), and the same state in force (of several at
    one instant, the first), as reading them all in time order — whatever order they came in."""
    import random

    from kafka_forensics.replay.diff_partitions import MATCH_WINDOW_MS, PartitionExpected, _Changes

    rng = random.Random(7)
    causes = ("shrink", "expand", "proposal", "leader", "controller")
    for ordered in (True, False):
        ats = [rng.randrange(0, 60_000, 500) for _ in range(200)]
        ats = sorted(ats) if ordered else ats
        expected = [PartitionExpected(at, i % 3, i, (1, 2), None, rng.choice(causes))
                    for i, at in enumerate(ats)]
        changes = _Changes.of(expected)
        expected = sorted(expected, key=lambda e: e.at)  # (stable: as the engine makes them)
        for at in range(-1_000, 62_000, 250):
            assert list(changes.near(at)) == [e for e in expected if abs(e.at - at) <= MATCH_WINDOW_MS]
            assert list(changes.between(at, at + 3_000)) == [e for e in expected if at <= e.at <= at + 3_000]
            state = max((e for e in expected if e.at <= at and e.cause not in ("shrink", "expand")),
                        key=lambda e: e.at, default=None)
            assert changes.state_at(at) is state
