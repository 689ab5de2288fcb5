"""Invariants of the parsing core, over generated inputs (hypothesis).

* every physical line belongs to exactly one record, and the accounting adds up,
  whatever the bytes;
* records survive the round trip render -> parse (time, level, logger, line number,
  raw text);
* where the chunk cuts fall does not change the result.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import polars as pl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.core import ParseOptions, parse_lines
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from kafka_forensics.parsers.layouts import KAFKA

LEVELS = ("TRACE", "DEBUG", "INFO", "WARN", "ERROR")
LOGGERS = ("kafka.coordinator.group.GroupCoordinator", "kafka.log.LogManager", "state.change.logger",
           "kafka.cluster.Partition")
T0 = datetime(2024, 3, 1, tzinfo=UTC)

message = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=80)
continuation = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=40).map(
    lambda s: "\tat " + s
)


@st.composite
def records(draw: st.DrawFn) -> list[tuple[datetime, str, str, str, list[str]]]:
    n = draw(st.integers(1, 30))
    out = []
    t = T0
    for _ in range(n):
        t += timedelta(milliseconds=draw(st.integers(0, 10_000)))
        out.append((t, draw(st.sampled_from(LEVELS)), draw(st.sampled_from(LOGGERS)),
                    draw(message), draw(st.lists(continuation, max_size=3))))
    return out


def render(recs: list[tuple[datetime, str, str, str, list[str]]]) -> str:
    lines = []
    for t, lvl, lg, msg, cont in recs:
        lines.append(f"[{t.strftime('%Y-%m-%d %H:%M:%S')},{t.microsecond // 1000:03d}] {lvl} {msg} ({lg})")
        lines.extend(cont)
    return "\n".join(lines) + "\n"


@given(records())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_every_line_lands_in_exactly_one_record(recs: list) -> None:  # type: ignore[type-arg]
    text = render(recs)
    res = parse_lines(split_lines(text.encode()).lines, "gen.log", 1, ParseOptions(layout=KAFKA))
    acc = res.accounting
    assert acc.physical_lines == text.count("\n")
    assert acc.records == len(recs) and acc.malformed == 0
    assert acc.balanced()


@given(st.binary(max_size=2000))
@settings(max_examples=200, deadline=None)
def test_any_bytes_are_accounted_for_without_a_crash(data: bytes) -> None:
    lines = split_lines(data).lines
    acc = parse_lines(lines, "fuzz.log", 1, ParseOptions(layout=KAFKA)).accounting
    assert acc.balanced()
    assert acc.physical_lines == lines.len()


@given(records())
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_recognised_records_round_trip_time_logger_line_and_raw(recs: list) -> None:  # type: ignore[type-arg]
    # give every record a recognisable message so that it comes out as an event
    recs = [(t, lvl, "kafka.coordinator.group.GroupCoordinator",
             f"[GroupCoordinator 1]: Stabilized group g{i} generation {i} (__consumer_offsets-3) with 1 members",
             cont) for i, (t, lvl, _, _, cont) in enumerate(recs)]
    text = render(recs)
    ev = parse_lines(split_lines(text.encode()).lines, "gen.log", 1, ParseOptions(layout=KAFKA)).events
    assert ev.height == len(recs)
    expect_line = 1
    for row, (t, lvl, lg, _, cont) in zip(ev.iter_rows(named=True), recs, strict=True):
        assert row["ts"] == t.replace(microsecond=t.microsecond // 1000 * 1000)
        assert row["level"] == lvl and row["logger"] == lg and row["line"] == expect_line
        assert row["raw"].split("\n")[1:] == cont
        expect_line += 1 + len(cont)


@given(recs=records(), chunk=st.integers(64, 4096))
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
          deadline=None)
def test_chunk_cuts_do_not_change_the_events(recs: list, chunk: int, tmp_path_factory) -> None:  # type: ignore[no-untyped-def,type-arg]
    recs = [(t, lvl, "kafka.coordinator.group.GroupCoordinator",
             f"[GroupCoordinator 1]: Stabilized group g{i} generation {i} (__consumer_offsets-3) with 1 members",
             cont) for i, (t, lvl, _, _, cont) in enumerate(recs)]
    d: Path = tmp_path_factory.mktemp("chunks")
    f = d / "server.log"
    f.write_text(render(recs))
    tables = []
    for size in (chunk, 1 << 24):
        out = d / f"e{size}.parquet"
        ingest([str(f)], out, IngestOptions(chunk_bytes=size))
        tables.append(pl.read_parquet(out))
    assert tables[0].equals(tables[1])


@given(records())
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_the_arrow_form_of_the_core_gives_the_same_events(recs: list) -> None:  # type: ignore[type-arg]
    from kafka_forensics.parsers.core import lines_batch, parse_batch

    recs = [(t, lvl, "kafka.coordinator.group.GroupCoordinator",
             f"[GroupCoordinator 1]: Stabilized group g{i} generation {i} (__consumer_offsets-3) with 1 members",
             cont) for i, (t, lvl, _, _, cont) in enumerate(recs)]
    lines = split_lines(render(recs).encode()).lines
    opts = ParseOptions(layout=KAFKA)
    batch, acc = parse_batch(lines_batch("gen.log", 7, lines), opts)
    res = parse_lines(lines, "gen.log", 7, opts)
    assert pl.from_arrow(batch).equals(res.events)
    assert acc.to_json() == res.accounting.to_json()
