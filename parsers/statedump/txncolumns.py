"""The bulk of a transaction log, read into event columns at speed.

A ZooKeeper-mode Kafka cluster's log is mostly partition-state writes: ``setData`` on
``/brokers/topics/<t>/partitions/<p>/state`` by a leader (before 2.7), or a controller's
``multi(check /controller_epoch, setData ...)`` (``KafkaZkClient`` wraps its writes so).
This module frames every entry (the loop below while the log is clean, ``txnlog.iter_frames``
from the first damage on), and decodes a batch of entries at a time with Polars kernels
over whole columns: the entries are one binary column (a zero-copy view of the file), the
header, the records of ``setData``, ``check``, ``delete`` and of multis made of them are
sliced out of it column-wise (a multi's sub-records one position at a time), the
partition state JSON is matched by a strict pattern (Kafka's ``Json.encodeAsBytes``
output: no spaces, integer values, an integer list) once per distinct text, the path-only
fields (the kind of a ``check`` or ``delete`` path) once per distinct path.  Every entry
that is anything else — a create, a session, an error, a failed multi, data that is not
exactly Kafka's — takes the exact path (``txnlog.txn_rows``), so both paths give the same
rows (a property test holds them equal).
"""

from __future__ import annotations

import struct
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from ..datadir.events import POLARS_TYPES, STAGE_COLUMNS, frame
from . import txnlog
from .jute import JuteError
from .znodes import PARTITION_STATE, decode_znode

AddRows = Callable[[pl.DataFrame], None]
OnDamage = Callable[[txnlog.Damage], None]

_SET_DATA, _DELETE, _CHECK, _MULTI = 5, 2, 13, 14
_NAMES = {_SET_DATA: "setData", _DELETE: "delete", _CHECK: "check"}
BATCH_BYTES = 20_000_000  # of the log per batch decoded (and frame handed on)
_MIN = txnlog.HEADER_SIZE
_MAX_SUBS = 32  # a multi of more sub-records takes the exact reader (Kafka's have 2)
_DIGEST = 12  # the TxnDigest a 3.6+ entry ends with
_U64 = 0xFFFFFFFFFFFFFFFF

# Kafka's partition state exactly as TopicPartitionStateZNode.encode writes it: Json.encodeAsBytes of
# a Scala Map of five entries, whose iteration order is this one (every Kafka release, ZkData /
# ZkUtils).  Any other form (3.2+ RECOVERING, spaces, another order) takes the exact reader.
_INT_TEXT = r"-?\d{1,10}"
_CANONICAL = (rf'^\{{"controller_epoch":(?P<controller_epoch>{_INT_TEXT}),"leader":(?P<leader>{_INT_TEXT}),'
              rf'"version":(?P<version_json>{_INT_TEXT}),"leader_epoch":(?P<leader_epoch>{_INT_TEXT}),'
              rf'"isr":\[(?P<isr_text>(?:{_INT_TEXT}(?:,{_INT_TEXT})*)?)\]\}}$')
_STATE_PATH = r"^/brokers/topics/(?P<topic>[^/]+)/partitions/(?P<p>\d+)/state$"


def read(source: str, buf: bytes, add_rows: AddRows, on_damage: OnDamage,
         start: int = txnlog.FILE_HEADER_SIZE) -> tuple[int, int | None, int | None]:
    """Read a log's entries into frames of the staged columns (``add_rows``, ``source`` filled in);
    damage goes to ``on_damage``, in file order.  Returns (entries read, first zxid, last zxid).

    Batches are decoded as they are framed, on this thread: Polars spreads a batch over the
    cores itself, and decoding on a second thread while framing costs more CPU time (the
    GIL) than it saves in wall time."""
    count = 0
    first = last = None
    for batch in _batches(buf, start):
        if batch.bodies:
            first = _zxid(buf, batch.bodies[0]) if first is None else first
            last = _zxid(buf, batch.bodies[-1])
        df, damage, undecodable = _decode(source, buf, batch)
        for d in damage:
            on_damage(d)
        if df is not None:
            add_rows(df)
        count += len(batch.bodies) - undecodable
    return count, first, last


