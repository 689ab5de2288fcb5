"""A simulated Java consumer: the client side of the classic group protocol, sans I/O.

Restates, per version, Kafka's ``KafkaConsumer`` poll loop, ``ConsumerCoordinator``,
``AbstractCoordinator`` (with its heartbeat thread) and ``Heartbeat``
(``clients/src/main/java/org/apache/kafka/clients/consumer/``, 0.10.0 to 3.9).  The consumer
talks to the coordinator only through the ``send`` callable (a request on its way) and
:meth:`SimulatedConsumer.on_response` (its answer); it says what its own log would show
through ``emit`` (:class:`~..effects.ClientEvent`).  Each behaviour that changed across
versions is gated by a profile :class:`~..profiles.Switch` or a :class:`.client_states.
Switch`, which cite the version or KIP.

Theory of operation
-------------------
Two actors share the member's state, as in the Java client:

* **The application thread** calls ``poll()`` at the times of its :class:`PollSchedule` and
  then processes for ``processing_ms``.  A poll first finds the coordinator (FindCoordinator is
  instantaneous here: the coordinator is the cluster's) and, while a rejoin is needed, runs
  the join: onJoinPrepare (revoke / lose partitions), JoinGroup, then SyncGroup — the leader
  computing the assignment with the assignor the group selected — then onJoinComplete.  The
  poll blocks until the group is active (Kafka: ``ensureActiveGroup``; an application calling
  ``poll(Duration)`` in a loop keeps re-entering it), so a long processing time delays a
  rejoin until the next poll.  Failures are retried at once (UNKNOWN_MEMBER_ID,
  ILLEGAL_GENERATION, REBALANCE_IN_PROGRESS, MEMBER_ID_REQUIRED), after ``retry.backoff.ms``
  (coordinator errors, disconnects) or end the consumer (fatal errors are thrown out of
  poll; the simulated application then stops, as one that does not catch them would).
* **The heartbeat thread** (KIP-62, 0.10.1+) wakes when a heartbeat is due, when the session
  or the poll timer expires, and after a backoff while the coordinator is unknown.  It runs
  only while the member has joined (STABLE; also COMPLETING_REBALANCE with
  ``CLIENT_PREPARING_COMPLETING``).  A poll gap beyond ``max.poll.interval.ms`` makes it send
  LeaveGroup (dynamic members only, 2.3+) and reset the member, which rejoins at its next
  poll.  Before KIP-62 there is no such thread: the heartbeat is a task that runs only inside
  poll(), so a long processing time lets the session expire on the broker.

What the consumer's log would show comes out as :class:`~..effects.ClientEvent` effects
(``what``; Kafka 3.9 wording, older wording differs):

====================  =======================================================================
``coordinator_found``  "Discovered group coordinator host:port (id: .. rack: ..)"
``coordinator_unknown`` "Group coordinator .. is unavailable or invalid due to cause: <detail>.
                       isDisconnected: ..  Rediscovery will be attempted." (0.10.x: "Marking
                       the coordinator .. dead")
``state``              nothing: MemberState changes are not logged (``from_state``/``to_state``)
``join_sent``          "(Re-)joining group"; ``detail``: the rejoin reason (KIP-800 sends it)
``joined``             "Successfully joined group with generation Generation{..}" (``detail``:
                       the protocol; before 2.6.1 this line comes with the SyncGroup answer)
``synced``             "Successfully synced group in generation Generation{..}" (2.6.1+)
``assigned``           "Adding newly assigned partitions: .." ("Setting newly assigned
                       partitions .." before 2.4)
``revoked``            "Revoke previously assigned partitions .." ("Revoking previously assigned
                       partitions .." before 2.4)
``lost``               "Lost previously assigned partitions .." (2.4+)
``join_failed``        the JoinGroupResponseHandler line of a retried error: "JoinGroup failed:
                       .. Need to re-join the group" (UNKNOWN_MEMBER_ID), "JoinGroup failed:
                       Coordinator .. is loading the group.", "JoinGroup failed: .. Marking
                       coordinator unknown", "JoinGroup failed due to non-fatal error:
                       REBALANCE_IN_PROGRESS ..", MEMBER_ID_REQUIRED (DEBUG; ``member_id``:
                       the id handed out)
``sync_failed``        "SyncGroup failed: The group began another rebalance. Need to re-join
                       the group.", "SyncGroup failed: .. Need to re-join the group.",
                       "SyncGroup failed: .. Marking coordinator unknown.", the fenced line
``heartbeat_failed``   "Attempt to heartbeat failed since group is rebalancing" (3.x: "Request
                       joining group due to: group is already rebalancing"), ".. since
                       coordinator .. is either not started or not valid", "Attempt to
                       heartbeat with Generation{..} and group instance id .. failed due to
                       <error>, resetting generation"
``commit_failed``      "Offset commit failed on partition .. at offset ..: <message>"
``poll_timeout``       "consumer poll timeout has expired. This means the time between
                       subsequent calls to poll() was longer than the configured
                       max.poll.interval.ms, .."
``leave_sent``         "Member .. sending LeaveGroup request to coordinator .. due to <detail>"
``fatal``              the exception poll() throws; ``detail`` names the request:
                       ``JoinGroup`` ("JoinGroup failed due to fatal error: .." / "..The group
                       instance id .. has been fenced by another instance"), ``SyncGroup``,
                       ``Heartbeat``, ``OffsetCommit`` (after their ``*_failed`` line), or the
                       leader's failed assignment
====================  =======================================================================

Network and processing of requests take no virtual time; parked JoinGroup / SyncGroup
requests are guarded by Kafka's request timeouts (a timeout disconnects the coordinator).
Everything is driven by the shared :class:`~..timers.TimerQueue`: at most one timer for the
heartbeat thread, one for the next poll, one for a retry backoff and one per parked request
— cheap per heartbeat, and one trace always gives one timeline.
"""

from __future__ import annotations

import heapq
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, NamedTuple

from ..config import Config
from ..effects import ClientEvent, Effect, Response
from ..profiles import Profile, Switch
from ..timers import Timer, TimerQueue
from .assignors import (
    AssignorError,
    RebalanceProtocol,
    assign,
    assignor,
    cooperative_sticky_user_data,
    rebalance_protocol,
    sticky_user_data,
)
from .client_states import (
    IllegalClientTransition,
    MemberState,
    joining_state,
    valid_previous,
)
from .consumer_protocol import (
    Subscription,
    decode_subscription,
    encode_subscription,
    highest_version,
    java_sort_key,
    split_partition,
)
from .heartbeat import Backoff, Heartbeat
from .requests import (
    GroupRequest,
    JoinGroup,
    LeaveGroup,
    LeaveMember,
    OffsetCommit,
    Protocol,
    RequestKind,
    SyncGroup,
)
from .requests import (
    Heartbeat as HeartbeatRequest,
)

M = MemberState
PROTOCOL_TYPE = "consumer"  # ConsumerProtocol.PROTOCOL_TYPE
#: AbstractCoordinator.JOIN_GROUP_TIMEOUT_LAPSE (KAFKA-7050, 2.0)
JOIN_GROUP_TIMEOUT_LAPSE_MS = 5000
#: the reasons the Java client gives (KafkaConsumer.close, handlePollTimeoutExpiry, 3.x wording)
CLOSE_REASON = "the consumer is being closed"
POLL_TIMEOUT_REASON = "consumer poll timeout has expired."
LEAVING_REASON = "consumer pro-actively leaving the group"

