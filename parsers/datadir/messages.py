"""A reader for Kafka's *generated message* encoding, driven by schemas written as data.

Kafka describes its internal records (``__consumer_offsets`` keys and values, KRaft
metadata records, raft control records, the consumer protocol's subscription and
assignment) in JSON message specs that its build turns into Java classes.  Rather than
hand-writing a decoder per record, this module reads any of them from a ``Message``
description transcribed from those specs (the transcriptions live next to their users:
``offsets.py``, ``metadata.py``).  The encoding rules (``MessageGenerator``, KIP-482):

* a field is present in the versions its ``versions`` range names;
* in *flexible* versions strings, bytes and arrays carry a compact length (unsigned
  varint of length + 1, 0 = null) and every struct ends with a tagged-field section
  (count, then tag / size / value); fields with a ``tag`` live only there and are
  simply absent when they hold their default;
* in other versions strings have an int16 length, bytes and arrays an int32 count,
  -1 meaning null.

Decoded values come back as a dict keyed by the camelCase field names Kafka's JSON
converters print (``partitionId``, ``kRaftVersion``), so that details read like the
output of ``kafka-dump-log.sh``; bytes stay ``bytes`` (``to_json`` renders base64).
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .wire import Reader, Truncated, WireError

_SCALARS = {
    "int8": Reader.int8,
    "int16": Reader.int16,
    "uint16": Reader.uint16,
    "int32": Reader.int32,
    "uint32": Reader.uint32,
    "int64": Reader.int64,
    "float64": Reader.float64,
    "bool": Reader.bool,
    "uuid": Reader.uuid,
}


class UnsupportedVersion(WireError):
    """A version the schema does not know (a newer Kafka wrote it)."""


@lru_cache(maxsize=4096)
def in_range(spec: str, version: int) -> bool:
    """Kafka's version-range syntax: ``"none"``, ``"3"``, ``"0-2"``, ``"1+"``."""
    if not spec or spec == "none":
        return False
    if spec.endswith("+"):
        return version >= int(spec[:-1])
    lo, _, hi = spec.partition("-")
    return int(lo) <= version <= int(hi or lo)


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # a scalar, "string", "bytes", "[]<scalar|string>", "[]" (struct array) or "{}" (struct)
    versions: str = "0+"
    tag: int | None = None  # tagged field (flexible versions only)
    fields: tuple[Field, ...] = ()  # members of a struct / struct array
    nullable: str = ""  # nullableVersions, needed only for structs (KIP-893: a marker byte)

    @property
    def key(self) -> str:
        return self.name[:1].lower() + self.name[1:]


@dataclass(frozen=True)
class Message:
    name: str
    valid: str  # validVersions
    flexible: str  # flexibleVersions
    fields: tuple[Field, ...]

    def decode(self, r: Reader, version: int) -> dict[str, Any]:
        if not in_range(self.valid, version):
            raise UnsupportedVersion(
                f"{self.name} version {version} is not one this reader knows ({self.valid})", r.pos
            )
        return _struct(self.fields, version, in_range(self.flexible, version), r)


_Plan = tuple[tuple[tuple[str, Field], ...], dict[int, Field]]
_PLANS: dict[tuple[int, int, bool], _Plan] = {}


def _plan(fields: tuple[Field, ...], v: int, flex: bool) -> _Plan:
    """The fields present at a version, in order, and the tagged ones by tag (cached: the
    schemas are module constants, so their identity is a stable key)."""
    key = (id(fields), v, flex)
    plan = _PLANS.get(key)
    if plan is None:
        present = [f for f in fields if in_range(f.versions, v)]
        plan = (tuple((f.key, f) for f in present if f.tag is None),
                {f.tag: f for f in present if f.tag is not None and flex})
        _PLANS[key] = plan
    return plan


def _struct(fields: tuple[Field, ...], v: int, flex: bool, r: Reader) -> dict[str, Any]:
    ordered, tagged = _plan(fields, v, flex)
    out: dict[str, Any] = {}
    for key, f in ordered:
        t = f.type
        read = _SCALARS.get(t)
        out[key] = read(r) if read is not None else _value(f, v, flex, r)
    if flex:
        for _ in range(r.uvarint(35)):
            tag = r.uvarint(35)
            size = r.uvarint(35)
            start = r.pos
            r.raw(size, f"tagged field {tag}")
            f = tagged.get(tag)
            if f is None:  # written by a newer Kafka: skippable by design (KIP-482)
                out.setdefault("unknownTaggedFields", []).append({"tag": tag, "size": size})
                continue
            sub = Reader(r.data, start, start + size)
            out[f.key] = _value(f, v, True, sub, tagged=True)
    return out


def _value(f: Field, v: int, flex: bool, r: Reader, *, tagged: bool = False) -> Any:
    t = f.type
    if t in _SCALARS:
        return _SCALARS[t](r)
    if t == "string":
        return r.compact_string() if flex else r.string()
    if t == "bytes":
        return r.compact_bytes() if flex else r.bytes_()
    if t == "{}":
        if in_range(f.nullable, v) and (r.uvarint(35) <= 0 if tagged else r.int8() < 0):
            return None
        return _struct(f.fields, v, flex, r)
    if t.startswith("[]"):
        n = (r.uvarint(35) - 1) if flex else r.int32()
        if n < 0:
            return None
        if n > r.remaining:  # every element takes at least one byte
            raise Truncated(f"{f.name}: array of {n} elements in {r.remaining} bytes", r.pos)
        elem = t[2:]
        if not elem:
            return [_struct(f.fields, v, flex, r) for _ in range(n)]
        if elem in _SCALARS:
            read = _SCALARS[elem]
            return [read(r) for _ in range(n)]
        if elem == "string":
            return [r.compact_string() if flex else r.string() for _ in range(n)]
        raise ValueError(f"{f.name}: unsupported element type {elem}")  # a schema bug, not data
    raise ValueError(f"{f.name}: unsupported type {t}")


def version_prefixed(msg: Message, data: bytes, *, newest_known: bool = False) -> tuple[int, dict[str, Any]]:
    """An int16 version followed by the message (``MessageUtil.toVersionPrefixedBytes``).

    ``newest_known`` reads a version newer than the schema knows as the newest known one,
    as Kafka's consumer protocol does (``ConsumerProtocol``: later versions only append).
    """
    r = Reader(data)
    version = r.int16()
    top = max(int(p) for part in msg.valid.split("-") for p in [part.rstrip("+")])
    used = min(version, top) if newest_known else version
    return version, msg.decode(r, used)


def to_json(obj: Any) -> str:
    """JSON for details: bytes as base64 (Kafka's JSON converters do the same)."""
    return json.dumps(obj, default=_default, ensure_ascii=False, separators=(",", ":"))


def _default(o: Any) -> Any:
    if isinstance(o, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(o)).decode()
    raise TypeError(f"not JSON serialisable: {type(o).__name__}")
