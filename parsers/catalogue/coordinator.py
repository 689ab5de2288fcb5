"""Catalogue entries: the broker's group coordinator.

Loggers and prefixes (kafka-log-templates.md §1.3, §2; every wording checked against the
Kafka source of each release line, ``git show <tag>:...``):

* the Scala ``GroupCoordinator`` — ``kafka.coordinator.GroupCoordinator`` (0.10),
  ``kafka.coordinator.group.GroupCoordinator`` (0.11–3.9); prefix ``[GroupCoordinator N]: ``;
* its ``GroupMetadataManager`` — prefix ``[Group Metadata Manager on Broker N]: `` (0.10–0.11),
  ``[GroupMetadataManager brokerId=N] `` (1.0–3.9);
* ``kafka.coordinator.group.GroupMetadata`` (class) and ``GroupMetadata$`` (companion object),
  no prefix;
* the Java coordinator of the KIP-848 runtime (3.6+, the default in 4.0): ``GroupMetadataManager``,
  ``GroupCoordinatorShard``, ``OffsetMetadataManager``, ``classic.ClassicGroup`` (3.6:
  ``generic.GenericGroup``) under the shard prefix ``[GroupCoordinator id=N topic=__consumer_offsets
  partition=P] ``; ``GroupCoordinatorService``, ``CoordinatorRuntime`` (``...group.runtime`` 3.6–3.9,
  ``...common.runtime`` 4.0) and its ``MultiThreadedEventProcessor`` under ``[GroupCoordinator id=N] ``.

Conventions of this area:

* ``state`` is the group's state after the line's event, ``prev_state`` the one before, filled
  only where the wording (or Kafka's code path behind it) fixes them.  ``AwaitingSync`` (0.10–1.0)
  was renamed ``CompletingRebalance`` in 1.1 (KAFKA-5565); where one wording spans both, the
  state stays null unless the logger name tells (``kafka.coordinator.GroupCoordinator`` = 0.10).
* KIP-848 groups have a group epoch instead of a generation: it goes to ``generation``; a
  member's own epoch goes to ``details.member_epoch``.
* ``coordinator_partition`` is the ``__consumer_offsets`` partition of the group, from the text
  (``(__consumer_offsets-N)``) or from the shard prefix; ``coordinator_epoch`` is that partition's
  leader epoch (2.8.1+).
* A member rendering (``MemberMetadata(...)``, ``ClassicGroupMember(...)``) is split into
  ``member``, ``instance_id``, ``client_id`` and details (client host, timeouts, protocols).
* ``cause`` uses the vocabulary of ``derive.rebalance_reason`` (``heartbeat_expiration``,
  ``leave``, ...) so that one query finds a removal whatever line reported it.
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import rebalance_reason

# --- loggers ---------------------------------------------------------------------------
SCALA_COORDINATOR = ("kafka.coordinator.GroupCoordinator", "kafka.coordinator.group.GroupCoordinator")
SCALA_COORDINATOR_0_10 = ("kafka.coordinator.GroupCoordinator",)
SCALA_COORDINATOR_0_11 = ("kafka.coordinator.group.GroupCoordinator",)
SCALA_MANAGER = ("kafka.coordinator.GroupMetadataManager", "kafka.coordinator.group.GroupMetadataManager")
GROUP_METADATA = ("kafka.coordinator.group.GroupMetadata",)
GROUP_METADATA_OBJECT = ("kafka.coordinator.group.GroupMetadata$",)
JAVA_GROUP_MANAGER = ("org.apache.kafka.coordinator.group.GroupMetadataManager",)
JAVA_SHARD = ("org.apache.kafka.coordinator.group.GroupCoordinatorShard",)
JAVA_OFFSETS = ("org.apache.kafka.coordinator.group.OffsetMetadataManager",)
JAVA_CLASSIC_GROUP = (
    "org.apache.kafka.coordinator.group.classic.ClassicGroup",  # 3.7+
    "org.apache.kafka.coordinator.group.generic.GenericGroup",  # 3.6
)
JAVA_SERVICE = ("org.apache.kafka.coordinator.group.GroupCoordinatorService",)
RUNTIME = (
    "org.apache.kafka.coordinator.group.runtime.CoordinatorRuntime",  # 3.6–3.9
    "org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime",  # 4.0
)
EVENT_PROCESSOR = (
    "org.apache.kafka.coordinator.group.runtime.MultiThreadedEventProcessor",
    "org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor",
)
EVENT_PROCESSOR_THREAD = (
    "org.apache.kafka.coordinator.group.runtime.MultiThreadedEventProcessor$EventProcessorThread",
    "org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor$EventProcessorThread",
)

# --- prefixes (logIdent / LogContext) -----------------------------------------------------
SCALA_PREFIX = Prefix("[GroupCoordinator {node}]: ")
JAVA_SHARD_PREFIX = Prefix(
    "[GroupCoordinator id={node} topic=__consumer_offsets partition={coordinator_partition}] "
)
JAVA_SERVICE_PREFIX = Prefix("[GroupCoordinator id={node}] ")
# The same words logged by the Scala coordinator and by the Java shard (3.6+).
SCALA_OR_SHARD_PREFIX = Prefix(
    "[GroupCoordinator {node}]: ",
    "[GroupCoordinator id={node} topic=__consumer_offsets partition={coordinator_partition}] ",
)
SCALA_OR_SHARD = SCALA_COORDINATOR_0_11 + JAVA_GROUP_MANAGER
MANAGER_PREFIX = Prefix(
    "[Group Metadata Manager on Broker {node}]: ",  # 0.10–0.11
    "[GroupMetadataManager brokerId={node}] ",  # 1.0–3.9
)
THREAD_PREFIX = Prefix("[group-coordinator-event-processor-{details.thread:int}]: ")

# --- renderings ----------------------------------------------------------------------------
# `__consumer_offsets` partition as 0.10.0–0.10.1 print it (TopicAndPartition: `[t,p]`) and as
# every later version does (TopicPartition: `t-p`).
OFFSETS_TP = "{~(?:\\[__consumer_offsets,|__consumer_offsets-)~}{coordinator_partition}{~\\]?~}"
OFFSETS_P = "__consumer_offsets-{coordinator_partition}"

# Scala MemberMetadata.toString as printed by the lines that print a whole member (all 2.3+):
# 2.3–2.8 end the field list with `, )`, 3.0+ with `)`.
MEMBER_METADATA = (
    "MemberMetadata(memberId={member}, groupInstanceId={instance_id:opt}, clientId={client_id:str}, "
    "clientHost={details.client_host:str}, sessionTimeoutMs={details.session_timeout_ms:int}, "
    "rebalanceTimeoutMs={details.rebalance_timeout_ms:int}, "
    "supportedProtocols={details.protocols:strs}{~(?:, )?~})"
)
# Java GenericGroupMember (3.6) / ClassicGroupMember (3.7+) toString.
CLASSIC_MEMBER = (
    "{~(?:Generic|Classic)~}GroupMember(memberId='{member}', groupInstanceId='{instance_id:nonempty}', "
    "clientId='{client_id:str}', clientHost='{details.client_host:str}', "
    "rebalanceTimeoutMs={details.rebalance_timeout_ms:int}, "
    "sessionTimeoutMs={details.session_timeout_ms:int}, "
    "protocolType='{details.protocol_type:str}', supportedProtocols={details.protocols:strs})"
)


# --- derives ---------------------------------------------------------------------------------
Derive = Callable[[pl.DataFrame], pl.DataFrame]


def _details(**values: str | bool) -> Derive:
    """Constant ``details`` keys implied by the wording (``const`` is for event columns)."""

    def add(df: pl.DataFrame) -> pl.DataFrame:
        return df.with_columns(pl.lit(v).alias(f"details.{k}") for k, v in values.items())

    return add


def _one_group(df: pl.DataFrame) -> pl.DataFrame:
    """`The following groups were deleted: g1, g2`: a single deleted group also goes to ``group``."""
    groups = pl.col("details.groups")
    return df.with_columns(pl.when(groups.list.len() == 1).then(groups.list.first()).alias("group"))


_FENCE_CAUSES = (
    ("heartbeat_expiration", "the member session expired"),
    ("join_timeout", "the classic member failed to join within the rebalance timeout"),
    ("sync_timeout", "the member failed to sync within timeout"),
)


def _fence_cause(df: pl.DataFrame) -> pl.DataFrame:
    """KIP-848 (3.8+) `fenced from the group because {reason}.` -> ``cause``."""
    reason = pl.col("reason").str.strip_chars_end(".")
    cause = pl.lit(None, pl.String)
    for name, text in _FENCE_CAUSES:
        cause = pl.when(reason == text).then(pl.lit(name)).otherwise(cause)
    return df.with_columns(cause.alias("cause"))


def _load_summary(df: pl.DataFrame) -> pl.DataFrame:
    """3.7 `LoadSummary(startTimeMs=.., endTimeMs=..)` -> ``duration_ms``."""
    span = pl.col("details.end_ms") - pl.col("details.start_ms")
    return df.with_columns(span.cast(pl.Float64).alias("duration_ms"))


# --- helpers -----------------------------------------------------------------------------------
def _lifecycle(tid: str, versions: str, loggers: tuple[str, ...], prefix: Prefix, text: str, state: str,
               *examples: str, component: str = "coordinator") -> Template:
    return Template(
        id=tid, kind=Kind.COORDINATOR_LIFECYCLE, versions=versions, loggers=loggers, prefix=prefix,
        text=text, const={"state": state}, derive=_details(component=component), examples=examples,
    )


def _conversion(tid: str, text: str, reason: str, example: str) -> Template:
    # KIP-848 online migration (3.8+): a classic group upgraded on a consumer-protocol join, a
    # consumer group downgraded when its last consumer-protocol member leaves.
    return Template(
        id=tid, kind=Kind.GROUP_CONVERSION, versions="3.8+", loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX, text=text, const={"reason": reason}, examples=(example,),
    )


_SHARD = "[GroupCoordinator id=1 topic=__consumer_offsets partition=5] "
_JAVA_GMM = " (org.apache.kafka.coordinator.group.GroupMetadataManager)"
_GC = " (kafka.coordinator.group.GroupCoordinator)"
_GMM = " (kafka.coordinator.group.GroupMetadataManager)"
_RT39 = " (org.apache.kafka.coordinator.group.runtime.CoordinatorRuntime)"
_RT40 = " (org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime)"

TEMPLATES: list[Template] = [
    # =========================================================================================
    # Scala GroupCoordinator (and the same words from the Java shard, 3.6+)
    # =========================================================================================
    # --- lifecycle: same four words in every version, Scala and Java service ------------------
    _lifecycle("group.lifecycle.starting", "0.10+", SCALA_COORDINATOR + JAVA_SERVICE,
               Prefix("[GroupCoordinator {node}]: ", "[GroupCoordinator id={node}] "), "Starting up.",
               "starting",
               "[2018-05-27 11:28:07,415] INFO [GroupCoordinator 0]: Starting up. "
               "(kafka.coordinator.GroupCoordinator)",
               "[2025-05-14 22:49:13,377] INFO [GroupCoordinator id=10] Starting up. "
               "(org.apache.kafka.coordinator.group.GroupCoordinatorService)"),
    _lifecycle("group.lifecycle.started", "0.10+", SCALA_COORDINATOR + JAVA_SERVICE,
               Prefix("[GroupCoordinator {node}]: ", "[GroupCoordinator id={node}] "), "Startup complete.",
               "started",
               "[2018-05-27 11:28:07,417] INFO [GroupCoordinator 0]: Startup complete. "
               "(kafka.coordinator.GroupCoordinator)"),
    _lifecycle("group.lifecycle.shutting_down", "0.10+", SCALA_COORDINATOR + JAVA_SERVICE,
               Prefix("[GroupCoordinator {node}]: ", "[GroupCoordinator id={node}] "), "Shutting down.",
               "shutting_down",
               "[2020-10-08 16:51:35,621] INFO [GroupCoordinator 0]: Shutting down. "
               "(kafka.coordinator.GroupCoordinator)"),
    _lifecycle("group.lifecycle.shut_down", "0.10+", SCALA_COORDINATOR + JAVA_SERVICE,
               Prefix("[GroupCoordinator {node}]: ", "[GroupCoordinator id={node}] "), "Shutdown complete.",
               "shut_down",
               "[2025-05-14 22:50:19,034] INFO [GroupCoordinator id=10] Shutdown complete. "
               "(org.apache.kafka.coordinator.group.GroupCoordinatorService)"),
    # --- coordinator election (2.8+; the coordinator epoch from 2.8.1, KAFKA-10614) ---------------
    Template(
        id="group.coordinator_elected.2_8_1",
        kind=Kind.COORDINATOR_ELECTED,
        versions="2.8.1-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Elected as the group coordinator for partition {coordinator_partition} in epoch "
        "{coordinator_epoch}",
        examples=(
            "[2023-01-16 17:27:59,219] INFO [GroupCoordinator 0]: Elected as the group coordinator for "
            "partition 3 in epoch 0" + _GC,
        ),
    ),
    Template(
        id="group.coordinator_elected.2_8_0",
        kind=Kind.COORDINATOR_ELECTED,
        versions="2.8.0",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Elected as the group coordinator for partition {coordinator_partition}",
        examples=(
            "[2021-04-28 16:09:16,792] INFO [GroupCoordinator 0]: Elected as the group coordinator for "
            "partition 18" + _GC,
        ),
    ),
    # onResignation's epoch is an Option[Int] (printed "Some(12)" / "None") until 3.4 and a
    # java.util.OptionalInt ("OptionalInt[12]" / "OptionalInt.empty") from 3.5 (GroupCoordinator.scala)
    Template(
        id="group.coordinator_resigned.2_8_1",
        kind=Kind.COORDINATOR_RESIGNED,
        versions="2.8.1-3.4",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Resigned as the group coordinator for partition {coordinator_partition} in epoch "
        "{coordinator_epoch:opt_int}",
        examples=(
            "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for "
            "partition 5 in epoch Some(12)" + _GC,
        ),
    ),
    Template(
        id="group.coordinator_resigned.3_5",
        kind=Kind.COORDINATOR_RESIGNED,
        versions="3.5-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Resigned as the group coordinator for partition {coordinator_partition} in epoch "
        "{coordinator_epoch:optional_int}",
        examples=(
            "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for "
            "partition 5 in epoch OptionalInt[12]" + _GC,
        ),
    ),
    Template(
        id="group.coordinator_resigned.2_8_0",
        kind=Kind.COORDINATOR_RESIGNED,
        versions="2.8.0",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Resigned as the group coordinator for partition {coordinator_partition}",
        examples=(
            "[2021-04-28 16:41:30,512] INFO [GroupCoordinator 0]: Resigned as the group coordinator for "
            "partition 18" + _GC,
        ),
    ),
    # --- group load / unload on coordinator fail-over (all versions) ----------------------------
    Template(
        id="group.loading",
        kind=Kind.GROUP_LOADED,
        versions="0.10-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Loading group metadata for {group} with generation {generation}",
        examples=(
            "[2022-04-26 09:11:41,024] INFO [GroupCoordinator 0]: Loading group metadata for mygroup "
            "with generation 2" + _GC,
        ),
    ),
    Template(
        id="group.unloading",
        kind=Kind.GROUP_UNLOADED,
        versions="0.10-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Unloading group metadata for {group} with generation {generation}",
        const={"state": "Dead"},
        note="onGroupUnloaded moves the in-memory group to Dead (parked members get NOT_COORDINATOR)",
        examples=(
            "[2021-04-28 16:41:30,515] INFO [GroupCoordinator 0]: Unloading group metadata for "
            "console-consumer-32513 with generation 3" + _GC,
        ),
    ),
    # --- Preparing to rebalance: four shapes (§2.2, §10.3) ---------------------------------------
    Template(
        id="group.prepare_rebalance.2_1",
        kind=Kind.GROUP_PREPARE_REBALANCE,
        versions="2.1-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Preparing to rebalance group {group} in state {state} with old generation "
        "{generation} (__consumer_offsets-{coordinator_partition}) (reason: {reason:text})",
        derive=rebalance_reason,
        note="`in state` prints group.currentState *after* transitionTo(PreparingRebalance): it is "
        "always PreparingRebalance, the state before is not logged",
        examples=(
            "[2022-08-01 08:48:32,944] INFO [GroupCoordinator 0]: Preparing to rebalance group "
            "debezium-cluster in state PreparingRebalance with old generation 1 (__consumer_offsets-30) "
            "(reason: Leader connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0 re-joining group during "
            "Stable; client reason: not provided)" + _GC,
            "[2020-02-05 17:26:58,101] INFO [GroupCoordinator 0]: Preparing to rebalance group "
            "test-consumer-group in state PreparingRebalance with old generation 0 (__consumer_offsets-31) "
            "(reason: Adding new member rdkafka-81365ead-6185-422a-870f-24a5df934080 with group "
            "instanceid None)" + _GC,
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
            "billing with old generation 12 (__consumer_offsets-17)" + _GC,
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
        text="Preparing to rebalance group {group} in state {state} with old generation "
        "{generation} (reason: {reason:text}).",
        derive=rebalance_reason,
        note="as in Scala, `in state` is the state after the transition",
        examples=(
            "[2026-08-08 14:56:09,375] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Preparing to rebalance group console-consumer-76228 in state PreparingRebalance with old "
            "generation 0 (reason: Adding new member console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 "
            "with group instance id null; client reason: need to re-join with the given member-id: "
            "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2)." + _JAVA_GMM,
            "[2025-04-01 12:00:01,550] INFO " + _SHARD + "Preparing to rebalance group inventory in state "
            "PreparingRebalance with old generation 10 (reason: removing member "
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b on heartbeat "
            "expiration.)." + _JAVA_GMM,
        ),
    ),
    # --- Stabilized group: join phase done, new generation, CompletingRebalance -------------------
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
            "[2022-04-25 17:10:23,164] INFO [GroupCoordinator 0]: Stabilized group my-group2 generation 1 "
            "(__consumer_offsets-22) with 1 members" + _GC,
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
            "[2020-02-05 17:27:01,620] INFO [GroupCoordinator 0]: Stabilized group test-consumer-group "
            "generation 1 (__consumer_offsets-31)" + _GC,
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
            "[2026-08-08 14:56:12,428] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Stabilized group console-consumer-76228 generation 1 with 1 members." + _JAVA_GMM,
        ),
    ),
    # --- join phase completed with no member: Empty --------------------------------------------
    Template(
        id="group.empty.0_11",
        kind=Kind.GROUP_EMPTY,
        versions="0.11-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} with generation {generation} is now empty "
        "(__consumer_offsets-{coordinator_partition})",
        const={"state": "Empty", "prev_state": "PreparingRebalance"},
        examples=(
            "[2020-02-05 17:27:16,662] INFO [GroupCoordinator 0]: Group test-consumer-group with "
            "generation 2 is now empty (__consumer_offsets-31)" + _GC,
        ),
    ),
    Template(
        id="group.empty.0_10_1",
        kind=Kind.GROUP_EMPTY,
        versions="0.10.1-0.10.2",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} with generation {generation} is now empty",
        const={"state": "Empty", "prev_state": "PreparingRebalance"},
        examples=(
            "[2017-06-12 09:40:12,001] INFO [GroupCoordinator 1]: Group orders-app with generation 6 "
            "is now empty (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.empty.java",
        kind=Kind.GROUP_EMPTY,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Group {group} with generation {generation} is now empty.",
        const={"state": "Empty", "prev_state": "PreparingRebalance"},
        examples=(
            "[2026-08-08 14:56:12,882] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Group console-consumer-76228 with generation 2 is now empty." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.dead_and_removed.0_10_0",
        kind=Kind.GROUP_DEAD,
        versions="0.10.0",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} generation {generation} is dead and removed",
        const={"state": "Dead", "prev_state": "PreparingRebalance"},
        note="0.10.0 had no Empty state: a group whose last member left died at join completion",
        examples=(
            "[2016-07-01 10:02:11,420] INFO [GroupCoordinator 0]: Group orders-app generation 3 is dead "
            "and removed (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.empty_write_failed",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="0.10.1+",
        loggers=SCALA_COORDINATOR + JAVA_GROUP_MANAGER,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Failed to write empty metadata for group {group}: {error:text}",
        level="WARN",
        examples=(
            "[2019-03-02 10:11:12,131] WARN [GroupCoordinator 1]: Failed to write empty metadata for "
            "group billing: The coordinator is not available." + _GC,
        ),
    ),
    Template(
        id="group.dead_skip_rebalance.2_3",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="2.3-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} is dead, skipping rebalance stage",
        const={"state": "Dead"},
        examples=(
            "[2019-11-20 08:01:44,902] INFO [GroupCoordinator 2]: Group billing is dead, skipping "
            "rebalance stage" + _GC,
        ),
    ),
    Template(
        id="group.dead_skip_rebalance.java",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Group {group} is dead, skipping rebalance stage.",
        const={"state": "Dead"},
        examples=(
            "[2025-04-01 12:03:00,100] INFO " + _SHARD + "Group inventory is dead, skipping rebalance "
            "stage." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.no_member_rejoined.2_3",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="2.3-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} could not complete rebalance because no members rejoined",
        level="ERROR",
        examples=(
            "[2019-11-20 08:05:44,902] ERROR [GroupCoordinator 2]: Group billing could not complete "
            "rebalance because no members rejoined" + _GC,
        ),
    ),
    Template(
        id="group.no_member_rejoined.java",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Group {group} could not complete rebalance because no members rejoined.",
        level="ERROR",
        examples=(
            "[2025-04-01 12:05:44,902] ERROR " + _SHARD + "Group inventory could not complete rebalance "
            "because no members rejoined." + _JAVA_GMM,
        ),
    ),
    # Members dropped at join completion (logged from 2.7, `remove` -> `removed` in 2.8): a Scala
    # Set or a Java keySet `[a, b]`.
    Template(
        id="group.unjoined_members_removed.2_8",
        kind=Kind.GROUP_MEMBERS_REMOVED,
        versions="2.8+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Group {group} removed dynamic members who haven't joined: {details.members:strs}",
        const={"cause": "join_timeout"},
        examples=(
            "[2021-07-09 11:02:31,770] INFO [GroupCoordinator 1]: Group payments removed dynamic members "
            "who haven't joined: Set(consumer-payments-2-5d3c1a62-0c2b-4c1e-9a37-1f7f3c0e8a11)" + _GC,
            "[2025-04-01 12:00:04,550] INFO " + _SHARD + "Group inventory removed dynamic members who "
            "haven't joined: [consumer-inventory-2-9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901]" + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.unjoined_members_removed.2_7",
        kind=Kind.GROUP_MEMBERS_REMOVED,
        versions="2.7",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} remove dynamic members who haven't joined: {details.members:strs}",
        const={"cause": "join_timeout"},
        examples=(
            "[2021-02-09 11:02:31,770] INFO [GroupCoordinator 1]: Group payments remove dynamic members "
            "who haven't joined: Set(consumer-payments-2-5d3c1a62-0c2b-4c1e-9a37-1f7f3c0e8a11)" + _GC,
        ),
    ),
    # --- SyncGroup: leader's assignment stored, Stable (3 shapes) ---------------------------------
    Template(
        id="group.assignment_received.3_0",
        kind=Kind.GROUP_ASSIGNMENT_RECEIVED,
        versions="3.0+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Assignment received from leader {member} for group {group} for generation {generation}. "
        "The group has {members} members, {details.static_members:int} of which are static.",
        const={"state": "Stable", "prev_state": "CompletingRebalance"},
        note="member = the leader; Scala 3.0–3.9 and the Java coordinator 3.6+ share the wording",
        examples=(
            "[2023-01-16 17:27:59,411] INFO [GroupCoordinator 0]: Assignment received from leader "
            "console-consumer-9f84a074-b448-4432-9144-22b927506f1a for group console-consumer-90365 for "
            "generation 1. The group has 1 members, 0 of which are static." + _GC,
            "[2026-08-08 14:56:12,488] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Assignment received from leader console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 for "
            "group console-consumer-76228 for generation 1. The group has 1 members, 0 of which are "
            "static." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.assignment_received.2_8",
        kind=Kind.GROUP_ASSIGNMENT_RECEIVED,
        versions="2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Assignment received from leader for group {group} for generation {generation}. "
        "The group has {members} members, {details.static_members:int} of which are static.",
        const={"state": "Stable", "prev_state": "CompletingRebalance"},
        examples=(
            "[2021-04-27 12:03:31,078] INFO [GroupCoordinator 1]: Assignment received from leader for "
            "group console-consumer-99763 for generation 1. The group has 1 members, 0 of which are "
            "static." + _GC,
        ),
    ),
    Template(
        id="group.assignment_received.0_11",
        kind=Kind.GROUP_ASSIGNMENT_RECEIVED,
        versions="0.11-2.7",
        loggers=SCALA_COORDINATOR_0_11,
        prefix=SCALA_PREFIX,
        text="Assignment received from leader for group {group} for generation {generation}",
        const={"state": "Stable"},
        note="prev_state is AwaitingSync up to 1.0 and CompletingRebalance from 1.1 (KAFKA-5565): "
        "not determinable from the wording",
        examples=(
            "[2020-02-05 17:27:02,653] INFO [GroupCoordinator 0]: Assignment received from leader for "
            "group test-consumer-group for generation 1" + _GC,
        ),
    ),
    Template(
        id="group.assignment_received.0_10",
        kind=Kind.GROUP_ASSIGNMENT_RECEIVED,
        versions="0.10",
        loggers=SCALA_COORDINATOR_0_10,
        prefix=SCALA_PREFIX,
        text="Assignment received from leader for group {group} for generation {generation}",
        const={"state": "Stable", "prev_state": "AwaitingSync"},
        note="the 0.10 logger name (kafka.coordinator) dates the line before KAFKA-5565",
        examples=(
            "[2017-06-12 09:14:05,431] INFO [GroupCoordinator 1]: Assignment received from leader for "
            "group orders-app for generation 5 (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.empty_assignments_set",
        kind=Kind.GROUP_EMPTY_ASSIGNMENT,
        versions="2.5-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Setting empty assignments for members {details.members:strs} of {group} for generation "
        "{generation}",
        level="WARN",
        examples=(
            "[2020-06-01 10:00:00,001] WARN [GroupCoordinator 1]: Setting empty assignments for members "
            "Set(consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4) of payments for generation 7" + _GC,
        ),
    ),
    Template(
        id="group.empty_assignments_set.java",
        kind=Kind.GROUP_EMPTY_ASSIGNMENT,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Setting empty assignments for members {details.members:strs} of {group} for generation "
        "{generation}.",
        level="WARN",
        examples=(
            "[2025-04-01 12:00:05,001] WARN " + _SHARD + "Setting empty assignments for members "
            "[consumer-inventory-2-9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901] of inventory for generation "
            "11." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.empty_assignment_sent",
        kind=Kind.GROUP_EMPTY_ASSIGNMENT,
        versions="2.5+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Sending empty assignment to member {member} of {group} for generation {generation} "
        "with no errors",
        level="WARN",
        examples=(
            "[2020-06-01 10:00:00,002] WARN [GroupCoordinator 1]: Sending empty assignment to member "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 of payments for generation 7 with no "
            "errors" + _GC,
        ),
    ),
    Template(
        id="group.unsynced_members_removed.2_8",
        kind=Kind.GROUP_MEMBERS_REMOVED,
        versions="2.8-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Group {group} removed members who haven't sent their sync request: {details.members:strs}",
        const={"cause": "sync_timeout"},
        level="DEBUG",
        examples=(
            "[2021-07-09 11:07:31,790] DEBUG [GroupCoordinator 1]: Group payments removed members who "
            "haven't sent their sync request: Set(consumer-payments-2-5d3c1a62-0c2b-4c1e-9a37-1f7f3c0e8a11)"
            + _GC,
        ),
    ),
    Template(
        id="group.unsynced_members_removed.java",
        kind=Kind.GROUP_MEMBERS_REMOVED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Group {group} removed members who haven't sent their sync requests: {details.members:strs}",
        const={"cause": "sync_timeout"},
        level="DEBUG",
        examples=(
            "[2025-04-01 12:07:31,790] DEBUG " + _SHARD + "Group inventory removed members who haven't "
            "sent their sync requests: [consumer-inventory-2-9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901]"
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.sync_expiration_old_generation",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.8+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Received unexpected notification of sync expiration for {group} with an old generation "
        "{details.expired_generation:int} while the group has {generation}.",
        level="ERROR",
        examples=(
            "[2021-07-09 11:07:31,790] ERROR [GroupCoordinator 1]: Received unexpected notification of sync "
            "expiration for payments with an old generation 31 while the group has 32." + _GC,
        ),
    ),
    Template(
        id="group.sync_expiration_wrong_state.2_8",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.8-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Received unexpected notification of sync expiration after group {group} already "
        "transitioned to the {state} state.",
        level="ERROR",
        examples=(
            "[2021-07-09 11:07:31,790] ERROR [GroupCoordinator 1]: Received unexpected notification of sync "
            "expiration after group payments already transitioned to the Stable state." + _GC,
        ),
    ),
    Template(
        id="group.sync_expiration_wrong_state.java",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Received unexpected notification of sync expiration after group {group} already "
        "transitioned to {state} state.",
        level="ERROR",
        examples=(
            "[2025-04-01 12:07:31,790] ERROR " + _SHARD + "Received unexpected notification of sync "
            "expiration after group inventory already transitioned to Stable state." + _JAVA_GMM,
        ),
    ),
    # --- heartbeat expiration: member removed -----------------------------------------------------
    Template(
        id="group.member_failed.0_11",
        kind=Kind.GROUP_MEMBER_FAILED,
        versions="0.11-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member {member} in group {group} has failed, removing it from the group",
        const={"cause": "heartbeat_expiration"},
        examples=(
            "[2020-02-05 17:27:16,660] INFO [GroupCoordinator 0]: Member "
            "rdkafka-81365ead-6185-422a-870f-24a5df934080 in group test-consumer-group has failed, "
            "removing it from the group" + _GC,
        ),
    ),
    Template(
        id="group.member_failed.0_10",
        kind=Kind.GROUP_MEMBER_FAILED,
        versions="0.10",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member {member} in group {group} has failed",
        const={"cause": "heartbeat_expiration"},
        level="TRACE",
        examples=(
            "[2017-06-12 09:20:02,381] TRACE [GroupCoordinator 1]: Member consumer-1-5c1b6b7e-"
            "4a5f-4e0c-9d7c-2b9b3a1c0d4e in group orders-app has failed (kafka.coordinator.GroupCoordinator)",
        ),
    ),
    Template(
        id="group.member_failed.java",
        kind=Kind.GROUP_MEMBER_FAILED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Member {member} in group {group} has failed, removing it from the group.",
        const={"cause": "heartbeat_expiration"},
        examples=(
            "[2025-04-01 12:00:01,549] INFO " + _SHARD + "Member "
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b in group inventory has failed, "
            "removing it from the group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.pending_member_expired",
        kind=Kind.GROUP_PENDING_MEMBER_EXPIRED,
        versions="2.2+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Pending member {member} in group {group} has been removed after session timeout expiration.",
        const={"cause": "heartbeat_expiration"},
        note="KIP-394 (2.2): a member that got MEMBER_ID_REQUIRED and never came back",
        examples=(
            "[2022-01-18 10:13:30,660] INFO [GroupCoordinator 1]: Pending member "
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b in group inventory has been "
            "removed after session timeout expiration." + _GC,
        ),
    ),
    Template(
        id="group.heartbeat_expiration_after_unload",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.2+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Received notification of heartbeat expiration for member {member} after group {group} "
        "had already been unloaded or deleted.",
        examples=(
            "[2022-01-18 10:13:30,660] INFO [GroupCoordinator 1]: Received notification of heartbeat "
            "expiration for member consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b after group "
            "inventory had already been unloaded or deleted." + _GC,
        ),
    ),
    Template(
        id="group.heartbeat_expiration_deleted_or_upgraded",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Received notification of heartbeat expiration for member {member} after group {group} "
        "had already been deleted or upgraded.",
        level="DEBUG",
        examples=(
            "[2025-04-01 12:13:30,660] DEBUG " + _SHARD + "Received notification of heartbeat expiration "
            "for member consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b after group inventory "
            "had already been deleted or upgraded." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.heartbeat_expiration_member_not_found.2_5",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.5-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member id {member} was not found in {group} during heartbeat completion check",
        note="INFO 2.5–2.8, DEBUG 3.0–3.9",
        examples=(
            "[2020-06-01 10:00:10,002] INFO [GroupCoordinator 1]: Member id "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 was not found in payments during heartbeat "
            "completion check" + _GC,
        ),
    ),
    Template(
        id="group.heartbeat_expiration_member_not_found.2_2",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.2-2.4",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member id {member} was not found in {group} during heartbeat expiration.",
        examples=(
            "[2019-06-01 10:00:10,002] INFO [GroupCoordinator 1]: Member id "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 was not found in payments during heartbeat "
            "expiration." + _GC,
        ),
    ),
    Template(
        id="group.heartbeat_expiration_member_gone",
        kind=Kind.GROUP_STALE_EXPIRATION,
        versions="2.2+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Member {member} has already been removed from the group.",
        level="DEBUG",
        examples=(
            "[2019-06-01 10:00:10,003] DEBUG [GroupCoordinator 1]: Member "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 has already been removed from the group." + _GC,
        ),
    ),
    # --- LeaveGroup ------------------------------------------------------------------------------------
    Template(
        id="group.member_left.3_2",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.2-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member " + MEMBER_METADATA + " has left group {group} through explicit `LeaveGroup`; "
        "client reason: {client_reason:text}",
        const={"cause": "leave"},
        note="KIP-800 (3.2) adds the client reason (`not provided` when the client sent none)",
        examples=(
            "[2023-01-16 17:29:25,772] INFO [GroupCoordinator 0]: Member MemberMetadata(memberId="
            "console-consumer-9f84a074-b448-4432-9144-22b927506f1a, groupInstanceId=None, clientId="
            "console-consumer, clientHost=/192.168.1.227, sessionTimeoutMs=45000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range, cooperative-sticky)) has left group console-consumer-90365 "
            "through explicit `LeaveGroup`; client reason: the consumer is being closed" + _GC,
        ),
    ),
    Template(
        id="group.member_left.3_0",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.0-3.1",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member " + MEMBER_METADATA + " has left group {group} through explicit `LeaveGroup` request",
        const={"cause": "leave"},
        examples=(
            "[2022-04-25 20:05:31,598] INFO [GroupCoordinator 0]: Member MemberMetadata(memberId="
            "kafka-python-2.0.2-bd9c8fc2-abfa-4478-8723-e3e781ad52b5, groupInstanceId=None, clientId="
            "kafka-python-2.0.2, clientHost=/192.168.0.6, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range, roundrobin)) has left group my-group8 through explicit "
            "`LeaveGroup` request" + _GC,
        ),
    ),
    Template(
        id="group.member_left.2_4",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="2.4-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member[group.instance.id {instance_id:opt}, member.id {member}] in group {group} has left, "
        "removing it from the group",
        const={"cause": "leave"},
        examples=(
            "[2021-04-28 12:12:32,780] INFO [GroupCoordinator 1]: Member[group.instance.id None, member.id "
            "consumer-console-consumer-32513-1-ee61f0e6-cf24-4b66-8327-bfc5db875541] in group "
            "console-consumer-32513 has left, removing it from the group" + _GC,
        ),
    ),
    Template(
        id="group.member_left.0_11",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="0.11-2.3",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Member {member} in group {group} has left, removing it from the group",
        const={"cause": "leave"},
        note="DEBUG 0.11–2.1, INFO 2.2–2.3",
        examples=(
            "[2020-02-05 17:27:02,653] INFO [GroupCoordinator 0]: Member "
            "consumer-1-3c955a71-570c-4d27-beab-bbd7590cd8b0 in group console-consumer-19290 has left, "
            "removing it from the group" + _GC,
        ),
    ),
    Template(
        id="group.pending_member_left.3_0",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.0-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Pending member with memberId={member} has left group {group} through explicit "
        "`LeaveGroup` request",
        const={"cause": "leave"}, derive=_details(pending=True),
        examples=(
            "[2022-04-25 20:05:31,601] INFO [GroupCoordinator 0]: Pending member with memberId="
            "kafka-python-2.0.2-bd9c8fc2-abfa-4478-8723-e3e781ad52b5 has left group my-group8 through "
            "explicit `LeaveGroup` request" + _GC,
        ),
    ),
    Template(
        id="group.pending_member_left.2_2",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="2.2-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Pending member {member} is leaving group {group}.",
        const={"cause": "leave"}, derive=_details(pending=True),
        examples=(
            "[2019-06-01 10:00:10,003] INFO [GroupCoordinator 1]: Pending member "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 is leaving group payments." + _GC,
        ),
    ),
    # Java classic groups (3.7+; 3.8 splits dynamic / static members of consumer groups).
    Template(
        id="group.member_left.java",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[Group {group}] Member {member} has left group through explicit `LeaveGroup` request; "
        "client reason: {client_reason:text}",
        const={"cause": "leave"},
        examples=(
            "[2026-08-08 14:56:12,877] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "[Group console-consumer-76228] Member console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 "
            "has left group through explicit `LeaveGroup` request; client reason: the consumer is being "
            "closed" + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.pending_member_left.java",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[Group {group}] Pending member {member} has left group through explicit `LeaveGroup` "
        "request; client reason: {client_reason:text}",
        const={"cause": "leave"}, derive=_details(pending=True),
        examples=(
            "[2025-04-01 12:00:10,003] INFO " + _SHARD + "[Group inventory] Pending member "
            "consumer-inventory-2-9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901 has left group through explicit "
            "`LeaveGroup` request; client reason: the consumer is being closed" + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.dynamic_member_left.java",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[Group {group}] Dynamic Member {member} has left group through explicit `LeaveGroup` "
        "request; client reason: {client_reason:text}",
        const={"cause": "leave"},
        note="a classic-protocol member leaving a KIP-848 consumer group",
        examples=(
            "[2025-04-01 12:00:10,004] INFO " + _SHARD + "[Group orders] Dynamic Member "
            "consumer-orders-1-2b9c3d4e-5f60-4718-8293-a4b5c6d7e8f9 has left group through explicit "
            "`LeaveGroup` request; client reason: the consumer is being closed" + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.static_member_left.java",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[Group {group}] Static Member {member} with instance id {instance_id:str} has left group "
        "through explicit `LeaveGroup` request; client reason: {client_reason:text}",
        const={"cause": "leave"},
        examples=(
            "[2025-04-01 12:00:10,005] INFO " + _SHARD + "[Group orders] Static Member "
            "orders-a-3c4d5e6f-7081-4293-a4b5-c6d7e8f90a1b with instance id orders-a has left group "
            "through explicit `LeaveGroup` request; client reason: the consumer is being closed" + _JAVA_GMM,
        ),
    ),
    # --- JoinGroup with an unknown member id (KIP-394 member id required, 2.2+; KIP-345 static) ----
    # details.member_id_required: the member was answered MEMBER_ID_REQUIRED and stays pending
    # (true), or was added to the group at once and its join parked until the join phase ends.
    Template(
        id="group.member_id_required.2_5",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="2.5-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Dynamic member with unknown member id joins group {group} in {state} state. Created a new "
        "member id {member} and request the member to rejoin with this id.",
        derive=_details(member_id_required=True),
        note="DEBUG 2.5–2.8, INFO 3.0–3.9",
        examples=(
            "[2022-08-01 08:43:57,622] INFO [GroupCoordinator 0]: Dynamic member with unknown member id "
            "joins group debezium-cluster in Empty state. Created a new member id "
            "connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0 and request the member to rejoin with this id."
            + _GC,
        ),
    ),
    Template(
        id="group.member_id_required.java",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Dynamic member with unknown member id joins group {group} in {state} state. Created a new "
        "member id {member} and requesting the member to rejoin with this id.",
        derive=_details(member_id_required=True),
        examples=(
            "[2026-08-08 14:56:09,355] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Dynamic member with unknown member id joins group console-consumer-76228 in Empty state. "
            "Created a new member id console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 and requesting "
            "the member to rejoin with this id." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_id_required.2_4",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="2.4",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Dynamic member with unknown member id rejoins group {group} in {state} state. Created a new "
        "member id {member} and request the member to rejoin with this id.",
        derive=_details(member_id_required=True),
        level="DEBUG",
        examples=(
            "[2020-02-14 16:40:03,540] DEBUG [GroupCoordinator 1]: Dynamic member with unknown member id "
            "rejoins group payments in Stable state. Created a new member id "
            "consumer-payments-3-1d0e7c52-8b1f-4d8e-a1c2-55e0f4a3b2c1 and request the member to rejoin "
            "with this id." + _GC,
        ),
    ),
    Template(
        id="group.member_id_created.2_4",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="2.4",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Dynamic member with unknown member id rejoins group {group} in {state} state. Created a new "
        "member id {member} for this member and add to the group.",
        derive=_details(member_id_required=False),
        level="DEBUG",
        examples=(
            "[2020-02-14 16:40:03,540] DEBUG [GroupCoordinator 1]: Dynamic member with unknown member id "
            "rejoins group payments in Stable state. Created a new member id "
            "consumer-payments-3-1d0e7c52-8b1f-4d8e-a1c2-55e0f4a3b2c1 for this member and add to the "
            "group." + _GC,
        ),
    ),
    Template(
        id="group.member_id_created.2_5",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="2.5-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Dynamic Member with unknown member id joins group {group} in {state} state. Created a new "
        "member id {member} for this member and add to the group.",
        derive=_details(member_id_required=False),
        note="clients without KIP-394 (JoinGroup v3 and older, e.g. kafka-python) are added at once",
        examples=(
            "[2022-04-25 17:10:20,141] INFO [GroupCoordinator 0]: Dynamic Member with unknown member id "
            "joins group my-group2 in Empty state. Created a new member id "
            "kafka-python-2.0.2-1b5cf4b0-b782-4bcc-acdd-8c40c377610e for this member and add to the "
            "group." + _GC,
        ),
    ),
    Template(
        id="group.member_id_created.java",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Dynamic member with unknown member id joins group {group} in state {state}. Created a new "
        "member id {member} and added the member to the group.",
        derive=_details(member_id_required=False),
        examples=(
            "[2025-04-01 12:00:00,100] INFO " + _SHARD + "Dynamic member with unknown member id joins "
            "group inventory in state Empty. Created a new member id "
            "kafka-python-2.0.2-1b5cf4b0-b782-4bcc-acdd-8c40c377610e and added the member to the group."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.static_member_id_created.2_5",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="2.5-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static Member with unknown member id joins group {group} in {state} state. Created a new "
        "member id {member} for this member and add to the group.",
        derive=_details(member_id_required=False, static=True),
        examples=(
            "[2020-06-01 10:00:00,100] INFO [GroupCoordinator 1]: Static Member with unknown member id "
            "joins group payments in Stable state. Created a new member id "
            "payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 for this member and add to the group." + _GC,
        ),
    ),
    Template(
        id="group.static_member_id_created.3_0",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="3.0-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static member with groupInstanceId={instance_id:str} and unknown member id joins group "
        "{group} in {state} state. Created a new member id {member} for this member and add to the group.",
        derive=_details(member_id_required=False, static=True),
        examples=(
            "[2022-01-18 10:12:45,660] INFO [GroupCoordinator 1]: Static member with groupInstanceId="
            "inventory-a and unknown member id joins group inventory in Empty state. Created a new member "
            "id inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b for this member and add to the group." + _GC,
        ),
    ),
    Template(
        id="group.static_member_id_created.java",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Static member with groupInstanceId={instance_id:str} and unknown member id joins group "
        "{group} in {state} state. Created a new member id {member} for this member and added to the group.",
        derive=_details(member_id_required=False, static=True),
        examples=(
            "[2025-04-01 12:00:00,100] INFO " + _SHARD + "Static member with groupInstanceId=inventory-a "
            "and unknown member id joins group inventory in Empty state. Created a new member id "
            "inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b for this member and added to the group."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.static_member_replaced.3_0",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="3.0+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Static member with groupInstanceId={instance_id:str} and unknown member id joins group "
        "{group} in {state} state. Replacing previously mapped member {details.old_member:member} with "
        "this groupInstanceId.",
        note="the new member id is not logged here (member stays null)",
        examples=(
            "[2022-01-18 10:15:45,660] INFO [GroupCoordinator 1]: Static member with groupInstanceId="
            "inventory-a and unknown member id joins group inventory in Stable state. Replacing previously "
            "mapped member inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b with this groupInstanceId." + _GC,
        ),
    ),
    Template(
        id="group.static_member_replaced.2_5",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="2.5-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static member {instance_id:opt} of group {group} with unknown member id rejoins, assigning "
        "new member id {member}, while old member id {details.old_member:member} will be removed.",
        examples=(
            "[2020-06-01 10:05:00,100] INFO [GroupCoordinator 1]: Static member Some(payments-a) of group "
            "payments with unknown member id rejoins, assigning new member id "
            "payments-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d, while old member id "
            "payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 will be removed." + _GC,
        ),
    ),
    Template(
        id="group.static_member_replaced.2_3",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="2.3-2.4",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static member {instance_id:opt} with unknown member id rejoins, assigning new member id "
        "{member}, while old member {details.old_member:member} will be removed.",
        examples=(
            "[2019-09-01 10:05:00,100] INFO [GroupCoordinator 1]: Static member Some(payments-a) with "
            "unknown member id rejoins, assigning new member id payments-a-7a8b9c0d-1e2f-4a3b-8c4d-"
            "5e6f7a8b9c0d, while old member payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 will be removed."
            + _GC,
        ),
    ),
    Template(
        id="group.static_member_added.2_5",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="2.5-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Adding new static member {instance_id:opt} to group {group} with member id {member}.",
        derive=_details(static=True),
        examples=(
            "[2020-06-01 10:00:00,101] INFO [GroupCoordinator 1]: Adding new static member Some(payments-a) "
            "to group payments with member id payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9." + _GC,
        ),
    ),
    Template(
        id="group.static_join_no_rebalance.2_6",
        kind=Kind.GROUP_STATIC_JOIN_NO_REBALANCE,
        versions="2.6-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static member which joins during Stable stage and doesn't affect selectProtocol will not "
        "trigger rebalance.",
        const={"state": "Stable"},
        examples=(
            "[2021-07-09 11:09:00,100] INFO [GroupCoordinator 1]: Static member which joins during Stable "
            "stage and doesn't affect selectProtocol will not trigger rebalance." + _GC,
        ),
    ),
    Template(
        id="group.static_join_no_rebalance.2_3",
        kind=Kind.GROUP_STATIC_JOIN_NO_REBALANCE,
        versions="2.3-2.5",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Static member joins during {state} stage will not trigger rebalance.",
        note="2.3–2.4 print the group state, 2.5 the literal `Stable`",
        examples=(
            "[2019-09-01 10:05:00,101] INFO [GroupCoordinator 1]: Static member joins during Stable stage "
            "will not trigger rebalance." + _GC,
        ),
    ),
    Template(
        id="group.static_join_no_rebalance.java",
        kind=Kind.GROUP_STATIC_JOIN_NO_REBALANCE,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Static member which joins during Stable stage and doesn't affect the selected protocol will "
        "not trigger a rebalance.",
        const={"state": "Stable"},
        examples=(
            "[2025-04-01 12:09:00,100] INFO " + _SHARD + "Static member which joins during Stable stage "
            "and doesn't affect the selected protocol will not trigger a rebalance." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.static_persist_failed.2_6",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="2.6-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Failed to persist metadata for group {group}: {error:text}",
        level="WARN",
        note="a static member's new member id could not be written; the old id is restored",
        examples=(
            "[2021-07-09 11:09:00,200] WARN [GroupCoordinator 1]: Failed to persist metadata for group "
            "payments: The coordinator is not available." + _GC,
        ),
    ),
    Template(
        id="group.static_persist_failed.java",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Failed to persist metadata for group {group} static member {member} with group instance id "
        "{instance_id:str} due to {error:text}. Reverting to old member id {details.old_member:member}.",
        level="WARN",
        examples=(
            "[2025-04-01 12:09:00,200] WARN " + _SHARD + "Failed to persist metadata for group inventory "
            "static member inventory-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d with group instance id "
            "inventory-a due to The coordinator is not available.. Reverting to old member id "
            "inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.specific_member_joined.2_5",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="2.5-2.8",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Dynamic Member with specific member id {member} joins group {group} in {state} state. "
        "Adding to the group now.",
        level="DEBUG",
        note="the second JoinGroup of a KIP-394 pending member",
        examples=(
            "[2020-06-01 10:00:00,300] DEBUG [GroupCoordinator 1]: Dynamic Member with specific member id "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 joins group payments in Stable state. Adding "
            "to the group now." + _GC,
        ),
    ),
    Template(
        id="group.pending_member_joined",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.0+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Pending dynamic member with id {member} joins group {group} in {state} state. Adding to the "
        "group now.",
        derive=_details(pending=True),
        note="DEBUG in Scala 3.0–3.9 and Java 3.6–3.9, INFO in 4.0",
        examples=(
            "[2026-08-08 14:56:09,373] INFO [GroupCoordinator id=0 topic=__consumer_offsets partition=26] "
            "Pending dynamic member with id console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 joins "
            "group console-consumer-76228 in Empty state. Adding to the group now." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.rejoin_unexpected_state",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="2.2+",
        loggers=SCALA_OR_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="Attempt to add rejoining member {member} of group {group} in unexpected group state {state}",
        const={"error": "UNKNOWN_MEMBER_ID"},
        level="WARN",
        note="the JoinGroup is refused with UNKNOWN_MEMBER_ID",
        examples=(
            "[2019-06-01 10:00:10,003] WARN [GroupCoordinator 1]: Attempt to add rejoining member "
            "consumer-2-4a3d0f5e-0e1c-4c62-9b1d-7f60c1a2b3c4 of group payments in unexpected group state "
            "Dead" + _GC,
        ),
    ),
    # --- static membership fencing (KIP-345) -----------------------------------------------------------
    Template(
        id="group.static_member_fenced.3_0",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.0-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Request memberId={member} for static member with groupInstanceId={instance_id:str} is "
        "fenced by current memberId={details.current_member:member} during operation "
        "{details.operation:word}",
        const={"error": "FENCED_INSTANCE_ID"},
        examples=(
            "[2022-01-18 10:16:00,000] INFO [GroupCoordinator 1]: Request memberId="
            "inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b for static member with groupInstanceId="
            "inventory-a is fenced by current memberId=inventory-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d "
            "during operation heartbeat" + _GC,
        ),
    ),
    Template(
        id="group.static_member_fenced.java",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.6+",
        loggers=JAVA_CLASSIC_GROUP,
        prefix=JAVA_SHARD_PREFIX,
        text="Request memberId={member} for static member with groupInstanceId={instance_id:str} is "
        "fenced by existing memberId={details.current_member:member} during operation "
        "{details.operation:word}",
        const={"error": "FENCED_INSTANCE_ID"},
        examples=(
            "[2025-04-01 12:16:00,000] INFO " + _SHARD + "Request memberId="
            "inventory-a-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b for static member with groupInstanceId="
            "inventory-a is fenced by existing memberId=inventory-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d "
            "during operation sync-group (org.apache.kafka.coordinator.group.classic.ClassicGroup)",
        ),
    ),
    Template(
        id="group.static_member_fenced.2_5",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="2.5-2.8",
        loggers=GROUP_METADATA,
        text="given member.id {member} is identified as a known static member {instance_id:str}, but not "
        "matching the expected member.id {details.current_member:member} during {details.operation:word}, "
        "will respond with instance fenced error",
        const={"error": "FENCED_INSTANCE_ID"},
        level="ERROR",
        examples=(
            "[2020-06-01 10:06:00,000] ERROR given member.id payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 "
            "is identified as a known static member payments-a, but not matching the expected member.id "
            "payments-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d during heartbeat, will respond with instance "
            "fenced error (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.static_member_fenced.2_3",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="2.3-2.4",
        loggers=GROUP_METADATA,
        text="given member.id {member} is identified as a known static member {instance_id:str},but not "
        "matching the expected member.id {details.current_member:member}",
        const={"error": "FENCED_INSTANCE_ID"},
        level="ERROR",
        note="`,but` without a space is in the 2.3–2.4 source",
        examples=(
            "[2019-09-01 10:06:00,000] ERROR given member.id payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 "
            "is identified as a known static member payments-a,but not matching the expected member.id "
            "payments-a-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    # --- group leader lost at join completion (GroupMetadata 2.3+, ClassicGroup 3.6+) ----------------
    Template(
        id="group.leader_reelected.2_3",
        kind=Kind.GROUP_LEADER_REELECTED,
        versions="2.3-3.9",
        loggers=GROUP_METADATA,
        text="Group leader [member.id: {details.failed_leader:member}, group.instance.id: "
        "{details.failed_leader_instance_id:opt}] failed to join before rebalance timeout, while new "
        "leader " + MEMBER_METADATA + " was elected.",
        note="member and its fields = the new leader",
        examples=(
            "[2021-07-09 11:02:31,771] INFO Group leader [member.id: "
            "consumer-payments-1-7a1b2c3d-4e5f-6789-abcd-ef0123456789, group.instance.id: None] failed to "
            "join before rebalance timeout, while new leader MemberMetadata(memberId="
            "consumer-payments-2-5d3c1a62-0c2b-4c1e-9a37-1f7f3c0e8a11, groupInstanceId=None, clientId="
            "consumer-payments-2, clientHost=/10.12.0.8, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range), ) was elected. (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.leader_lost_no_member.2_3",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="2.3-3.9",
        loggers=GROUP_METADATA,
        text="Group leader [member.id: {details.failed_leader:member}, group.instance.id: "
        "{details.failed_leader_instance_id:opt}] failed to join before rebalance timeout, and the group "
        "couldn't proceed to next generationbecause no member joined.",
        note="`generationbecause` (no space) is in the source",
        examples=(
            "[2021-07-09 11:02:31,771] INFO Group leader [member.id: "
            "consumer-payments-1-7a1b2c3d-4e5f-6789-abcd-ef0123456789, group.instance.id: None] failed to "
            "join before rebalance timeout, and the group couldn't proceed to next generationbecause no "
            "member joined. (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.leader_reelected.java",
        kind=Kind.GROUP_LEADER_REELECTED,
        versions="3.6+",
        loggers=JAVA_CLASSIC_GROUP,
        prefix=JAVA_SHARD_PREFIX,
        text="Group leader [memberId: {details.failed_leader:member}, groupInstanceId: "
        "{details.failed_leader_instance_id:opt}] failed to join before the rebalance timeout. Member "
        + CLASSIC_MEMBER + " was elected as the new leader.",
        note="member and its fields = the new leader",
        examples=(
            "[2025-04-01 12:00:04,549] INFO " + _SHARD + "Group leader [memberId: "
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b, groupInstanceId: None] failed to "
            "join before the rebalance timeout. Member ClassicGroupMember(memberId='consumer-inventory-2-"
            "9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901', groupInstanceId='', clientId='consumer-inventory-2', "
            "clientHost='/10.12.0.7', rebalanceTimeoutMs=300000, sessionTimeoutMs=45000, "
            "protocolType='consumer', supportedProtocols=[range, cooperative-sticky]) was elected as the "
            "new leader. (org.apache.kafka.coordinator.group.classic.ClassicGroup)",
        ),
    ),
    Template(
        id="group.leader_lost_no_member.java",
        kind=Kind.GROUP_REBALANCE_FAILED,
        versions="3.6+",
        loggers=JAVA_CLASSIC_GROUP,
        prefix=JAVA_SHARD_PREFIX,
        text="Group leader [memberId: {details.failed_leader:member}, groupInstanceId: "
        "{details.failed_leader_instance_id:opt}] failed to join before the rebalance timeout and the "
        "group couldn't proceed to the next generation because no member joined.",
        examples=(
            "[2024-03-01 12:00:04,549] INFO " + _SHARD + "Group leader [memberId: "
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b, groupInstanceId: None] failed to "
            "join before the rebalance timeout and the group couldn't proceed to the next generation "
            "because no member joined. (org.apache.kafka.coordinator.group.generic.GenericGroup)",
        ),
    ),
    Template(
        id="group.protocol_unparseable",
        kind=Kind.GROUP_PROTOCOL_UNPARSEABLE,
        versions="2.4+",
        loggers=GROUP_METADATA + JAVA_CLASSIC_GROUP,
        prefix=Prefix(
            "[GroupCoordinator id={node} topic=__consumer_offsets partition={coordinator_partition}] ",
            optional=True,
        ),
        text="Failed to parse Consumer Protocol consumer:{protocol:str} of group {group}. Consumer group "
        "coordinator is not aware of the subscribed topics.",
        level="WARN",
        examples=(
            "[2020-02-14 16:40:03,551] WARN Failed to parse Consumer Protocol consumer:range of group "
            "payments. Consumer group coordinator is not aware of the subscribed topics. "
            "(kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.join_callback_failed",
        kind=Kind.GROUP_RESPONSE_FAILED,
        versions="3.3-3.9",
        loggers=GROUP_METADATA,
        text="Failed to invoke join callback for " + MEMBER_METADATA + " due to {error:text}.",
        const={"api": "JoinGroup"},
        level="ERROR",
        examples=(
            "[2022-11-02 07:45:19,004] ERROR Failed to invoke join callback for MemberMetadata(memberId="
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b, groupInstanceId=None, clientId="
            "consumer-inventory-1, clientHost=/10.12.0.7, sessionTimeoutMs=45000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range)) due to null. (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.sync_callback_failed",
        kind=Kind.GROUP_RESPONSE_FAILED,
        versions="3.3-3.9",
        loggers=GROUP_METADATA,
        text="Failed to invoke sync callback for " + MEMBER_METADATA + " due to {error:text}.",
        const={"api": "SyncGroup"},
        level="ERROR",
        examples=(
            "[2022-11-02 07:45:19,004] ERROR Failed to invoke sync callback for MemberMetadata(memberId="
            "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b, groupInstanceId=None, clientId="
            "consumer-inventory-1, clientHost=/10.12.0.7, sessionTimeoutMs=45000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range)) due to null. (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    Template(
        id="group.offsets_expired_from_group",
        kind=Kind.OFFSETS_EXPIRED,
        versions="2.1-3.9",
        loggers=GROUP_METADATA,
        text="Expired offsets from group '{group}': {partitions}",
        level="DEBUG",
        examples=(
            "[2020-10-05 03:00:00,117] DEBUG Expired offsets from group 'billing': Set(invoices-0, "
            "invoices-1) (kafka.coordinator.group.GroupMetadata)",
        ),
    ),
    # --- GroupMetadata$ (companion object): members of a group loaded from __consumer_offsets ------
    Template(
        id="group.member_loaded.2_8",
        kind=Kind.GROUP_LOADED,
        versions="2.8-3.9",
        loggers=GROUP_METADATA_OBJECT,
        text="Loaded member " + MEMBER_METADATA + " in group {group} with generation {generation}.",
        examples=(
            "[2021-04-27 12:00:20,147] INFO Loaded member MemberMetadata(memberId=consumer-console-consumer-"
            "45195-1-456bde98-b83e-4460-bcd1-5ffe32040c56, groupInstanceId=None, clientId=consumer-console-"
            "consumer-45195-1, clientHost=/127.0.0.1, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range), ) in group console-consumer-45195 with generation 1. "
            "(kafka.coordinator.group.GroupMetadata$)",
        ),
    ),
    Template(
        id="group.static_member_loaded.2_5",
        kind=Kind.GROUP_LOADED,
        versions="2.5-2.7",
        loggers=GROUP_METADATA_OBJECT,
        text="Static member " + MEMBER_METADATA + ".groupInstanceId of group {group} loaded with member id "
        "{details.loaded_member:member} at generation {generation}.",
        note="an interpolation slip prints the whole member, then the literal `.groupInstanceId`",
        examples=(
            "[2020-06-01 10:30:00,000] INFO Static member MemberMetadata(memberId=payments-a-6f1e2d3c-4b5a-"
            "4978-8695-a4b3c2d1e0f9, groupInstanceId=Some(payments-a), clientId=consumer-payments-1, "
            "clientHost=/10.12.0.7, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, "
            "supportedProtocols=List(range), ).groupInstanceId of group payments loaded with member id "
            "payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 at generation 7. "
            "(kafka.coordinator.group.GroupMetadata$)",
        ),
    ),
    # --- deletions -------------------------------------------------------------------------------------
    Template(
        id="group.groups_deleted.2_0",
        kind=Kind.GROUP_DELETED,
        versions="2.0+",
        loggers=SCALA_COORDINATOR_0_11 + JAVA_SHARD,
        prefix=SCALA_OR_SHARD_PREFIX,
        text="The following groups were deleted: {details.groups:strs}. A total of {count} offsets were "
        "removed.",
        const={"state": "Dead"},
        derive=_one_group,
        note="Scala 2.0–3.9; Java GroupCoordinatorShard 3.7+; group is set when one group is named",
        examples=(
            "[2021-04-28 16:20:00,001] INFO [GroupCoordinator 0]: The following groups were deleted: "
            "console-consumer-32513. A total of 1 offsets were removed." + _GC,
            "[2025-04-01 13:00:00,001] INFO " + _SHARD + "The following groups were deleted: a, b. A total "
            "of 3 offsets were removed. (org.apache.kafka.coordinator.group.GroupCoordinatorShard)",
        ),
    ),
    Template(
        id="group.groups_deleted.1_1",
        kind=Kind.GROUP_DELETED,
        versions="1.1",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="The following groups were deleted: {details.groups:strs}",
        const={"state": "Dead"},
        derive=_one_group,
        examples=(
            "[2018-06-01 16:20:00,001] INFO [GroupCoordinator 0]: The following groups were deleted: "
            "billing, orders" + _GC,
        ),
    ),
    Template(
        id="group.offsets_deleted_with_partitions",
        kind=Kind.OFFSETS_DELETED,
        versions="2.0-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="Removed {count} offsets associated with deleted partitions: {partitions}.",
        examples=(
            "[2022-04-25 21:40:13,909] INFO [GroupCoordinator 0]: Removed 3 offsets associated with deleted "
            "partitions: design-0, design-2, design-1." + _GC,
        ),
    ),
    Template(
        id="group.offsets_deleted_by_request",
        kind=Kind.OFFSETS_DELETED,
        versions="2.4-3.9",
        loggers=SCALA_COORDINATOR,
        prefix=SCALA_PREFIX,
        text="The following offsets of the group {group} were deleted: {partitions}. A total of {count} "
        "offsets were removed.",
        note="KIP-496 OffsetDelete",
        examples=(
            "[2021-04-28 16:20:00,001] INFO [GroupCoordinator 0]: The following offsets of the group "
            "billing were deleted: invoices-0, invoices-1. A total of 2 offsets were removed." + _GC,
        ),
    ),
    Template(
        id="group.tombstones_for_deleted_partitions",
        kind=Kind.OFFSETS_DELETED,
        versions="3.8+",
        loggers=JAVA_SHARD,
        prefix=JAVA_SHARD_PREFIX,
        text="Generated {count} tombstone records in {duration_ms} milliseconds while deleting offsets "
        "for partitions {partitions}.",
        examples=(
            "[2025-04-01 13:00:00,001] INFO " + _SHARD + "Generated 2 tombstone records in 1 milliseconds "
            "while deleting offsets for partitions [design-0, design-1]. "
            "(org.apache.kafka.coordinator.group.GroupCoordinatorShard)",
        ),
    ),
    Template(
        id="group.tombstones_for_expiration",
        kind=Kind.OFFSETS_EXPIRED,
        versions="3.7+",
        loggers=JAVA_SHARD,
        prefix=JAVA_SHARD_PREFIX,
        text="Generated {count} tombstone records while cleaning up group metadata in {duration_ms} "
        "milliseconds.",
        note="the offset-expiration run of the new coordinator, logged every run",
        examples=(
            "[2025-04-01 13:10:00,001] INFO " + _SHARD + "Generated 0 tombstone records while cleaning up "
            "group metadata in 0 milliseconds. (org.apache.kafka.coordinator.group.GroupCoordinatorShard)",
        ),
    ),
    # =========================================================================================
    # Scala GroupMetadataManager: __consumer_offsets partition load / unload, expiration
    # =========================================================================================
    Template(
        id="group.partition_load_scheduled.2_8_1",
        kind=Kind.COORDINATOR_LOAD_SCHEDULED,
        versions="2.8.1-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Scheduling loading of offsets and group metadata from " + OFFSETS_P + " for epoch "
        "{coordinator_epoch}",
        examples=(
            "[2023-01-16 17:27:59,223] INFO [GroupMetadataManager brokerId=0] Scheduling loading of offsets "
            "and group metadata from __consumer_offsets-3 for epoch 0" + _GMM,
        ),
    ),
    Template(
        id="group.partition_load_scheduled.0_11",
        kind=Kind.COORDINATOR_LOAD_SCHEDULED,
        versions="0.11-2.8.0",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Scheduling loading of offsets and group metadata from " + OFFSETS_P,
        examples=(
            "[2021-04-28 16:09:16,793] INFO [GroupMetadataManager brokerId=0] Scheduling loading of offsets "
            "and group metadata from __consumer_offsets-18" + _GMM,
        ),
    ),
    Template(
        id="group.partition_loading.0_10",
        kind=Kind.COORDINATOR_LOAD_SCHEDULED,
        versions="0.10",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Loading offsets and group metadata from " + OFFSETS_TP,
        note="0.10 logs the start of the load itself (on the scheduler thread)",
        examples=(
            "[2016-11-02 10:00:00,001] INFO [Group Metadata Manager on Broker 0]: Loading offsets and group "
            "metadata from [__consumer_offsets,7] (kafka.coordinator.GroupMetadataManager)",
            "[2017-06-12 09:00:00,001] INFO [Group Metadata Manager on Broker 0]: Loading offsets and group "
            "metadata from __consumer_offsets-7 (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.partition_loaded.2_8_1",
        kind=Kind.COORDINATOR_LOADED,
        versions="2.8.1-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished loading offsets and group metadata from " + OFFSETS_P + " in {duration_ms} "
        "milliseconds for epoch {coordinator_epoch}, of which {details.scheduler_ms:int} milliseconds was "
        "spent in the scheduler.",
        examples=(
            "[2023-01-16 17:27:59,246] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and "
            "group metadata from __consumer_offsets-3 in 20 milliseconds for epoch 0, of which 10 "
            "milliseconds was spent in the scheduler." + _GMM,
        ),
    ),
    Template(
        id="group.partition_loaded.2_6",
        kind=Kind.COORDINATOR_LOADED,
        versions="2.6-2.8.0",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished loading offsets and group metadata from " + OFFSETS_P + " in {duration_ms} "
        "milliseconds, of which {details.scheduler_ms:int} milliseconds was spent in the scheduler.",
        examples=(
            "[2021-04-28 16:09:16,797] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and "
            "group metadata from __consumer_offsets-18 in 4 milliseconds, of which 2 milliseconds was spent "
            "in the scheduler." + _GMM,
        ),
    ),
    Template(
        id="group.partition_loaded.0_11",
        kind=Kind.COORDINATOR_LOADED,
        versions="0.11-2.5",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished loading offsets and group metadata from " + OFFSETS_P + " in {duration_ms} "
        "milliseconds.",
        examples=(
            "[2020-01-31 23:08:33,587] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and "
            "group metadata from __consumer_offsets-22 in 6 milliseconds." + _GMM,
        ),
    ),
    Template(
        id="group.partition_loaded.0_10",
        kind=Kind.COORDINATOR_LOADED,
        versions="0.10",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished loading offsets from " + OFFSETS_TP + " in {duration_ms} milliseconds.",
        examples=(
            "[2016-11-02 10:00:00,051] INFO [Group Metadata Manager on Broker 0]: Finished loading offsets "
            "from [__consumer_offsets,7] in 50 milliseconds. (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.partition_already_loading.2_0",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="2.0-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Already loading offsets and group metadata from " + OFFSETS_P,
        examples=(
            "[2019-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Already loading offsets and "
            "group metadata from __consumer_offsets-17" + _GMM,
        ),
    ),
    Template(
        id="group.partition_already_loading.0_10",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="0.10-1.1",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Offset load from " + OFFSETS_TP + " already in progress.",
        examples=(
            "[2018-06-01 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Offset load from "
            "__consumer_offsets-17 already in progress." + _GMM,
        ),
    ),
    Template(
        id="group.partition_load_stale_epoch",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="2.8.1-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Not loading offsets and group metadata for " + OFFSETS_P + " in epoch {coordinator_epoch} "
        "since current epoch is {~(?:null|~}{details.current_epoch:int}{~)~}",
        examples=(
            "[2022-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not loading offsets and group "
            "metadata for __consumer_offsets-17 in epoch 4 since current epoch is 5" + _GMM,
        ),
    ),
    # the epoch is an Option[Int] until 3.4, a java.util.OptionalInt from 3.5 (GroupMetadataManager.scala)
    Template(
        id="group.partition_unload_stale_epoch",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="2.8.1-3.4",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Not removing offsets and group metadata for " + OFFSETS_P + " in epoch "
        "{coordinator_epoch:opt_int} since current epoch is {~(?:null|~}{details.current_epoch:int}{~)~}",
        examples=(
            "[2022-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not removing offsets and group "
            "metadata for __consumer_offsets-17 in epoch Some(4) since current epoch is null" + _GMM,
        ),
    ),
    Template(
        id="group.partition_unload_stale_epoch.3_5",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.5-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Not removing offsets and group metadata for " + OFFSETS_P + " in epoch "
        "{coordinator_epoch:optional_int} since current epoch is "
        "{~(?:null|~}{details.current_epoch:int}{~)~}",
        examples=(
            "[2022-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not removing offsets and group "
            "metadata for __consumer_offsets-17 in epoch OptionalInt[4] since current epoch is null" + _GMM,
        ),
    ),
    Template(
        id="group.partition_no_log.0_10_2",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="0.10.2-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Attempted to load offsets and group metadata from " + OFFSETS_P + ", but found no log",
        level="WARN",
        examples=(
            "[2019-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Attempted to load offsets and "
            "group metadata from __consumer_offsets-17, but found no log" + _GMM,
        ),
    ),
    Template(
        id="group.partition_no_log.0_10",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="0.10.0-0.10.1",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="No log found for " + OFFSETS_TP,
        level="WARN",
        examples=(
            "[2016-11-02 10:00:00,001] WARN [Group Metadata Manager on Broker 0]: No log found for "
            "[__consumer_offsets,7] (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.partition_load_error.0_10_2",
        kind=Kind.COORDINATOR_LOAD_FAILED,
        versions="0.10.2-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Error loading offsets from " + OFFSETS_P,
        level="ERROR",
        note="the exception follows on the next lines",
        examples=(
            "[2019-03-02 10:11:12,131] ERROR [GroupMetadataManager brokerId=1] Error loading offsets from "
            "__consumer_offsets-17" + _GMM + "\njava.lang.IllegalStateException: Unexpected unload of "
            "active group billing while loading partition __consumer_offsets-17",
        ),
    ),
    Template(
        id="group.partition_load_error.0_10",
        kind=Kind.COORDINATOR_LOAD_FAILED,
        versions="0.10.0-0.10.1",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Error in loading offsets from " + OFFSETS_TP,
        level="ERROR",
        examples=(
            "[2016-11-02 10:00:00,001] ERROR [Group Metadata Manager on Broker 0]: Error in loading offsets "
            "from [__consumer_offsets,7] (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.partition_load_buffer_larger",
        kind=Kind.COORDINATOR_LOAD_ANOMALY,
        versions="2.0-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Loaded offsets and group metadata from " + OFFSETS_P + " with buffer larger "
        "({details.bytes_needed:int} bytes) than configured offsets.load.buffer.size "
        "({details.load_buffer_size:int} bytes)",
        level="WARN",
        examples=(
            "[2019-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Loaded offsets and group "
            "metadata from __consumer_offsets-17 with buffer larger (10485800 bytes) than configured "
            "offsets.load.buffer.size (5242880 bytes)" + _GMM,
        ),
    ),
    Template(
        id="group.partition_load_unknown_key",
        kind=Kind.COORDINATOR_LOAD_ANOMALY,
        versions="3.4-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Unknown message key with version {details.key_version:int} while loading offsets and group "
        "metadata from " + OFFSETS_P + ". Ignoring it. It could be a left over from an aborted upgrade.",
        level="WARN",
        examples=(
            "[2023-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Unknown message key with "
            "version 3 while loading offsets and group metadata from __consumer_offsets-17. Ignoring it. It "
            "could be a left over from an aborted upgrade." + _GMM,
        ),
    ),
    Template(
        id="group.partition_unload_scheduled",
        kind=Kind.COORDINATOR_UNLOAD_SCHEDULED,
        versions="0.11-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Scheduling unloading of offsets and group metadata from " + OFFSETS_P,
        examples=(
            "[2021-04-28 16:41:30,511] INFO [GroupMetadataManager brokerId=0] Scheduling unloading of "
            "offsets "
            "and group metadata from __consumer_offsets-18" + _GMM,
        ),
    ),
    # the epoch is an Option[Int] until 3.4, a java.util.OptionalInt from 3.5 (GroupMetadataManager.scala)
    Template(
        id="group.partition_unloaded.2_8_1",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="2.8.1-3.4",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished unloading " + OFFSETS_P + " for coordinator epoch "
        "{coordinator_epoch:opt_int}. Removed {count} cached offsets and "
        "{details.groups_removed:int} cached groups.",
        examples=(
            "[2023-01-16 18:00:00,001] INFO [GroupMetadataManager brokerId=0] Finished unloading "
            "__consumer_offsets-3 for coordinator epoch Some(0). Removed 4 cached offsets and 1 cached "
            "groups." + _GMM,
        ),
    ),
    Template(
        id="group.partition_unloaded.3_5",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="3.5-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished unloading " + OFFSETS_P + " for coordinator epoch "
        "{coordinator_epoch:optional_int}. Removed {count} cached offsets and "
        "{details.groups_removed:int} cached groups.",
        examples=(
            "[2023-01-16 18:00:00,001] INFO [GroupMetadataManager brokerId=0] Finished unloading "
            "__consumer_offsets-3 for coordinator epoch OptionalInt[0]. Removed 4 cached offsets and 1 "
            "cached groups." + _GMM,
        ),
    ),
    Template(
        id="group.partition_unloaded.0_11",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="0.11-2.8.0",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Finished unloading " + OFFSETS_P + ". Removed {count} cached offsets and "
        "{details.groups_removed:int} cached groups.",
        examples=(
            "[2021-04-28 16:41:30,520] INFO [GroupMetadataManager brokerId=0] Finished unloading "
            "__consumer_offsets-18. Removed 0 cached offsets and 0 cached groups." + _GMM,
        ),
    ),
    Template(
        id="group.partition_offsets_unloaded.0_10",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="0.10",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Removed {count} cached offsets for " + OFFSETS_TP + " on follower transition.",
        examples=(
            "[2016-11-02 10:30:00,001] INFO [Group Metadata Manager on Broker 0]: Removed 3 cached offsets "
            "for [__consumer_offsets,7] on follower transition. (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.partition_groups_unloaded.0_10",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="0.10",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Removed {details.groups_removed:int} cached groups for " + OFFSETS_TP + " on follower "
        "transition.",
        examples=(
            "[2017-06-12 10:30:00,001] INFO [Group Metadata Manager on Broker 0]: Removed 1 cached groups "
            "for __consumer_offsets-7 on follower transition. (kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    # --- offset expiration and dead groups (offsets.retention.check.interval.ms) ------------------
    Template(
        id="group.offsets_expired",
        kind=Kind.OFFSETS_EXPIRED,
        versions="0.10-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Removed {count} expired offsets in {duration_ms} milliseconds.",
        note="logged on every run up to 2.6, only when something expired from 2.7",
        examples=(
            "[2018-05-27 11:28:07,420] INFO [Group Metadata Manager on Broker 0]: Removed 0 expired offsets "
            "in 3 milliseconds. (kafka.coordinator.GroupMetadataManager)",
            "[2020-05-28 08:05:18,378] INFO [GroupMetadataManager brokerId=0] Removed 0 expired offsets in 0 "
            "milliseconds." + _GMM,
        ),
    ),
    Template(
        id="group.dead",
        kind=Kind.GROUP_DEAD,
        versions="0.10.1-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Group {group} transitioned to Dead in generation {generation}",
        const={"state": "Dead", "prev_state": "Empty"},
        note="an Empty group whose last offsets expired; its tombstone follows",
        examples=(
            "[2022-04-25 22:07:41,390] INFO [GroupMetadataManager brokerId=0] Group my-group2 transitioned "
            "to Dead in generation 6" + _GMM,
        ),
    ),
    Template(
        id="group.expiration_not_coordinator",
        kind=Kind.GROUP_UNLOADED,
        versions="0.10.1-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="BrokerId {node} is no longer a coordinator for the group {group}. Proceeding cleanup for "
        "other alive groups",
        examples=(
            "[2019-03-02 10:21:12,131] INFO [GroupMetadataManager brokerId=1] BrokerId 1 is no longer a "
            "coordinator for the group billing. Proceeding cleanup for other alive groups" + _GMM,
        ),
    ),
    Template(
        id="group.moved_after_txn_marker",
        kind=Kind.GROUP_UNLOADED,
        versions="0.11-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Group {group} has moved away from {node} after transaction marker was written but before "
        "the cache was updated. The cache on the new group owner will be updated instead.",
        examples=(
            "[2019-03-02 10:21:12,131] INFO [GroupMetadataManager brokerId=1] Group billing has moved away "
            "from 1 after transaction marker was written but before the cache was updated. The cache on the "
            "new group owner will be updated instead." + _GMM,
        ),
    ),
    Template(
        id="group.tombstones_failed.0_10_2",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="0.10.2-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Failed to append {count} tombstones to " + OFFSETS_P + " for expired/deleted offsets and/or "
        "metadata for group {group}.",
        level="ERROR",
        examples=(
            "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Failed to append 3 tombstones "
            "to __consumer_offsets-17 for expired/deleted offsets and/or metadata for group billing." + _GMM,
        ),
    ),
    Template(
        id="group.tombstones_failed.0_10_1",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="0.10.1",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Failed to append {count} tombstones to " + OFFSETS_TP + " for expired offsets and/or "
        "metadata for group {group}.",
        level="ERROR",
        examples=(
            "[2016-11-02 10:21:12,131] ERROR [Group Metadata Manager on Broker 0]: Failed to append 3 "
            "tombstones to [__consumer_offsets,17] for expired offsets and/or metadata for group billing. "
            "(kafka.coordinator.GroupMetadataManager)",
        ),
    ),
    Template(
        id="group.metadata_append_failed",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="0.10-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Appending metadata message for group {group} generation {generation} failed due to "
        "{error}, returning UNKNOWN error code to the client",
        level="ERROR",
        examples=(
            "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Appending metadata message "
            "for "
            "group billing generation 13 failed due to "
            "org.apache.kafka.common.errors.RecordTooLargeException, "
            "returning UNKNOWN error code to the client" + _GMM,
        ),
    ),
    Template(
        id="group.metadata_append_unexpected_error",
        kind=Kind.GROUP_WRITE_FAILED,
        versions="0.10-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="Appending metadata message for group {group} generation {generation} failed due to "
        "unexpected error: {error}",
        level="ERROR",
        note="0.10.0 printed the numeric error code",
        examples=(
            "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Appending metadata message "
            "for "
            "group billing generation 13 failed due to unexpected error: "
            "org.apache.kafka.common.errors.KafkaStorageException" + _GMM,
        ),
    ),
    Template(
        id="group.offset_commit_mixed",
        kind=Kind.OFFSET_COMMIT_MIXED,
        versions="0.11-3.9",
        loggers=SCALA_MANAGER,
        prefix=MANAGER_PREFIX,
        text="group: {group} with leader: {~(?:null|~}{member}{~)~} has received offset commits from "
        "consumers as well as transactional producers. Mixing both types of offset commits will generally "
        "result in surprises and should be avoided.",
        level="WARN",
        note="member = the group leader (`null` when there is none)",
        examples=(
            "[2019-03-02 10:21:12,131] WARN [GroupMetadataManager brokerId=1] group: billing with leader: "
            "consumer-1-3c955a71-570c-4d27-beab-bbd7590cd8b0 has received offset commits from consumers as "
            "well as transactional producers. Mixing both types of offset commits will generally result in "
            "surprises and should be avoided." + _GMM,
        ),
    ),
    # =========================================================================================
    # Java GroupMetadataManager (3.6+): classic groups' load / unload, KIP-848 consumer groups
    # =========================================================================================
    Template(
        id="group.classic_group_loaded",
        kind=Kind.GROUP_LOADED,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Loaded classic group {group} with {members} members.",
        derive=_details(group_type="classic"),
        examples=(
            "[2025-04-01 12:00:00,010] INFO " + _SHARD + "Loaded classic group inventory with 2 members."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.generic_group_loaded",
        kind=Kind.GROUP_LOADED,
        versions="3.6",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Loaded generic group {group} with {members} members.",
        derive=_details(group_type="classic"),
        examples=(
            "[2024-03-01 12:00:00,010] INFO " + _SHARD + "Loaded generic group inventory with 2 members."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_group_loaded",
        kind=Kind.GROUP_LOADED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="Loaded consumer group {group} with {members} members.",
        derive=_details(group_type="consumer"),
        examples=(
            "[2025-04-01 12:00:00,011] INFO " + _SHARD + "Loaded consumer group orders with 3 members."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.classic_group_unloading",
        kind=Kind.GROUP_UNLOADED,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId={group}] Unloading group metadata for generation {generation}.",
        const={"state": "Dead"}, derive=_details(group_type="classic"),
        examples=(
            "[2025-04-01 14:00:00,011] INFO " + _SHARD + "[GroupId=inventory] Unloading group metadata for "
            "generation 11." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_group_unloaded",
        kind=Kind.GROUP_UNLOADED,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId={group}] Unloaded group metadata for group epoch {generation}.",
        note="consumer (3.8+) and share (3.9+) groups; generation = the group epoch",
        examples=(
            "[2025-04-01 14:00:00,012] INFO " + _SHARD + "[GroupId=orders] Unloaded group metadata for group "
            "epoch 17." + _JAVA_GMM,
        ),
    ),
    # KIP-848 online migration refused (3.8+)
    _conversion("group.upgrade_refused.disabled",
                "Cannot upgrade classic group {group} to consumer group because the online upgrade is "
                "disabled.", "online upgrade disabled",
                "[2025-04-01 12:00:00,020] INFO " + _SHARD + "Cannot upgrade classic group inventory to "
                "consumer group because the online upgrade is disabled." + _JAVA_GMM),
    _conversion("group.upgrade_refused.protocol",
                "Cannot upgrade classic group {group} to consumer group because the group does not use the "
                "consumer embedded protocol.", "not the consumer embedded protocol",
                "[2025-04-01 12:00:00,021] INFO "
                "" + _SHARD + "Cannot upgrade classic group connect-cluster to "
                "consumer group because the group does not use the consumer embedded protocol." + _JAVA_GMM),
    _conversion("group.upgrade_refused.size",
                "Cannot upgrade classic group {group} to consumer group because the group size exceeds the "
                "consumer group maximum size.", "group too large",
                "[2025-04-01 12:00:00,022] INFO " + _SHARD + "Cannot upgrade classic group inventory to "
                "consumer group because the group size exceeds the consumer group maximum size." + _JAVA_GMM),
    _conversion("group.downgrade_refused.disabled",
                "Cannot downgrade consumer group {group} to classic group because the online downgrade is "
                "disabled.", "online downgrade disabled",
                "[2025-04-01 12:00:00,023] INFO " + _SHARD + "Cannot downgrade consumer group orders to "
                "classic group because the online downgrade is disabled." + _JAVA_GMM),
    _conversion("group.downgrade_refused.size",
                "Cannot downgrade consumer group {group} to classic group because its group size is greater "
                "than classic group max size.", "group too large",
                "[2025-04-01 12:00:00,024] INFO " + _SHARD + "Cannot downgrade consumer group orders to "
                "classic group because its group size is greater than classic group max size." + _JAVA_GMM),
    # --- KIP-848 consumer groups: joins ---------------------------------------------------------------
    Template(
        id="group.consumer_member_joined.3_9",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} joins the consumer group using the "
        "{details.rebalance_protocol:word} protocol.",
        derive=_details(group_type="consumer"),
        examples=(
            "[2024-11-02 08:11:02,777] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "joins the consumer group using the consumer protocol." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_joined.3_6",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.6-3.8",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} joins the consumer group.",
        derive=_details(group_type="consumer"),
        examples=(
            "[2024-03-01 08:11:02,777] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "joins the consumer group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_joined.3_9",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member {member} with instance id {instance_id:str} joins the consumer "
        "group using the {details.rebalance_protocol:word} protocol.",
        derive=_details(group_type="consumer", static=True),
        examples=(
            "[2024-11-02 08:11:02,778] INFO " + _SHARD + "[GroupId orders] Static member "
            "Qm9vdHN0cmFwU3RhdGljMQ with instance id orders-a joins the consumer group using the consumer "
            "protocol." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_joined.3_7",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.7-3.8",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member {member} with instance id {instance_id:str} joins the consumer "
        "group.",
        derive=_details(group_type="consumer", static=True),
        examples=(
            "[2024-06-02 08:11:02,778] INFO " + _SHARD + "[GroupId orders] Static member "
            "Qm9vdHN0cmFwU3RhdGljMQ with instance id orders-a joins the consumer group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_replaced.3_9",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member with instance id {instance_id:str} re-joins the consumer group "
        "using the {details.rebalance_protocol:word} protocol. Created a new member {member} to replace the "
        "existing member {details.old_member:member}.",
        derive=_details(group_type="consumer"),
        examples=(
            "[2024-11-02 08:15:02,778] INFO " + _SHARD + "[GroupId orders] Static member with instance id "
            "orders-a re-joins the consumer group using the consumer protocol. Created a new member "
            "U2Vjb25kU3RhdGljTWVtYg to replace the existing member Qm9vdHN0cmFwU3RhdGljMQ." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_replaced.3_8",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="3.8",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member with unknown member id and instance id {instance_id:str} "
        "re-joins the consumer group. Created a new member {member} to replace the existing member "
        "{details.old_member:member}.",
        derive=_details(group_type="consumer"),
        examples=(
            "[2024-08-02 08:15:02,778] INFO " + _SHARD + "[GroupId orders] Static member with unknown member "
            "id and instance id orders-a re-joins the consumer group. Created a new member "
            "U2Vjb25kU3RhdGljTWVtYg to replace the existing member Qm9vdHN0cmFwU3RhdGljMQ." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_replaced.3_7",
        kind=Kind.GROUP_STATIC_MEMBER_REPLACED,
        versions="3.7",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member {member} with instance id {instance_id:str} re-joins the "
        "consumer group.",
        derive=_details(group_type="consumer"),
        note="member = the new member id; the replaced one is not logged",
        examples=(
            "[2024-06-02 08:15:02,778] INFO " + _SHARD + "[GroupId orders] Static member "
            "U2Vjb25kU3RhdGljTWVtYg with instance id orders-a re-joins the consumer group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_id_required",
        kind=Kind.GROUP_MEMBER_ID_CREATED,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Dynamic member with unknown member id joins the consumer group. Created a "
        "new member id {member} and requesting the member to rejoin with this id.",
        derive=_details(member_id_required=True, group_type="consumer"),
        note="a classic-protocol member joining a KIP-848 consumer group",
        examples=(
            "[2024-08-02 08:15:02,778] INFO "
            "" + _SHARD + "[GroupId orders] Dynamic member with unknown member "
            "id joins the consumer group. Created a new member id "
            "consumer-orders-1-2b9c3d4e-5f60-4718-8293-a4b5c6d7e8f9 and requesting the member to rejoin with "
            "this id." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.share_member_joined",
        kind=Kind.GROUP_MEMBER_JOINED,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} joins the share group using the share protocol.",
        derive=_details(group_type="share"),
        note="KIP-932 share groups (early access)",
        examples=(
            "[2024-11-02 08:11:02,777] INFO " + _SHARD + "[GroupId shares] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "joins the share group using the share protocol." + _JAVA_GMM,
        ),
    ),
    # --- KIP-848: epochs, assignments, subscriptions ----------------------------------------------------
    Template(
        id="group.epoch_bumped",
        kind=Kind.GROUP_EPOCH_BUMPED,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Bumped group epoch to {generation}.",
        examples=(
            "[2024-11-02 08:11:02,779] INFO " + _SHARD + "[GroupId orders] Bumped group epoch to 17."
            + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.target_assignment.4_0",
        kind=Kind.GROUP_TARGET_ASSIGNMENT,
        versions="4.0+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Computed a new target assignment for epoch {generation} with "
        "'{protocol:str}' assignor in {duration_ms}ms.",
        note="4.0 logs the assignment itself at DEBUG only",
        examples=(
            "[2025-04-01 08:11:02,790] INFO " + _SHARD + "[GroupId orders] Computed a new target assignment "
            "for epoch 17 with 'uniform' assignor in 2ms." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.target_assignment.3_8",
        kind=Kind.GROUP_TARGET_ASSIGNMENT,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Computed a new target assignment for epoch {generation} with "
        "'{protocol:str}' assignor in {duration_ms}ms: {details.assignment:text}.",
        note="INFO 3.8–3.9, DEBUG in 4.0",
        examples=(
            "[2024-11-02 08:11:02,790] INFO " + _SHARD + "[GroupId orders] Computed a new target assignment "
            "for epoch 17 with 'uniform' assignor in 2ms: {Fz0pHq6kTtO8jK3b7a1Lqw=MemberAssignment("
            "targetPartitions={kL8m2nOpQrS9tUvWxYz0Aw=[0, 1]})}." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.target_assignment.3_7",
        kind=Kind.GROUP_TARGET_ASSIGNMENT,
        versions="3.7",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Computed a new target assignment for epoch {generation} with "
        "'{protocol:str}' assignor: {details.assignment:text}.",
        examples=(
            "[2024-06-02 08:11:02,790] INFO " + _SHARD + "[GroupId orders] Computed a new target assignment "
            "for epoch 17 with 'range' assignor: {Fz0pHq6kTtO8jK3b7a1Lqw=MemberAssignment(targetPartitions="
            "{kL8m2nOpQrS9tUvWxYz0Aw=[0, 1]})}." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.target_assignment.3_6",
        kind=Kind.GROUP_TARGET_ASSIGNMENT,
        versions="3.6",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Computed a new target assignment for epoch {generation}: "
        "{details.assignment:text}.",
        examples=(
            "[2024-03-01 08:11:02,790] INFO " + _SHARD + "[GroupId orders] Computed a new target assignment "
            "for epoch 17: {Fz0pHq6kTtO8jK3b7a1Lqw=MemberAssignment(targetPartitions="
            "{kL8m2nOpQrS9tUvWxYz0Aw=[0, 1]})}." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.target_assignment_failed",
        kind=Kind.GROUP_TARGET_ASSIGNMENT,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Failed to compute a new target assignment for epoch {generation}: "
        "{error:text}.",
        level="ERROR",
        examples=(
            "[2024-11-02 08:11:02,790] ERROR " + _SHARD + "[GroupId orders] Failed to compute a new target "
            "assignment for epoch 17: Unknown assignor bogus." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.subscription_metadata",
        kind=Kind.GROUP_SUBSCRIPTION_METADATA,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Computed new subscription metadata: {details.subscription_metadata:text}.",
        note="INFO 3.6–3.9, DEBUG in 4.0",
        examples=(
            "[2024-11-02 08:11:02,780] INFO " + _SHARD + "[GroupId orders] Computed new subscription "
            "metadata: {orders=TopicMetadata(id=kL8m2nOpQrS9tUvWxYz0Aw, name=orders, numPartitions=2, "
            "partitionRacks={})}." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_subscribed_topics",
        kind=Kind.GROUP_SUBSCRIPTION_METADATA,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} updated its subscribed topics to: {details.topics:strs}.",
        note="INFO 3.6–3.9, DEBUG in 4.0",
        examples=(
            "[2024-11-02 08:11:02,778] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "updated its subscribed topics to: [orders, payments]." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_subscribed_regex",
        kind=Kind.GROUP_SUBSCRIPTION_METADATA,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} updated its subscribed regex to: {details.regex:text}.",
        examples=(
            "[2024-11-02 08:11:02,778] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "updated its subscribed regex to: orders-.*." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_assignment_state.3_8",
        kind=Kind.GROUP_MEMBER_ASSIGNMENT,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} new assignment state: epoch={details.member_epoch:int}, "
        "previousEpoch={details.previous_member_epoch:int}, state={state:word}, "
        "assignedPartitions={details.assigned_partitions:strs} and "
        "revokedPartitions={details.revoked_partitions:strs}.",
        note="state = the member's (STABLE, UNREVOKED_PARTITIONS, UNRELEASED_PARTITIONS, UNKNOWN); "
        "partitions are topic ids (`<uuid>-<p>`); INFO 3.8–3.9, DEBUG in 4.0",
        examples=(
            "[2024-11-02 08:11:02,791] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw new "
            "assignment state: epoch=17, previousEpoch=16, state=UNREVOKED_PARTITIONS, assignedPartitions="
            "[kL8m2nOpQrS9tUvWxYz0Aw-0] and revokedPartitions=[kL8m2nOpQrS9tUvWxYz0Aw-1]." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_assignment_state.share",
        kind=Kind.GROUP_MEMBER_ASSIGNMENT,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} new assignment state: epoch={details.member_epoch:int}, "
        "previousEpoch={details.previous_member_epoch:int}, state={state:word}, "
        "assignedPartitions={details.assigned_partitions:strs}.",
        note="share groups (3.9+); in 4.0 also the INFO form for consumer groups",
        examples=(
            "[2024-11-02 08:11:02,791] INFO " + _SHARD + "[GroupId shares] Member Fz0pHq6kTtO8jK3b7a1Lqw new "
            "assignment state: epoch=3, previousEpoch=2, state=STABLE, assignedPartitions="
            "[kL8m2nOpQrS9tUvWxYz0Aw-0, kL8m2nOpQrS9tUvWxYz0Aw-1]." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.member_assignment_transition.3_6",
        kind=Kind.GROUP_MEMBER_ASSIGNMENT,
        versions="3.6-3.7",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} transitioned from "
        "CurrentAssignment(memberEpoch={details.previous_member_epoch:int}, {details.from:str}) to "
        "CurrentAssignment(memberEpoch={details.member_epoch:int}, previousMemberEpoch={~-?\\d+~}, "
        "targetMemberEpoch={details.target_member_epoch:int}, state={state:word}, {details.to:str}).",
        note="the member's assignment summary before and after; state = the member's state after",
        examples=(
            "[2024-03-01 08:11:02,791] INFO " + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw "
            "transitioned from CurrentAssignment(memberEpoch=16, previousMemberEpoch=15, "
            "targetMemberEpoch=16, "
            "state=stable, assignedPartitions={kL8m2nOpQrS9tUvWxYz0Aw=[0, 1]}, "
            "partitionsPendingRevocation={}, "
            "partitionsPendingAssignment={}) to CurrentAssignment(memberEpoch=16, previousMemberEpoch=15, "
            "targetMemberEpoch=17, state=revoking, assignedPartitions={kL8m2nOpQrS9tUvWxYz0Aw=[0]}, "
            "partitionsPendingRevocation={kL8m2nOpQrS9tUvWxYz0Aw=[1]}, partitionsPendingAssignment={})."
            + _JAVA_GMM,
        ),
    ),
    # --- KIP-848: leaving and fencing -------------------------------------------------------------------
    Template(
        id="group.consumer_static_member_left_temporarily",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static Member {member} with instance id {instance_id:str} temporarily left "
        "the consumer group.",
        const={"cause": "leave"}, derive=_details(temporary=True, group_type="consumer"),
        note="member epoch -2: the static member keeps its assignment for its session timeout",
        examples=(
            "[2024-11-02 08:20:02,791] INFO " + _SHARD + "[GroupId orders] Static Member "
            "Qm9vdHN0cmFwU3RhdGljMQ with instance id orders-a temporarily left the consumer "
            "group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_left",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static Member {member} with instance id {instance_id:str} left the consumer "
        "group.",
        const={"cause": "leave"}, derive=_details(group_type="consumer"),
        examples=(
            "[2024-11-02 08:20:02,791] INFO " + _SHARD + "[GroupId orders] Static Member "
            "Qm9vdHN0cmFwU3RhdGljMQ with instance id orders-a left the consumer group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_left",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.6+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} left the consumer group.",
        const={"cause": "leave"}, derive=_details(group_type="consumer"),
        examples=(
            "[2024-11-02 08:20:02,791] INFO "
            "" + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw left "
            "the consumer group." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.share_member_left",
        kind=Kind.GROUP_MEMBER_LEFT,
        versions="3.9+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} left the share group.",
        const={"cause": "leave"}, derive=_details(group_type="share"),
        examples=(
            "[2024-11-02 08:20:02,791] INFO "
            "" + _SHARD + "[GroupId shares] Member Fz0pHq6kTtO8jK3b7a1Lqw left "
            "the share group." + _JAVA_GMM,
        ),
    ),
    # Fencing: the 3.6–3.7 wordings and the 3.8 epoch-transition one are more specific than the
    # 3.8+ `because {reason}.` form that would also match them: they come first.
    Template(
        id="group.consumer_member_fenced_session.3_6",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.6-3.7",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} fenced from the group because its session expired.",
        const={"cause": "heartbeat_expiration"},
        examples=(
            "[2024-03-01 08:13:40,010] INFO "
            "" + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw fenced "
            "from the group because its session expired." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_fenced_revocation.3_6",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.6-3.7",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} fenced from the group because it failed to revoke "
        "partitions within {details.timeout_ms:int}ms.",
        const={"cause": "revocation_timeout"},
        examples=(
            "[2024-03-01 08:13:40,010] INFO "
            "" + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw fenced "
            "from the group because it failed to revoke partitions within 300000ms." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_fenced_rebalance_timeout",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} fenced from the group because it failed to transition from "
        "epoch {details.member_epoch:int} within {details.timeout_ms:int}ms.",
        const={"cause": "rebalance_timeout"},
        examples=(
            "[2024-11-02 08:13:40,010] INFO "
            "" + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw fenced "
            "from the group because it failed to transition from epoch 16 within 300000ms." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_member_fenced.3_8",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.8+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Member {member} fenced from the group because {reason:text}.",
        derive=_fence_cause,
        note="the reasons end with their own period, so lines end with `..`",
        examples=(
            "[2024-11-02 08:13:40,010] INFO "
            "" + _SHARD + "[GroupId orders] Member Fz0pHq6kTtO8jK3b7a1Lqw fenced "
            "from the group because the member session expired.." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_member_fenced",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member {member} with instance id {instance_id:str} is fenced by "
        "existing member {details.current_member:member}.",
        const={"error": "FENCED_INSTANCE_ID"},
        examples=(
            "[2024-11-02 08:13:40,010] INFO " + _SHARD + "[GroupId orders] Static member "
            "U2Vjb25kU3RhdGljTWVtYg with instance id orders-a is fenced by existing member "
            "Qm9vdHN0cmFwU3RhdGljMQ." + _JAVA_GMM,
        ),
    ),
    Template(
        id="group.consumer_static_instance_owned",
        kind=Kind.GROUP_MEMBER_FENCED,
        versions="3.7+",
        loggers=JAVA_GROUP_MANAGER,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Static member {member} with instance id {instance_id:str} cannot join the "
        "group because the instance id is is owned by member {details.current_member:member}.",
        const={"error": "UNRELEASED_INSTANCE_ID"},
        note="`is is` is in the source",
        examples=(
            "[2024-11-02 08:13:40,010] INFO " + _SHARD + "[GroupId orders] Static member "
            "U2Vjb25kU3RhdGljTWVtYg with instance id orders-a cannot join the group because the instance id "
            "is is owned by member Qm9vdHN0cmFwU3RhdGljMQ." + _JAVA_GMM,
        ),
    ),
    # --- 4.0: simple groups created by a manual offset commit ----------------------------------------
    Template(
        id="group.simple_group_created",
        kind=Kind.GROUP_CREATED,
        versions="4.0+",
        loggers=JAVA_OFFSETS,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Creating a simple consumer group via manual offset commit.",
        const={"state": "Empty"}, derive=_details(group_type="classic"),
        examples=(
            "[2025-04-01 12:30:00,000] INFO "
            "" + _SHARD + "[GroupId reporting] Creating a simple consumer group "
            "via manual offset commit. (org.apache.kafka.coordinator.group.OffsetMetadataManager)",
        ),
    ),
    Template(
        id="group.offset_expired",
        kind=Kind.OFFSETS_EXPIRED,
        versions="3.7+",
        loggers=JAVA_OFFSETS,
        prefix=JAVA_SHARD_PREFIX,
        text="[GroupId {group}] Expired offset for partition={tp}",
        const={"count": 1},
        level="DEBUG",
        examples=(
            "[2025-04-01 13:10:00,000] DEBUG " + _SHARD + "[GroupId billing] Expired offset for "
            "partition=invoices-0 (org.apache.kafka.coordinator.group.OffsetMetadataManager)",
        ),
    ),
    # =========================================================================================
    # CoordinatorRuntime (3.6+): __consumer_offsets partitions loaded / unloaded by the new runtime
    # =========================================================================================
    Template(
        id="group.runtime_load_scheduled",
        kind=Kind.COORDINATOR_LOAD_SCHEDULED,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Scheduling loading of metadata from " + OFFSETS_P + " with epoch {coordinator_epoch}",
        examples=(
            "[2026-08-08 14:56:09,268] INFO [GroupCoordinator id=0] Scheduling loading of metadata from "
            "__consumer_offsets-13 with epoch 0" + _RT40,
        ),
    ),
    Template(
        id="group.runtime_loaded.3_8",
        kind=Kind.COORDINATOR_LOADED,
        versions="3.8+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Finished loading of metadata from " + OFFSETS_P + " with epoch {coordinator_epoch} in "
        "{duration_ms}ms where {details.scheduler_ms:int}ms was spent in the scheduler. Loaded {count} "
        "records which total to {details.bytes:int} bytes.",
        examples=(
            "[2026-08-08 14:56:09,342] INFO [GroupCoordinator id=0] Finished loading of metadata from "
            "__consumer_offsets-41 with epoch 0 in 0ms where 0ms was spent in the scheduler. Loaded 0 "
            "records "
            "which total to 0 bytes." + _RT40,
        ),
    ),
    Template(
        id="group.runtime_loaded.3_7",
        kind=Kind.COORDINATOR_LOADED,
        versions="3.7",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Finished loading of metadata from " + OFFSETS_P + " with epoch {coordinator_epoch} and "
        "LoadSummary=LoadSummary(startTimeMs={details.start_ms:int}, endTimeMs={details.end_ms:int}, "
        "numRecords={count}, numBytes={details.bytes:int}).",
        derive=_load_summary,
        examples=(
            "[2024-06-02 08:10:55,402] INFO [GroupCoordinator id=1] Finished loading of metadata from "
            "__consumer_offsets-5 with epoch 12 and LoadSummary=LoadSummary(startTimeMs=1717315855317, "
            "endTimeMs=1717315855402, numRecords=1520, numBytes=214032)." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_loaded.3_6",
        kind=Kind.COORDINATOR_LOADED,
        versions="3.6",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Finished loading of metadata from " + OFFSETS_P + " with epoch {coordinator_epoch}.",
        examples=(
            "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Finished loading of metadata from "
            "__consumer_offsets-5 with epoch 12." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_already_loading",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="The coordinator " + OFFSETS_P + " is already loading metadata.",
        examples=(
            "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] The coordinator __consumer_offsets-5 is "
            "already loading metadata." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_already_active",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="The coordinator " + OFFSETS_P + " is already active.",
        examples=(
            "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] The coordinator __consumer_offsets-5 is "
            "already active." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_load_stale_epoch.3_8",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.8+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored loading metadata from " + OFFSETS_P + " since current epoch "
        "{details.current_epoch:int} is larger than or equals to {coordinator_epoch}.",
        examples=(
            "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] Ignored loading metadata from "
            "__consumer_offsets-5 since current epoch 13 is larger than or equals to 12." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_load_stale_epoch.3_6",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.6-3.7",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignoring loading metadata from " + OFFSETS_P + " since current epoch "
        "{details.current_epoch:int} is larger than or equals to {coordinator_epoch}.",
        examples=(
            "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Ignoring loading metadata from "
            "__consumer_offsets-5 since current epoch 13 is larger than or equals to 12." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_load_completion_ignored.3_8",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.8+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored load completion from " + OFFSETS_P + " because context is in {state:word} state.",
        note="state = the shard's runtime state (INITIAL, LOADING, ACTIVE, FAILED, CLOSED)",
        examples=(
            "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] Ignored load completion from "
            "__consumer_offsets-5 because context is in CLOSED state." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_load_completion_ignored.3_6",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.6-3.7",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignoring load completion from " + OFFSETS_P + " because context is in {state:word} state.",
        examples=(
            "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Ignoring load completion from "
            "__consumer_offsets-5 because context is in CLOSED state." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_load_failed",
        kind=Kind.COORDINATOR_LOAD_FAILED,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Failed to load metadata from " + OFFSETS_P + " with epoch {coordinator_epoch} due to "
        "{error:text}.",
        level="ERROR",
        examples=(
            "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] Failed to load metadata from "
            "__consumer_offsets-5 with epoch 12 due to "
            "org.apache.kafka.common.errors.NotLeaderOrFollowerException: "
            "Not leader." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_cannot_load",
        kind=Kind.COORDINATOR_LOAD_FAILED,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Cannot load coordinator " + OFFSETS_P + " in state {state:word}.",
        level="ERROR",
        examples=(
            "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] Cannot load coordinator "
            "__consumer_offsets-5 in state CLOSED." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_out_of_sync",
        kind=Kind.COORDINATOR_LOAD_FAILED,
        versions="3.8+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="The state machine of the coordinator " + OFFSETS_P + " is out of sync with the underlying log. "
        "The last written offset returned is {offset} while the coordinator expected "
        "{details.expected_offset:int}. The coordinator will be reloaded in order to re-synchronize the "
        "state machine.",
        level="ERROR",
        examples=(
            "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] The state machine of the coordinator "
            "__consumer_offsets-5 is out of sync with the underlying log. The last written offset returned "
            "is "
            "1520 while the coordinator expected 1530. The coordinator will be reloaded in order to "
            "re-synchronize the state machine." + _RT39,
        ),
    ),
    # Unloading: the epoch is an int up to 3.9 and a java.util.OptionalInt from 4.0 (empty when the
    # topic was deleted).
    Template(
        id="group.runtime_unload_scheduled.4_0",
        kind=Kind.COORDINATOR_UNLOAD_SCHEDULED,
        versions="4.0+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Scheduling unloading of metadata for " + OFFSETS_P + " with epoch "
        "{coordinator_epoch:optional_int}",
        examples=(
            "[2026-08-08 14:49:23,856] INFO [GroupCoordinator id=0] Scheduling unloading of metadata for "
            "__consumer_offsets-13 with epoch OptionalInt[1]" + _RT40,
        ),
    ),
    Template(
        id="group.runtime_unload_scheduled.3_6",
        kind=Kind.COORDINATOR_UNLOAD_SCHEDULED,
        versions="3.6-3.9",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Scheduling unloading of metadata for " + OFFSETS_P + " with epoch {coordinator_epoch}",
        examples=(
            "[2024-11-02 08:30:00,000] INFO [GroupCoordinator id=1] Scheduling unloading of metadata for "
            "__consumer_offsets-5 with epoch 13" + _RT39,
        ),
    ),
    Template(
        id="group.runtime_unload_started.4_0",
        kind=Kind.COORDINATOR_UNLOAD_SCHEDULED,
        versions="4.0+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Started unloading metadata for " + OFFSETS_P + " with epoch {coordinator_epoch:optional_int}.",
        derive=_details(started=True),
        examples=(
            "[2026-08-08 14:49:23,857] INFO [GroupCoordinator id=0] Started unloading metadata for "
            "__consumer_offsets-13 with epoch OptionalInt[1]." + _RT40,
        ),
    ),
    Template(
        id="group.runtime_unload_started.3_6",
        kind=Kind.COORDINATOR_UNLOAD_SCHEDULED,
        versions="3.6-3.9",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Started unloading metadata for " + OFFSETS_P + " with epoch {coordinator_epoch}.",
        derive=_details(started=True),
        examples=(
            "[2024-11-02 08:30:00,001] INFO [GroupCoordinator id=1] Started unloading metadata for "
            "__consumer_offsets-5 with epoch 13." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_unloaded.4_0",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="4.0+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Finished unloading metadata for " + OFFSETS_P + " with epoch {coordinator_epoch:optional_int}.",
        examples=(
            "[2026-08-08 14:49:23,858] INFO [GroupCoordinator id=0] Finished unloading metadata for "
            "__consumer_offsets-13 with epoch OptionalInt.empty." + _RT40,
        ),
    ),
    Template(
        id="group.runtime_unloaded.3_6",
        kind=Kind.COORDINATOR_UNLOADED,
        versions="3.6-3.9",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Finished unloading metadata for " + OFFSETS_P + " with epoch {coordinator_epoch}.",
        examples=(
            "[2024-11-02 08:30:00,002] INFO [GroupCoordinator id=1] Finished unloading metadata for "
            "__consumer_offsets-5 with epoch 13." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_unload_never_loaded.4_0",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="4.0+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored unloading metadata for " + OFFSETS_P + " in epoch {coordinator_epoch:optional_int} "
        "since metadata was never loaded.",
        examples=(
            "[2026-08-08 14:49:23,863] INFO [GroupCoordinator id=0] Ignored unloading metadata for "
            "__consumer_offsets-46 in epoch OptionalInt[1] since metadata was never loaded." + _RT40,
        ),
    ),
    Template(
        id="group.runtime_unload_never_loaded.3_7",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.7-3.9",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored unloading metadata for " + OFFSETS_P + " in epoch {coordinator_epoch} since metadata "
        "was never loaded.",
        examples=(
            "[2024-11-02 08:30:00,003] INFO [GroupCoordinator id=1] Ignored unloading metadata for "
            "__consumer_offsets-46 in epoch 13 since metadata was never loaded." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_unload_stale_epoch.4_0",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="4.0+",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored unloading metadata for " + OFFSETS_P + " in epoch {coordinator_epoch:optional_int} "
        "since current epoch is {details.current_epoch:int}.",
        examples=(
            "[2026-08-08 14:49:23,863] INFO [GroupCoordinator id=0] Ignored unloading metadata for "
            "__consumer_offsets-46 in epoch OptionalInt[1] since current epoch is 2." + _RT40,
        ),
    ),
    Template(
        id="group.runtime_unload_stale_epoch.3_6",
        kind=Kind.COORDINATOR_LOAD_SKIPPED,
        versions="3.6-3.9",
        loggers=RUNTIME,
        prefix=JAVA_SERVICE_PREFIX,
        text="Ignored unloading metadata for " + OFFSETS_P + " in epoch {coordinator_epoch} since current "
        "epoch is {details.current_epoch:int}.",
        examples=(
            "[2024-11-02 08:30:00,003] INFO [GroupCoordinator id=1] Ignored unloading metadata for "
            "__consumer_offsets-46 in epoch 13 since current epoch is 14." + _RT39,
        ),
    ),
    Template(
        id="group.runtime_shard_transition",
        kind=Kind.COORDINATOR_LIFECYCLE,
        versions="3.6+",
        loggers=RUNTIME,
        prefix=JAVA_SHARD_PREFIX,
        text="Transition from {prev_state:word} to {state:word}.",
        derive=_details(component="shard"),
        level="DEBUG",
        note="a __consumer_offsets shard's runtime state (INITIAL, LOADING, ACTIVE, FAILED, CLOSED)",
        examples=(
            "[2024-11-02 08:10:55,401] DEBUG " + _SHARD + "Transition from LOADING to ACTIVE." + _RT39,
        ),
    ),
    _lifecycle("group.runtime_closing", "3.6+", RUNTIME, JAVA_SERVICE_PREFIX, "Closing coordinator runtime.",
               "shutting_down",
               "[2025-05-14 22:50:19,024] INFO [GroupCoordinator id=10] Closing coordinator runtime." + _RT40,
               component="runtime"),
    _lifecycle("group.runtime_closed", "3.6+", RUNTIME, JAVA_SERVICE_PREFIX, "Coordinator runtime closed.",
               "shut_down",
               "[2025-05-14 22:50:19,032] INFO [GroupCoordinator id=10] Coordinator runtime closed." + _RT40,
               component="runtime"),
    # The runtime's event processor and its threads (`group-coordinator-event-processor-N`): they
    # bound the time the coordinator could serve requests.
    _lifecycle("group.event_processor_shutting_down", "3.6+", EVENT_PROCESSOR, JAVA_SERVICE_PREFIX,
               "Shutting down event processor.", "shutting_down",
               "[2025-05-14 22:50:19,026] INFO [GroupCoordinator id=10] Shutting down event processor. "
               "(org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor)",
               component="event_processor"),
    _lifecycle("group.event_processor_closed", "3.6+", EVENT_PROCESSOR, JAVA_SERVICE_PREFIX,
               "Event processor closed.", "shut_down",
               "[2025-05-14 22:50:19,028] INFO [GroupCoordinator id=10] Event processor closed. "
               "(org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor)",
               component="event_processor"),
    _lifecycle("group.event_thread_starting", "3.6+", EVENT_PROCESSOR_THREAD, THREAD_PREFIX, "Starting",
               "starting",
               "[2025-05-14 22:49:13,057] INFO [group-coordinator-event-processor-0]: Starting "
               "(org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor$EventProcessorThread)",
               component="event_thread"),
    _lifecycle("group.event_thread_draining", "3.6+", EVENT_PROCESSOR_THREAD, THREAD_PREFIX,
               "Shutting down. Draining the remaining events.", "shutting_down",
               "[2025-05-14 22:50:19,026] INFO [group-coordinator-event-processor-3]: Shutting down. "
               "Draining "
               "the remaining events. "
               "(org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor$EventProcessorThread)",
               component="event_thread"),
    _lifecycle("group.event_thread_shut_down", "3.6+", EVENT_PROCESSOR_THREAD, THREAD_PREFIX,
               "Shutdown completed", "shut_down",
               "[2025-05-14 22:50:19,026] INFO [group-coordinator-event-processor-0]: Shutdown completed "
               "(org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor$EventProcessorThread)",
               component="event_thread"),
]
