"""LeaveGroup: single (v0-v2) and batch (v3+, KIP-345) leaves and what a departure does to
the group (GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.effects import RemovalReason
from kafka_forensics.engine.group.requests import LeaveMember
from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, GroupDriver
from .test_coordinator_heartbeat import put_group


def _static_pair(d: GroupDriver) -> None:
    """GroupCoordinatorTest.staticMembersJoinAndRebalance: a static leader and follower, Stable."""
    d.join("leader", instance_id="leader-instance", protocol_list=("range", "roundrobin"))
    d.join("follower", instance_id="follower-instance", protocol_list=("range", "roundrobin"))
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.sync("leader", {"leader": ()})
    d.sync("follower")
    assert d.view().state is GroupState.STABLE


def _group_with_pending_member(d: GroupDriver) -> str:
    """GroupCoordinatorTest.setupGroupWithPendingMember: two members rejoining in
    PreparingRebalance and a third id pending (session timeout 100)."""
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c1")
    pending = d.join("c3", require_known=True, session=100).member_id
    d.join("c2")
    view = d.view()
    assert view.state is GroupState.PREPARING_REBALANCE and view.pending == (pending,)
    return pending


def test_a_leave_to_the_wrong_coordinator_is_not_coordinator() -> None:
    """testLeaveGroupWrongCoordinator."""
    d = GroupDriver(group="otherGroup")
    d.unload()
    answer = d.leave("c", member_id="")
    assert (answer.error, answer.results) == ("NOT_COORDINATOR", ())


def test_a_leave_from_an_unknown_group_reports_the_member_unknown() -> None:
    """testLeaveGroupUnknownGroup: top-level NONE, the member UNKNOWN_MEMBER_ID."""
    d = GroupDriver()
    answer = d.leave("c", member_id="memberId")
    assert (answer.error, answer.results) == ("NONE", ("UNKNOWN_MEMBER_ID",))


def test_a_leave_from_an_unknown_member_is_refused() -> None:
    """testLeaveGroupUnknownConsumerExistingGroup."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.leave("x", member_id="consumerId").results == ("UNKNOWN_MEMBER_ID",)


def test_a_leave_from_a_dead_group_is_coordinator_not_available() -> None:
    """testSingleLeaveDeadGroup / testBatchLeaveDeadGroup."""
    d = GroupDriver()
    put_group(d, "deadGroupId", GroupState.DEAD)
    answer = d.leave_batch("c", [LeaveMember("memberId"), LeaveMember("memberId")], group="deadGroupId")
    assert (answer.error, answer.results) == ("COORDINATOR_NOT_AVAILABLE", ())


def test_the_last_member_leaving_empties_the_group() -> None:
    """testValidLeaveGroup: CompletingRebalance -> PreparingRebalance -> Empty."""
    d = GroupDriver()
    d.dynamic_join("c")
    answer = d.leave("c")
    assert (answer.error, answer.results) == ("NONE", ("NONE",))
    assert d.states()[-2:] == [("CompletingRebalance", "PreparingRebalance"), ("PreparingRebalance", "Empty")]
    assert d.removals()[-1].reason is RemovalReason.LEAVE
    assert d.view().generation == 2


def test_a_leave_in_stable_starts_a_rebalance_with_its_reason() -> None:
    """removeMemberAndUpdateGroup: "Removing member X on LeaveGroup; client reason: R" (3.2+)."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.leave("c2", reason="the consumer is closing")
    change = d.state_changes()[-1]
    assert (change.from_state, change.to_state) == ("Stable", "PreparingRebalance")
    assert change.reason == f"Removing member {d.id('c2')} on LeaveGroup; client reason: the consumer is closing"


def test_the_leave_reason_before_3_0_is_lower_case_and_without_a_client_reason() -> None:
    """2.8 logged "removing member X on LeaveGroup"."""
    d = GroupDriver("2.8")
    d.stable_group("c1", "c2")
    d.leave("c2", reason="ignored")
    assert d.state_changes()[-1].reason == f"removing member {d.id('c2')} on LeaveGroup"


def test_a_leave_during_the_join_phase_can_complete_it() -> None:
    """The seeds' rule: a LeaveGroup in PreparingRebalance may complete the delayed join."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.join("c1")
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.leave("c2")
    assert d.view().state is GroupState.COMPLETING_REBALANCE
    assert d.last("c1", "join").generation == 2


def test_a_static_member_with_another_member_id_is_fenced() -> None:
    """testLeaveGroupWithFencedInstanceId."""
    d = GroupDriver()
    d.join("leader", instance_id="leader-instance")
    d.advance(DELAY + 1)
    answer = d.leave("x", member_id="some_member", instance_id="leader-instance")
    assert answer.results == ("FENCED_INSTANCE_ID",)


