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
