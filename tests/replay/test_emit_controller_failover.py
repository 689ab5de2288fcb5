"""``--emit-logs``: the controller's failover lines — the new controller's election and
``onControllerFailover`` steps, the old controller's resignation — in each version's wording as
read in Kafka's source at the release tags (``git show <tag>:core/src/main/scala/kafka/controller/
KafkaController.scala``, 0.10.2.0's ``kafka/server/ZookeeperLeaderElector.scala``), read back by
our parser as the right kind with the right fields; and a single failover's round trip through
``check`` stays clean.

The trace of most tests: t-0 on brokers 1 and 2; broker 1 (the first controller) shuts down
controlled at 40 ms, so broker 2 becomes the controller at 40 ms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.engine.profiles import profile
from kafka_forensics.engine.replication.effects import ZkWrite
from kafka_forensics.parsers import view
from kafka_forensics.replay import wording as w
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, format_record
from kafka_forensics.replay.emit_replication import render_replication
from kafka_forensics.replay.simulate import simulate

from ..support import one

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples" / "replication").glob("*.jsonl"))
FAMILIES = ["0.10.2", "0.11", "1.0", "1.1", "2.0", "2.1", "2.8", "3.5", "3.9"]
# the catalogue ids of the failover sites (wording.SITES), the prefixes their lines are found by
FAILOVER = (
    "elector.elected",
    "controller.elected",
    "controller.becoming",
    "controller.epoch_",
    "controller.listener_registration",
    "controller.registering_handlers",
    "controller.deleting_",
    "controller.initializing_",
    "controller.fetching_deletions",
    "controller.sending_update_metadata",
    "controller.ready",
    "controller.resign",
)


def _trace(tmp_path: Path, profile: str, stop: str = "broker_shutdown") -> Path:
    path = tmp_path / f"failover-{profile}-{stop}.jsonl"
    records = [
        {"kind": "header", "profile": profile, "periodic_tasks": "manual"},
        {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2]},
        {"at": 40, "do": stop, "broker": 1},
    ]
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


def failover_lines(trace: Path, *, at: int | None = None) -> list[tuple[str, str, str]]:
    """(file, template id, line) of each failover record the run of ``trace`` writes (at ``at``)."""
    result = simulate(trace)
    return [
        ("/".join(r.file.split("/")[-2:]), r.rendered.template, format_record(r, DEFAULT_START))
        for r in render_replication(result.effects, result.profile)
        if r.rendered.template.startswith(FAILOVER) and (at is None or r.at == at)
    ]


def messages(got: list[tuple[str, str, str]], file: str) -> list[str]:
    return [line.split("] ", 1)[1] for f, _, line in got if f == file]


def row(line: str) -> dict:
    return one(line + "\n")


# -- the new controller's lines, per version family ----------------------------------------------

_READY_1_1 = [
    "INFO [Controller id=2] Registering handlers (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Deleting log dir event notifications (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Deleting isr change notifications (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Initializing controller context (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Fetching topic deletions in progress (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Initializing topic deletion manager (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Sending update metadata request (kafka.controller.KafkaController)",
    "INFO [Controller id=2] Ready to serve as the new controller with epoch 2 (kafka.controller.KafkaController)",
]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # onControllerFailover 0.11.0.0: "Broker N starting become controller state transition",
        # readControllerEpochFromZookeeper's "Initialized controller epoch …" (the node existed),
        # incrementControllerEpoch's "Controller N incremented epoch to E", registerIsrChangeNotification-
        # Listener's debug(...), then "Broker N is ready to serve …"; elect()'s line first
        (
            "0.11",
            [
                "INFO [Controller 2]: 2 successfully elected as the controller (kafka.controller.KafkaController)",
                "INFO [Controller 2]: Broker 2 starting become controller state transition "
                "(kafka.controller.KafkaController)",
                "INFO [Controller 2]: Initialized controller epoch to 1 and zk version 0 "
                "(kafka.controller.KafkaController)",
                "INFO [Controller 2]: Controller 2 incremented epoch to 2 (kafka.controller.KafkaController)",
                "DEBUG [Controller 2]: Registering IsrChangeNotificationListener (kafka.controller.KafkaController)",
                "INFO [Controller 2]: Broker 2 is ready to serve as the new controller with epoch 2 "
                "(kafka.controller.KafkaController)",
            ],
        ),
        # 1.0.0: logIdent "[Controller id=N] ", "Starting become controller state transition",
        # "Incremented epoch to E", and the logDirEventNotificationListener's debug(...) too
        (
            "1.0",
            [
                "INFO [Controller id=2] 2 successfully elected as the controller (kafka.controller.KafkaController)",
                "INFO [Controller id=2] Starting become controller state transition (kafka.controller.KafkaController)",
                "INFO [Controller id=2] Initialized controller epoch to 1 and zk version 0 "
                "(kafka.controller.KafkaController)",
                "INFO [Controller id=2] Incremented epoch to 2 (kafka.controller.KafkaController)",
                "DEBUG [Controller id=2] Registering IsrChangeNotificationListener (kafka.controller.KafkaController)",
                "DEBUG [Controller id=2] Registering logDirEventNotificationListener "
                "(kafka.controller.KafkaController)",
                "INFO [Controller id=2] Ready to serve as the new controller with epoch 2 "
                "(kafka.controller.KafkaController)",
            ],
        ),
        # 1.1.0 / 2.0.0: onControllerFailover names its steps; the epoch still read and incremented there
        (
            "2.0",
            [
                "INFO [Controller id=2] 2 successfully elected as the controller (kafka.controller.KafkaController)",
                "INFO [Controller id=2] Reading controller epoch from ZooKeeper (kafka.controller.KafkaController)",
                "INFO [Controller id=2] Initialized controller epoch to 1 and zk version 0 "
                "(kafka.controller.KafkaController)",
                "INFO [Controller id=2] Incrementing controller epoch in ZooKeeper (kafka.controller.KafkaController)",
                "INFO [Controller id=2] Epoch incremented to 2 (kafka.controller.KafkaController)",
                *_READY_1_1,
            ],
        ),
        # 2.1.0 -> 3.8.0: registerControllerAndIncrementControllerEpoch in elect(), one line with the
        # epoch and /controller_epoch's version (created holding 0 at version 0, then set: 1, 2)
        (
            "2.1",
            [
                "INFO [Controller id=2] 2 successfully elected as the controller. Epoch incremented to 2 and "
                "epoch zk version is now 2 (kafka.controller.KafkaController)",
                *_READY_1_1,
            ],
        ),
        (
            "3.9",
            [
                "INFO [Controller id=2] 2 successfully elected as the controller. Epoch incremented to 2 and "
                "epoch zk version is now 2 (kafka.controller.KafkaController)",
                *_READY_1_1,
            ],
        ),
    ],
)
def test_each_version_s_new_controller_lines(tmp_path: Path, name: str, expected: list[str]) -> None:
    got = failover_lines(_trace(tmp_path, name), at=40)
    assert messages(got, "broker-2/controller.log") == expected


def test_0_10_the_election_line_is_zookeeper_leader_elector_s_in_server_log(tmp_path: Path) -> None:
    """ZookeeperLeaderElector.elect (0.10.2.0): info(brokerId + " successfully elected as leader") under
    kafka.server.ZookeeperLeaderElector, which the default config sends to the root's server.log;
    KafkaController's failover lines (0.10.2.0 wording, as 0.11's) in controller.log."""
    got = failover_lines(_trace(tmp_path, "0.10.2"), at=40)
    assert messages(got, "broker-2/server.log") == [
        "INFO 2 successfully elected as leader (kafka.server.ZookeeperLeaderElector)"
    ]
    assert messages(got, "broker-2/controller.log") == [
        "INFO [Controller 2]: Broker 2 starting become controller state transition (kafka.controller.KafkaController)",
        "INFO [Controller 2]: Initialized controller epoch to 1 and zk version 0 (kafka.controller.KafkaController)",
        "INFO [Controller 2]: Controller 2 incremented epoch to 2 (kafka.controller.KafkaController)",
        "DEBUG [Controller 2]: Registering IsrChangeNotificationListener (kafka.controller.KafkaController)",
        "INFO [Controller 2]: Broker 2 is ready to serve as the new controller with epoch 2 "
        "(kafka.controller.KafkaController)",
    ]


@pytest.mark.parametrize("name", ["0.10.2", "0.11", "1.0", "2.0"])
def test_the_first_controller_reads_no_epoch_before_2_1(tmp_path: Path, name: str) -> None:
    """readControllerEpochFromZookeeper logs only when /controller_epoch exists (0.10.2.0 -> 2.0.0):
    the first controller creates it (epoch 1) and writes no "Initialized controller epoch" line."""
    got = failover_lines(_trace(tmp_path, name), at=0)
    assert [t for _, t, _ in got if t == "controller.epoch_initialized"] == []
    assert any(t.startswith("controller.epoch_incremented") for _, t, _ in got)


# -- the old controller's resignation -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # onControllerResignation 0.10.2.0 / 0.11.0.0: debug("Controller resigning, broker id N"),
        # info("Broker N resigned as the controller"); KafkaController.shutdown calls it
        (
            "0.10.2",
            [
                "DEBUG [Controller 1]: Controller resigning, broker id 1 (kafka.controller.KafkaController)",
                "INFO [Controller 1]: Broker 1 resigned as the controller (kafka.controller.KafkaController)",
            ],
        ),
        # 1.0.0 -> 3.8.0: debug("Resigning"), info("Resigned")
        (
            "1.0",
            [
                "DEBUG [Controller id=1] Resigning (kafka.controller.KafkaController)",
                "INFO [Controller id=1] Resigned (kafka.controller.KafkaController)",
            ],
        ),
        (
            "3.5",
            [
                "DEBUG [Controller id=1] Resigning (kafka.controller.KafkaController)",
                "INFO [Controller id=1] Resigned (kafka.controller.KafkaController)",
            ],
        ),
    ],
)
def test_a_controller_shutting_down_logs_its_resignation(
    tmp_path: Path, name: str, expected: list[str]
) -> None:
    got = failover_lines(_trace(tmp_path, name), at=40)
    assert messages(got, "broker-1/controller.log") == expected


def test_a_crashed_controller_logs_no_resignation(tmp_path: Path) -> None:
    """A broker that fails writes nothing: the new controller's lines only."""
    got = failover_lines(_trace(tmp_path, "2.8", "broker_fail"), at=40)
    assert [t for _, t, _ in got if t.startswith("controller.resign")] == []
    assert any(t == "controller.elected.2_1" and f == "broker-2/controller.log" for f, t, _ in got)


