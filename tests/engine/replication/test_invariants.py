"""The replication invariants (TLA+ WeakIsr / StrongIsr / LeaderInIsr / ValidHighWatermark and
the derived checks) as findings over a partition's replicas."""

from __future__ import annotations

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.invariants import check
from kafka_forensics.engine.replication.ledger import AckLedger
from kafka_forensics.engine.replication.log import ReplicaLog
from kafka_forensics.engine.replication.model import IsrProposal, IsrResult, LeaderAndIsr
from kafka_forensics.engine.replication.partition import Partition
from kafka_forensics.engine.timers import TimerMode, TimerQueue

TP = ("t", 0)


class NoChannel:
    def propose(self, p: IsrProposal) -> IsrResult | None:
        return None


def replicas(logs: dict[int, list[tuple[int, int]]], state: LeaderAndIsr, hw: int) -> dict[int, Partition]:
    p = profile("3.9")
    timers = TimerQueue(TimerMode.REALTIME)
    out: dict[int, Partition] = {}
    for broker, runs in logs.items():
        part = Partition(TP, broker, p, Config(p, {}), timers, lambda e: None, AckLedger(), NoChannel(),
                         ReplicaLog.of(runs))
        if broker == state.leader:
            part.make_leader(state, 0)
            part.log.update_hw(hw)
        else:
            part.make_follower(state, 0)
        out[broker] = part
    return out


def names(violations: list[tuple[str, str]]) -> list[str]:
    return sorted({n for n, _ in violations})


def test_replicas_that_agree_below_the_hw_break_nothing() -> None:
    state = LeaderAndIsr(1, 2, (1, 2), (1, 2), 0, 1)
    assert check(state, replicas({1: [(0, 5), (2, 3)], 2: [(0, 5), (2, 1)]}, state, 6)) == []


def test_an_isr_member_with_another_epochs_record_below_the_hw_breaks_strong_isr() -> None:
    # D.4's counterexample shape: an unclean leader's ISR holds a record of another epoch at an
    # offset below the HW
    state = LeaderAndIsr(1, 2, (1, 2), (1, 2), 0, 1)
    got = check(state, replicas({1: [(0, 3), (2, 3)], 2: [(0, 3), (1, 3)]}, state, 5))
    assert names(got) == ["strong_isr", "weak_isr"]
    assert any("ISR member 2" in m for _, m in got)


def test_a_leader_outside_its_isr_is_named() -> None:
    state = LeaderAndIsr(1, 2, (2,), (1, 2), 0, 1)
    assert "leader_not_in_isr" in names(check(state, replicas({1: [], 2: []}, state, 0)))


def test_no_leader_is_not_a_violation() -> None:
    state = LeaderAndIsr(-1, 2, (2,), (1, 2), 0, 1)
    assert check(state, replicas({1: [], 2: []}, state, 0)) == []


def test_an_isr_member_that_is_not_assigned_is_named() -> None:
    state = LeaderAndIsr(1, 0, (1, 3), (1, 2), 0, 1)
    assert "isr_outside_replicas" in names(check(state, replicas({1: [], 2: []}, state, 0)))


def test_a_hw_above_an_isr_members_log_end_is_invalid() -> None:
    state = LeaderAndIsr(1, 0, (1, 2), (1, 2), 0, 1)
    got = check(state, replicas({1: [(0, 6)], 2: [(0, 4)]}, state, 6))
    assert "invalid_high_watermark" in names(got)
