"""One member of a classic group: Kafka's ``MemberMetadata`` (``ClassicGroupMember`` in the
Java coordinator), restated.

A member is mutable while the coordinator works on it (its protocols, timeouts, parked
requests and heartbeat timer change); :class:`MemberView` is the frozen copy that leaves
the engine.  A parked JoinGroup or SyncGroup is held as the caller's ``client`` handle: the
coordinator answers it exactly once and clears it (``awaiting_join`` / ``awaiting_sync``
are "the callback is set" in Kafka).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..timers import Timer
from .requests import Assignment, Protocol


@dataclass(frozen=True)
class MemberView:
    """A member as reports and expectations see it."""

    member_id: str
    instance_id: str | None
    #: the handle of the request that created the member or last joined with it
    client: str
    client_id: str
    session_timeout_ms: int
    rebalance_timeout_ms: int
    protocols: tuple[Protocol, ...]
    assignment: Assignment
    awaiting_join: bool
    awaiting_sync: bool


class Member:
    """Kafka's ``MemberMetadata``: identity, timeouts, protocols, assignment, the parked
    requests and the liveness bookkeeping of one member."""

    __slots__ = (
        "assignment",
        "client",
        "client_host",
        "client_id",
        "expire",
        "heartbeat",
        "instance_id",
        "is_new",
        "join_client",
        "member_id",
        "protocol_type",
        "protocols",
        "rebalance_timeout_ms",
        "session_timeout_ms",
        "sync_client",
    )

    def __init__(self, member_id: str, instance_id: str | None, client: str, client_id: str,
                 client_host: str, rebalance_timeout_ms: int, session_timeout_ms: int,
                 protocol_type: str, protocols: tuple[Protocol, ...],
                 assignment: Assignment = ()) -> None:
        self.member_id = member_id
        self.instance_id = instance_id
        self.client = client
        self.client_id = client_id
        self.client_host = client_host
        self.rebalance_timeout_ms = rebalance_timeout_ms
        self.session_timeout_ms = session_timeout_ms
        self.protocol_type = protocol_type
        self.protocols = protocols
        self.assignment = assignment
        #: the client whose JoinGroup is parked (Kafka: ``awaitingJoinCallback``)
        self.join_client: str | None = None
        #: the client whose SyncGroup is parked (Kafka: ``awaitingSyncCallback``)
        self.sync_client: str | None = None
        #: added in the current join phase and not yet through it (KAFKA-7610: such a member
        #: is expired by its 300 s join timeout even while its JoinGroup is parked)
        self.is_new = False
        #: the member's DelayedHeartbeat, if one is armed
        self.heartbeat: Timer | None = None
        #: the expiry action its DelayedHeartbeats run (made once per member id: the hot path
        #: re-arms on every heartbeat)
        self.expire: Callable[[], None] | None = None

    @property
    def is_static(self) -> bool:
        return self.instance_id is not None

    @property
    def awaiting_join(self) -> bool:
        return self.join_client is not None

    @property
    def awaiting_sync(self) -> bool:
        return self.sync_client is not None

    def has_satisfied_heartbeat(self) -> bool:
        """Kafka's ``hasSatisfiedHeartbeat`` as it reads when a DelayedHeartbeat is armed or
        expires (no heartbeat has arrived since it was armed, or it would have been re-armed):
        a new member never is (it can be expired while its join is parked, KAFKA-9232/9752);
        a member with a parked JoinGroup or SyncGroup always is (heartbeats pause during a
        rebalance)."""
        if self.is_new:
            return False
        return self.join_client is not None or self.sync_client is not None

    def protocol_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.protocols)

    def matches(self, protocols: tuple[Protocol, ...]) -> bool:
        """Kafka's ``matches``: the same protocols, names and metadata bytes, in the same order."""
        return self.protocols == protocols

    def metadata(self, protocol: str) -> bytes:
        for p in self.protocols:
            if p.name == protocol:
                return p.metadata
        raise ValueError(f"member {self.member_id} does not support protocol {protocol!r}")

    def vote(self, candidates: set[str] | frozenset[str]) -> str:
        """The member's most preferred protocol among ``candidates`` (Kafka's ``vote``)."""
        for p in self.protocols:
            if p.name in candidates:
                return p.name
        raise ValueError(f"member {self.member_id} supports none of the candidate protocols")

    def view(self) -> MemberView:
        return MemberView(self.member_id, self.instance_id, self.client, self.client_id,
                          self.session_timeout_ms, self.rebalance_timeout_ms, self.protocols,
                          self.assignment, self.join_client is not None, self.sync_client is not None)

    def __repr__(self) -> str:
        return (f"Member({self.member_id!r}, instance_id={self.instance_id!r}, "
                f"protocols={list(self.protocol_names())})")
