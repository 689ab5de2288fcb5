"""Snapshots, read natively: a real server's snapshots (fixtures) and the damage a snapshot
can carry — unknown format, a crash while writing, a bad seal — read as far as they can be,
with the byte offset and the reason of the rest."""

from __future__ import annotations

import gzip
import struct
from pathlib import Path

import pytest

from kafka_forensics.parsers.statedump import snapshot

from .reading import read


@pytest.fixture
def snap(fixtures: Path) -> bytes:
    """snapshot.25 of the fixture run: the topic, two brokers registered, the controller."""
    return (fixtures / "snapshot.25").read_bytes()


def _nodes(data: bytes) -> list[snapshot.Node]:
    return [n for n in snapshot.iter_snapshot(data) if isinstance(n, snapshot.Node)]


def test_a_real_snapshot_reads_whole_with_its_seals_and_digest(fixtures: Path) -> None:
    for f in sorted(fixtures.glob("snapshot.*")):
        rows, acc = read(str(f), f.read_bytes())
        assert acc.malformed == 0 and not acc.errors, (f.name, acc.errors)
        items = list(snapshot.iter_snapshot(f.read_bytes()))
        seals = [i for i in items if isinstance(i, snapshot.Seal)]
        assert [s.section for s in seals] == ["tree", "digest"] and all(s.ok for s in seals)
        assert acc.records == len(items) and len(rows) == sum(
            isinstance(i, snapshot.Node | snapshot.Session) for i in items)


def test_each_znode_is_one_event_with_its_stat(snap: bytes) -> None:
    rows, _ = read("snapshot.25", snap)
    state = next(r for r in rows if r["zk_path"] == "/brokers/topics/orders/partitions/0/state")
    assert state["kind"] == "zk_partition_state" and state["template"] == "zk.snapshot.node"
    assert (state["leader"], state["isr"], state["zk_version"]) == (1, [1, 2], 2)
    d = state["details"]
    assert d["czxid"] < state["zxid"] and d["num_children"] == 0 and d["snapshot_zxid"] == 0x25
    assert d["acl"] == [{"perms": 31, "scheme": "world", "id": "anyone"}]
    root = next(r for r in rows if r["zk_path"] == "/")
    assert root["ts"] is None and root["details"]["num_children"] >= 8


def test_an_unknown_format_version_is_a_clear_error_and_nothing_is_read(snap: bytes) -> None:
    rows, acc = read("snapshot.25", snap[:4] + struct.pack(">i", 3) + snap[8:])
    assert rows == [] and acc.malformed == 1 and acc.records == 1
    assert acc.errors == ["snapshot.25: not a readable ZooKeeper snapshot: snapshot format version 3: "
                          "ZooKeeper 3.x writes version 2 and no other is known; nothing in it was read "
                          "(check the file came from ZooKeeper's dataDir/version-2)"]


def test_a_snapshot_cut_short_keeps_the_znodes_before_the_cut(snap: bytes) -> None:
    nodes = _nodes(snap)
    cut = nodes[10].offset + 7
    rows, acc = read("snapshot.25", snap[:cut])
    paths = [r["zk_path"] for r in rows if r["zk_path"]]
    assert paths == [n.path or "/" for n in nodes[:10]]
    assert acc.malformed == 1 and acc.samples[0].offset == nodes[10].offset
    assert not acc.errors  # a crash while writing a snapshot: ZooKeeper skips it
    assert any("was not completely written" in n and "ZooKeeper skips such a snapshot" in n for n in acc.notes)


def test_a_damaged_byte_fails_the_seal_and_is_reported(snap: bytes) -> None:
    node = next(n for n in _nodes(snap) if n.data)
    damaged = bytearray(snap)
    damaged[node.offset + 4 + len(node.path.encode()) + 4] ^= 0x20  # a letter of its data
    rows, acc = read("snapshot.25", bytes(damaged))
    # both seals cover the damaged byte (the digest's covers the whole file before it): one error
    assert acc.malformed == 2 and len(acc.errors) == 1
    assert "tree seal: stored checksum" in acc.errors[0] and "ZooKeeper refuses this snapshot" in acc.errors[0]
    assert len([r for r in rows if r["zk_path"]]) == len(_nodes(snap))


def test_bytes_that_do_not_parse_stop_the_reading_with_their_offset(snap: bytes) -> None:
    nodes = _nodes(snap)
    damaged = bytearray(snap)
    damaged[nodes[3].offset:nodes[3].offset + 4] = struct.pack(">i", -7)  # a path length
    rows, acc = read("snapshot.25", bytes(damaged))
    assert len([r for r in rows if r["zk_path"]]) == 3
    assert acc.errors == [f"snapshot.25: byte {nodes[3].offset}: the znodes does not read at byte "
                          f"{nodes[3].offset} (path: negative length -7); nothing after it can be read"]


def test_a_file_that_is_not_a_snapshot_is_one_error() -> None:
    rows, acc = read("snapshot.1", b"ZKSN" + bytes(4))
    assert rows == [] and acc.malformed == 1
    assert "shorter than the 16-byte snapshot header" in acc.errors[0]


def test_a_gzipped_snapshot_reads_through_ingest(snap: bytes, tmp_path: Path) -> None:
    from kafka_forensics.parsers.ingest import ingest

    f = tmp_path / "snapshot.25.gz"
    f.write_bytes(gzip.compress(snap))
    report = ingest([str(f)])
    (acc,) = report.files
    assert acc.file_kind == "ZooKeeper snapshot" and acc.malformed == 0 and not acc.errors
    assert acc.recognised == len(list(snapshot.iter_snapshot(snap)))


def test_a_snappy_snapshot_is_counted_and_explained(tmp_path: Path) -> None:
    rows, acc = read("snapshot.25.snappy", b"\x82SNAPPY\x00" + bytes(40))
    assert rows == [] and acc.unrecognised_total == 1
    assert "snappy" in acc.notes[0]
