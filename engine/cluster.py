"""The simulated cluster: one clock, the group coordinator, simulated consumers (and the
replication machines), wired together without I/O.

Entry points are :meth:`Cluster.advance_to` (move the clock, fire due timers) and
:meth:`Cluster.submit` (a request from outside, e.g. a trace record).  Everything a step
sets off — a simulated consumer's reaction to a response, the request it then sends — is
queued and handled before the step returns, one message at a time, so no machine is ever
re-entered while it is working.  Network and processing take no virtual time.

A long run is best done inside :func:`collector_paused` (see there why).
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import Config
from .effects import Effect, EffectLog, Response
from .group.coordinator import GroupCoordinator
from .group.requests import CoordinatorControl, GroupRequest
from .profiles import Profile
from .timers import TimerMode, TimerQueue

if TYPE_CHECKING:
    from .group.consumer import SimulatedConsumer


@dataclass
class Cluster:
    profile: Profile
    config: Config
    timers: TimerQueue
    #: the effects; log-only notes beside them (:class:`EffectLog`, :meth:`note`)
    effects: EffectLog = field(default_factory=EffectLog)
    consumers: dict[str, SimulatedConsumer] = field(default_factory=dict)
    coordinator: GroupCoordinator = field(init=False)
    _queue: deque[Callable[[], None]] = field(default_factory=deque)
    _draining: bool = False
    #: request type -> the coordinator's handler (submit dispatches itself: one call less)
    _handlers: dict[type, Callable[[Any], None]] = field(default_factory=dict)

    @classmethod
    def create(cls, profile: Profile, config: Mapping[str, Any] | None = None,
               timer: TimerMode = TimerMode.REALTIME) -> Cluster:
        cfg = Config(profile, dict(config or {}))
        cluster = cls(profile, cfg, TimerQueue(timer))
        cluster.timers.on_fired = cluster._drain
        # until a simulated consumer starts, no response needs routing: the coordinator's
        # effects go straight onto the list (add_consumer re-wires it through emit)
        cluster.coordinator = GroupCoordinator(profile, cfg, cluster.timers, cluster.effects.append)
        return cluster

    @property
    def now(self) -> int:
        return self.timers.now

    # -- entry points -----------------------------------------------------------------------

    def advance_to(self, at: int) -> list[Effect]:
        """Move the clock to ``at``; the effects of every timer that fired."""
        effects = self.effects
        mark = len(effects)
        self.advance(at)
        return effects[mark:]

    def advance(self, at: int) -> None:
        """:meth:`advance_to` for a caller that reads :attr:`effects` itself (no list made per
        step: a re-run moves the clock for every record)."""
        self.timers.advance_to(at)
        if self._queue:
            self._drain()

    def submit(self, request: GroupRequest) -> list[Effect]:
        """Hand a request to the coordinator now; the effects it set off."""
        effects = self.effects
        mark = len(effects)
        self.handle(request)
        return effects[mark:]

    def handle(self, request: GroupRequest) -> None:
        """:meth:`submit` for a caller that reads :attr:`effects` itself."""
        effects = self.effects
        # the RequestReceived note, made only if the notes are read (EffectLog.received)
        effects.received.append((len(effects), self.timers.now, request))
        if self._draining or self._queue:
            self._queue.append(self._delivery(request))
            self._drain()
            return
        # nothing queued and nobody draining: handling it now is what queueing it and
        # draining would do, without the queue entry (the hot path of every request)
        handler = self._handlers.get(type(request))
        if handler is None:
            handler = self._handlers[type(request)] = self.coordinator.handler(type(request)) \
                or self.coordinator.handle  # (which refuses it)
        self._draining = True
        try:
            handler(request)
            queue = self._queue
            while queue:
                queue.popleft()()
        finally:
            self._draining = False

    def control(self, change: CoordinatorControl) -> list[Effect]:
        return self.run(lambda: self.coordinator.control(change))

    def add_consumer(self, consumer: SimulatedConsumer) -> list[Effect]:
        """Start a simulated consumer (it joins at once)."""
        if consumer.name in self.consumers:
            raise ValueError(f"a consumer named {consumer.name!r} is already running")
        self.consumers[consumer.name] = consumer
        self.coordinator.emit_to(self.emit)
        return self.run(consumer.start)

    def run(self, action: Callable[[], None]) -> list[Effect]:
        """Do ``action`` now as one step (e.g. a consumer's close); the effects it set off."""
        mark = len(self.effects)
        self._queue.append(action)
        self._drain()
        return self.effects[mark:]

    # -- wiring -----------------------------------------------------------------------------

    def send(self, request: GroupRequest) -> None:
        """A request on its way to the coordinator (handled in turn)."""
        effects = self.effects
        effects.received.append((len(effects), self.timers.now, request))
        self._queue.append(self._delivery(request))

    def _delivery(self, request: GroupRequest) -> Callable[[], None]:
        """The queue entry that hands ``request`` to the coordinator.  (Made here, not by a lambda
        in :meth:`handle`: that would turn its variables into cells on every call, queued or not.)"""
        return lambda: self.coordinator.handle(request)

    def emit(self, effect: Effect) -> None:
        """Every machine's effects come here; responses for a simulated consumer are
        delivered to it in turn."""
        self.effects.append(effect)
        consumers = self.consumers
        if consumers and isinstance(effect, Response) and effect.client in consumers:
            self._queue.append(_reply(consumers[effect.client], effect))

    def note(self, item: object) -> None:
        """A log-only fact (what a log line prints, no effect): kept beside the effects, at
        their current end, for ``--emit-logs`` only."""
        self.effects.note(item)

    def _drain(self) -> None:
        if self._draining:
            return
        self._draining = True
        try:
            while self._queue:
                self._queue.popleft()()
        finally:
            self._draining = False


def _reply(consumer: SimulatedConsumer, response: Response) -> Callable[[], None]:
    """The queue entry that delivers ``response`` to ``consumer``.  (Made here, not by a lambda
    in :meth:`Cluster.emit`: that would turn its variables into cells for every effect.)"""
    return lambda: consumer.on_response(response)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a run of the engine, and resume it as it
    was found (also on an exception).

    A run keeps every effect (:attr:`Cluster.effects`) and little else: it is an ever-growing
    list of small objects, which the collector walks again in every generation, and the whole
    heap again each time it has grown by a quarter, while finding nothing to free.  On
    CPython 3.11 that is about a third of a steady fleet's run (``benchmarks/engine.py``).
    Reference counting still frees everything acyclic at once; the few cycles a run leaves
    (the expiry closures of removed members and finished join operations) wait for the
    collector's next pass after the run.  This changes no effect, only the time taken.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

