"""Catalogue entries: the Java consumer client's group membership.

The classic protocol's ``AbstractCoordinator`` / ``ConsumerCoordinator`` (0.10 → 4.x), the
rebalance-listener invoker (3.7+) and the new consumer of KIP-848 (``group.protocol=consumer``,
3.7+: ``MembershipManagerImpl`` 3.7–3.9, ``ConsumerMembershipManager`` 4.0, the heartbeat
request managers).  Kafka Connect's ``WorkerCoordinator`` extends ``AbstractCoordinator`` and
logs the same wording with its own ``[Worker clientId=…, groupId=…]`` prefix.

Wording per version: kafka-log-templates.md §3, each string checked against the release tags
of Kafka's source.  Two traps shape the entries:

* **logger names move** – ``AbstractCoordinator``'s lines are logged under
  ``…internals.AbstractCoordinator`` in 0.10–2.8 and under the subclass (``ConsumerCoordinator``,
  Connect's ``WorkerCoordinator``) from 3.0 (apache/kafka#10149, ``logContext.logger(getClass())``);
  the partition-listener lines moved to ``ConsumerRebalanceListenerInvoker`` in 3.7
  (KAFKA-15628); the committed-offset line to the prefix-less static ``ConsumerUtils`` logger.
* **prefixes** – none in 0.10–0.11 (the group id is in the text), ``[Consumer clientId=…,
  groupId=…] `` from 1.0 and ``[Consumer instanceId=…, clientId=…, groupId=…] `` with static
  membership (2.3+, KIP-345).

The coordinator is printed as a ``Node`` whose id is ``Integer.MAX_VALUE - brokerId``; the
``coordinator_node`` field type turns it back into the broker id.  2.6.1+ prints the
generation as ``Generation{generationId=…, memberId='…', protocol='…'}`` (``GEN`` below).
"""

from __future__ import annotations

import re
from typing import Any

from ..kinds import Kind
from ..templates import Prefix, Template
from .derive import (
    assignment_update,
    chain,
    committed_offsets,
    consumer_exception,
    consumer_fields,
    consumer_reason,
    details_const,
    fetch_position,
    group_assignment,
)

_INTERNALS = "org.apache.kafka.clients.consumer.internals."
ABSTRACT_COORDINATOR = _INTERNALS + "AbstractCoordinator"
CONSUMER_COORDINATOR = _INTERNALS + "ConsumerCoordinator"
WORKER_COORDINATOR = "org.apache.kafka.connect.runtime.distributed.WorkerCoordinator"
LISTENER_INVOKER = _INTERNALS + "ConsumerRebalanceListenerInvoker"  # 3.7+
CONSUMER_UTILS = _INTERNALS + "ConsumerUtils"  # 3.7+, static logger: no prefix
COORDINATOR_REQUESTS = _INTERNALS + "CoordinatorRequestManager"  # new consumer 3.7+
COMMIT_REQUESTS = _INTERNALS + "CommitRequestManager"  # new consumer 3.7+
# The new consumer's membership: one class in 3.7–3.9; 4.0 splits it into an abstract base
# whose logger is handed in by ConsumerMembershipManager (so its lines carry the subclass).
MEMBERSHIP = (_INTERNALS + "MembershipManagerImpl", _INTERNALS + "ConsumerMembershipManager",
              _INTERNALS + "AbstractMembershipManager")
HEARTBEATS = (_INTERNALS + "HeartbeatRequestManager", _INTERNALS + "ConsumerHeartbeatRequestManager",
              _INTERNALS + "AbstractHeartbeatRequestManager")
CONSUMER = (CONSUMER_COORDINATOR,)
PARTITION_LISTENER = (CONSUMER_COORDINATOR, LISTENER_INVOKER)

# Kafka Connect's worker layout (2.4+, KIP-449) prints the MDC connector context before the
# message, ``[%d] %p %X{connector.context}%m (%c:%L)%n``: a sink task's consumer logs
# ``[my-sink|task-0] [Consumer clientId=connector-consumer-my-sink-0, groupId=connect-my-sink] …``.
_CONNECTOR_CONTEXT = "\\[[^\\]|]+\\|[^\\]]+\\] "
_CTX = "{~(?:" + _CONNECTOR_CONTEXT + ")?~}"
_CONSUMER_PREFIXES = (
    _CTX + "[Consumer clientId={client_id}, groupId={group}] ",
    _CTX + "[Consumer instanceId={instance_id}, clientId={client_id}, groupId={group}] ",
)
CONSUMER_PREFIX = Prefix(*_CONSUMER_PREFIXES)
# AbstractCoordinator's lines: the consumer's prefixes and Connect's (1.0+).
COORDINATOR_PREFIX = Prefix(*_CONSUMER_PREFIXES, _CTX + "[Worker clientId={client_id}, groupId={group}] ")
# Static loggers (ConsumerUtils 3.7+) print no prefix, but Connect still prints its context.
OPTIONAL_PREFIX = Prefix(*_CONSUMER_PREFIXES, "{~" + _CONNECTOR_CONTEXT + "~}", optional=True)

# AbstractCoordinator.Generation#toString (2.6.1+); memberId is '' before the first join and
# protocol 'null' for NO_GENERATION.
GEN = "Generation{generationId={generation}, memberId='{member:str}', protocol='{protocol:str}'}"
NODE = "{coordinator:coordinator_node}"
# The new consumer's heartbeat request: "GroupHeartbeatRequest" 3.7–3.9, named by the
# request manager in 4.0 ("ConsumerGroupHeartbeatRequest").
HB = "{~(?:Consumer)?~}GroupHeartbeatRequest"

POLL_TIMEOUT_TEXT = (
    "poll timeout has expired. This means the time between subsequent calls to poll() was "
    "longer than the configured max.poll.interval.ms, which typically implies that the poll loop "
    "is spending too much time processing messages. You can address this either by increasing "
    "max.poll.interval.ms or by reducing the maximum size of batches returned in poll() with "
    "max.poll.records."
)

_V = re.compile(r"^(\d+)\.(\d+)")


def _minor(v: str) -> tuple[int, int]:
    m = _V.match(v)
    if m is None:
        raise ValueError(f"not a version: {v!r}")
    return int(m.group(1)), int(m.group(2))


def coordinator_loggers(versions: str, *more: str) -> tuple[str, ...]:
    """Loggers of an AbstractCoordinator line in ``versions``: AbstractCoordinator up to 2.8,
    the subclass (ConsumerCoordinator, Connect's WorkerCoordinator) from 3.0."""
    first, _, last = versions.partition("-")
    start = _minor(first.rstrip("+"))
    end = (99, 0) if versions.endswith("+") else _minor(last or first)
    out: list[str] = []
    if start < (3, 0):
        out.append(ABSTRACT_COORDINATOR)
    if end >= (3, 0):
        out += [CONSUMER_COORDINATOR, WORKER_COORDINATOR]
    return (*out, *more)


def _line(ts: str, level: str, msg: str, logger: str) -> str:
    """An example line in Kafka's default layout ``[%d] %p %m (%c)%n``."""
    return f"[{ts}] {level} {msg} ({logger})"


# Example values: consumer-payments-1 of group payments, coordinator broker 1.
_P = "[Consumer clientId=consumer-payments-1, groupId=payments] "
_P1 = "[Consumer clientId=consumer-1, groupId=billing] "  # 1.0–2.3 default client ids
_PS = "[Consumer instanceId=payments-host-a, clientId=consumer-payments-1, groupId=payments] "
_PW = "[Worker clientId=connect-1, groupId=connect-cluster] "
_NODE = "broker1:9092 (id: 2147483646 rack: null)"
_MEMBER = "consumer-payments-1-7a1b2c3d-4e5f-6789-abcd-ef0123456789"
_GEN = f"Generation{{generationId=32, memberId='{_MEMBER}', protocol='range'}}"
_AC, _CC, _WC = ABSTRACT_COORDINATOR, CONSUMER_COORDINATOR, WORKER_COORDINATOR
_MMI, _CMM = MEMBERSHIP[0], MEMBERSHIP[1]
_HRM, _CHRM = HEARTBEATS[0], HEARTBEATS[1]
_NEW_MEMBER = "Fz0pHq6kTtO8jK3b7a1Lqw"


def _t(tid: str, kind: Kind, versions: str, loggers: tuple[str, ...], text: str,
       *examples: str, prefix: Prefix | None = CONSUMER_PREFIX, **kw: Any) -> Template:
    return Template(id=tid, kind=kind, versions=versions, loggers=loggers, text=text,
                    prefix=prefix, examples=examples, **kw)


def _ac(tid: str, kind: Kind, versions: str, text: str, *examples: str,
        more_loggers: tuple[str, ...] = (), **kw: Any) -> Template:
    """An AbstractCoordinator line: its loggers follow the version, and so does its prefix
    (none for lines of 0.10–0.11 only)."""
    first, _, last = versions.partition("-")
    pre_1_0 = not versions.endswith("+") and _minor(last or first) < (1, 0)
    kw.setdefault("prefix", None if pre_1_0 else COORDINATOR_PREFIX)
    return _t(tid, kind, versions, coordinator_loggers(versions, *more_loggers), text, *examples, **kw)


