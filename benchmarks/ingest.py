"""Ingest speed and memory benchmark: ``kafka-forensics ingest`` against a plain-Python
``re`` parser and ``rg -c``, on the same generated broker log, in the same run.

    python benchmarks/ingest.py                  # 1 GB log (generated once, cached)
    python benchmarks/ingest.py --size 200MB     # quick run
    python benchmarks/ingest.py --skip-baseline --skip-rg

Every tool runs as a child process and is measured the same way: wall time
(``perf_counter`` around the process), CPU time and peak RSS (``os.wait4``'s rusage of
that child), lines/s from the physical lines of the file, MB/s from its size
(MB = 2**20 bytes).  The file is read once beforehand so every tool reads it from the
page cache.  Targets (issue: ingest benchmark):

* ours >= 1,000,000 lines/s, file to Parquet;
* ours >= 3x the Python ``re`` baseline (``benchmarks/re_baseline.py``: the same
  extraction, also file to Parquet);
* ours within 4x of ``rg -c '<record-header regex of the default layout>'`` (the work
  of finding every record start);
* ours' peak RSS < 1 GB whatever the input size (shown at 1/4 and full size).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # ``python benchmarks/ingest.py``: make ``benchmarks`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import genlog

HERE = Path(__file__).resolve().parent
MB = 1 << 20
LOAD_WARN = 0.5
TARGET_LINES_S = 1_000_000
TARGET_VS_RE = 3.0
TARGET_VS_RG = 4.0
TARGET_RSS_MB = 1024


@dataclass
class Run:
    name: str
    wall: float
    cpu: float
    rss_mb: float
    stdout: str
    load: float


@dataclass
class Row:
    tool: str
    size: int
    lines: int
    run: Run
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def lines_s(self) -> float:
        return self.lines / self.run.wall

    @property
    def mb_s(self) -> float:
        return self.size / MB / self.run.wall


def load1() -> float:
    return os.getloadavg()[0]


def check_load(what: str) -> float:
    la = os.getloadavg()
    warn = "  WARNING: machine busy, figures will be pessimistic" if la[0] > LOAD_WARN else ""
    print(f"  load average before {what}: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}{warn}", flush=True)
    return la[0]


def measure(name: str, cmd: list[str], repeat: int = 1, ok_codes: tuple[int, ...] = (0,)) -> Run:
    """Run ``cmd`` ``repeat`` times; the fastest wall time, the largest peak RSS.

    Peak RSS comes from GNU time wrapped around the command: Linux carries a process's
    high-water RSS across ``exec``, so a child forked from this (Polars-loaded) process
    would report at least this process's RSS; ``/usr/bin/time`` is a small C program.
    Without it, ``os.wait4``'s rusage is used and that floor applies."""
    gnu_time = Path("/usr/bin/time")
    best: Run | None = None
    peak = 0.0
    for _ in range(repeat):
        load = check_load(name)
        with tempfile.TemporaryDirectory() as tmp, \
                open(Path(tmp) / "out", "w+") as out, open(Path(tmp) / "err", "w+") as err:
            usage = Path(tmp) / "usage"
            full = ([str(gnu_time), "-f", "%U %S %M", "-o", str(usage), *cmd] if gnu_time.exists() else cmd)
            t0 = time.perf_counter()
            p = subprocess.Popen(full, stdout=out, stderr=err)
            _, status, ru = os.wait4(p.pid, 0)
            wall = time.perf_counter() - t0
            p.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            err.seek(0)
            stdout, stderr = out.read(), err.read()
            if gnu_time.exists() and usage.exists():
                # the last line: GNU time prefixes "Command exited with non-zero status N"
                u, sy, rss_kb = usage.read_text().split("\n")[-2].split()
                cpu, rss_mb = float(u) + float(sy), int(rss_kb) / 1024
            else:
                cpu, rss_mb = ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024
        if p.returncode not in ok_codes:
            raise SystemExit(f"{name} failed ({p.returncode}): {' '.join(cmd)}\n{stderr[-3000:]}")
        run = Run(name, wall, cpu, rss_mb, stdout, load)
        peak = max(peak, run.rss_mb)
        print(f"    {name}: {wall:.2f} s wall, {run.cpu:.2f} s CPU, peak RSS {run.rss_mb:.0f} MB", flush=True)
        if best is None or run.wall < best.wall:
            best = run
    assert best is not None
    best.rss_mb = peak
    return best


