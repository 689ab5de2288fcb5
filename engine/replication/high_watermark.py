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

from collections.abc import Collection, Mapping

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
    counted = maximal_isr if flags.ALTER_ISR else isr
    by_lag = flags.HW_COUNTS_CAUGHT_UP_REPLICAS
    candidate = leader_leo
    for broker, f in followers.items():
        if broker == leader or f.leo >= candidate:
            continue
        if broker in counted or (by_lag and broker not in ineligible and f.caught_up_within(now, lag_ms)):
            candidate = f.leo
    return candidate if candidate > hw else None
