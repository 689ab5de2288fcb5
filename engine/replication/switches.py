"""A profile's switches as plain booleans, for the replication hot paths (a fetch asks
several per call, and ``Profile.has`` hashes an enum member each time).  ``switches(p).X``
is ``p.has(Switch.X)``; the answer for a profile is built once (profiles are frozen)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ..profiles import Profile, Switch

_BUILT: dict[int, tuple[Profile, Any]] = {}


def switches(profile: Profile) -> Any:
    """An object whose attribute ``X`` is ``profile.has(Switch.X)`` for every switch."""
    built = _BUILT.get(id(profile))
    if built is not None and built[0] is profile:
        return built[1]
    flags = SimpleNamespace(**{s.name: profile.has(s) for s in Switch})
    _BUILT[id(profile)] = (profile, flags)  # the profile is kept, so its id stays its own
    return flags
