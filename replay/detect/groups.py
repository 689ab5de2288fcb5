"""Consumer-group findings read off the coordinator's and the consumers' lines."""

from __future__ import annotations

from collections import Counter
from typing import Any

import polars as pl

from kafka_forensics.engine.group.member_ids import client_id_of

from ..findings import Finding, FindingKind, Severity, evidence_of
from . import CheckOptions, by_key, episodes, minutes, rows_of

# Every "Preparing to rebalance" names its trigger (derive.rebalance_reason's vocabulary); the
# advice is what an operator does about that trigger.
_ADVICE = {
    "heartbeat_expiration": "members stopped heartbeating within session.timeout.ms (consumers dying, "
    "long GC pauses or network trouble): read those consumers' logs at the expiry times",
    "poll_timeout": "consumers exceeded max.poll.interval.ms (a batch took too long to process): lower "
    "max.poll.records or raise max.poll.interval.ms",
    "new_member": "new members keep joining (consumers restarting, autoscaling, or short-lived consumers "
    "sharing the group id); static membership (group.instance.id) lets restarts skip the "
    "rebalance",
    "leave": "members keep leaving (LeaveGroup: consumers closed or restarted); static membership "
    "(group.instance.id) lets restarts skip the rebalance",
    "leader_rejoin": "the leader keeps rejoining (its subscription or the topics' metadata keep changing)",
    "metadata_change": "members rejoin with new metadata (subscriptions or topic patterns changing)",
    "member_rejoin": "members rejoin while the group is stable (their subscription or metadata changed)",
}
_JOIN_THEN_EXPIRE = (
    "members join and then time out before their first heartbeat: the consumers die or "
    "block (e.g. in a rebalance listener) right after joining"
)


#: how long before the coordinator's leave line the consumer's "poll timeout has expired" may
#: stand: it sends its LeaveGroup right after logging it; the two hosts' clocks may differ
_POLL_TIMEOUT_BEFORE_MS = 30_000
_POLL_TIMEOUT_AFTER_MS = 5_000


def _cause(row: dict[str, Any]) -> str:
    cause = row.get("cause") or "unknown"
    said = (row.get("client_reason") or "").lower()
    if cause == "leave" and ("poll timeout" in said or row.get("poll_timeout_line")):
        # KIP-800 (3.2+): the consumer says why it left; before it, its own log does
        return "poll_timeout"
    return cause


def _with_poll_timeouts(events: pl.DataFrame, rows: list[dict[str, Any]]) -> None:
    """Mark each leave whose consumer logged "consumer poll timeout has expired" just before it
    (``poll_timeout_line``): before KIP-800 (3.2) the coordinator does not say why a member left,
    the consumer's own log does (matched by group and client id, wherever its log sits)."""
    said = by_key(rows_of(events, ["consumer_poll_timeout"], ["group", "client_id"]), "group", "client_id")
    if not said:
        return
    for r in rows:
        if r.get("cause") != "leave" or not r.get("member"):
            continue
        mine = said.get((r.get("group"), client_id_of(r["member"])), ())
        near = [p for p in mine
                if r["at"] - _POLL_TIMEOUT_BEFORE_MS <= p["at"] <= r["at"] + _POLL_TIMEOUT_AFTER_MS]
        if near:
            r["poll_timeout_line"] = min(near, key=lambda p: abs(r["at"] - p["at"]))


def rebalance_storm(events: pl.DataFrame, opts: CheckOptions) -> list[Finding]:
    """Rebalances of one group that follow each other within ``storm_window_ms``, at least
    ``storm_min`` of them: one finding per storm, with its triggers counted by cause and
    member (the "why did this group rebalance forty times" question)."""
    rows = rows_of(
        events,
        ["group_prepare_rebalance"],
        ["group", "generation", "cause", "client_reason", "member", "reason"],
    )
    _with_poll_timeouts(events, rows)
    out: list[Finding] = []
    for (scope, group), mine in sorted(by_key(rows, "scope", "group").items()):
        for storm in episodes(mine, opts.storm_window_ms):
            if len(storm) < opts.storm_min:
                continue
            out.append(_storm(scope, group, storm, opts))
    return out


_GONE = ("poll_timeout", "heartbeat_expiration", "leave")


def _rejoins(storm: list[dict[str, Any]]) -> int:
    """New members whose client had left, timed out or expired earlier in the storm: the same
    consumer coming back with a new member id, a consequence of that trigger, not a new one."""
    gone: Counter[str] = Counter()  # departures not yet matched by a return, per client id
    out = 0
    for r in storm:
        member, cause = r.get("member"), _cause(r)
        if not member:
            continue
        if cause in _GONE:
            gone[client_id_of(member)] += 1
        elif cause == "new_member" and gone[client_id_of(member)] > 0:
            gone[client_id_of(member)] -= 1  # one departure explains one return
            out += 1
    return out


def _storm(scope: str, group: str, storm: list[dict[str, Any]], opts: CheckOptions) -> Finding:
    causes = Counter(_cause(r) for r in storm)
    members = Counter(r["member"] for r in storm if r.get("member"))
    joined = {r["member"] for r in storm if _cause(r) == "new_member" and r.get("member")}
    expired = {r["member"] for r in storm if _cause(r) == "heartbeat_expiration" and r.get("member")}
    span = storm[-1]["at"] - storm[0]["at"]
    ranked = sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))
    said = ", ".join(f"{n} {c.replace('_', ' ')}" for c, n in ranked)
    rejoins = _rejoins(storm)
    # the trigger: joins of consumers that came back are consequences of why they went
    triggers = causes - Counter({"new_member": rejoins})
    top = min(triggers.items(), key=lambda kv: (-kv[1], kv[0]))[0] if triggers else ranked[0][0]
    if len(joined & expired) >= 2:
        advice = _JOIN_THEN_EXPIRE
    else:
        advice = _ADVICE.get(top, "read the rebalance reasons in the evidence lines")
        if rejoins and top in _GONE:
            advice += f", and each such consumer rejoined as a new member ({rejoins} rebalances more)"
    # what a setting would have spared, re-run through the engine: ``replay --set``
    knob = {"poll_timeout": "max.poll.interval.ms", "heartbeat_expiration": "session.timeout.ms"}.get(top)
    if knob is not None and advice is not _JOIN_THEN_EXPIRE:
        advice += (f"; kafka-forensics replay --group {group} --set {knob}=… shows which of these rebalances "
                   "a longer one would have spared")
    gens = [r["generation"] for r in storm if r.get("generation") is not None]
    details: dict[str, Any] = {
        "rebalances": len(storm),
        "causes": dict(sorted(causes.items())),
        "members": dict(sorted(members.items())),
        "joined_then_expired": sorted(joined & expired),
        "rejoins": rejoins,
    }
    if gens:
        details["generations"] = [min(gens), max(gens)]
    return Finding(
        kind=FindingKind.REBALANCE_STORM,
        severity=Severity.ERROR if len(storm) >= 4 * opts.storm_min else Severity.WARNING,
        scope=scope,
        entity=f"group {group}",
        start=storm[0]["at"],
        end=storm[-1]["at"],
        expected=f"fewer than {opts.storm_min} rebalances {minutes(opts.storm_window_ms)} apart",
        observed=f"{len(storm)} rebalances in {minutes(span)} ({said})",
        message=f"Group {group} rebalanced {len(storm)} times in {minutes(span)}, mostly because {advice}.",
        evidence=evidence_of(storm + [r["poll_timeout_line"] for r in storm if r.get("poll_timeout_line")]),
        details=details,
    )
