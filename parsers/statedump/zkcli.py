"""zkCli / zookeeper-shell transcripts: each command with its output, read as ZooKeeper
3.4-3.9 prints it (``ZooKeeperMain`` and ``cli/*Command``, ``StatPrinter``).

* ``get [-s] [-w] path`` (3.5+; 3.4's ``get path [watch]`` always printed the stat): the
  data as one UTF-8 text (``null`` for no data), then the stat lines
  ``cZxid = 0x..`` .. ``numChildren = n`` (hex not padded).  -> the znode's row (its
  ``zk_*`` kind by path), ``zk_op`` getData; ``ts`` = mtime, ``zk_version`` = dataVersion.
* ``stat path``: the stat only -> the znode's row without data, ``zk_op`` exists.
* ``ls [-s] [-w] path`` / ``ls2 path`` (3.4): ``[a, b]`` (sorted from 3.5), then the stat
  with -s / ls2 -> ``zk_children``; ``ls -R path``: one path per line -> ``zk_children``
  with ``details.paths``.
* ``create`` / ``set`` / ``delete`` / ``deleteall`` / ``rmr``: a write made during the capture
  (``Created /x``; 3.4's ``set`` and 3.5's ``set -s`` print the new stat) -> the znode's row
  with ``zk_op`` create / setData / delete and the data from the command line.
* Errors (``CliWrapperException`` / 3.4's ``printMessage``): ``Node does not exist: /x`` and
  the others -> the command's row with ``error`` (NONODE, NODEEXISTS, NOTEMPTY, BADVERSION,
  NOAUTH ...).
* Watch notifications, printed whenever they arrive: ``WATCHER::`` then ``WatchedEvent
  state:SyncConnected type:NodeDataChanged path:/x`` (3.9 appends `` zxid: N``) ->
  ``zk_watched_event``.
* Banners (``Connecting to``, ``Welcome to ZooKeeper!``, ``JLine support is ...``) are
  recognised; the client's own logging (SLF4J, log4j lines) is unrecognised.
"""

from __future__ import annotations

import re
from typing import Any

from .noderow import node_row
from .text import Capture, Segment, command_words
from .zktext import stat_from_text
from .znodes import BROKER_REGISTRATION, decode_znode, znode_row

CHILDREN = "zk_children"
WATCHED_EVENT = "zk_watched_event"
_STAT_KEYS = ("cZxid", "ctime", "mZxid", "mtime", "pZxid", "cversion", "dataVersion", "aclVersion",
              "ephemeralOwner", "dataLength", "numChildren")
_STAT_LINE = r"^(cZxid|ctime|mZxid|mtime|pZxid|cversion|dataVersion|aclVersion|ephemeralOwner|dataLength" \
             r"|numChildren) = (.*)$"
_WATCH_EVENT = re.compile(r"^WatchedEvent state:(?P<state>\w+) type:(?P<type>\w+) path:(?P<path>\S*)"
                          r"(?: zxid: (?P<zxid>-?\d+))?$")
_BANNER = re.compile(r"^(?:Connecting to \S+|Welcome to ZooKeeper!|JLine support is (?:enabled|disabled)"
                     r"|Quitting\.\.\.|WATCHER::|Secure connection is enabled)$")
# KeeperException -> the message zkCli prints (CliWrapperException 3.5+, ZooKeeperMain 3.4)
_ERRORS = {
    "Node does not exist": "NONODE", "Node already exists": "NODEEXISTS", "Node not empty": "NOTEMPTY",
    "Ephemerals cannot have children": "NOCHILDRENFOREPHEMERALS", "Not a read-only call": "NOTREADONLY",
    "Acl is not valid": "INVALIDACL", "Insufficient permission": "NOAUTH",
    "Authentication is not valid": "NOAUTH", "Arguments are not valid": "BADARGUMENTS",
    "version No is not valid": "BADVERSION", "Quota has exceeded": "QUOTAEXCEEDED",
}
_ERROR_LINE = re.compile(r"^(?P<msg>" + "|".join(map(re.escape, _ERRORS)) + r") ?: (?P<path>/\S*)$")
_READS = {"get": "getData", "stat": "exists", "ls": "getChildren", "ls2": "getChildren"}
_WRITES = {"create": "create", "set": "setData", "delete": "delete", "deleteall": "delete", "rmr": "delete"}
_CLIENT_LOG = re.compile(r"^(?:SLF4J: |\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d|log4j:|\tat "
                         r"|\S+(?:Exception|Error)\b)")


