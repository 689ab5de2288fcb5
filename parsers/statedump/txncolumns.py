"""The bulk of a transaction log, read into event columns at speed.

A ZooKeeper-mode Kafka cluster's log is mostly partition-state writes: ``setData`` on
``/brokers/topics/<t>/partitions/<p>/state`` by a leader (before 2.7), or a controller's
``multi(check /controller_epoch, setData ...)`` (``KafkaZkClient`` wraps its writes so).
This module frames every entry (``txnlog.iter_frames``), decodes the header and the
records of ``setData``, ``check``, ``delete`` and of multis made of them with a few
``struct`` calls each, and then finishes the rows with Polars kernels: the partition
state JSON by a strict pattern (Kafka's ``Json.encodeAsBytes`` output: no spaces, integer
values, an integer list), the path-only fields (the kind of a ``check`` or ``delete``
path) once per distinct path.  Every entry that is anything else — a create, a session,
an error, a failed multi, data that is not exactly Kafka's — takes the exact path
(``txnlog.txn_rows``), so both paths give the same rows (a property test holds them
equal).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import polars as pl

from ..datadir.events import POLARS_TYPES, STAGE_COLUMNS, frame
from . import txnlog
from .jute import JuteError
from .znodes import PARTITION_STATE, decode_znode

AddRows = Callable[[pl.DataFrame], None]

_HDR = struct.Struct(">qiqqi")
_INT = struct.Struct(">i")
_SET_DATA, _DELETE, _CHECK, _MULTI = 5, 2, 13, 14
_NAMES = {_SET_DATA: "setData", _DELETE: "delete", _CHECK: "check"}
BATCH = 100_000  # entries per frame handed on
_MIN = txnlog.HEADER_SIZE
_U64 = 0xFFFFFFFFFFFFFFFF

# Kafka's partition state exactly as TopicPartitionStateZNode.encode writes it: Json.encodeAsBytes of
# a Scala Map of five entries, whose iteration order is this one (every Kafka release, ZkData /
# ZkUtils).  Any other form (3.2+ RECOVERING, spaces, another order) takes the exact reader.
_INT_TEXT = r"-?\d{1,10}"
_CANONICAL = (rf'^\{{"controller_epoch":(?P<controller_epoch>{_INT_TEXT}),"leader":(?P<leader>{_INT_TEXT}),'
              rf'"version":(?P<version_json>{_INT_TEXT}),"leader_epoch":(?P<leader_epoch>{_INT_TEXT}),'
              rf'"isr":\[(?P<isr_text>(?:{_INT_TEXT}(?:,{_INT_TEXT})*)?)\]\}}$')
_STATE_PATH = r"^/brokers/topics/(?P<topic>[^/]+)/partitions/(?P<p>\d+)/state$"


_Row = tuple[int, int, int, int, int, int, int, str, "str | None", int, "int | None", "int | None"]
_SCHEMA = {"line": pl.Int64, "byte_offset": pl.Int64, "zk_session": pl.Int64, "cxid": pl.Int64,
           "zxid": pl.Int64, "time": pl.Int64, "op": pl.Int64, "zk_path": pl.String, "zk_data": pl.String,
           "version": pl.Int64, "index": pl.Int64, "ops": pl.Int64}
_INDEX = list(_SCHEMA).index("index")


def _record(buf: bytes, t: int, p: int, end: int) -> tuple[str, str | None, int, int] | None:
    """A setData / check / delete record in ``buf[p:end]`` -> (path, data, version, its end); None
    when it is not simply that (the exact reader then decides)."""
    unpack = _INT.unpack_from
    if p + 4 > end:
        return None
    n = unpack(buf, p)[0]
    q = p + 4 + n
    if n < 0 or q > end:
        return None
    path = buf[p + 4:q].decode()
    if t == _DELETE:
        return path, None, 0, q
    data = None
    if t == _SET_DATA:
        if q + 4 > end:
            return None
        m = unpack(buf, q)[0]
        if m < 0 or q + 4 + m > end:
            return None  # null data: rare, the exact reader takes it
        data = buf[q + 4:q + 4 + m].decode()
        q += 4 + m
    if q + 4 > end:
        return None
    return path, data, unpack(buf, q)[0], q + 4


_Change = tuple[int, str, "str | None", int, "int | None", "int | None"]


def _single(buf: bytes, t: int, rec: int, eor: int) -> list[_Change] | None:
    r = _record(buf, t, rec, eor)
    if r is None or eor - r[3] not in (0, 12):
        return None
    return [(t, *r[:3], None, None)]


def _multi(buf: bytes, rec: int, eor: int) -> list[_Change] | None:
    """A multi of checks, setData and deletes (what KafkaZkClient writes) -> its changes."""
    unpack = _INT.unpack_from
    k = unpack(buf, rec)[0]
    p = rec + 4
    out: list[_Change] = []
    for i in range(1, k + 1):
        st, blen = unpack(buf, p)[0], unpack(buf, p + 4)[0]
        p += 8
        r = _record(buf, st, p, p + blen) if st in _NAMES and blen >= 0 else None
        if r is None or r[3] != p + blen:
            return None
        out.append((st, *r[:3], i, k))
        p += blen
    return out if k >= 1 and eor - p in (0, 12) else None


def read(source: str, buf: bytes, add_rows: AddRows, on_damage: Callable[[txnlog.Damage], None],
         start: int = txnlog.FILE_HEADER_SIZE) -> tuple[int, int | None, int | None]:
    """Read a log's entries into frames of the staged columns (``add_rows``, ``source`` filled in);
    damage goes to ``on_damage``.  Returns (entries read, first zxid, last zxid).

    Entries are framed here while the log is clean; from the first damage on, by
    ``txnlog.iter_frames`` (which reports it and finds the next readable entry).  Each batch
    is finished on a thread (Polars releases the GIL) while the next one is read."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="kf-zk") as pool:
        return _read(source, buf, add_rows, on_damage, start, pool)


