"""The AlterIsr / AlterPartition channel (KIP-497, 2.7; renamed AlterPartition by KIP-704 in
3.2): how a leader's ISR change reaches the controller from 2.7 on, one per broker
(``AlterIsrManager`` 2.7–3.1, ``AlterPartitionManager`` 3.2+).  The ZooKeeper-mode channel
of older versions — the leader's own conditional write — is :class:`.zk_isr.ZkIsrChannel`.

What the manager does, restated from its source (2.8.0 / 3.4.0):

* at most one change per partition is waiting (``unsentIsrUpdates``); the partition keeps
  its proposal pending until the answer comes (R7);
* at most one request per broker is in flight: it carries every waiting change, and changes
  proposed meanwhile wait for the next one, sent as soon as the answer is handled;
* a top-level error (STALE_BROKER_EPOCH, NOT_CONTROLLER, …) answers nothing: the changes
  stay waiting and the request is sent again 50 ms later (``send-alter-isr`` /
  ``send-alter-partition``);
* a partition's answer removes its change *before* the partition sees it, so the
  partition's own retry (R7: any error that is neither a revert nor a wait-for-metadata
  one) is a new change for the next request.

With ``controller: auto`` the request goes to the world's controller through the cluster
queue, so it is answered at the same virtual time but never inside the partition that
proposed.  With ``controller: scripted`` nothing is sent anywhere: each change waits for an
``alter_partition_reply``, which answers the partition's waiting change directly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ..effects import Effect
from ..errors import ErrorCode
from .effects import AlterPartitionEvent
from .model import IsrProposal, IsrResult, TopicPartition

#: ``scheduler.schedule("send-alter-isr", …, 50, …)`` after a top-level error (2.7 – 3.x)
TOP_LEVEL_RETRY_MS = 50


@dataclass(frozen=True, slots=True)
class AlterPartitionRequest:
    """One request: the broker, its epoch (the czxid of its registration, KIP-380) and the
    changes it carries, in the order they were proposed."""

    broker: int
    broker_epoch: int
    proposals: tuple[IsrProposal, ...]


@dataclass(frozen=True, slots=True)
class AlterPartitionResponse:
    """The controller's answer: a top-level error, or one result per partition it answered."""

    error: ErrorCode = ErrorCode.NONE
    results: Mapping[TopicPartition, IsrResult] = field(default_factory=dict)


