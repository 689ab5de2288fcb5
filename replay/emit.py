"""``simulate --emit-logs``: a run's effects written as the logs Kafka would have written.

The broker's ``server.log`` and each simulated consumer's log, in the default log4j layout
``[%d] %p %m (%c)%n`` and in the wording, logger names, prefixes and levels of the profile's
Kafka version; the words come from the message catalogue (``replay/wording.py`` picks the
entry per version).  Ingesting the files back must recognise every line and give back the
fields the effects carried: a round trip through parsers, replay and engine.

Which effect writes what (a site logs nothing in the versions where it has no entry or
logs below ``INFO``, the level of Kafka's default ``config/log4j.properties``):

=============================================  ==========================================================
effect                                         broker line (site in wording.SITES)
=============================================  ==========================================================
StateChanged -> PreparingRebalance             ``prepare_rebalance`` ("Preparing to restabilize" 0.10,
                                               ``(reason: …)`` 2.1+: the effect's reason, else built
                                               from the member added / removed at the same instant)
StateChanged PreparingRebalance -> Completing  ``stabilized``
StateChanged PreparingRebalance -> Empty       ``empty`` (0.10.1+)
StateChanged PreparingRebalance -> Dead        ``dead_and_removed`` (0.10.0, which has no Empty)
StateChanged Completing -> Stable              ``assignment_received`` (Kafka logs it when the leader's
                                               SyncGroup arrives; the leader is the one the JoinGroup
                                               responses of that generation named)
StateChanged Empty -> Dead                     ``groups_deleted`` if a DeleteGroups answered for the group
                                               at that instant, else ``group_dead`` (offsets expired);
                                               nothing when an unload at that instant covers it
MemberAdded                                    ``pending_member_joined`` (its id came with
                                               MEMBER_ID_REQUIRED), ``static_member_replaced`` (with a
                                               MemberRemoved ``fenced`` of the same instance id at that
                                               instant), ``static_member_created`` +
                                               ``static_member_added``, or ``member_id_created``
MemberRemoved session_timeout / join_timeout   ``member_failed`` (KAFKA-7610's join timeout expires the
                                               member's heartbeat)
MemberRemoved pending_expired                  ``pending_member_expired``
MemberRemoved leave / poll_timeout             ``member_left`` / ``pending_member_left``
MemberRemoved rebalance_timeout                ``unjoined_members_removed``, one line per instant (2.7+)
MemberRemoved fenced                           with its MemberAdded (above); alone: nothing
MemberRemoved sync_timeout / group_max_size /  nothing at INFO (the rebalance reason tells)
coordinator_unloaded
Response join MEMBER_ID_REQUIRED               ``member_id_required``
CoordinatorChanged loaded                      ``coordinator_elected``, ``partition_load_scheduled``,
                                               ``group_loaded`` per group, ``partition_loaded``
CoordinatorChanged unloaded                    ``coordinator_resigned``, ``partition_unload_scheduled``,
                                               ``partition_unload_started``, ``group_unloaded`` per group,
                                               ``partition_unloaded``
Finding, other Responses                       nothing (not a log line)
=============================================  ==========================================================

=====================  =====================================================================================
ClientEvent ``what``   consumer line
=====================  =====================================================================================
coordinator_found      ``coordinator_found``
coordinator_unknown    ``coordinator_lost``
join_sent              ``joining``
joined / synced        ``joined`` / ``synced`` from 2.6.1; before, "Successfully joined group" is
                       logged when the SyncGroup succeeds, so ``synced`` writes ``joined``
assigned / revoked     ``assigned`` / ``revoked``; ``lost`` (2.4+)
heartbeat_failed       by error: ``hb_rebalancing`` (3.0+: ``rejoin_requested``), ``hb_reset`` (2.6+) or
                       ``hb_unknown_member`` / ``hb_generation`` / ``fenced_fatal``, ``hb_coordinator``
join_failed            by error: ``jf_member_id_required`` (DEBUG; 3.0+ also ``rejoin_requested``),
                       ``jf_rebalancing``, ``jf_unknown_member``, ``jf_loading``, ``jf_coordinator``,
                       ``jf_fenced``, ``jf_fatal``, ``jf_unexpected``
sync_failed            by error: ``sf_rebalancing``, ``sf_rejoin``, ``sf_coordinator``, ``sf_fenced``
fatal                  out of a JoinGroup: as join_failed; a fenced heartbeat: ``hb_fenced`` (2.3+);
                       otherwise nothing (the failing response's line was written already)
poll_timeout           ``poll_timeout`` (2.1–2.3, 3.0+; 2.4–2.8 say it in the LeaveGroup line)
leave_sent             ``leave`` (``leave_poll_timeout`` in 2.4–2.8 when the reason is the poll timeout)
state, commit_failed   nothing (the classic consumer does not log its MemberState; commits are not
                       rendered yet)
=====================  =====================================================================================

With ``request_log`` the coordinator broker's ``kafka-request.log`` is written too, one
``Completed request:`` line per group request answered (``replay/emit_requests.py``).

Only the line that names each event is written, not every line around it in Kafka's code
(e.g. the "Resetting generation" line that follows a heartbeat error in 3.x).  Within one
instant lines keep the effects' order, except that the Scala coordinator of 3.0–3.9 logs a
LeaveGroup's "has left" line after the rebalance it starts, as Kafka does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from kafka_forensics.engine.effects import (
    ClientEvent,
    CoordinatorChanged,
    Effect,
    MemberAdded,
    MemberRemoved,
    RemovalReason,
    Response,
    StateChanged,
    notes_of,
)
from kafka_forensics.engine.group.member_ids import client_id_of, has_uuid_tail
from kafka_forensics.engine.group.placement import coordinator_partition
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import Profile

from . import wording as w
from .wording import KafkaVersion, Rendered

DEFAULT_START = datetime(2024, 1, 1, tzinfo=UTC)
DEFAULT_LEVEL = "INFO"


@dataclass(frozen=True)
class Record:
    """One log record: when (virtual ms), which file, what, and the effect (its position in
    the input) that wrote it."""

    at: int
    file: str
    rendered: Rendered
    effect: int


def server_log(broker: int, cluster: str | None = None) -> str:
    return _under(cluster, f"broker-{broker}/server.log")


def controller_log(broker: int, cluster: str | None = None) -> str:
    return _under(cluster, f"broker-{broker}/controller.log")


def state_change_log(broker: int, cluster: str | None = None) -> str:
    return _under(cluster, f"broker-{broker}/state-change.log")


def consumer_log(client: str, cluster: str | None = None) -> str:
    return _under(cluster, f"consumer-{re.sub(r'[^A-Za-z0-9._-]', '_', client)}.log")


def _under(cluster: str | None, path: str) -> str:
    return path if cluster is None else f"cluster={cluster}/{path}"


def timestamp(start: datetime, at: int) -> str:
    """log4j's ``%d``: ``yyyy-MM-dd HH:mm:ss,SSS`` (the broker's clock, here UTC)."""
    t = start.astimezone(UTC) + timedelta(milliseconds=at)
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{t.microsecond // 1000:03d}"


def format_record(record: Record, start: datetime) -> str:
    """``[%d] %p %m (%c)``."""
    r = record.rendered
    return f"[{timestamp(start, record.at)}] {r.level} {r.message} ({r.logger})"


def render_records(effects: Iterable[Effect], profile: Profile, *, broker: int = 0,
                   cluster: str | None = None, level: str = DEFAULT_LEVEL,
                   host: str | None = None) -> list[Record]:
    """The records the effects make the brokers and the consumers write, in order: the group
    coordinator's and the consumers' (here), the partition leaders' (``emit_replication``)."""
    from .emit_replication import render_replication

    listed = list(effects)
    group = _Renderer(listed, profile, broker, cluster, level, host).run()
    replication = render_replication(listed, profile, cluster=cluster, level=level, notes=notes_of(effects))
    if not replication:
        return group
    return sorted(group + replication, key=lambda r: r.at)  # stable: each side keeps its order