def _read(source: str, buf: bytes, add_rows: AddRows, on_damage: Callable[[txnlog.Damage], None],
          start: int, pool: ThreadPoolExecutor) -> tuple[int, int | None, int | None]:
    pending: Future[pl.DataFrame | None] | None = None
    rows: list[_Row] = []
    exact: list[dict[str, Any]] = []
    count = 0
    first = last = None
    unpack_hdr = _HDR.unpack_from
    unpack = _INT.unpack_from
    unpack_frame = struct.Struct(">qi").unpack_from
    adler = zlib.adler32
    mv = memoryview(buf)
    n = len(buf)
    pos, ordinal = start, 0
    last_body: int | None = None
    frames: Iterator[txnlog.Frame | txnlog.Damage] | None = None
    while True:
        if frames is None:
            if pos + 12 <= n:
                crc, length = unpack_frame(buf, pos)
                body = pos + 12
                eor = body + length
                if length >= _MIN and eor < n and buf[eor] == 0x42 and adler(mv[body:eor]) == crc:
                    ordinal += 1
                    at = pos
                    pos = eor + 1
                    last_body = body
                else:
                    frames = txnlog.iter_frames(buf, pos, ordinal, last_body)
                    continue
            else:
                frames = txnlog.iter_frames(buf, pos, ordinal, last_body)
                continue
        else:
            item = next(frames, None)
            if item is None:
                break
            if isinstance(item, txnlog.Damage):
                on_damage(item)
                continue
            ordinal, at, body, eor = item
        session, cxid, zxid, time, t = unpack_hdr(buf, body)
        rec = body + _MIN
        count += 1
        if first is None:
            first = zxid
        last = zxid
        done = False
        try:
            if t == _SET_DATA:  # inline: most of a Kafka cluster's log
                q = rec + 4 + unpack(buf, rec)[0]
                if rec + 4 <= q and q + 4 <= eor:
                    d = q + 4
                    e = d + unpack(buf, q)[0]
                    if d <= e and e + 4 <= eor and (eor - e == 4 or eor - e == 16):
                        path, text = buf[rec + 4:q].decode(), buf[d:e].decode()
                        rows.append((ordinal, at, session, cxid, zxid, time, _SET_DATA, path, text,
                                     unpack(buf, e)[0], None, None))
                        done = True
            elif t == _MULTI or t == _DELETE:
                got = _multi(buf, rec, eor) if t == _MULTI else _single(buf, t, rec, eor)
                if got is not None:
                    head = (ordinal, at, session, cxid, zxid, time)
                    for change in got:
                        rows.append((*head, *change))
                    done = True
        except (UnicodeDecodeError, struct.error):  # the exact reader reads such data as Latin-1
            done = False
        if not done:
            try:
                hdr, op, subs, digest = txnlog.decode_entry(buf, body, eor)
            except JuteError as err:
                count -= 1
                on_damage(txnlog.undecodable((ordinal, at, body, eor), buf, err))
                continue
            exact += txnlog.txn_rows(txnlog.Txn(ordinal, at, eor - body, *hdr, op, subs, digest))
        if len(rows) + len(exact) >= BATCH:
            if pending is not None:
                _hand_on(pending.result(), add_rows)
            pending = pool.submit(_batch, source, buf, rows, exact)
            rows, exact = [], []
    if pending is not None:
        _hand_on(pending.result(), add_rows)
    _hand_on(_batch(source, buf, rows, exact), add_rows)
    return count, first, last


