"""The text dumps of ZooKeeper's own tools: ``TxnLogToolkit`` (``zkTxnLogToolkit.sh``) of a
transaction log and ``SnapshotFormatter`` (``zkSnapShotToolkit.sh``) of a snapshot,
read into the same rows as the binary files (vectorised with Polars: lines -> records
-> fields).

TxnLogToolkit (``dump()`` / ``printTxn`` / ``getFormattedTxnStr``, 3.5+)::

    ZooKeeper Transactional Log File with dbid 0 txnlog format version 2
    11/22/26, 11:10:33 AM UTC session 0x1000167 cxid 0x4 zxid 0x2 create /brokers,,[31,s{'world,'anyone}
    ],false,1
    ... zxid 0xd multi check:<the sub-record's bytes as UTF-8>;setData:<...>
    ... zxid 0x13 delete '/isr_change_notification/isr_change_0000000000
    CRC ERROR - <the line of a txn whose checksum is wrong, printed again after it>
    EOF reached after 15 txns.

The time is ``DateFormat.getDateTimeInstance(SHORT, LONG)`` in the JVM's locale (US and
day-first dotted forms are read; a zone other than UTC/GMT or an offset leaves ``ts``
null); a create's ACL list prints a line break inside it (jute's ``toString`` ends every
record with one), and the sub-records of a multi print as raw bytes: both are joined
back into their txn.  A multi's sub-records are decoded from those bytes when they
survived the UTF-8 round trip (small lengths, text data), else shown by their op names.

SnapshotFormatter (``printDetails``; ``-d`` prints ``data = <base64>`` for
``dataLength``)::

    ZNode Details (count=14):
    ----
    /brokers/ids/1
      cZxid = 0x00000000000005
      ctime = Sun Nov 22 11:10:33 UTC 2026
      ... mZxid, mtime, pZxid, cversion, dataVersion, aclVersion, ephemeralOwner
      dataLength = 41
    ----
    Session Details (sid, timeout, ephemeralCount):
    0x100016708470001, 4000, 1
    ----
    Last zxid: 0xe
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import polars as pl

from ..accounting import MAX_SAMPLES, Accounting, Malformed
from ..chunks import split_lines
from ..datadir.events import Sink
from ..sources import InputDamaged
from .jute import Acl, JuteError, Reader, StatPersisted
from .noderow import node_row
from .snapshot import SERVER_SESSION
from .txnlog import ERROR_CODES, OpCode, Txn, read_record, txn_rows
from .txnlog import Op as TxnOp

AddEvents = Callable[[str, pl.DataFrame], None]

TXN_HEADER = "ZooKeeper Transactional Log File with dbid "
SNAP_HEADER = "ZNode Details (count="
FILE_KINDS = {"txnlog_text": "TxnLogToolkit dump", "snapshot_text": "SnapshotFormatter dump"}


def classify(head: bytes) -> str | None:
    text = head.lstrip(b"\xef\xbb\xbf")
    first = text.split(b"\n", 1)[0]
    if first.startswith(TXN_HEADER.encode()):
        return "txnlog_text"
    if first.startswith(SNAP_HEADER.encode()):
        return "snapshot_text"
    return None


def ingest(name: str, kind: str, blocks: Iterable[bytes], add: AddEvents, acc: Accounting) -> Accounting:
    acc.file_kind = FILE_KINDS[kind]
    data = bytearray()
    try:
        for b in blocks:
            data += b
    except InputDamaged as e:
        acc.errors.append(str(e))
    acc.bytes += len(data)
    lines = split_lines(bytes(data))
    if lines.latin1:
        acc.notes.append("bytes that are not UTF-8 were read as Latin-1")
    frame = pl.DataFrame({"text": lines.lines}).with_row_index("line", offset=1)
    acc.physical_lines += frame.height
    sink = Sink(name, add)
    try:
        if kind == "txnlog_text":
            _txnlog_text(name, frame, sink, acc)
        else:
            _snapshot_text(name, frame, sink, acc)
    finally:
        sink.flush()
    acc.kinds.update(sink.kinds)
    return acc


def _bad(acc: Accounting, name: str, line: int, reason: str, text: str) -> None:
    acc.records += 1
    acc.malformed += 1
    if len(acc.samples) < MAX_SAMPLES:
        acc.samples.append(Malformed(line, reason, text[:160]))
    acc.errors.append(f"{name}:{line}: {reason}")


# -- TxnLogToolkit -------------------------------------------------------------------------
_TXN_LINE = (r"^(?P<crc>CRC (?:ERROR|FIXED) - )?(?P<date>.*?) session 0x(?P<session>[0-9a-f]+) "
             r"cxid 0x(?P<cxid>[0-9a-f]+) zxid 0x(?P<zxid>[0-9a-f]+) (?P<op>unknown -?\d+|\S+)"
             r"(?: (?P<rest>(?s:.*)))?$")
_EOF_LINE = r"^EOF reached after (\d+) txns\.$"
_HEADER_LINE = r"^ZooKeeper Transactional Log File with dbid (-?\d+) txnlog format version (-?\d+)$"
_OPS = {v: k for k, v in {
    OpCode.CREATE: "create", OpCode.CREATE2: "create2", OpCode.DELETE: "delete", OpCode.SET_DATA: "setData",
    OpCode.SET_ACL: "setACL", OpCode.CHECK: "check", OpCode.MULTI: "multi", OpCode.RECONFIG: "reconfig",
    OpCode.CREATE_CONTAINER: "createContainer", OpCode.DELETE_CONTAINER: "deleteContainer",
    OpCode.CREATE_TTL: "createTtl", OpCode.CREATE_SESSION: "createSession",
    OpCode.CLOSE_SESSION: "closeSession", OpCode.ERROR: "error"}.items()}
_ERROR_BY_NAME = {v: k for k, v in ERROR_CODES.items()}


def _txnlog_text(name: str, frame: pl.DataFrame, sink: Sink, acc: Accounting) -> None:
    acc.layout = "TxnLogToolkit text"
    start = pl.col("text").str.contains(_TXN_LINE.split(" (?P<op>")[0])
    edge = start | pl.col("text").str.contains(_EOF_LINE) | pl.col("text").str.contains(_HEADER_LINE)
    records = (
        frame.with_columns(rec=edge.cum_sum())
        .group_by("rec", maintain_order=True)
        .agg(pl.col("line").first(), pl.col("text").str.join("\n"), pl.len().alias("n"))
    )
    parsed = records.with_columns(
        pl.col("text").str.extract_groups(_TXN_LINE).alias("m"),
        pl.col("text").str.extract(_EOF_LINE, 1).cast(pl.Int64, strict=False).alias("eof"),
        pl.col("text").str.extract(_HEADER_LINE, 2).cast(pl.Int64, strict=False).alias("version"),
    ).unnest("m")
    txns = 0
    crc_zxids: set[str] = set()
    for r in parsed.iter_rows(named=True):
        line, text = r["line"], r["text"]
        if r["version"] is not None:
            acc.records += 1
            acc.recognised += 1
            acc.layout = f"TxnLogToolkit text, txn log format v{r['version']}"
            continue
        if r["eof"] is not None:
            acc.records += 1
            acc.recognised += 1
            if r["eof"] != txns:
                acc.notes.append(f"the dump says {r['eof']} txns, {txns} were read")
            continue
        if r["zxid"] is None:  # lines before the first txn that are not the header
            _bad(acc, name, line, "not a line of a TxnLogToolkit dump", text)
            continue
        if r["crc"]:
            crc_zxids.add(r["zxid"])
            _bad(acc, name, line, f"ZooKeeper's tool found a checksum mismatch in txn zxid 0x{r['zxid']} "
                 f"({r['crc'].strip(' -')})", text)
            continue
        txns += 1
        if r["zxid"] in crc_zxids:
            _bad(acc, name, line, f"txn zxid 0x{r['zxid']} again, printed after its checksum error", text)
            continue
        try:
            t = _txn(r)
        except ValueError as e:
            _bad(acc, name, line, str(e), text)
            continue
        acc.records += 1
        acc.recognised += 1
        for row in txn_rows(t):
            d = dict(row.get("details") or {})  # type: ignore[call-overload]
            d.pop("byte_offset", None)
            if row["ts"] is None or row["ts"] == -1:
                d["time_text"] = r["date"]
            row |= {"line": line, "raw": text, "details": d, "template": str(row["template"]).replace(
                "zk.txnlog.", "zk.txnlogtoolkit.")}
            if row["ts"] == -1:
                row["ts"] = None
            sink.emit(row)


def _txn(r: dict[str, Any]) -> Txn:
    op = r["op"]
    if op not in _OPS:
        raise ValueError(f"op `{op}` is not one TxnLogToolkit prints for a logged txn")
    t = _OPS[op]
    rest = r["rest"] or ""
    record, subs = _record_text(t, rest)
    ts = parse_toolkit_time(r["date"])
    return Txn(0, 0, 0, _hex64(r["session"]), int(r["cxid"], 16), int(r["zxid"], 16),
               -1 if ts is None else ts, t, record, subs)


def _hex64(h: str) -> int:
    v = int(h, 16)
    return v - (1 << 64) if v >= 1 << 63 else v


_ACL = r"\[(?P<acl>[^\[\]]*)\]"
_REST = {
    OpCode.CREATE: rf"^(?P<path>[^,]*),(?P<data>(?s:.*)),{_ACL},(?P<eph>true|false),(?P<pcv>-?\d+)\s*$",
    OpCode.CREATE_CONTAINER: rf"^(?P<path>[^,]*),(?P<data>(?s:.*)),{_ACL},(?P<pcv>-?\d+)\s*$",
    OpCode.CREATE_TTL: rf"^(?P<path>[^,]*),(?P<data>(?s:.*)),{_ACL},(?P<pcv>-?\d+),(?P<ttl>-?\d+)\s*$",
    OpCode.SET_DATA: r"^(?P<path>[^,]*),(?P<data>(?s:.*)),(?P<version>-?\d+)\s*$",
}
_REST[OpCode.CREATE2] = _REST[OpCode.CREATE]
_REST[OpCode.RECONFIG] = _REST[OpCode.SET_DATA]
_JUTE_ACL = re.compile(r"s\{(-?\d+),s\{'([^,}]*),'([^,}]*)\}\}")
_PLAIN_ACL = re.compile(r"(-?\d+),s\{'([^,}]*),'([^,}]*)\}")


def _record_text(t: int, rest: str) -> tuple[TxnOp, tuple[TxnOp, ...]]:
    """The record part of a TxnLogToolkit line -> the txn's record (and a multi's sub-records)."""
    if t in _REST:
        m = re.match(_REST[t], rest)
        if m is None:
            raise ValueError(f"the {_name(t)} txn's text is not `path,data,...` as TxnLogToolkit prints it")
        g = m.groupdict()
        data = g["data"].encode("utf-8") if g["data"] else None
        acl = tuple(Acl(int(p), s, i) for p, s, i in _PLAIN_ACL.findall(g.get("acl") or ""))
        if t in (OpCode.SET_DATA, OpCode.RECONFIG):
            return TxnOp(t, g["path"], data, int(g["version"])), ()
        return TxnOp(t, g["path"], data, 0, acl, g.get("eph") == "true", int(g["pcv"]),
                     int(g["ttl"]) if g.get("ttl") else None), ()
    text = rest.rstrip("\n")
    if t in (OpCode.DELETE, OpCode.DELETE_CONTAINER):
        return TxnOp(t, _unescape(text)), ()
    if t == OpCode.SET_ACL:
        m = re.match(r"^'(?P<path>[^,]*),v\{(?P<acl>.*)\},(?P<version>-?\d+)$", text)
        if m is None:
            raise ValueError("the setACL txn's text is not `'path,v{acls},version`")
        acl = tuple(Acl(int(p), s, i) for p, s, i in _JUTE_ACL.findall(m["acl"]))
        return TxnOp(t, _unescape(m["path"]), acl=acl, version=int(m["version"])), ()
    if t == OpCode.CREATE_SESSION:
        if not re.fullmatch(r"-?\d+", text):
            raise ValueError("the createSession txn's text is not its timeout")
        return TxnOp(t, timeout=int(text)), ()
    if t == OpCode.CLOSE_SESSION:
        if text == "":  # before 3.6 (or with closeSessionTxn disabled) the txn has no body
            return TxnOp(t, legacy=True), ()
        m = re.fullmatch(r"v\{(.*)\}", text)
        if m is None:
            raise ValueError("the closeSession txn's text is not `v{'path,...}`")
        paths = tuple(_unescape(p) for p in m[1].split(",") if p)
        return TxnOp(t, paths=paths), ()
    if t == OpCode.ERROR:
        if not re.fullmatch(r"-?\d+", text):
            raise ValueError("the error txn's text is not its error code")
        return TxnOp(t, error=int(text)), ()
    if t == OpCode.MULTI:
        return TxnOp(t), _multi_text(text)
    raise ValueError(f"{_name(t)} txns are not read from TxnLogToolkit text")


def _name(t: int) -> str:
    return next(k for k, v in _OPS.items() if v == t)


def _unescape(s: str) -> str:
    """Jute's toString of a string: a leading quote, and %XX for `\\0 \\n \\r , } %`."""
    s = s.removeprefix("'")
    return re.sub(r"%(00|0A|0D|2C|7D|25)", lambda m: chr(int(m[1], 16)), s)


