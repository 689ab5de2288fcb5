"""Where every input line went: recognised, unrecognised (by logger) or malformed.

For every file: ``physical_lines`` = the lines of all its records; ``records`` =
``recognised + unrecognised + malformed``.  Malformed records keep file:line and
a reason; the first few are shown, all are counted.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

MAX_SAMPLES = 5


@dataclass(frozen=True)
class Malformed:
    line: int
    reason: str
    excerpt: str
    offset: int | None = None  # byte offset, where it matters (binary data)


@dataclass(frozen=True)
class Unrecognised:
    """A record of a catalogued logger that no entry matched (the catalogue's gaps)."""

    line: int
    logger: str
    excerpt: str


MAX_UNRECOGNISED_SAMPLES = 20


@dataclass
class Accounting:
    """Counts for one input (or, merged, for several chunks of it)."""

    source: str
    physical_lines: int = 0
    records: int = 0
    recognised: int = 0
    unrecognised: Counter[str] = field(default_factory=Counter)
    malformed: int = 0
    skipped_lines: int = 0  # lines of an input that is not a log (a JSON document, ...)
    samples: list[Malformed] = field(default_factory=list)
    gaps: list[Unrecognised] = field(default_factory=list)  # catalogued loggers only
    gap_count: int = 0  # unrecognised records of catalogued loggers
    kinds: Counter[str] = field(default_factory=Counter)
    bytes: int = 0
    layout: str | None = None
    file_kind: str | None = None
    identity: str | None = None
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def unrecognised_total(self) -> int:
        return sum(self.unrecognised.values())

    def balanced(self) -> bool:
        return self.records == self.recognised + self.unrecognised_total + self.malformed

    def add(self, other: Accounting) -> None:
        self.physical_lines += other.physical_lines
        self.records += other.records
        self.recognised += other.recognised
        self.unrecognised.update(other.unrecognised)
        self.malformed += other.malformed
        self.skipped_lines += other.skipped_lines
        room = MAX_SAMPLES - len(self.samples)
        if room > 0:
            self.samples.extend(other.samples[:room])
        room = MAX_UNRECOGNISED_SAMPLES - len(self.gaps)
        if room > 0:
            self.gaps.extend(other.gaps[:room])
        self.gap_count += other.gap_count
        self.kinds.update(other.kinds)
        self.bytes += other.bytes
        self.errors.extend(other.errors)
        for n in other.notes:
            if n not in self.notes:
                self.notes.append(n)

    def to_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "bytes": self.bytes,
            "layout": self.layout,
            "file_kind": self.file_kind,
            "identity": self.identity,
            "physical_lines": self.physical_lines,
            "records": self.records,
            "recognised": self.recognised,
            "unrecognised": self.unrecognised_total,
            "unrecognised_by_logger": dict(sorted(self.unrecognised.items())),
            "malformed": self.malformed,
            "skipped_lines": self.skipped_lines,
            "malformed_samples": [
                {"line": s.line, "reason": s.reason, "excerpt": s.excerpt, "offset": s.offset}
                for s in self.samples
            ],
            "catalogue_gaps": self.gap_count,
            "catalogue_gap_samples": [
                {"line": g.line, "logger": g.logger, "excerpt": g.excerpt} for g in self.gaps
            ],
            "kinds": dict(sorted(self.kinds.items())),
            "errors": list(self.errors),
            "notes": list(self.notes),
        }
