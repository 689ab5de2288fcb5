"""The Java consumer's partition assignors: range, roundrobin, sticky, cooperative-sticky.

The group leader runs one of these over every member's :class:`Subscription` and the
partition counts it knows, and sends each member its share in SyncGroup.  Restated from
Kafka's ``clients/src/main/java/org/apache/kafka/clients/consumer/`` (``RangeAssignor``,
``RoundRobinAssignor``, ``StickyAssignor``, ``CooperativeStickyAssignor``,
``internals/AbstractPartitionAssignor`` and ``internals/AbstractStickyAssignor``) as of
Kafka 3.8 / 3.9 (trunk of 2024-09), without rack awareness:

* Rack-aware assignment (KIP-881, 3.5+) is left out: every member is treated as rackless,
  which is what Kafka does when no ``client.rack`` is set (``useRackAwareAssignment`` is
  false).  A subscription's ``rack`` is decoded and carried, never used here.
* Static members (``group.instance.id``) sort before dynamic ones in range and roundrobin,
  by instance id (``MemberInfo.compareTo``, 2.4+).  A 2.3 leader ignored instance ids: the
  caller leaves ``group_instance_id`` unset to get that behaviour.
* The sticky assignors' owned-partition order (``KAFKA-16277``, 3.8), the conflicting-claims
  rule (``KAFKA-14639``, 3.6) and ``isBalanced`` (``KAFKA-15106``, 3.6) are the newest ones;
  older clients break ties differently.

Determinism.  Kafka's sticky assignors iterate ``java.util.HashMap`` / ``HashSet`` objects,
and in ties (which member keeps ``maxQuota`` owned partitions, which of two conflicting
claims wins, which moved partition goes back) the answer is that iteration order.  This
module reproduces it: :class:`JavaHashOrder` is the iteration order of a ``HashMap`` built by
``new HashMap<>()`` and ``put`` (bucket by ``hashCode``, then insertion order; the
red-black-tree bins a ``HashMap`` grows past 8 collisions in one bucket of a 64+ table are
approximated by insertion order).  The ``subscriptions`` mapping's order is taken as the
JoinGroup response's member order, which is the order the leader inserts them in.  Member
ids and topics are compared as Java compares strings (UTF-16 code units).

One piece of Kafka's state is not kept: a Java sticky assignor remembers the highest
generation it ever saw (``maxGeneration`` is never reset), while each call here starts from -1;
the two differ only when a leader that led a newer generation assigns members that all report
older ones (a group re-created under the same leader process).

Kafka's quirks are kept, not fixed: a member whose subscription lists no topic, met first,
makes the sticky assignors believe all subscriptions are equal; an owned partition beyond a
topic's current partition count confuses the unassigned-partition walk.  Where Kafka would
throw (``IllegalStateException``, a ``NullPointerException``), :class:`AssignorError` is
raised with what Kafka says.

Results: every subscribed member id is a key (maybe with an empty tuple); each member's
partitions are sorted by topic then partition number (``TopicPartitionComparator``) —
Kafka's own list order follows ``HashMap`` iteration of topics and carries no meaning.
"""

from __future__ import annotations

import struct
from abc import ABC, abstractmethod
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType
from typing import ClassVar, Generic, TypeVar

from .consumer_protocol import Subscription, java_sort_key, partition_name, split_partition

TopicPartition = tuple[str, int]
Assigned = dict[str, list[TopicPartition]]

DEFAULT_GENERATION = -1  # AbstractStickyAssignor.DEFAULT_GENERATION


class RebalanceProtocol(IntEnum):
    """``ConsumerPartitionAssignor.RebalanceProtocol``: a higher id is the more advanced."""

    EAGER = 0
    COOPERATIVE = 1  # KIP-429, 2.4


class AssignorError(Exception):
    """Kafka's assignor would throw here; the message says what Kafka says."""


# ---- Java's hash orders -----------------------------------------------------------------------

def java_string_hash(text: str) -> int:
    """``String.hashCode`` as an unsigned 32-bit value."""
    h = 0
    units = text.encode("utf-16-be", "surrogatepass")
    for i in range(0, len(units), 2):
        h = (31 * h + (units[i] << 8 | units[i + 1])) & 0xFFFFFFFF
    return h


def topic_partition_hash(tp: TopicPartition) -> int:
    """``TopicPartition.hashCode``: ``31 * (31 + partition) + topic.hashCode()``."""
    return (31 * (31 + tp[1]) + java_string_hash(tp[0])) & 0xFFFFFFFF


K = TypeVar("K")


