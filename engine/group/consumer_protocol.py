"""The consumer's embedded protocol: the bytes of a ``Subscription`` and an ``Assignment``.

A classic consumer group carries its own payload inside JoinGroup (each member's protocol
metadata is a subscription) and SyncGroup (the leader hands each member an assignment).
Both are a version-prefixed message (``MessageUtil.toVersionPrefixedBytes``): an int16
version, then the fields of that version, non-flexible encoding (int16-length strings,
int32-length arrays and bytes, -1 for null).  Restated from Kafka's
``clients/.../consumer/internals/ConsumerProtocol.java`` and
``clients/src/main/resources/common/message/ConsumerProtocolSubscription.json`` /
``ConsumerProtocolAssignment.json``:

* Subscription v0 (0.9): topics, user data;
  v1 (2.4, KIP-429): + owned partitions;
  v2 (3.4, KIP-792 / KAFKA-13715): + generation id;
  v3 (3.4, KIP-881 / KAFKA-14352): + rack id.
* Assignment v0..v3: assigned partitions, user data (v1..v3 exist only to keep the two
  messages' versions in step: ``ConsumerProtocol`` checks they have the same range).

Rules kept from Kafka: a version newer than 3 is read as version 3 (later versions may only
append fields); a negative version is refused; bytes after the last field are ignored; an
empty rack id reads as none; the encoder writes topics sorted and owned partitions sorted by
topic then partition (2.7+), and drops fields the chosen version lacks (they are
``ignorable``).  Strings decode as Java does, malformed UTF-8 becoming U+FFFD.

Topic-partitions are the engine's ``"topic-N"`` strings (split on the last ``-``, since topic
names may contain ``-``).  Bad bytes raise :class:`ValueError` with a sentence naming what
is wrong and where.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: The newest version of both messages (Kafka 3.4+).
HIGHEST_VERSION = 3


def java_sort_key(text: str) -> bytes:
    """A key that orders strings as Java's ``String.compareTo`` does (UTF-16 code units).

    Python compares code points; the two differ for characters beyond the BMP, and Kafka's
    sorts (topics, member ids) are Java's.
    """
    return text.encode("utf-16-be", "surrogatepass")


def partition_name(topic: str, partition: int) -> str:
    """``("orders", 7)`` -> ``"orders-7"`` (Kafka's ``TopicPartition.toString``)."""
    return f"{topic}-{partition}"


def split_partition(name: str) -> tuple[str, int]:
    """``"my-topic-7"`` -> ``("my-topic", 7)``: the partition is after the LAST ``-``."""
    topic, sep, number = name.rpartition("-")
    if not sep or not topic or not number.isdigit() or not number.isascii():
        raise ValueError(f"{name!r} is not a topic-partition: write it as <topic>-<partition number>, "
                         "like orders-7")
    return topic, int(number)


def highest_version(kafka: tuple[int, int]) -> int:
    """The consumer protocol version a Java client of that Kafka version writes."""
    if kafka >= (3, 4):
        return 3  # KAFKA-13715 (generation id) and KAFKA-14352 (rack id) both landed in 3.4
    if kafka >= (2, 4):
        return 1  # KIP-429 owned partitions
    return 0


@dataclass(frozen=True)
class Subscription:
    """A member's JoinGroup metadata for the ``consumer`` protocol type.

    ``generation`` is the member's last generation (-1: none, as on the wire for v0/v1);
    Kafka treats any negative value as absent.  ``group_instance_id`` is not on the wire: the
    leader copies it from the JoinGroup response member (``ConsumerCoordinator.
    onLeaderElected``), and the range and round-robin assignors order static members by it.
    """

    topics: tuple[str, ...]
    user_data: bytes | None = None
    owned_partitions: tuple[str, ...] = ()
    generation: int = -1
    rack: str | None = None
    group_instance_id: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "topics", tuple(self.topics))
        object.__setattr__(self, "owned_partitions", tuple(self.owned_partitions))
        for name in self.owned_partitions:
            split_partition(name)
        if not -(2**31) <= self.generation < 2**31:
            raise ValueError(f"generation {self.generation} does not fit in an int32")

    @property
    def generation_id(self) -> int | None:
        """Kafka's ``Subscription.generationId()``: the generation, or None when negative."""
        return self.generation if self.generation >= 0 else None


