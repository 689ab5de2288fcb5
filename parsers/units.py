"""Work units of ``ingest --spark``: planned on the driver, run in executors, added
up on the driver.  Nothing here imports Spark: the functions that ``mapInArrow``
runs take and return plain Arrow batches, so they can be tested (and read) alone.

Units, in input order:

* ``Whole`` — an input read from its start to its end by one executor, with the
  local path's own ``ingest.ingest_input``: a plain file up to one chunk, a ``.gz``
  (a gzip stream can only be read from its start), a tar bundle (its members in
  order; a compressed tar can only be read from its start too), a data-directory
  file, anything the local path would not parse as a log (binary, empty, ...).
* ``Range`` — one chunk of a big plain log.  The driver reads the file's first
  64 KB and decides its layout exactly as the local path does (``ingest.decide``);
  a first small job finds, in executors, the cut each anchor makes
  (``chunks.cut_after``) and counts the newlines before it, so that each range knows
  its first line number; the ranges are then the very chunks the local path cuts
  (``chunks.iter_chunks`` uses the same anchors), parsed by the same
  ``ingest.parse_chunk``.

An executor returns, per unit, its events as Arrow IPC blobs (rows of kind
``events``: they stay in Spark) and one small ``summary`` (accounting, identity
evidence, row count: pickled) that the driver collects.  Units are packed, in
order, into partitions of about a chunk's worth of bytes; the writer then turns
each partition into one Parquet part, so part order is input order.
"""

from __future__ import annotations

import pickle
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import BinaryIO

import polars as pl
import pyarrow as pa
import pyarrow.ipc as ipc

from . import parquet
from .accounting import Accounting
from .chunks import Chunk, cut_after
from .core import ParseOptions
from .ingest import (
    SNIFF_BYTES,
    ChunkCount,
    Decision,
    IngestOptions,
    StreamTally,
    decide,
    ingest_input,
    parse_chunk,
)
from .sources import Input, is_gzip, is_tar
from .stage import EvidenceMap, Stage, merge_evidence


@dataclass(frozen=True)
class Whole:
    inp: Input
    size: int


@dataclass(frozen=True)
class Split:
    """A big plain log, to be cut into ranges once the anchors' cuts are known."""

    inp: Input
    size: int
    decision: Decision


@dataclass(frozen=True)
class Range:
    inp: Input
    offset: int
    length: int
    first_line: int
    popts: ParseOptions


Slot = Whole | Split  # one per input
Unit = Whole | Range


class ExecutorPathError(Exception):
    """A path an executor must read or write is not there for it; the message is a
    sentence for the user (``spark.py`` finds it in the failed job's error)."""

    MARK = "kafka-forensics: "

    def __init__(self, message: str) -> None:
        super().__init__(self.MARK + message)


SHARED_FS = ("with a cluster master, inputs and -o must be on a filesystem that every executor "
             "mounts at the same path")


@dataclass
class WholeSummary:
    files: list[Accounting]
    evidence: EvidenceMap
    rows: int


@dataclass
class RangeSummary:
    count: ChunkCount | None  # None: the range could not be read
    error: str | None
    evidence: EvidenceMap
    rows: int


# ---- driver: planning -----------------------------------------------------------------------
def plan(inputs: list[Input], opts: IngestOptions) -> list[Slot]:
    return [_plan_one(inp, opts) for inp in inputs]


