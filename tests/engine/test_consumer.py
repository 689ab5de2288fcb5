"""The simulated Java consumer: its member states, heartbeat timing, poll timeout, error-code
reactions per request and per version, and whole groups of consumers against the real
coordinator in a :class:`Cluster`.

Facts restated from Kafka's ``AbstractCoordinator`` / ``ConsumerCoordinator`` /
``Heartbeat`` / ``KafkaConsumer`` (0.10.0 .. 3.9); each test names the behaviour and the
Kafka scenario that motivates it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.cluster import Cluster
from kafka_forensics.engine.effects import ClientEvent, Effect, MemberRemoved, Response, StateChanged
from kafka_forensics.engine.group.client_states import (
    VALID_PREVIOUS_REBALANCING,
    VALID_PREVIOUS_SPLIT,
    MemberState,
    valid_previous,
)
from kafka_forensics.engine.group.consumer import PollSchedule, SimulatedConsumer
from kafka_forensics.engine.group.consumer_protocol import decode_subscription, read_version
from kafka_forensics.engine.group.heartbeat import Backoff, Heartbeat
from kafka_forensics.engine.group.requests import (
    CoordinatorLoad,
    CoordinatorUnload,
    GroupRequest,
    JoinGroup,
    OffsetCommit,
    SyncGroup,
)
from kafka_forensics.engine.group.requests import Heartbeat as HeartbeatRequest
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import Switch, profile
from kafka_forensics.engine.timers import TimerQueue

# == a scripted stand-in for the coordinator ==================================================


@dataclass
class Wire:
    """One consumer wired to lists instead of a coordinator: the test reads what it sent
    and answers by hand."""

    version: str = "3.9"
    config: Mapping[str, object] = field(default_factory=dict)
    topics: Mapping[str, int] = field(default_factory=lambda: {"t": 4})
    polls: PollSchedule = field(default_factory=PollSchedule.continuous)
    sent: list[GroupRequest] = field(default_factory=list)
    events: list[Effect] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.timers = TimerQueue()
        self.consumer = SimulatedConsumer("c1", "g", dict(self.config), dict(self.topics), self.polls,
                                          profile(self.version), self.timers, self.sent.append,
                                          self.events.append)

    @property
    def now(self) -> int:
        return self.timers.now

    def answer(self, request: str, error: str = "NONE", **fields: Any) -> None:
        self.consumer.on_response(Response(self.now, "c1", request, error, "g", **fields))

    def requests(self, kind: type) -> list[Any]:
        return [r for r in self.sent if isinstance(r, kind)]

    def last(self, kind: type) -> Any:
        found = self.requests(kind)
        assert found, f"no {kind.__name__} was sent"
        return found[-1]

    def client_events(self, what: str) -> list[ClientEvent]:
        return [e for e in self.events if isinstance(e, ClientEvent) and e.what == what]

    def state(self) -> str:
        return self.consumer.view().state

    def join_as_follower(self, member_id: str = "m1", generation: int = 1,
                         assignment: tuple[str, ...] = ("t-0", "t-1")) -> None:
        """start() (if needed), answer the JoinGroup as a follower and the SyncGroup."""
        if self.consumer.view().phase == "not_started":
            self.consumer.start()
        self.answer("join", generation=generation, member_id=member_id, leader="leader", members=(),
                    protocol_type="consumer", protocol_name="range")
        self.answer("sync", protocol_type="consumer", protocol_name="range", assignment=assignment)
        assert self.state() == "STABLE"


# == what the consumer sends ==================================================================


def test_first_poll_finds_the_coordinator_and_sends_a_join_group_with_an_empty_member_id():
    w = Wire()
    w.consumer.start()
    join = w.last(JoinGroup)
    assert join.member_id == ""
    assert w.client_events("coordinator_found")[0].at == 0
    assert w.state() == "PREPARING_REBALANCE"


def test_join_group_metadata_is_the_real_consumer_protocol_subscription():
    """ConsumerCoordinator.metadata(): one protocol per assignor, each the serialized
    Subscription of the consumer's topics."""
    w = Wire(config={"partition.assignment.strategy": "range,cooperative-sticky"}, topics={"b": 2, "a": 3})
    w.consumer.start()
    join = w.last(JoinGroup)
    assert [p.name for p in join.protocols] == ["range", "cooperative-sticky"]
    sub = decode_subscription(join.protocols[0].metadata)
    assert sub.topics == ("a", "b")  # serializeSubscription sorts the topics
    assert sub.user_data is None
    coop = decode_subscription(join.protocols[1].metadata)
    assert coop.user_data == (-1).to_bytes(4, "big", signed=True)  # CooperativeStickyAssignor: generation


@pytest.mark.parametrize(("version", "wire_version"), [("2.3", 0), ("2.4", 1), ("3.2", 1), ("3.4", 3)])
def test_subscription_version_follows_the_client_version(version, wire_version):
    w = Wire(version)
    w.consumer.start()
    assert read_version(w.last(JoinGroup).protocols[0].metadata) == wire_version


@pytest.mark.parametrize(("version", "required"), [("2.0", False), ("2.2", True), ("3.9", True)])
def test_join_group_asks_for_a_known_member_id_from_kip_394(version, required):
    w = Wire(version)
    w.consumer.start()
    assert w.last(JoinGroup).require_known_member_id is required


@pytest.mark.parametrize(("version", "expected"), [("0.10.0", 30000), ("0.10.1", 300000), ("3.9", 300000)])
def test_rebalance_timeout_is_max_poll_interval_from_kip_62_else_the_session_timeout(version, expected):
    w = Wire(version)
    w.consumer.start()
    assert w.last(JoinGroup).rebalance_timeout_ms == expected


def test_session_timeout_and_strategy_default_from_the_profile():
    w = Wire("3.0")
    w.consumer.start()
    join = w.last(JoinGroup)
    assert join.session_timeout_ms == 45000  # KIP-735
    assert [p.name for p in join.protocols] == ["range", "cooperative-sticky"]


def test_heartbeat_interval_not_below_the_session_timeout_is_refused():
    with pytest.raises(ValueError, match="lower than"):
        Wire(config={"session.timeout.ms": 3000, "heartbeat.interval.ms": 3000})