def test_a_static_member_may_leave_by_instance_id_alone() -> None:
    """testLeaveGroupStaticMemberWithUnknownMemberId."""
    d = GroupDriver()
    d.join("leader", instance_id="leader-instance")
    d.advance(DELAY + 1)
    assert d.leave("admin", member_id="", instance_id="leader-instance").results == ("NONE",)
    assert d.view().members == ()


def test_a_batch_removes_static_members_by_instance_id() -> None:
    """testStaticMembersValidBatchLeaveGroup."""
    d = GroupDriver()
    _static_pair(d)
    answer = d.leave_batch("admin", [LeaveMember("", "leader-instance"), LeaveMember("", "follower-instance")])
    assert (answer.error, answer.results) == ("NONE", ("NONE", "NONE"))
    assert d.view().state is GroupState.EMPTY


def test_a_batch_to_the_wrong_coordinator_is_not_coordinator() -> None:
    """testStaticMembersWrongCoordinatorBatchLeaveGroup."""
    d = GroupDriver()
    _static_pair(d)
    d.unload(d.partition("invalid-group"))
    answer = d.leave_batch("admin", [LeaveMember("", "leader-instance")], group="invalid-group")
    assert answer.error == "NOT_COORDINATOR"


def test_a_batch_for_an_unknown_group_reports_every_member_unknown() -> None:
    """testStaticMembersUnknownGroupBatchLeaveGroup."""
    d = GroupDriver()
    answer = d.leave_batch("admin", [LeaveMember("", "leader-instance"), LeaveMember("", "follower-instance")])
    assert (answer.error, answer.results) == ("NONE", ("UNKNOWN_MEMBER_ID", "UNKNOWN_MEMBER_ID"))


def test_a_batch_fences_a_mismatched_member_and_removes_the_rest() -> None:
    """testStaticMembersFencedInstanceBatchLeaveGroup."""
    d = GroupDriver()
    _static_pair(d)
    answer = d.leave_batch("admin", [LeaveMember("", "leader-instance"),
                                     LeaveMember("invalid-member", "follower-instance")])
    assert answer.results == ("NONE", "FENCED_INSTANCE_ID")


def test_a_batch_reports_an_unknown_instance() -> None:
    """testStaticMembersUnknownInstanceBatchLeaveGroup."""
    d = GroupDriver()
    _static_pair(d)
    answer = d.leave_batch("admin", [LeaveMember("", "unknown-instance"), LeaveMember("", "follower-instance")])
    assert answer.results == ("UNKNOWN_MEMBER_ID", "NONE")


def test_a_pending_member_leaving_completes_the_join_phase() -> None:
    """testPendingMembersLeavesGroup."""
    d = GroupDriver()
    pending = _group_with_pending_member(d)
    assert d.leave("c3", member_id=pending).results == ("NONE",)
    view = d.view()
    assert view.state is GroupState.COMPLETING_REBALANCE and len(view.members) == 2 and view.pending == ()


def test_a_batch_may_name_a_pending_member() -> None:
    """testPendingMemberBatchLeaveGroup."""
    d = GroupDriver()
    pending = _group_with_pending_member(d)
    answer = d.leave_batch("admin", [LeaveMember("", "unknown-instance"), LeaveMember(pending)])
    assert answer.results == ("UNKNOWN_MEMBER_ID", "NONE")


def test_before_2_4_a_leave_has_one_member_and_a_plain_error() -> None:
    """LeaveGroup v0-v2 (before KIP-345's batch, 2.4): an unknown group is UNKNOWN_MEMBER_ID."""
    d = GroupDriver("2.3")
    answer = d.leave("c", member_id="memberId")
    assert (answer.error, answer.results) == ("UNKNOWN_MEMBER_ID", None)


def test_the_java_coordinator_rebalances_once_for_a_whole_batch() -> None:
    """GroupMetadataManager.classicGroupLeaveToClassicGroup (4.0): one rebalance after the batch,
    "explicit `LeaveGroup` request for (a, b) members."."""
    d = GroupDriver("4.0")
    d.stable_group("c1", "c2", "c3")
    d.leave_batch("admin", [LeaveMember(d.id("c2")), LeaveMember(d.id("c3"))])
    rebalances = [c for c in d.state_changes() if c.to_state == "PreparingRebalance"]
    assert rebalances[-1].reason == f"explicit `LeaveGroup` request for ({d.id('c2')}, {d.id('c3')}) members."
    assert rebalances[-1].members == 1


def test_the_scala_coordinator_rebalances_at_the_first_leaver_of_a_batch() -> None:
    """GroupCoordinator.handleLeaveGroup (3.9): each leaver goes through removeMemberAndUpdateGroup."""
    d = GroupDriver("3.9")
    d.stable_group("c1", "c2", "c3")
    d.leave_batch("admin", [LeaveMember(d.id("c2")), LeaveMember(d.id("c3"))])
    rebalance = [c for c in d.state_changes() if c.to_state == "PreparingRebalance"][-1]
    assert rebalance.members == 2 and rebalance.reason.startswith(f"Removing member {d.id('c2')}")
