"""``simulate --emit-logs DIR --request-log``: the coordinator's ``kafka-request.log``, read back.

Each family of ``Completed request:`` line (``core/src/main/scala/kafka/network/RequestChannel.scala``
per tag: 0.10 ``{api_key=…} -- {…}`` whole ms, 0.11 ``%f`` times, 1.0–2.7 ``RequestHeader(…) --
{struct},response:{struct}``, 2.8+ one JSON object) is written from a seed's run and ingested
back: the ``request_completed`` rows must be the engine's exchanges, one per answered request.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from kafka_forensics.engine.effects import Response
from kafka_forensics.parsers import view
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, render_lines
from kafka_forensics.replay.emit_requests import (
    Exchange,
    client_versions,
    exchanges,
    java_double,
    render_request_log,
    request_lines,
)
from kafka_forensics.replay.runner import RunResult
from kafka_forensics.replay.simulate import simulate
from kafka_forensics.replay.wording import kafka_version

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO / "examples" / "seeds"
INCIDENTS = REPO / "examples" / "incidents"
KAFKA_TRACES = REPO / "tests" / "traces" / "kafka"
APIS = {
    "join": "JoinGroup",
    "sync": "SyncGroup",
    "heartbeat": "Heartbeat",
    "leave": "LeaveGroup",
    "commit": "OffsetCommit",
}

#: one run per family: (trace, profile)
FAMILIES = {
    "0.10": (SEEDS / "scenario2-joins-0s-1s-2s.0.10.0.jsonl", None),
    "0.11": (SEEDS / "scenario3-joins-0s-1s-3s.2.8.jsonl", "0.11"),
    "2.5": (SEEDS / "scenario2-joins-0s-1s-2s.2.8.jsonl", "2.5"),
    "3.5": (INCIDENTS / "poll-timeout-rebalance-storm.3.5.jsonl", None),
}


def _run(family: str) -> RunResult:
    trace, profile = FAMILIES[family]
    return simulate(trace, profile=profile)


def _read_back(result: RunResult, out: Path) -> pl.DataFrame:
    """Emit the run's logs with the request log, ingest them; every line must be recognised."""
    emit_logs(result.effects, result.profile, out, request_log=True)
    report = ingest([str(out)], None, IngestOptions())
    for f in report.files:
        assert f.unrecognised_total == 0 and f.malformed == 0, (f.source, f.unrecognised, f.samples)
    table = view.load([str(out)])
    rows = table if isinstance(table, pl.DataFrame) else table.collect()
    return rows.filter(pl.col("kind") == "request_completed").sort("ts", maintain_order=True)


def _id(text: str | None) -> str | None:
    return text or None


def _expected(x: Exchange, result: RunResult) -> tuple[Any, ...]:
    """What the line must read back as: the engine's request and response (0.10–0.11 log no
    response, so no error and no generation handed out)."""
    r, s = x.received.request, x.response
    v = kafka_version(result.profile)
    with_response = v >= (1, 0, 0)
    if x.kind == "join":
        member = _id(r.member_id) or (_id(s.member_id) if with_response else None)
        generation = (
            s.generation if with_response and s.generation is not None and s.generation >= 0 else None
        )
    elif x.kind == "leave":
        # one member names it; before LeaveGroup v3 (KIP-345) a batch has no rendering but its first
        single = len(r.members) == 1 or client_versions(v)["leave"] < 3
        member = _id(r.members[0].member_id) if single and r.members else None
        generation = None
    else:
        member, generation = _id(r.member_id), r.generation
    error = s.error if with_response else None
    # 0.10 prints whole ms; later families the sub-ms part that orders a millisecond's requests
    total = float(x.waited_ms) if v < (0, 11, 0) else x.total_ms
    return (APIS[x.kind], _id(r.group), member, generation, error, total)