def test_cooperative_sticky_does_not_exist_before_2_4():
    with pytest.raises(ValueError, match="cooperative-sticky"):
        Wire("2.3", config={"partition.assignment.strategy": "cooperative-sticky"})


@pytest.mark.parametrize(("version", "reason"), [("3.1", None), ("3.2", "")])
def test_join_group_carries_a_reason_from_kip_800(version, reason):
    w = Wire(version)
    w.consumer.start()
    assert w.last(JoinGroup).reason == reason


# == client ids ===============================================================================


def _cluster_consumer(cluster: Cluster, name: str, config: Mapping[str, object] | None = None,
                      group: str = "g") -> SimulatedConsumer:
    return SimulatedConsumer(name, group, dict(config or {}), {"t": 6}, PollSchedule.continuous(),
                             cluster.profile, cluster.timers, cluster.send, cluster.emit)


def test_generated_client_ids_carry_the_group_and_count_per_cluster_from_2_4():
    cluster = Cluster.create(profile("2.4"))
    ids = [_cluster_consumer(cluster, f"c{i}").client_id for i in range(3)]
    assert ids == ["consumer-g-1", "consumer-g-2", "consumer-g-3"]
    other = Cluster.create(profile("2.4"))
    assert _cluster_consumer(other, "x").client_id == "consumer-g-1"


def test_generated_client_ids_are_consumer_n_before_2_4():
    cluster = Cluster.create(profile("2.3"))
    assert [_cluster_consumer(cluster, f"c{i}").client_id for i in range(2)] == ["consumer-1", "consumer-2"]


def test_a_static_member_s_client_id_names_its_instance_and_takes_no_number():
    cluster = Cluster.create(profile("3.9"))
    static = _cluster_consumer(cluster, "s", {"group.instance.id": "host-a"})
    dynamic = _cluster_consumer(cluster, "d")
    assert (static.client_id, dynamic.client_id) == ("consumer-g-host-a", "consumer-g-1")


def test_a_configured_client_id_is_kept():
    cluster = Cluster.create(profile("3.9"))
    assert _cluster_consumer(cluster, "c", {"client.id": "billing"}).client_id == "billing"


# == member states ============================================================================


def test_member_states_split_from_the_profile_switch():
    assert valid_previous(profile("2.5")) is VALID_PREVIOUS_REBALANCING
    assert valid_previous(profile("3.9")) is VALID_PREVIOUS_SPLIT
    assert MemberState.REBALANCING not in VALID_PREVIOUS_SPLIT


def test_a_follower_goes_preparing_completing_stable_with_the_split_states():
    w = Wire("3.9")
    w.join_as_follower()
    steps = [(e.from_state, e.to_state) for e in w.client_events("state")]
    assert steps == [("UNJOINED", "PREPARING_REBALANCE"), ("PREPARING_REBALANCE", "COMPLETING_REBALANCE"),
                     ("COMPLETING_REBALANCE", "STABLE")]


def test_a_follower_goes_rebalancing_stable_before_the_split():
    w = Wire("2.5")
    w.join_as_follower()
    steps = [(e.from_state, e.to_state) for e in w.client_events("state")]
    assert steps == [("UNJOINED", "REBALANCING"), ("REBALANCING", "STABLE")]


def test_sync_group_carries_the_generation_and_member_id_of_the_join_answer():
    w = Wire()
    w.consumer.start()
    w.answer("join", generation=7, member_id="m9", leader="other", members=(), protocol_type="consumer",
             protocol_name="range")
    sync = w.last(SyncGroup)
    assert (sync.member_id, sync.generation, sync.assignment) == ("m9", 7, None)
    assert (sync.protocol_type, sync.protocol_name) == ("consumer", "range")  # KIP-559 (2.5+)


def test_assignment_is_taken_and_announced_after_sync():
    w = Wire()
    w.join_as_follower(assignment=("t-3", "t-1"))
    v = w.consumer.view()
    assert v.owned == ("t-1", "t-3")
    assert w.client_events("assigned")[-1].assignment == ("t-1", "t-3")
    assert v.generation == 1 and v.member_id == "m1"


# == heartbeat timing =========================================================================


def test_heartbeats_go_every_heartbeat_interval_while_stable():
    w = Wire(config={"heartbeat.interval.ms": 3000})
    w.join_as_follower()
    sent_at = []
    for t in range(1000, 15001, 1000):
        w.timers.advance_to(t)
        while len(w.requests(HeartbeatRequest)) > len(sent_at):
            sent_at.append(w.now)
            w.answer("heartbeat")
    assert sent_at == [3000, 6000, 9000, 12000, 15000]
    hb = w.last(HeartbeatRequest)
    assert (hb.member_id, hb.generation) == ("m1", 1)


def test_no_heartbeat_while_the_join_group_is_parked():
    """PREPARING_REBALANCE: the heartbeat thread is disabled (hasNotJoinedGroup)."""
    w = Wire()
    w.consumer.start()
    w.timers.advance_to(20000)
    assert w.requests(HeartbeatRequest) == []


def test_heartbeats_continue_in_completing_rebalance_from_kafka_10134():
    w = Wire("2.7")
    w.consumer.start()
    w.answer("join", generation=1, member_id="m1", leader="other", members=(), protocol_name="range")
    w.timers.advance_to(3000)
    assert len(w.requests(HeartbeatRequest)) == 1


def test_no_heartbeats_while_awaiting_sync_before_kafka_10134():
    w = Wire("2.5")
    w.consumer.start()
    w.answer("join", generation=1, member_id="m1", leader="other", members=(), protocol_name="range")
    w.timers.advance_to(9000)
    assert w.requests(HeartbeatRequest) == []


def test_heartbeat_backoff_is_fixed_before_kip_580_and_exponential_from_it():
    assert [Backoff(100).delay(n) for n in range(5)] == [100, 100, 100, 100, 100]
    assert [Backoff(100, 1000).delay(n) for n in range(6)] == [100, 200, 400, 800, 1000, 1000]


@given(st.integers(1, 10_000), st.integers(1, 60_000), st.integers(0, 20))
def test_backoff_never_exceeds_its_maximum_and_never_shrinks(initial, maximum, attempts):
    b = Backoff(initial, maximum)
    assert b.delay(attempts) <= maximum
    assert b.delay(attempts) <= b.delay(attempts + 1)


