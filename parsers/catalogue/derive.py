"""Vectorised post-processing shared by catalogue entries (``Template.derive``).

Each function takes the entry's matched frame (typed captures, plus ``raw``) and
returns it with more columns.  They are Polars expressions only: no Python per row.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import polars as pl

from ..fields import TYPES
from .errors import RENAMED, error_name

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
    # the Java coordinator (3.6+) concatenates "assignment" + "during" without a space
    ("sync_store_error",
     r"(?i:(?:Error \S+|error) when storing group assignment ?during SyncGroup \(member: {m:\S+?}\))"),
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
        [pl.when(m.struct.field(f"c{i}").is_not_null()).then(pl.lit(name))
         for i, (name, _) in enumerate(_CAUSES)]
    )
    member = pl.coalesce([m.struct.field(f"m{i}") for i, (_, rx) in enumerate(_CAUSES) if "{m" in rx])
    # `with group instance id Some(x)` (new member; `instanceid` 2.3–2.4, Java prints `null`) and
    # `with instance id Some(x)` (static member replaced / changed protocol, KIP-345)
    instance = body.str.extract(r"with (?:group )?instance ?id (?:Some\()?([^)\s;]+)\)?", 1)
    cols = [
        cause.alias("cause"),
        pl.when(member == "").then(None).otherwise(member).alias("member"),
        reason.str.extract(_CLIENT_REASON, 1).alias("client_reason"),
        pl.when(instance.is_in(["None", "null"])).then(None).otherwise(instance).alias("instance_id"),
    ]
    if "member" in df.columns:  # a member captured by the template itself wins
        cols[1] = pl.coalesce(pl.col("member"), cols[1]).alias("member")
    return _several_members(df.with_columns(cols).drop("_body", "_m"))


def _several_members(df: pl.DataFrame) -> pl.DataFrame:
    """A reason naming several members — pending-sync expiry ``Removing Set(a, b) on ...`` (Java
    ``[a, b]``), the Java batch LeaveGroup ``explicit `LeaveGroup` request for (a, b) members`` —
    keeps ``member`` only when there is one; the list goes to ``details.members``."""
    member = pl.col("member")
    listed = member.str.contains(r"^[A-Za-z]*[(\[].*[)\]]$|, ")
    names = pl.when(listed).then(
        member.str.replace(r"^[A-Za-z]*[(\[]", "").str.replace(r"[)\]]$", "").str.split(", ")
    )
    several = names.list.len() > 1
    one = pl.when(several).then(None).when(listed).then(names.list.first()).otherwise(member)
    cols = [one.alias("member")]
    if "details" not in df.columns:
        quoted = names.list.eval(pl.concat_str(pl.lit('"'), _json_escape(pl.element()), pl.lit('"')))
        members_json = pl.concat_str(pl.lit('{"members":['), quoted.list.join(","), pl.lit("]}"))
        cols.append(pl.when(several).then(members_json).otherwise(pl.lit(None, pl.String)).alias("details"))
    return df.with_columns(cols)


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


_EXCEPTION = r"([\w$]+(?:\.[\w$]+)*(?:Exception|Error))\b"


def exception_class(df: pl.DataFrame) -> pl.DataFrame:
    """``error`` = the exception class named in the message (scratch ``_exc``, e.g. 0.10's
    ``Error for partition [t,0] to broker 1:…Exception``) or else on the record's first
    continuation line (``org.apache.kafka.common.errors.KafkaStorageException: …``),
    unless the template captured it."""
    found: list[pl.Expr] = []
    if "error" in df.columns:
        found.append(pl.col("error"))
    if "_exc" in df.columns:
        found.append(pl.col("_exc").str.extract(_EXCEPTION, 1))
    if "raw" in df.columns:
        found.append(pl.col("raw").str.extract(r"\n[ \t]*(?:Caused by: )?" + _EXCEPTION, 1))
    if not found:
        return df
    return df.with_columns(pl.coalesce(found).alias("error"))


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
# (kafka-log-templates.md §5.2); ``controller_state`` reads all of them from a ``_state``
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
        _fill(df, "details.state_controller_epoch",
              ex["state_controller_epoch"].cast(pl.Int32, strict=False)),
        _fill(df, "details.leader_recovery_state", ex["leader_recovery_state"]),
        _fill(df, "details.offline_replicas",
              pl.when(ex["offline_replicas"].is_not_null()).then(ids(ex["offline_replicas"]))),
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
        _fill(df, "brokers",
              pl.when(bid.is_not_null()).then(pl.concat_list(bid.cast(pl.Int32, strict=False)))),
        hostport.alias("details.endpoint"),
    ))


def response_errors(df: pl.DataFrame) -> pl.DataFrame:
    """A controller request's response (``{error_code=0,partitions=[{...,error_code=11}]}`` ≤2.7,
    ``...ResponseData(errorCode=0, ...)`` 2.8+) -> count = entries with a non-zero error code,
    error = the first such code's name (``errors.error_name``)."""
    codes = pl.col("_response").str.extract_all(r"\b(?:error_code|errorCode)=-?\d+").list.eval(
        pl.element().str.extract(r"(-?\d+)$", 1).cast(pl.Int64, strict=False)
    )
    bad = codes.list.eval(pl.element().filter(pl.element() != 0))
    return df.with_columns(
        bad.list.len().alias("count"),
        _fill(df, "error", error_name(bad.list.first())),
    )


def chain(*steps: Callable[[pl.DataFrame], pl.DataFrame]) -> Callable[[pl.DataFrame], pl.DataFrame]:
    """Several derive steps, in order, as one ``Template.derive``."""
    def run(df: pl.DataFrame) -> pl.DataFrame:
        for step in steps:
            df = step(df)
        return df
    run.__name__ = "+".join(s.__name__ for s in steps)
    return run


# --- consumer client (kafka-log-templates.md §3) ---------------------------------------------

