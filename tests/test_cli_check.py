"""``kafka-forensics check`` driven for real, on the real-log corpus: every log set is read
without error, and the findings on the incidents we know are reviewed here (exit codes:
0 clean, 1 a finding at or above --fail-on, 2 bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .support import MIXED_RELEASES
from .test_cli import cli


def check(*args: str) -> tuple[int, dict]:
    r = cli("check", *args, "--format", "json")
    assert r.returncode in (0, 1), r.stderr
    assert "Traceback" not in r.stderr
    return r.returncode, json.loads(r.stdout)


def test_every_real_log_set_is_checked_without_error(corpus: Path) -> None:
    for log_set in sorted(p for p in corpus.iterdir() if p.is_dir()):
        rc, report = check(str(log_set))
        assert report["input"]["events"] > 0, log_set
        assert (rc == 1) == any(f["severity"] != "info" for f in report["findings"]), log_set
        for f in report["findings"]:
            assert f["evidence"] and f["message"].endswith("."), f


def test_the_2_1_1_controller_that_keeps_resigning_is_churn(corpus: Path) -> None:
    """ATCP's 2.1.1 broker: the controller is elected and resigns every few minutes for two hours."""
    rc, report = check(str(corpus / "ATCP-kafka_2.11-2.1.1"))
    (f,) = report["findings"]
    assert rc == 1 and f["kind"] == "controller_churn" and f["severity"] == "warning"
    assert f["details"]["elections"] == 18 and f["details"]["resignations"] == 13
    assert all("controller.log" in e for e in f["evidence"])


def test_the_console_consumers_that_join_and_expire_storm_their_group(corpus: Path) -> None:
    """BitterDone's 2.3.1 broker: console consumers sharing `test-consumer-group` are started and
    killed over and over; every join and every session expiry is a rebalance."""
    _, report = check(str(corpus / "BitterDone-k2.3.1"))
    storms = [f for f in report["findings"] if f["kind"] == "rebalance_storm"]
    assert [f["details"]["rebalances"] for f in storms] == [21, 12, 17, 14]
    assert all(f["entity"] == "group test-consumer-group" for f in storms)
    worst = storms[0]
    assert worst["severity"] == "error" and worst["details"]["causes"] == {"heartbeat_expiration": 10,
                                                                           "new_member": 11}


def test_the_unclean_elections_are_critical_and_fail_only_from_their_level(corpus: Path) -> None:
    """andreinedelciu's 1.x cluster: all ISR members of dns_kafka_topic died; the controller elected
    broker 1 from outside the ISR for partitions 0-2."""
    log_set = str(corpus / "andreinedelciu-kafka-brokers-public")
    _, report = check(log_set)
    unclean = [f for f in report["findings"] if f["kind"] == "unclean_election"]
    assert sorted(f["entity"] for f in unclean) == [f"partition dns_kafka_topic-{p}" for p in range(3)]
    assert {f["severity"] for f in unclean} == {"critical"}
    assert cli("check", log_set, "--fail-on", "critical").returncode == 1
    quiet = cli("check", str(corpus / "CookJustin-kafka_2.13-3.3.1"), "--fail-on", "critical")
    assert quiet.returncode == 0 and "No findings" in quiet.stdout


def test_the_report_is_the_same_bytes_twice_and_in_markdown(corpus: Path) -> None:
    log_set = str(corpus / "BitterDone-k2.3.1")
    a, b = cli("check", log_set, "-f", "json"), cli("check", log_set, "-f", "json")
    assert a.stdout == b.stdout
    md = cli("check", log_set, "-f", "md").stdout
    assert md.startswith("# kafka-forensics check: 5 findings")
    assert "| 2 | error | `rebalance_storm` | group test-consumer-group |" in md


