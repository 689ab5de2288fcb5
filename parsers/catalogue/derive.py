"""Vectorised post-processing shared by catalogue entries (``Template.derive``).

Each function takes the entry's matched frame (typed captures, plus ``raw``) and
returns it with more columns.  They are Polars expressions only: no Python per row.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import polars as pl

from ..fields import TYPES

_CLIENT_REASON = r"; client reason: (.*)$"

# (cause, regex over the reason with the client reason removed; {m} = the member it names).
# Wording per version: kafka-log-templates.md §2.3 (2.1–2.7, 2.8–3.1, 3.2+ with KIP-800).
_M = r"(\S+)"
_CAUSES: tuple[tuple[str, str], ...] = (
    ("new_member", r"(?i:Adding new member {m})"),
    ("leader_rejoin", r"(?i:leader {m} re-joining group)"),
    ("metadata_change", r"Updating metadata for member {m} during"),
    ("static_member_update", r"Updating metadata for static member {m}"),
    ("member_update", r"Updating metadata for member {m}$"),
    ("member_rejoin", r"Member {m} (?:is )?joining group during"),
    ("static_protocol_change", r"Group's selectedProtocol will change because static member {m}"),
    ("leave", r"(?i:removing member {m} on LeaveGroup)"),
    ("leave", r"explicit `LeaveGroup` request for \({m:.*?}\) members"),
    ("heartbeat_expiration", r"removing member {m} on heartbeat expiration"),
    ("sync_store_error",
     r"(?i:(?:Error \S+|error) when storing group assignment during SyncGroup \(member: {m:\S+?}\))"),
    ("pending_sync_expiration", r"Removing {m:.*} on pending sync request expiration"),
    ("over_capacity", r"Freshly-loaded group (?:\S+ \(size \d+\) )?is over capacity"),
    ("downgrade", r"Downgrade group \S+ from consumer to classic"),
)


def _cause_regex() -> str:
    # One alternation, one regex pass: group c<i> marks cause i, m<i> holds its member.
    alts = []
    for i, (_, rx) in enumerate(_CAUSES):
        body = re.sub(r"\{m(?::(.*?))?\}", lambda g, i=i: f"(?P<m{i}>{g.group(1) or _M[1:-1]})", rx)
        alts.append(f"(?P<c{i}>{body})")
    return "^(?:" + "|".join(alts) + ")"


_CAUSE_REGEX = _cause_regex()


def rebalance_reason(df: pl.DataFrame) -> pl.DataFrame:
    """``reason`` -> ``cause``, ``member`` (the member it names), ``client_reason``,
    ``instance_id`` (KIP-345 ``with group instance id Some(x)``)."""
    if "reason" not in df.columns:
        return df
    reason = pl.col("reason")
    body = pl.col("_body")
    # materialise the match once: every struct.field() of an inline expression re-runs it
    df = df.with_columns(reason.str.replace(_CLIENT_REASON, "").str.strip_chars_end(".").alias("_body"))
    df = df.with_columns(body.str.extract_groups(_CAUSE_REGEX).alias("_m"))
    m = pl.col("_m")
    cause = pl.coalesce(
        [pl.when(m.struct.field(f"c{i}").is_not_null()).then(pl.lit(name)) for i, (name, _) in enumerate(_CAUSES)]
    )
    member = pl.coalesce([m.struct.field(f"m{i}") for i, (_, rx) in enumerate(_CAUSES) if "{m" in rx])
    instance = body.str.extract(r"with group instance ?id (?:Some\()?([^)\s;]+)\)?", 1)
    cols = [
        cause.alias("cause"),
        pl.when(member == "").then(None).otherwise(member).alias("member"),
        reason.str.extract(_CLIENT_REASON, 1).alias("client_reason"),
        pl.when(instance.is_in(["None", "null"])).then(None).otherwise(instance).alias("instance_id"),
    ]
    if "member" in df.columns:  # a member captured by the template itself wins
        cols[1] = pl.coalesce(pl.col("member"), cols[1]).alias("member")
    return df.with_columns(cols).drop("_body", "_m")


def config_dump(df: pl.DataFrame) -> pl.DataFrame:
    """``KafkaConfig values:`` / ``ConsumerConfig values:`` record -> details JSON of the
    ``key = value`` lines; the broker's own ``broker.id`` / ``node.id`` goes to ``node``."""
    pairs = (
        df.select("rid", pl.col("raw").str.split("\n").alias("l"))
        .explode("l")
        .select("rid", pl.col("l").str.extract_groups(r"^\t([\w.\-]+) = (.*?)\s*$").alias("kv"))
        .unnest("kv")
        .rename({"1": "k", "2": "v"})
        .filter(pl.col("k").is_not_null())
    )
    agg = pairs.group_by("rid", maintain_order=True).agg(
        pl.concat_str(pl.lit('"'), _json_escape(pl.col("k")), pl.lit('":"'), _json_escape(pl.col("v")),
                      pl.lit('"')).str.join(",").alias("_kv"),
        pl.col("v").filter(pl.col("k") == "broker.id").first().alias("_bid"),
        pl.col("v").filter(pl.col("k") == "node.id").first().alias("_nid"),
    )
    out = df.join(agg, on="rid", how="left")
    node_id = pl.coalesce("_bid", "_nid").cast(pl.Int32, strict=False)
    return out.with_columns(
        pl.concat_str(pl.lit("{"), pl.col("_kv").fill_null(""), pl.lit("}")).alias("details"),
        # broker.id = -1 means "generate one": not an identity
        pl.when(node_id >= 0).then(node_id).alias("node"),
    ).drop("_kv", "_bid", "_nid")


