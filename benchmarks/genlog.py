"""A deterministic generator of realistic Kafka broker ``server.log`` files, for the
ingest benchmark.

The simulated broker is a Kafka 2.5 ZooKeeper-mode broker (id 3 of 6) in a busy cluster:
its log is mostly routine chatter — segment rolls and retention deletions, producer
snapshots, ``Removed 0 expired offsets``, transaction-coordinator and socket-server noise,
ZooKeeper client reconnects, controller balancing checks — with a few percent of group
coordinator records (joins, rebalances, failed and departing members, loads) and of
ISR/replication records (ISR shrink/expand, ``Cached zkVersion``, leader epoch starts,
follower truncation), ERROR/WARN records with 10–40 line stack traces, and at every
simulated restart the shutdown and start-up sequences with the ``KafkaConfig values:`` dump.
The wording follows the catalogue's entries for Kafka 2.5 and the real logs in
``../shared/corpus/real``.

The group coordinator's and the ISR/replication records follow Kafka 2.5's rules, as a
real broker's do (version 4; before, they were drawn at random and contradicted each other
all the time): each group's generations go up by one per rebalance, a member joins before a
line names it and only members fail or leave; each partition this broker leads shrinks its
ISR by a member and expands it by a missing replica (the ISR and its zkVersion carried from
line to line), its high watermark and log end offset only grow within a leader epoch, its
leader epochs only go up, and ``Cached zkVersion`` is rare.  A group or partition changes at
most every ``QUIET_MS`` (11 minutes), so nothing here is a rebalance storm or ISR flapping;
the few findings ``check`` should make are the rare partitions left with the leader alone in
the ISR (``NotEnoughReplicasException``: under-min-ISR) and the rare stale zkVersion.

Speed: rendering every line with Python string formatting would take minutes per GB, so
the generator renders a *pool* of routine episodes once (a few hundred thousand records,
with varied groups, topics, partitions, member ids and offsets), then builds the file from
batches of episodes drawn from the pool with numpy and formats the increasing timestamps
and joins the lines in Polars.  The group and ISR episodes (a few percent) are rendered in
log order from ``Broker``'s state, each at the time its first record gets.  Same seed, same
size -> the same bytes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

try:  # run as ``python -m benchmarks.ingest`` or as a script from benchmarks/
    from .kafka_config import SETTINGS
except ImportError:  # pragma: no cover - script mode
    from kafka_config import SETTINGS  # type: ignore[no-redef]

#: Bump when the output changes: cached files are keyed by it.
GENERATOR_VERSION = 4

BROKER = 3
BROKERS = (1, 2, 3, 4, 5, 6)
DIRS = ("/data0/kafka", "/data1/kafka")  # a JBOD broker: one log dir per disk
ZK = "zk-1.kafka.internal:2181,zk-2.kafka.internal:2181,zk-3.kafka.internal:2181/kafka"
HOST = f"broker-{BROKER}.kafka.internal"
START_MS = 1_590_969_600_000  # 2020-06-01 00:00:00 UTC

_TOPIC_STEMS = (
    "orders", "payments", "clickstream", "inventory", "shipments", "user-profile", "audit",
    "metrics", "notifications", "search-index", "fraud-scores", "cart", "sessions", "billing",
    "ledger", "pricing", "recommendations", "ad-impressions", "geo-events", "device-telemetry",
)
_TOPIC_SUFFIXES = ("", ".events", "-v2", "_raw", ".dlq")
_GROUP_STEMS = (
    "order-service", "payment-processor", "analytics-etl", "search-indexer", "fraud-detector",
    "email-sender", "inventory-sync", "billing-aggregator", "audit-archiver", "reco-trainer",
    "session-tracker", "connect-cluster", "spark-streaming", "flink-jobs", "ksql-app",
)
_CLIENT_LIBS = ("consumer", "rdkafka", "sarama", "kafka-python-2.0.2")
_REBALANCE_REASONS = (
    "Adding new member {m} with group instance id None",
    "removing member {m} on heartbeat expiration",
    "Updating metadata for member {m} during Stable",
    "Leader {m} re-joining group during Stable",
    "removing member {m} on LeaveGroup",
)


@dataclass
class World:
    """The cluster the broker lives in: topics, groups and their members."""

    rng: random.Random
    topics: list[tuple[str, int]] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        r = self.rng
        names = sorted({s + x for s in _TOPIC_STEMS for x in _TOPIC_SUFFIXES})
        self.topics = [(t, r.choice((3, 6, 12, 12, 24, 24, 48))) for t in r.sample(names, 60)]
        self.groups = sorted({f"{g}{r.choice(('', '-prod', '-1', '-2', '-eu', '-us'))}"
                              for g in _GROUP_STEMS for _ in range(4)})

    # -- random pieces -------------------------------------------------------------
    def tp(self) -> str:
        t, n = self.rng.choice(self.topics)
        return f"{t}-{self.rng.randrange(n)}"

    def uuid(self) -> str:
        b = self.rng.getrandbits(128)
        h = f"{b:032x}"
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{h[16:20]}-{h[20:]}"

    def member(self, group: str) -> str:
        lib = self.rng.choice(_CLIENT_LIBS)
        if lib == "consumer":
            return f"consumer-{group}-{self.rng.randint(1, 12)}-{self.uuid()}"
        return f"{lib}-{self.uuid()}"

    def ip(self) -> str:
        r = self.rng
        return f"10.{r.randint(0, 3)}.{r.randint(0, 255)}.{r.randint(2, 254)}"

    def offset(self) -> int:
        # log-uniform: most partitions are small, a few have billions of records
        return int(10 ** self.rng.uniform(2, 9))

    def isr(self) -> list[int]:
        reps = self.rng.sample(BROKERS, 3)
        if BROKER not in reps:
            reps[0] = BROKER
        return reps

    def dir(self) -> str:
        return self.rng.choice(DIRS)


Episode = Callable[[World], list[str]]


def _log(tp: str, d: str) -> str:
    return f"[Log partition={tp}, dir={d}]"


def _segment(w: World, base: int) -> str:
    size = w.rng.randint(1 << 20, 1 << 30)
    lm = START_MS + w.rng.randint(0, 90 * 86_400_000)
    return f"LogSegment(baseOffset={base}, size={size}, lastModifiedTime={lm}, largestTime={lm - 17})"


# -- routine ------------------------------------------------------------------------------
def ep_roll(w: World) -> list[str]:
    tp, d, off = w.tp(), w.dir(), w.offset()
    # every roll writes a producer snapshot
    return [f"INFO {_log(tp, d)} Rolled new log segment at offset {off} in {w.rng.randint(0, 9)} ms. "
            "(kafka.log.Log)",
            f"INFO [ProducerStateManager partition={tp}] Writing producer snapshot at offset {off} "
            "(kafka.log.ProducerStateManager)"]


def ep_retention(w: World) -> list[str]:
    tp, d, base = w.tp(), w.dir(), w.offset()
    nxt = base + w.rng.randint(100_000, 5_000_000)
    seg = _segment(w, base)
    p = f"{d}/{tp}/{base:020d}"
    return [
        f"INFO {_log(tp, d)} Found deletable segments with base offsets [{base}] due to retention "
        "time 604800000ms breach (kafka.log.Log)",
        f"INFO {_log(tp, d)} Scheduling segments for deletion List({seg}) (kafka.log.Log)",
        # Log.scala at 2.5 ("due to <reason>" came in 2.6, which the rest of this log's wording predates)
        f"INFO {_log(tp, d)} Incrementing log start offset to {nxt} (kafka.log.Log)",
        f"INFO {_log(tp, d)} Deleting segments List({seg}) (kafka.log.Log)",
        f"INFO Deleted log {p}.log.deleted. (kafka.log.LogSegment)",
        f"INFO Deleted offset index {p}.index.deleted. (kafka.log.LogSegment)",
        f"INFO Deleted time index {p}.timeindex.deleted. (kafka.log.LogSegment)",
    ]


def ep_offsets_expiry(w: World) -> list[str]:
    n = 0 if w.rng.random() < 0.9 else w.rng.randint(1, 400)
    return [f"INFO [GroupMetadataManager brokerId={BROKER}] Removed {n} expired offsets in "
            f"{w.rng.randint(0, 4)} milliseconds. (kafka.coordinator.group.GroupMetadataManager)"]


def ep_txn(w: World) -> list[str]:
    r = w.rng
    txid = f"{r.choice(_GROUP_STEMS)}-{r.randrange(48)}"
    return [f"INFO [TransactionCoordinator id={BROKER}] Initialized transactionalId {txid} with producerId "
            f"{r.randint(1000, 900_000)} and producer epoch {r.randint(0, 300)} on partition "
            f"__transaction_state-{r.randrange(50)} (kafka.coordinator.transaction.TransactionCoordinator)"]


def ep_socket(w: World) -> list[str]:
    r, ip = w.rng, w.ip()
    x = r.random()
    if x < 0.45:
        return [f"INFO [SocketServer brokerId={BROKER}] Failed authentication with /{ip} (SSL handshake "
                "failed) (org.apache.kafka.common.network.Selector)"]
    if x < 0.96:
        chan = f"10.0.2.{BROKER}:9092-{ip}:{r.randint(30000, 65000)}-{r.randint(0, 9000)}"
        return [f"INFO [SocketServer brokerId={BROKER}] Closing socket connection to /{ip} due to invalid "
                f"request: Invalid request header, connectionId: {chan} (kafka.network.Processor)"]
    return [f"WARN [SocketServer brokerId={BROKER}] Unexpected error from /{ip}; closing connection "
            "(org.apache.kafka.common.network.Selector)\n" + _trace(w, "invalid_receive")]


def ep_request_noise(w: World) -> list[str]:
    r, tp = w.rng, w.tp()
    cid = f"producer-{r.randint(1, 40)}"
    if r.random() < 0.75:
        # a multi-line *message*: the logger is printed after its last line
        return [f"INFO [KafkaApi-{BROKER}] Closing connection due to error during produce request with "
                f"correlation id {r.randint(1, 10**7)} from client id {cid} with ack=0\n"
                f"Topic and partition to exceptions: {tp} -> "
                "org.apache.kafka.common.errors.NotLeaderForPartitionException (kafka.server.KafkaApis)"]
    return [f"ERROR [KafkaApi-{BROKER}] Error when handling request: clientId={cid}, correlationId="
            f"{r.randint(1, 10**7)}, api=PRODUCE, version=8, body={{acks=-1,timeout=30000,"
            f"partitionSizes=[{tp}={r.randint(100, 90000)}]}} (kafka.server.KafkaApis)\n"
            + _trace(w, "npe")]


def ep_fetch_error(w: World) -> list[str]:
    r, tp = w.rng, w.tp()
    return [f"INFO [ReplicaManager broker={BROKER}] Error processing fetch with max size 1048576 from "
            f"consumer on partition {tp}: (fetchOffset={r.randint(0, 10**6)}, logStartOffset=-1, "
            f"maxBytes=1048576, currentLeaderEpoch=Optional[{r.randint(1, 40)}]) "
            "(kafka.server.ReplicaManager)\n"
            f"org.apache.kafka.common.errors.OffsetOutOfRangeException: Received request for offset "
            f"{r.randint(0, 10**6)} for partition {tp}, but we only have log segments in the range "
            f"{r.randint(10**6, 10**7)} to {r.randint(10**7, 10**8)}."]


def ep_zk(w: World) -> list[str]:
    r = w.rng
    zk = r.randint(1, 3)
    sess = f"0x{r.getrandbits(60):x}"
    me = f"10.0.2.{BROKER}:{r.randint(30000, 65000)}"
    srv = f"zk-{zk}.kafka.internal/10.0.1.1{zk}:2181"
    return [
        f"INFO Client session timed out, have not heard from server in {r.randint(6000, 12000)}ms for "
        f"sessionid {sess}, closing socket connection and attempting reconnect "
        "(org.apache.zookeeper.ClientCnxn)",
        "INFO [ZooKeeperClient Kafka server] Waiting until connected. (kafka.zookeeper.ZooKeeperClient)",
        f"INFO Opening socket connection to server {srv}. Will not attempt to authenticate using SASL "
        "(unknown error) (org.apache.zookeeper.ClientCnxn)",
        f"INFO Socket connection established, initiating session, client: /{me}, server: {srv} "
        "(org.apache.zookeeper.ClientCnxn)",
        f"INFO Session establishment complete on server {srv}, sessionid = {sess}, negotiated timeout = "
        "18000 (org.apache.zookeeper.ClientCnxn)",
        "INFO [ZooKeeperClient Kafka server] Connected. (kafka.zookeeper.ZooKeeperClient)",
    ]


def ep_controller(w: World) -> list[str]:
    c = f"[Controller id={BROKER}]"
    recs = [f"INFO {c} Processing automatic preferred replica leader election "
            "(kafka.controller.KafkaController)"]
    if w.rng.random() < 0.15:  # the controller reconnects to the brokers it sends state changes to
        recs += [f"INFO [RequestSendThread controllerId={BROKER}] Controller {BROKER} connected to "
                 f"broker-{b}.kafka.internal:9092 (id: {b} rack: rack-{b % 3}) for sending state change "
                 "requests (kafka.controller.RequestSendThread)" for b in BROKERS]
    return recs


def ep_topic_admin(w: World) -> list[str]:
    r = w.rng
    t, n = r.choice(w.topics)
    d = w.dir()
    p = r.randrange(n)
    if r.random() < 0.5:
        return [f"INFO Created log for partition {t}-{p} in {d}/{t}-{p} with properties "
                f"{{compression.type -> "
                "producer, min.insync.replicas -> 2, message.downconversion.enable -> true, segment.bytes -> "
                "1073741824, retention.ms -> 604800000}. (kafka.log.LogManager)"]
    return [f"INFO Deleted log for partition {t}-{p} in {d}/{t}-{p}.{w.uuid().replace('-', '')}-delete. "
            "(kafka.log.LogManager)"]


def ep_fetchers(w: World) -> list[str]:
    r = w.rng
    tps = sorted({w.tp() for _ in range(r.randint(1, 5))})
    leader = r.choice([b for b in BROKERS if b != BROKER])
    m = ", ".join(f"{tp} -> (offset={w.offset()}, leaderEpoch={r.randint(1, 60)})" for tp in tps)
    return [
        f"INFO [ReplicaFetcherManager on broker {BROKER}] Removed fetcher for partitions "
        f"Set({', '.join(tps)}) (kafka.server.ReplicaFetcherManager)",
        f"INFO [ReplicaFetcherManager on broker {BROKER}] Added fetcher to broker "
        f"BrokerEndPoint(id={leader}, "
        f"host=broker-{leader}.kafka.internal:9092) for partitions Map({m}) "
        "(kafka.server.ReplicaFetcherManager)",
    ]


# -- group coordinator ----------------------------------------------------------------------
def _gc(msg: str, level: str = "INFO") -> str:
    return f"{level} [GroupCoordinator {BROKER}]: {msg} (kafka.coordinator.group.GroupCoordinator)"


def _java_hash(text: str) -> int:
    """``String.hashCode`` (UTF-16 code units; our names are ASCII), as a signed 32-bit int."""
    h = 0
    for ch in text:
        h = (31 * h + ord(ch)) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def offsets_partition(group: str, partitions: int = 50) -> int:
    """``GroupMetadataManager.partitionFor``: ``Utils.abs(groupId.hashCode) % partitions``."""
    return (_java_hash(group) & 0x7FFFFFFF) % partitions


#: two changes to one group or one partition's ISR are at least this far apart (ms), past the
#: detectors' 10-minute storm and flapping windows: a real broker's groups and partitions
#: change now and then, not in bursts (a burst is what the detectors are there to report)
QUIET_MS = 11 * 60_000
#: replica.lag.time.max.ms: a follower leaves the ISR only this long after it last caught up
LAG_MS = 30_000
#: the longest a group waits for a new member after it emptied before the next change
_MAX_MEMBERS = 8


@dataclass
class _Group:
    name: str
    partition: int  # its __consumer_offsets partition
    generation: int
    members: list[str]  # joined order: the first is the leader
    last: int = -(1 << 62)  # ms of the last change


@dataclass
class _Replica:
    """A partition this broker holds a replica of, as this broker knows it."""

    tp: str
    replicas: tuple[int, ...]  # the assignment; the first is the preferred leader
    leader: int
    epoch: int
    isr: list[int]
    zk_version: int
    hw: int
    leo: int
    rate: float  # records per ms appended to it
    at: int = START_MS  # ms of ``leo``
    last: int = -(1 << 62)  # ms of the last change this broker logged
    caught_up: dict[int, int] = field(default_factory=dict)  # follower -> ms it last (re)joined the ISR


class Broker:
    """Broker 3's coordinator and replica state: the group and ISR episodes are rendered from
    it in log order, each at the time its first record is written, so that every group's
    generations go up by one, members join before they are named, only ISR members leave the
    ISR and only missing replicas come back, offsets only grow within a leader epoch and
    leader epochs only go up (Kafka 2.5's rules; the wording is 2.5's, as the catalogue has it)."""

    def __init__(self, world: World, rng: random.Random) -> None:
        self.w = World(rng)  # its own random pieces, the same topics and groups as ``world``
        self.w.topics, self.w.groups = world.topics, world.groups
        r = self.w.rng
        self.groups = [_Group(g, offsets_partition(g), r.randint(1, 4000), [])
                       for g in world.groups]
        # Every group is Empty when the log starts (its consumers come up after the brokers), so
        # each member this log names joined in it: 2.5's lines never say how many members a
        # group has, and a member nobody named cannot be followed.
        self.replicas: list[_Replica] = []
        for t, n in world.topics:
            for p in range(n):
                reps = tuple(r.sample(BROKERS, 3))
                if BROKER not in reps:
                    continue
                leo = int(10 ** r.uniform(2, 9))
                self.replicas.append(_Replica(
                    f"{t}-{p}", reps, reps[0], r.randint(1, 60), list(reps), r.randint(5, 400),
                    leo - r.randint(0, 40), leo, 10 ** r.uniform(-4, 0.5)))
        self.led = [p for p in self.replicas if p.leader == BROKER]
        self.behind: list[_Replica] = []  # led partitions with a follower out of the ISR

    # -- helpers ------------------------------------------------------------------------------
    def _grow(self, p: _Replica, now: int) -> int:
        """The leader's log end offset at ``now``: the records appended since, at least one."""
        p.leo += 1 + int(p.rate * max(0, now - p.at))
        p.at = now
        return p.leo

    def _pick(self, items: list[Any], now: int, ok: Callable[[Any], bool] = lambda _: True) -> Any:
        """A random item quiet for ``QUIET_MS`` and ``ok``, or None (a few draws, then give up)."""
        r = self.w.rng
        for _ in range(8):
            it = r.choice(items)
            if now - it.last >= QUIET_MS and ok(it):
                return it
        return None

    # -- episodes -----------------------------------------------------------------------------
    def rebalance(self, now: int) -> list[str]:
        g = self._pick(self.groups, now)
        if g is None:
            return []
        r, name, cp = self.w.rng, g.name, g.partition
        g.last = now
        recs: list[str] = []
        x = r.random()
        if not g.members or (x < 0.4 and len(g.members) < _MAX_MEMBERS):  # a new member
            new = self.w.member(name)
            reason = f"Adding new member {new} with group instance id None"
            g.members.append(new)
        elif x < 0.7:  # a member missed its heartbeats for a session
            gone = r.choice(g.members)
            recs.append(_gc(f"Member {gone} in group {name} has failed, removing it from the group"))
            reason = f"removing member {gone} on heartbeat expiration"
            g.members.remove(gone)
        elif x < 0.85:  # a member left
            gone = r.choice(g.members)
            recs.append(_gc(f"Member[group.instance.id None, member.id {gone}] in group {name} has left, "
                            "removing it from the group"))
            reason = f"removing member {gone} on LeaveGroup"
            g.members.remove(gone)
        else:  # a member rejoins with new metadata (the leader after a topic change, say)
            reason = f"Updating metadata for member {r.choice(g.members)}"
        recs.append(_gc(f"Preparing to rebalance group {name} in state PreparingRebalance with old "
                        f"generation {g.generation} (__consumer_offsets-{cp}) (reason: {reason})"))
        g.generation += 1
        if not g.members:
            recs.append(_gc(f"Group {name} with generation {g.generation} is now empty "
                            f"(__consumer_offsets-{cp})"))
            return recs
        recs.append(_gc(f"Stabilized group {name} generation {g.generation} (__consumer_offsets-{cp})"))
        recs.append(_gc(f"Assignment received from leader for group {name} for generation {g.generation}"))
        return recs

    def load(self, now: int) -> list[str]:
        """Becoming the coordinator again (after a restart): every group, at its generation."""
        r = self.w.rng
        m = f"[GroupMetadataManager brokerId={BROKER}]"
        lg = "(kafka.coordinator.group.GroupMetadataManager)"
        recs: list[str] = []
        for cp in sorted({g.partition for g in self.groups}):
            recs.append(f"INFO {m} Scheduling loading of offsets and group metadata from "
                        f"__consumer_offsets-{cp} {lg}")
            for g in self.groups:
                if g.partition == cp:
                    recs.append(_gc(f"Loading group metadata for {g.name} with generation {g.generation}"))
                    g.last = now
            recs.append(f"INFO {m} Finished loading offsets and group metadata from __consumer_offsets-{cp} "
                        f"in {r.randint(1, 900)} milliseconds. {lg}")
        return recs

    def isr_change(self, now: int) -> list[str]:
        r = self.w.rng
        # a follower that fell out is back in sync some minutes later (the longest out first)
        p = next((q for q in self.behind if now - q.last >= QUIET_MS), None)
        if p is not None:
            if p.leader != BROKER or len(p.isr) == len(p.replicas):  # it moved away meanwhile
                self.behind.remove(p)
                return []
            if len(p.isr) > 1 and r.random() < 0.005:  # now and then a second one falls out first
                return self._shrink(p, now)
            return self._expand(p, now)
        p = self._pick(self.led, now, lambda q: q.leader == BROKER and len(q.isr) == len(q.replicas))
        if p is None:
            return []
        self.behind.append(p)
        return self._shrink(p, now)

    def _shrink(self, p: _Replica, now: int) -> list[str]:
        """The leader removes a follower that has not caught up for ``replica.lag.time.max.ms``."""
        r = self.w.rng
        lagging = [b for b in p.isr if b != BROKER and now - p.caught_up.get(b, -(1 << 62)) >= LAG_MS]
        if not lagging:
            return []
        p.last = now
        old = ",".join(map(str, p.isr))
        out = r.choice(lagging)
        hw_before = p.hw
        leo = self._grow(p, now)
        # the follower stopped fetching somewhere between the HW it last moved and the leader's end
        end = r.randint(max(hw_before, leo - 5000), leo - 1)
        p.hw = end  # the smallest log end offset of the ISR: the lagging follower's
        p.isr = [b for b in p.isr if b != out]
        new = ",".join(map(str, p.isr))
        p.zk_version += 1
        return [_pt(p.tp, f"Shrinking ISR from {old} to {new}. Leader: (highWatermark: {p.hw}, "
                          f"endOffset: {leo}). Out of sync replicas: (brokerId: {out}, endOffset: {end})."),
                _pt(p.tp, f"ISR updated to [{new}] and zkVersion updated to [{p.zk_version}]")]

    def _expand(self, p: _Replica, now: int) -> list[str]:
        """A follower's fetch reaches the leader's end: the leader adds it back."""
        p.last = now
        old = ",".join(map(str, p.isr))
        back = self.w.rng.choice([b for b in p.replicas if b not in p.isr])
        self._grow(p, now)
        p.isr = [*p.isr, back]
        p.caught_up[back] = now
        if len(p.isr) == len(p.replicas):
            self.behind.remove(p)
        new = ",".join(map(str, p.isr))
        p.zk_version += 1
        return [_pt(p.tp, f"Expanding ISR from {old} to {new}"),
                _pt(p.tp, f"ISR updated to [{new}] and zkVersion updated to [{p.zk_version}]")]

    def become_leader(self, now: int) -> list[str]:
        """A preferred-replica election hands a partition back to this broker."""
        p = self._pick(self.replicas, now, lambda p: p.leader != BROKER and BROKER in p.isr)
        if p is None:
            return []
        r = self.w.rng
        p.last, prev = now, p.epoch
        p.epoch += 1
        p.leader = BROKER
        p.zk_version += 1
        p.caught_up = {b: now for b in p.isr}
        p.leo = self._grow(p, now)
        p.hw = max(p.hw, p.leo - r.randint(0, 40))
        if p not in self.led:
            self.led.append(p)
        if len(p.isr) < len(p.replicas) and p not in self.behind:
            self.behind.append(p)
        return [
            f"INFO [ReplicaFetcherManager on broker {BROKER}] Removed fetcher for partitions Set({p.tp}) "
            "(kafka.server.ReplicaFetcherManager)",
            _pt(p.tp, f"{p.tp} starts at leader epoch {p.epoch} from offset {p.leo} with high watermark "
                      f"{p.hw}. Previous leader epoch was {prev}."),
        ]

    def become_follower(self, now: int) -> list[str]:
        """Leadership moves to another ISR member (a controlled move, or a session blip here)."""
        p = self._pick(self.led, now, lambda p: p.leader == BROKER and len(p.isr) > 1)
        if p is None:
            return []
        r = self.w.rng
        p.last = now
        p.leader = r.choice([b for b in p.isr if b != BROKER])
        p.epoch += 1
        p.zk_version += 1
        self._grow(p, now)
        d = self.w.dir()
        f = f"[ReplicaFetcher replicaId={BROKER}, leaderId={p.leader}, fetcherId={r.randrange(4)}]"
        recs = [
            f"INFO [ReplicaFetcherManager on broker {BROKER}] Removed fetcher for partitions Set({p.tp}) "
            "(kafka.server.ReplicaFetcherManager)",
            f"INFO [ReplicaFetcherManager on broker {BROKER}] Added fetcher to broker "
            f"BrokerEndPoint(id={p.leader}, host=broker-{p.leader}.kafka.internal:9092) for partitions "
            f"Map({p.tp} -> (offset={p.hw}, leaderEpoch={p.epoch})) (kafka.server.ReplicaFetcherManager)",
            f"INFO {f} Truncating partition {p.tp} to local high watermark {p.hw} "
            "(kafka.server.ReplicaFetcherThread)",
            f"INFO {_log(p.tp, d)} Truncating to offset {p.hw} (kafka.log.Log)",
        ]
        p.leo = p.hw  # it truncated to its HW and fetches from there
        return recs

    def not_enough_replicas(self, now: int) -> list[str]:
        """acks=all appends refused while a partition's ISR is this broker alone."""
        alone = [p for p in self.led if p.leader == BROKER and p.isr == [BROKER]]
        if not alone:
            return []
        tp = self.w.rng.choice(alone).tp
        return [f"ERROR [ReplicaManager broker={BROKER}] Error processing append operation on partition {tp} "
                "(kafka.server.ReplicaManager)\n"
                f"org.apache.kafka.common.errors.NotEnoughReplicasException: The size of the current ISR "
                f"Set({BROKER}) is insufficient to satisfy the min.isr requirement of 2 for partition {tp}"]

    def zk_version_conflict(self, now: int) -> list[str]:
        """The controller changed a partition's state in ZooKeeper before its LeaderAndIsr reached
        this broker: the ISR write fails once, then the new state arrives (this broker follows)."""
        p = self._pick(self.led, now, lambda p: p.leader == BROKER and len(p.isr) > 1)
        if p is None:
            return []
        recs = [_pt(p.tp, f"Cached zkVersion {p.zk_version} not equal to that in zookeeper, skip updating "
                          "ISR")]
        p.last = 0  # the LeaderAndIsr follows at once
        recs += self.become_follower(now)
        return recs

    def restart(self, now: int, lines: list[str]) -> list[str]:
        """A restart: this broker's leaderships moved away while it was down (one epoch each,
        the ISR without it until it caught up again); it is the coordinator again once it loads
        the offsets partitions."""
        back: list[str] = []
        for p in self.replicas:
            p.hw = p.leo = self._grow(p, now)
            p.last = now
            p.zk_version += 2  # out of the ISR and back in
            if p.leader != BROKER:
                continue
            p.epoch += 1
            if len(p.isr) > 1:  # controlled shutdown hands it to another ISR member
                p.leader = next(b for b in p.isr if b != BROKER)
            else:  # nobody else to lead: offline until this broker is back, then its leader again
                back.append(_pt(p.tp, f"{p.tp} starts at leader epoch {p.epoch} from offset {p.leo} with "
                                      f"high watermark {p.hw}. Previous leader epoch was {p.epoch - 1}."))
        return [*lines, *back, *self.load(now)]

    # the stateful episode kinds and their weights (the same scale as ``EPISODES``)
    def kinds(self) -> tuple[tuple[Callable[[int], list[str]], float], ...]:
        return ((self.rebalance, 1.7), (self.isr_change, 1.4), (self.become_leader, 0.5),
                (self.become_follower, 0.4), (self.zk_version_conflict, 0.0003),
                (self.not_enough_replicas, 0.25))


