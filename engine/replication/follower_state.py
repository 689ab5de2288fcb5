"""The leader's view of one follower (``Replica`` on the leader; reference rules R1, R2, R6).

What the leader knows of a follower it learns from its fetches: the fetch offset is the
follower's LEO.  ``last_caught_up_ms`` decides ISR membership (``replica.lag.time.max.ms``)
and, from 0.10.2, whether a follower outside the ISR holds the HW back.

* Before 0.10.2 a fetch whose read reached the leader's log end set ``last_caught_up_ms``
  to now.  With no fetch-size limit in this model every read reaches it, so a follower that
  keeps fetching stays in sync however far behind it is — KAFKA-4485's complaint.
* From 0.10.2 (KAFKA-4485): a fetch at or past the leader's LEO (taken before the read)
  counts now; one at or past the LEO the previous fetch saw counts that previous fetch's
  time (the follower was caught up then); never moves backwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..profiles import Profile, Switch

UNKNOWN = -1
#: "never caught up" (Kafka's 0 = 1970, long before any broker clock; virtual time starts at 0)
NEVER: int | None = None


@dataclass(slots=True)
class FollowerState:
    """Mutable: one per follower, on the leader."""

    leo: int = UNKNOWN
    log_start: int = UNKNOWN
    last_fetch_leader_leo: int = UNKNOWN
    last_fetch_ms: int | None = NEVER
    last_caught_up_ms: int | None = NEVER
    broker_epoch: int = UNKNOWN

    def on_fetch(self, offset: int, log_start: int, leader_leo: int, now: int, profile: Profile) -> None:
        """A fetch at ``offset`` at ``now``, ``leader_leo`` being the leader's LEO before the read."""
        if not profile.has(Switch.CAUGHT_UP_BY_PREVIOUS_FETCH):
            self.last_caught_up_ms = now  # the read reached the log end (no fetch-size limit here)
        elif offset >= leader_leo:
            self.last_caught_up_ms = _latest(self.last_caught_up_ms, now)
        elif offset >= self.last_fetch_leader_leo:
            self.last_caught_up_ms = _latest(self.last_caught_up_ms, self.last_fetch_ms)
        self.leo = offset
        self.log_start = log_start
        self.last_fetch_leader_leo = max(leader_leo, self.last_fetch_leader_leo)
        self.last_fetch_ms = now

    def caught_up(self, leader_leo: int, now: int, lag_ms: int) -> bool:
        """In sync: at the leader's LEO, or caught up within ``replica.lag.time.max.ms``."""
        return self.leo == leader_leo or self.caught_up_within(now, lag_ms)

    def caught_up_within(self, now: int, lag_ms: int) -> bool:
        return self.last_caught_up_ms is not None and now - self.last_caught_up_ms <= lag_ms

    def reset(self, now: int, in_isr: bool, was_leader: bool, leader_leo: int) -> None:
        """On a new leader epoch (R6): a broker that was not leader knows nothing of its
        followers yet; one that stays leader keeps their LEOs.  A follower in the new ISR
        counts as caught up now."""
        if was_leader:
            self.last_fetch_leader_leo = leader_leo
            self.last_fetch_ms = now if in_isr else NEVER
        else:
            self.leo = self.log_start = self.last_fetch_leader_leo = UNKNOWN
            self.last_fetch_ms = NEVER
        self.last_caught_up_ms = now if in_isr else NEVER


def _latest(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else max(a, b)
