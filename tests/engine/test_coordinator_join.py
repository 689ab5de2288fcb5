"""JoinGroup: validation, the MEMBER_ID_REQUIRED two-step join, protocols, leaders, rejoins,
group.max.size (GroupCoordinatorTest / GroupMetadataTest scenarios, restated)."""

from __future__ import annotations

import pytest

from kafka_forensics.engine.effects import MemberAdded, Response
from kafka_forensics.engine.group.requests import JoinGroup
from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, SESSION, GroupDriver


def test_session_timeout_below_the_minimum_is_invalid() -> None:
    """testJoinGroupSessionTimeoutTooSmall."""
    d = GroupDriver()
    assert d.join("c", session=9).error == "INVALID_SESSION_TIMEOUT"
    assert d.view() is None


def test_session_timeout_above_the_maximum_is_invalid() -> None:
    """testJoinGroupSessionTimeoutTooLarge."""
    d = GroupDriver()
    assert d.join("c", session=10 * 60 * 1000 + 1).error == "INVALID_SESSION_TIMEOUT"


def test_a_member_id_for_an_unknown_group_is_unknown_and_creates_nothing() -> None:
    """testJoinGroupUnknownConsumerNewGroup."""
    d = GroupDriver()
    answer = d.join("c", member_id="memberId")
    assert (answer.error, answer.member_id) == ("UNKNOWN_MEMBER_ID", "memberId")
    assert d.view() is None


def test_an_empty_group_id_is_invalid() -> None:
    """testInvalidGroupId."""
    d = GroupDriver(group="")
    assert d.join("c").error == "INVALID_GROUP_ID"


def test_the_first_member_leads_generation_one() -> None:
    """testValidJoinGroup: the two-step join, then the initial delay, then generation 1."""
    d = GroupDriver()
    answer = d.dynamic_join("c")
    assert (answer.error, answer.generation) == ("NONE", 1)
    assert answer.leader == answer.member_id == d.id("c")
    assert answer.members == (d.id("c"),)
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_another_protocol_type_is_inconsistent() -> None:
    """testJoinGroupInconsistentProtocolType."""
    d = GroupDriver()
    d.dynamic_join("c1")
    answer = d.join("c2", protocol_type="connect")
    assert (answer.error, answer.member_id) == ("INCONSISTENT_GROUP_PROTOCOL", "")


def test_an_empty_protocol_type_is_inconsistent() -> None:
    """testJoinGroupWithEmptyProtocolType."""
    d = GroupDriver()
    assert d.join("c", protocol_type="").error == "INCONSISTENT_GROUP_PROTOCOL"


def test_no_protocols_is_inconsistent() -> None:
    """testJoinGroupWithEmptyGroupProtocol."""
    d = GroupDriver()
    assert d.join("c", protocol_list=()).error == "INCONSISTENT_GROUP_PROTOCOL"


def test_no_protocol_in_common_with_every_member_is_inconsistent() -> None:
    """testJoinGroupInconsistentGroupProtocol."""
    d = GroupDriver()
    d.join("c1", protocol_list=("range",))
    assert d.join("c2", protocol_list=("roundrobin",)).error == "INCONSISTENT_GROUP_PROTOCOL"
    d.advance(DELAY + 1)
    assert d.last("c1", "join").error == "NONE"


def test_an_unknown_member_id_in_an_existing_group_is_unknown() -> None:
    """testJoinGroupUnknownConsumerExistingGroup."""
    d = GroupDriver()
    d.dynamic_join("c1")
    assert d.join("c2", member_id="memberId").error == "UNKNOWN_MEMBER_ID"


def test_member_id_required_hands_out_a_pending_id_without_changing_the_group() -> None:
    """testJoinGroupSecondJoinInconsistentProtocol (first half), KIP-394."""
    d = GroupDriver()
    answer = d.join("c", require_known=True)
    assert answer.error == "MEMBER_ID_REQUIRED"
    assert answer.member_id.startswith("clientId-")
    view = d.view()
    assert view.state is GroupState.EMPTY and view.pending == (answer.member_id,) and view.members == ()


def test_a_pending_member_joining_with_its_id_is_added() -> None:
    """testJoinGroupSecondJoinInconsistentProtocol (second half)."""
    d = GroupDriver()
    pending = d.join("c", require_known=True).member_id
    assert d.join("c", member_id=pending, require_known=True) is None  # parked in the join phase
    view = d.view()
    assert [m.member_id for m in view.members] == [pending] and view.pending == ()


