"""One broker's replica of a partition: produce with acks, the DelayedProduce, follower
fetches moving the HW, ISR proposals through ZooKeeper writes or AlterPartition (R7), epoch
fencing and divergence — scenarios after Kafka's PartitionTest and ReplicaManagerTest."""

from __future__ import annotations

from dataclasses import dataclass, field

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import HighWatermarkChanged, IsrChanged, ProduceResponse
from kafka_forensics.engine.replication.ledger import AckLedger
from kafka_forensics.engine.replication.model import IsrProposal, IsrResult, LeaderAndIsr
from kafka_forensics.engine.replication.partition import Partition
from kafka_forensics.engine.timers import TimerMode, TimerQueue

E = ErrorCode
TP = ("t", 0)


@dataclass
class ZkChannel:
    """A leader's conditional ZooKeeper write: accepted when its zkVersion is current."""

    version: int = 0
    refuse: bool = False

    def propose(self, p: IsrProposal) -> IsrResult:
        if self.refuse or p.zk_version != self.version:
            return IsrResult(p, E.INVALID_UPDATE_VERSION)
        self.version += 1
        return IsrResult(p, E.NONE, LeaderAndIsr(p.broker, p.leader_epoch, p.isr, (1, 2, 3), self.version, 1))


@dataclass
class AlterPartitionChannel:
    """AlterPartition: proposals wait for an answer the test gives."""

    sent: list[IsrProposal] = field(default_factory=list)

    def propose(self, p: IsrProposal) -> None:
        self.sent.append(p)


@dataclass
class World:
    version: str
    channel: ZkChannel | AlterPartitionChannel
    config: dict[str, object] = field(default_factory=dict)
    effects: list[Effect] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.timers = TimerQueue(TimerMode.REALTIME)
        self.ledger = AckLedger()
        p = profile(self.version)
        self.leader = Partition(TP, 1, p, Config(p, self.config), self.timers, self.effects.append,
                                self.ledger, self.channel)
        self.follower = Partition(TP, 2, p, Config(p, self.config), self.timers, self.effects.append,
                                  self.ledger, self.channel)

    def start(self, isr: tuple[int, ...] = (1, 2, 3), epoch: int = 0) -> None:
        state = LeaderAndIsr(1, epoch, isr, (1, 2, 3), 0, 1)
        self.leader.make_leader(state, self.timers.now)
        self.follower.make_follower(state, self.timers.now)

    def fetch(self, broker: int, offset: int) -> None:
        self.leader.on_follower_fetch(broker, offset, 0, self.timers.now)

    def responses(self) -> list[tuple[str, str]]:
        return [(e.client, e.error) for e in self.effects if isinstance(e, ProduceResponse)]


def test_acks_all_waits_until_every_isr_member_has_the_batch() -> None:
    w = World("3.9", ZkChannel())
    w.start()
    w.leader.append(5, -1, "p", 0)
    assert w.responses() == []
    w.fetch(2, 5)
    assert w.responses() == []  # broker 3 has not fetched
    w.fetch(3, 5)
    assert w.responses() == [("p", "NONE")]
    assert w.leader.log.hw == 5
    assert [a.client for a in w.ledger.acknowledged] == ["p"]


def test_acks_1_is_answered_at_once_and_acks_0_never() -> None:
    w = World("3.9", ZkChannel())
    w.start()
    w.leader.append(1, 1, "one", 0)
    w.leader.append(1, 0, "zero", 0)
    assert w.responses() == [("one", "NONE")]


def test_acks_all_below_min_isr_is_refused_before_appending() -> None:
    w = World("3.9", ZkChannel(), {"min.insync.replicas": 2})
    w.start(isr=(1,))
    w.leader.append(5, -1, "p", 0)
    assert w.responses() == [("p", "NOT_ENOUGH_REPLICAS")]
    assert w.leader.log.leo == 0


def test_a_batch_reaching_the_hw_after_the_isr_shrank_is_not_enough_replicas_after_append() -> None:
    # ZooKeeper mode (2.6): the ISR is {1, 2}, min.insync.replicas 2; follower 2 stalls and is
    # shrunk out; the HW then passes the batch with only the leader in the ISR
    w = World("2.6", ZkChannel(), {"min.insync.replicas": 2, "replica.lag.time.max.ms": 10_000})
    w.start(isr=(1, 2))
    w.leader.append(5, -1, "p", 0)
    w.timers.advance_to(10_001)
    w.leader.shrink_isr(w.timers.now)
    assert w.leader.isr == (1,)
    assert w.responses() == [("p", "NOT_ENOUGH_REPLICAS_AFTER_APPEND")]
    assert w.ledger.acknowledged == []


