"""``simulate --emit-logs DIR --request-log``: the coordinator broker's request log.

With ``log4j.logger.kafka.request.logger=DEBUG`` (TRACE in 0.10–0.11) a broker writes one
``Completed request:`` line to ``kafka-request.log`` per request it answered, when the response
is sent: the exact request, the exact response (1.0+) and the time spent in each stage.  This
module writes those lines for the group-coordinator exchanges of a run — JoinGroup, SyncGroup,
Heartbeat, LeaveGroup and OffsetCommit — beside the coordinator's ``server.log``.

The exchanges are the engine's: every request that reached the coordinator is a log-only
:class:`~kafka_forensics.engine.effects.RequestReceived` note, its answer a ``Response`` effect
with the same client and request kind; they are paired per (client, kind) in FIFO order.  A
request still parked when the run ends was never answered and has no line, nor has one Kafka
drops unanswered (named on its ``request_dropped`` finding).

The line, per family (``core/src/main/scala/kafka/network/RequestChannel.scala`` per tag):

* 0.10.0–0.10.2: ``Completed request:{api_key=…,api_version=…,correlation_id=…,client_id=…} --
  {request struct} from connection L:p-R:p;totalTime:%d,…,principal:User:ANONYMOUS``
  (``,listener:PLAINTEXT`` from 0.10.2, KIP-103); no response.  TRACE.
* 0.11.0: the same with ``%f`` times and ``throttleTime`` (KAFKA-5405), always with the
  listener.  TRACE (0.11.0.0's guard; 0.11.0.1+ write it at DEBUG).
* 1.0–2.7: ``RequestHeader(apiKey=…, apiVersion=…, clientId=…, correlationId=…) -- {request
  struct},response:{response struct} from connection L:p-R:p-n;totalTime:0.0,…`` (Scala
  doubles), ``,clientInformation:ClientInformation(…)`` from 2.5 (KIP-511).  DEBUG.
* 2.8+: one JSON object (``RequestConvertToJson.requestDescMetrics``, KIP-673).  DEBUG.

Bodies carry the fields of the API version the same release's Java consumer sends to the same
release's broker (the highest both know: ``Protocol.java`` to 0.11, the request classes'
``schemaVersions`` 1.0–2.1, ``common/message/*Request.json`` from 2.2; OffsetCommit v9 is
``latestVersionUnstable`` in 3.6, so 3.6 sends v8), with that version's field names:
``Struct.toString`` of the hand-written schemas to 2.2 (``session_timeout``,
``group_protocols``, ``group_generation_id`` to 0.11, ``leader_id``…), of the generated ones from
2.3 (the spec names in snake_case, ``_tagged_fields={}`` in flexible versions, KIP-482), and the
generated JSON converters' camelCase names from 2.8.  Member ids, generations, the leader, the
members list (the leader's JoinGroup response only), protocols, assignments and error codes are
the engine's.

Rendered plausibly, not exactly:

* the times: the engine spends no time handling a request, so ``remoteTime`` is the wait between
  the request and its response (a JoinGroup parked in the DelayedJoin purgatory, a SyncGroup
  waiting for the leader), ``localTime`` a thousandth of a ms per request that arrived after it
  in its millisecond (so that a line's time less its ``totalTime`` puts a millisecond's requests
  back in order; 0.10 prints whole ms and cannot), ``totalTime`` their sum, every other stage 0;
* the connection (``127.0.0.1:9092-<client host>:<port>[-n]``, one fixed port and index per
  client), the correlation ids (one counter per client connection starting at 3, after the
  consumer's ApiVersions, Metadata and FindCoordinator; the fetches and offset fetches in
  between are not modelled) and the principal (``User:ANONYMOUS`` on PLAINTEXT);
* the bytes: a JoinGroup's protocol metadata is the engine's; an assignment is the consumer
  protocol's encoding of the engine's partitions (topics in first-seen order, no user data; the
  version header is ConsumerProtocolAssignment's highest per release: 0 before 2.4, 1 to 3.4, 3
  from 3.5); ``Struct.toString`` shows only a ``java.nio.HeapByteBuffer[pos=0 lim=N cap=N]`` of
  them, JSON their base64;
* an OffsetCommit: committed metadata ``""``, leader epoch -1, and the engine's one error on
  every partition;
* a batch LeaveGroup (KIP-345) in a release whose consumer sends LeaveGroup v0–v2 (before 2.4)
  has no rendering: its first member is written.  A transactional commit is a TxnOffsetCommit
  and is not written.
"""