_COORDINATOR_ERRORS = frozenset({"COORDINATOR_NOT_AVAILABLE", "NOT_COORDINATOR"})
#: JoinGroup errors ``joinGroupIfNeeded`` retries (at once or after a backoff); every other
#: one (INCONSISTENT_GROUP_PROTOCOL, INVALID_SESSION_TIMEOUT, GROUP_MAX_SIZE_REACHED,
#: FENCED_INSTANCE_ID, ..., and unexpected ones) is thrown out of poll()
_RETRIED_JOIN_ERRORS = frozenset({"MEMBER_ID_REQUIRED", "UNKNOWN_MEMBER_ID", "COORDINATOR_LOAD_IN_PROGRESS",
                                  "COORDINATOR_NOT_AVAILABLE", "NOT_COORDINATOR"})
#: ``Errors.exception().getClass().getSimpleName()`` for the rejoin reason of 3.0+
_EXCEPTION_NAMES: Mapping[str, str] = MappingProxyType({
    "UNKNOWN_MEMBER_ID": "UnknownMemberIdException",
    "ILLEGAL_GENERATION": "IllegalGenerationException",
    "REBALANCE_IN_PROGRESS": "RebalanceInProgressException",
    "MEMBER_ID_REQUIRED": "MemberIdRequiredException",
    "COORDINATOR_NOT_AVAILABLE": "CoordinatorNotAvailableException",
    "NOT_COORDINATOR": "NotCoordinatorException",
    "COORDINATOR_LOAD_IN_PROGRESS": "CoordinatorLoadInProgressException",
})


# == the application's poll schedule ==========================================================

@dataclass(frozen=True)
class PollAt:
    """One poll at ``at`` (virtual ms), then ``processing_ms`` of processing."""

    at: int
    processing_ms: int = 0


@dataclass(frozen=True)
class PollEvery:
    """A poll every ``every`` ms from ``start`` (default: when the consumer starts) up to and
    including ``until`` (default: for ever), each followed by ``processing_ms``."""

    every: int
    processing_ms: int = 0
    until: int | None = None
    start: int | None = None


class _Entry(NamedTuple):
    at: int
    processing_ms: int


def _non_negative(spec: Mapping[str, Any], key: str, default: int | None = None) -> int | None:
    value = spec.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"poll schedule entry {dict(spec)!r}: {key} must be a whole number of ms, 0 or more")
    return value


@dataclass(frozen=True)
class PollSchedule:
    """When the application calls ``poll()`` and how long it processes after each.

    Built from ``{"at": ms, "processing_ms": ms}`` and ``{"every": ms, "processing_ms": ms,
    "until": ms}`` entries (``"from"`` optionally starts a periodic entry later); no entries
    at all (:meth:`continuous`) is an application that is always inside poll(): it never
    processes long and rejoins as soon as a rebalance is needed.

    A poll happens at its time, or — if the application is still busy then (blocked in a
    rejoin, or processing) — as soon as it is free; several polls missed while busy are one.
    """

    segments: tuple[PollAt | PollEvery, ...] = ()
    is_continuous: bool = False

    @classmethod
    def continuous(cls) -> PollSchedule:
        return cls((), True)

    @classmethod
    def parse(cls, spec: object) -> PollSchedule:
        """A trace's ``polls`` value: None (continuous), one entry, or a list of entries."""
        if spec is None:
            return cls.continuous()
        if isinstance(spec, PollSchedule):
            return spec
        if isinstance(spec, Mapping):
            spec = [spec]
        if not isinstance(spec, (list, tuple)):
            raise ValueError(f"polls must be a list of {{\"at\": ..}} / {{\"every\": ..}} entries, "
                             f"not {spec!r}")
        segments: list[PollAt | PollEvery] = []
        for entry in spec:
            if not isinstance(entry, Mapping):
                raise ValueError(f"poll schedule entry {entry!r} is not an object")
            segments.append(cls._segment(entry))
        return cls(tuple(segments))

    @staticmethod
    def _segment(entry: Mapping[str, Any]) -> PollAt | PollEvery:
        keys = set(entry)
        if "at" in entry and "every" not in entry:
            unknown = keys - {"at", "processing_ms"}
            if unknown:
                raise ValueError(f"poll schedule entry {dict(entry)!r}: unknown field(s) {sorted(unknown)}; "
                                 "an \"at\" entry takes at and processing_ms")
            at = _non_negative(entry, "at")
            assert at is not None
            return PollAt(at, _non_negative(entry, "processing_ms", 0) or 0)
        if "every" in entry and "at" not in entry:
            unknown = keys - {"every", "processing_ms", "until", "from"}
            if unknown:
                raise ValueError(f"poll schedule entry {dict(entry)!r}: unknown field(s) {sorted(unknown)}; "
                                 "an \"every\" entry takes every, processing_ms, until and from")
            every = _non_negative(entry, "every")
            if not every:
                raise ValueError(f"poll schedule entry {dict(entry)!r}: every must be 1 ms or more")
            until, start = _non_negative(entry, "until"), _non_negative(entry, "from")
            if until is not None and start is not None and until < start:
                raise ValueError(f"poll schedule entry {dict(entry)!r}: until is before from")
            return PollEvery(every, _non_negative(entry, "processing_ms", 0) or 0, until, start)
        raise ValueError(f"poll schedule entry {dict(entry)!r} needs exactly one of \"at\" or \"every\"")

    def entries(self, start: int) -> Iterator[_Entry]:
        """Every poll in time order (lazily: a periodic entry may be endless)."""

        def periodic(seg: PollEvery) -> Iterator[_Entry]:
            at = start if seg.start is None else seg.start
            while seg.until is None or at <= seg.until:
                yield _Entry(at, seg.processing_ms)
                at += seg.every

        sources: list[Iterable[_Entry]] = []
        for seg in self.segments:
            if isinstance(seg, PollAt):
                sources.append([_Entry(seg.at, seg.processing_ms)])
            else:
                sources.append(periodic(seg))
        return heapq.merge(*sources, key=lambda e: e.at)


# == what a consumer looks like from outside =================================================

class AppPhase(Enum):
    """Where the simulated application is."""

    NOT_STARTED = "not_started"
    POLLING = "polling"  # inside poll(), working on the group (coordinator, join, sync, backoff)
    WAITING = "waiting"  # inside poll(), group active, waiting for records (continuous schedule)
    PROCESSING = "processing"  # outside poll(): processing, or idle until its next poll
    DONE = "done"  # the schedule has no more polls
    STOPPED = "stopped"  # closed, crashed or failed


