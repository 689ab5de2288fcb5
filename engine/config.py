"""The configs in force: the profile's defaults, overridden by the trace header's
``config``, by ``set`` stimuli and by ``--set`` (Kafka's config names throughout)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .profiles import Profile


@dataclass
class Config:
    """Broker and client configs by their Kafka names."""

    profile: Profile
    overrides: dict[str, object] = field(default_factory=dict)

    def update(self, values: Mapping[str, object]) -> None:
        self.overrides.update(values)

    def get(self, key: str, default: object = None) -> object:
        if key in self.overrides:
            return self.overrides[key]
        return self.profile.defaults.get(key, default)

    def int(self, key: str, default: int | None = None) -> int:
        # (``get`` inlined: a JoinGroup reads two of these)
        overrides = self.overrides
        value = overrides[key] if key in overrides else self.profile.defaults.get(key, default)
        if value is None:
            raise KeyError(f"config {key!r} has no value in profile {self.profile.name}; set it")
        return int(value)  # type: ignore[call-overload]

    def bool(self, key: str, default: bool | None = None) -> bool:
        value = self.get(key, default)
        if isinstance(value, str):
            return value.strip().lower() == "true"
        return bool(value)
