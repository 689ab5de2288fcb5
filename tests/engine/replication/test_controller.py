"""The ZooKeeper-mode controller, restating ControllerIntegrationTest (2.6.0 and 3.4.0): the
controller epoch, topic creation, broker failure with and without unclean election,
controlled shutdown, preferred election, and the AlterPartition validation rules."""

from __future__ import annotations

import json

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.alter_partition import AlterPartitionRequest
from kafka_forensics.engine.replication.effects import LeaderChanged, ZkWrite
from kafka_forensics.engine.replication.model import IsrProposal, LeaderAndIsr
from kafka_forensics.engine.replication.stimuli import (
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Elect,
    Fetch,
    RunTask,
)
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.replication.zookeeper import partition_state_path
from kafka_forensics.engine.timers import TimerMode, TimerQueue

TP = ("t", 0)
E = ErrorCode


def world(version: str = "2.6", **config: object) -> tuple[ReplicationWorld, list[Effect]]:
    p = profile(version)
    effects: list[Effect] = []
    return ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), effects.append,
                            periodic_tasks="manual"), effects


def started(w: ReplicationWorld, *brokers: int) -> ReplicationWorld:
    for b in brokers:
        w.handle(BrokerStart(b))
    return w


def znode(w: ReplicationWorld, path: str) -> str | None:
    node = w.zk.get(path)
    return node.data if node is not None else None


def state(w: ReplicationWorld) -> LeaderAndIsr:
    s = w.controller.read(TP)
    assert s is not None
    return s


def test_the_first_controller_takes_epoch_one() -> None:
    # testEmptyCluster: one broker elects itself; /controller_epoch was created at 0 and bumped
    w, _ = world()
    started(w, 0)
    assert json.loads(znode(w, "/controller") or "{}")["brokerid"] == 0
    assert znode(w, "/controller_epoch") == "1"


def epoch_writes(version: str) -> list[tuple[str, str, str | None]]:
    w, effects = world(version)
    started(w, 0)
    return [(e.path, e.op, e.data) for e in effects if isinstance(e, ZkWrite) and e.path.startswith("/controller")]


def test_from_2_1_the_controller_registers_and_bumps_the_epoch_in_one_multi() -> None:
    # KafkaZkClient.registerControllerAndIncrementControllerEpoch (KAFKA-6082): the epoch node is
    # created at InitialControllerEpoch (0), then /controller and the bump to 1 go together
    assert epoch_writes("2.6") == [("/controller_epoch", "create", "0"),
                                   ("/controller", "create", '{"version":1,"brokerid":0,"timestamp":"0"}'),
                                   ("/controller_epoch", "set", "1")]


def test_before_2_1_the_first_controller_creates_the_epoch_at_one() -> None:
    # KafkaController.incrementControllerEpoch (2.0.0): /controller first; no epoch node yet, so it
    # is created holding InitialControllerEpoch, which was 1
    assert epoch_writes("2.0") == [("/controller", "create", '{"version":1,"brokerid":0,"timestamp":"0"}'),
                                   ("/controller_epoch", "create", "1")]


def test_the_controller_epoch_outlives_the_last_broker() -> None:
    # testControllerEpochPersistsWhenAllBrokersDown
    w, _ = world()
    started(w, 0)
    w.handle(BrokerShutdown(0))
    assert znode(w, "/controller") is None
    assert znode(w, "/controller_epoch") == "1"


def test_a_controller_move_increments_the_controller_epoch() -> None:
    # testControllerMoveIncrementsControllerEpoch
    w, _ = world()
    started(w, 0)
    w.handle(BrokerShutdown(0))
    w.handle(BrokerStart(0))
    assert znode(w, "/controller_epoch") == "2" and w.controller.epoch == 2


def test_topic_creation_writes_the_initial_state() -> None:
    # testTopicCreation: leader 0, leader epoch 0, controller epoch 1, zkVersion 0
    w, _ = world()
    started(w, 0)
    w.handle(CreatePartition(TP, (0,)))
    assert znode(w, partition_state_path(TP)) == '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}'
    assert w.zk.get(partition_state_path(TP)).version == 0  # type: ignore[union-attr]


def test_topic_creation_with_an_offline_replica_leads_from_the_live_one() -> None:
    # testTopicCreationWithOfflineReplica: assignment [other, controller], other shut down
    w, _ = world()
    started(w, 0, 1)
    w.handle(BrokerShutdown(1))
    w.handle(CreatePartition(TP, (1, 0)))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.isr, s.controller_epoch) == (0, 0, (0,), 1)


def rejoin(w: ReplicationWorld, broker: int) -> None:
    """The restarted broker truncates and fetches up to the leader, joining the ISR."""
    leader = state(w).leader
    leo = w.brokers[leader].replicas[TP].log.leo
    w.handle(Fetch(TP, broker, leo))


