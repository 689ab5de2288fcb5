"""Which cluster and which broker a log belongs to.

In order of authority: ``--cluster`` / ``--broker``; a Hive-style path
(``…/cluster=prod-eu/broker=3/server.log``); the log's own words — the broker's
``KafkaConfig`` ``broker.id`` / ``node.id``, ``[KafkaServer id=N]``, and the
``logIdent`` prefixes of its components (``[GroupCoordinator 3]:``, ``[Broker id=3]``,
``[ReplicaManager broker=3]`` …), which name the logging node; ``Cluster ID = …`` for
the cluster.  A log whose prefixes name several nodes (several brokers' logs
concatenated) keeps each record's own prefix node as its broker.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import polars as pl

_HIVE = re.compile(r"(?:^|[/\\!])(cluster|broker)=([^/\\!]+)")


@dataclass(frozen=True)
class PathIdentity:
    cluster: str | None = None
    broker: int | None = None


def from_path(name: str) -> PathIdentity:
    """``…/cluster=X/broker=N/…`` anywhere in the path (archives: also inside members)."""
    cluster = broker = None
    for key, value in _HIVE.findall(name):
        if key == "cluster":
            cluster = value
        else:
            try:
                broker = int(value)
            except ValueError:
                pass
    return PathIdentity(cluster, broker)


@dataclass
class Evidence:
    """What a (source, stream)'s own records say about who wrote them."""

    config_ids: Counter[int] = field(default_factory=Counter)  # broker.id / node.id dumps
    prefix_ids: Counter[int] = field(default_factory=Counter)  # logIdent prefixes
    cluster_ids: Counter[str] = field(default_factory=Counter)

    def add(self, other: Evidence) -> None:
        self.config_ids.update(other.config_ids)
        self.prefix_ids.update(other.prefix_ids)
        self.cluster_ids.update(other.cluster_ids)


# Records in which a node states its own id (rather than a prefix that names it).
_SELF_DECLARED = ["broker_config", "node_identity"]


def gather(events: pl.DataFrame) -> dict[str | None, Evidence]:
    """Evidence per stream from a batch of staged events (a handful of rows survive)."""
    out: dict[str | None, Evidence] = {}
    # the columns read first: a filter of the whole frame would copy every column
    nodes = (
        events.select("stream", "kind", "node").filter(pl.col("node").is_not_null())
        .group_by("stream", pl.col("kind").is_in(_SELF_DECLARED).alias("config"), "node")
        .len()
    )
    for stream, config, node, n in nodes.iter_rows():
        ev = out.setdefault(stream, Evidence())
        (ev.config_ids if config else ev.prefix_ids)[node] += n
    clusters = (
        events.select("stream", "kind", "details")
        .filter(pl.col("kind").is_in(["cluster_id", "node_identity"]))
        .select("stream", pl.col("details").str.json_path_match("$.cluster_id").alias("cid"))
        .group_by("stream", "cid")
        .len()
    )
    for stream, cid, n in clusters.iter_rows():
        if cid:
            out.setdefault(stream, Evidence()).cluster_ids[cid] += n
    return out


@dataclass(frozen=True)
class Identity:
    cluster: str | None
    broker: int | None
    how: str
    per_record: bool = False  # broker = each record's own prefix node


def resolve(
    path: PathIdentity, ev: Evidence, *, cluster: str | None = None, broker: int | None = None
) -> Identity:
    how: list[str] = []
    c = cluster if cluster is not None else path.cluster
    if cluster is not None:
        how.append("cluster from --cluster")
    elif path.cluster is not None:
        how.append("cluster from path")
    elif ev.cluster_ids:
        # A broker pointed at a fresh ZooKeeper mid-log states two ids.  Chunks are tallied in
        # any order, so a tie must not fall to insertion order: most stated, then the smallest.
        c = min(ev.cluster_ids.items(), key=lambda kv: (-kv[1], kv[0]))[0]
        seen = f" (of {len(ev.cluster_ids)} stated: {', '.join(sorted(ev.cluster_ids))})" if len(
            ev.cluster_ids) > 1 else ""
        how.append(f"cluster from `Cluster ID =`{seen}")
    per_record = False
    b = broker if broker is not None else path.broker
    if broker is not None:
        how.append("broker from --broker")
    elif path.broker is not None:
        how.append("broker from path")
    elif len(ev.config_ids) == 1:
        b = next(iter(ev.config_ids))
        how.append("broker from its own broker.id / node.id")
    elif len(ev.prefix_ids) == 1:
        b = next(iter(ev.prefix_ids))
        how.append("broker from its log prefixes")
    elif len(ev.config_ids) > 1 or len(ev.prefix_ids) > 1:
        ids = sorted(set(ev.config_ids) | set(ev.prefix_ids))
        per_record = True
        how.append(f"several brokers ({', '.join(map(str, ids))}): each record's own prefix")
    else:
        how.append("broker unknown (a client log, or give --broker)")
    return Identity(c, b, "; ".join(how), per_record)


def resolve_all(
    evidence: dict[tuple[str, str | None], Evidence], *, cluster: str | None = None, broker: int | None = None
) -> dict[tuple[str, str | None], Identity]:
    """``resolve`` for every (source, stream); files of a Kafka data directory that say
    nothing themselves (segments, checkpoints) take the node of that directory's
    ``meta.properties``, which is where a broker writes its own id."""
    homes = {
        src.rsplit("/", 1)[0]: ev
        for (src, _), ev in evidence.items()
        if src.rsplit("/", 1)[-1] == "meta.properties" and (ev.config_ids or ev.cluster_ids)
    }
    out = {}
    for key, ev in evidence.items():
        if homes and not (ev.config_ids or ev.prefix_ids):
            home = _home(key[0], homes)
            if home is not None:
                inherited = Evidence()
                inherited.add(ev)
                inherited.config_ids.update(home.config_ids)
                inherited.cluster_ids.update(home.cluster_ids)
                ev = inherited
        out[key] = resolve(from_path(key[0]), ev, cluster=cluster, broker=broker)
    return out


def _home(source: str, homes: dict[str, Evidence]) -> Evidence | None:
    d = source
    while "/" in d:
        d = d.rsplit("/", 1)[0]
        if d in homes:
            return homes[d]
    return None
