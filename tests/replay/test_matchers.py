"""The trace's value matchers (DESIGN.md, "Expectations")."""

from __future__ import annotations

from kafka_forensics.replay.matchers import matches


def test_plain_values_must_be_equal():
    assert matches(2, 2)
    assert not matches(2, 3)


def test_null_matches_absent_or_empty():
    assert matches(None, None)
    assert matches(None, [])
    assert not matches(None, "m-1")


def test_not_matcher_inverts():
    assert matches({"not": "Stable"}, "Empty")
    assert not matches({"not": "Stable"}, "Stable")


def test_one_of_matcher_accepts_any_listed_value():
    """Protocol selection with a tied vote may pick either (GroupMetadataTest)."""
    assert matches({"one_of": ["range", "roundrobin"]}, "roundrobin")
    assert not matches({"one_of": ["range", "roundrobin"]}, "sticky")


def test_prefix_matcher_checks_the_start_of_a_string():
    assert matches({"prefix": "consumer-1-"}, "consumer-1-0f3b")
    assert not matches({"prefix": "consumer-2-"}, "consumer-1-0f3b")


def test_count_matcher_checks_a_list_length():
    assert matches({"count": 3}, ["a", "b", "c"])
    assert not matches({"count": 2}, ["a", "b", "c"])


def test_maps_are_compared_on_the_keys_given():
    assert matches({"1": 10}, {"1": 10, "2": 7})
    assert not matches({"1": 10}, {"1": 9})
    assert not matches({"3": 1}, {"1": 10})


def test_lists_compare_in_order_unless_a_set():
    assert not matches(["a", "b"], ["b", "a"])
    assert matches(["a", "b"], ["b", "a"], as_set=True)


def test_aliases_are_normalised_before_comparing():
    ids = {"c1": "c1-uuid"}
    assert matches(["c1"], ["c1-uuid"], lambda v: ids.get(v, v), as_set=True)
    assert matches({"prefix": "c1"}, "c1-uuid", lambda v: v)
