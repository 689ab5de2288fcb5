"""Heartbeat: the answer in each state, and the session each member keeps
(GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.effects import RemovalReason
from kafka_forensics.engine.group.group import Group
from kafka_forensics.engine.group.member import Member
from kafka_forensics.engine.group.requests import Protocol
from kafka_forensics.engine.group.states import GroupState

from . import REBALANCE, SESSION, GroupDriver


def put_group(d: GroupDriver, group_id: str, state: GroupState, member_id: str | None = None) -> None:
    """What Kafka's tests do with ``groupManager.addGroup(new GroupMetadata(id, state, ...))``."""
    group = Group(group_id, d.partition(group_id), state)
    if member_id is not None:
        group.add(Member(member_id, "instance", "c", "clientId", "clientHost", REBALANCE, SESSION, "consumer",
                         (Protocol("range"), Protocol("roundrobin"))), None)
    d.cluster.coordinator._groups[group_id] = group


def test_a_heartbeat_to_the_wrong_coordinator_is_not_coordinator() -> None:
    """testHeartbeatWrongCoordinator: the group's __consumer_offsets partition is not ours."""
    d = GroupDriver(group="otherGroup")
    d.unload()
    assert d.heartbeat("c", member_id="memberId", generation=-1).error == "NOT_COORDINATOR"


def test_a_heartbeat_for_an_unknown_group_is_unknown_member() -> None:
    """testHeartbeatUnknownGroup."""
    d = GroupDriver()
    assert d.heartbeat("c", member_id="memberId", generation=-1).error == "UNKNOWN_MEMBER_ID"


def test_a_heartbeat_to_a_dead_group_is_coordinator_not_available() -> None:
    """testHeartbeatDeadGroup (KAFKA-8386, 2.3)."""
    d = GroupDriver()
    put_group(d, "deadGroupId", GroupState.DEAD)
    assert d.heartbeat("c", member_id="memberId", generation=1, group="deadGroupId").error \
        == "COORDINATOR_NOT_AVAILABLE"


def test_before_2_3_a_dead_group_answers_unknown_member() -> None:
    """Before KAFKA-8386 (2.3) a Dead group answered UNKNOWN_MEMBER_ID."""
    d = GroupDriver("2.2")
    put_group(d, "deadGroupId", GroupState.DEAD)
    assert d.heartbeat("c", member_id="memberId", generation=1, group="deadGroupId").error == "UNKNOWN_MEMBER_ID"


def test_a_heartbeat_to_an_empty_group_is_unknown_member() -> None:
    """testHeartbeatEmptyGroup: even a member the group lists gets UNKNOWN_MEMBER_ID in Empty."""
    d = GroupDriver()
    put_group(d, d.group, GroupState.EMPTY, member_id="memberId")
    assert d.heartbeat("c", member_id="memberId", generation=0).error == "UNKNOWN_MEMBER_ID"


def test_a_heartbeat_from_an_unknown_member_is_refused() -> None:
    """testHeartbeatUnknownConsumerExistingGroup."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    assert d.heartbeat("other", member_id="memberId", generation=1).error == "UNKNOWN_MEMBER_ID"


def test_a_heartbeat_while_completing_the_rebalance_is_accepted() -> None:
    """testHeartbeatRebalanceInProgress (KAFKA-10134, 2.7): NONE in CompletingRebalance."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.heartbeat("c").error == "NONE"


def test_before_2_7_a_heartbeat_while_completing_is_told_a_rebalance_runs() -> None:
    """Before KAFKA-10134 (2.7) CompletingRebalance answered REBALANCE_IN_PROGRESS."""
    d = GroupDriver("2.6")
    d.dynamic_join("c")
    assert d.heartbeat("c").error == "REBALANCE_IN_PROGRESS"


def test_a_heartbeat_with_another_generation_is_illegal() -> None:
    """testHeartbeatIllegalGeneration."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    assert d.heartbeat("c", generation=2).error == "ILLEGAL_GENERATION"


def test_a_valid_heartbeat_is_accepted() -> None:
    """testValidHeartbeat."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    assert d.heartbeat("c").error == "NONE"