def _multi_text(text: str) -> tuple[TxnOp, ...]:
    """A multi's ``op:<bytes>;op:<bytes>`` -> its sub-records.

    The bytes were printed as UTF-8, so they come back exactly when they were valid
    UTF-8 (lengths below 128, text data); then each sub-record is read with its length
    prefixes.  Otherwise (an error code, binary data) only the ops are known."""
    raw = text.encode("utf-8")
    out: list[TxnOp] = []
    pos = 0
    while pos < len(raw):
        colon = raw.find(b":", pos)
        name = raw[pos:colon].decode("utf-8", "replace") if colon > 0 else ""
        if name not in _OPS:
            raise ValueError(f"the multi's text names no op at byte {pos} (`{name[:20]}`)")
        t = _OPS[name]
        r = Reader(raw, colon + 1)
        try:
            sub = _sub_record(r, t)
        except JuteError:
            sub = None
        if sub is None or (r.pos < len(raw) and raw[r.pos] != ord(";")):
            # the bytes did not survive: the op names (each after a `;`) are what is left
            names = re.findall(r"(?:^|;)(\w+):", raw[pos:].decode("utf-8", "replace"))
            return (*out, *(TxnOp(_OPS[n]) for n in names if n in _OPS))
        out.append(sub)
        pos = r.pos + 1
    return tuple(out)


