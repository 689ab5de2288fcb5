"""Group-coordinator throughput: stimuli per second through the engine, on one core.

    python benchmarks/engine.py                      # 500 groups x 10 members, 10 virtual minutes
    python benchmarks/engine.py --groups 50 --minutes 2

The workload is a steady fleet, as a busy coordinator sees it: every member of every
group heartbeats every ``heartbeat.interval.ms`` (3 s) and commits offsets every 5 s,
after every group has joined and synced (untimed).  Each heartbeat re-arms the member's
session timer, so the timer queue is as busy as the request path.  It is measured three
ways, in the same run:

* ``engine``: pre-built requests handed to ``Cluster.submit`` with the clock moved
  by ``Cluster.advance_to`` (the coordinator, its timers and effects, nothing else);
* ``trace``: the same workload as a trace file, read and validated, then run by the
  trace runner (what ``simulate`` does, minus rendering);
* ``floor``: the same loop over the same requests with a handler that only builds the
  response — what any Python coordinator pays before doing any work (the baseline).

Target (issue 3): at least 300,000 stimuli/s on one core for ``engine``.

Replication (issue 4) is measured the same way on its own workload: ``--partitions``
partitions of replication factor 3 over three brokers (ZooKeeper mode, profile 3.9, the
engine's controller), each round one acks=all append to every partition and two fetches by
each follower (the one that copies the record, and the one that shows the leader it has it,
which moves the HW and answers the produce).  ``replication`` hands pre-built stimuli to
``ReplicationWorld.handle`` (the invariants are checked after every step, as always);
``replication floor`` is the same loop with a handler that only finds the partition and
builds one effect.  Target: at least 300,000 stimuli/s on one core.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kafka_forensics.engine.cluster import Cluster, collector_paused
from kafka_forensics.engine.effects import MemberAdded, Response
from kafka_forensics.engine.group.requests import (
    GroupRequest,
    Heartbeat,
    JoinGroup,
    OffsetCommit,
    Protocol,
    SyncGroup,
)
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import HighWatermarkChanged
from kafka_forensics.engine.replication.stimuli import Append, CreatePartition, Fetch, ReplicationStimulus

TARGET = 300_000
HEARTBEAT_MS = 3000
COMMIT_MS = 5000
SESSION_MS = 45000
PROFILE = "3.9"


Ids = dict[tuple[int, int], tuple[str, int]]


@dataclass
class Fleet:
    groups: int
    members: int
    minutes: int


def _stabilise(cluster: Cluster, fleet: Fleet) -> Ids:
    """Join and sync every member (untimed): (group, member) -> (member id, generation)."""
    ids: Ids = {}
    for g in range(fleet.groups):
        group = f"group-{g}"
        for m in range(fleet.members):
            req = JoinGroup(group, f"g{g}m{m}", client_id=f"consumer-{group}-{m}",
                            session_timeout_ms=SESSION_MS, protocols=(Protocol("range"),),
                            require_known_member_id=False)
            for e in cluster.submit(req):
                if isinstance(e, MemberAdded):
                    ids[(g, m)] = (e.member_id, -1)
    cluster.advance_to(cluster.now + 10_000)  # initial delay and join phase
    for g in range(fleet.groups):
        view = cluster.coordinator.view(f"group-{g}")
        assert view is not None
        for m in range(fleet.members):
            mid = ids[(g, m)][0]
            ids[(g, m)] = (mid, view.generation)
        assignment = {ids[(g, m)][0]: (f"t{g}-{m}",) for m in range(fleet.members)}
        for m in range(fleet.members):
            mid, gen = ids[(g, m)]
            cluster.submit(SyncGroup(f"group-{g}", f"g{g}m{m}", mid, gen,
                                     assignment=assignment if mid == view.leader else None))
    return ids


def _workload(start: int, fleet: Fleet, ids: Ids) -> list[tuple[int, GroupRequest]]:
    """The timed stimuli, in time order (heartbeats and commits, staggered per member).

    The schedule is sorted first and the requests are built in that order, as a trace
    reader builds its records line by line: requests built member by member and then sorted
    would lie scattered in memory, and the loop would pay a cache miss or two per request
    that neither ``simulate`` nor a coordinator pays (about a third of the time measured)."""
    schedule: list[tuple[int, int, int, bool]] = []  # (at, group, member, is_commit)
    end = start + fleet.minutes * 60_000
    for (g, m) in ids:
        phase = (g * 7 + m * 13) % HEARTBEAT_MS
        schedule += [(t, g, m, False) for t in range(start + phase, end, HEARTBEAT_MS)]
        schedule += [(t, g, m, True) for t in range(start + phase + 1, end, COMMIT_MS)]
    schedule.sort(key=lambda p: p[0])  # stable: ties keep member order, heartbeat before commit
    names = {(g, m): (f"group-{g}", f"g{g}m{m}", *ids[(g, m)]) for (g, m) in ids}
    out: list[tuple[int, GroupRequest]] = []
    for t, g, m, commit in schedule:
        group, client, mid, gen = names[(g, m)]
        if commit:
            out.append((t, OffsetCommit(group, client, mid, gen, offsets={f"t{g}-{m}": t})))
        else:
            out.append((t, Heartbeat(group, client, mid, gen)))
    return out


def _timed(paused: bool) -> contextlib.AbstractContextManager[None]:
    gc.collect()  # what earlier measurements left is not this one's to collect
    return collector_paused() if paused else contextlib.nullcontext()


def bench_engine(fleet: Fleet, paused: bool) -> tuple[int, float, int]:
    cluster = Cluster.create(profile(PROFILE))
    ids = _stabilise(cluster, fleet)
    work = _workload(cluster.now + 1, fleet, ids)
    ok = 0
    with _timed(paused):
        t0 = time.process_time()
        for at, req in work:
            if at != cluster.now:
                cluster.advance_to(at)
            for e in cluster.submit(req):
                if isinstance(e, Response) and e.error == "NONE":
                    ok += 1
        elapsed = time.process_time() - t0
    return len(work), elapsed, ok


def bench_floor(fleet: Fleet, paused: bool) -> tuple[int, float]:
    cluster = Cluster.create(profile(PROFILE))
    ids = _stabilise(cluster, fleet)
    work = _workload(cluster.now + 1, fleet, ids)
    members = {mid: gen for mid, gen in ids.values()}
    out: list[Response] = []
    build = Response.build  # type: ignore[attr-defined]  # the engine's own constructor
    with _timed(paused):
        t0 = time.process_time()
        now = 0
        for at, req in work:
            now = at
            gen = members.get(req.member_id)  # type: ignore[union-attr]
            error = "NONE" if gen is not None else "UNKNOWN_MEMBER_ID"
            out.append(build(now, req.client, req.kind.value, error))
        elapsed = time.process_time() - t0
    return len(work), elapsed


def _trace_text(fleet: Fleet) -> tuple[str, int]:
    """The same fleet as a trace: joins, syncs by the leader alias, then the timed work."""
    lines = [json.dumps({"kind": "header", "profile": PROFILE, "note": "benchmarks/engine.py fleet"})]
    stimuli = 0
    for g in range(fleet.groups):
        for m in range(fleet.members):
            lines.append(json.dumps({"at": 0, "do": "join", "group": f"group-{g}", "client": f"g{g}m{m}",
                                     "session_timeout_ms": SESSION_MS, "protocols": ["range"],
                                     "require_known_member_id": False}))
    for g in range(fleet.groups):
        assignment = {f"g{g}m{m}": [f"t{g}-{m}"] for m in range(fleet.members)}
        for m in range(fleet.members):
            rec = {"at": 10_000, "do": "sync", "group": f"group-{g}", "client": f"g{g}m{m}"}
            if m == 0:
                rec["assignment"] = assignment
            lines.append(json.dumps(rec))
    work = []
    end = 10_001 + fleet.minutes * 60_000
    for g in range(fleet.groups):
        for m in range(fleet.members):
            phase = (g * 7 + m * 13) % HEARTBEAT_MS
            for t in range(10_001 + phase, end, HEARTBEAT_MS):
                work.append((t, {"at": t, "do": "heartbeat", "group": f"group-{g}", "client": f"g{g}m{m}"}))
            for t in range(10_002 + phase, end, COMMIT_MS):
                work.append((t, {"at": t, "do": "commit", "group": f"group-{g}", "client": f"g{g}m{m}",
                                 "offsets": {f"t{g}-{m}": t}}))
    work.sort(key=lambda p: p[0])
    lines += [json.dumps(r) for _, r in work]
    stimuli = len(lines) - 1
    return "\n".join(lines) + "\n", stimuli


def bench_trace(fleet: Fleet, paused: bool) -> tuple[int, float, float]:
    """(stimuli, read seconds, run seconds): reading as ``simulate`` reads, the run with the
    collector on or paused."""
    from kafka_forensics.replay.runner import run_trace
    from kafka_forensics.replay.trace import read_trace

    text, stimuli = _trace_text(fleet)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fleet.jsonl"
        path.write_text(text)
        with _timed(False):
            t0 = time.process_time()
            trace = read_trace(path)
            t1 = time.process_time()
        with _timed(paused):
            t2 = time.process_time()
            run_trace(trace)
            t3 = time.process_time()
    return stimuli, t1 - t0, t3 - t2


def _replication_workload(partitions: int, rounds: int) -> tuple[list[CreatePartition],
                                                                  list[ReplicationStimulus]]:
    setup = [CreatePartition(("t", i), tuple((i + k) % 3 for k in range(3))) for i in range(partitions)]
    work: list[ReplicationStimulus] = []
    for r in range(rounds):
        for c in setup:
            followers = c.replicas[1:]
            work.append(Append(c.tp, 1, -1, "p"))
            work += [Fetch(c.tp, f, r) for f in followers]      # copies record r
            work += [Fetch(c.tp, f, r + 1) for f in followers]  # shows the leader it has it
    return setup, work


def _world():
    from kafka_forensics.engine.config import Config
    from kafka_forensics.engine.replication.world import ReplicationWorld
    from kafka_forensics.engine.timers import TimerQueue

    p = profile(PROFILE)
    effects: list[object] = []
    return ReplicationWorld(p, Config(p, {}), TimerQueue(), effects.append, periodic_tasks="manual"), effects


def bench_replication(partitions: int, rounds: int, paused: bool) -> tuple[int, float, int]:
    world, effects = _world()
    setup, work = _replication_workload(partitions, rounds)
    for c in setup:
        world.handle(c)
    mark = len(effects)
    with _timed(paused):
        t0 = time.process_time()
        for s in work:
            world.handle(s)
        elapsed = time.process_time() - t0
    acked = sum(1 for e in effects[mark:] if getattr(e, "event", "") == "produce_response")
    return len(work), elapsed, acked


def bench_replication_floor(partitions: int, rounds: int, paused: bool) -> tuple[int, float]:
    setup, work = _replication_workload(partitions, rounds)
    leaders = {c.tp: c.replicas[0] for c in setup}
    out: list[HighWatermarkChanged] = []
    with _timed(paused):
        t0 = time.process_time()
        for s in work:
            out.append(HighWatermarkChanged(0, s.tp[0], s.tp[1], leaders[s.tp], 0, 0))
        elapsed = time.process_time() - t0
    return len(work), elapsed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--groups", type=int, default=500)
    ap.add_argument("--members", type=int, default=10)
    ap.add_argument("--minutes", type=int, default=10)
    ap.add_argument("--skip-trace", action="store_true", help="skip the trace-file path")
    ap.add_argument("--partitions", type=int, default=1000, help="replication: partitions (RF 3)")
    ap.add_argument("--rounds", type=int, default=50, help="replication: appends per partition")
    ap.add_argument("--skip-replication", action="store_true", help="skip the replication workload")
    ap.add_argument("--repeat", type=int, default=3,
                    help="replication: runs of each path, the median reported (one run is under a "
                         "second of CPU, so one busy moment on the other core moves it by a third)")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args(argv)
    fleet = Fleet(args.groups, args.members, args.minutes)
    print(f"fleet: {fleet.groups} groups x {fleet.members} members, {fleet.minutes} virtual minutes, "
          f"profile {PROFILE}; python {sys.version.split()[0]}; load {os.getloadavg()[0]:.2f}")
    rows: list[tuple[str, int, float]] = []
    figures: dict[str, float] = {}
    for paused in (True, False):
        how = "paused" if paused else "on"
        n, secs, ok = bench_engine(fleet, paused)
        rows.append((f"engine, collector {how}", n, secs))
        figures.update({"stimuli": n, f"engine_{how}_per_s": n / secs, "ok_responses": ok})
    for paused in (True, False):
        how = "paused" if paused else "on"
        fn, fsecs = bench_floor(fleet, paused)
        rows.append((f"floor, collector {how}", fn, fsecs))
        figures[f"floor_{how}_per_s"] = fn / fsecs
    if not args.skip_trace:
        for paused in (True, False):
            how = "paused" if paused else "on"
            tn, read_s, run_s = bench_trace(fleet, paused)
            if paused:
                rows.append(("trace: read + validate", tn, read_s))
                figures.update({"trace_stimuli": tn, "trace_read_per_s": tn / read_s})
            rows.append((f"trace: run, collector {how}", tn, run_s))
            figures[f"trace_run_{how}_per_s"] = tn / run_s
    if not args.skip_replication:
        runs: dict[str, list[float]] = {}
        for paused in (True, False):
            how = "paused" if paused else "on"
            timings = [bench_replication(args.partitions, args.rounds, paused) for _ in range(args.repeat)]
            rn, _, acked = timings[0]
            runs[how] = sorted(t[1] for t in timings)
            rsecs = statistics.median(runs[how])
            rows.append((f"replication, collector {how}", rn, rsecs))
            figures.update({"replication_stimuli": rn, f"replication_{how}_per_s": rn / rsecs,
                            "replication_acked": acked})
        floor_runs = [bench_replication_floor(args.partitions, args.rounds, True) for _ in range(args.repeat)]
        rfn, floor = floor_runs[0][0], sorted(t[1] for t in floor_runs)
        rows.append(("replication floor, paused", rfn, statistics.median(floor)))
        figures["replication_floor_paused_per_s"] = rfn / statistics.median(floor)
        print("replication, collector paused, each run: "
              + ", ".join(f"{rn / t:,.0f}/s" for t in reversed(runs["paused"])) + " (the median is reported)")
    print(f"{'path':32} {'stimuli':>10} {'CPU s':>8} {'stimuli/s':>12}")
    for name, count, s in rows:
        print(f"{name:32} {count:>10,} {s:>8.2f} {count / s:>12,.0f}")
    paused_rate, on_rate = figures["engine_paused_per_s"], figures["engine_on_per_s"]
    print(f"engine / floor (collector paused): {paused_rate / figures['floor_paused_per_s']:.2f}x")
    for how, rate in (("paused", paused_rate), ("on", on_rate)):
        verdict = "PASS" if rate >= TARGET else "FAIL"
        print(f"target {TARGET:,}/s, collector {how}: {verdict} ({rate / TARGET:.2f}x)")
    if not args.skip_replication:
        rate = figures["replication_paused_per_s"]
        print(f"replication: {args.partitions} partitions x {args.rounds} rounds, "
              f"{figures['replication_acked']:,} acks=all produces answered; "
              f"replication / floor: {rate / figures['replication_floor_paused_per_s']:.2f}x; "
              f"target {TARGET:,}/s: {'PASS' if rate >= TARGET else 'FAIL'} ({rate / TARGET:.2f}x)")
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0 if paused_rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
