"""Derive a consumer group's trace from its coordinator's request log (DESIGN.md "Replay and
diff": evidence level 1, the best there is).

With ``kafka.request.logger`` at DEBUG (TRACE in 0.10-0.11) a broker writes one ``Completed
request:`` line per request it answered, when the response is sent: the request as it came,
the response as it went (1.0+), and how long it took (``totalTime``).  For the group APIs that
is everything the coordinator was asked: each JoinGroup, SyncGroup, Heartbeat, LeaveGroup and
OffsetCommit becomes a stimulus at the moment it arrived (the line's time less its total time),
with the member's real timeouts and protocols, the generation it carried and, for a leader's
SyncGroup, its assignment — nothing is inferred but the seed round of the members that were
there before the log begins.  The coordinator's own INFO lines are then only observations
(none drives a stimulus), and each logged response is one more: the engine's answer to the same
request must carry the same error, and a JoinGroup's the same generation.

Members are named by the id the log shows for them (a first JoinGroup's by the id its response
hands out).  The 0.10-0.11 request log prints no response: a first join's id is then the next id
the log shows with that client id's prefix.  Generations are sent as the log shows them, less
the group's offset (the logs of a group at generation 412 run the engine from its first): the
first generation a line shows, less the engine's generation then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kafka_forensics.engine.effects import RemovalReason
from kafka_forensics.engine.group.member_ids import client_id_of
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import Profile, Switch

from .derive_groups import _REJOIN_CAUSES, Derived, GroupCase, Level, Observation, _assumptions, _details

#: the request log's APIs that drive a classic group, as the trace's ``do``
REQUEST_DO = {"JoinGroup": "join", "SyncGroup": "sync", "Heartbeat": "heartbeat", "LeaveGroup": "leave",
              "OffsetCommit": "commit"}
REQUEST_COLUMNS = ("group", "api", "member", "generation", "error", "duration_ms", "client_id", "instance_id",
                   "details", "broker", "members")
#: how long before the first request the seed round starts
SEED_LEAD_MS = 5_000


@dataclass(frozen=True)
class ObservedResponse:
    """A logged response, to compare with the engine's answer to the same stimulus."""

    evidence: str  # "file:line" of the request's line (the stimulus's source)
    at: int  # virtual ms the line was written (the response sent)
    request: str  # the trace's ``do``
    error: str
    generation: int | None  # a JoinGroup response's generation (the engine's numbering), or None
    source: str
    line: int
    raw: str
    kind: str = "request_completed"  # the line's event kind (a consumer's own line: its response)
    #: the generation is as logged (a consumer's "Successfully synced group in generation …"):
    #: compared after the group's offset between the logs' generations and the engine's
    relative: bool = False


def covering(requests: Sequence[Mapping[str, Any]], tail_ms: int) -> tuple[int, int] | None:
    """The wall-ms window a group's request lines cover: from the first arrival to the last
    response and on for as long as a timer those requests set can still run (the longest session
    or rebalance timeout they carry, at least ``tail_ms``): a request log that goes quiet while
    the coordinator still logs (members that crashed, a sync that never came) is no request."""
    if not requests:
        return None
    last = max(int(r["at"]) for r in requests)
    return min(_arrival(r) for r in requests), last + _horizon(requests, tail_ms)


def _horizon(requests: Sequence[Mapping[str, Any]], tail_ms: int) -> int:
    longest = tail_ms
    for r in requests:
        if r.get("api") == "JoinGroup":
            d = _details(r)
            longest = max(longest, int(d.get("session_timeout_ms") or 0),
                          int(d.get("rebalance_timeout_ms") or 0))
    return longest


def _arrival(r: Mapping[str, Any]) -> int:
    return round(_arrived(r))


def _arrived(r: Mapping[str, Any]) -> float:
    """When the request arrived: its line's time (the response sent) less its total time."""
    return int(r["at"]) - float(r.get("duration_ms") or 0.0)


