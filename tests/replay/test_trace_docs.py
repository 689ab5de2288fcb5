"""docs/trace.md is generated from the trace reader's field tables and must stay equal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "trace.md"


def test_docs_trace_md_is_the_generated_reference():
    out = subprocess.run([sys.executable, "-m", "kafka_forensics.replay.trace"], capture_output=True,
                         text=True, check=True).stdout
    assert DOC.read_text() == out, "regenerate: python -m kafka_forensics.replay.trace > docs/trace.md"
