"""``__consumer_offsets`` records: group metadata and committed offsets.

Every record's key and value start with an int16 version.  The key's version says
what the record is (``GroupMetadataManager`` 0.9–3.x, ``GroupCoordinatorRecordSerde``
3.5+): 0 and 1 an offset commit (``OffsetCommitKey``: group, topic, partition), 2 the
group's metadata (``GroupMetadataKey``: group), 3–8 the KIP-848 consumer-group records
(3.7+), 9 and later the KIP-932 share-group records.  A null value is a tombstone: the
group or the committed offset was removed (group deleted or expired, offsets expired
or deleted).

Value versions, and the Kafka versions that write them (``MetadataVersion``
``groupMetadataValueVersion`` / ``offsetCommitValueVersion``; version 4 is flexible,
KIP-915, readable from 3.5 but not yet written by 3.x):

* ``GroupMetadataValue`` v0 (0.9–0.10.0), v1 (0.10.1–2.0: rebalance timeout, KIP-62),
  v2 (2.1–2.2: current state timestamp, KIP-211), v3 (2.3+: group instance id, KIP-345);
* ``OffsetCommitValue`` v0 (0.8.2), v1 (0.9–2.0, and later whenever a client set a
  retention time: expire timestamp), v2 (2.1, KIP-211), v3 (2.1+: leader epoch, KIP-320).

The schemas below are transcribed from ``group-coordinator/src/main/resources/common/
message/*.json`` (3.9) and checked against ``GroupMetadataManager.scala`` (2.0–3.4).
A consumer group's member subscription and assignment are themselves version-prefixed
``ConsumerProtocolSubscription`` / ``ConsumerProtocolAssignment`` messages
(``ConsumerProtocol``), decoded when the protocol type is ``consumer``.
"""

from __future__ import annotations

from typing import Any

from .events import Row
from .messages import Field, Message, UnsupportedVersion, version_prefixed
from .segment import Batch, Record
from .wire import Reader, WireError

F = Field
TOPIC = "__consumer_offsets"

OFFSET_COMMIT_KEY = Message("OffsetCommitKey", "0-1", "none", (
    F("group", "string"), F("topic", "string"), F("partition", "int32"),
))
GROUP_METADATA_KEY = Message("GroupMetadataKey", "2", "none", (F("group", "string"),))

OFFSET_COMMIT_VALUE = Message("OffsetCommitValue", "0-4", "4+", (
    F("offset", "int64"),
    F("leaderEpoch", "int32", "3+"),
    F("metadata", "string"),
    F("commitTimestamp", "int64"),
    F("expireTimestamp", "int64", "1"),
))

GROUP_METADATA_VALUE = Message("GroupMetadataValue", "0-4", "4+", (
    F("protocolType", "string"),
    F("generation", "int32"),
    F("protocol", "string"),
    F("leader", "string"),
    F("currentStateTimestamp", "int64", "2+"),
    F("members", "[]", fields=(
        F("memberId", "string"),
        F("groupInstanceId", "string", "3+"),
        F("clientId", "string"),
        F("clientHost", "string"),
        F("rebalanceTimeout", "int32", "1+"),
        F("sessionTimeout", "int32"),
        F("subscription", "bytes"),
        F("assignment", "bytes"),
    )),
))

_TP = (F("Topic", "string", "0+"), F("Partitions", "[]int32"))
SUBSCRIPTION = Message("ConsumerProtocolSubscription", "0-3", "none", (
    F("Topics", "[]string"),
    F("UserData", "bytes"),
    F("OwnedPartitions", "[]", "1+", fields=_TP),
    F("GenerationId", "int32", "2+"),
    F("RackId", "string", "3+"),
))
ASSIGNMENT = Message("ConsumerProtocolAssignment", "0-3", "none", (
    F("AssignedPartitions", "[]", fields=_TP),
    F("UserData", "bytes"),
))