# -- ISR / replication ----------------------------------------------------------------------
def _pt(tp: str, msg: str) -> str:
    return f"INFO [Partition {tp} broker={BROKER}] {msg} (kafka.cluster.Partition)"


# -- errors with stack traces -----------------------------------------------------------------
_TRACES: dict[str, tuple[str, tuple[str, ...]]] = {
    "io": ("java.io.IOException: Connection to {leader} was disconnected before the response was read", (
        "org.apache.kafka.clients.NetworkClientUtils.sendAndReceive(NetworkClientUtils.java:100)",
        "kafka.server.ReplicaFetcherBlockingSend.sendRequest(ReplicaFetcherBlockingSend.scala:108)",
        "kafka.server.ReplicaFetcherThread.fetchFromLeader(ReplicaFetcherThread.scala:206)",
        "kafka.server.AbstractFetcherThread.processFetchRequest(AbstractFetcherThread.scala:300)",
        "kafka.server.AbstractFetcherThread.$anonfun$maybeFetch$3(AbstractFetcherThread.scala:135)",
        "kafka.server.AbstractFetcherThread.maybeFetch(AbstractFetcherThread.scala:134)",
        "kafka.server.AbstractFetcherThread.doWork(AbstractFetcherThread.scala:117)",
        "kafka.utils.ShutdownableThread.run(ShutdownableThread.scala:96)",
    )),
    "npe": ("java.lang.NullPointerException", (
        "kafka.server.KafkaApis.handleProduceRequest(KafkaApis.scala:571)",
        "kafka.server.KafkaApis.handle(KafkaApis.scala:129)",
        "kafka.server.KafkaRequestHandler.run(KafkaRequestHandler.scala:70)",
        "java.base/java.lang.Thread.run(Thread.java:834)",
    )),
    "invalid_receive": (
        "org.apache.kafka.common.network.InvalidReceiveException: Invalid receive (size = 1195725856 larger "
        "than 104857600)", (
            "org.apache.kafka.common.network.NetworkReceive.readFrom(NetworkReceive.java:105)",
            "org.apache.kafka.common.network.KafkaChannel.receive(KafkaChannel.java:448)",
            "org.apache.kafka.common.network.KafkaChannel.read(KafkaChannel.java:398)",
            "org.apache.kafka.common.network.Selector.attemptRead(Selector.java:678)",
            "org.apache.kafka.common.network.Selector.pollSelectionKeys(Selector.java:580)",
            "org.apache.kafka.common.network.Selector.poll(Selector.java:485)",
            "kafka.network.Processor.poll(SocketServer.scala:893)",
            "kafka.network.Processor.run(SocketServer.scala:792)",
            "java.base/java.lang.Thread.run(Thread.java:834)",
        )),
    "scheduler": ("java.lang.IllegalStateException: Attempt to delete segment that is still in use", (
        "kafka.log.Log.$anonfun$deleteSegmentFiles$1(Log.scala:2271)",
        "kafka.log.Log.deleteSegmentFiles(Log.scala:2263)",
        "kafka.log.Log.$anonfun$deleteSegments$2(Log.scala:1702)",
        "kafka.log.Log.maybeHandleIOException(Log.scala:2316)",
        "kafka.log.Log.deleteSegments(Log.scala:1694)",
        "kafka.log.Log.deleteOldSegments(Log.scala:1689)",
        "kafka.log.Log.deleteRetentionMsBreachedSegments(Log.scala:1763)",
        "kafka.log.Log.deleteOldSegments(Log.scala:1753)",
        "kafka.log.LogManager.$anonfun$cleanupLogs$3(LogManager.scala:982)",
        "kafka.log.LogManager.cleanupLogs(LogManager.scala:979)",
        "kafka.log.LogManager.$anonfun$startup$2(LogManager.scala:403)",
        "kafka.utils.KafkaScheduler.$anonfun$schedule$2(KafkaScheduler.scala:116)",
        "kafka.utils.CoreUtils$$anon$1.run(CoreUtils.scala:65)",
    )),
}
_EXECUTOR_FRAMES = (
    "java.base/java.util.concurrent.Executors$RunnableAdapter.call(Executors.java:515)",
    "java.base/java.util.concurrent.FutureTask.runAndReset(FutureTask.java:305)",
    "java.base/java.util.concurrent.ScheduledThreadPoolExecutor$ScheduledFutureTask.run("
    "ScheduledThreadPoolExecutor.java:305)",
    "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1128)",
    "java.base/java.util.concurrent.ThreadPoolExecutor$Worker.run(ThreadPoolExecutor.java:628)",
    "java.base/java.lang.Thread.run(Thread.java:834)",
)