@dataclass(frozen=True)
class ClientView:
    """A simulated consumer as expectations and reports see it (a frozen copy)."""

    client: str
    group: str
    client_id: str
    instance_id: str | None
    #: the ``MemberState`` name (UNJOINED, REBALANCING, PREPARING_REBALANCE, ...)
    state: str
    member_id: str
    generation: int
    protocol: str | None
    leader: bool
    #: the partitions of the last successful SyncGroup
    assignment: tuple[str, ...]
    #: the partitions the consumer owns now (emptied by an eager revocation or a loss)
    owned: tuple[str, ...]
    coordinator_known: bool
    rejoin_needed: bool
    phase: str
    polls: int
    #: the error the consumer stopped on (``FENCED_INSTANCE_ID``, ...), or None
    fatal_error: str | None
    #: None while running, else ``closed``, ``crashed`` or ``fatal``
    stopped: str | None


class _Generation(NamedTuple):
    """``AbstractCoordinator.Generation``."""

    generation: int
    member_id: str
    protocol: str | None


NO_GENERATION = _Generation(-1, "", None)


@dataclass(eq=False)
class _InFlight:
    """A JoinGroup / SyncGroup on its way: the generation it was sent with, its timeout."""

    sent: _Generation
    timeout: Timer


class _Retry(Enum):
    NOW = "now"  # joinGroupIfNeeded: continue
    BACKOFF = "backoff"  # retriable: sleep retry.backoff.ms, then loop
    FATAL = "fatal"  # thrown out of poll


# client.id numbers: Kafka's static CONSUMER_CLIENT_ID_SEQUENCE, one per JVM; here one per
# cluster (keyed by its timer queue, which every machine of a cluster shares).
_CLIENT_SEQUENCES: dict[int, list[int]] = {}


def _next_client_number(timers: TimerQueue) -> int:
    key = id(timers)
    if key not in _CLIENT_SEQUENCES:
        _CLIENT_SEQUENCES[key] = [0]
        weakref.finalize(timers, _CLIENT_SEQUENCES.pop, key, None)
    _CLIENT_SEQUENCES[key][0] += 1
    return _CLIENT_SEQUENCES[key][0]


