"""The error codes the engine answers with: Kafka's ``Errors`` enum, by the same names and
numbers (the table is ``kafka_forensics.kafka_errors``)."""

from __future__ import annotations

from enum import IntEnum

from kafka_forensics.kafka_errors import ERRORS

#: ``ErrorCode.NONE``, ``ErrorCode.REBALANCE_IN_PROGRESS``, ... with Kafka's numeric codes.
ErrorCode = IntEnum("ErrorCode", {name: code for code, name in sorted(ERRORS.items())})  # type: ignore[misc]
ErrorCode.__doc__ = "A Kafka protocol error, by its current (4.x) name and wire code."
