"""The common fetch and append (steady_fetch, steady_route): served without the general route
and mostly without the full invariant check, they must change nothing the world says.  Every
run here is made twice, the second time with the common route switched off (no fetch link,
no partition route: every step takes the general route and the full check), and the two
must give the same effects, findings included, in the same order."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication import steady_fetch
from kafka_forensics.engine.replication.stimuli import (
    Append,
    BrokerFail,
    BrokerStart,
    CreatePartition,
    Elect,
    Fetch,
    LeaderAndIsrRequest,
    ReplicationStimulus,
    RunTask,
    ZkSessionExpire,
)
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

PARTITIONS = (("t", 0), ("t", 1))


@contextmanager
def general_route_only() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(steady_fetch, "link", lambda *args, **kwargs: None)
        mp.setattr(ReplicationWorld, "_route", lambda self, tp: None)
        yield


Step = tuple[int, ReplicationStimulus | str]


def run(version: str, steps: list[Step], config: dict[str, object], creates: list[CreatePartition]) -> list[str]:
    p = profile(version)
    effects: list[Effect] = []
    w = ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), effects.append,
                         periodic_tasks="auto")
    for c in creates:
        w.handle(c)
    now = 0
    for gap, step in steps:
        now += gap
        w.advance_to(now)
        if isinstance(step, str):  # a fetch at the follower's own log end, as a healthy fetcher sends
            tp, broker = PARTITIONS[int(step[0])], int(step[1])
            replica = w.brokers[broker].replicas.get(tp)
            step = Fetch(tp, broker, replica.log.leo if replica is not None else 0)
        try:
            w.handle(step)
        except ValueError as e:  # a step the world refuses: the same in both runs
            effects.append(f"refused: {e}")  # type: ignore[arg-type]
    return [e if isinstance(e, str) else repr(e) for e in effects]


def both(version: str, steps: list[Step], config: dict[str, object] | None = None,
         creates: list[CreatePartition] | None = None) -> list[str]:
    creates = creates or [CreatePartition(tp, (1, 2, 3)) for tp in PARTITIONS]
    fast = run(version, steps, config or {}, creates)
    with general_route_only():
        general = run(version, steps, config or {}, creates)
    assert fast == general
    return fast


_TP = st.sampled_from([0, 1])
_BROKER = st.integers(1, 3)
_STEP = st.one_of(
    st.builds(lambda t, b: f"{t}{b}", _TP, _BROKER),  # the common fetch, most of the time
    st.builds(lambda t, b: f"{t}{b}", _TP, _BROKER),
    st.builds(lambda t, n, acks: Append(PARTITIONS[t], n, acks, "p"), _TP, st.integers(1, 3),
              st.sampled_from([0, 1, -1])),
    st.builds(lambda t, b, o, e: Fetch(PARTITIONS[t], b, o, current_leader_epoch=e), _TP, _BROKER,
              st.integers(0, 12), st.sampled_from([-1, -1, 0, 1])),
    st.builds(BrokerFail, _BROKER),
    st.builds(BrokerStart, _BROKER),
    st.builds(ZkSessionExpire, _BROKER),
    st.builds(lambda b: RunTask(b, "isr-expiration"), _BROKER),
    st.builds(lambda t, how: Elect(PARTITIONS[t], how), _TP, st.sampled_from(["preferred", "unclean"])),
)


def _round(t: int, acks: int) -> list[Step]:
    """An append, the followers' fetches that copy it and those that show the leader they have
    it (the brokers that are not followers fetch too: the world sorts that out)."""
    return [(0, Append(PARTITIONS[t], 1, acks, "p")), *((1, f"{t}{b}") for b in (1, 2, 3, 1, 2, 3))]


_ROUND = st.builds(_round, _TP, st.sampled_from([-1, -1, 1, 0]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.tuples(st.sampled_from([0, 0, 0, 1, 100, 3000, 20_000]), _STEP).map(lambda s: [s]),
                          _ROUND, _ROUND), max_size=25).map(lambda rounds: [s for r in rounds for s in r]),
       st.sampled_from(["0.10.1", "0.10.2", "0.11", "2.1", "2.6", "2.8", "3.5", "3.9"]),
       st.sampled_from([{}, {"min.insync.replicas": 2}, {"replica.lag.time.max.ms": 1000},
                        {"unclean.leader.election.enable": True}]))
def test_the_common_route_gives_what_the_general_route_gives(steps, version, config):
    both(version, steps, config)


def test_a_steady_round_moves_the_hw_and_answers_the_produce_as_the_general_route_does():
    steps: list[Step] = [(0, Append(PARTITIONS[0], 1, -1, "p"))]
    steps += [(1, f"0{b}") for b in (2, 3, 2, 3)]  # copy the record, then show the leader it is there
    effects = both("3.9", steps * 5)
    assert sum('ProduceResponse' in e and "error='NONE'" in e for e in effects) == 5


def test_a_standing_violation_keeps_every_step_on_the_full_check():
    # an ISR with a broker that is no replica: isr_outside_replicas stands until the next LeaderAndIsr
    steady: list[Step] = [(1, Append(PARTITIONS[0], 1, -1, "p")), (1, "02"), (1, "03"), (1, "02"), (1, "03")]
    steps: list[Step] = [(0, LeaderAndIsrRequest(PARTITIONS[0], 1, 1, (1, 2, 3, 4))), *steady * 3,
                         (1, LeaderAndIsrRequest(PARTITIONS[0], 1, 2, (1, 2, 3))), *steady * 2]
    for version in ("0.10.2", "3.9"):
        effects = both(version, steps)
        assert [e for e in effects if "Finding" in e and "isr_outside_replicas" in e] != []
        assert sum("ProduceResponse" in e for e in effects) == 5
