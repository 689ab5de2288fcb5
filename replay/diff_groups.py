"""Run a group's derived trace through the engine and align what Kafka's rules make happen
with what the coordinator logged (DESIGN.md "Replay and diff": run, diff).

State changes and member removals are aligned separately, each in time order: an observed
line is matched to the engine's next change of the same kind within ``MATCH_WINDOW_MS``.  What
is left over on either side is a finding, classified by what it is next to — a join phase
that ended later than its rebalance timeout allows, a member expired before its session
could have run out, a state the engine went through that no line shows, a line the engine
cannot produce.  Generations are compared relative to the group's usual offset (a log that
starts at generation 412 is not a mismatch), so one wrong line is one finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from operator import attrgetter, methodcaller
from typing import Any

import polars as pl

from kafka_forensics.engine.effects import (
    Effect,
    MemberRemoved,
    RemovalReason,
    Response,
    StateChanged,
    _cheap_init,
)
from kafka_forensics.engine.effects import Finding as EngineFinding
from kafka_forensics.engine.group.states import GroupState, is_legal
from kafka_forensics.engine.profiles import PROFILE_NAMES, Profile, Switch, profile

from .config_dumps import config_dumps
from .derive_groups import (
    BROKER_KEYS,
    CLIENT_COLUMNS,
    CLIENT_KINDS,
    GROUP_COLUMNS,
    GROUP_KINDS,
    TAIL_MS,
    GroupCase,
    Observation,
    derive,
)
from .derive_requests import REQUEST_COLUMNS, REQUEST_DO
from .findings import Evidence, Finding, FindingKind, Severity
from .runner import RunError, run_trace
from .wording import kafka_version, logs_at

#: how far apart (ms) an observed line and the engine's change may be and still be one event:
#: causally linked lines of a real coordinator can be seconds apart (a heartbeat expiry logged
#: 2.5 s before the rebalance it starts, Kafka 2.3.1 in the real corpus: lock contention, GC)
MATCH_WINDOW_MS = TAIL_MS
#: a matched pair further apart than this is a timing finding where the kind has one
TOLERANCE_MS = 1000


@_cheap_init  # (one per state change and removal of every re-run)
@dataclass(frozen=True, slots=True)
class Expected:
    """One change the engine made."""

    at: int  # virtual ms
    state: GroupState | None
    generation: int | None
    members: int | None
    member: str | None  # the alias removed
    removal: RemovalReason | None
    reason: str | None = None


#: Expected's cheap constructor (engine/effects.py, ``_cheap_init``)
_expect: Callable[..., Expected] = Expected.build  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Step:
    """One row of ``replay --group``: an observed line beside the engine's change."""

    at: int  # virtual ms
    observed: Observation | None
    expected: Expected | None
    verdict: str  # "ok", "stimulus" or a finding kind


@dataclass(frozen=True)
class GroupReplay:
    case: GroupCase
    steps: tuple[Step, ...]
    findings: tuple[Finding, ...]
    rebalances: int  # the engine's rebalances within the logged window
    stimuli: int
    error: str | None = None
    levels: Mapping[str, int] = field(default_factory=dict)  # stimuli by evidence level
    rebalance_times: tuple[int, ...] = ()  # wall ms of the engine's rebalances in the window


_CONSUMER_KEYS = ("session.timeout.ms", "max.poll.interval.ms", "heartbeat.interval.ms")


def configs_by_scope(events: pl.DataFrame, broker_keys: Sequence[str] = BROKER_KEYS) -> tuple[
        dict[str, dict[str, Any]], dict[tuple[str, str], dict[str, Any]]]:
    """The brokers' settings (``broker_keys``: the group coordinator's by default) per scope, and
    the consumers' per (scope, ``group.id``), from their config dumps (the first value of each
    setting wins)."""
    brokers: dict[str, dict[str, Any]] = {}
    consumers: dict[tuple[str, str], dict[str, Any]] = {}
    for scope, kind, settings in config_dumps(events):
        if kind == "broker_config":
            mine = brokers.setdefault(scope, {})
            keys: Sequence[str] = broker_keys
        elif settings.get("group.id"):
            mine = consumers.setdefault((scope, str(settings["group.id"])), {})
            keys = _CONSUMER_KEYS
        else:
            continue
        for key in keys:
            if key in settings:
                mine.setdefault(key, settings[key])
    return brokers, consumers


