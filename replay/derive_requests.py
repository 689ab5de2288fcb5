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

from .trace import Header, Trace

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


def covering(requests: Sequence[Mapping[str, Any]], tail_ms: int) -> tuple[int, int] | None:
    """The wall-ms window a group's request lines cover (first arrival, last response + tail)."""
    if not requests:
        return None
    return min(_arrival(r) for r in requests), max(int(r["at"]) for r in requests) + tail_ms


def _arrival(r: Mapping[str, Any]) -> int:
    return int(r["at"]) - round(float(r.get("duration_ms") or 0.0))


def derive_from_requests(requests: Sequence[Mapping[str, Any]], rows: Sequence[Mapping[str, Any]],
                         profile: Profile, configs: Mapping[str, Any], *, scope: str, group: str,
                         tail_ms: int) -> Any:
    """One case: ``requests`` (this group's ``request_completed`` rows on its coordinator, with
    ``details`` parsed) drive the engine; ``rows`` (its coordinator INFO lines in the same
    window) and the responses are what it is compared with.  None when no request names a
    member."""
    from .derive_groups import BROKER_KEYS, Derived, GroupCase, Level, _assumptions, _details

    ordered = sorted(requests, key=lambda r: (_arrival(r), int(r["at"]), str(r["source"]), int(r["line"])))
    ordered = [r for r in ordered if r.get("api") in REQUEST_DO]
    if not ordered:
        return None
    first_wall = _arrival(ordered[0])
    assumed, session_ms, rebalance_ms = _assumptions(profile, configs)
    names = _names(ordered)
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
    for r in ordered:
        at = _arrival(r) - epoch
        do = REQUEST_DO[str(r["api"])]
        name = names.get(id(r))
        if name is None:
            continue  # a request naming no member (an admin's commit): nothing the group saw
        fields: dict[str, Any] = {"group": group, "client": name}
        d = _details(r)
        gen = r.get("generation")
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
        elif gen is not None and base is not None:
            fields["generation"] = int(gen) - base
        if do == "leave" and r.get("members") and d.get("members"):
            fields["members"] = [{"client": names.get(str(m), str(m))} for m in d["members"]]
        if do == "commit" and d.get("offsets"):
            fields["offsets"] = dict(d["offsets"])
        b.add(at, do, fields, Level.REQUEST, ev(r))
        error = r.get("error")
        if error is not None and _has_response(r):
            rgen = int(gen) - base if do == "join" and gen is not None and base is not None \
                and error == "NONE" else None
            responses.append(ObservedResponse(ev(r), int(r["at"]) - epoch, do, str(error), rgen,
                                              str(r["source"]), int(r["line"]), str(r.get("raw") or "")))
    end = max(int(r["at"]) for r in ordered) - epoch
    b.add(end + tail_ms, "tick", {}, Level.INFERRED)
    observations = observe(rows, epoch)
    broker_config = {k: int(str(configs[k])) for k in BROKER_KEYS if k in configs}
    trace = Trace(
        path=f"<derived: group {group} in {scope}, from its request log>",
        header=Header(profile=profile.name, config=broker_config,
                      extra={"source": "derived from logs", "scope": scope}),
        records=b.stimuli(),
    )
    assumed["evidence"] = "the coordinator's request log (kafka.request.logger at DEBUG)"
    return GroupCase(scope, group, ordered[0].get("broker"), epoch, trace, tuple(observations), assumed,
                     _arrival(ordered[0]) - epoch, responses=tuple(responses))


def _has_response(r: Mapping[str, Any]) -> bool:
    """1.0+ lines print the response; 0.10-0.11's print the request alone (their error column
    is then empty)."""
    return r.get("error") is not None


def _names(ordered: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """Each request row (by id) -> the member it is from: the id it sent, else the id its
    response handed out, else (0.10-0.11, no response) the next new id with its client id."""
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
    for queue in waiting.values():  # a first join whose id the log never shows again
        for n, r in enumerate(queue):
            out.setdefault(id(r), f"{r.get('client_id') or 'consumer'}-unnamed-{r['line']}-{n}")
    return out


def _before_logs(ordered: Sequence[Mapping[str, Any]], names: Mapping[int, str],
                 ) -> dict[str, Mapping[str, Any]]:
    """The members whose first request is not a join that could have created them: they were
    in the group before the log begins (name -> their first request)."""
    from .derive_groups import _details

    out: dict[str, Mapping[str, Any]] = {}
    started: set[str] = set()
    for r in ordered:
        name = names.get(id(r))
        if name is None or name in started:
            continue
        started.add(name)
        if not (r.get("api") == "JoinGroup" and _details(r).get("new_member")):
            out[name] = r
    return out


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
        if r.get("api") in ("JoinGroup", "SyncGroup"):
            return int(gen) - 1
    return None


def _seed_round(b: Any, seeds: Mapping[str, Mapping[str, Any]], joins: Mapping[str, Mapping[str, Any]],
                profile: Profile, group: str, session_ms: int, rebalance_ms: int, delay: int, epoch: int,
                ) -> None:
    """The members before the log form the group just before it begins, the quickest way
    Kafka's rules allow: with no initial delay the first one's join completes generation 1 at
    once; the others' joins start generation 2, which the first one's rejoin completes; all
    sync, then heartbeat until their first logged request."""
    from .derive_groups import Level, _details

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


def observe(rows: Sequence[Mapping[str, Any]], epoch: int) -> list[Any]:
    """The coordinator's INFO lines as observations only (the requests drive the engine)."""
    from .derive_groups import Observation, _details

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
            if r.get("cause") == "leave" and who:
                left.add((int(r["at"]), who))
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
