"""The replication stimuli of the trace contract (DESIGN.md, "Replication stimuli"), as
frozen values the runner builds from trace records and hands to
:meth:`ReplicationWorld.handle`.  Broker ids are ints; ``acks`` is 0, 1 or -1 (all)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ErrorCode
from .model import TopicPartition

#: a replica's log as runs of (leader_epoch, records), oldest first
LogRuns = tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class CreatePartition:
    tp: TopicPartition
    replicas: tuple[int, ...]
    leader: int | None = None  # default: the first live replica
    isr: tuple[int, ...] | None = None  # default: the replicas
    leader_epoch: int = 0
    zk_version: int = 0
    logs: dict[int, LogRuns] | None = None  # broker -> its log (default: empty logs)


@dataclass(frozen=True, slots=True)
class Append:
    tp: TopicPartition
    records: int
    acks: int = -1
    client: str | None = None


@dataclass(frozen=True, slots=True)
class Fetch:
    tp: TopicPartition
    replica: int
    offset: int
    last_fetched_epoch: int = -1
    current_leader_epoch: int = -1
    broker_epoch: int = -1


@dataclass(frozen=True, slots=True)
class BrokerFail:
    broker: int


@dataclass(frozen=True, slots=True)
class BrokerStart:
    broker: int


@dataclass(frozen=True, slots=True)
class BrokerShutdown:
    """A controlled shutdown (leaders move away first)."""

    broker: int


@dataclass(frozen=True, slots=True)
class ZkSessionExpire:
    broker: int


@dataclass(frozen=True, slots=True)
class LeaderAndIsrRequest:
    """A scripted LeaderAndIsr from the controller (to every replica of the partition)."""

    tp: TopicPartition
    leader: int
    leader_epoch: int
    isr: tuple[int, ...]
    replicas: tuple[int, ...] | None = None  # default: unchanged
    zk_version: int | None = None  # default: unchanged
    controller_epoch: int | None = None  # default: unchanged


@dataclass(frozen=True, slots=True)
class Elect:
    tp: TopicPartition
    strategy: str  # clean | unclean | preferred


@dataclass(frozen=True, slots=True)
class AlterPartitionReply:
    """The controller's answer to the oldest ISR change in flight for ``tp``."""

    tp: TopicPartition
    error: ErrorCode | None = None
    isr: tuple[int, ...] | None = None
    leader_epoch: int | None = None
    zk_version: int | None = None


@dataclass(frozen=True, slots=True)
class RunTask:
    broker: int
    task: str  # isr-expiration | isr-change-propagation


@dataclass(frozen=True, slots=True)
class BeginTxn:
    tp: TopicPartition
    client: str


@dataclass(frozen=True, slots=True)
class EndTxn:
    tp: TopicPartition
    client: str
    commit: bool


ReplicationStimulus = (CreatePartition | Append | Fetch | BrokerFail | BrokerStart | BrokerShutdown
                       | ZkSessionExpire | LeaderAndIsrRequest | Elect | AlterPartitionReply | RunTask
                       | BeginTxn | EndTxn)