def _plan_one(inp: Input, opts: IngestOptions) -> Slot:
    assert inp.path is not None, "stdin cannot be planned for executors"
    try:
        st = inp.path.stat()
    except OSError:
        return Whole(inp, 0)  # the executor reports why, in the local path's words
    if not stat.S_ISREG(st.st_mode) or st.st_size <= opts.chunk_bytes:
        return Whole(inp, st.st_size)
    try:
        with open(inp.path, "rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError:
        return Whole(inp, st.st_size)
    if is_gzip(head) or is_tar(head):
        return Whole(inp, st.st_size)
    d = decide(inp.name, head, opts)
    return Split(inp, st.st_size, d) if d.action == "parse" else Whole(inp, st.st_size)


@dataclass(frozen=True)
class ScanTask:
    """Anchor ``k`` of a split file: the newlines of [k·C, (k+1)·C) and the cut at k·C."""

    slot: int
    path: str
    k: int
    chunk: int
    size: int
    decision: Decision


SCAN_DDL = "task int, newlines long, cut long, to_cut long"


def scan_tasks(slots: list[Slot], chunk: int) -> list[ScanTask]:
    return [
        ScanTask(i, str(s.inp.path), k, chunk, s.size, s.decision)
        for i, s in enumerate(slots) if isinstance(s, Split)
        for k in range(-(-s.size // chunk))
    ]


def scan(tasks: list[ScanTask], batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """mapInArrow: task ids -> (task, newlines in its nominal range, cut, newlines to the cut)."""
    for b in batches:
        out: list[tuple[int, int, int, int]] = []
        for tid in b.column(0).to_pylist():
            t = tasks[tid]
            lo, hi = t.k * t.chunk, min((t.k + 1) * t.chunk, t.size)
            try:
                with open(t.path, "rb") as f:
                    f.seek(lo)
                    newlines = _count_newlines(f, hi - lo)
                    cut, to_cut = (0, 0)
                    if t.k > 0:
                        assert t.decision.start is not None
                        cut, to_cut = cut_after(f, lo, t.decision.start)
            except OSError as e:
                raise ExecutorPathError(
                    f"{t.path}: a Spark executor cannot read it ({e.strerror}); {SHARED_FS}") from None
            out.append((tid, newlines, cut, to_cut))
        yield pa.RecordBatch.from_arrays(
            [pa.array([r[i] for r in out], ty) for i, ty in
             enumerate((pa.int32(), pa.int64(), pa.int64(), pa.int64()))],
            names=["task", "newlines", "cut", "to_cut"],
        )


def _count_newlines(f: BinaryIO, n: int) -> int:
    count = 0
    while n > 0:
        b = f.read(min(n, 1 << 20))
        if not b:
            break
        count += b.count(b"\n")
        n -= len(b)
    return count


def units(slots: list[Slot], tasks: list[ScanTask],
          scans: dict[int, tuple[int, int, int]]) -> list[list[Unit]]:
    """Each input's units, in order: itself, or the ranges between its cuts."""
    by_slot: dict[int, list[tuple[int, int, int]]] = {}
    for tid, t in enumerate(tasks):
        by_slot.setdefault(t.slot, []).append(scans[tid])
    out: list[list[Unit]] = []
    for i, s in enumerate(slots):
        if isinstance(s, Whole):
            out.append([s])
            continue
        assert s.decision.popts is not None
        rows = by_slot[i]  # in k order
        starts: list[tuple[int, int]] = [(0, 1)]  # (cut, its line number)
        before = 0  # newlines before anchor k
        for k, (newlines, cut, to_cut) in enumerate(rows):
            if k > 0 and starts[-1][0] < cut < s.size:
                starts.append((cut, before + to_cut + 1))
            before += newlines
        bounds = [*starts, (s.size, 0)]
        out.append([
            Range(s.inp, a, b - a, line, s.decision.popts)
            for (a, line), (b, _) in pairwise(bounds)
        ])
    return out


def pack(units: list[Unit], target: int) -> list[list[tuple[int, Unit]]]:
    """Consecutive units, numbered, in partitions of about ``target`` bytes each."""
    packs: list[list[tuple[int, Unit]]] = []
    size = target
    for uid, u in enumerate(units):
        if size >= target:
            packs.append([])
            size = 0
        packs[-1].append((uid, u))
        size += u.length if isinstance(u, Range) else max(u.size, 1)
    return packs


# ---- executors: parsing ---------------------------------------------------------------------
PARSED_DDL = "pack int, unit int, kind string, data binary"
_PARSED = pa.schema([("pack", pa.int32()), ("unit", pa.int32()), ("kind", pa.string()),
                     ("data", pa.binary())])


def run_packs(packs: list[list[tuple[int, Unit]]], opts: IngestOptions,
              batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """mapInArrow: pack ids -> rows of (pack, unit, kind, data), units in order."""
    opts = replace(opts, workers=1)  # Spark runs one task per core already
    for b in batches:
        for pid in b.column(0).to_pylist():
            for uid, unit in packs[pid]:
                for kind, data in run_unit(unit, opts):
                    yield pa.RecordBatch.from_arrays(
                        [pa.array([pid], pa.int32()), pa.array([uid], pa.int32()),
                         pa.array([kind], pa.string()), pa.array([data], pa.binary())],
                        schema=_PARSED,
                    )


def run_unit(unit: Unit, opts: IngestOptions) -> Iterator[tuple[str, bytes]]:
    with tempfile.TemporaryDirectory(prefix="kafka-forensics-") as tmp:
        stage = Stage(Path(tmp) / "unit.arrow")
        summary: WholeSummary | RangeSummary
        if isinstance(unit, Whole):
            files = ingest_input(unit.inp, stage, opts)
            stage.close()
            summary = WholeSummary(files, stage.evidence, stage.rows)
        else:
            count, error = _parse_range(unit, stage)
            stage.close()
            summary = RangeSummary(count, error, stage.evidence, stage.rows)
        for batch in stage.batches():
            for part in _slices(batch):
                yield "events", _to_ipc(part)
        yield "summary", pickle.dumps(summary, protocol=pickle.HIGHEST_PROTOCOL)


def _parse_range(r: Range, stage: Stage) -> tuple[ChunkCount | None, str | None]:
    try:
        with open(r.inp.path, "rb") as f:  # type: ignore[arg-type]
            f.seek(r.offset)
            data = f.read(r.length)
    except OSError as e:
        return None, f"{r.inp.name}: read error ({e.strerror})"
    if len(data) != r.length:
        return None, (f"{r.inp.name}: the file changed while it was read (shorter than planned); "
                      "ingest files that are no longer written to")
    events, count = parse_chunk(r.inp.name, Chunk(data, r.first_line, r.offset), r.popts)
    stage.add(r.inp.name, events)
    return count, None


_BLOB_ROWS = 16_384  # events per blob: keeps each Spark row a few MB


def _slices(batch: pa.RecordBatch) -> Iterator[pa.RecordBatch]:
    for start in range(0, batch.num_rows, _BLOB_ROWS):
        yield batch.slice(start, _BLOB_ROWS)


def _to_ipc(batch: pa.RecordBatch) -> bytes:
    sink = pa.BufferOutputStream()
    with ipc.new_stream(sink, batch.schema) as w:
        w.write_batch(batch)
    return sink.getvalue().to_pybytes()


def _from_ipc(data: bytes) -> Iterator[pa.RecordBatch]:
    yield from ipc.open_stream(pa.py_buffer(data))


# ---- driver: adding up ----------------------------------------------------------------------
def merge(
    slots: list[Slot], planned: list[list[Unit]], summaries: dict[int, WholeSummary | RangeSummary],
) -> tuple[list[Accounting], EvidenceMap, int]:
    """The units' summaries, in input order, as the local path would have counted them.
    Units are numbered in the order of ``planned`` (as ``pack`` numbers them)."""
    files: list[Accounting] = []
    evidence: EvidenceMap = {}
    rows = 0
    first = 0
    for slot, us in zip(slots, planned, strict=True):
        uids = range(first, first + len(us))
        first += len(us)
        if isinstance(slot, Whole):
            s = summaries[uids[0]]
            assert isinstance(s, WholeSummary)
            files.extend(s.files)
            merge_evidence(evidence, s.evidence)
            rows += s.rows
            continue
        tally = StreamTally(Accounting(source=slot.inp.name), slot.decision)
        for uid in uids:
            r = summaries[uid]
            assert isinstance(r, RangeSummary)
            if r.count is not None:
                tally.absorb(r.count)
            if r.error is not None:
                tally.acc.errors.append(r.error)
            merge_evidence(evidence, r.evidence)
            rows += r.rows
        files.append(tally.finish())
    return files, evidence, rows


# ---- executors: writing ---------------------------------------------------------------------
WRITTEN_DDL = "pack int, rows long"


def write_parts(directory: str, mapping: pl.DataFrame, report: dict[str, object],
                batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """mapInArrow: event rows of a partition -> one Parquet part per pack, rows in order."""
    if not Path(directory).is_dir():  # made by the driver: not there, not the same filesystem
        raise ExecutorPathError(f"{directory}: a Spark executor cannot see the output directory; "
                                f"{SHARED_FS}")
    writers: dict[int, parquet.PartWriter] = {}
    try:
        for b in batches:
            packs = b.column("pack").to_pylist()
            for pid, data in zip(packs, b.column("data").to_pylist(), strict=True):
                w = writers.get(pid)
                if w is None:
                    w = writers[pid] = parquet.PartWriter(
                        Path(directory) / parquet.PART.format(pid), mapping, report)
                for batch in _from_ipc(data):
                    w.write(batch)
        for w in writers.values():
            w.close()
    finally:
        for w in writers.values():
            w.abort()
    yield pa.RecordBatch.from_arrays(
        [pa.array(list(writers), pa.int32()), pa.array([w.rows for w in writers.values()], pa.int64())],
        names=["pack", "rows"],
    )


def default_target(units: list[Unit], chunk: int, parallelism: int) -> int:
    """Pack size: a chunk, or less so that every core gets work on small inputs."""
    total = sum(u.length if isinstance(u, Range) else u.size for u in units)
    return max(1 << 20, min(chunk, total // max(2 * parallelism, 1)))
