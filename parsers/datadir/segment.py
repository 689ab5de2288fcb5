"""Log segments (``NNNNNNNNNNNNNNNNNNNN.log``) and KRaft snapshots (``*.checkpoint``),
read batch by batch from a stream of byte blocks.

Every message format shares the 17-byte frame prefix ``baseOffset int64, length
int32, (4 bytes), magic int8`` (``Records.LOG_OVERHEAD`` + ``HEADER_SIZE_UP_TO_MAGIC``),
so a reader can always find the next batch from the length and then decode what the
magic says:

* magic 2 (KIP-98, Kafka 0.11+, ``DefaultRecordBatch``): a 61-byte header (partition
  leader epoch, CRC-32C over the bytes from ``attributes`` to the end, attributes with
  compression codec / timestamp type / transactional / control / delete-horizon
  (KIP-534) bits, last offset delta, first and max timestamp, producer id / epoch,
  base sequence, record count) and records whose lengths, deltas, keys, values and
  headers are zig-zag varints (``DefaultRecord``);
* magic 0 and 1 (``LegacyRecord``, before 0.11; magic 1 adds the timestamp, KIP-32,
  0.10.0): one message per entry, CRC-32 over the bytes from ``magic``, a compressed
  message's value being a nested message set (inner offsets relative to the wrapper in
  magic 1, KIP-31).

Compression: none and gzip are decoded (``zlib``); snappy, lz4 and zstd need libraries
outside the standard library, so such batches are reported with their header facts and
a reason instead of their records.  Records are decoded only when asked for (the
internal topics); otherwise a magic-2 batch is read from its header and CRC alone.

Damage is located, never fatal.  ``iter_segment`` yields ``Batch`` for every batch
(``crc_ok`` says whether its checksum held) and ``Damage`` for bytes that are not a
batch: a batch cut short at the end of the file (what a crash leaves in an active
segment), a zero-filled tail (a preallocated segment, ``file.preallocate`` or
Windows), a length below the minimum, an unknown magic.  After damage in the middle
the reader looks for the next batch whose CRC holds and carries on, so that what
follows a hole is still read (Kafka's own recovery would truncate there instead).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..sources import InputDamaged
from .crc32c import crc32c
from .wire import Reader, WireError

LOG_OVERHEAD = 12  # baseOffset + length
HEADER_UP_TO_MAGIC = 17
V2_OVERHEAD = 61  # DefaultRecordBatch.RECORD_BATCH_OVERHEAD
LEGACY_MIN = 14  # LegacyRecord.RECORD_OVERHEAD_V0 (crc, magic, attributes, key and value lengths)
CODECS = {0: "none", 1: "gzip", 2: "snappy", 3: "lz4", 4: "zstd"}
MAX_RESYNC_BATCH = 64 << 20  # a larger batch is not looked for after damage
# Above this a length is taken for damage, not read (Kafka's message.max.bytes is 1 MB by
# default; a topic can raise it, but not this far in practice).
MAX_BATCH = 256 << 20


@dataclass
class Record:
    offset: int
    timestamp: int | None
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes | None]] = field(default_factory=list)


@dataclass
class Batch:
    ordinal: int  # 1-based position among the batches (and damage) of the file
    position: int  # byte offset of the batch in the file (kafka-dump-log's `position:`)
    size: int  # bytes, log overhead included
    magic: int
    base_offset: int
    last_offset: int
    crc: int
    crc_ok: bool
    codec: str
    count: int | None = None
    leader_epoch: int | None = None
    timestamp_type: str | None = None  # CreateTime / LogAppendTime (magic 1+)
    transactional: bool = False
    control: bool = False
    first_timestamp: int | None = None
    max_timestamp: int | None = None
    delete_horizon_ms: int | None = None
    producer_id: int | None = None
    producer_epoch: int | None = None
    base_sequence: int | None = None
    records: list[Record] | None = None  # None: not decoded (see `problem`)
    problem: str | None = None  # why the records are not (all) decoded

    def facts(self) -> dict[str, object]:
        """The batch header as details (the fields kafka-dump-log prints)."""
        d: dict[str, object] = {
            "byte_offset": self.position, "size": self.size, "magic": self.magic,
            "base_offset": self.base_offset, "last_offset": self.last_offset, "count": self.count,
            "compression": self.codec, "crc": self.crc, "crc_ok": self.crc_ok,
        }
        if self.magic >= 1:
            d["timestamp_type"] = self.timestamp_type
            d["max_timestamp"] = self.max_timestamp
        if self.magic >= 2:
            d |= {
                "partition_leader_epoch": self.leader_epoch, "first_timestamp": self.first_timestamp,
                "producer_id": self.producer_id, "producer_epoch": self.producer_epoch,
                "base_sequence": self.base_sequence, "transactional": self.transactional,
                "control": self.control,
            }
            if self.delete_horizon_ms is not None:
                d["delete_horizon_ms"] = self.delete_horizon_ms
        return d


@dataclass
class Damage:
    ordinal: int
    position: int
    length: int  # bytes the damage covers
    reason: str
    excerpt: str  # the first bytes, in hex
    kind: str  # cut_short | zero_tail | zero_gap | bad_length | bad_magic | unreadable


# ------------------------------------------------------------------------------------------
class ByteStream:
    """A window over a stream of blocks: fill to a length, consume from the front."""

    def __init__(self, blocks: Iterable[bytes]) -> None:
        self._it = iter(blocks)
        self.buf = bytearray()
        self.base = 0  # file offset of buf[0]
        self.eof = False
        self.error: InputDamaged | None = None
        self.total = 0  # bytes delivered so far

    def fill(self, n: int) -> bool:
        while len(self.buf) < n and not self.eof:
            try:
                b = next(self._it)
            except StopIteration:
                self.eof = True
            except InputDamaged as e:  # every good byte came first (sources.py)
                self.error = e
                self.eof = True
            else:
                self.buf += b
                self.total += len(b)
        return len(self.buf) >= n

    def fill_all(self) -> None:
        while not self.eof:
            self.fill(len(self.buf) + 1)

    def consume(self, n: int) -> None:
        del self.buf[:n]
        self.base += n


def _hex(b: bytes | bytearray, n: int = 24) -> str:
    return bytes(b[:n]).hex(" ") + (" …" if len(b) > n else "")


def iter_segment(
    blocks: Iterable[bytes], *, records: bool = True
) -> tuple[ByteStream, Iterator[Batch | Damage]]:
    """The stream (for its byte count and read error) and the batches / damage of a file.

    ``records=False`` reads magic-2 batch headers only (and checks their CRC), leaving
    ``Batch.records`` None: for topics whose payload is not ours to interpret this
    doubles the speed.
    """
    s = ByteStream(blocks)
    return s, _batches(s, records)


def _batches(s: ByteStream, want_records: bool) -> Iterator[Batch | Damage]:
    ordinal = 0
    while True:
        s.fill(HEADER_UP_TO_MAGIC)
        if not s.buf:
            return
        pos = s.base
        ordinal += 1
        if not any(s.buf[:HEADER_UP_TO_MAGIC]):
            zeros = _consume_zeros(s)
            if not s.buf:  # zeros to the end
                yield Damage(ordinal, pos, zeros, f"zero-filled tail of {zeros} bytes "
                             "(preallocated segment space, not data)", "", "zero_tail")
                return
            yield _skip(s, ordinal, pos, 0, "a hole of zero bytes where a batch should start", "zero_gap",
                        bytes(24))
            continue
        have = len(s.buf)
        if have < HEADER_UP_TO_MAGIC:
            rest = bytes(s.buf)
            s.consume(have)
            yield Damage(ordinal, pos, have, f"{have} bytes at the end, fewer than a batch header "
                         f"({HEADER_UP_TO_MAGIC})", _hex(rest), "cut_short")
            return
        r = Reader(s.buf)
        base_offset = r.int64()
        length = r.int32()
        magic = s.buf[16]
        size = LOG_OVERHEAD + length
        minimum = V2_OVERHEAD if magic == 2 else LOG_OVERHEAD + LEGACY_MIN
        if magic > 2:
            yield _skip(s, ordinal, pos, 1, f"unknown magic {magic} (this reader knows 0, 1 and 2)",
                        "bad_magic")
            continue
        if size < minimum:
            yield _skip(s, ordinal, pos, 1, f"batch length {length} below the minimum "
                        f"{minimum - LOG_OVERHEAD} for magic {magic}", "bad_length")
            continue
        if length > MAX_BATCH:
            yield _skip(s, ordinal, pos, 1,
                        f"batch length {length} is implausible (over {MAX_BATCH >> 20} MB)", "bad_length")
            continue
        if not s.fill(size):
            # The end of the file came first: an active segment's last batch cut short by a
            # crash, or a corrupt length — then a valid batch follows inside what remains.
            rest, remain = bytes(s.buf[:24]), len(s.buf)
            _, found = _resync(s, 1)
            if found:
                n = s.base - pos
                yield Damage(ordinal, pos, n, f"batch at offset {base_offset} declares {size} bytes, past "
                             f"the end of the file, yet a valid batch starts at byte {s.base}: its length "
                             f"is corrupt; {n} bytes skipped", _hex(rest), "bad_length")
                continue
            yield Damage(ordinal, pos, remain, f"batch at offset {base_offset} cut short: it declares "
                         f"{size} bytes, {remain} remain in the file", _hex(rest), "cut_short")
            return
        data = bytes(s.buf[:size])
        try:
            batch = (_decode_v2(data, ordinal, pos, want_records) if magic == 2
                     else _decode_legacy(data, ordinal, pos))
        except WireError as e:  # a header that does not parse although the frame did
            yield _skip(s, ordinal, pos, 1, f"unreadable batch: {e}", "unreadable")
            continue
        s.consume(size)
        yield batch


def _consume_zeros(s: ByteStream) -> int:
    """Consume the run of zero bytes at the front, streaming (a preallocated tail can be as
    large as the segment, 1 GB by default).  Up to 16 zeros before a non-zero byte are kept:
    the next batch's header may begin among them (a small base offset starts with zeros)."""
    n = 0
    while True:
        zeros = len(s.buf) - len(s.buf.lstrip(b"\0"))
        if zeros < len(s.buf):
            k = max(zeros - 16, 0)
        elif s.eof:
            k = zeros
        else:
            k = max(zeros - 16, 0)
            s.consume(k)
            n += k
            s.fill(len(s.buf) + (1 << 20))
            continue
        s.consume(k)
        return n + k