_COORDINATOR = [
    # --- coordinator discovery ------------------------------------------------------------
    _ac("consumer.coordinator_discovered.0_10", Kind.CONSUMER_COORDINATOR_DISCOVERED, "0.10-0.11",
        "Discovered coordinator " + NODE + " for group {group}.",
        _line("2017-06-12 09:14:01,990", "INFO", f"Discovered coordinator {_NODE} for group orders-app.",
              _AC)),
    _ac("consumer.coordinator_discovered.1_0_0", Kind.CONSUMER_COORDINATOR_DISCOVERED, "1.0.0",
        "Discovered coordinator " + NODE,
        _line("2017-11-02 10:00:01,100", "INFO", _P1 + f"Discovered coordinator {_NODE}", _AC)),
    _ac("consumer.coordinator_discovered", Kind.CONSUMER_COORDINATOR_DISCOVERED, "1.0.1+",
        "Discovered group coordinator " + NODE,
        _line("2019-08-21 13:05:08,011", "INFO", _P1 + f"Discovered group coordinator {_NODE}", _AC),
        _line("2024-03-01 10:15:41,998", "INFO", _P + f"Discovered group coordinator {_NODE}", _CC),
        _line("2024-03-01 10:15:42,001", "INFO", _PW + "Discovered group coordinator kafka2:9092 "
              "(id: 2147483645 rack: null)", _WC),
        _line("2024-11-02 08:11:02,500", "INFO", _P + "Discovered group coordinator Coordinator("
              "key='payments', nodeId=1, host='broker1', port=9092, errorCode=0, errorMessage='')",
              COORDINATOR_REQUESTS),
        more_loggers=(COORDINATOR_REQUESTS,),
        note="the new consumer (3.7+, CoordinatorRequestManager) prints the FindCoordinator "
        "response's Coordinator(…nodeId=N…): the broker id itself"),
    # --- coordinator loss -----------------------------------------------------------------
    _ac("consumer.coordinator_lost.0_10", Kind.CONSUMER_COORDINATOR_LOST, "0.10-0.11",
        "Marking the coordinator " + NODE + " dead for group {group}",
        _line("2017-06-12 09:20:13,404", "INFO", f"Marking the coordinator {_NODE} dead for group orders-app",
              _AC)),
    _ac("consumer.coordinator_lost.1_0_0", Kind.CONSUMER_COORDINATOR_LOST, "1.0.0-1.0.1",
        "Marking the coordinator " + NODE + " dead",
        _line("2017-11-02 10:05:13,404", "INFO", _P1 + f"Marking the coordinator {_NODE} dead", _AC)),
    _ac("consumer.coordinator_lost.1_0_2", Kind.CONSUMER_COORDINATOR_LOST, "1.0.2-2.6",
        "Group coordinator " + NODE + " is unavailable or invalid, will attempt rediscovery",
        _line("2019-08-21 13:20:13,404", "INFO", _P1 + f"Group coordinator {_NODE} is unavailable or "
              "invalid, will attempt rediscovery", _AC)),
    _ac("consumer.coordinator_lost.2_7", Kind.CONSUMER_COORDINATOR_LOST, "2.7-3.2",
        "Group coordinator " + NODE + " is unavailable or invalid due to cause: {reason}."
        "isDisconnected: {details.disconnected:bool}. Rediscovery will be attempted.",
        _line("2021-07-09 11:20:13,404", "INFO", _P + f"Group coordinator {_NODE} is unavailable or "
              "invalid due to cause: error response NOT_COORDINATOR.isDisconnected: false. Rediscovery "
              "will be attempted.", _AC),
        derive=consumer_reason, note="no space after the cause's period (fixed in 3.3)"),
    _ac("consumer.coordinator_lost.3_3", Kind.CONSUMER_COORDINATOR_LOST, "3.3+",
        "Group coordinator " + NODE + " is unavailable or invalid due to cause: {reason}. "
        "isDisconnected: {details.disconnected:bool}. Rediscovery will be attempted.",
        _line("2024-03-01 10:41:02,117", "INFO", _P + f"Group coordinator {_NODE} is unavailable or "
              "invalid due to cause: coordinator unavailable. isDisconnected: true. Rediscovery will be "
              "attempted.", _CC),
        derive=consumer_reason),
    _t("consumer.coordinator_lost.new", Kind.CONSUMER_COORDINATOR_LOST, "3.7+", (COORDINATOR_REQUESTS,),
       "Group coordinator " + NODE + " is unavailable or invalid due to cause: {reason}. "
       "Rediscovery will be attempted.",
       _line("2024-11-02 08:13:40,010", "INFO", _P + f"Group coordinator {_NODE} is unavailable or invalid "
             "due to cause: This is not the correct coordinator.. Rediscovery will be attempted.",
             COORDINATOR_REQUESTS),
       derive=consumer_reason),
    _ac("consumer.coordinator_disconnect", Kind.CONSUMER_COORDINATOR_LOST, "3.1+",
        "Requesting disconnect from last known coordinator " + NODE,
        _line("2024-03-01 10:41:02,118", "INFO", _P + f"Requesting disconnect from last known coordinator "
              f"{_NODE}", _CC)),
    _ac("consumer.disconnected", Kind.CONSUMER_DISCONNECTED, "2.6.2+",
        "Consumer has been disconnected from the group coordinator for {duration_ms}ms",
        _line("2021-07-09 11:21:13,404", "WARN", _P + "Consumer has been disconnected from the group "
              "coordinator for 60023ms", _AC),
        level="WARN", note="KAFKA-10793; absent from 2.7.0 (2.6.2, 2.7.1, 2.8.0 on)"),
]

_JOIN = [
    _ac("consumer.joining.0_10", Kind.CONSUMER_JOINING, "0.10-0.11", "(Re-)joining group {group}",
        _line("2017-06-12 09:14:02,003", "INFO", "(Re-)joining group orders-app", _AC)),
    _ac("consumer.joining", Kind.CONSUMER_JOINING, "1.0+", "(Re-)joining group",
        _line("2019-08-21 13:05:08,120", "INFO", _P1 + "(Re-)joining group", _AC),
        _line("2024-03-01 10:15:42,002", "INFO", _PS + "(Re-)joining group", _CC)),
    _ac("consumer.joined.0_10", Kind.CONSUMER_JOINED, "0.10-0.11",
        "Successfully joined group {group} with generation {generation}",
        _line("2017-06-12 09:14:05,430", "INFO", "Successfully joined group orders-app with generation 5",
              _AC)),
    _ac("consumer.joined.2_6_1", Kind.CONSUMER_JOINED, "2.6.1+",
        "Successfully joined group with generation " + GEN,
        _line("2021-07-09 11:02:31,801", "INFO", _P + f"Successfully joined group with generation {_GEN}",
              _AC),
        derive=consumer_fields),
    _ac("consumer.joined.1_0", Kind.CONSUMER_JOINED, "1.0-2.6.0",
        "Successfully joined group with generation {generation}",
        _line("2019-08-21 13:05:11,482", "INFO", _P1 + "Successfully joined group with generation 14", _AC)),
    _ac("consumer.synced", Kind.CONSUMER_SYNCED, "2.6.1+", "Successfully synced group in generation " + GEN,
        _line("2021-07-09 11:02:31,820", "INFO", _P + f"Successfully synced group in generation {_GEN}", _AC),
        derive=consumer_fields),
    # --- rejoin requests and generation resets (3.0+ name their reason) -------------------
    _ac("consumer.rejoin_requested", Kind.CONSUMER_REJOIN_REQUESTED, "3.0+",
        "Request joining group due to: {reason:text}",
        _line("2024-03-01 10:15:42,080", "INFO", _P + "Request joining group due to: need to re-join with "
              f"the given member-id: {_MEMBER}", _CC),
        _line("2024-03-01 10:16:02,311", "INFO", _P + "Request joining group due to: rebalance failed due "
              "to 'The coordinator is not aware of this member.' (UnknownMemberIdException)", _CC),
        derive=consumer_reason),
    _ac("consumer.generation_reset.member", Kind.CONSUMER_GENERATION_RESET, "3.2+",
        "Resetting generation and member id due to: {reason:text}",
        _line("2024-03-01 10:16:02,310", "INFO", _P + "Resetting generation and member id due to: "
              "encountered UNKNOWN_MEMBER_ID from HEARTBEAT response", _CC),
        derive=chain(consumer_reason, details_const(member_id_reset=True))),
    _ac("consumer.generation_reset", Kind.CONSUMER_GENERATION_RESET, "3.0+",
        "Resetting generation due to: {reason:text}",
        _line("2022-02-10 08:30:11,220", "INFO", _P + "Resetting generation due to: encountered "
              "ILLEGAL_GENERATION from HEARTBEAT response", _CC),
        derive=consumer_reason, note="3.0–3.1 always; 3.2+ when the member id is kept"),
    _ac("consumer.generation_reset.2_5", Kind.CONSUMER_GENERATION_RESET, "2.5-2.8",
        "Resetting generation after encountering {error} from {api:word} response and requesting re-join",
        _line("2021-07-09 11:30:01,002", "DEBUG", _P + "Resetting generation after encountering "
              "UNKNOWN_MEMBER_ID from HEARTBEAT response and requesting re-join", _AC),
        level="DEBUG"),
    _ac("consumer.generation_reset.2_4", Kind.CONSUMER_GENERATION_RESET, "2.4",
        "Resetting generation after encountering {error} from {api:word} response",
        _line("2020-02-14 16:41:01,002", "DEBUG", _P + "Resetting generation after encountering "
              "ILLEGAL_GENERATION from SYNC_GROUP response", _AC),
        level="DEBUG"),
    _ac("consumer.generation_reset.leave", Kind.CONSUMER_GENERATION_RESET, "2.4-2.8",
        "Resetting generation due to consumer pro-actively leaving the group",
        _line("2020-02-14 16:45:01,002", "DEBUG", _P + "Resetting generation due to consumer pro-actively "
              "leaving the group", _AC),
        const={"cause": "leave_group"}, level="DEBUG"),
]

