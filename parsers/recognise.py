"""Vectorised recognition: records -> typed events.

Records are grouped by logger; each group is tried against its logger's entries
in catalogue order, and a record belongs to the first entry that matches it.

By default the recognition kernel (``kernel.py``, ``_match.c``) decides each record's
entry and capture offsets in one compiled pass (``_claim_native``); the records it
defers, and every record where the kernel is not built or turned off, take the Polars
path (``_claim``): per group, one Aho-Corasick pass (``str.extract_many``) finds which
entries' literal runs each message contains; an entry's regex (``str.extract_groups``)
then runs only on the unclaimed records that contain its literal and its other
required literal runs (``Template.required``: substring tests, far cheaper than a regex
that fails).  Either way the captures are typed by the same expressions (``_build``),
and no Python code runs per line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import polars as pl

from . import kernel
from .catalogue import CATALOGUE, Catalogue
from .schema import FIELDS, polars_types
from .templates import TP_TOKEN, Template

POLARS_TYPES: dict[str, pl.DataType] = polars_types()
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
    if records.height == 0:
        return _empty_events(), records.select("rid", "logger")
    matched: list[tuple[Template, pl.DataFrame]] = []
    leftovers: list[pl.DataFrame] = []
    native = kernel.enabled()
    for (logger,), group in records.partition_by("logger", as_dict=True, maintain_order=True).items():
        templates = catalogue.for_logger(logger, logger_mode)
        if not templates:
            rest = group
        elif native:
            rest = _claim_native(templates, group, matched)
        else:
            rest = group.filter(~_claim(templates, group.with_row_index("gi"), matched))
        leftovers.append(rest.select("rid", "logger"))
    frames = [_build(t, hit, raw_of) for t, hit in matched]
    out = _conform(pl.concat(frames, how="diagonal")) if frames else _empty_events()
    unmatched = pl.concat(leftovers) if leftovers else records.select("rid", "logger").clear()
    return out.sort("rid"), unmatched


def _claim_native(
    templates: tuple[Template, ...], group: pl.DataFrame, matched: list[tuple[Template, pl.DataFrame]]
) -> pl.DataFrame:
    """``_claim`` by the recognition kernel: one compiled pass over the group finds each
    record's entry and its capture offsets; the records it defers take ``_claim``.
    Returns the rows no entry took."""
    k = kernel.for_templates(templates)
    group = group.rechunk()
    msg, cont = kernel.Views(group["msg"]), kernel.Views(group["cont"])
    entry, caps = k.run(msg, cont)
    order = np.argsort(entry, kind="stable")  # rows by entry, in row order within one
    cuts = np.flatnonzero(np.diff(entry[order])) + 1
    rest: list[pl.DataFrame] = []
    rids = group["rid"]
    for rows in np.split(order, cuts):
        if rows.size == 0:
            continue
        at = int(entry[rows[0]])
        if at == kernel.NO_MATCH:
            rest.append(group[rows])
        elif at == kernel.DEFER:
            these = group[rows]
            claimed = _claim(templates, these.with_row_index("gi"), matched)
            rest.append(these.filter(~claimed))
        else:
            t, prog = templates[at], k.programs[at]
            assert prog.msg is not None
            mine = caps[rows]
            read = _read_groups(t)
            hit = pl.DataFrame([rids.gather(rows), _captures(msg, prog.msg, rows, mine, 0, read).alias("m")])
            if prog.cont is not None:
                hit = hit.with_columns(
                    _captures(cont, prog.cont, rows, mine, prog.msg.nslots, read).alias("c"))
            matched.append((t, hit))
    # in no particular order: ``finish`` reads the unmatched rids back in record order
    return pl.concat(rest) if rest else group.clear()


def _read_groups(t: Template) -> frozenset[str]:
    """The capture groups ``_build`` reads (not the whole-body ``gm``, which only marks a
    match on the Polars path)."""
    return _cached("groups", t, None, lambda: frozenset(c.group for c in t.captures))  # type: ignore[no-any-return]


def _captures(text: kernel.Views, prog: kernel.Program, rows: np.ndarray, caps: np.ndarray,
              base: int, read: frozenset[str]) -> pl.Series:
    """The struct of a program's groups that ``_build`` reads, named as
    ``str.extract_groups`` names them, cut from ``text`` at the kernel's offsets (a group
    the match did not take is null)."""
    # a struct needs a field: the whole-body group where no other is read
    wanted = [g for g, name in enumerate(prog.groups) if name in read] or [0]
    fields = [text.cut(rows, caps, base + 2 * g).alias(prog.groups[g]) for g in wanted]
    return pl.DataFrame(fields).to_struct()  # (pl.struct(eager=True) costs several times more)


# Below this many entries for a logger, one DFA test per entry beats an Aho-Corasick pass.
_FEW_ENTRIES = 4


def _claim(
    templates: tuple[Template, ...], group: pl.DataFrame, matched: list[tuple[Template, pl.DataFrame]]
) -> pl.Series:
    """Try ``templates`` in order on ``group``; append hits; return the claimed-row mask."""
    n = group.height
    rows_with = _literal_rows(templates, group) if len(templates) > _FEW_ENTRIES else None
    claimed = pl.repeat(False, n, eager=True)  # scatter() below updates it in place
    for t in templates:
        if rows_with is not None and t.literal:
            gis = rows_with.get(t.literal)
            if gis is None:
                continue
            # the rows holding the literal, less those claimed: a gather of a few rows,
            # not a mask over the whole group
            gis = gis.filter(~claimed.gather(gis))
            if gis.len() == 0:
                continue
            cand = group[gis]
        else:
            if t.literal:  # a substring scan is far cheaper than a regex that finds nothing
                mask = group["msg"].str.contains(t.literal, literal=True).fill_null(False) & ~claimed
            else:
                mask = ~claimed
            if not mask.any():
                continue
            cand = group.filter(mask)
        if t.required:  # the entry's other literal runs: far cheaper than a regex that fails
            has = pl.all_horizontal([pl.col("msg").str.contains(r, literal=True) for r in t.required])
            cand = cand.filter(has)
            if cand.height == 0:
                continue
        hit = _extract(t, cand)
        if hit.height == 0:
            continue
        matched.append((t, hit))
        claimed = claimed.scatter(hit["gi"], True)
        if claimed.all():
            break
    return claimed


def _literal_rows(templates: tuple[Template, ...], group: pl.DataFrame) -> dict[str, pl.Series]:
    """Which rows contain each entry's literal run: one Aho-Corasick scan for all."""
    lits = _literals(templates)
    off = _NO_PREFILTER.get(lits)
    if off is None and group.height >= _TRIAL_ROWS and not set(_PREFILTER_OFF) & set(lits):
        # try both scans once (the same matches: the extra literals are ignored)
        t0 = time.perf_counter()
        with_pf = _scan(group, lits)
        t1 = time.perf_counter()
        without = _scan(group, lits + _PREFILTER_OFF)
        off = time.perf_counter() - t1 < t1 - t0
        _NO_PREFILTER[lits] = off
        found = without if off else with_pf
    else:
        found = _scan(group, lits + _PREFILTER_OFF if off else lits)
    return {lit: part["gi"] for (lit,), part in found.partition_by("lit", as_dict=True).items()}