# Errors' default messages (org.apache.kafka.common.protocol.Errors, 0.10 → 4.0).  Many client
# lines print only ``error.message()`` ("JoinGroup failed: {msg} Need to re-join the group"),
# so the text is the way back to the code, named as ``errors.ERRORS`` names it today (0.10's
# texts of renamed codes map to the current name).  Some messages lost or gained a final
# period between versions: both spellings are listed.
_GROUP_ERROR_MESSAGES: tuple[tuple[str, str], ...] = (
    ("COORDINATOR_LOAD_IN_PROGRESS", "The coordinator is loading and hence can't process requests."),
    ("COORDINATOR_LOAD_IN_PROGRESS",  # 0.10 wording
     "The coordinator is loading and hence can't process requests for this group."),
    ("COORDINATOR_NOT_AVAILABLE", "The coordinator is not available."),
    ("COORDINATOR_NOT_AVAILABLE", "The group coordinator is not available."),  # 0.10
    ("NOT_COORDINATOR", "This is not the correct coordinator."),
    ("NOT_COORDINATOR", "This is not the correct coordinator for this group."),  # 0.10
    ("UNKNOWN_MEMBER_ID", "The coordinator is not aware of this member."),
    ("ILLEGAL_GENERATION", "Specified group generation id is not valid."),
    ("REBALANCE_IN_PROGRESS", "The group is rebalancing, so a rejoin is needed."),
    ("FENCED_INSTANCE_ID", "The broker rejected this static consumer since another consumer with the "
     "same group.instance.id has registered with a different member.id."),
    ("MEMBER_ID_REQUIRED", "The group member needs to have a valid member id before actually entering "
     "a consumer group"),
    ("MEMBER_ID_REQUIRED", "The group member needs to have a valid member id before actually entering "
     "a consumer group."),
    ("GROUP_MAX_SIZE_REACHED", "The consumer group has reached its max size."),
    ("INCONSISTENT_GROUP_PROTOCOL", "The group member's supported protocols are incompatible with those "
     "of existing members."),
    ("INCONSISTENT_GROUP_PROTOCOL", "The group member's supported protocols are incompatible with those "
     "of existing members or first group member tried to join with empty protocol type or empty "
     "protocol list."),
    ("INVALID_SESSION_TIMEOUT", "The session timeout is not within the range allowed by the broker (as "
     "configured by group.min.session.timeout.ms and group.max.session.timeout.ms)."),
    ("INVALID_GROUP_ID", "The configured groupId is invalid"),
    ("INVALID_GROUP_ID", "The configured groupId is invalid."),
    ("GROUP_AUTHORIZATION_FAILED", "Group authorization failed."),
    ("TOPIC_AUTHORIZATION_FAILED", "Topic authorization failed."),
    ("UNKNOWN_TOPIC_OR_PARTITION", "This server does not host this topic-partition."),
    ("OFFSET_METADATA_TOO_LARGE", "The metadata field of the offset request was too large."),
    ("INVALID_COMMIT_OFFSET_SIZE", "The committing offset data size is not valid"),
    ("INVALID_COMMIT_OFFSET_SIZE", "The committing offset data size is not valid."),
    ("UNSTABLE_OFFSET_COMMIT", "There are unstable offsets that need to be cleared."),
    ("REQUEST_TIMED_OUT", "The request timed out."),
    ("NETWORK_EXCEPTION", "The server disconnected before a response was received."),
    ("UNKNOWN_SERVER_ERROR", "The server experienced an unexpected error when processing the request"),
    ("UNKNOWN_SERVER_ERROR", "The server experienced an unexpected error when processing the request."),
    ("UNSUPPORTED_VERSION", "The version of API is not supported."),
    ("FENCED_MEMBER_EPOCH", "The member epoch is fenced by the group coordinator. The member must "
     "abandon all its partitions and rejoin."),
    ("STALE_MEMBER_EPOCH", "The member epoch is stale. The member must retry after receiving its updated "
     "member epoch via the ConsumerGroupHeartbeat API."),
    ("UNRELEASED_INSTANCE_ID", "The instance ID is still used by another member in the consumer group. "
     "That member must leave first."),
    ("UNSUPPORTED_ASSIGNOR", "The assignor or its version range is not supported by the consumer group."),
)
_ERROR_BY_MESSAGE: dict[str, str] = {msg: code for code, msg in _GROUP_ERROR_MESSAGES}

# Client-side exceptions whose (long, version-varying) message a commit failure prints:
# the stable opening words identify them (CommitFailedException 0.10+, RebalanceInProgressException
# for commits during a rebalance 2.6+).
_EXCEPTION_BY_MESSAGE_START: tuple[tuple[str, str], ...] = (
    ("Commit cannot be completed since the group has already rebalanced", "CommitFailedException"),
    ("Offset commit cannot be completed since the consumer is not part of an active group",
     "CommitFailedException"),
    ("Offset commit cannot be completed since the consumer is undergoing a rebalance",
     "RebalanceInProgressException"),
    ("Offset commit cannot be completed since the consumer member's old generation is fenced",
     "RebalanceInProgressException"),
)


def _error_of_message(msg: pl.Expr) -> pl.Expr:
    text = msg.str.strip_chars()
    exact = text.replace_strict(_ERROR_BY_MESSAGE, default=None, return_dtype=pl.String)
    by_start = pl.lit(None, pl.String)
    for start, name in reversed(_EXCEPTION_BY_MESSAGE_START):
        by_start = pl.when(text.str.starts_with(start)).then(pl.lit(name)).otherwise(by_start)
    return pl.coalesce(exact, by_start)


def consumer_fields(df: pl.DataFrame) -> pl.DataFrame:
    """Clean-up shared by the consumer entries: a member id printed empty (``memberId=''``,
    before the first JoinGroup) or as the new consumer's ``<no ID>`` placeholder and a
    protocol printed ``'null'`` are null; ``details.error_message`` naming one of Kafka's error
    texts gives ``error`` (unless captured), an error printed under its pre-0.11 name gets its
    current name; details are folded into their JSON object."""
    cols: list[pl.Expr] = []
    if "member" in df.columns:
        m = pl.col("member")
        cols.append(pl.when(m.is_in(["", "<no ID>", "null"])).then(None).otherwise(m).alias("member"))
    if "protocol" in df.columns:
        p = pl.col("protocol")
        cols.append(pl.when(p.is_in(["", "null"])).then(None).otherwise(p).alias("protocol"))
    if "details.error_message" in df.columns:
        cols.append(_fill(df, "error", _error_of_message(pl.col("details.error_message"))))
    df = df.with_columns(cols) if cols else df
    if "error" in df.columns:  # 0.10 printed codes renamed in 0.11 (NOT_COORDINATOR_FOR_GROUP …)
        df = df.with_columns(pl.col("error").replace(RENAMED))
    return pack_details(df)


