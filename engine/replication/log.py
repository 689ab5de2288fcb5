"""A replica's log as runs of records by leader epoch (no payloads: offsets are what the
replication rules need), with its log start offset, log end offset (LEO), local high
watermark and leader-epoch cache (``UnifiedLog``; reference rule R14).

* Appends never move the high watermark; :meth:`ReplicaLog.update_hw` clamps it into
  [log start, LEO] and says whether it changed (a follower learns it from fetch responses).
* Every appended run assigns its epoch at its first offset in the epoch cache, as Kafka does
  for each batch, as leader or follower (record format v2, 0.11+).
* :meth:`ReplicaLog.truncate_to` removes the records at and above an offset and returns
  them, with their epochs, so callers can say exactly what a truncation lost; below the log
  start it truncates fully (LEO = log start = HW = the offset, empty epoch cache).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..effects import _cheap_init
from .epoch_cache import EpochCache


@_cheap_init
@dataclass(frozen=True, slots=True)
class Run:
    """Records [start, end) written in leader epoch ``epoch``."""

    epoch: int
    start: int
    end: int

    @property
    def records(self) -> int:
        return self.end - self.start


_run = Run.build  # type: ignore[attr-defined]  # Run's cheap constructor


class ReplicaLog:
    """Mutable: the log of one replica of one partition."""

    __slots__ = ("cache", "hw", "leo", "log_start", "runs")

    def __init__(self, log_start: int = 0) -> None:
        self.log_start = log_start
        self.leo = log_start
        self.hw = log_start
        self.runs: list[Run] = []
        self.cache = EpochCache()

    @classmethod
    def of(cls, runs: Iterable[tuple[int, int]], log_start: int = 0) -> ReplicaLog:
        """A log holding ``runs`` of (leader_epoch, records), oldest first (the trace's
        ``create_partition`` ``logs``)."""
        log = cls(log_start)
        for epoch, records in runs:
            log.append(epoch, records)
        return log

    # -- reading ----------------------------------------------------------------------------

    def epoch_at(self, offset: int) -> int | None:
        """The leader epoch the record at ``offset`` was written in (None: not in the log)."""
        for run in self.runs:
            if run.start <= offset < run.end:
                return run.epoch
        return None

    def read(self, offset: int) -> tuple[Run, ...]:
        """The records from ``offset`` to the LEO, as runs."""
        runs = self.runs
        if runs:  # from within the last run (a follower near the log end): one run or none
            last = runs[-1]
            if last.start <= offset:
                if offset >= last.end:
                    return ()
                return (last,) if last.start == offset else (_run(last.epoch, offset, last.end),)
        # a run wholly at or above ``offset`` is itself (runs are values)
        return tuple(r if r.start >= offset else Run(r.epoch, offset, r.end)
                     for r in self.runs if r.end > offset)

    # -- changing ---------------------------------------------------------------------------

    def append(self, epoch: int, records: int) -> Run:
        """Append ``records`` written in ``epoch`` at the LEO."""
        if records <= 0:
            raise ValueError(f"an append holds at least one record, not {records}")
        start = self.leo
        run = _run(epoch, start, start + records)
        cache = self.cache
        if cache.latest_epoch != epoch or cache.latest_start > start:  # (else assign changes nothing)
            cache.assign(epoch, start)
        runs = self.runs
        last = runs[-1] if runs else None
        if last is not None and last.epoch == epoch and last.end == start:
            runs[-1] = _run(epoch, last.start, run.end)
        else:
            runs.append(run)
        self.leo = run.end
        return run

    def append_runs(self, runs: Sequence[Run]) -> None:
        """A follower appends what it fetched, keeping the leader's epochs."""
        for run in runs:
            start, end, epoch = run.start, run.end, run.epoch
            if start != self.leo:
                raise ValueError(f"fetched records start at {start}, not at the log end {self.leo}")
            if end <= start:
                raise ValueError(f"an append holds at least one record, not {end - start}")
            # append(epoch, records), without building the appended run
            self.cache.assign(epoch, start)
            last = self.runs[-1] if self.runs else None
            if last is not None and last.epoch == epoch and last.end == start:
                self.runs[-1] = _run(epoch, last.start, end)
            else:
                self.runs.append(run if type(run) is Run else _run(epoch, start, end))
            self.leo = end

    def copy_from(self, source: ReplicaLog) -> None:
        """``append_runs(source.read(self.leo))``: a follower takes what its leader holds from
        its log end on (the answer to a fetch at its log end), without building the answer
        when that is the rest of the leader's last run."""
        leo = self.leo
        sruns = source.runs
        if sruns:
            slast = sruns[-1]
            start, end, epoch = slast.start, slast.end, slast.epoch
            if start <= leo < end:  # one run, in one epoch
                cache = self.cache
                if cache.latest_epoch != epoch or cache.latest_start > leo:  # (else assign changes nothing)
                    cache.assign(epoch, leo)
                runs = self.runs
                last = runs[-1] if runs else None
                if last is not None and last.epoch == epoch and last.end == leo:
                    # the run extended to the leader's end: the leader's own run when they start
                    # together (a follower in step with its leader; runs are values), none built
                    runs[-1] = slast if last.start == start else _run(epoch, last.start, end)
                else:
                    runs.append(slast if start == leo else _run(epoch, leo, end))
                self.leo = end
                return
        self.append_runs(source.read(leo))

    def update_hw(self, hw: int) -> bool:
        """Set the high watermark, clamped into [log start, LEO]; whether it changed."""
        if hw < self.log_start:
            hw = self.log_start
        if hw > self.leo:
            hw = self.leo
        if hw == self.hw:
            return False
        self.hw = hw
        return True

    def truncate_to(self, offset: int) -> tuple[Run, ...]:
        """Remove every record at or above ``offset``; the records removed."""
        if offset >= self.leo:
            # nothing to remove, but an epoch assigned at the log end with no records (a leader
            # that appended nothing before losing leadership) goes (UnifiedLog.truncateTo)
            self.cache.truncate_from_end(self.leo)
            return ()
        if offset < self.log_start:  # truncateFullyAndStartAt
            removed = tuple(self.runs)
            self.runs.clear()
            self.cache.clear()
            self.log_start = self.leo = self.hw = offset
            return removed
        removed = self.read(offset)
        kept: list[Run] = []
        for run in self.runs:
            if run.end <= offset:
                kept.append(run)
            elif run.start < offset:
                kept.append(Run(run.epoch, run.start, offset))
        self.runs = kept
        self.cache.truncate_from_end(offset)
        self.leo = offset
        self.hw = min(self.hw, offset)
        return removed

    def advance_log_start(self, offset: int) -> None:
        """Move the log start up to ``offset`` (retention, DeleteRecords); the HW follows."""
        if offset <= self.log_start:
            return
        if offset > self.leo:
            raise ValueError(f"the log start cannot pass the log end ({offset} > {self.leo})")
        self.runs = [Run(r.epoch, max(r.start, offset), r.end) for r in self.runs if r.end > offset]
        self.cache.truncate_from_start(offset)
        self.log_start = offset
        self.hw = max(self.hw, offset)
