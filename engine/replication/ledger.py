"""Acknowledged data per partition, and the exact records a truncation lost.

A record is named by its offset *and* the leader epoch it was written in: after an unclean
election the new leader writes other records at the same offsets, so an offset alone cannot
say whether the record a producer was told about still exists.  A producer is told a record
is written when the leader appended it (acks=1) or when the high watermark passed it
(acks=all); acks=0 tells it nothing.  Such a record is **lost** when a truncation removes it
from the last replica that held it — every replica then follows a log without it — and it
is reported once, as contiguous offset ranges with the producers that had been told.

A record a follower keeps where the leader it now follows holds another epoch's record —
diverged logs, KIP-101's second scenario (before 0.11 truncating to the high watermark; 0.11
without KIP-279 too) — is gone from the partition's history as a truncated one is: no
consumer reads it while that leader leads.  So the runs a truncation kept diverged count as
removed, and a replica's runs that diverge from the leader's log hold nothing; a later
truncation of the same runs reports nothing again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..effects import _cheap_init
from .log import ReplicaLog, Run
from .truncation import diverged

#: [start, end) offset ranges
Ranges = list[tuple[int, int]]


@_cheap_init
@dataclass(frozen=True, slots=True)
class Acknowledged:
    """Records [start, end) of ``epoch`` acknowledged to ``client``."""

    start: int
    end: int
    epoch: int
    client: str | None


_acknowledged = Acknowledged.build  # type: ignore[attr-defined]  # its cheap constructor


@dataclass(frozen=True, slots=True)
class Lost:
    """Acknowledged records [first_offset, last_offset] of ``epoch`` that no replica holds."""

    first_offset: int
    last_offset: int
    epoch: int
    clients: tuple[str, ...]

    @property
    def records(self) -> int:
        return self.last_offset - self.first_offset + 1


def _subtract(ranges: Ranges, cut: tuple[int, int]) -> Ranges:
    out: Ranges = []
    for start, end in ranges:
        if cut[1] <= start or end <= cut[0]:
            out.append((start, end))
            continue
        if start < cut[0]:
            out.append((start, cut[0]))
        if cut[1] < end:
            out.append((cut[1], end))
    return out


class AckLedger:
    """Mutable: one per topic-partition, shared by its replicas."""

    __slots__ = ("_reported", "acknowledged")

    def __init__(self) -> None:
        self.acknowledged: list[Acknowledged] = []
        self._reported: list[tuple[int, int, int]] = []  # (start, end, epoch) already lost

    def acknowledge(self, start: int, end: int, epoch: int, client: str | None) -> None:
        if end > start:
            self.acknowledged.append(_acknowledged(start, end, epoch, client))

    def lost(self, removed: Sequence[Run], holders: Iterable[ReplicaLog],
             leader: ReplicaLog | None = None) -> list[Lost]:
        """The acknowledged records among ``removed`` (a truncation's runs, and those it kept
        diverged) that none of ``holders`` (every replica's log, the truncated one included)
        still holds where it agrees with ``leader``'s log (None: any run holds); each reported
        once."""
        held = [run for log in holders for run in _agreeing(log, leader)]
        out: list[Lost] = []
        for run in removed:
            for ack in self.acknowledged:
                if ack.epoch != run.epoch:
                    continue
                ranges: Ranges = [(max(run.start, ack.start), min(run.end, ack.end))]
                if ranges[0][0] >= ranges[0][1]:
                    continue
                for h in held:
                    if h.epoch == ack.epoch:
                        ranges = _subtract(ranges, (h.start, h.end))
                for start, end, epoch in self._reported:
                    if epoch == ack.epoch:
                        ranges = _subtract(ranges, (start, end))
                for start, end in ranges:
                    self._reported.append((start, end, ack.epoch))
                    out.append(Lost(start, end - 1, ack.epoch, (ack.client,) if ack.client else ()))
        return _merged(out)


def _agreeing(log: ReplicaLog, leader: ReplicaLog | None) -> list[Run]:
    """``log``'s runs without what diverges from ``leader``'s."""
    if leader is None or leader is log:
        return log.runs
    out: list[Run] = []
    apart = diverged(log, leader)
    for run in log.runs:
        ranges: Ranges = [(run.start, run.end)]
        for d in apart:
            if d.epoch == run.epoch:
                ranges = _subtract(ranges, (d.start, d.end))
        out.extend(Run(run.epoch, start, end) for start, end in ranges)
    return out


def _merged(lost: list[Lost]) -> list[Lost]:
    """Adjacent ranges of one epoch as one, producers united, in offset order."""
    out: list[Lost] = []
    for item in sorted(lost, key=lambda x: (x.first_offset, x.epoch)):
        last = out[-1] if out else None
        if last is not None and last.epoch == item.epoch and last.last_offset + 1 == item.first_offset:
            clients = tuple(sorted(set(last.clients) | set(item.clients)))
            out[-1] = Lost(last.first_offset, item.last_offset, item.epoch, clients)
        else:
            out.append(item)
    return out
