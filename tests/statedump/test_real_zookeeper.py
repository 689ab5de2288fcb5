"""Round trip through a real ZooKeeper server: Kafka's writes go in through kazoo, our readers
read the server's transaction logs and snapshots, and every record must agree with what
ZooKeeper's own TxnLogToolkit and SnapshotFormatter print for the same files.

The scenario (tests/statedump/zkserver.py: kafka_scenario) is what a ZooKeeper-mode cluster
writes: broker registrations, the controller and its epoch, a topic and its partition states
(created by the controller inside multi(check /controller_epoch, ...), as KafkaZkClient
does), an ISR shrink and expand by conditional setData, a refused conditional write
(BADVERSION), a sequential isr_change_ notification, a reassignment, a config change and a
broker whose session expires."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import polars as pl

from kafka_forensics.parsers.statedump import snapshot, txnlog

from . import zkserver
from .reading import read

_LINE = re.compile(r"^(?P<date>.+?) session 0x(?P<session>[0-9a-f]+) cxid 0x(?P<cxid>[0-9a-f]+) "
                   r"zxid 0x(?P<zxid>[0-9a-f]+) (?P<op>\S+)(?: (?P<rest>.*))?$", re.S)


def toolkit_txns(dump: str) -> list[dict[str, str]]:
    """TxnLogToolkit's lines -> one dict per txn (continuation lines joined back)."""
    records: list[str] = []
    for line in dump.split("\n")[1:]:
        if line.startswith("EOF reached after "):
            break
        if _LINE.match(line):
            records.append(line)
        else:
            records[-1] += "\n" + line
    return [m.groupdict() for m in map(_LINE.match, records) if m]


def _java_acls(acl: tuple[Any, ...]) -> str:
    # List.toString of jute records whose toString ends with a line break
    return "[" + ", ".join(f"{a.perms},s{{'{a.scheme},'{a.id}}}\n" for a in acl) + "]"


def expected_rest(t: txnlog.Txn) -> str:
    """What TxnLogToolkit.getFormattedTxnStr prints for our reading of a txn."""
    op = t.op
    data = (op.data or b"").decode()
    if op.type in (txnlog.OpCode.CREATE, txnlog.OpCode.CREATE2):
        eph = "true" if op.ephemeral else "false"
        return f"{op.path},{data},{_java_acls(op.acl or ())},{eph},{op.parent_cversion}"
    if op.type == txnlog.OpCode.SET_DATA:
        return f"{op.path},{data},{op.version}"
    if op.type == txnlog.OpCode.DELETE:
        return f"'{op.path}\n"
    if op.type == txnlog.OpCode.CREATE_SESSION:
        return f"{op.timeout}\n"
    if op.type == txnlog.OpCode.CLOSE_SESSION:
        return "v{" + ",".join(f"'{p}" for p in op.paths or ()) + "}\n"
    if op.type == txnlog.OpCode.ERROR:
        return f"{op.error}\n"
    if op.type == txnlog.OpCode.SET_ACL:
        acls = ",".join(f"s{{{a.perms},s{{'{a.scheme},'{a.id}}}}}" for a in op.acl or ())
        return f"'{op.path},v{{{acls}}},{op.version}\n"
    raise AssertionError(f"no expectation for {op.name}")


