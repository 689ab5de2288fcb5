"""Effects are frozen values: the cheap constructor the engine's hot paths use
(``Response.build``) must give exactly what the dataclass constructor gives."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.effects import Response, StateChanged

_text = st.text(max_size=8)


@given(st.integers(0, 10**9), _text, _text, st.sampled_from(["NONE", "ILLEGAL_GENERATION"]),
       st.none() | st.integers(-1, 50), st.none() | st.lists(_text, max_size=3).map(tuple))
def test_build_equals_the_dataclass_constructor(at, client, request, error, generation, members):
    built = Response.build(at, client, request, error, generation=generation, members=members)
    made = Response(at, client, request, error, generation=generation, members=members)
    assert built == made and hash(built) == hash(made)
    assert type(built) is Response
    assert built.to_json() == made.to_json()


def test_a_built_effect_stays_frozen():
    r = Response.build(5, "c", "join")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.error = "NONE"  # type: ignore[misc]


def test_the_constructor_keeps_its_defaults_and_keywords():
    s = StateChanged(3, group="g", from_state="Empty", to_state="PreparingRebalance")
    assert (s.at, s.group, s.generation, s.reason) == (3, "g", 0, None)
    assert (Response(7).client, Response(7).error, Response(7).group) == ("", "NONE", None)