def _scan(group: pl.DataFrame, lits: tuple[str, ...]) -> pl.DataFrame:
    """(gi, literal) for every literal a row's message holds, in row order."""
    return (
        group.select("gi", pl.col("msg").str.extract_many(list(lits), overlapping=True).alias("lit"))
        .explode("lit")
        .drop_nulls("lit")
        .unique(maintain_order=True)
    )


# The Aho-Corasick scan uses a prefilter when its literals have at most three leading (or
# rare) bytes: it skips to those bytes and runs the automaton from there.  Where the
# bytes are frequent in the messages this costs up to twice a plain scan (the `[Log
# partition=…` messages of kafka.log.Log: 0.57 -> 0.30 µs a row without it); where they
# are rare it saves.  Four more one-byte literals that no entry has (control characters,
# which a message nearly never holds; where one does, it is ignored) turn it off.  Which is
# faster is measured once per logger's literals, on its first group of _TRIAL_ROWS rows or
# more: either way the entries' literals are found in the same rows.
_PREFILTER_OFF: tuple[str, ...] = ("\x01", "\x02", "\x03", "\x04")
_TRIAL_ROWS = 2000
_NO_PREFILTER: dict[tuple[str, ...], bool] = {}


_LITERALS: dict[int, tuple[tuple[Template, ...], tuple[str, ...]]] = {}


def _literals(templates: tuple[Template, ...]) -> tuple[str, ...]:
    """The distinct literal runs of a logger's entries (memoised per catalogue tuple)."""
    hit = _LITERALS.get(id(templates))
    if hit is None or hit[0] is not templates:
        hit = (templates, tuple(dict.fromkeys(t.literal for t in templates if t.literal)))
        _LITERALS[id(templates)] = hit
    return hit[1]


