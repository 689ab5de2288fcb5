"""The event table: one row per recognised log record (a **contract**, see DESIGN.md).

The first eight columns are fixed by the contract: ``ts`` (UTC, ms), ``cluster``,
``broker``, ``source``, ``line``, ``level``, ``logger``, ``kind``.  Then come two
columns that trace a row back to the catalogue (``template``, ``versions``), the
typed fields (null where they do not apply) and finally ``raw``, the record's
text exactly as it stood in the file (continuation lines included).

Columns may be added, never removed or retyped: users keep Parquet files around.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl
import pyarrow as pa

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class Column:
    name: str
    type: pa.DataType
    doc: str


# Large (64-bit offset) strings and lists: what Polars hands over without a copy.  In
# Parquet they are the same UTF8 / LIST types; only the in-memory Arrow offsets differ.
_str = pa.large_string()
_ids = pa.large_list(pa.int32())

CORE: tuple[Column, ...] = (
    Column("ts", pa.timestamp("ms", tz="UTC"), "record time, UTC, millisecond precision"),
    Column("cluster", _str, "cluster name (path `cluster=X/`, `--cluster`, or the log's Cluster ID)"),
    Column("broker", pa.int32(), "id of the broker whose log this is (null for client logs)"),
    Column("source", _str, "the file the record came from (`bundle.tgz!member` inside archives)"),
    Column("line", pa.int64(), "1-based physical line number of the record's first line"),
    Column("level", _str, "log level: TRACE, DEBUG, INFO, WARN, ERROR or FATAL"),
    Column("logger", _str, "logger name (`%c`), e.g. kafka.coordinator.group.GroupCoordinator"),
    Column("kind", _str, "what happened, from the closed vocabulary in docs/kinds.md"),
)

TRACE: tuple[Column, ...] = (
    Column("template", _str, "id of the catalogue entry that recognised the record"),
    Column("versions", _str, "Kafka versions whose wording the entry matches, e.g. `2.1-3.9`"),
    Column("stream", _str,
           "the collector's stream name: docker compose service, kubectl pod, syslog host (or null)"),
)

FIELDS: tuple[Column, ...] = (
    # -- the logging node, as its own prefix names it ([GroupCoordinator 1], [Broker id=1] ...)
    Column("node", pa.int32(), "node id named by the record's own prefix (logIdent)"),
    # -- consumer groups
    Column("group", _str, "consumer group id"),
    Column("generation", pa.int32(), "group generation (after the change, unless the name says old)"),
    Column("member", _str, "member id"),
    Column("state", _str, "state after the change (group, partition or replica state)"),
    Column("prev_state", _str, "state before the change"),
    Column("members", pa.int32(), "number of members"),
    Column("reason", _str, "reason text as logged"),
    Column("cause", _str, "normalised cause (new_member, heartbeat_expiration, leave, ...)"),
    Column("client_reason", _str, "KIP-800 client-supplied reason"),
    Column("instance_id", _str, "group.instance.id of a static member"),
    Column("client_id", _str, "client.id"),
    Column("protocol", _str, "assignment protocol / strategy"),
    Column("coordinator_partition", pa.int32(), "__consumer_offsets partition of the group"),
    Column("coordinator_epoch", pa.int32(), "coordinator epoch (__consumer_offsets leader epoch)"),
    Column("coordinator", pa.int32(), "broker id of the group coordinator (client view)"),
    # -- partitions and replication
    Column("topic", _str, "topic name"),
    Column("partition", pa.int32(), "partition number"),
    Column("leader", pa.int32(), "leader broker id (-1 = none)"),
    Column("prev_leader", pa.int32(), "previous leader broker id"),
    Column("leader_epoch", pa.int32(), "partition leader epoch"),
    Column("prev_leader_epoch", pa.int32(), "previous partition leader epoch"),
    Column("isr", _ids, "in-sync replicas after the change"),
    Column("prev_isr", _ids, "in-sync replicas before the change"),
    Column("replicas", _ids, "assigned replicas"),
    Column("replica", pa.int32(), "the replica (broker id) the record is about"),
    Column("brokers", _ids, "broker ids the record is about (failed, added, live ...)"),
    Column("hw", pa.int64(), "high watermark"),
    Column("leo", pa.int64(), "log end offset"),
    Column("offset", pa.int64(), "an offset (truncation target, fetch offset ...)"),
    Column("zk_version", pa.int32(), "ZooKeeper znode version of the partition state / partition epoch"),
    Column("controller_epoch", pa.int32(), "controller epoch"),
    Column("controller", pa.int32(), "controller broker id"),
    # -- ZooKeeper and KRaft state (state dumps, transaction logs, snapshots)
    Column("zk_path", _str, "znode path (/brokers/topics/t/partitions/0/state ...)"),
    Column("zk_op", _str, "ZooKeeper operation: create, setData, delete, createSession, closeSession, ..."),
    Column("zxid", pa.int64(), "ZooKeeper transaction id of the change (or the node's mzxid in a capture)"),
    Column("zk_session", pa.int64(), "ZooKeeper session id (the txn's, or an ephemeral node's owner)"),
    Column("zk_data", _str, "the znode's data as text (Kafka's JSON), or the record's JSON for KRaft"),
    # -- requests
    Column("api", _str, "request API name (JoinGroup, SyncGroup ...)"),
    Column("error", _str, "error code name or exception class"),
    Column("correlation_id", pa.int64(), "request correlation id"),
    Column("duration_ms", pa.float64(), "a duration in ms (request total time, load time ...)"),
    # -- everything else
    Column("partitions", pa.large_list(_str), "topic-partitions (`t-0`) the record lists"),
    Column("count", pa.int64(), "a count the record states (offsets removed, partitions ...)"),
    Column("details", _str, "other structured fields of the entry, as a JSON object"),
)

TAIL: tuple[Column, ...] = (
    Column("raw", _str, "the record's text as it stood in the file"),
)

COLUMNS: tuple[Column, ...] = CORE + TRACE + FIELDS + TAIL
COLUMN_NAMES: tuple[str, ...] = tuple(c.name for c in COLUMNS)
FIELD_NAMES: frozenset[str] = frozenset(c.name for c in FIELDS)
EVENT_SCHEMA: pa.Schema = pa.schema(
    [pa.field(c.name, c.type) for c in COLUMNS],
    metadata={b"kafka_forensics.schema_version": str(SCHEMA_VERSION).encode()},
)


def column(name: str) -> Column:
    for c in COLUMNS:
        if c.name == name:
            return c
    raise KeyError(name)


def polars_types() -> dict[str, pl.DataType]:
    """The event table's column types as Polars names them, read off the Arrow schema without
    building an Arrow table: pyarrow imports pandas for that, a quarter of a second at every
    start of the command (a test keeps this equal to ``pl.from_arrow`` of the empty table)."""
    return {f.name: _polars(f.type) for f in EVENT_SCHEMA}


def _polars(t: pa.DataType) -> pl.DataType:
    if pa.types.is_large_list(t) or pa.types.is_list(t):
        return pl.List(_polars(t.value_type))
    if pa.types.is_timestamp(t):
        return pl.Datetime(t.unit, t.tz)
    simple = {pa.large_string(): pl.String(), pa.string(): pl.String(), pa.int32(): pl.Int32(),
              pa.int64(): pl.Int64(), pa.float64(): pl.Float64(), pa.bool_(): pl.Boolean()}
    if t not in simple:
        raise TypeError(f"no Polars type for the event table's Arrow type {t}")
    return simple[t]
