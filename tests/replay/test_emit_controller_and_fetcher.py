"""``--emit-logs``: the controller's lines on a broker's failure, start and controlled shutdown,
its replica state machine's lines, the followers' truncation lines (ReplicaManager.makeFollowers
and the fetcher) and the high-watermark lines a new replica writes at INFO — each version's
wording as read in Kafka's source at the release tags, read back by our parser as the right kind
with the right fields; and the replication examples' round trip through ``check`` stays clean.

The trace of most tests: t-0 on brokers 1 and 2 (1 leads, 1 is the controller); broker 2 fails
at 40 ms, starts again at 60 ms and shuts down (controlled) at 80 ms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import DEFAULT_START, emit_logs, format_record
from kafka_forensics.replay.emit_replication import render_replication
from kafka_forensics.replay.simulate import simulate

from ..support import one

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((REPO / "examples" / "replication").glob("*.jsonl"))
UNCLEAN = REPO / "examples" / "replication" / "unclean-election-loses-acknowledged-records.2.6.jsonl"
DIVERGE = REPO / "tests" / "traces" / "replication" / "epoch-logs-do-not-diverge-on-unclean-elections.jsonl"


def _trace(tmp_path: Path) -> Path:
    path = tmp_path / "bounce.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {"kind": "header", "profile": "2.6", "periodic_tasks": "manual"},
                {"at": 0, "do": "create_partition", "topic": "t", "partition": 0, "replicas": [1, 2]},
                {"at": 40, "do": "broker_fail", "broker": 2},
                {"at": 60, "do": "broker_start", "broker": 2},
                {"at": 80, "do": "broker_shutdown", "broker": 2},
            ]
        )
        + "\n"
    )
    return path


def lines(trace: Path, name: str, prefix: str, *, at: int | None = None) -> list[tuple[str, str]]:
    """(file, line) of each record the run of ``trace`` under ``name`` writes from a catalogue entry
    whose id starts with ``prefix`` (at ``at`` ms if given)."""
    result = simulate(trace, profile=name)
    out = []
    for r in render_replication(result.effects, result.profile):
        if r.rendered.template.startswith(prefix) and (at is None or r.at == at):
            out.append((r.file, format_record(r, DEFAULT_START)))
    return out


def row(line: str) -> dict:
    return one(line + "\n")


# -- the controller: a broker's registration gone or back, a controlled shutdown ----------------


@pytest.mark.parametrize(
    "name, expected",
    [
        # ReplicaStateMachine$BrokerChangeListener.doHandleChildChange (0.10.2.2), then
        # KafkaController.onBrokerFailure (0.10.2.2)
        (
            "0.10.2",
            [
                "INFO [BrokerChangeListener on Controller 1]: Broker change listener fired for path /brokers/ids "
                "with children 1 (kafka.controller.ReplicaStateMachine$BrokerChangeListener)",
                "INFO [BrokerChangeListener on Controller 1]: Newly added brokers: , deleted brokers: 2, all live "
                "brokers: 1 (kafka.controller.ReplicaStateMachine$BrokerChangeListener)",
                "INFO [Controller 1]: Broker failure callback for 2 (kafka.controller.KafkaController)",
            ],
        ),
        # KafkaController.BrokerChange (0.11.0.2): the controller's event thread, its own logIdent
        (
            "0.11",
            [
                "INFO [Controller 1]: Newly added brokers: , deleted brokers: 2, all live brokers: 1 "
                "(kafka.controller.KafkaController)",
                "INFO [Controller 1]: Broker failure callback for 2 (kafka.controller.KafkaController)",
            ],
        ),
        # 1.0.2 / 1.1.1: logIdent "[Controller id=N] "
        (
            "1.1",
            [
                "INFO [Controller id=1] Newly added brokers: , deleted brokers: 2, all live brokers: 1 "
                "(kafka.controller.KafkaController)",
                "INFO [Controller id=1] Broker failure callback for 2 (kafka.controller.KafkaController)",
            ],
        ),
        # processBrokerChange 2.2.2 -> 3.5.2: "bounced brokers" (KIP-380)
        (
            "2.8",
            [
                "INFO [Controller id=1] Newly added brokers: , deleted brokers: 2, bounced brokers: , all live "
                "brokers: 1 (kafka.controller.KafkaController)",
                "INFO [Controller id=1] Broker failure callback for 2 (kafka.controller.KafkaController)",
            ],
        ),
        ("3.5", None),  # as 2.8
    ],
)
def test_the_controller_logs_a_broker_failure_in_each_version_s_wording(
    tmp_path: Path, name: str, expected: list[str] | None
) -> None:
    expected = expected or [
        "INFO [Controller id=1] Newly added brokers: , deleted brokers: 2, bounced brokers: , all live "
        "brokers: 1 (kafka.controller.KafkaController)",
        "INFO [Controller id=1] Broker failure callback for 2 (kafka.controller.KafkaController)",
    ]
    got = lines(_trace(tmp_path), name, ("controller.", "listener."), at=40)
    assert [f for f, _ in got] == ["broker-1/controller.log"] * len(expected)
    assert [line.split("] ", 1)[1] for _, line in got] == expected


@pytest.mark.parametrize("name", ["0.10.2", "0.11", "1.0", "2.2", "2.6", "3.5", "3.9"])
def test_the_controller_s_broker_lines_read_back_as_failure_startup_and_shutdown(
    tmp_path: Path, name: str
) -> None:
    """KafkaController.onBrokerStartup / doControlledShutdown (0.10.2.2 -> 3.5.2): "New broker
    startup callback for 2" at 60 ms, "Shutting down broker 2" at 80 ms; every line read back."""
    # the broker-change sites (a new controller's election lines are tested on their own)
    got = lines(_trace(tmp_path), name, ("controller.broker_", "controller.controlled_shutdown",
                                         "controller.shutting_brokers", "listener."))
    kinds = [(r["kind"], r["brokers"], r["node"]) for r in (row(line) for _, line in got)]
    assert ("broker_failure", [2], 1) in kinds
    assert ("broker_startup", [2], 1) in kinds
    assert ("broker_shutdown", [2], 1) in kinds
    assert all(
        kind in ("broker_change", "broker_failure", "broker_startup", "broker_shutdown", "live_brokers")
        for kind, _, _ in kinds
    )


