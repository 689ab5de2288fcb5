"""Engine tests.  :class:`GroupDriver` plays clients against a :class:`Cluster` the way Kafka's
``GroupCoordinatorTest`` drives its coordinator: requests go in one at a time, the clock moves
only when a test advances it, and each client remembers the member id and generation it was
last given (as the Java client does)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kafka_forensics.engine.cluster import Cluster
from kafka_forensics.engine.effects import Effect, Finding, MemberAdded, MemberRemoved, Response, StateChanged
from kafka_forensics.engine.group.group import GroupView
from kafka_forensics.engine.group.requests import (
    CoordinatorLoad,
    CoordinatorUnload,
    DeleteGroup,
    DescribeGroup,
    FailAppend,
    Heartbeat,
    JoinGroup,
    LeaveGroup,
    LeaveMember,
    ListGroups,
    OffsetCommit,
    OffsetFetch,
    Protocol,
    SyncGroup,
)
from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.timers import TimerMode

#: GroupCoordinatorTest's broker configs (GroupMinSessionTimeout, GroupMaxSessionTimeout,
#: GroupMaxSize, GroupInitialRebalanceDelay) and its client defaults
KAFKA_TEST_CONFIG: Mapping[str, Any] = {
    "group.min.session.timeout.ms": 10,
    "group.max.session.timeout.ms": 10 * 60 * 1000,
    "group.max.size": 4,
    "group.initial.rebalance.delay.ms": 50,
}
SESSION = 500  # DefaultSessionTimeout
REBALANCE = 500  # DefaultRebalanceTimeout
DELAY = 50  # GroupInitialRebalanceDelay


def protocols(*names: str | tuple[str, bytes]) -> tuple[Protocol, ...]:
    return tuple(Protocol(n) if isinstance(n, str) else Protocol(*n) for n in names)


class GroupDriver:
    """Clients (by name) talking to one simulated coordinator."""

    def __init__(self, version: str = "3.9", timer: TimerMode = TimerMode.MOCK_STRICT,
                 config: Mapping[str, Any] | None = None, group: str = "group") -> None:
        merged = {**KAFKA_TEST_CONFIG, **(config or {})}
        self.cluster = Cluster.create(profile(version), merged, timer)
        self.group = group
        self.member_ids: dict[str, str] = {}
        self.generations: dict[str, int] = {}

    # -- clock and effects ------------------------------------------------------------------

    @property
    def now(self) -> int:
        return self.cluster.now

    @property
    def effects(self) -> list[Effect]:
        return self.cluster.effects

    def advance(self, ms: int) -> list[Effect]:
        """Kafka's ``timer.advanceClock(ms)``."""
        return self._observe(self.cluster.advance_to(self.now + ms))

    def _observe(self, effects: list[Effect]) -> list[Effect]:
        for e in effects:
            if isinstance(e, MemberAdded) and e.client is not None:
                self.member_ids[e.client] = e.member_id
            elif isinstance(e, Response) and e.request == "join":
                if e.error == "UNKNOWN_MEMBER_ID":
                    self.member_ids[e.client], self.generations[e.client] = "", -1
                elif e.error in ("NONE", "MEMBER_ID_REQUIRED") and e.member_id:
                    self.member_ids[e.client] = e.member_id
                    if e.error == "NONE" and e.generation is not None:
                        self.generations[e.client] = e.generation
        return effects

    def _send(self, request: Any, client: str, kind: str) -> Response | None:
        """Submit; the response to this request if it was answered at once."""
        effects = self._observe(self.cluster.submit(request))
        for e in effects:
            if isinstance(e, Response) and e.client == client and e.request == kind:
                return e
        return None

    def last(self, client: str, kind: str) -> Response | None:
        """The latest response to ``client``'s request of ``kind``."""
        for e in reversed(self.effects):
            if isinstance(e, Response) and e.client == client and e.request == kind:
                return e
        return None

    def answers(self, client: str, kind: str) -> list[Response]:
        return [e for e in self.effects if isinstance(e, Response) and e.client == client and e.request == kind]

    def states(self, group: str | None = None) -> list[tuple[str, str]]:
        g = group or self.group
        return [(e.from_state, e.to_state) for e in self.effects if isinstance(e, StateChanged) and e.group == g]

    def state_changes(self, group: str | None = None) -> list[StateChanged]:
        g = group or self.group
        return [e for e in self.effects if isinstance(e, StateChanged) and e.group == g]

    def removals(self) -> list[MemberRemoved]:
        return [e for e in self.effects if isinstance(e, MemberRemoved)]

    def findings(self) -> list[Finding]:
        return [e for e in self.effects if isinstance(e, Finding)]

    def view(self, group: str | None = None) -> GroupView | None:
        return self.cluster.coordinator.view(group or self.group)

    def id(self, client: str) -> str:
        return self.member_ids.get(client, "")

    # -- requests ---------------------------------------------------------------------------

    def join(self, client: str, *, member_id: str | None = None, instance_id: str | None = None,
             session: int = SESSION, rebalance: int = REBALANCE,
             protocol_list: Sequence[str | tuple[str, bytes]] = ("range",), protocol_type: str = "consumer",
             require_known: bool = False, skip: bool = True, reason: str | None = None,
             group: str | None = None, client_id: str = "clientId") -> Response | None:
        request = JoinGroup(group or self.group, client, self.id(client) if member_id is None else member_id,
                            instance_id, client_id, "clientHost", session, rebalance, protocol_type,
                            protocols(*protocol_list), require_known, skip, reason)
        return self._send(request, client, "join")

    def dynamic_join(self, client: str, **kw: Any) -> Response | None:
        """GroupCoordinatorTest.dynamicJoinGroup: a v4+ join (MEMBER_ID_REQUIRED, then again with
        the id), then the clock moves past the initial rebalance delay."""
        first = self.join(client, require_known=True, **kw)
        if first is not None and first.error == "MEMBER_ID_REQUIRED":
            self.join(client, require_known=True, **kw)
        self.advance(DELAY + 1)
        return self.last(client, "join")

    def sync(self, client: str, assignment: Mapping[str, Sequence[str]] | None = None, *,
             generation: int | None = None, member_id: str | None = None, instance_id: str | None = None,
             protocol_type: str | None = None, protocol_name: str | None = None,
             group: str | None = None) -> Response | None:
        by_id = None
        if assignment is not None:
            by_id = {self.member_ids.get(k, k): tuple(v) for k, v in assignment.items()}
        request = SyncGroup(group or self.group, client, self.id(client) if member_id is None else member_id,
                            self.generations.get(client, -1) if generation is None else generation,
                            instance_id, protocol_type, protocol_name, by_id)
        return self._send(request, client, "sync")

    def heartbeat(self, client: str, *, generation: int | None = None, member_id: str | None = None,
                  instance_id: str | None = None, group: str | None = None) -> Response:
        request = Heartbeat(group or self.group, client, self.id(client) if member_id is None else member_id,
                            self.generations.get(client, -1) if generation is None else generation, instance_id)
        answer = self._send(request, client, "heartbeat")
        assert answer is not None
        return answer

    def leave(self, client: str, *, member_id: str | None = None, instance_id: str | None = None,
              reason: str | None = None, group: str | None = None) -> Response:
        member = LeaveMember(self.id(client) if member_id is None else member_id, instance_id, reason)
        answer = self._send(LeaveGroup(group or self.group, client, (member,)), client, "leave")
        assert answer is not None
        return answer

    def leave_batch(self, client: str, members: Sequence[LeaveMember], group: str | None = None) -> Response:
        answer = self._send(LeaveGroup(group or self.group, client, tuple(members)), client, "leave")
        assert answer is not None
        return answer

    def commit(self, client: str, offsets: Mapping[str, int] | None = None, *, generation: int | None = None,
               member_id: str | None = None, instance_id: str | None = None, transactional: bool = False,
               group: str | None = None) -> Response:
        request = OffsetCommit(group or self.group, client, self.id(client) if member_id is None else member_id,
                               self.generations.get(client, -1) if generation is None else generation,
                               instance_id, dict(offsets or {"t-0": 1}), transactional)
        answer = self._send(request, client, "commit")
        assert answer is not None
        return answer

    def fetch(self, client: str = "admin", group: str | None = None) -> Response:
        answer = self._send(OffsetFetch(group or self.group, client), client, "offset_fetch")
        assert answer is not None
        return answer

    def describe(self, client: str = "admin", group: str | None = None) -> Response:
        answer = self._send(DescribeGroup(group or self.group, client), client, "describe")
        assert answer is not None
        return answer

    def list_groups(self, client: str = "admin") -> Response:
        answer = self._send(ListGroups(client), client, "list_groups")
        assert answer is not None
        return answer

    def delete(self, client: str = "admin", group: str | None = None) -> Response:
        answer = self._send(DeleteGroup(group or self.group, client), client, "delete_group")
        assert answer is not None
        return answer

    def unload(self, partition: int | None = None, epoch: int | None = None) -> list[Effect]:
        p = self.partition() if partition is None else partition
        return self._observe(self.cluster.control(CoordinatorUnload(p, epoch)))

    def load(self, partition: int | None = None, epoch: int | None = None) -> list[Effect]:
        p = self.partition() if partition is None else partition
        return self._observe(self.cluster.control(CoordinatorLoad(p, epoch)))

    def fail_next_append(self, error: str) -> None:
        self.cluster.control(FailAppend(error))

    def partition(self, group: str | None = None) -> int:
        return self.cluster.coordinator.partition_for(group or self.group)

    # -- common set-ups ---------------------------------------------------------------------

    def stable_group(self, *clients: str, **kw: Any) -> None:
        """The clients join (the first becomes leader), the leader assigns nothing, everyone
        syncs: a Stable group in generation 1."""
        for c in clients:
            self.join(c, **kw)
        for _ in range(len(clients) + 1):  # each member added during the initial delay extends it
            view = self.view()
            if view is not None and view.state_name != "PreparingRebalance":
                break
            self.advance(DELAY + 1)
        leader = clients[0]
        self.sync(leader, {c: () for c in clients})
        for c in clients[1:]:
            self.sync(c)
        view = self.view()
        assert view is not None and view.state_name == "Stable", view
