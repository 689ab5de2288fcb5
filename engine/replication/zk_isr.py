"""The ZooKeeper-mode ISR channel (before AlterIsr, KIP-497 / 2.7): the partition leader writes
``/brokers/topics/T/partitions/P/state`` itself with a conditional update on the zkVersion it
cached (``ReplicaManager``/``Partition.updateIsr`` -> ``ReplicationUtils.updateLeaderAndIsr``).

A refused write is what Kafka logs as ``Cached zkVersion [N] not equal to that in zookeeper,
skip updating ISR``: the ISR stays, and it stays refused until the broker learns the
current version from a LeaderAndIsr — the loop of a broker whose ZooKeeper session expired.
A successful change is recorded for ``isr-change-propagation`` (the broker's task turns the
recorded partitions into ``/isr_change_notification/isr_change_N``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import ErrorCode
from .isr_propagation import IsrChangePropagation
from .model import IsrProposal, IsrResult, LeaderAndIsr, TopicPartition
from .zookeeper import ZooKeeper, partition_state_json, partition_state_path


@dataclass
class ZkIsrChannel:
    """One per broker."""

    zk: ZooKeeper
    broker: int
    replicas: dict[TopicPartition, tuple[int, ...]]
    controller_epoch: dict[TopicPartition, int]
    propagation: IsrChangePropagation
    now: Callable[[], int]

    def propose(self, p: IsrProposal) -> IsrResult:
        state = LeaderAndIsr(p.broker, p.leader_epoch, p.isr, self.replicas[p.tp], p.zk_version + 1,
                             self.controller_epoch[p.tp])
        version = self.zk.set(partition_state_path(p.tp), partition_state_json(state), p.zk_version,
                              writer=self.broker, purpose="isr")
        if version is None:
            return IsrResult(p, ErrorCode.INVALID_UPDATE_VERSION)
        self.propagation.record(p.tp, self.now())
        return IsrResult(p, ErrorCode.NONE, LeaderAndIsr(state.leader, state.leader_epoch, state.isr,
                                                         state.replicas, version, state.controller_epoch))
