"""ZooKeeper snapshots (``snapshot.<zxid hex>``), read natively (``FileSnap``, ``SnapStream``).

Layout (3.4 - 3.9; ``FileSnap.serialize``, ``SerializeUtils.serializeSnapshot``,
``DataTree.serialize``, ``ReferenceCountedACLCache.serialize``):

1. ``FileHeader {int magic = "ZKSN"; int version = 2; long dbid}``;
2. sessions: ``int count`` and ``count x {long id; int timeout}``;
3. the ACL cache: ``int count`` and ``count x {long ref; vector<ACL>}``;
4. the znodes, depth first, the root with path ``""``: ``ustring path`` + ``DataNode
   {buffer data; long acl (a ref into the cache; -1 = open); StatPersisted}``; the
   path ``"/"`` ends the list;
5. the seal: ``long`` Adler32 of every byte before it, ``ustring "/"``;
6. 3.6+: ``ZxidDigest {long zxid; int digestVersion; long digest}`` (a hex ``ustring``
   for digest versions below 2) and another seal;
7. 3.9+ (ZOOKEEPER-4570): ``long lastProcessedZxid`` and another seal.

A snapshot is *fuzzy*: written while txns go on, it may hold changes after the zxid in
its name.  ``.gz`` snapshots are the same bytes gzipped (ingest opens them);
``.snappy`` ones need snappy, which this reader does not have.
"""

from __future__ import annotations

import enum
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from .jute import Acl, JuteError, Reader, StatPersisted, Truncated
from .noderow import node_row, owner_kind

SNAP_MAGIC = 0x5A4B534E  # "ZKSN" (FileSnap.SNAP_MAGIC)
FORMAT_VERSION = 2  # FileSnap.VERSION
FILE_HEADER_SIZE = 16
OPEN_ACL_REF = -1  # ReferenceCountedACLCache.OPEN_UNSAFE_ACL_ID
OPEN_ACL = (Acl(31, "world", "anyone"),)  # ZooDefs.Ids.OPEN_ACL_UNSAFE
# EphemeralType: an ephemeralOwner of Long.MIN_VALUE marks a container, a high byte 0xff a TTL node


class HeaderError(ValueError):
    """Not a snapshot this reader can read (the message says why and what to do)."""


@dataclass(frozen=True, slots=True)
class SnapHeader:
    magic: int
    version: int
    dbid: int


@dataclass(frozen=True, slots=True)
class Session:
    ordinal: int
    offset: int
    id: int
    timeout: int


@dataclass(frozen=True, slots=True)
class AclEntry:
    ordinal: int
    offset: int
    ref: int
    acls: tuple[Acl, ...]


@dataclass(frozen=True, slots=True)
class Node:
    ordinal: int
    offset: int
    path: str  # "" for the root, as written
    data: bytes | None
    acl_ref: int
    stat: StatPersisted


@dataclass(frozen=True, slots=True)
class Seal:
    """A checksum seal: ``stored`` as written, ``computed`` over the bytes before it."""

    ordinal: int
    offset: int
    section: str  # "tree", "digest", "last zxid"
    stored: int
    computed: int

    @property
    def ok(self) -> bool:
        return self.stored == self.computed


@dataclass(frozen=True, slots=True)
class ZxidDigest:
    ordinal: int
    offset: int
    zxid: int
    version: int
    digest: int | None


@dataclass(frozen=True, slots=True)
class LastZxid:
    ordinal: int
    offset: int
    zxid: int


class DamageKind(enum.StrEnum):
    CUT_SHORT = "cut_short"
    BAD_RECORD = "bad_record"
    TRAILING = "trailing"


@dataclass(frozen=True, slots=True)
class Damage:
    kind: DamageKind
    ordinal: int
    offset: int
    length: int
    reason: str


Item = Session | AclEntry | Node | Seal | ZxidDigest | LastZxid | Damage


def read_header(buf: bytes) -> SnapHeader:
    if len(buf) < FILE_HEADER_SIZE:
        raise HeaderError(f"{len(buf)} bytes, shorter than the {FILE_HEADER_SIZE}-byte snapshot header")
    r = Reader(buf)
    magic, version, dbid = r.int(), r.int(), r.long()
    if magic != SNAP_MAGIC:
        raise HeaderError(f"magic {buf[:4]!r} is not ZooKeeper's snapshot magic b'ZKSN'")
    if version != FORMAT_VERSION:
        raise HeaderError(f"snapshot format version {version}: ZooKeeper 3.x writes version {FORMAT_VERSION} "
                          "and no other is known; nothing in it was read (check the file came from "
                          "ZooKeeper's dataDir/version-2)")
    return SnapHeader(magic, version, dbid)


