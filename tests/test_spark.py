"""``ingest --spark`` gives the local path's event table and accounting, row for row.

Every Spark test runs the same inputs through both paths and compares: the reports
(every file's accounting, identities, errors), the Parquet schema with its metadata,
and the rows — sorted by (source, line) and, stronger, in the order written.  One
``local[2]`` SparkSession serves the whole run (``conftest.spark``).

The first tests need no Spark: they check that the ranges executors parse are the
very chunks the local path cuts, which is what makes the equality hold by construction.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from kafka_forensics.parsers import units
from kafka_forensics.parsers.chunks import iter_chunks
from kafka_forensics.parsers.ingest import IngestOptions, IngestReport, ingest
from kafka_forensics.parsers.parquet import is_dataset
from kafka_forensics.parsers.sources import expand

from .conftest import CORPUS

GC = "kafka.coordinator.group.GroupCoordinator"
SMALL = 64 << 10  # chunk size that splits the synthetic logs into many ranges


# ---- synthetic logs -------------------------------------------------------------------------
def _ts(i: int) -> str:
    return f"2024-03-01 10:{(i // 1000) % 60:02d}:{(i // 10) % 60:02d},{i % 1000:03d}"


def _stabilized(i: int, node: int = 3) -> str:
    return (f"[{_ts(i)}] INFO [GroupCoordinator {node}]: Stabilized group g{i % 7} generation {i} "
            f"(__consumer_offsets-{i % 50}) with {1 + i % 4} members ({GC})\n")


def _trace(i: int, depth: int) -> str:
    return (f"[{_ts(i)}] ERROR [ReplicaFetcher replicaId=3, leaderId=1, fetcherId=0] Error for "
            f"partition orders-{i % 12} at offset {i * 10} (kafka.server.ReplicaFetcherThread)\n"
            "org.apache.kafka.common.errors.NotLeaderOrFollowerException: not the leader\n"
            + "".join(f"\tat kafka.server.Fetcher.step{j}(Fetcher.scala:{j})\n" for j in range(depth)))


def _config_dump(i: int, broker: int = 3) -> str:
    keys = [f"\tsome.setting.{j} = {j}\n" for j in range(120)]
    keys.insert(40, f"\tbroker.id = {broker}\n")
    return f"[{_ts(i)}] INFO KafkaConfig values: \n" + "".join(keys) + " (kafka.server.KafkaConfig)\n"


def big_log(target: int, seed: int = 7) -> str:
    """A broker log of ``target`` bytes whose multi-line records (stack traces, config
    dumps, one record longer than a chunk) straddle the 64 KB anchors."""
    rnd = random.Random(seed)
    out: list[str] = [_config_dump(0)]
    size = len(out[0])
    i = 1
    next_anchor = SMALL
    while size < target:
        if size > next_anchor - 3000 and size < next_anchor:
            # put a record across the anchor: a long trace, a config dump, or a huge trace
            kind = (next_anchor // SMALL) % 3
            rec = (_trace(i, 200) if kind == 0 else _config_dump(i) if kind == 1
                   else _trace(i, 3000))  # ~130 KB: longer than a chunk, spans two anchors
            next_anchor = (size + len(rec)) // SMALL * SMALL + SMALL
        else:
            r = rnd.random()
            rec = _stabilized(i) if r < 0.6 else _trace(i, rnd.randrange(1, 30)) if r < 0.8 else (
                f"[{_ts(i)}] INFO [Log partition=orders-{i % 12}] Rolled new segment (kafka.log.Log)\n")
        out.append(rec)
        size += len(rec)
        i += 1
    return "".join(out)


def compose_log(n: int) -> str:
    """docker compose output: two brokers' lines interleaved, traces included."""
    out = []
    for i in range(n):
        name, node = ("kafka-1", 1) if i % 3 else ("kafka-2", 2)
        rec = _stabilized(i, node) if i % 5 else _trace(i, 4)
        out.extend(f"{name}  | {line}\n" for line in rec.splitlines())
    return "".join(out)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("logs")
    (d / "server.log").write_text(big_log(1_200_000))
    (d / "compose.log").write_text(compose_log(6000))
    return d


