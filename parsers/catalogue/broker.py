"""Catalogue entries: the broker process — identity, configuration, lifecycle.

These lines identify the logging broker when the path does not: ``[KafkaServer id=N]``
(1.0+), ``[Kafka Server N], `` (0.8–0.11), the ``KafkaConfig values:`` dump with its
``broker.id`` / ``node.id`` (0.9+), and in 0.8 the ``Property broker.id is overridden to N``
line of ``kafka.utils.VerifiableProperties`` (0.8 configured the broker through it).

``kafka.server.KafkaServer`` is the ZooKeeper-mode broker (0.8 → 3.9): start-up, the
ZooKeeper connection, controlled shutdown (with its retries and the unclean fallback),
shut-down and the fatal errors that end the process; ``KafkaServerStartable`` (≤2.7) and
``kafka.Kafka$`` (the main object) log how the process exits.  Wording: checked against
``git show <tag>:core/src/main/scala/kafka/server/KafkaServer.scala`` for 0.8.0 … 3.9.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from ..fields import TYPES
from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import config_dump, exception_from_raw
from .errors import error_name

KAFKA_SERVER = ("kafka.server.KafkaServer",)
KAFKA_CONFIG = ("kafka.server.KafkaConfig",)
SERVER_STARTABLE = ("kafka.server.KafkaServerStartable",)
KAFKA_MAIN = ("kafka.Kafka$",)
VERIFIABLE_PROPERTIES = ("kafka.utils.VerifiableProperties",)
APP_INFO_PARSER = ("org.apache.kafka.common.utils.AppInfoParser",)
CONSUMER_CONFIG = (
    "org.apache.kafka.clients.consumer.ConsumerConfig",
    "org.apache.kafka.clients.producer.ProducerConfig",
    "org.apache.kafka.clients.admin.AdminClientConfig",
)

# 0.8–0.11 `[Kafka Server 0], `; 1.0+ `[KafkaServer id=0] `, set once the broker id is known:
# the first lines of a start-up ("starting", "Connecting to zookeeper on …") carry none.
SERVER_PREFIX = Prefix("[Kafka Server {node}], ", "[KafkaServer id={node}] ", optional=True)


def _server(tid: str, kind: Kind, versions: str, text: str, *examples: str, **kw: Any) -> Template:
    return Template(id=tid, kind=kind, versions=versions, loggers=KAFKA_SERVER, prefix=SERVER_PREFIX,
                    text=text, examples=examples, **kw)


def _lifecycle(tid: str, versions: str, text: str, state: str, *examples: str, **kw: Any) -> Template:
    return _server(tid, Kind.BROKER_LIFECYCLE, versions, text, *examples, const={"state": state}, **kw)


def _remaining_partitions(df: pl.DataFrame) -> pl.DataFrame:
    """``Remaining partitions to move: …`` -> partitions (``topic-N``): 2.3+ prints the
    ``RemainingPartition(topicName='t', partitionIndex=0)`` structs, earlier versions the
    TopicAndPartition / TopicPartition list (``[t,0],[t,1]`` ≤0.11, ``t-0,t-1`` 1.0–2.2);
    count = how many."""
    text = pl.col("_remaining")
    structs = text.str.extract_all(r"topicName='[^']*', partitionIndex=\d+").list.eval(
        pl.element().str.replace(r"^topicName='(.*)', partitionIndex=(\d+)$", "${1}-${2}")
    )
    parts = pl.when(text.str.contains("RemainingPartition(", literal=True)).then(structs) \
        .otherwise(TYPES["tps"].convert(text))
    return df.with_columns(parts.alias("partitions")).with_columns(
        pl.col("partitions").list.len().alias("count")
    )


def _error_code(df: pl.DataFrame) -> pl.DataFrame:
    """``Error code from controller: 0`` (≤1.0 prints the number) -> the error's name."""
    return df.with_columns(error_name(pl.col("_code")).alias("error"))


