"""``simulate``: read a trace, run it, and write the logs its brokers and clients would have
written — the library side of the command."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .runner import RunError, RunResult, run_trace
from .trace import TraceError, read_trace


class SimulationError(Exception):
    """The trace cannot be read or run (a sentence naming the file, line and field)."""


def parse_sets(sets: Sequence[str]) -> dict[str, Any]:
    """``["k=v", ...]`` -> configs; values are read as JSON (numbers, true/false) or kept as text."""
    out: dict[str, Any] = {}
    for item in sets:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SimulationError(f"--set {item!r} is not KEY=VALUE; write e.g. "
                                  "--set max.poll.interval.ms=600000")
        try:
            out[key.strip()] = json.loads(value)
        except ValueError:
            out[key.strip()] = value
    return out


def simulate(path: Path, *, profile: str | None = None, sets: Sequence[str] = ()) -> RunResult:
    overrides = parse_sets(sets)
    try:
        trace = read_trace(path)
    except TraceError as e:
        raise SimulationError(str(e)) from None
    except OSError as e:
        raise SimulationError(f"cannot read the trace {path}: {e.strerror or e}") from None
    try:
        return run_trace(trace, overrides, profile)
    except (RunError, ValueError) as e:
        raise SimulationError(str(e)) from None


def emit(result: RunResult, out_dir: Path, *, request_log: bool = False) -> list[Path]:
    """Write the logs of ``result`` into ``out_dir`` (``--emit-logs``; ``--request-log`` adds the
    coordinator's request log)."""
    from .emit import emit_logs

    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        return emit_logs(result.effects, result.profile, out_dir, request_log=request_log)
    except OSError as e:
        raise SimulationError(f"cannot write the logs into {out_dir}: {e.strerror or e}; "
                              "give --emit-logs a directory you can write to") from None