def _trace(w: World, kind: str, leader: int = 1) -> str:
    """An exception line and 10–40 ``\\tat`` frames (plus ``Caused by`` now and then)."""
    r = w.rng
    head, frames = _TRACES[kind]
    lines = [head.replace("{leader}", str(leader))]
    lines += [f"\tat {f}" for f in frames]
    if kind == "scheduler":
        lines += [f"\tat {f}" for f in _EXECUTOR_FRAMES]
    while len(lines) < r.randint(10, 40):
        lines.append("Caused by: java.io.IOException: Broken pipe" if r.random() < 0.05 else
                     f"\tat {r.choice(frames)}")
    return "\n".join(lines)


def ep_fetcher_error(w: World) -> list[str]:
    r = w.rng
    leader = r.choice([b for b in BROKERS if b != BROKER])
    tps = ", ".join(f"{w.tp()}=(fetchOffset={w.offset()}, logStartOffset={r.randint(0, 9999)}, "
                    f"maxBytes=1048576, currentLeaderEpoch=Optional[{r.randint(1, 60)}])"
                    for _ in range(r.randint(1, 3)))
    return [f"WARN [ReplicaFetcher replicaId={BROKER}, leaderId={leader}, fetcherId=0] Error in response for "
            f"fetch request (type=FetchRequest, replicaId={BROKER}, maxWait=500, minBytes=1, "
            "maxBytes=10485760, "
            f"fetchData={{{tps}}}, isolationLevel=READ_UNCOMMITTED, toForget=, metadata=(sessionId="
            f"{r.randint(1, 2**31)}, epoch={r.randint(1, 9999)}), rackId=) "
            "(kafka.server.ReplicaFetcherThread)\n"
            + _trace(w, "io", leader)]


