"""ZooKeeper transaction logs (``log.<zxid hex>``), read natively (``FileTxnLog``).

Layout (ZooKeeper 3.4 - 3.9, read in ``FileTxnLog``, ``Util.readTxnBytes``,
``SerializeUtils.deserializeTxn``, ``TxnLogToolkit``):

* ``FileHeader {int magic = "ZKLG"; int version = 2; long dbid}``;
* then entries: ``long crc`` (Adler32 of the entry bytes only, not of the length or
  the end byte), ``buffer entry`` (``int`` length + bytes), ``byte 'B'`` (end of record);
  the entry is a ``TxnHeader {long clientId; int cxid; long zxid; long time; int type}``,
  the record of that type, and from 3.6 with digests enabled a ``TxnDigest {int version;
  long treeDigest}``;
* the file is preallocated with zeros (64 MiB steps): an entry of length 0 ends it.

Which record follows the header, by ``type``: createSession ``{int timeOut}``,
closeSession ``{vector<ustring> paths2Delete}`` (3.6+; no body before), create /
create2 ``CreateTxn`` (``CreateTxnV0`` without parentCVersion in very old logs),
createContainer, createTTL, delete / deleteContainer ``{path}``, setData / reconfig
``{path; data; int version}`` (the version *after* the write: ``PrepRequestProcessor``
writes ``current + 1``), setACL, error ``{int err}`` (a request that failed after it was
given a zxid, e.g. a conditional setData refused with BADVERSION), multi ``{vector<Txn
{int type; buffer data}>}`` whose sub-records are create, createTTL, createContainer,
delete, setData, check ``{path; version}`` or, when the multi failed, error.

``iter_log`` yields each entry as a ``Txn`` or, where the bytes are not an entry, a
``Damage`` saying where and why, and goes on wherever the next entry can be found.
"""

from __future__ import annotations

import enum
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from .jute import HEADER_SIZE, Acl, JuteError, Reader
from .znodes import BROKER_REGISTRATION, znode_row

TXNLOG_MAGIC = 0x5A4B4C47  # "ZKLG" (FileTxnLog.TXNLOG_MAGIC)
FORMAT_VERSION = 2  # FileTxnLog.VERSION, the only one ZooKeeper has written
FILE_HEADER_SIZE = 16
EOR = 0x42  # 'B'
_FRAME = 12  # long crc + int length
_FRAME_STRUCT = struct.Struct(">qi")
_DIGEST_SIZE = 12  # TxnDigest {int version; long treeDigest}


class OpCode(enum.IntEnum):
    """``ZooDefs.OpCode`` (3.8)."""

    NOTIFICATION = 0
    CREATE = 1
    DELETE = 2
    EXISTS = 3
    GET_DATA = 4
    SET_DATA = 5
    GET_ACL = 6
    SET_ACL = 7
    GET_CHILDREN = 8
    SYNC = 9
    PING = 11
    GET_CHILDREN2 = 12
    CHECK = 13
    MULTI = 14
    CREATE2 = 15
    RECONFIG = 16
    CHECK_WATCHES = 17
    REMOVE_WATCHES = 18
    CREATE_CONTAINER = 19
    DELETE_CONTAINER = 20
    CREATE_TTL = 21
    MULTI_READ = 22
    AUTH = 100
    SET_WATCHES = 101
    SASL = 102
    GET_EPHEMERALS = 103
    GET_ALL_CHILDREN_NUMBER = 104
    SET_WATCHES2 = 105
    ADD_WATCH = 106
    WHO_AM_I = 107
    CREATE_SESSION = -10
    CLOSE_SESSION = -11
    ERROR = -1


# Request.op2String (3.8): the names ZooKeeper's own tools print (addWatch has none there)
_OP_NAMES = {
    0: "notification", 1: "create", 2: "delete", 3: "exists", 4: "getData", 5: "setData", 6: "getACL",
    7: "setACL", 8: "getChildren", 9: "sync", 11: "ping", 12: "getChildren2", 13: "check", 14: "multi",
    15: "create2", 16: "reconfig", 17: "checkWatches", 18: "removeWatches", 19: "createContainer",
    20: "deleteContainer", 21: "createTtl", 22: "multiRead", 100: "auth", 101: "setWatches", 102: "sasl",
    103: "getEphemerals", 104: "getAllChildrenNumber", 105: "setWatches2", 107: "whoAmI",
    -10: "createSession", -11: "closeSession", -1: "error",
}


