"""The leader's view of a follower: lastCaughtUpTime by version (ReplicaManager.readFromLocalLog's
readToEndOfLog in 0.10.0/0.10.1 vs Replica.updateLogReadResult / updateFetchState from 0.10.2,
KAFKA-4485), the in-sync test (KAFKA-7152 from 2.1), and the reset on a new leader epoch
(Partition.makeLeader; Replica.resetReplicaState from 3.3)."""

from __future__ import annotations

from kafka_forensics.engine.profiles import Switch, profile
from kafka_forensics.engine.replication.follower_state import UNKNOWN, FollowerState

NEW, OLD = profile("3.9"), profile("0.10.1")
LAG = 30_000


def test_a_fetch_at_the_leaders_log_end_is_caught_up_now() -> None:
    f = FollowerState()
    f.on_fetch(10, 0, 10, now=5_000, profile=NEW)
    assert (f.leo, f.last_caught_up_ms) == (10, 5_000)


def test_a_fetch_reaching_what_the_previous_fetch_saw_dates_from_that_fetch() -> None:
    # ReplicaTest.testUpdateFetchState-like: at t=1000 the leader's LEO was 10; at t=4000 the
    # follower fetches at 10 while the leader is at 15: caught up as of t=1000
    f = FollowerState()
    f.on_fetch(5, 0, 10, now=1_000, profile=NEW)
    f.on_fetch(10, 0, 15, now=4_000, profile=NEW)
    assert f.last_caught_up_ms == 1_000


def test_a_follower_that_never_reaches_the_log_end_is_never_caught_up_from_0_10_2() -> None:
    f = FollowerState()
    for t, (offset, leader_leo) in enumerate([(1, 10), (5, 20), (12, 30)], start=1):
        f.on_fetch(offset, 0, leader_leo, now=t * 1_000, profile=NEW)
    assert f.last_caught_up_ms is None
    assert not f.caught_up(30, now=40_000, lag_ms=LAG, profile=NEW)


def test_before_0_10_2_only_a_fetch_starting_at_the_log_end_is_caught_up() -> None:
    """0.10.1 readToEndOfLog = initialLogEndOffset - fetchOffset <= 0: a follower that chases
    a busy log, each fetch reaching what the previous one saw, is never caught up (KAFKA-4485)."""
    f = FollowerState(last_caught_up_ms=0)
    f.on_fetch(5, 0, 10, now=1_000, profile=OLD)
    f.on_fetch(10, 0, 15, now=4_000, profile=OLD)  # 0.10.2+ would date it from t=1000
    assert f.last_caught_up_ms == 0
    f.on_fetch(15, 0, 15, now=7_000, profile=OLD)
    assert f.last_caught_up_ms == 7_000


def test_from_2_1_a_follower_at_the_leaders_log_end_is_in_sync_whatever_the_time() -> None:
    """KAFKA-7152: an idle partition's follower at the LEO is never shrunk out."""
    f = FollowerState(leo=42, last_caught_up_ms=0)
    assert f.caught_up(42, now=10**9, lag_ms=LAG, profile=NEW)
    assert not f.caught_up(43, now=10**9, lag_ms=LAG, profile=NEW)


def test_before_2_1_a_follower_at_the_log_end_goes_out_of_sync_after_the_lag() -> None:
    """Partition.getOutOfSyncReplicas 2.0.1: (now - lastCaughtUpTimeMs) > maxLagMs alone."""
    f = FollowerState(leo=42, last_caught_up_ms=0)
    assert not f.caught_up(42, now=LAG + 1, lag_ms=LAG, profile=profile("2.0"))
    assert f.caught_up(42, now=LAG, lag_ms=LAG, profile=profile("2.0"))
    assert not profile("2.0").has(Switch.FOLLOWER_AT_LOG_END_IN_SYNC)
    assert profile("2.1").has(Switch.FOLLOWER_AT_LOG_END_IN_SYNC)


def test_a_follower_never_caught_up_is_not_in_sync_even_at_the_start_of_time() -> None:
    # Kafka's "never" is 0 = 1970; virtual time starts at 0, so never is its own value
    assert not FollowerState(leo=3).caught_up(10, now=0, lag_ms=LAG, profile=NEW)


def test_a_new_leader_knows_nothing_of_its_followers() -> None:
    f = FollowerState(leo=9, log_start=0, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=True, was_leader=False, leader_leo=12, profile=NEW)
    assert (f.leo, f.log_start, f.last_fetch_leader_leo, f.last_fetch_ms) == (UNKNOWN, UNKNOWN, UNKNOWN, None)
    assert f.last_caught_up_ms == 500


def test_a_leader_that_stays_leader_keeps_its_followers_offsets() -> None:
    f = FollowerState(leo=9, log_start=2, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=False, was_leader=True, leader_leo=12, profile=NEW)
    assert (f.leo, f.log_start, f.last_fetch_leader_leo, f.last_fetch_ms, f.last_caught_up_ms) == (9, 2, 12, None, None)


def test_before_3_3_a_staying_leader_dates_every_followers_last_fetch_now() -> None:
    """Replica.resetLastCaughtUpTime (0.10.2-3.2): lastFetchTimeMs = curTimeMs for every
    follower; from 3.3 (apache/kafka#12081) only for one in the ISR."""
    f = FollowerState(leo=9, log_start=2, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=False, was_leader=True, leader_leo=12, profile=profile("3.2"))
    assert (f.last_fetch_ms, f.last_caught_up_ms) == (500, None)
    # its next fetch reaches the LEO the reset recorded: caught up as of the reset
    f.on_fetch(12, 2, 20, now=900, profile=profile("3.2"))
    assert f.last_caught_up_ms == 500


def test_from_3_3_that_follower_is_not_caught_up_by_the_reset() -> None:
    f = FollowerState(leo=9, log_start=2, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=False, was_leader=True, leader_leo=12, profile=profile("3.3"))
    f.on_fetch(12, 2, 20, now=900, profile=profile("3.3"))
    assert f.last_caught_up_ms is None


def test_before_0_10_2_a_leader_change_keeps_the_caught_up_time() -> None:
    """0.10.1 Partition.makeLeader resets no caught-up time; a new leader forgets only the
    followers' LEOs (updateLogReadResult(UnknownLogReadResult), readToEndOfLog false)."""
    f = FollowerState(leo=9, log_start=0, last_caught_up_ms=100)
    f.reset(now=500, in_isr=True, was_leader=False, leader_leo=12, profile=OLD)
    assert (f.leo, f.log_start, f.last_caught_up_ms) == (UNKNOWN, UNKNOWN, 100)