def _json_escape(e: pl.Expr) -> pl.Expr:
    return e.str.replace_all("\\", "\\\\", literal=True).str.replace_all('"', '\\"', literal=True) \
        .str.replace_all("\t", "\\t", literal=True)


# --- partition replication (catalogue/replication.py) --------------------------------

_STATE_PATTERNS: dict[str, str] = {
    # `leader=1` (PartitionState, LeaderAndIsr), `Leader:1` (LeaderIsrAndControllerEpoch)
    "leader": r"(?i)\bleader[=:](-?\d+)",
    "leader_epoch": r"(?i)\bleaderEpoch[=:](-?\d+)",
    # isr=[1, 2] | isr=1,2 (2.1 Utils.join) | ISR:1,2 | isr=List(1, 2) | Set(...) |
    # 3.5+ isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1), ...)
    "isr": r"(?i)\bisr(?:WithBrokerEpoch)?[=:]((?:[A-Za-z]+)?\((?:BrokerState\([^)]*\)(?:, )?)*[^)]*\)"
    r"|\[[^\]]*\]|-?\d+(?:,-?\d+)*)",
    # zkVersion up to 3.2, partitionEpoch from 3.3 (KIP-841)
    "zk_version": r"(?i)\b(?:zkVersion|partitionEpoch)[=:](-?\d+)",
    "replicas": r"(?:\breplicas=|AllReplicas:)(\[[^\]]*\]|[A-Za-z]*\([^)]*\)|-?\d+(?:,-?\d+)*)",
    # generated *PartitionState classes (2.4+) name the partition themselves
    "topic": r"topicName='([^']*)'",
    "partition": r"partitionIndex=(\d+)",
}


def _state_fields(df: pl.DataFrame, source: str) -> pl.DataFrame:
    """Fill leader / leader_epoch / isr / zk_version / replicas (and topic / partition)
    from a rendered partition state in column ``source``, keeping what the template
    already captured."""
    from ..fields import TYPES  # local: derive stays importable on its own

    if source not in df.columns:
        return df
    text = pl.col(source)
    cols = []
    for name, rx in _STATE_PATTERNS.items():
        raw = text.str.extract(rx, 1)
        if name in ("isr", "replicas"):
            value = pl.when(raw.is_not_null()).then(TYPES["ids"].convert(raw))
        elif name == "topic":
            value = raw
        else:
            value = raw.cast(pl.Int64, strict=False)
        if name in df.columns:
            value = pl.coalesce(pl.col(name), value)
        cols.append(value.alias(name))
    return df.with_columns(cols)


