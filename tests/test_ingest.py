"""Ingest: inputs of every shape, identities, damage, and the event table written.

Nothing lost, nothing silent: every case checks that the accounting adds up and
that whatever was readable before the damage is still in the table.
"""

from __future__ import annotations

import gzip
import io
import sys
import tarfile
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq
import pytest

from kafka_forensics.parsers import parquet
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from kafka_forensics.parsers.schema import EVENT_SCHEMA

GC = "kafka.coordinator.group.GroupCoordinator"


def stabilized(gen: int, node: int = 1, ts: str = "2021-07-09 11:02:31,772") -> str:
    return (f"[{ts}] INFO [GroupCoordinator {node}]: Stabilized group payments generation {gen} "
            f"(__consumer_offsets-42) with 3 members ({GC})\n")


def routine(i: int) -> str:
    return f"[2021-07-09 11:02:3{i % 10},000] INFO Deleted log for partition t-{i} (kafka.log.LogManager)\n"


def log_text(n: int = 3, node: int = 1) -> str:
    return "".join(stabilized(g, node) + routine(g) for g in range(1, n + 1))


def run(paths: list[Path | str], tmp: Path, **opts: object) -> tuple[object, pl.DataFrame]:
    out = tmp / "events.parquet"
    report = ingest([str(p) for p in paths], out, IngestOptions(**opts))  # type: ignore[arg-type]
    df = pl.read_parquet(out) if out.exists() else pl.DataFrame()
    for acc in report.files:
        assert acc.balanced(), acc.to_json()
    return report, df


def test_a_directory_is_read_recursively_with_rotated_and_gzipped_files(tmp_path: Path) -> None:
    d = tmp_path / "logs"
    (d / "old").mkdir(parents=True)
    (d / "server.log").write_text(log_text(1))
    (d / "server.log.2024-03-01-10").write_text(log_text(2))
    (d / "old" / "server.log.2024-03-01-09.gz").write_bytes(gzip.compress(log_text(3).encode()))
    report, df = run([d], tmp_path)
    assert [Path(a.source).name for a in report.files] == [
        "server.log", "server.log.2024-03-01-10", "server.log.2024-03-01-09.gz"]
    assert df.height == 6 and df["kind"].unique().to_list() == ["group_stabilized"]


def test_a_glob_names_the_files_it_matches(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"server.log.{i}").write_text(log_text(1))
    (tmp_path / "other.txt").write_text("x\n")
    report, df = run([tmp_path / "server.log.*"], tmp_path)
    assert len(report.files) == 3 and df.height == 3


def test_a_tar_bundle_takes_cluster_and_broker_from_its_member_paths(tmp_path: Path) -> None:
    bundle = tmp_path / "bundle.tgz"
    with tarfile.open(bundle, "w:gz") as tf:
        for broker in (1, 2):
            data = log_text(2, node=broker).encode()
            info = tarfile.TarInfo(f"incident/cluster=prod-eu/broker={broker}/server.log")
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    report, df = run([bundle], tmp_path)
    assert {a.source for a in report.files} == {
        f"{bundle}!incident/cluster=prod-eu/broker={b}/server.log" for b in (1, 2)}
    assert df.group_by("broker").len().sort("broker").rows() == [(1, 2), (2, 2)]
    assert df["cluster"].unique().to_list() == ["prod-eu"]


def test_stdin_is_read_when_the_path_is_a_dash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeStdin:
        buffer = io.BytesIO(log_text(2).encode())

    monkeypatch.setattr(sys, "stdin", FakeStdin())
    report, df = run(["-"], tmp_path)
    assert report.files[0].source == "<stdin>" and df.height == 2


