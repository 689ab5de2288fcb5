"""The shortcuts recognition takes instead of a regex must decide exactly as the regex.

* ``Template.required``: every text an entry's exact pattern matches holds each of
  the literal runs it lists (a row without one is skipped before any regex runs);
* the `topic-N` token test and split in ``recognise`` equal the regexes they replace.
"""

from __future__ import annotations

import json
import re

import polars as pl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kafka_forensics.parsers.catalogue import CATALOGUE
from kafka_forensics.parsers.kinds import Kind
from kafka_forensics.parsers.recognise import _blank_tails, _ends_with_partition
from kafka_forensics.parsers.templates import Template

from .support import one


def _python_regex(t: Template) -> re.Pattern[str] | None:
    try:
        return re.compile(t.regex)
    except re.error:  # Rust-only syntax: hypothesis cannot generate from it
        return None


WITH_REQUIRED = [t for t in CATALOGUE.templates if t.required and _python_regex(t) is not None]


def test_most_entries_have_required_runs() -> None:
    assert len(WITH_REQUIRED) > len(CATALOGUE.templates) // 3


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_match_holds_the_required_runs(data: st.DataObject) -> None:
    t = data.draw(st.sampled_from(WITH_REQUIRED))
    text = data.draw(st.from_regex(t.regex, fullmatch=True))
    for run in t.required:
        assert run in text, (t.id, run, text)


@pytest.mark.parametrize("t", CATALOGUE.templates, ids=lambda t: t.id)
def test_examples_hold_the_required_runs(t: Template) -> None:
    for run in t.required:
        assert any(run in ex for ex in t.examples), (t.id, run)


def _t(text: str) -> Template:
    return Template(id="x", kind=next(iter(Kind)), versions="1.0+", loggers=("a.B",), text=text)


@pytest.mark.parametrize(
    ("text", "required"),
    [
        ("Rolled segment at offset {offset} in {duration_ms} ms.", (" in ", " ms.")),
        # a quantifier on a run's last character: the run is not required as written
        ("Deleting segments{~?~} now {offset}", (" now ",)),
        # runs inside a group a raw piece opens are optional
        ("Broker {node} cached {~(?: for partition ~}{tp}{~)?~} done", ("Broker ", " done")),
        ("Deleted {~(?:log|offset index)~} {details.path:text}.", ()),
        # an alternative of the whole body, a flag, an unbalanced piece: nothing is required
        ("Left side {offset}{~|~}right side {offset}", ()),
        ("Case {~(?i)~}insensitive {offset}", ()),
        ("Open {~(?:~} group {offset}", ()),
        ("Class {~[()|]~} here {offset} and there", ("Class ", " here ")),
    ],
)
def test_required_runs(text: str, required: tuple[str, ...]) -> None:
    assert _t(text).required == required


tokens = st.text(st.sampled_from("ab.-_019"), max_size=8) | st.text(max_size=6)


@given(st.lists(tokens | st.none(), max_size=20))
def test_topic_partition_token_without_regex(toks: list[str | None]) -> None:
    s = pl.Series("t", toks, dtype=pl.String)
    t = pl.col("t")
    ours = pl.DataFrame({"t": s}).select(_ends_with_partition(t)).to_series()
    assert ours.to_list() == s.str.contains(r"-[0-9]+$").to_list()
    # on the tokens that end with `-N`, the digits recognise takes are the regex's
    ending = s.filter(ours.fill_null(False))
    digits = t.str.len_bytes() - t.str.strip_chars_end("0123456789").str.len_bytes()
    split = pl.DataFrame({"t": ending}).select(t.str.tail(digits)).to_series()
    assert split.to_list() == ending.str.extract(r"-([0-9]+)$", 1).to_list()


COMPILED = [t for t in CATALOGUE.templates if _python_regex(t) is not None]


@settings(max_examples=800, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fast_patterns_read_what_the_exact_pattern_reads(data: st.DataObject) -> None:
    """Where a fast pattern (or a prefix variant's) matches, it captures what the exact
    pattern captures (lazy tail groups less their trailing blanks, as ``recognise`` strips
    them; greedy ones less the final literal they hold; `topic-N` tokens whole, as it splits
    them)."""
    t = data.draw(st.sampled_from(COMPILED))
    text = data.draw(st.from_regex(t.regex, fullmatch=True))
    exact = re.fullmatch(t.regex, text)
    assert exact is not None
    for fast in (t.fast_regex, *(rx for _, rx in t.fast_variants)):
        m = re.match(fast, text)
        if m is None:
            continue
        for g, v in m.groupdict().items():
            if g == "gm" or v is None:
                continue
            if g.endswith("tp"):
                topic, part = exact.group(g[: -len("tp")]), exact.group(f"g{int(g[1:-2]) + 1}")
                assert v == f"{topic}-{part}", (t.id, g, text)
                continue
            want = exact.group(g)
            if g in t.fast_suffix:  # read only if it ends with the literal; less it, the capture
                suffix = t.fast_suffix[g]
                if not v.rstrip().endswith(suffix):
                    continue
                v = v.rstrip()[: -len(suffix)]
            if g in _blank_tails(t) and not v.rstrip():  # not read: the exact pattern takes it
                continue
            assert (v.rstrip() if g in t.fast_rstrip else v) == want, (t.id, g, fast, text)


@pytest.mark.parametrize(
    ("path", "blanks"),
    [("/d/t-0/00.log.deleted", ""), ("/d/t-0/00.log.", ""), ("/d/t-0/0 0..", "  "), ("a. b", "\t")],
)
def test_a_greedy_group_before_a_final_literal_captures_as_the_exact_pattern(path: str, blanks: str) -> None:
    line = f"[2025-04-09 10:00:03,251] INFO Deleted log {path}.{blanks} (kafka.log.LogSegment)"
    t = CATALOGUE.get("segment.file_deleted")
    assert t.fast_suffix  # the shortcut under test
    row = one(line)
    assert row["template"] == t.id
    msg = line.split(" INFO ", 1)[1].rsplit(" (", 1)[0]
    exact = re.fullmatch(t.regex, msg)
    assert exact is not None
    assert json.loads(row["details"])["path"] == exact.group("g0") == path


def test_a_blank_lazy_tail_is_taken_as_the_exact_pattern_takes_it() -> None:
    line = ("[2017-06-12 10:00:00,001] ERROR Not authorized to commit offsets for group   "
            "(org.apache.kafka.clients.consumer.internals.ConsumerCoordinator)")
    t = CATALOGUE.get("consumer.commit_failed.group_authorization.0_10")
    msg = line.split(" ERROR ", 1)[1].rsplit(" (", 1)[0]
    exact = re.fullmatch(t.regex, msg)
    assert exact is not None and exact.group("g0") == " "
    row = one(line)
    assert (row["template"], row["group"]) == (t.id, " ")
