"""Controller findings: a controller that keeps moving between brokers."""

from __future__ import annotations

from collections import Counter

import polars as pl

from ..findings import Finding, FindingKind, Severity, evidence_of
from . import CheckOptions, by_key, episodes, minutes, rows_of


def controller_churn(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """At least ``churn_min`` controller elections, each within ``churn_window_ms`` of the
    previous.  Every move makes the new controller reload the whole cluster's state from
    ZooKeeper and stalls leader elections meanwhile; the usual cause is the controller's
    ZooKeeper session expiring (GC pauses, ZooKeeper latency), so expirations logged in the
    same window are counted with it."""
    rows = rows_of(
        events,
        ["controller_elected", "controller_resigned", "zk_session"],
        ["controller", "node", "broker", "state", "template"],
    )
    out: list[Finding] = []
    for (scope,), mine in sorted(by_key(rows, "scope").items()):
        moves = [r for r in mine if r["kind"] != "zk_session"]
        for run in episodes(moves, opts.churn_window_ms):
            elected = [r for r in run if r["kind"] == "controller_elected"]
            if len(elected) < opts.churn_min:
                continue
            start, end = run[0]["at"], run[-1]["at"]
            resigned = sum(
                1 for r in run if r["kind"] == "controller_resigned" and r.get("state") == "resigned"
            )
            expired = [
                r
                for r in mine
                if r["kind"] == "zk_session" and r.get("state") == "expired" and start <= r["at"] <= end
            ]
            winners = Counter(
                r["controller"] if r.get("controller") is not None else r.get("node") for r in elected
            )
            who = ", ".join(
                f"broker {b} ({n}x)" for b, n in sorted(winners.items(), key=lambda kv: (-kv[1], str(kv[0])))
            )
            why = (
                f"{len(expired)} ZooKeeper session expirations logged in the same window point to GC "
                "pauses or "
                "ZooKeeper latency on the controller"
                if expired
                else "look for ZooKeeper session expirations, broker restarts or long GC pauses on the "
                     "brokers "
                "that resigned"
            )
            out.append(
                Finding(
                    kind=FindingKind.CONTROLLER_CHURN,
                    severity=Severity.WARNING,
                    scope=scope,
                    entity="controller",
                    start=start,
                    end=end,
                    expected=f"fewer than {opts.churn_min} controller elections "
                             f"{minutes(opts.churn_window_ms)} apart",
                    observed=f"{len(elected)} elections and {resigned} resignations in "
                             f"{minutes(end - start)} ({who})",
                    message=(
                        f"The controller moved {len(elected)} times in {minutes(end - start)}: each move "
                        "reloads the "
                        f"cluster's state and delays leader elections; {why}."
                    ),
                    evidence=evidence_of(run + expired),
                    details={
                        "elections": len(elected),
                        "resignations": resigned,
                        "zk_expirations": len(expired),
                        "elected": {str(k): v for k, v in sorted(winners.items(), key=lambda kv: str(kv[0]))},
                    },
                )
            )
    return out