_JOIN_FAILED = [
    # --- 0.10–0.11: the group id in the text, no prefix ------------------------------------
    _ac("consumer.join_failed.fatal.0_10", Kind.CONSUMER_JOIN_FAILED, "0.10-0.11",
        "Attempt to join group {group} failed due to fatal error: {details.error_message}",
        _line("2017-06-12 09:14:02,210", "ERROR", "Attempt to join group orders-app failed due to fatal "
              "error: The group member's supported protocols are incompatible with those of existing "
              "members.", _AC),
        derive=consumer_fields),
    _ac("consumer.join_failed.coordinator.0_10", Kind.CONSUMER_JOIN_FAILED, "0.10-0.11",
        "Attempt to join group {group} failed due to obsolete coordinator information: "
        "{details.error_message}",
        _line("2017-06-12 09:14:02,210", "DEBUG", "Attempt to join group orders-app failed due to obsolete "
              "coordinator information: This is not the correct coordinator for this group.", _AC),
        derive=consumer_fields, level="DEBUG"),
    _ac("consumer.join_failed.unknown_member.0_10", Kind.CONSUMER_JOIN_FAILED, "0.10-0.11",
        "Attempt to join group {group} failed due to unknown member id.",
        _line("2017-06-12 09:14:02,210", "DEBUG", "Attempt to join group orders-app failed due to unknown "
              "member id.", _AC),
        const={"error": "UNKNOWN_MEMBER_ID"}, level="DEBUG"),
    _ac("consumer.join_failed.loading.0_10", Kind.CONSUMER_JOIN_FAILED, "0.10-0.11",
        "Attempt to join group {group} rejected since coordinator " + NODE + " is loading the group.",
        _line("2017-06-12 09:14:02,210", "DEBUG", f"Attempt to join group orders-app rejected since "
              f"coordinator {_NODE} is loading the group.", _AC),
        const={"error": "COORDINATOR_LOAD_IN_PROGRESS"}, level="DEBUG",
        note="0.10 called the code GROUP_LOAD_IN_PROGRESS; the current name is used"),
    # --- 1.0–2.6: "Attempt to join group failed due to …" ----------------------------------
    _ac("consumer.join_failed.fatal.1_0", Kind.CONSUMER_JOIN_FAILED, "1.0-2.6",
        "Attempt to join group failed due to fatal error: {details.error_message}",
        _line("2019-08-21 13:05:08,300", "ERROR", _P1 + "Attempt to join group failed due to fatal error: "
              "The consumer group has reached its max size.", _AC),
        derive=consumer_fields),
    _ac("consumer.join_failed.unexpected.2_2", Kind.CONSUMER_JOIN_FAILED, "2.2-2.6",
        "Attempt to join group failed due to unexpected error: {details.error_message}",
        _line("2019-08-21 13:05:08,300", "ERROR", _P1 + "Attempt to join group failed due to unexpected "
              "error: The server experienced an unexpected error when processing the request.", _AC),
        derive=consumer_fields),
    _ac("consumer.join_failed.unsupported.2_3", Kind.CONSUMER_JOIN_FAILED, "2.3-2.4",
        "Attempt to join group failed due to unsupported version error. Please unset field "
        "group.instance.id and retry to see if the problem resolves",
        _line("2019-08-21 13:05:08,300", "ERROR", _PS + "Attempt to join group failed due to unsupported "
              "version error. Please unset field group.instance.id and retry to see if the problem "
              "resolves", _AC),
        const={"error": "UNSUPPORTED_VERSION"}),
    _ac("consumer.join_failed.unsupported.2_5", Kind.CONSUMER_JOIN_FAILED, "2.5-2.6",
        "Attempt to join group failed due to unsupported version error. Please unset field "
        "group.instance.id and retry  to see if the problem resolves",
        _line("2020-06-30 22:10:45,300", "ERROR", _PS + "Attempt to join group failed due to unsupported "
              "version error. Please unset field group.instance.id and retry  to see if the problem "
              "resolves", _AC),
        const={"error": "UNSUPPORTED_VERSION"}, note="the double space is Kafka's"),
    _ac("consumer.join_failed.coordinator.1_0", Kind.CONSUMER_JOIN_FAILED, "1.0-2.6",
        "Attempt to join group failed due to obsolete coordinator information: {details.error_message}",
        _line("2019-08-21 13:05:08,300", "DEBUG", _P1 + "Attempt to join group failed due to obsolete "
              "coordinator information: This is not the correct coordinator.", _AC),
        derive=consumer_fields, level="DEBUG"),
    _ac("consumer.join_failed.unknown_member.1_0", Kind.CONSUMER_JOIN_FAILED, "1.0-2.5",
        "Attempt to join group failed due to unknown member id.",
        _line("2019-08-21 13:05:08,300", "DEBUG", _P1 + "Attempt to join group failed due to unknown "
              "member id.", _AC),
        const={"error": "UNKNOWN_MEMBER_ID"}, level="DEBUG"),
    _ac("consumer.join_failed.unknown_member.2_6", Kind.CONSUMER_JOIN_FAILED, "2.6",
        "Attempt to join group failed due to unknown member id with " + GEN + ".",
        _line("2020-10-05 04:12:09,118", "DEBUG", _P + "Attempt to join group failed due to unknown member "
              f"id with {_GEN}.", _AC),
        const={"error": "UNKNOWN_MEMBER_ID"}, derive=consumer_fields, level="DEBUG"),
    _ac("consumer.join_failed.loading.1_0", Kind.CONSUMER_JOIN_FAILED, "1.0-2.6",
        "Attempt to join group rejected since coordinator " + NODE + " is loading the group.",
        _line("2019-08-21 13:05:08,300", "DEBUG", _P1 + f"Attempt to join group rejected since coordinator "
              f"{_NODE} is loading the group.", _AC),
        const={"error": "COORDINATOR_LOAD_IN_PROGRESS"}, level="DEBUG"),
    _ac("consumer.join_failed.member_id_required.2_6", Kind.CONSUMER_JOIN_FAILED, "2.6",
        "Attempt to join group returned {error} error. Will set the member id as {member} and then rejoin",
        _line("2020-10-05 04:12:09,118", "DEBUG", _P + "Attempt to join group returned MEMBER_ID_REQUIRED "
              f"error. Will set the member id as {_MEMBER} and then rejoin", _AC),
        level="DEBUG", note="KIP-394: the first JoinGroup gets a member id and must rejoin with it"),
    _ac("consumer.join_failed.exception.2_5", Kind.CONSUMER_JOIN_FAILED, "2.5-2.6.0",
        "Join group failed with {details.exception:text}",
        _line("2020-06-30 22:10:45,300", "INFO", _P + "Join group failed with org.apache.kafka.common.errors."
              "UnknownMemberIdException: The coordinator is not aware of this member.", _AC),
        derive=consumer_exception),
    _ac("consumer.join_failed.fenced.2_6", Kind.CONSUMER_JOIN_FAILED, "2.6",
        "Attempt to join group with generation {instance_id} failed because the group instance id "
        + GEN + " has been fenced by another instance",
        _line("2020-10-05 04:12:09,118", "ERROR", _PS + "Attempt to join group with generation "
              f"Optional[payments-host-a] failed because the group instance id {_GEN} has been fenced by "
              "another instance", _AC),
        const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields,
        note="2.6 passes the arguments swapped: the instance id after 'generation' and vice versa"),
    _ac("consumer.join_failed.protocol_type.2_5", Kind.CONSUMER_JOIN_FAILED, "2.5-2.6",
        "JoinGroup failed due to inconsistent Protocol Type, received {details.received} but expected "
        "{details.expected}",
        _line("2020-10-05 04:12:09,118", "ERROR", _P + "JoinGroup failed due to inconsistent Protocol "
              "Type, received connect but expected consumer", _AC),
        const={"error": "INCONSISTENT_GROUP_PROTOCOL"}, derive=consumer_fields,
        note="DEBUG in 2.5, ERROR in 2.6"),
    # --- 2.7+: "JoinGroup failed: …" with the generation sent ------------------------------
    _ac("consumer.join_failed.loading", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed: Coordinator " + NODE + " is loading the group.",
        _line("2021-07-09 11:02:29,001", "INFO", _P + f"JoinGroup failed: Coordinator {_NODE} is loading "
              "the group.", _AC),
        const={"error": "COORDINATOR_LOAD_IN_PROGRESS"}),
    _ac("consumer.join_failed.fenced", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed: The group instance id {instance_id} has been fenced by another instance. "
        "Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,400", "ERROR", _PS + "JoinGroup failed: The group instance id "
              f"Optional[payments-host-a] has been fenced by another instance. Sent generation was {_GEN}",
              _CC),
        const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields),
    _ac("consumer.join_failed.protocol_type", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed: Inconsistent Protocol Type, received {details.received} but expected "
        "{details.expected}",
        _line("2024-03-01 10:16:02,400", "ERROR", _P + "JoinGroup failed: Inconsistent Protocol Type, "
              "received connect but expected consumer", _CC),
        const={"error": "INCONSISTENT_GROUP_PROTOCOL"}, derive=consumer_fields),
    _ac("consumer.join_failed.rejoin", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed: {details.error_message} Need to re-join the group. Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,300", "INFO", _P + "JoinGroup failed: The coordinator is not aware of "
              f"this member. Need to re-join the group. Sent generation was {_GEN}", _CC),
        derive=consumer_fields),
    _ac("consumer.join_failed.coordinator", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed: {details.error_message} Marking coordinator unknown. Sent generation was " + GEN,
        _line("2021-07-09 11:02:29,001", "INFO", _P + "JoinGroup failed: This is not the correct "
              f"coordinator. Marking coordinator unknown. Sent generation was {_GEN}", _AC),
        derive=consumer_fields),
    _ac("consumer.join_failed.fatal", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed due to fatal error: {details.error_message}",
        _line("2024-03-01 10:16:02,300", "ERROR", _P + "JoinGroup failed due to fatal error: The consumer "
              "group has reached its max size.", _CC),
        derive=consumer_fields),
    _ac("consumer.join_failed.unsupported", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed due to unsupported version error. Please unset field group.instance.id and "
        "retry to see if the problem resolves",
        _line("2024-03-01 10:16:02,300", "ERROR", _PS + "JoinGroup failed due to unsupported version "
              "error. Please unset field group.instance.id and retry to see if the problem resolves", _CC),
        const={"error": "UNSUPPORTED_VERSION"}),
    _ac("consumer.join_failed.rebalance_in_progress", Kind.CONSUMER_JOIN_FAILED, "2.8+",
        "JoinGroup failed due to non-fatal error: REBALANCE_IN_PROGRESS, which could indicate a "
        "replication timeout on the broker. Will retry.",
        _line("2024-03-01 10:16:02,300", "INFO", _P + "JoinGroup failed due to non-fatal error: "
              "REBALANCE_IN_PROGRESS, which could indicate a replication timeout on the broker. Will "
              "retry.", _CC),
        const={"error": "REBALANCE_IN_PROGRESS"}, note="KAFKA-10870"),
    _ac("consumer.join_failed.member_id_required.2_7", Kind.CONSUMER_JOIN_FAILED, "2.7-3.1",
        "JoinGroup failed due to non-fatal error: {error} Will set the member id as {member} and then "
        "rejoin. Sent generation was  " + GEN,
        _line("2021-07-09 11:02:29,101", "DEBUG", _P + "JoinGroup failed due to non-fatal error: "
              f"MEMBER_ID_REQUIRED Will set the member id as {_MEMBER} and then rejoin. Sent generation "
              "was  Generation{generationId=-1, memberId='', protocol='null'}", _AC),
        derive=consumer_fields, level="DEBUG", note="double space before the generation is Kafka's"),
    _ac("consumer.join_failed.member_id_required", Kind.CONSUMER_JOIN_FAILED, "3.2+",
        "JoinGroup failed due to non-fatal error: {error}. Will set the member id as {member} and then "
        "rejoin. Sent generation was " + GEN,
        _line("2024-03-01 10:15:42,079", "DEBUG", _P + "JoinGroup failed due to non-fatal error: "
              f"MEMBER_ID_REQUIRED. Will set the member id as {_MEMBER} and then rejoin. Sent generation "
              "was Generation{generationId=-1, memberId='', protocol='null'}", _CC),
        derive=consumer_fields, level="DEBUG", note="member = the new member id (the sent one is '')"),
    _ac("consumer.join_failed.unexpected", Kind.CONSUMER_JOIN_FAILED, "2.7+",
        "JoinGroup failed due to unexpected error: {details.error_message}",
        _line("2024-03-01 10:16:02,300", "ERROR", _P + "JoinGroup failed due to unexpected error: The "
              "server experienced an unexpected error when processing the request.", _CC),
        derive=consumer_fields),
    # --- the heartbeat thread changed the generation while a rebalance ran (2.4+) -----------
    _ac("consumer.join_failed.cleared", Kind.CONSUMER_JOIN_FAILED, "2.6.1-2.8",
        "Generation data was cleared by heartbeat thread to " + GEN + " and state is now {state:word} "
        "before the rebalance callback is triggered, marking this rebalance as failed and retry",
        _line("2021-07-09 11:02:31,900", "INFO", _P + "Generation data was cleared by heartbeat thread to "
              "Generation{generationId=-1, memberId='', protocol='null'} and state is now UNJOINED before "
              "the rebalance callback is triggered, marking this rebalance as failed and retry", _AC),
        derive=consumer_fields),
    _ac("consumer.join_failed.rebalance_failed", Kind.CONSUMER_JOIN_FAILED, "2.6.1-2.8",
        "Rebalance failed.",
        _line("2021-07-09 11:02:32,001", "INFO", _P + "Rebalance failed.\norg.apache.kafka.common.errors."
              "RebalanceInProgressException: The group is rebalancing, so a rejoin is needed.", _AC),
        derive=consumer_exception, note="error = the exception on the next line"),
    _ac("consumer.join_failed.cleared.2_4", Kind.CONSUMER_JOIN_FAILED, "2.4-2.6.0",
        "Generation data was cleared by heartbeat thread. Rejoin failed.",
        _line("2020-02-14 16:41:01,002", "INFO", _P + "Generation data was cleared by heartbeat thread. "
              "Rejoin failed.", _AC)),
    _ac("consumer.rejoin_requested.cleared.2_4", Kind.CONSUMER_REJOIN_REQUESTED, "2.4-2.6.0",
        "Generation data was cleared by heartbeat thread. Initiating rejoin.",
        _line("2020-02-14 16:41:01,001", "INFO", _P + "Generation data was cleared by heartbeat thread. "
              "Initiating rejoin.", _AC)),
]