@pytest.mark.parametrize("name, written", [("2.1", False), ("2.2", True), ("3.5", True)])
def test_a_broker_that_shut_down_leaves_the_shutting_down_list_in_the_log_from_2_2(
    tmp_path: Path, name: str, written: bool
) -> None:
    """onBrokerFailure 2.2.2: info(s"Removed ${…mkString(",")} from list of shutting down brokers.")
    only when not empty; before (2.1.1) it printed the Scala collection every time (not written)."""
    got = [line for _, line in lines(_trace(tmp_path), name, "controller.shutting_brokers_removed")]
    if not written:
        assert got == []
        return
    (line,) = got
    assert line.endswith(
        "INFO [Controller id=1] Removed 2 from list of shutting down brokers. "
        "(kafka.controller.KafkaController)"
    )
    assert (row(line)["kind"], row(line)["brokers"]) == ("live_brokers", [2])


# -- the controller's replica state machine ----------------------------------------------------------


@pytest.mark.parametrize(
    "name, expected",
    [
        # ReplicaStateMachine.handleStateChange 0.10.2.2 / 0.11.0.2: TopicAndPartition prints [t,p]
        (
            "0.10.2",
            "TRACE Controller 1 epoch 1 changed state of replica 2 for partition [t,0] from OnlineReplica "
            "to OfflineReplica (state.change.logger)",
        ),
        (
            "0.11",
            "TRACE Controller 1 epoch 1 changed state of replica 2 for partition [t,0] from OnlineReplica "
            "to OfflineReplica (state.change.logger)",
        ),
        # 1.0.2 (TopicAndPartition prints t-p from 1.0), logSuccessfulTransition 1.1.1, 2.5.1
        (
            "1.0",
            "TRACE [Controller id=1 epoch=1] Changed state of replica 2 for partition t-0 from OnlineReplica "
            "to OfflineReplica (state.change.logger)",
        ),
        (
            "2.5",
            "TRACE [Controller id=1 epoch=1] Changed state of replica 2 for partition t-0 from OnlineReplica "
            "to OfflineReplica (state.change.logger)",
        ),
        # ZkReplicaStateMachine 2.6.3: the TRACE line is below the default INFO; the ISR removal's
        # info(...) prints LeaderIsrAndControllerEpoch
        (
            "2.6",
            "INFO [Controller id=1 epoch=1] Partition t-0 state changed to (Leader:1,ISR:1,LeaderEpoch:1,"
            "ControllerEpoch:1) after removing replica 2 from the ISR as part of transition to OfflineReplica "
            "(state.change.logger)",
        ),
        # 3.2.3 / 3.5.2: LeaderIsrAndControllerEpoch adds the recovery state and the zkVersion (KIP-704)
        (
            "3.5",
            "INFO [Controller id=1 epoch=1] Partition t-0 state changed to (Leader:1,ISR:1,LeaderRecoveryState:"
            "RECOVERED,LeaderEpoch:1,ZkVersion:1,ControllerEpoch:1) after removing replica 2 from the ISR as "
            "part of transition to OfflineReplica (state.change.logger)",
        ),
    ],
)
def test_the_replica_going_offline_in_each_version_s_wording(
    tmp_path: Path, name: str, expected: str
) -> None:
    got = lines(_trace(tmp_path), name, ("scl.replica", "scl.isr_removed"), at=40)
    assert [(f, line.split("] ", 1)[1]) for f, line in got] == [("broker-1/state-change.log", expected)]
    r = row(got[0][1])
    assert (r["topic"], r["partition"], r["replica"], r["node"], r["state"]) == (
        "t",
        0,
        2,
        1,
        "OfflineReplica",
    )
    assert r["kind"] == ("controller_isr_removal" if name >= "2.6" else "replica_state_change")