def _sub_record(r: Reader, t: int) -> TxnOp | None:
    if t == OpCode.ERROR:
        code = r.int("err")
        return TxnOp(t, error=code) if code in ERROR_CODES else None
    return read_record(r, t)


_US = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{2,4}),?[\s\u202f]+(\d{1,2}):(\d{2}):(\d{2})[\s\u202f]*([AP]M)?"
                 r"[\s\u202f]+(\S+)$")
_DOTTED = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{2,4}),?\s+(\d{1,2}):(\d{2}):(\d{2})\s+(\S+)$")


def parse_toolkit_time(text: str) -> int | None:
    """``DateFormat.getDateTimeInstance(SHORT, LONG)`` of the US (``11/22/26, 11:10:33 AM UTC``)
    or a day-first dotted locale (``22.11.26, 11:10:33 UTC``) -> epoch ms; None otherwise."""
    if m := _US.match(text):
        month, day, year, hour, minute, sec, ampm, zone = m.groups()
        h = int(hour) % 12 + (12 if ampm == "PM" else 0) if ampm else int(hour)
    elif m := _DOTTED.match(text):
        day, month, year, hour, minute, sec, zone = m.groups()
        h = int(hour)
    else:
        return None
    tz = _zone(zone)
    if tz is None:
        return None
    y = int(year)
    y = y + 2000 if y < 100 else y  # SHORT dates have two-digit years
    try:
        dt = datetime(y, int(month), int(day), h, int(minute), int(sec), tzinfo=tz)
    except ValueError:
        return None
    return int(dt.timestamp() * 1000)


