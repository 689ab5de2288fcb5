"""``check``: findings read off real Kafka log lines.

Each test writes the lines a broker writes in the incident named (wording from Kafka's
source at the version in the test name), reads them the way the command does (ingest on
the fly) and asserts the finding: its kind, entity, counts and evidence lines — and that
nothing else is reported.
"""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.detect import CheckOptions
from kafka_forensics.replay.findings import FindingKind, Severity

GC = "kafka.coordinator.group.GroupCoordinator"


def ts(minute: int, second: int = 0) -> str:
    return f"2024-03-01 10:{minute:02d}:{second:02d},000"


def findings(tmp_path: Path, files: dict[str, str], **opts: int):
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return check(view.load([str(tmp_path)]), CheckOptions(**opts)).findings


def storms(tmp_path: Path, files: dict[str, str], **opts: int) -> tuple:
    """The rebalance storms ``check`` finds.  These excerpts hold only the "Preparing to
    rebalance" lines a storm is counted from, not the join phases around them, which the
    engine diff would (rightly) miss: it is tested on whole logs in test_diff_groups.py."""
    return tuple(f for f in findings(tmp_path, files, **opts) if f.kind is FindingKind.REBALANCE_STORM)


def rebalance(minute: int, gen: int, reason: str, group: str = "billing") -> str:
    """GroupCoordinator 2.3-2.4: `Preparing to rebalance ... (reason: ...)`."""
    return (f"[{ts(minute)}] INFO [GroupCoordinator 1]: Preparing to rebalance group {group} in state "
            f"PreparingRebalance with old generation {gen} (__consumer_offsets-12) (reason: {reason}) ({GC})\n")


def member(n: int) -> str:
    return f"consumer-1-{n:08x}-1c3d-4e5f-8a7b-9c0d1e2f3a4b"


# -- groups -------------------------------------------------------------------------------------
def test_members_that_join_then_expire_make_one_storm_with_its_causes(tmp_path: Path) -> None:
    """A consumer that dies right after joining (2.3.1 wording): each new member's join and its
    session expiry both rebalance the group."""
    lines = []
    for i in range(4):
        lines.append(rebalance(2 * i, 2 * i, f"Adding new member {member(i)} with group instanceid None"))
        lines.append(rebalance(2 * i + 1, 2 * i + 1, f"removing member {member(i)} on heartbeat expiration"))
    (f,) = storms(tmp_path, {"server.log": "".join(lines)})
    assert f.kind is FindingKind.REBALANCE_STORM and f.entity == "group billing"
    assert f.details["rebalances"] == 8
    assert f.details["causes"] == {"heartbeat_expiration": 4, "new_member": 4}
    assert len(f.details["joined_then_expired"]) == 4 and "time out before their first heartbeat" in f.message
    assert [e.line for e in f.evidence] == list(range(1, 9))
    assert f.details["generations"] == [0, 7]


def test_rebalances_further_apart_than_the_window_are_no_storm(tmp_path: Path) -> None:
    hourly = "".join(rebalance(0, i, f"Adding new member {member(i)} with group instanceid None")
                     .replace("2024-03-01 10:", f"2024-03-01 {10 + i:02d}:") for i in range(5))
    assert storms(tmp_path, {"server.log": hourly}) == ()
    (f,) = storms(tmp_path, {"server.log": hourly}, storm_window_ms=61 * 60_000)
    assert f.details["rebalances"] == 5


def test_fewer_rebalances_than_storm_min_are_no_storm(tmp_path: Path) -> None:
    lines = [rebalance(i, i, f"removing member {member(i)} on LeaveGroup") for i in range(4)]
    assert storms(tmp_path, {"server.log": "".join(lines)}) == ()
    (f,) = storms(tmp_path, {"server.log": "".join(lines)}, storm_min=4)
    assert f.details["causes"] == {"leave": 4} and "LeaveGroup" in f.message


def test_kip_800_poll_timeout_leaves_are_told_apart_from_other_leaves(tmp_path: Path) -> None:
    """3.2+: `Removing member m on LeaveGroup; client reason: consumer poll timeout has expired.`"""
    lines = [rebalance(i, i, f"Removing member {member(i)} on LeaveGroup; client reason: consumer poll timeout "
                             "has expired.") for i in range(5)]
    (f,) = storms(tmp_path, {"server.log": "".join(lines)})
    assert f.details["causes"] == {"poll_timeout": 5} and "max.poll.interval.ms" in f.message


