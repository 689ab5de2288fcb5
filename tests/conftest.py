"""Shared fixtures: the real corpus (skipped when ../shared is absent) and one local
SparkSession for the whole run (skipped when Java is absent)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]

# Tests read logs on the fly many times over; they must not fill the user's cache (the
# cache's own tests point it at a temporary folder).
os.environ["KAFKA_FORENSICS_CACHE"] = "off"
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


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    """One ``local[2]`` SparkSession per test run: starting a JVM costs seconds."""
    home = os.environ.get("JAVA_HOME")
    if not shutil.which("java") and not (home and (Path(home) / "bin" / "java").exists()):
        pytest.skip("Java is not installed: the Spark tests need a JRE 17+ "
                    "(apt-get install openjdk-17-jre-headless)")
    from kafka_forensics.parsers import spark as sp

    try:
        session = sp.session_for("local[2]", app="kafka-forensics-tests")
    except sp.SparkError as e:
        pytest.skip(str(e))
    yield session
    session.stop()
