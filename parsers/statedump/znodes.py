"""Kafka's znodes (ZooKeeper mode): the path says what a znode is, its data (Kafka's JSON)
says the state, per the version Kafka wrote.

``decode_znode(path, data)`` -> ``Znode(kind, fields)``: ``kind`` is one of the
``zk_*`` event kinds (``docs/kinds.md``, area "ZooKeeper and KRaft state dumps"),
``fields`` maps event-table columns (``topic``, ``partition``, ``leader``,
``leader_epoch``, ``isr``, ``controller_epoch``, ``controller``, ``brokers``,
``replicas``, ``partitions``, ``group``, ``offset``, ``count``) to values and
``details`` to a dict of everything else the JSON holds (its ``version`` included).

The path alone decides the kind, so a znode without data (a ``delete`` in a
transaction log, ``ls`` output, a capture without ``get``) still gets its kind and the
fields its path names (the topic and partition of a partition state, the broker id of
a registration).  Data that is not what Kafka writes at that path keeps the kind;
``details.problem`` says what is wrong and the fields stay null: nothing is guessed.
The caller adds what the znode's stat or the transaction says (``zk_version``,
``zxid``, ``zk_session``, ``ts``).

Formats, from Kafka's ``kafka.zk.ZkData`` (1.1+) and ``kafka.utils.ZkUtils`` (before),
read per release tag:

* ``/brokers/topics/<t>/partitions/<p>/state``: ``{"controller_epoch", "leader",
  "version":1, "leader_epoch", "isr"}``, plus ``"leader_recovery_state":1`` from 3.2
  (KIP-704) only while the partition is RECOVERING (0 = RECOVERED is never written).
* ``/brokers/ids/<id>`` (ephemeral): v1 ``host``, ``port``, ``jmx_port``,
  ``timestamp``; v2 (0.9) adds ``endpoints``; v3 (0.10.0) ``rack``; v4 (0.10.2,
  KIP-103) ``listener_security_protocol_map``; v5 (2.7, KIP-584) ``features``.
* ``/brokers/topics/<t>``: v1 ``partitions`` {p: replicas}; v2 (2.4, KIP-455)
  ``adding_replicas`` / ``removing_replicas``; v3 (2.8, KIP-516) ``topic_id``.
* ``/controller``: v1 ``brokerid``, ``timestamp``; v2 (3.4, KIP-866 migration)
  ``kraftControllerEpoch`` (-1 for a ZK controller).  ``/controller_epoch``: an integer.
* ``/isr_change_notification/isr_change_<seq>``: ``{"version":1, "partitions":
  [{"topic", "partition"}]}`` (written by partition leaders, deleted by the controller).
* ``/admin/reassign_partitions``: ``{"version":1, "partitions": [{"topic",
  "partition", "replicas", "log_dirs"?}]}``; ``/admin/preferred_replica_election``:
  ``{"version":1, "partitions": [{"topic", "partition"}]}``;
  ``/admin/delete_topics/<t>``: no data.
* ``/config/<type>/<name>``: ``{"version":1, "config": {...}}``;
  ``/config/changes/config_change_<seq>``: v1 ``entity_type`` / ``entity_name``
  (0.9-0.10.0), v2 ``entity_path`` (0.10.1+, KIP-55).
* ``/log_dir_event_notification/log_dir_event_<seq>``: ``{"version":1, "broker",
  "event":1}`` (1 = log directory failure, KIP-112).
* ``/cluster/id``: ``{"version":"1", "id"}``; ``/consumers/<g>/offsets/<t>/<p>``: the
  old (pre-0.9) consumer's committed offset as a decimal string.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# kinds (their docs are in parsers/kinds.py)
PARTITION_STATE = "zk_partition_state"
TOPIC_ASSIGNMENT = "zk_topic_assignment"
BROKER_REGISTRATION = "zk_broker_registration"
CONTROLLER = "zk_controller"
CONTROLLER_EPOCH = "zk_controller_epoch"
ISR_CHANGE_NOTIFICATION = "zk_isr_change_notification"
REASSIGNMENT = "zk_reassignment"
PREFERRED_REPLICA_ELECTION = "zk_preferred_replica_election"
TOPIC_DELETION = "zk_topic_deletion"
CONFIG = "zk_config"
CONFIG_CHANGE = "zk_config_change"
LOG_DIR_EVENT = "zk_log_dir_event"
CLUSTER_ID = "zk_cluster_id"
CONSUMER_OFFSET = "zk_consumer_offset"
NODE = "zk_node"

KINDS: tuple[str, ...] = (
    PARTITION_STATE, TOPIC_ASSIGNMENT, BROKER_REGISTRATION, CONTROLLER, CONTROLLER_EPOCH,
    ISR_CHANGE_NOTIFICATION, REASSIGNMENT, PREFERRED_REPLICA_ELECTION, TOPIC_DELETION, CONFIG,
    CONFIG_CHANGE, LOG_DIR_EVENT, CLUSTER_ID, CONSUMER_OFFSET, NODE,
)

#: LeaderRecoveryState (KIP-704, org.apache.kafka.metadata.LeaderRecoveryState)
LEADER_RECOVERY_STATES = {0: "RECOVERED", 1: "RECOVERING"}


@dataclass(frozen=True, slots=True)
class Znode:
    """What a znode is: its kind and the event-table fields its path and data give.

    ``fields`` holds event-table columns only; ``fields["details"]`` (always present) is
    a dict of the rest.  Unpacks as ``kind, fields = decode_znode(...)``.
    """

    kind: str
    fields: dict[str, Any] = field(default_factory=dict)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter((self.kind, self.fields))

    @property
    def problem(self) -> str | None:
        """Why the data is not what Kafka writes at this path (None when it is, or when absent)."""
        return self.fields["details"].get("problem")


class _Bad(ValueError):
    """The data does not have the shape Kafka writes at this path."""


# ------------------------------------------------------------------------------------------
_TOPIC = r"(?P<topic>[^/]+)"
_SEQ = r"(?P<seq>\d+)"


def _route(pattern: str) -> re.Pattern[str]:
    return re.compile("^" + pattern + "$")


# (path pattern, kind, data decoder or None); first match wins, so specific paths come first.
_Decoder = Callable[[re.Match[str], Any, dict[str, Any], dict[str, Any]], None]


def decode_znode(path: str, data: bytes | str | None) -> Znode:
    """Decode a znode: ``path`` as ZooKeeper names it (``/brokers/ids/1``; an empty path
    is the root), ``data`` its bytes or text (``None`` or empty: no data)."""
    path = path or "/"
    text = _text(data)
    for pattern, kind, decoder in _ROUTES:
        m = pattern.match(path)
        if m is None:
            continue
        fields: dict[str, Any] = {}
        details: dict[str, Any] = {}
        _path_fields(m, fields)
        if text is not None and text.strip() and text.strip() != "null" and decoder is not None:
            try:
                value = _parse(kind, text)
                decoder(m, value, fields, details)
            except _Bad as e:
                kept = {k: fields[k] for k in ("topic", "partition", "brokers", "group") if k in fields}
                fields = kept
                _path_fields(m, fields)
                details = {"problem": f"not what Kafka writes at {path}: {e}"}
        fields["details"] = details
        if (versions := _kafka_versions(kind, details.get("version"))) is not None:
            fields["versions"] = versions
        return Znode(kind, fields)
    raise AssertionError("the catch-all route always matches")  # pragma: no cover


# The Kafka releases that write each JSON version (ZkData / ZkUtils per release tag).
_WRITTEN_BY: dict[str, dict[int, str]] = {
    BROKER_REGISTRATION: {1: "0.8", 2: "0.9", 3: "0.10.0-0.10.1", 4: "0.10.2-2.6", 5: "2.7+"},
    TOPIC_ASSIGNMENT: {1: "0.8-2.3", 2: "2.4-2.7", 3: "2.8+"},
    CONTROLLER: {1: "0.8-3.3", 2: "3.4+"},
    PARTITION_STATE: {1: "0.8+"},
    ISR_CHANGE_NOTIFICATION: {1: "0.9+"},
    CONFIG_CHANGE: {1: "0.9-0.10.0", 2: "0.10.1+"},
}


def _kafka_versions(kind: str, version: object) -> str | None:
    if not isinstance(version, int):
        return None
    return _WRITTEN_BY.get(kind, {}).get(version)


def znode_row(path: str, data: bytes | str | None) -> dict[str, Any]:
    """An event row's znode columns: kind, zk_path, zk_data and the decoded fields."""
    z = decode_znode(path, data)
    row = dict(z.fields)
    row["kind"] = z.kind
    row["zk_path"] = path or "/"
    row["zk_data"] = _text(data) if data else None
    return row


