"""JSON exports of a ZooKeeper tree, in the shapes export scripts write (zkCli has no
export; operators dump with kazoo, zk-shell, zkui, Exhibitor or a few lines of Python):

* a map of path to node: ``{"/brokers/ids/1": {"data": "...", "stat": {...}}, ...}``, or of
  path to data alone (``{"/controller_epoch": "7"}``);
* a list of nodes, or JSON lines, each ``{"path": "/x", "data": ..., "stat": {...}}``;
* a nested tree: ``{"path" | "name": ..., "data": ..., "stat": ..., "children": [...] | {...}}``
  (a child's ``name`` is relative to its parent).

A node's data is text (Kafka's JSON as ZooKeeper holds it), ``null``, base64 when the node
says so (``"encoding": "base64"`` or a ``data_base64`` / ``dataBase64`` key), or the JSON
value itself when the exporter parsed it (re-encoded compactly, said in
``details.data_reencoded``).  The stat may sit under ``stat`` or on the node itself, in
ZooKeeper's Java names (``cZxid``, ``dataVersion``, ``aclVersion`` ...), kazoo's
(``czxid``, ``version``, ``aversion`` ...) or snake case; zxids as numbers or ``0x`` hex,
times as epoch ms or ``Date.toString()``.  Each node is one row (``noderow``); ``line`` is
the physical line where its path first appears in the file.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterator
from typing import Any

from ..accounting import MAX_SAMPLES, Accounting, Malformed
from ..datadir.events import Sink
from .jute import StatPersisted
from .noderow import node_row
from .zktext import parse_java_date
from .znodes import znode_row

_STAT_NAMES = {  # normalised (lower case, no `_`) -> StatPersisted field or derived value
    "czxid": "czxid", "mzxid": "mzxid", "pzxid": "pzxid", "ctime": "ctime", "mtime": "mtime",
    "version": "version", "dataversion": "version", "cversion": "cversion", "childrenversion": "cversion",
    "aversion": "aversion", "aclversion": "aversion", "ephemeralowner": "ephemeral_owner",
    "datalength": "data_length", "numchildren": "num_children",
}
_DATA_KEYS = ("data", "value", "content")
_B64_KEYS = ("data_base64", "dataBase64", "data_b64")


class ExportError(ValueError):
    """A node of the export that is not a znode as this reader knows them."""


def ingest(name: str, data: bytes, sink: Sink, acc: Accounting) -> None:
    text = data.decode("utf-8", "replace").lstrip("\ufeff")
    acc.physical_lines += text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    try:
        docs = [json.loads(text)]
        acc.layout = "JSON export"
    except json.JSONDecodeError as whole:
        docs = _json_lines(name, text, acc)
        if docs is None:
            lines = text.splitlines()
            _bad(acc, whole.lineno, f"not valid JSON ({whole.msg} at column {whole.colno})",
                 lines[whole.lineno - 1] if whole.lineno <= len(lines) else "")
            acc.errors.append(f"{name}:{whole.lineno}: not valid JSON ({whole.msg}): nothing of it was read; "
                              "if the export was cut short, re-export it")
            return
        acc.layout = "JSON lines export"
    finder = _LineFinder(text)
    for doc in docs:
        for path, node in _nodes(doc):
            line = finder.line_of(path)
            try:
                row = _row(path, node)
            except ExportError as e:
                _bad(acc, line, f"znode {path}: {e}", json.dumps(node)[:160] if node is not None else "null")
                acc.errors.append(f"{name}:{line}: znode {path}: {e}")
                continue
            row |= {"line": line, "raw": f"{path} {json.dumps(node, separators=(',', ':'))[:2000]}"}
            acc.records += 1
            acc.recognised += 1
            sink.emit(row)


def _json_lines(name: str, text: str, acc: Accounting) -> list[Any] | None:
    """JSON lines (one node per line); None when the first line is not a JSON object."""
    out: list[Any] = []
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            if not out:
                return None
            _bad(acc, i, f"not a JSON object ({e.msg})", line)
            acc.errors.append(f"{name}:{i}: a line of the JSON lines export is not JSON ({e.msg}); the lines "
                              "before and after it are read")
    return out


def _bad(acc: Accounting, line: int, reason: str, excerpt: str) -> None:
    acc.records += 1
    acc.malformed += 1
    if len(acc.samples) < MAX_SAMPLES:
        acc.samples.append(Malformed(line, reason, excerpt[:160]))


class _LineFinder:
    """The line of each path's first appearance, searching forward (nodes come in file order)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def line_of(self, path: str) -> int:
        needles = [json.dumps(path), json.dumps(path.rsplit("/", 1)[-1] or "/")]
        for needle in needles:
            at = self.text.find(needle, self.pos)
            if at >= 0:
                self.pos = at + 1
                return self.text.count("\n", 0, at) + 1
        return self.text.count("\n", 0, self.pos) + 1


