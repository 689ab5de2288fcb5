"""Catalogue entries: the request log (``kafka-request.log``).

A broker writes one ``Completed request:`` line per request it answered once the operator sets
``kafka.request.logger`` to DEBUG (WARN by default; 0.10.2 and 0.11.0.0 write it at TRACE, 0.10.0–
0.10.1 at TRACE, or at DEBUG without the server-side requests' details): the
exact request and the exact response, with the time spent in each stage.  It is the best
evidence there is (DESIGN.md, "Replay and diff": level 1).  Formats, read from
``core/src/main/scala/kafka/network/RequestChannel.scala`` per tag (kafka-log-templates.md §8):

* 0.10.0–0.10.2: ``Completed request:{api_key=12,api_version=0,correlation_id=88,client_id=c}
  -- {group_id=…} from connection L:p-R:p;totalTime:2,requestQueueTime:0,localTime:1,
  remoteTime:0,responseQueueTime:0,sendTime:1,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS``
  (whole ms; ``,listener:X`` from 0.10.2, KIP-103) — the header and body are ``Struct.toString``
  and there is no response.  Fetch (0.10.0–0.10.1) and ControlledShutdown (to 0.11) were still
  read by the old server-side classes, whose ``describe`` prints ``Name: FetchRequest; …``.
* 0.11.0: the same with ``%f`` times (``0.466000``, in the JVM's default locale) and
  ``throttleTime`` (KAFKA-5405).
* 1.0–2.7: ``RequestHeader(apiKey=HEARTBEAT, apiVersion=3, clientId=c, correlationId=441) --
  {body},response:{body} from connection L:p-R:p-n;totalTime:0.466,…,listener:PLAINTEXT``, plus
  ``,clientInformation:ClientInformation(softwareName=…, softwareVersion=…)`` from 2.5 (KIP-511)
  and ``,temporaryMemoryBytes:…`` / ``,messageConversionsTime:…`` when not zero.  Bodies are
  ``Struct.toString`` with the schema's snake_case names: hand-written schemas to 2.2, generated
  ones from 2.3/2.4 (``session_timeout_ms``, ``protocols=[{name=…}]``, and ``_tagged_fields={}``
  in flexible versions, KIP-482).  A Produce body is its own ``{acks=-1,timeout=…}`` summary.
* 2.8+: ``Completed request:`` and one JSON object (``RequestConvertToJson``): the header, the
  request and the response as the generated JSON converters write them (camelCase names), then
  the connection, the times, the principal, the listener and the client software.

Every such line is ``request_completed``, for every API: ``api`` (Kafka's current API name,
from the numeric key or the enum name), ``correlation_id``, ``client_id``, ``duration_ms`` (total
time) and ``error`` (the response's own error code, named by ``errors.ERRORS``; for responses
that have none, the first failing partition / member / group).  The membership APIs add the group
fields (see ``_membership``); the times, the connection, the principal and the API version go
to ``details`` — ``remote_ms`` is the time parked in purgatory, a rebalance wait for a JoinGroup
or SyncGroup.  A ``Completed request:`` line none of the precise entries reads still becomes
``request_completed`` with what can be read (``request.completed.unparsed``).

At TRACE, 0.10+ brokers also log each request as a network processor receives it
(``request_received``, logger ``kafka.network.RequestChannel$``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import polars as pl

from ..fields import TYPES
from ..kinds import Kind
from ..templates import Template
from .derive import pack_details
from .errors import error_name

LOGGERS = ("kafka.request.logger", "kafka.network.RequestChannel$")

# --- API names -------------------------------------------------------------------------------

#: api key -> Kafka's API name (``clients/src/main/resources/common/message/*Request.json``,
#: trunk at 3.9).  Keys are never reused; names are today's (key 10 was GroupCoordinator in
#: 0.10, key 56 AlterIsr in 2.7–3.1).
API_NAMES: dict[int, str] = dict(enumerate((
    "Produce", "Fetch", "ListOffsets", "Metadata", "LeaderAndIsr", "StopReplica", "UpdateMetadata",
    "ControlledShutdown", "OffsetCommit", "OffsetFetch", "FindCoordinator", "JoinGroup", "Heartbeat",
    "LeaveGroup", "SyncGroup", "DescribeGroups", "ListGroups", "SaslHandshake", "ApiVersions",
    "CreateTopics", "DeleteTopics", "DeleteRecords", "InitProducerId", "OffsetForLeaderEpoch",
    "AddPartitionsToTxn", "AddOffsetsToTxn", "EndTxn", "WriteTxnMarkers", "TxnOffsetCommit",
    "DescribeAcls", "CreateAcls", "DeleteAcls", "DescribeConfigs", "AlterConfigs",
    "AlterReplicaLogDirs", "DescribeLogDirs", "SaslAuthenticate", "CreatePartitions",
    "CreateDelegationToken", "RenewDelegationToken", "ExpireDelegationToken",
    "DescribeDelegationToken", "DeleteGroups", "ElectLeaders", "IncrementalAlterConfigs",
    "AlterPartitionReassignments", "ListPartitionReassignments", "OffsetDelete",
    "DescribeClientQuotas", "AlterClientQuotas", "DescribeUserScramCredentials",
    "AlterUserScramCredentials", "Vote", "BeginQuorumEpoch", "EndQuorumEpoch", "DescribeQuorum",
    "AlterPartition", "UpdateFeatures", "Envelope", "FetchSnapshot", "DescribeCluster",
    "DescribeProducers", "BrokerRegistration", "BrokerHeartbeat", "UnregisterBroker",
    "DescribeTransactions", "ListTransactions", "AllocateProducerIds", "ConsumerGroupHeartbeat",
    "ConsumerGroupDescribe", "ControllerRegistration", "GetTelemetrySubscriptions", "PushTelemetry",
    "AssignReplicasToDirs", "ListClientMetricsResources", "DescribeTopicPartitions",
    "ShareGroupHeartbeat", "ShareGroupDescribe", "ShareFetch", "ShareAcknowledge", "AddRaftVoter",
    "RemoveRaftVoter", "UpdateRaftVoter", "InitializeShareGroupState", "ReadShareGroupState",
    "WriteShareGroupState", "DeleteShareGroupState", "ReadShareGroupStateSummary",
)))


def _enum_name(api: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", api).upper()


#: ``ApiKeys`` constant -> API name; the enum is the API name in UPPER_SNAKE case, except for
#: the old names of renamed APIs.
API_BY_ENUM: dict[str, str] = {_enum_name(n): n for n in API_NAMES.values()} | {
    "GROUP_COORDINATOR": "FindCoordinator",  # 0.9–0.10 (KIP-98 renamed it in 0.11)
    "CONTROLLED_SHUTDOWN_KEY": "ControlledShutdown",  # 0.9–0.10
    "ALTER_ISR": "AlterPartition",  # 2.7–3.1 (KIP-497 -> KIP-704 in 3.2)
}


def api_of_key(key: pl.Expr) -> pl.Expr:
    return key.cast(pl.Int64, strict=False).replace_strict(API_NAMES, default=None, return_dtype=pl.String)


def api_of_enum(name: pl.Expr) -> pl.Expr:
    """``JOIN_GROUP`` -> ``JoinGroup``; an enum newer than the table is converted by its spelling."""
    spelled = name.str.to_lowercase().str.replace_all("_", " ", literal=True).str.to_titlecase() \
        .str.replace_all(" ", "", literal=True)
    return pl.coalesce(name.replace_strict(API_BY_ENUM, default=None, return_dtype=pl.String), spelled)


def api_of_class(name: pl.Expr) -> pl.Expr:
    """0.10's server-side request classes: ``FetchRequest`` -> ``Fetch``."""
    return name.str.strip_suffix("Request")