def op_name(op: int) -> str:
    """``Request.op2String``: ``setData``, ``createSession`` ... or ``unknown <n>``."""
    return _OP_NAMES.get(op, f"unknown {op}")


# KeeperException.Code (3.8): the err of an ErrorTxn
ERROR_CODES = {
    0: "OK", -1: "SYSTEMERROR", -2: "RUNTIMEINCONSISTENCY", -3: "DATAINCONSISTENCY", -4: "CONNECTIONLOSS",
    -5: "MARSHALLINGERROR", -6: "UNIMPLEMENTED", -7: "OPERATIONTIMEOUT", -8: "BADARGUMENTS",
    -12: "UNKNOWNSESSION", -13: "NEWCONFIGNOQUORUM", -14: "RECONFIGINPROGRESS", -100: "APIERROR",
    -101: "NONODE", -102: "NOAUTH", -103: "BADVERSION", -108: "NOCHILDRENFOREPHEMERALS",
    -110: "NODEEXISTS", -111: "NOTEMPTY", -112: "SESSIONEXPIRED", -113: "INVALIDCALLBACK",
    -114: "INVALIDACL", -115: "AUTHFAILED", -118: "SESSIONMOVED", -119: "NOTREADONLY",
    -120: "EPHEMERALONLOCALSESSION", -121: "NOWATCHER", -122: "REQUESTTIMEOUT", -123: "RECONFIGDISABLED",
    -124: "SESSIONCLOSEDREQUIRESASLAUTH", -125: "QUOTAEXCEEDED", -127: "THROTTLEDOP",
}


def error_name(code: int) -> str:
    return ERROR_CODES.get(code, f"error {code}")


@dataclass(frozen=True, slots=True)
class Op:
    """One change: a txn's record, or one sub-record of a multi."""

    type: int
    path: str | None = None
    data: bytes | None = None
    version: int | None = None  # setData / check: the znode version after it; setACL: the ACL version
    acl: tuple[Acl, ...] | None = None
    ephemeral: bool | None = None
    parent_cversion: int | None = None
    ttl: int | None = None
    error: int | None = None  # ErrorTxn.err
    timeout: int | None = None  # CreateSessionTxn.timeOut (ms)
    paths: tuple[str, ...] | None = None  # CloseSessionTxn.paths2Delete: the session's ephemerals
    legacy: bool = False  # CreateTxnV0 (no parentCVersion) / a closeSession without body

    @property
    def name(self) -> str:
        return op_name(self.type)


@dataclass(frozen=True, slots=True)
class Txn:
    """One entry of a transaction log."""

    ordinal: int  # 1-based position in the file
    offset: int  # byte offset of its crc field
    size: int  # the entry's bytes (header + record + digest)
    session: int  # TxnHeader.clientId
    cxid: int
    zxid: int
    time: int  # ms since the epoch, the leader's clock
    type: int
    op: Op  # for a multi: Op(MULTI), the sub-records are in ``subs``
    subs: tuple[Op, ...] = ()
    digest: tuple[int, int] | None = None  # (version, treeDigest), ZooKeeper 3.6+


class DamageKind(enum.StrEnum):
    ZERO_TAIL = "zero_tail"  # preallocated space: not data
    PARTIAL = "partial"  # the last entry was cut mid-way (a crash while writing)
    BAD_CHECKSUM = "bad_checksum"
    BAD_FRAME = "bad_frame"  # a length or end byte that cannot be right; bytes skipped
    UNDECODABLE = "undecodable"  # checksum right, but not a txn ZooKeeper writes
    AFTER_END = "after_end"  # non-zero bytes after the entry of length 0 that ends the log


@dataclass(frozen=True, slots=True)
class Damage:
    kind: DamageKind
    ordinal: int  # the entry ordinal it takes the place of
    offset: int
    length: int  # bytes concerned
    reason: str
    zxid: int | None = None  # the entry's zxid, when its header could still be read


class HeaderError(ValueError):
    """The file does not start with a transaction log header."""


@dataclass(frozen=True, slots=True)
class LogHeader:
    magic: int
    version: int
    dbid: int


def read_header(buf: bytes) -> LogHeader:
    if len(buf) < FILE_HEADER_SIZE:
        raise HeaderError(f"{len(buf)} bytes, shorter than the {FILE_HEADER_SIZE}-byte file header")
    r = Reader(buf)
    magic, version, dbid = r.int(), r.int(), r.long()
    if magic != TXNLOG_MAGIC:
        raise HeaderError(f"magic {buf[:4]!r} is not ZooKeeper's txn log magic b'ZKLG'")
    return LogHeader(magic, version, dbid)


