"""Which Kafka release wrote the logs, from their wording (each catalogue entry's releases)
and the brokers' inter.broker.protocol.version."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.versions import Wording, show


@pytest.mark.parametrize("r, text", [
    (((2, 3, 0), (2, 4, 99)), "2.3-2.4"),
    (((3, 6, 0), (99, 99, 99)), "3.6+"),
    (((2, 8, 0), (2, 8, 99)), "2.8"),
    (((2, 8, 0), (2, 8, 0)), "2.8.0"),
    (((0, 10, 2), (0, 10, 99)), "0.10.2-0.10.*"),
])
def test_ranges_read_as_people_write_them(r, text: str) -> None:
    assert show(r) == text


def test_the_protocol_version_narrows_the_release_from_below() -> None:
    wording = Wording("2.1-2.3", (), ((2, 1, 0), (2, 3, 99)))
    assert wording.narrowed("2.3-IV1").versions == "2.3"
    assert wording.narrowed("0.10.2-IV0").versions == "2.1-2.3"  # an old protocol says nothing more
    assert wording.narrowed("not a version").versions == "2.1-2.3"


def test_a_log_s_release_is_where_its_entries_ranges_meet(tmp_path: Path) -> None:
    """"Preparing to rebalance … (reason: …)" is 2.1+; "Stabilized group g generation 2" without
    "with N members" is before 2.8: the log is 2.1-2.7."""
    gc = "(kafka.coordinator.group.GroupCoordinator)"
    (tmp_path / "server.log").write_text(
        "[2024-03-01 10:00:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group g in state "
        f"PreparingRebalance with old generation 1 (__consumer_offsets-1) (reason: removing member m on "
        f"LeaveGroup) {gc}\n"
        f"[2024-03-01 10:00:03,000] INFO [GroupCoordinator 1]: Stabilized group g generation 2 "
        f"(__consumer_offsets-1) {gc}\n")
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] == "2.1-2.7"
    assert c["engine_profile"] == "2.1"  # the group diff re-runs it under the oldest release's rules


def test_the_real_2_3_1_brokers_read_as_2_3(corpus: Path) -> None:
    report = check(view.load([str(corpus / "BitterDone-k2.3.1")]))
    versions = {c["kafka_version"] for c in report.clusters.values()}
    assert versions == {"2.3"}
    assert all(c.get("configs", {}).get("inter.broker.protocol.version") in (None, ["2.3-IV1"])
               for c in report.clusters.values())


def test_every_real_log_file_reads_as_one_release_range(corpus: Path) -> None:
    """The catalogue's version tags agree with what real brokers wrote: in every real log file
    the releases of all its recognised lines meet (a line tagged too narrowly would not)."""
    from kafka_forensics.replay.versions import kafka_versions

    for log_set in sorted(p for p in corpus.iterdir() if p.is_dir()):
        for scope, wording in kafka_versions(view.load([str(log_set)])).items():
            disagree = [source for source, r in wording.files if r == "no single release"]
            assert not disagree, (scope, disagree)


def test_groups_whose_logs_no_single_release_wrote_are_said_not_re_run(tmp_path: Path) -> None:
    """A 0.10.0 rebalance line and a 2.8+ Stabilized line in one file: the group diff has no
    rules to re-run them under, and the report says so instead of staying silent."""
    gc = "(kafka.coordinator.group.GroupCoordinator)"
    (tmp_path / "server.log").write_text(
        f"[2024-01-01 00:00:00,000] INFO [GroupCoordinator 0]: Preparing to restabilize group g with old "
        f"generation 0 {gc}\n"
        f"[2024-01-01 00:00:03,000] INFO [GroupCoordinator 0]: Stabilized group g generation 1 "
        f"(__consumer_offsets-9) with 1 members {gc}\n")
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] is None and c["engine_profile"] is None
    assert "--profile" in c["engine_note"]
