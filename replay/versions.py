"""Which Kafka version wrote the logs, read from their wording: every catalogue entry is tagged
with the releases whose wording it matches, so the releases a log can come from are the
intersection of its events' ranges.  A broker upgraded mid-log, or two brokers on different
releases, show as ranges that do not meet: each file's own range is kept beside the scope's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import polars as pl

from kafka_forensics.parsers.kinds import Area, Kind
from kafka_forensics.parsers.releases import LATEST_PATCH, NEWEST, KafkaVersion, bounds

from .detect import of_kinds, per_check, with_scope


@dataclass(frozen=True)
class Wording:
    """The releases a scope's logs can come from; ``files`` = per-file ranges that disagree."""

    versions: str | None  # "2.3-2.4", "3.6+", None when the files' ranges do not meet
    files: tuple[tuple[str, str], ...] = ()  # (source, its range) when they do not
    range: tuple[KafkaVersion, KafkaVersion] | None = None

    def narrowed(self, ibp: str) -> Wording:
        """Narrowed by an ``inter.broker.protocol.version`` (``2.3-IV1``): a broker speaks no
        newer protocol than its own release, so it runs that release or a later one."""
        m = re.match(r"^(\d+)\.(\d+)(?:\.(\d+))?", ibp)
        if m is None:
            return self
        return self.at_least((int(m[1]), int(m[2]), int(m[3] or 0)))

    def within(self, releases: tuple[KafkaVersion, KafkaVersion]) -> Wording:
        """Narrowed to ``releases`` (a start banner's), kept as it is where they do not meet: then
        the wording and the banner disagree, and the report shows both."""
        if self.range is None:
            return self
        met = _meet([self.range, releases])
        return self if met is None else Wording(show(met), self.files, met)

    def at_least(self, floor: KafkaVersion) -> Wording:
        """Narrowed to ``floor`` or later (kept as it is where that leaves nothing)."""
        if self.range is None:
            return self
        met = _meet([self.range, (floor, NEWEST)])
        return self if met is None else Wording(show(met), self.files, met)


def kafka_versions(events: pl.DataFrame) -> dict[str, Wording]:
    """Per scope (``detect.with_scope``): the Kafka releases its logs' wording allows (once per
    check: ``detect.per_check``)."""
    return dict(per_check(events, "kafka_versions", lambda: _kafka_versions(events)))


def _kafka_versions(events: pl.DataFrame) -> dict[str, Wording]:
    if events.height == 0 or "versions" not in events.columns:
        return {}
    # a start banner's wording says no more than the release it names (``reported``), and a
    # client's names the client's release, not the brokers'
    worded = pl.col("versions").is_not_null() & (pl.col("kind") != "app_info")
    # the few columns first: the filter keeps nearly every row, and copying all of them cost
    # 0.15-0.4 s on a million events
    cols = [c for c in ("scope", "source", "cluster", "kind", "versions") if c in events.columns]
    ranges = (with_scope(events.select(cols).filter(worded))
              .group_by("scope", "source").agg(pl.col("versions").unique())
              .sort("scope", "source"))
    out: dict[str, list[tuple[str, tuple[KafkaVersion, KafkaVersion] | None]]] = {}
    for scope, source, versions in ranges.iter_rows():
        out.setdefault(scope, []).append((source, _meet(bounds(v) for v in versions)))
    result: dict[str, Wording] = {}
    for scope, files in out.items():
        known = [r for _, r in files if r is not None]
        together = _meet(known) if len(known) == len(files) else None
        if together is not None:
            result[scope] = Wording(show(together), (), together)
        else:
            result[scope] = Wording(None, tuple((s, show(r) if r else "no single release") for s, r in files))
    return result


