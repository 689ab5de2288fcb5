"""The broker process — identity, configuration, lifecycle — line by line
(parsers/catalogue/broker.py).

Each test states one behaviour and shows it on the lines Kafka writes: real lines from the corpus
(../shared/corpus/real, named in the comments) where a version logged them, otherwise lines built
from that version's format string (``git show <tag>:core/src/main/scala/kafka/server/
KafkaServer.scala``).  Every entry of the module is specified here at least once (last test).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pytest

from kafka_forensics.parsers.catalogue import broker
from kafka_forensics.parsers.ingest import IngestOptions, ingest
from tests.support import FieldCases

_FC = FieldCases()
SPECIFIED = _FC.specified
check, cases, specifies = _FC.check, _FC.cases, _FC.specifies

KS = " (kafka.server.KafkaServer)"
VP = " (kafka.utils.VerifiableProperties)"








# ---------------------------------------------------------------------------------------------
# Identity: which broker wrote the log
# ---------------------------------------------------------------------------------------------
specifies("broker.config", "broker.property.broker_id", "broker.starting", "broker.started")


def test_the_config_dump_names_the_broker_by_broker_id() -> None:
    # AbstractConfig.logAll (0.9+) under the subclass's logger; the logger name comes on the
    # dump's last line (andreinedelciu 0.10.2)
    check(
        "broker.config",
        "[2020-10-28 17:01:40,101] INFO KafkaConfig values: \n\tadvertised.host.name = null\n\tbroker.id = 2\n"
        "\tzookeeper.connect = localhost:2181\n (kafka.server.KafkaConfig)",
        kind="broker_config", node=2, details={"broker.id": "2", "zookeeper.connect": "localhost:2181"},
    )


def test_in_0_8_the_broker_id_property_names_the_broker() -> None:
    # 0.8 configured the broker through VerifiableProperties, one line per property (FlavioF 0.8.0)
    check(
        "broker.property.broker_id",
        "[2014-01-14 18:31:23,575] INFO Property broker.id is overridden to 0" + VP,
        kind="broker_config", node=0, details={"broker.id": "0"},
    )


def test_an_0_8_server_log_is_attributed_to_the_broker_its_properties_name(tmp_path: Path) -> None:
    # nothing in the path, and 0.8's `[Kafka Server N], ` prefix only on some lines
    f = tmp_path / "server.log"
    f.write_text(
        "[2014-01-14 18:31:23,563] INFO Verifying properties" + VP + "\n"
        "[2014-01-14 18:31:23,575] INFO Property broker.id is overridden to 2" + VP + "\n"
        "[2014-01-14 18:31:23,576] INFO Property port is overridden to 9094" + VP + "\n"
        "[2014-01-14 18:31:23,590] INFO [Kafka Server 2], Connecting to ZK: localhost:2181" + KS + "\n"
    )
    out = tmp_path / "events.parquet"
    ingest([str(f)], out, IngestOptions())
    assert pl.read_parquet(out)["broker"].unique().to_list() == [2]


def test_the_first_start_up_lines_carry_no_prefix_and_name_no_broker() -> None:
    # KafkaServer sets its logIdent only once the broker id is known (1.0+): `starting` has none
    # (ATCP 2.1.1); `[KafkaServer id=0] started` names the broker
    check("broker.starting", "[2020-01-31 23:21:02,041] INFO starting" + KS, node=None, state="starting")
    check("broker.started", "[2020-01-31 23:21:04,502] INFO [KafkaServer id=0] started" + KS,
          node=0, state="started", kind="broker_lifecycle")


# ---------------------------------------------------------------------------------------------
# Fatal errors and controlled shutdown
# ---------------------------------------------------------------------------------------------
specifies("broker.startup_failed", "broker.controlled_shutdown_remaining")


def test_a_fatal_start_up_error_keeps_the_exception_and_its_message() -> None:
    # The broker was pointed at another cluster's ZooKeeper (AndreasTraut 2.8, KIP-78 cluster id check)
    check(
        "broker.startup_failed",
        "[2021-04-28 16:25:14,180] ERROR [KafkaServer id=0] Fatal error during KafkaServer startup. Prepare "
        "to shutdown" + KS + "\n"
        "kafka.common.InconsistentClusterIdException: The Cluster ID tLQCj8dlQWmP3TSWp37_cg doesn't match "
        "stored clusterId Some(eRnlo5zTSLKqvwN2WFvnrg) in meta.properties. The broker is trying to join the "
        "wrong cluster. Configured zookeeper.connect may be wrong.\n"
        "\tat kafka.server.KafkaServer.startup(KafkaServer.scala:235)",
        kind="broker_lifecycle", state="startup_failed", node=0,
        error="kafka.common.InconsistentClusterIdException",
        details={"error_message": "The Cluster ID tLQCj8dlQWmP3TSWp37_cg doesn't match stored clusterId "
                 "Some(eRnlo5zTSLKqvwN2WFvnrg) in meta.properties. The broker is trying to join the wrong "
                 "cluster. Configured zookeeper.connect may be wrong."},
    )
    # FATAL up to 1.x, with the 0.8–0.11 prefix (andreinedelciu 0.10.2)
    check(
        "broker.startup_failed",
        "[2020-10-28 17:01:41,101] FATAL [Kafka Server 0], Fatal error during KafkaServer startup. Prepare "
        "to shutdown" + KS + "\n"
        "kafka.common.KafkaException: Socket server failed to bind to 0.0.0.0:9092: Address already in use.",
        node=0, error="kafka.common.KafkaException",
    )


@pytest.mark.parametrize(
    ("remaining", "partitions"),
    [
        # 2.3–3.0: the RemainingPartition structs (AndreasTraut 2.8)
        ("[RemainingPartition(topicName='erstesTopic', partitionIndex=1), "
         "RemainingPartition(topicName='UbuntuTopic', partitionIndex=0)]", ["erstesTopic-1", "UbuntuTopic-0"]),
        # 1.0–2.2: TopicPartition mkString(",")
        ("orders-0,orders-1", ["orders-0", "orders-1"]),
        # 0.8–0.11: TopicAndPartition
        ("[orders,0],[orders,1]", ["orders-0", "orders-1"]),
        # nothing left
        ("", []),
    ],
    ids=["2.3", "1.0", "0.8", "empty"],
)
def test_partitions_still_to_move_in_a_controlled_shutdown_are_listed(
    remaining: str, partitions: list[str]
) -> None:
    # KafkaServer.controlledShutdown: leadership the controller could not move away yet
    check(
        "broker.controlled_shutdown_remaining",
        f"[2021-04-28 16:41:31,583] INFO [KafkaServer id=1] Remaining partitions to move: {remaining}" + KS,
        state="controlled_shutdown_failed", partitions=partitions, count=len(partitions), node=1,
    )


# ---------------------------------------------------------------------------------------------
# Every other entry, with the typed fields it yields
# ---------------------------------------------------------------------------------------------
@cases(
    ('client.config',
     '[2022-08-01 05:20:01,100] INFO ConsumerConfig values: \n\tgroup.id = g\n\tsession.timeout.ms = '
     '45000\n (org.apache.kafka.clients.consumer.ConsumerConfig)',
     {'details': {'group.id': 'g', 'session.timeout.ms': '45000'}}),
    ('broker.property',
     '[2014-01-14 18:31:23,576] INFO Property zookeeper.connect is overridden to localhost:2181 '
     '(kafka.utils.VerifiableProperties)',
     {'details': {'zookeeper.connect': 'localhost:2181'}}),
    ('broker.property_invalid',
     '[2014-01-14 18:31:23,577] WARN Property log.retention.minutes is not valid '
     '(kafka.utils.VerifiableProperties)',
     {'details': {'invalid': 'log.retention.minutes'}}),
    ('broker.properties_verifying',
     '[2014-01-14 18:31:23,563] INFO Verifying properties (kafka.utils.VerifiableProperties)',
     {}),
)
def test_configuration_lines(template: str, line: str, expected: dict[str, Any]) -> None:
    # Config dumps of the clients and the 0.8 broker's one-property lines (VerifiableProperties).
    check(template, line, **expected)


@cases(
    ('broker.cluster_id',
     '[2022-04-25 16:06:38,118] INFO Cluster ID = tLQCjN7dlQWmPNTSWpN_cg '
     '(kafka.server.KafkaServer)',
     {'details': {'cluster_id': 'tLQCjN7dlQWmPNTSWpN_cg'}}),
    ('broker.starting',
     '[2018-05-27 11:28:04,040] INFO starting (kafka.server.KafkaServer)',
     {'state': 'starting'}),
    ('broker.started',
     '[2022-04-25 16:06:40,502] INFO [KafkaServer id=0] started (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'started'}),
    ('broker.shutting_down',
     '[2021-04-28 16:41:30,001] INFO [KafkaServer id=0] shutting down (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'shutting_down'}),
    ('broker.shut_down',
     '[2021-04-28 16:41:33,120] INFO [KafkaServer id=0] shut down completed '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'shut_down'}),
    ('broker.shutdown_failed',
     '[2020-01-31 23:41:02,010] ERROR Fatal error during KafkaServer shutdown. '
     '(kafka.server.KafkaServer)\njava.lang.IllegalStateException: Kafka server is still starting '
     'up, cannot shut down!',
     {'state': 'shutdown_failed', 'error': 'java.lang.IllegalStateException', 'details': {'error_message': 'Kafka server is still starting up, cannot shut down!'}}),
    ('broker.broker_id_failed',
     '[2019-05-01 10:00:00,000] ERROR Failed to generate broker.id due to  '
     '(kafka.server.KafkaServer)\nkafka.common.GenerateBrokerIdException: Failed to generate a new '
     'brokerId from Zookeeper',
     {'state': 'startup_failed', 'error': 'kafka.common.GenerateBrokerIdException', 'details': {'error_message': 'Failed to generate a new brokerId from Zookeeper'}}),
    ('broker.meta_properties_unreadable',
     '[2019-05-01 10:00:00,000] ERROR Fail to read meta.properties under log directory '
     '/var/lib/kafka (kafka.server.KafkaServer)\njava.io.IOException: Input/output error',
     {'state': 'startup_failed', 'error': 'java.io.IOException', 'details': {'file': 'meta.properties', 'log_dir': '/var/lib/kafka', 'error_message': 'Input/output error'}}),
    ('broker.zk_connecting',
     '[2018-05-27 11:28:04,041] INFO Connecting to zookeeper on localhost:2181 '
     '(kafka.server.KafkaServer)',
     {'state': 'connecting', 'details': {'connect': 'localhost:2181'}}),
    ('broker.zk_connecting.0_8_0',
     '[2014-01-14 18:31:23,590] INFO [Kafka Server 0], Connecting to ZK: localhost:2181 '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'connecting', 'details': {'connect': 'localhost:2181'}}),
    ('broker.zk_chroot_created',
     '[2019-05-01 10:00:00,000] INFO Created zookeeper path /kafka (kafka.server.KafkaServer)',
     {'state': 'zk_chroot_created', 'details': {'path': '/kafka'}}),
    ('broker.controlled_shutdown',
     '[2020-01-31 23:40:59,001] INFO [KafkaServer id=0] Starting controlled shutdown '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown'}),
    ('broker.controlled_shutdown_succeeded',
     '[2020-01-31 23:40:59,412] INFO [KafkaServer id=0] Controlled shutdown succeeded '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_succeeded'}),
    ('broker.controlled_shutdown_returned_ok',
     '[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned '
     'successfully after 43ms (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_succeeded', 'duration_ms': 43.0}),
    ('broker.controlled_shutdown_returned_error',
     '[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned '
     'after 30012ms with error REQUEST_TIMED_OUT (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_failed', 'error': 'REQUEST_TIMED_OUT', 'duration_ms': 30012.0}),
    ('broker.controlled_shutdown_returned_remaining',
     '[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned '
     'after 5012ms with 3 partitions remaining to move (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_failed', 'duration_ms': 5012.0, 'count': 3}),
    ('broker.controlled_shutdown_error_code',
     '[2017-06-12 09:50:01,001] INFO [Kafka Server 1], Error code from controller: 0 '
     '(kafka.server.KafkaServer)',
     {'node': 1, 'state': 'controlled_shutdown_failed', 'error': 'NONE'}),
    ('broker.controlled_shutdown_error',
     '[2021-04-28 16:41:31,585] INFO [KafkaServer id=0] Error from controller: NONE '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_failed', 'error': 'NONE'}),
    ('broker.controlled_shutdown_io_error',
     '[2021-04-28 16:46:02,278] WARN [KafkaServer id=1] Error during controlled shutdown, '
     'possibly because leader movement took longer than the configured '
     'controller.socket.timeout.ms and/or request.timeout.ms: Connection to 0 was disconnected '
     'before the response was read (kafka.server.KafkaServer)',
     {'node': 1, 'state': 'controlled_shutdown_failed', 'details': {'timeout_config': 'controller.socket.timeout.ms and/or request.timeout.ms', 'error_message': 'Connection to 0 was disconnected before the response was read'}}),
    ('broker.controlled_shutdown_retry',
     '[2021-04-28 16:41:36,671] WARN [KafkaServer id=0] Retrying controlled shutdown after the '
     'previous attempt failed... (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_retry'}),
    ('broker.controlled_shutdown_retry.3_1',
     '[2023-01-16 17:40:17,803] INFO [KafkaServer id=0] Retrying controlled shutdown (2 retries '
     'remaining) (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_retry', 'count': 2}),
    ('broker.unclean_shutdown',
     '[2021-04-28 16:41:51,678] WARN [KafkaServer id=0] Proceeding to do an unclean shutdown as '
     'all the controlled shutdown attempts failed (kafka.server.KafkaServer)',
     {'node': 0, 'state': 'unclean_shutdown'}),
    ('broker.controlled_shutdown_no_controller',
     '[2020-01-31 23:40:59,002] INFO [KafkaServer id=0] No controller registered in ZooKeeper '
     '(kafka.server.KafkaServer)',
     {'node': 0, 'state': 'controlled_shutdown_failed'}),
    ('broker.controlled_shutdown_controller_gone',
     '[2020-01-31 23:40:59,002] INFO [KafkaServer id=0] Broker registration for controller 1 is '
     "not available (i.e. the Controller's ZK session expired) (kafka.server.KafkaServer)",
     {'node': 0, 'state': 'controlled_shutdown_failed', 'controller': 1, 'details': {'cause': "(i.e. the Controller's ZK session expired)"}}),
)
def test_kafka_server_lifecycle_zookeeper_and_controlled_shutdown(template: str, line: str, expected: dict[str, Any]) -> None:
    # kafka.server.KafkaServer, 0.8–3.9: lifecycle, ZooKeeper connection, controlled shutdown steps.
    check(template, line, **expected)


@cases(
    ('broker.startable_startup_failed',
     '[2014-01-31 00:21:46,998] FATAL Fatal error during KafkaServerStable startup. Prepare to '
     'shutdown (kafka.server.KafkaServerStartable)\njava.lang.NoClassDefFoundError: '
     'kafka/security/SSLServerSocketChannel',
     {'state': 'startup_failed', 'error': 'java.lang.NoClassDefFoundError', 'details': {'error_message': 'kafka/security/SSLServerSocketChannel'}}),
    ('broker.startable_shutdown_failed',
     '[2017-06-12 09:50:01,000] FATAL Fatal error during KafkaServerStable shutdown. Prepare to '
     'halt (kafka.server.KafkaServerStartable)',
     {'state': 'shutdown_failed'}),
    ('broker.exiting',
     '[2021-04-28 16:25:14,194] ERROR Exiting Kafka. (kafka.Kafka$)',
     {'state': 'exiting'}),
    ('broker.halting',
     '[2020-01-31 23:41:02,100] ERROR Halting Kafka. (kafka.server.KafkaServerStartable)',
     {'state': 'halting'}),
    ('broker.exiting_fatal',
     '[2023-01-16 17:30:01,101] ERROR Exiting Kafka due to fatal exception during startup. '
     "(kafka.Kafka$)\nkafka.common.InconsistentClusterIdException: The Cluster ID x doesn't match "
     'stored clusterId Some(y) in meta.properties.',
     {'state': 'exiting', 'error': 'kafka.common.InconsistentClusterIdException', 'details': {'error_message': "The Cluster ID x doesn't match stored clusterId Some(y) in meta.properties."}}),
    ('broker.main_fatal',
     '[2018-05-27 11:28:03,001] FATAL  (kafka.Kafka$)\njava.lang.IllegalArgumentException: '
     'requirement failed: advertised.listeners cannot use the nonroutable meta-address 0.0.0.0.',
     {'state': 'exiting', 'error': 'java.lang.IllegalArgumentException', 'details': {'error_message': 'requirement failed: advertised.listeners cannot use the nonroutable meta-address 0.0.0.0.'}}),
)
def test_how_the_process_ends(template: str, line: str, expected: dict[str, Any]) -> None:
    # KafkaServerStartable (≤2.7) and kafka.Kafka$ (main): fatal errors and exit.
    check(template, line, **expected)


AIP = " (org.apache.kafka.common.utils.AppInfoParser)"


@cases(
    # the start banner: `Kafka version : x` up to 2.1 (ATCP 2.1.1), `Kafka version: {}` from 2.2
    # (AndreasTraut 2.8.0), startTimeMs from 2.3
    ("app_info.version", "[2020-01-31 23:08:31,451] INFO Kafka version : 2.1.1" + AIP,
     {"kind": "app_info", "details": {"version": "2.1.1"}}),
    ("app_info.commit_id", "[2020-01-31 23:08:31,451] INFO Kafka commitId : 21234bee31165527" + AIP,
     {"kind": "app_info", "details": {"commit_id": "21234bee31165527"}}),
    ("app_info.version.2_2", "[2021-04-26 16:12:42,502] INFO Kafka version: 2.8.0" + AIP,
     {"kind": "app_info", "details": {"version": "2.8.0"}}),
    ("app_info.version.2_2", "[2023-06-01 08:00:00,000] INFO Kafka version: 7.4.0-ccs" + AIP,
     {"kind": "app_info", "details": {"version": "7.4.0-ccs"}}),
    ("app_info.commit_id.2_2", "[2021-04-26 16:12:42,503] INFO Kafka commitId: ebb1d6e21cc92130" + AIP,
     {"kind": "app_info", "details": {"commit_id": "ebb1d6e21cc92130"}}),
    ("app_info.start_time", "[2021-04-26 16:12:42,503] INFO Kafka startTimeMs: 1619446362498" + AIP,
     {"kind": "app_info", "details": {"start_time_ms": 1619446362498}}),
    # 2.7+, in finally of unregisterAppInfo (Ammar 4.0.0)
    ("app_info.unregistered", "[2025-05-14 23:09:18,595] INFO App info kafka.server for 10 unregistered" + AIP,
     {"kind": "app_info", "details": {"prefix": "kafka.server", "id": "10"}}),
    # 3.7+ (apache/kafka#14287): a second client with the same id
    ("app_info.exists", "[2024-03-01 10:00:00,000] INFO The mbean of App info: [kafka.consumer], id: "
     "[consumer-g-1] already exists, so skipping a new mbean creation." + AIP,
     {"kind": "app_info", "details": {"prefix": "kafka.consumer", "id": "consumer-g-1"}}),
)
def test_the_app_info_banner_names_the_release(template: str, line: str, expected: dict[str, Any]) -> None:
    # org.apache.kafka.common.utils.AppInfoParser: the release, build and start time of the process
    check(template, line, **expected)


def test_every_broker_entry_is_specified_in_this_module() -> None:
    ids = {t.id for t in broker.TEMPLATES}
    missing = sorted(ids - SPECIFIED)
    assert not missing, f"entries without a specification here: {missing}"