# ------------------------------------------------------------------------------------------
def _create(r: Reader, t: int, v0: bool = False) -> Op:
    path, data, acl = r.ustring("path"), r.buffer("data"), r.acls()
    if t in (OpCode.CREATE_CONTAINER, OpCode.CREATE_TTL):
        pcv = r.int("parentCVersion")
        ttl = r.long("ttl") if t == OpCode.CREATE_TTL else None
        return Op(t, path, data, 0, _t(acl), False, pcv, ttl)
    eph = r.bool("ephemeral")
    pcv = None if v0 else r.int("parentCVersion")
    return Op(t, path, data, 0, _t(acl), eph, pcv, legacy=v0)


def _t(acl: list[Acl] | None) -> tuple[Acl, ...] | None:
    return None if acl is None else tuple(acl)


def read_record(r: Reader, t: int, *, legacy: bool = False) -> Op:
    """The record of type ``t`` (a txn's or a multi sub-txn's)."""
    if t in (OpCode.CREATE, OpCode.CREATE2, OpCode.CREATE_CONTAINER, OpCode.CREATE_TTL):
        return _create(r, t, v0=legacy)
    if t in (OpCode.DELETE, OpCode.DELETE_CONTAINER):
        return Op(t, r.ustring("path"))
    if t in (OpCode.SET_DATA, OpCode.RECONFIG):
        return Op(t, r.ustring("path"), r.buffer("data"), r.int("version"))
    if t == OpCode.SET_ACL:
        return Op(t, r.ustring("path"), acl=_t(r.acls()), version=r.int("version"))
    if t == OpCode.CHECK:
        return Op(t, r.ustring("path"), version=r.int("version"))
    if t == OpCode.ERROR:
        return Op(t, error=r.int("err"))
    if t == OpCode.CREATE_SESSION:
        return Op(t, timeout=r.int("timeOut"))
    if t == OpCode.CLOSE_SESSION:
        if legacy:
            return Op(t, legacy=True)
        paths = r.vector(lambda x: x.ustring("path") or "", "paths2Delete")
        return Op(t, paths=tuple(paths or ()))
    raise JuteError(r.pos, f"{op_name(t)} (type {t}) is not a type ZooKeeper writes to its log")


def _multi(r: Reader) -> tuple[Op, ...]:
    at = r.pos
    n = r.int("multi count")
    if n < 0 or n > r.remaining:
        raise JuteError(at, f"multi: implausible sub-txn count {n}")
    subs = []
    for i in range(n):
        t = r.int("sub-txn type")
        data_at = r.pos
        body = r.buffer("sub-txn data") or b""
        sr = Reader(body)
        try:
            op = read_record(sr, t)
        except JuteError as e:
            raise JuteError(data_at + 4 + e.offset, f"multi sub-txn {i + 1}: {e.reason}") from None
        if sr.remaining:
            raise JuteError(data_at + 4 + sr.pos, f"multi sub-txn {i + 1}: {sr.remaining} bytes after the "
                            f"{op_name(t)} record")
        subs.append(op)
    return tuple(subs)


def decode_entry(buf: bytes, start: int, end: int) -> tuple[tuple[int, int, int, int, int], Op,
                                                            tuple[Op, ...], tuple[int, int] | None]:
    """The entry ``buf[start:end]`` -> (header, record, multi sub-records, digest)."""
    r = Reader(buf, start, end)
    hdr = r.txn_header()
    t = hdr[4]
    body = r.pos
    # A record is followed by nothing or by a 12-byte TxnDigest (3.6+); old forms have less.
    # SerializeUtils falls back to CreateTxnV0 and to a closeSession without body likewise.
    attempts = [False, True] if t in (OpCode.CREATE, OpCode.CLOSE_SESSION) else [False]
    first: JuteError | None = None
    for legacy in attempts:
        r.pos = body
        try:
            if t == OpCode.MULTI:
                op, subs = Op(t), _multi(r)
            else:
                op, subs = read_record(r, t, legacy=legacy), ()
            left = r.remaining
            if left == 0:
                return hdr, op, subs, None
            if left == _DIGEST_SIZE:
                return hdr, op, subs, (r.int("digest version"), r.long("digest"))
            raise JuteError(r.pos, f"{left} bytes after the {op_name(t)} record (neither nothing nor a "
                            f"{_DIGEST_SIZE}-byte digest)")
        except JuteError as e:
            first = first or e
    assert first is not None
    raise first


