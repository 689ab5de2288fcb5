"""The round trip through the whole product on random incidents: a random trace run by the
engine, its effects written as Kafka's logs (``--emit-logs``), the logs ingested and checked.

* every line written is recognised (nothing unrecognised, nothing malformed);
* ``check`` reports no inconsistency the engine did not commit itself: a high watermark or
  leader epoch going backwards only where the engine's own invariants say so, never a
  leader's ISR that ZooKeeper's export contradicts, never a clock skew (one clock wrote it
  all).  Rebalance storms, flapping, unclean elections, the Cached zkVersion loop are
  behaviours a random trace may well produce, and are not counted against it.
"""

from __future__ import annotations

import json
from pathlib import Path
from tempfile import TemporaryDirectory

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import view
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.runner import RunError

from .test_runner import _REPLICATION_STEP, _STEP, _run, replication_records

#: check's kind -> the engine's own finding that licenses it
_LICENSED_BY = {"hw_regression": "hw_decreased", "leader_epoch_regression": "leader_epoch_decreased"}


def _round_trip(result) -> tuple[list, set[str]]:
    """The findings ``check`` reads off the run's logs, and the engine's own finding names."""
    with TemporaryDirectory() as tmp:
        out = Path(tmp)
        emit_logs(result.effects, result.profile, out)
        report = ingest([str(out)], None, IngestOptions())
        for f in report.files:
            assert f.unrecognised_total == 0 and f.malformed == 0, (f.source, f.unrecognised, f.samples)
        findings = list(check(view.load([str(out)])).findings) if report.events else []
    engine = {e.name for e in result.effects if e.event == "finding"}
    return findings, engine


#: what the re-runs report where the engine and its own logs disagree: never licensed
_RE_RUN_DIFFS = frozenset({"unexpected_transition", "missing_transition", "illegal_transition",
                           "generation_mismatch", "member_count_mismatch", "zk_version_gap"})


def _unlicensed(findings: list, engine: set[str]) -> list[str]:
    bad = []
    for f in findings:
        kind = f.kind.value
        if kind == "clock_skew" or kind in _RE_RUN_DIFFS or (
                kind == "zk_broker_mismatch" and "cached_zk_versions" not in f.details):
            bad.append(f"{kind}: {f.observed}")
        elif kind in _LICENSED_BY and _LICENSED_BY[kind] not in engine:
            bad.append(f"{kind}: {f.observed}")
    return bad


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 20_000), _REPLICATION_STEP), max_size=30),
       st.sampled_from(["0.10.2", "1.0", "2.4", "2.6", "2.8", "3.5", "3.9"]))
def test_random_replication_incidents_round_trip_through_logs_and_check(steps, profile):
    _assert_replication_round_trip(steps, profile)


def _assert_replication_round_trip(steps, profile: str) -> None:
    records = replication_records(steps)
    header = {"profile": profile, "periodic_tasks": "manual",
              "config": {"unclean.leader.election.enable": True, "replica.lag.time.max.ms": 1000}}
    try:
        result = _run(*records, header=header)
    except RunError:
        return  # a step the engine refuses (its sentence is tested in test_runner)
    findings, engine = _round_trip(result)
    assert _unlicensed(findings, engine) == []


def test_a_leader_that_shrinks_its_isr_to_itself_and_fails_in_the_same_millisecond_round_trips():
    # 0.10.2: broker 1 leads t-0 and t-1 (ISR 1,2,3), "Shrinking ISR for partition [t,0] from
    # 1,2,3 to 1" at 1.001 s, and fails in that millisecond; the new controller finds "No broker
    # in ISR is alive for [t,0]" and elects 2 from the live brokers: its decision read the
    # shrink's ISR, so the shrink came first although the controller's lines share its instant
    steps = [(1001, {"do": "run_task", "broker": 1, "task": "isr-expiration"}),
             (0, {"do": "broker_fail", "broker": 1})]
    _assert_replication_round_trip(steps, "0.10.2")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 20_000), _REPLICATION_STEP), max_size=30),
       st.sampled_from(["3.0", "3.3", "3.5", "3.7", "3.9", "4.0"]))
