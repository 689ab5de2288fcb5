"""FindCoordinator's mapping: which ``__consumer_offsets`` partition, and so which broker,
coordinates a group.

Kafka computes ``Utils.abs(groupId.hashCode) % groupMetadataTopicPartitionCount`` in every
release from 0.9.0 to 4.0 (``GroupMetadataManager.partitionFor`` in Scala, and
``GroupCoordinatorService.partitionFor`` in the Java coordinator of 3.6+).  Two details decide
the answer and are easy to get wrong:

* ``String.hashCode`` runs over UTF-16 code units, so a character outside the BMP counts as
  its two surrogates, and the sum wraps around as a 32-bit signed int;
* ``org.apache.kafka.common.utils.Utils.abs`` maps ``Integer.MIN_VALUE`` to 0 (``Math.abs``
  would leave it negative); it is not the producer's ``toPositive`` (``n & 0x7fffffff``),
  which would send such a group to a different partition.

The partition count is that of the existing topic, which is ``offsets.topic.num.partitions``
only if the topic was created with it.
"""

from __future__ import annotations

from functools import lru_cache

_INT_MIN = -(2**31)


@lru_cache(maxsize=1 << 12)  # (each re-run of a group's stretch asks again for its group)
def java_string_hash(s: str) -> int:
    """Java's ``String.hashCode``: ``s[0]*31^(n-1) + ... + s[n-1]`` over UTF-16 code units,
    as a 32-bit signed int."""
    # surrogatepass keeps a lone surrogate as the one code unit Java would hold for it.
    units = s.encode("utf-16-le", "surrogatepass")
    h = 0
    for i in range(0, len(units), 2):
        h = (31 * h + (units[i] | units[i + 1] << 8)) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def kafka_abs(n: int) -> int:
    """Kafka's ``Utils.abs``: ``Math.abs``, except that ``Integer.MIN_VALUE`` becomes 0."""
    return 0 if n == _INT_MIN else abs(n)


def coordinator_partition(group: str, partitions: int) -> int:
    """The ``__consumer_offsets`` partition that holds ``group`` (FindCoordinator's answer)."""
    if partitions < 1:
        raise ValueError(f"__consumer_offsets needs at least one partition, not {partitions}")
    return kafka_abs(java_string_hash(group)) % partitions