# Why a consumer rejoins, resets its generation, leaves or drops its coordinator: the reason
# strings of AbstractCoordinator / ConsumerCoordinator / KafkaConsumer (2.4+ leave reasons,
# 3.0+ rejoin and reset reasons, 2.7+ coordinator-loss causes) and Connect's WorkerCoordinator.
# (cause, regex at the start of the reason; (?P<m>…) names a member).
_CONSUMER_CAUSES: tuple[tuple[str, str], ...] = (
    ("poll_timeout", r"(?:consumer|worker) poll timeout has expired"),
    ("close", r"the consumer is being closed"),
    ("unsubscribe", r"the consumer unsubscribed from all topics"),
    ("revoke_partitions", r"need to revoke partitions"),
    ("subscription_change", r"subscription has changed"),
    ("metadata_change", r"(?:cached|assignment) metadata has changed"),
    ("assignment_mismatch", r"received assignment .* does not match the current subscription"),
    ("rebalance_in_progress", r"(?:offset commit failed since )?group is already rebalancing"),
    ("member_id_required", r"need to re-join with the given member-id(?:: (?P<m>\S+))?"),
    ("rebalance_failed", r"rebalance failed"),
    ("error_response", r"encountered \S+ from \S+ response"),
    ("error_response", r"error response \S+"),
    ("leave_group", r"consumer pro-actively leaving the group"),
    ("session_timeout", r"session timed out without receiving a heartbeat response"),
    ("coordinator_unavailable", r"coordinator unavailable"),
    ("enforced", r"rebalance enforced by user"),
    ("connect_rejoin", r"connect worker requested rejoin"),
    ("read_log_timeout", r"taking too long to read the log"),
)
_CONSUMER_CAUSE_REGEX = "^(?:" + "|".join(
    f"(?P<c{i}>{rx})" for i, (_, rx) in enumerate(_CONSUMER_CAUSES)
) + ")"
# What a reason names: the error (and the API whose response carried it), 2.4+ / 3.0+
# ``encountered UNKNOWN_MEMBER_ID from HEARTBEAT response``, 2.7+ ``error response
# NOT_COORDINATOR``, 3.2+ ``rebalance failed due to '<message>' (UnknownMemberIdException)``.
_REASON_ERROR = (
    r"encountered (?P<e1>\S+) from (?P<api>\S+) response"
    r"|error response (?P<e2>\S+)"
    r"|rebalance failed due to (?:'.*' \((?P<e3>\w+)\)|(?P<e4>\w+))\s*$"
)


def consumer_reason(df: pl.DataFrame) -> pl.DataFrame:
    """``reason`` of a consumer rejoin / generation reset / LeaveGroup / coordinator loss ->
    ``cause`` (poll_timeout, close, unsubscribe, revoke_partitions, subscription_change,
    metadata_change, rebalance_in_progress, member_id_required, rebalance_failed,
    error_response, ...) and what it names: ``error`` and ``api``, the ``member``, the
    ``partitions`` to revoke; a reason
    that is one of Kafka's error messages gives its error code."""
    if "reason" not in df.columns:
        return consumer_fields(df)
    reason = pl.col("reason")
    m = reason.str.extract_groups(_CONSUMER_CAUSE_REGEX)
    cause = pl.coalesce([
        pl.when(m.struct.field(f"c{i}").is_not_null()).then(pl.lit(name))
        for i, (name, _) in enumerate(_CONSUMER_CAUSES)
    ])
    e = reason.str.extract_groups(_REASON_ERROR)
    # the new consumer's coordinator-loss cause is the error response's message (3.7+)
    error = pl.coalesce([e.struct.field(f"e{i}") for i in range(1, 5)] + [_error_of_message(reason)])
    # 3.0+ "need to revoke partitions [t-1] as indicated by the current assignment and re-join"
    revoked = reason.str.extract(r"^need to revoke partitions (\[[^\]]*\])", 1)
    return consumer_fields(df.with_columns(
        _fill(df, "cause", cause),
        _fill(df, "error", error),
        _fill(df, "api", e.struct.field("api")),
        _fill(df, "member", m.struct.field("m")),
        _fill(df, "partitions", _tp_list(revoked)),
    ))


def consumer_exception(df: pl.DataFrame) -> pl.DataFrame:
    """``error`` from the exception a record carries (``details.exception`` as captured, e.g.
    ``Join group failed with org.apache…UnknownMemberIdException: The coordinator…`` 2.5, or
    the stack trace's first line), the exception's message in details.error_message."""
    cols: list[pl.Expr] = []
    if "details.exception" in df.columns:
        ex = pl.col("details.exception").str.extract_groups(r"^(?P<cls>[\w$.]+)(?::\s*(?P<msg>.*))?$")
        cols += [
            _fill(df, "error", ex.struct.field("cls")),
            ex.struct.field("msg").alias("details.error_message"),
        ]
        df = df.with_columns(cols).drop("details.exception")
    return consumer_fields(exception_class(df))


def _tp_list(text: pl.Expr) -> pl.Expr:
    """A rendered partition collection -> list; the new consumer of 3.7 prints TopicIdPartitions
    (``<22-char topic id>:orders-0``): the topic id is dropped."""
    return pl.when(text.is_not_null()).then(
        TYPES["strs"].convert(text).list.eval(
            pl.element().str.replace(r"^[A-Za-z0-9_-]{22}:", "").filter(pl.element() != "")
        )
    )


