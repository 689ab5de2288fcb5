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
