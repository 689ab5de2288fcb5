"""Bytes -> batches of physical lines that start at record boundaries.

A file is read in blocks and cut into chunks of about ``chunk_bytes``, each cut
placed just before a line that starts a record, so that a record (stack trace,
config dump) is never split between two batches and memory stays bounded by the
chunk size, whatever the file size.  A single record longer than a chunk makes
its chunk longer; it is not split.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass

import polars as pl

DEFAULT_CHUNK = 16 << 20


@dataclass(frozen=True)
class Chunk:
    data: bytes
    first_line: int  # 1-based number of the chunk's first physical line
    offset: int  # byte offset of the chunk in the (decompressed) input


def iter_chunks(
    blocks: Iterator[bytes], start: re.Pattern[bytes], chunk_bytes: int = DEFAULT_CHUNK
) -> Iterator[Chunk]:
    buf = bytearray()
    line = 1
    offset = 0
    try:
        for block in blocks:
            buf += block
            if len(buf) < chunk_bytes:
                continue
            cut = _last_record_start(buf, start)
            if cut <= 0:
                continue  # one record longer than a chunk: read on
            data = bytes(buf[:cut])
            del buf[:cut]
            yield Chunk(data, line, offset)
            line += data.count(b"\n")
            offset += len(data)
    finally:
        # Damage further on (InputDamaged) must not cost the good bytes read so far.
        if buf:
            yield Chunk(bytes(buf), line, offset)


def _last_record_start(buf: bytearray, start: re.Pattern[bytes]) -> int:
    """Position just after the newline that precedes the last record-start line (0: none)."""
    end = len(buf)
    while end > 0:
        nl = buf.rfind(b"\n", 0, end)
        if nl < 0:
            return 0
        if start.match(buf, nl + 1):
            return nl + 1
        end = nl
    return 0


def _latin1_fallback(err: UnicodeError) -> tuple[str, int]:
    assert isinstance(err, UnicodeDecodeError)
    bad = err.object[err.start : err.end]
    return bytes(bad).decode("latin-1"), err.end


codecs.register_error("kf-latin1", _latin1_fallback)


@dataclass(frozen=True)
class Lines:
    lines: pl.Series
    latin1: bool  # some bytes were not UTF-8 and were read as Latin-1


def split_lines(data: bytes) -> Lines:
    """Physical lines of a chunk (``\\r\\n`` or ``\\n``), as a string Series.

    Bytes that are not valid UTF-8 are read as Latin-1 (every byte is a character there),
    so that nothing is dropped: such logs come from platforms with a legacy encoding.
    """
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return Lines(_read_lines(data), False)
    except pl.exceptions.ComputeError:
        text = data.decode("utf-8", errors="kf-latin1")
        return Lines(_read_lines(text.encode("utf-8")), True)


def _read_lines(data: bytes) -> pl.Series:
    if not data:
        return pl.Series("text", [], dtype=pl.String)
    return pl.read_lines(data, name="text").to_series()