_SYNC_FAILED = [
    _ac("consumer.sync_failed.rebalance.0_10", Kind.CONSUMER_SYNC_FAILED, "0.10-0.11",
        "SyncGroup for group {group} failed due to coordinator rebalance",
        _line("2017-06-12 09:14:05,410", "DEBUG", "SyncGroup for group orders-app failed due to coordinator "
              "rebalance", _AC),
        const={"error": "REBALANCE_IN_PROGRESS"}, level="DEBUG"),
    _ac("consumer.sync_failed.0_10", Kind.CONSUMER_SYNC_FAILED, "0.10-0.11",
        "SyncGroup for group {group} failed due to {error}",
        _line("2017-06-12 09:14:05,410", "DEBUG", "SyncGroup for group orders-app failed due to "
              "UNKNOWN_MEMBER_ID", _AC),
        derive=consumer_fields, level="DEBUG", note="the Errors name as 0.10 printed it, renamed to "
        "today's (NOT_COORDINATOR_FOR_GROUP -> NOT_COORDINATOR)"),
    _ac("consumer.sync_failed.rebalance.1_0", Kind.CONSUMER_SYNC_FAILED, "1.0-2.6",
        "SyncGroup failed because the group began another rebalance",
        _line("2019-08-21 13:05:11,400", "DEBUG", _P1 + "SyncGroup failed because the group began another "
              "rebalance", _AC),
        const={"error": "REBALANCE_IN_PROGRESS"}, level="DEBUG"),
    _ac("consumer.sync_failed.rejoin.2_6", Kind.CONSUMER_SYNC_FAILED, "2.6",
        "SyncGroup with " + GEN + " failed: {details.error_message}, would request re-join",
        _line("2020-10-05 04:12:09,118", "INFO", _P + f"SyncGroup with {_GEN} failed: Specified group "
              "generation id is not valid., would request re-join", _AC),
        derive=consumer_fields),
    _ac("consumer.sync_failed.fenced.2_6", Kind.CONSUMER_SYNC_FAILED, "2.6",
        "SyncGroup with " + GEN + " failed because the group instance id {instance_id} has been fenced "
        "by another instance",
        _line("2020-10-05 04:12:09,118", "ERROR", _PS + f"SyncGroup with {_GEN} failed because the group "
              "instance id Optional[payments-host-a] has been fenced by another instance", _AC),
        const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields),
    # 2.7+ before the older "SyncGroup failed: {msg}" (whose message would swallow them)
    _ac("consumer.sync_failed.rebalance", Kind.CONSUMER_SYNC_FAILED, "2.7+",
        "SyncGroup failed: The group began another rebalance. Need to re-join the group. "
        "Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,200", "INFO", _P + "SyncGroup failed: The group began another "
              f"rebalance. Need to re-join the group. Sent generation was {_GEN}", _CC),
        const={"error": "REBALANCE_IN_PROGRESS"}, derive=consumer_fields),
    _ac("consumer.sync_failed.fenced", Kind.CONSUMER_SYNC_FAILED, "2.7+",
        "SyncGroup failed: The group instance id {instance_id} has been fenced by another instance. "
        "Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,200", "ERROR", _PS + "SyncGroup failed: The group instance id "
              f"Optional[payments-host-a] has been fenced by another instance. Sent generation was {_GEN}",
              _CC),
        const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields),
    _ac("consumer.sync_failed.rejoin", Kind.CONSUMER_SYNC_FAILED, "2.7+",
        "SyncGroup failed: {details.error_message} Need to re-join the group. Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,200", "INFO", _P + "SyncGroup failed: Specified group generation id is "
              f"not valid. Need to re-join the group. Sent generation was {_GEN}", _CC),
        derive=consumer_fields),
    _ac("consumer.sync_failed.coordinator", Kind.CONSUMER_SYNC_FAILED, "2.7+",
        "SyncGroup failed: {details.error_message} Marking coordinator unknown. Sent generation was " + GEN,
        _line("2024-03-01 10:16:02,200", "INFO", _P + "SyncGroup failed: The coordinator is not available. "
              f"Marking coordinator unknown. Sent generation was {_GEN}", _CC),
        derive=consumer_fields),
    _ac("consumer.sync_failed.coordinator.2_6", Kind.CONSUMER_SYNC_FAILED, "2.6",
        "SyncGroup failed: {details.error_message}, marking coordinator unknown",
        _line("2020-10-05 04:12:09,118", "DEBUG", _P + "SyncGroup failed: This is not the correct "
              "coordinator., marking coordinator unknown", _AC),
        derive=consumer_fields, level="DEBUG"),
    _ac("consumer.sync_failed.1_0", Kind.CONSUMER_SYNC_FAILED, "1.0-2.5",
        "SyncGroup failed: {details.error_message}",
        _line("2019-08-21 13:05:11,400", "DEBUG", _P1 + "SyncGroup failed: The coordinator is not aware of "
              "this member.", _AC),
        derive=consumer_fields, level="DEBUG"),
    _ac("consumer.sync_failed.protocol_type", Kind.CONSUMER_SYNC_FAILED, "2.5+",
        "SyncGroup failed due to inconsistent Protocol Type, received {details.received} but expected "
        "{details.expected}",
        _line("2024-03-01 10:16:02,200", "ERROR", _P + "SyncGroup failed due to inconsistent Protocol "
              "Type, received connect but expected consumer", _CC),
        const={"error": "INCONSISTENT_GROUP_PROTOCOL"}, derive=consumer_fields, note="DEBUG in 2.5"),
    _ac("consumer.sync_failed.protocol_name", Kind.CONSUMER_SYNC_FAILED, "2.5+",
        "SyncGroup failed due to inconsistent Protocol Name, received {details.received} but expected "
        "{details.expected}",
        _line("2024-03-01 10:16:02,200", "ERROR", _P + "SyncGroup failed due to inconsistent Protocol "
              "Name, received roundrobin but expected range", _CC),
        const={"error": "INCONSISTENT_GROUP_PROTOCOL"}, derive=consumer_fields,
        note="DEBUG in 2.5; 2.6.0 printed the API key instead (next entry)"),
    _ac("consumer.sync_failed.protocol_name.2_6_0", Kind.CONSUMER_SYNC_FAILED, "2.6.0",
        "SYNC_GROUP failed due to inconsistent Protocol Name, received {details.received} but expected "
        "{details.expected}",
        _line("2020-08-03 10:00:00,000", "ERROR", _P + "SYNC_GROUP failed due to inconsistent Protocol "
              "Name, received roundrobin but expected range", _AC),
        const={"error": "INCONSISTENT_GROUP_PROTOCOL"}, derive=consumer_fields),
    _ac("consumer.sync_failed.cleared", Kind.CONSUMER_SYNC_FAILED, "2.7+",
        "Generation data was cleared by heartbeat thread to " + GEN + " and state is now {state:word} "
        "before receiving SyncGroup response, marking this rebalance as failed and retry",
        _line("2024-03-01 10:16:02,250", "INFO", _P + "Generation data was cleared by heartbeat thread to "
              "Generation{generationId=-1, memberId='', protocol='null'} and state is now UNJOINED before "
              "receiving SyncGroup response, marking this rebalance as failed and retry", _CC),
        derive=consumer_fields),
    _ac("consumer.sync_failed.cleared.2_6_1", Kind.CONSUMER_SYNC_FAILED, "2.6.1-2.6",
        "Generation data was cleared by heartbeat thread as " + GEN + " and state is now {state:word} "
        "before received SyncGroup response, marking this rebalance as failed and retry",
        _line("2020-12-01 10:16:02,250", "INFO", _P + "Generation data was cleared by heartbeat thread as "
              "Generation{generationId=-1, memberId='', protocol='null'} and state is now UNJOINED before "
              "received SyncGroup response, marking this rebalance as failed and retry", _AC),
        derive=consumer_fields),
]


def _hb_0_10(tid: str, spelling: str, versions: str, why: str, example: str, **kw: Any) -> Template:
    return _ac(tid, Kind.CONSUMER_HEARTBEAT_FAILED, versions,
               f"Attempt to {spelling} failed for group {{group}} since {why}",
               _line("2017-06-12 09:14:04,001", "DEBUG", example, _AC), level="DEBUG", **kw)


