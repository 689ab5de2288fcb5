"""KRaft ``__cluster_metadata`` records, in the metadata log's segments and in its
snapshots (``<offset>-<epoch>.checkpoint``, ``bootstrap.checkpoint``).

A data record has a null key; its value is framed by ``MetadataRecordSerde``
(``AbstractApiMessageSerde``, 2.8+): unsigned varints ``frameVersion`` (1), ``apiKey``
(the record type, ``MetadataRecordType``) and ``version``, then the record in the
flexible message encoding.  Control batches (``attributes`` bit 5) hold raft control
records instead: the key is ``int16 version, int16 type`` (``ControlRecordType``) and
the value the control message, read at version 0 (``ControlRecordUtils``).

The record schemas below are transcribed from ``metadata/src/main/resources/common/
metadata/*.json`` (Kafka 3.9-dev; types removed earlier are kept by their name) and the
raft control records from ``clients/src/main/resources/common/message/``.  Where a type
changed shape without a version bump (``UserScramCredentialRecord`` 3.5,
``DelegationTokenRecord`` 3.6) an older record fails to decode and is reported as such.
"""

from __future__ import annotations

import re
from typing import Any

from .messages import Field, Message, UnsupportedVersion, to_json
from .segment import Batch, Record
from .wire import Reader

F = Field
TOPIC = "__cluster_metadata"

_ENDPOINT = (F("Name", "string"), F("Host", "string"), F("Port", "uint16"), F("SecurityProtocol", "int16"))
_FEATURE = (F("Name", "string"), F("MinSupportedVersion", "int16"), F("MaxSupportedVersion", "int16"))
_ACL = (F("ResourceType", "int8"), F("ResourceName", "string"), F("PatternType", "int8"),
        F("Principal", "string"), F("Host", "string"), F("Operation", "int8"), F("PermissionType", "int8"))


def _m(name: str, valid: str, *fields: Field) -> Message:
    return Message(name, valid, "0+", fields)  # every metadata record is flexible


# apiKey -> (schema, first Kafka version that writes it)
RECORDS: dict[int, tuple[Message, str]] = {
    0: (_m("RegisterBrokerRecord", "0-3",
           F("BrokerId", "int32"), F("IsMigratingZkBroker", "bool", "2+"), F("IncarnationId", "uuid"),
           F("BrokerEpoch", "int64"), F("EndPoints", "[]", fields=_ENDPOINT),
           F("Features", "[]", fields=_FEATURE), F("Rack", "string"), F("Fenced", "bool"),
           F("InControlledShutdown", "bool", "1+"), F("LogDirs", "[]uuid", "3+", tag=0)), "2.8"),
    1: (_m("UnregisterBrokerRecord", "0", F("BrokerId", "int32"), F("BrokerEpoch", "int64")), "2.8"),
    2: (_m("TopicRecord", "0", F("Name", "string"), F("TopicId", "uuid")), "2.8"),
    3: (_m("PartitionRecord", "0-2",
           F("PartitionId", "int32"), F("TopicId", "uuid"), F("Replicas", "[]int32"), F("Isr", "[]int32"),
           F("RemovingReplicas", "[]int32"), F("AddingReplicas", "[]int32"), F("Leader", "int32"),
           F("LeaderRecoveryState", "int8", tag=0), F("LeaderEpoch", "int32"), F("PartitionEpoch", "int32"),
           F("Directories", "[]uuid", "1+"), F("EligibleLeaderReplicas", "[]int32", "2+", tag=1),
           F("LastKnownElr", "[]int32", "2+", tag=2)), "2.8"),
    4: (_m("ConfigRecord", "0", F("ResourceType", "int8"), F("ResourceName", "string"), F("Name", "string"),
           F("Value", "string")), "2.8"),
    5: (_m("PartitionChangeRecord", "0-2",
           F("PartitionId", "int32"), F("TopicId", "uuid"), F("Isr", "[]int32", tag=0),
           F("Leader", "int32", tag=1), F("Replicas", "[]int32", tag=2),
           F("RemovingReplicas", "[]int32", tag=3), F("AddingReplicas", "[]int32", tag=4),
           F("LeaderRecoveryState", "int8", tag=5),
           F("Directories", "[]uuid", "1+", tag=8), F("EligibleLeaderReplicas", "[]int32", "2+", tag=6),
           F("LastKnownElr", "[]int32", "2+", tag=7)), "2.8"),
    6: (_m("AccessControlRecord", "0", *_ACL), "2.8"),  # removed in 3.5
    7: (_m("FenceBrokerRecord", "0", F("Id", "int32"), F("Epoch", "int64")), "2.8"),
    8: (_m("UnfenceBrokerRecord", "0", F("Id", "int32"), F("Epoch", "int64")), "2.8"),
    9: (_m("RemoveTopicRecord", "0", F("TopicId", "uuid")), "2.8"),
    10: (_m("DelegationTokenRecord", "0",
            F("Owner", "string"), F("Requester", "string"), F("Renewers", "[]string"),
            F("IssueTimestamp", "int64"), F("MaxTimestamp", "int64"), F("ExpirationTimestamp", "int64"),
            F("TokenId", "string")), "3.6"),
    11: (_m("UserScramCredentialRecord", "0",
            F("Name", "string"), F("Mechanism", "int8"), F("Salt", "bytes"), F("StoredKey", "bytes"),
            F("ServerKey", "bytes"), F("Iterations", "int32")), "3.5"),
    12: (_m("FeatureLevelRecord", "0", F("Name", "string"), F("FeatureLevel", "int16")), "2.8"),
    14: (_m("ClientQuotaRecord", "0",
            F("Entity", "[]", fields=(F("EntityType", "string"), F("EntityName", "string"))),
            F("Key", "string"), F("Value", "float64"), F("Remove", "bool")), "2.8"),
    15: (_m("ProducerIdsRecord", "0", F("BrokerId", "int32"), F("BrokerEpoch", "int64"),
            F("NextProducerId", "int64")), "3.0"),
    16: (_m("RemoveFeatureLevelRecord", "0", F("Name", "string")), "3.0"),  # 3.0-3.3 only
    17: (_m("BrokerRegistrationChangeRecord", "0-2",
            F("BrokerId", "int32"), F("BrokerEpoch", "int64"), F("Fenced", "int8", tag=0),
            F("InControlledShutdown", "int8", "1+", tag=1), F("LogDirs", "[]uuid", "2+", tag=2)), "3.0"),
    18: (_m("AccessControlEntryRecord", "0", F("Id", "uuid"), *_ACL), "3.2"),
    19: (_m("RemoveAccessControlEntryRecord", "0", F("Id", "uuid")), "3.2"),
    20: (_m("NoOpRecord", "0"), "3.3"),
    21: (_m("ZkMigrationStateRecord", "0", F("ZkMigrationState", "int8")), "3.4"),
    22: (_m("RemoveUserScramCredentialRecord", "0", F("Name", "string"), F("Mechanism", "int8")), "3.5"),
    23: (_m("BeginTransactionRecord", "0", F("Name", "string", tag=0)), "3.6"),
    24: (_m("EndTransactionRecord", "0"), "3.6"),
    25: (_m("AbortTransactionRecord", "0", F("Reason", "string", tag=0)), "3.6"),
    26: (_m("RemoveDelegationTokenRecord", "0", F("TokenId", "string")), "3.6"),
    27: (_m("RegisterControllerRecord", "0",
            F("ControllerId", "int32"), F("IncarnationId", "uuid"), F("ZkMigrationReady", "bool"),
            F("EndPoints", "[]", fields=_ENDPOINT), F("Features", "[]", fields=_FEATURE)), "3.7"),
}