def _rows(rows: pl.DataFrame) -> list[tuple[Any, ...]]:
    # a LeaveGroup v3+ member named by its instance id alone (member_id "") reads back as member
    # "" rather than no member (requestlog._membership's single-member case): no id either way
    return [
        (api, group, member or None, *rest)
        for api, group, member, *rest in rows.select(
            "api", "group", "member", "generation", "error", "duration_ms"
        ).iter_rows()
    ]


@pytest.mark.parametrize("family", list(FAMILIES))
def test_each_familys_request_log_reads_back_as_the_engines_exchanges(family: str, tmp_path: Path) -> None:
    # RequestChannel.scala per tag: 0.10/0.11 log the request only (no response, so no error),
    # 1.0+ the request and its response; totalTime is the wait from request to response
    result = _run(family)
    rows = _read_back(result, tmp_path)
    expected = [_expected(x, result) for x in exchanges(result.effects)]
    assert expected and _rows(rows) == expected
    assert set(rows["api"]) >= {"JoinGroup", "SyncGroup"}


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_request_the_coordinator_answered_has_exactly_one_line(family: str) -> None:
    result = _run(family)
    answered = [e for e in result.effects if isinstance(e, Response) and e.request in APIS]
    lines = request_lines(result.effects, result.profile)
    assert len(lines) == len(answered) > 0
    # written when the response is sent: the response's time, in the order they were sent
    assert [line.at for line in lines] == [e.at for e in answered]


def test_a_parked_join_reads_back_its_purgatory_wait_as_total_and_remote_time(tmp_path: Path) -> None:
    # A JoinGroup waits in the DelayedJoin purgatory until the join phase ends: the time between
    # its arrival and its response is remoteTime (RequestChannel.scala 2.5: apiRemoteTimeMs)
    result = _run("2.5")
    parked = [x for x in exchanges(result.effects) if x.kind == "join" and x.waited_ms > 0]
    assert parked
    rows = _read_back(result, tmp_path).filter(pl.col("api") == "JoinGroup")
    waits = {
        (m, d)
        for m, d, det in rows.select("member", "duration_ms", "details").iter_rows()
        if d >= 1 and f'"remote_ms":{float(int(d))}' in (det or "").replace(" ", "")
    }
    assert waits == {
        (x.received.request.member_id or x.response.member_id, x.total_ms) for x in parked
    }


def test_heartbeats_and_leaves_read_back_with_their_errors(tmp_path: Path) -> None:
    # 3.5: Heartbeat v4 and LeaveGroup v5 (KIP-800) in JSON (RequestConvertToJson, KIP-673)
    result = _run("3.5")
    rows = _read_back(result, tmp_path)
    assert set(rows["api"]) == {"JoinGroup", "SyncGroup", "Heartbeat", "LeaveGroup"}
    engine_errors = {e.error for e in result.effects if isinstance(e, Response) and e.request == "heartbeat"}
    assert set(rows.filter(pl.col("api") == "Heartbeat")["error"]) == engine_errors


@pytest.mark.parametrize("profile", ["0.10.2", "0.11", "2.1", "2.4", "3.7"])
def test_offset_commits_read_back_with_their_group_member_and_generation(
    profile: str, tmp_path: Path
) -> None:
    # OffsetCommit v2 (0.10), v3 (0.11), v6 hand-written (2.1), v8 generated + flexible (2.4),
    # v9 JSON with generationIdOrMemberEpoch (3.7, KIP-848)
    result = simulate(KAFKA_TRACES / "GroupCoordinatorTest.testCommitMaintainsSession.jsonl", profile=profile)
    rows = _read_back(result, tmp_path).filter(pl.col("api") == "OffsetCommit")
    commits = [x for x in exchanges(result.effects) if x.kind == "commit"]
    assert commits and _rows(rows) == [_expected(x, result) for x in commits]