def _zone(z: str) -> timezone | None:
    if z in ("UTC", "GMT", "Z", "Coordinated Universal Time"):
        return UTC
    m = re.fullmatch(r"(?:GMT|UTC)?([+-])(\d{1,2}):?(\d{2})?", z)
    if m:
        off = timedelta(hours=int(m[2]), minutes=int(m[3] or 0))
        return timezone(off if m[1] == "+" else -off)
    return None


# -- SnapshotFormatter ---------------------------------------------------------------------
_STAT_KEYS = ("cZxid", "ctime", "mZxid", "mtime", "pZxid", "cversion", "dataVersion", "aclVersion",
              "ephemeralOwner", "dataLength", "data")
_SESSION_LINE = r"^0x([0-9a-f]+), (-?\d+), (\d+)$"
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}
_DATE = re.compile(r"^\w{3} (\w{3}) (\d{2}) (\d{2}):(\d{2}):(\d{2}) (\S+) (\d{4})$")


def parse_java_date(text: str) -> int | None:
    """``java.util.Date.toString()`` (``Thu Jan 01 00:00:00 UTC 1970``) -> epoch ms (UTC, GMT or
    an offset zone only)."""
    m = _DATE.match(text or "")
    if m is None or m[1] not in _MONTHS or (tz := _zone(m[6])) is None:
        return None
    try:
        dt = datetime(int(m[7]), _MONTHS[m[1]], int(m[2]), int(m[3]), int(m[4]), int(m[5]), tzinfo=tz)
    except ValueError:
        return None
    return int(dt.timestamp() * 1000)


