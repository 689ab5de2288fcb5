"""A replica's log by leader epoch: appends, reads, the local high watermark and truncation
(UnifiedLog's rules as the reference's R14 states them; KIP-101 epochs per record)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.replication.log import ReplicaLog, Run


def test_appends_move_the_log_end_but_never_the_high_watermark() -> None:
    log = ReplicaLog()
    log.append(0, 10)
    assert (log.leo, log.hw) == (10, 0)


def test_each_appended_run_assigns_its_epoch_at_its_first_offset() -> None:
    # the trace's {"2": [[0, 10], [1, 3]]}: ten records of epoch 0, three of epoch 1
    log = ReplicaLog.of([(0, 10), (1, 3)])
    assert log.cache.entries == ((0, 0), (1, 10))
    assert log.runs == [Run(0, 0, 10), Run(1, 10, 13)]
    assert [log.epoch_at(o) for o in (0, 9, 10, 12, 13)] == [0, 0, 1, 1, None]


def test_runs_of_one_epoch_appended_back_to_back_are_one_run() -> None:
    log = ReplicaLog.of([(3, 2), (3, 5)])
    assert log.runs == [Run(3, 0, 7)]
    assert log.cache.entries == ((3, 0),)


def test_the_high_watermark_is_clamped_into_the_log() -> None:
    log = ReplicaLog.of([(0, 10)])
    assert log.update_hw(25) is True and log.hw == 10
    assert log.update_hw(10) is False
    log.advance_log_start(4)
    assert log.update_hw(1) is True and log.hw == 4


def test_a_read_slices_the_runs_from_the_fetch_offset() -> None:
    log = ReplicaLog.of([(0, 10), (1, 3)])
    assert log.read(8) == (Run(0, 8, 10), Run(1, 10, 13))
    assert log.read(13) == ()


def test_a_follower_appends_fetched_runs_with_the_leaders_epochs() -> None:
    leader = ReplicaLog.of([(0, 10), (1, 3)])
    follower = ReplicaLog.of([(0, 8)])
    follower.append_runs(leader.read(follower.leo))
    assert follower.runs == leader.runs
    assert follower.cache.entries == leader.cache.entries


def test_fetched_records_must_start_at_the_followers_log_end() -> None:
    with pytest.raises(ValueError, match="not at the log end 5"):
        ReplicaLog.of([(0, 5)]).append_runs((Run(0, 6, 9),))


def test_truncation_returns_exactly_the_records_it_removed_and_lowers_the_hw() -> None:
    log = ReplicaLog.of([(0, 10), (1, 3)])
    log.update_hw(12)
    removed = log.truncate_to(8)
    assert removed == (Run(0, 8, 10), Run(1, 10, 13))
    assert (log.leo, log.hw) == (8, 8)
    assert log.cache.entries == ((0, 0),)  # epoch 1 began at 10, now gone


def test_truncation_at_or_past_the_log_end_removes_nothing() -> None:
    log = ReplicaLog.of([(0, 10)])
    assert log.truncate_to(10) == () and log.truncate_to(12) == ()
    assert log.leo == 10


def test_truncation_below_the_log_start_empties_the_log_and_starts_it_there() -> None:
    # UnifiedLog.truncateTo -> truncateFullyAndStartAt
    log = ReplicaLog.of([(0, 10)])
    log.advance_log_start(6)
    removed = log.truncate_to(3)
    assert removed == (Run(0, 6, 10),)
    assert (log.log_start, log.leo, log.hw, log.cache.entries) == (3, 3, 3, ())


def test_the_log_start_moves_the_covering_epoch_entry_up() -> None:
    log = ReplicaLog.of([(0, 5), (2, 5)])
    log.advance_log_start(7)
    assert log.runs == [Run(2, 7, 10)]
    assert log.cache.entries == ((2, 7),)
    assert log.hw == 7


_runs = st.lists(st.tuples(st.integers(0, 6), st.integers(1, 20)), max_size=12).map(
    lambda rs: sorted(rs, key=lambda r: r[0]))


@given(_runs, st.integers(0, 150), st.integers(0, 150))
def test_truncation_keeps_log_start_le_hw_le_leo_and_accounts_every_record(
        runs: list[tuple[int, int]], hw: int, offset: int) -> None:
    log = ReplicaLog.of(runs)
    before = log.leo
    log.update_hw(hw)
    removed = log.truncate_to(offset)
    assert log.log_start <= log.hw <= log.leo
    assert sum(r.records for r in log.runs) + sum(r.records for r in removed) == before
    assert all(log.cache.epoch_at(r.start) == r.epoch for r in log.runs)
