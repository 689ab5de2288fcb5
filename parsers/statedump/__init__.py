"""ZooKeeper's and KRaft's recorded state as events: binary transaction logs and snapshots
(``txnlog``, ``snapshot``), ZooKeeper's own dumps of them (``zktext``: TxnLogToolkit,
SnapshotFormatter), and the text captures of ``text`` (zkCli / zookeeper-shell,
JSON exports, ``kafka-topics`` / ``kafka-consumer-groups --describe``, KRaft dumps).
Kafka's JSON in the znodes is decoded by ``znodes``.

``claims(name, head)`` says whether an input is one of these, by its content (the
``ZKLG`` / ``ZKSN`` magic, the first line of a tool's dump), so that the name of a file
never decides alone; ``ingest`` turns it into events and accounts for every unit:

* a transaction log: each entry is a record (recognised; malformed when its checksum,
  framing or content is wrong, with the byte offset).  The zero-filled preallocated
  tail is a note; an entry cut mid-way at the end is a note for the newest log of its
  directory (a crash while writing) and an error otherwise;
* a snapshot: each session, ACL-cache entry, znode and seal is a record; a bad seal
  checksum or an unreadable part is malformed, a snapshot cut short a note (ZooKeeper
  skips it), an unknown format version an error before anything is read;
* ``acceptedEpoch`` / ``currentEpoch`` / ``myid``: one record each, shown in a note.

Conventions for the binary forms follow the data directory's (``datadir.events``):
``line`` is the 1-based ordinal of the unit in its file, ``details.byte_offset`` where it
starts, ``level`` and ``logger`` are null, ``physical_lines`` is 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import chain
from pathlib import Path

import polars as pl

from ..accounting import MAX_SAMPLES, Accounting, Malformed
from ..datadir.events import Sink
from ..sources import InputDamaged
from . import snapshot, text, txncolumns, txnlog, zktext
from .jute import Acl
from .text import TextOptions

AddEvents = Callable[[str, pl.DataFrame], None]

HEAD_BYTES = 1 << 16
_SPLIT = re.compile(r"[/\\!]")
_LOG_NAME = re.compile(r"^log\.(?P<zxid>[0-9a-fA-F]+)$")
_SNAP_NAME = re.compile(r"^snapshot\.(?P<zxid>[0-9a-fA-F]+)(?:\.(?P<codec>gz|snappy))?$")
_QUORUM_FILES = {"acceptedEpoch", "currentEpoch", "myid"}
_SNAPPY_MAGIC = b"\x82SNAPPY\x00"  # snappy-java's stream header (SnapStream's .snappy mode)

FILE_KINDS = {
    "txnlog": "ZooKeeper transaction log", "snapshot": "ZooKeeper snapshot",
    "snappy_snapshot": "ZooKeeper snapshot (snappy)", "quorum_file": "ZooKeeper quorum file",
    **zktext.FILE_KINDS,
}


def _base(name: str) -> str:
    """The file's own name (inside an archive too), without a .gz suffix."""
    parts = [p for p in _SPLIT.split(name) if p]
    return (parts[-1] if parts else name).removesuffix(".gz")


def classify(name: str, head: bytes) -> str | None:
    """What a state dump is, by its first bytes (and, for ZooKeeper's tiny quorum files, its
    name); None when it is none of them."""
    if head[:4] == b"ZKLG":
        return "txnlog"
    if head[:4] == b"ZKSN":
        return "snapshot"
    base = _base(name)
    if head[:8] == _SNAPPY_MAGIC and _SNAP_NAME.match(base):
        return "snappy_snapshot"
    if base.removesuffix(".tmp") in _QUORUM_FILES and re.fullmatch(rb"\s*-?\d+\s*", head[:64] or b"x"):
        return "quorum_file"
    if (kind := zktext.classify(head)) is not None:
        return kind
    return text.classify_text(name, head)


def claims(name: str, head: bytes) -> bool:
    return classify(name, head) is not None


