"""Shared fixtures: the real corpus (skipped when ../shared is absent)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus" / "real"


def corpus_files(pattern: str = "**/*") -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.glob(pattern) if p.is_file() and p.name != "PROVENANCE.md")


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus/real is absent: the real-log corpus is not on this machine")
    return CORPUS
