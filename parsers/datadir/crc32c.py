"""CRC-32C (Castagnoli), the checksum of magic-2 record batches (KIP-98, Kafka 0.11+:
``DefaultRecordBatch`` covers the bytes from ``attributes`` to the end of the batch)
and of producer-state snapshots (``ProducerStateManager``: the bytes after the CRC).

The Python standard library has only CRC-32 (``zlib.crc32``, the polynomial of magic
0/1 messages), and the project takes no new dependency, so this is a pure-Python,
table-driven implementation using slicing-by-8: eight 256-entry tables let each loop
iteration fold eight bytes (read as two little-endian words by ``struct.iter_unpack``)
instead of one.  Speed, measured on CPython 3.11: about 16 MB/s (a byte-at-a-time loop
does about 11 MB/s; slicing-by-16 is no faster in CPython).  That is ample for the
data-directory files an investigation collects (``__consumer_offsets`` and
``__cluster_metadata`` segments are small); a 1 GB user-topic segment takes about a
minute to verify.
"""

from __future__ import annotations

import struct

_POLY = 0x82F63B78  # Castagnoli polynomial 0x1EDC6F41, bit-reversed


def _tables() -> tuple[list[int], ...]:
    t0 = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ _POLY if c & 1 else c >> 1
        t0.append(c)
    tables = [t0]
    for _ in range(7):
        prev = tables[-1]
        tables.append([t0[prev[i] & 0xFF] ^ (prev[i] >> 8) for i in range(256)])
    return tuple(tables)


_T0, _T1, _T2, _T3, _T4, _T5, _T6, _T7 = _tables()
_WORDS = struct.Struct("<II")


def crc32c(data: bytes | bytearray | memoryview, crc: int = 0) -> int:
    """CRC-32C of ``data``; pass a previous result as ``crc`` to continue it."""
    t0, t1, t2, t3, t4, t5, t6, t7 = _T0, _T1, _T2, _T3, _T4, _T5, _T6, _T7
    crc ^= 0xFFFFFFFF
    mv = memoryview(data).cast("B")
    n8 = len(mv) & ~7
    for lo, hi in _WORDS.iter_unpack(mv[:n8]):
        crc ^= lo
        crc = (t7[crc & 0xFF] ^ t6[(crc >> 8) & 0xFF] ^ t5[(crc >> 16) & 0xFF] ^ t4[crc >> 24]
               ^ t3[hi & 0xFF] ^ t2[(hi >> 8) & 0xFF] ^ t1[(hi >> 16) & 0xFF] ^ t0[hi >> 24])
    for b in mv[n8:]:
        crc = t0[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF
