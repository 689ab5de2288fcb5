"""What the engine says happened: frozen values, in the order they happened.

Each effect renders as one JSON object of the trace contract (``simulate --json``):
``{"at": .., "event": .., ...}`` with absent (None) fields left out.  Effects are the
engine's only output; the runner routes responses, the reports draw them, the diff
compares them with what the logs observed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar, TypeVar


class RemovalReason(Enum):
    """Why a member left its group (the ``reason`` of ``member_removed``)."""

    SESSION_TIMEOUT = "session_timeout"
    LEAVE = "leave"
    REBALANCE_TIMEOUT = "rebalance_timeout"  # did not rejoin before the join phase ended
    JOIN_TIMEOUT = "join_timeout"  # a new member's 300 s join timeout (KAFKA-7610)
    SYNC_TIMEOUT = "sync_timeout"  # no SyncGroup within the rebalance timeout (3.0+)
    POLL_TIMEOUT = "poll_timeout"  # the consumer left: max.poll.interval.ms expired
    FENCED = "fenced"  # a static member's id replaced by a newer join
    PENDING_EXPIRED = "pending_expired"  # MEMBER_ID_REQUIRED id never came back
    GROUP_MAX_SIZE = "group_max_size"
    COORDINATOR_UNLOADED = "coordinator_unloaded"


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.name if isinstance(value.value, int) else value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, bytes):
        return value.hex()
    return value


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields an effect renders after ``at``, in declaration order (looked up once per
    class: ``simulate --json`` renders every effect)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls) if f.name != "at" and not is_log_only(f))
    return names


LOG_ONLY = {"log_only": True}


def is_log_only(f: Any) -> bool:
    """A field declared ``field(default=None, compare=False, metadata=LOG_ONLY)``: what the log lines
    print beside it (``--emit-logs``), not part of the trace contract: never rendered by
    ``to_dict``, never expected."""
    return bool(f.metadata.get("log_only"))


class EffectLog(list[Any]):
    """A run's effects, in order: a plain list to everything that reads them (``simulate --json``,
    the expectations, the invariants, a slice), and beside them :attr:`notes`, log-only facts
    that are no effect (never written as one, never compared, never expected) but that the log
    lines (``--emit-logs``) print: each ``(position, note)``, ``position`` the number of effects
    before it."""

    __slots__ = ("_notes", "received")

    def __init__(self, *effects: Any) -> None:
        super().__init__(*effects)
        self._notes: list[tuple[int, Any]] = []
        #: the requests the group coordinator received since :attr:`notes` was last read, each
        #: ``(position, at, request)``: made into :class:`RequestReceived` notes when it is read
        #: (one per request, and only ``--emit-logs`` reads them: most runs never build one)
        self.received: list[tuple[int, int, Any]] = []

    @property
    def notes(self) -> list[tuple[int, Any]]:
        """The notes so far, in the order they were made (one list, brought up to date each time
        it is read: read it again after more steps)."""
        received = self.received
        if received:
            build = RequestReceived.build  # type: ignore[attr-defined]
            self._notes += [(position, build(at, request)) for position, at, request in received]
            received.clear()
        return self._notes

    def note(self, item: Any) -> None:
        """Record a log-only fact here, after the effects so far (and after the requests
        received so far: :attr:`notes` brings them in first)."""
        self.notes.append((len(self), item))


def notes_of(effects: Any) -> list[tuple[int, Any]]:
    """The log-only notes kept beside ``effects`` (none for a plain list of effects)."""
    return effects.notes if isinstance(effects, EffectLog) else []


_E = TypeVar("_E")


def _cheap_init(cls: type[_E]) -> type[_E]:
    """Give a frozen slotted dataclass (an effect; a request, built for every step of a
    re-run) a constructor about five times cheaper than the dataclass's ``__init__``, with
    the same signature and the same result.

    A frozen dataclass's ``__init__`` stores each field through ``object.__setattr__`` (its
    class refuses plain stores): one call per field, 1.8 µs for a 17-field :class:`Response`,
    paid for every answered request.  Here the instance is built as a *twin*: a subclass with
    the same slots that takes plain stores, whose ``__init__`` ends by giving the instance the
    class ``cls``.  What comes out is an ordinary frozen ``cls`` (equality, hashing, repr and
    ``FrozenInstanceError`` as before).  ``cls.build`` constructs through the twin directly
    (the engine's hot paths); ``cls(...)`` itself lends a new instance the twin's class while
    its fields are stored (0.1 µs dearer).  Subclasses keep the dataclass ``__init__``.
    """
    original = cls.__init__
    twin = type(f"_Building{cls.__name__}", (cls,), {
        "__slots__": (), "__module__": cls.__module__,
        # both names share one type slot: overriding __setattr__ alone keeps the slow path
        "__setattr__": object.__setattr__, "__delattr__": object.__delattr__})
    params, stores, names = [], [], []
    env: dict[str, Any] = {"__name__": cls.__module__, "_cls": cls, "_twin": twin, "_original": original,
                           "_set": object.__setattr__}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory needs the dataclass __init__")
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        names.append(f.name)
        stores.append(f"    self.{f.name} = {f.name}")
    signature = ", ".join(params)
    source = "\n".join([
        f"def _build(self, {signature}):",
        *stores,
        "    self.__class__ = _cls",
        f"def __init__(self, {signature}):",
        "    if self.__class__ is not _cls:",
        f"        return _original(self, {', '.join(names)})",
        "    _set(self, '__class__', _twin)",
        *stores,
        "    self.__class__ = _cls",
    ])
    exec(source, env)  # as dataclasses builds its __init__: one function per field list
    for name, owner in (("_build", twin), ("__init__", cls)):
        function = env[name]
        function.__name__ = "__init__"
        function.__qualname__ = f"{owner.__qualname__}.__init__"
        function.__doc__ = original.__doc__
        owner.__init__ = function  # type: ignore[misc]
    cls.build = twin  # type: ignore[attr-defined]
    return cls


@_cheap_init  # (one per request the coordinator takes)
@dataclass(frozen=True, slots=True)
class RequestReceived:
    """A request reached the group coordinator: a log-only note (``EffectLog.notes``), no effect.
    Kafka's request log (``kafka-request.log``) prints each request beside its response, with the
    time it waited (``totalTime``): ``--emit-logs`` pairs this note with the request's
    :class:`Response` to write that line.  ``request`` is the request value as sent."""

    at: int
    request: Any


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of every effect: the virtual time it happened at."""

    at: int
    event: ClassVar[str] = "effect"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at": self.at, "event": self.event}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if value is not None:
                out[name] = _plain(value)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)