def machine() -> dict[str, Any]:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = 0
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = int(line.split()[1]) // 1024
    except OSError:
        pass
    import polars as pl
    import pyarrow as pa

    from kafka_forensics import __version__

    return {"nproc": os.cpu_count(), "cpu": cpu, "mem_mb": mem, "python": platform.python_version(),
            "polars": pl.__version__, "pyarrow": pa.__version__, "kafka_forensics": __version__,
            "load_at_start": os.getloadavg()}


def warm(path: Path) -> float:
    """Read the file once so every tool gets it from the page cache."""
    t0 = time.perf_counter()
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass
    return time.perf_counter() - t0


def ours(path: Path, out_dir: Path, workers: int | None, repeat: int, label: str) -> Row:
    exe = Path(sys.executable).with_name("kafka-forensics")
    cmd = [str(exe) if exe.exists() else "kafka-forensics", "ingest", str(path),
           "-o", str(out_dir / f"ours-{label.replace('/', '_')}.parquet"), "--json"]
    if workers:
        cmd += ["--workers", str(workers)]
    run = measure(f"kafka-forensics ingest ({label})", cmd, repeat)
    rep = json.loads(run.stdout)
    lines = sum(f["physical_lines"] for f in rep["files"])
    records = sum(f["records"] for f in rep["files"])
    return Row(f"kafka-forensics ingest ({label})", path.stat().st_size, lines, run,
               extra={"events": rep["events"], "records": records,
                      "malformed": sum(f["malformed"] for f in rep["files"]),
                      "errors": rep["errors"] + [e for f in rep["files"] for e in f["errors"]]})


def baseline(path: Path, out_dir: Path, repeat: int) -> Row:
    cmd = [sys.executable, str(HERE / "re_baseline.py"), str(path), str(out_dir / "re.parquet")]
    run = measure("python re baseline", cmd, repeat)
    rep = json.loads(run.stdout)
    return Row("python re line-by-line", path.stat().st_size, rep["physical_lines"], run,
               extra={"events": rep["events"], "records": rep["records"]})


def ripgrep(path: Path, lines: int, repeat: int) -> list[Row]:
    from kafka_forensics.parsers.layouts import DEFAULT_START

    rg = shutil.which("rg") or "/usr/bin/rg"
    rows = []
    for label, pattern, extra in (("record-header regex", DEFAULT_START, []),
                                  ("literal '] INFO '", "] INFO ", ["-F"])):
        # exit code 1 = no match (count 0)
        run = measure(f"rg -c ({label})", [rg, "-c", *extra, pattern, str(path)], repeat, (0, 1))
        rows.append(Row(f"rg -c {label}", path.stat().st_size, lines, run,
                        note="rg memory-maps the file: its RSS is the file's cached pages",
                        extra={"matches": int(run.stdout.strip() or 0)}))
    return rows


def write_floor(events: Path, out_dir: Path) -> dict[str, float]:
    """The time pyarrow takes to write ours' events alone (``parquet_floor.py``, in a child
    process; only the writing is timed)."""
    cmd = [sys.executable, str(HERE / "parquet_floor.py"), str(events), str(out_dir / "floor.parquet")]
    check_load("the Parquet write alone")
    p = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if p.returncode:
        raise SystemExit(f"the Parquet write alone failed ({p.returncode}):\n{p.stderr[-3000:]}")
    rep: dict[str, float] = json.loads(p.stdout)
    print(f"    the Parquet write alone: {rep['wall']:.2f} s wall, {rep['cpu']:.2f} s CPU "
          f"({rep['rows']:,.0f} events)", flush=True)
    return rep


