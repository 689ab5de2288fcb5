"""The consumer protocol's Subscription and Assignment bytes (Kafka's ``ConsumerProtocol``,
``ConsumerProtocolSubscription.json`` / ``ConsumerProtocolAssignment.json``), restating
``ConsumerProtocolTest`` and checked against bytes real clients wrote."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.group.consumer_protocol import (
    HIGHEST_VERSION,
    Assignment,
    Subscription,
    decode_assignment,
    decode_subscription,
    encode_assignment,
    encode_subscription,
    highest_version,
    java_sort_key,
    read_version,
    split_partition,
)

# ---- wire helpers: build bytes field by field, independently of the encoder ----------------------


def i16(n: int) -> bytes:
    return struct.pack(">h", n)


def i32(n: int) -> bytes:
    return struct.pack(">i", n)


def string(s: str | None) -> bytes:
    if s is None:
        return i16(-1)
    raw = s.encode()
    return i16(len(raw)) + raw


def nbytes(b: bytes | None) -> bytes:
    return i32(-1) if b is None else i32(len(b)) + b


def topic_partitions(groups: list[tuple[str, list[int]]]) -> bytes:
    out = i32(len(groups))
    for topic, parts in groups:
        out += string(topic) + i32(len(parts)) + b"".join(i32(p) for p in parts)
    return out


# ---- bytes written by real clients ------------------------------------------------------------------
# From the real corpus (../shared/corpus/real, see its PROVENANCE.md): aryan-jadon-Distributed-
# Kafka-Clusters, data/kafka-logs/__consumer_offsets-15/00000000000000000000.log, record offset 0,
# group console-consumer-45672: the GroupMetadataValue v3 member written by a Kafka 3.1.0 broker
# for Kafka's own kafka-console-consumer (Java client 3.1.0), topic "design" with 3 partitions.
JAVA_31_SUBSCRIPTION = bytes.fromhex("000100000001000664657369676effffffff00000000")
JAVA_31_ASSIGNMENT = bytes.fromhex("000100000001000664657369676e00000003000000000000000100000002ffffffff")
# Same file set, __consumer_offsets-12 record offset 354, group my-group: a kafka-python 2.0.2
# member (v0 subscription with empty, not null, user data).
KAFKA_PYTHON_SUBSCRIPTION = bytes.fromhex("000000000001000664657369676e00000000")


def test_a_java_31_console_consumer_subscription_decodes_as_v1_with_no_owned_partitions():
    """A 3.1 client writes v1 (owned partitions, KIP-429) with null user data for range."""
    assert read_version(JAVA_31_SUBSCRIPTION) == 1
    assert decode_subscription(JAVA_31_SUBSCRIPTION) == Subscription(("design",), None, (), -1, None)


def test_a_java_31_console_consumer_assignment_decodes_to_all_three_partitions():
    assert decode_assignment(JAVA_31_ASSIGNMENT) == Assignment(("design-0", "design-1", "design-2"), None)


def test_the_encoder_reproduces_the_java_31_clients_bytes_exactly():
    assert encode_subscription(Subscription(("design",)), version=1) == JAVA_31_SUBSCRIPTION
    assert encode_assignment(Assignment(("design-0", "design-1", "design-2")), version=1) == JAVA_31_ASSIGNMENT


def test_a_kafka_python_subscription_keeps_its_empty_user_data_distinct_from_null():
    assert decode_subscription(KAFKA_PYTHON_SUBSCRIPTION) == Subscription(("design",), b"")


@pytest.mark.corpus
def test_every_consumer_group_member_in_the_real_corpus_decodes(corpus: Path):
    """Each consumer-protocol member of each GroupMetadata record in the corpus's binary
    ``__consumer_offsets`` segments decodes, and agrees with the parser's own reading."""
    from kafka_forensics.parsers.datadir.messages import version_prefixed
    from kafka_forensics.parsers.datadir.offsets import ASSIGNMENT, SUBSCRIPTION

    members = list(_corpus_consumer_members(corpus))
    if not members:
        pytest.skip("the corpus holds no consumer group metadata")
    for subscription_bytes, assignment_bytes in members:
        sub = decode_subscription(subscription_bytes)
        _, theirs = version_prefixed(SUBSCRIPTION, subscription_bytes, newest_known=True)
        assert list(sub.topics) == theirs["topics"]
        assert sub.user_data == theirs["userData"]
        if not assignment_bytes:
            continue
        asg = decode_assignment(assignment_bytes)
        _, theirs = version_prefixed(ASSIGNMENT, assignment_bytes, newest_known=True)
        assert list(asg.partitions) == [f"{tp['topic']}-{p}" for tp in theirs["assignedPartitions"]
                                        for p in tp["partitions"]]
    assert any(read_version(s) == 1 for s, _ in members), "expected the Java console consumers' v1"


