"""Kafka data-directory artefacts read natively: what each file yields, and what damage does.

Real files come from ../shared/corpus/real (skipped when absent): a ZooKeeper-mode 3.1.0
broker's data directory with its own server logs (aryan-jadon) and a KRaft 3.6.0
combined node's (Jeong-Rae).  Damage is built as synthetic bytes here, with the same
encoders the format uses, so each case is exactly the damage it names.
"""

from __future__ import annotations

import gzip
import json
import re
import struct
import zlib
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import datadir
from kafka_forensics.parsers.accounting import Accounting
from kafka_forensics.parsers.datadir import events as dd_events
from kafka_forensics.parsers.datadir.crc32c import crc32c
from kafka_forensics.parsers.datadir.messages import Field, Message, UnsupportedVersion
from kafka_forensics.parsers.datadir.wire import (
    Reader,
    Truncated,
    encode_bytes,
    encode_compact_string,
    encode_string,
    encode_uvarint,
    encode_varint,
    encode_varint_bytes,
    i8,
    i16,
    i32,
    i64,
    u32,
)
from kafka_forensics.parsers.schema import COLUMN_NAMES

# Timing is not the property under test, and test machines are shared.
untimed = settings(deadline=None)

ARYAN = "aryan-jadon-Distributed-Kafka-Clusters"
JEONG = "Jeong-Rae-KafkaDemo"
DATA_DIRS = (f"{ARYAN}/data/kafka-logs", f"{JEONG}/kraft-combined-logs")
OFFSETS = "data/__consumer_offsets-7/00000000000000000000.log"


# ------------------------------------------------------------------------------------------
# Builders: Kafka's formats written out, for synthetic inputs.
def record_v2(offset_delta: int, key: bytes | None, value: bytes | None, ts_delta: int = 0,
              headers: Iterable[tuple[bytes, bytes | None]] = ()) -> bytes:
    hs = list(headers)
    body = (i8(0) + encode_varint(ts_delta) + encode_varint(offset_delta) + encode_varint_bytes(key)
            + encode_varint_bytes(value) + encode_varint(len(hs))
            + b"".join(encode_varint_bytes(k) + encode_varint_bytes(v) for k, v in hs))
    return encode_varint(len(body)) + body


def batch_v2(base_offset: int, records: list[tuple[bytes | None, bytes | None]], *, ts: int = 1_650_000_000_000,
             epoch: int = 0, attributes: int = 0, compress: str | None = None, bad_crc: bool = False,
             count: int | None = None, body: bytes | None = None) -> bytes:
    """A magic-2 batch of ``records`` (key, value), or of ready-made record bytes ``body``."""
    n = len(records) if count is None else count
    recs = body if body is not None else b"".join(
        record_v2(i, k, v, ts_delta=i) for i, (k, v) in enumerate(records))
    if compress == "gzip":
        recs = gzip.compress(recs)
        attributes |= 1
    elif compress == "snappy":
        recs = b"\x82SNAPPY\x00" + recs  # the header is all this reader looks at: it cannot inflate snappy
        attributes |= 2
    after_crc = (i16(attributes) + i32(max(n - 1, 0)) + i64(ts) + i64(ts + max(n - 1, 0))
                 + i64(-1) + i16(-1) + i32(-1) + i32(n) + recs)
    crc = crc32c(after_crc) ^ (1 if bad_crc else 0)
    rest = i32(epoch) + i8(2) + u32(crc) + after_crc
    return i64(base_offset) + i32(len(rest)) + rest


def message_v1(offset: int, key: bytes | None, value: bytes | None, *, ts: int = 1_650_000_000_000,
               attributes: int = 0) -> bytes:
    body = i8(1) + i8(attributes) + i64(ts) + encode_bytes(key) + encode_bytes(value)
    rec = u32(zlib.crc32(body)) + body
    return i64(offset) + i32(len(rec)) + rec


def offset_commit(group: str, topic: str, partition: int, offset: int | None, *, version: int = 3,
                  epoch: int = 5) -> tuple[bytes, bytes | None]:
    key = i16(1) + encode_string(group) + encode_string(topic) + i32(partition)
    if offset is None:
        return key, None
    value = i16(version) + i64(offset)
    if version >= 3:
        value += i32(epoch)
    value += encode_string("meta") + i64(1_650_000_000_123)
    if version == 1:
        value += i64(1_650_086_400_123)
    return key, value


def group_metadata(group: str, generation: int | None, *, version: int = 3,
                   members: tuple[str, ...] = ("m-1",)) -> tuple[bytes, bytes | None]:
    key = i16(2) + encode_string(group)
    if generation is None:
        return key, None
    sub = i16(0) + i32(1) + encode_string("orders") + encode_bytes(None)
    asg = i16(0) + i32(1) + encode_string("orders") + i32(2) + i32(0) + i32(1) + encode_bytes(None)
    value = i16(version) + encode_string("consumer") + i32(generation) + encode_string("range")
    value += encode_string(members[0] if members else None)
    if version >= 2:
        value += i64(1_650_000_000_000)
    value += i32(len(members))
    for m in members:
        value += encode_string(m)
        if version >= 3:
            value += encode_string(None)
        value += encode_string("client-" + m) + encode_string("/10.0.0.1")
        if version >= 1:
            value += i32(300_000)
        value += i32(10_000) + encode_bytes(sub) + encode_bytes(asg)
    return key, value


def metadata_value(api_key: int, version: int, body: bytes) -> bytes:
    return encode_uvarint(1) + encode_uvarint(api_key) + encode_uvarint(version) + body


def uuid_bytes(n: int) -> bytes:
    return n.to_bytes(16, "big")


