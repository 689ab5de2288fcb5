"""Field types of the message catalogue: the regex a placeholder matches and the
vectorised conversion of the captured text into its column.

Kafka prints the same value many ways (see kafka-log-templates.md §10.7): an ISR
is ``1,2,3`` or ``[1,2,3]`` or ``[1, 2, 3]`` or ``List(1, 2)`` or ``Set(1)`` or
``HashSet(1, 2)``; an option is ``Some(3)`` / ``None`` / ``Optional[3]`` /
``Optional.empty``.  Each type here accepts all renderings it can meet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl


@dataclass(frozen=True)
class FieldType:
    name: str
    regex: str
    convert: Callable[[pl.Expr], pl.Expr]


def _as_is(e: pl.Expr) -> pl.Expr:
    return e


def _int(e: pl.Expr) -> pl.Expr:
    return e.cast(pl.Int64, strict=False)


def _float(e: pl.Expr) -> pl.Expr:
    return e.cast(pl.Float64, strict=False)


def _ids(e: pl.Expr) -> pl.Expr:
    # brokerId=1 in 3.5+ `isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1))`
    # carries a second number per element; take the broker ids only when present.
    with_epochs = e.str.extract_all(r"brokerId=-?\d+").list.eval(
        pl.element().str.slice(9).cast(pl.Int32, strict=False)
    )
    plain = e.str.extract_all(r"-?\d+").list.eval(pl.element().cast(pl.Int32, strict=False))
    return pl.when(e.str.contains("brokerId=", literal=True)).then(with_epochs).otherwise(plain)


def _opt(e: pl.Expr) -> pl.Expr:
    """``Some(x)`` / ``Optional[x]`` -> x; ``None`` / ``Optional.empty`` / ``null`` -> null."""
    inner = e.str.replace(r"^(?:Some\((.*)\)|Optional\[(.*)\])$", "${1}${2}")
    return pl.when(e.is_in(["None", "Optional.empty", "null"])).then(None).otherwise(inner)


def _opt_int(e: pl.Expr) -> pl.Expr:
    return _int(_opt(e))


def _strs(e: pl.Expr) -> pl.Expr:
    """A rendered collection of names (``[t-0, t-1]``, ``t-0, t-1``, ``Set(t-0)``) -> list."""
    body = e.str.replace(r"^(?:[A-Za-z]*\()?\[?", "").str.replace(r"\]?\)?$", "")
    return (
        pl.when(body.str.strip_chars() == "")
        .then(pl.lit([], dtype=pl.List(pl.String)))
        .otherwise(body.str.split(",").list.eval(pl.element().str.strip_chars()))
    )


def _nonempty(e: pl.Expr) -> pl.Expr:
    """Java's ``Optional.orElse("")`` rendering (``groupInstanceId=''``): empty -> null."""
    return pl.when(e == "").then(None).otherwise(e)


def _java_optional_int(e: pl.Expr) -> pl.Expr:
    """``OptionalInt[3]`` -> 3; ``OptionalInt.empty`` -> null (Java's OptionalInt.toString)."""
    return e.str.extract(r"^OptionalInt\[(-?\d+)\]$", 1).cast(pl.Int64, strict=False)


def _under_min_isr(e: pl.Expr) -> pl.Expr:
    """3.5+ prints `(under-min-isr)` or nothing (apache/kafka#13508): a flag, false when absent."""
    return e.fill_null("") == "(under-min-isr)"


def _offset_meta(e: pl.Expr) -> pl.Expr:
    """A LogOffsetMetadata rendering -> its message offset (the first number)."""
    return e.str.extract(r"(-?\d+)", 1).cast(pl.Int64, strict=False)


# One out-of-sync replica of a "Shrinking ISR" line (2.2+): endOffset and, from 3.6,
# lastCaughtUpTimeMs; both print `unknown` when the leader has no state for it (3.0+).
_LAGGING_ONE = (
    r"\(brokerId: -?\d+, endOffset: (?:-?\d+|unknown)(?:, lastCaughtUpTimeMs: (?:-?\d+|unknown))?\)"
)


def _lagging(e: pl.Expr) -> pl.Expr:
    """`(brokerId: 2, endOffset: 90410) (brokerId: 3, endOffset: unknown)` -> list of
    {broker, end_offset, last_caught_up_ms} (null where Kafka printed `unknown`)."""
    return e.str.extract_all(_LAGGING_ONE).list.eval(
        pl.struct(
            pl.element().str.extract(r"brokerId: (-?\d+)", 1).cast(pl.Int32, strict=False)
            .alias("broker"),
            pl.element().str.extract(r"endOffset: (-?\d+)", 1).cast(pl.Int64, strict=False)
            .alias("end_offset"),
            pl.element().str.extract(r"lastCaughtUpTimeMs: (-?\d+)", 1)
            .cast(pl.Int64, strict=False).alias("last_caught_up_ms"),
        )
    )


