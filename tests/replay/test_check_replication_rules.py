"""Replication rules (``replay/detect/replication_rules.py``): each test writes the lines a broker
or controller writes (Kafka's wording at the version named), reads them as ``check`` does and
asserts the finding — or, for the cases the rule does not cover, that there is none.  Then a
fault put by hand into the logs our engine emits, and the real corpus's findings reviewed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.emit import emit_logs
from kafka_forensics.replay.findings import Finding, FindingKind, Severity
from kafka_forensics.replay.simulate import simulate

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus" / "real"
INCIDENT = REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl"
PARTITION = "(kafka.cluster.Partition)"


def ts(minute: int, second: int = 0) -> str:
    return f"2024-03-01 10:{minute:02d}:{second:02d},000"


def findings(tmp_path: Path, files: dict[str, str]) -> tuple[Finding, ...]:
    for name, text in files.items():
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return check(view.load([str(tmp_path)])).findings


def only(found: tuple[Finding, ...], kind: FindingKind) -> list[Finding]:
    return [f for f in found if f.kind is kind]


# -- isr_shrink_without_lag ------------------------------------------------------------------------
def shrink_2_2(minute: int, hw: int, leo: int, follower_leo: int | str, isr: str = "1,3") -> str:
    """Partition.maybeShrinkIsr 2.2-3.5."""
    return (f"[{ts(minute)}] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to {isr}. Leader: "
            f"(highWatermark: {hw}, endOffset: {leo}). Out of sync replicas: (brokerId: 2, endOffset: "
            f"{follower_leo}). {PARTITION}\n")


def shrink_3_6(minute: int, hw: int, leo: int, follower_leo: int | str) -> str:
    """Partition.maybeShrinkIsr 3.6+ (adds lastCaughtUpTimeMs)."""
    return (f"[{ts(minute)}] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. Leader: "
            f"(highWatermark: {hw}, endOffset: {leo}). Out of sync replicas: (brokerId: 2, endOffset: "
            f"{follower_leo}, lastCaughtUpTimeMs: 1709290482112). {PARTITION}\n")


def test_a_follower_at_the_leader_s_end_offset_shrunk_is_a_shrink_without_lag(tmp_path: Path) -> None:
    (f,) = findings(tmp_path, {"server.log": shrink_2_2(1, 1204331, 1204410, 1204410)})
    assert (f.kind, f.severity, f.entity) == (FindingKind.ISR_SHRINK_WITHOUT_LAG, Severity.WARNING,
                                              "partition orders-0")
    assert f.details == {"broker": 1, "caught_up": [2], "leader_end_offset": 1204410}
    assert [e.line for e in f.evidence] == [1] and "KAFKA-7152" in f.expected


def test_the_3_6_wording_with_last_caught_up_time_is_judged_too(tmp_path: Path) -> None:
    (f,) = findings(tmp_path, {"server.log": shrink_3_6(1, 1204331, 1204410, 1204410)})
    assert f.kind is FindingKind.ISR_SHRINK_WITHOUT_LAG and f.details["caught_up"] == [2]


def test_a_lagging_follower_shrunk_is_no_finding(tmp_path: Path) -> None:
    assert findings(tmp_path, {"server.log": shrink_2_2(1, 1198002, 1204410, 1198002)}) == ()


def test_a_follower_the_leader_holds_no_state_for_is_not_judged(tmp_path: Path) -> None:
    """3.6+ prints `unknown` for a replica without fetch state: nothing to compare."""
    assert findings(tmp_path, {"server.log": shrink_3_6(1, 100, 100, "unknown")}) == ()


def test_a_pre_2_2_shrink_line_prints_no_offsets_and_is_not_judged(tmp_path: Path) -> None:
    """0.11-2.1 (`Shrinking ISR from 1,2,3 to 1,3`): no end offsets, and before 2.1 (KAFKA-7152) a
    caught-up follower could be shrunk legitimately — no finding either way."""
    line = f"[{ts(1)}] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3 {PARTITION}\n"
    assert findings(tmp_path, {"server.log": line}) == ()


def test_the_rule_dates_from_2_1_so_a_2_4_shrink_of_a_caught_up_follower_is_reported(tmp_path: Path) -> None:
    """KAFKA-7152 (2.1.0) put `logEndOffset != leaderEndOffset` into getOutOfSyncReplicas; 2.4's
    Partition.isFollowerOutOfSync has it too.  A 2.4-2.7 broker's shrink and its INFO `ISR updated
    … zkVersion` line: the scope's release is 2.4-2.7 and the rule holds."""
    text = (shrink_2_2(1, 500, 510, 510)
            + f"[{ts(1)}] INFO [Partition orders-0 broker=1] ISR updated to [1,3] and zkVersion updated to [5] "
              f"{PARTITION}\n")
    (f,) = findings(tmp_path, {"server.log": text})
    assert f.kind is FindingKind.ISR_SHRINK_WITHOUT_LAG and [e.line for e in f.evidence] == [1]


# -- hw_above_isr_leo -------------------------------------------------------------------------------
def test_a_high_watermark_above_an_isr_member_s_end_offset_is_found(tmp_path: Path) -> None:
    """The follower the leader drops is still in the ISR until this line: the high watermark
    (the ISR's smallest end offset) can never be above it."""
    (f,) = findings(tmp_path, {"server.log": shrink_2_2(1, 91020, 91055, 90410)})
    assert (f.kind, f.severity) == (FindingKind.HW_ABOVE_ISR_LEO, Severity.ERROR)
    assert f.details == {"broker": 1, "hw": 91020, "below": {"broker 2": 90410}}
    assert f.observed == "broker 1: high watermark 91020; log end offsets broker 2 at 90410"


def test_a_lagging_follower_holding_the_high_watermark_back_is_no_finding(tmp_path: Path) -> None:
    assert findings(tmp_path, {"server.log": shrink_2_2(1, 90410, 91055, 90410)}) == ()


def test_a_follower_not_fetched_since_the_leader_started_is_not_judged(tmp_path: Path) -> None:
    """makeLeader resets the followers' end offsets to -1 until they fetch."""
    assert findings(tmp_path, {"server.log": shrink_2_2(1, 500, 510, -1)}) == ()


# -- offline_partition ------------------------------------------------------------------------------
def offline(minute: int) -> str:
    """state.change.logger 1.1-3.9: PartitionStateMachine, TRACE."""
    return (f"[{ts(minute)}] TRACE [Controller id=0 epoch=7] Changed partition orders-0 state from OnlinePartition "
            "to OfflinePartition (state.change.logger)\n")


def failed(minute: int) -> str:
    """state.change.logger 1.1-3.9: the election for an offline partition fails (ISR all down)."""
    return (f"[{ts(minute)}] ERROR [Controller id=0 epoch=7] Controller 0 epoch 7 failed to change state for "
            "partition orders-0 from OfflinePartition to OnlinePartition (state.change.logger)\n"
            "kafka.common.StateChangeFailedException: Failed to elect leader for partition orders-0 under "
            "strategy OfflinePartitionLeaderElectionStrategy(false)\n")


def online(minute: int, leader: int) -> str:
    return (f"[{ts(minute)}] INFO [Controller id=0 epoch=7] Changed partition orders-0 from OfflinePartition to "
            f"OnlinePartition with state LeaderAndIsr(leader={leader}, leaderEpoch=5, isr=List({leader}), "
            "zkVersion=9) (state.change.logger)\n")


def test_a_partition_whose_election_fails_is_offline_until_a_leader_is_elected(tmp_path: Path) -> None:
    text = offline(1) + failed(1) + failed(4) + online(9, 2)
    (f,) = findings(tmp_path, {"state-change.log": text})
    assert (f.kind, f.severity, f.entity) == (FindingKind.OFFLINE_PARTITION, Severity.ERROR, "partition orders-0")
    assert f.observed == "no leader for 8 min; 2 leader elections failed; then leader 2"
    assert [e.line for e in f.evidence] == [1, 2, 4, 6]  # each record's first line
    assert f.details == {"failed_elections": 2, "leader_after": 2}


def test_an_offline_step_of_an_ordinary_failover_is_no_outage(tmp_path: Path) -> None:
    """Every leader failover passes OfflinePartition on its way to the next ISR member."""
    assert findings(tmp_path, {"state-change.log": offline(1) + online(1, 2)}) == ()


def test_a_partition_still_without_leader_when_the_logs_end_is_reported_to_its_last_line(
        tmp_path: Path) -> None:
    (f,) = findings(tmp_path, {"state-change.log": offline(1) + failed(3)})
    assert f.observed.startswith("no leader from its first offline line to the end of the logs (2 min)")


def test_leader_minus_one_in_kraft_s_partition_change_is_offline(tmp_path: Path) -> None:
    """ReplicationControlManager 3.0+: the controller fences the last ISR member's broker."""
    def change(minute: int, diff: str) -> str:
        return (f"[{ts(minute)}] INFO [QuorumController id=3000] partition change for orders-0 with topic ID "
                f"qZ2y3J1OQ6K9xq9kN2m4Lw: {diff} (org.apache.kafka.controller.ReplicationControlManager)\n")
    text = (change(1, "leader: 2 -> -1, leaderEpoch: 4 -> 5, partitionEpoch: 9 -> 10")
            + change(6, "leader: -1 -> 2, leaderEpoch: 5 -> 6, partitionEpoch: 10 -> 11"))
    (f,) = findings(tmp_path, {"controller.log": text})
    assert f.kind is FindingKind.OFFLINE_PARTITION and f.observed == "no leader for 5 min; then leader 2"


def failed_for(minute: int, second: int, tp: str) -> str:
    """state.change.logger 2.8: the failed election for an offline partition, as above."""
    return (f"[{ts(minute, second)}] ERROR [Controller id=0 epoch=7] Controller 0 epoch 7 failed to change state "
            f"for partition {tp} from OfflinePartition to OnlinePartition (state.change.logger)\n")


def online_for(minute: int, second: int, tp: str, leader: int) -> str:
    return (f"[{ts(minute, second)}] INFO [Controller id=0 epoch=7] Changed partition {tp} from OfflinePartition "
            f"to OnlinePartition with state LeaderAndIsr(leader={leader}, leaderEpoch=5, isr=List({leader}), "
            "zkVersion=9) (state.change.logger)\n")


def broker_failed(minute: int, second: int, broker: int) -> str:
    """KafkaController 2.8: the controller handles the loss of a broker's ZooKeeper registration."""
    return (f"[{ts(minute, second)}] INFO [Controller id=0] Broker failure callback for {broker} "
            "(kafka.controller.KafkaController)\n")


OFFSETS = [f"__consumer_offsets-{p}" for p in (1, 3, 5)]


def test_partitions_of_one_dead_broker_offline_together_are_one_finding_named_after_it(tmp_path: Path) -> None:
    """A replication-factor-1 broker dies: the controller logs its failure and fails to elect a
    leader for every partition it held alone, within the same second; they come back when it
    does.  One outage, one finding: "broker 1", its partitions listed, each one's first and last
    line as evidence."""
    controller = broker_failed(1, 0, 1)
    text = "".join(failed_for(1, 0, tp) for tp in OFFSETS) + "".join(online_for(3, 0, tp, 1) for tp in OFFSETS)
    (f,) = findings(tmp_path, {"controller.log": controller, "state-change.log": text})
    assert (f.kind, f.severity, f.entity) == (FindingKind.OFFLINE_PARTITION, Severity.ERROR, "broker 1")
    assert f.details["partitions"] == OFFSETS and f.details["count"] == 3 and f.details["brokers"] == [1]
    assert f.details["leaders_after"] == {"1": 3} and f.details["without_leader_at_end"] == []
    assert f.observed.startswith("3 partitions (__consumer_offsets ×3) lost their leader within 0 s of each "
                                 "other; 3 got a leader again (broker 1: 3) after 2 min at most")
    assert [str(e).rsplit("/", 1)[-1] for e in f.evidence] == [
        "controller.log:1", *(f"state-change.log:{n}" for n in range(1, 7))]


def test_an_outage_s_evidence_is_capped_at_each_partition_s_first_and_last_line(tmp_path: Path) -> None:
    """Elections retried every few seconds while the broker stays away: every partition's middle
    lines are left out of the evidence, and the details still count them."""
    text = "".join(failed_for(1, s, tp) for s in (0, 10, 20) for tp in OFFSETS)
    (f,) = findings(tmp_path, {"state-change.log": text})
    assert f.entity == "cluster"  # no line says which broker held them
    assert f.details["lines"] == 9 and f.details["evidence_lines_shown"] == len(f.evidence) == 6
    assert f.details["without_leader_at_end"] == OFFSETS


def test_partitions_offline_minutes_apart_are_separate_outages(tmp_path: Path) -> None:
    text = failed_for(1, 0, OFFSETS[0]) + failed_for(5, 0, OFFSETS[1])
    found = findings(tmp_path, {"state-change.log": text})
    assert [f.entity for f in found] == [f"partition {OFFSETS[0]}", f"partition {OFFSETS[1]}"]


def test_a_partition_s_window_ends_when_its_controller_resigns(tmp_path: Path) -> None:
    """The offline state lives in the controller's memory: after "Resigned" (the cluster shut down
    for the night) nothing shows the partition until a new controller, which brings a partition
    whose leader is alive online without a line (PartitionStateMachine.initializePartitionState)."""
    resigned = "[2024-03-01 10:02:00,000] INFO [Controller id=0] Resigned (kafka.controller.KafkaController)\n"
    text = offline(1) + failed(1)
    (f,) = findings(tmp_path, {"state-change.log": text, "controller.log": resigned})
    assert f.observed.startswith("no leader for 1 min; 1 leader elections failed; then controller 0 resigned "
                                 "at 2024-03-01T10:02:00.000Z")
    assert f.end - f.start == 60_000 and [str(e).rsplit("/", 1)[-1] for e in f.evidence] == [
        "controller.log:1", "state-change.log:1", "state-change.log:2"]


def test_another_broker_resigning_does_not_end_the_window(tmp_path: Path) -> None:
    """Every broker logs "Resigned" when it shuts down (KafkaController.shutdown), controller or not."""
    resigned = "[2024-03-01 10:02:00,000] INFO [Controller id=2] Resigned (kafka.controller.KafkaController)\n"
    (f,) = findings(tmp_path, {"state-change.log": offline(1) + failed(1) + online(9, 2),
                               "controller.log": resigned})
    assert f.observed == "no leader for 8 min; 1 leader elections failed; then leader 2"


def test_hours_without_any_line_in_an_outage_are_named_and_not_counted(tmp_path: Path) -> None:
    """A development cluster shut down for the night: broker 1's own lines show it shutting down
    and starting again, and no broker logged anything in between.  The outage the logs show is
    the minutes around it, not the night."""
    server = ("[2024-03-01 10:02:00,000] INFO [KafkaServer id=1] shut down completed (kafka.server.KafkaServer)\n"
              "[2024-03-02 08:00:00,000] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)\n")
    state = offline(1) + failed(1) + online(1, 2).replace("2024-03-01 10:01", "2024-03-02 08:01")
    (f,) = findings(tmp_path, {"server.log": server, "state-change.log": state})
    assert f.observed == ("no leader for 2 min; 1 leader elections failed; then leader 2; not counted: 22.0 h in "
                          "which the logs hold no line from any broker (2024-03-01T10:02:00.000Z to "
                          "2024-03-02T08:00:00.000Z (the brokers shut down and started again))")
    assert f.details["silences"] == [{"from": "2024-03-01T10:02:00.000Z", "to": "2024-03-02T08:00:00.000Z",
                                      "switched_off": True}]
    assert {str(e).rsplit("/", 1)[-1] for e in f.evidence} >= {"server.log:1", "server.log:2"}


def test_asking_for_one_partition_keeps_the_outage_that_lists_it(tmp_path: Path) -> None:
    (tmp_path / "state-change.log").write_text("".join(failed_for(1, 0, tp) for tp in OFFSETS))
    found = check(view.load([str(tmp_path)]), entities={f"partition {OFFSETS[1]}"}).findings
    assert [f.details["count"] for f in found] == [3]


# -- fault injection into the engine's logs -----------------------------------------------------------
@pytest.fixture
def logs(tmp_path: Path) -> Path:
    result = simulate(INCIDENT)
    emit_logs(result.effects, result.profile, tmp_path)
    return tmp_path


def test_a_caught_up_follower_shrunk_in_the_flapping_logs_is_found_alone(logs: Path) -> None:
    """The flapping follower's logs (Kafka 2.6) with one more shrink, a quarter of an hour later,
    of broker 2 at the leader's own end offset: check adds that finding, on that line, and
    nothing else."""
    before = check(view.load([str(logs)])).findings
    server = logs / "broker-1" / "server.log"
    lines = server.read_text().splitlines(keepends=True)
    lines.append("[2024-01-01 00:15:00,000] INFO [Partition orders-0 broker=1] Shrinking ISR from 1,2,3 to 1,3. "
                 "Leader: (highWatermark: 30, endOffset: 30). Out of sync replicas: (brokerId: 2, endOffset: 30). "
                 f"{PARTITION}\n")
    server.write_text("".join(lines))
    after = check(view.load([str(logs)])).findings
    new = [f for f in after if f not in before]
    assert [f.kind for f in before] == [FindingKind.ISR_FLAPPING] and all(f in after for f in before)
    (f,) = new
    assert f.kind is FindingKind.ISR_SHRINK_WITHOUT_LAG and f.details["caught_up"] == [2]
    assert [(e.source.rsplit("/", 2)[-2:], e.line) for e in f.evidence] == [(["broker-1", "server.log"],
                                                                             len(lines))]


# -- the real corpus ---------------------------------------------------------------------------------
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the real corpus is not beside the repository")
def test_the_2_8_0_dev_cluster_s_restarts_are_one_outage_each_named_after_the_brokers() -> None:
    """AndreasTraut's 2.8.0 brokers 0 and 1 (offsets.topic.replication.factor=1, both logging into
    one folder) are stopped and started again over a week: each time the controller fails to
    elect a leader for the 25 __consumer_offsets partitions (and the topics) the absent broker
    held alone.  Reviewed: 218 per-partition findings were seven outages, one finding each.

    27 April 10:30: "Shutting down broker 1" then "Shutting down broker 0" (both controlled
    shutdowns) and 52 failed elections; controller 0 resigns at 10:30:50 and nothing is logged
    until the next day — no 25 h outage.  28 April 11:31: controller 1 starts before broker 0,
    53 partitions wait up to 34 s.  16:09: broker 1 restarts, its 28 wait 9 s.  5 May: broker 1
    alone, broker 0's 26 still without a leader when the logs end."""
    found = check(view.load([str(CORPUS / "AndreasTraut-kafka_2.13-2.8.0")])).findings
    outages = [(f.entity, f.details.get("count", 1)) for f in found if f.kind is FindingKind.OFFLINE_PARTITION]
    assert outages == [("brokers 0,1", 52), ("brokers 0,1", 53), ("broker 1", 28), ("brokers 0,1", 53),
                       ("broker 0", 26)]
    night = next(f for f in found if f.kind is FindingKind.OFFLINE_PARTITION)
    assert night.end - night.start < 15_000 and "controller 0 resigned at 2021-04-27T10:30:50" in night.observed
    assert "being shut down (controlled shutdown)" in night.message
    assert str(night.evidence[0]).endswith("controller.log.2021-04-26-20:26")  # "Shutting down broker 1"
    assert not only(found, FindingKind.ISR_SHRINK_WITHOUT_LAG) and not only(found, FindingKind.HW_ABOVE_ISR_LEO)


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the real corpus is not beside the repository")
def test_the_1_x_partitions_elected_uncleanly_were_offline_with_the_rest_until_that_election() -> None:
    """andreinedelciu's 0.10-1.0 cluster: the new controller 1 found no live replica of 73
    partitions whose ISR was on brokers 1001, 1002 and 1010 (NoReplicaOnlineException); it
    elected broker 1 from outside the ISR for dns_kafka_topic-0..2 a second later (the outage
    ends there for them, not at the UpdateMetadata that still named the dead leader 1010); the
    other 70 were still without a leader when the logs end."""
    found = check(view.load([str(CORPUS / "andreinedelciu-kafka-brokers-public")])).findings
    mine = [f for f in found if "partition dns_kafka_topic-0" in f.names()]
    assert [(f.kind, f.entity) for f in mine] == [
        (FindingKind.OFFLINE_PARTITION, "broker 0"), (FindingKind.OFFLINE_PARTITION, "brokers 1001,1002,1010"),
        (FindingKind.UNCLEAN_ELECTION, "partition dns_kafka_topic-0")]
    outage = mine[1]
    assert outage.details["count"] == 73 and outage.details["leaders_after"] == {"1": 3}
    assert len(outage.details["without_leader_at_end"]) == 70
    assert outage.details["lines"] == 426 and len(outage.evidence) == 146
    shown = {str(e).rsplit("/", 1)[-1] for e in outage.evidence}
    assert {"controller.log:137", "state-change.log:789"} <= shown  # "… Elect leader 1 …", the failed election


# -- data_loss -------------------------------------------------------------------------------------
UNCLEAN = (f"[{ts(3)}] WARN [OfflinePartitionLeaderSelector]: No broker in ISR is alive for [orders,0]. Elect "
           "leader 3 from live brokers 3. There's potential data loss. "
           "(kafka.controller.OfflinePartitionLeaderSelector)\n")


def truncating(minute: int, offset: int, hw: int, leader: int = 3) -> str:
    """ReplicaFetcherThread 2.0+."""
    return (f"[{ts(minute)}] WARN [ReplicaFetcher replicaId=1, leaderId={leader}, fetcherId=0] Truncating orders-0 "
            f"to offset {offset} below high watermark {hw} (kafka.server.ReplicaFetcherThread)\n")


def test_a_follower_truncating_below_its_hw_to_follow_an_uncleanly_elected_leader_is_data_loss(
        tmp_path: Path) -> None:
    found = findings(tmp_path, {"controller.log": UNCLEAN, "server.log": truncating(4, 88190, 88200)})
    assert sorted(f.kind.value for f in found) == ["data_loss", "truncation_below_hw", "unclean_election"]
    (f,) = only(found, FindingKind.DATA_LOSS)
    assert (f.severity, f.entity) == (Severity.CRITICAL, "partition orders-0")
    assert (f.details["records"], f.details["from_offset"], f.details["to_offset"]) == (10, 88190, 88199)
    assert [str(e).rsplit("/", 1)[-1] for e in f.evidence] == ["controller.log:1", "server.log:1"]


def test_the_old_leader_s_high_watermark_and_the_new_leader_s_start_offset_give_the_loss(tmp_path: Path) -> None:
    """No follower line: the old leader's last shrink (2.2-3.5) printed HW 500; broker 3, elected
    uncleanly, starts its epoch (0.11-2.3 wording) from offset 470."""
    old = shrink_2_2(1, 500, 520, 500, isr="1")
    new = (f"[{ts(4)}] INFO [Partition orders-0 broker=3] orders-0 starts at Leader Epoch 6 from offset 470. "
           f"Previous Leader Epoch was: 5 {PARTITION}\n")
    found = findings(tmp_path, {"broker-1/server.log": old, "broker-3/server.log": new, "controller.log": UNCLEAN})
    (f,) = only(found, FindingKind.DATA_LOSS)
    assert (f.details["records"], f.details["from_offset"], f.details["to_offset"]) == (30, 470, 499)


def test_a_truncation_to_the_high_watermark_is_not_data_loss(tmp_path: Path) -> None:
    """2.1-3.0 "Truncating partition t-0 to local high watermark H": nothing committed goes."""
    text = (f"[{ts(4)}] INFO [ReplicaFetcher replicaId=1, leaderId=3, fetcherId=0] Truncating partition orders-0 "
            "to local high watermark 88200 (kafka.server.ReplicaFetcherThread)\n")
    found = findings(tmp_path, {"controller.log": UNCLEAN, "server.log": text})
    assert [f.kind for f in found] == [FindingKind.UNCLEAN_ELECTION]


def test_a_truncation_below_the_hw_without_an_unclean_election_is_not_yet_data_loss(tmp_path: Path) -> None:
    """Nothing shows the leader it follows lacks the records everywhere: truncation_below_hw alone."""
    found = findings(tmp_path, {"server.log": truncating(4, 88190, 88200)})
    assert [f.kind for f in found] == [FindingKind.TRUNCATION_BELOW_HW]


def test_a_truncation_to_follow_another_leader_than_the_unclean_one_is_not_counted(tmp_path: Path) -> None:
    found = findings(tmp_path, {"controller.log": UNCLEAN, "server.log": truncating(4, 88190, 88200, leader=2)})
    assert only(found, FindingKind.DATA_LOSS) == []


# -- an ISR expansion before the follower caught up ------------------------------------------------
def shrink_of(minute: int, before: str, after: str, hw: int, leo: int, follower: int, end: int) -> str:
    """Partition.maybeShrinkIsr 2.2-3.5, any follower."""
    return (f"[{ts(minute)}] INFO [Partition orders-0 broker=1] Shrinking ISR from {before} to {after}. "
            f"Leader: (highWatermark: {hw}, endOffset: {leo}). Out of sync replicas: (brokerId: {follower}, "
            f"endOffset: {end}). {PARTITION}\n")


def expand_of(minute: int, before: str, after: str) -> str:
    return (f"[{ts(minute, 30)}] INFO [Partition orders-0 broker=1] Expanding ISR from {before} to {after} "
            f"{PARTITION}\n")


def test_a_follower_added_back_below_the_high_watermark_is_an_early_expansion(tmp_path: Path) -> None:
    """2.4: broker 2 leaves with the HW at 130; broker 3 is added back at 10:02:30, and at 10:05 a
    shrink prints broker 3's end offset as 110 — below the 130 the HW had already reached, and a
    follower's log end does not shrink within one leadership: it was added below the HW."""
    text = (shrink_of(1, "1,2", "1", 130, 140, 2, 130) + expand_of(2, "1", "1,3")
            + shrink_of(5, "1,3", "1", 150, 170, 3, 110))
    found = findings(tmp_path, {"server.log": text})
    (f,) = [f for f in found if f.kind is FindingKind.ISR_EXPAND_BEFORE_CAUGHT_UP]
    assert f.entity == "partition orders-0" and [e.line for e in f.evidence] == [1, 2, 3]
    assert f.details == {"broker": 1, "follower": 3, "high_watermark": 130, "follower_end_offset": 110}
    # the same later line also shows the HW above an ISR member's end offset: the expansion's consequence
    assert {x.kind for x in found} == {FindingKind.ISR_EXPAND_BEFORE_CAUGHT_UP, FindingKind.HW_ABOVE_ISR_LEO}


def test_a_follower_added_back_at_the_high_watermark_is_fine(tmp_path: Path) -> None:
    text = (shrink_of(1, "1,2", "1", 130, 140, 2, 130) + expand_of(2, "1", "1,3")
            + shrink_of(5, "1,3", "1", 150, 170, 3, 150))
    assert [f.kind for f in findings(tmp_path, {"server.log": text})] == []


def test_a_new_leader_epoch_between_the_lines_proves_nothing(tmp_path: Path) -> None:
    """A leader epoch starts between the expansion and the shrink: the follower may have truncated."""
    epoch = (f"[{ts(3)}] INFO [Partition orders-0 broker=1] orders-0 starts at leader epoch 5 from offset "
             f"170 with high watermark 150. Previous leader epoch was 4. {PARTITION}\n")
    text = (shrink_of(1, "1,2", "1", 130, 140, 2, 130) + expand_of(2, "1", "1,3") + epoch
            + shrink_of(5, "1,3", "1", 150, 170, 3, 110))
    kinds = {f.kind for f in findings(tmp_path, {"server.log": text})}
    assert FindingKind.ISR_EXPAND_BEFORE_CAUGHT_UP not in kinds