@pytest.mark.parametrize("name", ["0.10.2", "1.1", "2.5"])
def test_the_replica_back_online_and_the_shut_down_follower_s_replica_going_offline(
    tmp_path: Path, name: str
) -> None:
    """onBrokerStartup: OnlineReplica for the new broker's replicas; doControlledShutdown:
    OfflineReplica for the partitions it follows (KafkaController 0.10.2.2, 1.1.1, 2.5.1)."""
    moves = [
        (r["replica"], r["prev_state"], r["state"])
        for r in (row(line) for _, line in lines(_trace(tmp_path), name, "scl.replica"))
    ]
    assert moves == [
        (2, "OnlineReplica", "OfflineReplica"),
        (2, "OfflineReplica", "OnlineReplica"),
        (2, "OnlineReplica", "OfflineReplica"),
        (2, "OfflineReplica", "OfflineReplica"),
    ]


# -- a follower's truncation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, expected",
    [
        # ReplicaManager.makeFollowers 0.10.2.2 / 0.11.0.2 (no prefix, the broker in the text)
        (
            "0.10.2",
            "TRACE Broker 1 truncated logs and checkpointed recovery boundaries for partition t-0 as part of "
            "become-follower request with correlation id 0 from controller 2 epoch 2 (state.change.logger)",
        ),
        # 1.0.2: the StateChangeLogger's "[Broker id=N] "
        (
            "1.0",
            "TRACE [Broker id=1] Truncated logs and checkpointed recovery boundaries for partition t-0 as part "
            "of become-follower request with correlation id 0 from controller 2 epoch 2 (state.change.logger)",
        ),
        # 2.0.1 -> 2.5.1: "with leader N"
        (
            "2.5",
            "TRACE [Broker id=1] Truncated logs and checkpointed recovery boundaries for partition t-0 as part "
            "of become-follower request with correlation id 0 from controller 2 epoch 2 with leader 2 "
            "(state.change.logger)",
        ),
    ],
)
def test_the_follower_of_a_new_leader_logs_its_become_follower_truncation_step(
    name: str, expected: str
) -> None:
    """The unclean example: broker 1 returns at 90 ms and follows broker 2 (controller 2, epoch 2)."""
    got = lines(UNCLEAN, name, "broker_state.become.truncated", at=90)
    assert [(f, line.split("] ", 1)[1]) for f, line in got] == [("broker-1/state-change.log", expected)]
    r = row(got[0][1])
    assert (r["kind"], r["topic"], r["partition"], r["correlation_id"], r["controller"]) == (
        "become_leader_follower",
        "t",
        0,
        0,
        2,
    )


