"""``ingest --spark``: the local ingest's own functions, scheduled on Spark.

Three small jobs (see ``units.py`` for the units and ``docs/architecture.md`` for
the whole picture):

1. *scan* (only for plain logs bigger than a chunk): executors find where each
   anchor cuts the file and count newlines, so that every range knows its first
   line number;
2. *parse*: ``mapInArrow`` runs the units — the local path's ``ingest_input`` and
   ``parse_chunk`` — and yields their events as Arrow blobs plus one summary per unit;
   the result is persisted (disk) in the executors, and only the summaries are
   collected: the driver adds them up into the same ``IngestReport`` as the local
   path's and resolves identities from the gathered evidence (``ingest.settle``);
3. *write*: ``mapInArrow`` over the persisted events fills cluster and broker and
   writes one Parquet part per partition, in input order, into ``-o`` (a directory).

No event passes through the driver.  Inputs (and ``-o``) must be paths every
executor can read (write): with a cluster master, a shared filesystem.

This module imports pyspark: import it only where Spark is wanted (the CLI does so
inside the command, so that the command starts fast).
"""

from __future__ import annotations

import os
import pickle
import shutil
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from pyspark import StorageLevel
from pyspark.sql import DataFrame, SparkSession

from . import parquet, units
from .ingest import IngestOptions, IngestReport, settle
from .sources import expand

DEFAULT_MASTER = "local[*]"

# Quiet by default: warnings and errors only, and not the two a laptop always gets.
_LOG4J2 = """\
rootLogger.level = warn
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = spark %p %c{1}: %m%n%ex
logger.native.name = org.apache.hadoop.util.NativeCodeLoader
logger.native.level = error
logger.utils.name = org.apache.spark.util.Utils
logger.utils.level = error
# a failed task reaches the driver as an exception carrying the Python traceback:
# logging it here too would print every traceback twice over
logger.executor.name = org.apache.spark.executor.Executor
logger.executor.level = off
logger.tasks.name = org.apache.spark.scheduler.TaskSetManager
logger.tasks.level = off
"""


class SparkError(Exception):
    """Spark cannot do what was asked; the message says what to do instead."""


def ingest(
    paths: list[str],
    output: Path | None = None,
    options: IngestOptions | None = None,
    *,
    master: str = DEFAULT_MASTER,
    spark: SparkSession | None = None,
) -> IngestReport:
    """The local ``ingest.ingest``, parsed in Spark executors; ``output`` is written as a
    Parquet dataset directory.  ``spark``: a session to use (else the process's active
    one, else one started on ``master`` and stopped at the end)."""
    opts = options or IngestOptions()
    report = IngestReport(output=output)
    inputs, report.errors = expand(paths)
    if any(i.is_stdin for i in inputs):
        raise SparkError(
            "standard input (-) cannot be read by Spark executors: save it to a file "
            "(on a filesystem the executors share) and pass its path, or drop --spark"
        )
    if output is not None and not parquet.replaceable(output):
        raise SparkError(f"-o {output} is a directory that does not hold an event table; remove it "
                         "or give another path")
    slots = units.plan(inputs, opts)
    if not slots:  # nothing to read: no need for Spark
        _write(None, settle(report, {}, 0, opts), report, output)
        return report
    session, own = (spark, False) if spark is not None else _session(master)
    try:
        with _batches_of(session, 4), _sentences():
            planned = _plan_units(session, slots, opts)
            parsed = _parse(session, planned, opts)
            try:
                summaries = {r.unit: pickle.loads(r.data) for r in
                             parsed.filter("kind = 'summary'").select("unit", "data").collect()}
                report.files, evidence, rows = units.merge(slots, planned, summaries)
                _write(parsed, settle(report, evidence, rows, opts), report, output)
            finally:
                parsed.unpersist()
    finally:
        if own:
            session.stop()
    return report


def _plan_units(session: SparkSession, slots: list[units.Slot],
                opts: IngestOptions) -> list[list[units.Unit]]:
    """Job 1: where the big plain logs are cut, and the first line of every range."""
    tasks = units.scan_tasks(slots, opts.chunk_bytes)
    scans: dict[int, tuple[int, int, int]] = {}
    if tasks:
        # a task reads one chunk: a few per partition spare Spark's per-task overhead
        parts = min(len(tasks), 4 * session.sparkContext.defaultParallelism)
        rows = (session.range(0, len(tasks), 1, parts)
                .mapInArrow(partial(units.scan, tasks), units.SCAN_DDL).collect())
        scans = {r.task: (r.newlines, r.cut, r.to_cut) for r in rows}
    return units.units(slots, tasks, scans)


def _parse(session: SparkSession, planned: list[list[units.Unit]], opts: IngestOptions) -> DataFrame:
    """Job 2 (lazy until collected): every unit parsed, its output kept on the executors' disks."""
    flat = [u for us in planned for u in us]
    target = units.default_target(flat, opts.chunk_bytes, session.sparkContext.defaultParallelism)
    packs = units.pack(flat, target)
    return (session.range(0, len(packs), 1, len(packs))  # one pack per partition
            .mapInArrow(partial(units.run_packs, packs, opts), units.PARSED_DDL)
            .persist(StorageLevel.DISK_ONLY))