def derive_from_requests(requests: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]],
                         profile: Profile, configs: Mapping[str, Any], *, scope: str, group: str,
                         tail_ms: int) -> GroupCase | None:
    """One case: ``requests`` (this group's ``request_completed`` rows on its coordinator, with
    ``details`` parsed) drive the engine; ``rows`` (its coordinator INFO lines in the same
    window) and the responses are what it is compared with.  None when no request names a
    member."""
    # in arrival order, to the fraction of a ms the total times give (0.10's whole ms cannot
    # order the requests of one millisecond)
    ordered = sorted(requests, key=lambda r: (_arrived(r), int(r["at"]), str(r["source"]), int(r["line"])))
    ordered = [r for r in ordered if r.get("api") in REQUEST_DO]
    if not ordered:
        return None
    first_wall = _arrival(ordered[0])
    assumed, session_ms, rebalance_ms = _assumptions(profile, configs)
    names = _names(ordered, [str(r["member"]) for r in rows if r.get("member")])
    seeds = _before_logs(ordered, names)
    joins = {}  # a member's first JoinGroup: its timeouts, for a seed whose first line is another API
    for r in ordered:
        if r.get("api") == "JoinGroup" and names.get(id(r)) is not None:
            joins.setdefault(names[id(r)], r)
    delay = int(str(configs.get("group.initial.rebalance.delay.ms",
                                profile.defaults.get("group.initial.rebalance.delay.ms", 0))))
    epoch = first_wall - SEED_LEAD_MS if seeds else first_wall - 1
    b = Derived()

    def ev(r: Mapping[str, Any]) -> str:
        return f"{r['source']}:{r['line']}"

    if seeds:
        _seed_round(b, seeds, joins, profile, group, session_ms, rebalance_ms, delay, epoch)
    # the offset between the log's generations and the engine's (see _seed_round)
    base = _generation_base(list(seeds.values()) if seeds else ordered,
                            seeded=(1 if len(seeds) == 1 else 2) if seeds else None)
    responses: list[ObservedResponse] = []
    joined = set(seeds)  # members whose join is in the log (or who were there before it)
    handed: set[str] = set()  # members handed an id (MEMBER_ID_REQUIRED) that have not joined with it
    for r in ordered:
        at = _arrival(r) - epoch
        do = REQUEST_DO[str(r["api"])]
        name = names.get(id(r))
        if name is None:
            continue  # a request naming no member (an admin's commit): nothing the group saw
        gen = r.get("generation")
        if do in ("sync", "heartbeat", "commit") and name not in joined and (gen is None or int(gen) < 0):
            # a member with no generation yet sends this: its JoinGroup went in but was not answered
            # (still parked; a request is logged when it is answered): it joined just before
            fields = {"group": group, "client": name, "client_id": client_id_of(name),
                      "session_timeout_ms": session_ms, "rebalance_timeout_ms": rebalance_ms}
            if name not in handed and profile.has(Switch.MEMBER_ID_REQUIRED):
                b.add(at, "join", {**fields, "member_id": ""}, Level.INFERRED, ev(r))  # id-less (KIP-394)
            b.add(at, "join", fields, Level.INFERRED, ev(r))
            joined.add(name)
        if do == "join":  # a logged join went in (answered when it was, whatever the answer)
            (handed if r.get("error") == "MEMBER_ID_REQUIRED" else joined).add(name)
        fields: dict[str, Any] = {"group": group, "client": name}
        d = _details(r)
        if do == "join":
            fields["client_id"] = str(r.get("client_id") or client_id_of(name))
            fields["session_timeout_ms"] = int(d.get("session_timeout_ms") or session_ms)
            fields["rebalance_timeout_ms"] = int(d.get("rebalance_timeout_ms") or rebalance_ms)
            if d.get("protocols"):
                fields["protocols"] = [str(p) for p in d["protocols"]]
            if r.get("instance_id"):
                fields["instance_id"] = r["instance_id"]
            if d.get("new_member"):
                fields["member_id"] = ""  # whatever id the consumer had before, it sent none
        elif gen is not None and int(gen) < 0:
            fields["generation"] = -1  # none yet (a member whose join was not answered)
        elif gen is not None and base is not None:
            fields["generation"] = int(gen) - base
        if do == "leave" and r.get("members") and d.get("members"):
            fields["members"] = [{"client": names.get(str(m), str(m))} for m in d["members"]]
        if do == "commit" and d.get("offsets"):
            fields["offsets"] = dict(d["offsets"])
        b.add(at, do, fields, Level.REQUEST, ev(r))
        error = r.get("error")
        if error is not None:  # 1.0+ print the response (0.10-0.11 the request alone: no error)
            rgen = int(gen) - base if do == "join" and gen is not None and base is not None \
                and error == "NONE" else None
            responses.append(ObservedResponse(ev(r), int(r["at"]) - epoch, do, str(error), rgen,
                                              str(r["source"]), int(r["line"]), str(r.get("raw") or "")))
    for r in _unlogged_joins(rows, ordered, names):
        who = str(r["member"])
        fields = {"group": group, "client": who, "client_id": client_id_of(who)}
        d = joins.get(who)
        if d is not None:
            fields["session_timeout_ms"] = int(_details(d).get("session_timeout_ms") or session_ms)
            fields["rebalance_timeout_ms"] = int(_details(d).get("rebalance_timeout_ms") or rebalance_ms)
        b.add(int(r["at"]) - epoch, "join", fields, Level.COORDINATOR, ev(r))
    end = max(int(r["at"]) for r in ordered) - epoch
    b.add(end + _horizon(ordered, tail_ms), "tick", {}, Level.INFERRED)
    observations = observe(rows, epoch)
    trace = b.trace(profile, configs, group=group, scope=scope, whence=", from its request log")
    assumed["evidence"] = "the coordinator's request log (kafka.request.logger at DEBUG)"
    if joins:  # each member's own timeouts, from its JoinGroup requests: the defaults only stand in
        assumed["session.timeout.ms"] = f"each member's JoinGroup request (else {session_ms})"
        assumed["max.poll.interval.ms"] = f"each member's JoinGroup request (else {rebalance_ms})"
    return GroupCase(scope, group, ordered[0].get("broker"), epoch, trace, tuple(observations), assumed,
                     _arrival(ordered[0]) - epoch, responses=tuple(responses), request_log=True)