class _Batch:
    """Framed entries: where each starts (``bodies``), its ordinal, and its end where that is not
    where the next one's frame starts (the entries of a clean run follow one another)."""

    def __init__(self) -> None:
        self.bodies = array("q")
        self.ords = array("q")
        self.ends: dict[int, int] = {}  # index in the batch -> end of the entry
        self.damage: list[txnlog.Damage] = []


def _batches(buf: bytes, start: int) -> Iterator[_Batch]:
    """The log's entries from ``start``, framed, in batches of about ``BATCH_BYTES``."""
    unpack_frame = struct.Struct(">qi").unpack_from
    adler = zlib.adler32
    mv = memoryview(buf)
    n = len(buf)
    pos, ordinal = start, 0
    last_body: int | None = None
    frames: Iterator[txnlog.Frame | txnlog.Damage] | None = None
    batch, began = _Batch(), pos
    done = False
    while not done:
        bodies = batch.bodies
        if frames is None:  # framed inline while the log is clean: most of the reading time
            add = bodies.append
            had = len(bodies)
            stop = min(n - 12, began + BATCH_BYTES)
            while pos <= stop:
                crc, length = unpack_frame(buf, pos)
                body = pos + 12
                eor = body + length
                if length < _MIN or eor >= n or buf[eor] != 0x42 or adler(mv[body:eor]) != crc:
                    break
                add(body)
                pos = eor + 1
            if len(bodies) > had:  # a run of entries, one after the other
                batch.ords.extend(range(ordinal + 1, ordinal + 1 + len(bodies) - had))
                ordinal += len(bodies) - had
                batch.ends[len(bodies) - 1] = pos - 1
                last_body = bodies[-1]
            if pos <= n - 12 and pos > stop:
                full = True
            else:  # damage or the end: iter_frames says which
                frames = txnlog.iter_frames(buf, pos, ordinal, last_body)
                continue
        else:
            full = False
            for item in frames:
                if isinstance(item, txnlog.Damage):
                    batch.damage.append(item)
                    continue
                batch.ends[len(bodies)] = item[3]
                bodies.append(item[2])
                batch.ords.append(item[0])
                if item[3] - began >= BATCH_BYTES:
                    full = True
                    break
            else:
                done = True
        if full or done:
            yield batch
            batch, began = _Batch(), pos


def _zxid(buf: bytes, body: int) -> int:
    return int.from_bytes(buf[body + 12:body + 20], "big", signed=True)


# -- a batch, column-wise ------------------------------------------------------------------
# The byte-level work is numpy's (already the exact reader's, for resynchronising): gathering a
# field of every entry at once is a few times cheaper than Polars slicing a binary column.
_SPAN = {4: np.arange(4), 8: np.arange(8)}
_BE = {4: np.dtype(">i4"), 8: np.dtype(">i8")}


def _be(a: np.ndarray, pos: np.ndarray, size: int = 4) -> np.ndarray:
    """The big-endian int (``size`` 4) or long (8) at each of ``pos`` in ``a``, as int64; past
    the end of ``a`` the bytes read are clamped to it (every caller bounds what it keeps)."""
    return a.take(pos[:, None] + _SPAN[size], mode="clip").view(_BE[size]).ravel().astype(np.int64)


def _spans(buf: bytes, starts: np.ndarray, ends: np.ndarray) -> pl.Series:
    """``buf[starts[i]:ends[i]]`` for each i as a binary series, without copying ``buf``
    (the spans must follow one another: as offsets, every other value is a span)."""
    if not len(starts):
        return pl.Series(values=[], dtype=pl.Binary)
    offsets = np.empty(2 * len(starts), dtype=np.int64)
    offsets[0::2] = starts
    offsets[1::2] = ends
    arr = pa.Array.from_buffers(pa.large_binary(), len(offsets) - 1, [None, pa.py_buffer(offsets),
                                                                       pa.py_buffer(buf)])
    return pl.Series(arr).gather_every(2)