def releases(scoped: pl.DataFrame) -> dict[str, Wording]:
    """``kafka_versions`` narrowed, per scope, by the one ``inter.broker.protocol.version`` its
    brokers' ``KafkaConfig values:`` dumps name (a broker speaks no newer protocol than its own
    release; scopes whose brokers name several keep the wording's range), by the group API
    versions its request log shows, and to the one release its brokers' start banners name
    (``reported``).  Once per check (``detect.per_check``)."""
    return dict(per_check(scoped, "releases", lambda: _releases(scoped)))


def _releases(scoped: pl.DataFrame) -> dict[str, Wording]:
    from .config_dumps import config_dumps

    out = kafka_versions(scoped)
    ibps: dict[str, set[str]] = {}
    for scope, kind, settings in config_dumps(scoped):
        ibp = settings.get("inter.broker.protocol.version")
        if kind == "broker_config" and ibp:
            ibps.setdefault(scope, set()).add(ibp)
    floors = _request_floors(scoped)
    banners = reported(scoped)
    for scope, wording in out.items():
        if len(ibps.get(scope, ())) == 1:
            wording = wording.narrowed(next(iter(ibps[scope])))
        if scope in floors:
            wording = wording.at_least(floors[scope])
        named = {r for v in banners.get(scope, ()) if (r := release(v)) is not None}
        if len(named) == 1:  # several: an upgrade within the logs, which the wording's range spans
            wording = wording.within(next(iter(named)))
        out[scope] = wording
    return out


#: the event kinds only a broker (or a KRaft controller) logs: a start banner in a file that has
#: one of them names the broker's release
_BROKER_AREAS = (Area.GROUP, Area.REPLICATION, Area.CONTROLLER, Area.KRAFT, Area.REQUEST, Area.BROKER)
_NOT_BROKER = (Kind.APP_INFO, Kind.CLIENT_CONFIG, Kind.LOG4J_MBEAN_REGISTERED)
BROKER_KINDS = tuple(k.value for k in Kind if k.area in _BROKER_AREAS and k not in _NOT_BROKER)


def reported(scoped: pl.DataFrame) -> dict[str, list[str]]:
    """Per scope, the releases its brokers' start banners name (``Kafka version: 2.8.0``,
    AppInfoParser), sorted: the banners of files that hold broker lines (a consumer's log names
    the consumer's release).  Once per check (``detect.per_check``)."""
    return dict(per_check(scoped, "reported", lambda: _reported(scoped)))


def _reported(scoped: pl.DataFrame) -> dict[str, list[str]]:
    if not scoped.height or "details" not in scoped.columns:
        return {}
    banners = of_kinds(scoped, ["app_info"], ["scope", "source", "details"]).select(
        "scope", "source", pl.col("details").str.json_path_match("$.version").alias("version")).drop_nulls()
    if not banners.height:
        return {}
    brokers = of_kinds(scoped, BROKER_KINDS, ["scope", "source"]).unique()
    named = banners.join(brokers, on=["scope", "source"], how="semi")
    out: dict[str, list[str]] = {}
    for scope, versions in named.group_by("scope").agg(pl.col("version").unique()).iter_rows():
        out[scope] = sorted(versions)
    return dict(sorted(out.items()))


#: Confluent Platform release line -> the first Apache Kafka release it ships (``7.4.0-ccs`` is
#: Kafka 3.4; Confluent numbers its patches itself, so from 1.0 on only the Kafka line is known;
#: before, a Kafka "line" 0.10.N is one release here, as in the catalogue's ranges)
_CONFLUENT: dict[tuple[int, int], KafkaVersion] = {
    (3, 0): (0, 10, 0), (3, 1): (0, 10, 1), (3, 2): (0, 10, 2), (3, 3): (0, 11, 0), (4, 0): (1, 0, 0),
    (4, 1): (1, 1, 0), **{(5, n): (2, n, 0) for n in range(6)}, (6, 0): (2, 6, 0), (6, 1): (2, 7, 0),
    (6, 2): (2, 8, 0), **{(7, n): (3, n, 0) for n in range(10)}, (8, 0): (4, 0, 0), (8, 1): (4, 1, 0)}


