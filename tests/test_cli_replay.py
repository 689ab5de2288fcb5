"""``kafka-forensics replay`` driven for real: a group re-executed from its logs step by step,
stopped at a time, and re-run under other settings (the counterfactual).

The logs are those our engine writes for the bundled poll-timeout storm (Kafka 3.5: consumer
``slow`` takes 45 s per batch against max.poll.interval.ms = 30 s, leaves on each poll timeout
and rejoins on its next poll, four times), and the real corpus.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.simulate import simulate

from .test_cli import cli

REPO = Path(__file__).resolve().parents[1]
STORM = REPO / "examples" / "incidents" / "poll-timeout-rebalance-storm.3.5.jsonl"


def emitted(trace: Path, out: Path) -> Path:
    """The logs our engine writes for ``trace``."""
    result = simulate(trace)
    emit_logs(result.effects, result.profile, out)
    return out


@pytest.fixture(scope="module")
def storm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return emitted(STORM, tmp_path_factory.mktemp("storm"))


def steps(*args: str) -> list[dict]:
    r = cli("replay", *args, "--format", "jsonl")
    assert r.returncode == 0, r.stderr
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_each_logged_step_is_shown_beside_the_engine_s(storm: Path) -> None:
    rows = steps(str(storm), "--group", "billing")
    assert rows and {r["verdict"] for r in rows} == {"ok", "stimulus"}
    stabilized = [r for r in rows if r["logged"] and r["logged"]["kind"] == "group_stabilized"]
    assert all(r["engine"]["state"] == "CompletingRebalance" for r in stabilized)
    assert [r["engine"]["generation"] for r in stabilized] == list(range(1, len(stabilized) + 1))
    # each leave was driven by the slow consumer's own "sending LeaveGroup request" line (level
    # client): the coordinator's "has left" lines only confirm it, and each does
    leaves = [r for r in rows if r["logged"] and r["logged"]["kind"] == "group_prepare_rebalance"
              and r["logged"]["state"] is None]
    assert len(leaves) == 4 and all(r["verdict"] == "ok" and r["engine"] for r in leaves)


def test_until_stops_at_a_time_and_says_where_the_engine_is(storm: Path) -> None:
    r = cli("replay", str(storm), "--group", "billing", "--until", "2024-01-01T00:00:50Z")
    assert r.returncode == 0, r.stderr
    assert "the engine's group is: Stable gen 2, 2 members" in " ".join(r.stdout.split())
    shown = steps(str(storm), "--group", "billing", "--until", "2024-01-01T00:00:50Z")
    # the coordinator's 7 lines up to then, and beside them the consumers' own (synced, rejoining)
    assert sum(r["logged"]["kind"].startswith("group_") for r in shown) == 7
    assert {r["logged"]["kind"] for r in shown if not r["logged"]["kind"].startswith("group_")} == {
        "consumer_synced", "consumer_rejoin_requested"}


def test_a_longer_poll_interval_would_have_prevented_the_storm(storm: Path) -> None:
    """The slow consumer's batches took about 60 s from poll to poll: under 600 s not one poll
    timeout, so none of its leaves and rejoins, one rebalance, and no storm."""
    r = cli("replay", str(storm), "--group", "billing", "--set", "max.poll.interval.ms=600000", "-f", "jsonl")
    assert r.returncode == 0, r.stderr
    (w,) = [json.loads(line) for line in r.stdout.splitlines()]
    assert w["settings"] == {"max.poll.interval.ms": 600000}
    assert len(w["changes"]) == 4 and w["unchanged"] == []
    assert all("no poll timeout" in c["text"] for c in w["changes"])
    assert w["rebalances"] == {"as_logged": 9, "with_settings": 1}
    assert w["storms"] == {"as_logged": 1, "with_settings": 0}


def test_a_poll_interval_still_below_the_batch_time_changes_nothing(storm: Path) -> None:
    r = cli("replay", str(storm), "--group", "billing", "--set", "max.poll.interval.ms=40000", "-f", "jsonl")
    (w,) = [json.loads(line) for line in r.stdout.splitlines()]
    assert w["changes"] == [] and len(w["unchanged"]) == 4
    assert w["rebalances"] == {"as_logged": 9, "with_settings": 9}


def test_the_table_names_the_finding_that_disappears(storm: Path) -> None:
    r = cli("replay", str(storm), "--group", "billing", "--set", "max.poll.interval.ms=600000")
    assert r.returncode == 0, r.stderr
    assert "The rebalance_storm finding of group billing disappears." in " ".join(r.stdout.split())


@pytest.mark.parametrize("args, said", [
    (["--group", "nope"], "no coordinator lines of group 'nope'"),
    (["--group", "billing", "--set", "max.poll=3"], "give KEY=VALUE"),
    (["--group", "billing", "--set", "session.timeout.ms=soon"], "takes a number of milliseconds"),
    (["--group", "billing", "--step"], "--step reads Enter from a terminal"),
    (["--group", "billing", "--set", "max.poll.interval.ms=1", "--until", "2024-01-01T00:01:00"],
     "drop --step / --until"),
    ([], "name what to replay: --group G or --partition TOPIC-N; the groups in these logs: billing"),
    (["--group", "billing", "--partition", "orders-0"], "one thing at a time"),
])
def test_what_cannot_be_replayed_is_a_sentence_and_exit_2(storm: Path, args: list[str], said: str) -> None:
    r = cli("replay", str(storm), *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert said in " ".join(r.stderr.split())


FLAPPING = REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl"


@pytest.fixture(scope="module")
def flapping(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return emitted(FLAPPING, tmp_path_factory.mktemp("flapping"))


def test_a_partition_is_re_run_beside_its_lines(flapping: Path) -> None:
    """The flapping follower (2.6): three shrinks and expansions, each with its `ISR updated`."""
    rows = steps(str(flapping), "--partition", "orders-0")
    isr = [r for r in rows if r["logged"]["kind"] in ("isr_shrink", "isr_expand", "isr_updated")]
    assert len(isr) == 12 and {r["verdict"] for r in isr} == {"ok"}
    assert [r["engine"]["isr"] for r in isr[:4]] == [[1, 2], [1, 2], [1, 2, 3], [1, 2, 3]]
    assert [r["logged"]["zk_version"] for r in isr if r["logged"]["kind"] == "isr_updated"] == [1, 2, 3, 4, 5, 6]


def test_a_partition_replay_stops_at_a_time_and_says_where_the_engine_is(flapping: Path) -> None:
    r = cli("replay", str(flapping), "--partition", "orders-0", "--until", "2024-01-01T00:00:40")
    assert r.returncode == 0, r.stderr
    text = " ".join(r.stdout.split())
    assert "At 2024-01-01 00:00:40.000 the engine's partition is: expand: ISR [1,2,3], version 2" in text


def test_a_partition_no_line_names_the_leader_of_shows_its_logged_history(storm: Path) -> None:
    r = cli("replay", str(storm), "--partition", "orders-0")
    assert r.returncode == 0, r.stderr
    assert "The engine cannot re-run orders-0 from these lines" in " ".join(r.stdout.split())


def test_a_real_group_replays_with_every_step_re_made(corpus: Path) -> None:
    """aryan-jadon's 3.1.0 cluster: kafka-python consumers of my-group2 joining and timing out."""
    rows = steps(str(corpus / "aryan-jadon-Distributed-Kafka-Clusters"), "--group", "my-group2")
    assert len(rows) > 50 and {r["verdict"] for r in rows} <= {"ok", "stimulus"}


def test_logs_of_no_single_release_need_a_profile(tmp_path: Path) -> None:
    """A 0.10.0 rebalance line and a 2.8+ Stabilized line in one file: no release wrote both."""
    gc = "kafka.coordinator.group.GroupCoordinator"
    (tmp_path / "server.log").write_text(
        f"[2024-01-01 00:00:00,000] INFO [GroupCoordinator 0]: Preparing to restabilize group g with old "
        f"generation 0 ({gc})\n"
        f"[2024-01-01 00:00:03,000] INFO [GroupCoordinator 0]: Stabilized group g generation 1 "
        f"(__consumer_offsets-9) with 1 members ({gc})\n")
    r = cli("replay", str(tmp_path), "--group", "g")
    assert r.returncode == 2 and "name it with --profile" in " ".join(r.stderr.split())
    assert steps(str(tmp_path), "--group", "g", "--profile", "2.8")