def test_random_kraft_replication_incidents_round_trip_through_logs_and_check(steps, profile):
    # KRaft mode (process.roles; 4.0 always): the brokers' and the quorum controller's lines and the
    # metadata log's dump, read back; the partitions re-run from them in KRaft mode
    records = [r for r in replication_records(steps) if r.get("do") != "zk_session_expire"]
    config = {"unclean.leader.election.enable": True, "replica.lag.time.max.ms": 1000, "process.roles": "broker"}
    try:
        result = _run(*records, header={"profile": profile, "periodic_tasks": "manual", "config": config})
    except RunError:
        return  # a step the engine refuses (its sentence is tested in test_runner)
    findings, engine = _round_trip(result)
    assert _unlicensed(findings, engine) == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 20_000), _STEP), min_size=1, max_size=25),
       st.sampled_from(["0.10.0", "1.0", "2.2", "2.8", "3.5", "3.9", "4.0"]))
def test_random_group_incidents_round_trip_through_logs_and_check(steps, profile):
    result = _group_run(steps, profile)
    # a JoinGroup Kafka drops unanswered (a second one sent while the first was parked, which the
    # Java consumer never does) leaves no line of its own: the logs cannot show what it did
    assume(not any(e.event == "finding" and e.name == "request_dropped" for e in result.effects))
    _assert_clean(result)


def test_a_leave_that_ends_a_join_phase_logged_after_its_stabilized_line_round_trips():
    # 3.5: c1's leave ends the join phase c2's join began, logged "Stabilized" before "has left"
    join, leave = {"do": "join"}, {"do": "leave"}
    steps = [(0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}),
             (3000, {**join, "client": "c2"}), (0, {**leave, "client": "c1"})]
    _assert_group_round_trip(steps, "3.5")


def test_a_group_removed_and_re_created_in_one_millisecond_keeps_its_repeated_lines():
    # 0.10.0: c1's leave empties the group, which is removed (Dead) and re-created by c1's next
    # join at the same instant; the new life logs the same words as the first ("Preparing to
    # restabilize group g with old generation 0", "Stabilized group g generation 1"): two events
    join, leave = {"do": "join", "client": "c1"}, {"do": "leave", "client": "c1"}
    steps = [(0, join), (0, leave), (0, join), (0, join), (0, {"do": "sync", "client": "c1"})]
    _assert_group_round_trip(steps, "0.10.0")


def test_a_join_phase_that_ends_with_a_generation_though_every_named_member_left_had_an_unlogged_joiner():
    # 2.2: c1 and c2 join and c2 leaves at once; c2 joins again under a new id (inside the join
    # phase: no line), c1 leaves; the phase still ends with "Stabilized group g generation 1" (no
    # member count in 2.2's wording): someone whose join logged nothing is in it
    join = {"do": "join"}
    steps = [(0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}),
             (0, {**join, "client": "c2"}), (0, {"do": "leave", "client": "c2"}), (0, {**join, "client": "c2"}),
             (262, {**join, "client": "c2"}), (721, {**join, "client": "c3"}),
             (1413, {"do": "leave", "client": "c1"}),
             (1682, {"do": "commit", "client": "c1", "offsets": {"t-0": 1}}),
             (444, {**join, "client": "c1"}), (1478, {**join, "client": "c1"})]
    _assert_group_round_trip(steps, "2.2")


def test_a_pending_member_leaving_before_a_new_groups_first_rebalance_makes_no_member_before_the_logs():
    # 2.2: the logs begin with a pending member's leave, then the first rebalance (old generation
    # 0); c2, whose joins logged nothing, joined in that phase, not before the logs
    join = {"do": "join"}
    steps = [(0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}), (0, {"do": "leave", "client": "c1"}),
             (0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}),
             (0, {**join, "client": "c2"}), (16000, {**join, "client": "c1"})]
    _assert_group_round_trip(steps, "2.2")


def _group_run(steps, profile: str):
    records, at = [], 0
    for gap, step in steps:
        at += gap
        records.append({"at": at, "group": "g", **step})
    # the logs are read after the incident: what is due at its last instant has happened (the
    # engine's replay of them runs on past the last line too)
    records.append({"at": at, "do": "tick"})
    return _run(*records, header={"profile": profile})


def _assert_group_round_trip(steps, profile: str) -> None:
    _assert_clean(_group_run(steps, profile))


def _assert_clean(result) -> None:
    findings, engine = _round_trip(result)
    assert _unlicensed(findings, engine) == []
    assert {f.kind.value for f in findings} <= {"rebalance_storm"}, [json.dumps(f.to_dict()) for f in findings]


