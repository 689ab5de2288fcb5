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
        for label, isr in (("weak_isr", p.isr), ("strong_isr", controller.isr)):
            for member in isr:
                other = replicas.get(member)
                if other is not None and other is not p and not _same_prefix(p.log, other.log, log.hw):
                    out.append((label, f"{name}: ISR member {member} does not hold the leader {broker}'s "
                                       f"records below its HW {log.hw}"))
        counted = set(p.maximal_isr) | set(controller.isr)
        short = [m for m in counted if m in replicas and m != broker and replicas[m].log.leo < log.hw]
        if short:
            out.append(("invalid_high_watermark", f"{name}: leader {broker}'s HW {log.hw} is above the "
                                                  f"LEO of ISR members {sorted(short)}"))
    return out
