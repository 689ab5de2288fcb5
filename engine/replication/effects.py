"""What the replication machines say happened (the replication effects of the trace
contract, DESIGN.md "Effects").  Broker ids are ints; ISRs are tuples in the order the
state holds them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ..effects import LOG_ONLY, Effect, _cheap_init
from .model import IsrContext, LeaderAndIsr, TopicPartition


@dataclass(frozen=True, slots=True)
class IsrChanged(Effect):
    """A leader's ISR changed (committed: written to ZooKeeper or accepted by the controller),
    or the controller changed it (``broker`` = -1)."""

    event: ClassVar[str] = "isr_change"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    from_isr: tuple[int, ...] = ()
    to_isr: tuple[int, ...] = ()
    leader_epoch: int = 0
    zk_version: int | None = None
    cause: str | None = None  # shrink | expand | election | reassignment
    # What the leader's own log lines print beside the change (``--emit-logs``); not part of
    # the trace contract, so not in ``to_dict``: the shrink decision's numbers, and whether
    # the new ISR is below min.insync.replicas (3.5+ "ISR updated … (under-min-isr)").
    context: IsrContext | None = field(default=None, compare=False, metadata=LOG_ONLY)
    under_min_isr: bool | None = field(default=None, compare=False, metadata=LOG_ONLY)

    def to_dict(self) -> dict[str, Any]:
        out = Effect.to_dict(self)
        out["from"] = out.pop("from_isr")
        out["to"] = out.pop("to_isr")
        return out


@_cheap_init
@dataclass(frozen=True, slots=True)
class HighWatermarkChanged(Effect):
    """A replica's high watermark moved (leader: from the ISR's LEOs; follower: from a
    fetch response)."""

    event: ClassVar[str] = "hw"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    from_hw: int = 0
    to_hw: int = 0
    leader_epoch: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out = Effect.to_dict(self)
        out["from"] = out.pop("from_hw")
        out["to"] = out.pop("to_hw")
        return out


@dataclass(frozen=True, slots=True)
class LeaderAndIsrApplied:
    """What a broker's LeaderAndIsr lines print about one it applied (log-only, ``--emit-logs``;
    never an effect of its own, never in ``to_dict``): who sent it, the state it carried, and
    the replica as it stood just before becoming leader or follower (``Partition.makeLeader`` /
    ``makeFollower`` print the log end offset and high watermark before raising either)."""

    controller: int | None  # the sending controller; None for a scripted LeaderAndIsr
    controller_epoch: int  # the request's (the sender's epoch)
    state: LeaderAndIsr  # its PartitionState: the state's controller epoch, zkVersion, replicas, ISR
    is_new: bool  # PartitionState.isNew: sent for a partition just created
    leo: int
    hw: int
    prev_leader_epoch: int  # Partition.leaderEpoch before: -1 for a replica that knew none
    prev_leader: int | None  # leaderReplicaIdOpt before: None for a replica that knew none
    was_leader: bool  # already this partition's leader (3.5+'s "(under-min-isr)" needs it)
    under_min_isr: bool  # Partition.isUnderMinIsr as makeLeader logs it: a leader before, ISR < min


@dataclass(frozen=True, slots=True)
class LeaderKept:
    """A broker applied a LeaderAndIsr that kept the partition's leader (a new leader epoch for
    the same leader: the controller's ISR shrink when a follower's broker fails, a scripted
    ``leader_and_isr`` that bumps the epoch): a log-only note (``EffectLog.notes``), no effect —
    Kafka's "starts at leader epoch" and send lines print it, the trace contract has no event
    for it (``simulate --json`` and the expectations stay as they were)."""

    at: int
    topic: str
    partition: int
    broker: int  # the broker that applied it
    applied: LeaderAndIsrApplied


@dataclass(frozen=True, slots=True)
class BrokerChangeHandled:
    """The controller handled a broker's registration coming or going, or its controlled shutdown:
    a log-only note (``EffectLog.notes``) for the controller's INFO lines ("Newly added brokers …",
    "Broker failure callback for …", "New broker startup callback for …", "Shutting down broker
    …"); no effect, nothing in the trace contract."""

    at: int
    controller: int
    controller_epoch: int
    cause: str  # failure | startup | controlled_shutdown
    broker: int
    live: tuple[int, ...]  # the registered brokers after the change (liveOrShuttingDownBrokerIds), sorted
    was_shutting_down: bool  # a failure: the broker had asked for a controlled shutdown before
    #: controlled_shutdown: the brokers shutting down once this one is added (shuttingDownBrokerIds,
    #: sorted), what its DEBUG "All shutting down brokers: …" / "Live brokers: …" lines print
    shutting_down: tuple[int, ...] = ()