def test_a_parked_produce_times_out_after_the_request_timeout() -> None:
    w = World("3.9", ZkChannel())
    w.start()
    w.leader.append(5, -1, "p", 0)
    w.timers.advance_to(30_000)
    assert w.responses() == [("p", "REQUEST_TIMED_OUT")]


def test_a_lagging_follower_is_shrunk_out_with_a_conditional_zookeeper_write() -> None:
    w = World("2.6", ZkChannel())
    w.start()
    w.leader.append(5, 1, "p", 0)
    w.fetch(2, 5)
    w.timers.advance_to(30_001)
    w.fetch(2, 5)
    w.leader.shrink_isr(w.timers.now)
    change = [e for e in w.effects if isinstance(e, IsrChanged)]
    assert [(c.from_isr, c.to_isr, c.zk_version, c.cause) for c in change] == [((1, 2, 3), (1, 2), 1, "shrink")]


def test_a_refused_write_leaves_the_isr_as_it_was() -> None:
    # the "Cached zkVersion … skip updating ISR" outcome: the broker's cached version is stale
    w = World("2.6", ZkChannel(refuse=True))
    w.start()
    w.timers.advance_to(30_001)
    w.leader.shrink_isr(w.timers.now)
    assert w.leader.isr == (1, 2, 3) and w.leader.pending is None
    assert not any(isinstance(e, IsrChanged) for e in w.effects)


def test_an_expansion_in_flight_counts_for_the_hw_before_it_is_committed() -> None:
    # AlterPartition (KIP-497): the maximal ISR takes broker 3 at once
    ch = AlterPartitionChannel()
    w = World("3.9", ch)
    w.start(isr=(1, 2))
    w.leader.append(10, 1, "p", 0)
    w.fetch(2, 10)
    w.fetch(3, 4)
    assert ch.sent == []  # 3 has not reached the HW (10)
    w.fetch(3, 10)
    assert [p.isr for p in ch.sent] == [(1, 2, 3)]
    assert w.leader.view().maximal_isr == (1, 2, 3) and w.leader.view().pending_isr == (1, 2, 3)
    p = ch.sent[0]
    w.leader.on_isr_result(IsrResult(p, E.NONE, LeaderAndIsr(1, 0, (1, 2, 3), (1, 2, 3), 1, 1)))
    assert w.leader.isr == (1, 2, 3) and w.leader.pending is None


def test_operation_not_attempted_reverts_to_the_committed_isr() -> None:
    ch = AlterPartitionChannel()
    w = World("3.9", ch)
    w.start(isr=(1, 2))
    w.fetch(3, 0)
    w.leader.on_isr_result(IsrResult(ch.sent[0], E.OPERATION_NOT_ATTEMPTED))
    assert (w.leader.pending, w.leader.maximal_isr) == (None, (1, 2))


def test_a_fenced_answer_stays_in_flight_and_another_error_is_retried() -> None:
    ch = AlterPartitionChannel()
    w = World("3.9", ch)
    w.start(isr=(1, 2))
    w.fetch(3, 0)
    w.leader.on_isr_result(IsrResult(ch.sent[0], E.FENCED_LEADER_EPOCH))
    assert w.leader.pending is ch.sent[0] and len(ch.sent) == 1
    w.leader.on_isr_result(IsrResult(ch.sent[0], E.UNKNOWN_SERVER_ERROR))
    assert len(ch.sent) == 2 and ch.sent[1] == ch.sent[0]


def test_an_answer_after_a_new_leader_epoch_is_ignored() -> None:
    ch = AlterPartitionChannel()
    w = World("3.9", ch)
    w.start(isr=(1, 2))
    w.fetch(3, 0)
    w.leader.make_leader(LeaderAndIsr(1, 1, (1, 2), (1, 2, 3), 1, 1), w.timers.now)
    w.leader.on_isr_result(IsrResult(ch.sent[0], E.NONE, LeaderAndIsr(1, 0, (1, 2, 3), (1, 2, 3), 1, 1)))
    assert w.leader.isr == (1, 2)


def test_a_state_with_an_older_partition_epoch_is_ignored() -> None:
    w = World("3.9", ZkChannel())
    w.leader.make_leader(LeaderAndIsr(1, 3, (1, 2, 3), (1, 2, 3), 5, 1), 0)
    assert w.leader.make_leader(LeaderAndIsr(1, 4, (1, 2, 3), (1, 2, 3), 4, 1), 0) is False
    assert w.leader.state is not None and w.leader.state.leader_epoch == 3


