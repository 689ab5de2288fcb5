"""The ZooKeeper-mode controller (``KafkaController`` with its ``ControllerContext``,
``ZkPartitionStateMachine`` and ``ZkReplicaStateMachine``), restated from 2.6.0 / 2.8.0 /
3.4.0 and sans-I/O: it reads and writes :class:`.zookeeper.ZooKeeper` and hands each
LeaderAndIsr to ``send`` (the world delivers it through its queue).

What it does, in Kafka's order:

* **becoming controller**: create ``/controller`` (ephemeral) and bump ``/controller_epoch``
  (from 2.1 in one multi, the epoch node created holding 0 first; before, the first
  controller creates it holding 1 — either way the first epoch is 1); delete pending ISR-change notifications;
  read the live brokers and every partition's state from ZooKeeper; the replica state
  machine starts — LeaderAndIsr (same leader epoch) to every live replica, and every
  replica on a dead broker leaves its ISR — then the partition state machine elects leaders
  for partitions whose leader is not live;
* **broker failure** (``onBrokerFailure`` → ``onReplicasBecomeOffline``): partitions whose
  leader is gone go OfflinePartition and are elected (clean from the live ISR; unclean from
  any live replica when ``unclean.leader.election.enable``, default true before 0.11,
  KIP-106); then the dead broker leaves every ISR it is in — a removal that takes the
  leader leaves ``leader: -1``, and the last ISR member is never removed; every write bumps
  the leader epoch (``LeaderAndIsr.newLeaderAndIsr``);
* **broker start** (``onBrokerStartup``): LeaderAndIsr of each of its partitions to the new
  broker, then elections for partitions still offline;
* **controlled shutdown** (``doControlledShutdown``): the broker's leaderships (replication
  factor > 1) move by the controlled-shutdown election, and it leaves the ISR of the
  partitions it follows;
* **elections on request**: preferred (the first assigned replica, if live and in sync and
  not already leader), clean / unclean (only for a partition without a live leader — the
  ElectLeaders API answers ELECTION_NOT_NEEDED otherwise);
* **auto leader rebalance** (``auto.leader.rebalance.enable``, default true): 5 s after
  becoming controller and every ``leader.imbalance.check.interval.seconds`` (300) after,
  preferred elections for brokers whose leader imbalance is above
  ``leader.imbalance.per.broker.percentage`` (10);
* **ISR-change notifications** (ZooKeeper-mode ISR writes, before 2.7): read every
  ``/isr_change_notification/isr_change_N``, refresh those partitions from ZooKeeper and
  delete the notifications;
* **AlterIsr / AlterPartition** (2.7+): validate each change against the controller's
  cached state and write it conditionally on the leader's partition epoch (zkVersion).

Elections and ISR removals read the partition's state from ZooKeeper right before writing
(``getTopicPartitionStatesRaw``), refuse a state written by a newer controller epoch, and
write conditionally on the version read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..config import Config
from ..effects import Effect
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from . import election
from .alter_partition import AlterPartitionRequest, AlterPartitionResponse
from .effects import (
    BrokerChangeHandled,
    ControllerElected,
    ControllerReady,
    ControllerResigned,
    IsrChanged,
    LeaderChanged,
    ReplicaStateChanged,
)
from .model import IsrProposal, IsrResult, LeaderAndIsr, LeaderRecoveryState, TopicPartition
from .zookeeper import (
    BROKER_IDS_PATH,
    CONTROLLER_EPOCH_PATH,
    CONTROLLER_PATH,
    INITIAL_CONTROLLER_EPOCH,
    ISR_CHANGE_PATH,
    ZooKeeper,
    controller_json,
    decode_isr_change,
    decode_partition_state,
    partition_state_json,
    partition_state_path,
)

E = ErrorCode
NO_LEADER = -1
#: LeaderAndIsr delivery: (broker, partition, state, controller epoch)
#: (broker, partition, state, controller epoch, isNew): hand a LeaderAndIsr to a broker
Send = Callable[[int, TopicPartition, LeaderAndIsr, int, bool], None]


def announce(emit: Callable[[Effect], None], now: int, tp: TopicPartition, old: LeaderAndIsr,
             new: LeaderAndIsr, how: str | None, cause: str, controller: int | None, epoch: int,
             live: tuple[int, ...] | None = None) -> None:
    """A controller's change of a partition as effects: ``leader`` when the leader changed or an
    election (``how``) ran, ``isr_change`` when the ISR changed; ``live``: the live assigned
    replicas an election chose from (its log line names them)."""
    if new.leader != old.leader or how is not None:
        emit(LeaderChanged(now, tp[0], tp[1], -1, old.leader, new.leader, new.leader_epoch, new.isr, how,
                           controller, epoch, new.zk_version, new.leader_recovery_state.name, live))
    if new.isr != old.isr:
        emit(IsrChanged(now, tp[0], tp[1], -1, old.isr, new.isr, new.leader_epoch, new.zk_version, cause))


class Controller:
    """Mutable: the cluster's controller role (at most one broker holds it at a time)."""

    def __init__(self, profile: Profile, config: Config, zk: ZooKeeper, emit: Callable[[Effect], None],
                 now: Callable[[], int], send: Send, *, automatic: bool = True,
                 note: Callable[[object], None] | None = None) -> None:
        self.profile = profile
        #: where the log-only notes go (``EffectLog.notes``: what only the controller's lines print)
        self._note = note or (lambda item: None)
        #: False with ``controller: scripted``: the role is held and its context kept, but it
        #: decides nothing on its own (no elections, ISR removals or answers unless asked)
        self.automatic = automatic
        self.config = config
        self.zk = zk
        self._emit = emit
        self._now = now
        self._send = send
        self.id: int | None = None  # the broker holding the role
        self.epoch = INITIAL_CONTROLLER_EPOCH
        self.live: dict[int, int] = {}  # live (or shutting-down) broker -> broker epoch
        self.shutting_down: set[int] = set()
        #: the assignment (stands for /brokers/topics/T, which this model does not write)
        self.assignment: dict[TopicPartition, tuple[int, ...]] = {}
        self.cache: dict[TopicPartition, LeaderAndIsr] = {}  # partitionLeadershipInfo
        self.offline: set[TopicPartition] = set()  # partitions in OfflinePartition
        self._decoded: dict[TopicPartition, tuple[int, LeaderAndIsr]] = {}  # by the znode's mzxid
        self._paths: dict[TopicPartition, str] = {}  # partition_state_path, formatted once
        #: log-only: each replica's state in the replica state machine (``replicaStates``: OnlineReplica
        #: / OfflineReplica), what its state-change lines print as the state a replica left; decides nothing
        self.replica_states: dict[tuple[TopicPartition, int], str] = {}

    # -- reading ----------------------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self.id is not None

    def eligible(self) -> set[int]:
        """``liveBrokerIds``: live and not shutting down."""
        return set(self.live) - self.shutting_down

    def read(self, tp: TopicPartition) -> LeaderAndIsr | None:
        """The partition's state as ZooKeeper holds it now."""
        path = self._paths.get(tp)
        if path is None:
            path = self._paths[tp] = partition_state_path(tp)
        node = self.zk.nodes.get(path)
        if node is None:
            return None
        replicas = self.assignment.get(tp, ())
        cached = self._decoded.get(tp)
        if cached is not None and cached[0] == node.mzxid and cached[1].replicas == replicas:
            return cached[1]
        state = decode_partition_state(node.data, node.version, replicas)
        self._decoded[tp] = (node.mzxid, state)
        return state

    # -- writing ----------------------------------------------------------------------------

    def _write(self, new: LeaderAndIsr, tp: TopicPartition) -> LeaderAndIsr | None:
        """``updateLeaderAndIsr``: conditional on ``new.zk_version`` (the version read);
        the state as written, or None when ZooKeeper refused it."""
        written = replace(new, controller_epoch=self.epoch)
        version = self.zk.set(partition_state_path(tp), partition_state_json(written), new.zk_version,
                              writer=self.id)
        if version is None:
            return None
        written = replace(written, zk_version=version)
        self.cache[tp] = written
        return written

    def _fresh(self, tp: TopicPartition) -> LeaderAndIsr | None:
        """The state to decide on, or None when there is none or a newer controller wrote it
        ("Aborted leader election … already written by another controller")."""
        state = self.read(tp)
        if state is None or state.controller_epoch > self.epoch:
            return None
        return state

    def _tell(self, tp: TopicPartition, state: LeaderAndIsr, recipients: Iterable[int], *,
              is_new: bool = False) -> None:
        for broker in recipients:
            self._send(broker, tp, state, self.epoch, is_new)

    def announce(self, tp: TopicPartition, old: LeaderAndIsr, new: LeaderAndIsr, how: str | None,
                 cause: str, live: tuple[int, ...] | None = None) -> None:
        announce(self._emit, self._now(), tp, old, new, how, cause, self.id, self.epoch, live)

    # -- the role ---------------------------------------------------------------------------

    def become(self, broker: int, session: int) -> bool:
        """``registerControllerAndIncrementControllerEpoch`` then ``onControllerFailover``;
        False when another broker holds ``/controller``."""
        if self.zk.get(CONTROLLER_PATH) is not None:
            return False
        epoch_node = self.zk.get(CONTROLLER_EPOCH_PATH)
        registration = controller_json(broker, self._now())
        if not self.profile.has(Switch.CONTROLLER_EPOCH_IN_ONE_MULTI):
            # before 2.1: /controller first, then the first controller creates the epoch at 1
            self.zk.create(CONTROLLER_PATH, registration, session=session, writer=broker)
            if epoch_node is None:
                self.zk.create(CONTROLLER_EPOCH_PATH, str(INITIAL_CONTROLLER_EPOCH + 1), writer=broker)
                self.epoch = INITIAL_CONTROLLER_EPOCH + 1
                version, before = 0, None  # KafkaController.InitialControllerEpochZkVersion
            else:
                self.epoch = int(epoch_node.data) + 1
                before = (int(epoch_node.data), epoch_node.version)
                version = self.zk.set(CONTROLLER_EPOCH_PATH, str(self.epoch), epoch_node.version,
                                      writer=broker)
            self.id = broker
            self._noted_election(version, before)
            self._failover()
            return True
        if epoch_node is None:
            self.zk.create(CONTROLLER_EPOCH_PATH, str(INITIAL_CONTROLLER_EPOCH), writer=broker)
            epoch_node = self.zk.get(CONTROLLER_EPOCH_PATH)
            assert epoch_node is not None
        current = int(epoch_node.data)
        self.zk.create(CONTROLLER_PATH, registration, session=session, writer=broker)
        version = self.zk.set(CONTROLLER_EPOCH_PATH, str(current + 1), epoch_node.version, writer=broker)
        self.id = broker
        self.epoch = current + 1
        self._noted_election(version, None)
        self._failover()
        return True

    def resign(self, cause: str | None = None) -> None:
        """``cause`` (log-only): ``shutdown`` or ``session_expired`` when the broker lives on to
        log its resignation (``onControllerResignation``); None for a crash, which logs nothing."""
        if cause is not None and self.id is not None:
            self._note(ControllerResigned(self._now(), self.id, self.epoch, cause))
        self.id = None
        self.live.clear()
        self.shutting_down.clear()
        self.cache.clear()
        self.offline.clear()

    def _failover(self) -> None:
        if self.automatic:
            for path in self.zk.children(ISR_CHANGE_PATH):  # "Deleting isr change notifications"
                self.zk.delete(path, writer=self.id)
        self.live = {}
        for path in self.zk.children(BROKER_IDS_PATH):
            node = self.zk.get(path)
            if node is not None:
                self.live[int(path.rsplit("/", 1)[1])] = node.czxid
        self.shutting_down.clear()
        self.cache = {}
        for tp in sorted(self.assignment):
            state = self.read(tp)
            if state is not None:
                self.cache[tp] = state
        self.offline = {tp for tp, s in self.cache.items() if s.leader not in self.eligible()}
        # replicaStateMachine.startup: live replicas OnlineReplica, the others (through
        # ReplicaDeletionIneligible from 1.1) OfflineReplica — not noted: their lines are not written
        self.replica_states = {(tp, b): "OnlineReplica" if b in self.live else "OfflineReplica"
                               for tp, replicas in self.assignment.items() for b in replicas}
        if not self.automatic:
            self._noted_ready()
            return
        # replicaStateMachine.startup(): online replicas get the state, offline ones leave the ISR
        for tp in sorted(self.cache):
            self._tell(tp, self.cache[tp], [b for b in self.assignment[tp] if b in self.live])
        for broker in sorted({b for r in self.assignment.values() for b in r} - set(self.live)):
            self._remove_from_isr(broker, [tp for tp in sorted(self.cache) if broker in self.assignment[tp]],
                                  noted=False)
        self._elect_offline()  # partitionStateMachine.startup()
        self._noted_ready()

    # -- partitions -------------------------------------------------------------------------

    def create_partition(self, tp: TopicPartition, state: LeaderAndIsr) -> LeaderAndIsr:
        """A new partition (``initializeLeaderAndIsrForPartitions``): the state znode is
        created and LeaderAndIsr goes to the live replicas.  A state the trace gives with a
        zkVersion above 0 is seeded as ZooKeeper's (input, not a write)."""
        self.assignment[tp] = state.replicas
        written = replace(state, controller_epoch=self.epoch if self.active else state.controller_epoch)
        path = partition_state_path(tp)
        if written.zk_version == 0 and self.zk.get(path) is None:
            self.zk.create(path, partition_state_json(written), writer=self.id)
        else:
            self.zk.seed(path, partition_state_json(written), written.zk_version)
        self.cache[tp] = written
        if written.leader not in self.eligible():
            self.offline.add(tp)
        for b in written.replicas:  # onNewPartitionCreation: NewReplica, then OnlineReplica (not noted)
            self.replica_states[(tp, b)] = "OnlineReplica"
        self._tell(tp, written, [b for b in written.replicas if b in self.live], is_new=True)
        return written

    def impose(self, tp: TopicPartition, state: LeaderAndIsr) -> bool:
        """A state the trace decides (a scripted LeaderAndIsr or AlterPartition answer): a
        regular write when it is the next version (True), else seeded as ZooKeeper's."""
        self.assignment[tp] = state.replicas
        path = partition_state_path(tp)
        node = self.zk.get(path)
        written = node is not None and state.zk_version == node.version + 1
        if node is not None and written:
            self.zk.set(path, partition_state_json(state), node.version, writer=self.id)
        else:
            self.zk.seed(path, partition_state_json(state), state.zk_version)
        self.cache[tp] = state
        if state.leader in self.eligible():
            self.offline.discard(tp)
        return written

    # -- elections --------------------------------------------------------------------------

    def _unclean_enabled(self) -> bool:
        return self.config.bool("unclean.leader.election.enable", False)

    def _elect_offline(self, allow_unclean: bool | None = None, only: Iterable[TopicPartition] | None = None
                       ) -> list[TopicPartition]:
        """``triggerOnlinePartitionStateChange``: elect every offline partition (or those of
        ``only``); the partitions elected."""
        unclean = self._unclean_enabled() if allow_unclean is None else allow_unclean
        wanted = sorted(self.offline if only is None else set(only))
        done: list[TopicPartition] = []
        for tp in wanted:
            state = self._fresh(tp)
            if state is None:
                continue
            live = [b for b in self.assignment[tp] if b in self.eligible()]
            got = election.offline(state, set(live), unclean)
            if got is None:
                continue  # "Failed to elect leader for partition": stays offline
            new, how = got
            if how is election.Election.UNCLEAN and self.profile.has(Switch.LEADER_RECOVERY_STATE):
                new = replace(new, leader_recovery_state=LeaderRecoveryState.RECOVERING)
            if self._apply(tp, state, new, how.value, "election", live):
                done.append(tp)
        return done

    def _apply(self, tp: TopicPartition, old: LeaderAndIsr, new: LeaderAndIsr, how: str | None, cause: str,
               recipients: Iterable[int]) -> bool:
        written = self._write(new, tp)
        if written is None:
            return False
        self.offline.discard(tp)
        told = tuple(recipients)
        self.announce(tp, old, written, how, cause, told)
        self._tell(tp, written, told)
        return True

    def elect(self, tp: TopicPartition, strategy: str) -> bool:
        """An election on request (``elect`` stimulus / ElectLeaders): whether one happened."""
        if not self.active or tp not in self.assignment:
            return False  # ElectLeaders needs a controller
        state = self._fresh(tp)
        if state is None:
            return False
        if strategy == "preferred":
            if state.replicas and state.leader == state.replicas[0]:
                return False  # ELECTION_NOT_NEEDED
            live = [b for b in self.assignment[tp] if b in self.eligible()]
            new = election.preferred(state, set(live))
            return new is not None and self._apply(tp, state, new, "preferred", "election", live)
        if strategy in ("clean", "unclean"):
            if state.leader in self.eligible():
                return False  # ELECTION_NOT_NEEDED: it has a live leader
            self.offline.add(tp)
            return bool(self._elect_offline(strategy == "unclean", only=[tp]))
        raise ValueError(f"unknown election strategy {strategy!r}: use clean, unclean or preferred")

    def auto_rebalance(self) -> list[TopicPartition]:
        """``checkAndTriggerAutoLeaderRebalance``: for each preferred broker whose share of
        partitions led by someone else is above ``leader.imbalance.per.broker.percentage``,
        a preferred election for those whose preferred replica is live and in the ISR the
        controller knows; the partitions elected."""
        if not self.active:
            return []
        limit = self.config.int("leader.imbalance.per.broker.percentage", 10) / 100
        by_preferred: dict[int, list[TopicPartition]] = {}
        for tp in sorted(self.cache):
            if self.assignment.get(tp):
                by_preferred.setdefault(self.assignment[tp][0], []).append(tp)
        elected: list[TopicPartition] = []
        for broker, tps in sorted(by_preferred.items()):
            astray = [tp for tp in tps if self.cache[tp].leader != broker]
            if len(astray) / len(tps) <= limit:
                continue
            for tp in astray:
                if broker in self.eligible() and broker in self.cache[tp].isr and self.elect(tp, "preferred"):
                    elected.append(tp)
        return elected

    # -- brokers ----------------------------------------------------------------------------

    def note_live(self, broker: int, epoch: int) -> None:
        """A scripted controller's context learns a registration (it acts on nothing)."""
        if self.active:
            self.live[broker] = epoch
            self.shutting_down.discard(broker)

    def note_gone(self, broker: int) -> None:
        self.live.pop(broker, None)
        self.shutting_down.discard(broker)

    def broker_registered(self, broker: int, epoch: int) -> None:
        """``onBrokerStartup`` (a bounced broker — a new registration — counts as new)."""
        if not self.active:
            return
        self.live[broker] = epoch
        self.shutting_down.discard(broker)
        self._noted_brokers("startup", broker, False)
        for tp in sorted(self.cache):
            if broker in self.assignment[tp]:
                self._replica_state(tp, broker, "OnlineReplica")
                self._send(broker, tp, self.cache[tp], self.epoch, False)
        self._elect_offline()

    def broker_gone(self, broker: int) -> None:
        """``onBrokerFailure``: elections for the partitions it led, then it leaves the ISRs."""
        if not self.active or broker not in self.live:
            return
        del self.live[broker]
        was_shutting_down = broker in self.shutting_down
        self.shutting_down.discard(broker)
        self._noted_brokers("failure", broker, was_shutting_down)
        hosted = [tp for tp in sorted(self.cache) if broker in self.assignment[tp]]
        self.offline |= {tp for tp, s in self.cache.items() if s.leader not in self.eligible()}
        self._elect_offline()
        self._remove_from_isr(broker, hosted)

    def controlled_shutdown(self, broker: int) -> list[TopicPartition]:
        """``doControlledShutdown``; the replicated partitions it still leads afterwards."""
        if not self.active or broker not in self.live:
            return []
        # a retry asks again (KafkaServer.controlledShutdown): the broker is already shutting down,
        # and what could not move then is tried again (KafkaController.doControlledShutdown, 2.8.0)
        self.shutting_down.add(broker)
        self._noted_shutdown(broker)
        acted = [tp for tp in sorted(self.cache)
                 if broker in self.assignment[tp] and len(self.assignment[tp]) > 1]
        led = [tp for tp in acted if self.cache[tp].leader == broker]
        for tp in led:
            state = self._fresh(tp)
            if state is None:
                continue
            reachable = [b for b in self.assignment[tp] if b in self.live]  # shutting-down ones included
            new = election.controlled_shutdown(state, set(reachable), self.shutting_down)
            if new is not None:
                self._apply(tp, state, new, "controlled_shutdown", "election", reachable)
        self._remove_from_isr(broker, [tp for tp in acted if tp not in led])
        return [tp for tp in acted if self.cache[tp].leader == broker]

    def _remove_from_isr(self, broker: int, tps: Iterable[TopicPartition], *, noted: bool = True) -> None:
        """``removeReplicasFromIsr`` (the OfflineReplica transition); ``noted``: its replica
        state changes go to the notes (not at failover, whose lines are not written)."""
        for tp in tps:
            state = self._fresh(tp)
            if state is None:
                continue
            if broker not in state.isr:
                self.cache[tp] = state
                self._replica_state(tp, broker, "OfflineReplica", state, noted=noted)
                continue
            leader = NO_LEADER if broker == state.leader else state.leader
            isr = state.isr if len(state.isr) == 1 else tuple(b for b in state.isr if b != broker)
            new = replace(state, leader=leader, leader_epoch=state.leader_epoch + 1, isr=isr)
            recipients = [b for b in self.assignment[tp] if b != broker and b in self.live]
            if self._apply(tp, state, new, None, "shrink", recipients):
                self._replica_state(tp, broker, "OfflineReplica", self.cache[tp], noted=noted)
            if leader == NO_LEADER:
                self.offline.add(tp)

    # -- log-only notes ----------------------------------------------------------------------

    def _replica_state(self, tp: TopicPartition, broker: int, to: str, state: LeaderAndIsr | None = None, *,
                       noted: bool = True) -> None:
        """A replica's move in the replica state machine: kept, and noted for the log lines."""
        before = self.replica_states.get((tp, broker), "NonExistentReplica")
        self.replica_states[(tp, broker)] = to
        if noted and self.id is not None:
            self._note(ReplicaStateChanged(self._now(), self.id, self.epoch, tp[0], tp[1], broker, before, to,
                                           state))

    def _noted_election(self, version: int | None, before: tuple[int, int] | None) -> None:
        if self.id is not None:
            prev, prev_version = before if before is not None else (None, None)
            self._note(ControllerElected(self._now(), self.id, self.epoch, version or 0, prev, prev_version))

    def _noted_ready(self) -> None:
        if self.id is not None:
            self._note(ControllerReady(self._now(), self.id, self.epoch))

    def _noted_brokers(self, cause: str, broker: int, was_shutting_down: bool) -> None:
        if self.id is not None:
            live = tuple(sorted(self.live))
            self._note(BrokerChangeHandled(self._now(), self.id, self.epoch, cause, broker, live,
                                           was_shutting_down))

    def _noted_shutdown(self, broker: int) -> None:
        """doControlledShutdown's INFO "Shutting down broker B", then (with B added) DEBUG "All shutting
        down brokers: …" and "Live brokers: …" (KafkaController 0.10.2.0, 1.1.0, 2.8.0, 3.4.0)."""
        if self.id is not None:
            shutting = tuple(sorted(self.shutting_down))
            self._note(BrokerChangeHandled(self._now(), self.id, self.epoch, "controlled_shutdown", broker,
                                           tuple(sorted(self.live)), False, shutting))

    # -- the brokers' ISR changes -----------------------------------------------------------

    def isr_change_notifications(self) -> list[TopicPartition]:
        """``processIsrChangeNotification``: the partitions refreshed."""
        if not self.active:
            return []
        paths = self.zk.children(ISR_CHANGE_PATH)
        changed: list[TopicPartition] = []
        for path in paths:
            node = self.zk.get(path)
            if node is not None:
                changed += [tp for tp in decode_isr_change(node.data) if tp not in changed]
        for tp in changed:
            state = self.read(tp)
            if state is not None and tp in self.assignment:
                self.cache[tp] = state
        for path in paths:
            self.zk.delete(path, writer=self.id)
        return changed

    def alter_partition(self, request: AlterPartitionRequest) -> AlterPartitionResponse:
        """``processAlterIsr`` (2.7) / ``tryProcessAlterPartition`` (3.2+)."""
        if not self.active:
            return AlterPartitionResponse(E.NOT_CONTROLLER)
        if self.live.get(request.broker) != request.broker_epoch:
            return AlterPartitionResponse(E.STALE_BROKER_EPOCH)
        return AlterPartitionResponse(E.NONE, {p.tp: self._alter(p) for p in request.proposals})

    def _alter(self, p: IsrProposal) -> IsrResult:
        current = self.cache.get(p.tp)
        if current is None:
            return IsrResult(p, E.UNKNOWN_TOPIC_OR_PARTITION)
        checks = self.profile.has(Switch.ALTER_PARTITION_EPOCH_CHECKS)
        if checks and (p.zk_version > current.zk_version or p.leader_epoch > current.leader_epoch):
            return IsrResult(p, E.NOT_CONTROLLER)  # KAFKA-14154: the leader is ahead of this controller
        if p.leader_epoch < current.leader_epoch:
            return IsrResult(p, E.FENCED_LEADER_EPOCH)
        same = (p.broker == current.leader and p.leader_epoch == current.leader_epoch and p.isr == current.isr
                and current.leader_recovery_state is LeaderRecoveryState.RECOVERED)
        if same and (not checks or p.zk_version <= current.zk_version):
            return IsrResult(p, E.NONE, current)  # already so: answered with the current state
        if checks and p.zk_version < current.zk_version:
            return IsrResult(p, E.INVALID_UPDATE_VERSION)
        if self.profile.has(Switch.ALTER_PARTITION_ELIGIBILITY) and set(p.isr) - self.eligible():
            return IsrResult(p, E.INELIGIBLE_REPLICA)
        new = LeaderAndIsr(p.broker, p.leader_epoch, p.isr, self.assignment[p.tp], p.zk_version, self.epoch)
        written = self._write(new, p.tp)
        if written is None:
            return IsrResult(p, E.INVALID_UPDATE_VERSION)  # bad ZK version
        return IsrResult(p, E.NONE, written)