def _unlogged_joins(rows: Sequence[Mapping[str, Any]], ordered: Sequence[Mapping[str, Any]],
                    names: Mapping[int, str]) -> list[Mapping[str, Any]]:
    """The coordinator lines that show a member's JoinGroup the request log does not: a request
    is logged when it is answered, so a join still parked in the DelayedJoin purgatory when the
    logs end has no line (nor has one the log lost).  A line naming a member's join ("Adding new
    member", a rejoin's rebalance, "Pending member … joins") with no logged JoinGroup of that
    member open at its time (arrived by then, answered since; an id-less first join that was only
    handed its id does not count) is such a join."""
    open_joins: dict[str, list[tuple[int, int]]] = {}
    for r in ordered:
        if r.get("api") == "JoinGroup" and names.get(id(r)) and r.get("error") != "MEMBER_ID_REQUIRED":
            open_joins.setdefault(names[id(r)], []).append((_arrival(r), int(r["at"])))
    out = _unnamed_starts(rows, ordered)
    for r in rows:
        who, at = r.get("member"), int(r["at"])
        joins = r["kind"] == "group_member_joined" or (
            r["kind"] == "group_prepare_rebalance" and r.get("cause") in {"new_member", *_REJOIN_CAUSES})
        if not (joins and who):
            continue
        if not any(lo <= at <= hi + _SLACK_MS for lo, hi in open_joins.get(str(who), ())):
            out.append(r)
    return out


def _unnamed_starts(rows: Sequence[Mapping[str, Any]], ordered: Sequence[Mapping[str, Any]],
                    ) -> list[Mapping[str, Any]]:
    """Before 2.1 "Preparing to rebalance" names no trigger.  A join phase that ends within the
    logs was started by a request the log shows (its trigger's JoinGroup is answered when the
    phase ends); one still under way when they end may have been started by a JoinGroup that
    is parked still, which no line shows: unless a logged JoinGroup or LeaveGroup arriving at
    its instant, or an expiry then, started it, that is a join by a member the log cannot name
    (``member-unlogged-<line>``)."""
    last = next((r for r in reversed(rows) if r["kind"] in _PHASE_LINES), None)
    if last is None or last["kind"] != "group_prepare_rebalance" or last.get("cause") or last.get("member"):
        return []
    at = int(last["at"])
    asked = any(r.get("api") in ("LeaveGroup", "JoinGroup") and r.get("error") != "MEMBER_ID_REQUIRED"
                and at - 1 < _arrived(r) <= at for r in ordered)  # arrived in the ms it was handled
    started = asked or any(r["kind"] in ("group_member_failed", "group_pending_member_expired")
                          and int(r["at"]) == at for r in rows)
    return [] if started else [{**last, "member": f"member-unlogged-{last['line']}"}]