def test_a_new_leader_epoch_starts_at_the_log_end_in_the_epoch_cache() -> None:
    w = World("3.9", ZkChannel())
    w.start(epoch=0)
    w.leader.append(4, 1, "p", 0)
    w.leader.make_leader(LeaderAndIsr(1, 2, (1, 2, 3), (1, 2, 3), 1, 1), 0)
    assert w.leader.log.cache.entries == ((0, 0), (2, 4))
    assert w.leader.epoch_start_offset == 4


def test_the_follower_learns_the_hw_its_own_fetch_raised_one_fetch_later() -> None:
    """ReplicaManager.fetchMessages (0.10-2.x) / Partition.fetchRecords (3.x): the leader reads
    the log, HW included, before updating the follower's state — the answer to the fetch that
    moves the HW still carries the old one (the lag behind KIP-101's first scenario)."""
    w = World("3.9", ZkChannel())
    w.start(isr=(1, 2))
    w.leader.append(6, 1, "p", 0)
    w.follower.on_fetch_response(w.leader.on_follower_fetch(2, 0, 0, 0), 0)
    assert (w.follower.log.leo, w.follower.log.hw) == (6, 0)
    answer = w.leader.on_follower_fetch(2, 6, 0, 0)  # raises the leader's HW to 6 ...
    assert (w.leader.log.hw, answer.hw) == (6, 0)  # ... but answers with the HW read before
    w.follower.on_fetch_response(answer, 0)
    assert w.follower.log.hw == 0
    w.follower.on_fetch_response(w.leader.on_follower_fetch(2, 6, 0, 0), 0)
    assert w.follower.log.hw == 6
    hws = [(e.broker, e.to_hw) for e in w.effects if isinstance(e, HighWatermarkChanged)]
    assert hws == [(1, 6), (2, 6)]


def test_the_follower_hw_is_capped_at_its_own_log_end() -> None:
    """AbstractFetcherThread / ReplicaFetcherThread.processPartitionData: follower HW =
    min(leader's HW, own LEO)."""
    w = World("3.9", ZkChannel())
    w.start(isr=(1,))
    w.leader.append(6, 1, "p", 0)  # ISR of the leader alone: HW 6 at once
    answer = w.leader.on_follower_fetch(2, 0, 0, 0)
    assert answer.hw == 6
    w.follower.on_fetch_response(type(answer)(answer.error, answer.runs[:0], answer.hw, 0), 0)
    assert (w.follower.log.leo, w.follower.log.hw) == (0, 0)


def test_a_fetch_with_another_leader_epoch_is_fenced_from_2_1() -> None:
    w = World("3.9", ZkChannel())
    w.start(epoch=5)
    assert w.leader.on_follower_fetch(2, 0, 0, 0, current_leader_epoch=4).error is E.FENCED_LEADER_EPOCH
    assert w.leader.on_follower_fetch(2, 0, 0, 0, current_leader_epoch=6).error is E.UNKNOWN_LEADER_EPOCH
    old = World("2.0", ZkChannel())
    old.start(epoch=5)
    assert old.leader.on_follower_fetch(2, 0, 0, 0, current_leader_epoch=4).error is E.NONE


def test_a_diverged_follower_is_told_where_its_epoch_ends_from_2_8() -> None:
    # the follower fetched epoch 1 up to 8; the leader's epoch 1 ended at 5
    w = World("3.9", ZkChannel())
    w.leader.log.append(0, 3)
    w.leader.log.append(1, 2)
    w.leader.log.append(3, 4)
    w.start(epoch=3)
    answer = w.leader.on_follower_fetch(2, 8, 0, 0, last_fetched_epoch=1)
    assert answer.diverging == (1, 5) and answer.runs == ()
    assert w.leader.follower(2) is not None and w.leader.follower(2).leo == -1  # no state update


def test_open_transactions_hold_the_last_stable_offset_below_the_hw() -> None:
    w = World("3.9", ZkChannel())
    w.start(isr=(1,))
    w.leader.append(2, 1, "p", 0)
    w.leader.begin_txn("tx")
    w.leader.append(3, 1, "tx", 0)
    assert (w.leader.lso, w.leader.log.hw, w.leader.log.leo) == (2, 5, 5)
    w.leader.end_txn("tx", 0)
    assert (w.leader.lso, w.leader.log.hw, w.leader.log.leo) == (6, 6, 6)
