"""Invariants of the coordinator over random request sequences (hypothesis): determinism, only
legal transitions, one generation per join phase, one leader per generation (up to a static
leader's replaced member id), every parked request answered exactly once, and no member outliving
its session."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kafka_forensics.engine.effects import (
    CoordinatorChanged,
    Effect,
    Finding,
    MemberAdded,
    Response,
    StateChanged,
)
from kafka_forensics.engine.timers import TimerMode

from . import GroupDriver

VERSIONS = ("0.10.0", "0.10.1", "0.11", "1.1", "2.2", "2.3", "2.4", "2.5", "2.7", "3.0", "3.2", "3.9", "4.0")
CLIENTS = ("c0", "c1", "c2", "c3")
STATIC = {"c2": "i2", "c3": "i3"}
PROTOCOLS = (("range",), ("range", "roundrobin"), ("roundrobin", "range"), (("range", b"v2"),))

client = st.sampled_from(CLIENTS)
join = st.tuples(st.just("join"), client, st.booleans(), st.integers(0, len(PROTOCOLS) - 1),
                 st.sampled_from((False, False, False, True)))
sync = st.tuples(st.just("sync"), client, st.booleans())
heartbeat = st.tuples(st.just("heartbeat"), client)
advance = st.tuples(st.just("advance"), st.sampled_from((1, 10, 49, 51, 100, 250, 499, 501, 1000, 3000)))
rare = st.one_of(st.tuples(st.just("bounce")),
                 st.tuples(st.just("fail_append"), st.sampled_from(("NOT_ENOUGH_REPLICAS", "REQUEST_TIMED_OUT"))))
# repeated alternatives weigh the draw towards the requests that move a group forward
op = st.one_of(join, join, join, sync, sync, heartbeat, st.tuples(st.just("round")), st.tuples(st.just("round")),
               st.tuples(st.just("round")), advance, advance, advance, advance,
               st.tuples(st.just("commit"), client), st.tuples(st.just("leave"), client), rare)
scenario = st.tuples(st.sampled_from(VERSIONS),
                     st.sampled_from((TimerMode.MOCK_STRICT, TimerMode.MOCK_INCLUSIVE, TimerMode.REALTIME)),
                     st.lists(op, min_size=15, max_size=60))


@dataclass
class Run:
    driver: GroupDriver
    sent: dict[tuple[str, str], int] = field(default_factory=dict)
    touched: dict[str, int] = field(default_factory=dict)


def play(version: str, mode: TimerMode, ops: list[tuple[Any, ...]], check: Any = None) -> Run:
    d = GroupDriver(version, mode)
    run = Run(d)
    for o in ops:
        mark = len(d.effects)
        kind = o[0]
        if kind == "join":
            _, c, require_known, protocols, restart = o
            if restart:
                d.member_ids[c] = ""
            d.join(c, instance_id=STATIC.get(c), require_known=require_known, protocol_list=PROTOCOLS[protocols],
                   session=500, rebalance=500)
            run.sent[(c, "join")] = run.sent.get((c, "join"), 0) + 1
        elif kind == "sync":
            _, c, as_leader = o
            assignment = {x: (f"t-{i}",) for i, x in enumerate(CLIENTS) if d.id(x)} if as_leader else None
            d.sync(c, assignment, instance_id=STATIC.get(c))
            run.sent[(c, "sync")] = run.sent.get((c, "sync"), 0) + 1
        elif kind == "round":
            # well-behaved clients: every member syncs if it has not yet, else heartbeats
            view = d.view()
            for c in CLIENTS:
                if view is None or not d.id(c) or view.member(d.id(c)) is None:
                    continue
                if view.state_name in ("CompletingRebalance", "AwaitingSync") and not view.member(d.id(c)).awaiting_sync:
                    d.sync(c, {x: () for x in CLIENTS if d.id(x)}, instance_id=STATIC.get(c))
                    run.sent[(c, "sync")] = run.sent.get((c, "sync"), 0) + 1
                else:
                    d.heartbeat(c, instance_id=STATIC.get(c))
                view = d.view()
        elif kind == "heartbeat":
            d.heartbeat(o[1], instance_id=STATIC.get(o[1]))
        elif kind == "commit":
            d.commit(o[1], instance_id=STATIC.get(o[1]))
        elif kind == "leave":
            d.leave(o[1], instance_id=STATIC.get(o[1]))
        elif kind == "advance":
            d.advance(o[1])
        elif kind == "unload":
            d.unload()
        elif kind == "bounce":  # the partition moves away and comes back
            d.unload()
            d.load()
        elif kind == "load":
            d.load()
        else:
            d.fail_next_append(o[1])
        if check is not None:
            check(run, d.effects[mark:])
    return run


def fingerprint(effects: list[Effect]) -> list[str]:
    return [e.to_json() for e in effects]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario)
def test_the_same_requests_give_the_same_effects(s: tuple[str, TimerMode, list[tuple[Any, ...]]]) -> None:
    """Determinism: ids, timers and orders come from counters and insertion order only."""
    version, mode, ops = s
    assert fingerprint(play(version, mode, ops).driver.effects) == fingerprint(play(version, mode, ops).driver.effects)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario)
# Kafka 2.3: the static leader c2 restarts (unknown member id) in CompletingRebalance of generation 2;
# its own JoinGroup answer names the leader's old id, c0's later rejoin names the new one
@example(("2.3", TimerMode.MOCK_STRICT, [
    ("join", "c2", False, 0, False), ("heartbeat", "c0"), ("heartbeat", "c0"), ("advance", 51), ("round",),
    ("heartbeat", "c0"), ("join", "c0", False, 0, False), ("join", "c0", False, 0, False),
    ("join", "c2", False, 0, False), ("join", "c2", False, 0, True), ("join", "c0", False, 0, False),
    ("round",), ("round",), ("round",), ("round",)]))
def test_valid_request_sequences_keep_every_invariant(s: tuple[str, TimerMode, list[tuple[Any, ...]]]) -> None:
    version, mode, ops = s
    generation: dict[str, int] = {}
    leaders: dict[tuple[str, int], str] = {}
    ever_members: set[str] = set()
    instance_of: dict[str, str | None] = {}

    def check(run: Run, effects: list[Effect]) -> None:
        d = run.driver
        for e in effects:
            # only legal transitions: the coordinator never proposes an illegal one
            assert not (isinstance(e, Finding) and e.name == "illegal_transition"), e
            if isinstance(e, MemberAdded):
                ever_members.add(e.member_id)
                instance_of[e.member_id] = e.instance_id
                run.touched[e.member_id] = e.at
            elif isinstance(e, CoordinatorChanged):
                # a reload rewinds to the persisted generation
                for g in e.groups:
                    generation.pop(g, None)
                    for key in [k for k in leaders if k[0] == g]:
                        del leaders[key]
                    view = d.view(g)
                    for m in view.members if view is not None and e.loaded else ():
                        run.touched[m.member_id] = e.at
            elif isinstance(e, StateChanged):
                before = generation.get(e.group)
                if before is not None:
                    completes_join = e.from_state == "PreparingRebalance" and e.to_state in (
                        "CompletingRebalance", "AwaitingSync", "Empty")
                    assert e.generation == before + (1 if completes_join else 0), e
                generation[e.group] = e.generation
                if e.to_state == "Dead":
                    generation.pop(e.group, None)
                    for key in [k for k in leaders if k[0] == e.group]:
                        del leaders[key]
                if e.to_state in ("CompletingRebalance", "AwaitingSync"):
                    view = d.view(e.group)
                    for m in view.members if view is not None else ():
                        run.touched[m.member_id] = max(run.touched.get(m.member_id, 0), e.at)
            elif isinstance(e, Response):
                if d.id(e.client):
                    run.touched[d.id(e.client)] = e.at
                if e.request == "join" and e.error == "NONE" and e.skip_assignment is not True:
                    # one leader per generation, and a member of the group.  The one way Kafka names two
                    # leader ids in a generation: a static leader restarted with an unknown member id
                    # keeps leading under its new id (GroupMetadata.replaceGroupInstance sets leaderId to
                    # the new id, 2.3; replaceStaticMember from 3.x) while the restarted member's own
                    # answer carries `currentLeader`, read before the replacement (doUnknownJoinGroup in
                    # 2.3-2.4, updateStaticMemberAndRebalance from 2.5; GroupCoordinator.scala), and later
                    # answers in the generation (a follower's rejoin) carry group.leaderOrNull, the new id.
                    # So every leader id named in a generation belongs to one group.instance.id.
                    key = (e.group, e.generation)
                    first = leaders.setdefault(key, e.leader)
                    assert first == e.leader or (
                        instance_of.get(first) is not None and instance_of.get(first) == instance_of.get(e.leader)
                    ), (key, first, e.leader)
                    assert e.leader in ever_members
        view = d.view()
        if view is not None and view.state_name in ("CompletingRebalance", "AwaitingSync", "Stable"):
            assert view.leader in {m.member_id for m in view.members}
        # a JoinGroup waits only for a join phase, a SyncGroup only for the leader's assignment
        for m in view.members if view is not None else ():
            assert not m.awaiting_join or view.state_name == "PreparingRebalance", (view.state_name, m)
            assert not m.awaiting_sync or view.state_name in ("CompletingRebalance", "AwaitingSync"), m
        # no member outlives its session without a sign of life
        for m in view.members if view is not None else ():
            if not (m.awaiting_join or m.awaiting_sync):
                assert d.now - run.touched.get(m.member_id, d.now) <= m.session_timeout_ms, (m, d.now)

    run = play(version, mode, ops, check)
    # every parked request is answered exactly once (or Kafka dropped it, reported as a finding)
    d = run.driver
    dropped = [e for e in d.effects if isinstance(e, Finding) and e.name == "request_dropped"]
    for (c, kind), sent in run.sent.items():
        answered = len(d.answers(c, kind))
        view = d.view()
        parked = 0
        if view is not None:
            parked = sum(1 for m in view.members if m.client == c and (
                m.awaiting_join if kind == "join" else m.awaiting_sync))
        drops = sum(1 for f in dropped if f"the {kind} request of {c} " in f.message)
        assert answered + drops + parked == sent, (c, kind, sent, answered, drops, parked)
