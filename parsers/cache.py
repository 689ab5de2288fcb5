"""The event tables of raw inputs, cached by content: ``check``, ``timeline`` and ``events``
read the same pile of logs again and again, and ingesting it is the slow part.

The key is a BLAKE2 hash over what decides the table: every input file's name (it becomes
the ``source`` column) and bytes, the options (``--tz``, ``--layout``), and the parser code
itself (so a changed parser never serves a stale table).  The cache lives in
``$KAFKA_FORENSICS_CACHE``, else ``$XDG_CACHE_HOME/kafka-forensics``, else
``~/.cache/kafka-forensics``; ``KAFKA_FORENSICS_CACHE=off`` turns it off.  Standard input is
never cached.  Nothing is evicted: delete the folder to reclaim the space.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

from .sources import expand

_CHUNK = 1 << 20


def directory() -> Path | None:
    """Where tables are cached; None when caching is off or no home is known."""
    env = os.environ.get("KAFKA_FORENSICS_CACHE")
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0", "no", "false") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "kafka-forensics"
    try:
        return Path.home() / ".cache" / "kafka-forensics"
    except (RuntimeError, KeyError):
        return None


def key(sources: list[str], *, tz: str, layout: str | None) -> str | None:
    """The cache key of ``sources`` read with these options; None when they cannot be cached
    (standard input, a name that matches nothing: ingest reports those)."""
    inputs, errors = expand(sources)
    if errors or not inputs or any(i.is_stdin for i in inputs):
        return None
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{code_hash()}\0{tz}\0{layout}\0".encode())
    for inp in inputs:
        assert inp.path is not None
        h.update(inp.name.encode("utf-8", "surrogateescape") + b"\0")
        try:
            with open(inp.path, "rb") as f:
                while block := f.read(_CHUNK):
                    h.update(block)
        except OSError:
            return None  # unreadable: let ingest say so
        h.update(b"\0")
    return h.hexdigest()


@cache
def code_hash() -> str:
    """A hash of the parsers' own source: a new parser makes new keys."""
    h = hashlib.blake2b(digest_size=16)
    root = Path(__file__).resolve().parent
    for p in sorted(root.rglob("*.py")):
        h.update(p.relative_to(root).as_posix().encode() + b"\0" + p.read_bytes())
    return h.hexdigest()