def ep_scheduler_error(w: World) -> list[str]:
    return ["ERROR Uncaught exception in scheduled task 'kafka-log-retention' (kafka.utils.KafkaScheduler)\n"
            + _trace(w, "scheduler")]


# -- a restart: shutdown, start-up, the config dump, loading the logs ------------------------
def restart(w: World) -> list[str]:
    r = w.rng
    ks = f"[KafkaServer id={BROKER}]"
    recs = [
        f"INFO {ks} shutting down (kafka.server.KafkaServer)",
        f"INFO {ks} Starting controlled shutdown (kafka.server.KafkaServer)",
        f"INFO {ks} Controlled shutdown succeeded (kafka.server.KafkaServer)",
        f"INFO [SocketServer brokerId={BROKER}] Stopping socket server request processors "
        "(kafka.network.SocketServer)",
        f"INFO [ReplicaManager broker={BROKER}] Shutting down (kafka.server.ReplicaManager)",
        f"INFO [ReplicaFetcherManager on broker {BROKER}] shutting down (kafka.server.ReplicaFetcherManager)",
        f"INFO [ReplicaFetcherManager on broker {BROKER}] shutdown completed "
        "(kafka.server.ReplicaFetcherManager)",
        f"INFO [ReplicaManager broker={BROKER}] Shut down completely (kafka.server.ReplicaManager)",
        _gc("Shutting down."),
        _gc("Shutdown complete."),
        "INFO Shutting down. (kafka.log.LogManager)",
        "INFO Shutdown complete. (kafka.log.LogManager)",
        "INFO [ZooKeeperClient Kafka server] Closing. (kafka.zookeeper.ZooKeeperClient)",
        f"INFO Session: 0x{r.getrandbits(60):x} closed (org.apache.zookeeper.ZooKeeper)",
        "INFO [ZooKeeperClient Kafka server] Closed. (kafka.zookeeper.ZooKeeperClient)",
        f"INFO {ks} shut down completed (kafka.server.KafkaServer)",
        *startup(w),
    ]
    return recs


