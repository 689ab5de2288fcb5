"""``simulate --emit-logs`` for replication: the lines the partition leaders and the controller
write about ISRs and elections, in the profile's version's wording, logger, prefix and level,
into each broker's server.log, state-change.log and controller.log.

=================================================  =================================================
effect                                             line (site in wording.SITES)
=================================================  =================================================
IsrChanged shrink, committed (its decision's       leader: ``isr_shrink`` at the decision's time:
numbers in ``context``)                            0.10 "Shrinking ISR for partition [t,p]", 0.11-2.1
                                                   "from a to b", 2.2+ with the leader's HW / LEO and
                                                   the out-of-sync replicas, 3.6+ their caught-up time
IsrChanged expand, committed                       leader: ``isr_expand`` (0.10-2.6, and 2.7 on the
                                                   ZooKeeper path; from 2.8 only "ISR updated")
IsrChanged by a leader, committed                  leader: ``isr_updated_zk`` (ZooKeeper path: TRACE
                                                   to 2.3, INFO 2.4-2.7) or ``isr_updated_alter``
                                                   (AlterIsr / AlterPartition, 2.7+; "(under-min-isr)"
                                                   3.5+)
ZkWrite refused, a leader's own ISR update         leader: ``cached_zk_version`` (KAFKA-2729, to 2.7)
Truncated (a replica's log cut back)               that broker: ``log_truncated`` ("Truncating log t-p to
                                                   offset N." to 0.11, "[Log partition=t-p, dir=…]
                                                   Truncating to offset N" 1.0+, UnifiedLog 3.1+)
LeaderChanged by the controller (an election)      controller: ``partition_online`` in state-change.log
                                                   ("Changed partition … with state LeaderAndIsr(…)",
                                                   1.1+: TRACE to 2.5, INFO from 2.6) and, unclean,
                                                   ``unclean_selected`` in controller.log (the 0.8-1.0
                                                   selector's WARN)
LeaderChanged by a broker (it applied a            controller: ``lai_sent`` in state-change.log
LeaderAndIsr that changed its leader; what the     ("Controller C epoch E sending become-leader
lines print in its log-only ``applied``)           LeaderAndIsr request (Leader:…,ISR:…,LeaderEpoch:…,
                                                   ControllerEpoch:…) to broker B for partition [t,p]",
                                                   0.9-0.11, controller, epoch and state from
                                                   ZooKeeper's writes; 1.0-2.5 "Sending … request
                                                   PartitionState(…)" / LeaderAndIsrPartitionState(…);
                                                   2.6+ TRACE under the default INFO: not written);
                                                   that broker: ``leader_epoch_start`` (0.11-2.5
                                                   server.log, 2.6+ state-change.log) or
                                                   ``follower_epoch_start`` (2.6+)
LeaderKept, a log-only note beside the effects     the same lines as for a broker's LeaderChanged,
(``EffectLog.notes``: a broker applied a           the leader before and after the same (``kept``)
LeaderAndIsr that kept the leader, e.g. the
controller's ISR shrink when a follower's broker
fails)
=================================================  =================================================

Levels: a line is written when its level reaches the root's (``level``, INFO in Kafka's
default config) or, for a logger the default config sets lower, that logger's:
``state.change.logger`` is TRACE up to 2.5 (``wording.CONFIG_LEVELS``).

A broker's LeaderAndIsr from a controller (``_requests``): 0.10-2.5 "received LeaderAndIsr
request <PartitionState> correlation id N from controller C epoch E" (TRACE; "for partition …"
up to 2.3), 2.6+ "Handling LeaderAndIsr request correlationId N … for K partitions" (INFO), 2.7+
"Finished … in 0ms …" (INFO).  The correlation ids count the LeaderAndIsr requests on each
controller-to-broker connection from 0; Kafka's count UpdateMetadata and StopReplica too, so
Kafka's are higher.

Not written yet: the per-partition "handling … starting the become-leader transition" lines;
the controller's other lines (broker failures, replica state changes), the
fetcher's truncation lines and high-watermark lines, and a rejected AlterPartition proposal's
"Shrinking ISR" (only committed changes are written). The topic id the 3.3+ lines print is a
stand-in derived from the topic's name (``topic_id``): Kafka draws it at random.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain

from kafka_forensics.engine.effects import Effect, notes_of
from kafka_forensics.engine.profiles import Profile, Switch
from kafka_forensics.engine.replication.effects import (
    IsrChanged,
    LeaderAndIsrApplied,
    LeaderChanged,
    LeaderKept,
    Truncated,
    ZkWrite,
)
from kafka_forensics.engine.replication.model import IsrContext

from . import wording as w
from .emit import Record, controller_log, server_log, state_change_log

# the log directory the Log lines name: Kafka's default log.dir (KafkaConfig), for a run has no disk
LOG_DIR = "/tmp/kafka-logs"
_BROKER_PATH = re.compile(r"^/brokers/ids/(?P<id>\d+)$")
_STATE_PATH = re.compile(r"^/brokers/topics/(?P<topic>[^/]+)/partitions/(?P<partition>\d+)/state$")


def render_replication(effects: Sequence[Effect], profile: Profile, *, cluster: str | None = None,
                       level: str = "INFO",
                       notes: Sequence[tuple[int, object]] | None = None) -> list[Record]:
    """The leaders' ISR lines the effects make Kafka write, in time order (effect order within
    an instant); ``notes``, the log-only notes beside them (default: the ``EffectLog``'s)."""
    v = w.kafka_version(profile)
    alter = profile.has(Switch.ALTER_ISR)
    zk = _ZooKeeper()
    out: list[Record] = []

    def emit(at: int, index: int, site: str, broker: int, topic: str, partition: int,
             values: Mapping[str, object], raw: Sequence[str] = (), file: str | None = None,
             epoch: int | None = None) -> None:
        ident = {"node": broker, "topic": topic, "partition": partition, "tp": f"{topic}-{partition}",
                 "controller_epoch": epoch, "details.dir": LOG_DIR}
        rendered = w.render(site, v, {**ident, **values}, ident, raw=raw)
        if rendered is None:
            return
        if w.LEVEL_ORDER[rendered.level] >= w.threshold_for(rendered.logger, v, level):
            out.append(Record(at, file or server_log(broker, cluster), rendered, index))

    def applied(e: LeaderChanged, i: int) -> None:
        """A broker applied a LeaderAndIsr (``e``): the controller's TRACE line for sending it,
        where the effects give all it prints; the broker's lines for receiving the request it
        came in (at its first partition); then the broker's "starts at leader epoch" line,
        leader or follower; and the request's "Finished" line (at its last partition)."""
        a = e.applied
        request, k = requests.get(id(e), (None, 0))
        sent = zk.sent(e, v) if v < (1, 0, 0) else _sent(e, a, v)
        if sent is not None:
            controller, epoch, state = sent
            kind = "become-leader" if e.broker == e.to_leader else "become-follower"
            emit(e.at, i, "lai_sent", controller, e.topic, e.partition,
                 {"details.type": kind, "_state": state, "replica": e.broker,
                  "tap": f"[{e.topic},{e.partition}]"},
                 file=state_change_log(controller, cluster), epoch=epoch)
        if request is not None and k == 0:
            received(request, i)
        if a is not None:
            leader = e.broker == e.to_leader
            emit(e.at, i, "leader_epoch_start" if leader else "follower_epoch_start", e.broker, e.topic,
                 e.partition, epoch_start(e, a), file=state_change_log(e.broker, cluster)
                 if v >= (2, 6, 0) else None)
        if request is not None and k == len(request.members) - 1:
            emit(e.at, i, "lai_finished", e.broker, e.topic, e.partition, {
                "duration_ms": 0, "correlation_id": request.correlation_id, "controller": request.controller,
                "count": len(request.members)}, file=state_change_log(e.broker, cluster),
                epoch=request.controller_epoch)

    def received(request: _Request, i: int) -> None:
        """The broker's lines as a controller's LeaderAndIsr arrives (ReplicaManager
        .becomeLeaderOrFollower): 2.6+ "Handling … for N partitions" (INFO), then per partition
        "Received LeaderAndIsr request …" (TRACE)."""
        first = request.members[0][0]
        log = state_change_log(request.broker, cluster)
        emit(first.at, i, "lai_handling", request.broker, first.topic, first.partition, {
            "correlation_id": request.correlation_id, "controller": request.controller,
            "count": len(request.members)}, file=log, epoch=request.controller_epoch)
        if v >= (2, 6, 0):
            return  # from 2.6 the per-partition line is TRACE under the default INFO
        for e, a in request.members:
            emit(e.at, i, "lai_received", request.broker, e.topic, e.partition, {
                "_state": partition_state(e, a, v), "correlation_id": request.correlation_id,
                "controller": request.controller, "controller_epoch": request.controller_epoch},
                file=log, epoch=request.controller_epoch)

    # the log-only notes beside the effects (EffectLog): each before the effect at its position; a
    # LeaderAndIsr that kept the leader is written as one that moved it
    kept_notes = [(pos, n) for pos, n in (notes_of(effects) if notes is None else notes)
                  if isinstance(n, LeaderKept)]
    steps = list(_in_order(effects, kept_notes))
    requests = {} if v >= (4, 0, 0) else _requests(steps)  # 4.0: KRaft only, no LeaderAndIsr
    for i, e, note in steps:
        if note:
            applied(e, i)
            continue
        if isinstance(e, ZkWrite):
            zk.apply(e)
        if isinstance(e, IsrChanged) and e.broker >= 0:
            tp = (e.topic, e.partition)
            before, after = _ids(e.from_isr), _ids(e.to_isr)
            if e.cause == "shrink":
                ctx = e.context
                if ctx is None:
                    raise w.WordingError(f"{e.topic}-{e.partition}: a shrink without its decision's numbers")
                emit(ctx.at, i, "isr_shrink", e.broker, *tp, {
                    "prev_isr": before, "isr": after, "hw": ctx.hw, "leo": ctx.leo,
                    "details.out_of_sync": _lagging(ctx, since=v >= (3, 6, 0))})
            elif e.cause == "expand" and not (alter and v >= (2, 7, 0)):
                # 0.10.0 prints the partition as [t,p], 0.10.1+ as t-p (TopicPartition.toString)
                old = v < (0, 10, 1)
                emit(e.at, i, "isr_expand", e.broker, *tp, {
                    "prev_isr": before, "isr": after, "tap": f"[{tp[0]},{tp[1]}]" if old else "",
                    "tp": "" if old else f"{tp[0]}-{tp[1]}"}, raw=("", "", ""))
            under = "(under-min-isr)" if e.under_min_isr else ""
            emit(e.at, i, "isr_updated_alter" if alter else "isr_updated_zk", e.broker, *tp,
                 {"isr": after, "zk_version": e.zk_version, "details.under_min_isr": under})
        elif isinstance(e, LeaderChanged) and e.broker < 0 and e.to_leader >= 0 and e.controller is not None:
            # the controller's election: its state-change line (1.1+) and, for an unclean one,
            # the 0.8-1.0 selector's warning
            c, tp = e.controller, (e.topic, e.partition)
            before = "OfflinePartition" if e.from_leader < 0 else "OnlinePartition"
            emit(e.at, i, "partition_online", c, *tp, {
                "prev_state": before, "state": "OnlinePartition", "_state": leader_and_isr(e, v)},
                file=state_change_log(c, cluster), epoch=e.controller_epoch)
            if e.election == "unclean":
                live = _ids(e.live or (e.to_leader,))
                emit(e.at, i, "unclean_selected", c, *tp,
                     {"_tp": f"[{tp[0]},{tp[1]}]", "leader": e.to_leader, "brokers": live},
                     file=controller_log(c, cluster))
        elif isinstance(e, LeaderChanged) and e.broker >= 0:
            applied(e, i)  # a broker applied a LeaderAndIsr that changed its leader
        elif isinstance(e, Truncated) and e.broker >= 0:
            # Log.truncateTo: "Truncating log t-p to offset N." to 0.11, "[Log partition=t-p,
            # dir=…] Truncating to offset N" from 1.0 (UnifiedLog from 3.1)
            emit(e.at, i, "log_truncated", e.broker, e.topic, e.partition,
                 {"offset": e.to_offset, "details.dir": LOG_DIR})
        elif isinstance(e, ZkWrite) and not e.ok and e.purpose == "isr" and e.writer is not None:
            m = _STATE_PATH.match(e.path)
            if m is not None:
                emit(e.at, i, "cached_zk_version", e.writer, m["topic"], int(m["partition"]),
                     {"zk_version": e.expected_version})
    out.sort(key=lambda r: (r.at, r.effect))  # a shrink's line stands at its decision's time
    return out


def leader_and_isr(e: LeaderChanged, v: w.KafkaVersion) -> str:
    """``kafka.api.LeaderAndIsr.toString`` as the controller's state-change line prints it, read
    at 1.1.1, 2.8.2, 3.2.3, 3.3.2 and 3.5.0: the ISR a Scala ``List``, from 3.5 with each
    member's broker epoch (-1 in ZooKeeper mode), the recovery state from 3.2 (KIP-704) and the
    zkVersion called partitionEpoch from 3.3."""
    head = f"LeaderAndIsr(leader={e.to_leader}, leaderEpoch={e.leader_epoch}, "
    if v >= (3, 5, 0):
        states = ", ".join(f"BrokerState(brokerId={b}, brokerEpoch=-1)" for b in e.isr)
        isr = f"isrWithBrokerEpoch=List({states})"
    else:
        isr = f"isr=List({', '.join(str(b) for b in e.isr)})"
    recovery = f", leaderRecoveryState={e.recovery or 'RECOVERED'}" if v >= (3, 2, 0) else ""
    version = "partitionEpoch" if v >= (3, 3, 0) else "zkVersion"
    return f"{head}{isr}{recovery}, {version}={e.zk_version})"


class _ZooKeeper:
    """What the run's ZooKeeper writes say at each point: the controller (``/controller``), its
    epoch (``/controller_epoch``) and each partition's state znode (leader, leader epoch, ISR
    and the epoch of the controller that wrote it)."""

    def __init__(self) -> None:
        self.controller: int | None = None
        self.epoch: int | None = None
        self.states: dict[tuple[str, int], dict[str, object]] = {}

    def apply(self, e: ZkWrite) -> None:
        if not e.ok:
            return
        if e.path == "/controller":
            gone = e.op == "delete" or e.data is None
            self.controller = None if gone else int(json.loads(str(e.data))["brokerid"])
        elif e.path == "/controller_epoch" and e.data is not None:
            self.epoch = int(e.data)
        elif (m := _STATE_PATH.match(e.path)) is not None:
            tp = (m["topic"], int(m["partition"]))
            if e.op == "delete" or e.data is None:
                self.states.pop(tp, None)
            else:
                self.states[tp] = json.loads(e.data)

    def sent(self, e: LeaderChanged, v: w.KafkaVersion) -> tuple[int, int, str] | None:
        """(controller, its epoch, the request's state as the send line prints it) for the
        LeaderAndIsr broker ``e.broker`` applied; None where the effects do not say it all."""
        state = self.states.get((e.topic, e.partition))
        if self.controller is None or self.epoch is None or state is None:
            return None
        if (state.get("leader"), state.get("leader_epoch"), tuple(state.get("isr", ()))) != \
                (e.to_leader, e.leader_epoch, e.isr):
            return None  # not the state ZooKeeper holds (a seeded one): its controller epoch is unknown
        if v >= (1, 0, 0):  # the 1.0+ line prints the PartitionState: see _sent
            return None
        written_by = int(str(state["controller_epoch"]))
        return self.controller, self.epoch, leader_isr_and_controller_epoch(e, written_by)


def _in_order(effects: Sequence[Effect], notes: Sequence[tuple[int, LeaderKept]]
              ) -> Iterator[tuple[int, Effect, bool]]:
    """(position, effect, from a note) in writing order: each note's stand-in (``kept``) before
    the effect at its position, the notes past the last effect at the end."""
    pending = 0
    for i, e in enumerate(chain(effects, (None,))):
        while pending < len(notes) and notes[pending][0] <= i:
            yield i, kept(notes[pending][1]), True
            pending += 1
        if e is not None:
            yield i, e, False


@dataclass
class _Request:
    """One LeaderAndIsr request as a broker receives it: the controller's channel, its
    correlation id there, and the partitions it carried (the effects and what they applied)."""

    controller: int
    controller_epoch: int
    broker: int
    correlation_id: int
    members: list[tuple[LeaderChanged, LeaderAndIsrApplied]] = field(default_factory=list)


def _requests(steps: Sequence[tuple[int, Effect, bool]]) -> dict[int, tuple[_Request, int]]:
    """The request each LeaderAndIsr a broker applied from a controller came in (keyed by the
    ``id`` of the effect or note stand-in), with its place among the request's partitions.

    The engine delivers each partition's state on its own; Kafka's controller sends one request
    per broker for a controller event's partitions (``ControllerBrokerRequestBatch``), so the
    partitions one controller, in one epoch, had a broker apply at one instant are taken as one
    request.  Its correlation id is ``NetworkClient``'s per-connection count (from 0): one
    connection per controller epoch and broker (``ControllerChannelManager``, made at failover
    and again when the broker registers anew, read at 0.10.2.2, 1.0.2, 2.8.2).  Kafka counts the
    UpdateMetadata and StopReplica requests on that connection too, which the engine does not
    send: the ids written increase per connection as Kafka's do, but are lower than Kafka's."""
    registrations: dict[int, int] = {}  # broker -> times its /brokers/ids/N was created
    next_id: dict[tuple[int, int, int, int], int] = {}
    grouped: dict[tuple[int, int, int, int, int], _Request] = {}
    out: dict[int, tuple[_Request, int]] = {}
    for _, e, _ in steps:
        if isinstance(e, ZkWrite) and e.ok and e.op == "create" and (m := _BROKER_PATH.match(e.path)):
            registrations[int(m["id"])] = registrations.get(int(m["id"]), 0) + 1
            continue
        a = e.applied if isinstance(e, LeaderChanged) and e.broker >= 0 else None
        if a is None or a.controller is None:
            continue
        assert isinstance(e, LeaderChanged)
        channel = (a.controller, a.controller_epoch, e.broker, registrations.get(e.broker, 0))
        request = grouped.get((e.at, *channel))
        if request is None:
            cid = next_id.get(channel, 0)
            next_id[channel] = cid + 1
            request = grouped[(e.at, *channel)] = _Request(a.controller, a.controller_epoch, e.broker, cid)
        out[id(e)] = (request, len(request.members))
        request.members.append((e, a))
    return out


def kept(n: LeaderKept) -> LeaderChanged:
    """The note of a LeaderAndIsr that kept the leader as the ``LeaderChanged`` its lines read: the
    same leader before and after (a stand-in for rendering, never an effect of the run)."""
    s = n.applied.state
    return LeaderChanged(n.at, n.topic, n.partition, n.broker, s.leader, s.leader, s.leader_epoch, s.isr,
                         applied=n.applied)


def epoch_start(e: LeaderChanged, a: LeaderAndIsrApplied) -> dict[str, object]:
    """What ``Partition.makeLeader`` / ``makeFollower`` print at a new leader epoch (read at
    0.11.0.2, 2.0.1, 2.4.0, 2.6.0, 3.5.2, 3.6.0): the replica's log end offset (the new epoch's
    start offset) and high watermark before either moves, the ISR and assignment changes of the
    request, the partition epoch (zkVersion), and the leader epoch and leader it held before
    (``leaderReplicaIdOpt``, a Scala ``Option``)."""
    s = a.state
    return {"leader_epoch": s.leader_epoch, "offset": a.leo, "hw": a.hw, "isr": _ids(s.isr),
            "zk_version": s.zk_version, "leader": s.leader, "prev_leader_epoch": a.prev_leader_epoch,
            "prev_leader": w.scala_option(None if a.prev_leader is None else str(a.prev_leader)),
            "details.adding_replicas": "", "details.removing_replicas": "",
            "details.topic_id": w.scala_option(topic_id(e.topic)),
            "details.under_min_isr": "(under-min-isr)" if a.under_min_isr else ""}


def topic_id(topic: str) -> str:
    """A stand-in for the topic's id (``Uuid.toString``: 16 bytes, URL-safe base64 without
    padding), which Kafka draws at random when it creates the topic (2.8+, KIP-516) and no effect
    carries: derived from the name, so one topic prints one id throughout a run."""
    digest = hashlib.sha256(topic.encode("utf-8")).digest()[:16]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _sent(e: LeaderChanged, a: LeaderAndIsrApplied | None, v: w.KafkaVersion) -> tuple[int, int, str] | None:
    """(controller, its epoch, the request's PartitionState as the 1.0+ send line prints it) for
    the LeaderAndIsr broker ``e.broker`` applied; None for one no controller sent (scripted)."""
    if a is None or a.controller is None:
        return None
    return a.controller, a.controller_epoch, partition_state(e, a, v)


def partition_state(e: LeaderChanged, a: LeaderAndIsrApplied, v: w.KafkaVersion) -> str:
    """The request's state for one partition as the broker's "received" line (and from 1.0 the
    controller's "Sending" line) prints it: ``PartitionState.toString`` of the requests package,
    lists ``Arrays.toString`` (0.10.0.1, 0.10.2.2) or ``Utils.join(…, ",")`` (0.11.0.2), ``isNew``
    from 1.0 (1.0.2, 2.3.1); the generated ``LeaderAndIsrPartitionState`` from 2.4 (2.4.0, 2.5.1)."""
    s = a.state
    if v < (1, 0, 0):
        ids = _list if v < (0, 11, 0) else _ids
        return (f"PartitionState(controllerEpoch={s.controller_epoch}, leader={s.leader}, "
                f"leaderEpoch={s.leader_epoch}, isr={ids(s.isr)}, zkVersion={s.zk_version}, "
                f"replicas={ids(s.replicas)})")
    if v < (2, 4, 0):
        return (f"PartitionState(controllerEpoch={s.controller_epoch}, leader={s.leader}, "
                f"leaderEpoch={s.leader_epoch}, isr={_ids(s.isr)}, zkVersion={s.zk_version}, "
                f"replicas={_ids(s.replicas)}, isNew={str(a.is_new).lower()})")
    return (f"LeaderAndIsrPartitionState(topicName='{e.topic}', partitionIndex={e.partition}, "
            f"controllerEpoch={s.controller_epoch}, leader={s.leader}, leaderEpoch={s.leader_epoch}, "
            f"isr={_list(s.isr)}, zkVersion={s.zk_version}, replicas={_list(s.replicas)}, "
            f"addingReplicas=[], removingReplicas=[], isNew={str(a.is_new).lower()})")


def _list(ids: Sequence[int]) -> str:
    """``MessageUtil.deepToString``: ``[1, 2]``."""
    return "[" + ", ".join(str(b) for b in ids) + "]"


def leader_isr_and_controller_epoch(e: LeaderChanged, controller_epoch: int) -> str:
    """``LeaderIsrAndControllerEpoch.toString`` (KafkaController.scala 0.10.2.2, 0.11.0.3), as
    the 0.9-0.11 controller's "sending … LeaderAndIsr request" prints the state: the ISR
    ``mkString(",")``, the epoch of the controller that wrote the state."""
    return (f"(Leader:{e.to_leader},ISR:{_ids(e.isr)},LeaderEpoch:{e.leader_epoch},"
            f"ControllerEpoch:{controller_epoch})")


def _ids(isr: Sequence[int]) -> str:
    """A Scala set of broker ids as ``mkString(",")`` prints it."""
    return ",".join(str(b) for b in isr)


def _lagging(ctx: IsrContext, *, since: bool) -> str:
    """The out-of-sync replicas: ``(brokerId: 2, endOffset: 90410)`` each, space-separated;
    3.6+ adds ``lastCaughtUpTimeMs``; ``unknown`` where the leader holds no state for one."""
    parts = []
    for broker, leo, caught in ctx.lagging:
        text = f"(brokerId: {broker}, endOffset: {'unknown' if leo is None else leo}"
        if since:
            text += f", lastCaughtUpTimeMs: {'unknown' if caught is None else caught}"
        parts.append(text + ")")
    return " ".join(parts)


def zookeeper_export(effects: Sequence[Effect], start_ms: int) -> str | None:
    """The ZooKeeper tree the run left, as a JSON export (path -> data and stat, kazoo's stat
    names), the form ``ingest`` reads as a state dump: each znode's last successful write,
    deletions applied; None when the run wrote nothing to ZooKeeper.  A node the trace seeded
    (``create_partition``) and the run then wrote has no creation zxid or time: the export
    leaves them out rather than guess."""
    nodes: dict[str, dict[str, object]] = {}
    for e in effects:
        if not isinstance(e, ZkWrite) or not e.ok:
            continue
        if e.op == "delete":
            nodes.pop(e.path, None)
            continue
        stat: dict[str, object] = {"version": e.version or 0, "mzxid": e.zxid, "mtime": start_ms + e.at}
        if e.op == "create":
            stat |= {"czxid": e.zxid, "ctime": start_ms + e.at}
        elif e.path in nodes:  # a node created in the run keeps its creation
            old = nodes[e.path]["stat"]
            assert isinstance(old, dict)
            stat |= {k: old[k] for k in ("czxid", "ctime") if k in old}
        nodes[e.path] = {"data": e.data, "stat": stat}
    if not nodes:
        return None
    return json.dumps(dict(sorted(nodes.items())), indent=2, sort_keys=True) + "\n"
