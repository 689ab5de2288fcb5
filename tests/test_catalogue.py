"""The catalogue as a whole: every entry is well formed and recognises its own examples.

Each entry carries real or version-faithful example lines; an example must be
recognised by its own entry and by no earlier one (order within a logger matters).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import kinds
from kafka_forensics.parsers.catalogue import CATALOGUE
from kafka_forensics.parsers.templates import Template

from .support import events

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("t", CATALOGUE.templates, ids=lambda t: t.id)
def test_entry_recognises_its_own_examples(t: Template) -> None:
    assert t.examples, f"{t.id} has no example line"
    for ex in t.examples:
        ev = events(ex)
        assert ev.height == 1, f"{t.id}: example not recognised: {ex!r}"
        row = ev.row(0, named=True)
        assert row["template"] == t.id, f"{t.id}: example taken by {row['template']}: {ex!r}"
        assert row["kind"] == t.kind.value
        assert row["versions"] == t.versions
        for name, value in t.const.items():
            assert row[name] == value


def test_every_entry_names_loggers_with_their_full_class_name() -> None:
    for t in CATALOGUE.templates:
        for lg in t.loggers:
            assert "." in lg, f"{t.id}: logger {lg!r} should be a full name (package.Class)"


def test_kinds_document_is_generated_from_the_vocabulary() -> None:
    doc = (REPO / "docs" / "kinds.md").read_text()
    assert doc == kinds.markdown(), (
        "docs/kinds.md is stale: python -m kafka_forensics.parsers.kinds > docs/kinds.md"
    )


def test_every_kind_has_a_description() -> None:
    for k in kinds.Kind:
        assert k.doc and k.area in kinds.Area


def test_a_template_refuses_a_field_that_is_not_a_column() -> None:
    with pytest.raises(ValueError, match="not a column"):
        _ = Template(id="x", kind=kinds.Kind.GROUP_DEAD, versions="1.0", loggers=("a.B",),
                     text="{nonsense}").regex


def test_a_template_refuses_a_malformed_version_range() -> None:
    with pytest.raises(ValueError, match="bad versions"):
        Template(id="x", kind=kinds.Kind.GROUP_DEAD, versions="two", loggers=("a.B",), text="x")
