"""Virtual time: the engine's clock and its deterministic timer queue.

Kafka's delayed operations (DelayedJoin, InitialDelayedJoin, DelayedSync, DelayedHeartbeat,
DelayedProduce, ...) and the brokers' periodic tasks are timers here.  Nothing reads the
wall clock: the runner moves the clock with :meth:`TimerQueue.advance_to`, and every timer
that becomes due fires by the rule of the queue's :class:`TimerMode`.

Ties are broken by arming order (a counter), never by hashing, so one trace always fires
its timers in one order.

Re-arming (:meth:`TimerQueue.rearm`) is what a DelayedHeartbeat does on every heartbeat.  In
the two heapq modes a live timer moved to a later deadline keeps its queue entry, which then
sits at or before the timer's real (deadline, seq) key; when that stale entry comes out it is
put back under the real key.  Every live timer has exactly one entry and no entry is later
than its timer's key, so timers fire in exactly the order that cancelling and arming anew
would give, without a dead entry per heartbeat.  Mock-strict keeps cancel-and-arm: Kafka's
``MockTimer`` order among equal deadlines depends on its heap's shape.
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
    #: the mode as flags, read per advance and per re-arm (cheaper than comparing enums):
    #: a heapq of tuples (every mode but mock-strict: only these re-arm in place), realtime
    _heapq: bool = field(init=False, default=False)
    _realtime: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self._heapq = self.mode is not TimerMode.MOCK_STRICT
        self._realtime = self.mode is TimerMode.REALTIME

    def arm(self, delay_ms: int, name: str, action: Callable[[], None]) -> Timer:
        """Run ``action`` ``delay_ms`` from now.  A delay of zero or less in the mock
        modes runs it at once, as Kafka's mock timers do."""
        self._seq += 1
        timer = Timer(self.now + max(delay_ms, 0), self._seq, name, action)
        if delay_ms <= 0 and not self._realtime:
            timer.live = False
            action()  # inside the caller's step: the caller drains afterwards
            return timer
        if self._heapq:
            heapq.heappush(self._heap, (timer.deadline, timer.seq, timer))
        else:
            _java_offer(self._heap, timer)
        return timer

    def rearm(self, timer: Timer | None, delay_ms: int, name: str, action: Callable[[], None]) -> Timer:
        """Cancel ``timer`` (if given) and arm ``action`` ``delay_ms`` from now: the same as
        :meth:`cancel` then :meth:`arm`, and cheaper for a live timer pushed later (see the
        module docstring), which is then the timer returned."""
        if timer is not None and timer.live:
            deadline = self.now + delay_ms
            if delay_ms > 0 and deadline >= timer.deadline and self._heapq:
                self._seq += 1
                timer.deadline = deadline
                timer.seq = self._seq
                timer.name = name
                timer.action = action
                return timer
            timer.live = False
        return self.arm(delay_ms, name, action)

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
        if self._realtime:
            heap = self._heap
            if heap and heap[0][0] <= at:
                self._advance_realtime(at)
            self.now = at
        else:
            self.now = at
            self._fire_mock(strict=self.mode is TimerMode.MOCK_STRICT)

    def _advance_realtime(self, at: int) -> None:
        heap = self._heap
        while heap and heap[0][0] <= at:
            timer = self._pop_due(heap)
            if timer is not None:
                self.now = max(self.now, timer.deadline)
                timer.live = False
                self._run(timer)

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
        heap = self._heap
        while heap and heap[0][0] <= self.now:
            timer = self._pop_due(heap)
            if timer is not None:
                timer.live = False
                self._run(timer)

    @staticmethod
    def _pop_due(heap: list[Any]) -> Timer | None:
        """The first entry's timer if it is due under that entry's key; None if the entry was
        dead (dropped) or stale (put back under its timer's re-armed key)."""
        _, seq, timer = heapq.heappop(heap)
        if not timer.live:
            return None
        if timer.seq != seq:
            heapq.heappush(heap, (timer.deadline, timer.seq, timer))
            return None
        return timer

    def _run(self, timer: Timer) -> None:
        timer.action()
        if self.on_fired is not None:
            self.on_fired()



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
