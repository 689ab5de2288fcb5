"""Coordinator load / unload of ``__consumer_offsets`` partitions, the persisted group records
they bring back, failed appends, and the FindCoordinator mapping (GroupCoordinator.onElection /
onResignation / onGroupLoaded / onGroupUnloaded, GroupMetadataManager.storeGroup)."""

from __future__ import annotations

from kafka_forensics.engine.effects import CoordinatorChanged, RemovalReason
from kafka_forensics.engine.group.placement import java_string_hash
from kafka_forensics.engine.group.states import GroupState

from . import DELAY, REBALANCE, SESSION, GroupDriver


def test_the_coordinator_partition_is_java_s_string_hash_modulo_the_partition_count() -> None:
    """GroupMetadataManager.partitionFor: Utils.abs(groupId.hashCode) % offsets.topic.num.partitions."""
    assert java_string_hash("hello") == 99162322
    assert java_string_hash("polygenelubricants") == -2147483648  # Integer.MIN_VALUE: abs() gives 0
    d = GroupDriver()
    assert d.partition("hello") == 99162322 % 50
    assert d.partition("polygenelubricants") == 0
    assert GroupDriver(config={"offsets.topic.num.partitions": 7}).partition("hello") == 99162322 % 7


def test_state_changes_name_the_group_s_partition() -> None:
    """"Preparing to rebalance group g ... (__consumer_offsets-P)": StateChanged.partition."""
    d = GroupDriver()
    d.join("c")
    assert d.state_changes()[0].partition == d.partition()


def test_requests_for_an_unloaded_partition_are_not_coordinator() -> None:
    """validateGroupStatus: a group whose partition this broker does not lead."""
    d = GroupDriver()
    d.stable_group("c")
    d.unload()
    assert d.join("c2").error == "NOT_COORDINATOR"
    assert d.sync("c", {}).error == "NOT_COORDINATOR"
    assert d.heartbeat("c").error == "NOT_COORDINATOR"
    assert d.commit("c").error == "NOT_COORDINATOR"
    assert d.fetch().error == "NOT_COORDINATOR"
    assert d.describe().error == "NOT_COORDINATOR"
    assert d.delete().error == "NOT_COORDINATOR"


def test_unloading_kills_the_partition_s_groups_only() -> None:
    """onGroupUnloaded: Dead, removed from the cache, members reported gone; other partitions'
    groups are untouched."""
    d = GroupDriver()
    d.stable_group("c")
    d.join("x", group="hello")
    effects = d.unload()
    assert d.view() is None and d.view("hello") is not None
    assert d.states()[-1] == ("Stable", "Dead")
    changed = [e for e in effects if isinstance(e, CoordinatorChanged)]
    assert [(c.partition, c.loaded, c.groups) for c in changed] == [(d.partition(), False, ("group",))]
    assert d.removals()[-1].reason is RemovalReason.COORDINATOR_UNLOADED


def test_unloading_answers_parked_joins_not_coordinator() -> None:
    """onGroupUnloaded, PreparingRebalance: every parked JoinGroup gets NOT_COORDINATOR."""
    d = GroupDriver()
    d.join("c1")
    d.join("c2")
    d.unload()
    for c in ("c1", "c2"):
        answer = d.last(c, "join")
        assert (answer.error, answer.member_id) == ("NOT_COORDINATOR", d.id(c))


def test_unloading_answers_parked_syncs_not_coordinator() -> None:
    """onGroupUnloaded, CompletingRebalance: every parked SyncGroup gets NOT_COORDINATOR."""
    d = GroupDriver()
    d.join("c1")
    d.join("c2")
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.sync("c2")
    d.unload()
    assert d.last("c2", "sync").error == "NOT_COORDINATOR"


def test_an_unloaded_group_s_timers_do_nothing_later() -> None:
    """After onGroupUnloaded the group's delayed operations find it Dead and do nothing."""
    d = GroupDriver()
    d.join("c")
    d.unload()
    mark = len(d.effects)
    d.advance(10 * SESSION)
    assert d.effects[mark:] == []