def java_short_date(ms: int) -> str:
    """DateFormat.getDateTimeInstance(SHORT, LONG), en_US, UTC (Java 17's CLDR data)."""
    t = time.gmtime(ms // 1000)
    return f"{t.tm_mon}/{t.tm_mday}/{t.tm_year % 100:02d}, {(t.tm_hour % 12) or 12}:{t.tm_min:02d}:" \
           f"{t.tm_sec:02d} {'AM' if t.tm_hour < 12 else 'PM'} UTC"


def java_date(ms: int) -> str:
    """java.util.Date.toString() in UTC."""
    return time.strftime("%a %b %d %H:%M:%S UTC %Y", time.gmtime(ms // 1000))


def _hex16(v: int) -> str:
    return f"{v & 0xFFFFFFFFFFFFFFFF:#016x}"  # String.format("%#016x")


def formatter_nodes(dump: str) -> tuple[int, dict[str, dict[str, str]], list[str]]:
    """SnapshotFormatter -d -> (its count, path -> stat lines, session lines)."""
    count = int(re.match(r"ZNode Details \(count=(\d+)\):", dump)[1])  # type: ignore[index]
    nodes: dict[str, dict[str, str]] = {}
    sessions: list[str] = []
    in_sessions = False
    current: dict[str, str] | None = None
    for line in dump.split("\n")[1:]:
        if line == "----":
            current = None
            continue
        if line.startswith("Session Details"):
            in_sessions = True
        elif in_sessions and line.startswith("0x"):
            sessions.append(line)
        elif line.startswith("  ") and current is not None:
            k, _, v = line[2:].partition(" = ")
            current[k] = v
        elif line.startswith("/") and not in_sessions:
            current = nodes.setdefault(line, {})
    return count, nodes, sessions


# ------------------------------------------------------------------------------------------
def _logs(server: zkserver.Server) -> list[Path]:
    return sorted(server.version_dir.glob("log.*"), key=lambda p: int(p.name[4:], 16))


def _snapshots(server: zkserver.Server) -> list[Path]:
    return sorted(server.version_dir.glob("snapshot.*"), key=lambda p: int(p.name[9:], 16))


def test_every_txn_agrees_with_txnlogtoolkit(live: Any) -> None:
    server, _ = live
    logs = _logs(server)
    assert len(logs) >= 2, "snapCount should have rolled the log"
    seen = 0
    for log in logs:
        data = log.read_bytes()
        ours = [t for t in txnlog.iter_log(data) if isinstance(t, txnlog.Txn)]
        theirs = toolkit_txns(zkserver.txnlog_toolkit(log))
        assert len(ours) == len(theirs), log.name
        for t, j in zip(ours, theirs, strict=True):
            where = f"{log.name} zxid 0x{t.zxid:x}"
            assert (f"{t.session:x}", f"{t.cxid:x}", f"{t.zxid:x}") == (j["session"], j["cxid"], j["zxid"]), where
            assert t.op.name == j["op"], where
            assert java_short_date(t.time) == j["date"], where
            if t.type == txnlog.OpCode.MULTI:
                # the sub-records print as raw bytes; their ops, in order, are readable
                pos = 0
                for s in t.subs:
                    pos = j["rest"].index(f"{s.name}:", pos) + 1
            else:
                # a jute record's toString ends with a line break: the tool prints no other
                assert expected_rest(t).rstrip("\n") == (j["rest"] or ""), where
            seen += 1
    assert seen > 40


def test_every_znode_and_session_agrees_with_snapshotformatter(live: Any) -> None:
    server, _ = live
    snaps = _snapshots(server)
    assert len(snaps) >= 2, "snapCount should have made snapshots"
    for snap in snaps:
        data = snap.read_bytes()
        items = list(snapshot.iter_snapshot(data))
        nodes = {n.path or "/": n for n in items if isinstance(n, snapshot.Node)}
        sessions = [s for s in items if isinstance(s, snapshot.Session)]
        assert all(s.ok for s in items if isinstance(s, snapshot.Seal)), snap.name
        count, theirs, their_sessions = formatter_nodes(zkserver.snapshot_formatter(snap))
        assert count == len(nodes) + 1, "DataTree counts the root twice (\"\" and \"/\")"
        assert set(nodes) == set(theirs), snap.name
        for path, n in nodes.items():
            st = n.stat
            assert theirs[path] == {
                "cZxid": _hex16(st.czxid), "ctime": java_date(st.ctime), "mZxid": _hex16(st.mzxid),
                "mtime": java_date(st.mtime), "pZxid": _hex16(st.pzxid), "cversion": str(st.cversion),
                "dataVersion": str(st.version), "aclVersion": str(st.aversion),
                "ephemeralOwner": _hex16(st.ephemeral_owner),
                "data": base64.b64encode(n.data or b"").decode(),
            }, f"{snap.name} {path}"
        owned = {s.id: sum(1 for n in nodes.values() if n.stat.ephemeral_owner == s.id) for s in sessions}
        assert sorted(their_sessions) == sorted(f"{_hex16(s.id)}, {s.timeout}, {owned[s.id]}" for s in sessions)


def _all_rows(server: zkserver.Server, pattern: str) -> pl.DataFrame:
    rows: list[dict[str, Any]] = []
    for f in sorted(server.version_dir.glob(pattern)):
        got, acc = read(str(f), f.read_bytes())
        assert not acc.errors, acc.errors
        rows += [{**r, "details": json.dumps(r["details"])} for r in got]
    return pl.DataFrame(rows, infer_schema_length=None).sort("zxid", maintain_order=True)


def details(row: dict[str, Any]) -> dict[str, Any]:
    return json.loads(row["details"])


def test_the_partition_state_history_is_read_from_the_txn_logs(live: Any) -> None:
    server, _ = live
    ev = _all_rows(server, "log.*")
    state = ev.filter(pl.col("zk_path") == zkserver.STATE).sort("zxid")
    assert state.select("zk_op", "zk_version", "leader", "isr").rows() == [
        ("create", 0, 1, [1, 2]),  # created by the controller inside multi(check, create)
        ("setData", 1, 1, [1]),  # the leader shrinks the ISR on zkVersion 0
        ("setData", 2, 1, [1, 2]),  # ... and expands it on zkVersion 1
    ]
    assert set(state.get_column("kind")) == {"zk_partition_state"}
    first = state.row(0, named=True)
    assert details(first)["multi"] == {"index": 2, "ops": 2}
    assert first["controller_epoch"] == 1 and first["leader_epoch"] == 0


def test_a_refused_conditional_write_is_an_error_txn(live: Any) -> None:
    server, facts = live
    assert facts["refused"] is True
    ev = _all_rows(server, "log.*")
    errors = ev.filter((pl.col("kind") == "zk_txn") & (pl.col("zk_op") == "error"))
    assert "BADVERSION" in errors.get_column("error").to_list()
    failed = ev.filter((pl.col("kind") == "zk_txn") & (pl.col("zk_op") == "multi"))
    assert failed.height == 1
    assert failed.row(0, named=True)["error"] == "BADVERSION"
    assert details(failed.row(0, named=True))["errors"] == ["BADVERSION", "RUNTIMEINCONSISTENCY"]


def test_isr_change_notification_is_created_then_deleted_by_the_controller(live: Any) -> None:
    server, _ = live
    ev = _all_rows(server, "log.*").filter(pl.col("kind") == "zk_isr_change_notification").sort("zxid")
    assert ev.get_column("zk_op").to_list() == ["create", "delete"]
    assert ev.get_column("zk_path").to_list() == ["/isr_change_notification/isr_change_0000000000"] * 2
    assert ev.row(0, named=True)["partitions"] == ["orders-0"]


def test_broker_registration_and_its_session_loss(live: Any) -> None:
    server, _ = live
    ev = _all_rows(server, "log.*")
    reg = ev.filter((pl.col("kind") == "zk_broker_registration") & (pl.col("brokers") == [2]))
    assert reg.height == 1
    r = reg.row(0, named=True)
    assert r["zk_op"] == "create" and details(r)["ephemeral"] is True
    assert details(r)["broker_epoch"] == r["zxid"]
    assert details(r)["endpoints"] == ["PLAINTEXT://broker2:9092"] and r["versions"] == "2.7+"
    closed = ev.filter((pl.col("kind") == "zk_server_session") & (pl.col("zk_session") == r["zk_session"]))
    assert closed.get_column("state").to_list() == ["created", "closed"]
    assert details(closed.row(1, named=True))["ephemerals"] == ["/brokers/ids/2"]


def test_the_other_kafka_znodes_are_decoded(live: Any) -> None:
    server, _ = live
    ev = _all_rows(server, "log.*")
    created = ev.filter(pl.col("zk_op") == "create")
    by_kind = {k: created.filter(pl.col("kind") == k).row(0, named=True) for k in (
        "zk_controller", "zk_controller_epoch", "zk_topic_assignment", "zk_reassignment", "zk_config",
        "zk_config_change", "zk_cluster_id")}
    assert by_kind["zk_controller"]["controller"] == 1
    assert details(by_kind["zk_controller"])["kraft_controller_epoch"] == -1
    assert by_kind["zk_controller_epoch"]["controller_epoch"] == 1
    ta = by_kind["zk_topic_assignment"]
    assert (ta["topic"], ta["count"], details(ta)["partitions"], details(ta)["topic_id"]) == (
        "orders", 2, {"0": [1, 2], "1": [2, 1]}, zkserver.TOPIC_ID)
    assert by_kind["zk_reassignment"]["partitions"] == ["orders-1"]
    assert details(by_kind["zk_config"])["config"] == {"retention.ms": "3600000"}
    assert by_kind["zk_config_change"]["topic"] == "orders"
    assert details(by_kind["zk_cluster_id"])["cluster_id"] == zkserver.CLUSTER_ID


def test_snapshots_hold_registrations_owned_by_their_live_sessions(live: Any) -> None:
    """Snapshots are taken at random points of the scenario (snapCount): whatever each holds,
    an ephemeral registration belongs to a session the same snapshot lists as live."""
    server, _ = live
    registrations = 0
    for snap in _snapshots(server):
        rows, acc = read(str(snap), snap.read_bytes())
        assert not acc.errors and acc.malformed == 0
        live_sessions = {r["zk_session"] for r in rows if r["kind"] == "zk_server_session"}
        assert all(r["state"] == "live" for r in rows if r["kind"] == "zk_server_session")
        for r in rows:
            if r["kind"] == "zk_broker_registration":
                registrations += 1
                assert r["zk_session"] in live_sessions
                assert r["details"]["broker_epoch"] == r["details"]["czxid"]
            if r["zk_path"] == "/brokers/topics/orders":
                # snapshots are fuzzy and taken at random points: the count matches the children
                # this same snapshot holds (its partitions node, once created)
                children = [x for x in rows if (x["zk_path"] or "").rsplit("/", 1)[0] == r["zk_path"]]
                assert r["details"]["num_children"] == len(children) <= 1
    assert registrations > 0


def test_toolkit_dumps_read_like_the_binary_files(live: Any) -> None:
    """zktext reads the tools' output into the rows the binary readers give (times to the second)."""
    server, _ = live
    for f in _logs(server) + _snapshots(server):
        dump = (zkserver.txnlog_toolkit(f) if f.name.startswith("log.") else zkserver.snapshot_formatter(f))
        text_rows, acc = read(f"{f.name}.txt", dump.encode())
        assert not acc.errors, acc.errors
        bin_rows, _ = read(str(f), f.read_bytes())
        assert norm(text_rows) == norm(bin_rows), f.name


_KEY = ("kind", "zk_op", "zk_path", "zxid", "zk_session", "zk_version", "leader", "isr", "topic")


def norm(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    out = []
    for r in rows:
        if r["kind"] == "zk_txn" and r["zk_op"] == "multi":
            r = {**r, "error": None}  # a failed multi's codes are lost in the dump's bytes
        ts = None if r["ts"] is None else r["ts"].replace(microsecond=0)
        out.append((*[r[k] for k in _KEY], ts))
    return sorted(out, key=repr)


def test_ingest_cli_reads_the_data_directory(live: Any, tmp_path: Path) -> None:
    server, _ = live
    out = tmp_path / "events.parquet"
    cli = Path(sys.executable).with_name("kafka-forensics")
    proc = subprocess.run([str(cli), "ingest", str(server.data_dir), "-o", str(out), "--json"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    files = {Path(f["source"]).name: f for f in report["files"]}
    logs = [f for n, f in files.items() if n.startswith("log.")]
    assert logs and all(f["file_kind"] == "ZooKeeper transaction log" for f in logs)
    for f in files.values():
        assert f["records"] == f["recognised"] + f["unrecognised"] + f["malformed"]
        assert not f["errors"], f
    ev = pl.read_parquet(out)
    assert ev.height == report["events"]
    assert {"zk_partition_state", "zk_broker_registration", "zk_isr_change_notification",
            "zk_server_session"} <= set(ev.get_column("kind"))
