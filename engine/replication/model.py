"""Values shared by the replication machines: partition state as the controller writes it,
and the channel through which a leader proposes an ISR change.

A leader changes its ISR in one of two ways, by profile: before 2.7 (and in ZooKeeper mode
until IBP 2.7-IV2) it writes ``/brokers/topics/T/partitions/P/state`` itself with a
conditional update on the zkVersion it cached; from 2.7 (KIP-497, AlterIsr; renamed
AlterPartition by KIP-704 in 3.2) it sends the proposal to the controller and keeps at most
one change in flight.  :class:`IsrChannel` hides which: the partition proposes, the channel
answers at once (ZooKeeper write) or later (AlterPartition, through
``Partition.on_isr_result``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from ..errors import ErrorCode

#: (topic, partition)
TopicPartition = tuple[str, int]


def tp_name(tp: TopicPartition) -> str:
    """Kafka's ``TopicPartition.toString``: ``topic-partition``."""
    return f"{tp[0]}-{tp[1]}"


class LeaderRecoveryState(Enum):
    """KIP-704 (3.2): a partition elected uncleanly is RECOVERING until its leader says so."""

    RECOVERED = 0
    RECOVERING = 1


@dataclass(frozen=True, slots=True)
class LeaderAndIsr:
    """A partition's state as the controller stores it (the znode's JSON, or KRaft's
    PartitionRecord) and sends it to brokers in LeaderAndIsr requests.

    ``zk_version`` is the znode's version in ZooKeeper mode and the partition epoch in
    KRaft / AlterPartition (the two are the same number's roles)."""

    leader: int  # -1 = no leader
    leader_epoch: int
    isr: tuple[int, ...]
    replicas: tuple[int, ...]
    zk_version: int
    controller_epoch: int
    leader_recovery_state: LeaderRecoveryState = LeaderRecoveryState.RECOVERED


@dataclass(frozen=True, slots=True)
class IsrProposal:
    """A leader's proposed ISR change, made against the state it knows."""

    tp: TopicPartition
    broker: int  # the proposing leader
    leader_epoch: int
    isr: tuple[int, ...]
    zk_version: int  # the version (partition epoch) the proposal is based on
    cause: str  # "shrink" | "expand"
    context: IsrContext | None = None  # what the leader saw when it decided (its log line's numbers)


@dataclass(frozen=True, slots=True)
class IsrContext:
    """The numbers a leader's "Shrinking ISR" line prints (Partition.maybeShrinkIsr): its high
    watermark and log end offset, and each out-of-sync replica's log end offset and last
    caught-up time (None where the leader holds no state for it: Kafka prints ``unknown``)."""

    at: int  # when the leader decided (the line's time; the commit may come later, 2.7+)
    hw: int
    leo: int
    lagging: tuple[tuple[int, int | None, int | None], ...] = ()  # (broker, end offset, caught up ms)


@dataclass(frozen=True, slots=True)
class IsrResult:
    """The answer to an :class:`IsrProposal`: ``error`` NONE with the new state, or an
    error (a refused ZooKeeper conditional write is INVALID_UPDATE_VERSION for the
    partition's purposes — Kafka logs ``Cached zkVersion … skip updating ISR``)."""

    proposal: IsrProposal
    error: ErrorCode
    state: LeaderAndIsr | None = None


class IsrChannel(Protocol):
    def propose(self, proposal: IsrProposal) -> IsrResult | None:
        """Send a proposal; its result now (ZooKeeper mode) or None when the answer comes
        later through ``Partition.on_isr_result`` (AlterPartition)."""
        ...


@dataclass(frozen=True, slots=True)
class PartitionView:
    """The leader's view of a partition (the trace's ``partition`` expectation); with no
    leader, the controller's state and the last leader's numbers."""

    tp: TopicPartition
    leader: int
    leader_epoch: int
    isr: tuple[int, ...]
    maximal_isr: tuple[int, ...]
    pending_isr: tuple[int, ...] | None
    hw: int
    leo: dict[int, int]  # broker -> LEO as the leader knows it (-1 unknown); the leader's own is exact
    zk_version: int
    controller_epoch: int


@dataclass(frozen=True, slots=True)
class ReplicaView:
    """One broker's replica (the trace's ``replica`` expectation)."""

    tp: TopicPartition
    broker: int
    leo: int
    hw: int
    log_start: int
    epoch_cache: tuple[tuple[int, int], ...]  # (epoch, start offset), oldest first
    # the leader's view of this replica (None on the leader itself / no leader)
    last_caught_up_ms: int | None
    leader_view_leo: int | None
    leader_view_log_start: int | None