def _corpus_consumer_members(corpus: Path):
    from kafka_forensics.parsers.datadir.offsets import GROUP_METADATA_VALUE
    from kafka_forensics.parsers.datadir.segment import Batch, iter_segment
    from kafka_forensics.parsers.datadir.wire import Reader

    for path in sorted(corpus.glob("**/__consumer_offsets-*/*.log")):
        _, batches = iter_segment([path.read_bytes()])
        for batch in batches:
            if not isinstance(batch, Batch) or not batch.records:
                continue
            for rec in batch.records:
                if rec.key is None or rec.value is None:
                    continue
                key = Reader(rec.key)
                if key.int16() != 2:  # key version 2: GroupMetadata
                    continue
                value = Reader(rec.value)
                v = GROUP_METADATA_VALUE.decode(value, value.int16())
                if v["protocolType"] == "consumer":
                    for m in v["members"]:
                        yield m["subscription"], m["assignment"]


# ---- ConsumerProtocolTest ----------------------------------------------------------------------------

def test_subscription_fields_survive_each_version_they_exist_in():
    """ConsumerProtocolTest.serializeDeserializeSubscriptionAllVersions: owned partitions from
    v1, generation from v2, rack from v3; earlier versions read them as absent."""
    sub = Subscription(("foo", "bar"), b"hello", ("foo-0", "bar-0"), 1, "rack-a")
    for version in range(HIGHEST_VERSION + 1):
        got = decode_subscription(encode_subscription(sub, version))
        assert set(got.topics) == {"foo", "bar"}
        assert got.user_data == b"hello"
        assert set(got.owned_partitions) == ({"foo-0", "bar-0"} if version >= 1 else set())
        assert got.generation == (1 if version >= 2 else -1)
        assert got.rack == ("rack-a" if version >= 3 else None)


def test_null_subscription_user_data_stays_null():
    """ConsumerProtocolTest.serializeDeserializeNullSubscriptionUserData."""
    got = decode_subscription(encode_subscription(Subscription(("foo", "bar"), None)))
    assert got.user_data is None
    assert got.rack is None


def test_empty_subscription_user_data_stays_empty():
    """ConsumerProtocolTest.serializeDeserializeMetadata: zero-length user data, not null."""
    assert decode_subscription(encode_subscription(Subscription(("foo", "bar"), b""))).user_data == b""


def test_subscription_topics_are_written_sorted():
    """ConsumerProtocolTest.serializeSubscriptionShouldOrderTopics."""
    a = encode_subscription(Subscription(("foo", "bar"), None, ("foo-1", "bar-2")))
    b = encode_subscription(Subscription(("bar", "foo"), None, ("foo-1", "bar-2")))
    assert a == b
    assert decode_subscription(a).topics == ("bar", "foo")


def test_owned_partitions_are_written_sorted_by_topic_then_partition():
    """ConsumerProtocolTest.serializeSubscriptionShouldOrderOwnedPartitions."""
    a = encode_subscription(Subscription(("foo", "bar"), None, ("foo-1", "bar-2")))
    b = encode_subscription(Subscription(("foo", "bar"), None, ("bar-2", "foo-1")))
    assert a == b
    assert decode_subscription(a).owned_partitions == ("bar-2", "foo-1")


def test_an_old_v0_subscription_has_no_owned_partitions_generation_or_rack():
    """ConsumerProtocolTest.deserializeOldSubscriptionVersion."""
    got = decode_subscription(encode_subscription(Subscription(("foo", "bar"), None, ("foo-1",), 5, "r"), 0))
    assert got == Subscription(("bar", "foo"), None)