# --- KIP-848 consumer-group records (3.7+; the key version is the record type) -----------
_KEY_GROUP = (F("GroupId", "string"),)
_KEY_MEMBER = (F("GroupId", "string"), F("MemberId", "string"))
_TOPIC_PARTITIONS = (F("TopicId", "uuid"), F("Partitions", "[]int32"))
KIP848: dict[int, tuple[str, Message, Message]] = {
    3: ("ConsumerGroupMetadata",
        Message("ConsumerGroupMetadataKey", "3", "none", _KEY_GROUP),
        Message("ConsumerGroupMetadataValue", "0", "0+", (F("Epoch", "int32"),))),
    4: ("ConsumerGroupPartitionMetadata",
        Message("ConsumerGroupPartitionMetadataKey", "4", "none", _KEY_GROUP),
        Message("ConsumerGroupPartitionMetadataValue", "0", "0+", (
            F("Topics", "[]", fields=(
                F("TopicId", "uuid"), F("TopicName", "string"), F("NumPartitions", "int32"),
                F("PartitionMetadata", "[]", fields=(F("Partition", "int32"), F("Racks", "[]string"))),
            )),
        ))),
    5: ("ConsumerGroupMemberMetadata",
        Message("ConsumerGroupMemberMetadataKey", "5", "none", _KEY_MEMBER),
        Message("ConsumerGroupMemberMetadataValue", "0", "0+", (
            F("InstanceId", "string"), F("RackId", "string"), F("ClientId", "string"),
            F("ClientHost", "string"), F("SubscribedTopicNames", "[]string"),
            F("SubscribedTopicRegex", "string"), F("RebalanceTimeoutMs", "int32"),
            F("ServerAssignor", "string"),
            F("ClassicMemberMetadata", "{}", tag=0, nullable="0+", fields=(
                F("SessionTimeoutMs", "int32"),
                F("SupportedProtocols", "[]", fields=(F("Name", "string"), F("Metadata", "bytes"))),
            )),
        ))),
    6: ("ConsumerGroupTargetAssignmentMetadata",
        Message("ConsumerGroupTargetAssignmentMetadataKey", "6", "none", _KEY_GROUP),
        Message("ConsumerGroupTargetAssignmentMetadataValue", "0", "0+", (F("AssignmentEpoch", "int32"),))),
    7: ("ConsumerGroupTargetAssignmentMember",
        Message("ConsumerGroupTargetAssignmentMemberKey", "7", "none", _KEY_MEMBER),
        Message("ConsumerGroupTargetAssignmentMemberValue", "0", "0+", (
            F("TopicPartitions", "[]", fields=_TOPIC_PARTITIONS),
        ))),
    8: ("ConsumerGroupCurrentMemberAssignment",
        Message("ConsumerGroupCurrentMemberAssignmentKey", "8", "none", _KEY_MEMBER),
        Message("ConsumerGroupCurrentMemberAssignmentValue", "0", "0+", (
            F("MemberEpoch", "int32"), F("PreviousMemberEpoch", "int32"), F("State", "int8"),
            F("AssignedPartitions", "[]", fields=_TOPIC_PARTITIONS),
            F("PartitionsPendingRevocation", "[]", fields=_TOPIC_PARTITIONS),
        ))),
}
# KIP-932 share groups (4.0+): named, keys read, values left undecoded.
SHARE_GROUP_RECORDS = {
    9: "ShareGroupPartitionMetadata", 10: "ShareGroupMemberMetadata", 11: "ShareGroupMetadata",
    12: "ShareGroupTargetAssignmentMetadata", 13: "ShareGroupTargetAssignmentMember",
    14: "ShareGroupCurrentMemberAssignment", 15: "ShareGroupStatePartitionMetadata",
}

MEMBER_STATES = {0: "STABLE", 1: "UNREVOKED_PARTITIONS", 2: "UNRELEASED_PARTITIONS", 127: "UNKNOWN"}

GROUP_VALUE_VERSIONS = {0: "0.9-0.10.0", 1: "0.10.1-2.0", 2: "2.1-2.2", 3: "2.3+", 4: "3.5+"}
OFFSET_VALUE_VERSIONS = {0: "0.8.2-0.8.2", 1: "0.9+", 2: "2.1-2.1", 3: "2.1+", 4: "3.5+"}


