"""The leader's view of one follower (``Replica`` on the leader; reference rules R1, R2, R6).

What the leader knows of a follower it learns from its fetches: the fetch offset is the
follower's LEO.  ``last_caught_up_ms`` decides ISR membership (``replica.lag.time.max.ms``)
and, from 0.10.2, whether a follower outside the ISR holds the HW back.

* Before 0.10.2 only a fetch whose offset was at the leader's LEO when the read began
  (``readToEndOfLog``) sets ``last_caught_up_ms`` to now — a follower chasing a busy log never
  is, KAFKA-4485's complaint.  The value starts at the time the broker first learnt of the
  replica (``new Replica``: ``new AtomicLong(time.milliseconds)``) and no leader change resets
  it (0.10.0 / 0.10.1 ``Partition.makeLeader``).
* From 0.10.2 (KAFKA-4485): a fetch at or past the leader's LEO (taken before the read)
  counts now; one at or past the LEO the previous fetch saw counts that previous fetch's
  time (the follower was caught up then); never moves backwards.  A new leader epoch resets
  it (:meth:`FollowerState.reset`).
* In sync: caught up within the lag; from 2.1 (KAFKA-7152) also any follower whose LEO
  equals the leader's, however long ago it last caught up.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..profiles import Profile, Switch
from .switches import switches

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
        self.fetched(offset, log_start, leader_leo, now, switches(profile).CAUGHT_UP_BY_PREVIOUS_FETCH)

    def fetched(self, offset: int, log_start: int, leader_leo: int, now: int,
                by_previous_fetch: bool) -> None:
        """:meth:`on_fetch`, the profile's ``CAUGHT_UP_BY_PREVIOUS_FETCH`` switch given."""
        if not by_previous_fetch:
            if offset >= leader_leo:  # 0.10.0 / 0.10.1 readToEndOfLog: the fetch began at the log end
                self.last_caught_up_ms = now
        elif offset >= leader_leo:  # the later of last caught up and now
            caught = self.last_caught_up_ms
            if caught is None or now > caught:
                self.last_caught_up_ms = now
        elif offset >= self.last_fetch_leader_leo:  # the later of last caught up and last fetch
            caught, fetched = self.last_caught_up_ms, self.last_fetch_ms
            if caught is None or (fetched is not None and fetched > caught):
                self.last_caught_up_ms = fetched
        self.leo = offset
        self.log_start = log_start
        if leader_leo > self.last_fetch_leader_leo:
            self.last_fetch_leader_leo = leader_leo
        self.last_fetch_ms = now

    def caught_up(self, leader_leo: int, now: int, lag_ms: int, profile: Profile) -> bool:
        """In sync: caught up within ``replica.lag.time.max.ms``, or (from 2.1, KAFKA-7152) at
        the leader's LEO."""
        if profile.has(Switch.FOLLOWER_AT_LOG_END_IN_SYNC) and self.leo == leader_leo:
            return True
        return self.caught_up_within(now, lag_ms)

    def caught_up_within(self, now: int, lag_ms: int) -> bool:
        return self.last_caught_up_ms is not None and now - self.last_caught_up_ms <= lag_ms

    def reset(self, now: int, in_isr: bool, was_leader: bool, leader_leo: int, profile: Profile) -> None:
        """On a new leader epoch (R6; ``Partition.makeLeader``).  A broker that was not leader
        knows nothing of its followers' logs yet; one that stays leader keeps their LEOs.
        From 0.10.2 a follower in the new ISR counts as caught up now, any other as never; a
        staying leader's last fetch time is now — from 3.3 (apache/kafka#12081) only for a
        follower in the ISR.  Before 0.10.2 the caught-up time is left as it was."""
        if not profile.has(Switch.CAUGHT_UP_BY_PREVIOUS_FETCH):
            if not was_leader:  # updateLogReadResult(UnknownLogReadResult): LEO unknown, time kept
                self.leo = self.log_start = UNKNOWN
            return
        if was_leader:
            self.last_fetch_leader_leo = leader_leo
            in_sync_only = profile.has(Switch.FOLLOWER_RESET_FETCH_TIME_IN_SYNC_ONLY)
            self.last_fetch_ms = now if in_isr or not in_sync_only else NEVER
        else:
            self.leo = self.log_start = self.last_fetch_leader_leo = UNKNOWN
            self.last_fetch_ms = NEVER
        self.last_caught_up_ms = now if in_isr else NEVER
