"""Fixtures: the committed ZooKeeper files (generated with the real server, see
fixtures/PROVENANCE.md) and, where java and Debian's zookeeper are installed, a real
ZooKeeper server that the Kafka scenario is run against once per test session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from . import zkserver

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[zkserver.Server, dict[str, object]]]:
    """A real ZooKeeper after the Kafka scenario, stopped (its files complete) in teardown only."""
    why = zkserver.missing()
    if why is not None:
        pytest.skip(f"no real ZooKeeper here: {why}")
    server = zkserver.start(tmp_path_factory.mktemp("zk"))
    try:
        facts = zkserver.kafka_scenario(server)
        yield server, facts
    finally:
        server.stop()
