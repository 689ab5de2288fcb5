"""Kafka releases and the catalogue's version ranges (``2.1-3.9``, ``3.6+``, ``2.8.0``, the
syntax ``templates.Template.versions`` is checked against): what ``emit`` picks wording by and
what ``check`` reads a log's release from."""

from __future__ import annotations

#: (major, minor, patch); a release line's newest patch is ``LATEST_PATCH``.
KafkaVersion = tuple[int, int, int]
LATEST_PATCH = 99
NEWEST: KafkaVersion = (99, 99, LATEST_PATCH)  # the open end of a "3.6+" range


def bound(text: str, upper: bool) -> KafkaVersion:
    """``2.8`` as the line's first (``upper`` False) or newest release, ``2.8.1`` as itself."""
    parts = [int(p) for p in text.split(".")]
    if len(parts) == 3:
        return (parts[0], parts[1], parts[2])
    return (parts[0], parts[1], LATEST_PATCH if upper else 0)


def bounds(versions: str) -> tuple[KafkaVersion, KafkaVersion]:
    """A catalogue version range as its first and last release."""
    if versions.endswith("+"):
        return bound(versions[:-1], upper=False), NEWEST
    first, _, last = versions.partition("-")
    return bound(first, upper=False), bound(last or first, upper=True)


def in_range(versions: str, v: KafkaVersion) -> bool:
    """Whether ``v`` lies in a catalogue version range."""
    lo, hi = bounds(versions)
    return lo <= v <= hi
