"""The consumers' own lines as a group's stimuli (evidence level ``client``): each member's
SyncGroup at its "Successfully synced group in generation …" line (2.6.1+; before, "Successfully
joined group with generation N", which the Java consumer logs once its SyncGroup succeeded:
AbstractCoordinator.initiateJoinGroup, 2.4.0), a heartbeat at each heartbeat failure with the
logged error as its expected answer, a LeaveGroup at its "sending LeaveGroup request" line with
the poll timeout before it as its cause.

The input is what the engine writes for simulated Java consumers (``simulate --emit-logs``):
the bundled poll-timeout storm (a consumer whose batches outlast max.poll.interval.ms leaves
and rejoins, again and again) in 2.4, 2.8, 3.5 and 3.9 wording, and with one consumer closed at
the end in 3.5 and 3.9 (2.4-2.8 log no join at INFO: who rejoins after the close is the
coordinator lines' guess).  Untouched, they re-run without a finding; each fault put in a consumer's log is found
with the right kind and that line, and nothing else.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import view
from kafka_forensics.replay.derive_groups import derive
from kafka_forensics.replay.diff_groups import group_jobs, replay_case, replay_groups
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.findings import FindingKind
from kafka_forensics.replay.simulate import simulate

from ..support import edit_line

REPO = Path(__file__).resolve().parents[2]
STORM = REPO / "examples" / "incidents" / "poll-timeout-rebalance-storm.3.5.jsonl"
VERSIONS = ("2.4", "2.8", "3.5", "3.9")


def storm_logs(tmp: Path, profile: str, *more: dict) -> Path:
    """The storm under ``profile`` (with ``more`` records), written as Kafka's logs."""
    lines = STORM.read_text().splitlines()
    header = {**json.loads(lines[0]), "profile": profile}
    records = [json.loads(x) for x in lines[1:-1]] + [*more, json.loads(lines[-1])]
    trace = tmp / f"storm-{profile}.jsonl"
    trace.write_text("\n".join(json.dumps(x) for x in [header, *records]) + "\n")
    out = tmp / profile
    result = simulate(trace)
    emit_logs(result.effects, result.profile, out)
    return out


def replay(logs: Path):
    (r,) = replay_groups(view.load([str(logs)]))
    assert r.error is None
    return r


@pytest.mark.parametrize("profile", VERSIONS)
def test_simulated_consumers_logs_re_run_without_a_finding(tmp_path: Path, profile: str) -> None:
    r = replay(storm_logs(tmp_path, profile))
    assert r.findings == ()
    # every response a consumer logged is the engine's answer to the step it drove
    assert r.case.responses and all(s.verdict == "ok" for s in r.steps if s.observed
                                    and s.observed.kind.startswith("consumer_"))


@pytest.mark.parametrize("profile", VERSIONS)
def test_a_members_sync_is_its_consumers_synced_line(tmp_path: Path, profile: str) -> None:
    # 2.8+: "Successfully synced group in generation Generation{generationId=1, …}"; 2.4:
    # "Successfully joined group with generation 1", written when the SyncGroup succeeded
    r = replay(storm_logs(tmp_path, profile))
    # (2.4-2.8 log no join at INFO: a member no line names is the derivation's "unseen-joiner-…",
    # whose consumer log cannot be told, and whose sync stays inferred)
    syncs = [s for s in r.case.trace.records if s.do == "sync" and s.at >= r.case.first_at
             and not s.fields["client"].startswith("unseen-joiner-")]
    assert syncs and {s.doc["level"] for s in syncs} == {"client"}
    assert all("/consumer-" in s.doc["source"] for s in syncs)
    wording = "Successfully synced group" if profile != "2.4" else "Successfully joined group with generation"
    assert all(wording in o.raw for o in r.case.responses if o.request == "sync")


@pytest.mark.parametrize("profile", VERSIONS)
def test_a_poll_timeout_leave_is_driven_by_the_consumers_leavegroup_line(tmp_path: Path, profile: str) -> None:
    # "Member X sending LeaveGroup request to coordinator … due to consumer poll timeout has
    # expired" (2.4-2.8 the line itself is the poll timeout; 3.0+ a WARN before it)
    logs = storm_logs(tmp_path, profile)
    r = replay(logs)
    leaves = [s for s in r.case.trace.records if s.do == "leave"]
    slow = [s for s in leaves if "consumer-slow.log" in s.doc["source"]]
    assert len(slow) == 4 and all(s.doc["level"] == "client" and s.doc["cause"] == "poll_timeout"
                                  for s in slow)
    if profile >= "3.0":
        assert all(s.doc["cause_source"] != s.doc["source"] for s in slow)  # the WARN line
    # the coordinator's "has left" lines confirm the leaves now: none drives one
    assert not any(o.drives for o in r.case.observations if o.removal is not None)


