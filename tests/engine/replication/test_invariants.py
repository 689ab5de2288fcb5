"""The replication invariants (TLA+ WeakIsr / StrongIsr / LeaderInIsr / ValidHighWatermark and
the derived checks) as findings over a partition's replicas."""

from __future__ import annotations

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.invariants import InvariantMonitor, check
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


# -- the checks that need the past (InvariantMonitor) -------------------------------------------


def test_a_successful_set_must_move_a_znode_one_version_up() -> None:
    # "zkVersion +1 per successful write": ZooKeeper's setData bumps the data version by one
    monitor = InvariantMonitor()
    path = "/brokers/topics/t/partitions/0/state"
    assert monitor.write(path, "create", True, 0) == []
    assert monitor.write(path, "set", True, 1) == []
    assert monitor.write(path, "set", False, None) == []  # a refused write changes nothing
    assert [n for n, _ in monitor.write(path, "set", True, 3)] == ["zk_version_not_incremented"]


def test_a_seeded_version_is_where_counting_resumes() -> None:
    monitor = InvariantMonitor()
    path = "/brokers/topics/t/partitions/0/state"
    monitor.seeded(path, 7)
    assert monitor.write(path, "set", True, 8) == []
    monitor.write(path, "delete", True, None)
    assert monitor.write(path, "create", True, 0) == []


def leader_with_hw(epoch: int, hw: int) -> dict[int, Partition]:
    state = LeaderAndIsr(1, epoch, (1,), (1,), 0, 1)
    return replicas({1: [(0, 10)]}, state, hw)


def test_a_leaders_hw_going_down_within_its_epoch_is_named() -> None:
    monitor = InvariantMonitor()
    state = LeaderAndIsr(1, 0, (1,), (1,), 0, 1)
    parts = leader_with_hw(0, 6)
    assert monitor.step(state, parts) == []
    parts[1].log.hw = 4
    assert [n for n, _ in monitor.step(state, parts)] == ["hw_decreased"]


def test_a_new_leader_epoch_may_start_from_a_lower_hw() -> None:
    monitor = InvariantMonitor()
    monitor.step(LeaderAndIsr(1, 0, (1,), (1,), 0, 1), leader_with_hw(0, 6))
    assert monitor.step(LeaderAndIsr(1, 1, (1,), (1,), 1, 1), leader_with_hw(1, 4)) == []


def test_the_controllers_leader_epoch_going_back_is_named() -> None:
    monitor = InvariantMonitor()
    monitor.step(LeaderAndIsr(1, 3, (1,), (1,), 0, 1), leader_with_hw(3, 0))
    got = monitor.step(LeaderAndIsr(1, 2, (1,), (1,), 1, 1), leader_with_hw(3, 0))
    assert [n for n, _ in got] == ["leader_epoch_decreased"]
