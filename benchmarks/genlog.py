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

Speed: rendering every line with Python string formatting would take minutes per GB, so
the generator renders a *pool* of episodes once (a few hundred thousand records, with
varied groups, topics, partitions, member ids and offsets), then builds the file from
batches of episodes drawn from the pool with numpy and formats the increasing
timestamps and joins the lines in Polars.  Same seed, same size -> the same bytes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl

try:  # run as ``python -m benchmarks.ingest`` or as a script from benchmarks/
    from .kafka_config import SETTINGS
except ImportError:  # pragma: no cover - script mode
    from kafka_config import SETTINGS  # type: ignore[no-redef]

#: Bump when the output changes: cached files are keyed by it.
GENERATOR_VERSION = 3

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


def ep_rebalance(w: World) -> list[str]:
    r = w.rng
    g = r.choice(w.groups)
    cp = r.randrange(50)
    gen = r.randint(1, 4000)
    n = r.randint(1, 24)
    members = [w.member(g) for _ in range(min(n, 3))]
    recs: list[str] = []
    x = r.random()
    if x < 0.4:  # a new member
        recs.append(_gc(f"Dynamic member with unknown member id joins group {g} in Stable state. Created a "
                        "new "
                        f"member id {members[0]} and request the member to rejoin with this id."))
        reason = f"Adding new member {members[0]} with group instance id None"
    elif x < 0.7:  # a member missed its heartbeats
        recs.append(_gc(f"Member {members[0]} in group {g} has failed, removing it from the group"))
        reason = f"removing member {members[0]} on heartbeat expiration"
    elif x < 0.85:  # a member left
        recs.append(_gc(f"Member[group.instance.id None, member.id {members[0]}] in group {g} has left, "
                        "removing it from the group"))
        reason = f"removing member {members[0]} on LeaveGroup"
    else:
        reason = r.choice(_REBALANCE_REASONS).format(m=members[-1])
    recs.append(_gc(f"Preparing to rebalance group {g} in state PreparingRebalance with old generation {gen} "
                    f"(__consumer_offsets-{cp}) (reason: {reason})"))
    if r.random() < 0.08:
        recs.append(_gc(f"Group {g} with generation {gen + 1} is now empty (__consumer_offsets-{cp})"))
        return recs
    recs.append(_gc(f"Stabilized group {g} generation {gen + 1} (__consumer_offsets-{cp})"))
    recs.append(_gc(f"Assignment received from leader for group {g} for generation {gen + 1}"))
    return recs


def ep_coordinator_load(w: World) -> list[str]:
    r = w.rng
    cp = r.randrange(50)
    m = f"[GroupMetadataManager brokerId={BROKER}]"
    lg = "(kafka.coordinator.group.GroupMetadataManager)"
    recs = [f"INFO {m} Scheduling loading of offsets and group metadata from __consumer_offsets-{cp} {lg}"]
    for g in r.sample(w.groups, r.randint(0, 3)):
        recs.append(_gc(f"Loading group metadata for {g} with generation {r.randint(1, 4000)}"))
    recs.append(f"INFO {m} Finished loading offsets and group metadata from __consumer_offsets-{cp} in "
                f"{r.randint(1, 900)} milliseconds. {lg}")
    return recs


# -- ISR / replication ----------------------------------------------------------------------
def _pt(tp: str, msg: str) -> str:
    return f"INFO [Partition {tp} broker={BROKER}] {msg} (kafka.cluster.Partition)"


def ep_isr_shrink(w: World) -> list[str]:
    r = w.rng
    tp, isr = w.tp(), w.isr()
    out = r.choice([b for b in isr if b != BROKER])
    new = [b for b in isr if b != out]
    hw = w.offset()
    leo = hw + r.randint(0, 5000)
    recs = [_pt(tp, f"Shrinking ISR from {','.join(map(str, isr))} to {','.join(map(str, new))}. Leader: "
                f"(highWatermark: {hw}, endOffset: {leo}). Out of sync replicas: (brokerId: {out}, "
                f"endOffset: {max(0, hw - r.randint(0, 90000))}).")]
    zkv = r.randint(1, 3000)
    if r.random() < 0.25:
        recs.append(_pt(tp, f"Cached zkVersion {zkv} not equal to that in zookeeper, skip updating ISR"))
    else:
        recs.append(_pt(tp, f"ISR updated to [{','.join(map(str, new))}] and zkVersion updated to [{zkv}]"))
    return recs


def ep_isr_expand(w: World) -> list[str]:
    r = w.rng
    tp, isr = w.tp(), w.isr()
    old = isr[:2] if BROKER in isr[:2] else [BROKER, isr[1]]
    new = [*old, next(b for b in isr if b not in old)]
    zkv = r.randint(1, 3000)
    return [_pt(tp, f"Expanding ISR from {','.join(map(str, old))} to {','.join(map(str, new))}"),
            _pt(tp, f"ISR updated to [{','.join(map(str, new))}] and zkVersion updated to [{zkv}]")]


def ep_become_leader(w: World) -> list[str]:
    r = w.rng
    tp = w.tp()
    ep = r.randint(1, 200)
    off = w.offset()
    return [
        f"INFO [ReplicaFetcherManager on broker {BROKER}] Removed fetcher for partitions Set({tp}) "
        "(kafka.server.ReplicaFetcherManager)",
        _pt(tp, f"{tp} starts at leader epoch {ep} from offset {off} with high watermark "
                f"{max(0, off - r.randint(0, 40))}. Previous leader epoch was {ep - 1}."),
    ]