def startup(w: World) -> list[str]:
    r = w.rng
    ks = f"[KafkaServer id={BROKER}]"
    dump = "\n".join(
        "\t" + s.replace("{broker}", str(BROKER)).replace("{zk}", ZK).replace("{dirs}", ",".join(DIRS))
        .replace("{host}", HOST) for s in SETTINGS
    )
    config = f"INFO KafkaConfig values: \n{dump}\n (kafka.server.KafkaConfig)"
    recs = [
        "INFO Registered kafka:type=kafka.Log4jController MBean (kafka.utils.Log4jControllerRegistration$)",
        "INFO Registered signal handlers for TERM, INT, HUP "
        "(org.apache.kafka.common.utils.LoggingSignalHandler)",
        "INFO starting (kafka.server.KafkaServer)",
        f"INFO Connecting to zookeeper on {ZK} (kafka.server.KafkaServer)",
        f"INFO [ZooKeeperClient Kafka server] Initializing a new session to {ZK}. "
        "(kafka.zookeeper.ZooKeeperClient)",
        "INFO Client environment:zookeeper.version=3.5.8-f439ca583e70862c3068a1f2a7d4d068eec33315, built on "
        "05/04/2020 15:53 GMT (org.apache.zookeeper.ZooKeeper)",
        f"INFO Client environment:host.name={HOST} (org.apache.zookeeper.ZooKeeper)",
        "INFO Client environment:java.version=11.0.7 (org.apache.zookeeper.ZooKeeper)",
        "INFO [ZooKeeperClient Kafka server] Waiting until connected. (kafka.zookeeper.ZooKeeperClient)",
        "INFO [ZooKeeperClient Kafka server] Connected. (kafka.zookeeper.ZooKeeperClient)",
        "INFO Cluster ID = 8LpyQH-dSLuzXP8YfkSIIA (kafka.server.KafkaServer)",
        config,
        config,  # 2.x prints the dump twice (KafkaConfig and the dynamic config reload)
        f"INFO Loading logs from log dirs ArraySeq({', '.join(DIRS)}) (kafka.log.LogManager)",
    ]
    for _ in range(r.randint(40, 120)):
        tp, d, leo = w.tp(), w.dir(), w.offset()
        recs += [
            f"INFO {_log(tp, d)} Loading producer state till offset {leo} with message format version 2 "
            "(kafka.log.Log)",
            f"INFO {_log(tp, d)} Completed load of log with {r.randint(1, 40)} segments, log start offset "
            f"{max(0, leo - r.randint(0, 10**6))} and log end offset {leo} in {r.randint(1, 400)} ms "
            "(kafka.log.Log)",
        ]
    recs += [
        f"INFO Logs loading complete in {r.randint(2000, 90000)} ms. (kafka.log.LogManager)",
        "INFO Starting log cleanup with a period of 300000 ms. (kafka.log.LogManager)",
        f"INFO [SocketServer brokerId={BROKER}] Started data-plane processors for 1 acceptors "
        "(kafka.network.SocketServer)",
        _gc("Starting up."),
        _gc("Startup complete."),
        f"INFO {ks} started (kafka.server.KafkaServer)",
    ]
    return recs