# A rendered list of ints in any of Kafka's collection styles (possibly empty).
_IDS_RE = (
    r"(?:(?:[A-Za-z]+\()?\[?(?:-?\d+(?:\s*,\s*-?\d+)*)?\]?\)?"
    r"|List\((?:BrokerState\(brokerId=-?\d+, brokerEpoch=-?\d+\)(?:, )?)*\))"
)

TYPES: dict[str, FieldType] = {
    "str": FieldType("str", r".*?", _as_is),
    "text": FieldType("text", r".*", _as_is),
    "word": FieldType("word", r"\S+", _as_is),
    "int": FieldType("int", r"-?\d+", _int),
    "float": FieldType("float", r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?", _float),
    "ids": FieldType("ids", _IDS_RE, _ids),
    "opt": FieldType("opt", r"(?:Some\(.*?\)|None|Optional\[.*?\]|Optional\.empty|null|\S+)", _opt),
    "opt_int": FieldType("opt_int", r"(?:Some\(-?\d+\)|None|Optional\[-?\d+\]|Optional\.empty|-?\d+)",
                         _opt_int),
    "strs": FieldType("strs", r"(?:[A-Za-z]*\()?\[?[^\]\)]*?\]?\)?", _strs),
    "state": FieldType("state", r"[A-Za-z]+", _as_is),
    "member": FieldType("member", r"\S+", _as_is),
    "group": FieldType("group", r".+?", _as_is),
    "bool": FieldType("bool", r"(?:true|false)", lambda e: e == "true"),
    "nonempty": FieldType("nonempty", r".*?", _nonempty),
    "optional_int": FieldType("optional_int", r"OptionalInt(?:\[-?\d+\]|\.empty)", _java_optional_int),
    # replication (kafka-log-templates.md §4)
    "under_min_isr": FieldType("under_min_isr", r"(?:\(under-min-isr\))?", _under_min_isr),
    "offset_meta": FieldType(
        "offset_meta",
        r"(?:\(offset=-?\d+,? ?segment=\[-?\d+:-?\d+\]\)|-?\d+ \[-?\d+ : -?\d+\])",
        _offset_meta,
    ),
    # 2.2-3.5: (brokerId: N, endOffset: N); 3.6+ adds lastCaughtUpTimeMs
    "lagging": FieldType(
        "lagging",
        r"\(brokerId: -?\d+, endOffset: (?:-?\d+|unknown)\)"
        r"(?: \(brokerId: -?\d+, endOffset: (?:-?\d+|unknown)\))*",
        _lagging,
    ),
    "lagging_since": FieldType(
        "lagging_since",
        r"\(brokerId: -?\d+, endOffset: (?:-?\d+|unknown), lastCaughtUpTimeMs: (?:-?\d+|unknown)\)"
        r"(?: \(brokerId: -?\d+, endOffset: (?:-?\d+|unknown), lastCaughtUpTimeMs: (?:-?\d+|unknown)\))*",
        _lagging,
    ),
}

# The type a placeholder gets when its template does not say.
DEFAULT_TYPE: dict[str, str] = {
    "node": "int", "generation": "int", "members": "int", "coordinator_partition": "int",
    "coordinator_epoch": "int", "coordinator": "int", "partition": "int", "leader": "int",
    "prev_leader": "int", "leader_epoch": "int", "prev_leader_epoch": "int", "replica": "int",
    "hw": "int", "leo": "int", "offset": "int", "zk_version": "int", "controller_epoch": "int",
    "controller": "int", "correlation_id": "int", "count": "int",
    "isr": "ids", "prev_isr": "ids", "replicas": "ids", "brokers": "ids",
    "duration_ms": "float", "partitions": "strs",
    "member": "member", "group": "group", "state": "state", "prev_state": "state",
    "topic": "word", "client_id": "word", "instance_id": "opt", "error": "word",
}


def field_type(field: str, explicit: str | None) -> FieldType:
    name = explicit or DEFAULT_TYPE.get(field.rsplit(".", 1)[-1], "str")
    try:
        return TYPES[name]
    except KeyError:
        raise ValueError(f"unknown placeholder type {name!r} for field {field!r}") from None


# --- consumer client -----------------------------------------------------------------------


def _coordinator_node(e: pl.Expr) -> pl.Expr:
    """The group coordinator as a client prints it -> the coordinator's broker id.

    The classic consumer keeps the coordinator as ``new Node(Integer.MAX_VALUE - brokerId, ...)``
    (a separate connection id, 0.10 → 4.x), so ``Node.toString`` prints ``host:port (id:
    2147483646 rack: null)`` for broker 1; the new consumer prints ``Optional[<node>]`` /
    ``Optional.empty``, and its ``Discovered group coordinator`` line (3.7+) prints the
    FindCoordinator data itself, ``Coordinator(key='g', nodeId=1, host='h', port=9092, ...)``,
    whose ``nodeId`` is the broker id already.  An id below 2^30 is taken as a broker id as is.
    """
    conn = e.str.extract(r"\(id: (-?\d+) rack: ", 1).cast(pl.Int64, strict=False)
    data = e.str.extract(r"nodeId=(-?\d+)", 1).cast(pl.Int64, strict=False)
    broker = pl.when(conn >= 1 << 30).then(2147483647 - conn).otherwise(conn)
    return pl.coalesce(data, broker)


TYPES["coordinator_node"] = FieldType(
    "coordinator_node",
    r"(?:Optional\[)?(?:\S+ \(id: -?\d+ rack: [^)]*\)|null)\]?|Optional\.empty|Coordinator\([^)]*\)",
    _coordinator_node,
)


# --- controller (ZooKeeper mode) -------------------------------------------------------------


def _tps(e: pl.Expr) -> pl.Expr:
    """A list of partitions as the ZK controller prints it -> ``topic-N`` strings: the
    0.8–0.11 TopicAndPartition ``[t,0],[t,1]`` / ``Set([t,0], [t,1])`` or TopicPartition
    ``t-0,t-1`` / ``Set(t-0, t-1)`` / ``HashSet(...)`` (possibly empty)."""
    taps = e.str.extract_all(r"\[[^\[\],\s]+,\d+\]").list.eval(
        pl.element().str.replace(r"^\[(.+),(\d+)\]$", "${1}-${2}")
    )
    return pl.when(e.str.contains(r"\[[^\[\],\s]+,\d+\]")).then(taps).otherwise(_strs(e))


TYPES["tps"] = FieldType("tps", r".*?", _tps)


# --- KRaft controller and server lifecycle (catalogue/kraft.py) ------------------------------


def _micros_as_ms(e: pl.Expr) -> pl.Expr:
    """A duration the KRaft controller prints in microseconds (``in 1234 us``, ``in 1234
    microseconds``) -> milliseconds, the unit of ``duration_ms``."""
    return e.cast(pl.Float64, strict=False) / 1000.0


def _server_state(e: pl.Expr) -> pl.Expr:
    """A KRaft ``ProcessStatus`` / ``BrokerState`` name (``STARTING``, ``SHUTTING_DOWN``,
    ``SHUTDOWN``, ``PENDING_CONTROLLED_SHUTDOWN`` …) -> the lower-case spelling the broker
    lifecycle entries use (``SHUTDOWN`` is ``shut_down``, as in "shut down completed")."""
    low = e.str.to_lowercase()
    return pl.when(low == "shutdown").then(pl.lit("shut_down")).otherwise(low)


TYPES["us_ms"] = FieldType("us_ms", r"-?\d+", _micros_as_ms)
TYPES["server_state"] = FieldType("server_state", r"[A-Z][A-Z_]*", _server_state)
# A new ISR as AlterPartition carries it: broker ids (3.2–3.4, `[1, 2]`) or, from 3.5
# (KIP-903), `[BrokerState(brokerId=1, brokerEpoch=-1), ...]`; the broker ids either way.
TYPES["broker_states"] = FieldType(
    "broker_states",
    r"\[(?:BrokerState\(brokerId=-?\d+, brokerEpoch=-?\d+\)(?:, )?)*\]|" + _IDS_RE,
    _ids,
)
# The KRaft controller names "no leader" `(none)` (QuorumController 3.3+ `newLeaderName`).
TYPES["none_int"] = FieldType("none_int", r"\(none\)|-?\d+", _int)


# --- request log (kafka-log-templates.md §8) -------------------------------------------------


def _json_string(e: pl.Expr) -> pl.Expr:
    """A JSON string literal as Jackson writes it (2.8+ request log: ``"a\\"b"`` or ``null``)
    -> its text.  Only ``\\"``, ``\\\\`` and ``\\/`` are undone (one left-to-right pass); the
    rarer ``\\n`` / ``\\uXXXX`` escapes are kept as written."""
    body = e.str.strip_prefix('"').str.strip_suffix('"').str.replace_all(r'\\(["\\/])', "${1}")
    return pl.when(e == "null").then(None).otherwise(body)


def _decimal(e: pl.Expr) -> pl.Expr:
    """0.11's ``%f`` times follow the JVM's default locale: ``0.466000`` or ``0,466000``."""
    return e.str.replace(",", ".", literal=True).cast(pl.Float64, strict=False)


def _java_string(e: pl.Expr) -> pl.Expr:
    """A Java ``String`` concatenated into a message: ``null`` (and an empty value) -> null."""
    return pl.when(e.is_in(["null", ""])).then(None).otherwise(e)


TYPES["json_str"] = FieldType("json_str", r'(?:"(?:[^"\\]|\\.)*"|null)', _json_string)
TYPES["decimal"] = FieldType("decimal", r"-?\d+(?:[.,]\d+)?", _decimal)
TYPES["java_str"] = FieldType("java_str", r".*?", _java_string)
# one item of a `key:value,key:value` list (the request log's `listener:PLAINTEXT,…`)
TYPES["item"] = FieldType("item", r"[^,]*", _as_is)
# a Java enum constant's name (`apiKey=JOIN_GROUP`, `"requestApiKeyName":"HEARTBEAT"`)
TYPES["enum"] = FieldType("enum", r"[A-Z][A-Z0-9_]*", _as_is)
