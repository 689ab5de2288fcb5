"""One ZooKeeper-mode broker (``KafkaServer`` / ``ReplicaManager`` as far as replication
goes): alive or not, registered in ZooKeeper or not, its replicas (:class:`.partition.
Partition`), the LeaderAndIsr it accepts, its ISR channel and its periodic tasks.

* **Lifecycle.**  ``start``: a new session and an ephemeral ``/brokers/ids/N`` whose czxid
  is the broker epoch (KIP-380); its replicas restart from their logs (disk survives a
  crash, and the log's high watermark with it, as if just checkpointed; in-memory
  leadership does not).  ``fail``: the process is gone, its session with
  it.  ``expire_session``: the session and the registration go, but the process lives on
  with what it knew — its cached zkVersions now stale (its ISR writes refused: ``Cached
  zkVersion … skip updating ISR``), its AlterPartition requests answered
  STALE_BROKER_EPOCH — until it registers again (``register``, on ``broker_start``).
* **LeaderAndIsr** (``ReplicaManager.becomeLeaderOrFollower``): refused with
  STALE_CONTROLLER_EPOCH from an older controller epoch; a partition takes it only with a
  leader epoch above its own (else ignored, "not higher than the current leader epoch").
  A follower whose new leader is not alive keeps its state ("cannot become follower since
  the new leader N is unavailable").  A follower restarts fetching when its leader changed,
  or — from 2.1 (KAFKA-7164) — on every new leader epoch; restarting, it truncates: at once
  to its high watermark before 0.11, by leader epoch (before its first fetch, the world's
  step) after KIP-101.
* **Periodic tasks** (``ReplicaManager.startup``): ``isr-expiration`` every
  ``replica.lag.time.max.ms / 2`` (``replica.lag.time.max.ms`` before 0.10.2) and, before
  2.7's AlterIsr, ``isr-change-propagation`` every 2500 ms.  KafkaScheduler runs them at
  the broker's start and then every period; the run at start finds nothing to do (no
  LeaderAndIsr has arrived yet), so the first timer is one period after the start.  With
  ``periodic_tasks: manual`` only ``run_task`` runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..config import Config
from ..effects import Effect
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from ..timers import Timer, TimerQueue
from .alter_partition import AlterPartitionChannel, AlterPartitionRequest
from .effects import (
    DataLoss,
    IsrChangeNotification,
    LeaderAndIsrApplied,
    LeaderChanged,
    LeaderKept,
    ProduceResponse,
    Truncated,
)
from .isr import isr_expiration_period_ms
from .isr_propagation import PERIOD_MS as PROPAGATION_PERIOD_MS
from .isr_propagation import IsrChangePropagation
from .ledger import AckLedger
from .log import ReplicaLog
from .model import IsrChannel, IsrResult, LeaderAndIsr, TopicPartition, tp_name
from .partition import Partition
from .truncation import Truncation, truncate_to_hw
from .zk_isr import ZkIsrChannel
from .zookeeper import ISR_CHANGE_PREFIX, ZooKeeper, broker_json, broker_path, isr_change_json

E = ErrorCode
ISR_EXPIRATION = "isr-expiration"
ISR_CHANGE_PROPAGATION = "isr-change-propagation"
TASKS = (ISR_EXPIRATION, ISR_CHANGE_PROPAGATION)


@dataclass(frozen=True, slots=True)
class BrokerHooks:
    """What a broker needs from the world around it."""

    ledger: Callable[[TopicPartition], AckLedger]
    #: every replica's log of a partition, by broker (data survives while any of them holds it)
    holders: Callable[[TopicPartition], dict[int, ReplicaLog]]
    #: hand an AlterPartition request to the controller (None: a scripted controller)
    send_alter: Callable[[int, AlterPartitionRequest], None] | None
    #: an /isr_change_notification znode was created (the controller's watcher fires)
    notified: Callable[[], None]
    #: after a timer of this broker ran (the world drains its queue and checks invariants)
    after_timer: Callable[[], None]
    #: whether a broker is alive in this broker's metadata (what the controller told it)
    alive: Callable[[int], bool]
    #: a log-only note (no effect: what only the log lines print), e.g. :class:`LeaderKept`
    note: Callable[[object], None] = lambda item: None
    #: where the replicas' effects go (HW, ISR and produce answers, never a ZooKeeper write,
    #: which the world's emit watches for): straight to the effect list, a call fewer per
    #: effect (None: the broker's emit)
    replica_emit: Callable[[Effect], None] | None = None
    #: KRaft mode: register with the quorum controller, returning the new broker epoch (the
    #: offset of its RegisterBrokerRecord); None in ZooKeeper mode
    register: Callable[[int], int] | None = None


class Broker:
    """Mutable: one broker process and its replicas."""

    def __init__(self, broker_id: int, profile: Profile, config: Config, timers: TimerQueue,
                 emit: Callable[[Effect], None], zk: ZooKeeper, hooks: BrokerHooks, *,
                 periodic: bool) -> None:
        self.id = broker_id
        self.profile = profile
        self.config = config
        self.timers = timers
        self.emit = emit
        self.zk = zk
        self.hooks = hooks
        self.periodic = periodic
        self.alive = False
        self.registered = False
        self.session: int | None = None
        self.epoch = -1  # broker epoch: the czxid of its registration
        self.started_ms = 0
        self.controller_epoch = 0  # the highest seen in a LeaderAndIsr
        self.replicas: dict[TopicPartition, Partition] = {}
        self.needs_truncation: set[TopicPartition] = set()
        self.propagation: IsrChangePropagation | None = None
        self._zk_replicas: dict[TopicPartition, tuple[int, ...]] = {}
        self._zk_controller_epoch: dict[TopicPartition, int] = {}
        self.channel: IsrChannel = self._new_channel()
        self._tasks: dict[str, Timer] = {}

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def now(self) -> int:
        return self.timers.now

    def _new_channel(self) -> IsrChannel:
        if self.profile.has(Switch.ALTER_ISR):
            send = self.hooks.send_alter
            return AlterPartitionChannel(
                self.id, lambda: self.timers.now, self.emit, lambda: self.epoch, self._deliver,
                (lambda request: send(self.id, request)) if send is not None else None, self._later)
        self.propagation = IsrChangePropagation(self.started_ms)
        return ZkIsrChannel(self.zk, self.id, self._zk_replicas, self._zk_controller_epoch, self.propagation,
                            lambda: self.timers.now)

    def start(self, started_ms: int) -> None:
        """Start (or restart) the process: a new session, registered; replicas from disk."""
        self.alive = True
        self.started_ms = started_ms
        self.controller_epoch = 0  # memory: relearnt from the next LeaderAndIsr
        self._zk_replicas.clear()
        self._zk_controller_epoch.clear()
        self.session = self.zk.open_session(self.id) if self.hooks.register is None else None
        self.channel = self._new_channel()
        self.register()
        for tp, p in list(self.replicas.items()):
            self.replicas[tp] = self._partition(tp, p.log)
        self.needs_truncation.clear()
        if self.periodic:
            self._arm(ISR_EXPIRATION, isr_expiration_period_ms(self.config.int("replica.lag.time.max.ms"),
                                                                self.profile))
            if not self.profile.has(Switch.ALTER_ISR):
                self._arm(ISR_CHANGE_PROPAGATION, PROPAGATION_PERIOD_MS)

    def register(self) -> None:
        """Create ``/brokers/ids/N`` in the current session (``KafkaZkClient.registerBroker``);
        in KRaft mode, register with the controller (``BrokerLifecycleManager``)."""
        if self.hooks.register is not None:
            self.epoch = self.hooks.register(self.id)
            self.registered = True
            return
        if self.session is None:
            return
        path = broker_path(self.id)
        self.zk.create(path, broker_json(self.id, self.now), session=self.session, writer=self.id)
        node = self.zk.get(path)
        if node is not None and node.ephemeral_owner == self.session:
            self.registered = True
            self.epoch = node.czxid

    def fail(self) -> None:
        """The process dies: its session ends, parked produces get a disconnect."""
        self.alive = False
        self.registered = False
        for timer in self._tasks.values():
            TimerQueue.cancel(timer)
        self._tasks.clear()
        if isinstance(self.channel, AlterPartitionChannel):
            self.channel.clear()
        if self.session is not None:
            self.zk.expire(self.session)
            self.session = None
        for tp, p in list(self.replicas.items()):
            for parked in p.delayed:
                TimerQueue.cancel(parked.timer)
                if parked.client is not None:
                    self.emit(ProduceResponse(self.now, parked.client, tp[0], tp[1], E.NETWORK_EXCEPTION.name,
                                              parked.run.start, parked.run.records, -1))
            self.replicas[tp] = self._partition(tp, p.log)  # leadership is memory: gone
        self.needs_truncation.clear()

    def expire_session(self) -> None:
        """The ZooKeeper session expires: the registration goes; the process reconnects with
        a new session but is not registered until :meth:`register`."""
        if self.session is not None:
            self.zk.expire(self.session)
        self.registered = False
        self.session = self.zk.open_session(self.id) if self.alive else None

    # -- replicas ---------------------------------------------------------------------------

    def _partition(self, tp: TopicPartition, log: ReplicaLog | None) -> Partition:
        emit = self.hooks.replica_emit
        return Partition(tp, self.id, self.profile, self.config, self.timers, emit or self.emit,
                         self.hooks.ledger(tp), self.channel, log)

    def host(self, tp: TopicPartition, log: ReplicaLog | None = None) -> Partition:
        """This broker's replica of ``tp`` (created empty, or on ``log``, the first time)."""
        p = self.replicas.get(tp)
        if p is None:
            p = self.replicas[tp] = self._partition(tp, log)
        return p

    def _deliver(self, result: IsrResult) -> None:
        p = self.replicas.get(result.proposal.tp)
        if p is not None and self.alive:
            p.on_isr_result(result)

    def on_leader_and_isr(self, tp: TopicPartition, state: LeaderAndIsr, controller_epoch: int, *,
                          controller: int | None = None, is_new: bool = False) -> ErrorCode:
        """Apply one partition's LeaderAndIsr (``controller``, ``is_new``: log-only, what the
        lines about it print)."""
        kraft = self.hooks.register is not None
        if controller_epoch < self.controller_epoch and not kraft:
            return E.STALE_CONTROLLER_EPOCH
        self.controller_epoch = controller_epoch
        p = self.host(tp)
        known = p.state
        if known is not None and (state.zk_version < known.zk_version if kraft
                                  else state.leader_epoch <= known.leader_epoch):
            # ignored: ZooKeeper mode, the leader epoch is not higher; KRaft, the metadata log
            # replays every change, and one below the partition epoch known is old news
            return E.STALE_CONTROLLER_EPOCH
        if self.id not in state.replicas:
            return E.UNKNOWN_TOPIC_OR_PARTITION
        if state.leader != self.id and not kraft and not self.hooks.alive(state.leader):
            # makeFollowers: "cannot become follower since the new leader N is unavailable" —
            # the partition keeps its state until a LeaderAndIsr names a live leader
            return E.NONE
        self._zk_replicas[tp] = state.replicas
        self._zk_controller_epoch[tp] = state.controller_epoch
        if isinstance(self.channel, AlterPartitionChannel) and \
                not self.profile.has(Switch.ALTER_ISR_SURVIVES_LEADER_AND_ISR):
            self.channel.clear_pending(tp)
        before = known.leader if known is not None else -1
        now = self.now
        was_leader = known is not None and known.leader == self.id
        applied = LeaderAndIsrApplied(
            controller, controller_epoch, state, is_new, p.log.leo, p.log.hw,
            known.leader_epoch if known is not None else -1, known.leader if known is not None else None,
            was_leader, was_leader and len(state.isr) < self.config.int("min.insync.replicas"))
        if kraft and known is not None and state.zk_version == known.zk_version:
            # the record of a change this broker has applied already (a leader's own AlterPartition,
            # answered before the record reached it): makeLeader / makeFollower run again, change
            # nothing and log that they skipped it (3.3+; 3.0-3.2 log the start line again)
            self.hooks.note(LeaderKept(now, tp[0], tp[1], self.id, applied))
            return E.NONE
        if state.leader == self.id:
            if not p.make_leader(state, now):
                return E.STALE_CONTROLLER_EPOCH
        else:
            if not p.make_follower(state, now):
                return E.STALE_CONTROLLER_EPOCH
            # (KRaft replays ISR-only changes too: those restart nothing)
            new_epoch = known is None or state.leader_epoch > known.leader_epoch
            restart = before != state.leader or \
                (new_epoch and self.profile.has(Switch.FOLLOWER_TRUNCATES_ON_EVERY_EPOCH))
            if restart:
                if self.profile.has(Switch.LEADER_EPOCH_TRUNCATION):
                    self.needs_truncation.add(tp)
                else:  # ReplicaManager.makeFollowers: truncate to the high watermark at once
                    leo, hw = p.log.leo, p.log.hw
                    done = truncate_to_hw(p.log, self.hooks.holders(tp).get(state.leader))
                    self.report_truncation(tp, leo, done, state.leader_epoch, leader=state.leader, hw=hw)
        if before != state.leader:
            self.emit(LeaderChanged(now, tp[0], tp[1], self.id, before, state.leader, state.leader_epoch,
                                    state.isr, applied=applied))
        else:  # the same leader at a new epoch: what the lines print, no effect
            self.hooks.note(LeaderKept(now, tp[0], tp[1], self.id, applied))
        return E.NONE

    def report_truncation(self, tp: TopicPartition, from_offset: int, truncation: Truncation,
                          leader_epoch: int | None, *, leader: int | None = None,
                          hw: int | None = None) -> None:
        """``truncate`` effect, and ``data_loss`` for acknowledged records no replica holds now
        where it agrees with ``leader``'s log (the records the truncation kept diverged count as
        removed: ledger.py); ``hw`` (the follower's high watermark before) for the log lines only."""
        if not truncation.removed and not truncation.diverged:
            return
        now = self.now
        if truncation.removed:  # (Log.truncateTo writes nothing when it removes nothing)
            self.emit(Truncated(now, tp[0], tp[1], self.id, from_offset, truncation.to_offset,
                                truncation.records, truncation.rule.value, leader_epoch, leader, hw,
                                truncation.answers))
        holders = self.hooks.holders(tp)
        removed = truncation.removed + truncation.diverged
        for lost in self.hooks.ledger(tp).lost(removed, holders.values(),
                                               holders.get(leader) if leader is not None else None):
            self.emit(DataLoss(now, tp[0], tp[1], self.id, lost.first_offset, lost.last_offset, lost.records,
                               lost.clients))

    # -- periodic tasks ---------------------------------------------------------------------

    def _arm(self, task: str, period: int) -> None:
        elapsed = (self.now - self.started_ms) % period
        self._tasks[task] = self.timers.arm(period - elapsed, task, lambda: self._fire(task, period))

    def _fire(self, task: str, period: int) -> None:
        if not self.alive:
            return
        self._tasks[task] = self.timers.arm(period, task, lambda: self._fire(task, period))
        self.run_task(task)
        self.hooks.after_timer()

    def _later(self, delay: int, action: Callable[[], None]) -> None:
        def fire() -> None:
            if self.alive:
                action()
                self.hooks.after_timer()
        self.timers.arm(delay, "send-alter-partition", fire)

    def run_task(self, task: str) -> bool:
        """Run a periodic task now; False when this version has no such task."""
        if task == ISR_EXPIRATION:
            for tp in sorted(self.replicas):
                self.replicas[tp].shrink_isr(self.now)
            return True
        if task == ISR_CHANGE_PROPAGATION:
            if self.propagation is None or self.profile.has(Switch.ALTER_ISR):
                return False
            due = self.propagation.due(self.now)
            if due:
                path = self.zk.create(ISR_CHANGE_PREFIX, isr_change_json(due), sequential=True,
                                      writer=self.id)
                self.emit(IsrChangeNotification(self.now, path or "", self.id,
                                                tuple(tp_name(tp) for tp in due)))
                self.hooks.notified()
            return True
        raise ValueError(f"unknown periodic task {task!r}: use {' or '.join(TASKS)}")
