"""One classic group's metadata: Kafka's ``GroupMetadata`` (``ClassicGroup`` in the Java
coordinator), restated.

The group holds what A.2 of the rules lists: its state and generation, the members in the
order they were added, the static-member map (``group.instance.id`` -> member id), the
pending members (ids handed out with MEMBER_ID_REQUIRED), the members that owe a SyncGroup,
the per-protocol support counts and the bookkeeping of the initial rebalance delay.  It knows
nothing of timers or effects: the coordinator drives it and says what happened.

Where Kafka iterates a hash map (member order, the next leader, a tied protocol vote) this
class uses insertion order, so one trace always gives one answer:

* the leader is the first member added to a leaderless group; when it is removed the
  leadership passes to the oldest remaining member (Kafka: "some" member, the first key of a
  hash map);
* :meth:`Group.select_protocol` breaks a tie between equally voted protocols in favour of
  the one whose first vote came from the earliest-added member (Kafka: whichever the hash
  map yields first; its tests accept either).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..effects import _cheap_init
from ..timers import Timer
from .member import Member, MemberView
from .requests import Assignment, Protocol
from .states import GroupState

_NO_OFFSETS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class GroupView:
    """A group as reports and expectations see it (a frozen copy)."""

    group: str
    state: GroupState
    #: the state's name in this profile's logs (AwaitingSync before 1.1)
    state_name: str
    generation: int
    leader: str | None
    members: tuple[MemberView, ...]
    #: ids handed out with MEMBER_ID_REQUIRED whose owners have not joined yet
    pending: tuple[str, ...]
    protocol_type: str | None
    protocol_name: str | None
    offsets: Mapping[str, int] = field(default_factory=lambda: _NO_OFFSETS)

    def member(self, member_id: str) -> MemberView | None:
        for m in self.members:
            if m.member_id == member_id:
                return m
        return None


@_cheap_init  # (every member, at every store of its group: each leader's SyncGroup)
@dataclass(frozen=True, slots=True)
class PersistedMember:
    """A member as the group-metadata record of ``__consumer_offsets`` holds it."""

    member_id: str
    instance_id: str | None
    client: str
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocols: tuple[Protocol, ...]
    assignment: Assignment


#: PersistedMember's cheap constructor (engine/effects.py, ``_cheap_init``)
_persisted_member: Callable[..., PersistedMember] = PersistedMember.build  # type: ignore[attr-defined]


@dataclass(frozen=True)
class PersistedGroup:
    """The last group-metadata record written for a group (what a coordinator that loads the
    partition reads back: ``GroupMetadataManager.storeGroup`` / ``loadGroup``)."""

    group: str
    generation: int
    protocol_type: str | None
    protocol_name: str | None
    leader: str | None
    members: tuple[PersistedMember, ...]


class JoinOperation:
    """The group's pending DelayedJoin or InitialDelayedJoin (KIP-134): its timer and, for an
    initial one, the delay it runs with and the time left before the rebalance timeout."""

    __slots__ = ("configured_ms", "delay_ms", "initial", "remaining_ms", "timer")

    def __init__(self, initial: bool, delay_ms: int, remaining_ms: int = 0, configured_ms: int = 0) -> None:
        self.timer: Timer | None = None
        self.initial = initial
        self.delay_ms = delay_ms
        self.remaining_ms = remaining_ms
        #: ``group.initial.rebalance.delay.ms`` when the initial rebalance began
        self.configured_ms = configured_ms


class Group:
    """Kafka's ``GroupMetadata``: membership, protocol votes and generation of one group."""

    def __init__(self, group_id: str, partition: int, state: GroupState) -> None:
        self.group_id = group_id
        #: the group's ``__consumer_offsets`` partition
        self.partition = partition
        self.state = state
        #: the state before the last transition (the Java coordinator keys its "initial
        #: rebalance" on it)
        self.previous_state: GroupState | None = None
        self.generation = 0
        self.protocol_type: str | None = None
        self.protocol_name: str | None = None
        self.leader_id: str | None = None
        self.members: dict[str, Member] = {}
        #: group.instance.id -> the member id it is mapped to (KIP-345)
        self.static_members: dict[str, str] = {}
        #: member ids handed out with MEMBER_ID_REQUIRED (an ordered set) -> expiry timer
        self.pending: dict[str, Timer | None] = {}
        #: members that got a JoinGroup response this generation but have not synced (3.0+)
        self.pending_sync: dict[str, None] = {}
        self.num_awaiting_join = 0
        #: protocol name -> how many members support it
        self.supported: dict[str, int] = {}
        #: a member was added during the initial rebalance: extend InitialDelayedJoin (KIP-134)
        self.new_member_added = False
        self.join_op: JoinOperation | None = None
        #: the DelayedSync (3.0+, KAFKA-12890) and the generation it watches
        self.sync_timer: Timer | None = None

    # -- queries ----------------------------------------------------------------------------

    def has(self, member_id: str) -> bool:
        return member_id in self.members

    def is_leader(self, member_id: str) -> bool:
        return self.leader_id == member_id

    def is_pending(self, member_id: str) -> bool:
        return member_id in self.pending

    def static_member_id(self, instance_id: str | None) -> str | None:
        if instance_id is None:
            return None
        return self.static_members.get(instance_id)

    def has_all_members_joined(self) -> bool:
        """Kafka's ``hasAllMembersJoined``: every member has a parked JoinGroup and no
        MEMBER_ID_REQUIRED id is outstanding."""
        return len(self.members) == self.num_awaiting_join and not self.pending

    def not_yet_rejoined(self) -> list[Member]:
        return [m for m in self.members.values() if m.join_client is None]

    def rebalance_timeout_ms(self, by_session: bool = False) -> int:
        """The join phase's timeout: the largest member rebalance timeout (0.10.1+, KIP-62),
        or the largest session timeout before (``by_session``); 0 without members."""
        if by_session:
            return max((m.session_timeout_ms for m in self.members.values()), default=0)
        return max((m.rebalance_timeout_ms for m in self.members.values()), default=0)

    def supports_protocols(self, protocol_type: str, protocols: tuple[Protocol, ...]) -> bool:
        """Kafka's ``supportsProtocols``: an Empty (or memberless) group takes any non-empty
        protocol type and list; otherwise the type must match and one of the protocols must be
        supported by every current member (members that have not rejoined still count)."""
        if not self.members:
            return bool(protocol_type) and bool(protocols)
        if self.protocol_type != protocol_type:
            return False
        size = len(self.members)
        supported = self.supported
        return any(supported.get(p.name, 0) == size for p in protocols)

    def candidate_protocols(self) -> set[str]:
        size = len(self.members)
        return {name for name, count in self.supported.items() if count == size}

    def select_protocol(self) -> str:
        """The protocol for the next generation: each member votes for its most preferred
        protocol that every member supports; most votes wins; a tie goes to the tied protocol
        voted for first in member order (see the module docstring)."""
        if not self.members:
            raise ValueError(f"cannot select a protocol for group {self.group_id!r}: it has no members")
        candidates = self.candidate_protocols()
        votes: dict[str, int] = {}
        for member in self.members.values():
            choice = member.vote(candidates)
            votes[choice] = votes.get(choice, 0) + 1
        best = max(votes.values())
        return next(name for name, count in votes.items() if count == best)

    # -- membership -------------------------------------------------------------------------

    def add(self, member: Member, join_client: str | None) -> None:
        """Kafka's ``add``: the first member fixes the protocol type, a leaderless group gets
        this member as leader, the member's join is parked if ``join_client`` is given."""
        if member.instance_id is not None:
            if member.instance_id in self.static_members:
                raise ValueError(f"static member {member.instance_id!r} is already in group "
                                 f"{self.group_id!r}")
            self.static_members[member.instance_id] = member.member_id
        if not self.members:
            self.protocol_type = member.protocol_type
        if self.leader_id is None:
            self.leader_id = member.member_id
        self.members[member.member_id] = member
        for p in member.protocols:
            self.supported[p.name] = self.supported.get(p.name, 0) + 1
        member.join_client = join_client
        if join_client is not None:
            self.num_awaiting_join += 1
        self.pending.pop(member.member_id, None)

    def remove(self, member_id: str) -> Member | None:
        """Kafka's ``remove``: forget the member (or pending id); a removed leader hands the
        leadership to the oldest remaining member."""
        member = self.members.pop(member_id, None)
        if member is not None:
            self._uncount(member)
            if member.join_client is not None:
                self.num_awaiting_join -= 1
            if member.instance_id is not None:
                self.static_members.pop(member.instance_id, None)
        if self.leader_id == member_id:
            self.leader_id = next(iter(self.members), None)
        self.pending.pop(member_id, None)
        self.pending_sync.pop(member_id, None)
        return member

    def update_member(self, member: Member, protocols: tuple[Protocol, ...], rebalance_timeout_ms: int,
                      session_timeout_ms: int, join_client: str | None) -> None:
        """Kafka's ``updateMember``: new protocols and timeouts, and the parked join replaced."""
        self._uncount(member)
        member.protocols = protocols
        for p in protocols:
            self.supported[p.name] = self.supported.get(p.name, 0) + 1
        member.rebalance_timeout_ms = rebalance_timeout_ms
        member.session_timeout_ms = session_timeout_ms
        if join_client is not None and member.join_client is None:
            self.num_awaiting_join += 1
        elif join_client is None and member.join_client is not None:
            self.num_awaiting_join -= 1
        member.join_client = join_client

    def take_join(self, member: Member) -> str | None:
        """Clear the member's parked JoinGroup; the client to answer, or None."""
        client = member.join_client
        if client is not None:
            member.join_client = None
            self.num_awaiting_join -= 1
        return client

    @staticmethod
    def take_sync(member: Member) -> str | None:
        """Clear the member's parked SyncGroup; the client to answer, or None."""
        client = member.sync_client
        member.sync_client = None
        return client

    def replace_static_member(self, instance_id: str, old_id: str, new_id: str) -> Member:
        """Kafka's ``replaceStaticMember``: the member keeps everything under a new id
        (leadership included).  The caller answers the old id's parked requests first."""
        member = self.members.pop(old_id)
        member.member_id = new_id
        self.members[new_id] = member
        if self.leader_id == old_id:
            self.leader_id = new_id
        # the pending-sync set keeps the old id (Kafka does not rename it): if the group is
        # Stable and the old id had not synced, the sync expiration later rebalances for it
        self.static_members[instance_id] = new_id
        return member

    def maybe_elect_new_joined_leader(self) -> bool:
        """Kafka's ``maybeElectNewJoinedLeader`` (2.3+): if the leader has not rejoined, the
        first member that has takes over.  False if there is a leader and nobody rejoined."""
        if self.leader_id is None:
            return False
        leader = self.members.get(self.leader_id)
        if leader is not None and leader.join_client is not None:
            return True
        for member_id, member in self.members.items():
            if member.join_client is not None:
                self.leader_id = member_id
                return True
        return False

    def _uncount(self, member: Member) -> None:
        supported = self.supported
        for p in member.protocols:
            count = supported[p.name] - 1
            if count:
                supported[p.name] = count
            else:
                del supported[p.name]

    # -- persistence ------------------------------------------------------------------------

    def record(self, assignments: Mapping[str, Assignment] | None = None) -> PersistedGroup:
        """The group-metadata record this group writes now (``assignments`` overrides the
        members' current ones, as the leader's SyncGroup does before it succeeds)."""
        members = tuple(
            _persisted_member(m.member_id, m.instance_id, m.client, m.client_id, m.client_host,
                            m.rebalance_timeout_ms, m.session_timeout_ms, m.protocols,
                            assignments.get(m.member_id, ()) if assignments is not None else m.assignment)
            for m in self.members.values())
        return PersistedGroup(self.group_id, self.generation, self.protocol_type, self.protocol_name,
                              self.leader_id, members)

    @classmethod
    def load(cls, record: PersistedGroup, partition: int, state: GroupState) -> Group:
        """Kafka's ``GroupMetadata.loadGroup``: a group read back from its record."""
        group = cls(record.group, partition, state)
        group.generation = record.generation
        group.protocol_type = record.protocol_type
        group.protocol_name = record.protocol_name
        for pm in record.members:
            group.add(Member(pm.member_id, pm.instance_id, pm.client, pm.client_id, pm.client_host,
                             pm.rebalance_timeout_ms, pm.session_timeout_ms,
                             record.protocol_type or "", pm.protocols, pm.assignment), None)
        group.leader_id = record.leader if record.leader in group.members else group.leader_id
        return group

    # -- views ------------------------------------------------------------------------------

    def view(self, state_name: str, offsets: Mapping[str, int] | None) -> GroupView:
        return GroupView(
            self.group_id, self.state, state_name, self.generation, self.leader_id,
            tuple(m.view() for m in self.members.values()), tuple(self.pending),
            self.protocol_type, self.protocol_name,
            MappingProxyType(dict(offsets)) if offsets else _NO_OFFSETS)

    def __repr__(self) -> str:
        return (f"Group({self.group_id!r}, {self.state.value}, generation={self.generation}, "
                f"members={list(self.members)})")
