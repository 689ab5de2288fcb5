"""The coordinator's delayed operations: InitialDelayedJoin, DelayedJoin, the new-member join
timeout, DelayedSync, DelayedHeartbeat, and the timer modes that replay Kafka's own test
timelines (GroupCoordinatorTest scenarios and the seeds' 0.10.0 scenarios, restated)."""

from __future__ import annotations

from kafka_forensics.engine.effects import RemovalReason
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.timers import TimerMode

from . import DELAY, REBALANCE, SESSION, GroupDriver

NEW_MEMBER_TIMEOUT = 5 * 60 * 1000


def test_the_first_rebalance_waits_for_the_initial_delay() -> None:
    """shouldDelayInitialRebalanceByGroupInitialRebalanceDelayOnEmptyGroup (KIP-134)."""
    d = GroupDriver()
    assert d.join("c") is None
    d.advance(DELAY // 2)
    assert d.last("c", "join") is None
    d.advance(DELAY // 2 + 1)
    assert d.last("c", "join").error == "NONE"


def test_the_initial_delay_does_not_end_early_when_everyone_has_joined() -> None:
    """InitialDelayedJoin.tryComplete is false: the lone member waits out the delay."""
    d = GroupDriver()
    d.join("c")
    d.advance(DELAY - 1)
    assert d.view().state is GroupState.PREPARING_REBALANCE


def test_a_member_added_during_the_initial_delay_extends_it() -> None:
    """shouldResetRebalanceDelayWhenNewMemberJoinsGroupInInitialRebalance."""
    d = GroupDriver()
    d.join("c1", rebalance=3 * DELAY)
    d.advance(DELAY - 1)
    d.join("c2", rebalance=3 * DELAY)
    d.advance(2)
    d.advance(DELAY // 2 + 1)
    assert d.last("c1", "join") is None and d.last("c2", "join") is None
    d.advance(DELAY // 2)
    assert d.last("c1", "join").error == d.last("c2", "join").error == "NONE"


def test_the_initial_delay_never_outlasts_the_rebalance_timeout() -> None:
    """shouldDelayRebalanceUptoRebalanceTimeout: extensions stop when the time left is used up."""
    d = GroupDriver()
    d.join("c1", rebalance=2 * DELAY)
    d.join("c2", rebalance=2 * DELAY)
    d.advance(DELAY + 1)
    d.join("c3", rebalance=2 * DELAY)
    d.advance(DELAY)
    assert all(d.last(c, "join") is None for c in ("c1", "c2", "c3"))
    d.advance(1)
    assert all(d.last(c, "join").error == "NONE" for c in ("c1", "c2", "c3"))


def test_mock_strict_fires_a_rearmed_initial_delay_only_on_a_later_advance() -> None:
    """Scala MockTimer (0.1 of the rules): one long advance fires one generation of timers, so
    GroupCoordinatorTest advances twice; the re-armed InitialDelayedJoin runs from the clock
    after the first advance (the join completes at 552, not at 101)."""
    d = GroupDriver()
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    assert d.last("c1", "join").at == 552


def test_realtime_fires_the_rearmed_initial_delay_at_its_own_deadline() -> None:
    """The realtime mode: a timer armed while firing fires in the same advance, at its deadline."""
    d = GroupDriver(timer=TimerMode.REALTIME)
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + REBALANCE + 2)
    assert d.last("c1", "join").at == 2 * DELAY


def test_mock_strict_does_not_fire_a_deadline_equal_to_the_clock() -> None:
    """Scala MockTimer: only deadlines strictly before the clock fire; the Java mock timer
    (mock-inclusive) fires them."""
    strict, inclusive = GroupDriver(), GroupDriver(timer=TimerMode.MOCK_INCLUSIVE)
    for d in (strict, inclusive):
        d.join("c")
        d.advance(DELAY)
    assert strict.last("c", "join") is None
    assert inclusive.last("c", "join").error == "NONE"


def test_the_join_phase_waits_for_the_largest_rebalance_timeout() -> None:
    """DelayedJoin(group.rebalanceTimeoutMs): the largest member rebalance timeout (KIP-62)."""
    d = GroupDriver()
    d.stable_group("c1", "c2", session=5000)
    d.join("c1", rebalance=1000, session=5000)
    d.advance(REBALANCE + 1)
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(500)
    assert d.view().state is GroupState.COMPLETING_REBALANCE
    assert [m.member_id for m in d.view().members] == [d.id("c1")]
    assert d.removals()[-1].reason is RemovalReason.REBALANCE_TIMEOUT


def test_before_0_10_1_the_join_phase_waits_for_the_largest_session_timeout() -> None:
    """Before KIP-62 (0.10.1) GroupMetadata.rebalanceTimeout was the largest session timeout;
    from 0.10.1 the largest rebalance timeout ends the same join phase much earlier."""
    states = {}
    for version in ("0.10.0", "0.10.1"):
        d = GroupDriver(version)
        d.join("c1", session=3000, rebalance=REBALANCE)
        d.sync("c1", {"c1": ()})
        d.join("c2", session=1000, rebalance=REBALANCE)
        d.advance(2000)
        states[version] = d.view().state
    assert states == {"0.10.0": GroupState.PREPARING_REBALANCE, "0.10.1": GroupState.COMPLETING_REBALANCE}


def test_a_new_member_s_parked_join_times_out_after_five_minutes() -> None:
    """testNewMemberJoinExpiration (KAFKA-7610): UNKNOWN_MEMBER_ID with member id ""."""
    session, rebalance = NEW_MEMBER_TIMEOUT + 5000, 2 * NEW_MEMBER_TIMEOUT
    d = GroupDriver()
    d.dynamic_join("c1", session=session, rebalance=rebalance)
    d.sync("c1", {"c1": ()})
    assert d.join("c2", session=session, rebalance=rebalance) is None
    assert d.view().member(d.id("c2")) is not None
    d.advance(NEW_MEMBER_TIMEOUT + 1)
    answer = d.last("c2", "join")
    assert (answer.error, answer.member_id) == ("UNKNOWN_MEMBER_ID", "")
    assert [m.member_id for m in d.view().members] == [d.id("c1")]
    assert d.removals()[-1].reason is RemovalReason.JOIN_TIMEOUT


def test_after_its_join_a_new_member_is_on_its_session_timeout() -> None:
    """testNewMemberTimeoutCompletion: the 5-minute timeout ends with the join phase."""
    session = NEW_MEMBER_TIMEOUT + 5000
    d = GroupDriver()
    d.join("c", session=session)
    d.advance(DELAY + 1)
    d.sync("c", {"c": ()})
    d.advance(NEW_MEMBER_TIMEOUT + 100)
    assert len(d.view().members) == 1
    d.advance(session + 100)
    assert d.view().members == ()


def test_before_2_2_a_new_member_has_no_join_timeout() -> None:
    """NEW_MEMBER_JOIN_TIMEOUT (KAFKA-7610, 2.2; 2.1.1 backport): a 2.1 member waits as long as the
    join phase does."""
    d = GroupDriver("2.1")
    d.join("c1", session=NEW_MEMBER_TIMEOUT + 5000, rebalance=2 * NEW_MEMBER_TIMEOUT)
    d.advance(DELAY + 1)
    d.sync("c1", {"c1": ()})
    d.join("c2", session=NEW_MEMBER_TIMEOUT + 5000, rebalance=2 * NEW_MEMBER_TIMEOUT)
    d.heartbeat("c1")
    d.advance(NEW_MEMBER_TIMEOUT + 1)
    assert d.last("c2", "join") is None and len(d.view().members) == 2


def test_new_members_follow_the_session_timeout_once_joined() -> None:
    """testNewMemberFailureAfterJoinGroupCompletion: both members expire after their session."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.join("c1")
    assert d.last("c2", "join").error == "NONE"
    d.advance(SESSION + 1)
    assert d.view().state is GroupState.EMPTY and d.view().members == ()


def test_a_pending_member_that_never_returns_expires_after_its_session() -> None:
    """testSecondMemberPartiallyJoinAndTimeout: the group stays Stable throughout."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.advance(100)
    assert d.join("c2", require_known=True).error == "MEMBER_ID_REQUIRED"
    assert len(d.view().pending) == 1
    d.advance(300)
    assert d.heartbeat("c1").error == "NONE"
    d.advance(300)
    view = d.view()
    assert (view.pending, view.state, [m.member_id for m in view.members]) == ((), GroupState.STABLE, [d.id("c1")])
    assert d.removals()[-1].reason is RemovalReason.PENDING_EXPIRED


def test_a_pending_member_s_expiry_completes_the_join_phase() -> None:
    """testJoinGroupCompletionWhenPendingMemberTimesOut."""
    d = GroupDriver()
    d.dynamic_join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c2")
    d.join("c1")
    d.sync("c1", {"c1": ()})
    d.join("c1")
    d.join("c3", require_known=True, session=100)
    d.join("c2")
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(120)
    view = d.view()
    assert (view.state, len(view.members), view.pending) == (GroupState.COMPLETING_REBALANCE, 2, ())


def test_members_that_never_sync_are_removed_after_the_rebalance_timeout() -> None:
    """testRebalanceTimesOutWhenSyncRequestIsNotReceived (KAFKA-12890, 3.0): heartbeats do not
    help, every member is removed."""
    d = GroupDriver()
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.advance(REBALANCE // 2)
    assert all(d.heartbeat(c).error == "NONE" for c in ("c1", "c2", "c3"))
    d.advance(REBALANCE // 2 + 1)
    assert all(d.heartbeat(c, generation=1).error == "UNKNOWN_MEMBER_ID" for c in ("c1", "c2", "c3"))
    assert {r.reason for r in d.removals()} == {RemovalReason.SYNC_TIMEOUT}


def test_followers_that_never_sync_are_removed_and_the_group_rebalances() -> None:
    """testRebalanceTimesOutWhenSyncRequestIsNotReceivedFromFollowers."""
    d = GroupDriver()
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.advance(REBALANCE // 2)
    assert all(d.heartbeat(c).error == "NONE" for c in ("c1", "c2", "c3"))
    d.sync("c1", {c: () for c in ("c1", "c2", "c3")}, protocol_type="consumer", protocol_name="range")
    assert d.heartbeat("c1").error == "NONE"
    d.advance(REBALANCE // 2 + 1)
    assert d.heartbeat("c1").error == "REBALANCE_IN_PROGRESS"
    assert d.heartbeat("c2").error == d.heartbeat("c3").error == "UNKNOWN_MEMBER_ID"
    expected = f"Removing Set({d.id('c2')}, {d.id('c3')}) on pending sync request expiration"
    assert d.state_changes()[-1].reason == expected


def test_a_leader_that_never_syncs_is_removed_and_the_parked_followers_rejoin() -> None:
    """testRebalanceTimesOutWhenSyncRequestIsNotReceivedFromLeaders."""
    d = GroupDriver()
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.advance(REBALANCE // 2)
    for c in ("c2", "c3"):
        assert d.sync(c) is None
    d.advance(REBALANCE // 2 + 1)
    assert d.last("c2", "sync").error == d.last("c3", "sync").error == "REBALANCE_IN_PROGRESS"
    assert d.heartbeat("c1").error == "UNKNOWN_MEMBER_ID"
    assert d.heartbeat("c2").error == "REBALANCE_IN_PROGRESS"


def test_nobody_is_removed_when_every_member_synced() -> None:
    """testRebalanceDoesNotTimeOutWhenAllSyncAreReceived."""
    d = GroupDriver()
    for c in ("c1", "c2", "c3"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    d.advance(REBALANCE // 2)
    d.sync("c1", {c: () for c in ("c1", "c2", "c3")})
    d.sync("c2")
    d.sync("c3")
    d.advance(REBALANCE // 2 + 1)
    assert all(d.heartbeat(c).error == "NONE" for c in ("c1", "c2", "c3"))
    d.advance(REBALANCE // 2)
    assert all(d.heartbeat(c).error == "NONE" for c in ("c1", "c2", "c3"))


def test_before_3_0_a_member_that_never_syncs_stays_while_it_heartbeats() -> None:
    """SYNC_TIMEOUT (KAFKA-12890, 3.0): a 2.7 group waits for the SyncGroup indefinitely."""
    d = GroupDriver("2.7")
    for c in ("c1", "c2"):
        d.join(c)
    d.advance(DELAY + 1)
    d.advance(REBALANCE + 1)
    for _ in range(4):
        d.advance(REBALANCE // 2)
        assert d.heartbeat("c1").error == d.heartbeat("c2").error == "NONE"
    assert d.view().state is GroupState.COMPLETING_REBALANCE and len(d.view().members) == 2


def test_a_static_member_heartbeating_through_a_rebalance_it_missed() -> None:
    """testRebalanceCompletesBeforeMemberJoins: the static leader that does not rejoin stays until
    its session ends, then the newcomer's group rebalances and stays stable."""
    d = GroupDriver()
    d.join("leader", instance_id="leader-instance", rebalance=1200, session=1000)
    d.advance(DELAY + 1)
    d.sync("leader", {"leader": ()})
    d.join("other")
    for _ in range(2):
        d.advance(SESSION)
        assert d.heartbeat("leader", generation=1).error == "REBALANCE_IN_PROGRESS"
    d.advance(SESSION)
    assert d.last("other", "join").generation == 2
    d.sync("other", {"other": ()})
    assert d.heartbeat("leader", generation=1).error == "ILLEGAL_GENERATION"
    results = []
    for _ in range(3):
        d.advance(SESSION)
        results.append(d.heartbeat("other").error)
    assert results == ["NONE", "NONE", "REBALANCE_IN_PROGRESS"]
    assert d.join("other").error == "NONE"
    d.sync("other", {"other": ()})
    for _ in range(20):
        d.advance(500)
        assert d.heartbeat("other").error == "NONE"


# -- the seeds' 0.10.0 scenarios (DESIGN.md "The seeds' own scenarios") ----------------------

def _seed(version: str) -> GroupDriver:
    return GroupDriver(version, TimerMode.REALTIME, {"group.initial.rebalance.delay.ms": 3000})


def _rejoin_on_rebalance(d: GroupDriver, *clients: str) -> None:
    """What each Java consumer does at its heartbeat: on REBALANCE_IN_PROGRESS it rejoins."""
    for c in clients:
        if d.heartbeat(c).error == "REBALANCE_IN_PROGRESS":
            d.join(c, session=10000, rebalance=10000)


def _sync_all(d: GroupDriver, leader: str, *followers: str) -> None:
    d.sync(leader, {c: () for c in (leader, *followers)})
    for c in followers:
        d.sync(c)


def test_seed_one_three_consumers_at_once_make_one_rebalance() -> None:
    """Seed scenario 1 (0.10.0): consumer-3's join is handled first and completes alone; its
    SyncGroup meets PreparingRebalance, it rejoins, and the three share one generation."""
    d = _seed("0.10.0")
    d.join("c3", session=10000)
    d.join("c1", session=10000)
    d.join("c2", session=10000)
    assert d.sync("c3", {"c3": ()}).error == "REBALANCE_IN_PROGRESS"
    d.join("c3", session=10000)
    _sync_all(d, "c3", "c1", "c2")
    assert d.states() == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                          ("AwaitingSync", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                          ("AwaitingSync", "Stable")]


def test_seed_two_staggered_consumers_make_two_rebalances() -> None:
    """Seed scenario 2 (0.10.0): c1 at 0 s, c2 at 1 s, c3 at 2 s; c1 learns of the rebalance at
    its 3 s heartbeat, by when c3 has joined too."""
    d = _seed("0.10.0")
    d.join("c1", session=10000)
    _sync_all(d, "c1")
    d.advance(1000)
    d.join("c2", session=10000)
    d.advance(1000)
    d.join("c3", session=10000)
    d.advance(1000)
    _rejoin_on_rebalance(d, "c1")
    _sync_all(d, "c1", "c2", "c3")
    assert d.states() == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                          ("AwaitingSync", "Stable")] * 1 + [
        ("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"), ("AwaitingSync", "Stable")]
    assert d.view().generation == 2


def test_seed_three_consumers_three_seconds_apart_make_three_rebalances() -> None:
    """Seed scenario 3 (0.10.0): c1 at 0 s, c2 at 1 s, c3 at 3 s (after c1's 3 s heartbeat)."""
    d = _seed("0.10.0")
    d.join("c1", session=10000)
    _sync_all(d, "c1")
    d.advance(1000)
    d.join("c2", session=10000)
    d.advance(2000)
    _rejoin_on_rebalance(d, "c1")
    _sync_all(d, "c1", "c2")
    d.join("c3", session=10000)
    d.advance(3000)
    _rejoin_on_rebalance(d, "c1", "c2")
    _sync_all(d, "c1", "c2", "c3")
    assert d.states() == [("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"),
                          ("AwaitingSync", "Stable")] + [
        ("Stable", "PreparingRebalance"), ("PreparingRebalance", "AwaitingSync"), ("AwaitingSync", "Stable")] * 2
    assert d.view().generation == 3


def test_seed_scenarios_collapse_into_one_rebalance_with_the_initial_delay() -> None:
    """Seeds: under a 2.x profile (KIP-134's 3 s delay) scenarios 2 and 3 are one rebalance."""
    for last_join in (2000, 3000):
        d = _seed("2.8")
        d.join("c1", session=10000, rebalance=300000)
        d.advance(1000)
        d.join("c2", session=10000, rebalance=300000)
        d.advance(last_join - 1000)
        d.join("c3", session=10000, rebalance=300000)
        d.advance(10000)
        assert [d.last(c, "join").generation for c in ("c1", "c2", "c3")] == [1, 1, 1]
        assert d.states() == [("Empty", "PreparingRebalance"), ("PreparingRebalance", "CompletingRebalance")]


def test_the_java_coordinator_completes_an_initial_rebalance_when_a_pending_id_expires() -> None:
    """GroupMetadataManager.removePendingMemberAndUpdateClassicGroup (4.0): a removal in
    PreparingRebalance completes the join phase when everyone left has joined, even during the
    initial delay; the Scala InitialDelayedJoin never completes early."""
    java, scala = GroupDriver("4.0"), GroupDriver("3.9")
    for d in (java, scala):
        d.join("c1", rebalance=10000)
        d.join("c2", require_known=True, session=20)
        d.advance(21)
    assert java.view().state is GroupState.COMPLETING_REBALANCE
    assert scala.view().state is GroupState.PREPARING_REBALANCE


def test_the_java_coordinator_does_not_complete_an_initial_rebalance_on_a_leave() -> None:
    """classicGroupLeaveToClassicGroup ends with maybeCompleteJoinPhase, which never completes
    an initial rebalance (previous state Empty)."""
    d = GroupDriver("4.0")
    d.join("c1")
    d.join("c2")
    d.leave("c2")
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(DELAY + 1)  # c2 was added during the delay: one more delay period
    assert d.view().state is GroupState.PREPARING_REBALANCE
    d.advance(DELAY + 1)
    assert d.view().state is GroupState.COMPLETING_REBALANCE


def test_the_java_coordinator_replays_its_own_test_timeline() -> None:
    """GroupMetadataManagerTest.testRebalanceCompletesBeforeMemberJoins under the Java mock timer
    (mock-inclusive) and the 4.0 profile: the join phase and the static leader's heartbeat fall
    due in one sleep; the join completes first and re-arms the leader's session."""
    d = GroupDriver("4.0", TimerMode.MOCK_INCLUSIVE, {"group.initial.rebalance.delay.ms": 3000})
    d.join("leader", instance_id="leader-instance-id", rebalance=10000, session=5000)
    d.advance(3000)
    assert d.last("leader", "join").generation == 1
    assert d.sync("leader", {}).error == "NONE"
    assert d.join("other", rebalance=10000, session=2500) is None
    for _ in range(2):
        d.advance(2500)
        assert d.heartbeat("leader", generation=1).error == "REBALANCE_IN_PROGRESS"
    d.advance(8000)
    other = d.last("other", "join")
    assert (other.error, other.generation, len(d.view().members)) == ("NONE", 2, 2)
    assert d.sync("other", {}).error == "NONE"
    assert d.heartbeat("leader", generation=1).error == "ILLEGAL_GENERATION"
    results = []
    for _ in range(3):
        d.advance(2000)
        results.append(d.heartbeat("other").error)
    assert results == ["NONE", "NONE", "REBALANCE_IN_PROGRESS"]
    assert (len(d.view().members), d.view().state) == (1, GroupState.PREPARING_REBALANCE)
    rejoin = d.join("other", rebalance=10000, session=2500)
    assert (rejoin.error, rejoin.generation) == ("NONE", 3)
    assert d.sync("other", {}).error == "NONE"
    for _ in range(20):
        d.advance(2000)
        assert d.heartbeat("other").error == "NONE"


def test_before_0_11_the_first_rebalance_is_not_delayed() -> None:
    """INITIAL_REBALANCE_DELAY (KIP-134, 0.11): a 0.10.2 group's first join completes at once."""
    old, new = GroupDriver("0.10.2"), GroupDriver("0.11")
    assert old.join("c").generation == 1
    assert new.join("c") is None
