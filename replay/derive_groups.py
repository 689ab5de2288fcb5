"""Derive a consumer group's trace from its logs (DESIGN.md "Replay and diff": derive).

The coordinator's INFO lines name the steps that change a group — a new member joining
(``Created a new member id`` / ``Adding new member``), a leave, an expiry, the leader's
assignment — but not the routine ones between them: the existing members' rejoins during a
rebalance, the followers' SyncGroups, the heartbeats.  Kafka's rules require those, so the
derivation supplies them (evidence level ``inferred``) at the latest moment the observations
allow: a rejoin when the join phase is seen to end, a follower's SyncGroup with the leader's,
heartbeats until a member leaves or until ``session.timeout.ms`` before it is seen to expire.
Every stimulus records its level and the line it rests on.  Lines of one instant are read in
Kafka's order: the Scala coordinator of 3.0-3.9 logs a LeaveGroup's "has left" line after the
state change the removal makes, so a leave line right after a "Stabilized" line is the leave
that ended that join phase, and is taken before its end.

A group's logs rarely start with the group: members that were there before the first line
are joined in a seed round before the logs begin (named when a later line names them, else
``member-before-logs-N`` for the ones a member count says exist), and the seed leaves the
group in the state its first line implies.

Where a member's consumer log is here its own lines are the better evidence (level
``client``): its rejoin at "(Re-)joining group", its SyncGroup at "Successfully synced group in
generation …" (2.6.1+; before, "Successfully joined group with generation N", logged once the
sync succeeded) — and none for a follower whose log covers the round and shows none —, a
heartbeat at each heartbeat failure, its LeaveGroup at "sending LeaveGroup request" (its cause:
the poll-timeout WARN before it, or a close).  Those lines' answers (a heartbeat's error, a
sync's generation) are compared with the engine's; inferred heartbeats go on between them.

What each line is used for is recorded: an observation that also drove a stimulus (a leave's
own line where no consumer line drove it) is never counted as confirming the engine
(``Observation.drives``).
"""

from __future__ import annotations

import bisect
import enum
import itertools
import json
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kafka_forensics.engine.effects import RemovalReason
from kafka_forensics.engine.group.member_ids import client_id_of
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import Profile, Switch

from .trace import Header, Stimulus, Trace


class Level(enum.StrEnum):
    """How a stimulus is known (DESIGN.md: evidence levels)."""

    REQUEST = "request"  # the coordinator's request log: the request as it came ("Completed request:")
    CLIENT = "client"  # the consumer's own line: its rejoin, SyncGroup, heartbeat failure, LeaveGroup

    COORDINATOR = "coordinator"  # a coordinator INFO line
    CONTROLLER = "controller"  # the controller's decision (state-change log)
    BROKER = "broker"  # a partition's leader or follower line (server.log, state-change log)
    INFERRED = "inferred"  # a step Kafka's rules require between two observed lines


#: the event kinds the derivation reads, in the columns it needs
GROUP_KINDS = (
    "group_prepare_rebalance", "group_stabilized", "group_empty", "group_assignment_received",
    "group_member_failed", "group_pending_member_expired", "group_member_left", "group_member_id_created",
    "group_member_joined", "group_members_removed", "group_dead", "group_loaded", "group_unloaded",
)
#: the consumers' own lines the derivation reads (evidence level ``client``)
CLIENT_KINDS = ("consumer_joining", "consumer_joined", "consumer_synced", "consumer_sync_failed",
                "consumer_join_failed", "consumer_heartbeat_failed", "consumer_rejoin_requested",
                "consumer_poll_timeout", "consumer_leave")
#: ... in the columns it needs
CLIENT_COLUMNS = ("group", "member", "client_id", "instance_id", "generation", "error", "cause", "reason",
                  "template")
GROUP_COLUMNS = ("group", "generation", "member", "members", "state", "cause", "client_reason",
                 "instance_id", "details", "broker")

#: the rebalance causes that are a rejoin of a member already in the group
_REJOIN_CAUSES = frozenset({"leader_rejoin", "member_rejoin", "metadata_change", "static_member_update",
                            "member_update", "static_protocol_change"})
#: the rejoin causes whose line may be a member's changed protocol metadata: "Updating metadata
#: for member X" (the leader's rejoin or a changed member's; with the per-state wording, "… during
#: S", a changed member's only).  A follower rejoining with its own metadata is answered with the
#: current generation and makes no rebalance (doJoinGroup), so the join that logged it carried new
#: metadata — as the leader's may have: new metadata rebalances either way
_NEW_METADATA_CAUSES = frozenset({"metadata_change", "member_update"})
#: how long before the first line the seed round starts, at most (it must settle before the logs
#: begin, and outlast the session of every member it seeds: ``_seed_ms``)
SEED_MS = 60_000
#: how long the seed round takes to settle (its members' joins at 0 ms, their syncs at 1 s)
SETTLE_MS = 2_000
#: how long the engine runs past the last line (the diff's match window)
TAIL_MS = 10_000
#: how far (ms) a round's end may be from the one its delay periods give
TOLERANCE = 10
#: an initial rebalance delay below this is dominated by the purgatory's latency
LAG_MS = 1000


@dataclass(frozen=True)
class Observation:
    """One coordinator line about the group, as the diff compares it with the engine."""

    at: int  # virtual ms
    kind: str
    state: GroupState | None  # the state entered; None for a member's removal
    generation: int | None  # the group's generation after the line (a rebalance's "old generation")
    members: int | None
    member: str | None
    removal: RemovalReason | None
    source: str
    line: int
    raw: str
    drives: bool = False  # the line is also the evidence of a stimulus
    note: str | None = None  # what a line that is no state change or removal says (a logged response)


@dataclass(frozen=True)
class GroupCase:
    """One group on one coordinator: the derived trace and the lines it is compared with."""

    scope: str
    group: str
    broker: int | None
    epoch_ms: int  # wall-clock ms of virtual time 0
    trace: Trace
    observations: tuple[Observation, ...]
    assumed: Mapping[str, str]  # config -> "value (where it comes from)"
    first_at: int  # virtual ms of the first observed line (the seed round ends before it)
    #: why the engine cannot re-run this group from its lines (then only Kafka's state table and
    #: the generations' continuity are checked), or None
    opaque: str | None = None
    #: the responses the request log shows (a case derived from it), compared with the engine's
    responses: tuple[Any, ...] = ()
    #: the members the derivation has in the group after its last line (the next stretch after a
    #: quiet spell starts with them)
    alive_at_end: tuple[str, ...] = ()
    #: derived from the coordinator's request log (``derive_requests``), not its INFO lines
    request_log: bool = False

    def wall(self, at: int) -> int:
        return self.epoch_ms + at


@dataclass
class _Member:
    alias: str
    joined: int
    session_ms: int
    rebalance_ms: int
    instance_id: str | None = None
    last_seen: int = 0
    gone: int | None = None  # virtual ms it left or expired
    pending: bool = False  # handed an id (MEMBER_ID_REQUIRED), not joined with it yet
    tentative: int | None = None  # when it would have joined with its id, if the phase's end says so
    evidence: str | None = None  # the line its inferred steps (heartbeats) rest on: the first showing it
    metadata: int = 0  # its protocol metadata: 0 the default, n after its n-th update (its joins carry it)


