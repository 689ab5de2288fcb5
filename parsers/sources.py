"""Inputs: files, directories, globs, ``-`` (stdin), gzip and tar bundles.

An input is opened as a stream of decompressed bytes.  Damage is reported with the
exact place (``file.gz: compressed data corrupt at byte 81920``) and everything
readable before it is still delivered: a reader raises ``InputDamaged`` only after
it has yielded every good byte.
"""

from __future__ import annotations

import glob
import os
import sys
import tarfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

BLOCK = 1 << 20
GZIP_MAGIC = b"\x1f\x8b"


class InputError(Exception):
    """An input that cannot be read at all (missing, unreadable, unsupported)."""


class InputDamaged(Exception):
    """An input that was read up to a point; ``offset`` is where the damage starts."""

    def __init__(self, message: str, offset: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Input:
    name: str  # how reports name it: the path, `bundle.tgz!member`, or <stdin>
    path: Path | None  # None for stdin
    member: str | None = None  # member of a tar archive

    @property
    def is_stdin(self) -> bool:
        return self.path is None


def expand(args: list[str]) -> tuple[list[Input], list[str]]:
    """Paths, directories (recursively), globs and ``-`` -> inputs in a stable order.

    Returns the inputs and the error messages for arguments that named nothing.
    """
    inputs: list[Input] = []
    errors: list[str] = []
    seen: set[str] = set()

    def add(p: Path) -> None:
        key = str(p)
        if key not in seen:
            seen.add(key)
            inputs.append(Input(name=key, path=p))

    for arg in args:
        if arg == "-":
            inputs.append(Input(name="<stdin>", path=None))
            continue
        if any(ch in arg for ch in "*?[") and not os.path.exists(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                errors.append(f"{arg}: the pattern matches no file")
            for m in matches:
                _add_path(Path(m), add)
            continue
        p = Path(arg)
        if not p.exists() and not p.is_symlink():
            errors.append(f"{arg}: no such file or directory")
            continue
        _add_path(p, add)
    return inputs, errors


def _add_path(p: Path, add: object) -> None:
    if p.is_dir():
        for root, dirs, files in os.walk(p):
            dirs.sort()
            for f in sorted(files):
                add(Path(root) / f)  # type: ignore[operator]
    else:
        add(p)  # type: ignore[operator]


def open_raw(inp: Input) -> BinaryIO:
    if inp.path is None:
        return sys.stdin.buffer
    try:
        return open(inp.path, "rb")
    except PermissionError:
        raise InputError(f"{inp.name}: permission denied (check the file's mode and owner)") from None
    except IsADirectoryError:
        raise InputError(f"{inp.name}: is a directory") from None
    except OSError as e:
        raise InputError(f"{inp.name}: cannot open ({e.strerror})") from None


def is_gzip(head: bytes) -> bool:
    return head[:2] == GZIP_MAGIC


def is_tar(head: bytes) -> bool:
    return len(head) >= 262 and head[257:262] == b"ustar"


def iter_blocks(stream: BinaryIO, name: str, first: bytes = b"") -> Iterator[bytes]:
    """Plain bytes of a stream, block by block."""
    if first:
        yield first
    while True:
        try:
            b = stream.read(BLOCK)
        except OSError as e:
            raise InputDamaged(f"{name}: read error ({e.strerror})") from None
        if not b:
            return
        yield b


def iter_gunzip(blocks: Iterator[bytes], name: str) -> Iterator[bytes]:
    """Decompress a gzip stream (several members allowed), reporting damage exactly.

    Every byte that decompressed cleanly is yielded before ``InputDamaged`` is raised.
    """
    d = zlib.decompressobj(wbits=31)
    consumed = 0  # compressed bytes fed so far
    produced = 0
    started = False
    for block in blocks:
        data = block
        while data:
            try:
                out = d.decompress(data)
            except zlib.error as e:
                raise InputDamaged(
                    f"{name}: compressed data corrupt near byte {consumed} of the file ({e}); "
                    f"the {produced} bytes before it were read",
                    consumed,
                ) from None
            started = True
            if out:
                produced += len(out)
                yield out
            if d.eof:
                used = len(data) - len(d.unused_data)
                consumed += used
                data = d.unused_data
                d = zlib.decompressobj(wbits=31)
                started = False
                if data and not data.startswith(GZIP_MAGIC):
                    # trailing garbage after the last member
                    raise InputDamaged(
                        f"{name}: {len(data)} bytes of non-gzip data after the end of the compressed "
                        f"stream at byte {consumed}; the {produced} bytes before it were read",
                        consumed,
                    )
            else:
                consumed += len(data)
                data = b""
    if started and not d.eof:
        raise InputDamaged(
            f"{name}: compressed data ends unexpectedly at byte {consumed} (truncated .gz); "
            f"the {produced} bytes before it were read",
            consumed,
        )


@dataclass(frozen=True)
class Member:
    name: str
    blocks: Iterator[bytes]


def iter_tar(inp: Input, raw: BinaryIO) -> Iterator[Member]:
    """Regular-file members of a tar (optionally compressed) archive, in archive order."""
    try:
        tf = tarfile.open(fileobj=raw, mode="r|*")
    except tarfile.TarError as e:
        raise InputDamaged(f"{inp.name}: not a readable tar archive ({e})", 0) from None
    try:
        for m in tf:
            if not m.isfile():
                continue
            f = tf.extractfile(m)
            if f is None:
                continue
            yield Member(m.name, iter_blocks(f, f"{inp.name}!{m.name}"))
    except (tarfile.TarError, EOFError, zlib.error, OSError) as e:
        raise InputDamaged(f"{inp.name}: archive damaged ({e}); the members before it were read") from None
    finally:
        tf.close()


class Peekable:
    """A block iterator whose head can be inspected before it is consumed."""

    def __init__(self, blocks: Iterator[bytes]) -> None:
        self._it = blocks
        self._buf: list[bytes] = []
        self._pending_error: BaseException | None = None

    def peek(self, n: int) -> bytes:
        have = sum(len(b) for b in self._buf)
        while have < n and self._pending_error is None:
            try:
                b = next(self._it)
            except StopIteration:
                break
            except InputDamaged as e:  # deliver the good bytes first
                self._pending_error = e
                break
            self._buf.append(b)
            have += len(b)
        return b"".join(self._buf)[:n]

    def __iter__(self) -> Iterator[bytes]:
        while self._buf:
            yield self._buf.pop(0)
        if self._pending_error is not None:
            raise self._pending_error
        yield from self._it
