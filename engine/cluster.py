"""The simulated cluster: one clock, the group coordinator, simulated consumers (and the
replication machines), wired together without I/O.

Entry points are :meth:`Cluster.advance_to` (move the clock, fire due timers) and
:meth:`Cluster.submit` (a request from outside, e.g. a trace record).  Everything a step
sets off — a simulated consumer's reaction to a response, the request it then sends — is
queued and handled before the step returns, one message at a time, so no machine is ever
re-entered while it is working.  Network and processing take no virtual time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import Config
from .effects import Effect, Response
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
    effects: list[Effect] = field(default_factory=list)
    consumers: dict[str, SimulatedConsumer] = field(default_factory=dict)
    coordinator: GroupCoordinator = field(init=False)
    _queue: deque[Callable[[], None]] = field(default_factory=deque)
    _draining: bool = False

    @classmethod
    def create(cls, profile: Profile, config: Mapping[str, Any] | None = None,
               timer: TimerMode = TimerMode.REALTIME) -> Cluster:
        cfg = Config(profile, dict(config or {}))
        cluster = cls(profile, cfg, TimerQueue(timer))
        cluster.timers.on_fired = cluster._drain
        cluster.coordinator = GroupCoordinator(profile, cfg, cluster.timers, cluster.emit)
        return cluster

    @property
    def now(self) -> int:
        return self.timers.now

    # -- entry points -----------------------------------------------------------------------

    def advance_to(self, at: int) -> list[Effect]:
        """Move the clock to ``at``; the effects of every timer that fired."""
        mark = len(self.effects)
        self.timers.advance_to(at)
        self._drain()
        return self.effects[mark:]

    def submit(self, request: GroupRequest) -> list[Effect]:
        """Hand a request to the coordinator now; the effects it set off."""
        mark = len(self.effects)
        self.send(request)
        self._drain()
        return self.effects[mark:]

    def control(self, change: CoordinatorControl) -> list[Effect]:
        return self.run(lambda: self.coordinator.control(change))

    def add_consumer(self, consumer: SimulatedConsumer) -> list[Effect]:
        """Start a simulated consumer (it joins at once)."""
        if consumer.name in self.consumers:
            raise ValueError(f"a consumer named {consumer.name!r} is already running")
        self.consumers[consumer.name] = consumer
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
        self._queue.append(lambda: self.coordinator.handle(request))

    def emit(self, effect: Effect) -> None:
        """Every machine's effects come here; responses for a simulated consumer are
        delivered to it in turn."""
        self.effects.append(effect)
        if isinstance(effect, Response) and effect.client in self.consumers:
            consumer = self.consumers[effect.client]
            self._queue.append(lambda: consumer.on_response(effect))

    def _drain(self) -> None:
        if self._draining:
            return
        self._draining = True
        try:
            while self._queue:
                self._queue.popleft()()
        finally:
            self._draining = False