@dataclass
class Derived:
    """A derived trace's stimuli in the order they were derived, each with its evidence level
    and source line (``stimuli()`` sorts them by time, derivation order within an instant)."""

    #: each stimulus's time, request, fields and doc, in derivation order: four lists rather than
    #: a tuple each (a re-run derives hundreds of thousands; a stable sort of the times alone
    #: keeps derivation order within an instant)
    ats: list[int] = field(default_factory=list)
    dos: list[str] = field(default_factory=list)
    fields: list[dict[str, Any]] = field(default_factory=list)
    docs: list[dict[str, Any]] = field(default_factory=list)

    def add(self, at: int, do: str, fields: dict[str, Any], level: Level,
            evidence: str | None = None, **why: str) -> None:
        """``why``: more about the stimulus for the reader (a leave's ``cause`` and the line
        that gives it, ``cause_source``)."""
        doc: dict[str, Any] = {"level": level._value_}  # (``value`` is a descriptor: slower)
        if evidence is not None:
            doc["source"] = evidence
        if why:
            doc.update(why)
        self.ats.append(at)
        self.dos.append(do)
        self.fields.append(fields)
        self.docs.append(doc)

    def repeat(self, ats: Iterable[int], do: str, fields: dict[str, Any], level: Level,
               evidence: str | None = None) -> None:
        """``add`` at each of ``ats`` (a member's inferred heartbeats, a third of a re-run's
        stimuli): the stimuli share one ``fields`` and one doc, which nothing changes."""
        doc: dict[str, Any] = {"level": level._value_}
        if evidence is not None:
            doc["source"] = evidence
        before = len(self.ats)
        self.ats.extend(ats)
        n = len(self.ats) - before
        self.dos.extend(itertools.repeat(do, n))
        self.fields.extend(itertools.repeat(fields, n))
        self.docs.extend(itertools.repeat(doc, n))

    def fields_of(self, do: str) -> Iterator[dict[str, Any]]:
        """The fields of every ``do`` stimulus so far (to amend them)."""
        return (f for d, f in zip(self.dos, self.fields, strict=True) if d == do)

    def stimuli(self) -> tuple[Stimulus, ...]:
        ats, dos, fields, docs = self.ats, self.dos, self.fields, self.docs
        order = sorted(range(len(ats)), key=ats.__getitem__)
        return tuple([Stimulus(line, ats[k], dos[k], fields[k], docs[k]) for line, k in enumerate(order, 1)])

    def trace(self, profile: Profile, configs: Mapping[str, Any], *, group: str, scope: str,
              whence: str = "") -> Trace:
        """The derived trace: these stimuli under ``profile`` with the broker settings known."""
        broker_config = {k: int(str(configs[k])) for k in BROKER_KEYS if k in configs}
        return Trace(
            path=f"<derived: group {group} in {scope}{whence}>",
            header=Header(profile=profile.name, config=broker_config,
                          extra={"source": "derived from logs", "scope": scope}),
            records=self.stimuli(),
        )


def derive(rows: Sequence[Mapping[str, Any]], profile: Profile, configs: Mapping[str, Any], *,
           scope: str, group: str, clients: Sequence[Mapping[str, Any]] = (),
           requests: Sequence[Mapping[str, Any]] = ()) -> list[GroupCase]:
    """``rows``: one group's events (``rows_of`` dicts, time order); ``clients``: its consumers'
    ``consumer_joining`` / ``consumer_joined`` rows; ``requests``: its coordinators' request-log
    lines (``derive_requests.REQUEST_COLUMNS``).  One case per coordinator segment: a
    group that moved to another broker starts again there, as does one that no line mentions
    for ``QUIET_MS`` after it settled.  Where a coordinator's request log covers the group, its
    requests drive that stretch (``derive_requests``) and the lines around it are derived as
    usual."""
    if requests:
        return _with_requests(rows, profile, configs, scope=scope, group=group, clients=clients,
                              requests=requests)
    rejoins = _client_rejoins(clients)
    logged = _ClientLog.of(clients)
    cases = []
    segments = list(_segments(rows))
    carried: tuple[str, ...] = ()
    ended: int | None = None  # the generation the stretch before ended settled at
    for i, (segment, after_quiet, loaded) in enumerate(segments):
        # a stretch cut at a quiet spell runs on into it as far as a timer set before it can
        # reach: the living heartbeat on, so what is left to happen there is an expiry within
        # the longest session
        quiet = i + 1 < len(segments) and segments[i + 1][1]
        # and the stretch after it starts with the members the one before ended with: the
        # group went on unchanged in between (its lines name only the members that change).
        # So does one whose coordinator loaded the group at the generation it had settled at:
        # the group's stored metadata is that generation's, members and all (onGroupLoaded
        # makes it Stable and schedules each member's heartbeat expiry afresh)
        hand_over = after_quiet or (loaded is not None and loaded == ended)
        case = _derive_segment(segment, profile, configs, scope=scope, group=group, rejoins=rejoins,
                               logged=logged, into_quiet=quiet,
                               carried=carried if hand_over else ())
        carried = case.alive_at_end if case is not None else ()
        ended = _settled_generation(case, segment)
        if case is not None:
            cases.append(case)
    return cases


def _settled_generation(case: GroupCase | None, segment: Sequence[Mapping[str, Any]]) -> int | None:
    """The generation a stretch ended at, when its last line leaves the group settled (Stable or
    Empty: what the coordinator stored is then that generation's members); else None."""
    if case is None or not segment or segment[-1].get("state") not in _SETTLED:
        return None
    return next((o.generation for o in reversed(case.observations) if o.generation is not None), None)


def _with_requests(rows: Sequence[Mapping[str, Any]], profile: Profile, configs: Mapping[str, Any], *,
                   scope: str, group: str, clients: Sequence[Mapping[str, Any]],
                   requests: Sequence[Mapping[str, Any]]) -> list[GroupCase]:
    from .derive_requests import covering, derive_from_requests

    by_broker: dict[Any, list[Mapping[str, Any]]] = {}
    for r in requests:
        by_broker.setdefault(r.get("broker"), []).append(r)
    windows = sorted(((w, b) for b, mine in by_broker.items() if (w := covering(mine, TAIL_MS)) is not None),
                     key=lambda x: x[0])  # (broker ids may be None: never compared)
    cases: list[GroupCase] = []
    rest = list(rows)
    for (lo, hi), broker in windows:
        before = [r for r in rest if r["at"] < lo]
        # (a request log whose broker no line names covers whichever coordinator logged then)
        inside = [r for r in rest if lo <= r["at"] <= hi and broker in (r.get("broker"), None)]
        taken = {id(r) for r in inside}
        rest = [r for r in rest if r["at"] >= lo and id(r) not in taken]
        cases += derive(before, profile, configs, scope=scope, group=group, clients=clients)
        case = derive_from_requests(by_broker[broker], inside, profile, configs, scope=scope, group=group,
                                    tail_ms=TAIL_MS)
        if case is not None:
            cases.append(case)
    return cases + derive(rest, profile, configs, scope=scope, group=group, clients=clients)


#: a settled group (Stable or Empty) that no line mentions for this long is re-run in two parts:
#: what Kafka's rules say of it in between is only heartbeats (or nothing), which the re-run
#: would otherwise replay one by one — two days of a busy broker's groups are millions of them
QUIET_MS = 10 * 60_000
_SETTLED = frozenset({"Stable", "Empty"})


def _segments(rows: Sequence[Mapping[str, Any]]
              ) -> Iterable[tuple[list[Mapping[str, Any]], bool, int | None]]:
    """The stretches to re-run, each with whether it follows a quiet spell (the group unchanged
    across the cut) rather than a coordinator move or a Dead group, and the generation of the
    "Loading group metadata" line it follows (None if it follows none)."""
    run: list[Mapping[str, Any]] = []
    broker: Any = None
    after_quiet = False
    loaded: int | None = None
    for r in rows:
        b = r.get("broker")
        moved = r["kind"] == "group_loaded" or (b is not None and broker is not None and b != broker)
        quiet = bool(run) and run[-1].get("state") in _SETTLED and r["at"] - run[-1]["at"] > QUIET_MS
        if (moved or quiet) and run:
            yield run, after_quiet, loaded
            run, after_quiet, loaded = [], quiet and not moved, None
        if b is not None:
            broker = b
        if r["kind"] not in ("group_loaded", "group_unloaded"):
            run.append(r)
        if r["kind"] in ("group_unloaded", "group_dead") and run:
            # a Dead group is gone from the coordinator's cache: the next join creates a new one
            yield run, after_quiet, loaded
            run, after_quiet, loaded = [], False, None
        if r["kind"] in ("group_loaded", "group_unloaded"):
            loaded = (None if r["kind"] == "group_unloaded" or r.get("generation") is None
                      else int(r["generation"]))
    if run:
        yield run, after_quiet, loaded


def _details(r: Mapping[str, Any]) -> dict[str, Any]:
    text = r.get("details")
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


_ANCHORS = frozenset({"group_prepare_rebalance", "group_stabilized", "group_assignment_received",
                      "group_member_failed", "group_member_left", "group_member_id_created",
                      "group_member_joined"})


