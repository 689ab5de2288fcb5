"""Virtual time: the engine's clock and its deterministic timer queue.

Kafka's delayed operations (DelayedJoin, InitialDelayedJoin, DelayedSync, DelayedHeartbeat,
DelayedProduce, ...) and the brokers' periodic tasks are timers here.  Nothing reads the
wall clock: the runner moves the clock with :meth:`TimerQueue.advance_to`, and every timer
that becomes due fires by the rule of the queue's :class:`TimerMode`.

Ties are broken by arming order (a counter), never by hashing, so one trace always fires
its timers in one order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum


class TimerMode(Enum):
    """How an advance of the clock fires timers (DESIGN.md, "Time")."""

    #: Every timer due at or before the new time fires, in deadline order, at its own
    #: deadline (the clock reads the deadline while it runs), including timers armed
    #: while firing that are due by then.
    REALTIME = "realtime"
    #: Kafka's Scala ``MockTimer`` (GroupCoordinatorTest): the clock jumps first; only
    #: deadlines strictly before it fire; a timer armed during the advance waits for the
    #: next advance.
    MOCK_STRICT = "mock-strict"
    #: Kafka's Java ``MockCoordinatorTimer`` (GroupMetadataManagerTest): the clock jumps
    #: first; deadlines at or before it fire, in deadline order; a timer re-armed with a
    #: positive delay lands after the clock and so waits.
    MOCK_INCLUSIVE = "mock-inclusive"


@dataclass(eq=False)
class Timer:
    """One armed timer.  Cancel it with :meth:`TimerQueue.cancel`; a cancelled or fired
    timer is inert."""

    deadline: int
    seq: int
    name: str
    action: Callable[[], None]
    live: bool = True

    def __lt__(self, other: Timer) -> bool:
        return (self.deadline, self.seq) < (other.deadline, other.seq)


@dataclass
class TimerQueue:
    """The clock (``now``, virtual ms) and the pending timers."""

    mode: TimerMode = TimerMode.REALTIME
    now: int = 0
    _heap: list[Timer] = field(default_factory=list)
    _seq: int = 0
    #: called after every fired action (the cluster drains its message queue there, so
    #: what a timer set off is handled at the timer's time, and never re-entrantly).
    on_fired: Callable[[], None] | None = None

    def arm(self, delay_ms: int, name: str, action: Callable[[], None]) -> Timer:
        """Run ``action`` ``delay_ms`` from now.  A delay of zero or less in the mock
        modes runs it at once, as Kafka's mock timers do."""
        self._seq += 1
        timer = Timer(self.now + max(delay_ms, 0), self._seq, name, action)
        if delay_ms <= 0 and self.mode is not TimerMode.REALTIME:
            timer.live = False
            action()  # inside the caller's step: the caller drains afterwards
            return timer
        heapq.heappush(self._heap, timer)
        return timer

    @staticmethod
    def cancel(timer: Timer | None) -> None:
        if timer is not None:
            timer.live = False

    def pending(self) -> list[Timer]:
        """The live timers, in firing order (for state views and tests)."""
        return sorted(t for t in self._heap if t.live)

    def next_deadline(self) -> int | None:
        self._drop_dead()
        return self._heap[0].deadline if self._heap else None

    def advance_to(self, at: int) -> None:
        """Move the clock to ``at`` (never backwards), firing what becomes due."""
        if at < self.now:
            raise ValueError(f"time went backwards: {at} < {self.now}")
        if self.mode is TimerMode.REALTIME:
            self._advance_realtime(at)
        else:
            self.now = at
            self._fire_mock(strict=self.mode is TimerMode.MOCK_STRICT)

    def _advance_realtime(self, at: int) -> None:
        while True:
            self._drop_dead()
            if not self._heap or self._heap[0].deadline > at:
                break
            timer = heapq.heappop(self._heap)
            self.now = max(self.now, timer.deadline)
            timer.live = False
            self._run(timer)
        self.now = at

    def _fire_mock(self, *, strict: bool) -> None:
        # The clock has already jumped, so a timer armed while firing is due at
        # now + delay: never strictly before now (mock-strict waits for the next
        # advance), and after now for any positive delay (mock-inclusive).
        while True:
            self._drop_dead()
            if not self._heap:
                break
            head = self._heap[0]
            due = head.deadline < self.now if strict else head.deadline <= self.now
            if not due:
                break
            timer = heapq.heappop(self._heap)
            timer.live = False
            self._run(timer)

    def _run(self, timer: Timer) -> None:
        timer.action()
        if self.on_fired is not None:
            self.on_fired()

    def _drop_dead(self) -> None:
        while self._heap and not self._heap[0].live:
            heapq.heappop(self._heap)
