"""Text captures of a cluster's state, read by content: zkCli / zookeeper-shell
transcripts (``zkcli``), JSON exports of a ZooKeeper tree (``zkexport``), ``kafka-topics``
and ``kafka-consumer-groups --describe`` output (``describe``), and KRaft's
``kafka-dump-log --cluster-metadata-decoder`` and ``kafka-metadata-shell`` output
(``kraftdump``).

A capture is often a terminal transcript or a support bundle's text file holding several
tools' output one after another, so a file is cut into *segments* (vectorised: every line
is labelled by the regexes below, labels are forward-filled).  A segment starts at

* a shell command line naming one of the tools (``$ kafka-topics.sh --bootstrap-server
  b:9092 --describe``), which also gives the tool its arguments (the path of a
  non-interactive ``zookeeper-shell.sh host get /x``, the group of ``--group g``);
* a zkCli prompt (``[zk: host:2181(CONNECTED) 3] get /x``) or a zkCli command echoed by a
  terminal without one (Debian's and Kafka's zkCli run without JLine and print no prompt);
* the metadata shell's ``>> `` prompt, ``Dumping <file>`` of kafka-dump-log, a
  ``kafka-topics`` topic line, a ``kafka-consumer-groups`` table header.

Lines before any segment are unrecognised; so are lines a tool's reader cannot place.

**Capture time.**  Describe output has no time of its own: ``ts`` is the capture time,
from ``ingest --captured-at`` or from a line in the file that is only a timestamp (the
output of ``date``, an ISO-8601 time, ``# captured at <time>``), which sets the time of
everything after it — so a loop of ``date; kafka-topics --describe`` reads as a time
series.  Rows whose ``ts`` is the capture time say so in ``details.ts_from = "capture"``.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import polars as pl

from ..accounting import MAX_SAMPLES, Accounting, Malformed
from ..chunks import split_lines
from ..datadir.events import Sink
from ..sources import InputDamaged
from ..timestamps import parse as parse_timestamp

AddEvents = Callable[[str, pl.DataFrame], None]

FILE_KINDS = {
    "zk_export": "ZooKeeper JSON export",
    "capture": "state capture",
}

# -- how a segment starts ------------------------------------------------------------------
_TOOL_NAMES = {
    "zookeeper-shell": "zkcli", "zkCli": "zkcli", "kafka-topics": "topics",
    "kafka-consumer-groups": "groups", "kafka-dump-log": "dump_log",
    "kafka.tools.DumpLogSegments": "dump_log", "kafka-metadata-shell": "metadata_shell",
}
SHELL_COMMAND = (r"^(?:[^\s$#>%]*[$#%>]\s*)?(?:sudo\s+)?(?:\S*/)?(?P<tool>zookeeper-shell|zkCli|kafka-topics"
                 r"|kafka-consumer-groups|kafka-dump-log|kafka-metadata-shell|kafka-run-class(?:\.sh)?\s+"
                 r"kafka\.tools\.DumpLogSegments)(?:\.sh|\.bat|\.cmd)?(?P<args>(?:\s.*)?)$")
ZK_PROMPT = (r"^\[zk: [^\]]*?\((?:CONNECTED|CONNECTING|CLOSED|NOT_CONNECTED"
             r"|CONNECTEDREADONLY|AUTH_FAILED)\) \d+\]")
# zkCli's commands (ZooKeeperMain.commandMap, 3.4-3.9), as a terminal echoes them
ZK_COMMANDS = ("ls", "ls2", "get", "stat", "set", "create", "delete", "deleteall", "rmr", "getAcl",
               "setAcl", "sync", "history", "redo", "quit", "close", "connect", "config", "whoami",
               "printwatches", "listquota", "setquota", "delquota", "addauth", "getEphemerals",
               "getAllChildrenNumber", "addWatch", "removewatches", "reconfig", "version")
ZK_COMMAND = (r"^(?:ls2?|get|stat|set|create|delete|deleteall|rmr|getAcl|setAcl|sync|listquota|setquota"
              r"|delquota|getEphemerals|getAllChildrenNumber|addWatch|removewatches)(?:\s+-\w+)*\s+/\S*"
              r"(?:\s.*)?$|^(?:quit|close|history|whoami|config|printwatches(?: \w+)?|version|redo \d+"
              r"|connect \S+|addauth \S+ \S+)$")
ZK_BANNER = r"^(?:Connecting to \S+|Welcome to ZooKeeper!|WATCHER::)$"
META_PROMPT = r"^>> "
META_COMMAND = r"^(?:cat|cd|tree|find|pwd|man|help)(?:\s.*)?$|^ls\s+/(?:image|local|metadataQuorum)\S*$"
TOPIC_LINE = r"^Topic:\s*\S+\s+(?:TopicId:\s*\S+\s+)?PartitionCount:\s*\d"
PARTITION_LINE = r"^\s+Topic:\s*\S+\s+Partition:\s*\d+\s+Leader:"
GROUPS_HEADER = (r"^(?:GROUP\s+)?(?:TOPIC\s+PARTITION\s+(?:NEW-OFFSET|CURRENT-OFFSET)|CONSUMER-ID\s+"
                 r"(?:GROUP-INSTANCE-ID\s+)?HOST\s+CLIENT-ID|COORDINATOR \(ID\)\s+ASSIGNMENT-STRATEGY"
                 r"|STATE)\b")
GROUPS_NOTE = (r"^(?:Warning: |Error: )?Consumer group '.*' "
               r"(?:has no active members|is rebalancing|does not exist)\.$")
JAVA_TOOL_LOG = r"^(?:SLF4J: |log4j:|\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)"
DUMP_START = r"^Dumping \S"
REGISTRATION = r"^(?:PartitionRegistration|BrokerRegistration)\("
DUMP_LINE = r"^(?:baseOffset: \d+ lastOffset: |\| offset: \d+ |Log starting offset: |Snapshot end offset: )"

# -- capture time ----------------------------------------------------------------------------
_DATE_LINE = r"^\s*(?:#\s*)?(?:(?:captured(?: at)?|date|time)\s*[:=]?\s*)?(?P<ts>.+?)\s*$"
_ISO = r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s*(?:Z|[+-]\d{2}:?\d{2})?$"
_UNIX_DATE = r"^\w{3} \w{3} [ \d]?\d \d{2}:\d{2}:\d{2} (?:\S+ )?\d{4}$"
_MONTHS = {m: f"{i:02d}" for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1)}

_ANSI = r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r"


# A line only these tools print (one pattern, tried line by line): one of them in a file's first
# 400 lines makes it a capture.
_STRONG = re.compile("|".join(f"(?:{p})" for p in (
    SHELL_COMMAND, ZK_PROMPT, ZK_BANNER, TOPIC_LINE, PARTITION_LINE, GROUPS_HEADER, GROUPS_NOTE,
    r"^Dumping \S+$", r"^baseOffset: \d+ lastOffset: \d+ count: ", r"^\| offset: \d+ .*payload: \{",
    r"^(?:PartitionRegistration|BrokerRegistration)\(", r"^cZxid = 0x[0-9a-f]+$")))
_CODE = re.compile(r"(?i)\.(?:py|sh|bash|zsh|ps1|bat|cmd|java|scala|kt|go|rb|js|ts|c|h|rs|tf|ya?ml|j2)$")


def classify_text(name: str, head: bytes) -> str | None:
    """``zk_export`` or ``capture`` when the head is one of these forms; None otherwise.  A
    script or source file is neither: it holds the tools' commands, not their output."""
    if _CODE.search(name):
        return None
    text = head.lstrip(b"\xef\xbb\xbf").decode("utf-8", "replace")
    if _looks_like_export(text):
        return "zk_export"
    lines = (re.sub(_ANSI, "", x) for x in text.split("\n")[:400])
    return "capture" if any(_STRONG.search(line) for line in lines) else None


