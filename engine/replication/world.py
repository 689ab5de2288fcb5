"""The replicated cluster, sans-I/O: ZooKeeper, the controller, the brokers and their replicas,
driven by the replication stimuli of the trace contract (:mod:`.stimuli`), one step each.

A step is a stimulus, or a timer of a broker (periodic task, AlterPartition retry).  What a
step sets off — LeaderAndIsr from the controller, an AlterPartition request and its answer,
the controller's reading of an ISR-change notification — is queued and handled before the
step ends, one message at a time, so no machine is re-entered while it works and network
takes no virtual time.  After every step the invariants are checked for the partitions the
step touched, each violation a ``finding`` effect (:mod:`.invariants`), never an exception.

Choices the trace contract leaves to the model, made here once:

* **Brokers** exist from their first mention: a replica of ``create_partition`` names a
  broker that is alive and registered, its periodic tasks counted from time 0;
  ``broker_start`` starts one (tasks counted from then), restarts a failed one (its logs
  kept, its leaderships not) or registers again one whose session expired.
* **The controller** is the lowest-numbered live registered broker when the role is free
  (Kafka's race for ``/controller`` has no winner to copy; the choice is stable).
  ``controller: scripted`` keeps the role and its context but lets the trace decide:
  ``leader_and_isr``, ``elect`` and ``alter_partition_reply`` records.
* **A fetch** at offset *o* says the follower's log ends at *o*: records it does not hold
  yet below *o* are ones it fetched from this leader before (they are copied from the
  leader's log), and a fetch below its log end re-reads what it has (the answer is taken
  from its log end on).  ``current_leader_epoch`` defaults to the epoch the follower knows
  (KIP-320, 2.1+), ``last_fetched_epoch`` to the epoch of its record before *o* (2.8+).
  Before its first fetch under a new leader a follower truncates by leader epoch
  (0.11 – 2.7, an OffsetsForLeaderEpoch round, fenced by epoch from 2.1); from 2.8 the
  leader's diverging-epoch answer drives the same truncation.
* **A produce** goes to the leader ZooKeeper names (the producer's metadata).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..config import Config
from ..effects import Effect, Finding
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from ..timers import Timer, TimerQueue
from . import steady_fetch
from .alter_partition import AlterPartitionChannel, AlterPartitionRequest
from .broker import Broker, BrokerHooks
from .controller import Controller
from .effects import ControlledShutdownNoted, ProduceResponse, ShutdownStep, ZkWrite
from .invariants import InvariantMonitor, Violation, check, raised_hw_holds
from .ledger import AckLedger
from .log import ReplicaLog, Run
from .model import IsrProposal, IsrResult, LeaderAndIsr, PartitionView, ReplicaView, TopicPartition, tp_name
from .partition import FetchAnswer, Partition
from .quorum import UNCLEAN_INTERVAL_MS, QuorumController, kraft_mode
from .steady_route import Route, route
from .stimuli import (
    AlterPartitionReply,
    Append,
    BeginTxn,
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Elect,
    EndTxn,
    Fetch,
    LeaderAndIsrRequest,
    ReplicationStimulus,
    RunTask,
    ZkSessionExpire,
)
from .switches import switches
from .truncation import truncate_follower
from .zookeeper import ZooKeeper, partition_state_path

E = ErrorCode
#: the controller's periodic task (``scheduleAutoLeaderRebalanceTask``: 5 s after failover)
AUTO_REBALANCE = "auto-leader-rebalance-task"
AUTO_REBALANCE_FIRST_MS = 5_000
CONTROLLER_MODES = ("auto", "scripted")
PERIODIC_MODES = ("auto", "manual")
_NO_LINKS: dict[TopicPartition, steady_fetch.FetchLink] = {}  # (read only)


def _state_path_partition(path: str) -> TopicPartition | None:
    parts = path.split("/")
    if len(parts) == 7 and parts[1:3] == ["brokers", "topics"] and parts[4] == "partitions" \
            and parts[6] == "state" and parts[5].isdigit():
        return (parts[3], int(parts[5]))
    return None


class ReplicationWorld:
    """Mutable: one simulated ZooKeeper-mode cluster's replication."""

    def __init__(self, profile: Profile, config: Config, timers: TimerQueue,
                 emit: Callable[[Effect], None], *, controller: str = "auto",
                 periodic_tasks: str = "auto", note: Callable[[object], None] | None = None) -> None:
        if controller not in CONTROLLER_MODES:
            raise ValueError(f"controller {controller!r} is not a controller mode; use auto or scripted.")
        if periodic_tasks not in PERIODIC_MODES:
            raise ValueError(f"periodic_tasks {periodic_tasks!r} is not a mode; use auto or manual.")
        self.profile = profile
        self._switches = switches(profile)
        self.config = config
        self.timers = timers
        self._out = emit
        self.automatic = controller == "auto"
        self.periodic = periodic_tasks == "auto"
        # ``note``: where a broker's log-only notes go (Cluster.note; none kept when not given)
        self.zk = ZooKeeper(lambda: self.timers.now, self._emit)
        #: KRaft mode (4.0, or ``process.roles`` set): a quorum controller holds the metadata and
        #: no ZooKeeper is written
        self.kraft = kraft_mode(profile, config)
        self.controller: Controller | QuorumController
        if self.kraft:
            self.controller = QuorumController(profile, config, self._emit, lambda: self.timers.now,
                                               self._send_leader_and_isr, automatic=self.automatic, note=note)
        else:
            self.controller = Controller(profile, config, self.zk, self._emit, lambda: self.timers.now,
                                         self._send_leader_and_isr, automatic=self.automatic, note=note)
        self.brokers: dict[int, Broker] = {}
        self.ledgers: dict[TopicPartition, AckLedger] = {}
        self.monitor = InvariantMonitor()
        self._queue: deque[Callable[[], None]] = deque()
        self._draining = False
        self._dirty: set[TopicPartition] = set()
        self._active: dict[TopicPartition, set[str]] = {}
        self._last_leader: dict[TopicPartition, int] = {}
        self._names: dict[TopicPartition, str] = {}  # tp_name, formatted once
        #: What the common steps read (steady_fetch, steady_route), valid for one generation: a
        #: step that changes leadership, ISR, epochs, brokers or findings starts the next one
        #: (every step that leaves a partition to check, runs a queued message or fires a broker's
        #: or the controller's timer; not the common fetch or append, which change none of those)
        self._generation = 0
        #: by follower broker, then partition (a fetch's lookup builds no key, and the first
        #: dict is small enough to stay in cache)
        self._links: dict[int, dict[TopicPartition, steady_fetch.FetchLink]] = {}
        self._routes: dict[TopicPartition, Route] = {}
        #: AlterPartition requests sent while no broker held the controller role: the
        #: broker-to-controller channel keeps them until a controller is known
        self._unrouted: list[tuple[int, AlterPartitionRequest]] = []
        self._rebalance: Timer | None = None
        self._unclean: Timer | None = None  # KRaft 3.9+: maybeElectUncleanLeaders
        self._hooks = BrokerHooks(ledger=self._ledger, holders=self._holders,
                                  send_alter=self._send_alter if self.automatic else None,
                                  notified=self._notified, after_timer=self._after_timer,
                                  alive=lambda broker: broker in self.controller.live,
                                  note=note or (lambda item: None), replica_emit=emit,
                                  register=self.controller.register
                                  if isinstance(self.controller, QuorumController) else None)
        self._handlers: dict[type, Callable[[Any], None]] = {
            CreatePartition: self._create_partition, Append: self._append, Fetch: self._fetch,
            BrokerFail: self._broker_fail, BrokerStart: self._broker_start,
            BrokerShutdown: self._broker_shutdown,
            ZkSessionExpire: self._session_expire, LeaderAndIsrRequest: self._leader_and_isr,
            Elect: self._elect, AlterPartitionReply: self._alter_reply, RunTask: self._run_task,
            BeginTxn: self._begin_txn, EndTxn: self._end_txn,
        }

    # -- entry points -----------------------------------------------------------------------

    def handle(self, stimulus: ReplicationStimulus) -> None:
        """One step: the stimulus, everything it set off, then the invariants."""
        handler = self._handlers.get(type(stimulus))
        if handler is None:
            raise TypeError(f"{type(stimulus).__name__} is not a replication stimulus")
        handler(stimulus)
        if self._queue:  # _step_done
            self._drain()
        if self._dirty:
            self._check()

    def advance_to(self, at: int) -> None:
        """Move the clock (firing due timers, each its own step)."""
        self.timers.advance_to(at)
        self._step_done()

    # -- views ------------------------------------------------------------------------------

    def partition_view(self, tp: TopicPartition) -> PartitionView | None:
        quorum = self.controller.read(tp)
        if quorum is None:
            return None
        leader = self._leader_replica(tp)
        if leader is not None:
            return leader.view()
        last = self._replica(tp, self._last_leader.get(tp, -1))
        hw, leo = (last.log.hw, {last.broker: last.log.leo}) if last is not None else (0, {})
        return PartitionView(tp, quorum.leader, quorum.leader_epoch, quorum.isr, quorum.isr, None, hw, leo,
                             quorum.zk_version, quorum.controller_epoch)

    def replica_view(self, tp: TopicPartition, broker: int) -> ReplicaView | None:
        p = self._replica(tp, broker)
        if p is None:
            return None
        return p.replica_view(self._leader_of(tp, p))

    # -- plumbing ---------------------------------------------------------------------------

    def _emit(self, effect: Effect) -> None:
        self._out(effect)
        if isinstance(effect, ZkWrite):
            tp = _state_path_partition(effect.path)
            if tp is not None:
                self._dirty.add(tp)
            for name, message in self.monitor.write(effect.path, effect.op, effect.ok, effect.version):
                self._out(Finding(effect.at, name, effect.path, message))

    def _post(self, action: Callable[[], None]) -> None:
        self._queue.append(action)

    def _drain(self) -> None:
        if self._draining or not self._queue:
            return
        self._generation += 1
        self._draining = True
        try:
            while self._queue:
                self._queue.popleft()()
        finally:
            self._draining = False

    def _step_done(self) -> None:
        self._drain()
        self._check()

    def _after_timer(self) -> None:
        self._generation += 1  # a broker's task or retry may have changed what the links read
        self._step_done()

    def _ledger(self, tp: TopicPartition) -> AckLedger:
        return self.ledgers.setdefault(tp, AckLedger())

    def _holders(self, tp: TopicPartition) -> dict[int, ReplicaLog]:
        return {i: b.replicas[tp].log for i, b in sorted(self.brokers.items()) if tp in b.replicas}

    def _replica(self, tp: TopicPartition, broker: int) -> Partition | None:
        b = self.brokers.get(broker)
        return b.replicas.get(tp) if b is not None else None

    def _live_replica(self, tp: TopicPartition, broker: int) -> Partition | None:
        b = self.brokers.get(broker)
        return b.replicas.get(tp) if b is not None and b.alive else None

    def _leader_replica(self, tp: TopicPartition) -> Partition | None:
        """The replica that leads: the one ZooKeeper names if it believes so, else the live
        replica that believes it leads in the highest epoch (a broker cut off from ZooKeeper)."""
        return self._leader_under(tp, self.controller.read(tp))

    def _leader_under(self, tp: TopicPartition, quorum: LeaderAndIsr | None) -> Partition | None:
        """:meth:`_leader_replica`, ``quorum`` being the controller's state of ``tp``."""
        named = self._live_replica(tp, quorum.leader) if quorum is not None else None
        if named is not None and named.is_leader:
            return named
        believers = [p for b in sorted(self.brokers) if (p := self._live_replica(tp, b)) is not None
                     and p.is_leader and p.state is not None]
        return max(believers, key=lambda p: p.state.leader_epoch if p.state else -1, default=None)

    def _leader_of(self, tp: TopicPartition, follower: Partition) -> Partition | None:
        """The leader ``follower`` fetches from: the one it was told of, else ZooKeeper's."""
        if follower.state is not None and follower.state.leader >= 0:
            return self._live_replica(tp, follower.state.leader)
        quorum = self.controller.read(tp)
        return self._live_replica(tp, quorum.leader) if quorum is not None and quorum.leader >= 0 else None

    def _mark_broker(self, broker: Broker) -> None:
        self._dirty.update(broker.replicas)

    def _known(self, tp: TopicPartition, record: str) -> None:
        if tp not in self.controller.assignment:
            raise ValueError(f"{record} names partition {tp_name(tp)}, which no create_partition record "
                             f"made; create it first.")

    # -- brokers and the controller role ----------------------------------------------------

    def _broker(self, broker_id: int) -> Broker:
        b = self.brokers.get(broker_id)
        if b is None:
            b = Broker(broker_id, self.profile, self.config, self.timers, self._emit, self.zk, self._hooks,
                       periodic=self.periodic)
            self.brokers[broker_id] = b
        return b

    def _ensure_controller(self) -> None:
        if self.controller.active:
            return
        for broker_id in sorted(self.brokers):
            b = self.brokers[broker_id]
            if b.alive and b.registered and b.session is not None:
                self.controller.become(broker_id, b.session)
                self._dirty.update(self.controller.assignment)
                self._arm_rebalance(AUTO_REBALANCE_FIRST_MS)
                waiting, self._unrouted = self._unrouted, []
                for broker, request in waiting:
                    self._send_alter(broker, request)
                return

    def _joined(self, b: Broker) -> None:
        """``b`` registered: the controller hears of it (or the role is taken)."""
        self._mark_broker(b)
        if not self.controller.active:
            self._ensure_controller()
        elif b.id not in self.controller.live:
            if self.automatic:
                self.controller.broker_registered(b.id, b.epoch)
            else:
                self.controller.note_live(b.id, b.epoch)

    def _left(self, b: Broker, was_controller: bool, resigned: str | None = None) -> None:
        """``b``'s registration is gone: the controller reacts (or the role moves); ``resigned``
        (log-only): why a controller whose process lives on resigned (None: it crashed)."""
        self._mark_broker(b)
        if was_controller:
            self.controller.resign(resigned)
            TimerQueue.cancel(self._rebalance)
            self._ensure_controller()
        elif self.automatic:
            self.controller.broker_gone(b.id)
        else:
            self.controller.note_gone(b.id)

    def _arm_rebalance(self, delay: int) -> None:
        if not (self.automatic and self.periodic and self.config.bool("auto.leader.rebalance.enable", True)):
            return
        epoch = self.controller.epoch

        def fire() -> None:
            self._generation += 1
            if self.controller.active and self.controller.epoch == epoch:
                self._dirty.update(self.controller.auto_rebalance())
                self._arm_rebalance(self.config.int("leader.imbalance.check.interval.seconds", 300) * 1000)
                self._step_done()
        self._rebalance = self.timers.arm(delay, AUTO_REBALANCE, fire)

    def _send_leader_and_isr(self, broker: int, tp: TopicPartition, state: LeaderAndIsr, epoch: int,
                             is_new: bool = False) -> None:
        sender = self.controller.id  # who sends it (log-only: the lines name the controller)
        self._post(lambda: self._deliver_leader_and_isr(broker, tp, state, epoch, sender, is_new))

    def _deliver_leader_and_isr(self, broker: int, tp: TopicPartition, state: LeaderAndIsr,
                                epoch: int, sender: int | None = None, is_new: bool = False) -> None:
        b = self.brokers.get(broker)
        if b is None or not b.alive or not b.registered:
            return  # the controller's channel to a broker it thinks dead is gone
        b.on_leader_and_isr(tp, state, epoch, controller=sender, is_new=is_new)
        self._dirty.add(tp)

    def _send_alter(self, broker: int, request: AlterPartitionRequest) -> None:
        def answer() -> None:
            if not self.controller.active:
                self._unrouted.append((broker, request))
                return
            response = self.controller.alter_partition(request)
            b = self.brokers.get(broker)
            if b is not None and isinstance(b.channel, AlterPartitionChannel):
                b.channel.on_response(request, response)
            self._dirty.update(p.tp for p in request.proposals)
        self._post(answer)

    def _notified(self) -> None:
        if self.automatic:
            self._post(lambda: self._dirty.update(self.controller.isr_change_notifications()))

    # -- stimuli ----------------------------------------------------------------------------

    def _create_partition(self, s: CreatePartition) -> None:
        if s.tp in self.controller.assignment:
            raise ValueError(f"create_partition: partition {tp_name(s.tp)} already exists.")
        if not s.replicas:
            raise ValueError(f"create_partition: partition {tp_name(s.tp)} needs at least one replica.")
        fresh = [b for b in s.replicas if b not in self.brokers]
        for broker_id in fresh:
            self._broker(broker_id).start(0)
        for broker_id in s.replicas:
            runs = (s.logs or {}).get(broker_id)
            self._broker(broker_id).host(s.tp, ReplicaLog.of(runs) if runs else None)
        for broker_id in fresh:
            self._joined(self.brokers[broker_id])
        live = [b for b in s.replicas if self.brokers[b].alive and self.brokers[b].registered]
        leader = s.leader if s.leader is not None else (live[0] if live else -1)
        isr = s.isr if s.isr is not None else (tuple(live) if live else ((leader,) if leader >= 0 else ()))
        state = LeaderAndIsr(leader, s.leader_epoch, isr, s.replicas, s.zk_version, self.controller.epoch)
        if s.zk_version != 0:
            self.monitor.seeded(partition_state_path(s.tp), s.zk_version)
        self.controller.create_partition(s.tp, state)
        self._dirty.add(s.tp)

    def _append(self, s: Append) -> None:
        tp = s.tp
        r = self._routes.get(tp)
        if r is not None and r.generation == self._generation:
            # the leader ZooKeeper names, no violation standing: an append that moved no HW only
            # moved a log end, and none can start (steady_fetch's reasoning; the log changed above
            # every HW); an append changes no state, pending or maximal ISR
            target = r.leader
            hw = target.log.hw
            target.append(s.records, s.acks, s.client, self.timers.now, r.peers)
            if target.log.hw != hw:
                self._dirty.add(tp)
            return
        quorum = self.controller.read(tp)
        target = self._live_replica(tp, quorum.leader) if quorum is not None else None
        if target is None:
            target = next((p for b in sorted(self.brokers) if (p := self._live_replica(tp, b)) is not None),
                          None)
        if target is not None:
            state, hw, maximal, pending = target.state, target.log.hw, target.maximal_isr, target.pending
            target.append(s.records, s.acks, s.client, self.timers.now)
            # An append that moved no HW and changed no state only moved a log end: with no violation
            # standing, none can start (steady_fetch's reasoning; the log changed above every HW)
            if target.log.hw != hw or target.state is not state or target.maximal_isr is not maximal \
                    or target.pending is not pending or self._active.get(tp):
                self._dirty.add(tp)
            else:
                self._route(tp)  # the next append takes it
            return
        self._dirty.add(tp)
        if s.client is not None and s.acks != 0:
            error = E.NOT_LEADER_OR_FOLLOWER if quorum is not None else E.UNKNOWN_TOPIC_OR_PARTITION
            self._emit(ProduceResponse(self.timers.now, s.client, s.tp[0], s.tp[1], error.name, None, None,
                                       s.acks))

    def _fetch(self, s: Fetch) -> None:
        tp = s.tp
        now = self.timers.now
        link = self._links.get(s.replica, _NO_LINKS).get(tp)
        if link is not None and link.generation == self._generation:
            moved = steady_fetch.serve(link, s.offset, now, s.current_leader_epoch, s.last_fetched_epoch)
            if moved is not None:
                if moved and not self._raised_hw_holds(tp, link.leader, link):
                    self._dirty.add(tp)  # the full check
                return
        if tp not in self.controller.assignment:
            self._known(tp, "fetch")
        brokers = self.brokers
        fb = brokers.get(s.replica)
        if fb is not None and not fb.alive:
            self._dirty.add(tp)
            return  # a dead broker fetches nothing
        follower = fb.replicas.get(tp) if fb is not None else None
        if follower is None:
            leader = self._leader_replica(tp)
        elif (told := follower.state) is not None and told.leader == follower.broker:
            follower = None  # it believes it leads: it does not fetch as a follower
            leader = self._leader_replica(tp)
        elif told is not None and told.leader >= 0:  # _leader_of: the leader it was told of
            lb = brokers.get(told.leader)
            leader = lb.replicas.get(tp) if lb is not None and lb.alive else None
            if leader is not None and fb is not None and tp not in fb.needs_truncation \
                    and not self._active.get(tp) \
                    and (link := steady_fetch.link(leader, follower, self._generation, self._out)):
                # no truncation due, no violation standing, in the leader's ISR: perhaps the common fetch
                self._links.setdefault(s.replica, {})[tp] = link
                moved = steady_fetch.serve(link, s.offset, now, s.current_leader_epoch, s.last_fetched_epoch)
                if moved is not None:
                    if moved and not self._raised_hw_holds(tp, leader, link):
                        self._dirty.add(tp)  # the full check
                    return
        else:
            leader = self._leader_of(tp, follower)
        self._dirty.add(tp)
        if leader is None or (follower is not None and leader is follower):
            return  # nobody to fetch from
        if follower is not None and fb is not None and s.tp in fb.needs_truncation \
                and not self._switches.TRUNCATION_ON_FETCH:
            if self._switches.KIP_320 and not self._same_epoch(leader, follower):
                return  # OffsetsForLeaderEpoch fenced: the follower retries once the epochs agree
            fb.needs_truncation.discard(s.tp)
            self._truncate(fb, follower, leader)
            # the fetcher resumes from where the truncation left the log (its fetch offset is
            # the truncation offset), whatever the trace took the follower's LEO to be
            s = replace(s, offset=min(s.offset, follower.log.leo))
        if follower is not None and s.offset > follower.log.leo:
            self._catch_up(follower, leader, s.offset)
        answer = leader.on_follower_fetch(s.replica, s.offset, follower.log.log_start if follower else 0, now,
                                          self._current_epoch(s, follower), self._last_fetched(s, follower))
        if follower is None or fb is None:
            return
        if answer.diverging is not None:
            fb.needs_truncation.discard(s.tp)
            self._truncate(fb, follower, leader)
            return
        if answer.error is E.NONE:
            fb.needs_truncation.discard(s.tp)  # from 2.8 the fetch itself checked for divergence
        if answer.error is E.NONE and s.offset <= follower.log.leo:
            leo = follower.log.leo
            if s.offset == leo:  # the answer starts at the follower's log end: taken as it is
                follower.on_fetch_response(answer, now)
                return
            runs = tuple(Run(r.epoch, max(r.start, leo), r.end) for r in answer.runs if r.end > leo)
            follower.on_fetch_response(FetchAnswer(E.NONE, runs, answer.hw, answer.log_start), now)

    def _route(self, tp: TopicPartition) -> Route | None:
        """The partition's route for this generation (made now if need be; None: no violation
        may stand and ZooKeeper must name a live leader that believes it leads)."""
        r = self._routes.get(tp)
        if r is not None and r.generation == self._generation:
            return r
        if self._active.get(tp):
            return None
        name = self._names.get(tp)
        if name is None:
            name = self._names[tp] = tp_name(tp)
        r = route(tp, self.controller.read(tp), self.brokers, self._generation, name, self.monitor)
        if r is not None:
            self._routes[tp] = r
        return r

    def _raised_hw_holds(self, tp: TopicPartition, leader: Partition, link: steady_fetch.FetchLink) -> bool:
        """After a common fetch by ``link`` raised ``leader``'s HW (nothing else :meth:`_check`
        reads changed, no violation stood before): whether the full check would find nothing, the
        monitor then recording the new HW as the check would.  False: the full check decides."""
        r = link.route
        if r is None:  # (a link lasts one generation, as the route it keeps)
            r = link.route = self._route(tp)
        if r is None or r.leader is not leader or not raised_hw_holds(leader.log, r.hold, r.reach) \
                or r.records is None:
            return False
        return InvariantMonitor.hw_raised(r.records, leader.broker, r.epoch, leader.log.hw)

    @staticmethod
    def _same_epoch(leader: Partition, follower: Partition) -> bool:
        return leader.state is not None and follower.state is not None and \
            leader.state.leader_epoch == follower.state.leader_epoch

    def _current_epoch(self, s: Fetch, follower: Partition | None) -> int:
        if s.current_leader_epoch >= 0 or follower is None or follower.state is None:
            return s.current_leader_epoch
        return follower.state.leader_epoch if self._switches.KIP_320 else -1

    def _last_fetched(self, s: Fetch, follower: Partition | None) -> int:
        if s.last_fetched_epoch >= 0 or follower is None or not self._switches.TRUNCATION_ON_FETCH:
            return s.last_fetched_epoch
        epoch = follower.log.epoch_at(s.offset - 1)
        return epoch if epoch is not None else -1

    def _truncate(self, fb: Broker, follower: Partition, leader: Partition) -> None:
        leo, hw = follower.log.leo, follower.log.hw
        done = truncate_follower(follower.log, leader.log, self.profile)
        fb.report_truncation(follower.tp, leo, done, follower.state.leader_epoch if follower.state else None,
                             leader=leader.broker, hw=hw)

    @staticmethod
    def _catch_up(follower: Partition, leader: Partition, offset: int) -> None:
        """The records below ``offset`` the follower got from this leader before."""
        end = min(offset, leader.log.leo)
        runs = tuple(Run(r.epoch, r.start, min(r.end, end)) for r in leader.log.read(follower.log.leo)
                     if r.start < end)
        follower.log.append_runs(runs)

    def _broker_fail(self, s: BrokerFail) -> None:
        b = self.brokers.get(s.broker)
        if b is None:
            raise ValueError(f"broker_fail names broker {s.broker}, which no record started or assigned a "
                             f"replica; start it or create a partition on it first.")
        if not b.alive:
            return
        TimerQueue.cancel(self._shutdown_retry(b.id))  # a crash ends its controlled shutdown's retries
        was_controller = self.controller.id == b.id
        b.fail()
        self._left(b, was_controller)

    def _broker_start(self, s: BrokerStart) -> None:
        b = self._broker(s.broker)
        if b.alive and b.registered:
            return
        if b.alive:
            b.register()  # after a session expiry: registers again in its new session
        else:
            b.start(self.timers.now)
        self._joined(b)

    def _broker_shutdown(self, s: BrokerShutdown) -> None:
        """KafkaServer.shutdown's controlled shutdown (ZooKeeper mode, 0.10.2.0 -> 3.4.0): with
        ``controlled.shutdown.enable`` the broker asks the controller to move its leaderships, up to
        ``controlled.shutdown.max.retries`` attempts ``controlled.shutdown.retry.backoff.ms`` apart,
        alive (and leading what could not move) in between; then it stops, cleanly or not."""
        b = self.brokers.get(s.broker)
        if b is None or not b.alive:
            raise ValueError(f"broker_shutdown names broker {s.broker}, which is not running.")
        if self._shutdown_retry(b.id) is not None:
            return  # shutting down already: KafkaServer.shutdown's isShuttingDown guard
        if self.kraft:
            # BrokerServer: wantShutDown heartbeats; the controller moves every leadership at once
            # and grants the shutdown (no retries); the broker is then fenced
            if self.automatic and b.registered and self.config.bool("controlled.shutdown.enable", True):
                self.controller.controlled_shutdown(b.id)
                self._drain()
            self._shutdown_stop(b)
            return
        if self.automatic and b.registered and self.config.bool("controlled.shutdown.enable", True):
            self._hooks.note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.STARTING))
            self._shutdown_attempt(b, self.config.int("controlled.shutdown.max.retries", 3))
            return
        self._shutdown_stop(b)

    @staticmethod
    def _shutdown_timer_name(broker: int) -> str:
        return f"controlled-shutdown-{broker}"

    def _shutdown_retry(self, broker: int) -> Timer | None:
        """The broker's pending controlled-shutdown back-off (the timer queue holds the state)."""
        name = self._shutdown_timer_name(broker)
        return next((t for t in self.timers.pending() if t.name == name), None)

    def _shutdown_attempt(self, b: Broker, left: int) -> None:
        """One ControlledShutdown request and its answer (``left``: the attempts still allowed, this
        one included); a failed attempt arms the back-off, or ends in the unclean shutdown."""
        note = self._hooks.note
        if left <= 0:  # controlled.shutdown.max.retries 0: the loop never runs
            note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.UNCLEAN))
            self._shutdown_stop(b)
            return
        left -= 1
        succeeded = False
        if not self.controller.active:
            note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.NO_CONTROLLER))
        elif b.id not in self.controller.live:
            # its registration is gone (a session expiry): doControlledShutdown answers the
            # BrokerNotAvailableException ("Broker id B does not exist.")
            note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.ANSWERED,
                                         error=E.BROKER_NOT_AVAILABLE.name))
        else:
            remaining = self.controller.controlled_shutdown(b.id)
            self._drain()  # its LeaderAndIsr requests are answered before the response
            note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.ANSWERED, tuple(remaining)))
            succeeded = not remaining
        if succeeded:
            self._shutdown_stop(b)
            return
        if left == 0 and self._switches.CONTROLLED_SHUTDOWN_NO_FINAL_BACKOFF:
            note(ControlledShutdownNoted(self.timers.now, b.id, ShutdownStep.UNCLEAN))
            self._shutdown_stop(b)
            return
        broker = b.id

        def retry() -> None:
            self._generation += 1
            current = self.brokers.get(broker)
            if current is None or not current.alive:
                return
            # the "Retrying …" warning is written after the back-off, before the next attempt; up to
            # 3.0 after the last attempt too, then the unclean shutdown
            note(ControlledShutdownNoted(self.timers.now, broker, ShutdownStep.RETRYING, retries_left=left))
            if left > 0:
                self._shutdown_attempt(current, left)
            else:
                note(ControlledShutdownNoted(self.timers.now, broker, ShutdownStep.UNCLEAN))
                self._shutdown_stop(current)
            self._step_done()
        self.timers.arm(self.config.int("controlled.shutdown.retry.backoff.ms", 5000),
                        self._shutdown_timer_name(broker), retry)

    def _shutdown_stop(self, b: Broker) -> None:
        """The broker stops; the controller learns it from its registration going away."""
        was_controller = self.controller.id == b.id
        b.fail()
        self._left(b, was_controller, "shutdown")

    def _session_expire(self, s: ZkSessionExpire) -> None:
        if self.kraft:
            raise ValueError(f"zk_session_expire names broker {s.broker}, but profile {self.profile.name} "
                             f"runs in KRaft mode here, which has no ZooKeeper session; use broker_fail for "
                             f"a broker whose session with the controller timed out.")
        b = self.brokers.get(s.broker)
        if b is None or not b.alive:
            raise ValueError(f"zk_session_expire names broker {s.broker}, which is not running.")
        if not b.registered:
            return
        was_controller = self.controller.id == b.id
        b.expire_session()
        self._left(b, was_controller, "session_expired")

    def _leader_and_isr(self, s: LeaderAndIsrRequest) -> None:
        self._known(s.tp, "leader_and_isr")
        before = self.controller.read(s.tp)
        assert before is not None
        state = LeaderAndIsr(s.leader, s.leader_epoch, s.isr,
                             s.replicas if s.replicas is not None else before.replicas,
                             s.zk_version if s.zk_version is not None else before.zk_version + 1,
                             s.controller_epoch if s.controller_epoch is not None else self.controller.epoch)
        self._impose(s.tp, state)
        self.controller.announce(s.tp, before, state, None, "election")
        for broker in state.replicas:
            self._send_leader_and_isr(broker, s.tp, state, state.controller_epoch)
        self._dirty.add(s.tp)

    def _impose(self, tp: TopicPartition, state: LeaderAndIsr) -> None:
        if not self.controller.impose(tp, state):
            self.monitor.seeded(partition_state_path(tp), state.zk_version)

    def _elect(self, s: Elect) -> None:
        self._known(s.tp, "elect")
        self.controller.elect(s.tp, s.strategy)
        self._dirty.add(s.tp)

    def _alter_reply(self, s: AlterPartitionReply) -> None:
        self._known(s.tp, "alter_partition_reply")
        self._dirty.add(s.tp)

        def answer(p: IsrProposal) -> IsrResult:
            if s.error is not None and s.error is not E.NONE:
                return IsrResult(p, s.error)
            state = LeaderAndIsr(p.broker, s.leader_epoch if s.leader_epoch is not None else p.leader_epoch,
                                 s.isr if s.isr is not None else p.isr, self.controller.assignment[s.tp],
                                 s.zk_version if s.zk_version is not None else p.zk_version + 1,
                                 self.controller.epoch)
            self._impose(s.tp, state)
            if self.kraft:  # the brokers replay the change record from the metadata log too
                state = self.controller.read(s.tp) or state
                for broker in state.replicas:
                    self._send_leader_and_isr(broker, s.tp, state, state.controller_epoch)
            return IsrResult(p, E.NONE, state)

        quorum = self.controller.read(s.tp)
        order = sorted(self.brokers, key=lambda b: (quorum is None or b != quorum.leader, b))
        for broker_id in order:
            channel = self.brokers[broker_id].channel
            if isinstance(channel, AlterPartitionChannel) and channel.reply(s.tp, answer):
                return
        why = ("before 2.7 a leader writes its ISR to ZooKeeper itself"
               if not self.profile.has(Switch.ALTER_ISR)
               else "the controller answered every change already" if self.automatic
               else "no leader has an ISR change waiting")
        self._emit(Finding(self.timers.now, "alter_partition_reply_unmatched", tp_name(s.tp),
                           f"an alter_partition_reply for {tp_name(s.tp)} answers nothing: {why}"))

    def _run_task(self, s: RunTask) -> None:
        if s.task == AUTO_REBALANCE and self.kraft:
            if s.broker != self.controller.id:
                raise ValueError(f"run_task {AUTO_REBALANCE} names node {s.broker}; in KRaft mode the "
                                 f"controller is node {self.controller.id} (controller.quorum.voters).")
            self._dirty.update(self.controller.auto_rebalance())
            return
        b = self.brokers.get(s.broker)
        if b is None or not b.alive:
            raise ValueError(f"run_task names broker {s.broker}, which is not running.")
        if s.task == AUTO_REBALANCE:
            if self.controller.id != b.id:
                raise ValueError(f"run_task {AUTO_REBALANCE} names broker {s.broker}, which is not the "
                                 f"controller (broker {self.controller.id} is).")
            self._dirty.update(self.controller.auto_rebalance())
            return
        b.run_task(s.task)
        self._mark_broker(b)

    def _txn_leader(self, tp: TopicPartition) -> Partition | None:
        quorum = self.controller.read(tp)
        return self._live_replica(tp, quorum.leader) if quorum is not None else None

    def _begin_txn(self, s: BeginTxn) -> None:
        leader = self._txn_leader(s.tp)
        if leader is not None:
            leader.begin_txn(s.client)
        self._dirty.add(s.tp)

    def _end_txn(self, s: EndTxn) -> None:
        leader = self._txn_leader(s.tp)
        if leader is not None:
            leader.end_txn(s.client, self.timers.now)
        self._dirty.add(s.tp)

    # -- invariants -------------------------------------------------------------------------

    def _check(self) -> None:
        dirty = self._dirty
        if not dirty:
            return
        self._generation += 1
        now = self.timers.now
        read = self.controller.read
        brokers = self.brokers
        for tp in sorted(dirty) if len(dirty) > 1 else dirty:
            quorum = read(tp)
            if quorum is None:
                continue
            replicas: dict[int, Partition] = {}
            for b in quorum.replicas:
                broker = brokers.get(b)
                if broker is not None and (p := broker.replicas.get(tp)) is not None:
                    replicas[b] = p
            named = brokers.get(quorum.leader)
            leader = named.replicas.get(tp) if named is not None and named.alive else None
            if leader is None or (told := leader.state) is None or told.leader != leader.broker:
                leader = self._leader_under(tp, quorum)  # not the one ZooKeeper names
            if leader is not None:
                self._last_leader[tp] = leader.broker
            states: list[Violation] = check(quorum, replicas)
            entity = self._names.get(tp)
            if entity is None:
                entity = self._names[tp] = tp_name(tp)
            if states:
                seen = self._active.get(tp, set())
                for name, message in states:
                    if name not in seen:
                        seen = seen | {name}
                        self._out(Finding(now, name, entity, message))
                self._active[tp] = {name for name, _ in states}
            elif tp in self._active:
                self._active[tp] = set()
            for name, message in self.monitor.step(quorum, replicas):
                self._out(Finding(now, name, entity, message))
        if self.kraft:
            self._schedule_quorum_tasks()
        dirty.clear()

    def _schedule_quorum_tasks(self) -> None:
        """KRaft: the controller's deferred events, scheduled after every write as
        ``QuorumController`` does (``maybeScheduleNextBalancePartitionLeaders`` /
        ``maybeScheduleNextElectUncleanLeaders``): ``maybeBalancePartitionLeaders`` (3.3+) while
        some partition is not led by its first replica, ``leader.imbalance.check.interval.seconds``
        after the write (or after its last run); ``maybeElectUncleanLeaders`` (3.9+) while some
        partition has no leader, ``unclean.leader.election.interval.ms`` later.  A run that changes
        nothing schedules the next one all the same, as long as the cause stands."""
        c = self.controller
        if not (self.automatic and self.periodic and isinstance(c, QuorumController)):
            return
        if self._rebalance is None and self._switches.KRAFT_LEADER_BALANCING \
                and self.config.bool("auto.leader.rebalance.enable", True) and c.leaders_imbalanced():
            def balance() -> None:
                self._rebalance = None
                self._generation += 1
                self._dirty.update(c.auto_rebalance())
                self._step_done()
                self._schedule_quorum_tasks()  # a write event: the next run if still imbalanced
            delay = self.config.int("leader.imbalance.check.interval.seconds", 300) * 1000
            self._rebalance = self.timers.arm(delay, AUTO_REBALANCE, balance)
        if self._unclean is None and c.some_leaderless():
            def elect() -> None:
                self._unclean = None
                self._generation += 1
                self._dirty.update(c.elect_unclean_leaders())
                self._step_done()
                self._schedule_quorum_tasks()
            delay = self.config.int("unclean.leader.election.interval.ms", UNCLEAN_INTERVAL_MS)
            self._unclean = self.timers.arm(delay, "maybe-elect-unclean-leaders", elect)