# The cooperative protocol's assignment lines (ConsumerCoordinator 2.4-2.5 / 2.6+, the new
# consumer's MembershipManagerImpl 3.7 and "Reconciling assignment" 3.8+): (column, 2.6+ line,
# 2.4-2.5 line).  Each sits on its own physical line of the record.
_ASSIGNMENT_LINES: tuple[tuple[str, str, str], ...] = (
    ("partitions", r"(?m)^\tAssigned partitions:[ \t]+(.*?)\s*$",
     r"(?m)^now assigned partitions: (.*?)\s*$"),
    ("details.owned", r"(?m)^\tCurrent owned partitions:[ \t]+(.*?)\s*$",
     r"(?m)^compare with previously owned partitions: (.*?)\s*$"),
    ("details.added", r"(?m)^\tAdded partitions \(assigned - owned\):[ \t]+(.*?)\s*$",
     r"(?m)^newly added partitions: (.*?)\s*$"),
    ("details.revoked", r"(?m)^\tRevoked partitions \(owned - assigned\):[ \t]+(.*?)\s*$",
     r"(?m)^revoked partitions: (.*?)\s*$"),
)


def assignment_update(df: pl.DataFrame) -> pl.DataFrame:
    """"Updating assignment with" / "Reconciling assignment with local epoch N" (multi-line)
    -> ``partitions`` (assigned) and details owned / added / revoked (lists)."""
    raw = pl.col("raw")
    cols = []
    for name, now, old in _ASSIGNMENT_LINES:
        lst = _tp_list(pl.coalesce(raw.str.extract(now, 1), raw.str.extract(old, 1)))
        cols.append(_fill(df, name, lst) if name == "partitions" else lst.alias(name))
    return consumer_fields(df.with_columns(cols))


def group_assignment(df: pl.DataFrame) -> pl.DataFrame:
    """The leader's ``Finished assignment for group at generation N: {member=Assignment(
    partitions=[t-0, t-1], userDataSize=..), ...}`` (2.4+) -> ``members`` (count), every
    partition assigned in ``partitions``, details.assignments = {member: [partitions]}."""
    entries = pl.col("_assignments").str.extract_all(r"[^\s{=,]+=Assignment\(partitions=\[[^\]]*\]")
    member = pl.element().str.extract(r"^([^=]+)=", 1)
    parts = pl.element().str.extract(r"partitions=\[(.*)\]$", 1)
    quoted = parts.str.replace_all(r"([^,\s]+)", '"$1"').str.replace_all(r",\s+", ",")
    obj = entries.list.eval(
        pl.concat_str(pl.lit('"'), _json_escape(member), pl.lit('":['), quoted, pl.lit("]"))
    ).list.join(",")
    return consumer_fields(df.with_columns(
        entries.list.len().cast(pl.Int32).alias("members"),
        _tp_list(entries.list.eval(parts).list.join(", ")).alias("partitions"),
        pl.concat_str(pl.lit('{"assignments":{'), obj, pl.lit("}}")).alias("details"),
    ))


def fetch_position(df: pl.DataFrame) -> pl.DataFrame:
    """``FetchPosition{offset=N, offsetEpoch=Optional[E], currentLeader=LeaderAndEpoch{
    leader=Optional[host:port (id: 1 rack: null)], epoch=E}}`` (2.3+) -> ``leader`` (a plain
    broker node: its id is the broker id) and ``leader_epoch`` (``absent`` -> null)."""
    cols = []
    if "_leader" in df.columns:
        cols.append(_fill(df, "leader", pl.col("_leader").str.extract(r"\(id: (-?\d+) ", 1)
                          .cast(pl.Int32, strict=False)))
    if "_epoch" in df.columns:
        cols.append(_fill(df, "leader_epoch", pl.col("_epoch").cast(pl.Int32, strict=False)))
    return consumer_fields(df.with_columns(cols) if cols else df)


def committed_offsets(df: pl.DataFrame) -> pl.DataFrame:
    """An auto-commit's offsets map ``{t-0=OffsetAndMetadata{offset=5, ...}, ...}`` ->
    ``partitions`` (the ones it tried to commit); the message names the error."""
    if "_offsets" in df.columns:
        keys = pl.col("_offsets").str.extract_all(r"[\w.-]+-\d+=OffsetAndMetadata").list.eval(
            pl.element().str.replace(r"=OffsetAndMetadata$", "")
        )
        df = df.with_columns(_fill(df, "partitions", keys))
    return consumer_fields(df)


def details_const(**values: object) -> Callable[[pl.DataFrame], pl.DataFrame]:
    """A derive step that sets fixed ``details`` keys implied by the wording (``const`` takes
    event columns only), folded into the details object."""
    def run(df: pl.DataFrame) -> pl.DataFrame:
        return pack_details(df.with_columns(pl.lit(v).alias(f"details.{k}") for k, v in values.items()))
    run.__name__ = "details_const(" + ",".join(values) + ")"
    return run


def truncation_at_hw(df: pl.DataFrame) -> pl.DataFrame:
    """Fetcher lines that truncate *to* the high watermark (no leader-epoch support, or an
    unknown epoch offset before 1.1): the truncation ``offset`` is that ``hw``."""
    if "hw" not in df.columns:
        return df
    offset = pl.col("hw")
    if "offset" in df.columns:
        offset = pl.coalesce(pl.col("offset"), offset)
    return df.with_columns(offset.alias("offset"))


_TP_KEY = r"(?:\[[^\[\],\s]+,\d+\]|[^\s(),\[\]]+-\d+) -> "


def map_partitions(df: pl.DataFrame) -> pl.DataFrame:
    """The keys of a rendered partition map (``Map(t-0 -> Vector(1, 2), …)``,
    ``Map([t,0] -> List(1))``, ``Set(TopicIdReplicaAssignment(t,Some(id),Map(t-0 -> …)))``)
    in ``_map`` -> partitions (``topic-N``) and count; the map itself is not kept."""
    keys = pl.col("_map").str.extract_all(_TP_KEY).list.eval(
        pl.element().str.replace(r" -> $", "").str.replace(r"^\[(.+),(\d+)\]$", "${1}-${2}")
    )
    return df.with_columns(_fill(df, "partitions", keys), keys.list.len().alias("count"))


