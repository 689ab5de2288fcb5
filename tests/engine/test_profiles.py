"""Version profiles: version names, the rounding of a version down to a profile, and the
switches and defaults read from Kafka's source per release (facts cited per test)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kafka_forensics.engine.profiles import (
    CONFIG_DEFAULTS,
    DEFAULT_PROFILE,
    DEFAULTS,
    PROFILE_NAMES,
    PROFILES,
    Switch,
    parse_version,
    profile,
    render_markdown,
    version_name,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "profiles.md"


def _before(name: str) -> str:
    """The profile just older than ``name``."""
    return PROFILE_NAMES[PROFILE_NAMES.index(name) - 1]


# --- version names ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "version"), [
    ("2.8", (2, 8)),
    ("2.8.1", (2, 8)),
    (" 3.9 ", (3, 9)),
    ("4", (4, 0)),
    ("0.10.0", (0, 100)),
    ("0.10.1", (0, 101)),
    ("0.10.1.1", (0, 101)),
    ("0.10.2.2", (0, 102)),
    ("0.11.0.3", (0, 110)),
    ("0.10", (0, 100)),
])
def test_parse_version_reads_kafka_release_names(text, version):
    assert parse_version(text) == version


def test_0_x_releases_differ_by_their_third_number():
    """0.10.0 -> 0.10.1 is the KIP-62 boundary: a 0.x release is its third number, not a patch."""
    assert parse_version("0.10.0") < parse_version("0.10.1") < parse_version("0.10.2") < parse_version("0.11")
    assert parse_version("0.11.0.3") < parse_version("1.0")


@pytest.mark.parametrize("text", ["", "abc", "2.x", "3.9.0-SNAPSHOT", "v2.8", "2.8.1.1", "0", "0.10.12",
                                  "-1.0", "2..8"])
def test_a_malformed_version_is_refused_with_a_sentence_naming_it(text):
    with pytest.raises(ValueError) as err:
        parse_version(text)
    message = str(err.value)
    assert repr(text) in message
    assert message.endswith(".")
    assert "Kafka version" in message


@given(st.integers(1, 9), st.integers(0, 20), st.integers(0, 9), st.integers(1, 9), st.integers(0, 20),
       st.integers(0, 9))
def test_parsed_versions_order_like_releases_from_1_0_on(a, b, c, x, y, z):
    """Patch releases never reorder anything: 2.8.2 sits with 2.8, below 2.9 and 3.0."""
    left, right = parse_version(f"{a}.{b}.{c}"), parse_version(f"{x}.{y}.{z}")
    assert (left < right) == ((a, b) < (x, y))


@pytest.mark.parametrize("name", PROFILE_NAMES)
def test_version_name_gives_back_the_release_a_profile_stands_for(name):
    assert parse_version(version_name(parse_version(name))) == parse_version(name)


# --- profile() ---------------------------------------------------------------------------------

def test_a_patch_release_uses_its_minor_releases_profile():
    assert profile("3.9.1").name == "3.9"
    assert profile("0.10.1.1").name == "0.10.1"


def test_a_version_between_profiles_rounds_down_and_a_newer_one_uses_the_newest():
    assert profile("0.11.0.3").name == "0.11"
    assert profile("5.1").name == PROFILE_NAMES[-1]


def test_no_version_means_the_default_profile():
    assert profile().name == DEFAULT_PROFILE == "3.9"


@pytest.mark.parametrize("text", ["0.9.0.1", "0.8.2"])
def test_a_version_older_than_every_profile_is_refused_with_a_helpful_sentence(text):
    with pytest.raises(ValueError) as err:
        profile(text)
    message = str(err.value)
    assert message.startswith(f"Kafka {text} is older than the oldest profile, 0.10.0")
    assert ", ".join(PROFILE_NAMES) in message
    assert message.endswith(".")


def test_the_profiles_the_engine_promises_exist():
    required = {"0.10.0", "0.10.1", "0.11", "1.0", "1.1", "2.0", "2.2", "2.3", "2.4", "2.5", "2.7", "2.8",
                "3.0", "3.2", "3.5", "3.7", "3.9", "4.0"}
    assert required <= set(PROFILE_NAMES)
    assert list(PROFILE_NAMES) == sorted(PROFILE_NAMES, key=parse_version)


def test_every_switch_and_default_step_starts_at_a_profile_so_rounding_down_loses_nothing():
    """profile("2.1.1") is the 2.1 profile; without it KIP-320 would be dropped for 2.1 users."""
    oldest = parse_version(PROFILE_NAMES[0])
    names = {parse_version(n) for n in PROFILE_NAMES}
    starts = {s.since for s in Switch} | {step.version for c in CONFIG_DEFAULTS for step in c.steps}
    assert {v for v in starts if v > oldest} <= names


def test_no_two_switches_are_the_same_member():
    """Enum members with equal values alias each other; every switch must be its own."""
    assert len(list(Switch)) == len(Switch.__members__)


def test_the_switch_names_other_modules_use_still_exist():
    used = {"EMPTY_STATE", "REBALANCE_TIMEOUT", "INITIAL_REBALANCE_DELAY", "COMPLETING_REBALANCE_NAME",
            "MEMBER_ID_REQUIRED", "GROUP_MAX_SIZE", "NEW_MEMBER_JOIN_TIMEOUT", "STATIC_MEMBERSHIP",
            "JOINED_LEADER_REELECTION", "BATCH_LEAVE", "DEAD_GROUP_NOT_AVAILABLE", "PROTOCOL_IN_RESPONSES",
            "HEARTBEAT_IN_COMPLETING", "SYNC_TIMEOUT", "SKIP_ASSIGNMENT", "JOIN_REASON",
            "CLIENT_PREPARING_COMPLETING", "COOPERATIVE_REBALANCING"}
    assert used <= set(Switch.__members__)


# --- switches at their boundaries -----------------------------------------------------------------

@pytest.mark.parametrize("switch", [s for s in Switch if s.since > parse_version(PROFILE_NAMES[0])],
                         ids=lambda s: s.name)
def test_a_switch_is_off_just_before_its_release_and_on_from_it(switch):
    first = version_name(switch.since)
    assert profile(first).has(switch)
    assert not profile(_before(profile(first).name)).has(switch)
    assert PROFILES[PROFILE_NAMES[-1]].has(switch)


@pytest.mark.parametrize(("switch", "last_without", "first_with"), [
    # GroupMetadata.scala: `var state = Stable` in 0.10.0.0, `initialState` Empty in 0.10.1.0.
    (Switch.EMPTY_STATE, "0.10.0", "0.10.1"),
    # KAFKA-5565 renamed AwaitingSync in 1.1.0; the 1.0.0 tag still has AwaitingSync.
    (Switch.COMPLETING_REBALANCE_NAME, "1.0", "1.1"),
    # KAFKA-8386 is in the 2.3.0 tag: Dead groups answer COORDINATOR_NOT_AVAILABLE from 2.3.
    (Switch.DEAD_GROUP_NOT_AVAILABLE, "2.2", "2.3"),
    # AbstractCoordinator.MemberState: UNJOINED/REBALANCING/STABLE up to 2.6.0, split in 2.7.0.
    (Switch.CLIENT_PREPARING_COMPLETING, "2.6", "2.7"),
    # ReplicaManager: isr-expiration every replica.lag.time.max.ms in 0.10.1.0, / 2 in 0.10.2.0.
    (Switch.ISR_EXPIRATION_HALF_PERIOD, "0.10.1", "0.10.2"),
    # Partition.maybeIncrementLeaderHW returns early under min ISR from 3.7.0 (not in 3.6.2).
    (Switch.HW_FROZEN_UNDER_MIN_ISR, "3.6", "3.7"),
])
def test_switches_corrected_against_kafkas_source(switch, last_without, first_with):
    assert not profile(last_without).has(switch)
    assert profile(first_with).has(switch)


def test_the_0_10_0_profile_is_the_internals_book_coordinator():
    """DESIGN.md's seed scenarios: new group Stable, AwaitingSync, rebalance timeout = session
    timeout, no initial delay."""
    p = profile("0.10.0")
    for switch in (Switch.EMPTY_STATE, Switch.COMPLETING_REBALANCE_NAME, Switch.REBALANCE_TIMEOUT,
                   Switch.INITIAL_REBALANCE_DELAY):
        assert not p.has(switch)
    assert "group.initial.rebalance.delay.ms" not in p.defaults


# --- defaults at their boundaries -----------------------------------------------------------------

@pytest.mark.parametrize(("key", "last_old", "old", "first_new", "new"), [
    # KafkaConfig.scala: 300000 from KAFKA-3636 (0.10.0.0), 1800000 from KAFKA-7862 (2.3.0, not 2.2.0).
    ("group.max.session.timeout.ms", "2.2", 300000, "2.3", 1800000),
    # KIP-537 (KAFKA-9102, 2.5.0): 10000L -> 30000L.
    ("replica.lag.time.max.ms", "2.4", 10000, "2.5", 30000),
    # KIP-106 (KAFKA-4623, 0.11.0.0): true -> false.
    ("unclean.leader.election.enable", "0.10.2", True, "0.11", False),
    # ConsumerConfig.java: 30000 in 0.10.0.0, 10000 in 0.10.1.0 (KIP-62), 45000 in 3.0.0 (KIP-735).
    ("session.timeout.ms", "0.10.0", 30000, "0.10.1", 10000),
    ("session.timeout.ms", "2.8", 10000, "3.0", 45000),
    # ConsumerConfig.java: 40 * 1000 in 0.10.0.0, 305000 in 0.10.1.0, 30000 in 2.0.0 (KAFKA-7050).
    ("request.timeout.ms", "0.10.0", 40000, "0.10.1", 305000),
    ("request.timeout.ms", "1.1", 305000, "2.0", 30000),
    # KAFKA-13023 (3.0.0): [RangeAssignor] -> [RangeAssignor, CooperativeStickyAssignor].
    ("partition.assignment.strategy", "2.8", "range", "3.0", "range,cooperative-sticky"),
    # KIP-186 (KAFKA-3806, 2.0.0): 24 * 60 -> 7 * 24 * 60.
    ("offsets.retention.minutes", "1.1", 1440, "2.0", 10080),
    # KIP-41 (0.10.0.0) Integer.MAX_VALUE, KIP-62 (0.10.1.0) 500.
    ("max.poll.records", "0.10.0", 2147483647, "0.10.1", 500),
    # KIP-679 (KAFKA-10619, 3.0.0): "1" -> "all".
    ("acks", "2.8", "1", "3.0", "all"),
])
def test_defaults_change_where_kafkas_source_changed_them(key, last_old, old, first_new, new):
    assert profile(last_old).defaults[key] == old
    assert profile(first_new).defaults[key] == new


@pytest.mark.parametrize(("key", "first"), [
    ("max.poll.interval.ms", "0.10.1"),            # KIP-62
    ("group.initial.rebalance.delay.ms", "0.11"),  # KIP-134
    ("internal.leave.group.on.close", "0.11"),     # KAFKA-4881
    ("group.max.size", "2.2"),                     # KIP-389
    ("default.api.timeout.ms", "2.0"),             # KIP-266
    ("retry.backoff.max.ms", "3.7"),               # KIP-580
])
def test_a_config_has_no_default_before_the_release_that_added_it(key, first):
    assert key not in profile(_before(first)).defaults
    assert key in profile(first).defaults


def _visible_steps() -> list[tuple[str, str, object]]:
    """Every step some profile uses (a 0.9 step replaced by 0.10.0 is history, not a profile's)."""
    oldest = parse_version(PROFILE_NAMES[0])
    out = []
    for c in CONFIG_DEFAULTS:
        for i, s in enumerate(c.steps):
            replaced_before_oldest = i + 1 < len(c.steps) and c.steps[i + 1].version <= oldest
            if not replaced_before_oldest:
                out.append((c.key, s.since, s.value))
    return out


@pytest.mark.parametrize(("key", "since", "value"), _visible_steps(), ids=lambda v: str(v))
def test_every_documented_step_holds_from_its_release_and_not_in_the_profile_before(key, since, value):
    start = max(parse_version(since), parse_version(PROFILE_NAMES[0]))
    at = profile(version_name(start))
    assert at.defaults[key] == value
    if parse_version(since) > parse_version(PROFILE_NAMES[0]):
        assert profile(_before(at.name)).defaults.get(key) != value


def test_the_plain_defaults_table_lists_each_configs_steps_in_release_order():
    for key, steps in DEFAULTS.items():
        versions = [since for since, _ in steps]
        assert versions == sorted(versions), key
        assert len(set(versions)) == len(versions), key


# --- documentation ---------------------------------------------------------------------------------

def test_docs_profiles_md_is_what_the_module_prints():
    printed = subprocess.run([sys.executable, "-m", "kafka_forensics.engine.profiles"], check=True,
                             capture_output=True, text=True).stdout
    assert printed == render_markdown()
    assert DOCS.read_text(encoding="utf-8") == printed, (
        "docs/profiles.md is stale: python -m kafka_forensics.engine.profiles > docs/profiles.md")


def test_the_document_cites_every_switch_and_every_default_step():
    text = render_markdown()
    for switch in Switch:
        assert f"| `{switch.name}` | {switch.since_name} | {switch.cite}" in text
    for config in CONFIG_DEFAULTS:
        for step in config.steps:
            assert f"| `{config.key}` | {config.area.name.lower()} | {step.since} |" in text
    for name in PROFILE_NAMES:
        assert f"\n### {name}\n" in text
