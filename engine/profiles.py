"""Version profiles: which behaviour and which defaults apply for a Kafka version.

A profile is a Kafka version; what it means is two tables, read from Kafka's source per
release and each row citing the version or KIP behind it:

* :class:`Switch` — a behaviour that exists from a version on (``since``);
* :data:`DEFAULTS` — a config's default value, as a list of ``(since, value)`` steps.

:func:`profile` resolves a name (``"2.8"``, ``"0.10.0"``, ``"3.9.1"``) to the newest
profile at or below it, so a user can name the version their cluster runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

Version = tuple[int, int]


def parse_version(text: str) -> Version:
    """``"2.8"``, ``"2.8.1"`` or ``"0.10.0"`` -> a comparable version (major, minor)."""
    parts = text.strip().split(".")
    try:
        if parts[0] == "0":  # 0.10.1 is (0, 10.1) in spirit: keep the patch digit
            return (0, int(parts[1]) * 10 + (int(parts[2]) if len(parts) > 2 else 0))
        return (int(parts[0]), int(parts[1]) if len(parts) > 1 else 0)
    except (ValueError, IndexError):
        raise ValueError(f"{text!r} is not a Kafka version (write it like 2.8 or 0.10.1)") from None


def _v(text: str) -> Version:
    return parse_version(text)


class Switch(Enum):
    """A behaviour switch: (since version, citation)."""

    # -- group coordinator (broker) ------------------------------------------------------
    EMPTY_STATE = ("0.10.1", "KIP-62: a new group starts Empty (before: Stable); Empty after the last member")
    REBALANCE_TIMEOUT = ("0.10.1", "KIP-62: join phase waits max member rebalance timeout, not max session timeout")
    INITIAL_REBALANCE_DELAY = ("0.11", "KIP-134: InitialDelayedJoin for Empty -> PreparingRebalance")
    COMPLETING_REBALANCE_NAME = ("1.1", "KAFKA-6391? AwaitingSync renamed CompletingRebalance in 1.1")
    MEMBER_ID_REQUIRED = ("2.2", "KIP-394: JoinGroup v4 two-step join with MEMBER_ID_REQUIRED")
    GROUP_MAX_SIZE = ("2.2", "KIP-389: group.max.size and GROUP_MAX_SIZE_REACHED")
    NEW_MEMBER_JOIN_TIMEOUT = ("2.2", "KAFKA-7610: a new member's join times out after 300 s")
    STATIC_MEMBERSHIP = ("2.3", "KIP-345: group.instance.id, FENCED_INSTANCE_ID")
    JOINED_LEADER_REELECTION = ("2.3", "KIP-345: at join completion a rejoined member replaces an absent leader")
    BATCH_LEAVE = ("2.4", "KIP-345: LeaveGroup v3 batch leave by instance id")
    DEAD_GROUP_NOT_AVAILABLE = ("2.4", "requests to a Dead group answer COORDINATOR_NOT_AVAILABLE (before: UNKNOWN_MEMBER_ID)")
    PROTOCOL_IN_RESPONSES = ("2.5", "KIP-559: protocol type/name in JoinGroup response and SyncGroup")
    HEARTBEAT_IN_COMPLETING = ("2.7", "KAFKA-10134: Heartbeat in CompletingRebalance answers NONE and re-arms")
    SYNC_TIMEOUT = ("3.0", "KAFKA-12890: members that do not SyncGroup within the rebalance timeout are removed")
    SKIP_ASSIGNMENT = ("3.2", "KIP-814: skip_assignment for a static leader's rejoin (JoinGroup v9)")
    JOIN_REASON = ("3.2", "KIP-800: reason in JoinGroup / LeaveGroup, logged by the coordinator")
    # -- consumer (Java client) ----------------------------------------------------------
    CLIENT_PREPARING_COMPLETING = ("2.5", "AbstractCoordinator.MemberState splits REBALANCING into "
                                          "PREPARING_REBALANCE / COMPLETING_REBALANCE")
    COOPERATIVE_REBALANCING = ("2.4", "KIP-429: incremental cooperative rebalancing, CooperativeStickyAssignor")

    def __init__(self, since: str, cite: str) -> None:
        self.since: Version = _v(since)
        self.cite = cite


#: config -> [(since, default), ...] (ascending); a config absent before its first step
#: did not exist in that version.
DEFAULTS: Mapping[str, tuple[tuple[Version, object], ...]] = MappingProxyType({
    # broker
    "group.min.session.timeout.ms": ((_v("0.9"), 6000),),
    "group.max.session.timeout.ms": ((_v("0.9"), 30000), (_v("0.11"), 300000), (_v("2.2"), 1800000)),
    "group.initial.rebalance.delay.ms": ((_v("0.11"), 3000),),
    "group.max.size": ((_v("2.2"), 2147483647),),
    "offsets.topic.num.partitions": ((_v("0.9"), 50),),
    # client
    "session.timeout.ms": ((_v("0.9"), 30000), (_v("0.10.1"), 10000), (_v("3.0"), 45000)),
    "heartbeat.interval.ms": ((_v("0.9"), 3000),),
    "max.poll.interval.ms": ((_v("0.10.1"), 300000),),
    "retry.backoff.ms": ((_v("0.9"), 100),),
    "partition.assignment.strategy": ((_v("0.9"), "range"), (_v("3.0"), "range,cooperative-sticky")),
})


@dataclass(frozen=True)
class Profile:
    """The behaviour of one Kafka version: its switches and its config defaults."""

    name: str
    version: Version
    switches: frozenset[Switch] = field(repr=False)
    defaults: Mapping[str, object] = field(repr=False)

    def has(self, switch: Switch) -> bool:
        return switch in self.switches


def _build(name: str) -> Profile:
    version = _v(name)
    switches = frozenset(s for s in Switch if s.since <= version)
    defaults: dict[str, object] = {}
    for key, steps in DEFAULTS.items():
        for since, value in steps:
            if since <= version:
                defaults[key] = value
    return Profile(name, version, switches, MappingProxyType(defaults))


#: the named profiles (classic groups); ``profile()`` maps any version onto one of them.
PROFILE_NAMES: tuple[str, ...] = ("0.10.0", "0.10.1", "0.11", "1.0", "1.1", "2.0", "2.2", "2.3", "2.4",
                                  "2.5", "2.7", "2.8", "3.0", "3.2", "3.5", "3.7", "3.9", "4.0")
PROFILES: Mapping[str, Profile] = MappingProxyType({n: _build(n) for n in PROFILE_NAMES})
DEFAULT_PROFILE = "3.9"


def profile(name: str | None = None) -> Profile:
    """The profile for a Kafka version: the named one, or the newest at or below it."""
    if name is None:
        return PROFILES[DEFAULT_PROFILE]
    version = parse_version(name)
    if version < PROFILES[PROFILE_NAMES[0]].version:
        raise ValueError(f"Kafka {name} is older than the oldest profile ({PROFILE_NAMES[0]}); "
                         f"use one of: {', '.join(PROFILE_NAMES)}")
    best = max((p for p in PROFILES.values() if p.version <= version), key=lambda p: p.version)
    return best
