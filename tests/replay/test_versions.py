"""Which Kafka release wrote the logs, from their wording (each catalogue entry's releases),
the brokers' inter.broker.protocol.version and their start banners (``Kafka version: 2.8.0``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kafka_forensics.parsers import view
from kafka_forensics.replay.check import check
from kafka_forensics.replay.versions import Wording, release, show

from ..support import MIXED_RELEASES


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


def test_the_real_2_3_1_brokers_read_as_2_3_1(corpus: Path) -> None:
    # the wording says 2.3, the protocol 2.3-IV1, the start banners `Kafka version: 2.3.1`
    # (the controller and state-change logs, which name no cluster id, form a scope of their own:
    # no banner there, the wording's 2.3)
    report = check(view.load([str(corpus / "BitterDone-k2.3.1")]))
    versions = {(c["kafka_version"], tuple(c.get("kafka_version_reported", ()))) for c in report.clusters.values()}
    assert versions == {("2.3.1", ("2.3.1",)), ("2.3", ())}
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
    (tmp_path / "server.log").write_text(MIXED_RELEASES)
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] is None and c["engine_profile"] is None
    assert "--profile" in c["engine_note"]


GC = "(kafka.coordinator.group.GroupCoordinator)"
AIP = "(org.apache.kafka.common.utils.AppInfoParser)"
#: 2.1-2.7 by its wording (see test_a_log_s_release_is_where_its_entries_ranges_meet)
REBALANCE = (
    "[2024-03-01 10:00:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group g in state "
    f"PreparingRebalance with old generation 1 (__consumer_offsets-1) (reason: removing member m on "
    f"LeaveGroup) {GC}\n"
    f"[2024-03-01 10:00:03,000] INFO [GroupCoordinator 1]: Stabilized group g generation 2 "
    f"(__consumer_offsets-1) {GC}\n")


def _banner(version: str, at: str = "09:59:59,000") -> str:
    return f"[2024-03-01 {at}] INFO Kafka version: {version} {AIP}\n"


def test_a_broker_s_start_banner_names_its_release_exactly(tmp_path: Path) -> None:
    """AppInfoParser prints the release a broker runs as it starts: the group is re-run under
    2.4.1's rules, not under those of 2.1, the oldest its wording allows."""
    (tmp_path / "server.log").write_text(_banner("2.4.1") + REBALANCE)
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] == "2.4.1" and c["kafka_version_reported"] == ["2.4.1"]
    assert c["engine_profile"] == "2.4"


def test_a_consumer_s_banner_names_the_client_not_the_brokers(tmp_path: Path) -> None:
    """A consumer's log starts with the same banner, naming the client's release: a 3.6 client
    may talk to 2.1 brokers, so it does not narrow the brokers' range."""
    (tmp_path / "server.log").write_text(REBALANCE)
    (tmp_path / "consumer.log").write_text(
        _banner("3.6.0") + "[2024-03-01 10:00:01,000] INFO [Consumer clientId=c1, groupId=g] (Re-)joining "
        "group (org.apache.kafka.clients.consumer.internals.ConsumerCoordinator)\n")
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert "kafka_version_reported" not in c
    assert c["engine_profile"] is not None


def test_brokers_upgraded_within_the_logs_keep_the_wording_s_range(tmp_path: Path) -> None:
    # two releases' banners: the re-run cannot pick one, so the wording's range stands
    (tmp_path / "server.log").write_text(_banner("2.3.1", "09:00:00,000") + _banner("2.4.1") + REBALANCE)
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] == "2.1-2.7" and c["kafka_version_reported"] == ["2.3.1", "2.4.1"]


def test_a_banner_the_wording_contradicts_changes_nothing_but_is_reported(tmp_path: Path) -> None:
    # a 3.6 banner beside lines only 2.1-2.7 write: one of the two is not this broker's; both shown
    (tmp_path / "server.log").write_text(_banner("3.6.0") + REBALANCE)
    (c,) = check(view.load([str(tmp_path)])).clusters.values()
    assert c["kafka_version"] == "2.1-2.7" and c["kafka_version_reported"] == ["3.6.0"]


@pytest.mark.parametrize("version, releases", [
    ("2.8.0", ((2, 8, 0), (2, 8, 0))),
    ("2.1.1", ((2, 1, 1), (2, 1, 1))),
    ("0.10.2.1", ((0, 10, 2), (0, 10, 2))),  # a 0.10.N "line" is one release in the catalogue's ranges
    ("3.7.0-SNAPSHOT", ((3, 7, 0), (3, 7, 0))),
    ("7.4.0-ccs", ((3, 4, 0), (3, 4, 99))),  # Confluent Platform 7.4 ships Kafka 3.4 (its own patches)
    ("6.2.1-ce", ((2, 8, 0), (2, 8, 99))),
    ("3.3.0-ccs", ((0, 11, 0), (0, 11, 0))),
    ("unknown", None),
])
def test_a_banner_s_version_names_its_kafka_releases(version: str, releases) -> None:
    assert release(version) == releases


def test_every_real_banner_lies_in_its_wording_s_range(corpus: Path) -> None:
    """`Kafka version : x` (≤2.1) and `Kafka version: x` (2.2+) in the real logs name releases
    their own entries' ranges hold: the tags and the banners agree."""
    from kafka_forensics.parsers.releases import in_range

    seen = 0
    for log_set in sorted(p for p in corpus.iterdir() if p.is_dir()):
        events = view.load([str(log_set)])
        banners = events.filter(events["template"].str.starts_with("app_info.version"))
        for versions, details in banners.select("versions", "details").iter_rows():
            named = release(json.loads(details)["version"])
            assert named is not None and in_range(versions, named[0]), (log_set.name, versions, details)
            seen += 1
    assert seen >= 25
