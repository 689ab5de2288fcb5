"""The AlterIsr / AlterPartition channel (AlterIsrManager 2.8.0, AlterPartitionManager 3.4.0
and their tests): one change per partition waiting, one request per broker in flight, a
top-level error retried 50 ms later, a partition's answer clearing its change before the
partition sees it; and, through the world, the scripted replies and KAFKA-12686."""

from __future__ import annotations

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect, Finding
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.alter_partition import (
    TOP_LEVEL_RETRY_MS,
    AlterPartitionChannel,
    AlterPartitionRequest,
    AlterPartitionResponse,
)
from kafka_forensics.engine.replication.effects import AlterPartitionEvent
from kafka_forensics.engine.replication.model import IsrProposal, IsrResult, LeaderAndIsr
from kafka_forensics.engine.replication.stimuli import (
    AlterPartitionReply,
    CreatePartition,
    LeaderAndIsrRequest,
    RunTask,
)
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

E = ErrorCode
A, B = ("t", 0), ("t", 1)


class Harness:
    """A channel whose requests are kept, answers delivered to a list, timers real."""

    def __init__(self, scripted: bool = False) -> None:
        self.timers = TimerQueue(TimerMode.REALTIME)
        self.effects: list[Effect] = []
        self.sent: list[AlterPartitionRequest] = []
        self.delivered: list[IsrResult] = []
        self.channel = AlterPartitionChannel(
            1, lambda: self.timers.now, self.effects.append, lambda: 7, self.delivered.append,
            None if scripted else self.sent.append, lambda delay, action: self.timers.arm(delay, "retry", action))

    def phases(self) -> list[tuple[int, str, str, str | None]]:
        return [(e.at, f"{e.topic}-{e.partition}", e.phase, e.error) for e in self.effects
                if isinstance(e, AlterPartitionEvent)]


def proposal(tp: tuple[str, int] = A, isr: tuple[int, ...] = (1,), zk_version: int = 0) -> IsrProposal:
    return IsrProposal(tp, 1, 0, isr, zk_version, "shrink")


def accepted(p: IsrProposal) -> IsrResult:
    return IsrResult(p, E.NONE, LeaderAndIsr(1, p.leader_epoch, p.isr, (1, 2), p.zk_version + 1, 1))


def test_one_request_in_flight_and_changes_proposed_meanwhile_wait_for_the_next() -> None:
    # AlterPartitionManagerTest.testSingleBatch: the first request carries partition 0 alone, nine
    # more queue up; the answer omits partition 0, so the next request carries all ten
    h = Harness()
    proposals = [proposal(("t", i)) for i in range(10)]
    for p in proposals:
        assert h.channel.propose(p) is None
    assert [r.proposals for r in h.sent] == [(proposals[0],)]
    h.channel.on_response(h.sent[0], AlterPartitionResponse(E.NONE, {}))
    assert len(h.sent) == 2 and h.sent[1].proposals == tuple(proposals)


def test_a_second_change_for_a_waiting_partition_is_not_enqueued() -> None:
    # AlterPartitionManagerTest.testOverwriteWithinBatch: OperationNotAttempted for the second
    # submit; once answered, the partition may submit again and the new ISR is what is sent
    h = Harness()
    first = proposal(A, isr=(1, 2, 3))
    h.channel.propose(first)
    refused = h.channel.propose(proposal(A, isr=(1, 2)))
    assert refused is not None and refused.error is E.OPERATION_NOT_ATTEMPTED
    h.channel.on_response(h.sent[0], AlterPartitionResponse(E.NONE, {A: accepted(first)}))
    assert h.channel.propose(proposal(A, isr=(1,))) is None
    assert [r.proposals[0].isr for r in h.sent] == [(1, 2, 3), (1,)]


def test_a_top_level_error_keeps_the_changes_and_sends_again_fifty_ms_later() -> None:
    # AlterPartitionManagerTest.testStaleBrokerEpoch (testRetryOnTopLevelError): nothing is
    # answered; "send-alter-partition" sends the same change again 50 ms later
    h = Harness()
    p = proposal()
    h.channel.propose(p)
    h.channel.on_response(h.sent[0], AlterPartitionResponse(E.STALE_BROKER_EPOCH))
    assert h.delivered == [] and len(h.sent) == 1
    h.timers.advance_to(TOP_LEVEL_RETRY_MS - 1)
    assert len(h.sent) == 1
    h.timers.advance_to(TOP_LEVEL_RETRY_MS)
    assert [r.proposals for r in h.sent] == [(p,), (p,)]
    assert h.phases() == [(0, "t-0", "sent", None), (0, "t-0", "rejected", "STALE_BROKER_EPOCH"),
                          (50, "t-0", "retried", None)]