from __future__ import annotations

import base64
import json
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from kafka_forensics.engine.effects import Finding, RequestReceived, Response, notes_of
from kafka_forensics.engine.group.consumer_protocol import Assignment, encode_assignment
from kafka_forensics.engine.group.requests import (
    Heartbeat,
    JoinGroup,
    LeaveGroup,
    OffsetCommit,
    SyncGroup,
)
from kafka_forensics.engine.profiles import Profile
from kafka_forensics.kafka_errors import ERRORS, RENAMED

from . import wording as w
from .wording import KafkaVersion

LOGGER = "kafka.request.logger"
FILE = "kafka-request.log"

#: request kind -> (api key, ApiKeys constant)
APIS: Mapping[str, tuple[int, str]] = {
    "join": (11, "JOIN_GROUP"),
    "sync": (14, "SYNC_GROUP"),
    "heartbeat": (12, "HEARTBEAT"),
    "leave": (13, "LEAVE_GROUP"),
    "commit": (8, "OFFSET_COMMIT"),
}

#: from this release on, the versions of (JoinGroup, SyncGroup, Heartbeat, LeaveGroup,
#: OffsetCommit) the release's Java consumer sends to a broker of the same release: the highest
#: each side knows.  Read per tag from Protocol.java (0.10.0.0, 0.10.1.0, 0.11.0.0), the request
#: classes' schemaVersions() (1.0.0–2.1.0) and common/message/*Request.json "validVersions"
#: (2.2.0 on; 3.6.0's OffsetCommit v9 is "latestVersionUnstable", stable from 3.7.0; trunk at
#: 4.0.0-SNAPSHOT, October 2024, has the same highest versions as 3.7–3.9, so 4.0 is taken as 3.7).
CLIENT_VERSIONS: tuple[tuple[KafkaVersion, tuple[int, int, int, int, int]], ...] = (
    ((0, 10, 0), (0, 0, 0, 0, 2)),
    ((0, 10, 1), (1, 0, 0, 0, 2)),  # JoinGroup v1: rebalance_timeout (KIP-62)
    ((0, 11, 0), (2, 1, 1, 1, 3)),  # throttle_time_ms in every response (KIP-124)
    ((2, 0, 0), (3, 2, 2, 2, 4)),  # KIP-219: throttling after the response
    ((2, 1, 0), (3, 2, 2, 2, 6)),  # OffsetCommit v5 (no retention), v6 (leader epoch, KIP-320)
    ((2, 2, 0), (4, 2, 2, 2, 6)),  # JoinGroup v4: MEMBER_ID_REQUIRED (KIP-394)
    ((2, 3, 0), (5, 3, 3, 2, 7)),  # group_instance_id (KIP-345)
    ((2, 4, 0), (6, 4, 4, 4, 8)),  # flexible versions (KIP-482), batch LeaveGroup v3+ (KIP-345)
    ((2, 5, 0), (7, 5, 4, 4, 8)),  # protocol type / name in JoinGroup / SyncGroup (KIP-559)
    ((3, 2, 0), (9, 5, 4, 5, 8)),  # reasons (KIP-800), skip_assignment (KIP-814)
    ((3, 7, 0), (9, 5, 4, 5, 9)),  # OffsetCommit v9 (KIP-848)
)
_INDEX = {"join": 0, "sync": 1, "heartbeat": 2, "leave": 3, "commit": 4}

#: flexible (KIP-482) from this version of each API: ``_tagged_fields={}`` in Struct.toString
_FLEXIBLE = {"join": 6, "sync": 4, "heartbeat": 4, "leave": 4, "commit": 8}

#: error name -> code (Errors.java), today's names and the renamed ones
_CURRENT_CODES = {name: code for code, name in ERRORS.items()}
CODES: Mapping[str, int] = _CURRENT_CODES | {old: _CURRENT_CODES[new] for old, new in RENAMED.items()}