def partition_state(df: pl.DataFrame) -> pl.DataFrame:
    """``_state``: a PartitionState / LeaderAndIsrPartitionState / UpdateMetadataPartitionState
    / ``(LeaderAndIsrInfo:(Leader:…))`` rendering -> leader, leader_epoch, isr, zk_version,
    replicas (and topic / partition where the rendering names them)."""
    return _state_fields(df, "_state")


def proposed_isr(df: pl.DataFrame) -> pl.DataFrame:
    """``_proposed``: a PendingShrinkIsr / PendingExpandIsr (2.7+) -> ``state`` (its class),
    ``isr`` / ``leader_epoch`` / ``zk_version`` of the LeaderAndIsr it sent, ``prev_isr`` (the
    last committed ISR) and ``brokers`` (the replicas it drops or adds)."""
    if "_proposed" not in df.columns:
        return df
    from ..fields import TYPES

    p = pl.col("_proposed")
    sent = p.str.extract(r"sentLeaderAndIsr=LeaderAndIsr\((.*)$", 1)
    df = df.with_columns(sent.alias("_sent"))
    df = _state_fields(df, "_sent")
    committed = pl.coalesce(
        p.str.extract(r"lastCommittedState=Committed\w*\(isr=((?:[A-Za-z]+)?\([^)]*\))", 1),
        p.str.extract(r"^Pending\w*\(isr=((?:[A-Za-z]+)?\([^)]*\))", 1),  # 2.7-3.0
    )
    moved = pl.coalesce(
        p.str.extract(r"outOfSyncReplicaIds=((?:[A-Za-z]+)?\([^)]*\))", 1),
        p.str.extract(r"newInSyncReplicaId=(-?\d+)", 1),
    )
    cols = [
        pl.coalesce(pl.col("state"), p.str.extract(r"^(\w+)\(", 1)).alias("state")
        if "state" in df.columns else p.str.extract(r"^(\w+)\(", 1).alias("state"),
        pl.when(committed.is_not_null()).then(TYPES["ids"].convert(committed)).alias("prev_isr"),
        pl.when(moved.is_not_null()).then(TYPES["ids"].convert(moved)).alias("brokers"),
    ]
    if "prev_isr" in df.columns:
        cols[1] = pl.coalesce(pl.col("prev_isr"), cols[1]).alias("prev_isr")
    return df.with_columns(cols)


def node_is_leader(df: pl.DataFrame) -> pl.DataFrame:
    """Lines only a partition's leader logs (ISR changes, "Leader … starts at leader
    epoch"): the logging node is the leader."""
    if "node" not in df.columns:
        return df
    leader = pl.col("node")
    if "leader" in df.columns:
        leader = pl.coalesce(pl.col("leader"), leader)
    return df.with_columns(leader.cast(pl.Int64).alias("leader"))


def lagging_replicas(df: pl.DataFrame) -> pl.DataFrame:
    """"Shrinking ISR … Out of sync replicas: (brokerId: 2, …)": the leader is the logging
    node and ``brokers`` are the replicas dropped (also kept with their offsets in details)."""
    df = node_is_leader(df)
    if "details.out_of_sync" not in df.columns:
        return df
    return df.with_columns(
        pl.col("details.out_of_sync").list.eval(pl.element().struct.field("broker")).alias("brokers")
    )


def exception_class(df: pl.DataFrame) -> pl.DataFrame:
    """``error`` = the exception class on the record's first continuation line
    (``org.apache.kafka.common.errors.KafkaStorageException: …``), unless captured."""
    if "raw" not in df.columns:
        return df
    cls = pl.col("raw").str.extract(r"\n[ \t]*(?:Caused by: )?([\w$]+(?:\.[\w$]+)*(?:Exception|Error))\b", 1)
    if "error" in df.columns:
        cls = pl.coalesce(pl.col("error"), cls)
    return df.with_columns(cls.alias("error"))