def test_a_change_the_controller_did_not_answer_goes_again_with_the_next_request() -> None:
    # AlterPartitionManagerTest.testPartitionMissingInResponse: "Partition … was sent but not
    # included in the response" — it stays waiting
    h = Harness()
    pa = proposal(A)
    h.channel.propose(pa)
    h.channel.on_response(h.sent[0], AlterPartitionResponse(E.NONE, {}))
    assert h.delivered == [] and [r.proposals for r in h.sent] == [(pa,), (pa,)]


def test_the_answer_clears_the_change_before_the_partition_sees_it() -> None:
    # AlterPartitionManagerTest.testSubmitFromCallback: a partition-level UNKNOWN_SERVER_ERROR, the
    # callback submits again (R7's retry), and that is a new change for the next request
    h = Harness()
    p = proposal()
    retried: list[IsrResult | None] = []
    h.channel._deliver = lambda result: retried.append(h.channel.propose(result.proposal))
    h.channel.propose(p)
    h.channel.on_response(h.sent[0], AlterPartitionResponse(E.NONE, {A: IsrResult(p, E.UNKNOWN_SERVER_ERROR)}))
    assert retried == [None] and [r.proposals for r in h.sent] == [(p,), (p,)]
    assert h.phases()[-1] == (0, "t-0", "retried", None)


def test_an_answer_to_a_request_from_before_a_restart_is_dropped() -> None:
    h = Harness()
    h.channel.propose(proposal())
    old = h.sent[0]
    h.channel.clear()
    h.channel.on_response(old, AlterPartitionResponse(E.NONE, {A: accepted(old.proposals[0])}))
    assert h.delivered == []


def test_a_scripted_channel_sends_nothing_and_a_reply_answers_the_waiting_change() -> None:
    h = Harness(scripted=True)
    p = proposal()
    h.channel.propose(p)
    assert h.sent == [] and h.phases() == [(0, "t-0", "sent", None)]
    assert h.channel.reply(A, accepted) is True
    assert [r.error for r in h.delivered] == [E.NONE]
    assert h.channel.reply(A, accepted) is False


# -- through the world -------------------------------------------------------------------------


def scripted_shrink(version: str) -> tuple[ReplicationWorld, list[Effect]]:
    """Leader 1 proposes to shrink follower 2 out; the scripted controller has not answered."""
    p = profile(version)
    effects: list[Effect] = []
    w = ReplicationWorld(p, Config(p, {}), TimerQueue(TimerMode.REALTIME), effects.append,
                         controller="scripted", periodic_tasks="manual")
    w.handle(CreatePartition(A, (1, 2)))
    w.advance_to(31_000)
    w.handle(RunTask(1, "isr-expiration"))
    return w, effects


def test_in_2_8_a_leader_and_isr_drops_the_waiting_change() -> None:
    # Partition.makeLeader -> alterIsrManager.clearPending (2.7, 2.8)
    w, effects = scripted_shrink("2.8")
    w.handle(LeaderAndIsrRequest(A, 1, 1, (1, 2)))
    w.handle(AlterPartitionReply(A))
    assert [e.name for e in effects if isinstance(e, Finding)] == ["alter_partition_reply_unmatched"]


def test_from_3_0_the_change_survives_a_leader_and_isr_and_its_late_answer_is_ignored() -> None:
    # KAFKA-12686: clearPending removed; the answer arrives for a state the partition replaced
    w, effects = scripted_shrink("3.0")
    w.handle(LeaderAndIsrRequest(A, 1, 1, (1, 2)))
    w.handle(AlterPartitionReply(A, isr=(1,), leader_epoch=0, zk_version=1))
    assert not [e for e in effects if isinstance(e, Finding) and e.name == "alter_partition_reply_unmatched"]
    view = w.partition_view(A)
    assert view is not None and (view.leader_epoch, view.isr) == (1, (1, 2))


def test_an_error_reply_reaches_the_leader() -> None:
    # R7: INELIGIBLE_REPLICA reverts to the committed state
    w, effects = scripted_shrink("3.9")
    w.handle(AlterPartitionReply(A, error=E.INELIGIBLE_REPLICA))
    view = w.partition_view(A)
    assert view is not None and (view.isr, view.pending_isr) == ((1, 2), None)
    assert [(e.phase, e.error) for e in effects if isinstance(e, AlterPartitionEvent)] == [
        ("sent", None), ("rejected", "INELIGIBLE_REPLICA")]