def test_a_consumer_that_times_out_and_rejoins_is_a_poll_timeout_storm_not_new_members(tmp_path: Path) -> None:
    """3.5: the slow consumer leaves (poll timeout, KIP-800 client reason), then rejoins with a new
    member id of the same client id: its joins are the consequence, the poll timeout the cause."""
    lines = []
    for i in range(4):
        gone, back = f"consumer-billing-3-{i:08x}-0000-4000-8000-000000000001", \
            f"consumer-billing-3-{i + 1:08x}-0000-4000-8000-000000000001"
        lines.append(rebalance(2 * i, 2 * i, f"Removing member {gone} on LeaveGroup; client reason: consumer poll "
                                             "timeout has expired."))
        lines.append(rebalance(2 * i + 1, 2 * i + 1, f"Adding new member {back} with group instance id None; "
                                                     "client reason: not provided"))
    (f,) = storms(tmp_path, {"server.log": "".join(lines)})
    assert f.details["causes"] == {"new_member": 4, "poll_timeout": 4} and f.details["rejoins"] == 4
    assert "exceeded max.poll.interval.ms" in f.message and "rejoined as a new member" in f.message
    assert "kafka-forensics replay --group billing --set max.poll.interval.ms=…" in f.message


def test_one_record_in_server_log_and_kafka_server_out_counts_once(tmp_path: Path) -> None:
    lines = "".join(rebalance(i, i, f"removing member {member(i)} on LeaveGroup") for i in range(5))
    (f,) = storms(tmp_path, {"server.log": lines, "kafkaServer.out": lines})
    assert f.details["rebalances"] == 5


def test_unrelated_log_sets_without_cluster_ids_are_not_mixed(tmp_path: Path) -> None:
    three = "".join(rebalance(i, i, f"removing member {member(i)} on LeaveGroup") for i in range(3))
    assert storms(tmp_path, {"a/server.log": three, "b/server.log": three}) == ()


# -- partitions ---------------------------------------------------------------------------------
def shrink(minute: int, before: str, after: str) -> str:
    """Partition 2.2-3.5: the lagging follower holds the high watermark back at its own end offset
    (the HW is the ISR's smallest log end offset; one below it is hw_above_isr_leo)."""
    return (f"[{ts(minute)}] INFO [Partition orders-0 broker=1] Shrinking ISR from {before} to {after}. Leader: "
            f"(highWatermark: 100, endOffset: 120). Out of sync replicas: (brokerId: 3, endOffset: 100). "
            "(kafka.cluster.Partition)\n")


def expand(minute: int, before: str, after: str) -> str:
    return (f"[{ts(minute, 30)}] INFO [Partition orders-0 broker=1] Expanding ISR from {before} to {after} "
            "(kafka.cluster.Partition)\n")


def updated(minute: int, isr: str, version: int, second: int = 1) -> str:
    """2.4-2.7 ZooKeeper path: every committed change is also logged as `ISR updated`."""
    return (f"[{ts(minute, second)}] INFO [Partition orders-0 broker=1] ISR updated to [{isr}] and zkVersion "
            f"updated to [{version}] (kafka.cluster.Partition)\n")


def test_a_follower_leaving_and_rejoining_the_isr_three_times_is_flapping(tmp_path: Path) -> None:
    text = "".join(shrink(2 * i, "1,2,3", "1,2") + updated(2 * i, "1,2", 10 + 2 * i)
                   + expand(2 * i, "1,2", "1,2,3") + updated(2 * i, "1,2,3", 11 + 2 * i, 31) for i in range(3))
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.kind is FindingKind.ISR_FLAPPING and f.entity == "partition orders-0"
    assert f.details == {"cycles": 3, "out_of_sync": {3: 3}}
    assert len(f.evidence) == 6  # the "ISR updated" echoes of the same changes are not counted again


def test_isr_updated_lines_alone_2_8_are_enough_to_see_flapping(tmp_path: Path) -> None:
    """2.8+ logs only `ISR updated to 1,2 and version updated to [5]` (AlterIsr)."""
    def upd(minute: int, isr: str, v: int) -> str:
        return (f"[{ts(minute)}] INFO [Partition orders-0 broker=1] ISR updated to {isr} and version updated "
                f"to [{v}] (kafka.cluster.Partition)\n")
    text = "".join(upd(i, "1,2,3" if i % 2 == 0 else "1,2", i) for i in range(7))
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.details["cycles"] == 3


def test_one_shrink_and_expand_is_not_flapping(tmp_path: Path) -> None:
    assert findings(tmp_path, {"server.log": shrink(1, "1,2,3", "1,2") + expand(2, "1,2", "1,2,3")}) == ()