_KINDS = (JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit)
_FIRST_CORRELATION_ID = 3  # after ApiVersions (0), Metadata (1) and FindCoordinator (2)


def client_versions(v: KafkaVersion) -> Mapping[str, int]:
    """request kind -> the API version the release's Java consumer sends."""
    chosen = CLIENT_VERSIONS[0][1]
    for since, versions in CLIENT_VERSIONS:
        if v >= since:
            chosen = versions
    return {kind: chosen[i] for kind, i in _INDEX.items()}


def level(v: KafkaVersion) -> str:
    """The level the ``Completed request`` line has: ``requestLogger.trace`` to 0.11.0.0 (the
    0.10.x TRACE branch carries the request details), ``debug`` from 1.0."""
    return "TRACE" if v < (1, 0, 0) else "DEBUG"


# --- the exchanges ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Exchange:
    """One request and the response that answered it (``position``: the response's index in
    the effects)."""

    received: RequestReceived
    response: Response
    position: int
    #: the request's place among the requests received (correlation ids follow it)
    arrival: int
    #: how many requests arrived after it within its millisecond (see ``total_ms``)
    behind: int = 0

    @property
    def kind(self) -> str:
        return self.response.request

    @property
    def waited_ms(self) -> int:
        """Whole ms from the request to its response (the engine's clock has no finer grain)."""
        return self.response.at - self.received.at

    @property
    def total_ms(self) -> float:
        """``waited_ms`` and a thousandth of a ms per request that arrived after it within its
        millisecond: Kafka's times have microseconds, and a reader that takes a line's time less
        its total time for the arrival puts requests of one millisecond back in their order."""
        return round(self.waited_ms + 0.001 * self.behind, 3)


def exchanges(effects: Sequence[Any], notes: Sequence[tuple[int, Any]] | None = None) -> list[Exchange]:
    """The group-coordinator exchanges of a run, in the order the responses were sent: each
    :class:`RequestReceived` note paired with the next :class:`Response` of the same client and
    request kind (FIFO per client and kind).  A transactional commit is a TxnOffsetCommit, not
    among these APIs: it is paired and left out."""
    notes = notes_of(effects) if notes is None else notes
    per_ms: dict[int, int] = {}  # arrival ms -> requests that arrived in it
    for _, note in notes:
        if isinstance(note, RequestReceived) and isinstance(note.request, _KINDS):
            per_ms[note.at] = per_ms.get(note.at, 0) + 1
    seen_ms: dict[int, int] = {}
    waiting: dict[tuple[str, str], deque[tuple[int, RequestReceived, int]]] = {}
    out: list[Exchange] = []
    n = 0
    for i, e in enumerate(effects):
        while n < len(notes) and notes[n][0] <= i:
            note = notes[n][1]
            n += 1
            if isinstance(note, RequestReceived) and isinstance(note.request, _KINDS):
                r = note.request
                rank = seen_ms[note.at] = seen_ms.get(note.at, 0) + 1
                behind = per_ms[note.at] - rank
                waiting.setdefault((r.client, r.kind.value), deque()).append((n - 1, note, behind))
        if isinstance(e, Finding) and e.name == "request_dropped" and e.client is not None:
            # Kafka never answers it (its callback was overwritten, its member removed): no line
            queue = waiting.get((e.client, str(e.request)))
            if queue:
                queue.popleft()
        if isinstance(e, Response) and e.request in APIS:
            queue = waiting.get((e.client, e.request))
            if queue:
                arrival, note, behind = queue.popleft()
                if not getattr(note.request, "transactional", False):  # a TxnOffsetCommit: another API
                    out.append(Exchange(note, e, i, arrival, behind))
    return out


# --- rendering values -------------------------------------------------------------------------


def java_double(ms: float) -> str:
    """``Double.toString`` (Scala's and Jackson's DoubleNode): ``0.0``, ``2950.0``, ``1.0E7``."""
    x = float(ms)
    if x == 0 or 1e-3 <= abs(x) < 1e7:
        return repr(x)
    exp = len(str(int(abs(x)))) - 1
    return f"{x / 10**exp!r}E{exp}"