# ------------------------------------------------------------------------------------------
Frame = tuple[int, int, int, int]  # (ordinal, offset of the crc, entry start, entry end) of a checked entry


def iter_frames(buf: bytes, start: int = FILE_HEADER_SIZE, ordinal: int = 0,
                last_body: int | None = None) -> Iterator[Frame | Damage]:
    """The framing of a transaction log: each entry whose length, end byte and checksum hold,
    or the damage in its place; going on wherever the next entry can be found.  ``ordinal``
    entries precede ``start``, the last good one at ``last_body`` (when reading on from there)."""
    n = len(buf)
    mv = memoryview(buf)
    pos = start
    unpack = _FRAME_STRUCT.unpack_from
    adler = zlib.adler32
    while pos < n:
        ordinal += 1
        if pos + _FRAME > n:
            if _zeros(buf, pos):
                yield Damage(DamageKind.ZERO_TAIL, ordinal, pos, n - pos, "zero-filled preallocated space")
            else:
                yield Damage(DamageKind.PARTIAL, ordinal, pos, n - pos,
                             f"{n - pos} bytes at the end, less than an entry's checksum and length")
            return
        crc, length = unpack(buf, pos)
        body = pos + _FRAME
        eor = body + length
        if length >= HEADER_SIZE and eor < n and buf[eor] == EOR:
            if adler(mv[body:eor]) == crc:
                yield ordinal, pos, body, eor
                last_body = body
                pos = eor + 1
                continue
            actual = adler(mv[body:eor])
            yield Damage(DamageKind.BAD_CHECKSUM, ordinal, pos, eor + 1 - pos,
                         f"checksum mismatch (stored {crc:#x}, Adler32 of the entry {actual:#x}): "
                         "ZooKeeper stops loading its log here", _zxid(buf, body, n))
            pos = eor + 1
            continue
        if length == 0:  # "Since we preallocate, we define EOF to be an empty transaction"
            if crc == 0 and _zeros(buf, pos):
                yield Damage(DamageKind.ZERO_TAIL, ordinal, pos, n - pos, "zero-filled preallocated space")
                return
            junk = n - pos - buf.count(0, pos)
            yield Damage(DamageKind.AFTER_END, ordinal, pos, n - pos,
                         f"an entry of length 0 ends the log here, but {junk} non-zero bytes follow "
                         "(ZooKeeper stops reading at it)")
            return
        last_zxid = None if last_body is None else _zxid(buf, last_body, n)
        nxt = _resync(buf, pos + 1, last_zxid)
        # nothing readable after it: the last entry, cut (or never finished) when writing stopped
        partial = nxt is None and length >= 0 and (eor >= n or (buf[eor] == 0 and _zeros(buf, eor)))
        if partial:
            yield Damage(DamageKind.PARTIAL, ordinal, pos, n - pos, _partial_reason(buf, pos, length),
                         _zxid(buf, body, n))
            return
        why = (f"length {length} cannot be an entry's" if length < HEADER_SIZE or eor >= n
               else f"the entry of {length} bytes does not end with 'B' (found 0x{buf[eor]:02x})")
        yield Damage(DamageKind.BAD_FRAME, ordinal, pos, (nxt if nxt is not None else n) - pos,
                     why + (f"; the next readable entry is at byte {nxt}" if nxt is not None
                            else "; no readable entry follows"), _zxid(buf, body, n))
        if nxt is None:
            return
        pos = nxt


def undecodable(frame: Frame, buf: bytes, e: JuteError) -> Damage:
    ordinal, pos, body, eor = frame
    return Damage(DamageKind.UNDECODABLE, ordinal, pos, eor + 1 - pos,
                  f"the checksum holds but the entry does not decode ({e})", _zxid(buf, body, len(buf)))


def iter_log(buf: bytes, start: int = FILE_HEADER_SIZE) -> Iterator[Txn | Damage]:
    """The entries of a transaction log (``buf`` = the whole file) from byte ``start``."""
    for f in iter_frames(buf, start):
        if isinstance(f, Damage):
            yield f
            continue
        ordinal, pos, body, eor = f
        try:
            hdr, op, subs, digest = decode_entry(buf, body, eor)
        except JuteError as e:
            yield undecodable(f, buf, e)
            continue
        yield Txn(ordinal, pos, eor - body, hdr[0], hdr[1], hdr[2], hdr[3], hdr[4], op, subs, digest)


