"""``ingest``: files on disk -> one event table (Parquet, zstd) and its accounting.

Per input: open (gzip, tar and stdin included), recognise what it is by content,
find the layout and any collector wrapper from a sample (``decide``), cut it into
chunks at record boundaries, parse groups of chunks on a small thread pool (Polars
releases the GIL; ``parse_group``), add them up in order (``StreamTally``), and
write the events to Parquet as they come (``parquet.EventFile``), each with the
identity its (source, stream) has so far.  When every input is read, the final
identities are settled (``settle``); the file is rewritten only if one changed.
Memory stays bounded by the group size.

``ingest --spark`` (``spark.py``, ``units.py``) runs these same functions in Spark
executors; only the scheduling differs.
"""

from __future__ import annotations

import io
import json
import re
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, Protocol

import polars as pl

from .. import __version__
from . import datadir, identity, layouts, parquet, statedump
from .accounting import Accounting
from .chunks import DEFAULT_CHUNK, Chunk, iter_chunks, split_lines
from .core import ParseOptions, Prepared, finish, prepare
from .schema import SCHEMA_VERSION
from .sources import (
    Input,
    InputDamaged,
    InputError,
    Peekable,
    expand,
    is_gzip,
    is_tar,
    iter_blocks,
    iter_gunzip,
    iter_tar,
    open_raw,
)
from .stage import EvidenceMap

SNIFF_BYTES = 1 << 16
SAMPLE_LINES = 400

Progress = Callable[[str, int], None]  # (input name, bytes just read)


class Sink(Protocol):
    """Where a stream's events go, in input order: the local event file, a Spark unit's stage."""

    def add(self, source: str, events: pl.DataFrame) -> None: ...


@dataclass(frozen=True)
class IngestOptions:
    cluster: str | None = None
    broker: int | None = None
    layout: str | None = None  # a layout name (layouts.BY_NAME) or a log4j pattern
    tz: str = "UTC"
    captured_at: int | None = None  # epoch ms: when describe output / captures without times were taken
    chunk_bytes: int = DEFAULT_CHUNK
    workers: int = 2


@dataclass
class IngestReport:
    files: list[Accounting] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # arguments that named nothing
    events: int = 0
    output: Path | None = None

    @property
    def damaged(self) -> bool:
        return bool(self.errors) or any(a.errors for a in self.files)

    def to_json(self) -> dict[str, object]:
        return {
            "tool": f"kafka-forensics {__version__}",
            "schema_version": SCHEMA_VERSION,
            "events": self.events,
            "errors": self.errors,
            "files": [a.to_json() for a in self.files],
        }


def ingest(
    paths: list[str],
    output: Path | None = None,
    options: IngestOptions | None = None,
    progress: Progress | None = None,
) -> IngestReport:
    opts = options or IngestOptions()
    report = IngestReport(output=output)
    inputs, report.errors = expand(paths)
    sink: parquet.EventFile | parquet.EvidenceOnly = (
        parquet.EventFile(output, cluster=opts.cluster, broker=opts.broker)
        if output is not None else parquet.EvidenceOnly()
    )
    try:
        for inp in inputs:
            report.files.extend(ingest_input(inp, sink, opts, progress))
        ids = settle(report, sink.evidence, sink.rows, opts)
        if isinstance(sink, parquet.EventFile):
            sink.close(ids, report.to_json())
    finally:
        if isinstance(sink, parquet.EventFile):
            sink.abort()
    return report


def ingest_in_memory(
    paths: list[str], options: IngestOptions | None = None
) -> tuple[IngestReport, pl.DataFrame]:
    """``ingest`` with the event table kept in memory instead of written (the rows are the
    ones ``ingest`` writes): for a ``check`` of raw logs when there is no cache to keep it in."""
    opts = options or IngestOptions()
    report = IngestReport()
    inputs, report.errors = expand(paths)
    sink = parquet.EventFrames(cluster=opts.cluster, broker=opts.broker)
    for inp in inputs:
        report.files.extend(ingest_input(inp, sink, opts))
    ids = settle(report, sink.evidence, sink.rows, opts)
    return report, sink.table(ids)


def settle(
    report: IngestReport, evidence: EvidenceMap, rows: int, opts: IngestOptions
) -> parquet.IdentityMap:
    """Once every input is read: who wrote each (source, stream), and the report's totals."""
    ids = identity.resolve_all(evidence, cluster=opts.cluster, broker=opts.broker)
    hows: dict[str, set[str]] = {}
    for (src, _), i in ids.items():
        hows.setdefault(src, set()).add(i.how)
    for acc in report.files:
        acc.identity = "; ".join(sorted(hows.get(acc.source, ()))) or identity.resolve(
            identity.from_path(acc.source), identity.Evidence(), cluster=opts.cluster, broker=opts.broker
        ).how
    report.events = rows
    return ids