def test_cached_zk_version_loop_is_one_finding_per_broker(tmp_path: Path) -> None:
    """KAFKA-2729 (0.8-2.3 wording): the zombie leader skips every ISR update."""
    lines = [f"[{ts(i)}] INFO Partition [orders,{i % 2}] on broker 1: Cached zkVersion [17] not equal to that in "
             "zookeeper, skip updating ISR (kafka.cluster.Partition)\n" for i in range(6)]
    (f,) = findings(tmp_path, {"server.log": "".join(lines)})
    assert f.kind is FindingKind.ZK_BROKER_MISMATCH and f.entity == "broker 1"
    assert f.details["partitions"] == ["orders-0", "orders-1"] and f.details["skipped"] == 6
    assert f.severity is Severity.ERROR and "restart broker 1" in f.message


def test_unclean_election_is_critical_and_names_the_new_leader(tmp_path: Path) -> None:
    """OfflinePartitionLeaderSelector (0.8-1.1)."""
    text = (f"[{ts(3)}] WARN [OfflinePartitionLeaderSelector]: No broker in ISR is alive for [orders,2]. Elect "
            "leader 3 from live brokers 3. There's potential data loss. "
            "(kafka.controller.OfflinePartitionLeaderSelector)\n")
    (f,) = findings(tmp_path, {"controller.log": text})
    assert (f.kind, f.severity, f.entity) == (FindingKind.UNCLEAN_ELECTION, Severity.CRITICAL, "partition orders-2")
    assert f.details == {"leader": 3}


def state_change(minute: int, before: str, after: str, leader: int, epoch: int, isr: str) -> str:
    """state.change.logger, KafkaController 2.x-3.x (ZooKeeper mode)."""
    return (f"[{ts(minute)}] INFO [Controller id=0 epoch=7] Changed partition orders-0 from {before} to {after} "
            f"with state LeaderAndIsr(leader={leader}, leaderEpoch={epoch}, isr=List({isr}), zkVersion={epoch}) "
            "(state.change.logger)\n")


def test_a_leader_from_outside_the_last_isr_after_going_offline_is_unclean_2_x(tmp_path: Path) -> None:
    """2.x says nothing like "No broker in ISR is alive": the state-change log shows the partition
    coming back online with broker 3, and the ISR it had before was 1, 2."""
    text = (state_change(1, "NewPartition", "OnlinePartition", 1, 0, "1, 2")
            + state_change(9, "OfflinePartition", "OnlinePartition", 3, 2, "3"))
    (f,) = findings(tmp_path, {"state-change.log": text})
    assert f.kind is FindingKind.UNCLEAN_ELECTION and f.observed == "broker 3 became leader; the ISR before was 1,2"
    assert [e.line for e in f.evidence] == [1, 2]


def test_a_leader_from_the_last_isr_after_going_offline_is_clean(tmp_path: Path) -> None:
    text = (state_change(1, "NewPartition", "OnlinePartition", 1, 0, "1, 2")
            + state_change(9, "OfflinePartition", "OnlinePartition", 2, 2, "2"))
    assert findings(tmp_path, {"state-change.log": text}) == ()


def leader_start(minute: int, epoch: int) -> str:
    """state.change.logger 3.6+."""
    return (f"[{ts(minute)}] INFO [Broker id=2] Leader orders-0 with topic id Some(GOIdTokRTt2yMNJFmzS22w) starts "
            f"at leader epoch {epoch} from offset 0 with partition epoch {epoch}, high watermark 0, ISR [2], adding "
            "replicas [] and removing replicas [] . Previous leader Some(-1) and previous leader epoch was "
            f"{epoch - 1}. (state.change.logger)\n")


def test_a_broker_going_back_to_an_older_leader_epoch_is_a_regression(tmp_path: Path) -> None:
    (f,) = findings(tmp_path, {"state-change.log": leader_start(1, 7) + leader_start(2, 5)})
    assert f.kind is FindingKind.LEADER_EPOCH_REGRESSION and f.observed == "leader epoch 7, then 5"
    assert [e.line for e in f.evidence] == [1, 2]


def test_epoch_zero_after_a_higher_one_is_a_recreated_topic_not_a_regression(tmp_path: Path) -> None:
    assert findings(tmp_path, {"state-change.log": leader_start(1, 7) + leader_start(2, 0)}) == ()