def preferred_round(w: ReplicationWorld, other: int, controller: int, epoch: int) -> None:
    """ControllerIntegrationTest.preferredReplicaLeaderElection."""
    w.handle(BrokerShutdown(other))
    s = state(w)
    assert (s.leader, s.leader_epoch) == (controller, epoch + 1)
    w.handle(BrokerStart(other))
    rejoin(w, other)
    assert set(state(w).isr) == {other, controller}
    w.handle(Elect(TP, "preferred"))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.controller_epoch) == (other, epoch + 2, 1)


def test_preferred_replica_leader_election() -> None:
    # testPreferredReplicaLeaderElection: assignment [other, controller]
    w, _ = world()
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1, 0)))
    preferred_round(w, 1, 0, 0)


def test_back_to_back_preferred_replica_leader_elections() -> None:
    # testBackToBackPreferredReplicaLeaderElections
    w, _ = world()
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1, 0)))
    preferred_round(w, 1, 0, 0)
    preferred_round(w, 1, 0, 2)


def test_preferred_election_with_the_preferred_replica_offline_changes_nothing() -> None:
    # testPreferredReplicaLeaderElectionWithOfflinePreferredReplica
    w, _ = world()
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1, 0)))
    w.handle(BrokerShutdown(1))
    w.handle(Elect(TP, "preferred"))
    s = state(w)
    assert (s.leader, s.leader_epoch) == (0, 1)


def test_entire_isr_offline_with_unclean_election_disabled_leaves_no_leader() -> None:
    # testLeaderAndIsrWhenEntireIsrOfflineAndUncleanLeaderElectionDisabled: leader -1, epoch + 1,
    # the last ISR member kept
    w, _ = world("2.6", **{"unclean.leader.election.enable": False})
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1,)))
    w.handle(BrokerShutdown(1))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.isr) == (-1, 1, (1,))


def test_entire_isr_offline_with_unclean_election_enabled_but_no_live_replica_leaves_no_leader() -> None:
    # testLeaderAndIsrWhenEntireIsrOfflineAndUncleanLeaderElectionEnabled: no live replica at all
    w, _ = world("2.6", **{"unclean.leader.election.enable": True})
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1,)))
    w.handle(BrokerShutdown(1))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.isr) == (-1, 1, (1,))


def out_of_sync_follower(version: str, **config: object) -> tuple[ReplicationWorld, list[Effect]]:
    """Replicas [1, 2], ISR [1]: broker 2 fell out of sync, then the leader dies."""
    w, effects = world(version, **config)
    started(w, 0)
    w.handle(CreatePartition(TP, (1, 2), isr=(1,)))
    w.handle(BrokerFail(1))
    return w, effects


def test_unclean_election_is_the_default_before_0_11() -> None:
    # KIP-106: unclean.leader.election.enable defaulted to true until 0.11
    w, effects = out_of_sync_follower("0.10.2")
    s = state(w)
    assert (s.leader, s.isr) == (2, (2,))
    assert [e.election for e in effects if isinstance(e, LeaderChanged) and e.broker == -1] == ["unclean"]


def test_from_0_11_an_out_of_sync_replica_is_not_elected() -> None:
    w, _ = out_of_sync_follower("0.11")
    s = state(w)
    assert (s.leader, s.isr) == (-1, (1,))


def test_an_unclean_leader_is_written_recovering_from_3_2() -> None:
    # KIP-704: Election.leaderForOffline marks a leader from outside the ISR RECOVERING
    w, _ = out_of_sync_follower("3.2", **{"unclean.leader.election.enable": True})
    data = json.loads(znode(w, partition_state_path(TP)) or "{}")
    assert list(data) == ["controller_epoch", "leader", "version", "leader_recovery_state", "leader_epoch", "isr"]
    assert (data["leader"], data["leader_recovery_state"]) == (2, 1)


def test_an_explicit_unclean_election_needs_no_config() -> None:
    w, _ = out_of_sync_follower("2.6")
    assert state(w).leader == -1
    w.handle(Elect(TP, "unclean"))
    assert (state(w).leader, state(w).isr) == (2, (2,))


def test_controlled_shutdown_moves_leadership_and_shrinks_the_isr() -> None:
    # testControlledShutdown: assignment [0, 1, 2]; shutting down 2, then 1, then 0
    w, _ = world()
    started(w, 0, 1, 2)
    w.handle(CreatePartition(TP, (0, 1, 2)))
    assert w.controller.controlled_shutdown(2) == []
    w.handle(RunTask(0, "isr-expiration"))  # a step: deliveries and checks
    assert (state(w).leader, state(w).isr) == (0, (0, 1))
    assert w.controller.controlled_shutdown(1) == []
    assert (state(w).leader, state(w).isr) == (0, (0,))
    assert w.controller.controlled_shutdown(0) == [TP]  # nobody left to take it
    assert state(w).leader == 0