def _skip(s: ByteStream, ordinal: int, pos: int, start: int, why: str, kind: str,
          head: bytes | None = None) -> Damage:
    """Damage from ``pos`` up to the next batch whose CRC holds (or the end of the file)."""
    excerpt = _hex(head if head is not None else bytes(s.buf[:24]))
    _, found = _resync(s, start)
    n = s.base - pos
    if not found:
        return Damage(ordinal, pos, n, f"{why}; no readable batch in the {n} bytes from here to the end",
                      excerpt, kind)
    return Damage(ordinal, pos, n, f"{why}; {n} bytes skipped, reading resumes at byte {s.base} "
                  "(Kafka's log recovery would truncate the segment here)", excerpt, kind)


def _resync(s: ByteStream, start: int) -> tuple[int, bool]:
    """Consume bytes up to the next magic-2 batch whose CRC-32C holds, searching from
    buffer index ``start``; returns (bytes consumed, whether a batch was found)."""
    skipped = 0
    i = start
    while True:
        s.fill(i + HEADER_UP_TO_MAGIC)
        j = s.buf.find(2, i + 16)
        if j < 0:
            if s.eof:
                n = len(s.buf)
                s.consume(n)
                return skipped + n, False
            keep = max(i, len(s.buf) - 16)  # a header may straddle the blocks
            s.consume(keep)
            skipped += keep
            i = 0
            s.fill(len(s.buf) + (1 << 20))
            continue
        q = j - 16
        if _plausible_v2(s, q):
            s.consume(q)
            return skipped + q, True
        i = q + 1


