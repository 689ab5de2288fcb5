"""Data loss, computed: acknowledged records (named by offset and epoch) that a truncation
removed from the last replica holding them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.ledger import AckLedger, Lost
from kafka_forensics.engine.replication.log import ReplicaLog, Run
from kafka_forensics.engine.replication.truncation import truncate_follower


def test_the_kip_101_double_failover_loses_an_acknowledged_record_before_0_11() -> None:
    # leader A holds offsets 0-1 (epoch 0), HW 2: both acknowledged to producer p (acks=all);
    # follower B had learnt HW 1, restarts and truncates to it; A dies, B leads epoch 1 and
    # takes a new record at offset 1; A returns and follows B
    ledger = AckLedger()
    a, b = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 2)])
    a.update_hw(2)
    b.update_hw(1)
    ledger.acknowledge(0, 2, 0, "p")
    old = profile("0.10.2")
    removed = truncate_follower(b, a, old).removed
    assert ledger.lost(removed, [a, b]) == []  # A still holds offset 1
    b.cache.assign(1, b.leo)
    b.append(1, 1)
    # A crashed: the HW it restarts with is its last checkpoint (written every
    # replica.high.watermark.checkpoint.interval.ms, 5 s), still 1
    a.update_hw(1)
    removed = truncate_follower(a, b, old).removed
    assert ledger.lost(removed, [a, b]) == [Lost(1, 1, 0, ("p",))]


def test_with_leader_epochs_the_same_failover_loses_nothing() -> None:
    ledger = AckLedger()
    a, b = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 2)])
    a.update_hw(2)
    b.update_hw(1)
    ledger.acknowledge(0, 2, 0, "p")
    assert truncate_follower(b, a, profile("0.11")).removed == ()


def test_records_nobody_was_told_about_are_not_data_loss() -> None:
    ledger = AckLedger()
    follower = ReplicaLog.of([(0, 5), (1, 3)])  # epoch 1 never acknowledged (acks=0, or HW never passed)
    removed = follower.truncate_to(5)
    assert ledger.lost(removed, [follower]) == []


def test_a_loss_is_reported_once_in_contiguous_ranges_with_every_producer() -> None:
    ledger = AckLedger()
    log = ReplicaLog.of([(2, 10)])
    ledger.acknowledge(0, 4, 2, "p1")
    ledger.acknowledge(4, 8, 2, "p2")
    removed = log.truncate_to(1)
    assert ledger.lost(removed, [log]) == [Lost(1, 7, 2, ("p1", "p2"))]
    assert ledger.lost(removed, [log]) == []


def test_the_same_offset_in_another_epoch_is_another_record() -> None:
    # an unclean leader wrote epoch-3 records at offsets 5-7: the acknowledged epoch-2 records
    # at those offsets are gone even though the offsets exist
    ledger = AckLedger()
    ledger.acknowledge(5, 8, 2, "p")
    old_leader = ReplicaLog.of([(2, 8)])
    new_leader = ReplicaLog.of([(2, 5), (3, 3)])
    removed = old_leader.truncate_to(5)
    assert ledger.lost(removed, [old_leader, new_leader]) == [Lost(5, 7, 2, ("p",))]


@given(st.integers(1, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_lost_records_are_exactly_the_acknowledged_ones_truncated_from_every_replica(
        size: int, acked_end: int, cut_a: int, cut_b: int) -> None:
    ledger = AckLedger()
    a, b = ReplicaLog.of([(0, size)]), ReplicaLog.of([(0, size)])
    ledger.acknowledge(0, min(acked_end, size), 0, "p")
    lost = ledger.lost(a.truncate_to(cut_a), [a, b]) + ledger.lost(b.truncate_to(cut_b), [a, b])
    want = max(0, min(acked_end, size) - max(min(cut_a, size), min(cut_b, size)))
    assert sum(x.records for x in lost) == want


# -- diverged logs (KIP-101's second scenario) -------------------------------------------------


def kip101_divergence() -> tuple[AckLedger, ReplicaLog, ReplicaLog]:
    # A held m1, m2 (epoch 0) with HW 2, m2 acknowledged to q; B, leading epoch 2, holds m1 and
    # wrote m3 at offset 1; A comes back and follows B
    ledger = AckLedger()
    ledger.acknowledge(1, 2, 0, "q")
    a, b = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 1), (2, 1)])
    a.update_hw(2)
    return ledger, a, b


def test_a_record_a_follower_keeps_where_its_leader_holds_another_epoch_s_is_lost() -> None:
    ledger, a, b = kip101_divergence()
    t = truncate_follower(a, b, profile("0.10.2"))
    assert t.removed == ()
    assert ledger.lost(t.removed + t.diverged, [a, b], b) == [Lost(1, 1, 0, ("q",))]


def test_a_replica_that_agrees_with_the_leader_still_holds_the_record() -> None:
    # C has offset 1 (epoch 0), which the leader has not fetched yet: no conflict, C holds it
    ledger = AckLedger()
    ledger.acknowledge(0, 2, 0, "p")
    follower, c, leader = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 1)])
    removed = follower.truncate_to(1)
    assert ledger.lost(removed, [follower, c, leader], leader) == []


def test_a_replica_diverged_from_the_leader_holds_nothing() -> None:
    # C still has m2 at offset 1, where the leader wrote m3 in epoch 2: no consumer reads C's
    ledger, _, leader = kip101_divergence()
    follower, c = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 2)])
    removed = follower.truncate_to(1)
    assert ledger.lost(removed, [follower, c, leader], leader) == [Lost(1, 1, 0, ("q",))]


def test_a_diverged_record_is_not_reported_again_when_that_replica_truncates_it_later() -> None:
    ledger, a, b = kip101_divergence()
    t = truncate_follower(a, b, profile("0.10.2"))
    assert ledger.lost(t.removed + t.diverged, [a, b], b) != []
    t = truncate_follower(a, b, profile("0.11"))  # the broker upgraded: truncated by leader epoch
    assert t.removed == (Run(0, 1, 2),)
    assert ledger.lost(t.removed + t.diverged, [a, b], b) == []


def test_a_diverged_record_is_reported_once_while_the_follower_keeps_it() -> None:
    ledger, a, b = kip101_divergence()
    t = truncate_follower(a, b, profile("0.10.2"))
    assert ledger.lost(t.removed + t.diverged, [a, b], b) != []
    t = truncate_follower(a, b, profile("0.10.2"))  # the next leader change: still kept
    assert t.diverged == (Run(0, 1, 2),)
    assert ledger.lost(t.removed + t.diverged, [a, b], b) == []