def tagged(*fields: tuple[int, bytes]) -> bytes:
    return encode_uvarint(len(fields)) + b"".join(encode_uvarint(t) + encode_uvarint(len(b)) + b
                                                   for t, b in fields)


def compact_int32s(xs: list[int]) -> bytes:
    return encode_uvarint(len(xs) + 1) + b"".join(i32(x) for x in xs)


def read(name: str, data: bytes | list[bytes], *, claimed: bool = True) -> tuple[Accounting, pl.DataFrame]:
    """Ingest one data file's bytes (in blocks when given a list) the way ingest does."""
    blocks = data if isinstance(data, list) else [data]
    if claimed:
        assert datadir.claims(name, b"".join(blocks)[:65536]), f"{name} not claimed"
    frames: list[pl.DataFrame] = []
    acc = datadir.ingest(name, iter(blocks), lambda _src, df: frames.append(df), Accounting(source=name))
    assert acc.balanced(), acc.to_json()
    df = pl.concat(frames) if frames else dd_events.frame([], name)
    return acc, df


def details(row: dict[str, Any]) -> dict[str, Any]:
    return json.loads(row["details"])


# ------------------------------------------------------------------------------------------
# Wire primitives
@untimed
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_unsigned_varint_round_trips(n: int) -> None:
    assert Reader(encode_uvarint(n)).uvarint(70) == n


