"""Catalogue entries: consumer."""

from __future__ import annotations

from ..templates import Template

TEMPLATES: list[Template] = []
