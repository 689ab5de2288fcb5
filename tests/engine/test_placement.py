"""FindCoordinator's mapping: ``Utils.abs(groupId.hashCode) % partitions`` (GroupMetadataManager
.partitionFor in 0.9.0-4.0, GroupCoordinatorService.partitionFor in the Java coordinator).

The expected hashes and partitions below were computed with the real JVM (OpenJDK 17.0.15,
``jshell``) on the development machine, evaluating for each string ``s``::

    int h = s.hashCode();
    int a = (h == Integer.MIN_VALUE) ? 0 : Math.abs(h);   // Kafka's Utils.abs
    a % 50; a % 7; a % 200;

with non-ASCII strings written as ``\\uXXXX`` escapes in the Java source.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.group.placement import coordinator_partition, java_string_hash, kafka_abs

# (group id, String.hashCode, partition of 50, partition of 7, partition of 200) — from jshell.
JVM = [
    ("", 0, 0, 0, 0),
    ("a", 97, 47, 6, 97),
    ("payments", 1382682413, 13, 0, 13),
    ("my-group", -1906497762, 12, 1, 162),
    ("console-consumer-12345", 158455506, 6, 6, 106),
    ("connect-cluster", 1440343063, 13, 5, 63),
    ("_confluent-controlcenter-7-4-0-1", 1248022044, 44, 3, 44),
    ("the quick brown fox jumps over the lazy dog", -2082818701, 1, 5, 101),
    # "group-" + U+1F600: Java counts the emoji as two UTF-16 code units (length 8).
    ("group-\U0001F600", 508083057, 7, 6, 57),
    # Japanese "日本語グループ", all inside the BMP.
    ("\u65e5\u672c\u8a9e\u30b0\u30eb\u30fc\u30d7", -305235731, 31, 3, 131),
    # A lone high surrogate, which a Java String can hold as one code unit.
    ("\ud800", 55296, 46, 3, 96),
]


@pytest.mark.parametrize(("group", "hash_code"), [(g, h) for g, h, *_ in JVM])
def test_java_string_hash_equals_the_jvms_string_hashcode(group, hash_code):
    assert java_string_hash(group) == hash_code


@pytest.mark.parametrize(("group", "p50", "p7", "p200"), [(g, a, b, c) for g, _, a, b, c in JVM])
def test_coordinator_partition_equals_kafkas_partition_for(group, p50, p7, p200):
    assert coordinator_partition(group, 50) == p50
    assert coordinator_partition(group, 7) == p7
    assert coordinator_partition(group, 200) == p200


def test_a_character_outside_the_bmp_hashes_as_its_two_surrogates():
    """"group-😀" hashes like the same text with U+D83D U+DE00 spelled out (as the JVM holds it)."""
    assert java_string_hash("group-\U0001F600") == java_string_hash("group-\ud83d\ude00") == 508083057


def test_colliding_java_strings_share_a_coordinator():
    """"Aa" and "BB" are Java's textbook hashCode collision (both 2112, checked with jshell)."""
    assert java_string_hash("Aa") == java_string_hash("BB") == 2112
    assert coordinator_partition("Aa", 50) == coordinator_partition("BB", 50) == 12


def test_a_group_whose_hash_is_integer_min_value_goes_to_partition_zero():
    """"polygenelubricants".hashCode() is Integer.MIN_VALUE (-2147483648, checked with jshell);
    Kafka's Utils.abs maps it to 0, so the group lives on partition 0 whatever the count."""
    assert java_string_hash("polygenelubricants") == -(2**31)
    assert kafka_abs(-(2**31)) == 0
    for partitions in (1, 7, 50, 200):
        assert coordinator_partition("polygenelubricants", partitions) == 0


def test_integer_min_value_is_not_masked_like_the_producers_to_positive():
    """n & 0x7fffffff (Utils.toPositive, the producer's partitioner) would give 0 too for MIN_VALUE
    but differs for every other negative hash: "my-group" is -1906497762, abs 1906497762 -> 12 of 50,
    while the mask gives 240985886 -> 36 of 50."""
    assert coordinator_partition("my-group", 50) == 12
    assert (java_string_hash("my-group") & 0x7FFFFFFF) % 50 == 36


def test_a_topic_without_partitions_is_refused():
    with pytest.raises(ValueError, match="at least one partition"):
        coordinator_partition("g", 0)


def _javadoc_hash(s: str) -> int:
    """The Javadoc's definition, s[0]*31^(n-1) + ... + s[n-1] over UTF-16 units, wrapped to int."""
    data = s.encode("utf-16-le", "surrogatepass")
    units = [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]
    total = sum(u * 31 ** (len(units) - 1 - i) for i, u in enumerate(units)) % 2**32
    return total - 2**32 if total >= 2**31 else total


# Any Java string: all of Unicode, lone surrogates included.
_JAVA_TEXT = st.text(st.characters(exclude_categories=()), max_size=60)


@given(_JAVA_TEXT)
def test_hash_matches_the_javadoc_formula_and_fits_a_java_int(s):
    h = java_string_hash(s)
    assert -(2**31) <= h < 2**31
    assert h == _javadoc_hash(s)


@given(_JAVA_TEXT, st.integers(min_value=1, max_value=10_000))
def test_coordinator_partition_is_always_a_partition_of_the_topic(group, partitions):
    assert 0 <= coordinator_partition(group, partitions) < partitions