def _byte_buffer(b: bytes) -> str:
    """``ByteBuffer.toString`` of a wrapped array, what ``Struct.toString`` prints for bytes."""
    return f"java.nio.HeapByteBuffer[pos=0 lim={len(b)} cap={len(b)}]"


def assignment_bytes(partitions: Iterable[str], version: int) -> bytes:
    """ConsumerProtocol's Assignment: version, [topic, [partition]], user data (null)."""
    return encode_assignment(Assignment(tuple(partitions)), version)


def _assignment_version(v: KafkaVersion) -> int:
    return 3 if v >= (3, 5, 0) else 1 if v >= (2, 4, 0) else 0


def _snake(camel: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", camel).lower()


#: a body: (struct name, JSON name, value) per field in schema order; a value is a scalar, bytes,
#: or a list of bodies
Body = list[tuple[str, str, Any]]


def struct_text(body: Body, flexible: bool) -> str:
    """``Struct.toString``: ``{name=value,…}``, arrays in brackets, bytes as their ByteBuffer."""
    parts = []
    for name, _, value in body:
        parts.append(f"{name}={_struct_value(value, flexible)}")
    if flexible:
        parts.append("_tagged_fields={}")
    return "{" + ",".join(parts) + "}"


def _struct_value(value: Any, flexible: bool) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, bytes):
        return _byte_buffer(value)
    if isinstance(value, list):
        return "[" + ",".join(struct_text(b, flexible) for b in value) + "]"
    return str(value)


def json_value(body: Body) -> dict[str, Any]:
    """The generated ``*JsonConverter.write``: camelCase names, bytes as base64."""
    return {name: _json_field(value) for _, name, value in body}


def _json_field(value: Any) -> Any:
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, list):
        return [json_value(b) for b in value]
    return value


# --- the bodies per API and version -----------------------------------------------------------


