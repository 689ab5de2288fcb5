"""Run a trace through the engine: the client side of the trace contract.

The runner plays each client alias the way the Java client handles its ids (DESIGN.md,
"Clients"): the first join sends the empty member id; an id handed back (with
MEMBER_ID_REQUIRED or NONE) is kept; UNKNOWN_MEMBER_ID resets the id to empty and the
generation to -1; other errors change nothing.  The alias is bound to its member id as
soon as the coordinator creates the member.  Later requests send the alias's current
member id, last generation and instance id unless the record gives them.  The runner
never retries on its own.

It evaluates ``expect`` records where they stand (after the clock has moved to their
``at``) and returns the effects and the check results; ``simulate`` renders them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from kafka_forensics.engine.cluster import Cluster, collector_paused
from kafka_forensics.engine.effects import Effect, MemberAdded, Response
from kafka_forensics.engine.group.requests import (
    CoordinatorLoad,
    CoordinatorUnload,
    DeleteGroup,
    DescribeGroup,
    FailAppend,
    GroupRequest,
    Heartbeat,
    JoinGroup,
    LeaveGroup,
    LeaveMember,
    ListGroups,
    OffsetCommit,
    OffsetFetch,
    Protocol,
    RequestKind,
    SyncGroup,
)
from kafka_forensics.engine.profiles import Profile, Switch, profile
from kafka_forensics.engine.timers import TimerMode

from .matchers import matches
from .replication import BROKER_SETS, REPLICATION_EXPECTATIONS, REPLICATION_STIMULI, ReplicationDriver
from .trace import Expectation, Stimulus, Trace

#: the alias of requests a record sends without a client (an admin tool's)
ADMIN = "admin"

#: the responses whose member id and generation the Java client keeps (``_learn``)
_LEARNED_FROM = frozenset({RequestKind.JOIN.value, RequestKind.SYNC.value, RequestKind.HEARTBEAT.value,
                           RequestKind.COMMIT.value})
_JOIN = RequestKind.JOIN.value
#: the ``do`` of every request record
_REQUESTS = frozenset(k.value for k in RequestKind)
_DO = attrgetter("do")
#: a join's protocols when the record lists none
_RANGE = (Protocol("range"),)
#: the requests' cheap constructors (engine/effects.py, ``_cheap_init``): one per stimulus
_heartbeat: Callable[..., Heartbeat] = Heartbeat.build  # type: ignore[attr-defined]
_sync: Callable[..., SyncGroup] = SyncGroup.build  # type: ignore[attr-defined]
_join: Callable[..., JoinGroup] = JoinGroup.build  # type: ignore[attr-defined]


class RunError(Exception):
    """The trace cannot run (a sentence naming the line)."""


@dataclass
class ClientAlias:
    """What the runner remembers of one client, as the Java client would."""

    alias: str
    member_id: str = ""
    generation: int = -1
    instance_id: str | None = None


@dataclass(frozen=True)
class Check:
    """One evaluated ``expect`` record."""

    line: int
    at: int
    expect: str
    ok: bool
    expected: Mapping[str, Any]
    got: Any
    message: str = ""


@dataclass
class RunResult:
    trace: Trace
    profile: Profile
    effects: list[Effect]
    checks: list[Check]

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]


def timer_mode(name: str | None) -> TimerMode:
    return TimerMode(name or "realtime")


@dataclass
class Runner:
    trace: Trace
    overrides: Mapping[str, Any] = field(default_factory=dict)
    profile_name: str | None = None

    def __post_init__(self) -> None:
        header = self.trace.header
        self.profile = profile(self.profile_name or header.profile)
        config = {**dict(header.config or {}), **dict(self.overrides)}
        self.cluster = Cluster.create(self.profile, config, timer_mode(header.timer))
        self.clients: dict[str, ClientAlias] = {}
        #: (client, request) -> responses in completion order
        self.responses: dict[tuple[str, str], list[Response]] = {}
        #: (client, request) -> how many sent / answered (a parked request is sent > answered)
        self.sent: dict[tuple[str, str], int] = {}
        self.answered: dict[tuple[str, str], int] = {}
        self.checks: list[Check] = []
        records = self.trace.records
        try:  # stimuli only (a derived trace), read in one pass in C: an Expectation has no ``do``
            kinds = set(map(_DO, records))
            expectations: list[Expectation] = []
        except AttributeError:
            expectations = [r for r in records if not isinstance(r, Stimulus)]
            kinds = {r.do for r in records if isinstance(r, Stimulus)} | {r.expect for r in expectations}
        #: whether to keep ``responses``, ``sent`` and ``answered``: only ``expect`` records read
        #: them, and a derived trace has none (a re-run sends hundreds of thousands of requests)
        self._tally = bool(expectations)
        #: the session and rebalance timeouts of a join that gives none (worked out at the first
        #: such join after a ``set``, which may change them)
        self._join_defaults: tuple[int, int | None] | None = None
        p = self.profile
        self._member_id_required = p.has(Switch.MEMBER_ID_REQUIRED)
        self._skip_assignment = p.has(Switch.SKIP_ASSIGNMENT)
        #: the replicated cluster, for a trace with replication records (else None: a group
        #: trace runs exactly as it did before the replication engine existed)
        self.replication: ReplicationDriver | None = None
        if kinds & (REPLICATION_STIMULI | REPLICATION_EXPECTATIONS):
            try:
                self.replication = ReplicationDriver(self.cluster, header)
            except ValueError as e:
                raise RunError(f"{self.trace.path}: line {header.line}: {e}") from None

    # -- the run ----------------------------------------------------------------------------

    def run(self) -> RunResult:
        cluster = self.cluster
        effects = cluster.effects
        replication = self.replication
        # every step only appends to the effects: the ones not yet observed are those past
        # ``seen``, observed after the clock moves (before the stimulus reads the aliases)
        # and after the stimulus
        seen = len(effects)
        with collector_paused():  # a run only accumulates effects (see collector_paused)
            for record in self.trace.records:
                cluster.advance(record.at)
                if replication is not None:
                    replication.settle(record.at)
                if len(effects) != seen:
                    self._observe(effects, seen)
                    seen = len(effects)
                if isinstance(record, Stimulus):
                    self._stimulate(record)
                    if len(effects) != seen:
                        self._observe(effects, seen)
                        seen = len(effects)
                else:
                    self.checks.append(self._check(record))
        return RunResult(self.trace, self.profile, self.cluster.effects, self.checks)

    def client(self, alias: str) -> ClientAlias:
        found = self.clients.get(alias)  # (one lookup: asked for every request)
        if found is None:
            found = self.clients[alias] = ClientAlias(alias)
        return found

    def _observe(self, effects: Sequence[Effect], start: int) -> None:
        """Bind aliases and keep responses (``effects`` from ``start``), in the order the
        effects happened."""
        if self.replication is not None:
            for effect in effects[start:]:
                self.replication.observe(effect)
        clients, responses, answered, tally = self.clients, self.responses, self.answered, self._tally
        for effect in effects[start:]:
            if isinstance(effect, MemberAdded) and effect.client in clients:
                clients[effect.client].member_id = effect.member_id
            elif isinstance(effect, Response):
                if tally:
                    key = (effect.client, effect.request)
                    responses.setdefault(key, []).append(effect)
                    answered[key] = answered.get(key, 0) + 1
                if effect.client in clients:
                    self._learn(clients[effect.client], effect)

    @staticmethod
    def _learn(alias: ClientAlias, response: Response) -> None:
        request = response.request
        if request not in _LEARNED_FROM:
            return
        error = response.error
        if error == "UNKNOWN_MEMBER_ID":
            alias.member_id, alias.generation = "", -1
        elif request == _JOIN and error in ("NONE", "MEMBER_ID_REQUIRED"):
            if response.member_id:
                alias.member_id = response.member_id
            if error == "NONE" and response.generation is not None:
                alias.generation = response.generation

    # -- stimuli ----------------------------------------------------------------------------

    def _stimulate(self, record: Stimulus) -> None:
        """Apply one stimulus (its effects go onto the cluster's)."""
        # a trace file's fields are a FrozenMap, read faster as a dict; a derived trace's are
        # one already (nothing below changes them)
        f = record.fields if type(record.fields) is dict else dict(record.fields)
        do = record.do
        if do in _REQUESTS:  # most stimuli
            request = self._request(do, f)
            if self._tally:
                key = (request.client, do)  # (a request's kind is its ``do``)
                self.sent[key] = self.sent.get(key, 0) + 1
            self.cluster.handle(request)
            return
        cluster = self.cluster
        if do == "tick":
            return
        if do == "set":
            cluster.config.update(f.get("config") or {})
            self._join_defaults = None
            return
        if do == "coordinator_load":
            cluster.control(CoordinatorLoad(int(f["partition"]), f.get("epoch")))
        elif do == "coordinator_unload":
            cluster.control(CoordinatorUnload(int(f["partition"]), f.get("epoch")))
        elif do == "fail_append":
            cluster.control(FailAppend(str(f["error"])))
        elif do in ("consumer", "consumer_close", "consumer_crash"):
            self._consumer(do, f, record)
        elif do in REPLICATION_STIMULI and self.replication is not None:
            try:
                self.replication.stimulate(do, f)
            except ValueError as e:
                raise RunError(f"{self.trace.path}: line {record.line}: {e}") from None
        else:
            raise RunError(f"{self.trace.path}: line {record.line}: the engine has no request {do!r}")

    def _member_id(self, f: Mapping[str, Any], alias: ClientAlias) -> str:
        if "member_id" in f:
            return str(f["member_id"] or "")
        if "member_id_of" in f:
            return self.client(str(f["member_id_of"])).member_id
        return alias.member_id

    def _request(self, do: str, f: Mapping[str, Any]) -> GroupRequest:
        name = str(f.get("client") or ADMIN)
        alias = self.client(name)
        group = str(f.get("group", ""))
        if "instance_id" in f:
            alias.instance_id = f["instance_id"]
        member_id = self._member_id(f, alias)
        generation = int(f["generation"]) if "generation" in f else alias.generation
        if do == "heartbeat":
            return _heartbeat(group, name, member_id, generation, alias.instance_id)
        if do == "join":
            return self._join(f, alias, group, member_id)
        if do == "sync":
            assignment = None
            if f.get("assignment") is not None:
                assignment = {self.member_ref(k): tuple(v) for k, v in f["assignment"].items()}
            return _sync(group, name, member_id, generation, alias.instance_id,
                         f.get("protocol_type"), f.get("protocol_name"), assignment)
        if do == "leave":
            return LeaveGroup(group, name, self._leavers(f, alias, member_id))
        if do == "commit":
            return OffsetCommit(group, name, member_id, generation, alias.instance_id,
                                dict(f.get("offsets") or {}), bool(f.get("transactional", False)))
        if do == "offset_fetch":
            return OffsetFetch(group, name)
        if do == "describe":
            return DescribeGroup(group, name)
        if do == "list_groups":
            return ListGroups(name)
        assert do == "delete_group"
        return DeleteGroup(group, name)

    def _join(self, f: Mapping[str, Any], alias: ClientAlias, group: str, member_id: str) -> JoinGroup:
        if self._join_defaults is None:
            config = self.cluster.config
            kip62 = self.profile.has(Switch.REBALANCE_TIMEOUT)
            # before 0.10.1 (KIP-62) the join phase ran on the session timeout (None: the join's own)
            self._join_defaults = (config.int("session.timeout.ms"),
                                   config.int("max.poll.interval.ms") if kip62 else None)
        session_default, rebalance_default = self._join_defaults
        session = int(f.get("session_timeout_ms", session_default))
        listed = f.get("protocols")
        protocols = _RANGE if listed is None else tuple(
            Protocol(x) if isinstance(x, str) else Protocol(x[0], bytes.fromhex(x[1])) for x in listed)
        return _join(
            group=group, client=alias.alias, member_id=member_id, instance_id=alias.instance_id,
            client_id=str(f.get("client_id", alias.alias)),
            client_host=str(f.get("client_host", "/127.0.0.1")),
            session_timeout_ms=session,
            rebalance_timeout_ms=int(f.get("rebalance_timeout_ms",
                                           session if rebalance_default is None else rebalance_default)),
            protocol_type=str(f.get("protocol_type", "consumer")),
            protocols=protocols,
            require_known_member_id=bool(f.get("require_known_member_id", self._member_id_required)),
            supports_skip_assignment=bool(f.get("skip_assignment", self._skip_assignment)),
            reason=f.get("reason"))

    def _leavers(self, f: Mapping[str, Any], alias: ClientAlias, member_id: str) -> tuple[LeaveMember, ...]:
        if "members" not in f:
            return (LeaveMember(member_id, alias.instance_id, f.get("reason")),)
        out = []
        for m in f["members"]:
            other = self.client(str(m["client"])) if "client" in m else ClientAlias("")
            out.append(LeaveMember(self._member_id(m, other), m.get("instance_id", other.instance_id),
                                   m.get("reason")))
        return tuple(out)

    def _consumer(self, do: str, f: Mapping[str, Any], record: Stimulus) -> list[Effect]:
        name = str(f["client"])
        if do == "consumer":
            from kafka_forensics.engine.group.consumer import PollSchedule, SimulatedConsumer

            c = self.cluster
            consumer = SimulatedConsumer(name, str(f["group"]), dict(f.get("config") or {}),
                                         dict(f.get("topics") or {}), PollSchedule.parse(f.get("polls")),
                                         self.profile, c.timers, c.send, c.emit)
            return c.add_consumer(consumer)
        consumer = self.cluster.consumers.get(name)
        if consumer is None:
            raise RunError(f"{self.trace.path}: line {record.line}: no consumer {name!r} was started "
                           "(start it with a \"consumer\" record first)")
        return self.cluster.run(consumer.close if do == "consumer_close" else consumer.crash)

    # -- expectations -----------------------------------------------------------------------

    def member_ref(self, ref: Any) -> Any:
        """An alias -> its member id; anything else unchanged."""
        if isinstance(ref, str) and ref in self.clients and self.clients[ref].member_id:
            return self.clients[ref].member_id
        if isinstance(ref, str):
            consumer = self.cluster.consumers.get(ref)
            if consumer is not None:
                return consumer.view().member_id
        return ref

    def _check(self, record: Expectation) -> Check:
        f = dict(record.fields)
        kind = record.expect
        if kind in ("effect", "no_effect"):
            found = self._find_effect(f)
            ok = (found is not None) == (kind == "effect")
            message = "" if ok else ("no such effect so far" if found is None else "the effect was emitted")
            return Check(record.line, record.at, kind, ok, f, found, message)
        if kind == "pending":
            key = (str(f.get("client") or ADMIN), str(f["request"]))
            parked = self.sent.get(key, 0) > self.answered.get(key, 0)
            return Check(record.line, record.at, kind, parked, f, {"pending": parked},
                         "" if parked else "the request is not parked (answered, or never sent)")
        if kind in REPLICATION_EXPECTATIONS and self.replication is not None:
            got = self.replication.got(kind, f)
        else:
            got = getattr(self, f"_got_{kind}")(f)
        ok, message = self._compare(kind, f, got)
        return Check(record.line, record.at, kind, ok, f, got, message)

    #: fields that name the thing looked at, not a value compared
    _KEYS = frozenset({"group", "client", "request", "event", "topic", "partition", "broker"})
    #: fields compared as member references, and member lists compared as sets
    _MEMBER_FIELDS = frozenset({"leader", "member_id"})
    _MEMBER_SETS = frozenset({"members", "pending"})

    def _compare(self, kind: str, f: Mapping[str, Any], got: Any) -> tuple[bool, str]:
        if got is None:
            if kind == "member" and f.get("present") is False:
                return True, ""
            return False, f"nothing to compare: no {kind} matching {self._describe(f)}"
        wrong = []
        for key, want in f.items():
            if key in self._KEYS:
                continue
            actual = got.get(key) if isinstance(got, Mapping) else None
            norm = self.member_ref if key in self._MEMBER_FIELDS | self._MEMBER_SETS else _same
            if key == "assignment" and isinstance(want, Mapping):
                want = {self.member_ref(k): v for k, v in want.items()}
            as_set = key in self._MEMBER_SETS or (kind == "partition" and key in BROKER_SETS)
            if not matches(want, actual, norm, as_set=as_set):
                wrong.append(f"{key}: expected {_show(want)}, got {_show(actual)}")
        return (not wrong), "; ".join(wrong)

    @staticmethod
    def _describe(f: Mapping[str, Any]) -> str:
        return ", ".join(f"{k}={v}" for k, v in f.items() if k in Runner._KEYS)

    def _got_state(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        view = self.cluster.coordinator.view(str(f["group"]))
        if view is None:
            return {"state": "Dead", "generation": None, "members": [], "pending": [], "leader": None}
        return {"state": view.state_name, "generation": view.generation, "leader": view.leader,
                "members": [m.member_id for m in view.members], "pending": list(view.pending),
                "protocol_type": view.protocol_type, "protocol_name": view.protocol_name}

    def _got_response(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        answers = self.responses.get((str(f.get("client") or ADMIN), str(f["request"])))
        if not answers:
            return None
        return answers[-1].to_dict()

    def _got_member(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        view = self.cluster.coordinator.view(str(f["group"]))
        member_id = self.member_ref(f["client"])
        present = view is not None and any(m.member_id == member_id for m in view.members)
        return {"present": present}

    def _got_client_state(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        consumer = self.cluster.consumers.get(str(f["client"]))
        if consumer is None:
            return None
        v = consumer.view()
        return {"state": v.state, "generation": v.generation, "assignment": list(v.assignment),
                "member_id": v.member_id}

    def _find_effect(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        for effect in self.cluster.effects:
            d = effect.to_dict()
            if all(matches(v, d.get(k), self._norm_for(k),
                           as_set=k in self._MEMBER_SETS) for k, v in f.items()):
                return d
        return None

    def _norm_for(self, key: str) -> Any:
        return self.member_ref if key in self._MEMBER_FIELDS | self._MEMBER_SETS else _same


def _same(value: Any) -> Any:
    return value


def _show(value: Any) -> str:
    import json

    return json.dumps(value, separators=(",", ":"), default=str)


def run_trace(trace: Trace, overrides: Mapping[str, Any] | None = None,
              profile_name: str | None = None) -> RunResult:
    """Run ``trace`` (with ``--set`` overrides and a ``--profile`` override)."""
    return Runner(trace, dict(overrides or {}), profile_name).run()
