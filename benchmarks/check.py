"""End to end on a big broker log: ``kafka-forensics check`` from the raw file (ingest on the
fly, then every detector), against the issue-6 target of a 10-million-line incident in
under 60 s on this machine.

    python benchmarks/check.py [--size 1GB]

The log is ``benchmarks/genlog.py``'s realistic server.log (the one ``benchmarks/ingest.py``
measures), cached in ``benchmarks/data``.  Measured in the same run, as separate child
processes on the same file from the page cache (the content cache off):

* ``ingest``: ``kafka-forensics ingest FILE -o out.parquet`` — what any check of raw logs pays first;
* ``check (raw)``: ``kafka-forensics check FILE --format json``, ingest included;
* ``check (parquet)``: the same on the table ``ingest`` wrote — the detectors alone.

The figure for the target is the raw check's lines per second, scaled to 10 million lines.
Both engine diffs are in it: every consumer group and every partition is re-run (derive a
trace, run it, align).  Each row also gives the child's CPU time (user + system, all its
threads): on a machine other jobs share, the wall time grows with the load and the CPU time
much less, so the two together say what the code costs.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import genlog

HERE = Path(__file__).resolve().parent
TARGET_S = 60.0
TARGET_LINES = 10_000_000


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``cmd``."""
    env = {**os.environ, "KAFKA_FORENSICS_CACHE": "off"}
    cpu = _children_cpu()
    t = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    if r.returncode not in (0, 1):  # check exits 1 when it finds something
        raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr[-2000:]}")
    return time.perf_counter() - t, _children_cpu() - cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="1GB", help="log size (binary units); default 1GB")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--data-dir", type=Path, default=HERE / "data")
    args = ap.parse_args(argv)
    gen = genlog.ensure(args.data_dir, genlog.parse_size(args.size), args.seed)
    path = genlog.cached_path(args.data_dir, genlog.parse_size(args.size), args.seed)
    exe = str(Path(sys.executable).with_name("kafka-forensics"))
    print(f"input: {path} ({gen.bytes / 2**20:.0f} MB, {gen.lines:,} lines); load {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="kf-bench-") as tmp:
        table = Path(tmp) / "events.parquet"
        rows = [("ingest", timed([exe, "ingest", str(path), "-o", str(table)])),
                ("check (raw)", timed([exe, "check", str(path), "--format", "json"])),
                ("check (parquet)", timed([exe, "check", str(table), "--format", "json"]))]
    print(f"{'path':18} {'wall s':>8} {'lines/s':>12} {'CPU s':>8}")
    for name, (secs, cpu) in rows:
        print(f"{name:18} {secs:>8.2f} {gen.lines / secs:>12,.0f} {cpu:>8.2f}")
    raw = rows[1][1][0]
    scaled = raw * TARGET_LINES / gen.lines
    verdict = "PASS" if scaled <= TARGET_S else "FAIL"
    print(f"10M lines at this rate: {scaled:.0f} s; target {TARGET_S:.0f} s: {verdict} "
          f"({TARGET_S / scaled:.2f}x); load {os.getloadavg()[0]:.2f} at the end")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