# --------------------------------------------------------------------------------------------
def ingest_input(
    inp: Input, sink: Sink, opts: IngestOptions, progress: Progress | None = None
) -> list[Accounting]:
    """Read one input to its end (all its tar members), staging its events."""
    try:
        raw = open_raw(inp)
    except InputError as e:
        acc = Accounting(source=inp.name)
        acc.errors.append(str(e))
        return [acc]
    try:
        blocks = Peekable(_counted(iter_blocks(raw, inp.name), inp.name, progress))
        head = blocks.peek(512)
        if is_gzip(head):
            blocks = Peekable(iter_gunzip(iter(blocks), inp.name))
            head = blocks.peek(512)
        if is_tar(head):
            return _ingest_tar(inp, blocks, sink, opts)
        return [_ingest_stream(inp.name, blocks, sink, opts)]
    finally:
        if not inp.is_stdin:
            raw.close()


def _ingest_tar(inp: Input, blocks: Peekable, sink: Sink, opts: IngestOptions) -> list[Accounting]:
    out: list[Accounting] = []
    try:
        for m in iter_tar(inp, _BlockReader(iter(blocks))):
            name = f"{inp.name}!{m.name}"
            member = Peekable(m.blocks)
            head = member.peek(512)
            if is_gzip(head):
                member = Peekable(iter_gunzip(iter(member), name))
            out.append(_ingest_stream(name, member, sink, opts))
    except InputDamaged as e:
        acc = Accounting(source=inp.name)
        acc.errors.append(str(e))
        out.append(acc)
    return out


def _ingest_stream(name: str, blocks: Peekable, sink: Sink, opts: IngestOptions) -> Accounting:
    acc = Accounting(source=name)
    try:
        head = blocks.peek(SNIFF_BYTES)
    except InputDamaged as e:  # pragma: no cover - peek keeps the error for iteration
        acc.errors.append(str(e))
        return acc
    d = decide(name, head, opts)
    if d.action == "datadir":
        return datadir.ingest(name, blocks, sink.add, acc)
    if d.action == "statedump":
        return statedump.ingest(name, blocks, sink.add, acc,
                                statedump.TextOptions(captured_at=opts.captured_at, tz=opts.tz))
    if d.action != "parse":
        d.account(acc)
        _drain(blocks, acc, skipped=d.action == "skip")
        return acc
    assert d.popts is not None and d.start is not None
    tally = StreamTally(acc, d)
    try:
        for events, count in _parse_chunks(iter_chunks(iter(blocks), d.start, opts.chunk_bytes),
                                           name, d.popts, opts.workers):
            tally.absorb(count)
            sink.add(name, events)
    except InputDamaged as e:
        acc.errors.append(str(e))
    return tally.finish()


@dataclass(frozen=True)
class Decision:
    """What to do with one stream, decided from its name and first bytes alone (so the
    Spark driver can decide it for a file it is about to split, as the local path would)."""

    action: Literal["parse", "datadir", "statedump", "empty", "skip", "reject"]
    popts: ParseOptions | None = None
    start: re.Pattern[bytes] | None = None  # a line that starts a record (where chunks are cut)
    message: str = ""  # the error (reject) or the note (empty, skip)
    notes: tuple[str, ...] = ()

    def account(self, acc: Accounting) -> None:
        if self.action == "reject":
            acc.errors.append(self.message)
        elif self.message:
            acc.notes.append(self.message)


def decide(name: str, head: bytes, opts: IngestOptions) -> Decision:
    if not head:
        return Decision("empty", message="empty file")
    if datadir.claims(name, head):
        return Decision("datadir")
    if statedump.claims(name, head):
        return Decision("statedump")
    sample = split_lines(head[: head.rfind(b"\n") + 1] or head).lines.head(SAMPLE_LINES).to_list()
    try:
        wrappers, lay = layouts.detect(sample, opts.layout)
    except ValueError as e:
        return Decision("reject", message=f"{name}: {e}")
    if lay is None:
        if _looks_binary(head):
            return Decision("reject", message=(
                f"{name}: binary data at byte {_first_binary(head)}, not a log file "
                "(if it is a Kafka or ZooKeeper data file, its format is not supported yet)"
            ))
        if (what := _not_a_log(name, head)) is not None:
            return Decision("skip", message=f"{what}, not a log: its lines are counted as skipped")
        return Decision("reject", message=(
            f"{name}: no line of its first {len(sample)} looks like a log record of a known "
            "layout; if it is a log with a custom log4j layout, pass it with --layout '<pattern>'"
        ))
    start = re.compile(
        ("".join(w.regex.lstrip("^") for w in wrappers) + lay.start.lstrip("^")).encode()
    )
    notes = ("lines wrapped by " + ", ".join(w.name for w in wrappers),) if wrappers else ()
    return Decision("parse", ParseOptions(layout=lay, wrappers=wrappers, tz=opts.tz), start,
                    notes=notes)


