"""The parsing core: a pure function from a batch of physical lines to a batch of
events and the accounting of every line.

Both ingest paths call it — the local one on a thread pool and ``--spark`` inside
executors (``mapInArrow``), through ``ingest.prepare_chunk`` / ``finish_chunks`` —
so their outputs are equal row for row.  ``parse_batch`` is the same core with Arrow
in and out (a batch of raw lines -> a batch of events), for callers that hold Arrow
data.  It reads no file and no clock; everything it needs comes in ``ParseOptions``.

A batch must start at a record boundary (``chunks.py`` cuts files so); a first
line that is not a record start is counted as malformed, not silently glued on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import polars as pl
import pyarrow as pa

from . import timestamps
from .accounting import MAX_SAMPLES, MAX_UNRECOGNISED_SAMPLES, Accounting, Malformed, Unrecognised
from .catalogue import CATALOGUE
from .layouts import FastLines, Layout, Wrapper
from .recognise import POLARS_TYPES, recognise
from .schema import COLUMN_NAMES

# Control characters other than TAB, VT, FF and CR: a line with them is binary data.
_BINARY = r"[\x00-\x08\x0E-\x1F\x7F]"
_EXCERPT = 120

#: Columns of the staged event frames: the event table plus the wrapper's stream name.
STAGE_COLUMNS: tuple[str, ...] = COLUMN_NAMES


@dataclass(frozen=True)
class ParseOptions:
    layout: Layout
    wrappers: tuple[Wrapper, ...] = ()
    tz: str = "UTC"
    gap_samples: int = MAX_UNRECOGNISED_SAMPLES  # unrecognised records of catalogued loggers kept


CANDIDATE_SCHEMA: dict[str, pl.DataType] = {
    "line": pl.Int64(), "ts": POLARS_TYPES["ts"], "level": pl.String(), "logger": pl.String(),
    "msg": pl.String(), "cont": pl.String(), "raw": pl.String(), "stream": pl.String(),
}


@dataclass
class ChunkResult:
    events: pl.DataFrame  # STAGE_COLUMNS, cluster/broker still null
    accounting: Accounting


def prepare(
    lines: pl.Series, source: str, first_line: int, opts: ParseOptions, *, clean: bool = False
) -> Prepared:
    """Split physical ``lines`` (numbered from ``first_line``) of ``source`` into records.

    ``clean``: the caller knows no line holds a control character (``chunks.has_control``),
    so no line is tested for binary data."""
    acc = Accounting(source=source, layout=opts.layout.name)
    # one chunk (pl.read_lines gives one per block): a gather over many costs ~8x as much
    df = pl.DataFrame({"orig": lines.cast(pl.String).rechunk()}).with_row_index("i")
    acc.physical_lines = df.height
    if df.height == 0:
        empty = pl.DataFrame(schema=CANDIDATE_SCHEMA)
        return Prepared(source, opts.layout.logger_mode, acc, empty,
                        pl.DataFrame(schema={"logger": pl.String, "len": pl.UInt32}), opts.gap_samples)

    df = _unwrap(df, opts.wrappers)
    lay = opts.layout
    # the default layout's per-line work in one native pass, where it is built and on
    native = FastLines.of(df["text"], lay, check_binary=not clean)
    if native is not None:
        df = native.split_all(df)
    else:
        txt = pl.col("text")
        binary = pl.repeat(False, pl.len()) if clean else txt.str.contains(_BINARY)
        df = lay.split_all(df.with_columns(binary.alias("binary")))
    df = df.with_columns((pl.col("start") & ~pl.col("binary")).alias("start"))

    # Records: a record starts at a record-start line, at binary junk, and at the first
    # line of a batch or of a stream (docker-compose interleaves containers line by line).
    streamed = "stream" in df.columns
    if streamed:
        df = df.sort(["stream", "i"], maintain_order=True)
    first = pl.col("start") | pl.col("binary") | (pl.int_range(pl.len()) == 0)
    if streamed:
        first = first | (pl.col("stream") != pl.col("stream").shift(1)).fill_null(True)
    df = df.with_row_index("pos").with_columns(first.alias("first"))
    df = df.with_columns((pl.col("first").cum_sum() - 1).cast(pl.UInt32).alias("rid"))

    recs = (
        df.filter(pl.col("first"))
        .with_columns(
            (pl.col("pos").shift(-1, fill_value=df.height) - pl.col("pos")).alias("n_lines"),
        )
        .select("rid", "pos", "i", "start", "binary", "logger", "text", "n_lines",
                *(["stream"] if streamed else []))
    )
    recs = _logger_from_last_line(df, recs)
    acc.records = recs.height

    ok = recs.filter(pl.col("start"))
    bad = recs.filter(~pl.col("start")).with_columns(
        pl.when(pl.col("binary"))
        .then(pl.lit("binary data (control characters), not log text"))
        .otherwise(pl.lit("continuation line(s) with no record header before them"))
        .alias("reason")
    )

    # Time and level of every record (an unparseable time makes a record malformed).
    ok = lay.time_level(ok) if native is None else native.time_level(ok)
    ts = (timestamps.parse_column(ok["ts_text"], opts.tz, fast_format=lay.fast_ts) if native is None
          else native.time(ok, opts.tz))
    ok = ok.with_columns(ts.alias("ts"))
    bad_ts = ok.filter(pl.col("ts").is_null()).with_columns(
        pl.concat_str(pl.lit("unparseable timestamp "), pl.col("ts_text").fill_null("?"),
                      pl.lit(f" (time zone {opts.tz})")).alias("reason")
    )
    ok = ok.filter(pl.col("ts").is_not_null())
    malformed = pl.concat([bad.select("i", "text", "reason"), bad_ts.select("i", "text", "reason")])
    acc.malformed = malformed.height
    for row in malformed.sort("i").head(MAX_SAMPLES).iter_rows(named=True):
        acc.samples.append(
            Malformed(first_line + row["i"], row["reason"], _excerpt(row["text"]))
        )

    # Records of catalogued loggers go on to recognition (``finish``) with what their
    # event rows need; the others are only counted.
    mode = lay.logger_mode
    if mode == "full":
        known = ok["logger"].is_in(list(CATALOGUE.loggers)).fill_null(False)
    elif mode == "simple":
        known = ok["logger"].is_in(list(CATALOGUE.by_simple_name)).fill_null(False)
    else:
        known = pl.repeat(True, ok.height, eager=True)
    cand = ok.filter(known)
    cand = lay.message(cand) if native is None else native.message(cand)
    cand = cand.with_columns(_next_lines(df, cand).alias("cont"))
    cand = cand.with_columns(_raw(df, _records_by_rid(recs, cand["rid"])).alias("raw"))
    cand = cand.select(
        (pl.col("i").cast(pl.Int64) + first_line).alias("line"),
        "ts", "level", "logger", "msg", "cont", "raw",
        (pl.col("stream") if streamed else pl.lit(None, pl.String)).alias("stream"),
    )
    others = ok.filter(~known).group_by("logger").len()
    return Prepared(source, mode, acc, cand, others, opts.gap_samples)


@dataclass
class Prepared:
    """A batch of lines split into records: counted, and the records a catalogue entry
    may recognise set aside with what their event rows need (``CANDIDATE_COLUMNS``)."""

    source: str
    logger_mode: str
    accounting: Accounting  # lines, records, malformed; recognition adds the rest
    candidates: pl.DataFrame
    others: pl.DataFrame  # (logger, len) of records no entry can recognise
    gap_samples: int


def parse_lines(lines: pl.Series, source: str, first_line: int, opts: ParseOptions) -> ChunkResult:
    """Parse physical ``lines`` (line numbers start at ``first_line``) of ``source``."""
    return finish([prepare(lines, source, first_line, opts)])[0]


def finish(parts: list[Prepared]) -> list[ChunkResult]:
    """Recognise the candidates of several prepared batches at once.

    Recognition is per record, so the result does not depend on how batches are grouped;
    grouping them pays each catalogue entry's fixed cost once per group, not per batch.
    """
    if not parts:
        return []
    mode = parts[0].logger_mode
    assert all(p.logger_mode == mode for p in parts), "finish: one layout per call"
    cands = pl.concat(
        [p.candidates.with_columns(pl.lit(k, pl.UInt32).alias("part")) for k, p in enumerate(parts)]
    ).with_row_index("rid")

    def raw_of(rids: pl.Series) -> pl.DataFrame:
        return cands.select(pl.col("rid").gather(rids), pl.col("raw").gather(rids))

    events, unmatched = recognise(cands.select("rid", "logger", "msg", "cont"), raw_of, logger_mode=mode)
    meta = ["part", "line", "ts", "level", "logger", "raw", "stream"]
    # rid k is row k of cands: a gather, not a join
    events = events.hstack(cands.select(pl.col(meta).gather(events["rid"])))
    unmatched = cands.select("rid", "part", "line", "logger", "msg").join(
        unmatched.select("rid"), on="rid", how="semi"
    )
    if len(parts) == 1:  # the local path's usual group: no need to copy it into parts
        ev_parts, um_parts = {(0,): events}, {(0,): unmatched}
    else:
        ev_parts = events.partition_by("part", as_dict=True)
        um_parts = unmatched.partition_by("part", as_dict=True)
    results: list[ChunkResult] = []
    for k, p in enumerate(parts):
        ev = ev_parts.get((k,), events.clear())
        um = um_parts.get((k,), unmatched.clear())
        acc = p.accounting
        acc.recognised = ev.height
        acc.gap_count = um.height
        acc.gaps = [
            Unrecognised(line, lg, _excerpt(m, 300))
            for line, lg, m in um.sort("line").head(p.gap_samples).select("line", "logger", "msg").iter_rows()
        ]
        # Counters are filled in sorted order: their order breaks ties downstream
        # (most_common), and it must not depend on hashing (determinism).
        unrec = (
            pl.concat([um.group_by("logger").len(), p.others], how="vertical_relaxed")
            .group_by("logger").agg(pl.col("len").sum()).sort("logger", nulls_last=True)
        )
        acc.unrecognised = Counter(
            {("(no logger)" if lg is None else lg): n for lg, n in unrec.iter_rows()}
        )
        acc.kinds = Counter(dict(ev.group_by("kind").len().sort("kind").iter_rows()))
        results.append(ChunkResult(_assemble(ev, p.source), acc))
    return results


#: A batch of raw lines, the input of ``parse_batch``: consecutive physical lines of one source.
LINES_SCHEMA = pa.schema([("source", pa.string()), ("line", pa.int64()), ("text", pa.string())])


def lines_batch(source: str, first_line: int, lines: pl.Series) -> pa.RecordBatch:
    n = lines.len()
    return pa.RecordBatch.from_arrays(
        [
            pl.repeat(source, n, dtype=pl.String, eager=True).to_arrow().cast(pa.string()),
            pl.int_range(first_line, first_line + n, dtype=pl.Int64, eager=True).to_arrow(),
            lines.cast(pl.String).to_arrow().cast(pa.string()),
        ],
        schema=LINES_SCHEMA,
    )


def parse_batch(lines: pa.RecordBatch, opts: ParseOptions) -> tuple[pa.RecordBatch, Accounting]:
    """``parse_lines`` on Arrow: a batch of raw lines (``LINES_SCHEMA``: one source,
    consecutive line numbers, starting at a record boundary) -> the batch of its events
    (``STAGE_COLUMNS``, cluster and broker still null) and the accounting of its lines."""
    n = lines.num_rows
    source = lines.column("source")[0].as_py() if n else ""
    first = lines.column("line")[0].as_py() if n else 1
    if n and lines.column("line")[n - 1].as_py() != first + n - 1:
        raise ValueError("parse_batch: the lines of a batch must be consecutive")
    text = pl.Series("text", lines.column("text"), dtype=pl.String)
    res = parse_lines(text, source, first, opts)
    table = res.events.to_arrow().combine_chunks()
    batches = table.to_batches()
    events = batches[0] if batches else pa.RecordBatch.from_pylist([], schema=table.schema)
    return events, res.accounting


def _unwrap(df: pl.DataFrame, wrappers: tuple[Wrapper, ...]) -> pl.DataFrame:
    text = pl.col("orig")
    stream: pl.Expr | None = None
    for w in wrappers:
        if "(?P<stream>" in w.regex and stream is None:
            stream = text.str.extract(w.regex, 1)
        text = text.str.replace(w.regex, "")
    cols = [text.alias("text")]
    if stream is not None:
        cols.append(stream.fill_null("").alias("stream"))
    return df.with_columns(cols)


def _logger_from_last_line(df: pl.DataFrame, recs: pl.DataFrame) -> pl.DataFrame:
    """A multi-line *message* prints ``(logger)`` after its last line, not the first
    (``KafkaConfig values:`` dumps, ``Updating assignment with``)."""
    need = recs.filter(pl.col("start") & pl.col("logger").is_null() & (pl.col("n_lines") > 1))
    if need.height == 0:
        return recs
    # their continuation lines only (not a pass over every line): rows pos+1 .. of df
    lines = need.select(
        "rid", pl.int_ranges(pl.col("pos") + 1, pl.col("pos") + pl.col("n_lines"), dtype=pl.UInt32).alias("p")
    ).explode("p")
    found = (
        lines.with_columns(df["logger"].gather(lines["p"]).alias("_lg"))
        .drop_nulls("_lg")
        .group_by("rid", maintain_order=True)
        .agg(pl.col("_lg").first())
    )
    # rid k is row k of recs
    return recs.with_columns(recs["logger"].scatter(found["rid"], found["_lg"]))


def _next_lines(df: pl.DataFrame, recs: pl.DataFrame) -> pl.Series:
    """Each record's first continuation line (null for one-line records)."""
    nxt = (recs["pos"] + 1).clip(upper_bound=max(df.height - 1, 0))
    texts = df["text"].gather(nxt)
    return pl.select(pl.when(recs["n_lines"] > 1).then(texts)).to_series()


