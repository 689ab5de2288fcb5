"""``simulate --emit-logs`` for a KRaft run (3.0-4.0): the active controller's lines and the
metadata log as ``kafka-dump-log --cluster-metadata-decoder`` prints it.

**A KRaft run** is one whose effects hold a :class:`MetadataRecord` (:func:`kraft_run`, the one
place that decides): the engine's quorum controller writes one for every registration and
partition it holds, and a ZooKeeper-mode run never does.  The brokers' side of such a run (their
state-change.log "Leader … starts at leader epoch" / "Skipped the become-leader state change"
lines, the Partition logger's ISR lines in server.log) is written by ``emit_replication``, which
writes none of the ZooKeeper controller's lines and no LeaderAndIsr request lines for it.

**Where the controller's lines go.**  The engine's controller is a dedicated controller node
(``process.roles=controller``, node id ``controller.quorum.voters``' first, else 3000), not one
of the brokers, so its lines go to a directory of its own, ``controller-N/``, beside the
brokers' ``broker-N/``.  Its classes log under ``org.apache.kafka.controller.*``; Kafka's
default ``config/log4j.properties`` (the one ``kafka-server-start.sh`` uses, whatever
``config/kraft/*.properties`` is given) sends that logger to ``controllerAppender``
(``controller.log``, additivity off) from 3.4.0 (KAFKA-14295, #12707; read at 3.3.0, 3.4.0,
3.7.0, trunk of 2024-10; 4.0's log4j2.yaml keeps it); up to 3.3 nothing names it, so its lines
go to the root's ``server.log``.  A combined node (``process.roles=broker,controller``) writes
them to the same file.

==============================================  ==================================================
metadata record (effect), in the log's order    controller line (site in wording.SITES)
==============================================  ==================================================
PartitionRecord of a topic not seen before      ``kraft_topic_created`` ("Created topic t with
                                                topic ID X." 3.0-3.5, "Replayed TopicRecord for
                                                topic t …" 3.6+), then for every PartitionRecord
                                                ``kraft_partition_created`` ("Created partition
                                                t-p with topic ID X and PartitionRegistration(…)."
                                                3.0-3.5, "Replayed PartitionRecord for new
                                                partition …" 3.6+)
PartitionChangeRecord whose new leader was not  ``kraft_unclean_change`` ("UNCLEAN partition change
in the previous ISR                             for t-p with topic ID X: isr: [..] -> [..], …");
                                                a clean change's line is DEBUG: not written
RegisterBrokerRecord                            none yet (see below)
unfence record (UnfenceBrokerRecord 3.0-3.2,    ``kraft_unfence_granted`` (BrokerHeartbeatManager:
BrokerRegistrationChangeRecord fenced=-1 3.3+)  "… caught up with the last committed metadata
                                                offset N" 3.0-3.2, "… of it's register broker
                                                record N" 3.3-3.4, "its" 3.5+), then
                                                ``kraft_unfenced`` (the replay: "Unfenced broker:
                                                UnfenceBrokerRecord(…)" 3.0-3.2, "Unfenced broker:
                                                N" 3.3, none 3.4-3.5, "Replayed
                                                BrokerRegistrationChangeRecord …" 3.6+), then
                                                ``kraft_changing`` ("handleBrokerUnfenced: changing
                                                N partition(s)") for the elections that follow
BrokerRegistrationChangeRecord                  ``kraft_controlled_shutdown`` ("Unfenced broker N
inControlledShutdown=1 (3.3+), or 3.0-3.2 a     has requested and been granted a controlled
controlled-shutdown election                    shutdown."), the replay ``kraft_cs_marked`` (3.6+),
                                                ``kraft_changing`` ("enterControlledShutdown[N]:
                                                …"), then before its fence record
                                                ``kraft_shutdown_granted``
the partition changes and fence record of a     ``kraft_fencing`` ("Fencing broker N because its
broker's failure (FenceBrokerRecord 3.0-3.2,    session has timed out.", 4.0 "… at epoch E …"),
BrokerRegistrationChangeRecord fenced=1 3.3+)   ``kraft_changing`` ("handleBrokerFenced: …"), then
                                                the replay ``kraft_fenced``
==============================================  ==================================================

**The metadata log.**  The engine's metadata offsets leave out the TopicRecord Kafka writes
before a topic's PartitionRecords (the trace's ``create_partition`` makes a partition, not a
topic): the dump, and every line that prints an offset or a broker epoch (the broker epoch is
its RegisterBrokerRecord's offset), number the log with those TopicRecords in (:class:`KraftLog`),
so they agree with each other, not with ``simulate --json``'s offsets.  Records one controller
event writes are one batch: a registration; an unfence with the elections it makes; a
controlled shutdown's records; a fence with the partition changes before it; each partition's
creation and each AlterPartition's change.  ``valueSize``, ``size``, ``position`` and ``crc``
are not Kafka's (the engine has no bytes): valueSize is the payload JSON's length, a batch's
size its 61-byte header plus 8 bytes and the value per record, crc 0.  Record versions are
those of each release's latest production metadata.version (``MetadataVersion
.registerBrokerRecordVersion`` / ``partitionRecordVersion``, read at 3.3.0, 3.4.0, 3.7.0):
RegisterBrokerRecord 0 (3.0-3.2), 1 (3.3), 2 (3.4-3.6), 3 (3.7+); Partition(Change)Record 0,
1 from 3.7 (directories; an unassigned directory each); BrokerRegistrationChangeRecord 0 for a
fence or an unfence, 1 for a controlled shutdown (ReplicationControlManager 3.3.0, 3.7.0).

Not written yet: the registration lines (ClusterControlManager's replay of a RegisterBrokerRecord
prints the whole record — listeners, features, incarnation id — which the engine does not
model; 3.9+'s "No previous registration found for broker N …"), the raft lines (QuorumState,
KafkaRaftClient), the broker's BrokerLifecycleManager lines and its "Transitioning N
partition(s) to local leaders." / "Creating new partition …", the bootstrap records and the
raft LeaderChange control record that open a real metadata log.  A broker that shuts down while
leading nothing goes straight to SHUTDOWN_NOW in Kafka ("… granted an immediate shutdown"), but
the engine marks it in controlled shutdown first: the lines follow the engine.  Before 3.3 no
record marks a controlled shutdown, so one in which the broker led nothing reads as a session
timeout.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import Profile
from kafka_forensics.engine.replication.effects import LeaderChanged, MetadataRecord
from kafka_forensics.engine.replication.quorum import DEFAULT_CONTROLLER_ID
from kafka_forensics.parsers.datadir.metadata import type_name

from . import wording as w
from .emit import Record, _under

#: the metadata log's directory in config/kraft/controller.properties (log.dirs, 3.7.0)
METADATA_DIR = "/tmp/kraft-controller-logs/__cluster_metadata-0"
#: Uuid.UNASSIGNED: a replica's directory before the broker names one (KIP-858)
UNASSIGNED_DIR = "AAAAAAAAAAAAAAAAAAAAAA"
#: the active controller's Raft epoch (the engine's controller never fails over)
CONTROLLER_EPOCH = 1
_RECOVERY = {"RECOVERED": 0, "RECOVERING": 1}


def kraft_run(effects: Sequence[Effect]) -> bool:
    """Whether the run was in KRaft mode: its controller wrote a metadata record."""
    return any(isinstance(e, MetadataRecord) for e in effects)


def controller_node(effects: Sequence[Effect]) -> int:
    """The active controller's node id, as its partition changes name it."""
    for e in effects:
        if isinstance(e, LeaderChanged) and e.broker < 0 and e.controller is not None:
            return e.controller
    return DEFAULT_CONTROLLER_ID