class Unknown(Exception):
    """A record this reader cannot interpret (unknown key or value version)."""


def decode(rec: Record, batch: Batch, partition: int | None) -> dict[str, Any]:
    """One ``__consumer_offsets`` record -> an event row (raises ``Unknown`` / ``WireError``)."""
    if rec.key is None:
        raise Unknown("a record without a key")
    kr = Reader(rec.key)
    kv = kr.int16()
    base: dict[str, Any] = {
        "ts": rec.timestamp, "line": batch.ordinal,
        "coordinator_partition": partition, "coordinator_epoch": batch.leader_epoch,
    }
    details: dict[str, Any] = {"log_offset": rec.offset, "byte_offset": batch.position, "key_version": kv}
    if batch.transactional:
        details["transactional"] = True
    if kv in (0, 1):
        return _offset_commit(OFFSET_COMMIT_KEY.decode(kr, kv), rec, base, details)
    if kv == 2:
        return _group_metadata(GROUP_METADATA_KEY.decode(kr, kv), rec, base, details)
    if kv in KIP848:
        return _kip848(kv, kr, rec, base, details)
    if kv in SHARE_GROUP_RECORDS:
        raise Unknown(f"{SHARE_GROUP_RECORDS[kv]} record (KIP-932 share group, key version {kv}): "
                      "not decoded")
    raise Unknown(f"unknown key version {kv}")


def _offset_commit(key: dict[str, Any], rec: Record, row: Row, d: dict[str, Any]) -> Row:
    row |= {"kind": "offset_commit_record", "group": key["group"], "topic": key["topic"],
            "partition": key["partition"]}
    head = (f"offset {rec.offset} OffsetCommit group={key['group']} "
            f"topic={key['topic']} partition={key['partition']}")
    if rec.value is None:
        d["tombstone"] = True
        row |= {"template": "consumer_offsets.offset_commit.tombstone", "versions": "0.8.2+",
                "raw": f"{head} tombstone (committed offset removed)", "details": d}
        return row
    vv, v = _value(OFFSET_COMMIT_VALUE, rec.value)
    d |= {"value_version": vv, "metadata": v["metadata"], "commit_timestamp": v["commitTimestamp"]}
    if "expireTimestamp" in v:
        d["expire_timestamp"] = v["expireTimestamp"]
    epoch = v.get("leaderEpoch")
    row |= {
        "template": f"consumer_offsets.offset_commit.v{vv}", "versions": OFFSET_VALUE_VERSIONS[vv],
        "offset": v["offset"], "leader_epoch": None if epoch in (None, -1) else epoch, "details": d,
        "raw": f"{head} offset={v['offset']}" + ("" if epoch in (None, -1) else f" leader_epoch={epoch}")
        + (f" metadata={v['metadata']!r}" if v["metadata"] else "") + f" commit_ts={v['commitTimestamp']}",
    }
    return row


def _group_metadata(key: dict[str, Any], rec: Record, row: Row, d: dict[str, Any]) -> Row:
    group = key["group"]
    row |= {"kind": "group_metadata_record", "group": group, "offset": rec.offset}
    if rec.value is None:
        d["tombstone"] = True
        row |= {"template": "consumer_offsets.group_metadata.tombstone", "versions": "0.9+",
                "state": "Dead", "details": d,
                "raw": f"offset {rec.offset} GroupMetadata group={group} tombstone (group removed)"}
        return row
    vv, v = _value(GROUP_METADATA_VALUE, rec.value)
    consumer = v["protocolType"] == "consumer"
    members = [_member(m, consumer) for m in v["members"]]
    d |= {"value_version": vv, "protocol_type": v["protocolType"], "members": members}
    if "currentStateTimestamp" in v:
        d["current_state_timestamp"] = v["currentStateTimestamp"]
    row |= {
        "template": f"consumer_offsets.group_metadata.v{vv}", "versions": GROUP_VALUE_VERSIONS[vv],
        "generation": v["generation"], "protocol": v["protocol"], "member": v["leader"],
        "members": len(members), "details": d,
        "raw": f"offset {rec.offset} GroupMetadata group={group} generation={v['generation']} "
               f"protocol_type={v['protocolType']} protocol={_or_null(v['protocol'])} "
               f"leader={_or_null(v['leader'])} "
               f"members={len(members)}"
               + "".join(f" [{m['member_id']} client={m['client_id']} host={m['client_host']}]"
                         for m in members[:5]),
    }
    if len(members) == 1:
        row["client_id"] = members[0]["client_id"]
        row["instance_id"] = members[0]["group_instance_id"]
    return row


