"""Vectorised recognition: records -> typed events, one catalogue entry at a time.

Records are grouped by logger; each group is tried against its logger's entries
in catalogue order.  Per entry, a literal pre-filter (``str.contains``, memchr
speed) narrows the rows before the entry's regex runs (``str.extract_groups``),
and rows it matches leave the pool.  No Python code runs per line.
"""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from .catalogue import CATALOGUE, Catalogue
from .schema import EVENT_SCHEMA, FIELDS
from .templates import Template

POLARS_TYPES: dict[str, pl.DataType] = dict(pl.from_arrow(EVENT_SCHEMA.empty_table()).schema)
EVENT_FIELD_COLUMNS: tuple[str, ...] = ("kind", "template", "versions", *(c.name for c in FIELDS))

RawLookup = Callable[[pl.Series], pl.DataFrame]


def recognise(
    records: pl.DataFrame,
    raw_of: RawLookup,
    *,
    logger_mode: str = "full",
    catalogue: Catalogue = CATALOGUE,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Match ``records`` (rid, logger, msg, cont) against the catalogue.

    Returns ``(events, unmatched)``: events carry rid, kind, template, versions and
    the typed fields; unmatched keeps rid and logger.  ``raw_of(rids)`` returns
    (rid, raw) for entries whose ``derive`` reads the whole record.
    """
    matched: list[tuple[Template, pl.DataFrame]] = []
    leftovers: list[pl.DataFrame] = []
    if records.height == 0:
        return _empty_events(), records.select("rid", "logger")
    key = "logger"
    for (logger,), group in records.partition_by(key, as_dict=True, maintain_order=True).items():
        templates = catalogue.for_logger(logger, logger_mode)
        pool = group
        for t in templates:
            if pool.height == 0:
                break
            hit, pool = _match(t, pool)
            if hit is not None:
                matched.append((t, hit))
        leftovers.append(pool.select("rid", "logger"))
    events = [_build(t, hit, raw_of) for t, hit in matched]
    out = pl.concat(events, how="vertical") if events else _empty_events()
    unmatched = pl.concat(leftovers) if leftovers else records.select("rid", "logger").clear()
    return out.sort("rid"), unmatched


def _match(t: Template, pool: pl.DataFrame) -> tuple[pl.DataFrame | None, pl.DataFrame]:
    cand = pool
    if t.literal:
        cand = pool.filter(pl.col("msg").str.contains(t.literal, literal=True))
        if cand.height == 0:
            return None, pool
    cols = [pl.col("msg").str.extract_groups(t.regex).alias("m")]
    if t.cont_regex is not None:
        cols.append(pl.col("cont").str.extract_groups(t.cont_regex).alias("c"))
    ext = cand.select("rid", *cols)
    ok = pl.col("m").struct.field("gm").is_not_null()
    if t.cont_regex is not None:
        ok = ok & pl.col("c").struct.field("cm").is_not_null()
    hit = ext.filter(ok)
    if hit.height == 0:
        return None, pool
    rest = pool.join(hit.select("rid"), on="rid", how="anti", maintain_order="left")
    return hit, rest


def _build(t: Template, hit: pl.DataFrame, raw_of: RawLookup) -> pl.DataFrame:
    exprs: dict[str, list[pl.Expr]] = {}
    for cap in t.captures:
        src = "c" if cap.in_cont else "m"
        e = cap.type.convert(pl.col(src).struct.field(cap.group))
        exprs.setdefault(cap.field, []).append(e)
    cols = [pl.col("rid")]
    for name, es in exprs.items():
        cols.append((pl.coalesce(es) if len(es) > 1 else es[0]).alias(name))
    df = hit.select(cols)
    for name, value in t.const.items():
        df = df.with_columns(pl.lit(value).alias(name))
    if t.derive is not None:
        df = df.join(raw_of(df["rid"]), on="rid", how="left")
        df = t.derive(df)
    return _conform(t, df)


def _conform(t: Template, df: pl.DataFrame) -> pl.DataFrame:
    """Shape an entry's frame into the event columns (typed, nulls where absent)."""
    details = [c for c in df.columns if c.startswith("details.")]
    if details:
        packed = pl.struct([pl.col(c).alias(c.removeprefix("details.")) for c in details])
        if "details" in df.columns:
            df = df.with_columns(pl.coalesce(pl.col("details"), packed.struct.json_encode()).alias("details"))
        else:
            df = df.with_columns(packed.struct.json_encode().alias("details"))
    df = df.with_columns(
        pl.lit(t.kind.value).alias("kind"),
        pl.lit(t.id).alias("template"),
        pl.lit(t.versions).alias("versions"),
    )
    out = [pl.col("rid")]
    for name in EVENT_FIELD_COLUMNS:
        dtype = POLARS_TYPES[name]
        out.append(
            (pl.col(name).cast(dtype, strict=False) if name in df.columns else pl.lit(None, dtype))
            .alias(name)
        )
    return df.select(out)


def _empty_events() -> pl.DataFrame:
    schema = {"rid": pl.UInt32} | {n: POLARS_TYPES[n] for n in EVENT_FIELD_COLUMNS}
    return pl.DataFrame(schema=schema)