def render_lines(effects: Iterable[Effect], profile: Profile, *, start: datetime = DEFAULT_START,
                 broker: int = 0, cluster: str | None = None, level: str = DEFAULT_LEVEL,
                 host: str | None = None, request_log: bool = False) -> dict[str, list[str]]:
    """file (relative path) -> its lines, files in sorted order; with ``request_log`` also the
    coordinator broker's ``kafka-request.log`` (``emit_requests``)."""
    if request_log and not isinstance(effects, Sequence):
        effects = list(effects)  # read twice
    out: dict[str, list[str]] = {}
    for record in render_records(effects, profile, broker=broker, cluster=cluster, level=level, host=host):
        out.setdefault(record.file, []).append(format_record(record, start))
    if request_log:
        from .emit_requests import render_request_log

        out.update(render_request_log(effects, profile, start=start, broker=broker, cluster=cluster))
    return {name: out[name] for name in sorted(out)}


def emit_logs(effects: Sequence[Effect], profile: Profile, out_dir: Path, *, start: datetime = DEFAULT_START,
              broker: int = 0, cluster: str | None = None, level: str = DEFAULT_LEVEL,
              request_log: bool = False) -> list[Path]:
    """Write the logs under ``out_dir`` and return their paths (same effects, same bytes); with
    ``request_log`` also the request log an operator gets with ``kafka.request.logger`` at DEBUG."""
    from .emit_kraft import dump_file, metadata_dump
    from .emit_replication import zookeeper_export

    written: list[Path] = []
    files = {name: "\n".join(lines) + "\n" for name, lines in
             render_lines(effects, profile, start=start, broker=broker, cluster=cluster, level=level,
                          request_log=request_log).items()}
    export = zookeeper_export(effects, int(start.timestamp() * 1000))
    if export is not None:  # the ZooKeeper state the run left, as a JSON export
        files[_under(cluster, "zookeeper/zk-export.json")] = export
    dump = metadata_dump(effects, profile, int(start.timestamp() * 1000))
    if dump is not None:  # KRaft: the metadata log, as kafka-dump-log --cluster-metadata-decoder prints it
        files[dump_file(cluster)] = dump
    for name in sorted(files):
        path = out_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[name].encode("utf-8"))
        written.append(path)
    return written