def test_heartbeat_timers_expire_when_the_clock_reaches_their_deadline():
    hb = Heartbeat(0, 10000, 3000, 300000, Backoff(100))
    assert not hb.should_heartbeat(2999) and hb.should_heartbeat(3000)
    assert not hb.session_timeout_expired(9999) and hb.session_timeout_expired(10000)
    hb.poll(5000)
    assert not hb.poll_timeout_expired(304999) and hb.poll_timeout_expired(305000)


# == heartbeat answers ========================================================================


def _stable(version: str = "3.9", **kw: Any) -> Wire:
    w = Wire(version, **kw)
    w.join_as_follower()
    w.timers.advance_to(3000)
    assert len(w.requests(HeartbeatRequest)) == 1
    return w


def test_heartbeat_rebalance_in_progress_rejoins_at_once_when_the_application_is_inside_poll():
    w = _stable()
    joins = len(w.requests(JoinGroup))
    w.answer("heartbeat", "REBALANCE_IN_PROGRESS")
    assert len(w.requests(JoinGroup)) == joins + 1
    assert w.last(JoinGroup).member_id == "m1"  # keeps member id and generation
    assert w.last(JoinGroup).reason == "group is already rebalancing"
    assert w.client_events("heartbeat_failed")[-1].error == "REBALANCE_IN_PROGRESS"


def test_heartbeat_rebalance_in_progress_waits_for_the_next_poll_while_processing():
    polls = PollSchedule.parse([{"at": 0, "processing_ms": 10000}, {"at": 10000}])
    w = Wire(polls=polls)
    w.join_as_follower()
    w.timers.advance_to(3000)
    joins = len(w.requests(JoinGroup))
    w.answer("heartbeat", "REBALANCE_IN_PROGRESS")
    w.timers.advance_to(9999)
    assert len(w.requests(JoinGroup)) == joins
    w.timers.advance_to(10000)
    assert len(w.requests(JoinGroup)) == joins + 1


def test_heartbeat_rebalance_in_progress_is_ignored_in_completing_rebalance():
    w = Wire("3.9")
    w.consumer.start()
    w.answer("join", generation=1, member_id="m1", leader="other", members=(), protocol_name="range")
    w.timers.advance_to(3000)
    w.answer("heartbeat", "REBALANCE_IN_PROGRESS")
    assert w.client_events("heartbeat_failed") == []
    assert w.state() == "COMPLETING_REBALANCE"


@pytest.mark.parametrize(("version", "member_id_after"), [("3.9", "m1"), ("3.2", "m1"), ("3.1", ""), ("2.0", "")])
def test_heartbeat_illegal_generation_resets_the_generation_and_by_version_the_member_id(version, member_id_after):
    """KAFKA-13419 (3.2): ILLEGAL_GENERATION keeps the member id; before, both were reset."""
    w = _stable(version)
    w.answer("heartbeat", "ILLEGAL_GENERATION")
    join = w.last(JoinGroup)
    assert (join.member_id, w.consumer.view().generation) == (member_id_after, -1)


def test_heartbeat_unknown_member_id_forgets_the_member_and_rejoins_with_an_empty_id():
    w = _stable()
    w.answer("heartbeat", "UNKNOWN_MEMBER_ID")
    assert w.last(JoinGroup).member_id == ""
    assert [e.to_state for e in w.client_events("state")][-2:] == ["UNJOINED", "PREPARING_REBALANCE"]


def test_partitions_are_lost_not_revoked_after_a_generation_reset_from_2_4():
    w = _stable("3.9")
    w.answer("heartbeat", "UNKNOWN_MEMBER_ID")
    assert w.client_events("lost")[-1].assignment == ("t-0", "t-1")
    assert [e.assignment for e in w.client_events("revoked")] == []


def test_partitions_are_revoked_on_every_rejoin_before_2_4():
    w = _stable("2.3")
    w.answer("heartbeat", "UNKNOWN_MEMBER_ID")
    assert w.client_events("revoked")[-1].assignment == ("t-0", "t-1")
    assert w.client_events("lost") == []


@pytest.mark.parametrize("error", ["COORDINATOR_NOT_AVAILABLE", "NOT_COORDINATOR"])
def test_heartbeat_coordinator_error_marks_it_unknown_and_retries_after_the_backoff(error):
    w = _stable()
    w.answer("heartbeat", error)
    assert w.client_events("coordinator_unknown")[-1].detail == f"error response {error}"
    # the application inside poll() rediscovers it at once; the heartbeat waits the backoff
    w.timers.advance_to(3099)
    assert len(w.requests(HeartbeatRequest)) == 1
    w.timers.advance_to(3100)
    assert len(w.requests(HeartbeatRequest)) == 2
    assert w.consumer.view().coordinator_known


def test_heartbeat_coordinator_error_is_rediscovered_by_the_heartbeat_thread_while_processing():
    polls = PollSchedule.parse([{"at": 0, "processing_ms": 60000}])
    w = Wire(polls=polls)
    w.join_as_follower()
    w.timers.advance_to(3000)
    w.answer("heartbeat", "NOT_COORDINATOR")
    assert not w.consumer.view().coordinator_known
    w.timers.advance_to(3100)
    assert w.client_events("coordinator_found")[-1].at == 3100
    assert len(w.requests(HeartbeatRequest)) == 2


def test_heartbeat_fenced_instance_id_is_fatal_at_the_next_poll():
    polls = PollSchedule.parse([{"at": 0, "processing_ms": 5000}, {"at": 5000}])
    w = Wire("3.9", config={"group.instance.id": "i1"}, polls=polls)
    w.join_as_follower()
    w.timers.advance_to(3000)
    w.answer("heartbeat", "FENCED_INSTANCE_ID")
    assert w.consumer.view().stopped is None
    w.timers.advance_to(5000)
    v = w.consumer.view()
    assert (v.stopped, v.fatal_error) == ("fatal", "FENCED_INSTANCE_ID")
    w.timers.advance_to(60000)
    assert len(w.requests(HeartbeatRequest)) == 1


