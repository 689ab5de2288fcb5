"""Replication invariants, checked after a step and reported as named findings, never raised
(reference D.2: the TLA+ model's WeakIsr, StrongIsr, LeaderInIsr and ValidHighWatermark, and
the derived checks).  A record is its (offset, epoch): two replicas hold the same record at an
offset when they wrote it in the same leader epoch.

Checks take the controller's state of the partition and the replicas' :class:`Partition`
objects; each returns ``(name, message)`` pairs for what is broken now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .log import ReplicaLog
from .model import LeaderAndIsr, tp_name
from .partition import Partition

Violation = tuple[str, str]


def _same_prefix(a: ReplicaLog, b: ReplicaLog, end: int) -> bool:
    """Both logs hold the same records (offset and epoch) below ``end``."""
    if a.leo < end or b.leo < end:
        return False
    start = a.log_start if a.log_start > b.log_start else b.log_start
    runs_a, runs_b = a.runs, b.runs
    if len(runs_a) == 1 and len(runs_b) == 1:  # one run each (one epoch): compare the two clips
        x, y = runs_a[0], runs_b[0]
        if x is y:  # one run shared (a follower in step with its leader): the same clips
            return True
        x_in = x.end > start and x.start < end
        if x_in != (y.end > start and y.start < end):
            return False
        if not x_in:
            return True
        return x.epoch == y.epoch \
            and (x.start if x.start > start else start) == (y.start if y.start > start else start) \
            and (x.end if x.end < end else end) == (y.end if y.end < end else end)
    # _clipped(a, start, end) == _clipped(b, start, end), without the two calls
    return [(r.epoch, r.start if r.start > start else start, r.end if r.end < end else end)
            for r in a.runs if r.end > start and r.start < end] == \
        [(r.epoch, r.start if r.start > start else start, r.end if r.end < end else end)
         for r in b.runs if r.end > start and r.start < end]


def _clipped(log: ReplicaLog, start: int, end: int) -> list[tuple[int, int, int]]:
    """(epoch, start, end) of the log's runs within [start, end)."""
    return [(r.epoch, r.start if r.start > start else start, r.end if r.end < end else end)
            for r in log.runs if r.end > start and r.start < end]


def check(controller: LeaderAndIsr, replicas: Mapping[int, Partition]) -> list[Violation]:
    """The state violations, in a fixed order (the common case, nothing broken, reads each
    value once and formats nothing)."""
    out: list[Violation] = []
    name = ""
    c_leader, c_isr, c_replicas = controller.leader, controller.isr, controller.replicas
    if c_leader != -1 and c_leader not in c_isr:
        name = name or _name(replicas)
        out.append(("leader_not_in_isr", f"{name}: leader {c_leader} is not in the ISR {list(c_isr)}"))
    for b in c_isr:
        if b not in c_replicas:
            stray = [b for b in c_isr if b not in c_replicas]
            name = name or _name(replicas)
            out.append(("isr_outside_replicas", f"{name}: ISR members {stray} are not assigned replicas "
                                                f"{list(c_replicas)}"))
            break
    for broker, p in replicas.items():
        log = p.log
        hw = log.hw
        if not log.log_start <= hw <= log.leo:
            name = name or _name(replicas)
            out.append(("hw_outside_log", f"{name}: broker {broker} has HW {hw} outside "
                                          f"[{log.log_start}, {log.leo}]"))
        state = p.state
        if state is None or state.leader != p.broker:
            continue  # not the leader
        if state.isr == c_isr:  # the same members asked the same question: asked once each
            failing = [member for member in c_isr if (other := replicas.get(member)) is not None
                       and other is not p and not _same_prefix(log, other.log, hw)]
            if failing:
                name = name or _name(replicas)
                for label in ("weak_isr", "strong_isr"):
                    out.extend((label, f"{name}: ISR member {member} does not hold the leader {broker}'s "
                                       f"records below its HW {hw}") for member in failing)
            isrs: tuple[tuple[str, tuple[int, ...]], ...] = ()
        else:
            isrs = (("weak_isr", state.isr), ("strong_isr", c_isr))
        holds: dict[int, bool] = {}  # member -> holds the leader's records below its HW (asked once)
        for label, isr in isrs:
            for member in isr:
                other = replicas.get(member)
                if other is None or other is p:
                    continue
                held = holds.get(member)
                if held is None:
                    held = holds[member] = _same_prefix(log, other.log, hw)
                if not held:
                    name = name or _name(replicas)
                    out.append((label, f"{name}: ISR member {member} does not hold the leader {broker}'s "
                                       f"records below its HW {hw}"))
        short = None
        for m in p.maximal_isr:
            if m != broker and (other := replicas.get(m)) is not None and other.log.leo < hw:
                short = True
                break
        else:
            for m in c_isr:
                if m != broker and (other := replicas.get(m)) is not None and other.log.leo < hw:
                    short = True
                    break
        if short:
            counted = set(p.maximal_isr) | set(c_isr)
            members = sorted(m for m in counted if m in replicas and m != broker and replicas[m].log.leo < hw)
            name = name or _name(replicas)
            out.append(("invalid_high_watermark", f"{name}: leader {broker}'s HW {hw} is above the "
                                                  f"LEO of ISR members {members}"))
    return out