@pytest.mark.parametrize("profile", ("3.5", "3.9"))
def test_a_closing_consumers_leave_is_its_leavegroup_line_with_cause_close(tmp_path: Path, profile: str) -> None:
    # "Member X sending LeaveGroup request to coordinator … due to the consumer is being closed"
    r = replay(storm_logs(tmp_path, profile, {"at": 260000, "do": "consumer_close", "client": "b"}))
    assert r.findings == ()
    (closed,) = [s for s in r.case.trace.records if s.do == "leave" and "consumer-b.log" in s.doc["source"]]
    assert closed.doc["level"] == "client" and closed.doc["cause"] == "close"


@pytest.mark.parametrize("profile", VERSIONS)
def test_a_heartbeat_failure_is_a_heartbeat_answered_with_its_error(tmp_path: Path, profile: str) -> None:
    # 2.4-2.8 "Attempt to heartbeat failed since group is rebalancing"; 3.0+ "Request joining
    # group due to: group is already rebalancing"
    r = replay(storm_logs(tmp_path, profile))
    beats = [s for s in r.case.trace.records if s.do == "heartbeat" and s.doc["level"] == "client"]
    assert beats and {o.error for o in r.case.responses if o.request == "heartbeat"} == {"REBALANCE_IN_PROGRESS"}
    # the inferred heartbeats between them stay: no member's session runs out
    assert any(s.do == "heartbeat" and s.doc["level"] == "inferred" for s in r.case.trace.records)


def test_a_changed_generation_in_a_synced_line_is_a_generation_mismatch(tmp_path: Path) -> None:
    logs = storm_logs(tmp_path, "3.5")
    line = edit_line(logs / "consumer-a.log", "Successfully synced group in generation Generation{generationId=4,",
                "Successfully synced group in generation Generation{generationId=7,")
    (f,) = replay(logs).findings
    assert f.kind is FindingKind.GENERATION_MISMATCH and f.details["request"] == "SyncGroup"
    assert (f.details["expected_generation"], f.details["observed_generation"]) == (4, 7)
    assert [(Path(e.source).name, e.line) for e in f.evidence] == [("consumer-a.log", line)]


def test_a_changed_heartbeat_error_is_an_unexpected_answer(tmp_path: Path) -> None:
    # 2.4: "… since group is rebalancing" made "… since generation 2 is not current"
    # (ILLEGAL_GENERATION): the engine answers REBALANCE_IN_PROGRESS there
    logs = storm_logs(tmp_path, "2.4")
    line = edit_line(logs / "consumer-a.log", "Attempt to heartbeat failed since group is rebalancing",
                "Attempt to heartbeat failed since generation 2 is not current", nth=1)
    (f,) = replay(logs).findings
    assert f.kind is FindingKind.UNEXPECTED_TRANSITION and f.details["request"] == "Heartbeat"
    assert f.expected == "Heartbeat answered REBALANCE_IN_PROGRESS"
    assert f.observed == "answered ILLEGAL_GENERATION"
    assert [(Path(e.source).name, e.line) for e in f.evidence] == [("consumer-a.log", line)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 60_000), min_size=1, max_size=4), st.integers(100_000, 250_000),
       st.sampled_from(["3.5", "3.9"]))
def test_random_simulated_consumer_incidents_re_run_from_their_consumers_lines(tmp_path: Path, slow, close,
                                                                               profile) -> None:
    # one consumer's batches take random times (some past max.poll.interval.ms: a poll-timeout
    # leave and rejoin), another closes: the consumers' lines add no finding to a re-run that
    # the coordinator's lines alone give without one
    polls = [{"at": 20_000 + 50_000 * i, "processing_ms": ms} for i, ms in enumerate(slow)]
    records = [{"at": 0, "do": "consumer", "group": "g", "client": c, "topics": {"t": 4},
                "config": {"max.poll.interval.ms": 30000}} for c in ("a", "b")]
    records.append({"at": 0, "do": "consumer", "group": "g", "client": "slow", "topics": {"t": 4},
                    "config": {"max.poll.interval.ms": 30000}, "polls": [{"at": 0, "processing_ms": 0}, *polls]})
    records += [{"at": close, "do": "consumer_close", "client": "b"}, {"at": 280_000, "do": "tick"}]
    out = tmp_path / f"run-{profile}-{'-'.join(map(str, slow))}-{close}"
    trace = out.with_suffix(".jsonl")
    trace.write_text("\n".join(json.dumps(x) for x in [{"kind": "header", "profile": profile}, *records]) + "\n")
    result = simulate(trace)
    emit_logs(result.effects, result.profile, out)
    (job,) = group_jobs(view.load([str(out)]))
    alone = [replay_case(c, {}) for c in derive(job.rows, job.profile, job.settings, scope=job.scope,
                                                 group=job.group)]
    # (a run whose coordinator lines alone do not re-run cleanly is the coordinator derivation's
    # limit, e.g. 3.0-3.9's "has left" line after the assignment that ends the phase the leave ended)
    assume(all(r.findings == () and r.error is None for r in alone))
    r = replay(out)
    assert r.findings == (), [(f.kind.value, f.expected, f.observed) for f in r.findings]
