"""Real logs from real systems (../shared/corpus/real, see its PROVENANCE.md).

Every file there must ingest without error, with its accounting adding up; in
every text log at least 99% of the records of catalogued loggers must be
recognised (the ones that are not are listed in the failure message); and the
elastic/beats pipeline's expected parse of its fixtures must agree with our split
of timestamp, level, logger and message.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kafka_forensics.parsers.coverage import file_coverage, shape
from kafka_forensics.parsers.ingest import IngestOptions, ingest

from .conftest import CORPUS, corpus_files

pytestmark = pytest.mark.corpus

SOURCES = sorted(p for p in CORPUS.iterdir() if p.is_dir()) if CORPUS.is_dir() else []
TEXT_LOGS = [
    p for p in corpus_files()
    if ".log" in p.name or p.suffix == ".out"
    if not p.name.endswith(".json") and "kafka-logs" not in p.parts and "kraft-combined-logs" not in p.parts
]


def _id(p: Path) -> str:
    return str(p.relative_to(CORPUS)) if CORPUS in p.parents else p.name


@pytest.mark.parametrize("source", SOURCES or [None], ids=lambda p: p.name if p else "absent")
def test_every_corpus_file_ingests_without_error(source: Path | None, tmp_path: Path) -> None:
    if source is None:
        pytest.skip("../shared/corpus/real is absent")
    report = ingest([str(source)], tmp_path / "events.parquet", IngestOptions())
    assert not report.errors
    for acc in report.files:
        assert not acc.errors, acc.errors
        assert acc.balanced(), acc.to_json()


@pytest.mark.parametrize("path", TEXT_LOGS or [None], ids=lambda p: _id(p) if p else "absent")
def test_catalogued_loggers_are_recognised_in_real_logs(path: Path | None) -> None:
    if path is None:
        pytest.skip("../shared/corpus/real is absent")
    cov = file_coverage(path)
    if cov.ratio >= 0.99:
        return
    shapes: dict[tuple[str, str], tuple[int, str]] = {}
    for line, logger, msg in cov.gaps:
        key = (logger, shape(msg))
        n, ex = shapes.get(key, (0, f"{line}: {msg}"))
        shapes[key] = (n + 1, ex)
    listing = "\n".join(
        f"  {n:5d} {lg}: {ex[:240]}" for (lg, _), (n, ex) in sorted(shapes.items(), key=lambda kv: -kv[1][0])
    )
    pytest.fail(
        f"{cov.recognised}/{cov.catalogued} = {cov.ratio:.2%} of catalogued-logger records recognised "
        f"in {_id(path)}; unrecognised:\n{listing}"
    )


BEATS = [p for p in corpus_files("elastic-beats/*-expected.json")]


def _beats_pairs() -> list[tuple[Path, Path]]:
    out = []
    for exp in BEATS:
        log = exp.with_name(exp.name.removesuffix("-expected.json"))
        if log.exists():
            out.append((log, exp))
    return out


@pytest.mark.parametrize("pair", _beats_pairs() or [None], ids=lambda p: p[0].name if p else "absent")
def test_beats_expected_parse_agrees_with_our_record_split(pair: tuple[Path, Path] | None) -> None:
    """Filebeat's module splits `[ts] LEVEL [component] message (class)`; so do we
    (we keep the `[component]` prefix in the message, Filebeat moves it out)."""
    if pair is None:
        pytest.skip("../shared/corpus/real is absent")
    log, exp = pair
    import polars as pl

    from kafka_forensics.parsers.chunks import split_lines
    from kafka_forensics.parsers.layouts import sniff

    lines = split_lines(log.read_bytes()).lines
    lay, _ = sniff(lines.to_list())
    assert lay is not None
    df = pl.DataFrame({"text": lines}).with_row_index("i")
    recs = lay.split_first(lay.split_all(df).filter(pl.col("start")))
    expected = json.loads(exp.read_text())
    assert recs.height == len(expected)
    for row, e in zip(recs.iter_rows(named=True), expected, strict=True):
        assert row["level"] == e["log.level"]
        assert row["logger"] == e["kafka.log.class"]
        tz = e.get("event.timezone", "+00:00")
        sign = -1 if tz.startswith("-") else 1
        hh, mm = tz[1:].split(":")
        offset = timedelta(hours=int(hh), minutes=int(mm)) * sign
        ts = datetime.fromisoformat(row["ts_text"].replace(",", ".")).replace(tzinfo=UTC) - offset
        assert ts == datetime.fromisoformat(e["@timestamp"].replace("Z", "+00:00"))
        msg = row["msg"].rstrip()
        comp = e.get("kafka.log.component", "unknown")
        want = e["message"].split("\n")[0].rstrip()
        if comp != "unknown" and msg.startswith(f"[{comp}]"):
            msg = msg[len(comp) + 2 :].lstrip(":,").lstrip()
        assert msg == want
