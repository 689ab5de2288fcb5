"""The controller's elections, after PartitionLeaderElectionAlgorithmsTest (2.6) and the
Election helpers: who leads, with which ISR, and when an election is unclean."""

from __future__ import annotations

from kafka_forensics.engine.replication.election import (
    Election,
    controlled_shutdown,
    offline,
    preferred,
    reassignment,
)
from kafka_forensics.engine.replication.model import LeaderAndIsr


def state(leader: int, isr: tuple[int, ...], replicas: tuple[int, ...] = (2, 4), epoch: int = 3) -> LeaderAndIsr:
    return LeaderAndIsr(leader, epoch, isr, replicas, 7, 1)


def test_offline_election_takes_the_first_live_replica_in_the_isr() -> None:
    # testOfflinePartitionLeaderElection: assignment [2, 4], isr [2, 4], live {4}
    got = offline(state(2, (2, 4)), {4}, unclean_enabled=False)
    assert got is not None
    new, how = got
    assert (new.leader, new.isr, new.leader_epoch, new.zk_version, how) == (4, (4,), 4, 7, Election.OFFLINE)


def test_offline_election_without_a_live_isr_member_fails_when_unclean_is_off() -> None:
    # testOfflinePartitionLeaderElectionLastIsrOfflineUncleanLeaderElectionDisabled
    assert offline(state(2, (2,)), {4}, unclean_enabled=False) is None


def test_unclean_election_takes_a_live_replica_outside_the_isr_as_the_whole_isr() -> None:
    # testOfflinePartitionLeaderElectionLastIsrOfflineUncleanLeaderElectionEnabled
    got = offline(state(2, (2,)), {4}, unclean_enabled=True)
    assert got is not None
    new, how = got
    assert (new.leader, new.isr, how) == (4, (4,), Election.UNCLEAN)


def test_no_live_replica_no_leader_even_unclean() -> None:
    assert offline(state(2, (2, 4)), set(), unclean_enabled=True) is None


def test_preferred_election_needs_the_first_replica_alive_and_in_sync() -> None:
    # testPreferredReplicaPartitionLeaderElection / ...PreferredReplicaNotInIsr / ...PreferredReplicaDown
    assert preferred(state(4, (2, 4)), {2, 4}) is not None
    assert preferred(state(4, (4,)), {2, 4}) is None
    assert preferred(state(4, (2, 4)), {4}) is None
    new = preferred(state(4, (2, 4)), {2, 4})
    assert new is not None and (new.leader, new.isr, new.leader_epoch) == (2, (2, 4), 4)


def test_controlled_shutdown_moves_leadership_and_drops_the_shutting_down_broker() -> None:
    # testControlledShutdownPartitionLeaderElection(LastIsrShuttingDown / AllIsrSimultaneouslyShutdown)
    new = controlled_shutdown(state(2, (2, 4)), {2, 4}, {2})
    assert new is not None and (new.leader, new.isr) == (4, (4,))
    assert controlled_shutdown(state(2, (2,)), {2, 4}, {2}) is None
    assert controlled_shutdown(state(2, (2, 4)), {2, 4}, {2, 4}) is None


def test_reassignment_elects_from_the_target_replicas() -> None:
    # testReassignPartitionLeaderElection(WithNoLiveIsr)
    new = reassignment(state(2, (2, 4), replicas=(2, 4)), (4, 2), {2, 4})
    assert new is not None and new.leader == 4
    assert reassignment(state(2, (2,)), (4,), {2, 4}) is None