def _looks_like_export(text: str) -> bool:
    t = text.lstrip()
    if not t.startswith(("{", "[")):
        return False
    # a znode path as a key, or as the value of a "path" field
    return re.search(r'"/[^"\n]*"\s*:|"(?:path|name|fullPath)"\s*:\s*"/', t[:65536]) is not None


@dataclass(frozen=True)
class TextOptions:
    """What the user says about a capture: when it was taken (epoch ms) and its zone."""

    captured_at: int | None = None
    tz: str = "UTC"


def ingest_text(name: str, kind: str, blocks: Iterable[bytes], add: AddEvents, acc: Accounting,
                options: TextOptions | None = None) -> Accounting:
    """Read a text capture ``classify_text`` said is ``kind`` (``zk_export`` or ``capture``)."""
    opts = options or TextOptions()
    data = bytearray()
    try:
        for b in blocks:
            data += b
    except InputDamaged as e:  # what came before the damage is still read
        acc.errors.append(str(e))
    acc.bytes += len(data)
    acc.file_kind = FILE_KINDS[kind]
    sink = Sink(name, add)
    try:
        if kind == "zk_export":
            from . import zkexport

            zkexport.ingest(name, bytes(data), sink, acc)
        else:
            lines = split_lines(bytes(data))
            if lines.latin1:
                acc.notes.append("bytes that are not UTF-8 were read as Latin-1")
            frame = pl.DataFrame({"raw": lines.lines}).with_row_index("line", offset=1)
            acc.physical_lines += frame.height
            read_capture(name, frame, sink, acc, opts)
    finally:
        sink.flush()
    acc.kinds.update(sink.kinds)
    return acc