class JavaHashOrder(Generic[K]):
    """The iteration order of a ``java.util.HashMap`` (or ``HashSet``) created empty.

    A key lives in bucket ``(h ^ h >>> 16) & (capacity - 1)``; a bucket keeps insertion
    order; the table starts at 16 buckets and doubles when it holds more than 3/4 of its
    capacity, or when a ninth key lands in one bucket of a table under 64 buckets
    (``treeifyBin``).  Iteration walks the buckets in index order.
    """

    def __init__(self, hash_of: Callable[[K], int], keys: Iterable[K] = ()) -> None:
        self._hash_of = hash_of
        self._capacity = 16
        self._buckets: list[list[tuple[int, K]]] = [[] for _ in range(16)]
        self._size = 0
        for key in keys:
            self.add(key)

    def add(self, key: K) -> None:
        h = self._hash_of(key)
        h ^= h >> 16
        chain = self._buckets[h & (self._capacity - 1)]
        if any(k == key for _, k in chain):
            return
        chain.append((h, key))
        if len(chain) > 8 and self._capacity < 64:  # TREEIFY_THRESHOLD, MIN_TREEIFY_CAPACITY
            self._resize()
        self._size += 1
        if self._size > self._capacity * 3 // 4:
            self._resize()

    def remove(self, key: K) -> None:
        h = self._hash_of(key)
        h ^= h >> 16
        chain = self._buckets[h & (self._capacity - 1)]
        for i, (_, k) in enumerate(chain):
            if k == key:
                del chain[i]
                self._size -= 1
                return

    def _resize(self) -> None:
        self._capacity *= 2
        old, self._buckets = self._buckets, [[] for _ in range(self._capacity)]
        for chain in old:
            for h, key in chain:
                self._buckets[h & (self._capacity - 1)].append((h, key))

    def __iter__(self) -> Iterator[K]:
        for chain in self._buckets:
            for _, key in chain:
                yield key

    def __len__(self) -> int:
        return self._size


def java_map_order(member_ids: Iterable[str]) -> list[str]:
    """The order a ``HashMap<String, ...>`` filled in this order iterates its keys."""
    return list(JavaHashOrder(java_string_hash, member_ids))


def _member_key(member_id: str, subscription: Subscription) -> tuple[int, bytes]:
    """``AbstractPartitionAssignor.MemberInfo.compareTo``: static members first, by instance id."""
    if subscription.group_instance_id is not None:
        return (0, java_sort_key(subscription.group_instance_id))
    return (1, java_sort_key(member_id))


def _tp_key(tp: TopicPartition) -> tuple[bytes, int]:
    return (java_sort_key(tp[0]), tp[1])


# ---- the assignor interface ---------------------------------------------------------------------

class Assignor(ABC):
    """One ``ConsumerPartitionAssignor``: its protocol name, class name and protocols."""

    name: ClassVar[str]
    class_name: ClassVar[str]
    supported_protocols: ClassVar[tuple[RebalanceProtocol, ...]] = (RebalanceProtocol.EAGER,)

    def assign(self, subscriptions: Mapping[str, Subscription],
               partitions_per_topic: Mapping[str, int]) -> dict[str, tuple[str, ...]]:
        """``AbstractPartitionAssignor.assign``: only subscribed topics with partitions count."""
        for topic, count in partitions_per_topic.items():
            if count < 0:
                raise ValueError(f"topic {topic!r} has {count} partitions: a count cannot be negative")
        subscribed = {t for s in subscriptions.values() for t in s.topics}
        counts = {t: n for t, n in partitions_per_topic.items() if t in subscribed and n > 0}
        order = java_map_order(subscriptions)
        if not order:
            return {}
        raw = self._assign([(m, subscriptions[m]) for m in order], counts)
        return {m: tuple(partition_name(*tp) for tp in sorted(raw.get(m, ()), key=_tp_key))
                for m in subscriptions}

    @abstractmethod
    def _assign(self, members: Sequence[tuple[str, Subscription]], counts: Mapping[str, int]) -> Assigned:
        """``members`` in the leader's ``HashMap`` order; ``counts`` subscribed topics only."""


class RangeAssignor(Assignor):
    """Per topic, members in ``MemberInfo`` order take consecutive ranges; the first
    ``partitions % members`` take one extra."""

    name = "range"
    class_name = "org.apache.kafka.clients.consumer.RangeAssignor"

    def _assign(self, members: Sequence[tuple[str, Subscription]], counts: Mapping[str, int]) -> Assigned:
        out: Assigned = {m: [] for m, _ in members}
        subs = dict(members)
        for topic, count in counts.items():
            subscribers = [m for m, s in members if topic in s.topics]
            if not subscribers:
                continue
            subscribers.sort(key=lambda m: _member_key(m, subs[m]))
            per, extra = divmod(count, len(subscribers))
            for i, member in enumerate(subscribers):
                start = per * i + min(i, extra)
                out[member].extend((topic, p) for p in range(start, start + per + (1 if i < extra else 0)))
        return out


