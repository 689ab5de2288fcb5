"""The write alone: an event file's rows written again as one Parquet file with the event
table's own writer options (``parsers.parquet.WRITER_OPTIONS``: zstd, the contract's
schema and dictionaries), the rows read into memory first so that only the writing is
timed.  ``benchmarks/ingest.py`` runs it on ours' output: a floor under any ingest that
writes that table through pyarrow.

    python benchmarks/parquet_floor.py EVENTS.parquet OUT.parquet   # prints JSON
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq

from kafka_forensics.parsers.parquet import EVENT_SCHEMA, WRITER_OPTIONS


def main(argv: list[str]) -> int:
    source, out = Path(argv[0]), Path(argv[1])
    f = pq.ParquetFile(source)
    # the row groups as ingest wrote them: one write_table per group, as ingest does
    groups = [f.read_row_group(i) for i in range(f.num_row_groups)]
    wall, cpu = time.perf_counter(), time.process_time()
    with pq.ParquetWriter(out, EVENT_SCHEMA, **WRITER_OPTIONS) as w:
        for table in groups:
            w.write_table(table)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(json.dumps({"rows": sum(t.num_rows for t in groups), "wall": wall, "cpu": cpu}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