#: APIs whose request and response carry a consumer group's membership (classic protocol,
#: KIP-848 and KIP-932 heartbeats, offsets) and are read field by field.
MEMBERSHIP_APIS = (
    "JoinGroup", "SyncGroup", "Heartbeat", "LeaveGroup", "OffsetCommit", "OffsetFetch",
    "FindCoordinator", "TxnOffsetCommit", "AddOffsetsToTxn", "OffsetDelete",
    "ConsumerGroupHeartbeat", "ShareGroupHeartbeat",
)
_OFFSET_APIS = ("OffsetCommit", "TxnOffsetCommit", "OffsetFetch", "OffsetDelete")


# --- the two body syntaxes -------------------------------------------------------------------

@dataclass(frozen=True)
class Syntax:
    """How a request log writes a body: ``Struct.toString`` (≤2.7) or JSON (2.8+)."""

    name: str
    error_code: str  # the key of an error code, as it stands before its number
    error_first: str  # the outermost error code, first (after the throttle time) ...
    error_last: str  # ... or last (OffsetFetch v2–7 puts it after its topics)
    replica: str  # a Fetch request's replica id


STRUCT = Syntax(
    "struct",
    error_code="error_code=",
    error_first=r"^\{(?:throttle_time_ms=-?\d+,)?error_code=(-?\d+)",
    error_last=r",error_code=(-?\d+)(?:,_tagged_fields=\{\})?\}$",
    replica=r"(?:^\{|,)replica_id=(-?\d+)",
)
JSON = Syntax(
    "json",
    error_code='"errorCode":',
    error_first=r'^\{(?:"throttleTimeMs":-?\d+,)?"errorCode":(-?\d+)',
    error_last=r',"errorCode":(-?\d+)\}$',
    # v15+ (3.5, KIP-903) moves it into "replicaState"; a tagged clusterId (v12+) may come first
    replica=r'"replicaId":(-?\d+)',
)


def response_error(response: pl.Expr, syntax: Syntax) -> list[pl.Expr]:
    """The response's error: its own top-level code, else the first code that is not NONE
    (a partition, member or group of a response that has no top-level code), else NONE when it
    carries codes at all.  ``details.errors`` counts the codes that are not NONE, and
    ``details.inner_error`` names the first of them under a top-level NONE (a Fetch whose
    session is fine but one of whose partitions answered NOT_LEADER_OR_FOLLOWER)."""
    key = re.escape(syntax.error_code)
    failing = response.str.extract_all(key + r"-?[1-9]\d*").list.eval(
        pl.element().str.extract(r"(-?\d+)$", 1).cast(pl.Int64, strict=False)
    )
    top = pl.coalesce(
        response.str.extract(syntax.error_first, 1), response.str.extract(syntax.error_last, 1)
    ).cast(pl.Int64, strict=False)
    any_code = response.str.contains(syntax.error_code, literal=True)
    code = pl.coalesce(top, failing.list.first(), pl.when(any_code).then(pl.lit(0, pl.Int64)))
    n = failing.list.len()
    return [
        error_name(code).alias("error"),
        pl.when(n > 0).then(n).alias("details.errors"),
        pl.when(top == 0).then(error_name(failing.list.first())).alias("details.inner_error"),
    ]


# --- membership fields: one intermediate shape from either syntax -----------------------------
#
# Both readers give, per row: _group _generation _member _instance _session_timeout
# _rebalance_timeout _protocols (JoinGroup's offered protocols) _protocol_req (SyncGroup v5+)
# _reason (KIP-800) _list_members / _list_instances (LeaveGroup v3+ members, SyncGroup
# assignments) _key _key_type _keys (FindCoordinator) and from the response _resp_generation
# _resp_member _resp_protocol _leader _resp_members _resp_error_members _resp_error_codes
# _coordinator _member_epoch; and a long frame of committed offsets (rid, topic, partition, offset).

_V = r"[^,{}\[\]]*"  # a scalar of Struct.toString, which escapes nothing


def _top(text: pl.Expr, keys: str) -> pl.Expr:
    """A field of the outermost struct, before any nested struct or array: Kafka's schemas put a
    group API's scalar fields first, and nested members carry the same names."""
    return text.str.extract(rf"^\{{(?:[^{{}}\[\]]*?,)?(?:{keys})=({_V})", 1)


def _all(text: pl.Expr, rx: str) -> pl.Expr:
    return text.str.extract_all(rx).list.eval(pl.element().str.extract(rx, 1))


def _int(e: pl.Expr) -> pl.Expr:
    return e.cast(pl.Int64, strict=False)


