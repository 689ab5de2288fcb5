"""The KRaft controller (engine/replication/quorum.py) where the traces in
tests/traces/replication/kraft-*.jsonl do not pin it down, restated from Kafka's
ReplicationControlManager, PartitionChangeBuilder, ClusterControlManager and QuorumController
(3.2.0 - 3.9.0-rc3) and their tests."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect, Finding
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.alter_partition import AlterPartitionRequest
from kafka_forensics.engine.replication.effects import DataLoss, MetadataRecord
from kafka_forensics.engine.replication.model import IsrProposal, LeaderAndIsr
from kafka_forensics.engine.replication.quorum import (
    DEFAULT_CONTROLLER_ID,
    QuorumController,
    controller_id,
    kraft_mode,
)
from kafka_forensics.engine.replication.stimuli import (
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Fetch,
    RunTask,
    ZkSessionExpire,
)
from kafka_forensics.engine.replication.world import AUTO_REBALANCE, ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

from .test_world import play as play_world
from .test_world import step

TP = ("foo", 0)
E = ErrorCode
KRAFT = {"process.roles": "broker"}


class Cluster:
    """A KRaft cluster in the ``version`` profile (``process.roles`` set where it needs it)."""

    def __init__(self, version: str = "4.0", *, periodic: str = "manual", **config: object) -> None:
        p = profile(version)
        self.effects: list[Effect] = []
        self.w = ReplicationWorld(p, Config(p, {**KRAFT, **config}), TimerQueue(TimerMode.REALTIME),
                                  self.effects.append, periodic_tasks=periodic)
        assert self.w.kraft

    @property
    def controller(self) -> QuorumController:
        assert isinstance(self.w.controller, QuorumController)
        return self.w.controller

    def state(self, tp: tuple[str, int] = TP) -> LeaderAndIsr:
        s = self.w.controller.read(tp)
        assert s is not None
        return s

    def records(self, name: str | None = None) -> list[MetadataRecord]:
        return [e for e in self.effects if isinstance(e, MetadataRecord) and name in (None, e.record)]

    def at(self, ms: int) -> Cluster:
        self.w.advance_to(ms)
        return self

    def alter(self, broker: int, isr: tuple[int, ...], *, leader_epoch: int | None = None,
              partition_epoch: int | None = None, broker_epoch: int | None = None) -> tuple[ErrorCode, ErrorCode]:
        """An AlterPartition from ``broker`` straight to the controller: (top-level, partition) errors."""
        s = self.state()
        proposal = IsrProposal(TP, broker, s.leader_epoch if leader_epoch is None else leader_epoch, isr,
                               s.zk_version if partition_epoch is None else partition_epoch, "expand")
        epoch = self.controller.registered[broker] if broker_epoch is None else broker_epoch
        response = self.controller.alter_partition(AlterPartitionRequest(broker, epoch, (proposal,)))
        if response.error is not E.NONE:
            return response.error, E.NONE
        return response.error, response.results[TP].error


# -- when a cluster runs in KRaft mode -----------------------------------------------------------

@pytest.mark.parametrize(("version", "config", "kraft"), [
    ("4.0", {}, True),  # ZooKeeper is gone in 4.0
    ("3.5", {}, False),
    ("3.5", {"process.roles": "broker"}, True),
    ("2.8", {"process.roles": "broker,controller"}, True),  # KIP-500 early access
    ("2.7", {"process.roles": "broker"}, False),  # no KRaft before 2.8
])
def test_kraft_mode_is_4_0_always_3_x_with_process_roles_and_never_before_2_8(
        version: str, config: dict[str, object], kraft: bool) -> None:
    p = profile(version)
    assert kraft_mode(p, Config(p, config)) is kraft


# -- brokers: registration, epochs, fencing ------------------------------------------------------

def test_a_broker_epoch_is_the_offset_of_its_register_broker_record() -> None:
    # QuorumController.registerBroker passes the next write offset as the new epoch
    c = Cluster()
    c.w.handle(CreatePartition(TP, (0, 1, 2)))
    c.w.handle(BrokerFail(1))
    c.w.handle(BrokerStart(1))
    registrations = c.records("RegisterBrokerRecord")
    assert [r.broker for r in registrations] == [0, 1, 2, 1]
    assert all(r.broker_epoch == r.offset and r.fenced for r in registrations)
    assert c.controller.registered[1] == registrations[-1].offset


def test_a_fence_writes_the_partition_records_before_the_fence_record() -> None:
    # ReplicationControlManager.handleBrokerFenced: generateLeaderAndIsrUpdates, then the record
    c = Cluster()
    c.w.handle(CreatePartition(TP, (0, 1, 2)))
    start = len(c.effects)
    c.w.handle(BrokerFail(0))
    written = [e for e in c.effects[start:] if isinstance(e, MetadataRecord)]
    assert [(r.record, r.fenced) for r in written] == [("PartitionChangeRecord", None),
                                                       ("BrokerRegistrationChangeRecord", True)]
    assert written[0].offset < written[1].offset


def test_an_unfence_writes_the_registration_record_before_electing_leaderless_partitions() -> None:
    # handleBrokerUnfenced: the unfence record, then the elections over partitionsWithNoLeader
    c = Cluster()
    c.w.handle(CreatePartition(TP, (0, 1)))
    c.w.handle(BrokerFail(1))
    c.w.handle(BrokerFail(0))  # the last ISR member: ISR [0] stays, no leader
    assert (c.state().leader, c.state().isr) == (-1, (0,))
    start = len(c.effects)
    c.w.handle(BrokerStart(0))
    written = [(r.record, r.fenced, r.leader) for r in c.effects[start:] if isinstance(r, MetadataRecord)]
    assert written == [("RegisterBrokerRecord", True, None), ("BrokerRegistrationChangeRecord", False, None),
                       ("PartitionChangeRecord", None, 0)]
    assert c.state().leader_epoch == 2  # -> -1, then -> 0


def test_a_controlled_shutdown_marks_the_registration_before_moving_the_leaderships() -> None:
    # handleBrokerInControlledShutdown (MetadataVersion 3.3-IV3+, KIP-841)
    c = Cluster("3.3")
    c.w.handle(CreatePartition(TP, (0, 1)))
    start = len(c.effects)
    c.w.handle(BrokerShutdown(0))
    written = [(r.record, r.in_controlled_shutdown, r.fenced) for r in c.effects[start:]
               if isinstance(r, MetadataRecord)]
    assert written == [("BrokerRegistrationChangeRecord", True, None), ("PartitionChangeRecord", None, None),
                       ("BrokerRegistrationChangeRecord", None, True)]


@pytest.mark.parametrize(("version", "fence", "unfence"), [
    ("3.2", "FenceBrokerRecord", "UnfenceBrokerRecord"),
    ("3.3", "BrokerRegistrationChangeRecord", "BrokerRegistrationChangeRecord"),
])
def test_fence_and_unfence_records_are_named_as_the_release_writes_them(version: str, fence: str,
                                                                         unfence: str) -> None:
    # MetadataVersion 3.3-IV2: BrokerRegistrationChangeRecord replaces Fence/UnfenceBrokerRecord
    c = Cluster(version)
    c.w.handle(CreatePartition(TP, (0, 1)))
    c.w.handle(BrokerFail(1))
    c.w.handle(BrokerStart(1))
    names = [r.record for r in c.records() if r.broker == 1 and r.record != "RegisterBrokerRecord"]
    assert names == [unfence, fence, unfence]


def test_a_3_2_controlled_shutdown_writes_no_registration_change() -> None:
    c = Cluster("3.2")
    c.w.handle(CreatePartition(TP, (0, 1)))
    c.w.handle(BrokerShutdown(0))
    assert [r.record for r in c.records()][-2:] == ["PartitionChangeRecord", "FenceBrokerRecord"]


def test_zk_session_expire_is_refused_in_kraft_mode() -> None:
    c = Cluster()
    c.w.handle(CreatePartition(TP, (0, 1)))
    with pytest.raises(ValueError, match=r"KRaft mode.*no ZooKeeper session.*use broker_fail"):
        c.w.handle(ZkSessionExpire(0))


# -- partition epochs ----------------------------------------------------------------------------

@pytest.mark.parametrize(("version", "leader_epoch"), [("3.5", 1), ("3.6", 0), ("4.0", 0)])
def test_an_isr_shrink_bumps_the_leader_epoch_only_before_3_6(version: str, leader_epoch: int) -> None:
    # KAFKA-15021 (MetadataVersion 3.6-IV0): PartitionChangeBuilder.triggerLeaderEpochBumpIfNeeded
    c = Cluster(version)
    c.w.handle(CreatePartition(TP, (0, 1, 2)))
    c.w.handle(BrokerFail(2))
    assert (c.state().leader, c.state().isr) == (0, (0, 1))
    assert (c.state().leader_epoch, c.state().zk_version) == (leader_epoch, 1)


def test_an_alter_partition_that_changes_nothing_writes_no_record() -> None:
    # PartitionChangeBuilder.build: an empty change is Optional.empty(); the answer is the current state
    c = Cluster()
    c.w.handle(CreatePartition(TP, (0, 1)))
    before = len(c.records())
    assert c.alter(0, (0, 1)) == (E.NONE, E.NONE)
    assert len(c.records()) == before
    assert c.state().zk_version == 0


# -- AlterPartition on the controller ------------------------------------------------------------

def test_alter_partition_naming_a_fenced_broker_is_ineligible_until_it_is_unfenced() -> None:
    # ReplicationControlManagerTest.testAlterPartitionShouldRejectFencedBrokers (3.7.0)
    c = Cluster("3.7")
    c.w.handle(BrokerStart(0))
    c.w.handle(CreatePartition(TP, (1, 2, 3, 4)))
    c.w.handle(BrokerFail(3))
    assert (c.state().isr, c.state().leader_epoch, c.state().zk_version) == ((1, 2, 4), 0, 1)
    assert c.alter(1, (1, 2, 3, 4)) == (E.NONE, E.INELIGIBLE_REPLICA)
    c.w.handle(BrokerStart(3))
    assert c.alter(1, (1, 2, 3, 4)) == (E.NONE, E.NONE)
    assert (c.state().leader, c.state().isr, c.state().leader_epoch, c.state().zk_version) == \
        (1, (1, 2, 3, 4), 0, 2)


def test_alter_partition_naming_a_broker_in_controlled_shutdown_is_ineligible() -> None:
    # ReplicationControlManagerTest.testAlterPartitionShouldRejectShuttingDownBrokers (3.7.0)
    c = Cluster("3.7")
    c.w.handle(BrokerStart(0))
    c.w.handle(CreatePartition(TP, (1, 2, 3, 4)))
    c.w.handle(BrokerFail(3))
    c.w.handle(BrokerStart(3))
    c.controller.shutting_down.add(3)  # heartbeats with wantShutDown, not yet granted
    assert c.alter(1, (1, 2, 3, 4)) == (E.NONE, E.INELIGIBLE_REPLICA)


def test_before_3_3_the_controller_accepts_a_fenced_broker_into_the_isr() -> None:
    # KIP-841 (3.3.0) added the eligibility check; 3.0-3.2 wrote what the leader asked
    c = Cluster("3.2")
    c.w.handle(CreatePartition(TP, (1, 2, 3)))
    c.w.handle(BrokerFail(3))
    assert c.alter(1, (1, 2, 3)) == (E.NONE, E.NONE)


@pytest.mark.parametrize(("change", "error"), [
    ({"broker": 1}, E.INVALID_REQUEST),  # not the leader
    ({"leader_epoch": 500}, E.NOT_CONTROLLER),  # ahead of the controller (KAFKA-14154)
    ({"partition_epoch": 500}, E.NOT_CONTROLLER),
    ({"isr": (0, 1, 3)}, E.INVALID_REQUEST),  # 3 is no replica
    ({"isr": (1, 2)}, E.INVALID_REQUEST),  # without the leader
])
def test_invalid_alter_partition_requests_are_refused_per_partition(change: dict[str, object],
                                                                   error: ErrorCode) -> None:
    # ReplicationControlManagerTest.testInvalidAlterPartitionRequests (3.7.0)
    c = Cluster("3.7")
    c.w.handle(CreatePartition(TP, (0, 1, 2)))
    broker = int(change.pop("broker", 0))  # type: ignore[call-overload]
    isr = change.pop("isr", (0, 1))
    assert c.alter(broker, isr, **change) == (E.NONE, error)  # type: ignore[arg-type]
    assert c.state().zk_version == 0


def test_alter_partition_with_a_stale_broker_epoch_is_refused_as_a_whole() -> None:
    # ReplicationControlManager.alterPartition: clusterControl.checkBrokerEpoch first
    c = Cluster("3.7")
    c.w.handle(CreatePartition(TP, (0, 1, 2)))
    assert c.alter(0, (0, 1), broker_epoch=c.controller.registered[0] + 100)[0] is E.STALE_BROKER_EPOCH


# -- unclean elections ---------------------------------------------------------------------------

def leaderless(version: str, **config: object) -> Cluster:
    """foo-0 [0, 1]: broker 1 fails, then 0 (ISR [0], no leader); broker 1 comes back."""
    c = Cluster(version, **config)
    c.w.handle(CreatePartition(TP, (0, 1)))
    c.at(9000).w.handle(BrokerFail(1))
    c.at(18000).w.handle(BrokerFail(0))
    c.at(19000).w.handle(BrokerStart(1))
    return c


@pytest.mark.parametrize("version", ["3.3", "3.8"])
def test_before_3_9_the_controller_ignores_unclean_leader_election_enable(version: str) -> None:
    # ConfigurationControlManager.uncleanLeaderElectionEnabledForTopic returned false (3.0-3.8)
    c = leaderless(version, **{"unclean.leader.election.enable": True})
    assert (c.state().leader, c.state().isr) == (-1, (0,))


def test_from_3_9_an_unfence_elects_uncleanly_when_the_config_allows() -> None:
    # KAFKA-12670: handleBrokerUnfenced uses Election.UNCLEAN for such topics
    c = leaderless("3.9", **{"unclean.leader.election.enable": True})
    assert (c.state().leader, c.state().isr, c.state().leader_recovery_state.name) == (1, (1,), "RECOVERING")


def test_from_3_9_maybe_elect_unclean_leaders_runs_an_interval_after_a_partition_lost_its_leader() -> None:
    # QuorumController.maybeScheduleNextElectUncleanLeaders: scheduled while partitions are leaderless,
    # unclean.leader.election.interval.ms later; the config is read when it runs
    c = leaderless("3.9", periodic="auto", **{"unclean.leader.election.interval.ms": 60_000})
    c.w.config.update({"unclean.leader.election.enable": True})
    c.at(18000 + 59_999)
    assert c.state().leader == -1
    c.at(18000 + 60_000)
    assert (c.state().leader, c.state().isr) == (1, (1,))


def test_before_3_9_no_maybe_elect_unclean_leaders_task_runs() -> None:
    c = leaderless("3.8", periodic="auto", **{"unclean.leader.election.enable": True,
                                              "unclean.leader.election.interval.ms": 1000})
    c.at(600_000)
    assert c.state().leader == -1


def test_an_elect_leaders_unclean_request_elects_before_3_9() -> None:
    # ElectLeaders(UNCLEAN) was the only unclean election in 3.0-3.8
    c = leaderless("3.6")
    assert c.controller.elect(TP, "unclean")
    assert (c.state().leader, c.state().isr) == (1, (1,))


# -- leader balancing ----------------------------------------------------------------------------

def imbalanced(version: str, **config: object) -> Cluster:
    """foo-0 [0, 1]: broker 0 fails and comes back into the ISR; broker 1 leads."""
    c = Cluster(version, periodic="auto", **{"leader.imbalance.check.interval.seconds": 10, **config})
    c.w.handle(CreatePartition(TP, (0, 1)))
    c.at(1000).w.handle(BrokerFail(0))
    c.at(2000).w.handle(BrokerStart(0))
    c.w.handle(Fetch(TP, 0, 0))
    assert (c.state().leader, c.state().isr) == (1, (1, 0))
    return c


def test_from_3_3_the_controller_balances_leaders_an_interval_after_the_imbalance() -> None:
    # QuorumController.maybeScheduleNextBalancePartitionLeaders: scheduled at the fence (1 s) + 10 s
    c = imbalanced("3.3")
    assert c.at(10_999).state().leader == 1
    assert c.at(11_000).state().leader == 0


def test_before_3_3_the_kraft_controller_never_balances_leaders() -> None:
    c = imbalanced("3.2")
    assert c.at(600_000).state().leader == 1


def test_auto_leader_rebalance_enable_false_stops_the_balancing() -> None:
    c = imbalanced("3.7", **{"auto.leader.rebalance.enable": False})
    assert c.at(600_000).state().leader == 1


def test_the_balancing_task_runs_on_the_controller_node_3000_by_default() -> None:
    c = imbalanced("3.7", **{"leader.imbalance.check.interval.seconds": 300})
    assert c.controller.id == DEFAULT_CONTROLLER_ID == 3000
    c.w.handle(RunTask(3000, AUTO_REBALANCE))
    assert c.state().leader == 0


def test_run_task_auto_leader_rebalance_on_a_broker_names_the_controller_node() -> None:
    c = imbalanced("3.7")
    with pytest.raises(ValueError, match="controller is node 3000"):
        c.w.handle(RunTask(1, AUTO_REBALANCE))


def test_the_controller_node_is_the_first_of_controller_quorum_voters() -> None:
    p = profile("4.0")
    assert controller_id(Config(p, {"controller.quorum.voters": "9990@c1:9093,9991@c2:9093"})) == 9990
    assert controller_id(Config(p, {})) == 3000


# -- properties over random KRaft traces ---------------------------------------------------------

STATE_INVARIANTS = {"leader_not_in_isr", "isr_outside_replicas", "hw_outside_log", "weak_isr", "strong_isr",
                    "invalid_high_watermark", "hw_decreased", "leader_epoch_decreased",
                    "zk_version_not_incremented"}
KRAFT_PROFILES = st.sampled_from((("4.0", {}), ("3.5", KRAFT)))
#: the ZooKeeper-mode property tests' random steps and driver (test_world), less the ZooKeeper
#: session expiry a KRaft cluster has not got
kraft_step = step.filter(lambda s: s[0] != "expire")


def play(version: str, config: dict[str, object], steps: list[tuple]) -> list[Effect]:
    return play_world(version, steps, **config)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(kraft_step, max_size=40), KRAFT_PROFILES)
def test_the_same_kraft_trace_gives_the_same_effects(steps: list[tuple],
                                                     kraft: tuple[str, dict[str, object]]) -> None:
    version, config = kraft
    assert [e.to_json() for e in play(version, config, steps)] == \
        [e.to_json() for e in play(version, config, steps)]


@SETTINGS
@given(st.lists(kraft_step, max_size=40), KRAFT_PROFILES)
def test_the_invariants_hold_under_clean_elections_in_kraft_mode(steps: list[tuple],
                                                                 kraft: tuple[str, dict[str, object]]) -> None:
    version, config = kraft
    effects = play(version, config, steps)
    assert [e.to_json() for e in effects if isinstance(e, Finding) and e.name in STATE_INVARIANTS] == []
    # acks=1 records live only on the leader until replicated: a clean election may lose them
    assert [e.to_json() for e in effects if isinstance(e, DataLoss) and "acks-1" in e.acknowledged_by] == []


@SETTINGS
@given(st.lists(kraft_step, max_size=40), KRAFT_PROFILES)
def test_every_partition_record_bumps_the_partition_epoch_by_one(steps: list[tuple],
                                                                 kraft: tuple[str, dict[str, object]]) -> None:
    # PartitionRegistration.merge: partitionEpoch + 1 for every PartitionChangeRecord; offsets dense
    version, config = kraft
    written = [e for e in play(version, config, steps) if isinstance(e, MetadataRecord)]
    assert [r.offset for r in written] == list(range(len(written)))
    epochs: dict[tuple[str, int], tuple[int, int]] = {}
    for r in written:
        if r.record == "PartitionRecord":
            epochs[(r.topic, r.partition)] = (r.leader_epoch, r.partition_epoch)  # type: ignore[index,assignment]
        elif r.record == "PartitionChangeRecord":
            leader_epoch, partition_epoch = epochs[(r.topic, r.partition)]  # type: ignore[index]
            assert r.partition_epoch == partition_epoch + 1
            assert r.leader_epoch in (leader_epoch, leader_epoch + 1)
            epochs[(r.topic, r.partition)] = (r.leader_epoch, r.partition_epoch)  # type: ignore[index,assignment]