def read(cap: Capture, seg: Segment) -> None:
    rows = seg.lines.select("line", "text", "captured_at").rows()
    command, body = (rows[0], rows[1:]) if seg.command is not None else (None, rows)
    cmd = _command(seg.command) if seg.command is not None else None
    output: list[tuple[int, str]] = []
    events: list[tuple[int, str, re.Match[str]]] = []  # emitted after the command's row: file order
    for line, text, _ in body:
        if (m := _WATCH_EVENT.match(text)) is not None:
            events.append((line, text, m))
        elif _BANNER.match(text) or text.strip() == "":
            cap.ok()
        elif cmd is None and _CLIENT_LOG.match(text):
            cap.unrecognised("the zkCli client's own logging")
        else:
            output.append((line, text))
    try:
        _command_rows(cap, seg, command, cmd, output)
    finally:
        for line, text, m in events:
            _watched_event(cap, line, text, m)


def _command_rows(cap: Capture, seg: Segment, command: tuple[int, str, int | None] | None,
                  cmd: _Command | None, output: list[tuple[int, str]]) -> None:
    if command is None:
        if output:  # output with no command before it: which node it describes is unknown
            cap.unrecognised("zkCli output with no command before it (capture the commands too)", len(output))
        return
    line0, text0, captured_at = command
    if cmd is None or cmd.name == "":  # `zkCli.sh -server h` opening an interactive session
        cap.ok()
        if output:
            cap.unrecognised("zkCli output with no command before it (capture the commands too)", len(output))
        return
    try:
        _dispatch(cap, cmd, line0, text0, output, captured_at)
    except ValueError as e:
        cap.bad(line0, f"zkCli `{cmd.name}`: {e}", text0)
        if output:
            cap.unrecognised("output of a zkCli command that could not be read", len(output))


class _Command:
    def __init__(self, name: str, flags: set[str], args: list[str]) -> None:
        self.name, self.flags, self.args = name, flags, args

    @property
    def path(self) -> str | None:
        return next((a for a in self.args if a.startswith("/")), None)


def _command(text: str) -> _Command:
    """A command line (``get -s /x``), or a shell invocation's arguments (``-server h:2181 get
    /x``, zookeeper-shell's ``h:2181 get /x``; an empty name when it only connects)."""
    words = command_words(text)
    i = 0
    while i < len(words) and words[i] not in _KNOWN:
        # -server h, -timeout n, -client-configuration f, -r, -waitforconnection, zookeeper-shell's host
        i += 2 if words[i] in ("-server", "-timeout", "-client-configuration") else 1
    if i >= len(words):
        return _Command("", set(), [])
    name, rest = words[i], words[i + 1:]
    flags = {w for w in rest if w in ("-s", "-e", "-c", "-w", "-R")}  # the options that take no value
    args = [w for w in rest if w not in flags]
    return _Command(name, flags, args)


_KNOWN = frozenset(("ls", "ls2", "get", "stat", "set", "create", "delete", "deleteall", "rmr", "getAcl",
                    "setAcl", "sync", "history", "redo", "quit", "close", "connect", "config", "whoami",
                    "printwatches", "listquota", "setquota", "delquota", "addauth", "getEphemerals",
                    "getAllChildrenNumber", "addWatch", "removewatches", "reconfig", "version"))


def _dispatch(cap: Capture, cmd: _Command, line: int, raw: str, output: list[tuple[int, str]],
              captured_at: int | None) -> None:
    error = next(((ln, m) for ln, t in output if (m := _ERROR_LINE.match(t))), None)
    path = cmd.path
    if cmd.name in _READS or cmd.name in _WRITES:
        if path is None:
            raise ValueError("names no znode path")
    else:  # getAcl, config, whoami, history ...: recognised, nothing Kafka's state depends on
        cap.ok(1 + len(output))
        return
    text_out = [t for _, t in output]
    record_raw = "\n".join([raw, *text_out])
    if error is not None:
        code = _ERRORS[error[1]["msg"]]
        cap.ok(1 + len(output))
        if cmd.name in ("ls", "ls2"):
            row: dict[str, Any] = {"kind": CHILDREN, "zk_path": path, "details": {}}
        else:
            row = znode_row(path, None)
        row |= {"zk_op": _READS.get(cmd.name) or _WRITES[cmd.name], "error": code, "line": line,
                "raw": record_raw, "template": f"zkcli.{cmd.name}.error"}
        cap.emit(row, captured_at)
        return
    stat_lines = [(ln, t) for ln, t in output if re.match(_STAT_LINE, t)]
    stat = {m[1]: m[2] for _, t in stat_lines if (m := re.match(_STAT_LINE, t))}
    rest = [(ln, t) for ln, t in output if not re.match(_STAT_LINE, t)]
    if stat and any(k not in stat for k in _STAT_KEYS):
        raise ValueError(f"its stat lacks {', '.join(k for k in _STAT_KEYS if k not in stat)}")
    if cmd.name in ("ls", "ls2"):
        row = _children(cmd, path, rest, stat)
    elif cmd.name == "get":
        data = "\n".join(t for _, t in rest)
        if data == "null" and (not stat or stat["dataLength"] == "0"):
            data = None  # GetCommand prints `null` for a node without data
        row = _node(path, data, stat, "getData")
    elif cmd.name == "stat":
        if rest:
            raise ValueError("prints the stat only, but other lines follow it")
        if not stat:
            raise ValueError("printed no stat")
        row = _node(path, None, stat, "exists")
    else:
        row = _write(cmd, path, rest, stat)
    row |= {"line": line, "raw": record_raw}
    cap.ok(1 + len(output))
    cap.emit(row, captured_at)