def test_loading_brings_back_the_last_persisted_stable_group() -> None:
    """onElection / loadGroup: the group record written by the leader's SyncGroup comes back
    Stable, with its generation, leader, members, assignments and offsets."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.commit("c1", {"t-0": 7})
    before = d.view()
    d.unload()
    effects = d.load()
    after = d.view()
    assert [(e.loaded, e.groups) for e in effects if isinstance(e, CoordinatorChanged)] == [(True, ("group",))]
    assert (after.state, after.generation, after.leader) == (GroupState.STABLE, 1, before.leader)
    assert [m.member_id for m in after.members] == [m.member_id for m in before.members]
    assert dict(after.offsets) == {"t-0": 7}
    assert d.sync("c2").error == "NONE"


def test_loaded_members_must_heartbeat_within_their_session() -> None:
    """onGroupLoaded: every loaded member gets a DelayedHeartbeat on its session timeout."""
    d = GroupDriver()
    d.stable_group("c1", "c2")
    d.unload()
    d.load()
    d.advance(SESSION // 2)
    d.heartbeat("c1")
    d.advance(SESSION // 2 + 1)
    assert [m.member_id for m in d.view().members] == [d.id("c1")]


def test_a_rebalance_in_flight_is_lost_on_reload() -> None:
    """Only storeGroup writes the group record: a CompletingRebalance generation that never got
    its assignment reloads as the previous, persisted generation."""
    d = GroupDriver()
    d.stable_group("c1")
    d.join("c2")
    d.join("c1")
    assert d.view().generation == 2
    d.unload()
    d.load()
    view = d.view()
    assert (view.state, view.generation, [m.member_id for m in view.members]) == (
        GroupState.STABLE, 1, [d.id("c1")])


def test_an_empty_group_reloads_empty_with_its_offsets() -> None:
    """The empty-group record of onCompleteJoin, and the offsets, come back as an Empty group."""
    d = GroupDriver()
    d.dynamic_join("c")
    d.sync("c", {"c": ()})
    d.commit("c", {"t-0": 3})
    d.leave("c")
    d.unload()
    d.load()
    view = d.view()
    assert (view.state, view.generation, dict(view.offsets)) == (GroupState.EMPTY, 2, {"t-0": 3})


def test_a_failed_empty_group_append_leaves_the_old_record() -> None:
    """onCompleteJoin's storeGroup failure is only logged: the log keeps the previous generation."""
    d = GroupDriver()
    d.stable_group("c")
    d.fail_next_append("NOT_LEADER_OR_FOLLOWER")
    d.leave("c")
    assert d.view().state is GroupState.EMPTY
    d.unload()
    d.load()
    assert (d.view().state, d.view().generation) == (GroupState.STABLE, 1)


def test_a_group_with_only_offsets_reloads_empty() -> None:
    """GroupMetadataManager loading: offsets without a group record make an Empty group."""
    d = GroupDriver()
    d.commit("admin", {"t-0": 1}, member_id="", generation=-1)
    d.unload()
    d.load()
    view = d.view()
    assert (view.state, dict(view.offsets)) == (GroupState.EMPTY, {"t-0": 1})


def test_a_load_with_an_older_epoch_is_ignored() -> None:
    """maybeUpdateCoordinatorEpoch: an unload or load with an older epoch than seen is ignored."""
    d = GroupDriver()
    d.stable_group("c")
    d.unload(epoch=5)
    assert d.load(epoch=4) == []
    assert d.view() is None
    d.load(epoch=6)
    assert d.view() is not None


def test_loading_a_partition_already_owned_changes_nothing() -> None:
    """addLoadingPartition: "Already loading offsets and group metadata" for an owned partition."""
    d = GroupDriver()
    d.stable_group("c")
    assert d.load() == []
    assert d.view().state is GroupState.STABLE


def test_a_reloaded_group_over_the_size_limit_rebalances() -> None:
    """onGroupLoaded: "Freshly-loaded group is over capacity (N). Rebalancing in order to give a
    chance for consumers to commit offsets" (group.max.size lowered meanwhile)."""
    d = GroupDriver()
    d.stable_group("c1", "c2", "c3")
    d.unload()
    d.cluster.config.update({"group.max.size": 2})
    d.load()
    change = d.state_changes()[-1]
    assert (change.from_state, change.to_state) == ("Stable", "PreparingRebalance")
    assert change.reason == ("Freshly-loaded group is over capacity (2). Rebalancing in order to give a "
                             "chance for consumers to commit offsets")


def test_the_3_0_over_capacity_reason_prints_the_whole_config() -> None:
    """Up to 3.0 the reason interpolated "$groupConfig.groupMaxSize" (the case class, then the
    literal ".groupMaxSize") and misspelt "Rebalacing"."""
    d = GroupDriver("3.0")
    d.stable_group("c1", "c2", "c3")
    d.unload()
    d.cluster.config.update({"group.max.size": 2})
    d.load()
    assert d.state_changes()[-1].reason == (
        "Freshly-loaded group is over capacity (GroupConfig(10,600000,2,50).groupMaxSize). Rebalacing in "
        "order to give a chance for consumers to commit offsets")