class _Bodies:
    """The request and response bodies of one exchange, in one release's field names."""

    def __init__(self, v: KafkaVersion, version: int) -> None:
        self.v = v
        self.version = version
        self.generated = v >= (2, 3, 0)  # generated schemas from 2.3 (LeaveGroup from 2.2)

    def f(self, camel: str, value: Any, old: str | None = None) -> tuple[str, str, Any]:
        """A field: its generated snake_case name, or ``old`` in a hand-written schema."""
        name = _snake(camel) if self.generated or old is None else old
        return (name, camel[0].lower() + camel[1:], value)

    # JoinGroup
    def join(self, r: JoinGroup, s: Response) -> tuple[Body, Body]:
        ver, f = self.version, self.f
        q: Body = [
            f("GroupId", r.group, "group_id"),
            f("SessionTimeoutMs", r.session_timeout_ms, "session_timeout"),
        ]
        if ver >= 1:
            q.append(f("RebalanceTimeoutMs", r.rebalance_timeout_ms, "rebalance_timeout"))
        q.append(f("MemberId", r.member_id, "member_id"))
        if ver >= 5:
            q.append(f("GroupInstanceId", r.instance_id))
        q.append(f("ProtocolType", r.protocol_type, "protocol_type"))
        q.append(
            f(
                "Protocols",
                [
                    [f("Name", p.name, "protocol_name"), f("Metadata", p.metadata, "protocol_metadata")]
                    for p in r.protocols
                ],
                "group_protocols",
            )
        )
        if ver >= 8:
            q.append(f("Reason", r.reason))
        a: Body = []
        if ver >= 2:
            a.append(f("ThrottleTimeMs", 0, "throttle_time_ms"))
        a.append(f("ErrorCode", CODES.get(s.error, -1), "error_code"))
        a.append(f("GenerationId", s.generation if s.generation is not None else -1, "generation_id"))
        if ver >= 7:
            a.append(f("ProtocolType", s.protocol_type))
        protocol = s.protocol_name if s.protocol_name is not None else (None if ver >= 7 else "")
        a.append(f("ProtocolName", protocol, "group_protocol"))
        a.append(f("Leader", s.leader or "", "leader_id"))
        if ver >= 9:
            a.append(f("SkipAssignment", bool(s.skip_assignment)))
        a.append(f("MemberId", s.member_id or "", "member_id"))
        metadata = {m: (inst, md) for m, inst, md in (s.member_metadata or ())}
        members: list[Body] = []
        for m in s.members or ():
            inst, md = metadata.get(m, (None, b""))
            member: Body = [f("MemberId", m, "member_id")]
            if ver >= 5:
                member.append(f("GroupInstanceId", inst))
            member.append(f("Metadata", md, "member_metadata"))
            members.append(member)
        a.append(f("Members", members, "members"))
        return q, a

    # SyncGroup
    def sync(self, r: SyncGroup, s: Response) -> tuple[Body, Body]:
        ver, f = self.version, self.f
        av = _assignment_version(self.v)
        q: Body = [
            f("GroupId", r.group, "group_id"),
            f("GenerationId", r.generation, "generation_id"),
            f("MemberId", r.member_id, "member_id"),
        ]
        if ver >= 3:
            q.append(f("GroupInstanceId", r.instance_id))
        if ver >= 5:
            q += [f("ProtocolType", r.protocol_type), f("ProtocolName", r.protocol_name)]
        q.append(
            f(
                "Assignments",
                [
                    [
                        f("MemberId", m, "member_id"),
                        f("Assignment", assignment_bytes(parts, av), "member_assignment"),
                    ]
                    for m, parts in (r.assignment or {}).items()
                ],
                "group_assignment",
            )
        )
        a: Body = []
        if ver >= 1:
            a.append(f("ThrottleTimeMs", 0, "throttle_time_ms"))
        a.append(f("ErrorCode", CODES.get(s.error, -1), "error_code"))
        if ver >= 5:
            a += [f("ProtocolType", s.protocol_type), f("ProtocolName", s.protocol_name)]
        given = assignment_bytes(s.assignment, av) if s.assignment is not None else b""
        a.append(f("Assignment", given, "member_assignment"))
        return q, a

    # Heartbeat
    def heartbeat(self, r: Heartbeat, s: Response) -> tuple[Body, Body]:
        ver, f = self.version, self.f
        generation = "group_generation_id" if self.v < (1, 0, 0) else "generation_id"
        q: Body = [
            f("GroupId", r.group, "group_id"),
            f("GenerationId", r.generation, generation),
            f("MemberId", r.member_id, "member_id"),
        ]
        if ver >= 3:
            q.append(f("GroupInstanceId", r.instance_id))
        return q, self._error_only(s)

    def _error_only(self, s: Response) -> Body:
        a: Body = []
        if self.version >= 1:
            a.append(self.f("ThrottleTimeMs", 0, "throttle_time_ms"))
        a.append(self.f("ErrorCode", CODES.get(s.error, -1), "error_code"))
        return a

    # LeaveGroup
    def leave(self, r: LeaveGroup, s: Response) -> tuple[Body, Body]:
        ver, f = self.version, self.f
        q: Body = [f("GroupId", r.group, "group_id")]
        if ver < 3:
            q.append(f("MemberId", r.members[0].member_id if r.members else "", "member_id"))
            return q, self._error_only(s)
        members: list[Body] = []
        for m in r.members:
            member: Body = [f("MemberId", m.member_id), f("GroupInstanceId", m.instance_id)]
            if ver >= 5:
                member.append(f("Reason", m.reason))
            members.append(member)
        q.append(f("Members", members))
        a = self._error_only(s)
        results = s.results or ()
        a.append(
            f(
                "Members",
                [
                    [
                        f("MemberId", m.member_id),
                        f("GroupInstanceId", m.instance_id),
                        f("ErrorCode", CODES.get(results[i] if i < len(results) else s.error, -1)),
                    ]
                    for i, m in enumerate(r.members)
                ]
                if s.error == "NONE"
                else [],
            )
        )
        return q, a

    # OffsetCommit
    def commit(self, r: OffsetCommit, s: Response) -> tuple[Body, Body]:
        ver, f = self.version, self.f
        old = self.v < (1, 0, 0)
        q: Body = [f("GroupId", r.group, "group_id")]
        if ver >= 1:
            # GenerationId until 3.5, GenerationIdOrMemberEpoch from 3.6 (KIP-848)
            gen = "GenerationIdOrMemberEpoch" if self.v >= (3, 6, 0) else "GenerationId"
            q.append(f(gen, r.generation, "group_generation_id" if old else "generation_id"))
            q.append(f("MemberId", r.member_id, "member_id"))
        if ver >= 7:
            q.append(f("GroupInstanceId", r.instance_id))
        if 2 <= ver <= 4:
            q.append(f("RetentionTimeMs", -1, "retention_time"))
        topics: dict[str, list[tuple[int, int]]] = {}
        for tp, offset in r.offsets.items():
            topic, _, p = tp.rpartition("-")
            topics.setdefault(topic, []).append((int(p), offset))
        code = CODES.get(s.error, -1)

        def partition(p: int, offset: int) -> Body:
            out: Body = [f("PartitionIndex", p, "partition"), f("CommittedOffset", offset, "offset")]
            if ver >= 6:
                out.append(f("CommittedLeaderEpoch", -1, "leader_epoch"))
            out.append(f("CommittedMetadata", "", "metadata"))
            return out

        q.append(
            f(
                "Topics",
                [
                    [f("Name", t, "topic"), f("Partitions", [partition(p, o) for p, o in ps], "partitions")]
                    for t, ps in topics.items()
                ],
                "topics",
            )
        )
        a: Body = []
        if ver >= 3:
            a.append(f("ThrottleTimeMs", 0, "throttle_time_ms"))
        a.append(
            f(
                "Topics",
                [
                    [
                        f("Name", t, "topic"),
                        f(
                            "Partitions",
                            [
                                [f("PartitionIndex", p, "partition"), f("ErrorCode", code, "error_code")]
                                for p, _ in ps
                            ],
                            "partition_responses",
                        ),
                    ]
                    for t, ps in topics.items()
                ],
                "responses",
            )
        )
        return q, a