def test_a_leaders_sync_lists_every_members_assignment(tmp_path: Path) -> None:
    # SyncGroup v5 (2.5): the leader sends the assignments of all members, followers none
    result = _run("2.5")
    rows = _read_back(result, tmp_path).filter(pl.col("api") == "SyncGroup")
    syncs = [x for x in exchanges(result.effects) if x.kind == "sync"]
    assert rows["members"].to_list() == [
        len(x.received.request.assignment) if x.received.request.assignment else None for x in syncs
    ]


def test_the_client_id_is_the_joins_client_id_and_correlation_ids_count_per_connection() -> None:
    result = _run("2.5")
    lines = [line.message for line in request_lines(result.effects, result.profile)]
    first = [m for m in lines if "clientId=consumer-1," in m]
    ids = [int(m.split("correlationId=")[1].split(")")[0]) for m in first]
    assert ids == sorted(ids) and len(set(ids)) == len(ids) and ids[0] == 3


def test_api_versions_are_those_the_same_releases_java_consumer_sends() -> None:
    # Protocol.java 0.10.0.0 / 0.10.1.0 / 0.11.0.0; request classes' schemaVersions() 1.0.0–2.1.0;
    # common/message/*Request.json validVersions 2.2.0+ (OffsetCommit v9 unstable in 3.6.0)
    assert client_versions((0, 10, 0)) == {"join": 0, "sync": 0, "heartbeat": 0, "leave": 0, "commit": 2}
    assert client_versions((0, 10, 2))["join"] == 1  # KIP-62 rebalance_timeout
    assert client_versions((0, 11, 0)) == {"join": 2, "sync": 1, "heartbeat": 1, "leave": 1, "commit": 3}
    assert client_versions((1, 1, 99)) == client_versions((0, 11, 0))
    assert client_versions((2, 5, 99)) == {"join": 7, "sync": 5, "heartbeat": 4, "leave": 4, "commit": 8}
    assert client_versions((3, 6, 99)) == {"join": 9, "sync": 5, "heartbeat": 4, "leave": 5, "commit": 8}
    assert client_versions((3, 7, 99))["commit"] == 9


def test_the_line_is_trace_before_1_0_and_debug_from_1_0() -> None:
    # 0.10.x / 0.11.0.0: requestLogger.trace(...); 1.0+: requestLogger.debug(...)
    for family, expected in (("0.10", "TRACE"), ("0.11", "TRACE"), ("2.5", "DEBUG"), ("3.5", "DEBUG")):
        result = _run(family)
        assert {line.level for line in request_lines(result.effects, result.profile)} == {expected}


def test_times_are_written_as_java_writes_a_double() -> None:
    # Double.toString (Scala's toString, Jackson's DoubleNode)
    assert [java_double(x) for x in (0, 5, 2950, 9_999_999, 10_000_000, 12_345_678)] == [
        "0.0",
        "5.0",
        "2950.0",
        "9999999.0",
        "1.0E7",
        "1.2345678E7",
    ]


def test_the_request_log_is_the_same_bytes_every_time(tmp_path: Path) -> None:
    result = _run("3.5")
    a, b = tmp_path / "a", tmp_path / "b"
    emit_logs(result.effects, result.profile, a, request_log=True)
    emit_logs(_run("3.5").effects, result.profile, b, request_log=True)
    log = Path("broker-0/kafka-request.log")
    assert (a / log).read_bytes() == (b / log).read_bytes() and (a / log).stat().st_size > 0


def test_without_request_log_the_emitted_logs_do_not_change() -> None:
    result = _run("2.5")
    plain = render_lines(result.effects, result.profile)
    with_requests = render_lines(result.effects, result.profile, request_log=True)
    assert "broker-0/kafka-request.log" not in plain
    assert {k: v for k, v in with_requests.items() if k != "broker-0/kafka-request.log"} == plain


def test_the_request_log_sits_beside_the_coordinators_server_log() -> None:
    result = _run("2.5")
    files = render_lines(result.effects, result.profile, broker=3, cluster="east", request_log=True)
    assert {"cluster=east/broker-3/server.log", "cluster=east/broker-3/kafka-request.log"} <= set(files)


