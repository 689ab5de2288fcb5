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
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kafka_forensics.engine.cluster import Cluster
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
    """The timed stimuli, in time order (heartbeats and commits, staggered per member)."""
    out: list[tuple[int, GroupRequest]] = []
    end = start + fleet.minutes * 60_000
    for (g, m), (mid, gen) in ids.items():
        group, client = f"group-{g}", f"g{g}m{m}"
        phase = (g * 7 + m * 13) % HEARTBEAT_MS
        for t in range(start + phase, end, HEARTBEAT_MS):
            out.append((t, Heartbeat(group, client, mid, gen)))
        for t in range(start + phase + 1, end, COMMIT_MS):
            out.append((t, OffsetCommit(group, client, mid, gen, offsets={f"t{g}-{m}": t})))
    out.sort(key=lambda p: p[0])
    return out


def bench_engine(fleet: Fleet) -> tuple[int, float, int]:
    cluster = Cluster.create(profile(PROFILE))
    ids = _stabilise(cluster, fleet)
    work = _workload(cluster.now + 1, fleet, ids)
    ok = 0
    t0 = time.process_time()
    for at, req in work:
        if at != cluster.now:
            cluster.advance_to(at)
        for e in cluster.submit(req):
            if isinstance(e, Response) and e.error == "NONE":
                ok += 1
    elapsed = time.process_time() - t0
    return len(work), elapsed, ok


def bench_floor(fleet: Fleet) -> tuple[int, float]:
    cluster = Cluster.create(profile(PROFILE))
    ids = _stabilise(cluster, fleet)
    work = _workload(cluster.now + 1, fleet, ids)
    members = {mid: gen for mid, gen in ids.values()}
    out: list[Response] = []
    t0 = time.process_time()
    now = 0
    for at, req in work:
        now = at
        gen = members.get(req.member_id)  # type: ignore[union-attr]
        error = "NONE" if gen is not None else "UNKNOWN_MEMBER_ID"
        out.append(Response(now, req.client, req.kind.value, error))
    return len(work), time.process_time() - t0


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


def bench_trace(fleet: Fleet) -> tuple[int, float, float]:
    from kafka_forensics.replay.runner import run_trace
    from kafka_forensics.replay.trace import read_trace

    text, stimuli = _trace_text(fleet)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fleet.jsonl"
        path.write_text(text)
        t0 = time.process_time()
        trace = read_trace(path)
        t1 = time.process_time()
        run_trace(trace)
        t2 = time.process_time()
    return stimuli, t1 - t0, t2 - t1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--groups", type=int, default=500)
    ap.add_argument("--members", type=int, default=10)
    ap.add_argument("--minutes", type=int, default=10)
    ap.add_argument("--skip-trace", action="store_true", help="skip the trace-file path")
    ap.add_argument("--json", action="store_true", help="also print the figures as JSON")
    args = ap.parse_args(argv)
    fleet = Fleet(args.groups, args.members, args.minutes)
    print(f"fleet: {fleet.groups} groups x {fleet.members} members, {fleet.minutes} virtual minutes, "
          f"profile {PROFILE}; python {sys.version.split()[0]}; load {os.getloadavg()[0]:.2f}")
    n, secs, ok = bench_engine(fleet)
    rate = n / secs
    fn, fsecs = bench_floor(fleet)
    frate = fn / fsecs
    rows = [("engine (Cluster.submit)", n, secs, rate), ("floor (build a response only)", fn, fsecs, frate)]
    figures = {"stimuli": n, "engine_s": secs, "engine_per_s": rate, "ok_responses": ok,
               "floor_per_s": frate}
    if not args.skip_trace:
        tn, parse_s, run_s = bench_trace(fleet)
        rows.append(("trace: read + validate", tn, parse_s, tn / parse_s))
        rows.append(("trace: run (runner + engine)", tn, run_s, tn / run_s))
        figures.update({"trace_stimuli": tn, "trace_read_per_s": tn / parse_s, "trace_run_per_s": tn / run_s})
    print(f"{'path':32} {'stimuli':>10} {'CPU s':>8} {'stimuli/s':>12}")
    for name, count, s, r in rows:
        print(f"{name:32} {count:>10,} {s:>8.2f} {r:>12,.0f}")
    print(f"engine / floor: {rate / frate:.2f}x the floor's rate; "
          f"target {TARGET:,}/s: {'PASS' if rate >= TARGET else 'FAIL'} ({rate / TARGET:.2f}x)")
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