def test_the_old_generation_s_heartbeat_learns_of_the_rebalance() -> None:
    """testHeartbeatDuringRebalanceCausesRebalanceInProgress: the generation is bumped only when
    the join phase ends, so the old one passes the check."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.join("c2")
    assert d.heartbeat("c1", generation=1).error == "REBALANCE_IN_PROGRESS"


def test_a_member_that_stops_heartbeating_is_removed() -> None:
    """testSessionTimeout."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    d.advance(SESSION + 100)
    assert d.heartbeat("c", generation=1).error == "UNKNOWN_MEMBER_ID"
    removed = d.removals()[-1]
    assert (removed.reason, removed.client) == (RemovalReason.SESSION_TIMEOUT, "c")
    assert d.view().state is GroupState.EMPTY


def test_heartbeats_keep_the_session() -> None:
    """testHeartbeatMaintainsSession."""
    d = GroupDriver()
    d.dynamic_join("c", session=1000, rebalance=1000)
    d.sync("c", {"c": ()})
    d.advance(500)
    assert d.heartbeat("c").error == "NONE"
    d.advance(600)
    assert d.heartbeat("c").error == "NONE"


def test_the_session_ends_exactly_one_timeout_after_the_last_heartbeat() -> None:
    """DelayedHeartbeat: re-armed at now + session timeout; Kafka's MockTimer fires a deadline only
    once the clock is past it."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    d.advance(100)
    d.heartbeat("c")
    d.advance(SESSION)
    assert d.view().members != ()
    d.advance(1)
    assert d.view().members == ()


def test_a_member_of_the_old_generation_expires_during_the_rebalance() -> None:
    """testSessionTimeoutDuringRebalance: a REBALANCE_IN_PROGRESS heartbeat re-arms the session,
    then silence removes the member and the join completes with the newcomer."""
    d = GroupDriver()
    d.dynamic_join("c1", rebalance=2000, session=1000)
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.advance(500)
    assert d.heartbeat("c1", generation=1).error == "REBALANCE_IN_PROGRESS"
    d.advance(1100)
    assert d.heartbeat("c1", generation=1).error == "UNKNOWN_MEMBER_ID"
    assert d.last("c2", "join").error == "NONE"


def test_a_member_parked_in_the_join_phase_is_not_expired() -> None:
    """hasSatisfiedHeartbeat: a member awaiting its JoinGroup satisfies its heartbeat."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.join("c1", rebalance=5 * SESSION)  # the leader's rejoin; c2 never rejoins nor heartbeats
    d.advance(SESSION + 1)
    members = [m.member_id for m in d.view().members]
    assert d.id("c1") in members and d.id("c2") not in members


def test_before_2_3_the_state_is_checked_before_the_generation() -> None:
    """Before KIP-345's rewrite (2.3) a heartbeat in CompletingRebalance answered
    REBALANCE_IN_PROGRESS without looking at the generation; 2.3 answers ILLEGAL_GENERATION."""
    answers = {}
    for version in ("2.2", "2.3"):
        d = GroupDriver(version)
        d.dynamic_join("c")
        answers[version] = d.heartbeat("c", generation=7).error
    assert answers == {"2.2": "REBALANCE_IN_PROGRESS", "2.3": "ILLEGAL_GENERATION"}


def test_a_0_10_0_heartbeat_outside_stable_is_a_rebalance_even_from_a_stranger() -> None:
    """0.10.0 handleHeartbeat: "!group.is(Stable) -> REBALANCE_IN_PROGRESS" came before the
    member check; 0.10.1 checks the member first."""
    answers = {}
    for version in ("0.10.0", "0.10.1"):
        d = GroupDriver(version)
        d.join("c1")
        d.sync("c1", {"c1": ()})
        d.join("c2")  # PreparingRebalance until c1 rejoins
        answers[version] = d.heartbeat("stranger", member_id="nobody", generation=1).error
    assert answers == {"0.10.0": "REBALANCE_IN_PROGRESS", "0.10.1": "UNKNOWN_MEMBER_ID"}
