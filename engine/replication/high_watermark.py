"""The leader's high watermark (reference rule R5, ``Partition.maybeIncrementLeaderHW``).

The HW is the smallest LEO among the replicas that count, and it only ever moves up on a
leader within an epoch.  Which replicas count, by version:

* before 0.10.2: the ISR (the leader included);
* from 0.10.2: every assigned replica in the ISR *or* caught up within
  ``replica.lag.time.max.ms`` — so a follower about to rejoin holds the HW back instead of
  finding it already past its log end (Partition.scala, 0.10.2.0);
* from 2.7 (KIP-497): the *maximal* ISR (the committed ISR plus an expansion in flight);
* from 3.7 (KAFKA-15583, KIP-966): no advance at all while the committed ISR is smaller than
  the effective min ISR, min(``min.insync.replicas``, replication factor).

A replica whose LEO the leader does not know yet (-1 after a leader change) holds the HW
where it is.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from ..profiles import Profile
from .follower_state import FollowerState
from .switches import switches


def effective_min_isr(min_insync_replicas: int, replicas: int) -> int:
    return min(min_insync_replicas, replicas)


def next_high_watermark(hw: int, leader: int, leader_leo: int, followers: Mapping[int, FollowerState],
                        isr: Collection[int], maximal_isr: Collection[int], now: int, lag_ms: int,
                        min_insync_replicas: int, profile: Profile,
                        ineligible: Collection[int] = ()) -> int | None:
    """The new HW, or None when it does not move.  ``ineligible``: brokers fenced or in
    controlled shutdown (KRaft), whose being caught up does not count."""
    flags = switches(profile)
    if flags.HW_FROZEN_UNDER_MIN_ISR and \
            len(isr) < effective_min_isr(min_insync_replicas, len(followers) + 1):
        return None
    candidate = smallest_leo(leader, leader_leo, followers, maximal_isr if flags.ALTER_ISR else isr, now,
                             (lambda: lag_ms) if flags.HW_COUNTS_CAUGHT_UP_REPLICAS else None, ineligible)
    return candidate if candidate > hw else None


def smallest_leo(leader: int, leader_leo: int, followers: Mapping[int, FollowerState],
                 counted: Collection[int], now: int, lag_ms: Callable[[], int] | None,
                 ineligible: Collection[int] = ()) -> int:
    """The smallest LEO among the leader and the followers that count: those in ``counted``
    and, when ``lag_ms`` is given (0.10.2+), those caught up within it.  ``lag_ms`` is read
    only when a follower outside ``counted`` would lower the result (in a healthy ISR, never)."""
    candidate = leader_leo
    lag = -1
    for broker, f in followers.items():
        if broker == leader or f.leo >= candidate:
            continue
        if broker in counted:
            candidate = f.leo
        elif lag_ms is not None and broker not in ineligible:
            if lag < 0:
                lag = lag_ms()
            if f.caught_up_within(now, lag):
                candidate = f.leo
    return candidate