def _hex(buf: bytes, at: np.ndarray) -> pl.Series:
    """The long at each of ``at`` in lowercase hex without leading zeros, as unsigned (``%x`` of
    ``value & 0xFFFFFFFFFFFFFFFF``)."""
    return _spans(buf, at, at + 8).bin.encode("hex").str.strip_chars_start("0").replace("", "0")


class _Changes:
    """The changes of a batch's entries that are setData, delete, or a multi of setData, check
    and delete, one per row in entry order (``j`` the index in a multi of ``k``, 0 for none):
    the rest of the entries are for the exact reader."""

    def __init__(self, buf: bytes, body: np.ndarray, eor: np.ndarray) -> None:
        a = np.frombuffer(buf, dtype=np.uint8)
        self.buf = buf
        zxid = _be(a, body + 12, 8)
        t = _be(a, body + 28)
        cand = zxid >= 0  # the raw line of a negative zxid is in signed hex
        parts: list[tuple[np.ndarray, ...]] = []
        good = np.zeros(len(body), dtype=bool)
        one = np.flatnonzero(cand & ((t == _SET_DATA) | (t == _DELETE)))
        rec = _record(a, t[one], body[one] + _MIN, eor[one])
        ok = rec[0] & _digest_or_not(eor[one] - rec[-1])
        good[one[ok]] = True
        zeros = np.zeros(len(one), dtype=np.int64)
        parts.append((one, zeros, zeros, t[one], *rec[1:-1]))
        multi = np.flatnonzero(cand & (t == _MULTI) & (eor - body >= _MIN + 4))
        k = _be(a, body[multi] + _MIN)
        keep = (k >= 1) & (k <= _MAX_SUBS)
        multi, k = multi[keep], k[keep]
        p, end_of = body[multi] + _MIN + 4, eor[multi]
        j = 1
        while len(multi):
            st, blen = _be(a, p), _be(a, p + 4)
            rend = p + 8 + blen
            rec = _record(a, st, p + 8, rend)
            ok = (rec[0] & (blen >= 0) & ((st == _SET_DATA) | (st == _DELETE) | (st == _CHECK))
                  & (rec[-1] == rend) & (rend <= end_of))
            parts.append((multi[ok], np.full(ok.sum(), j), k[ok], st[ok], *(r[ok] for r in rec[1:-1])))
            last = ok & (k == j)
            good[multi[last & _digest_or_not(end_of - rend)]] = True
            more = ok & (k > j)
            multi, k, p, end_of = multi[more], k[more], rend[more], end_of[more]
            j += 1
        cols = [np.concatenate(c) for c in zip(*parts, strict=True)]
        order = np.argsort(cols[0], kind="stable")  # by entry; a multi's changes are in j order
        self.entry, self.j, self.k, self.st, self.ps, self.pe, self.ds, self.de, self.version = (
            c[order] for c in cols)
        self.good = good
        self._keep(good[self.entry])

    def _keep(self, rows: np.ndarray) -> None:
        for name in ("entry", "j", "k", "st", "ps", "pe", "ds", "de", "version"):
            setattr(self, name, getattr(self, name)[rows])

    def text(self) -> tuple[pl.Series, pl.Series]:
        """The paths and the data as text; an entry where either is not UTF-8 is dropped (to the
        exact reader, which reads such data as Latin-1 and refuses such paths)."""
        while True:
            paths, data = _spans(self.buf, self.ps, self.pe), _spans(self.buf, self.ds, self.de)
            bad = _not_utf8(paths) + _not_utf8(data)
            if not bad:
                return paths.cast(pl.String), data.cast(pl.String)
            self.good[self.entry[bad]] = False
            self._keep(self.good[self.entry])


def _digest_or_not(left: np.ndarray) -> np.ndarray:
    """What follows a record: nothing, or a 12-byte TxnDigest (3.6+)."""
    return (left == 0) | (left == _DIGEST)


