"""The broker's group coordinator, line by line (parsers/catalogue/coordinator.py).

Each test states one behaviour of the catalogue and shows it on the lines Kafka writes:
real lines from the corpus (../shared/corpus/real, named in the comments) where a version
logged them, otherwise lines built from that version's format string.  Every entry of the area
is specified here at least once (see the last test).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from kafka_forensics.parsers.catalogue import coordinator
from tests.support import FieldCases, events, one

_FC = FieldCases()
SPECIFIED = _FC.specified
check, cases, specifies = _FC.check, _FC.cases, _FC.specifies

GC = " (kafka.coordinator.group.GroupCoordinator)"
GC_0_10 = " (kafka.coordinator.GroupCoordinator)"
GMM = " (kafka.coordinator.group.GroupMetadataManager)"
GMM_0_10 = " (kafka.coordinator.GroupMetadataManager)"
GM = " (kafka.coordinator.group.GroupMetadata)"
GM_OBJ = " (kafka.coordinator.group.GroupMetadata$)"
JGMM = " (org.apache.kafka.coordinator.group.GroupMetadataManager)"
SHARD_LOGGER = " (org.apache.kafka.coordinator.group.GroupCoordinatorShard)"
CLASSIC = " (org.apache.kafka.coordinator.group.classic.ClassicGroup)"
GENERIC = " (org.apache.kafka.coordinator.group.generic.GenericGroup)"
OFFSETS = " (org.apache.kafka.coordinator.group.OffsetMetadataManager)"
SERVICE = " (org.apache.kafka.coordinator.group.GroupCoordinatorService)"
RT39 = " (org.apache.kafka.coordinator.group.runtime.CoordinatorRuntime)"
RT40 = " (org.apache.kafka.coordinator.common.runtime.CoordinatorRuntime)"
EP40 = " (org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor)"
EPT40 = " (org.apache.kafka.coordinator.common.runtime.MultiThreadedEventProcessor$EventProcessorThread)"
SHARD = "[GroupCoordinator id=1 topic=__consumer_offsets partition=5] "
SHARD26 = "[GroupCoordinator id=0 topic=__consumer_offsets partition=26] "

M1 = "consumer-inventory-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b"
M2 = "consumer-inventory-2-9b3c4d5e-6f70-4182-93a4-b5c6d7e8f901"
K848 = "Fz0pHq6kTtO8jK3b7a1Lqw"






# ---------------------------------------------------------------------------------------------
# Preparing to rebalance
# ---------------------------------------------------------------------------------------------
SPECIFIED.update({"group.prepare_rebalance.2_1", "group.leader_reelected.2_3", "group.leader_reelected.java"})


def test_prepare_rebalance_logs_the_state_after_the_transition_not_the_one_before() -> None:
    # GroupCoordinator.prepareRebalance (2.1–3.9) and the Java GroupMetadataManager call
    # transitionTo(PreparingRebalance) *before* logging `in state ${group.currentState}`, so the
    # state printed is always PreparingRebalance — here a leader re-joining a Stable group
    # (Noosarpparashar 3.2, kafkaServer.out).
    row = check(
        "group.prepare_rebalance.2_1",
        "[2022-08-01 08:48:32,944] INFO [GroupCoordinator 0]: Preparing to rebalance group "
        "debezium-cluster in state PreparingRebalance with old generation 1 (__consumer_offsets-30) "
        "(reason: Leader connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0 re-joining group during Stable; "
        "client reason: not provided)" + GC,
        state="PreparingRebalance", node=0, group="debezium-cluster", generation=1,
        coordinator_partition=30, cause="leader_rejoin",
        member="connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0", client_reason="not provided",
    )
    assert row["prev_state"] is None


@cases(
    # 0.10: `restabilize`, no partition, no reason
    ("group.prepare_rebalance.0_10",
     "[2017-06-12 09:14:02,381] INFO [GroupCoordinator 1]: Preparing to restabilize group orders-app "
     "with old generation 4" + GC_0_10,
     {"group": "orders-app", "generation": 4, "state": "PreparingRebalance", "node": 1}),
    # 0.11–2.0: the __consumer_offsets partition, still no reason
    ("group.prepare_rebalance.0_11",
     "[2018-09-03 14:22:10,119] INFO [GroupCoordinator 2]: Preparing to rebalance group billing with "
     "old generation 12 (__consumer_offsets-17)" + GC,
     {"group": "billing", "generation": 12, "coordinator_partition": 17, "state": "PreparingRebalance"}),
    # Java coordinator (3.6+): partition in the shard prefix, trailing period (Ammar777782439 4.0)
    ("group.prepare_rebalance.java",
     "[2026-08-08 14:56:09,375] INFO " + SHARD26 + "Preparing to rebalance group console-consumer-76228 in "
     "state PreparingRebalance with old generation 0 (reason: Adding new member "
     "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 with group instance id null; client reason: "
     "need to re-join with the given member-id: console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2)."
     + JGMM,
     {"group": "console-consumer-76228", "generation": 0, "coordinator_partition": 26, "node": 0,
      "cause": "new_member", "member": "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2",
      "instance_id": None,
      "client_reason": "need to re-join with the given member-id: "
                       "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2"}),
)
def test_prepare_rebalance_in_every_shape_gives_group_old_generation_and_partition(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


def _prepare(reason: str) -> str:
    return ("[2024-03-01 10:15:42,123] INFO [GroupCoordinator 1]: Preparing to rebalance group inventory "
            f"in state PreparingRebalance with old generation 8 (__consumer_offsets-5) (reason: {reason})" + GC)


@pytest.mark.parametrize(
    ("reason", "cause", "member", "client_reason", "instance_id"),
    [
        # 2.1–2.2 (ATCP 2.1.1 wording)
        (f"Adding new member {M1}", "new_member", M1, None, None),
        # 2.3–2.4 typo `instanceid` (BitterDone 2.3.1)
        (f"Adding new member {M1} with group instanceid None", "new_member", M1, None, None),
        # 3.2+ KIP-800 client reason (CookJustin 3.3.1)
        (f"Adding new member {M1} with group instance id None; client reason: rebalance failed due to "
         "MemberIdRequiredException", "new_member", M1, "rebalance failed due to MemberIdRequiredException",
         None),
        (f"Adding new member {M1} with group instance id Some(inventory-a); client reason: not provided",
         "new_member", M1, "not provided", "inventory-a"),
        (f"Updating metadata for member {M1}", "member_update", M1, None, None),
        (f"Updating metadata for member {M1} during Stable; client reason: subscription has changed",
         "metadata_change", M1, "subscription has changed", None),
        (f"leader {M1} re-joining group during Stable", "leader_rejoin", M1, None, None),
        (f"Member {M1} joining group during PreparingRebalance; client reason: group is already rebalancing",
         "member_rejoin", M1, "group is already rebalancing", None),
        (f"Updating metadata for static member {M1} with instance id Some(inventory-a); client reason: "
         "not provided", "static_member_update", M1, "not provided", "inventory-a"),
        (f"Group's selectedProtocol will change because static member {M1} with instance id "
         "Some(inventory-a) joined with change of protocol", "static_protocol_change", M1, None,
         "inventory-a"),
        (f"removing member {M1} on LeaveGroup", "leave", M1, None, None),
        (f"Removing member {M1} on LeaveGroup; client reason: the consumer is being closed", "leave", M1,
         "the consumer is being closed", None),
        (f"removing member {M1} on heartbeat expiration", "heartbeat_expiration", M1, None, None),
        (f"error when storing group assignment during SyncGroup (member: {M1})", "sync_store_error", M1,
         None, None),
        (f"Error NOT_COORDINATOR when storing group assignment during SyncGroup (member: {M1})",
         "sync_store_error", M1, None, None),
        (f"Removing Set({M1}) on pending sync request expiration", "pending_sync_expiration", M1, None, None),
        ("Freshly-loaded group is over capacity (GroupConfig(10,1800000,3000,2).groupMaxSize). Rebalacing in "
         "order to give a chance for consumers to commit offsets", "over_capacity", None, None, None),
        ("Freshly-loaded group is over capacity (2). Rebalancing in order to give a chance for consumers to "
         "commit offsets", "over_capacity", None, None, None),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_prepare_rebalance_reason_gives_cause_member_client_reason_and_instance_id(
    reason: str, cause: str, member: str | None, client_reason: str | None, instance_id: str | None
) -> None:
    # kafka-log-templates.md §2.3: three eras of reason text (2.1–2.7, 2.8–3.1, 3.2+ KIP-800)
    row = check("group.prepare_rebalance.2_1", _prepare(reason), reason=reason)
    assert (row["cause"], row["member"], row["client_reason"], row["instance_id"]) == (
        cause, member, client_reason, instance_id)


def _prepare_java(reason: str) -> str:
    return ("[2025-04-01 12:00:01,550] INFO " + SHARD + "Preparing to rebalance group inventory in state "
            f"PreparingRebalance with old generation 10 (reason: {reason})." + JGMM)


@pytest.mark.parametrize(
    ("reason", "cause", "member"),
    [
        # the Java reasons that end in their own period give `expiration.).`
        (f"removing member {M1} on heartbeat expiration.", "heartbeat_expiration", M1),
        (f"Member {M1} is joining group during Stable; client reason: not provided", "member_rejoin", M1),
        # `"assignment" + "during"` in the Java source: no space
        (f"Error NOT_COORDINATOR when storing group assignmentduring SyncGroup (member: {M1}).",
         "sync_store_error", M1),
        (f"explicit `LeaveGroup` request for ({M1}) members.", "leave", M1),
        ("Freshly-loaded group inventory (size 12) is over capacity 10. Rebalancing in order to give a chance "
         "for consumers to commit offsets", "over_capacity", None),
        ("Downgrade group inventory from consumer to classic.", "downgrade", None),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_java_coordinator_reasons_give_the_same_causes(reason: str, cause: str, member: str | None) -> None:
    row = check("group.prepare_rebalance.java", _prepare_java(reason))
    assert (row["cause"], row["member"]) == (cause, member)


@pytest.mark.parametrize(
    "line",
    [
        _prepare(f"Removing Set({M1}, {M2}) on pending sync request expiration"),
        _prepare_java(f"Removing [{M1}, {M2}] on pending sync request expiration"),
        _prepare_java(f"explicit `LeaveGroup` request for ({M1}, {M2}) members."),
    ],
    ids=["scala-pending-sync", "java-pending-sync", "java-batch-leave"],
)
def test_a_reason_naming_several_members_lists_them_in_details(line: str) -> None:
    # KIP-345 batch LeaveGroup / 2.8 pending-sync expiry remove several members at once: no single
    # `member`, the ids in details.members
    row = one(line)
    assert row["member"] is None
    assert json.loads(row["details"]) == {"members": [M1, M2]}


# ---------------------------------------------------------------------------------------------
# Join phase completed: Stabilized / now empty
# ---------------------------------------------------------------------------------------------
@cases(
    # AndreasTraut 2.8.0: 2.8+ adds the member count
    ("group.stabilized.2_8",
     "[2021-04-27 12:03:31,071] INFO [GroupCoordinator 1]: Stabilized group console-consumer-99763 "
     "generation 1 (__consumer_offsets-15) with 1 members" + GC,
     {"state": "CompletingRebalance", "prev_state": "PreparingRebalance", "generation": 1, "members": 1,
      "coordinator_partition": 15}),
    # BitterDone 2.3.1: 0.11–2.7 — AwaitingSync or CompletingRebalance (KAFKA-5565, 1.1): not said
    ("group.stabilized.0_11",
     "[2020-02-05 17:27:01,620] INFO [GroupCoordinator 0]: Stabilized group test-consumer-group "
     "generation 1 (__consumer_offsets-31)" + GC,
     {"state": None, "prev_state": "PreparingRebalance", "generation": 1, "coordinator_partition": 31}),
    ("group.stabilized.0_10",
     "[2017-06-12 09:14:05,402] INFO [GroupCoordinator 1]: Stabilized group orders-app generation 5" + GC_0_10,
     {"state": "AwaitingSync", "prev_state": "PreparingRebalance", "generation": 5}),
    # Ammar777782439 4.0
    ("group.stabilized.java",
     "[2026-08-08 14:56:12,428] INFO " + SHARD26 + "Stabilized group console-consumer-76228 generation 1 "
     "with 1 members." + JGMM,
     {"state": "CompletingRebalance", "generation": 1, "members": 1, "coordinator_partition": 26}),
)
def test_stabilized_means_a_new_generation_awaiting_sync_not_stable(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    # §10.2: "Stabilized group" marks the end of the join phase; Stable comes with the assignment
    check(template, line, **expected)


@cases(
    ("group.empty.0_11",
     "[2020-02-05 17:27:16,662] INFO [GroupCoordinator 0]: Group test-consumer-group with generation 2 is "
     "now empty (__consumer_offsets-31)" + GC,
     {"state": "Empty", "prev_state": "PreparingRebalance", "generation": 2, "coordinator_partition": 31}),
    ("group.empty.0_10_1",
     "[2017-06-12 09:40:12,001] INFO [GroupCoordinator 1]: Group orders-app with generation 6 is now empty"
     + GC_0_10,
     {"state": "Empty", "generation": 6, "group": "orders-app"}),
    ("group.empty.java",
     "[2026-08-08 14:56:12,882] INFO " + SHARD26 + "Group console-consumer-76228 with generation 2 is now "
     "empty." + JGMM,
     {"state": "Empty", "generation": 2, "coordinator_partition": 26}),
    # 0.10.0 had no Empty state: the group died instead
    ("group.dead_and_removed.0_10_0",
     "[2016-07-01 10:02:11,420] INFO [GroupCoordinator 0]: Group orders-app generation 3 is dead and removed"
     + GC_0_10,
     {"kind": "group_dead", "state": "Dead", "generation": 3}),
)
def test_a_join_phase_without_members_leaves_the_group_empty(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


@cases(
    ("group.dead_skip_rebalance.2_3",
     "[2019-11-20 08:01:44,902] INFO [GroupCoordinator 2]: Group billing is dead, skipping rebalance stage"
     + GC, {"kind": "group_rebalance_failed", "state": "Dead", "group": "billing"}),
    ("group.dead_skip_rebalance.java",
     "[2025-04-01 12:03:00,100] INFO " + SHARD + "Group inventory is dead, skipping rebalance stage." + JGMM,
     {"state": "Dead", "group": "inventory"}),
    ("group.no_member_rejoined.2_3",
     "[2019-11-20 08:05:44,902] ERROR [GroupCoordinator 2]: Group billing could not complete rebalance "
     "because no members rejoined" + GC, {"kind": "group_rebalance_failed", "group": "billing"}),
    ("group.no_member_rejoined.java",
     "[2025-04-01 12:05:44,902] ERROR " + SHARD + "Group inventory could not complete rebalance because no "
     "members rejoined." + JGMM, {"kind": "group_rebalance_failed", "group": "inventory"}),
    ("group.unjoined_members_removed.2_8",
     "[2021-07-09 11:02:31,770] INFO [GroupCoordinator 1]: Group payments removed dynamic members who "
     f"haven't joined: Set({M1}, {M2})" + GC,
     {"kind": "group_members_removed", "cause": "join_timeout", "details": {"members": [M1, M2]}}),
    ("group.unjoined_members_removed.2_8",
     "[2025-04-01 12:00:04,550] INFO " + SHARD + f"Group inventory removed dynamic members who haven't "
     f"joined: [{M2}]" + JGMM, {"group": "inventory", "details": {"members": [M2]}}),
    ("group.unjoined_members_removed.2_7",
     "[2021-02-09 11:02:31,770] INFO [GroupCoordinator 1]: Group payments remove dynamic members who "
     f"haven't joined: Set({M1})" + GC, {"group": "payments", "details": {"members": [M1]}}),
    ("group.empty_write_failed",
     "[2019-03-02 10:11:12,131] WARN [GroupCoordinator 1]: Failed to write empty metadata for group "
     "billing: The coordinator is not available." + GC,
     {"kind": "group_write_failed", "group": "billing", "error": "The coordinator is not available."}),
)
def test_join_completion_failures_and_dropped_members(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# SyncGroup: Stable
# ---------------------------------------------------------------------------------------------
@cases(
    # CookJustin 3.3.1: 3.0+ names the leader
    ("group.assignment_received.3_0",
     "[2023-01-16 17:27:59,411] INFO [GroupCoordinator 0]: Assignment received from leader "
     "console-consumer-9f84a074-b448-4432-9144-22b927506f1a for group console-consumer-90365 for generation "
     "1. The group has 1 members, 0 of which are static." + GC,
     {"state": "Stable", "prev_state": "CompletingRebalance", "member":
      "console-consumer-9f84a074-b448-4432-9144-22b927506f1a", "members": 1,
      "details": {"static_members": 0}}),
    ("group.assignment_received.3_0",
     "[2026-08-08 14:56:12,488] INFO " + SHARD26 + "Assignment received from leader "
     "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 for group console-consumer-76228 for generation "
     "1. The group has 3 members, 2 of which are static." + JGMM,
     {"state": "Stable", "members": 3, "coordinator_partition": 26, "details": {"static_members": 2}}),
    # AndreasTraut 2.8.0: counts, no leader id
    ("group.assignment_received.2_8",
     "[2021-04-27 12:03:31,078] INFO [GroupCoordinator 1]: Assignment received from leader for group "
     "console-consumer-99763 for generation 1. The group has 1 members, 0 of which are static." + GC,
     {"state": "Stable", "member": None, "members": 1, "details": {"static_members": 0}}),
    # BitterDone 2.3.1: 0.11–2.7, before state unknown (AwaitingSync ≤1.0, CompletingRebalance 1.1+)
    ("group.assignment_received.0_11",
     "[2020-02-05 17:27:02,653] INFO [GroupCoordinator 0]: Assignment received from leader for group "
     "test-consumer-group for generation 1" + GC,
     {"state": "Stable", "prev_state": None, "generation": 1}),
    # the 0.10 logger name dates the line before KAFKA-5565
    ("group.assignment_received.0_10",
     "[2017-06-12 09:14:05,431] INFO [GroupCoordinator 1]: Assignment received from leader for group "
     "orders-app for generation 5" + GC_0_10,
     {"state": "Stable", "prev_state": "AwaitingSync", "generation": 5}),
)
def test_the_leaders_assignment_makes_the_group_stable(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.empty_assignments_set",
     "[2020-06-01 10:00:00,001] WARN [GroupCoordinator 1]: Setting empty assignments for members "
     f"Set({M1}, {M2}) of payments for generation 7" + GC,
     {"kind": "group_empty_assignment", "group": "payments", "generation": 7,
      "details": {"members": [M1, M2]}}),
    ("group.empty_assignments_set.java",
     "[2025-04-01 12:00:05,001] WARN " + SHARD + f"Setting empty assignments for members [{M2}] of inventory "
     "for generation 11." + JGMM, {"group": "inventory", "generation": 11, "details": {"members": [M2]}}),
    ("group.empty_assignment_sent",
     "[2020-06-01 10:00:00,002] WARN [GroupCoordinator 1]: Sending empty assignment to member "
     f"{M1} of payments for generation 7 with no errors" + GC,
     {"kind": "group_empty_assignment", "member": M1, "group": "payments", "generation": 7}),
    ("group.unsynced_members_removed.2_8",
     "[2021-07-09 11:07:31,790] DEBUG [GroupCoordinator 1]: Group payments removed members who haven't sent "
     f"their sync request: Set({M1})" + GC,
     {"kind": "group_members_removed", "cause": "sync_timeout", "details": {"members": [M1]}}),
    ("group.unsynced_members_removed.java",
     "[2025-04-01 12:07:31,790] DEBUG " + SHARD + "Group inventory removed members who haven't sent their "
     f"sync requests: [{M1}, {M2}]" + JGMM, {"cause": "sync_timeout", "details": {"members": [M1, M2]}}),
)
def test_missing_assignments_and_missing_syncs_name_the_members(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Session expiry and stale timers
# ---------------------------------------------------------------------------------------------
@cases(
    # BitterDone 2.3.1 (librdkafka client)
    ("group.member_failed.0_11",
     "[2020-02-05 17:27:16,660] INFO [GroupCoordinator 0]: Member rdkafka-81365ead-6185-422a-870f-24a5df934080 "
     "in group test-consumer-group has failed, removing it from the group" + GC,
     {"kind": "group_member_failed", "member": "rdkafka-81365ead-6185-422a-870f-24a5df934080",
      "group": "test-consumer-group", "cause": "heartbeat_expiration"}),
    ("group.member_failed.0_10",
     "[2017-06-12 09:20:02,381] TRACE [GroupCoordinator 1]: Member consumer-1-5c1b6b7e-4a5f-4e0c-9d7c-"
     "2b9b3a1c0d4e in group orders-app has failed" + GC_0_10,
     {"member": "consumer-1-5c1b6b7e-4a5f-4e0c-9d7c-2b9b3a1c0d4e", "group": "orders-app"}),
    ("group.member_failed.java",
     "[2025-04-01 12:00:01,549] INFO " + SHARD + f"Member {M1} in group inventory has failed, removing it "
     "from the group." + JGMM, {"member": M1, "group": "inventory", "cause": "heartbeat_expiration"}),
    # KIP-394: a member sent back with MEMBER_ID_REQUIRED that never rejoined
    ("group.pending_member_expired",
     "[2022-01-18 10:13:30,660] INFO [GroupCoordinator 1]: Pending member " + M1 + " in group inventory has "
     "been removed after session timeout expiration." + GC,
     {"kind": "group_pending_member_expired", "member": M1, "cause": "heartbeat_expiration"}),
    ("group.pending_member_expired",
     "[2025-04-01 12:00:31,660] INFO " + SHARD + "Pending member " + M1 + " in group inventory has been "
     "removed after session timeout expiration." + JGMM, {"member": M1, "coordinator_partition": 5}),
)
def test_session_expiry_names_the_member_removed(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.heartbeat_expiration_after_unload",
     "[2022-01-18 10:13:30,660] INFO [GroupCoordinator 1]: Received notification of heartbeat expiration for "
     f"member {M1} after group inventory had already been unloaded or deleted." + GC,
     {"kind": "group_stale_expiration", "member": M1, "group": "inventory"}),
    ("group.heartbeat_expiration_deleted_or_upgraded",
     "[2025-04-01 12:13:30,660] DEBUG " + SHARD + "Received notification of heartbeat expiration for member "
     f"{M1} after group inventory had already been deleted or upgraded." + JGMM,
     {"kind": "group_stale_expiration", "member": M1}),
    ("group.heartbeat_expiration_member_not_found.2_5",
     f"[2020-06-01 10:00:10,002] INFO [GroupCoordinator 1]: Member id {M1} was not found in payments during "
     "heartbeat completion check" + GC, {"member": M1, "group": "payments"}),
    ("group.heartbeat_expiration_member_not_found.2_2",
     f"[2019-06-01 10:00:10,002] INFO [GroupCoordinator 1]: Member id {M1} was not found in payments during "
     "heartbeat expiration." + GC, {"member": M1, "group": "payments"}),
    ("group.heartbeat_expiration_member_gone",
     f"[2019-06-01 10:00:10,003] DEBUG [GroupCoordinator 1]: Member {M1} has already been removed from the "
     "group." + GC, {"kind": "group_stale_expiration", "member": M1}),
    ("group.sync_expiration_old_generation",
     "[2021-07-09 11:07:31,790] ERROR [GroupCoordinator 1]: Received unexpected notification of sync "
     "expiration for payments with an old generation 31 while the group has 32." + GC,
     {"group": "payments", "generation": 32, "details": {"expired_generation": 31}}),
    ("group.sync_expiration_wrong_state.2_8",
     "[2021-07-09 11:07:31,790] ERROR [GroupCoordinator 1]: Received unexpected notification of sync "
     "expiration after group payments already transitioned to the Stable state." + GC,
     {"group": "payments", "state": "Stable"}),
    ("group.sync_expiration_wrong_state.java",
     "[2025-04-01 12:07:31,790] ERROR " + SHARD + "Received unexpected notification of sync expiration after "
     "group inventory already transitioned to Stable state." + JGMM, {"group": "inventory", "state": "Stable"}),
)
def test_an_expiration_for_what_is_already_gone_changes_nothing(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    # a delayed heartbeat / sync fired after the member, generation or group moved on: its own
    # kind, so that replay does not count it as a removal
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# LeaveGroup
# ---------------------------------------------------------------------------------------------
MM_3 = ("MemberMetadata(memberId=console-consumer-9f84a074-b448-4432-9144-22b927506f1a, groupInstanceId=None, "
        "clientId=console-consumer, clientHost=/192.168.1.227, sessionTimeoutMs=45000, "
        "rebalanceTimeoutMs=300000, supportedProtocols=List(range, cooperative-sticky))")
MM_FIELDS = {
    "member": "console-consumer-9f84a074-b448-4432-9144-22b927506f1a", "instance_id": None,
    "client_id": "console-consumer",
    "details": {"client_host": "/192.168.1.227", "session_timeout_ms": 45000, "rebalance_timeout_ms": 300000,
                "protocols": ["range", "cooperative-sticky"]},
}


@cases(
    # CookJustin 3.3.1: KIP-800 client reason
    ("group.member_left.3_2",
     f"[2023-01-16 17:29:25,772] INFO [GroupCoordinator 0]: Member {MM_3} has left group "
     "console-consumer-90365 through explicit `LeaveGroup`; client reason: the consumer is being closed" + GC,
     {**MM_FIELDS, "group": "console-consumer-90365", "cause": "leave",
      "client_reason": "the consumer is being closed"}),
    # aryan-jadon 3.1
    ("group.member_left.3_0",
     "[2022-04-25 20:05:31,598] INFO [GroupCoordinator 0]: Member MemberMetadata(memberId=kafka-python-2.0.2-"
     "bd9c8fc2-abfa-4478-8723-e3e781ad52b5, groupInstanceId=None, clientId=kafka-python-2.0.2, "
     "clientHost=/192.168.0.6, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, supportedProtocols="
     "List(range, roundrobin)) has left group my-group8 through explicit `LeaveGroup` request" + GC,
     {"member": "kafka-python-2.0.2-bd9c8fc2-abfa-4478-8723-e3e781ad52b5", "client_id": "kafka-python-2.0.2",
      "group": "my-group8", "details": {"protocols": ["range", "roundrobin"], "session_timeout_ms": 10000}}),
    # AndreasTraut 2.8.0
    ("group.member_left.2_4",
     "[2021-04-28 12:12:32,780] INFO [GroupCoordinator 1]: Member[group.instance.id None, member.id "
     "consumer-console-consumer-32513-1-ee61f0e6-cf24-4b66-8327-bfc5db875541] in group "
     "console-consumer-32513 has left, removing it from the group" + GC,
     {"member": "consumer-console-consumer-32513-1-ee61f0e6-cf24-4b66-8327-bfc5db875541",
      "instance_id": None, "group": "console-consumer-32513", "cause": "leave"}),
    ("group.member_left.2_4",
     "[2020-02-14 16:41:10,008] INFO [GroupCoordinator 1]: Member[group.instance.id Some(payments-a), "
     "member.id payments-a-7a1b2c3d-4e5f-6789-abcd-ef0123456789] in group payments has left, removing it "
     "from the group" + GC, {"instance_id": "payments-a"}),
    # BitterDone 2.3.1
    ("group.member_left.0_11",
     "[2020-02-05 17:27:02,653] INFO [GroupCoordinator 0]: Member consumer-1-3c955a71-570c-4d27-beab-"
     "bbd7590cd8b0 in group console-consumer-19290 has left, removing it from the group" + GC,
     {"member": "consumer-1-3c955a71-570c-4d27-beab-bbd7590cd8b0", "group": "console-consumer-19290"}),
    ("group.pending_member_left.3_0",
     "[2022-04-25 20:05:31,601] INFO [GroupCoordinator 0]: Pending member with memberId=" + M1 + " has left "
     "group my-group8 through explicit `LeaveGroup` request" + GC,
     {"member": M1, "group": "my-group8", "cause": "leave", "details": {"pending": True}}),
    ("group.pending_member_left.2_2",
     f"[2019-06-01 10:00:10,003] INFO [GroupCoordinator 1]: Pending member {M1} is leaving group payments."
     + GC, {"member": M1, "group": "payments", "details": {"pending": True}}),
    # Ammar777782439 4.0
    ("group.member_left.java",
     "[2026-08-08 14:56:12,877] INFO " + SHARD26 + "[Group console-consumer-76228] Member "
     "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 has left group through explicit `LeaveGroup` "
     "request; client reason: the consumer is being closed" + JGMM,
     {"group": "console-consumer-76228", "member": "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2",
      "client_reason": "the consumer is being closed", "coordinator_partition": 26}),
    ("group.pending_member_left.java",
     "[2025-04-01 12:00:10,003] INFO " + SHARD + f"[Group inventory] Pending member {M2} has left group "
     "through explicit `LeaveGroup` request; client reason: not provided" + JGMM,
     {"member": M2, "client_reason": "not provided", "details": {"pending": True}}),
    ("group.dynamic_member_left.java",
     "[2025-04-01 12:00:10,004] INFO " + SHARD + f"[Group orders] Dynamic Member {M1} has left group through "
     "explicit `LeaveGroup` request; client reason: the consumer is being closed" + JGMM,
     {"group": "orders", "member": M1, "cause": "leave"}),
    ("group.static_member_left.java",
     "[2025-04-01 12:00:10,005] INFO " + SHARD + f"[Group orders] Static Member {M1} with instance id "
     "orders-a has left group through explicit `LeaveGroup` request; client reason: the consumer is being "
     "closed" + JGMM, {"member": M1, "instance_id": "orders-a"}),
)
def test_a_leave_names_the_member_in_every_rendering(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# JoinGroup with an unknown member id (KIP-394, KIP-345)
# ---------------------------------------------------------------------------------------------
@cases(
    # Noosarpparashar 3.2 (Connect worker): MEMBER_ID_REQUIRED round trip, the member stays pending
    ("group.member_id_required.2_5",
     "[2022-08-01 08:43:57,622] INFO [GroupCoordinator 0]: Dynamic member with unknown member id joins group "
     "debezium-cluster in Empty state. Created a new member id connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0 "
     "and request the member to rejoin with this id." + GC,
     {"kind": "group_member_id_created", "state": "Empty",
      "member": "connect-1-a2864bb6-82dc-459e-9185-e38d9a38e1e0", "details": {"member_id_required": True}}),
    ("group.member_id_required.java",
     "[2026-08-08 14:56:09,355] INFO " + SHARD26 + "Dynamic member with unknown member id joins group "
     "console-consumer-76228 in Empty state. Created a new member id "
     "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 and requesting the member to rejoin with this id."
     + JGMM, {"state": "Empty", "details": {"member_id_required": True}}),
    ("group.member_id_required.2_4",
     "[2020-02-14 16:40:03,540] DEBUG [GroupCoordinator 1]: Dynamic member with unknown member id rejoins "
     f"group payments in Stable state. Created a new member id {M1} and request the member to rejoin with "
     "this id." + GC, {"member": M1, "state": "Stable", "details": {"member_id_required": True}}),
    # aryan-jadon 3.1 (kafka-python speaks JoinGroup v<4: added at once, its join parked)
    ("group.member_id_created.2_5",
     "[2022-04-25 17:10:20,141] INFO [GroupCoordinator 0]: Dynamic Member with unknown member id joins group "
     "my-group2 in Empty state. Created a new member id kafka-python-2.0.2-1b5cf4b0-b782-4bcc-acdd-"
     "8c40c377610e for this member and add to the group." + GC,
     {"state": "Empty", "member": "kafka-python-2.0.2-1b5cf4b0-b782-4bcc-acdd-8c40c377610e",
      "details": {"member_id_required": False}}),
    ("group.member_id_created.2_4",
     "[2020-02-14 16:40:03,540] DEBUG [GroupCoordinator 1]: Dynamic member with unknown member id rejoins "
     f"group payments in Stable state. Created a new member id {M1} for this member and add to the group."
     + GC, {"member": M1, "details": {"member_id_required": False}}),
    ("group.member_id_created.java",
     "[2025-04-01 12:00:00,100] INFO " + SHARD + "Dynamic member with unknown member id joins group inventory "
     f"in state Empty. Created a new member id {M1} and added the member to the group." + JGMM,
     {"state": "Empty", "member": M1, "details": {"member_id_required": False}}),
    ("group.static_member_id_created.2_5",
     "[2020-06-01 10:00:00,100] INFO [GroupCoordinator 1]: Static Member with unknown member id joins group "
     f"payments in Stable state. Created a new member id {M1} for this member and add to the group." + GC,
     {"member": M1, "details": {"member_id_required": False, "static": True}}),
    ("group.static_member_id_created.3_0",
     "[2022-01-18 10:12:45,660] INFO [GroupCoordinator 1]: Static member with groupInstanceId=inventory-a and "
     f"unknown member id joins group inventory in Empty state. Created a new member id {M1} for this member "
     "and add to the group." + GC, {"member": M1, "instance_id": "inventory-a", "state": "Empty"}),
    ("group.static_member_id_created.java",
     "[2025-04-01 12:00:00,100] INFO " + SHARD + "Static member with groupInstanceId=inventory-a and unknown "
     f"member id joins group inventory in Empty state. Created a new member id {M1} for this member and "
     "added to the group." + JGMM, {"member": M1, "instance_id": "inventory-a"}),
)
def test_a_new_member_id_says_whether_the_member_must_rejoin_with_it(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    # state = the group's state the join found; details.member_id_required = answered
    # MEMBER_ID_REQUIRED and left pending (true) or added to the group with its join parked (false)
    check(template, line, **expected)


@cases(
    # Ammar777782439 4.0: INFO from 4.0 (DEBUG before)
    ("group.pending_member_joined",
     "[2026-08-08 14:56:09,373] INFO " + SHARD26 + "Pending dynamic member with id "
     "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2 joins group console-consumer-76228 in Empty "
     "state. Adding to the group now." + JGMM,
     {"kind": "group_member_joined", "member": "console-consumer-e5c004cb-9da6-4964-bd95-6427fa4d89b2",
      "state": "Empty", "details": {"pending": True}}),
    ("group.specific_member_joined.2_5",
     "[2020-06-01 10:00:00,300] DEBUG [GroupCoordinator 1]: Dynamic Member with specific member id "
     f"{M1} joins group payments in Stable state. Adding to the group now." + GC,
     {"kind": "group_member_joined", "member": M1, "state": "Stable"}),
    ("group.static_member_added.2_5",
     "[2020-06-01 10:00:00,101] INFO [GroupCoordinator 1]: Adding new static member Some(payments-a) to group "
     f"payments with member id {M1}." + GC,
     {"kind": "group_member_joined", "instance_id": "payments-a", "member": M1, "details": {"static": True}}),
    ("group.rejoin_unexpected_state",
     f"[2019-06-01 10:00:10,003] WARN [GroupCoordinator 1]: Attempt to add rejoining member {M1} of group "
     "payments in unexpected group state Dead" + GC,
     {"member": M1, "state": "Dead", "error": "UNKNOWN_MEMBER_ID"}),
)
def test_a_pending_member_coming_back_is_added(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Static membership (KIP-345): replacement, fencing, no-rebalance joins
# ---------------------------------------------------------------------------------------------
@cases(
    ("group.static_member_replaced.3_0",
     "[2022-01-18 10:15:45,660] INFO [GroupCoordinator 1]: Static member with groupInstanceId=inventory-a and "
     "unknown member id joins group inventory in Stable state. Replacing previously mapped member "
     f"{M1} with this groupInstanceId." + GC,
     {"kind": "group_static_member_replaced", "instance_id": "inventory-a", "member": None,
      "details": {"old_member": M1}}),
    ("group.static_member_replaced.2_5",
     "[2020-06-01 10:05:00,100] INFO [GroupCoordinator 1]: Static member Some(payments-a) of group payments "
     f"with unknown member id rejoins, assigning new member id {M2}, while old member id {M1} will be "
     "removed." + GC, {"instance_id": "payments-a", "member": M2, "details": {"old_member": M1}}),
    ("group.static_member_replaced.2_3",
     "[2019-09-01 10:05:00,100] INFO [GroupCoordinator 1]: Static member Some(payments-a) with unknown member "
     f"id rejoins, assigning new member id {M2}, while old member {M1} will be removed." + GC,
     {"instance_id": "payments-a", "member": M2, "group": None, "details": {"old_member": M1}}),
    ("group.static_join_no_rebalance.2_6",
     "[2021-07-09 11:09:00,100] INFO [GroupCoordinator 1]: Static member which joins during Stable stage and "
     "doesn't affect selectProtocol will not trigger rebalance." + GC,
     {"kind": "group_static_join_no_rebalance", "state": "Stable"}),
    ("group.static_join_no_rebalance.2_3",
     "[2019-09-01 10:05:00,101] INFO [GroupCoordinator 1]: Static member joins during CompletingRebalance "
     "stage will not trigger rebalance." + GC, {"state": "CompletingRebalance"}),
    ("group.static_join_no_rebalance.java",
     "[2025-04-01 12:09:00,100] INFO " + SHARD + "Static member which joins during Stable stage and doesn't "
     "affect the selected protocol will not trigger a rebalance." + JGMM, {"state": "Stable"}),
    ("group.static_persist_failed.2_6",
     "[2021-07-09 11:09:00,200] WARN [GroupCoordinator 1]: Failed to persist metadata for group payments: The "
     "coordinator is not available." + GC,
     {"kind": "group_write_failed", "group": "payments", "error": "The coordinator is not available."}),
    ("group.static_persist_failed.java",
     "[2025-04-01 12:09:00,200] WARN " + SHARD + f"Failed to persist metadata for group inventory static "
     f"member {M2} with group instance id inventory-a due to The coordinator is not available.. Reverting to "
     f"old member id {M1}." + JGMM,
     {"member": M2, "instance_id": "inventory-a", "error": "The coordinator is not available.",
      "details": {"old_member": M1}}),
)
def test_a_static_member_rejoining_keeps_its_instance_id(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.static_member_fenced.3_0",
     f"[2022-01-18 10:16:00,000] INFO [GroupCoordinator 1]: Request memberId={M1} for static member with "
     f"groupInstanceId=inventory-a is fenced by current memberId={M2} during operation heartbeat" + GC,
     {"kind": "group_member_fenced", "member": M1, "instance_id": "inventory-a", "error": "FENCED_INSTANCE_ID",
      "details": {"current_member": M2, "operation": "heartbeat"}}),
    ("group.static_member_fenced.java",
     f"[2025-04-01 12:16:00,000] INFO {SHARD}Request memberId={M1} for static member with groupInstanceId="
     f"inventory-a is fenced by existing memberId={M2} during operation sync-group" + CLASSIC,
     {"member": M1, "details": {"current_member": M2, "operation": "sync-group"}}),
    ("group.static_member_fenced.2_5",
     f"[2020-06-01 10:06:00,000] ERROR given member.id {M1} is identified as a known static member "
     f"payments-a, but not matching the expected member.id {M2} during heartbeat, will respond with instance "
     "fenced error" + GM,
     {"member": M1, "instance_id": "payments-a", "details": {"current_member": M2, "operation": "heartbeat"}}),
    # `,but` without a space in 2.3–2.4
    ("group.static_member_fenced.2_3",
     f"[2019-09-01 10:06:00,000] ERROR given member.id {M1} is identified as a known static member "
     f"payments-a,but not matching the expected member.id {M2}" + GM,
     {"member": M1, "instance_id": "payments-a", "details": {"current_member": M2}}),
)
def test_a_fenced_static_member_names_the_id_that_owns_the_instance(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Group leader lost at join completion
# ---------------------------------------------------------------------------------------------
def test_leader_reelection_gives_the_new_leader_and_the_failed_one() -> None:
    # GroupMetadata.maybeElectNewJoinedLeader (2.3+): the old leader missed the rebalance timeout
    check(
        "group.leader_reelected.2_3",
        f"[2021-07-09 11:02:31,771] INFO Group leader [member.id: {M1}, group.instance.id: None] failed to "
        f"join before rebalance timeout, while new leader MemberMetadata(memberId={M2}, groupInstanceId="
        "Some(inv-b), clientId=consumer-inventory-2, clientHost=/10.12.0.8, sessionTimeoutMs=10000, "
        "rebalanceTimeoutMs=300000, supportedProtocols=List(range), ) was elected." + GM,
        kind="group_leader_reelected", member=M2, instance_id="inv-b", client_id="consumer-inventory-2",
        details={"failed_leader": M1, "failed_leader_instance_id": None, "client_host": "/10.12.0.8",
                 "protocols": ["range"]},
    )
    check(
        "group.leader_reelected.java",
        f"[2025-04-01 12:00:04,549] INFO {SHARD}Group leader [memberId: {M1}, groupInstanceId: None] failed to "
        f"join before the rebalance timeout. Member ClassicGroupMember(memberId='{M2}', groupInstanceId='', "
        "clientId='consumer-inventory-2', clientHost='/10.12.0.7', rebalanceTimeoutMs=300000, "
        "sessionTimeoutMs=45000, protocolType='consumer', supportedProtocols=[range, cooperative-sticky]) was "
        "elected as the new leader." + CLASSIC,
        member=M2, instance_id=None, client_id="consumer-inventory-2",
        details={"failed_leader": M1, "protocol_type": "consumer", "session_timeout_ms": 45000,
                 "protocols": ["range", "cooperative-sticky"]},
    )


@cases(
    # `generationbecause`: no space in the source
    ("group.leader_lost_no_member.2_3",
     f"[2021-07-09 11:02:31,771] INFO Group leader [member.id: {M1}, group.instance.id: Some(inv-a)] failed "
     "to join before rebalance timeout, and the group couldn't proceed to next generationbecause no member "
     "joined." + GM,
     {"kind": "group_rebalance_failed", "details": {"failed_leader": M1, "failed_leader_instance_id": "inv-a"}}),
    ("group.leader_lost_no_member.java",
     f"[2024-03-01 12:00:04,549] INFO {SHARD}Group leader [memberId: {M1}, groupInstanceId: None] failed to "
     "join before the rebalance timeout and the group couldn't proceed to the next generation because no "
     "member joined." + GENERIC, {"kind": "group_rebalance_failed", "details": {"failed_leader": M1}}),
)
def test_a_lost_leader_with_nobody_joined_fails_the_rebalance(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# GroupMetadata (class and companion object)
# ---------------------------------------------------------------------------------------------
@cases(
    # AndreasTraut 2.8.0: the 2.3–2.8 MemberMetadata rendering ends with `, )`
    ("group.member_loaded.2_8",
     "[2021-04-27 12:00:20,147] INFO Loaded member MemberMetadata(memberId=consumer-console-consumer-45195-1-"
     "456bde98-b83e-4460-bcd1-5ffe32040c56, groupInstanceId=None, clientId=consumer-console-consumer-45195-1, "
     "clientHost=/127.0.0.1, sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, supportedProtocols="
     "List(range), ) in group console-consumer-45195 with generation 1." + GM_OBJ,
     {"kind": "group_loaded", "group": "console-consumer-45195", "generation": 1,
      "member": "consumer-console-consumer-45195-1-456bde98-b83e-4460-bcd1-5ffe32040c56",
      "client_id": "consumer-console-consumer-45195-1",
      "details": {"client_host": "/127.0.0.1", "protocols": ["range"], "rebalance_timeout_ms": 300000}}),
    # aryan-jadon 3.1: 3.0+ ends with `)`
    ("group.member_loaded.2_8",
     f"[2022-04-26 09:11:41,024] INFO Loaded member {MM_3} in group mygroup with generation 2." + GM_OBJ,
     {**MM_FIELDS, "group": "mygroup", "generation": 2}),
    # 2.5–2.7: the member's whole rendering, then a literal `.groupInstanceId`
    ("group.static_member_loaded.2_5",
     "[2020-06-01 10:30:00,000] INFO Static member MemberMetadata(memberId=payments-a-6f1e2d3c-4b5a-4978-"
     "8695-a4b3c2d1e0f9, groupInstanceId=Some(payments-a), clientId=consumer-payments-1, clientHost=/10.12.0.7, "
     "sessionTimeoutMs=10000, rebalanceTimeoutMs=300000, supportedProtocols=List(range), ).groupInstanceId of "
     "group payments loaded with member id payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9 at generation 7."
     + GM_OBJ,
     {"member": "payments-a-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", "instance_id": "payments-a",
      "group": "payments", "generation": 7}),
    ("group.protocol_unparseable",
     "[2020-02-14 16:40:03,551] WARN Failed to parse Consumer Protocol consumer:range of group payments. "
     "Consumer group coordinator is not aware of the subscribed topics." + GM,
     {"kind": "group_protocol_unparseable", "protocol": "range", "group": "payments"}),
    ("group.protocol_unparseable",
     f"[2025-04-01 12:00:03,551] WARN {SHARD}Failed to parse Consumer Protocol consumer:cooperative-sticky of "
     "group inventory. Consumer group coordinator is not aware of the subscribed topics." + CLASSIC,
     {"protocol": "cooperative-sticky", "coordinator_partition": 5}),
    ("group.join_callback_failed",
     f"[2022-11-02 07:45:19,004] ERROR Failed to invoke join callback for {MM_3} due to null." + GM,
     {**MM_FIELDS, "kind": "group_response_failed", "api": "JoinGroup", "error": "null"}),
    ("group.sync_callback_failed",
     f"[2022-11-02 07:45:19,004] ERROR Failed to invoke sync callback for {MM_3} due to Broken pipe." + GM,
     {"api": "SyncGroup", "error": "Broken pipe", "client_id": "console-consumer"}),
    ("group.offsets_expired_from_group",
     "[2020-10-05 03:00:00,117] DEBUG Expired offsets from group 'billing': Set(invoices-0, invoices-1)" + GM,
     {"kind": "offsets_expired", "group": "billing", "partitions": ["invoices-0", "invoices-1"]}),
)
def test_group_metadata_lines_split_the_member_rendering(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Coordinator fail-over: election, partition load / unload, group load / unload
# ---------------------------------------------------------------------------------------------
@cases(
    # CookJustin 3.3.1; AndreasTraut 2.8.0 has no epoch (added in 2.8.1)
    ("group.coordinator_elected.2_8_1",
     "[2023-01-16 17:27:59,219] INFO [GroupCoordinator 0]: Elected as the group coordinator for partition 3 "
     "in epoch 0" + GC, {"kind": "coordinator_elected", "node": 0, "coordinator_partition": 3,
                         "coordinator_epoch": 0}),
    ("group.coordinator_elected.2_8_0",
     "[2021-04-28 16:09:16,792] INFO [GroupCoordinator 0]: Elected as the group coordinator for partition 18"
     + GC, {"coordinator_partition": 18, "coordinator_epoch": None}),
    ("group.coordinator_resigned.2_8_1",
     "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for partition 5 "
     "in epoch Some(12)" + GC, {"kind": "coordinator_resigned", "coordinator_partition": 5,
                                "coordinator_epoch": 12}),
    ("group.coordinator_resigned.2_8_1",  # a partition deleted without a leader epoch (KafkaApis)
     "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for partition 5 "
     "in epoch None" + GC, {"kind": "coordinator_resigned", "coordinator_partition": 5,
                            "coordinator_epoch": None}),
    ("group.coordinator_resigned.3_5",
     "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for partition 5 "
     "in epoch OptionalInt[12]" + GC, {"kind": "coordinator_resigned", "coordinator_partition": 5,
                                       "coordinator_epoch": 12}),
    ("group.coordinator_resigned.3_5",
     "[2024-11-02 08:10:55,321] INFO [GroupCoordinator 1]: Resigned as the group coordinator for partition 5 "
     "in epoch OptionalInt.empty" + GC, {"kind": "coordinator_resigned", "coordinator_partition": 5,
                                         "coordinator_epoch": None}),
    ("group.coordinator_resigned.2_8_0",
     "[2021-04-28 16:41:30,512] INFO [GroupCoordinator 0]: Resigned as the group coordinator for partition 18"
     + GC, {"kind": "coordinator_resigned", "coordinator_partition": 18}),
    # aryan-jadon 3.1
    ("group.loading",
     "[2022-04-26 09:11:41,024] INFO [GroupCoordinator 0]: Loading group metadata for mygroup with "
     "generation 2" + GC, {"kind": "group_loaded", "group": "mygroup", "generation": 2}),
    ("group.unloading",
     "[2021-04-28 16:41:30,515] INFO [GroupCoordinator 0]: Unloading group metadata for console-consumer-32513 "
     "with generation 3" + GC, {"kind": "group_unloaded", "state": "Dead", "generation": 3}),
)
def test_coordinator_election_and_group_load_name_the_offsets_partition(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


@cases(
    ("group.partition_load_scheduled.2_8_1",
     "[2023-01-16 17:27:59,223] INFO [GroupMetadataManager brokerId=0] Scheduling loading of offsets and group "
     "metadata from __consumer_offsets-3 for epoch 0" + GMM,
     {"kind": "coordinator_load_scheduled", "node": 0, "coordinator_partition": 3, "coordinator_epoch": 0}),
    ("group.partition_load_scheduled.0_11",
     "[2021-04-28 16:09:16,793] INFO [GroupMetadataManager brokerId=0] Scheduling loading of offsets and group "
     "metadata from __consumer_offsets-18" + GMM, {"coordinator_partition": 18}),
    # 0.10.0–0.10.1 print a TopicAndPartition `[t,p]`, 0.10.2 a TopicPartition `t-p`
    ("group.partition_loading.0_10",
     "[2016-11-02 10:00:00,001] INFO [Group Metadata Manager on Broker 0]: Loading offsets and group metadata "
     "from [__consumer_offsets,7]" + GMM_0_10, {"node": 0, "coordinator_partition": 7}),
    ("group.partition_loading.0_10",
     "[2017-06-12 09:00:00,001] INFO [Group Metadata Manager on Broker 2]: Loading offsets and group metadata "
     "from __consumer_offsets-7" + GMM_0_10, {"node": 2, "coordinator_partition": 7}),
    ("group.partition_loaded.2_8_1",
     "[2023-01-16 17:27:59,246] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and group "
     "metadata from __consumer_offsets-3 in 20 milliseconds for epoch 0, of which 10 milliseconds was spent in "
     "the scheduler." + GMM,
     {"kind": "coordinator_loaded", "coordinator_partition": 3, "coordinator_epoch": 0, "duration_ms": 20.0,
      "details": {"scheduler_ms": 10}}),
    ("group.partition_loaded.2_6",
     "[2021-04-28 16:09:16,797] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and group "
     "metadata from __consumer_offsets-18 in 4 milliseconds, of which 2 milliseconds was spent in the "
     "scheduler." + GMM, {"duration_ms": 4.0, "details": {"scheduler_ms": 2}}),
    # ATCP 2.1.1
    ("group.partition_loaded.0_11",
     "[2020-01-31 23:08:33,587] INFO [GroupMetadataManager brokerId=0] Finished loading offsets and group "
     "metadata from __consumer_offsets-22 in 6 milliseconds." + GMM,
     {"coordinator_partition": 22, "duration_ms": 6.0}),
    ("group.partition_loaded.0_10",
     "[2016-11-02 10:00:00,051] INFO [Group Metadata Manager on Broker 0]: Finished loading offsets from "
     "[__consumer_offsets,7] in 50 milliseconds." + GMM_0_10, {"coordinator_partition": 7, "duration_ms": 50.0}),
    ("group.partition_already_loading.2_0",
     "[2019-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Already loading offsets and group "
     "metadata from __consumer_offsets-17" + GMM, {"kind": "coordinator_load_skipped", "coordinator_partition": 17}),
    ("group.partition_already_loading.0_10",
     "[2018-06-01 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Offset load from __consumer_offsets-17 "
     "already in progress." + GMM, {"kind": "coordinator_load_skipped", "coordinator_partition": 17}),
    ("group.partition_load_stale_epoch",
     "[2022-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not loading offsets and group metadata "
     "for __consumer_offsets-17 in epoch 4 since current epoch is 5" + GMM,
     {"coordinator_epoch": 4, "details": {"current_epoch": 5}}),
    ("group.partition_unload_stale_epoch",
     "[2022-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not removing offsets and group metadata "
     "for __consumer_offsets-17 in epoch Some(4) since current epoch is null" + GMM,
     {"coordinator_epoch": 4, "details": {"current_epoch": None}}),
    ("group.partition_unload_stale_epoch.3_5",
     "[2023-03-02 10:11:12,131] INFO [GroupMetadataManager brokerId=1] Not removing offsets and group metadata "
     "for __consumer_offsets-17 in epoch OptionalInt[4] since current epoch is 5" + GMM,
     {"coordinator_epoch": 4, "details": {"current_epoch": 5}}),
    ("group.partition_no_log.0_10_2",
     "[2019-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Attempted to load offsets and group "
     "metadata from __consumer_offsets-17, but found no log" + GMM, {"coordinator_partition": 17}),
    ("group.partition_no_log.0_10",
     "[2016-11-02 10:00:00,001] WARN [Group Metadata Manager on Broker 0]: No log found for "
     "[__consumer_offsets,7]" + GMM_0_10, {"coordinator_partition": 7}),
    ("group.partition_load_error.0_10_2",
     "[2019-03-02 10:11:12,131] ERROR [GroupMetadataManager brokerId=1] Error loading offsets from "
     "__consumer_offsets-17" + GMM + "\njava.lang.IllegalStateException: boom\n\tat kafka.Foo.bar(Foo.scala:1)",
     {"kind": "coordinator_load_failed", "coordinator_partition": 17}),
    ("group.partition_load_error.0_10",
     "[2016-11-02 10:00:00,001] ERROR [Group Metadata Manager on Broker 0]: Error in loading offsets from "
     "[__consumer_offsets,7]" + GMM_0_10, {"kind": "coordinator_load_failed", "coordinator_partition": 7}),
    ("group.partition_load_buffer_larger",
     "[2019-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Loaded offsets and group metadata from "
     "__consumer_offsets-17 with buffer larger (10485800 bytes) than configured offsets.load.buffer.size "
     "(5242880 bytes)" + GMM,
     {"kind": "coordinator_load_anomaly", "details": {"bytes_needed": 10485800, "load_buffer_size": 5242880}}),
    ("group.partition_load_unknown_key",
     "[2023-03-02 10:11:12,131] WARN [GroupMetadataManager brokerId=1] Unknown message key with version 3 "
     "while loading offsets and group metadata from __consumer_offsets-17. Ignoring it. It could be a left "
     "over from an aborted upgrade." + GMM, {"kind": "coordinator_load_anomaly", "details": {"key_version": 3}}),
    ("group.partition_unload_scheduled",
     "[2021-04-28 16:41:30,511] INFO [GroupMetadataManager brokerId=0] Scheduling unloading of offsets and "
     "group metadata from __consumer_offsets-18" + GMM,
     {"kind": "coordinator_unload_scheduled", "coordinator_partition": 18}),
    ("group.partition_unloaded.2_8_1",
     "[2023-01-16 18:00:00,001] INFO [GroupMetadataManager brokerId=0] Finished unloading __consumer_offsets-3 "
     "for coordinator epoch Some(0). Removed 4 cached offsets and 1 cached groups." + GMM,
     {"kind": "coordinator_unloaded", "coordinator_epoch": 0, "count": 4, "details": {"groups_removed": 1}}),
    ("group.partition_unloaded.3_5",
     "[2024-01-16 18:00:00,001] INFO [GroupMetadataManager brokerId=0] Finished unloading __consumer_offsets-3 "
     "for coordinator epoch OptionalInt.empty. Removed 4 cached offsets and 1 cached groups." + GMM,
     {"kind": "coordinator_unloaded", "coordinator_epoch": None, "count": 4, "details": {"groups_removed": 1}}),
    ("group.partition_unloaded.0_11",
     "[2021-04-28 16:41:30,520] INFO [GroupMetadataManager brokerId=0] Finished unloading __consumer_offsets-18. "
     "Removed 0 cached offsets and 0 cached groups." + GMM, {"count": 0, "details": {"groups_removed": 0}}),
    ("group.partition_offsets_unloaded.0_10",
     "[2016-11-02 10:30:00,001] INFO [Group Metadata Manager on Broker 0]: Removed 3 cached offsets for "
     "[__consumer_offsets,7] on follower transition." + GMM_0_10,
     {"kind": "coordinator_unloaded", "count": 3, "coordinator_partition": 7}),
    ("group.partition_groups_unloaded.0_10",
     "[2017-06-12 10:30:00,001] INFO [Group Metadata Manager on Broker 0]: Removed 1 cached groups for "
     "__consumer_offsets-7 on follower transition." + GMM_0_10, {"details": {"groups_removed": 1}}),
)
def test_offsets_partition_load_and_unload_give_partition_epoch_and_timings(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Offset expiration, dead groups, deletions, write failures
# ---------------------------------------------------------------------------------------------
@cases(
    # 1316591029 (0.10.1): the 0.10–0.11 prefix
    ("group.offsets_expired",
     "[2018-05-27 11:28:07,420] INFO [Group Metadata Manager on Broker 0]: Removed 0 expired offsets in 3 "
     "milliseconds." + GMM_0_10, {"kind": "offsets_expired", "node": 0, "count": 0, "duration_ms": 3.0}),
    # elastic-beats server.log (0.11): the old prefix under the new package
    ("group.offsets_expired",
     "[2017-08-04 10:48:21,095] INFO [Group Metadata Manager on Broker 0]: Removed 0 expired offsets in 1 "
     "milliseconds." + GMM, {"count": 0, "duration_ms": 1.0}),
    ("group.offsets_expired",
     "[2020-05-28 08:05:18,378] INFO [GroupMetadataManager brokerId=0] Removed 12 expired offsets in 0 "
     "milliseconds." + GMM, {"count": 12}),
    # aryan-jadon 3.1: an Empty group whose offsets all expired
    ("group.dead",
     "[2022-04-25 22:07:41,390] INFO [GroupMetadataManager brokerId=0] Group my-group2 transitioned to Dead in "
     "generation 6" + GMM,
     {"kind": "group_dead", "group": "my-group2", "generation": 6, "state": "Dead", "prev_state": "Empty"}),
    ("group.expiration_not_coordinator",
     "[2019-03-02 10:21:12,131] INFO [GroupMetadataManager brokerId=1] BrokerId 1 is no longer a coordinator "
     "for the group billing. Proceeding cleanup for other alive groups" + GMM,
     {"kind": "group_unloaded", "group": "billing", "node": 1}),
    ("group.moved_after_txn_marker",
     "[2019-03-02 10:21:12,131] INFO [GroupMetadataManager brokerId=1] Group billing has moved away from 1 "
     "after transaction marker was written but before the cache was updated. The cache on the new group owner "
     "will be updated instead." + GMM, {"kind": "group_unloaded", "group": "billing"}),
    ("group.tombstones_for_expiration",
     f"[2025-04-01 13:10:00,001] INFO {SHARD}Generated 4 tombstone records while cleaning up group metadata "
     "in 2 milliseconds." + SHARD_LOGGER, {"kind": "offsets_expired", "count": 4, "duration_ms": 2.0}),
    ("group.offset_expired",
     f"[2025-04-01 13:10:00,000] DEBUG {SHARD}[GroupId billing] Expired offset for partition=invoices-0"
     + OFFSETS, {"group": "billing", "topic": "invoices", "partition": 0, "count": 1}),
)
def test_offset_expiration_counts_what_was_removed(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.groups_deleted.2_0",
     "[2021-04-28 16:20:00,001] INFO [GroupCoordinator 0]: The following groups were deleted: "
     "console-consumer-32513. A total of 1 offsets were removed." + GC,
     {"kind": "group_deleted", "group": "console-consumer-32513", "count": 1, "state": "Dead",
      "details": {"groups": ["console-consumer-32513"]}}),
    ("group.groups_deleted.2_0",
     f"[2025-04-01 13:00:00,001] INFO {SHARD}The following groups were deleted: a, b. A total of 3 offsets "
     "were removed." + SHARD_LOGGER, {"group": None, "count": 3, "details": {"groups": ["a", "b"]}}),
    ("group.groups_deleted.1_1",
     "[2018-06-01 16:20:00,001] INFO [GroupCoordinator 0]: The following groups were deleted: billing, orders"
     + GC, {"group": None, "details": {"groups": ["billing", "orders"]}}),
    # aryan-jadon 3.1: topics deleted under a group
    ("group.offsets_deleted_with_partitions",
     "[2022-04-25 21:40:13,909] INFO [GroupCoordinator 0]: Removed 3 offsets associated with deleted "
     "partitions: design-0, design-2, design-1." + GC,
     {"kind": "offsets_deleted", "count": 3, "partitions": ["design-0", "design-2", "design-1"]}),
    ("group.offsets_deleted_by_request",
     "[2021-04-28 16:20:00,001] INFO [GroupCoordinator 0]: The following offsets of the group billing were "
     "deleted: invoices-0, invoices-1. A total of 2 offsets were removed." + GC,
     {"group": "billing", "count": 2, "partitions": ["invoices-0", "invoices-1"]}),
    ("group.tombstones_for_deleted_partitions",
     f"[2025-04-01 13:00:00,001] INFO {SHARD}Generated 2 tombstone records in 1 milliseconds while deleting "
     "offsets for partitions [design-0, design-1]." + SHARD_LOGGER,
     {"kind": "offsets_deleted", "count": 2, "partitions": ["design-0", "design-1"]}),
)
def test_deletions_name_the_groups_and_partitions(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.tombstones_failed.0_10_2",
     "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Failed to append 3 tombstones to "
     "__consumer_offsets-17 for expired/deleted offsets and/or metadata for group billing." + GMM,
     {"kind": "group_write_failed", "count": 3, "coordinator_partition": 17, "group": "billing"}),
    ("group.tombstones_failed.0_10_1",
     "[2016-11-02 10:21:12,131] ERROR [Group Metadata Manager on Broker 0]: Failed to append 3 tombstones to "
     "[__consumer_offsets,17] for expired offsets and/or metadata for group billing." + GMM_0_10,
     {"count": 3, "coordinator_partition": 17}),
    ("group.metadata_append_failed",
     "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Appending metadata message for group "
     "billing generation 13 failed due to org.apache.kafka.common.errors.RecordTooLargeException, returning "
     "UNKNOWN error code to the client" + GMM,
     {"group": "billing", "generation": 13, "error": "org.apache.kafka.common.errors.RecordTooLargeException"}),
    ("group.metadata_append_unexpected_error",
     "[2019-03-02 10:21:12,131] ERROR [GroupMetadataManager brokerId=1] Appending metadata message for group "
     "billing generation 13 failed due to unexpected error: org.apache.kafka.common.errors.KafkaStorageException"
     + GMM, {"error": "org.apache.kafka.common.errors.KafkaStorageException"}),
    ("group.offset_commit_mixed",
     "[2019-03-02 10:21:12,131] WARN [GroupMetadataManager brokerId=1] group: billing with leader: "
     f"{M1} has received offset commits from consumers as well as transactional producers. Mixing both types "
     "of offset commits will generally result in surprises and should be avoided." + GMM,
     {"kind": "offset_commit_mixed", "group": "billing", "member": M1}),
    # a group without a leader prints `null`
    ("group.offset_commit_mixed",
     "[2019-03-02 10:21:12,131] WARN [GroupMetadataManager brokerId=1] group: billing with leader: null has "
     "received offset commits from consumers as well as transactional producers. Mixing both types of offset "
     "commits will generally result in surprises and should be avoided." + GMM,
     {"group": "billing", "member": None}),
)
def test_write_failures_keep_the_error(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# The Java coordinator's runtime (3.6+)
# ---------------------------------------------------------------------------------------------
@cases(
    # Ammar777782439 4.0
    ("group.runtime_load_scheduled",
     "[2026-08-08 14:56:09,268] INFO [GroupCoordinator id=0] Scheduling loading of metadata from "
     "__consumer_offsets-13 with epoch 0" + RT40,
     {"kind": "coordinator_load_scheduled", "node": 0, "coordinator_partition": 13, "coordinator_epoch": 0}),
    ("group.runtime_loaded.3_8",
     "[2026-08-08 14:56:09,343] INFO [GroupCoordinator id=0] Finished loading of metadata from "
     "__consumer_offsets-9 with epoch 0 in 4ms where 4ms was spent in the scheduler. Loaded 0 records which "
     "total to 0 bytes." + RT40,
     {"kind": "coordinator_loaded", "coordinator_partition": 9, "duration_ms": 4.0, "count": 0,
      "details": {"scheduler_ms": 4, "bytes": 0}}),
    ("group.runtime_loaded.3_7",
     "[2024-06-02 08:10:55,402] INFO [GroupCoordinator id=1] Finished loading of metadata from "
     "__consumer_offsets-5 with epoch 12 and LoadSummary=LoadSummary(startTimeMs=1717315855317, "
     "endTimeMs=1717315855402, numRecords=1520, numBytes=214032)." + RT39,
     {"coordinator_epoch": 12, "count": 1520, "duration_ms": 85.0, "details": {"bytes": 214032}}),
    ("group.runtime_loaded.3_6",
     "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Finished loading of metadata from "
     "__consumer_offsets-5 with epoch 12." + RT39, {"coordinator_epoch": 12, "duration_ms": None}),
    ("group.runtime_already_loading",
     "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] The coordinator __consumer_offsets-5 is already "
     "loading metadata." + RT39, {"kind": "coordinator_load_skipped", "coordinator_partition": 5}),
    ("group.runtime_already_active",
     "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] The coordinator __consumer_offsets-5 is already "
     "active." + RT39, {"kind": "coordinator_load_skipped"}),
    ("group.runtime_load_stale_epoch.3_8",
     "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] Ignored loading metadata from __consumer_offsets-5 "
     "since current epoch 13 is larger than or equals to 12." + RT39,
     {"coordinator_epoch": 12, "details": {"current_epoch": 13}}),
    ("group.runtime_load_stale_epoch.3_6",
     "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Ignoring loading metadata from "
     "__consumer_offsets-5 since current epoch 13 is larger than or equals to 12." + RT39,
     {"coordinator_epoch": 12, "details": {"current_epoch": 13}}),
    ("group.runtime_load_completion_ignored.3_8",
     "[2024-11-02 08:10:55,402] INFO [GroupCoordinator id=1] Ignored load completion from __consumer_offsets-5 "
     "because context is in CLOSED state." + RT39, {"state": "CLOSED"}),
    ("group.runtime_load_completion_ignored.3_6",
     "[2024-03-01 08:10:55,402] INFO [GroupCoordinator id=1] Ignoring load completion from "
     "__consumer_offsets-5 because context is in FAILED state." + RT39, {"state": "FAILED"}),
    ("group.runtime_load_failed",
     "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] Failed to load metadata from __consumer_offsets-5 "
     "with epoch 12 due to org.apache.kafka.common.errors.NotLeaderOrFollowerException: Not leader." + RT39,
     {"kind": "coordinator_load_failed", "coordinator_epoch": 12,
      "error": "org.apache.kafka.common.errors.NotLeaderOrFollowerException: Not leader"}),
    ("group.runtime_cannot_load",
     "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] Cannot load coordinator __consumer_offsets-5 in "
     "state CLOSED." + RT39, {"kind": "coordinator_load_failed", "state": "CLOSED"}),
    ("group.runtime_out_of_sync",
     "[2024-11-02 08:10:55,402] ERROR [GroupCoordinator id=1] The state machine of the coordinator "
     "__consumer_offsets-5 is out of sync with the underlying log. The last written offset returned is 1520 "
     "while the coordinator expected 1530. The coordinator will be reloaded in order to re-synchronize the "
     "state machine." + RT39,
     {"kind": "coordinator_load_failed", "offset": 1520, "details": {"expected_offset": 1530}}),
    ("group.runtime_shard_transition",
     f"[2024-11-02 08:10:55,401] DEBUG {SHARD}Transition from LOADING to ACTIVE." + RT39,
     {"kind": "coordinator_lifecycle", "prev_state": "LOADING", "state": "ACTIVE", "coordinator_partition": 5,
      "details": {"component": "shard"}}),
)
def test_the_runtime_loads_offsets_partitions_with_their_epoch(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


@cases(
    # Ammar777782439 4.0: the epoch is a java.util.OptionalInt from 4.0
    ("group.runtime_unload_scheduled.4_0",
     "[2026-08-08 14:49:23,856] INFO [GroupCoordinator id=0] Scheduling unloading of metadata for "
     "__consumer_offsets-13 with epoch OptionalInt[1]" + RT40,
     {"kind": "coordinator_unload_scheduled", "coordinator_partition": 13, "coordinator_epoch": 1}),
    ("group.runtime_unload_scheduled.3_6",
     "[2024-11-02 08:30:00,000] INFO [GroupCoordinator id=1] Scheduling unloading of metadata for "
     "__consumer_offsets-5 with epoch 13" + RT39, {"coordinator_epoch": 13}),
    ("group.runtime_unload_started.4_0",
     "[2026-08-08 14:49:23,857] INFO [GroupCoordinator id=0] Started unloading metadata for "
     "__consumer_offsets-13 with epoch OptionalInt[1]." + RT40, {"coordinator_epoch": 1,
                                                                 "details": {"started": True}}),
    ("group.runtime_unload_started.3_6",
     "[2024-11-02 08:30:00,001] INFO [GroupCoordinator id=1] Started unloading metadata for "
     "__consumer_offsets-5 with epoch 13." + RT39, {"coordinator_epoch": 13}),
    # OptionalInt.empty: the __consumer_offsets topic partition was deleted
    ("group.runtime_unloaded.4_0",
     "[2026-08-08 14:49:23,858] INFO [GroupCoordinator id=0] Finished unloading metadata for "
     "__consumer_offsets-13 with epoch OptionalInt.empty." + RT40,
     {"kind": "coordinator_unloaded", "coordinator_partition": 13, "coordinator_epoch": None}),
    ("group.runtime_unloaded.3_6",
     "[2024-11-02 08:30:00,002] INFO [GroupCoordinator id=1] Finished unloading metadata for "
     "__consumer_offsets-5 with epoch 13." + RT39, {"kind": "coordinator_unloaded", "coordinator_epoch": 13}),
    ("group.runtime_unload_never_loaded.4_0",
     "[2026-08-08 14:49:23,863] INFO [GroupCoordinator id=0] Ignored unloading metadata for "
     "__consumer_offsets-46 in epoch OptionalInt[1] since metadata was never loaded." + RT40,
     {"kind": "coordinator_load_skipped", "coordinator_partition": 46, "coordinator_epoch": 1}),
    ("group.runtime_unload_never_loaded.3_7",
     "[2024-11-02 08:30:00,003] INFO [GroupCoordinator id=1] Ignored unloading metadata for "
     "__consumer_offsets-46 in epoch 13 since metadata was never loaded." + RT39, {"coordinator_epoch": 13}),
    ("group.runtime_unload_stale_epoch.4_0",
     "[2026-08-08 14:49:23,863] INFO [GroupCoordinator id=0] Ignored unloading metadata for "
     "__consumer_offsets-46 in epoch OptionalInt[1] since current epoch is 2." + RT40,
     {"coordinator_epoch": 1, "details": {"current_epoch": 2}}),
    ("group.runtime_unload_stale_epoch.3_6",
     "[2024-11-02 08:30:00,003] INFO [GroupCoordinator id=1] Ignored unloading metadata for "
     "__consumer_offsets-46 in epoch 13 since current epoch is 14." + RT39,
     {"coordinator_epoch": 13, "details": {"current_epoch": 14}}),
)
def test_the_runtime_unload_epoch_is_an_int_then_an_optional_int(
    template: str, line: str, expected: dict[str, Any]
) -> None:
    check(template, line, **expected)


@cases(
    # 1316591029 (0.10.1) and Ammar777782439 (4.0): same words, other logger and prefix
    ("group.lifecycle.starting",
     "[2018-05-27 11:28:07,415] INFO [GroupCoordinator 0]: Starting up." + GC_0_10,
     {"kind": "coordinator_lifecycle", "state": "starting", "node": 0, "details": {"component": "coordinator"}}),
    ("group.lifecycle.starting",
     "[2025-05-14 22:49:13,377] INFO [GroupCoordinator id=10] Starting up." + SERVICE,
     {"state": "starting", "node": 10}),
    ("group.lifecycle.started",
     "[2018-05-27 11:28:07,417] INFO [GroupCoordinator 0]: Startup complete." + GC_0_10, {"state": "started"}),
    ("group.lifecycle.shutting_down",
     "[2021-04-28 16:32:55,042] INFO [GroupCoordinator 2]: Shutting down." + GC_0_10,
     {"state": "shutting_down", "node": 2}),
    ("group.lifecycle.shut_down",
     "[2025-05-14 22:50:19,034] INFO [GroupCoordinator id=10] Shutdown complete." + SERVICE,
     {"state": "shut_down", "node": 10}),
    ("group.runtime_closing",
     "[2025-05-14 22:50:19,024] INFO [GroupCoordinator id=10] Closing coordinator runtime." + RT40,
     {"state": "shutting_down", "details": {"component": "runtime"}}),
    ("group.runtime_closed",
     "[2025-05-14 22:50:19,032] INFO [GroupCoordinator id=10] Coordinator runtime closed." + RT40,
     {"state": "shut_down", "details": {"component": "runtime"}}),
    ("group.event_processor_shutting_down",
     "[2025-05-14 22:50:19,026] INFO [GroupCoordinator id=10] Shutting down event processor." + EP40,
     {"state": "shutting_down", "node": 10, "details": {"component": "event_processor"}}),
    ("group.event_processor_closed",
     "[2025-05-14 22:50:19,028] INFO [GroupCoordinator id=10] Event processor closed." + EP40,
     {"state": "shut_down", "details": {"component": "event_processor"}}),
    ("group.event_thread_starting",
     "[2025-05-14 22:49:13,057] INFO [group-coordinator-event-processor-0]: Starting" + EPT40,
     {"state": "starting", "details": {"component": "event_thread", "thread": 0}}),
    ("group.event_thread_draining",
     "[2025-05-14 22:50:19,026] INFO [group-coordinator-event-processor-3]: Shutting down. Draining the "
     "remaining events." + EPT40, {"state": "shutting_down", "details": {"thread": 3}}),
    ("group.event_thread_shut_down",
     "[2025-05-14 22:50:19,026] INFO [group-coordinator-event-processor-1]: Shutdown completed" + EPT40,
     {"state": "shut_down", "details": {"thread": 1}}),
)
def test_coordinator_start_and_stop_in_every_component(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# KIP-848 consumer groups (Java GroupMetadataManager, 3.6+)
# ---------------------------------------------------------------------------------------------
@cases(
    ("group.consumer_member_joined.3_9",
     f"[2024-11-02 08:11:02,777] INFO {SHARD}[GroupId orders] Member {K848} joins the consumer group using "
     "the consumer protocol." + JGMM,
     {"kind": "group_member_joined", "group": "orders", "member": K848,
      "details": {"rebalance_protocol": "consumer", "group_type": "consumer"}}),
    ("group.consumer_member_joined.3_6",
     f"[2024-03-01 08:11:02,777] INFO {SHARD}[GroupId orders] Member {K848} joins the consumer group." + JGMM,
     {"group": "orders", "member": K848}),
    ("group.consumer_static_member_joined.3_9",
     f"[2024-11-02 08:11:02,778] INFO {SHARD}[GroupId orders] Static member {K848} with instance id orders-a "
     "joins the consumer group using the classic protocol." + JGMM,
     {"member": K848, "instance_id": "orders-a", "details": {"rebalance_protocol": "classic", "static": True}}),
    ("group.consumer_static_member_joined.3_7",
     f"[2024-06-02 08:11:02,778] INFO {SHARD}[GroupId orders] Static member {K848} with instance id orders-a "
     "joins the consumer group." + JGMM, {"member": K848, "instance_id": "orders-a"}),
    ("group.consumer_static_member_replaced.3_9",
     f"[2024-11-02 08:15:02,778] INFO {SHARD}[GroupId orders] Static member with instance id orders-a "
     "re-joins the consumer group using the consumer protocol. Created a new member U2Vjb25kU3RhdGljTWVtYg to "
     f"replace the existing member {K848}." + JGMM,
     {"kind": "group_static_member_replaced", "member": "U2Vjb25kU3RhdGljTWVtYg", "instance_id": "orders-a",
      "details": {"old_member": K848}}),
    ("group.consumer_static_member_replaced.3_8",
     f"[2024-08-02 08:15:02,778] INFO {SHARD}[GroupId orders] Static member with unknown member id and "
     "instance id orders-a re-joins the consumer group. Created a new member U2Vjb25kU3RhdGljTWVtYg to "
     f"replace the existing member {K848}." + JGMM,
     {"member": "U2Vjb25kU3RhdGljTWVtYg", "details": {"old_member": K848}}),
    ("group.consumer_static_member_replaced.3_7",
     f"[2024-06-02 08:15:02,778] INFO {SHARD}[GroupId orders] Static member U2Vjb25kU3RhdGljTWVtYg with "
     "instance id orders-a re-joins the consumer group." + JGMM,
     {"member": "U2Vjb25kU3RhdGljTWVtYg", "instance_id": "orders-a"}),
    ("group.consumer_member_id_required",
     f"[2024-08-02 08:15:02,778] INFO {SHARD}[GroupId orders] Dynamic member with unknown member id joins the "
     f"consumer group. Created a new member id {M1} and requesting the member to rejoin with this id." + JGMM,
     {"kind": "group_member_id_created", "member": M1, "details": {"member_id_required": True}}),
    ("group.share_member_joined",
     f"[2024-11-02 08:11:02,777] INFO {SHARD}[GroupId shares] Member {K848} joins the share group using the "
     "share protocol." + JGMM, {"member": K848, "details": {"group_type": "share"}}),
    ("group.consumer_static_member_left_temporarily",
     f"[2024-11-02 08:20:02,791] INFO {SHARD}[GroupId orders] Static Member {K848} with instance id orders-a "
     "temporarily left the consumer group." + JGMM,
     {"kind": "group_member_left", "instance_id": "orders-a", "details": {"temporary": True}}),
    ("group.consumer_static_member_left",
     f"[2024-11-02 08:20:02,791] INFO {SHARD}[GroupId orders] Static Member {K848} with instance id orders-a "
     "left the consumer group." + JGMM, {"member": K848, "instance_id": "orders-a", "cause": "leave"}),
    ("group.consumer_member_left",
     f"[2024-11-02 08:20:02,791] INFO {SHARD}[GroupId orders] Member {K848} left the consumer group." + JGMM,
     {"kind": "group_member_left", "member": K848}),
    ("group.share_member_left",
     f"[2024-11-02 08:20:02,791] INFO {SHARD}[GroupId shares] Member {K848} left the share group." + JGMM,
     {"kind": "group_member_left", "details": {"group_type": "share"}}),
)
def test_kip848_members_join_and_leave(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.consumer_member_fenced_session.3_6",
     f"[2024-03-01 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because its "
     "session expired." + JGMM, {"kind": "group_member_fenced", "cause": "heartbeat_expiration"}),
    ("group.consumer_member_fenced_revocation.3_6",
     f"[2024-03-01 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because it "
     "failed to revoke partitions within 300000ms." + JGMM,
     {"cause": "revocation_timeout", "details": {"timeout_ms": 300000}}),
    ("group.consumer_member_fenced_rebalance_timeout",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because it "
     "failed to transition from epoch 16 within 300000ms." + JGMM,
     {"cause": "rebalance_timeout", "details": {"member_epoch": 16, "timeout_ms": 300000}}),
    # 3.8+ reasons carry their own period: the line ends with `..`
    ("group.consumer_member_fenced.3_8",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because the "
     "member session expired.." + JGMM, {"cause": "heartbeat_expiration", "reason": "the member session expired."}),
    ("group.consumer_member_fenced.3_8",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because the "
     "classic member failed to join within the rebalance timeout.." + JGMM, {"cause": "join_timeout"}),
    ("group.consumer_member_fenced.3_8",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Member {K848} fenced from the group because the "
     "member failed to sync within timeout.." + JGMM, {"cause": "sync_timeout"}),
    ("group.consumer_static_member_fenced",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Static member U2Vjb25kU3RhdGljTWVtYg with "
     f"instance id orders-a is fenced by existing member {K848}." + JGMM,
     {"error": "FENCED_INSTANCE_ID", "instance_id": "orders-a", "details": {"current_member": K848}}),
    # `is is` in the source
    ("group.consumer_static_instance_owned",
     f"[2024-11-02 08:13:40,010] INFO {SHARD}[GroupId orders] Static member U2Vjb25kU3RhdGljTWVtYg with "
     f"instance id orders-a cannot join the group because the instance id is is owned by member {K848}." + JGMM,
     {"error": "UNRELEASED_INSTANCE_ID", "details": {"current_member": K848}}),
)
def test_kip848_fencing_gives_the_cause(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


@cases(
    ("group.epoch_bumped",
     f"[2024-11-02 08:11:02,779] INFO {SHARD}[GroupId orders] Bumped group epoch to 17." + JGMM,
     {"kind": "group_epoch_bumped", "group": "orders", "generation": 17}),
    ("group.target_assignment.4_0",
     f"[2025-04-01 08:11:02,790] INFO {SHARD}[GroupId orders] Computed a new target assignment for epoch 17 "
     "with 'uniform' assignor in 2ms." + JGMM,
     {"kind": "group_target_assignment", "generation": 17, "protocol": "uniform", "duration_ms": 2.0}),
    ("group.target_assignment.3_8",
     f"[2024-11-02 08:11:02,790] INFO {SHARD}[GroupId orders] Computed a new target assignment for epoch 17 "
     f"with 'range' assignor in 3ms: {{{K848}=MemberAssignment(targetPartitions={{kL8m2n=[0, 1]}})}}." + JGMM,
     {"generation": 17, "protocol": "range", "duration_ms": 3.0,
      "details": {"assignment": f"{{{K848}=MemberAssignment(targetPartitions={{kL8m2n=[0, 1]}})}}"}}),
    ("group.target_assignment.3_7",
     f"[2024-06-02 08:11:02,790] INFO {SHARD}[GroupId orders] Computed a new target assignment for epoch 17 "
     "with 'range' assignor: {}." + JGMM, {"generation": 17, "protocol": "range"}),
    ("group.target_assignment.3_6",
     f"[2024-03-01 08:11:02,790] INFO {SHARD}[GroupId orders] Computed a new target assignment for epoch 17: "
     "{}." + JGMM, {"generation": 17, "details": {"assignment": "{}"}}),
    ("group.target_assignment_failed",
     f"[2024-11-02 08:11:02,790] ERROR {SHARD}[GroupId orders] Failed to compute a new target assignment for "
     "epoch 17: Unknown assignor bogus." + JGMM, {"generation": 17, "error": "Unknown assignor bogus"}),
    ("group.subscription_metadata",
     f"[2024-11-02 08:11:02,780] INFO {SHARD}[GroupId orders] Computed new subscription metadata: "
     "{orders=TopicMetadata(id=kL8m2n, name=orders, numPartitions=2, partitionRacks={})}." + JGMM,
     {"kind": "group_subscription_metadata", "group": "orders"}),
    ("group.member_subscribed_topics",
     f"[2024-11-02 08:11:02,778] INFO {SHARD}[GroupId orders] Member {K848} updated its subscribed topics to: "
     "[orders, payments]." + JGMM, {"member": K848, "details": {"topics": ["orders", "payments"]}}),
    ("group.member_subscribed_regex",
     f"[2024-11-02 08:11:02,778] INFO {SHARD}[GroupId orders] Member {K848} updated its subscribed regex to: "
     "orders-.*." + JGMM, {"member": K848, "details": {"regex": "orders-.*"}}),
    # 3.8+: member epoch and state; partitions are topic ids
    ("group.member_assignment_state.3_8",
     f"[2024-11-02 08:11:02,791] INFO {SHARD}[GroupId orders] Member {K848} new assignment state: epoch=17, "
     "previousEpoch=16, state=UNREVOKED_PARTITIONS, assignedPartitions=[kL8m2n-0] and "
     "revokedPartitions=[kL8m2n-1]." + JGMM,
     {"kind": "group_member_assignment", "state": "UNREVOKED_PARTITIONS", "generation": None,
      "details": {"member_epoch": 17, "previous_member_epoch": 16, "assigned_partitions": ["kL8m2n-0"],
                  "revoked_partitions": ["kL8m2n-1"]}}),
    ("group.member_assignment_state.share",
     f"[2024-11-02 08:11:02,791] INFO {SHARD}[GroupId shares] Member {K848} new assignment state: epoch=3, "
     "previousEpoch=2, state=STABLE, assignedPartitions=[]." + JGMM,
     {"state": "STABLE", "details": {"member_epoch": 3, "assigned_partitions": []}}),
    ("group.member_assignment_transition.3_6",
     f"[2024-03-01 08:11:02,791] INFO {SHARD}[GroupId orders] Member {K848} transitioned from "
     "CurrentAssignment(memberEpoch=16, previousMemberEpoch=15, targetMemberEpoch=16, state=stable, "
     "assignedPartitions={kL8m2n=[0, 1]}, partitionsPendingRevocation={}, partitionsPendingAssignment={}) to "
     "CurrentAssignment(memberEpoch=16, previousMemberEpoch=15, targetMemberEpoch=17, state=revoking, "
     "assignedPartitions={kL8m2n=[0]}, partitionsPendingRevocation={kL8m2n=[1]}, "
     "partitionsPendingAssignment={})." + JGMM,
     {"state": "revoking", "details": {"member_epoch": 16, "previous_member_epoch": 16,
                                       "target_member_epoch": 17}}),
)
def test_kip848_epochs_and_assignments(template: str, line: str, expected: dict[str, Any]) -> None:
    # the group epoch is KIP-848's generation: it goes to `generation`; a member's epoch to details
    check(template, line, **expected)


@cases(
    ("group.classic_group_loaded",
     f"[2025-04-01 12:00:00,010] INFO {SHARD}Loaded classic group inventory with 2 members." + JGMM,
     {"kind": "group_loaded", "group": "inventory", "members": 2, "details": {"group_type": "classic"}}),
    ("group.generic_group_loaded",
     f"[2024-03-01 12:00:00,010] INFO {SHARD}Loaded generic group inventory with 2 members." + JGMM,
     {"members": 2, "details": {"group_type": "classic"}}),
    ("group.consumer_group_loaded",
     f"[2025-04-01 12:00:00,011] INFO {SHARD}Loaded consumer group orders with 3 members." + JGMM,
     {"members": 3, "details": {"group_type": "consumer"}}),
    ("group.classic_group_unloading",
     f"[2025-04-01 14:00:00,011] INFO {SHARD}[GroupId=inventory] Unloading group metadata for generation 11."
     + JGMM, {"kind": "group_unloaded", "group": "inventory", "generation": 11, "state": "Dead"}),
    ("group.consumer_group_unloaded",
     f"[2025-04-01 14:00:00,012] INFO {SHARD}[GroupId=orders] Unloaded group metadata for group epoch 17."
     + JGMM, {"kind": "group_unloaded", "group": "orders", "generation": 17}),
    ("group.simple_group_created",
     f"[2025-04-01 12:30:00,000] INFO {SHARD}[GroupId reporting] Creating a simple consumer group via manual "
     "offset commit." + OFFSETS, {"kind": "group_created", "group": "reporting", "state": "Empty"}),
    ("group.upgrade_refused.disabled",
     f"[2025-04-01 12:00:00,020] INFO {SHARD}Cannot upgrade classic group inventory to consumer group because "
     "the online upgrade is disabled." + JGMM,
     {"kind": "group_conversion", "group": "inventory", "reason": "online upgrade disabled"}),
    ("group.upgrade_refused.protocol",
     f"[2025-04-01 12:00:00,021] INFO {SHARD}Cannot upgrade classic group connect-cluster to consumer group "
     "because the group does not use the consumer embedded protocol." + JGMM,
     {"group": "connect-cluster", "reason": "not the consumer embedded protocol"}),
    ("group.upgrade_refused.size",
     f"[2025-04-01 12:00:00,022] INFO {SHARD}Cannot upgrade classic group inventory to consumer group because "
     "the group size exceeds the consumer group maximum size." + JGMM, {"reason": "group too large"}),
    ("group.downgrade_refused.disabled",
     f"[2025-04-01 12:00:00,023] INFO {SHARD}Cannot downgrade consumer group orders to classic group because "
     "the online downgrade is disabled." + JGMM, {"group": "orders", "reason": "online downgrade disabled"}),
    ("group.downgrade_refused.size",
     f"[2025-04-01 12:00:00,024] INFO {SHARD}Cannot downgrade consumer group orders to classic group because "
     "its group size is greater than classic group max size." + JGMM, {"reason": "group too large"}),
)
def test_java_group_load_unload_creation_and_conversion(template: str, line: str, expected: dict[str, Any]) -> None:
    check(template, line, **expected)


# ---------------------------------------------------------------------------------------------
# Catalogue hygiene for this area
# ---------------------------------------------------------------------------------------------
def test_the_scala_and_java_loggers_of_the_same_simple_name_are_kept_apart() -> None:
    # §1.3: kafka.coordinator.group.GroupMetadataManager (Scala) and
    # org.apache.kafka.coordinator.group.GroupMetadataManager (Java) share the simple name; a Scala
    # partition-load line logged under the Java name is not one of the Java templates.
    ev = events(
        "[2023-01-16 17:27:59,223] INFO [GroupMetadataManager brokerId=0] Scheduling loading of offsets and "
        "group metadata from __consumer_offsets-3 for epoch 0" + JGMM
    )
    assert ev.height == 0


def test_every_coordinator_entry_is_specified_in_this_module() -> None:
    ids = {t.id for t in coordinator.TEMPLATES}
    missing = sorted(ids - SPECIFIED)
    assert not missing, f"entries without a specification here: {missing}"