_HEARTBEAT = [
    # 0.10.0–0.10.1 spell it "heart beat", 0.10.2–0.11 "heartbeat"; DEBUG, no prefix
    *[
        _hb_0_10(f"consumer.heartbeat_failed.{key}.{ver}", spelling, versions, why,
                 f"Attempt to {spelling} failed for group orders-app since {why_ex}", **kw)
        for spelling, versions, ver in (("heart beat", "0.10.0-0.10.1", "0_10_0"),
                                        ("heartbeat", "0.10.2-0.11", "0_10_2"))
        for key, why, why_ex, kw in (
            ("rebalancing", "it is rebalancing.", "it is rebalancing.",
             {"const": {"error": "REBALANCE_IN_PROGRESS"}}),
            ("unknown_member", "member id is not valid.", "member id is not valid.",
             {"const": {"error": "UNKNOWN_MEMBER_ID"}}),
            ("generation", "generation id is not legal.", "generation id is not legal.",
             {"const": {"error": "ILLEGAL_GENERATION"}}),
            ("coordinator", "coordinator " + NODE + " is either not started or not valid.",
             f"coordinator {_NODE} is either not started or not valid.", {}),
        )
    ],
    _ac("consumer.heartbeat_failed.rebalancing", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0-2.8",
        "Attempt to heartbeat failed since group is rebalancing",
        _line("2021-07-09 11:02:28,001", "INFO", _P + "Attempt to heartbeat failed since group is "
              "rebalancing", _AC),
        const={"error": "REBALANCE_IN_PROGRESS"},
        note="DEBUG 1.0–1.1, INFO 2.0–2.8; 3.0+ logs 'Request joining group due to: group is already "
        "rebalancing' instead"),
    _ac("consumer.heartbeat_failed.unknown_member", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0-2.5",
        "Attempt to heartbeat failed for since member id {member} is not valid.",
        _line("2019-08-21 13:25:01,001", "INFO", _P1 + "Attempt to heartbeat failed for since member id "
              "consumer-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b is not valid.", _AC),
        const={"error": "UNKNOWN_MEMBER_ID"}, note="'failed for since' is Kafka's typo; DEBUG 1.0–1.1"),
    _ac("consumer.heartbeat_failed.generation", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0-2.5",
        "Attempt to heartbeat failed since generation {generation} is not current",
        _line("2019-08-21 13:25:01,001", "INFO", _P1 + "Attempt to heartbeat failed since generation 14 "
              "is not current", _AC),
        const={"error": "ILLEGAL_GENERATION"}, note="DEBUG 1.0–1.1"),
    _ac("consumer.heartbeat_failed.coordinator.1_0", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0-1.1",
        "Attempt to heartbeat since coordinator " + NODE + " is either not started or not valid.",
        _line("2018-09-03 14:25:01,001", "DEBUG", _P1 + f"Attempt to heartbeat since coordinator {_NODE} is "
              "either not started or not valid.", _AC),
        level="DEBUG"),
    _ac("consumer.heartbeat_failed.coordinator.2_0", Kind.CONSUMER_HEARTBEAT_FAILED, "2.0-2.4",
        "Attempt to heartbeat failed since coordinator " + NODE + " is either not started or not valid.",
        _line("2019-08-21 13:25:01,001", "INFO", _P1 + "Attempt to heartbeat failed since coordinator "
              f"{_NODE} is either not started or not valid.", _AC)),
    _ac("consumer.heartbeat_failed.coordinator", Kind.CONSUMER_HEARTBEAT_FAILED, "2.5+",
        "Attempt to heartbeat failed since coordinator " + NODE + " is either not started or not valid",
        _line("2024-03-01 10:41:01,001", "INFO", _P + "Attempt to heartbeat failed since coordinator "
              f"{_NODE} is either not started or not valid", _CC)),
    _ac("consumer.heartbeat_failed.reset", Kind.CONSUMER_HEARTBEAT_FAILED, "2.6+",
        "Attempt to heartbeat with " + GEN + " and group instance id {instance_id} failed due to {error}, "
        "resetting generation",
        _line("2024-03-01 10:16:02,309", "INFO", _P + f"Attempt to heartbeat with {_GEN} and group instance "
              "id Optional.empty failed due to UNKNOWN_MEMBER_ID, resetting generation", _CC),
        derive=consumer_fields),
    _ac("consumer.heartbeat_failed.stale", Kind.CONSUMER_HEARTBEAT_FAILED, "2.6+",
        "Attempt to heartbeat with stale " + GEN + " and group instance id {instance_id} failed due to "
        "{error}, ignoring the error",
        _line("2024-03-01 10:16:02,309", "INFO", _PS + f"Attempt to heartbeat with stale {_GEN} and group "
              "instance id Optional[payments-host-a] failed due to ILLEGAL_GENERATION, ignoring the error",
              _CC),
        derive=consumer_fields),
    _ac("consumer.heartbeat_failed.fenced", Kind.CONSUMER_HEARTBEAT_FAILED, "2.3+",
        "Caught fenced group.instance.id {instance_id} error in heartbeat thread",
        _line("2024-03-01 10:16:02,401", "ERROR", _PS + "Caught fenced group.instance.id "
              "Optional[payments-host-a] error in heartbeat thread", _CC),
        const={"error": "FENCED_INSTANCE_ID"}),
    _ac("consumer.fenced.2_3", Kind.CONSUMER_FENCED, "2.3-2.5",
        "Received fatal exception: group.instance.id gets fenced",
        _line("2019-08-21 13:30:01,001", "ERROR", _PS + "Received fatal exception: group.instance.id gets "
              "fenced", _AC),
        more_loggers=(CONSUMER_COORDINATOR,), const={"error": "FENCED_INSTANCE_ID"},
        note="logged by the JoinGroup, SyncGroup and Heartbeat handlers (AbstractCoordinator) and the "
        "OffsetCommit handler (ConsumerCoordinator) alike"),
    _ac("consumer.heartbeat_failed.authorization", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0.1+",
        "A group authorization error occurred in the heartbeat thread",
        _line("2024-03-01 10:16:02,401", "ERROR", _P + "A group authorization error occurred in the "
              "heartbeat thread\norg.apache.kafka.common.errors.GroupAuthorizationException: Not authorized "
              "to access group: payments", _CC),
        const={"error": "GROUP_AUTHORIZATION_FAILED"}),
    _ac("consumer.heartbeat_failed.thread", Kind.CONSUMER_HEARTBEAT_FAILED, "1.0.1+",
        "Heartbeat thread failed due to unexpected error",
        _line("2024-03-01 10:16:02,401", "ERROR", _P + "Heartbeat thread failed due to unexpected error\n"
              "java.lang.IllegalStateException: Coordinator selected invalid assignment protocol: null", _CC),
        derive=consumer_exception, note="error = the exception on the next line"),
    _ac("consumer.heartbeat_failed.thread.0_10", Kind.CONSUMER_HEARTBEAT_FAILED, "0.10.1-1.0.0",
        "Heartbeat thread for group {group} failed due to unexpected error",
        _line("2017-06-12 09:30:02,401", "ERROR", "Heartbeat thread for group orders-app failed due to "
              "unexpected error\njava.lang.IllegalStateException: Unexpected state", _AC),
        prefix=Prefix(*_CONSUMER_PREFIXES, optional=True), derive=consumer_exception,
        note="1.0.0 prints the prefix and still names the group"),
]

_POLL_AND_LEAVE = [
    # --- max.poll.interval.ms expired (KIP-62): the consumer leaves the group ----------------
    _ac("consumer.poll_timeout.2_1", Kind.CONSUMER_POLL_TIMEOUT, "2.1-2.3",
        "This member will leave the group because consumer " + POLL_TIMEOUT_TEXT,
        _line("2019-08-21 13:40:13,559", "WARN", _P1 + "This member will leave the group because consumer "
              + POLL_TIMEOUT_TEXT, _AC),
        const={"cause": "poll_timeout"}, level="WARN"),
    _ac("consumer.poll_timeout.2_4", Kind.CONSUMER_POLL_TIMEOUT, "2.4-2.8",
        "Member {member} sending LeaveGroup request to coordinator " + NODE + " due to consumer "
        + POLL_TIMEOUT_TEXT,
        _line("2021-07-09 11:40:13,560", "INFO", _P + f"Member {_MEMBER} sending LeaveGroup request to "
              f"coordinator {_NODE} due to consumer " + POLL_TIMEOUT_TEXT, _AC),
        const={"cause": "poll_timeout"},
        note="2.4–2.8 log no WARN: the poll-timeout text is the LeaveGroup reason"),
    _ac("consumer.poll_timeout", Kind.CONSUMER_POLL_TIMEOUT, "3.0+", "consumer " + POLL_TIMEOUT_TEXT,
        _line("2024-03-01 10:40:13,559", "WARN", _P + "consumer " + POLL_TIMEOUT_TEXT, _CC),
        _line("2024-06-01 10:40:13,559", "WARN", _P + "consumer " + POLL_TIMEOUT_TEXT, _HRM),
        more_loggers=(HEARTBEATS[0],), const={"cause": "poll_timeout"}, level="WARN",
        note="the new consumer's HeartbeatRequestManager used the same words in 3.7"),
    _t("consumer.poll_timeout.new", Kind.CONSUMER_POLL_TIMEOUT, "3.8+", HEARTBEATS,
       "Consumer " + POLL_TIMEOUT_TEXT,
       _line("2024-11-02 08:20:13,559", "WARN", _P + "Consumer " + POLL_TIMEOUT_TEXT, _HRM),
       _line("2025-04-01 12:20:13,559", "WARN", _P + "Consumer " + POLL_TIMEOUT_TEXT, _CHRM),
       const={"cause": "poll_timeout"}, level="WARN"),
    _t("consumer.poll_timeout.rejoin", Kind.CONSUMER_REJOIN_REQUESTED, "3.8+", HEARTBEATS,
       "Time between subsequent calls to poll() was longer than the configured max.poll.interval.ms, "
       "exceeded approximately by {duration_ms} ms. Member {member} will rejoin the group now.",
       _line("2024-11-02 08:21:02,001", "WARN", _P + "Time between subsequent calls to poll() was longer "
             "than the configured max.poll.interval.ms, exceeded approximately by 48811 ms. Member "
             f"{_NEW_MEMBER} will rejoin the group now.", _HRM),
       const={"cause": "poll_timeout"}, level="WARN"),
    # --- LeaveGroup -----------------------------------------------------------------------
    _ac("consumer.leave.0_10", Kind.CONSUMER_LEAVE, "0.10.2-0.11",
        "Sending LeaveGroup request to coordinator " + NODE + " for group {group}",
        _line("2017-06-12 09:50:01,001", "DEBUG", f"Sending LeaveGroup request to coordinator {_NODE} for "
              "group orders-app", _AC),
        level="DEBUG"),
    _ac("consumer.leave.1_0", Kind.CONSUMER_LEAVE, "1.0-2.1",
        "Sending LeaveGroup request to coordinator " + NODE,
        _line("2019-01-10 13:50:01,001", "INFO", _P1 + f"Sending LeaveGroup request to coordinator {_NODE}",
              _AC),
        note="DEBUG up to 2.0, INFO in 2.1"),
    _ac("consumer.leave", Kind.CONSUMER_LEAVE, "2.4+",
        "Member {member} sending LeaveGroup request to coordinator " + NODE + " due to {reason:text}",
        _line("2024-03-01 10:40:13,560", "INFO", _P + f"Member {_MEMBER} sending LeaveGroup request to "
              f"coordinator {_NODE} due to consumer poll timeout has expired.", _CC),
        _line("2021-07-09 11:50:01,001", "INFO", _P + f"Member {_MEMBER} sending LeaveGroup request to "
              f"coordinator {_NODE} due to the consumer is being closed", _AC),
        derive=consumer_reason),
    _ac("consumer.leave.2_2", Kind.CONSUMER_LEAVE, "2.2-2.3",
        "Member {member} sending LeaveGroup request to coordinator " + NODE,
        _line("2019-08-21 13:50:01,001", "INFO", _P1 + "Member consumer-1-0f6a2b9e-1c3d-4e5f-8a7b-"
              f"9c0d1e2f3a4b sending LeaveGroup request to coordinator {_NODE}", _AC)),
    _ac("consumer.leave_failed.0_10", Kind.CONSUMER_LEAVE, "0.10.1-0.11",
        "LeaveGroup request for group {group} failed with error: {details.error_message}",
        _line("2017-06-12 09:50:01,101", "DEBUG", "LeaveGroup request for group orders-app failed with "
              "error: The coordinator is not aware of this member.", _AC),
        derive=consumer_fields, level="DEBUG"),
    _ac("consumer.leave_failed.1_0", Kind.CONSUMER_LEAVE, "1.0-2.5",
        "LeaveGroup request failed with error: {details.error_message}",
        _line("2020-02-14 16:50:01,101", "ERROR", _P + "LeaveGroup request failed with error: The "
              "coordinator is not aware of this member.", _AC),
        derive=consumer_fields, note="DEBUG up to 2.3, ERROR 2.4–2.5"),
    _ac("consumer.leave_failed", Kind.CONSUMER_LEAVE, "2.6+",
        "LeaveGroup request with " + GEN + " failed with error: {details.error_message}",
        _line("2024-03-01 10:40:13,601", "ERROR", _P + f"LeaveGroup request with {_GEN} failed with error: "
              "The coordinator is not aware of this member.", _CC),
        derive=consumer_fields),
]

