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

from ..profiles import Profile, Switch


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