def _text(data: bytes | str | None) -> str | None:
    if data is None:
        return None
    if isinstance(data, str):
        return data
    try:
        return bytes(data).decode("utf-8")
    except UnicodeDecodeError:
        return bytes(data).decode("latin-1")


_PLAIN = frozenset({CONTROLLER_EPOCH, CONSUMER_OFFSET})


def _parse(kind: str, text: str) -> Any:
    if kind in _PLAIN:
        return text.strip()
    try:
        return json.loads(text)
    except ValueError as e:
        if kind == NODE:  # not Kafka's znode: its data may be anything
            return None
        raise _Bad(f"invalid JSON ({e})") from None


def _path_fields(m: re.Match[str], fields: dict[str, Any]) -> None:
    g = m.groupdict()
    if g.get("topic") is not None:
        fields["topic"] = g["topic"]
    if g.get("partition") is not None:
        fields["partition"] = int(g["partition"])
    if g.get("broker") is not None:
        fields["brokers"] = [int(g["broker"])]
    if g.get("group") is not None:
        fields["group"] = g["group"]
    if g.get("etype") == "topics":
        fields["topic"] = g["ename"]


# -- typed access to JSON values -----------------------------------------------------------
def _obj(v: Any, what: str = "the data") -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad(f"{what} is not a JSON object")
    return v


