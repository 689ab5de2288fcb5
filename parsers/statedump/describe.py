"""``kafka-topics --describe`` and ``kafka-consumer-groups --describe`` output, every
version's wording (``TopicCommand`` and ``ConsumerGroupCommand``, read per release tag).

kafka-topics (fields are tab-separated ``Key: value``; a terminal copy may turn the tabs into
spaces, so the known keys are what cut a line)::

    Topic:t PartitionCount:3 ReplicationFactor:2 Configs:k=v          (0.10 - 2.3, no space)
    Topic: t  TopicId: <uuid>  PartitionCount: 3  ReplicationFactor: 2  Configs: k=v  (2.4+, TopicId 2.8+)
        Topic: t  Partition: 0  Leader: 1  Replicas: 1,2  Isr: 1,2
            [Adding Replicas: 3  Removing Replicas: 1]  (2.4+, during a reassignment)
            [Elr: 2  LastKnownElr: ]  (3.8+; ``N/A`` when the cluster has no ELR)
            [MarkedForDeletion: true]
    Leader: none  (no leader: -1)

kafka-consumer-groups: whitespace-aligned tables under a header (``-`` = no value), with
the GROUP column from 2.0 (offsets, members) / 2.4 (state); before that the group comes
from the command line's ``--group``::

    GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID
    GROUP CONSUMER-ID [GROUP-INSTANCE-ID] HOST CLIENT-ID #PARTITIONS [ASSIGNMENT]   (--members [--verbose])
    GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS                        (--state)
    Consumer group 'g' has no active members.  /  Warning: Consumer group 'g' is rebalancing.
    Error: Consumer group 'g' does not exist.
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from .text import Capture, Segment, command_words, int_list

TOPIC = "topic_described"
PARTITION = "partition_described"
GROUP = "group_described"
MEMBER = "group_member_described"
OFFSET = "group_offset_described"

_KEYS = ("TopicId", "PartitionCount", "ReplicationFactor", "Configs", "MarkedForDeletion", "Partition",
         "Leader", "Replicas", "Isr", "Adding Replicas", "Removing Replicas", "Elr", "LastKnownElr",
         "Offline", "Topic")
_KEY = re.compile(r"(?:^|(?<=\s))(" + "|".join(re.escape(k) for k in _KEYS) + r"):")


def _fields(text: str) -> dict[str, str]:
    """``Key: value`` pairs of a line, cut at the known keys (tabs or spaces between them)."""
    marks = list(_KEY.finditer(text))
    out: dict[str, str] = {}
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        out[m[1]] = text[m.end():end].strip()
    return out


def read_topics(cap: Capture, seg: Segment) -> None:
    rows = seg.lines.select("line", "text", "captured_at").rows()
    if seg.command is not None and not _topic_start(rows[0][1]):
        cap.ok()  # the shell command line
        rows = rows[1:]
    for line, text, captured_at in rows:
        if text.strip() == "":
            cap.ok()
            continue
        f = _fields(text)
        if text[:1].isspace() and "Partition" in f:
            cap.take(line, text, captured_at, "kafka-topics", partial(_partition, f))
        elif "PartitionCount" in f:
            cap.take(line, text, captured_at, "kafka-topics", partial(_topic, f, text))
        elif re.fullmatch(r"Error while executing topic command : .*", text.strip()):
            cap.ok()
            cap.acc.notes.append(f"line {line}: {text.strip()}")
        else:
            cap.unrecognised("a line of kafka-topics output this reader does not know")


def _topic_start(text: str) -> bool:
    return bool(re.match(r"^\s*Topic:", text))


def _num(f: dict[str, str], key: str) -> int:
    v = f.get(key)
    if v is None or not re.fullmatch(r"-?\d+", v):
        raise ValueError(f"{key} is {v!r}, not a number")
    return int(v)


def _topic(f: dict[str, str], text: str) -> dict[str, Any]:
    d: dict[str, Any] = {"replication_factor": _num(f, "ReplicationFactor")}
    configs = f.get("Configs", "")
    d["configs"] = dict(kv.split("=", 1) for kv in configs.split(",") if "=" in kv) if configs else {}
    if "TopicId" in f:
        d["topic_id"] = f["TopicId"]
    if f.get("MarkedForDeletion", "").lower() == "true":
        d["marked_for_deletion"] = True
    # `Topic:t` (no space) up to 2.3; `Topic: t` from 2.4; TopicId from 2.8 (KIP-516)
    versions = "2.8+" if "TopicId" in f else ("2.4+" if text.startswith("Topic: ") else "0.10-2.3")
    return {"kind": TOPIC, "topic": f.get("Topic"), "count": _num(f, "PartitionCount"), "details": d,
            "template": "kafka-topics.describe.topic", "versions": versions}


def _ids(f: dict[str, str], key: str) -> list[int] | None:
    if key not in f or f[key] == "N/A":
        return None
    ids = int_list(f[key])
    if ids is None:
        raise ValueError(f"{key} is {f[key]!r}, not a list of broker ids")
    return ids


def _partition(f: dict[str, str]) -> dict[str, Any]:
    leader = -1 if f.get("Leader") == "none" else _num(f, "Leader")
    replicas, isr = _ids(f, "Replicas"), _ids(f, "Isr")
    if replicas is None or isr is None:
        raise ValueError("a partition line without Replicas or Isr")
    d: dict[str, Any] = {}
    for key, name in (("Adding Replicas", "adding_replicas"), ("Removing Replicas", "removing_replicas"),
                      ("Elr", "elr"), ("LastKnownElr", "last_known_elr"), ("Offline", "offline")):
        if key in f:
            d[name] = _ids(f, key)
    if f.get("MarkedForDeletion", "").lower() == "true":
        d["marked_for_deletion"] = True
    versions = "3.8+" if "Elr" in f else ("2.4+" if "Adding Replicas" in f else None)
    return {"kind": PARTITION, "topic": f.get("Topic"), "partition": _num(f, "Partition"), "leader": leader,
            "replicas": replicas, "isr": isr, "details": d, "template": "kafka-topics.describe.partition",
            "versions": versions}


# -- kafka-consumer-groups ------------------------------------------------------------------
_HEADERS = ("GROUP", "TOPIC", "PARTITION", "NEW-OFFSET", "CURRENT-OFFSET", "LOG-END-OFFSET", "LAG",
            "CONSUMER-ID", "GROUP-INSTANCE-ID", "HOST", "CLIENT-ID", "#PARTITIONS", "ASSIGNMENT",
            "COORDINATOR (ID)", "ASSIGNMENT-STRATEGY", "STATE", "#MEMBERS")
_NOTE = re.compile(r"^(?:Warning: |Error: )?Consumer group '(?P<group>.*)' (?P<what>has no active members"
                   r"|is rebalancing|does not exist)\.$")
MISSING = "-"  # ConsumerGroupCommand.MISSING_COLUMN_VALUE


def read_groups(cap: Capture, seg: Segment) -> None:
    rows = seg.lines.select("line", "text", "captured_at").rows()
    group_arg = _group_arg(seg.command)
    header: list[str] | None = None
    if seg.command is not None and not re.match(r"^(?:GROUP|TOPIC|CONSUMER-ID|COORDINATOR|Consumer|Warning|"
                                                r"Error)\b", rows[0][1]):
        cap.ok()
        rows = rows[1:]
    for line, text, captured_at in rows:
        s = text.strip()
        if s == "":
            cap.ok()
            continue
        if (m := _NOTE.match(s)) is not None:
            cap.ok()
            cap.emit(_note(m, line, text), captured_at)
            continue
        cols = _header(s)
        if cols is not None:
            header = cols
            cap.ok()
            continue
        if header is None:
            cap.unrecognised("a line of kafka-consumer-groups output before any table header")
            continue
        cap.take(line, text, captured_at, "kafka-consumer-groups", partial(_table_row, header, s, group_arg))


def _group_arg(command: str | None) -> str | None:
    if not command:
        return None
    words = command_words(command)
    for i, w in enumerate(words):
        if w == "--group" and i + 1 < len(words):
            return words[i + 1]
        if w.startswith("--group="):
            return w.split("=", 1)[1]
    return None


def _header(text: str) -> list[str] | None:
    """The columns of a table header line, in order (None when it is not one)."""
    cols: list[str] = []
    rest = text
    while rest:
        for h in sorted(_HEADERS, key=len, reverse=True):
            if rest.startswith(h) and (len(rest) == len(h) or rest[len(h)].isspace()):
                cols.append(h)
                rest = rest[len(h):].lstrip()
                break
        else:
            return None
    return cols if len(cols) >= 3 else None


def _cells(header: list[str], text: str) -> dict[str, str]:
    """A table row's cells: whitespace-separated, except the coordinator's ``host:port  (id)``
    and a --verbose ASSIGNMENT (the rest of the line)."""
    words = text.split()
    out: dict[str, str] = {}
    i = 0
    for n, h in enumerate(header):
        if i >= len(words):
            raise ValueError(f"the row has no value for {h}")
        if h == "ASSIGNMENT" and n == len(header) - 1:
            out[h] = " ".join(words[i:])
            i = len(words)
        elif h == "COORDINATOR (ID)" and i + 1 < len(words) and re.fullmatch(r"\(.*\)", words[i + 1]):
            out[h] = f"{words[i]} {words[i + 1]}"
            i += 2
        else:
            out[h] = words[i]
            i += 1
    if i != len(words):
        raise ValueError(f"the row has {len(words) - i} more values than its header has columns")
    return out


def _opt(v: str | None) -> str | None:
    return None if v is None or v == MISSING else v


def _opt_int(v: str | None, what: str) -> int | None:
    v = _opt(v)
    if v is None:
        return None
    if not re.fullmatch(r"-?\d+", v):
        raise ValueError(f"{what} is {v!r}, not a number")
    return int(v)


def _table_row(header: list[str], text: str, group_arg: str | None) -> dict[str, Any]:
    c = _cells(header, text)
    group = c.get("GROUP", group_arg)
    versions = None if "GROUP" in c else "0.10-2.3"  # the GROUP column came with 2.0 / 2.4
    if "CURRENT-OFFSET" in c:
        d: dict[str, Any] = {"lag": _opt_int(c.get("LAG"), "LAG")}
        if _opt(c.get("HOST")) is not None:
            d["host"] = c["HOST"]
        return {"kind": OFFSET, "group": group, "topic": _opt(c.get("TOPIC")),
                "partition": _opt_int(c.get("PARTITION"), "PARTITION"),
                "offset": _opt_int(c["CURRENT-OFFSET"], "CURRENT-OFFSET"),
                "leo": _opt_int(c.get("LOG-END-OFFSET"), "LOG-END-OFFSET"),
                "member": _opt(c.get("CONSUMER-ID")),
                "client_id": _opt(c.get("CLIENT-ID")), "details": d,
                "template": "kafka-consumer-groups.describe.offsets", "versions": versions}
    if "#PARTITIONS" in c:
        d = {}
        if _opt(c.get("HOST")) is not None:
            d["host"] = c["HOST"]
        if "ASSIGNMENT" in c:
            d["assignment"] = c["ASSIGNMENT"]
        return {"kind": MEMBER, "group": group, "member": _opt(c.get("CONSUMER-ID")),
                "instance_id": _opt(c.get("GROUP-INSTANCE-ID")), "client_id": _opt(c.get("CLIENT-ID")),
                "count": _opt_int(c["#PARTITIONS"], "#PARTITIONS"), "details": d,
                "template": "kafka-consumer-groups.describe.members",
                "versions": "2.4+" if "GROUP-INSTANCE-ID" in c else versions}
    if "#MEMBERS" in c:
        coordinator = None
        if (m := re.search(r"\((\d+)\)$", c.get("COORDINATOR (ID)", ""))) is not None:
            coordinator = int(m[1])
        return {"kind": GROUP, "group": group, "state": c.get("STATE"),
                "members": _opt_int(c["#MEMBERS"], "#MEMBERS"),
                "protocol": _opt(c.get("ASSIGNMENT-STRATEGY")),
                "coordinator": coordinator,
                "details": {"coordinator_address": c.get("COORDINATOR (ID)")},
                "template": "kafka-consumer-groups.describe.state", "versions": versions}
    if "NEW-OFFSET" in c:  # --reset-offsets (--dry-run / --execute)
        return {"kind": OFFSET, "group": group, "topic": c.get("TOPIC"),
                "partition": _opt_int(c.get("PARTITION"), "PARTITION"),
                "offset": _opt_int(c["NEW-OFFSET"], "NEW-OFFSET"), "details": {"reset": True},
                "template": "kafka-consumer-groups.reset-offsets", "versions": versions}
    if header == ["GROUP", "STATE"]:  # --list --state (3.0+)
        return {"kind": GROUP, "group": group, "state": c["STATE"], "details": {},
                "template": "kafka-consumer-groups.list.state", "versions": "3.0+"}
    raise ValueError(f"a table of columns {' '.join(header)} is not one this reader knows")


def _note(m: re.Match[str], line: int, text: str) -> dict[str, Any]:
    what = m["what"]
    row: dict[str, Any] = {"kind": GROUP, "group": m["group"], "line": line, "raw": text,
                           "template": "kafka-consumer-groups.describe.note", "details": {}}
    if what == "has no active members":
        row["state"] = "Empty"
        row["members"] = 0
    elif what == "is rebalancing":
        row["details"]["rebalancing"] = True  # PreparingRebalance or CompletingRebalance
    else:
        row |= {"state": "Dead", "error": "GROUP_ID_NOT_FOUND"}
    return row