def test_the_broker_is_taken_from_its_own_log_when_the_path_says_nothing(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_text("[2022-04-25 16:06:40,502] INFO [KafkaServer id=4] started (kafka.server.KafkaServer)\n"
                 + stabilized(1, node=4))
    _, df = run([f], tmp_path)
    assert df["broker"].unique().to_list() == [4]


def test_flags_override_the_path_and_the_log(tmp_path: Path) -> None:
    d = tmp_path / "cluster=a" / "broker=1"
    d.mkdir(parents=True)
    (d / "server.log").write_text(log_text(1, node=1))
    _, df = run([d], tmp_path, cluster="b", broker=9)
    assert df.select("cluster", "broker").unique().rows() == [("b", 9)]


def test_concatenated_logs_of_several_brokers_keep_each_records_own_broker(tmp_path: Path) -> None:
    f = tmp_path / "all.log"
    f.write_text(stabilized(1, node=1) + stabilized(2, node=2))
    report, df = run([f], tmp_path)
    assert df["broker"].to_list() == [1, 2]
    assert "several brokers" in (report.files[0].identity or "")


def test_a_truncated_gzip_names_the_file_and_keeps_what_was_readable(tmp_path: Path) -> None:
    data = gzip.compress(log_text(200).encode())
    f = tmp_path / "server.log.gz"
    f.write_bytes(data[: len(data) // 2])
    report, df = run([f], tmp_path)
    (acc,) = report.files
    assert acc.errors and "truncated" in acc.errors[0] and str(f) in acc.errors[0]
    assert "byte" in acc.errors[0]
    assert 0 < df.height < 200  # everything decompressed before the cut is there


def test_a_corrupt_gzip_reports_the_byte_offset(tmp_path: Path) -> None:
    data = bytearray(gzip.compress(log_text(50).encode()))
    data[40:60] = b"\xff" * 20
    f = tmp_path / "server.log.gz"
    f.write_bytes(bytes(data))
    report, _ = run([f], tmp_path)
    (err,) = report.files[0].errors
    assert "corrupt" in err and "byte" in err


def test_a_binary_file_is_an_error_with_its_offset_not_a_crash(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_bytes(b"\x00\x01\x02\xff" * 1000)
    report, _ = run([f], tmp_path)
    assert "binary data at byte 0" in report.files[0].errors[0]


def test_binary_junk_inside_a_log_is_malformed_and_located(tmp_path: Path) -> None:
    junk = b"\x00" * 64 + b"\n"
    body = stabilized(1).encode() + junk + stabilized(2).encode()
    f = tmp_path / "server.log"
    f.write_bytes(body)
    report, df = run([f], tmp_path)
    (acc,) = report.files
    assert df["generation"].to_list() == [1, 2]
    assert acc.malformed == 1
    (s,) = acc.samples
    assert s.line == 2 and "binary" in s.reason and s.offset == len(stabilized(1).encode())


def test_lines_before_the_first_record_are_malformed_with_a_reason(tmp_path: Path) -> None:
    f = tmp_path / "server.log.2024-03-01-10"
    f.write_text("\tat kafka.Foo.bar(Foo.scala:1)\n" + stabilized(1))
    report, df = run([f], tmp_path)
    (acc,) = report.files
    assert df.height == 1 and acc.malformed == 1
    assert "no record header" in acc.samples[0].reason and acc.samples[0].line == 1


def test_a_ten_megabyte_line_is_one_record(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    big = "[2021-07-09 11:02:31,772] INFO " + "x" * (10 << 20) + " (kafka.server.KafkaApis)\n"
    f.write_text(stabilized(1) + big + stabilized(2))
    report, df = run([f], tmp_path, chunk_bytes=1 << 20)
    (acc,) = report.files
    assert acc.records == 3 and acc.physical_lines == 3 and df.height == 2


def test_latin1_bytes_are_kept_not_dropped(tmp_path: Path) -> None:
    line = stabilized(1).replace("payments", "paiement-été").encode("latin-1")
    f = tmp_path / "server.log"
    f.write_bytes(line)
    report, df = run([f], tmp_path)
    assert df["group"].to_list() == ["paiement-été"]
    assert any("Latin-1" in n for n in report.files[0].notes)


def test_crlf_files_are_read_like_lf(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_bytes(log_text(2).replace("\n", "\r\n").encode())
    _, df = run([f], tmp_path)
    assert df.height == 2 and not any(r.endswith("\r") for r in df["raw"])


def test_an_empty_file_is_noted_not_an_error(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_bytes(b"")
    report, _ = run([f], tmp_path)
    assert report.files[0].notes == ["empty file"] and not report.files[0].errors


def test_an_unreadable_file_is_an_error_and_the_others_are_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, bad = tmp_path / "a.log", tmp_path / "b.log"
    good.write_text(log_text(1))
    bad.write_text(log_text(1))
    real_open = open

    def guarded(path: object, *a: object, **k: object):
        if str(path) == str(bad):
            raise PermissionError(13, "Permission denied")
        return real_open(path, *a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", guarded)
    report, df = run([good, bad], tmp_path)
    assert df.height == 1
    assert "permission denied" in report.files[1].errors[0]


def test_a_missing_path_is_reported(tmp_path: Path) -> None:
    report, _ = run([tmp_path / "nope.log"], tmp_path)
    assert report.errors == [f"{tmp_path / 'nope.log'}: no such file or directory"]


def test_records_straddling_chunk_cuts_stay_whole(tmp_path: Path) -> None:
    trace = "java.lang.IllegalStateException: boom\n" + "\tat kafka.Foo.bar(Foo.scala:12)\n" * 50
    text = "".join(stabilized(g).replace("INFO", "ERROR") + trace for g in range(1, 400))
    f = tmp_path / "server.log"
    f.write_text(text)
    report, df = run([f], tmp_path, chunk_bytes=64 << 10)
    (acc,) = report.files
    assert acc.malformed == 0 and df.height == 399
    assert all(r.count("\n") == 51 for r in df["raw"])
    assert df["line"].to_list() == [1 + 52 * i for i in range(399)]


def test_the_event_table_has_the_contract_schema_and_carries_its_accounting(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_text(log_text(2))
    run([f], tmp_path)
    pf = pq.ParquetFile(tmp_path / "events.parquet")
    schema = pf.schema_arrow
    assert schema.names[:8] == ["ts", "cluster", "broker", "source", "line", "level", "logger", "kind"]
    assert schema.remove_metadata() == EVENT_SCHEMA.remove_metadata()
    report = parquet.read_report(tmp_path / "events.parquet")
    assert report["files"][0]["recognised"] == 2 and report["events"] == 2
    assert pf.metadata.row_group(0).column(0).compression == "ZSTD"


def test_the_same_inputs_give_the_same_bytes(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_text(log_text(20))
    outs = []
    for i in range(2):
        out = tmp_path / f"e{i}.parquet"
        ingest([str(f)], out, IngestOptions(workers=2 if i else 1, chunk_bytes=1 << 10))
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_data_directory_files_take_the_node_of_their_meta_properties(corpus: Path, tmp_path: Path) -> None:
    # a broker writes its own id only in meta.properties; its segments and checkpoints say nothing
    data = corpus / "aryan-jadon-Distributed-Kafka-Clusters" / "data"
    _, df = run([data], tmp_path)
    assert df.select("broker", "cluster").unique().rows() == [(0, "4fi2MkU0Ql2L0cPRncY20Q")]
    assert df.filter(pl.col("kind") == "group_metadata_record").height > 0


def test_an_identity_learnt_late_in_a_log_applies_to_its_earlier_rows(tmp_path: Path) -> None:
    # rows are written as they come; a broker.id dump far down the file still wins
    f = tmp_path / "server.log"
    late = ("[2021-07-09 12:00:00,000] INFO KafkaConfig values: \n\tbroker.id = 5\n\tzookeeper.connect = zk:2181\n"
            " (kafka.server.KafkaConfig)\n")
    f.write_text(log_text(300, node=1) + late)
    _, df = run([f], tmp_path, chunk_bytes=4 << 10)
    assert df["broker"].unique().to_list() == [5]


def test_the_table_kept_in_memory_is_the_table_written(tmp_path: Path) -> None:
    # what check reads when there is no cache (ingest_in_memory) equals what ingest writes,
    # an identity learnt late included (its earlier batches are filled again)
    from kafka_forensics.parsers.ingest import ingest_in_memory

    late = ("[2021-07-09 12:00:00,000] INFO KafkaConfig values: \n\tbroker.id = 5\n\tzookeeper.connect = "
            "zk:2181\n (kafka.server.KafkaConfig)\n")
    (tmp_path / "logs" / "broker-2").mkdir(parents=True)
    (tmp_path / "logs" / "server.log").write_text(log_text(300, node=1) + late)
    (tmp_path / "logs" / "broker-2" / "server.log").write_text(log_text(40, node=2))
    (tmp_path / "logs" / "empty.log").write_text("")
    _, written = run([tmp_path / "logs"], tmp_path, chunk_bytes=4 << 10)
    report, kept = ingest_in_memory([str(tmp_path / "logs")], IngestOptions(chunk_bytes=4 << 10))
    assert report.events == kept.height == written.height
    assert kept.schema == written.schema and kept.equals(written)
    assert 5 in kept["broker"].to_list()
    _, none = ingest_in_memory([str(tmp_path / "logs" / "empty.log")])
    assert none.height == 0 and none.schema == written.schema


def test_two_cluster_ids_stated_equally_often_resolve_the_same_way_every_time() -> None:
    """A broker pointed at a fresh ZooKeeper mid-log states a second `Cluster ID = …`; chunks are
    tallied in any order, so the tie goes to the smaller id, not to whichever was counted first."""
    from collections import Counter

    from kafka_forensics.parsers.identity import Evidence, PathIdentity, resolve

    for ids in (["Qip8MQHNS02A2VaypM_GMw", "JGXpZzkORIigUrjhbG2-ig"],
                ["JGXpZzkORIigUrjhbG2-ig", "Qip8MQHNS02A2VaypM_GMw"]):
        got = resolve(PathIdentity(None, None), Evidence(cluster_ids=Counter(ids)))
        assert got.cluster == "JGXpZzkORIigUrjhbG2-ig" and "of 2 stated" in got.how


def test_the_event_table_s_polars_types_are_those_of_its_arrow_schema() -> None:
    """Read off the schema without building an Arrow table (which would import pandas at start)."""
    from kafka_forensics.parsers.schema import EVENT_SCHEMA, polars_types

    assert polars_types() == dict(pl.from_arrow(EVENT_SCHEMA.empty_table()).schema)