_PARTITIONS = [
    # --- revoked / assigned / lost (ConsumerCoordinator; the listener invoker from 3.7) ------
    _t("consumer.partitions_revoked.0_10", Kind.CONSUMER_PARTITIONS_REVOKED, "0.10-0.11", CONSUMER,
       "Revoking previously assigned partitions {partitions} for group {group}",
       _line("2017-06-12 09:14:02,001", "INFO", "Revoking previously assigned partitions [orders-0, "
             "orders-1] for group orders-app", _CC),
       prefix=None),
    _t("consumer.partitions_revoked.1_0", Kind.CONSUMER_PARTITIONS_REVOKED, "1.0-2.3", CONSUMER,
       "Revoking previously assigned partitions {partitions}",
       _line("2019-08-21 13:05:08,110", "INFO", _P1 + "Revoking previously assigned partitions "
             "[billing-events-0, billing-events-2]", _CC)),
    _t("consumer.partitions_revoked", Kind.CONSUMER_PARTITIONS_REVOKED, "2.4+", PARTITION_LISTENER,
       "Revoke previously assigned partitions {partitions}",
       _line("2021-07-09 11:02:28,101", "INFO", _P + "Revoke previously assigned partitions payments-0, "
             "payments-3", _CC),
       _line("2024-06-01 10:15:42,002", "INFO", _P + "Revoke previously assigned partitions ",
             LISTENER_INVOKER),
       note="comma-joined, no brackets; an empty set prints nothing"),
    _t("consumer.partitions_revoked.new", Kind.CONSUMER_PARTITIONS_REVOKED, "3.7+", MEMBERSHIP,
       "Revoking previously assigned partitions {partitions}",
       _line("2024-11-02 08:12:00,101", "INFO", _P + "Revoking previously assigned partitions payments-0, "
             "payments-3", _MMI),
       note="the new consumer's wording (as 1.0–2.3, joined without brackets)"),
    _t("consumer.partitions_assigned.0_10", Kind.CONSUMER_PARTITIONS_ASSIGNED, "0.10-0.11", CONSUMER,
       "Setting newly assigned partitions {partitions} for group {group}",
       _line("2017-06-12 09:14:05,440", "INFO", "Setting newly assigned partitions [orders-0] for group "
             "orders-app", _CC),
       prefix=None),
    _t("consumer.partitions_assigned.2_2", Kind.CONSUMER_PARTITIONS_ASSIGNED, "2.2-2.3", CONSUMER,
       "Setting newly assigned partitions: {partitions}",
       _line("2019-08-21 13:05:11,484", "INFO", _P1 + "Setting newly assigned partitions: billing-events-0, "
             "billing-events-2", _CC)),
    _t("consumer.partitions_assigned.1_0", Kind.CONSUMER_PARTITIONS_ASSIGNED, "1.0-2.1", CONSUMER,
       "Setting newly assigned partitions {partitions}",
       _line("2018-09-03 14:22:11,484", "INFO", _P1 + "Setting newly assigned partitions [billing-events-0, "
             "billing-events-2]", _CC)),
    _t("consumer.partitions_assigned", Kind.CONSUMER_PARTITIONS_ASSIGNED, "2.4+", PARTITION_LISTENER,
       "Adding newly assigned partitions: {partitions}",
       _line("2021-07-09 11:02:31,822", "INFO", _P + "Adding newly assigned partitions: payments-0, "
             "payments-3", _CC),
       _line("2024-06-01 10:15:45,120", "INFO", _P + "Adding newly assigned partitions: payments-1",
             LISTENER_INVOKER)),
    _t("consumer.partitions_lost", Kind.CONSUMER_PARTITIONS_LOST, "2.4+", PARTITION_LISTENER,
       "Lost previously assigned partitions {partitions}",
       _line("2021-07-09 11:40:14,001", "INFO", _P + "Lost previously assigned partitions payments-0, "
             "payments-3", _CC)),
    _t("consumer.partitions_lost.all.2_4", Kind.CONSUMER_PARTITIONS_LOST, "2.4-3.1", CONSUMER,
       "Giving away all assigned partitions as lost since generation has been reset,indicating that "
       "consumer is no longer part of the group",
       _line("2021-07-09 11:40:14,000", "INFO", _P + "Giving away all assigned partitions as lost since "
             "generation has been reset,indicating that consumer is no longer part of the group", _CC),
       note="no space after the comma (Kafka's)"),
    _t("consumer.partitions_lost.all", Kind.CONSUMER_PARTITIONS_LOST, "3.2+", CONSUMER,
       "Giving away all assigned partitions as lost since generation/memberID has been reset,indicating "
       "that consumer is in old state or no longer part of the group",
       _line("2024-03-01 10:40:14,000", "INFO", _P + "Giving away all assigned partitions as lost since "
             "generation/memberID has been reset,indicating that consumer is in old state or no longer part "
             "of the group", _CC)),
    # --- cooperative protocol (KIP-429, 2.4+): one multi-line record ----------------------
    _t("consumer.assignment_updated.2_4", Kind.CONSUMER_ASSIGNMENT_UPDATED, "2.4-2.5", CONSUMER,
       "Updating assignment with",
       _line("2020-02-14 16:40:06,300", "INFO", _P + "Updating assignment with\nnow assigned partitions: "
             "payments-0, payments-1\ncompare with previously owned partitions: payments-0\nnewly added "
             "partitions: payments-1\nrevoked partitions: \n", _CC),
       cont="now assigned partitions: {~.*~}", derive=assignment_update,
       note="partitions = assigned; details owned / added / revoked"),
    _t("consumer.assignment_updated", Kind.CONSUMER_ASSIGNMENT_UPDATED, "2.6+", (*CONSUMER, MEMBERSHIP[0]),
       "Updating assignment with",
       _line("2021-07-09 11:02:31,810", "INFO", _P + "Updating assignment with\n"
             "\tAssigned partitions:                       [payments-0, payments-3]\n"
             "\tCurrent owned partitions:                  [payments-0]\n"
             "\tAdded partitions (assigned - owned):       [payments-3]\n"
             "\tRevoked partitions (owned - assigned):     []\n", _CC),
       cont="{~\\t~}Assigned partitions:{~.*~}", derive=assignment_update,
       note="the new consumer's MembershipManagerImpl printed this in 3.7 (assigned partitions as "
       "TopicIdPartitions, the topic id is dropped)"),
    _t("consumer.assignment_reconciling", Kind.CONSUMER_ASSIGNMENT_UPDATED, "3.8+", MEMBERSHIP,
       "Reconciling assignment with local epoch {details.local_epoch:int}",
       _line("2024-11-02 08:11:03,100", "INFO", _P + "Reconciling assignment with local epoch 3\n"
             f"\tMember:                                    {_NEW_MEMBER}\n"
             "\tAssigned partitions:                       [payments-0, payments-3]\n"
             "\tCurrent owned partitions:                  []\n"
             "\tAdded partitions (assigned - owned):       [payments-0, payments-3]\n"
             "\tRevoked partitions (owned - assigned):     []\n", _MMI),
       cont="{~\\t~}Member:{~[ \\t]+~}{member:str}", derive=assignment_update,
       note="the new consumer (KIP-848); member is '<no ID>' in 4.0 before the first heartbeat"),
    _t("consumer.revoke_rejoin", Kind.CONSUMER_REJOIN_REQUESTED, "2.4-2.8", CONSUMER,
       "Need to revoke partitions {partitions} and re-join the group",
       _line("2021-07-09 11:02:31,811", "INFO", _P + "Need to revoke partitions [payments-1] and re-join "
             "the group", _CC),
       const={"cause": "revoke_partitions"},
       note="DEBUG 2.4–2.6, INFO 2.7–2.8; 3.0+ 'Request joining group due to: need to revoke …'"),
    # --- the leader's assignment ----------------------------------------------------------
    _t("consumer.assignment_computed", Kind.CONSUMER_ASSIGNMENT_COMPUTED, "2.4+", CONSUMER,
       "Finished assignment for group at generation {generation}: {_assignments:text}",
       _line("2021-07-09 11:02:31,790", "INFO", _P + "Finished assignment for group at generation 32: "
             f"{{{_MEMBER}=Assignment(partitions=[payments-0, payments-3]), consumer-payments-2-1e2d3c4b-"
             "5a69-4788-99aa-bbccddeeff00=Assignment(partitions=[payments-1, payments-2], "
             "userDataSize=28)}", _CC),
       derive=group_assignment, note="members = members assigned; details.assignments per member"),
    _t("consumer.assignment_computed.1_0", Kind.CONSUMER_ASSIGNMENT_COMPUTED, "1.0-2.3", CONSUMER,
       "Finished assignment for group: {_assignments:text}",
       _line("2019-08-21 13:05:11,470", "DEBUG", _P1 + "Finished assignment for group: "
             "{consumer-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b=Assignment(partitions=[billing-events-0, "
             "billing-events-2])}", _CC),
       derive=group_assignment, level="DEBUG"),
    _t("consumer.assignment_computed.0_10", Kind.CONSUMER_ASSIGNMENT_COMPUTED, "0.10-0.11", CONSUMER,
       "Finished assignment for group {group}: {_assignments:text}",
       _line("2017-06-12 09:14:05,401", "DEBUG", "Finished assignment for group orders-app: "
             "{consumer-1-0f6a2b9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b=Assignment(partitions=[orders-0])}", _CC),
       prefix=None, derive=group_assignment, level="DEBUG"),
    _t("consumer.assignment_skipped", Kind.CONSUMER_ASSIGNMENT_COMPUTED, "3.2+", CONSUMER,
       "Skipped assignment for returning static leader at generation {generation}. The static leader "
       "will continue with its existing assignment.",
       _line("2024-03-01 10:15:45,001", "INFO", _PS + "Skipped assignment for returning static leader at "
             "generation 33. The static leader will continue with its existing assignment.", _CC),
       derive=details_const(skipped=True),
       note="KIP-814: a returning static leader skips the assignment (KAFKA-13435)"),
    _t("consumer.assignment_received", Kind.CONSUMER_ASSIGNMENT_UPDATED, "2.6+", CONSUMER,
       "Notifying assignor about the new Assignment(partitions={partitions}{~(?:, userDataSize=\\d+)?~})",
       _line("2021-07-09 11:02:31,805", "INFO", _P + "Notifying assignor about the new Assignment("
             "partitions=[payments-0, payments-3])", _CC)),
    # --- rejoin because the subscription or metadata moved (2.4–2.8; 3.0+ "Request joining") --
    _t("consumer.rejoin.subscription.2_7", Kind.CONSUMER_REJOIN_REQUESTED, "2.7-2.8", CONSUMER,
       "Requesting to re-join the group and trigger rebalance since the subscription has changed from "
       "{details.from} to {details.to:text}",
       _line("2021-07-09 12:00:00,001", "INFO", _P + "Requesting to re-join the group and trigger "
             "rebalance since the subscription has changed from [payments] to [payments, refunds]", _CC),
       const={"cause": "subscription_change"}),
    _t("consumer.rejoin.metadata.2_7", Kind.CONSUMER_REJOIN_REQUESTED, "2.7-2.8", CONSUMER,
       "Requesting to re-join the group and trigger rebalance since the assignment metadata has "
       "changed from {details.from} to {details.to:text}",
       _line("2021-07-09 12:00:00,001", "INFO", _P + "Requesting to re-join the group and trigger "
             "rebalance since the assignment metadata has changed from (version12: {payments=6}) to "
             "(version13: {payments=12})", _CC),
       const={"cause": "metadata_change"}),
    _t("consumer.rejoin.assignment_mismatch", Kind.CONSUMER_REJOIN_REQUESTED, "2.4-2.8", CONSUMER,
       "We received an assignment {partitions} that doesn't match our current subscription "
       "{details.subscription}; it is likely that the subscription has changed since we joined the "
       "group. Will try re-join the group with current subscription",
       _line("2021-07-09 12:00:00,001", "WARN", _P + "We received an assignment [payments-0] that doesn't "
             "match our current subscription Subscribe([refunds]); it is likely that the subscription has "
             "changed since we joined the group. Will try re-join the group with current subscription",
             _CC),
       const={"cause": "assignment_mismatch"}, level="WARN"),
]

