"""ZooKeeper as the ZooKeeper-mode Kafka cluster uses it, in memory: znodes with data and a
version that every write bumps, conditional writes refused on a version mismatch
(BadVersion), sessions owning ephemeral nodes that go with them, and sequential nodes.
Every write is a ``zk_write`` effect, refused ones included (ZooKeeper logs those too, as
error transactions).  The data is Kafka's JSON as ``KafkaZkClient`` writes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..effects import Effect
from .effects import ZkWrite
from .model import LeaderAndIsr, LeaderRecoveryState, TopicPartition

ANY_VERSION = -1


@dataclass(slots=True)
class Znode:
    data: str
    version: int = 0
    ephemeral_owner: int | None = None  # session id


def partition_state_path(tp: TopicPartition) -> str:
    return f"/brokers/topics/{tp[0]}/partitions/{tp[1]}/state"


def partition_state_json(state: LeaderAndIsr) -> str:
    """``TopicPartitionStateZNode.encode``; ``leader_recovery_state`` only while RECOVERING
    (KIP-704, 3.2)."""
    doc: dict[str, object] = {"controller_epoch": state.controller_epoch, "leader": state.leader,
                              "version": 1, "leader_epoch": state.leader_epoch, "isr": list(state.isr)}
    if state.leader_recovery_state is LeaderRecoveryState.RECOVERING:
        doc["leader_recovery_state"] = LeaderRecoveryState.RECOVERING.value
    return json.dumps(doc, separators=(",", ":"))


def isr_change_json(partitions: Sequence[TopicPartition]) -> str:
    """``IsrChangeNotificationSequenceZNode.encode``."""
    return json.dumps({"version": 1, "partitions": [{"topic": t, "partition": p} for t, p in partitions]},
                      separators=(",", ":"))


class ZooKeeper:
    """Mutable: the ensemble's data tree."""

    def __init__(self, now: Callable[[], int], emit: Callable[[Effect], None]) -> None:
        self.nodes: dict[str, Znode] = {}
        self._now = now
        self._emit = emit
        self._sessions: dict[int, int | None] = {}  # session id -> the broker that owns it
        self._next_session = 0x100000000
        self._sequence: dict[str, int] = {}  # parent -> next sequential suffix (its cversion)

    # -- sessions ---------------------------------------------------------------------------

    def open_session(self, broker: int | None = None) -> int:
        self._next_session += 1
        self._sessions[self._next_session] = broker
        return self._next_session

    def expire(self, session: int) -> list[str]:
        """The session ends: its ephemeral nodes are deleted; their paths."""
        owner = self._sessions.pop(session, None)
        gone = sorted(p for p, n in self.nodes.items() if n.ephemeral_owner == session)
        for path in gone:
            del self.nodes[path]
            self._emit(ZkWrite(self._now(), path, "delete", True, None, None, None, owner))
        return gone

    def live(self, session: int) -> bool:
        return session in self._sessions

    # -- writes -----------------------------------------------------------------------------

    def create(self, path: str, data: str, *, session: int | None = None, sequential: bool = False,
               writer: int | None = None) -> str | None:
        """Create a node (``session``: ephemeral); its path, or None when it exists."""
        if sequential:
            parent = path.rsplit("/", 1)[0]
            seq = self._sequence.get(parent, 0)
            self._sequence[parent] = seq + 1
            path = f"{path}{seq:010d}"
        if path in self.nodes:
            self._emit(ZkWrite(self._now(), path, "create", False, None, None, data, writer))
            return None
        self.nodes[path] = Znode(data, 0, session)
        self._emit(ZkWrite(self._now(), path, "create", True, None, 0, data, writer))
        return path

    def set(self, path: str, data: str, expected_version: int = ANY_VERSION,
            writer: int | None = None) -> int | None:
        """``setData``: the node's new version, or None when refused (no node, BadVersion)."""
        node = self.nodes.get(path)
        expected = None if expected_version == ANY_VERSION else expected_version
        if node is None or (expected is not None and node.version != expected):
            self._emit(ZkWrite(self._now(), path, "set", False, expected, None, data, writer))
            return None
        node.data = data
        node.version += 1
        self._emit(ZkWrite(self._now(), path, "set", True, expected, node.version, data, writer))
        return node.version

    def delete(self, path: str, writer: int | None = None) -> bool:
        if self.nodes.pop(path, None) is None:
            return False
        self._emit(ZkWrite(self._now(), path, "delete", True, None, None, None, writer))
        return True

    def children(self, path: str) -> list[str]:
        prefix = path.rstrip("/") + "/"
        return sorted(p for p in self.nodes if p.startswith(prefix) and "/" not in p[len(prefix):])