def test_a_broker_failure_elects_from_the_live_isr_and_bumps_the_epoch_once() -> None:
    # onBrokerFailure: the election's ISR is the live ISR, so no separate removal write follows
    w, effects = world()
    started(w, 0, 1, 2)
    w.handle(CreatePartition(TP, (1, 2, 0)))
    w.handle(BrokerFail(1))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.isr, s.zk_version) == (2, 1, (2, 0), 1)
    sets = [e for e in effects if isinstance(e, ZkWrite) and e.path == partition_state_path(TP) and e.op == "set"]
    assert len(sets) == 1


def test_a_failed_follower_leaves_the_isr_with_a_new_leader_epoch() -> None:
    # removeReplicasFromIsr: LeaderAndIsr.newLeaderAndIsr bumps the leader epoch
    w, _ = world()
    started(w, 0, 1, 2)
    w.handle(CreatePartition(TP, (0, 1, 2)))
    w.handle(BrokerFail(2))
    s = state(w)
    assert (s.leader, s.leader_epoch, s.isr) == (0, 1, (0, 1))


def test_controller_failover_removes_the_dead_leader_then_elects() -> None:
    # onControllerFailover: the replica state machine starts first (dead replicas leave the ISR,
    # the leader becoming -1), then the partition state machine elects: two new epochs
    w, _ = world()
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (0, 1)))
    w.handle(BrokerFail(0))
    s = state(w)
    assert (w.controller.id, w.controller.epoch) == (1, 2)
    assert (s.leader, s.leader_epoch, s.isr, s.controller_epoch) == (1, 2, (1,), 2)


def test_isr_change_notifications_are_read_and_deleted() -> None:
    # processIsrChangeNotification (2.6): the leader's own ZooKeeper write is noticed through the
    # notification its isr-change-propagation task writes
    w, effects = world("2.6")
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (0, 1)))
    w.timers.advance_to(40_000)
    w.handle(RunTask(0, "isr-expiration"))
    assert w.controller.cache[TP].isr == (0, 1)  # the controller has not heard yet
    w.timers.advance_to(46_000)
    w.handle(RunTask(0, "isr-change-propagation"))
    assert w.controller.cache[TP].isr == (0,)
    assert w.zk.children("/isr_change_notification") == []
    deletes = [e.path for e in effects if isinstance(e, ZkWrite) and e.op == "delete"]
    assert deletes == ["/isr_change_notification/isr_change_0000000000"]


# -- AlterPartition (KafkaController.processAlterIsr / tryProcessAlterPartition) ----------------


def alter_world(version: str) -> ReplicationWorld:
    """testAlterPartitionErrors' cluster: two brokers, assignment [controller, other]."""
    w, _ = world(version)
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (0, 1)))
    return w


def alter(w: ReplicationWorld, *, leader: int = 0, epoch: int | None = None, leader_epoch: int = 0,
          zk_version: int = 0, isr: tuple[int, ...] = (0,), tp: tuple[str, int] = TP):
    broker_epoch = w.brokers[0].epoch if epoch is None else epoch
    request = AlterPartitionRequest(leader, broker_epoch, (IsrProposal(tp, leader, leader_epoch, isr, zk_version,
                                                                       "shrink"),))
    return w.controller.alter_partition(request)


def test_alter_partition_with_a_stale_or_unknown_broker_epoch_is_refused_whole() -> None:
    # testAlterPartitionErrors: STALE_BROKER_EPOCH (broker epoch - 1, and an unknown broker 99)
    w = alter_world("3.4")
    assert alter(w, epoch=w.brokers[0].epoch - 1).error is E.STALE_BROKER_EPOCH
    assert alter(w, leader=99, epoch=1).error is E.STALE_BROKER_EPOCH


def test_alter_partition_for_an_unknown_partition() -> None:
    w = alter_world("3.4")
    result = alter(w, tp=("t", 1)).results[("t", 1)]
    assert result.error is E.UNKNOWN_TOPIC_OR_PARTITION


def test_alter_partition_epoch_errors_from_3_3() -> None:
    # testAlterPartitionErrors (3.4): older partition epoch -> INVALID_UPDATE_VERSION, newer epochs
    # -> NOT_CONTROLLER, older leader epoch -> FENCED_LEADER_EPOCH
    w = alter_world("3.4")  # leader 0, leader epoch 0, partition epoch 0
    bump = alter(w, isr=(0,))  # partition epoch 0 -> 1
    assert bump.results[TP].error is E.NONE
    assert alter(w, isr=(0, 1), zk_version=0).results[TP].error is E.INVALID_UPDATE_VERSION
    assert alter(w, isr=(0, 1), zk_version=2).results[TP].error is E.NOT_CONTROLLER
    assert alter(w, isr=(0, 1), zk_version=1, leader_epoch=1).results[TP].error is E.NOT_CONTROLLER


