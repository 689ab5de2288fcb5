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
from typing import Any


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


@dataclass(eq=False, slots=True)
class Timer:
    """One armed timer.  Cancel it with :meth:`TimerQueue.cancel`; a cancelled or fired
    timer is inert."""

    deadline: int
    seq: int
    name: str
    action: Callable[[], None]
    live: bool = True



@dataclass
class TimerQueue:
    """The clock (``now``, virtual ms) and the pending timers."""

    mode: TimerMode = TimerMode.REALTIME
    now: int = 0
    #: mock-strict: Timers in java.util.PriorityQueue order; otherwise (deadline, seq,
    #: Timer) tuples for heapq, so the heap compares in C
    _heap: list[Any] = field(default_factory=list)
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
        if self.mode is TimerMode.MOCK_STRICT:
            _java_offer(self._heap, timer)
        else:
            heapq.heappush(self._heap, (timer.deadline, timer.seq, timer))
        return timer

    @staticmethod
    def cancel(timer: Timer | None) -> None:
        if timer is not None:
            timer.live = False

    def _timers(self) -> list[Timer]:
        return self._heap if self.mode is TimerMode.MOCK_STRICT else [e[2] for e in self._heap]

    def pending(self) -> list[Timer]:
        """The live timers, by deadline then arming order (for state views and tests)."""
        return sorted((t for t in self._timers() if t.live), key=lambda t: (t.deadline, t.seq))

    def next_deadline(self) -> int | None:
        live = [t.deadline for t in self._timers() if t.live]
        return min(live) if live else None

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
            if not self._heap or self._heap[0][0] > at:
                break
            timer = heapq.heappop(self._heap)[2]
            self.now = max(self.now, timer.deadline)
            timer.live = False
            self._run(timer)
        self.now = at

    def _fire_mock(self, *, strict: bool) -> None:
        # The clock has already jumped, so a timer armed while firing is due at
        # now + delay: never strictly before now (mock-strict waits for the next
        # advance), and after now for any positive delay (mock-inclusive).
        if strict:
            # Kafka's MockTimer: a java.util.PriorityQueue ordered by deadline alone,
            # cancelled entries left in it and skipped when polled, so timers with
            # equal deadlines fire in that heap's order, which Kafka's tests rely on.
            while self._heap and self._heap[0].deadline < self.now:
                timer = _java_poll(self._heap)
                if timer.live:
                    timer.live = False
                    self._run(timer)
            return
        while True:
            self._drop_dead()
            if not self._heap or self._heap[0][0] > self.now:
                break
            timer = heapq.heappop(self._heap)[2]
            timer.live = False
            self._run(timer)

    def _run(self, timer: Timer) -> None:
        timer.action()
        if self.on_fired is not None:
            self.on_fired()

    def _drop_dead(self) -> None:
        while self._heap and not self._heap[0][2].live:
            heapq.heappop(self._heap)


# java.util.PriorityQueue's binary heap (siftUp / siftDown), keyed by deadline only: the
# order in which Kafka's MockTimer pops timers whose deadlines are equal.


def _java_offer(heap: list[Timer], timer: Timer) -> None:
    heap.append(timer)
    k = len(heap) - 1
    while k > 0:
        parent = (k - 1) >> 1
        if timer.deadline >= heap[parent].deadline:
            break
        heap[k] = heap[parent]
        k = parent
    heap[k] = timer


def _java_poll(heap: list[Timer]) -> Timer:
    head = heap[0]
    last = heap.pop()
    n = len(heap)
    if n:
        k = 0
        half = n >> 1
        while k < half:
            child = 2 * k + 1
            right = child + 1
            if right < n and heap[child].deadline > heap[right].deadline:
                child = right
            if last.deadline <= heap[child].deadline:
                break
            heap[k] = heap[child]
            k = child
        heap[k] = last
    return head
