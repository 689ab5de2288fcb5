"""The broker's classic group coordinator, sans I/O.

Everything that decides what the coordinator answers lives in this file: a restatement of
Kafka's ``GroupCoordinator.scala`` (0.10.0 to 3.9, with ``DelayedJoin`` / ``InitialDelayedJoin`` /
``DelayedSync`` / ``DelayedHeartbeat``) and of the classic-group paths of the Java
``GroupMetadataManager`` that replaced it in 4.0.  Each behaviour that changed across versions
is gated by a :class:`~kafka_forensics.engine.profiles.Switch` of the profile, which cites the
version or KIP.

Theory of operation
-------------------
* :meth:`GroupCoordinator.handle` takes one request.  It answers at once, or *parks* it (a
  JoinGroup waiting for the join phase, a SyncGroup waiting for the leader's assignment): the
  member holds the caller's ``client`` handle and the coordinator answers it later, exactly
  once.  Every answer is a :class:`Response` effect; every state change a ``StateChanged``.
* Kafka's delayed operations are timers on the shared :class:`TimerQueue`, with Kafka's
  "try-complete-else-watch" semantics: when a delayed operation is created its completion
  condition is evaluated and, if it holds, it completes at once (no timer); the coordinator
  re-checks it where Kafka calls ``checkAndComplete``; on expiry it completes.  An
  ``InitialDelayedJoin`` never completes early.  A member's DelayedHeartbeat is re-armed by
  cancelling it and arming a new one at ``now + timeout``.
* Nothing here reads a clock or iterates a hash-ordered collection: member order is the order
  members were added, groups are kept in the order they were created, so the same requests
  always give the same effects.
* The coordinator keeps what the ``__consumer_offsets`` log would hold (the last group
  metadata record of each group and its committed offsets) so that ``CoordinatorUnload`` /
  ``CoordinatorLoad`` bring back what Kafka would load.

Where the 4.0 Java coordinator behaves differently from the Scala one (switch
``NEW_GROUP_COORDINATOR``): it never completes the join phase early while the group's
previous state was Empty (its "initial rebalance"), but a member removed during
PreparingRebalance completes the join at once when everyone left has joined; a batch
LeaveGroup starts one rebalance for all its members; a SyncGroup in Stable does not re-arm
the heartbeat; and its log wording differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..config import Config
from ..effects import (
    CoordinatorChanged,
    Effect,
    Finding,
    MemberAdded,
    MemberRemoved,
    RemovalReason,
    Response,
    StateChanged,
)
from ..errors import ErrorCode
from ..profiles import Profile, Switch
from ..timers import Timer, TimerQueue
from .group import Group, GroupView, JoinOperation, PersistedGroup
from .member import Member
from .member_ids import MemberIdGenerator
from .placement import coordinator_partition
from .requests import (
    Assignment,
    CoordinatorControl,
    CoordinatorLoad,
    CoordinatorUnload,
    DeleteGroup,
    DescribeGroup,
    FailAppend,
    GroupRequest,
    Heartbeat,
    JoinGroup,
    LeaveGroup,
    LeaveMember,
    ListGroups,
    OffsetCommit,
    OffsetFetch,
    RequestKind,
    SyncGroup,
)
from .states import GroupState, can_rebalance, is_legal

E = ErrorCode
S = GroupState
#: (a module constant is read faster than an enum member: the fast paths test it per request)
_STABLE = GroupState.STABLE
#: Response's cheap constructor (effects.py, ``_cheap_init``): every request ends in one
_response: Callable[..., Response] = Response.build  # type: ignore[attr-defined]

#: error names, looked up without the enum's property machinery (hot paths)
_NAME: Mapping[ErrorCode, str] = {e: e.name for e in ErrorCode}

#: KAFKA-7610 (``GroupCoordinator.NewMemberJoinTimeoutMs``): a new member's JoinGroup is timed
#: out after 5 minutes, whatever its session timeout.
NEW_MEMBER_JOIN_TIMEOUT_MS = 5 * 60 * 1000

_JOIN = RequestKind.JOIN.value
_SYNC = RequestKind.SYNC.value
_HEARTBEAT = RequestKind.HEARTBEAT.value
_LEAVE = RequestKind.LEAVE.value
_COMMIT = RequestKind.COMMIT.value

#: ``GroupMetadataManager.storeGroup``: how a failed append of the group metadata record is
#: reported to the members (errors not listed are passed on unchanged).
_APPEND_ERROR: Mapping[str, ErrorCode] = {
    "UNKNOWN_TOPIC_OR_PARTITION": E.COORDINATOR_NOT_AVAILABLE,
    "NOT_ENOUGH_REPLICAS": E.COORDINATOR_NOT_AVAILABLE,
    "NOT_ENOUGH_REPLICAS_AFTER_APPEND": E.COORDINATOR_NOT_AVAILABLE,
    "NOT_LEADER_OR_FOLLOWER": E.NOT_COORDINATOR,
    "KAFKA_STORAGE_ERROR": E.NOT_COORDINATOR,
    "REQUEST_TIMED_OUT": E.REBALANCE_IN_PROGRESS,
    "MESSAGE_TOO_LARGE": E.UNKNOWN_SERVER_ERROR,
    "RECORD_LIST_TOO_LARGE": E.UNKNOWN_SERVER_ERROR,
    "INVALID_FETCH_SIZE": E.UNKNOWN_SERVER_ERROR,
}


def append_error_to_response(error: ErrorCode) -> ErrorCode:
    """The error members see when the group metadata append failed with ``error``."""
    return _APPEND_ERROR.get(error.name, error)


def _scala_option(value: str | None) -> str:
    return "None" if value is None else f"Some({value})"


class _Wording:
    """The reason texts the coordinator logs with "Preparing to rebalance group ..." (2.3+,
    ``maybePrepareRebalance(group, reason)``), per version.  Before 2.3 nothing was logged;
    those profiles use the 2.5-era wording for the same internal reason."""

    def __init__(self, profile: Profile) -> None:
        v = profile.version
        self.java = profile.has(Switch.NEW_GROUP_COORDINATOR)
        self.client_reason = profile.has(Switch.JOIN_REASON)  # KIP-800 (3.2)
        self.per_state = v >= (2, 7)  # "Member X joining group during S" etc. (2.7.0)
        self.capital_leader = v >= (3, 0)  # "Leader X re-joining" (3.0; "leader" before)
        self.capital_leave = v >= (3, 0)  # "Removing member X on LeaveGroup" (3.0)
        self.instanceid_typo = (2, 3) <= v < (2, 5)  # "group instanceid" (2.3, 2.4)
        self.plain_instance = v >= (3, 0)  # static member reasons print the id, not Some(id) (3.0)
        self.sync_error_named = v >= (3, 4)  # "Error E when storing" (3.4; "Error when" 3.0-3.3)
        self.sync_error_capital = v >= (3, 0)
        self.capacity_interpolated = v >= (3, 1)  # 3.0 and before printed "$groupConfig.groupMaxSize"

    def _client(self, reason: str | None) -> str:
        if not self.client_reason:
            return ""
        return f"; client reason: {reason if reason is not None else 'not provided'}"

    def _instance(self, instance_id: str | None) -> str:
        if self.java:
            return "null" if instance_id is None else instance_id
        return _scala_option(instance_id)

    def add_member(self, member_id: str, instance_id: str | None, reason: str | None) -> str:
        words = "group instanceid" if self.instanceid_typo else "group instance id"
        instance = self._instance(instance_id)
        return f"Adding new member {member_id} with {words} {instance}{self._client(reason)}"

    def member_joining(self, member_id: str, state: str, reason: str | None) -> str:
        if not self.per_state:
            return f"Updating metadata for member {member_id}"
        verb = "is joining" if self.java else "joining"
        return f"Member {member_id} {verb} group during {state}{self._client(reason)}"

    def member_metadata(self, member_id: str, state: str, reason: str | None) -> str:
        if not self.per_state:
            return f"Updating metadata for member {member_id}"
        return f"Updating metadata for member {member_id} during {state}{self._client(reason)}"

    def leader_rejoining(self, member_id: str, state: str, reason: str | None) -> str:
        if not self.per_state:
            return f"Updating metadata for member {member_id}"
        who = "Leader" if self.capital_leader else "leader"
        return f"{who} {member_id} re-joining group during {state}{self._client(reason)}"

    def leave(self, member_id: str, reason: str | None) -> str:
        verb = "Removing" if self.capital_leave else "removing"
        return f"{verb} member {member_id} on LeaveGroup{self._client(reason)}"

    def batch_leave(self, member_ids: list[str]) -> str:
        return f"explicit `LeaveGroup` request for ({', '.join(member_ids)}) members."

    def heartbeat_expired(self, member_id: str) -> str:
        return f"removing member {member_id} on heartbeat expiration" + ("." if self.java else "")

    def sync_store_error(self, error: ErrorCode, member_id: str) -> str:
        if self.java:
            return f"Error {error.name} when storing group assignmentduring SyncGroup (member: {member_id})."
        if self.sync_error_named:
            return f"Error {error.name} when storing group assignment during SyncGroup (member: {member_id})"
        first = "Error" if self.sync_error_capital else "error"
        return f"{first} when storing group assignment during SyncGroup (member: {member_id})"

    def _static_instance(self, instance_id: str) -> str:
        return instance_id if self.plain_instance or self.java else _scala_option(instance_id)

    def static_protocol_change(self, member_id: str, instance_id: str, reason: str | None) -> str:
        return (f"Group's selectedProtocol will change because static member {member_id} with instance id "
                f"{self._static_instance(instance_id)} joined with change of protocol{self._client(reason)}")

    def static_in_completing(self, member_id: str, instance_id: str, reason: str | None) -> str:
        return (f"Updating metadata for static member {member_id} with instance id "
                f"{self._static_instance(instance_id)}{self._client(reason)}")

    def sync_expired(self, member_ids: list[str]) -> str:
        shown = f"[{', '.join(member_ids)}]" if self.java else f"Set({', '.join(member_ids)})"
        return f"Removing {shown} on pending sync request expiration"

    def over_capacity(self, group_id: str, size: int, max_size: int, config: Config) -> str:
        if self.java:
            return (f"Freshly-loaded group {group_id} (size {size}) is over capacity {max_size}. "
                    "Rebalancing in order to give a chance for consumers to commit offsets")
        if self.capacity_interpolated:
            return (f"Freshly-loaded group is over capacity ({max_size}). "
                    "Rebalancing in order to give a chance for consumers to commit offsets")
        # Scala interpolated the case class itself, then the literal text ".groupMaxSize"
        cfg = (f"GroupConfig({config.int('group.min.session.timeout.ms')},"
               f"{config.int('group.max.session.timeout.ms')},{max_size},"
               f"{config.int('group.initial.rebalance.delay.ms', 0)})")
        return (f"Freshly-loaded group is over capacity ({cfg}.groupMaxSize). "
                "Rebalacing in order to give a chance for consumers to commit offsets")


class GroupCoordinator:
    """Kafka's classic group coordinator for one broker (which owns every ``__consumer_offsets``
    partition until a :class:`CoordinatorUnload` says otherwise)."""

    def __init__(self, profile: Profile, config: Config, timers: TimerQueue, emit: Callable[[Effect], None],
                 broker: int = 0) -> None:
        self.profile = profile
        self.config = config
        self.timers = timers
        self._emit = emit
        self.broker = broker
        self._ids = MemberIdGenerator(broker)
        self._words = _Wording(profile)
        self._groups: dict[str, Group] = {}
        #: committed offsets of each group, as the coordinator's cache holds them
        self._offsets: dict[str, dict[str, int]] = {}
        #: what the ``__consumer_offsets`` log holds: the last group record, the offsets
        self._persisted: dict[str, PersistedGroup] = {}
        self._persisted_offsets: dict[str, dict[str, int]] = {}
        self._unowned: set[int] = set()
        self._epochs: dict[int, int] = {}
        self._fail_next_append: ErrorCode | None = None
        self._partition_cache: dict[str, int] = {}
        self._partition_count = -1
        has = profile.has
        # -- behaviour switches (looked up once: the request paths are hot) ------------------
        self._empty_state = has(Switch.EMPTY_STATE)
        self._kip62 = has(Switch.REBALANCE_TIMEOUT)
        self._initial_delay = has(Switch.INITIAL_REBALANCE_DELAY)
        self._member_id_required = has(Switch.MEMBER_ID_REQUIRED)
        self._max_size = has(Switch.GROUP_MAX_SIZE)
        self._max_size_by_awaiting = has(Switch.GROUP_MAX_SIZE_BY_AWAITING)
        self._new_member_timeout = has(Switch.NEW_MEMBER_JOIN_TIMEOUT)
        self._static = has(Switch.STATIC_MEMBERSHIP)
        self._reelect = has(Switch.JOINED_LEADER_REELECTION)
        self._batch_leave = has(Switch.BATCH_LEAVE)
        self._dead_error = E.COORDINATOR_NOT_AVAILABLE if has(Switch.DEAD_GROUP_NOT_AVAILABLE) \
            else E.UNKNOWN_MEMBER_ID
        self._protocol_fields = has(Switch.PROTOCOL_IN_RESPONSES)
        self._heartbeat_in_completing = has(Switch.HEARTBEAT_IN_COMPLETING)
        self._sync_timeout = has(Switch.SYNC_TIMEOUT)
        self._skip_assignment = has(Switch.SKIP_ASSIGNMENT)
        self._join_reason = has(Switch.JOIN_REASON)
        self._txn_commits = has(Switch.TXN_OFFSET_COMMIT)
        self._delete_groups = has(Switch.DELETE_GROUPS)
        self._commit_member_first = has(Switch.COMMIT_CHECKS_MEMBER_FIRST)
        self._txn_checks_member = has(Switch.TXN_COMMIT_CHECKS_MEMBER)
        self._static_rebalances_completing = has(Switch.STATIC_REJOIN_REBALANCES_COMPLETING)
        self._static_persisted = has(Switch.STATIC_REJOIN_PERSISTED)
        self._static_timeouts = has(Switch.STATIC_REJOIN_UPDATES_TIMEOUTS)
        self._java = has(Switch.NEW_GROUP_COORDINATOR)
        #: KIP-394 (2.2) made error JoinGroup responses carry generation -1 (0 before)
        self._no_generation = -1 if self._member_id_required else 0
        self._handlers: dict[type, Callable[[Any], None]] = {
            JoinGroup: self._handle_join,
            SyncGroup: self._handle_sync,
            Heartbeat: self._handle_heartbeat,
            LeaveGroup: self._handle_leave,
            OffsetCommit: self._handle_commit,
            OffsetFetch: self._handle_offset_fetch,
            DescribeGroup: self._handle_describe,
            ListGroups: self._handle_list_groups,
            DeleteGroup: self._handle_delete,
        }

    # == public API ===========================================================================

    def handle(self, request: GroupRequest) -> None:
        """Take one request; its answer is emitted now or, if parked, later."""
        handler = self._handlers.get(type(request))
        if handler is None:
            raise TypeError(f"the group coordinator takes no {type(request).__name__}")
        handler(request)

    def handler(self, request_type: type) -> Callable[[Any], None] | None:
        """What :meth:`handle` calls for requests of ``request_type`` (None: not a request
        it takes), for a caller that dispatches many requests itself."""
        return self._handlers.get(request_type)

    def emit_to(self, emit: Callable[[Effect], None]) -> None:
        """Send the effects from now on to ``emit``."""
        self._emit = emit

    def control(self, change: CoordinatorControl) -> None:
        """Load or unload a ``__consumer_offsets`` partition, or make the next group metadata
        append fail."""
        if isinstance(change, FailAppend):
            try:
                self._fail_next_append = E[change.error]
            except KeyError:
                raise ValueError(f"{change.error!r} is not a Kafka error name (write it like "
                                 "NOT_ENOUGH_REPLICAS)") from None
        elif isinstance(change, CoordinatorUnload):
            self._unload(change.partition, change.epoch)
        elif isinstance(change, CoordinatorLoad):
            self._load(change.partition, change.epoch)
        else:
            raise TypeError(f"the group coordinator takes no {type(change).__name__}")

    def view(self, group: str) -> GroupView | None:
        g = self._groups.get(group)
        if g is None:
            return None
        return g.view(g.state.kafka_name(self.profile), self._offsets.get(group))

    def groups(self) -> list[str]:
        return list(self._groups)

    def partition_for(self, group: str) -> int:
        """The group's ``__consumer_offsets`` partition (FindCoordinator's mapping)."""
        count = self.config.int("offsets.topic.num.partitions")
        if count != self._partition_count:
            self._partition_cache.clear()
            self._partition_count = count
        p = self._partition_cache.get(group)
        if p is None:
            p = self._partition_cache[group] = coordinator_partition(group, count)
        return p

    # == common ===============================================================================

    def _status(self, group_id: str, allow_empty_id: bool = False) -> ErrorCode | None:
        """``validateGroupStatus``: the group id, and whether this broker coordinates it."""
        if not group_id and not allow_empty_id:
            return E.INVALID_GROUP_ID
        if self._unowned and self.partition_for(group_id) in self._unowned:
            return E.NOT_COORDINATOR
        return None

    def _live(self, group: Group) -> bool:
        return self._groups.get(group.group_id) is group

    def _new_group(self, group_id: str) -> Group:
        # a new group starts Empty from 0.10.1 (KIP-62), Stable before
        group = Group(group_id, self.partition_for(group_id), S.EMPTY if self._empty_state else S.STABLE)
        self._groups[group_id] = group
        return group

    def _transition(self, group: Group, target: GroupState, reason: str | None = None) -> bool:
        source = group.state
        if not is_legal(source, target):
            self._emit(Finding(self.timers.now, "illegal_transition", group.group_id,
                               f"group {group.group_id} cannot go from {source.kafka_name(self.profile)} to "
                               f"{target.kafka_name(self.profile)} (Kafka's validPreviousStates)"))
            return False
        group.previous_state = source
        group.state = target
        self._emit(StateChanged(self.timers.now, group.group_id, source.kafka_name(self.profile),
                                target.kafka_name(self.profile), group.generation, reason, len(group.members),
                                group.partition, group.leader_id if target is S.STABLE else None))
        return True

    def _validate_member(self, group: Group, member_id: str, instance_id: str | None) -> ErrorCode | None:
        """``validateCurrentMember``: a known instance id must map to this member id (else
        FENCED_INSTANCE_ID), an unknown one is UNKNOWN_MEMBER_ID (KIP-345); then the member
        must exist."""
        if instance_id is not None and self._static:
            current = group.static_members.get(instance_id)
            if current is None:
                return E.UNKNOWN_MEMBER_ID
            if current != member_id:
                return E.FENCED_INSTANCE_ID
        if member_id not in group.members:
            return E.UNKNOWN_MEMBER_ID
        return None

    def _store(self, group: Group, assignments: Mapping[str, Assignment] | None = None) -> ErrorCode:
        """Append the group's metadata record; NONE, or the error the members are told."""
        failure = self._fail_next_append
        if failure is not None:
            self._fail_next_append = None
            return append_error_to_response(failure)
        self._persisted[group.group_id] = group.record(assignments)
        return E.NONE

    def _dropped(self, group: Group, client: str, kind: str, why: str) -> None:
        """A parked request Kafka drops without an answer (its callback was overwritten or its
        member removed); reported so that no parked request disappears silently."""
        self._emit(Finding(self.timers.now, "request_dropped", group.group_id,
                           f"the {kind} request of {client} is never answered: {why}", client, kind))

    # -- responses ----------------------------------------------------------------------------

    def _join_error(self, client: str, group_id: str, member_id: str, error: ErrorCode) -> None:
        self._emit(_response(self.timers.now, client, _JOIN, _NAME[error], group_id, self._no_generation,
                             member_id, "", (), None, None if self._protocol_fields else "",
                             False if self._skip_assignment else None))

    def _join_answer(self, group: Group, client: str, member_id: str, members: tuple[str, ...],
                     leader: str | None, skip: bool = False) -> None:
        metadata = None
        if members and group.protocol_name is not None:
            metadata = tuple((m, group.members[m].instance_id, group.members[m].metadata(group.protocol_name))
                             for m in members if m in group.members)
        self._emit(_response(self.timers.now, client, _JOIN, "NONE", group.group_id, group.generation,
                             member_id, leader or "", members,
                             group.protocol_type if self._protocol_fields else None,
                             group.protocol_name, skip if self._skip_assignment else None,
                             member_metadata=metadata))

    def _sync_answer(self, group_id: str, client: str, error: ErrorCode, group: Group | None = None,
                     assignment: Assignment = ()) -> None:
        protocol_type = protocol_name = None
        if group is not None and self._protocol_fields and error is E.NONE:  # KIP-559 (2.5)
            protocol_type, protocol_name = group.protocol_type, group.protocol_name
        self._emit(_response(self.timers.now, client, _SYNC, _NAME[error], group_id,
                             protocol_type=protocol_type, protocol_name=protocol_name, assignment=assignment))

    def _answer(self, client: str, kind: str, group_id: str | None, error: ErrorCode) -> None:
        self._emit(_response(self.timers.now, client, kind, _NAME[error], group_id))

    # -- heartbeats ---------------------------------------------------------------------------

    def _schedule_heartbeat(self, group: Group, member: Member, timeout_ms: int) -> None:
        """``completeAndScheduleNextExpiration``: complete the member's DelayedHeartbeat and arm
        the next at now + ``timeout_ms``.  Kafka's new one completes at once (no timer) when the
        member already satisfies it: not new and with a parked JoinGroup or SyncGroup."""
        timer = member.heartbeat
        member.heartbeat = None
        if not self._java and not member.is_new and (
                member.join_client is not None or member.sync_client is not None):
            if timer is not None:
                timer.live = False
            return
        action = member.expire
        if action is None:
            action = member.expire = self._expiry(group, member)
        # (cleared above: a mock timer without delay fires at once, and the expiry clears it)
        member.heartbeat = self.timers.rearm(timer, timeout_ms, "DelayedHeartbeat", action)

    def _expiry(self, group: Group, member: Member) -> Callable[[], None]:
        """The action of the member's DelayedHeartbeats.  (Made here, not by a lambda in
        :meth:`_schedule_heartbeat`: that would turn its variables into cells on every call.)"""
        member_id = member.member_id
        return lambda: self._heartbeat_expired(group, member, member_id)

    def _heartbeat_expired(self, group: Group, member: Member, member_id: str) -> None:
        """``onExpireHeartbeat``: remove the member unless it satisfies the heartbeat."""
        if not self._live(group) or group.members.get(member_id) is not member:
            return
        member.heartbeat = None
        if not member.has_satisfied_heartbeat():
            reason = RemovalReason.JOIN_TIMEOUT if member.is_new else RemovalReason.SESSION_TIMEOUT
            self._remove_member_and_update(group, member, self._words.heartbeat_expired(member_id), reason)

    @staticmethod
    def _cancel_heartbeat(member: Member) -> None:
        if member.heartbeat is not None:
            member.heartbeat.live = False
            member.heartbeat = None

    def _pending_expired(self, group: Group, member_id: str) -> None:
        """A MEMBER_ID_REQUIRED id whose owner did not join within its session timeout (ids are
        never reused, so a pending id still there is the one this timer was armed for)."""
        if not self._live(group) or member_id not in group.pending:
            return
        group.remove(member_id)
        self._emit(MemberRemoved(self.timers.now, group.group_id, member_id, RemovalReason.PENDING_EXPIRED,
                                 generation=group.generation))
        if group.state is S.PREPARING_REBALANCE:
            self._after_removal_in_join_phase(group)

    # -- the join phase -----------------------------------------------------------------------

    def _rebalance_timeout(self, group: Group) -> int:
        # before 0.10.1 (KIP-62) the join phase ran on the largest session timeout
        return group.rebalance_timeout_ms(by_session=not self._kip62)

    def _maybe_prepare_rebalance(self, group: Group, reason: str) -> None:
        if can_rebalance(group.state):
            self._prepare_rebalance(group, reason)
        elif self._java and group.state is S.PREPARING_REBALANCE:
            self._check_join(group)

    def _prepare_rebalance(self, group: Group, reason: str) -> None:
        """``prepareRebalance``: parked syncs get REBALANCE_IN_PROGRESS, the sync timer goes,
        the group moves to PreparingRebalance and the join phase is armed (from Empty: the
        initial delay, KIP-134)."""
        if group.state is S.COMPLETING_REBALANCE:
            self._reset_and_propagate_error(group, E.REBALANCE_IN_PROGRESS)
        self._remove_sync_expiration(group)
        rebalance_timeout = self._rebalance_timeout(group)
        if group.state is S.EMPTY and self._initial_delay:
            delay = self.config.int("group.initial.rebalance.delay.ms")
            op = JoinOperation(True, delay, max(rebalance_timeout - delay, 0), delay)
        else:
            op = JoinOperation(False, rebalance_timeout)
        if not self._transition(group, S.PREPARING_REBALANCE, reason):
            return
        self._watch_join(group, op)

    def _watch_join(self, group: Group, op: JoinOperation) -> None:
        """``tryCompleteElseWatch`` of a DelayedJoin / InitialDelayedJoin."""
        old = group.join_op
        if old is not None and old.timer is not None:
            old.timer.live = False
        group.join_op = op
        if not op.initial and group.has_all_members_joined() and not self._java_initial(group):
            group.join_op = None
            self._complete_join(group)
            return
        name = "InitialDelayedJoin" if op.initial else "DelayedJoin"
        op.timer = self.timers.arm(op.delay_ms, name, lambda: self._join_expired(group, op))

    def _java_initial(self, group: Group) -> bool:
        """The Java coordinator's "initial rebalance": no early completion while the group's
        previous state was Empty (``maybeCompleteJoinPhase``)."""
        return self._java and group.previous_state is S.EMPTY

    def _check_join(self, group: Group) -> None:
        """``checkAndComplete`` of the group's join operation."""
        op = group.join_op
        if op is None or op.initial or group.state is not S.PREPARING_REBALANCE:
            return
        if self._java_initial(group):
            return
        if group.has_all_members_joined():
            if op.timer is not None:
                op.timer.live = False
            group.join_op = None
            self._complete_join(group)

    def _after_removal_in_join_phase(self, group: Group) -> None:
        """A member or pending id left during PreparingRebalance: the Scala coordinator
        re-checks the join operation; the Java one completes the join phase outright when all
        remaining members have joined, even in its initial rebalance."""
        if self._java:
            if group.has_all_members_joined():
                op = group.join_op
                if op is not None and op.timer is not None:
                    op.timer.live = False
                group.join_op = None
                self._complete_join(group)
        else:
            self._check_join(group)

    def _join_expired(self, group: Group, op: JoinOperation) -> None:
        if not self._live(group) or group.join_op is not op:
            return
        op.timer = None
        if op.initial and group.new_member_added and op.remaining_ms != 0:
            # KIP-134: every member added during the initial delay buys another delay period,
            # bounded by the rebalance timeout
            group.new_member_added = False
            delay = min(op.configured_ms, op.remaining_ms)
            remaining = max(op.remaining_ms - op.delay_ms, 0)
            self._watch_join(group, JoinOperation(True, delay, remaining, op.configured_ms))
            return
        group.join_op = None
        self._complete_join(group)

    def _complete_join(self, group: Group) -> None:
        """``onCompleteJoin``: drop the dynamic members that did not rejoin, (re-)elect the
        leader, start the next generation and answer every parked JoinGroup."""
        for member in group.not_yet_rejoined():
            if self._static and member.is_static:
                continue  # KAFKA-8220 (2.3): static members survive a missed rejoin
            group.remove(member.member_id)
            self._cancel_heartbeat(member)
            self._emit(MemberRemoved(self.timers.now, group.group_id, member.member_id,
                                     RemovalReason.REBALANCE_TIMEOUT, member.client, member.instance_id,
                                     group.generation))
        if group.state is S.DEAD:
            return
        if not self._empty_state and not group.members:
            # 0.10.0: a group without members dies and is removed at the end of its join phase
            self._transition(group, S.DEAD)
            self._forget_group(group, keep_offsets=True)
            return
        if self._reelect and not group.maybe_elect_new_joined_leader() and group.members:
            # only static members that did not rejoin are left: wait another rebalance timeout
            self._watch_join(group, JoinOperation(False, self._rebalance_timeout(group)))
            return
        self._init_next_generation(group)
        if group.state is S.EMPTY:
            self._store(group)  # a failure is only logged by Kafka
            return
        if group.state is not S.COMPLETING_REBALANCE:
            return
        leader = group.leader_id
        everyone = tuple(group.members)
        for member in list(group.members.values()):
            client = group.take_join(member)
            if client is not None:
                member_id = member.member_id
                self._join_answer(group, client, member_id, everyone if member_id == leader else (), leader)
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
            member.is_new = False
            group.pending_sync[member.member_id] = None
        if self._sync_timeout:
            self._schedule_pending_sync(group)

    def _init_next_generation(self, group: Group) -> None:
        group.generation += 1
        if group.members:
            group.protocol_name = group.select_protocol()
            self._transition(group, S.COMPLETING_REBALANCE)
        else:
            group.protocol_name = None
            self._transition(group, S.EMPTY)
        group.pending_sync.clear()

    # -- the sync phase (3.0+, KAFKA-12890) ---------------------------------------------------

    def _schedule_pending_sync(self, group: Group) -> None:
        if group.sync_timer is not None:
            group.sync_timer.live = False
        group.sync_timer = None
        if not group.pending_sync:
            return
        generation = group.generation
        box: list[Timer] = []
        box.append(self.timers.arm(self._rebalance_timeout(group), "DelayedSync",
                                   lambda: self._sync_expired(group, generation, box)))
        if box[0].live:
            group.sync_timer = box[0]

    def _remove_pending_sync_member(self, group: Group, member_id: str) -> None:
        group.pending_sync.pop(member_id, None)
        if not group.pending_sync and group.sync_timer is not None:
            group.sync_timer.live = False
            group.sync_timer = None

    def _remove_sync_expiration(self, group: Group) -> None:
        group.pending_sync.clear()
        if group.sync_timer is not None:
            group.sync_timer.live = False
            group.sync_timer = None

    def _sync_expired(self, group: Group, generation: int, box: list[Timer]) -> None:
        """``onExpirePendingSync``: members that did not SyncGroup within the rebalance timeout
        are removed and the group rebalances."""
        if not self._live(group) or (box and group.sync_timer is not box[0]):
            return
        group.sync_timer = None
        if generation != group.generation or group.state not in (S.COMPLETING_REBALANCE, S.STABLE):
            return
        if not group.pending_sync:
            return
        laggards = list(group.pending_sync)
        for member_id in laggards:
            member = group.remove(member_id)
            if member is not None:
                self._cancel_heartbeat(member)
                self._emit(MemberRemoved(self.timers.now, group.group_id, member_id,
                                         RemovalReason.SYNC_TIMEOUT, member.client, member.instance_id,
                                         group.generation))
        self._prepare_rebalance(group, self._words.sync_expired(laggards))

    def _propagate(self, group: Group, error: ErrorCode) -> None:
        """``propagateAssignment``: answer every parked SyncGroup and re-arm its heartbeat."""
        for member in list(group.members.values()):
            client = group.take_sync(member)
            if client is not None:
                self._sync_answer(group.group_id, client, error, group, member.assignment)
                self._schedule_heartbeat(group, member, member.session_timeout_ms)

    def _reset_and_propagate_error(self, group: Group, error: ErrorCode) -> None:
        for member in group.members.values():
            member.assignment = ()
        self._propagate(group, error)

    # -- membership changes -------------------------------------------------------------------

    def _remove_member_and_update(self, group: Group, member: Member, reason: str,
                                  why: RemovalReason) -> None:
        """``removeMemberAndUpdateGroup``: a parked JoinGroup gets UNKNOWN_MEMBER_ID first (a
        new member timing out while the rebalance is delayed), then the member goes and the
        group reacts by its state."""
        join_client = group.take_join(member)
        if join_client is not None:
            self._join_error(join_client, group.group_id, "", E.UNKNOWN_MEMBER_ID)
        sync_client = group.take_sync(member)
        if sync_client is not None:
            self._dropped(group, sync_client, _SYNC, f"member {member.member_id} was removed while it waited")
        self._take_out(group, member, why)
        state = group.state
        if state is S.STABLE or state is S.COMPLETING_REBALANCE:
            self._maybe_prepare_rebalance(group, reason)
        elif state is S.PREPARING_REBALANCE:
            self._after_removal_in_join_phase(group)

    def _take_out(self, group: Group, member: Member, why: RemovalReason) -> None:
        group.remove(member.member_id)
        self._cancel_heartbeat(member)
        self._emit(MemberRemoved(self.timers.now, group.group_id, member.member_id, why, member.client,
                                 member.instance_id, group.generation))

    def _add_member(self, group: Group, member_id: str, r: JoinGroup) -> None:
        """``addMemberAndRebalance``: the member is created (its JoinGroup parked), put on the
        5-minute new-member join timeout (KAFKA-7610), and the group rebalances."""
        instance_id = r.instance_id if self._static else None
        rebalance_timeout = r.rebalance_timeout_ms if self._kip62 else r.session_timeout_ms
        member = Member(member_id, instance_id, r.client, r.client_id, r.client_host, rebalance_timeout,
                        r.session_timeout_ms, r.protocol_type, r.protocols)
        member.is_new = self._new_member_timeout
        if group.state is S.PREPARING_REBALANCE and (
                group.previous_state is S.EMPTY if self._java else group.generation == 0):
            group.new_member_added = True
        pending_timer = group.pending.get(member_id)
        if pending_timer is not None:
            pending_timer.live = False
        group.add(member, r.client)
        self._emit(MemberAdded(self.timers.now, group.group_id, member_id, r.client, instance_id, r.client_id,
                               r.client_host, r.session_timeout_ms, rebalance_timeout,
                               r.reason if self._join_reason else None))
        if self._new_member_timeout:
            self._schedule_heartbeat(group, member, NEW_MEMBER_JOIN_TIMEOUT_MS)
        self._maybe_prepare_rebalance(group, self._words.add_member(member_id, instance_id, r.reason))

    def _update_member_and_rebalance(self, group: Group, member: Member, r: JoinGroup, reason: str) -> None:
        self._park_join(group, member, r, r.protocols, r.rebalance_timeout_ms if self._kip62 else
                        r.session_timeout_ms, r.session_timeout_ms)
        self._maybe_prepare_rebalance(group, reason)

    def _park_join(self, group: Group, member: Member, r: JoinGroup, protocols: tuple,
                   rebalance_timeout: int, session_timeout: int) -> None:
        previous = member.join_client
        if previous is not None:
            self._dropped(group, previous, _JOIN, f"member {member.member_id} joined again while it waited")
        member.client = r.client
        group.update_member(member, protocols, rebalance_timeout, session_timeout, r.client)

    # == JoinGroup ===========================================================================

    def _handle_join(self, r: JoinGroup) -> None:
        error = self._status(r.group)
        if error is not None:
            self._join_error(r.client, r.group, r.member_id, error)
            return
        if not (self.config.int("group.min.session.timeout.ms") <= r.session_timeout_ms
                <= self.config.int("group.max.session.timeout.ms")):
            self._join_error(r.client, r.group, r.member_id, E.INVALID_SESSION_TIMEOUT)
            return
        unknown = r.member_id == ""
        group = self._groups.get(r.group)
        if group is None:
            if not unknown:
                self._join_error(r.client, r.group, r.member_id, E.UNKNOWN_MEMBER_ID)
                return
            group = self._new_group(r.group)
        if self._max_size and not self._accepts(group, r.member_id, unknown):
            self._reject_over_capacity(group, r)
        elif unknown:
            self._join_new_member(group, r)
        else:
            self._join_existing_member(group, r)
        if group.state is S.PREPARING_REBALANCE and self._live(group):
            self._check_join(group)

    def _accepts(self, group: Group, member_id: str, unknown: bool) -> bool:
        """``acceptJoiningMember`` (KIP-389, 2.2; its PreparingRebalance rule KAFKA-9885, 2.6)."""
        max_size = self.config.int("group.max.size")
        if not self._max_size_by_awaiting:
            member = group.members.get(member_id)
            over = len(group.members) > max_size
            return not ((over and member is not None and member.join_client is None)
                        or (unknown and len(group.members) >= max_size))
        state = group.state
        if state is S.EMPTY or state is S.DEAD:
            return True
        member = group.members.get(member_id)
        if state is S.PREPARING_REBALANCE:
            if member is not None and member.join_client is not None:
                return True
            return group.num_awaiting_join < max_size
        return member is not None or len(group.members) < max_size

    def _reject_over_capacity(self, group: Group, r: JoinGroup) -> None:
        pending_timer = group.pending.get(r.member_id)
        member = group.remove(r.member_id)
        if member is not None:
            self._cancel_heartbeat(member)
            self._emit(MemberRemoved(self.timers.now, group.group_id, member.member_id,
                                     RemovalReason.GROUP_MAX_SIZE, member.client, member.instance_id,
                                     group.generation))
        elif pending_timer is not None:
            pending_timer.live = False
            self._emit(MemberRemoved(self.timers.now, group.group_id, r.member_id,
                                     RemovalReason.GROUP_MAX_SIZE, r.client, generation=group.generation))
        self._join_error(r.client, group.group_id, "", E.GROUP_MAX_SIZE_REACHED)

    def _join_new_member(self, group: Group, r: JoinGroup) -> None:
        if group.state is S.DEAD:
            self._join_error(r.client, group.group_id, "", self._dead_error)
            return
        if not group.supports_protocols(r.protocol_type, r.protocols):
            self._join_error(r.client, group.group_id, "", E.INCONSISTENT_GROUP_PROTOCOL)
            return
        instance_id = r.instance_id if self._static else None
        new_id = self._ids.next(instance_id if instance_id is not None else r.client_id)
        if instance_id is not None:
            old_id = group.static_members.get(instance_id)
            if old_id is not None:
                self._replace_static_member(group, instance_id, old_id, new_id, r)
                return
            self._add_member(group, new_id, r)
        elif r.require_known_member_id and self._member_id_required:
            # KIP-394: hand out the id and wait for the member to come back with it
            group.pending[new_id] = None
            timer = self.timers.arm(r.session_timeout_ms, "PendingMemberExpiration",
                                    lambda: self._pending_expired(group, new_id))
            if new_id in group.pending:
                group.pending[new_id] = timer
            self._join_error(r.client, group.group_id, new_id, E.MEMBER_ID_REQUIRED)
        else:
            self._add_member(group, new_id, r)

    def _join_existing_member(self, group: Group, r: JoinGroup) -> None:
        member_id = r.member_id
        if group.state is S.DEAD:
            self._join_error(r.client, group.group_id, member_id, self._dead_error)
            return
        if not group.supports_protocols(r.protocol_type, r.protocols):
            self._join_error(r.client, group.group_id, member_id, E.INCONSISTENT_GROUP_PROTOCOL)
            return
        if member_id in group.pending:
            if r.instance_id is not None and self._static:
                # Kafka throws IllegalStateException: a pending member cannot be static
                self._join_error(r.client, group.group_id, member_id, E.UNKNOWN_SERVER_ERROR)
                return
            self._add_member(group, member_id, r)
            return
        error = self._validate_member(group, member_id, r.instance_id)
        if error is not None:
            self._join_error(r.client, group.group_id, member_id, error)
            return
        member = group.members[member_id]
        state = group.state
        words = self._words
        state_name = state.kafka_name(self.profile)
        if state is S.PREPARING_REBALANCE:
            self._update_member_and_rebalance(group, member, r,
                                              words.member_joining(member_id, state_name, r.reason))
        elif state is S.COMPLETING_REBALANCE:
            if member.matches(r.protocols):
                # the member lost its JoinGroup response: the current generation again
                member.client = r.client
                leader = group.leader_id
                members = tuple(group.members) if member_id == leader else ()
                self._join_answer(group, r.client, member_id, members, leader)
            else:
                self._update_member_and_rebalance(group, member, r,
                                                  words.member_metadata(member_id, state_name, r.reason))
        elif state is S.STABLE:
            if group.is_leader(member_id):
                # the leader's JoinGroup always rebalances (it may have seen a metadata change)
                self._update_member_and_rebalance(group, member, r,
                                                  words.leader_rejoining(member_id, state_name, r.reason))
            elif not member.matches(r.protocols):
                self._update_member_and_rebalance(group, member, r,
                                                  words.member_metadata(member_id, state_name, r.reason))
            else:
                member.client = r.client
                self._join_answer(group, r.client, member_id, (), group.leader_id)
        else:
            self._join_error(r.client, group.group_id, member_id, E.UNKNOWN_MEMBER_ID)

    def _replace_static_member(self, group: Group, instance_id: str, old_id: str, new_id: str,
                               r: JoinGroup) -> None:
        """A static member rejoins with an unknown member id (KIP-345): it replaces its old id,
        whose parked requests are fenced, and keeps its assignment and leadership."""
        current_leader = group.leader_id
        member = group.members[old_id]
        join_client = group.take_join(member)
        if join_client is not None:
            self._join_error(join_client, group.group_id, old_id, E.FENCED_INSTANCE_ID)
        sync_client = group.take_sync(member)
        if sync_client is not None:
            self._sync_answer(group.group_id, sync_client, E.FENCED_INSTANCE_ID)
        old_client = member.client
        group.replace_static_member(instance_id, old_id, new_id)
        member.expire = None  # its expiry action named the old id
        self._cancel_heartbeat(member)
        self._schedule_heartbeat(group, member, member.session_timeout_ms)
        old_protocols = member.protocols
        old_rebalance, old_session = member.rebalance_timeout_ms, member.session_timeout_ms
        if self._static_timeouts:  # KAFKA-14009 (3.4)
            rebalance, session = r.rebalance_timeout_ms, r.session_timeout_ms
        else:
            rebalance, session = old_rebalance, old_session
        member.client = r.client
        group.update_member(member, r.protocols, rebalance, session, r.client)
        state = group.state
        if state is S.STABLE and self._static_persisted:
            if group.protocol_name == group.select_protocol():
                error = self._store(group)
                if error is not E.NONE:
                    # KAFKA-10284: revert to the old id.  The Scala coordinator reads the
                    # "old" protocols after updating them, so only the Java one restores them.
                    group.update_member(member, old_protocols if self._java else member.protocols,
                                        old_rebalance, old_session, None)
                    member.client = old_client
                    group.replace_static_member(instance_id, new_id, old_id)
                    member.expire = None
                    self._schedule_heartbeat(group, member, member.session_timeout_ms)
                    self._emit(_response(self.timers.now, r.client, _JOIN, error.name, group.group_id,
                                         group.generation, "", current_leader or "", (),
                                         group.protocol_type if self._protocol_fields else None,
                                         group.protocol_name, False if self._skip_assignment else None))
                    return
                self._announce_replacement(group, member, old_id, old_client, r)
                client = group.take_join(member)
                if client is None:
                    return
                if r.supports_skip_assignment and self._skip_assignment:
                    # KIP-814: the restarted leader learns it leads but need not assign
                    is_leader = group.is_leader(new_id)
                    self._join_answer(group, client, new_id, tuple(group.members) if is_leader else (),
                                      group.leader_id, skip=is_leader)
                else:
                    # the old leader id, so that a restarted leader does not run the assignor
                    self._join_answer(group, client, new_id, (), current_leader)
            else:
                self._announce_replacement(group, member, old_id, old_client, r)
                self._maybe_prepare_rebalance(
                    group, self._words.static_protocol_change(new_id, instance_id, r.reason))
            return
        self._announce_replacement(group, member, old_id, old_client, r)
        if state is S.COMPLETING_REBALANCE and self._static_rebalances_completing:
            # KAFKA-9801 (2.5): the leader may already be assigning to the old id
            self._prepare_rebalance(group, self._words.static_in_completing(new_id, instance_id, r.reason))
        elif state is S.STABLE or state is S.COMPLETING_REBALANCE:
            # 2.3 - 2.6.0: answered at once with the current generation and the old leader id
            client = group.take_join(member)
            if client is not None:
                self._join_answer(group, client, new_id, (), current_leader)

    def _announce_replacement(self, group: Group, member: Member, old_id: str, old_client: str,
                              r: JoinGroup) -> None:
        self._emit(MemberRemoved(self.timers.now, group.group_id, old_id, RemovalReason.FENCED, old_client,
                                 member.instance_id, group.generation))
        self._emit(MemberAdded(self.timers.now, group.group_id, member.member_id, r.client,
                               member.instance_id, member.client_id, member.client_host,
                               member.session_timeout_ms, member.rebalance_timeout_ms,
                               r.reason if self._join_reason else None))

    # == SyncGroup ===========================================================================

    def _handle_sync(self, r: SyncGroup) -> None:
        error = self._status(r.group)
        if error is not None:
            self._sync_answer(r.group, r.client, error)
            return
        group = self._groups.get(r.group)
        if group is None:
            self._sync_answer(r.group, r.client, E.UNKNOWN_MEMBER_ID)
            return
        error = self._validate_sync(group, r)
        if error is not None:
            self._sync_answer(r.group, r.client, error)
            return
        state = group.state
        if state is S.EMPTY or state is S.DEAD:
            self._sync_answer(r.group, r.client, E.UNKNOWN_MEMBER_ID)
        elif state is S.PREPARING_REBALANCE:
            self._sync_answer(r.group, r.client, E.REBALANCE_IN_PROGRESS)
        elif state is S.COMPLETING_REBALANCE:
            self._sync_in_completing(group, group.members[r.member_id], r)
        else:
            member = group.members[r.member_id]
            self._remove_pending_sync_member(group, r.member_id)
            self._sync_answer(r.group, r.client, E.NONE, group, member.assignment)
            if not self._java:
                self._schedule_heartbeat(group, member, member.session_timeout_ms)

    def _validate_sync(self, group: Group, r: SyncGroup) -> ErrorCode | None:
        if group.state is S.DEAD:
            return self._dead_error
        error = self._validate_member(group, r.member_id, r.instance_id)
        if error is not None:
            return error
        if r.generation != group.generation:
            return E.ILLEGAL_GENERATION
        if self._protocol_fields:
            # KIP-559 (2.5): a given protocol type or name must be the group's
            if r.protocol_type is not None and r.protocol_type != group.protocol_type:
                return E.INCONSISTENT_GROUP_PROTOCOL
            if r.protocol_name is not None and r.protocol_name != group.protocol_name:
                return E.INCONSISTENT_GROUP_PROTOCOL
        return None

    def _sync_in_completing(self, group: Group, member: Member, r: SyncGroup) -> None:
        if member.sync_client is not None:
            self._dropped(group, member.sync_client, _SYNC,
                          f"member {member.member_id} synced again while it waited")
        member.sync_client = r.client
        if not self._kip62:
            # 0.10.0: a parked SyncGroup counted as a heartbeat
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
        self._remove_pending_sync_member(group, member.member_id)
        if not group.is_leader(member.member_id):
            return
        given = r.assignment or {}
        assignment = {m: tuple(given.get(m, ())) for m in group.members}  # missing members: empty
        generation = group.generation
        error = self._store(group, assignment)
        if group.state is not S.COMPLETING_REBALANCE or group.generation != generation:
            return
        if error is not E.NONE:
            self._reset_and_propagate_error(group, error)
            self._maybe_prepare_rebalance(group, self._words.sync_store_error(error, member.member_id))
            return
        for m in group.members.values():
            m.assignment = assignment[m.member_id]
        self._propagate(group, E.NONE)
        self._transition(group, S.STABLE)

    # == Heartbeat ===========================================================================

    def _handle_heartbeat(self, r: Heartbeat) -> None:
        group_id = r.group
        group = self._groups.get(group_id)
        if (group is not None and group.state is _STABLE and r.generation == group.generation
                and r.instance_id is None and group_id and not self._unowned):
            # The steady state, every few seconds per member: a known member of a Stable group
            # at its generation.  Every version answers it NONE and re-arms the member's
            # session (both paths below, by all their checks); the rest takes the full path.
            member = group.members.get(r.member_id)
            if member is not None:
                self._schedule_heartbeat(group, member, member.session_timeout_ms)
                self._emit(_response(self.timers.now, r.client, _HEARTBEAT, "NONE", group_id))
                return
        if not group_id:
            error = E.INVALID_GROUP_ID
        elif self._unowned and self.partition_for(group_id) in self._unowned:
            error = E.NOT_COORDINATOR
        else:
            group = self._groups.get(group_id)
            if group is None:
                error = E.UNKNOWN_MEMBER_ID
            elif self._static:
                error = self._heartbeat(group, r)
            else:
                error = self._legacy_heartbeat(group, r)
        self._emit(_response(self.timers.now, r.client, _HEARTBEAT, _NAME[error], group_id))

    def _heartbeat(self, group: Group, r: Heartbeat) -> ErrorCode:
        """2.3+ (KIP-345): fencing, membership and generation first, then the state."""
        if group.state is S.DEAD:
            return self._dead_error
        error = self._validate_member(group, r.member_id, r.instance_id)
        if error is not None:
            return error
        if r.generation != group.generation:
            return E.ILLEGAL_GENERATION
        state = group.state
        if state is S.STABLE:
            member = group.members[r.member_id]
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
            return E.NONE
        if state is S.PREPARING_REBALANCE:
            # the generation is bumped only when the join phase ends, so the old generation's
            # heartbeats pass and keep the member's session alive
            member = group.members[r.member_id]
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
            return E.REBALANCE_IN_PROGRESS
        if state is S.COMPLETING_REBALANCE:
            if not self._heartbeat_in_completing:
                return E.REBALANCE_IN_PROGRESS
            member = group.members[r.member_id]  # KAFKA-10134 (2.7)
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
            return E.NONE
        return E.UNKNOWN_MEMBER_ID

    def _legacy_heartbeat(self, group: Group, r: Heartbeat) -> ErrorCode:
        """Before 2.3 the state was checked first (0.10.0: anything but Stable is a rebalance)."""
        state = group.state
        if state is S.DEAD or state is S.EMPTY:
            return E.UNKNOWN_MEMBER_ID
        member = group.members.get(r.member_id)
        if not self._kip62:
            if state is not S.STABLE:
                return E.REBALANCE_IN_PROGRESS
        elif state is S.COMPLETING_REBALANCE:
            return E.UNKNOWN_MEMBER_ID if member is None else E.REBALANCE_IN_PROGRESS
        if member is None:
            return E.UNKNOWN_MEMBER_ID
        if r.generation != group.generation:
            return E.ILLEGAL_GENERATION
        self._schedule_heartbeat(group, member, member.session_timeout_ms)
        return E.REBALANCE_IN_PROGRESS if state is S.PREPARING_REBALANCE else E.NONE

    # == LeaveGroup ==========================================================================

    def _handle_leave(self, r: LeaveGroup) -> None:
        if self._batch_leave:
            self._batch_leave_group(r)
        else:
            for leaver in r.members:  # v0-v2 carry one member id
                self._single_leave(r, leaver)

    def _leave_answer(self, r: LeaveGroup, error: ErrorCode, results: tuple[str, ...] | None) -> None:
        """``error`` is the top-level error as on the wire; a batch's per-member errors are
        ``results`` (the Java client folds them with ``LeaveGroupResponse.error()``)."""
        self._emit(_response(self.timers.now, r.client, _LEAVE, error.name, r.group, results=results))

    def _single_leave(self, r: LeaveGroup, leaver: LeaveMember) -> None:
        error = self._status(r.group)
        if error is not None:
            self._leave_answer(r, error, None)
            return
        group = self._groups.get(r.group)
        if group is None or group.state is S.DEAD:
            self._leave_answer(r, E.UNKNOWN_MEMBER_ID, None)
            return
        if leaver.member_id in group.pending:
            self._remove_pending(group, leaver.member_id, r.client)
            self._leave_answer(r, E.NONE, None)
            return
        member = group.members.get(leaver.member_id)
        if member is None:
            self._leave_answer(r, E.UNKNOWN_MEMBER_ID, None)
            return
        self._remove_member_and_update(group, member, self._words.leave(member.member_id, leaver.reason),
                                       RemovalReason.LEAVE)
        self._leave_answer(r, E.NONE, None)

    def _remove_pending(self, group: Group, member_id: str, client: str) -> None:
        timer = group.pending.get(member_id)
        if timer is not None:
            timer.live = False
        group.remove(member_id)
        self._emit(MemberRemoved(self.timers.now, group.group_id, member_id, RemovalReason.LEAVE, client,
                                 generation=group.generation))
        if group.state is S.PREPARING_REBALANCE:
            self._after_removal_in_join_phase(group)

    def _batch_leave_group(self, r: LeaveGroup) -> None:
        """LeaveGroup v3+ (KIP-345, 2.4): members by id or by instance id, one result each."""
        error = self._status(r.group)
        if error is not None:
            self._leave_answer(r, error, ())
            return
        group = self._groups.get(r.group)
        if group is None:
            self._leave_answer(r, E.NONE, tuple("UNKNOWN_MEMBER_ID" for _ in r.members))
            return
        if group.state is S.DEAD:
            self._leave_answer(r, self._dead_error, ())
            return
        results: list[str] = []
        left: list[str] = []
        for leaver in r.members:
            if leaver.member_id == "":
                current = group.static_member_id(leaver.instance_id)
                if current is None:
                    results.append("UNKNOWN_MEMBER_ID")
                    continue
                self._leave_member(group, group.members[current], leaver)
                left.append(leaver.member_id)
                results.append("NONE")
            elif leaver.member_id in group.pending:
                self._remove_pending(group, leaver.member_id, r.client)
                left.append(leaver.member_id)
                results.append("NONE")
            else:
                error = self._validate_member(group, leaver.member_id, leaver.instance_id)
                if error is not None:
                    results.append(error.name)
                    continue
                self._leave_member(group, group.members[leaver.member_id], leaver)
                left.append(leaver.member_id)
                results.append("NONE")
        if self._java and left:
            # the Java coordinator reacts once, after the whole batch
            state = group.state
            if state is S.STABLE or state is S.COMPLETING_REBALANCE:
                self._maybe_prepare_rebalance(group, self._words.batch_leave(left))
            elif state is S.PREPARING_REBALANCE:
                self._check_join(group)
        self._leave_answer(r, E.NONE, tuple(results))

    def _leave_member(self, group: Group, member: Member, leaver: LeaveMember) -> None:
        if not self._java:
            self._remove_member_and_update(group, member, self._words.leave(member.member_id, leaver.reason),
                                           RemovalReason.LEAVE)
            return
        join_client = group.take_join(member)
        if join_client is not None:
            self._join_error(join_client, group.group_id, "", E.UNKNOWN_MEMBER_ID)
        sync_client = group.take_sync(member)
        if sync_client is not None:
            self._dropped(group, sync_client, _SYNC, f"member {member.member_id} left while it waited")
        self._take_out(group, member, RemovalReason.LEAVE)

    # == OffsetCommit / OffsetFetch ===========================================================

    def _handle_commit(self, r: OffsetCommit) -> None:
        group = self._groups.get(r.group)
        if (group is not None and group.state is _STABLE and r.generation == group.generation
                and r.instance_id is None and not r.transactional and not self._unowned):
            # The steady state: a known member of a Stable group commits at its generation.
            # Both commit paths (_member_commit, _legacy_commit) accept it the same way.
            member = group.members.get(r.member_id)
            if member is not None:
                self._schedule_heartbeat(group, member, member.session_timeout_ms)
                self._store_offsets(r.group, r.offsets)
                self._emit(_response(self.timers.now, r.client, _COMMIT, "NONE", r.group))
                return
        error = self._status(r.group, allow_empty_id=True)
        if error is None:
            if r.transactional and not self._txn_commits:
                error = E.UNSUPPORTED_VERSION  # TxnOffsetCommit came with KIP-98 (0.11)
            else:
                error = self._commit(r)
        self._emit(_response(self.timers.now, r.client, _COMMIT, _NAME[error], r.group))

    def _commit(self, r: OffsetCommit) -> ErrorCode:
        group = self._groups.get(r.group)
        if group is None:
            if r.generation >= 0 and not r.transactional:
                return E.ILLEGAL_GENERATION
            if not self._empty_state:
                # 0.10.0: the offsets are stored without a group
                self._store_offsets(r.group, r.offsets)
                return E.NONE
            group = self._new_group(r.group)
        if r.transactional:
            return self._txn_commit(group, r)
        if self._commit_member_first:
            return self._member_commit(group, r)
        return self._legacy_commit(group, r)

    def _member_commit(self, group: Group, r: OffsetCommit) -> ErrorCode:
        """``validateOffsetCommit`` then the state (KAFKA-8487, 2.4)."""
        error = self._validate_commit(group, r, transactional=False)
        if error is not None:
            return error
        state = group.state
        if state is S.COMPLETING_REBALANCE:
            return E.REBALANCE_IN_PROGRESS
        if state is S.STABLE or state is S.PREPARING_REBALANCE:
            # commits of the previous generation are accepted while the join phase runs
            member = group.members[r.member_id]
            self._schedule_heartbeat(group, member, member.session_timeout_ms)
        self._store_offsets(group.group_id, r.offsets)
        return E.NONE

    def _validate_commit(self, group: Group, r: OffsetCommit, transactional: bool) -> ErrorCode | None:
        if group.state is S.DEAD:
            return self._dead_error
        if r.generation < 0 and group.state is S.EMPTY:
            return None  # an admin client or a consumer that manages its own partitions
        if r.generation >= 0 or r.member_id != "" or r.instance_id is not None:
            error = self._validate_member(group, r.member_id, r.instance_id)
            if error is not None:
                return error
            if r.generation != group.generation:
                return E.ILLEGAL_GENERATION
            return None
        if not transactional and group.state is not S.EMPTY:
            return E.UNKNOWN_MEMBER_ID
        return None

    def _txn_commit(self, group: Group, r: OffsetCommit) -> ErrorCode:
        if self._txn_checks_member:  # KIP-447 (2.5): validated, but not refused while completing
            error = self._validate_commit(group, r, transactional=True)
            if error is not None:
                return error
        elif group.state is S.DEAD:
            return self._dead_error
        # the transaction is taken to commit: its offsets become visible at once
        self._store_offsets(group.group_id, r.offsets)
        return E.NONE

    def _legacy_commit(self, group: Group, r: OffsetCommit) -> ErrorCode:
        """Before 2.4 CompletingRebalance was refused before the member was looked at."""
        state = group.state
        if state is S.DEAD:
            return self._dead_error
        if self._static and r.instance_id is not None:
            current = group.static_members.get(r.instance_id)
            if current is not None and current != r.member_id:
                return E.FENCED_INSTANCE_ID
        if r.generation < 0 and state is S.EMPTY:
            self._store_offsets(group.group_id, r.offsets)
            return E.NONE
        if state is S.COMPLETING_REBALANCE:
            return E.REBALANCE_IN_PROGRESS
        member = group.members.get(r.member_id)
        if member is None:
            return E.UNKNOWN_MEMBER_ID
        if r.generation != group.generation:
            return E.ILLEGAL_GENERATION
        self._schedule_heartbeat(group, member, member.session_timeout_ms)
        self._store_offsets(group.group_id, r.offsets)
        return E.NONE

    def _store_offsets(self, group_id: str, offsets: Mapping[str, int]) -> None:
        if not offsets:
            return
        cache = self._offsets.get(group_id)
        if cache is None:
            cache = self._offsets[group_id] = {}
        cache.update(offsets)
        log = self._persisted_offsets.get(group_id)
        if log is None:
            log = self._persisted_offsets[group_id] = {}
        log.update(offsets)

    def _handle_offset_fetch(self, r: OffsetFetch) -> None:
        error = self._status(r.group, allow_empty_id=True)
        offsets = None if error is not None else dict(self._offsets.get(r.group, {}))
        self._emit(_response(self.timers.now, r.client, RequestKind.OFFSET_FETCH.value,
                             (error or E.NONE).name, r.group, offsets=offsets))

    # == DescribeGroups / ListGroups / DeleteGroups ==========================================

    def _handle_describe(self, r: DescribeGroup) -> None:
        error = self._status(r.group, allow_empty_id=True)
        kind = RequestKind.DESCRIBE.value
        if error is not None:
            self._emit(_response(self.timers.now, r.client, kind, error.name, r.group, state="", members=(),
                                 protocol_type="", protocol_name=""))
            return
        group = self._groups.get(r.group)
        if group is None:
            self._emit(_response(self.timers.now, r.client, kind, "NONE", r.group, state=S.DEAD.value,
                                 members=(), protocol_type="", protocol_name=""))
            return
        stable = group.state is S.STABLE
        self._emit(_response(self.timers.now, r.client, kind, "NONE", r.group,
                             state=group.state.kafka_name(self.profile), members=tuple(group.members),
                             protocol_type=group.protocol_type or "",
                             protocol_name=(group.protocol_name or "") if stable else ""))

    def _handle_list_groups(self, r: ListGroups) -> None:
        self._emit(_response(self.timers.now, r.client, RequestKind.LIST_GROUPS.value, "NONE",
                             members=tuple(sorted(self._groups))))

    def _handle_delete(self, r: DeleteGroup) -> None:
        kind = RequestKind.DELETE_GROUP.value
        if not self._delete_groups:
            self._answer(r.client, kind, r.group, E.UNSUPPORTED_VERSION)  # DeleteGroups: KIP-229 (1.1)
            return
        error = self._status(r.group, allow_empty_id=True)
        if error is not None:
            self._answer(r.client, kind, r.group, error)
            return
        group = self._groups.get(r.group)
        if group is None or group.state is S.DEAD:
            self._answer(r.client, kind, r.group, E.GROUP_ID_NOT_FOUND)
            return
        if group.state is not S.EMPTY:
            self._answer(r.client, kind, r.group, E.NON_EMPTY_GROUP)
            return
        self._transition(group, S.DEAD)
        self._forget_group(group, keep_offsets=False)
        self._answer(r.client, kind, r.group, E.NONE)

    def _forget_group(self, group: Group, keep_offsets: bool) -> None:
        """The group leaves the cache and the log (tombstones), with its timers."""
        self._cancel_timers(group)
        del self._groups[group.group_id]
        self._persisted.pop(group.group_id, None)
        if not keep_offsets:
            self._offsets.pop(group.group_id, None)
            self._persisted_offsets.pop(group.group_id, None)

    @staticmethod
    def _cancel_timers(group: Group) -> None:
        op = group.join_op
        if op is not None and op.timer is not None:
            op.timer.live = False
        group.join_op = None
        if group.sync_timer is not None:
            group.sync_timer.live = False
            group.sync_timer = None
        for member in group.members.values():
            if member.heartbeat is not None:
                member.heartbeat.live = False
                member.heartbeat = None
        for timer in group.pending.values():
            if timer is not None:
                timer.live = False

    # == coordinator load / unload ===========================================================

    def _epoch_accepted(self, partition: int, epoch: int | None) -> bool:
        """``maybeUpdateCoordinatorEpoch``: an older epoch than the last one seen is ignored."""
        if epoch is None:
            return True
        current = self._epochs.get(partition)
        if current is None or epoch > current:
            self._epochs[partition] = epoch
            return True
        return epoch == current

    def _unload(self, partition: int, epoch: int | None) -> None:
        """``onResignation``: every group of the partition goes Dead and leaves the cache;
        parked JoinGroups (PreparingRebalance) and SyncGroups get NOT_COORDINATOR."""
        if not self._epoch_accepted(partition, epoch) or partition in self._unowned:
            return
        self._unowned.add(partition)
        unloaded = [g for g in self._groups.values() if g.partition == partition]
        for group in unloaded:
            previous = group.state
            self._transition(group, S.DEAD)
            for member in list(group.members.values()):
                if previous is S.PREPARING_REBALANCE:
                    client = group.take_join(member)
                    if client is not None:
                        self._join_error(client, group.group_id, member.member_id, E.NOT_COORDINATOR)
                elif previous is S.STABLE or previous is S.COMPLETING_REBALANCE:
                    client = group.take_sync(member)
                    if client is not None:
                        self._sync_answer(group.group_id, client, E.NOT_COORDINATOR)
            self._cancel_timers(group)
            for member in group.members.values():
                self._emit(MemberRemoved(self.timers.now, group.group_id, member.member_id,
                                         RemovalReason.COORDINATOR_UNLOADED, member.client,
                                         member.instance_id, group.generation))
            del self._groups[group.group_id]
        for group_id in [g for g in self._offsets if self.partition_for(g) == partition]:
            del self._offsets[group_id]
        self._emit(CoordinatorChanged(self.timers.now, partition, False, epoch,
                                      tuple(g.group_id for g in unloaded)))

    def _load(self, partition: int, epoch: int | None) -> None:
        """``onElection``: read the partition's groups and offsets back from the log, then
        ``onGroupLoaded`` (an over-capacity group rebalances; every member gets a heartbeat)."""
        if not self._epoch_accepted(partition, epoch) or partition not in self._unowned:
            return
        self._unowned.discard(partition)
        loaded: list[Group] = []
        for group_id, record in self._persisted.items():
            if self.partition_for(group_id) != partition:
                continue
            state = S.STABLE if record.members or not self._empty_state else S.EMPTY
            group = Group.load(record, partition, state)
            self._groups[group_id] = group
            loaded.append(group)
        for group_id, offsets in self._persisted_offsets.items():
            if self.partition_for(group_id) != partition:
                continue
            self._offsets[group_id] = dict(offsets)
            if group_id not in self._groups and self._empty_state:
                loaded.append(self._new_group(group_id))  # offsets without a group record
        self._emit(CoordinatorChanged(self.timers.now, partition, True, epoch,
                                      tuple(g.group_id for g in loaded)))
        for group in loaded:
            if self._max_size:
                max_size = self.config.int("group.max.size")
                if len(group.members) > max_size:
                    self._prepare_rebalance(group, self._words.over_capacity(
                        group.group_id, len(group.members), max_size, self.config))
            for member in list(group.members.values()):
                self._schedule_heartbeat(group, member, member.session_timeout_ms)
