"""``--emit-logs``: a run's effects written as the logs Kafka would have written, read back by
our own parser.

The round trip is the specification: for every profile, every line a scenario writes is
recognised (nothing unrecognised, nothing malformed) by the very catalogue entry it was
rendered from, at the level and under the logger that version uses, and the typed fields
the parser takes out of it are the ones the effect carried.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.effects import (
    ClientEvent,
    CoordinatorChanged,
    Effect,
    MemberAdded,
    MemberRemoved,
    RemovalReason,
    Response,
    StateChanged,
)
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import PROFILE_NAMES, Profile, Switch, profile
from kafka_forensics.parsers.catalogue import CATALOGUE
from kafka_forensics.replay import wording
from kafka_forensics.replay.emit import (
    DEFAULT_START,
    Record,
    emit_logs,
    offsets_partition,
    render_lines,
    render_records,
)

from ..support import parse

PROFILES = [profile(n) for n in PROFILE_NAMES]
P = 12  # the group's __consumer_offsets partition in the scenarios
G = "orders"


def mid(client: str, n: int) -> str:
    """A member id in Kafka's shape: client id + "-" + UUID."""
    return f"{client}-{n:08x}-1c3d-4e5f-8a7b-9c0d1e2f3a4b"


C1, C2 = "consumer-orders-1", "consumer-orders-2"
M1, M2, M3 = mid(C1, 1), mid(C2, 2), mid(C2, 3)


def name(p: Profile, state: GroupState) -> str:
    return state.kafka_name(p)


def first_state(p: Profile) -> str:
    return "Empty" if p.has(Switch.EMPTY_STATE) else "Stable"


def join_effects(p: Profile, at: int, client: str, member: str, alias: str, **kw: Any) -> list[Effect]:
    """A consumer's join: MEMBER_ID_REQUIRED first from 2.2 (KIP-394), then the member is added."""
    out: list[Effect] = [ClientEvent(at, alias, "join_sent", group=G)]
    if p.has(Switch.MEMBER_ID_REQUIRED) and kw.get("instance_id") is None:
        out += [Response(at, alias, "join", "MEMBER_ID_REQUIRED", group=G, member_id=member),
                ClientEvent(at, alias, "join_failed", group=G, member_id=member, error="MEMBER_ID_REQUIRED")]
    out.append(MemberAdded(at + 1, G, member, client=alias, client_id=client, client_host="/10.0.0.7",
                           session_timeout_ms=10000, rebalance_timeout_ms=300000, **kw))
    return out


def stabilise(p: Profile, at: int, generation: int, members: list[tuple[str, str]]) -> list[Effect]:
    """PreparingRebalance -> CompletingRebalance -> Stable, with the consumers' view of it."""
    leader = members[0][1]
    out: list[Effect] = [StateChanged(at, G, "PreparingRebalance", name(p, GroupState.COMPLETING_REBALANCE),
                                      generation, members=len(members), partition=P)]
    for alias, member in members:
        out += [Response(at, alias, "join", "NONE", group=G, generation=generation, member_id=member,
                         leader=leader, protocol_name="range"),
                ClientEvent(at, alias, "joined", group=G, generation=generation, member_id=member)]
    out.append(StateChanged(at + 10, G, name(p, GroupState.COMPLETING_REBALANCE), "Stable", generation,
                            members=len(members), partition=P))
    for k, (alias, member) in enumerate(members):
        out += [ClientEvent(at + 10, alias, "synced", group=G, generation=generation, member_id=member),
                ClientEvent(at + 10, alias, "assigned", group=G, generation=generation, member_id=member,
                            assignment=(f"orders-{k}", f"orders-{k + 2}"))]
    return out


def join_phase(p: Profile) -> list[Effect]:
    """Two consumers join an new group and the first rebalance completes."""
    out: list[Effect] = [ClientEvent(0, "c1", "coordinator_found", group=G)]
    out += join_effects(p, 0, C1, M1, "c1")
    out.append(StateChanged(1, G, first_state(p), "PreparingRebalance", 0, members=1, partition=P))
    out += join_effects(p, 5, C2, M2, "c2")
    return out + stabilise(p, 3001, 1, [("c1", M1), ("c2", M2)])