@pytest.mark.parametrize(("name", "written"), [("1.0", False), ("1.1", True), ("2.8", True)])
def test_a_session_expiry_s_resignation_is_written_from_1_1(tmp_path: Path, name: str, written: bool) -> None:
    """1.1.0+: the ZooKeeperClient's expiry puts the Expire event, which resigns (onControllerResignation);
    before, the SessionExpirationListener resigned once a new session was established."""
    got = failover_lines(_trace(tmp_path, name, "zk_session_expire"), at=40)
    resigned = [t for f, t, _ in got if f == "broker-1/controller.log" and t.startswith("controller.resign")]
    assert bool(resigned) == written


# -- read back ---------------------------------------------------------------------------------

KINDS = {
    "elector.elected": "controller_elected",
    "controller.elected.0_11": "controller_elected",
    "controller.elected.2_1": "controller_elected",
    "controller.becoming.0_8": "controller_lifecycle",
    "controller.becoming.1_0": "controller_lifecycle",
    "controller.epoch_reading": "controller_epoch",
    "controller.epoch_initialized": "controller_epoch",
    "controller.epoch_incrementing": "controller_epoch",
    "controller.epoch_incremented.0_8": "controller_epoch",
    "controller.epoch_incremented.1_0": "controller_epoch",
    "controller.epoch_incremented.1_1": "controller_epoch",
    "controller.ready.0_8": "controller_lifecycle",
    "controller.ready.1_0": "controller_lifecycle",
    "controller.resigning.0_9": "controller_resigned",
    "controller.resigning.1_0": "controller_resigned",
    "controller.resigned.0_9": "controller_resigned",
    "controller.resigned.1_0": "controller_resigned",
}


