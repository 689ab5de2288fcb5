"""Where a follower truncates on following a new leader, by version: the high watermark
before 0.11, the leader's epoch end offset from 0.11 (KIP-101), and the repeated
OffsetsForLeaderEpoch rounds of KIP-279 (2.0) that make logs agree after quick fail-overs
(AbstractFetcherThread.getOffsetTruncationState; AbstractFetcherThreadTest's truncation cases)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.log import ReplicaLog, Run
from kafka_forensics.engine.replication.truncation import TruncationRule, truncate_follower


def kip101_case() -> tuple[ReplicaLog, ReplicaLog]:
    # KIP-101's first scenario: both replicas hold offsets 0-1, the leader's HW is 2 (acked),
    # the follower had learnt only HW 1 when it restarted
    leader, follower = ReplicaLog.of([(0, 2)]), ReplicaLog.of([(0, 2)])
    leader.update_hw(2)
    follower.update_hw(1)
    return leader, follower


def test_before_0_11_a_restarted_follower_truncates_to_its_own_high_watermark() -> None:
    leader, follower = kip101_case()
    t = truncate_follower(follower, leader, profile("0.10.2"))
    assert (t.to_offset, t.rule, t.rounds) == (1, TruncationRule.HIGH_WATERMARK, 0)
    assert t.removed == (Run(0, 1, 2),)  # an acknowledged record gone from this replica


def test_from_0_11_the_same_follower_keeps_what_the_leader_has() -> None:
    leader, follower = kip101_case()
    t = truncate_follower(follower, leader, profile("0.11"))
    assert (t.to_offset, t.rule, t.records) == (2, TruncationRule.LEADER_EPOCH, 0)


def test_records_of_an_epoch_the_leader_never_saw_are_removed() -> None:
    # the follower led epoch 1 briefly and wrote 3 records nobody replicated
    leader, follower = ReplicaLog.of([(0, 5), (2, 5)]), ReplicaLog.of([(0, 5), (1, 3)])
    for version in ("0.11", "2.0", "3.9"):
        f = ReplicaLog.of([(0, 5), (1, 3)])
        t = truncate_follower(f, leader, profile(version))
        assert (t.to_offset, t.removed) == (5, (Run(1, 5, 8),)), version
    assert follower.leo == 8  # (the original is untouched)


def three_epoch_divergence() -> tuple[ReplicaLog, ReplicaLog]:
    # two quick fail-overs: the follower wrote epochs 1 and 3, the leader epochs 2 and 4, over
    # a shared epoch-0 prefix of 2 records
    return ReplicaLog.of([(0, 2), (2, 2), (4, 2)]), ReplicaLog.of([(0, 2), (1, 2), (3, 2)])


def test_kip_279_asks_again_until_both_logs_name_the_same_epoch() -> None:
    leader, follower = three_epoch_divergence()
    t = truncate_follower(follower, leader, profile("2.0"))
    assert (t.to_offset, t.rounds) == (2, 2)
    assert t.removed == (Run(3, 4, 6), Run(1, 2, 4))
    assert follower.runs == [Run(0, 0, 2)]


def test_before_kip_279_one_round_leaves_a_diverged_record_range_behind() -> None:
    # OffsetsForLeaderEpoch v0 has no epoch: the follower stops at the leader's offset and keeps
    # its epoch-1 records at offsets the leader wrote in epoch 2 — KAFKA-6361
    leader, follower = three_epoch_divergence()
    t = truncate_follower(follower, leader, profile("1.1"))
    assert (t.to_offset, t.rounds) == (4, 1)
    assert follower.runs == [Run(0, 0, 2), Run(1, 2, 4)]
    assert leader.epoch_at(2) == 2 != follower.epoch_at(2)


def test_an_epoch_the_leader_does_not_know_falls_back_to_the_high_watermark() -> None:
    # the follower's latest epoch is newer than anything the leader cached: UNDEFINED_EPOCH_OFFSET
    leader, follower = ReplicaLog.of([(0, 4)]), ReplicaLog.of([(0, 2), (5, 3)])
    follower.update_hw(2)
    t = truncate_follower(follower, leader, profile("2.8"))
    assert (t.to_offset, t.rule) == (2, TruncationRule.LEADER_EPOCH)
    assert t.removed == (Run(5, 2, 5),)


def test_a_log_without_epochs_truncates_to_its_high_watermark_whatever_the_version() -> None:
    leader, follower = ReplicaLog.of([(0, 4)]), ReplicaLog()
    assert truncate_follower(follower, leader, profile("3.9")).rule is TruncationRule.HIGH_WATERMARK


def test_an_epoch_a_leader_started_without_writing_is_dropped_from_the_cache() -> None:
    # the follower had just become leader of epoch 1 (cache (1, 5)) and appended nothing
    leader, follower = ReplicaLog.of([(0, 5), (2, 3)]), ReplicaLog.of([(0, 5)])
    follower.cache.assign(1, 5)
    t = truncate_follower(follower, leader, profile("2.0"))
    assert (t.to_offset, t.records) == (5, 0)
    assert follower.cache.entries == ((0, 0),)


_logs = st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), min_size=1, max_size=5).map(
    lambda rs: sorted(rs, key=lambda r: r[0]))


@given(shared=_logs, leader_tail=_logs, follower_tail=_logs)
def test_from_2_0_a_follower_ends_on_a_prefix_of_the_leaders_log(
        shared: list[tuple[int, int]], leader_tail: list[tuple[int, int]],
        follower_tail: list[tuple[int, int]]) -> None:
    # both logs share a prefix, then each wrote its own epochs (the controller hands out each
    # epoch once), and the leader now leads the newest epoch (assigned at its log end when it
    # became leader); after truncation every record the follower kept is at the same offset in
    # the same epoch on the leader
    base = max(e for e, _ in shared) + 1
    leader = ReplicaLog.of(shared + [(base + 2 * e + 1, n) for e, n in leader_tail])
    follower = ReplicaLog.of(shared + [(base + 2 * e, n) for e, n in follower_tail])
    leader.cache.assign(base + 2 * 4 + 1, leader.leo)
    truncate_follower(follower, leader, profile("2.0"))
    assert follower.leo <= leader.leo
    assert all(leader.epoch_at(o) == follower.epoch_at(o) for o in range(follower.leo))
    assert follower.leo >= sum(n for _, n in shared)  # the shared prefix survives


# -- what the follower keeps where the leader holds another epoch's records -----------------------


def kip101_divergence() -> tuple[ReplicaLog, ReplicaLog]:
    # KIP-101's second scenario: the follower (the old leader, HW 2) holds offsets 0-1 of epoch 0;
    # its new leader holds offset 0 and wrote offset 1 in epoch 2
    leader, follower = ReplicaLog.of([(0, 1), (2, 1)]), ReplicaLog.of([(0, 2)])
    follower.update_hw(2)
    return leader, follower


def test_before_0_11_the_follower_keeps_a_record_its_leader_overwrote_diverged() -> None:
    leader, follower = kip101_divergence()
    t = truncate_follower(follower, leader, profile("0.10.2"))
    assert (t.removed, t.diverged) == ((), (Run(0, 1, 2),))


def test_from_0_11_the_follower_truncates_the_overwritten_record_and_nothing_diverges() -> None:
    leader, follower = kip101_divergence()
    t = truncate_follower(follower, leader, profile("0.11"))
    assert (t.removed, t.diverged) == ((Run(0, 1, 2),), ())


def test_0_11_without_kip_279_can_leave_records_of_epochs_the_leader_never_had() -> None:
    # tests/traces/replication/fetcher-truncation-kip-101-only-diverges.jsonl
    leader, follower = ReplicaLog.of([(1, 1), (3, 1), (5, 1)]), ReplicaLog.of([(0, 1), (2, 1), (4, 1)])
    t = truncate_follower(follower, leader, profile("0.11"))
    assert t.diverged == (Run(0, 0, 1), Run(2, 1, 2))


def test_from_2_0_the_same_logs_agree_after_truncation() -> None:
    leader, follower = ReplicaLog.of([(1, 1), (3, 1), (5, 1)]), ReplicaLog.of([(0, 1), (2, 1), (4, 1)])
    assert truncate_follower(follower, leader, profile("2.0")).diverged == ()