def profiles_by_scope(events: pl.DataFrame, worded: Mapping[str, Any] | None = None) -> dict[str, Profile]:
    """Per scope: the engine profile of the oldest release its logs allow (``versions.releases``;
    a profile is the newest named one at or below it).  Once per check (``detect.per_check``)."""
    from .detect import per_check
    from .versions import releases

    if worded is None:
        return dict(per_check(events, "profiles_by_scope",
                              lambda: profiles_by_scope(events, releases(events))))
    out: dict[str, Profile] = {}
    java = set()
    if "logger" in events.columns:
        java = set(events.filter(pl.col("logger").str.starts_with("org.apache.kafka.coordinator.group"))
                   .get_column("scope").unique().to_list())
    for scope, wording in worded.items():
        if wording.range is None:
            continue
        lo = wording.range[0]
        try:
            chosen = profile(f"{lo[0]}.{lo[1]}.{lo[2]}")
        except ValueError:
            continue  # older than the engine's oldest profile (0.10.0)
        if scope in java and not chosen.has(Switch.NEW_GROUP_COORDINATOR):
            # the Java group coordinator wrote the lines (KIP-848's runtime: opt-in from 3.7,
            # the default from 4.0): its behaviour is the first profile that has it
            chosen = next(p for n in PROFILE_NAMES if (p := profile(n)).has(Switch.NEW_GROUP_COORDINATOR))
        out[scope] = chosen
    return out


@dataclass(frozen=True)
class GroupJob:
    """One group on one scope, as ``replay_groups`` derives and re-runs it: its rows and what
    its derivation reads (plain Python values, so a worker process forked after they were
    read can re-run it: ``replay/reruns.py``)."""

    scope: str
    group: str
    profile: Profile
    settings: Mapping[str, Any]
    rows: Sequence[dict[str, Any]]
    clients: Sequence[dict[str, Any]] = ()
    requests: Sequence[dict[str, Any]] = ()

    def cost(self) -> int:
        """About how much work the job is: the lines its derivation reads."""
        return len(self.rows) + len(self.clients) + len(self.requests)

    def replays(self, overrides: Mapping[str, Any] | None = None) -> list[GroupReplay]:
        cases = derive(self.rows, self.profile, self.settings, scope=self.scope, group=self.group,
                       clients=self.clients, requests=self.requests)
        return [replay_case(case, overrides or {}) for case in cases]


def replay_groups(events: pl.DataFrame, *, groups: set[str] | None = None,
                  overrides: Mapping[str, Any] | None = None,
                  profile_name: str | None = None) -> list[GroupReplay]:
    """Derive, run and align every classic group in ``events`` (``scope`` column present)."""
    return [r for job in group_jobs(events, groups=groups, profile_name=profile_name)
            for r in job.replays(overrides)]


def group_jobs(events: pl.DataFrame, *, groups: set[str] | None = None,
               profile_name: str | None = None) -> list[GroupJob]:
    """Every classic group in ``events`` to re-run, in the order ``replay_groups`` re-runs them."""
    from .detect import rows_of, with_scope

    scoped = with_scope(events)
    rows = rows_of(scoped, GROUP_KINDS, GROUP_COLUMNS)
    by_group: dict[tuple[str, str], list[dict[str, Any]]] = {}
    requests: dict[tuple[str, str], list[dict[str, Any]]] = {}
    if "api" in scoped.columns:  # the coordinators' request logs (level 1): their group APIs only
        asked = scoped.filter((pl.col("kind") == "request_completed") & pl.col("api").is_in(list(REQUEST_DO))
                              & pl.col("group").is_not_null())
        for r in rows_of(asked, ("request_completed",), REQUEST_COLUMNS) if asked.height else ():
            if groups is None or r["group"] in groups:
                requests.setdefault((r["scope"], str(r["group"])), []).append(r)
                by_group.setdefault((r["scope"], str(r["group"])), [])
    if not rows and not requests:
        return []
    profiles = profiles_by_scope(scoped)
    brokers, consumers = configs_by_scope(scoped)
    for r in rows:
        if r.get("group") is None or (groups is not None and r["group"] not in groups):
            continue
        by_group.setdefault((r["scope"], r["group"]), []).append(r)
    # the consumers' own logs (level 2): by group, wherever they sit when one scope's
    # coordinator has that group (a consumer's host is often not a broker's)
    scopes_of: dict[str, set[str]] = {}
    for scope, group in by_group:
        scopes_of.setdefault(group, set()).add(scope)
    clients: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows_of(scoped, CLIENT_KINDS, CLIENT_COLUMNS):
        group = r.get("group")
        home = scopes_of.get(group or "", set())
        scope = r["scope"] if r["scope"] in home else next(iter(home)) if len(home) == 1 else None
        if scope is not None:
            clients.setdefault((scope, str(group)), []).append(r)
    out = []
    for (scope, group), mine in sorted(by_group.items()):
        prof = profile(profile_name) if profile_name else profiles.get(scope)
        if prof is None:
            continue
        settings = {**brokers.get(scope, {}), **consumers.get((scope, group), {})}
        out.append(GroupJob(scope, group, prof, settings, mine, clients.get((scope, group), ()),
                            requests.get((scope, group), ())))
    return out


