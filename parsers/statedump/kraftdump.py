"""KRaft metadata as Kafka's tools print it: ``kafka-dump-log --cluster-metadata-decoder``
(``DumpLogSegments``, 3.0+) and ``kafka-metadata-shell`` ``cat`` (3.x image nodes).

kafka-dump-log::

    Dumping /var/lib/kafka/__cluster_metadata-0/00000000000000000000.log
    Log starting offset: 0                         (a snapshot: Snapshot end offset: 9, epoch: 1)
    baseOffset: 0 lastOffset: 1 count: 2 ... partitionLeaderEpoch: 1 ... CreateTime: 1700000000000 ...
    | offset: 0 CreateTime: 1700000000000 keySize: -1 valueSize: 24 sequence: -1 headerKeys: []
      payload: {"type":"TOPIC_RECORD","version":0,"data":{"name":"t","topicId":"..."}}   (one line)
    | offset: 2 CreateTime: ... SnapshotHeader {"version":0,"lastContainedLogTimestamp":...}
    | offset: 3 CreateTime: ... controlType: LEADER_CHANGE(2)

Each data record becomes a ``kraft_metadata_record`` row exactly as the binary reader makes it
from the same record (``details.type`` / ``data``; topic, partition, ISR, leader, replicas,
brokers, state from the record's fields; the topic's name from an earlier TopicRecord of the
same dump); ``controller_epoch`` is the batch's partitionLeaderEpoch; ``ts`` the record's
CreateTime.  Control records are ``kraft_metadata_record`` rows with ``details.control``.
Batch lines, the header lines and ``Found N invalid bytes`` (a note) are recognised.

kafka-metadata-shell (``>> cat /image/topics/byName/t/0``; ShellNodePrinter prints a leaf's
text)::

    PartitionRegistration(replicas=[1, 2], directories=[...], isr=[1], removingReplicas=[],
      addingReplicas=[], elr=[], lastKnownElr=[], leader=1, leaderRecoveryState=RECOVERED,
      leaderEpoch=3, partitionEpoch=5)        -> kraft_partition_state
    BrokerRegistration(id=1, epoch=12, incarnationId=..., listeners=[...], ..., rack=Optional.empty,
      fenced=false, inControlledShutdown=false, ...)  -> kraft_broker_state
    anything else a ``cat`` prints                    -> kraft_image_node
"""

from __future__ import annotations

import json
import re
from functools import partial
from typing import Any

from ..datadir import metadata
from .text import Capture, Segment, command_words, int_list

METADATA_RECORD = "kraft_metadata_record"
PARTITION_STATE = "kraft_partition_state"
BROKER_STATE = "kraft_broker_state"
IMAGE_NODE = "kraft_image_node"

_BATCH = re.compile(r"^baseOffset: (?P<base>\d+) lastOffset: (?P<last>\d+) .*?partitionLeaderEpoch: "
                    r"(?P<epoch>-?\d+) .*isControl: (?P<control>true|false)")
_RECORD = re.compile(r"^\| ?(?:offset: (?P<offset>\d+) (?:CreateTime|LogAppendTime|NoTimestampType): "
                     r"(?P<ts>-?\d+) .*?)?(?:(?P<control>SnapshotHeader|SnapshotFooter|KRaftVersion"
                     r"|KRaftVoters|LeaderChange) (?P<cjson>\{.*\})"
                     r"|controlType: (?P<ctype>\w+)\((?P<cid>-?\d+)\)"
                     r"|endTxnMarker: (?P<marker>\w+) .*|(?:key: .*?)?\s*payload: (?P<payload>.*)|)\s*$")
_HEADER = re.compile(r"^(?:Dumping \S.*|Log starting offset: \d+|Snapshot end offset: \d+, epoch: \d+"
                     r"|KRaft bootstrap snapshot|Starting offset: \d+)$")
_TRAILING = re.compile(r"^Found (\d+) invalid bytes at the end of (\S+)$")
_TYPES: dict[str, int] = {metadata.type_name(msg.name): key for key, (msg, _) in metadata.RECORDS.items()}


def read_dump(cap: Capture, seg: Segment) -> None:
    names = metadata.TopicNames()
    epoch: int | None = None
    rows = seg.lines.select("line", "text", "captured_at").rows()
    if seg.command is not None and not rows[0][1].startswith("Dumping "):
        cap.ok()  # the shell command line
        rows = rows[1:]
    for line, text, _ in rows:
        if text.strip() == "" or _HEADER.match(text):
            cap.ok()
            continue
        if (m := _TRAILING.match(text)) is not None:
            cap.ok()
            cap.acc.notes.append(f"line {line}: kafka-dump-log found {m[1]} invalid bytes at the end of "
                                 f"{m[2]}")
            continue
        if (b := _BATCH.match(text)) is not None:
            epoch = int(b["epoch"])
            cap.ok()
            continue
        r = _RECORD.match(text)
        if r is None:
            cap.unrecognised("a line of kafka-dump-log output this reader does not know")
            continue
        try:
            row = _record(r, epoch, names)
        except (ValueError, KeyError) as e:
            cap.bad(line, f"kafka-dump-log record: {e}", text)
            continue
        if row is None:
            cap.unrecognised("a record of a dump that is not cluster metadata (not read)")
            continue
        row |= {"line": line, "raw": text}
        cap.ok()
        cap.emit(row)