LATIN1_NOTE = "bytes that are not UTF-8 were read as Latin-1"


@dataclass
class ChunkCount:
    """What one parsed chunk adds to its stream's accounting."""

    accounting: Accounting
    loggers: Counter[str]  # records per logger among its events (for the file's kind)
    latin1: bool


@dataclass
class PreparedChunk:
    prepared: Prepared
    latin1: bool


def prepare_chunk(name: str, ch: Chunk, popts: ParseOptions) -> PreparedChunk:
    """One chunk -> its records, counted, with the candidates for recognition set aside."""
    lines = split_lines(ch.data)
    p = prepare(lines.lines, name, ch.first_line, popts, clean=lines.clean)
    acc = p.accounting
    if acc.samples:  # binary junk is located by byte offset too
        acc.samples = [
            replace(s, offset=ch.offset + _line_offset(ch.data, s.line - ch.first_line))
            if "binary" in s.reason else s
            for s in acc.samples
        ]
    acc.bytes = len(ch.data)
    return PreparedChunk(p, lines.latin1)


def finish_chunks(pcs: list[PreparedChunk]) -> list[tuple[pl.DataFrame, ChunkCount]]:
    """Recognise several prepared chunks of one stream together -> each one's events and counts."""
    out = []
    for pc, res in zip(pcs, finish([pc.prepared for pc in pcs]), strict=True):
        loggers: Counter[str] = Counter()
        if res.events.height:
            loggers.update(dict(res.events.group_by("logger").len().sort("logger").iter_rows()))
        out.append((res.events, ChunkCount(res.accounting, loggers, pc.latin1)))
    return out


def parse_chunk(name: str, ch: Chunk, popts: ParseOptions) -> tuple[pl.DataFrame, ChunkCount]:
    """One chunk -> its events and counts: the unit of work of both ingest paths."""
    return finish_chunks([prepare_chunk(name, ch, popts)])[0]


class StreamTally:
    """A stream's accounting, added up from its chunks in order."""

    def __init__(self, acc: Accounting, d: Decision) -> None:
        assert d.popts is not None
        self.acc = acc
        acc.layout = d.popts.layout.name
        acc.notes.extend(d.notes)
        self._loggers: Counter[str] = Counter()

    def absorb(self, count: ChunkCount) -> None:
        self.acc.add(count.accounting)
        self._loggers.update(count.accounting.unrecognised)
        self._loggers.update(count.loggers)
        if count.latin1 and LATIN1_NOTE not in self.acc.notes:
            self.acc.notes.append(LATIN1_NOTE)

    def finish(self) -> Accounting:
        self.acc.file_kind = _file_kind(self._loggers)
        return self.acc


# Chunks parsed as one task: each catalogue entry has a fixed cost per recognition call,
# so the local path recognises a group of chunks' candidates together.
GROUP_BYTES = 8 << 20  # at least this much per task: one default chunk


def parse_group(name: str, chunks: list[Chunk], popts: ParseOptions) -> list[tuple[pl.DataFrame, ChunkCount]]:
    """Several consecutive chunks -> each one's events and counts (prepared one at a time,
    recognised together: the result is the same as chunk by chunk)."""
    return finish_chunks([prepare_chunk(name, ch, popts) for ch in chunks])


def _groups(chunks: Iterator[Chunk], size: int) -> Iterator[list[Chunk]]:
    group: list[Chunk] = []
    held = 0
    try:
        for ch in chunks:
            group.append(ch)
            held += len(ch.data)
            if held >= size:
                yield group
                group, held = [], 0
    finally:  # damage further on (InputDamaged) must not cost the chunks read so far
        if group:
            yield group