def _zeros(buf: bytes, pos: int) -> bool:
    return buf.count(0, pos) == len(buf) - pos


def _zxid(buf: bytes, body: int, n: int) -> int | None:
    if body + 20 <= n:
        return int.from_bytes(buf[body + 12:body + 20], "big", signed=True)
    return None


def _partial_reason(buf: bytes, pos: int, length: int) -> str:
    n = len(buf)
    have = n - pos - _FRAME
    if pos + _FRAME + length >= n:
        return f"the last entry ({length} bytes) is cut short: the file ends {have} bytes into it"
    return (f"the last entry ({length} bytes) was only partly written: zeros follow and it has no end "
            "byte ('Last transaction was partial')")


_WINDOW = 1 << 20


def _resync(buf: bytes, pos: int, last_zxid: int | None) -> int | None:
    """The first byte from ``pos`` where a whole, checksummed entry starts (or None).

    Candidates are found a window at a time with numpy (a length that fits, an end byte
    'B' where that length puts it), then confirmed by their Adler32 and a zxid that does
    not go back."""
    n = len(buf)
    arr = np.frombuffer(buf, dtype=np.uint8)
    while pos + _FRAME + HEADER_SIZE < n:
        # skip zeros (the preallocated space) at once: an entry's first non-zero byte is at most
        # its 8th (the crc is a long holding a 32-bit Adler32)
        nonzero = np.flatnonzero(arr[pos:])
        if nonzero.size == 0:
            return None
        pos = max(pos, pos + int(nonzero[0]) - 7)
        stop = min(n - _FRAME - HEADER_SIZE, pos + _WINDOW)
        p = np.arange(pos, stop, dtype=np.int64)
        lb = arr[np.minimum(p[:, None] + np.arange(8, 12), n - 1)].astype(np.int64)
        lengths = (lb[:, 0] << 24) | (lb[:, 1] << 16) | (lb[:, 2] << 8) | lb[:, 3]
        ends = p + _FRAME + lengths
        ok = (lengths >= HEADER_SIZE) & (lengths < 1 << 24) & (ends < n)
        idx = np.nonzero(ok)[0]
        idx = idx[arr[ends[idx]] == EOR]
        for i in idx.tolist():
            q = pos + i
            length = int(lengths[i])
            body = q + _FRAME
            if zlib.adler32(buf[body:body + length]) & 0xFFFFFFFF != int.from_bytes(buf[q:q + 8], "big"):
                continue
            z = _zxid(buf, body, n)
            if last_zxid is None or (z is not None and z > last_zxid):
                return q
        pos = stop
    return None


# -- event rows ----------------------------------------------------------------------------
# The record types that change one znode; the rest are sessions, errors and multis.
_ZNODE_OPS = frozenset({OpCode.CREATE, OpCode.CREATE2, OpCode.CREATE_CONTAINER, OpCode.CREATE_TTL,
                        OpCode.DELETE, OpCode.DELETE_CONTAINER, OpCode.SET_DATA, OpCode.RECONFIG,
                        OpCode.SET_ACL, OpCode.CHECK})
_CREATES = frozenset({OpCode.CREATE, OpCode.CREATE2, OpCode.CREATE_CONTAINER, OpCode.CREATE_TTL})
_DATA_OPS = _CREATES | {OpCode.SET_DATA, OpCode.RECONFIG}
SERVER_SESSION = "zk_server_session"
TXN = "zk_txn"
# KeeperException codes a failed multi gives the sub-ops that were not the cause
_CONSEQUENTIAL = frozenset({0, -2})  # OK (before the failure), RUNTIMEINCONSISTENCY (after it)