@pytest.mark.parametrize("name", FAMILIES)
def test_every_failover_line_reads_back_as_its_own_entry_and_kind(tmp_path: Path, name: str) -> None:
    got = failover_lines(_trace(tmp_path, name))
    assert got
    for _, template, line in got:
        r = row(line)
        assert r["template"] == template, line
        assert r["kind"] == KINDS.get(template, "controller_lifecycle"), line


@pytest.mark.parametrize("name", FAMILIES)
def test_the_election_line_names_the_new_controller(tmp_path: Path, name: str) -> None:
    got = failover_lines(_trace(tmp_path, name), at=40)
    (elected,) = [row(line) for _, t, line in got if KINDS.get(t) == "controller_elected"]
    assert elected["controller"] == 2


@pytest.mark.parametrize("name", ["2.1", "2.8", "3.9"])
def test_2_1_the_epoch_and_zk_version_are_what_zookeeper_wrote(tmp_path: Path, name: str) -> None:
    """The 2.1+ election line's epoch and "epoch zk version" are the run's /controller_epoch write."""
    trace = _trace(tmp_path, name)
    result = simulate(trace)
    writes = [e for e in result.effects if isinstance(e, ZkWrite) and e.path == "/controller_epoch" and e.ok]
    last = writes[-1]
    got = failover_lines(trace, at=40)
    (elected,) = [row(line) for _, t, line in got if t == "controller.elected.2_1"]
    assert (elected["controller_epoch"], elected["zk_version"]) == (int(str(last.data)), last.version)


