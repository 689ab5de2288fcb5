"""A ZooKeeper-mode broker's controlled shutdown with retries, restated from
KafkaServer.controlledShutdown (0.10.2.0, 1.1.0, 2.4.0, 2.8.0, 3.4.0) and
KafkaController.doControlledShutdown (2.8.0): ``controlled.shutdown.enable`` (true),
``controlled.shutdown.max.retries`` (3 attempts in all), ``controlled.shutdown.retry.backoff.ms``
(5000); up to 3.0 the broker sleeps a back-off after its last failed attempt too, from 3.1 it
proceeds to the unclean shutdown at once (apache/kafka#11246)."""

from __future__ import annotations

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import (
    BrokerChangeHandled,
    ControlledShutdownNoted,
    LeaderChanged,
    ShutdownStep,
)
from kafka_forensics.engine.replication.model import LeaderAndIsr
from kafka_forensics.engine.replication.stimuli import (
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Fetch,
)
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

TP = ("t", 0)
S = ShutdownStep


class Run:
    """Broker 0 is the controller; broker 1 leads ``TP`` (replicas [1, 2]) and is its only ISR member
    (broker 2 died), so no controlled-shutdown election can move the leadership."""

    def __init__(self, version: str = "2.8", *, controller: str = "auto", **config: object) -> None:
        p = profile(version)
        self.effects: list[Effect] = []
        self.notes: list[object] = []
        self.w = ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), self.effects.append,
                                  controller=controller, periodic_tasks="manual", note=self.notes.append)
        self.w.handle(BrokerStart(0))
        self.w.handle(CreatePartition(TP, (1, 2)))
        self.w.handle(BrokerFail(2))
        if controller == "scripted":
            return
        assert (self.state().leader, self.state().isr) == (1, (1,))

    def state(self) -> LeaderAndIsr:
        s = self.w.controller.read(TP)
        assert s is not None
        return s

    def at(self, ms: int) -> Run:
        self.w.advance_to(ms)
        return self

    def alive(self, broker: int = 1) -> bool:
        return self.w.brokers[broker].alive

    def steps(self, broker: int = 1) -> list[tuple[int, ShutdownStep]]:
        return [(n.at, n.step) for n in self.notes if isinstance(n, ControlledShutdownNoted) and n.broker == broker]

    def asked(self, broker: int = 1) -> list[int]:
        """When the controller handled a ControlledShutdown request from ``broker``."""
        return [n.at for n in self.notes if isinstance(n, BrokerChangeHandled)
                and n.cause == "controlled_shutdown" and n.broker == broker]


def test_three_attempts_five_seconds_apart_then_an_unclean_shutdown_one_back_off_later_up_to_3_0() -> None:
    r = Run("2.8")
    r.w.handle(BrokerShutdown(1))
    assert r.alive() and r.state().leader == 1  # up and leading between attempts
    r.at(14_999)
    assert r.alive() and r.asked() == [0, 5_000, 10_000]
    r.at(15_000)
    assert not r.alive()
    assert r.steps() == [(0, S.STARTING), (0, S.ANSWERED), (5_000, S.RETRYING), (5_000, S.ANSWERED),
                         (10_000, S.RETRYING), (10_000, S.ANSWERED), (15_000, S.RETRYING), (15_000, S.UNCLEAN)]
    assert (r.state().leader, r.state().isr) == (-1, (1,))  # offline: no live ISR member


def test_from_3_1_the_unclean_shutdown_follows_the_last_attempt_at_once() -> None:
    r = Run("3.4")
    r.w.handle(BrokerShutdown(1))
    r.at(9_999)
    assert r.alive()
    r.at(10_000)
    assert not r.alive() and r.asked() == [0, 5_000, 10_000]
    assert r.steps()[-2:] == [(10_000, S.ANSWERED), (10_000, S.UNCLEAN)]


