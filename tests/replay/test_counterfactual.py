"""Counterfactual replay (``replay --set``): a consumer that paused past its session timeout
(Kafka 3.1 wording) and came back as a new member of the same client."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.counterfactual import parse_settings, what_if

from .test_diff_groups import consumer_config, join_round, line, member

BACK = "consumer-pay-1-0000beef-1c3d-4e5f-8a7b-9c0d1e2f3a4b"  # member 1's client (consumer-pay-1), a new id


def paused_then_back(tmp_path: Path, back_after: int) -> Path:
    """Two members; member 1 expires at 30 s (silent since 20 s on a 10 s session) and its
    client joins again ``back_after`` seconds later with a new member id."""
    text = (join_round(0, 4, 0, 1) + join_round(5, 5, 1, 2)
            + line(30, f"Member {member(1)} in group pay has failed, removing it from the group")
            + line(30, "Preparing to rebalance group pay in state PreparingRebalance with old generation 6 "
                       f"(__consumer_offsets-7) (reason: removing member {member(1)} on heartbeat expiration)")
            + line(30, "Stabilized group pay generation 7 (__consumer_offsets-7) with 1 members")
            + line(30, f"Assignment received from leader {member(0)} for group pay for generation 7. The group "
                       "has 1 members, 0 of which are static.")
            + join_round(30 + back_after, 7, 1, 2).replace(member(1), BACK))
    (tmp_path / "server.log").write_text(text)
    (tmp_path / "consumer.log").write_text(consumer_config(10_000))
    return tmp_path


def test_a_session_timeout_longer_than_the_pause_keeps_the_member(tmp_path: Path) -> None:
    """Silent from 20 s (30 s expiry, 10 s session) to its return at 35 s: 15 s, under 30 s."""
    (w,) = what_if(view.load([str(paused_then_back(tmp_path, 5))]), "pay", {"session.timeout.ms": 30_000})
    (c,) = w.changes
    assert c.member == member(1) and "silent for 15.0 s" in c.text and "assuming a pause" in c.text
    assert w.rebalances == (4, 2)  # the expiry's and the return's rebalances are gone


def test_a_pause_longer_than_the_new_session_timeout_still_expires(tmp_path: Path) -> None:
    (w,) = what_if(view.load([str(paused_then_back(tmp_path, 25))]), "pay", {"session.timeout.ms": 30_000})
    assert w.changes == () and "still over 30000 ms" in w.kept[0].text
    assert w.rebalances == (4, 4)


def test_broker_settings_go_to_the_engine(tmp_path: Path) -> None:
    (w,) = what_if(view.load([str(paused_then_back(tmp_path, 5))]), "pay",
                   {"group.initial.rebalance.delay.ms": 0})
    assert w.changes == () and w.hypothetical is not None


@pytest.mark.parametrize("pair", ["max.poll", "session.timeout.ms", "fetch.max.bytes=1"])
def test_settings_are_named_ones_with_a_value(pair: str) -> None:
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_settings([pair])


def test_a_group_with_several_lives_is_one_comparison(corpus: Path) -> None:
    """aryan-jadon's 3.1.0 my-group died and was recreated three times, and sat settled for over
    ten minutes twice: its six runs (four lives, two of them cut at a quiet spell) are compared
    as one group, and a 60 s session timeout spares the kafka-python consumers that came back
    within it (reviewed: 10 expiries spared, 18 still over)."""
    (w,) = what_if(view.load([str(corpus / "aryan-jadon-Distributed-Kafka-Clusters")]), "my-group",
                   {"session.timeout.ms": 60_000})
    assert len(w.actual) == 6 and w.hypothetical is not None
    assert (len(w.changes), len(w.kept)) == (10, 18)
    assert w.rebalances == (34, 21) and w.storms == (4, 2)