def _record(a: np.ndarray, st: np.ndarray, rs: np.ndarray, rend: np.ndarray) -> tuple[np.ndarray, ...]:
    """The setData / check / delete records of types ``st`` at ``rs``, within ``rend`` ->
    (ok: simply that, path start, path end, data start, data end, version, record end).  Null
    data and a null path are not ok: the exact reader reads those."""
    plen = _be(a, rs)
    ps = rs + 4
    pe = ps + plen
    is_set = st == _SET_DATA
    dlen = np.where(is_set, _be(a, pe), 0)
    ds = pe + 4
    de = np.where(is_set, ds + dlen, pe)
    ds = np.where(is_set, ds, pe)
    vpos = np.where(is_set, de, pe)
    end = np.where(st == _DELETE, pe, vpos + 4)
    ok = (plen >= 0) & (dlen >= 0) & (end <= rend)
    return ok, ps, pe, ds, de, _be(a, vpos), end


def _not_utf8(col: pl.Series) -> list[int]:
    """The positions of the values of a binary column that are not UTF-8 (halving the column
    until the cast says which: such values are rare)."""
    try:
        col.cast(pl.String)
        return []
    except pl.exceptions.ComputeError:
        if len(col) == 1:
            return [0]
    half = len(col) // 2
    return _not_utf8(col[:half]) + [half + i for i in _not_utf8(col[half:])]


def _decode(source: str, buf: bytes, batch: _Batch) -> tuple[pl.DataFrame | None, list[txnlog.Damage], int]:
    """A batch of framed entries -> its staged frame, its damage in file order, and how many
    entries did not decode."""
    damage = batch.damage
    if not batch.bodies:
        return None, damage, 0
    a = np.frombuffer(buf, dtype=np.uint8)
    body = np.frombuffer(batch.bodies, dtype=np.int64)
    eor = np.empty_like(body)
    eor[:-1] = body[1:] - 13  # the end byte, then the next entry's crc and length
    for i, end in batch.ends.items():
        eor[i] = end
    line = np.frombuffer(batch.ords, dtype=np.int64)
    ch = _Changes(buf, body, eor)
    paths, data = ch.text()
    # the entries' own columns, once per entry (of those with changes), then one row per change
    first = np.ones(len(ch.entry), dtype=bool)
    first[1:] = ch.entry[1:] != ch.entry[:-1]
    ub = body[ch.entry[first]]
    which = pl.Series(np.cumsum(first) - 1)
    sessions = pl.Series(_be(a, ub, 8))
    heads = {s: f"session 0x{s & _U64:x} zxid 0x" for s in sessions.unique().to_list()}  # a log has few
    ent = pl.DataFrame({"session": sessions, "zhex": _hex(buf, ub + 12), "at": ub - 12,
                        "cxid": _be(a, ub + 8)}).select(
        pl.concat_str([pl.col("session").replace_strict(heads, return_dtype=pl.String), pl.col("zhex"),
                       pl.lit(" ")]).alias("raw_head"),
        pl.concat_str([pl.lit('"byte_offset":'), pl.col("at").cast(pl.String), pl.lit(',"cxid":'),
                       pl.col("cxid").cast(pl.String)]).alias("tail"))
    rb = body[ch.entry]
    is_set, has_version = ch.st == _SET_DATA, ch.st != _DELETE
    rows = pl.DataFrame({
        "line": line[ch.entry], "byte_offset": rb - 12, "zk_session": _be(a, rb, 8),
        "zxid": _be(a, rb + 12, 8), "time": _be(a, rb + 20, 8), "op": ch.st, "zk_path": paths,
        "zk_data": data, "version": ch.version, "index": ch.j, "ops": ch.k,
        "set": is_set, "has_version": has_version,
    }).with_columns(
        pl.when("has_version").then(pl.col("version")).alias("version"),
        pl.when("set").then(pl.col("zk_data")).alias("zk_data"),
        pl.when(pl.col("index") > 0).then(pl.col("index")).alias("index"),
        pl.when(pl.col("index") > 0).then(pl.col("ops")).alias("ops"),
        ent.get_column("raw_head").gather(which), ent.get_column("tail").gather(which),
    )
    exact: list[dict[str, Any]] = []
    undecodable = 0
    for i in np.flatnonzero(~ch.good).tolist():
        f = (int(line[i]), int(body[i]) - 12, int(body[i]), int(eor[i]))
        try:
            exact += _exact(buf, f)
        except JuteError as err:
            undecodable += 1
            damage.append(txnlog.undecodable(f, buf, err))
    damage.sort(key=lambda d: d.ordinal)
    return _batch(source, buf, rows, exact), damage, undecodable


