"""Where a follower truncates its log when it starts following a new leader (reference rule
R12; ``AbstractFetcherThread`` truncation, per version):

* before 0.11, or with no leader epochs in its log: to its own high watermark — the rule
  that lost acknowledged records when leadership moved twice quickly (KIP-101's motivation);
* from 0.11 (KIP-101): to the leader's end offset for the follower's latest epoch
  (OffsetsForLeaderEpoch v0 answers an offset only), capped at the follower's log end;
* from 2.0 (KIP-279): the leader answers the epoch too; when the follower holds a different
  epoch there, it truncates to its own end of the leader's epoch and asks again, until both
  name the same epoch — so logs that diverged through several quick fail-overs agree.

From 2.8 (KAFKA-10554) the same answer comes with a Fetch response's diverging epoch instead
of a separate OffsetsForLeaderEpoch round; the offsets truncated are the same.

What a follower keeps at offsets where the leader holds a record of another epoch is
:func:`diverged` (KIP-101's second scenario before 0.11; before 2.0 too when the leader's
answer names no epoch): no consumer reads it while that leader leads.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..profiles import Profile, Switch
from .epoch_cache import UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
from .log import ReplicaLog, Run


class TruncationRule(Enum):
    HIGH_WATERMARK = "high_watermark"
    LEADER_EPOCH = "leader_epoch"


@dataclass(frozen=True, slots=True)
class Truncation:
    """What a follower did: the offset it truncated to, the records removed (with their
    epochs), the rule, and the OffsetsForLeaderEpoch rounds it took (0 by high watermark)."""

    to_offset: int
    removed: tuple[Run, ...]
    rule: TruncationRule
    rounds: int
    #: the records the follower kept where the leader holds another epoch's (:func:`diverged`)
    diverged: tuple[Run, ...] = ()
    #: log-only (the fetcher's lines print them): each round's answer and what the follower did
    #: with it — (leader epoch, end offset, offset truncated to, truncation completed)
    answers: tuple[tuple[int, int, int, bool], ...] = ()

    @property
    def records(self) -> int:
        return sum(r.records for r in self.removed)


def diverged(log: ReplicaLog, leader: ReplicaLog) -> tuple[Run, ...]:
    """``log``'s records at offsets where ``leader``'s log holds a record of another epoch (a
    run's epoch names its records: another epoch at an offset is another record)."""
    out: list[Run] = []
    for own in log.runs:
        for theirs in leader.runs:
            start, end = max(own.start, theirs.start), min(own.end, theirs.end)
            if start >= end or own.epoch == theirs.epoch:
                continue
            last = out[-1] if out else None
            if last is not None and last.epoch == own.epoch and last.end == start:
                out[-1] = Run(own.epoch, last.start, end)
            else:
                out.append(Run(own.epoch, start, end))
    return tuple(out)


def truncate_to_hw(follower: ReplicaLog, leader: ReplicaLog | None) -> Truncation:
    """Truncate ``follower`` to its own high watermark (before 0.11, ``ReplicaManager.makeFollowers``;
    later with no leader epochs in its log); what it keeps may diverge from ``leader``'s log."""
    removed = follower.truncate_to(follower.hw)
    kept = diverged(follower, leader) if leader is not None else ()
    return Truncation(follower.leo, removed, TruncationRule.HIGH_WATERMARK, 0, kept)


def leader_answer(leader: ReplicaLog, epoch: int, profile: Profile) -> tuple[int, int]:
    """The leader's OffsetsForLeaderEpoch answer for ``epoch``: (epoch, end offset); before
    KIP-279 (OffsetsForLeaderEpoch v0) the epoch is not returned."""
    found_epoch, end = leader.cache.end_offset_for(epoch, leader.leo)
    if not profile.has(Switch.KIP_279):
        return UNDEFINED_EPOCH, end
    return found_epoch, end


def truncate_follower(follower: ReplicaLog, leader: ReplicaLog, profile: Profile) -> Truncation:
    """Truncate ``follower`` as it would on becoming a follower of ``leader``."""
    latest = follower.cache.latest_epoch
    if not profile.has(Switch.LEADER_EPOCH_TRUNCATION) or latest is None:
        return truncate_to_hw(follower, leader)
    removed: list[Run] = []
    answers: list[tuple[int, int, int, bool]] = []
    rounds = 0
    epoch = latest
    while True:
        rounds += 1
        leader_epoch, leader_end = leader_answer(leader, epoch, profile)
        if leader_end == UNDEFINED_EPOCH_OFFSET:
            # the leader knows no such epoch: fall back to the high watermark (initial fetch offset)
            target, done = follower.hw, True
        elif leader_epoch == UNDEFINED_EPOCH:
            target, done = min(leader_end, follower.leo), True
        else:
            own_epoch, own_end = follower.cache.end_offset_for(leader_epoch, follower.leo)
            if own_end == UNDEFINED_EPOCH_OFFSET:
                target, done = min(leader_end, follower.leo), True
            elif own_epoch != leader_epoch:
                target, done = min(own_end, follower.leo), False
            else:
                target, done = min(own_end, leader_end, follower.leo), True
        removed.extend(follower.truncate_to(target))
        answers.append((leader_epoch, leader_end, target, done))
        if done:
            break
        next_epoch = follower.cache.latest_epoch
        if next_epoch is None or next_epoch == epoch:  # nothing older left to compare
            break
        epoch = next_epoch
    # without KIP-279 the leader's end offset may lie past where the logs agree: what is left
    # above that point diverges (tests/traces/replication/fetcher-truncation-kip-101-only-diverges)
    return Truncation(follower.leo, tuple(removed), TruncationRule.LEADER_EPOCH, rounds,
                      diverged(follower, leader), tuple(answers))
