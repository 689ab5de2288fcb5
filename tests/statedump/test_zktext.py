"""The dumps of ZooKeeper's own tools (TxnLogToolkit, SnapshotFormatter), read into the rows
the binary files give.  The dumps in fixtures/tools/ are the tools' real output for the
fixture files (fixtures/PROVENANCE.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kafka_forensics.parsers.statedump.zktext import parse_java_date, parse_toolkit_time

from .reading import read

_KEY = ("kind", "zk_op", "zk_path", "zxid", "zk_session", "zk_version", "leader", "isr", "topic", "brokers",
        "partitions", "controller")


def _norm(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    out = []
    for r in rows:
        err = None if r["kind"] == "zk_txn" and r["zk_op"] == "multi" else r["error"]  # codes lost in the dump
        ts = None if r["ts"] is None else r["ts"].replace(microsecond=0)
        out.append((*[r[k] for k in _KEY], err, ts))
    return sorted(out, key=repr)


@pytest.mark.parametrize("name", ["log.1", "log.10", "log.19", "log.27", "snapshot.e", "snapshot.17",
                                  "snapshot.25"])
def test_a_tool_dump_gives_the_rows_of_its_binary_file(fixtures: Path, name: str) -> None:
    dump = (fixtures / "tools" / f"{name}.txt").read_bytes()
    text_rows, acc = read(f"{name}.txt", dump)
    assert acc.malformed == 0 and not acc.errors, acc.errors
    assert acc.physical_lines == dump.count(b"\n")
    bin_rows, _ = read(name, (fixtures / name).read_bytes())
    assert _norm(text_rows) == _norm(bin_rows)


def test_a_create_s_acl_line_break_is_joined_back_into_its_txn(fixtures: Path) -> None:
    rows, _ = read("log.10.txt", (fixtures / "tools" / "log.10.txt").read_bytes())
    reg = next(r for r in rows if r["zk_path"] == "/brokers/ids/1")
    assert reg["raw"].endswith("],true,1") and "\n" in reg["raw"]
    assert reg["details"]["acl"] == [{"perms": 31, "scheme": "world", "id": "anyone"}]
    assert reg["details"]["ephemeral"] is True and reg["line"] == 10  # the txn's first line


def test_a_multi_s_sub_records_are_read_back_from_the_printed_bytes(fixtures: Path) -> None:
    rows, _ = read("log.19.txt", (fixtures / "tools" / "log.19.txt").read_bytes())
    multi = [r for r in rows if r["details"].get("multi")]
    assert {r["zk_op"] for r in multi} == {"check", "create"}
    created = next(r for r in multi if r["zk_op"] == "create")
    assert created["kind"] == "zk_partition_state" and created["isr"] == [1, 2]


_DUMP = """ZooKeeper Transactional Log File with dbid 0 txnlog format version 2
11/22/26, 11:20:24 AM UTC session 0x10001702a980001 cxid 0x3 zxid 0x1f setData /brokers/topics/orders/partitions/0/state,{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1]},1
CRC ERROR - 11/22/26, 11:20:24 AM UTC session 0x10001702a980001 cxid 0x4 zxid 0x20 setData /brokers/topics/orders/partitions/0/state,{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1,2]},2
11/22/26, 11:20:24 AM UTC session 0x10001702a980001 cxid 0x4 zxid 0x20 setData /brokers/topics/orders/partitions/0/state,{"controller_epoch":1,"leader":1,"version":1,"leader_epoch":0,"isr":[1,2]},2
11/22/26, 11:20:24 AM UTC session 0x10001702a980001 cxid 0x5 zxid 0x21 setData no version here
EOF reached after 3 txns.
"""


def test_a_crc_error_line_and_its_reprint_are_malformed_the_rest_is_read() -> None:
    rows, acc = read("dump.txt", _DUMP.encode())
    assert [r["zxid"] for r in rows] == [0x1F]
    assert rows[0]["isr"] == [1] and rows[0]["zk_version"] == 1
    assert acc.records == 6 and acc.recognised == 3 and acc.malformed == 3
    assert [s.line for s in acc.samples] == [3, 4, 5]
    assert "checksum mismatch in txn zxid 0x20 (CRC ERROR)" in acc.samples[0].reason
    assert acc.errors[2] == ("dump.txt:5: the setData txn's text is not `path,data,...` as TxnLogToolkit "
                             "prints it")


def test_toolkit_times_in_the_us_and_a_dotted_locale() -> None:
    assert parse_toolkit_time("11/22/26, 11:10:33 AM UTC") == 1795345833000
    assert parse_toolkit_time("11/22/26, 11:10:33\u202fPM UTC") == 1795345833000 + 12 * 3600_000  # JDK 20+
    assert parse_toolkit_time("11/22/26 12:10:33 AM GMT") == 1795345833000 - 11 * 3600_000  # JDK 8
    assert parse_toolkit_time("22.11.26, 11:10:33 UTC") == 1795345833000
    assert parse_toolkit_time("11/22/26, 11:10:33 AM CET") is None  # an abbreviation is ambiguous


def test_a_txn_whose_zone_is_not_known_keeps_its_time_text() -> None:
    dump = _DUMP.split("\n")[:2]
    dump[1] = dump[1].replace("UTC", "PST")
    rows, acc = read("dump.txt", "\n".join(dump).encode())
    assert rows[0]["ts"] is None and rows[0]["details"]["time_text"] == "11/22/26, 11:20:24 AM PST"
    assert acc.malformed == 0


def test_java_date_to_string() -> None:
    assert parse_java_date("Thu Jan 01 00:00:00 UTC 1970") == 0
    assert parse_java_date("Sun Nov 22 11:10:33 UTC 2026") == 1795345833000
    assert parse_java_date("Sun Nov 22 11:10:33 CET 2026") is None


def test_a_snapshot_dump_with_a_broken_block_reports_its_line(fixtures: Path) -> None:
    text = (fixtures / "tools" / "snapshot.e.txt").read_text().replace("  dataVersion = 0", "  dataVersion = x",
                                                                        1)
    rows, acc = read("snapshot.e.txt", text.encode())
    assert acc.malformed == 1 and "a stat value is not a number" in acc.samples[0].reason
    assert len([r for r in rows if r["zk_path"]]) == text.count("\n/") - 1