@_cheap_init
@dataclass(frozen=True, slots=True)
class StateChanged(Effect):
    """A group changed state (``generation`` is the one after the change)."""

    event: ClassVar[str] = "state"
    group: str = ""
    from_state: str = ""
    to_state: str = ""
    generation: int = 0
    reason: str | None = None
    #: member count after the change (Kafka's "Stabilized group g generation 2 ... with 3 members")
    members: int | None = None
    #: ``__consumer_offsets`` partition of the group (the coordinator's log lines name it)
    partition: int | None = None
    #: Stable only: the leader whose assignment made it so ("Assignment received from leader …")
    leader: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out = Effect.to_dict(self)  # (zero-argument super() fails in slotted dataclasses)
        out["from"] = out.pop("from_state")
        out["to"] = out.pop("to_state")
        return out


@_cheap_init
@dataclass(frozen=True, slots=True)
class Response(Effect):
    """A response to a request (a parked request's carries the time it completed)."""

    event: ClassVar[str] = "response"
    client: str = ""
    request: str = ""
    error: str = "NONE"
    group: str | None = None
    generation: int | None = None
    member_id: str | None = None
    leader: str | None = None
    #: JoinGroup: the member ids the leader receives (others get an empty list)
    members: tuple[str, ...] | None = None
    protocol_type: str | None = None
    protocol_name: str | None = None
    skip_assignment: bool | None = None
    assignment: tuple[str, ...] | None = None
    #: DescribeGroups: the group's state name
    state: str | None = None
    #: batch LeaveGroup: per-member error names, in request order
    results: tuple[str, ...] | None = None
    #: OffsetFetch: committed offsets; ListGroups: group ids (as members)
    offsets: Mapping[str, int] | None = None
    #: JoinGroup, the leader's answer: (member id, group.instance.id, metadata of the chosen
    #: protocol) per member, in ``members`` order, as the wire carries them to the leader
    member_metadata: tuple[tuple[str, str | None, bytes], ...] | None = None


@_cheap_init
@dataclass(frozen=True, slots=True)
class MemberAdded(Effect):
    event: ClassVar[str] = "member_added"
    group: str = ""
    member_id: str = ""
    client: str | None = None
    instance_id: str | None = None
    client_id: str | None = None
    client_host: str | None = None
    session_timeout_ms: int | None = None
    rebalance_timeout_ms: int | None = None
    #: the join's reason (KIP-800) if the client gave one
    reason: str | None = None


@_cheap_init
@dataclass(frozen=True, slots=True)
class MemberRemoved(Effect):
    event: ClassVar[str] = "member_removed"
    group: str = ""
    member_id: str = ""
    reason: RemovalReason = RemovalReason.LEAVE
    client: str | None = None
    instance_id: str | None = None
    generation: int | None = None


@_cheap_init
@dataclass(frozen=True, slots=True)
class CoordinatorChanged(Effect):
    """This broker loaded or unloaded a ``__consumer_offsets`` partition's groups."""

    event: ClassVar[str] = "coordinator"
    partition: int = 0
    loaded: bool = True
    epoch: int | None = None
    groups: tuple[str, ...] = ()


@_cheap_init
@dataclass(frozen=True, slots=True)
class Finding(Effect):
    """An invariant the engine found broken, by its stable name (not an exception)."""

    event: ClassVar[str] = "finding"
    name: str = ""
    entity: str = ""
    message: str = ""
    #: a ``request_dropped``'s request: its sender and kind (the request log, which has no line for
    #: a request never answered, and the replay's pairing of requests with answers read them)
    client: str | None = field(default=None, compare=False, metadata=LOG_ONLY)
    request: str | None = field(default=None, compare=False, metadata=LOG_ONLY)


@_cheap_init
@dataclass(frozen=True, slots=True)
class ClientEvent(Effect):
    """Something a simulated Java consumer did that its own log would show
    (``what``: ``state``, ``join_sent``, ``heartbeat_failed``, ``poll_timeout``, ...)."""

    event: ClassVar[str] = "client"
    client: str = ""
    what: str = ""
    group: str | None = None
    member_id: str | None = None
    generation: int | None = None
    error: str | None = None
    from_state: str | None = None
    to_state: str | None = None
    assignment: tuple[str, ...] | None = None
    detail: str | None = None