@untimed
@given(st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_signed_varlong_round_trips_through_zigzag(n: int) -> None:
    r = Reader(encode_varint(n))
    assert r.varlong() == n and r.remaining == 0


@pytest.mark.parametrize(("n", "wire"), [(0, "00"), (-1, "01"), (1, "02"), (-64, "7f"), (64, "8001"),
                                         (2**31 - 1, "feffffff0f"), (-(2**31), "ffffffff0f")])
def test_zigzag_varints_match_kafkas_encoding(n: int, wire: str) -> None:
    assert encode_varint(n).hex() == wire
    assert Reader(bytes.fromhex(wire)).varint() == n


def test_a_value_running_past_the_end_says_where_and_by_how_much() -> None:
    r = Reader(i32(0) + i32(5) + b"abc")
    r.int32()
    with pytest.raises(Truncated, match="needs 5 bytes at byte 8, 3 left"):
        r.bytes_()


def test_crc32c_of_the_standard_check_string() -> None:
    assert crc32c(b"123456789") == 0xE3069283


def _crc32c_bitwise(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


@untimed
@given(st.binary(max_size=200))
def test_crc32c_agrees_with_the_bitwise_definition(data: bytes) -> None:
    assert crc32c(data) == _crc32c_bitwise(data)


@untimed
@given(st.binary(max_size=100), st.binary(max_size=100))
def test_crc32c_continues_across_pieces(a: bytes, b: bytes) -> None:
    assert crc32c(b, crc32c(a)) == crc32c(a + b)


# ------------------------------------------------------------------------------------------
# The generated-message reader
CHANGE = Message("PartitionChangeRecord", "0-2", "0+", (
    Field("PartitionId", "int32"), Field("TopicId", "uuid"), Field("Isr", "[]int32", tag=0),
    Field("Leader", "int32", tag=1),
))


def test_a_flexible_message_reads_its_tagged_fields_and_skips_unknown_ones() -> None:
    body = i32(3) + uuid_bytes(1) + tagged((0, compact_int32s([1, 2])), (99, b"\x07\x07"))
    d = CHANGE.decode(Reader(body), 0)
    assert d["partitionId"] == 3 and d["isr"] == [1, 2]
    assert "leader" not in d  # absent tagged field = its default, "unchanged"
    assert d["unknownTaggedFields"] == [{"tag": 99, "size": 2}]


def test_a_message_version_the_schema_does_not_know_is_refused() -> None:
    with pytest.raises(UnsupportedVersion, match="version 3"):
        CHANGE.decode(Reader(b""), 3)


# ------------------------------------------------------------------------------------------
# Claims: by name, confirmed by content
@pytest.mark.parametrize("name", [
    "d/orders-0/00000000000000000000.log", "d/orders-0/00000000000000000042.index",
    "d/orders-0/00000000000000000042.timeindex", "d/orders-0/00000000000000000042.snapshot",
    "d/replication-offset-checkpoint", "d/meta.properties", "d/__cluster_metadata-0/quorum-state",
    "d/__cluster_metadata-0/00000000000000000100-0000000003.checkpoint", "d/bootstrap.checkpoint",
])
def test_data_files_are_claimed_by_name_and_content(name: str) -> None:
    content = {
        "log": batch_v2(0, [(b"k", b"v")]), "index": i32(1) + i32(100), "timeindex": i64(1) + i32(1),
        "snapshot": i16(1) + u32(crc32c(i32(0))) + i32(0), "replication-offset-checkpoint": b"0\n0\n",
        "properties": b"broker.id=1\n", "quorum-state": b'{"leaderEpoch":1}',
        "checkpoint": batch_v2(0, [(b"k", b"v")]),
    }
    ext = name.rsplit("/", 1)[-1].rsplit(".", 1)[-1]
    assert datadir.claims(name, content[ext])


@pytest.mark.parametrize(("name", "head"), [
    ("logs/server.log", b"[2024-01-01 00:00:00,000] INFO hello (kafka.Kafka)\n"),
    ("x/00000000000000000000.log", b"[2024-01-01 00:00:00,000] INFO a log with a segment's name\n"),
    ("x/replication-offset-checkpoint", b"[2024-01-01 00:00:00,000] INFO not a checkpoint\n"),
    ("zookeeper/version-2/snapshot.100", b"ZKSN\x00\x00\x00\x02"),
    ("x/meta.properties", b"[2024-01-01 00:00:00,000] INFO nope\n"),
])
def test_ordinary_logs_and_unrelated_files_are_not_claimed(name: str, head: bytes) -> None:
    assert not datadir.claims(name, head)


@pytest.mark.parametrize(("name", "expected"), [
    ("kafka-logs/orders-3/00000000000000000000.log", ("orders", 3, None)),
    ("kafka-logs/my-topic-with-dashes-12/x.log", ("my-topic-with-dashes", 12, None)),
    ("b.tgz!kafka-logs/__consumer_offsets-49/x.log", ("__consumer_offsets", 49, None)),
    ("kafka-logs/t-0.0123456789abcdef0123456789abcdef-delete/x.log", ("t", 0, "delete")),
    ("kafka-logs/meta.properties", (None, None, None)),
])
def test_topic_and_partition_come_from_the_directory_split_on_its_last_dash(
        name: str, expected: tuple[str | None, int | None, str | None]) -> None:
    assert datadir.topic_partition(name) == expected


def test_a_segment_damaged_from_its_first_byte_is_still_claimed_by_its_name() -> None:
    bad = bytearray(batch_v2(0, [(b"a", b"1")]))
    bad[16] = 9
    assert datadir.claims("d/t-0/00000000000000000000.log", bytes(bad))


def test_files_at_the_log_directory_root_take_no_topic_from_its_name() -> None:
    _, df = read("data-1/meta.properties", b"broker.id=3\n")
    assert df.row(0, named=True)["topic"] is None


# ------------------------------------------------------------------------------------------
# Segments: record batches
def test_a_v2_batch_yields_one_segment_batch_event_with_its_header() -> None:
    acc, df = read("d/orders-2/00000000000000000010.log", batch_v2(10, [(b"a", b"1"), (b"b", b"2")], epoch=4))
    row = df.row(0, named=True)
    assert (row["kind"], row["topic"], row["partition"], row["offset"], row["count"], row["leader_epoch"]) == (
        "segment_batch", "orders", 2, 10, 2, 4)
    assert row["ts"] == datetime.fromtimestamp(1_650_000_000.001, ZoneInfo("UTC"))  # the max timestamp
    d = details(row)
    assert d["last_offset"] == 11 and d["crc_ok"] and d["compression"] == "none" and d["byte_offset"] == 0
    assert (acc.records, acc.recognised, acc.physical_lines) == (1, 1, 0)


def test_event_frames_have_exactly_the_staged_columns_of_the_log_parser() -> None:
    from kafka_forensics.parsers.core import STAGE_COLUMNS
    from kafka_forensics.parsers.recognise import POLARS_TYPES

    _, df = read("d/orders-2/00000000000000000000.log", batch_v2(0, [(b"a", b"1")]))
    assert tuple(df.columns) == STAGE_COLUMNS
    assert all(df.schema[c] == POLARS_TYPES[c] for c in COLUMN_NAMES)


def test_records_keep_their_deltas_keys_values_and_headers() -> None:
    from kafka_forensics.parsers.datadir.segment import iter_segment

    body = record_v2(0, None, b"v") + record_v2(1, b"key", None, ts_delta=250,
                                                 headers=[(b"h", b"x"), (b"n", None)])
    raw = batch_v2(100, [], body=body, count=2)
    _, items = iter_segment([raw])
    (batch,) = list(items)
    r1, r2 = batch.records
    assert (r1.offset, r1.key, r1.value) == (100, None, b"v")
    assert (r2.offset, r2.key, r2.value, r2.timestamp) == (101, b"key", None, 1_650_000_000_250)
    assert r2.headers == [("h", b"x"), ("n", None)]


def test_the_records_of_other_topics_are_not_decoded_only_their_batches_described() -> None:
    acc, df = read("d/orders-0/00000000000000000000.log", batch_v2(0, [(b"k", b"v")] * 3, compress="snappy"))
    assert df["kind"].to_list() == ["segment_batch"] and details(df.row(0, named=True))["compression"] == "snappy"
    assert acc.recognised == 1


def test_gzip_compressed_records_are_decoded() -> None:
    key, value = group_metadata("g", 3)
    _, df = read(OFFSETS, batch_v2(0, [(key, value)], compress="gzip"))
    assert df.row(0, named=True)["generation"] == 3


def test_an_offsets_batch_compressed_with_a_codec_outside_the_stdlib_is_reported_not_decoded() -> None:
    acc, df = read(OFFSETS, batch_v2(0, [group_metadata("g", 1)] * 3, compress="snappy"))
    row = df.row(0, named=True)
    assert row["kind"] == "segment_batch" and row["count"] == 3
    assert details(row)["compression"] == "snappy" and "snappy" in details(row)["problem"]
    assert acc.unrecognised == {"snappy-compressed batch (records not decoded)": 1}
    assert not acc.errors


def test_a_log_append_time_batch_gives_every_record_its_max_timestamp() -> None:
    from kafka_forensics.parsers.datadir.segment import iter_segment

    _, items = iter_segment([batch_v2(0, [(b"a", b"1"), (b"b", b"2")], attributes=0x08)])
    (batch,) = list(items)
    assert batch.timestamp_type == "LogAppendTime"
    assert {r.timestamp for r in batch.records} == {batch.max_timestamp}


def test_a_magic_1_message_set_with_a_gzip_wrapper_is_read_with_absolute_offsets() -> None:
    inner = message_v1(0, b"a", b"1") + message_v1(1, b"b", b"2") + message_v1(2, b"c", b"3")
    wrapper = message_v1(42, None, gzip.compress(inner), attributes=1)  # offset = the last inner one
    plain = message_v1(43, b"d", b"4")
    acc, df = read("d/old-0/00000000000000000040.log", wrapper + plain)
    rows = df.sort("line").to_dicts()
    assert [(r["offset"], r["count"]) for r in rows] == [(40, 3), (43, 1)]
    assert details(rows[0])["magic"] == 1 and details(rows[0])["last_offset"] == 42
    assert acc.layout == "record batches, magic 1" and acc.recognised == 2


def test_event_line_is_the_batch_ordinal_and_the_byte_offset_is_in_details() -> None:
    b1, b2 = batch_v2(0, [(b"a", b"1")]), batch_v2(1, [(b"b", b"2")])
    _, df = read("d/t-0/00000000000000000000.log", b1 + b2)
    assert df.select("line", pl.col("details").str.json_path_match("$.byte_offset").cast(pl.Int64)).rows() == [
        (1, 0), (2, len(b1))]


# ------------------------------------------------------------------------------------------
# Segments: damage
def test_a_batch_whose_crc_fails_is_damage_and_the_batches_after_it_are_still_read() -> None:
    good1, bad, good2 = batch_v2(0, [(b"a", b"1")]), batch_v2(1, [(b"b", b"2")], bad_crc=True), batch_v2(
        2, [(b"c", b"3")])
    acc, df = read("d/t-0/00000000000000000000.log", good1 + bad + good2)
    assert (acc.records, acc.recognised, acc.malformed) == (3, 2, 1)
    assert acc.samples[0].line == 2 and acc.samples[0].offset == len(good1)
    assert "CRC-32C mismatch" in acc.samples[0].reason
    assert acc.errors and f"byte {len(good1)}" in acc.errors[0]
    assert details(df.filter(pl.col("line") == 2).row(0, named=True))["crc_ok"] is False
    assert df.filter(pl.col("line") == 3).height == 1


def test_a_corrupt_internal_batch_yields_no_decoded_records() -> None:
    key, value = group_metadata("g", 3)
    _, df = read(OFFSETS, batch_v2(0, [(key, value)], bad_crc=True))
    assert df["kind"].to_list() == ["segment_batch"]


def test_a_batch_cut_short_at_the_end_is_a_note_not_an_error() -> None:
    good, last = batch_v2(0, [(b"a", b"1")]), batch_v2(1, [(b"b", b"2")])
    acc, df = read("d/t-0/00000000000000000000.log", good + last[:30])
    assert (acc.records, acc.recognised, acc.malformed) == (2, 1, 1)
    assert acc.samples[0].offset == len(good) and "cut short" in acc.samples[0].reason
    assert not acc.errors
    assert any("cut short" in n for n in acc.notes)
    assert df.height == 1


def test_a_zero_filled_preallocated_tail_is_a_note_and_not_a_record() -> None:
    good = batch_v2(0, [(b"a", b"1")])
    acc, _ = read("d/t-0/00000000000000000000.log", [good, bytes(5000), bytes(3000)])
    assert (acc.records, acc.recognised, acc.malformed) == (1, 1, 0)
    assert not acc.errors
    assert acc.notes == [f"zero-filled tail: 8000 bytes from byte {len(good)} (preallocated segment space, not data)"]


def test_a_segment_that_is_all_preallocated_zeros_has_no_records() -> None:
    acc, df = read("d/t-0/00000000000000000000.log", bytes(4096))
    assert (acc.records, df.height, acc.errors) == (0, 0, [])


def test_a_corrupt_length_running_past_the_end_is_damage_when_valid_batches_follow() -> None:
    good, odd, after = batch_v2(0, [(b"a", b"1")]), bytearray(batch_v2(1, [(b"b", b"2")])), batch_v2(
        2, [(b"c", b"3")])
    odd[8:12] = i32(1_000_000)
    acc, df = read("d/t-0/00000000000000000000.log", good + bytes(odd) + after)
    assert acc.malformed == 1 and "its length is corrupt" in acc.samples[0].reason and acc.errors
    assert sorted(df["offset"].to_list()) == [0, 2]


def test_an_unknown_magic_is_damage_and_reading_resumes_at_the_next_valid_batch() -> None:
    good = batch_v2(0, [(b"a", b"1")])
    odd = bytearray(batch_v2(1, [(b"b", b"2")]))
    odd[16] = 7
    after = batch_v2(2, [(b"c", b"3")])
    acc, df = read("d/t-0/00000000000000000000.log", good + bytes(odd) + after)
    assert (acc.records, acc.recognised, acc.malformed) == (3, 2, 1)
    assert "unknown magic 7" in acc.samples[0].reason
    assert f"reading resumes at byte {len(good) + len(odd)}" in acc.samples[0].reason
    assert sorted(df["offset"].to_list()) == [0, 2]


def test_a_hole_of_zeros_between_batches_is_damage_and_the_next_batch_is_found() -> None:
    good, after = batch_v2(0, [(b"a", b"1")]), batch_v2(5, [(b"c", b"3")])
    acc, df = read("d/t-0/00000000000000000000.log", good + bytes(1000) + after)
    assert acc.malformed == 1 and acc.samples[0].offset == len(good)
    assert "hole of zero bytes" in acc.samples[0].reason and "1000 bytes skipped" in acc.samples[0].reason
    assert acc.errors
    assert sorted(df["offset"].to_list()) == [0, 5]


def test_records_that_do_not_parse_inside_a_valid_crc_are_damage() -> None:
    acc, _ = read(OFFSETS, batch_v2(0, [group_metadata("g", 1)], count=3))
    assert acc.malformed == 1 and "record 2 of 3 unreadable" in acc.samples[0].reason
    assert acc.errors


def test_damage_from_the_source_stream_is_an_error_after_the_good_batches() -> None:
    from kafka_forensics.parsers.sources import InputDamaged

    good = batch_v2(0, [(b"a", b"1")])

    def blocks() -> Iterable[bytes]:
        yield good
        raise InputDamaged("x.log.gz: compressed data corrupt near byte 99", 99)

    frames: list[pl.DataFrame] = []
    acc = datadir.ingest("d/t-0/00000000000000000000.log.gz", blocks(), lambda _s, f: frames.append(f),
                         Accounting(source="x"))
    assert acc.recognised == 1 and acc.errors == ["x.log.gz: compressed data corrupt near byte 99"]


# ------------------------------------------------------------------------------------------
# __consumer_offsets
@pytest.mark.parametrize("version", [0, 1, 2, 3])
def test_group_metadata_values_of_every_classic_version_are_decoded(version: int) -> None:
    key, value = group_metadata("payments", 7, version=version, members=("m-1", "m-2"))
    _, df = read(OFFSETS, batch_v2(0, [(key, value)], epoch=9))
    row = df.row(0, named=True)
    assert (row["kind"], row["group"], row["generation"], row["protocol"], row["member"], row["members"]) == (
        "group_metadata_record", "payments", 7, "range", "m-1", 2)
    assert (row["coordinator_partition"], row["coordinator_epoch"]) == (7, 9)
    m = details(row)["members"][1]
    assert m["client_id"] == "client-m-2" and m["session_timeout_ms"] == 10_000
    assert m["rebalance_timeout_ms"] == (300_000 if version >= 1 else None)
    assert m["subscription"]["topics"] == ["orders"]
    assert m["assignment"]["assigned_partitions"] == {"orders": [0, 1]}


def test_a_java_consumers_v3_subscription_keeps_owned_partitions_generation_and_rack() -> None:
    from kafka_forensics.parsers.datadir.offsets import SUBSCRIPTION, _consumer_protocol

    sub = (i16(3) + i32(1) + encode_string("orders") + encode_bytes(None)
           + i32(1) + encode_string("orders") + i32(1) + i32(4) + i32(12) + encode_string("rack-a"))
    assert _consumer_protocol(SUBSCRIPTION, sub) == {
        "version": 3, "topics": ["orders"], "owned_partitions": {"orders": [4]}, "generation_id": 12,
        "rack_id": "rack-a"}


def test_a_group_metadata_tombstone_marks_the_group_dead() -> None:
    _, df = read(OFFSETS, batch_v2(0, [group_metadata("gone", None)]))
    row = df.row(0, named=True)
    assert (row["group"], row["state"], row["generation"]) == ("gone", "Dead", None)
    assert details(row)["tombstone"] is True


@pytest.mark.parametrize(("version", "epoch", "expire"), [(1, None, 1_650_086_400_123), (2, None, None),
                                                           (3, 5, None)])
def test_offset_commit_values_are_decoded(version: int, epoch: int | None, expire: int | None) -> None:
    _, df = read(OFFSETS, batch_v2(0, [offset_commit("g", "orders", 4, 1234, version=version)]))
    row = df.row(0, named=True)
    assert (row["kind"], row["group"], row["topic"], row["partition"], row["offset"], row["leader_epoch"]) == (
        "offset_commit_record", "g", "orders", 4, 1234, epoch)
    d = details(row)
    assert d["metadata"] == "meta" and d["commit_timestamp"] == 1_650_000_000_123
    assert d.get("expire_timestamp") == expire


def test_an_offset_commit_tombstone_is_flagged() -> None:
    _, df = read(OFFSETS, batch_v2(0, [offset_commit("g", "orders", 4, None)]))
    row = df.row(0, named=True)
    assert row["offset"] is None and details(row)["tombstone"] is True


def test_an_unknown_key_version_is_kept_as_a_segment_record_and_counted_unrecognised() -> None:
    acc, df = read(OFFSETS, batch_v2(0, [(i16(99) + b"xyz", b"value")]))
    row = df.row(0, named=True)
    assert row["kind"] == "segment_record" and "unknown key version 99" in details(row)["reason"]
    assert acc.unrecognised_total == 1 and acc.recognised == 0 and not acc.errors


def test_a_value_version_newer_than_this_reader_is_kept_undecoded_with_the_reason() -> None:
    key, _ = group_metadata("g", 1)
    acc, df = read(OFFSETS, batch_v2(0, [(key, i16(9) + b"future")]))
    row = df.row(0, named=True)
    assert row["kind"] == "segment_record"
    assert details(row)["reason"] == "GroupMetadataValue version 9 (newer than this reader)"
    assert acc.unrecognised_total == 1


def test_a_kip848_consumer_group_metadata_record_names_the_group_epoch() -> None:
    key = i16(3) + encode_string("new-group")
    value = i16(0) + i32(12) + tagged()
    _, df = read(OFFSETS, batch_v2(0, [(key, value)]))
    row = df.row(0, named=True)
    assert (row["kind"], row["group"], row["generation"]) == ("consumer_group_record", "new-group", 12)


# ------------------------------------------------------------------------------------------
# KRaft metadata
META = "d/__cluster_metadata-0/00000000000000000000.log"


def test_a_partition_change_names_its_topic_from_an_earlier_topic_record() -> None:
    topic = metadata_value(2, 0, encode_compact_string("orders") + uuid_bytes(7) + tagged())
    change = metadata_value(5, 0, i32(3) + uuid_bytes(7) + tagged((0, compact_int32s([1, 3])), (1, i32(3))))
    _, df = read(META, batch_v2(10, [(None, topic), (None, change)], epoch=4))
    row = df.filter(pl.col("offset") == 11).row(0, named=True)
    assert (row["kind"], row["topic"], row["partition"], row["leader"], row["isr"]) == (
        "kraft_metadata_record", "orders", 3, 3, [1, 3])
    assert row["controller_epoch"] == 4
    assert details(row)["type"] == "PARTITION_CHANGE_RECORD"


def test_a_leader_change_control_record_names_the_leader_and_voters() -> None:
    voters = encode_uvarint(3) + i32(1) + tagged() + i32(2) + tagged()
    value = i16(0) + i32(2) + voters + voters + tagged()
    acc, df = read(META, batch_v2(0, [(i16(0) + i16(2), value)], attributes=0x20, epoch=6))
    row = df.row(0, named=True)
    assert (row["leader"], row["leader_epoch"], row["brokers"]) == (2, 6, [1, 2])
    assert details(row)["type"] == "LeaderChange" and acc.recognised == 1


def test_a_broker_registration_is_decoded_with_its_endpoints_and_features() -> None:
    endpoint = (encode_compact_string("PLAINTEXT") + encode_compact_string("kafka-1") + struct.pack(">H", 9092)
                + i16(0) + tagged())
    feature = encode_compact_string("metadata.version") + i16(1) + i16(19) + tagged()
    body = (i32(1) + uuid_bytes(9) + i64(77) + encode_uvarint(2) + endpoint + encode_uvarint(2) + feature
            + encode_compact_string(None) + i8(1) + i8(0) + tagged())
    _, df = read(META, batch_v2(0, [(None, metadata_value(0, 1, body))]))
    row = df.row(0, named=True)
    assert (row["brokers"], row["state"]) == ([1], "fenced")
    data = details(row)["data"]
    assert data["endPoints"] == [{"name": "PLAINTEXT", "host": "kafka-1", "port": 9092, "securityProtocol": 0}]
    assert data["features"][0]["maxSupportedVersion"] == 19 and data["brokerEpoch"] == 77
    assert data["rack"] is None and data["inControlledShutdown"] is False


def test_a_broker_registration_change_says_whether_the_broker_was_fenced() -> None:
    body = i32(2) + i64(80) + tagged((0, i8(-1)))
    _, df = read(META, batch_v2(0, [(None, metadata_value(17, 0, body))]))
    row = df.row(0, named=True)
    assert (row["brokers"], row["state"]) == ([2], "unfenced")


def test_an_unknown_metadata_record_type_keeps_its_type_and_size() -> None:
    acc, df = read(META, batch_v2(0, [(None, metadata_value(250, 0, b"\x00"))]))
    row = df.row(0, named=True)
    assert row["kind"] == "segment_record"
    assert "unknown metadata record type 250" in details(row)["reason"]
    assert details(row)["value_bytes"] == 5 and acc.unrecognised_total == 1


# ------------------------------------------------------------------------------------------
# Checkpoints, properties, producer snapshots, indexes
def test_a_truncated_checkpoint_is_damage_and_its_present_entries_are_kept() -> None:
    acc, df = read("d/replication-offset-checkpoint", b"0\n3\norders 0 10\norders 1 20\n")
    assert df["hw"].to_list() == [10, 20]
    assert acc.errors and "declares 3 entries, 2 are present (truncated" in acc.errors[0]
    assert (acc.records, acc.recognised, acc.malformed, acc.physical_lines) == (3, 2, 1, 4)


def test_a_malformed_checkpoint_line_is_reported_with_its_line_number() -> None:
    acc, df = read("d/recovery-point-offset-checkpoint", b"0\n2\norders 0 10\norders x\n")
    assert df["offset"].to_list() == [10]
    assert acc.samples[0].line == 4 and "2 fields where 3" in acc.samples[0].reason


def test_a_leader_epoch_checkpoint_takes_topic_and_partition_from_its_directory() -> None:
    _, df = read("d/orders-5/leader-epoch-checkpoint", b"0\n2\n0 0\n3 120\n")
    assert df.select("topic", "partition", "leader_epoch", "offset", "line").rows() == [
        ("orders", 5, 0, 0, 3), ("orders", 5, 3, 120, 4)]


def test_a_producer_snapshot_lists_its_producers() -> None:
    entry = i64(4000) + i16(2) + i32(41) + i64(990) + i32(0) + i64(1_650_000_000_000) + i32(-1) + i64(-1)
    body = i32(1) + entry
    acc, df = read("d/orders-0/00000000000000001000.snapshot", i16(1) + u32(crc32c(body)) + body)
    row = df.row(0, named=True)
    assert (row["offset"], row["count"]) == (1000, 1)
    assert details(row)["producers"][0] | {} == {
        "producer_id": 4000, "epoch": 2, "last_sequence": 41, "last_offset": 990, "offset_delta": 0,
        "timestamp": 1_650_000_000_000, "coordinator_epoch": -1, "current_txn_first_offset": -1}
    assert acc.recognised == 1


def test_a_producer_snapshot_whose_crc_fails_is_damage() -> None:
    body = i32(0)
    acc, _ = read("d/orders-0/00000000000000001000.snapshot", i16(1) + u32(crc32c(body) ^ 1) + body)
    assert acc.malformed == 1 and "CRC-32C mismatch" in acc.errors[0]


def test_an_offset_index_is_validated_and_its_preallocated_zeros_noted() -> None:
    data = struct.pack(">iiii", 10, 4096, 25, 8300) + bytes(8 * 100)
    acc, df = read("d/orders-0/00000000000000000100.index", data)
    assert (acc.records, acc.recognised, df.height) == (2, 2, 0)
    assert acc.notes == ["offset index: 2 entries, last at offset 125 (byte 8300 of the segment); "
                         "800 zero bytes preallocated after them"]


def test_an_index_entry_out_of_order_is_damage() -> None:
    acc, _ = read("d/orders-0/00000000000000000100.index", struct.pack(">iiii", 25, 8300, 10, 4096))
    assert acc.malformed == 1 and acc.samples[0].offset == 8 and acc.errors


# ------------------------------------------------------------------------------------------
# The real corpus
def _corpus_data_files(corpus: Path) -> list[Path]:
    return sorted(p for d in DATA_DIRS for p in (corpus / d).rglob("*") if p.is_file())


def _read_file(p: Path) -> tuple[Accounting, pl.DataFrame]:
    return read(str(p), p.read_bytes())


def test_every_real_data_file_is_claimed_read_without_error_and_accounted(corpus: Path) -> None:
    files = _corpus_data_files(corpus)
    assert len(files) > 90
    for p in files:
        acc, df = _read_file(p)
        assert not acc.errors, (p, acc.errors)
        assert acc.records > 0 and acc.recognised == acc.records, (p, acc.to_json())
        assert df.height > 0 or p.name.endswith("-offset-checkpoint"), p


def test_a_real_group_metadata_record_has_its_group_generation_and_leader(corpus: Path) -> None:
    _, df = _read_file(corpus / ARYAN / "data/kafka-logs/__consumer_offsets-12/00000000000000000000.log")
    row = df.filter(pl.col("kind") == "group_metadata_record").row(1, named=True)
    assert (row["group"], row["generation"], row["protocol"], row["members"]) == ("my-group", 2, "range", 1)
    assert row["member"] == "kafka-python-2.0.2-94b6cb2f-f8f1-4b49-a8a8-c22687e76c2f"
    member = details(row)["members"][0]
    assert (member["client_id"], member["client_host"]) == ("kafka-python-2.0.2", "/10.203.21.58")
    assert member["assignment"]["assigned_partitions"] == {"design1": [0]}
    assert row["raw"].startswith("offset 1 GroupMetadata group=my-group generation=2")


def test_the_real_hw_checkpoint_holds_each_partitions_high_watermark(corpus: Path) -> None:
    acc, df = _read_file(corpus / ARYAN / "data/kafka-logs/replication-offset-checkpoint")
    assert df.height == 61 and acc.physical_lines == 63
    hw = {(t, p): h for t, p, h in df.select("topic", "partition", "hw").iter_rows()}
    assert hw[("__consumer_offsets", 29)] == 36 and hw[("design1", 0)] == 436
    assert set(df["details"].str.json_path_match("$.checkpoint").to_list()) == {"replication-offset"}


def test_real_high_watermarks_equal_the_log_end_of_each_offsets_partition(corpus: Path) -> None:
    """A clean shutdown: HW checkpoint = last offset + 1 of the segment = producer snapshot's offset."""
    root = corpus / ARYAN / "data/kafka-logs"
    _, hw = _read_file(root / "replication-offset-checkpoint")
    hws = {p: h for t, p, h in hw.select("topic", "partition", "hw").iter_rows() if t == "__consumer_offsets"}
    checked = 0
    for seg in sorted(root.glob("__consumer_offsets-*/00000000000000000000.log")):
        _, df = _read_file(seg)
        partition = int(seg.parent.name.rsplit("-", 1)[1])
        end = df["details"].str.json_path_match("$.log_offset").cast(pl.Int64).max() + 1
        snapshot = max(int(s.name[:20]) for s in seg.parent.glob("*.snapshot"))
        assert hws[partition] == end == snapshot, seg
        checked += 1
    assert checked == 20


def test_real_group_generations_agree_with_the_brokers_stabilized_lines(corpus: Path) -> None:
    """Every GroupMetadata record with members, written while a server log was being kept,
    has a `Stabilized group … generation N` line for the same group and generation, and
    follows it within the member's rebalance timeout (the record is written at SyncGroup).
    The broker logged in its local time (meta.properties was written in MDT)."""
    denver = ZoneInfo("America/Denver")
    line = re.compile(r"^\[(\S+ \S+)\] INFO \[GroupCoordinator 0\]: Stabilized group (\S+) generation (\d+) ")
    stabilized: dict[tuple[str, int], list[datetime]] = {}
    spans = []
    for log in sorted((corpus / ARYAN / "logs").glob("server.log*")):
        times = []
        for text in log.read_text(errors="replace").splitlines():
            if m := re.match(r"^\[(\S+ \S+)\]", text):
                times.append(datetime.strptime(m[1], "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=denver))
            if m := line.match(text):
                stabilized.setdefault((m[2], int(m[3])), []).append(times[-1])
        spans.append((times[0], times[-1]))
    compared = 0
    for seg in sorted((corpus / ARYAN / "data/kafka-logs").glob("__consumer_offsets-*/*.log")):
        _, df = _read_file(seg)
        for row in df.filter(pl.col("kind") == "group_metadata_record", pl.col("members") > 0).iter_rows(named=True):
            if not any(a <= row["ts"] <= b for a, b in spans):
                continue  # no server log of that hour was collected
            # group ids are reused: the line is the last one for that generation before the record
            before = [t for t in stabilized.get((row["group"], row["generation"]), []) if t <= row["ts"]]
            assert before, f"no Stabilized line for {row['group']} generation {row['generation']}"
            timeout = details(row)["members"][0]["rebalance_timeout_ms"] / 1000
            assert (row["ts"] - max(before)).total_seconds() <= timeout, (row["group"], row["generation"])
            compared += 1
    assert compared >= 100


def test_the_real_bootstrap_checkpoint_sets_metadata_version_14(corpus: Path) -> None:
    _, df = _read_file(corpus / JEONG / "kraft-combined-logs/bootstrap.checkpoint")
    types = [details(r)["type"] for r in df.iter_rows(named=True)]
    assert types == ["SnapshotHeader", "FEATURE_LEVEL_RECORD", "SnapshotFooter"]
    feature = details(df.row(1, named=True))
    assert feature["data"] == {"name": "metadata.version", "featureLevel": 14}
    assert feature["snapshot"] == "bootstrap"


def test_real_meta_properties_name_the_node_and_the_cluster(corpus: Path) -> None:
    rows = [_read_file(corpus / d / "meta.properties")[1].row(0, named=True) for d in DATA_DIRS]
    assert [(r["node"], details(r)["cluster_id"], details(r)["version"]) for r in rows] == [
        (0, "4fi2MkU0Ql2L0cPRncY20Q", "0"), (1, "hSCzevIQRUa-ojqTd_8C5w", "1")]


def test_the_real_quorum_state_names_leader_epoch_and_voters(corpus: Path) -> None:
    _, df = _read_file(corpus / JEONG / "kraft-combined-logs/__cluster_metadata-0/quorum-state")
    row = df.row(0, named=True)
    assert (row["kind"], row["leader"], row["leader_epoch"], row["brokers"]) == ("kraft_quorum_state", 1, 22, [1])


def test_the_real_metadata_leader_epoch_checkpoint_ends_before_the_quorum_epoch(corpus: Path) -> None:
    _, df = _read_file(corpus / JEONG / "kraft-combined-logs/__cluster_metadata-0/leader-epoch-checkpoint")
    assert df.height == 21 and set(df["topic"]) == {"__cluster_metadata"}
    assert df["leader_epoch"].max() <= 22 and df["offset"].is_sorted()


def test_real_partition_metadata_holds_the_topic_id(corpus: Path) -> None:
    _, df = _read_file(corpus / ARYAN / "data/kafka-logs/__consumer_offsets-12/partition.metadata")
    row = df.row(0, named=True)
    assert (row["topic"], row["partition"], details(row)["topic_id"]) == (
        "__consumer_offsets", 12, "R20IR_EMTDGiSaE0B5fbyA")


def test_a_real_producer_snapshot_is_empty_and_its_crc_holds(corpus: Path) -> None:
    _, df = _read_file(corpus / ARYAN / "data/kafka-logs/__consumer_offsets-12/00000000000000000621.snapshot")
    row = df.row(0, named=True)
    assert (row["offset"], row["count"], details(row)["crc_ok"]) == (621, 0, True)


# ------------------------------------------------------------------------------------------
# Never a traceback: arbitrary bytes are read, located and accounted
_maybe_bytes = st.none() | st.binary(max_size=60)


@untimed
@given(st.binary(max_size=400))
def test_any_bytes_named_as_a_segment_are_read_and_accounted(data: bytes) -> None:
    acc, _ = read("d/t-0/00000000000000000000.log", data, claimed=False)
    assert acc.records == acc.recognised + acc.malformed


@untimed
@given(st.lists(st.tuples(_maybe_bytes, _maybe_bytes), min_size=1, max_size=4),
       st.sampled_from([OFFSETS, META]))
def test_any_records_of_an_internal_topic_become_events_decoded_or_not(
        records: list[tuple[bytes | None, bytes | None]], name: str) -> None:
    acc, df = read(name, batch_v2(0, records))
    assert df.height == len(records) and acc.records == 1


@untimed
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=255))
def test_a_flipped_byte_anywhere_in_a_segment_is_located_not_fatal(where: int, xor: int) -> None:
    data = bytearray(batch_v2(0, [group_metadata("g", 2)]) + batch_v2(1, [offset_commit("g", "t", 0, 9)]))
    data[where % len(data)] ^= xor
    acc, _ = read(OFFSETS, bytes(data))
    assert acc.malformed >= 1 or acc.unrecognised_total >= 1 or acc.recognised == 2


@untimed
@given(st.binary(max_size=300))
def test_any_bytes_named_as_a_small_data_file_are_read_and_accounted(data: bytes) -> None:
    for name in ("d/replication-offset-checkpoint", "d/t-0/leader-epoch-checkpoint", "d/meta.properties",
                 "d/t-0/partition.metadata", "d/__cluster_metadata-0/quorum-state",
                 "d/t-0/00000000000000000000.snapshot", "d/t-0/00000000000000000000.timeindex"):
        read(name, data, claimed=False)


@untimed
@given(st.lists(st.integers(min_value=1, max_value=300), min_size=1, max_size=40))
def test_a_segment_reads_the_same_whatever_its_block_sizes(sizes: list[int]) -> None:
    data = (batch_v2(0, [group_metadata("g", 2)]) + bytes(40) + batch_v2(1, [offset_commit("g", "t", 0, 9)])
            + batch_v2(2, [(b"k", b"v")])[:50])
    blocks, at = [], 0
    for n in sizes:
        blocks.append(data[at : at + n])
        at += n
    blocks.append(data[at:])
    whole_acc, whole = read(OFFSETS, data)
    acc, df = read(OFFSETS, [b for b in blocks if b])
    assert df.equals(whole)
    assert acc.to_json() == whole_acc.to_json()