# ------------------------------------------------------------------------------------------
@dataclass
class Segment:
    """Consecutive lines of one tool's output, with the command that produced it."""

    tool: str
    command: str | None  # the shell command line's arguments, or the echoed / prompted command
    lines: pl.DataFrame  # line, raw, text (cleaned), captured_at (epoch ms or null), time_line


class Capture:
    """Accounting and row emission shared by the tools' readers."""

    def __init__(self, name: str, sink: Sink, acc: Accounting) -> None:
        self.name = name
        self.sink = sink
        self.acc = acc

    def ok(self, n: int = 1) -> None:
        self.acc.records += n
        self.acc.recognised += n

    def unrecognised(self, reason: str, n: int = 1) -> None:
        self.acc.records += n
        self.acc.unrecognised[reason] += n

    def bad(self, line: int, reason: str, text: str) -> None:
        self.acc.records += 1
        self.acc.malformed += 1
        if len(self.acc.samples) < MAX_SAMPLES:
            self.acc.samples.append(Malformed(line, reason, text[:160]))
        self.acc.errors.append(f"{self.name}:{line}: {reason}")

    def take(self, line: int, text: str, captured_at: int | None, tool: str,
             build: Callable[[], dict[str, Any]]) -> None:
        """One line's row from ``build``; a ValueError it raises makes the line malformed, the
        reason prefixed by ``tool``."""
        try:
            row = build()
        except ValueError as e:
            self.bad(line, f"{tool}: {e}", text)
            return
        self.ok()
        self.emit(row | {"line": line, "raw": text}, captured_at)

    def emit(self, row: dict[str, Any], captured_at: int | None = None) -> None:
        """A row; where it has no time of its own, the capture's (said in details.ts_from)."""
        if row.get("ts") is None and captured_at is not None:
            row["ts"] = captured_at
            row["details"] = {**(row.get("details") or {}), "ts_from": "capture"}
        self.sink.emit(row)


def command_words(command: str) -> list[str]:
    """A command line's words as the shell splits them (on whitespace where its quoting is
    broken, as a pasted transcript's can be)."""
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


