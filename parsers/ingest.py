"""``ingest``: files on disk -> one event table (Parquet, zstd) and its accounting.

Per input: open (gzip, tar and stdin included), recognise what it is by content,
find the layout and any collector wrapper from a sample, cut it into chunks at
record boundaries, parse the chunks on a small thread pool (Polars releases the
GIL), and stage the events in an Arrow IPC file.  When every input is read, each
(source, stream) gets its cluster and broker (``identity``) and the staged events
are written to Parquet in input order.  Memory stays bounded by the chunk size.
"""

from __future__ import annotations

import io
import json
import re
import tempfile
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from .. import __version__
from . import datadir, identity, layouts
from .accounting import Accounting
from .chunks import DEFAULT_CHUNK, Chunk, iter_chunks, split_lines
from .core import STAGE_COLUMNS, ChunkResult, ParseOptions, parse_lines
from .recognise import POLARS_TYPES
from .schema import COLUMN_NAMES, EVENT_SCHEMA, SCHEMA_VERSION
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

SNIFF_BYTES = 1 << 16
SAMPLE_LINES = 400

Progress = Callable[[str, int], None]  # (input name, bytes just read)


@dataclass(frozen=True)
class IngestOptions:
    cluster: str | None = None
    broker: int | None = None
    layout: str | None = None  # a layout name (layouts.BY_NAME) or a log4j pattern
    tz: str = "UTC"
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
    with tempfile.TemporaryDirectory(prefix="kafka-forensics-") as tmp:
        stage = _Stage(Path(tmp) / "stage.arrow")
        for inp in inputs:
            report.files.extend(_ingest_input(inp, stage, opts, progress))
        stage.close()
        ids = {
            key: identity.resolve(identity.from_path(key[0]), ev, cluster=opts.cluster, broker=opts.broker)
            for key, ev in stage.evidence.items()
        }
        for acc in report.files:
            acc.identity = "; ".join(
                sorted({i.how for (src, _), i in ids.items() if src == acc.source})
            ) or identity.resolve(identity.from_path(acc.source), identity.Evidence(),
                                  cluster=opts.cluster, broker=opts.broker).how
        report.events = stage.rows
        if output is not None:
            _write_parquet(stage, ids, output, report)
    return report


# --------------------------------------------------------------------------------------------
def _ingest_input(
    inp: Input, stage: _Stage, opts: IngestOptions, progress: Progress | None
) -> list[Accounting]:
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
            return _ingest_tar(inp, blocks, stage, opts)
        return [_ingest_stream(inp.name, blocks, stage, opts)]
    finally:
        if not inp.is_stdin:
            raw.close()


def _ingest_tar(inp: Input, blocks: Peekable, stage: _Stage, opts: IngestOptions) -> list[Accounting]:
    out: list[Accounting] = []
    try:
        for m in iter_tar(inp, _BlockReader(iter(blocks))):
            name = f"{inp.name}!{m.name}"
            member = Peekable(m.blocks)
            head = member.peek(512)
            if is_gzip(head):
                member = Peekable(iter_gunzip(iter(member), name))
            out.append(_ingest_stream(name, member, stage, opts))
    except InputDamaged as e:
        acc = Accounting(source=inp.name)
        acc.errors.append(str(e))
        out.append(acc)
    return out


def _ingest_stream(name: str, blocks: Peekable, stage: _Stage, opts: IngestOptions) -> Accounting:
    acc = Accounting(source=name)
    try:
        head = blocks.peek(SNIFF_BYTES)
    except InputDamaged as e:  # pragma: no cover - peek keeps the error for iteration
        acc.errors.append(str(e))
        return acc
    if not head:
        acc.notes.append("empty file")
        _drain(blocks, acc)
        return acc
    if datadir.claims(name, head):
        return datadir.ingest(name, blocks, stage.add, acc)
    sample = split_lines(head[: head.rfind(b"\n") + 1] or head).lines.head(SAMPLE_LINES).to_list()
    try:
        wrappers, lay = layouts.detect(sample, opts.layout)
    except ValueError as e:
        acc.errors.append(f"{name}: {e}")
        _drain(blocks, acc)
        return acc
    if lay is None:
        if _looks_binary(head):
            acc.errors.append(
                f"{name}: binary data at byte {_first_binary(head)}, not a log file "
                "(if it is a Kafka or ZooKeeper data file, its format is not supported yet)"
            )
            _drain(blocks, acc)
        elif (what := _not_a_log(name, head)) is not None:
            acc.notes.append(f"{what}, not a log: its lines are counted as skipped")
            _drain(blocks, acc, skipped=True)
        else:
            acc.errors.append(
                f"{name}: no line of its first {len(sample)} looks like a log record of a known "
                "layout; if it is a log with a custom log4j layout, pass it with --layout '<pattern>'"
            )
            _drain(blocks, acc)
        return acc
    acc.layout = lay.name
    if wrappers:
        acc.notes.append("lines wrapped by " + ", ".join(w.name for w in wrappers))
    popts = ParseOptions(layout=lay, wrappers=wrappers, tz=opts.tz)
    start = re.compile(
        ("".join(w.regex.lstrip("^") for w in wrappers) + lay.start.lstrip("^")).encode()
    )
    loggers: Counter[str] = Counter()
    try:
        for res, latin1 in _parse_chunks(iter_chunks(iter(blocks), start, opts.chunk_bytes),
                                         name, popts, opts.workers):
            acc.add(res.accounting)
            loggers.update(res.accounting.unrecognised)
            if res.events.height:
                loggers.update(dict(res.events.group_by("logger").len().iter_rows()))
                stage.add(name, res.events)
            if latin1 and "bytes that are not UTF-8 were read as Latin-1" not in acc.notes:
                acc.notes.append("bytes that are not UTF-8 were read as Latin-1")
    except InputDamaged as e:
        acc.errors.append(str(e))
    acc.file_kind = _file_kind(loggers)
    return acc