def fetch_targets(df: pl.DataFrame) -> pl.DataFrame:
    """"Added fetcher …" -> ``partitions`` and the ``leader`` fetched from.

    ≤2.0 ``List([t-0, initOffset 0 to broker BrokerEndPoint(2,host,9092)] , …)``;
    2.1+ ``to broker {BrokerEndPoint(id=2, host=h:9092) | 2} for partitions Map(t-0 -> …)``."""
    if "_targets" not in df.columns:
        return df
    t = pl.col("_targets")
    parts = pl.when(t.str.contains(" initOffset ", literal=True)).then(
        t.str.extract_all(r"\[[^\s\[\],]+-\d+, initOffset").list.eval(
            pl.element().str.slice(1).str.replace(r", initOffset$", "")
        )
    ).otherwise(
        t.str.extract_all(r"[^\s(,]+-\d+ -> ").list.eval(pl.element().str.replace(r" -> $", ""))
    )
    leader = t.str.extract(r"to broker BrokerEndPoint\((?:id=)?(-?\d+)", 1)
    if "_broker" in df.columns:
        leader = pl.coalesce(
            pl.col("_broker").str.extract(r"^(?:BrokerEndPoint\((?:id=)?)?(-?\d+)", 1), leader
        )
    return df.with_columns(parts.alias("partitions"), leader.cast(pl.Int64, strict=False).alias("leader"))


def epoch_entries(df: pl.DataFrame) -> pl.DataFrame:
    """``_removed``: the leader-epoch entries a conflicting append truncated
    (``ListBuffer(EpochEntry(epoch=5, startOffset=90))`` / ``[EpochEntry(…)]``) ->
    ``details.removed`` as [{epoch, start_offset}] and ``count`` of them."""
    if "_removed" not in df.columns:
        return df
    entries = pl.col("_removed").str.extract_all(r"EpochEntry\(epoch=-?\d+, startOffset=-?\d+\)").list.eval(
        pl.struct(
            pl.element().str.extract(r"epoch=(-?\d+)", 1).cast(pl.Int32, strict=False).alias("epoch"),
            pl.element().str.extract(r"startOffset=(-?\d+)", 1).cast(pl.Int64, strict=False)
            .alias("start_offset"),
        )
    )
    return df.with_columns(entries.alias("details.removed"))


def segment_base_offset(df: pl.DataFrame) -> pl.DataFrame:
    """``_segment``: ``LogSegment(baseOffset=0, size=…)`` / ``[baseOffset 0, size 207]`` / a
    bare base offset -> ``offset`` (the segment's base offset), unless captured."""
    if "_segment" not in df.columns:
        return df
    base = pl.col("_segment").str.extract(r"^(?:LogSegment\(baseOffset=|\[baseOffset )?(-?\d+)", 1)
    base = base.cast(pl.Int64, strict=False)
    if "offset" in df.columns:
        base = pl.coalesce(pl.col("offset"), base)
    return df.with_columns(base.alias("offset"))


# --- controller / state-change renderings (ZooKeeper-mode controller, 0.8 -> 3.9) ----------------
#
# The ZK controller prints a partition's state in six shapes over the versions
# (kafka-log-templates.md §5.2); ``partition_state`` reads all of them from a ``_state``
# scratch capture, field by field, so one function serves every entry:
#
#   {"leader":1,"leader_epoch":5,"isr":[1,2]}                        LeaderAndIsr, 0.8-1.0 (JSON)
#   LeaderAndIsr(leader=1, leaderEpoch=5, isr=List(1, 2), zkVersion=7)          1.1-3.1
#     ... leaderRecoveryState=RECOVERED, zkVersion=7)                            3.2 (KIP-704)
#     ... leaderRecoveryState=RECOVERED, partitionEpoch=7)                       3.3-3.4
#   LeaderAndIsr(leader=1, leaderEpoch=5, isrWithBrokerEpoch=List(BrokerState(brokerId=1,
#     brokerEpoch=-1), ...), leaderRecoveryState=RECOVERED, partitionEpoch=7)    3.5-3.9 (KIP-903)
#   (Leader:1,ISR:1,2,LeaderEpoch:5,ControllerEpoch:3)        LeaderIsrAndControllerEpoch, 0.8-3.0
#     (Leader:1,ISR:1,2,LeaderEpoch:5,ZkVersion:7,ControllerEpoch:3)  2.7.2, 2.8.1+, 3.1 (KAFKA-13233)
#     (Leader:1,ISR:1,2,LeaderRecoveryState:RECOVERED,LeaderEpoch:5,ZkVersion:7,ControllerEpoch:3) 3.2+
#   (LeaderAndIsrInfo:(Leader:..),ReplicationFactor:1),AllReplicas:1,2)       PartitionStateInfo, 0.8-0.10
#   PartitionState(controllerEpoch=3, leader=1, leaderEpoch=5, isr=[1, 2] | 1,2, zkVersion=7,
#     replicas=[1, 2] | 1,2, offlineReplicas=[] | isNew=false)           request partition state, 1.0-2.3
#   LeaderAndIsrPartitionState(... controllerEpoch=3, leader=1, leaderEpoch=5, isr=[1, 2],
#     zkVersion=7 | partitionEpoch=7, replicas=[1, 2], ...)                       generated, 2.4-3.9