def _member(m: dict[str, Any], consumer: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "member_id": m["memberId"], "group_instance_id": m.get("groupInstanceId"),
        "client_id": m["clientId"], "client_host": m["clientHost"],
        "rebalance_timeout_ms": m.get("rebalanceTimeout"), "session_timeout_ms": m["sessionTimeout"],
    }
    sub, asg = m["subscription"] or b"", m["assignment"] or b""
    out["subscription"] = _consumer_protocol(SUBSCRIPTION, sub) if consumer else {"bytes": len(sub)}
    out["assignment"] = _consumer_protocol(ASSIGNMENT, asg) if consumer else {"bytes": len(asg)}
    return out


def _consumer_protocol(msg: Message, data: bytes) -> dict[str, Any]:
    """A member's subscription / assignment; undecodable ones keep their size and why."""
    if not data:
        return {"bytes": 0}
    try:
        version, v = version_prefixed(msg, data, newest_known=True)
    except WireError as e:
        return {"bytes": len(data), "error": str(e)}
    out: dict[str, Any] = {"version": version}
    if "topics" in v:
        out["topics"] = v["topics"]
    for name in ("ownedPartitions", "assignedPartitions"):
        if v.get(name) is not None:
            out[_snake(name)] = {tp["topic"]: tp["partitions"] for tp in v[name]}
    if v.get("generationId") is not None:
        out["generation_id"] = v["generationId"]
    if v.get("rackId") is not None:
        out["rack_id"] = v["rackId"]
    if v.get("userData"):
        out["user_data_bytes"] = len(v["userData"])
    return out


def _kip848(kv: int, kr: Reader, rec: Record, row: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    name, key_msg, value_msg = KIP848[kv]
    key = key_msg.decode(kr, kv)
    group, member = key["groupId"], key.get("memberId")
    d["record"] = name
    row |= {"kind": "consumer_group_record", "group": group, "member": member, "offset": rec.offset,
            "template": f"consumer_offsets.{name}", "versions": "3.7+"}
    who = f"group={group}" + (f" member={member}" if member else "")
    if rec.value is None:
        d["tombstone"] = True
        row |= {"details": d, "raw": f"offset {rec.offset} {name} {who} tombstone"}
        return row
    vv, v = _value(value_msg, rec.value)
    d |= {"value_version": vv, "data": v}
    epoch = v.get("epoch", v.get("assignmentEpoch", v.get("memberEpoch")))
    row |= {"generation": epoch, "details": d,
            "raw": f"offset {rec.offset} {name} {who}" + (f" epoch={epoch}" if epoch is not None else "")}
    if kv == 5:
        row |= {"client_id": v["clientId"], "instance_id": v["instanceId"]}
    if kv == 8:  # MemberState (group-coordinator .../modern/MemberState.java, 3.8+)
        row["state"] = MEMBER_STATES.get(v["state"], str(v["state"]))
    return row


def _value(msg: Message, data: bytes) -> tuple[int, dict[str, Any]]:
    r = Reader(data)
    version = r.int16()
    try:
        return version, msg.decode(r, version)
    except UnsupportedVersion:
        raise Unknown(f"{msg.name} version {version} (newer than this reader)") from None


def _or_null(s: str | None) -> str:
    return "null" if s is None else s


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)