_VOTER_V0 = (F("VoterId", "int32"), F("VoterDirectoryId", "uuid", "1+"))
# ControlRecordType -> (name, schema of the value, first Kafka version)
CONTROL: dict[int, tuple[str, Message | None, str]] = {
    0: ("ABORT", None, "0.11"),
    1: ("COMMIT", None, "0.11"),
    2: ("LeaderChange", _m("LeaderChangeMessage", "0-1",
                           F("Version", "int16"), F("LeaderId", "int32"),
                           F("Voters", "[]", fields=_VOTER_V0),
                           F("GrantingVoters", "[]", fields=_VOTER_V0)), "2.8"),
    3: ("SnapshotHeader", _m("SnapshotHeaderRecord", "0", F("Version", "int16"),
                             F("LastContainedLogTimestamp", "int64")), "3.0"),
    4: ("SnapshotFooter", _m("SnapshotFooterRecord", "0", F("Version", "int16")), "3.0"),
    5: ("KRaftVersion", _m("KRaftVersionRecord", "0", F("Version", "int16"),
                           F("KRaftVersion", "int16")), "3.9"),
    6: ("KRaftVoters", _m("VotersRecord", "0", F("Version", "int16"),
                          F("Voters", "[]", fields=(
                              F("VoterId", "int32"), F("VoterDirectoryId", "uuid"),
                              F("Endpoints", "[]", fields=(F("Name", "string"), F("Host", "string"),
                                                           F("Port", "uint16"))),
                              F("KRaftVersionFeature", "{}", fields=(
                                  F("MinSupportedVersion", "int16"), F("MaxSupportedVersion", "int16"))),
                          ))), "3.9"),
}