_OFFSETS = [
    _t("consumer.offset_committed_position", Kind.CONSUMER_OFFSET_RESET, "2.3+",
       (CONSUMER_COORDINATOR, CONSUMER_UTILS),
       "Setting offset for partition {tp} to the committed offset FetchPosition{offset={offset}, "
       "offsetEpoch={details.offset_epoch:opt_int}, currentLeader=LeaderAndEpoch{leader={_leader:str}, "
       "epoch={_epoch:word}}}",
       _line("2019-08-21 13:05:11,490", "INFO", _P1 + "Setting offset for partition billing-events-0 to the "
             "committed offset FetchPosition{offset=88213, offsetEpoch=Optional.empty, currentLeader="
             "LeaderAndEpoch{leader=kafka1:9092 (id: 1 rack: null), epoch=-1}}", _CC),
       _line("2024-06-01 10:15:45,130", "INFO", "Setting offset for partition payments-1 to the committed "
             "offset FetchPosition{offset=1204331, offsetEpoch=Optional[14], currentLeader=LeaderAndEpoch{"
             "leader=Optional[kafka3:9092 (id: 3 rack: null)], epoch=15}}", CONSUMER_UTILS),
       prefix=OPTIONAL_PREFIX, derive=fetch_position,
       note="3.7+ logged by the static ConsumerUtils logger, without prefix; leader/leader_epoch = the "
       "partition's current leader, details.offset_epoch = the committed record's epoch"),
    _t("consumer.offset_none", Kind.CONSUMER_OFFSET_RESET, "2.3+", (CONSUMER_COORDINATOR, COMMIT_REQUESTS),
       "Found no committed offset for partition {tp}",
       _line("2019-08-21 13:05:11,491", "INFO", _P1 + "Found no committed offset for partition "
             "billing-events-2", _CC),
       note="the position then comes from auto.offset.reset"),
    # --- offset commit failures ----------------------------------------------------------
    _t("consumer.commit_failed.partition.0_10", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10-0.11", CONSUMER,
       "Group {group} failed to commit partition {tp} at offset {offset}: {details.error_message}",
       _line("2017-06-12 09:40:01,001", "ERROR", "Group orders-app failed to commit partition orders-0 at "
             "offset 88213: The metadata field of the offset request was too large.", _CC),
       prefix=None, derive=consumer_fields),
    _t("consumer.commit_failed.partition", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "1.0+", CONSUMER,
       "Offset commit failed on partition {tp} at offset {offset}: {details.error_message}",
       _line("2024-03-01 10:40:14,101", "WARN", _P + "Offset commit failed on partition payments-0 at offset "
             "1204331: The request timed out.", _CC),
       derive=consumer_fields, note="ERROR; WARN for retriable errors from 2.2.1"),
    _t("consumer.commit_failed.auto.0_10_0", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10.0-0.10.1", CONSUMER,
       "Auto offset commit failed for group {group}: {details.error_message}",
       _line("2016-11-02 09:40:01,001", "WARN", "Auto offset commit failed for group orders-app: Commit "
             "cannot be completed since the group has already rebalanced and assigned the partitions to "
             "another member.", _CC),
       prefix=None, derive=consumer_fields, level="WARN"),
    _t("consumer.commit_failed.auto.0_10_2", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10.2-0.11", CONSUMER,
       "Auto-commit of offsets {{_offsets}} failed for group {group}: {details.error_message}",
       _line("2017-06-12 09:40:01,001", "WARN", "Auto-commit of offsets {orders-0=OffsetAndMetadata{"
             "offset=88213, metadata=''}} failed for group orders-app: Commit cannot be completed since "
             "the group has already rebalanced and assigned the partitions to another member.", _CC),
       prefix=None, derive=committed_offsets, level="WARN"),
    _t("consumer.commit_failed.async", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "1.0+", CONSUMER,
       "Asynchronous auto-commit of offsets {{_offsets}} failed: {details.error_message}",
       _line("2024-03-01 10:40:14,201", "WARN", _P + "Asynchronous auto-commit of offsets {payments-0="
             "OffsetAndMetadata{offset=1204331, leaderEpoch=14, metadata=''}, payments-3=OffsetAndMetadata{"
             "offset=99120, leaderEpoch=14, metadata=''}} failed: Offset commit cannot be completed since "
             "the consumer is not part of an active group for auto partition assignment; it is likely that "
             "the consumer was kicked out of the group.", _CC),
       derive=committed_offsets, level="WARN"),
    _t("consumer.commit_failed.sync", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "1.0+", CONSUMER,
       "Synchronous auto-commit of offsets {{_offsets}} failed: {details.error_message}",
       _line("2024-03-01 10:40:14,201", "WARN", _P + "Synchronous auto-commit of offsets {payments-0="
             "OffsetAndMetadata{offset=1204331, leaderEpoch=14, metadata=''}} failed: Commit cannot be "
             "completed since the group has already rebalanced and assigned the partitions to another "
             "member.", _CC),
       derive=committed_offsets, level="WARN"),
    _t("consumer.commit_failed.exception.0_10_2", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10.2-0.11",
       CONSUMER, "Offset commit with offsets {{_offsets}} failed for group {group}",
       _line("2017-06-12 09:40:01,001", "ERROR", "Offset commit with offsets {orders-0=OffsetAndMetadata{"
             "offset=88213, metadata=''}} failed for group orders-app\norg.apache.kafka.clients.consumer."
             "RetriableCommitFailedException: Offset commit failed with a retriable exception.", _CC),
       prefix=None, derive=chain(committed_offsets, consumer_exception)),
    _t("consumer.commit_failed.exception", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "1.0+", CONSUMER,
       "Offset commit with offsets {{_offsets}} failed",
       _line("2024-03-01 10:40:14,301", "ERROR", _P + "Offset commit with offsets {payments-0="
             "OffsetAndMetadata{offset=1204331, leaderEpoch=14, metadata=''}} failed\norg.apache.kafka."
             "clients.consumer.RetriableCommitFailedException: Offset commit failed with a retriable "
             "exception. You should retry committing the latest consumed offsets.", _CC),
       derive=chain(committed_offsets, consumer_exception)),
    _t("consumer.commit_failed.fenced", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "2.6+", CONSUMER,
       "OffsetCommit failed with " + GEN + " due to group instance id {instance_id} fenced",
       _line("2024-03-01 10:40:14,401", "INFO", _PS + f"OffsetCommit failed with {_GEN} due to group "
             "instance id Optional[payments-host-a] fenced", _CC),
       const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields),
    _t("consumer.commit_failed.generation", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "2.6+", CONSUMER,
       "OffsetCommit failed with " + GEN + ": {details.error_message}",
       _line("2024-03-01 10:40:14,401", "INFO", _P + f"OffsetCommit failed with {_GEN}: The coordinator is "
             "not aware of this member.", _CC),
       derive=consumer_fields),
    _t("consumer.commit_failed.join_prepare_timeout", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "3.2.1+", CONSUMER,
       "Asynchronous auto-commit of offsets failed: joinPrepare timeout. Will continue to join group",
       _line("2024-03-01 10:15:41,001", "ERROR", _P + "Asynchronous auto-commit of offsets failed: "
             "joinPrepare timeout. Will continue to join group", _CC),
       derive=details_const(error_message="joinPrepare timeout")),
    _t("consumer.commit_failed.join_prepare", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "3.2.1+", CONSUMER,
       "Asynchronous auto-commit of offsets failed: {details.error_message}. Will continue to join group.",
       _line("2024-03-01 10:15:41,001", "ERROR", _P + "Asynchronous auto-commit of offsets failed: Commit "
             "cannot be completed since the group has already rebalanced and assigned the partitions to "
             "another member.. Will continue to join group.", _CC),
       derive=consumer_fields),
    _t("consumer.commit_failed.join_prepare.3_2_0", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "3.2.0", CONSUMER,
       "Asynchronous auto-commit of offsets failed: {details.error_message}",
       _line("2022-05-17 10:15:41,001", "ERROR", _P + "Asynchronous auto-commit of offsets failed: The "
             "request timed out.", _CC),
       derive=consumer_fields),
    _t("consumer.commit_failed.not_in_group", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "2.3+", CONSUMER,
       "Failing OffsetCommit request since the consumer is not part of an active group",
       _line("2024-03-01 10:40:14,501", "INFO", _P + "Failing OffsetCommit request since the consumer is "
             "not part of an active group", _CC)),
    _t("consumer.commit_failed.topic_authorization.0_10", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10-0.11",
       CONSUMER, "Not authorized to commit to topics {details.topics} for group {group}",
       _line("2017-06-12 09:40:01,001", "ERROR", "Not authorized to commit to topics [orders] for group "
             "orders-app", _CC),
       prefix=None, const={"error": "TOPIC_AUTHORIZATION_FAILED"}),
    _t("consumer.commit_failed.group_authorization.0_10", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "0.10-0.11",
       CONSUMER, "Not authorized to commit offsets for group {group}",
       _line("2017-06-12 09:40:01,001", "ERROR", "Not authorized to commit offsets for group orders-app",
             _CC),
       prefix=None, const={"error": "GROUP_AUTHORIZATION_FAILED"}),
    _t("consumer.commit_failed.topic_authorization", Kind.CONSUMER_OFFSET_COMMIT_FAILED, "1.0+", CONSUMER,
       "Not authorized to commit to topics {details.topics}",
       _line("2024-03-01 10:40:14,601", "ERROR", _P + "Not authorized to commit to topics [payments]", _CC),
       const={"error": "TOPIC_AUTHORIZATION_FAILED"}),
]