def _plausible_v2(s: ByteStream, q: int) -> bool:
    """A magic-2 header whose fields make sense and whose CRC-32C holds."""
    if not s.fill(q + V2_OVERHEAD):
        return False
    r = Reader(s.buf, q)
    base_offset = r.int64()
    length = r.int32()
    r.pos = q + 21
    attributes = r.int16()
    last_delta = r.int32()
    r.pos = q + 57
    count = r.int32()
    if (base_offset < 0 or not V2_OVERHEAD - LOG_OVERHEAD <= length <= MAX_RESYNC_BATCH
            or attributes & ~0x7F or attributes & 0x07 > 4 or last_delta < 0
            or not 0 <= count <= last_delta + 1):
        return False
    if not s.fill(q + LOG_OVERHEAD + length):
        return False
    crc = Reader(s.buf, q + 17).uint32()
    return crc32c(memoryview(s.buf)[q + 21 : q + LOG_OVERHEAD + length]) == crc


# ------------------------------------------------------------------------------------------
def _decode_v2(data: bytes, ordinal: int, pos: int, want_records: bool = True) -> Batch:
    r = Reader(data)
    base_offset = r.int64()
    r.int32()  # length, already known
    leader_epoch = r.int32()
    magic = r.int8()
    crc = r.uint32()
    attributes = r.int16()
    last_delta = r.int32()
    first_ts = r.int64()
    max_ts = r.int64()
    producer_id = r.int64()
    producer_epoch = r.int16()
    base_sequence = r.int32()
    count = r.int32()
    codec = CODECS.get(attributes & 0x07, f"unknown({attributes & 0x07})")
    log_append = bool(attributes & 0x08)
    b = Batch(
        ordinal=ordinal, position=pos, size=len(data), magic=magic, base_offset=base_offset,
        last_offset=base_offset + last_delta, crc=crc, crc_ok=crc32c(memoryview(data)[21:]) == crc,
        codec=codec, count=count, leader_epoch=leader_epoch,
        timestamp_type="LogAppendTime" if log_append else "CreateTime",
        transactional=bool(attributes & 0x10), control=bool(attributes & 0x20),
        first_timestamp=first_ts, max_timestamp=max_ts,
        delete_horizon_ms=first_ts if attributes & 0x40 else None,
        producer_id=producer_id, producer_epoch=producer_epoch, base_sequence=base_sequence,
    )
    if not b.crc_ok:
        b.problem = "CRC-32C mismatch: the batch is corrupt, its records are not trusted"
        return b
    if not want_records:
        return b
    body: bytes | memoryview = memoryview(data)[V2_OVERHEAD:]
    if codec == "gzip":
        try:
            body = zlib.decompress(bytes(body), 47)  # gzip or zlib header, auto-detected
        except zlib.error as e:
            b.problem = f"gzip payload does not decompress ({e})"
            return b
    elif codec != "none":
        b.problem = f"{codec}-compressed records: the standard library cannot decompress {codec}"
        return b
    records: list[Record] = []
    rr = Reader(body)
    try:
        for _ in range(count):
            records.append(_record_v2(rr, base_offset, first_ts, max_ts if log_append else None))
    except WireError as e:
        b.problem = f"record {len(records) + 1} of {count} unreadable: {e}"
    else:
        if rr.remaining:
            b.problem = f"{rr.remaining} bytes after the last of {count} records"
    b.records = records
    return b


