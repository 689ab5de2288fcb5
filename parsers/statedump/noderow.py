"""One znode with its stat as an event row: the shape every reader of ZooKeeper's state
gives a znode (snapshots, SnapshotFormatter dumps, zkCli ``get -s`` / ``stat``, JSON
exports), so that replay sees the same columns whichever form the state came in.

``ts`` is the node's mtime, ``zxid`` its mzxid, ``zk_version`` its dataVersion (Kafka's
zkVersion / partition epoch); an ephemeral node's owner is ``zk_session``; the rest of the
stat goes to ``details`` (czxid, ctime, pzxid, cversion, aversion, ephemeral_owner,
data_length, num_children).  A broker registration's czxid is its broker epoch (Kafka 2.2+,
KIP-380).
"""

from __future__ import annotations

from typing import Any

from .jute import StatPersisted
from .znodes import BROKER_REGISTRATION, znode_row

CONTAINER_OWNER = -(1 << 63)


def owner_kind(owner: int) -> str | None:
    """``EphemeralType`` of an ephemeralOwner: None (persistent), session, container or ttl."""
    if owner == 0:
        return None
    if owner == CONTAINER_OWNER:
        return "container"
    if (owner >> 56) & 0xFF == 0xFF:
        return "ttl"
    return "session"


def node_row(path: str, data: bytes | str | None, st: StatPersisted, *, data_length: int,
             num_children: int | None, template: str) -> dict[str, Any]:
    """The row of a znode; a time of 0 (unknown, or the epoch) is null."""
    row = znode_row(path or "/", data)
    d = dict(row.pop("details", {}))
    owner = owner_kind(st.ephemeral_owner)
    d |= {"czxid": st.czxid, "ctime": st.ctime or None, "pzxid": st.pzxid, "cversion": st.cversion,
          "aversion": st.aversion, "ephemeral_owner": st.ephemeral_owner, "data_length": data_length,
          "num_children": num_children}
    if owner not in (None, "session"):
        d["node_type"] = owner
    if row["kind"] == BROKER_REGISTRATION:
        d["broker_epoch"] = st.czxid
    row |= {"ts": st.mtime or None, "zxid": st.mzxid, "zk_version": st.version,
            "zk_session": st.ephemeral_owner if owner == "session" else None,
            "template": template, "details": d}
    return row
