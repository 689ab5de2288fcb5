"""The requests the group coordinator takes: plain frozen values, one per Kafka API.

``client`` on every request is the caller's handle (the trace's client alias, or a
simulated consumer's name): the coordinator copies it onto the response so the caller
can match them, as a connection would.  It is not sent to Kafka and never decides an
outcome; member ids, instance ids and generations do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from ..effects import _cheap_init

#: an assignment as the consumer protocol carries it: topic-partition names ("t-0").
Assignment = tuple[str, ...]

_EMPTY: Mapping[str, object] = MappingProxyType({})


class RequestKind(Enum):
    """The request names of the trace's ``do`` and of responses' ``request``."""

    JOIN = "join"
    SYNC = "sync"
    HEARTBEAT = "heartbeat"
    LEAVE = "leave"
    COMMIT = "commit"
    OFFSET_FETCH = "offset_fetch"
    DESCRIBE = "describe"
    LIST_GROUPS = "list_groups"
    DELETE_GROUP = "delete_group"


@dataclass(frozen=True, slots=True)
class Protocol:
    """One entry of a JoinGroup's protocol list: an assignor name and its metadata."""

    name: str
    metadata: bytes = b""


@_cheap_init  # (one per stimulus of a re-run)
@dataclass(frozen=True, slots=True)
class JoinGroup:
    group: str
    client: str
    member_id: str = ""
    instance_id: str | None = None
    client_id: str = "consumer"
    client_host: str = "/127.0.0.1"
    session_timeout_ms: int = 10000
    rebalance_timeout_ms: int = 300000
    protocol_type: str = "consumer"
    protocols: tuple[Protocol, ...] = (Protocol("range"),)
    #: JoinGroup v4+ (KIP-394): the client accepts MEMBER_ID_REQUIRED.
    require_known_member_id: bool = False
    #: JoinGroup v9+ (KIP-814).
    supports_skip_assignment: bool = False
    reason: str | None = None
    kind = RequestKind.JOIN


@_cheap_init  # (one per stimulus of a re-run)
@dataclass(frozen=True, slots=True)
class SyncGroup:
    group: str
    client: str
    member_id: str
    generation: int
    instance_id: str | None = None
    protocol_type: str | None = None
    protocol_name: str | None = None
    #: the leader's assignment by member id (followers send none).
    assignment: Mapping[str, Assignment] | None = None
    kind = RequestKind.SYNC


@_cheap_init  # (one per stimulus of a re-run)
@dataclass(frozen=True, slots=True)
class Heartbeat:
    group: str
    client: str
    member_id: str
    generation: int
    instance_id: str | None = None
    kind = RequestKind.HEARTBEAT


@dataclass(frozen=True, slots=True)
class LeaveMember:
    member_id: str = ""
    instance_id: str | None = None
    reason: str | None = None


@_cheap_init  # (one per stimulus of a re-run)
@dataclass(frozen=True, slots=True)
class LeaveGroup:
    """LeaveGroup: one member (v0-v2) or a batch (v3+, KIP-345)."""

    group: str
    client: str
    members: tuple[LeaveMember, ...]
    kind = RequestKind.LEAVE


@dataclass(frozen=True, slots=True)
class OffsetCommit:
    group: str
    client: str
    member_id: str = ""
    generation: int = -1
    instance_id: str | None = None
    offsets: Mapping[str, int] = field(default_factory=dict)
    transactional: bool = False
    kind = RequestKind.COMMIT


@dataclass(frozen=True, slots=True)
class OffsetFetch:
    group: str
    client: str
    kind = RequestKind.OFFSET_FETCH


@dataclass(frozen=True, slots=True)
class DescribeGroup:
    group: str
    client: str
    kind = RequestKind.DESCRIBE


@dataclass(frozen=True, slots=True)
class ListGroups:
    client: str
    kind = RequestKind.LIST_GROUPS


@dataclass(frozen=True, slots=True)
class DeleteGroup:
    group: str
    client: str
    kind = RequestKind.DELETE_GROUP


# -- not requests: changes to the coordinator itself ----------------------------------------


@dataclass(frozen=True, slots=True)
class CoordinatorLoad:
    """This broker becomes leader of ``__consumer_offsets-<partition>`` and loads its groups."""

    partition: int
    epoch: int | None = None


@dataclass(frozen=True, slots=True)
class CoordinatorUnload:
    """This broker stops being leader of ``__consumer_offsets-<partition>``."""

    partition: int
    epoch: int | None = None


@dataclass(frozen=True, slots=True)
class FailAppend:
    """The next group-metadata write fails with ``error`` (an ``ErrorCode`` name)."""

    error: str


GroupRequest = (JoinGroup | SyncGroup | Heartbeat | LeaveGroup | OffsetCommit | OffsetFetch
                | DescribeGroup | ListGroups | DeleteGroup)
CoordinatorControl = CoordinatorLoad | CoordinatorUnload | FailAppend
