"""A broker's periodic tasks as timers counted from its start (ReplicaManager.startup):
isr-expiration every replica.lag.time.max.ms / 2 (KAFKA-4485, 0.10.2; the full lag before),
isr-change-propagation every 2500 ms until AlterIsr (2.7) replaced it, and
``periodic_tasks: manual`` running them only on ``run_task``."""

from __future__ import annotations

import pytest

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import IsrChangeNotification, ZkWrite
from kafka_forensics.engine.replication.stimuli import BrokerFail, BrokerStart, CreatePartition, RunTask
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

TP = ("t", 0)


def world(version: str, periodic: str = "auto", **config: object) -> tuple[ReplicationWorld, list[Effect]]:
    p = profile(version)
    effects: list[Effect] = []
    return ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), effects.append,
                            periodic_tasks=periodic), effects


def deadlines(w: ReplicationWorld, name: str) -> list[int]:
    return [t.deadline for t in w.timers.pending() if t.name == name]


@pytest.mark.parametrize(("version", "period"), [("0.10.1", 10_000), ("0.10.2", 5_000), ("2.4", 5_000),
                                                 ("2.5", 15_000), ("3.9", 15_000)])
def test_isr_expiration_runs_every_half_the_lag_from_0_10_2(version: str, period: int) -> None:
    # ReplicaManager.startup: period = replicaLagTimeMaxMs / 2 (0.10.2, KAFKA-4485); the lag
    # default went from 10 s to 30 s in 2.5 (KIP-537)
    w, _ = world(version)
    w.handle(BrokerStart(1))
    assert deadlines(w, "isr-expiration") == [period]


@pytest.mark.parametrize(("version", "armed"), [("2.6", [2_500]), ("2.7", [])])
def test_isr_change_propagation_exists_until_alter_isr(version: str, armed: list[int]) -> None:
    w, _ = world(version)
    w.handle(BrokerStart(1))
    assert deadlines(w, "isr-change-propagation") == armed


def test_tasks_count_from_the_brokers_start() -> None:
    w, _ = world("2.6")
    w.advance_to(1_234)
    w.handle(BrokerStart(1))
    assert deadlines(w, "isr-expiration") == [16_234]
    assert deadlines(w, "isr-change-propagation") == [3_734]
    w.advance_to(20_000)
    assert deadlines(w, "isr-expiration") == [31_234]


def test_a_broker_first_named_by_a_partition_counts_from_zero() -> None:
    w, _ = world("2.6")
    w.advance_to(7_000)
    w.handle(CreatePartition(TP, (1, 2)))
    assert deadlines(w, "isr-change-propagation") == [7_500, 7_500]


def test_a_failed_broker_runs_nothing_and_a_restart_counts_anew() -> None:
    w, _ = world("2.6")
    w.handle(BrokerStart(0))
    w.handle(BrokerStart(1))
    w.advance_to(4_000)
    w.handle(BrokerFail(1))
    assert len(deadlines(w, "isr-expiration")) == 1  # broker 0's only
    w.advance_to(6_000)
    w.handle(BrokerStart(1))
    assert sorted(deadlines(w, "isr-expiration")) == [15_000, 21_000]


def test_manual_tasks_arm_no_timers() -> None:
    w, _ = world("2.6", periodic="manual")
    w.handle(CreatePartition(TP, (1, 2)))
    assert w.timers.pending() == []


def test_isr_expiration_shrinks_a_follower_that_stopped_fetching() -> None:
    # IsrExpirationTest.testIsrExpirationForStuckFollowers, at the task's own period: the follower
    # never fetched, so it leaves at the first run more than replica.lag.time.max.ms in
    w, effects = world("2.6")
    w.handle(CreatePartition(TP, (1, 2)))
    w.advance_to(30_000)
    assert w.controller.read(TP).isr == (1, 2)  # type: ignore[union-attr]  # 30000 - 0 is not > lag
    w.advance_to(45_000)
    state = w.controller.read(TP)
    assert state is not None and state.isr == (1,)
    shrink = [e for e in effects if isinstance(e, ZkWrite) and e.op == "set" and e.path.endswith("/state")]
    assert [e.at for e in shrink] == [45_000]


def test_isr_change_propagation_waits_out_the_blackout_on_its_own_schedule() -> None:
    # ReplicaManager.maybePropagateIsrChanges: the shrink at 45000 is written at the first run
    # more than 5000 ms later: 50000 is not (45000 + 5000 < 50000 is false), 52500 is
    w, effects = world("2.6")
    w.handle(CreatePartition(TP, (1, 2)))
    w.advance_to(60_000)
    notes = [(e.at, e.path, e.partitions) for e in effects if isinstance(e, IsrChangeNotification)]
    assert notes == [(52_500, "/isr_change_notification/isr_change_0000000000", ("t-0",))]
    assert w.controller.cache[TP].isr == (1,)  # the controller read it, and deleted it
    assert w.zk.children("/isr_change_notification") == []


def test_run_task_runs_a_task_now_in_manual_mode() -> None:
    w, effects = world("2.6", periodic="manual")
    w.handle(CreatePartition(TP, (1, 2)))
    w.advance_to(31_000)
    w.handle(RunTask(1, "isr-expiration"))
    assert w.controller.read(TP).isr == (1,)  # type: ignore[union-attr]
    w.advance_to(33_000)
    w.handle(RunTask(1, "isr-change-propagation"))
    assert not [e for e in effects if isinstance(e, IsrChangeNotification)]  # inside the blackout
    w.advance_to(36_001)
    w.handle(RunTask(1, "isr-change-propagation"))
    assert [e.at for e in effects if isinstance(e, IsrChangeNotification)] == [36_001]


def test_an_unknown_task_is_refused_with_a_sentence() -> None:
    w, _ = world("2.6", periodic="manual")
    w.handle(CreatePartition(TP, (1, 2)))
    with pytest.raises(ValueError, match="unknown periodic task 'log-flusher'"):
        w.handle(RunTask(1, "log-flusher"))