def test_an_unexpected_heartbeat_error_is_retried_after_the_backoff():
    w = _stable()
    w.answer("heartbeat", "UNKNOWN_SERVER_ERROR")
    assert w.state() == "STABLE"
    w.timers.advance_to(3100)
    assert len(w.requests(HeartbeatRequest)) == 2


# == join answers =============================================================================


def test_member_id_required_rejoins_at_once_with_the_given_id():
    w = Wire()
    w.consumer.start()
    w.answer("join", "MEMBER_ID_REQUIRED", member_id="consumer-g-1-abc", generation=-1)
    join = w.last(JoinGroup)
    assert (join.member_id, len(w.requests(JoinGroup))) == ("consumer-g-1-abc", 2)
    assert join.reason == "need to re-join with the given member-id: consumer-g-1-abc"
    assert w.client_events("join_failed")[-1].member_id == "consumer-g-1-abc"


def test_the_rejoin_after_member_id_required_says_why_per_version():
    """3.2 .. 3.6 overwrite the reason with the failure; apache/kafka#14192 (3.7) keeps it."""
    w = Wire("3.5")
    w.consumer.start()
    w.answer("join", "MEMBER_ID_REQUIRED", member_id="x", generation=-1)
    assert w.last(JoinGroup).reason == "rebalance failed due to MemberIdRequiredException"


def test_join_unknown_member_id_resets_the_id_and_rejoins_at_once():
    w = Wire()
    w.consumer.start()
    w.answer("join", "MEMBER_ID_REQUIRED", member_id="m1", generation=-1)
    w.answer("join", "UNKNOWN_MEMBER_ID", member_id="m1", generation=-1)
    assert (w.last(JoinGroup).member_id, len(w.requests(JoinGroup)), w.now) == ("", 3, 0)


@pytest.mark.parametrize(("version", "retried"), [("2.7", False), ("2.8", True)])
def test_join_rebalance_in_progress_is_retried_from_kafka_10870_and_fatal_before(version, retried):
    w = Wire(version)
    w.consumer.start()
    w.answer("join", "REBALANCE_IN_PROGRESS", member_id="", generation=-1)
    assert (len(w.requests(JoinGroup)) == 2) is retried
    assert (w.consumer.view().stopped == "fatal") is not retried


@pytest.mark.parametrize("error", ["COORDINATOR_NOT_AVAILABLE", "NOT_COORDINATOR"])
def test_join_coordinator_error_rediscovers_and_retries_after_the_backoff(error):
    w = Wire(config={"retry.backoff.ms": 250})
    w.consumer.start()
    w.answer("join", error, member_id="", generation=-1)
    assert not w.consumer.view().coordinator_known
    w.timers.advance_to(249)
    assert len(w.requests(JoinGroup)) == 1
    w.timers.advance_to(250)
    assert len(w.requests(JoinGroup)) == 2
    assert [e.at for e in w.client_events("coordinator_found")] == [0, 250]


def test_join_coordinator_load_in_progress_retries_after_the_backoff_with_the_coordinator_kept():
    w = Wire()
    w.consumer.start()
    w.answer("join", "COORDINATOR_LOAD_IN_PROGRESS", member_id="", generation=-1)
    assert w.consumer.view().coordinator_known
    w.timers.advance_to(100)
    assert len(w.requests(JoinGroup)) == 2
    assert w.client_events("coordinator_unknown") == []


@pytest.mark.parametrize("error", ["FENCED_INSTANCE_ID", "INCONSISTENT_GROUP_PROTOCOL", "GROUP_MAX_SIZE_REACHED",
                                   "INVALID_SESSION_TIMEOUT", "GROUP_AUTHORIZATION_FAILED"])
def test_fatal_join_errors_stop_the_consumer(error):
    w = Wire(config={"group.instance.id": "i1"})
    w.consumer.start()
    w.answer("join", error, member_id="", generation=-1)
    v = w.consumer.view()
    assert (v.stopped, v.fatal_error) == ("fatal", error)
    assert w.client_events("fatal")[-1].detail == "JoinGroup"
    sent = len(w.sent)
    w.timers.advance_to(600000)
    assert len(w.sent) == sent


def test_a_join_answer_with_another_protocol_type_is_inconsistent():
    w = Wire()
    w.consumer.start()
    w.answer("join", generation=1, member_id="m1", leader="x", members=(), protocol_type="connect",
             protocol_name="range")
    assert w.consumer.view().fatal_error == "INCONSISTENT_GROUP_PROTOCOL"


def test_a_parked_join_group_times_out_after_the_rebalance_timeout_plus_5_s():
    """KAFKA-7050 (2.0): the JoinGroup request timeout; the disconnect marks the coordinator
    unknown and the join is retried after the backoff."""
    w = Wire(config={"max.poll.interval.ms": 60000})
    w.consumer.start()
    w.timers.advance_to(64999)
    assert len(w.requests(JoinGroup)) == 1
    w.timers.advance_to(65000)
    assert w.client_events("coordinator_unknown")[-1].at == 65000
    w.timers.advance_to(65100)
    assert len(w.requests(JoinGroup)) == 2
    w.answer("join", generation=1, member_id="m1", leader="x", members=(), protocol_name="range")
    assert w.state() == "COMPLETING_REBALANCE"


@pytest.mark.parametrize(("version", "max_poll", "timeout"), [
    ("1.1", 10000, 305000),  # request.timeout.ms (KIP-62 made it 305 s)
    ("2.5", 10000, 15000),  # KAFKA-7050: rebalance timeout + 5 s
    ("2.7", 10000, 30000),  # apache/kafka#8702: at least request.timeout.ms
    ("3.9", 60000, 65000),
])
def test_join_group_request_timeout_per_version(version, max_poll, timeout):
    w = Wire(version, config={"max.poll.interval.ms": max_poll})
    w.consumer.start()
    w.timers.advance_to(timeout - 1)
    assert w.client_events("coordinator_unknown") == []
    w.timers.advance_to(timeout)
    assert [e.at for e in w.client_events("coordinator_unknown")] == [timeout]