def _one_sync_in_2_2_at_10_4_s(who: str) -> list:
    """c1 (the leader) and c2 join; generation 1 stabilizes at 6 s; only ``who`` syncs, at 10.4 s;
    c1 joins again at 16 s, as its session (10 s from the join response) runs out."""
    join = {"do": "join"}
    return [(0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}),
            (2108, {**join, "client": "c2"}), (8266, {"do": "sync", "client": who}),
            (5626, {**join, "client": "c1"})]


def test_a_follower_sync_that_keeps_it_past_its_leader_in_2_2_round_trips():
    # 2.2: c2 (a follower whose joins logged nothing) syncs 4.4 s after "Stabilized group g
    # generation 1"; the leader never does.  Before 2.7 a heartbeat in CompletingRebalance keeps
    # nobody alive but that parked SyncGroup does, so at 16 s only c1 "has failed": the derived
    # trace has the unseen joiner send one, or the re-run expires both
    _assert_group_round_trip(_one_sync_in_2_2_at_10_4_s("c2"), "2.2")


def test_a_follower_that_never_syncs_expires_one_session_after_its_join_response_in_2_2():
    # 2.2: the leader c1 syncs at 10.4 s ("Assignment received from leader"), c2 never does and
    # "has failed" at 16 s, 10 s after the join phase ended: no SyncGroup of c2's is inferred at
    # the assignment (it would make that expiry 4.4 s after c2's last sign of life: too early)
    _assert_group_round_trip(_one_sync_in_2_2_at_10_4_s("c1"), "2.2")


def test_an_id_handed_out_while_the_group_is_empty_begins_no_join_phase():
    # 3.5 (read under 2.8's rules: the wording's range): c1 and c2 are handed ids at 0 ("Dynamic
    # member with unknown member id joins group g in Empty state"); only c2 joins with its id, at
    # 5.99 s ("Adding new member c2"), and that begins the phase: "Stabilized group g generation 1
    # … with 1 members" 3 s later is one initial delay, not a phase since 0 that unseen joins
    # kept extending
    join = {"do": "join"}
    steps = [(0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}), (123, {"do": "sync", "client": "c1"}),
             (5867, {**join, "client": "c2"}), (3000, {**join, "client": "c1"})]
    _assert_group_round_trip(steps, "3.5")


def test_a_pending_member_left_out_of_one_phase_joins_with_its_id_in_the_next_in_3_5():
    # 3.5: c2 and c3 are handed ids inside the first join phase (PreparingRebalance state), which
    # ends "with 1 members" at 3 s (c1 alone: their joins with ids had not come); at that instant
    # c2's "Adding new member" begins the next, which ends "with 3 members": c3's unlogged join with
    # its id belongs to that phase, not to the first one, where its id line was
    join = {"do": "join"}
    steps = [(0, {**join, "client": "c1"}), (0, {**join, "client": "c1"}), (0, {**join, "client": "c2"}),
             (0, {**join, "client": "c3"}), (3000, {**join, "client": "c2"}), (0, {**join, "client": "c1"}),
             (0, {**join, "client": "c3"})]
    _assert_group_round_trip(steps, "3.5")


def test_a_join_phase_ended_by_a_pending_members_expiry_says_nothing_of_the_initial_delay_in_4_0():
    # 4.0: c1's first id stays pending until "Pending member c1-…-001 in group g has been removed
    # after session timeout expiration" at 45 s, and at that instant "Stabilized group g generation
    # 2 with 1 members", 1 s after c1's new id joined: the removal ended the phase (no member was
    # awaited), so that second does not make group.initial.rebalance.delay.ms 0 — under which
    # c2's earlier phase (14.1 s, left inside the delay, "Group g with generation 1 is now empty"
    # at 17.1 s) would have ended at once
    join = {"do": "join"}
    steps = [(0, {**join, "client": "c1"}), (948, {**join, "client": "c2"}), (5089, {"do": "sync", "client": "c1"}),
             (8087, {**join, "client": "c2"}), (917, {"do": "leave", "client": "c2"}),
             (3873, {**join, "client": "c1"}), (5089, {"do": "sync", "client": "c2"}),
             (19999, {**join, "client": "c1"}), (998, {**join, "client": "c1"})]
    _assert_group_round_trip(steps, "4.0")