def heartbeat_expiry(p: Profile) -> list[Effect]:
    """c2 stops heartbeating: its session expires, the group rebalances without it."""
    return [
        *join_phase(p),
        MemberRemoved(13010, G, M2, RemovalReason.SESSION_TIMEOUT, client="c2", generation=1),
        StateChanged(13010, G, "Stable", "PreparingRebalance", 1, members=1, partition=P),
        ClientEvent(14000, "c1", "heartbeat_failed", group=G, generation=1, member_id=M1,
                    error="REBALANCE_IN_PROGRESS"),
        *stabilise(p, 16000, 2, [("c1", M1)]),
    ]


def leave(p: Profile) -> list[Effect]:
    """Both consumers close: LeaveGroup, a rebalance, and the group ends Empty (Dead in 0.10.0)."""
    out = [
        *join_phase(p),
        ClientEvent(20000, "c2", "revoked", group=G, generation=1, member_id=M2, assignment=("orders-1",)),
        ClientEvent(20000, "c2", "leave_sent", group=G, generation=1, member_id=M2),
        MemberRemoved(20001, G, M2, RemovalReason.LEAVE, client="c2", generation=1),
        StateChanged(20001, G, "Stable", "PreparingRebalance", 1, members=1, partition=P),
        ClientEvent(20500, "c1", "leave_sent", group=G, generation=1, member_id=M1),
        MemberRemoved(20501, G, M1, RemovalReason.LEAVE, client="c1", generation=1),
    ]
    end = "Empty" if p.has(Switch.EMPTY_STATE) else "Dead"
    return [*out, StateChanged(20501, G, "PreparingRebalance", end, 2, members=0, partition=P)]


def pending_expiry(p: Profile) -> list[Effect]:
    """A member handed an id with MEMBER_ID_REQUIRED never comes back (KIP-394, 2.2+)."""
    out = join_phase(p)
    if p.has(Switch.MEMBER_ID_REQUIRED):
        out += [Response(5000, "c3", "join", "MEMBER_ID_REQUIRED", group=G, member_id=M3),
                MemberRemoved(15000, G, M3, RemovalReason.PENDING_EXPIRED)]
    return out


def static_replacement(p: Profile) -> list[Effect]:
    """A static member restarts with an unknown member id and replaces its old id (KIP-345)."""
    if not p.has(Switch.STATIC_MEMBERSHIP):
        return join_phase(p)
    out: list[Effect] = [ClientEvent(0, "s1", "coordinator_found", group=G)]
    out += join_effects(p, 0, "consumer-orders-host-a", M1, "s1", instance_id="host-a")
    out.append(StateChanged(1, G, first_state(p), "PreparingRebalance", 0, members=1, partition=P))
    out += stabilise(p, 3001, 1, [("s1", M1)])
    return [
        *out,
        MemberRemoved(9000, G, M1, RemovalReason.FENCED, instance_id="host-a", generation=1),
        MemberAdded(9000, G, M3, client="s1", client_id="consumer-orders-host-a", instance_id="host-a"),
        ClientEvent(9100, "s1", "heartbeat_failed", group=G, generation=1, member_id=M1,
                    error="FENCED_INSTANCE_ID"),
    ]


def unjoined_removal(p: Profile) -> list[Effect]:
    """The join phase ends on its timeout: members that did not rejoin are dropped."""
    return [
        *join_phase(p),
        StateChanged(20000, G, "Stable", "PreparingRebalance", 1, members=2, partition=P),
        MemberRemoved(320000, G, M1, RemovalReason.REBALANCE_TIMEOUT),
        MemberRemoved(320000, G, M2, RemovalReason.REBALANCE_TIMEOUT),
        StateChanged(320000, G, "PreparingRebalance", "Empty" if p.has(Switch.EMPTY_STATE) else "Dead", 2,
                     members=0, partition=P),
    ]


def coordinator_moves(p: Profile) -> list[Effect]:
    """The coordinator loses __consumer_offsets-12 and takes it back."""
    return [
        *join_phase(p),
        CoordinatorChanged(30000, P, False, epoch=4, groups=(G,)),
        StateChanged(30000, G, "Stable", "Dead", 1, partition=P),
        ClientEvent(30050, "c1", "coordinator_unknown", group=G, error="NOT_COORDINATOR"),
        CoordinatorChanged(40000, P, True, epoch=5, groups=(G,)),
        ClientEvent(40050, "c1", "coordinator_found", group=G),
    ]