class AlterPartitionChannel:
    """Mutable: one broker's AlterPartition manager (an :class:`~.model.IsrChannel`).

    ``send`` hands a request to the transport (``None`` when scripted: the change waits for
    a reply); ``deliver`` gives a partition its answer (``Partition.on_isr_result``);
    ``later`` runs an action after a delay (a timer)."""

    def __init__(self, broker: int, now: Callable[[], int], emit: Callable[[Effect], None],
                 broker_epoch: Callable[[], int], deliver: Callable[[IsrResult], None],
                 send: Callable[[AlterPartitionRequest], None] | None,
                 later: Callable[[int, Callable[[], None]], None]) -> None:
        self.broker = broker
        self._now = now
        self._emit = emit
        self._broker_epoch = broker_epoch
        self._deliver = deliver
        self._send = send
        self._later = later
        #: the waiting change of each partition, sent or not, in proposal order
        self.unsent: dict[TopicPartition, IsrProposal] = {}
        self.inflight: AlterPartitionRequest | None = None
        self._answered: dict[TopicPartition, IsrProposal] = {}  # the last change answered, per partition
        self._sent: set[TopicPartition] = set()  # waiting changes already sent once
        self._generation = 0  # bumped by clear(): answers to an older request are dropped

    # -- the partition's side ---------------------------------------------------------------

    def propose(self, proposal: IsrProposal) -> IsrResult | None:
        """Queue a change; answered later.  A second change for a partition that has one
        waiting is not enqueued (``submit`` returns false): OPERATION_NOT_ATTEMPTED."""
        if proposal.tp in self.unsent:
            return IsrResult(proposal, ErrorCode.OPERATION_NOT_ATTEMPTED)
        self.unsent[proposal.tp] = proposal
        if self._send is None:
            self._announce(proposal)  # scripted: "sent" at once, answered by a reply record
        else:
            self._maybe_send()
        return None

    def waiting(self, tp: TopicPartition) -> IsrProposal | None:
        return self.unsent.get(tp)

    def clear_pending(self, tp: TopicPartition) -> None:
        """``clearPending`` (2.7, 2.8: a LeaderAndIsr for the partition drops its waiting
        change; an answer to it, if in flight, finds nothing to answer)."""
        self.unsent.pop(tp, None)
        self._sent.discard(tp)

    def clear(self) -> None:
        """The broker stopped: nothing waits, nothing in flight, no retry."""
        self.unsent.clear()
        self._sent.clear()
        self.inflight = None
        self._generation += 1

    # -- the transport's side ---------------------------------------------------------------

    def _announce(self, p: IsrProposal) -> None:
        again = self._answered.get(p.tp) == p or p.tp in self._sent
        self._sent.add(p.tp)
        self._emit(AlterPartitionEvent(self._now(), p.tp[0], p.tp[1], self.broker, p.isr, p.leader_epoch,
                                       p.zk_version, "retried" if again else "sent"))

    def _maybe_send(self) -> None:
        if self._send is None or self.inflight is not None or not self.unsent:
            return
        request = AlterPartitionRequest(self.broker, self._broker_epoch(), tuple(self.unsent.values()))
        self.inflight = request
        for p in request.proposals:
            self._announce(p)
        self._send(request)

    def on_response(self, request: AlterPartitionRequest, response: AlterPartitionResponse) -> None:
        """The controller answered ``request`` (dropped if the channel was cleared since)."""
        if request is not self.inflight:
            return
        self.inflight = None
        if response.error is not ErrorCode.NONE:
            for p in request.proposals:
                self._emit(AlterPartitionEvent(self._now(), p.tp[0], p.tp[1], self.broker, p.isr,
                                               p.leader_epoch, p.zk_version, "rejected", response.error.name))
            # a change proposed meanwhile sends at once (submit -> maybePropagateIsrChanges);
            # the timer sends whatever still waits then
            generation = self._generation
            self._later(TOP_LEVEL_RETRY_MS, lambda: self._retry(generation))
            return
        for p in request.proposals:
            result = response.results.get(p.tp)
            if result is None or self.unsent.get(p.tp) is not p:
                continue  # not answered: stays waiting and goes again with the next request
            self._answer(p, result)
        self._maybe_send()

    def _retry(self, generation: int) -> None:
        if generation == self._generation:
            self._maybe_send()

    def reply(self, tp: TopicPartition, answer: Callable[[IsrProposal], IsrResult]) -> bool:
        """A scripted controller's answer to the partition's waiting change; False when none
        waits."""
        p = self.unsent.get(tp)
        if p is None:
            return False
        if self.inflight is not None and p in self.inflight.proposals:
            rest = tuple(q for q in self.inflight.proposals if q is not p)
            self.inflight = AlterPartitionRequest(self.inflight.broker, self.inflight.broker_epoch, rest) \
                if rest else None
        self._answer(p, answer(p))
        self._maybe_send()
        return True

    def _answer(self, p: IsrProposal, result: IsrResult) -> None:
        del self.unsent[p.tp]
        self._sent.discard(p.tp)
        self._answered[p.tp] = p
        state = result.state
        if result.error is ErrorCode.NONE and state is not None:
            self._emit(AlterPartitionEvent(self._now(), p.tp[0], p.tp[1], self.broker, state.isr,
                                           state.leader_epoch, state.zk_version, "accepted"))
        else:
            self._emit(AlterPartitionEvent(self._now(), p.tp[0], p.tp[1], self.broker, p.isr, p.leader_epoch,
                                           p.zk_version, "rejected", result.error.name))
        self._deliver(result)