def test_each_answer_names_the_partitions_the_broker_still_leads() -> None:
    r = Run("3.4")
    r.w.handle(BrokerShutdown(1))
    r.at(10_000)
    answers = [n for n in r.notes if isinstance(n, ControlledShutdownNoted) and n.step is S.ANSWERED]
    assert [(n.remaining, n.error) for n in answers] == [((TP,), "NONE")] * 3
    retries = [n.retries_left for n in r.notes if isinstance(n, ControlledShutdownNoted) and n.step is S.RETRYING]
    assert retries == [2, 1]  # 3.1+ "Retrying controlled shutdown (2 retries remaining)", then 1


def test_a_follower_that_rejoins_the_isr_lets_the_next_attempt_succeed() -> None:
    r = Run("2.8")
    r.w.handle(BrokerStart(2))
    r.w.handle(BrokerShutdown(1))
    r.at(1_000)
    r.w.handle(Fetch(TP, 2, 0))  # caught up: the leader's AlterIsr adds it
    assert r.state().isr == (1, 2)
    r.at(5_000)
    assert not r.alive() and r.asked() == [0, 5_000]
    assert (r.state().leader, r.state().isr) == (2, (2,))
    moved = [e for e in r.effects if isinstance(e, LeaderChanged) and e.broker == -1 and e.to_leader == 2]
    assert [(e.at, e.election) for e in moved] == [(5_000, "controlled_shutdown")]


def test_a_broker_with_nothing_to_move_stops_after_one_attempt() -> None:
    r = Run("2.8")
    r.w.handle(BrokerShutdown(0))  # the controller leads no replicated partition
    assert not r.alive(0) and r.asked(0) == [0]
    assert r.steps(0) == [(0, S.STARTING), (0, S.ANSWERED)]


def test_controlled_shutdown_disabled_stops_at_once_without_asking() -> None:
    r = Run("2.8", **{"controlled.shutdown.enable": False})
    r.w.handle(BrokerShutdown(1))
    assert not r.alive() and r.asked() == [] and r.steps() == []
    assert r.state().leader == -1  # the controller saw a broker failure: no controlled-shutdown election


def test_max_retries_counts_the_attempts_in_all() -> None:
    r = Run("3.4", **{"controlled.shutdown.max.retries": 1})
    r.w.handle(BrokerShutdown(1))
    assert not r.alive() and r.asked() == [0]
    r = Run("2.8", **{"controlled.shutdown.max.retries": 1})
    r.w.handle(BrokerShutdown(1))
    r.at(4_999)
    assert r.alive()
    r.at(5_000)
    assert not r.alive() and r.asked() == [0]


def test_no_retries_at_all_is_an_unclean_shutdown_without_a_request() -> None:
    r = Run("2.8", **{"controlled.shutdown.max.retries": 0})
    r.w.handle(BrokerShutdown(1))
    assert not r.alive() and r.asked() == [] and r.steps() == [(0, S.STARTING), (0, S.UNCLEAN)]


def test_the_back_off_is_retry_backoff_ms() -> None:
    r = Run("3.4", **{"controlled.shutdown.retry.backoff.ms": 100, "controlled.shutdown.max.retries": 5})
    r.w.handle(BrokerShutdown(1))
    r.at(1_000)
    assert not r.alive() and r.asked() == [0, 100, 200, 300, 400]


def test_a_crash_while_retrying_cancels_the_retries() -> None:
    r = Run("2.8")
    r.w.handle(BrokerShutdown(1))
    r.at(1_000)
    r.w.handle(BrokerFail(1))
    r.w.handle(BrokerStart(1))  # back before the back-off ends: its old shutdown does not resume
    r.at(30_000)
    assert r.alive() and r.asked() == [0]
    assert [step for _, step in r.steps()] == [S.STARTING, S.ANSWERED]


def test_a_second_shutdown_while_retrying_changes_nothing() -> None:
    # KafkaServer.shutdown: isShuttingDown is already set
    r = Run("2.8")
    r.w.handle(BrokerShutdown(1))
    r.at(2_000)
    r.w.handle(BrokerShutdown(1))
    r.at(16_000)
    assert not r.alive() and r.asked() == [0, 5_000, 10_000]


def test_a_scripted_controller_decides_nothing_and_the_broker_stops_at_once() -> None:
    r = Run("2.8", controller="scripted")
    r.w.handle(BrokerShutdown(1))
    assert not r.alive() and r.asked() == [] and r.steps() == []
