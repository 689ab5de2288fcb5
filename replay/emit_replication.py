"""``simulate --emit-logs`` for replication: the lines the partition leaders, the followers and
the controller write about ISRs, elections, brokers coming and going, replica states, truncations
and a new replica's high watermark, in the profile's version's wording, logger, prefix and level,
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
Truncated (a replica's log cut back; its log-only  that broker: ``log_truncated`` ("Truncating log t-p to
``leader``, ``hw`` and OffsetsForLeaderEpoch       offset N." to 0.11, "[Log partition=t-p, dir=…]
``answers``)                                       Truncating to offset N" 1.0+, UnifiedLog 3.1+); by
                                                   leader epoch, the fetcher's: per answer the follower
                                                   must ask again after, ``fetcher_epoch_unknown``
                                                   (2.0+ INFO "leader replied with epoch E unknown to
                                                   the follower" / 2.1+ "replica"), per answer 3.1+
                                                   ``fetcher_truncate_epoch`` ("Truncating partition
                                                   t-p with TruncationState(offset=N, completed=B) due
                                                   to leader epoch and offset EpochEndOffset(…)", INFO);
                                                   below the follower's HW, 2.0-2.3
                                                   ``fetcher_below_hw`` (WARN; 2.0 before the Log line,
                                                   2.1-2.3 after; from 2.4 the Log's truncation lowers
                                                   the HW it compares with first, so never written)
BrokerChangeHandled, a log-only note (the          controller.log: 0.10 ``broker_change_fired``
controller handled a broker's registration         (BrokerChangeListener "… fired for path /brokers/ids
going or coming back, or its controlled            with children …"), ``brokers_changed`` ("Newly added
shutdown)                                          brokers: …, deleted brokers: …, all live brokers: …",
                                                   0.10 the listener's, 0.11+ KafkaController's, 2.2+
                                                   with "bounced brokers: "), ``broker_failure`` /
                                                   ``broker_startup`` ("Broker failure callback for B",
                                                   "New broker startup callback for B"), 2.2+
                                                   ``shutting_brokers_removed`` for a broker that had
                                                   shut down controlled; ``controlled_shutdown``
                                                   ("Shutting down broker B"); all INFO
ReplicaStateChanged, a log-only note (the          controller's state-change.log: ``replica_state``
controller's replica state machine moved a         ("changed state of replica B for partition [t,p] from
replica: OfflineReplica on a broker's failure      OnlineReplica to OfflineReplica" 0.10-0.11, "Changed
and for a controlled shutdown's followed           state of replica B for partition t-p …" 1.0+; TRACE:
partitions, OnlineReplica on its start)            written to 2.5) and, 2.6+, ``replica_isr_removed``
                                                   ("Partition t-p state changed to (Leader:…,ISR:…,…)
                                                   after removing replica B from the ISR as part of
                                                   transition to OfflineReplica", INFO; 3.2+ with the
                                                   recovery state and ZkVersion)
LeaderChanged by a broker, a follower of a new     that broker's state-change.log:
leader with the controller's request               ``become_truncated`` (ReplicaManager.makeFollowers:
                                                   "Broker B truncated logs and checkpointed recovery
                                                   boundaries for partition t-p as part of
                                                   become-follower request with correlation id N from
                                                   controller C epoch E" 0.10-0.11, "[Broker id=B]
                                                   Truncated logs …" 1.0-1.1, "… with leader L" 2.0-2.5;
                                                   TRACE) — up to 0.10 the truncation to the high
                                                   watermark happens there
LeaderChanged by a broker applying a new           that broker's server.log: ``hw_none_checkpointed``
partition's first LeaderAndIsr (``isNew``, a       ("No checkpointed highwatermark is found for partition
replica it never held)                             …", every version) and ``hw_initial`` ("Replica loaded
                                                   for partition t-p with initial high watermark 0"
                                                   0.11-2.3, one per assigned replica as Replica's
                                                   constructor logs the remote ones too; "Log loaded for
                                                   partition … with initial high watermark 0" 2.4+); INFO
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
ControllerElected, a log-only note (a broker       the new controller: ``controller_elected`` — 0.10
became the controller: the epoch it wrote to       ZookeeperLeaderElector's "N successfully elected as
/controller_epoch, the znode's version, and        leader" (server.log: its logger is not under
the epoch and version it read before)              kafka.controller), 0.11-2.0 "N successfully elected
                                                   as the controller", 2.1+ "… Epoch incremented to E
                                                   and epoch zk version is now V"; then in
                                                   controller.log onControllerFailover's steps: to 1.0
                                                   ``controller_becoming`` ("Broker N starting become
                                                   controller state transition" / 1.0 "Starting …"),
                                                   1.1-2.0 ``controller_epoch_reading``; to 2.0
                                                   ``controller_epoch_initialized`` ("Initialized
                                                   controller epoch to E and zk version V", the epoch
                                                   read, when there was one), 1.1-2.0
                                                   ``controller_epoch_incrementing``,
                                                   ``controller_epoch_incremented`` ("Controller N
                                                   incremented epoch to E" / 1.0 "Incremented …" /
                                                   1.1 "Epoch incremented to E"); 0.10-1.0 DEBUG
                                                   "Registering IsrChangeNotificationListener" (1.0
                                                   and logDirEventNotificationListener); 1.1+
                                                   "Registering handlers", "Deleting log dir event
                                                   notifications", "Deleting isr change
                                                   notifications", "Initializing controller context",
                                                   "Fetching topic deletions in progress",
                                                   "Initializing topic deletion manager", "Sending
                                                   update metadata request"; all INFO but the DEBUG
ControllerReady, a log-only note (the end of its   ``controller_ready``: "Broker N is ready to serve as
failover: after its state machines' start-up)      the new controller with epoch E" (to 0.11), "Ready to
                                                   serve as the new controller with epoch E" (1.0+)
ControllerResigned, a log-only note (the           the old controller's controller.log:
controller resigned and its broker lives on: a     ``controller_resigning`` (DEBUG "Controller
controlled shutdown; a session expiry)             resigning, broker id N" to 0.11, "Resigning" 1.0+),
                                                   ``controller_resigned`` ("Broker N resigned as the
                                                   controller" / "Resigned", INFO); for a session
                                                   expiry from 1.1 only (the Expire event); a crashed
                                                   broker writes nothing
=================================================  =================================================

A KRaft run (``emit_kraft.kraft_run``: its effects hold metadata records) writes no LeaderAndIsr
request line and none of the ZooKeeper controller's: its brokers' lines are the ones above
(3.3+: a replayed change at the leader epoch the replica holds is "Skipped the become-leader /
become-follower state change …", ``leader_skipped`` / ``follower_skipped``; 3.0-3.2 log every
replay as a start), the controller's are ``emit_kraft``'s.

Levels: a line is written when its level reaches the root's (``level``, INFO in Kafka's
default config) or, for a logger the default config sets lower (or one under it), that logger's:
``state.change.logger`` is TRACE up to 2.5, ``kafka.controller`` TRACE in every version
(``wording.CONFIG_LEVELS``).

A broker's LeaderAndIsr from a controller (``_requests``): 0.10-2.5 "received LeaderAndIsr
request <PartitionState> correlation id N from controller C epoch E" (TRACE; "for partition …"
up to 2.3), 2.6+ "Handling LeaderAndIsr request correlationId N … for K partitions" (INFO), 2.7+
"Finished … in 0ms …" (INFO).  The correlation ids count the LeaderAndIsr requests on each
controller-to-broker connection from 0; Kafka's count UpdateMetadata and StopReplica too, so
Kafka's are higher.

High watermarks: of the lines Kafka writes about them, only those above are at INFO or higher
under the default config; "High watermark updated …" (Partition) is DEBUG, the fetcher's and
Replica's per-fetch ones TRACE, and are not written.

Not written yet: the per-partition "handling … starting the become-leader transition" lines and
the rest of makeFollowers' (stopped / started fetchers, and its INFO "skipped the become-follower
state change" for a LeaderAndIsr that keeps the leader); the rest of the controller's failover
lines (initializeControllerContext's "Currently active brokers …", "Currently shutting brokers …",
"Current list of topics …", the topic-deletion and preferred-election lists, the state machines'
start-up lines and moves, "Starting the controller scheduler" after "Ready"), the other brokers'
lines as the controller moves (DEBUG "Broker N has been elected as the controller, so stopping the
election process.", 0.10's "New leader is N"), 0.10's SessionExpirationListener's "ZK expired; …",
up to 1.0 the resignation a session expiry makes once a new session is up (Reelect), the
"Resigning" / "Resigned" every broker's shutdown writes (KafkaController.shutdown resigns on a
broker that is not the controller too: only the controller's are written), the replica moves
of a partition's creation (NewReplica, OnlineReplica), its partition state machine's other lines,
its other DEBUG / TRACE lines (``kafka.controller`` is TRACE in the default config, with
``log4j.additivity.kafka.controller=false``: its lines go to controller.log only); 0.10-2.1's
"Removed Set(…) from list of shutting down brokers." (a Scala collection, written for every
failure); the fetcher's "leader replied with an unknown offset" warnings and 0.11-1.1's "No
truncation needed", and a
truncation that removed nothing (the engine emits none: Kafka's 3.1+ line is written for it too);
the initial high watermark of a replica opened after a restart or by a broker that was down
when its partition was created; and a rejected AlterPartition proposal's "Shrinking ISR" (only
committed changes are written). Within one instant the lines keep the effects' order, which
is Kafka's order only where the effects follow it. The topic id the 3.3+ lines print is a
stand-in derived from the topic's name (``topic_id``): Kafka draws it at random.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain

from kafka_forensics.engine.effects import Effect, notes_of
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.profiles import Profile, Switch
from kafka_forensics.engine.replication.effects import (
    BrokerChangeHandled,
    ControlledShutdownNoted,
    ControllerElected,
    ControllerReady,
    ControllerResigned,
    IsrChanged,
    LeaderAndIsrApplied,
    LeaderChanged,
    LeaderKept,
    ReplicaStateChanged,
    ShutdownStep,
    Truncated,
    ZkWrite,
)
from kafka_forensics.engine.replication.model import IsrContext, LeaderAndIsr

from . import wording as w
from .emit import Record, controller_log, server_log, state_change_log
from .emit_kraft import kraft_run, render_controller, topic_id

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
    # KRaft: the brokers apply the metadata log's records, no controller sends LeaderAndIsr
    # requests, and the controller's own lines are emit_kraft's
    kraft = kraft_run(effects)
    out: list[Record] = []

    def emit(at: int, index: int, site: str, broker: int, topic: str, partition: int,
             values: Mapping[str, object], raw: Sequence[str] = (), file: str | None = None,
             epoch: int | None = None, prefix: Mapping[str, object] | None = None) -> None:
        ident = {"node": broker, "topic": topic, "partition": partition, "tp": f"{topic}-{partition}",
                 "controller_epoch": epoch, "details.dir": LOG_DIR, **(prefix or {})}
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
        sent = None if kraft else zk.sent(e, v) if v < (1, 0, 0) else _sent(e, a, v)
        if sent is not None:
            controller, epoch, state = sent
            kind = "become-leader" if e.broker == e.to_leader else "become-follower"
            emit(e.at, i, "lai_sent", controller, e.topic, e.partition,
                 {"details.type": kind, "_state": state, "replica": e.broker,
                  "tap": f"[{e.topic},{e.partition}]"},
                 file=state_change_log(controller, cluster), epoch=epoch)
        if request is not None and k == 0:
            received(request, i)
        if a is not None and a.is_new and a.prev_leader_epoch < 0:
            opened(e, a, i)
        if request is not None and a is not None and e.broker != e.to_leader and e.from_leader != e.to_leader:
            # ReplicaManager.makeFollowers, a follower of a new leader (0.10-2.5, TRACE): up to 0.10
            # the log was just cut back to its high watermark here (Log's line, from the Truncated effect)
            tp_text = _tp_text(e.topic, e.partition, v)
            emit(e.at, i, "become_truncated", e.broker, e.topic, e.partition, {
                **tp_text, "correlation_id": request.correlation_id, "controller": request.controller,
                "controller_epoch": request.controller_epoch, "leader": e.to_leader},
                raw=("", "", ""), file=state_change_log(e.broker, cluster), epoch=request.controller_epoch)
        if a is not None and kraft and v >= (3, 3, 0) and a.state.leader_epoch <= a.prev_leader_epoch:
            skipped(e, a, i)
        elif a is not None:
            leader = e.broker == e.to_leader
            emit(e.at, i, "leader_epoch_start" if leader else "follower_epoch_start", e.broker, e.topic,
                 e.partition, epoch_start(e, a), file=state_change_log(e.broker, cluster)
                 if v >= (2, 6, 0) else None)
        if request is not None and k == len(request.members) - 1:
            emit(e.at, i, "lai_finished", e.broker, e.topic, e.partition, {
                "duration_ms": 0, "correlation_id": request.correlation_id, "controller": request.controller,
                "count": len(request.members)}, file=state_change_log(e.broker, cluster),
                epoch=request.controller_epoch)

    def skipped(e: LeaderChanged, a: LeaderAndIsrApplied, i: int) -> None:
        """KRaft, 3.3+: a replayed partition change at the leader epoch the replica holds
        (Partition.makeLeader / makeFollower, 3.3.0 -> trunk): "Skipped the become-leader state
        change … since it is already the leader with leader epoch E. Current high watermark …",
        "Skipped the become-follower state change … since it is already a follower …"."""
        s = a.state
        leader = e.broker == e.to_leader
        emit(e.at, i, "leader_skipped" if leader else "follower_skipped", e.broker, e.topic, e.partition, {
            "details.topic_id": w.scala_option(topic_id(e.topic)), "_state": kraft_partition_state(e, a),
            "leader_epoch": a.prev_leader_epoch, "hw": a.hw, "isr": _ids(s.isr),
            "details.adding_replicas": "", "details.removing_replicas": ""},
            file=state_change_log(e.broker, cluster))

    def opened(e: LeaderChanged, a: LeaderAndIsrApplied, i: int) -> None:
        """A broker opens its replica of a partition just created (no high-watermark checkpoint
        holds it): Partition.getOrCreateReplica's "No checkpointed highwatermark is found" (every
        version, INFO) and the initial high watermark — 0.11-2.3 one "Replica loaded" per assigned
        replica (Replica's constructor: the remote ones too, in assignment order), 2.4+ "Log loaded"
        for its own log (Partition.createLog)."""
        tp_text = _tp_text(e.topic, e.partition, v)
        own = {"hw": 0}
        for replica in a.state.replicas if (0, 11, 0) <= v < (2, 4, 0) else (e.broker,):
            if replica == e.broker:
                emit(e.at, i, "hw_none_checkpointed", e.broker, e.topic, e.partition, tp_text,
                     raw=("", "", ""))
            emit(e.at, i, "hw_initial", e.broker, e.topic, e.partition, own)

    def brokers(n: BrokerChangeHandled, i: int) -> None:
        """The controller's INFO lines as it handles a broker's registration going or coming
        (KafkaController.processBrokerChange / BrokerChange, 0.10's BrokerChangeListener, then
        onBrokerFailure / onBrokerStartup) or a controlled shutdown (doControlledShutdown)."""
        c, log = n.controller, controller_log(n.controller, cluster)
        if n.cause == "controlled_shutdown":
            emit(n.at, i, "controlled_shutdown", c, "", 0, {"brokers": n.broker}, file=log)
            # DEBUG, written (kafka.controller is TRACE): shuttingDownBrokerIds, then liveBrokerIds (the
            # live ones not shutting down); Scala sets, printed sorted here
            shutting, alive = _ids(n.shutting_down), _ids([b for b in n.live if b not in n.shutting_down])
            emit(n.at, i, "controller_shutting_brokers", c, "", 0, {"brokers": shutting}, file=log)
            emit(n.at, i, "controller_live_brokers", c, "", 0, {"brokers": alive}, file=log)
            return
        live = _ids(n.live)
        if v < (0, 11, 0):  # the listener prints the znode's children, sorted as strings
            children = ",".join(sorted(str(b) for b in n.live))
            emit(n.at, i, "broker_change_fired", c, "", 0, {"brokers": children}, file=log)
        added, deleted = (n.broker, "") if n.cause == "startup" else ("", n.broker)
        emit(n.at, i, "brokers_changed", c, "", 0, {"details.added": added, "details.deleted": deleted,
                                                   "details.bounced": "", "brokers": live}, file=log)
        if n.cause == "startup":
            emit(n.at, i, "broker_startup", c, "", 0, {"brokers": n.broker}, file=log)
            return
        emit(n.at, i, "broker_failure", c, "", 0, {"brokers": n.broker}, file=log)
        if n.was_shutting_down and v >= (2, 2, 0):  # written only when not empty from 2.2 (2.2.2)
            emit(n.at, i, "shutting_brokers_removed", c, "", 0, {"brokers": n.broker}, file=log)

    def elected(n: ControllerElected, i: int) -> None:
        """A broker became the controller: the election line (0.8-0.10 ZookeeperLeaderElector's
        "N successfully elected as leader" in server.log; KafkaController's "N successfully elected
        as the controller" 0.11+, with the new epoch and /controller_epoch's version 2.1+), then
        onControllerFailover's steps up to its state machines' start-up — before 2.1 reading and
        incrementing the epoch itself (its "Initialized controller epoch to E and zk version V" the
        epoch it read, when there was one), 0.9-1.0 its DEBUG listener registrations, 1.1+ the named
        steps "Registering handlers" … "Sending update metadata request"."""
        c, log = n.controller, controller_log(n.controller, cluster)

        def say(site: str, values: Mapping[str, object] | None = None, raw: Sequence[str] = ()) -> None:
            emit(n.at, i, site, c, "", 0, {"controller": c, **(values or {})}, raw=raw, file=log)

        epoch = {"controller_epoch": n.controller_epoch, "zk_version": n.epoch_zk_version}
        emit(n.at, i, "controller_elected", c, "", 0, {"controller": c, **epoch},
             file=log if v >= (0, 11, 0) else None)  # ZookeeperLeaderElector's logger: the root's server.log
        if v < (2, 1, 0):
            if v < (1, 1, 0):
                say("controller_becoming")
            say("controller_epoch_reading")
            if n.prev_epoch is not None:
                say("controller_epoch_initialized",
                    {"controller_epoch": n.prev_epoch, "zk_version": n.prev_epoch_zk_version})
            say("controller_epoch_incrementing")
            say("controller_epoch_incremented", epoch)
        if v < (1, 1, 0):
            say("controller_listener_registration", raw=("Registering", "IsrChange"))
            if v >= (1, 0, 0):
                say("controller_listener_registration", raw=("Registering", "logDirEvent"))
            return
        for site in ("controller_registering_handlers", "controller_deleting_log_dir_events",
                     "controller_deleting_isr_changes", "controller_initializing_context",
                     "controller_fetching_deletions", "controller_initializing_deletion_manager",
                     "controller_sending_update_metadata"):
            say(site)

    def ready(n: ControllerReady, i: int) -> None:
        """onControllerFailover after its state machines started: "Ready to serve as the new
        controller with epoch E" ("Broker N is ready …" to 0.11)."""
        emit(n.at, i, "controller_ready", n.controller, "", 0,
             {"controller": n.controller, "controller_epoch": n.controller_epoch},
             file=controller_log(n.controller, cluster))

    def shutdown(n: ControlledShutdownNoted, i: int) -> None:
        """The broker's KafkaServer.controlledShutdown lines (server.log; read at 0.10.2.0, 1.1.0, 2.3.0,
        2.4.0, 2.8.0, 3.0.0, 3.1.0, 3.4.0): "Starting controlled shutdown"; per answer, up to 3.0
        "Controlled shutdown succeeded" or "Remaining partitions to move: …" with the controller's
        error ("Error code from controller: N" to 1.0, "Error from controller: E" 1.1+), from 3.1
        "Controlled shutdown request returned [successfully] after Nms [with …]" (the engine's
        requests take no time: 0ms); after each back-off "Retrying controlled shutdown …" (WARN to
        3.0, INFO with the retries remaining 3.1+); "Proceeding to do an unclean shutdown …" (WARN)."""
        def say(site: str, values: Mapping[str, object] | None = None, raw: Sequence[str] = ()) -> None:
            emit(n.at, i, site, n.broker, "", 0, values or {}, raw=raw)

        if n.step is ShutdownStep.STARTING:
            say("cs_starting")
        elif n.step is ShutdownStep.NO_CONTROLLER:
            # 1.1+ (up to 1.0 nothing is logged); 3.0 "present in the metadata cache", 3.4+ "No zk controller"
            where = "registered in ZooKeeper" if v < (3, 0, 0) else "present in the metadata cache"
            say("cs_no_controller", raw=("zk " if v >= (3, 4, 0) else "", where))
        elif n.step is ShutdownStep.ANSWERED:
            done = n.error == "NONE" and not n.remaining
            if v >= (3, 1, 0):
                if n.error != "NONE":
                    say("cs_returned_error", {"duration_ms": 0, "error": n.error})
                elif done:
                    say("cs_succeeded", {"duration_ms": 0})
                else:
                    say("cs_returned_remaining", {"duration_ms": 0, "count": len(n.remaining)})
                    say("cs_remaining", {"_remaining": _remaining(n.remaining, v)},
                        raw=(" during controlled shutdown",))
            elif done:
                say("cs_succeeded")
            else:
                say("cs_remaining", {"_remaining": _remaining(n.remaining, v)})
                say("cs_error", {"error": n.error, "_code": ErrorCode[n.error].value})
        elif n.step is ShutdownStep.RETRYING:
            say("cs_retry", {"count": n.retries_left})
        else:
            say("cs_unclean")

    def resigned(n: ControllerResigned, i: int) -> None:
        """onControllerResignation on a controller whose broker lives on: DEBUG "Resigning"
        ("Controller resigning, broker id N" to 0.11), INFO "Resigned" ("Broker N resigned as the
        controller").  A session expiry's is written from 1.1, where the Expire event resigns at
        the expiry; before, the SessionExpirationListener resigned only once a new session was
        established (not modelled)."""
        if n.cause == "session_expired" and v < (1, 1, 0):
            return
        for site in ("controller_resigning", "controller_resigned"):
            emit(n.at, i, site, n.controller, "", 0, {"controller": n.controller},
                 file=controller_log(n.controller, cluster))

    def replica(n: ReplicaStateChanged, i: int) -> None:
        """The replica state machine's lines: 2.6+ the OfflineReplica transition's ISR removal
        (INFO), then every version's "changed state of replica" (TRACE: written up to 2.5)."""
        log = state_change_log(n.controller, cluster)
        if n.state is not None and n.to_state == "OfflineReplica":
            emit(n.at, i, "replica_isr_removed", n.controller, n.topic, n.partition, {
                "_state": leader_isr_and_controller_epoch_of(n.state, n.controller_epoch, v),
                "replica": n.replica}, file=log, epoch=n.controller_epoch)
        emit(n.at, i, "replica_state", n.controller, n.topic, n.partition, {
            "replica": n.replica, "tap": f"[{n.topic},{n.partition}]", "prev_state": n.from_state,
            "state": n.to_state}, file=log, epoch=n.controller_epoch)

    def truncated(e: Truncated, i: int) -> None:
        """A follower's truncation: the fetcher's lines (by leader epoch, 0.11+) around Log's
        "Truncating …" — per OffsetsForLeaderEpoch answer, 2.0+ "leader replied with epoch E
        unknown to the replica … Will truncate to N" for one the follower must ask again after
        (INFO), 3.1+ "Truncating partition … with TruncationState(…) due to leader epoch and
        offset EpochEndOffset(…)" (INFO); and 2.0-2.3's WARN "Truncating … below high watermark"."""
        fetcher = {"leader": e.leader, "_fetcher": 0}
        by_epoch = e.cause == "leader_epoch" and e.leader is not None
        for epoch, end, target, done in (e.answers or ()) if by_epoch else ():
            if not done and v >= (2, 0, 0):  # AbstractFetcherThread.getOffsetTruncationState (2.0.1, 2.1.1)
                who = "follower" if v < (2, 1, 0) else "replica"
                emit(e.at, i, "fetcher_epoch_unknown", e.broker, e.topic, e.partition,
                     {"leader_epoch": epoch, "offset": target}, raw=(who, who), prefix=fetcher)
            emit(e.at, i, "fetcher_truncate_epoch", e.broker, e.topic, e.partition, {
                "offset": target, "details.completed": str(done).lower(), "_ec": 0, "_p": e.partition,
                "leader_epoch": epoch, "details.leader_end_offset": end}, prefix=fetcher)
        # ReplicaFetcherThread 2.0.1 warns before truncating, 2.1.1-2.3.1 after; from 2.4 the log's
        # truncation has already lowered the high watermark it compares with (Log.updateLogEndOffset,
        # 2.4.1), so the warning is never written
        below = by_epoch and e.hw is not None and e.to_offset < e.hw and (2, 0, 0) <= v < (2, 4, 0)
        warning = {"offset": e.to_offset, "hw": e.hw}
        if below and v < (2, 1, 0):
            emit(e.at, i, "fetcher_below_hw", e.broker, e.topic, e.partition, warning, prefix=fetcher)
        # Log.truncateTo: "Truncating log t-p to offset N." to 0.11, "[Log partition=t-p, dir=…]
        # Truncating to offset N" from 1.0 (UnifiedLog from 3.1)
        emit(e.at, i, "log_truncated", e.broker, e.topic, e.partition,
             {"offset": e.to_offset, "details.dir": LOG_DIR})
        if below and v >= (2, 1, 0):
            emit(e.at, i, "fetcher_below_hw", e.broker, e.topic, e.partition, warning, prefix=fetcher)

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
                  if isinstance(n, _Note)]
    steps = list(_in_order(effects, kept_notes))
    requests = {} if kraft else _requests(steps)  # KRaft: no LeaderAndIsr
    for i, e, note in steps:
        if note:
            if isinstance(e, BrokerChangeHandled):
                brokers(e, i)
            elif isinstance(e, ControllerElected):
                elected(e, i)
            elif isinstance(e, ControllerReady):
                ready(e, i)
            elif isinstance(e, ControllerResigned):
                resigned(e, i)
            elif isinstance(e, ControlledShutdownNoted):
                shutdown(e, i)
            elif isinstance(e, ReplicaStateChanged):
                replica(e, i)
            else:
                assert isinstance(e, LeaderChanged)
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
        elif isinstance(e, LeaderChanged) and e.broker < 0 and e.to_leader >= 0 and e.controller is not None \
                and not kraft:
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
            truncated(e, i)
        elif isinstance(e, ZkWrite) and not e.ok and e.purpose == "isr" and e.writer is not None:
            m = _STATE_PATH.match(e.path)
            if m is not None:
                emit(e.at, i, "cached_zk_version", e.writer, m["topic"], int(m["partition"]),
                     {"zk_version": e.expected_version})
    if kraft:
        out.extend(render_controller(effects, profile, cluster=cluster, level=level))
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


# (and the broker's own controlled-shutdown steps, written beside the controller's)
_ControllerNote = (BrokerChangeHandled | ReplicaStateChanged | ControllerElected | ControllerReady
                   | ControllerResigned | ControlledShutdownNoted)
_Note = LeaderKept | _ControllerNote


def _in_order(effects: Sequence[Effect], notes: Sequence[tuple[int, _Note]]
              ) -> Iterator[tuple[int, Effect | _ControllerNote, bool]]:
    """(position, effect or note, from a note) in writing order: each note (a kept leader's
    stand-in, ``kept``) before the effect at its position, the notes past the last effect at the end."""
    pending = 0
    for i, e in enumerate(chain(effects, (None,))):
        while pending < len(notes) and notes[pending][0] <= i:
            n = notes[pending][1]
            yield i, kept(n) if isinstance(n, LeaderKept) else n, True
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


def kraft_partition_state(e: LeaderChanged, a: LeaderAndIsrApplied) -> str:
    """``PartitionRegistration.toLeaderAndIsrPartitionState`` as a 3.3+ KRaft broker's lines print
    it: the generated ``LeaderAndIsrPartitionState.toString`` (LeaderAndIsrRequest.json 3.3.0 ->
    trunk: ``partitionEpoch``, ``leaderRecoveryState`` as its byte), controller epoch -1."""
    s = a.state
    recovery = 1 if s.leader_recovery_state.name == "RECOVERING" else 0
    return (f"LeaderAndIsrPartitionState(topicName='{e.topic}', partitionIndex={e.partition}, "
            f"controllerEpoch=-1, leader={s.leader}, leaderEpoch={s.leader_epoch}, isr={_list(s.isr)}, "
            f"partitionEpoch={s.zk_version}, replicas={_list(s.replicas)}, addingReplicas=[], "
            f"removingReplicas=[], isNew={str(a.is_new).lower()}, leaderRecoveryState={recovery})")


def _list(ids: Sequence[int]) -> str:
    """``MessageUtil.deepToString``: ``[1, 2]``."""
    return "[" + ", ".join(str(b) for b in ids) + "]"


def leader_isr_and_controller_epoch(e: LeaderChanged, controller_epoch: int) -> str:
    """``LeaderIsrAndControllerEpoch.toString`` (KafkaController.scala 0.10.2.2, 0.11.0.3), as
    the 0.9-0.11 controller's "sending … LeaderAndIsr request" prints the state: the ISR
    ``mkString(",")``, the epoch of the controller that wrote the state."""
    return (f"(Leader:{e.to_leader},ISR:{_ids(e.isr)},LeaderEpoch:{e.leader_epoch},"
            f"ControllerEpoch:{controller_epoch})")


def leader_isr_and_controller_epoch_of(s: LeaderAndIsr, controller_epoch: int, v: w.KafkaVersion) -> str:
    """``LeaderIsrAndControllerEpoch.toString`` of a partition's state (KafkaController.scala
    2.6.3; 3.2.3, 3.3.2, 3.5.2 add the recovery state and the zkVersion / partition epoch)."""
    if v < (3, 2, 0):
        return (f"(Leader:{s.leader},ISR:{_ids(s.isr)},LeaderEpoch:{s.leader_epoch},"
                f"ControllerEpoch:{controller_epoch})")
    return (f"(Leader:{s.leader},ISR:{_ids(s.isr)},LeaderRecoveryState:{s.leader_recovery_state.name},"
            f"LeaderEpoch:{s.leader_epoch},ZkVersion:{s.zk_version},ControllerEpoch:{controller_epoch})")


def _tp_text(topic: str, partition: int, v: w.KafkaVersion) -> dict[str, object]:
    """A partition as a line that prints either form prints it (the catalogue's ``[t,p]`` or
    ``t-p``): ``[t,p]`` (TopicAndPartition) in 0.10.0, ``t-p`` (TopicPartition) from 0.10.1."""
    if v < (0, 10, 1):
        return {"tap": f"[{topic},{partition}]", "tp": ""}
    return {"tap": "", "tp": f"{topic}-{partition}"}


def _remaining(tps: Sequence[tuple[str, int]], v: w.KafkaVersion) -> str:
    """A ControlledShutdownResponse's partitionsRemaining as KafkaServer prints it: up to 2.2 the
    TopicPartitions joined by ``mkString(",")`` (``t-0,t-1``), from 2.3 the generated message's
    collection (``[RemainingPartition(topicName='t', partitionIndex=0), …]``; 2.3.0, 2.4.0)."""
    if v < (2, 3, 0):
        return ",".join(f"{t}-{p}" for t, p in tps)
    return "[" + ", ".join(f"RemainingPartition(topicName='{t}', partitionIndex={p})" for t, p in tps) + "]"


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
