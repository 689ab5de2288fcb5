"""Counterfactual replay: the same incident under other configs (``replay --set``).

Broker settings (``group.initial.rebalance.delay.ms`` ...) go straight to the engine.  The
consumers' own settings change what the members did, so they rewrite the lines the trace
is derived from before it is derived again:

* ``max.poll.interval.ms`` — a member that left on a poll timeout (KIP-800's client reason
  "consumer poll timeout has expired", 3.2+, or its consumer's "sending LeaveGroup … due to
  consumer poll timeout" line) had polled last one old interval before it left; its client
  polled again when it rejoined (the Java client rejoins on its next poll).  That gap under
  the new interval is no timeout: the leave, the rejoin and the rebalances they alone
  triggered did not happen, and the new member id is the old one.
* ``session.timeout.ms`` — a member that expired stopped heartbeating one old session
  timeout before; if its client was back (rejoined) before the new timeout ran out, it
  would have kept its membership — assuming it was paused (GC, network), not restarted: a
  restarted consumer joins as a new member whatever the timeout, which the logs cannot
  tell apart.

The rewritten lines are derived and run like real ones; the report puts the two runs side
by side: rebalances, expiries, and the storms ``check`` would report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from kafka_forensics.engine.group.member_ids import client_id_of

from .derive_groups import GROUP_COLUMNS, GROUP_KINDS
from .detect import CheckOptions, episodes
from .diff_groups import GroupReplay, replay_groups
from .findings import Evidence

BROKER_SETTINGS = (
    "group.initial.rebalance.delay.ms",
    "group.min.session.timeout.ms",
    "group.max.session.timeout.ms",
)
CONSUMER_SETTINGS = ("max.poll.interval.ms", "session.timeout.ms")
_JOINS = ("group_member_id_created", "group_member_joined")


@dataclass(frozen=True)
class Change:
    """One step of the incident that the new settings change (or, ``kept``, do not)."""

    at: int  # wall ms
    member: str
    text: str
    evidence: tuple[Evidence, ...]


@dataclass(frozen=True)
class WhatIf:
    group: str
    scope: str
    settings: Mapping[str, int]
    changes: tuple[Change, ...]
    kept: tuple[Change, ...]
    #: the group's runs as logged (one per coordinator it had) and as it would have gone (None:
    #: nothing changes)
    actual: tuple[GroupReplay, ...]
    hypothetical: tuple[GroupReplay, ...] | None
    storms: tuple[int, int]  # rebalance storms (check's thresholds) as logged / as it would have gone

    @property
    def rebalances(self) -> tuple[int, int]:
        before = sum(r.rebalances for r in self.actual)
        after = sum(r.rebalances for r in self.hypothetical) if self.hypothetical is not None else before
        return before, after


def parse_settings(pairs: Sequence[str]) -> dict[str, int]:
    """``KEY=VALUE`` pairs (``--set``) -> settings; a sentence naming the bad one otherwise."""
    out: dict[str, int] = {}
    known = BROKER_SETTINGS + CONSUMER_SETTINGS
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or key not in known:
            raise ValueError(f"--set {pair!r}: give KEY=VALUE with KEY one of {', '.join(known)}")
        try:
            out[key] = int(value.strip())
        except ValueError:
            raise ValueError(f"--set {pair!r}: {key} takes a number of milliseconds") from None
    return out


def what_if(
    events: pl.DataFrame,
    group: str,
    settings: Mapping[str, int],
    opts: CheckOptions | None = None,
    *,
    profile_name: str | None = None,
) -> list[WhatIf]:
    """The group as logged and as it would have gone under ``settings``, per scope."""
    from .detect import rows_of, with_scope

    opts = opts or CheckOptions()
    scoped = with_scope(events)
    broker = {k: v for k, v in settings.items() if k in BROKER_SETTINGS}
    out = []
    by_scope: dict[str, list[GroupReplay]] = {}
    for run in replay_groups(scoped, groups={group}, profile_name=profile_name):
        by_scope.setdefault(run.case.scope, []).append(run)
    for scope, actual in sorted(by_scope.items()):
        mine = scoped.filter(pl.col("scope") == scope).with_row_index("_rid")
        rows = [r for r in rows_of(mine, GROUP_KINDS, (*GROUP_COLUMNS, "_rid")) if r.get("group") == group]
        if not rows:
            continue
        leaves = _poll_timeout_leaves(mine, group)
        drop, rename, changes, kept = _rewrite(rows, leaves, settings, actual)
        hypothetical = None
        if drop or rename or broker:
            gone = [rows[i]["_rid"] for i in drop]
            table = mine.filter(~pl.col("_rid").is_in(gone)).drop("_rid")
            if rename:
                table = table.with_columns(pl.col("member").replace(dict(rename)))
            runs = replay_groups(table, groups={group}, overrides=broker, profile_name=profile_name)
            hypothetical = tuple(runs)
        storms = (_storms(actual, opts), _storms(hypothetical if hypothetical is not None else actual, opts))
        out.append(WhatIf(group, scope, dict(settings), tuple(changes), tuple(kept), tuple(actual),
                          hypothetical, storms))
    return out


def _poll_timeout_leaves(events: pl.DataFrame, group: str) -> set[str]:
    """Members whose LeaveGroup was a poll timeout, by their coordinator's (KIP-800) or their
    consumer's own line."""
    said = pl.coalesce(
        pl.col("client_reason") if "client_reason" in events.columns else pl.lit(None),
        pl.col("reason") if "reason" in events.columns else pl.lit(None),
    )
    rows = events.filter(
        pl.col("kind").is_in(["group_prepare_rebalance", "group_member_left", "consumer_leave"])
        & (pl.col("group") == group)
        & said.str.contains("(?i)poll timeout")
    )
    return {m for m in rows.get_column("member").to_list() if m}


