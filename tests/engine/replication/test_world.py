"""The replicated cluster as a whole: stimuli in, effects out, invariants after every step.
Restates the reference's D.4 counterexample, the unclean-election data loss, the stale
cached zkVersion after a ZooKeeper session expiry (KAFKA-2729's loop) and its AlterIsr
counterpart, and checks determinism and the invariants over random stimulus sequences."""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect, Finding
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import (
    AlterPartitionEvent,
    DataLoss,
    IsrChanged,
    ProduceResponse,
    Truncated,
    ZkWrite,
)
from kafka_forensics.engine.replication.stimuli import (
    AlterPartitionReply,
    Append,
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Elect,
    Fetch,
    LeaderAndIsrRequest,
    RunTask,
    ZkSessionExpire,
)
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.replication.zookeeper import partition_state_path
from kafka_forensics.engine.timers import TimerMode, TimerQueue

TP = ("t", 0)


def world(version: str, *, controller: str = "auto", periodic: str = "auto",
          **config: object) -> tuple[ReplicationWorld, list[Effect]]:
    p = profile(version)
    effects: list[Effect] = []
    return ReplicationWorld(p, Config(p, dict(config)), TimerQueue(TimerMode.REALTIME), effects.append,
                            controller=controller, periodic_tasks=periodic), effects


def at(w: ReplicationWorld, ms: int) -> None:
    w.advance_to(ms)


def leo(w: ReplicationWorld, broker: int, tp: tuple[str, int] = TP) -> int:
    return w.brokers[broker].replicas[tp].log.leo


def findings(effects: list[Effect]) -> list[str]:
    return [e.name for e in effects if isinstance(e, Finding)]


def test_views_show_the_leaders_numbers_and_each_replicas_own() -> None:
    w, _ = world("3.9")
    w.handle(CreatePartition(TP, (1, 2, 3)))
    w.handle(Append(TP, 5, -1, "p"))
    for follower in (2, 3):
        w.handle(Fetch(TP, follower, 0))
    w.handle(Fetch(TP, 2, 5))
    view = w.partition_view(TP)
    assert view is not None
    assert (view.leader, view.leader_epoch, view.isr, view.leo) == (1, 0, (1, 2, 3), {1: 5, 2: 5, 3: 0})
    replica = w.replica_view(TP, 3)
    assert replica is not None and (replica.leo, replica.leader_view_leo) == (5, 0)
    assert w.partition_view(("t", 9)) is None and w.replica_view(TP, 7) is None


def test_with_no_leader_the_view_is_the_controllers_state_and_the_last_leaders_numbers() -> None:
    w, _ = world("3.9")
    w.handle(BrokerStart(0))  # the controller
    w.handle(CreatePartition(TP, (1,)))
    w.handle(Append(TP, 3, 1, "p"))
    w.handle(BrokerFail(1))
    view = w.partition_view(TP)
    assert view is not None and (view.leader, view.leader_epoch, view.leo) == (-1, 1, {1: 3})


# -- D.4: the counterexample timeline ----------------------------------------------------------


def d4(version: str) -> tuple[ReplicationWorld, list[Effect]]:
    """Reference D.4 with A = 1, B = 2 and a scripted controller: A leads epoch 0, r1 is
    committed, then leadership goes to B (epoch 1) and straight back to A (epoch 2)."""
    w, effects = world(version, controller="scripted", periodic="manual")
    a, b = 1, 2
    w.handle(CreatePartition(TP, (a, b), leader=a, isr=(a, b)))   # steps 1-3
    w.handle(Append(TP, 1, -1, "p"))                               # step 4: r1 at offset 0
    w.handle(Fetch(TP, b, 0))                                      # step 5: B replicates, B's HW 0
    w.handle(Fetch(TP, b, 1))                                      # step 6: A's HW 1, r1 committed
    w.handle(LeaderAndIsrRequest(TP, b, 1, (a, b)))                # step 7
    w.handle(LeaderAndIsrRequest(TP, a, 2, (a, b)))                # steps 8-9: B follows A again
    return w, effects