def iter_snapshot(buf: bytes) -> Iterator[Item]:
    """The sections of a snapshot whose header ``read_header`` accepted, in file order."""
    r = Reader(buf, FILE_HEADER_SIZE)
    ordinal = 0
    stage = "the session list"
    try:
        count = _count(r, "session count")
        for _ in range(count):
            ordinal += 1
            at = r.pos
            yield Session(ordinal, at, r.long("session id"), r.int("session timeout"))
        stage = "the ACL cache"
        count = _count(r, "ACL cache size")
        for _ in range(count):
            ordinal += 1
            at = r.pos
            ref = r.long("ACL ref")
            acls = r.acls("ACL list")
            yield AclEntry(ordinal, at, ref, tuple(acls or ()))
        stage = "the znodes"
        while True:
            at = r.pos
            path = r.ustring("path")
            if path == "/":
                break
            ordinal += 1
            data = r.buffer("data")
            ref = r.long("acl ref")
            yield Node(ordinal, at, path or "", data, ref, r.stat())
        for section in ("tree", "digest", "last zxid"):
            stage = f"the {section} seal"
            at = r.pos
            if section != "tree" and r.remaining == 0:
                return  # the optional sections are absent (before 3.6 / 3.9, or digests disabled)
            computed = zlib.adler32(buf[:at]) & 0xFFFFFFFF if section == "tree" else None
            if section == "digest":
                stage = "the zxid digest"
                zxid, version = r.long("digest zxid"), r.int("digest version")
                digest = r.long("digest") if version >= 2 else _hex(r.ustring("digest"))
                ordinal += 1
                yield ZxidDigest(ordinal, at, zxid, version, digest)
            elif section == "last zxid":
                stage = "the last processed zxid"
                ordinal += 1
                yield LastZxid(ordinal, at, r.long("last zxid"))
            seal_at = r.pos
            if computed is None:
                computed = zlib.adler32(buf[:seal_at]) & 0xFFFFFFFF
            stored = r.long("seal checksum")
            end = r.ustring("seal path")
            if end != "/":
                raise JuteError(seal_at + 8, f"the seal ends with {end!r}, not '/'")
            ordinal += 1
            yield Seal(ordinal, seal_at, section, stored & 0xFFFFFFFF, computed)
        if r.remaining:
            ordinal += 1
            yield Damage(DamageKind.TRAILING, ordinal, r.pos, r.remaining,
                         f"{r.remaining} bytes after the last section this reader knows")
    except Truncated as e:
        ordinal += 1
        yield Damage(DamageKind.CUT_SHORT, ordinal, e.offset, len(buf) - e.offset,
                     f"the snapshot ends in {stage} ({e.reason}): it was not completely written, and "
                     "ZooKeeper skips such a snapshot for the one before")
    except JuteError as e:
        ordinal += 1
        yield Damage(DamageKind.BAD_RECORD, ordinal, e.offset, len(buf) - e.offset,
                     f"{stage} does not read at byte {e.offset} ({e.reason}); nothing after it can be read")


def _count(r: Reader, what: str) -> int:
    at = r.pos
    n = r.int(what)
    if n < 0 or n > r.remaining:
        raise JuteError(at, f"{what} {n} is impossible here")
    return n


def _hex(s: str | None) -> int | None:
    try:
        return int(s, 16) if s else None
    except ValueError:
        return None


# -- event rows ----------------------------------------------------------------------------
SERVER_SESSION = "zk_server_session"


def node_rows(nodes: list[Node], acls: dict[int, tuple[Acl, ...]], snapshot_zxid: int | None
              ) -> list[dict[str, object]]:
    """One row per znode, with the stat ZooKeeper's tools show (numChildren and dataLength
    derived, as they derive them)."""
    children: dict[str, int] = {}
    for n in nodes:
        if n.path:
            parent = n.path[:n.path.rfind("/")]
            children[parent] = children.get(parent, 0) + 1
    rows = []
    for n in nodes:
        st = n.stat
        row = node_row(n.path or "/", n.data, st, data_length=len(n.data or b""),
                       num_children=children.get(n.path, 0), template="zk.snapshot.node")
        acl = OPEN_ACL if n.acl_ref == OPEN_ACL_REF else acls.get(n.acl_ref)
        d = row["details"]
        d |= {"byte_offset": n.offset, "acl": None if acl is None else [a.to_json() for a in acl],
              "snapshot_zxid": snapshot_zxid}
        if acl is None:
            d["problem"] = f"ACL ref {n.acl_ref} is not in the snapshot's ACL cache"
        row |= {
            "line": n.ordinal,
            "raw": f"{n.path or '/'} cZxid=0x{st.czxid:x} mZxid=0x{st.mzxid:x} pZxid=0x{st.pzxid:x} "
                   f"dataVersion={st.version} cversion={st.cversion} aclVersion={st.aversion} "
                   f"ephemeralOwner=0x{st.ephemeral_owner & 0xFFFFFFFFFFFFFFFF:x} "
                   f"dataLength={len(n.data or b'')}",
        }
        rows.append(row)
    return rows


def session_rows(sessions: list[Session], nodes: list[Node], snapshot_zxid: int | None
                 ) -> list[dict[str, object]]:
    """One row per session the snapshot holds, with its ephemeral znodes."""
    owned: dict[int, list[str]] = {}
    for n in nodes:
        if owner_kind(n.stat.ephemeral_owner) == "session":
            owned.setdefault(n.stat.ephemeral_owner, []).append(n.path)
    return [{
        "kind": SERVER_SESSION, "state": "live", "zk_session": s.id, "line": s.ordinal,
        "count": len(owned.get(s.id, ())), "template": "zk.snapshot.session",
        "details": {"byte_offset": s.offset, "timeout_ms": s.timeout, "ephemerals": owned.get(s.id, []),
                    "snapshot_zxid": snapshot_zxid},
        "raw": f"session 0x{s.id & 0xFFFFFFFFFFFFFFFF:x} timeout {s.timeout} "
               f"ephemerals {len(owned.get(s.id, ()))}",
    } for s in sessions]