class ShutdownStep(Enum):
    """A step of a ZooKeeper-mode broker's controlled shutdown (``KafkaServer.controlledShutdown``)."""

    STARTING = "starting"  # "Starting controlled shutdown", before the first attempt
    ANSWERED = "answered"  # the controller answered an attempt: partitions remaining, an error
    NO_CONTROLLER = "no_controller"  # no controller to ask: the attempt failed without a request
    RETRYING = "retrying"  # the back-off after a failed attempt ended: "Retrying controlled shutdown …"
    UNCLEAN = "unclean"  # every attempt failed: "Proceeding to do an unclean shutdown …"


@dataclass(frozen=True, slots=True)
class ControlledShutdownNoted:
    """A step of a broker's controlled shutdown, seen from the broker: a log-only note
    (``EffectLog.notes``) for its ``kafka.server.KafkaServer`` lines; no effect (the trace contract
    has none: what the controller did is in its LeaderChanged / IsrChanged effects)."""

    at: int
    broker: int
    step: ShutdownStep
    #: ANSWERED: the replicated partitions the broker still leads (the response's partitionsRemaining)
    remaining: tuple[TopicPartition, ...] = ()
    error: str = "NONE"  # ANSWERED: the response's error (Errors name)
    #: RETRYING: the attempts still to make, the one about to be made included (3.1+ prints it)
    retries_left: int = 0


@dataclass(frozen=True, slots=True)
class ControllerElected:
    """A broker became the active controller (``KafkaController.elect`` /
    ``registerControllerAndIncrementControllerEpoch``, then ``onControllerFailover``): a log-only
    note (``EffectLog.notes``) for its election lines ("N successfully elected as the controller.
    Epoch incremented to E and epoch zk version is now V", "Registering handlers", …); no effect."""

    at: int
    controller: int
    controller_epoch: int  # the epoch it incremented /controller_epoch to
    epoch_zk_version: int  # /controller_epoch's znode version after that write
    #: /controller_epoch as it read it before incrementing (pre-2.1 "Initialized controller epoch to E
    #: and zk version V"); None when the first controller created it
    prev_epoch: int | None = None
    prev_epoch_zk_version: int | None = None


@dataclass(frozen=True, slots=True)
class ControllerReady:
    """The new controller finished ``onControllerFailover``'s start-up (its replica and partition
    state machines started): a log-only note for "Ready to serve as the new controller with epoch E"."""

    at: int
    controller: int
    controller_epoch: int


@dataclass(frozen=True, slots=True)
class ControllerResigned:
    """The controller stopped being it while its broker process lived on (``onControllerResignation``:
    a controlled shutdown's ``KafkaController.shutdown``, a ZooKeeper session expiry's ``Expire``): a
    log-only note for "Resigning" / "Resigned".  A crashed broker writes nothing, so none is noted."""

    at: int
    controller: int
    controller_epoch: int
    cause: str  # shutdown | session_expired


@dataclass(frozen=True, slots=True)
class ReplicaStateChanged:
    """The controller's replica state machine moved a replica (``ZkReplicaStateMachine``
    .handleStateChanges): a log-only note for its state-change lines ("Changed state of replica
    B for partition … from OnlineReplica to OfflineReplica", and from 2.6 the OfflineReplica
    transition's "Partition … state changed to (…) after removing replica B from the ISR")."""

    at: int
    controller: int
    controller_epoch: int
    topic: str
    partition: int
    replica: int
    from_state: str
    to_state: str
    #: OfflineReplica: the partition's state after the ISR removal (as written, or as read when the
    #: replica was not in the ISR); None for another transition
    state: LeaderAndIsr | None = None


@dataclass(frozen=True, slots=True)
class LeaderChanged(Effect):
    """A partition's leadership changed: the controller's election, or a broker taking
    leadership / following (``broker`` says which side reported it; -1 = the controller)."""

    event: ClassVar[str] = "leader"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    from_leader: int = -1
    to_leader: int = -1
    leader_epoch: int = 0
    isr: tuple[int, ...] = ()
    election: str | None = None  # clean | unclean | preferred | controlled_shutdown | reassignment
    # Log-only (``--emit-logs``): what the controller's state-change line prints beside a
    # controller-side change (``broker`` -1): who was controller in which epoch, and the new
    # LeaderAndIsr's partition epoch (zkVersion) and recovery state (KIP-704, 3.2+), and the live
    # assigned replicas an election chose from.
    controller: int | None = field(default=None, compare=False, metadata=LOG_ONLY)
    controller_epoch: int | None = field(default=None, compare=False, metadata=LOG_ONLY)
    zk_version: int | None = field(default=None, compare=False, metadata=LOG_ONLY)
    recovery: str | None = field(default=None, compare=False, metadata=LOG_ONLY)
    live: tuple[int, ...] | None = field(default=None, compare=False, metadata=LOG_ONLY)
    # Log-only: for a broker-side change (``broker`` >= 0), the LeaderAndIsr it applied.
    applied: LeaderAndIsrApplied | None = field(default=None, compare=False, metadata=LOG_ONLY)

    def to_dict(self) -> dict[str, Any]:
        out = Effect.to_dict(self)
        out["from"] = out.pop("from_leader")
        out["to"] = out.pop("to_leader")
        return out