def _exact(buf: bytes, f: txnlog.Frame) -> list[dict[str, Any]]:
    ordinal, at, body, eor = f
    hdr, op, subs, digest = txnlog.decode_entry(buf, body, eor)
    return txnlog.txn_rows(txnlog.Txn(ordinal, at, eor - body, *hdr, op, subs, digest))


def _batch(source: str, buf: bytes, rows: pl.DataFrame, exact: list[dict[str, Any]]) -> pl.DataFrame | None:
    """A batch's rows as one staged frame, in entry order."""
    parts = []
    if rows.height:
        fast, slow = _finish(buf, rows)
        exact = exact + slow
        parts.append(fast.with_columns(pl.lit(source, dtype=pl.String).alias("source")))
    if exact:
        parts.append(frame(exact, source))
    if len(parts) == 2:
        return pl.concat(parts, how="vertical").sort("line", maintain_order=True)
    return parts[0] if parts else None


def _finish(buf: bytes, rows: pl.DataFrame) -> tuple[pl.DataFrame, list[dict[str, Any]]]:
    """The changes read fast -> the staged frame of those that are Kafka's exactly, and the
    exact rows of the others."""
    op, is_set = pl.col("op"), pl.col("set")
    df = (rows.join(_paths(rows), on="zk_path", how="left", maintain_order="left")
          .join(_texts(rows), on="zk_data", how="left", maintain_order="left"))
    fast = ~is_set | (pl.col("topic").is_not_null() & pl.col("isr_text").is_not_null())
    # a setData anywhere else, or not Kafka's JSON exactly as it writes it: the exact reader
    slow = _exact_rows(buf, df.filter(~fast))
    if slow:
        df = df.filter(fast)
    # the small strings once per distinct value: a check's lead, a multi's end
    checked = df.select(pl.col("version").filter(op == _CHECK).unique()).to_series().to_list()
    leads = {v: f'{{"checked_version":{v},' for v in checked}
    keys = df.get_column("index").drop_nulls().unique().to_list(), df.get_column("ops").drop_nulls().unique()
    ends = {i * 1024 + k: f',"multi":{{"index":{i},"ops":{k}}}}}' for i in keys[0] for k in keys[1].to_list()}
    lead = pl.coalesce(pl.col("head"), pl.when(op == _CHECK).then(pl.col("version")).replace_strict(
        leads, default=None, return_dtype=pl.String), pl.lit("{"))
    multi = (pl.col("index") * 1024 + pl.col("ops")).fill_null(0)
    details = pl.concat_str([lead, pl.col("tail"),
                             multi.replace_strict(ends, default="}", return_dtype=pl.String)])
    # concat_str leaves out the null parts: the data of a setData only, the version of all but a delete
    raw = pl.concat_str([
        pl.col("raw_head"), op.replace_strict(_SPACED, return_dtype=pl.String), pl.col("zk_path"),
        pl.coalesce(pl.col("mid"), pl.when(op == _CHECK).then(pl.lit(","))),
        pl.col("version").cast(pl.String),
    ], ignore_nulls=True)
    return df.select(_staged({
        "ts": pl.col("time"),
        "kind": pl.when(is_set).then(pl.lit(PARTITION_STATE)).otherwise(pl.col("kind_p")),
        "line": pl.col("line"),
        "template": op.replace_strict(_TEMPLATES, return_dtype=pl.String),
        "versions": pl.when(is_set).then(pl.lit("0.8+")),
        "topic": pl.when(is_set).then(pl.col("topic")).otherwise(pl.col("topic_p")),
        "partition": pl.when(is_set).then(pl.col("p").cast(pl.Int64)).otherwise(pl.col("partition_p")),
        **{k: pl.when(is_set).then(pl.col(k)) for k in ("leader", "leader_epoch", "controller_epoch", "isr")},
        "brokers": pl.col("brokers_p"),
        "zk_version": pl.when(is_set).then(pl.col("version")),
        "zk_path": pl.col("zk_path"), "zk_op": op.replace_strict(_NAMES, return_dtype=pl.String),
        "zxid": pl.col("zxid"), "zk_session": pl.col("zk_session"), "zk_data": pl.col("zk_data"),
        "group": pl.when(~is_set).then(pl.col("group_p")),
        "details": details, "raw": raw,
    })), slow