def _rewrite(
    rows: list[dict[str, Any]],
    poll_leaves: set[str],
    settings: Mapping[str, int],
    actual: Sequence[GroupReplay],
) -> tuple[set[int], dict[str, str], list[Change], list[Change]]:
    """The rows that would not have been written, the member ids that would have stayed the
    old ones, and the changes (and unchanged triggers) in words."""
    drop: set[int] = set()
    rename: dict[str, str] = {}
    changes: list[Change] = []
    kept: list[Change] = []
    interval, session = settings.get("max.poll.interval.ms"), settings.get("session.timeout.ms")
    seen: set[tuple[str, int]] = set()  # a leave's rebalance line and its "has left" line are one leave

    def same(member: str) -> str:  # the id a member has once the returns before it are undone
        while member in rename:
            member = rename[member]
        return member

    for i, r in enumerate(rows):
        raw = r.get("member")
        if not raw or i in drop:
            continue
        # the setting that judges this line: (new value, the member's timeout key, words)
        if interval is not None and raw in poll_leaves and _is_leave(r):
            rule = (interval, "rebalance_timeout_ms", _POLL)
        elif session is not None and r["kind"] == "group_member_failed":
            rule = (session, "session_timeout_ms", _SESSION)
        else:
            continue
        if (raw, r["at"]) in seen:
            continue
        seen.add((raw, r["at"]))
        new, key, words = rule
        ev = (Evidence(str(r["source"]), int(r["line"])),)
        back = _comes_back(rows, i, raw)
        if back is None:
            kept.append(Change(r["at"], raw, words.never, ev))
            continue
        old = _timeout(actual, raw, key)
        # it went quiet one old timeout before the line; its client was back at ``back``
        quiet = rows[back]["at"] - (r["at"] - old)
        if quiet < new:
            _suppress(rows, i, back, raw, same(raw), drop, rename)
            changes.append(Change(r["at"], raw, words.spared.format(s=quiet / 1000, new=new, old=old), ev))
        else:
            kept.append(Change(r["at"], raw, words.still.format(s=quiet / 1000, new=new), ev))
    return drop, rename, changes, kept


