"""Text checkpoints of a log directory (``CheckpointFile``, Kafka 0.8.2+; the format has
not changed since): line 1 the format version (0), line 2 the number of entries, then
one entry per line, fields separated by whitespace.

* ``replication-offset-checkpoint``: ``topic partition offset`` — each partition's
  **high watermark** (``ReplicaManager.checkpointHighWatermarks``);
* ``recovery-point-offset-checkpoint``: the offset up to which the log is flushed and
  needs no recovery; ``log-start-offset-checkpoint`` (1.0+, KIP-107): the log start
  offset; ``cleaner-offset-checkpoint``: how far the log cleaner has compacted;
* ``leader-epoch-checkpoint`` (0.11+, KIP-101), in each partition directory:
  ``epoch startOffset`` — the first offset written in each leader epoch.

Kafka refuses to load a checkpoint whose version it does not know, whose entry count
differs from the entries present, or with a line that does not parse
(``CheckpointReadBuffer``: "Expected N entries", "Malformed line"), so each of those is
reported as damage, with the line.  Every entry that does parse still becomes an event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KNOWN_VERSION = 0
OFFSET_CHECKPOINTS = {
    "replication-offset-checkpoint": "replication-offset",
    "recovery-point-offset-checkpoint": "recovery-point",
    "log-start-offset-checkpoint": "log-start-offset",
    "cleaner-offset-checkpoint": "cleaner-offset",
}
LEADER_EPOCH = "leader-epoch-checkpoint"
NAMES = (*OFFSET_CHECKPOINTS, LEADER_EPOCH)


@dataclass
class Problem:
    line: int
    reason: str
    text: str
    error: bool = True  # damage (Kafka would refuse the file) rather than a remark


@dataclass
class Parsed:
    rows: list[dict[str, Any]]
    problems: list[Problem]
    lines: int  # physical lines
    entries: int  # entry lines found (parsed or not)
    version: int | None


def looks_like(head: bytes) -> bool:
    """Version line and count line of digits (the shape every checkpoint has)."""
    lines = head.split(b"\n", 2)
    return len(lines) >= 2 and lines[0].strip().isdigit() and lines[1].strip().isdigit()


def parse(text: str, base: str, topic: str | None, partition: int | None) -> Parsed:
    """``base`` is the file's name (``.tmp`` stripped); topic/partition name the
    directory of a leader-epoch checkpoint."""
    lines = text.splitlines()
    out = Parsed([], [], len(lines), 0, None)
    if len(lines) < 2:
        out.problems.append(Problem(len(lines), "the header (version and entry count) is cut short",
                                    text[:80]))
        return out
    try:
        out.version = int(lines[0].strip())
        declared = int(lines[1].strip())
    except ValueError:
        out.problems.append(Problem(1, "the header is not a version and an entry count", text[:80]))
        return out
    if out.version != KNOWN_VERSION:
        out.problems.append(Problem(1, f"unknown checkpoint version {out.version} "
                                       f"(Kafka knows {KNOWN_VERSION}); entries read as version 0", lines[0]))
    body = [(i + 3, ln) for i, ln in enumerate(lines[2:]) if ln.strip()]
    out.entries = len(body)
    if declared != len(body):
        why = ("truncated" if declared > len(body) else "entries beyond the declared count")
        out.problems.append(Problem(2, f"the header declares {declared} entries, {len(body)} are present "
                                       f"({why}; Kafka would refuse to load the file)", lines[1]))
    which = OFFSET_CHECKPOINTS.get(base)
    for lineno, ln in body:
        parts = ln.split()
        try:
            if which is None:
                epoch, start = (int(p) for p in _exactly(parts, 2))
                row = {"kind": "leader_epoch_entry", "topic": topic, "partition": partition,
                       "leader_epoch": epoch, "offset": start,
                       "template": "checkpoint.leader_epoch.v0", "versions": "0.11+",
                       "details": {"checkpoint": "leader-epoch", "version": out.version}}
            else:
                t, p, off = _exactly(parts, 3)
                row = {"kind": "checkpoint_entry", "topic": t, "partition": int(p),
                       "template": f"checkpoint.{which}.v0",
                       "versions": "1.0+" if which == "log-start-offset" else "0.8.2+",
                       "details": {"checkpoint": which, "version": out.version}}
                row["hw" if which == "replication-offset" else "offset"] = int(off)
        except ValueError as e:
            out.problems.append(Problem(lineno, f"malformed entry ({e})", ln))
            continue
        row["line"] = lineno
        row["raw"] = ln
        out.rows.append(row)
    return out


def _exactly(parts: list[str], n: int) -> list[str]:
    if len(parts) != n:
        raise ValueError(f"{len(parts)} fields where {n} are expected")
    return parts