#: (episode, weight): the share of episodes of each kind in the pool.
EPISODES: tuple[tuple[Episode, float], ...] = (
    (ep_roll, 40),
    (ep_retention, 9),
    (ep_offsets_expiry, 16),
    (ep_txn, 8),
    (ep_socket, 12),
    (ep_request_noise, 2.5),
    (ep_fetch_error, 1.5),
    (ep_zk, 0.6),
    (ep_controller, 2.5),
    (ep_topic_admin, 2),
    (ep_fetchers, 0.9),
    (ep_fetcher_error, 0.35),
    (ep_scheduler_error, 0.04),
)
# The group and ISR episodes are not in the pool: they follow each group's and partition's
# state (``Broker.kinds``, weights on the same scale), rendered in log order.


@dataclass
class Pool:
    records: pl.Series  # one entry per record: "LEVEL message (logger)", continuation lines included
    ep_start: np.ndarray  # first record of each episode
    ep_len: np.ndarray
    restarts: list[list[str]]
    world: World


def build_pool(seed: int, episodes: int = 200_000) -> Pool:
    """Render ``episodes`` routine episodes drawn by weight (the only per-record Python work
    besides the group and ISR episodes)."""
    rng = random.Random(seed)
    world = World(rng)
    fns = [f for f, _ in EPISODES]
    chosen = rng.choices(fns, weights=[wt for _, wt in EPISODES], k=episodes)
    records: list[str] = []
    starts = np.empty(episodes, dtype=np.int64)
    lens = np.empty(episodes, dtype=np.int64)
    for i, fn in enumerate(chosen):
        recs = fn(world)
        starts[i] = len(records)
        lens[i] = len(recs)
        records.extend(recs)
    return Pool(pl.Series("rec", records, dtype=pl.String), starts, lens,
                [restart(world) for _ in range(4)], world)