def _parse_chunks(
    chunks: Iterator[Chunk], name: str, popts: ParseOptions, workers: int
) -> Iterator[tuple[pl.DataFrame, ChunkCount]]:
    """Parse groups of chunks on a thread pool (Polars releases the GIL), yielding each
    chunk's events and counts in input order, with a bounded number of groups in flight."""
    groups = _groups(chunks, GROUP_BYTES)
    damage: InputDamaged | None = None
    if workers <= 1:
        try:
            for g in groups:
                yield from parse_group(name, g, popts)
        except InputDamaged as e:  # the chunks read before the damage still count
            damage = e
    else:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kf-parse") as pool:
            pending: deque[Future[list[tuple[pl.DataFrame, ChunkCount]]]] = deque()
            try:
                for g in groups:
                    pending.append(pool.submit(parse_group, name, g, popts))
                    while len(pending) > workers:
                        yield from pending.popleft().result()
            except InputDamaged as e:
                damage = e
            while pending:
                yield from pending.popleft().result()
    if damage is not None:
        raise damage


def _line_offset(data: bytes, k: int) -> int:
    pos = 0
    for _ in range(k):
        pos = data.index(b"\n", pos) + 1
    return pos


def _looks_binary(head: bytes) -> bool:
    sample = head[:8192]
    if b"\x00" in sample:
        return True
    ctrl = sum(1 for b in sample if b < 9 or 13 < b < 32)
    return ctrl > len(sample) // 20


def _first_binary(head: bytes) -> int:
    for i, b in enumerate(head):
        if b < 9 or 13 < b < 32:
            return i
    return 0


_DOCUMENTS = re.compile(
    r"(?i)(?:\.(?:md|markdown|rst|adoc|html?)|(?:^|/)(?:README|LICENSE|NOTICE|CHANGELOG)[^/]*)$"
)


def _not_a_log(name: str, head: bytes) -> str | None:
    """Files that travel with logs but are not logs (notes, test fixtures, exports)."""
    if _DOCUMENTS.search(name):
        return "a document"
    text = head.lstrip()
    if text[:1] in (b"[", b"{"):
        try:
            json.loads(head)
            return "a JSON document"
        except ValueError:
            if text[:1] == b"[" or b"\n  " in head[:512]:
                return "a JSON document"
    return None


def _drain(blocks: Peekable, acc: Accounting, *, skipped: bool = False) -> None:
    """Count the lines of an input that is not parsed, so the accounting still adds up:
    as skipped lines (a known non-log) or as one malformed record (damage, unknown format)."""
    n = 0
    last = b""
    try:
        for b in blocks:
            n += b.count(b"\n")
            acc.bytes += len(b)
            last = b[-1:] or last
    except InputDamaged as e:
        acc.errors.append(str(e))
    if last and last != b"\n":
        n += 1
    acc.physical_lines += n
    if skipped:
        acc.skipped_lines += n
    elif n:
        acc.records += 1
        acc.malformed += 1


def _file_kind(loggers: Counter[str]) -> str | None:
    if not loggers:
        return None
    votes: Counter[str] = Counter()
    for lg, n in loggers.items():
        votes[_kind_of_logger(lg)] += n
    return min(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0]  # a tie must not fall to tally order


def _kind_of_logger(lg: str) -> str:
    if lg == "state.change.logger":
        return "state-change"
    if lg.startswith(("kafka.controller", "org.apache.kafka.controller")):
        return "controller"
    if lg in ("kafka.request.logger", "kafka.network.RequestChannel$"):
        return "request"
    if lg.startswith(("kafka.log.LogCleaner", "org.apache.kafka.storage.internals.log.LogCleaner")):
        return "log-cleaner"
    if lg == "kafka.authorizer.logger":
        return "authorizer"
    if lg.startswith(("org.apache.kafka.clients.", "org.apache.kafka.streams.", "org.apache.kafka.connect.")):
        return "client"
    if lg.startswith("org.apache.zookeeper.server"):
        return "zookeeper"
    return "server"


def _counted(blocks: Iterator[bytes], name: str, progress: Progress | None) -> Iterator[bytes]:
    for b in blocks:
        if progress is not None:
            progress(name, len(b))
        yield b


class _BlockReader(io.RawIOBase):
    """A file object over a block iterator (for tarfile's stream mode)."""

    def __init__(self, blocks: Iterator[bytes]) -> None:
        self._it = blocks
        self._buf = b""

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray) -> int:  # type: ignore[override]
        while not self._buf:
            try:
                self._buf = next(self._it)
            except StopIteration:
                return 0
        n = min(len(b), len(self._buf))
        b[:n] = self._buf[:n]
        self._buf = self._buf[n:]
        return n