def _derive_segment(rows: Sequence[Mapping[str, Any]], profile: Profile, configs: Mapping[str, Any], *,
                    scope: str, group: str,
                    rejoins: Mapping[str, Sequence[tuple[int, str]]] | None = None,
                    logged: _ClientLog | None = None,
                    into_quiet: bool = False, carried: Sequence[str] = ()) -> GroupCase | None:
    # Lines before the first one that says where the group's rebalance cycle stands (a member
    # expiring before any rebalance line) cannot be placed: the comparison starts there.
    first = next((i for i, r in enumerate(rows) if r["kind"] in _ANCHORS), None)
    if first is None:
        return None
    rows = rows[first:]
    configs = dict(configs)
    key = "group.initial.rebalance.delay.ms"
    before, unseen_joiners = _members_before(rows)
    if carried:  # the members the stretch before ended with (a quiet cut): there before these lines
        before = [*carried, *(m for m in before if m not in carried)]
        unseen_joiners = {k: [m for m in v if m not in carried] for k, v in unseen_joiners.items()}
    rounds = _initial_rounds(rows, unseen_joiners)
    if key not in configs:
        longest = max((x.end - x.start for x in rounds), default=None)
        default = int(str(profile.defaults.get(key, 0)))
        if longest is not None and longest < min(default, LAG_MS):
            configs[key] = 0
            configs["_inferred"] = key
    delay_ms = int(str(configs.get(key, profile.defaults.get(key, 0))))
    # A short initial delay (0 in the server.properties Kafka ships) still ends on the
    # purgatory's reaper thread some ms later (23 ms in the real 3.1 logs), and joins within
    # that lag make the round: each such round is held for as long as it was seen to last.
    lag_rounds = ({x.begins: _delay_for(x.start, x.end, x.joins, extends=x.extends) for x in rounds}
                  if delay_ms < LAG_MS else {})
    # A longer one that ran more periods than the joins the lines show had members join unseen:
    # before 3.0 a join with a known id inside a join phase logs nothing (from 3.0 every join
    # is a line: "Pending member … joins group … Adding to the group now")
    joins_unlogged = profile.version < (3, 0)
    # The Scala coordinator of 3.0-3.9 logs a LeaveGroup's "has left" line after the removal,
    # and so after the line of the state change the removal makes (removeCurrentMemberFromGroup,
    # and the pending member's branch of handleLeaveGroup); before 3.0 and in 4.0's Java
    # coordinator it comes first
    left_after_change = (3, 0) <= profile.version < (4, 0)
    unseen = {x.ends: _unseen_joins(x, delay_ms) for x in rounds
              if delay_ms >= LAG_MS and x.extends and joins_unlogged}
    assumed, session_ms, rebalance_ms = _assumptions(profile, configs)
    # a member's MemberMetadata (2.4+ "has left" line) gives its real timeouts
    metadata = [(str(r["member"]), d) for r in rows
                if r.get("member") and "session_timeout_ms" in (d := _details(r))]
    timeouts = {m: (int(d["session_timeout_ms"]), int(d.get("rebalance_timeout_ms") or rebalance_ms))
                for m, d in metadata}
    seed_ms = _seed_ms(timeouts, before, session_ms)
    epoch = int(rows[0]["at"]) - seed_ms
    b = Derived()
    members: dict[str, _Member] = {}
    observations: list[Observation] = []

    def at_of(r: Mapping[str, Any]) -> int:
        return int(r["at"]) - epoch

    def ev(r: Mapping[str, Any]) -> str:
        return f"{r['source']}:{r['line']}"

    # The consumers' own lines (evidence level client): each member's SyncGroups, heartbeat
    # failures and LeaveGroups where its log is here, from the first coordinator line on
    from .derive_requests import ObservedResponse

    logged = logged or _ClientLog()
    first_wall, last_wall = int(rows[0]["at"]), int(rows[-1]["at"]) + TAIL_MS
    window = [c for c in logged.lines if first_wall <= c.at <= last_wall and not c.used]
    queue = deque(c for c in window if c.what in ("heartbeat", "leave"))
    syncs = [c for c in window if c.what in _SYNC_WHATS]
    leaves = [c for c in window if c.what == "leave"]
    responses: list[ObservedResponse] = []
    # Before 2.7 (KAFKA-10134) a heartbeat in CompletingRebalance does not restart a member's
    # session (see parked_syncs)
    heartbeats_in_completing = profile.has(Switch.HEARTBEAT_IN_COMPLETING)
    #: member -> virtual ms of the coordinator lines that show its leave
    leave_rows: dict[str, list[int]] = {}
    for r in rows:
        if r.get("member") and (r["kind"] == "group_member_left" or (
                r["kind"] == "group_prepare_rebalance" and r.get("cause") == "leave")):
            leave_rows.setdefault(str(r["member"]), []).append(at_of(r))

    def whose(c: _ClientLine, among: Iterable[_Member]) -> _Member | None:
        """The member a consumer line is about: the one it names, else the only one of
        ``among`` whose id its client id (a static member's instance id) begins."""
        if c.member is not None:
            return members.get(c.member)
        found = [m for m in among if client_id_of(m.alias) == c.key]
        return found[0] if len(found) == 1 else None

    def respond(c: _ClientLine, do: str, error: str, generation: int | None) -> None:
        r = c.row
        responses.append(ObservedResponse(c.evidence, c.at - epoch, do, error, generation, str(r["source"]),
                                          int(r["line"]), str(r.get("raw") or ""), kind=str(r["kind"]),
                                          relative=generation is not None))

    def flush(upto: int, same_instant: bool) -> None:
        """The consumer lines before wall ms ``upto`` (and at it, with ``same_instant``) that
        drive a heartbeat, or a leave no coordinator line shows."""
        while queue and (queue[0].at < upto or (same_instant and queue[0].at == upto)):
            c = queue.popleft()
            t = c.at - epoch
            if c.used:
                continue
            m = whose(c, [x for x in alive(t) if not x.pending])
            if m is None or m.pending:
                continue  # not a member the coordinator's lines know (or one of several alike)
            if c.what == "heartbeat":
                if not settled(m, c):
                    continue
                c.used = True
                b.add(t, "heartbeat", {"group": group, "client": m.alias}, Level.CLIENT, c.evidence)
                assert c.error is not None
                respond(c, "heartbeat", c.error, None)
            elif m.gone is None and not any(t - _CLIENT_LAG_MS <= x <= t + TAIL_MS
                                            for x in leave_rows.get(m.alias, ())):
                # a LeaveGroup whose coordinator line (if any) is not within reach: it drives here
                c.used = True
                b.add(t, "leave", {"group": group, "client": m.alias}, Level.CLIENT, c.evidence,
                      **_leave_why(c))
                m.gone = t

    def settled(m: _Member, c: _ClientLine) -> bool:
        """Whether the derivation has ``m`` in the group since its consumer last synced before
        line ``c``: else its lines show a member the coordinator's lines do not (before 3.0 a
        join logs nothing at INFO), and its heartbeat would be answered for another."""
        synced = [x.at for x in syncs if x.stream == c.stream and x.key == c.key
                  and (x.at, int(x.row["line"])) < (c.at, int(c.row["line"]))]
        return not synced or m.joined <= max(synced) - epoch

    def leave(who: str, at: int, evidence: str, previous: int) -> Level | None:
        """A LeaveGroup, once per member (its rebalance line and its "has left" line are one
        leave): driven by its consumer's "sending LeaveGroup request" line when that is here
        (then the coordinator's lines only confirm it), else by the coordinator's line.  The
        level it was driven at, or None if it had left already."""
        m = members.get(who)
        if m is None or m.gone is not None:
            return None
        c = next((c for c in leaves if not c.used and at - TAIL_MS <= c.at - epoch <= at + _CLIENT_LAG_MS
                  and whose(c, [x for x in alive(at) if not x.pending] + [m]) is m), None)
        if c is None:
            b.add(at, "leave", {"group": group, "client": who}, Level.COORDINATOR, evidence)
            m.gone = at
            return Level.COORDINATOR
        c.used = True
        # at the consumer's time when it is this line's lag before it and after the line before
        # (the coordinator handles it on arrival); another host's clock says less than the order
        t = c.at - epoch if previous <= c.at - epoch <= at and at - (c.at - epoch) <= _CLIENT_LAG_MS else at
        b.add(t, "leave", {"group": group, "client": who}, Level.CLIENT, c.evidence, **_leave_why(c))
        m.gone = t
        return Level.CLIENT

    def covered(m: _Member, among: Sequence[_Member], wall: int) -> bool:
        """Whether ``m``'s consumer log is here around wall ms ``wall`` (lines before and after)."""
        for (_, key), (lo, hi, named) in logged.streams.items():
            if m.alias in named or (key == client_id_of(m.alias)
                                    and sum(client_id_of(x.alias) == key for x in among) == 1):
                if lo <= wall < hi:
                    return True
        return False

    #: member -> the rows that name it, in order
    naming: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        if r.get("member"):
            naming.setdefault(str(r["member"]), []).append(i)

    def expiry_after(m: _Member, index: int) -> int | None:
        """Virtual ms of the expiry line of ``m`` when that is the next line after row ``index``
        to name it (no rejoin or leave of its own comes first)."""
        mine = naming.get(m.alias, [])
        k = bisect.bisect_right(mine, index)
        r = rows[mine[k]] if k < len(mine) else None
        if r is not None and (r["kind"] == "group_member_failed" or (
                r["kind"] == "group_prepare_rebalance" and r.get("cause") == "heartbeat_expiration")):
            return at_of(r)
        return None

    def stopped(m: _Member, index: int, sync_at: int) -> bool:
        """Whether follower ``m`` sent no SyncGroup after the join phase that row ``index``'s
        assignment ends: it expires sooner after that than its session timeout, and exactly
        (within the purgatory's lag) one session after its last sign of life before it — or,
        from 2.7, after a heartbeat it may have sent in between."""
        t = expiry_after(m, index)
        if t is None or t - sync_at >= m.session_ms:
            return False
        since = t - m.session_ms - m.last_seen
        return since >= 0 and (heartbeats_in_completing or since <= LAG_MS)

    def parked_syncs(at: int, index: int) -> None:
        """Before 2.7 a heartbeat in CompletingRebalance keeps no member alive; a SyncGroup
        parked there does (``hasSatisfiedHeartbeat``).  So a follower still in the group at row
        ``index``, one session timeout or more after its join response, with the leader's
        SyncGroup not come, had sent its own: right after that response, as the Java consumer
        does.  Not a member whose next line is its expiry, nor one whose consumer log is here
        (it shows none)."""
        present = [m for m in alive(at) if not m.pending]
        if not present:
            return
        head = leader if any(m.alias == leader for m in present) else present[0].alias
        for m in present:
            if m.alias == head or m.alias in waiting or at - m.last_seen < m.session_ms \
                    or expiry_after(m, index - 1) is not None or covered(m, present, at + epoch):
                continue
            waiting.add(m.alias)
            b.add(max(m.last_seen, round_end) + 1, "sync", {"group": group, "client": m.alias},
                  Level.INFERRED, ev(rows[index]))

    # Who was there before the first line: named by a later line without having joined first
    # (``before``), and the unnamed others a member count implies.
    fillers = _fillers(rows, before)
    seed_names = before + [f"member-before-logs-{i + 1}" for i in range(fillers)]
    for m, d in metadata:
        assumed.setdefault(f"member {m}", f"session {d['session_timeout_ms']} ms, rebalance "
                           f"{d.get('rebalance_timeout_ms')} ms (its MemberMetadata)")
    #: member -> the row of its "Adding new member" line (the join that carries its id)
    id_join_row = _id_join_rows(rows)
    floors: dict[str, int] = {}  # member -> a session timeout its own lines show it outlived
    known_session = "session.timeout.ms" in configs
    max_session = int(str(configs.get("group.max.session.timeout.ms",
                                      profile.defaults.get("group.max.session.timeout.ms", 300000))))
    min_session = int(str(configs.get("group.min.session.timeout.ms",
                                      profile.defaults.get("group.min.session.timeout.ms", 6000))))

    def new_member(name: str, at: int, instance_id: str | None = None) -> _Member:
        s, rb = timeouts.get(name, (session_ms, rebalance_ms))
        m = _Member(name, at, s, rb, instance_id, last_seen=at)
        members[name] = m
        return m

    def join(m: _Member, at: int, level: Level, evidence: str | None, *,
             first: Level | None = None, required: bool | None = None) -> None:
        """A JoinGroup; ``first`` = the level of the id-less join that precedes it when the
        member is new and the version hands out ids first (2.2+, KIP-394)."""
        fields: dict[str, Any] = {"group": group, "client": m.alias, "client_id": client_id_of(m.alias),
                                  "session_timeout_ms": m.session_ms, "rebalance_timeout_ms": m.rebalance_ms}
        if m.instance_id is not None:
            fields["instance_id"] = m.instance_id
        if required is not None:
            fields["require_known_member_id"] = required
        if m.metadata:
            fields["protocols"] = [["range", f"{m.metadata:02x}"]]
        if first is not None and m.instance_id is None and profile.has(Switch.MEMBER_ID_REQUIRED):
            b.add(at, "join", dict(fields), first, evidence if first is not Level.INFERRED else None)
        b.add(at, "join", fields, level, evidence)
        m.last_seen = at
        m.evidence = m.evidence or evidence

    # The seed round: the members before the logs join and (unless the first line is the
    # leader's assignment) sync, so that the group is where its first line finds it.
    first_kind = rows[0]["kind"]
    if seed_names:
        b.add(0, "set", {"config": {"group.initial.rebalance.delay.ms": 0}}, Level.INFERRED)
        named = {str(r["member"]): ev(r) for r in reversed(rows) if r.get("member")}
        counted = next((ev(r) for r in rows if r.get("members") is not None), None)
        for name in seed_names:
            # a member before the logs rests on the first line that names it (or counts it)
            join(new_member(name, 0, None), 0, Level.INFERRED, named.get(name, counted), first=Level.INFERRED)
        if len(seed_names) > 1:
            # with no initial delay the first join completed a generation of its own at once and
            # the others' joins began the next, which waits for the first one to rejoin
            join(members[seed_names[0]], 1, Level.INFERRED, named.get(seed_names[0], counted))
        b.add(1000, "set", {"config": {"group.initial.rebalance.delay.ms": delay_ms}}, Level.INFERRED)
        if first_kind != "group_assignment_received":
            for name in seed_names:
                b.add(1000, "sync", {"group": group, "client": name}, Level.INFERRED)
        if first_kind == "group_stabilized":
            # the logs begin inside a join phase: some member's rejoin started it before them
            join(members[seed_names[0]], seed_ms - 1, Level.INFERRED, None)

    round_end = 0
    completing = False  # a join phase has ended ("Stabilized") and its leader's SyncGroup not come
    waiting: set[str] = set()  # the members given a parked SyncGroup in it (parked_syncs)
    leader: str | None = None  # the member the last assignment line named
    round_began = seed_ms  # virtual ms the current join phase began
    round_joined: set[str] = set()
    not_rejoining: set[str] = set()
    expiries: dict[str, tuple[int, str]] = {}
    in_round = first_kind == "group_stabilized"

    def alive(at: int) -> list[_Member]:
        return [m for m in members.values() if m.gone is None or m.gone > at]

    def complete_round(at: int, count: int | None, evidence: str) -> None:
        """The join phase ended: every live member that had not rejoined does so now (or, when
        the line's count says fewer ended it, the ones not seen for longest were dropped)."""
        nonlocal round_joined, not_rejoining, in_round, round_began
        present = alive(at)
        rejoin = [m for m in present if m.alias not in round_joined and m.alias not in not_rejoining
                  and not (m.pending and m.tentative is None)]
        if count is not None:
            rejoin = _who_rejoins(rejoin, present, count, round_joined)
            # more members than the lines account for: they joined unseen in this phase (a
            # join with a known id logs nothing), when it began
            have = len(rejoin) + sum(1 for m in present if m.alias in round_joined)
            for n in range(max(0, count - have) if joins_unlogged else 0):
                m = new_member(f"unseen-joiner-{at}-{n + 1}", round_began)
                join(m, round_began, Level.INFERRED, evidence, first=Level.INFERRED)
                m.last_seen = at
        elif joins_unlogged and not rejoin and not any(m.alias in round_joined for m in present):
            # the line names no count, but a join phase that ends with nobody left ends Empty,
            # not with a generation: a member whose join logged nothing is in it
            m = new_member(f"unseen-joiner-{at}-1", round_began)
            join(m, round_began, Level.INFERRED, evidence, first=Level.INFERRED)
            m.last_seen = at
        # a member rejoins before the phase's rebalance timeout runs out, or not at all: one
        # that the line shows later than that is the timeout exceeded, and the diff says so
        limit = round_began + max((m.rebalance_ms for m in present), default=rebalance_ms) - 1
        rejoin_at = min(at, limit) if in_round else at
        for m in rejoin:
            if m.tentative is not None:  # its join with its id followed its id line at once
                join(m, m.tentative, Level.INFERRED, evidence)
                m.pending, m.joined, m.last_seen, m.tentative = False, m.tentative, at, None
                continue
            # the consumer's own "(Re-)joining group" line, when its log is here and its time
            # falls inside this phase (another host's clock may not)
            seen = [(t - epoch, e) for t, e in (rejoins or {}).get(m.alias, ())
                    if round_began <= t - epoch <= rejoin_at]
            if seen:
                join(m, seen[-1][0], Level.CLIENT, seen[-1][1])
            else:
                join(m, rejoin_at, Level.INFERRED, evidence)
            if m.pending:
                m.pending, m.joined = False, rejoin_at
        for m in present:
            if m.pending and m not in rejoin:
                # still only handed an id: not in the group, not out of it either; its join with
                # the id, if it comes inside a later phase, is that phase's
                m.tentative = None
                continue
            if m not in rejoin and m.alias not in round_joined:
                m.gone = at
            else:
                m.last_seen = at  # the join response restarts its session (a heartbeat's worth)
        round_joined, not_rejoining, in_round = set(), set(), False

    for index, r in enumerate(rows):
        at, kind, who = at_of(r), r["kind"], r.get("member")
        cause, gen, count = r.get("cause"), r.get("generation"), r.get("members")
        previous = at_of(rows[index - 1]) if index else 0
        # a consumer's line at this instant came before a phase's end (its heartbeat failed in
        # the phase, its rejoin is part of what ended it) but after a rebalance's start or a removal
        flush(int(r["at"]), kind in _CLIENT_FIRST)
        if completing and not heartbeats_in_completing:
            parked_syncs(at, index)
        known = who is not None and who in members and members[who].gone is None
        if index in lag_rounds:
            delay, ends = lag_rounds[index]
            b.add(at, "set", {"config": {key: delay}}, Level.INFERRED, ev(r))
            round_end = ends - epoch
        if kind == "group_member_joined" and who and known and members[who].pending \
                and id_join_row.get(who) == index:
            m = members[who]
            join(m, at, Level.COORDINATOR, ev(r))  # the join with its id
            m.pending, m.joined, m.tentative = False, at, None
            round_joined.add(who)
            continue
        if kind in ("group_member_id_created", "group_member_joined"):
            if who and not known:
                m = new_member(who, at, r.get("instance_id"))
                if _details(r).get("member_id_required"):
                    # "… request the member to rejoin with this id" (2.2+, KIP-394): this line
                    # is the id-less join; the join with the id is a line further on ("Adding
                    # new member", "Pending member … joins"), or logs nothing (see below)
                    later = id_join_row.get(who)
                    parked = r.get("state") in ("PreparingRebalance", None)
                    if later is None:
                        # in a join phase the join with its id logs nothing: the phase's end
                        # (its member count) says whether it came — right after this line, or
                        # (outside one, where it would have logged) once the next phase began
                        join(m, at, Level.COORDINATOR, ev(r), required=True)
                        m.pending, m.tentative = True, at if parked else None
                        continue
                    if later > index:  # its join with the id is its own line, further on
                        join(m, at, Level.COORDINATOR, ev(r), required=True)
                        m.pending = True  # a pending id sends no heartbeats until it joins
                        floors[who] = at_of(rows[later]) - at + 1  # nor did its session run out
                        continue
                    join(m, at, Level.INFERRED, ev(r), first=Level.COORDINATOR)
                else:
                    # "… for this member and add to the group": a client on JoinGroup v0-v3
                    # (no KIP-394) joins in one request
                    join(m, at, Level.COORDINATOR, ev(r), required=False)
                round_joined.add(who)
            continue
        if kind in _PHASE_ROWS:
            completing = False
            waiting.clear()
        if kind == "group_prepare_rebalance":
            if not in_round:
                round_began = at
            drives = False
            if cause == "new_member" and who:
                if known and members[who].pending and id_join_row.get(who) == index:
                    join(members[who], at, Level.COORDINATOR, ev(r))  # the join with its id
                    members[who].pending, members[who].joined = False, at
                elif not known:
                    join(new_member(who, at, r.get("instance_id")), at, Level.COORDINATOR, ev(r),
                         first=Level.INFERRED)
                round_joined.add(who)
                drives = True
            elif cause in _REJOIN_CAUSES and who:
                m = members[who] if known else new_member(who, at)
                if cause in _NEW_METADATA_CAUSES:
                    m.metadata += 1
                join(m, at, Level.COORDINATOR, ev(r))
                round_joined.add(who)
                drives = True
            elif cause == "leave" and who:
                left = leave(who, at, ev(r), previous)
                drives = left is Level.COORDINATOR
                if left is not None:
                    observations.append(_removal(r, at, RemovalReason.LEAVE, drives=drives))
            elif cause == "heartbeat_expiration" and who:
                expiries.setdefault(who, (at, ev(r)))
            in_round = True
            for m in members.values():
                if m.pending and m.tentative is None and m.gone is None:
                    m.tentative = at
            for name in unseen_joiners.get(index, ()):
                join(new_member(name, at), at, Level.INFERRED, ev(r), first=Level.INFERRED)
                round_joined.add(name)
            observations.append(_state(r, at, GroupState.PREPARING_REBALANCE, gen, None, drives=drives))
            continue
        if kind == "group_member_left" and who and _details(r).get("pending") and who not in members:
            # "Pending member X is leaving": its id-less join (DEBUG before 2.3) came first
            m = new_member(who, at)
            join(m, at, Level.INFERRED, ev(r), required=True)
            m.pending = True
        if kind == "group_member_left" and who and known and members[who].pending \
                and not _details(r).get("pending"):
            # it left as a member, not as "Pending member …": its join with its id came first,
            # inside the join phase, where it logs nothing — at once after its id line, as for a
            # member the phase's end shows (a new member: it may have extended the initial
            # rebalance delay from its period on)
            m = members[who]
            when = m.tentative if m.tentative is not None else at
            join(m, when, Level.INFERRED, ev(r))
            m.pending, m.joined, m.tentative = False, when, None
            round_joined.add(who)
        if kind == "group_member_left":
            if who:
                left = leave(who, at, ev(r), previous)
                if left is not None:
                    observations.append(_removal(r, at, RemovalReason.LEAVE,
                                                 drives=left is Level.COORDINATOR))
            continue
        if kind == "group_pending_member_expired" and who and who not in members:
            # its id-less join logged nothing (before 2.3 "Created a new member id" is DEBUG):
            # it came one session timeout before it expired
            m = new_member(who, max(0, at - session_ms))
            join(m, m.joined, Level.INFERRED, ev(r), required=True)
            m.pending = True
        if kind in ("group_member_failed", "group_pending_member_expired"):
            if who and who not in expiries:
                expiries[who] = (at, ev(r))
                reason = (RemovalReason.PENDING_EXPIRED if kind == "group_pending_member_expired"
                          else RemovalReason.SESSION_TIMEOUT)
                if who in members and members[who].gone is None:
                    members[who].gone = at
                observations.append(_removal(r, at, reason))
            continue
        if kind == "group_members_removed":
            gone = _details(r).get("members") or ([who] if who else [])
            for name in gone:
                not_rejoining.add(str(name))
                observations.append(_removal({**r, "member": name}, at, RemovalReason.REBALANCE_TIMEOUT))
            continue
        if kind == "group_stabilized":
            following = rows[index + 1] if index + 1 < len(rows) else None
            if left_after_change and following is not None and following["kind"] == "group_member_left" \
                    and at_of(following) == at and following.get("member") in members:
                # a leave line right after the phase's end, at its instant: the leave came in the
                # join phase and ended it (removeMemberAndUpdateGroup / removePendingMemberAndUpdateGroup
                # -> checkAndComplete: the group no longer waits for it).  A member's leave after
                # the end would have its own "Preparing to rebalance" line first; a pending
                # member's (no state change) was no member of the generation either way
                name = str(following["member"])
                left = leave(name, at, ev(following), previous)
                if left is not None:
                    observations.append(_removal(following, at, RemovalReason.LEAVE,
                                                 drives=left is Level.COORDINATOR))
            for n, t in enumerate(unseen.get(index, ())):
                m = new_member(f"unseen-joiner-{index}-{n + 1}", t - epoch)
                join(m, t - epoch, Level.INFERRED, ev(r), first=Level.INFERRED)
                round_joined.add(m.alias)
            complete_round(at, None if count is None else int(count), ev(r))
            completing = True
            observations.append(_state(r, at, GroupState.COMPLETING_REBALANCE, gen, count))
            continue
        if kind == "group_assignment_received":
            if in_round:  # no "Stabilized" line for this round: its rejoins still happened
                complete_round(at, None if count is None else int(count), ev(r))
            leader = who
            # the engine ends a zero-delay round on the ms its periods give, a few ms from the
            # purgatory's real lag: the SyncGroups come after it
            sync_at = max(at, round_end)
            syncing = sorted((m for m in alive(at) if not m.pending),
                             key=lambda m: (m.alias == leader, m.alias))
            # a member's SyncGroup is answered by the time its consumer logs it, before the
            # group's next phase (a sync answered later failed: REBALANCE_IN_PROGRESS)
            upto = next((at_of(x) for x in rows[index + 1:] if x["kind"] in _PHASE_ROWS), at + TAIL_MS)
            rests = False  # whether a SyncGroup rests on this line (the leader's, or an inferred one)
            for m in syncing:
                c = next((c for c in syncs if not c.used and at - _CLIENT_LAG_MS <= c.at - epoch
                          <= min(upto, at + TAIL_MS) and whose(c, syncing) is m), None)
                if c is not None:
                    # its consumer's "Successfully synced group in generation …" (2.6.1+; before,
                    # "Successfully joined group with generation N"), or the failure it logged
                    c.used = True
                    b.add(max(c.at - epoch, sync_at), "sync", {"group": group, "client": m.alias},
                          Level.CLIENT, c.evidence)
                    if c.what == "synced":
                        respond(c, "sync", "NONE", c.generation)
                    elif c.what == "sync_failed":
                        assert c.error is not None
                        respond(c, "sync", c.error, None)
                elif m.alias != leader and covered(m, syncing, int(r["at"])):
                    continue  # its consumer's log is here and shows no SyncGroup: it sent none
                elif m.alias != leader and stopped(m, index, sync_at):
                    continue  # it expires later as if its last sign of life came before this line
                else:
                    b.add(sync_at, "sync", {"group": group, "client": m.alias},
                          Level.COORDINATOR if m.alias == leader else Level.INFERRED, ev(r))
                    rests = True
                m.last_seen = at
            observations.append(_state(r, at, GroupState.STABLE, gen, count, drives=rests))
            continue
        if kind == "group_empty":
            observations.append(_state(r, at, GroupState.EMPTY, gen, 0))
            continue
        if kind == "group_dead":
            # offsets expiry or DeleteGroups: a coordinator step the trace gives as a deletion
            b.add(at, "delete_group", {"group": group}, Level.COORDINATOR, ev(r))
            observations.append(_state(r, at, GroupState.DEAD, gen, 0, drives=True))
            continue

    flush(last_wall, True)  # the consumers' lines after the coordinator's last one
    # A member whose session timeout no line gives (no MemberMetadata, no ConsumerConfig: other
    # clients' defaults differ — kafka-python and librdkafka before 1.9 use 10 s) and that
    # expired sooner after its last sign of life than the assumed default ran with a shorter
    # one, down to the broker's group.min.session.timeout.ms: only below that is it too early.
    # Likewise a pending member whose join with its id came later than the default allows
    # had a longer one.
    for name, m in members.items():
        if name in timeouts or known_session:
            continue
        fitted = m.session_ms
        if name in expiries and m.pending:
            # a pending id expires exactly one session timeout after its id-less join
            fitted = max(min_session, expiries[name][0] - m.joined)
        elif name in expiries and expiries[name][0] - m.last_seen < fitted:
            fitted = max(min_session, expiries[name][0] - m.last_seen)
        fitted = min(max(fitted, floors.get(name, 0)), max_session)
        if fitted != m.session_ms:
            m.session_ms = fitted
            for fields in b.fields_of("join"):
                if fields.get("client") == name:
                    fields["session_timeout_ms"] = fitted
    # An expiry no session timeout the member can have explains (sooner after its last sign
    # of life than its known one, or than the broker's minimum) is reported by the diff as
    # early; the member is taken out there all the same, so the lines after it still compare.
    for name, (t, evidence) in sorted(expiries.items()):
        m = members.get(name)
        if m is not None and not m.pending and t - m.last_seen < m.session_ms:
            b.add(t, "leave", {"group": group, "client": name}, Level.INFERRED, evidence)
    end = at_of(rows[-1])
    longest = max((m.session_ms for m in members.values()), default=0)
    tail_ms = min(longest, QUIET_MS // 2) + TAIL_MS if into_quiet else TAIL_MS
    _heartbeats(b, members, expiries, group, end + tail_ms)  # the living go on living past the end
    # run the clock past the last line, so that what its timers make happen is there to compare
    b.add(end + tail_ms, "tick", {}, Level.INFERRED)
    trace = b.trace(profile, configs, group=group, scope=scope)
    opaque = None
    if any(r["kind"] == "group_prepare_rebalance" and not r.get("cause") for r in rows):
        # 0.10-2.0 name no rebalance trigger ("Preparing to rebalance group g with old
        # generation N"): joins, rejoins and leaves are then invisible to a re-run
        opaque = ("its coordinator's lines name no rebalance trigger (Kafka before 2.1): add the "
                  "consumers' logs, or read it with Kafka's state table and generations only")
    alive_at_end = tuple(m.alias for m in members.values() if m.gone is None and not m.pending)
    return GroupCase(scope, group, rows[0].get("broker"), epoch, trace, tuple(observations), assumed, seed_ms,
                     opaque, responses=tuple(responses), alive_at_end=alive_at_end)


def _seed_ms(timeouts: Mapping[str, tuple[int, int]], before: Sequence[str], session_ms: int) -> int:
    """How long before the first line the seed round starts: long enough to settle and to
    outlast the session of every member it seeds (``session_ms``, or the one its MemberMetadata
    gives: ``timeouts``), so that a seed member's expiry soon after the first line is where its
    line puts it; no longer, since each seed member heartbeats all through it (on a log of many
    short stretches most of a re-run's steps were those heartbeats, when it was always 60 s)."""
    sessions = [timeouts[m][0] for m in before if m in timeouts]
    return min(SEED_MS, max([session_ms, *sessions]) + SETTLE_MS)


def _state(r: Mapping[str, Any], at: int, state: GroupState, gen: Any, members: Any, *,
           drives: bool = False) -> Observation:
    return Observation(at, r["kind"], state, None if gen is None else int(gen),
                       None if members is None else int(members), r.get("member"), None,
                       str(r["source"]), int(r["line"]), str(r.get("raw") or ""), drives)


def _removal(r: Mapping[str, Any], at: int, reason: RemovalReason, *, drives: bool = False) -> Observation:
    return Observation(at, r["kind"], None, None, None, r.get("member"), reason, str(r["source"]),
                       int(r["line"]), str(r.get("raw") or ""), drives)


def _leave_why(c: _ClientLine) -> dict[str, str]:
    """A consumer's LeaveGroup: why it left (poll_timeout, close, …) and the line that says so."""
    why = {"cause": str(c.cause)} if c.cause else {}
    if c.cause_source:
        why["cause_source"] = c.cause_source
    return why


def _who_rejoins(candidates: list[_Member], alive: list[_Member], count: int,
                 joined: set[str]) -> list[_Member]:
    """The members that rejoin a join phase the line says ended with ``count`` members: all the
    live ones unless fewer ended it; then the ones last seen alive stay (the others had stopped
    and were dropped when the phase timed out)."""
    have = len([m for m in alive if m.alias in joined])
    room = count - have
    if room >= len(candidates):
        return candidates
    if room <= 0:
        return []
    return sorted(candidates, key=lambda m: (-m.last_seen, m.alias))[:room]


def _members_before(rows: Sequence[Mapping[str, Any]]) -> tuple[list[str], dict[int, list[str]]]:
    """Members a line names before any line shows them joining.  Those named before the logs
    show the group empty joined before the logs; the others joined unseen inside a join phase
    (where a join with a known id logs nothing; before 2.1 no join does): the latest rebalance
    line before the one that names them (its row -> the members)."""
    joined: set[str] = set()
    before: list[str] = []
    unseen: dict[int, list[str]] = {}
    # a log whose first line is a new group's first rebalance (old generation 0) had no members
    emptied = _begins_empty(rows)
    phase: int | None = None  # row of the latest rebalance line
    completed: int | None = None  # ... of the latest one whose join phase has ended
    for i, r in enumerate(rows):
        who = r.get("member")
        kind = r["kind"]
        if kind == "group_empty":
            emptied = True
        if kind == "group_prepare_rebalance":
            phase = i
        if kind == "group_stabilized":
            completed = phase
        if not who:
            continue
        if kind in ("group_member_id_created", "group_member_joined") or (
                kind == "group_prepare_rebalance" and r.get("cause") == "new_member"):
            joined.add(who)
            continue
        pending_gone = kind == "group_member_left" and _details(r).get("pending")
        if kind == "group_pending_member_expired" or pending_gone:
            joined.add(who)
            continue
        if who in joined:
            continue
        joined.add(who)
        # a member that expires, leaves or leads was in a generation: it joined in the latest
        # phase that ended (a rejoin trigger names one that joined in the current phase)
        where = phase if kind == "group_prepare_rebalance" or completed is None else completed
        if emptied and where is not None:
            unseen.setdefault(where, []).append(who)
        else:
            before.append(who)
    return before, unseen


def _begins_empty(rows: Sequence[Mapping[str, Any]]) -> bool:
    """The logs begin with a new (or empty) group's first rebalance (old generation 0): nobody
    was in it before.  Lines about pending members before it (handed an id, not members yet:
    "Pending member X is leaving", its expiry, its id line) do not say otherwise."""
    for r in rows:
        kind = r["kind"]
        if kind == "group_pending_member_expired" or (
                kind in ("group_member_left", "group_member_joined") and _details(r).get("pending")) or (
                kind == "group_member_id_created" and _details(r).get("member_id_required")):
            continue
        return kind == "group_prepare_rebalance" and r.get("generation") == 0
    return False


def _fillers(rows: Sequence[Mapping[str, Any]], before: list[str]) -> int:
    """Unnamed members before the logs: what the first member count says beyond those known."""
    present = set(before)
    if _begins_empty(rows):
        return 0  # a new group's first rebalance: nobody was there before it
    for r in rows:
        kind, who = r["kind"], r.get("member")
        if kind == "group_empty":
            return 0  # shown empty before any count: whoever a count adds joined in the logs' window
        if kind in ("group_stabilized", "group_assignment_received") and r.get("members") is not None:
            return max(0, int(r["members"]) - len(present))
        if not who:
            continue
        if kind in ("group_member_id_created", "group_member_joined") or (
                kind == "group_prepare_rebalance" and r.get("cause") == "new_member"):
            present.add(who)
        elif kind in ("group_member_left", "group_member_failed") or (
                kind == "group_prepare_rebalance" and r.get("cause") in ("leave", "heartbeat_expiration")):
            present.discard(who)
    return 0


def _heartbeats(b: Derived, members: Mapping[str, _Member], expiries: Mapping[str, tuple[int, str]],
                group: str, end: int) -> None:
    """Each member heartbeats from its join until it leaves, or until its session timeout
    before the line that expires it (never before the last line that shows it alive), or
    to the end of the logs.  One heartbeat every nine tenths of a session is enough for
    Kafka's expiry rule (no heartbeat for a whole session), and costs the re-run of a long
    stable stretch half the steps a heartbeat every half session would."""
    for m in members.values():
        if m.pending:
            continue
        stop = end
        if m.alias in expiries:
            stop = min(max(expiries[m.alias][0] - m.session_ms, m.last_seen), expiries[m.alias][0] - 1)
        elif m.gone is not None:
            stop = m.gone - 1
        step = max(1, m.session_ms * 9 // 10)
        b.repeat(range(m.joined + step, stop, step), "heartbeat", {"group": group, "client": m.alias},
                 Level.INFERRED, m.evidence)
        if m.alias in expiries and stop > m.joined:
            b.add(stop, "heartbeat", {"group": group, "client": m.alias}, Level.INFERRED, m.evidence)


#: the broker settings a group diff runs with
BROKER_KEYS = ("group.initial.rebalance.delay.ms", "group.min.session.timeout.ms",
                "group.max.session.timeout.ms")


@dataclass(frozen=True)
class _InitialRound:
    """The first join phase of an empty group, as its lines show it."""

    begins: int  # index of the row of the join that began it
    ends: int  # index of its "Stabilized" row
    start: int  # wall ms
    end: int
    joins: tuple[int, ...]  # wall ms of each member's join in it
    extends: bool  # generation 0: each period with a join buys another (KIP-134 newMemberAdded)


def _initial_rounds(rows: Sequence[Mapping[str, Any]],
                    unseen: Mapping[int, Sequence[str]] | None = None) -> list[_InitialRound]:
    """The first join phases of an empty group in ``rows`` (``unseen``: members that joined,
    unlogged, in the phase a rebalance row began)."""
    out: list[_InitialRound] = []
    empty = True
    began: tuple[int, int] | None = None  # (row index, at)
    joins: list[int] = []
    seen: set[Any] = set()
    named = _id_join_rows(rows)
    for i, r in enumerate(rows):
        kind, at = r["kind"], int(r["at"])
        # a member's id-less join (KIP-394) is no member yet when its own join line follows, nor
        # when it finds the group Empty (it only hands out an id; a join with that id while the
        # group is still Empty would begin the phase with a line of its own)
        idless = (kind == "group_member_id_created" and _details(r).get("member_id_required")
                  and (r.get("member") in named or r.get("state") == "Empty"))
        new = (kind in ("group_member_id_created", "group_member_joined") and not idless) or (
            kind == "group_prepare_rebalance" and r.get("cause") == "new_member")
        if kind == "group_empty":
            empty, began, joins, seen = True, None, [], set()
        elif new and empty:
            if began is None:
                began = (i, at)
            if r.get("member") not in seen:  # a member's id line and its rebalance line: one join
                seen.add(r.get("member"))
                joins.append(at)
        elif kind == "group_prepare_rebalance":
            if empty and began is None:  # a trigger the line does not name (before 2.1)
                began = (i, at)
                joins.append(at)
            empty = False if began is None else empty
        if began is not None and unseen and i in unseen:
            joins.extend(at for _ in unseen[i])  # right after the line, within its first period
        elif kind == "group_stabilized":
            # a round that ends at the instant a pending member is removed was ended by that
            # removal (4.0's Java coordinator completes the join phase outright once a removal
            # leaves every remaining member joined, even in its initial rebalance), not by the
            # delay: its length says nothing of it
            cut_short = i > 0 and int(rows[i - 1]["at"]) == at and (
                rows[i - 1]["kind"] == "group_pending_member_expired"
                or (rows[i - 1]["kind"] == "group_member_left" and _details(rows[i - 1]).get("pending")))
            if began is not None and not cut_short:
                # the round that makes generation 1 began at generation 0
                out.append(_InitialRound(began[0], i, began[1], at, tuple(joins), r.get("generation") == 1))
            empty, began, joins, seen = False, None, [], set()
    return out


def _client_rejoins(clients: Sequence[Mapping[str, Any]]) -> dict[str, list[tuple[int, str]]]:
    """Member -> (wall ms, line) of each "(Re-)joining group" its consumer logged before a
    "Successfully joined group with generation Generation{…, memberId='X'}" (the joining line
    names no member; the joined line that follows it on the same client does)."""
    out: dict[str, list[tuple[int, str]]] = {}
    last: dict[str, tuple[int, str]] = {}
    for r in clients:
        client = r.get("client_id")
        if not client:
            continue
        if r["kind"] == "consumer_joining":
            last[client] = (int(r["at"]), f"{r['source']}:{r['line']}")
        elif r["kind"] == "consumer_joined" and r.get("member") and client in last:
            out.setdefault(str(r["member"]), []).append(last.pop(client))
    return out


#: how long before the coordinator's line a consumer's request may be logged and still be taken
#: at the consumer's time (beyond: another host's clock)
_CLIENT_LAG_MS = 1000
_SYNC_WHATS = ("synced", "sync_failed", "sync_cleared")
#: the coordinator lines a consumer's line of the same instant comes before
_CLIENT_FIRST = frozenset({"group_stabilized", "group_assignment_received"})
#: the lines that move a group to its next phase
_PHASE_ROWS = frozenset({"group_prepare_rebalance", "group_stabilized", "group_assignment_received",
                         "group_empty", "group_dead"})


@dataclass
class _ClientLine:
    """One consumer line that drives a stimulus of its member (or says why one came)."""

    at: int  # wall ms
    what: str  # synced, sync_failed, sync_cleared, heartbeat, leave, poll_timeout
    member: str | None  # the member id the line names (None: its client's member then)
    key: str  # the prefix of its member ids: the client.id, or a static member's group.instance.id
    stream: str  # the consumer's log file
    generation: int | None
    error: str | None
    cause: str | None
    row: Mapping[str, Any]
    cause_source: str | None = None  # the poll-timeout WARN line before its LeaveGroup line
    used: bool = False

    @property
    def evidence(self) -> str:
        return f"{self.row['source']}:{self.row['line']}"


#: heartbeat errors that are the coordinator's answer about the member (the coordinator errors
#: say the request never reached the group: no step of it)
_HEARTBEAT_ERRORS = frozenset({"REBALANCE_IN_PROGRESS", "UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION"})
_SYNC_ERRORS = frozenset({"REBALANCE_IN_PROGRESS", "UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION"})


def _client_what(r: Mapping[str, Any]) -> str | None:
    """What a consumer line says its member did, or None for a line that drives nothing."""
    kind, template = r["kind"], str(r.get("template") or "")
    if kind == "consumer_synced":
        return "synced"
    if kind == "consumer_joined":
        # 0.10-2.6.0 log "Successfully joined group … generation N" once the SyncGroup succeeded
        # (the join future completes with the sync: AbstractCoordinator.initiateJoinGroup, 2.4.0);
        # 2.6.1+ log it at the JoinGroup response and "Successfully synced group" at the sync's
        pre_2_6_1 = template in ("consumer.joined.0_10", "consumer.joined.1_0")
        if pre_2_6_1 or (not template and not r.get("member")):
            return "synced"
        return None
    if kind == "consumer_sync_failed":
        if "cleared" in template:  # the sync was answered; the heartbeat thread had reset the generation
            return "sync_cleared"
        return "sync_failed" if r.get("error") in _SYNC_ERRORS else None
    if kind == "consumer_join_failed" and template.startswith("consumer.join_failed.cleared"):
        # 2.4-2.8 "Generation data was cleared by heartbeat thread …" once the join future (the
        # SyncGroup's answer) completed: the coordinator had the sync
        return "sync_cleared"
    if kind == "consumer_heartbeat_failed":
        stale = template.endswith(".stale")  # an answer to a request of an older generation (2.6+)
        return "heartbeat" if r.get("error") in _HEARTBEAT_ERRORS and not stale else None
    if kind == "consumer_rejoin_requested" and r.get("reason") == "group is already rebalancing":
        # 3.0+ log a heartbeat's REBALANCE_IN_PROGRESS as requestRejoin("group is already rebalancing")
        return "heartbeat"
    if kind == "consumer_poll_timeout":
        # 2.4-2.8 say it in the LeaveGroup line itself ("Member X sending LeaveGroup request … due
        # to consumer poll timeout …"); 2.1-2.3 and 3.0+ log a WARN before the LeaveGroup line
        return "leave" if r.get("member") else "poll_timeout"
    if kind == "consumer_leave" and not template.startswith("consumer.leave_failed"):
        return "leave"
    return None


@dataclass
class _ClientLog:
    """A group's consumer logs: the lines that drive stimuli, and each log's span (log file,
    member-id prefix) -> (first, last wall ms, the members its lines name)."""

    lines: list[_ClientLine] = field(default_factory=list)
    streams: dict[tuple[str, str], tuple[int, int, frozenset[str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, clients: Sequence[Mapping[str, Any]]) -> _ClientLog:
        spans: dict[tuple[str, str], tuple[int, int, frozenset[str]]] = {}
        for r in clients:
            key = (str(r["source"]), str(r.get("instance_id") or r.get("client_id") or ""))
            lo, hi, named = spans.get(key, (int(r["at"]), int(r["at"]), frozenset()))
            spans[key] = (min(lo, int(r["at"])), max(hi, int(r["at"])),
                          named | {str(r["member"])} if r.get("member") else named)
        return cls(_client_lines(clients), spans)


def _client_lines(clients: Sequence[Mapping[str, Any]]) -> list[_ClientLine]:
    """The consumer lines that drive their member's stimuli, in time order; a poll timeout is
    the cause of its consumer's next LeaveGroup line."""
    out: list[_ClientLine] = []
    timed_out: dict[tuple[str, str], _ClientLine] = {}
    for r in clients:
        what = _client_what(r)
        key = str(r.get("instance_id") or r.get("client_id") or "")
        if what is None or not key:
            continue
        error = "REBALANCE_IN_PROGRESS" if r["kind"] == "consumer_rejoin_requested" else r.get("error")
        gen = r.get("generation")
        c = _ClientLine(int(r["at"]), what, str(r["member"]) if r.get("member") else None, key,
                        str(r["source"]), None if gen is None else int(gen),
                        None if error is None else str(error), r.get("cause"), r)
        if what == "poll_timeout":
            timed_out[(c.stream, key)] = c
            continue
        if what == "leave":
            cause = timed_out.pop((c.stream, key), None)
            if cause is not None:
                c.cause, c.cause_source = "poll_timeout", cause.evidence
        out.append(c)
    return sorted(out, key=lambda c: (c.at, c.stream, int(c.row["line"])))


def _id_join_rows(rows: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Member -> the row of the line that shows its join with the id it was handed (KIP-394):
    "Adding new member X" (2.1+), or "Pending (dynamic) member X joins group g in S state.
    Adding to the group now" (3.0+)."""
    out: dict[str, int] = {}
    for i, r in enumerate(rows):
        if r.get("member") and (
                (r["kind"] == "group_prepare_rebalance" and r.get("cause") == "new_member")
                or (r["kind"] == "group_member_joined" and _details(r).get("pending"))):
            out.setdefault(str(r["member"]), i)
    return out


def _periods_end(start: int, d: int, joins: Sequence[int]) -> int:
    """When an InitialDelayedJoin of ``d`` begun at ``start`` ends, extended by every period in
    which a member joined after the first (``joins``; one at a period's very end comes after
    its timer, so in the next period)."""
    t = start + d
    while any(t - d <= j < t for j in joins):
        t += d
    return t


def _unseen_joins(x: _InitialRound, d: int) -> list[int]:
    """Joins (wall ms) that the round's length implies and its lines do not show: one just
    before the end of each period that was extended with no join seen in it."""
    joins = list(x.joins[1:])
    added: list[int] = []
    t = _periods_end(x.start, d, joins)
    while t < x.end - TOLERANCE and len(added) < 16:
        added.append(t - 1)
        joins.append(t - 1)
        t = _periods_end(x.start, d, joins)
    return added if abs(t - x.end) <= TOLERANCE else []


def _delay_for(start: int, end: int, joins: Sequence[int], *, extends: bool) -> tuple[int, int]:
    """The delay d with which a round begun at ``start`` ends nearest ``end`` with every join
    in it — one period, or (at generation 0) one more for every period in which members
    joined (a join at a period's very end comes after its timer, as in the engine) — and
    when the engine will end it."""
    span = max(1, end - start)
    later = list(joins[1:])
    if not extends or not later:
        return span, start + span
    best: tuple[int, int, int] | None = None  # (miss, d, t)
    for d in range(1, span + 1):
        t = _periods_end(start, d, later)
        if any(j >= t for j in later):
            continue  # a join the round would have missed
        # rather early than late: the leader's SyncGroup follows the line at once
        miss = (0 if t <= end else 1, abs(t - end))
        if best is None or miss < best[0]:
            best = (miss, d, t)  # type: ignore[assignment]
    return (best[1], best[2]) if best is not None else (span, start + span)


def _assumptions(profile: Profile, configs: Mapping[str, Any]) -> tuple[dict[str, str], int, int]:
    """The configs the derived trace runs with, each with where it comes from."""
    assumed: dict[str, str] = {}
    for key in BROKER_KEYS:
        if configs.get("_inferred") == key:
            assumed[key] = (f"{configs[key]} (inferred: no empty group's first join phase lasted longer "
                            "than that)")
        elif key in configs:
            assumed[key] = f"{configs[key]} (broker config)"
        elif key in profile.defaults:
            assumed[key] = f"{profile.defaults[key]} (Kafka {profile.name} default)"
    session = int(configs.get("session.timeout.ms", profile.defaults.get("session.timeout.ms", 10000)))
    rebalance = int(configs.get("max.poll.interval.ms",
                                profile.defaults.get("max.poll.interval.ms", session)))
    if not profile.has(Switch.REBALANCE_TIMEOUT):
        rebalance = session
    where = "consumer config" if "session.timeout.ms" in configs else f"Kafka {profile.name} consumer default"
    assumed["session.timeout.ms"] = f"{session} ({where})"
    where = ("consumer config" if "max.poll.interval.ms" in configs
             else f"Kafka {profile.name} consumer default")
    assumed["max.poll.interval.ms"] = f"{rebalance} ({where})"
    return assumed, session, rebalance