def test_member_ids_are_the_client_id_and_a_counter_uuid() -> None:
    """GroupMetadata.generateMemberId: client id + "-" + UUID, here from a counter."""
    d = GroupDriver()
    first = d.join("c1", client_id="consumer-1", require_known=True).member_id
    second = d.join("c2", client_id="consumer-2", require_known=True).member_id
    assert first == "consumer-1-00000000-0000-4000-8000-000000000001"
    assert second == "consumer-2-00000000-0000-4000-8000-000000000002"


def test_the_member_is_reported_added_while_its_join_is_parked() -> None:
    """The alias binding of the trace contract: MemberAdded the moment the member exists."""
    d = GroupDriver()
    effects = d.cluster.submit(JoinGroup("group", "c", client_id="clientId"))
    added = [e for e in effects if isinstance(e, MemberAdded)]
    assert len(added) == 1 and added[0].client == "c" and added[0].member_id.startswith("clientId-")
    assert not any(isinstance(e, Response) for e in effects)


def test_an_unchanged_follower_rejoining_a_stable_group_gets_the_current_generation() -> None:
    """testJoinGroupFromUnchangedFollowerDoesNotRebalance."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.join("c1")  # the leader's rejoin completes the join phase at once
    assert d.last("c2", "join").generation == d.last("c1", "join").generation == 2
    d.sync("c1", {"c1": (), "c2": ()})
    d.sync("c2")
    answer = d.join("c2")
    assert (answer.error, answer.generation, answer.members) == ("NONE", 2, ())
    assert answer.leader == d.id("c1")
    assert d.view().state is GroupState.STABLE


def test_an_unchanged_leader_rejoining_a_stable_group_rebalances() -> None:
    """testJoinGroupFromUnchangedLeaderShouldRebalance: the leader's rejoin always rebalances."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    answer = d.join("c1")
    assert (answer.error, answer.generation) == ("NONE", 2)
    change = d.state_changes()[-2]
    assert change.reason == f"Leader {d.id('c1')} re-joining group during Stable; client reason: not provided"


