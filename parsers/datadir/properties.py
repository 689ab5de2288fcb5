"""Small identity documents of a data directory.

* ``meta.properties`` (``BrokerMetadataCheckpoint`` 0.9+, ``MetaProperties`` 3.7+): Java
  properties.  ``version=0`` (ZooKeeper mode) names the node ``broker.id``; ``version=1``
  (KRaft) names it ``node.id``; ``cluster.id`` from 0.10.1 (KIP-78); ``directory.id``
  from 3.7 (KIP-858).  ``Properties.store`` writes the date as a comment on top.
* ``partition.metadata`` (``PartitionMetadataFile``, 2.8+, KIP-516): ``version: 0`` and
  ``topic_id: <uuid>`` of the partition's topic.
* ``__cluster_metadata-0/quorum-state`` (``FileQuorumStateStore``, 2.8+): one JSON object,
  ``QuorumStateData`` — leader, epoch, vote and, in data_version 0, the voters.
"""

from __future__ import annotations

import json
from typing import Any


class NotThisFormat(ValueError):
    """The document does not hold what its name promises."""


def meta_properties(text: str) -> dict[str, Any]:
    props: dict[str, str] = {}
    written = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line[0] in "#!":
            body = line[1:].strip()
            if body and written is None and any(ch.isdigit() for ch in body):
                written = body  # Properties.store's date comment, e.g. "Tue Apr 26 09:11:39 MDT 2022"
            continue
        key, sep, value = _split_property(line)
        if not sep:
            raise NotThisFormat(f"not a property line: {line[:80]!r}")
        props[key] = value
    node_text = props.get("node.id", props.get("broker.id"))
    if node_text is None and "cluster.id" not in props:
        raise NotThisFormat("neither node.id, broker.id nor cluster.id is set")
    try:
        node = int(node_text) if node_text is not None else None
    except ValueError:
        raise NotThisFormat(f"node id {node_text!r} is not a number") from None
    details: dict[str, Any] = {
        "file": "meta.properties", "cluster_id": props.get("cluster.id"), "version": props.get("version"),
        "properties": props,
    }
    if "directory.id" in props:
        details["directory_id"] = props["directory.id"]
    if written:
        details["written"] = written
    mode = {"0": "zookeeper", "1": "kraft"}.get(props.get("version", ""))
    return {
        "kind": "node_identity", "node": node, "details": details,
        "template": f"meta.properties.v{props.get('version', '?')}", "versions": "0.9+",
        "raw": " ".join(f"{k}={v}" for k, v in props.items()) + (f" ({mode} mode)" if mode else ""),
    }


def _split_property(line: str) -> tuple[str, str, str]:
    """Java ``Properties``: the key ends at the first unescaped ``=``, ``:`` or blank."""
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch in "=: \t":
            key = line[:i].replace("\\", "")
            rest = line[i:].lstrip(" \t")
            if rest[:1] in ("=", ":"):
                rest = rest[1:].lstrip(" \t")
            return key, "=", rest.replace("\\", "")
        i += 1
    return line, "", ""


def partition_metadata(text: str) -> dict[str, Any]:
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if line.strip():
            k, sep, v = line.partition(":")
            if not sep:
                raise NotThisFormat(f"not a `key: value` line: {line[:80]!r}")
            fields[k.strip()] = v.strip()
    if "topic_id" not in fields:
        raise NotThisFormat("no topic_id")
    return {
        "kind": "node_identity", "template": f"partition.metadata.v{fields.get('version', '?')}",
        "versions": "2.8+",
        "details": {"file": "partition.metadata", "topic_id": fields["topic_id"],
                    "version": fields.get("version")},
        "raw": " ".join(f"{k}: {v}" for k, v in fields.items()),
    }


def quorum_state(text: str) -> dict[str, Any]:
    try:
        q = json.loads(text)
    except ValueError as e:
        raise NotThisFormat(f"not JSON ({e})") from None
    if not isinstance(q, dict) or "leaderEpoch" not in q:
        raise NotThisFormat("no leaderEpoch")
    voters = q.get("currentVoters")
    leader = q.get("leaderId", -1)
    details: dict[str, Any] = {
        "voted_id": q.get("votedId"), "applied_offset": q.get("appliedOffset"),
        "cluster_id": q.get("clusterId") or None, "data_version": q.get("data_version"),
    }
    if "votedDirectoryId" in q:
        details["voted_directory_id"] = q["votedDirectoryId"]
    if voters is not None:
        details["current_voters"] = voters
    return {
        "kind": "kraft_quorum_state", "leader": leader, "leader_epoch": q["leaderEpoch"],
        "brokers": [v["voterId"] for v in voters] if voters else None,
        "template": f"quorum-state.v{q.get('data_version', 0)}", "versions": "2.8+",
        "details": details, "raw": text.strip()[:500],
    }