def test_d4_truncating_to_the_high_watermark_breaks_strong_isr() -> None:
    w, effects = d4("0.10.2")
    assert w.brokers[2].replicas[TP].log.runs == []  # B_log: []
    assert {"strong_isr", "weak_isr"} <= set(findings(effects))
    assert [e.records for e in effects if isinstance(e, Truncated)] == [1]


def test_d4_under_kip_101_b_keeps_the_committed_record() -> None:
    w, effects = d4("0.11")
    w.handle(Fetch(TP, 2, leo(w, 2)))  # B's first fetch: the epoch-based truncation keeps r1
    assert [(r.epoch, r.start, r.end) for r in w.brokers[2].replicas[TP].log.runs] == [(0, 0, 1)]
    assert not [e for e in effects if isinstance(e, Truncated)]
    assert "strong_isr" not in findings(effects)


# -- data loss -----------------------------------------------------------------------------------


def test_unclean_election_loses_exactly_the_records_only_the_old_leader_had() -> None:
    # A leads, B in sync up to offset 4; B dies and leaves the ISR; A takes 3 more acks=all
    # records alone; A dies; B returns and is elected uncleanly; A returns, follows B and
    # truncates by leader epoch (KIP-101): offsets 4-6 are gone from the last replica holding them
    w, effects = world("2.6", **{"unclean.leader.election.enable": True})
    a, b = 1, 2
    w.handle(CreatePartition(TP, (a, b)))
    w.handle(Append(TP, 4, -1, "p"))
    w.handle(Fetch(TP, b, 0))
    w.handle(Fetch(TP, b, 4))
    w.handle(BrokerFail(b))
    w.handle(Append(TP, 3, -1, "q"))
    assert [(e.client, e.error) for e in effects if isinstance(e, ProduceResponse)] == [("p", "NONE"),
                                                                                       ("q", "NONE")]
    w.handle(BrokerFail(a))
    w.handle(BrokerStart(b))
    assert w.controller.read(TP).leader == b  # type: ignore[union-attr]
    w.handle(Append(TP, 2, 1, "r"))
    w.handle(BrokerStart(a))
    w.handle(Fetch(TP, a, leo(w, a)))
    lost = [(e.broker, e.first_offset, e.last_offset, e.records, e.acknowledged_by)
            for e in effects if isinstance(e, DataLoss)]
    assert lost == [(a, 4, 6, 3, ("q",))]


def test_a_clean_election_loses_nothing_acknowledged() -> None:
    w, effects = world("3.9")
    w.handle(CreatePartition(TP, (1, 2)))
    w.handle(Append(TP, 4, -1, "p"))
    w.handle(Fetch(TP, 2, 0))
    w.handle(Fetch(TP, 2, 4))
    w.handle(BrokerFail(1))
    w.handle(Append(TP, 2, -1, "q"))
    w.handle(BrokerStart(1))
    w.handle(Fetch(TP, 1, leo(w, 1)))
    assert not [e for e in effects if isinstance(e, DataLoss)]


# -- ZooKeeper session expiry ----------------------------------------------------------------


def expired_leader(version: str) -> tuple[ReplicationWorld, list[Effect]]:
    """Broker 1 leads t-0 (replicas [1, 2]); its session expires and the controller (0) moves
    leadership to 2 while 1 lives on believing it leads."""
    w, effects = world(version)
    w.handle(BrokerStart(0))
    w.handle(CreatePartition(TP, (1, 2)))
    w.handle(ZkSessionExpire(1))
    return w, effects


def test_after_a_session_expiry_the_old_leaders_isr_writes_are_refused_until_it_registers_again() -> None:
    # "Cached zkVersion [0] not equal to that in zookeeper, skip updating ISR" at every
    # isr-expiration (every 15 s in 2.6) until the broker registers and hears the new state
    w, effects = expired_leader("2.6")
    assert w.controller.read(TP).leader == 2  # type: ignore[union-attr]
    at(w, 75_000)
    refused = [e.at for e in effects if isinstance(e, ZkWrite) and not e.ok and e.writer == 1]
    assert refused == [45_000, 60_000, 75_000]
    w.handle(BrokerStart(1))
    at(w, 120_000)
    assert [e.at for e in effects if isinstance(e, ZkWrite) and not e.ok and e.writer == 1] == refused
    assert w.brokers[1].replicas[TP].is_leader is False