def test_non_monotonic_high_watermark_is_a_regression(tmp_path: Path) -> None:
    """UnifiedLog 2.7.1+ warns itself."""
    text = (f"[{ts(4)}] WARN [UnifiedLog partition=orders-0, dir=/var/lib/kafka/data] Non-monotonic update of "
            "high watermark from (offset=1204331 segment=[1200000:5012]) to (offset=1204300 "
            "segment=[1200000:4096]) (kafka.log.UnifiedLog)\n")
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.kind is FindingKind.HW_REGRESSION and f.details["from"] == 1204331 and f.details["to"] == 1204300
    assert f.entity == "partition orders-0" and "server.log" in f.observed


def test_truncation_below_the_high_watermark_counts_the_records(tmp_path: Path) -> None:
    text = (f"[{ts(5)}] WARN [ReplicaFetcher replicaId=1, leaderId=2, fetcherId=0] Truncating orders-0 to offset "
            "88190 below high watermark 88200 (kafka.server.ReplicaFetcherThread)\n")
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.kind is FindingKind.TRUNCATION_BELOW_HW and f.details["records"] == 10
    assert "offsets 88190-88199" in f.message and "broker 1" in f.observed


def test_isr_marked_under_min_isr_3_5(tmp_path: Path) -> None:
    text = (f"[{ts(6)}] INFO [Partition orders-0 broker=1] ISR updated to 1 (under-min-isr) and version updated "
            "to 21 (kafka.cluster.Partition)\n")
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.kind is FindingKind.UNDER_MIN_ISR and f.observed == "0 writes refused with NOT_ENOUGH_REPLICAS; ISR 1"


# -- controller ---------------------------------------------------------------------------------
def elected(minute: int, epoch: int, broker: int = 0) -> str:
    """KafkaController 2.1-3.9."""
    return (f"[{ts(minute)}] INFO [Controller id={broker}] {broker} successfully elected as the controller. Epoch "
            f"incremented to {epoch} and epoch zk version is now {epoch} (kafka.controller.KafkaController)\n")


def test_three_controller_elections_in_half_an_hour_are_churn(tmp_path: Path) -> None:
    expired = (f"[{ts(9)}] INFO [ZooKeeperClient Kafka server] Session expired. "
               "(kafka.zookeeper.ZooKeeperClient)\n")
    (f,) = findings(tmp_path, {"controller.log": elected(0, 4) + elected(10, 5, 1) + elected(20, 6),
                               "server.log": expired})
    assert f.kind is FindingKind.CONTROLLER_CHURN and f.entity == "controller"
    assert f.details["elections"] == 3 and f.details["elected"] == {"0": 2, "1": 1}
    assert f.details["zk_expirations"] == 1 and "GC pauses or ZooKeeper latency" in f.message


# -- clocks -------------------------------------------------------------------------------------
def sent(at: str, epoch: int, partition: int = 0) -> str:
    """The controller's state-change line, 1.0-3.9 (TRACE, Kafka's default for that file)."""
    return (f"[2024-03-01 {at},000] TRACE [Controller id=0 epoch=56] Sending become-leader LeaderAndIsr request "
            f"PartitionState(controllerEpoch=56, leader=1, leaderEpoch={epoch}, isr=1,2, zkVersion={epoch}, "
            f"replicas=1,2, isNew=false) to broker 1 for partition orders-{partition} (state.change.logger)\n")


def received(at: str, epoch: int, partition: int = 0) -> str:
    """Broker 1's state-change line, 1.0-2.5."""
    return (f"[2024-03-01 {at},000] TRACE [Broker id=1] Received LeaderAndIsr request PartitionState("
            f"controllerEpoch=56, leader=1, leaderEpoch={epoch}, isr=1,2, zkVersion={epoch}, replicas=1,2, "
            f"isNew=false) correlation id {epoch} from controller 0 epoch 56 for partition orders-{partition} "
            "(state.change.logger)\n")


def test_a_broker_receiving_a_request_before_it_was_sent_runs_behind(tmp_path: Path) -> None:
    """Broker 1's clock is 7 s behind the controller's: it logs the LeaderAndIsr at 09:59:58 that
    controller 0 logged sending at 10:00:05."""
    (f,) = findings(tmp_path, {"broker-0/state-change.log": sent("10:00:05", 3),
                               "broker-1/state-change.log": received("09:59:58", 3)})
    assert f.kind is FindingKind.CLOCK_SKEW and f.entity == "broker 1"
    assert f.details == {"reference": 0, "offset_ms": -7000, "pairs": 1, "bound": "upper"}
    assert "behind controller 0's by at least 7.0 s" in f.message


