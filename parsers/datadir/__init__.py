"""Kafka data-directory artefacts, read natively: log segments (``__consumer_offsets``
group metadata and offset commits, KRaft ``__cluster_metadata``), KRaft snapshots,
offset and leader-epoch checkpoints, ``meta.properties``, ``partition.metadata``,
``quorum-state``, producer-state snapshots and segment indexes.

``claims(name, head)`` says whether an input is one of these — by its file name, which
Kafka fixes (``LogFileUtils``, ``CheckpointFile`` users, ``MetaProperties``), confirmed by
its content, so that an ordinary log is never taken for one; ``ingest`` turns it into
events of the ``datadir`` kinds and accounts for every unit it holds:

* a segment or KRaft snapshot: each record batch (or legacy message) is one record.
  The records of ``__consumer_offsets`` and ``__cluster_metadata`` are decoded into
  events; any other topic's payload is not ours to read, so each of its batches is one
  ``segment_batch`` event (its header, CRC checked).  A batch is recognised when so
  read, unrecognised (counted by the reason) when intact but not decodable here
  (snappy / lz4 / zstd compression, record types or versions this reader does not
  know), malformed when damaged (CRC mismatch, cut short, bad length or magic, a
  hole); a zero-filled preallocated tail is a note, not a record;
* a checkpoint: its header and each entry line; ``physical_lines`` are its lines;
* ``meta.properties``, ``partition.metadata``, ``quorum-state``, a producer snapshot:
  the document is one record;
* an index: each entry (validated, summarised in a note, no events).

``physical_lines`` of a binary input is 0.  Damage is an *error* (the input is not what
Kafka wrote, or Kafka would refuse it); what a crash or preallocation normally leaves —
the last batch of an active segment cut short, a zero tail — is a *note*.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

import polars as pl

from ..accounting import MAX_SAMPLES, Accounting, Malformed
from ..sources import InputDamaged
from . import checkpoints, indexes, metadata, offsets, producer_state, properties
from .events import Sink
from .segment import Batch, Damage, iter_segment
from .wire import Reader, WireError

AddEvents = Callable[[str, pl.DataFrame], None]

_DATA_SUFFIX = r"(?:\.(?:deleted|cleaned|swap))?"
_SEGMENT = re.compile(rf"^\d{{20}}\.log{_DATA_SUFFIX}$")
_KRAFT_SNAPSHOT = re.compile(r"^(?P<offset>\d{20})-(?P<epoch>\d{10})\.checkpoint(?:\.(?:part|deleted))?$")
_PRODUCER = re.compile(r"^\d{20}\.snapshot(?:\.deleted)?$")
_INDEX = re.compile(rf"^\d{{20}}\.(?P<kind>index|timeindex|txnindex){_DATA_SUFFIX}$")
# <topic>-<partition>, optionally `.<uuid>-delete|-future|-stray` (LogManager / UnifiedLog)
_PARTITION_DIR = re.compile(
    r"^(?P<topic>.+)-(?P<partition>\d+)(?:\.[0-9a-f]{32}-(?P<state>delete|future|stray))?$")
_SPLIT = re.compile(r"[/\\!]")

#: file_kind shown in the accounting, per classification
FILE_KINDS = {
    "segment": "log segment", "kraft_snapshot": "KRaft snapshot", "producer_snapshot": "producer snapshot",
    "index": "segment index", "checkpoint": "checkpoint", "meta_properties": "meta.properties",
    "partition_metadata": "partition.metadata", "quorum_state": "quorum-state",
}


def _parts(name: str) -> tuple[str, str]:
    """(base name without a .gz suffix, parent directory name)."""
    parts = [p for p in _SPLIT.split(name) if p]
    base = parts[-1] if parts else name
    base = base.removesuffix(".gz")
    return base, parts[-2] if len(parts) > 1 else ""


def classify(name: str, head: bytes | None = None) -> str | None:
    """What a data-directory file is, by name (and by ``head`` when given)."""
    base, _ = _parts(name)
    stem = base.removesuffix(".tmp")
    kind = None
    if _SEGMENT.match(base):
        kind = "segment"
    elif _KRAFT_SNAPSHOT.match(base) or base == "bootstrap.checkpoint":
        kind = "kraft_snapshot"
    elif _PRODUCER.match(base):
        kind = "producer_snapshot"
    elif _INDEX.match(base):
        kind = "index"
    elif stem in checkpoints.NAMES:
        kind = "checkpoint"
    elif base == "meta.properties":
        kind = "meta_properties"
    elif base == "partition.metadata":
        kind = "partition_metadata"
    elif base == "quorum-state":
        kind = "quorum_state"
    if kind is None or head is None:
        return kind
    return kind if _content_fits(kind, head) else None


def _content_fits(kind: str, head: bytes) -> bool:
    if kind in ("segment", "kraft_snapshot"):
        # binary (a batch header always holds zero bytes: the high bytes of its base offset),
        # whatever damage follows; text never holds NUL
        return b"\0" in head[:4096] or (len(head) >= 17 and head[16] <= 2)
    if kind == "producer_snapshot":
        return len(head) >= 6 and head[:1] == b"\0"
    if kind == "index":
        return True  # any bytes can be index entries; read() validates them
    text = head[:4096]
    if b"\0" in text:
        return False
    if kind == "checkpoint":
        return checkpoints.looks_like(text)
    if kind == "meta_properties":
        return any(k in text for k in (b"broker.id", b"node.id", b"cluster.id"))
    if kind == "partition_metadata":
        return text.lstrip().startswith(b"version:")
    return text.lstrip().startswith(b"{")  # quorum_state


def claims(name: str, head: bytes) -> bool:
    return classify(name, head) is not None


def topic_partition(name: str) -> tuple[str | None, int | None, str | None]:
    """Topic, partition and directory state (delete / future / stray) from the parent directory."""
    _, parent = _parts(name)
    m = _PARTITION_DIR.match(parent)
    if not m:
        return None, None, None
    return m["topic"], int(m["partition"]), m["state"]


def _in_partition_dir(name: str, kind: str) -> bool:
    """Files that live in a ``<topic>-<partition>`` directory (the others sit at the log
    directory's root, whose own name may well end in ``-<digits>``)."""
    base, _ = _parts(name)
    if kind in ("meta_properties", "checkpoint"):
        return base.removesuffix(".tmp") == checkpoints.LEADER_EPOCH
    return base != "bootstrap.checkpoint"


# ------------------------------------------------------------------------------------------
def ingest(name: str, blocks: Iterable[bytes], add: AddEvents, acc: Accounting) -> Accounting:
    kind = classify(name) or "segment"
    acc.file_kind = FILE_KINDS[kind]
    sink = Sink(name, add)
    topic, partition, state = topic_partition(name) if _in_partition_dir(name, kind) else (None, None, None)
    if state:
        acc.notes.append(f"the partition directory is marked `{state}` "
                         + {"delete": "(a deleted partition awaiting removal)",
                            "future": "(a replica being moved between log directories)",
                            "stray": "(a replica this broker no longer hosts, KRaft 3.7+)"}[state])
    if name.removesuffix(".gz").endswith((".deleted", ".cleaned", ".swap", ".tmp", ".part")):
        acc.notes.append("a file Kafka was about to delete, replace or rename (its suffix says so)")
    try:
        if kind in ("segment", "kraft_snapshot"):
            _segment(name, kind, blocks, sink, acc, topic, partition)
        else:
            data = _read_all(blocks, acc)
            if kind == "index":
                _index(name, data, acc)
            elif kind == "producer_snapshot":
                _producer_snapshot(name, data, sink, acc, topic, partition)
            elif kind == "checkpoint":
                _checkpoint(name, data, sink, acc, topic, partition)
            else:
                _document(kind, data, sink, acc, topic, partition)
    finally:
        sink.flush()
    acc.kinds.update(sink.kinds)
    return acc


def _read_all(blocks: Iterable[bytes], acc: Accounting) -> bytes:
    out = bytearray()
    try:
        for b in blocks:
            out += b
    except InputDamaged as e:
        acc.errors.append(str(e))
    acc.bytes += len(out)
    return bytes(out)


def _malformed(acc: Accounting, line: int, reason: str, excerpt: str, offset: int | None) -> None:
    acc.records += 1
    acc.malformed += 1
    if len(acc.samples) < MAX_SAMPLES:
        acc.samples.append(Malformed(line, reason, excerpt, offset))


def _text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# ------------------------------------------------------------------------------------------
def _segment(name: str, kind: str, blocks: Iterable[bytes], sink: Sink, acc: Accounting,
             topic: str | None, partition: int | None) -> None:
    base, _ = _parts(name)
    snap = _KRAFT_SNAPSHOT.match(base)
    is_metadata = kind == "kraft_snapshot" or topic == metadata.TOPIC
    is_offsets = topic == offsets.TOPIC and kind == "segment"
    acc.layout = "record batches"
    extra: dict[str, Any] = {}
    if snap:
        extra["snapshot"] = {"end_offset": int(snap["offset"]), "epoch": int(snap["epoch"])}
    elif base == "bootstrap.checkpoint":
        extra["snapshot"] = "bootstrap"
    names = metadata.TopicNames()
    # the records of other topics are not ours to interpret: their batches' headers suffice
    stream, items = iter_segment(blocks, records=is_metadata or is_offsets)
    magics: set[int] = set()
    for item in items:
        if isinstance(item, Damage):
            _segment_damage(item, acc)
            continue
        magics.add(item.magic)
        where = f"{name}: batch {item.ordinal} at byte {item.position} ({_span(item)})"
        if not item.crc_ok or (item.problem and item.records is None and item.codec in ("none", "gzip")):
            # damaged: still shown as a segment_batch (crc_ok false) so the table says where
            _malformed(acc, item.ordinal, item.problem or "damaged batch", _span(item), item.position)
            acc.errors.append(f"{where}: {item.problem}")
            sink.emit(_batch_row(item, topic, partition, extra))
            continue
        if item.problem and item.records is None:  # intact, compressed with a codec outside the stdlib
            acc.records += 1
            acc.unrecognised[f"{item.codec}-compressed batch (records not decoded)"] += 1
            sink.emit(_batch_row(item, topic, partition, extra))
            continue
        internal = is_metadata or (is_offsets and not item.control)
        failed = _records(item, sink, topic, partition, is_metadata, names, extra) if internal else None
        if not internal:
            sink.emit(_batch_row(item, topic, partition, extra))
        if item.problem:  # the CRC held but the records do not parse: written wrong
            _malformed(acc, item.ordinal, item.problem, _span(item), item.position)
            acc.errors.append(f"{where}: {item.problem}")
        elif failed:
            acc.records += 1
            acc.unrecognised[failed] += 1
        else:
            acc.records += 1
            acc.recognised += 1
    acc.bytes += stream.total
    if stream.error is not None:
        acc.errors.append(str(stream.error))
    if magics:
        acc.layout = "record batches, magic " + "/".join(str(m) for m in sorted(magics))


def _segment_damage(d: Damage, acc: Accounting) -> None:
    if d.kind == "zero_tail":
        acc.notes.append(f"zero-filled tail: {d.length} bytes from byte {d.position} "
                         "(preallocated segment space, not data)")
        return
    _malformed(acc, d.ordinal, d.reason, d.excerpt, d.position)
    if d.kind == "cut_short":
        acc.notes.append(f"the last batch is cut short at byte {d.position} ({d.length} bytes): what an "
                         "active segment holds after a crash; Kafka's recovery truncates it")
    else:
        acc.errors.append(f"{acc.source}: byte {d.position}: {d.reason}")


def _span(b: Batch) -> str:
    return f"offsets {b.base_offset}-{b.last_offset}, {b.size} bytes"


def _records(batch: Batch, sink: Sink, topic: str | None, partition: int | None,
             is_metadata: bool, names: metadata.TopicNames, extra: dict[str, Any]) -> str | None:
    """Decode the records of an internal topic's batch; the reason of the first failure."""
    failed = None
    for rec in batch.records or []:
        try:
            row = metadata.decode(rec, batch, names) if is_metadata else offsets.decode(rec, batch, partition)
        except (metadata.Unknown, offsets.Unknown, WireError) as e:
            why = str(e)
        except Exception as e:  # bytes that parse but make no sense (a null where a list goes):
            why = f"record does not decode ({type(e).__name__}: {e})"  # reported, not a traceback
        else:
            if extra and row.get("details") is not None:
                row["details"] |= extra
            sink.emit(row)
            continue
        failed = failed or f"{topic or 'metadata'} record not decoded: " + re.sub(r"\d+", "N", why)[:160]
        sink.emit(_record_row(rec, batch, topic, partition, why))
    return failed


def _batch_row(b: Batch, topic: str | None, partition: int | None, extra: dict[str, Any]) -> dict[str, Any]:
    d = b.facts() | extra
    control = None
    if b.control and b.records:
        control = _control_type(b.records[0].key)
        d["control_type"] = control
    if b.problem:
        d["problem"] = b.problem
    span = (f"offsets {b.base_offset}-{b.last_offset}" if b.last_offset != b.base_offset
            else f"offset {b.base_offset}")
    flags = [f for f, on in (("transactional", b.transactional),
                             (f"control {control or ''}".strip(), b.control)) if on]
    return {
        "kind": "segment_batch", "topic": topic, "partition": partition, "offset": b.base_offset,
        "count": b.count, "leader_epoch": b.leader_epoch, "ts": b.max_timestamp, "line": b.ordinal,
        "template": f"segment.batch.magic{b.magic}", "versions": {0: "0.8+", 1: "0.10+", 2: "0.11+"}[b.magic],
        "details": d,
        "raw": f"batch at byte {b.position}: {span} ({b.count if b.count is not None else '?'} records, "
               f"{b.size} bytes) magic {b.magic} {b.codec}"
               + (f" epoch {b.leader_epoch}" if b.leader_epoch is not None else "")
               + (f" producer {b.producer_id}/{b.producer_epoch}" if b.producer_id not in (None, -1) else "")
               + "".join(f" {f}" for f in flags)
               + f" crc {'ok' if b.crc_ok else 'MISMATCH'}" + (f" — {b.problem}" if b.problem else ""),
    }


def _control_type(key: bytes | None) -> str | None:
    if key is None or len(key) < 4:
        return None
    ctype = Reader(key).raw(4)
    t = int.from_bytes(ctype[2:4], "big", signed=True)
    return metadata.CONTROL.get(t, (f"type {t}", None, ""))[0]


def _record_row(rec: Any, b: Batch, topic: str | None, partition: int | None, why: str) -> dict[str, Any]:
    return {
        "kind": "segment_record", "topic": topic, "partition": partition, "offset": rec.offset,
        "ts": rec.timestamp, "line": b.ordinal, "template": "segment.record.undecoded",
        "versions": "0.8+",
        "details": {"log_offset": rec.offset, "byte_offset": b.position, "reason": why,
                    "key_bytes": None if rec.key is None else len(rec.key),
                    "value_bytes": None if rec.value is None else len(rec.value),
                    "key_head": None if rec.key is None else rec.key[:16].hex()},
        "raw": f"offset {rec.offset} not decoded: {why}",
    }


# ------------------------------------------------------------------------------------------
def _checkpoint(name: str, data: bytes, sink: Sink, acc: Accounting, topic: str | None,
                partition: int | None) -> None:
    base = _parts(name)[0].removesuffix(".tmp")
    parsed = checkpoints.parse(_text(data), base, topic, partition)
    acc.layout = f"checkpoint v{parsed.version}" if parsed.version is not None else "checkpoint"
    acc.physical_lines += parsed.lines
    header_bad = [p for p in parsed.problems if p.line <= 2]
    acc.records += 1  # the header
    if header_bad:
        acc.malformed += 1
    else:
        acc.recognised += 1
    for p in parsed.problems:
        if p.line > 2:
            acc.records += 1
            acc.malformed += 1
        if len(acc.samples) < MAX_SAMPLES:
            acc.samples.append(Malformed(p.line, p.reason, p.text[:120]))
        acc.errors.append(f"{name}:{p.line}: {p.reason}")
    acc.records += len(parsed.rows)
    acc.recognised += len(parsed.rows)
    for row in parsed.rows:
        sink.emit(row)


def _document(kind: str, data: bytes, sink: Sink, acc: Accounting, topic: str | None,
              partition: int | None) -> None:
    text = _text(data)
    acc.physical_lines += len(text.splitlines())
    acc.layout = {"meta_properties": "Java properties", "partition_metadata": "key: value",
                  "quorum_state": "JSON"}[kind]
    acc.records += 1
    try:
        if kind == "meta_properties":
            row = properties.meta_properties(text)
        elif kind == "partition_metadata":
            row = properties.partition_metadata(text) | {"topic": topic, "partition": partition}
        else:
            row = properties.quorum_state(text) | {"topic": topic, "partition": partition}
    except properties.NotThisFormat as e:
        acc.malformed += 1
        acc.samples.append(Malformed(1, str(e), text[:120]))
        acc.errors.append(f"{acc.source}: {e}")
        return
    acc.recognised += 1
    sink.emit(row | {"line": 1})


def _producer_snapshot(name: str, data: bytes, sink: Sink, acc: Accounting, topic: str | None,
                       partition: int | None) -> None:
    acc.layout = "producer snapshot"
    acc.records += 1
    base = _parts(name)[0]
    offset = int(base[:20]) if base[:20].isdigit() else None
    try:
        snap = producer_state.read(data)
    except WireError as e:
        acc.malformed += 1
        acc.samples.append(Malformed(1, f"unreadable header: {e}", data[:24].hex(" "), 0))
        acc.errors.append(f"{name}: producer snapshot header unreadable ({e})")
        return
    sink.emit(producer_state.row(snap, offset, topic, partition))
    if snap.problem:
        acc.malformed += 1
        acc.samples.append(Malformed(1, snap.problem, data[:24].hex(" "), 0))
        acc.errors.append(f"{name}: {snap.problem}")
    else:
        acc.recognised += 1


def _index(name: str, data: bytes, acc: Accounting) -> None:
    base = _parts(name)[0]
    m = _INDEX.match(base)
    kind = m["kind"] if m else "index"
    s = indexes.read(kind, data)
    acc.layout = f"{kind} entries"
    acc.records += s.entries
    acc.recognised += s.valid
    for ordinal, offset, why in s.problems:
        acc.malformed += 1
        if len(acc.samples) < MAX_SAMPLES:
            acc.samples.append(Malformed(ordinal, why, "", offset))
    if s.problems:
        acc.errors.append(f"{name}: {len(s.problems)} index entries out of order (the index is corrupt; "
                          "Kafka would rebuild it)")
    if s.partial:
        acc.records += 1
        acc.malformed += 1
        acc.samples.append(Malformed(s.entries + 1, f"{s.partial} bytes at the end, less than an entry",
                                     data[-s.partial:].hex(" "), len(data) - s.partial))
        acc.errors.append(f"{name}: the file's size is not a multiple of the "
                          f"{indexes.ENTRY[kind]}-byte entry")
    acc.notes.append(s.note(int(base[:20]) if base[:20].isdigit() else None))