def offsets_partition(group: str, partitions: int) -> int:
    """``GroupMetadataManager.partitionFor``: ``Utils.abs(groupId.hashCode) % partitions`` (the
    engine's own ``placement.coordinator_partition``)."""
    return coordinator_partition(group, partitions)


# --- the renderer's picture of the groups and clients ------------------------------------------

@dataclass
class _Member:
    member_id: str
    instance_id: str | None = None
    client_id: str = "consumer"
    client_host: str = "/127.0.0.1"
    session_timeout_ms: int = 10000
    rebalance_timeout_ms: int = 300000


@dataclass
class _Group:
    name: str
    state: GroupState
    partition: int
    generation: int = 0
    members: dict[str, _Member] = field(default_factory=dict)
    pending: set[str] = field(default_factory=set)
    leaders: dict[int, str] = field(default_factory=dict)
    #: the last member added / removed, for a rebalance reason the effect did not give:
    #: (at, kind, member, instance id, client reason)
    trigger: tuple[int, str, str, str | None, str | None] | None = None


@dataclass
class _Client:
    alias: str
    group: str | None = None
    client_id: str | None = None
    instance_id: str | None = None
    protocol: str | None = None
    leave_reason: str | None = None


#: ``out(site, **values)``: write one consumer line
Out = Callable[..., None]

_LEFT = (RemovalReason.LEAVE, RemovalReason.POLL_TIMEOUT)
_EXPIRED = (RemovalReason.SESSION_TIMEOUT, RemovalReason.JOIN_TIMEOUT)