def _records_by_rid(recs: pl.DataFrame, rids: pl.Series) -> pl.DataFrame:
    # rid k is row k of recs: records were numbered in the order they were filtered
    return recs.select(pl.all().gather(rids))


def _raw(df: pl.DataFrame, recs: pl.DataFrame) -> pl.Series:
    """The records' original text, continuation lines joined by newlines (row k: record k)."""
    raw = df["orig"].gather(recs["pos"])  # a one-line record is its line
    multi_at = (recs["n_lines"] > 1).arg_true()
    if multi_at.len() == 0:
        return raw
    multi = recs[multi_at]
    spans = (
        multi.select("rid", pl.int_ranges("pos", pl.col("pos") + pl.col("n_lines")).alias("p"))
        .explode("p")
    )
    joined = (
        spans.with_columns(df["orig"].gather(spans["p"]).alias("t"))
        .group_by("rid", maintain_order=True)
        .agg(pl.col("t").str.join("\n").alias("raw"))
    )
    return raw.scatter(multi_at, joined["raw"])


def _assemble(events: pl.DataFrame, source: str) -> pl.DataFrame:
    if events.height == 0:
        return _empty_stage()
    # line is unique within a batch; recognition leaves rows in record order, which is
    # line order unless streams were interleaved (then the sort is needed, and done)
    ordered = events if events["line"].is_sorted() else events.sort("line")
    out = ordered.with_columns(
        pl.lit(None, pl.String).alias("cluster"),
        pl.lit(None, pl.Int32).alias("broker"),
        pl.lit(source).alias("source"),
    )
    return out.select(
        [pl.col(c).cast(POLARS_TYPES[c]) for c in COLUMN_NAMES]
    )


def _empty_stage() -> pl.DataFrame:
    return pl.DataFrame(schema={c: POLARS_TYPES[c] for c in COLUMN_NAMES})


def _excerpt(text: str | None, limit: int = _EXCERPT) -> str:
    if text is None:
        return ""
    t = "".join(ch if ch.isprintable() or ch == "\t" else f"\\x{ord(ch):02x}" for ch in text[:limit])
    return t + ("…" if len(text) > limit else "")
