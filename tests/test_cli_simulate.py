"""``kafka-forensics simulate``, driven for real: the timeline, the JSON Lines effects of
the trace contract, ``--check`` exit codes, and trace errors as sentences."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import REPO
from .test_cli import cli

SEED = REPO / "examples" / "seeds" / "scenario1-simultaneous-joins.0.10.0.jsonl"


def test_simulate_prints_a_timeline_and_the_check_verdict() -> None:
    r = cli("simulate", str(SEED), "--check")
    assert r.returncode == 0, r.stderr
    assert "AwaitingSync -> Stable" in r.stdout
    assert "expectations hold" in r.stdout


def test_simulate_json_prints_one_effect_per_line_in_the_contract_shape() -> None:
    r = cli("simulate", str(SEED), "--json")
    assert r.returncode == 0, r.stderr
    effects = [json.loads(x) for x in r.stdout.splitlines()]
    states = [(e["from"], e["to"]) for e in effects if e["event"] == "state"]
    assert states == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                      ("AwaitingSync", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                      ("AwaitingSync", "Stable")]
    assert all({"at", "event"} <= e.keys() for e in effects)


def test_simulate_is_byte_for_byte_deterministic() -> None:
    assert cli("simulate", str(SEED), "--json").stdout == cli("simulate", str(SEED), "--json").stdout


def test_check_exits_1_and_reports_expected_against_got_when_an_expectation_fails() -> None:
    """The 0.10.0 seed under a 2.8 profile: the initial delay changes everything."""
    r = cli("simulate", str(SEED), "--check", "--profile", "2.8")
    assert r.returncode == 1
    assert "expected" in r.stdout and "got" in r.stdout


def test_a_misspelt_stimulus_is_refused_with_the_line_and_a_suggestion(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind":"header","profile":"2.8"}\n{"at":0,"do":"jion","group":"g","client":"c"}\n')
    r = cli("simulate", str(bad))
    assert r.returncode == 2
    assert 'line 2: "do" must be one of' in r.stderr.replace("\n", " ")
    assert 'did you mean "join"' in r.stderr.replace("\n", " ")
    assert "Traceback" not in r.stderr


def test_a_bad_set_is_refused_with_advice() -> None:
    r = cli("simulate", str(SEED), "--set", "max.poll.interval.ms")
    assert r.returncode == 2
    assert "KEY=VALUE" in r.stderr


def test_an_unknown_profile_is_refused_with_the_known_ones() -> None:
    r = cli("simulate", str(SEED), "--profile", "0.8")
    assert r.returncode == 2
    assert "0.10.0" in r.stderr


# two simulated consumers: one stalls in poll() past max.poll.interval.ms and leaves, the
# other closes — broker and consumer lines alike
CONSUMERS = """\
{"kind":"header","timer":"realtime","profile":"2.8"}
{"at":0,"do":"consumer","group":"g","client":"a","config":{"max.poll.interval.ms":20000},"topics":{"t":4}}
{"at":0,"do":"consumer","group":"g","client":"b","config":{"max.poll.interval.ms":20000},"topics":{"t":4},\
"polls":[{"at":0,"processing_ms":100},{"at":5000,"processing_ms":60000}]}
{"at":120000,"do":"consumer_close","client":"a"}
{"at":130000,"do":"tick"}
"""


def test_emit_logs_writes_logs_that_ingest_recognises_whole(tmp_path: Path) -> None:
    """simulate --emit-logs, then ingest what it wrote: every line recognised (the issue's round
    trip from the command line)."""
    trace = tmp_path / "consumers.jsonl"
    trace.write_text(CONSUMERS)
    out = tmp_path / "logs"
    r = cli("simulate", str(trace), "--emit-logs", str(out))
    assert r.returncode == 0, r.stderr
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.log"))
    assert written == ["broker-0/server.log", "consumer-a.log", "consumer-b.log"]
    r = cli("ingest", str(out), "-o", str(tmp_path / "events.parquet"), "--json")
    assert r.returncode == 0, r.stderr
    files = json.loads(r.stdout)["files"]
    assert len(files) == 3
    for f in files:
        assert f["physical_lines"] > 0, f["source"]
        assert (f["recognised"], f["unrecognised"], f["malformed"]) == (f["physical_lines"], 0, 0), f["source"]


def test_emit_logs_into_a_path_that_is_a_file_is_a_sentence_and_exit_2(tmp_path: Path) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("")
    r = cli("simulate", str(SEED), "--emit-logs", str(blocker / "logs"))
    assert r.returncode == 2
    assert "cannot write the logs into" in r.stderr and "Traceback" not in r.stderr


UNCLEAN = REPO / "examples" / "replication" / "unclean-election-loses-acknowledged-records.2.6.jsonl"


def test_simulate_runs_a_replication_incident_and_reports_the_exact_data_loss() -> None:
    """An unclean election (2.6, unclean.leader.election.enable): the three acks=all records
    only the old leader held are truncated away when it rejoins."""
    r = cli("simulate", str(UNCLEAN), "--json")
    assert r.returncode == 0, r.stderr
    effects = [json.loads(x) for x in r.stdout.splitlines()]
    lost = [(e["broker"], e["first_offset"], e["last_offset"], e["records"], e["acknowledged_by"])
            for e in effects if e["event"] == "data_loss"]
    assert lost == [(1, 4, 6, 3, ["q"])]


def test_simulate_check_passes_on_the_replication_example_and_draws_it_in_words() -> None:
    r = cli("simulate", str(UNCLEAN), "--check")
    assert r.returncode == 0, r.stderr
    assert "data_loss" in r.stdout  # the event column does not wrap
    assert "expectations hold" in r.stdout


def test_a_replication_expectation_that_fails_exits_1_naming_the_field(tmp_path: Path) -> None:
    trace = tmp_path / "t.jsonl"
    trace.write_text(UNCLEAN.read_text().replace('"records":3,"acknowledged_by":["q"]',
                                                 '"records":2,"acknowledged_by":["q"]'))
    r = cli("simulate", str(trace), "--check")
    assert r.returncode == 1
    assert "expect effect" in r.stdout
