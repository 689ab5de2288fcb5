"""ZooKeeper as Kafka uses it (conditional writes, ephemerals, sequential nodes) and the
ZooKeeper-mode ISR write, including the "Cached zkVersion … skip updating ISR" loop after a
session expiry."""

from __future__ import annotations

import json

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import IsrChanged, ZkWrite
from kafka_forensics.engine.replication.isr_propagation import IsrChangePropagation
from kafka_forensics.engine.replication.ledger import AckLedger
from kafka_forensics.engine.replication.model import LeaderAndIsr, LeaderRecoveryState
from kafka_forensics.engine.replication.partition import Partition
from kafka_forensics.engine.replication.zk_isr import ZkIsrChannel
from kafka_forensics.engine.replication.zookeeper import (
    ZooKeeper,
    broker_json,
    broker_path,
    controller_json,
    decode_partition_state,
    isr_change_json,
    partition_state_json,
    partition_state_path,
)
from kafka_forensics.engine.timers import TimerMode, TimerQueue
from kafka_forensics.parsers.statedump.znodes import decode_znode  # the writer checked by our reader

TP = ("orders", 0)


def zk() -> tuple[ZooKeeper, list[Effect]]:
    effects: list[Effect] = []
    return ZooKeeper(lambda: 0, effects.append), effects


def test_a_conditional_write_with_a_stale_version_is_refused() -> None:
    z, effects = zk()
    z.create("/a", "x")
    assert z.set("/a", "y", 0) == 1
    assert z.set("/a", "z", 0) is None
    assert z.nodes["/a"].data == "y"
    assert [(e.op, e.ok, e.version) for e in effects if isinstance(e, ZkWrite)] == [
        ("create", True, 0), ("set", True, 1), ("set", False, None)]


def test_an_expired_session_takes_its_ephemeral_registration_with_it() -> None:
    z, _ = zk()
    s = z.open_session(2)
    z.create("/brokers/ids/2", "{}", session=s)
    z.create("/brokers/ids/3", "{}", session=z.open_session(3))
    assert z.expire(s) == ["/brokers/ids/2"]
    assert z.children("/brokers/ids") == ["/brokers/ids/3"]


def test_sequential_nodes_count_up_with_ten_digits() -> None:
    z, _ = zk()
    first = z.create("/isr_change_notification/isr_change_", isr_change_json([TP]), sequential=True)
    second = z.create("/isr_change_notification/isr_change_", isr_change_json([TP]), sequential=True)
    assert (first, second) == ("/isr_change_notification/isr_change_0000000000",
                               "/isr_change_notification/isr_change_0000000001")


def test_the_written_json_reads_back_as_kafkas_znodes() -> None:
    state = LeaderAndIsr(1, 4, (1, 2), (1, 2, 3), 7, 2)
    decoded = decode_znode(partition_state_path(TP), partition_state_json(state))
    assert decoded.kind == "zk_partition_state"
    assert (decoded.fields["leader"], decoded.fields["leader_epoch"], decoded.fields["isr"],
            decoded.fields["controller_epoch"]) == (1, 4, [1, 2], 2)
    assert json.loads(isr_change_json([TP]))["partitions"] == [{"topic": "orders", "partition": 0}]


def leader_on(z: ZooKeeper, effects: list[Effect], version: str = "2.6") -> tuple[Partition, ZkIsrChannel]:
    p = profile(version)
    timers = TimerQueue(TimerMode.REALTIME)
    channel = ZkIsrChannel(z, 1, {TP: (1, 2, 3)}, {TP: 1}, IsrChangePropagation(0), lambda: timers.now)
    leader = Partition(TP, 1, p, Config(p, {}), timers, effects.append, AckLedger(), channel)
    state = LeaderAndIsr(1, 0, (1, 2, 3), (1, 2, 3), 0, 1)
    z.create(partition_state_path(TP), partition_state_json(state))
    leader.make_leader(state, 0)
    timers.advance_to(30_001)
    return leader, channel


