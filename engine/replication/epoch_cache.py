"""A replica's leader-epoch cache (``LeaderEpochFileCache``, KIP-101, Kafka 0.11+): for each
leader epoch the offset of its first record, oldest first, strictly increasing in both.

It answers ``OffsetsForLeaderEpoch`` (:meth:`EpochCache.end_offset_for`), by which a
follower finds where its log diverges from the new leader's instead of truncating to its
high watermark (the pre-0.11 rule that lost acknowledged data).  The rules are Kafka's
(storage ``LeaderEpochFileCache``, 3.x; reference rules R10, R13):

* ``assign(e, o)`` is ignored when the latest entry has epoch ``e`` and starts at or before
  ``o`` (an epoch's start never moves later); otherwise every entry with epoch >= e or
  start >= o is removed and (e, o) added — so the cache stays monotonic in both even when a
  log went inconsistent (``shouldEnforceMonotonicallyIncreasingEpochs``).
* ``end_offset_for(e)`` is the end of epoch ``e`` as a leader with log end ``leo`` sees it.
* ``truncate_from_end(o)`` drops entries starting at or after ``o`` (log truncation);
  ``truncate_from_start(o)`` drops entries wholly below ``o`` and moves the one covering it
  to start at ``o`` (log start moved by retention or DeleteRecords).  A negative offset
  (Kafka's UNDEFINED_EPOCH_OFFSET) changes nothing.
"""

from __future__ import annotations

from bisect import bisect_right

UNDEFINED_EPOCH = -1
UNDEFINED_EPOCH_OFFSET = -1


class EpochCache:
    """Mutable: one per replica log."""

    __slots__ = ("_epochs", "_starts", "latest_epoch", "latest_start")

    def __init__(self, entries: tuple[tuple[int, int], ...] = ()) -> None:
        self._epochs: list[int] = []
        self._starts: list[int] = []
        # read-only outside: the latest entry (None, -1: none), kept beside the lists, as every
        # append asks whether its epoch is the latest (two fields here, not two lists' ends)
        self.latest_epoch: int | None = None
        self.latest_start = UNDEFINED_EPOCH_OFFSET
        for epoch, start in entries:
            self.assign(epoch, start)

    def _changed(self) -> None:
        """The lists changed: the latest entry again."""
        if self._epochs:
            self.latest_epoch, self.latest_start = self._epochs[-1], self._starts[-1]
        else:
            self.latest_epoch, self.latest_start = None, UNDEFINED_EPOCH_OFFSET

    # -- reading ----------------------------------------------------------------------------

    @property
    def entries(self) -> tuple[tuple[int, int], ...]:
        """(epoch, start offset), oldest first."""
        return tuple(zip(self._epochs, self._starts, strict=True))

    @property
    def previous_epoch(self) -> int | None:
        """The epoch before the latest (``previousEpoch``)."""
        return self._epochs[-2] if len(self._epochs) > 1 else None

    def start_of(self, epoch: int) -> int | None:
        """The start offset recorded for ``epoch``, if it is cached."""
        i = bisect_right(self._epochs, epoch) - 1
        return self._starts[i] if i >= 0 and self._epochs[i] == epoch else None

    def epoch_at(self, offset: int) -> int | None:
        """The epoch of the record at ``offset`` (the latest entry starting at or before it)."""
        i = bisect_right(self._starts, offset) - 1
        return self._epochs[i] if i >= 0 else None

    def end_offset_for(self, epoch: int, leo: int) -> tuple[int, int]:
        """``endOffsetFor(epoch, logEndOffset)``: (the largest cached epoch <= ``epoch``, the
        start of the next cached epoch), or (epoch, leo) for the latest epoch; undefined
        (-1, -1) for an undefined epoch or one newer than every cached epoch."""
        if epoch == UNDEFINED_EPOCH:
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
        if self._epochs and self._epochs[-1] == epoch:
            return epoch, leo
        higher = bisect_right(self._epochs, epoch)
        if higher == len(self._epochs):
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
        if higher == 0:  # older than every cached epoch: it ended where the first one began
            return epoch, self._starts[0]
        return self._epochs[higher - 1], self._starts[higher]

    # -- changing ---------------------------------------------------------------------------

    def assign(self, epoch: int, start: int) -> bool:
        """Record that ``epoch`` starts at ``start``; whether the cache changed (not when
        ``latest_epoch`` is ``epoch`` from ``latest_start`` <= ``start``: callers on hot paths
        test that themselves)."""
        if self.latest_epoch == epoch and self.latest_start <= start:
            return False
        keep = [i for i in range(len(self._epochs)) if self._epochs[i] < epoch and self._starts[i] < start]
        self._epochs = [self._epochs[i] for i in keep] + [epoch]
        self._starts = [self._starts[i] for i in keep] + [start]
        self.latest_epoch, self.latest_start = epoch, start
        return True

    def truncate_from_end(self, offset: int) -> None:
        if offset < 0:
            return
        n = bisect_right(self._starts, offset - 1)  # entries starting before offset stay
        del self._epochs[n:], self._starts[n:]
        self._changed()

    def truncate_from_start(self, offset: int) -> None:
        if offset < 0:
            return
        covering = bisect_right(self._starts, offset) - 1
        if covering < 0:
            return
        del self._epochs[:covering], self._starts[:covering]
        self._starts[0] = offset
        self._changed()

    def clear(self) -> None:
        self._epochs.clear()
        self._starts.clear()
        self._changed()
