"""The Java consumer's heartbeat timing: Kafka's ``consumer/internals/Heartbeat.java``, restated.

Three deadlines in virtual ms, each "expired" once the clock reaches it (Kafka's ``Timer.
isExpired``: ``now >= deadline``):

* the **heartbeat** deadline: the next heartbeat is due ``heartbeat.interval.ms`` after the
  last one was sent, or a retry backoff after one failed;
* the **session** deadline: ``session.timeout.ms`` after the last successful heartbeat (or
  coordinator discovery); when it passes the client marks the coordinator unknown;
* the **poll** deadline (KIP-62, 0.10.1+): ``max.poll.interval.ms`` after the last poll();
  when it passes the heartbeat thread makes the consumer leave the group.

The retry backoff after a failed heartbeat is ``retry.backoff.ms``; from 3.7 (KIP-580) it grows
exponentially per consecutive failure up to ``retry.backoff.max.ms``.  Kafka draws a random
jitter of +-20% around each step; the engine takes the middle (factor 1) so that one trace
always gives one timeline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Backoff:
    """Kafka's ``ExponentialBackoff`` (multiplier 2) without jitter; ``max_ms`` None: a fixed
    ``initial_ms`` (before KIP-580)."""

    initial_ms: int
    max_ms: int | None = None

    def delay(self, attempts: int) -> int:
        if self.max_ms is None:
            return self.initial_ms
        initial = min(self.max_ms, self.initial_ms)
        if self.max_ms <= initial:
            return initial
        exp_max = math.log(self.max_ms / max(initial, 1)) / math.log(2)
        term = initial * 2 ** min(attempts, exp_max)
        return min(int(term), self.max_ms)


class Heartbeat:
    """One consumer's heartbeat / session / poll timers (mutable, like Kafka's)."""

    __slots__ = ("attempts", "backoff", "heartbeat_deadline", "in_flight", "interval_ms", "last_sent",
                 "max_poll_interval_ms", "poll_deadline", "session_deadline", "session_timeout_ms")

    def __init__(self, now: int, session_timeout_ms: int, interval_ms: int, max_poll_interval_ms: int | None,
                 backoff: Backoff) -> None:
        if interval_ms >= session_timeout_ms:
            # the Java client refuses to start (IllegalArgumentException)
            raise ValueError(f"heartbeat.interval.ms ({interval_ms}) must be set lower than "
                             f"session.timeout.ms ({session_timeout_ms})")
        self.session_timeout_ms = session_timeout_ms
        self.interval_ms = interval_ms
        #: None before KIP-62: no poll timer at all
        self.max_poll_interval_ms = max_poll_interval_ms
        self.backoff = backoff
        self.heartbeat_deadline = now + interval_ms
        self.session_deadline = now + session_timeout_ms
        self.poll_deadline: int | None = None if max_poll_interval_ms is None else now + max_poll_interval_ms
        self.last_sent: int | None = None
        self.in_flight = False
        self.attempts = 0

    # -- Kafka's methods -------------------------------------------------------------------

    def poll(self, now: int) -> None:
        """The application called poll(): the poll timer starts over."""
        if self.max_poll_interval_ms is not None:
            self.poll_deadline = now + self.max_poll_interval_ms

    def sent_heartbeat(self, now: int) -> None:
        self.last_sent = now
        self.in_flight = True
        self.heartbeat_deadline = now + self.interval_ms

    def fail_heartbeat(self, now: int) -> None:
        self.in_flight = False
        self.heartbeat_deadline = now + self.backoff.delay(self.attempts)
        self.attempts += 1

    def receive_heartbeat(self, now: int) -> None:
        self.in_flight = False
        self.attempts = 0
        self.session_deadline = now + self.session_timeout_ms

    def should_heartbeat(self, now: int) -> bool:
        return now >= self.heartbeat_deadline

    def session_timeout_expired(self, now: int) -> bool:
        return now >= self.session_deadline

    def poll_timeout_expired(self, now: int) -> bool:
        return self.poll_deadline is not None and now >= self.poll_deadline

    def reset_timeouts(self, now: int) -> None:
        """``resetTimeouts``: the heartbeat thread was (re-)enabled."""
        self.session_deadline = now + self.session_timeout_ms
        self.poll(now)
        self.heartbeat_deadline = now + self.interval_ms

    def reset_session_timeout(self, now: int) -> None:
        """``resetSessionTimeout``: the coordinator was (re)discovered."""
        self.session_deadline = now + self.session_timeout_ms

    # -- for the simulation's single timer ----------------------------------------------------

    def next_deadline(self, *, with_poll: bool) -> int:
        """The earliest deadline the heartbeat thread must wake up for."""
        due = min(self.heartbeat_deadline, self.session_deadline)
        if with_poll and self.poll_deadline is not None:
            due = min(due, self.poll_deadline)
        return due
