"""Static membership (KIP-345): group.instance.id, replacement of a rejoining member's id,
fencing, and what survives a rebalance (GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from typing import Any

from kafka_forensics.engine.effects import MemberAdded, MemberRemoved, RemovalReason, Response
from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, SESSION, GroupDriver

LEADER, FOLLOWER = "leader-instance-id", "follower-instance-id"
SUPERSET = ("range", "roundrobin")


def static_pair(d: GroupDriver, session: int = SESSION, rebalance: int = REBALANCE) -> None:
    """GroupCoordinatorTest.staticMembersJoinAndRebalance: leader and follower, Stable, gen 1."""
    d.join("leader", instance_id=LEADER, protocol_list=SUPERSET, session=session, rebalance=rebalance)
    d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET, session=session, rebalance=rebalance)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.sync("leader", {"leader": ("t-0",), "follower": ("t-1",)})
    d.sync("follower")
    assert d.view().state is GroupState.STABLE and d.view().generation == 1


def rejoin_unknown(d: GroupDriver, client: str, instance: str, **kw: Any) -> Response | None:
    """A restarted static member: unknown member id, same instance id."""
    return d.join(client, member_id="", instance_id=instance, **kw)


def test_a_static_member_s_id_starts_with_its_instance_id() -> None:
    """staticMemberJoinAsFirstMember; GroupMetadata.generateMemberId for a static member."""
    d = GroupDriver()
    d.join("c", instance_id="instance", client_id="clientId")
    d.advance(DELAY + 1)
    answer = d.last("c", "join")
    assert answer.error == "NONE" and answer.member_id.startswith("instance-")


def test_a_known_instance_with_a_wrong_member_id_is_fenced() -> None:
    """staticMemberReJoinWithExplicitUnknownMemberId."""
    d = GroupDriver()
    d.join("c", instance_id="instance")
    d.advance(DELAY + 1)
    assert d.join("c", member_id="unknown_member", instance_id="instance").error == "FENCED_INSTANCE_ID"


def test_a_restarted_leader_keeps_the_generation_and_is_told_the_old_leader_id() -> None:
    """staticMemberRejoinWithLeaderIdAndUnknownMemberId(false): no rebalance, members [], and the
    old leader id so that the restarted leader does not run the assignor."""
    d = GroupDriver()
    static_pair(d)
    old_leader = d.id("leader")
    answer = rejoin_unknown(d, "leader", LEADER, protocol_list=SUPERSET, skip=False)
    assert (answer.error, answer.generation, answer.members, answer.skip_assignment) == ("NONE", 1, (), False)
    assert answer.leader == old_leader != answer.member_id
    assert d.view().state is GroupState.STABLE and d.view().leader == answer.member_id


def test_a_restarted_leader_that_can_skip_assignment_learns_it_leads() -> None:
    """staticMemberRejoinWithLeaderIdAndUnknownMemberId(true), KIP-814 (3.2): skip_assignment."""
    d = GroupDriver()
    static_pair(d)
    answer = rejoin_unknown(d, "leader", LEADER, protocol_list=SUPERSET, skip=True)
    assert answer.skip_assignment is True and answer.leader == answer.member_id
    assert set(answer.members) == {answer.member_id, d.id("follower")}


def test_before_3_2_a_restarted_leader_is_never_told_to_skip_assignment() -> None:
    """SKIP_ASSIGNMENT (KIP-814, 3.2): a 3.1 broker has no such field."""
    d = GroupDriver("3.1")
    static_pair(d)
    answer = rejoin_unknown(d, "leader", LEADER, protocol_list=SUPERSET, skip=True)
    assert answer.skip_assignment is None and answer.members == ()


def test_the_replaced_id_is_fenced_everywhere() -> None:
    """staticMemberRejoinWithLeaderIdAndUnknownMemberId: the old id's join and sync are fenced;
    without the instance id the old id is simply unknown."""
    d = GroupDriver()
    static_pair(d)
    old_leader = d.id("leader")
    rejoin_unknown(d, "leader", LEADER, protocol_list=SUPERSET)
    assert d.join("old", member_id=old_leader, instance_id=LEADER, protocol_list=SUPERSET).error \
        == "FENCED_INSTANCE_ID"
    assert d.sync("old", {}, member_id=old_leader, generation=1, instance_id=LEADER).error == "FENCED_INSTANCE_ID"
    assert d.sync("old", {}, member_id=old_leader, generation=1).error == "UNKNOWN_MEMBER_ID"
    assert d.heartbeat("old", member_id=old_leader, generation=1, instance_id=LEADER).error \
        == "FENCED_INSTANCE_ID"


def test_a_replacement_is_reported_as_the_old_id_fenced_and_the_new_id_added() -> None:
    """The effects of a replacement: MemberRemoved(fenced) for the old id, MemberAdded for the new."""
    d = GroupDriver()
    static_pair(d)
    old = d.id("follower")
    mark = len(d.effects)
    answer = rejoin_unknown(d, "follower", FOLLOWER, protocol_list=SUPERSET)
    removed = [e for e in d.effects[mark:] if isinstance(e, MemberRemoved)]
    added = [e for e in d.effects[mark:] if isinstance(e, MemberAdded)]
    assert [(r.member_id, r.reason) for r in removed] == [(old, RemovalReason.FENCED)]
    assert [a.member_id for a in added] == [answer.member_id]


def test_a_restarted_follower_gets_its_old_assignment() -> None:
    """staticMemberRejoinAsFollowerWithUnknownMemberId."""
    d = GroupDriver()
    static_pair(d)
    answer = rejoin_unknown(d, "follower", FOLLOWER, protocol_list=SUPERSET)
    assert (answer.error, answer.generation) == ("NONE", 1)
    assert d.sync("follower").assignment == ("t-1",)


def test_a_known_static_follower_rejoining_unchanged_gets_the_current_generation() -> None:
    """staticMemberRejoinAsFollowerWithKnownMemberIdAndNoProtocolChange."""
    d = GroupDriver()
    static_pair(d)
    answer = d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    assert (answer.error, answer.generation, answer.leader) == ("NONE", 1, d.id("leader"))


def test_a_member_id_claiming_another_instance_is_fenced() -> None:
    """staticMemberRejoinAsFollowerWithMismatchedMemberId / ...AsLeaderWithMismatchedMemberId."""
    d = GroupDriver()
    static_pair(d)
    assert d.join("x", member_id=d.id("follower"), instance_id=LEADER, protocol_list=SUPERSET).error \
        == "FENCED_INSTANCE_ID"
    assert d.join("x", member_id=d.id("leader"), instance_id=FOLLOWER, protocol_list=SUPERSET).error \
        == "FENCED_INSTANCE_ID"


def test_an_unknown_instance_with_a_known_member_id_is_unknown() -> None:
    """staticMemberJoinWithUnknownInstanceIdAndKnownMemberId."""
    d = GroupDriver()
    static_pair(d)
    assert d.join("x", member_id=d.id("leader"), instance_id="unknown_instance", protocol_list=SUPERSET).error \
        == "UNKNOWN_MEMBER_ID"


def test_a_commit_with_a_stale_id_for_a_static_member_is_fenced() -> None:
    """staticMemberCommitOffsetWithInvalidMemberId."""
    d = GroupDriver()
    static_pair(d)
    assert d.commit("leader").error == "NONE"
    assert d.commit("x", member_id="invalid-member", generation=1, instance_id=LEADER).error \
        == "FENCED_INSTANCE_ID"


def test_each_restart_gets_a_fresh_id() -> None:
    """shouldGetDifferentStaticMemberIdAfterEachRejoin."""
    d = GroupDriver()
    static_pair(d)
    seen = {d.id("leader")}
    for _ in range(5):
        answer = rejoin_unknown(d, "leader", LEADER, protocol_list=("range",))
        d.advance(1)
        assert answer.member_id.startswith(LEADER) and answer.member_id not in seen
        seen.add(answer.member_id)


def test_a_parked_join_of_the_old_id_is_fenced_by_the_restart() -> None:
    """staticMemberFenceDuplicateRejoinedFollower."""
    d = GroupDriver()
    static_pair(d)
    d.join("third")
    d.advance(1)
    assert d.join("old-follower", member_id=d.id("follower"), instance_id=FOLLOWER,
                  protocol_list=SUPERSET) is None
    d.advance(1)
    assert rejoin_unknown(d, "new-follower", FOLLOWER, protocol_list=SUPERSET) is None
    old = d.last("old-follower", "join")
    assert (old.error, old.generation) == ("FENCED_INSTANCE_ID", -1)
    assert d.view().state is GroupState.PREPARING_REBALANCE


def test_a_parked_sync_of_the_old_id_is_fenced_and_the_restart_rebalances() -> None:
    """staticMemberFenceDuplicateSyncingFollowerAfterMemberIdChanged (KAFKA-9801)."""
    d = GroupDriver()
    static_pair(d)
    d.join("leader", instance_id=LEADER, protocol_list=SUPERSET)
    d.advance(1)
    d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    assert d.view().state is GroupState.COMPLETING_REBALANCE
    assert d.sync("follower", instance_id=FOLLOWER, protocol_type="consumer", protocol_name="range") is None
    rejoin_unknown(d, "new-follower", FOLLOWER, protocol_list=SUPERSET)
    assert d.last("follower", "sync").error == "FENCED_INSTANCE_ID"
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    answer = d.last("new-follower", "join")
    assert (answer.error, answer.generation, answer.leader) == ("NONE", 3, answer.member_id)


def test_before_2_5_a_restart_in_completing_rebalance_is_answered_at_once() -> None:
    """Before KAFKA-9801 (2.5) the replaced member got the current generation and no rebalance."""
    d = GroupDriver("2.4")
    static_pair(d)
    d.join("leader", instance_id=LEADER, protocol_list=SUPERSET)
    d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    assert d.view().state is GroupState.COMPLETING_REBALANCE
    answer = rejoin_unknown(d, "new-follower", FOLLOWER, protocol_list=SUPERSET)
    assert (answer.error, answer.generation, answer.leader) == ("NONE", 2, d.id("leader"))
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_a_restarted_leader_is_named_by_two_ids_in_one_generation_before_2_5() -> None:
    """Kafka 2.3 doUnknownJoinGroup: the restarted leader's answer carries ``currentLeader``, read
    before GroupMetadata.replaceGroupInstance moved leaderId to the new id; a follower rejoining
    unchanged in CompletingRebalance is then given group.leaderOrNull, the new id, in the same
    generation (the property test's one-leader-per-generation invariant allows exactly this)."""
    d = GroupDriver("2.3")
    static_pair(d)
    old_leader = d.id("leader")
    d.join("leader", instance_id=LEADER, protocol_list=SUPERSET)
    d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    assert d.view().state is GroupState.COMPLETING_REBALANCE and d.last("follower", "join").leader == old_leader
    restarted = rejoin_unknown(d, "new-leader", LEADER, protocol_list=SUPERSET)
    assert (restarted.error, restarted.generation, restarted.members) == ("NONE", 2, ())
    assert restarted.leader == old_leader != restarted.member_id
    follower = d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    assert (follower.error, follower.generation, follower.leader) == ("NONE", 2, restarted.member_id)
    assert d.view().state is GroupState.COMPLETING_REBALANCE and d.view().leader == restarted.member_id


def test_a_restart_that_changes_the_selected_protocol_rebalances() -> None:
    """staticMemberRejoinWithUnknownMemberIdAndChangeOfProtocolWithSelectedProtocolChanged: the
    leader does not rejoin in time, the restarted follower leads with roundrobin."""
    d = GroupDriver()
    static_pair(d)
    assert rejoin_unknown(d, "follower", FOLLOWER, protocol_list=("roundrobin",)) is None
    d.advance(SESSION + 1)
    answer = d.last("follower", "join")
    assert (answer.error, answer.generation, answer.protocol_name) == ("NONE", 2, "roundrobin")
    assert answer.leader == answer.member_id
    assert d.state_changes()[-2].reason == (
        f"Group's selectedProtocol will change because static member {answer.member_id} with instance id "
        f"{FOLLOWER} joined with change of protocol; client reason: not provided")


def test_a_failed_append_reverts_the_restart() -> None:
    """staticMemberRejoinWithUnknownMemberIdAndChangeOfProtocolWhileSelectProtocolUnchangedPersistenceFailure:
    MESSAGE_TOO_LARGE -> UNKNOWN_SERVER_ERROR with member id "", and the old id still works."""
    d = GroupDriver()
    static_pair(d)
    old = d.id("follower")
    d.fail_next_append("MESSAGE_TOO_LARGE")
    answer = rejoin_unknown(d, "follower2", FOLLOWER, protocol_list=(("range", b"m"),))
    assert (answer.error, answer.member_id, answer.generation, answer.protocol_type) == (
        "UNKNOWN_SERVER_ERROR", "", 1, "consumer")
    assert d.join("follower", member_id=old, instance_id=FOLLOWER, protocol_list=(("range", b"m"),)).error \
        == "NONE"
    assert d.sync("follower", member_id=old, generation=1, instance_id=FOLLOWER).error == "NONE"


def test_a_persisted_restart_updates_the_member_s_timeouts() -> None:
    """staticMemberRejoinWithUpdatedSessionAndRebalanceTimeoutsAndPersistChange (KAFKA-14009, 3.4)."""
    d = GroupDriver()
    static_pair(d)
    rejoin_unknown(d, "follower", FOLLOWER, protocol_list=SUPERSET, session=2 * SESSION, rebalance=2 * REBALANCE)
    member = d.view().member(d.id("follower"))
    assert (member.session_timeout_ms, member.rebalance_timeout_ms) == (2 * SESSION, 2 * REBALANCE)


def test_before_3_4_a_restart_keeps_the_old_timeouts() -> None:
    """Before KAFKA-14009 (3.4) updateStaticMemberAndRebalance changed only the protocols."""
    d = GroupDriver("3.3")
    static_pair(d)
    rejoin_unknown(d, "follower", FOLLOWER, protocol_list=SUPERSET, session=2 * SESSION, rebalance=2 * REBALANCE)
    member = d.view().member(d.id("follower"))
    assert (member.session_timeout_ms, member.rebalance_timeout_ms) == (SESSION, REBALANCE)


def test_before_2_7_a_restart_is_not_persisted_so_a_failing_append_does_not_matter() -> None:
    """KAFKA-10284 (2.7, 2.6.1) persisted the restart; a 2.6 broker answers without writing."""
    d = GroupDriver("2.6")
    static_pair(d)
    d.fail_next_append("MESSAGE_TOO_LARGE")
    answer = rejoin_unknown(d, "follower", FOLLOWER, protocol_list=SUPERSET)
    assert (answer.error, answer.generation) == ("NONE", 1)


def test_a_static_follower_that_misses_the_rebalance_stays_a_member() -> None:
    """testStaticMemberFollowerFailToRejoinBeforeRebalanceTimeout (KAFKA-8220): not removed at
    join completion; the rejoined leader keeps leading."""
    d = GroupDriver()
    static_pair(d, session=2 * REBALANCE)
    d.join("new", instance_id="newMember", protocol_list=SUPERSET)
    d.join("leader", instance_id=LEADER, protocol_list=SUPERSET)
    d.advance(REBALANCE + 1)
    answer = d.last("leader", "join")
    assert (answer.generation, answer.leader, len(answer.members)) == (2, d.id("leader"), 3)
    assert d.id("follower") in [m.member_id for m in d.view().members]


def test_a_joined_member_takes_over_from_a_static_leader_that_missed_the_rebalance() -> None:
    """testStaticMemberLeaderFailToRejoinBeforeRebalanceTimeout (maybeElectNewJoinedLeader, 2.3)."""
    d = GroupDriver()
    static_pair(d, session=2 * REBALANCE)
    old_leader = d.id("leader")
    d.join("new", instance_id="newMember", protocol_list=SUPERSET)
    d.advance(1)
    d.join("follower", instance_id=FOLLOWER, protocol_list=SUPERSET)
    d.advance(REBALANCE + 1)
    leader = d.view().leader
    assert leader in (d.id("new"), d.id("follower")) and leader != old_leader
    assert old_leader in [m.member_id for m in d.view().members]


def test_a_group_of_static_members_that_did_not_rejoin_waits_another_rebalance_timeout() -> None:
    """groupStuckInRebalanceTimeoutDueToNonjoinedStaticMember: nobody rejoined, only the static
    leader is left; the DelayedJoin is armed again and the generation stays."""
    d = GroupDriver()
    static_pair(d, session=2 * SESSION)
    d.join("dynamic", protocol_list=SUPERSET, session=2 * SESSION)
    d.advance(REBALANCE + 1)
    assert d.last("dynamic", "join").generation == 2 and d.view().leader == d.id("dynamic")
    d.leave("follower", instance_id=FOLLOWER)
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(REBALANCE + 1)
    view = d.view()
    assert [m.member_id for m in view.members] == [d.id("leader")]
    assert (view.state, view.generation) == (GroupState.PREPARING_REBALANCE, 2)


def test_the_stuck_group_empties_when_the_static_leader_s_session_ends() -> None:
    """testLeaderFailToRejoinBeforeFinalRebalanceTimeoutWithLongSessionTimeout."""
    d = GroupDriver()
    static_pair(d, session=2 * SESSION)
    d.join("dynamic", protocol_list=SUPERSET, session=2 * SESSION)
    d.advance(REBALANCE + 1)
    d.leave("follower", instance_id=FOLLOWER)
    d.advance(REBALANCE + 1)
    d.advance(REBALANCE + 1)
    view = d.view()
    assert (view.members, view.leader, view.generation, view.state) == ((), None, 3, GroupState.EMPTY)


def test_the_stuck_group_completes_when_the_static_leader_comes_back() -> None:
    """testLeaderRejoinBeforeFinalRebalanceTimeoutWithLongSessionTimeout."""
    d = GroupDriver()
    static_pair(d, session=2 * SESSION)
    d.join("dynamic", protocol_list=SUPERSET, session=2 * SESSION)
    d.advance(REBALANCE + 1)
    d.leave("follower", instance_id=FOLLOWER)
    d.advance(REBALANCE + 1)
    rejoin_unknown(d, "leader", LEADER, protocol_list=("range",))
    d.advance(DELAY + 1)
    answer = d.last("leader", "join")
    assert (answer.error, answer.generation) == ("NONE", 3)
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_before_2_3_the_instance_id_is_ignored() -> None:
    """STATIC_MEMBERSHIP (KIP-345, 2.3): a 2.2 broker treats the member as dynamic."""
    d = GroupDriver("2.2")
    d.join("c", instance_id="instance", client_id="clientId")
    d.advance(DELAY + 1)
    member = d.view().members[0]
    assert member.instance_id is None and member.member_id.startswith("clientId-")
