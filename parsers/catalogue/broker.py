"""Catalogue entries: the broker process — identity, configuration, lifecycle.

These lines identify the logging broker when the path does not: ``[KafkaServer id=N]``
(1.0+), ``[Kafka Server N], `` (0.8–0.11) and the ``KafkaConfig values:`` dump with its
``broker.id`` / ``node.id``.
"""

from __future__ import annotations

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import config_dump

KAFKA_SERVER = ("kafka.server.KafkaServer",)
KAFKA_CONFIG = ("kafka.server.KafkaConfig",)
CONSUMER_CONFIG = (
    "org.apache.kafka.clients.consumer.ConsumerConfig",
    "org.apache.kafka.clients.producer.ProducerConfig",
    "org.apache.kafka.clients.admin.AdminClientConfig",
)

# 0.8–0.11 `[Kafka Server 0], `; 1.0+ `[KafkaServer id=0] `; some lines carry none.
SERVER_PREFIX = Prefix("[Kafka Server {node}], ", "[KafkaServer id={node}] ", optional=True)


def _lifecycle(tid: str, versions: str, text: str, state: str, example: str) -> Template:
    return Template(
        id=tid, kind=Kind.BROKER_LIFECYCLE, versions=versions, loggers=KAFKA_SERVER,
        prefix=SERVER_PREFIX, text=text, const={"state": state}, examples=(example,),
    )


TEMPLATES: list[Template] = [
    Template(
        id="broker.config",
        kind=Kind.BROKER_CONFIG,
        versions="0.10+",
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
    Template(
        id="broker.cluster_id",
        kind=Kind.CLUSTER_ID,
        versions="0.10.1+",
        loggers=KAFKA_SERVER,
        prefix=SERVER_PREFIX,
        text="Cluster ID = {details.cluster_id:word}",
        examples=("[2022-04-25 16:06:38,118] INFO Cluster ID = tLQCjN7dlQWmPNTSWpN_cg "
                  "(kafka.server.KafkaServer)",),
    ),
    _lifecycle("broker.starting", "0.8+", "{~[Ss]~}tarting", "starting",
               "[2018-05-27 11:28:04,040] INFO starting (kafka.server.KafkaServer)"),
    _lifecycle("broker.started", "0.8+", "{~[Ss]~}tarted", "started",
               "[2022-04-25 16:06:40,502] INFO [KafkaServer id=0] started (kafka.server.KafkaServer)"),
    _lifecycle("broker.shutting_down", "0.8+", "{~[Ss]~}hutting down", "shutting_down",
               "[2021-04-28 16:41:30,001] INFO [KafkaServer id=0] shutting down "
               "(kafka.server.KafkaServer)"),
    _lifecycle("broker.shut_down", "0.8+", "{~[Ss]~}hut down completed", "shut_down",
               "[2021-04-28 16:41:33,120] INFO [KafkaServer id=0] shut down completed "
               "(kafka.server.KafkaServer)"),
]