def test_a_future_subscription_version_is_read_as_the_newest_known_one():
    """ConsumerProtocolTest.deserializeFutureSubscriptionVersion: v100 appends a field 'bar'."""
    data = (i16(100) + i32(1) + string("topic") + nbytes(b"") + topic_partitions([("bar", [2])])
            + i32(1) + string("rack-a") + string("bar"))
    assert decode_subscription(data) == Subscription(("topic",), b"", ("bar-2",), 1, "rack-a")


def test_assignment_partitions_and_user_data_survive_every_version():
    """ConsumerProtocolTest.serializeDeserializeAssignmentAllVersions."""
    asg = Assignment(("foo-1", "bar-2"), b"hello")
    for version in range(HIGHEST_VERSION + 1):
        assert decode_assignment(encode_assignment(asg, version)) == asg


def test_null_assignment_user_data_stays_null():
    """ConsumerProtocolTest.deserializeNullAssignmentUserData."""
    assert decode_assignment(encode_assignment(Assignment(("foo-1", "bar-2")))).user_data is None


def test_a_future_assignment_version_is_read_as_the_newest_known_one():
    """ConsumerProtocolTest.deserializeFutureAssignmentVersion: v100 appends a field 'foo'."""
    data = i16(100) + topic_partitions([("foo", [1])]) + nbytes(b"") + string("bar")
    assert decode_assignment(data) == Assignment(("foo-1",), b"")


# ---- byte layout ---------------------------------------------------------------------------------------

def test_a_v3_subscription_is_laid_out_field_after_field():
    sub = Subscription(("b", "a"), b"\x01", ("a-0", "a-2", "b-1"), 7, "r1")
    expected = (i16(3) + i32(2) + string("a") + string("b") + nbytes(b"\x01")
                + topic_partitions([("a", [0, 2]), ("b", [1])]) + i32(7) + string("r1"))
    assert encode_subscription(sub) == expected


def test_an_assignment_groups_partitions_by_topic_in_order_of_first_appearance():
    expected = i16(0) + topic_partitions([("t", [2, 0]), ("a", [1])]) + nbytes(None)
    assert encode_assignment(Assignment(("t-2", "a-1", "t-0")), 0) == expected


def test_a_version_above_the_newest_is_written_as_the_newest():
    assert read_version(encode_subscription(Subscription(("t",)), 9)) == HIGHEST_VERSION


def test_an_empty_rack_id_reads_as_no_rack():
    data = i16(3) + i32(1) + string("t") + nbytes(None) + i32(0) + i32(-1) + string("")
    assert decode_subscription(data).rack is None


def test_bytes_after_the_last_field_are_ignored():
    data = encode_subscription(Subscription(("t",)), 0) + b"\x00\x01trailing"
    assert decode_subscription(data) == Subscription(("t",))


def test_malformed_utf8_in_a_topic_decodes_with_replacement_characters_as_java_does():
    data = i16(0) + i32(1) + i16(3) + b"a\xffb" + nbytes(None)
    assert decode_subscription(data).topics == ("a\ufffdb",)


def test_a_dashed_topic_name_splits_on_the_last_dash():
    assert split_partition("my-topic-12") == ("my-topic", 12)
    assert decode_assignment(encode_assignment(Assignment(("my-topic-12",)))).partitions == ("my-topic-12",)


@pytest.mark.parametrize("name", ["orders", "orders-", "-3", "orders-x", "orders-٣"])
def test_a_name_without_a_partition_number_is_not_a_topic_partition(name: str):
    with pytest.raises(ValueError, match="is not a topic-partition"):
        split_partition(name)


def test_topics_sort_by_utf16_code_units_as_java_does():
    """U+FF61 sorts after U+1F600 in Java (0xFF61 > high surrogate 0xD83D), before it in Python."""
    assert sorted(["\U0001F600", "\uFF61"], key=java_sort_key) == ["\U0001F600", "\uFF61"]
    assert sorted(["\U0001F600", "\uFF61"]) == ["\uFF61", "\U0001F600"]


@pytest.mark.parametrize(("kafka", "version"), [((2, 3), 0), ((2, 4), 1), ((3, 3), 1), ((3, 4), 3), ((3, 9), 3)])
def test_the_java_client_writes_the_newest_version_its_release_knows(kafka: tuple[int, int], version: int):
    """v1 came with KIP-429 (2.4); v2 and v3 both with 3.4 (KAFKA-13715, KAFKA-14352)."""
    assert highest_version(kafka) == version


