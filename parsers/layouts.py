"""Log layouts: where a record starts and how its first line splits into time,
level, logger, thread and message.

Kafka ships one log4j pattern for every file, ``[%d] %p %m (%c)%n`` (0.10 → 4.x);
it gets a fast path (two vectorised kernels over every line).  The variants met
in real deployments are regex layouts:

* ``kafka-thread``   ``%d{ISO8601} %p %m (%c) [%t]%n`` (Strimzi's broker default: no
  brackets around the date, a trailing ``[thread]``);
* ``bracketed``      ``[%d] [%-5p] [%t] [%c] - %m%n`` (seen in elastic/beats fixtures);
* ``class-line``     ``%d %p [%t] %C{1}:%L - %m%n`` (Strimzi operator-style, logger is the
  simple class name with ``:line``);
* ``plain``          ``%d %-5p %c: %m%n``;
* ``json``           one JSON object per line (log4j2 JsonLayout / JsonTemplateLayout, ECS,
  logstash encoders);
* a user-given log4j ``PatternLayout`` (``--layout``), converted by ``from_pattern``.

Connect's ``(%c:%L)`` logger suffix is accepted by every layout that ends in ``(%c)``.
Records spanning several physical lines (stack traces, the ``KafkaConfig values:``
dump, ``Updating assignment with`` …) are lines that do not start a record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import numpy as np
import polars as pl

from . import kernel, timestamps

try:
    from . import _layout  # type: ignore[attr-defined]
except ImportError:  # built without a C compiler: the Polars expressions do everything
    _layout = None

LoggerMode = Literal["full", "simple", "none"]

_TS = r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[,.]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?"
_LEVEL = r"(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE|NOTICE|FINE|FINER|FINEST|CONFIG)"
# ASCII on purpose: Java logger names are, and a Unicode \w costs ~40% more over every line
_LOGGER_SUFFIX = r" \((?P<logger>[A-Za-z0-9_.$]+)(?::[0-9]+)?\)"
DEFAULT_START = r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] [A-Z]+ "


@dataclass(frozen=True)
class Layout:
    name: str
    pattern: str  # the log4j pattern it stands for (documentation)
    start: str  # regex: a line that starts a record (Rust and Python syntax alike)
    header: str  # regex with groups ts, level, msg and optionally logger, thread
    logger_mode: LoggerMode = "full"
    fast: bool = False  # Kafka's default layout: kernels instead of the header regex
    json: bool = False

    # Each step adds columns to a frame with the line text in ``text``.  A regex layout's
    # match is materialised once (an inline struct expression re-runs per field read).

    # -- every physical line: does it start a record (``start``), which logger wrote it?
    def split_all(self, df: pl.DataFrame) -> pl.DataFrame:
        text = pl.col("text")
        if self.fast:
            return df.with_columns(
                text.str.contains(self.start).alias("start"),
                text.str.extract(_LOGGER_SUFFIX + r"\s*$", 1).alias("logger"),
            )
        if self.json:
            obj = text.str.strip_chars_start().str.starts_with("{")
            return df.with_columns(
                (obj & _json_get(text, _JSON_KEYS["msg"]).is_not_null()).alias("start"),
                _json_get(text, _JSON_KEYS["logger"]).alias("logger"),
            )
        h = pl.col("_h")
        logger = h.struct.field("logger") if "logger" in _groups(self.header) else pl.lit(None, pl.String)
        return (
            df.with_columns(text.str.extract_groups(self.header).alias("_h"))
            .with_columns(h.struct.field("msg").is_not_null().alias("start"), logger.alias("logger"))
            .drop("_h")
        )

    # -- a record's first line: time text and level (every record) ...
    def time_level(self, df: pl.DataFrame) -> pl.DataFrame:
        text = pl.col("text")
        if self.fast:
            return df.with_columns(
                text.str.slice(1, 23).alias("ts_text"),
                text.str.slice(26, 5).str.strip_chars_end(" ").alias("level"),
            )
        if self.json:
            return df.with_columns(
                _json_ts(text).alias("ts_text"),
                _norm_level(_json_get(text, _JSON_KEYS["level"])).alias("level"),
            )
        h = pl.col("_h")
        return (
            df.with_columns(text.str.extract_groups(self.header).alias("_h"))
            .with_columns(
                h.struct.field("ts").alias("ts_text"), _norm_level(h.struct.field("level")).alias("level")
            )
            .drop("_h")
        )

    # ... and its message (only records a catalogue entry may recognise need it)
    def message(self, df: pl.DataFrame) -> pl.DataFrame:
        text = pl.col("text")
        if self.fast:
            return _fast_message(df)
        if self.json:
            msg = _json_get(text, _JSON_KEYS["msg"])
        else:
            msg = text.str.extract_groups(self.header).struct.field("msg")
        return df.with_columns(msg.alias("msg"))

    def split_first(self, df: pl.DataFrame) -> pl.DataFrame:
        """Time text, level and message together (tests and tools)."""
        return self.message(self.time_level(df))

    @property
    def fast_ts(self) -> str | None:
        return "%Y-%m-%d %H:%M:%S,%3f" if self.fast else None


_SUFFIX_RX = _LOGGER_SUFFIX.replace("?P<logger>", "?:") + r"\s*$"


def _fast_message(df: pl.DataFrame) -> pl.DataFrame:
    """The default layout's message: after "[<23-char time>] LEVEL ", up to the trailing
    " (logger)" (``_SUFFIX_RX``).

    The logger was read off that suffix (``split_all``), so a line nearly always ends in
    " (" + logger + ")": cut off by its length, not searched for again with the regex
    (half the cost).  The other rows (trailing blanks, a ``:line`` after the logger, a
    logger taken from a record's last line, no logger) take the regex, as before."""
    text = pl.col("text")
    # the level as ``time_level`` read it (the same five characters, stripped)
    level_len = (pl.col("level").str.len_chars() if "level" in df.columns
                 else text.str.slice(26, 5).str.strip_chars_end(" ").str.len_chars())
    body = text.str.slice(level_len + 27)
    if "logger" not in df.columns:
        return df.with_columns(body.str.replace(_SUFFIX_RX, "").alias("msg"))
    # A line that ends in " (" + logger + ")" loses exactly that (the logger's characters
    # cannot hold the space or parenthesis of an earlier match): a cut by its length, the
    # suffix being ASCII.  It must lie within the message (a message that is only
    # "(logger)" keeps it, as the regex, which wants the space, leaves it).
    n_suffix = pl.col("logger").str.len_bytes().cast(pl.Int64) + 3
    plain = (text.str.ends_with(pl.concat_str(pl.lit(" ("), pl.col("logger"), pl.lit(")")))
             & (text.str.len_bytes().cast(pl.Int64) - level_len - 27 >= n_suffix))
    out = df.with_columns(pl.when(plain).then(body.str.head(-n_suffix)).alias("msg"))
    slow = out["msg"].is_null()
    if slow.any():
        at = slow.arg_true()
        fixed = out[at].select(body.str.replace(_SUFFIX_RX, "")).to_series()
        out = out.with_columns(out["msg"].scatter(at, fixed))
    return out


class FastLines:
    """The default layout's per-line work done natively (``parsers/_layout.c``), in one
    pass over a chunk's lines: which start a record, which are binary, the logger, and
    for record starts the time, level and message, as string views over the text's own
    buffers (exported by ``kernel.Views``): no text is copied.

    It stands in for ``split_all`` / ``time_level`` / ``message`` of ``KAFKA`` row for
    row.  Where the C cannot be sure (a byte >= 0x80 where the regex crate's Unicode
    ``\\d``/``\\s`` or character counting could differ) it flags the line and those rows
    are computed with the Polars expressions, as without it."""

    def __init__(self, text: pl.Series, *, check_binary: bool) -> None:
        assert _layout is not None
        src = kernel.Views(text)
        n = src.n
        self.flags = np.empty(n, dtype=np.uint8)
        views = np.empty((_layout.NCOLS, n, 16), dtype=np.uint8)
        valid = np.empty((2, (n + 7) // 8), dtype=np.uint8)
        self.ms = np.empty(n, dtype=np.int64)  # the time, as wall-clock ms since the epoch
        lg_nulls, fd_nulls = _layout.split(n, *src.parts, check_binary, self.flags, views, valid, self.ms)

        def column(k: int, nulls: int, name: str) -> pl.Series:
            return src.column(n, views[k], valid[0 if k == 0 else 1] if nulls else None, nulls, name)

        self.logger = column(0, lg_nulls, "logger")
        # null but on record starts the C could read (``REDO_FIELDS``: the others)
        self.fields = [column(k, fd_nulls, name) for k, name in ((1, "ts_text"), (2, "level"), (3, "msg"))]

    @staticmethod
    def of(text: pl.Series, layout: Layout, *, check_binary: bool) -> FastLines | None:
        """The native split of ``text`` where it applies: the default layout, the kernel
        built and switched on (``kernel.enabled``), no null line (None: use the Polars
        expressions)."""
        if not layout.fast or _layout is None or not kernel.enabled() or text.null_count():
            return None
        return FastLines(text, check_binary=check_binary)

    def split_all(self, df: pl.DataFrame) -> pl.DataFrame:
        """``binary``, ``start`` and ``logger`` of every line (``df``: the lines, in order)."""
        f = self.flags
        binary = pl.Series("binary", (f & _layout.BINARY) != 0)
        start = pl.Series("start", (f & _layout.START) != 0)
        logger = self.logger
        redo = np.flatnonzero(f & _layout.REDO_LINE)
        if redo.size:
            fixed = KAFKA.split_all(df[redo].select("text"))
            start = start.scatter(redo, fixed["start"])
            logger = logger.scatter(redo, fixed["logger"])
        return df.with_columns(binary, start, logger)

    def _fields(self, recs: pl.DataFrame, ks: tuple[int, ...]) -> tuple[list[pl.Series], np.ndarray]:
        """Columns ``ks`` of ``fields`` at ``recs``' lines (``i``), and which of them to redo."""
        rows = recs["i"]
        redo = np.flatnonzero(self.flags[rows.to_numpy()] & _layout.REDO_FIELDS)
        return [self.fields[k].gather(rows) for k in ks], redo

    def time_level(self, ok: pl.DataFrame) -> pl.DataFrame:
        """``Layout.time_level`` of record starts (``ok``: their line index in ``i``)."""
        (ts, level), redo = self._fields(ok, (0, 1))
        if redo.size:
            fixed = KAFKA.time_level(ok[redo].select("text"))
            ts = ts.scatter(redo, fixed["ts_text"])
            level = level.scatter(redo, fixed["level"])
        return ok.with_columns(ts, level)

    def time(self, ok: pl.DataFrame, tz: str) -> pl.Series:
        """``timestamps.parse_column`` of ``time_level``'s ``ts_text``, from the wall-clock
        time the C read (localised by the same expression); a time it did not read (out of
        range: Polars finds it null or reads it another way) is parsed by Polars."""
        rows = ok["i"].to_numpy()
        redo = np.flatnonzero(self.flags[rows] & (_layout.REDO_FIELDS | _layout.REDO_TIME))
        naive = pl.Series("ts", self.ms[rows]).cast(pl.Datetime("ms"))
        ts = pl.select(timestamps.localise(pl.lit(naive), tz).cast(timestamps.DT)).to_series()
        if redo.size:
            fixed = timestamps.parse_column(ok["ts_text"].gather(redo), tz, fast_format=KAFKA.fast_ts)
            ts = ts.scatter(redo, fixed)
        return ts.alias("ts")

    def message(self, recs: pl.DataFrame) -> pl.DataFrame:
        """``Layout.message`` of record starts (``recs``: ``i``, ``text``, ``level``, ``logger``)."""
        (msg,), redo = self._fields(recs, (2,))
        if redo.size:
            fixed = KAFKA.message(recs[redo].select("text", "level", "logger"))
            msg = msg.scatter(redo, fixed["msg"])
        return recs.with_columns(msg)


def _groups(regex: str) -> set[str]:
    return set(re.findall(r"\(\?P<(\w+)>", regex))


def _norm_level(level: pl.Expr) -> pl.Expr:
    return level.str.to_uppercase().replace({"WARNING": "WARN", "SEVERE": "ERROR"})


# JSON layouts name their fields differently; the first key present wins.
_JSON_KEYS: dict[str, tuple[str, ...]] = {
    "msg": ("message", "msg", "@message"),
    "logger": ("loggerName", "logger_name", "logger", "log.logger", "LoggerName"),
    "level": ("level", "log.level", "severity", "levelname"),
    "thread": ("thread", "thread_name", "threadName", "process.thread.name"),
    "ts": ("@timestamp", "timestamp", "time", "date", "ts"),
}


def _json_get(text: pl.Expr, keys: tuple[str, ...]) -> pl.Expr:
    paths = [f"$.{k}" if re.fullmatch(r"[A-Za-z_]\w*", k) else f"$['{k}']" for k in keys]
    return pl.coalesce([text.str.json_path_match(p) for p in paths])


def _json_ts(text: pl.Expr) -> pl.Expr:
    millis = text.str.json_path_match("$.timeMillis")
    secs = text.str.json_path_match("$.instant.epochSecond")
    nanos = text.str.json_path_match("$.instant.nanoOfSecond")
    from_epoch = pl.coalesce(
        millis.cast(pl.Int64, strict=False),
        secs.cast(pl.Int64, strict=False) * 1000
        + nanos.cast(pl.Int64, strict=False).fill_null(0) // 1_000_000,
    )
    as_text = from_epoch.cast(pl.Datetime("ms")).dt.strftime("%Y-%m-%d %H:%M:%S%.3f") + "+0000"
    return pl.coalesce(_json_get(text, _JSON_KEYS["ts"]), as_text)


KAFKA = Layout(
    name="kafka",
    pattern="[%d] %p %m (%c)%n",
    start=DEFAULT_START,
    header=rf"^\[(?P<ts>[^\]]+)\] (?P<level>[A-Z]+) (?P<msg>.*?)(?:{_LOGGER_SUFFIX})?\s*$",
    fast=True,
)

LAYOUTS: tuple[Layout, ...] = (
    KAFKA,
    Layout(
        name="kafka-iso",
        pattern="[%d{ISO8601}] %p %m (%c)%n with another date shape",
        start=rf"^\[{_TS}\] {_LEVEL} ",
        header=rf"^\[(?P<ts>{_TS})\] (?P<level>{_LEVEL}) (?P<msg>.*?)(?:{_LOGGER_SUFFIX})?\s*$",
    ),
    Layout(
        name="kafka-thread",
        pattern="%d{ISO8601} %p %m (%c) [%t]%n",
        start=rf"^{_TS} {_LEVEL} ",
        header=(
            rf"^(?P<ts>{_TS}) +(?P<level>{_LEVEL}) +(?P<msg>.*?)(?:{_LOGGER_SUFFIX})?"
            r"(?: \[(?P<thread>[^\]]*)\])?\s*$"
        ),
    ),
    Layout(
        name="bracketed",
        pattern="[%d] [%-5p] [%t] [%c] - %m%n",
        start=rf"^\[{_TS}\] \[{_LEVEL} *\] ",
        header=(
            rf"^\[(?P<ts>{_TS})\] \[(?P<level>{_LEVEL}) *\] \[(?P<thread>[^\]]*)\] "
            r"\[(?P<logger>[^\]]+)\] - (?P<msg>.*)$"
        ),
    ),
    Layout(
        name="class-line",
        pattern="%d %p [%t] %C{1}:%L - %m%n",
        start=rf"^{_TS} {_LEVEL} \[",
        header=(
            rf"^(?P<ts>{_TS}) +(?P<level>{_LEVEL}) +\[(?P<thread>[^\]]*)\] "
            r"(?P<logger>[\w$]+):\d+ - (?P<msg>.*)$"
        ),
        logger_mode="simple",
    ),
    Layout(
        name="plain",
        pattern="%d %-5p %c: %m%n",
        start=rf"^{_TS} +{_LEVEL} +[\w.$]+: ",
        header=rf"^(?P<ts>{_TS}) +(?P<level>{_LEVEL}) +(?P<logger>[\w.$]+): (?P<msg>.*)$",
    ),
    Layout(
        name="json",
        pattern="one JSON object per line (log4j2 JsonLayout, ECS, logstash)",
        start=r"^\s*\{",
        header="",
        json=True,
    ),
)

BY_NAME: dict[str, Layout] = {lay.name: lay for lay in LAYOUTS}


def sniff(sample: list[str]) -> tuple[Layout | None, int]:
    """The layout that best explains a sample of lines: most record starts, then most
    loggers found (a layout that reads the logger beats one that leaves it in the
    message); ties go to the earlier layout."""
    best: tuple[Layout | None, int, int] = (None, 0, 0)
    for lay in LAYOUTS:
        rx = re.compile(lay.start)
        starts = [line for line in sample if rx.match(line) and (not lay.json or '"' in line)]
        if not starts:
            continue
        if lay.json:
            loggers = sum(1 for line in starts if any(f'"{k}"' in line for k in _JSON_KEYS["logger"]))
        else:
            hx = re.compile(lay.header)
            loggers = sum(1 for line in starts if (m := hx.match(line)) and m.groupdict().get("logger"))
        if (len(starts), loggers) > best[1:]:
            best = (lay, len(starts), loggers)
    return best[0], best[1]


# ---- wrappers: prefixes that collectors put in front of every physical line -----------------

@dataclass(frozen=True)
class Wrapper:
    name: str
    regex: str  # matches the prefix at line start; group `stream` names the source, if any


WRAPPERS: tuple[Wrapper, ...] = (
    # docker compose (v1 `kafka_1  | `, v2 `kafka-1  | `)
    Wrapper("docker-compose", r"^(?P<stream>[A-Za-z0-9][\w.-]*)\s+\| ?"),
    # kubectl logs --prefix: `[pod/kafka-0/kafka] `
    Wrapper("kubectl-prefix", r"^\[(?P<stream>pod/[^\]\s]+)\] "),
    # kubectl logs --timestamps: RFC 3339 with nanoseconds
    Wrapper("kubectl-timestamps", r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d) "),
    # syslog / journald short: `Mar  1 10:15:42 host kafka[1234]: `, RFC 5424 `<14>1 2024-… host app …`
    Wrapper(
        "syslog",
        r"^(?:<\d{1,3}>)?[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d (?P<stream>[\w.-]+) [\w./-]+(?:\[\d+\])?: ",
    ),
    Wrapper(
        "syslog-5424",
        r"^<\d{1,3}>1 \S+ (?P<stream>\S+) \S+ \S+ \S+ (?:-|\[.*?\]) ",
    ),
)


def sniff_wrappers(sample: list[str]) -> list[Wrapper]:
    """Wrappers present on most sampled lines, outermost first (at most three deep)."""
    found: list[Wrapper] = []
    lines = [s for s in sample if s.strip()]
    for _ in range(3):
        if not lines:
            break
        for w in WRAPPERS:
            rx = re.compile(w.regex)
            hits = sum(1 for s in lines if rx.match(s))
            # A layout's own start must not be mistaken for a wrapper.
            if hits >= max(1, int(0.8 * len(lines))) and not _is_layout_start(lines, rx):
                found.append(w)
                lines = [rx.sub("", s, count=1) for s in lines]
                break
        else:
            break
    return found


def _is_layout_start(lines: list[str], rx: re.Pattern[str]) -> bool:
    lay, n = sniff(lines)
    if lay is None:
        return False
    stripped = [rx.sub("", s, count=1) for s in lines]
    _, n_after = sniff(stripped)
    return n_after < n


# ---- user layouts: a log4j PatternLayout turned into a Layout --------------------------------

_CONV = re.compile(r"%(?P<mod>-?\d*(?:\.\d+)?)(?P<conv>[a-zA-Z]+|%)(?:\{(?P<opt>[^}]*)\})?")

_DATE_TOKENS = (
    ("yyyy", r"\d{4}"), ("yy", r"\d\d"), ("MMM", r"[A-Za-z]{3}"), ("MM", r"\d\d"), ("dd", r"\d\d"),
    ("HH", r"\d\d"), ("mm", r"\d\d"), ("ss", r"\d\d"), ("SSSSSS", r"\d{6}"), ("SSS", r"\d{3}"),
    ("XXX", r"(?:Z|[+-]\d\d:\d\d)"), ("Z", r"[+-]\d{4}"), ("X", r"(?:Z|[+-]\d\d)"),
)
_NAMED_DATES = {
    "": "yyyy-MM-dd HH:mm:ss,SSS", "DEFAULT": "yyyy-MM-dd HH:mm:ss,SSS",
    "ISO8601": "yyyy-MM-dd HH:mm:ss,SSS", "ISO8601_BASIC": "yyyyMMdd'T'HHmmss,SSS",
}


def _date_regex(fmt: str) -> str:
    fmt = _NAMED_DATES.get(fmt, fmt)
    if "yy" not in fmt or "dd" not in fmt:
        raise ValueError(
            f"date format {fmt!r} has no date part; forensics needs full dates "
            "(use e.g. %d{yyyy-MM-dd HH:mm:ss,SSS})"
        )
    out, i = [], 0
    while i < len(fmt):
        if fmt[i] == "'":
            j = fmt.index("'", i + 1)
            out.append(re.escape(fmt[i + 1 : j]))
            i = j + 1
            continue
        for tok, rx in _DATE_TOKENS:
            if fmt.startswith(tok, i):
                out.append(rx)
                i += len(tok)
                break
        else:
            out.append(re.escape(fmt[i]))
            i += 1
    # T may be written either way by ISO8601 variants
    return "".join(out).replace(r"\ ", "[ T]")


def from_pattern(pattern: str) -> Layout:
    """A log4j 1/2 ``PatternLayout`` conversion pattern -> Layout.

    Understands %d{…}, %p/%level, %m/%msg, %c/%logger (with {n}), %C/%class, %t/%thread,
    %L, %F, %M, %X{…}, %x, %r, %n and width modifiers (``%-5p``).
    """
    parts: list[str] = []
    names: set[str] = set()
    mode: LoggerMode = "none"
    pos = 0
    start_len: int | None = None
    for m in _CONV.finditer(pattern):
        parts.append(re.escape(pattern[pos : m.start()]).replace(r"\ ", " +"))
        pos = m.end()
        conv, opt = m.group("conv"), m.group("opt")
        pad = r" *" if m.group("mod") else ""
        if conv == "%":
            parts.append("%")
        elif conv in ("d", "date"):
            parts.append(f"(?P<ts>{_date_regex(opt or '')})")
            names.add("ts")
        elif conv in ("p", "level", "le"):
            parts.append(f"{pad}(?P<level>{_LEVEL}){pad}")
            names.add("level")
        elif conv in ("m", "msg", "message"):
            parts.append("(?P<msg>.*?)")
            names.add("msg")
            start_len = len(parts) - 1
        elif conv in ("c", "logger", "lo", "C", "class"):
            if "logger" in names:
                parts.append(r"[\w.$]+")
            else:
                parts.append(rf"{pad}(?P<logger>[\w.$]+){pad}")
                names.add("logger")
                # %c{1} / %C{1} print the simple class name only
                mode = "simple" if opt else "full"
        elif conv in ("t", "thread"):
            parts.append(r"(?P<thread>.*?)" if "thread" not in names else r".*?")
            names.add("thread")
        elif conv in ("L", "line", "r", "relative", "sn", "sequenceNumber"):
            parts.append(r"\d+")
        elif conv in ("F", "file", "M", "method", "l", "location", "x", "X", "mdc", "MDC", "ndc",
                      "NDC", "pid", "processId", "tn", "threadName", "T", "tid", "threadId"):
            parts.append(r".*?")
        elif conv in ("n",):
            pass
        elif conv in ("throwable", "ex", "exception", "xEx", "xThrowable", "rEx", "rException"):
            pass
        else:
            raise ValueError(
                f"--layout: conversion %{conv} is not supported; replace it by the literal text "
                "it prints or leave it out"
            )
    parts.append(re.escape(pattern[pos:]).replace(r"\ ", " +").replace("%n", ""))
    missing = {"ts", "level", "msg"} - names
    if missing:
        conv = {"ts": "%d", "level": "%p", "msg": "%m"}
        lacking = ", ".join(conv[n] for n in sorted(missing))
        raise ValueError(
            f"--layout {pattern!r} lacks {lacking}: a record needs a date, a level and a message"
        )
    header = "^" + "".join(parts) + r"\s*$"
    # the start regex: everything before the message
    start = "^" + "".join(parts[: start_len or 1])
    return Layout(name="user", pattern=pattern, start=start, header=header, logger_mode=mode)


def strip_wrappers(line: str, wrappers: tuple[Wrapper, ...]) -> str:
    for w in wrappers:
        line = re.sub(w.regex, "", line, count=1)
    return line


def detect(sample: list[str], explicit: str | None = None) -> tuple[tuple[Wrapper, ...], Layout | None]:
    """Wrappers and layout of an input, from a sample of its first lines.

    ``explicit`` is a layout name or a log4j pattern (``--layout``); it raises
    ValueError with advice when the pattern cannot be used.
    """
    wrappers = tuple(sniff_wrappers(sample))
    if explicit:
        return wrappers, BY_NAME.get(explicit) or from_pattern(explicit)
    return wrappers, sniff([strip_wrappers(s, wrappers) for s in sample])[0]