# --- the lines --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RequestLine:
    """One ``Completed request:`` record: when (the response's virtual ms), its level, its message."""

    at: int
    level: str
    message: str


@dataclass
class _Connection:
    index: int
    host: str
    client_id: str
    next_correlation: int = _FIRST_CORRELATION_ID


def request_lines(
    effects: Sequence[Any], profile: Profile, notes: Sequence[tuple[int, Any]] | None = None
) -> list[RequestLine]:
    """The coordinator's request-log records for the run, in the order the responses were sent."""
    v = w.kafka_version(profile)
    versions = client_versions(v)
    pairs = exchanges(effects, notes)
    connections: dict[str, _Connection] = {}
    correlation: dict[int, int] = {}
    # correlation ids are handed out as the client sends, i.e. in the order requests arrived
    for x in sorted(pairs, key=lambda x: x.arrival):
        c = _connection(connections, x.received.request)
        correlation[id(x)] = c.next_correlation
        c.next_correlation += 1
    lvl = level(v)
    out = []
    for x in pairs:
        c = _connection(connections, x.received.request)
        out.append(RequestLine(x.response.at, lvl, _message(x, v, versions[x.kind], c, correlation[id(x)])))
    return out


def _connection(connections: dict[str, _Connection], r: Any) -> _Connection:
    c = connections.get(r.client)
    if c is None:
        host = r.client_host.lstrip("/") if isinstance(r, JoinGroup) else "127.0.0.1"
        client_id = r.client_id if isinstance(r, JoinGroup) else r.client
        c = connections[r.client] = _Connection(len(connections), host, client_id)
    elif isinstance(r, JoinGroup) and c.client_id == r.client:
        c.client_id = r.client_id
    return c