EXE = shutil.which("kafka-forensics") or "kafka-forensics"


def test_the_cli_flag_writes_the_request_log_end_to_end(tmp_path: Path) -> None:
    trace, _ = FAMILIES["0.10"]
    out = tmp_path / "logs"
    run = subprocess.run(
        [EXE, "simulate", str(trace), "--emit-logs", str(out), "--request-log"],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": str(Path(EXE).parent), "NO_COLOR": "1", "KAFKA_FORENSICS_CACHE": "off"},
    )
    assert run.returncode == 0, run.stderr
    result = _run("0.10")
    expected = [line.message for line in request_lines(result.effects, result.profile)]
    written = (out / "broker-0" / "kafka-request.log").read_text().splitlines()
    assert [
        w.split("] ", 1)[1].removeprefix("TRACE ").removesuffix(" (kafka.request.logger)") for w in written
    ] == expected
    refused = subprocess.run(
        [EXE, "simulate", str(trace), "--request-log"],
        capture_output=True,
        text=True,
        timeout=300,
        env={"PATH": str(Path(EXE).parent), "NO_COLOR": "1"},
    )
    assert refused.returncode != 0 and "--emit-logs" in refused.stderr


@pytest.mark.parametrize("profile", ["0.10.2", "2.4", "3.7"])
def test_every_coordinator_test_trace_reads_back_as_its_exchanges(profile: str, tmp_path: Path) -> None:
    # Kafka's own GroupCoordinatorTest cases (tests/traces/kafka): static members, batch leaves
    # (LeaveGroup v4, KIP-345), commits, errors — every line recognised, every exchange read back
    expected: dict[str, list[tuple[Any, ...]]] = {}
    for trace in sorted(KAFKA_TRACES.glob("*.jsonl")):
        result = simulate(trace, profile=profile)
        files = render_request_log(result.effects, result.profile, start=DEFAULT_START)
        for name, lines in files.items():  # the request log alone
            (tmp_path / trace.stem / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / trace.stem / name).write_text("\n".join(lines) + "\n")
        if files:
            expected[trace.stem] = [_expected(x, result) for x in exchanges(result.effects)]
    report = ingest([str(tmp_path)], None, IngestOptions())
    assert all(f.unrecognised_total == 0 and f.malformed == 0 for f in report.files)
    table = view.load([str(tmp_path)])
    rows = (table if isinstance(table, pl.DataFrame) else table.collect()).filter(
        pl.col("kind") == "request_completed"
    )
    read = {
        stem: _rows(rows.filter(pl.col("source").str.contains(f"/{stem}/", literal=True)).sort("line"))
        for stem in expected
    }
    assert len(expected) > 100
    assert {k: v for k, v in read.items() if v != expected[k]} == {}


def test_requests_of_one_millisecond_keep_their_order_in_the_total_times(tmp_path: Path) -> None:
    # Kafka's totalTime has microseconds; the engine's clock has whole ms.  Of the requests that
    # arrive in one millisecond, each earlier one is written a thousandth of a ms longer, so that
    # a line's time less its total time puts them back in the order they came (2.8: c1 and c2
    # join at 0 ms; c1's join, parked until the initial delay ends, came first)
    trace = tmp_path / "t.jsonl"
    trace.write_text('{"kind":"header","profile":"2.8"}\n'
                     '{"at":0,"do":"join","group":"g","client":"c1"}\n'
                     '{"at":0,"do":"join","group":"g","client":"c2"}\n'
                     '{"at":3000,"do":"tick"}\n')
    result = simulate(trace)
    xs = exchanges(result.effects)
    arrived = sorted(xs, key=lambda x: x.response.at - x.total_ms)
    assert [x.arrival for x in arrived] == sorted(x.arrival for x in xs)
    assert all(round(x.total_ms) == x.waited_ms for x in xs)