class RoundRobinAssignor(Assignor):
    """All partitions, topics sorted, dealt in turn to the members in ``MemberInfo`` order,
    skipping a member not subscribed to the partition's topic (``CircularIterator``)."""

    name = "roundrobin"
    class_name = "org.apache.kafka.clients.consumer.RoundRobinAssignor"

    def _assign(self, members: Sequence[tuple[str, Subscription]], counts: Mapping[str, int]) -> Assigned:
        out: Assigned = {m: [] for m, _ in members}
        circle = sorted(members, key=lambda ms: _member_key(*ms))
        topics = sorted({t for _, s in members for t in s.topics}, key=java_sort_key)
        at = 0
        for topic in topics:
            for p in range(counts.get(topic, 0)):
                while topic not in circle[at][1].topics:
                    at = (at + 1) % len(circle)
                out[circle[at][0]].append((topic, p))
                at = (at + 1) % len(circle)
        return out


@dataclass(frozen=True)
class MemberData:
    """``AbstractStickyAssignor.MemberData``: what a member owned, and in which generation."""

    partitions: tuple[TopicPartition, ...]
    generation: int | None


class _AbstractSticky(Assignor):
    """``AbstractStickyAssignor``: balanced, and moving as few owned partitions as it can."""

    @abstractmethod
    def member_data(self, subscription: Subscription) -> MemberData:
        """Where this assignor reads a member's owned partitions and generation from."""

    def _assign(self, members: Sequence[tuple[str, Subscription]], counts: Mapping[str, int]) -> Assigned:
        return self._sticky(members, counts)[0]

    def _sticky(self, members: Sequence[tuple[str, Subscription]],
                counts: Mapping[str, int]) -> tuple[Assigned, dict[TopicPartition, str] | None]:
        """The assignment and, for the all-equal path, the partitions changing owner (the
        general path leaves that to the cooperative assignor: ``None``)."""
        subs = dict(members)
        data = {m: self.member_data(s) for m, s in members}
        equal, owned, multi, max_generation = _all_subscriptions_equal(members, data, counts)
        if equal:
            transferring: dict[TopicPartition, str] = {}
            return _ConstrainedBuilder(counts, owned, multi, transferring).build(), transferring
        general = _GeneralBuilder(counts, owned, members, subs, data, max_generation)
        return general.build(), None


def _all_subscriptions_equal(
    members: Sequence[tuple[str, Subscription]], data: Mapping[str, MemberData], counts: Mapping[str, int],
) -> tuple[bool, dict[str, list[TopicPartition]], set[TopicPartition], int]:
    """``allSubscriptionsEqual``: whether every member lists the same topics, each member's
    still-valid owned partitions, the partitions claimed twice in one generation, and the
    highest generation seen.  A claim conflict goes to the higher generation; in the same
    generation both lose it (``KAFKA-14639``, 3.6)."""
    equal = True
    topics: set[str] = set()
    owned: dict[str, list[TopicPartition]] = {}
    multi: set[TopicPartition] = set()
    previous_owner: dict[TopicPartition, str] = {}
    generation_of = {m: s.generation if s.generation >= 0 else DEFAULT_GENERATION for m, s in members}
    max_generation = DEFAULT_GENERATION
    for member, subscription in members:
        if not topics:  # as Kafka: a member with no topic leaves this empty, the next one fills it
            topics.update(subscription.topics)
        elif equal and not (len(subscription.topics) == len(topics)
                            and topics.issuperset(subscription.topics)):
            equal = False
        md = data[member]
        generation = md.generation if md.generation is not None else DEFAULT_GENERATION
        max_generation = max(max_generation, generation)
        mine: list[TopicPartition] = []
        owned[member] = mine
        for tp in md.partitions:
            if tp[0] not in counts:
                continue
            other = previous_owner.get(tp)
            if other is None:
                mine.append(tp)
                previous_owner[tp] = member
                continue
            # Kafka reads the other claimant's generation from its subscription, not its member data
            other_generation = generation_of[other]
            if generation == other_generation:
                multi.add(tp)
                _remove_first(owned[other], tp)
                previous_owner[tp] = member
            elif generation > other_generation:
                mine.append(tp)
                _remove_first(owned[other], tp)
                previous_owner[tp] = member
    # consumerToOwnedPartitions is a HashMap of its own, filled in the subscriptions' order
    ordered = {m: owned[m] for m in JavaHashOrder(java_string_hash, owned)}
    return equal, ordered, multi, max_generation


def _remove_first(items: list[TopicPartition], tp: TopicPartition) -> None:
    """``List.remove(Object)``: the first occurrence, if any."""
    if tp in items:
        items.remove(tp)