def _write(parsed: DataFrame | None, identities: parquet.IdentityMap, report: IngestReport,
           output: Path | None) -> None:
    """Job 3: the parts of ``output``, written by the executors into a staging directory
    beside it that replaces it once complete."""
    if output is None:
        return
    mapping = parquet.identity_frame(identities)
    meta = report.to_json()
    staging = output.parent / f".{output.name}.{uuid.uuid4().hex[:12]}.tmp"
    staging.mkdir(parents=True)
    try:
        written = 0
        if parsed is not None and report.events:
            done = (parsed.filter("kind = 'events'")
                    .mapInArrow(partial(units.write_parts, str(staging), mapping, meta),
                                units.WRITTEN_DDL)
                    .collect())
            written = sum(r.rows for r in done)
            if not all((staging / parquet.PART.format(r.pack)).is_file() for r in done):
                raise SparkError("the executors wrote the event table where this machine cannot "
                                 f"see it; {units.SHARED_FS}")
        if written != report.events:
            raise SparkError(f"the executors wrote {written} events of {report.events}; nothing "
                             "was written to -o (re-run; if it persists, report it as a bug)")
        if written == 0:  # a readable, empty table, as the local path writes
            parquet.write(staging / parquet.PART.format(0), [], mapping, meta)
        parquet.replace_dataset(staging, output)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


# ---- the session ----------------------------------------------------------------------------
def _session(master: str) -> tuple[SparkSession, bool]:
    """The session in use in this process (not ours to stop), else a new one (ours)."""
    active = SparkSession.getActiveSession()
    if active is not None:
        return active, False
    return session_for(master), True


def session_for(master: str = DEFAULT_MASTER, app: str = "kafka-forensics") -> SparkSession:
    """A SparkSession on ``master`` set up for this tool: quiet, no UI, Arrow on, UTC,
    executors on this very Python."""
    _check_java()
    # Executors must run the interpreter that has kafka-forensics installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    log4j = f"-Dlog4j2.configurationFile=file:{_log4j_file()}"
    driver_jvm = log4j
    if master.startswith("local"):
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # no hostname lookup, no warning
        # The JVM only moves blobs of Arrow bytes here (parsing is in Python): the quick
        # JIT tier and the serial collector start it seconds sooner on a small machine.
        driver_jvm += " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
    builder = (
        SparkSession.builder.master(master).appName(app)
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.driver.extraJavaOptions", driver_jvm)
        .config("spark.executor.extraJavaOptions", log4j)
        .config("spark.python.worker.reuse", "true")
    )
    try:
        session = builder.getOrCreate()
    except Exception as e:  # the JVM did not come up: say why and what to do
        raise SparkError(
            f"Spark could not start on master {master!r} ({type(e).__name__}: {_first_line(e)}). "
            "Check --master (local[*], spark://host:7077, yarn, k8s://…) and that Java 17 or "
            "newer is installed, or drop --spark to parse on this machine."
        ) from None
    session.sparkContext.setLogLevel("WARN")
    return session


def _check_java() -> None:
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / "java").exists():
        return
    if shutil.which("java"):
        return
    raise SparkError(
        "--spark needs Java (17 or newer) and none was found: install a JRE (e.g. "
        "`apt-get install openjdk-17-jre-headless`) or set JAVA_HOME, or drop --spark to "
        "parse on this machine without Spark."
    )


def _log4j_file() -> Path:
    path = Path(tempfile.gettempdir()) / f"kafka-forensics-log4j2-{os.getuid()}.properties"
    if not path.exists() or path.read_text() != _LOG4J2:
        tmp = path.with_suffix(f".{os.getpid()}")
        tmp.write_text(_LOG4J2)
        os.replace(tmp, path)
    return path


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0][:300] if text else ""


@contextmanager
def _sentences() -> Iterator[None]:
    """A job that failed on a path an executor cannot use says so in a sentence
    (other failures are bugs, and keep their traceback)."""
    try:
        yield
    except SparkError:
        raise
    except Exception as e:
        text = str(e)
        mark = units.ExecutorPathError.MARK
        if mark not in text:
            raise
        raise SparkError(text[text.index(mark) + len(mark):].splitlines()[0]) from None


@contextmanager
def _batches_of(session: SparkSession, rows: int) -> Iterator[None]:
    """Few rows per Arrow batch into the Python workers: our rows are blobs of events
    of a few MB each (the default, 10 000 rows, could mean GBs).  Restored after."""
    key = "spark.sql.execution.arrow.maxRecordsPerBatch"
    before = session.conf.get(key, None)
    session.conf.set(key, str(rows))
    try:
        yield
    finally:
        if before is None:
            session.conf.unset(key)
        else:
            session.conf.set(key, before)

