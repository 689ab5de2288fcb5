"""DescribeGroups, ListGroups and DeleteGroups (GroupCoordinatorTest scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.group.states import GroupState

from . import GroupDriver


def test_describing_an_unknown_group_says_dead() -> None:
    """testDescribeGroupInactiveGroup: NONE with GroupCoordinator.DeadGroup."""
    answer = GroupDriver().describe()
    assert (answer.error, answer.state, answer.members, answer.protocol_name) == ("NONE", "Dead", (), "")


def test_describing_at_the_wrong_coordinator_is_not_coordinator() -> None:
    """testDescribeGroupWrongCoordinator."""
    d = GroupDriver(group="otherGroup")
    d.unload()
    assert d.describe().error == "NOT_COORDINATOR"


def test_a_stable_group_is_described_with_its_protocol_and_members() -> None:
    """testDescribeGroupStableForDynamicMember."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    answer = d.describe()
    assert (answer.state, answer.protocol_type, answer.protocol_name, answer.members) == (
        "Stable", "consumer", "range", (d.id("c"),))


def test_a_rebalancing_group_is_described_without_its_protocol() -> None:
    """testDescribeGroupRebalancing: protocol "" outside Stable."""
    d = GroupDriver()
    d.dynamic_join("c")
    answer = d.describe()
    assert (answer.state, answer.protocol_type, answer.protocol_name) == ("CompletingRebalance", "consumer", "")


def test_before_1_1_the_sync_phase_is_described_as_awaiting_sync() -> None:
    """KAFKA-5565 (1.1) renamed AwaitingSync to CompletingRebalance."""
    d = GroupDriver("1.0")
    d.dynamic_join("c")
    assert d.describe().state == "AwaitingSync"
    assert d.view().state is GroupState.COMPLETING_REBALANCE and d.view().state_name == "AwaitingSync"


def test_stable_and_rebalancing_groups_are_listed() -> None:
    """testListGroupsIncludesStableGroups / testListGroupsIncludesRebalancingGroups."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.join("x", group="other")
    assert d.list_groups().members == ("group", "other")


def test_a_group_with_members_cannot_be_deleted() -> None:
    """testDeleteNonEmptyGroup."""
    d = GroupDriver()
    d.dynamic_join("c")
    assert d.delete().error == "NON_EMPTY_GROUP"


def test_deleting_at_the_wrong_coordinator_is_not_coordinator() -> None:
    """testDeleteGroupWithWrongCoordinator."""
    d = GroupDriver(group="otherGroup")
    d.unload()
    assert d.delete().error == "NOT_COORDINATOR"


def test_an_empty_group_is_deleted_with_its_offsets() -> None:
    """testDeleteEmptyGroup / testDeleteEmptyGroupWithStoredOffsets: Empty -> Dead, gone."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    d.commit("c", {"t-0": 1})
    d.leave("c")
    assert d.delete().error == "NONE"
    assert d.states()[-1] == ("Empty", "Dead")
    assert d.view() is None and dict(d.fetch().offsets) == {}
    d.unload()
    d.load()
    assert d.view() is None


def test_deleting_an_unknown_group_is_group_id_not_found() -> None:
    """handleDeleteGroups: a group this coordinator owns but does not have."""
    assert GroupDriver().delete().error == "GROUP_ID_NOT_FOUND"


def test_before_1_1_there_is_no_delete_groups() -> None:
    """DeleteGroups arrived with KIP-229 (1.1)."""
    assert GroupDriver("1.0").delete().error == "UNSUPPORTED_VERSION"