class _ConstrainedBuilder:
    """``ConstrainedAssignmentBuilder`` (2.7+, KAFKA-9987): all members subscribe alike, so
    each gets ``minQuota`` or ``maxQuota`` partitions, keeping what it owned up to that."""

    def __init__(self, counts: Mapping[str, int], owned: dict[str, list[TopicPartition]],
                 multi: set[TopicPartition], transferring: dict[TopicPartition, str]) -> None:
        self.counts, self.owned, self.multi, self.transferring = counts, owned, multi, transferring
        total = sum(counts.values())
        n = len(owned)
        self.min_quota, self.max_quota = total // n, -(-total // n)
        self.expected_over = total % n
        self.current_over = 0
        self.assignment: Assigned = {m: [] for m in owned}
        self.maybe_revoked: dict[TopicPartition, str] = {}
        self.under: list[str] = []  # unfilledMembersWithUnderMinQuotaPartitions
        self.exactly: list[str] = []  # unfilledMembersWithExactlyMinQuotaPartitions

    def build(self) -> Assigned:
        assigned = self._assign_owned()
        unassigned = self._unassigned(assigned)
        self.under.sort(key=java_sort_key)
        self.exactly.sort(key=java_sort_key)
        self._round_robin(unassigned)
        self._verify_unfilled()
        return self.assignment

    def _assign_owned(self) -> list[TopicPartition]:
        assigned: list[TopicPartition] = []
        for member, owned in self.owned.items():
            # by partition, then topic (KAFKA-16277, 3.8: spreads each topic over the members)
            mine = sorted(owned, key=lambda tp: (tp[1], java_sort_key(tp[0])))
            mine = [tp for tp in mine if tp not in self.multi]
            keep = self.assignment[member]
            if len(mine) < self.min_quota:
                keep.extend(mine)
                assigned.extend(mine)
                self.under.append(member)
            elif len(mine) >= self.max_quota and self.current_over < self.expected_over:
                self.current_over += 1
                if self.current_over == self.expected_over:
                    self.exactly.clear()
                keep.extend(mine[:self.max_quota])
                assigned.extend(mine[:self.max_quota])
                for tp in mine[self.max_quota:]:
                    self.maybe_revoked[tp] = member
            else:
                keep.extend(mine[:self.min_quota])
                assigned.extend(mine[:self.min_quota])
                for tp in mine[self.min_quota:]:
                    self.maybe_revoked[tp] = member
                if self.current_over < self.expected_over:
                    self.exactly.append(member)
        return assigned

    def _unassigned(self, assigned: list[TopicPartition]) -> list[TopicPartition]:
        """Kafka's two-pointer walk over all partitions (topics sorted) and the sorted assigned."""
        topics = sorted(self.counts, key=java_sort_key)
        if not assigned:
            return [(t, p) for t in topics for p in range(self.counts[t])]
        pending = iter(sorted(assigned, key=_tp_key))
        nxt = next(pending)
        direct = False
        out: list[TopicPartition] = []
        for topic in topics:
            for p in range(self.counts[topic]):
                if direct or nxt != (topic, p):
                    out.append((topic, p))
                else:
                    following = next(pending, None)
                    if following is None:
                        direct = True
                    else:
                        nxt = following
        return out

    def _round_robin(self, unassigned: list[TopicPartition]) -> None:
        # a java.util.LinkedList iterator over `under`: `at` is the next index, `last` the last returned
        at, last = 0, -1
        for tp in unassigned:
            if at < len(self.under):
                member, last = self.under[at], at
                at += 1
            elif not self.under and not self.exactly:
                raise AssignorError("No more unfilled consumers to be assigned.")
            elif not self.under:
                member = self.exactly.pop(0)
            else:
                member, last, at = self.under[0], 0, 1
            count = self._assign_new(tp, member)
            if count == self.min_quota:
                if last < 0:
                    raise AssignorError("IllegalStateException: LinkedList iterator remove() without next()")
                del self.under[last]
                at, last = at - 1, -1
                self.exactly.append(member)
            elif count == self.max_quota:
                self.current_over += 1

    def _assign_new(self, tp: TopicPartition, member: str) -> int:
        self.assignment[member].append(tp)
        if (tp in self.maybe_revoked and self.maybe_revoked[tp] != member) or tp in self.multi:
            self.transferring[tp] = member
        return len(self.assignment[member])

    def _verify_unfilled(self) -> None:
        if not self.under:
            return
        if self.current_over != self.expected_over:
            raise AssignorError("We haven't reached the expected number of members with more than the "
                                "minQuota partitions, but no more partitions to be assigned")
        for member in self.under:
            if len(self.assignment[member]) != self.min_quota:
                raise AssignorError(f"Consumer: [{member}] doesn't reach minQuota partitions, "
                                    "and no more partitions to be assigned")


