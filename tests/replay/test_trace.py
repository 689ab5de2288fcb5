"""The trace reader (DESIGN.md, "Trace (contract)"): what it accepts, and the sentence it
answers with for each thing it refuses."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.profiles import PROFILE_NAMES, profile
from kafka_forensics.kafka_errors import ERRORS
from kafka_forensics.replay import trace_schema as schema
from kafka_forensics.replay.trace import (
    MAX_LINE_BYTES,
    MAX_PROBLEMS,
    Expectation,
    Header,
    Stimulus,
    Trace,
    TraceError,
    parse_trace,
    read_trace,
    read_trace_lines,
    write_trace,
)
from kafka_forensics.replay.trace_schema import EXPECTATIONS, STIMULI, reference_markdown, thaw

# DESIGN.md's example, byte for byte.
DESIGN_EXAMPLE = """\
{"kind":"header","profile":"2.8","timer":"realtime","config":{"group.initial.rebalance.delay.ms":3000}}
{"at":0,"do":"join","group":"g","client":"c1","session_timeout_ms":10000,"rebalance_timeout_ms":300000,"protocols":["range"]}
{"at":0,"do":"join","group":"g","client":"c2","session_timeout_ms":10000,"rebalance_timeout_ms":300000,"protocols":["range"]}
{"at":3000,"do":"tick"}
{"at":3010,"do":"sync","group":"g","client":"c1","assignment":{"c1":["t-0"],"c2":["t-1"]}}
{"at":3010,"do":"sync","group":"g","client":"c2"}
{"at":3010,"expect":"state","group":"g","state":"Stable","generation":1}
{"at":3011,"expect":"response","client":"c2","request":"sync","error":"NONE","assignment":["t-1"]}
"""

#: one record of every kind, with every field it takes.
STIMULUS_EXAMPLES: dict[str, dict[str, Any]] = {
    "join": {"group": "g", "client": "c1", "member_id": "", "instance_id": "i1", "client_id": "consumer-1",
             "client_host": "/10.0.0.1", "session_timeout_ms": 10000, "rebalance_timeout_ms": 300000,
             "protocol_type": "consumer", "protocols": ["range", ["roundrobin", "0001ff"]],
             "require_known_member_id": True, "skip_assignment": False, "reason": "need to revoke partitions"},
    "sync": {"group": "g", "client": "c1", "member_id_of": "c2", "instance_id": "i1", "generation": 1,
             "protocol_type": "consumer", "protocol_name": "range",
             "assignment": {"c1": ["t-0"], "consumer-1-0b5d2a3c": ["t-1", "orders.v2-11"]}},
    "heartbeat": {"group": "g", "client": "c1", "member_id": "stale-id", "generation": 3},
    "leave": {"group": "g", "client": "ops", "reason": "scale down",
              "members": [{"client": "c1"}, {"member_id": "m-2", "instance_id": "i2", "reason": "x"},
                          {"member_id_of": "c3"}, {"instance_id": "i4"}]},
    "commit": {"group": "g", "client": "c1", "generation": 2, "offsets": {"t-0": 42, "orders.v2-11": 0},
               "transactional": False},
    "offset_fetch": {"group": "g", "client": "c1"},
    "describe": {"group": "g", "client": "ops"},
    "list_groups": {"client": "ops"},
    "delete_group": {"group": "g"},
    "coordinator_load": {"partition": 12, "epoch": 3},
    "coordinator_unload": {"partition": 12, "epoch": 4},
    "fail_append": {"error": "NOT_COORDINATOR"},
    "set": {"config": {"group.max.size": 2, "unclean.leader.election.enable": True, "log.retention.hours": "168"}},
    "tick": {},
    "consumer": {"client": "c1", "group": "g",
                 "config": {"session.timeout.ms": 10000, "heartbeat.interval.ms": 3000,
                            "max.poll.interval.ms": 300000, "group.instance.id": "i1",
                            "partition.assignment.strategy": "org.apache.kafka.clients.consumer.RangeAssignor,"
                                                             "cooperative-sticky",
                            "retry.backoff.ms": 100, "request.timeout.ms": 30000, "client.id": "app-1",
                            "group.id": "g", "auto.offset.reset": "earliest", "schema.registry.url": "http://sr",
                            "ssl.truststore.location": "/etc/ts.jks"},
                 "topics": {"orders": 12, "t": 1},
                 "polls": [{"at": 100, "processing_ms": 50},
                           {"every": 1000, "processing_ms": 200, "until": 60000}]},
    "consumer_close": {"client": "c1"},
    "consumer_crash": {"client": "c1"},
    "create_partition": {"topic": "t", "partition": 0, "replicas": [1, 2, 3], "leader": 1, "isr": [1, 2, 3],
                         "leader_epoch": 1, "zk_version": 4, "logs": {"1": [[0, 10], [1, 3]], "2": [[0, 10]]}},
    "append": {"topic": "t", "partition": 0, "records": 5, "acks": "all", "client": "p1"},
    "fetch": {"topic": "t", "partition": 0, "replica": 2, "offset": 10, "last_fetched_epoch": 0,
              "current_leader_epoch": 1, "broker_epoch": 25},
    "broker_fail": {"broker": 2},
    "broker_start": {"broker": 2},
    "broker_shutdown": {"broker": 2},
    "zk_session_expire": {"broker": 1},
    "leader_and_isr": {"topic": "t", "partition": 0, "leader": 2, "leader_epoch": 2, "isr": [2, 3],
                       "replicas": [1, 2, 3], "zk_version": 5, "controller_epoch": 7},
    "elect": {"topic": "t", "partition": 0, "strategy": "unclean"},
    "alter_partition_reply": {"topic": "t", "partition": 0, "isr": [1, 2], "leader_epoch": 1, "zk_version": 5},
    "run_task": {"broker": 1, "task": "isr-change-propagation"},
    "begin_txn": {"topic": "t", "partition": 0, "client": "p1"},
    "end_txn": {"topic": "t", "partition": 0, "client": "p1", "commit": False},
}

EXPECTATION_EXAMPLES: dict[str, dict[str, Any]] = {
    "state": {"group": "g", "state": "AwaitingSync", "generation": 1, "leader": "c1", "members": ["c1", "c2"],
              "pending": [], "protocol_type": "consumer", "protocol_name": "range"},
    "response": {"client": "c2", "request": "leave", "error": "NONE", "generation": 1, "member_id": "m-1",
                 "leader": "c1", "members": ["c1"], "protocol_type": "consumer", "protocol_name": "range",
                 "skip_assignment": False, "assignment": ["t-1"], "state": "Stable",
                 "results": ["NONE", "UNKNOWN_MEMBER_ID"]},
    "pending": {"client": "c1", "request": "join"},
    "member": {"group": "g", "client": "c1", "present": False},
    "client_state": {"client": "c1", "state": "COMPLETING_REBALANCE", "generation": 2, "assignment": ["t-0"],
                     "member_id": "consumer-1-0b5d2a3c"},
    "partition": {"topic": "t", "partition": 0, "leader": 1, "leader_epoch": 1, "isr": [1, 2], "maximal_isr": [1, 2],
                  "pending_isr": [1], "hw": 10, "leo": {"1": 13, "2": -1}, "zk_version": 5, "controller_epoch": 1},
    "replica": {"topic": "t", "partition": 0, "broker": 2, "leo": 10, "hw": 10, "log_start": 0,
                "epoch_cache": [[0, 0], [1, 10]], "last_caught_up_ms": 0, "leader_view_leo": -1,
                "leader_view_log_start": -1},
    "produce_response": {"client": "p1", "error": "NOT_ENOUGH_REPLICAS"},
    "effect": {"event": "member_removed", "group": "g", "reason": "session_timeout", "member_id": {"prefix": "c1-"}},
    "no_effect": {"event": "isr_change", "topic": "t", "to": [1]},
}


def jsonl(*records: dict[str, Any] | str) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


def problems(text: str) -> list[str]:
    with pytest.raises(TraceError) as caught:
        parse_trace(text)
    return [p.message for p in caught.value.problems]


def only_problem(text: str) -> str:
    found = problems(text)
    assert len(found) == 1, found
    return found[0]


def stimulus(do: str, at: int = 0, **fields: Any) -> dict[str, Any]:
    return {"at": at, "do": do, **fields}


def expect(kind: str, at: int = 0, **fields: Any) -> dict[str, Any]:
    return {"at": at, "expect": kind, **fields}


# -- what parses ---------------------------------------------------------------------------------


def test_the_design_example_parses_unchanged():
    trace = parse_trace(DESIGN_EXAMPLE, "example.jsonl")
    assert trace.header == Header(profile="2.8", timer="realtime",
                                  config={"group.initial.rebalance.delay.ms": 3000})
    assert trace.header.line == 1
    assert [(r.line, r.at) for r in trace.records] == [(2, 0), (3, 0), (4, 3000), (5, 3010), (6, 3010),
                                                       (7, 3010), (8, 3011)]
    assert trace.records[0] == Stimulus(2, 0, "join", {"group": "g", "client": "c1", "session_timeout_ms": 10000,
                                                        "rebalance_timeout_ms": 300000, "protocols": ("range",)})
    assert trace.records[-1] == Expectation(8, 3011, "response", {"client": "c2", "request": "sync",
                                                                    "error": "NONE", "assignment": ("t-1",)})


def test_the_examples_cover_every_kind_in_the_tables():
    assert set(STIMULUS_EXAMPLES) == set(STIMULI)
    assert set(EXPECTATION_EXAMPLES) == set(EXPECTATIONS)


@pytest.mark.parametrize("kind", sorted(STIMULUS_EXAMPLES))
def test_a_stimulus_of_every_kind_with_all_its_fields_parses(kind: str):
    fields = STIMULUS_EXAMPLES[kind]
    (record,) = parse_trace(jsonl(stimulus(kind, 5, **fields))).records
    assert isinstance(record, Stimulus)
    assert (record.at, record.do, thaw(record.fields)) == (5, kind, fields)


@pytest.mark.parametrize("kind", sorted(EXPECTATION_EXAMPLES))
def test_an_expectation_of_every_kind_with_all_its_fields_parses(kind: str):
    fields = EXPECTATION_EXAMPLES[kind]
    (record,) = parse_trace(jsonl(expect(kind, 5, **fields))).records
    assert isinstance(record, Expectation)
    assert (record.at, record.expect, thaw(record.fields)) == (5, kind, fields)


def test_a_rejected_alter_partition_reply_carries_only_its_error():
    """The controller refused the ISR change (e.g. a stale zkVersion: INVALID_UPDATE_VERSION)."""
    (record,) = parse_trace(jsonl(stimulus("alter_partition_reply", topic="t", partition=0,
                                           error="INVALID_UPDATE_VERSION"))).records
    assert record.fields["error"] == "INVALID_UPDATE_VERSION"


@pytest.mark.parametrize("acks", [0, 1, -1, "all"])
def test_append_takes_every_acks_value_kafka_has(acks: Any):
    (record,) = parse_trace(jsonl(stimulus("append", topic="t", partition=0, records=1, acks=acks))).records
    assert record.fields["acks"] == acks


def test_a_trace_without_header_gets_the_default_header():
    trace = parse_trace(jsonl(stimulus("tick")))
    assert trace.header == Header()
    assert (trace.header.profile, trace.header.timer, trace.header.controller,
            trace.header.periodic_tasks, trace.header.line) == (None, "realtime", "auto", "auto", 0)


def test_unknown_header_fields_are_kept_as_documentation():
    text = jsonl({"kind": "header", "profile": "0.10.0", "timer": "mock-strict", "controller": "scripted",
                  "periodic_tasks": "manual", "source": "kafka-internals book, figure 3", "note": "scenario 1"},
                 stimulus("tick"))
    header = parse_trace(text).header
    assert (header.profile, header.timer, header.controller, header.periodic_tasks) == \
        ("0.10.0", "mock-strict", "scripted", "manual")
    assert header.extra == {"source": "kafka-internals book, figure 3", "note": "scenario 1"}


def test_blank_and_comment_lines_are_skipped_and_line_numbers_kept():
    text = "# scenario 2 of the internals book\n\n// c2 joins a second later\n" + jsonl(stimulus("tick", 1000))
    (record,) = parse_trace(text).records
    assert record.line == 4


def test_documentation_fields_are_kept_apart_from_the_fields_that_run():
    """A derived record names its evidence; the runner never sees it as a request field."""
    text = jsonl(stimulus("heartbeat", group="g", client="c1", source=["server.log:1207"], level=3, note="x"))
    (record,) = parse_trace(text).records
    assert dict(record.fields) == {"group": "g", "client": "c1"}
    assert dict(record.doc) == {"source": ("server.log:1207",), "level": 3, "note": "x"}


def test_records_at_the_same_time_keep_their_order():
    text = jsonl(stimulus("join", 10, group="g", client="c2"), stimulus("join", 10, group="g", client="c1"))
    assert [r.fields["client"] for r in parse_trace(text).records] == ["c2", "c1"]


def test_values_are_frozen_and_hashable():
    (record,) = parse_trace(jsonl(stimulus("sync", group="g", client="c1", assignment={"c1": ["t-0"]}))).records
    with pytest.raises(TypeError):
        record.fields["group"] = "h"  # type: ignore[index]
    assert record.fields["assignment"]["c1"] == ("t-0",)
    assert hash(record) == hash(parse_trace(jsonl(stimulus("sync", group="g", client="c1",
                                                           assignment={"c1": ["t-0"]}))).records[0])


def test_read_trace_reads_a_file_with_crlf_line_ends_and_a_byte_order_mark(tmp_path: Path):
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + DESIGN_EXAMPLE.replace("\n", "\r\n").encode())
    trace = read_trace(path)
    assert trace == parse_trace(DESIGN_EXAMPLE)
    assert trace.path == str(path)


def test_read_trace_lines_takes_lines_with_or_without_line_ends():
    assert read_trace_lines(DESIGN_EXAMPLE.splitlines(keepends=True)) == \
        read_trace_lines(DESIGN_EXAMPLE.splitlines()) == parse_trace(DESIGN_EXAMPLE)


# -- matchers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    None,
    {"not": "Stable"},
    {"not": None},
    {"one_of": ["Stable", "CompletingRebalance"]},
    {"one_of": [None, {"not": "Dead"}]},
])
def test_a_compared_value_may_be_a_matcher(value: Any):
    """Protocol selection with tied votes may pick either group state path (GroupMetadataTest)."""
    (record,) = parse_trace(jsonl(expect("state", group="g", state=value))).records
    assert thaw(record.fields["state"]) == value


def test_prefix_matches_strings_such_as_generated_member_ids():
    """Member ids are client.id + "-" + a UUID (GroupCoordinator.newMemberId)."""
    (record,) = parse_trace(jsonl(expect("response", client="c1", request="join",
                                         member_id={"prefix": "consumer-1-"}))).records
    assert record.fields["member_id"] == {"prefix": "consumer-1-"}


def test_count_matches_the_length_of_a_list():
    (record,) = parse_trace(jsonl(expect("state", group="g", members={"count": 3}))).records
    assert record.fields["members"] == {"count": 3}


def test_map_entries_may_be_matchers_since_maps_compare_per_key():
    (record,) = parse_trace(jsonl(expect("partition", topic="t", partition=0,
                                         leo={"1": {"not": 0}, "2": None}))).records
    assert thaw(record.fields["leo"]) == {"1": {"not": 0}, "2": None}


def test_prefix_on_a_number_is_refused():
    assert only_problem(jsonl(expect("state", group="g", generation={"prefix": "1"}))) == \
        'line 1: "generation" is a 32-bit integer: {"prefix": ..} compares strings only'


def test_count_on_a_string_is_refused():
    assert only_problem(jsonl(expect("state", group="g", state={"count": 1}))) == (
        'line 1: "state" is one of Empty, PreparingRebalance, CompletingRebalance, Stable, Dead, AwaitingSync: '
        '{"count": n} compares list lengths only')


def test_a_misspelt_matcher_gets_a_suggestion():
    assert only_problem(jsonl(expect("state", group="g", state={"nto": "Stable"}))) == \
        'line 1: "state" uses the unknown matcher "nto"; did you mean "not"?'


def test_one_of_needs_a_non_empty_list():
    assert only_problem(jsonl(expect("state", group="g", state={"one_of": []}))) == \
        'line 1: "state.one_of" must be a non-empty list of values; got []'


def test_a_matcher_operand_is_checked_against_the_field_type():
    assert only_problem(jsonl(expect("state", group="g", state={"one_of": ["Stable", "Stabel"]}))) == (
        'line 1: "state.one_of[1]" must be one of Empty, PreparingRebalance, CompletingRebalance, Stable, Dead, '
        'AwaitingSync; got "Stabel"; did you mean "Stable"?')


def test_selecting_fields_take_no_matcher():
    assert only_problem(jsonl(expect("state", group={"prefix": "g"}))) == \
        'line 1: "group" must be a string; got {"prefix": "g"}'


# -- the envelope: each problem and its sentence -------------------------------------------------


def test_an_unknown_stimulus_gets_the_list_and_a_suggestion():
    assert only_problem(jsonl(stimulus("jion", group="g", client="c1"))) == \
        f'line 1: "do" must be one of {", ".join(STIMULI)}; got "jion"; did you mean "join"?'


def test_an_unknown_expectation_gets_the_list_and_a_suggestion():
    assert only_problem(jsonl(expect("stat", group="g"))) == \
        f'line 1: "expect" must be one of {", ".join(EXPECTATIONS)}; got "stat"; did you mean "state"?'


def test_an_expectation_written_as_a_stimulus_is_pointed_out():
    assert only_problem(jsonl(stimulus("state", group="g"))) == \
        f'line 1: "do" must be one of {", ".join(STIMULI)}; got "state"; "state" is an expectation: ' \
        'write "expect": "state"'


def test_an_unknown_field_gets_a_suggestion():
    assert only_problem(jsonl(stimulus("join", group="g", client="c1", sesion_timeout_ms=10000))) == \
        'line 1: unknown field "sesion_timeout_ms" for "join"; did you mean "session_timeout_ms"?'


def test_an_unknown_field_without_a_near_miss_lists_the_fields():
    assert only_problem(jsonl(stimulus("broker_fail", broker=1, colour="red"))) == \
        'line 1: unknown field "colour" for "broker_fail"; its fields are broker'


def test_tick_takes_no_fields():
    assert only_problem(jsonl(stimulus("tick", group="g"))) == \
        'line 1: unknown field "group" for "tick"; it takes no fields'


def test_a_missing_required_field_is_named():
    assert only_problem(jsonl(stimulus("join", client="c1"))) == \
        'line 1: "join" requires "group" (a string); add it'


def test_invalid_json_reports_the_column():
    assert only_problem('{"at": 0, "do": "tick",}\n') == \
        "line 1: not valid JSON: Expecting property name enclosed in double quotes at column 24; " \
        "write one JSON object per line"


def test_nan_is_not_json():
    assert only_problem('{"at": NaN, "do": "tick"}\n') == \
        "line 1: not valid JSON: NaN is not a JSON number; write one JSON object per line"


def test_a_deeply_nested_line_is_reported_not_crashed_on():
    assert only_problem("[" * 200_000 + "\n") == \
        "line 1: not valid JSON: it is nested too deeply; write one JSON object per line"


def test_a_number_of_thousands_of_digits_is_reported_in_our_words():
    assert only_problem('{"at": ' + "9" * 5000 + ', "do": "tick"}\n') == \
        "line 1: not valid JSON: the number 999999999999… has 5000 digits, more than any field takes; " \
        "write one JSON object per line"


def test_a_line_that_is_not_an_object_is_refused():
    assert only_problem('["at", 0]\n') == \
        'line 1: a record must be a JSON object ({"at": ..., "do": ...}); got a list'


def test_a_field_given_twice_is_refused():
    assert only_problem('{"at": 0, "do": "tick", "at": 5}\n') == \
        'line 1: field "at" appears twice in one object; keep one'


def test_a_record_without_at_is_refused():
    assert only_problem(jsonl({"do": "tick"})) == \
        'line 1: the record has no "at"; give its virtual time in ms, e.g. "at": 0'


def test_a_negative_time_is_refused():
    assert only_problem(jsonl(stimulus("tick", -5))) == \
        'line 1: "at" must be a virtual time in ms (an integer >= 0); got -5'


def test_a_fractional_time_is_refused():
    assert only_problem(jsonl({"at": 1.5, "do": "tick"})) == \
        'line 1: "at" must be a virtual time in ms (an integer >= 0); got 1.5'


def test_time_going_backwards_is_refused():
    text = jsonl(*[stimulus("tick", 1000)] * 11, stimulus("tick", 900))
    assert only_problem(text) == \
        "line 12: \"at\" 900 is before the previous record's 1000; records must be in time order"


def test_a_record_with_both_do_and_expect_is_refused():
    assert only_problem(jsonl({"at": 0, "do": "tick", "expect": "state", "group": "g"})) == \
        'line 1: a record takes exactly one of "do" (a stimulus) and "expect" (an expectation); ' \
        "this one has both: split it into two records"


def test_a_record_with_neither_do_nor_expect_is_refused():
    assert only_problem(jsonl({"at": 0, "group": "g"})) == \
        'line 1: a record needs "do" (a stimulus) or "expect" (an expectation); this one has neither'


def test_the_header_after_a_record_is_refused():
    assert only_problem(jsonl(stimulus("tick"), {"kind": "header", "profile": "2.8"})) == \
        "line 2: the header must be the first record; move it to the top (a trace has one header)"


def test_a_header_without_kind_is_recognised():
    assert only_problem(jsonl({"profile": "2.8", "timer": "mock-strict"}, stimulus("tick"))) == \
        'line 1: this looks like a header: add "kind": "header"'


def test_kind_other_than_header_is_refused():
    assert only_problem(jsonl({"kind": "heder", "profile": "2.8"}, stimulus("tick"))) == \
        'line 1: "kind" must be "header" (only the header has a "kind"); got "heder"'


def test_a_misspelt_header_field_is_refused():
    assert only_problem(jsonl({"kind": "header", "profil": "2.8"}, stimulus("tick"))) == \
        'line 1: unknown header field "profil"; did you mean "profile"? (other header fields are kept as ' \
        "documentation, but this one looks misspelt)"


def _engine_refusal(name: str) -> str:
    with pytest.raises(ValueError) as caught:
        profile(name)
    return str(caught.value)


@pytest.mark.parametrize("name", ["0.9", "latest"])
def test_a_profile_the_engine_refuses_is_reported_on_the_header_line_in_its_words(name: str):
    """Kafka 0.9 predates KIP-62 and every profile; "latest" is no version at all."""
    assert only_problem(jsonl({"kind": "header", "profile": name}, stimulus("tick"))) == \
        f'line 1: "profile": {_engine_refusal(name)}'


def test_a_timer_mode_must_be_one_the_engine_has():
    assert only_problem(jsonl({"kind": "header", "timer": "mock_strict"}, stimulus("tick"))) == \
        'line 1: "timer" must be one of realtime, mock-strict, mock-inclusive; got "mock_strict"; ' \
        'did you mean "mock-strict"?'


def test_the_header_takes_no_time():
    assert only_problem(jsonl({"kind": "header", "at": 0}, stimulus("tick"))) == \
        'line 1: the header takes no "at"; put stimuli and expectations on the lines after it'


def test_an_empty_file_is_refused():
    with pytest.raises(TraceError) as caught:
        parse_trace("")
    (problem,) = caught.value.problems
    assert (problem.line, problem.message) == \
        (None, 'the trace has no records; add at least one, e.g. {"at": 0, "do": "tick"}')


def test_a_header_alone_is_refused_as_empty():
    assert only_problem(jsonl({"kind": "header", "profile": "2.8"})) == \
        'the trace has no records; add at least one, e.g. {"at": 0, "do": "tick"}'


def test_every_problem_of_the_file_is_reported_at_once():
    """Nothing half-runs: the whole file is checked first."""
    text = jsonl(stimulus("jion"), stimulus("tick", -1), '{"at":')
    assert [m.split(":")[0] for m in problems(text)] == ["line 1", "line 2", "line 3"]


def test_problems_are_capped_at_fifty():
    with pytest.raises(TraceError) as caught:
        parse_trace(jsonl(*[{"do": "tick"}] * 80))
    assert len(caught.value.problems) == MAX_PROBLEMS
    assert caught.value.truncated
    assert str(caught.value).startswith("<trace>: 50 problems in the trace (the first 50; there are more)")


def test_the_error_carries_path_line_and_field():
    with pytest.raises(TraceError) as caught:
        parse_trace(jsonl(stimulus("tick"), stimulus("join", group="g", client="")), "incident.jsonl")
    (problem,) = caught.value.problems
    assert (problem.path, problem.line, problem.field) == ("incident.jsonl", 2, "client")
    assert str(problem) == 'incident.jsonl: line 2: "client" must be a client alias (a non-empty string); got ""'


def test_a_non_utf8_line_is_reported_not_crashed_on(tmp_path: Path):
    path = tmp_path / "t.jsonl"
    path.write_bytes(b'{"at":0,"do":"tick"}\n{"at":1,"do":"join","group":"caf\xe9","client":"c1"}\n')
    with pytest.raises(TraceError) as caught:
        read_trace(path)
    assert [p.message for p in caught.value.problems] == \
        ["line 2: the line is not valid UTF-8 (byte 0xe9 at column 33); save the trace as UTF-8"]


def test_a_non_utf8_line_read_with_surrogateescape_is_reported():
    lines = ['{"at":0,"do":"tick"}', b'{"at":1,"do":"describe","group":"\xff"}'.decode("utf-8", "surrogateescape")]
    with pytest.raises(TraceError) as caught:
        read_trace_lines(lines)
    assert caught.value.problems[0].message == \
        "line 2: the line is not valid UTF-8 (byte 0xff at column 34); save the trace as UTF-8"


def test_a_line_over_ten_megabytes_is_refused_and_the_rest_still_read(tmp_path: Path):
    path = tmp_path / "t.jsonl"
    big = b'{"at":0,"do":"tick","note":"' + b"x" * MAX_LINE_BYTES + b'"}'
    path.write_bytes(big + b"\n" + b'{"at":1,"do":"jion"}\n')
    with pytest.raises(TraceError) as caught:
        read_trace(path)
    messages = [p.message for p in caught.value.problems]
    assert messages[0] == (f"line 1: the line is {len(big)} bytes long, more than the 10 MB a record may take; "
                           "split it into several records")
    assert messages[1].startswith('line 2: "do" must be one of')


def test_a_ten_megabyte_line_given_as_text_is_refused():
    line = '{"at":0,"do":"tick","note":"' + "é" * (MAX_LINE_BYTES // 2) + '"}'
    with pytest.raises(TraceError) as caught:
        read_trace_lines([line])
    assert caught.value.problems[0].message.startswith(f"line 1: the line is {len(line.encode())} bytes long")


# -- field types --------------------------------------------------------------------------------


@pytest.mark.parametrize(("record", "message"), [
    (stimulus("join", group="g", client="c1", session_timeout_ms="10000"),
     '"session_timeout_ms" must be a 32-bit integer; got "10000"'),
    (stimulus("join", group="g", client="c1", session_timeout_ms=2**31),
     '"session_timeout_ms" must be at most 2147483647; got 2147483648'),
    (stimulus("join", group="g", client="c1", require_known_member_id="yes"),
     '"require_known_member_id" must be true or false; got "yes"'),
    (stimulus("join", group="g", client="c1", protocols="range"),
     '"protocols" must be a list of protocol names or [name, metadata-hex] pairs, most preferred first; '
     'got "range"'),
    (stimulus("join", group="g", client="c1", protocols=[["range", "0g"]]),
     '"protocols[0][1]" must be hex bytes (an even number of 0-9, a-f digits); got "0g"'),
    (stimulus("join", group="g", client="c1", protocols=[["range"]]),
     '"protocols[0]" must be a [name, metadata-hex] pair; got ["range"]'),
    (stimulus("join", group="g", client="c1", protocols=[7]),
     '"protocols[0]" must be a protocol name or a [name, metadata-hex] pair; got 7'),
    (stimulus("sync", group="g", client="c1", assignment={"c1": ["t0"]}),
     '"assignment[c1][0]" must be a topic-partition like "orders-7"; got "t0"'),
    (stimulus("sync", group="g", client="c1", assignment={"c1": "t-0"}),
     '"assignment[c1]" must be a list of topic-partitions like ["orders-0", "orders-1"]; got "t-0"'),
    (stimulus("commit", group="g", client="c1", offsets={"t-0": -3}),
     '"offsets[t-0]" must be an integer >= 0; got -3'),
    (stimulus("commit", group="g", client="c1", offsets={"t": 3}),
     '"offsets" has the key "t", which must be a topic-partition like "orders-7"'),
    (stimulus("fail_append", error="NOT_COORDINATOR_FOR_GROUP"),
     '"error" must be a Kafka error name such as "NONE" or "REBALANCE_IN_PROGRESS"; '
     'got "NOT_COORDINATOR_FOR_GROUP"; Kafka renamed that error: write "NOT_COORDINATOR"'),
    (stimulus("fail_append", error="NOT_COORDINATER"),
     '"error" must be a Kafka error name such as "NONE" or "REBALANCE_IN_PROGRESS"; got "NOT_COORDINATER"; '
     'did you mean "NOT_COORDINATOR"?'),
    (stimulus("append", topic="t", partition=0, records=1, acks=2),
     '"acks" must be one of 0, 1, -1, "all"; got 2'),
    (stimulus("append", topic="t", partition=0, records=1, acks=True),
     '"acks" must be one of 0, 1, -1, "all"; got true'),
    (stimulus("elect", topic="t", partition=0, strategy="dirty"),
     '"strategy" must be one of clean, unclean, preferred; got "dirty"'),
    (stimulus("run_task", broker=1, task="isr-expire"),
     '"task" must be one of isr-expiration, isr-change-propagation, auto-leader-rebalance-task; got "isr-expire"; '
     'did you mean "isr-expiration"?'),
    (stimulus("create_partition", topic="t", partition=0, replicas=[]),
     '"replicas" must be a non-empty list of broker ids; got []'),
    (stimulus("create_partition", topic="t!", partition=0, replicas=[1]),
     '"topic" must be a topic name (letters, digits, ".", "_" and "-"); got "t!"'),
    (stimulus("create_partition", topic="t", partition=0, replicas=[1], logs={"one": [[0, 1]]}),
     '"logs" has the key "one", which must be a broker id written as a string, e.g. "1"'),
    (stimulus("create_partition", topic="t", partition=0, replicas=[1], logs={"1": [[0, 0]]}),
     '"logs[1][0][1]" must be an integer >= 1; got 0'),
    (stimulus("create_partition", topic="t", partition=0, replicas=[1], logs={"1": [[1, 5], [0, 3]]}),
     "\"logs[1][1]\" has leader epoch 0 after epoch 1; a log's epochs never decrease: list the runs oldest first"),
    (stimulus("end_txn", topic="t", partition=0, client="p1", commit="yes"),
     '"commit" must be true or false; got "yes"'),
    (stimulus("set", config={"group.max.size": 0}),
     '"config[group.max.size]" must be an integer >= 1; got 0'),
    (stimulus("set", config={"unclean.leader.election.enable": "true"}),
     '"config[unclean.leader.election.enable]" must be true or false; got "true"'),
    (stimulus("set", config={"log.retention.hours": None}),
     '"config[log.retention.hours]" must be a config value (a string, number, true/false, or a list of them); '
     "got null; leave a config out to use its default"),
    (expect("partition", topic="t", partition=0, leo={"1": -2}),
     '"leo[1]" must be an integer >= -1; got -2'),
    (expect("response", client="c1", request="rejoin"),
     '"request" must be one of join, sync, heartbeat, leave, commit, offset_fetch, describe, list_groups, '
     'delete_group; got "rejoin"; did you mean "join"?'),
    (expect("client_state", client="c1", state="Stable"),
     '"state" must be one of UNJOINED, PREPARING_REBALANCE, COMPLETING_REBALANCE, REBALANCING, STABLE; '
     'got "Stable"; did you mean "STABLE"?'),
])
def test_a_field_of_the_wrong_type_is_named_with_what_it_must_be(record: dict[str, Any], message: str):
    assert only_problem(jsonl(record)) == f"line 1: {message}"


# -- cross-field rules ---------------------------------------------------------------------------


def test_member_id_and_member_id_of_exclude_each_other():
    assert only_problem(jsonl(stimulus("heartbeat", group="g", client="c1", member_id="m", member_id_of="c2"))) == \
        'line 1: "heartbeat" takes only one of "member_id" and "member_id_of"; drop "member_id_of"'


def test_leave_needs_a_client_or_members():
    assert only_problem(jsonl(stimulus("leave", group="g"))) == \
        'line 1: "leave" needs "client" or "members"; add one'


def test_a_batch_leave_member_needs_some_identity():
    assert only_problem(jsonl(stimulus("leave", group="g", members=[{"reason": "bye"}]))) == \
        'line 1: "members[0]" needs "client", "member_id", "member_id_of" or "instance_id"; add one'


def test_a_batch_leave_member_has_fields_of_its_own():
    assert only_problem(jsonl(stimulus("leave", group="g", members=[{"memberid": "m-1"}]))) == \
        'line 1: unknown field "memberid" in "members[0]"; did you mean "member_id"?'


def test_a_rejected_alter_partition_has_no_accepted_isr():
    assert only_problem(jsonl(stimulus("alter_partition_reply", topic="t", partition=0,
                                       error="INVALID_UPDATE_VERSION", isr=[1]))) == \
        'line 1: "alter_partition_reply" with "error" takes no "isr" (a rejected change has no accepted state); ' \
        "drop one side"


def test_an_alter_partition_reply_needs_an_error_or_an_isr():
    assert only_problem(jsonl(stimulus("alter_partition_reply", topic="t", partition=0))) == \
        'line 1: "alter_partition_reply" needs "error" or "isr"; add one'


# -- simulated consumers ---------------------------------------------------------------------------


def consumer(**fields: Any) -> dict[str, Any]:
    return stimulus("consumer", 1000, **{"client": "c1", "group": "g", **fields})


def test_a_poll_is_either_one_time_or_periodic():
    assert only_problem(jsonl(consumer(polls=[{"at": 1000, "every": 500}]))) == \
        'line 1: "polls[0]" takes only one of "at" and "every"; drop "every"'


def test_a_poll_needs_a_time_or_a_period():
    assert only_problem(jsonl(consumer(polls=[{"processing_ms": 5}]))) == \
        'line 1: "polls[0]" needs "at" or "every"; add one'


def test_until_bounds_only_a_periodic_poll():
    assert only_problem(jsonl(consumer(polls=[{"at": 1000, "until": 5000}]))) == \
        'line 1: "polls[0]" with "at" takes no "until" ("until" bounds a periodic poll); drop one side'


def test_a_poll_before_the_consumer_starts_is_refused():
    assert only_problem(jsonl(consumer(polls=[{"at": 500}]))) == \
        'line 1: "polls[0].at" 500 is before the consumer starts at 1000; poll times are virtual ms on ' \
        "the trace's clock"


def test_a_misspelt_consumer_config_is_refused():
    assert only_problem(jsonl(consumer(config={"sesion.timeout.ms": 10000}))) == \
        'line 1: unknown consumer config "sesion.timeout.ms" in "config"; did you mean "session.timeout.ms"?'


def test_a_real_consumer_config_near_another_name_is_accepted():
    """retry.backoff.max.ms (KIP-580, 3.7) is close to retry.backoff.ms but real."""
    (record,) = parse_trace(jsonl(consumer(config={"retry.backoff.max.ms": 1000,
                                                   "reconnect.backoff.max.ms": 1000}))).records
    assert record.fields["config"]["retry.backoff.max.ms"] == 1000


def test_a_consumer_config_value_is_typed_as_java_defines_it():
    assert only_problem(jsonl(consumer(config={"max.poll.interval.ms": 0}))) == \
        'line 1: "config[max.poll.interval.ms]" must be an integer >= 1; got 0'


def test_an_assignor_the_engine_cannot_run_is_refused():
    assert only_problem(jsonl(consumer(config={"partition.assignment.strategy": ["range", "com.acme.Mine"]}))) == (
        'line 1: "config[partition.assignment.strategy]" must be a list (or comma-separated string) of '
        "assignors: range, roundrobin, sticky, cooperative-sticky or their Java class names; "
        'got ["range", "com.acme.Mine"]; "com.acme.Mine" is not one the engine implements')


def test_heartbeat_interval_must_be_below_the_session_timeout():
    """The Java client throws "Heartbeat must be set lower than the session timeout"."""
    assert only_problem(jsonl(consumer(config={"session.timeout.ms": 6000, "heartbeat.interval.ms": 6000}))) == (
        'line 1: "config" has heartbeat.interval.ms 6000 >= session.timeout.ms 6000; the Java consumer refuses '
        'to start ("Heartbeat must be set lower than the session timeout"): lower the heartbeat interval')


def test_the_heartbeat_check_counts_the_profiles_default_session_timeout():
    """0.10.1 lowered the default session.timeout.ms to 10 s; 3.0 raised it to 45 s (KIP-735)."""
    record = consumer(config={"heartbeat.interval.ms": 20000})
    assert problems(jsonl({"kind": "header", "profile": "2.8"}, record))
    assert parse_trace(jsonl({"kind": "header", "profile": "3.0"}, record)).records


def test_group_id_in_the_config_must_agree_with_group():
    assert only_problem(jsonl(consumer(config={"group.id": "other"}))) == \
        'line 1: "config[group.id]" is "other" but "group" is "g"; drop group.id or make them equal'


# -- effect expectations ---------------------------------------------------------------------------


def test_an_effect_field_is_checked_against_the_engines_effect():
    assert only_problem(jsonl(expect("effect", event="state", to="Stable", generaton=1))) == \
        'line 1: unknown field "generaton" for a "state" effect; did you mean "generation"?'


def test_an_effect_event_must_be_one_the_engine_emits():
    message = only_problem(jsonl(expect("no_effect", event="member_remove")))
    assert message.startswith('line 1: "event" must be one of ')
    assert message.endswith('; got "member_remove"; did you mean "member_removed"?')


def test_a_replication_effect_expectation_takes_that_effects_fields():
    (record,) = parse_trace(jsonl(expect("effect", event="data_loss", topic="t", records=3))).records
    assert record.fields["records"] == 3


def test_a_replication_effect_expectation_refuses_a_field_it_does_not_have():
    with pytest.raises(TraceError, match='unknown field "count" for a "data_loss" effect'):
        parse_trace(jsonl(expect("effect", event="data_loss", topic="t", count=3)))


# -- writing back ---------------------------------------------------------------------------------


def test_write_trace_renders_compact_json_lines():
    trace = parse_trace(DESIGN_EXAMPLE)
    text = write_trace(trace)
    assert text.splitlines()[1] == \
        '{"at":0,"do":"join","group":"g","client":"c1","session_timeout_ms":10000,' \
        '"rebalance_timeout_ms":300000,"protocols":["range"]}'
    assert parse_trace(text) == trace


def test_a_trace_without_header_is_written_without_one():
    assert write_trace(parse_trace(jsonl(stimulus("tick", 7)))) == '{"at":7,"do":"tick"}\n'


def test_equality_ignores_where_a_trace_came_from():
    with_comments = "# c1 joins\n" + DESIGN_EXAMPLE
    assert parse_trace(with_comments, "a.jsonl") == parse_trace(DESIGN_EXAMPLE, "b.jsonl")


# -- generated traces: parse(write(t)) == t ------------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6)


def values(spec: schema.Spec) -> st.SearchStrategy[Any]:
    """A strategy of values that ``spec`` accepts (rules of nested objects filtered after)."""
    if isinstance(spec, schema.Int):
        return st.integers(spec.lo, spec.hi)
    if isinstance(spec, schema.Str):
        if spec.pattern is not None:
            return st.from_regex(spec.pattern, fullmatch=True)
        return st.text(min_size=1 if spec.nonempty else 0, max_size=12)
    if isinstance(spec, schema.TopicPartition):
        return st.builds(lambda t, p: f"{t}-{p}", st.from_regex(r"[A-Za-z0-9._-]{1,20}", fullmatch=True),
                         st.integers(0, schema.INT32_MAX))
    if isinstance(spec, schema.Bool):
        return st.booleans()
    if isinstance(spec, schema.Choice):
        return st.sampled_from(spec.values)
    if isinstance(spec, schema.ErrorName):
        return st.sampled_from(sorted(ERRORS.values()))
    if isinstance(spec, schema.ListOf):
        return st.lists(values(spec.item), min_size=spec.min_len, max_size=max(spec.min_len, 3))
    if isinstance(spec, schema.Pair):
        return st.tuples(values(spec.first), values(spec.second)).map(list)
    if isinstance(spec, schema.MapOf):
        return st.dictionaries(values(spec.key), values(spec.value), max_size=3)
    if isinstance(spec, schema.Union):
        return st.one_of([values(o) for o in spec.options])
    if isinstance(spec, schema.Assignors):
        names = st.lists(st.sampled_from(sorted(set(schema.ASSIGNORS) | set(schema.ASSIGNORS.values()))),
                         min_size=1, max_size=3)
        return names | names.map(",".join)
    if isinstance(spec, schema.ConfigMap):
        optional = {name: values(s) for name, s in spec.typed.items()}
        optional.update({name: st.text(max_size=5) for name in sorted(spec.known)[:5]})
        return st.fixed_dictionaries({}, optional=optional)
    if isinstance(spec, schema.Obj):
        return fields_of(spec.fields, compared=False).filter(lambda v: not spec.check(v, "x"))
    return _JSON


def compared(spec: schema.Spec) -> st.SearchStrategy[Any]:
    """An expectation value: a value of ``spec``, null, or a matcher over it."""
    plain = values(spec)
    forms = [plain, st.none(), plain.map(lambda v: {"not": v}),
             st.lists(plain, min_size=1, max_size=2).map(lambda vs: {"one_of": vs})]
    if "string" in spec.json_types:
        forms.append(st.text(max_size=4).map(lambda s: {"prefix": s}))
    if "list" in spec.json_types:
        forms.append(st.integers(0, 5).map(lambda n: {"count": n}))
    return st.one_of(forms)


def fields_of(table: Mapping[str, schema.Field], *, compared: bool) -> st.SearchStrategy[dict[str, Any]]:
    def strategy(f: schema.Field) -> st.SearchStrategy[Any]:
        return globals()["compared"](f.spec) if compared and not f.key else values(f.spec)
    return st.fixed_dictionaries({n: strategy(f) for n, f in table.items() if f.required},
                                 optional={n: strategy(f) for n, f in table.items() if not f.required})


@st.composite
def records(draw: st.DrawFn, at: int, prefix: str) -> dict[str, Any]:
    """One valid record at ``at``, of a kind drawn first (so every kind is drawn as often),
    valid after ``prefix`` (the header: its profile decides the consumer defaults)."""
    word, table = draw(st.sampled_from([("do", STIMULI), ("expect", EXPECTATIONS)]))
    kind = draw(st.sampled_from(sorted(table)))

    @st.composite
    def body(draw: st.DrawFn) -> dict[str, Any]:
        fields = draw(fields_of(table[kind].fields, compared=word == "expect"))
        if table[kind].open_fields:
            allowed = schema.EFFECT_FIELDS[fields["event"]] or frozenset({"topic", "offset"})
            fields.update(draw(st.dictionaries(st.sampled_from(sorted(allowed)), compared(schema.AnyValue()),
                                               max_size=2)))
        if draw(st.booleans()):
            fields.update(draw(fields_of(schema.DOC_FIELDS, compared=False)))
        return {"at": at, word: kind, **fields}

    return draw(body().filter(lambda r: _valid(prefix + jsonl(r))))


@st.composite
def traces(draw: st.DrawFn) -> str:
    header = draw(fields_of(schema.HEADER_FIELDS, compared=False).map(lambda h: {**h, "kind": "header"}))
    if "profile" in header:
        header["profile"] = draw(st.sampled_from(PROFILE_NAMES))
    header.update(draw(st.dictionaries(st.sampled_from(["source", "note", "incident"]), _JSON, max_size=2)))
    lines = [json.dumps(header, ensure_ascii=False)] if draw(st.booleans()) else []
    prefix = jsonl(*lines)
    times = sorted(draw(st.lists(st.integers(0, 10**6), min_size=1, max_size=6)))
    lines += [json.dumps(draw(records(at, prefix)), ensure_ascii=False) for at in times]
    return jsonl(*lines)


def _valid(text: str) -> bool:
    try:
        parse_trace(text)
    except TraceError:
        return False
    return True


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(traces())
def test_a_trace_written_back_reads_the_same(text: str):
    trace = parse_trace(text)
    written = write_trace(trace)
    assert parse_trace(written) == trace
    assert write_trace(parse_trace(written)) == written


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(traces())
def test_a_generated_trace_keeps_every_field_as_written(text: str):
    trace = parse_trace(text)
    originals = [o for o in map(json.loads, text.split("\n")[:-1]) if "kind" not in o]
    assert len(trace.records) == len(originals)
    for record, original in zip(trace.records, originals, strict=True):
        assert {**thaw(record.fields), **thaw(record.doc)} == \
            {k: v for k, v in original.items() if k not in ("at", "do", "expect")}


# -- the reference --------------------------------------------------------------------------------


def test_the_reference_documents_every_kind_and_field():
    text = reference_markdown()
    for table in (STIMULI, EXPECTATIONS):
        for kind in table.values():
            assert f"### `{kind.name}`" in text
            for name in kind.fields:
                assert f"| `{name}` |" in text


def test_running_the_module_prints_the_reference():
    out = subprocess.run([sys.executable, "-m", "kafka_forensics.replay.trace"], capture_output=True, text=True,
                         check=True).stdout
    assert out == reference_markdown()


def test_trace_is_a_value():
    trace = parse_trace(DESIGN_EXAMPLE)
    assert isinstance(trace, Trace)
    assert trace == Trace("elsewhere", trace.header, trace.records)
