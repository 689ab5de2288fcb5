"""A real ZooKeeper server for tests (Debian's ``zookeeper`` package), Kafka's znode writes
through kazoo, and ZooKeeper's own tools (TxnLogToolkit, SnapshotFormatter) on its files.

``python -m tests.statedump.zkserver <dir>`` regenerates the committed fixtures (see
``fixtures/PROVENANCE.md``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

JARS = Path("/usr/share/java")
# The JVM's locale and zone decide how the tools print times: fix both.
JAVA_FLAGS = ["-Duser.timezone=UTC", "-Duser.language=en", "-Duser.country=US"]


def classpath() -> str | None:
    """ZooKeeper's jar (its manifest names its dependencies), or None when not installed."""
    jar = JARS / "zookeeper.jar"
    return str(jar) if jar.is_file() and shutil.which("java") else None


def missing() -> str | None:
    """Why the real server cannot run here (None when it can)."""
    if not shutil.which("java"):
        return "java is not installed (apt-get install openjdk-17-jre-headless)"
    if classpath() is None:
        return "Debian's zookeeper package is not installed (apt-get install zookeeper)"
    try:
        import kazoo  # noqa: F401
    except ImportError:
        return "kazoo is not installed (pip install -e '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    data_dir: Path
    port: int
    proc: subprocess.Popen[bytes]

    @property
    def hosts(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def version_dir(self) -> Path:
        return self.data_dir / "version-2"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def start(root: Path, snap_count: int = 16) -> Server:
    """ZooKeeperServerMain on 127.0.0.1 with a fresh data dir; snapCount small so that it
    writes snapshots (it rolls the log and snapshots after snapCount/2 .. snapCount txns)."""
    cp = classpath()
    assert cp is not None
    data = root / "data"
    data.mkdir(parents=True)
    port = _free_port()
    cfg = root / "zoo.cfg"
    cfg.write_text(f"tickTime=500\ndataDir={data}\nclientPort={port}\nclientPortAddress=127.0.0.1\n"
                   f"snapCount={snap_count}\nadmin.enableServer=false\nmaxSessionTimeout=60000\n4lw.commands.whitelist=ruok\n")
    with open(root / "server.out", "wb") as log:  # the child keeps its own descriptor
        proc = subprocess.Popen(["java", *JAVA_FLAGS, "-cp", cp, "org.apache.zookeeper.server.ZooKeeperServerMain",
                                 str(cfg)], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"ZooKeeper exited: {(root / 'server.out').read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"ruok")
                if s.recv(4) == b"imok":
                    break
        except OSError:
            pass
        time.sleep(0.2)
    else:
        proc.kill()
        raise RuntimeError("ZooKeeper did not start within 60 s")
    return Server(data, port, proc)


def tool(*args: str) -> str:
    """Run one of ZooKeeper's tools; its standard output."""
    cp = classpath()
    assert cp is not None
    out = subprocess.run(["java", *JAVA_FLAGS, "-cp", cp, *args], capture_output=True, timeout=120)
    return out.stdout.decode("utf-8", "replace")


def txnlog_toolkit(path: Path) -> str:
    return tool("org.apache.zookeeper.server.persistence.TxnLogToolkit", str(path))


def snapshot_formatter(path: Path, data: bool = True) -> str:
    return tool("org.apache.zookeeper.server.SnapshotFormatter", *(["-d"] if data else []), str(path))


# -- Kafka's writes --------------------------------------------------------------------------
TOPIC_ID = "k1kLjSMxRjOm3K6w8r2Eqw"
CLUSTER_ID = "Zp0sV3L7QyGn0y5cCk0xQw"


def _j(obj: object) -> bytes:
    """Kafka's Json.encodeAsBytes: compact JSON."""
    return json.dumps(obj, separators=(",", ":")).encode()


def broker_json(broker: int) -> bytes:
    """``BrokerIdZNode.encode`` v5 (Kafka 2.7+), as a 3.x broker writes it."""
    return _j({
        "features": {}, "listener_security_protocol_map": {"PLAINTEXT": "PLAINTEXT"},
        "endpoints": [f"PLAINTEXT://broker{broker}:9092"], "jmx_port": -1, "port": 9092,
        "host": f"broker{broker}", "version": 5, "timestamp": "1700000000000",
    })


def state_json(leader: int, leader_epoch: int, isr: list[int], controller_epoch: int = 1) -> bytes:
    """``TopicPartitionStateZNode.encode``."""
    return _j({"controller_epoch": controller_epoch, "leader": leader, "version": 1,
               "leader_epoch": leader_epoch, "isr": isr})


STATE = "/brokers/topics/orders/partitions/0/state"


def _hold_ephemeral(hosts: str, path: str, data: bytes) -> subprocess.Popen[bytes]:
    """A separate process (a broker) that registers an ephemeral znode and waits to be killed."""
    code = ("import sys,time\nfrom kazoo.client import KazooClient\n"
            f"zk=KazooClient(hosts={hosts!r},timeout=2.0);zk.start(timeout=20)\n"
            f"zk.create({path!r},{data!r},ephemeral=True)\nprint('registered',flush=True)\ntime.sleep(600)\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert p.stdout is not None and p.stdout.readline().strip() == b"registered"
    return p


def kafka_scenario(server: Server) -> dict[str, object]:
    """What a ZooKeeper-mode cluster writes: registrations, a controller, a topic, ISR changes
    with conditional versions, a refused write, notifications and a broker's session loss.
    Returns facts the tests check against."""
    from kazoo.client import KazooClient
    from kazoo.exceptions import BadVersionError

    facts: dict[str, object] = {}
    zk = KazooClient(hosts=server.hosts, timeout=10.0)
    zk.start(timeout=30)
    try:
        # KafkaZkClient.createTopLevelPaths: ZkData.PersistentZkPaths
        for p in ("/consumers", "/brokers/ids", "/brokers/topics", "/config/changes", "/admin/delete_topics",
                  "/brokers/seqid", "/isr_change_notification", "/latest_producer_id_block",
                  "/log_dir_event_notification", "/config/topics", "/config/clients", "/config/brokers"):
            zk.ensure_path(p)
        zk.create("/cluster/id", _j({"version": "1", "id": CLUSTER_ID}), makepath=True)
        broker1 = KazooClient(hosts=server.hosts, timeout=10.0)
        broker1.start(timeout=30)
        broker1.create("/brokers/ids/1", broker_json(1), ephemeral=True)
        broker2 = _hold_ephemeral(server.hosts, "/brokers/ids/2", broker_json(2))
        facts["broker1_session"] = broker1.client_id[0]
        # broker 1 wins the election (KafkaZkClient.registerControllerAndIncrementControllerEpoch)
        broker1.create("/controller", _j({"version": 2, "brokerid": 1, "timestamp": "1700000000100",
                                                  "kraftControllerEpoch": -1}), ephemeral=True)
        zk.create("/controller_epoch", b"1")
        # topic creation (AdminZkClient.createTopicWithAssignment) and the controller's states
        zk.create("/brokers/topics/orders", _j({
            "partitions": {"0": [1, 2], "1": [2, 1]}, "topic_id": TOPIC_ID, "adding_replicas": {},
            "removing_replicas": {}, "version": 3}))
        zk.create("/config/topics/orders", _j({"version": 1, "config": {"retention.ms": "3600000"}}))
        for p, (leader, isr) in {0: (1, [1, 2]), 1: (2, [2, 1])}.items():
            zk.ensure_path(f"/brokers/topics/orders/partitions/{p}")
            t = zk.transaction()  # KafkaZkClient wraps controller writes in a check of /controller_epoch
            t.check("/controller_epoch", 0)
            t.create(f"/brokers/topics/orders/partitions/{p}/state", state_json(leader, 0, isr))
            assert all(r is True or isinstance(r, str) for r in t.commit())
        # leader 1 shrinks the ISR of orders-0 (a conditional update on zkVersion 0), then notifies
        broker1.set(STATE, state_json(1, 0, [1]), version=0)
        broker1.create("/isr_change_notification/isr_change_",
                       _j({"version": 1, "partitions": [{"topic": "orders", "partition": 0}]}), sequence=True)
        # ... a stale cached zkVersion: refused (BADVERSION), ZooKeeper logs an error txn
        try:
            broker1.set(STATE, state_json(1, 0, [1, 2]), version=0)
            raise AssertionError("the stale conditional write was accepted")
        except BadVersionError:
            facts["refused"] = True
        # the controller reads and deletes the notification; the ISR expands again
        for child in zk.get_children("/isr_change_notification"):
            zk.delete(f"/isr_change_notification/{child}")
        broker1.set(STATE, state_json(1, 0, [1, 2]), version=1)
        # a controller write with a stale controller epoch zkVersion: the whole multi fails
        t = zk.transaction()
        t.check("/controller_epoch", 7)
        t.set_data(STATE, state_json(2, 1, [2]), version=2)
        results = t.commit()
        facts["failed_multi"] = [type(r).__name__ for r in results]
        # reassignment (the deprecated znode) and a config change notification
        zk.create("/admin/reassign_partitions", _j({"version": 1, "partitions": [
            {"topic": "orders", "partition": 1, "replicas": [1, 2]}]}))
        zk.delete("/admin/reassign_partitions")
        zk.create("/config/changes/config_change_", _j(
            {"version": 2, "entity_path": "topics/orders"}), sequence=True)
        # broker 2 dies: its session expires and ZooKeeper deletes its registration
        broker2.send_signal(signal.SIGKILL)
        broker2.wait(10)
        deadline = time.monotonic() + 30
        while zk.exists("/brokers/ids/2") and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not zk.exists("/brokers/ids/2"), "broker 2's session did not expire"
        # the controller moves broker 2's partition leadership away (epoch + 1)
        t = zk.transaction()
        t.check("/controller_epoch", 0)
        t.set_data("/brokers/topics/orders/partitions/1/state", state_json(1, 1, [1]), version=0)
        t.commit()
        broker1.stop()
        broker1.close()
    finally:
        zk.stop()
        zk.close()
    return facts


def main(out: Path) -> None:
    """Run the scenario on a fresh server and copy its files (zero tails cut to 4 KiB) to ``out``."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        server = start(Path(tmp))
        try:
            kafka_scenario(server)
        finally:
            server.stop()
        out.mkdir(parents=True, exist_ok=True)
        (out / "tools").mkdir(exist_ok=True)
        for f in sorted(server.version_dir.iterdir()):
            data = f.read_bytes()
            if f.name.startswith("log."):
                end = len(data.rstrip(b"\0"))
                data = data[:end + 4096]
                dump = txnlog_toolkit(f)
            else:
                dump = snapshot_formatter(f)
            (out / f.name).write_bytes(data)
            (out / "tools" / f"{f.name}.txt").write_text(dump)
            print(f.name, len(data))


if __name__ == "__main__":  # pragma: no cover - fixture generator
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(os.path.dirname(__file__)) / "fixtures")


# -- zkCli, as an operator runs it in a terminal ---------------------------------------------
ZKCLI = Path("/usr/share/zookeeper/bin/zkCli.sh")


def zkcli_transcript(server: Server, commands: list[str], timeout: float = 60.0) -> str:
    """Run Debian's zkCli.sh on a pseudo-terminal, type ``commands`` one by one (each after the
    previous one's output settled) and return everything the terminal showed: the echoed
    commands, their output, WATCHER notifications and the client's own noise."""
    import pty
    import select

    env = dict(os.environ, CLIENT_JVMFLAGS=" ".join(JAVA_FLAGS), TERM="dumb")
    pid, fd = pty.fork()
    if pid == 0:  # the child: zkCli on the terminal
        os.execvpe(str(ZKCLI), [str(ZKCLI), "-server", server.hosts], env)
    out = bytearray()

    def settle(quiet: float) -> None:
        """Read until nothing arrives for ``quiet`` seconds (or the deadline)."""
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], quiet)
            if not ready:
                return
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            out.extend(chunk)

    try:
        end = time.time() + timeout
        while b"WatchedEvent state:SyncConnected" not in out and time.time() < end:
            settle(0.5)
        for c in commands:
            os.write(fd, (c + "\n").encode())
            settle(1.5)
    finally:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)
    return out.decode("utf-8", "replace")
