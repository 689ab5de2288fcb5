"""The common fetch, served without the general route of ``ReplicationWorld._fetch``: a
follower in its leader's ISR fetching, in that leader's epoch, at its own log end — what a
healthy cluster does all day.

A :class:`FetchLink` is what such a fetch reads that only a change of leadership, ISR,
epochs, brokers or findings can change: the leader and follower replicas, the leader's
record of the follower, the epochs and switches.  :func:`link` makes one when those
preconditions hold; the world keeps it for the *generation* it was made in (the world moves
to a new generation at every step that changed any of that: every step but the common
fetch, the common append and a step that did nothing).

:func:`serve` reads the rest of the preconditions, those a common step does move (the LEOs,
the epochs of the records at the log ends, the epochs a fetch request names); when one fails
it changes nothing and returns None, and the general route runs as it always did.  When they
all hold it does what the general route does for such a fetch, in the same order, with the
same effects: the leader reads from the offset (the answer carries its HW from before this
fetch), records the follower's fetch, may raise its HW (answering the produces it passes),
and the follower appends what came and takes the answer's HW.  No epoch fencing, divergence,
offset range or ISR expansion can apply (the preconditions rule each out), no proposal is
made, no LeaderAndIsr state, pending or maximal ISR changes.

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

A move of the HW is checked by the world for what it can break
(:func:`.invariants.raised_hw_holds`), else by the full check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..effects import Effect
from .effects import HighWatermarkChanged
from .follower_state import FollowerState
from .log import ReplicaLog
from .partition import Partition
from .steady_route import Route

_hw_changed = HighWatermarkChanged.build  # type: ignore[attr-defined]  # the effect's cheap constructor


@dataclass(slots=True)
class FetchLink:
    """Mutable only by the world's bookkeeping: one follower's common fetch from its leader."""

    generation: int
    leader: Partition
    follower: Partition
    seen: FollowerState  # the leader's record of the follower
    epoch: int  # the leader's epoch, its log's latest
    kip_320: bool
    truncation_on_fetch: bool
    by_previous_fetch: bool
    follower_epoch: int  # the epoch the follower knows
    emit: Callable[[Effect], None]  # where the follower's HW change goes
    # read straight from the link, so a fetch chases fewer objects
    log: ReplicaLog  # the leader's
    follower_log: ReplicaLog
    topic: str
    partition: int
    broker: int  # the follower's
    #: the leader's followers' records when its HW is simply the smallest LEO of all
    #: (:meth:`.Partition.hw_peers`): a fetch that cannot raise it need not ask.  None: it asks
    peers: tuple[FollowerState, ...] | None
    #: the partition's route (:mod:`.steady_route`) when the world looked it up in this generation
    route: Route | None = None


def link(leader: Partition, follower: Partition, generation: int,
         emit: Callable[[Effect], None]) -> FetchLink | None:
    """The link for ``follower``'s fetches from ``leader``, or None when they are not the
    common ones: ``leader`` leads, its log's latest epoch is its own (its appends keep it so),
    ``follower`` is in its ISR (no expansion can follow) and assigned, the leader holds its
    record, and (KIP-320) the epoch the follower knows is the leader's.  The caller has found
    both brokers alive, no truncation due for the follower and no violation standing for the
    partition.  ``emit``: the follower's effects (no ZooKeeper write among them)."""
    state = leader.state
    if state is None or state.leader != leader.broker:
        return None  # not the leader
    broker = follower.broker
    if broker not in state.isr or broker not in state.replicas:
        return None  # an expansion may follow, or the leader does not know the follower
    seen = leader.followers.get(broker)
    told = follower.state
    if seen is None or told is None:
        return None
    flags = leader._switches
    epoch = state.leader_epoch
    if flags.KIP_320 and told.leader_epoch >= 0 and told.leader_epoch != epoch:
        return None  # fenced (the epoch a fetch names by default is the one the follower knows)
    if leader.log.cache.latest_epoch != epoch:
        return None
    return FetchLink(generation, leader, follower, seen, epoch, flags.KIP_320, flags.TRUNCATION_ON_FETCH,
                     flags.CAUGHT_UP_BY_PREVIOUS_FETCH, told.leader_epoch, emit, leader.log, follower.log,
                     follower.tp[0], follower.tp[1], broker, leader.hw_peers())


def serve(link: FetchLink, offset: int, now: int, current_leader_epoch: int,
          last_fetched_epoch: int) -> bool | None:
    """Serve the linked follower's fetch at ``offset``: None when it is not the common fetch
    (nothing changed), else whether the leader's HW moved.

    ``current_leader_epoch`` / ``last_fetched_epoch``: as the fetch request carries them (-1:
    not given, the follower's own values are used, by version)."""
    flog = link.follower_log
    if offset != flog.leo:
        return None  # not at its log end: a catch-up or a re-read
    if current_leader_epoch >= 0 and link.kip_320 and current_leader_epoch != link.epoch:
        return None  # fenced
    log = link.log
    leo = log.leo
    if offset > leo or offset < log.log_start:
        return None  # out of range
    if link.truncation_on_fetch:
        if last_fetched_epoch < 0:
            runs = flog.runs
            if runs:
                last = runs[-1]
                if last.end != offset or last.start >= offset:
                    return None
                last_fetched_epoch = last.epoch
        # the follower's last epoch is the leader's latest: it ends at the leader's LEO, no divergence
        if last_fetched_epoch >= 0 and last_fetched_epoch != link.epoch:
            return None
    # -- the preconditions hold: Partition.on_follower_fetch, then on_fetch_response
    hw = log.hw
    link.seen.fetched(offset, flog.log_start, leo, now, link.by_previous_fetch)
    moved = False
    if offset > hw:  # else this follower, in the ISR (which every HW rule counts), holds the HW where it is
        # (the leader appends nothing: the answer is the same read after it)
        peers = link.peers
        if peers is None:
            link.leader._maybe_increment_hw(now)
        else:  # Partition._maybe_raise_hw, inline: the leader is called only to raise its HW
            new = leo
            for f in peers:
                if f.leo < new:
                    new = f.leo
            if new > hw:
                link.leader._raise_hw(new, now)
        moved = log.hw != hw
    if offset < leo:
        flog.copy_from(log)
    old = flog.hw
    new = hw  # ReplicaLog.update_hw, inline: the follower's HW is the answer's, clamped into its log
    if new < flog.log_start:
        new = flog.log_start
    if new > flog.leo:
        new = flog.leo
    if new != old:
        flog.hw = new
        link.emit(_hw_changed(now, link.topic, link.partition, link.broker, old, new, link.follower_epoch))
    return moved