def _extract(t: Template, cand: pl.DataFrame) -> pl.DataFrame:
    """The rows of ``cand`` that are this entry's, with their captures (``m``, ``c``).

    The fast patterns read a subset of the exact pattern's language, so a row they read
    is this entry's; a row they do not read is this entry's only if the exact pattern
    matches it (a DFA test, then captures with the exact pattern)."""
    # the continuation line rides along: an unread row may still need the exact test
    cont = ([pl.col("cont"), pl.col("cont").str.extract_groups(t.cont_regex).alias("c")]
            if t.cont_regex else [])
    parts = []
    rest = cand
    for lead, rx in t.fast_variants:
        starts = rest["msg"].str.starts_with(lead)
        k = starts.sum()
        if k == 0:
            continue
        these = rest if k == rest.height else rest.filter(starts)
        parts.append(these.select("rid", "gi", "msg", pl.col("msg").str.extract_groups(rx).alias("m"), *cont))
        rest = rest.clear() if k == rest.height else rest.filter(~starts)
        if rest.height == 0:
            break
    if rest.height or not parts:
        fast = pl.col("msg").str.extract_groups(t.fast_regex)
        parts.append(rest.select("rid", "gi", "msg", fast.alias("m"), *cont))
    hit = parts[0] if len(parts) == 1 else pl.concat(parts, how="diagonal_relaxed")
    fields = tuple(f.name for f in hit.schema["m"].fields)  # type: ignore[attr-defined]
    read = hit.select(_cached("read", t, fields, lambda: _read(t, fields))).to_series()
    done, unread = (hit, None) if read.all() else (hit.filter(read), hit.filter(~read))
    # A read row's tail group holds the blanks the exact pattern leaves to its `\s*$`
    # (Template.fast_rstrip), or those and the final literal (Template.fast_suffix).
    cut = _cached("cut", t, fields, lambda: _cut(t, fields))
    if cut:
        done = done.with_columns(pl.col("m").struct.with_fields(cut))
    if unread is not None and unread.height:
        is_ours = pl.col("msg").str.contains(t.regex)
        if t.cont_regex is not None:
            is_ours = is_ours & pl.col("cont").str.contains(t.cont_regex)
        ours = unread.filter(is_ours)
        if ours.height:
            exact = ours.select("rid", "gi", "msg", pl.col("msg").str.extract_groups(t.regex).alias("m"),
                                *cont)
            done = pl.concat([done, exact], how="diagonal_relaxed")
    return done.drop("msg", *(["cont"] if t.cont_regex else []))


def _cut(t: Template, names: tuple[str, ...]) -> list[pl.Expr]:
    m = pl.col("m").struct
    cut = [m.field(g).str.strip_chars_end().alias(g) for g in t.fast_rstrip if g in names]
    cut += [m.field(g).str.strip_chars_end().str.strip_suffix(t.fast_suffix[g]).alias(g)
            for g in t.fast_suffix if g in names]
    return cut


def _read(t: Template, fields: tuple[str, ...]) -> pl.Expr:
    """Rows a fast pattern read in full: it matched (and the continuation line too), and
    any whole `topic-N` token it took does end with `-N` (what the exact pattern needs)."""
    ok = pl.col("m").struct.field("gm").is_not_null()
    if t.cont_regex is not None:
        ok = ok & pl.col("c").struct.field("cm").is_not_null()
    for name in fields:
        if name in _blank_tails(t):
            # `(.+?)\s*$` takes one blank when nothing else is left; `(.+)$` less its
            # trailing blanks would be empty, so such a row takes the exact pattern
            tail = pl.col("m").struct.field(name).str.strip_chars_end()
            ok = ok & (tail.str.len_bytes() > 0).fill_null(True)
        if name in t.fast_suffix:  # see Template.fast_suffix
            tail = pl.col("m").struct.field(name).str.strip_chars_end()
            ok = ok & tail.str.ends_with(t.fast_suffix[name]).fill_null(True)
        if name.endswith(TP_TOKEN):
            ok = ok & _ends_with_partition(pl.col("m").struct.field(name)).fill_null(True)
    return ok


def _blank_tails(t: Template) -> frozenset[str]:
    """The lazy ``.+?`` groups that end the fast pattern (``Template.fast_rstrip``)."""
    return frozenset(c.group for c in t.captures if c.group in t.fast_rstrip and c.type.regex == ".+?")


def _ends_with_partition(token: pl.Expr) -> pl.Expr:
    """``token.str.contains(r"-[0-9]+$")`` without a regex: some ASCII digits end it and
    a dash comes before them."""
    topic = token.str.strip_chars_end("0123456789")
    return topic.str.ends_with("-") & (topic.str.len_bytes() < token.str.len_bytes())


def _build(t: Template, hit: pl.DataFrame, raw_of: RawLookup) -> pl.DataFrame:
    present = frozenset(f.name for f in hit.schema["m"].fields)  # type: ignore[attr-defined]
    df = hit.select(_field_exprs(t, present))
    if t.const:
        df = df.with_columns(_const_exprs(t))
    if t.derive is not None:
        df = df.with_columns(raw_of(df["rid"])["raw"])  # raw_of keeps the order of its rids
        df = t.derive(df)
    df = _pack_details(df)
    # Typed here, the entry's own columns only; the absent ones are filled once, in _conform.
    return df.select(_typed_exprs(t, tuple(df.columns)))