def test_with_alter_isr_the_cut_off_leader_is_answered_stale_broker_epoch_and_retries() -> None:
    # 2.8: the AlterIsr of a broker the controller no longer counts as live is refused whole
    # and sent again every 50 ms (AlterIsrManager's send-alter-isr)
    w, effects = expired_leader("2.8")
    at(w, 45_100)
    answers = [(e.at, e.phase, e.error) for e in effects if isinstance(e, AlterPartitionEvent) and e.broker == 1]
    assert answers[:4] == [(45_000, "sent", None), (45_000, "rejected", "STALE_BROKER_EPOCH"),
                           (45_050, "retried", None), (45_050, "rejected", "STALE_BROKER_EPOCH")]
    w.handle(BrokerStart(1))
    count = len([e for e in effects if isinstance(e, AlterPartitionEvent)])
    at(w, 46_000)
    assert len([e for e in effects if isinstance(e, AlterPartitionEvent)]) == count  # it follows 2 now


# -- AlterPartition through the auto controller ------------------------------------------------


def test_an_alter_partition_shrink_is_written_by_the_controller_and_committed_by_the_leader() -> None:
    w, effects = world("3.9", periodic="manual")
    w.handle(CreatePartition(TP, (1, 2, 3)))
    at(w, 31_000)
    w.handle(RunTask(1, "isr-expiration"))
    state = w.controller.read(TP)
    assert state is not None and (state.isr, state.zk_version, state.leader_epoch) == ((1,), 1, 0)
    writes = [e for e in effects if isinstance(e, ZkWrite) and e.path == partition_state_path(TP) and e.op == "set"]
    assert [(w_.writer, json.loads(w_.data or "{}")["isr"]) for w_ in writes] == [(1, [1])]  # broker 1 controls
    assert [(e.broker, e.to_isr, e.zk_version) for e in effects if isinstance(e, IsrChanged)] == [(1, (1,), 1)]


def test_a_scripted_controller_answers_only_through_replies() -> None:
    w, effects = world("3.9", controller="scripted", periodic="manual")
    w.handle(CreatePartition(TP, (1, 2, 3)))
    at(w, 31_000)
    w.handle(RunTask(1, "isr-expiration"))
    view = w.partition_view(TP)
    assert view is not None and view.pending_isr == (1,) and view.isr == (1, 2, 3)
    w.handle(AlterPartitionReply(TP))
    view = w.partition_view(TP)
    assert view is not None and (view.isr, view.pending_isr, view.zk_version) == ((1,), None, 1)
    w.handle(AlterPartitionReply(TP, error=ErrorCode.INVALID_UPDATE_VERSION))
    assert findings(effects)[-1:] == ["alter_partition_reply_unmatched"]


# -- properties ----------------------------------------------------------------------------------

BROKERS = (1, 2, 3)
TPS = (("t", 0), ("t", 1))

step = st.one_of(
    st.tuples(st.just("append"), st.sampled_from(TPS), st.integers(1, 4), st.sampled_from((-1, 1, 0))),
    st.tuples(st.just("fetch"), st.sampled_from(TPS), st.sampled_from(BROKERS)),
    st.tuples(st.just("tick"), st.integers(1, 20_000)),
    st.tuples(st.sampled_from(("fail", "start", "shutdown", "expire")), st.sampled_from(BROKERS)),
    st.tuples(st.just("preferred"), st.sampled_from(TPS)),
)


