"""The KRaft controller (``QuorumController`` with its ``ReplicationControlManager``,
``ClusterControlManager``, ``BrokerHeartbeatManager`` and ``PartitionChangeBuilder``), restated
from 3.0.0 – 3.9 and trunk of 2024-10 (4.0) and sans-I/O.  It plays the part the ZooKeeper-mode
:class:`.controller.Controller` plays for the world, with the same methods, but holds the
cluster metadata itself: every change is a record appended to ``__cluster_metadata``
(a :class:`.effects.MetadataRecord` effect), no ZooKeeper is written, and the brokers learn
each partition change from the metadata log (the world delivers it as it delivers a
LeaderAndIsr; the state carries controller epoch -1, as ``PartitionRegistration.
toLeaderAndIsrPartitionState`` sets it).

What it does, in Kafka's order:

* **registration** (``ClusterControlManager.registerBroker``): a ``RegisterBrokerRecord``;
  the broker epoch is that record's offset; the broker starts fenced and is unfenced once it
  has caught up with the metadata (here at once): an ``UnfenceBrokerRecord`` (3.0–3.2) or a
  ``BrokerRegistrationChangeRecord`` (3.3+, KIP-841), then ``handleBrokerUnfenced`` elects a
  leader for every leaderless partition that can have one now;
* **fencing** (``handleBrokerFenced``: a crash, seen when the broker's session times out —
  here when ``broker_fail`` says so): the broker leaves every ISR it is in (unless it is the
  only member: the ISR is never written empty) and, where it led, the leadership moves; the
  partition records come before the fence record;
* **controlled shutdown** (``handleBrokerInControlledShutdown``): the same moves at once for
  every partition whose ISR holds the broker — where no other ISR member is active the
  partition goes leaderless; there is no retry and no wait for an ISR peer (ZooKeeper mode's
  ``controlled.shutdown.max.retries`` has no KRaft counterpart); then it is fenced;
* **a partition change** (``PartitionChangeBuilder``): one ``PartitionChangeRecord``; the
  partition epoch +1 always; the leader epoch +1 when the leader changes, and, before
  MetadataVersion 3.6-IV0 (KAFKA-15021), when the ISR shrinks; a change that changes
  nothing writes no record;
* **elections**: keep the leader if it is still in the ISR and active, else the first
  replica in assignment order that is in the ISR and active (active: unfenced and, 3.3+, not
  in controlled shutdown); unclean (ISR = the new leader alone, RECOVERING from 3.2) only by
  ElectLeaders before 3.9 — ``unclean.leader.election.enable`` was ignored
  (``uncleanLeaderElectionEnabledForTopic`` returned false) — and from 3.9 (KAFKA-12670) also
  at every broker change and by ``maybeElectUncleanLeaders`` every
  ``unclean.leader.election.interval.ms``; preferred by ElectLeaders and
  ``maybeBalancePartitionLeaders`` (3.3+, every ``leader.imbalance.check.interval.seconds``);
* **AlterPartition** (``ReplicationControlManager.alterPartition``): the broker epoch, then per
  partition Kafka's checks in Kafka's order (:meth:`QuorumController._alter`).

Not modelled: the controller quorum itself (one active controller, epoch 1, that never
fails over), the heartbeat timing (``broker_fail`` is the moment the session timed out),
eligible leader replicas (KIP-966: off in every release up to 4.0), reassignments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..config import Config
from ..effects import Effect
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from .alter_partition import AlterPartitionRequest, AlterPartitionResponse
from .controller import NO_LEADER, Send, announce
from .effects import MetadataRecord
from .model import IsrProposal, IsrResult, LeaderAndIsr, LeaderRecoveryState, TopicPartition

E = ErrorCode
#: the controller's node id when ``controller.quorum.voters`` names none (a trace has no
#: controller nodes; Kafka's docs number dedicated controllers from 3000)
DEFAULT_CONTROLLER_ID = 3000
#: brokers see this controller epoch in a KRaft partition state
KRAFT_CONTROLLER_EPOCH = -1
#: ``unclean.leader.election.interval.ms`` (3.9+, an internal config)
UNCLEAN_INTERVAL_MS = 300_000


def kraft_mode(profile: Profile, config: Config) -> bool:
    """Whether the cluster runs without ZooKeeper: always from 4.0; from 2.8 when the header
    sets ``process.roles`` (KIP-500), as a KRaft node's server.properties does."""
    if profile.has(Switch.ZOOKEEPER_REMOVED):
        return True
    return profile.has(Switch.KRAFT_MODE) and bool(config.get("process.roles"))


