"""The trace runner plays each client alias as the Java client handles its ids
(DESIGN.md, "Clients"), and evaluates expectations where they stand."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.replay.runner import RunError, run_trace
from kafka_forensics.replay.trace import parse_trace


def _run(*records: dict, header: dict | None = None, **kw):
    lines = [json.dumps({"kind": "header", **(header or {"profile": "2.8"})})]
    lines += [json.dumps(r) for r in records]
    return run_trace(parse_trace("\n".join(lines) + "\n", "t.jsonl"), **kw)


def _responses(result, client, request):
    return [e for e in result.effects if e.event == "response" and e.client == client and e.request == request]


def test_first_join_sends_the_empty_member_id_and_keeps_the_id_handed_back():
    """KIP-394 two-step join: MEMBER_ID_REQUIRED hands an id, the next join sends it."""
    result = _run({"at": 0, "do": "join", "group": "g", "client": "c1"},
                  {"at": 0, "do": "join", "group": "g", "client": "c1"},
                  {"at": 3000, "expect": "state", "group": "g", "members": ["c1"]})
    first, *_ = _responses(result, "c1", "join")
    assert first.error == "MEMBER_ID_REQUIRED"
    assert not result.failed


def test_unknown_member_id_resets_the_alias_to_the_empty_id():
    """A heartbeat with a stale id gets UNKNOWN_MEMBER_ID; the client's next join is a new member."""
    result = _run({"at": 0, "do": "join", "group": "g", "client": "c1", "require_known_member_id": False},
                  {"at": 3000, "do": "sync", "group": "g", "client": "c1", "assignment": {"c1": ["t-0"]}},
                  {"at": 3001, "do": "heartbeat", "group": "g", "client": "c1", "member_id": "ghost"},
                  {"at": 3002, "do": "heartbeat", "group": "g", "client": "c1"},
                  {"at": 3002, "expect": "response", "client": "c1", "request": "heartbeat",
                   "error": "UNKNOWN_MEMBER_ID"})
    assert not result.failed, result.failed


def test_member_id_of_sends_another_clients_id():
    result = _run({"at": 0, "do": "join", "group": "g", "client": "c1", "require_known_member_id": False},
                  {"at": 3000, "do": "sync", "group": "g", "client": "c1", "assignment": {"c1": ["t-0"]}},
                  {"at": 3001, "do": "heartbeat", "group": "g", "client": "intruder", "member_id_of": "c1",
                   "generation": 1},
                  {"at": 3001, "expect": "response", "client": "intruder", "request": "heartbeat", "error": "NONE"})
    assert not result.failed, result.failed


def test_a_parked_join_is_pending_until_the_join_phase_completes():
    result = _run({"at": 0, "do": "join", "group": "g", "client": "c1", "require_known_member_id": False},
                  {"at": 10, "expect": "pending", "client": "c1", "request": "join"},
                  {"at": 3000, "expect": "response", "client": "c1", "request": "join", "error": "NONE",
                   "generation": 1, "leader": "c1"})
    assert [c.ok for c in result.checks] == [True, True]


def test_a_failed_expectation_says_what_was_expected_and_what_came():
    result = _run({"at": 0, "do": "join", "group": "g", "client": "c1", "require_known_member_id": False},
                  {"at": 3000, "expect": "state", "group": "g", "state": "Stable"})
    (check,) = result.failed
    assert check.line == 3
    assert check.message == 'state: expected "Stable", got "CompletingRebalance"'


def test_profile_override_changes_the_behaviour():
    """0.10.0 has no initial rebalance delay (KIP-134 came in 0.11): the join completes at once."""
    records = ({"at": 0, "do": "join", "group": "g", "client": "c1"},
               {"at": 0, "expect": "state", "group": "g", "state": "AwaitingSync", "generation": 1})
    assert _run(*records, profile_name="0.10.0").failed == []
    assert _run(*records).failed != []


def test_set_override_changes_a_broker_config():
    records = ({"at": 0, "do": "join", "group": "g", "client": "c1", "require_known_member_id": False},
               {"at": 0, "expect": "state", "group": "g", "state": "CompletingRebalance"})
    assert _run(*records, overrides={"group.initial.rebalance.delay.ms": 0}).failed == []
    assert _run(*records).failed != []


def test_replication_records_run_beside_the_group_records():
    """A partition created with an in-sync follower: one acks=all produce is answered once
    the follower's second fetch shows the leader it holds the record (HW 0 -> 1)."""
    result = _run(
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2]},
        {"at": 0, "do": "append", "topic": "t", "partition": 0, "records": 1, "client": "p"},
        {"at": 0, "expect": "no_effect", "event": "produce_response", "client": "p"},
        {"at": 5, "do": "fetch", "topic": "t", "partition": 0, "replica": 2, "offset": 0},
        {"at": 6, "do": "fetch", "topic": "t", "partition": 0, "replica": 2, "offset": 1},
        {"at": 6, "expect": "produce_response", "client": "p", "error": "NONE"},
        {"at": 6, "expect": "partition", "topic": "t", "partition": 0, "hw": 1, "isr": [2, 1],
         "leo": {"1": 1, "2": 1}},
        {"at": 6, "expect": "replica", "topic": "t", "partition": 0, "broker": 2, "leo": 1, "hw": 0})
    assert [(c.line, c.message) for c in result.failed] == []


