"""The controller's leader elections (``PartitionLeaderElectionAlgorithms`` and ``Election``,
ZooKeeper-mode controller; the KRaft controller's ``PartitionChangeBuilder`` makes the same
choices).  Each returns the new state, or None when no replica can lead; a new leader always
means leader epoch + 1.  The zkVersion is the one the write will be conditional on: the
write itself bumps it.

* offline (the leader died): the first assigned replica that is alive *and* in the ISR; the
  new ISR is the live part of the old one.  If none, and unclean election is enabled
  (default until 0.11, KIP-106), the first live assigned replica, with an ISR of itself
  alone — acknowledged records it never had are gone;
* preferred: the first assigned replica, if alive and in the ISR (ISR unchanged);
* controlled shutdown: the first assigned replica alive, in the ISR and not shutting down;
  the shutting-down brokers leave the ISR;
* reassignment: the first target replica alive and in the ISR.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from enum import Enum

from .model import LeaderAndIsr


class Election(Enum):
    OFFLINE = "clean"
    UNCLEAN = "unclean"
    PREFERRED = "preferred"
    CONTROLLED_SHUTDOWN = "controlled_shutdown"
    REASSIGNMENT = "reassignment"


def _new(state: LeaderAndIsr, leader: int, isr: tuple[int, ...]) -> LeaderAndIsr:
    return replace(state, leader=leader, leader_epoch=state.leader_epoch + 1, isr=isr)


def offline(state: LeaderAndIsr, live: Collection[int],
            unclean_enabled: bool) -> tuple[LeaderAndIsr, Election] | None:
    clean = next((b for b in state.replicas if b in live and b in state.isr), None)
    if clean is not None:
        return _new(state, clean, tuple(b for b in state.isr if b in live)), Election.OFFLINE
    if not unclean_enabled:
        return None
    unclean = next((b for b in state.replicas if b in live), None)
    return (_new(state, unclean, (unclean,)), Election.UNCLEAN) if unclean is not None else None


def preferred(state: LeaderAndIsr, live: Collection[int]) -> LeaderAndIsr | None:
    first = state.replicas[0] if state.replicas else None
    if first is None or first not in live or first not in state.isr:
        return None
    return _new(state, first, state.isr)


def controlled_shutdown(state: LeaderAndIsr, live: Collection[int],
                        shutting_down: Collection[int]) -> LeaderAndIsr | None:
    leader = next((b for b in state.replicas if b in live and b in state.isr and b not in shutting_down),
                  None)
    if leader is None:
        return None
    return _new(state, leader, tuple(b for b in state.isr if b not in shutting_down))


def reassignment(state: LeaderAndIsr, target: Collection[int], live: Collection[int]) -> LeaderAndIsr | None:
    leader = next((b for b in target if b in live and b in state.isr), None)
    return _new(state, leader, state.isr) if leader is not None else None
