"""Derive a partition's replication trace from its logged lines (DESIGN.md "Replay and diff":
derive), for the engine to re-run under a scripted controller and manual periodic tasks.

What the lines give, and what each becomes:

* **The controller's decisions** — a LeaderAndIsr it sent, a partition state change with its
  ``LeaderAndIsr(...)`` — are ``leader_and_isr`` stimuli (level ``controller``): leader, leader
  epoch and ISR as decided.  The znode version is left to the engine (every write adds one), so
  the version the line prints is compared, not copied.  The same state sent to every replica,
  or sent again after a failover, is one decision.
* **A broker's "starts at leader epoch" line** confirms the controller's decision when the
  controller's lines are there; without them it stands for the LeaderAndIsr the broker got
  (level ``broker``).
* **A leader's ISR changes**: a shrink is re-made from what Kafka's rule needs — the lagging
  follower's last catch-up at least ``replica.lag.time.max.ms`` before the line (no later than
  the line allows: a fetch at its logged end offset, then the leader's records up to its logged
  end offset), the followers that stay fetching at the leader's end, and the
  ``isr-expiration`` task run at the line.  An expansion is the follower's fetch at the leader's
  end offset (``inferred``).  Under AlterPartition (2.7+) the "ISR updated" line is the
  controller's answer: an ``alter_partition_reply`` with the ISR (level ``broker``), its version
  again left to the engine.
* **KRaft metadata records** (a ``kafka-dump-log --cluster-metadata-decoder`` dump) are the
  controller's decisions too: replayed as ``PartitionRegistration.merge`` does (a
  ``PartitionRecord`` states everything; a ``PartitionChangeRecord`` adds one to the partition
  epoch, and to the leader epoch when it names a leader), each becomes a ``leader_and_isr``
  (level ``controller``) — or, while the leader's ISR change waits for its answer, the
  ``alter_partition_reply`` that answers it.  A change before the partition's
  ``PartitionRecord`` (a dump that starts mid-log) has no epochs to place it by and is left out.
  A cluster whose lines are KRaft's re-runs in KRaft mode (``process.roles``).
* A ``Cached zkVersion … skip updating ISR`` line means the broker's view already differs from
  ZooKeeper's (KAFKA-2729, reported by ``zk_broker_mismatch``); the re-run stops before it.

The ISR, the version each write leaves and the leader epochs are then the engine's, for the
diff to hold against the lines (``diff_partitions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kafka_forensics.engine.profiles import Profile, Switch

from .derive_groups import Derived, Level
from .detect.partitions import _broker, _details
from .trace import Header, Trace

#: the kinds a partition's re-run reads
PARTITION_KINDS = (
    "leader_and_isr_sent",
    "partition_state_change",
    "leader_epoch_start",
    "follower_epoch_start",
    "isr_shrink",
    "isr_expand",
    "isr_updated",
    "isr_update_skipped",
    "kraft_metadata_record",
)
PARTITION_COLUMNS = (
    "broker",
    "node",
    "topic",
    "partition",
    "leader",
    "leader_epoch",
    "isr",
    "prev_isr",
    "replicas",
    "hw",
    "leo",
    "offset",
    "zk_version",
    "controller_epoch",
    "api",
    "details",
)
#: the brokers' settings the re-run reads from their KafkaConfig dumps
REPLICATION_KEYS = ("replica.lag.time.max.ms",)
#: a KRaft controller's metadata record (the re-run reads its partition records)
KRAFT_RECORD = "kraft_metadata_record"
#: the controller's lines
CONTROLLER_KINDS = frozenset({"leader_and_isr_sent", "partition_state_change", KRAFT_RECORD})
#: lines that state the partition's leader epoch as decided
_STARTS = CONTROLLER_KINDS | {"leader_epoch_start", "follower_epoch_start"}
#: virtual time of the first line: the seed (``create_partition``) stands just before it
SEED_MS = 1_000


@dataclass(frozen=True)
class PartitionObservation:
    """One line about the partition, as the diff holds it against the engine."""

    at: int  # virtual ms
    kind: str
    broker: int | None  # the broker that wrote it (the controller for its lines)
    leader: int | None
    leader_epoch: int | None
    isr: tuple[int, ...] | None  # the ISR after the line
    zk_version: int | None  # the znode version (partition epoch) the line reports after a write
    source: str
    line: int
    raw: str
    drives: bool = False  # the line is also the evidence of a stimulus


@dataclass(frozen=True)
class PartitionCase:
    """One partition of one cluster: the derived trace and the lines it is compared with."""

    scope: str
    topic: str
    partition: int
    epoch_ms: int  # wall-clock ms of virtual time 0
    trace: Trace
    observations: tuple[PartitionObservation, ...]
    assumed: Mapping[str, str]
    #: whether ``zk_version_gap`` can be judged: the writes of the partition's state that do not
    #: change the leader epoch are all the leader's own, each logged (ZooKeeper mode)
    versions_provable: bool
    #: the virtual ms the re-run stops at (a line the engine cannot follow), or None
    stopped_at: int | None = None
    stopped_why: str | None = None
    #: (source, line) of a shrink sooner than the lag allows -> (follower, its last catch-up, lag,
    #: the shrink's virtual ms)
    early: Mapping[tuple[str, int], tuple[int, int, int, int]] = field(default_factory=dict)
    first_at: int = 0  # virtual ms of the first line
    #: where the lines skip a change: the index of the row the next stretch starts from
    resume: int | None = None

    def wall(self, at: int) -> int:
        return self.epoch_ms + at

    def early_gaps(self) -> list[tuple[int, int]]:
        return [(at, since) for (_, since, _, at) in self.early.values()]

    @property
    def name(self) -> str:
        return f"{self.topic}-{self.partition}"


def lag_ms(profile: Profile, configs: Mapping[str, Any]) -> tuple[int, str]:
    """``replica.lag.time.max.ms`` and where it comes from."""
    if "replica.lag.time.max.ms" in configs:
        return int(configs["replica.lag.time.max.ms"]), "the brokers' KafkaConfig dump"
    return int(profile.defaults["replica.lag.time.max.ms"]), f"Kafka {profile.name}'s default"  # type: ignore[call-overload]


def _ids(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(map(int, value))


@dataclass
class _State:
    """What the derivation knows of the partition as it walks the lines."""

    leader: int | None = None
    epoch: int | None = None
    isr: tuple[int, ...] = ()
    leader_leo: int = 0
    follower_leo: dict[int, int] = field(default_factory=dict)  # as the derived fetches left them
    caught_at: dict[int, int] = field(default_factory=dict)  # follower -> virtual ms it last caught up
    fetching: set[int] = field(default_factory=set)  # followers that fetched from the current leader


def derive(
    rows: Sequence[Mapping[str, Any]],
    profile: Profile,
    configs: Mapping[str, Any],
    *,
    scope: str,
    topic: str,
    partition: int,
    kraft: bool = False,
) -> list[PartitionCase]:
    """The cases for one partition from its rows (time order, ``at`` = wall ms): one per stretch
    of lines the engine can follow — a life of the partition (a topic re-created or a ZooKeeper
    wiped starts a new one), cut again where the lines skip an ISR change (a shrink or
    expansion from an ISR the last line did not leave: rotated-away lines) — whose lines name a
    leader.

    Without a config dump ``replica.lag.time.max.ms`` is unknown: Kafka's default is assumed,
    lowered when a shrink came sooner after the follower's last catch-up than it allows (many
    clusters run 10 s), and the assumption says so."""
    # LeaderAndIsr lines only (the controller's send lines also cover UpdateMetadata and
    # StopReplica); at one instant the controller's decision before the brokers' lines applying it
    rows = sorted((r for r in kraft_states(rows)
                   if r["kind"] != "leader_and_isr_sent" or r.get("api") in (None, "LeaderAndIsr")),
                  key=lambda r: (r["at"], _rank(r)))
    rows = _epochs_in_order(rows)
    cases = []
    for life in _lives(rows):
        part: Sequence[Mapping[str, Any]] = life
        while part:
            case = _derive(part, profile, configs, scope, topic, partition, kraft, None)
            if case is not None and "replica.lag.time.max.ms" not in configs and case.early:
                fitted = min(at_ - since for (at_, since) in case.early_gaps()) - 1
                case = _derive(part, profile, configs, scope, topic, partition, kraft, max(fitted, 1))
            if case is None:
                break
            cases.append(case)
            part = part[case.resume:] if case.resume else ()
    return cases


def kraft_states(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """``rows`` with the partition's KRaft metadata records replayed into the state after each
    (``PartitionRegistration.merge``): a change record gets the leader, ISR, replicas and both
    epochs it leaves; one before the partition's ``PartitionRecord`` is left out (no epochs to
    place it by), as are the other record types.  In metadata-log order (the dump's)."""
    out: list[Mapping[str, Any]] = []
    state: dict[str, Any] | None = None
    for r in rows:
        if r["kind"] != KRAFT_RECORD:
            out.append(r)
            continue
        kind = (_details(r) or {}).get("type")
        if kind == "PARTITION_RECORD":
            state = {key: r.get(key) for key in ("leader", "leader_epoch", "isr", "replicas", "zk_version")}
        elif kind == "PARTITION_CHANGE_RECORD" and state is not None:
            state = dict(state)
            state["zk_version"] = int(state["zk_version"]) + 1
            if r.get("leader") is not None:  # a record naming a leader bumps its epoch (even the same one)
                state["leader"], state["leader_epoch"] = r["leader"], int(state["leader_epoch"]) + 1
            for key in ("isr", "replicas"):
                if r.get(key) is not None:
                    state[key] = r[key]
        else:
            continue
        isr_only = kind == "PARTITION_CHANGE_RECORD" and r.get("leader") is None
        out.append({**r, **state, "kraft_isr_only": isr_only})
    return out


#: a leader's own ISR changes: its ZooKeeper write (or its proposal) of the ISR it leads
_LEADER_ISR_KINDS = frozenset({"isr_shrink", "isr_expand", "isr_updated"})


def _rank(r: Mapping[str, Any]) -> int:
    """Order within one instant: the controller's decision before the brokers' lines applying it
    (0, 1) — but a KRaft record that only changes the ISR, the answer to a leader's proposal,
    after the leader's lines (2); and a leader's ISR change before the controller's decision
    (-1): the decision reads the ISR that change wrote (a leader that shrinks its ISR to itself
    and fails in the same millisecond leaves the new controller no live ISR member: "No broker
    in ISR is alive").  The rarer tie, a deposed leader's stale change at the very instant of
    its deposition (its write then fails: "Cached zkVersion"), is read the same way."""
    if r["kind"] in _LEADER_ISR_KINDS:
        return -1
    if r["kind"] not in CONTROLLER_KINDS:
        return 1
    return 2 if r.get("kraft_isr_only") else 0


def _epochs_in_order(rows: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Within one millisecond the lines that state a leader epoch in the order of their epochs
    (the other lines keep their places): a partition created and its leader failed over in the
    same millisecond logs epoch 0's lines beside epoch 2's, and the order the files give them is
    no evidence of which came first — while a later epoch never precedes an earlier one."""
    out = list(rows)
    i, n = 0, len(out)
    while i < n:
        at, j = out[i]["at"], i + 1
        while j < n and out[j]["at"] == at:
            j += 1
        if j - i == 1:  # the common case: one line at its instant
            i = j
            continue
        places = [k for k in range(i, j)
                  if out[k]["kind"] in _STARTS and out[k].get("leader_epoch") is not None]
        starts = [out[k] for k in places]
        ordered = sorted(starts, key=lambda r: int(r["leader_epoch"]))
        if ordered != starts:
            for k, r in zip(places, ordered, strict=True):
                out[k] = r
        i = j
    return out


def _lives(rows: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The rows split where a leader epoch goes back: within one life of a partition the epochs
    only grow (a broker ignores a LeaderAndIsr with an older one), so a lower one is a new life —
    the topic deleted and created again, or the cluster's ZooKeeper wiped (the real corpus has
    both; ``leader_epoch_regression`` reports the step back)."""
    out: list[list[Mapping[str, Any]]] = [[]]
    highest = -1
    for r in rows:
        epoch = r.get("leader_epoch")
        if epoch is not None and r["kind"] in _STARTS:
            if int(epoch) < highest and out[-1]:
                out.append([])
                highest = -1
            highest = max(highest, int(epoch))
        out[-1].append(r)
    return [x for x in out if x]


def _derive(
    rows: Sequence[Mapping[str, Any]],
    profile: Profile,
    configs: Mapping[str, Any],
    scope: str,
    topic: str,
    partition: int,
    kraft: bool,
    fitted: int | None,
) -> PartitionCase | None:
    seed = next((r for r in rows if _leader_of(r) is not None), None)
    if seed is None:
        return None
    lag, lag_from = lag_ms(profile, configs)
    if fitted is not None:
        lag, lag_from = fitted, (f"fitted: {lag_from} is {lag}, but a follower left the ISR "
                                 f"{fitted + 1} ms after it last caught up")
    # the seed stands a lag before the first line: a follower the first lines shrink may have
    # stopped catching up at any time before the logs begin
    origin = int(rows[0]["at"]) - SEED_MS - lag
    alter = profile.has(Switch.ALTER_ISR)
    tp = {"topic": topic, "partition": partition}
    b = Derived()
    st = _State()
    replicas = _replicas(rows)
    first_isr = _isr_before(seed) or tuple(replicas)
    st.leader, st.epoch, st.isr = _leader_of(seed), seed.get("leader_epoch"), first_isr
    if st.epoch is None:
        st.epoch = next((int(r["leader_epoch"]) for r in rows if r.get("leader_epoch") is not None), 0)
    st.leader_leo = int(seed.get("offset") or 0) if seed["kind"] == "leader_epoch_start" else 0
    b.add(
        0,
        "create_partition",
        {
            **tp,
            "replicas": list(replicas),
            "leader": st.leader,
            "isr": list(st.isr),
            # versions are compared relative to the first one a line gives
            "leader_epoch": int(st.epoch),
            "zk_version": 0,
            # the leader's log as its line gives it; a follower's is what the derived fetches
            # give it (its own end offset is rarely logged)
            "logs": {str(st.leader): [[int(st.epoch), st.leader_leo]]} if st.leader_leo else {},
        },
        Level.INFERRED,
        _ev(seed),
    )
    for f in replicas:
        st.follower_leo[f] = st.leader_leo if f == st.leader else 0
        st.caught_at[f] = 0
    early: dict[tuple[str, int], tuple[int, int, int, int]] = {}
    observations: list[PartitionObservation] = []
    stopped_at: int | None = None
    stopped_why: str | None = None
    decided: set[tuple[Any, ...]] = set()
    pending_reply = False  # an AlterPartition proposal made and not answered yet

    def obs(
        r: Mapping[str, Any],
        at: int,
        *,
        drives: bool = False,
        isr: tuple[int, ...] | None = None,
        leader: int | None = None,
    ) -> None:
        observations.append(
            PartitionObservation(
                at,
                str(r["kind"]),
                _broker(r),
                leader if leader is not None else _leader_of(r),
                None if r.get("leader_epoch") is None else int(r["leader_epoch"]),
                isr if isr is not None else _ids(r.get("isr")),
                None if r.get("zk_version") is None else int(r["zk_version"]),
                str(r["source"]),
                int(r["line"]),
                str(r.get("raw") or ""),
                drives,
            )
        )

    def leader_and_isr(
        r: Mapping[str, Any], at: int, leader: int, epoch: int, isr: tuple[int, ...], level: Level
    ) -> None:
        b.add(
            at,
            "leader_and_isr",
            {**tp, "leader": leader, "leader_epoch": epoch, "isr": list(isr), "replicas": list(replicas)},
            level,
            _ev(r),
        )
        moved = leader != st.leader and st.leader is not None
        if moved:
            st.follower_leo[st.leader] = st.leader_leo
            st.leader_leo = st.follower_leo.get(leader, st.leader_leo)  # a new leader's log is its own
        if moved or (epoch != st.epoch and profile.has(Switch.CAUGHT_UP_BY_PREVIOUS_FETCH)):
            # a new leader counts its ISR caught up from now; from 0.10.2 a leader staying on
            # at a new epoch too (Partition.makeLeader resets its followers)
            st.caught_at.update({f: at for f in isr})
        if epoch != st.epoch:
            st.fetching = set()  # every follower of a new epoch truncates first
        st.leader, st.epoch, st.isr = leader, epoch, isr

    def catch_up(at: int, follower: int, r: Mapping[str, Any]) -> None:
        fetch = {**tp, "replica": follower, "offset": st.leader_leo}
        if follower not in st.fetching:
            # a follower's first fetch under a leader settles its truncation (the
            # OffsetsForLeaderEpoch round, 0.11+); the fetch after it is the one that counts
            b.add(at, "fetch", dict(fetch), Level.INFERRED, _ev(r))
            st.fetching.add(follower)
        b.add(at, "fetch", fetch, Level.INFERRED, _ev(r))
        st.follower_leo[follower] = st.leader_leo
        st.caught_at[follower] = at

    def grow(at: int, leo: int, r: Mapping[str, Any]) -> None:
        if leo > st.leader_leo:
            b.add(
                at,
                "append",
                {**tp, "records": leo - st.leader_leo, "acks": 1, "client": "producer"},
                Level.INFERRED,
                _ev(r),
            )
            st.leader_leo = leo

    def shrink(at: int, r: Mapping[str, Any], gone: tuple[int, ...], staying: tuple[int, ...],
               details: Mapping[str, Any]) -> None:
        leader = st.leader
        assert leader is not None
        ends = {
            int(o["broker"]): int(o["end_offset"])
            for o in details.get("out_of_sync") or ()
            if o.get("broker") is not None and o.get("end_offset") is not None and o["end_offset"] >= 0
        }
        leo = int(r["leo"]) if r.get("leo") is not None else st.leader_leo
        # the latest moment the followers that fell out could last have caught up
        since = max((st.caught_at.get(g, 0) for g in gone), default=0)
        stale = max(since, at - lag - 1)
        if at - since <= lag:
            who = max(gone, key=lambda g: st.caught_at.get(g, 0))
            early[(str(r["source"]), int(r["line"]))] = (who, since, lag, at)
        # endOffset -1: the leader holds no offset for it (it has not fetched since this leader
        # took over: Replica's state starts at -1), so no fetch of its stands before the line
        unfetched = {int(o["broker"]) for o in details.get("out_of_sync") or ()
                     if o.get("broker") is not None and (o.get("end_offset") or 0) < 0}
        for g in gone:
            if g in unfetched:
                continue
            end = ends.get(g, st.follower_leo.get(g, st.leader_leo))
            if end <= st.leader_leo:
                b.add(stale, "fetch", {**tp, "replica": g, "offset": end}, Level.INFERRED, _ev(r))
                st.follower_leo[g] = end
        if r.get("leo") is None and any(st.follower_leo.get(g, 0) >= max(leo, st.leader_leo) for g in gone):
            # no offsets logged: a follower falls out only behind the leader's log end (KAFKA-7152,
            # 2.1+), so the leader held at least one record it lacked
            leo = max(st.follower_leo.get(g, 0) for g in gone) + 1
        grow(stale, leo, r)
        for f in staying:
            if f != leader:
                catch_up(stale, f, r)
                catch_up(at, f, r)
        b.add(at, "run_task", {"broker": leader, "task": "isr-expiration"}, Level.INFERRED, _ev(r))

    resume: int | None = None
    for i, r in enumerate(rows):
        at = int(r["at"]) - origin
        kind = r["kind"]
        before = r.get("prev_isr") if kind in ("isr_shrink", "isr_expand") else \
            r.get("isr") if kind == "isr_updated" and not alter else None  # 2.7-: after its own line
        if before is not None and r is not seed and _broker(r) == st.leader \
                and sorted(_ids(before) or ()) != sorted(st.isr):
            # the leader changes an ISR the lines never left it with: changes are missing
            # (rotated-away lines); the engine cannot know them, so the re-run starts again here
            stopped_at, resume = at, i
            stopped_why = (f"the lines skip a change (the ISR was {show_isr(st.isr)} after the last line, "
                           f"{show_isr(_ids(before))} at this one): re-seeded from here")
            break
        if r is seed and kind in ("isr_updated", "follower_epoch_start"):
            obs(r, at, drives=True)  # the state the re-run starts from
            continue
        if kind == "isr_update_skipped":
            obs(r, at)
            stopped_at, stopped_why = (
                at,
                (
                    "the broker's cached zkVersion differs from ZooKeeper's from here "
                    "(see zk_broker_mismatch): the re-run stops before this line"
                ),
            )
            break
        if kind in CONTROLLER_KINDS:
            leader, epoch, isr = _leader_of(r), r.get("leader_epoch"), _ids(r.get("isr"))
            if leader is None or epoch is None or isr is None:
                continue
            if kind == KRAFT_RECORD and pending_reply and r is not seed and leader == st.leader:
                # the answer to the leader's proposal (its "Shrinking ISR" line): the change record
                b.add(at, "alter_partition_reply", {**tp, "isr": list(isr), "leader_epoch": int(epoch)},
                      Level.CONTROLLER, _ev(r))
                decided.add((leader, int(epoch), tuple(sorted(isr))))
                pending_reply = False
                if int(epoch) != st.epoch:
                    st.fetching = set()  # (before 3.6 the shrink bumped the leader epoch: followers truncate)
                st.isr, st.epoch = isr, int(epoch)
                obs(r, at, drives=True, isr=isr)
                continue
            if kind == "leader_and_isr_sent" and r is not seed and leader == st.leader and epoch == st.epoch:
                # the controller re-sending the state it holds at the same leader epoch (to a broker
                # that started, after a failover): no write — in ZooKeeper mode each decision of the
                # controller's bumps the leader epoch — and its ISR and version are its cache's, which
                # before 2.7 lags the leader's own writes until an ISR-change notification
                obs(r, at, isr=isr)
                continue
            key = (leader, int(epoch), tuple(sorted(isr)))
            if key in decided or (
                leader == st.leader and epoch == st.epoch and sorted(isr) == sorted(st.isr) and r is not seed
            ):
                decided.add(key)
                obs(r, at, isr=isr)
                continue
            decided.add(key)
            if r is seed:
                obs(r, at, drives=True, isr=isr)
                continue
            leader_and_isr(r, at, leader, int(epoch), isr, Level.CONTROLLER)
            pending_reply = False
            obs(r, at, drives=True, isr=isr)
        elif kind == "leader_epoch_start":
            broker, epoch = _broker(r), r.get("leader_epoch")
            if broker is None or epoch is None:
                continue
            isr = _ids(r.get("isr")) or (st.isr if broker in st.isr else (broker,))
            # an epoch the re-run has not reached is a LeaderAndIsr the lines do not show (the
            # controller's log missing, or another controller's after a failover); one it has
            # reached, with another leader, is the diff's to judge
            if (broker, int(epoch)) == (st.leader, st.epoch) or r is seed or int(epoch) <= (st.epoch or 0):
                obs(r, at, leader=broker, isr=_ids(r.get("isr")))
                continue
            offset = r.get("offset")
            if offset is not None and int(offset) > st.follower_leo.get(broker, 0) and broker != st.leader:
                # the new leader held more than the derived fetches gave it: it fetched it before
                grow(at, int(offset), r)
                catch_up(at, broker, r)
            leader_and_isr(r, at, broker, int(epoch), isr, Level.BROKER)
            pending_reply = False
            obs(r, at, drives=True, leader=broker, isr=_ids(r.get("isr")))
        elif kind == "follower_epoch_start":
            epoch, lead = r.get("leader_epoch"), _leader_of(r)
            if epoch is not None and int(epoch) > (st.epoch or 0) and lead is not None and lead in replicas:
                leader_and_isr(r, at, lead, int(epoch), st.isr if lead in st.isr else (lead,), Level.BROKER)
                pending_reply = False
                obs(r, at, drives=True, leader=lead)
            else:
                obs(r, at, leader=lead)
        elif kind == "isr_shrink":
            new, old = _ids(r.get("isr")), _ids(r.get("prev_isr"))
            if new is None or old is None or _broker(r) != st.leader or pending_reply:
                obs(r, at)
                continue
            gone = tuple(x for x in old if x not in new)
            details = _details(r)  # read once: the shrink's followers and their end offsets
            if _caught_up_shrink(r, gone, profile, details):
                obs(r, at)
                stopped_at = at
                stopped_why = ("the leader shrank a follower as far as its own log end, which Kafka's rule "
                               "never counts out of sync (isr_shrink_without_lag)")
                break
            shrink(at, r, gone, new, details)
            pending_reply = alter
            if not alter:
                st.isr = new
            obs(r, at)
        elif kind == "isr_expand":
            new, old = _ids(r.get("isr")), _ids(r.get("prev_isr"))
            if new is None or old is None or _broker(r) != st.leader or pending_reply:
                obs(r, at)
                continue
            for f in new:
                if f not in old:
                    catch_up(at, f, r)
            pending_reply = alter
            if not alter:
                st.isr = new
            obs(r, at)
        elif kind == "isr_updated":
            new = _ids(r.get("isr"))
            if new is None or _broker(r) != st.leader:
                obs(r, at)
                continue
            if not alter or (not pending_reply and sorted(new) == sorted(st.isr)):
                obs(r, at)  # (AlterPartition: the change a KRaft record already answered)
                st.isr = new
                continue
            if not pending_reply:  # no proposal line: the expansion (2.7+ logs none) or an unlogged shrink
                added = [f for f in new if f not in st.isr]
                gone = tuple(x for x in st.isr if x not in new)
                for f in added:
                    catch_up(at, f, r)
                if gone:
                    shrink(at, r, gone, new, _details(r))
            b.add(at, "alter_partition_reply", {**tp, "isr": list(new)}, Level.BROKER, _ev(r))
            pending_reply = False
            st.isr = new
            obs(r, at, drives=True)
    assumed = {
        "replica.lag.time.max.ms": f"{lag} ({lag_from})",
        "controller": "scripted: the controller's lines, or the brokers' epoch starts",
        "periodic tasks": "isr-expiration only where a shrink was logged",
    }
    trace = Trace(
        path=f"<derived: partition {topic}-{partition} in {scope}>",
        header=Header(
            profile=profile.name,
            config={"replica.lag.time.max.ms": lag, "unclean.leader.election.enable": True,
                    # KRaft's lines: the re-run's brokers and controller are KRaft's too (4.0 always)
                    **({"process.roles": "broker"} if kraft and profile.has(Switch.KRAFT_MODE) else {})},
            controller="scripted",
            periodic_tasks="manual",
            extra={"source": "derived from logs", "scope": scope},
        ),
        records=b.stimuli(),
    )
    return PartitionCase(
        scope,
        topic,
        partition,
        origin,
        trace,
        tuple(observations),
        assumed,
        versions_provable=not kraft and not alter,
        stopped_at=stopped_at,
        stopped_why=stopped_why,
        early=early,
        first_at=int(rows[0]["at"]) - origin,
        resume=resume,
    )


def show_isr(isr: Sequence[int] | None) -> str:
    """``[1,2]``: an ISR as the replay table and the findings print it."""
    return "[" + ",".join(str(b) for b in isr or ()) + "]"


def _caught_up_shrink(r: Mapping[str, Any], gone: tuple[int, ...], profile: Profile,
                      details: Mapping[str, Any]) -> bool:
    """A shrink whose followers' logged end offsets all equal the leader's (KAFKA-7152, 2.1+);
    ``details``: the line's."""
    if not profile.has(Switch.FOLLOWER_AT_LOG_END_IN_SYNC) or r.get("leo") is None:
        return False
    ends = {int(o["broker"]): o.get("end_offset") for o in details.get("out_of_sync") or ()
            if o.get("broker") is not None}
    return bool(gone) and all(ends.get(g) == r["leo"] for g in gone)


def _ev(r: Mapping[str, Any]) -> str:
    return f"{r['source']}:{r['line']}"


def _leader_of(r: Mapping[str, Any]) -> int | None:
    """The leader a line names: the controller's decision, or the writer of a leader's line."""
    kind = r["kind"]
    if kind in CONTROLLER_KINDS or kind == "follower_epoch_start":
        return None if r.get("leader") is None or int(r["leader"]) < 0 else int(r["leader"])
    if kind in ("leader_epoch_start", "isr_shrink", "isr_expand", "isr_updated"):
        return _broker(r)
    return None


def _isr_before(r: Mapping[str, Any]) -> tuple[int, ...] | None:
    if r["kind"] in ("isr_shrink", "isr_expand"):
        return _ids(r.get("prev_isr"))
    return _ids(r.get("isr"))


def _replicas(rows: Sequence[Mapping[str, Any]]) -> list[int]:
    """The assigned replicas: a LeaderAndIsr's list when a line prints one, else every broker the
    lines name for the partition."""
    named = next((_ids(r.get("replicas")) for r in rows if r.get("replicas") is not None), None)
    seen: set[int] = set(named or ())
    if named is None:
        for r in rows:
            for key in ("isr", "prev_isr"):
                seen.update(_ids(r.get(key)) or ())
            if (lead := _leader_of(r)) is not None:
                seen.add(lead)
            if r["kind"] == "follower_epoch_start" and _broker(r) is not None:
                seen.add(int(_broker(r)))
    return sorted(seen)
