"""The leader's high watermark by version (Partition.maybeIncrementLeaderHW, 0.10.1 / 0.10.2 /
2.7 / 3.7) — the rule behind "HW stuck" and "HW raced past a rejoining follower"."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.follower_state import UNKNOWN, FollowerState
from kafka_forensics.engine.replication.high_watermark import next_high_watermark

LAG = 30_000


def hw(p: str, followers: dict[int, FollowerState], isr: tuple[int, ...], maximal: tuple[int, ...] | None = None,
       *, current: int = 0, leader_leo: int = 10, now: int = 100_000, min_isr: int = 1) -> int | None:
    return next_high_watermark(current, 1, leader_leo, followers, isr, maximal or isr, now, LAG, min_isr,
                               profile(p))


def test_the_hw_is_the_least_leo_in_the_isr() -> None:
    followers = {2: FollowerState(leo=7), 3: FollowerState(leo=9)}
    assert hw("0.10.1", followers, (1, 2, 3)) == 7


def test_a_follower_outside_the_isr_but_caught_up_holds_the_hw_from_0_10_2() -> None:
    # broker 3 was shrunk out but fetched up to the log end 20 s ago: it is about to rejoin
    followers = {2: FollowerState(leo=9), 3: FollowerState(leo=4, last_caught_up_ms=80_000)}
    assert hw("0.10.1", followers, (1, 2)) == 9
    assert hw("0.10.2", followers, (1, 2)) == 4


def test_a_lagging_follower_outside_the_isr_does_not_hold_the_hw() -> None:
    followers = {2: FollowerState(leo=9), 3: FollowerState(leo=4, last_caught_up_ms=1_000)}
    assert hw("2.8", followers, (1, 2)) == 9


def test_an_expansion_in_flight_counts_from_2_7() -> None:
    # AlterPartition adding 3 is outstanding: the maximal ISR includes it (KIP-497)
    followers = {2: FollowerState(leo=9), 3: FollowerState(leo=6)}
    assert hw("2.7", followers, (1, 2), (1, 2, 3)) == 6
    assert hw("2.6", followers, (1, 2), (1, 2, 3)) == 9


def test_the_hw_never_moves_down() -> None:
    followers = {2: FollowerState(leo=3)}
    assert hw("3.9", followers, (1, 2), current=5) is None


def test_an_unknown_follower_leo_holds_the_hw_after_a_leader_change() -> None:
    followers = {2: FollowerState(leo=UNKNOWN)}
    assert hw("3.9", followers, (1, 2), current=5) is None


def test_the_hw_freezes_under_the_effective_min_isr_from_3_7() -> None:
    # ISR {1} with min.insync.replicas=2 and three replicas: KAFKA-15583
    followers = {2: FollowerState(leo=10), 3: FollowerState(leo=10)}
    assert hw("3.6", followers, (1,), min_isr=2) == 10
    assert hw("3.7", followers, (1,), min_isr=2) is None
    # the effective min ISR is capped by the replication factor
    assert hw("3.7", {}, (1,), min_isr=2) == 10


@given(st.lists(st.integers(0, 50), min_size=1, max_size=4), st.integers(0, 50), st.integers(0, 60))
def test_the_hw_never_passes_an_isr_members_leo(leos: list[int], extra: int, current: int) -> None:
    leader_leo = max([*leos, extra])
    followers = {b: FollowerState(leo=leo) for b, leo in enumerate(leos, start=2)}
    isr = (1, *followers)
    new = next_high_watermark(current, 1, leader_leo, followers, isr, isr, 0, LAG, 1, profile("3.9"))
    if new is not None:
        assert current < new <= min(leos)