def _int(d: dict[str, Any], key: str, *, optional: bool = False) -> int | None:
    if key not in d or d[key] is None:
        if optional:
            return None
        raise _Bad(f"no `{key}`")
    v = d[key]
    if isinstance(v, bool):
        raise _Bad(f"`{key}` is not an integer")
    if isinstance(v, int):
        return v
    if isinstance(v, str) and re.fullmatch(r"-?\d+", v.strip()):  # Kafka writes some numbers as strings
        return int(v)
    raise _Bad(f"`{key}` is not an integer")


def _ints(v: Any, what: str) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise _Bad(f"{what} is not a list of integers")
    return list(v)


def _str(d: dict[str, Any], key: str, *, optional: bool = False) -> str | None:
    v = d.get(key)
    if v is None:
        if optional:
            return None
        raise _Bad(f"no `{key}`")
    if not isinstance(v, str):
        raise _Bad(f"`{key}` is not a string")
    return v


def _topic_partitions(v: Any, what: str) -> list[dict[str, Any]]:
    if not isinstance(v, list):
        raise _Bad(f"{what} is not a list")
    out = []
    for item in v:
        o = _obj(item, f"an entry of {what}")
        out.append(o | {"topic": _str(o, "topic"), "partition": _int(o, "partition")})
    return out


def _tp(o: dict[str, Any]) -> str:
    return f"{o['topic']}-{o['partition']}"