_SPACED = {k: f"{v} " for k, v in _NAMES.items()}
_TEMPLATES = {k: f"zk.txnlog.{v}" for k, v in _NAMES.items()}


def _texts(rows: pl.DataFrame) -> pl.DataFrame:
    """Each distinct data of ``rows``: when it is Kafka's partition state exactly, its fields,
    the lead of its details and its part of the raw line."""
    texts = rows.select(pl.col("zk_data").drop_nulls().unique())
    texts = texts.with_columns(pl.col("zk_data").str.extract_groups(_CANONICAL).alias("js")).unnest("js")
    return texts.select(
        "zk_data", "isr_text",
        *[pl.col(k).cast(pl.Int64, strict=False) for k in ("leader", "leader_epoch", "controller_epoch")],
        pl.col("isr_text").str.split(",").list.eval(
            pl.element().filter(pl.element() != "").cast(pl.Int64, strict=False)).alias("isr"),
        pl.concat_str([pl.lit('{"version":'), pl.col("version_json"),
                       pl.lit(',"leader_recovery_state":"RECOVERED",')]).alias("head"),
        pl.concat_str([pl.lit(","), pl.col("zk_data"), pl.lit(",")]).alias("mid"),
    )


def _paths(rows: pl.DataFrame) -> pl.DataFrame:
    """Each distinct path of ``rows``: the topic and partition of a partition state path, and
    the znode fields of the paths of a check or delete."""
    paths = rows.select(pl.col("zk_path").unique())
    paths = paths.with_columns(pl.col("zk_path").str.extract_groups(_STATE_PATH).alias("tp")).unnest("tp")
    bare = rows.select(pl.col("zk_path").filter(~pl.col("set")).unique()).get_column("zk_path").to_list()
    known = [_path_fields(p) for p in bare]
    return paths.join(pl.DataFrame({
        "zk_path": bare, "kind_p": [k["kind"] for k in known], "topic_p": [k.get("topic") for k in known],
        "partition_p": [k.get("partition") for k in known], "brokers_p": [k.get("brokers") for k in known],
        "group_p": [k.get("group") for k in known],
    }, schema={"zk_path": pl.String, "kind_p": pl.String, "topic_p": pl.String, "partition_p": pl.Int64,
               "brokers_p": pl.List(pl.Int64), "group_p": pl.String}), on="zk_path", how="left")


def _path_fields(path: str) -> dict[str, Any]:
    z = decode_znode(path, None)
    return {"kind": z.kind, **{k: v for k, v in z.fields.items() if k != "details"}}


def _exact_rows(buf: bytes, rows: pl.DataFrame) -> list[dict[str, Any]]:
    """The exact reader's rows for these changes (each its entry's row ``index``)."""
    out = []
    for ordinal, pos, index in rows.select("line", "byte_offset", "index").iter_rows():
        body = pos + 12
        eor = body + struct.unpack_from(">i", buf, pos + 8)[0]
        out.append(_exact(buf, (ordinal, pos, body, eor))[(index or 1) - 1])
    return out


def _staged(columns: dict[str, pl.Expr]) -> list[pl.Expr]:
    """``columns`` as exactly the staged columns and types (nulls where it has none)."""
    return [
        (columns.get(c, pl.lit(None))).cast(POLARS_TYPES.get(c, pl.String), strict=False).alias(c)
        if c != "ts" else columns["ts"].cast(pl.Int64).pipe(_ts).alias("ts")
        for c in STAGE_COLUMNS
    ]


def _ts(expr: pl.Expr) -> pl.Expr:
    # as events.frame: times outside 1970..2200 are not times
    ok = (expr >= 0) & (expr < 7_258_118_400_000)
    return pl.when(ok).then(expr).otherwise(None).cast(POLARS_TYPES["ts"])