class _BySize:
    """``TreeSet`` with ``SubscriptionComparator``: members by assignment size, then id.

    Kafka removes a member before changing its assignment and adds it back after, so the
    key a member was inserted with is still its key when it is removed.
    """

    def __init__(self, assignment: Assigned) -> None:
        self.assignment = assignment
        self.keys: list[tuple[int, bytes, str]] = []

    def _key(self, member: str) -> tuple[int, bytes, str]:
        return (len(self.assignment[member]), java_sort_key(member), member)

    def add(self, member: str) -> None:
        key = self._key(member)
        i = bisect_left(self.keys, key)
        if i == len(self.keys) or self.keys[i] != key:
            insort(self.keys, key)

    def remove(self, member: str) -> None:
        key = self._key(member)
        i = bisect_left(self.keys, key)
        if i < len(self.keys) and self.keys[i] == key:
            del self.keys[i]

    def first(self) -> str:
        return self.keys[0][2]

    def last(self) -> str:
        return self.keys[-1][2]

    def __iter__(self) -> Iterator[str]:
        return iter([k[2] for k in self.keys])


class _Movements:
    """``PartitionMovements``: which partitions moved between which two members, so that a
    later move can send back a partition instead of moving a second one."""

    def __init__(self) -> None:
        self.by_topic: dict[str, dict[tuple[str, str], JavaHashOrder[TopicPartition]]] = {}
        self.moves: dict[TopicPartition, tuple[str, str]] = {}

    def _remove_record(self, tp: TopicPartition) -> tuple[str, str]:
        pair = self.moves.pop(tp)
        per_topic = self.by_topic[tp[0]]
        per_topic[pair].remove(tp)
        if not len(per_topic[pair]):
            del per_topic[pair]
        if not per_topic:
            del self.by_topic[tp[0]]
        return pair

    def _add_record(self, tp: TopicPartition, pair: tuple[str, str]) -> None:
        self.moves[tp] = pair
        self.by_topic.setdefault(tp[0], {}).setdefault(pair, JavaHashOrder(topic_partition_hash)).add(tp)

    def move(self, tp: TopicPartition, old: str, new: str) -> None:
        if tp in self.moves:
            src, _ = self._remove_record(tp)
            if src != new:
                self._add_record(tp, (src, new))
        else:
            self._add_record(tp, (old, new))

    def actual_partition_to_move(self, tp: TopicPartition, old: str, new: str) -> TopicPartition:
        per_topic = self.by_topic.get(tp[0])
        if per_topic is None:
            return tp
        if tp in self.moves:
            old = self.moves[tp][0]
        reverse = per_topic.get((new, old))
        if reverse is None:
            return tp
        return next(iter(reverse))  # HashSet.iterator().next()


