"""Segment indexes, validated and summarised (no events: Kafka rebuilds them from the
segment, so they add no fact of their own — only evidence of damage).

* ``.index`` (``OffsetIndex``): 8-byte entries, offset relative to the segment's base
  offset (int32) and byte position in the segment (int32), both strictly increasing;
* ``.timeindex`` (``TimeIndex``, 0.10.1+, KIP-33): 12-byte entries, timestamp (int64)
  and relative offset (int32), both non-decreasing;
* ``.txnindex`` (``TransactionIndex``, 0.11+): 34-byte aborted-transaction entries,
  version int16, producer id, first offset, last offset, last stable offset (int64).

The index of the active segment is preallocated (``segment.index.bytes``, 10 MB) and
zero-filled past its last entry until Kafka trims it at roll or clean shutdown, so a
zero tail is normal there; it is noted, not counted.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

ENTRY = {"index": 8, "timeindex": 12, "txnindex": 34}
NAMES = {"index": "offset index", "timeindex": "time index", "txnindex": "transaction index"}


@dataclass
class Summary:
    kind: str
    entries: int = 0
    valid: int = 0
    zero_tail: int = 0  # bytes
    partial: int = 0  # bytes of a last entry cut short
    problems: list[tuple[int, int, str]] = field(default_factory=list)  # (ordinal, byte offset, reason)
    first: tuple[int, ...] | None = None
    last: tuple[int, ...] | None = None

    def note(self, base_offset: int | None) -> str:
        what = NAMES[self.kind]
        text = f"{what}: {self.entries} entries"
        if self.last is not None and self.kind == "index" and base_offset is not None:
            text += f", last at offset {base_offset + self.last[0]} (byte {self.last[1]} of the segment)"
        elif self.last is not None and self.kind == "timeindex" and base_offset is not None:
            text += f", last timestamp {self.last[0]} at offset {base_offset + self.last[1]}"
        elif self.kind == "txnindex":
            text += " (aborted transactions)"
        if self.zero_tail:
            text += f"; {self.zero_tail} zero bytes preallocated after them"
        return text


def read(kind: str, data: bytes) -> Summary:
    size = ENTRY[kind]
    s = Summary(kind)
    whole = len(data) - len(data) % size
    s.partial = len(data) - whole
    end = whole
    if kind != "txnindex":  # trailing all-zero entries are preallocated space
        stripped = len(data[:whole].rstrip(b"\0"))
        end = -(-stripped // size) * size
        s.zero_tail = whole - end
    fmt = {"index": ">ii", "timeindex": ">qi", "txnindex": ">hqqqq"}[kind]
    prev: tuple[int, ...] | None = None
    for i, entry in enumerate(struct.iter_unpack(fmt, data[:end])):
        s.entries += 1
        why = _check(kind, prev, entry)
        if why:
            s.problems.append((i + 1, i * size, why))
        else:
            s.valid += 1
        prev = entry
        if s.first is None:
            s.first = entry
    s.last = prev
    return s


def _check(kind: str, prev: tuple[int, ...] | None, e: tuple[int, ...]) -> str | None:
    if kind == "index":
        if e[0] < 0 or e[1] < 0:
            return f"negative entry {e}"
        if prev is not None and (e[0] <= prev[0] or e[1] <= prev[1]):
            return f"entry {e} does not increase on {prev}"
    elif kind == "timeindex":
        if e[1] < 0:
            return f"negative relative offset {e[1]}"
        if prev is not None and (e[0] < prev[0] or e[1] < prev[1]):
            return f"entry {e} goes back from {prev}"
    elif e[2] > e[3]:
        return f"aborted transaction first offset {e[2]} after its last offset {e[3]}"
    return None
