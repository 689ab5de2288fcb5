"""Replication invariants, checked after a step and reported as named findings, never raised
(reference D.2: the TLA+ model's WeakIsr, StrongIsr, LeaderInIsr and ValidHighWatermark, and
the derived checks).  A record is its (offset, epoch): two replicas hold the same record at an
offset when they wrote it in the same leader epoch.

Checks take the controller's state of the partition and the replicas' :class:`Partition`
objects; each returns ``(name, message)`` pairs for what is broken now.
"""

from __future__ import annotations

from collections.abc import Mapping

from .log import ReplicaLog
from .model import LeaderAndIsr, tp_name
from .partition import Partition

Violation = tuple[str, str]


def _same_prefix(a: ReplicaLog, b: ReplicaLog, end: int) -> bool:
    """Both logs hold the same records (offset and epoch) below ``end``."""
    if a.leo < end or b.leo < end:
        return False
    start = max(a.log_start, b.log_start)
    return _clipped(a, start, end) == _clipped(b, start, end)


def _clipped(log: ReplicaLog, start: int, end: int) -> list[tuple[int, int, int]]:
    """(epoch, start, end) of the log's runs within [start, end)."""
    return [(r.epoch, max(r.start, start), min(r.end, end))
            for r in log.runs if r.end > start and r.start < end]


def check(controller: LeaderAndIsr, replicas: Mapping[int, Partition]) -> list[Violation]:
    out: list[Violation] = []
    first = next(iter(replicas.values()), None)
    name = tp_name(first.tp) if first is not None else "?"
    if controller.leader != -1 and controller.leader not in controller.isr:
        out.append(("leader_not_in_isr", f"{name}: leader {controller.leader} is not in the ISR "
                                         f"{list(controller.isr)}"))
    stray = [b for b in controller.isr if b not in controller.replicas]
    if stray:
        out.append(("isr_outside_replicas", f"{name}: ISR members {stray} are not assigned replicas "
                                            f"{list(controller.replicas)}"))
    for broker, p in replicas.items():
        log = p.log
        if not log.log_start <= log.hw <= log.leo:
            out.append(("hw_outside_log", f"{name}: broker {broker} has HW {log.hw} outside "
                                          f"[{log.log_start}, {log.leo}]"))
        if not p.is_leader:
            continue
        holds: dict[int, bool] = {}  # member -> holds the leader's records below its HW (asked once)
        for label, isr in (("weak_isr", p.isr), ("strong_isr", controller.isr)):
            for member in isr:
                other = replicas.get(member)
                if other is None or other is p:
                    continue
                if member not in holds:
                    holds[member] = _same_prefix(log, other.log, log.hw)
                if not holds[member]:
                    out.append((label, f"{name}: ISR member {member} does not hold the leader {broker}'s "
                                       f"records below its HW {log.hw}"))
        counted = set(p.maximal_isr) | set(controller.isr)
        short = [m for m in counted if m in replicas and m != broker and replicas[m].log.leo < log.hw]
        if short:
            out.append(("invalid_high_watermark", f"{name}: leader {broker}'s HW {log.hw} is above the "
                                                  f"LEO of ISR members {sorted(short)}"))
    return out


class InvariantMonitor:
    """The checks that need the past (reference D.2's derived checks), kept across steps:

    * ``hw_decreased`` — a leader's HW went down while it stayed leader in the same epoch;
    * ``leader_epoch_decreased`` — the controller's (ZooKeeper's) leader epoch of a
      partition, or the epoch a replica follows, went down;
    * ``zk_version_not_incremented`` — a successful write left a znode at any version but
      the one before plus one (a create: 0).

    These are events: each is reported when it happens.  :func:`check`'s are states."""

    def __init__(self) -> None:
        self._zk_versions: dict[str, int] = {}
        self._quorum_epoch: dict[str, int] = {}
        self._replica_epoch: dict[tuple[str, int], int] = {}
        self._leader_hw: dict[tuple[str, int], tuple[int, int]] = {}

    def seeded(self, path: str, version: int) -> None:
        """The trace set a znode's version (input, not a write)."""
        self._zk_versions[path] = version

    def write(self, path: str, op: str, ok: bool, version: int | None) -> list[Violation]:
        """A ``zk_write`` effect; a set on a node never seen is taken as it comes."""
        if not ok:
            return []
        if op == "delete":
            self._zk_versions.pop(path, None)
            return []
        prior = self._zk_versions.get(path)
        expected = 0 if op == "create" else (None if prior is None else prior + 1)
        if version is not None:
            self._zk_versions[path] = version
        if expected is not None and version != expected:
            return [("zk_version_not_incremented", f"{path}: a successful {op} left version {version}, "
                                                   f"not {expected}")]
        return []

    def step(self, controller: LeaderAndIsr, replicas: Mapping[int, Partition]) -> list[Violation]:
        out: list[Violation] = []
        first = next(iter(replicas.values()), None)
        name = tp_name(first.tp) if first is not None else "?"
        last = self._quorum_epoch.get(name)
        if last is not None and controller.leader_epoch < last:
            out.append(("leader_epoch_decreased",
                        f"{name}: the controller's leader epoch went from {last} to "
                        f"{controller.leader_epoch}"))
        self._quorum_epoch[name] = controller.leader_epoch
        for broker, p in replicas.items():
            key = (name, broker)
            if p.state is None:
                self._replica_epoch.pop(key, None)
                self._leader_hw.pop(key, None)
                continue
            epoch = p.state.leader_epoch
            seen = self._replica_epoch.get(key)
            if seen is not None and epoch < seen:
                out.append(("leader_epoch_decreased",
                            f"{name}: broker {broker} went from leader epoch {seen} back to {epoch}"))
            self._replica_epoch[key] = epoch
            if not p.is_leader:
                self._leader_hw.pop(key, None)
                continue
            before = self._leader_hw.get(key)
            if before is not None and before[0] == epoch and p.log.hw < before[1]:
                out.append(("hw_decreased", f"{name}: leader {broker}'s HW went from {before[1]} down to "
                                            f"{p.log.hw} in leader epoch {epoch}"))
            self._leader_hw[key] = (epoch, p.log.hw)
        return out