def test_alter_partition_with_an_older_leader_epoch_is_fenced() -> None:
    w = alter_world("2.8")
    w.handle(BrokerFail(1))  # controller removes 1 from the ISR: leader epoch 1
    assert alter(w, isr=(0, 1), leader_epoch=0, zk_version=1).results[TP].error is E.FENCED_LEADER_EPOCH


def test_an_older_partition_epoch_before_3_3_is_a_refused_zookeeper_write() -> None:
    # 2.8: no pre-check; the conditional write fails on BadVersion -> INVALID_UPDATE_VERSION
    w = alter_world("2.8")
    assert alter(w, isr=(0,)).results[TP].error is E.NONE
    got = alter(w, isr=(0, 1), zk_version=0)
    assert got.results[TP].error is E.INVALID_UPDATE_VERSION


def test_idempotent_alter_partition() -> None:
    # testIdempotentAlterPartition: a resent change answers the current state with any partition
    # epoch up to the current one
    w = alter_world("3.4")
    first = alter(w, leader=0, isr=(0,), zk_version=0).results[TP]
    assert first.error is E.NONE and first.state is not None and first.state.zk_version == 1
    for resent in (0, 1):
        again = alter(w, leader=0, isr=(0,), zk_version=resent).results[TP]
        assert again.error is E.NONE and again.state == first.state


def test_a_shut_down_broker_is_not_added_to_the_isr_from_3_3() -> None:
    # testShutdownBrokerNotAddedToIsr (KIP-841): INELIGIBLE_REPLICA, the ISR unchanged
    w = alter_world("3.4")
    w.handle(BrokerShutdown(1))
    s = state(w)
    got = alter(w, isr=(0, 1), leader_epoch=s.leader_epoch, zk_version=s.zk_version).results[TP]
    assert got.error is E.INELIGIBLE_REPLICA and state(w).isr == (0,)


def test_before_3_3_an_offline_broker_could_be_written_into_the_isr() -> None:
    w = alter_world("3.2")
    w.handle(BrokerShutdown(1))
    s = state(w)
    got = alter(w, isr=(0, 1), leader_epoch=s.leader_epoch, zk_version=s.zk_version).results[TP]
    assert got.error is E.NONE and state(w).isr == (0, 1)


# -- auto leader rebalance ---------------------------------------------------------------------


def auto_world(version: str = "2.6", **config: object) -> ReplicationWorld:
    p = profile(version)
    return ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), lambda e: None)


def test_auto_preferred_replica_leader_election() -> None:
    # testAutoPreferredReplicaLeaderElection (check interval 1 s): the preferred replica comes
    # back, rejoins the ISR, and the next check hands it leadership (epoch + 2). In 2.6 the
    # controller learns of the rejoin from the ISR-change notification, 5 s of blackout later
    w = auto_world(**{"leader.imbalance.check.interval.seconds": 1})
    started(w, 0, 1)
    w.handle(CreatePartition(TP, (1, 0)))
    w.handle(BrokerShutdown(1))
    assert (state(w).leader, state(w).leader_epoch) == (0, 1)
    w.handle(BrokerStart(1))
    rejoin(w, 1)
    w.advance_to(6_000)
    assert state(w).leader == 0  # the controller has not heard of the rejoin yet
    w.advance_to(10_000)
    assert (state(w).leader, state(w).leader_epoch) == (1, 2)


def imbalanced(astray: int) -> ReplicationWorld:
    """Ten partitions preferring broker 1, ``astray`` of them led by broker 0."""
    w = auto_world("3.9")
    started(w, 0, 1)
    for i in range(10):
        w.handle(CreatePartition(("t", i), (1, 0), leader=0 if i < astray else 1))
    w.advance_to(5_000)  # the first check, 5 s after the controller took the role
    return w


def test_an_imbalance_of_exactly_the_percentage_is_left_alone() -> None:
    # leader.imbalance.per.broker.percentage 10: 1 of 10 is not above it
    w = imbalanced(1)
    assert w.controller.read(("t", 0)).leader == 0  # type: ignore[union-attr]


def test_an_imbalance_above_the_percentage_moves_every_stray_partition_home() -> None:
    w = imbalanced(2)
    assert [w.controller.read(("t", i)).leader for i in range(3)] == [1, 1, 1]  # type: ignore[union-attr]