def consumer_troubles(p: Profile) -> list[Effect]:
    """What a consumer logs when its requests fail, it stalls in poll() and it leaves."""
    e = join_phase(p)
    for k, error in enumerate(("UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "NOT_COORDINATOR")):
        e.append(ClientEvent(10000 + k, "c1", "heartbeat_failed", group=G, generation=1, member_id=M1,
                             error=error))
    for k, error in enumerate(("UNKNOWN_MEMBER_ID", "COORDINATOR_LOAD_IN_PROGRESS", "NOT_COORDINATOR",
                               "REBALANCE_IN_PROGRESS", "GROUP_MAX_SIZE_REACHED")):
        e.append(ClientEvent(11000 + k, "c1", "join_failed", group=G, generation=1, member_id=M1, error=error))
    for k, error in enumerate(("REBALANCE_IN_PROGRESS", "ILLEGAL_GENERATION", "COORDINATOR_NOT_AVAILABLE")):
        e.append(ClientEvent(12000 + k, "c2", "sync_failed", group=G, generation=1, member_id=M2, error=error))
    return [
        *e,
        ClientEvent(13000, "c2", "lost", group=G, generation=1, member_id=M2, assignment=("orders-1",)),
        ClientEvent(310000, "c1", "poll_timeout", group=G, generation=1, member_id=M1),
        ClientEvent(310000, "c1", "leave_sent", group=G, generation=1, member_id=M1,
                    detail=wording.POLL_TIMEOUT_LEAVE_REASON),
        MemberRemoved(310001, G, M1, RemovalReason.POLL_TIMEOUT, client="c1", generation=1),
        StateChanged(310001, G, "Stable", "PreparingRebalance", 1, members=1, partition=P),
    ]


def deletion(p: Profile) -> list[Effect]:
    """An emptied group is deleted with DeleteGroups (1.1+, KIP-229)."""
    return [
        *leave(p),
        Response(50000, "admin", "delete_group", "NONE", group=G),
        StateChanged(50000, G, "Empty", "Dead", 2, partition=P),
    ]


SCENARIOS: dict[str, Callable[[Profile], list[Effect]]] = {
    f.__name__: f for f in (join_phase, heartbeat_expiry, leave, pending_expiry, static_replacement,
                            unjoined_removal, coordinator_moves, consumer_troubles, deletion)
}


# --- the round trip ----------------------------------------------------------------------------

def expected_fields(effect: Effect, p: Profile) -> dict[str, Any]:
    """The typed fields a line written for ``effect`` must give back (where its entry has them)."""
    if isinstance(effect, StateChanged):
        out: dict[str, Any] = {"group": effect.group, "generation": effect.generation,
                               "coordinator_partition": effect.partition,
                               "state": GroupState.from_name(effect.to_state).kafka_name(p)}
        if effect.members is not None:
            out["members"] = effect.members
        if effect.reason is not None:
            out["reason"] = effect.reason
        return out
    if isinstance(effect, MemberAdded | MemberRemoved):
        out = {"group": effect.group, "member": effect.member_id}
        if isinstance(effect, MemberAdded) or effect.reason is not RemovalReason.REBALANCE_TIMEOUT:
            out["instance_id"] = effect.instance_id
        return out
    if isinstance(effect, Response):
        return {"group": effect.group, "member": effect.member_id}
    if isinstance(effect, CoordinatorChanged):
        return {"coordinator_partition": effect.partition, "coordinator_epoch": effect.epoch}
    assert isinstance(effect, ClientEvent)
    out = {"group": effect.group}
    if effect.what in ("joined", "synced", "leave_sent") or effect.what.endswith("_failed"):
        out["member"] = effect.member_id
    if effect.what in ("joined", "synced"):
        out["generation"] = effect.generation
    if effect.what in ("assigned", "revoked", "lost"):
        out["partitions"] = list(effect.assignment or ())
    if effect.what == "coordinator_found":
        out["coordinator"] = 0
    return out


#: fields whose meaning differs by entry (compared where the entry yields them)
NOT_COMPARED = {
    # a state line of 0.11–2.7 cannot tell AwaitingSync from CompletingRebalance
    "group.stabilized.0_11": {"state"},
    # the leader's id, not a field of the state change
    "group.assignment_received.3_0": {"member"},
    # the reason names the member: a StateChanged carries none
    "group.prepare_rebalance.2_1": {"member", "instance_id"},
    "group.prepare_rebalance.java": {"member", "instance_id"},
    # a replacement names the new member; the old one is details.old_member
    "group.static_member_replaced.3_0": {"member"},
    # 3.2+ "rejoin with the given member-id: X" names the member the MEMBER_ID_REQUIRED handed out
    "consumer.rejoin_requested": {"member"},
    # a heartbeat error prints the generation sent, a join error resets it
    "consumer.join_failed.unknown_member.2_6": {"member"},
}


_NAMES = re.compile(r"\{(?!~)([A-Za-z_][\w.]*)(?::\w+)?\}")


def written_fields(record: Record, p: Profile, static: bool) -> set[str]:
    """The fields a record's own words carry: its entry's text, constants and the prefix it
    was written with (not the prefix alternatives of other versions)."""
    t = CATALOGUE.get(record.rendered.template)
    v = wording.kafka_version(p)
    prefix = wording.prefix_for(t, record.rendered.logger, v, static) or ""
    return set(_NAMES.findall(t.text)) | set(_NAMES.findall(prefix)) | set(t.const)


def check_round_trip(effects: list[Effect], p: Profile) -> list[dict[str, Any]]:
    records = render_records(effects, p)
    files = render_lines(effects, p)
    rows: list[dict[str, Any]] = []
    for file, lines in files.items():
        result = parse("\n".join(lines) + "\n")
        acc = result.accounting
        assert acc.malformed == 0, f"{file}: malformed {acc.samples}"
        assert sum(acc.unrecognised.values()) == 0, f"{file}: unrecognised {acc.gaps}"
        assert acc.recognised == len(lines)
        mine: list[Record] = [r for r in records if r.file == file]
        for record, row in zip(mine, result.events.iter_rows(named=True), strict=True):
            rows.append(row)
            t = CATALOGUE.get(record.rendered.template)
            assert row["template"] == t.id, f"{p.name}: {row['raw']} taken by {row['template']}, not {t.id}"
            assert row["kind"] == t.kind.value
            assert row["level"] == record.rendered.level
            assert row["logger"] == record.rendered.logger
            assert row["ts"] == (DEFAULT_START + timedelta(milliseconds=record.at)).replace(tzinfo=row["ts"].tzinfo)
            effect = effects[record.effect]
            static = "instanceId=" in record.rendered.message
            have = written_fields(record, p, static)
            for field, want in expected_fields(effect, p).items():
                if field in have and field not in NOT_COMPARED.get(t.id, ()):
                    assert row[field] == want, f"{p.name} {t.id} {field}: {row[field]!r} != {want!r}\n{row['raw']}"
            if isinstance(effect, CoordinatorChanged) and "group" in t.fields:
                assert row["group"] in effect.groups
    return rows


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_every_line_reads_back_as_the_entry_it_was_written_from_with_the_effects_fields(
        p: Profile, scenario: str) -> None:
    rows = check_round_trip(SCENARIOS[scenario](p), p)
    assert rows, f"{scenario} wrote nothing under {p.name}"


def kinds(p: Profile, scenario: str, level: str = "INFO") -> list[str]:
    effects = SCENARIOS[scenario](p)
    return [CATALOGUE.get(r.rendered.template).kind.value for r in render_records(effects, p, level=level)]


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_rebalance_shows_its_three_coordinator_lines_and_the_consumers_join(p: Profile) -> None:
    # Kafka logs the join phase start, its end (new generation) and the leader's assignment
    # in every version; the consumer its join and assignment.
    got = kinds(p, "join_phase")
    for kind in ("group_prepare_rebalance", "group_stabilized", "group_assignment_received",
                 "consumer_joining", "consumer_joined", "consumer_partitions_assigned"):
        assert kind in got


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_session_expiry_is_logged_from_0_11_and_traced_only_in_0_10(p: Profile) -> None:
    # 0.10: trace("Member %s in group %s has failed") — below the default INFO
    got = kinds(p, "heartbeat_expiry")
    assert ("group_member_failed" in got) == (p.version >= (0, 110))
    assert "group_member_failed" in kinds(p, "heartbeat_expiry", level="TRACE")


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_leave_is_logged_by_the_coordinator_at_info_from_2_2(p: Profile) -> None:
    # GroupCoordinator.handleLeaveGroup: debug(...) 0.11–2.1, info(...) from 2.2
    assert ("group_member_left" in kinds(p, "leave")) == (p.version >= (2, 2))


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_member_id_required_join_is_logged_at_info_from_3_0(p: Profile) -> None:
    # KIP-394 (2.2): nothing logged 2.2–2.3, DEBUG 2.4–2.8, INFO from 3.0
    info = kinds(p, "join_phase")
    debug = kinds(p, "join_phase", level="DEBUG")
    assert ("group_member_id_created" in info) == (p.version >= (3, 0))
    assert ("group_member_id_created" in debug) == (p.version >= (2, 4))


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_pending_member_that_never_rejoins_is_logged_from_2_2(p: Profile) -> None:
    assert ("group_pending_member_expired" in kinds(p, "pending_expiry")) == p.has(Switch.MEMBER_ID_REQUIRED)


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_static_member_replaced_by_its_new_id_is_one_replacement_line(p: Profile) -> None:
    got = kinds(p, "static_replacement")
    assert got.count("group_static_member_replaced") == (1 if p.has(Switch.STATIC_MEMBERSHIP) else 0)


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_members_dropped_at_join_completion_are_named_from_2_7(p: Profile) -> None:
    # onCompleteJoin: "Group g remove(d) dynamic members who haven't joined" (2.7 / 2.8+)
    got = kinds(p, "unjoined_removal")
    assert got.count("group_members_removed") == (1 if p.version >= (2, 7) else 0)


def lines_of(effects: list[Effect], p: Profile, file: str = "broker-0/server.log", **kw: Any) -> list[str]:
    return render_lines(effects, p, **kw).get(file, [])


def test_scala_3x_logs_has_left_after_the_rebalance_it_starts_and_4_0_before() -> None:
    # 3.0–3.9 handleLeaveGroup: removeMemberAndUpdateGroup (-> "Preparing to rebalance") then
    # info("Member ... has left group"); 2.4–2.8 and the Java coordinator log the leave first.
    def order(version: str) -> list[str]:
        p = profile(version)
        text = lines_of(leave(p), p)
        at = [line for line in text if "00:00:20,001" in line]
        return ["left" if "has left" in line else "prepare" for line in at]

    assert order("3.5") == ["prepare", "left"]
    assert order("2.8") == ["left", "prepare"]
    assert order("4.0") == ["left", "prepare"]


def test_consumer_lines_move_from_abstract_coordinator_to_the_subclass_in_3_0() -> None:
    # apache/kafka#10149: AbstractCoordinator logs with logContext.logger(getClass()) from 3.0
    def joining_logger(version: str) -> str:
        p = profile(version)
        line = next(x for x in lines_of(join_phase(p), p, "consumer-c1.log") if "(Re-)joining group" in x)
        return line.rsplit(" (", 1)[1]

    assert joining_logger("2.8") == "org.apache.kafka.clients.consumer.internals.AbstractCoordinator)"
    assert joining_logger("3.0") == "org.apache.kafka.clients.consumer.internals.ConsumerCoordinator)"


def test_the_partition_listener_lines_come_from_the_invoker_from_3_7() -> None:
    # KAFKA-15628: ConsumerRebalanceListenerInvoker logs "Adding newly assigned partitions" (3.7.1)
    def assigned_logger(version: str) -> str:
        p = profile(version)
        records = render_records(join_phase(p), p)
        return next(r.rendered.logger for r in records if r.rendered.template.startswith("consumer.partitions_"))

    assert assigned_logger("3.5").endswith(".ConsumerCoordinator")
    assert assigned_logger("3.7").endswith(".ConsumerRebalanceListenerInvoker")


@pytest.mark.parametrize(("version", "at_sync"), [("0.10.0", True), ("2.5", True), ("2.7", False)])
def test_successfully_joined_is_logged_at_the_join_from_2_6_1_and_at_the_sync_before(
        version: str, at_sync: bool) -> None:
    # ≤2.6.0 the line is logged once the SyncGroup succeeded; 2.6.1 moved it into the
    # JoinGroupResponseHandler and added "Successfully synced group"
    p = profile(version)
    lines = [x for x in lines_of(join_phase(p), p, "consumer-c1.log") if "Successfully" in x]
    stamps = [x[1:24] for x in lines]
    sync_time = timestamp_of(3011)
    assert stamps[0] == (sync_time if at_sync else timestamp_of(3001))
    assert len(lines) == (1 if at_sync else 2)


def timestamp_of(at: int) -> str:
    return (DEFAULT_START + timedelta(milliseconds=at)).strftime("%Y-%m-%d %H:%M:%S,") + f"{at % 1000:03d}"


def test_the_consumer_prefix_appears_in_1_0_and_names_the_instance_from_2_3() -> None:
    # KafkaConsumer's LogContext (1.0.0); "[Consumer instanceId=…" with group.instance.id (2.3.0)
    p = profile("0.11")
    assert lines_of(join_phase(p), p, "consumer-c1.log")[0].split("] ", 1)[1].startswith("INFO Discovered")
    p = profile("1.0")
    assert "INFO [Consumer clientId=consumer-orders-1, groupId=orders] " in lines_of(join_phase(p), p,
                                                                                   "consumer-c1.log")[0]
    p = profile("2.3")
    assert ("[Consumer instanceId=host-a, clientId=consumer-orders-host-a, groupId=orders] "
            in lines_of(static_replacement(p), p, "consumer-s1.log")[0])


def test_4_0_classic_groups_are_logged_by_the_java_group_metadata_manager() -> None:
    # the new coordinator is the default in 4.0 and serves classic groups (GroupCoordinatorConfig)
    p = profile("4.0")
    text = lines_of(join_phase(p), p)
    assert text
    assert all(line.endswith("(org.apache.kafka.coordinator.group.GroupMetadataManager)") for line in text)
    assert all(f"[GroupCoordinator id=0 topic=__consumer_offsets partition={P}] " in line for line in text)
    p = profile("3.9")
    assert all(line.endswith("(kafka.coordinator.group.GroupCoordinator)") for line in lines_of(join_phase(p), p))


def test_the_rebalance_reason_is_the_effects_own_when_it_gives_one() -> None:
    p = profile("3.9")
    effects: list[Effect] = [StateChanged(0, G, "Stable", "PreparingRebalance", 4, partition=P,
                                          reason=f"Leader {M1} re-joining group during Stable; client reason: x")]
    (line,) = lines_of(effects, p)
    assert f"(reason: Leader {M1} re-joining group during Stable; client reason: x)" in line


@pytest.mark.parametrize(("version", "reason"), [
    ("2.2", f"Adding new member {M1}"),
    ("2.3", f"Adding new member {M1} with group instanceid None"),
    ("2.5", f"Adding new member {M1} with group instance id None"),
    ("3.2", f"Adding new member {M1} with group instance id None; client reason: not provided"),
    ("4.0", f"Adding new member {M1} with group instance id null; client reason: not provided"),
])
def test_a_reason_the_effect_leaves_out_is_built_from_the_member_added_in_that_versions_words(
        version: str, reason: str) -> None:
    p = profile(version)
    effects: list[Effect] = [MemberAdded(0, G, M1, client="c1", client_id=C1),
                             StateChanged(0, G, "Empty", "PreparingRebalance", 0, partition=P)]
    row = check_round_trip(effects, p)[-1]
    assert row["reason"] == reason
    assert row["cause"] == "new_member"


def test_0_10_0_and_0_10_1_print_the_offsets_partition_as_topic_and_partition() -> None:
    # GroupMetadataManager 0.10.0–0.10.1 log a TopicAndPartition, "[__consumer_offsets,12]"
    effects: list[Effect] = [CoordinatorChanged(0, P, True, epoch=1, groups=())]
    assert f"from [__consumer_offsets,{P}] " in lines_of(effects, profile("0.10.1"))[0]
    assert f"from __consumer_offsets-{P} " in lines_of(effects, profile("0.11"))[0]


@pytest.mark.parametrize(("group", "partition"), [
    # real 50-partition clusters' lines (the catalogue's examples)
    ("my-group2", 22), ("debezium-cluster", 30), ("console-consumer-76228", 26)])
def test_a_groups_offsets_partition_is_javas_hash_of_its_id(group: str, partition: int) -> None:
    assert offsets_partition(group, 50) == partition


# --- the tables --------------------------------------------------------------------------------

@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_each_site_has_at_most_one_entry_per_version(p: Profile) -> None:
    v = wording.kafka_version(p)
    for site, ids in wording.SITES.items():
        live = [i for i in ids if wording.in_range(CATALOGUE.get(i).versions, v)
                and wording.logger_for(CATALOGUE.get(i), v) is not None]
        assert len(live) <= 1, f"{site} in {p.name}: {live}"


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_the_catalogue_offers_the_prefix_each_entry_is_written_with(p: Profile) -> None:
    v = wording.kafka_version(p)
    for site in wording.SITES:
        t = wording.entry(site, v)
        if t is not None:
            logger = wording.logger_for(t, v)
            assert logger is not None
            for static in (False, True):
                assert wording.prefix_for(t, logger, v, static) is not None, f"{t.id} in {p.name}"


def test_a_profile_reads_as_its_release_lines_newest_patch() -> None:
    assert wording.kafka_version(profile("2.8")) == (2, 8, wording.LATEST_PATCH)
    assert wording.kafka_version(profile("0.10.1")) == (0, 10, 1)
    assert wording.in_range("2.8.1-3.9", wording.kafka_version(profile("2.8")))
    assert not wording.in_range("0.11-2.8.0", wording.kafka_version(profile("2.8")))


def test_a_placeholder_named_twice_takes_each_value_in_turn() -> None:
    text = "as {member} ... memberId='{member:str}'"
    assert wording.fill(text, {"member": wording.Each(("m-1", ""))}) == "as m-1 ... memberId=''"


# --- files and determinism ---------------------------------------------------------------------

def test_emit_logs_writes_the_brokers_server_log_and_one_log_per_consumer(tmp_path: Path) -> None:
    p = profile("3.9")
    paths = emit_logs(join_phase(p), p, tmp_path)
    assert sorted(x.relative_to(tmp_path).as_posix() for x in paths) == [
        "broker-0/server.log", "consumer-c1.log", "consumer-c2.log"]
    first = (tmp_path / "broker-0" / "server.log").read_text().splitlines()[0]
    assert first.startswith("[2024-01-01 00:00:00,000] INFO [GroupCoordinator 0]: ")


def test_the_start_time_broker_and_cluster_place_the_logs(tmp_path: Path) -> None:
    p = profile("3.9")
    start = datetime(2023, 5, 6, 7, 8, 9, tzinfo=UTC)
    emit_logs(join_phase(p), p, tmp_path, start=start, broker=3, cluster="prod")
    text = (tmp_path / "cluster=prod" / "broker-3" / "server.log").read_text()
    assert text.startswith("[2023-05-06 07:08:09,000] INFO [GroupCoordinator 3]: ")
    assert "(id: 2147483644 rack: null)" in (tmp_path / "cluster=prod" / "consumer-c1.log").read_text()


def test_the_same_effects_write_the_same_bytes(tmp_path: Path) -> None:
    p = profile("3.2")
    effects = consumer_troubles(p) + coordinator_moves(p)
    a = emit_logs(effects, p, tmp_path / "a")
    b = emit_logs(list(effects), p, tmp_path / "b")
    assert [x.relative_to(tmp_path / "a") for x in a] == [x.relative_to(tmp_path / "b") for x in b]
    for x, y in zip(a, b, strict=True):
        assert x.read_bytes() == y.read_bytes()


# --- through the engine ---------------------------------------------------------------------------

CONSUMER_TRACE = """\
{"kind":"header","timer":"realtime"}
{"at":0,"do":"consumer","group":"g","client":"a","config":{"max.poll.interval.ms":20000},"topics":{"t":4}}
{"at":0,"do":"consumer","group":"g","client":"b","config":{"max.poll.interval.ms":20000},"topics":{"t":4},\
"polls":[{"at":0,"processing_ms":100},{"at":5000,"processing_ms":60000}]}
{"at":120000,"do":"consumer_close","client":"a"}
{"at":130000,"do":"tick"}
"""


@pytest.mark.parametrize("p", PROFILES, ids=PROFILE_NAMES)
def test_a_simulated_run_writes_logs_that_read_back_whole(p: Profile, tmp_path: Path) -> None:
    # two consumers join, one stalls in poll() past max.poll.interval.ms and leaves, the other
    # closes: the engine's own effects, written and read back
    from kafka_forensics.replay.simulate import simulate

    trace = tmp_path / "trace.jsonl"
    trace.write_text(CONSUMER_TRACE)
    result = simulate(trace, profile=p.name)
    rows = check_round_trip(list(result.effects), result.profile)
    got = {row["kind"] for row in rows}
    assert {"group_prepare_rebalance", "group_stabilized", "consumer_joining"} <= got


_ROOT = Path(__file__).resolve().parents[2]
ENGINE_TRACES = sorted([*(_ROOT / "examples" / "seeds").glob("*.jsonl"),
                        *(_ROOT / "tests" / "traces" / "kafka").glob("*.jsonl")])


@pytest.mark.parametrize("trace", ENGINE_TRACES, ids=[t.name for t in ENGINE_TRACES])
def test_every_seed_and_kafka_trace_writes_logs_that_read_back_with_the_engines_fields(trace: Path) -> None:
    # the round trip: whatever the engine does on a real scenario, the lines it would
    # have written are all recognised, by the entry they came from, with the effect's fields
    from kafka_forensics.replay.simulate import simulate

    result = simulate(trace)
    check_round_trip(list(result.effects), result.profile)


# --- any sequence of effects ---------------------------------------------------------------------

_STATES = ["Empty", "PreparingRebalance", "CompletingRebalance", "Stable", "Dead"]
_ERRORS = ["REBALANCE_IN_PROGRESS", "UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "NOT_COORDINATOR",
           "COORDINATOR_NOT_AVAILABLE", "COORDINATOR_LOAD_IN_PROGRESS", "FENCED_INSTANCE_ID",
           "MEMBER_ID_REQUIRED", "GROUP_MAX_SIZE_REACHED", "INCONSISTENT_GROUP_PROTOCOL", "UNKNOWN_SERVER_ERROR"]
_WHATS = ["state", "join_sent", "joined", "synced", "assigned", "revoked", "lost", "heartbeat_failed",
          "join_failed", "sync_failed", "poll_timeout", "leave_sent", "coordinator_unknown",
          "coordinator_found", "fatal", "commit_failed"]
_groups = st.sampled_from(["orders", "billing.v2", "g_1"])
_members = st.sampled_from([M1, M2, M3])
_clients = st.sampled_from(["c1", "c2", "s1"])


def _effect(at: int) -> st.SearchStrategy[Effect]:
    gen = st.integers(0, 40)
    return st.one_of(
        st.builds(StateChanged, st.just(at), _groups, st.sampled_from(_STATES), st.sampled_from(_STATES), gen,
                  st.one_of(st.none(), st.sampled_from([f"removing member {M1} on heartbeat expiration",
                                                        "Freshly-loaded group is over capacity (3)"])),
                  st.one_of(st.none(), st.integers(0, 9)), st.one_of(st.none(), st.integers(0, 49))),
        st.builds(MemberAdded, st.just(at), _groups, _members, client=_clients, instance_id=st.none() | st.just("host-a"),
                  client_id=st.just(C1), reason=st.none() | st.just("need to re-join")),
        st.builds(MemberRemoved, st.just(at), _groups, _members, st.sampled_from(list(RemovalReason)),
                  client=st.none() | _clients, instance_id=st.none() | st.just("host-a")),
        st.builds(Response, st.just(at), _clients, st.sampled_from(["join", "sync", "delete_group"]),
                  st.sampled_from(["NONE", "MEMBER_ID_REQUIRED"]), group=_groups, generation=gen,
                  member_id=_members, leader=st.none() | _members, protocol_name=st.just("range")),
        st.builds(CoordinatorChanged, st.just(at), st.integers(0, 49), st.booleans(),
                  st.none() | st.integers(0, 9), st.lists(_groups, max_size=2, unique=True).map(tuple)),
        st.builds(ClientEvent, st.just(at), _clients, st.sampled_from(_WHATS), group=_groups,
                  member_id=st.none() | _members, generation=st.none() | gen,
                  error=st.none() | st.sampled_from(_ERRORS),
                  assignment=st.none() | st.lists(st.sampled_from(["orders-0", "t.x-1", "b_2-3"]), max_size=3).map(tuple),
                  detail=st.none() | st.sampled_from(["the consumer is being closed", "range", "JoinGroup",
                                                      "Heartbeat", wording.POLL_TIMEOUT_LEAVE_REASON])),
    )


@st.composite
def effect_sequences(draw: st.DrawFn) -> list[Effect]:
    out: list[Effect] = []
    at = 0
    for _ in range(draw(st.integers(1, 25))):
        at += draw(st.sampled_from([0, 0, 1, 250, 3000]))
        out.append(draw(_effect(at)))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(p=st.sampled_from(PROFILES), effects=effect_sequences())
def test_any_sequence_of_effects_writes_only_lines_our_parser_recognises(p: Profile,
                                                                          effects: list[Effect]) -> None:
    records = render_records(effects, p)
    for file, lines in render_lines(effects, p).items():
        result = parse("\n".join(lines) + "\n")
        assert result.accounting.malformed == 0
        assert sum(result.accounting.unrecognised.values()) == 0, result.accounting.gaps
        want = [r.rendered.template for r in records if r.file == file]
        assert result.events["template"].to_list() == want