_REPLICA = r"\[Topic=[^,\]]+,Partition=\d+,Replica=-?\d+\]|PartitionAndReplica\([^,)]+,\d+,-?\d+\)"


def replica_list(df: pl.DataFrame) -> pl.DataFrame:
    """Replicas as the controller prints them (``[Topic=t,Partition=0,Replica=1]``, 0.8.0
    ``PartitionAndReplica(t,0,1)``) in ``_replicas`` -> partitions and brokers (each once,
    in order of appearance) and count = the number of replicas."""
    found = pl.col("_replicas").str.extract_all(_REPLICA)
    parts = found.list.eval(
        pl.element().str.replace(r"^\[Topic=(.+),Partition=(\d+),Replica=-?\d+\]$", "${1}-${2}")
        .str.replace(r"^PartitionAndReplica\((.+),(\d+),-?\d+\)$", "${1}-${2}")
    ).list.unique(maintain_order=True)
    ids = found.list.eval(
        pl.element().str.extract(r"(?:Replica=|,)(-?\d+)[\])]$", 1).cast(pl.Int32, strict=False)
    ).list.unique(maintain_order=True)
    return df.with_columns(
        _fill(df, "partitions", parts), _fill(df, "brokers", ids), found.list.len().alias("count")
    )


def request_api(df: pl.DataFrame) -> pl.DataFrame:
    """A controller request's ``toString`` in ``_request`` (``(type=LeaderAndIsRequest, …``,
    ``(type: UpdateMetadataRequest=, …``, 0.8 ``Name: StopReplicaRequest; …``) -> api
    (``LeaderAndIsr``, ``UpdateMetadata``, ``StopReplica``)."""
    api = pl.col("_request").str.extract(r"(?:Name: |type[:=] ?)([A-Za-z]+?)(?:Request)?[=,;)]", 1)
    api = api.str.replace(r"^LeaderAndIs$", "LeaderAndIsr")  # LeaderAndIsrRequest.Builder's typo
    return df.with_columns(_fill(df, "api", api))


def named_errors(df: pl.DataFrame) -> pl.DataFrame:
    """Errors a response prints by name (``LeaderAndIsrResponse(responses={t-0=KAFKA_STORAGE_ERROR},
    error=NONE)``, 1.0–2.3) in ``_response`` -> count = the entries not NONE, error = the first
    (kept when a numeric code already gave them)."""
    names = pl.col("_response").str.extract_all(r"=[A-Z][A-Z_]+\b").list.eval(
        pl.element().str.slice(1).filter(pl.element().str.slice(1) != "NONE")
    )
    count = pl.when(names.list.len() > 0).then(names.list.len())
    return df.with_columns(
        (pl.coalesce(pl.col("count").replace(0, None), count, pl.col("count"))
         if "count" in df.columns else count.fill_null(0)).alias("count"),
        _fill(df, "error", names.list.first()),
    )


# --- KRaft controller and metadata quorum (catalogue/kraft.py, kafka-log-templates.md §5.3–5.4, §7) ---
#
# The quorum controller prints a partition three ways; each is read with ONE regex whose
# struct is materialised once (with_columns) before its fields are read:
#
#   PartitionRegistration(replicas=[1, 2], directories=[d1, d2], isr=[1, 2], removingReplicas=[],
#     addingReplicas=[], elr=[], lastKnownElr=[], leader=1, leaderRecoveryState=RECOVERED,
#     leaderEpoch=0, partitionEpoch=0)     3.0; leaderRecoveryState 3.2+ (KIP-704); directories,
#                                          elr, lastKnownElr 3.7+ (KIP-858, KIP-966)
#   PartitionControlInfo(...)              2.8, the same fields as 3.0
#   the diff of two registrations, changed fields only, in that same order (3.0+):
#     isr: [2] -> [3], leader: 2 -> 3, leaderRecoveryState: RECOVERED -> RECOVERING,
#     leaderEpoch: 14 -> 15, partitionEpoch: 30 -> 31
#   and 2.8's `oldIsr=[2], newIsr=[3], oldLeader=2, newLeader=3, ...`
#   PartitionChangeRecord(partitionId=0, topicId=T, isr=[1, 2], leader=-2, replicas=null,
#     removingReplicas=null, addingReplicas=null, leaderRecoveryState=-1, directories=null,
#     eligibleLeaderReplicas=null, lastKnownElr=null)   the generated toString: every field,
#     `null` / -2 / -1 = unchanged (leaderRecoveryState 3.2+, directories 3.7+, ELR 3.7+)

