"""The engine diff of consumer groups: a group's trace derived from its coordinator's lines,
run through the engine, and what Kafka's rules make happen aligned with what was logged.

Fault injection uses the logs our engine writes for the bundled poll-timeout storm
(``examples/incidents/poll-timeout-rebalance-storm.3.5.jsonl``, Kafka 3.5: a consumer whose
batches outlast max.poll.interval.ms leaves and rejoins, eight rounds): untouched they give
only the storm; each fault put in by hand is found with the right kind and line, and nothing
else.  Hand-written excerpts in Kafka's wording cover the timing rules, and the real corpus
is read without a single engine finding (reviewed below).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.diff_groups import replay_groups
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.findings import FindingKind
from kafka_forensics.replay.simulate import simulate

from ..support import edit_line

REPO = Path(__file__).resolve().parents[2]
STORM = REPO / "examples" / "incidents" / "poll-timeout-rebalance-storm.3.5.jsonl"
REAL = REPO.parent / "shared" / "corpus" / "real"
GC = "kafka.coordinator.group.GroupCoordinator"
ENGINE_KINDS = {FindingKind.ILLEGAL_TRANSITION, FindingKind.MISSING_TRANSITION, FindingKind.UNEXPECTED_TRANSITION,
                FindingKind.GENERATION_MISMATCH, FindingKind.MEMBER_COUNT_MISMATCH, FindingKind.EARLY_EXPIRY,
                FindingKind.REBALANCE_TIMEOUT_EXCEEDED}


@pytest.fixture
def storm(tmp_path: Path) -> Path:
    result = simulate(STORM)
    emit_logs(result.effects, result.profile, tmp_path)
    return tmp_path


def server_log(logs: Path) -> Path:
    return logs / "broker-0" / "server.log"


def findings(logs: Path) -> list:
    return list(check(view.load([str(logs)])).findings)


def engine_findings(logs: Path) -> list:
    return [f for f in findings(logs) if f.kind in ENGINE_KINDS]


def test_untouched_storm_logs_re_run_without_a_difference(storm: Path) -> None:
    assert [f.kind.value for f in findings(storm)] == ["rebalance_storm"]
    (replay,) = replay_groups(view.load([str(storm)]))
    assert replay.error is None and replay.findings == ()
    # every rebalance the coordinator logged, the engine made too
    assert replay.rebalances == server_log(storm).read_text().count("Preparing to rebalance group billing")
    assert {s.verdict for s in replay.steps} == {"ok", "stimulus"}


def test_a_dropped_stabilized_line_is_a_missing_transition(storm: Path) -> None:
    """The coordinator always logs "Stabilized group … generation N": without it, the join
    phase the next line (the leader's assignment) presupposes is missing."""
    line = edit_line(server_log(storm), "Stabilized group billing generation 4 ", None)
    (f,) = engine_findings(storm)
    assert f.kind is FindingKind.MISSING_TRANSITION and f.entity == "group billing"
    assert f.details["state"] == "CompletingRebalance" and "generation 4" in f.expected
    # the lines around the gap: the rebalance before it, the assignment now at the dropped line's place
    assert [e.line for e in f.evidence] == [line - 2, line]


def test_a_changed_generation_is_one_generation_mismatch(storm: Path) -> None:
    line = edit_line(server_log(storm), "Stabilized group billing generation 4 ", "Stabilized group billing generation 9 ")
    (f,) = engine_findings(storm)
    assert f.kind is FindingKind.GENERATION_MISMATCH
    assert (f.details["expected_generation"], f.details["observed_generation"]) == (4, 9)
    assert [e.line for e in f.evidence] == [line]
    assert "odd one out" in f.message  # the lines after it go on from generation 4
    # reported with the last state the engine and the logs agreed on
    assert f.details["last_consistent"] == ("PreparingRebalance generation 3 with 2 members at "
                                            "2024-01-01T00:01:42.000Z")


def test_a_stabilized_count_that_the_joins_do_not_give_is_a_member_count_mismatch(storm: Path) -> None:
    line = edit_line(server_log(storm), "generation 4 (__consumer_offsets-9) with 2 members",
                "generation 4 (__consumer_offsets-9) with 5 members")
    (f,) = engine_findings(storm)
    assert f.kind is FindingKind.MEMBER_COUNT_MISMATCH
    assert (f.details["expected_members"], f.details["observed_members"]) == (2, 5)
    assert [e.line for e in f.evidence] == [line]


def test_the_derived_trace_records_where_each_stimulus_comes_from(storm: Path) -> None:
    (replay,) = replay_groups(view.load([str(storm)]))
    records = replay.case.trace.records
    # the consumers' logs are there too: their "(Re-)joining group" lines time the rejoins, their
    # "Successfully synced group" lines the SyncGroups, their LeaveGroup lines the leaves
    assert {r.doc["level"] for r in records} == {"client", "coordinator", "inferred"}
    rejoin = next(r for r in records if r.doc["level"] == "client" and r.do == "join")
    assert "/consumer-" in rejoin.doc["source"]  # a consumer log, not server.log
    # every stimulus names the line it rests on (an inferred heartbeat: the line that showed its
    # member), all but the clock's last tick past the end
    assert [r.do for r in records if "source" not in r.doc] == ["tick"]
    leave = next(r for r in records if r.do == "leave")
    assert leave.doc["level"] == "client" and leave.doc["source"].endswith("consumer-slow.log:9")
    assert leave.doc["cause"] == "poll_timeout" and leave.doc["cause_source"].endswith("consumer-slow.log:8")
    # a line that drives a stimulus is never counted as confirming it: the coordinator's own
    # lines of the leave (server.log:7, :8) now only confirm the consumer's
    assert all(s.verdict == "ok" for s in replay.steps if s.observed and s.observed.line in (7, 8)
               and s.observed.source.endswith("server.log"))


# -- hand-written excerpts ---------------------------------------------------------------------
def ts(second: int) -> str:
    m, s = divmod(second, 60)
    return f"2024-03-01 10:{m:02d}:{s:02d},000"


def line(second: int, text: str) -> str:
    return f"[{ts(second)}] INFO [GroupCoordinator 1]: {text} ({GC})\n"


def member(n: int) -> str:
    return f"consumer-pay-{n}-{n:08x}-1c3d-4e5f-8a7b-9c0d1e2f3a4b"


def join_round(second: int, gen: int, new: int, count: int) -> str:
    """3.0-3.1 wording: member ``new`` joins a stable group; the join phase ends at once."""
    return (line(second, f"Preparing to rebalance group pay in state PreparingRebalance with old generation {gen} "
                         f"(__consumer_offsets-7) (reason: Adding new member {member(new)} with group instance "
                         "id None)")
            + line(second, f"Stabilized group pay generation {gen + 1} (__consumer_offsets-7) with {count} members")
            + line(second, f"Assignment received from leader {member(0)} for group pay for generation {gen + 1}. "
                           f"The group has {count} members, 0 of which are static."))


def consumer_config(session_ms: int, group: str = "pay") -> str:
    """A Java consumer's ConsumerConfig dump (its log's first record)."""
    return ("[2024-03-01 09:59:59,000] INFO ConsumerConfig values: \n"
            f"\tgroup.id = {group}\n\tsession.timeout.ms = {session_ms}\n\tmax.poll.interval.ms = 300000\n"
            " (org.apache.kafka.clients.consumer.ConsumerConfig)\n")


def expired_10_s_after_joining() -> str:
    """Member 0 joins at 0 s and is expired at 10 s: its rebalance empties the group."""
    return (join_round(0, 4, 0, 1)
            + line(10, f"Member {member(0)} in group pay has failed, removing it from the group")
            + line(10, "Preparing to rebalance group pay in state PreparingRebalance with old generation 5 "
                       f"(__consumer_offsets-7) (reason: removing member {member(0)} on heartbeat expiration)")
            + line(10, "Group pay with generation 6 is now empty (__consumer_offsets-7)"))


def test_a_join_phase_longer_than_the_rebalance_timeout_is_reported(tmp_path: Path) -> None:
    """Kafka 3.1: the members' rebalance timeout (max.poll.interval.ms, 300 s by default) bounds
    the join phase; this one took 400 s."""
    text = (join_round(0, 4, 0, 1) + join_round(10, 5, 1, 2)
            + line(20, f"Preparing to rebalance group pay in state PreparingRebalance with old generation 6 "
                       f"(__consumer_offsets-7) (reason: Adding new member {member(2)} with group instance id None)")
            + line(420, "Stabilized group pay generation 7 (__consumer_offsets-7) with 3 members"))
    (tmp_path / "server.log").write_text(text)
    (f,) = engine_findings(tmp_path)
    assert f.kind is FindingKind.REBALANCE_TIMEOUT_EXCEEDED
    assert f.details["timeout_ms"] == 300_000 and "400.0 s after it began" in f.observed
    assert [e.line for e in f.evidence] == [7, 8]


def test_an_expiry_sooner_than_the_known_session_timeout_is_early(tmp_path: Path) -> None:
    """The consumer's ConsumerConfig dump says session.timeout.ms = 45000 (3.0+ default); the
    coordinator expired it 10 s after its join."""
    (tmp_path / "consumer.log").write_text(consumer_config(45_000))
    (tmp_path / "server.log").write_text(expired_10_s_after_joining())
    (f,) = engine_findings(tmp_path)
    assert f.kind is FindingKind.EARLY_EXPIRY and f.details["session_timeout_ms"] == 45_000
    assert f.details["member"] == member(0) and [e.line for e in f.evidence] == [4]


@pytest.mark.parametrize("session_ms", [10_000, 45_000])
def test_a_member_from_before_the_logs_that_expires_at_their_first_line_is_no_finding(
        tmp_path: Path, session_ms: int) -> None:
    """The logs begin with a member's expiry (its session ran out: its last heartbeat came one
    session timeout before, before the logs).  The seed round that puts it in the group starts
    that session and 2 s more before the first line, so the engine expires it right there."""
    (tmp_path / "consumer.log").write_text(consumer_config(session_ms))
    (tmp_path / "server.log").write_text(
        line(0, f"Member {member(0)} in group pay has failed, removing it from the group")
        + line(0, "Preparing to rebalance group pay in state PreparingRebalance with old generation 5 "
                  f"(__consumer_offsets-7) (reason: removing member {member(0)} on heartbeat expiration)")
        + line(0, "Group pay with generation 6 is now empty (__consumer_offsets-7)"))
    assert engine_findings(tmp_path) == []
    (replay,) = replay_groups(view.load([str(tmp_path)]))
    assert replay.case.first_at == session_ms + 2_000


def test_an_expiry_with_no_known_session_timeout_fits_it_instead(tmp_path: Path) -> None:
    """No ConsumerConfig: clients other than Java's default to 10 s (kafka-python, librdkafka
    before 1.9), so an expiry 10 s after the join is no finding."""
    (tmp_path / "server.log").write_text(expired_10_s_after_joining())
    assert engine_findings(tmp_path) == []


def test_before_2_1_the_lines_name_no_trigger_so_only_generations_and_the_state_table_are_checked(
        tmp_path: Path) -> None:
    """0.11-2.0: "Preparing to rebalance group g with old generation N" names no member; the
    generation must still go up by one per completed join phase."""
    def prep(second: int, gen: int) -> str:
        return line(second, f"Preparing to rebalance group pay with old generation {gen} (__consumer_offsets-7)")

    def stab(second: int, gen: int) -> str:
        return line(second, f"Stabilized group pay generation {gen} (__consumer_offsets-7)")

    text = prep(0, 3) + stab(3, 4) + prep(10, 4) + stab(13, 6) + prep(20, 6) + stab(23, 7)
    (tmp_path / "server.log").write_text(text)
    (f,) = engine_findings(tmp_path)
    assert f.kind is FindingKind.GENERATION_MISMATCH and f.details["engine"].startswith("not run")
    assert (f.details["expected_generation"], f.details["observed_generation"]) == (5, 6)
    assert [e.line for e in f.evidence] == [4]


def test_two_join_phases_ending_back_to_back_is_an_illegal_transition(tmp_path: Path) -> None:
    """GroupMetadata.validPreviousStates: CompletingRebalance is entered only from
    PreparingRebalance."""
    text = (line(0, "Preparing to rebalance group pay with old generation 3 (__consumer_offsets-7)")
            + line(3, "Stabilized group pay generation 4 (__consumer_offsets-7)")
            + line(6, "Stabilized group pay generation 5 (__consumer_offsets-7)"))
    (tmp_path / "server.log").write_text(text)
    (f,) = engine_findings(tmp_path)
    assert f.kind is FindingKind.ILLEGAL_TRANSITION
    assert f.observed == "CompletingRebalance -> CompletingRebalance"
    assert [e.line for e in f.evidence] == [2, 3]


# -- the real corpus ---------------------------------------------------------------------------
@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/corpus/real is not here")
def test_every_real_group_re_runs_without_a_difference() -> None:
    """Reviewed: the real log sets' groups (console consumers, kafka-python and librdkafka
    clients, Kafka Connect workers, 2.1.1 to 4.0) re-run as logged once the coordinator's
    ways are modelled: a zero-delay initial rebalance ending on the purgatory's reaper some
    ms later (aryan-jadon 3.1.0), expiries a couple of seconds before their rebalance line
    (BitterDone 2.3.1), other clients' shorter session timeouts, Dead groups recreated."""
    replays = replay_groups(view.load([str(REAL)]))
    assert len(replays) > 40
    assert [f.to_dict() for r in replays for f in r.findings] == []
    assert all(r.error is None for r in replays)


def round_2_5(second: int, gen: int, reason: str) -> str:
    """Kafka 2.4-2.5 wording: a rebalance for ``reason`` whose join phase ends at once."""
    return (line(second, f"Preparing to rebalance group pay in state PreparingRebalance with old generation {gen} "
                         f"(__consumer_offsets-7) (reason: {reason})")
            + line(second, f"Stabilized group pay generation {gen + 1} (__consumer_offsets-7)")
            + line(second, f"Assignment received from leader for group pay for generation {gen + 1}"))


def test_a_followers_metadata_update_is_a_join_with_new_metadata(tmp_path: Path) -> None:
    """Kafka 2.5: "Updating metadata for member X" (updateMemberAndRebalance) is logged for a
    Stable group's leader, or for a follower whose JoinGroup carries protocol metadata other
    than its own (a follower rejoining with the same metadata just gets the current generation
    back).  Member 1 is a follower here, so its rejoin carried new metadata; the generation it
    started completes once the leader rejoins."""
    text = (round_2_5(0, 4, f"Adding new member {member(0)} with group instance id None")
            + round_2_5(10, 5, f"Adding new member {member(1)} with group instance id None")
            + round_2_5(20, 6, f"Updating metadata for member {member(1)}")
            + round_2_5(30, 7, f"Updating metadata for member {member(1)}")
            + round_2_5(40, 8, f"Adding new member {member(2)} with group instance id None"))
    (tmp_path / "server.log").write_text(text)
    assert engine_findings(tmp_path) == []
    (replay,) = replay_groups(view.load([str(tmp_path)]))
    metadata = [(r.at, r.doc["level"], r.fields.get("protocols")) for r in replay.case.trace.records
                if r.do == "join" and r.fields["client"] == member(1)]
    # each update is new metadata, and the member's inferred rejoin in the next phase keeps it
    updates = [p for _, level, p in metadata if level == "coordinator"]
    assert len(updates) == 3 and updates[0] is None
    assert None not in updates[1:] and updates[1] != updates[2]
    assert metadata[-1][1:] == ("inferred", updates[2])


def test_a_group_loaded_at_the_generation_it_had_keeps_its_members(tmp_path: Path) -> None:
    """Kafka 2.5: a restarted coordinator reloads the group from __consumer_offsets with the
    members of its last stored generation ("Loading group metadata for pay with generation 6",
    onGroupLoaded: Stable, every member's heartbeat expiry scheduled afresh).  One of the two
    then fails: the other is still there, so the group rebalances instead of going Empty."""
    text = (round_2_5(0, 4, f"Adding new member {member(0)} with group instance id None")
            + round_2_5(10, 5, f"Adding new member {member(1)} with group instance id None")
            + line(60, "Loading group metadata for pay with generation 6")
            + line(65, f"Member {member(1)} in group pay has failed, removing it from the group")
            + round_2_5(65, 6, f"removing member {member(1)} on heartbeat expiration"))
    (tmp_path / "server.log").write_text(text)
    assert engine_findings(tmp_path) == []