_NUM = r"(-?\d+)"
_LIST = r"(\[[^\]]*\]|List\([^)]*\)|(?:-?\d+(?:,-?\d+)*)?)"
_STATE_RX: dict[str, str] = {
    "leader": r'(?:"leader":|\bleader=|\bLeader:)' + _NUM,
    "leader_epoch": r'(?:"leader_epoch":|\bleaderEpoch=|\bLeaderEpoch:)' + _NUM,
    "zk_version": r"(?:\bzkVersion=|\bZkVersion:|\bpartitionEpoch=)" + _NUM,
    "state_controller_epoch": r"(?:\bcontrollerEpoch=|\bControllerEpoch:)" + _NUM,
    "isr": r'(?:"isr":|\bisr=|\bISR:)' + _LIST,
    "isr_with_epochs": r"\bisrWithBrokerEpoch=(List\((?:BrokerState\([^)]*\)(?:, )?)*\))",
    "replicas": r"(?:\breplicas=|\bAllReplicas:)" + _LIST,
    "offline_replicas": r"\bofflineReplicas=(\[[^\]]*\])",
    "leader_recovery_state": r"(?:\bleaderRecoveryState=|\bLeaderRecoveryState:)(\w+)",
}


def _fill(df: pl.DataFrame, name: str, value: pl.Expr) -> pl.Expr:
    """``value`` unless the entry already captured ``name`` (a capture of the template wins)."""
    return (pl.coalesce(pl.col(name), value) if name in df.columns else value).alias(name)


def pack_details(df: pl.DataFrame) -> pl.DataFrame:
    """Fold the ``details.*`` columns into the ``details`` JSON object, leaving out nulls
    (a derive that adds details calls this last; an earlier step's object is merged in)."""
    keys = [c for c in df.columns if c.startswith("details.")]
    if not keys:
        return df
    packed = pl.struct([pl.col(c).alias(c.removeprefix("details.")) for c in keys]).struct.json_encode()
    packed = packed.str.replace_all(r'"[^"]*":null,?', "").str.replace(r",\}$", "}")
    packed = pl.when(packed == "{}").then(None).otherwise(packed)
    if "details" in df.columns:  # merge with an object an earlier step built
        old = pl.col("details")
        packed = (
            pl.when(old.is_null()).then(packed)
            .when(packed.is_null()).then(old)
            .otherwise(pl.concat_str(old.str.strip_suffix("}"), pl.lit(","), packed.str.strip_prefix("{")))
        )
    return df.with_columns(packed.alias("details")).drop(keys)


def _state_columns(df: pl.DataFrame, src: pl.Expr) -> list[pl.Expr]:
    ids = TYPES["ids"].convert
    ex = {k: src.str.extract(rx, 1) for k, rx in _STATE_RX.items()}
    isr = pl.coalesce(ex["isr_with_epochs"], ex["isr"])
    return [
        _fill(df, "leader", ex["leader"].cast(pl.Int32, strict=False)),
        _fill(df, "leader_epoch", ex["leader_epoch"].cast(pl.Int32, strict=False)),
        _fill(df, "isr", pl.when(isr.is_not_null()).then(ids(isr))),
        _fill(df, "replicas", pl.when(ex["replicas"].is_not_null()).then(ids(ex["replicas"]))),
        _fill(df, "zk_version", ex["zk_version"].cast(pl.Int32, strict=False)),
        # the acting controller's epoch (prefix) wins; the state's own is kept in details
        _fill(df, "controller_epoch", ex["state_controller_epoch"].cast(pl.Int32, strict=False)),
        ex["state_controller_epoch"].cast(pl.Int32, strict=False).alias("details.state_controller_epoch"),
        ex["leader_recovery_state"].alias("details.leader_recovery_state"),
        pl.when(ex["offline_replicas"].is_not_null()).then(ids(ex["offline_replicas"]))
        .alias("details.offline_replicas"),
    ]