def test_group_names_from_logs_cannot_break_the_markdown(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("".join(
        f"[2024-03-01 10:0{i}:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group a|b<x> in state "
        f"PreparingRebalance with old generation {i} (__consumer_offsets-1) (reason: removing member m-{i} on "
        "LeaveGroup) (kafka.coordinator.group.GroupCoordinator)\n" for i in range(5)))
    md = cli("check", str(log), "-f", "md").stdout
    assert "group a\\|b\\<x\\>" in md and "a|b<x>" not in md


@pytest.mark.parametrize("args, said", [
    (["--format", "yaml"], "--format must be table, json, md or html"),
    (["--fail-on", "fatal"], "unknown severity 'fatal'"),
    (["--profile", "0.9"], "older than the oldest profile"),
])
def test_bad_options_are_sentences_with_exit_2(tmp_path: Path, args: list[str], said: str) -> None:
    log = tmp_path / "server.log"
    log.write_text("[2024-03-01 10:00:00,000] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)\n")
    r = cli("check", str(log), *args)
    assert r.returncode == 2 and said in r.stderr and "Traceback" not in r.stderr


def test_a_profile_re_runs_the_groups_of_logs_no_single_release_wrote(tmp_path: Path) -> None:
    """A 0.10.0 rebalance line beside a 2.8+ Stabilized line: no release's rules fit, and check
    says so; with --profile 2.8 the engine re-runs the group under 2.8's rules all the same."""
    (tmp_path / "server.log").write_text(MIXED_RELEASES)
    _, plain = check(str(tmp_path))
    (c,) = plain["clusters"].values()
    assert c["engine_profile"] is None and "check --profile V" in c["engine_note"]
    _, forced = check(str(tmp_path), "--profile", "2.8.1")
    (c,) = forced["clusters"].values()
    assert forced["options"]["profile"] == "2.8.1"
    assert c["engine_profile"] == "2.8" and "engine_note" not in c
    assert c["engine_runs"]["groups"] == 1 and c["kafka_version"] is None  # the wording still disagrees


def test_explain_says_what_a_kind_means_causes_and_what_to_do() -> None:
    r = cli("explain", "zk-broker-mismatch")
    assert r.returncode == 0
    assert "KAFKA-2729" in r.stdout and "Usual causes." in r.stdout and "What to do." in r.stdout


def test_explain_of_a_misspelt_kind_suggests_the_right_one() -> None:
    r = cli("explain", "isr_flaping")
    assert r.returncode == 2 and "did you mean isr_flapping?" in r.stderr


def test_findings_document_is_generated_from_the_kinds() -> None:
    from kafka_forensics.replay import findings

    from .conftest import REPO

    doc = (REPO / "docs" / "findings.md").read_text()
    assert doc == findings.markdown(), "docs/findings.md is stale: python -m kafka_forensics.replay.findings"


def test_demo_re_executes_the_bundled_incidents_and_finds_what_they_show(tmp_path: Path) -> None:
    """The README's first command: every incident simulated, its logs written, read back and
    checked; the kept logs are the same bytes on a second run and check finds the same there."""
    r = cli("demo", "--keep", str(tmp_path / "a"))
    assert r.returncode == 0, r.stderr
    for title in ("Three consumers join", "max.poll.interval.ms", "keeps falling behind", "stale zkVersion",
                  "unclean leader election", "Real broker logs"):
        assert title in r.stdout
    assert "rebalance_storm" in r.stdout and "isr_flapping" in r.stdout and "unclean_election" in r.stdout
    assert "zk_broker_mismatch" in r.stdout
    assert cli("demo", "--keep", str(tmp_path / "b")).returncode == 0
    for f in sorted((tmp_path / "a").rglob("*")):
        if f.is_file():
            assert f.read_bytes() == (tmp_path / "b" / f.relative_to(tmp_path / "a")).read_bytes(), f
    rc, report = check(str(tmp_path / "a" / "poll-timeout-storm"))
    assert rc == 1 and [f["kind"] for f in report["findings"]] == ["rebalance_storm"]
    assert report["findings"][0]["details"]["causes"]["poll_timeout"] == 4
    rc, report = check(str(tmp_path / "a" / "cached-zkversion-loop"))
    assert [f["kind"] for f in report["findings"]] == ["zk_broker_mismatch"]


def test_the_html_report_is_one_self_contained_page_with_text_from_logs_escaped(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("".join(
        f"[2024-03-01 10:0{i}:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group <script>x</script> "
        f"in state PreparingRebalance with old generation {i} (__consumer_offsets-1) (reason: removing member "
        f"m-{i} on LeaveGroup) (kafka.coordinator.group.GroupCoordinator)\n" for i in range(5)))
    r = cli("check", str(log), "-f", "html")
    assert r.returncode == 1 and r.stdout.startswith("<!DOCTYPE html>")
    assert "<script>" not in r.stdout and "&lt;script&gt;x&lt;/script&gt;" in r.stdout
    assert "http://" not in r.stdout and "https://" not in r.stdout and "src=" not in r.stdout
    assert 'id="f1"' in r.stdout and "server.log:5" in r.stdout
    assert cli("check", str(log), "-f", "html").stdout == r.stdout


def test_the_html_report_draws_the_isr_of_a_flapping_partition(tmp_path: Path) -> None:
    from kafka_forensics.replay.emit import emit_logs
    from kafka_forensics.replay.simulate import simulate

    from .conftest import REPO

    result = simulate(REPO / "examples" / "incidents" / "isr-flapping-follower.2.6.jsonl")
    emit_logs(result.effects, result.profile, tmp_path)
    page = cli("check", str(tmp_path), "-f", "html").stdout
    assert page.count("<svg") == 1 and "ISR size (max 3)" in page
    assert "partition orders-0" in page and "ISR shrank [1,2,3] -&gt; [1,2]" in page


def test_the_3_1_0_cluster_s_many_rebalances_are_storms_of_consumers_that_die_after_joining(corpus: Path) -> None:
    """aryan-jadon's 3.1.0 brokers: groups my-group* rebalance dozens of times; most triggers are a
    new member followed by its session expiry, and the joins outnumber what the expiries explain."""
    _, report = check(str(corpus / "aryan-jadon-Distributed-Kafka-Clusters"))
    storms = [f for f in report["findings"] if f["kind"] == "rebalance_storm"]
    assert len(storms) == len(report["findings"]) == 13
    worst = max(storms, key=lambda f: f["details"]["rebalances"])
    assert worst["entity"] == "group my-group2" and worst["severity"] == "error"
    assert worst["details"]["causes"] == {"heartbeat_expiration": 16, "new_member": 28}
    assert worst["details"]["rejoins"] <= worst["details"]["causes"]["heartbeat_expiration"]
    assert "time out before their first heartbeat" in worst["message"]


def test_the_2_8_0_follower_truncations_are_to_the_high_watermark_not_below(corpus: Path) -> None:
    """AndreasTraut's 2.8.0 brokers: followers log "Truncating partition … to local high watermark 0"
    when they start following; nothing committed is removed, so no truncation finding — the only
    finding besides the controller moving three times in half an hour is the RF-1 partitions of the
    brokers that went down (offline_partition, reviewed in test_check_replication_rules)."""
    _, report = check(str(corpus / "AndreasTraut-kafka_2.13-2.8.0"))
    assert [f["kind"] for f in report["findings"] if f["kind"] != "offline_partition"] == ["controller_churn"]
    timeline = cli("timeline", str(corpus / "AndreasTraut-kafka_2.13-2.8.0"), "-p", "second-0", "-f", "jsonl")
    assert "follower truncating to offset 0" in timeline.stdout


def test_a_time_window_checks_only_that_window_and_an_entity_keeps_only_its_findings(corpus: Path) -> None:
    """BitterDone's 2.3.1 broker on 5 February 2020 before 18:00: only the first of that day's two
    storms; andreinedelciu's unclean elections narrowed to one partition."""
    _, day = check(str(corpus / "BitterDone-k2.3.1"), "--since", "2020-02-05T00:00:00",
                   "--until", "2020-02-05T18:00:00")
    assert [f["details"]["rebalances"] for f in day["findings"]] == [17]
    _, one = check(str(corpus / "andreinedelciu-kafka-brokers-public"), "--partition", "dns_kafka_topic-0")
    assert [(f["kind"], f["entity"]) for f in one["findings"]] == [
        ("offline_partition", "broker 0"), ("offline_partition", "brokers 1001,1002,1010"),
        ("unclean_election", "partition dns_kafka_topic-0")]  # the outages that list it
    assert all("dns_kafka_topic-0" in f["details"]["partitions"] for f in one["findings"][:2])


def test_offline_partitions_are_one_finding_per_outage_across_the_corpus(corpus: Path) -> None:
    """Reviewed: the whole corpus gave 218 offline_partition findings, one per partition — mostly
    the 50 __consumer_offsets partitions of a replication-factor-1 dev broker each time it was
    stopped.  Grouped by outage there are 11: four single partitions (test-0 of two single-broker
    set-ups, three times at a start; elastic-beats' one failed election), andreinedelciu's two
    (broker 0's six partitions at a controller start, and 73 partitions of brokers 1001, 1002 and
    1010), and AndreasTraut's five restarts."""
    _, report = check(str(corpus))
    offline = [f for f in report["findings"] if f["kind"] == "offline_partition"]
    assert report["counts"]["offline_partition"] == len(offline) == 11
    assert sorted(f["details"].get("count", 1) for f in offline) == [1, 1, 1, 1, 6, 26, 28, 52, 53, 53, 73]
    assert sorted(f["entity"] for f in offline if "count" in f["details"]) == [
        "broker 0", "broker 0", "broker 1", "brokers 0,1", "brokers 0,1", "brokers 0,1", "brokers 1001,1002,1010"]
    assert all(len(f["evidence"]) <= 2 * f["details"]["count"] + 4 for f in offline if "count" in f["details"])
