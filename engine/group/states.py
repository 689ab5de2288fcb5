"""The classic group's five states and Kafka's table of legal previous states.

Everything that decides whether a group may enter a state lives in this file: the table
below is the one in Kafka's ``GroupMetadata.scala`` (``validPreviousStates``), restated.
A transition not in it is refused with :class:`IllegalTransition`, which the coordinator
reports as a finding rather than taking it.  ``docs/group-states.md`` is generated from
this table (``python -m kafka_forensics.engine.group.states``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

from ..profiles import Profile, Switch


class GroupState(Enum):
    EMPTY = "Empty"
    PREPARING_REBALANCE = "PreparingRebalance"
    COMPLETING_REBALANCE = "CompletingRebalance"
    STABLE = "Stable"
    DEAD = "Dead"

    def kafka_name(self, profile: Profile) -> str:
        """The name this version's logs and DescribeGroups use (AwaitingSync before 1.1)."""
        if self is GroupState.COMPLETING_REBALANCE and not profile.has(Switch.COMPLETING_REBALANCE_NAME):
            return "AwaitingSync"
        return self._value_  # (``value`` is a descriptor: every state change names two states)

    @classmethod
    def from_name(cls, name: str) -> GroupState:
        state = _BY_NAME.get(name)  # (a dict: looking a value up through the enum is slow)
        return cls(name) if state is None else state  # (unknown: the enum's ValueError)


S = GroupState
#: every state by its names (before 1.1 CompletingRebalance was AwaitingSync)
_BY_NAME: Mapping[str, GroupState] = {**{s.value: s for s in GroupState},
                                       "AwaitingSync": S.COMPLETING_REBALANCE}

#: state -> the states it may be entered from.
VALID_PREVIOUS: Mapping[GroupState, frozenset[GroupState]] = MappingProxyType({
    S.EMPTY: frozenset({S.PREPARING_REBALANCE}),
    S.PREPARING_REBALANCE: frozenset({S.STABLE, S.COMPLETING_REBALANCE, S.EMPTY}),
    S.COMPLETING_REBALANCE: frozenset({S.PREPARING_REBALANCE}),
    S.STABLE: frozenset({S.COMPLETING_REBALANCE}),
    S.DEAD: frozenset({S.STABLE, S.PREPARING_REBALANCE, S.COMPLETING_REBALANCE, S.EMPTY, S.DEAD}),
})


class IllegalTransition(Exception):
    """A transition Kafka's table forbids (a defect of the input or of the engine)."""

    def __init__(self, group: str, source: GroupState, target: GroupState) -> None:
        allowed = ", ".join(sorted(s.value for s in VALID_PREVIOUS[target]))
        super().__init__(f"group {group!r} cannot go from {source.value} to {target.value}: "
                         f"{target.value} is entered only from {allowed}")
        self.group, self.source, self.target = group, source, target


#: the table by the target's name (a name's hash is cached, a state's is a Python call, and
#: every state change looks it up)
_PREVIOUS_BY_NAME: Mapping[str, tuple[GroupState, ...]] = {
    target._name_: tuple(sources) for target, sources in VALID_PREVIOUS.items()}


def is_legal(source: GroupState, target: GroupState) -> bool:
    return source in _PREVIOUS_BY_NAME[target._name_]  # (a tuple: found by identity, no hash)


def can_rebalance(state: GroupState) -> bool:
    """Kafka's ``canRebalance``: the state may move to PreparingRebalance."""
    return is_legal(state, S.PREPARING_REBALANCE)


def diagram() -> str:
    """A Mermaid state diagram of the table (docs/group-states.md)."""
    lines = ["# Group states", "",
             "Generated from `engine/group/states.py` (`python -m kafka_forensics.engine.group.states`).",
             "Kafka's legal transitions of a classic group (`GroupMetadata.validPreviousStates`).",
             "", "```mermaid", "stateDiagram-v2", "    [*] --> Empty: new group (0.10.1+; Stable before)"]
    for target in GroupState:
        for source in sorted(VALID_PREVIOUS[target], key=lambda s: list(GroupState).index(s)):
            lines.append(f"    {source.value} --> {target.value}")
    lines += ["```", "", "| state | entered only from |", "|---|---|"]
    for target in GroupState:
        prev = ", ".join(s.value for s in GroupState if s in VALID_PREVIOUS[target])
        lines.append(f"| {target.value} | {prev} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(diagram(), end="")
