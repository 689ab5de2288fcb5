"""The leader's view of a follower: lastCaughtUpTime by version (Replica.updateLogReadResult
0.10.1 vs 0.10.2, KAFKA-4485), the in-sync test, and the reset on a new leader epoch."""

from __future__ import annotations

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.follower_state import UNKNOWN, FollowerState

NEW, OLD = profile("3.9"), profile("0.10.1")
LAG = 30_000


def test_a_fetch_at_the_leaders_log_end_is_caught_up_now() -> None:
    f = FollowerState()
    f.on_fetch(10, 0, 10, now=5_000, profile=NEW)
    assert (f.leo, f.last_caught_up_ms) == (10, 5_000)


def test_a_fetch_reaching_what_the_previous_fetch_saw_dates_from_that_fetch() -> None:
    # PartitionTest.testUpdateFollowerFetchState-like: at t=1000 the leader's LEO was 10; at
    # t=4000 the follower fetches at 10 while the leader is at 15: caught up as of t=1000
    f = FollowerState()
    f.on_fetch(5, 0, 10, now=1_000, profile=NEW)
    f.on_fetch(10, 0, 15, now=4_000, profile=NEW)
    assert f.last_caught_up_ms == 1_000


def test_a_follower_that_never_reaches_the_log_end_is_never_caught_up_from_0_10_2() -> None:
    f = FollowerState()
    for t, (offset, leader_leo) in enumerate([(1, 10), (5, 20), (12, 30)], start=1):
        f.on_fetch(offset, 0, leader_leo, now=t * 1_000, profile=NEW)
    assert f.last_caught_up_ms is None
    assert not f.caught_up(30, now=40_000, lag_ms=LAG)


def test_before_0_10_2_every_fetch_counts_as_caught_up() -> None:
    # the read always reaches the log end: a slow but busy follower never leaves the ISR
    f = FollowerState()
    f.on_fetch(1, 0, 1_000_000, now=7_000, profile=OLD)
    assert f.last_caught_up_ms == 7_000


def test_caught_up_at_the_log_end_whatever_the_time() -> None:
    f = FollowerState(leo=42)
    assert f.caught_up(42, now=10**9, lag_ms=LAG)
    assert not f.caught_up(43, now=10**9, lag_ms=LAG)


def test_a_follower_never_caught_up_is_not_in_sync_even_at_the_start_of_time() -> None:
    # Kafka's "never" is 0 = 1970; virtual time starts at 0, so never is its own value
    assert not FollowerState(leo=3).caught_up(10, now=0, lag_ms=LAG)


def test_a_new_leader_knows_nothing_of_its_followers() -> None:
    f = FollowerState(leo=9, log_start=0, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=True, was_leader=False, leader_leo=12)
    assert (f.leo, f.log_start, f.last_fetch_leader_leo, f.last_fetch_ms) == (UNKNOWN, UNKNOWN, UNKNOWN, None)
    assert f.last_caught_up_ms == 500


def test_a_leader_that_stays_leader_keeps_its_followers_offsets() -> None:
    f = FollowerState(leo=9, log_start=2, last_fetch_leader_leo=9, last_fetch_ms=100, last_caught_up_ms=100)
    f.reset(now=500, in_isr=False, was_leader=True, leader_leo=12)
    assert (f.leo, f.log_start, f.last_fetch_leader_leo, f.last_fetch_ms, f.last_caught_up_ms) == (9, 2, 12, None, None)
