"""What the common steps of one partition read beyond a fetch's link (:mod:`.steady_fetch`),
looked up once per generation of the world: the replica a produce goes to (the live one
ZooKeeper names, believing it leads), and what a raise of its HW is checked against
(:func:`.invariants.raise_watch`), with the numbers the invariant monitor keeps for it.

:func:`route` makes one when no violation stands for the partition; the world keeps it while
its generation lasts (no step since changed leadership, ISR, epochs, brokers or findings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from .follower_state import FollowerState
from .invariants import InvariantMonitor, raise_watch
from .log import ReplicaLog
from .model import LeaderAndIsr, TopicPartition
from .partition import Partition


class Host(Protocol):
    """A broker as far as routing goes."""

    alive: bool
    replicas: dict[TopicPartition, Partition]


@dataclass(slots=True)
class Route:
    generation: int
    leader: Partition
    name: str  # the partition's name, as the monitor keys it
    controller_epoch: int  # ZooKeeper's leader epoch of the partition
    epoch: int  # the leader's own epoch
    hold: tuple[ReplicaLog, ...]
    reach: tuple[ReplicaLog, ...]
    peers: tuple[FollowerState, ...] | None  # the leader's hw_peers()
    #: the invariant monitor's records of the partition (InvariantMonitor.records; None: it
    #: does not show ZooKeeper's epoch, a raise takes the full check)
    records: dict[int, tuple[int, int | None]] | None


def route(tp: TopicPartition, quorum: LeaderAndIsr | None, brokers: Mapping[int, Host], generation: int,
          name: str, monitor: InvariantMonitor) -> Route | None:
    """The route of ``tp`` under ZooKeeper's state ``quorum``, or None when ZooKeeper names no
    live assigned replica that believes it leads."""
    if quorum is None:
        return None
    named = brokers.get(quorum.leader)
    leader = named.replicas.get(tp) if named is not None and named.alive else None
    state = leader.state if leader is not None else None
    if leader is None or state is None or state.leader != leader.broker:
        return None  # none, or one that does not believe it leads
    if leader.broker not in quorum.replicas:
        return None
    assigned = quorum.replicas

    def replica(b: int) -> Partition | None:  # as the world's check gathers them: assigned, hosted
        broker = brokers.get(b) if b in assigned else None
        return broker.replicas.get(tp) if broker is not None else None

    hold, reach = raise_watch(leader, quorum.isr, replica)
    return Route(generation, leader, name, quorum.leader_epoch, state.leader_epoch, hold, reach,
                 leader.hw_peers(), monitor.records(name, quorum.leader_epoch))