def _snapshot_text(name: str, frame: pl.DataFrame, sink: Sink, acc: Accounting) -> None:
    """Records are the blocks between ``----`` lines: the header, each znode, the sessions,
    the last zxid."""
    acc.layout = "SnapshotFormatter text"
    text = pl.col("text")
    lines = frame.with_columns(
        block=(text == "----").cum_sum(),
        key=text.str.extract(r"^  (\w+) = ", 1),
        value=text.str.extract(r"^  \w+ = (.*)$", 1),
    )
    titles = (lines.filter(text != "----").group_by("block", maintain_order=True)
              .agg(pl.col("line").first(), pl.col("text").first().alias("title"), pl.len().alias("n")))
    stats = (lines.filter(pl.col("key").is_in(_STAT_KEYS))
             .pivot(on="key", index="block", values="value", aggregate_function="first"))
    table = titles.join(stats, on="block", how="left")
    for k in _STAT_KEYS:
        if k not in table.columns:
            table = table.with_columns(pl.lit(None, dtype=pl.String).alias(k))
    blocks_with_lines = set(titles.get_column("block").to_list())
    for b in lines.filter(text == "----").get_column("block").unique().to_list():
        if b not in blocks_with_lines:  # a separator with nothing after it: the end of the dump
            acc.records += 1
            acc.recognised += 1
    node_paths = [t for t in table.get_column("title").to_list() if t.startswith("/")]
    children: dict[str, int] = {}
    for p in node_paths:
        if p != "/":
            parent = p[:p.rfind("/")] or "/"
            children[parent] = children.get(parent, 0) + 1
    for r in table.iter_rows(named=True):
        title = r["title"]
        if r["block"] == 0:
            ok = title.startswith(SNAP_HEADER) and r["n"] == 1
            _account(acc, name, r["line"], ok, "not the header of a SnapshotFormatter dump", title)
        elif title.startswith("/"):
            try:
                row = _node_row(r, children)
            except ValueError as e:
                _bad(acc, name, r["line"], f"znode {title}: {e}", title)
                continue
            acc.records += 1
            acc.recognised += 1
            sink.emit(row)
        elif title.startswith("Session Details"):
            _sessions(name, lines.filter(pl.col("block") == r["block"]), sink, acc)
        elif (m := re.fullmatch(r"Last zxid: 0x([0-9a-f]+)", title)) is not None and r["n"] == 1:
            acc.records += 1
            acc.recognised += 1
            acc.notes.append(f"last zxid 0x{m[1]}")
        else:
            _bad(acc, name, r["line"], "not a block of a SnapshotFormatter dump", title)