_KL = r"\[[^\]]*\]"
_KNL = r"null|\[[^\]]*\]"
_KN = r"-?\d+"
_KRAFT_REGISTRATION = (
    rf"^(?:PartitionRegistration|PartitionControlInfo)\(replicas=(?P<replicas>{_KL})"
    rf"(?:, directories=(?P<directories>{_KL}))?, isr=(?P<isr>{_KL}), "
    rf"removingReplicas=(?P<removing>{_KL}), addingReplicas=(?P<adding>{_KL})"
    rf"(?:, elr=(?P<elr>{_KL}), lastKnownElr=(?P<lke>{_KL}))?, leader=(?P<leader>{_KN})"
    rf"(?:, leaderRecoveryState=(?P<lrs>\w+))?, leaderEpoch=(?P<le>{_KN}), "
    rf"partitionEpoch=(?P<pe>{_KN})\)$"
)
# (name in the 3.0+ diff, name in the 2.8 diff or None, value regex, column of the new value,
#  column of the old value)
_KRAFT_DIFF_ITEMS: tuple[tuple[str, str | None, str, str, str], ...] = (
    ("replicas", "Replicas", _KL, "replicas", "details.prev_replicas"),
    ("directories", None, _KL, "details.directories", "details.prev_directories"),
    ("isr", "Isr", _KL, "isr", "prev_isr"),
    ("removingReplicas", "RemovingReplicas", _KL, "details.removing_replicas",
     "details.prev_removing_replicas"),
    ("addingReplicas", "AddingReplicas", _KL, "details.adding_replicas", "details.prev_adding_replicas"),
    ("leader", "Leader", _KN, "leader", "prev_leader"),
    ("leaderRecoveryState", None, r"\w+", "details.leader_recovery_state",
     "details.prev_leader_recovery_state"),
    ("leaderEpoch", "LeaderEpoch", _KN, "leader_epoch", "prev_leader_epoch"),
    ("elr", None, _KL, "details.elr", "details.prev_elr"),
    ("lastKnownElr", None, _KL, "details.last_known_elr", "details.prev_last_known_elr"),
    ("partitionEpoch", "PartitionEpoch", _KN, "zk_version", "details.prev_partition_epoch"),
)
_KRAFT_DIFF = "^" + "".join(
    rf"(?:(?:^|, ){name}: (?P<o{i}>{rx}) -> (?P<n{i}>{rx}))?"
    for i, (name, _, rx, _, _) in enumerate(_KRAFT_DIFF_ITEMS)
) + "$"
_KRAFT_DIFF_2_8 = "^" + "".join(
    rf"(?:(?:^|, )old{old}=(?P<o{i}>{rx}), new{old}=(?P<n{i}>{rx}))?"
    for i, (_, old, rx, _, _) in enumerate(_KRAFT_DIFF_ITEMS) if old is not None
) + "$"
_KRAFT_CHANGE_RECORD = (
    rf"^PartitionChangeRecord\(partitionId=(?P<partition>{_KN}), topicId=(?P<topic_id>[^,]+), "
    rf"isr=(?P<isr>{_KNL}), leader=(?P<leader>{_KN}), replicas=(?P<replicas>{_KNL}), "
    rf"removingReplicas=(?P<removing>{_KNL}), addingReplicas=(?P<adding>{_KNL})"
    rf"(?:, leaderRecoveryState=(?P<lrs>{_KN}))?(?:, directories=(?P<directories>{_KNL}))?"
    rf"(?:, eligibleLeaderReplicas=(?P<elr>{_KNL}), lastKnownElr=(?P<lke>{_KNL}))?\)$"
)
_BROKER_COLUMNS = ("isr", "prev_isr", "replicas")


def _kraft_value(column: str, text: pl.Expr) -> pl.Expr:
    """A rendered value -> the type of the column it fills: broker-id lists (columns and
    details of replicas / ELR), directory-id lists, ints, or text (leaderRecoveryState)."""
    key = column.removeprefix("details.")
    if column in _BROKER_COLUMNS or key.endswith(("replicas", "elr")):
        return pl.when(text.is_not_null() & (text != "null")).then(TYPES["ids"].convert(text))
    if key.endswith("directories"):
        return pl.when(text.is_not_null() & (text != "null")).then(TYPES["strs"].convert(text))
    if key.endswith("leader_recovery_state"):
        return text
    return text.cast(pl.Int32, strict=False)


def _kraft_diff(df: pl.DataFrame, regex: str) -> pl.DataFrame:
    df = df.with_columns(pl.col("_diff").str.extract_groups(regex).alias("_d"))
    d = pl.col("_d")
    names = {f.name for f in df.schema["_d"].fields}  # 2.8's diff names fewer fields
    cols: list[pl.Expr] = []
    for i, (_, _, _, new, old) in enumerate(_KRAFT_DIFF_ITEMS):
        if f"n{i}" not in names:
            continue
        for col, grp in ((new, f"n{i}"), (old, f"o{i}")):
            value = _kraft_value(col, d.struct.field(grp))
            cols.append(_fill(df, col, value) if not col.startswith("details.") else value.alias(col))
    return pack_details(df.with_columns(cols).drop("_d"))


def kraft_partition_diff(df: pl.DataFrame) -> pl.DataFrame:
    """``_diff``, the KRaft diff of two partition registrations (3.0+: ``isr: [2] -> [3],
    leader: 2 -> 3, …``) -> isr / prev_isr, leader / prev_leader, leader_epoch /
    prev_leader_epoch, replicas, zk_version (the new partition epoch); details: the previous
    partition epoch, leader recovery state, directories, ELR … (only the fields that changed)."""
    return _kraft_diff(df, _KRAFT_DIFF)


def kraft_partition_diff_2_8(df: pl.DataFrame) -> pl.DataFrame:
    """``_diff`` in 2.8's ``oldIsr=[2], newIsr=[3], oldLeader=2, newLeader=3`` shape -> the
    same columns as ``kraft_partition_diff``."""
    return _kraft_diff(df, _KRAFT_DIFF_2_8)


def _kraft_lists(m: pl.Expr) -> list[pl.Expr]:
    """The list-valued details of a registration / change record struct ``m``."""
    pairs = (("removing", "details.removing_replicas"), ("adding", "details.adding_replicas"),
             ("directories", "details.directories"), ("elr", "details.elr"),
             ("lke", "details.last_known_elr"))
    return [_kraft_value(col, m.struct.field(grp)).alias(col) for grp, col in pairs]


def kraft_partition_registration(df: pl.DataFrame) -> pl.DataFrame:
    """``_reg``, a ``PartitionRegistration(...)`` (``PartitionControlInfo(...)`` in 2.8) ->
    replicas, isr, leader, leader_epoch, zk_version (partition epoch); details: removing /
    adding replicas, leader recovery state, directories, ELR and last known ELR."""
    df = df.with_columns(pl.col("_reg").str.extract_groups(_KRAFT_REGISTRATION).alias("_r"))
    r = pl.col("_r")
    return pack_details(df.with_columns(
        _fill(df, "replicas", _kraft_value("replicas", r.struct.field("replicas"))),
        _fill(df, "isr", _kraft_value("isr", r.struct.field("isr"))),
        _fill(df, "leader", r.struct.field("leader").cast(pl.Int32, strict=False)),
        _fill(df, "leader_epoch", r.struct.field("le").cast(pl.Int32, strict=False)),
        _fill(df, "zk_version", r.struct.field("pe").cast(pl.Int32, strict=False)),
        r.struct.field("lrs").alias("details.leader_recovery_state"),
        *_kraft_lists(r),
    ).drop("_r"))