def test_a_follower_with_new_metadata_rebalances_a_stable_group() -> None:
    """GroupCoordinator.doCurrentMemberJoinGroup, Stable: changed protocols force a rebalance."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    assert d.join("c2", protocol_list=(("range", b"\x01"),)) is None
    change = d.state_changes()[-1]
    assert (change.from_state, change.to_state) == ("Stable", "PreparingRebalance")
    assert change.reason == (f"Updating metadata for member {d.id('c2')} during Stable; "
                             "client reason: not provided")


def test_a_leader_that_lost_its_join_response_gets_it_again_in_completing_rebalance() -> None:
    """doCurrentMemberJoinGroup, CompletingRebalance with unchanged metadata (the seeds' "leader
    that never received its JoinGroup response"): answered at once, members only for the leader."""
    d = GroupDriver()
    d.join("c1")
    d.join("c2")
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    leader = d.join("c1")
    follower = d.join("c2")
    assert (leader.generation, set(leader.members)) == (1, {d.id("c1"), d.id("c2")})
    assert (follower.generation, follower.members) == (1, ())
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_changed_metadata_in_completing_rebalance_rebalances_and_fails_parked_syncs() -> None:
    """prepareRebalance from CompletingRebalance: parked SyncGroups get REBALANCE_IN_PROGRESS."""
    d = GroupDriver()
    d.join("c1")
    d.join("c2")
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    assert d.sync("c2") is None
    d.join("c1", protocol_list=("roundrobin", "range"))
    assert d.last("c2", "sync").error == "REBALANCE_IN_PROGRESS"
    assert d.view().state is GroupState.PREPARING_REBALANCE


def test_the_fifth_member_of_a_full_group_is_refused() -> None:
    """testJoinGroupShouldReceiveErrorIfGroupOverMaxSize (group.max.size = 4, KIP-389)."""
    d = GroupDriver()
    for i in range(1, 5):
        d.join(f"c{i}", rebalance=2 * DELAY)
        if i != 1:
            d.advance(DELAY)
    d.advance(DELAY + 1)
    assert [d.last(f"c{i}", "join").error for i in range(1, 5)] == ["NONE"] * 4
    answer = d.join("c5", rebalance=2 * DELAY)
    assert (answer.error, answer.member_id) == ("GROUP_MAX_SIZE_REACHED", "")


def test_joins_beyond_the_maximum_during_the_rebalance_are_refused() -> None:
    """testDynamicMembersJoinGroupWithMaxSize: five joins, four admitted, the same on rejoin."""
    d = GroupDriver()
    for i in range(1, 6):
        d.join(f"c{i}")
    d.advance(DELAY + 1)
    d.advance(DELAY + 1)
    errors = [d.last(f"c{i}", "join").error for i in range(1, 6)]
    assert errors == ["NONE"] * 4 + ["GROUP_MAX_SIZE_REACHED"]
    rejoin = [d.join(f"c{i}", member_id=d.last(f"c{i}", "join").member_id).error for i in range(1, 6)]
    assert rejoin == errors


def test_rejoining_members_beyond_the_maximum_are_kicked_out() -> None:
    """testDynamicMembersJoinGroupWithMaxSizeAndRequiredKnownMember: pending ids that come back
    once four members await the join are refused and removed."""
    d = GroupDriver()
    ids = [d.join(f"c{i}", require_known=True).member_id for i in range(1, 6)]
    for i, member_id in enumerate(ids, 1):
        d.join(f"c{i}", member_id=member_id, require_known=True)
    d.advance(DELAY + 1)
    d.advance(DELAY + 1)
    errors = [d.last(f"c{i}", "join").error for i in range(1, 6)]
    assert errors.count("NONE") == 4 and errors.count("GROUP_MAX_SIZE_REACHED") == 1
    assert len(d.view().members) == 4


def test_before_2_6_a_full_group_refuses_only_new_members() -> None:
    """KAFKA-9885 (2.6) changed acceptJoiningMember; in 2.5 a known member may rejoin a full
    PreparingRebalance group and the refusal counts members, not awaiting joins."""
    d = GroupDriver("2.5")
    d.stable_group("c1", "c2", "c3", "c4")
    assert d.join("c5").error == "GROUP_MAX_SIZE_REACHED"
    d.join("c1")  # the leader's rejoin: PreparingRebalance, 1 awaiting
    assert d.join("c5").error == "GROUP_MAX_SIZE_REACHED"
    assert d.join("c2") is None  # a member is admitted


def test_votes_pick_the_protocol_most_members_prefer() -> None:
    """GroupMetadataTest.testSelectProtocol: [range, roundrobin] and two [roundrobin, range]."""
    d = GroupDriver()
    d.join("c1", protocol_list=("range", "roundrobin"))
    d.join("c2", protocol_list=("roundrobin", "range"))
    d.join("c3", protocol_list=("roundrobin", "range"))
    d.advance(DELAY + 1)
    d.advance(DELAY + 1)
    assert d.view().protocol_name == "roundrobin"


def test_votes_are_cast_only_for_protocols_every_member_supports() -> None:
    """GroupMetadataTest.testSelectProtocolChoosesCompatibleProtocol."""
    d = GroupDriver()
    d.join("c1", protocol_list=("range", "roundrobin"))
    d.join("c2", protocol_list=("roundrobin", "blah"))
    d.advance(DELAY + 1)
    d.advance(DELAY + 1)
    assert d.view().protocol_name == "roundrobin"


def test_a_tied_vote_goes_to_the_earliest_member_s_choice() -> None:
    """GroupMetadataTest.testSelectProtocol with two members accepts either protocol; the
    engine's deterministic tie-break picks the protocol the earliest-added member voted for."""
    d = GroupDriver()
    d.join("c1", protocol_list=("roundrobin", "range"))
    d.join("c2", protocol_list=("range", "roundrobin"))
    d.advance(DELAY + 1)
    d.advance(DELAY + 1)
    assert d.view().protocol_name == "roundrobin"


def test_the_join_reason_is_logged_from_3_2() -> None:
    """KIP-800 (3.2): "...; client reason: ..." in the rebalance reason; 3.1 has none."""
    new, old = GroupDriver("3.2"), GroupDriver("3.1")
    for d in (new, old):
        d.join("c", reason="rebalance needed")
    assert new.state_changes()[0].reason.endswith("; client reason: rebalance needed")
    assert old.state_changes()[0].reason == f"Adding new member {old.id('c')} with group instance id None"


def test_the_2_4_reason_has_kafka_s_typo() -> None:
    """2.3/2.4 logged "with group instanceid" (fixed in 2.5)."""
    d = GroupDriver("2.4")
    d.join("c")
    assert d.state_changes()[0].reason == f"Adding new member {d.id('c')} with group instanceid None"


def test_the_java_coordinator_words_a_heartbeat_expiration_with_a_full_stop() -> None:
    """GroupMetadataManager (4.0): "removing member X on heartbeat expiration." (the Scala
    coordinator has no full stop)."""
    java, scala = GroupDriver("4.0"), GroupDriver("3.9")
    for d in (java, scala):
        d.stable_group("c1", "c2")
        d.advance(SESSION // 2)
        d.heartbeat("c2")
        d.advance(SESSION // 2 + 1)
    assert java.state_changes()[-1].reason == f"removing member {java.id('c1')} on heartbeat expiration."
    assert scala.state_changes()[-1].reason == f"removing member {scala.id('c1')} on heartbeat expiration"


def test_before_2_2_error_responses_carry_generation_zero() -> None:
    """KIP-394 (2.2) moved error JoinGroup responses to generation -1 (joinError)."""
    assert GroupDriver("2.1").join("c", session=1).generation == 0
    assert GroupDriver("2.2").join("c", session=1).generation == -1


def test_before_2_2_the_member_id_is_never_required() -> None:
    """MEMBER_ID_REQUIRED (KIP-394, 2.2): a 2.1 broker adds the member at once."""
    d = GroupDriver("2.1")
    assert d.join("c", require_known=True) is None
    assert len(d.view().members) == 1


def test_protocol_type_is_in_join_responses_from_2_5() -> None:
    """KIP-559 (2.5): JoinGroup v7 carries the protocol type."""
    new, old = GroupDriver("2.5"), GroupDriver("2.4")
    assert new.dynamic_join("c").protocol_type == "consumer"
    assert old.dynamic_join("c").protocol_type is None
    assert old.last("c", "join").protocol_name == "range"


def test_a_new_0_10_0_group_starts_stable_and_names_awaiting_sync() -> None:
    """Kafka 0.10.0 GroupMetadata starts Stable (no Empty state, no initial delay) and calls the
    sync phase AwaitingSync: a lone member's join completes at once, Stable -> PreparingRebalance
    -> AwaitingSync."""
    d = GroupDriver("0.10.0")
    answer = d.join("c")
    assert (answer.error, answer.generation) == ("NONE", 1)
    assert d.states() == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync")]
    assert d.view().state_name == "AwaitingSync"


def test_a_0_10_0_group_whose_last_member_leaves_dies() -> None:
    """0.10.0 onCompleteJoin: an empty group goes Dead and is removed (no Empty state)."""
    d = GroupDriver("0.10.0")
    d.join("c")
    assert d.sync("c", {"c": ()}).error == "NONE"
    d.leave("c")
    assert d.states()[-2:] == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "Dead")]
    assert d.view() is None


def test_before_2_2_there_is_no_group_size_limit() -> None:
    """GROUP_MAX_SIZE (KIP-389, 2.2): a 2.1 broker has no group.max.size."""
    d = GroupDriver("2.1")
    for i in range(6):
        assert d.join(f"c{i}") is None
    assert len(d.view().members) == 6


def test_an_illegal_transition_is_reported_and_not_taken() -> None:
    """GroupMetadata.assertValidTransition: Empty -> Stable is not in validPreviousStates; the
    engine reports a finding instead of throwing, and the group stays Empty."""
    d = GroupDriver()
    d.commit("admin", member_id="", generation=-1)
    group = d.cluster.coordinator._groups["group"]
    assert d.cluster.coordinator._transition(group, GroupState.STABLE) is False
    finding = d.findings()[-1]
    assert (finding.name, finding.entity) == ("illegal_transition", "group")
    assert d.view().state is GroupState.EMPTY and d.states() == []


def test_a_fail_append_with_an_unknown_error_name_is_refused() -> None:
    """FailAppend names a Kafka error; anything else is a mistake in the trace."""
    d = GroupDriver()
    with pytest.raises(ValueError, match="not a Kafka error name"):
        d.fail_next_append("NO_SUCH_ERROR")