@cache
def _expiries_logged(profile_name: str) -> bool:
    """Whether the coordinator of ``profile_name``'s release logs a member's expiry at INFO."""
    return logs_at("member_failed", kafka_version(profile(profile_name)))


_DOC = attrgetter("doc")
_LEVEL = methodcaller("get", "level")


def _levels(records: Sequence[Any]) -> dict[str, int]:
    """The records by evidence level (``str`` of each ``level``, in order of first appearance)."""
    out: dict[str, int] = {}
    for level, n in Counter(map(_LEVEL, map(_DOC, records))).items():  # (read in C: one per stimulus)
        key = str(level)
        out[key] = out.get(key, 0) + n
    return out


def replay_case(case: GroupCase, overrides: Mapping[str, Any]) -> GroupReplay:
    if case.opaque is not None:
        steps, findings = _observed_only(case)
        return GroupReplay(case, tuple(steps), tuple(findings), 0, 0, None, {})
    try:
        result = run_trace(case.trace, overrides)
    except RunError as e:
        return GroupReplay(case, (), (), 0, len(case.trace.records), str(e), _levels(case.trace.records))
    expected = _expected(result.effects, case)
    steps, findings = _align(case, expected)
    if case.responses:
        base = _generation_base([(s.observed, s.expected) for s in steps if s.observed and s.expected])
        answered, wrong = _responses(case, result.effects, base)
        steps = sorted([*steps, *answered], key=lambda s: (s.at, s.observed.line if s.observed else 0))
        findings = [*findings, *(_with_last_consistent(x, steps, case) for x in wrong)]
    times = tuple(case.wall(e.at) for e in expected if e.state is GroupState.PREPARING_REBALANCE)
    return GroupReplay(case, tuple(steps), tuple(findings), len(times), len(case.trace.records), None,
                       dict(sorted(_levels(case.trace.records).items())), times)


def _expected(effects: Sequence[Effect], case: GroupCase) -> list[Expected]:
    out = []
    alias: dict[str, str] = {}  # the engine's member ids -> the clients (the logs' member ids)
    first_at, group = case.first_at, case.group
    for e in effects:
        if isinstance(e, Response):  # most effects: no change of the group's
            if e.request == "join" and e.member_id:
                alias.setdefault(e.member_id, e.client)
            continue
        if e.at < first_at:
            continue  # the seed round before the logs
        if isinstance(e, StateChanged) and e.group == group:
            out.append(_expect(e.at, GroupState.from_name(e.to_state), e.generation, e.members, None, None,
                               e.reason))
        elif isinstance(e, MemberRemoved) and e.group == group:
            who = e.client or alias.get(e.member_id, e.member_id)
            out.append(_expect(e.at, None, e.generation, None, who, e.reason))
    return out


# -- alignment ---------------------------------------------------------------------------------

def _same(o: Observation, e: Expected) -> bool:
    if abs(o.at - e.at) > MATCH_WINDOW_MS:
        return False
    if o.state is not None:
        return e.state is o.state
    return e.member == o.member and _removal_class(e.removal) == _removal_class(o.removal)


