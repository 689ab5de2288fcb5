"""``timeline``: a group's and a partition's history across brokers, in words, in time order."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.timeline import timeline

from ..test_cli import cli

GC = "kafka.coordinator.group.GroupCoordinator"


def write(tmp_path: Path, files: dict[str, str]) -> str:
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return str(tmp_path)


def test_a_rebalance_reads_as_the_group_s_states_in_order(tmp_path: Path) -> None:
    """GroupCoordinator 2.3: a member joins, the group forms generation 1 and becomes Stable."""
    text = (
        f"[2024-03-01 10:00:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group billing in state "
        f"PreparingRebalance with old generation 0 (__consumer_offsets-12) (reason: Adding new member c-1 with "
        f"group instanceid None) ({GC})\n"
        f"[2024-03-01 10:00:03,000] INFO [GroupCoordinator 1]: Stabilized group billing generation 1 "
        f"(__consumer_offsets-12) ({GC})\n"
        f"[2024-03-01 10:00:03,010] INFO [GroupCoordinator 1]: Assignment received from leader for group billing "
        f"for generation 1 ({GC})\n")
    entries = timeline(view.load([write(tmp_path, {"server.log": text})]), group="billing")
    assert [e.text for e in entries] == [
        "PreparingRebalance from generation 0: Adding new member c-1 with group instanceid None",
        "generation 1 formed, waiting for the leader's assignment",
        "Stable: the leader sent the assignment of generation 1",
    ]
    assert {e.entity for e in entries} == {"group billing"} and [e.where.line for e in entries] == [1, 2, 3]


def test_a_partition_s_history_joins_the_leader_s_and_the_controller_s_files(tmp_path: Path) -> None:
    files = {
        "controller.log": ("[2024-03-01 10:00:01,000] WARN [OfflinePartitionLeaderSelector]: No broker in ISR is "
                           "alive for [orders,0]. Elect leader 3 from live brokers 3. There's potential data "
                           "loss. (kafka.controller.OfflinePartitionLeaderSelector)\n"),
        "server.log": ("[2024-03-01 10:00:00,000] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2 to 1 "
                       "(kafka.cluster.Partition)\n"),
    }
    entries = timeline(view.load([write(tmp_path, files)]), partition="orders-0")
    assert [e.text for e in entries] == ["ISR shrank [1,2] -> [1]",
                                         "UNCLEAN election: leader 3 from outside the ISR"]
    assert [e.where.source.rsplit("/", 1)[-1] for e in entries] == ["server.log", "controller.log"]


def test_a_partition_that_is_not_topic_dash_number_is_refused(tmp_path: Path) -> None:
    text = "[2024-03-01 10:00:00,000] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2 to 1 (x.y)\n"
    with pytest.raises(ValueError, match="topic-partition"):
        timeline(view.load([write(tmp_path, {"server.log": text})]), partition="orders")


def test_cli_timeline_of_a_real_group_and_partition(corpus: Path) -> None:
    r = cli("timeline", str(corpus / "BitterDone-k2.3.1"), "--group", "test-consumer-group", "-f", "jsonl")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) > 60 and all('"entity": "group test-consumer-group"' in x for x in lines)
    part = cli("timeline", str(corpus / "andreinedelciu-kafka-brokers-public"), "-p", "dns_kafka_topic-1")
    assert part.returncode == 0 and "UNCLEAN election: leader 1 from outside the ISR" in part.stdout