def release(version: str) -> tuple[KafkaVersion, KafkaVersion] | None:
    """The releases a banner's version names: ``2.8.0`` exactly (``2.8.0-SNAPSHOT`` too), a
    Confluent build (``7.4.0-ccs``, ``-ce``) its Kafka line; None for anything else."""
    m = re.match(r"^(\d+)\.(\d+)\.(\d+)(?:-(\w+))?", version)
    if m is None:
        return None
    v: KafkaVersion = (int(m[1]), int(m[2]), int(m[3]))
    if m[4] not in ("ccs", "ce"):
        return v, v
    first = _CONFLUENT.get(v[:2])
    if first is None:
        return None
    return first, (first if first[0] == 0 else (first[0], first[1], LATEST_PATCH))


def _request_floors(scoped: pl.DataFrame) -> dict[str, KafkaVersion]:
    """Per scope, the oldest release whose brokers answer every group API version its request
    log shows (a JoinGroup v7 was answered by a 2.5 broker or a later one): the request log's
    wording is the same across many releases, its API versions are not."""
    if "api" not in scoped.columns or "details" not in scoped.columns:
        return {}
    asked = (scoped.filter((pl.col("kind") == "request_completed")
                           & pl.col("api").is_in(list(_GROUP_APIS)))
             .select("scope", "api", pl.col("details").str.json_path_match("$.api_version")
                     .cast(pl.Int64, strict=False).alias("v"))
             .drop_nulls().group_by("scope", "api").agg(pl.col("v").max()).sort("scope", "api"))
    out: dict[str, KafkaVersion] = {}
    for scope, api, version in asked.iter_rows():
        floor = first_release(str(api), int(version))
        if floor is not None:
            out[scope] = max(out.get(scope, floor), floor)
    return out


def _meet(ranges: object) -> tuple[KafkaVersion, KafkaVersion] | None:
    lo: KafkaVersion = (0, 0, 0)
    hi: KafkaVersion = NEWEST
    for a, b in ranges:  # type: ignore[attr-defined]
        lo, hi = max(lo, a), min(hi, b)
    return (lo, hi) if lo <= hi else None


def show(r: tuple[KafkaVersion, KafkaVersion]) -> str:
    """A release range as people write it: ``2.3-2.4`` (whole release lines), ``3.6+``,
    ``2.8`` (one line), ``2.8.0`` (one release), ``0.10.2-0.10.*`` (a line from a patch on)."""
    lo, hi = r
    if hi == NEWEST:
        return f"{_text(lo, upper=False)}+"
    if lo[:2] == hi[:2]:  # within one release line
        if lo[2] == 0 and hi[2] == LATEST_PATCH:
            return f"{lo[0]}.{lo[1]}"
        if lo == hi:
            return f"{lo[0]}.{lo[1]}.{lo[2]}"
        end = "*" if hi[2] == LATEST_PATCH else str(hi[2])
        return f"{lo[0]}.{lo[1]}.{lo[2]}-{hi[0]}.{hi[1]}.{end}"
    return f"{_text(lo, upper=False)}-{_text(hi, upper=True)}"


def _text(v: KafkaVersion, *, upper: bool) -> str:
    major, minor, patch = v
    if patch == (LATEST_PATCH if upper else 0):
        return f"{major}.{minor}"
    return f"{major}.{minor}.{patch}"


_GROUP_APIS = ("JoinGroup", "SyncGroup", "Heartbeat", "LeaveGroup", "OffsetCommit")


def first_release(api: str, version: int) -> KafkaVersion | None:
    """The first release whose broker answers ``api`` (a group API) at ``version``: the release
    whose Java consumer first sends it (``emit_requests.CLIENT_VERSIONS``; both sides of an API
    version ship in one release).  None for a version newer than the table knows."""
    from .emit_requests import CLIENT_VERSIONS

    i = _GROUP_APIS.index(api)
    return next((since for since, versions in CLIENT_VERSIONS if versions[i] >= version), None)
