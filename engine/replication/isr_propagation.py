"""A ZooKeeper-mode broker's ``isr-change-propagation`` task (``ReplicaManager.
maybePropagateIsrChanges``, before 2.7's AlterIsr): ISR changes the broker wrote are batched
into one ``/isr_change_notification/isr_change_N`` znode, which tells the controller to
refresh its metadata.  The task runs every 2500 ms and writes only when there are changes
and either none came in the last 5000 ms (the blackout, so a burst of shrinks becomes one
notification) or the last notification is over 60000 ms old (the ceiling, so a flapping
ISR still propagates).  Both tests are strict, as Kafka's are; the clocks start at the
broker's start.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import TopicPartition

PERIOD_MS = 2_500
BLACKOUT_MS = 5_000
CEILING_MS = 60_000


@dataclass
class IsrChangePropagation:
    """Mutable: one per broker."""

    started_ms: int
    changed: list[TopicPartition] = field(default_factory=list)
    last_change_ms: int = field(init=False)
    last_propagation_ms: int = field(init=False)

    def __post_init__(self) -> None:
        self.last_change_ms = self.last_propagation_ms = self.started_ms

    def record(self, tp: TopicPartition, now: int) -> None:
        if tp not in self.changed:
            self.changed.append(tp)
        self.last_change_ms = now

    def due(self, now: int) -> list[TopicPartition]:
        """The partitions to notify now (and forget), or [] when the task writes nothing."""
        if not self.changed:
            return []
        if not (self.last_change_ms + BLACKOUT_MS < now or self.last_propagation_ms + CEILING_MS < now):
            return []
        out, self.changed = self.changed, []
        self.last_propagation_ms = now
        return out
