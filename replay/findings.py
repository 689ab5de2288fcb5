"""Findings: what ``check`` reports, one per problem an on-call engineer should look at.

A finding names its kind by a stable name (scripts and dashboards key on it), its entity
(``group payments``, ``partition orders-0``, ``broker 2``, ``cluster``), the time window it
covers, what Kafka's rules expect beside what the logs show, every log line involved
(file:line) and one sentence that says what to do.  The JSON form is versioned
(``SCHEMA_VERSION``) and its keys sorted, so reports diff cleanly between runs.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

SCHEMA_VERSION = 1


class Severity(enum.IntEnum):
    """How bad: ``check --fail-on`` compares against it (info < warning < error < critical)."""

    INFO = 0
    WARNING = 1
    ERROR = 2
    CRITICAL = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown severity {text!r}: use one of {names}") from None


class FindingKind(enum.StrEnum):
    """The stable names (issue 6, DESIGN.md "Replay and diff").  Not every name has a
    detector yet: ``DETECTED`` lists those ``check`` runs today."""

    ILLEGAL_TRANSITION = "illegal_transition"
    MISSING_TRANSITION = "missing_transition"
    UNEXPECTED_TRANSITION = "unexpected_transition"
    GENERATION_MISMATCH = "generation_mismatch"
    MEMBER_COUNT_MISMATCH = "member_count_mismatch"
    EARLY_EXPIRY = "early_expiry"
    REBALANCE_TIMEOUT_EXCEEDED = "rebalance_timeout_exceeded"
    REBALANCE_STORM = "rebalance_storm"
    ISR_SHRINK_WITHOUT_LAG = "isr_shrink_without_lag"
    ISR_EXPAND_BEFORE_CAUGHT_UP = "isr_expand_before_caught_up"
    ISR_FLAPPING = "isr_flapping"
    HW_REGRESSION = "hw_regression"
    HW_ABOVE_ISR_LEO = "hw_above_isr_leo"
    LEADER_EPOCH_REGRESSION = "leader_epoch_regression"
    ZK_VERSION_GAP = "zk_version_gap"
    ZK_BROKER_MISMATCH = "zk_broker_mismatch"
    ISR_CHANGE_NOT_PROPAGATED = "isr_change_not_propagated"
    UNCLEAN_ELECTION = "unclean_election"
    DATA_LOSS = "data_loss"
    TRUNCATION_BELOW_HW = "truncation_below_hw"
    OFFLINE_PARTITION = "offline_partition"
    UNDER_MIN_ISR = "under_min_isr"
    CONTROLLER_CHURN = "controller_churn"
    CLOCK_SKEW = "clock_skew"


@dataclass(frozen=True, order=True)
class Evidence:
    """One log line a finding rests on."""

    source: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line}"


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    severity: Severity
    entity: str
    start: int  # epoch ms of the first line involved
    end: int  # epoch ms of the last
    expected: str
    observed: str
    message: str
    evidence: tuple[Evidence, ...]
    scope: str = ""  # "cluster <id>", or "logs in <folder>" where the logs do not name it
    details: Mapping[str, Any] = field(default_factory=dict)

    def sort_key(self) -> tuple[Any, ...]:
        return (self.start, self.scope, self.entity, self.kind.value, self.end, self.evidence)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "severity": self.severity.label,
            "scope": self.scope,
            "entity": self.entity,
            "start": iso(self.start),
            "end": iso(self.end),
            "expected": self.expected,
            "observed": self.observed,
            "message": self.message,
            "evidence": [str(e) for e in self.evidence],
            "details": dict(self.details),
        }


def iso(ms: int) -> str:
    """Epoch ms as ISO-8601 UTC with milliseconds (``2021-04-28T16:41:34.236Z``)."""
    t = datetime.fromtimestamp(ms / 1000, tz=UTC)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def evidence_of(rows: Iterable[Mapping[str, Any]], limit: int | None = None) -> tuple[Evidence, ...]:
    """The rows' (source, line), in file order, each once; ``limit`` keeps the first ones."""
    seen = sorted({Evidence(r["source"], int(r["line"])) for r in rows if r.get("line") is not None})
    return tuple(seen if limit is None else seen[:limit])
