"""The recognition kernel (``parsers/_match.c`` run by ``parsers/kernel.py``) must decide
exactly as the Polars path it stands in for: the same entry for every record, the same
captures, and DEFER wherever it cannot be sure (non-ASCII text, a runaway match, an
entry it could not compile) so that the Polars path decides those.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers import kernel
from kafka_forensics.parsers.catalogue import CATALOGUE
from kafka_forensics.parsers.chunks import split_lines
from kafka_forensics.parsers.core import ParseOptions, parse_lines
from kafka_forensics.parsers.layouts import KAFKA, detect
from kafka_forensics.parsers.templates import Template

from .support import line

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "real"

needs_kernel = pytest.mark.skipif(not kernel.enabled(), reason="the kernel is turned off here")


def test_the_kernel_is_built() -> None:
    # gcc and Python's headers are on every machine this project installs on; a build
    # that silently fell back to Polars alone would lose the speed without a word
    assert kernel._match is not None, "parsers/_match.c did not build: see `pip install -e .`'s output"


def test_every_entry_compiles() -> None:
    failed = [t.id for t in CATALOGUE.templates if kernel.entry_program(t).msg is None]
    assert failed == []


def _kernel_extract(t: Template, texts: list[str], conts: list[str | None] | None = None) -> list[Any]:
    """Per text: DEFER, None (no match) or the dict of its captures, by a kernel of ``t`` alone."""
    k = kernel.LoggerKernel((t,))
    msg = kernel.Views(pl.Series(texts, dtype=pl.String))
    cont = kernel.Views(pl.Series(conts if conts is not None else [None] * len(texts), dtype=pl.String))
    entry, caps = k.run(msg, cont)
    prog = k.programs[0]
    assert prog.msg is not None
    out: list[Any] = []
    for i, e in enumerate(entry):
        if e == kernel.DEFER:
            out.append(kernel.DEFER)
        elif e == kernel.NO_MATCH:
            out.append(None)
        else:
            rows = pl.Series([i]).to_numpy()
            cut = {name: msg.cut(rows, caps[rows], 2 * g)[0] for g, name in enumerate(prog.msg.groups)}
            out.append(cut)
    return out


def _polars_extract(t: Template, texts: list[str]) -> list[Any]:
    got = pl.Series(texts, dtype=pl.String).str.extract_groups(t.regex).to_list()
    return [None if g is None or g.get("gm") is None else g for g in got]


ASCII = st.characters(min_codepoint=1, max_codepoint=127)
ENTRIES = [t for t in CATALOGUE.templates if not t.cont_regex]


def _edits(text: str, data: st.DataObject) -> str:
    """A few random edits: what a near miss of a template looks like."""
    for _ in range(data.draw(st.integers(0, 3))):
        i = data.draw(st.integers(0, len(text)))
        text = data.draw(st.sampled_from([
            text[:i] + text[i + 1:],
            text[:i] + data.draw(st.text(ASCII, min_size=1, max_size=3)) + text[i:],
            text[:i],
            text + " ",
        ]))
    return text


@needs_kernel
@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_captures_equal_the_regex_crate(data: st.DataObject) -> None:
    t = data.draw(st.sampled_from(ENTRIES))
    text = data.draw(st.from_regex(t.regex, fullmatch=True, alphabet=ASCII))
    text = _edits(text, data)
    assert _kernel_extract(t, [text]) == _polars_extract(t, [text]), (t.id, text)


@needs_kernel
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_non_ascii_text_is_deferred(data: st.DataObject) -> None:
    # The regex crate's \d, \w and \s are Unicode classes; ASCII classes would decide
    # otherwise on such text, so the kernel leaves it to the crate.
    t = data.draw(st.sampled_from(ENTRIES))
    text = data.draw(st.from_regex(t.regex, fullmatch=True))
    if text.isascii():
        text += "é"
    assert _kernel_extract(t, [text]) == [kernel.DEFER]


@needs_kernel
def test_a_runaway_match_is_deferred(monkeypatch: pytest.MonkeyPatch) -> None:
    # An ISR list of 100,000 replicas: the backtracker goes round `(?:\s*,\s*-?\d+)*`
    # once per replica, past its step budget, and hands the record to the regex crate,
    # which recognises it as ever
    t = next(t for t in CATALOGUE.templates if t.id == "isr.updated.zk")
    isr = ",".join(["1"] * 100_000)
    msg = f"[Partition orders-0 broker=1] ISR updated to [{isr}] and zkVersion updated to [18]"
    assert _kernel_extract(t, [msg]) == [kernel.DEFER]
    a, b = _both(line("INFO", msg, "kafka.cluster.Partition") + "\n", monkeypatch)
    assert b["template"].to_list() == ["isr.updated.zk"]
    assert a.equals(b)


def _events(text: str) -> pl.DataFrame:
    lines = split_lines(text.encode()).lines
    wrappers, lay = detect(lines.to_list(), None)
    return parse_lines(lines, "t.log", 1, ParseOptions(layout=lay or KAFKA, wrappers=wrappers)).events


def _both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[pl.DataFrame, pl.DataFrame]:
    monkeypatch.setenv("KAFKA_FORENSICS_KERNEL", "0")
    polars_only = _events(text)
    monkeypatch.setenv("KAFKA_FORENSICS_KERNEL", "1")
    return polars_only, _events(text)


@needs_kernel
def test_every_example_line_is_recognised_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "\n".join(ex for t in CATALOGUE.templates for ex in t.examples) + "\n"
    a, b = _both(text, monkeypatch)
    assert a.height > len(CATALOGUE.templates)
    assert a.equals(b)


@needs_kernel
def test_an_entry_that_did_not_compile_is_left_to_polars(monkeypatch: pytest.MonkeyPatch) -> None:
    # Kafka 2.5's segment roll: its entry, had it not compiled, sends the record to the
    # Polars path, which recognises it as ever
    t = next(t for t in CATALOGUE.templates if t.id == "segment.rolled")
    monkeypatch.setitem(kernel._PROGRAMS, kernel.program_key(t), kernel.EntryProgram(None, None))
    monkeypatch.setattr(kernel, "_KERNELS", {})
    msg = ("[Log partition=orders-3, dir=/var/lib/kafka] Rolled new log segment at offset 4518 "
           "in 2 ms.")
    a, b = _both(line("INFO", msg, "kafka.log.Log") + "\n", monkeypatch)
    assert b["template"].to_list() == ["segment.rolled"]
    assert a.equals(b)


def _corpus_logs() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*")
                  if p.is_file() and (p.suffix in (".log", ".txt") or ".log." in p.name))


@needs_kernel
@pytest.mark.corpus
@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/real is absent")
def test_the_corpus_is_recognised_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    compared = 0
    for path in _corpus_logs():
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        a, b = _both(text, monkeypatch)
        assert a.equals(b), path
        compared += a.height
    assert compared > 1000


def test_the_switch_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAFKA_FORENSICS_KERNEL", "0")
    assert not kernel.enabled()
    monkeypatch.setenv("KAFKA_FORENSICS_KERNEL", "1")
    assert kernel.enabled() == (kernel._match is not None)
    assert os.environ["KAFKA_FORENSICS_KERNEL"] == "1"


def _fresh(monkeypatch: pytest.MonkeyPatch, cache_dir: Path) -> None:
    monkeypatch.setenv("KAFKA_FORENSICS_CACHE", str(cache_dir))
    monkeypatch.setattr(kernel, "_PROGRAMS", {})
    monkeypatch.setattr(kernel, "_KERNELS", {})
    monkeypatch.setattr(kernel, "_loaded", False)


@needs_kernel
def test_compiled_programs_are_kept_on_disk_and_read_back(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    templates = CATALOGUE.for_logger("kafka.log.LogSegment", "full")
    _fresh(monkeypatch, tmp_path)
    first = kernel.for_templates(templates).programs
    assert len(list(tmp_path.glob("kernel-*.marshal"))) == 1
    _fresh(monkeypatch, tmp_path)
    monkeypatch.setattr(kernel, "compile_pattern", lambda p: pytest.fail(f"compiled again: {p}"))
    assert kernel.for_templates(templates).programs == first


@needs_kernel
def test_a_damaged_program_store_is_compiled_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    templates = CATALOGUE.for_logger("kafka.log.LogSegment", "full")
    _fresh(monkeypatch, tmp_path)
    first = kernel.for_templates(templates).programs
    store = next(tmp_path.glob("kernel-*.marshal"))
    store.write_bytes(store.read_bytes()[:100])
    _fresh(monkeypatch, tmp_path)
    assert kernel.for_templates(templates).programs == first


@pytest.mark.parametrize("pattern", [
    r"^(?i)rolled\s*$",            # inline flags
    r"^[[:alpha:]]+\s*$",          # a nested (POSIX) class: a literal `[` for Python
    r"^\bsegment\s*$",             # word boundary
    r"^[a-z&&[^x]]+\s*$",          # the crate's class intersection
    r"^\p{L}+\s*$",                # Unicode property
])
def test_syntax_python_reads_otherwise_is_not_compiled(pattern: str) -> None:
    # the kernel compiles from Python's parse of a pattern; where Python's reading of
    # the syntax is not the regex crate's, the entry is left to the crate (DEFER)
    with pytest.raises(kernel.Unsupported):
        kernel.compile_pattern(pattern)


def test_an_escaped_bracket_before_a_class_compiles() -> None:
    # `\[[^\]|]+\|` (the consumer's `[thread|…]` prefix) is not a nested class
    prog = kernel.compile_pattern(r"^\[[^\]|]+\|x\]\s*$")
    assert prog.groups == ()