class _GeneralBuilder:
    """``GeneralAssignmentBuilder``: subscriptions differ.  Keep what members own, deal the
    rest to the least loaded, then move partitions while that improves the balance."""

    def __init__(self, counts: Mapping[str, int], current: dict[str, list[TopicPartition]],
                 members: Sequence[tuple[str, Subscription]], subs: Mapping[str, Subscription],
                 data: Mapping[str, MemberData], max_generation: int) -> None:
        self.counts, self.current, self.members, self.subs = counts, current, members, subs
        self.data, self.max_generation = data, max_generation
        self.total = sum(counts.values())
        self.topic_consumers: dict[str, list[str]] = {t: [] for t in counts}
        self.consumer_topics: dict[str, list[str]] = {}
        for member, subscription in members:
            mine = [t for t in subscription.topics if t in counts]
            self.consumer_topics[member] = mine
            for topic in mine:
                self.topic_consumers[topic].append(member)
            current.setdefault(member, [])
        self.owner: dict[TopicPartition, str] = {tp: m for m, parts in current.items() for tp in parts}
        topics = sorted(self.topic_consumers, key=lambda t: (len(self.topic_consumers[t]), java_sort_key(t)))
        self.sorted_all: list[TopicPartition] = [(t, p) for t in topics for p in range(counts[t])]
        self.by_size = _BySize(current)
        self.movements = _Movements()
        self.revocation_required = False

    def build(self) -> Assigned:
        previous = self._previous_assignment()
        assigned = self._assign_owned()
        unassigned = self._unassigned(assigned)
        for member in self.current:
            self.by_size.add(member)
        self._balance(previous, unassigned)
        return self.current

    def _previous_assignment(self) -> dict[TopicPartition, tuple[str, int]]:
        """``prepopulateCurrentAssignments``: for each partition, the member that owned it in
        the newest generation older than the current one (ties: the first met)."""
        previous: dict[TopicPartition, tuple[str, int]] = {}
        for member, _ in self.members:
            md = self.data[member]
            if md.generation is not None and md.generation < self.max_generation:
                generation = md.generation
            elif md.generation is None and self.max_generation > DEFAULT_GENERATION:
                generation = DEFAULT_GENERATION
            else:
                continue
            for tp in md.partitions:
                if tp not in previous or generation > previous[tp][1]:
                    previous[tp] = (member, generation)
        return previous

    def _assign_owned(self) -> list[TopicPartition]:
        assigned: list[TopicPartition] = []
        for member, parts in self.current.items():
            topics = self.subs[member].topics
            keep: list[TopicPartition] = []
            for tp in parts:
                if tp[0] not in self.topic_consumers:
                    self.owner.pop(tp, None)
                elif tp[0] not in topics:
                    self.revocation_required = True  # Kafka leaves the owner entry as it is
                else:
                    assigned.append(tp)
                    keep.append(tp)
            parts[:] = keep
        return assigned

    def _unassigned(self, assigned: list[TopicPartition]) -> list[TopicPartition]:
        if not assigned:
            return self.sorted_all  # the same list, as in Kafka
        pending = iter(sorted(assigned, key=lambda tp: (
            len(self.topic_consumers[tp[0]]), java_sort_key(tp[0]), tp[1])))  # Utils.PartitionComparator
        nxt = next(pending)
        direct = False
        out: list[TopicPartition] = []
        for tp in self.sorted_all:
            if direct or nxt != tp:
                out.append(tp)
            else:
                following = next(pending, None)
                if following is None:
                    direct = True
                else:
                    nxt = following
        return out

    def _max_size(self, topics: list[str]) -> int:
        if len(topics) == len(self.counts):
            return self.total
        return sum(self.counts[t] for t in topics)

    def _topic_can_move(self, topic: str) -> bool:
        return len(self.topic_consumers[topic]) >= 2

    def _consumer_can_move(self, member: str) -> bool:
        parts = self.current[member]
        if len(parts) < self._max_size(self.consumer_topics[member]):
            return True
        return any(self._topic_can_move(tp[0]) for tp in parts)

    def _balance(self, previous: dict[TopicPartition, tuple[str, int]],
                 unassigned: list[TopicPartition]) -> None:
        initializing = not self.current[self.by_size.last()]
        for tp in unassigned:  # maybeAssign, without racks
            if not self.topic_consumers[tp[0]]:
                continue
            for member in self.by_size:
                if tp[0] in self.consumer_topics[member]:
                    self.by_size.remove(member)
                    self.current[member].append(tp)
                    self.owner[tp] = member
                    self.by_size.add(member)
                    break
        fixed = {(t, p) for t in self.topic_consumers if not self._topic_can_move(t)
                 for p in range(self.counts[t])}
        self.sorted_all[:] = [tp for tp in self.sorted_all if tp not in fixed]
        unassigned[:] = [tp for tp in unassigned if tp not in fixed]
        fixed_assignments: Assigned = {}
        for member in self.consumer_topics:
            if not self._consumer_can_move(member):
                self.by_size.remove(member)
                fixed_assignments[member] = self.current.pop(member)
        before = {m: list(parts) for m, parts in self.current.items()}
        owner_before = dict(self.owner)
        if not self.revocation_required:
            self._perform_reassignments(unassigned, previous)
        performed = self._perform_reassignments(self.sorted_all, previous)
        if not initializing and performed and _balance_score(self.current) >= _balance_score(before):
            self.current.clear()
            self.current.update(before)
            self.owner = owner_before
        self.current.update(fixed_assignments)

    def _perform_reassignments(self, partitions: list[TopicPartition],
                               previous: dict[TopicPartition, tuple[str, int]]) -> bool:
        performed = False
        while True:
            modified = False
            for tp in partitions:
                if self._is_balanced():
                    break
                member = self.owner.get(tp)
                if member is None:
                    raise AssignorError(f"NullPointerException: {partition_name(*tp)} has no owner")
                size = self._size(member, tp)
                if tp in previous and size > self._size(previous[tp][0], tp) + 1:
                    self._reassign(tp, previous[tp][0])
                    performed = modified = True
                    continue
                for other in self.topic_consumers[tp[0]]:
                    if size > self._size(other, tp) + 1:
                        self._reassign(tp, next(m for m in self.by_size if tp[0] in self.consumer_topics[m]))
                        performed = modified = True
                        break
            if not modified:
                return performed

    def _is_balanced(self) -> bool:
        smallest = len(self.current[self.by_size.first()])
        largest = len(self.current[self.by_size.last()])
        if smallest >= largest - 1:
            return True
        owners = {tp: m for m, parts in self.current.items() for tp in parts}
        for member in self.by_size:
            mine = self.current[member]
            size = len(mine)
            if size == self._max_size(self.consumer_topics[member]):
                continue
            have = set(mine)
            for topic in self.consumer_topics[member]:
                for p in range(self.counts[topic]):
                    tp = (topic, p)
                    if tp not in have and size + 1 < self._size(owners.get(tp), tp):
                        return False
        return True

    def _size(self, member: str | None, tp: TopicPartition) -> int:
        """How many partitions a member holds; Kafka's ``currentAssignment.get(m).size()`` throws
        a NullPointerException for a member outside the reassignment (or no member)."""
        parts = self.current.get(member) if member is not None else None
        if parts is None:
            raise AssignorError(f"NullPointerException: sizing the assignment of {member or 'no member'} "
                                f"while moving {partition_name(*tp)}")
        return len(parts)

    def _reassign(self, tp: TopicPartition, new: str) -> None:
        moved = self.movements.actual_partition_to_move(tp, self.owner[tp], new)
        old = self.owner[moved]
        self.by_size.remove(old)
        self.by_size.remove(new)
        self.movements.move(moved, old, new)
        self.current[old].remove(moved)
        self.current[new].append(moved)
        self.owner[moved] = new
        self.by_size.add(new)
        self.by_size.add(old)