@dataclass
class GenResult:
    path: Path
    bytes: int
    lines: int
    seconds: float
    cached: bool
    stats: dict[str, float]


def parse_size(text: str) -> int:
    """``1GB``, ``200MB``, ``512KB``, ``12345`` -> bytes (binary units: 1 GB = 2**30)."""
    t = text.strip().upper().removesuffix("B").removesuffix("I")
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(t[-1:], 1)
    return int(float(t[:-1] if mult > 1 else t) * mult)


def size_label(n: int) -> str:
    for unit, m in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= m and n % m == 0:
            return f"{n // m}{unit}"
    return f"{n}B"


def cached_path(data_dir: Path, size: int, seed: int) -> Path:
    return data_dir / f"server-{size_label(size)}-seed{seed}-v{GENERATOR_VERSION}" / "server.log"


def generate(path: Path, size: int, seed: int, *, batch_episodes: int = 25_000,
             restart_every: int = 64 << 20) -> GenResult:
    """Write at least ``size`` bytes of log to ``path`` (whole records only).

    Each batch is a sequence of episode slots: most are routine episodes drawn from the pool,
    the others group or ISR episodes of ``Broker``, rendered in slot order at the time their
    first record gets (the gaps between records are drawn before the slots are filled)."""
    t0 = time.perf_counter()
    pool = build_pool(seed)
    t_pool = time.perf_counter() - t0
    broker = Broker(pool.world, random.Random(seed + 1))
    kinds = broker.kinds()
    routine_weight = sum(wt for _, wt in EPISODES)
    stateful_weight = sum(wt for _, wt in kinds)
    p_stateful = stateful_weight / (routine_weight + stateful_weight)
    kind_p = np.array([wt for _, wt in kinds]) / stateful_weight
    nrng = np.random.default_rng(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".partial")
    written = lines = 0
    now = START_MS
    next_restart = restart_every
    restarts = 0
    n_coord = n_repl = n_records = 0
    with open(tmp, "wb") as out:
        # A log starts with the broker starting, and loading the groups it coordinates.
        pending: list[str] | None = [*startup(World(random.Random(seed))), *broker.load(now)]
        while written < size:
            ep = nrng.integers(0, len(pool.ep_start), size=batch_episodes)
            stateful = nrng.random(batch_episodes) < p_stateful
            which = nrng.choice(len(kinds), size=batch_episodes, p=kind_p)
            lens = np.where(stateful, 0, pool.ep_len[ep])
            restart_slot = -1
            if written >= next_restart:  # a restart in the middle of this batch
                restart_slot = batch_episodes // 2
                stateful[restart_slot] = True
                lens[restart_slot] = 0
                next_restart += restart_every
            head = len(pending) if pending is not None else 0
            # gaps for every record the batch may hold: the routine ones, and a bound on the rest
            cap = head + int(lens.sum()) + 16 * int(stateful.sum()) + 4096
            # Records of an episode come within milliseconds of each other; episodes
            # ~200 ms apart on average (a busy broker: ~400 records a second at peak,
            # less on average).
            gaps = nrng.exponential(200.0, size=cap).astype(np.int64)
            gaps[nrng.random(cap) < 0.5] //= 40
            ts = now + np.cumsum(gaps)
            before = np.cumsum(lens) - lens + head  # records before each slot, the stateful ones left out
            extra: list[str] = []
            slots = np.flatnonzero(stateful)
            got = np.zeros(len(slots), dtype=np.int64)
            for j, slot in enumerate(slots.tolist()):
                at = int(ts[before[slot] + len(extra)])
                if slot == restart_slot:
                    recs = broker.restart(at, pool.restarts[restarts % len(pool.restarts)])
                    restarts += 1
                else:
                    fn = kinds[int(which[slot])][0]
                    recs = fn(at)
                    if fn == broker.rebalance:
                        n_coord += len(recs)
                    else:
                        n_repl += len(recs)
                got[j] = len(recs)
                extra.extend(recs)
            lens[slots] = got
            if head + int(lens.sum()) > cap:
                raise AssertionError("more records than gaps drawn")
            # record indices into pool.records + extra (+ the pending head first)
            src = np.where(stateful, len(pool.records) + np.cumsum(lens * stateful) - lens, pool.ep_start[ep])
            total = int(lens.sum())
            ends = np.cumsum(lens)
            idx = np.arange(total) - np.repeat(ends - lens, lens) + np.repeat(src, lens)
            parts = [pool.records, pl.Series("rec", extra, dtype=pl.String)]
            if pending is not None:
                parts.append(pl.Series("rec", pending, dtype=pl.String))
                idx = np.concatenate([np.arange(head) + len(pool.records) + len(extra), idx])
                pending = None
            bodies = pl.concat(parts).gather(idx)
            n = bodies.len()
            n_records += n
            ts = ts[:n]
            now = int(ts[-1])
            frame = pl.DataFrame({"ts": ts, "rec": bodies}).select(
                pl.concat_str([
                    pl.from_epoch("ts", time_unit="ms").dt.strftime("[%Y-%m-%d %H:%M:%S,%3f] "),
                    pl.col("rec"),
                ]).str.join("\n").alias("text")
            )
            data = (frame.item() + "\n").encode()
            if written + len(data) > size:  # stop at the first record start past the size
                cut = data.find(b"\n[", size - written) + 1
                data = data[:cut] if cut > 0 else data
            out.write(data)
            written += len(data)
            lines += data.count(b"\n")
    tmp.replace(path)
    secs = time.perf_counter() - t0
    stats = {"records": n_records, "coordinator_share": n_coord / max(1, n_records),
             "replication_share": n_repl / max(1, n_records), "pool_seconds": t_pool,
             "restarts": restarts + 1}
    return GenResult(path, written, lines, secs, False, stats)