@dataclass(frozen=True, slots=True)
class ZkWrite(Effect):
    """A write to ZooKeeper: ``ok`` False is a refused conditional write (BadVersion)."""

    event: ClassVar[str] = "zk_write"
    path: str = ""
    op: str = "set"  # create | set | delete
    ok: bool = True
    expected_version: int | None = None
    version: int | None = None  # the znode's version after the write
    data: str | None = None  # the znode's new data (Kafka's JSON)
    writer: int | None = None  # broker id (the controller is a broker too)
    # Log-only (not in ``to_dict``; ``--emit-logs``): "isr" for a partition leader's own ISR
    # update, the write whose refusal Kafka logs as "Cached zkVersion … skip updating ISR";
    # the zxid a successful write got (the exported ZooKeeper state's stat).
    purpose: str | None = field(default=None, compare=False, metadata=LOG_ONLY)
    zxid: int | None = field(default=None, compare=False, metadata=LOG_ONLY)  # of a successful write


@dataclass(frozen=True, slots=True)
class IsrChangeNotification(Effect):
    """``isr-change-propagation`` created ``/isr_change_notification/isr_change_N``."""

    event: ClassVar[str] = "isr_change_notification"
    path: str = ""
    broker: int = -1
    partitions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AlterPartitionEvent(Effect):
    """An AlterIsr / AlterPartition request sent, or its answer (``error`` set)."""

    event: ClassVar[str] = "alter_partition"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    isr: tuple[int, ...] = ()
    leader_epoch: int = 0
    zk_version: int = 0
    phase: str = "sent"  # sent | accepted | rejected | retried | reverted
    error: str | None = None


@_cheap_init
@dataclass(frozen=True, slots=True)
class ProduceResponse(Effect):
    event: ClassVar[str] = "produce_response"
    client: str = ""
    topic: str = ""
    partition: int = 0
    error: str = "NONE"
    base_offset: int | None = None
    records: int | None = None
    acks: int | None = None


@dataclass(frozen=True, slots=True)
class Truncated(Effect):
    """A replica truncated its log (``cause``: high_watermark before KIP-101, leader_epoch
    after; ``records`` = from_offset - to_offset)."""

    event: ClassVar[str] = "truncate"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    from_offset: int = 0
    to_offset: int = 0
    records: int = 0
    cause: str = ""
    leader_epoch: int | None = None
    # Log-only (``--emit-logs``): the leader the follower truncated against, its own high
    # watermark just before, and each OffsetsForLeaderEpoch answer it truncated by: (leader
    # epoch, end offset, offset truncated to, truncation completed) — the fetcher's lines print them.
    leader: int | None = field(default=None, compare=False, metadata=LOG_ONLY)
    hw: int | None = field(default=None, compare=False, metadata=LOG_ONLY)
    answers: tuple[tuple[int, int, int, bool], ...] | None = field(default=None, compare=False,
                                                                   metadata=LOG_ONLY)


@dataclass(frozen=True, slots=True)
class DataLoss(Effect):
    """Acknowledged records gone from the partition's history: truncated away on every replica
    that could have kept them, or kept only where a replica's log diverged from its leader's
    (KIP-101's second scenario, :mod:`.ledger`): offsets [first_offset, last_offset] were
    below a high watermark a producer saw."""

    event: ClassVar[str] = "data_loss"
    topic: str = ""
    partition: int = 0
    broker: int = -1
    first_offset: int = 0
    last_offset: int = 0
    records: int = 0
    acknowledged_by: tuple[str, ...] = ()  # producer clients that were told it was written


@dataclass(frozen=True, slots=True)
class MetadataRecord(Effect):
    """KRaft mode: a record the active controller appended to the ``__cluster_metadata`` log
    (what ``kafka-dump-log --cluster-metadata-decoder`` prints), at metadata offset ``offset``.
    ``record`` is Kafka's record type: ``RegisterBrokerRecord``, ``FenceBrokerRecord`` /
    ``UnfenceBrokerRecord`` (3.0-3.2) or ``BrokerRegistrationChangeRecord`` (3.3+, KIP-841,
    with ``fenced`` and ``in_controlled_shutdown``), ``PartitionRecord``,
    ``PartitionChangeRecord``.  A change record carries the partition's state after it, with
    the epochs it bumped (``PartitionRegistration.merge``)."""

    event: ClassVar[str] = "metadata_record"
    record: str = ""
    offset: int = 0
    topic: str | None = None
    partition: int | None = None
    broker: int | None = None  # the broker a broker record is about
    broker_epoch: int | None = None
    fenced: bool | None = None
    in_controlled_shutdown: bool | None = None
    leader: int | None = None
    leader_epoch: int | None = None
    partition_epoch: int | None = None
    isr: tuple[int, ...] | None = None
    replicas: tuple[int, ...] | None = None
    leader_recovery_state: str | None = None
