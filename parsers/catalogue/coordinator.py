"""Catalogue entries: the broker's group coordinator.

The Scala ``GroupCoordinator`` (0.10 → 3.9, prefix ``[GroupCoordinator N]: ``), its
``GroupMetadataManager`` and ``GroupMetadata``, and the Java coordinator of the
KIP-848 runtime (3.6+, shard prefix ``[GroupCoordinator id=N topic=__consumer_offsets
partition=P] ``).  Wording: kafka-log-templates.md §2, checked against Kafka's source.
"""

from __future__ import annotations

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import rebalance_reason

SCALA_COORDINATOR = ("kafka.coordinator.GroupCoordinator", "kafka.coordinator.group.GroupCoordinator")
JAVA_GROUP_MANAGER = ("org.apache.kafka.coordinator.group.GroupMetadataManager",)

SCALA_PREFIX = Prefix("[GroupCoordinator {node}]: ")
JAVA_SHARD_PREFIX = Prefix(
    "[GroupCoordinator id={node} topic=__consumer_offsets partition={coordinator_partition}] "
)

TEMPLATES: list[Template] = [
    # --- Preparing to rebalance: four shapes (§2.2, §10.3) -------------------------------
    Template(
        id="group.prepare_rebalance.2_1",
        kind=Kind.GROUP_PREPARE_REBALANCE,
        versions="2.1-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Preparing to rebalance group {group} in state {prev_state} with old generation "
        "{generation} (__consumer_offsets-{coordinator_partition}) (reason: {reason:text})",
        const={"state": "PreparingRebalance"},
        derive=rebalance_reason,
        examples=(
            "[2020-02-14 16:40:03,551] INFO [GroupCoordinator 1]: Preparing to rebalance group "
            "payments in state Stable with old generation 31 (__consumer_offsets-42) (reason: "
            "Adding new member consumer-payments-3-1d0e7c52-8b1f-4d8e-a1c2-55e0f4a3b2c1 with group "
            "instanceid None) (kafka.coordinator.group.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.prepare_rebalance.0_11",
        kind=Kind.GROUP_PREPARE_REBALANCE,
        versions="0.11-2.0",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Preparing to rebalance group {group} with old generation {generation} "
        "(__consumer_offsets-{coordinator_partition})",
        const={"state": "PreparingRebalance"},
        examples=(
            "[2018-09-03 14:22:10,119] INFO [GroupCoordinator 2]: Preparing to rebalance group "
            "billing with old generation 12 (__consumer_offsets-17) "
            "(kafka.coordinator.group.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.prepare_rebalance.0_10",
        kind=Kind.GROUP_PREPARE_REBALANCE,
        versions="0.10",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Preparing to restabilize group {group} with old generation {generation}",
        const={"state": "PreparingRebalance"},
        examples=(
            "[2017-06-12 09:14:02,381] INFO [GroupCoordinator 1]: Preparing to restabilize group "
            "orders-app with old generation 4 (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.prepare_rebalance.java",
        kind=Kind.GROUP_PREPARE_REBALANCE,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Preparing to rebalance group {group} in state {prev_state} with old generation "
        "{generation} (reason: {reason:text}).",
        const={"state": "PreparingRebalance"},
        derive=rebalance_reason,
        examples=(
            "[2025-04-01 12:00:01,550] INFO [GroupCoordinator id=1 topic=__consumer_offsets "
            "partition=5] Preparing to rebalance group inventory in state Stable with old generation "
            "10 (reason: removing member consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b on "
            "heartbeat expiration.). (org.apache.kafka.coordinator.group.GroupMetadataManager)",
        ),
    ),
    # --- Stabilized group: join phase done, new generation, CompletingRebalance --------
    Template(
        id="group.stabilized.2_8",
        kind=Kind.GROUP_STABILIZED,
        versions="2.8-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Stabilized group {group} generation {generation} "
        "(__consumer_offsets-{coordinator_partition}) with {members} members",
        const={"state": "CompletingRebalance", "prev_state": "PreparingRebalance"},
        examples=(
            "[2021-07-09 11:02:31,772] INFO [GroupCoordinator 1]: Stabilized group payments "
            "generation 32 (__consumer_offsets-42) with 3 members "
            "(kafka.coordinator.group.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.stabilized.0_11",
        kind=Kind.GROUP_STABILIZED,
        versions="0.11-2.7",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Stabilized group {group} generation {generation} "
        "(__consumer_offsets-{coordinator_partition})",
        const={"prev_state": "PreparingRebalance"},
        note="state is AwaitingSync before 1.1 and CompletingRebalance from 1.1 (KAFKA-5565); "
        "the wording does not tell which, so state stays null",
        examples=(
            "[2018-11-20 08:01:44,902] INFO [GroupCoordinator 2]: Stabilized group billing "
            "generation 13 (__consumer_offsets-17) (kafka.coordinator.group.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.stabilized.0_10",
        kind=Kind.GROUP_STABILIZED,
        versions="0.10",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Stabilized group {group} generation {generation}",
        const={"state": "AwaitingSync", "prev_state": "PreparingRebalance"},
        examples=(
            "[2017-06-12 09:14:05,402] INFO [GroupCoordinator 1]: Stabilized group orders-app "
            "generation 5 (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.stabilized.java",
        kind=Kind.GROUP_STABILIZED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Stabilized group {group} generation {generation} with {members} members.",
        const={"state": "CompletingRebalance", "prev_state": "PreparingRebalance"},
        examples=(
            "[2025-04-01 12:00:04,552] INFO [GroupCoordinator id=1 topic=__consumer_offsets "
            "partition=5] Stabilized group inventory generation 11 with 1 members. "
            "(org.apache.kafka.coordinator.group.GroupMetadataManager)",
        ),
    ),
]