class _Renderer:
    def __init__(self, effects: list[Effect], profile: Profile, broker: int, cluster: str | None,
                 level: str, host: str | None) -> None:
        self.effects = effects
        self.profile = profile
        self.v: KafkaVersion = w.kafka_version(profile)
        self.broker = broker
        self.cluster = cluster
        self.threshold = w.LEVEL_ORDER[level]
        self.node = w.node(host or f"broker{broker}", broker)
        self.partitions = int(str(profile.defaults.get("offsets.topic.num.partitions", 50)))
        strategy = str(profile.defaults.get("partition.assignment.strategy", "range"))
        self.protocols = strategy.split(",")
        self.groups: dict[str, _Group] = {}
        self.clients: dict[str, _Client] = {}
        self.records: list[Record] = []
        self.after_rebalance: dict[str, list[Record]] = {}
        self.done_removals: set[tuple[int, str]] = set()
        self.at = 0
        self.index = 0
        self._learn()

    # -- identity known before the lines that need it ----------------------------------------
    def _learn(self) -> None:
        for e in self.effects:
            if isinstance(e, StateChanged) and e.partition is not None:
                self.group(e.group).partition = e.partition  # lines before the first state change name it
            if isinstance(e, MemberAdded) and e.client is not None:
                c = self.client(e.client)
                c.group = c.group or e.group
                c.client_id = c.client_id or e.client_id
                c.instance_id = c.instance_id or e.instance_id
            elif isinstance(e, ClientEvent):
                c = self.client(e.client)
                c.group = c.group or e.group
                if c.client_id is None and e.member_id and has_uuid_tail(e.member_id):
                    c.client_id = client_id_of(e.member_id)

    def client(self, alias: str) -> _Client:
        if alias not in self.clients:
            self.clients[alias] = _Client(alias)
        return self.clients[alias]

    def group(self, name: str) -> _Group:
        if name not in self.groups:
            # a new group starts Empty from 0.10.1 (KIP-62), Stable before
            first = GroupState.EMPTY if self.v >= (0, 10, 1) else GroupState.STABLE
            self.groups[name] = _Group(name, first, offsets_partition(name, self.partitions))
        return self.groups[name]

    # -- driving -------------------------------------------------------------------------------
    def run(self) -> list[Record]:
        for i, e in enumerate(self.effects):
            if e.at != self.at:
                self._flush()
                self.at = e.at
            self.index = i
            if isinstance(e, StateChanged):
                self._state(e)
            elif isinstance(e, MemberAdded):
                self._added(e)
            elif isinstance(e, MemberRemoved):
                self._removed(e)
            elif isinstance(e, Response):
                self._response(e)
            elif isinstance(e, CoordinatorChanged):
                self._coordinator(e)
            elif isinstance(e, ClientEvent):
                self._client_event(e)
        self._flush()
        return self.records

    def _flush(self) -> None:
        for name in sorted(self.after_rebalance):
            self.records.extend(self.after_rebalance[name])
        self.after_rebalance.clear()

    def _emit(self, site: str, values: Mapping[str, object], ident: Mapping[str, object], file: str,
              raw: Sequence[str] = ()) -> Record | None:
        t = w.entry(site, self.v)
        if t is not None and "{member}" in t.text and values.get("member") == "":
            # Kafka names a member here only once it has one (a consumer's id after its first
            # JoinGroup, a group's leader): effects that never named one write no such line
            return None
        rendered = w.render(site, self.v, values, ident, raw=raw)
        if rendered is None or w.LEVEL_ORDER[rendered.level] < self.threshold:
            return None
        record = Record(self.at, file, rendered, self.index)
        self.records.append(record)
        return record

    def _broker(self, site: str, g: _Group | None, values: Mapping[str, object],
                raw: Sequence[str] = ()) -> Record | None:
        ident: dict[str, object] = {"node": self.broker}
        if g is not None:
            ident["coordinator_partition"] = g.partition
        return self._emit(site, values, ident, server_log(self.broker, self.cluster), raw)

    def _name(self, state: GroupState) -> str:
        return state.kafka_name(self.profile)

    # -- the coordinator -----------------------------------------------------------------------
    def _state(self, e: StateChanged) -> None:
        g = self.group(e.group)
        if e.partition is not None:
            g.partition = e.partition
        target = GroupState.from_name(e.to_state)
        source = GroupState.from_name(e.from_state) if e.from_state else g.state
        base = {"group": g.name, "generation": e.generation, "coordinator_partition": g.partition}
        if target is GroupState.PREPARING_REBALANCE:
            reason = e.reason if e.reason is not None else self._reason(g)
            self._broker("prepare_rebalance", g, {**base, "state": self._name(target), "reason": reason})
            self.records.extend(self.after_rebalance.pop(g.name, []))
        elif target is GroupState.COMPLETING_REBALANCE:
            members = e.members if e.members is not None else len(g.members)
            self._broker("stabilized", g, {**base, "members": members})
        elif target is GroupState.EMPTY:
            self._broker("empty", g, base)
        elif target is GroupState.STABLE and source is GroupState.COMPLETING_REBALANCE:
            self._assignment_received(g, e)
        elif target is GroupState.DEAD:
            self._dead(g, e, source, base)
        g.state = target
        g.generation = e.generation

    def _assignment_received(self, g: _Group, e: StateChanged) -> None:
        leader = e.leader or g.leaders.get(e.generation)
        if not leader:
            # Kafka's line names the leader whose SyncGroup this is; the engine's Stable always
            # carries it, a hand-made effect stream that never named one has no line to write
            return
        members = e.members if e.members is not None else len(g.members)
        static = sum(1 for m in g.members.values() if m.instance_id is not None)
        self._broker("assignment_received", g, {"group": g.name, "generation": e.generation, "member": leader,
                                                "members": members, "details.static_members": static})

    def _dead(self, g: _Group, e: StateChanged, source: GroupState, base: Mapping[str, object]) -> None:
        if source is GroupState.PREPARING_REBALANCE:
            self._broker("dead_and_removed", g, base)  # 0.10.0: the last member left, no Empty state
            return
        same_instant = [x for x in self.effects if x.at == e.at]
        if any(isinstance(x, CoordinatorChanged) and not x.loaded and g.name in x.groups
               for x in same_instant):
            return  # the unload's own lines say it
        if any(isinstance(x, Response) and x.request == "delete_group" and x.group == g.name
               and x.error == "NONE" for x in same_instant):
            self._broker("groups_deleted", g, {"details.groups": g.name, "count": 0})
        elif source is GroupState.EMPTY:
            self._broker("group_dead", g, base)

    def _reason(self, g: _Group) -> str:
        """A rebalance reason the effect did not give, from what happened at this instant."""
        if g.trigger is None or g.trigger[0] != self.at:
            return ""
        _, kind, member, instance_id, client_reason = g.trigger
        return w.rebalance_reason(kind, self.v, member, instance_id=instance_id, client_reason=client_reason)

    def _added(self, e: MemberAdded) -> None:
        g = self.group(e.group)
        m = _Member(e.member_id, e.instance_id, e.client_id or "consumer", e.client_host or "/127.0.0.1",
                    e.session_timeout_ms or 10000, e.rebalance_timeout_ms or 300000)
        values: dict[str, object] = {"group": g.name, "state": self._name(g.state), "member": e.member_id}
        replaced = self._replaced(e)
        if e.member_id in g.pending:
            g.pending.discard(e.member_id)
            self._broker("pending_member_joined", g, values)
        elif replaced is not None:
            g.members.pop(replaced, None)
            # Scala Option in 2.3–2.8 ("Static member Some(a) …"), the bare id from 3.0
            inst = e.instance_id if self.v >= (3, 0, 0) else w.scala_option(e.instance_id)
            self._broker("static_member_replaced", g, {**values, "instance_id": inst,
                                                       "details.old_member": replaced})
        elif e.instance_id is not None:
            self._broker("static_member_created", g, {**values, "instance_id": e.instance_id})
            self._broker("static_member_added", g, {**values, "instance_id": w.scala_option(e.instance_id)})
        else:
            self._broker("member_id_created", g, values)
        g.members[e.member_id] = m
        g.trigger = (e.at, "new_member", e.member_id, e.instance_id, e.reason)

    def _replaced(self, e: MemberAdded) -> str | None:
        """The member id a static member's new id replaces (its MemberRemoved ``fenced``)."""
        if e.instance_id is None:
            return None
        for x in self.effects:
            if (isinstance(x, MemberRemoved) and x.at == e.at and x.group == e.group
                    and x.reason is RemovalReason.FENCED
                    and (x.instance_id == e.instance_id or x.instance_id is None)
                    and x.member_id != e.member_id):
                return x.member_id
        return None

    def _removed(self, e: MemberRemoved) -> None:
        g = self.group(e.group)
        m = g.members.pop(e.member_id, None)
        values: dict[str, object] = {"group": g.name, "member": e.member_id}
        if e.reason in _EXPIRED:
            self._broker("member_failed", g, values)
            g.trigger = (e.at, "heartbeat_expiration", e.member_id, None, None)
        elif e.reason is RemovalReason.PENDING_EXPIRED:
            g.pending.discard(e.member_id)
            self._broker("pending_member_expired", g, values)
        elif e.reason in _LEFT:
            said = self._leave_reason(e)
            g.trigger = (e.at, "leave", e.member_id, e.instance_id, said)
            if m is None:
                g.pending.discard(e.member_id)
                self._broker("pending_member_left", g, {**values, "client_reason": said or "not provided"})
            else:
                self._member_left(g, m, said)
        elif e.reason is RemovalReason.REBALANCE_TIMEOUT and (e.at, g.name) not in self.done_removals:
            self.done_removals.add((e.at, g.name))
            gone = [x.member_id for x in self.effects
                    if isinstance(x, MemberRemoved) and x.at == e.at and x.group == g.name
                    and x.reason is RemovalReason.REBALANCE_TIMEOUT]
            # Scala prints the keySet of an immutable Map ("Set(a, b)"), Java a HashMap's ("[a, b]")
            shown = w.java_collection(gone) if self.v >= (4, 0, 0) else "Set(" + ", ".join(gone) + ")"
            self._broker("unjoined_members_removed", g, {"group": g.name, "details.members": shown})

    def _leave_reason(self, e: MemberRemoved) -> str | None:
        """The LeaveGroup's client reason (KIP-800, 3.2+): what the leaving consumer said."""
        if e.client is not None and e.client in self.clients and self.clients[e.client].leave_reason:
            return self.clients[e.client].leave_reason
        if e.reason is RemovalReason.POLL_TIMEOUT:
            return w.POLL_TIMEOUT_LEAVE_REASON
        return None

    def _member_left(self, g: _Group, m: _Member, said: str | None) -> None:
        values: dict[str, object] = {
            "group": g.name, "member": m.member_id, "client_reason": said or "not provided",
            # 2.4–2.8 print the Option ("group.instance.id None"), as does MemberMetadata.toString (3.0+)
            "instance_id": w.scala_option(m.instance_id), "client_id": m.client_id,
            "details.client_host": m.client_host, "details.session_timeout_ms": m.session_timeout_ms,
            "details.rebalance_timeout_ms": m.rebalance_timeout_ms,
            "details.protocols": "List(" + ", ".join(self.protocols) + ")",
        }
        record = self._broker("member_left", g, values)
        if record is not None and (3, 0, 0) <= self.v < (4, 0, 0):
            # Scala 3.0–3.9 logs "has left" after removeMemberAndUpdateGroup's rebalance line
            self.records.pop()
            self.after_rebalance.setdefault(g.name, []).append(record)

    def _response(self, e: Response) -> None:
        if e.request != "join":
            return
        name = e.group or (self.clients[e.client].group if e.client in self.clients else None)
        if name is None:
            return
        g = self.group(name)
        if e.error == "MEMBER_ID_REQUIRED" and e.member_id:
            g.pending.add(e.member_id)
            self._broker("member_id_required", g, {"group": g.name, "state": self._name(g.state),
                                                   "member": e.member_id})
        elif e.error == "NONE" and e.generation is not None:
            if e.leader:
                g.leaders[e.generation] = e.leader
            if e.client in self.clients and e.protocol_name:
                self.clients[e.client].protocol = e.protocol_name

    def _coordinator(self, e: CoordinatorChanged) -> None:
        p = e.partition
        epoch = e.epoch if e.epoch is not None else 0
        part = _Group("", GroupState.EMPTY, p)  # the shard prefix names the partition
        base = {"coordinator_partition": p, "coordinator_epoch": epoch}
        # 0.10.0–0.10.1 print the partition as TopicAndPartition "[__consumer_offsets,7]"
        raw = ("[__consumer_offsets,", "]") if self.v < (0, 10, 2) else ("__consumer_offsets-",)
        # an unload's epoch is optional (a deleted partition has none): Scala's Option from
        # 2.8.1 until 3.4, Java's OptionalInt from 3.5 (GroupCoordinator / GroupMetadataManager)
        if self.v >= (3, 5, 0):
            opt_epoch = f"OptionalInt[{e.epoch}]" if e.epoch is not None else "OptionalInt.empty"
        else:
            opt_epoch = f"Some({e.epoch})" if e.epoch is not None else "None"
        if e.loaded:
            self._broker("coordinator_elected", part, base)
            self._broker("partition_load_scheduled", part, base, raw)
            for name in e.groups:
                g = self.group(name)
                self._broker("group_loaded", g, {"group": name, "generation": g.generation,
                                                 "members": len(g.members)})
            self._broker("partition_loaded", part, {**base, "duration_ms": 0, "details.scheduler_ms": 0,
                                                    "count": 0, "details.bytes": 0}, raw)
            return
        unload = {**base, "coordinator_epoch": opt_epoch}
        self._broker("coordinator_resigned", part, unload)
        self._broker("partition_unload_scheduled", part, unload)
        self._broker("partition_unload_started", part, unload)
        for name in e.groups:
            g = self.group(name)
            self._broker("group_unloaded", g, {"group": name, "generation": g.generation})
        if e.groups or self.v >= (0, 11, 0):  # 0.10 logs the count only when groups were removed
            done = {**unload, "count": 0, "details.groups_removed": len(e.groups)}
            self._broker("partition_unloaded", part, done, raw)
        for name in e.groups:
            self.group(name).state = GroupState.DEAD

    # -- the consumers ---------------------------------------------------------------------------
    def _client_event(self, e: ClientEvent) -> None:
        c = self.client(e.client)
        if e.group is not None:
            c.group = e.group
        group = c.group or ""
        ident = {"client_id": c.client_id or e.client, "group": group, "instance_id": c.instance_id}
        file = consumer_log(e.client, self.cluster)
        member = e.member_id or ""
        gen = e.generation if e.generation is not None else -1
        # Generation#toString (2.6.1+) prints protocol 'null' until a generation is joined
        protocol = (c.protocol or self.protocols[0]) if gen >= 0 else "null"
        values: dict[str, object] = {
            "group": group, "member": member, "generation": gen, "protocol": protocol,
            "coordinator": self.node, "instance_id": w.java_optional(c.instance_id),
            "error": w.error_name(e.error or "", self.v),
        }

        def out(site: str, **more: object) -> None:
            self._emit(site, {**values, **more}, ident, file)

        what = e.what
        if what == "coordinator_found":
            out("coordinator_found")
        elif what == "coordinator_unknown":
            cause = e.detail or (f"error response {e.error}" if e.error else "coordinator unavailable")
            out("coordinator_lost", reason=cause, **{"details.disconnected": "false"})
        elif what == "join_sent":
            out("joining")
        elif what == "joined":
            if e.detail:  # the consumer's JoinGroup response names the protocol chosen
                c.protocol = e.detail
                values["protocol"] = e.detail
            if self.v >= (2, 6, 1):  # JoinGroupResponseHandler logs it from 2.6.1 (read in 2.6.1)
                out("joined")
        elif what == "synced":
            # up to 2.6.0 "Successfully joined group" is logged once the SyncGroup succeeded
            # (SyncGroupResponseHandler 0.10; the join future's listener 1.0–2.6.0)
            out("synced" if self.v >= (2, 6, 1) else "joined")
        elif what in ("assigned", "revoked", "lost"):
            parts = list(e.assignment or ())
            bracketed = self.v < ((2, 2, 0) if what == "assigned" else (2, 4, 0))
            out(what, partitions=w.java_collection(parts) if bracketed else w.joined(parts))
        elif what == "heartbeat_failed":
            self._heartbeat_failed(e, out)
        elif what == "join_failed" or (what == "fatal" and e.detail == "JoinGroup"):
            self._join_failed(e, out)
        elif what == "fatal" and e.error == "FENCED_INSTANCE_ID":
            # the failure a SyncGroup / heartbeat already logged, rethrown out of poll(); the
            # heartbeat thread's own line (2.3+): "Caught fenced group.instance.id … in heartbeat thread"
            if e.detail == "Heartbeat":
                out("hb_fenced")
        elif what == "sync_failed":
            self._sync_failed(e, out)
        elif what == "poll_timeout":
            out("poll_timeout")
        elif what == "leave_sent":
            said = e.detail or w.CLOSE_REASON
            c.leave_reason = said
            if (2, 4, 0) <= self.v < (3, 0, 0) and said.startswith("consumer poll timeout"):
                c.leave_reason = w.POLL_TIMEOUT_WARNING  # 2.4–2.8 send the WARN text as the reason
                out("leave_poll_timeout")
            else:
                out("leave", reason=said)

    def _heartbeat_failed(self, e: ClientEvent, out: Out) -> None:
        error = e.error or ""
        if error == "REBALANCE_IN_PROGRESS":
            if self.v >= (3, 0, 0):  # requestRejoin("group is already rebalancing")
                out("rejoin_requested", reason="group is already rebalancing")
            else:
                out("hb_rebalancing")
        elif error in ("UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "FENCED_INSTANCE_ID"):
            if self.v >= (2, 6, 1):
                out("hb_reset", error=error)
            elif error == "FENCED_INSTANCE_ID":
                out("fenced_fatal")
            else:
                out("hb_unknown_member" if error == "UNKNOWN_MEMBER_ID" else "hb_generation")
        elif error in w.COORDINATOR_ERRORS:
            out("hb_coordinator")

    def _join_failed(self, e: ClientEvent, out: Out) -> None:
        error = e.error or "UNKNOWN_SERVER_ERROR"
        message = w.error_message(error, self.v)
        if error == "MEMBER_ID_REQUIRED":
            # the new member id, then the sent generation's empty one
            out("jf_member_id_required", error=error, generation=-1, protocol="null",
                member=w.Each((e.member_id or "", "")))
            if self.v >= (3, 2, 0):
                given = e.member_id or ""
                out("rejoin_requested", reason=f"need to re-join with the given member-id: {given}")
            elif self.v >= (3, 0, 0):
                out("rejoin_requested", reason="need to re-join with the given member-id")
        elif error == "REBALANCE_IN_PROGRESS":
            out("jf_rebalancing")
        elif error == "UNKNOWN_MEMBER_ID":
            out("jf_unknown_member", **{"details.error_message": message})
        elif error == "COORDINATOR_LOAD_IN_PROGRESS":
            out("jf_loading")
        elif error in w.COORDINATOR_ERRORS:
            out("jf_coordinator", **{"details.error_message": message})
        elif error == "FENCED_INSTANCE_ID":
            out("jf_fenced")
        elif error in w.FATAL_JOIN_ERRORS or e.what == "fatal":
            out("jf_fatal", **{"details.error_message": message})
        else:
            out("jf_unexpected", **{"details.error_message": message})

    def _sync_failed(self, e: ClientEvent, out: Out) -> None:
        error = e.error or ""
        message = w.error_message(error, self.v)
        if error == "REBALANCE_IN_PROGRESS":
            out("sf_rebalancing")
        elif error in ("UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION"):
            out("sf_rejoin", **{"details.error_message": message})
        elif error in w.COORDINATOR_ERRORS:
            out("sf_coordinator", **{"details.error_message": message})
        elif error == "FENCED_INSTANCE_ID":
            out("sf_fenced")
