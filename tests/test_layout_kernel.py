"""The default layout's native line splitter (``parsers/_layout.c`` run by
``layouts.FastLines``) must answer exactly as the Polars expressions it stands in for:
start, binary and logger of every line, time, level and message of every record start,
and so ``core.prepare``'s records, candidates and counts, with the kernel on and off.

Lines are built from realistic pieces (Kafka headers, logger suffixes with and without
``:line``, trailing blanks and CRs) mixed with what could trip a byte-wise reading:
control characters, Unicode digits and blanks (the regex crate's ``\\d`` and ``\\s``
take them), other non-ASCII text (``str.slice`` counts characters)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import core, kernel, layouts
from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.layouts import KAFKA, FastLines, detect

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real"

needs_native = pytest.mark.skipif(layouts._layout is None or kernel._match is None,
                                  reason="parsers/_layout.c or _match.c is not built")


def test_the_splitter_is_built() -> None:
    # a build that silently fell back to Polars alone would lose the speed without a word
    assert layouts._layout is not None, "parsers/_layout.c did not build: see `pip install -e .`'s output"


# ---- lines from pieces ---------------------------------------------------------------------

_DIGITS = "0123456789"
_ODD_DIGITS = "\u0663\uff13\u09e9"  # Arabic-Indic, fullwidth, Bengali: \d in the regex crate
_BLANKS = [" ", "\t", "\r", "\x0b", "\x0c", "\n"]
_ODD_BLANKS = ["\u00a0", "\u0085", "\u2028", "\u3000", "\u1680", "\x1c", "\x1f"]  # \x1c-\x1f: not \s
_CONTROLS = ["\x00", "\x01", "\x08", "\x0e", "\x1b", "\x7f"]
_LEVELS = ["INFO", "WARN", "ERROR", "DEBUG", "TRACE", "FATAL", "A", "AB", "ABC", "WARNING", "SEVERE",
           "info", "INFO5", "ÉRROR"]
_LOGGERS = ["kafka.server.ReplicaManager", "state.change.logger", "kafka.log.Log$", "org.apache.kafka.X",
            "a", "A_b.c$1", "12", "kafka.server.KafkaConfig"]


@st.composite
def _timestamp(draw: st.DrawFn) -> str:
    ts = list("2024-03-01 10:15:42,123")
    for _ in range(draw(st.integers(0, 2))):  # damage: another digit, a Unicode digit, a letter, a cut
        at = draw(st.integers(0, len(ts) - 1))
        ts[at] = draw(st.sampled_from([*_DIGITS, *_ODD_DIGITS, "x", " ", "é", ":", ""]))
    return "".join(ts)


@st.composite
def _header(draw: st.DrawFn) -> str:
    level = draw(st.sampled_from(_LEVELS))
    after = draw(st.sampled_from([" ", " ", " ", "  ", "", "\t", "é"]))
    head = f"[{draw(_timestamp())}] {level}{after}"
    if draw(st.integers(0, 3)) == 0:  # damage anywhere in it: a bracket, a separator, the last digit
        at = draw(st.integers(0, min(len(head), 27) - 1))
        head = head[:at] + draw(st.sampled_from(["x", " ", "]", "[", "\u0663", "5", ""])) + head[at + 1:]
    if draw(st.integers(0, 9)) == 0:
        head = head[: draw(st.integers(0, len(head)))]
    return head


_TEXT = st.text(
    alphabet=st.sampled_from(
        [*"abcXYZ019 .:$_()[]-=,", *_BLANKS, *_ODD_BLANKS, *_CONTROLS, *_ODD_DIGITS, "é", "日", "😀"]
    ),
    max_size=30,
)
_WORDS = st.sampled_from(["Rolled new log segment", "Partition [t,0]", "x", "", "(kafka.log.Log)",
                          "Shutting down", "é à", "日本"])


@st.composite
def _suffix(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 7))
    lg = draw(st.sampled_from(_LOGGERS))
    if kind == 0:
        return ""
    if kind == 1:
        return f" ({lg}:{draw(st.integers(0, 999))})"
    if kind == 2:
        return draw(st.sampled_from([f"({lg})", f" ({lg}:)", f" ({lg}:1:2)", " ()", f" ({lg}", f" ({lg}é)",
                                     f" (:{draw(st.integers(0, 9))})", f"  ({lg})", f" ({lg}) x"]))
    return f" ({lg})"


@st.composite
def _line(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    if kind == 0:  # anything
        return draw(st.text(max_size=60))
    if kind == 1:  # continuation lines: stack frames, config dumps, a logger on the last line
        return draw(st.sampled_from(["\tat kafka.Foo.bar(Foo.java:12)", "\tkey = value", "", " ",
                                     "\tzookeeper.connect = z:2181\r", "  (kafka.server.KafkaConfig)",
                                     "java.io.IOException: é", "}"]))
    head = draw(_header()) if kind > 2 else draw(_TEXT)
    body = draw(_WORDS) + draw(_TEXT) if draw(st.booleans()) else draw(_WORDS)
    tail = "".join(draw(st.lists(st.sampled_from(_BLANKS + _ODD_BLANKS[:2]), max_size=3)))
    return head + body + draw(_suffix()) + tail


# ---- the two paths -------------------------------------------------------------------------

@contextmanager
def _kernel(on: bool) -> Iterator[None]:
    old = os.environ.get("KAFKA_FORENSICS_KERNEL")
    os.environ["KAFKA_FORENSICS_KERNEL"] = "1" if on else "0"
    try:
        yield
    finally:
        if old is None:
            del os.environ["KAFKA_FORENSICS_KERNEL"]
        else:
            os.environ["KAFKA_FORENSICS_KERNEL"] = old


def _by_polars(lines: list[str]) -> tuple[pl.DataFrame, pl.DataFrame]:
    df = pl.DataFrame({"text": lines}, schema={"text": pl.String}).with_row_index("i")
    df = KAFKA.split_all(df.with_columns(pl.col("text").str.contains(core._BINARY).alias("binary")))
    starts = df.filter(pl.col("start"))
    return df, KAFKA.message(KAFKA.time_level(starts))


def _by_native(lines: list[str]) -> tuple[pl.DataFrame, pl.DataFrame]:
    df = pl.DataFrame({"text": lines}, schema={"text": pl.String}).with_row_index("i")
    fast = FastLines(df["text"], check_binary=True)
    df = fast.split_all(df)
    starts = df.filter(pl.col("start"))
    return df, fast.message(fast.time_level(starts))


def _same(lines: list[str]) -> None:
    a, a_starts = _by_polars(lines)
    b, b_starts = _by_native(lines)
    cols = ["i", "text", "binary", "start", "logger"]
    assert a.select(cols).equals(b.select(cols)), _diff(a.select(cols), b.select(cols))
    cols = ["i", "ts_text", "level", "msg"]
    assert a_starts.select(cols).equals(b_starts.select(cols)), _diff(a_starts.select(cols),
                                                                      b_starts.select(cols))


def _diff(a: pl.DataFrame, b: pl.DataFrame) -> str:
    for ra, rb in zip(a.iter_rows(), b.iter_rows(), strict=False):
        if ra != rb:
            return f"polars {ra!r}\nnative {rb!r}"
    return f"heights {a.height} {b.height}"


@needs_native
@settings(max_examples=400, deadline=None)
@given(st.lists(_line(), min_size=1, max_size=40))
def test_each_line_splits_as_the_expressions_do(lines: list[str]) -> None:
    _same(lines)


@needs_native
@pytest.mark.parametrize("line", [
    "[2024-03-01 10:15:42,123] INFO Rolled new log segment (kafka.log.Log)",
    "[2024-03-01 10:15:42,123] INFO Rolled new log segment (kafka.log.Log)\r",
    "[2024-03-01 10:15:42,123] INFO Rolled (kafka.log.Log:123) \t\r",
    "[2024-03-01 10:15:42,123] INFO (kafka.log.Log)",  # the message is only "(logger)": kept
    "[2024-03-01 10:15:42,123] INFO  (kafka.log.Log)",
    "[2024-03-01 10:15:42,123] INFO (kafka.log.Log) ",
    "[2024-03-01 10:15:42,123] WARNING long level (x.Y)",
    "[2024-03-01 10:15:42,123] A b c (x.Y)",  # the five characters after the time are the level
    "[2024-03-01 10:15:42,123] A bc",  # the message starts past the end: empty
    "[2024-03-01 10:15:42,123] INFO ",
    "[2024-03-01 10:15:42,123] INFO",
    "[2024-03-01 10:15:42,12\u0663] INFO Unicode digit (x.Y)",
    "[2024-03-01 10:15:42,12x] INFO the last digit (x.Y)",
    "[2024-03-01 10:15:42,123]XINFO no space",
    "[2024-03-01 10:15:42,123) INFO no bracket",
    "x2024-03-01 10:15:42,123] INFO no bracket",
    "[2024-03-01T10:15:42,123] INFO a T",
    "[2024-03-01 10:15:42.123] INFO a dot",
    "[2024-03-01 10:15:42,123] INFO é (x.Y)",
    "[2024-03-01 10:15:42,123] INFOé (x.Y)",
    "[2024-03-01 10:15:42,123] A é (x.Y)",
    "[2024-03-01 10:15:42,123] INFO trailing Unicode blank (x.Y)\u00a0",
    "[2024-03-01 10:15:42,123] INFO not a blank (x.Y)\x1c",
    "[2024-03-01 10:15:42,123] INFO binary \x00 (x.Y)",
    "[2024-03-01 10:15:42,123] INFO colon (x.Y:)",
    "[2024-03-01 10:15:42,123] INFO two colons (x.Y:1:2)",
    "[2024-03-01 10:15:42,123] INFO digits (12345)",
    "[2024-03-01 10:15:42,123] INFO empty ()",
    "(kafka.server.KafkaConfig)",
    " (kafka.server.KafkaConfig)",
    "",
    "[",
    "\u0663",
])
def test_edge_lines(line: str) -> None:
    _same([line])


@st.composite
def _any_time(draw: st.DrawFn) -> str:
    """A time of the default layout's shape, its fields anywhere in their digits' range."""
    def two(hi: int) -> str:
        return f"{draw(st.one_of(st.integers(0, hi), st.integers(0, 99))):02d}"
    year = draw(st.one_of(st.integers(1969, 2040), st.sampled_from([0, 1, 100, 1900, 2000, 2100, 9999]),
                          st.integers(0, 9999)))
    return (f"{year:04d}-{two(12)}-{two(31)} {two(23)}:{two(59)}:{two(59)},"
            f"{draw(st.integers(0, 999)):03d}")


# leap days (2100 and 1900 have none), days and months out of range, hour 24, second 60
# (a leap second to Polars), year 0, the ends of the range and of the epoch
_EDGE_TIMES = [f"{d} {t}" for d in ("2100-02-29", "1900-02-29", "2000-02-29", "2024-02-29", "2023-02-29",
                                    "2024-04-31", "2024-12-31", "2024-13-01", "2024-00-10", "2024-01-00",
                                    "2024-01-32", "0000-01-01", "0001-01-01", "9999-12-31", "1969-12-31",
                                    "1970-01-01")
               for t in ("00:00:00,000", "23:59:59,999", "24:00:00,000", "12:60:00,000", "12:00:60,500")]

_ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]


@needs_native
@settings(max_examples=300, deadline=None)
@given(st.lists(_any_time(), min_size=1, max_size=30), st.sampled_from(_ZONES))
def test_times_are_read_as_polars_reads_them(times: list[str], tz: str) -> None:
    lines = [f"[{t}] INFO x (a.B)" for t in times + _EDGE_TIMES]
    # around DST changes too: the hour repeated in autumn, the one skipped in spring
    lines += [f"[2024-{m}-{d} {h}:30:00,000] WARN y" for m, d in (("03", "31"), ("10", "27"), ("03", "10"),
                                                                  ("11", "03")) for h in ("01", "02", "03")]
    df = pl.DataFrame({"text": lines}).with_row_index("i")
    fast = FastLines(df["text"], check_binary=True)
    ok = fast.time_level(fast.split_all(df).filter(pl.col("start")))
    assert ok.height == len(lines)
    want = core.timestamps.parse_column(ok["ts_text"], tz, fast_format=KAFKA.fast_ts).alias("ts")
    got = fast.time(ok, tz)
    assert got.equals(want), _diff(pl.DataFrame([ok["ts_text"], want]), pl.DataFrame([ok["ts_text"], got]))


@needs_native
def test_a_null_line_leaves_the_chunk_to_polars() -> None:
    assert FastLines.of(pl.Series(["a", None], dtype=pl.String), KAFKA, check_binary=True) is None
    with _kernel(False):
        assert FastLines.of(pl.Series(["a"], dtype=pl.String), KAFKA, check_binary=True) is None
    with _kernel(True):
        assert FastLines.of(pl.Series(["a"], dtype=pl.String), KAFKA, check_binary=True) is not None
        plain = layouts.BY_NAME["plain"]
        assert FastLines.of(pl.Series(["a"], dtype=pl.String), plain, check_binary=True) is None


# ---- prepare, native on and off ------------------------------------------------------------

def _prepare(lines: list[str], *, on: bool, clean: bool,
             opts: core.ParseOptions | None = None) -> core.Prepared:
    with _kernel(on):
        return core.prepare(pl.Series(lines, dtype=pl.String), "t.log", 7,
                            opts or core.ParseOptions(layout=KAFKA), clean=clean)


def _same_prepared(a: core.Prepared, b: core.Prepared) -> None:
    assert a.candidates.equals(b.candidates), _diff(a.candidates, b.candidates)
    assert a.others.sort("logger").equals(b.others.sort("logger"))
    assert a.accounting == b.accounting


_RECORD = st.builds(
    lambda head, body, cont, last: [head + body, *cont, *last],
    st.sampled_from(["[2024-03-01 10:15:42,123] INFO ", "[2024-03-01 10:15:42,123] WARN ",
                     "[2024-03-01 10:15:42,123] ERROR ", "[2024-03-01 10:15:42,123] DEBUG "]),
    st.sampled_from([
        "[Log partition=orders-3, dir=/var/lib/kafka] Rolled new log segment at offset 4518 in 2 ms. "
        "(kafka.log.Log)",
        "[ReplicaManager broker=1] Shutting down (kafka.server.ReplicaManager)\r",
        "KafkaConfig values: ", "Updating assignment with",
        "[GroupCoordinator 1]: Preparing to rebalance group g (kafka.coordinator.group.GroupCoordinator:77)",
        "Awaiting socket connections on 0.0.0.0:9092. (kafka.network.Acceptor) ",
        "é unicode (kafka.server.KafkaServer)", "(kafka.server.KafkaServer)",
    ]),
    st.lists(st.sampled_from(["\tat kafka.Foo.bar(Foo.java:12)", "\tbroker.id = 1", ""]), max_size=3),
    st.lists(st.sampled_from([" (kafka.server.KafkaConfig)", "\tlog.dirs = /x (kafka.server.KafkaConfig)",
                              "\tassignment = {} (kafka.coordinator.group.GroupCoordinator:12)"]),
             max_size=2),
)


@needs_native
@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(_RECORD, st.lists(_line(), min_size=1, max_size=3)), min_size=1, max_size=12),
       st.booleans())
def test_prepare_is_the_same_native_or_not(records: list[list[str]], clean: bool) -> None:
    lines = [ln for rec in records for ln in rec]
    _same_prepared(_prepare(lines, on=False, clean=clean), _prepare(lines, on=True, clean=clean))


@needs_native
@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(_any_time(), _RECORD), min_size=1, max_size=12), st.sampled_from(_ZONES))
def test_prepare_reads_times_alike(records: list[tuple[str, list[str]]], tz: str) -> None:
    lines = [ln for t, rec in records for ln in [f"[{t}]{rec[0][25:]}", *rec[1:]]]
    opts = core.ParseOptions(layout=KAFKA, tz=tz)
    _same_prepared(_prepare(lines, on=False, clean=False, opts=opts),
                   _prepare(lines, on=True, clean=False, opts=opts))


def _corpus_logs() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and (p.suffix in (".log", ".txt")
                                                                     or ".log." in p.name))


@needs_native
@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/real is absent")
def test_the_corpus_is_prepared_alike() -> None:
    prepared = 0
    for path in _corpus_logs():
        data = path.read_bytes()
        lines = split_lines(data)
        wrappers, lay = detect(lines.lines.to_list()[:2000], None)
        opts = core.ParseOptions(layout=lay or KAFKA, wrappers=wrappers)
        # as ingest sees the file, and with the binary test that a clean chunk skips
        for clean in {lines.clean, False}:
            text = lines.lines.to_list()
            a = _prepare(text, on=False, clean=clean, opts=opts)
            b = _prepare(text, on=True, clean=clean, opts=opts)
            _same_prepared(a, b)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(core, "_logger_from_last_line", _logger_from_last_line_by_join)
            ref = _prepare(text, on=False, clean=False, opts=opts)
        _same_prepared(ref, b)
        if opts.layout.fast:
            prepared += lines.lines.len()
    assert prepared > 1000


def _logger_from_last_line_by_join(df: pl.DataFrame, recs: pl.DataFrame) -> pl.DataFrame:
    """``core._logger_from_last_line`` as it was first written (a pass over every line and a
    join): the reference its cheaper form must equal."""
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
        recs.join(found, on="rid", how="left", maintain_order="left")
        .with_columns(pl.coalesce("logger", "_lg").alias("logger"))
        .drop("_lg")
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(_RECORD, st.lists(_line(), min_size=1, max_size=3)), min_size=1, max_size=12),
       st.booleans())
def test_a_logger_on_the_last_line_is_found_as_by_the_join(records: list[list[str]], on: bool) -> None:
    lines = [ln for rec in records for ln in rec]
    want = _prepare(lines, on=on, clean=False)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(core, "_logger_from_last_line", _logger_from_last_line_by_join)
        ref = _prepare(lines, on=on, clean=False)
    _same_prepared(ref, want)