def _record(r: re.Match[str], epoch: int | None, names: metadata.TopicNames) -> dict[str, Any] | None:
    offset = int(r["offset"]) if r["offset"] is not None else None
    ts = int(r["ts"]) if r["ts"] is not None and int(r["ts"]) >= 0 else None
    row: dict[str, Any] = {"kind": METADATA_RECORD, "ts": ts, "offset": offset, "controller_epoch": epoch}
    details: dict[str, Any] = {"log_offset": offset, "epoch": epoch}
    if r["control"] is not None or r["ctype"] is not None:
        name = r["control"] or {"LEADER_CHANGE": "LeaderChange"}.get(r["ctype"], r["ctype"])
        data = json.loads(r["cjson"]) if r["cjson"] else {}
        details |= {"type": name, "control": True, "data": data}
        if name == "LeaderChange" and "leaderId" in data:
            row |= {"leader": data["leaderId"], "leader_epoch": epoch,
                    "brokers": [v["voterId"] for v in data.get("voters", [])]}
        return row | {"details": details, "template": f"kafka-dump-log.control.{name}"}
    if r["marker"] is not None:
        return None  # a transaction marker: not in the metadata log
    payload = r["payload"]
    if payload is None:
        return None  # a record printed without its payload (no decoder given)
    if payload.startswith("Error at "):
        raise ValueError(f"kafka-dump-log could not decode it: {payload}")
    if not payload.startswith('{"type":'):
        return None  # another decoder's payload (a topic's data, __consumer_offsets)
    rec = json.loads(payload)
    name, version, data = rec["type"], rec["version"], rec["data"]
    if name not in _TYPES:
        raise ValueError(f"unknown metadata record type {name}")
    details |= {"type": name, "version": version, "data": data}
    row |= {"details": details, "template": f"kafka-dump-log.{name}.v{version}"}
    metadata.record_columns(_TYPES[name], data, row, names)
    return row


# -- kafka-metadata-shell ------------------------------------------------------------------
_REGISTRATION = re.compile(r"^(?P<what>PartitionRegistration|BrokerRegistration)\((?P<body>.*)\)\s*$")
_TOPIC_PATH = re.compile(r"^/image/topics/by(?P<by>Name|Id)/(?P<key>[^/]+)/(?P<p>\d+)$")
_BROKER_PATH = re.compile(r"^/image/cluster/brokers/(?P<id>\d+)$")


def read_shell(cap: Capture, seg: Segment) -> None:
    rows = seg.lines.select("line", "text", "captured_at").rows()
    path = _cat_path(seg.command)
    start = 1 if seg.command is not None else 0
    if start:
        cap.ok()
    out = rows[start:]
    if path is None and seg.command is not None:  # ls, cd, tree, find ...: nothing Kafka's state needs
        cap.ok(len(out))
        return
    for line, text, captured_at in out:
        if text.strip() == "" or text.startswith(("Loading...", "Starting...")):
            cap.ok()
            continue
        if re.match(r"^cat: .*(?:Is a directory|No such file or directory\.)$", text):
            cap.ok()
            continue
        cap.take(line, text, captured_at, "kafka-metadata-shell", partial(_shell_row, path, text))


def _cat_path(command: str | None) -> str | None:
    if not command:
        return None
    words = command_words(command)
    if "cat" not in words:
        return None
    rest = words[words.index("cat") + 1:]
    return rest[0] if rest else None


def _pairs(body: str) -> dict[str, str]:
    """``k=v, k=[a, b], k=v`` (Java toString) -> {k: v}, brackets kept whole."""
    out: dict[str, str] = {}
    depth, key, start = 0, None, 0
    i = 0
    while i <= len(body):
        ch = body[i] if i < len(body) else ","
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        elif ch == "=" and depth == 0 and key is None:
            key = body[start:i].strip()
            start = i + 1
        elif ch == "," and depth == 0:
            if key is not None:
                out[key] = body[start:i].strip()
            key, start = None, i + 1
        i += 1
    return out


def _shell_row(path: str | None, text: str) -> dict[str, Any]:
    m = _REGISTRATION.match(text)
    if m is None:
        if path is None:
            raise ValueError("a value with no `cat <path>` before it")
        return {"kind": IMAGE_NODE, "template": "kafka-metadata-shell.cat", "zk_data": text,
                "details": {"path": path, "value": text}}
    f = _pairs(m["body"])
    if m["what"] == "PartitionRegistration":
        row: dict[str, Any] = {"kind": PARTITION_STATE, "template": "kafka-metadata-shell.partition",
                               "replicas": int_list(f.get("replicas")), "isr": int_list(f.get("isr")),
                               "leader": _int(f, "leader"), "leader_epoch": _int(f, "leaderEpoch"),
                               "zk_version": _int(f, "partitionEpoch")}
        d: dict[str, Any] = {"elr": int_list(f.get("elr")), "last_known_elr": int_list(f.get("lastKnownElr")),
                             "adding_replicas": int_list(f.get("addingReplicas")),
                             "removing_replicas": int_list(f.get("removingReplicas")),
                             "leader_recovery_state": f.get("leaderRecoveryState")}
        if path is not None and (p := _TOPIC_PATH.match(path)) is not None:
            row["partition"] = int(p["p"])
            if p["by"] == "Name":
                row["topic"] = p["key"]
            else:
                d["topic_id"] = p["key"]
    else:
        fenced = f.get("fenced")
        row = {"kind": BROKER_STATE, "template": "kafka-metadata-shell.broker",
               "brokers": [_int(f, "id")],
               "state": "in_controlled_shutdown" if f.get("inControlledShutdown") == "true"
               else ("fenced" if fenced == "true" else "unfenced")}
        d = {"broker_epoch": _int(f, "epoch"), "incarnation_id": f.get("incarnationId"),
             "endpoints": f.get("listeners"), "rack": f.get("rack")}
    d["path"] = path
    row["details"] = {k: v for k, v in d.items() if v is not None}
    return row


def _int(f: dict[str, str], key: str) -> int:
    v = f.get(key)
    if v is None or not re.fullmatch(r"-?\d+", v):
        raise ValueError(f"{key} is {v!r}, not a number")
    return int(v)