_NEW_CONSUMER = [
    # --- member state machine (KIP-848 MemberState) --------------------------------------
    _t("consumer.member_transition", Kind.CONSUMER_MEMBER_TRANSITION, "3.7+", MEMBERSHIP,
       "Member {member:str} with epoch {details.member_epoch:int} transitioned from {prev_state:word} "
       "to {state:word}.",
       _line("2024-11-02 08:11:02,801", "INFO", _P + f"Member {_NEW_MEMBER} with epoch 0 transitioned from "
             "UNSUBSCRIBED to JOINING.", _MMI),
       _line("2025-04-01 12:00:01,001", "INFO", _P + "Member <no ID> with epoch 0 transitioned from "
             "UNSUBSCRIBED to JOINING.", _CMM),
       derive=consumer_fields, note="TRACE in 3.7–3.8, INFO from 3.9; '<no ID>' (4.0 trunk) -> null member"),
    _t("consumer.member_fatal.4_0", Kind.CONSUMER_MEMBER_TRANSITION, "4.0+", MEMBERSHIP[1:],
       "Member {member:str} with epoch {details.member_epoch:int} transitioned to fatal state",
       _line("2025-04-01 12:05:01,001", "ERROR", _P + f"Member {_NEW_MEMBER} with epoch 12 transitioned to "
             "fatal state", _CMM),
       const={"state": "FATAL"}, derive=consumer_fields),
    _t("consumer.member_fatal", Kind.CONSUMER_MEMBER_TRANSITION, "3.7-3.9", MEMBERSHIP[:1],
       "Member {member:str} with epoch {details.member_epoch:int} transitioned to {state:word} state",
       _line("2024-11-02 08:15:01,001", "ERROR", _P + "Member  with epoch 0 transitioned to FATAL state",
             _MMI),
       _line("2024-11-02 08:15:01,001", "ERROR", _P + f"Member {_NEW_MEMBER} with epoch 12 transitioned to "
             "FATAL state", _MMI),
       derive=consumer_fields,
       note="3.7–3.9 print this when the member id is empty ('Member  with epoch 0', inverted test) and "
       "'Non-member transitioned…' (next entry) when it is not"),
    _t("consumer.member_fatal.non_member", Kind.CONSUMER_MEMBER_TRANSITION, "3.8-3.9", MEMBERSHIP[:1],
       "Non-member transitioned to {state:word} state",
       _line("2024-11-02 08:15:01,001", "ERROR", _P + "Non-member transitioned to FATAL state", _MMI)),
    _t("consumer.member_leave_unsent", Kind.CONSUMER_MEMBER_TRANSITION, "3.9+", MEMBERSHIP,
       "Heartbeat to leave group cannot be sent (most probably due to coordinator not known/available). "
       "Member {member:str} with epoch {details.member_epoch:int} will transition to {state:word}.",
       _line("2024-11-02 08:30:01,001", "WARN", _P + "Heartbeat to leave group cannot be sent (most probably "
             f"due to coordinator not known/available). Member {_NEW_MEMBER} with epoch 12 will transition "
             "to UNSUBSCRIBED.", _MMI),
       derive=consumer_fields, level="WARN"),
    _t("consumer.member_fenced_leaving", Kind.CONSUMER_FENCED, "3.9+", MEMBERSHIP,
       "Member {member:str} with epoch {details.member_epoch:int} got fenced but it is already preparing "
       "to leave the group, so it will stop sending heartbeat and won't attempt to send the leave request "
       "or rejoin.",
       _line("2024-11-02 08:30:01,001", "INFO", _P + f"Member {_NEW_MEMBER} with epoch 12 got fenced but it "
             "is already preparing to leave the group, so it will stop sending heartbeat and won't attempt "
             "to send the leave request or rejoin.", _MMI),
       const={"prev_state": "PREPARE_LEAVING"}, derive=consumer_fields),
    _t("consumer.member_fenced_leaving.3_7", Kind.CONSUMER_FENCED, "3.7-3.8", MEMBERSHIP[:1],
       "Member {member:str} with epoch {details.member_epoch:int} got fenced but it is already preparing "
       "to leave the group, so it will stop sending heartbeat and won't attempt to rejoin.",
       _line("2024-06-01 08:30:01,001", "INFO", _P + f"Member {_NEW_MEMBER} with epoch 12 got fenced but it "
             "is already preparing to leave the group, so it will stop sending heartbeat and won't attempt "
             "to rejoin.", _MMI),
       const={"prev_state": "PREPARE_LEAVING"}, derive=consumer_fields, note="DEBUG in 3.7, INFO in 3.8"),
    _t("consumer.leave.new", Kind.CONSUMER_LEAVE, "3.8+", MEMBERSHIP,
       "Member {member:str} is triggering callbacks to release assignment {partitions} and leave group",
       _line("2024-11-02 08:30:00,901", "INFO", _P + f"Member {_NEW_MEMBER} is triggering callbacks to "
             "release assignment [payments-0, payments-3] and leave group", _MMI),
       derive=consumer_fields, note="DEBUG in 3.8, INFO from 3.9"),
    # --- heartbeat errors (HeartbeatRequestManager 3.7–3.9, ConsumerHeartbeatRequestManager 4.0)
    _t("consumer.heartbeat_failed.new.not_coordinator", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       HB + " failed because the group coordinator " + NODE + " is incorrect. Will attempt to find the "
       "coordinator again and retry in {details.backoff_ms:int}ms: {details.error_message}",
       _line("2024-11-02 08:13:40,001", "INFO", _P + "GroupHeartbeatRequest failed because the group "
             f"coordinator Optional[{_NODE}] is incorrect. Will attempt to find the coordinator again and "
             "retry in 0ms: This is not the correct coordinator.", _HRM),
       const={"error": "NOT_COORDINATOR"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.coordinator_unavailable", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+",
       HEARTBEATS,
       HB + " failed because the group coordinator " + NODE + " is not available. Will attempt to find "
       "the coordinator again and retry in {details.backoff_ms:int}ms: {details.error_message}",
       _line("2025-04-01 12:13:40,001", "INFO", _P + "ConsumerGroupHeartbeatRequest failed because the group "
             f"coordinator Optional[{_NODE}] is not available. Will attempt to find the coordinator again "
             "and retry in 0ms: The coordinator is not available.", _CHRM),
       const={"error": "COORDINATOR_NOT_AVAILABLE"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.loading.3_7", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7-3.9", HEARTBEATS,
       HB + " failed because the group coordinator " + NODE + " is still loading.Will retry in "
       "{details.backoff_ms:int}ms: {details.error_message}",
       _line("2024-11-02 08:13:40,001", "INFO", _P + "GroupHeartbeatRequest failed because the group "
             f"coordinator Optional[{_NODE}] is still loading.Will retry in 100ms: The coordinator is "
             "loading and hence can't process requests.", _HRM),
       const={"error": "COORDINATOR_LOAD_IN_PROGRESS"}, derive=consumer_fields,
       note="no space after the period (Kafka's)"),
    _t("consumer.heartbeat_failed.new.loading", Kind.CONSUMER_HEARTBEAT_FAILED, "4.0+", HEARTBEATS,
       HB + " failed because the group coordinator " + NODE + " is still loading. Will retry in "
       "{details.backoff_ms:int}ms: {details.error_message}",
       _line("2025-04-01 12:13:40,001", "INFO", _P + "ConsumerGroupHeartbeatRequest failed because the group "
             f"coordinator Optional[{_NODE}] is still loading. Will retry in 100ms: The coordinator is "
             "loading and hence can't process requests.", _CHRM),
       const={"error": "COORDINATOR_LOAD_IN_PROGRESS"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.fenced_epoch", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       HB + " failed for member {member} because epoch {details.member_epoch:int} is fenced. in "
       "{details.backoff_ms:int}ms: {details.error_message}",
       _line("2024-11-02 08:13:40,010", "INFO", _P + f"GroupHeartbeatRequest failed for member {_NEW_MEMBER} "
             "because epoch 17 is fenced. in 0ms: The member epoch is fenced by the group coordinator. The "
             "member must abandon all its partitions and rejoin.", _HRM),
       const={"error": "FENCED_MEMBER_EPOCH"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.unknown_member", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       HB + " failed because member {member} is unknown. in {details.backoff_ms:int}ms: "
       "{details.error_message}",
       _line("2024-11-02 08:13:40,010", "INFO", _P + f"GroupHeartbeatRequest failed because member "
             f"{_NEW_MEMBER} is unknown. in 0ms: The coordinator is not aware of this member.", _HRM),
       const={"error": "UNKNOWN_MEMBER_ID"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.fatal", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       HB + " failed due to fatal error: {details.error_message}",
       _line("2024-11-02 08:13:40,010", "ERROR", _P + "GroupHeartbeatRequest failed due to fatal error: "
             "The server experienced an unexpected error when processing the request.", _HRM),
       derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.authorization", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       HB + " failed due to group authorization failure: {details.error_message}",
       _line("2024-11-02 08:13:40,010", "ERROR", _P + "GroupHeartbeatRequest failed due to group "
             "authorization failure: Not authorized to access group: payments", _HRM),
       const={"error": "GROUP_AUTHORIZATION_FAILED"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.unreleased.3_7", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7", HEARTBEATS[:1],
       "GroupHeartbeatRequest failed due to the instance id {instance_id} was not released: "
       "{details.error_message}",
       _line("2024-06-01 08:13:40,010", "ERROR", _PS + "GroupHeartbeatRequest failed due to the instance id "
             "payments-host-a was not released: The instance ID is still used by another member in the "
             "consumer group. That member must leave first.", _HRM),
       const={"error": "UNRELEASED_INSTANCE_ID"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.unreleased", Kind.CONSUMER_HEARTBEAT_FAILED, "3.8+", HEARTBEATS,
       HB + " failed due to unreleased instance id {instance_id}: {details.error_message}",
       _line("2024-11-02 08:13:40,010", "ERROR", _PS + "GroupHeartbeatRequest failed due to unreleased "
             "instance id payments-host-a: The instance ID is still used by another member in the consumer "
             "group. That member must leave first.", _HRM),
       const={"error": "UNRELEASED_INSTANCE_ID"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.fenced_instance", Kind.CONSUMER_HEARTBEAT_FAILED, "3.8+", HEARTBEATS,
       HB + " failed due to fenced instance id {instance_id}: {details.error_message}. This is expected in "
       "the case that the member was removed from the group by an admin client, and another member joined "
       "using the same group instance id.",
       _line("2024-11-02 08:13:40,010", "ERROR", _PS + "GroupHeartbeatRequest failed due to fenced instance "
             "id payments-host-a: The broker rejected this static consumer since another consumer with the "
             "same group.instance.id has registered with a different member.id.. This is expected in the "
             "case that the member was removed from the group by an admin client, and another member joined "
             "using the same group instance id.", _HRM),
       const={"error": "FENCED_INSTANCE_ID"}, derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.unexpected.3_7", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7", HEARTBEATS[:1],
       "GroupHeartbeatRequest failed due to unexpected error: {error}",
       _line("2024-06-01 08:13:40,010", "ERROR", _P + "GroupHeartbeatRequest failed due to unexpected error: "
             "UNSUPPORTED_VERSION", _HRM)),
    _t("consumer.heartbeat_failed.new.error.3_7", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7", HEARTBEATS[:1],
       "GroupHeartbeatRequest failed due to error: {error}",
       _line("2024-06-01 08:13:40,010", "ERROR", _P + "GroupHeartbeatRequest failed due to error: "
             "INVALID_REQUEST", _HRM)),
    _t("consumer.heartbeat_failed.new.unexpected", Kind.CONSUMER_HEARTBEAT_FAILED, "3.8+", HEARTBEATS,
       HB + " failed due to unexpected error {error}: {details.error_message}",
       _line("2024-11-02 08:13:40,010", "ERROR", _P + "GroupHeartbeatRequest failed due to unexpected error "
             "UNKNOWN_SERVER_ERROR: The server experienced an unexpected error when processing the "
             "request.", _HRM),
       derive=consumer_fields),
    _t("consumer.heartbeat_failed.new.error", Kind.CONSUMER_HEARTBEAT_FAILED, "3.8+", HEARTBEATS,
       HB + " failed due to {error}: {details.error_message}",
       _line("2025-04-01 12:13:40,010", "ERROR", _P + "ConsumerGroupHeartbeatRequest failed due to "
             "UNSUPPORTED_ASSIGNOR: The assignor or its version range is not supported by the consumer "
             "group.", _CHRM),
       derive=consumer_fields, note="INVALID_REQUEST, GROUP_MAX_SIZE_REACHED, UNSUPPORTED_ASSIGNOR, "
       "UNSUPPORTED_VERSION: fatal for the consumer"),
    _t("consumer.heartbeat_failed.new.leave", Kind.CONSUMER_HEARTBEAT_FAILED, "3.7+", HEARTBEATS,
       "{~(?:GroupHeartbeat|ConsumerGroupHeartbeatRequest)~} failed because of {error}: "
       "{details.response:text}",
       _line("2024-11-02 08:30:01,101", "ERROR", _P + "GroupHeartbeat failed because of "
             "COORDINATOR_NOT_AVAILABLE: ConsumerGroupHeartbeatResponseData(throttleTimeMs=0, errorCode=15, "
             "errorMessage='The coordinator is not available.', memberId=null, memberEpoch=0, "
             "heartbeatIntervalMs=0, assignment=null)", _HRM),
       note="the leave heartbeat sent on close, whose response is only logged"),
]

TEMPLATES: list[Template] = [
    *_COORDINATOR, *_JOIN, *_JOIN_FAILED, *_SYNC_FAILED, *_HEARTBEAT, *_POLL_AND_LEAVE,
    *_PARTITIONS, *_OFFSETS, *_NEW_CONSUMER,
]
