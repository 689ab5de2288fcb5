"""The leader-epoch cache, restating Kafka's LeaderEpochFileCacheTest (3.8.0,
core/src/test/scala/unit/kafka/server/epoch/) test by test, plus its invariants."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.replication.epoch_cache import (
    UNDEFINED_EPOCH,
    UNDEFINED_EPOCH_OFFSET,
    EpochCache,
)

UNDEFINED = (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET)


def cache_of(*entries: tuple[int, int]) -> EpochCache:
    cache = EpochCache()
    for epoch, start in entries:
        cache.assign(epoch, start)
    return cache


def test_previous_epoch_is_the_one_before_the_latest() -> None:
    # testPreviousEpoch
    cache = EpochCache()
    assert cache.previous_epoch is None
    cache.assign(2, 10)
    assert cache.previous_epoch is None
    cache.assign(4, 15)
    assert cache.previous_epoch == 2
    cache.assign(10, 20)
    assert cache.previous_epoch == 4
    cache.truncate_from_end(18)
    assert cache.previous_epoch == 2


def test_the_latest_epoch_ends_at_the_log_end() -> None:
    # shouldAddEpochAndMessageOffsetToCache, shouldReturnLogEndOffsetIfLatestEpochRequested
    cache = cache_of((2, 11), (2, 12))
    assert cache.entries == ((2, 11),)
    assert cache.end_offset_for(2, 14) == (2, 14)


def test_an_undefined_epoch_has_an_undefined_end_whatever_the_cache_holds() -> None:
    # shouldReturnUndefinedOffsetIfUndefinedEpochRequested (a bootstrapping follower), and
    # shouldReturnUnsupportedIfNoEpochRecordedAndUndefinedEpochRequested
    assert cache_of((2, 11), (3, 12)).end_offset_for(UNDEFINED_EPOCH, 0) == UNDEFINED
    assert EpochCache().end_offset_for(UNDEFINED_EPOCH, 73) == UNDEFINED


def test_an_empty_cache_knows_no_epoch() -> None:
    # shouldReturnUnsupportedIfNoEpochRecorded
    assert EpochCache().end_offset_for(0, 0) == UNDEFINED


def test_an_epochs_start_never_moves_later() -> None:
    # shouldNotOverwriteLogEndOffsetForALeaderEpochOnceItHasBeenAssigned,
    # shouldNotOverwriteOffsetForALeaderEpochOnceItHasBeenAssigned, shouldNotUpdateEpochAndStartOffsetIfItDidNotChange
    cache = cache_of((2, 9))
    assert cache.assign(2, 10) is False
    assert cache.entries == ((2, 9),)


def test_a_new_epoch_at_the_same_offset_replaces_the_old_one() -> None:
    # shouldEnforceMonotonicallyIncreasingStartOffsets
    assert cache_of((2, 9), (3, 9)).entries == ((3, 9),)


def test_an_epoch_older_than_every_cached_one_ends_where_the_first_begins() -> None:
    # shouldReturnFirstEpochIfRequestedEpochLessThanFirstEpoch
    assert cache_of((5, 11), (6, 12), (7, 13)).end_offset_for(4, 0) == (4, 11)


def test_the_latest_epoch_starting_earlier_drops_the_entries_it_overlaps() -> None:
    # shouldTruncateIfMatchingEpochButEarlierStartingOffset
    cache = cache_of((5, 11), (6, 12), (7, 13), (7, 12))
    assert cache.entries == ((5, 11), (7, 12))
    assert cache.end_offset_for(5, 0) == (5, 12)
    assert cache.end_offset_for(6, 0) == (5, 12)


def test_an_earlier_epoch_ends_where_the_next_one_starts() -> None:
    # shouldGetFirstOffsetOfSubsequentEpochWhenOffsetRequestedForPreviousEpoch
    cache = cache_of((1, 11), (1, 12), (2, 13), (2, 14), (3, 15), (3, 16))
    assert cache.end_offset_for(2, 17) == (2, 15)


def test_a_missing_epoch_answers_with_the_largest_cached_epoch_below_it() -> None:
    # shouldReturnNextAvailableEpochIfThereIsNoExactEpochForTheOneRequested
    cache = cache_of((0, 10), (2, 13), (4, 17))
    assert cache.end_offset_for(1, 0) == (0, 13)
    assert cache.end_offset_for(2, 0) == (2, 17)
    assert cache.end_offset_for(3, 0) == (2, 17)


def test_an_epoch_newer_than_every_cached_one_is_undefined() -> None:
    # shouldReturnInvalidOffsetIfEpochIsRequestedWhichIsNotCurrentlyTracked
    assert cache_of((2, 100)).end_offset_for(3, 100) == UNDEFINED


def test_an_epoch_assigned_again_later_drops_the_newer_epochs() -> None:
    # shouldEnforceMonotonicallyIncreasingEpochs: the log went inconsistent; the cache keeps
    # itself monotonic by dropping the conflict
    cache = cache_of((1, 5), (2, 6), (1, 7))
    assert cache.latest_epoch == 1
    assert cache.end_offset_for(1, 8) == (1, 8)
    assert cache.end_offset_for(2, 8) == UNDEFINED
    assert cache.entries == ((1, 7),)


def test_a_new_epoch_at_an_earlier_offset_wins() -> None:
    # shouldEnforceOffsetsIncreaseMonotonically
    assert cache_of((2, 6), (3, 5)).entries == ((3, 5),)


def test_epochs_of_a_follower_receiving_many_messages() -> None:
    # shouldIncreaseAndTrackEpochsAsFollowerReceivesManyMessages
    cache = cache_of((0, 0), (0, 1), (0, 2), (1, 3), (1, 4), (1, 5), (2, 6), (2, 7), (2, 8))
    assert cache.latest_epoch == 2
    assert cache.end_offset_for(2, 9) == (2, 9)
    assert cache.end_offset_for(0, 9) == (0, 3)
    assert cache.end_offset_for(1, 9) == (1, 6)


def test_truncating_from_the_end_drops_entries_at_or_after_the_offset() -> None:
    # shouldDropEntriesOnEpochBoundaryWhenRemovingLatestEntries, shouldDropEntriesBetweenEpochBoundaryWhenRemovingNewest
    cache = cache_of((2, 6), (3, 8), (4, 11))
    cache.truncate_from_end(8)
    assert cache.entries == ((2, 6),)
    cache = cache_of((2, 6), (3, 8), (4, 11))
    cache.truncate_from_end(9)
    assert cache.entries == ((2, 6), (3, 8))
    assert cache.latest_epoch == 3


def test_truncating_from_the_start_moves_the_covering_entry_up() -> None:
    # shouldPreserveResetOffsetOnClearEarliestIfOneExists, shouldUpdateSavedOffsetWhenOffsetToClearToIsBetweenEpochs,
    # shouldRetainLatestEpochOnClearAllEarliest(AndUpdateItsOffset), shouldUpdateOffsetBetweenEpochBoundariesOnClearEarliest2
    for offset, want in ((8, ((3, 8), (4, 11))), (9, ((3, 9), (4, 11))), (11, ((4, 11),)), (15, ((4, 15),)),
                         (1, ((2, 6), (3, 8), (4, 11))), (6, ((2, 6), (3, 8), (4, 11)))):
        cache = cache_of((2, 6), (3, 8), (4, 11))
        cache.truncate_from_start(offset)
        assert cache.entries == want, offset
    cache = cache_of((0, 0), (1, 7), (2, 10))
    cache.truncate_from_start(5)
    assert cache.entries == ((0, 5), (1, 7), (2, 10))


def test_an_undefined_offset_truncates_nothing() -> None:
    # shouldNotResetEpochHistoryHeadIfUndefinedPassed / ...TailIfUndefinedPassed
    cache = cache_of((2, 6), (3, 8), (4, 11))
    cache.truncate_from_end(UNDEFINED_EPOCH_OFFSET)
    cache.truncate_from_start(UNDEFINED_EPOCH_OFFSET)
    assert cache.entries == ((2, 6), (3, 8), (4, 11))


def test_the_epoch_of_an_offset_is_the_latest_entry_starting_at_or_before_it() -> None:
    cache = cache_of((0, 0), (2, 13), (4, 17))
    assert [cache.epoch_at(o) for o in (0, 12, 13, 16, 17, 99)] == [0, 0, 2, 2, 4, 4]
    assert cache_of((2, 6)).epoch_at(5) is None


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 200)), max_size=40))
def test_the_cache_stays_strictly_increasing_in_epoch_and_offset(assigns: list[tuple[int, int]]) -> None:
    cache = cache_of(*assigns)
    entries = cache.entries
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(entries))
    if assigns:
        # the last assignment always stands (as the latest entry or inside the one that kept its start)
        epoch, start = assigns[-1]
        assert cache.latest_epoch == epoch
        assert entries[-1][1] <= start


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(0, 200)), min_size=1, max_size=30),
       st.integers(-1, 25))
def test_an_epochs_end_is_never_before_its_own_start(assigns: list[tuple[int, int]], epoch: int) -> None:
    cache = cache_of(*assigns)
    leo = max(s for _, s in cache.entries) + 5
    got_epoch, end = cache.end_offset_for(epoch, leo)
    if (got_epoch, end) == UNDEFINED:
        return
    assert got_epoch <= epoch
    start = cache.start_of(got_epoch)
    assert start is None or start <= end <= leo


@given(st.lists(st.tuples(st.sampled_from(["assign", "end", "start", "clear"]), st.integers(0, 20),
                          st.integers(-1, 200)), max_size=40))
def test_the_latest_entry_kept_beside_the_lists_is_always_the_last_one(
        ops: list[tuple[str, int, int]]) -> None:
    # the cache mirrors its latest entry in two fields, which the log reads before calling assign
    cache = EpochCache()
    for op, epoch, offset in ops:
        if op == "assign" and offset >= 0:
            cache.assign(epoch, offset)
        elif op == "end":
            cache.truncate_from_end(offset)
        elif op == "start":
            cache.truncate_from_start(offset)
        elif op == "clear":
            cache.clear()
        last = cache.entries[-1] if cache.entries else (None, UNDEFINED_EPOCH_OFFSET)
        assert (cache.latest_epoch, cache.latest_start) == last
