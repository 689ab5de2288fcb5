"""The log-only facts of a LeaderAndIsr a broker applied (``LeaderChanged.applied``): what
Kafka's "starts at leader epoch" and LeaderAndIsr lines print, carried without touching the
trace contract."""

from __future__ import annotations

from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.replication.effects import LeaderAndIsrApplied, LeaderChanged
from kafka_forensics.engine.replication.stimuli import Append, BrokerFail, BrokerStart, CreatePartition, Fetch

from .test_world import TP, world


def applied(effects: list[Effect], broker: int) -> list[LeaderAndIsrApplied]:
    return [e.applied for e in effects
            if isinstance(e, LeaderChanged) and e.broker == broker and e.applied is not None]


def failover() -> list[Effect]:
    """Controller 0; 1 leads t-0 (replicas 1, 2), 2 fetches 4 records, 1 takes 2 more at
    acks=1, then dies: 2 is elected."""
    w, effects = world("2.6")
    w.handle(BrokerStart(0))
    w.handle(CreatePartition(TP, (1, 2)))
    w.handle(Append(TP, 4, -1, "p"))
    w.handle(Fetch(TP, 2, 0))
    w.handle(Fetch(TP, 2, 4))
    w.handle(Append(TP, 2, 1, "q"))
    w.handle(BrokerFail(1))
    return effects


def test_a_new_partitions_first_leader_and_isr_is_new_from_the_controller_to_an_empty_replica() -> None:
    first = applied(failover(), 1)[0]
    assert (first.controller, first.controller_epoch, first.is_new) == (0, 1, True)
    assert (first.leo, first.hw, first.prev_leader_epoch, first.prev_leader) == (0, 0, -1, None)
    assert (first.state.leader, first.state.leader_epoch, first.state.replicas) == (1, 0, (1, 2))


def test_the_elected_follower_reports_its_log_end_offset_hw_and_the_epoch_and_leader_it_held() -> None:
    elected = applied(failover(), 2)[-1]
    assert (elected.state.leader, elected.state.leader_epoch, elected.state.zk_version) == (2, 1, 1)
    assert (elected.leo, elected.hw) == (4, 0)  # its HW as it stood before it raised it
    assert (elected.prev_leader_epoch, elected.prev_leader, elected.was_leader) == (0, 1, False)
    assert elected.is_new is False


def test_the_facts_are_log_only_out_of_to_dict_and_equality() -> None:
    e = next(e for e in failover() if isinstance(e, LeaderChanged) and e.applied is not None)
    assert "applied" not in e.to_dict()
    bare = LeaderChanged(e.at, e.topic, e.partition, e.broker, e.from_leader, e.to_leader, e.leader_epoch, e.isr)
    assert bare == e and bare.to_json() == e.to_json()