def controller_id(config: Config) -> int:
    """The active controller's node id: the first of ``controller.quorum.voters``
    (``id@host:port,…``), else :data:`DEFAULT_CONTROLLER_ID`."""
    voters = str(config.get("controller.quorum.voters") or "")
    first = voters.split(",")[0].split("@")[0].strip()
    return int(first) if first.isdigit() else DEFAULT_CONTROLLER_ID


class QuorumController:
    """Mutable: the active KRaft controller and the metadata it holds."""

    def __init__(self, profile: Profile, config: Config, emit: Callable[[Effect], None],
                 now: Callable[[], int], send: Send, *, automatic: bool = True,
                 note: Callable[[object], None] | None = None) -> None:
        self.profile = profile
        self.config = config
        self.automatic = automatic
        self._emit = emit
        self._now = now
        self._send = send
        self._note = note or (lambda item: None)
        self.id: int | None = controller_id(config)
        self.epoch = 1  # the Raft leader epoch of the active controller
        #: registered brokers -> broker epoch (the offset of their RegisterBrokerRecord)
        self.registered: dict[int, int] = {}
        #: unfenced brokers -> broker epoch (what the brokers' metadata calls alive)
        self.live: dict[int, int] = {}
        self.shutting_down: set[int] = set()
        self.assignment: dict[TopicPartition, tuple[int, ...]] = {}
        self.cache: dict[TopicPartition, LeaderAndIsr] = {}
        self.offline: set[TopicPartition] = set()
        self._offset = 0  # the next metadata offset (the log's bootstrap records come first)
        #: KIP-841 (3.3): BrokerRegistrationChangeRecord, and controlled shutdown marks a broker inactive
        self._kip_841 = profile.has(Switch.KRAFT_REGISTRATION_CHANGE_RECORD)
        #: KAFKA-15021 (3.6): a shrink keeps the leader epoch
        self._shrink_keeps_epoch = profile.has(Switch.KRAFT_ISR_SHRINK_KEEPS_LEADER_EPOCH)
        #: KAFKA-12670 (3.9): unclean.leader.election.enable honoured
        self._unclean_config = profile.has(Switch.KRAFT_UNCLEAN_ELECTION_CONFIG)

    # -- reading ----------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return True

    def eligible(self) -> set[int]:
        """``ClusterControlManager.isActive``: unfenced and (3.3+) not in controlled shutdown."""
        if not self._kip_841:
            return set(self.live)
        return set(self.live) - self.shutting_down

    def read(self, tp: TopicPartition) -> LeaderAndIsr | None:
        return self.cache.get(tp)

    def _unclean_enabled(self) -> bool:
        """Whether the controller itself elects uncleanly: only from 3.9 (KAFKA-12670)."""
        return self._unclean_config and self.config.bool("unclean.leader.election.enable", False)

    # -- the metadata log -------------------------------------------------------------------

    def _append(self, record: str, **fields: object) -> int:
        offset = self._offset
        self._offset += 1
        self._emit(MetadataRecord(self._now(), record, offset, **fields))  # type: ignore[arg-type]
        return offset

    def _partition_record(self, record: str, tp: TopicPartition, state: LeaderAndIsr) -> None:
        self._append(record, topic=tp[0], partition=tp[1], leader=state.leader,
                     leader_epoch=state.leader_epoch, partition_epoch=state.zk_version, isr=state.isr,
                     replicas=state.replicas,
                     leader_recovery_state=state.leader_recovery_state.name)

    def _broker_record(self, broker: int, *, fenced: bool | None = None,
                       shutdown: bool | None = None) -> None:
        epoch = self.registered.get(broker)
        if self._kip_841:
            self._append("BrokerRegistrationChangeRecord", broker=broker, broker_epoch=epoch, fenced=fenced,
                         in_controlled_shutdown=shutdown)
        elif fenced is not None:  # 3.0-3.2: no record marks a controlled shutdown
            self._append("FenceBrokerRecord" if fenced else "UnfenceBrokerRecord", broker=broker,
                         broker_epoch=epoch)

    # -- partition changes (PartitionChangeBuilder) -------------------------------------------

    def _elect(self, state: LeaderAndIsr, isr: tuple[int, ...], acceptable: Callable[[int], bool],
               unclean: bool, preferred: bool = False) -> tuple[int, bool]:
        """(leader, uncleanly) for a partition whose ISR becomes ``isr`` (``electLeader``)."""
        def valid(b: int) -> bool:
            return b in isr and acceptable(b)
        if preferred and state.replicas and valid(state.replicas[0]):
            return state.replicas[0], False
        if state.leader != NO_LEADER and valid(state.leader):
            return state.leader, False
        clean = next((b for b in state.replicas if valid(b)), None)
        if clean is not None:
            return clean, False
        if unclean and not preferred:
            chosen = next((b for b in state.replicas if acceptable(b)), None)
            if chosen is not None:
                return chosen, True
        return NO_LEADER, False

    def _change(self, tp: TopicPartition, isr: tuple[int, ...], cause: str, *, how: str | None = None,
                acceptable: Callable[[int], bool] | None = None, unclean: bool = False,
                preferred: bool = False, recovered: bool = False,
                leader_side: bool = False) -> LeaderAndIsr | None:
        """Build, write and announce one partition change; the new state, or None when the change
        changes nothing (no record).  ``isr``: the target ISR (an empty one is not written).
        ``leader_side``: the leader's own AlterPartition, whose answer the leader announces —
        unless the change bumped the leader epoch (before 3.6), when the leader ignores the answer
        and learns the change from the metadata log, so the controller's side is the one said."""
        state = self.cache[tp]
        target = isr if isr else state.isr
        ok = acceptable or (lambda b: b in self.eligible())
        leader, uncleanly = self._elect(state, target, ok, unclean, preferred)
        if uncleanly:
            target = (leader,)
        recovery = state.leader_recovery_state
        if uncleanly and self.profile.has(Switch.LEADER_RECOVERY_STATE):
            recovery = LeaderRecoveryState.RECOVERING
        elif recovered:
            recovery = LeaderRecoveryState.RECOVERED
        shrunk = not set(state.isr) <= set(target)
        bump = leader != state.leader or (shrunk and not self._shrink_keeps_epoch)
        if not bump and target == state.isr and recovery is state.leader_recovery_state:
            return None
        new = replace(state, leader=leader, isr=target, leader_recovery_state=recovery,
                      leader_epoch=state.leader_epoch + (1 if bump else 0), zk_version=state.zk_version + 1,
                      controller_epoch=KRAFT_CONTROLLER_EPOCH)
        self.cache[tp] = new
        if leader == NO_LEADER:
            self.offline.add(tp)
        else:
            self.offline.discard(tp)
        self._partition_record("PartitionChangeRecord", tp, new)
        if not leader_side or bump:
            election = ("unclean" if uncleanly else how or "clean") if leader != state.leader else how
            announce(self._emit, self._now(), tp, state, new, election if leader != NO_LEADER else None,
                     cause, self.id, self.epoch, tuple(b for b in state.replicas if ok(b)))
        self._tell(tp, new)
        return new

    def _tell(self, tp: TopicPartition, state: LeaderAndIsr, *, is_new: bool = False) -> None:
        """Every broker replays the record; a replica's broker applies it (fenced ones too)."""
        for broker in state.replicas:
            if broker in self.registered:
                self._send(broker, tp, state, KRAFT_CONTROLLER_EPOCH, is_new)

    def _with_broker(self, broker: int, *, remove: bool, cause: str, how: str | None = None
                     ) -> list[TopicPartition]:
        """``generateLeaderAndIsrUpdates``: ``broker`` leaves (``remove``) or joins; the partitions
        changed.  Leaving: every partition whose ISR holds it; joining: every leaderless one."""
        def acceptable(b: int) -> bool:
            if b == broker:
                return not remove
            return b in self.eligible()
        if remove:
            chosen = [tp for tp in sorted(self.cache) if broker in self.cache[tp].isr]
        else:
            chosen = [tp for tp in sorted(self.cache) if self.cache[tp].leader == NO_LEADER]
        changed: list[TopicPartition] = []
        for tp in chosen:
            isr = self.cache[tp].isr
            target = tuple(b for b in isr if b != broker) if remove else isr
            if self._change(tp, target, cause, how=how, acceptable=acceptable,
                            unclean=self._unclean_enabled()) is not None:
                changed.append(tp)
        return changed

    # -- the role (the world asks; a KRaft controller is no broker) --------------------------

    def become(self, broker: int, session: int) -> bool:
        return False

    def resign(self, cause: str | None = None) -> None:
        """(A broker's failure never touches a KRaft controller.)"""

    # -- partitions -------------------------------------------------------------------------

    def create_partition(self, tp: TopicPartition, state: LeaderAndIsr) -> LeaderAndIsr:
        """``createTopics``: a ``PartitionRecord`` (epochs as the trace gives them, 0 by default)."""
        self.assignment[tp] = state.replicas
        written = replace(state, controller_epoch=KRAFT_CONTROLLER_EPOCH)
        self.cache[tp] = written
        if written.leader == NO_LEADER or written.leader not in self.live:
            self.offline.add(tp)
        self._partition_record("PartitionRecord", tp, written)
        self._tell(tp, written, is_new=True)
        return written

    def impose(self, tp: TopicPartition, state: LeaderAndIsr) -> bool:
        """A state the trace decides: a change record when it is the next partition epoch."""
        self.assignment[tp] = state.replicas
        before = self.cache.get(tp)
        written = replace(state, controller_epoch=KRAFT_CONTROLLER_EPOCH)
        self.cache[tp] = written
        if written.leader in self.eligible():
            self.offline.discard(tp)
        elif written.leader == NO_LEADER:
            self.offline.add(tp)
        self._partition_record("PartitionChangeRecord", tp, written)
        return before is not None and state.zk_version == before.zk_version + 1

    def announce(self, tp: TopicPartition, old: LeaderAndIsr, new: LeaderAndIsr, how: str | None, cause: str,
                 live: tuple[int, ...] | None = None) -> None:
        announce(self._emit, self._now(), tp, old, new, how, cause, self.id, self.epoch, live)

    # -- elections --------------------------------------------------------------------------

    def elect(self, tp: TopicPartition, strategy: str) -> bool:
        """ElectLeaders: preferred (ELECTION_NOT_NEEDED when the first replica leads), clean or
        unclean (ELECTION_NOT_NEEDED while it has a leader); whether a change was written."""
        state = self.cache.get(tp)
        if state is None:
            return False
        if strategy == "preferred":
            if state.replicas and state.leader == state.replicas[0]:
                return False
            return self._change(tp, state.isr, "election", how="preferred", preferred=True) is not None
        if strategy in ("clean", "unclean"):
            if state.leader != NO_LEADER:
                return False
            return self._change(tp, state.isr, "election", unclean=strategy == "unclean") is not None
        raise ValueError(f"unknown election strategy {strategy!r}: use clean, unclean or preferred")

    def auto_rebalance(self) -> list[TopicPartition]:
        """``maybeBalancePartitionLeaders`` (3.3+): a preferred election for every partition whose
        first replica is active, in the ISR and not its leader."""
        return [tp for tp in sorted(self.cache) if self.imbalanced((tp,)) and self.elect(tp, "preferred")]

    def imbalanced(self, tps: Iterable[TopicPartition]) -> bool:
        """Whether one of ``tps`` has an active, in-sync preferred replica that does not lead."""
        eligible = self.eligible()
        return any((s := self.cache.get(tp)) is not None and bool(s.replicas) and s.leader != s.replicas[0]
                   and s.replicas[0] in s.isr and s.replicas[0] in eligible for tp in tps)

    def leaders_imbalanced(self) -> bool:
        """``arePartitionLeadersImbalanced``: some partition is led by another replica than its
        first, or by none (``imbalancedPartitions``: ``!hasPreferredLeader()``), whether or not
        that replica could lead now — what makes the controller schedule
        ``maybeBalancePartitionLeaders``."""
        return any(s.replicas and s.leader != s.replicas[0] for s in self.cache.values())

    def some_leaderless(self) -> bool:
        """``areSomePartitionsLeaderless`` (3.9+): what makes the controller schedule
        ``maybeElectUncleanLeaders`` — whatever ``unclean.leader.election.enable`` says now; the
        task reads the config when it runs."""
        return self._unclean_config and any(s.leader == NO_LEADER for s in self.cache.values())

    def elect_unclean_leaders(self) -> list[TopicPartition]:
        """``maybeElectUncleanLeaders`` (3.9+): leaderless partitions, uncleanly where need be."""
        if not self._unclean_enabled():
            return []
        return [tp for tp in sorted(self.offline) if tp in self.cache
                and self._change(tp, self.cache[tp].isr, "election", unclean=True) is not None]

    # -- brokers ----------------------------------------------------------------------------

    def register(self, broker: int) -> int:
        """``registerBroker``: a ``RegisterBrokerRecord`` (fenced); the new broker epoch."""
        self.live.pop(broker, None)
        self.shutting_down.discard(broker)
        epoch = self._offset
        self.registered[broker] = epoch
        self._append("RegisterBrokerRecord", broker=broker, broker_epoch=epoch, fenced=True)
        return epoch

    def note_live(self, broker: int, epoch: int) -> None:
        """A scripted controller unfences without electing anything."""
        self.registered.setdefault(broker, epoch)
        self.live[broker] = self.registered[broker]
        self.shutting_down.discard(broker)

    def note_gone(self, broker: int) -> None:
        self.live.pop(broker, None)
        self.shutting_down.discard(broker)

    def broker_registered(self, broker: int, epoch: int) -> None:
        """Unfenced (caught up with the metadata): the record, then ``handleBrokerUnfenced``."""
        if broker in self.live:
            return
        self.registered.setdefault(broker, epoch)
        for tp in sorted(self.cache):  # it replayed the metadata log before asking to be unfenced
            if broker in self.cache[tp].replicas:
                self._send(broker, tp, self.cache[tp], KRAFT_CONTROLLER_EPOCH, False)
        self.live[broker] = self.registered[broker]
        self.shutting_down.discard(broker)
        self._broker_record(broker, fenced=False)
        self._with_broker(broker, remove=False, cause="election")

    def broker_gone(self, broker: int) -> None:
        """Fenced (its session timed out, or it finished shutting down): ``handleBrokerFenced``,
        the partition records first, then the fence record."""
        if broker not in self.live:
            return
        self._with_broker(broker, remove=True, cause="shrink")
        del self.live[broker]
        self.shutting_down.discard(broker)
        self._broker_record(broker, fenced=True)

    def controlled_shutdown(self, broker: int) -> list[TopicPartition]:
        """``handleBrokerInControlledShutdown``: the registration marked (3.3+), then the broker
        leaves every ISR and leadership at once.  Nothing is ever left to retry: []."""
        if broker not in self.live:
            return []
        if broker not in self.shutting_down:
            self.shutting_down.add(broker)
            if self._kip_841:
                self._broker_record(broker, shutdown=True)
        self._with_broker(broker, remove=True, cause="shrink", how="controlled_shutdown")
        return []

    # -- the brokers' ISR changes -----------------------------------------------------------

    def isr_change_notifications(self) -> list[TopicPartition]:
        return []  # no ZooKeeper, no notifications

    def alter_partition(self, request: AlterPartitionRequest) -> AlterPartitionResponse:
        if self.registered.get(request.broker) != request.broker_epoch:
            return AlterPartitionResponse(E.STALE_BROKER_EPOCH)
        return AlterPartitionResponse(E.NONE, {p.tp: self._alter(p) for p in request.proposals})

    def _alter(self, p: IsrProposal) -> IsrResult:
        """One partition's change, Kafka's checks in Kafka's order (3.3+: ahead of the
        controller is NOT_CONTROLLER, KAFKA-14154, and older epochs are refused with ``<``, not
        ``!=``; ineligible members INELIGIBLE_REPLICA, KIP-841)."""
        current = self.cache.get(p.tp)
        if current is None:
            return IsrResult(p, E.UNKNOWN_TOPIC_OR_PARTITION)
        checks = self.profile.has(Switch.ALTER_PARTITION_EPOCH_CHECKS)
        if checks and (p.leader_epoch > current.leader_epoch or p.zk_version > current.zk_version):
            return IsrResult(p, E.NOT_CONTROLLER)
        if p.leader_epoch < current.leader_epoch or (not checks and p.leader_epoch != current.leader_epoch):
            return IsrResult(p, E.FENCED_LEADER_EPOCH)
        if p.broker != current.leader:
            return IsrResult(p, E.INVALID_REQUEST)
        if p.zk_version < current.zk_version or (not checks and p.zk_version != current.zk_version):
            return IsrResult(p, E.INVALID_UPDATE_VERSION)
        if len(set(p.isr)) != len(p.isr) or not set(p.isr) <= set(current.replicas) \
                or current.leader not in p.isr:
            return IsrResult(p, E.INVALID_REQUEST)
        if self.profile.has(Switch.ALTER_PARTITION_ELIGIBILITY) and set(p.isr) - self.eligible():
            return IsrResult(p, E.INELIGIBLE_REPLICA)
        new = self._change(p.tp, p.isr, p.cause, recovered=True, leader_side=True)
        return IsrResult(p, E.NONE, new if new is not None else current)