@pytest.mark.parametrize(("version", "retries_at"), [("3.6", [3100, 3200, 3300]), ("3.7", [3100, 3300, 3700])])
def test_failed_heartbeats_back_off_exponentially_from_kip_580(version, retries_at):
    w = _stable(version)
    w.answer("heartbeat", "UNKNOWN_SERVER_ERROR")
    seen = []
    for t in range(3001, 4001):
        w.timers.advance_to(t)
        if len(w.requests(HeartbeatRequest)) > len(seen) + 1:
            seen.append(t)
            w.answer("heartbeat", "UNKNOWN_SERVER_ERROR")
    assert seen[:3] == retries_at


# == sync answers =============================================================================


def _completing(version: str = "3.9") -> Wire:
    w = Wire(version)
    w.consumer.start()
    w.answer("join", generation=4, member_id="m1", leader="x", members=(), protocol_type="consumer",
             protocol_name="range")
    return w


def test_sync_rebalance_in_progress_rejoins_at_once_keeping_member_and_generation():
    w = _completing()
    w.answer("sync", "REBALANCE_IN_PROGRESS")
    join = w.last(JoinGroup)
    assert (join.member_id, w.consumer.view().generation, w.now) == ("m1", 4, 0)
    assert w.client_events("sync_failed")[-1].error == "REBALANCE_IN_PROGRESS"


@pytest.mark.parametrize(("version", "member_id_after"), [("3.9", "m1"), ("3.0", "")])
def test_sync_illegal_generation_resets_the_generation_and_by_version_the_member_id(version, member_id_after):
    w = _completing(version)
    w.answer("sync", "ILLEGAL_GENERATION")
    assert (w.last(JoinGroup).member_id, w.consumer.view().generation) == (member_id_after, -1)


def test_sync_unknown_member_id_resets_member_and_generation():
    w = _completing()
    w.answer("sync", "UNKNOWN_MEMBER_ID")
    assert (w.last(JoinGroup).member_id, w.consumer.view().generation) == ("", -1)


def test_sync_coordinator_error_rejoins_after_the_backoff():
    w = _completing()
    w.answer("sync", "NOT_COORDINATOR")
    assert len(w.requests(JoinGroup)) == 1
    w.timers.advance_to(100)
    assert len(w.requests(JoinGroup)) == 2


def test_sync_fenced_instance_id_is_fatal():
    w = _completing()
    w.answer("sync", "FENCED_INSTANCE_ID")
    assert w.consumer.view().fatal_error == "FENCED_INSTANCE_ID"
    assert [e.detail for e in w.client_events("fatal")] == ["SyncGroup"]


def test_a_heartbeat_error_during_completing_rebalance_fails_the_parked_sync():
    """KAFKA-6593: marking the coordinator unknown disconnects it; the SyncGroup in flight
    fails and the member rejoins after the backoff."""
    w = _completing()
    w.timers.advance_to(3000)
    w.answer("heartbeat", "NOT_COORDINATOR")
    w.answer("sync", protocol_name="range", assignment=("t-0",))  # comes back on a dead connection
    assert w.state() == "COMPLETING_REBALANCE"
    w.timers.advance_to(3100)
    assert len(w.requests(JoinGroup)) == 2


# == the leader ===============================================================================


def test_the_leader_assigns_with_the_selected_assignor_from_every_member_s_subscription():
    w = Wire(topics={"t": 4})
    w.consumer.start()
    meta = w.last(JoinGroup).protocols[0].metadata
    w.answer("join", generation=1, member_id="m1", leader="m1", members=("m1", "m2"), protocol_type="consumer",
             protocol_name="range", member_metadata=(("m1", None, meta), ("m2", None, meta)))
    assert dict(w.last(SyncGroup).assignment) == {"m1": ("t-0", "t-1"), "m2": ("t-2", "t-3")}
    assert w.consumer.view().leader


def test_a_leader_told_to_skip_assignment_sends_none():
    """KIP-814 (3.2): a returning static leader keeps the existing assignment."""
    w = Wire()
    w.consumer.start()
    w.answer("join", generation=3, member_id="m1", leader="m1", members=("m1",), protocol_name="range",
             skip_assignment=True)
    assert dict(w.last(SyncGroup).assignment) == {}


def test_a_leader_that_cannot_read_a_subscription_fails_like_kafka():
    """ConsumerProtocol.deserializeSubscription throws, and so does poll()."""
    w = Wire()
    w.consumer.start()
    w.answer("join", generation=1, member_id="m1", leader="m1", members=("m1",), protocol_name="range",
             member_metadata=(("m1", None, b"\x00"),))
    assert (w.consumer.view().stopped, w.consumer.view().fatal_error) == ("fatal", "SchemaException")
    assert w.requests(SyncGroup) == []


# == poll schedules ===========================================================================


def test_poll_schedule_parses_entries_and_refuses_nonsense():
    s = PollSchedule.parse([{"at": 5, "processing_ms": 7}, {"every": 10, "until": 30, "from": 20}])
    assert [tuple(e) for e in s.entries(0)] == [(5, 7), (20, 0), (30, 0)]
    assert PollSchedule.parse(None).is_continuous
    for bad in ({"at": -1}, {"every": 0}, {"at": 1, "every": 2}, {"at": 1, "bogus": 2}, "every second"):
        with pytest.raises(ValueError):
            PollSchedule.parse(bad)


@settings(max_examples=50)
@given(st.lists(st.fixed_dictionaries({"at": st.integers(0, 10_000), "processing_ms": st.integers(0, 500)}),
                max_size=8),
       st.integers(1, 1000), st.integers(0, 5000))
def test_poll_entries_come_in_time_order(ats, every, until):
    s = PollSchedule.parse([*ats, {"every": every, "until": until}])
    times = [e.at for e in s.entries(0)]
    assert times == sorted(times)
    assert len(times) == len(ats) + until // every + 1


def test_polls_missed_while_busy_are_one_poll_as_soon_as_the_application_is_free():
    polls = PollSchedule.parse([{"at": 0, "processing_ms": 5500}, {"every": 1000, "from": 1000, "until": 9000}])
    w = Wire(polls=polls)
    w.join_as_follower()
    w.timers.advance_to(20000)
    polls_at = [0, 5500, 6000, 7000, 8000, 9000]  # 1000 .. 5000 fell while processing: one poll at 5500
    assert w.consumer.view().polls == len(polls_at)
    assert w.consumer.view().phase == "done"


# == in a cluster: the real coordinator =======================================================


