"""Bytes -> batches of physical lines that start at record boundaries.

A file is cut into chunks at fixed anchors: for every multiple of ``chunk_bytes``,
the cut goes just before the first line that starts a record at or after that
offset (and a stream's start is always a cut).  So a record (stack trace, config
dump) is never split between two batches, memory stays bounded by the chunk size,
and — because a cut depends only on the bytes from its anchor on — anyone can find
a cut by seeking to its anchor: the local path finds them while streaming, Spark
executors find them by reading a byte range (``cut_after``), and both get the same
chunks.  A single record longer than a chunk makes its chunk longer; it is not split.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np
import polars as pl

DEFAULT_CHUNK = 16 << 20
_SCAN_BLOCK = 1 << 20


@dataclass(frozen=True)
class Chunk:
    data: bytes
    first_line: int  # 1-based number of the chunk's first physical line
    offset: int  # byte offset of the chunk in the (decompressed) input


def iter_chunks(
    blocks: Iterator[bytes], start: re.Pattern[bytes], chunk_bytes: int = DEFAULT_CHUNK
) -> Iterator[Chunk]:
    buf = bytearray()
    base = 0  # stream offset of buf[0]: the last cut
    line = 1
    anchor = chunk_bytes  # the next anchor, a multiple of chunk_bytes above base
    resume: int | None = None  # where the search for the anchor's cut goes on (index in buf)

    def cuts(eof: bool) -> Iterator[Chunk]:
        nonlocal base, line, anchor, resume
        while base + len(buf) >= anchor:
            cut, resume = find_cut(buf, anchor - base if resume is None else resume, start, eof=eof)
            if cut is None or cut == len(buf):
                return  # undecided until more bytes come, or no record starts after the anchor
            with memoryview(buf) as whole, whole[:cut] as head:
                data = bytes(head)  # one copy (``bytes(buf[:cut])`` makes two)
            del buf[:cut]
            yield Chunk(data, line, base)
            line += count_newlines(data)
            base += cut
            anchor = (base // chunk_bytes + 1) * chunk_bytes
            resume = None

    def rest() -> Iterator[Chunk]:
        yield from cuts(eof=True)
        if buf:
            yield Chunk(bytes(buf), line, base)

    try:
        for block in blocks:
            buf += block
            yield from cuts(eof=False)
    except Exception:
        # Damage further on (InputDamaged) must not cost the good bytes read so far:
        # they are cut as if the stream ended there, then the error goes on.
        yield from rest()
        raise
    yield from rest()


def find_cut(
    buf: bytes | bytearray, frm: int, start: re.Pattern[bytes], *, eof: bool
) -> tuple[int | None, int]:
    """Where the first line that starts a record at or after index ``frm`` (≥ 1) begins.

    Returns ``(index, _)``; ``(len(buf), _)`` when no record starts there and ``buf``
    ends the stream (``eof``); ``(None, resume)`` when the answer needs more bytes:
    call again with them and ``frm=resume``.  Only whole lines are tested (the last
    line counts as whole at the end of the stream), so the answer never depends on
    how much was read ahead.
    """
    if buf[frm - 1] == 0x0A:
        q = frm
    else:
        nl = buf.find(b"\n", frm)
        if nl < 0:
            return (len(buf), frm) if eof else (None, frm)
        q = nl + 1
    while q < len(buf):
        end = buf.find(b"\n", q)
        if end < 0:
            if not eof:
                return None, q
            end = len(buf)
        if start.match(buf, q, end):
            return q, q
        q = end + 1
    return (len(buf), q) if eof else (None, q)


def cut_after(f: BinaryIO, anchor: int, start: re.Pattern[bytes]) -> tuple[int, int]:
    """The cut that ``anchor`` (0 < anchor < file size) makes in a seekable file, and
    the number of newlines between the anchor and the cut (for line numbers)."""
    f.seek(anchor - 1)
    buf = bytearray(f.read(_SCAN_BLOCK))
    if not buf:  # the file is shorter than planned: the cut is its end
        return anchor, 0
    resume, eof = 1, False
    while True:
        cut, resume = find_cut(buf, resume, start, eof=eof)
        if cut is not None:
            return anchor - 1 + cut, buf.count(b"\n", 1, cut)
        more = f.read(_SCAN_BLOCK)
        eof = not more
        buf += more


def _latin1_fallback(err: UnicodeError) -> tuple[str, int]:
    assert isinstance(err, UnicodeDecodeError)
    bad = err.object[err.start : err.end]
    return bytes(bad).decode("latin-1"), err.end


codecs.register_error("kf-latin1", _latin1_fallback)


@dataclass(frozen=True)
class Lines:
    lines: pl.Series
    latin1: bool  # some bytes were not UTF-8 and were read as Latin-1
    clean: bool = False  # no line holds a control character (``core``'s binary test is moot)


def split_lines(data: bytes) -> Lines:
    """Physical lines of a chunk (``\\r\\n`` or ``\\n``), as a string Series.

    Bytes that are not valid UTF-8 are read as Latin-1 (every byte is a character there),
    so that nothing is dropped: such logs come from platforms with a legacy encoding.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    # Latin-1 read as UTF-8 adds no byte below 0x80, so the raw bytes answer for both.
    clean = not has_control(data)
    try:
        return Lines(_read_lines(data), False, clean)
    except pl.exceptions.ComputeError:
        text = data.decode("utf-8", errors="kf-latin1")
        return Lines(_read_lines(text.encode("utf-8")), True, clean)


def has_control(data: bytes) -> bool:
    """Does ``data`` hold a control character other than TAB, LF, VT, FF and CR (what
    ``core`` calls binary data)?  Three byte counts over the whole chunk, ~15x cheaper than
    testing every line with a regex."""
    whole = np.frombuffer(data, np.uint8)
    for at in range(0, len(whole), _CONTROL_BLOCK):  # in blocks: small temporaries, in cache
        a = whole[at : at + _CONTROL_BLOCK]
        below = np.count_nonzero(a < 0x20)
        if below and below != np.count_nonzero((a - np.uint8(9)) < 5):  # 9..13, by wrap-around
            return True
        if np.count_nonzero(a == 0x7F):
            return True
    return False


_CONTROL_BLOCK = 1 << 18


def count_newlines(data: bytes) -> int:
    """``data.count(b"\\n")``, vectorised (bytes.count tests a byte at a time: 2.5x slower)."""
    whole = np.frombuffer(data, np.uint8)
    return sum(int(np.count_nonzero(whole[at : at + _CONTROL_BLOCK] == 0x0A))
               for at in range(0, len(whole), _CONTROL_BLOCK))


def _read_lines(data: bytes) -> pl.Series:
    if not data:
        return pl.Series("text", [], dtype=pl.String)
    return pl.read_lines(data, name="text").to_series()