# ---- ranges are the local chunks (no Spark) -------------------------------------------------
def _ranges(path: Path, chunk: int) -> list[units.Range]:
    opts = IngestOptions(chunk_bytes=chunk)
    inputs, _ = expand([str(path)])
    slots = units.plan(inputs, opts)
    tasks = units.scan_tasks(slots, chunk)
    ids = pa.RecordBatch.from_arrays([pa.array(range(len(tasks)), pa.int64())], names=["id"])
    scans = {
        r["task"]: (r["newlines"], r["cut"], r["to_cut"])
        for b in units.scan(tasks, iter([ids])) for r in b.to_pylist()
    }
    (planned,) = units.units(slots, tasks, scans)
    assert all(isinstance(u, units.Range) for u in planned)
    return planned  # type: ignore[return-value]


@pytest.mark.parametrize("chunk", [SMALL, 100_000, 300_007])
@pytest.mark.parametrize("name", ["server.log", "compose.log"])
def test_executor_ranges_are_the_chunks_the_local_path_cuts(logs: Path, name: str, chunk: int) -> None:
    path = logs / name
    ranges = _ranges(path, chunk)
    slot = units.plan(expand([str(path)])[0], IngestOptions(chunk_bytes=chunk))[0]
    assert isinstance(slot, units.Split) and slot.decision.start is not None
    data = path.read_bytes()
    blocks = (data[i:i + 50_000] for i in range(0, len(data), 50_000))
    local = [(c.offset, len(c.data), c.first_line)
             for c in iter_chunks(blocks, slot.decision.start, chunk)]
    assert [(r.offset, r.length, r.first_line) for r in ranges] == local
    assert len(local) > 3


def test_records_straddle_the_anchors_in_the_synthetic_log(logs: Path) -> None:
    """The test data does what it claims: anchors fall inside multi-line records."""
    data = (logs / "server.log").read_bytes()
    inside = sum(1 for a in range(SMALL, len(data), SMALL) if not data[a:].startswith(b"["))
    assert inside >= 10
    ranges = _ranges(logs / "server.log", SMALL)
    assert any(r.length > SMALL for r in ranges)  # the record longer than a chunk stays whole


# ---- the two paths, compared ----------------------------------------------------------------
def both(spark: object, paths: list[Path | str], tmp: Path,
         **kw: object) -> tuple[IngestReport, IngestReport, pa.Table]:
    from kafka_forensics.parsers import spark as sp

    opts = IngestOptions(**kw)  # type: ignore[arg-type]
    names = [str(p) for p in paths]
    local = ingest(names, tmp / "local.parquet", opts)
    dist = sp.ingest(names, tmp / "spark.parquet", opts, spark=spark)  # type: ignore[arg-type]
    assert is_dataset(tmp / "spark.parquet")
    table = assert_same(local, dist, tmp / "local.parquet", tmp / "spark.parquet")
    return local, dist, table


def assert_same(local: IngestReport, dist: IngestReport, a: Path, b: Path) -> pa.Table:
    assert dist.to_json() == local.to_json()
    assert dist.files == local.files  # every field, samples and identities included
    assert dist.errors == local.errors and dist.events == local.events
    ta, tb = pq.read_table(a), pq.read_table(b)
    assert tb.schema.equals(ta.schema, check_metadata=True)
    for part in sorted(b.glob("part-*.parquet")):  # every part is a whole event table
        assert pq.read_schema(part).equals(ta.schema, check_metadata=True)
    keys = [("source", "ascending"), ("line", "ascending")]
    sa, sb = ta.sort_by(keys), tb.sort_by(keys)
    assert sb.num_rows == sa.num_rows == local.events
    for name in ta.column_names:  # column by column, so that a failure names the column
        assert sb.column(name).equals(sa.column(name)), name
    assert tb.equals(ta)  # and in the same order: parts are written in input order
    return ta


