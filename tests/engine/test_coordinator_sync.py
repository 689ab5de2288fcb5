"""SyncGroup: the leader's assignment, followers parked, the checks before it
(GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, SESSION, GroupDriver


def _two_members_completing(d: GroupDriver) -> None:
    """Both join at once; the group reaches CompletingRebalance at generation 1."""
    d.join("leader", instance_id="leader-instance")
    d.join("follower", instance_id="follower-instance")
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_a_sync_for_an_unknown_group_is_unknown_member() -> None:
    """testSyncGroupFromUnknownGroup."""
    d = GroupDriver()
    assert d.sync("c", member_id="memberId", generation=1).error == "UNKNOWN_MEMBER_ID"


def test_a_sync_from_an_unknown_member_is_refused() -> None:
    """testSyncGroupFromUnknownMember."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.sync("c", {"c": ()}).error == "NONE"
    assert d.sync("other", member_id="blah", generation=1).error == "UNKNOWN_MEMBER_ID"


def test_a_sync_with_another_generation_is_illegal() -> None:
    """testSyncGroupFromIllegalGeneration."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.sync("c", {"c": ()}, generation=2).error == "ILLEGAL_GENERATION"


def test_a_sync_while_preparing_a_rebalance_is_told_to_rejoin() -> None:
    """doSyncGroup, PreparingRebalance: REBALANCE_IN_PROGRESS (the seeds' consumer-3 case)."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.join("c1")
    assert d.sync("c2").error == "REBALANCE_IN_PROGRESS"


def test_a_leader_sync_with_no_assignment_gives_itself_an_empty_one() -> None:
    """testSyncGroupEmptyAssignment: missing members are filled with empty assignments."""
    d = GroupDriver()
    d.dynamic_join("c")
    answer = d.sync("c", {})
    assert (answer.error, answer.assignment) == ("NONE", ())
    assert d.heartbeat("c").error == "NONE"


def test_the_follower_waits_for_the_leader_s_assignment() -> None:
    """testSyncGroupLeaderAfterFollower: the follower's SyncGroup is parked until the leader's."""
    d = GroupDriver()
    _two_members_completing(d)
    assert d.sync("follower") is None
    assert d.view().member(d.id("follower")).awaiting_sync
    leader = d.sync("leader", {"leader": ("t-0",), "follower": ("t-1",)})
    assert (leader.error, leader.assignment) == ("NONE", ("t-0",))
    follower = d.last("follower", "sync")
    assert (follower.error, follower.assignment) == ("NONE", ("t-1",))
    assert d.view().state is GroupState.STABLE


def test_a_follower_syncing_after_the_leader_gets_its_assignment_at_once() -> None:
    """testSyncGroupFollowerAfterLeader: in Stable the stored assignment is returned."""
    d = GroupDriver()
    _two_members_completing(d)
    d.sync("leader", {"leader": ("t-0",), "follower": ("t-1",)})
    answer = d.sync("follower")
    assert (answer.error, answer.assignment) == ("NONE", ("t-1",))


def test_a_member_missing_from_the_leader_s_assignment_gets_an_empty_one() -> None:
    """doSyncGroup: "Setting empty assignments for members ..." (missing ids filled with [])."""
    d = GroupDriver()
    _two_members_completing(d)
    d.sync("follower")
    d.sync("leader", {"leader": ("t-0", "t-1")})
    assert (d.last("follower", "sync").error, d.last("follower", "sync").assignment) == ("NONE", ())


def test_the_follower_is_told_to_rejoin_when_the_leader_never_syncs() -> None:
    """testLeaderFailureInSyncGroup: the leader's session expires, the parked sync gets
    REBALANCE_IN_PROGRESS."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.join("c1")
    assert d.sync("c2") is None
    d.advance(SESSION + 100)
    assert d.last("c2", "sync").error == "REBALANCE_IN_PROGRESS"


def test_an_inconsistent_protocol_type_is_refused() -> None:
    """testSyncGroupReturnsAnErrorWhenProtocolTypeIsInconsistent (KIP-559)."""
    d = GroupDriver()
    _two_members_completing(d)
    answer = d.sync("leader", {"leader": ()}, protocol_type="whatever")
    assert (answer.error, answer.protocol_type, answer.protocol_name) == ("INCONSISTENT_GROUP_PROTOCOL", None, None)
    assert d.sync("follower", protocol_type="whatever").error == "INCONSISTENT_GROUP_PROTOCOL"


def test_an_inconsistent_protocol_name_is_refused() -> None:
    """testSyncGroupReturnsAnErrorWhenProtocolNameIsInconsistent."""
    d = GroupDriver()
    _two_members_completing(d)
    assert d.sync("leader", {"leader": ()}, protocol_name="whatever").error == "INCONSISTENT_GROUP_PROTOCOL"


def test_a_consistent_or_absent_protocol_is_accepted_and_returned() -> None:
    """testSyncGroupSucceedWhenProtocolTypeAndNameAreConsistent / ...AreNotProvided."""
    d = GroupDriver()
    _two_members_completing(d)
    leader = d.sync("leader", {"leader": ()}, protocol_type="consumer", protocol_name="range")
    follower = d.sync("follower")
    for answer in (leader, follower):
        assert (answer.error, answer.protocol_type, answer.protocol_name) == ("NONE", "consumer", "range")


def test_before_2_5_the_protocol_fields_are_neither_checked_nor_returned() -> None:
    """KIP-559 (2.5) added protocol type/name to SyncGroup v5; a 2.4 broker ignores them."""
    d = GroupDriver("2.4")
    _two_members_completing(d)
    answer = d.sync("leader", {"leader": ()}, protocol_type="whatever")
    assert (answer.error, answer.protocol_type) == ("NONE", None)


def test_a_failed_append_of_the_assignment_fails_every_parked_sync_and_rebalances() -> None:
    """doSyncGroup's storeGroup callback with an error: members get the mapped error
    (NOT_ENOUGH_REPLICAS -> COORDINATOR_NOT_AVAILABLE) and the group rebalances."""
    d = GroupDriver("3.5")
    _two_members_completing(d)
    d.sync("follower")
    d.fail_next_append("NOT_ENOUGH_REPLICAS")
    leader = d.sync("leader", {"leader": ("t-0",), "follower": ("t-1",)})
    assert (leader.error, leader.assignment) == ("COORDINATOR_NOT_AVAILABLE", ())
    assert d.last("follower", "sync").error == "COORDINATOR_NOT_AVAILABLE"
    change = d.state_changes()[-1]
    assert (change.from_state, change.to_state) == ("CompletingRebalance", "PreparingRebalance")
    assert change.reason == ("Error COORDINATOR_NOT_AVAILABLE when storing group assignment during SyncGroup "
                             f"(member: {d.id('leader')})")


def test_a_timed_out_append_tells_members_to_rejoin() -> None:
    """storeGroup's error table: REQUEST_TIMED_OUT -> REBALANCE_IN_PROGRESS; the 2.8 reason
    text is "error when storing ..." (lower case, no error name)."""
    d = GroupDriver("2.8")
    _two_members_completing(d)
    d.fail_next_append("REQUEST_TIMED_OUT")
    assert d.sync("leader", {"leader": ()}).error == "REBALANCE_IN_PROGRESS"
    assert d.state_changes()[-1].reason == (f"error when storing group assignment during SyncGroup "
                                             f"(member: {d.id('leader')})")