def _removal_class(r: RemovalReason | None) -> str:
    if r in (RemovalReason.LEAVE, RemovalReason.POLL_TIMEOUT):
        return "leave"
    if r in (RemovalReason.SESSION_TIMEOUT, RemovalReason.JOIN_TIMEOUT):
        return "expired"
    return str(r.value if r else None)


def _match(obs: Sequence[Observation], exp: Sequence[Expected]) -> tuple[
        list[tuple[Observation, Expected]], list[Observation], list[Expected]]:
    pairs: list[tuple[Observation, Expected]] = []
    lone_o: list[Observation] = []
    used = [False] * len(exp)
    j = 0
    for o in obs:
        k = next((k for k in range(j, len(exp)) if not used[k] and exp[k].at <= o.at + MATCH_WINDOW_MS
                  and _same(o, exp[k])), None)
        if k is None:
            lone_o.append(o)
            continue
        used[k] = True
        pairs.append((o, exp[k]))
        if o.state is not None:
            j = k + 1  # state changes keep their order; removals may come in any order at an instant
    return pairs, lone_o, [e for e, u in zip(exp, used, strict=True) if not u]


def _align(case: GroupCase, expected: list[Expected]) -> tuple[list[Step], list[Finding]]:
    end = max((o.at for o in case.observations), default=case.first_at) + MATCH_WINDOW_MS
    exp_states = [e for e in expected if e.state is not None and e.at <= end]
    exp_removed = [e for e in expected if e.removal is not None and e.at <= end]
    obs_states = [o for o in case.observations if o.state is not None]
    obs_removed = [o for o in case.observations if o.state is None]
    s_pairs, s_obs, s_exp = _match(obs_states, exp_states)
    r_pairs, r_obs, r_exp = _match(obs_removed, exp_removed)
    f = _Findings(case)
    steps: list[Step] = []
    verdict: dict[int, str] = {}  # id(observation or expected) -> verdict

    # a join phase that ended later than Kafka's rules allow, or a member expired too soon:
    # one observed line and one engine change of the same thing at different times
    for o in list(s_obs):
        e = next((e for e in s_exp if e.state is o.state and o.state is GroupState.COMPLETING_REBALANCE
                  and e.at < o.at), None)
        if e is not None:
            s_obs.remove(o)
            s_exp.remove(e)
            verdict[id(o)] = verdict[id(e)] = f.late_round(o, e, obs_states).value
            steps.append(Step(o.at, o, e, verdict[id(o)]))
    for o in list(r_obs):
        if _removal_class(o.removal) != "expired":
            continue
        e = next((e for e in r_exp if e.member == o.member and _removal_class(e.removal) == "expired"), None)
        if e is None or e.at > o.at:
            s_ = f.early_expiry(o, e)
            verdict[id(o)] = s_.value
            r_obs.remove(o)
            if e is not None:
                r_exp.remove(e)
                verdict[id(e)] = s_.value
            steps.append(Step(o.at, o, e, s_.value))

    for o, e in list(s_pairs):
        if o.state is GroupState.COMPLETING_REBALANCE and o.at - e.at > TOLERANCE_MS:
            verdict[id(o)] = f.late_round(o, e, obs_states).value
            s_pairs.remove((o, e))
            steps.append(Step(o.at, o, e, verdict[id(o)]))
    for o, e in list(r_pairs):
        if _removal_class(o.removal) == "expired" and e.at - o.at > TOLERANCE_MS:
            f.early_expiry(o, e)
            r_pairs.remove((o, e))
            steps.append(Step(o.at, o, e, FindingKind.EARLY_EXPIRY.value))

    base = _generation_base(s_pairs)
    previous: Observation | None = None
    shift = base
    for i, (o, e) in enumerate(s_pairs):
        v = "stimulus" if o.drives else "ok"
        if o.generation is not None and e.generation is not None and o.generation - e.generation != shift:
            nxt = next(((o2, e2) for o2, e2 in s_pairs[i + 1:] if o2.generation is not None
                        and e2.generation is not None), None)
            offset = o.generation - e.generation
            persistent = nxt is not None and nxt[0].generation - nxt[1].generation == offset
            f.generation(o, e, shift, persistent)
            v = FindingKind.GENERATION_MISMATCH.value
            if persistent:
                shift = o.generation - e.generation
        elif o.members is not None and e.members is not None and o.members != e.members:
            f.member_count(o, e)
            v = FindingKind.MEMBER_COUNT_MISMATCH.value
        steps.append(Step(o.at, o, e, v))
        previous = o
    del previous
    for o, e in r_pairs:
        steps.append(Step(o.at, o, e, "stimulus" if o.drives else "ok"))

    missing_between: list[tuple[int, int]] = []
    last_at = max((o.at for o in case.observations), default=0)
    for e in s_exp:
        before = max((o for o in obs_states if o.at < e.at), key=lambda o: o.at, default=None)
        after = min((o for o in obs_states if o.at >= e.at), key=lambda o: o.at, default=None)
        if after is None or e.at >= last_at:
            continue  # at the last line's instant or after: the logs may end before its line
        f.missing(e, before, after)
        missing_between.append((before.at if before else e.at, after.at))
        steps.append(Step(e.at, None, e, FindingKind.MISSING_TRANSITION.value))
    expiries_logged = _expiries_logged(case.trace.header.profile)
    for e in r_exp:
        if _removal_class(e.removal) == "expired" and e.at <= end - MATCH_WINDOW_MS and expiries_logged:
            f.missing_removal(e, obs_states)
            steps.append(Step(e.at, None, e, FindingKind.MISSING_TRANSITION.value))
    for o in s_obs + r_obs:
        f.unexpected(o, obs_states)
        steps.append(Step(o.at, o, None, FindingKind.UNEXPECTED_TRANSITION.value))

    # Kafka's table: consecutive observed states with nothing the engine says was skipped
    ordered = sorted(obs_states, key=lambda o: (o.at, o.line))
    for a, b in pairwise(ordered):
        assert a.state is not None and b.state is not None
        if is_legal(a.state, b.state) or a.state is GroupState.DEAD:
            continue  # (a Dead group is removed: the next join creates a new one, Empty or Stable)
        if any(lo <= b.at and hi >= a.at for lo, hi in missing_between):
            continue
        f.illegal(a, b)
    steps.sort(key=lambda s: (s.at, s.observed.line if s.observed else 0))
    return steps, [_with_last_consistent(x, steps, case) for x in f.out]


