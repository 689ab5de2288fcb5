"""The timer modes of DESIGN.md ("Time"): realtime, Kafka's Scala MockTimer (mock-strict)
and Kafka's Java MockCoordinatorTimer (mock-inclusive)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.timers import TimerMode, TimerQueue


def _recorder(q: TimerQueue, log: list[tuple[str, int]], name: str):
    return lambda: log.append((name, q.now))


def test_realtime_fires_a_due_timer_at_its_own_deadline():
    q = TimerQueue(TimerMode.REALTIME)
    log: list[tuple[str, int]] = []
    q.arm(100, "a", _recorder(q, log, "a"))
    q.advance_to(250)
    assert log == [("a", 100)]
    assert q.now == 250


def test_realtime_fires_a_timer_exactly_at_its_deadline():
    q = TimerQueue(TimerMode.REALTIME)
    log: list[tuple[str, int]] = []
    q.arm(100, "a", _recorder(q, log, "a"))
    q.advance_to(100)
    assert log == [("a", 100)]


def test_realtime_fires_timers_armed_while_firing_when_due_in_the_same_advance():
    """A DelayedJoin completing and arming a DelayedHeartbeat: both within one advance."""
    q = TimerQueue(TimerMode.REALTIME)
    log: list[tuple[str, int]] = []
    q.arm(100, "join", lambda: (log.append(("join", q.now)), q.arm(50, "hb", _recorder(q, log, "hb"))))
    q.advance_to(1000)
    assert log == [("join", 100), ("hb", 150)]


def test_mock_strict_does_not_fire_a_timer_whose_deadline_equals_the_clock():
    """Scala MockTimer: only deadlines strictly before the advanced clock fire."""
    q = TimerQueue(TimerMode.MOCK_STRICT)
    log: list[tuple[str, int]] = []
    q.arm(100, "a", _recorder(q, log, "a"))
    q.advance_to(100)
    assert log == []
    q.advance_to(101)
    assert log == [("a", 101)]


def test_mock_strict_runs_actions_at_the_advanced_clock_not_the_deadline():
    q = TimerQueue(TimerMode.MOCK_STRICT)
    log: list[tuple[str, int]] = []
    q.arm(100, "a", _recorder(q, log, "a"))
    q.advance_to(500)
    assert log == [("a", 500)]


def test_mock_strict_timer_armed_during_an_advance_waits_for_the_next_advance():
    """The initial delay re-armed relative to the post-advance clock (reference E.1)."""
    q = TimerQueue(TimerMode.MOCK_STRICT)
    log: list[tuple[str, int]] = []
    q.arm(100, "first", lambda: (log.append(("first", q.now)), q.arm(1, "second", _recorder(q, log, "second"))))
    q.advance_to(1000)
    assert log == [("first", 1000)]
    q.advance_to(1002)
    assert log == [("first", 1000), ("second", 1002)]


def test_mock_modes_run_a_zero_delay_timer_at_once():
    for mode in (TimerMode.MOCK_STRICT, TimerMode.MOCK_INCLUSIVE):
        q = TimerQueue(mode)
        log: list[tuple[str, int]] = []
        q.arm(0, "now", _recorder(q, log, "now"))
        assert log == [("now", 0)]


def test_mock_inclusive_fires_a_timer_whose_deadline_equals_the_clock():
    """Java MockCoordinatorTimer: deadlines at or before the clock fire."""
    q = TimerQueue(TimerMode.MOCK_INCLUSIVE)
    log: list[tuple[str, int]] = []
    q.arm(100, "a", _recorder(q, log, "a"))
    q.advance_to(100)
    assert log == [("a", 100)]


def test_mock_inclusive_rearmed_timer_with_positive_delay_does_not_fire_again_in_the_same_advance():
    q = TimerQueue(TimerMode.MOCK_INCLUSIVE)
    log: list[tuple[str, int]] = []

    def beat() -> None:
        log.append(("beat", q.now))
        q.arm(10, "beat", beat)

    q.arm(10, "beat", beat)
    q.advance_to(100)
    assert log == [("beat", 100)]


def test_cancelled_timer_never_fires():
    q = TimerQueue()
    log: list[tuple[str, int]] = []
    t = q.arm(10, "a", _recorder(q, log, "a"))
    TimerQueue.cancel(t)
    q.advance_to(100)
    assert log == []
    assert q.next_deadline() is None


def test_time_never_goes_backwards():
    q = TimerQueue()
    q.advance_to(10)
    with pytest.raises(ValueError, match="backwards"):
        q.advance_to(5)


def test_mock_strict_breaks_deadline_ties_as_javas_priority_queue_polls_them():
    """Kafka's MockTimer keeps a java.util.PriorityQueue keyed by deadline alone: three
    tasks due together, added a, b, c, are polled a, c, b (GroupCoordinatorTest's
    staticMemberRejoinWithUnknownMemberIdAndChangeOfProtocolWithSelectedProtocolChanged
    depends on it)."""
    q = TimerQueue(TimerMode.MOCK_STRICT)
    log: list[str] = []
    for name in "abc":
        q.arm(10, name, lambda name=name: log.append(name))
    q.advance_to(11)
    assert log == ["a", "c", "b"]


def test_mock_strict_cancelled_tasks_stay_in_the_heap_and_shape_the_order():
    """MockTimer skips a cancelled entry only when it polls it."""
    q = TimerQueue(TimerMode.MOCK_STRICT)
    log: list[str] = []
    timers = {name: q.arm(10, name, lambda name=name: log.append(name)) for name in "abcd"}
    TimerQueue.cancel(timers["a"])
    q.advance_to(11)
    assert log == ["d", "c", "b"]


@given(st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 3)), max_size=30),
       st.sampled_from([TimerMode.REALTIME, TimerMode.MOCK_INCLUSIVE]))
def test_timers_with_equal_deadlines_fire_in_arming_order(delays, mode):
    """Ties are broken by arming order, never by hashing (determinism)."""
    q = TimerQueue(mode)
    log: list[int] = []
    for i, (delay, _) in enumerate(delays):
        q.arm(delay + 1, str(i), lambda i=i: log.append(i))
    q.advance_to(5000)
    expected = [i for i, _ in sorted(enumerate(delays), key=lambda p: (p[1][0], p[0]))]
    assert log == expected


@given(st.sampled_from([TimerMode.REALTIME, TimerMode.MOCK_INCLUSIVE, TimerMode.MOCK_STRICT]),
       st.lists(st.tuples(st.sampled_from(["rearm", "advance"]), st.integers(0, 3), st.integers(-5, 60)),
                max_size=40))
def test_rearm_fires_exactly_as_cancel_then_arm(mode: TimerMode, ops: list[tuple[str, int, int]]):
    """A DelayedHeartbeat re-armed on every heartbeat: re-arming in place (the heapq modes)
    must fire the same timers, at the same times, in the same order, as cancelling the old
    timer and arming a new one."""

    def play(in_place: bool) -> list[tuple[str, int]]:
        q = TimerQueue(mode)
        log: list[tuple[str, int]] = []
        timers: dict[int, object] = {}
        for op, slot, n in ops:
            if op == "advance":
                q.advance_to(q.now + max(n, 0))
                continue
            name = f"t{slot}"
            old = timers.get(slot)
            if in_place:
                timers[slot] = q.rearm(old, n, name, _recorder(q, log, name))  # type: ignore[arg-type]
            else:
                TimerQueue.cancel(old)  # type: ignore[arg-type]
                timers[slot] = q.arm(n, name, _recorder(q, log, name))
        q.advance_to(q.now + 1000)
        return log

    assert play(in_place=True) == play(in_place=False)