def controller_file(node: int, v: w.KafkaVersion, cluster: str | None = None) -> str:
    """controller.log from 3.4 (log4j.properties names org.apache.kafka.controller), before it
    the root's server.log (the module docstring)."""
    return _under(cluster, f"controller-{node}/{'controller.log' if v >= (3, 4, 0) else 'server.log'}")


def dump_file(cluster: str | None = None) -> str:
    return _under(cluster, "kraft/cluster-metadata.dump.txt")


def _stand_in_uuid(text: str) -> str:
    """A ``Uuid.toString``-shaped id (16 bytes, URL-safe base64 without padding) derived from
    ``text``, for an id Kafka draws at random and no effect carries."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def topic_id(topic: str) -> str:
    """A stand-in for the topic's id, which Kafka draws at random when it creates the topic
    (2.8+, KIP-516): derived from the name, so one topic prints one id throughout a run (the
    brokers' lines and the metadata log alike)."""
    return _stand_in_uuid(topic)


def incarnation_id(broker: int, registration: int) -> str:
    """A stand-in for the random incarnation id a broker process draws at start-up."""
    return _stand_in_uuid(f"{broker}/{registration}")


# -- the log, Kafka's way ---------------------------------------------------------------------

@dataclass
class Entry:
    """One record of the metadata log as Kafka would hold it."""

    at: int
    offset: int
    type: str  # MetadataRecordType name: PARTITION_CHANGE_RECORD
    version: int
    data: dict[str, object]
    effect: int  # the position of the effect that made it
    record: MetadataRecord | None = None  # None for a TopicRecord
    before: MetadataRecord | None = None  # a partition record: the partition's previous state
    batch_start: bool = False


@dataclass
class KraftLog:
    """The run's metadata records renumbered with Kafka's TopicRecords in (module docstring)."""

    entries: list[Entry] = field(default_factory=list)
    offsets: dict[int, int] = field(default_factory=dict)  # the engine's offset -> Kafka's

    def epoch(self, engine_epoch: int | None) -> int:
        """A broker epoch (its RegisterBrokerRecord's offset) in Kafka's numbering."""
        return -1 if engine_epoch is None else self.offsets.get(engine_epoch, engine_epoch)


def kraft_log(effects: Sequence[Effect], v: w.KafkaVersion) -> KraftLog:
    log = KraftLog()
    topics: set[str] = set()
    partitions: dict[tuple[str, int], MetadataRecord] = {}
    registrations: dict[int, int] = {}
    prev: MetadataRecord | None = None
    head: MetadataRecord | None = None  # the record that opened the current batch
    for i, e in enumerate(effects):
        if not isinstance(e, MetadataRecord):
            continue
        tp = (e.topic or "", e.partition or 0)
        if e.record == "PartitionRecord" and e.topic not in topics:
            topics.add(tp[0])
            log.entries.append(Entry(e.at, len(log.entries), "TOPIC_RECORD", 0,
                                     {"name": tp[0], "topicId": topic_id(tp[0])}, i, batch_start=True))
        log.offsets[e.offset] = len(log.entries)
        before = partitions.get(tp) if e.record.startswith("Partition") else None
        if e.record == "RegisterBrokerRecord" and e.broker is not None:
            registrations[e.broker] = registrations.get(e.broker, 0) + 1
        data, version = _data(e, before, log, v, registrations.get(e.broker or 0, 1))
        after_topic = e.record == "PartitionRecord" and log.entries[-1].type == "TOPIC_RECORD" \
            and log.entries[-1].effect == i
        # a fence record closes handleBrokerFenced's batch (its partition changes come before it);
        # a fence after another event's records (a controlled shutdown's) opens its own
        start = not after_topic and (prev is None or prev.at != e.at or _starts_batch(e) or _fence(prev)
                                     or (_fence(e) and head is not None and not _partition_change(head)))
        if start:
            head = e
        log.entries.append(Entry(e.at, len(log.entries), type_name(e.record), version, data, i, e, before,
                                 start))
        if e.record.startswith("Partition"):
            partitions[tp] = e
        prev = e
    return log


def _starts_batch(e: MetadataRecord) -> bool:
    """A record that opens a controller event's batch: a registration, an unfence (its elections
    follow), a controlled shutdown's mark, a partition's creation, a leader's AlterPartition."""
    if e.record in ("RegisterBrokerRecord", "UnfenceBrokerRecord", "PartitionRecord"):
        return True
    if e.record == "BrokerRegistrationChangeRecord":
        return e.fenced is False or e.in_controlled_shutdown is True
    return False


def _partition_change(e: MetadataRecord) -> bool:
    return e.record == "PartitionChangeRecord"


def _data(e: MetadataRecord, before: MetadataRecord | None, log: KraftLog, v: w.KafkaVersion,
          registration: int) -> tuple[dict[str, object], int]:
    """The record's fields as MetadataJsonConverters writes them (the generated JSON converters:
    every field of the version, a tagged one only when not its default), and its version."""
    tid = topic_id(e.topic or "")
    recovery = v >= (3, 2, 0)  # LeaderRecoveryState, KIP-704
    dirs = v >= (3, 7, 0)
    if e.record == "PartitionRecord":
        d: dict[str, object] = {"partitionId": e.partition, "topicId": tid,
                                "replicas": list(e.replicas or ()), "isr": list(e.isr or ()),
                                "removingReplicas": [], "addingReplicas": [], "leader": e.leader}
        if recovery and _RECOVERY.get(e.leader_recovery_state or "RECOVERED", 0) != 0:
            d["leaderRecoveryState"] = _RECOVERY[e.leader_recovery_state or "RECOVERED"]
        d |= {"leaderEpoch": e.leader_epoch, "partitionEpoch": e.partition_epoch}
        if dirs:
            d["directories"] = [UNASSIGNED_DIR] * len(e.replicas or ())
        return d, 1 if dirs else 0
    if e.record == "PartitionChangeRecord":
        d = {"partitionId": e.partition, "topicId": tid}
        if before is None or e.isr != before.isr:
            d["isr"] = list(e.isr or ())
        # PartitionChangeBuilder bumps the leader epoch by setting the leader, the same one too
        if before is None or e.leader != before.leader or e.leader_epoch != before.leader_epoch:
            d["leader"] = e.leader
        if before is None or e.replicas != before.replicas:
            d["replicas"] = list(e.replicas or ())
        if recovery and before is not None and e.leader_recovery_state != before.leader_recovery_state:
            d["leaderRecoveryState"] = _RECOVERY.get(e.leader_recovery_state or "RECOVERED", 0)
        return d, 1 if dirs else 0
    epoch = log.epoch(e.broker_epoch)
    if e.record == "RegisterBrokerRecord":
        d = {"brokerId": e.broker}
        if v >= (3, 4, 0):
            d["isMigratingZkBroker"] = False
        d |= {"incarnationId": incarnation_id(e.broker or 0, registration),
              "brokerEpoch": log.offsets.get(e.offset, epoch),
              "endPoints": [{"name": "PLAINTEXT", "host": f"broker{e.broker}", "port": 9092,
                             "securityProtocol": 0}],
              "features": _features(v), "rack": None, "fenced": True}
        if v >= (3, 3, 0):
            d["inControlledShutdown"] = False
        version = 3 if v >= (3, 7, 0) else 2 if v >= (3, 4, 0) else 1 if v >= (3, 3, 0) else 0
        return d, version
    if e.record in ("FenceBrokerRecord", "UnfenceBrokerRecord"):
        return {"id": e.broker, "epoch": epoch}, 0
    # BrokerRegistrationChangeRecord: fenced 1 / -1, inControlledShutdown 1 (tagged, default 0)
    d = {"brokerId": e.broker, "brokerEpoch": epoch}
    if e.fenced is not None:
        d["fenced"] = 1 if e.fenced else -1
    if e.in_controlled_shutdown:
        d["inControlledShutdown"] = 1
        return d, 1
    return d, 0


#: the latest production metadata.version level of each release (MetadataVersion at 3.7.0 and
#: 3.9.0-rc3: 3.3-IV3 = 7, 3.4-IV0 = 8, 3.5-IV2 = 11, 3.6-IV2 = 14, 3.7-IV4 = 19, 3.8-IV0 = 20,
#: 3.9-IV0 = 21; 4.0's 7-25 from a real 4.0 registration line, parsers/catalogue/kraft.py)
_MAX_METADATA_VERSION = ((4, 0, 25), (3, 9, 21), (3, 8, 20), (3, 7, 19), (3, 6, 14), (3, 5, 11), (3, 4, 8),
                         (3, 3, 7))


def _features(v: w.KafkaVersion) -> list[dict[str, object]]:
    """The broker's supported metadata.version (3.3+; the broker registered none before)."""
    for major, minor, level in _MAX_METADATA_VERSION:
        if v >= (major, minor, 0):
            low = 7 if v >= (4, 0, 0) else 1
            return [{"name": "metadata.version", "minSupportedVersion": low, "maxSupportedVersion": level}]
    return []


# -- the dump -----------------------------------------------------------------------------------

def metadata_dump(effects: Sequence[Effect], profile: Profile, start_ms: int) -> str | None:
    """``kafka-dump-log --cluster-metadata-decoder --files …/00000000000000000000.log`` of the
    run's metadata log (DumpLogSegments 3.0.0, 3.2.0, 3.3.0, 3.7.0, trunk): None for a run with
    none.  "Starting offset: 0" to 3.2, "Log starting offset: 0" from 3.3; the batch line's
    ``deleteHorizonMs`` from 3.2."""
    v = w.kafka_version(profile)
    log = kraft_log(effects, v)
    if not log.entries:
        return None
    out = [f"Dumping {METADATA_DIR}/00000000000000000000.log",
           ("Log starting offset: 0" if v >= (3, 3, 0) else "Starting offset: 0")]
    batches: list[list[Entry]] = []
    for entry in log.entries:
        if entry.batch_start or not batches:
            batches.append([])
        batches[-1].append(entry)
    position = 0
    for batch in batches:
        payloads = [json.dumps({"type": x.type, "version": x.version, "data": x.data}, separators=(",", ":"))
                    for x in batch]
        size = 61 + sum(8 + len(p) for p in payloads)
        ts = start_ms + batch[-1].at
        horizon = " deleteHorizonMs: OptionalLong.empty" if v >= (3, 2, 0) else ""
        out.append(f"baseOffset: {batch[0].offset} lastOffset: {batch[-1].offset} count: {len(batch)} "
                   "baseSequence: -1 lastSequence: -1 producerId: -1 producerEpoch: -1 "
                   f"partitionLeaderEpoch: {CONTROLLER_EPOCH} isTransactional: false isControl: false"
                   f"{horizon} position: {position} CreateTime: {ts} size: {size} magic: 2 "
                   "compresscodec: none crc: 0 isvalid: true")
        for x, payload in zip(batch, payloads, strict=True):
            out.append(f"| offset: {x.offset} CreateTime: {ts} keySize: -1 valueSize: {len(payload)} "
                       f"sequence: -1 headerKeys: [] payload: {payload}")
        position += size
    return "\n".join(out) + "\n"


# -- the controller's lines ------------------------------------------------------------------------

def render_controller(effects: Sequence[Effect], profile: Profile, *, cluster: str | None = None,
                      level: str = "INFO") -> list[Record]:
    """The active controller's lines (module docstring), in the log's order."""
    v = w.kafka_version(profile)
    node = controller_node(effects)
    file = controller_file(node, v, cluster)
    log = kraft_log(effects, v)
    entries = log.entries
    # 3.0-3.2: no record marks a controlled shutdown; its elections do
    cs_elections = {(e.at, e.from_leader) for e in effects if isinstance(e, LeaderChanged) and e.broker < 0
                    and e.election == "controlled_shutdown"}
    out: list[Record] = []

    def emit(x: Entry, site: str, values: Mapping[str, object]) -> None:
        rendered = w.render(site, v, {"node": node, **values}, {"node": node})
        if rendered is None:
            return
        if w.LEVEL_ORDER[rendered.level] >= w.threshold_for(rendered.logger, v, level):
            out.append(Record(x.at, file, rendered, x.effect))

    def changing(x: Entry, context: str, count: int) -> None:
        if count:  # ReplicationControlManager.generateLeaderAndIsrUpdates logs only when it wrote some
            emit(x, "kraft_changing", {"details.context": context, "count": count})

    unfenced: set[int] = set()
    shutting: set[int] = set()  # brokers in controlled shutdown (3.3+: marked by a record)
    for k, x in enumerate(entries):
        r = x.record
        if x.batch_start:
            batch = entries[k:_batch_end(entries, k)]
            fenced(x, batch, log, v, emit, changing, unfenced, shutting, cs_elections)
        if r is None:  # a TopicRecord
            emit(x, "kraft_topic_created", {"topic": x.data["name"], "details.topic_id": x.data["topicId"]})
            continue
        broker = r.broker if r.broker is not None else -1
        epoch = log.epoch(r.broker_epoch)
        ident = {"brokers": broker, "_id": broker, "details.broker_epoch": epoch,
                 "_record": f"(id={broker}, epoch={epoch})"}
        if r.record == "PartitionRecord":
            emit(x, "kraft_partition_created", {**_tp(r), "_reg": _registration(r, v)})
        elif r.record == "PartitionChangeRecord":
            unclean_line(emit, x, r, v)
        elif _unfence(r):
            # the heartbeat that asked had caught up with the last committed offset (3.0-3.2: the
            # registration, its last record) / with its registration's offset (3.3+)
            unfenced.add(broker)
            emit(x, "kraft_unfence_granted", {"brokers": broker, "offset": epoch})
            emit(x, "kraft_unfenced", {**ident, "_tail": _tail(v, 0)})
            changing(x, "handleBrokerUnfenced", _changes_after(entries, k))
        elif r.record == "BrokerRegistrationChangeRecord" and r.in_controlled_shutdown:
            shutting.add(broker)
            emit(x, "kraft_controlled_shutdown", {"brokers": broker})
            emit(x, "kraft_cs_marked", {**ident, "_tail": _tail(v, None)})
            changing(x, f"enterControlledShutdown[{broker}]", _changes_after(entries, k))
        elif _fence(r):
            unfenced.discard(broker)
            shutting.discard(broker)
            emit(x, "kraft_fenced", {**ident, "_tail": _tail(v, 0)})
    return out


def _unfence(r: MetadataRecord) -> bool:
    change = r.record == "BrokerRegistrationChangeRecord"
    return r.record == "UnfenceBrokerRecord" or (change and r.fenced is False)


def _fence(r: MetadataRecord) -> bool:
    change = r.record == "BrokerRegistrationChangeRecord"
    return r.record == "FenceBrokerRecord" or (change and r.fenced is True)


def _tp(r: MetadataRecord) -> dict[str, object]:
    return {"tp": f"{r.topic}-{r.partition}", "topic": r.topic, "partition": r.partition,
            "details.topic_id": topic_id(r.topic or "")}


def _batch_end(entries: Sequence[Entry], k: int) -> int:
    end = k + 1
    while end < len(entries) and not entries[end].batch_start:
        end += 1
    return end


def _changes_after(entries: Sequence[Entry], k: int) -> int:
    """The partition changes that follow record ``k`` in its batch."""
    return sum(1 for y in entries[k + 1:_batch_end(entries, k)] if y.type == "PARTITION_CHANGE_RECORD")


#: Long.MAX_VALUE: BrokerHeartbeatManager's lowest active offset when no broker is active
_NO_ACTIVE_OFFSET = 9223372036854775807


def fenced(first: Entry, batch: Sequence[Entry], log: KraftLog, v: w.KafkaVersion, emit: Callable[..., None],
           changing: Callable[..., None], unfenced: set[int], shutting: set[int],
           cs_elections: set[tuple[int, int]]) -> None:
    """The lines before a batch that ends in a broker's fence record (its partition changes come
    first, ReplicationControlManager.handleBrokerFenced): a session timeout's "Fencing broker N
    because its session has timed out." (4.0 "… at epoch E …"), or the end of a controlled
    shutdown — 3.0-3.2, where no record marks one, its "granted a controlled shutdown" and
    "enterControlledShutdown[N]" first — "The request from broker N to shut down has been granted
    since the lowest active offset …"; then "handleBrokerFenced: changing N partition(s)"."""
    last = batch[-1].record
    if last is None or not _fence(last):
        return
    broker = last.broker if last.broker is not None else -1
    changes = sum(1 for y in batch if y.type == "PARTITION_CHANGE_RECORD")
    if broker in shutting or (first.at, broker) in cs_elections:
        if broker not in shutting:  # 3.0-3.2: the shutdown's elections are this batch's changes
            emit(first, "kraft_controlled_shutdown", {"brokers": broker})
            changing(first, f"enterControlledShutdown[{broker}]", changes)
            changes = 0
        end = batch[-2].offset if len(batch) > 1 else first.offset - 1  # the shutdown's last record
        active = unfenced - shutting - {broker}
        emit(first, "kraft_shutdown_granted", {
            "brokers": broker, "offset": end if active else _NO_ACTIVE_OFFSET,
            "details.controlled_shutdown_offset": end})
    else:
        emit(first, "kraft_fencing", {"brokers": broker,
                                      "details.broker_epoch": log.epoch(last.broker_epoch)})
    changing(first, "handleBrokerFenced", changes)


def unclean_line(emit: Callable[..., None], x: Entry, r: MetadataRecord, v: w.KafkaVersion) -> None:
    """PartitionRegistration.maybeLogPartitionChange: INFO when the new leader was not in the
    previous ISR (3.0.0, 3.7.0: its diff names the changed fields in this order)."""
    b = x.before
    if b is None or r.leader is None or r.leader < 0 or r.leader in (b.isr or ()):
        return
    diff: list[str] = []
    if r.replicas != b.replicas:
        diff.append(f"replicas: {_arr(b.replicas)} -> {_arr(r.replicas)}")
    if r.isr != b.isr:
        diff.append(f"isr: {_arr(b.isr)} -> {_arr(r.isr)}")
    if r.leader != b.leader:
        diff.append(f"leader: {b.leader} -> {r.leader}")
    if v >= (3, 2, 0) and r.leader_recovery_state != b.leader_recovery_state:
        diff.append(f"leaderRecoveryState: {b.leader_recovery_state} -> {r.leader_recovery_state}")
    if r.leader_epoch != b.leader_epoch:
        diff.append(f"leaderEpoch: {b.leader_epoch} -> {r.leader_epoch}")
    diff.append(f"partitionEpoch: {b.partition_epoch} -> {r.partition_epoch}")
    emit(x, "kraft_unclean_change", {**_tp(r), "_diff": ", ".join(diff)})


def _tail(v: w.KafkaVersion, shutdown: int | None) -> str:
    """The end of a BrokerRegistrationChangeRecord's toString after ``fenced=…``: its
    inControlledShutdown (3.3+) and, 3.7+, logDirs."""
    text = "" if shutdown is None else f", inControlledShutdown={shutdown}"
    return text + (", logDirs=[])" if v >= (3, 7, 0) else ")")


def _arr(ids: Sequence[int] | None) -> str:
    """``Arrays.toString``: ``[1, 2]``."""
    return "[" + ", ".join(str(b) for b in ids or ()) + "]"


def _registration(r: MetadataRecord, v: w.KafkaVersion) -> str:
    """``PartitionRegistration.toString`` (3.0.0; 3.2.0 adds leaderRecoveryState, 3.7.0
    directories, elr and lastKnownElr)."""
    parts = [f"replicas={_arr(r.replicas)}"]
    if v >= (3, 7, 0):
        parts.append(f"directories=[{', '.join([UNASSIGNED_DIR] * len(r.replicas or ()))}]")
    parts += [f"isr={_arr(r.isr)}", "removingReplicas=[]", "addingReplicas=[]"]
    if v >= (3, 7, 0):
        parts += ["elr=[]", "lastKnownElr=[]"]
    parts.append(f"leader={r.leader}")
    if v >= (3, 2, 0):
        parts.append(f"leaderRecoveryState={r.leader_recovery_state or 'RECOVERED'}")
    parts += [f"leaderEpoch={r.leader_epoch}", f"partitionEpoch={r.partition_epoch}"]
    return "PartitionRegistration(" + ", ".join(parts) + ")"