def controller_state(df: pl.DataFrame) -> pl.DataFrame:
    """``_state`` (any partition-state rendering above) -> leader, leader_epoch, isr, replicas,
    zk_version (partition epoch), controller_epoch; details: the state's own controller epoch,
    leader_recovery_state (3.2+), offline_replicas (UpdateMetadata 1.0+)."""
    if "_state" not in df.columns:
        return df
    return pack_details(df.with_columns(_state_columns(df, pl.col("_state"))))


def split_tp(df: pl.DataFrame) -> pl.DataFrame:
    """``_tp`` printed either as ``topic-0`` (TopicPartition) or ``[topic,0]`` (the 0.8-0.11
    TopicAndPartition) -> topic, partition."""
    if "_tp" not in df.columns:
        return df
    tp = pl.col("_tp")
    topic = pl.coalesce(tp.str.extract(r"^\[(.+),\d+\]$", 1), tp.str.extract(r"^(.+)-\d+$", 1))
    part = pl.coalesce(tp.str.extract(r"^\[.+,(\d+)\]$", 1), tp.str.extract(r"-(\d+)$", 1))
    return df.with_columns(_fill(df, "topic", topic), _fill(df, "partition", part.cast(pl.Int32)))


_EXCEPTION_LINE = (
    r"\n([A-Za-z_][\w$]*(?:\.[\w$]+)*(?:Exception|Error|Throwable|Failure)[\w$]*)(?::[ \t]*([^\n]*))?"
)


def exception_from_raw(df: pl.DataFrame) -> pl.DataFrame:
    """The exception a record carries on its first continuation line -> ``error`` (class as
    printed) and details.error_message."""
    line = pl.col("raw").str.extract_groups(_EXCEPTION_LINE)
    return pack_details(df.with_columns(
        _fill(df, "error", line.struct.field("1")),
        line.struct.field("2").str.strip_chars().alias("details.error_message"),
    ))


_PARTITION_STATES = ("NewPartition", "OnlinePartition", "OfflinePartition", "NonExistentPartition")
_REPLICA_STATES = ("NewReplica", "OnlineReplica", "OfflineReplica", "ReplicaDeletionStarted",
                   "ReplicaDeletionSuccessful", "ReplicaDeletionIneligible", "NonExistentReplica")


def state_machine_snapshot(df: pl.DataFrame) -> pl.DataFrame:
    """``Started partition|replica state machine with initial state -> Map(k -> State, ...)``:
    count = entries; details = the number of entries in each state; partitions = the
    partitions found offline (the partition machine's OfflinePartition keys)."""
    m = pl.col("_map")
    parts = []
    for s in _PARTITION_STATES + _REPLICA_STATES:
        n = m.str.count_matches(f" -> {s}\\b")
        parts.append(pl.when(n > 0).then(pl.concat_str(pl.lit(f'"{s}":'), n.cast(pl.String))))
    body = pl.concat_list(parts).list.drop_nulls().list.join(",")
    offline = m.str.extract_all(r"(?:\(|, )\S+ -> OfflinePartition\b").list.eval(
        pl.element().str.replace(r"^(?:\(|, )", "").str.replace(r" -> OfflinePartition$", "")
        .str.replace(r"^\[(.+),(\d+)\]$", "${1}-${2}")
    )
    return df.with_columns(
        m.str.count_matches(" -> ").alias("count"),
        pl.when(body != "").then(pl.concat_str(pl.lit("{"), body, pl.lit("}"))).alias("details"),
        pl.when(m.str.contains("OfflinePartition", literal=True)).then(offline).alias("partitions"),
    )


