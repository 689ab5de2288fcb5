"""Catalogue coverage of real logs: which records of catalogued loggers no entry
matches, grouped by message shape (numbers and ids masked).

    python -m kafka_forensics.parsers.coverage ../shared/corpus/real/

Prints, per logger, the unmatched shapes with counts and one example each; the
corpus tests use ``gaps()`` to list what falls short of the 99% target.
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from .chunks import split_lines
from .core import ParseOptions, parse_lines
from .ingest import IngestOptions, ingest
from .layouts import detect

_MASKS = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"\b\d+\b"), "N"),
)


def shape(msg: str) -> str:
    for rx, repl in _MASKS:
        msg = rx.sub(repl, msg)
    return msg[:160]


@dataclass
class FileCoverage:
    source: str
    catalogued: int  # records of catalogued loggers
    recognised: int
    gaps: list[tuple[int, str, str]]  # (line, logger, message)

    @property
    def ratio(self) -> float:
        return 1.0 if self.catalogued == 0 else self.recognised / self.catalogued


def file_coverage(path: Path) -> FileCoverage:
    """Every gap of one text log (not just the accounting's first samples)."""
    lines = split_lines(path.read_bytes()).lines
    wrappers, lay = detect(lines.head(400).to_list())
    if lay is None:
        return FileCoverage(str(path), 0, 0, [])
    opts = ParseOptions(layout=lay, wrappers=wrappers, gap_samples=10**9)
    acc = parse_lines(lines, str(path), 1, opts).accounting
    # every recognised record is of a catalogued logger
    return FileCoverage(str(path), acc.recognised + acc.gap_count, acc.recognised,
                        [(g.line, g.logger, g.excerpt) for g in acc.gaps])


def main(argv: list[str]) -> int:
    report = ingest(argv, None, IngestOptions())
    shapes: dict[str, Counter[str]] = defaultdict(Counter)
    example: dict[tuple[str, str], str] = {}
    for acc in report.files:
        if not acc.layout:
            continue
        cov = file_coverage(Path(acc.source.split("!")[0])) if "!" not in acc.source else None
        if cov is None:
            continue
        for line, logger, msg in cov.gaps:
            s = shape(msg)
            shapes[logger][s] += 1
            example.setdefault((logger, s), f"{acc.source}:{line}: {msg}")
        if cov.ratio < 0.99:
            print(f"{cov.ratio:7.2%} {cov.recognised}/{cov.catalogued}  {acc.source}")
    for logger, c in sorted(shapes.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"\n== {logger}  ({sum(c.values())} unrecognised)")
        for s, n in c.most_common():
            print(f"  {n:6d}  {s}")
            print(f"          e.g. {example[(logger, s)][:300]}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