def txn_rows(t: Txn) -> list[dict[str, object]]:
    """The event rows of one txn: one per znode it changes (each op of a multi), or one for a
    session, an error or a failed multi."""
    common: dict[str, object] = {"ts": t.time, "zxid": t.zxid, "zk_session": t.session, "line": t.ordinal}
    base = {"byte_offset": t.offset, "cxid": t.cxid}
    if t.type == OpCode.MULTI:
        if t.subs and all(s.type == OpCode.ERROR for s in t.subs):
            codes = [s.error for s in t.subs if s.error is not None]
            cause = next((c for c in codes if c not in _CONSEQUENTIAL), codes[0] if codes else None)
            return [common | {
                "kind": TXN, "zk_op": "multi", "error": None if cause is None else error_name(cause),
                "template": "zk.txnlog.multi.failed", "count": len(t.subs),
                "details": base | {"errors": [error_name(c) for c in codes]},
                "raw": _raw(t, "multi " + ";".join(f"error:{error_name(c)}" for c in codes)),
            }]
        rows = []
        for i, s in enumerate(t.subs, 1):
            row = _op_row(t, s, common, base | {"multi": {"index": i, "ops": len(t.subs)}})
            rows.append(row)
        return rows
    return [_op_row(t, t.op, common, dict(base))]


def _op_row(t: Txn, op: Op, common: dict[str, object], details: dict[str, object]) -> dict[str, object]:
    if op.type in _ZNODE_OPS and op.path is not None:
        row = znode_row(op.path, op.data if op.type in _DATA_OPS else None)
        d = dict(row.pop("details", {}))  # type: ignore[arg-type]
        if op.type in _CREATES:
            row["zk_version"] = 0
            d["ephemeral"] = op.ephemeral
            if op.ttl is not None:
                d["ttl_ms"] = op.ttl
            if op.acl is not None:
                d["acl"] = [a.to_json() for a in op.acl]
            if row["kind"] == BROKER_REGISTRATION:
                d["broker_epoch"] = t.zxid  # the registration's czxid: Kafka 2.2+ (KIP-380)
        elif op.type in (OpCode.SET_DATA, OpCode.RECONFIG):
            row["zk_version"] = op.version  # the data version after the write
        elif op.type == OpCode.SET_ACL:
            d["acl_version"] = op.version
            d["acl"] = [a.to_json() for a in op.acl or ()]
        elif op.type == OpCode.CHECK:
            d["checked_version"] = op.version  # ZooKeeper writes the checked version + 1
        row |= common
        row["zk_op"] = op.name
        row["template"] = f"zk.txnlog.{op.name}"
        row["details"] = d | details
        row["raw"] = _raw(t, f"{op.name} {_op_text(op)}")
        return row
    row = dict(common)
    row["zk_op"] = op.name
    row["template"] = f"zk.txnlog.{op.name.replace(' ', '_')}"
    if op.type == OpCode.CREATE_SESSION:
        row |= {"kind": SERVER_SESSION, "state": "created", "details": details | {"timeout_ms": op.timeout}}
    elif op.type == OpCode.CLOSE_SESSION:
        eph = list(op.paths) if op.paths is not None else None
        row |= {"kind": SERVER_SESSION, "state": "closed",
                "count": None if eph is None else len(eph), "details": details | {"ephemerals": eph}}
    elif op.type == OpCode.ERROR:
        row |= {"kind": TXN, "error": error_name(op.error or 0), "details": details | {"code": op.error}}
    else:
        row |= {"kind": TXN, "details": details | {"op_code": op.type}}
    row["raw"] = _raw(t, f"{op.name} {_op_text(op)}".rstrip())
    return row


def _raw(t: Txn, what: str) -> str:
    """Like TxnLogToolkit's line, without the time and cxid (columns and details hold them)."""
    return f"session 0x{t.session & 0xFFFFFFFFFFFFFFFF:x} zxid 0x{t.zxid:x} {what}"


def _op_text(op: Op) -> str:
    """Like TxnLogToolkit's line: ``path,data,version`` and so on (data as text, ACLs short)."""
    data = "" if not op.data else op.data.decode("utf-8", "replace")
    if op.type in _CREATES:
        return f"{op.path},{data}," + ("true" if op.ephemeral else "false") + f",{op.parent_cversion}"
    if op.type in (OpCode.SET_DATA, OpCode.RECONFIG):
        return f"{op.path},{data},{op.version}"
    if op.type in (OpCode.CHECK, OpCode.SET_ACL):
        return f"{op.path},{op.version}"
    if op.type in (OpCode.DELETE, OpCode.DELETE_CONTAINER):
        return op.path or ""
    if op.type == OpCode.CREATE_SESSION:
        return str(op.timeout)
    if op.type == OpCode.CLOSE_SESSION:
        return "" if op.paths is None else "[" + ",".join(op.paths) + "]"
    if op.type == OpCode.ERROR:
        return str(op.error)
    return ""
