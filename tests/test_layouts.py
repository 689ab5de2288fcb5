"""Log layouts: Kafka's default pattern, the variants met in the field, collector
wrappers and user-given log4j patterns all split a record the same way."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kafka_forensics.parsers.layouts import BY_NAME, from_pattern, sniff, sniff_wrappers

from .support import one, parse

STABILIZED = (
    "Stabilized group payments generation 32 (__consumer_offsets-42) with 3 members"
)
GC = "kafka.coordinator.group.GroupCoordinator"


def _at(s: str) -> datetime:
    return datetime.fromisoformat(s).replace(tzinfo=UTC)


def test_default_layout_splits_time_level_message_and_logger() -> None:
    ev = one(f"[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})")
    assert ev["ts"] == _at("2021-07-09 11:02:31.772")
    assert ev["level"] == "INFO"
    assert ev["logger"] == GC
    assert ev["group"] == "payments" and ev["generation"] == 32 and ev["members"] == 3
    assert ev["node"] == 1


def test_connect_style_logger_with_line_number_is_accepted() -> None:
    # Kafka Connect's pattern is [%d] %p %m (%c:%L)%n
    ev = one(f"[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC}:123)")
    assert ev["logger"] == GC


def test_strimzi_layout_without_brackets_and_a_trailing_thread() -> None:
    # Strimzi's broker pattern: %d{ISO8601} %p %m (%c) [%t]%n
    text = f"2021-07-09 11:02:31,772 INFO [GroupCoordinator 1]: {STABILIZED} ({GC}) [group-metadata-manager-0]"
    assert sniff([text])[0] is BY_NAME["kafka-thread"]
    ev = one(text)
    assert ev["generation"] == 32 and ev["ts"] == _at("2021-07-09 11:02:31.772")


def test_bracketed_layout_with_padded_level_and_thread() -> None:
    text = f"[2021-07-09 11:02:31,772] [INFO ] [group-metadata-manager-0] [{GC}] - [GroupCoordinator 1]: {STABILIZED}"
    assert sniff([text])[0] is BY_NAME["bracketed"]
    assert one(text)["members"] == 3


def test_class_line_layout_matches_entries_by_simple_class_name() -> None:
    # %d %p [%t] %C{1}:%L - %m%n prints GroupCoordinator:123, not the package
    text = f"2021-07-09 11:02:31,772 INFO [group-metadata-manager-0] GroupCoordinator:123 - [GroupCoordinator 1]: {STABILIZED}"
    assert sniff([text])[0] is BY_NAME["class-line"]
    ev = one(text)
    assert ev["logger"] == "GroupCoordinator" and ev["generation"] == 32


def test_zoned_timestamps_keep_their_own_offset() -> None:
    text = f"2021-07-09 11:02:31,772+0200 INFO [t] GroupCoordinator:1 - [GroupCoordinator 1]: {STABILIZED}"
    assert one(text, tz="America/New_York")["ts"] == _at("2021-07-09 09:02:31.772")


def test_json_layout_from_log4j2_json_template() -> None:
    text = (
        '{"@timestamp":"2021-07-09T11:02:31.772Z","log.level":"INFO","log.logger":"' + GC
        + '","process.thread.name":"main","message":"[GroupCoordinator 1]: ' + STABILIZED + '"}'
    )
    assert sniff([text])[0] is BY_NAME["json"]
    ev = one(text)
    assert ev["ts"] == _at("2021-07-09 11:02:31.772") and ev["level"] == "INFO"
    assert ev["generation"] == 32


def test_json_layout_with_epoch_instant() -> None:
    text = (
        '{"instant":{"epochSecond":1625828551,"nanoOfSecond":772000000},"thread":"main",'
        '"level":"INFO","loggerName":"' + GC + '","message":"[GroupCoordinator 1]: ' + STABILIZED + '"}'
    )
    assert one(text)["ts"] == _at("2021-07-09 11:02:31.772")


def test_user_layout_pattern_is_converted_to_a_layout() -> None:
    lay = from_pattern("%d{yyyy-MM-dd'T'HH:mm:ss.SSS} [%t] %-5p %c - %m%n")
    text = f"2021-07-09T11:02:31.772 [main] INFO  {GC} - [GroupCoordinator 1]: {STABILIZED}"
    ev = one(text, layout=lay)
    assert ev["logger"] == GC and ev["members"] == 3
    assert ev["ts"] == _at("2021-07-09 11:02:31.772")


def test_user_layout_without_a_date_is_refused_with_advice() -> None:
    with pytest.raises(ValueError, match="needs a date"):
        from_pattern("%p %m%n")
    with pytest.raises(ValueError, match="no date part"):
        from_pattern("%d{HH:mm:ss} %p %m%n")


def test_local_time_is_converted_with_the_given_zone() -> None:
    ev = one(f"[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})", tz="Europe/Berlin")
    assert ev["ts"] == _at("2021-07-09 09:02:31.772")


def test_a_stack_trace_belongs_to_the_record_above_it() -> None:
    text = (
        f"[2021-07-09 11:02:31,772] ERROR [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
        "java.lang.IllegalStateException: boom\n"
        "\tat kafka.Foo.bar(Foo.scala:12)\n"
        "Caused by: java.io.IOException: x\n"
        "\t... 3 more\n"
        f"[2021-07-09 11:02:32,000] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
    )
    res = parse(text)
    assert res.accounting.physical_lines == 6
    assert res.accounting.records == 2 and res.accounting.recognised == 2
    first = res.events.row(0, named=True)
    assert first["raw"].count("\n") == 4 and first["raw"].endswith("\t... 3 more")
    assert res.events["line"].to_list() == [1, 6]


def test_a_multi_line_message_takes_its_logger_from_its_last_line() -> None:
    # `KafkaConfig values:` prints the logger after the last `key = value` line
    text = (
        "[2018-05-27 11:28:03,907] INFO KafkaConfig values: \n"
        "\tadvertised.listeners = null\n"
        "\tbroker.id = 7\n"
        " (kafka.server.KafkaConfig)\n"
        "[2018-05-27 11:28:04,040] INFO starting (kafka.server.KafkaServer)\n"
    )
    res = parse(text)
    kinds = res.events["kind"].to_list()
    assert kinds == ["broker_config", "broker_lifecycle"]
    cfg = res.events.row(0, named=True)
    assert cfg["logger"] == "kafka.server.KafkaConfig" and cfg["node"] == 7


def test_docker_compose_prefixes_are_stripped_and_name_the_stream() -> None:
    lines = [
        f"kafka-1  | [2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})",
        f"kafka-2  | [2021-07-09 11:02:31,800] INFO [GroupCoordinator 2]: {STABILIZED} ({GC})",
    ]
    assert [w.name for w in sniff_wrappers(lines)] == ["docker-compose"]
    ev = parse("\n".join(lines) + "\n").events
    assert ev["stream"].to_list() == ["kafka-1", "kafka-2"]
    assert ev["node"].to_list() == [1, 2]
    assert ev["raw"][0].startswith("kafka-1  | [2021")  # raw keeps the line as written


def test_interleaved_containers_keep_their_stack_traces() -> None:
    # docker compose interleaves containers line by line; a record continues in its own stream
    text = (
        f"kafka-1  | [2021-07-09 11:02:31,772] ERROR [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
        f"kafka-2  | [2021-07-09 11:02:31,773] INFO [GroupCoordinator 2]: {STABILIZED} ({GC})\n"
        "kafka-1  | java.lang.IllegalStateException: boom\n"
        "kafka-1  | \tat kafka.Foo.bar(Foo.scala:12)\n"
    )
    res = parse(text)
    assert res.accounting.malformed == 0 and res.accounting.records == 2
    first = res.events.filter(res.events["stream"] == "kafka-1").row(0, named=True)
    assert first["raw"].count("\n") == 2


def test_kubectl_timestamps_and_syslog_prefixes_are_stripped() -> None:
    kube = f"2021-07-09T11:02:31.772123456Z [2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})"
    assert [w.name for w in sniff_wrappers([kube])] == ["kubectl-timestamps"]
    assert one(kube)["generation"] == 32
    syslog = f"Jul  9 11:02:31 broker1 kafka[2211]: [2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})"
    assert [w.name for w in sniff_wrappers([syslog])] == ["syslog"]
    ev = one(syslog)
    assert ev["generation"] == 32 and ev["stream"] == "broker1"


def test_crlf_line_ends_are_read_like_lf() -> None:
    text = f"[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})\r\n" * 2
    res = parse(text)
    assert res.accounting.recognised == 2 and not res.events["raw"][0].endswith("\r")


def test_an_impossible_timestamp_makes_a_malformed_record_with_its_line() -> None:
    text = (
        f"[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
        f"[2021-13-45 11:02:31,772] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
    )
    acc = parse(text).accounting
    assert acc.malformed == 1 and acc.samples[0].line == 2
    assert "unparseable timestamp" in acc.samples[0].reason


def test_a_time_skipped_by_daylight_saving_is_malformed_not_shifted() -> None:
    # 2021-03-28 02:30 does not exist in Europe/Berlin
    text = f"[2021-03-28 02:30:00,000] INFO [GroupCoordinator 1]: {STABILIZED} ({GC})\n"
    acc = parse(text, tz="Europe/Berlin").accounting
    assert acc.malformed == 1 and "Europe/Berlin" in acc.samples[0].reason