# ---- bad bytes ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("data", "message"), [
    (b"", "needs at least the 2-byte version header"),
    (b"\x00", "needs at least the 2-byte version header"),
    (i16(-1) + i32(0) + nbytes(None), "version -1 is not supported"),
    (i16(0) + i32(-1) + nbytes(None), "null topics array"),
    (i16(0) + i32(1000) + nbytes(None), "claims 1000 entries in topics"),
    (i16(0) + i32(1) + i16(-1) + nbytes(None), "null subscribed topic 0"),
    (i16(0) + i32(1) + i16(5) + b"ab", "truncated: subscribed topic 0 needs 5 bytes"),
    (i16(0) + i32(0), "truncated: the length of user data"),
    (i16(1) + i32(0) + nbytes(None), "truncated: the length of owned partitions"),
    (i16(1) + i32(0) + nbytes(None) + topic_partitions([("t", [-1])]), "partition -1 of topic 't'"),
    (i16(2) + i32(0) + nbytes(None) + i32(0) + b"\x00", "truncated: generation id"),
])
def test_a_malformed_subscription_is_refused_with_what_is_wrong(data: bytes, message: str):
    with pytest.raises(ValueError, match=message):
        decode_subscription(data)


@pytest.mark.parametrize(("data", "message"), [
    (i16(0) + i32(1) + string("t") + i32(2) + i32(0), "truncated: a partition number"),
    (i16(0) + i32(1) + string("t") + i32(-1) + nbytes(None), "null assigned partitions partitions of topic 't'"),
    (i16(0) + i32(0) + i32(4) + b"ab", "truncated: user data needs 4 bytes"),
])
def test_a_malformed_assignment_is_refused_with_what_is_wrong(data: bytes, message: str):
    with pytest.raises(ValueError, match=message):
        decode_assignment(data)


def test_a_future_version_is_named_as_read_as_the_newest_in_errors():
    with pytest.raises(ValueError, match=r"v7 \(read as v3\)"):
        decode_subscription(i16(7) + i32(0))


def test_a_negative_version_cannot_be_written():
    with pytest.raises(ValueError, match="versions start at 0"):
        encode_assignment(Assignment(()), -1)


def test_an_owned_partition_must_be_a_topic_partition():
    with pytest.raises(ValueError, match="is not a topic-partition"):
        Subscription(("t",), owned_partitions=("t",))


# ---- round trips -------------------------------------------------------------------------------------

topic_names = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), min_size=1, max_size=12)
partition_names = st.builds(lambda t, p: f"{t}-{p}", topic_names, st.integers(0, 2**31 - 1))
user_data = st.none() | st.binary(max_size=40)
racks = st.none() | topic_names


@given(st.lists(topic_names, max_size=6), user_data, st.lists(partition_names, max_size=8, unique=True),
       st.integers(-(2**31), 2**31 - 1), racks, st.integers(0, 10))
def test_a_subscription_round_trips_through_its_bytes(topics, data, owned, generation, rack, version):
    sub = Subscription(tuple(topics), data, tuple(owned), generation, rack)
    got = decode_subscription(encode_subscription(sub, version))
    v = min(version, HIGHEST_VERSION)
    assert got.topics == tuple(sorted(topics, key=java_sort_key))
    assert got.user_data == data
    assert sorted(got.owned_partitions) == (sorted(owned) if v >= 1 else [])
    assert got.generation == (generation if v >= 2 else -1)
    assert got.rack == (rack if v >= 3 else None)


@given(st.lists(partition_names, max_size=10), user_data, st.integers(0, 10))
def test_an_assignment_round_trips_grouped_by_topic(partitions, data, version):
    got = decode_assignment(encode_assignment(Assignment(tuple(partitions), data), version))
    assert sorted(got.partitions) == sorted(partitions)
    assert got.user_data == data
    order = list(dict.fromkeys(split_partition(p)[0] for p in partitions))
    assert list(dict.fromkeys(split_partition(p)[0] for p in got.partitions)) == order


@given(st.binary(max_size=64))
def test_arbitrary_bytes_either_decode_or_raise_value_error(data):
    for decode in (decode_subscription, decode_assignment):
        try:
            decode(data)
        except ValueError:
            pass
