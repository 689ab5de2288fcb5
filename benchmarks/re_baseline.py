"""Baseline for the ingest benchmark: a plain-Python, line-by-line ``re`` parser doing
the same extraction as ``kafka-forensics ingest`` for the message shapes the generator
writes, from file to Parquet.

It is meant to be a fair opponent, written the way a competent Python programmer would:
one pass over the file, compiled regexes, a dispatch by logger to the templates of that
logger, a cheap ``startswith`` test before the header regex, the logger found with
``rfind`` rather than an end-anchored search, timestamps parsed once per second of log,
and rows written to Parquet (zstd) in batches with pyarrow.  Like the tool it

* splits every record start into time, level, message and logger (Kafka's default
  layout ``[%d] %p %m (%c)%n``), attaches continuation lines to their record and takes
  the logger of a multi-line message from its last line;
* parses every record's timestamp (an unparseable one makes the record malformed);
* for records of catalogued loggers tries that logger's templates and, on a match,
  writes an event with the typed fields the catalogue extracts (group, generation,
  member, reason, cause; topic, partition, ISR lists, hw, leo, zk_version …), the
  record's raw text and its line number;
* counts the rest by logger.

Self-contained (stdlib + pyarrow) so that it measures nothing but itself:
``python benchmarks/re_baseline.py FILE OUT.parquet`` prints its accounting as JSON.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

HEADER = re.compile(r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3})\] ([A-Z]+) ")
LOGGER_NAME = re.compile(r"[\w.$]+(?::\d+)?")
BATCH_ROWS = 65_536


def _json(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))  # compact, as the tool writes details

_ids = pa.list_(pa.int32())
SCHEMA = pa.schema([
    ("ts", pa.timestamp("ms", tz="UTC")), ("source", pa.string()), ("line", pa.int64()),
    ("level", pa.string()), ("logger", pa.string()), ("kind", pa.string()), ("template", pa.string()),
    ("node", pa.int32()), ("group", pa.string()), ("generation", pa.int32()), ("member", pa.string()),
    ("state", pa.string()), ("prev_state", pa.string()), ("reason", pa.string()), ("cause", pa.string()),
    ("instance_id", pa.string()), ("coordinator_partition", pa.int32()), ("topic", pa.string()),
    ("partition", pa.int32()), ("leader", pa.int32()), ("leader_epoch", pa.int32()),
    ("prev_leader_epoch", pa.int32()), ("isr", _ids), ("prev_isr", _ids), ("brokers", _ids),
    ("hw", pa.int64()), ("leo", pa.int64()), ("offset", pa.int64()), ("zk_version", pa.int32()),
    ("error", pa.string()), ("duration_ms", pa.float64()), ("partitions", pa.list_(pa.string())),
    ("count", pa.int64()), ("details", pa.string()), ("raw", pa.string()),
])

Row = dict[str, Any]
Builder = Callable[[re.Match[str], list[str]], Row]


def _tp(tp: str) -> tuple[str, int]:
    t, _, p = tp.rpartition("-")
    return t, int(p)


def _ids_of(text: str) -> list[int]:
    return [int(x) for x in text.replace(" ", "").split(",") if x]


def _cont_first(cont: list[str]) -> str:
    return cont[0] if cont else ""


# -- templates per logger: (id, kind, regex on the message, builder) ---------------------------
LOG_PREFIX = r"\[Log partition=(?P<tp>\S+), dir=(?P<dir>[^\]]+)\] "


def _log_row(m: re.Match[str], **extra: Any) -> Row:
    t, p = _tp(m["tp"])
    return {"topic": t, "partition": p, **extra}


def _dir(m: re.Match[str], **more: Any) -> str:
    return _json({"dir": m["dir"], **more})


_REASON_CAUSE = (
    (re.compile(r"Adding new member (\S+)"), "new_member"),
    (re.compile(r"removing member (\S+) on heartbeat expiration"), "heartbeat_expiration"),
    (re.compile(r"removing member (\S+) on LeaveGroup"), "leave"),
    # the catalogue's causes: "… during S" (2.8+) a member's changed metadata; without it
    # (2.1-2.7) the leader's rejoin or a changed member's, which it calls member_update
    (re.compile(r"Updating metadata for member (\S+) during"), "metadata_change"),
    (re.compile(r"Updating metadata for member (\S+)$"), "member_update"),
    (re.compile(r"Leader (\S+) re-joining group"), "leader_rejoin"),
)


def _rebalance(m: re.Match[str], cont: list[str]) -> Row:
    row: Row = {"node": int(m["node"]), "group": m["group"], "state": m["state"],
                "generation": int(m["gen"]), "coordinator_partition": int(m["cp"]), "reason": m["reason"]}
    for rx, cause in _REASON_CAUSE:
        if mm := rx.search(m["reason"]):
            row["member"], row["cause"] = mm[1], cause
            break
    return row


_OUT_OF_SYNC = re.compile(r"\(brokerId: (\d+), endOffset: (-?\d+)\)")


def _shrink(m: re.Match[str], cont: list[str]) -> Row:
    t, p = _tp(m["tp"])
    out = [(int(b), int(e)) for b, e in _OUT_OF_SYNC.findall(m["oos"])]
    return {"node": int(m["node"]), "leader": int(m["node"]), "topic": t, "partition": p,
            "prev_isr": _ids_of(m["old"]), "isr": _ids_of(m["new"]), "hw": int(m["hw"]), "leo": int(m["leo"]),
            "brokers": [b for b, _ in out],
            "details": _json({"out_of_sync": [{"broker": b, "end_offset": e, "last_caught_up_ms": None}
                                                   for b, e in out]})}


def _partition(m: re.Match[str], **extra: Any) -> Row:
    t, p = _tp(m["tp"])
    return {"node": int(m["node"]), "leader": int(m["node"]), "topic": t, "partition": p, **extra}


_MAP_KEY = re.compile(r"([\w.-]+-\d+) -> ")
_NER = re.compile(r"NotEnoughReplicasException: The size of the current ISR Set\(([\d, ]*)\) is insufficient "
                  r"to satisfy the min\.isr requirement of (\d+)")


def _not_enough(m: re.Match[str], cont: list[str]) -> Row:
    row = {"node": int(m["node"]), **dict(zip(("topic", "partition"), _tp(m["tp"]), strict=True))}
    if mm := _NER.search(_cont_first(cont)):
        row.update(isr=_ids_of(mm[1]), error="NotEnoughReplicasException",
                   details=_json({"min_isr": int(mm[2])}))
    return row


def _exception(cont: list[str]) -> str | None:
    first = _cont_first(cont)
    return first.split(":", 1)[0] if first and not first.startswith("\t") else None


def _config(m: re.Match[str], cont: list[str]) -> Row:
    settings = {}
    for c in cont:
        k, sep, v = c.lstrip().partition(" = ")
        if sep:
            settings[k] = v.rstrip()
    node = settings.get("broker.id")
    return {"node": int(node) if node and node.lstrip("-").isdigit() else None,
            "details": _json(settings)}


GC = r"\[GroupCoordinator (?P<node>\d+)\]: "
GMM = r"\[GroupMetadataManager brokerId=(?P<node>\d+)\] "
PART = r"\[Partition (?P<tp>\S+) broker=(?P<node>\d+)\] "
RFM = r"\[ReplicaFetcherManager on broker (?P<node>\d+)\] "
RFT = r"\[ReplicaFetcher replicaId=(?P<node>\d+), leaderId=(?P<leader>\d+), fetcherId=\d+\] "
RM = r"\[ReplicaManager broker=(?P<node>\d+)\] "
ZKC = r"\[ZooKeeperClient (?P<client>[^\]]+)\] "
KS = r"(?:\[KafkaServer id=(?P<node>\d+)\] )?"
# One regex with alternatives per lifecycle family; each alternative is its own catalogue
# entry: (template id, state).
ZK_STATES = {"Waiting until connected.": ("zk_client.waiting", "connecting"),
             "Connected.": ("zk_client.connected", "connected"), "Closing.": ("zk_client.closing", "closing"),
             "Closed.": ("zk_client.closed", "closed"), "Session expired.": ("zk_client.expired", "expired")}
GC_STATES = {"Starting up": ("group.lifecycle.starting", "starting"),
             "Startup complete": ("group.lifecycle.started", "started"),
             "Shutting down": ("group.lifecycle.shutting_down", "shutting_down"),
             "Shutdown complete": ("group.lifecycle.shut_down", "shut_down")}
BROKER_STATES = {"starting": ("broker.starting", "starting"), "started": ("broker.started", "started"),
                 "shutting down": ("broker.shutting_down", "shutting_down"),
                 "shut down completed": ("broker.shut_down", "shut_down"),
                 "Starting controlled shutdown": ("broker.controlled_shutdown", "controlled_shutdown"),
                 "Controlled shutdown succeeded": ("broker.controlled_shutdown_succeeded",
                                                   "controlled_shutdown_succeeded")}
RFM_STATES = {"shutting down": ("fetcher_manager.shutting_down", "shutting_down"),
              "shutdown completed": ("fetcher_manager.shutdown_completed", "shut_down")}
RM_STATES = {"Shutting down": ("replica_manager.shutting_down", "shutting_down"),
             "Shut down completely": ("replica_manager.shut_down", "shut_down")}


def _alt(table: dict[str, tuple[str, str]], m: re.Match[str], **row: Any) -> Row:
    tid, state = table[m["what"]]
    return {"template": tid, "state": state, **row}


def _node(m: re.Match[str]) -> int | None:
    return int(m["node"]) if m["node"] else None


T = tuple[str, str, re.Pattern[str], Builder]
TEMPLATES: dict[str, list[T]] = {
    "kafka.log.Log": [
        ("segment.rolled", "log_segment", re.compile(
            LOG_PREFIX + r"Rolled new log segment at offset (?P<off>\d+) in (?P<ms>\d+) ms\.\s*$"),
         lambda m, c: _log_row(m, state="rolled", offset=int(m["off"]), duration_ms=float(m["ms"]),
                               details=_dir(m))),
        ("segment.deletable_found", "log_segment", re.compile(
            LOG_PREFIX + r"Found deletable segments with base offsets \[(?P<bases>[\d,]*)\] due to "
                         r"(?P<r>.*?)\s*$"),
         lambda m, c: _log_row(m, state="deletable", reason=m["r"],
                               details=_dir(m, base_offsets=_ids_of(m["bases"])))),
        ("segment.scheduled.2_4", "log_segment", re.compile(
            LOG_PREFIX + r"Scheduling segments for deletion (?P<seg>.*?)\s*$"),
         lambda m, c: _log_row(m, state="scheduled", details=_dir(m))),
        ("log.start_offset.1_0", "log_start_offset", re.compile(
            LOG_PREFIX + r"Incrementing log start offset to (?P<off>\d+)\s*$"),
         lambda m, c: _log_row(m, offset=int(m["off"]), details=_dir(m))),
        ("segment.deleting_list.2_4", "log_segment", re.compile(LOG_PREFIX + r"Deleting segments "
                                                                             r"(?P<seg>.*?)\s*$"),
         lambda m, c: _log_row(m, state="deleted", details=_dir(m))),
        ("log.truncate", "log_truncation", re.compile(LOG_PREFIX + r"Truncating to offset (?P<off>\d+)\s*$"),
         lambda m, c: _log_row(m, offset=int(m["off"]), details=_dir(m))),
        ("producer_state.loading.2_0", "producer_state", re.compile(
            LOG_PREFIX + r"Loading producer state till offset (?P<off>\d+) with message format version "
            r"(?P<v>\d+)\s*$"),
         lambda m, c: _log_row(m, state="loading", offset=int(m["off"]),
                               details=_dir(m, message_format=int(m["v"])))),
        ("log.loaded.1_0", "log_loaded", re.compile(
            LOG_PREFIX + r"Completed load of log with (?P<n>\d+) segments, log start offset (?P<off>\d+) and "
            r"log end offset (?P<leo>\d+) in (?P<ms>\d+) ms\s*$"),
         lambda m, c: _log_row(m, count=int(m["n"]), offset=int(m["off"]), leo=int(m["leo"]),
                               duration_ms=float(m["ms"]), details=_dir(m))),
    ],
    "kafka.log.ProducerStateManager": [
        ("producer_state.snapshot_writing", "producer_state", re.compile(
            r"\[ProducerStateManager partition=(?P<tp>\S+)\] Writing producer snapshot at offset "
            r"(?P<off>\d+)\s*$"),
         lambda m, c: _log_row(m, state="snapshot_written", offset=int(m["off"]))),
    ],
    "kafka.log.LogSegment": [
        ("segment.file_deleted", "log_segment", re.compile(
            r"Deleted (?:log|offset index|time index|transaction index) (?P<path>.*)\.\s*$"),
         lambda m, c: {"state": "deleted", "details": _json({"path": m["path"]})}),
    ],
    "kafka.coordinator.group.GroupMetadataManager": [
        ("group.offsets_expired", "offsets_expired", re.compile(
            GMM + r"Removed (?P<n>\d+) expired offsets in (?P<ms>\d+) milliseconds\.\s*$"),
         lambda m, c: {"node": int(m["node"]), "count": int(m["n"]), "duration_ms": float(m["ms"])}),
        ("group.partition_load_scheduled.0_11", "coordinator_load_scheduled", re.compile(
            GMM + r"Scheduling loading of offsets and group metadata from "
            r"__consumer_offsets-(?P<cp>\d+)\s*$"),
         lambda m, c: {"node": int(m["node"]), "coordinator_partition": int(m["cp"])}),
        ("group.partition_loaded.0_11", "coordinator_loaded", re.compile(
            GMM + r"Finished loading offsets and group metadata from __consumer_offsets-(?P<cp>\d+) in "
            r"(?P<ms>\d+) milliseconds\.\s*$"),
         lambda m, c: {"node": int(m["node"]), "coordinator_partition": int(m["cp"]),
                       "duration_ms": float(m["ms"])}),
    ],
    "kafka.coordinator.group.GroupCoordinator": [
        ("group.prepare_rebalance.2_1", "group_prepare_rebalance", re.compile(
            GC + r"Preparing to rebalance group (?P<group>\S+) in state (?P<state>\w+) with old generation "
            r"(?P<gen>\d+) \(__consumer_offsets-(?P<cp>\d+)\) \(reason: (?P<reason>.*)\)\s*$"), _rebalance),
        ("group.stabilized.0_11", "group_stabilized", re.compile(
            GC + r"Stabilized group (?P<group>\S+) generation (?P<gen>\d+) "
                 r"\(__consumer_offsets-(?P<cp>\d+)\)\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "generation": int(m["gen"]),
                       "prev_state": "PreparingRebalance", "coordinator_partition": int(m["cp"])}),
        ("group.assignment_received.0_11", "group_assignment_received", re.compile(
            GC + r"Assignment received from leader for group (?P<group>\S+) for generation (?P<gen>\d+)\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "generation": int(m["gen"]),
                       "state": "Stable"}),
        ("group.member_failed.0_11", "group_member_failed", re.compile(
            GC + r"Member (?P<member>\S+) in group (?P<group>\S+) has failed, "
            r"removing it from the group\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "member": m["member"],
                       "cause": "heartbeat_expiration"}),
        ("group.member_left.2_4", "group_member_left", re.compile(
            GC + r"Member\[group\.instance\.id (?P<inst>\S+), member\.id (?P<member>\S+)\] in group "
                 r"(?P<group>\S+) "
            r"has left, removing it from the group\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "member": m["member"], "cause": "leave",
                       "instance_id": None if m["inst"] == "None" else m["inst"]}),
        ("group.member_id_required.2_5", "group_member_id_created", re.compile(
            GC + r"Dynamic member with unknown member id joins group (?P<group>\S+) in (?P<state>\w+) "
                 r"state\. "
            r"Created a new member id (?P<member>\S+) and request the member to rejoin with this id\.\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "member": m["member"],
                       "state": m["state"],
                       "details": '{"member_id_required":true}'}),
        ("group.empty.0_11", "group_empty", re.compile(
            GC + r"Group (?P<group>\S+) with generation (?P<gen>\d+) is now empty "
            r"\(__consumer_offsets-(?P<cp>\d+)\)\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "generation": int(m["gen"]),
                       "state": "Empty", "prev_state": "PreparingRebalance",
                       "coordinator_partition": int(m["cp"])}),
        ("group.loading", "group_loaded", re.compile(
            GC + r"Loading group metadata for (?P<group>\S+) with generation (?P<gen>\d+)\s*$"),
         lambda m, c: {"node": int(m["node"]), "group": m["group"], "generation": int(m["gen"])}),
        ("group.lifecycle", "coordinator_lifecycle", re.compile(
            GC + r"(?P<what>Starting up|Startup complete|Shutting down|Shutdown complete)\.\s*$"),
         lambda m, c: _alt(GC_STATES, m, node=int(m["node"]), details='{"component":"coordinator"}')),
    ],
    "kafka.cluster.Partition": [
        ("isr.shrink.2_2", "isr_shrink", re.compile(
            PART + r"Shrinking ISR from (?P<old>[\d,]+) to (?P<new>[\d,]+)\. Leader: \(highWatermark: "
                   r"(?P<hw>\d+), "
            r"endOffset: (?P<leo>\d+)\)\. Out of sync replicas: (?P<oos>.*)\.\s*$"), _shrink),
        ("isr.updated.zk", "isr_updated", re.compile(
            PART + r"ISR updated to \[(?P<isr>[\d,]*)\] and zkVersion updated to \[(?P<v>\d+)\]\s*$"),
         lambda m, c: _partition(m, isr=_ids_of(m["isr"]), zk_version=int(m["v"]))),
        ("isr.cached_zk_version.2_4", "isr_update_skipped", re.compile(
            PART + r"Cached zkVersion (?P<v>\d+) not equal to that in zookeeper, skip updating ISR\s*$"),
         lambda m, c: _partition(m, zk_version=int(m["v"]))),
        ("isr.expand.0_11", "isr_expand", re.compile(PART + r"Expanding ISR from (?P<old>[\d,]+) to "
                                                            r"(?P<new>[\d,]+)\s*$"),
         lambda m, c: _partition(m, prev_isr=_ids_of(m["old"]), isr=_ids_of(m["new"]))),
        ("leader_epoch.start.2_4", "leader_epoch_start", re.compile(
            PART + r"\S+ starts at leader epoch (?P<e>\d+) from offset (?P<off>\d+) with high watermark "
                   r"(?P<hw>\d+)\. "
            r"Previous leader epoch was (?P<pe>-?\d+)\.\s*$"),
         lambda m, c: _partition(m, leader_epoch=int(m["e"]), prev_leader_epoch=int(m["pe"]),
                                 offset=int(m["off"]), hw=int(m["hw"]))),
    ],
    "kafka.server.ReplicaFetcherManager": [
        ("fetcher.removed", "fetcher_removed", re.compile(RFM + r"Removed fetcher for partitions "
                                                                r"Set\((?P<p>.*)\)\s*$"),
         lambda m, c: {"node": int(m["node"]), "partitions": m["p"].split(", ")}),
        ("fetcher.added.2_1", "fetcher_added", re.compile(
            RFM + r"Added fetcher to broker BrokerEndPoint\(id=(?P<leader>\d+), host=[^)]*\) for partitions "
            r"Map\((?P<p>.*)\)\s*$"),
         lambda m, c: {"node": int(m["node"]), "leader": int(m["leader"]),
                       "partitions": _MAP_KEY.findall(m["p"])}),
        ("fetcher_manager.lifecycle", "replication_lifecycle", re.compile(
            RFM + r"(?P<what>shutting down|shutdown completed)\s*$"),
         lambda m, c: _alt(RFM_STATES, m, node=int(m["node"]))),
    ],
    "kafka.server.ReplicaFetcherThread": [
        ("fetcher.truncate_hw.2_1", "follower_truncation", re.compile(
            RFT + r"Truncating partition (?P<tp>\S+) to local high watermark (?P<hw>\d+)\s*$"),
         lambda m, c: {"node": int(m["node"]), "leader": int(m["leader"]), "cause": "high_watermark",
                       **dict(zip(("topic", "partition"), _tp(m["tp"]), strict=True)),
                       "hw": int(m["hw"]), "offset": int(m["hw"])}),
        ("fetcher.epoch_unknown_to_replica", "follower_truncation", re.compile(
            RFT + r"Based on (?:replica|follower|future replica)'s leader epoch, leader replied with epoch "
                  r"(?P<e>\d+) "
            r"unknown to the (?:replica|follower|future replica) for (?P<tp>\S+)\. Will truncate to "
            r"(?P<off>\d+) "
            r"and send another leader epoch request to the leader\.\s*$"),
         lambda m, c: {"node": int(m["node"]), "leader": int(m["leader"]), "cause": "unknown_epoch",
                       **dict(zip(("topic", "partition"), _tp(m["tp"]), strict=True)),
                       "leader_epoch": int(m["e"]), "offset": int(m["off"])}),
        ("fetcher.fetch_failed", "fetch_error", re.compile(RFT + r"Error in response for fetch request "
                                                                 r"(?P<req>.*?)\s*$"),
         lambda m, c: {"node": int(m["node"]), "leader": int(m["leader"]), "error": _exception(c),
                       "details": _json({"request": m["req"]})}),
    ],
    "kafka.server.ReplicaManager": [
        ("append.not_enough_replicas.2_1", "not_enough_replicas", re.compile(
            RM + r"Error processing append operation on partition (?P<tp>\S+)\s*$"), _not_enough),
        ("fetch.serve_error.2_1", "fetch_serve_error", re.compile(
            RM + r"Error processing fetch with max size (?P<max>\d+) from (?P<src>.*?) on partition "
                 r"(?:[A-Za-z0-9_-]{22}:)?(?P<tp>[\w.-]+-\d+): (?P<info>.*?)\s*$"),
         lambda m, c: {"node": int(m["node"]), **dict(zip(("topic", "partition"), _tp(m["tp"]), strict=True)),
                       "error": _exception(c),
                       "details": _json({"max_bytes": int(m["max"]), "fetch_source": m["src"],
                                         "fetch_info": m["info"]})}),
        ("replica_manager.lifecycle", "replication_lifecycle", re.compile(
            RM + r"(?P<what>Shutting down|Shut down completely)\s*$"),
         lambda m, c: _alt(RM_STATES, m, node=int(m["node"]))),
    ],
    "kafka.controller.KafkaController": [
        ("controller.preferred_auto", "preferred_election", re.compile(
            r"\[Controller id=(?P<node>\d+)\] Processing automatic preferred replica leader election\s*$"),
         lambda m, c: {"node": int(m["node"]), "state": "checking"}),
    ],
    "kafka.controller.RequestSendThread": [
        ("send_thread.connected", "controller_lifecycle", re.compile(
            r"\[RequestSendThread controllerId=(?P<node>\d+)\] Controller \d+ connected to (?P<ep>\S+) "
            r"\(id: (?P<b>\d+) rack: \S+\) for sending state change requests\s*$"),
         lambda m, c: {"node": int(m["node"]), "state": "connected", "brokers": [int(m["b"])],
                       "details": _json({"endpoint": m["ep"]})}),
    ],
    "kafka.zookeeper.ZooKeeperClient": [
        ("zk_client.state", "zk_session", re.compile(
            ZKC + r"(?P<what>Waiting until connected\.|Connected\.|Closing\.|Closed\.|"
            r"Session expired\.)\s*$"),
         lambda m, c: _alt(ZK_STATES, m, details=_json({"client": m["client"]}))),
        ("zk_client.initializing", "zk_session", re.compile(ZKC + r"Initializing a new session to "
                                                                  r"(?P<zk>\S+)\.\s*$"),
         lambda m, c: {"state": "initializing",
                       "details": _json({"client": m["client"], "connect": m["zk"]})}),
    ],
    "kafka.server.KafkaServer": [
        ("broker.lifecycle", "broker_lifecycle", re.compile(
            KS + r"(?P<what>starting|started|shutting down|shut down completed|Starting controlled shutdown|"
            r"Controlled shutdown succeeded)\s*$"),
         lambda m, c: _alt(BROKER_STATES, m, node=_node(m))),
        ("broker.zk_connecting", "zk_session", re.compile(r"Connecting to zookeeper on (?P<zk>\S+)\s*$"),
         lambda m, c: {"state": "connecting", "details": _json({"connect": m["zk"]})}),
        ("broker.cluster_id", "cluster_id", re.compile(r"Cluster ID = (?P<id>\S+)\s*$"),
         lambda m, c: {"details": _json({"cluster_id": m["id"]})}),
    ],
    "kafka.server.KafkaConfig": [
        ("broker.config", "broker_config", re.compile(r"KafkaConfig values:\s*$"), _config),
    ],
}


class Parser:
    def __init__(self, source: str, out: str) -> None:
        self.source = source
        self.writer = pq.ParquetWriter(out, SCHEMA, compression="zstd")
        self.rows: list[Row] = []
        self.physical = self.records = self.events = self.malformed = self.gaps = 0
        self.unrecognised: Counter[str] = Counter()
        self._sec_text = ""
        self._sec_ms = 0

    def run(self) -> None:
        header = HEADER.match
        start_no = 0
        first: str | None = None  # the current record's first line
        cont: list[str] = []
        no = 0
        # newline="" keeps "\r" inside lines exactly as the tool does (it splits on "\n" only)
        with open(self.source, encoding="utf-8", errors="surrogateescape", newline="") as f:
            for no, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if line.startswith("[") and header(line):
                    if first is not None:
                        self.record(start_no, first, cont)
                        cont = []
                    first, start_no = line, no
                elif first is None:
                    self.malformed += 1  # a continuation line with no record before it
                else:
                    cont.append(line)
            if first is not None:
                self.record(start_no, first, cont)
        self.physical = no
        self.flush()
        self.writer.close()

    def record(self, no: int, first: str, cont: list[str]) -> None:
        self.records += 1
        m = HEADER.match(first)
        assert m is not None
        sec = m[1]
        if sec != self._sec_text:
            try:
                self._sec_ms = int(datetime.fromisoformat(sec).replace(tzinfo=UTC).timestamp()) * 1000
            except ValueError:
                self.malformed += 1
                return
            self._sec_text = sec
        ts = self._sec_ms + int(m[2])
        msg = first[m.end():]
        logger = _logger(msg)
        if logger is not None:
            msg = msg[: msg.rfind(" (")]
        else:  # a multi-line message prints its logger after its last line
            for c in cont:
                if (logger := _logger(c)) is not None:
                    break
        templates = TEMPLATES.get(logger or "")
        if templates is None:
            self.unrecognised[logger or "(no logger)"] += 1
            return
        for tid, kind, rx, build in templates:
            if mm := rx.match(msg):
                row = build(mm, cont)
                row.setdefault("template", tid)
                row.update(ts=ts, source=self.source, line=no, level=m[3], logger=logger, kind=kind,
                           raw="\n".join([first, *cont]) if cont else first)
                self.rows.append(row)
                if len(self.rows) >= BATCH_ROWS:
                    self.flush()
                return
        self.gaps += 1
        self.unrecognised[logger or "(no logger)"] += 1

    def flush(self) -> None:
        if self.rows:
            self.writer.write_table(pa.Table.from_pylist(self.rows, schema=SCHEMA))
            self.events += len(self.rows)
            self.rows = []

    def report(self) -> dict[str, Any]:
        return {"physical_lines": self.physical, "records": self.records, "events": self.events,
                "malformed": self.malformed, "catalogue_gaps": self.gaps,
                "unrecognised_by_logger": dict(sorted(self.unrecognised.items()))}


def _logger(text: str) -> str | None:
    """``(logger)`` at the end of a line, without an end-anchored regex scan."""
    t = text.rstrip()
    if not t.endswith(")"):
        return None
    i = t.rfind(" (")
    if i < 0 or not LOGGER_NAME.fullmatch(t, i + 2, len(t) - 1):
        return None
    return t[i + 2 : len(t) - 1].split(":", 1)[0]


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: re_baseline.py FILE OUT.parquet", file=sys.stderr)
        return 2
    p = Parser(argv[0], argv[1])
    p.run()
    print(json.dumps(p.report()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