def test_from_2_6_the_become_follower_truncation_step_is_not_logged() -> None:
    assert lines(UNCLEAN, "2.6", "broker_state.become.truncated") == []


@pytest.mark.parametrize(
    "name, expected",
    [
        # 0.11.0.2 -> 1.1.1: no fetcher line for a truncation by leader epoch; Log's line only
        ("0.11", ["INFO Truncating log t-0 to offset 4. (kafka.log.Log)"]),
        # ReplicaFetcherThread.maybeTruncate 2.0.1: warn(...) before truncating
        (
            "2.0",
            [
                "WARN [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating t-0 to offset 4 below high "
                "watermark 7 (kafka.server.ReplicaFetcherThread)",
                "INFO [Log partition=t-0, dir=/tmp/kafka-logs] Truncating to offset 4 (kafka.log.Log)",
            ],
        ),
        # ReplicaFetcherThread.truncate 2.1.1 -> 2.3.1: after truncating
        (
            "2.3",
            [
                "INFO [Log partition=t-0, dir=/tmp/kafka-logs] Truncating to offset 4 (kafka.log.Log)",
                "WARN [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating t-0 to offset 4 below high "
                "watermark 7 (kafka.server.ReplicaFetcherThread)",
            ],
        ),
        # 2.4.1: Log.truncateTo lowers the high watermark first (updateLogEndOffset): no warning
        ("2.6", ["INFO [Log partition=t-0, dir=/tmp/kafka-logs] Truncating to offset 4 (kafka.log.Log)"]),
        # AbstractFetcherThread.maybeTruncateToEpochEndOffsets 3.1.2 -> 3.5.2: info(...) per answer
        (
            "3.5",
            [
                "INFO [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating partition t-0 with "
                "TruncationState(offset=4, completed=true) due to leader epoch and offset EpochEndOffset("
                "errorCode=0, partition=0, leaderEpoch=0, endOffset=4) (kafka.server.ReplicaFetcherThread)",
                "INFO [UnifiedLog partition=t-0, dir=/tmp/kafka-logs] Truncating to offset 4 "
                "(kafka.log.UnifiedLog)",
            ],
        ),
    ],
)
def test_the_follower_s_truncation_by_leader_epoch_in_each_version_s_wording(
    name: str, expected: list[str]
) -> None:
    """The unclean example: broker 1 returns and cuts offsets 4-6 (acknowledged while it led alone,
    high watermark 7) back to broker 2's end of epoch 0."""
    got = lines(UNCLEAN, name, ("fetcher.", "log.truncate"), at=100)
    assert [f for f, _ in got] == ["broker-1/server.log"] * len(expected)
    assert [line.split("] ", 1)[1] for _, line in got] == expected
    for _, line in got:
        r = row(line)
        assert (r["topic"], r["partition"], r["offset"]) == ("t", 0, 4)
        if r["template"].startswith("fetcher."):
            assert (r["kind"], r["node"], r["leader"]) == ("follower_truncation", 1, 2)