def play(version: str, steps: list[tuple], after: Callable[[ReplicationWorld, list[Effect]], None] | None = None,
         **config: object) -> list[Effect]:
    w, effects = world(version, **config)
    for tp in TPS:
        w.handle(CreatePartition(tp, BROKERS[tp[1]:] + BROKERS[:tp[1]]))
    now = 0
    for s in steps:
        if after is not None:
            after(w, effects)
        kind = s[0]
        b = w.brokers.get(s[-1]) if isinstance(s[-1], int) else None
        if kind == "append":
            w.handle(Append(s[1], s[2], s[3], f"acks{s[3]}"))
        elif kind == "fetch":
            p = w.brokers[s[2]].replicas[s[1]]
            w.handle(Fetch(s[1], s[2], p.log.leo))
        elif kind == "tick":
            now += s[1]
            w.advance_to(now)
        elif kind == "fail" and b is not None and b.alive:
            w.handle(BrokerFail(b.id))
        elif kind == "shutdown" and b is not None and b.alive:
            w.handle(BrokerShutdown(b.id))
        elif kind == "expire" and b is not None and b.alive and b.registered:
            w.handle(ZkSessionExpire(b.id))
        elif kind == "start":
            w.handle(BrokerStart(s[1]))
        elif kind == "preferred":
            w.handle(Elect(s[1], "preferred"))
    return effects


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(step, max_size=40), st.sampled_from(("0.10.2", "2.6", "2.8", "3.9")))
def test_the_same_stimuli_give_the_same_effects(steps: list[tuple], version: str) -> None:
    first = [e.to_json() for e in play(version, steps)]
    assert first == [e.to_json() for e in play(version, steps)]


@SETTINGS
@given(st.lists(step, max_size=40), st.sampled_from(("0.10.2", "2.6", "3.9")))
def test_every_successful_znode_write_bumps_its_version_by_one(steps: list[tuple], version: str) -> None:
    versions: dict[str, int] = {}
    for e in play(version, steps):
        if not isinstance(e, ZkWrite) or not e.ok:
            continue
        if e.op == "create":
            assert e.version == 0
            versions[e.path] = 0
        elif e.op == "set":
            if e.path in versions:
                assert e.version == versions[e.path] + 1
            versions[e.path] = e.version  # type: ignore[assignment]
        else:
            versions.pop(e.path, None)


STATE_INVARIANTS = {"leader_not_in_isr", "isr_outside_replicas", "hw_outside_log", "weak_isr", "strong_isr",
                    "invalid_high_watermark", "hw_decreased", "leader_epoch_decreased",
                    "zk_version_not_incremented"}


@SETTINGS
@given(st.lists(step, max_size=40))
def test_the_invariants_hold_under_clean_elections_in_the_newest_profile(steps: list[tuple]) -> None:
    effects = play("3.9", steps)
    assert [e.to_json() for e in effects if isinstance(e, Finding) and e.name in STATE_INVARIANTS] == []
    # acks=1 records live only on the leader until replicated: a clean election may lose them
    assert [e.to_json() for e in effects if isinstance(e, DataLoss) and "acks-1" in e.acknowledged_by] == []


def records(w: ReplicationWorld, tp: tuple[str, int], broker: int) -> list[int]:
    """A replica's log as the epoch of each offset (an oracle apart from invariants.py)."""
    log = w.brokers[broker].replicas[tp].log
    out = [-1] * log.log_start
    for run in log.runs:
        out += [run.epoch] * run.records
    return out


def broken(w: ReplicationWorld) -> set[tuple[str, str]]:
    """The ISR consistency invariants (reference D.2) that do not hold now."""
    out: set[tuple[str, str]] = set()
    for tp in TPS:
        quorum = w.controller.read(tp)
        assert quorum is not None
        name = f"{tp[0]}-{tp[1]}"
        if quorum.leader != -1 and quorum.leader not in quorum.isr:
            out.add((name, "leader_not_in_isr"))
        for b, broker in w.brokers.items():
            p = broker.replicas[tp]
            if not (broker.alive and p.is_leader):
                continue
            mine = records(w, tp, b)[:p.log.hw]
            for label, isr in (("weak_isr", p.isr), ("strong_isr", quorum.isr)):
                if any(m != b and records(w, tp, m)[:p.log.hw] != mine for m in isr):
                    out.add((name, label))
    return out


@SETTINGS
@given(st.lists(step, max_size=40), st.sampled_from(("0.10.0", "0.10.2", "0.11", "2.6")))
def test_every_violation_an_oracle_sees_was_reported_as_a_finding(steps: list[tuple], version: str) -> None:
    def audit(w: ReplicationWorld, effects: list[Effect]) -> None:
        reported = {(e.entity, e.name) for e in effects if isinstance(e, Finding)}
        assert broken(w) <= reported

    play(version, steps, audit)