@dataclass(frozen=True)
class _Words:
    never: str
    spared: str
    still: str


_POLL = _Words("left on a poll timeout and never came back in the logs",
               "its poll took {s:.1f} s: under {new} ms no poll timeout (it had {old} ms), no LeaveGroup and "
               "no rejoin",
               "its poll took {s:.1f} s: still over {new} ms")
_SESSION = _Words("expired and never came back in the logs",
                  "silent for {s:.1f} s: under {new} ms it keeps its membership (it had {old} ms; assuming a "
                  "pause, not a restart)",
                  "silent for {s:.1f} s: still over {new} ms")


def _is_leave(r: Mapping[str, Any]) -> bool:
    return r["kind"] == "group_member_left" or (
        r["kind"] == "group_prepare_rebalance" and r.get("cause") == "leave"
    )


def _comes_back(rows: Sequence[Mapping[str, Any]], i: int, who: str) -> int | None:
    """The row of the first join of a new member of the same client after row ``i``."""
    client = client_id_of(who)
    for j in range(i + 1, len(rows)):
        r = rows[j]
        new = r["kind"] in _JOINS or (
            r["kind"] == "group_prepare_rebalance" and r.get("cause") == "new_member"
        )
        if new and r.get("member") and r["member"] != who and client_id_of(r["member"]) == client:
            return j
    return None


def _suppress(
    rows: Sequence[Mapping[str, Any]],
    gone: int,
    back: int,
    who: str,
    keeps: str,
    drop: set[int],
    rename: dict[str, str],
) -> None:
    """Drop the member's (``who``'s) leave or expiry lines, its return's join lines, and the
    rebalances (rebalance, Stabilized, assignment) that only they triggered; the new id is the
    one it ``keeps``."""
    new = str(rows[back]["member"])
    rename[new] = keeps
    for j, r in enumerate(rows):
        kind, cause, member = r["kind"], r.get("cause"), r.get("member")
        rebalance = kind == "group_prepare_rebalance"
        out = kind in ("group_member_left", "group_member_failed") or (
            rebalance and cause in ("leave", "heartbeat_expiration")
        )
        comes = kind in _JOINS or (rebalance and cause == "new_member")
        if (member == who and j >= gone and out) or (member == new and comes):
            drop.add(j)
            _drop_round(rows, j, drop)


def _drop_round(rows: Sequence[Mapping[str, Any]], start: int, drop: set[int]) -> None:
    """The join phase a dropped rebalance line began, unless something else also wanted it (a
    join of another member, another rebalance line) before it ended."""
    if rows[start]["kind"] != "group_prepare_rebalance":
        return
    phase = []
    for j in range(start + 1, len(rows)):
        r = rows[j]
        if j in drop:
            continue
        if r["kind"] in ("group_stabilized", "group_empty"):
            phase.append(j)
            if r["kind"] == "group_empty":
                break
            continue
        if r["kind"] == "group_assignment_received":
            phase.append(j)
            break
        if r["kind"] in _JOINS or r["kind"] == "group_prepare_rebalance":
            return  # another trigger in the same phase: it happens anyway
    drop.update(phase)


def _timeout(actual: Sequence[GroupReplay], member: str, key: str) -> int:
    """The member's timeout as the derived trace had it (its own line's, or the assumed one)."""
    for run in actual:
        for s in run.case.trace.records:
            if s.do == "join" and s.fields.get("client") == member and key in s.fields:
                return int(s.fields[key])
    return 300_000 if key == "rebalance_timeout_ms" else 10_000


def _storms(runs: Sequence[GroupReplay], opts: CheckOptions) -> int:
    """Rebalance storms by check's thresholds, over the engine's rebalances."""
    times = [{"at": at} for at in sorted(t for r in runs for t in r.rebalance_times)]
    return sum(1 for run in episodes(times, opts.storm_window_ms) if len(run) >= opts.storm_min)