def _hand_on(df: pl.DataFrame | None, add_rows: AddRows) -> None:
    if df is not None:
        add_rows(df)


def _batch(source: str, buf: bytes, rows: list[_Row], exact: list[dict[str, Any]]) -> pl.DataFrame | None:
    """A batch's rows as one staged frame, in entry order."""
    parts = []
    if rows:
        fast, slow = _finish(buf, rows)
        exact = exact + slow
        parts.append(fast.with_columns(pl.lit(source, dtype=pl.String).alias("source")))
    if exact:
        parts.append(frame(exact, source))
    if len(parts) == 2:
        return pl.concat(parts, how="vertical").sort("line", maintain_order=True)
    return parts[0] if parts else None


def _hex(expr: pl.Expr, digits: int) -> pl.Expr:
    """Lowercase hex of a non-negative value below 16**digits, without leading zeros
    (``Long.toHexString``), vectorised."""
    nibbles = [((expr // (1 << (4 * k))) % 16).replace_strict(_NIBBLES, return_dtype=pl.String)
               for k in range(digits - 1, -1, -1)]
    return pl.concat_str(nibbles).str.strip_chars_start("0").replace("", "0")


_NIBBLES = {i: "0123456789abcdef"[i] for i in range(16)}


def _session_hex(df: pl.DataFrame) -> pl.Expr:
    """Session ids in hex, formatted once per distinct session (a log has few)."""
    ids = df.get_column("zk_session").unique().to_list()
    return pl.col("zk_session").replace_strict({s: f"{s & _U64:x}" for s in ids}, return_dtype=pl.String)


def _finish(buf: bytes, rows: list[_Row]) -> tuple[pl.DataFrame, list[dict[str, Any]]]:
    """The gathered rows -> the staged frame of those read fast, and the exact rows of the others."""
    df = pl.DataFrame(rows, schema=_SCHEMA, orient="row").with_row_index("row")
    data = pl.col("zk_data")
    is_set = pl.col("op") == _SET_DATA
    df = df.with_columns(
        pl.col("zk_path").str.extract_groups(_STATE_PATH).alias("tp"),
        data.str.extract_groups(_CANONICAL).alias("js"),
    ).unnest("tp", "js")
    fast_state = is_set & pl.col("topic").is_not_null() & pl.col("isr_text").is_not_null()
    # a setData anywhere else, or not Kafka's JSON exactly as it writes it: the exact reader
    slow = _exact_rows(buf, rows, df.filter(is_set & ~fast_state).get_column("row").to_list())
    df = df.filter(fast_state | ~is_set)
    # path-only rows (check, delete): their znode fields once per distinct path
    paths = df.filter(~is_set).get_column("zk_path").unique().to_list()
    known = [_path_fields(p) for p in paths]
    path_df = pl.DataFrame({
        "zk_path": paths, "kind_p": [k["kind"] for k in known], "topic_p": [k.get("topic") for k in known],
        "partition_p": [k.get("partition") for k in known], "brokers_p": [k.get("brokers") for k in known],
        "group_p": [k.get("group") for k in known],
    }, schema={"zk_path": pl.String, "kind_p": pl.String, "topic_p": pl.String, "partition_p": pl.Int64,
               "brokers_p": pl.List(pl.Int64), "group_p": pl.String})
    df = df.join(path_df, on="zk_path", how="left", maintain_order="left")
    op_name = pl.col("op").replace_strict(_NAMES, return_dtype=pl.String)
    multi = pl.when(pl.col("index").is_not_null()).then(
        pl.concat_str([pl.lit(',"multi":{"index":'), pl.col("index").cast(pl.String), pl.lit(',"ops":'),
                       pl.col("ops").cast(pl.String), pl.lit("}")])).otherwise(pl.lit(""))
    tail = pl.concat_str([pl.lit('"byte_offset":'), pl.col("byte_offset").cast(pl.String), pl.lit(',"cxid":'),
                          pl.col("cxid").cast(pl.String), multi, pl.lit("}")])
    details = (
        pl.when(is_set).then(pl.concat_str([
            pl.lit('{"version":'), pl.col("version_json"), pl.lit(',"leader_recovery_state":"RECOVERED",'),
            tail]))
        .when(pl.col("op") == _CHECK).then(pl.concat_str([
            pl.lit('{"checked_version":'), pl.col("version").cast(pl.String), pl.lit(","), tail]))
        .otherwise(pl.concat_str([pl.lit("{"), tail]))
    )
    version = pl.col("version").cast(pl.String)
    text = (pl.when(is_set).then(pl.concat_str([pl.col("zk_path"), pl.lit(","), data, pl.lit(","), version]))
            .when(pl.col("op") == _CHECK).then(pl.concat_str([pl.col("zk_path"), pl.lit(","), version]))
            .otherwise(pl.col("zk_path")))
    digits = max(1, (int(df.get_column("zxid").max() or 0).bit_length() + 3) // 4)  # type: ignore[arg-type]
    raw = pl.concat_str([pl.lit("session 0x"), _session_hex(df), pl.lit(" zxid 0x"),
                         _hex(pl.col("zxid"), digits), pl.lit(" "), op_name, pl.lit(" "), text])
    out = df.select(
        pl.col("time").alias("ts"),
        pl.when(is_set).then(pl.lit(PARTITION_STATE)).otherwise(pl.col("kind_p")).alias("kind"),
        pl.col("line"),
        pl.concat_str([pl.lit("zk.txnlog."), op_name]).alias("template"),
        pl.when(is_set).then(pl.lit("0.8+")).alias("versions"),
        pl.when(is_set).then(pl.col("topic")).otherwise(pl.col("topic_p")).alias("topic"),
        pl.when(is_set).then(pl.col("p").cast(pl.Int64)).otherwise(pl.col("partition_p")).alias("partition"),
        *[pl.when(is_set).then(pl.col(k).cast(pl.Int64, strict=False)).alias(k)
          for k in ("leader", "leader_epoch", "controller_epoch")],
        pl.when(is_set).then(pl.col("isr_text").str.split(",").list.eval(
            pl.element().filter(pl.element() != "").cast(pl.Int64, strict=False))).alias("isr"),
        pl.col("brokers_p").alias("brokers"),
        pl.when(is_set).then(pl.col("version")).alias("zk_version"),
        pl.col("zk_path"), op_name.alias("zk_op"), pl.col("zxid"), pl.col("zk_session"),
        pl.when(is_set).then(data).alias("zk_data"),
        pl.when(~is_set).then(pl.col("group_p")).alias("group"),
        details.alias("details"),
        raw.alias("raw"),
    )
    return _staged(out), slow


def _path_fields(path: str) -> dict[str, Any]:
    z = decode_znode(path, None)
    return {"kind": z.kind, **{k: v for k, v in z.fields.items() if k != "details"}}


def _exact_rows(buf: bytes, rows: list[_Row], which: list[int]) -> list[dict[str, Any]]:
    """The rows ``which`` (indexes into ``rows``) by the exact reader."""
    out = []
    for i in which:
        ordinal, pos = rows[i][0], rows[i][1]
        body = pos + 12
        eor = body + _INT.unpack_from(buf, pos + 8)[0]
        hdr, op, subs, digest = txnlog.decode_entry(buf, body, eor)
        txn_rows = txnlog.txn_rows(txnlog.Txn(ordinal, pos, eor - body, *hdr, op, subs, digest))
        out.append(txn_rows[(rows[i][_INDEX] or 1) - 1])
    return out


def _staged(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with exactly the staged columns and types (nulls where it has none)."""
    return df.select([
        (pl.col(c) if c in df.columns else pl.lit(None)).cast(POLARS_TYPES.get(c, pl.String), strict=False)
        .alias(c)
        if c != "ts" else pl.col("ts").cast(pl.Int64).pipe(_ts).alias("ts")
        for c in STAGE_COLUMNS
    ])


def _ts(expr: pl.Expr) -> pl.Expr:
    # as events.frame: times outside 1970..2200 are not times
    ok = (expr >= 0) & (expr < 7_258_118_400_000)
    return pl.when(ok).then(expr).otherwise(None).cast(POLARS_TYPES["ts"])
