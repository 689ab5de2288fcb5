"""The brokers' ``KafkaConfig values:`` and the consumers' ``ConsumerConfig values:`` dumps,
read once for whoever needs a setting from them (the report, the release, the group diff)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import polars as pl


def config_dumps(events: pl.DataFrame) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """``(scope, kind, settings)`` of each dump, in table order within each kind:
    ``broker_config`` for a broker's startup dump, ``client_config`` for a client's (``scope``
    column present)."""
    if "details" not in events.columns or not events.height:
        return
    from .detect import of_kinds  # the kind index during a check: no filter of the whole table

    dumps = of_kinds(events, ["broker_config", "client_config"], ["scope", "kind", "template", "details"])
    dumps = dumps.filter((pl.col("kind") == "client_config") | (pl.col("template") == "broker.config"))
    for scope, kind, details in dumps.select("scope", "kind", "details").iter_rows():
        try:
            settings = json.loads(details) if details else {}
        except ValueError:
            continue
        if isinstance(settings, dict):
            yield scope, kind, settings