def test_a_shrink_is_written_with_the_cached_version_and_queued_for_propagation() -> None:
    z, effects = zk()
    leader, channel = leader_on(z, effects)
    leader.shrink_isr(30_001)
    assert json.loads(z.nodes[partition_state_path(TP)].data)["isr"] == [1]
    assert z.nodes[partition_state_path(TP)].version == 1
    assert channel.propagation.changed == [TP]
    assert [(e.to_isr, e.zk_version) for e in effects if isinstance(e, IsrChanged)] == [((1,), 1)]


def test_after_someone_else_wrote_the_state_the_leader_skips_updating_its_isr() -> None:
    # the controller rewrote the state while this broker's session was gone: the cached
    # version (0) is stale, every shrink is refused and the ISR in memory stays
    z, effects = zk()
    leader, channel = leader_on(z, effects)
    z.set(partition_state_path(TP), partition_state_json(LeaderAndIsr(1, 0, (1, 2, 3), (1, 2, 3), 1, 2)))
    for _ in range(3):
        leader.shrink_isr(30_001)
    assert leader.isr == (1, 2, 3) and channel.propagation.changed == []
    refused = [e for e in effects if isinstance(e, ZkWrite) and not e.ok]
    assert len(refused) == 3 and all(e.expected_version == 0 for e in refused)


def test_a_sequence_number_counts_every_child_ever_created_not_those_left() -> None:
    # PrepRequestProcessor: the suffix is the parent's cversion, bumped by each child create and
    # left alone by deletes (DataTree.deleteNode only moves the pzxid) — 3.4.14 / 3.5.9 / 3.8.4
    z, _ = zk()
    first = z.create("/isr_change_notification/isr_change_", "{}", sequential=True)
    assert first is not None and z.delete(first)
    z.create("/isr_change_notification/other", "{}")
    assert z.create("/isr_change_notification/isr_change_", "{}", sequential=True) == \
        "/isr_change_notification/isr_change_0000000002"


def test_a_registration_czxid_is_the_broker_epoch_and_grows() -> None:
    # KIP-380 (2.2): the broker epoch is the czxid of /brokers/ids/N; a new registration has a newer one
    z, _ = zk()
    s = z.open_session(1)
    z.create(broker_path(1), broker_json(1, 0), session=s)
    before = z.get(broker_path(1)).czxid  # type: ignore[union-attr]
    z.expire(s)
    z.create(broker_path(1), broker_json(1, 5), session=z.open_session(1))
    assert z.get(broker_path(1)).czxid > before  # type: ignore[union-attr]


def test_the_partition_state_reads_back_with_the_stat_version_as_zk_version() -> None:
    state = LeaderAndIsr(2, 5, (2, 3), (1, 2, 3), 9, 4, LeaderRecoveryState.RECOVERING)
    assert decode_partition_state(partition_state_json(state), 9, (1, 2, 3)) == state


def test_leader_recovery_state_lands_after_version_as_kafkas_map_orders_it() -> None:
    # ZkData 3.2 TopicPartitionStateZNode.encode: a six-entry Scala 2.13 HashMap
    text = partition_state_json(LeaderAndIsr(2, 5, (2,), (1, 2), 0, 4, LeaderRecoveryState.RECOVERING))
    assert text == ('{"controller_epoch":4,"leader":2,"version":1,"leader_recovery_state":1,'
                    '"leader_epoch":5,"isr":[2]}')
    assert "leader_recovery_state" not in partition_state_json(LeaderAndIsr(2, 5, (2,), (1, 2), 0, 4))


def test_the_controller_znode_as_kafka_writes_it() -> None:
    # ControllerZNode.encode: {"version":1,"brokerid":N,"timestamp":"<ms>"}
    assert json.loads(controller_json(3, 1700)) == {"version": 1, "brokerid": 3, "timestamp": "1700"}
    assert controller_json(3, 1700) == '{"version":1,"brokerid":3,"timestamp":"1700"}'


def test_a_seeded_node_is_input_not_a_write() -> None:
    z, effects = zk()
    z.seed("/brokers/topics/t/partitions/0/state", "{}", 7)
    assert effects == [] and z.get("/brokers/topics/t/partitions/0/state").version == 7  # type: ignore[union-attr]
    assert z.set("/brokers/topics/t/partitions/0/state", "{}", 7) == 8