def _with_last_consistent(finding: Finding, steps: Sequence[Step], case: GroupCase) -> Finding:
    """The finding with the last state the engine and the logs agreed on before it."""
    first = min((e.line for e in finding.evidence), default=0)

    def before(s: Step) -> bool:
        at = case.wall(s.at)
        same_time = at == finding.start and s.observed is not None and s.observed.line < first
        return at < finding.start or same_time

    agreed = [s for s in steps if s.verdict in ("ok", "stimulus") and s.expected is not None
              and s.expected.state is not None and before(s)]
    if not agreed:
        return finding
    e = agreed[-1].expected
    assert e is not None and e.state is not None
    from .findings import iso

    last = f"{e.state.value} generation {e.generation} with {e.members} members at {iso(case.wall(e.at))}"
    return replace(finding, details={**finding.details, "last_consistent": last})


def _observed_only(case: GroupCase) -> tuple[list[Step], list[Finding]]:
    """A group the engine cannot re-run: Kafka's state table between consecutive lines, and
    each completed join phase adding one to the generation."""
    f = _Findings(case)
    steps: list[Step] = []
    states = sorted((o for o in case.observations if o.state is not None), key=lambda o: (o.at, o.line))
    current: int | None = None
    for a, b in zip([None, *states], states, strict=False):
        if a is not None and a.state is not None and b.state is not None and not is_legal(a.state, b.state):
            f.illegal(a, b)
        verdict = "ok"
        if b.generation is not None:
            # a rebalance line names the generation it leaves; Stabilized / Empty the next one
            want = None if current is None else (current if b.state is GroupState.PREPARING_REBALANCE
                                                  else current + 1 if b.state in _NEW_GENERATION else current)
            if want is not None and b.generation != want:
                f.generation_continuity(b, want)
                verdict = FindingKind.GENERATION_MISMATCH.value
            current = b.generation
        steps.append(Step(b.at, b, None, verdict))
    return steps, f.out