# An entry's expressions depend only on the entry and the columns at hand: built once
# (building them in Python cost about as much as running them on the few rows most
# entries have in a chunk).  Keyed by the entry's id(); the entry is kept in the value
# and checked, so a reused id cannot return another entry's expressions.
_EXPRS: dict[tuple[str, int, object], tuple[Template, Any]] = {}


def _cached(what: str, t: Template, key: object, build: Callable[[], Any]) -> Any:
    hit = _EXPRS.get((what, id(t), key))
    if hit is not None and hit[0] is t:
        return hit[1]
    value = build()
    _EXPRS[(what, id(t), key)] = (t, value)
    return value


def _field_exprs(t: Template, present: frozenset[str]) -> list[pl.Expr]:
    """rid and the typed fields of an entry's captures (``m``: the message's, ``c``: the
    continuation line's), given the capture groups ``present`` in ``m``."""
    return _cached("fields", t, present, lambda: _build_field_exprs(t, present))  # type: ignore[no-any-return]


def _build_field_exprs(t: Template, present: frozenset[str]) -> list[pl.Expr]:
    exprs: dict[str, list[pl.Expr]] = {}
    token: pl.Expr | None = None  # a fast pattern's whole `topic-N`: its topic and partition
    for cap in t.captures:
        src = "c" if cap.in_cont else "m"
        if src == "m" and cap.field == "topic":
            # only this topic's own token (and then its partition): a later alternative's
            # topic, absent from this variant, would only split the same token again, and
            # the field takes its first capture that is not null
            token = (pl.col("m").struct.field(cap.group + TP_TOKEN) if cap.group + TP_TOKEN in present
                     else None)
        if src == "m" and cap.group not in present:  # an alternative's groups absent from its variant
            text = pl.lit(None, pl.String)
        else:
            text = pl.col(src).struct.field(cap.group)
        if token is not None and cap.field == "topic" and src == "m":
            # every token here ends with `-N` (``_read`` sent the others to the exact
            # pattern), so `^(.*)-[0-9]+$` is the token less its digits and dash
            text = pl.coalesce(text, token.str.strip_chars_end("0123456789").str.head(-1))
        elif token is not None and cap.field == "partition" and src == "m":
            # the token's trailing digits (ASCII: the token's class is)
            digits = token.str.len_bytes() - token.str.strip_chars_end("0123456789").str.len_bytes()
            text = pl.coalesce(text, token.str.tail(digits))
        e = cap.type.convert(text)
        exprs.setdefault(cap.field, []).append(e)
    cols = [pl.col("rid")]
    for name, es in exprs.items():
        cols.append((pl.coalesce(es) if len(es) > 1 else es[0]).alias(name))
    return cols


def _const_exprs(t: Template) -> list[pl.Expr]:
    return _cached(  # type: ignore[no-any-return]
        "const", t, None, lambda: [pl.lit(value).alias(name) for name, value in t.const.items()])


def _typed_exprs(t: Template, columns: tuple[str, ...]) -> list[pl.Expr]:
    """rid, the entry's constants and its own columns typed (the others come in _conform)."""
    return _cached("typed", t, columns, lambda: [  # type: ignore[no-any-return]
        pl.col("rid"),
        pl.lit(t.kind.value).alias("kind"),
        pl.lit(t.id).alias("template"),
        pl.lit(t.versions).alias("versions"),
        *(pl.col(c).cast(POLARS_TYPES[c], strict=False) for c in columns if c in POLARS_TYPES),
    ])


def _pack_details(df: pl.DataFrame) -> pl.DataFrame:
    """``details.*`` columns -> one JSON object in ``details`` (a derive's own wins)."""
    details = [c for c in df.columns if c.startswith("details.")]
    if not details:
        return df
    packed = pl.struct([pl.col(c).alias(c.removeprefix("details.")) for c in details]).struct.json_encode()
    if "details" in df.columns:
        packed = pl.coalesce(pl.col("details"), packed)
    return df.with_columns(packed.alias("details"))


def _conform(df: pl.DataFrame) -> pl.DataFrame:
    """Every entry's frame, stacked -> the event columns, typed, nulls where absent."""
    return df.select(
        pl.col("rid"),
        *(
            (pl.col(name) if name in df.columns else pl.lit(None, POLARS_TYPES[name]))
            .cast(POLARS_TYPES[name]).alias(name)
            for name in EVENT_FIELD_COLUMNS
        ),
    )


def _empty_events() -> pl.DataFrame:
    schema = {"rid": pl.UInt32} | {n: POLARS_TYPES[n] for n in EVENT_FIELD_COLUMNS}
    return pl.DataFrame(schema=schema)