def _node(path: str, data: str | None, stat: dict[str, str], op: str) -> dict[str, Any]:
    if stat:
        st = stat_from_text(stat)
        row = node_row(path, data, st, data_length=int(stat["dataLength"]),
                       num_children=int(stat["numChildren"]), template=f"zkcli.{op}")
    else:
        row = znode_row(path, data)
        row["template"] = f"zkcli.{op}"
    row["zk_op"] = op
    return row


def _children(cmd: _Command, path: str, rest: list[tuple[int, str]], stat: dict[str, str]) -> dict[str, Any]:
    texts = [t for _, t in rest]
    details: dict[str, Any]
    if "-R" in cmd.flags:  # ZKUtil.visitSubTreeDFS: the path itself, then every node below it
        if not all(t.startswith("/") for t in texts):
            raise ValueError("`ls -R` printed a line that is not a path")
        details = {"paths": texts}
        count = len(texts)
        children: list[str] = []
    else:
        if len(texts) != 1 or not re.fullmatch(r"\[.*\]", texts[0]):
            raise ValueError("did not print one `[child, ...]` line")
        inner = texts[0][1:-1]
        children = [c for c in inner.split(", ") if c] if inner else []
        details = {"children": children}
        count = len(children)
    row: dict[str, Any] = {"kind": CHILDREN, "zk_path": path, "count": count, "zk_op": "getChildren",
                           "template": f"zkcli.{cmd.name}{' -R' if '-R' in cmd.flags else ''}"}
    if path.rstrip("/") == "/brokers/ids" and all(re.fullmatch(r"\d+", c) for c in children):
        row["brokers"] = sorted(int(c) for c in children)  # the live (registered) brokers
    if stat:
        st = stat_from_text(stat)
        details |= {"czxid": st.czxid, "pzxid": st.pzxid, "cversion": st.cversion,
                    "num_children": int(stat["numChildren"])}
        row |= {"zxid": st.mzxid, "zk_version": st.version, "ts": st.mtime or None}
    row["details"] = details
    return row


def _write(cmd: _Command, path: str, rest: list[tuple[int, str]], stat: dict[str, str]) -> dict[str, Any]:
    op = _WRITES[cmd.name]
    data: str | None = None
    if op != "delete":
        after = cmd.args[cmd.args.index(path) + 1:]  # create path [data] [acl]; set path data [version]
        data = after[0] if after else None
    texts = [t for _, t in rest]
    if cmd.name == "create":
        if texts and not all(re.fullmatch(r"Created /\S*", t) for t in texts):
            raise ValueError("printed something other than `Created <path>`")
        if texts:
            path = texts[0].removeprefix("Created ")  # the sequential node's real name
    elif texts:
        raise ValueError("printed lines that are not a stat")
    row = _node(path, data, stat, op) if stat else znode_row(path, data)
    row |= {"zk_op": op, "template": f"zkcli.{cmd.name}",
            "details": {**(row.get("details") or {}), "written_by": "zkCli during the capture"}}
    if row["kind"] == BROKER_REGISTRATION and stat:
        row["details"]["broker_epoch"] = row["details"].get("czxid")
    return row


def _watched_event(cap: Capture, line: int, text: str, m: re.Match[str]) -> None:
    path = None if m["path"] in ("null", "") else m["path"]
    row: dict[str, Any] = {
        "kind": WATCHED_EVENT, "state": m["state"], "zk_path": path, "line": line, "raw": text,
        "template": "zkcli.watched_event", "details": {"type": m["type"]},
        "versions": "3.9+" if m["zxid"] is not None else None,
    }
    if m["zxid"] is not None and int(m["zxid"]) >= 0:
        row["zxid"] = int(m["zxid"])
    if path is not None:
        kind, _ = decode_znode(path, None)
        row["details"]["znode_kind"] = kind
    cap.ok()
    cap.emit(row)

