"""Raw inputs read on the fly are cached by content: the same bytes with the same options
are ingested once; any change to a byte, a name or an option is a new table."""

from __future__ import annotations

from pathlib import Path

import pytest

from kafka_forensics.parsers import cache, view

LINE = ("[2024-03-01 10:00:00,000] INFO [GroupCoordinator 1]: Preparing to rebalance group g in state "
        "PreparingRebalance with old generation 1 (__consumer_offsets-1) (reason: removing member m on "
        "LeaveGroup) (kafka.coordinator.group.GroupCoordinator)\n")


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("KAFKA_FORENSICS_CACHE", str(folder))
    return folder


def test_the_second_read_of_the_same_logs_comes_from_the_cache(tmp_path: Path, cached: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "logs" / "server.log"
    log.parent.mkdir()
    log.write_text(LINE)
    first = view.load([str(log.parent)])
    assert len(list(cached.glob("*.parquet"))) == 1

    def no_ingest(*a: object, **k: object) -> None:
        raise AssertionError("ingested again")

    monkeypatch.setattr(view, "ingest", no_ingest)
    assert view.load([str(log.parent)]).equals(first)


def test_a_changed_byte_or_option_is_a_new_key(tmp_path: Path, cached: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text(LINE)
    assert view.load([str(log)]).get_column("generation").to_list() == [1]  # now cached
    before = cache.key([str(log)], tz="UTC", layout=None)
    assert cache.key([str(log)], tz="Europe/Paris", layout=None) != before
    log.write_text(LINE.replace("generation 1", "generation 2"))
    after = cache.key([str(log)], tz="UTC", layout=None)
    assert after is not None and after != before
    assert view.load([str(log)]).get_column("generation").to_list() == [2]  # the new bytes, not a stale table


def test_standard_input_and_missing_files_are_never_cached(tmp_path: Path, cached: Path) -> None:
    assert cache.key(["-"], tz="UTC", layout=None) is None
    assert cache.key([str(tmp_path / "nope.log")], tz="UTC", layout=None) is None


def test_off_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAFKA_FORENSICS_CACHE", "off")
    assert cache.directory() is None


def test_a_cache_that_cannot_be_written_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("KAFKA_FORENSICS_CACHE", str(blocked / "cache"))
    log = tmp_path / "server.log"
    log.write_text(LINE)
    assert view.load([str(log)]).height == 1
    assert view.load([str(log)]).height == 1  # read again: ingested again, still no error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "server.log"]  # no partial file left
