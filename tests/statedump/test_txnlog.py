"""Transaction logs, read natively: the entries of a real ZooKeeper's logs (fixtures), and
everything a damaged or cut log can hold — every valid entry still read, the rest
reported with its exact byte offset and reason, never a traceback."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers.datadir.events import frame
from kafka_forensics.parsers.statedump import txnlog

from .reading import read


def _entries(data: bytes) -> list[txnlog.Txn]:
    return [t for t in txnlog.iter_log(data) if isinstance(t, txnlog.Txn)]


@pytest.fixture
def log(fixtures: Path) -> bytes:
    """log.19 of the fixture run: the topic, its partition states, the ISR changes."""
    return (fixtures / "log.19").read_bytes()


def test_every_entry_of_a_real_log_is_recognised(fixtures: Path) -> None:
    for f in sorted(fixtures.glob("log.*")):
        _rows, acc = read(str(f), f.read_bytes())
        assert acc.malformed == 0 and not acc.errors, (f.name, acc.errors)
        assert acc.recognised == len(_entries(f.read_bytes())) > 0
        assert any("zero-filled tail" in n for n in acc.notes)
        assert acc.file_kind == "ZooKeeper transaction log" and acc.layout == "ZooKeeper txn log v2"


def test_the_zero_filled_preallocated_tail_is_a_note_not_data(log: bytes) -> None:
    end = len(log.rstrip(b"\0"))
    _rows, acc = read("log.19", log[:end] + bytes(1 << 20))
    assert acc.malformed == 0 and not acc.errors
    assert f"zero-filled tail: {1 << 20} bytes from byte {end}" in acc.notes[0]


def test_a_log_cut_mid_entry_keeps_every_entry_before_the_cut(log: bytes) -> None:
    entries = _entries(log)
    last = entries[-1]
    cut = last.offset + 12 + last.size // 2
    _rows, acc = read("bundle.tgz!version-2/log.19", log[:cut])
    assert acc.recognised == len(entries) - 1
    assert acc.malformed == 1
    assert acc.samples[0].offset == last.offset
    assert not acc.errors  # the normal state of a live server's newest log: a note
    note = next(n for n in acc.notes if f"at byte {last.offset}" in n)
    assert "cut short" in note and f"zxid 0x{last.zxid:x}" in note
    assert "if a later log of its directory exists, this is damage" in note


def test_an_entry_written_partly_into_the_preallocated_zeros_is_a_crash_note(log: bytes) -> None:
    entries = _entries(log)
    last = entries[-1]
    body = log[:last.offset + 12 + 20] + bytes(len(log) - last.offset - 32)  # the rest never written
    _rows, acc = read("log.19", body)
    assert acc.recognised == len(entries) - 1 and acc.malformed == 1
    assert any("only partly written" in n and "Last transaction was partial" in n for n in acc.notes)


def test_a_cut_in_an_older_log_of_a_directory_is_damage(log: bytes, tmp_path: Path) -> None:
    last = _entries(log)[-1]
    (tmp_path / "log.19").write_bytes(log[:last.offset + 30])
    (tmp_path / "log.27").write_bytes(log[:16])
    _rows, acc = read(str(tmp_path / "log.19"), (tmp_path / "log.19").read_bytes())
    assert acc.malformed == 1
    assert "a later log of the same directory exists" in acc.errors[0]
    assert f"at byte {last.offset}" in acc.errors[0]


def test_the_newest_log_of_a_directory_cut_mid_entry_is_a_note(log: bytes, tmp_path: Path) -> None:
    last = _entries(log)[-1]
    (tmp_path / "log.1").write_bytes(log[:16])
    (tmp_path / "log.19").write_bytes(log[:last.offset + 30])
    _rows, acc = read(str(tmp_path / "log.19"), (tmp_path / "log.19").read_bytes())
    assert not acc.errors
    assert any("ZooKeeper drops that entry on restart" in n and "damage" not in n for n in acc.notes)


def test_a_bad_checksum_is_malformed_and_the_next_entries_are_still_read(log: bytes) -> None:
    entries = _entries(log)
    bad = entries[2]
    damaged = bytearray(log)
    damaged[bad.offset + 12 + 30] ^= 0x01  # a bit flipped inside the entry
    rows, acc = read("log.19", bytes(damaged))
    assert acc.recognised == len(entries) - 1 and acc.malformed == 1
    assert acc.samples[0].offset == bad.offset
    assert acc.errors == [f"log.19: entry 3 at byte {bad.offset} (zxid 0x{bad.zxid:x}): "
                          + acc.samples[0].reason]
    assert acc.samples[0].reason.startswith("checksum mismatch")
    assert {r["zxid"] for r in rows} == {t.zxid for t in entries} - {bad.zxid}


def test_a_broken_length_is_skipped_to_the_next_readable_entry(log: bytes) -> None:
    entries = _entries(log)
    bad = entries[1]
    damaged = bytearray(log)
    damaged[bad.offset + 8:bad.offset + 12] = struct.pack(">i", 0x7FFF0000)
    _rows, acc = read("log.19", bytes(damaged))
    assert acc.malformed == 1 and acc.recognised == len(entries) - 1
    assert f"the next readable entry is at byte {entries[2].offset}" in acc.errors[0]


def test_an_entry_with_a_right_checksum_but_no_txn_in_it_is_undecodable(log: bytes) -> None:
    entries = _entries(log)
    junk = b"\x00" * 8 + b"\x00\x00\x00\x01" + b"\x00" * 8 + b"\x00" * 8 + struct.pack(">i", 77) + b"xyz"
    entry = struct.pack(">qi", zlib.adler32(junk), len(junk)) + junk + b"B"
    at = entries[1].offset
    _rows, acc = read("log.19", log[:at] + entry + log[at:])
    assert acc.malformed == 1 and acc.recognised == len(entries)
    assert "unknown 77" in acc.samples[0].reason and acc.samples[0].offset == at


def test_non_zero_bytes_after_the_end_marker_are_reported(log: bytes) -> None:
    end = len(log.rstrip(b"\0"))
    _rows, acc = read("log.19", log[:end] + bytes(16) + b"garbage" + bytes(9))
    assert acc.recognised == len(_entries(log)) and acc.malformed == 1
    assert "7 non-zero bytes follow" in acc.errors[0]


def test_a_file_that_is_not_a_txn_log_is_one_clear_error() -> None:
    rows, acc = read("log.5", b"ZKLGxx")
    assert rows == [] and acc.malformed == 1
    assert acc.errors == ["log.5: not a readable ZooKeeper transaction log: 6 bytes, shorter than the "
                          "16-byte file header"]


def test_an_unknown_format_version_is_an_error_but_read(log: bytes) -> None:
    _rows, acc = read("log.19", log[:4] + struct.pack(">i", 3) + log[8:])
    assert acc.recognised == len(_entries(log))
    assert "txn log format version 3" in acc.errors[0]


# -- the records, encoded as ZooKeeper encodes them ------------------------------------------
def _s(v: str) -> bytes:
    b = v.encode()
    return struct.pack(">i", len(b)) + b


def _buf(v: bytes) -> bytes:
    return struct.pack(">i", len(v)) + v


def _entry(session: int, cxid: int, zxid: int, time: int, op: int, record: bytes, digest: bool) -> bytes:
    body = struct.pack(">qiqqi", session, cxid, zxid, time, op) + record
    if digest:
        body += struct.pack(">iq", 2, 12345)
    return struct.pack(">qi", zlib.adler32(body), len(body)) + body + b"B"


_paths = st.lists(st.text(alphabet="abcdefghij_0123456789", min_size=1, max_size=8), min_size=1,
                  max_size=4).map(lambda ps: "/" + "/".join(ps))
_data = st.binary(max_size=64)


@st.composite
def _txns(draw: st.DrawFn) -> tuple[int, bytes, dict[str, object]]:
    kind = draw(st.sampled_from(["create", "setData", "delete", "createSession", "closeSession", "error"]))
    path, data, v = draw(_paths), draw(_data), draw(st.integers(0, 2**31 - 1))
    if kind == "create":
        eph = draw(st.booleans())
        rec = _s(path) + _buf(data) + struct.pack(">i", 1) + struct.pack(">i", 31) + _s("world") + \
            _s("anyone") + bytes([eph]) + struct.pack(">i", v)
        return 1, rec, {"path": path, "data": data, "ephemeral": eph, "parent_cversion": v}
    if kind == "setData":
        return 5, _s(path) + _buf(data) + struct.pack(">i", v), {"path": path, "data": data, "version": v}
    if kind == "delete":
        return 2, _s(path), {"path": path}
    if kind == "createSession":
        return -10, struct.pack(">i", v), {"timeout": v}
    if kind == "closeSession":
        return -11, struct.pack(">i", 1) + _s(path), {"paths": (path,)}
    return -1, struct.pack(">i", -103), {"error": -103}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_txns(), st.booleans()), min_size=1, max_size=12), st.integers(0, 2**40))
def test_entries_read_back_exactly_as_zookeeper_wrote_them(txns: list, start: int) -> None:
    log = struct.pack(">iiq", txnlog.TXNLOG_MAGIC, 2, 0)
    for i, ((op, rec, _), digest) in enumerate(txns):
        log += _entry(0x100016708470000 + i, i, start + i, 1_700_000_000_000 + i, op, rec, digest)
    got = _entries(log + bytes(100))
    assert [t.zxid for t in got] == [start + i for i in range(len(txns))]
    for t, ((op, _, want), digest) in zip(got, txns, strict=True):
        assert t.type == op and (t.digest is not None) == digest
        for k, v in want.items():
            assert getattr(t.op, k) == v, k


def test_an_old_create_without_parent_cversion_reads_as_create_txn_v0() -> None:
    rec = _s("/a") + _buf(b"x") + struct.pack(">i", 0) + b"\x01"  # CreateTxnV0 (ZooKeeper 3.3)
    log = struct.pack(">iiq", txnlog.TXNLOG_MAGIC, 2, 0) + _entry(1, 1, 5, 1000, 1, rec, False)
    (t,) = _entries(log)
    assert (t.op.path, t.op.data, t.op.ephemeral, t.op.parent_cversion, t.op.legacy) == ("/a", b"x", True,
                                                                                       None, True)


def test_a_close_session_without_body_is_read_as_before_3_6() -> None:
    log = struct.pack(">iiq", txnlog.TXNLOG_MAGIC, 2, 0) + _entry(9, 1, 5, 1000, -11, b"", False)
    (t,) = _entries(log)
    assert t.op.name == "closeSession" and t.op.paths is None and t.op.legacy


# -- the fast columnar reading gives the exact reader's rows -----------------------------------
def _exact(data: bytes) -> list[dict[str, object]]:
    rows = [r for t in txnlog.iter_log(data) if isinstance(t, txnlog.Txn) for r in txnlog.txn_rows(t)]
    return _canonical(frame(rows, "log.1").to_dicts()) if rows else []


def _canonical(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    for r in rows:
        r["details"] = json.loads(r["details"]) if r["details"] else None  # type: ignore[arg-type]
        r["source"] = "log.1"
    return sorted(rows, key=lambda r: (r["line"], json.dumps(r["details"], sort_keys=True)))


def _fast(data: bytes) -> list[dict[str, object]]:
    rows, _ = read("log.1", data)
    for r in rows:
        r["details"] = r["details"] or None
    return _canonical([{**r, "details": json.dumps(r["details"])} for r in rows])


def test_the_fixture_logs_read_fast_as_exactly(fixtures: Path) -> None:
    for f in sorted(fixtures.glob("log.*")):
        assert _fast(f.read_bytes()) == _exact(f.read_bytes()), f.name


_state_json = st.one_of(
    st.builds(lambda c, lead, e, isr, lrs: json.dumps(
        {"controller_epoch": c, "leader": lead, "version": 1, "leader_epoch": e, "isr": isr}
        | ({"leader_recovery_state": lrs} if lrs is not None else {}), separators=(",", ":")),
        st.integers(0, 2**31 - 1), st.integers(-1, 2**31 - 1), st.integers(0, 2**31 - 1),
        st.lists(st.integers(0, 2**31 - 1), max_size=4), st.none() | st.integers(0, 2)),
    st.sampled_from(['{"leader":1}', '{"controller_epoch":1,"leader":"1","version":1,"leader_epoch":0,"isr":[1]}',
                     '{"controller_epoch": 1, "leader": 1, "version": 1, "leader_epoch": 0, "isr": [1]}',
                     '{"controller_epoch":1,"leader":1,"leader":2,"version":1,"leader_epoch":0,"isr":[1]}',
                     'not json', '{"controller_epoch":1,"leader":99999999999,"version":1,"leader_epoch":0,"isr":[]}']),
)
_state_paths = st.sampled_from(["/brokers/topics/orders/partitions/0/state", "/brokers/topics/t.x-1/partitions/12/state",
                                "/brokers/topics/orders", "/controller_epoch", "/brokers/ids/3"])


@st.composite
def _writes(draw: st.DrawFn) -> tuple[int, bytes]:
    def set_data() -> tuple[int, bytes]:
        return 5, _s(draw(_state_paths)) + _buf(draw(_state_json).encode()) + struct.pack(">i", draw(
            st.integers(0, 99)))

    kind = draw(st.sampled_from(["setData", "delete", "multi"]))
    if kind == "setData":
        return set_data()
    if kind == "delete":
        return 2, _s(draw(_state_paths))
    subs = [(13, _s("/controller_epoch") + struct.pack(">i", 3))] + [set_data() for _ in range(draw(
        st.integers(1, 3)))]
    return 14, struct.pack(">i", len(subs)) + b"".join(struct.pack(">i", t) + _buf(r) for t, r in subs)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(_writes(), st.booleans()), min_size=1, max_size=10))
def test_kafka_s_writes_read_fast_as_exactly(writes: list) -> None:
    log = struct.pack(">iiq", txnlog.TXNLOG_MAGIC, 2, 0)
    for i, ((op, rec), digest) in enumerate(writes):
        log += _entry(0x100016708470000 + i, i, 100 + i, 1_700_000_000_000 + i, op, rec, digest)
    assert _fast(log) == _exact(log)