def read_capture(name: str, frame: pl.DataFrame, sink: Sink, acc: Accounting, opts: TextOptions) -> None:
    cap = Capture(name, sink, acc)
    labelled = _label(frame, opts)
    times = labelled.filter(pl.col("time_line"))
    if times.height:
        cap.ok(times.height)
        bad = times.filter(pl.col("line_ts").is_null())
        if bad.height:  # a zone that is not one: the line is still a time line, its time unknown
            acc.notes.append(f"{bad.height} timestamp lines whose time could not be read (first: line "
                             f"{bad['line'][0]})")
    body = labelled.filter(~pl.col("time_line"))
    loose = body.filter(pl.col("seg").is_null() & (pl.col("text").str.strip_chars() != ""))
    tool_log = loose.filter(pl.col("text").str.contains(JAVA_TOOL_LOG)).height
    if tool_log:
        cap.unrecognised("a Java tool's own logging (SLF4J, log4j)", tool_log)
    if loose.height - tool_log:
        cap.unrecognised("lines before any command or output this reader knows", loose.height - tool_log)
    blank_before = body.filter(pl.col("seg").is_null() & (pl.col("text").str.strip_chars() == ""))
    if blank_before.height:
        cap.ok(blank_before.height)  # layout, not content
    from . import describe, kraftdump, zkcli

    readers: dict[str, Callable[[Capture, Segment], None]] = {
        "zkcli": zkcli.read, "topics": describe.read_topics, "groups": describe.read_groups,
        "dump_log": kraftdump.read_dump, "metadata_shell": kraftdump.read_shell,
    }
    segs = body.filter(pl.col("seg").is_not_null())
    if segs.height == 0:
        return
    used: set[str] = set()
    for _, part in segs.group_by("seg", maintain_order=True):
        first = part.row(0, named=True)
        tool = first["tool"]
        used.add(tool)
        readers[tool](cap, Segment(tool, first["command"], part))
    acc.layout = ", ".join(sorted(_LAYOUTS[t] for t in used))
    if opts.captured_at is None and times.height == 0 and used & {"topics", "groups"}:
        acc.notes.append("describe output carries no time: its rows have no ts; pass ingest --captured-at, "
                         "or put the output of `date` before each capture in the file")


_LAYOUTS = {"zkcli": "zkCli transcript", "topics": "kafka-topics --describe",
            "groups": "kafka-consumer-groups --describe", "dump_log": "kafka-dump-log",
            "metadata_shell": "kafka-metadata-shell"}


