"""The parsing core: a pure function from a batch of physical lines to a batch of
events and the accounting of every line.

Both ingest paths call it — the local one in-process and ``--spark`` inside
executors (``mapInArrow``), through ``ingest.parse_chunk`` and its Arrow form
``parse_batch`` — so their outputs are equal row for row.  It reads no file and
no clock; everything it needs comes in ``ParseOptions``.

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
from .layouts import Layout, Wrapper
from .recognise import POLARS_TYPES, recognise
from .schema import COLUMN_NAMES

# Control characters other than TAB, VT, FF and CR: a line with them is binary data.
_BINARY = r"[\x00-\x08\x0E-\x1F\x7F]"
_EXCERPT = 120

#: Columns of the staged event frames: the event table plus the wrapper's stream name.
STAGE_COLUMNS: tuple[str, ...] = (*COLUMN_NAMES, "_stream")


@dataclass(frozen=True)
class ParseOptions:
    layout: Layout
    wrappers: tuple[Wrapper, ...] = ()
    tz: str = "UTC"
    gap_samples: int = MAX_UNRECOGNISED_SAMPLES  # unrecognised records of catalogued loggers kept


@dataclass
class ChunkResult:
    events: pl.DataFrame  # STAGE_COLUMNS, cluster/broker still null
    accounting: Accounting


def parse_lines(lines: pl.Series, source: str, first_line: int, opts: ParseOptions) -> ChunkResult:
    """Parse physical ``lines`` (line numbers start at ``first_line``) of ``source``."""
    acc = Accounting(source=source, layout=opts.layout.name)
    df = pl.DataFrame({"orig": lines.cast(pl.String)}).with_row_index("i")
    acc.physical_lines = df.height
    if df.height == 0:
        return ChunkResult(_empty_stage(), acc)

    df = _unwrap(df, opts.wrappers)
    lay = opts.layout
    txt = pl.col("text")
    df = lay.split_all(df.with_columns(txt.str.contains(_BINARY).alias("binary")))
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
    ok = lay.time_level(ok)
    ok = ok.with_columns(timestamps.parse_column(ok["ts_text"], opts.tz, fast_format=lay.fast_ts).alias("ts"))
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

    # Recognition, on records whose logger the catalogue knows.
    mode = lay.logger_mode
    if mode == "full":
        known = ok["logger"].is_in(list(CATALOGUE.loggers)).fill_null(False)
    elif mode == "simple":
        known = ok["logger"].is_in(list(CATALOGUE.by_simple_name)).fill_null(False)
    else:
        known = pl.Series([True] * ok.height)
    cand = lay.message(ok.filter(known))
    cand = cand.with_columns(_next_lines(df, cand).alias("cont"))

    def raw_of(rids: pl.Series) -> pl.DataFrame:
        return _raw(df, recs.filter(pl.col("rid").is_in(rids.implode())))

    events, unmatched = recognise(
        cand.select("rid", "logger", "msg", "cont"), raw_of, logger_mode=mode
    )
    acc.gap_count = unmatched.height
    gaps = cand.join(unmatched.select("rid"), on="rid", how="semi").sort("i").head(opts.gap_samples)
    acc.gaps = [
        Unrecognised(first_line + i, lg, _excerpt(m, 300))
        for i, lg, m in gaps.select("i", "logger", "msg").iter_rows()
    ]
    rest = ok.filter(~known).select("logger")
    # Counters are filled in sorted order: their order breaks ties downstream
    # (most_common), and it must not depend on hashing (determinism).
    unrec = pl.concat([unmatched.select("logger"), rest]).group_by("logger").len().sort("logger")
    acc.unrecognised = Counter(
        {("(no logger)" if lg is None else lg): n for lg, n in unrec.iter_rows()}
    )
    acc.recognised = events.height
    acc.kinds = Counter(dict(events.group_by("kind").len().sort("kind").iter_rows()))

    out = _assemble(events, ok, df, recs, source, first_line, streamed)
    return ChunkResult(out, acc)


#: A batch of raw lines, the input of ``parse_batch``: consecutive physical lines of one source.
LINES_SCHEMA = pa.schema([("source", pa.string()), ("line", pa.int64()), ("text", pa.string())])


def lines_batch(source: str, first_line: int, lines: pl.Series) -> pa.RecordBatch:
    n = lines.len()
    return pa.RecordBatch.from_arrays(
        [
            pa.array([source] * n, pa.string()) if n else pa.array([], pa.string()),
            pa.array(range(first_line, first_line + n), pa.int64()),
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
    found = (
        df.filter(~pl.col("first") & pl.col("logger").is_not_null()
                  & pl.col("rid").is_in(need["rid"].implode()))
        .group_by("rid")
        .agg(pl.col("logger").first().alias("_lg"))
    )
    return (
        recs.join(found, on="rid", how="left")
        .with_columns(pl.coalesce("logger", "_lg").alias("logger"))
        .drop("_lg")
    )


def _next_lines(df: pl.DataFrame, recs: pl.DataFrame) -> pl.Series:
    """Each record's first continuation line (null for one-line records)."""
    nxt = (recs["pos"] + 1).clip(upper_bound=max(df.height - 1, 0))
    texts = df["text"].gather(nxt)
    return pl.select(pl.when(recs["n_lines"] > 1).then(texts)).to_series()