def _group(version: str = "3.9", n: int = 3, strategy: str = "range", topics: Mapping[str, int] | None = None,
           config: Mapping[str, object] | None = None, polls: Any = None) -> Cluster:
    cluster = Cluster.create(profile(version))
    for i in range(1, n + 1):
        cfg = {"partition.assignment.strategy": strategy, **(config or {})}
        cluster.add_consumer(SimulatedConsumer(f"c{i}", "g", cfg, dict(topics or {"t": 6, "u": 3}),
                                               PollSchedule.parse(polls), cluster.profile, cluster.timers,
                                               cluster.send, cluster.emit))
    return cluster


def _group_changes(cluster: Cluster, since: int = 0) -> list[tuple[int, str, str]]:
    return [(e.at, e.from_state, e.to_state) for e in cluster.effects
            if isinstance(e, StateChanged) and e.group == "g" and e.at >= since]


@pytest.mark.parametrize("strategy", ["range", "roundrobin", "sticky", "cooperative-sticky"])
def test_three_consumers_form_one_generation_with_a_valid_assignment(strategy):
    cluster = _group(strategy=strategy)
    cluster.advance_to(30000)
    views = [c.view() for c in cluster.consumers.values()]
    assert {v.state for v in views} == {"STABLE"}
    assert {v.generation for v in views} == {1}
    owned = [p for v in views for p in v.owned]
    assert sorted(owned) == sorted([f"t-{i}" for i in range(6)] + [f"u-{i}" for i in range(3)])  # disjoint, complete
    assert max(len(v.owned) for v in views) - min(len(v.owned) for v in views) <= 1
    group = cluster.coordinator.view("g")
    assert group is not None and group.state is GroupState.STABLE and len(group.members) == 3
    assert [v.leader for v in views].count(True) == 1


def test_steady_heartbeats_keep_the_group_stable_for_an_hour():
    cluster = _group(polls={"every": 1000})
    cluster.advance_to(30000)
    generation = cluster.coordinator.view("g").generation
    cluster.advance_to(3_630_000)
    assert _group_changes(cluster, since=30000) == []
    assert cluster.coordinator.view("g").generation == generation
    beats = [e for e in cluster.effects if isinstance(e, Response) and e.request == "heartbeat" and e.at > 30000]
    assert {e.error for e in beats} == {"NONE"}
    assert len(beats) == 3 * 1200  # every 3 s, each consumer
    # every scheduled poll happened: the first blocked until the group formed at 6000 (1000 ..
    # 6000 are one poll then), then 7000 .. 3630000
    assert [c.view().polls for c in cluster.consumers.values()] == [1 + 1 + 3624] * 3


def test_a_poll_gap_beyond_max_poll_interval_leaves_the_group_and_rejoins_at_the_next_poll():
    """The classic storm: processing outlasts max.poll.interval.ms; the heartbeat thread sends
    LeaveGroup (KIP-62), the others rebalance, the slow one rejoins when it polls again."""
    cluster = _group(config={"max.poll.interval.ms": 60000}, polls={"every": 1000})
    slow = SimulatedConsumer("slow", "g", {"max.poll.interval.ms": 60000}, {"t": 6, "u": 3},
                             PollSchedule.parse([{"at": 0}, {"at": 20000, "processing_ms": 100000},
                                                 {"every": 1000, "from": 120000}]),
                             cluster.profile, cluster.timers, cluster.send, cluster.emit)
    cluster.add_consumer(slow)
    cluster.advance_to(200000)
    events = [e for e in cluster.effects if isinstance(e, ClientEvent) and e.client == "slow"]
    timeout = next(e for e in events if e.what == "poll_timeout")
    assert timeout.at == 20000 + 60000
    leave = next(e for e in events if e.what == "leave_sent")
    assert (leave.at, leave.detail) == (80000, "consumer poll timeout has expired.")
    removed = [e for e in cluster.effects if isinstance(e, MemberRemoved)]
    assert [(e.at, e.client, e.reason.value) for e in removed] == [(80000, "slow", "leave")]
    assert (80000, "Stable", "PreparingRebalance") in _group_changes(cluster)
    rejoin = [e for e in events if e.what == "join_sent" and e.at > 80000]
    assert rejoin[0].at == 120000  # the next poll, not before
    assert slow.view().state == "STABLE" and slow.view().generation == 3


def test_a_static_member_does_not_leave_on_poll_timeout():
    cluster = _group(n=0)
    slow = SimulatedConsumer("s", "g", {"max.poll.interval.ms": 30000, "group.instance.id": "i1"}, {"t": 2},
                             PollSchedule.parse([{"at": 0, "processing_ms": 100000}]),
                             cluster.profile, cluster.timers, cluster.send, cluster.emit)
    cluster.add_consumer(slow)
    cluster.advance_to(60000)
    # the first poll returned at 3000, when the initial rebalance delay let the group form
    assert [e.at for e in cluster.effects if isinstance(e, ClientEvent) and e.what == "poll_timeout"] == [33000]
    assert not [e for e in cluster.effects if isinstance(e, ClientEvent) and e.what == "leave_sent"]
    assert not [e for e in cluster.effects if isinstance(e, Response) and e.request == "leave"]
    assert slow.view().state == "UNJOINED"  # reset all the same: it rejoins at its next poll


def test_a_crashed_consumer_is_removed_after_its_session_timeout():
    cluster = _group(config={"session.timeout.ms": 10000})
    cluster.advance_to(30000)
    victim = cluster.consumers["c2"]
    member_id = victim.view().member_id
    last_beat = max(e.at for e in cluster.effects if isinstance(e, Response) and e.client == "c2")
    cluster.run(victim.crash)
    cluster.advance_to(60000)
    removed = [e for e in cluster.effects if isinstance(e, MemberRemoved)]
    assert [(e.member_id, e.reason.value, e.at) for e in removed] == [(member_id, "session_timeout",
                                                                       last_beat + 10000)]
    survivors = [cluster.consumers[n].view() for n in ("c1", "c3")]
    assert {v.generation for v in survivors} == {2} and {v.state for v in survivors} == {"STABLE"}