def ep_become_follower(w: World) -> list[str]:
    r = w.rng
    tp, d = w.tp(), w.dir()
    leader = r.choice([b for b in BROKERS if b != BROKER])
    hw = w.offset()
    f = f"[ReplicaFetcher replicaId={BROKER}, leaderId={leader}, fetcherId={r.randrange(4)}]"
    recs = [f"INFO {f} Truncating partition {tp} to local high watermark {hw} "
            "(kafka.server.ReplicaFetcherThread)",
            f"INFO {_log(tp, d)} Truncating to offset {hw} (kafka.log.Log)"]
    if r.random() < 0.3:
        recs.append(f"INFO {f} Based on replica's leader epoch, leader replied with epoch {r.randint(1, 90)} "
                    f"unknown to the replica for {tp}. Will truncate to {max(0, hw - r.randint(1, 900))} "
                    "and send "
                    "another leader epoch request to the leader. (kafka.server.ReplicaFetcherThread)")
    return recs


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


def ep_not_enough_replicas(w: World) -> list[str]:
    tp = w.tp()
    return [f"ERROR [ReplicaManager broker={BROKER}] Error processing append operation on partition {tp} "
            "(kafka.server.ReplicaManager)\n"
            f"org.apache.kafka.common.errors.NotEnoughReplicasException: The size of the current ISR "
            f"Set({BROKER}) is insufficient to satisfy the min.isr requirement of 2 for partition {tp}"]


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
    (ep_rebalance, 1.4),
    (ep_coordinator_load, 0.3),
    (ep_isr_shrink, 0.8),
    (ep_isr_expand, 0.6),
    (ep_become_leader, 0.5),
    (ep_become_follower, 0.5),
    (ep_fetcher_error, 0.35),
    (ep_scheduler_error, 0.04),
    (ep_not_enough_replicas, 0.25),
)
COORDINATOR = frozenset({ep_rebalance, ep_coordinator_load})
REPLICATION = frozenset({ep_isr_shrink, ep_isr_expand, ep_become_leader, ep_become_follower, ep_fetchers})


@dataclass
class Pool:
    records: pl.Series  # one entry per record: "LEVEL message (logger)", continuation lines included
    ep_start: np.ndarray  # first record of each episode
    ep_len: np.ndarray
    restarts: list[list[str]]
    stats: dict[str, float]


def build_pool(seed: int, episodes: int = 200_000) -> Pool:
    """Render ``episodes`` episodes drawn by weight (the only per-record Python work)."""
    rng = random.Random(seed)
    world = World(rng)
    fns = [f for f, _ in EPISODES]
    chosen = rng.choices(fns, weights=[wt for _, wt in EPISODES], k=episodes)
    records: list[str] = []
    starts = np.empty(episodes, dtype=np.int64)
    lens = np.empty(episodes, dtype=np.int64)
    n_coord = n_repl = 0
    for i, fn in enumerate(chosen):
        recs = fn(world)
        starts[i] = len(records)
        lens[i] = len(recs)
        records.extend(recs)
        if fn in COORDINATOR:
            n_coord += len(recs)
        elif fn in REPLICATION:
            n_repl += len(recs)
    stats = {"pool_records": len(records), "coordinator_share": n_coord / len(records),
             "replication_share": n_repl / len(records)}
    return Pool(pl.Series("rec", records, dtype=pl.String), starts, lens,
                [restart(world) for _ in range(4)], stats)


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
    """Write at least ``size`` bytes of log to ``path`` (whole records only)."""
    t0 = time.perf_counter()
    pool = build_pool(seed)
    t_pool = time.perf_counter() - t0
    nrng = np.random.default_rng(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".partial")
    written = lines = 0
    now = START_MS
    next_restart = restart_every
    restarts = 0
    with open(tmp, "wb") as out:
        # A log starts with the broker starting.
        first = pl.Series("rec", startup(World(random.Random(seed))), dtype=pl.String)
        pending: pl.Series | None = first
        while written < size:
            ep = nrng.integers(0, len(pool.ep_start), size=batch_episodes)
            lens = pool.ep_len[ep]
            total = int(lens.sum())
            # record indices: each episode's records, consecutively
            ends = np.cumsum(lens)
            idx = np.arange(total) - np.repeat(ends - lens, lens) + np.repeat(pool.ep_start[ep], lens)
            bodies = pool.records.gather(idx)
            if pending is not None:
                bodies = pl.concat([pending, bodies])
                pending = None
            if written >= next_restart:  # a restart in the middle of this batch
                rs = pool.restarts[restarts % len(pool.restarts)]
                cut = bodies.len() // 2
                bodies = pl.concat([bodies.head(cut), pl.Series("rec", rs, dtype=pl.String),
                                    bodies.slice(cut)])
                next_restart += restart_every
                restarts += 1
            n = bodies.len()
            # Records of an episode come within milliseconds of each other; episodes
            # ~200 ms apart on average (a busy broker: ~400 records a second at peak,
            # less on average).
            gaps = nrng.exponential(200.0, size=n).astype(np.int64)
            gaps[nrng.random(n) < 0.5] //= 40
            ts = now + np.cumsum(gaps)
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
    stats = dict(pool.stats, pool_seconds=t_pool, restarts=restarts + 1)
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