def _record_v2(r: Reader, base_offset: int, base_ts: int, log_append_ts: int | None) -> Record:
    size = r.varint()
    start = r.pos
    if size < 0 or size > r.remaining:
        raise WireError(f"record length {size} with {r.remaining} bytes left", start)
    rr = Reader(r.data, start, start + size)
    r.pos = start + size
    rr.int8()  # record attributes: unused
    ts_delta = rr.varlong()
    off_delta = rr.varint()
    key = rr.varint_bytes()
    value = rr.varint_bytes()
    headers = []
    for _ in range(rr.varint()):
        hk = rr.varint_bytes()
        if hk is None:
            raise WireError("null header key", rr.pos)
        headers.append((hk.decode("utf-8", "replace"), rr.varint_bytes()))
    if rr.remaining:
        raise WireError(f"{rr.remaining} bytes left inside the record", rr.pos)
    ts = log_append_ts if log_append_ts is not None else base_ts + ts_delta
    return Record(base_offset + off_delta, ts, key, value, headers)


def _decode_legacy(data: bytes, ordinal: int, pos: int) -> Batch:
    offset, crc, magic, attributes, ts, key, value, crc_ok = _legacy_message(Reader(data))
    codec = CODECS.get(attributes & 0x07, f"unknown({attributes & 0x07})")
    ts_type = None if magic == 0 else ("LogAppendTime" if attributes & 0x08 else "CreateTime")
    b = Batch(ordinal=ordinal, position=pos, size=len(data), magic=magic, base_offset=offset,
              last_offset=offset, crc=crc, crc_ok=crc_ok, codec=codec, count=1,
              timestamp_type=ts_type, max_timestamp=ts, first_timestamp=ts)
    if not crc_ok:
        b.problem = "CRC-32 mismatch: the message is corrupt, its content is not trusted"
        return b
    if codec == "none":
        b.records = [Record(offset, ts, key, value)]
        return b
    if codec != "gzip":
        b.problem = f"{codec}-compressed message set: the standard library cannot decompress {codec}"
        b.count = None
        return b
    try:
        inner_bytes = zlib.decompress(value or b"", 47)
    except zlib.error as e:
        b.problem = f"gzip payload does not decompress ({e})"
        return b
    inner: list[Record] = []
    r = Reader(inner_bytes)
    try:
        while r.remaining:
            io, _, _, _, its, ik, iv, ok = _legacy_message(r)
            if not ok:
                raise WireError(f"inner message {len(inner) + 1}: CRC-32 mismatch", r.pos)
            inner.append(Record(io, ts if ts_type == "LogAppendTime" else its, ik, iv))
    except WireError as e:
        b.problem = f"inner message {len(inner) + 1} unreadable: {e}"
    if magic == 1 and inner:  # KIP-31: inner offsets are relative, the wrapper holds the last
        shift = offset - inner[-1].offset
        for rec in inner:
            rec.offset += shift
    b.records = inner
    b.count = len(inner)
    if inner:
        b.base_offset = inner[0].offset
    return b


def _legacy_message(r: Reader) -> tuple[int, int, int, int, int | None, bytes | None, bytes | None, bool]:
    offset = r.int64()
    size = r.int32()
    start = r.pos
    if size < LEGACY_MIN or size > r.remaining:
        raise WireError(f"message size {size} with {r.remaining} bytes left", start)
    m = Reader(r.data, start, start + size)
    r.pos = start + size
    crc = m.uint32()
    crc_ok = zlib.crc32(memoryview(r.data)[start + 4 : start + size]) == crc
    magic = m.int8()
    attributes = m.int8()
    ts = m.int64() if magic >= 1 else None
    key = m.bytes_()
    value = m.bytes_()
    return offset, crc, magic, attributes, ts, key, value, crc_ok