_NEW_GENERATION = frozenset({GroupState.COMPLETING_REBALANCE, GroupState.EMPTY})


#: the trace's ``do`` -> the API the request log names
_REQUEST_NAMES = {do: api for api, do in REQUEST_DO.items()}


def _responses(case: GroupCase, effects: Sequence[Effect], base: int = 0) -> tuple[list[Step], list[Finding]]:
    """Each logged response beside the engine's answer to the same request (the n-th request of
    a member and API gets the n-th answer): the first that differs is the finding — the engine
    and the coordinator part there, and what follows in the request log is a consequence.  A
    consumer's own line (a heartbeat's failure, "Successfully synced group in generation N") is
    the answer to the request it drove; its generation is the logs' (``base`` ahead of the
    engine's)."""
    observed = {(o.evidence, o.request): o for o in case.responses}
    # each request's outcome in order: its answer, or None for one Kafka drops unanswered
    answers: dict[tuple[str, str], list[Response | None]] = {}
    held: dict[str, int | None] = {}  # client -> the generation its last JoinGroup answer handed it
    for e in effects:
        if isinstance(e, Response) and e.request == "join" and e.error == "NONE":
            held[e.client] = e.generation
        if isinstance(e, Response) and e.request in _REQUEST_NAMES:
            if e.request == "sync" and e.generation is None:
                # a SyncGroup answer carries no generation: the member's is its JoinGroup's
                e = replace(e, generation=held.get(e.client))
            answers.setdefault((e.client, e.request), []).append(e)
        elif isinstance(e, EngineFinding) and e.name == "request_dropped" and e.client is not None:
            answers.setdefault((e.client, str(e.request)), []).append(None)
    sent: Counter[tuple[str, str]] = Counter()
    f = _Findings(case)
    steps: list[Step] = []
    for s in case.trace.records:
        if s.do not in _REQUEST_NAMES:
            continue
        key = (str(s.fields.get("client")), s.do)
        n = sent[key]
        sent[key] += 1
        level = s.doc.get("level")
        o = observed.get((str(s.doc.get("source")), s.do)) if level in ("request", "client") else None
        if o is None:
            continue
        got = answers.get(key, [])
        e = got[n] if n < len(got) else None
        api = _REQUEST_NAMES[s.do]
        shift = base if o.relative else 0
        gen = None if e is None or e.generation is None else e.generation + shift
        want = "no answer" if e is None else e.error + (
            f" (generation {gen})" if s.do in ("join", "sync") and e.error == "NONE" else "")
        seen = o.error + (f" (generation {o.generation})" if o.generation is not None else "")
        line = Observation(o.at, o.kind, None, o.generation, None, key[0], None, o.source,
                           o.line, o.raw, note=f"{api} answered {seen}")
        if e is not None and e.error == o.error and (o.generation is None or gen == o.generation):
            steps.append(Step(o.at, line, None, "ok"))  # the request drove; its answer is the engine's
            continue
        client = level == "client"
        if e is not None and e.error == o.error:
            kind = FindingKind.GENERATION_MISMATCH
            f._add(kind, Severity.WARNING, o.at, o.at, f"{api} answered {want}", f"answered {seen}",
                   f"The coordinator handed member {key[0]} another generation than the group's logged "
                   + ("steps lead to: its consumer's line names a join round the coordinator's lines do not "
                      "show, or is another member's." if client else
                      "requests lead to: a join round the request log does not show (a gap in the log, or "
                      "another coordinator)."), [line], member=key[0], request=api,
                   expected_generation=gen, observed_generation=o.generation)
        else:
            kind = FindingKind.UNEXPECTED_TRANSITION
            f._add(kind, Severity.WARNING, o.at, o.at, f"{api} answered {want}", f"answered {seen}",
                   (f"Re-running the group's logged steps, Kafka's rules answer member {key[0]}'s {api} "
                    "differently than its consumer logged: a step the logs do not show, another host's "
                    "clock, or configs other than the assumed ones." if client else
                    "Re-running every request the coordinator logged, Kafka's rules answer member "
                    f"{key[0]}'s {api} differently: the request log misses requests (rotated, or logged at "
                    "another level), or the broker ran configs other than the assumed ones."), [line],
                   member=key[0], request=api)
        steps.append(Step(o.at, line, None, kind.value))
        break
    return steps, f.out