def test_a_partition_expectation_names_what_differs():
    result = _run({"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2]},
                  {"at": 0, "expect": "partition", "topic": "t", "partition": 0, "hw": 3, "leader": 1})
    assert [c.message for c in result.failed] == ["hw: expected 3, got 0"]


def test_a_bad_replication_step_is_an_error_naming_its_line():
    with pytest.raises(RunError, match="line 3: create_partition: partition t-0 already exists"):
        _run({"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1]},
             {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1]})


_CLIENTS = st.sampled_from(["c1", "c2", "c3"])
_STEP = st.one_of(
    st.fixed_dictionaries({"do": st.just("join"), "client": _CLIENTS}),
    st.fixed_dictionaries({"do": st.just("sync"), "client": _CLIENTS}),
    st.fixed_dictionaries({"do": st.just("heartbeat"), "client": _CLIENTS}),
    st.fixed_dictionaries({"do": st.just("leave"), "client": _CLIENTS}),
    st.fixed_dictionaries({"do": st.just("commit"), "client": _CLIENTS,
                           "offsets": st.just({"t-0": 1})}),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 20_000), _STEP), min_size=1, max_size=25),
       st.sampled_from(["0.10.0", "2.2", "2.8", "3.9"]))
def test_same_trace_same_effects_byte_for_byte(steps, profile):
    """Determinism: a random trace run twice gives identical JSON Lines effects."""
    records, at = [], 0
    for gap, step in steps:
        at += gap
        records.append({"at": at, "group": "g", **step})
    first = [e.to_json() for e in _run(*records, header={"profile": profile}).effects]
    second = [e.to_json() for e in _run(*records, header={"profile": profile}).effects]
    assert first == second


_BROKER = st.sampled_from([1, 2, 3])
_TP = st.fixed_dictionaries({"topic": st.just("t"), "partition": st.sampled_from([0, 1])})
_REPLICATION_STEP = st.one_of(
    st.builds(lambda tp, n, acks: {"do": "append", **tp, "records": n, "acks": acks, "client": "p"},
              _TP, st.integers(1, 5), st.sampled_from([0, 1, "all"])),
    st.builds(lambda tp, b, o: {"do": "fetch", **tp, "replica": b, "offset": o}, _TP, _BROKER,
              st.integers(0, 12)),
    st.builds(lambda do, b: {"do": do, "broker": b},
              st.sampled_from(["broker_fail", "broker_start", "broker_shutdown", "zk_session_expire"]), _BROKER),
    st.builds(lambda b: {"do": "run_task", "broker": b, "task": "isr-expiration"}, _BROKER),
    st.builds(lambda tp: {"do": "elect", **tp, "strategy": "preferred"}, _TP),
)
def replication_records(steps: list[tuple[int, dict]]) -> list[dict]:
    """Two partitions of replicas 1, 2, 3, then the steps at their cumulative times."""
    records = [{"at": 0, "do": "create_partition", "topic": "t", "partition": p, "replicas": [1, 2, 3]}
               for p in (0, 1)]
    at = 0
    for gap, step in steps:
        at += gap
        records.append({"at": at, **step})
    return records


#: every finding name the replication engine can report (engine/replication/invariants.py, world.py)
_FINDINGS = {"leader_not_in_isr", "isr_outside_replicas", "hw_outside_log", "weak_isr", "strong_isr",
             "invalid_high_watermark", "hw_decreased", "leader_epoch_decreased", "zk_version_not_incremented",
             "alter_partition_reply_unmatched"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 20_000), _REPLICATION_STEP), max_size=30),
       st.sampled_from(["0.10.2", "2.6", "2.8", "3.9"]))
def test_a_random_replication_trace_runs_the_same_twice_and_reports_only_named_findings(steps, profile):
    """Determinism through the trace runner, and no violation without a finding name: a random
    run of appends, fetches, broker failures / restarts / session expiries and ISR expiry."""
    records = replication_records(steps)
    header = {"profile": profile, "periodic_tasks": "manual",
              "config": {"unclean.leader.election.enable": True}}
    try:
        first = [e.to_json() for e in _run(*records, header=header).effects]
    except RunError as e:  # a step the engine refuses (a broker started twice ...) is a sentence
        assert "line " in str(e)
        return
    assert first == [e.to_json() for e in _run(*records, header=header).effects]
    names = {json.loads(line)["name"] for line in first if '"event":"finding"' in line}
    assert names <= _FINDINGS