def _struct_parts(sub: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    q, s = pl.col("_request"), pl.col("_response")
    parts = sub.with_columns(
        _top(q, "group_id").alias("_group"),
        _int(_top(q, "generation_id|group_generation_id")).alias("_generation"),  # group_… ≤0.11
        _top(q, "member_id").alias("_member"),
        _top(q, "group_instance_id").alias("_instance"),
        _int(_top(q, "session_timeout(?:_ms)?")).alias("_session_timeout"),
        _int(_top(q, "rebalance_timeout(?:_ms)?")).alias("_rebalance_timeout"),
        # ≤2.2 group_protocols=[{protocol_name=range,…}], 2.3+ protocols=[{name=range,…}]
        _all(q, rf"\{{(?:protocol_name|name)=({_V})").alias("_protocols"),
        _top(q, "protocol_name").alias("_protocol_req"),
        pl.lit(None, pl.String).alias("_reason"),
        _all(q, rf"\{{member_id=({_V})").alias("_list_members"),
        _all(q, rf"\{{member_id={_V},group_instance_id=({_V})").alias("_list_instances"),
        # FindCoordinator: v0 group_id, v1 (0.11, KIP-98) coordinator_key/_type, 2.3+ key/key_type
        _top(q, "coordinator_key|key").alias("_key"),
        _int(_top(q, "coordinator_type|key_type")).alias("_key_type"),
        pl.lit(None, pl.List(pl.String)).alias("_keys"),
        _int(_top(s, "generation_id")).alias("_resp_generation"),
        _top(s, "member_id").alias("_resp_member"),
        _top(s, "protocol_name|group_protocol").alias("_resp_protocol"),
        _top(s, "leader_id|leader").alias("_leader"),
        _all(s, rf"\{{member_id=({_V})").alias("_resp_members"),
        # LeaveGroup v3+ (2.4, KIP-345): {member_id=m,group_instance_id=i,error_code=25}
        s.str.extract_all(rf"\{{member_id={_V},group_instance_id={_V},error_code=-?\d+").alias("_left"),
        _int(s.str.extract(r"node_id=(-?\d+)", 1)).alias("_coordinator"),
        pl.lit(None, pl.Int64).alias("_member_epoch"),
    )
    left = rf"^\{{member_id=({_V}),group_instance_id=({_V}),error_code=(-?\d+)"
    parts = parts.with_columns(
        pl.col("_left").list.eval(pl.element().str.extract(left, 1)).alias("_resp_error_members"),
        pl.col("_left").list.eval(pl.element().str.extract(left, 2)).alias("_resp_error_instances"),
        pl.col("_left").list.eval(pl.element().str.extract(left, 3).cast(pl.Int64, strict=False))
        .alias("_resp_error_codes"),
    ).drop("_left")
    # committed offsets: the request of a commit, the response of a fetch;
    # ≤2.2 {topic=t,partitions=[{partition=0,offset=5,…}]} (responses: partition_responses),
    # 2.3+ {name=t,partitions=[{partition_index=0,committed_offset=5,…}]}
    text = pl.when(pl.col("api") == "OffsetFetch").then(s).otherwise(q)
    block = r"\{(?:topic|name)=[^,{}\[\]]*,(?:partitions|partition_responses)=\[[^\]]*\]"
    one = r"\{(?:partition|partition_index)=(\d+)(?:,(?:offset|committed_offset)=(-?\d+))?"
    offsets = (
        sub.filter(pl.col("api").is_in(_OFFSET_APIS))
        .select("rid", text.str.extract_all(block).alias("b")).explode("b")
        .select("rid", pl.col("b").str.extract(r"^\{(?:topic|name)=([^,]*)", 1).alias("topic"),
                pl.col("b").str.extract_all(one).alias("p"))
        .explode("p")
        .select("rid", "topic", _int(pl.col("p").str.extract(one, 1)).alias("partition"),
                _int(pl.col("p").str.extract(one, 2)).alias("offset"))
        .filter(pl.col("partition").is_not_null())
    )
    return parts, offsets


_S, _I = pl.String, pl.Int64
_TOPICS = pl.List(pl.Struct({
    "name": _S,
    "partitions": pl.List(pl.Struct({"partitionIndex": _I, "committedOffset": _I, "errorCode": _I})),
}))
#: The fields read from a membership API's JSON request (union over the APIs; json_decode
#: ignores the others).  Names: the message specs, common/message/*Request.json.
REQUEST_FIELDS = pl.Struct({
    "groupId": _S, "generationId": _I, "generationIdOrMemberEpoch": _I,  # OffsetCommit v9+ (3.6)
    "memberId": _S, "memberEpoch": _I, "groupInstanceId": _S, "instanceId": _S,
    "sessionTimeoutMs": _I, "rebalanceTimeoutMs": _I,
    "protocols": pl.List(pl.Struct({"name": _S})), "protocolName": _S, "reason": _S,
    "members": pl.List(pl.Struct({"memberId": _S, "groupInstanceId": _S, "reason": _S})),
    "assignments": pl.List(pl.Struct({"memberId": _S})),
    "topics": _TOPICS,
    "groups": pl.List(pl.Struct({"groupId": _S})),  # OffsetFetch v8+ (3.0, KIP-709)
    "key": _S, "keyType": _I, "coordinatorKeys": pl.List(_S),  # FindCoordinator v4+ (3.0)
})
RESPONSE_FIELDS = pl.Struct({
    "generationId": _I, "memberId": _S, "memberEpoch": _I, "leader": _S, "protocolName": _S,
    "members": pl.List(pl.Struct({"memberId": _S, "groupInstanceId": _S, "errorCode": _I})),
    "nodeId": _I, "coordinators": pl.List(pl.Struct({"key": _S, "nodeId": _I})),
    "topics": _TOPICS,
    "groups": pl.List(pl.Struct({"groupId": _S, "topics": _TOPICS})),
})


def decode_json(df: pl.DataFrame, source: str, dtype: pl.Struct, target: str) -> pl.DataFrame:
    """``json_decode`` of ``source`` into ``target``, materialised once.  A body that is not an
    object (2.8+ writes ``""`` when there was no response) decodes to null.  ``json_decode``
    fails a whole column over one row it cannot read; the frame is then halved until the row is
    alone, so only that row loses its fields."""
    text = pl.when(pl.col(source).str.starts_with("{")).then(pl.col(source))
    try:
        return df.with_columns(text.str.json_decode(dtype).alias(target))
    except pl.exceptions.PolarsError:
        if df.height <= 1:
            return df.with_columns(pl.lit(None, dtype).alias(target))
        mid = df.height // 2
        return pl.concat([decode_json(df[:mid], source, dtype, target),
                          decode_json(df[mid:], source, dtype, target)])


def _field(struct: str, *path: str) -> pl.Expr:
    e = pl.col(struct)
    for p in path:
        e = e.struct.field(p)
    return e


def _each(lst: pl.Expr, name: str) -> pl.Expr:
    return lst.list.eval(pl.element().struct.field(name))


def _single(lst: pl.Expr) -> pl.Expr:
    return pl.when(lst.list.len() == 1).then(lst.list.first())


def _json_parts(sub: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    sub = decode_json(sub, "_request", REQUEST_FIELDS, "_q")
    sub = decode_json(sub, "_response", RESPONSE_FIELDS, "_s")

    def q(*p: str) -> pl.Expr:
        return _field("_q", *p)

    def s(*p: str) -> pl.Expr:
        return _field("_s", *p)

    parts = sub.with_columns(
        pl.coalesce(q("groupId"), _single(_each(q("groups"), "groupId"))).alias("_group"),
        pl.coalesce(q("generationId"), q("generationIdOrMemberEpoch")).alias("_generation"),
        q("memberId").alias("_member"),
        pl.coalesce(q("groupInstanceId"), q("instanceId")).alias("_instance"),
        q("sessionTimeoutMs").alias("_session_timeout"),
        q("rebalanceTimeoutMs").alias("_rebalance_timeout"),
        _each(q("protocols"), "name").alias("_protocols"),
        q("protocolName").alias("_protocol_req"),
        # JoinGroup v8+ / LeaveGroup v5+ (3.2, KIP-800)
        pl.coalesce(q("reason"), _each(q("members"), "reason").list.first()).alias("_reason"),
        pl.coalesce(_each(q("members"), "memberId"), _each(q("assignments"), "memberId"))
        .alias("_list_members"),
        _each(q("members"), "groupInstanceId").alias("_list_instances"),
        q("key").alias("_key"),
        q("keyType").alias("_key_type"),
        q("coordinatorKeys").alias("_keys"),
        s("generationId").alias("_resp_generation"),
        s("memberId").alias("_resp_member"),
        s("protocolName").alias("_resp_protocol"),
        s("leader").alias("_leader"),
        _each(s("members"), "memberId").alias("_resp_members"),
        _each(s("members"), "memberId").alias("_resp_error_members"),
        _each(s("members"), "groupInstanceId").alias("_resp_error_instances"),
        _each(s("members"), "errorCode").alias("_resp_error_codes"),
        pl.coalesce(s("nodeId"), _single(_each(s("coordinators"), "nodeId"))).alias("_coordinator"),
        pl.coalesce(s("memberEpoch"), q("memberEpoch")).alias("_member_epoch"),
    )
    topics = (
        pl.when(pl.col("api") == "OffsetFetch")
        .then(pl.coalesce(s("topics"), _single(_each(s("groups"), "topics"))))
        .otherwise(q("topics"))
    )
    offsets = (
        parts.filter(pl.col("api").is_in(_OFFSET_APIS))
        .select("rid", topics.alias("t")).explode("t")
        .select("rid", pl.col("t").struct.field("name").alias("topic"),
                pl.col("t").struct.field("partitions").alias("p"))
        .explode("p")
        .select("rid", "topic", pl.col("p").struct.field("partitionIndex").alias("partition"),
                pl.col("p").struct.field("committedOffset").alias("offset"))
        .filter(pl.col("partition").is_not_null())
    )
    return parts.drop("_q", "_s"), offsets


# --- from the intermediate shape to the event's columns ----------------------------------------

def _ident(name: str) -> pl.Expr:
    """An id as Kafka printed it: ``null`` (Java) and ``""`` (an unknown member) are no id."""
    e = pl.col(name)
    return pl.when(e.is_in(["", "null"])).then(None).otherwise(e)


def _json_escape(e: pl.Expr) -> pl.Expr:
    return e.str.replace_all("\\", "\\\\", literal=True).str.replace_all('"', '\\"', literal=True)


def _membership(parts: pl.DataFrame) -> pl.DataFrame:
    """The columns of a membership API's line.

    * group, member, instance_id (static member, KIP-345), generation (the request's; for a
      JoinGroup the generation the response hands out), client_reason (KIP-800);
    * JoinGroup: member falls back to the id the coordinator assigns (first join, KIP-394);
      protocol = the chosen protocol, else the offered ones (``range,cooperative-sticky``);
      details leader, member_id, session/rebalance timeouts, protocols;
    * members = how many members the line lists (JoinGroup leader's response, SyncGroup leader's
      assignments, LeaveGroup v3+ batch, KIP-345) with their ids in details.members;
      a batch LeaveGroup's per-member errors go to details.member_errors;
    * FindCoordinator: group = the key of a group lookup (key type 0), coordinator = the node.
    """
    api = pl.col("api")
    real = ~pl.element().is_in(["", "null"])
    # the member list the line carries, materialised once: it is read several times below
    parts = parts.with_columns(
        pl.when(api == "JoinGroup").then(pl.col("_resp_members")).otherwise(pl.col("_list_members"))
        .alias("_listed"),
        pl.col("_list_instances").list.eval(pl.element().filter(real)).alias("_instances"),
    ).with_columns(
        # a static member removed by the admin client (KIP-345) is named by its instance id alone
        pl.col("_listed").list.eval(pl.element().filter(real)).alias("_named"),
    )
    listed, named, instances = pl.col("_listed"), pl.col("_named"), pl.col("_instances")
    n = listed.list.len()
    several = api.is_in(["JoinGroup", "SyncGroup", "LeaveGroup"]) & (n > 0)
    group_key = pl.col("_key_type").fill_null(0) == 0
    resp_gen = pl.col("_resp_generation")
    offered = pl.col("_protocols").list.join(",")
    out = parts.with_columns(
        pl.coalesce(
            _ident("_group"),
            pl.when((api == "FindCoordinator") & group_key)
            .then(pl.coalesce(_ident("_key"), _single(pl.col("_keys")))),
        ).alias("group"),
        pl.coalesce(
            pl.when(api == "JoinGroup").then(pl.when(resp_gen >= 0).then(resp_gen)),
            pl.col("_generation"),
        ).alias("generation"),
        pl.coalesce(
            _ident("_member"),
            pl.when(api.is_in(["JoinGroup", "ConsumerGroupHeartbeat", "ShareGroupHeartbeat"]))
            .then(_ident("_resp_member")),
            pl.when(api == "LeaveGroup").then(_single(pl.col("_list_members"))),
        ).alias("member"),
        pl.coalesce(_ident("_instance"), pl.when(api == "LeaveGroup").then(_single(instances)))
        .alias("instance_id"),
        pl.when(api == "JoinGroup").then(pl.coalesce(_ident("_resp_protocol"), offered))
        .when(api == "SyncGroup").then(pl.coalesce(_ident("_protocol_req"), _ident("_resp_protocol")))
        .alias("protocol"),
        pl.when(several).then(n).alias("members"),
        _ident("_reason").alias("client_reason"),
        # -1 with an error: no coordinator known
        pl.when((api == "FindCoordinator") & (pl.col("_coordinator") >= 0)).then(pl.col("_coordinator"))
        .alias("coordinator"),
        pl.when(api == "JoinGroup").then(_ident("_leader")).alias("details.leader"),
        pl.when(api == "JoinGroup").then(_ident("_resp_member")).alias("details.member_id"),
        # a JoinGroup that sent no member id: a consumer new to the group (or one that lost its id)
        pl.when((api == "JoinGroup") & _ident("_member").is_null()).then(pl.lit(True))
        .alias("details.new_member"),
        pl.col("_session_timeout").alias("details.session_timeout_ms"),
        pl.col("_rebalance_timeout").alias("details.rebalance_timeout_ms"),
        pl.when(api == "JoinGroup").then(pl.col("_protocols")).alias("details.protocols"),
        pl.when(several & (named.list.len() > 0)).then(named).alias("details.members"),
        pl.when((api == "LeaveGroup") & (instances.list.len() > 1)).then(instances)
        .alias("details.instance_ids"),
        pl.when((api == "FindCoordinator") & ~group_key).then(_ident("_key")).alias("details.key"),
        pl.when((api == "FindCoordinator") & ~group_key).then(pl.col("_key_type")).alias("details.key_type"),
        pl.when((api == "FindCoordinator") & (pl.col("_keys").list.len() > 1)).then(pl.col("_keys"))
        .alias("details.keys"),
        pl.col("_member_epoch").alias("details.member_epoch"),
    )
    # {"member-id": "UNKNOWN_MEMBER_ID", …} for the members a batch LeaveGroup could not remove
    # keyed by member id, or by instance id for a member removed by it
    who = pl.coalesce(_ident("m"), _ident("i"), pl.lit(""))
    pairs = (
        out.select("rid", pl.col("_resp_error_members").alias("m"),
                   pl.col("_resp_error_instances").alias("i"), pl.col("_resp_error_codes").alias("c"))
        .explode("m", "i", "c")
        .filter(pl.col("c").is_not_null() & (pl.col("c") != 0))
        .group_by("rid", maintain_order=True)
        .agg(pl.concat_str(pl.lit('"'), _json_escape(who), pl.lit('":"'), error_name(pl.col("c")),
                           pl.lit('"')).str.join(",").alias("_member_errors"))
        .with_columns(pl.concat_str(pl.lit("{"), pl.col("_member_errors"), pl.lit("}"))
                      .alias("_member_errors"))
    )
    return out.join(pairs, on="rid", how="left")


def _offset_columns(offsets: pl.DataFrame) -> pl.DataFrame:
    """(rid, topic, partition, offset) rows -> partitions (``t-0``), count, offset (when one) and
    the raw ``{"t-0": 1500, …}`` object for details.offsets."""
    tp = pl.concat_str(pl.col("topic").fill_null(""), pl.lit("-"), pl.col("partition").cast(pl.String))
    entry = pl.concat_str(pl.lit('"'), _json_escape(tp), pl.lit('":'), pl.col("offset").cast(pl.String))
    return offsets.group_by("rid", maintain_order=True).agg(
        tp.alias("partitions"),
        pl.len().cast(pl.Int64).alias("count"),
        pl.col("offset").first().alias("_first_offset"),
        entry.drop_nulls().str.join(",").alias("_offsets"),
    ).with_columns(
        pl.when(pl.col("count") == 1).then(pl.col("_first_offset")).alias("offset"),
        pl.when(pl.col("_offsets") != "").then(pl.concat_str(pl.lit("{"), pl.col("_offsets"), pl.lit("}")))
        .alias("_offsets"),
    ).drop("_first_offset")


_MEMBERSHIP_OUT = (
    "group", "generation", "member", "instance_id", "protocol", "members", "client_reason", "coordinator",
    "_member_errors",
)


def _with_membership(df: pl.DataFrame, read: Callable[[pl.DataFrame], tuple[pl.DataFrame, pl.DataFrame]],
                     ) -> pl.DataFrame:
    """Read the membership APIs' bodies (only their rows: request logs are mostly Fetch and
    Produce) and join the columns back."""
    sub = df.filter(pl.col("api").is_in(MEMBERSHIP_APIS)).select("rid", "api", "_request", "_response")
    if sub.height == 0:
        return df
    parts, offsets = read(sub)
    got = _membership(parts)
    keep = ["rid", *_MEMBERSHIP_OUT, *(c for c in got.columns if c.startswith("details."))]
    out = df.join(got.select(keep), on="rid", how="left")
    if offsets.height:
        out = out.join(_offset_columns(offsets), on="rid", how="left")
    return out


def _add_raw(df: pl.DataFrame, key: str, column: str) -> pl.DataFrame:
    """Put an already-encoded JSON value into the details object."""
    if column not in df.columns:
        return df
    frag = pl.concat_str(pl.lit(f'"{key}":'), pl.col(column))
    details = pl.col("details") if "details" in df.columns else pl.lit(None, pl.String)
    merged = (
        pl.when(pl.col(column).is_null()).then(details)
        .when(details.is_null()).then(pl.concat_str(pl.lit("{"), frag, pl.lit("}")))
        .otherwise(pl.concat_str(details.str.strip_suffix("}"), pl.lit(","), frag, pl.lit("}")))
    )
    return df.with_columns(merged.alias("details")).drop(column)


def _finish(df: pl.DataFrame, syntax: Syntax) -> pl.DataFrame:
    """Error, membership fields, a follower's replica id, then details."""
    df = df.with_columns(response_error(pl.col("_response"), syntax))
    df = _with_membership(df, _json_parts if syntax is JSON else _struct_parts)
    fetch = pl.col("api") == "Fetch"
    if df.filter(fetch).height:
        # a follower's fetch names its broker (replica id >= 0; consumers send -1)
        rep = df.filter(fetch).select(
            "rid", _int(pl.col("_request").str.extract(syntax.replica, 1)).alias("_rep"))
        df = df.join(rep.filter(pl.col("_rep") >= 0).select("rid", pl.col("_rep").alias("replica")),
                     on="rid", how="left")
    df = pack_details(df)
    df = _add_raw(df, "offsets", "_offsets")
    return _add_raw(df, "member_errors", "_member_errors")


# The part after the bodies, read in ``derive`` from one capture (``_tail``): in the entry's own
# regex its many fields would be carried through the long bodies and cost ~4x the time.
_NUM = r"-?[0-9]+(?:\.[0-9]+)?(?:E-?[0-9]+)?"  # Scala/Java Double.toString (1.0E7 from 10^7)
_JSTR = r'"(?:[^"\\]|\\.)*"'
#: 2.8+ JSON, after `"connection":` (RequestConvertToJson.requestDescMetrics)
TAIL_JSON = (
    rf'^(?P<connection>{_JSTR}),"totalTimeMs":(?P<total>{_NUM}),"requestQueueTimeMs":(?P<queue>{_NUM}),'
    rf'"localTimeMs":(?P<local>{_NUM}),"remoteTimeMs":(?P<remote>{_NUM}),"throttleTimeMs":(?P<throttle>{_NUM}),'
    rf'"responseQueueTimeMs":(?P<response_queue>{_NUM}),"sendTimeMs":(?P<send>{_NUM}),'
    rf'"securityProtocol":(?P<protocol>{_JSTR}),"principal":(?P<principal>{_JSTR}),'
    rf'"listener":(?P<listener>{_JSTR}),"clientInformation":\{{"softwareName":(?P<software>{_JSTR}),'
    rf'"softwareVersion":(?P<software_version>{_JSTR})\}}(?:,"temporaryMemoryBytes":[0-9]+)?'
    rf'(?:,"messageConversionsTime":(?P<conversions>{_NUM}))?\}}$'
)
#: 1.0–2.7, after ` from connection `; clientInformation from 2.5 (KIP-511)
TAIL_1_0 = (
    rf"^(?P<connection>[^;]*);totalTime:(?P<total>{_NUM}),requestQueueTime:(?P<queue>{_NUM}),"
    rf"localTime:(?P<local>{_NUM}),remoteTime:(?P<remote>{_NUM}),throttleTime:(?P<throttle>{_NUM}),"
    rf"responseQueueTime:(?P<response_queue>{_NUM}),sendTime:(?P<send>{_NUM}),"
    r"securityProtocol:(?P<protocol>[^,]*),principal:(?P<principal>.*?),listener:(?P<listener>[^,]*)"
    r"(?:,clientInformation:ClientInformation\(softwareName=(?P<software>.*?), "
    r"softwareVersion=(?P<software_version>.*?)\))?(?:,temporaryMemoryBytes:[0-9]+)?"
    rf"(?:,messageConversionsTime:(?P<conversions>{_NUM}))?$"
)
_TAIL_COLUMNS = {
    "total": "duration_ms", "queue": "details.request_queue_ms", "local": "details.local_ms",
    "remote": "details.remote_ms", "throttle": "details.throttle_ms",
    "response_queue": "details.response_queue_ms", "send": "details.send_ms",
    "conversions": "details.message_conversions_ms",
    "connection": "details.connection", "protocol": "details.security_protocol",
    "principal": "details.principal", "listener": "details.listener",
    "software": "details.client_software", "software_version": "details.client_software_version",
}


def read_tail(df: pl.DataFrame, rx: str) -> pl.DataFrame:
    """``_tail`` -> duration_ms and the details of the times, connection and client (one
    ``extract_groups``, materialised once; a tail that does not read leaves them null)."""
    df = df.with_columns(pl.col("_tail").str.extract_groups(rx).alias("_t"))
    jstr = TYPES["json_str"].convert
    cols = []
    for group, column in _TAIL_COLUMNS.items():
        v = pl.col("_t").struct.field(group)
        if column.endswith("_ms"):  # the times, duration_ms included
            v = v.cast(pl.Float64, strict=False)
        elif rx is TAIL_JSON:
            v = jstr(v)
        cols.append(v.alias(column))
    return df.with_columns(cols).drop("_t")


def completed_json(df: pl.DataFrame) -> pl.DataFrame:
    """2.8+: the header gives the api (numeric key first, the enum name for keys newer than the
    table); ``isForwarded`` (KIP-590, a request a broker forwarded to the controller) -> details."""
    df = df.with_columns(
        pl.coalesce(api_of_key(pl.col("_api_key")), api_of_enum(pl.col("_api_name"))).alias("api"),
        pl.when(pl.col("_forwarded")).then(True).alias("details.forwarded"),
    )
    return _finish(read_tail(df, TAIL_JSON), JSON)


def completed_struct(df: pl.DataFrame) -> pl.DataFrame:
    """1.0–2.7: the api from ``RequestHeader(apiKey=JOIN_GROUP, …)``."""
    df = read_tail(df, TAIL_1_0)
    return _finish(df.with_columns(api_of_enum(pl.col("_api_name")).alias("api")), STRUCT)


def completed_0_10(df: pl.DataFrame) -> pl.DataFrame:
    """0.10–0.11: ``{api_key=12,…}``; no response was logged, so no error."""
    return _finish(df.with_columns(api_of_key(pl.col("_api_key")).alias("api"),
                                   pl.lit(None, pl.String).alias("_response")), STRUCT)


def completed_server_side(df: pl.DataFrame) -> pl.DataFrame:
    """0.10–0.11 ``Name: FetchRequest; …; ReplicaId: 2; …`` / ``Name: ControlledShutdownRequest;
    …; BrokerId: 2``: a follower's fetch names its broker (replica), a controlled shutdown the
    broker going down (brokers)."""
    rest = pl.col("_rest")
    rep = _int(rest.str.extract(r"ReplicaId: (-?\d+)", 1))
    broker = rest.str.extract(r"BrokerId: (-?\d+)", 1).cast(pl.Int32, strict=False)
    return pack_details(df.with_columns(
        api_of_class(pl.col("_api_class")).alias("api"),
        pl.when(rep >= 0).then(rep).alias("replica"),
        pl.when(broker.is_not_null()).then(pl.concat_list(broker)).alias("brokers"),
    ))


def completed_unparsed(df: pl.DataFrame) -> pl.DataFrame:
    """A ``Completed request:`` line no precise entry reads (cut short by a crash, a format we do
    not know): whatever of the header and the total time can be found, in any syntax."""
    body = pl.col("_body")
    key = body.str.extract(r'"requestApiKey":(\d+)|\{api_key=(\d+)', 0).str.extract(r"(\d+)", 1)
    name = body.str.extract(r'"requestApiKeyName":"([A-Z0-9_]+)"|apiKey=([A-Z0-9_]+)', 0) \
        .str.extract(r"([A-Z][A-Z0-9_]*)\W*$", 1)
    cls = body.str.extract(r"^Name: (\w+)Request;", 1)
    corr = body.str.extract(r'"correlationId":(-?\d+)|correlationId=(-?\d+)|correlation_id=(-?\d+)'
                            r"|CorrelationId: (-?\d+)", 0).str.extract(r"(-?\d+)$", 1)
    client = pl.coalesce(
        body.str.extract(r'"clientId":"((?:[^"\\]|\\.)*)"', 1),
        body.str.extract(r"clientId=(.*?), correlationId=", 1),
        body.str.extract(r"client_id=([^}]*)\}", 1),
    )
    total = body.str.extract(r'"totalTimeMs":(-?[\d.]+(?:E-?\d+)?)|totalTime:(-?\d+(?:[.,]\d+)?)', 0) \
        .str.extract(r"(-?[\d.,]+(?:E-?\d+)?)$", 1).str.replace(",", ".", literal=True)
    return df.with_columns(
        pl.coalesce(api_of_key(key), api_of_enum(name), cls).alias("api"),
        _int(corr).alias("correlation_id"),
        pl.when(client != "null").then(client).alias("client_id"),
        total.cast(pl.Float64, strict=False).alias("duration_ms"),
    )


def received(df: pl.DataFrame) -> pl.DataFrame:
    """``Processor N received request:`` -> api, and the processor (network thread) in details."""
    if "_api_key" in df.columns:
        api = pl.coalesce(api_of_key(pl.col("_api_key")), api_of_class(pl.col("_api_class")))
    else:
        api = api_of_enum(pl.col("_api_name"))
    cols = [api.alias("api")]
    if "_context" in df.columns:  # 2.8+ `Forwarded request: RequestContext(…) ` (KIP-590)
        cols.append(pl.when(pl.col("_context").is_not_null()).then(True).alias("details.forwarded"))
    return pack_details(df.with_columns(cols))


# --- the entries -------------------------------------------------------------------------------

# 0.10: whole ms; ",listener:" from 0.10.2 (KIP-103)
_TAIL_0_10 = (
    " from connection {details.connection:word};totalTime:{duration_ms},"
    "requestQueueTime:{details.request_queue_ms:float},localTime:{details.local_ms:float},"
    "remoteTime:{details.remote_ms:float},responseQueueTime:{details.response_queue_ms:float},"
    "sendTime:{details.send_ms:float},securityProtocol:{details.security_protocol:item},"
    "principal:{details.principal:str}{~(?:,listener:~}{details.listener:item}{~)?~}"
)
# 0.11: `%f` (locale decimal separator) and throttleTime (KAFKA-5405)
_TAIL_0_11 = (
    " from connection {details.connection:word};totalTime:{duration_ms:decimal},"
    "requestQueueTime:{details.request_queue_ms:decimal},localTime:{details.local_ms:decimal},"
    "remoteTime:{details.remote_ms:decimal},throttleTime:{details.throttle_ms:decimal},"
    "responseQueueTime:{details.response_queue_ms:decimal},sendTime:{details.send_ms:decimal},"
    "securityProtocol:{details.security_protocol:item},principal:{details.principal:str},"
    "listener:{details.listener:item}"
)
_HEADER_0_10 = (
    "{api_key={_api_key:int},api_version={details.api_version:int},"
    "correlation_id={correlation_id},client_id={client_id:java_str}}"
)
_SERVER_SIDE = (
    "Name: {_api_class:word}; Version: {details.api_version:int}; CorrelationId: {correlation_id}"
    "{~; ?ClientId: ?~}{client_id:opt}; {_rest:str}"
)

# --- example lines (version-faithful: built from each tag's source) ---
_TS = "[2024-03-01 10:15:45,162] "
M1 = "consumer-payments-1-7a1b2c3d-4e5f-6789-abcd-ef0123456789"
M2 = "consumer-payments-2-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b"
BB = "java.nio.HeapByteBuffer[pos=0 lim=26 cap=26]"

EX_0_10 = (
    "[2016-09-12 14:03:11,201] TRACE Completed request:{api_key=12,api_version=0,correlation_id=88,"
    f"client_id=consumer-1}} -- {{group_id=payments,group_generation_id=4,member_id={M1}}} from "
    "connection 10.0.0.5:9092-10.0.0.9:53122;totalTime:2,requestQueueTime:0,localTime:1,remoteTime:0,"
    "responseQueueTime:0,sendTime:1,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS "
    "(kafka.request.logger)"
)
EX_0_10_2 = (
    "[2017-03-02 09:12:44,903] TRACE Completed request:{api_key=11,api_version=1,correlation_id=3,"
    "client_id=consumer-1} -- {group_id=payments,session_timeout=10000,rebalance_timeout=300000,"
    f"member_id=,protocol_type=consumer,group_protocols=[{{protocol_name=range,protocol_metadata={BB}}}]}}"
    " from connection 10.0.0.5:9092-10.0.0.9:53122;totalTime:2950,requestQueueTime:0,localTime:1,"
    "remoteTime:2948,responseQueueTime:0,sendTime:1,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,"
    "listener:PLAINTEXT (kafka.request.logger)"
)
EX_0_10_FETCH = (
    "[2016-09-12 14:03:11,305] DEBUG Completed request:Name: FetchRequest; Version: 2; CorrelationId: "
    "1201; ClientId: ReplicaFetcherThread-0-1; ReplicaId: 2; MaxWait: 500 ms; MinBytes: 1 bytes from "
    "connection 10.0.0.1:9092-10.0.0.2:41822;totalTime:501,requestQueueTime:0,localTime:1,remoteTime:499,"
    "responseQueueTime:0,sendTime:1,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS "
    "(kafka.request.logger)"
)
EX_0_11 = (
    "[2017-08-01 11:30:02,417] DEBUG Completed request:{api_key=14,api_version=1,correlation_id=17,"
    f"client_id=consumer-1}} -- {{group_id=payments,generation_id=5,member_id={M1},group_assignment="
    f"[{{member_id={M1},member_assignment={BB}}},{{member_id={M2},member_assignment={BB}}}]}} from "
    "connection 10.0.0.5:9092-10.0.0.9:53122;totalTime:3.512000,requestQueueTime:0.061000,"
    "localTime:0.402000,remoteTime:2.911000,throttleTime:0.030000,responseQueueTime:0.044000,"
    "sendTime:0.064000,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,listener:PLAINTEXT "
    "(kafka.request.logger)"
)
EX_0_11_SHUTDOWN = (
    "[2017-08-01 12:00:00,020] DEBUG Completed request:Name: ControlledShutdownRequest; Version: 1; "
    "CorrelationId: 0;ClientId:Some(2); BrokerId: 2 from connection 10.0.0.1:9092-10.0.0.2:40116;"
    "totalTime:5012.113000,requestQueueTime:0.050000,localTime:5011.900000,remoteTime:0.000000,"
    "throttleTime:0.021000,responseQueueTime:0.070000,sendTime:0.072000,securityProtocol:PLAINTEXT,"
    "principal:User:ANONYMOUS,listener:PLAINTEXT (kafka.request.logger)"
)
EX_2_4 = (  # kafka-log-templates.md §11, a 2.3 client's Heartbeat v3
    "[2020-02-14 16:40:06,221] DEBUG Completed request:RequestHeader(apiKey=HEARTBEAT, apiVersion=3, "
    "clientId=consumer-payments-1, correlationId=441) -- {group_id=payments,generation_id=32,"
    f"member_id={M1},group_instance_id=null}},response:{{throttle_time_ms=0,error_code=0}} from connection "
    "10.0.0.5:9092-10.0.0.9:53122-7;totalTime:0.466,requestQueueTime:0.051,localTime:0.248,"
    "remoteTime:0.0,throttleTime:0.046,responseQueueTime:0.04,sendTime:0.077,securityProtocol:PLAINTEXT,"
    "principal:User:ANONYMOUS,listener:PLAINTEXT (kafka.request.logger)"
)
EX_2_5_LEAVE = (
    "[2020-09-03 08:01:12,330] DEBUG Completed request:RequestHeader(apiKey=LEAVE_GROUP, apiVersion=4, "
    "clientId=adminclient-1, correlationId=9) -- {group_id=payments,members=[{member_id=,group_instance_id="
    "payments-host-a,_tagged_fields={}},{member_id=,group_instance_id=payments-host-b,_tagged_fields={}}],"
    "_tagged_fields={}},response:{throttle_time_ms=0,error_code=0,members=[{member_id=,group_instance_id="
    "payments-host-a,error_code=0,_tagged_fields={}},{member_id=,group_instance_id=payments-host-b,"
    "error_code=82,_tagged_fields={}}],_tagged_fields={}} from connection 10.0.0.5:9092-10.0.0.20:60112-3;"
    "totalTime:1.702,requestQueueTime:0.08,localTime:1.49,remoteTime:0.0,throttleTime:0,responseQueueTime:"
    "0.05,sendTime:0.08,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,listener:PLAINTEXT,"
    "clientInformation:ClientInformation(softwareName=apache-kafka-java, softwareVersion=2.5.1) "
    "(kafka.request.logger)"
)
EX_3_6 = (  # kafka-log-templates.md §11: the heartbeat answered REBALANCE_IN_PROGRESS
    '[2024-03-01 10:15:45,162] DEBUG Completed request:{"isForwarded":false,"requestHeader":{'
    '"requestApiKey":12,"requestApiVersion":4,"correlationId":512,"clientId":"consumer-inventory-1",'
    '"requestApiKeyName":"HEARTBEAT"},"request":{"groupId":"inventory","generationId":9,"memberId":'
    '"consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b","groupInstanceId":null},"response":{'
    '"throttleTimeMs":0,"errorCode":27},"connection":"10.0.0.5:9092-10.0.0.9:53122-7","totalTimeMs":0.412,'
    '"requestQueueTimeMs":0.05,"localTimeMs":0.2,"remoteTimeMs":0.0,"throttleTimeMs":0,'
    '"responseQueueTimeMs":0.06,"sendTimeMs":0.09,"securityProtocol":"PLAINTEXT","principal":'
    '"User:ANONYMOUS","listener":"PLAINTEXT","clientInformation":{"softwareName":"apache-kafka-java",'
    '"softwareVersion":"3.6.1"}} (kafka.request.logger)'
)
EX_UNPARSED = (  # the last line of a broker killed mid-write
    '[2024-03-01 10:15:45,170] DEBUG Completed request:{"isForwarded":false,"requestHeader":{'
    '"requestApiKey":1,"requestApiVersion":15,"correlationId":90211,"clientId":"consumer-inventory-1",'
    '"requestApiKeyName":"FETCH"},"request":{"replicaId":-1,"maxWaitMs":500,"minBytes":1,"maxBy'
    " (kafka.request.logger)"
)
EX_RECEIVED_0_10 = (
    "[2016-09-12 14:03:11,199] TRACE Processor 2 received request : {api_key=12,api_version=0,"
    f"correlation_id=88,client_id=consumer-1}} -- {{group_id=payments,group_generation_id=4,member_id={M1}}}"
    " (kafka.network.RequestChannel$)"
)
EX_RECEIVED_1_0 = (
    "[2020-02-14 16:40:06,220] TRACE Processor 1 received request: RequestHeader(apiKey=HEARTBEAT, "
    "apiVersion=3, clientId=consumer-payments-1, correlationId=441) -- {group_id=payments,"
    f"generation_id=32,member_id={M1},group_instance_id=null}} (kafka.network.RequestChannel$)"
)
EX_RECEIVED_FORWARDED = (
    "[2022-06-20 07:41:03,518] TRACE Processor 0 received request: Forwarded request: RequestContext("
    "header=RequestHeader(apiKey=ENVELOPE, apiVersion=0, clientId=1, correlationId=77, headerVersion=2), "
    "connectionId='10.0.0.10:9093-10.0.0.1:50522-0', clientAddress=/10.0.0.1, principal=User:ANONYMOUS, "
    "listenerName=ListenerName(CONTROLLER), securityProtocol=PLAINTEXT, clientInformation=ClientInformation("
    "softwareName=apache-kafka-java, softwareVersion=3.2.0), fromPrivilegedListener=true, principalSerde="
    "Optional[org.apache.kafka.common.security.authenticator.DefaultKafkaPrincipalBuilder@5b1f29fa]) "
    "RequestHeader(apiKey=CREATE_TOPICS, apiVersion=7, clientId=adminclient-1, correlationId=5, "
    "headerVersion=2) -- CreateTopicsRequestData(topics=[CreatableTopic(name='orders', numPartitions=12, "
    "replicationFactor=3, assignments=[], configs=[])], timeoutMs=30000, validateOnly=false) "
    "(kafka.network.RequestChannel$)"
)


def _completed(tid: str, versions: str, text: str, derive: Callable[[pl.DataFrame], pl.DataFrame],
               *examples: str, note: str = "", level: str = "DEBUG") -> Template:
    return Template(id=tid, kind=Kind.REQUEST_COMPLETED, versions=versions, loggers=LOGGERS, text=text,
                    derive=derive, examples=examples, level=level, note=note)


TEMPLATES: list[Template] = [
    _completed(
        "request.completed.json", "2.8+",
        'Completed request:{"isForwarded":{_forwarded:bool},"requestHeader":{"requestApiKey":{_api_key:int},'
        '"requestApiVersion":{details.api_version:int},"correlationId":{correlation_id}'
        '{~(?:,"clientId":~}{client_id:json_str}{~)?~},"requestApiKeyName":"{_api_name:enum}"'
        '{~(?:,"requestApiVersionDeprecated":true)?~}},"request":{_request:str},"response":{_response:str},'
        '"connection":{_tail:text}',
        completed_json, EX_3_6,
        note="RequestConvertToJson (KIP-673); header v0 (ControlledShutdown v0) has no clientId; "
             "requestApiVersionDeprecated from 3.7 (KIP-896)",
    ),
    _completed(
        "request.completed.1_0", "1.0-2.7",
        "Completed request:RequestHeader(apiKey={_api_name:enum}, apiVersion={details.api_version:int}, "
        "clientId={client_id:java_str}, correlationId={correlation_id}) -- {_request:str},"
        "response:{_response:str} from connection {_tail:text}",
        completed_struct, EX_2_4, EX_2_5_LEAVE,
        note="request and response are Struct.toString (TRACE: Produce/Fetch record details)",
    ),
    _completed(
        "request.completed.0_11", "0.11.0",
        "Completed request:" + _HEADER_0_10 + " -- {_request:str}" + _TAIL_0_11,
        completed_0_10, EX_0_11,
        note="TRACE in 0.11.0.0 (a guard tested DEBUG), DEBUG from 0.11.0.1",
    ),
    _completed(
        "request.completed.0_11.server_side", "0.11.0",
        "Completed request:" + _SERVER_SIDE + _TAIL_0_11,
        completed_server_side, EX_0_11_SHUTDOWN,
        note="ControlledShutdown v0/v1 was still read by kafka.api.ControlledShutdownRequest",
    ),
    _completed(
        "request.completed.0_10", "0.10.0-0.10.2",
        "Completed request:" + _HEADER_0_10 + " -- {_request:str}" + _TAIL_0_10,
        completed_0_10, EX_0_10, EX_0_10_2, level="TRACE",
        note="0.10.0-0.10.1: TRACE (DEBUG prints the same for client-side requests); 0.10.2: TRACE",
    ),
    _completed(
        "request.completed.0_10.server_side", "0.10.0-0.10.2",
        "Completed request:" + _SERVER_SIDE + _TAIL_0_10,
        completed_server_side, EX_0_10_FETCH,
        note="kafka.api.FetchRequest (0.10.0-0.10.1) and ControlledShutdownRequest describe()",
    ),
    _completed(
        "request.completed.unparsed", "0.10+",
        "Completed request:{_body:text}",
        completed_unparsed, EX_UNPARSED,
        note="last resort: a line cut short or a format no entry above knows",
    ),
    Template(
        id="request.received.1_0", kind=Kind.REQUEST_RECEIVED, versions="1.0+", loggers=LOGGERS,
        text="Processor {details.processor:int} received request: "
             "{~(?:Forwarded request: ~}{_context:str}{~ )?~}"
             "RequestHeader(apiKey={_api_name:enum}, apiVersion={details.api_version:int}, "
             "clientId={client_id:java_str}, correlationId={correlation_id}{~(?:, headerVersion=\\d+)?~})"
             " -- {~.*~}",
        derive=received, examples=(EX_RECEIVED_1_0, EX_RECEIVED_FORWARDED), level="TRACE",
        note="headerVersion from 2.8; `Forwarded request: <envelope context> ` from 2.8 (KIP-590)",
    ),
    Template(
        id="request.received.0_10", kind=Kind.REQUEST_RECEIVED, versions="0.10.0-0.11.0", loggers=LOGGERS,
        # the client-side header and body, or a server-side class's describe (Fetch to 0.10.1,
        # ControlledShutdown to 0.11)
        text="Processor {details.processor:int} received request : {~(?:~}" + _HEADER_0_10 + " -- {~.*|~}"
             "Name: {_api_class:word}; Version: {details.api_version:int}; CorrelationId: {correlation_id}"
             "{~; ?ClientId: ?~}{client_id:opt}{~(?:; .*)?)~}",
        derive=received, examples=(EX_RECEIVED_0_10,), level="TRACE",
    ),
]
