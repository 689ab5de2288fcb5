"""The Java consumer's member states and the client-side version facts the profile lacks.

Everything that decides which state a simulated consumer may enter lives in this file: the
table below restates Kafka's ``AbstractCoordinator.MemberState`` and the assignments to
``state`` in ``AbstractCoordinator`` (``initiateJoinGroup``, the JoinGroup / SyncGroup
handlers, ``resetStateAndGeneration``).  Two shapes exist:

* before the profile's :attr:`~..profiles.Switch.CLIENT_PREPARING_COMPLETING` (KAFKA-10134):
  UNJOINED, REBALANCING, STABLE — heartbeats only in STABLE;
* from it on: UNJOINED, PREPARING_REBALANCE (JoinGroup sent), COMPLETING_REBALANCE (JoinGroup
  answered, SyncGroup pending; heartbeats already run), STABLE.

A state is never "entered" from itself: a retry inside PREPARING_REBALANCE is no transition.
A transition outside the table raises :class:`IllegalClientTransition` — a defect of the
consumer model, never of the input.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

from ..profiles import Profile, Switch, Version, parse_version


class MemberState(Enum):
    """``AbstractCoordinator.MemberState`` (all versions' names together)."""

    UNJOINED = "UNJOINED"  # not part of a group
    REBALANCING = "REBALANCING"  # 0.10.1 .. 2.6.0: JoinGroup sent, SyncGroup not yet answered
    PREPARING_REBALANCE = "PREPARING_REBALANCE"  # 2.6.1 / 2.7+: JoinGroup sent, not answered
    COMPLETING_REBALANCE = "COMPLETING_REBALANCE"  # 2.6.1 / 2.7+: JoinGroup answered, SyncGroup pending
    STABLE = "STABLE"  # joined and synced: heartbeating

    def has_not_joined(self) -> bool:
        """``MemberState.hasNotJoinedGroup`` (2.7+): the heartbeat thread stays disabled."""
        return self in (MemberState.UNJOINED, MemberState.PREPARING_REBALANCE, MemberState.REBALANCING)


M = MemberState

#: state -> the states it may be entered from, before KAFKA-10134 (one REBALANCING state).
VALID_PREVIOUS_REBALANCING: Mapping[MemberState, frozenset[MemberState]] = MappingProxyType({
    # resetGeneration / leave / a failed rebalance (2.5: recordRebalanceFailure)
    M.UNJOINED: frozenset({M.REBALANCING, M.STABLE}),
    # initiateJoinGroup: from a reset, or from STABLE when a heartbeat asked to rejoin
    M.REBALANCING: frozenset({M.UNJOINED, M.STABLE}),
    M.STABLE: frozenset({M.REBALANCING}),  # the SyncGroup answer
})

#: state -> the states it may be entered from, with PREPARING / COMPLETING_REBALANCE (2.7+).
VALID_PREVIOUS_SPLIT: Mapping[MemberState, frozenset[MemberState]] = MappingProxyType({
    M.UNJOINED: frozenset({M.PREPARING_REBALANCE, M.COMPLETING_REBALANCE, M.STABLE}),
    # initiateJoinGroup: after a reset, a heartbeat's rejoin request (STABLE) or a failed
    # SyncGroup (COMPLETING_REBALANCE keeps its state until the next JoinGroup)
    M.PREPARING_REBALANCE: frozenset({M.UNJOINED, M.STABLE, M.COMPLETING_REBALANCE}),
    M.COMPLETING_REBALANCE: frozenset({M.PREPARING_REBALANCE}),
    M.STABLE: frozenset({M.COMPLETING_REBALANCE}),
})


def valid_previous(profile: Profile) -> Mapping[MemberState, frozenset[MemberState]]:
    """The member-state table of that profile's Java client."""
    if profile.has(Switch.CLIENT_PREPARING_COMPLETING):
        return VALID_PREVIOUS_SPLIT
    return VALID_PREVIOUS_REBALANCING


def joining_state(profile: Profile) -> MemberState:
    """The state ``initiateJoinGroup`` enters."""
    return M.PREPARING_REBALANCE if profile.has(Switch.CLIENT_PREPARING_COMPLETING) else M.REBALANCING


class IllegalClientTransition(Exception):
    """A member-state transition the Java client never makes (a defect of the model)."""

    def __init__(self, client: str, source: MemberState, target: MemberState,
                 table: Mapping[MemberState, frozenset[MemberState]]) -> None:
        allowed = ", ".join(sorted(s.value for s in table.get(target, frozenset()))) or "nowhere"
        super().__init__(f"consumer {client!r} cannot go from {source.value} to {target.value}: "
                         f"{target.value} is entered only from {allowed}")
        self.client, self.source, self.target = client, source, target


class ClientFact(Enum):
    """A client behaviour that exists from a version on and that :class:`~..profiles.Switch`
    does not (yet) carry: (since, citation).  Read per tag in ``apache/kafka``."""

    GROUP_IN_CLIENT_ID = ("2.4", "KAFKA-9033: a generated client.id is consumer-<group>-<n> "
                                 "(consumer-<group>-<group.instance.id> for a static member); before: "
                                 "consumer-<n>")
    UNKNOWN_COORDINATOR_DISCONNECTS = ("1.1", "KAFKA-6593: marking the coordinator unknown disconnects "
                                              "from it, failing the requests in flight (before: only "
                                              "unsent ones); backported to 1.0.2")
    STICKY_USER_DATA_GENERATION = ("2.3", "KIP-341 (KAFKA-7026): StickyAssignor user data ends with the "
                                          "member's generation")
    ASSIGNOR_ORDERS_STATIC_MEMBERS = ("2.4", "KIP-345: range / roundrobin order static members by "
                                             "group.instance.id (MemberInfo)")
    JOIN_TIMEOUT_AT_LEAST_REQUEST_TIMEOUT = ("2.6", "apache/kafka#8702: the JoinGroup request timeout is "
                                                    "at least request.timeout.ms (2.0 .. 2.5: the "
                                                    "rebalance timeout + 5 s)")
    JOIN_REBALANCE_IN_PROGRESS_RETRIED = ("2.8", "KAFKA-10870: a JoinGroup answered REBALANCE_IN_PROGRESS "
                                                 "is retried at once (before: an unexpected error, thrown "
                                                 "from poll)")
    REJOIN_REASONS = ("3.0", "KAFKA-12352: every rejoin request carries a reason, 'rebalance failed due "
                             "to <exception>' after a failed JoinGroup / SyncGroup")
    COOPERATIVE_STICKY_USER_DATA = ("3.0", "KAFKA-12984: CooperativeStickyAssignor user data carries the "
                                           "generation; backported to 2.8.1")
    ILLEGAL_GENERATION_KEEPS_MEMBER_ID = ("3.2", "KAFKA-13419: ILLEGAL_GENERATION resets the generation "
                                                 "but keeps the member id (before: both reset)")
    MEMBER_ID_REQUIRED_REASON_KEPT = ("3.7", "apache/kafka#14192: the rejoin after MEMBER_ID_REQUIRED "
                                             "keeps the reason 'need to re-join with the given "
                                             "member-id: <id>' (before: 'rebalance failed due to "
                                             "MemberIdRequiredException')")

    def __init__(self, since: str, cite: str) -> None:
        self.since: Version = parse_version(since)
        self.cite = cite

    def on(self, profile: Profile) -> bool:
        return profile.version >= self.since
