"""The command line, driven for real (a subprocess of the installed console script).

Users see sentences, never tracebacks; exit codes say what happened: 0 clean,
2 bad input (the readable part is still written).
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import polars as pl
import pytest

from .conftest import REPO

EXE = shutil.which("kafka-forensics") or "kafka-forensics"
GC = "kafka.coordinator.group.GroupCoordinator"


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([EXE, *args], capture_output=True, text=True, input=stdin.decode() if stdin else None,
                          timeout=300, env={"PATH": str(Path(EXE).parent), "NO_COLOR": "1", "COLUMNS": "200",
                               "KAFKA_FORENSICS_CACHE": "off"})


def line(gen: int, group: str = "payments", ts: str = "2021-07-09 11:02:31,772", node: int = 1) -> str:
    return (f"[{ts}] INFO [GroupCoordinator {node}]: Stabilized group {group} generation {gen} "
            f"(__consumer_offsets-42) with 3 members ({GC})\n")


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    f = tmp_path / "server.log"
    f.write_text(line(1) + line(2, "billing", "2021-07-09 11:05:00,000") + line(3, ts="2021-07-09 12:00:00,000"))
    return f


def test_ingest_prints_the_accounting_and_writes_the_table(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "e.parquet"
    r = cli("ingest", str(logs), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "server.log" in r.stdout and "3 events" in r.stdout
    assert pl.read_parquet(out).height == 3


def test_ingest_json_accounting_adds_up(logs: Path) -> None:
    r = cli("ingest", str(logs), "--json")
    doc = json.loads(r.stdout)
    (f,) = doc["files"]
    assert f["records"] == f["recognised"] + f["unrecognised"] + f["malformed"] == 3


def test_ingest_of_the_bundled_examples_succeeds(tmp_path: Path) -> None:
    r = cli("ingest", str(REPO / "examples"), "-o", str(tmp_path / "e.parquet"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr


def test_damaged_input_exits_2_with_a_sentence_and_keeps_the_readable_part(tmp_path: Path) -> None:
    data = gzip.compress("".join(line(g) for g in range(300)).encode())
    f = tmp_path / "server.log.gz"
    f.write_bytes(data[: len(data) // 2])
    out = tmp_path / "e.parquet"
    r = cli("ingest", str(f), "-o", str(out))
    assert r.returncode == 2
    assert "truncated" in r.stdout and "Traceback" not in r.stdout + r.stderr
    assert pl.read_parquet(out).height > 0


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    r = cli("ingest", str(tmp_path / "nope.log"))
    assert r.returncode == 2 and "no such file" in r.stdout


def test_an_unknown_time_zone_is_refused_with_advice(logs: Path) -> None:
    r = cli("ingest", str(logs), "--tz", "Mars/Olympus")
    assert r.returncode == 2 and "IANA" in r.stderr and "Traceback" not in r.stderr


def test_an_unusable_layout_is_refused_with_advice(logs: Path) -> None:
    r = cli("ingest", str(logs), "--layout", "%p %m%n")
    assert r.returncode == 2 and "needs a date" in r.stderr


def test_stdin_is_read_from_a_dash() -> None:
    r = cli("ingest", "-", "--json", stdin=(line(1) + line(2)).encode())
    assert json.loads(r.stdout)["files"][0]["recognised"] == 2


def test_events_filters_by_group_kind_and_time(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "e.parquet"
    cli("ingest", str(logs), "-o", str(out))
    r = cli("events", str(out), "--group", "payments", "--kind", "group_stabilized",
            "--since", "2021-07-09T11:00:00", "--until", "2021-07-09T11:30:00", "--format", "jsonl")
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["generation"] for x in rows] == [1]
    assert rows[0]["ts"] == "2021-07-09T11:02:31.772Z" and rows[0]["line"] == 1


def test_events_reads_raw_logs_on_the_fly(logs: Path) -> None:
    r = cli("events", str(logs), "--format", "jsonl", "--limit", "2")
    assert len(r.stdout.splitlines()) == 2


def test_events_table_escapes_markup_from_logs(tmp_path: Path) -> None:
    # group ids are attacker-controlled: rich markup in them must be printed, not obeyed
    f = tmp_path / "server.log"
    f.write_text(line(1, group="[bold red]x[/]"))
    r = cli("events", str(f))
    assert r.returncode == 0 and "[bold red]x[/]" in r.stdout


def test_an_unknown_kind_is_refused_with_advice(logs: Path) -> None:
    r = cli("events", str(logs), "--kind", "rebalanse")
    assert r.returncode == 2 and "docs/kinds.md" in r.stderr


def test_a_bad_partition_filter_is_refused(logs: Path) -> None:
    r = cli("events", str(logs), "--partition", "orders")
    assert r.returncode == 2 and "topic-partition" in r.stderr


def test_an_unexpected_failure_is_a_sentence_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from kafka_forensics.cli import main

    def boom(*_: object, **__: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("kafka_forensics.parsers.ingest.ingest", boom)
    monkeypatch.setattr(sys, "argv", ["kafka-forensics", "ingest", "x.log"])
    monkeypatch.delenv("KAFKA_FORENSICS_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        main.run()
    err = capsys.readouterr().err
    assert exit_info.value.code == 70
    assert "internal error: RuntimeError: disk on fire" in err and "Traceback" not in err


def test_an_unknown_option_is_a_usage_error() -> None:
    r = cli("ingest", "--frobnicate")
    assert r.returncode == 2 and "No such option" in r.stderr and "Traceback" not in r.stderr