_PHASE_LINES = frozenset({"group_prepare_rebalance", "group_stabilized", "group_empty", "group_dead"})

#: how long after a join was answered its coordinator line may still come (same instant in Kafka;
#: a clock tick of slack)
_SLACK_MS = 1


def _names(ordered: Sequence[Mapping[str, Any]], named: Sequence[str] = ()) -> dict[int, str]:
    """Each request row (by id) -> the member it is from: the id it sent, else the id its
    response handed out, else (0.10-0.11, no response) the next new id with its client id — in
    the requests, else in the coordinator's lines (``named``: a member that never sent another
    request, e.g. one closed while its join was parked, is named there when it expires)."""
    out: dict[int, str] = {}
    waiting: dict[str, list[Mapping[str, Any]]] = {}  # client id -> first joins awaiting their id
    seen: set[str] = set()
    for r in ordered:
        member = r.get("member")
        if member:
            member = str(member)
            if member not in seen:
                seen.add(member)
                queue = waiting.get(client_id_of(member))
                if queue:
                    for early in queue:
                        out[id(early)] = member
                    queue.clear()
            out[id(r)] = member
        elif r.get("api") == "JoinGroup":
            waiting.setdefault(str(r.get("client_id") or ""), []).append(r)
    spare = [m for m in dict.fromkeys(named) if m not in seen]
    for client, queue in waiting.items():  # a first join whose id no later request shows
        for n, r in enumerate(queue):
            found = next((m for m in spare if client_id_of(m) == client), None)
            if found is not None:
                spare.remove(found)
            out.setdefault(id(r), found or f"{r.get('client_id') or 'consumer'}-unnamed-{r['line']}-{n}")
    return out


def _before_logs(ordered: Sequence[Mapping[str, Any]], names: Mapping[int, str],
                 ) -> dict[str, Mapping[str, Any]]:
    """The members whose first request is not a join that could have created them (name ->
    that request): those were in the group before the log begins — unless the request carries
    no generation yet (-1): then their join was never answered, and is not in the log."""
    before: dict[str, Mapping[str, Any]] = {}
    started: set[str] = set()
    for r in ordered:
        name = names.get(id(r))
        if name is None or name in started:
            continue
        started.add(name)
        if r.get("api") == "JoinGroup" and _details(r).get("new_member"):
            continue
        gen = r.get("generation")
        if r.get("api") == "JoinGroup" or gen is None or int(gen) >= 0:
            before[name] = r
    return before


def _generation_base(ordered: Sequence[Mapping[str, Any]], *, seeded: int | None) -> int | None:
    """Logged generation - engine generation.  The seed round leaves the engine at generation
    ``seeded`` for the generation the seed members' first requests carry (``ordered``: those
    requests); without one, the first generation a JoinGroup response (or, in 0.10-0.11, a
    SyncGroup) shows is the engine's first."""
    for r in ordered:
        gen = r.get("generation")
        if gen is None or int(gen) < 0:
            continue
        if seeded is not None:
            return int(gen) - seeded
        if r.get("api") == "SyncGroup" or (r.get("api") == "JoinGroup" and r.get("error") in (None, "NONE")):
            return int(gen) - 1
    return None


