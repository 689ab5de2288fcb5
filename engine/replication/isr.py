"""The leader's ISR decisions (reference rules R2–R4; ``Partition.getOutOfSyncReplicas`` /
``maybeShrinkIsr`` / ``maybeExpandIsr``), as pure functions of the leader's view.

* Shrink (the ``isr-expiration`` task, every ``replica.lag.time.max.ms / 2`` from 0.10.2,
  every ``replica.lag.time.max.ms`` before — KAFKA-4485): the ISR members other than the
  leader not caught up within the lag — and, from 2.1 (KAFKA-7152), not at the leader's LEO.
* Expand (on a follower's fetch): an assigned replica outside the ISR whose LEO reached the
  HW — and, from 2.1, the start offset of the leader's current epoch, so a follower cannot
  join on a HW the new leader has not yet re-established — and that is eligible (alive; in
  KRaft not fenced nor shutting down).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ..profiles import Profile, Switch
from .follower_state import FollowerState
from .switches import switches


def isr_expiration_period_ms(lag_ms: int, profile: Profile) -> int:
    return lag_ms // 2 if profile.has(Switch.ISR_EXPIRATION_HALF_PERIOD) else lag_ms


def out_of_sync(leader: int, leader_leo: int, followers: Mapping[int, FollowerState], isr: Collection[int],
                now: int, lag_ms: int, profile: Profile) -> tuple[int, ...]:
    """The ISR members the leader would shrink out now, in ISR order."""
    return tuple(b for b in isr if b != leader and b in followers
                 and not followers[b].caught_up(leader_leo, now, lag_ms, profile))


def may_join(broker: int, follower: FollowerState, replicas: Collection[int], isr: Collection[int], hw: int,
             epoch_start_offset: int, profile: Profile, eligible: bool = True) -> bool:
    """Whether this follower's fetch adds it to the ISR."""
    if broker in isr or broker not in replicas or not eligible:
        return False
    if follower.leo < hw:
        return False
    return not (switches(profile).ISR_JOIN_NEEDS_EPOCH_START and follower.leo < epoch_start_offset)
