"""isr-change-propagation's batching (ReplicaManager.maybePropagateIsrChanges, 2.6): the 5 s
blackout after the last change and the 60 s ceiling, both strict."""

from __future__ import annotations

from kafka_forensics.engine.replication.isr_propagation import IsrChangePropagation

A, B = ("t", 0), ("t", 1)


def test_nothing_changed_nothing_written() -> None:
    assert IsrChangePropagation(0).due(100_000) == []


def test_a_change_waits_out_the_five_second_blackout() -> None:
    task = IsrChangePropagation(0)
    task.record(A, 10_000)
    assert task.due(12_500) == [] and task.due(15_000) == []  # 10000 + 5000 < 15000 is false
    assert task.due(17_500) == [A]
    assert task.due(20_000) == []


def test_a_burst_of_changes_becomes_one_notification() -> None:
    task = IsrChangePropagation(0)
    task.record(A, 1_000)
    task.record(B, 3_000)
    task.record(A, 4_000)
    assert task.due(7_500) == []
    assert task.due(10_000) == [A, B]


def test_a_flapping_isr_still_propagates_after_sixty_seconds() -> None:
    # a change every 2 s never leaves the blackout; the ceiling counts from the broker's start
    task = IsrChangePropagation(0)
    written = []
    for now in range(2_500, 70_001, 2_500):
        task.record(A, now - 500)
        written += [(now, tp) for tp in task.due(now)]
    assert written == [(62_500, A)]
