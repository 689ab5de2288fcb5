"""Speed of reading a ZooKeeper transaction log into events (issue 5: >= 50 MB/s on 100 MB).

    python benchmarks/zk_txnlog.py [size in MB, default 100]

The log is what a busy ZooKeeper-mode Kafka cluster's ZooKeeper writes: partition-state
updates, half by leaders (a conditional ``setData``, before Kafka 2.7) and half by the
controller (``multi(check /controller_epoch, setData)``, as ``KafkaZkClient`` wraps its
writes), encoded as ZooKeeper 3.6+ writes them (checksum, digest, end byte), over 2,000
partitions of 50 topics.  It is generated in memory; the figure is the best of three
runs of ``statedump.ingest`` from the bytes to staged event frames (MB = 10**6 bytes).

Measured in the same run, on the same bytes:

* ``ingest``: what ``kafka-forensics ingest`` does (the columnar fast path, ``txncolumns``);
* ``exact reader``: the record-by-record reader (``txnlog.iter_log`` and ``txn_rows``), the
  one the fast path is held equal to by a property test: the baseline;
* ``framing floor``: only finding each entry and checking its Adler-32 (``iter_frames``),
  what any reader of the format pays before decoding a byte.
"""

from __future__ import annotations

import os
import struct
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kafka_forensics.parsers import statedump
from kafka_forensics.parsers.accounting import Accounting
from kafka_forensics.parsers.statedump import txnlog

TARGET_MB_S = 50.0


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
            op = 14
            # multi: 2 ops, check (13) then setData (5)
            rec = struct.pack(">ii", 2, 13) + _buf(check) + struct.pack(">i", 5) + _buf(set_data)
        else:
            op, rec = 5, set_data
        body = struct.pack(">qiqqi", 0x100016708470000 + p % 5, i, 0x500000000 + i, 1_700_000_000_000 + i * 7,
                           op) + rec + struct.pack(">iq", 2, i * 7919)
        out += struct.pack(">qi", zlib.adler32(body), len(body)) + body + b"B"
        i += 1
    return bytes(out + bytes(1 << 16))


def _ingest(data: bytes) -> int:
    acc = Accounting(source="log.500000001")
    rows = [0]
    statedump.ingest("log.500000001", [data[i:i + (1 << 20)] for i in range(0, len(data), 1 << 20)],
                     lambda _s, df: rows.__setitem__(0, rows[0] + df.height), acc)
    assert acc.malformed == 0 and not acc.errors, acc.errors
    return rows[0]


def _exact(data: bytes) -> int:
    rows = 0
    for t in txnlog.iter_log(data):
        if isinstance(t, txnlog.Txn):
            rows += len(txnlog.txn_rows(t))
    return rows


def _frames(data: bytes) -> int:
    return sum(1 for f in txnlog.iter_frames(data) if not isinstance(f, txnlog.Damage))


def best(fn: Callable[[bytes], int], data: bytes, runs: int = 3) -> tuple[float, int]:
    """The best of ``runs`` readings: (CPU seconds, rows or entries)."""
    out = []
    for _ in range(runs):
        t = time.process_time()
        n = fn(data)
        out.append((time.process_time() - t, n))
    return min(out)


def main() -> int:
    size = int(float(sys.argv[1]) * 1e6) if len(sys.argv) > 1 else 100_000_000
    data = kafka_log(size)
    mb = len(data) / 1e6
    print(f"ZooKeeper txn log: {mb:.1f} MB, python {sys.version.split()[0]}, load {os.getloadavg()[0]:.2f}")
    rows = [("ingest (columnar)", *best(_ingest, data)), ("exact reader (baseline)", *best(_exact, data, 1)),
            ("framing floor", *best(_frames, data))]
    print(f"{'path':26} {'CPU s':>7} {'MB/s':>7} {'rows':>11}")
    for name, secs, n in rows:
        print(f"{name:26} {secs:>7.2f} {mb / secs:>7.1f} {n:>11,}")
    ingest_rate = mb / rows[0][1]
    print(f"ingest / exact reader: {rows[1][1] / rows[0][1]:.1f}x faster; ingest / framing floor: "
          f"{rows[2][1] / rows[0][1]:.2f}x of its speed")
    verdict = "PASS" if ingest_rate >= TARGET_MB_S else "FAIL"
    print(f"target {TARGET_MB_S:.0f} MB/s: {verdict} ({ingest_rate / TARGET_MB_S:.2f}x)")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