def type_name(message_name: str) -> str:
    """``MetadataRecordType`` enum name: ``PartitionChangeRecord`` -> ``PARTITION_CHANGE_RECORD``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", message_name).upper()


class Unknown(Exception):
    """A record this reader cannot interpret (unknown type, version or frame)."""


class TopicNames:
    """Topic ids seen in ``TopicRecord``s of a file, so later records can name the topic."""

    def __init__(self) -> None:
        self.by_id: dict[str, str] = {}


def decode(rec: Record, batch: Batch, names: TopicNames) -> dict[str, Any]:
    """One metadata-log record -> an event row (raises ``Unknown`` / ``WireError``)."""
    row: dict[str, Any] = {
        "kind": "kraft_metadata_record", "ts": rec.timestamp, "line": batch.ordinal,
        "offset": rec.offset, "controller_epoch": batch.leader_epoch,
    }
    details: dict[str, Any] = {"log_offset": rec.offset, "byte_offset": batch.position,
                               "epoch": batch.leader_epoch}
    if batch.control:
        return _control(rec, row, details)
    if rec.value is None:
        raise Unknown("a metadata record without a value")
    r = Reader(rec.value)
    frame = r.uvarint(35)
    if frame != 1:
        raise Unknown(f"metadata record frame version {frame} (this reader knows 1)")
    api_key = r.uvarint(35)
    version = r.uvarint(35)
    if api_key not in RECORDS:
        raise Unknown(f"unknown metadata record type {api_key} (version {version}, {len(rec.value)} bytes)")
    msg, since = RECORDS[api_key]
    try:
        data = msg.decode(r, version)
    except UnsupportedVersion:
        raise Unknown(f"{msg.name} version {version} (newer than this reader)") from None
    name = type_name(msg.name)
    details |= {"type": name, "api_key": api_key, "version": version, "data": data}
    row |= {"template": f"kraft.{msg.name}.v{version}", "versions": f"{since}+", "details": details}
    record_columns(api_key, data, row, names)
    row["raw"] = f"offset {rec.offset} {name} v{version} " + _brief(data)
    return row


def record_columns(api_key: int, d: dict[str, Any], row: dict[str, Any], names: TopicNames) -> None:
    """The typed columns a record type fills (the rest stays in details.data)."""
    if api_key == 2:  # TopicRecord
        names.by_id[d["topicId"]] = d["name"]
        row["topic"] = d["name"]
    elif api_key in (3, 5, 9):  # PartitionRecord, PartitionChangeRecord, RemoveTopicRecord
        row["topic"] = names.by_id.get(d["topicId"])
        row["partition"] = d.get("partitionId")
        if api_key == 3:
            row |= {"replicas": d["replicas"], "isr": d["isr"], "leader": d["leader"],
                    "leader_epoch": d["leaderEpoch"], "zk_version": d["partitionEpoch"]}
        elif api_key == 5:
            if d.get("leader") is not None:  # absent = unchanged (default -2)
                row["leader"] = d["leader"]
            row |= {"isr": d.get("isr"), "replicas": d.get("replicas")}
    elif api_key in (0, 1, 17):  # broker registration and its changes
        row["brokers"] = [d["brokerId"]]
        if api_key == 0:
            row["state"] = "fenced" if d["fenced"] else "unfenced"
        elif api_key == 1:
            row["state"] = "unregistered"
        else:
            fenced = {1: "fenced", -1: "unfenced"}.get(d.get("fenced", 0))
            row["state"] = "in_controlled_shutdown" if d.get("inControlledShutdown") == 1 else fenced
    elif api_key in (7, 8):  # FenceBrokerRecord / UnfenceBrokerRecord (before 3.3)
        row["brokers"] = [d["id"]]
        row["state"] = "fenced" if api_key == 7 else "unfenced"


def _control(rec: Record, row: dict[str, Any], details: dict[str, Any]) -> dict[str, Any]:
    if rec.key is None or len(rec.key) < 4:
        raise Unknown("a control record without its 4-byte key")
    kr = Reader(rec.key)
    kr.int16()  # control key version (0)
    ctype = kr.int16()
    if ctype not in CONTROL:
        raise Unknown(f"unknown control record type {ctype}")
    name, msg, since = CONTROL[ctype]
    details |= {"type": name, "control": True}
    row |= {"template": f"raft.control.{name}", "versions": f"{since}+"}
    data: dict[str, Any] = {}
    if msg is not None and rec.value is not None:
        data = msg.decode(Reader(rec.value), 0)
    elif rec.value is not None and len(rec.value) >= 6:  # end-transaction marker
        vr = Reader(rec.value)
        data = {"version": vr.int16(), "coordinatorEpoch": vr.int32()}
    details["data"] = data
    if ctype == 2:
        row |= {"leader": data["leaderId"], "leader_epoch": row["controller_epoch"],
                "brokers": [v["voterId"] for v in data["voters"]]}
    elif ctype == 6:
        row["brokers"] = [v["voterId"] for v in data["voters"]]
    row |= {"details": details, "raw": f"offset {rec.offset} {name} " + _brief(data)}
    return row


def _brief(d: dict[str, Any], limit: int = 300) -> str:
    """A short human rendering of decoded fields: ``name=value``, nested values as JSON."""
    parts = []
    for k, v in d.items():
        if isinstance(v, bytes):
            text = f"<{len(v)} bytes>"
        elif isinstance(v, list | dict) or v is None:
            text = to_json(v)
        else:
            text = str(v)
        parts.append(f"{k}={text}")
    text = " ".join(parts)
    return text if len(text) <= limit else text[: limit - 1] + "…"
