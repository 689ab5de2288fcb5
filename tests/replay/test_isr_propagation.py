"""``isr_change_not_propagated``, read off ZooKeeper's history: before AlterIsr (2.7) a leader
writes its partition's ISR to ZooKeeper itself and its ``isr-change-propagation`` task must
name the partition in an ``/isr_change_notification/isr_change_N`` within 62.5 s.

The history is ZooKeeper's ``TxnLogToolkit`` text in the wording of the committed real-server
fixtures (tests/statedump/fixtures/tools): broker 1 registers, the controller creates orders-0's
state, broker 1 shrinks the ISR and notifies, then expands it.
"""

from __future__ import annotations

from pathlib import Path

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.findings import FindingKind

FIXTURES = Path(__file__).resolve().parents[1] / "statedump" / "fixtures"
ACL = "[31,s{'world,'anyone}\n]"
HEAD = "ZooKeeper Transactional Log File with dbid 0 txnlog format version 2\n"
BROKER, CONTROLLER = "0x10001702a980001", "0x10001702a980000"


def txn(clock: str, session: str, zxid: int, op: str) -> str:
    return f"11/22/26, {clock} AM UTC session {session} cxid 0x{zxid:x} zxid 0x{zxid:x} {op}\n"


def state(isr: str, epoch: int = 0, leader: int = 1) -> str:
    return (f'{{"controller_epoch":1,"leader":{leader},"version":1,"leader_epoch":{epoch},'
            f'"isr":[{isr}]}}')


def history(*tail: str) -> str:
    notification = '{"version":1,"partitions":[{"topic":"orders","partition":0}]}'
    return HEAD + "".join([
        txn("11:20:23", BROKER, 0x14, "createSession 10000"),
        txn("11:20:23", BROKER, 0x15, 'create /brokers/ids/1,{"jmx_port":-1,"port":9092,"host":"broker1",'
            f'"version":4,"endpoints":["PLAINTEXT://broker1:9092"],"timestamp":"1700000000000"}},{ACL},true,1'),
        txn("11:20:23", CONTROLLER, 0x16,
            f"create /brokers/topics/orders/partitions/0/state,{state('1,2')},{ACL},false,2"),
        txn("11:20:24", BROKER, 0x21, f"setData /brokers/topics/orders/partitions/0/state,{state('1')},1"),
        txn("11:20:26", BROKER, 0x22,
            f"create /isr_change_notification/isr_change_0000000000,{notification},{ACL},false,3"),
        txn("11:20:27", CONTROLLER, 0x24, "delete '/isr_change_notification/isr_change_0000000000"),
        *tail,
    ])


EXPAND = txn("11:20:40", BROKER, 0x25, f"setData /brokers/topics/orders/partitions/0/state,{state('1,2')},2")
LATER = txn("11:22:30", "0x10001702a980002", 0x26, "createSession 10000")


def found(tmp_path: Path, text: str) -> list:
    (tmp_path / "log.100.txt").write_text(text)
    return [f for f in check(view.load([str(tmp_path)])).findings
            if f.kind is FindingKind.ISR_CHANGE_NOT_PROPAGATED]


def test_an_isr_write_no_notification_followed_is_not_propagated(tmp_path: Path) -> None:
    (f,) = found(tmp_path, history(EXPAND, LATER))
    assert f.entity == "partition orders-0" and f.details["broker"] == 1 and f.details["zk_version"] == 2
    assert [e.line for e in f.evidence] == [11]
    assert f.end - f.start == 63_500  # 60 s ceiling, 2.5 s schedule, 1 s of TxnLogToolkit's rounding


def test_an_isr_write_notified_within_the_ceiling_is_fine(tmp_path: Path) -> None:
    """The shrink at 11:20:24 is named by isr_change_0000000000 two seconds later."""
    assert found(tmp_path, history(LATER)) == []


def test_a_write_is_not_judged_before_the_history_reaches_its_deadline(tmp_path: Path) -> None:
    early_end = txn("11:21:00", "0x10001702a980002", 0x26, "createSession 10000")
    assert found(tmp_path, history(EXPAND, early_end)) == []


def test_the_controller_s_write_of_a_new_leader_epoch_needs_no_notification(tmp_path: Path) -> None:
    """An election bumps the leader epoch: the controller tells the brokers by LeaderAndIsr."""
    election = txn("11:20:40", BROKER, 0x25,
                   f"setData /brokers/topics/orders/partitions/0/state,{state('1', epoch=1)},2")
    assert found(tmp_path, history(election, LATER)) == []


def test_the_real_server_s_history_has_every_write_judged_or_too_young(tmp_path: Path) -> None:
    """The committed logs of a real ZooKeeper (fixtures/PROVENANCE.md): the shrink is notified, the
    expansion comes seconds before the history ends, so nothing is reported."""
    logs = [str(p) for p in sorted(FIXTURES.glob("log.*"))]
    assert [f for f in check(view.load(logs)).findings if f.kind is FindingKind.ISR_CHANGE_NOT_PROPAGATED] == []