def kraft_partition_change_record(df: pl.DataFrame) -> pl.DataFrame:
    """``_record``, a ``PartitionChangeRecord(...)`` -> partition, the fields it changes (isr,
    leader — -2 is "unchanged", -1 "no leader" —, replicas) and details: topic_id, adding /
    removing replicas, leader_recovery_state (RECOVERED / RECOVERING; -1 is "unchanged"),
    directories, ELR."""
    df = df.with_columns(pl.col("_record").str.extract_groups(_KRAFT_CHANGE_RECORD).alias("_c"))
    c = pl.col("_c")
    leader = c.struct.field("leader").cast(pl.Int32, strict=False)
    lrs = c.struct.field("lrs").cast(pl.Int32, strict=False)
    return pack_details(df.with_columns(
        _fill(df, "partition", c.struct.field("partition").cast(pl.Int32, strict=False)),
        _fill(df, "isr", _kraft_value("isr", c.struct.field("isr"))),
        _fill(df, "leader", pl.when(leader != -2).then(leader)),
        _fill(df, "replicas", _kraft_value("replicas", c.struct.field("replicas"))),
        c.struct.field("topic_id").alias("details.topic_id"),
        pl.when(lrs == 0).then(pl.lit("RECOVERED")).when(lrs == 1).then(pl.lit("RECOVERING"))
        .alias("details.leader_recovery_state"),
        *_kraft_lists(c),
    ).drop("_c"))


def kraft_broker_registration(df: pl.DataFrame) -> pl.DataFrame:
    """``_record``, a broker or controller registration as the KRaft controller prints it —
    ``RegisterBrokerRecord(brokerId=1, …, incarnationId=…, brokerEpoch=…, endPoints=[…],
    …, fenced=true, inControlledShutdown=false, …)``, ``BrokerRegistration(id=1, epoch=…, …)``,
    ``BrokerRegistrationChangeRecord(brokerId=1, brokerEpoch=…, fenced=1, …)``,
    ``FenceBrokerRecord(id=1, epoch=…)``, ``ControllerRegistration(id=3000, …)`` … -> brokers
    (the id), state (fenced / unfenced when the record says), details: broker_epoch,
    incarnation_id, in_controlled_shutdown, endpoints (host:port)."""
    # the fence / unfence / controlled-shutdown entries capture the record's tail only
    rec = pl.col("_record") if "_record" in df.columns else pl.col("_tail")
    bid = rec.str.extract(r"(?:\(|, )(?:brokerId|id|controllerId)=(-?\d+)", 1).cast(pl.Int32, strict=False)
    fenced = rec.str.extract(r"\bfenced=(true|false|-?1|0)\b", 1)
    ics = rec.str.extract(r"\binControlledShutdown=(true|false|-?1|0)\b", 1)
    endpoints = rec.str.extract_all(r"host='[^']*', port=\d+").list.eval(
        pl.element().str.replace(r"^host='([^']*)', port=(\d+)$", "${1}:${2}"))
    return pack_details(df.with_columns(
        _fill(df, "brokers", pl.when(bid.is_not_null()).then(pl.concat_list(bid))),
        _fill(df, "state", pl.when(fenced.is_in(["true", "1"])).then(pl.lit("fenced"))
              .when(fenced.is_in(["false", "-1"])).then(pl.lit("unfenced"))),
        _fill(df, "details.broker_epoch",
              rec.str.extract(r"\b(?:brokerEpoch|epoch)=(-?\d+)", 1).cast(pl.Int64, strict=False)),
        _fill(df, "details.incarnation_id", rec.str.extract(r"\bincarnationId=([\w-]+)", 1)),
        pl.when(ics.is_in(["true", "1"])).then(True).when(ics.is_in(["false", "-1"])).then(False)
        .alias("details.in_controlled_shutdown"),
        pl.when(endpoints.list.len() > 0).then(endpoints).alias("details.endpoints"),
        # RegisterControllerRecord (3.7+) appends ` Previous incarnation was <id>`
        pl.col("raw").str.extract(r"\. Previous incarnation was ([\w-]+)", 1)
        .alias("details.prev_incarnation_id"),
    ))


def kraft_create_topics(df: pl.DataFrame) -> pl.DataFrame:
    """``_results``, the active controller's ``CreatableTopic(name='t', …): SUCCESS,
    CreatableTopic(name='u', …): TOPIC_ALREADY_EXISTS (Topic 'u' already exists.)`` -> topic
    (the first), count (topics), error (the first failure), details.topics / details.results."""
    res = pl.col("_results")
    names = res.str.extract_all(r"CreatableTopic\(name='[^']*'").list.eval(
        pl.element().str.slice(len("CreatableTopic(name='")).str.strip_suffix("'"))
    outcomes = res.str.extract_all(r"\]\): [A-Z_]+").list.eval(pl.element().str.slice(4))
    failed = outcomes.list.eval(pl.element().filter(pl.element() != "SUCCESS"))
    return pack_details(df.with_columns(
        _fill(df, "topic", names.list.first()),
        names.list.len().cast(pl.Int64).alias("count"),
        _fill(df, "error", failed.list.first()),
        names.alias("details.topics"),
        outcomes.alias("details.results"),
    ))


def kraft_config_resource(df: pl.DataFrame) -> pl.DataFrame:
    """``_resource``, ``ConfigResource(type=TOPIC, name='orders')`` -> details.resource_type /
    resource_name; topic when the resource is a topic."""
    m = pl.col("_resource").str.extract_groups(r"^ConfigResource\(type=(?P<t>\w+), name='(?P<n>.*)'\)$")
    df = df.with_columns(m.alias("_cr"))
    kind, name = pl.col("_cr").struct.field("t"), pl.col("_cr").struct.field("n")
    return pack_details(df.with_columns(
        _fill(df, "topic", pl.when(kind == "TOPIC").then(name)),
        kind.alias("details.resource_type"),
        name.alias("details.resource_name"),
    ).drop("_cr"))