def test_every_request_arriving_seconds_late_reads_as_a_clock_ahead(tmp_path: Path) -> None:
    s = "".join(sent(f"10:0{i}:00", i) for i in range(3))
    r = "".join(received(f"10:0{i}:07", i) for i in range(3))
    (f,) = findings(tmp_path, {"broker-0/state-change.log": s, "broker-1/state-change.log": r})
    assert f.details["offset_ms"] == 7000 and f.details["bound"] == "estimate" and "ahead" in f.message


def test_requests_arriving_within_a_second_are_no_skew(tmp_path: Path) -> None:
    assert findings(tmp_path, {"broker-0/state-change.log": sent("10:00:05", 3),
                               "broker-1/state-change.log": received("10:00:05", 3)}) == ()


# -- the report ---------------------------------------------------------------------------------
def test_the_json_report_is_versioned_sorted_and_reproducible(tmp_path: Path) -> None:
    (tmp_path / "controller.log").write_text(elected(0, 4) + elected(10, 5) + elected(20, 6))
    table = view.load([str(tmp_path)])
    a, b = check(table).to_dict(), check(table.reverse()).to_dict()
    assert a == b  # row order does not matter
    assert a["schema_version"] == 1 and a["counts"] == {"controller_churn": 1}
    assert a["input"]["digest"].startswith("sha256:") and a["input"]["events"] == 3
    assert json.loads(json.dumps(a, sort_keys=True)) == a


def test_an_empty_table_has_no_findings() -> None:
    empty = pl.DataFrame(schema={"ts": pl.Datetime("ms", "UTC"), "source": pl.String, "line": pl.Int64,
                                 "kind": pl.String, "cluster": pl.String, "raw": pl.String})
    report = check(empty)
    assert report.findings == () and report.worst() is None


@pytest.mark.parametrize("text", ["warning", "ERROR", " critical "])
def test_severity_names_parse(text: str) -> None:
    assert Severity.parse(text).label == text.strip().lower()


def test_an_unknown_severity_says_which_exist() -> None:
    with pytest.raises(ValueError, match="info, warning, error, critical"):
        Severity.parse("fatal")


def test_kraft_s_unclean_partition_change_is_an_unclean_election_once(tmp_path: Path) -> None:
    """ReplicationControlManager (3.0+) logs "UNCLEAN partition change" on every controller that
    replays the record: two controllers, one election."""
    line = ("[2024-03-01 11:20:05,790] INFO [QuorumController id={c}] UNCLEAN partition change for orders-2 with "
            "topic ID qZ2y3J1OQ6K9xq9kN2m4Lw: isr: [2] -> [3], leader: 2 -> 3, leaderRecoveryState: RECOVERED -> "
            "RECOVERING, leaderEpoch: 14 -> 15, partitionEpoch: 30 -> 31 "
            "(org.apache.kafka.controller.ReplicationControlManager)\n")
    (f,) = findings(tmp_path, {"controller-3000.log": line.format(c=3000),
                               "controller-3001.log": line.format(c=3001)})
    assert f.kind is FindingKind.UNCLEAN_ELECTION and f.entity == "partition orders-2"
    assert f.observed == "broker 3 became leader; the ISR before was 2"


def test_before_kip_800_the_consumer_s_own_log_says_a_leave_was_a_poll_timeout(tmp_path: Path) -> None:
    """The bundled poll-timeout storm written as a 2.8 cluster: the coordinator's "removing member
    … on LeaveGroup" gives no reason (KIP-800 came in 3.2), the slow consumer's "sending
    LeaveGroup request … due to consumer poll timeout has expired" does; without its log the
    leaves stay leaves."""
    from kafka_forensics.replay.emit import emit_logs
    from kafka_forensics.replay.simulate import simulate

    storm = Path(__file__).resolve().parents[2] / "examples" / "incidents" / "poll-timeout-rebalance-storm.3.5.jsonl"
    lines = storm.read_text().splitlines()
    trace = tmp_path / "storm.2.8.jsonl"
    trace.write_text("\n".join([json.dumps(json.loads(lines[0]) | {"profile": "2.8"}), *lines[1:]]) + "\n")
    result = simulate(trace)
    emit_logs(result.effects, result.profile, tmp_path / "logs")
    (f,) = check(view.load([str(tmp_path / "logs")])).findings
    assert f.kind is FindingKind.REBALANCE_STORM and f.details["causes"] == {"new_member": 5, "poll_timeout": 4}
    assert sum(e.source.endswith("consumer-slow.log") for e in f.evidence) == 4
    (tmp_path / "logs" / "consumer-slow.log").unlink()
    (f,) = check(view.load([str(tmp_path / "logs")])).findings
    assert f.details["causes"] == {"leave": 4, "new_member": 5}