def _nodes(doc: Any, parent: str | None = None) -> Iterator[tuple[str, Any]]:
    """(path, node) for every node of a document, in document order."""
    if isinstance(doc, list):
        for item in doc:
            yield from _nodes(item, parent)
        return
    if not isinstance(doc, dict):  # a bare value at the top: not a node of any export shape
        return
    if _is_node(doc):
        path = _node_path(doc, parent)
        yield path, doc
        kids = doc.get("children")
        if isinstance(kids, list):
            for k in kids:
                if isinstance(k, dict) and _is_node(k):
                    yield from _nodes(k, path)
        elif isinstance(kids, dict):
            for k, v in kids.items():
                yield from _nodes(v if isinstance(v, dict) and _is_node(v) else {"name": k, "data": v}, path)
        return
    for key, value in doc.items():  # a map of path -> node (or data)
        if isinstance(key, str) and key.startswith("/"):
            yield key, value


def _is_node(d: dict[str, Any]) -> bool:
    return any(k in d for k in ("path", "fullPath", "name")) and (
        any(k in d for k in (*_DATA_KEYS, *_B64_KEYS, "stat", "children")) or "path" in d)


def _node_path(d: dict[str, Any], parent: str | None) -> str:
    p = d.get("path", d.get("fullPath"))
    if isinstance(p, str) and p.startswith("/"):
        return p
    name = str(d.get("name", p or ""))
    if parent is None:
        return name if name.startswith("/") else "/" + name
    return (parent.rstrip("/") + "/" + name) if name else parent


def _row(path: str, node: Any) -> dict[str, Any]:
    if not isinstance(node, dict) or not (set(node) & {*_DATA_KEYS, *_B64_KEYS, "stat", "children", "path",
                                                       "name", *_STAT_FLAT}):
        node = {"data": node}  # path -> data alone
    data, reencoded = _data(node)
    stat_src = node.get("stat") if isinstance(node.get("stat"), dict) else node
    stat = _stat(stat_src)
    if stat is None:
        row = znode_row(path, data)
        row["template"] = "zk.export.node"
    else:
        st, length, children = stat
        row = node_row(path, data, st, data_length=length if length is not None else len(data or b""),
                       num_children=children, template="zk.export.node")
    if reencoded:
        row["details"] = {**row.get("details", {}), "data_reencoded": True}
    return row


_STAT_FLAT = frozenset(("czxid", "cZxid", "mzxid", "mZxid", "dataVersion", "version"))


def _data(node: dict[str, Any]) -> tuple[bytes | None, bool]:
    for k in _B64_KEYS:
        if k in node:
            return _b64(node[k]), False
    value = next((node[k] for k in _DATA_KEYS if k in node), None)
    if node.get("encoding") in ("base64", "b64") and isinstance(value, str):
        return _b64(value), False
    if value is None:
        return None, False
    if isinstance(value, str):
        return value.encode("utf-8"), False
    # the exporter parsed Kafka's JSON: encode it back as Kafka writes it (compact)
    return json.dumps(value, separators=(",", ":")).encode("utf-8"), True


def _b64(v: Any) -> bytes | None:
    if v is None:
        return None
    try:
        return base64.b64decode(str(v), validate=True)
    except binascii.Error as e:
        raise ExportError(f"its base64 data does not decode ({e})") from None


def _stat(src: dict[str, Any]) -> tuple[StatPersisted, int | None, int | None] | None:
    vals: dict[str, Any] = {}
    for k, v in src.items():
        f = _STAT_NAMES.get(re.sub(r"_", "", str(k)).lower())
        if f is not None:
            vals[f] = v
    if not {"czxid", "mzxid"} & set(vals):
        return None
    try:
        st = StatPersisted(
            czxid=_zxid(vals.get("czxid")), mzxid=_zxid(vals.get("mzxid")), pzxid=_zxid(vals.get("pzxid")),
            ctime=_time(vals.get("ctime")), mtime=_time(vals.get("mtime")),
            version=_small(vals.get("version")),
            cversion=_small(vals.get("cversion")), aversion=_small(vals.get("aversion")),
            ephemeral_owner=_zxid(vals.get("ephemeral_owner")))
    except (TypeError, ValueError) as e:
        raise ExportError(f"a stat value is not a number ({e})") from None
    length = vals.get("data_length")
    children = vals.get("num_children")
    return st, None if length is None else int(length), None if children is None else int(children)


def _zxid(v: Any) -> int:
    if v is None:
        return 0
    if isinstance(v, str):
        n = int(v, 16) if v.lower().startswith("0x") else int(v)
    else:
        n = int(v)
    return n - (1 << 64) if n >= 1 << 63 else n


def _small(v: Any) -> int:
    return 0 if v is None else int(v)


def _time(v: Any) -> int:
    if v is None:
        return 0
    if isinstance(v, int | float):
        return int(v)
    if re.fullmatch(r"-?\d+", str(v)):
        return int(v)
    ms = parse_java_date(str(v))
    if ms is None:
        raise ValueError(f"time {v!r}")
    return ms