def ingest(name: str, blocks: Iterable[bytes], add: AddEvents, acc: Accounting,
           options: TextOptions | None = None) -> Accounting:
    """Read one state dump; ``options`` (the capture time, the zone of times without one)
    matter to the text captures only."""
    it = iter(blocks)
    first: list[bytes] = []
    held = 0
    try:
        while held < HEAD_BYTES:
            b = next(it)
            first.append(b)
            held += len(b)
    except StopIteration:
        pass
    except InputDamaged as e:  # damage inside the first block: what came before is still read
        acc.errors.append(str(e))
    head = b"".join(first)[:HEAD_BYTES]
    stream = chain(first, it)
    kind = classify(name, head)
    if kind in zktext.FILE_KINDS:
        return zktext.ingest(name, kind, stream, add, acc)
    if kind not in FILE_KINDS:  # a text capture
        return text.ingest_text(name, kind or "capture", stream, add, acc, options)
    acc.file_kind = FILE_KINDS[kind]
    sink = Sink(name, add)
    data = _read_all(stream, acc)
    try:
        if kind == "txnlog":
            _txnlog(name, data, sink, acc, add)
        elif kind == "snapshot":
            _snapshot(name, data, sink, acc)
        elif kind == "snappy_snapshot":
            acc.layout = "snappy stream"
            acc.records += 1
            acc.unrecognised["snappy-compressed snapshot (not decoded)"] += 1
            acc.notes.append("a snappy-compressed snapshot (zookeeper.snapshot.compression.method=snappy): "
                             "this reader has no snappy; decompress it (e.g. with snappy-java) and ingest "
                             "the result, or ingest the transaction logs")
        else:
            _quorum_file(name, data, acc)
    finally:
        sink.flush()
    acc.kinds.update(sink.kinds)
    return acc


def _read_all(blocks: Iterable[bytes], acc: Accounting) -> bytes:
    out: list[bytes] = []
    try:
        for b in blocks:
            out.append(b)
    except InputDamaged as e:  # what came before the damage is still read
        acc.errors.append(str(e))
    data = out[0] if len(out) == 1 else b"".join(out)
    acc.bytes += len(data)
    return data


def _malformed(acc: Accounting, line: int, reason: str, excerpt: str, offset: int | None) -> None:
    acc.records += 1
    acc.malformed += 1
    if len(acc.samples) < MAX_SAMPLES:
        acc.samples.append(Malformed(line, reason, excerpt, offset))


def _excerpt(data: bytes, offset: int) -> str:
    return data[offset:offset + 24].hex(" ")


# ------------------------------------------------------------------------------------------
def _txnlog(name: str, data: bytes, sink: Sink, acc: Accounting, add_events: AddEvents) -> None:
    try:
        hdr = txnlog.read_header(data)
    except txnlog.HeaderError as e:
        _malformed(acc, 1, str(e), _excerpt(data, 0), 0)
        acc.errors.append(f"{name}: not a readable ZooKeeper transaction log: {e}")
        return
    acc.layout = f"ZooKeeper txn log v{hdr.version}"
    if hdr.version != txnlog.FORMAT_VERSION:
        acc.errors.append(f"{name}: txn log format version {hdr.version}, where ZooKeeper has only ever "
                          f"written {txnlog.FORMAT_VERSION}: read as version {txnlog.FORMAT_VERSION}, "
                          "check the results")
    def add(df: pl.DataFrame) -> None:  # whole frames of rows (txncolumns), counted as the sink would
        sink.kinds.update(dict(df.get_column("kind").value_counts().iter_rows()))
        sink.rows += df.height
        add_events(name, df)

    entries, first, last = txncolumns.read(name, data, add, lambda d: _txn_damage(name, d, data, acc))
    acc.records += entries
    acc.recognised += entries
    if first is not None:
        acc.notes.append(f"zxids 0x{first:x}-0x{last:x} (dbid {hdr.dbid})")


def _txn_damage(name: str, d: txnlog.Damage, data: bytes, acc: Accounting) -> None:
    K = txnlog.DamageKind
    if d.kind == K.ZERO_TAIL:
        acc.notes.append(f"zero-filled tail: {d.length} bytes from byte {d.offset} (ZooKeeper preallocates "
                         "its logs; not data)")
        return
    zxid = f" (zxid 0x{d.zxid:x})" if d.zxid is not None else ""
    _malformed(acc, d.ordinal, d.reason, _excerpt(data, d.offset), d.offset)
    where = f"{name}: entry {d.ordinal} at byte {d.offset}{zxid}"
    if d.kind == K.PARTIAL:
        newest = newest_log(name)
        if newest is False:
            acc.errors.append(f"{where}: {d.reason}; a later log of the same directory exists, so this is "
                              "damage, not a crash while writing")
            return
        acc.notes.append(f"{where}: {d.reason} — what the newest log holds after a crash while writing"
                         + ("" if newest else " (if a later log of its directory exists, this is damage)")
                         + "; ZooKeeper drops that entry on restart")
        return
    acc.errors.append(f"{where}: {d.reason}")