Logs = tuple[ReplicaLog, ...]


def raise_watch(leader: Partition, controller_isr: tuple[int, ...],
                replica: Callable[[int], Partition | None]) -> tuple[Logs, Logs]:
    """What :func:`check` compares ``leader``'s HW with: the logs of the members of its ISR and
    of ZooKeeper's (which must hold its records below it: ``weak_isr``, ``strong_isr``) and of
    its maximal ISR (which must reach it: ``invalid_high_watermark``), the leader itself left
    out.  ``replica``: an assigned replica of the partition by broker (None: none), as
    :func:`check` is given them."""
    state = leader.state
    me = leader.broker
    isr = state.isr if state is not None else ()
    members = dict.fromkeys((*isr, *controller_isr))
    hold = tuple(other.log for m in members if m != me and (other := replica(m)) is not None)
    reach = tuple(other.log for m in leader.maximal_isr if m != me and (other := replica(m)) is not None)
    return hold, reach


def raised_hw_holds(log: ReplicaLog, hold: Logs, reach: Logs) -> bool:
    """After a leader's HW moved up in a step that changed nothing else :func:`check` reads,
    with no violation standing before: whether :func:`check` still finds none.  Only the checks
    that read that HW can have changed, against the logs :func:`raise_watch` names: ``hold``
    holds the leader's records (``log``) below the new HW (holding them means reaching it),
    ``reach`` ends at or above it."""
    hw = log.hw
    for other in hold:
        if not _same_prefix(log, other, hw):
            return False
    for other in reach:
        if other.leo < hw:
            return False
    return True


def _name(replicas: Mapping[int, Partition]) -> str:
    first = next(iter(replicas.values()), None)
    return tp_name(first.tp) if first is not None else "?"


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
        #: partition name -> broker -> (the leader epoch its replica follows, its HW while it
        #: leads in that epoch, else None)
        self._replicas: dict[str, dict[int, tuple[int, int | None]]] = {}

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

    def leader_hw_raised(self, name: str, controller_epoch: int, broker: int, epoch: int, hw: int) -> bool:
        """A leader's HW moved up to ``hw`` in its epoch, in a step that changed nothing else
        :meth:`step` reads: record it as :meth:`step` would (nothing to report).  False, and
        nothing recorded, when the records do not show the partition as that step leaves it
        (the controller's epoch, the leader's epoch and a HW at or below ``hw``): the caller
        runs :meth:`step` instead."""
        records = self.records(name, controller_epoch)
        return records is not None and self.hw_raised(records, broker, epoch, hw)

    def records(self, name: str, controller_epoch: int) -> dict[int, tuple[int, int | None]] | None:
        """What :meth:`hw_raised` reads of partition ``name``: its replicas' records, when the
        controller's epoch recorded is ``controller_epoch`` (None otherwise).  The same until
        the next :meth:`step` (a caller may keep it until then)."""
        if self._quorum_epoch.get(name) != controller_epoch:
            return None
        return self._replicas.get(name)

    @staticmethod
    def hw_raised(records: dict[int, tuple[int, int | None]], broker: int, epoch: int, hw: int) -> bool:
        """:meth:`leader_hw_raised` on the partition's :meth:`records`."""
        prior = records.get(broker)
        if prior is None or prior[0] != epoch or prior[1] is None or prior[1] > hw:
            return False
        records[broker] = (epoch, hw)
        return True

    def step(self, controller: LeaderAndIsr, replicas: Mapping[int, Partition]) -> list[Violation]:
        out: list[Violation] = []
        first = next(iter(replicas.values()), None)
        name = tp_name(first.tp) if first is not None else "?"
        quorum_epoch = self._quorum_epoch
        epoch = controller.leader_epoch
        last = quorum_epoch.get(name)
        if last is not None and epoch < last:
            out.append(("leader_epoch_decreased",
                        f"{name}: the controller's leader epoch went from {last} to {epoch}"))
        quorum_epoch[name] = epoch
        seen_by_broker = self._replicas.get(name)
        if seen_by_broker is None:
            seen_by_broker = self._replicas[name] = {}
        for broker, p in replicas.items():
            state = p.state
            if state is None:
                seen_by_broker.pop(broker, None)
                continue
            epoch = state.leader_epoch
            prior = seen_by_broker.get(broker)
            if prior is not None and epoch < prior[0]:
                out.append(("leader_epoch_decreased",
                            f"{name}: broker {broker} went from leader epoch {prior[0]} back to {epoch}"))
            if state.leader != p.broker:  # not the leader
                seen_by_broker[broker] = (epoch, None)
                continue
            hw = p.log.hw
            if prior is not None and prior[1] is not None and prior[0] == epoch and hw < prior[1]:
                out.append(("hw_decreased", f"{name}: leader {broker}'s HW went from {prior[1]} down to "
                                            f"{hw} in leader epoch {epoch}"))
            seen_by_broker[broker] = (epoch, hw)
        return out