def _raw(df: pl.DataFrame, recs: pl.DataFrame) -> pl.DataFrame:
    """(rid, raw): the records' original text, continuation lines joined by newlines."""
    one = recs.filter(pl.col("n_lines") == 1)
    single = pl.DataFrame({"rid": one["rid"], "raw": df["orig"].gather(one["pos"])})
    multi = recs.filter(pl.col("n_lines") > 1)
    if multi.height == 0:
        return single
    spans = (
        multi.select("rid", pl.int_ranges("pos", pl.col("pos") + pl.col("n_lines")).alias("p"))
        .explode("p")
    )
    joined = (
        spans.with_columns(df["orig"].gather(spans["p"]).alias("t"))
        .group_by("rid", maintain_order=True)
        .agg(pl.col("t").str.join("\n").alias("raw"))
    )
    return pl.concat([single, joined])


def _assemble(
    events: pl.DataFrame,
    ok: pl.DataFrame,
    df: pl.DataFrame,
    recs: pl.DataFrame,
    source: str,
    first_line: int,
    streamed: bool,
) -> pl.DataFrame:
    if events.height == 0:
        return _empty_stage()
    meta = ok.select(
        "rid",
        (pl.col("i").cast(pl.Int64) + first_line).alias("line"),
        "ts", "level", "logger",
        (pl.col("stream") if streamed else pl.lit(None, pl.String)).alias("_stream"),
    )
    raws = _raw(df, recs.filter(pl.col("rid").is_in(events["rid"].implode())))
    out = events.join(meta, on="rid", how="left").join(raws, on="rid", how="left")
    out = out.sort("line").with_columns(
        pl.lit(None, pl.String).alias("cluster"),
        pl.lit(None, pl.Int32).alias("broker"),
        pl.lit(source).alias("source"),
    )
    return out.select(
        [pl.col(c).cast(POLARS_TYPES[c]) for c in COLUMN_NAMES] + [pl.col("_stream")]
    )


def _empty_stage() -> pl.DataFrame:
    return pl.DataFrame(schema={**{c: POLARS_TYPES[c] for c in COLUMN_NAMES}, "_stream": pl.String})


def _excerpt(text: str | None, limit: int = _EXCERPT) -> str:
    if text is None:
        return ""
    t = "".join(ch if ch.isprintable() or ch == "\t" else f"\\x{ord(ch):02x}" for ch in text[:limit])
    return t + ("…" if len(text) > limit else "")


def to_arrow(events: pl.DataFrame) -> pa.Table:
    """Staged events -> the event table schema (drops the stream column)."""
    from .schema import EVENT_SCHEMA

    return events.select(COLUMN_NAMES).to_arrow().cast(EVENT_SCHEMA)
