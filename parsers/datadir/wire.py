"""Kafka's wire primitives, as they stand in data files: big-endian fixed-width integers,
zig-zag varints (record batches, KIP-98, 0.11+), unsigned varints (flexible message
versions, KIP-482, 2.4+), length-prefixed strings and bytes in their classic (int16 /
int32 length, -1 = null) and compact (unsigned varint length + 1, 0 = null) forms, and
UUIDs in Kafka's own text form (URL-safe base64 without padding, ``Uuid.toString``).

``Reader`` reads from a buffer and raises ``Truncated`` (with the position) when a
value runs past the end, so that a decoder can report *where* a record stopped making
sense instead of a bare ``struct.error``.  The ``encode_*`` functions are the inverses
(the tests build synthetic files with them).
"""

from __future__ import annotations

import base64
import struct

_I8 = struct.Struct(">b")
_I16 = struct.Struct(">h")
_U16 = struct.Struct(">H")
_I32 = struct.Struct(">i")
_U32 = struct.Struct(">I")
_I64 = struct.Struct(">q")
_F64 = struct.Struct(">d")


class WireError(ValueError):
    """Bytes that do not decode as the format says; ``pos`` is where it went wrong."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.pos = pos


class Truncated(WireError):
    """A value runs past the end of the bytes available."""


class Reader:
    """Sequential big-endian reads over ``data[pos:end]``."""

    __slots__ = ("data", "end", "pos")

    def __init__(self, data: bytes | memoryview, pos: int = 0, end: int | None = None) -> None:
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    @property
    def remaining(self) -> int:
        return self.end - self.pos

    def _take(self, n: int, what: str) -> int:
        p = self.pos
        if n < 0 or p + n > self.end:
            raise Truncated(f"{what} needs {n} bytes at byte {p}, {self.end - p} left", p)
        self.pos = p + n
        return p

    def raw(self, n: int, what: str = "bytes") -> bytes:
        p = self._take(n, what)
        return bytes(self.data[p : p + n])

    def int8(self) -> int:
        return _I8.unpack_from(self.data, self._take(1, "int8"))[0]

    def int16(self) -> int:
        return _I16.unpack_from(self.data, self._take(2, "int16"))[0]

    def uint16(self) -> int:
        return _U16.unpack_from(self.data, self._take(2, "uint16"))[0]

    def int32(self) -> int:
        return _I32.unpack_from(self.data, self._take(4, "int32"))[0]

    def uint32(self) -> int:
        return _U32.unpack_from(self.data, self._take(4, "uint32"))[0]

    def int64(self) -> int:
        return _I64.unpack_from(self.data, self._take(8, "int64"))[0]

    def float64(self) -> float:
        return _F64.unpack_from(self.data, self._take(8, "float64"))[0]

    def bool(self) -> bool:
        return self.int8() != 0

    def uvarint(self, limit: int = 64) -> int:
        """Unsigned LEB128 (``ByteUtils.readUnsignedVarint`` / ``readUnsignedVarlong``)."""
        start = self.pos
        value = shift = 0
        while True:
            if self.pos >= self.end:
                raise Truncated(f"varint cut short at byte {start}", start)
            b = self.data[self.pos]
            self.pos += 1
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
            if shift >= limit:
                raise WireError(f"varint longer than {limit} bits at byte {start}", start)

    def varint(self) -> int:
        """Zig-zag signed varint (``ByteUtils.readVarint``), 32 bits."""
        return _unzigzag(self.uvarint(35))

    def varlong(self) -> int:
        """Zig-zag signed varlong (``ByteUtils.readVarlong``), 64 bits."""
        return _unzigzag(self.uvarint(70))

    def uuid(self) -> str:
        return uuid_text(self.raw(16, "uuid"))

    # -- classic (non-flexible) lengths
    def string(self) -> str | None:
        n = self.int16()
        if n < 0:
            return None
        return self.raw(n, "string").decode("utf-8", "replace")

    def bytes_(self) -> bytes | None:
        n = self.int32()
        if n < 0:
            return None
        return self.raw(n, "bytes")

    # -- compact (flexible) lengths
    def compact_string(self) -> str | None:
        n = self.uvarint(35) - 1
        if n < 0:
            return None
        return self.raw(n, "compact string").decode("utf-8", "replace")

    def compact_bytes(self) -> bytes | None:
        n = self.uvarint(35) - 1
        if n < 0:
            return None
        return self.raw(n, "compact bytes")

    # -- record-batch (varint-length) fields
    def varint_bytes(self) -> bytes | None:
        n = self.varint()
        if n < 0:
            return None
        return self.raw(n, "varint-length bytes")


def _unzigzag(n: int) -> int:
    return (n >> 1) ^ -(n & 1)


def uuid_text(b: bytes) -> str:
    """Kafka's ``Uuid.toString``: URL-safe base64 of the 16 bytes, no padding."""
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


# ------------------------------------------------------------------------------------------
# Encoders (inverses of the reads above; used by tests and by nothing in the read path)
def encode_uvarint(n: int) -> bytes:
    if n < 0:
        raise ValueError("unsigned varint of a negative number")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def encode_varint(n: int) -> bytes:
    """Zig-zag signed varint/varlong (the encoding does not depend on the width)."""
    return encode_uvarint(n << 1 if n >= 0 else ((-n) << 1) - 1)


def encode_varint_bytes(b: bytes | None) -> bytes:
    return encode_varint(-1) if b is None else encode_varint(len(b)) + b


def encode_string(s: str | None) -> bytes:
    if s is None:
        return _I16.pack(-1)
    b = s.encode()
    return _I16.pack(len(b)) + b


def encode_bytes(b: bytes | None) -> bytes:
    return _I32.pack(-1) if b is None else _I32.pack(len(b)) + b


def encode_compact_string(s: str | None) -> bytes:
    if s is None:
        return encode_uvarint(0)
    b = s.encode()
    return encode_uvarint(len(b) + 1) + b


def i8(n: int) -> bytes:
    return _I8.pack(n)


def i16(n: int) -> bytes:
    return _I16.pack(n)


def i32(n: int) -> bytes:
    return _I32.pack(n)


def u32(n: int) -> bytes:
    return _U32.pack(n)


def i64(n: int) -> bytes:
    return _I64.pack(n)
