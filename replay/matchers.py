"""The trace's value matchers: how an ``expect`` record's value is compared with what
the engine has.

A plain value must be equal; a map is compared on the keys it gives; a list is compared
element by element (member lists are compared as sets by the caller, who knows which
lists are sets).  Matchers (DESIGN.md, "Expectations"): ``null`` (absent or null),
``{"not": v}``, ``{"one_of": [v, ...]}``, ``{"prefix": "s"}``, ``{"count": n}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: an expectation value that is an object with exactly one of these keys is a matcher.
MATCHER_KEYS: tuple[str, ...] = ("not", "one_of", "prefix", "count")

#: turns an expected scalar into the form the engine uses (a client alias into its member id)
Normalise = Callable[[Any], Any]


def matcher_of(value: Any) -> tuple[str, Any] | None:
    """``("not", v)`` etc. when ``value`` is a matcher object, else ``None`` (``null`` itself
    is the "absent or null" matcher and needs no unpacking)."""
    if isinstance(value, Mapping) and len(value) == 1:
        (key, operand), = value.items()
        if key in MATCHER_KEYS:
            return key, operand
    return None


def _identity(value: Any) -> Any:
    return value


def matches(expected: Any, actual: Any, normalise: Normalise = _identity, *, as_set: bool = False) -> bool:
    """Does ``actual`` satisfy ``expected``?  ``as_set`` compares lists without order."""
    if expected is None:
        return actual is None or actual == [] or actual == ()
    matcher = matcher_of(expected)
    if matcher is not None:
        key, arg = matcher
        if key == "not":
            return not matches(arg, actual, normalise, as_set=as_set)
        if key == "one_of":
            return any(matches(v, actual, normalise, as_set=as_set) for v in arg)
        if key == "prefix":
            return isinstance(actual, str) and actual.startswith(str(normalise(arg)))
        if key == "count":
            return isinstance(actual, (list, tuple, Mapping)) and len(actual) == arg
    if isinstance(expected, Mapping):
        if not isinstance(actual, Mapping):
            return False
        return all(k in actual and matches(v, actual[k], normalise) for k, v in expected.items())
    if isinstance(expected, (list, tuple)):
        if not isinstance(actual, (list, tuple)):
            return False
        want = [normalise(v) for v in expected]
        got = list(actual)
        if as_set:
            return sorted(map(repr, want)) == sorted(map(repr, got))
        return len(want) == len(got) and all(matches(w, g) for w, g in zip(want, got, strict=True))
    return normalise(expected) == actual
