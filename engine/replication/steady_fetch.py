"""The common fetch, served without the general route of ``ReplicationWorld._fetch``: a
follower in its leader's ISR fetching, in that leader's epoch, at its own log end — what a
healthy cluster does all day.

:func:`serve` first reads every precondition; when one fails it changes nothing and
returns None, and the general route runs as it always did.  When they all hold it does what
the general route does for such a fetch, in the same order, with the same effects: the
leader reads from the offset (the answer carries its HW from before this fetch), records the
follower's fetch, may raise its HW (answering the produces it passes), and the follower
appends what came and takes the answer's HW.  No epoch fencing, divergence, offset range or
ISR expansion can apply (the preconditions rule each out), no proposal is made, no
LeaderAndIsr state, pending or maximal ISR changes.

It returns whether the leader's HW moved.  When it did not, the step changed only log ends
(appends at the LEO), the follower's HW (clamped into its log) and the leader's bookkeeping
of the follower, and the world needs no invariant check for the partition, given that none
was broken before (the world takes this route only then):

* ``leader_not_in_isr``, ``isr_outside_replicas``, ``leader_epoch_decreased``: read
  ZooKeeper's state and the replicas' epochs, which no fetch here changes;
* ``hw_outside_log``: the follower's HW is clamped into [log start, LEO] and its LEO only
  grew; the leader's log and HW are unchanged;
* ``weak_isr`` / ``strong_isr``: every leader's HW is unchanged and the follower's log
  changed only above its old LEO, which was at or above every such HW it is compared
  with (else its prefix check was failing, a violation);
* ``invalid_high_watermark``: no HW moved and LEOs only grew;
* ``hw_decreased``: no leader's HW moved (the monitor's record of it is still right).

A move of the HW is left to the world's full check.
"""

from __future__ import annotations

from .effects import HighWatermarkChanged
from .partition import Partition

_hw_changed = HighWatermarkChanged.build  # type: ignore[attr-defined]  # the effect's cheap constructor


def serve(leader: Partition, follower: Partition, offset: int, now: int, current_leader_epoch: int,
          last_fetched_epoch: int) -> bool | None:
    """Serve ``follower``'s fetch at ``offset`` (its LEO) from ``leader``: None when this is not
    the common fetch (nothing changed), else whether the leader's HW moved.

    ``current_leader_epoch`` / ``last_fetched_epoch``: as the fetch request carries them (-1:
    not given, the follower's own values are used, by version)."""
    state = leader.state
    if state is None or state.leader != leader.broker:
        return None  # not the leader
    broker = follower.broker
    if broker not in state.isr or broker not in state.replicas:
        return None  # an expansion may follow, or the leader does not know the follower
    flags = leader._switches
    epoch = state.leader_epoch
    if flags.KIP_320:
        if current_leader_epoch < 0:
            told = follower.state
            current_leader_epoch = told.leader_epoch if told is not None else -1
        if current_leader_epoch >= 0 and current_leader_epoch != epoch:
            return None  # fenced
    log = leader.log
    leo = log.leo
    if offset > leo or offset < log.log_start:
        return None  # out of range
    if flags.TRUNCATION_ON_FETCH:
        if last_fetched_epoch < 0:
            runs = follower.log.runs
            if runs:
                last = runs[-1]
                if last.end != offset or last.start >= offset:
                    return None
                last_fetched_epoch = last.epoch
        # the follower's last epoch is the leader's latest: it ends at the leader's LEO, no divergence
        if last_fetched_epoch >= 0 and last_fetched_epoch != log.cache.latest_epoch:
            return None
    seen = leader.followers.get(broker)
    if seen is None:
        return None
    # -- the preconditions hold: Partition.on_follower_fetch, then on_fetch_response
    hw = log.hw
    runs = log.read(offset)
    seen.fetched(offset, follower.log.log_start, leo, now, flags.CAUGHT_UP_BY_PREVIOUS_FETCH)
    moved = False
    if offset > hw:  # else this follower, in the ISR (which every HW rule counts), holds the HW where it is
        leader._maybe_increment_hw(now)
        moved = log.hw != hw
    flog = follower.log
    if runs:
        flog.append_runs(runs)
    old = flog.hw
    if flog.update_hw(hw):
        told = follower.state
        follower.emit(_hw_changed(now, follower.tp[0], follower.tp[1], broker, old, flog.hw,
                                  told.leader_epoch if told is not None else None))
    return moved
