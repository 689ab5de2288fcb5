"""The leader's ISR shrink and expand decisions by version (Partition.maybeShrinkIsr /
maybeExpandIsr; ReplicaManager's isr-expiration schedule)."""

from __future__ import annotations

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.follower_state import FollowerState
from kafka_forensics.engine.replication.isr import isr_expiration_period_ms, may_join, out_of_sync

LAG = 30_000


def test_isr_expiration_runs_every_half_lag_from_0_10_2() -> None:
    assert isr_expiration_period_ms(10_000, profile("0.10.1")) == 10_000
    assert isr_expiration_period_ms(10_000, profile("0.10.2")) == 5_000


def test_a_follower_not_caught_up_within_the_lag_is_shrunk_out() -> None:
    # PartitionTest.testMaybeShrinkIsr-like: follower 3 last caught up at t=0, now t=30001
    followers = {2: FollowerState(leo=10, last_caught_up_ms=30_000), 3: FollowerState(leo=4, last_caught_up_ms=0)}
    p = profile("3.9")
    assert out_of_sync(1, 10, followers, (1, 2, 3), now=30_001, lag_ms=LAG, profile=p) == (3,)
    assert out_of_sync(1, 10, followers, (1, 2, 3), now=30_000, lag_ms=LAG, profile=p) == ()


def test_from_2_1_a_follower_at_the_log_end_stays_whatever_its_caught_up_time() -> None:
    # KAFKA-7152: an idle partition, nothing to fetch, the follower at the LEO; before 2.1 the
    # lag time alone decided and such a follower was shrunk out
    followers = {2: FollowerState(leo=10, last_caught_up_ms=0)}
    assert out_of_sync(1, 10, followers, (1, 2), now=10**7, lag_ms=LAG, profile=profile("2.1")) == ()
    assert out_of_sync(1, 10, followers, (1, 2), now=10**7, lag_ms=LAG, profile=profile("2.0")) == (2,)


def test_a_follower_joins_once_it_reaches_the_high_watermark() -> None:
    f = FollowerState(leo=7)
    assert not may_join(3, f, (1, 2, 3), (1, 2), hw=8, epoch_start_offset=0, profile=profile("3.9"))
    f.leo = 8
    assert may_join(3, f, (1, 2, 3), (1, 2), hw=8, epoch_start_offset=0, profile=profile("3.9"))


def test_from_2_1_it_must_also_reach_the_current_epochs_start() -> None:
    # a new leader whose HW (5) lags its epoch start (9): before 2.1 a follower at 6 joined
    f = FollowerState(leo=6)
    assert may_join(3, f, (1, 2, 3), (1, 2), hw=5, epoch_start_offset=9, profile=profile("2.0"))
    assert not may_join(3, f, (1, 2, 3), (1, 2), hw=5, epoch_start_offset=9, profile=profile("2.1"))


def test_only_an_eligible_assigned_replica_outside_the_isr_joins() -> None:
    f = FollowerState(leo=10)
    p = profile("3.9")
    assert not may_join(4, f, (1, 2, 3), (1, 2), hw=5, epoch_start_offset=0, profile=p)  # not assigned
    assert not may_join(2, f, (1, 2, 3), (1, 2), hw=5, epoch_start_offset=0, profile=p)  # already in
    assert not may_join(3, f, (1, 2, 3), (1, 2), hw=5, epoch_start_offset=0, profile=p, eligible=False)
