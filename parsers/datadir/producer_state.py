"""Producer-state snapshots, ``<offset>.snapshot`` in a partition directory
(``ProducerStateManager``, 0.11+, KIP-98).

Layout (``ProducerSnapshot.json``, unchanged since 0.11): int16 version (1), uint32
CRC-32C of everything after it, int32 entry count, then per producer: producer id
int64, epoch int16, last sequence int32, last offset int64, offset delta int32,
timestamp int64, coordinator epoch int32, current transaction's first offset int64
(46 bytes).  The file's number is the log end offset when the snapshot was taken
(at segment roll and at clean shutdown), itself a useful fact for a timeline.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .crc32c import crc32c
from .events import Row
from .wire import Reader, WireError

KNOWN_VERSION = 1
ENTRY = 46
MAX_LISTED = 100  # producers listed in details; the count is always complete


@dataclass
class Snapshot:
    version: int
    crc: int
    crc_ok: bool
    declared: int
    producers: list[dict[str, Any]] = field(default_factory=list)
    problem: str | None = None


def read(data: bytes) -> Snapshot:
    r = Reader(data)
    version = r.int16()
    crc = r.uint32()
    snap = Snapshot(version, crc, crc32c(memoryview(data)[6:]) == crc, -1)
    if version != KNOWN_VERSION:
        snap.problem = f"unknown producer snapshot version {version} (Kafka knows {KNOWN_VERSION})"
        return snap
    snap.declared = r.int32()
    try:
        for _ in range(snap.declared):
            snap.producers.append({
                "producer_id": r.int64(), "epoch": r.int16(), "last_sequence": r.int32(),
                "last_offset": r.int64(), "offset_delta": r.int32(), "timestamp": r.int64(),
                "coordinator_epoch": r.int32(), "current_txn_first_offset": r.int64(),
            })
    except WireError:
        snap.problem = (f"cut short: {snap.declared} producers declared, {len(snap.producers)} complete "
                        f"in {len(data)} bytes")
        return snap
    if r.remaining:
        snap.problem = f"{r.remaining} bytes after the last of {snap.declared} producers"
    if not snap.crc_ok and snap.problem is None:
        snap.problem = "CRC-32C mismatch: Kafka would reject the snapshot (CorruptSnapshotException)"
    return snap


def row(snap: Snapshot, snapshot_offset: int | None, topic: str | None, partition: int | None) -> Row:
    listed = snap.producers[:MAX_LISTED]
    details: dict[str, Any] = {
        "byte_offset": 0, "version": snap.version, "crc": snap.crc, "crc_ok": snap.crc_ok,
        "snapshot_offset": snapshot_offset, "producers": listed,
    }
    if len(snap.producers) > MAX_LISTED:
        details["producers_listed"] = MAX_LISTED
    if snap.problem:
        details["problem"] = snap.problem
    latest = max((p["timestamp"] for p in snap.producers), default=None)
    return {
        "kind": "producer_snapshot", "topic": topic, "partition": partition, "offset": snapshot_offset,
        "count": len(snap.producers), "ts": latest, "line": 1, "details": details,
        "template": f"producer_snapshot.v{snap.version}", "versions": "0.11+",
        "raw": f"producer snapshot at offset {snapshot_offset}: version {snap.version}, "
               f"{len(snap.producers)} producers, crc {'ok' if snap.crc_ok else 'MISMATCH'}"
               + "".join(f" [pid {p['producer_id']} epoch {p['epoch']} last_offset {p['last_offset']}]"
                         for p in listed[:5]),
    }