def _label(frame: pl.DataFrame, opts: TextOptions) -> pl.DataFrame:
    """Each line's segment (an id, null before the first), tool and command; time lines."""
    text = pl.col("raw").str.replace_all(_ANSI, "")
    f = frame.with_columns(text=text)
    t = pl.col("text")
    cmd = t.str.extract_groups(SHELL_COMMAND)
    ts_text = t.str.extract(_DATE_LINE, 1)
    f = f.with_columns(
        shell_tool=cmd.struct.field("tool"), shell_args=cmd.struct.field("args").str.strip_chars(),
        is_time=ts_text.str.contains(_ISO) | ts_text.str.contains(_UNIX_DATE),
        ts_text=ts_text,
    )
    f = f.with_columns(
        tool=pl.when(pl.col("shell_tool").is_not_null()).then(
            pl.col("shell_tool").str.replace(r"^kafka-run-class(?:\.sh)?\s+", "").replace_strict(
                _TOOL_NAMES, default=None))
        .when(t.str.contains(ZK_PROMPT) | t.str.contains(ZK_BANNER)).then(pl.lit("zkcli"))
        .when(t.str.contains(META_PROMPT) | t.str.contains(REGISTRATION)).then(pl.lit("metadata_shell"))
        .when(t.str.contains(DUMP_START)).then(pl.lit("dump_log"))
        .when(t.str.contains(TOPIC_LINE) | t.str.contains(PARTITION_LINE)).then(pl.lit("topics"))
        .when(t.str.contains(GROUPS_HEADER) | t.str.contains(GROUPS_NOTE)).then(pl.lit("groups"))
        .when(t.str.contains(ZK_COMMAND)).then(pl.lit("zkcli"))
        .when(t.str.contains(META_COMMAND)).then(pl.lit("metadata_shell"))
        .when(t.str.contains(DUMP_LINE)).then(pl.lit("dump_log"))
        .otherwise(None),
        command=pl.when(pl.col("shell_tool").is_not_null()).then(pl.col("shell_args"))
        .when(t.str.contains(ZK_PROMPT)).then(t.str.replace(ZK_PROMPT, "").str.strip_chars())
        .when(t.str.contains(META_PROMPT)).then(t.str.replace(META_PROMPT, "").str.strip_chars())
        .when(t.str.contains(ZK_COMMAND) | t.str.contains(META_COMMAND)).then(t.str.strip_chars())
        .otherwise(None),
    )
    # A line opens a segment when it names a tool, unless it continues the segment it is in:
    # a zkCli banner, a table row inside a table, a dump's batch lines, a topic's next line.
    prev_tool = pl.col("tool").forward_fill().shift(1)
    continues = ((pl.col("tool") == prev_tool) & pl.col("command").is_null()
                 & ~t.str.contains(GROUPS_HEADER) & ~t.str.contains(DUMP_START))
    opens = pl.col("tool").is_not_null() & ~continues.fill_null(False)
    f = f.with_columns(opens=opens, time_line=pl.col("is_time").fill_null(False))
    f = f.with_columns(seg=pl.when(pl.col("opens")).then(pl.col("opens").cum_sum()).otherwise(None))
    f = f.with_columns(
        seg=pl.when(pl.col("time_line")).then(None).otherwise(pl.col("seg")),
        tool=pl.when(pl.col("opens")).then(pl.col("tool")).otherwise(None),
        command=pl.when(pl.col("opens")).then(pl.col("command")).otherwise(None),
    )
    # a time line ends nothing: the segment it sits in goes on after it
    f = f.with_columns(pl.col("seg", "tool", "command").forward_fill())
    line_ts = parse_timestamp(_date_to_iso(pl.col("ts_text")), opts.tz).dt.epoch("ms")
    f = f.with_columns(line_ts=pl.when(pl.col("time_line")).then(line_ts).otherwise(None))
    given = pl.lit(opts.captured_at, pl.Int64)
    f = f.with_columns(captured_at=pl.col("line_ts").forward_fill().fill_null(given))
    return f.select("line", "raw", "text", "seg", "tool", "command", "time_line", "line_ts", "captured_at")


def _date_to_iso(text: pl.Expr) -> pl.Expr:
    """``date``'s / Java's ``Sun Nov 22 11:10:33 UTC 2026`` -> ``2026-11-22 11:10:33 UTC``-like
    ISO text the timestamp parser reads (UTC, GMT and numeric zones; no zone = --tz)."""
    m = text.str.extract_groups(r"^\w{3} (\w{3}) ([ \d]?\d) (\d{2}:\d{2}:\d{2}) (?:(\S+) )?(\d{4})$")
    month = m.struct.field("1").replace_strict(_MONTHS, default=None)
    day = m.struct.field("2").str.strip_chars().str.zfill(2)
    zone = m.struct.field("4").fill_null("").replace({"UTC": "Z", "GMT": "Z"})
    unix = pl.concat_str([m.struct.field("5"), pl.lit("-"), month, pl.lit("-"), day, pl.lit(" "),
                          m.struct.field("3"), zone])
    return pl.when(m.struct.field("1").is_not_null()).then(unix).otherwise(text.str.replace(",", "."))


# -- shared field readers ------------------------------------------------------------------
def int_list(text: str | None) -> list[int] | None:
    """``1,2,3`` / ``[1, 2, 3]`` / empty -> ints (None when it is not such a list)."""
    if text is None:
        return None
    s = text.strip().strip("[]").strip()
    if s == "":
        return []
    parts = [p.strip() for p in s.split(",")]
    if not all(re.fullmatch(r"-?\d+", p) for p in parts):
        return None
    return [int(p) for p in parts]