def same_events(ours_parquet: Path, re_parquet: Path) -> str:
    """Do the two tools write the same events?  (Every column the baseline writes.)"""
    import polars as pl

    theirs = pl.read_parquet(re_parquet)
    mine = pl.read_parquet(ours_parquet, columns=theirs.columns)
    if mine.height != theirs.height:
        return f"NO: {mine.height:,} events vs {theirs.height:,}"
    mine, theirs = mine.sort("line"), theirs.sort("line")
    bad = [c for c in theirs.columns if not mine[c].cast(theirs[c].dtype).equals(theirs[c])]
    return "yes, row for row" if not bad else f"NO: columns differ: {', '.join(bad)}"


def mark(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", default="1GB", help="log size (binary units: 1GB = 2**30 bytes); default 1GB")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--data-dir", type=Path, default=HERE / "data",
                    help="where generated logs are cached (default benchmarks/data, gitignored)")
    ap.add_argument("--regenerate", action="store_true", help="generate the log again even if cached")
    ap.add_argument("--skip-baseline", action="store_true", help="do not run the Python re baseline")
    ap.add_argument("--skip-rg", action="store_true", help="do not run ripgrep")
    ap.add_argument("--skip-scaling", action="store_true", help="do not run ours at 1/4 size (RSS scaling)")
    ap.add_argument("--no-verify", action="store_true",
                    help="do not check that the baseline's events equal ours (after timing)")
    ap.add_argument("--workers", type=int, default=None, help="pass --workers N to ingest (default: its own)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per tool: fastest wall time, largest RSS")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)

    size = genlog.parse_size(args.size)
    info = machine()
    la = info["load_at_start"]
    print(f"machine: {info['nproc']} CPUs, {info['cpu']}, {info['mem_mb']} MB RAM; "
          f"load average at start {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")
    print(f"software: Python {info['python']}, Polars {info['polars']}, pyarrow {info['pyarrow']}, "
          f"kafka-forensics {info['kafka_forensics']}")
    if la[0] > LOAD_WARN:
        print(f"WARNING: load average {la[0]:.2f} > {LOAD_WARN}: the machine is shared or busy; "
              "rerun on a quiet machine for the record")

    # -- the input ---------------------------------------------------------------------------
    path = genlog.cached_path(args.data_dir, size, args.seed)
    if args.regenerate and path.exists():
        path.unlink()
    print(f"\ninput: {path}")
    gen = genlog.ensure(args.data_dir, size, args.seed)
    if gen.cached:
        print(f"  cached: {gen.bytes / MB:.0f} MB, {gen.lines:,} lines "
              f"(--regenerate to time the generator)")
    else:
        s = gen.stats
        print(f"  generated {gen.bytes / MB:.0f} MB, {gen.lines:,} lines in {gen.seconds:.1f} s "
              f"({gen.bytes / MB / gen.seconds:.0f} MB/s, {gen.lines / gen.seconds:,.0f} lines/s; "
              f"episode pool {s['pool_seconds']:.1f} s); pool: {s['coordinator_share']:.1%} coordinator, "
              f"{s['replication_share']:.1%} ISR/replication records; {s['restarts']:.0f} (re)starts")
    print(f"  average line length {gen.bytes / gen.lines:.0f} bytes")
    print(f"  page cache warm-up read: {warm(path):.2f} s")

    out_dir = Path(tempfile.mkdtemp(prefix="bench-out-", dir=args.data_dir))
    rows: list[Row] = []
    try:
        print("\nmeasuring")
        main_row = ours(path, out_dir, args.workers, args.repeat, "full")
        rows.append(main_row)
        quarter: Row | None = None
        if not args.skip_scaling:
            qpath = path.parent.with_name(path.parent.name + "-quarter") / "server.log"
            genlog.prefix(path, qpath, size // 4)
            warm(qpath)
            quarter = ours(qpath, out_dir, args.workers, args.repeat, "1/4")
            rows.append(quarter)
        re_row = None if args.skip_baseline else baseline(path, out_dir, args.repeat)
        if re_row:
            rows.append(re_row)
        rg_rows = [] if args.skip_rg else ripgrep(path, main_row.lines, args.repeat)
        rows += rg_rows
        floor = write_floor(out_dir / "ours-full.parquet", out_dir) if rg_rows else None
        if re_row and not args.no_verify:
            re_row.extra["same_events"] = same_events(out_dir / "ours-full.parquet", out_dir / "re.parquet")
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)

    # -- the table ----------------------------------------------------------------------------
    print(f"\n{'tool':<44} {'wall s':>8} {'CPU s':>8} {'lines/s':>12} {'MB/s':>8} {'peak RSS MB':>12}"
          f" {'load':>5}")
    for r in rows:
        print(f"{r.tool:<44} {r.run.wall:>8.2f} {r.run.cpu:>8.2f} {r.lines_s:>12,.0f} {r.mb_s:>8.1f}"
              f" {r.run.rss_mb:>12.0f} {r.run.load:>5.2f}")
    for note in dict.fromkeys(r.note for r in rows if r.note):
        print(f"  note: {note}")
    m = main_row.extra
    print(f"\nours: {main_row.lines:,} lines, {m['records']:,} records, {m['events']:,} events written, "
          f"{m['malformed']} malformed, errors: {m['errors'] or 'none'}")
    if re_row:
        print(f"re baseline: {re_row.lines:,} lines, {re_row.extra['records']:,} records, "
              f"{re_row.extra['events']:,} events written"
              + ("" if re_row.extra["events"] == m["events"] else "  (differs from ours!)"))
        if "same_events" in re_row.extra:
            print(f"re baseline writes the same events as ours (every column it writes): "
                  f"{re_row.extra['same_events']}")
    if rg_rows:
        print(f"rg record-header matches: {rg_rows[0].extra['matches']:,} (ours counted {m['records']:,} "
              "records)")

    print("\ntargets")
    checks: dict[str, bool] = {}
    ok = main_row.lines_s >= TARGET_LINES_S
    checks["lines_s"] = ok
    print(f"  [{mark(ok)}] ours {main_row.lines_s:,.0f} lines/s >= {TARGET_LINES_S:,}")
    if re_row:
        ratio = re_row.run.wall / main_row.run.wall
        checks["vs_re"] = ok = ratio >= TARGET_VS_RE
        print(f"  [{mark(ok)}] ours is {ratio:.2f}x the Python re baseline (target >= {TARGET_VS_RE:g}x)")
    if rg_rows:
        ratio = main_row.run.wall / rg_rows[0].run.wall
        checks["vs_rg"] = ok = ratio <= TARGET_VS_RG
        print(f"  [{mark(ok)}] ours takes {ratio:.2f}x the time of rg -c with the record-header regex "
              f"(target <= {TARGET_VS_RG:g}x; vs the literal: "
              f"{main_row.run.wall / rg_rows[1].run.wall:.2f}x, for context only)")
        if floor is not None:
            budget = TARGET_VS_RG * rg_rows[0].run.wall
            print(f"  [info] writing ours' {floor['rows']:,.0f} events alone (pyarrow, the event table's "
                  f"writer options, one file) takes {floor['wall']:.2f} s, "
                  f"{floor['wall'] / rg_rows[0].run.wall:.2f}x rg -c: the target's whole budget is "
                  f"{budget:.2f} s")
    for r in [main_row, *([quarter] if quarter else [])]:
        ok = r.run.rss_mb < TARGET_RSS_MB
        checks[f"rss {r.tool}"] = ok
        print(f"  [{mark(ok)}] {r.tool}: peak RSS {r.run.rss_mb:.0f} MB < {TARGET_RSS_MB} MB "
              f"({r.size / MB:.0f} MB input)")
    if quarter:
        growth = main_row.run.rss_mb / quarter.run.rss_mb
        print(f"  [info] peak RSS at full size / at 1/4 size: {growth:.2f}x for 4x the input "
              "(bounded memory means ~1x)")
    la = os.getloadavg()
    print(f"\nload average at end: {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}")

    if args.json:
        args.json.write_text(json.dumps({
            "machine": info, "input": {"path": str(path), "bytes": gen.bytes, "lines": gen.lines,
                                       "generator_seconds": None if gen.cached else gen.seconds},
            "rows": [{"tool": r.tool, "wall_s": r.run.wall, "cpu_s": r.run.cpu, "lines_s": r.lines_s,
                      "mb_s": r.mb_s, "peak_rss_mb": r.run.rss_mb, "load": r.run.load, **r.extra}
                     for r in rows],
            "checks": checks, "load_at_end": la,
        }, indent=2, default=str))
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