def _message(x: Exchange, v: KafkaVersion, version: int, c: _Connection, corr: int) -> str:
    bodies = _Bodies(v, version)
    request, response = getattr(bodies, x.kind)(x.received.request, x.response)
    key, enum = APIS[x.kind]
    total = x.total_ms
    remote = x.waited_ms  # the engine takes no time: a wait is a purgatory wait
    local = round(total - remote, 3)  # the fraction of a ms that orders requests of one millisecond
    port = 50000 + c.index
    if v >= (2, 8, 0):
        desc = {
            "isForwarded": False,
            "requestHeader": {
                "requestApiKey": key,
                "requestApiVersion": version,
                "correlationId": corr,
                "clientId": c.client_id,
                "requestApiKeyName": enum,
            },
            "request": json_value(request),
            "response": json_value(response),
            "connection": f"127.0.0.1:9092-{c.host}:{port}-{c.index}",
            "totalTimeMs": _Double(total),
            "requestQueueTimeMs": _Double(0),
            "localTimeMs": _Double(local),
            "remoteTimeMs": _Double(remote),
            "throttleTimeMs": 0,
            "responseQueueTimeMs": _Double(0),
            "sendTimeMs": _Double(0),
            "securityProtocol": "PLAINTEXT",
            "principal": "User:ANONYMOUS",
            "listener": "PLAINTEXT",
            "clientInformation": {"softwareName": "apache-kafka-java", "softwareVersion": _release(v)},
        }
        return "Completed request:" + _dumps(desc)
    flexible = version >= _FLEXIBLE[x.kind]
    if v < (1, 0, 0):
        header = f"{{api_key={key},api_version={version},correlation_id={corr},client_id={c.client_id}}}"
        head = (
            f"Completed request:{header} -- {struct_text(request, False)} from connection "
            f"127.0.0.1:9092-{c.host}:{port};"
        )
        if v < (0, 11, 0):
            times = (
                f"totalTime:{remote},requestQueueTime:0,localTime:0,remoteTime:{remote},responseQueueTime:0,"
                "sendTime:0,securityProtocol:PLAINTEXT,principal:User:ANONYMOUS"
            )
            return head + times + (",listener:PLAINTEXT" if v >= (0, 10, 2) else "")
        zero = "0.000000"
        return head + (
            f"totalTime:{total:.6f},requestQueueTime:{zero},localTime:{local:.6f},remoteTime:{remote:.6f},"
            f"throttleTime:{zero},responseQueueTime:{zero},sendTime:{zero},securityProtocol:PLAINTEXT,"
            "principal:User:ANONYMOUS,listener:PLAINTEXT"
        )
    zero = java_double(0)
    line = (
        f"Completed request:RequestHeader(apiKey={enum}, apiVersion={version}, clientId={c.client_id}, "
        f"correlationId={corr}) -- {struct_text(request, flexible)}"
        f",response:{struct_text(response, flexible)}"
        f" from connection 127.0.0.1:9092-{c.host}:{port}-{c.index};totalTime:{java_double(total)},"
        f"requestQueueTime:{zero},localTime:{java_double(local)},remoteTime:{java_double(remote)},"
        f"throttleTime:{zero},"
        f"responseQueueTime:{zero},sendTime:{zero},securityProtocol:PLAINTEXT,principal:User:ANONYMOUS,"
        "listener:PLAINTEXT"
    )
    if v >= (2, 5, 0):
        software = f"softwareName=apache-kafka-java, softwareVersion={_release(v)}"
        line += f",clientInformation:ClientInformation({software})"
    return line


def _release(v: KafkaVersion) -> str:
    return f"{v[0]}.{v[1]}.0"


class _Double(float):
    """A Jackson DoubleNode: written with Java's ``Double.toString``."""


def _dumps(value: Any) -> str:
    """Jackson's ``ObjectNode.toString``: compact, UTF-8 as is, doubles as Java writes them."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{_dumps(x)}" for k, x in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_dumps(x) for x in value) + "]"
    if isinstance(value, _Double):
        return java_double(value)
    return json.dumps(value, ensure_ascii=False)


# --- the file ---------------------------------------------------------------------------------


def request_log(broker: int, cluster: str | None = None) -> str:
    """``kafka-request.log`` beside the broker's ``server.log``."""
    from .emit import server_log

    return server_log(broker, cluster).rpartition("/")[0] + "/" + FILE


def render_request_log(
    effects: Sequence[Any], profile: Profile, *, start: datetime, broker: int = 0, cluster: str | None = None
) -> dict[str, list[str]]:
    """file (relative path) -> its lines in the default layout ``[%d] %p %m (%c)``; nothing when
    the coordinator answered none of these requests."""
    from .emit import timestamp

    lines = [
        f"[{timestamp(start, r.at)}] {r.level} {r.message} ({LOGGER})"
        for r in request_lines(effects, profile)
    ]
    return {request_log(broker, cluster): lines} if lines else {}