def test_the_old_controller_s_resigned_line_reads_back_as_resigned(tmp_path: Path) -> None:
    got = failover_lines(_trace(tmp_path, "2.8"), at=40)
    states = [row(line)["state"] for f, t, line in got if f == "broker-1/controller.log"]
    assert states == ["resigning", "resigned"]


def test_kafka_controller_s_debug_lines_are_written_under_the_default_config() -> None:
    """config/log4j.properties (0.10.2.0 -> 3.8.0): log4j.logger.kafka.controller=TRACE; its children
    inherit it, the root's INFO stays for the others."""
    v = w.kafka_version(profile("2.8"))
    assert w.threshold_for("kafka.controller.KafkaController", v, "INFO") == w.LEVEL_ORDER["TRACE"]
    assert w.threshold_for("kafka.server.ZookeeperLeaderElector", v, "INFO") == w.LEVEL_ORDER["INFO"]


# -- the round trip through check ------------------------------------------------------------


@pytest.mark.parametrize("name", ["0.10.2", "1.0", "2.8"])
def test_a_single_failover_round_trips_through_check_with_no_finding(tmp_path: Path, name: str) -> None:
    """Two elections (the first controller's, then the failover's): below the controller-churn
    detector's three, and no other finding."""
    result = simulate(_trace(tmp_path, name))
    out = tmp_path / "logs"
    emit_logs(result.effects, result.profile, out)
    events = view.load([str(out)])
    assert len(events.filter(events["kind"] == "controller_elected")) == 2
    assert list(check(events).findings) == []


@pytest.mark.parametrize("trace", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_examples_write_their_controller_s_election_and_stay_clean(tmp_path: Path, trace: Path) -> None:
    """A ZooKeeper-mode example's controller logs its election; a KRaft one's quorum controller,
    which no broker's failure elects, logs what it did (its own lines, beside its metadata log)."""
    result = simulate(trace)
    emit_logs(result.effects, result.profile, tmp_path)
    events = view.load([str(tmp_path)])
    kinds = set(events["kind"].to_list())
    if any(e.event == "metadata_record" for e in result.effects):
        assert "controller_elected" not in kinds and kinds & {"kraft_broker_unfenced", "kraft_partition_change"}
    else:
        assert len(events.filter(events["kind"] == "controller_elected")) >= 1
    assert list(check(events).findings) == []