def _strategies(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        names = [n.strip() for n in value.split(",")]
    elif isinstance(value, (list, tuple)):
        names = [str(n).strip() for n in value]
    else:
        raise ValueError(f"partition.assignment.strategy must be a list of assignors, not {value!r}")
    out = tuple(assignor(n).name for n in names if n)
    if not out:
        raise ValueError("partition.assignment.strategy is empty: the consumer needs at least one assignor")
    return out


def _sorted_partitions(names: Iterable[str]) -> tuple[str, ...]:
    """Kafka's ``TopicPartitionComparator`` order (topic, then partition number)."""
    def key(name: str) -> tuple[bytes, int]:
        topic, partition = split_partition(name)
        return java_sort_key(topic), partition

    return tuple(sorted(set(names), key=key))


# == the consumer ==============================================================================

class SimulatedConsumer:
    """One Java consumer instance in one group, subscribed to ``topics`` (topic -> partition
    count, also the metadata its leader assigns from)."""

    def __init__(self, name: str, group: str, client_config: Mapping[str, object], topics: Mapping[str, int],
                 polls: PollSchedule, profile: Profile, timers: TimerQueue,
                 send: Callable[[GroupRequest], None], emit: Callable[[Effect], None]) -> None:
        self.name = name
        self.group = group
        self.profile = profile
        self.timers = timers
        self._send = send
        self._emit = emit
        for topic, count in topics.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"topic {topic!r}: the partition count must be 0 or more, not {count!r}")
        self.topics: Mapping[str, int] = MappingProxyType(dict(topics))
        self.polls = polls
        has = profile.has
        # -- behaviour switches (looked up once) ---------------------------------------------
        self._kip62 = has(Switch.CLIENT_HEARTBEAT_THREAD)
        self._split = has(Switch.CLIENT_PREPARING_COMPLETING)
        self._cooperative_api = has(Switch.COOPERATIVE_REBALANCING)
        self._member_id_required = has(Switch.MEMBER_ID_REQUIRED)
        self._static_supported = has(Switch.STATIC_MEMBERSHIP)
        self._protocol_fields = has(Switch.PROTOCOL_IN_RESPONSES)
        self._reasons = has(Switch.JOIN_REASON)
        self._skip_assignment = has(Switch.SKIP_ASSIGNMENT)
        self._join_timeout_lapse = has(Switch.JOIN_REQUEST_TIMEOUT_LAPSE)
        self._rejoin_reasons = profile.has(Switch.REJOIN_REASONS)
        self._table = valid_previous(profile)
        self._joining = joining_state(profile)
        # -- configs (the profile's defaults, overridden by the client's) ---------------------
        cfg = Config(profile, dict(client_config))
        self.session_timeout_ms = cfg.int("session.timeout.ms")
        self.heartbeat_interval_ms = cfg.int("heartbeat.interval.ms")
        self.max_poll_interval_ms = cfg.int("max.poll.interval.ms") if self._kip62 else None
        self.retry_backoff_ms = cfg.int("retry.backoff.ms")
        retry_max = cfg.get("retry.backoff.max.ms")
        self.request_timeout_ms = cfg.int("request.timeout.ms")
        # KIP-62: the rebalance timeout is max.poll.interval.ms (before: the session timeout)
        self.rebalance_timeout_ms = self.max_poll_interval_ms or self.session_timeout_ms
        self.strategies = _strategies(cfg.get("partition.assignment.strategy"))
        for strategy in self.strategies:
            if strategy == "cooperative-sticky" and not self._cooperative_api:
                raise ValueError(f"the cooperative-sticky assignor does not exist in Kafka {profile.name} "
                                 f"(from {Switch.COOPERATIVE_REBALANCING.since_name})")
            if strategy == "sticky" and not has(Switch.STICKY_ASSIGNOR):
                raise ValueError(f"the sticky assignor does not exist in Kafka {profile.name}")
        # 2.4+ (KIP-429): the most advanced protocol every configured assignor supports
        self.protocol = (rebalance_protocol(self.strategies) if self._cooperative_api
                         else RebalanceProtocol.EAGER)
        instance = cfg.get("group.instance.id")
        # before 2.3 the Java client does not know group.instance.id and ignores it
        self.instance_id: str | None = str(instance) if instance and self._static_supported else None
        rack = cfg.get("client.rack")
        self.rack: str | None = str(rack) if rack else None
        self.leave_group_on_close = cfg.bool("internal.leave.group.on.close", True)
        # Kafka's default is true; offsets are not modelled unless asked for (or a profile
        # default says so), so the engine's default is off
        self.auto_commit = cfg.bool("enable.auto.commit", False)
        self.auto_commit_interval_ms = cfg.int("auto.commit.interval.ms", 5000)
        self.client_id = self._client_id(cfg.get("client.id"))
        self._subscription_version = highest_version(profile.version)
        backoff = Backoff(self.retry_backoff_ms, None if retry_max is None else int(str(retry_max)))
        self._heartbeat = Heartbeat(timers.now, self.session_timeout_ms, self.heartbeat_interval_ms,
                                    self.max_poll_interval_ms, backoff)
        # -- the member (AbstractCoordinator / ConsumerCoordinator fields) --------------------
        self._state = M.UNJOINED
        self._generation = NO_GENERATION
        self._rejoin_needed = True
        self._rejoin_reason = ""
        self._needs_join_prepare = True
        self._coordinator_known = False
        self._unknown_since = timers.now
        self._is_leader = False
        self._owned: tuple[str, ...] = ()
        self._assignment: tuple[str, ...] = ()
        #: what the assignors saw in onAssignment (their subscription user data)
        self._assignor_generation = -1
        self._sticky_partitions: tuple[str, ...] | None = None
        self._join: _InFlight | None = None
        self._sync: _InFlight | None = None
        self._heartbeat_sent: _Generation | None = None
        #: the generation each OffsetCommit in flight was sent with (answers come in order)
        self._commits_sent: deque[_Generation] = deque()
        self._next_auto_commit = timers.now + self.auto_commit_interval_ms
        self._retry_timer: Timer | None = None
        self._thread_timer: Timer | None = None
        #: an exception the next poll() throws: (error, where) — the heartbeat thread died, or an
        #: async commit was fenced
        self._pending_failure: tuple[str, str] | None = None
        # -- the application ------------------------------------------------------------------
        self._phase = AppPhase.NOT_STARTED
        self._schedule: Iterator[_Entry] = iter(())
        self._peek: _Entry | None = None
        self._processing_ms = 0
        self._poll_timer: Timer | None = None
        self._polls = 0
        self._driving = False
        self._stopped: str | None = None
        self._fatal_error: str | None = None

    def _client_id(self, configured: object) -> str:
        if configured:
            return str(configured)
        if self.profile.has(Switch.GROUP_IN_CLIENT_ID):
            if self.instance_id is not None:
                return f"consumer-{self.group}-{self.instance_id}"
            return f"consumer-{self.group}-{_next_client_number(self.timers)}"
        return f"consumer-{_next_client_number(self.timers)}"

    # == public API ==============================================================================

    @property
    def now(self) -> int:
        return self.timers.now

    def start(self) -> None:
        """The application starts: its first poll finds the coordinator and joins."""
        if self._phase is not AppPhase.NOT_STARTED:
            raise RuntimeError(f"consumer {self.name!r} was already started")
        self._phase = AppPhase.PROCESSING
        if self.polls.is_continuous:
            self._app_poll(0)
            return
        self._schedule = self.polls.entries(self.now)
        self._peek = next(self._schedule, None)
        self._schedule_next_poll(self.now)

    def on_response(self, response: Response) -> None:
        """The coordinator's answer to one of this consumer's requests."""
        if self._stopped is not None or response.client != self.name:
            return
        kind = response.request
        if kind == RequestKind.HEARTBEAT.value:
            self._on_heartbeat_response(response)
        elif kind == RequestKind.JOIN.value:
            self._on_join_response(response)
        elif kind == RequestKind.SYNC.value:
            self._on_sync_response(response)
        elif kind == RequestKind.COMMIT.value:
            self._on_commit_response(response)
        # LeaveGroup: "a minimal effort attempt": its answer changes nothing

    def close(self) -> None:
        """``KafkaConsumer.close()``: stop the heartbeat thread, revoke (2.4+), and leave the
        group if dynamic (a static member never sends LeaveGroup, 2.3+)."""
        if self._stopped is not None:
            return
        self._halt()
        self._maybe_auto_commit(force=True)  # ConsumerCoordinator.close: maybeAutoCommitOffsetsSync
        if self.leave_group_on_close:
            self._on_leave_prepare()
            self._maybe_leave_group(CLOSE_REASON)
        self._stopped = "closed"

    def crash(self) -> None:
        """The process dies: no more requests, no LeaveGroup."""
        if self._stopped is not None:
            return
        self._halt()
        self._stopped = "crashed"

    def view(self) -> ClientView:
        gen = self._generation
        return ClientView(self.name, self.group, self.client_id, self.instance_id, self._state.value,
                          gen.member_id, gen.generation, gen.protocol, self._is_leader, self._assignment,
                          self._owned, self._coordinator_known, self._rejoin_needed, self._phase.value,
                          self._polls, self._fatal_error, self._stopped)

    # == the application thread (KafkaConsumer.poll -> ConsumerCoordinator.poll) ==============

    def _schedule_next_poll(self, ready: int) -> None:
        """Arm the next poll: the latest entry due by ``ready``, else the next one."""
        chosen: _Entry | None = None
        while self._peek is not None and self._peek.at <= ready:
            chosen, self._peek = self._peek, next(self._schedule, None)
        if chosen is None and self._peek is not None:
            chosen, self._peek = self._peek, next(self._schedule, None)
        if chosen is None:
            self._phase = AppPhase.DONE  # the application never polls again
            self._arm_thread()
            return
        at, processing = max(chosen.at, ready), chosen.processing_ms
        if at <= self.now:
            self._app_poll(processing)
        else:
            self._poll_timer = self.timers.arm(at - self.now, f"{self.name}:poll",
                                               lambda: self._app_poll(processing))

    def _app_poll(self, processing_ms: int) -> None:
        """The application calls poll()."""
        self._poll_timer = None
        if self._stopped is not None:
            return
        self._phase = AppPhase.POLLING
        self._processing_ms = processing_ms
        if self._pending_failure is not None:  # pollHeartbeat rethrows the heartbeat thread's failure
            self._fatal(*self._pending_failure)
            return
        if self._kip62:
            self._heartbeat.poll(self.now)
        else:
            self._heartbeat_task()  # 0.10.0: the heartbeat is a delayed task run inside poll()
        self._drive()

    def _drive(self) -> None:
        """``ensureActiveGroup`` / ``joinGroupIfNeeded``: one pass, until the poll blocks on a
        request or a backoff, or returns."""
        if self._driving:
            return  # the pass under way will look again
        self._driving = True
        try:
            while self._phase is AppPhase.POLLING and self._stopped is None:
                if self._join is not None or self._sync is not None or self._retry_timer is not None:
                    return  # blocked on the coordinator or a backoff
                if not self._coordinator_known:
                    self._discover_coordinator()
                if not self._rejoin_needed:
                    # poll() returns; the application may poll again at once (a poll it
                    # missed while busy), which this loop then drives
                    self._poll_returns()
                    continue
                if self._needs_join_prepare:
                    self._needs_join_prepare = False
                    self._on_join_prepare()
                self._send_join()
        finally:
            self._driving = False

    def _poll_returns(self) -> None:
        """The group is active: poll() returns records, the application processes them."""
        self._polls += 1
        if self._kip62:
            self._heartbeat.poll(self.now)
        self._maybe_auto_commit()
        if self.polls.is_continuous:
            self._phase = AppPhase.WAITING
            self._arm_thread()
            return
        self._phase = AppPhase.PROCESSING
        self._schedule_next_poll(self.now + self._processing_ms)
        self._arm_thread()

    def _kick(self) -> None:
        """Something the poll loop acts on happened: an application waiting inside poll()
        sees it at once; one that is processing sees it at its next poll."""
        if self._phase is AppPhase.WAITING:
            if self._pending_failure is not None:
                self._fatal(*self._pending_failure)
                return
            if self._rejoin_needed or not self._coordinator_known:
                self._phase = AppPhase.POLLING
                if self._kip62:
                    self._heartbeat.poll(self.now)
                self._drive()
        elif self._phase is AppPhase.POLLING:
            if self._pending_failure is not None:
                self._fatal(*self._pending_failure)
                return
            self._drive()

    def _in_poll(self) -> bool:
        return self._phase in (AppPhase.POLLING, AppPhase.WAITING)

    # == coordinator discovery ==================================================================

    def _discover_coordinator(self) -> None:
        # "Discovered group coordinator host:port (id: ... rack: null)"
        self._coordinator_known = True
        self._heartbeat.reset_session_timeout(self.now)
        self._event("coordinator_found")

    def _mark_coordinator_unknown(self, cause: str, error: str | None = None, *,
                                  disconnected: bool = False) -> None:
        # "Group coordinator ... is unavailable or invalid due to cause: ..., Rediscovery will be
        # attempted." (0.10.x: "Marking the coordinator ... dead")
        if not self._coordinator_known:
            return
        self._coordinator_known = False
        self._unknown_since = self.now
        self._event("coordinator_unknown", error=error, detail=cause)
        if not disconnected and self.profile.has(Switch.UNKNOWN_COORDINATOR_DISCONNECTS):
            for kind in (RequestKind.JOIN, RequestKind.SYNC):
                if self._in_flight(kind) is not None:
                    self._drop_in_flight(kind)
                    self._rebalance_failed(kind, None, "DisconnectException", _Retry.BACKOFF)

    # == rebalance: onJoinPrepare, JoinGroup, SyncGroup, onJoinComplete ========================

    def _on_join_prepare(self) -> None:
        """``ConsumerCoordinator.onJoinPrepare``: commit, then give up partitions before
        (re)joining."""
        self._maybe_auto_commit(force=True)  # maybeAutoCommitOffsetsSync before the revocation
        gen = self._generation
        if not self._cooperative_api:
            # before KIP-429 every rebalance revokes everything
            # "Revoking previously assigned partitions [..]"
            self._event("revoked", assignment=self._owned)
            self._owned = ()
        elif gen.generation == NO_GENERATION.generation or gen.member_id == NO_GENERATION.member_id:
            if self._owned:
                # "Giving away all assigned partitions as lost since generation has been reset"
                # "Lost previously assigned partitions ..."
                self._event("lost", assignment=self._owned)
                self._owned = ()
        elif self.protocol is RebalanceProtocol.EAGER:
            self._event("revoked", assignment=self._owned)  # "Revoke previously assigned partitions ..."
            self._owned = ()
        # COOPERATIVE: only partitions of topics no longer subscribed are revoked; the
        # subscription of a simulated consumer never changes
        self._is_leader = False

    def _on_leave_prepare(self) -> None:
        """``ConsumerCoordinator.onLeavePrepare`` (2.4+, KIP-429): on close, owned partitions
        are revoked, or lost if the generation was reset or a rebalance is under way."""
        if not self._cooperative_api or not self._owned:
            return
        gen = self._generation
        if (gen.generation == NO_GENERATION.generation or gen.member_id == NO_GENERATION.member_id
                or self._state in (M.PREPARING_REBALANCE, M.COMPLETING_REBALANCE, M.REBALANCING)):
            self._event("lost", assignment=self._owned)
        else:
            self._event("revoked", assignment=self._owned)
        self._owned = ()

    def _protocols(self) -> tuple[Protocol, ...]:
        """``ConsumerCoordinator.metadata``: one protocol per configured assignor, its metadata
        the ConsumerProtocol ``Subscription`` bytes."""
        topics = tuple(self.topics)
        owned = self._owned if self._cooperative_api else ()
        out = []
        for name in self.strategies:
            sub = Subscription(topics, self._user_data(name), owned, self._generation.generation, self.rack)
            out.append(Protocol(name, encode_subscription(sub, self._subscription_version)))
        return tuple(out)

    def _user_data(self, strategy: str) -> bytes | None:
        if strategy == "sticky":
            data = sticky_user_data(self._sticky_partitions, self._assignor_generation)
            if data is not None and not self.profile.has(Switch.STICKY_USER_DATA_GENERATION):
                data = data[:-4]  # v0 user data: the partitions only, no trailing generation
            return data
        if strategy == "cooperative-sticky" and self.profile.has(Switch.COOPERATIVE_STICKY_USER_DATA):
            return cooperative_sticky_user_data(self._assignor_generation)
        return None

    def _send_join(self) -> None:
        """``initiateJoinGroup`` / ``sendJoinGroupRequest``."""
        self._set_state(self._joining)
        gen = self._generation
        request = JoinGroup(
            group=self.group, client=self.name, member_id=gen.member_id, instance_id=self.instance_id,
            client_id=self.client_id, session_timeout_ms=self.session_timeout_ms,
            rebalance_timeout_ms=self.rebalance_timeout_ms, protocol_type=PROTOCOL_TYPE,
            protocols=self._protocols(),
            require_known_member_id=self._member_id_required,  # JoinGroup v4+ (KIP-394, 2.2)
            supports_skip_assignment=self._skip_assignment,  # JoinGroup v9 (KIP-814, 3.2)
            reason=self._rejoin_reason if self._reasons else None)  # KIP-800 (3.2)
        timeout = self.request_timeout_ms
        if self._join_timeout_lapse:
            # KAFKA-7050 (2.0): the request may park for the rebalance timeout; 5 s lapse
            timeout = self.rebalance_timeout_ms + JOIN_GROUP_TIMEOUT_LAPSE_MS
            if self.profile.has(Switch.JOIN_TIMEOUT_AT_LEAST_REQUEST_TIMEOUT):
                timeout = max(timeout, self.request_timeout_ms)
        self._join = _InFlight(gen, self.timers.arm(timeout, f"{self.name}:join-timeout",
                                                    lambda: self._request_timed_out(RequestKind.JOIN)))
        self._event("join_sent", detail=self._rejoin_reason)  # "(Re-)joining group"
        self._send(request)

    def _send_sync(self, assignment: Mapping[str, tuple[str, ...]] | None) -> None:
        gen = self._generation
        request = SyncGroup(
            group=self.group, client=self.name, member_id=gen.member_id, generation=gen.generation,
            instance_id=self.instance_id,
            protocol_type=PROTOCOL_TYPE if self._protocol_fields else None,  # SyncGroup v5 (KIP-559)
            protocol_name=gen.protocol if self._protocol_fields else None,
            assignment=assignment)
        self._sync = _InFlight(gen, self.timers.arm(self.request_timeout_ms, f"{self.name}:sync-timeout",
                                                    lambda: self._request_timed_out(RequestKind.SYNC)))
        self._send(request)

    def _in_flight(self, kind: RequestKind) -> _InFlight | None:
        return self._join if kind is RequestKind.JOIN else self._sync

    def _drop_in_flight(self, kind: RequestKind) -> _InFlight | None:
        out = self._in_flight(kind)
        if out is not None:
            TimerQueue.cancel(out.timeout)
        if kind is RequestKind.JOIN:
            self._join = None
        else:
            self._sync = None
        return out

    def _request_timed_out(self, kind: RequestKind) -> None:
        """NetworkClient: "Disconnecting from node ... due to request timeout"; the request
        fails with a DisconnectException and the coordinator is marked unknown."""
        if self._in_flight(kind) is None or self._stopped is not None:
            return
        self._drop_in_flight(kind)
        self._mark_coordinator_unknown("null", disconnected=True)  # DisconnectException has no message
        self._rebalance_failed(kind, None, "DisconnectException", _Retry.BACKOFF)

    def _on_join_response(self, r: Response) -> None:
        """``JoinGroupResponseHandler``."""
        out = self._drop_in_flight(RequestKind.JOIN)
        if out is None:
            return  # its request timed out: the connection it came on is gone
        error = r.error
        join = RequestKind.JOIN
        if error == "NONE":
            if r.protocol_type is not None and r.protocol_type != PROTOCOL_TYPE:
                self._fatal("INCONSISTENT_GROUP_PROTOCOL", "JoinGroup")
                return
            if self._state is not self._joining:
                # left the group meanwhile: UnjoinedGroupException, retriable
                self._rebalance_failed(join, None, "UnjoinedGroupException", _Retry.BACKOFF)
                return
            self._generation = _Generation(int(r.generation if r.generation is not None else -1),
                                           r.member_id or "", r.protocol_name)
            if self._split:
                self._set_state(M.COMPLETING_REBALANCE)
            # "Successfully joined group with generation Generation{...}" (2.6.1+; before it is
            # logged when the SyncGroup succeeds)
            self._event("joined", detail=r.protocol_name)
            if r.leader and r.leader == r.member_id:
                self._on_leader_elected(r)
            else:
                self._send_sync(None)  # a follower's SyncGroup carries no assignment
            return
        retried = error in _RETRIED_JOIN_ERRORS or (
            error == "REBALANCE_IN_PROGRESS"
            and self.profile.has(Switch.JOIN_REBALANCE_IN_PROGRESS_RETRIED))
        if not retried:
            # fatal errors, and any unexpected one ("JoinGroup failed due to unexpected error"):
            # thrown out of poll()
            self._fatal(error, "JoinGroup")
            return
        if error == "MEMBER_ID_REQUIRED":
            self._event("join_failed", error=error, member_id=r.member_id or "")
        else:
            self._event("join_failed", error=error)
        if error == "MEMBER_ID_REQUIRED":
            # KIP-394: keep the id handed out and join again at once with it
            self._generation = _Generation(NO_GENERATION.generation, r.member_id or "", None)
            if not self._split:
                self._set_state(M.UNJOINED)  # resetStateAndRejoin (2.2 .. 2.6)
            self._request_rejoin(f"need to re-join with the given member-id: {r.member_id or ''}")
            self._rebalance_failed(join, error, _EXCEPTION_NAMES[error], _Retry.NOW)
        elif error == "UNKNOWN_MEMBER_ID":
            if self._generation == out.sent:
                self._reset_on_error(join, error)
            self._rebalance_failed(join, error, _EXCEPTION_NAMES[error], _Retry.NOW)
        elif error == "REBALANCE_IN_PROGRESS":
            self._rebalance_failed(join, error, _EXCEPTION_NAMES[error], _Retry.NOW)
        elif error == "COORDINATOR_LOAD_IN_PROGRESS":
            self._rebalance_failed(join, error, _EXCEPTION_NAMES[error], _Retry.BACKOFF)
        else:  # COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR: rediscover, retry after a backoff
            self._mark_coordinator_unknown(f"error response {error}", error)
            self._rebalance_failed(join, error, _EXCEPTION_NAMES[error], _Retry.BACKOFF)

    def _on_leader_elected(self, r: Response) -> None:
        """``ConsumerCoordinator.onLeaderElected`` (performAssignment before 2.6)."""
        self._is_leader = True
        if r.skip_assignment:
            # KIP-814: "Skipped assignment for returning static leader at generation ..."
            self._send_sync({})
            return
        protocol = r.protocol_name or ""
        metadata = self._member_metadata(r)
        try:
            subscriptions = {m: self._subscription_of(meta, instance)
                             for m, (instance, meta) in metadata.items()}
        except ValueError as exc:
            # ConsumerProtocol.deserializeSubscription throws out of poll()
            self._fatal("SchemaException", f"assignment failed: {exc}")
            return
        try:
            assignment = assign(protocol, subscriptions, self.topics, self._generation.generation)
        except AssignorError as exc:
            self._fatal("IllegalStateException", f"assignment failed: {exc}")
            return
        self._send_sync(assignment)

    def _subscription_of(self, metadata: bytes, instance_id: str | None) -> Subscription:
        sub = decode_subscription(metadata)
        # the leader copies each member's group.instance.id onto its subscription (2.4+)
        if instance_id is not None and self.profile.has(Switch.ASSIGNOR_ORDERS_STATIC_MEMBERS):
            sub = replace(sub, group_instance_id=instance_id)
        return sub

    @staticmethod
    def _member_metadata(r: Response) -> dict[str, tuple[str | None, bytes]]:
        """Each member's (group.instance.id, metadata), in the JoinGroup response's order:
        what the leader's response carries (``Response.member_metadata``)."""
        return {member_id: (instance, metadata) for member_id, instance, metadata in r.member_metadata or ()}

    def _on_sync_response(self, r: Response) -> None:
        """``SyncGroupResponseHandler`` (and the join future's success listener before 2.7)."""
        out = self._drop_in_flight(RequestKind.SYNC)
        if out is None:
            return
        error = r.error
        sync = RequestKind.SYNC
        if error == "NONE":
            gen = self._generation
            wrong_type = r.protocol_type is not None and r.protocol_type != PROTOCOL_TYPE
            wrong_name = (r.protocol_name is not None and gen.protocol is not None
                          and r.protocol_name != gen.protocol)
            if wrong_type or wrong_name:
                self._event("sync_failed", error="INCONSISTENT_GROUP_PROTOCOL")
                self._fatal("INCONSISTENT_GROUP_PROTOCOL", "SyncGroup")
                return
            if self._split and (self._state is not M.COMPLETING_REBALANCE
                                or (gen.generation == NO_GENERATION.generation and gen.protocol is None)):
                # "Generation data was cleared by heartbeat thread ... before receiving SyncGroup
                # response, marking this rebalance as failed and retry"
                self._rebalance_failed(sync, None, _EXCEPTION_NAMES["ILLEGAL_GENERATION"], _Retry.NOW)
                return
            self._set_state(M.STABLE)
            self._rejoin_needed = False
            self._rejoin_reason = ""
            # "Successfully synced group in generation Generation{...}" (2.6.1+)
            assigned = tuple(r.assignment or ())
            self._event("synced", assignment=assigned)
            self._on_join_complete(assigned)
            self._drive()
            return
        if not self._split:
            self._rejoin_needed = True  # requestRejoin() before the error branches
        self._event("sync_failed", error=error)
        if error == "REBALANCE_IN_PROGRESS":
            self._rebalance_failed(sync, error, _EXCEPTION_NAMES[error], _Retry.NOW)
        elif error in ("UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION"):
            if self._generation == out.sent:
                self._reset_on_error(sync, error)
            self._rebalance_failed(sync, error, _EXCEPTION_NAMES[error], _Retry.NOW)
        elif error in _COORDINATOR_ERRORS:
            self._mark_coordinator_unknown(f"error response {error}", error)
            self._rebalance_failed(sync, error, _EXCEPTION_NAMES[error], _Retry.BACKOFF)
        else:
            self._fatal(error, "SyncGroup")  # FENCED_INSTANCE_ID, authorization, unexpected

    def _on_join_complete(self, assigned: tuple[str, ...]) -> None:
        """``ConsumerCoordinator.onJoinComplete``."""
        if self._cooperative_api and any(split_partition(p)[0] not in self.topics for p in assigned):
            # KAFKA-8179 (2.4): an assignment outside the subscription is not taken
            self._request_rejoin("received assignment does not match the current subscription")
            return
        owned = set(self._owned)
        if self.protocol is RebalanceProtocol.COOPERATIVE:
            revoked = _sorted_partitions(owned - set(assigned))
            if revoked:
                # KIP-429: give these up, then rebalance again so they can move
                self._event("revoked", assignment=revoked)
                self._request_rejoin("need to revoke partitions and re-join")
        added = _sorted_partitions(set(assigned) - owned)
        # "Adding newly assigned partitions: ..." ("Setting newly assigned partitions" < 2.4)
        self._event("assigned", assignment=added)
        self._owned = _sorted_partitions(assigned)
        self._assignment = assigned
        # assignor.onAssignment: the sticky assignors remember what they were given
        self._assignor_generation = self._generation.generation
        self._sticky_partitions = assigned
        self._needs_join_prepare = True
        self._next_auto_commit = self.now + self.auto_commit_interval_ms  # "reschedule the auto commit"

    def _rebalance_failed(self, kind: RequestKind, error: str | None, exception: str, retry: _Retry) -> None:
        """The failure branch of ``joinGroupIfNeeded`` for a JoinGroup / SyncGroup that failed."""
        if self._rejoin_reasons and not (exception == "MemberIdRequiredException"
                                         and self.profile.has(Switch.MEMBER_ID_REQUIRED_REASON_KEPT)):
            self._request_rejoin(f"rebalance failed due to {exception}")
        else:
            self._rejoin_needed = True
        if not self._split:
            self._set_state(M.UNJOINED)  # the join future's failure listener
        if retry is _Retry.NOW:
            self._drive()
        elif retry is _Retry.BACKOFF:
            self._retry_timer = self.timers.arm(self.retry_backoff_ms, f"{self.name}:join-backoff",
                                                self._retry_fired)
        else:
            self._fatal(error or exception, kind.value)

    def _retry_fired(self) -> None:
        self._retry_timer = None
        self._drive()

    # == resets and leaving =====================================================================

    def _reset_on_error(self, kind: RequestKind, error: str) -> None:
        """``resetStateOnResponseError`` / ``resetGenerationOnResponseError``."""
        gen = self._generation
        if not self._kip62:
            # 0.10.0: UNKNOWN_MEMBER_ID (and a failed SyncGroup) forget the member id; a
            # heartbeat's ILLEGAL_GENERATION only asks to rejoin
            if error == "UNKNOWN_MEMBER_ID" or kind is RequestKind.SYNC:
                self._generation = _Generation(gen.generation, "", gen.protocol)
                self._set_state(M.UNJOINED)
            self._request_rejoin(f"encountered {error} from {_API[kind]} response")
            return
        keep_id = (error == "ILLEGAL_GENERATION"
                   and self.profile.has(Switch.ILLEGAL_GENERATION_KEEPS_MEMBER_ID))
        self._generation = (_Generation(NO_GENERATION.generation, gen.member_id, None) if keep_id
                            else NO_GENERATION)
        self._set_state(M.UNJOINED)
        if self._split:
            self._needs_join_prepare = True
        self._request_rejoin(f"encountered {error} from {_API[kind]} response")

    def _can_leave(self) -> bool:
        gen = self._generation
        if not self._coordinator_known:
            return False
        if not self._kip62:
            return gen.generation > 0 and bool(gen.member_id)
        if self.instance_id is not None:
            return False  # KIP-345 (2.3): a static member never sends LeaveGroup
        return self._state is not M.UNJOINED and bool(gen.member_id)

    def _maybe_leave_group(self, reason: str) -> None:
        """``maybeLeaveGroup``: a LeaveGroup if the member is in the group, then a reset."""
        if self._can_leave():
            # "Member ... sending LeaveGroup request to coordinator ... due to <reason>"
            self._event("leave_sent", detail=reason)
            self._send(LeaveGroup(self.group, self.name, (
                LeaveMember(self._generation.member_id, None, reason if self._reasons else None),)))
        self._generation = NO_GENERATION
        self._set_state(M.UNJOINED)
        self._needs_join_prepare = True
        self._request_rejoin(LEAVING_REASON)

    def _halt(self) -> None:
        """Stop every timer and the application."""
        for timer in (self._thread_timer, self._poll_timer, self._retry_timer):
            TimerQueue.cancel(timer)
        self._thread_timer = self._poll_timer = self._retry_timer = None
        for kind in (RequestKind.JOIN, RequestKind.SYNC):
            self._drop_in_flight(kind)
        self._phase = AppPhase.STOPPED

    def _fatal(self, error: str, where: str) -> None:
        """An exception out of poll(): the simulated application stops."""
        if self._stopped is not None:
            return
        self._fatal_error = error
        self._event("fatal", error=error, detail=where)
        self._halt()
        self._stopped = "fatal"

    def _request_rejoin(self, reason: str) -> None:
        """``requestRejoin``: 3.0+ log "Request joining group due to: <reason>".  The poll
        loop acts on it when the caller is done (``_drive`` / ``_kick``)."""
        self._rejoin_needed = True
        self._rejoin_reason = reason

    # == offset commits (enable.auto.commit) =====================================================

    def _maybe_auto_commit(self, *, force: bool = False) -> None:
        """``maybeAutoCommitOffsetsAsync``, at the end of a poll that found the group active
        (``force``: the synchronous commit of close()).  The offsets are synthetic — each owned
        partition at the number of polls so far — since fetching is not modelled."""
        if not self.auto_commit or (not force and self.now < self._next_auto_commit):
            return
        if not force:
            self._next_auto_commit = self.now + self.auto_commit_interval_ms
        gen = self._generation
        # generationIfStable(): no request while rebalancing; none without offsets
        if self._state is not M.STABLE or not self._owned or not self._coordinator_known:
            return
        self._commits_sent.append(gen)
        self._send(OffsetCommit(self.group, self.name, gen.member_id, gen.generation, self.instance_id,
                                {p: self._polls for p in self._owned}))

    def _on_commit_response(self, r: Response) -> None:
        """``OffsetCommitResponseHandler`` for an asynchronous auto-commit: failures are logged
        by its callback, and change the member as below."""
        if not self._commits_sent:
            return
        sent = self._commits_sent.popleft()
        error = r.error
        if error == "NONE":
            return
        self._event("commit_failed", error=error)
        if error in _COORDINATOR_ERRORS or error == "REQUEST_TIMED_OUT":
            self._mark_coordinator_unknown(f"error response {error}", error)
        elif error == "REBALANCE_IN_PROGRESS" and self._cooperative_api:
            # 2.4+: rejoin, keeping the generation (before: reset like UNKNOWN_MEMBER_ID)
            self._request_rejoin("offset commit failed since group is already rebalancing")
        elif error in ("UNKNOWN_MEMBER_ID", "ILLEGAL_GENERATION", "REBALANCE_IN_PROGRESS"):
            if not (self._split and self._generation != sent and self._state is M.PREPARING_REBALANCE):
                self._reset_on_error(RequestKind.COMMIT, error)
        elif error == "FENCED_INSTANCE_ID" and self._generation == sent:
            self._pending_failure = (error, "OffsetCommit")  # the next poll throws FencedInstanceIdException
        self._arm_thread()
        self._kick()

    # == the heartbeat thread (KIP-62) and the pre-KIP-62 heartbeat task ======================

    def _thread_enabled(self) -> bool:
        if self._stopped is not None or self._pending_failure is not None:
            return False
        if self._split:
            return not self._state.has_not_joined()
        return self._state is M.STABLE

    def _arm_thread(self) -> None:
        """Keep one timer for the heartbeat thread's next wake-up."""
        due: int | None = None
        if self._stopped is None:
            if not self._kip62:
                if self._in_poll() and self._state is M.STABLE and not self._rejoin_needed:
                    due = self._heartbeat.heartbeat_deadline
            elif self._thread_enabled():
                if not self._coordinator_known:
                    due = self._unknown_since + self.retry_backoff_ms
                else:
                    due = self._heartbeat.next_deadline(with_poll=not self._in_poll())
        timer = self._thread_timer
        if timer is not None and timer.live and timer.deadline == max(due or 0, self.now):
            return
        TimerQueue.cancel(timer)
        self._thread_timer = None
        if due is not None:
            self._thread_timer = self.timers.arm(due - self.now, f"{self.name}:heartbeat", self._thread_wake)

    def _thread_wake(self) -> None:
        self._thread_timer = None
        if not self._kip62:
            self._heartbeat_task()
            self._arm_thread()
            return
        if not self._thread_enabled():
            return
        now, hb = self.now, self._heartbeat
        if not self._coordinator_known:
            if now < self._unknown_since + self.retry_backoff_ms:
                self._arm_thread()
                return
            self._discover_coordinator()  # the FindCoordinator it sent has been answered
        if self._in_poll():
            hb.poll(now)  # an application inside poll() keeps its poll timer fresh
        if hb.session_timeout_expired(now):
            self._mark_coordinator_unknown("session timed out without receiving a heartbeat response")
        elif hb.poll_timeout_expired(now):
            self._poll_timed_out()
        elif hb.should_heartbeat(now):
            self._send_heartbeat()
        self._arm_thread()

    def _poll_timed_out(self) -> None:
        # "consumer poll timeout has expired. This means the time between subsequent calls to
        # poll() was longer than the configured max.poll.interval.ms, ..."
        self._event("poll_timeout")
        self._maybe_leave_group(POLL_TIMEOUT_REASON)

    def _heartbeat_task(self) -> None:
        """0.10.0 ``HeartbeatTask``: runs only inside poll()."""
        gen = self._generation
        if (gen.generation < 0 or self._rejoin_needed or not self._coordinator_known
                or self._state is not M.STABLE):
            return
        now = self.now
        if self._heartbeat.session_timeout_expired(now):
            self._mark_coordinator_unknown("session timed out without receiving a heartbeat response")
        elif self._heartbeat.should_heartbeat(now):
            self._send_heartbeat()
        self._arm_thread()

    def _send_heartbeat(self) -> None:
        gen = self._generation
        self._heartbeat.sent_heartbeat(self.now)
        self._heartbeat_sent = gen
        self._send(HeartbeatRequest(self.group, self.name, gen.member_id, gen.generation, self.instance_id))

    def _on_heartbeat_response(self, r: Response) -> None:
        """``HeartbeatResponseHandler`` and the heartbeat thread's listener."""
        sent = self._heartbeat_sent
        if sent is None:
            return
        self._heartbeat_sent = None
        now, hb, error = self.now, self._heartbeat, r.error
        if error == "NONE":
            hb.receive_heartbeat(now)
        elif error in _COORDINATOR_ERRORS:
            # "Attempt to heartbeat failed since coordinator ... is either not started or not valid"
            self._event("heartbeat_failed", error=error)
            self._mark_coordinator_unknown(f"error response {error}", error)
            hb.fail_heartbeat(now)
        elif error == "REBALANCE_IN_PROGRESS":
            # a heartbeat answered REBALANCE_IN_PROGRESS still counts for the session
            hb.receive_heartbeat(now)
            if not self._split or self._state is M.STABLE:  # ignored in COMPLETING_REBALANCE (2.7+)
                self._event("heartbeat_failed", error=error)
                self._request_rejoin("group is already rebalancing")
        elif error in ("ILLEGAL_GENERATION", "UNKNOWN_MEMBER_ID") or (
                error == "FENCED_INSTANCE_ID" and self._split):
            if self._split and self._generation != sent:
                hb.receive_heartbeat(now)  # a stale generation's answer is ignored (2.7+)
            else:
                self._event("heartbeat_failed", error=error)
                self._reset_on_error(RequestKind.HEARTBEAT, error)
                if error == "FENCED_INSTANCE_ID":
                    self._pending_failure = (error, "Heartbeat")  # the thread dies; poll() rethrows
                else:
                    hb.fail_heartbeat(now)
        elif error == "FENCED_INSTANCE_ID":
            # 2.3 .. 2.6: "Received fatal exception: group.instance.id gets fenced"
            self._event("heartbeat_failed", error=error)
            self._pending_failure = (error, "Heartbeat")
        else:
            # authorization or unexpected errors: the heartbeat is retried after a backoff
            self._event("heartbeat_failed", error=error)
            hb.fail_heartbeat(now)
        self._arm_thread()
        self._kick()

    # == state and events ========================================================================

    def _set_state(self, target: MemberState) -> None:
        source = self._state
        if target is source:
            return
        if source not in self._table.get(target, frozenset()):
            raise IllegalClientTransition(self.name, source, target, self._table)
        was_enabled = self._thread_enabled()
        self._state = target
        self._event("state", from_state=source.value, to_state=target.value)
        if self._kip62 and not was_enabled and self._thread_enabled():
            self._heartbeat.reset_timeouts(self.now)  # HeartbeatThread.enable()
        elif not self._kip62 and target is M.STABLE:
            self._heartbeat.reset_timeouts(self.now)  # 0.10.0: heartbeatTask.reset() on join
        self._arm_thread()

    def _event(self, what: str, **fields: Any) -> None:
        gen = self._generation
        fields.setdefault("member_id", gen.member_id)
        fields.setdefault("generation", gen.generation)
        self._emit(ClientEvent(self.now, client=self.name, what=what, group=self.group, **fields))


_API: Mapping[RequestKind, str] = MappingProxyType({
    RequestKind.JOIN: "JOIN_GROUP", RequestKind.SYNC: "SYNC_GROUP", RequestKind.HEARTBEAT: "HEARTBEAT",
    RequestKind.COMMIT: "OFFSET_COMMIT",
})
