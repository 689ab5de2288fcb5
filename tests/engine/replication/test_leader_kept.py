"""A LeaderAndIsr a broker applies that keeps the partition's leader (the controller's ISR shrink
when a follower's broker fails): a log-only note beside the effects (``EffectLog.notes``), never
an effect, so ``simulate --json`` and the expectations never see it."""

from __future__ import annotations

from pathlib import Path

from kafka_forensics.engine.config import Config
from kafka_forensics.engine.effects import Effect, EffectLog
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import LeaderChanged, LeaderKept
from kafka_forensics.engine.replication.stimuli import BrokerFail, BrokerStart, CreatePartition
from kafka_forensics.engine.replication.world import ReplicationWorld
from kafka_forensics.engine.timers import TimerMode, TimerQueue

from .test_world import TP

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def follower_fails() -> tuple[EffectLog, list[LeaderKept]]:
    """Controller 0; 1 leads t-0 (replicas 1, 2, 3); 3's broker fails: the controller takes it
    out of the ISR at leader epoch 1, 1 still the leader."""
    p = profile("2.6")
    effects = EffectLog()
    w = ReplicationWorld(p, Config(p, {}), TimerQueue(TimerMode.REALTIME), effects.append, note=effects.note)
    w.handle(BrokerStart(0))
    w.handle(CreatePartition(TP, (1, 2, 3)))
    w.handle(BrokerFail(3))
    return effects, [n for _, n in effects.notes if isinstance(n, LeaderKept)]


def test_the_leader_and_the_live_follower_each_note_the_request_that_kept_the_leader() -> None:
    _, kept = follower_fails()
    assert [(n.broker, n.applied.state.leader, n.applied.state.leader_epoch, n.applied.state.isr)
            for n in kept] == [(1, 1, 1, (1, 2)), (2, 1, 1, (1, 2))]


def test_the_note_carries_what_the_lines_print_sender_and_the_epoch_the_replica_held() -> None:
    _, kept = follower_fails()
    a = kept[0].applied
    assert (a.controller, a.controller_epoch, a.is_new) == (0, 1, False)
    assert (a.prev_leader, a.prev_leader_epoch, a.was_leader) == (1, 0, True)


def test_no_effect_says_a_broker_applied_it() -> None:
    effects, _ = follower_fails()
    assert all(isinstance(e, Effect) for e in effects)
    assert [e for e in effects if isinstance(e, LeaderChanged) and e.leader_epoch == 1] == []


def test_a_note_stands_after_the_effects_emitted_before_it() -> None:
    effects, _ = follower_fails()
    positions = [pos for pos, n in effects.notes if isinstance(n, LeaderKept)]
    shrink = next(i for i, e in enumerate(effects) if e.event == "isr_change")
    assert all(pos > shrink for pos in positions)


def test_an_effect_log_is_a_plain_list_to_what_reads_effects() -> None:
    log = EffectLog()
    log.note("x")
    assert log == [] and log.notes == [(0, "x")]
    log.append(1)
    assert type(log[0:]) is list and log[0:] == [1]


def test_a_run_keeps_the_notes_beside_its_effects_and_its_json_holds_none() -> None:
    from kafka_forensics.replay.simulate import simulate

    result = simulate(EXAMPLES / "replication" / "unclean-election-loses-acknowledged-records.2.6.jsonl")
    kept = [n for _, n in result.effects.notes if isinstance(n, LeaderKept)]
    assert [(n.at, n.broker, n.applied.state.isr) for n in kept] == [(40, 1, (1,))]
    assert all(isinstance(e, Effect) for e in result.effects)