def newest_log(name: str) -> bool | None:
    """Whether a ``log.N`` on disk is the newest of its directory (None: not known, e.g. a
    member of an archive or a file named otherwise)."""
    p = Path(name)
    m = _LOG_NAME.match(p.name)
    if m is None or "!" in name or not p.is_file():
        return None
    try:
        zxids = [int(mm["zxid"], 16) for f in p.parent.iterdir() if (mm := _LOG_NAME.match(f.name))]
    except OSError:
        return None
    return int(m["zxid"], 16) >= max(zxids)


def snapshot_zxid(name: str) -> int | None:
    m = _SNAP_NAME.match(_base(name))
    return int(m["zxid"], 16) if m else None


def _snapshot(name: str, data: bytes, sink: Sink, acc: Accounting) -> None:
    try:
        hdr = snapshot.read_header(data)
    except snapshot.HeaderError as e:
        _malformed(acc, 1, str(e), _excerpt(data, 0), 0)
        acc.errors.append(f"{name}: not a readable ZooKeeper snapshot: {e}")
        return
    acc.layout = f"ZooKeeper snapshot v{hdr.version}"
    zxid = snapshot_zxid(name)
    sessions: list[snapshot.Session] = []
    nodes: list[snapshot.Node] = []
    acls: dict[int, tuple[Acl, ...]] = {}
    bad_seal = False
    for item in snapshot.iter_snapshot(data):
        if isinstance(item, snapshot.Damage):
            _malformed(acc, item.ordinal, item.reason, _excerpt(data, item.offset), item.offset)
            msg = f"{name}: byte {item.offset}: {item.reason}"
            (acc.notes if item.kind == snapshot.DamageKind.CUT_SHORT else acc.errors).append(msg)
            continue
        acc.records += 1
        if isinstance(item, snapshot.Seal) and not item.ok:
            acc.malformed += 1
            reason = (f"{item.section} seal: stored checksum {item.stored:#x}, Adler32 of the bytes before "
                      f"it {item.computed:#x}")
            if len(acc.samples) < MAX_SAMPLES:
                acc.samples.append(Malformed(item.ordinal, reason, _excerpt(data, item.offset), item.offset))
            if not bad_seal:  # a later seal covers the same bytes: one damage, one error
                acc.errors.append(f"{name}: byte {item.offset}: {reason}: the content before it is damaged "
                                  "(ZooKeeper refuses this snapshot); its znodes are shown as read")
            bad_seal = True
            continue
        acc.recognised += 1
        if isinstance(item, snapshot.Session):
            sessions.append(item)
        elif isinstance(item, snapshot.AclEntry):
            acls[item.ref] = item.acls
        elif isinstance(item, snapshot.Node):
            nodes.append(item)
        elif isinstance(item, snapshot.ZxidDigest) and item.zxid > 0:
            acc.notes.append(f"tree digest at zxid 0x{item.zxid:x}: {item.digest} (digest version "
                             f"{item.version})")
        elif isinstance(item, snapshot.LastZxid):
            acc.notes.append(f"last processed zxid 0x{item.zxid:x}")
    for row in snapshot.session_rows(sessions, nodes, zxid):
        sink.emit(row)
    for row in snapshot.node_rows(nodes, acls, zxid):
        sink.emit(row)
    acc.notes.append(f"{len(nodes)} znodes, {len(sessions)} sessions"
                     + (f", taken from zxid 0x{zxid:x} on (a fuzzy snapshot: later changes may be in it)"
                        if zxid is not None else ""))


def _quorum_file(name: str, data: bytes, acc: Accounting) -> None:
    base = _base(name).removesuffix(".tmp")
    acc.layout = "integer"
    acc.physical_lines += max(1, data.count(b"\n"))
    acc.records += 1
    acc.recognised += 1
    what = {"acceptedEpoch": "the leader epoch this server accepted",
            "currentEpoch": "the leader epoch this server follows", "myid": "this server's id"}[base]
    acc.notes.append(f"ZooKeeper {base} = {data.strip().decode('ascii', 'replace')} ({what})")