# A raft quorum state's class as QuorumState prints it -> its state name.
_RAFT_STATE = (r"^(Leader|FollowerState|CandidateState|ProspectiveState|ResignedState|Voted|VotedState"
               r"|Unattached|UnattachedState)\(")


def _raft_state_name(e: pl.Expr) -> pl.Expr:
    return e.str.extract(_RAFT_STATE, 1).str.to_lowercase().str.strip_suffix("state")


def kraft_raft_state(df: pl.DataFrame) -> pl.DataFrame:
    """``_to`` / ``_from``, raft quorum states (``Leader(localId=1, epoch=5, …)``,
    ``FollowerState(fetchTimeoutMs=…, epoch=5, leaderId=1, …)``, ``CandidateState(…)``,
    ``Voted(…)``, ``Unattached(…)``, ``ResignedState(…)``, 4.0's ``ProspectiveState(…)``) ->
    state / prev_state (leader, follower, candidate, voted, unattached, resigned,
    prospective), controller_epoch (the quorum epoch), controller (the leader, for leader and
    follower states), details.voted_id and details.voters."""
    to = pl.col("_to")
    frm = pl.col("_from") if "_from" in df.columns else pl.lit(None, pl.String)
    state = pl.col("state") if "state" in df.columns else _raft_state_name(to)
    leader = pl.coalesce(
        to.str.extract(r"\blocalId=(-?\d+)", 1),
        to.str.extract(r"\blocalReplicaKey=ReplicaKey\(id=(-?\d+)", 1),
        to.str.extract(r"\bleader(?:Id)?=(-?\d+)", 1),
        # 3.8 prints the leader as a Node: `leader=ctl2:9093 (id: 3001 rack: null) voters=[…]`
        to.str.extract(r"\bleader=[^,(]*\(id: (-?\d+)", 1),
    ).cast(pl.Int32, strict=False)
    voted = pl.coalesce(
        to.str.extract(r"\bvotedId=(-?\d+)", 1),
        to.str.extract(r"\bvotedKey=(?:Optional\[)?ReplicaKey\(id=(-?\d+)", 1),
    ).cast(pl.Int32, strict=False)
    voters = to.str.extract(r"\bvoters=(\[[^\]]*\])", 1)
    return pack_details(df.with_columns(
        state.alias("state"),
        _fill(df, "prev_state", _raft_state_name(frm)),
        _fill(df, "controller_epoch", to.str.extract(r"\bepoch=(-?\d+)", 1).cast(pl.Int32, strict=False)),
        _fill(df, "controller", pl.when(state.is_in(["leader", "follower"])).then(leader)),
        voted.alias("details.voted_id"),
        pl.when(voters.is_not_null()).then(TYPES["ids"].convert(voters)).alias("details.voters"),
    ))


def kraft_activation(df: pl.DataFrame) -> pl.DataFrame:
    """``_rest``, what ``Performing controller activation.`` goes on to say (3.6+,
    ActivationRecordsGenerator) -> count (bootstrap records appended), offset (a metadata
    transaction aborted at), details: metadata_version, bootstrap_source, zk_migration_state."""
    rest = pl.col("_rest")
    return pack_details(df.with_columns(
        rest.str.extract(r"ppending (\d+) bootstrap record", 1).cast(pl.Int64, strict=False).alias("count"),
        rest.str.extract(r"transaction at offset (-?\d+)", 1).cast(pl.Int64, strict=False).alias("offset"),
        pl.coalesce(rest.str.extract(r"at metadata\.version (\S+) from", 1),
                    rest.str.extract(r"Treating the log as version (\S+?)\.(?: |$)", 1))
        .alias("details.metadata_version"),
        rest.str.extract(r"from bootstrap source '([^']*)'", 1).alias("details.bootstrap_source"),
        rest.str.extract(r"Loaded ZK migration state of (\w+)", 1).alias("details.zk_migration_state"),
    ))


def kraft_event_failure(df: pl.DataFrame) -> pl.DataFrame:
    """The optional pieces of a controller event failure (3.6+ EventHandlerExceptionInfo,
    3.5 ``Reason:``): ` (treated as TimeoutException)` -> details.treated_as;
    ``_msg`` (` Exception message: …` / ` Reason: …`) -> details.error_message."""
    # the template matches ` (treated as X)` with a raw piece: read it back from the first line
    first = pl.col("raw").str.extract(r"^([^\n]*)", 1)
    cols = [first.str.extract(r"\(treated as ([\w$.]+)\)", 1).alias("details.treated_as")]
    if "_msg" in df.columns:
        msg = pl.col("_msg").str.replace(r"^ ?(?:Exception message|Reason): ", "")
        cols.append(pl.when(msg != "").then(msg).alias("details.error_message"))
    return pack_details(df.with_columns(cols))


def node_is_controller(df: pl.DataFrame) -> pl.DataFrame:
    """A node announcing it is the active controller: controller = the node itself."""
    return df.with_columns(_fill(df, "controller", pl.col("node")))


def kraft_vote(df: pl.DataFrame) -> pl.DataFrame:
    """``_request``, a raft ``VoteRequestData(…)`` -> details.candidate (candidateId) and
    details.candidate_epoch."""
    req = pl.col("_request")
    return pack_details(df.with_columns(
        req.str.extract(r"\b(?:candidateId|replicaId)=(-?\d+)", 1).cast(pl.Int32, strict=False)
        .alias("details.candidate"),
    ))


def kraft_voters(df: pl.DataFrame) -> pl.DataFrame:
    """``_voters``, the metadata quorum's voters as the raft client prints them at start-up
    (3.9+ ``VoterSet(voters={1=VoterNode(voterKey=ReplicaKey(id=1, …), …)})``, 3.8+ static
    voters ``[host:9093 (id: 1 rack: null isFenced: false)]``) -> details.voters (their ids)."""
    ids = pl.col("_voters").str.extract_all(r"(?:ReplicaKey\(id=|\(id: )-?\d+").list.eval(
        pl.element().str.extract(r"(-?\d+)$", 1).cast(pl.Int32, strict=False))
    return pack_details(df.with_columns(ids.alias("details.voters")))