@dataclass(frozen=True)
class Assignment:
    """What the leader hands one member in SyncGroup."""

    partitions: tuple[str, ...]
    user_data: bytes | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "partitions", tuple(self.partitions))
        for name in self.partitions:
            split_partition(name)


# ---- encoding ------------------------------------------------------------------------------

def _string(text: str | None, what: str, *, nullable: bool = False) -> bytes:
    if text is None:
        if not nullable:
            raise ValueError(f"{what} is null, but it is not nullable")
        return struct.pack(">h", -1)
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{what} {text!r} is not valid Unicode (it holds a lone surrogate)") from None
    if len(raw) > 0x7FFF:
        raise ValueError(f"{what} is {len(raw)} bytes long; a Kafka string holds at most 32767")
    return struct.pack(">h", len(raw)) + raw


def _bytes(data: bytes | None) -> bytes:
    if data is None:
        return struct.pack(">i", -1)
    return struct.pack(">i", len(data)) + bytes(data)


def _topic_partitions(groups: Sequence[tuple[str, list[int]]], what: str) -> bytes:
    out = [struct.pack(">i", len(groups))]
    for topic, partitions in groups:
        out.append(_string(topic, f"{what} topic name"))
        out.append(struct.pack(">i", len(partitions)))
        out.extend(struct.pack(">i", p) for p in partitions)
    return b"".join(out)


def _grouped_in_order(names: Iterable[str]) -> list[tuple[str, list[int]]]:
    """Partitions grouped by topic, topics in order of first appearance (Kafka 2.7+
    ``serializeAssignment``: ``assignedPartitions().find(topic)`` then add)."""
    groups: dict[str, list[int]] = {}
    for name in names:
        topic, partition = split_partition(name)
        groups.setdefault(topic, []).append(partition)
    return list(groups.items())


def _checked_version(version: int, what: str) -> int:
    if version < 0:
        raise ValueError(f"{what} version {version} is not supported: versions start at 0")
    return min(version, HIGHEST_VERSION)  # ConsumerProtocol.check*Version: newer -> newest known


def encode_subscription(subscription: Subscription, version: int = HIGHEST_VERSION) -> bytes:
    """``ConsumerProtocol.serializeSubscription``: topics sorted, owned partitions sorted."""
    version = _checked_version(version, "subscription")
    out = [struct.pack(">h", version)]
    topics = sorted(subscription.topics, key=java_sort_key)
    out.append(struct.pack(">i", len(topics)))
    out.extend(_string(t, "subscribed topic") for t in topics)
    out.append(_bytes(subscription.user_data))
    if version >= 1:
        owned = sorted((split_partition(n) for n in subscription.owned_partitions),
                       key=lambda tp: (java_sort_key(tp[0]), tp[1]))
        groups: list[tuple[str, list[int]]] = []
        for topic, partition in owned:
            if not groups or groups[-1][0] != topic:
                groups.append((topic, []))
            groups[-1][1].append(partition)
        out.append(_topic_partitions(groups, "owned partition"))
    if version >= 2:
        out.append(struct.pack(">i", subscription.generation))
    if version >= 3:
        out.append(_string(subscription.rack, "rack id", nullable=True))
    return b"".join(out)


def encode_assignment(assignment: Assignment, version: int = HIGHEST_VERSION) -> bytes:
    """``ConsumerProtocol.serializeAssignment``: partitions grouped by topic, in order."""
    version = _checked_version(version, "assignment")
    return (struct.pack(">h", version)
            + _topic_partitions(_grouped_in_order(assignment.partitions), "assigned partition")
            + _bytes(assignment.user_data))


# ---- decoding ------------------------------------------------------------------------------