@pytest.mark.spark
def test_big_logs_split_into_ranges_give_the_local_table(spark: object, logs: Path, tmp_path: Path) -> None:
    local, _, table = both(spark, [logs / "server.log", logs / "compose.log"], tmp_path, chunk_bytes=SMALL)
    server, compose = local.files
    assert server.malformed == 0 and server.balanced() and server.recognised > 500
    assert compose.balanced() and "docker-compose" in " ".join(compose.notes)
    # the broker id comes from the config dump at the top, and reaches every range's rows
    rows = table.filter(pc.equal(table["source"], str(logs / "server.log")))
    assert set(rows["broker"].to_pylist()) == {3}


@pytest.mark.spark
def test_real_corpus_logs_give_the_local_table(spark: object, tmp_path: Path) -> None:
    dirs = [CORPUS / d for d in ("ATCP-kafka_2.11-2.1.1", "elastic-beats", "Jeong-Rae-KafkaDemo",
                                 "aryan-jadon-Distributed-Kafka-Clusters")]
    if not all(d.is_dir() for d in dirs):
        pytest.skip("../shared/corpus/real is absent: the real-log corpus is not on this machine")
    local, _, _ = both(spark, dirs, tmp_path)
    assert len(local.files) > 50 and local.events > 0
    # and cut into small ranges, as big files would be
    both(spark, dirs[:2], tmp_path / "small", chunk_bytes=32 << 10)


@pytest.mark.spark
def test_gzip_and_a_tar_bundle_give_the_local_table(spark: object, logs: Path, tmp_path: Path) -> None:
    gz = tmp_path / "server.log.2024-03-01-10.gz"
    gz.write_bytes(gzip.compress((logs / "server.log").read_bytes()))
    bundle = tmp_path / "bundle.tar.gz"
    with tarfile.open(bundle, "w:gz") as tf:
        for member, text in (
            ("cluster=prod-eu/broker=1/server.log", "".join(_stabilized(i, 1) for i in range(300))),
            ("cluster=prod-eu/broker=2/server.log", "".join(_stabilized(i, 2) for i in range(200))),
            ("cluster=prod-eu/broker=2/controller.log.gz", None),
        ):
            data = (text.encode() if text is not None
                    else gzip.compress(b"".join(_trace(i, 3).encode() for i in range(50))))
            info = tarfile.TarInfo(member)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    local, _, table = both(spark, [gz, bundle], tmp_path, chunk_bytes=SMALL)
    assert local.files[0].source == str(gz) and len(local.files) == 4
    from_bundle = table.filter(pc.starts_with(table["source"], str(bundle)))
    assert set(from_bundle["cluster"].to_pylist()) == {"prod-eu"}
    assert set(from_bundle["broker"].to_pylist()) == {1, 2}


