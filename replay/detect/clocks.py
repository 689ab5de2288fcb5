"""Clock skew between brokers, estimated from lines that must be ordered.

The controller logs "Sending … LeaderAndIsr request (… LeaderEpoch:E …) to broker B for
partition P" (state-change.log, TRACE: the level Kafka's shipped log4j.properties set for that
file up to 2.5, INFO from 2.6, so newer brokers log it only when configured to); broker B logs
"Received LeaderAndIsr request … leaderEpoch=E … from controller C … for partition P" when
it arrives.  The arrival cannot precede the sending, so for every matched pair

    clock(B) - clock(C) <= received_at - sent_at

and the smallest such difference bounds B's clock against the controller's.  A negative
bound means B's clock runs behind C's by at least that much (certain); a large positive
smallest difference over several pairs means B's clock most likely runs ahead by about
that much (a LeaderAndIsr takes milliseconds to arrive; only a stalled broker would take
seconds every time).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import polars as pl

from ..findings import Finding, FindingKind, Severity, evidence_of
from . import CheckOptions, rows_of

SKEW_MS = 1000  # below this, ordering across brokers' logs is not worth a finding
AHEAD_PAIRS = 3  # pairs needed before a positive gap is read as a clock ahead


def clock_skew(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    columns = ["template", "node", "broker", "replica", "controller", "topic", "partition", "leader_epoch"]
    rows = rows_of(events, ["leader_and_isr_sent", "leader_and_isr_received"], columns)
    pairs: dict[tuple[str, int, int], list[tuple[dict[str, Any], dict[str, Any]]]] = {}
    for scope, controller, broker, sent, received in _pairs(rows):
        pairs.setdefault((scope, controller, broker), []).append((sent, received))
    out: list[Finding] = []
    for (scope, controller, broker), matched in sorted(pairs.items()):
        gap, (sent, received) = min(((r["at"] - s["at"], (s, r)) for s, r in matched), key=lambda x: x[0])
        if gap <= -SKEW_MS:
            said = f"broker {broker}'s clock runs behind controller {controller}'s by at least " \
                   f"{-gap / 1000:.1f} s"
            observed = (f"broker {broker} logged a LeaderAndIsr {-gap / 1000:.1f} s before controller "
                        f"{controller} logged sending it ({len(matched)} requests matched)")
        elif gap >= SKEW_MS and len(matched) >= AHEAD_PAIRS:
            said = f"broker {broker}'s clock most likely runs ahead of controller {controller}'s by about " \
                   f"{gap / 1000:.1f} s"
            observed = (f"every one of {len(matched)} LeaderAndIsr requests reached broker {broker} at least "
                        f"{gap / 1000:.1f} s after controller {controller} sent it")
        else:
            continue
        out.append(Finding(
            kind=FindingKind.CLOCK_SKEW, severity=Severity.WARNING, scope=scope, entity=f"broker {broker}",
            start=min(sent["at"], received["at"]), end=max(sent["at"], received["at"]),
            expected=f"a request is received after it is sent, within a second (clocks within {SKEW_MS} ms)",
            observed=observed,
            message=(f"{said[0].upper()}{said[1:]}: read cross-broker timelines with that offset in mind "
                     "and fix time synchronisation (NTP) on the brokers."),
            evidence=evidence_of([sent, received]),
            details={"reference": controller, "offset_ms": gap, "pairs": len(matched),
                     "bound": "upper" if gap < 0 else "estimate"}))
    return out


def _pairs(rows: list[dict[str, Any]]) -> Iterator[tuple[str, int, int, dict[str, Any], dict[str, Any]]]:
    """(scope, controller, broker, sent, received) for each LeaderAndIsr both sides logged: the
    same controller, broker, partition and leader epoch (the first of each side, as logged)."""
    sent: dict[tuple[Any, ...], dict[str, Any]] = {}
    received: dict[tuple[Any, ...], dict[str, Any]] = {}
    for r in rows:
        if r.get("leader_epoch") is None or r.get("topic") is None or r.get("partition") is None:
            continue
        if r["kind"] == "leader_and_isr_sent" and "send_lai" in (r.get("template") or ""):
            controller, broker, side = r.get("node"), r.get("replica"), sent
        elif r["kind"] == "leader_and_isr_received" and "lai_received" in (r.get("template") or ""):
            broker = r.get("node") if r.get("node") is not None else r.get("broker")
            controller, side = r.get("controller"), received
        else:
            continue
        if controller is None or broker is None or controller == broker:
            continue  # a controller's request to itself says nothing about two clocks
        side.setdefault((r["scope"], controller, broker, r["topic"], r["partition"], r["leader_epoch"]), r)
    for key, s in sent.items():
        r = received.get(key)
        if r is not None:
            yield key[0], key[1], key[2], s, r