def _seed_round(b: Derived, seeds: Mapping[str, Mapping[str, Any]], joins: Mapping[str, Mapping[str, Any]],
                profile: Profile, group: str, session_ms: int, rebalance_ms: int, delay: int, epoch: int,
                ) -> None:
    """The members before the log form the group just before it begins, the quickest way
    Kafka's rules allow: with no initial delay the first one's join completes generation 1 at
    once; the others' joins start generation 2, which the first one's rejoin completes; all
    sync, then heartbeat until their first logged request."""
    def ev(r: Mapping[str, Any]) -> str:
        return f"{r['source']}:{r['line']}"

    b.add(0, "set", {"config": {"group.initial.rebalance.delay.ms": 0}}, Level.INFERRED)
    sessions: dict[str, int] = {}
    for name, r in seeds.items():
        d = _details(joins.get(name, r))
        fields = {"group": group, "client": name, "client_id": client_id_of(name),
                  "session_timeout_ms": int(d.get("session_timeout_ms") or session_ms),
                  "rebalance_timeout_ms": int(d.get("rebalance_timeout_ms") or rebalance_ms)}
        sessions[name] = int(fields["session_timeout_ms"])
        instance = r.get("instance_id") or joins.get(name, r).get("instance_id")
        if instance:
            fields["instance_id"] = instance
        if profile.has(Switch.MEMBER_ID_REQUIRED) and not instance:
            b.add(0, "join", dict(fields), Level.INFERRED, ev(r))  # the id-less join (KIP-394)
        b.add(0, "join", fields, Level.INFERRED, ev(r))
    names = list(seeds)
    if len(names) > 1:
        b.add(1, "join", {"group": group, "client": names[0]}, Level.INFERRED, ev(seeds[names[0]]))
    b.add(2, "set", {"config": {"group.initial.rebalance.delay.ms": delay}}, Level.INFERRED)
    for name in names:  # the leader (the first to join) first
        b.add(2, "sync", {"group": group, "client": name}, Level.INFERRED, ev(seeds[name]))
    for name, r in seeds.items():
        step = max(1, sessions[name] * 9 // 10)
        t = 2 + step
        while t < _arrival(r) - epoch:
            b.add(t, "heartbeat", {"group": group, "client": name}, Level.INFERRED, ev(r))
            t += step


def observe(rows: Sequence[Mapping[str, Any]], epoch: int) -> list[Observation]:
    """The coordinator's INFO lines as observations only (the requests drive the engine)."""
    out: list[Observation] = []

    def state(r: Mapping[str, Any], s: GroupState, members: Any) -> Observation:
        gen = r.get("generation")
        return Observation(int(r["at"]) - epoch, r["kind"], s, None if gen is None else int(gen),
                           None if members is None else int(members), r.get("member"), None,
                           str(r["source"]), int(r["line"]), str(r.get("raw") or ""))

    def removal(r: Mapping[str, Any], who: Any, reason: RemovalReason) -> Observation:
        return Observation(int(r["at"]) - epoch, r["kind"], None, None, None, who, reason, str(r["source"]),
                           int(r["line"]), str(r.get("raw") or ""))

    left: set[tuple[int, Any]] = set()
    for r in rows:
        kind, who = r["kind"], r.get("member")
        if kind == "group_prepare_rebalance":
            out.append(state(r, GroupState.PREPARING_REBALANCE, None))
            if r.get("cause") == "leave" and who and (int(r["at"]), who) not in left:
                left.add((int(r["at"]), who))  # one leave: its rebalance line and its "has left" line
                out.append(removal(r, who, RemovalReason.LEAVE))
        elif kind == "group_stabilized":
            out.append(state(r, GroupState.COMPLETING_REBALANCE, r.get("members")))
        elif kind == "group_assignment_received":
            out.append(state(r, GroupState.STABLE, r.get("members")))
        elif kind == "group_empty":
            out.append(state(r, GroupState.EMPTY, 0))
        elif kind == "group_dead":
            out.append(state(r, GroupState.DEAD, 0))
        elif kind == "group_member_left" and who and not _details(r).get("pending") \
                and (int(r["at"]), who) not in left:
            left.add((int(r["at"]), who))
            out.append(removal(r, who, RemovalReason.LEAVE))
        elif kind == "group_member_failed" and who:
            out.append(removal(r, who, RemovalReason.SESSION_TIMEOUT))
        elif kind == "group_pending_member_expired" and who:
            out.append(removal(r, who, RemovalReason.PENDING_EXPIRED))
        elif kind == "group_members_removed":
            for name in _details(r).get("members") or ([who] if who else []):
                out.append(removal(r, str(name), RemovalReason.REBALANCE_TIMEOUT))
    return out
