"""OffsetCommit (plain and transactional) and OffsetFetch: the answer in each state
(GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, GroupDriver


def test_a_member_commit_to_an_unknown_group_is_an_illegal_generation() -> None:
    """testCommitOffsetFromUnknownGroup."""
    d = GroupDriver()
    assert d.commit("c", member_id="memberId", generation=1).error == "ILLEGAL_GENERATION"
    assert d.view() is None


def test_a_commit_without_generation_creates_an_empty_group_holding_the_offsets() -> None:
    """testCommitOffsetWithDefaultGeneration / testFetchOffsets."""
    d = GroupDriver()
    assert d.commit("admin", {"topic-0": 97}, member_id="", generation=-1).error == "NONE"
    view = d.view()
    assert view.state is GroupState.EMPTY and dict(view.offsets) == {"topic-0": 97}
    fetched = d.fetch()
    assert (fetched.error, dict(fetched.offsets)) == ("NONE", {"topic-0": 97})


def test_offsets_can_be_reset_once_the_group_is_empty() -> None:
    """testCommitOffsetsAfterGroupIsEmpty: the reset tool's commit after the last member left."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.leave("c")
    assert d.commit("admin", {"topic-0": 0}, member_id="", generation=-1).error == "NONE"
    assert dict(d.fetch().offsets) == {"topic-0": 0}


def test_the_empty_group_id_may_commit_fetch_describe_and_delete() -> None:
    """testCommitAndFetchOffsetsWithEmptyGroup: "" is allowed for offsets, describe and delete."""
    d = GroupDriver(group="")
    assert d.commit("admin", {"topic-0": 0}, member_id="", generation=-1).error == "NONE"
    assert dict(d.fetch().offsets) == {"topic-0": 0}
    assert d.describe().state == "Empty"
    assert d.delete().error == "NONE"
    assert dict(d.fetch().offsets) == {}


def test_a_fetch_for_an_unknown_group_has_no_offsets() -> None:
    """handleFetchOffsets answers blindly: an unknown group has nothing committed."""
    d = GroupDriver()
    fetched = d.fetch()
    assert (fetched.error, dict(fetched.offsets)) == ("NONE", {})


def test_a_commit_while_completing_the_rebalance_is_told_a_rebalance_runs() -> None:
    """testCommitOffsetInCompletingRebalance."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.commit("c").error == "REBALANCE_IN_PROGRESS"


def test_an_unknown_member_committing_while_completing_is_unknown() -> None:
    """testCommitOffsetInCompletingRebalanceFromUnknownMemberId (KAFKA-8487, 2.4)."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.commit("x", member_id="", generation=1).error == "UNKNOWN_MEMBER_ID"


def test_before_2_4_completing_rebalance_was_answered_before_the_member_check() -> None:
    """Before KAFKA-8487 (2.4) an unknown member got REBALANCE_IN_PROGRESS in CompletingRebalance."""
    d = GroupDriver("2.3")
    d.dynamic_join("c")
    assert d.commit("x", member_id="", generation=1).error == "REBALANCE_IN_PROGRESS"


def test_a_commit_with_another_generation_while_completing_is_illegal() -> None:
    """testCommitOffsetInCompletingRebalanceFromIllegalGeneration."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.commit("c", generation=2).error == "ILLEGAL_GENERATION"


def test_a_manual_commit_to_an_empty_group_is_not_validated() -> None:
    """testManualCommitOffsetShouldNotValidateMemberIdAndInstanceId."""
    d = GroupDriver()
    assert d.commit("a", member_id="", generation=-1, instance_id="instance-id").error == "NONE"
    assert d.commit("a", member_id="unknown", generation=-1).error == "NONE"


def test_a_non_member_commit_to_a_group_with_members_is_unknown() -> None:
    """validateOffsetCommit: without member id and generation only an Empty group accepts it."""
    d = GroupDriver()
    d.stable_group("c")
    assert d.commit("admin", member_id="", generation=-1).error == "UNKNOWN_MEMBER_ID"


def test_commits_keep_the_session() -> None:
    """testCommitMaintainsSession."""
    d = GroupDriver()
    d.dynamic_join("c", session=1000, rebalance=1000)
    d.sync("c", {"c": ()})
    d.advance(500)
    assert d.commit("c", {"topic-0": 0}).error == "NONE"
    d.advance(600)
    assert d.heartbeat("c").error == "NONE"


def test_the_previous_generation_may_commit_while_the_join_phase_runs() -> None:
    """doCommitOffsets, PreparingRebalance: the generation has not been bumped yet."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.join("c1")
    assert d.view().state is GroupState.PREPARING_REBALANCE
    assert d.commit("c2", {"topic-0": 5}, generation=1).error == "NONE"
    assert dict(d.view().offsets) == {"topic-0": 5}


def _static_pair(d: GroupDriver) -> None:
    d.join("leader", instance_id="leader-instance")
    d.join("follower", instance_id="follower-instance")
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.sync("leader", {"leader": ()})
    d.sync("follower")


def test_a_transactional_commit_with_a_fenced_instance_is_refused() -> None:
    """testTxnCommitOffsetWithFencedInstanceId (KIP-447)."""
    d = GroupDriver()
    _static_pair(d)
    for member_id in ("", "invalid-member"):
        answer = d.commit("p", member_id=member_id, generation=-1, instance_id="leader-instance",
                          transactional=True)
        assert answer.error == "FENCED_INSTANCE_ID"
    assert d.commit("leader", instance_id="leader-instance", transactional=True).error == "NONE"


def test_a_transactional_commit_from_an_invalid_member_is_unknown() -> None:
    """testTxnCommitOffsetWithInvalidMemberId."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.commit("p", member_id="invalid-member", generation=-1, transactional=True).error \
        == "UNKNOWN_MEMBER_ID"


def test_a_transactional_commit_is_accepted_while_completing_the_rebalance() -> None:
    """testTxnCommitOffsetWithKnownMemberId: unlike a plain commit, not refused in
    CompletingRebalance."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.view().state is GroupState.COMPLETING_REBALANCE
    assert d.commit("c", transactional=True).error == "NONE"


def test_a_transactional_commit_with_another_generation_is_illegal() -> None:
    """testTxnCommitOffsetWithIllegalGeneration / testTxnCommitOffsetWithLegalGeneration."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.commit("c", generation=6, transactional=True).error == "ILLEGAL_GENERATION"
    assert d.commit("c", generation=1, transactional=True).error == "NONE"


def test_before_2_5_transactional_commits_are_not_validated() -> None:
    """TxnOffsetCommit carried no member id or generation before KIP-447 (2.5)."""
    d = GroupDriver("2.4")
    d.dynamic_join("c")
    assert d.commit("p", member_id="invalid-member", generation=6, transactional=True).error == "NONE"


def test_before_0_11_there_are_no_transactional_commits() -> None:
    """TxnOffsetCommit arrived with KIP-98 (0.11)."""
    d = GroupDriver("0.10.2")
    assert d.commit("p", member_id="", generation=-1, transactional=True).error == "UNSUPPORTED_VERSION"


def test_a_0_10_0_commit_without_a_group_stores_offsets_but_creates_no_group() -> None:
    """0.10.0 handleCommitOffsets: generation < 0 and no group -> stored without a group (no
    Empty state to create it in)."""
    d = GroupDriver("0.10.0")
    assert d.commit("admin", {"topic-0": 3}, member_id="", generation=-1).error == "NONE"
    assert d.view() is None
    assert dict(d.fetch().offsets) == {"topic-0": 3}
