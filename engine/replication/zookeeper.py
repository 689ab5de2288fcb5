"""ZooKeeper as the ZooKeeper-mode Kafka cluster uses it, in memory: znodes with data and a
version that every write bumps, conditional writes refused on a version mismatch
(BadVersion), sessions owning ephemeral nodes that go with them, and sequential nodes.
Every write is a ``zk_write`` effect, refused ones included (ZooKeeper logs those too, as
error transactions).  The data is Kafka's JSON as ``KafkaZkClient`` writes it.

ZooKeeper's own bookkeeping, as its server keeps it (3.4 / 3.5 / 3.8 alike):

* every successful write is one transaction with the next zxid; a node remembers the zxid
  that created it (``czxid`` — from Kafka 2.2, KIP-380, a broker's registration czxid is
  its *broker epoch*);
* a sequential node's suffix is its parent's ``cversion`` as ``%010d``
  (``PrepRequestProcessor``), and the cversion counts every child *created* under the
  parent — deletes leave it alone (``DataTree.deleteNode`` only moves the pzxid) — so
  after the controller deletes ``isr_change_0000000000`` the next one is ``…0001``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..effects import Effect
from .effects import ZkWrite
from .model import LeaderAndIsr, LeaderRecoveryState, TopicPartition

ANY_VERSION = -1
#: ``KafkaController.InitialControllerEpoch``: /controller_epoch is created holding 0, and the
#: first controller's election sets it to 1
INITIAL_CONTROLLER_EPOCH = 0

CONTROLLER_PATH = "/controller"
CONTROLLER_EPOCH_PATH = "/controller_epoch"
BROKER_IDS_PATH = "/brokers/ids"
ISR_CHANGE_PATH = "/isr_change_notification"
ISR_CHANGE_PREFIX = f"{ISR_CHANGE_PATH}/isr_change_"


@dataclass(slots=True)
class Znode:
    data: str
    version: int = 0
    ephemeral_owner: int | None = None  # session id
    czxid: int = 0
    mzxid: int = 0


def partition_state_path(tp: TopicPartition) -> str:
    return f"/brokers/topics/{tp[0]}/partitions/{tp[1]}/state"


def broker_path(broker: int) -> str:
    return f"{BROKER_IDS_PATH}/{broker}"


def partition_state_json(state: LeaderAndIsr) -> str:
    """``TopicPartitionStateZNode.encode``; ``leader_recovery_state`` only while RECOVERING
    (KIP-704, 3.2).  The keys come in the iteration order of the Scala 2.13 immutable map
    Kafka encodes (CHAMP, by improved key hash): the order real captures show, with
    ``leader_recovery_state`` landing after ``version``."""
    return _state_json(state.controller_epoch, state.leader,
                       state.leader_recovery_state is LeaderRecoveryState.RECOVERING, state.leader_epoch,
                       tuple(state.isr))


#: the states a re-run writes and reads come back again and again (an ISR flapping between the same
#: members, partitions in the same state): each JSON made and read once
_STATES_KEPT = 4096


@lru_cache(maxsize=_STATES_KEPT)
def _state_json(controller_epoch: int, leader: int, recovering: bool, leader_epoch: int,
                isr: tuple[int, ...]) -> str:
    doc: dict[str, object] = {"controller_epoch": controller_epoch, "leader": leader, "version": 1}
    if recovering:
        doc["leader_recovery_state"] = LeaderRecoveryState.RECOVERING.value
    doc["leader_epoch"] = leader_epoch
    doc["isr"] = list(isr)
    return json.dumps(doc, separators=(",", ":"))


def decode_partition_state(data: str, version: int, replicas: tuple[int, ...]) -> LeaderAndIsr:
    """``TopicPartitionStateZNode.decode``: the znode's JSON with its stat version as the
    zkVersion (the assignment lives in another znode, so the caller gives it)."""
    leader, leader_epoch, isr, controller_epoch, recovery = _state_of(data)
    return LeaderAndIsr(leader, leader_epoch, isr, replicas, version, controller_epoch, recovery)


@lru_cache(maxsize=_STATES_KEPT)
def _state_of(data: str) -> tuple[int, int, tuple[int, ...], int, LeaderRecoveryState]:
    doc = json.loads(data)
    recovery = LeaderRecoveryState(doc.get("leader_recovery_state", LeaderRecoveryState.RECOVERED.value))
    return (int(doc["leader"]), int(doc["leader_epoch"]), tuple(int(b) for b in doc["isr"]),
            int(doc["controller_epoch"]), recovery)


def isr_change_json(partitions: Sequence[TopicPartition]) -> str:
    """``IsrChangeNotificationSequenceZNode.encode``."""
    return json.dumps({"version": 1, "partitions": [{"topic": t, "partition": p} for t, p in partitions]},
                      separators=(",", ":"))


def decode_isr_change(data: str) -> list[TopicPartition]:
    return [(str(p["topic"]), int(p["partition"])) for p in json.loads(data)["partitions"]]


def controller_json(broker: int, timestamp_ms: int) -> str:
    """``ControllerZNode.encode`` (a three-entry Scala map keeps its order)."""
    return json.dumps({"version": 1, "brokerid": broker, "timestamp": str(timestamp_ms)},
                      separators=(",", ":"))


def broker_json(broker: int, timestamp_ms: int) -> str:
    """``BrokerIdZNode.encode`` version 4 (IBP 0.10.0-IV1 on), one PLAINTEXT listener, in the
    key order real registrations show."""
    host = f"broker-{broker}"
    return json.dumps({"listener_security_protocol_map": {"PLAINTEXT": "PLAINTEXT"},
                       "endpoints": [f"PLAINTEXT://{host}:9092"], "jmx_port": -1, "host": host,
                       "timestamp": str(timestamp_ms), "port": 9092, "version": 4}, separators=(",", ":"))


def _parent(path: str) -> str:
    return path.rsplit("/", 1)[0]


class ZooKeeper:
    """Mutable: the ensemble's data tree."""

    def __init__(self, now: Callable[[], int], emit: Callable[[Effect], None]) -> None:
        self.nodes: dict[str, Znode] = {}
        self.zxid = 0
        self._now = now
        self._emit = emit
        self._sessions: dict[int, int | None] = {}  # session id -> the broker that owns it
        self._next_session = 0x100000000
        self._cversion: dict[str, int] = {}  # parent -> children created under it so far

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
            self.zxid += 1
            self._emit(ZkWrite(self._now(), path, "delete", True, None, None, None, owner, zxid=self.zxid))
        return gone

    def live(self, session: int) -> bool:
        return session in self._sessions

    # -- reads ------------------------------------------------------------------------------

    def get(self, path: str) -> Znode | None:
        return self.nodes.get(path)

    def children(self, path: str) -> list[str]:
        prefix = path.rstrip("/") + "/"
        return sorted(p for p in self.nodes if p.startswith(prefix) and "/" not in p[len(prefix):])

    # -- writes -----------------------------------------------------------------------------

    def create(self, path: str, data: str, *, session: int | None = None, sequential: bool = False,
               writer: int | None = None) -> str | None:
        """Create a node (``session``: ephemeral); its path, or None when it exists."""
        parent = _parent(path)
        if sequential:
            path = f"{path}{self._cversion.get(parent, 0):010d}"
        if path in self.nodes:
            self._emit(ZkWrite(self._now(), path, "create", False, None, None, data, writer))
            return None
        self.zxid += 1
        self._cversion[parent] = self._cversion.get(parent, 0) + 1
        self.nodes[path] = Znode(data, 0, session, self.zxid, self.zxid)
        self._emit(ZkWrite(self._now(), path, "create", True, None, 0, data, writer, zxid=self.zxid))
        return path

    def set(self, path: str, data: str, expected_version: int = ANY_VERSION,
            writer: int | None = None, purpose: str | None = None) -> int | None:
        """``setData``: the node's new version, or None when refused (no node, BadVersion)."""
        node = self.nodes.get(path)
        expected = None if expected_version == ANY_VERSION else expected_version
        if node is None or (expected is not None and node.version != expected):
            self._emit(ZkWrite(self._now(), path, "set", False, expected, None, data, writer, purpose))
            return None
        self.zxid += 1
        node.data = data
        node.version += 1
        node.mzxid = self.zxid
        self._emit(ZkWrite(self._now(), path, "set", True, expected, node.version, data, writer, purpose,
                           self.zxid))
        return node.version

    def delete(self, path: str, writer: int | None = None) -> bool:
        if self.nodes.pop(path, None) is None:
            return False
        self.zxid += 1
        self._emit(ZkWrite(self._now(), path, "delete", True, None, None, None, writer, zxid=self.zxid))
        return True

    def seed(self, path: str, data: str, version: int) -> None:
        """Make a node hold ``data`` at ``version`` because the trace says ZooKeeper holds it
        (``create_partition`` / a scripted controller's state with an explicit zkVersion):
        input, not a write anyone made, so no effect."""
        node = self.nodes.get(path)
        self.zxid += 1
        if node is None:
            self._cversion[_parent(path)] = self._cversion.get(_parent(path), 0) + 1
            self.nodes[path] = Znode(data, version, None, self.zxid, self.zxid)
        else:
            node.data = data
            node.version = version
            node.mzxid = self.zxid
