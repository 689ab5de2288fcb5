"""The replication half of a trace run: builds the engine's replication stimuli from trace
records, hands them to a :class:`ReplicationWorld` that shares the group cluster's clock and
effect list, and answers the ``partition``, ``replica`` and ``produce_response``
expectations (DESIGN.md, "Replication stimuli" and "Expectations").

The runner creates one only for a trace that has replication records, so a group-only trace
runs (and prints) exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kafka_forensics.engine.cluster import Cluster
from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.errors import ErrorCode
from kafka_forensics.engine.replication.effects import ProduceResponse
from kafka_forensics.engine.replication.model import TopicPartition
from kafka_forensics.engine.replication.stimuli import (
    AlterPartitionReply,
    Append,
    BeginTxn,
    BrokerFail,
    BrokerShutdown,
    BrokerStart,
    CreatePartition,
    Elect,
    EndTxn,
    Fetch,
    LeaderAndIsrRequest,
    ReplicationStimulus,
    RunTask,
    ZkSessionExpire,
)
from kafka_forensics.engine.replication.world import ReplicationWorld

from .trace import Header

#: stimuli of the replication half of the contract
REPLICATION_STIMULI = frozenset({
    "create_partition", "append", "fetch", "broker_fail", "broker_start", "broker_shutdown",
    "zk_session_expire", "leader_and_isr", "elect", "alter_partition_reply", "run_task",
    "begin_txn", "end_txn"})
REPLICATION_EXPECTATIONS = frozenset({"partition", "replica", "produce_response"})
#: fields of a ``partition`` expectation compared without order (Kafka keeps the ISR as a set)
BROKER_SETS = frozenset({"isr", "maximal_isr", "pending_isr"})


def _tp(f: Mapping[str, Any]) -> TopicPartition:
    return (str(f["topic"]), int(f["partition"]))


def _brokers(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(b) for b in value)


def _opt_int(f: Mapping[str, Any], key: str) -> int | None:
    return int(f[key]) if f.get(key) is not None else None


def _acks(value: Any) -> int:
    return -1 if value in ("all", None) else int(value)


def stimulus(do: str, f: Mapping[str, Any]) -> ReplicationStimulus:
    """The engine's stimulus for a validated trace record ``do`` with fields ``f``."""
    if do == "create_partition":
        logs = f.get("logs")
        return CreatePartition(
            _tp(f), _brokers(f["replicas"]) or (), _opt_int(f, "leader"), _brokers(f.get("isr")),
            int(f.get("leader_epoch", 0)), int(f.get("zk_version", 0)),
            {int(b): tuple((int(e), int(n)) for e, n in runs) for b, runs in logs.items()} if logs else None)
    if do == "append":
        return Append(_tp(f), int(f["records"]), _acks(f.get("acks")), f.get("client"))
    if do == "fetch":
        return Fetch(_tp(f), int(f["replica"]), int(f["offset"]), int(f.get("last_fetched_epoch", -1)),
                     int(f.get("current_leader_epoch", -1)), int(f.get("broker_epoch", -1)))
    if do in ("broker_fail", "broker_start", "broker_shutdown", "zk_session_expire"):
        kind = {"broker_fail": BrokerFail, "broker_start": BrokerStart, "broker_shutdown": BrokerShutdown,
                "zk_session_expire": ZkSessionExpire}[do]
        return kind(int(f["broker"]))
    if do == "leader_and_isr":
        return LeaderAndIsrRequest(_tp(f), int(f["leader"]), int(f["leader_epoch"]), _brokers(f["isr"]) or (),
                                   _brokers(f.get("replicas")), _opt_int(f, "zk_version"),
                                   _opt_int(f, "controller_epoch"))
    if do == "elect":
        return Elect(_tp(f), str(f["strategy"]))
    if do == "alter_partition_reply":
        error = ErrorCode[str(f["error"])] if f.get("error") is not None else None
        return AlterPartitionReply(_tp(f), error, _brokers(f.get("isr")), _opt_int(f, "leader_epoch"),
                                   _opt_int(f, "zk_version"))
    if do == "run_task":
        return RunTask(int(f["broker"]), str(f["task"]))
    if do == "begin_txn":
        return BeginTxn(_tp(f), str(f["client"]))
    if do == "end_txn":
        return EndTxn(_tp(f), str(f["client"]), bool(f["commit"]))
    raise KeyError(do)


class ReplicationDriver:
    """One trace's replicated cluster, on the group cluster's clock and effect list."""

    def __init__(self, cluster: Cluster, header: Header) -> None:
        self.world = ReplicationWorld(cluster.profile, cluster.config, cluster.timers, cluster.emit,
                                      controller=header.controller, periodic_tasks=header.periodic_tasks,
                                      note=cluster.note)
        #: client -> its latest produce response
        self.produced: dict[str, ProduceResponse] = {}

    def stimulate(self, do: str, f: Mapping[str, Any]) -> None:
        self.world.handle(stimulus(do, f))

    def settle(self, at: int) -> None:
        """The clock has moved to ``at``: finish the step (queued messages, invariants)."""
        self.world.advance_to(at)

    def observe(self, effect: Effect) -> None:
        if isinstance(effect, ProduceResponse) and effect.client:
            self.produced[effect.client] = effect

    # -- expectations -----------------------------------------------------------------------

    def got(self, kind: str, f: Mapping[str, Any]) -> dict[str, Any] | None:
        if kind == "partition":
            return self._partition(f)
        if kind == "replica":
            return self._replica(f)
        answer = self.produced.get(str(f["client"]))
        return None if answer is None else answer.to_dict()

    def _partition(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        v = self.world.partition_view(_tp(f))
        if v is None:
            return None
        return {"leader": v.leader, "leader_epoch": v.leader_epoch, "isr": list(v.isr),
                "maximal_isr": list(v.maximal_isr),
                "pending_isr": None if v.pending_isr is None else list(v.pending_isr), "hw": v.hw,
                "leo": {str(b): leo for b, leo in v.leo.items()}, "zk_version": v.zk_version,
                "controller_epoch": v.controller_epoch}

    def _replica(self, f: Mapping[str, Any]) -> dict[str, Any] | None:
        v = self.world.replica_view(_tp(f), int(f["broker"]))
        if v is None:
            return None
        return {"leo": v.leo, "hw": v.hw, "log_start": v.log_start,
                "epoch_cache": [list(e) for e in v.epoch_cache], "last_caught_up_ms": v.last_caught_up_ms,
                "leader_view_leo": v.leader_view_leo, "leader_view_log_start": v.leader_view_log_start}
