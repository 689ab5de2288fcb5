"""Deterministic member ids in Kafka's shape.

Kafka names a member ``client_id + "-" + UUID.randomUUID()`` (``group_instance_id + "-" +
UUID`` for a static member; ``GroupMetadata.generateMemberId`` since 2.3, a bare client id
prefix before).  A replay must hand out the same ids every time, so the UUID here comes from a
per-coordinator counter instead of a random source, laid out as a version-4 UUID
(8-4-4-4-12 hex digits, version nibble 4, variant 8) so that parsers and reports see the
shape they see in real logs: ``consumer-1-00000000-0000-4000-8000-000000000001``.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: the ``-<UUID>`` a member id ends with
_UUID_TAIL = re.compile(r"-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


@lru_cache(maxsize=1 << 14)  # (a derivation asks it per join of each member)
def client_id_of(member_id: str) -> str:
    """The prefix a member id was made from (its client id, or a static member's instance id);
    an id not in Kafka's shape is kept whole."""
    return _UUID_TAIL.sub("", member_id)


def has_uuid_tail(member_id: str) -> bool:
    return _UUID_TAIL.search(member_id) is not None


class MemberIdGenerator:
    """Hands out ``prefix-<uuid>`` ids; the n-th id of broker b has the UUID
    ``bbbbbbbb-0000-4000-8000-nnnnnnnnnnnn`` (hex), so ids never repeat within a run and the
    same requests always get the same ids."""

    __slots__ = ("_broker", "_count", "_head")

    def __init__(self, broker: int = 0) -> None:
        if not 0 <= broker < 2**32:
            raise ValueError(f"broker id {broker} does not fit the UUID's first field")
        self._broker = broker
        self._count = 0
        self._head = f"{broker:08x}-0000-4000-8000-"  # (formatted once: a re-run makes many ids)

    @property
    def issued(self) -> int:
        """How many ids have been handed out."""
        return self._count

    def uuid(self) -> str:
        """The next UUID string (advances the counter)."""
        self._count += 1
        return f"{self._head}{self._count:012x}"

    def next(self, prefix: str) -> str:
        """``prefix + "-" + uuid`` (prefix: the client id, or the group instance id)."""
        return f"{prefix}-{self.uuid()}"
