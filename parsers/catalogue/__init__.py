"""The versioned message catalogue: every Kafka message template we recognise.

Entries live in one module per area (``coordinator``, ``consumer``, ``replication``,
``controller``, ``kraft``, ``requestlog``, ``broker``); each exports ``TEMPLATES``,
tried in order for a record of one of its loggers (put the more specific wording
first).  Wording per version comes from Kafka's source; ``../shared/reference/
kafka-log-templates.md`` is the map.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from ..templates import Template
from . import broker, consumer, controller, coordinator, kraft, replication, requestlog

AREAS = (coordinator, consumer, replication, controller, kraft, requestlog, broker)


@dataclass(frozen=True)
class Catalogue:
    templates: tuple[Template, ...]

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for t in self.templates:
            if t.id in seen:
                raise ValueError(f"duplicate catalogue id {t.id!r}")
            seen.add(t.id)

    @cached_property
    def by_logger(self) -> dict[str, tuple[Template, ...]]:
        idx: dict[str, list[Template]] = defaultdict(list)
        for t in self.templates:
            for lg in t.loggers:
                idx[lg].append(t)
        return {k: tuple(v) for k, v in idx.items()}

    @cached_property
    def by_simple_name(self) -> dict[str, tuple[Template, ...]]:
        """For layouts that print the calling class's simple name (``%C{1}``).

        Class loggers are found by their simple name.  Named loggers
        (``state.change.logger``, ``kafka.request.logger``) have none: ``%C`` prints the
        class that called them, so their entries are tried for every class.
        """
        idx: dict[str, list[Template]] = defaultdict(list)
        named: list[Template] = []
        for t in self.templates:
            if any(not _is_class(x) for x in t.loggers):
                named.append(t)
            for lg in dict.fromkeys(simple_name(x) for x in t.loggers if _is_class(x)):
                idx[lg].append(t)
        return {k: tuple(v + [t for t in named if t not in v]) for k, v in idx.items()}

    @property
    def loggers(self) -> frozenset[str]:
        return frozenset(self.by_logger)

    def for_logger(self, logger: str | None, mode: str) -> tuple[Template, ...]:
        if mode == "none" or logger is None:
            return self.templates if mode == "none" else ()
        if mode == "simple":
            return self.by_simple_name.get(simple_name(logger), ())
        return self.by_logger.get(logger, ())

    def get(self, template_id: str) -> Template:
        for t in self.templates:
            if t.id == template_id:
                return t
        raise KeyError(template_id)


def _is_class(logger: str) -> bool:
    return simple_name(logger)[:1].isupper()


def simple_name(logger: str) -> str:
    """``kafka.coordinator.group.GroupMetadata$`` -> ``GroupMetadata``."""
    return logger.rsplit(".", 1)[-1].rstrip("$")


CATALOGUE = Catalogue(tuple(t for area in AREAS for t in area.TEMPLATES))
