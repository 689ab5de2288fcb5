"""Jute, ZooKeeper's binary record encoding (``org.apache.jute.BinaryInputArchive``).

Everything is big-endian (``java.io.DataInput``): ``int`` 4 bytes, ``long`` 8,
``byte`` and ``boolean`` 1; ``ustring`` and ``buffer`` are an ``int`` length (-1 =
null) and that many bytes (UTF-8 for a string); ``vector<T>`` an ``int`` count (-1 =
null) and the elements; a record is its fields in declaration order, nothing else.
The record types read here are those of ``zookeeper-jute/src/main/resources/
zookeeper.jute`` (identical in 3.4 - 3.9 for what is read here).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_INT = struct.Struct(">i")
_LONG = struct.Struct(">q")
_HEADER = struct.Struct(">qiqqi")  # TxnHeader: clientId, cxid, zxid, time, type
_STAT = struct.Struct(">qqqqiiiqq")  # StatPersisted


class JuteError(ValueError):
    """Bytes that are not the record expected: ``offset`` is where in the buffer it went wrong."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(f"byte {offset}: {reason}")
        self.offset = offset
        self.reason = reason


class Truncated(JuteError):
    """The bytes end before the record does."""


@dataclass(frozen=True, slots=True)
class Acl:
    """``ACL {int perms; Id {ustring scheme; ustring id}}``."""

    perms: int
    scheme: str | None
    id: str | None

    def to_json(self) -> dict[str, object]:
        return {"perms": self.perms, "scheme": self.scheme, "id": self.id}


@dataclass(frozen=True, slots=True)
class StatPersisted:
    """A znode's stat as the server keeps it (no dataLength / numChildren: those are derived)."""

    czxid: int
    mzxid: int
    ctime: int
    mtime: int
    version: int
    cversion: int
    aversion: int
    ephemeral_owner: int
    pzxid: int


class Reader:
    """Reads jute values from ``buf[pos:end]``; ``pos`` advances, errors name absolute offsets."""

    __slots__ = ("buf", "end", "pos")

    def __init__(self, buf: bytes | memoryview, pos: int = 0, end: int | None = None) -> None:
        self.buf = buf
        self.pos = pos
        self.end = len(buf) if end is None else end

    @property
    def remaining(self) -> int:
        return self.end - self.pos

    def _need(self, n: int, what: str) -> int:
        p = self.pos
        if p + n > self.end:
            raise Truncated(p, f"{what}: {n} bytes needed, {self.end - p} left")
        self.pos = p + n
        return p

    def int(self, what: str = "int") -> int:
        return _INT.unpack_from(self.buf, self._need(4, what))[0]

    def long(self, what: str = "long") -> int:
        return _LONG.unpack_from(self.buf, self._need(8, what))[0]

    def byte(self, what: str = "byte") -> int:
        return self.buf[self._need(1, what)]

    def bool(self, what: str = "boolean") -> bool:
        return self.buf[self._need(1, what)] != 0

    def _length(self, what: str) -> int:
        at = self.pos
        n = self.int(what)
        if n < -1:
            raise JuteError(at, f"{what}: negative length {n}")
        if n > self.end - self.pos:
            raise Truncated(at, f"{what}: length {n} runs past the end ({self.end - self.pos} bytes left)")
        return n

    def buffer(self, what: str = "buffer") -> bytes | None:
        n = self._length(what)
        if n == -1:
            return None
        p = self._need(n, what)
        return bytes(self.buf[p:p + n])

    def ustring(self, what: str = "string") -> str | None:
        at = self.pos
        raw = self.buffer(what)
        if raw is None:
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise JuteError(at, f"{what}: not UTF-8 ({e.reason} at byte {e.start})") from None

    def vector(self, element: Callable[[Reader], T], what: str = "vector") -> list[T] | None:
        at = self.pos
        n = self.int(what)
        if n == -1:
            return None
        if n < 0 or n > self.end - self.pos:  # every element takes at least a byte
            raise JuteError(at, f"{what}: implausible element count {n}")
        return [element(self) for _ in range(n)]

    def acl(self) -> Acl:
        return Acl(self.int("ACL perms"), self.ustring("ACL scheme"), self.ustring("ACL id"))

    def acls(self, what: str = "ACL list") -> list[Acl] | None:
        return self.vector(Reader.acl, what)

    def stat(self) -> StatPersisted:
        return StatPersisted(*_STAT.unpack_from(self.buf, self._need(_STAT.size, "StatPersisted")))

    def txn_header(self) -> tuple[int, int, int, int, int]:
        """``TxnHeader``: (clientId, cxid, zxid, time, type)."""
        return _HEADER.unpack_from(self.buf, self._need(_HEADER.size, "TxnHeader"))


HEADER_SIZE = _HEADER.size
STAT_SIZE = _STAT.size
