"""The group state table (GroupMetadataTest's transition cases) and its generated diagram."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kafka_forensics.engine.group.states import GroupState as S
from kafka_forensics.engine.group.states import can_rebalance, is_legal
from kafka_forensics.engine.profiles import profile

DOC = Path(__file__).resolve().parents[2] / "docs" / "group-states.md"


@pytest.mark.parametrize("source,target", [
    (S.EMPTY, S.STABLE), (S.EMPTY, S.COMPLETING_REBALANCE), (S.STABLE, S.STABLE),
    (S.PREPARING_REBALANCE, S.PREPARING_REBALANCE), (S.PREPARING_REBALANCE, S.STABLE),
    (S.COMPLETING_REBALANCE, S.COMPLETING_REBALANCE), (S.DEAD, S.STABLE),
    (S.DEAD, S.PREPARING_REBALANCE), (S.DEAD, S.COMPLETING_REBALANCE)])
def test_transitions_kafka_refuses_are_illegal(source, target):
    """GroupMetadataTest: testEmptyToStableIllegalTransition and its siblings."""
    assert not is_legal(source, target)


def test_dead_to_dead_is_legal():
    """GroupMetadataTest.testDeadToDeadIllegalTransition asserts that it succeeds."""
    assert is_legal(S.DEAD, S.DEAD)


def test_only_empty_stable_and_completing_can_rebalance():
    assert {s for s in S if can_rebalance(s)} == {S.EMPTY, S.STABLE, S.COMPLETING_REBALANCE}


def test_completing_rebalance_is_called_awaiting_sync_before_1_1():
    """KAFKA-5565 renamed the state in 1.1."""
    assert S.COMPLETING_REBALANCE.kafka_name(profile("1.0")) == "AwaitingSync"
    assert S.COMPLETING_REBALANCE.kafka_name(profile("1.1")) == "CompletingRebalance"


def test_docs_group_states_md_is_generated_from_the_table():
    out = subprocess.run([sys.executable, "-m", "kafka_forensics.engine.group.states"], capture_output=True,
                         text=True, check=True).stdout
    assert DOC.read_text() == out, \
        "regenerate: python -m kafka_forensics.engine.group.states > docs/group-states.md"