def _generation_base(pairs: Sequence[tuple[Observation, Expected]]) -> int:
    diffs = Counter(o.generation - e.generation for o, e in pairs
                    if o.generation is not None and e.generation is not None)
    if not diffs:
        return 0
    best = max(diffs.values())
    # the most common offset; among equals, the first one seen
    for o, e in pairs:
        if o.generation is not None and e.generation is not None \
                and diffs[o.generation - e.generation] == best:
            return o.generation - e.generation
    return 0


class _Findings:
    def __init__(self, case: GroupCase) -> None:
        self.case = case
        self.out: list[Finding] = []
        self.entity = f"group {case.group}"

    def _add(self, kind: FindingKind, severity: Severity, start: int, end: int, expected: str, observed: str,
             message: str, lines: Sequence[Observation], **details: Any) -> None:
        c = self.case
        evidence = tuple(sorted({Evidence(o.source, o.line) for o in lines}))
        details = {**details, "profile": c.trace.header.profile,
                   "assumed": dict(sorted(c.assumed.items()))}
        self.out.append(Finding(kind, severity, self.entity, c.wall(min(start, end)), c.wall(max(start, end)),
                                expected, observed, message, evidence, c.scope, details))

    def _t(self, at: int) -> str:
        from .findings import iso

        return iso(self.case.wall(at))

    def late_round(self, o: Observation, e: Expected, states: Sequence[Observation]) -> FindingKind:
        began = max((x for x in states if x.at <= o.at and x.state is GroupState.PREPARING_REBALANCE),
                    key=lambda x: x.at, default=None)
        timeout = _max_rebalance_ms(self.case)
        lines = [o] + ([began] if began else [])
        if began is not None and o.at - began.at > timeout:
            self._add(FindingKind.REBALANCE_TIMEOUT_EXCEEDED, Severity.WARNING, began.at, o.at,
                      f"the join phase ends by {self._t(began.at + timeout)} "
                      f"(rebalance timeout {timeout} ms)",
                      f"it ended at {self._t(o.at)}, {(o.at - began.at) / 1000:.1f} s after it began",
                      f"Group {self.case.group}'s rebalance outlasted its rebalance timeout: find the member "
                      "that rejoined last and what kept it (processing or onPartitionsRevoked).", lines,
                      timeout_ms=timeout)
            return FindingKind.REBALANCE_TIMEOUT_EXCEEDED
        self._add(FindingKind.UNEXPECTED_TRANSITION, Severity.WARNING, e.at, o.at,
                  f"the join phase ends at {self._t(e.at)} under Kafka's rules",
                  f"it ended at {self._t(o.at)}",
                  "The join phase ended later than the members' joins and the assumed configs explain: check "
                  "group.initial.rebalance.delay.ms and the consumers' configs.", lines)
        return FindingKind.UNEXPECTED_TRANSITION

    def early_expiry(self, o: Observation, e: Expected | None) -> FindingKind:
        session = _session_ms(self.case, o.member)
        expected = (f"no expiry before {self._t(e.at)} "
                    f"(session timeout {session} ms after its last sign of life)"
                    if e is not None else f"the member stays (its session timeout is {session} ms)")
        self._add(FindingKind.EARLY_EXPIRY, Severity.WARNING, o.at, e.at if e else o.at, expected,
                  f"member {o.member} expired at {self._t(o.at)}",
                  f"Member {o.member} was expired sooner than its session.timeout.ms allows: compare the "
                  "consumer's "
                  "session.timeout.ms with the one assumed, and the consumer's and broker's clocks.", [o],
                  member=o.member, session_timeout_ms=session)
        return FindingKind.EARLY_EXPIRY

    def generation(self, o: Observation, e: Expected, shift: int, persistent: bool) -> None:
        want = (e.generation or 0) + shift
        self._add(FindingKind.GENERATION_MISMATCH, Severity.WARNING, o.at, o.at,
                  f"generation {want}", f"generation {o.generation}",
                  "The generation the line names is not the one the group's earlier rounds lead to"
                  + (" (and later lines continue from it: rounds the logs do not show)" if persistent
                     else " (and later lines go on from the expected one: this line is the odd one out)")
                  + ".", [o], expected_generation=want, observed_generation=o.generation)

    def generation_continuity(self, o: Observation, want: int) -> None:
        self._add(FindingKind.GENERATION_MISMATCH, Severity.WARNING, o.at, o.at,
                  f"generation {want}", f"generation {o.generation}",
                  "The generation skips or repeats: join rounds the logs do not show (rotated files, a "
                  "coordinator move) or a group that was recreated.", [o], expected_generation=want,
                  observed_generation=o.generation, engine="not run: " + (self.case.opaque or ""))

    def member_count(self, o: Observation, e: Expected) -> None:
        self._add(FindingKind.MEMBER_COUNT_MISMATCH, Severity.WARNING, o.at, o.at,
                  f"{e.members} members", f"{o.members} members",
                  "Members joined or left without a line of their own: add the consumers' logs for this "
                  "window.",
                  [o], expected_members=e.members, observed_members=o.members)

    def missing(self, e: Expected, before: Observation | None, after: Observation) -> None:
        state = e.state.value if e.state else "?"
        lines = [x for x in (before, after) if x is not None]
        self._add(FindingKind.MISSING_TRANSITION, Severity.WARNING, e.at, e.at,
                  f"{state} (generation {e.generation}) at {self._t(e.at)}",
                  "no line shows it" + (f" between {before.kind} and {after.kind}" if before else ""),
                  f"Kafka's rules put group {self.case.group} through {state} here but no line shows it: "
                  "check "
                  "for rotated-away files or a coordinator that logged differently.", lines, state=state)

    def missing_removal(self, e: Expected, states: Sequence[Observation]) -> None:
        near = [x for x in states if abs(x.at - e.at) <= 60_000][:2]
        self._add(FindingKind.MISSING_TRANSITION, Severity.INFO, e.at, e.at,
                  f"member {e.member} expires at {self._t(e.at)}", "no line shows it",
                  f"Under the assumed session timeout member {e.member} would have expired here: its "
                  "heartbeats "
                  "may have come from lines the logs do not hold, or its session timeout is longer.", near,
                  member=e.member)

    def unexpected(self, o: Observation, states: Sequence[Observation]) -> None:
        why = o.removal.value if o.removal else "?"
        what = o.state.value if o.state else f"member {o.member} removed ({why})"
        self._add(FindingKind.UNEXPECTED_TRANSITION, Severity.WARNING, o.at, o.at,
                  "no such change under Kafka's rules at this point", what,
                  "Re-running the group's logged steps under Kafka's rules does not produce this line: a "
                  "step "
                  "the logs do not show, or configs other than the assumed ones.", [o])

    def illegal(self, a: Observation, b: Observation) -> None:
        assert a.state is not None and b.state is not None
        self._add(FindingKind.ILLEGAL_TRANSITION, Severity.ERROR, a.at, b.at,
                  f"{b.state.value} is entered only from "
                  + ", ".join(sorted(s.value for s in GroupState if is_legal(s, b.state))),
                  f"{a.state.value} -> {b.state.value}",
                  "Two consecutive lines put the group in states Kafka's table does not connect: look for a "
                  "coordinator move or missing log files between them.", [a, b])


def _max_rebalance_ms(case: GroupCase) -> int:
    values = [int(s.fields["rebalance_timeout_ms"]) for s in case.trace.records
              if s.do == "join" and "rebalance_timeout_ms" in s.fields]
    return max(values, default=300_000)


def _session_ms(case: GroupCase, member: str | None) -> int:
    for s in case.trace.records:
        if s.do == "join" and s.fields.get("client") == member and "session_timeout_ms" in s.fields:
            return int(s.fields["session_timeout_ms"])
    return 10_000


def group_findings(events: pl.DataFrame, opts: Any) -> list[Finding]:
    """The detector ``check`` runs: every group's engine diff (kept for the report's counts)."""
    from .reruns import reruns

    return [f for r in reruns(events, opts.profile).groups() for f in r.findings]
