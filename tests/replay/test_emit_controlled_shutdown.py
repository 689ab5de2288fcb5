"""``--emit-logs``: a ZooKeeper-mode broker's controlled-shutdown lines (KafkaServer.controlledShutdown)
in each version's wording, logger, prefix and level as read in Kafka's source at the release tags
(``git show <tag>:core/src/main/scala/kafka/server/KafkaServer.scala``: 0.10.2.0, 1.0.0, 1.1.0, 2.3.0,
2.4.0, 2.8.0, 3.0.0, 3.1.0, 3.4.0), and the controller's (KafkaController.doControlledShutdown), read
back by our parser as the catalogue entry that wrote them.

The traces: tests/traces/replication/controlled-shutdown-retries-then-unclean.jsonl (broker 1, the only
ISR member of orders-0, shuts down at 1 s: three failed attempts, then the unclean shutdown) and
controlled-shutdown-succeeds-on-retry.jsonl (the second attempt, at 6 s, moves the leadership)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.replay.emit import DEFAULT_START, format_record
from kafka_forensics.replay.emit_replication import render_replication
from kafka_forensics.replay.simulate import simulate

from ..support import one

REPO = Path(__file__).resolve().parents[2]
TRACES = REPO / "tests" / "traces" / "replication"
UNCLEAN = TRACES / "controlled-shutdown-retries-then-unclean.jsonl"
RETRIED = TRACES / "controlled-shutdown-succeeds-on-retry.jsonl"
_K = " (kafka.server.KafkaServer)"


def written(trace: Path, name: str, prefix: str) -> list[tuple[int, str, str]]:
    """(ms, catalogue id, line without its timestamp) of each record from an entry starting with ``prefix``."""
    result = simulate(trace, profile=name)
    return [(r.at, r.rendered.template, format_record(r, DEFAULT_START).split("] ", 1)[1])
            for r in render_replication(result.effects, result.profile) if r.rendered.template.startswith(prefix)]


def broker_lines(trace: Path, name: str) -> list[tuple[int, str]]:
    return [(at, line) for at, _, line in written(trace, name, "broker.")]


_ATTEMPT_0_10 = [f"INFO [Kafka Server 1], Remaining partitions to move: orders-0{_K}",
                 f"INFO [Kafka Server 1], Error code from controller: 0{_K}"]
_RETRY_0_10 = f"WARN [Kafka Server 1], Retrying controlled shutdown after the previous attempt failed...{_K}"
_ATTEMPT_2_8 = [f"INFO [KafkaServer id=1] Remaining partitions to move: "
                f"[RemainingPartition(topicName='orders', partitionIndex=0)]{_K}",
                f"INFO [KafkaServer id=1] Error from controller: NONE{_K}"]
_RETRY_2_8 = f"WARN [KafkaServer id=1] Retrying controlled shutdown after the previous attempt failed...{_K}"
_ATTEMPT_3_4 = f"INFO [KafkaServer id=1] Controlled shutdown request returned after 0ms with 1 partitions " \
               f"remaining to move{_K}"


@pytest.mark.parametrize(("name", "expected"), [
    # 0.10.2.0: logIdent "[Kafka Server N], ", partitionsRemaining a Set<TopicPartition> mkString(","), the
    # error's code; a back-off and the WARN after every failed attempt, the last too
    ("0.10.2", [
        (1_000, f"INFO [Kafka Server 1], Starting controlled shutdown{_K}"),
        *[(1_000, line) for line in _ATTEMPT_0_10],
        (6_000, _RETRY_0_10), *[(6_000, line) for line in _ATTEMPT_0_10],
        (11_000, _RETRY_0_10), *[(11_000, line) for line in _ATTEMPT_0_10],
        (16_000, _RETRY_0_10),
        (16_000, f"WARN [Kafka Server 1], Proceeding to do an unclean shutdown as all the controlled shutdown "
                 f"attempts failed{_K}"),
    ]),
    # 2.3.0+: the generated ControlledShutdownResponseData's RemainingPartition collection; 1.1.0+ the
    # error's name
    ("2.8", [
        (1_000, f"INFO [KafkaServer id=1] Starting controlled shutdown{_K}"),
        *[(1_000, line) for line in _ATTEMPT_2_8],
        (6_000, _RETRY_2_8), *[(6_000, line) for line in _ATTEMPT_2_8],
        (11_000, _RETRY_2_8), *[(11_000, line) for line in _ATTEMPT_2_8],
        (16_000, _RETRY_2_8),
        (16_000, f"WARN [KafkaServer id=1] Proceeding to do an unclean shutdown as all the controlled shutdown "
                 f"attempts failed{_K}"),
    ]),
    # 3.1.0+: "returned after Nms with K partitions remaining to move" (the partitions at DEBUG: not
    # written), INFO "Retrying … (N retries remaining)" only while retries remain, the unclean shutdown
    # right after the last attempt
    ("3.4", [
        (1_000, f"INFO [KafkaServer id=1] Starting controlled shutdown{_K}"),
        (1_000, _ATTEMPT_3_4),
        (6_000, f"INFO [KafkaServer id=1] Retrying controlled shutdown (2 retries remaining){_K}"),
        (6_000, _ATTEMPT_3_4),
        (11_000, f"INFO [KafkaServer id=1] Retrying controlled shutdown (1 retries remaining){_K}"),
        (11_000, _ATTEMPT_3_4),
        (11_000, f"WARN [KafkaServer id=1] Proceeding to do an unclean shutdown as all the controlled shutdown "
                 f"attempts failed{_K}"),
    ]),
])
def test_the_broker_writes_each_attempt_in_its_version_s_wording(name: str, expected: list[tuple[int, str]]) -> None:
    assert broker_lines(UNCLEAN, name) == expected


def test_1_1_names_the_controller_s_error_and_1_0_its_code() -> None:
    assert f"INFO [KafkaServer id=1] Error code from controller: 0{_K}" in [line for _, line in
                                                                             broker_lines(UNCLEAN, "1.0")]
    assert f"INFO [KafkaServer id=1] Error from controller: NONE{_K}" in [line for _, line in
                                                                           broker_lines(UNCLEAN, "1.1")]


@pytest.mark.parametrize(("name", "success"), [
    ("2.8", f"INFO [KafkaServer id=1] Controlled shutdown succeeded{_K}"),
    # 3.2: the 3.1+ wording, before KIP-841 (3.3) refuses a shutting-down leader's ISR expansion
    ("3.2", f"INFO [KafkaServer id=1] Controlled shutdown request returned successfully after 0ms{_K}"),
])
def test_a_retry_that_moves_the_leadership_is_written_as_a_success(name: str, success: str) -> None:
    got = broker_lines(RETRIED, name)
    assert got[-1] == (6_000, success)
    assert not any("unclean" in line for _, line in got)


@pytest.mark.parametrize("name", ["0.10.2", "1.0", "2.8", "3.4"])
def test_the_controller_writes_shutting_down_and_its_debug_lists_per_attempt(name: str) -> None:
    got = written(UNCLEAN, name, "controller.")
    ids = [(at, t) for at, t, _ in got if t in ("controller.controlled_shutdown", "controller.shutting_brokers",
                                                 "controller.live_brokers")]
    attempts = [1_000, 6_000, 11_000]
    assert ids == [(at, t) for at in attempts for t in ("controller.controlled_shutdown",
                                                         "controller.shutting_brokers", "controller.live_brokers")]
    texts = [line.split(" ", 1)[1] for _, t, line in got if t.startswith(("controller.controlled_shutdown",
                                                                          "controller.shutting_brokers",
                                                                          "controller.live_brokers"))][:3]
    ident = "[Controller 0]: " if name < "1.0" else "[Controller id=0] "
    assert texts == [f"{ident}Shutting down broker 1 (kafka.controller.KafkaController)",
                     f"{ident}All shutting down brokers: 1 (kafka.controller.KafkaController)",
                     f"{ident}Live brokers: 0 (kafka.controller.KafkaController)"]


# -- read back ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["0.10.2", "1.0", "1.1", "2.2", "2.8", "3.0", "3.2", "3.4", "3.9"])
@pytest.mark.parametrize("trace", [UNCLEAN, RETRIED], ids=["unclean", "retried"])
def test_every_line_reads_back_as_the_entry_that_wrote_it(trace: Path, name: str) -> None:
    got = written(trace, name, "broker.") + written(trace, name, "controller.")
    assert got
    for _, template, line in got:
        r = one(f"[2024-01-01 00:00:01,000] {line}\n")
        assert r["template"] == template, line


@pytest.mark.parametrize("name", ["0.10.2", "2.2", "2.8"])
def test_the_remaining_partitions_read_back_as_partitions(name: str) -> None:
    (first, *_) = [line for _, t, line in written(UNCLEAN, name, "broker.controlled_shutdown_remaining")]
    r = one(f"[2024-01-01 00:00:01,000] {first}\n")
    assert (list(r["partitions"]), r["count"], r["state"]) == (["orders-0"], 1, "controlled_shutdown_failed")


@pytest.mark.parametrize("name", ["2.8", "3.4"])
def test_the_broker_s_steps_read_back_as_their_states(name: str) -> None:
    states = [one(f"[2024-01-01 00:00:01,000] {line}\n")["state"] for _, _, line in written(UNCLEAN, name, "broker.")]
    assert states[0] == "controlled_shutdown" and states[-1] == "unclean_shutdown"
    assert states.count("controlled_shutdown_retry") == (3 if name == "2.8" else 2)