def _property(df: pl.DataFrame) -> pl.DataFrame:
    """``Property key is overridden to value`` -> details ``{"key": "value"}``, like a
    ``KafkaConfig values:`` dump of one entry."""
    def esc(e: pl.Expr) -> pl.Expr:
        return e.str.replace_all("\\", "\\\\", literal=True).str.replace_all('"', '\\"', literal=True)

    return df.with_columns(
        pl.concat_str(pl.lit('{"'), esc(pl.col("_key")), pl.lit('":"'), esc(pl.col("_value")), pl.lit('"}'))
        .alias("details")
    )


def _broker_id_property(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(
        pl.concat_str(pl.lit('{"broker.id":"'), pl.col("node").cast(pl.String), pl.lit('"}')).alias("details")
    )


def _invalid_property(df: pl.DataFrame) -> pl.DataFrame:
    """``Property key is not valid``: a key the 0.8 broker does not know (a typo, a newer
    version's setting) -> details ``{"invalid": "key"}``."""
    return df.with_columns(
        pl.concat_str(pl.lit('{"invalid":"'), pl.col("_key"), pl.lit('"}')).alias("details")
    )


CONFIG: list[Template] = [
    Template(
        id="broker.config",
        kind=Kind.BROKER_CONFIG,
        versions="0.9+",
        loggers=KAFKA_CONFIG,
        text="KafkaConfig values:",
        derive=config_dump,
        note="the map of `key = value` continuation lines goes to details; broker.id/node.id to node",
        examples=(
            "[2018-05-27 11:28:03,907] INFO KafkaConfig values: \n\tbroker.id = 0\n\t"
            "zookeeper.connect = localhost:2181\n (kafka.server.KafkaConfig)",
        ),
    ),
    Template(
        id="client.config",
        kind=Kind.CLIENT_CONFIG,
        versions="0.10+",
        loggers=CONSUMER_CONFIG,
        text="{~(?:Consumer|Producer|AdminClient)~}Config values:",
        derive=config_dump,
        examples=(
            "[2022-08-01 05:20:01,100] INFO ConsumerConfig values: \n\tgroup.id = g\n\t"
            "session.timeout.ms = 45000\n (org.apache.kafka.clients.consumer.ConsumerConfig)",
        ),
    ),
    # --- 0.8: the broker's properties, one line each (kafka.utils.VerifiableProperties) -----
    Template(
        id="broker.property.broker_id",
        kind=Kind.BROKER_CONFIG,
        versions="0.8",
        loggers=VERIFIABLE_PROPERTIES,
        text="Property broker.id is overridden to {node}",
        derive=_broker_id_property,
        note="the 0.8 broker's own id (node); VerifiableProperties also configures the 0.8 Scala "
        "clients, which have no broker.id",
        examples=("[2014-01-14 18:31:23,575] INFO Property broker.id is overridden to 0 "
                  "(kafka.utils.VerifiableProperties)",),
    ),
    Template(
        id="broker.property",
        kind=Kind.BROKER_CONFIG,
        versions="0.8",
        loggers=VERIFIABLE_PROPERTIES,
        text="Property {_key:word} is overridden to {_value:text}",
        derive=_property,
        note="one configured (non-default) property per line; details = {key: value}",
        examples=("[2014-01-14 18:31:23,576] INFO Property zookeeper.connect is overridden to "
                  "localhost:2181 (kafka.utils.VerifiableProperties)",),
    ),
    Template(
        id="broker.property_invalid",
        kind=Kind.BROKER_CONFIG,
        versions="0.8",
        loggers=VERIFIABLE_PROPERTIES,
        text="Property {_key:word} is not valid",
        derive=_invalid_property,
        examples=("[2014-01-14 18:31:23,577] WARN Property log.retention.minutes is not valid "
                  "(kafka.utils.VerifiableProperties)",),
    ),
    Template(
        id="broker.properties_verifying",
        kind=Kind.BROKER_CONFIG,
        versions="0.8",
        loggers=VERIFIABLE_PROPERTIES,
        text="Verifying properties",
        note="starts the property lines of a (re)start",
        examples=("[2014-01-14 18:31:23,563] INFO Verifying properties (kafka.utils.VerifiableProperties)",),
    ),
]

SERVER: list[Template] = [
    _server("broker.cluster_id", Kind.CLUSTER_ID, "0.10.1-3.9", "Cluster ID = {details.cluster_id:word}",
            "[2022-04-25 16:06:38,118] INFO Cluster ID = tLQCjN7dlQWmPNTSWpN_cg (kafka.server.KafkaServer)"),
    # --- start-up and shut-down ---------------------------------------------------------------
    _lifecycle("broker.starting", "0.8-3.9", "{~[Ss]~}tarting", "starting",
               "[2018-05-27 11:28:04,040] INFO starting (kafka.server.KafkaServer)",
               note="`Starting` (capitalised) in 0.8.0"),
    _lifecycle("broker.started", "0.8-3.9", "{~[Ss]~}tarted", "started",
               "[2022-04-25 16:06:40,502] INFO [KafkaServer id=0] started (kafka.server.KafkaServer)"),
    _lifecycle("broker.shutting_down", "0.8-3.9", "{~[Ss]~}hutting down", "shutting_down",
               "[2021-04-28 16:41:30,001] INFO [KafkaServer id=0] shutting down (kafka.server.KafkaServer)"),
    _lifecycle("broker.shut_down", "0.8-3.9", "{~[Ss]~}hut down completed", "shut_down",
               "[2021-04-28 16:41:33,120] INFO [KafkaServer id=0] shut down completed "
               "(kafka.server.KafkaServer)"),
    _lifecycle("broker.startup_failed", "0.8.2-3.9",
               "Fatal error during KafkaServer startup. Prepare to shutdown", "startup_failed",
               "[2021-04-28 16:25:14,180] ERROR [KafkaServer id=0] Fatal error during KafkaServer startup. "
               "Prepare to shutdown (kafka.server.KafkaServer)\n"
               "kafka.common.InconsistentClusterIdException: The Cluster ID tLQCj8dlQWmP3TSWp37_cg doesn't "
               "match stored clusterId Some(eRnlo5zTSLKqvwN2WFvnrg) in meta.properties. The broker is trying "
               "to join the wrong cluster. Configured zookeeper.connect may be wrong.",
               derive=exception_from_raw,
               note="FATAL up to 1.x, ERROR (slf4j) from 2.0; error = the exception, its message in details"),
    _lifecycle("broker.shutdown_failed", "0.8.2-3.9", "Fatal error during KafkaServer shutdown.",
               "shutdown_failed",
               "[2020-01-31 23:41:02,010] ERROR Fatal error during KafkaServer shutdown. "
               "(kafka.server.KafkaServer)\n"
               "java.lang.IllegalStateException: Kafka server is still starting up, cannot shut down!",
               derive=exception_from_raw),
    _lifecycle("broker.broker_id_failed", "0.9-3.9", "Failed to generate broker.id due to{~ ?~}",
               "startup_failed",
               "[2019-05-01 10:00:00,000] ERROR Failed to generate broker.id due to  "
               "(kafka.server.KafkaServer)\n"
               "kafka.common.GenerateBrokerIdException: Failed to generate a new brokerId from Zookeeper",
               derive=exception_from_raw),
    _lifecycle("broker.meta_properties_unreadable", "1.0-2.7",
               "Fail to read {details.file:word} under log directory {details.log_dir:text}",
               "startup_failed",
               "[2019-05-01 10:00:00,000] ERROR Fail to read meta.properties under log directory "
               "/var/lib/kafka (kafka.server.KafkaServer)\n"
               "java.io.IOException: Input/output error", derive=exception_from_raw),
    # --- ZooKeeper ----------------------------------------------------------------------------
    _server("broker.zk_connecting", Kind.ZK_SESSION, "0.8.1-3.9",
            "Connecting to zookeeper on {details.connect:text}",
            "[2018-05-27 11:28:04,041] INFO Connecting to zookeeper on localhost:2181 "
            "(kafka.server.KafkaServer)",
            "[2014-01-31 00:21:47,101] INFO [Kafka Server 0], Connecting to zookeeper on localhost:2181 "
            "(kafka.server.KafkaServer)", const={"state": "connecting"}),
    _server("broker.zk_connecting.0_8_0", Kind.ZK_SESSION, "0.8", "Connecting to ZK: {details.connect:text}",
            "[2014-01-14 18:31:23,590] INFO [Kafka Server 0], Connecting to ZK: localhost:2181 "
            "(kafka.server.KafkaServer)", const={"state": "connecting"}),
    _lifecycle("broker.zk_chroot_created", "0.8.2-2.8", "Created zookeeper path {details.path:text}",
               "zk_chroot_created",
               "[2019-05-01 10:00:00,000] INFO Created zookeeper path /kafka (kafka.server.KafkaServer)"),
    # --- controlled shutdown (the broker's side; the controller's is `controller.controlled_shutdown`)
    _lifecycle("broker.controlled_shutdown", "0.8-3.9", "Starting controlled shutdown",
               "controlled_shutdown",
               "[2020-01-31 23:40:59,001] INFO [KafkaServer id=0] Starting controlled shutdown "
               "(kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_succeeded", "0.8-3.0", "Controlled shutdown succeeded",
               "controlled_shutdown_succeeded",
               "[2020-01-31 23:40:59,412] INFO [KafkaServer id=0] Controlled shutdown succeeded "
               "(kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_returned_ok", "3.1-3.9",
               "Controlled shutdown request returned successfully after {duration_ms}ms",
               "controlled_shutdown_succeeded",
               "[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned "
               "successfully after 43ms (kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_returned_error", "3.1-3.9",
               "Controlled shutdown request returned after {duration_ms}ms with error {error}",
               "controlled_shutdown_failed",
               "[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned after "
               "30012ms with error REQUEST_TIMED_OUT (kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_returned_remaining", "3.1-3.9",
               "Controlled shutdown request returned after {duration_ms}ms with {count} partitions "
               "remaining to move", "controlled_shutdown_failed",
               "[2023-01-16 17:40:12,803] INFO [KafkaServer id=0] Controlled shutdown request returned after "
               "5012ms with 3 partitions remaining to move (kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_remaining", "0.8-3.9",
               "Remaining partitions to move{~(?: during controlled shutdown)?~}: {_remaining:text}",
               "controlled_shutdown_failed",
               "[2021-04-28 16:41:31,583] INFO [KafkaServer id=0] Remaining partitions to move: "
               "[RemainingPartition(topicName='erstesTopic', partitionIndex=1), "
               "RemainingPartition(topicName='erstesTopic', partitionIndex=0)] (kafka.server.KafkaServer)",
               "[2017-06-12 09:50:01,000] INFO [Kafka Server 1], Remaining partitions to move: [orders,0] "
               "(kafka.server.KafkaServer)",
               derive=_remaining_partitions,
               note="INFO up to 3.0, DEBUG `… during controlled shutdown:` from 3.1; partitions whose "
               "leadership could not be moved away yet"),
    _lifecycle("broker.controlled_shutdown_error_code", "0.8-1.0", "Error code from controller: {_code:int}",
               "controlled_shutdown_failed",
               "[2017-06-12 09:50:01,001] INFO [Kafka Server 1], Error code from controller: 0 "
               "(kafka.server.KafkaServer)", derive=_error_code),
    _lifecycle("broker.controlled_shutdown_error", "1.1-3.0", "Error from controller: {error}",
               "controlled_shutdown_failed",
               "[2021-04-28 16:41:31,585] INFO [KafkaServer id=0] Error from controller: NONE "
               "(kafka.server.KafkaServer)",
               note="follows an incomplete attempt (partitions remaining), so NONE is not success"),
    _lifecycle("broker.controlled_shutdown_io_error", "0.8.2-3.9",
               "Error during controlled shutdown, possibly because leader movement took longer than the "
               "configured {details.timeout_config:text}: {details.error_message:text}",
               "controlled_shutdown_failed",
               "[2021-04-28 16:46:02,278] WARN [KafkaServer id=1] Error during controlled shutdown, possibly "
               "because leader movement took longer than the configured controller.socket.timeout.ms and/or "
               "request.timeout.ms: Connection to 0 was disconnected before the response was read "
               "(kafka.server.KafkaServer)",
               note="`socket.timeout.ms` ≤0.10, `controller.socket.timeout.ms and/or "
               "request.timeout.ms` 0.11+"),
    _lifecycle("broker.controlled_shutdown_retry", "0.8-3.0",
               "Retrying controlled shutdown after the previous attempt failed...",
               "controlled_shutdown_retry",
               "[2021-04-28 16:41:36,671] WARN [KafkaServer id=0] Retrying controlled shutdown after the "
               "previous attempt failed... (kafka.server.KafkaServer)"),
    _lifecycle("broker.controlled_shutdown_retry.3_1", "3.1-3.9",
               "Retrying controlled shutdown ({count} retries remaining)", "controlled_shutdown_retry",
               "[2023-01-16 17:40:17,803] INFO [KafkaServer id=0] Retrying controlled shutdown (2 retries "
               "remaining) (kafka.server.KafkaServer)"),
    _lifecycle("broker.unclean_shutdown", "0.8-3.9",
               "Proceeding to do an unclean shutdown as all the controlled shutdown attempts failed",
               "unclean_shutdown",
               "[2021-04-28 16:41:51,678] WARN [KafkaServer id=0] Proceeding to do an unclean shutdown as "
               "all the controlled shutdown attempts failed (kafka.server.KafkaServer)",
               note="leaders still on this broker go offline until the controller re-elects"),
    _lifecycle("broker.controlled_shutdown_no_controller", "1.1-3.9",
               "No {~(?:zk )?~}controller {~(?:registered in ZooKeeper|present in the metadata cache)~}",
               "controlled_shutdown_failed",
               "[2020-01-31 23:40:59,002] INFO [KafkaServer id=0] No controller registered in ZooKeeper "
               "(kafka.server.KafkaServer)",
               note="`registered in ZooKeeper` ≤2.8, `present in the metadata cache` 3.0, "
               "`No zk controller …` 3.4+"),
    _lifecycle("broker.controlled_shutdown_controller_gone", "1.1-3.9",
               "Broker registration for controller {controller} is not available {details.cause:text}",
               "controlled_shutdown_failed",
               "[2020-01-31 23:40:59,002] INFO [KafkaServer id=0] Broker registration for controller 1 is "
               "not available (i.e. the Controller's ZK session expired) (kafka.server.KafkaServer)"),
]

PROCESS: list[Template] = [
    # --- how the process ends (KafkaServerStartable ≤2.7, kafka.Kafka$ main) -----------------
    Template(
        id="broker.startable_startup_failed", kind=Kind.BROKER_LIFECYCLE, versions="0.8-2.7",
        loggers=SERVER_STARTABLE,
        text="Fatal error during KafkaServerSta{~(?:rta)?~}ble startup. Prepare to shutdown",
        const={"state": "startup_failed"}, derive=exception_from_raw,
        note="`KafkaServerStable` (sic) up to 0.8.1",
        examples=("[2014-01-31 00:21:46,998] FATAL Fatal error during KafkaServerStable startup. Prepare to "
                  "shutdown (kafka.server.KafkaServerStartable)\n"
                  "java.lang.NoClassDefFoundError: kafka/security/SSLServerSocketChannel",),
    ),
    Template(
        id="broker.startable_shutdown_failed", kind=Kind.BROKER_LIFECYCLE, versions="0.8-0.10",
        loggers=SERVER_STARTABLE, text="Fatal error during KafkaServerStable shutdown. Prepare to halt",
        const={"state": "shutdown_failed"}, derive=exception_from_raw,
        examples=("[2017-06-12 09:50:01,000] FATAL Fatal error during KafkaServerStable shutdown. Prepare to "
                  "halt (kafka.server.KafkaServerStartable)",),
    ),
    Template(
        id="broker.exiting", kind=Kind.BROKER_LIFECYCLE, versions="0.11-3.9",
        loggers=SERVER_STARTABLE + KAFKA_MAIN, text="Exiting Kafka.", const={"state": "exiting"},
        note="KafkaServerStartable 0.11–2.7, kafka.Kafka$ 2.8+",
        examples=("[2021-04-28 16:25:14,194] ERROR Exiting Kafka. (kafka.Kafka$)",),
    ),
    Template(
        id="broker.halting", kind=Kind.BROKER_LIFECYCLE, versions="0.11-3.9",
        loggers=SERVER_STARTABLE + KAFKA_MAIN, text="Halting Kafka.", const={"state": "halting"},
        examples=("[2020-01-31 23:41:02,100] ERROR Halting Kafka. (kafka.server.KafkaServerStartable)",),
    ),
    Template(
        id="broker.exiting_fatal", kind=Kind.BROKER_LIFECYCLE, versions="1.1+",
        loggers=KAFKA_MAIN, text="Exiting Kafka due to fatal exception{~(?: during startup)?~}{~\\.?~}",
        const={"state": "exiting"}, derive=exception_from_raw,
        note="`… during startup.` from 2.8; still in 4.0 (a real 4.0.0 server.log in the corpus logs it)",
        examples=("[2023-01-16 17:30:01,101] ERROR Exiting Kafka due to fatal exception during startup. "
                  "(kafka.Kafka$)\n"
                  "kafka.common.InconsistentClusterIdException: The Cluster ID x doesn't match stored "
                  "clusterId Some(y) in meta.properties.",),
    ),
    Template(
        id="broker.main_fatal", kind=Kind.BROKER_LIFECYCLE, versions="0.8-1.0",
        loggers=KAFKA_MAIN, text="", const={"state": "exiting"}, derive=exception_from_raw,
        note="`fatal(e)` in kafka.Kafka's main: an empty message, the exception on the next lines",
        examples=("[2018-05-27 11:28:03,001] FATAL  (kafka.Kafka$)\n"
                  "java.lang.IllegalArgumentException: requirement failed: advertised.listeners cannot use "
                  "the nonroutable meta-address 0.0.0.0.",),
    ),
]



def _app_info(tid: str, versions: str, text: str, example: str, **kw: Any) -> Template:
    """An AppInfoParser entry; ``example`` is a real line less its logger."""
    return Template(id=tid, kind=Kind.APP_INFO, versions=versions, loggers=APP_INFO_PARSER, text=text,
                    examples=(f"{example} ({APP_INFO_PARSER[0]})",), **kw)


# AppInfoParser: every Kafka process (broker, controller, client, Connect, Streams) prints the
# release it runs when it starts.  The release names a broker's rules exactly (replay/versions.py);
# `Kafka version : x` up to 2.1, `Kafka version: {}` from 2.2, startTimeMs from 2.3.
APP_INFO: list[Template] = [
    _app_info("app_info.version", "0.9-2.1", "Kafka version : {details.version:word}",
              "[2020-05-28 04:01:15,112] INFO Kafka version : 2.1.1"),
    _app_info("app_info.version.2_2", "2.2+", "Kafka version: {details.version:word}",
              "[2021-04-28 16:09:15,743] INFO Kafka version: 2.8.0"),
    _app_info("app_info.commit_id", "0.9-2.1", "Kafka commitId : {details.commit_id:word}",
              "[2020-01-31 23:08:31,451] INFO Kafka commitId : 21234bee31165527"),
    _app_info("app_info.commit_id.2_2", "2.2+", "Kafka commitId: {details.commit_id:word}",
              "[2021-04-28 16:09:15,743] INFO Kafka commitId: ebb1d6e21cc92130"),
    _app_info("app_info.start_time", "2.3+", "Kafka startTimeMs: {details.start_time_ms:int}",
              "[2021-04-26 16:12:42,503] INFO Kafka startTimeMs: 1619446362498"),
    _app_info("app_info.unregistered", "2.7+",
              "App info {details.prefix:word} for {details.id:text} unregistered",
              "[2025-05-14 23:09:18,595] INFO App info kafka.server for 10 unregistered",
              note="logged when the process (or one of its clients) closes"),
    _app_info("app_info.exists", "3.7+",
              "The mbean of App info: [{details.prefix:text}], id: [{details.id:text}] already exists, so "
              "skipping a new mbean creation.",
              "[2024-03-01 10:00:00,000] INFO The mbean of App info: [kafka.consumer], id: [c-1] already "
              "exists, so skipping a new mbean creation.",
              note="3.7+ (apache/kafka#14287): a second client registered under the same id"),
]

TEMPLATES: list[Template] = [*CONFIG, *SERVER, *PROCESS, *APP_INFO]