def _balance_score(assignment: Assigned) -> int:
    """``getBalanceScore``: the sum of size differences over all pairs of members."""
    sizes = [len(parts) for parts in assignment.values()]
    return sum(abs(a - b) for i, a in enumerate(sizes) for b in sizes[i + 1:])


# ---- sticky user data -----------------------------------------------------------------------------

class _Truncated(Exception):
    pass


def _read(data: bytes, at: int, n: int) -> tuple[bytes, int]:
    if at + n > len(data):
        raise _Truncated
    return data[at:at + n], at + n


def _read_topic_partitions(data: bytes, at: int) -> tuple[list[TopicPartition], int]:
    """``ArrayOf(TOPIC_ASSIGNMENT)`` as ``Schema.read`` reads it (any error: ``_Truncated``)."""
    raw, at = _read(data, at, 4)
    (n,) = struct.unpack(">i", raw)
    if n < 0 or n > len(data) - at:
        raise _Truncated
    out: list[TopicPartition] = []
    for _ in range(n):
        raw, at = _read(data, at, 2)
        (length,) = struct.unpack(">h", raw)
        if length < 0:
            raise _Truncated
        name, at = _read(data, at, length)
        topic = name.decode("utf-8", "replace")
        raw, at = _read(data, at, 4)
        (count,) = struct.unpack(">i", raw)
        if count < 0 or count > len(data) - at:
            raise _Truncated
        for _ in range(count):
            raw, at = _read(data, at, 4)
            out.append((topic, struct.unpack(">i", raw)[0]))
    return out, at


def decode_sticky_user_data(data: bytes | None) -> MemberData:
    """``StickyAssignor.memberData``: the previous assignment and generation kept in user data.

    Schema v1 (2.3, KIP-341) is ``[topic, [partition]]`` then an int32 generation; v0 lacks the
    generation; bytes neither can read count as no partitions in generation -1.
    """
    if not data:
        return MemberData((), None)
    try:
        partitions, at = _read_topic_partitions(data, 0)
        raw, _ = _read(data, at, 4)
        return MemberData(tuple(partitions), struct.unpack(">i", raw)[0])
    except _Truncated:
        pass
    try:
        return MemberData(tuple(_read_topic_partitions(data, 0)[0]), None)
    except _Truncated:
        return MemberData((), DEFAULT_GENERATION)


def sticky_user_data(partitions: Sequence[str] | None, generation: int) -> bytes | None:
    """``StickyAssignor.subscriptionUserData``: None before the member's first assignment,
    else its partitions (grouped by topic in ``HashMap`` order) and its generation."""
    if partitions is None:
        return None
    grouped: dict[str, list[int]] = {}
    for name in partitions:
        topic, p = split_partition(name)
        grouped.setdefault(topic, []).append(p)
    out = [struct.pack(">i", len(grouped))]
    for topic in JavaHashOrder(java_string_hash, grouped):
        raw = topic.encode("utf-8")
        out.append(struct.pack(">h", len(raw)) + raw + struct.pack(">i", len(grouped[topic])))
        out.extend(struct.pack(">i", p) for p in grouped[topic])
    out.append(struct.pack(">i", generation))
    return b"".join(out)


def cooperative_sticky_user_data(generation: int) -> bytes:
    """``CooperativeStickyAssignor.subscriptionUserData``: the int32 generation (2.4+)."""
    return struct.pack(">i", generation)