def _account(acc: Accounting, name: str, line: int, ok: bool, reason: str, text: str) -> None:
    if ok:
        acc.records += 1
        acc.recognised += 1
    else:
        _bad(acc, name, line, reason, text)


def _sessions(name: str, block: pl.DataFrame, sink: Sink, acc: Accounting) -> None:
    """The session block: its title, one line per session, the digest line (3.6+, when known)."""
    acc.records += 1
    parsed = block.filter(pl.col("text") != "----").with_columns(
        pl.col("text").str.extract_groups(_SESSION_LINE).alias("s"))
    bad = []
    for line, t, s in parsed.select("line", "text", "s").iter_rows():
        if t.startswith("Session Details") or t.startswith("Target zxid digest is: "):
            continue
        if s["1"] is None:
            bad.append((line, t))
            continue
        sink.emit({
            "kind": SERVER_SESSION, "state": "live", "zk_session": _hex64(s["1"]), "line": line,
            "count": int(s["3"]), "template": "zk.snapshotformatter.session", "raw": t,
            "details": {"timeout_ms": int(s["2"]), "ephemerals": int(s["3"])},
        })
    if bad:
        acc.malformed += 1
        if len(acc.samples) < MAX_SAMPLES:
            acc.samples.append(Malformed(bad[0][0], "not a session line (`0x<sid>, <timeout>, <count>`)",
                                         bad[0][1][:160]))
        acc.errors.append(f"{name}:{bad[0][0]}: {len(bad)} lines of the session block are not session lines")
    else:
        acc.recognised += 1


def _node_row(r: dict[str, Any], children: dict[str, int]) -> dict[str, Any]:
    missing = [k for k in _STAT_KEYS[:9] if r[k] is None]
    if missing or (r["dataLength"] is None and r["data"] is None):
        raise ValueError(f"its stat lines lack {', '.join(missing) or 'dataLength / data'}")
    data: bytes | None = None
    if r["data"] is not None:  # -d: the data in Base64
        try:
            data = base64.b64decode(r["data"], validate=True)
        except binascii.Error as e:
            raise ValueError(f"data is not Base64 ({e})") from None
    st = stat_from_text(r)
    length = len(data) if data is not None else int(r["dataLength"])
    row = node_row(r["title"], data, st, data_length=length, num_children=children.get(r["title"], 0),
                   template="zk.snapshotformatter.node")
    if st.mtime == 0 and r["mtime"] != _EPOCH_TEXT:
        row["details"]["mtime_text"] = r["mtime"]
    row |= {"line": r["line"], "raw": r["title"]}
    return row


_EPOCH_TEXT = "Thu Jan 01 00:00:00 UTC 1970"


def stat_from_text(r: dict[str, Any]) -> StatPersisted:
    """The stat lines ZooKeeper's tools print (``cZxid = 0x...``: SnapshotFormatter pads the
    hex, zkCli's StatPrinter does not; times as ``Date.toString()``, 0 when unreadable)."""
    try:
        return StatPersisted(
            czxid=_hex64(r["cZxid"].removeprefix("0x")), mzxid=_hex64(r["mZxid"].removeprefix("0x")),
            ctime=parse_java_date(r["ctime"]) or 0, mtime=parse_java_date(r["mtime"]) or 0,
            version=int(r["dataVersion"]), cversion=int(r["cversion"]), aversion=int(r["aclVersion"]),
            ephemeral_owner=_hex64(r["ephemeralOwner"].removeprefix("0x")),
            pzxid=_hex64(r["pZxid"].removeprefix("0x")))
    except ValueError as e:
        raise ValueError(f"a stat value is not a number ({e})") from None
