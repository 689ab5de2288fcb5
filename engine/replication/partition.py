"""One broker's replica of one partition, as leader or follower (``kafka.cluster.Partition``).

API for the world (the broker / controller side calls these; time is passed in):

* :meth:`Partition.make_leader` / :meth:`make_follower` — a LeaderAndIsr (or KRaft metadata)
  for this replica; a state with an older partition epoch (zkVersion) is ignored (R6).
* :meth:`Partition.append` — a produce request on the leader: acks 0 / 1 / -1, with
  NOT_ENOUGH_REPLICAS before appending when the ISR is below the (effective) min ISR and a
  DelayedProduce parked until the HW passes the batch (NOT_ENOUGH_REPLICAS_AFTER_APPEND when
  the ISR shrank meanwhile) or ``request.timeout.ms`` passes (REQUEST_TIMED_OUT) (R8).
* :meth:`Partition.on_follower_fetch` — the leader serves a follower's fetch: epoch fencing
  (KIP-320), divergence (from 2.8), the follower's state (R1), ISR expansion (R4), the HW
  (R5); returns a :class:`FetchAnswer` for the follower's :meth:`on_fetch_response`.
* :meth:`Partition.shrink_isr` — the ``isr-expiration`` task (R3).
* :meth:`Partition.on_isr_result` — the answer to an ISR proposal sent through the
  :class:`~.model.IsrChannel` (ZooKeeper write: at once; AlterPartition: later) (R7).
* :meth:`Partition.view` / :meth:`replica_view` / :meth:`follower` for the expectations.

A follower's truncation on a leader change is :func:`.truncation.truncate_follower`, run by
the world before the follower's first fetch; data loss is the world's :class:`.ledger.AckLedger`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..config import Config
from ..effects import Effect, _cheap_init
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from ..timers import Timer, TimerQueue
from .effects import HighWatermarkChanged, IsrChanged, ProduceResponse
from .follower_state import NEVER, FollowerState
from .high_watermark import effective_min_isr, smallest_leo
from .isr import may_join, out_of_sync
from .ledger import AckLedger
from .log import ReplicaLog, Run
from .model import (
    IsrChannel,
    IsrContext,
    IsrProposal,
    IsrResult,
    LeaderAndIsr,
    PartitionView,
    ReplicaView,
    TopicPartition,
)
from .switches import switches

E = ErrorCode
#: the effects' cheap constructors
_hw_changed = HighWatermarkChanged.build  # type: ignore[attr-defined]
_produce_response = ProduceResponse.build  # type: ignore[attr-defined]
_OK = E.NONE.name
#: producer request.timeout.ms default (ProducerConfig, every version here)
PRODUCE_TIMEOUT_MS = 30_000
#: R7: answers after which the change stays in flight until new metadata arrives
_WAIT_FOR_METADATA = frozenset({E.UNKNOWN_TOPIC_OR_PARTITION, E.UNKNOWN_TOPIC_ID, E.FENCED_LEADER_EPOCH,
                                E.INVALID_UPDATE_VERSION, E.INVALID_REQUEST, E.NEW_LEADER_ELECTED})
#: R7: answers after which the leader reverts to its committed state
_REVERT = frozenset({E.OPERATION_NOT_ATTEMPTED, E.INELIGIBLE_REPLICA})


@_cheap_init
@dataclass(frozen=True, slots=True)
class FetchAnswer:
    error: ErrorCode
    runs: tuple[Run, ...] = ()
    hw: int = -1
    log_start: int = -1
    diverging: tuple[int, int] | None = None  # (epoch, end offset) the follower must truncate to


@dataclass(slots=True)
class _DelayedProduce:
    """A produce parked until the HW passes ``run``; called when its timer fires (its own
    timer action: no closure built per produce)."""

    client: str | None
    run: Run
    timer: Timer | None
    partition: Partition = field(repr=False, compare=False)

    def __call__(self) -> None:
        self.partition._expire(self)


class Partition:
    """Mutable: one per (broker, topic-partition)."""

    # slotted: the fields sit in the object itself, one memory read fewer per replica a step
    # touches (a step on one of many partitions mostly waits for memory)
    __slots__ = ("_switches", "broker", "channel", "config", "delayed", "emit", "epoch_start_offset",
                 "followers", "ledger", "log", "maximal_isr", "open_txns", "pending", "profile", "state",
                 "timers", "tp")

    def __init__(self, tp: TopicPartition, broker: int, profile: Profile, config: Config, timers: TimerQueue,
                 emit: Callable[[Effect], None], ledger: AckLedger, channel: IsrChannel,
                 log: ReplicaLog | None = None) -> None:
        self.tp = tp
        self.broker = broker
        self.profile = profile
        self._switches = switches(profile)
        self.config = config
        self.timers = timers
        self.emit = emit
        self.ledger = ledger
        self.channel = channel
        self.log = log if log is not None else ReplicaLog()
        self.state: LeaderAndIsr | None = None
        self.followers: dict[int, FollowerState] = {}
        self.maximal_isr: tuple[int, ...] = ()
        self.pending: IsrProposal | None = None
        self.epoch_start_offset = 0
        self.delayed: list[_DelayedProduce] = []
        self.open_txns: dict[str, int] = {}  # producer -> first offset of its open transaction

    # -- reading ----------------------------------------------------------------------------

    @property
    def is_leader(self) -> bool:
        return self.state is not None and self.state.leader == self.broker

    @property
    def isr(self) -> tuple[int, ...]:
        return self.state.isr if self.state is not None else ()

    @property
    def lso(self) -> int:
        """Last stable offset: below the first record of any open transaction (LSO <= HW)."""
        return min([self.log.hw, *self.open_txns.values()])

    def _lag_ms(self) -> int:
        return self.config.int("replica.lag.time.max.ms")

    def _min_isr(self) -> int:
        min_isr = self.config.int("min.insync.replicas")
        if self._switches.HW_FROZEN_UNDER_MIN_ISR:  # 3.7: capped by the replication factor
            replicas = len(self.state.replicas) if self.state is not None else 1
            return effective_min_isr(min_isr, replicas)
        return min_isr

    def _below_min_isr(self, members: int) -> bool:
        """``members < _min_isr()``; from 3.7 (capped by the replication factor) never with every
        replica counted, and then the config is not read."""
        state = self.state
        if self._switches.HW_FROZEN_UNDER_MIN_ISR and state is not None and members >= len(state.replicas):
            return False
        return members < self._min_isr()

    # -- leadership -------------------------------------------------------------------------

    def _stale(self, state: LeaderAndIsr) -> bool:
        return self.state is not None and state.zk_version < self.state.zk_version

    def make_leader(self, state: LeaderAndIsr, now: int) -> bool:
        """Become (or stay) leader; False when the state is stale and ignored."""
        if self._stale(state):
            return False
        was_leader = self.is_leader
        new_epoch = not was_leader or self.state is None or state.leader_epoch > self.state.leader_epoch
        self.state = state
        self._track_replicas(state, now)
        if new_epoch:
            self.log.cache.assign(state.leader_epoch, self.log.leo)
            self.epoch_start_offset = self.log.leo
            for b, f in self.followers.items():
                f.reset(now, b in state.isr, was_leader, self.log.leo, self.profile)
        self.maximal_isr = state.isr
        self.pending = None
        self._maybe_increment_hw(now)
        return True

    def _track_replicas(self, state: LeaderAndIsr, now: int) -> None:
        """The other assigned replicas, as leader or follower (``getOrCreateReplica`` /
        ``removeReplica``; ``remoteReplicasMap`` from 2.4).  Before 0.10.2 a replica's caught-up
        time starts when the broker first learns of it and survives leader changes."""
        first_known = NEVER if self.profile.has(Switch.CAUGHT_UP_BY_PREVIOUS_FETCH) else now
        for b in state.replicas:
            if b != self.broker and b not in self.followers:
                self.followers[b] = FollowerState(last_caught_up_ms=first_known)
        for b in [b for b in self.followers if b not in state.replicas]:
            del self.followers[b]

    def make_follower(self, state: LeaderAndIsr, now: int) -> bool:
        """Follow ``state.leader``; parked produces are answered NOT_LEADER_OR_FOLLOWER."""
        if self._stale(state):
            return False
        self.state = state
        self._track_replicas(state, now)
        self.maximal_isr = state.isr
        self.pending = None
        for d in self.delayed:
            TimerQueue.cancel(d.timer)
            self._respond(d.client, E.NOT_LEADER_OR_FOLLOWER.name, d.run, -1)
        self.delayed.clear()
        return True

    # -- produce ----------------------------------------------------------------------------

    def append(self, records: int, acks: int, client: str | None, now: int,
               peers: tuple[FollowerState, ...] | None = None) -> None:
        """``peers``: :meth:`hw_peers` as the caller knows it to be now (None: not known)."""
        state = self.state
        if state is None or state.leader != self.broker:  # not the leader
            self._respond(client, E.NOT_LEADER_OR_FOLLOWER.name, None, acks)
            return
        if acks == -1 and self._below_min_isr(len(state.isr)):
            self._respond(client, E.NOT_ENOUGH_REPLICAS.name, None, acks)
            return
        run = self.log.append(state.leader_epoch, records)
        if acks == 1:
            self.ledger.acknowledge(run.start, run.end, run.epoch, client)
            self._respond(client, _OK, run, acks)
        elif acks == -1:
            delayed = _DelayedProduce(client, run, None, self)
            self.delayed.append(delayed)
            delayed.timer = self.timers.arm(self.config.int("request.timeout.ms", PRODUCE_TIMEOUT_MS),
                                            "delayed-produce", delayed)
        if peers is None:
            self._maybe_increment_hw(now)
        else:
            self._maybe_raise_hw(peers, now)

    def _expire(self, delayed: _DelayedProduce) -> None:
        if delayed in self.delayed:
            self.delayed.remove(delayed)
            self._respond(delayed.client, E.REQUEST_TIMED_OUT.name, delayed.run, -1)

    def _complete_delayed(self) -> None:
        delayed = self.delayed
        hw = self.log.hw
        if len(delayed) == 1:  # the common case: one produce waiting (no list built to find it)
            if hw < delayed[0].run.end:
                return
            done = delayed.copy()
            delayed.clear()
        else:
            done = [d for d in delayed if hw >= d.run.end]
            if not done:
                return
            if len(done) == len(delayed):
                delayed.clear()
            else:
                for d in done:
                    delayed.remove(d)
        flags = self._switches
        # what counts is read once: answering a produce changes neither the ISR nor the configs
        counted = self.maximal_isr if flags.ALTER_ISR else self.isr
        enough = not self._below_min_isr(len(counted))
        for d in done:
            TimerQueue.cancel(d.timer)
            run = d.run
            if enough:
                self.ledger.acknowledge(run.start, run.end, run.epoch, d.client)
                self._respond(d.client, _OK, run, -1)
            elif flags.NOT_ENOUGH_REPLICAS_AFTER_APPEND:
                self._respond(d.client, E.NOT_ENOUGH_REPLICAS_AFTER_APPEND.name, run, -1)

    def _respond(self, client: str | None, error: str, run: Run | None, acks: int) -> None:
        """A produce response (``error``: the error code's name)."""
        if client is None or acks == 0:
            return  # acks=0: the producer is told nothing
        tp = self.tp
        if run is None:
            self.emit(_produce_response(self.timers.now, client, tp[0], tp[1], error, None, None, acks))
        else:
            self.emit(_produce_response(self.timers.now, client, tp[0], tp[1], error, run.start,
                                        run.end - run.start, acks))

    def begin_txn(self, client: str) -> None:
        self.open_txns.setdefault(client, self.log.leo)

    def end_txn(self, client: str, now: int) -> None:
        """Commit or abort: the coordinator's marker is one control record in the log."""
        if self.open_txns.pop(client, None) is not None and self.is_leader and self.state is not None:
            self.log.append(self.state.leader_epoch, 1)
            self._maybe_increment_hw(now)

    # -- the high watermark -----------------------------------------------------------------

    def _maybe_increment_hw(self, now: int) -> None:
        """``maybeIncrementLeaderHW``: :func:`.high_watermark.next_high_watermark`, with
        ``replica.lag.time.max.ms`` read only when a follower's lag can matter."""
        state = self.state
        if state is None or state.leader != self.broker:  # not the leader
            return
        flags = self._switches
        followers = self.followers
        isr = state.isr
        # frozen under the effective min ISR (3.7+): never with every replica in the ISR (the effective
        # min ISR is at most the replication factor), so the config is read only when it can matter
        if flags.HW_FROZEN_UNDER_MIN_ISR and len(isr) <= len(followers) and \
                len(isr) < effective_min_isr(self.config.int("min.insync.replicas"), len(followers) + 1):
            return
        log = self.log
        old = log.hw
        new = smallest_leo(self.broker, log.leo, followers, self.maximal_isr if flags.ALTER_ISR else isr, now,
                           self._lag_ms if flags.HW_COUNTS_CAUGHT_UP_REPLICAS else None)
        if new > old:
            self._raise_hw(new, now)

    def _maybe_raise_hw(self, peers: tuple[FollowerState, ...], now: int) -> None:
        """:meth:`_maybe_increment_hw` when :meth:`hw_peers` is ``peers``: the smallest LEO of all,
        the leader asked only to raise it (reading nothing else)."""
        log = self.log
        new = log.leo
        for f in peers:
            if f.leo < new:
                new = f.leo
        if new > log.hw:
            self._raise_hw(new, now)

    def _raise_hw(self, new: int, now: int) -> None:
        """The leader's HW to ``new`` (above it, as :meth:`_maybe_increment_hw` computes it),
        answering the produces it passes."""
        log = self.log
        old = log.hw
        if new > old and log.update_hw(new):
            state = self.state
            assert state is not None
            self.emit(_hw_changed(now, self.tp[0], self.tp[1], self.broker, old, log.hw, state.leader_epoch))
            self._complete_delayed()

    def hw_peers(self) -> tuple[FollowerState, ...] | None:
        """The followers' records when the leader's HW rule is simply the smallest LEO of all
        (every follower counts, and the 3.7 freeze cannot apply: the ISR holds every replica, so
        :meth:`_maybe_increment_hw` reads no config); None otherwise.  Holds while the state,
        the maximal ISR and the followers stay (a caller's common steps change none of them)."""
        state = self.state
        if state is None or state.leader != self.broker:
            return None
        flags = self._switches
        followers = self.followers
        counted = self.maximal_isr if flags.ALTER_ISR else state.isr
        if flags.HW_FROZEN_UNDER_MIN_ISR and len(state.isr) <= len(followers):
            return None
        if any(b not in counted for b in followers):
            return None  # (smallest_leo would read the lag for it)
        return tuple(followers.values())

    # -- fetch ------------------------------------------------------------------------------

    def on_follower_fetch(self, follower: int, offset: int, log_start: int, now: int,
                          current_leader_epoch: int = -1, last_fetched_epoch: int = -1) -> FetchAnswer:
        current = self.state
        if current is None or current.leader != self.broker:  # not the leader
            return FetchAnswer(E.NOT_LEADER_OR_FOLLOWER)
        epoch = current.leader_epoch
        if follower not in current.replicas:
            unknown = current_leader_epoch >= 0
            return FetchAnswer(E.UNKNOWN_LEADER_EPOCH if unknown else E.NOT_LEADER_OR_FOLLOWER)
        flags = self._switches
        if flags.KIP_320 and current_leader_epoch >= 0 and current_leader_epoch != epoch:
            older = current_leader_epoch < epoch
            return FetchAnswer(E.FENCED_LEADER_EPOCH if older else E.UNKNOWN_LEADER_EPOCH)
        log = self.log
        if flags.TRUNCATION_ON_FETCH and last_fetched_epoch >= 0:
            end_epoch, end = log.cache.end_offset_for(last_fetched_epoch, log.leo)
            if end < 0 or offset < log.log_start:
                return FetchAnswer(E.OFFSET_OUT_OF_RANGE)
            if end_epoch < last_fetched_epoch or end < offset:
                return FetchAnswer(E.NONE, hw=log.hw, log_start=log.log_start,
                                   diverging=(end_epoch, end))
        if offset > log.leo or offset < log.log_start:
            return FetchAnswer(E.OFFSET_OUT_OF_RANGE)
        # Kafka reads the log first and updates the follower's state after (ReplicaManager.fetchMessages
        # 0.10-2.x, Partition.fetchRecords 3.x): the answer carries the HW from before this fetch,
        # so a follower learns a HW its own fetch raised one fetch later
        answer = FetchAnswer(E.NONE, log.read(offset), log.hw, log.log_start)
        state = self.followers.get(follower)
        if state is None:
            state = self.followers[follower] = FollowerState()
        state.on_fetch(offset, log_start, log.leo, now, self.profile)
        isr = current.isr
        if self.pending is None and follower not in isr and may_join(
                follower, state, current.replicas, isr, log.hw, self.epoch_start_offset, self.profile):
            self._propose((*isr, follower), "expand")
        self._maybe_increment_hw(now)
        return answer

    def on_fetch_response(self, answer: FetchAnswer, now: int) -> None:
        """The follower's side: append what came, take the leader's HW (capped at its LEO)."""
        if answer.error is not E.NONE or answer.diverging is not None:
            return
        self.log.append_runs(answer.runs)
        old = self.log.hw
        if self.log.update_hw(answer.hw):
            self.emit(HighWatermarkChanged(now, self.tp[0], self.tp[1], self.broker, old, self.log.hw,
                                           self.state.leader_epoch if self.state is not None else None))

    # -- the ISR ----------------------------------------------------------------------------

    def shrink_isr(self, now: int) -> None:
        """``isr-expiration``: propose the ISR without its out-of-sync members."""
        if not self.is_leader or self.pending is not None:
            return
        gone = out_of_sync(self.broker, self.log.leo, self.followers, self.isr, now, self._lag_ms(),
                           self.profile)
        if gone:
            self._propose(tuple(b for b in self.isr if b not in gone), "shrink", self._context(now, gone))

    def _context(self, now: int, gone: tuple[int, ...]) -> IsrContext:
        """The numbers Kafka's "Shrinking ISR" line prints, as the leader sees them now."""
        lagging: list[tuple[int, int | None, int | None]] = []
        for b in gone:
            f = self.followers.get(b)
            if f is None:  # no replica state: Kafka prints "unknown"
                lagging.append((b, None, None))
            else:  # a replica state starts at endOffset -1, lastCaughtUpTimeMs 0 (Replica.scala)
                caught = f.last_caught_up_ms if f.last_caught_up_ms is not NEVER else 0
                lagging.append((b, f.leo, caught))
        return IsrContext(now, self.log.hw, self.log.leo, tuple(lagging))

    def _propose(self, isr: tuple[int, ...], cause: str, context: IsrContext | None = None) -> None:
        assert self.state is not None
        proposal = IsrProposal(self.tp, self.broker, self.state.leader_epoch, isr, self.state.zk_version,
                               cause, context)
        if self.profile.has(Switch.ALTER_ISR):
            # KIP-497: one change in flight; an expansion counts at once, a shrink only once committed
            self.pending = proposal
            self.maximal_isr = tuple(dict.fromkeys((*self.isr, *isr)))
        result = self.channel.propose(proposal)
        if result is not None:
            self.on_isr_result(result, retry=False)

    def on_isr_result(self, result: IsrResult, *, retry: bool = True) -> None:
        """The answer to a proposal (R7).  ``retry``: the answer came asynchronously, so a
        retriable error may be sent again (a synchronous channel's error is final)."""
        p = result.proposal
        if self.state is None or p.leader_epoch != self.state.leader_epoch or \
                (self.profile.has(Switch.ALTER_ISR) and p is not self.pending):
            return  # answered after the state was replaced: ignored
        if result.error is E.NONE and result.state is not None:
            if result.state.zk_version < self.state.zk_version or \
                    result.state.leader_epoch != self.state.leader_epoch:
                # an older partition epoch than the one already known; or (KRaft before 3.6, whose
                # controller bumps the leader epoch on a shrink) another leader epoch: the change
                # stays pending until the metadata brings that epoch ("Ignoring new ISR …")
                return
            before = self.isr
            self.state = result.state
            self.maximal_isr = result.state.isr
            self.pending = None
            new = result.state
            under = len(new.isr) < self.config.int("min.insync.replicas")  # Partition.isUnderMinIsr
            self.emit(IsrChanged(self.timers.now, self.tp[0], self.tp[1], self.broker, before, new.isr,
                                 new.leader_epoch, new.zk_version, p.cause, p.context, under))
            self._maybe_increment_hw(self.timers.now)
            return
        if not self.profile.has(Switch.ALTER_ISR) or result.error in _REVERT or not retry:
            self.pending = None
            self.maximal_isr = self.isr
        elif result.error not in _WAIT_FOR_METADATA:
            retried = self.channel.propose(p)
            if retried is not None:
                self.on_isr_result(retried, retry=False)

    # -- views ------------------------------------------------------------------------------

    def follower(self, broker: int) -> FollowerState | None:
        return self.followers.get(broker)

    def view(self) -> PartitionView:
        s = self.state
        leo = {b: f.leo for b, f in self.followers.items()}
        leo[self.broker] = self.log.leo
        return PartitionView(self.tp, s.leader if s else -1, s.leader_epoch if s else -1, self.isr,
                             self.maximal_isr, self.pending.isr if self.pending else None, self.log.hw,
                             dict(sorted(leo.items())), s.zk_version if s else 0,
                             s.controller_epoch if s else 0)

    def replica_view(self, leader: Partition | None) -> ReplicaView:
        seen = leader.follower(self.broker) if leader is not None and leader is not self else None
        return ReplicaView(self.tp, self.broker, self.log.leo, self.log.hw, self.log.log_start,
                           self.log.cache.entries, seen.last_caught_up_ms if seen else None,
                           seen.leo if seen else None, seen.log_start if seen else None)
