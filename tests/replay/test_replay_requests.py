"""A coordinator's request log drives its groups' re-run (DESIGN.md "Replay and diff", evidence
level 1): every JoinGroup, SyncGroup, Heartbeat, LeaveGroup and OffsetCommit at the moment it
arrived, the coordinator's INFO lines and the logged responses compared with what the engine
makes of them.

The request logs here are the engine's own (``simulate --emit-logs DIR --request-log``, in each
Kafka version family's rendering), so a faithful re-run finds nothing; then one line is changed
the way a real incident's would differ, and exactly that line is reported.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from tempfile import TemporaryDirectory

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.diff_groups import replay_groups
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.simulate import simulate

from .test_runner import _run

REPO = Path(__file__).resolve().parents[2]
STORM = REPO / "examples" / "incidents" / "poll-timeout-rebalance-storm.3.5.jsonl"
SEEDS = REPO / "examples" / "seeds"


def _emit(out: Path, trace: Path, profile: str | None = None) -> Path:
    result = simulate(trace, profile=profile)
    emit_logs(result.effects, result.profile, out, request_log=True)
    return out


def _request_log(out: Path) -> Path:
    (path,) = out.rglob("kafka-request.log")
    return path


def test_a_request_log_drives_the_re_run_and_the_coordinator_lines_only_confirm_it(tmp_path: Path) -> None:
    # Kafka 3.5, the poll-timeout storm: 286 requests; each is a stimulus at its arrival, and
    # none of the coordinator's 31 INFO lines is one
    out = _emit(tmp_path, STORM)
    (replay,) = replay_groups(view.load([str(out)]))
    assert replay.error is None and replay.findings == ()
    assert replay.levels.get("request") == len(_request_log(out).read_text().splitlines())
    assert set(replay.levels) <= {"request", "inferred"}
    assert not any(o.drives for o in replay.case.observations)
    assert len(replay.case.observations) == 31
    answered = [s for s in replay.steps if s.observed is not None and s.observed.kind == "request_completed"]
    assert len(answered) == len(replay.case.responses) and {s.verdict for s in answered} == {"ok"}


def test_the_report_says_the_request_log_drove_the_re_run(tmp_path: Path) -> None:
    # a clean report must still say what the engine ran, and from which evidence
    from kafka_forensics.reports.findings import reran

    out = _emit(tmp_path, STORM)
    (entry,) = check(view.load([str(out)])).clusters.values()
    runs = entry["engine_runs"]
    assert (runs["groups"], runs["group_runs"], runs["group_request_runs"]) == (1, 1, 1)
    assert "1 consumer group (1 run from the coordinator's request log)" in reran(runs, "3.2")


def test_replay_shows_each_logged_response_beside_the_engines_verdict(tmp_path: Path) -> None:
    # replay --group --format jsonl: a request-log line is a step with the response it logged
    import subprocess
    import sys

    out = _emit(tmp_path / "logs", STORM)
    exe = Path(sys.executable).with_name("kafka-forensics")
    run = subprocess.run([str(exe), "replay", str(out), "--group", "billing", "--format", "jsonl"],
                         capture_output=True, text=True, check=True)
    steps = [json.loads(line) for line in run.stdout.splitlines()]
    answered = [s for s in steps if s["logged"] and s["logged"]["kind"] == "request_completed"]
    assert answered and {s["verdict"] for s in answered} == {"ok"}
    assert answered[0]["logged"]["response"] == "JoinGroup answered MEMBER_ID_REQUIRED"


def test_the_0_10_request_log_without_responses_still_drives_the_re_run(tmp_path: Path) -> None:
    # 0.10's "Completed request:" prints the request alone: a first join's member id is the next
    # id the log shows with its client id, and there is no response to compare
    out = _emit(tmp_path, SEEDS / "scenario3-joins-0s-1s-3s.0.10.0.jsonl")
    (replay,) = replay_groups(view.load([str(out)]))
    assert replay.error is None and replay.findings == ()
    assert replay.levels.get("request", 0) > 0 and replay.case.responses == ()


def test_a_struct_rendered_request_log_round_trips(tmp_path: Path) -> None:
    # 1.0-2.7: RequestHeader(…) -- {struct},response:{struct}; the 2.8 seed run under 2.5's rules
    out = _emit(tmp_path, SEEDS / "delayed-join-timeout-removes-non-rejoined.2.8.jsonl", "2.5")
    (replay,) = replay_groups(view.load([str(out)]))
    assert replay.error is None and replay.findings == ()
    assert len(replay.case.responses) == len(_request_log(out).read_text().splitlines())


def test_a_request_log_that_begins_mid_life_seeds_the_members_already_there(tmp_path: Path) -> None:
    # the operator turned kafka.request.logger to DEBUG while the group was Stable: the first
    # lines are heartbeats of members whose joins the log never shows, at generation 2
    out = _emit(tmp_path, STORM)
    log = _request_log(out)
    lines = log.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if '"requestApiKeyName":"HEARTBEAT"' in line)
    log.write_text("\n".join(lines[first:]) + "\n")
    for other in out.rglob("server.log"):
        other.unlink()  # the coordinator's lines from before would place the members anyway
    (replay,) = replay_groups(view.load([str(out)]))
    assert replay.error is None and replay.findings == ()
    seeded = [s for s in replay.case.trace.records if s.doc.get("level") == "inferred" and s.do == "join"]
    assert seeded and all(s.at < replay.case.first_at for s in seeded)


def test_a_response_kafkas_rules_do_not_give_is_reported_with_its_line(tmp_path: Path) -> None:
    # A heartbeat the coordinator answered REBALANCE_IN_PROGRESS (27) in a Stable group: under
    # Kafka's rules nothing started a rebalance, so the engine answers NONE — the first
    # difference, reported once, with that line
    out = _emit(tmp_path, STORM)
    log = _request_log(out)
    lines = log.read_text().splitlines()
    target = next(i for i, line in enumerate(lines)
                  if '"requestApiKeyName":"HEARTBEAT"' in line and '"errorCode":0' in line)
    lines[target] = lines[target].replace('"errorCode":0', '"errorCode":27', 1)
    log.write_text("\n".join(lines) + "\n")
    findings = [f for f in check(view.load([str(out)])).findings if f.kind.value != "rebalance_storm"]
    assert [(f.kind.value, [e.line for e in f.evidence]) for f in findings] == [
        ("unexpected_transition", [target + 1])]
    (f,) = findings
    assert f.observed == "answered REBALANCE_IN_PROGRESS" and f.expected == "Heartbeat answered NONE"
    assert "last_consistent" in f.details


def test_a_join_response_with_another_generation_is_a_generation_mismatch(tmp_path: Path) -> None:
    # the coordinator handed out generation 7 where the group's logged rounds lead to 2
    out = _emit(tmp_path, STORM)
    log = _request_log(out)
    lines = log.read_text().splitlines()
    target = next(i for i, line in enumerate(lines) if '"requestApiKeyName":"JOIN_GROUP"' in line
                  and re.search(r'"response":\{[^}]*"errorCode":0,"generationId":2,', line))
    lines[target] = re.sub(r'("response":\{[^}]*"errorCode":0,"generationId":)2,', r"\g<1>7,", lines[target])
    log.write_text("\n".join(lines) + "\n")
    findings = [f for f in check(view.load([str(out)])).findings if f.kind.value != "rebalance_storm"]
    assert [(f.kind.value, [e.line for e in f.evidence]) for f in findings] == [
        ("generation_mismatch", [target + 1])]


_CONSUMER = st.fixed_dictionaries({
    "start": st.integers(0, 30_000),
    # a poll loop that sometimes processes longer than max.poll.interval.ms (20 s here)
    "stall_at": st.none() | st.integers(5_000, 60_000),
    "stall_ms": st.integers(1_000, 40_000),
    "end": st.none() | st.tuples(st.sampled_from(["consumer_close", "consumer_crash"]), st.integers(10_000, 90_000)),
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_CONSUMER, min_size=1, max_size=4), st.sampled_from(["0.11", "1.0", "2.2", "2.8", "3.5", "3.9"]))
def test_random_consumer_incidents_round_trip_through_their_request_log(consumers, profile):
    # Java consumers (the engine's model of the client: joins answered before syncs, heartbeats
    # every 3 s, poll timeouts, closes and crashes) in random incidents: the coordinator's request
    # log drives a re-run that finds nothing the engine did not do.  The trace's own random
    # requests are not used: a request log can only show what a real client sends.  0.10's lines
    # print whole milliseconds, which cannot order two requests of one millisecond (one parked,
    # one answered at once): its family is checked on the seeds above instead.
    records = []
    for i, c in enumerate(consumers):
        polls = [{"at": c["start"], "processing_ms": 100}]
        if c["stall_at"] is not None:
            polls.append({"at": c["start"] + c["stall_at"], "processing_ms": c["stall_ms"]})
        records.append({"at": c["start"], "do": "consumer", "group": "g", "client": f"c{i}",
                        "config": {"max.poll.interval.ms": 20_000}, "topics": {"t": 4}, "polls": polls})
        if c["end"] is not None:
            records.append({"at": c["start"] + c["end"][1], "do": c["end"][0], "client": f"c{i}"})
    records.sort(key=lambda r: r["at"])
    records.append({"at": 150_000, "do": "tick"})
    result = _run(*records, header={"profile": profile, "timer": "realtime"})
    with TemporaryDirectory() as tmp:
        emit_logs(result.effects, result.profile, Path(tmp), request_log=True)
        events = view.load([str(Path(tmp))])
        findings = [f for f in check(events).findings if f.kind.value != "rebalance_storm"]
    assert findings == [], [json.dumps(f.to_dict()) for f in findings]