def test_a_closing_dynamic_member_sends_leave_group_and_the_group_rebalances():
    cluster = _group()
    cluster.advance_to(30000)
    cluster.run(cluster.consumers["c3"].close)
    cluster.advance_to(40000)
    assert [(e.client, e.reason.value) for e in cluster.effects if isinstance(e, MemberRemoved)] == [("c3", "leave")]
    assert cluster.coordinator.view("g").generation == 2
    assert [e.detail for e in cluster.effects if isinstance(e, ClientEvent) and e.what == "leave_sent"] == \
        ["the consumer is being closed"]


def test_a_static_member_restarted_within_the_session_timeout_causes_no_rebalance():
    """KIP-345: the static member sends no LeaveGroup on close; its successor rejoins with the
    same group.instance.id and takes over without a rebalance."""
    cluster = _group(n=2)
    static = SimulatedConsumer("s1", "g", {"group.instance.id": "host-a"}, {"t": 6, "u": 3},
                               PollSchedule.continuous(), cluster.profile, cluster.timers, cluster.send,
                               cluster.emit)
    cluster.add_consumer(static)
    cluster.advance_to(30000)
    before = cluster.coordinator.view("g")
    owned, old_id = static.view().owned, static.view().member_id
    cluster.run(static.close)
    cluster.advance_to(40000)
    again = SimulatedConsumer("s1-again", "g", {"group.instance.id": "host-a"}, {"t": 6, "u": 3},
                              PollSchedule.continuous(), cluster.profile, cluster.timers, cluster.send, cluster.emit)
    cluster.add_consumer(again)
    cluster.advance_to(120000)
    assert _group_changes(cluster, since=30000) == []
    assert cluster.coordinator.view("g").generation == before.generation
    assert not [e for e in cluster.effects if isinstance(e, Response) and e.request == "leave"]
    assert again.view().owned == owned and again.view().state == "STABLE"
    assert again.view().member_id not in ("", old_id)  # a fresh id replaces the old one
    assert [(e.member_id, e.reason.value) for e in cluster.effects if isinstance(e, MemberRemoved)] == \
        [(old_id, "fenced")]


def test_cooperative_sticky_adds_a_member_in_two_rebalances_without_revoking_what_stays():
    """KIP-429: the first rebalance only takes partitions away (their owners revoke them and
    rejoin); the second hands them to the new member.  Nothing that stays is revoked."""
    cluster = _group(n=2, strategy="cooperative-sticky")
    cluster.advance_to(30000)
    before = {n: set(c.view().owned) for n, c in cluster.consumers.items()}
    generation = cluster.coordinator.view("g").generation
    mark = len(cluster.effects)
    cluster.add_consumer(SimulatedConsumer("c3", "g", {"partition.assignment.strategy": "cooperative-sticky"},
                                           {"t": 6, "u": 3}, PollSchedule.continuous(), cluster.profile,
                                           cluster.timers, cluster.send, cluster.emit))
    cluster.advance_to(90000)
    assert cluster.coordinator.view("g").generation == generation + 2
    after = {n: set(c.view().owned) for n, c in cluster.consumers.items()}
    revoked = {n: set() for n in cluster.consumers}
    for e in cluster.effects[mark:]:
        if isinstance(e, ClientEvent) and e.what in ("revoked", "lost"):
            assert e.what == "revoked"
            revoked[e.client] |= set(e.assignment or ())
    for name in ("c1", "c2"):
        assert revoked[name] == before[name] - after[name]  # only what moved
        assert after[name] <= before[name]
    assert len(after["c3"]) == 3 and not (after["c3"] & (after["c1"] | after["c2"]))


def test_eager_rebalancing_revokes_everything_before_rejoining():
    cluster = _group(n=2, strategy="range")
    cluster.advance_to(30000)
    before = {n: c.view().owned for n, c in cluster.consumers.items()}
    mark = len(cluster.effects)
    cluster.add_consumer(_cluster_consumer(cluster, "c3", {"partition.assignment.strategy": "range"}))
    cluster.advance_to(60000)
    revoked = {e.client: e.assignment for e in cluster.effects[mark:]
               if isinstance(e, ClientEvent) and e.what == "revoked"}
    assert revoked["c1"] == before["c1"] and revoked["c2"] == before["c2"]


def test_without_a_heartbeat_thread_a_long_processing_time_expires_the_session():
    """0.10.0 (before KIP-62) heartbeats only from poll(): processing past the session timeout
    lets the coordinator expire the member; 0.10.1's background thread keeps it."""
    polls = [{"every": 1000, "until": 20000}, {"at": 21000, "processing_ms": 40000}, {"every": 1000, "from": 61000}]
    old = _group("0.10.0", n=2, polls=polls)
    old.advance_to(70000)
    assert [e.reason.value for e in old.effects if isinstance(e, MemberRemoved)] == ["session_timeout"] * 2
    new = _group("0.10.1", n=2, polls=polls)
    new.advance_to(70000)
    assert [e for e in new.effects if isinstance(e, MemberRemoved)] == []


def test_a_coordinator_unload_and_reload_is_survived():
    cluster = _group()
    cluster.advance_to(30000)
    partition = cluster.coordinator.partition_for("g")
    cluster.control(CoordinatorUnload(partition))
    cluster.advance_to(35000)
    assert any(isinstance(e, ClientEvent) and e.what == "coordinator_unknown" for e in cluster.effects)
    cluster.control(CoordinatorLoad(partition))
    cluster.advance_to(120000)
    views = [c.view() for c in cluster.consumers.values()]
    assert {v.state for v in views} == {"STABLE"}
    assert len({v.generation for v in views}) == 1


def test_the_same_scenario_gives_the_same_effects_byte_for_byte():
    def run() -> list[str]:
        cluster = _group(strategy="cooperative-sticky", polls={"every": 700})
        cluster.advance_to(20000)
        cluster.run(cluster.consumers["c2"].crash)
        cluster.advance_to(120000)
        return [e.to_json() for e in cluster.effects]

    assert run() == run()


@pytest.mark.parametrize("version", ["0.10.0", "0.10.1", "1.1", "2.2", "2.3", "2.4", "2.5", "2.7", "3.0", "3.2",
                                     "3.9"])