@pytest.mark.parametrize("name, who", [("2.0", "follower"), ("2.1", "replica"), ("3.5", "replica")])
def test_a_truncation_that_asks_the_leader_again_logs_the_epoch_it_did_not_know(name: str, who: str) -> None:
    """AbstractFetcherThread.getOffsetTruncationState (2.0.1 "follower", 2.1.1 -> 3.5.2 "replica"):
    the leader answered an epoch the follower never had; it truncates to its own end of the epoch
    below and asks again (KIP-279) — EpochDrivenReplicationProtocolAcceptanceTest's timeline."""
    got = [line for _, line in lines(DIVERGE, name, "fetcher.epoch_unknown_to_replica")]
    assert got
    for line in got:
        assert f"Based on {who}'s leader epoch, leader replied with epoch " in line
        assert f"unknown to the {who} for topic-0. Will truncate to " in line
        r = row(line)
        assert (r["kind"], r["topic"], r["partition"]) == ("follower_truncation", "topic", 0)


# -- the high watermark a new replica starts from -------------------------------------------------


@pytest.mark.parametrize(
    "name, expected",
    [
        # Partition.getOrCreateReplica 0.10.2.2 (t-p; 0.10.0.1 printed [t,p])
        (
            "0.10.0",
            [
                "INFO Partition [t,0] on broker 2: No checkpointed highwatermark is found for partition [t,0] "
                "(kafka.cluster.Partition)"
            ],
        ),
        (
            "0.10.2",
            [
                "INFO Partition [t,0] on broker 2: No checkpointed highwatermark is found for partition t-0 "
                "(kafka.cluster.Partition)"
            ],
        ),
        # 0.11.0.2 -> 2.3.1: Replica's constructor, for each assigned replica (1 remote, 2 its own)
        (
            "2.3",
            [
                "INFO Replica loaded for partition t-0 with initial high watermark 0 (kafka.cluster.Replica)",
                "INFO [Partition t-0 broker=2] No checkpointed highwatermark is found for partition t-0 "
                "(kafka.cluster.Partition)",
                "INFO Replica loaded for partition t-0 with initial high watermark 0 (kafka.cluster.Replica)",
            ],
        ),
        # Partition.createLog 2.4.1 -> 3.5.2: its own log only
        (
            "3.5",
            [
                "INFO [Partition t-0 broker=2] No checkpointed highwatermark is found for partition t-0 "
                "(kafka.cluster.Partition)",
                "INFO [Partition t-0 broker=2] Log loaded for partition t-0 with initial high watermark 0 "
                "(kafka.cluster.Partition)",
            ],
        ),
    ],
)
def test_a_new_partition_s_replica_logs_the_high_watermark_it_starts_from(
    tmp_path: Path, name: str, expected: list[str]
) -> None:
    got = [(f, line) for f, line in lines(_trace(tmp_path), name, "hw.", at=0) if f == "broker-2/server.log"]
    assert [line.split("] ", 1)[1] for _, line in got] == expected
    for _, line in got:
        r = row(line)
        assert (r["kind"], r["topic"], r["partition"]) == ("hw_initial", "t", 0)
        assert r["hw"] in (None, 0)


# -- the round trip -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("trace", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_replication_examples_round_trip_through_their_logs_with_no_finding(
    tmp_path: Path, trace: Path
) -> None:
    """simulate TRACE --emit-logs DIR, then check DIR: nothing found on the examples as written
    (each under its own profile), with the controller's, fetcher's and HW lines now among them."""
    result = simulate(trace)
    emit_logs(result.effects, result.profile, tmp_path)
    assert list(check(view.load([str(tmp_path)])).findings) == []
