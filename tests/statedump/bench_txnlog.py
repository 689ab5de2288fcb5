"""Speed of reading a ZooKeeper transaction log into events (issue 5: >= 50 MB/s on 100 MB).

    python -m tests.statedump.bench_txnlog [size in MB, default 100]

The log is what a busy ZooKeeper-mode Kafka cluster's ZooKeeper writes: partition-state
updates, half by leaders (a conditional ``setData``, before Kafka 2.7) and half by the
controller (``multi(check /controller_epoch, setData)``, as ``KafkaZkClient`` wraps its
writes), encoded as ZooKeeper 3.6+ writes them (checksum, digest, end byte), over 2,000
partitions of 50 topics.  It is generated in memory; the figure is the best of three
runs of ``statedump.ingest`` from the bytes to staged event frames (MB = 10**6 bytes).
"""

from __future__ import annotations

import struct
import sys
import time
import zlib

from kafka_forensics.parsers import statedump
from kafka_forensics.parsers.accounting import Accounting


def _s(v: str) -> bytes:
    b = v.encode()
    return struct.pack(">i", len(b)) + b


def _buf(v: bytes) -> bytes:
    return struct.pack(">i", len(v)) + v


def kafka_log(size: int) -> bytes:
    out = bytearray(struct.pack(">iiq", 0x5A4B4C47, 2, 0))
    i = 0
    while len(out) < size:
        p = i % 2000
        path = f"/brokers/topics/topic-{p % 50}/partitions/{p // 50}/state"
        isr = "[1,2,3]" if i % 3 else "[1,3]"
        data = (f'{{"controller_epoch":7,"leader":{1 + p % 3},"version":1,"leader_epoch":{i // 2000},'
                f'"isr":{isr}}}').encode()
        set_data = _s(path) + _buf(data) + struct.pack(">i", i // 2000 + 1)
        if i % 2:
            check = _s("/controller_epoch") + struct.pack(">i", 8)
            op, rec = 14, struct.pack(">i", 2) + struct.pack(">i", 13) + _buf(check) + struct.pack(">i", 5) + \
                _buf(set_data)
        else:
            op, rec = 5, set_data
        body = struct.pack(">qiqqi", 0x100016708470000 + p % 5, i, 0x500000000 + i, 1_700_000_000_000 + i * 7,
                           op) + rec + struct.pack(">iq", 2, i * 7919)
        out += struct.pack(">qi", zlib.adler32(body), len(body)) + body + b"B"
        i += 1
    return bytes(out + bytes(1 << 16))


def _once(data: bytes) -> tuple[float, int]:
    acc = Accounting(source="log.500000001")
    rows = [0]
    t = time.perf_counter()
    statedump.ingest("log.500000001", [data[i:i + (1 << 20)] for i in range(0, len(data), 1 << 20)],
                     lambda _s, df: rows.__setitem__(0, rows[0] + df.height), acc)
    secs = time.perf_counter() - t
    assert acc.malformed == 0 and not acc.errors, acc.errors
    return secs, rows[0]


def measure(data: bytes, runs: int = 3) -> tuple[float, int]:
    """The best of ``runs`` readings: (seconds, events)."""
    return min(_once(data) for _ in range(runs))


def main() -> None:
    size = int(float(sys.argv[1]) * 1e6) if len(sys.argv) > 1 else 100_000_000
    data = kafka_log(size)
    secs, events = measure(data)
    print(f"{len(data) / 1e6:.1f} MB, {events} events: {secs:.2f} s, {len(data) / 1e6 / secs:.1f} MB/s")


if __name__ == "__main__":
    main()