class _Reader:
    def __init__(self, data: bytes, what: str) -> None:
        self.data, self.pos, self.what = bytes(data), 0, what

    def take(self, n: int, part: str) -> bytes:
        left = len(self.data) - self.pos
        if n > left:
            raise ValueError(f"{self.what} is truncated: {part} needs {n} bytes at offset {self.pos}, "
                             f"but only {left} remain")
        chunk = self.data[self.pos:self.pos + n]
        self.pos += n
        return chunk

    def int16(self, part: str) -> int:
        return struct.unpack(">h", self.take(2, part))[0]

    def int32(self, part: str) -> int:
        return struct.unpack(">i", self.take(4, part))[0]

    def string(self, part: str, *, nullable: bool = False) -> str | None:
        length = self.int16(f"the length of {part}")
        if length < 0:
            if nullable:
                return None
            raise ValueError(f"{self.what} has a null {part} (length {length}), but it is not nullable")
        return self.take(length, part).decode("utf-8", "replace")  # Java decodes with replacement

    def nullable_bytes(self, part: str) -> bytes | None:
        length = self.int32(f"the length of {part}")
        if length < 0:
            return None
        return self.take(length, part)

    def array_length(self, part: str) -> int:
        n = self.int32(f"the length of {part}")
        if n < 0:
            raise ValueError(f"{self.what} has a null {part} array (length {n}), but it is not nullable")
        left = len(self.data) - self.pos
        if n > left:  # the generated code's "Tried to allocate a collection of size ..." guard
            raise ValueError(f"{self.what} claims {n} entries in {part} at offset {self.pos - 4}, "
                             f"but only {left} bytes remain")
        return n

    def topic_partitions(self, part: str) -> tuple[str, ...]:
        names: list[str] = []
        for i in range(self.array_length(part)):
            topic = self.string(f"{part} entry {i} topic name")
            assert topic is not None
            for _ in range(self.array_length(f"{part} partitions of topic {topic!r}")):
                partition = self.int32(f"a partition number of {part} topic {topic!r}")
                if partition < 0:
                    raise ValueError(f"{self.what} lists partition {partition} of topic {topic!r} in {part}: "
                                     "partition numbers start at 0")
                names.append(partition_name(topic, partition))
        return tuple(names)


def read_version(data: bytes, what: str = "consumer protocol message") -> int:
    """The int16 version header (``ConsumerProtocol.deserializeVersion``)."""
    if len(data) < 2:
        raise ValueError(f"{what} is {len(data)} bytes long: it needs at least the 2-byte version header")
    version: int = struct.unpack(">h", data[:2])[0]
    return version


def _label(data: bytes, version: int) -> str:
    wire = read_version(data)
    return f"v{wire}" if wire == version else f"v{wire} (read as v{version})"


def decode_subscription(data: bytes) -> Subscription:
    """``ConsumerProtocol.deserializeSubscription``."""
    version = _checked_version(read_version(data, "consumer protocol subscription"), "subscription")
    r = _Reader(data, "consumer protocol subscription " + _label(data, version))
    r.pos = 2
    topics = []
    for i in range(r.array_length("topics")):
        topic = r.string(f"subscribed topic {i}")
        assert topic is not None
        topics.append(topic)
    user_data = r.nullable_bytes("user data")
    owned = r.topic_partitions("owned partitions") if version >= 1 else ()
    generation = r.int32("generation id") if version >= 2 else -1
    rack = r.string("rack id", nullable=True) if version >= 3 else None
    return Subscription(tuple(topics), user_data, owned, generation, rack or None)


def decode_assignment(data: bytes) -> Assignment:
    """``ConsumerProtocol.deserializeAssignment``."""
    version = _checked_version(read_version(data, "consumer protocol assignment"), "assignment")
    r = _Reader(data, "consumer protocol assignment " + _label(data, version))
    r.pos = 2
    partitions = r.topic_partitions("assigned partitions")
    return Assignment(partitions, r.nullable_bytes("user data"))