# -- the decoders --------------------------------------------------------------------------
def _partition_state(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    f["leader"] = _int(o, "leader")
    f["leader_epoch"] = _int(o, "leader_epoch")
    f["controller_epoch"] = _int(o, "controller_epoch")
    f["isr"] = _ints(o.get("isr"), "`isr`")
    d["version"] = _int(o, "version", optional=True)
    lrs = _int(o, "leader_recovery_state", optional=True)
    # absent means RECOVERED: Kafka 3.2+ writes the key only while RECOVERING (KIP-704)
    d["leader_recovery_state"] = LEADER_RECOVERY_STATES.get(lrs if lrs is not None else 0, f"unknown {lrs}")


def _broker_registration(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    version = _int(o, "version")
    d["version"] = version
    d["host"] = o.get("host")
    d["port"] = _int(o, "port", optional=True)
    d["jmx_port"] = _int(o, "jmx_port", optional=True)
    d["timestamp"] = _int(o, "timestamp", optional=True)
    endpoints = o.get("endpoints")
    if endpoints is not None:
        if not isinstance(endpoints, list) or not all(isinstance(e, str) for e in endpoints):
            raise _Bad("`endpoints` is not a list of strings")
        d["endpoints"] = endpoints
    elif d["host"] is not None and d["port"] is not None:  # v1: the PLAINTEXT host and port only
        d["endpoints"] = [f"PLAINTEXT://{d['host']}:{d['port']}"]
    for key in ("rack", "listener_security_protocol_map", "features"):
        if o.get(key) is not None:
            d[key] = o[key]


def _topic_assignment(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    parts = _obj(o.get("partitions", {}), "`partitions`")
    assignment: dict[str, list[int]] = {}
    for p, replicas in parts.items():
        if not re.fullmatch(r"\d+", p):
            raise _Bad(f"partition `{p}` is not a number")
        assignment[p] = _ints(replicas, f"the replicas of partition {p}")
    d["partitions"] = dict(sorted(assignment.items(), key=lambda kv: int(kv[0])))
    for key in ("adding_replicas", "removing_replicas"):  # v2, Kafka 2.4+ (KIP-455)
        moving = o.get(key)
        if moving:
            d[key] = {p: _ints(r, f"`{key}` of partition {p}") for p, r in _obj(moving, f"`{key}`").items()}
    if o.get("topic_id") is not None:  # v3, Kafka 2.8+ (KIP-516)
        d["topic_id"] = _str(o, "topic_id")
    f["count"] = len(assignment)
    f["partitions"] = [f"{f.get('topic')}-{p}" for p in d["partitions"]]


def _controller(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    f["controller"] = _int(o, "brokerid")
    d["version"] = _int(o, "version", optional=True)
    d["timestamp"] = _int(o, "timestamp", optional=True)
    kraft = _int(o, "kraftControllerEpoch", optional=True)  # v2, Kafka 3.4+ (KIP-866)
    if kraft is not None:
        d["kraft_controller_epoch"] = kraft


def _controller_epoch(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    if not re.fullmatch(r"-?\d+", v):
        raise _Bad("not an integer")
    f["controller_epoch"] = int(v)


def _partition_list(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    tps = _topic_partitions(o.get("partitions"), "`partitions`")
    for tp in tps:
        if "replicas" in tp:
            tp["replicas"] = _ints(tp["replicas"], f"the replicas of {_tp(tp)}")
    if any(set(tp) - {"topic", "partition"} for tp in tps):
        d["partitions"] = tps
    f["partitions"] = [_tp(tp) for tp in tps]
    f["count"] = len(tps)
    if m.groupdict().get("seq") is not None:
        d["sequence"] = int(m["seq"])


def _config(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    d["entity_type"], d["entity_name"] = m["etype"], m["ename"]
    d["config"] = _obj(o.get("config", {}), "`config`")


def _config_change(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    d["sequence"] = int(m["seq"])
    entity_path = _str(o, "entity_path", optional=True)  # v2, Kafka 0.10.1+
    if entity_path is not None:
        d["entity_path"] = entity_path
        etype, _, ename = entity_path.partition("/")
    else:  # v1: entity_type and entity_name
        etype, ename = _str(o, "entity_type"), _str(o, "entity_name")
        d["entity_path"] = f"{etype}/{ename}"
    d["entity_type"], d["entity_name"] = etype, ename
    if etype == "topics" and ename:
        f["topic"] = ename


def _log_dir_event(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    d["sequence"] = int(m["seq"])
    f["brokers"] = [_int(o, "broker")]
    event = _int(o, "event", optional=True)
    d["event"] = {1: "log_dir_failure"}.get(event, event) if event is not None else None


def _cluster_id(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    o = _obj(v)
    d["version"] = _int(o, "version", optional=True)
    d["cluster_id"] = _str(o, "id")


def _consumer_offset(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    if not re.fullmatch(r"-?\d+", v):
        raise _Bad("not an integer offset")
    f["offset"] = int(v)


def _json_details(m: re.Match[str], v: Any, f: dict[str, Any], d: dict[str, Any]) -> None:
    """Any other znode: its JSON object, when it is one, goes to details as it stands."""
    if isinstance(v, dict):
        d["data"] = v


_ROUTES: tuple[tuple[re.Pattern[str], str, _Decoder | None], ...] = (
    (_route(rf"/brokers/topics/{_TOPIC}/partitions/(?P<partition>\d+)/state"), PARTITION_STATE,
     _partition_state),
    (_route(rf"/brokers/topics/{_TOPIC}"), TOPIC_ASSIGNMENT, _topic_assignment),
    (_route(rf"/brokers/topics/{_TOPIC}/partitions(?:/(?P<partition>\d+))?"), NODE, None),
    (_route(r"/brokers/ids/(?P<broker>-?\d+)"), BROKER_REGISTRATION, _broker_registration),
    (_route(r"/controller"), CONTROLLER, _controller),
    (_route(r"/controller_epoch"), CONTROLLER_EPOCH, _controller_epoch),
    (_route(rf"/isr_change_notification/isr_change_{_SEQ}"), ISR_CHANGE_NOTIFICATION, _partition_list),
    (_route(r"/admin/reassign_partitions"), REASSIGNMENT, _partition_list),
    (_route(r"/admin/preferred_replica_election"), PREFERRED_REPLICA_ELECTION, _partition_list),
    (_route(rf"/admin/delete_topics/{_TOPIC}"), TOPIC_DELETION, None),
    (_route(rf"/config/changes/config_change_{_SEQ}"), CONFIG_CHANGE, _config_change),
    # users/<u>/clients/<c> is the one two-level entity (KIP-55 quotas)
    (_route(r"/config/(?P<etype>[^/]+)/(?P<ename>[^/]+(?:/clients/[^/]+)?)"), CONFIG, _config),
    (_route(rf"/log_dir_event_notification/log_dir_event_{_SEQ}"), LOG_DIR_EVENT, _log_dir_event),
    (_route(r"/cluster/id"), CLUSTER_ID, _cluster_id),
    (_route(rf"/consumers/(?P<group>[^/]+)/offsets/{_TOPIC}/(?P<partition>\d+)"), CONSUMER_OFFSET,
     _consumer_offset),
    (_route(r"/.*"), NODE, _json_details),
)