def ensure(data_dir: Path, size: int, seed: int) -> GenResult:
    """The cached file for (size, seed), generating it if absent."""
    path = cached_path(data_dir, size, seed)
    if path.exists():
        n = path.stat().st_size
        with open(path, "rb") as f:
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 24), b""))
        return GenResult(path, n, lines, 0.0, True, {})
    return generate(path, size, seed)


def prefix(src: Path, dst: Path, size: int) -> tuple[int, int]:
    """Copy the first ``size`` bytes of ``src`` (cut before a record start) to ``dst``;
    the generator is deterministic, so this is the log a shorter run would have written."""
    if dst.exists() and dst.stat().st_size <= size:
        data_len = dst.stat().st_size
    else:
        dst.parent.mkdir(parents=True, exist_ok=True)
        with open(src, "rb") as f:
            data = f.read(size)
        data = data[: data.rfind(b"\n[") + 1]
        tmp = dst.with_suffix(".partial")
        tmp.write_bytes(data)
        tmp.replace(dst)
        data_len = len(data)
    with open(dst, "rb") as f:
        lines = sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 24), b""))
    return data_len, lines


if __name__ == "__main__":  # quick look: python benchmarks/genlog.py 20MB /tmp/x.log
    import sys

    res = generate(Path(sys.argv[2]), parse_size(sys.argv[1]), int(sys.argv[3]) if len(sys.argv) > 3 else 42)
    print(res)
