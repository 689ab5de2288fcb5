"""``simulate --emit-logs`` for replication: the lines a partition leader writes about its ISR,
in the profile's version's wording, logger, prefix and level, into each broker's server.log.

=================================================  =================================================
effect                                             leader's line (site in wording.SITES)
=================================================  =================================================
IsrChanged shrink, committed (its decision's       ``isr_shrink`` at the decision's time: 0.10
numbers in ``context``)                            "Shrinking ISR for partition [t,p]", 0.11-2.1
                                                   "from a to b", 2.2+ with the leader's HW / LEO and
                                                   the out-of-sync replicas, 3.6+ their caught-up time
IsrChanged expand, committed                       ``isr_expand`` (0.10-2.6, and 2.7 on the
                                                   ZooKeeper path; from 2.8 only "ISR updated")
IsrChanged by a leader, committed                  ``isr_updated_zk`` (ZooKeeper path: TRACE to 2.3,
                                                   INFO 2.4-2.7) or ``isr_updated_alter`` (AlterIsr /
                                                   AlterPartition, 2.7+; "(under-min-isr)" 3.5+)
ZkWrite refused, a leader's own ISR update         ``cached_zk_version`` (KAFKA-2729, to 2.7)
=================================================  =================================================

Not written yet: the state-change log ("starts at leader epoch", LeaderAndIsr handling), the
controller log (elections, broker failures), truncation and high-watermark lines, and a
rejected AlterPartition proposal's "Shrinking ISR" (only committed changes are written).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence

from kafka_forensics.engine.effects import Effect
from kafka_forensics.engine.profiles import Profile, Switch
from kafka_forensics.engine.replication.effects import IsrChanged, ZkWrite
from kafka_forensics.engine.replication.model import IsrContext

from . import wording as w
from .emit import Record, server_log

_STATE_PATH = re.compile(r"^/brokers/topics/(?P<topic>[^/]+)/partitions/(?P<partition>\d+)/state$")


def render_replication(effects: Sequence[Effect], profile: Profile, *, cluster: str | None = None,
                       level: str = "INFO") -> list[Record]:
    """The leaders' ISR lines the effects make Kafka write, in time order (effect order within
    an instant)."""
    v = w.kafka_version(profile)
    threshold = w.LEVEL_ORDER[level]
    alter = profile.has(Switch.ALTER_ISR)
    out: list[Record] = []

    def emit(at: int, index: int, site: str, broker: int, topic: str, partition: int,
             values: Mapping[str, object], raw: Sequence[str] = ()) -> None:
        ident = {"node": broker, "topic": topic, "partition": partition, "tp": f"{topic}-{partition}"}
        rendered = w.render(site, v, {**ident, **values}, ident, raw=raw)
        if rendered is not None and w.LEVEL_ORDER[rendered.level] >= threshold:
            out.append(Record(at, server_log(broker, cluster), rendered, index))

    for i, e in enumerate(effects):
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
        elif isinstance(e, ZkWrite) and not e.ok and e.purpose == "isr" and e.writer is not None:
            m = _STATE_PATH.match(e.path)
            if m is not None:
                emit(e.at, i, "cached_zk_version", e.writer, m["topic"], int(m["partition"]),
                     {"zk_version": e.expected_version})
    out.sort(key=lambda r: (r.at, r.effect))  # a shrink's line stands at its decision's time
    return out


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
