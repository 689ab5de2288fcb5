"""Kafka data-directory artefacts, read natively: log segments (``__consumer_offsets``
group metadata and offset commits, KRaft ``__cluster_metadata``), offset and
leader-epoch checkpoints, ``meta.properties``, ``partition.metadata``,
``quorum-state``, producer-state snapshots.

``claims(name, head)`` says whether an input is one of these (by name and content);
``ingest`` turns it into events of the ``datadir`` kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import polars as pl

from ..accounting import Accounting

AddEvents = Callable[[str, pl.DataFrame], None]


def claims(name: str, head: bytes) -> bool:
    return False


def ingest(name: str, blocks: Iterable[bytes], add: AddEvents, acc: Accounting) -> Accounting:
    raise NotImplementedError(name)