@pytest.mark.spark
def test_damaged_inputs_are_accounted_alike(spark: object, logs: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(200_000)))
    truncated = tmp_path / "server.log.1.gz"
    whole = gzip.compress((logs / "server.log").read_bytes())
    truncated.write_bytes(whole[: len(whole) * 2 // 3])
    dirty = tmp_path / "dirty.log"  # binary junk inside a log big enough to be split
    text = big_log(400_000, seed=3)
    cut = text.index("\n[", 250_000) + 1
    dirty.write_bytes(text[:cut].encode() + b"\x00\x01\x02 garbage \xff\xfe\n" + text[cut:].encode())
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    local, dist, _ = both(spark, [junk, truncated, dirty, empty, tmp_path / "missing.log"], tmp_path,
                          chunk_bytes=SMALL)
    assert local.damaged and dist.damaged
    by = {Path(f.source).name: f for f in local.files}
    assert by["junk.bin"].errors and by["server.log.1.gz"].errors
    assert "truncated" in by["server.log.1.gz"].errors[0] and by["server.log.1.gz"].recognised > 0
    (sample,) = [s for s in by["dirty.log"].samples if "binary" in s.reason]
    assert sample.offset == cut
    assert local.errors == [f"{tmp_path / 'missing.log'}: no such file or directory"]


@pytest.mark.spark
def test_a_second_run_replaces_the_dataset_stdin_is_refused_and_nothing_is_empty(spark: object, logs: Path, tmp_path: Path) -> None:
    from kafka_forensics.parsers import spark as sp

    out = tmp_path / "events.parquet"
    f = tmp_path / "small.log"
    f.write_text("".join(_stabilized(i) for i in range(50)))
    for n in (50, 20):
        f.write_text("".join(_stabilized(i) for i in range(n)))
        report = sp.ingest([str(f)], out, spark=spark)  # type: ignore[arg-type]
        assert report.events == n and pq.read_table(out).num_rows == n
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("keep me")
    with pytest.raises(sp.SparkError, match="does not hold an event table"):
        sp.ingest([str(f)], tmp_path / "notes", spark=spark)  # type: ignore[arg-type]
    assert (tmp_path / "notes" / "todo.txt").exists()
    with pytest.raises(sp.SparkError, match="standard input"):
        sp.ingest(["-"], out, spark=spark)  # type: ignore[arg-type]
    # nothing to read: still a readable (empty) table with the contract schema, as locally
    report = sp.ingest([str(tmp_path / "none.log")], out, spark=spark)  # type: ignore[arg-type]
    local = ingest([str(tmp_path / "none.log")], tmp_path / "none.parquet")
    assert report.to_json() == local.to_json() and report.errors
    assert pq.read_table(out).equals(pq.read_table(tmp_path / "none.parquet"))


# ---- the command line -----------------------------------------------------------------------
EXE = shutil.which("kafka-forensics") or str(Path(sys.executable).with_name("kafka-forensics"))


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK", "SPARK_"))}
    return subprocess.run([EXE, *args], capture_output=True, text=True, timeout=300,
                          env={**base, "NO_COLOR": "1", "COLUMNS": "200", **(env or {})})


@pytest.mark.spark
def test_cli_ingest_spark_end_to_end(spark: object, logs: Path, tmp_path: Path) -> None:
    """The real console script, its own JVM: the local path's JSON accounting, and a
    table that `events` reads as it reads the local one."""
    from kafka_forensics.parsers import view
    from kafka_forensics.reports import events_table

    gz = tmp_path / "controller.log.gz"
    gz.write_bytes(gzip.compress("".join(_trace(i, 2) for i in range(100)).encode()))
    inputs = [str(logs / "server.log"), str(gz)]
    local = ingest(inputs, tmp_path / "local.parquet", IngestOptions())
    out = tmp_path / "spark.parquet"
    r = run_cli("ingest", *inputs, "--spark", "--master", "local[2]", "-o", str(out), "--json")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr and "INFO" not in r.stderr  # quiet: warnings at most
    assert json.loads(r.stdout) == local.to_json()
    shown = run_cli("events", str(out), "--format", "jsonl", "--group", "g3")
    assert shown.returncode == 0, shown.stderr
    expected = io.StringIO()
    events_table.write_jsonl(view.select(view.load([str(tmp_path / "local.parquet")]), group="g3"), expected)
    assert shown.stdout == expected.getvalue() and shown.stdout.count("\n") > 10


def test_cli_without_java_says_how_to_fix_it(tmp_path: Path) -> None:
    f = tmp_path / "server.log"
    f.write_text(_stabilized(1))
    r = run_cli("ingest", str(f), "--spark", "-o", str(tmp_path / "e.parquet"),
                env={"PATH": str(Path(EXE).parent), "JAVA_HOME": ""})
    assert r.returncode == 2
    assert "needs Java" in r.stderr and "drop --spark" in r.stderr and "Traceback" not in r.stderr