class StickyAssignor(_AbstractSticky):
    """``StickyAssignor`` (0.11, KIP-54): eager; owned partitions come from user data only,
    since an eager member revoked everything before joining."""

    name = "sticky"
    class_name = "org.apache.kafka.clients.consumer.StickyAssignor"

    def member_data(self, subscription: Subscription) -> MemberData:
        return decode_sticky_user_data(subscription.user_data)


class CooperativeStickyAssignor(_AbstractSticky):
    """``CooperativeStickyAssignor`` (2.4, KIP-429): the sticky assignment, minus every
    partition that changes owner; the owner revokes it and a follow-up rebalance hands it
    over, so no partition goes straight from one member to another."""

    name = "cooperative-sticky"
    class_name = "org.apache.kafka.clients.consumer.CooperativeStickyAssignor"
    supported_protocols = (RebalanceProtocol.COOPERATIVE, RebalanceProtocol.EAGER)

    def member_data(self, subscription: Subscription) -> MemberData:
        owned = tuple(split_partition(n) for n in subscription.owned_partitions)
        if subscription.generation_id is not None:  # subscription v2+ (3.4)
            return MemberData(owned, subscription.generation_id)
        if subscription.user_data is None:
            return MemberData(owned, None)
        if len(subscription.user_data) < 4:
            return MemberData(owned, DEFAULT_GENERATION)
        return MemberData(owned, struct.unpack(">i", subscription.user_data[:4])[0])

    def _assign(self, members: Sequence[tuple[str, Subscription]], counts: Mapping[str, int]) -> Assigned:
        assignment, transferring = self._sticky(members, counts)
        if transferring is None:
            transferring = _transferring_ownership(members, assignment)
        for tp, member in transferring.items():
            _remove_first(assignment[member], tp)
        return assignment


def _transferring_ownership(members: Sequence[tuple[str, Subscription]],
                            assignment: Assigned) -> dict[TopicPartition, str]:
    """``computePartitionsTransferringOwnership``: partitions added to one member that another
    member (per its subscription's owned partitions) is giving up."""
    added: dict[TopicPartition, str] = {}
    revoked: set[TopicPartition] = set()
    for member, subscription in members:
        owned = [split_partition(n) for n in subscription.owned_partitions]
        mine = assignment.get(member, [])
        owned_set, mine_set = set(owned), set(mine)
        added.update((tp, member) for tp in mine if tp not in owned_set)
        revoked.update(tp for tp in owned if tp not in mine_set)
    return {tp: m for tp, m in added.items() if tp in revoked}


# ---- the registry -------------------------------------------------------------------------------

STRATEGIES: Mapping[str, Assignor] = MappingProxyType({
    a.name: a for a in (RangeAssignor(), RoundRobinAssignor(), StickyAssignor(), CooperativeStickyAssignor())
})
_BY_CLASS = {a.class_name: a for a in STRATEGIES.values()}


def assignor(strategy: str) -> Assignor:
    """The assignor named by its protocol name (``range``) or class name (as in the
    ``partition.assignment.strategy`` config)."""
    name = strategy.strip()
    found = STRATEGIES.get(name) or _BY_CLASS.get(name)
    if found is None:
        known = ", ".join(list(STRATEGIES) + list(_BY_CLASS))
        raise ValueError(f"{strategy!r} is not an assignor this engine knows: use one of {known}")
    return found


def assign(strategy: str, subscriptions: Mapping[str, Subscription], partitions_per_topic: Mapping[str, int],
           generation: int = -1) -> dict[str, tuple[str, ...]]:
    """The leader's assignment: member id -> its partitions (``"topic-N"``, sorted).

    ``subscriptions`` in the JoinGroup response's member order.  ``generation`` is the
    generation being formed; Kafka's assignors never see it (``ConsumerPartitionAssignor.
    assign`` takes only the cluster metadata and the subscriptions), so it only has to be a
    valid generation id.
    """
    if generation < -1:
        raise ValueError(f"generation {generation} is not a generation id (-1 or more)")
    return assignor(strategy).assign(subscriptions, partitions_per_topic)


def protocol_of(strategy: str) -> RebalanceProtocol:
    """The most advanced rebalance protocol the assignor supports."""
    return max(assignor(strategy).supported_protocols)


def rebalance_protocol(strategies: Sequence[str]) -> RebalanceProtocol:
    """``ConsumerCoordinator``'s choice: the most advanced protocol all configured assignors
    support (2.4+)."""
    if not strategies:
        raise ValueError("no assignor configured: partition.assignment.strategy is empty")
    common = set(assignor(strategies[0]).supported_protocols)
    for name in strategies[1:]:
        common &= set(assignor(name).supported_protocols)
    if not common:
        names = sorted({assignor(n).name for n in strategies})
        raise ValueError(f"Specified assignors {names} do not have commonly supported rebalance protocol")
    return max(common)
