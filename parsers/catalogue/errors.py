"""Kafka's protocol error codes (``org.apache.kafka.common.protocol.Errors``) by number.

Responses in the request log carry ``error_code=N`` (1.0–2.7 struct rendering) or
``"errorCode":N`` (2.8+ JSON); the event table names the error as Kafka does.  Names
are the current ones (Kafka 4.x); a few were renamed over the years and are listed in
``RENAMED`` so a reader can map an old log's wording to the name used here.

The table itself is ``kafka_forensics.kafka_errors`` (shared with the engine).
"""

from __future__ import annotations

import polars as pl

from kafka_forensics.kafka_errors import ERRORS, RENAMED

__all__ = ["ERRORS", "RENAMED", "error_name"]


def error_name(code: pl.Expr) -> pl.Expr:
    """An integer error-code column -> Kafka's error name (``UNKNOWN_CODE_<n>`` when the
    code is newer than this table)."""
    as_int = code.cast(pl.Int32, strict=False)
    name = as_int.replace_strict(ERRORS, default=None, return_dtype=pl.String)
    fallback = pl.concat_str(pl.lit("UNKNOWN_CODE_"), as_int.cast(pl.String))
    return pl.when(as_int.is_null()).then(None).otherwise(pl.coalesce(name, fallback))
