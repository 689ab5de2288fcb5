"""Timestamps: log text -> UTC milliseconds.

Kafka's log4j layouts print local time without a zone (``2024-03-01 10:15:42,123``);
``--tz`` says which zone that was.  Text that carries its own offset (``…+0200``,
``…Z``, RFC 3339) is converted with that offset and ``--tz`` does not apply.
"""

from __future__ import annotations

import polars as pl

DT = pl.Datetime("ms", "UTC")

# Normalised shapes (see normalise()): "YYYY-MM-DD HH:MM:SS[.fff][+hhmm]"
_NAIVE = ("%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%d %H:%M:%S")
_ZONED = ("%Y-%m-%d %H:%M:%S%.f%z", "%Y-%m-%d %H:%M:%S%z")


def normalise(text: pl.Expr) -> pl.Expr:
    """ISO-8601 / log4j variants -> one shape: ``T`` -> space, ``,`` -> ``.``, ``Z`` -> +0000."""
    return (
        text.str.strip_chars()
        .str.replace(r"^(\d{4}-\d\d-\d\d)T", "$1 ")
        .str.replace(r"(\d\d:\d\d:\d\d),(\d)", "$1.$2")
        .str.replace(r"Z$", "+0000")
        .str.replace(r" ?([+-]\d\d):?(\d\d)$", "$1$2")
    )


def parse(text: pl.Expr, tz: str = "UTC", *, fast_format: str | None = None) -> pl.Expr:
    """Parse timestamp text to ``Datetime(ms, UTC)``; unparseable text gives null.

    ``fast_format`` is tried first on the raw text (the default Kafka layout's exact
    shape), so the common case costs one parse.
    """
    attempts: list[pl.Expr] = []
    if fast_format is not None:
        attempts.append(localise(text.str.to_datetime(fast_format, strict=False, time_unit="ms"), tz))
    norm = normalise(text)
    zoned = norm.str.contains(r"[+-]\d{4}$")
    for fmt in _ZONED:
        attempts.append(
            pl.when(zoned).then(
                norm.str.to_datetime(fmt, strict=False, time_unit="ms").dt.convert_time_zone("UTC")
            )
        )
    for fmt in _NAIVE:
        attempts.append(
            pl.when(~zoned).then(
                localise(norm.str.to_datetime(fmt, strict=False, time_unit="ms"), tz)
            )
        )
    return pl.coalesce(attempts).cast(DT)


def parse_column(text: pl.Series, tz: str = "UTC", *, fast_format: str | None = None) -> pl.Series:
    """``parse`` for a Series, trying the fast format on every row and the general shapes
    only on the rows it did not read (the common case costs one strptime)."""
    if fast_format is None:
        return pl.select(parse(pl.lit(text), tz)).to_series()
    fast = pl.select(
        localise(pl.lit(text).str.to_datetime(fast_format, strict=False, time_unit="ms"), tz).cast(DT)
    ).to_series()
    missing = fast.is_null() & text.is_not_null()
    if not missing.any():
        return fast
    slow = pl.select(parse(pl.lit(text.filter(missing)), tz)).to_series()
    return fast.scatter(missing.arg_true(), slow)


def localise(naive: pl.Expr, tz: str) -> pl.Expr:
    if tz == "UTC":
        return naive.dt.replace_time_zone("UTC")
    # A wall-clock time repeated by a DST change is taken at its first occurrence; one
    # skipped by it does not exist and stays null (reported as a malformed timestamp).
    return naive.dt.replace_time_zone(tz, ambiguous="earliest", non_existent="null").dt.convert_time_zone(
        "UTC"
    )


def instant(text: str, tz: str = "UTC", *, what: str = "the time") -> int:
    """One timestamp the user typed (ISO 8601; no zone = ``tz``) -> epoch ms; ValueError with
    what to type otherwise."""
    v = pl.select(parse(pl.lit(text), tz).dt.epoch("ms")).item()
    if v is None:
        raise ValueError(f"{what} {text!r} is not a time: give it as ISO 8601, e.g. 2026-11-22T11:10:33Z "
                         "or 2026-11-22 11:10:33 (read in --tz)")
    return int(v)


def check_zone(tz: str) -> str:
    """Validate a time-zone name; raise ValueError with a helpful message."""
    try:
        pl.select(pl.lit(0).cast(pl.Datetime("ms")).dt.replace_time_zone(tz))
    except Exception:  # polars raises ComputeError for unknown zones
        raise ValueError(
            f"unknown time zone {tz!r}: use an IANA name such as UTC, Europe/Berlin or America/New_York"
        ) from None
    return tz