def broker_epochs(df: pl.DataFrame) -> pl.DataFrame:
    """``Map(1 -> 4294967318, 2 -> 42)`` (broker id -> broker epoch, 2.2+) -> brokers, and
    details.broker_epochs as a JSON object."""
    m = pl.col("_epochs")
    inner = m.str.replace(r"^[A-Za-z]*\(", "").str.replace(r"\)$", "")
    obj = inner.str.replace_all(r"(-?\d+) -> (-?\d+)", r'"${1}":${2}').str.replace_all(", ", ",")
    ids = m.str.extract_all(r"-?\d+ -> ").list.eval(pl.element().str.extract(r"(-?\d+)", 1)
                                                    .cast(pl.Int32, strict=False))
    return df.with_columns(
        _fill(df, "brokers", ids),
        pl.concat_str(pl.lit('{"broker_epochs":{'), obj, pl.lit("}}")).alias("details"),
    )


def broker_endpoint(df: pl.DataFrame) -> pl.DataFrame:
    """A broker printed as ``host:9092 (id: 1 rack: null)`` (0.9+) or ``id:1,host:h,port:9092``
    (0.8 Broker) -> brokers = [id]; details.endpoint = host:port."""
    e = pl.col("_endpoint")
    bid = pl.coalesce(e.str.extract(r"\(id: (-?\d+) rack", 1), e.str.extract(r"^id:(-?\d+),", 1))
    hostport = pl.coalesce(
        e.str.extract(r"^(\S+:\d+) \(id:", 1),
        pl.concat_str(e.str.extract(r"host:([^,]+),", 1), pl.lit(":"), e.str.extract(r"port:(\d+)", 1)),
    )
    return pack_details(df.with_columns(
        _fill(df, "brokers", pl.concat_list(bid.cast(pl.Int32, strict=False))),
        hostport.alias("details.endpoint"),
    ))


# Error codes a controller request's response can carry (org.apache.kafka.common.protocol.Errors).
ERROR_CODES: dict[int, str] = {
    -1: "UNKNOWN_SERVER_ERROR", 0: "NONE", 1: "OFFSET_OUT_OF_RANGE", 2: "CORRUPT_MESSAGE",
    3: "UNKNOWN_TOPIC_OR_PARTITION", 5: "LEADER_NOT_AVAILABLE", 6: "NOT_LEADER_OR_FOLLOWER",
    7: "REQUEST_TIMED_OUT", 8: "BROKER_NOT_AVAILABLE", 9: "REPLICA_NOT_AVAILABLE",
    11: "STALE_CONTROLLER_EPOCH", 13: "NETWORK_EXCEPTION", 35: "UNSUPPORTED_VERSION",
    41: "NOT_CONTROLLER", 42: "INVALID_REQUEST", 56: "KAFKA_STORAGE_ERROR", 57: "LOG_DIR_NOT_FOUND",
    74: "FENCED_LEADER_EPOCH", 75: "UNKNOWN_LEADER_EPOCH", 77: "STALE_BROKER_EPOCH",
    100: "UNKNOWN_TOPIC_ID", 103: "INCONSISTENT_TOPIC_ID",
}


def response_errors(df: pl.DataFrame) -> pl.DataFrame:
    """A controller request's response (``{error_code=0,partitions=[{...,error_code=11}]}`` ≤2.7,
    ``...ResponseData(errorCode=0, ...)`` 2.8+) -> count = entries with a non-zero error code,
    error = the first such code's name (the number when unknown)."""
    codes = pl.col("_response").str.extract_all(r"\b(?:error_code|errorCode)=-?\d+").list.eval(
        pl.element().str.extract(r"(-?\d+)$", 1).cast(pl.Int64, strict=False)
    )
    bad = codes.list.eval(pl.element().filter(pl.element() != 0))
    first = bad.list.first()
    name = first.replace_strict(ERROR_CODES, default=None, return_dtype=pl.String)
    return df.with_columns(
        bad.list.len().alias("count"),
        _fill(df, "error", pl.coalesce(name, first.cast(pl.String))),
    )


def chain(*steps: Callable[[pl.DataFrame], pl.DataFrame]) -> Callable[[pl.DataFrame], pl.DataFrame]:
    """Several derive steps, in order, as one ``Template.derive``."""
    def run(df: pl.DataFrame) -> pl.DataFrame:
        for step in steps:
            df = step(df)
        return df
    run.__name__ = "+".join(s.__name__ for s in steps)
    return run