def _parse_chunks(
    chunks: Iterator[Chunk], name: str, popts: ParseOptions, workers: int
) -> Iterator[tuple[ChunkResult, bool]]:
    """Parse chunks on a thread pool, yielding results in input order (bounded in flight)."""

    def work(ch: Chunk) -> tuple[ChunkResult, bool]:
        lines = split_lines(ch.data)
        res = parse_lines(lines.lines, name, ch.first_line, popts)
        if res.accounting.samples:  # binary junk is located by byte offset too
            res.accounting.samples = [
                replace(s, offset=ch.offset + _line_offset(ch.data, s.line - ch.first_line))
                if "binary" in s.reason else s
                for s in res.accounting.samples
            ]
        res.accounting.bytes = len(ch.data)
        return res, lines.latin1

    if workers <= 1:
        for ch in chunks:
            yield work(ch)
        return
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kf-parse") as pool:
        pending: deque[Future[tuple[ChunkResult, bool]]] = deque()
        damage: InputDamaged | None = None
        try:
            for ch in chunks:
                pending.append(pool.submit(work, ch))
                while len(pending) > workers:
                    yield pending.popleft().result()
        except InputDamaged as e:  # the chunks read before the damage still count
            damage = e
        while pending:
            yield pending.popleft().result()
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
    return votes.most_common(1)[0][0]


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


# --------------------------------------------------------------------------------------------
_STAGE_SCHEMA = pl.DataFrame(
    schema={**{c: POLARS_TYPES[c] for c in COLUMN_NAMES}, "_stream": pl.String}
).to_arrow().schema


class _Stage:
    """Events parked on disk until every input is read and identities are known."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._sink = pa.OSFile(str(path), "wb")
        self._writer = ipc.new_stream(self._sink, _STAGE_SCHEMA)
        self.rows = 0
        self.evidence: dict[tuple[str, str | None], identity.Evidence] = {}

    def add(self, source: str, events: pl.DataFrame) -> None:
        if events.height == 0:
            return
        for stream in events["_stream"].unique().to_list():
            self.evidence.setdefault((source, stream), identity.Evidence())
        for stream, ev in identity.gather(events).items():
            self.evidence[(source, stream)].add(ev)
        table = events.select(STAGE_COLUMNS).to_arrow().cast(_STAGE_SCHEMA)
        for batch in table.to_batches():
            self._writer.write_batch(batch)
        self.rows += events.height

    def close(self) -> None:
        self._writer.close()
        self._sink.close()

    def batches(self) -> Iterator[pa.RecordBatch]:
        with pa.memory_map(str(self.path)) as src:
            yield from ipc.open_stream(src)


def _write_parquet(
    stage: _Stage, ids: dict[tuple[str, str | None], identity.Identity], out: Path, report: IngestReport
) -> None:
    mapping = pl.DataFrame(
        {
            "source": [k[0] for k in ids],
            "_stream": [k[1] for k in ids],
            "_cluster": [i.cluster for i in ids.values()],
            "_broker": [i.broker for i in ids.values()],
            "_per_record": [i.per_record for i in ids.values()],
        },
        schema={"source": pl.String, "_stream": pl.String, "_cluster": pl.String,
                "_broker": pl.Int32, "_per_record": pl.Boolean},
    )
    meta = dict(EVENT_SCHEMA.metadata or {})
    meta[b"kafka_forensics.ingest"] = json.dumps(report.to_json(), sort_keys=True).encode()
    schema = EVENT_SCHEMA.with_metadata(meta)
    out.parent.mkdir(parents=True, exist_ok=True)
    with pq.ParquetWriter(str(out), schema, compression="zstd") as w:
        for batch in stage.batches():
            df = pl.from_arrow(batch)
            assert isinstance(df, pl.DataFrame)
            df = df.join(mapping, on=["source", "_stream"], how="left", nulls_equal=True,
                         maintain_order="left")
            df = df.with_columns(
                pl.col("_cluster").alias("cluster"),
                pl.when(pl.col("_per_record")).then(pl.col("node"))
                .otherwise(pl.col("_broker")).cast(pl.Int32).alias("broker"),
            )
            w.write_table(df.select(COLUMN_NAMES).to_arrow().cast(schema))