def test_every_profile_forms_a_stable_group(version):
    cluster = _group(version)
    cluster.advance_to(40000)
    views = [c.view() for c in cluster.consumers.values()]
    assert {v.state for v in views} == {"STABLE"} and len({v.generation for v in views}) == 1
    uses_split = profile(version).has(Switch.CLIENT_PREPARING_COMPLETING)
    states = {e.to_state for e in cluster.effects if isinstance(e, ClientEvent) and e.what == "state"}
    assert ("COMPLETING_REBALANCE" in states) is uses_split


def test_illegal_generation_keeps_the_member_id_from_3_2():
    """KAFKA-13419: the switch that decides the reset is on from 3.2, off before."""
    assert profile("3.2").has(Switch.ILLEGAL_GENERATION_KEEPS_MEMBER_ID)
    assert not profile("3.1").has(Switch.ILLEGAL_GENERATION_KEEPS_MEMBER_ID)


# == offset commits ===========================================================================


def test_auto_commit_commits_the_owned_partitions_every_interval_inside_poll():
    cluster = _group(n=2, config={"enable.auto.commit": True, "auto.commit.interval.ms": 5000},
                     polls={"every": 1000})
    cluster.advance_to(60000)
    commits = [e for e in cluster.effects if isinstance(e, Response) and e.request == "commit"]
    assert {e.error for e in commits} == {"NONE"}
    # the group formed at 6000 ("reschedule the auto commit starting from now"), polls every 1 s
    for name in ("c1", "c2"):
        assert [e.at for e in commits if e.client == name] == list(range(11000, 60001, 5000))
    offsets = cluster.coordinator.view("g").offsets
    assert set(offsets) == {f"t-{i}" for i in range(6)} | {f"u-{i}" for i in range(3)}


def test_no_commits_unless_auto_commit_is_enabled():
    cluster = _group(n=2, polls={"every": 1000})
    cluster.advance_to(60000)
    assert not [e for e in cluster.effects if isinstance(e, Response) and e.request == "commit"]


def _committing(version: str = "3.9") -> Wire:
    w = Wire(version, config={"enable.auto.commit": True, "auto.commit.interval.ms": 5000},
             polls=PollSchedule.parse({"every": 1000}))
    w.join_as_follower()
    answered = 0
    for t in range(1000, 6001, 1000):
        w.timers.advance_to(t)
        while len(w.requests(HeartbeatRequest)) > answered:
            answered += 1
            w.answer("heartbeat")
    commits = w.requests(OffsetCommit)
    assert [(c.generation, c.member_id, set(c.offsets)) for c in commits] == [(1, "m1", {"t-0", "t-1"})]
    return w


def test_a_commit_answered_rebalance_in_progress_asks_to_rejoin_keeping_the_generation_from_2_4():
    w = _committing("3.9")
    w.answer("commit", "REBALANCE_IN_PROGRESS")
    v = w.consumer.view()
    assert v.rejoin_needed and v.generation == 1 and v.member_id == "m1"
    assert w.client_events("commit_failed")[-1].error == "REBALANCE_IN_PROGRESS"


def test_a_commit_answered_rebalance_in_progress_resets_the_generation_before_2_4():
    w = _committing("2.3")
    w.answer("commit", "REBALANCE_IN_PROGRESS")
    v = w.consumer.view()
    assert v.rejoin_needed and (v.generation, v.member_id) == (-1, "")


def test_a_commit_answered_unknown_member_id_resets_the_member():
    w = _committing()
    w.answer("commit", "UNKNOWN_MEMBER_ID")
    assert (w.consumer.view().generation, w.consumer.view().member_id) == (-1, "")


def test_a_commit_answered_not_coordinator_marks_the_coordinator_unknown():
    w = _committing()
    w.answer("commit", "NOT_COORDINATOR")
    assert w.client_events("coordinator_unknown")[-1].error == "NOT_COORDINATOR"


# == invariants over random histories ==========================================================

_OPS = st.lists(st.tuples(st.sampled_from(["add", "slow", "crash", "close", "advance"]),
                          st.integers(0, 120_000)), min_size=1, max_size=8)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["0.10.0", "2.0", "2.3", "2.5", "2.7", "3.2", "3.9"]),
       st.sampled_from(["range", "roundrobin", "cooperative-sticky"]), _OPS)
def test_members_of_the_current_generation_never_share_a_partition(version, strategy, ops):
    """Whatever joins, crashes, closes or stalls: consumers that are STABLE in the group's
    current generation own disjoint partitions, and every member-state change is one the
    Java client makes (an illegal one raises)."""
    if strategy == "cooperative-sticky" and not profile(version).has(Switch.COOPERATIVE_REBALANCING):
        strategy = "range"
    cluster = Cluster.create(profile(version))
    count = 0
    for op, value in ops:
        if op in ("add", "slow"):
            count += 1
            polls = {"every": 500} if op == "add" else [{"at": cluster.now, "processing_ms": value}, {"every": 500}]
            cluster.add_consumer(SimulatedConsumer(f"c{count}", "g", {"partition.assignment.strategy": strategy},
                                                   {"t": 5}, PollSchedule.parse(polls), cluster.profile,
                                                   cluster.timers, cluster.send, cluster.emit))
        elif op in ("crash", "close") and cluster.consumers:
            victim = sorted(cluster.consumers)[value % len(cluster.consumers)]
            cluster.run(getattr(cluster.consumers[victim], op))
        else:
            cluster.advance_to(cluster.now + value)
        group = cluster.coordinator.view("g")
        if group is None:
            continue
        current = [c.view() for c in cluster.consumers.values()
                   if c.view().stopped is None and c.view().state == "STABLE"
                   and c.view().generation == group.generation]
        owned = [p for v in current for p in v.owned]
        assert len(owned) == len(set(owned))


def test_auto_commit_commits_before_the_partitions_are_revoked_for_a_rebalance():
    """onJoinPrepare: maybeAutoCommitOffsetsSync, then the revocation, then JoinGroup."""
    w = _committing()
    w.answer("commit")
    w.timers.advance_to(9000)
    w.answer("heartbeat", "REBALANCE_IN_PROGRESS")
    before = len(w.sent)
    w.timers.advance_to(10000)  # the next poll
    assert [type(r).__name__ for r in w.sent[before:]] == ["OffsetCommit", "JoinGroup"]
    assert w.client_events("revoked")[-1].assignment == ("t-0", "t-1")
