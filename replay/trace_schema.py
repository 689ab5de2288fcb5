"""The trace contract as data: every stimulus and expectation kind, its fields and their types.

DESIGN.md's "Trace (contract)" section, restated as tables.  Each kind is one :class:`Kind`
holding a ``{field: Field}`` dict; each field's type is a small spec value (:class:`Int`,
:class:`Str`, :class:`Choice`, :class:`ListOf`, :class:`MapOf`, ...) that both checks a
value and describes itself.  The reader (:mod:`kafka_forensics.replay.trace`) walks these
tables; nothing about a kind lives in an ``if``.  The same tables print the Markdown
reference (``python -m kafka_forensics.replay.trace`` -> ``docs/trace.md``), so the
documentation cannot drift from what the reader accepts.

Theory of operation: a spec's ``check(value, path)`` returns a list of *issues*, each a
``(field path, sentence)`` pair; the sentence says what the field must be and what it got.
The reader prefixes ``line N: `` and turns issues into ``TraceProblem`` values.  Paths read
``protocols[1][1]`` (list positions), ``polls[0].at`` (fields of a nested object) and
``config[session.timeout.ms]`` (map entries).

Names that the engine defines (request kinds, group states, timer modes, effect events and
their fields, Kafka's error names) are read from the engine's own modules, so a rename there
shows up here.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from kafka_forensics.engine import effects as _effects
from kafka_forensics.engine.group.requests import RequestKind
from kafka_forensics.engine.group.states import GroupState
from kafka_forensics.engine.profiles import Profile
from kafka_forensics.engine.replication import effects as _replication_effects  # noqa: F401  (registers them)
from kafka_forensics.engine.timers import TimerMode
from kafka_forensics.kafka_errors import ERRORS, RENAMED

from .matchers import MATCHER_KEYS, matcher_of

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

#: ``(field path, sentence)``: one thing wrong with one field, without the ``line N: `` prefix.
Issue = tuple[str, str]


# -- frozen JSON values ------------------------------------------------------------------------


class FrozenMap(Mapping[str, Any]):
    """A read-only, hashable JSON object (key order kept for rendering, ignored by ``==``)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | Iterator[tuple[str, Any]] = ()) -> None:
        self._data: dict[str, Any] = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return self._data == dict(other.items())

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


def freeze(value: Any) -> Any:
    """Parsed JSON -> immutable: objects become :class:`FrozenMap`, arrays tuples."""
    if isinstance(value, Mapping):
        return FrozenMap((k, freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: plain dicts and lists, ready for ``json.dumps``."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value


def render(value: Any, limit: int = 60) -> str:
    """A value as the user wrote it (JSON), cut short for a message."""
    text = json.dumps(thaw(value), ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "list"
    return "map"


def did_you_mean(word: Any, candidates: Iterator[str] | tuple[str, ...] | list[str],
                 cutoff: float = 0.6) -> str:
    """``'; did you mean "x"?'`` for a near miss, else ``''``."""
    if not isinstance(word, str):
        return ""
    candidates = list(candidates)
    same_but_case = [c for c in candidates if c.lower() == word.lower()]
    close = same_but_case or difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)
    return f'; did you mean "{close[0]}"?' if close else ""


# -- type specs ---------------------------------------------------------------------------------


class Spec:
    """A field type: checks a parsed JSON value and describes itself for messages and docs."""

    #: the JSON types a valid value can have (decides which matchers apply to it).
    json_types: frozenset[str] = frozenset()

    def describe(self) -> str:
        raise NotImplementedError

    def check(self, value: Any, path: str) -> list[Issue]:
        raise NotImplementedError

    def bad(self, value: Any, path: str, hint: str = "") -> list[Issue]:
        return [(path, f'"{path}" must be {self.describe()}; got {render(value)}{hint}')]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Int(Spec):
    lo: int = INT64_MIN
    hi: int = INT64_MAX
    what: str | None = None
    json_types: frozenset[str] = frozenset({"integer"})

    def describe(self) -> str:
        if self.what:
            return self.what
        if (self.lo, self.hi) == (INT32_MIN, INT32_MAX):
            return "a 32-bit integer"
        if self.lo in (INT32_MIN, INT64_MIN):
            return "an integer"
        return f"an integer >= {self.lo}"

    def check(self, value: Any, path: str) -> list[Issue]:
        if not _is_int(value) or value < self.lo:
            return self.bad(value, path)
        if value > self.hi:
            return [(path, f'"{path}" must be at most {self.hi}; got {value}')]
        return []


@dataclass(frozen=True)
class Str(Spec):
    nonempty: bool = False
    pattern: str | None = None
    what: str | None = None
    json_types: frozenset[str] = frozenset({"string"})

    def describe(self) -> str:
        return self.what or ("a non-empty string" if self.nonempty else "a string")

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, str) or (self.nonempty and not value):
            return self.bad(value, path)
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            return self.bad(value, path)
        return []


@dataclass(frozen=True)
class TopicPartition(Spec):
    """``"orders-7"``: a legal topic name (Kafka's ``Topic.LEGAL_CHARS``, at most 249
    characters) and a partition number, joined by the last ``-``."""

    json_types: frozenset[str] = frozenset({"string"})

    def describe(self) -> str:
        return 'a topic-partition like "orders-7"'

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, str):
            return self.bad(value, path)
        m = re.fullmatch(r"([A-Za-z0-9._-]{1,249})-(0|[1-9][0-9]*)", value)
        if m is None or int(m.group(2)) > INT32_MAX:
            return self.bad(value, path)
        return []


@dataclass(frozen=True)
class Bool(Spec):
    json_types: frozenset[str] = frozenset({"boolean"})

    def describe(self) -> str:
        return "true or false"

    def check(self, value: Any, path: str) -> list[Issue]:
        return [] if isinstance(value, bool) else self.bad(value, path)


@dataclass(frozen=True)
class Choice(Spec):
    """One of a fixed set of values (strings, or numbers and strings as for ``acks``)."""

    values: tuple[Any, ...]
    json_types: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "json_types", frozenset(json_type(v) for v in self.values))

    def describe(self) -> str:
        if len(self.values) == 1:
            return render(self.values[0])
        if all(isinstance(v, str) for v in self.values):
            return "one of " + ", ".join(self.values)
        return "one of " + ", ".join(render(v) for v in self.values)

    def check(self, value: Any, path: str) -> list[Issue]:
        # compare type too: JSON true is not the 1 of acks=1
        if any(type(value) is type(v) and value == v for v in self.values):
            return []
        names = [v for v in self.values if isinstance(v, str)]
        return self.bad(value, path, did_you_mean(value, names))


@dataclass(frozen=True)
class ErrorName(Spec):
    """A Kafka error by its current ``Errors`` enum name (``kafka_forensics.kafka_errors``)."""

    json_types: frozenset[str] = frozenset({"string"})

    def describe(self) -> str:
        return 'a Kafka error name such as "NONE" or "REBALANCE_IN_PROGRESS"'

    def check(self, value: Any, path: str) -> list[Issue]:
        if isinstance(value, str) and value in _ERROR_NAMES:
            return []
        if isinstance(value, str) and value in RENAMED:
            return self.bad(value, path, f'; Kafka renamed that error: write "{RENAMED[value]}"')
        return self.bad(value, path, did_you_mean(value, sorted(_ERROR_NAMES)))


_ERROR_NAMES = frozenset(ERRORS.values())


@dataclass(frozen=True)
class ListOf(Spec):
    item: Spec
    what: str
    min_len: int = 0
    json_types: frozenset[str] = frozenset({"list"})

    def describe(self) -> str:
        return self.what

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, list) or len(value) < self.min_len:
            return self.bad(value, path)
        issues: list[Issue] = []
        for i, item in enumerate(value):
            issues += self.item.check(item, f"{path}[{i}]")
        return issues


@dataclass(frozen=True)
class Pair(Spec):
    """A two-element JSON list, e.g. ``[epoch, records]``."""

    first: Spec
    second: Spec
    what: str
    json_types: frozenset[str] = frozenset({"list"})

    def describe(self) -> str:
        return self.what

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, list) or len(value) != 2:
            return self.bad(value, path)
        return self.first.check(value[0], f"{path}[0]") + self.second.check(value[1], f"{path}[1]")


@dataclass(frozen=True)
class MapOf(Spec):
    """A JSON object whose keys follow ``key`` (a string spec) and values ``value``."""

    key: Spec
    value: Spec
    what: str
    json_types: frozenset[str] = frozenset({"map"})

    def describe(self) -> str:
        return self.what

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, dict):
            return self.bad(value, path)
        issues: list[Issue] = []
        for k, v in value.items():
            if self.key.check(k, path):
                issues.append(_bad_key(path, k, self.key))
                continue
            issues += self.value.check(v, f"{path}[{k}]")
        return issues


def _bad_key(path: str, key: str, spec: Spec) -> Issue:
    return (path, f'"{path}" has the key {render(key)}, which must be {spec.describe()}')


@dataclass(frozen=True)
class Union(Spec):
    """The first option that fits; when exactly one option has the value's JSON type, its
    more precise message is the one reported."""

    options: tuple[Spec, ...]
    what: str
    json_types: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "json_types", frozenset().union(*(o.json_types for o in self.options)))

    def describe(self) -> str:
        return self.what

    def check(self, value: Any, path: str) -> list[Issue]:
        same_type = [o for o in self.options if json_type(value) in o.json_types]
        for option in same_type:
            if not option.check(value, path):
                return []
        if len(same_type) == 1:
            return same_type[0].check(value, path)
        return self.bad(value, path)


@dataclass(frozen=True)
class AnyValue(Spec):
    """Any JSON value (documentation fields, effect fields the engine has not defined yet)."""

    json_types: frozenset[str] = frozenset({"null", "boolean", "integer", "number", "string", "list", "map"})

    def describe(self) -> str:
        return "any JSON value"

    def check(self, value: Any, path: str) -> list[Issue]:
        return []


@dataclass(frozen=True)
class ConfigValue(Spec):
    """A config value as a properties file holds it: a scalar or a list of scalars."""

    json_types: frozenset[str] = frozenset({"boolean", "integer", "number", "string", "list"})

    def describe(self) -> str:
        return "a config value (a string, number, true/false, or a list of them)"

    def check(self, value: Any, path: str) -> list[Issue]:
        scalar = (str, int, float, bool)
        items = value if isinstance(value, list) else [value]
        if all(isinstance(v, scalar) for v in items):
            return []
        return self.bad(value, path, "; leave a config out to use its default")


#: the assignors a simulated consumer can run: protocol name -> Java class (each class's
#: ``name()`` is the protocol name: RangeAssignor.RANGE_ASSIGNOR_NAME etc., Kafka 3.8).
ASSIGNORS: Mapping[str, str] = MappingProxyType({
    "range": "org.apache.kafka.clients.consumer.RangeAssignor",
    "roundrobin": "org.apache.kafka.clients.consumer.RoundRobinAssignor",
    "sticky": "org.apache.kafka.clients.consumer.StickyAssignor",
    "cooperative-sticky": "org.apache.kafka.clients.consumer.CooperativeStickyAssignor",
})


@dataclass(frozen=True)
class Assignors(Spec):
    """``partition.assignment.strategy``: Java's LIST type, so a comma-separated string or a
    list; each entry a Java assignor class name (what the Java client takes) or, as a
    shorthand, its protocol name."""

    json_types: frozenset[str] = frozenset({"string", "list"})

    def describe(self) -> str:
        return ("a list (or comma-separated string) of assignors: " + ", ".join(ASSIGNORS)
                + " or their Java class names")

    def check(self, value: Any, path: str) -> list[Issue]:
        if isinstance(value, str):
            entries = [e.strip() for e in value.split(",") if e.strip()]
        elif isinstance(value, list) and all(isinstance(e, str) for e in value):
            entries = [e.strip() for e in value]
        else:
            return self.bad(value, path)
        if not entries:
            return self.bad(value, path, "; a consumer needs at least one assignor")
        known = set(ASSIGNORS) | set(ASSIGNORS.values())
        for entry in entries:
            if entry not in known:
                return self.bad(value, path, f"; {render(entry)} is not one the engine implements"
                                + did_you_mean(entry, sorted(known)))
        return []


@dataclass(frozen=True)
class ConfigMap(Spec):
    """Configs by their Kafka names.  Names in ``typed`` are type-checked; other names are
    kept (a config the engine does not read changes nothing, as in a properties file),
    except a near miss of a name in ``typed`` or ``known`` that is not itself a known name:
    that is a misspelling and silently ignoring it would change the replay."""

    typed: Mapping[str, Spec]
    known: frozenset[str]
    noun: str
    prefixes: tuple[str, ...] = ()
    json_types: frozenset[str] = frozenset({"map"})

    def describe(self) -> str:
        return f"a map of {self.noun} configs by their Kafka names"

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, dict):
            return self.bad(value, path)
        names = sorted(set(self.typed) | self.known)
        issues: list[Issue] = []
        for key, v in value.items():
            entry = f"{path}[{key}]"
            if key in self.typed:
                issues += self.typed[key].check(v, entry)
                continue
            if key not in self.known and not key.startswith(self.prefixes):
                hint = did_you_mean(key, names, cutoff=0.85)
                if hint:
                    issues.append((entry, f'unknown {self.noun} config "{key}" in "{path}"{hint}'))
                    continue
            issues += ConfigValue().check(v, entry)
        return issues


# -- fields, nested objects and cross-field rules ------------------------------------------------


@dataclass(frozen=True)
class Field:
    spec: Spec
    required: bool = False
    doc: str = ""
    #: expectations: a field that picks what is compared (group, client, topic, ...) rather
    #: than a compared value; it takes no matcher.
    key: bool = False


@dataclass(frozen=True)
class AtLeastOne:
    fields: tuple[str, ...]

    def apply(self, subject: str, present: set[str]) -> list[Issue]:
        if present.intersection(self.fields):
            return []
        return [(self.fields[0], f"{subject} needs {_alternatives(self.fields, 'or')}; add one")]

    def describe(self) -> str:
        return f"needs {_alternatives(self.fields, 'or')}"


@dataclass(frozen=True)
class AtMostOne:
    fields: tuple[str, ...]

    def apply(self, subject: str, present: set[str]) -> list[Issue]:
        given = [f for f in self.fields if f in present]
        if len(given) <= 1:
            return []
        return [(given[1], f"{subject} takes only one of {_alternatives(self.fields, 'and')}; "
                           f"drop {_alternatives(tuple(given[1:]), 'and')}")]

    def describe(self) -> str:
        return f"takes at most one of {_alternatives(self.fields, 'and')}"


@dataclass(frozen=True)
class Excludes:
    field: str
    others: tuple[str, ...]
    why: str

    def apply(self, subject: str, present: set[str]) -> list[Issue]:
        if self.field not in present:
            return []
        clash = tuple(o for o in self.others if o in present)
        if not clash:
            return []
        return [(clash[0], f'{subject} with "{self.field}" takes no {_alternatives(clash, "or")} '
                           f"({self.why}); drop one side")]

    def describe(self) -> str:
        return f'with "{self.field}", no {_alternatives(self.others, "or")} ({self.why})'


Rule = AtLeastOne | AtMostOne | Excludes


def _alternatives(names: tuple[str, ...], word: str) -> str:
    quoted = [f'"{n}"' for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" {word} " + quoted[-1]


def check_fields(fields: Mapping[str, Field], rules: tuple[Rule, ...], value: Mapping[str, Any],
                 subject: str, path: str, *, compared: bool, unknown: str,
                 extra: Mapping[str, Field] = MappingProxyType({}), open_fields: bool = False) -> list[Issue]:
    """Check one JSON object against a field table: unknown names (with a did-you-mean),
    each value, the required ones, then the cross-field rules.  ``path`` prefixes nested
    field paths (``polls[0].``); ``compared`` lets non-key fields take matchers."""
    issues: list[Issue] = []
    #: fields suggested for a misspelt name: their absence is that one mistake, not another
    meant: set[str] = set()
    for name, v in value.items():
        spec_field = fields.get(name) or extra.get(name)
        if spec_field is None:
            if open_fields:
                issues += check_compared(AnyValue(), v, path + name) if compared else []
                continue
            hint = did_you_mean(name, list(fields) + list(extra))
            if hint:
                meant.add(hint.split('"')[1])
            else:
                hint = "; its fields are " + ", ".join(fields) if fields else "; it takes no fields"
            issues.append((path + name, f'unknown field "{name}" {unknown}{hint}'))
            continue
        if compared and not spec_field.key and name not in extra:
            issues += check_compared(spec_field.spec, v, path + name)
        else:
            issues += spec_field.spec.check(v, path + name)
    for name, spec_field in fields.items():
        if spec_field.required and name not in value and name not in meant:
            issues.append((path + name, f'{subject} requires "{name}" ({spec_field.spec.describe()}); '
                                        "add it"))
    present = set(value) | meant
    for rule in rules:
        issues += rule.apply(subject, present)
    return issues


@dataclass(frozen=True)
class Obj(Spec):
    """A nested JSON object with its own field table (a poll, a batch-leave member)."""

    fields: Mapping[str, Field]
    what: str
    rules: tuple[Rule, ...] = ()
    json_types: frozenset[str] = frozenset({"map"})

    def describe(self) -> str:
        return self.what

    def check(self, value: Any, path: str) -> list[Issue]:
        if not isinstance(value, dict):
            return self.bad(value, path)
        return check_fields(self.fields, self.rules, value, f'"{path}"', path + ".", compared=False,
                            unknown=f'in "{path}"')


# -- matchers -----------------------------------------------------------------------------------

_MATCHER_FORMS = '{"not": v}, {"one_of": [v, ...]}, {"prefix": "s"}, {"count": n}'


def check_compared(spec: Spec, value: Any, path: str) -> list[Issue]:
    """A compared expectation value: ``null``, a matcher over ``spec``, or a value of
    ``spec`` (whose map entries may themselves be matchers: a map is compared per key)."""
    if value is None:
        return []
    m = matcher_of(value)
    if m is not None:
        return _check_matcher(spec, m[0], m[1], path)
    if isinstance(spec, MapOf) and isinstance(value, dict):
        issues: list[Issue] = []
        for k, v in value.items():
            if spec.key.check(k, path):
                issues.append(_bad_key(path, k, spec.key))
            else:
                issues += check_compared(spec.value, v, f"{path}[{k}]")
        return issues
    issues = spec.check(value, path)
    if issues and isinstance(value, dict) and "map" not in spec.json_types:
        if len(value) == 1:
            key = next(iter(value))
            hint = did_you_mean(key, MATCHER_KEYS)
            if hint:
                return [(path, f'"{path}" uses the unknown matcher "{key}"{hint}')]
        return [(path, f'"{path}" must be {spec.describe()}, null or a matcher ({_MATCHER_FORMS}); '
                       f"got {render(value)}")]
    return issues


def _check_matcher(spec: Spec, key: str, operand: Any, path: str) -> list[Issue]:
    where = f"{path}.{key}"
    if key == "not":
        return check_compared(spec, operand, where)
    if key == "one_of":
        if not isinstance(operand, list) or not operand:
            return [(where, f'"{where}" must be a non-empty list of values; got {render(operand)}')]
        issues: list[Issue] = []
        for i, item in enumerate(operand):
            issues += check_compared(spec, item, f"{where}[{i}]")
        return issues
    if key == "prefix":
        if "string" not in spec.json_types:
            return [(where, f'"{path}" is {spec.describe()}: {{"prefix": ..}} compares strings only')]
        return Str().check(operand, where)
    # count
    if "list" not in spec.json_types:
        return [(where, f'"{path}" is {spec.describe()}: {{"count": n}} compares list lengths only')]
    return Int(0).check(operand, where)


# -- kinds --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """What a kind's extra checks may consult besides the record."""

    #: the record's time (None when its "at" is itself wrong)
    at: int | None
    profile: Profile | None


Check = Callable[[Mapping[str, Any], Context], list[Issue]]


@dataclass(frozen=True)
class Kind:
    name: str
    family: str
    doc: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    rules: tuple[Rule, ...] = ()
    #: record-level checks beyond one field's type, run once the fields are well-typed.
    checks: tuple[Check, ...] = ()
    #: fields beyond the table are allowed (effect expectations: the effect's own fields).
    open_fields: bool = False
    #: not in DESIGN.md's contract: an additive extension documented in trace.py.
    added: bool = False


# common value types ----------------------------------------------------------------------------

INT32 = Int(INT32_MIN, INT32_MAX)
NON_NEG_32 = Int(0, INT32_MAX)
POSITIVE_32 = Int(1, INT32_MAX)
NON_NEG_64 = Int(0, INT64_MAX)
TIME = Int(0, INT64_MAX, "a virtual time in ms (an integer >= 0)")
ALIAS = Str(nonempty=True, what="a client alias (a non-empty string)")
MEMBER = Str(nonempty=True, what="a client alias or member id (a non-empty string)")
MEMBERS = ListOf(MEMBER, "a list of client aliases or member ids")
TOPIC = Str(pattern=r"[A-Za-z0-9._-]{1,249}", what='a topic name (letters, digits, ".", "_" and "-")')
TOPIC_PARTITION = TopicPartition()
TOPIC_PARTITIONS = ListOf(TOPIC_PARTITION, 'a list of topic-partitions like ["orders-0", "orders-1"]')
BROKER = Int(0, INT32_MAX, "a broker id (an integer >= 0)")
BROKERS = ListOf(BROKER, "a list of broker ids")
BROKER_KEY = Str(pattern=r"0|[1-9][0-9]{0,9}", what='a broker id written as a string, e.g. "1"')
LEADER = Int(-1, INT32_MAX, "a broker id, or -1 for no leader")
EPOCH = NON_NEG_32
OFFSET = NON_NEG_64
HEX = Str(pattern=r"(?:[0-9a-fA-F]{2})*", what="hex bytes (an even number of 0-9, a-f digits)")
ERROR = ErrorName()
GROUP_STATES = Choice((*(s.value for s in GroupState), "AwaitingSync"))
#: AbstractCoordinator.MemberState: UNJOINED / REBALANCING / STABLE until 2.6, then
#: REBALANCING split into PREPARING_REBALANCE and COMPLETING_REBALANCE (KAFKA-10134, 2.7.0).
CLIENT_STATES = Choice(("UNJOINED", "PREPARING_REBALANCE", "COMPLETING_REBALANCE", "REBALANCING", "STABLE"))
REQUESTS = Choice(tuple(k.value for k in RequestKind))
PROTOCOLS = ListOf(
    Union((Str(), Pair(Str(), HEX, "a [name, metadata-hex] pair")),
          "a protocol name or a [name, metadata-hex] pair"),
    "a list of protocol names or [name, metadata-hex] pairs, most preferred first")

#: broker configs the engine reads, typed as Kafka defines them (KafkaConfig, 2.8:
#: INT / LONG / BOOLEAN, atLeast(1) where noted).
BROKER_CONFIGS: Mapping[str, Spec] = MappingProxyType({
    "group.min.session.timeout.ms": INT32,
    "group.max.session.timeout.ms": INT32,
    "group.initial.rebalance.delay.ms": INT32,
    "group.max.size": POSITIVE_32,
    "offsets.topic.num.partitions": POSITIVE_32,
    "replica.lag.time.max.ms": Int(),
    "min.insync.replicas": POSITIVE_32,
    "unclean.leader.election.enable": Bool(),
    # KRaft mode (KIP-500): set on a 2.8-3.9 profile, the cluster runs without ZooKeeper (4.0 always does)
    "process.roles": Str(),
    "controller.quorum.voters": Str(),  # id@host:port,...: the first id is the active controller's
})

#: consumer configs a simulated consumer reads, typed as ConsumerConfig defines them
#: (3.8: INT / LONG / BOOLEAN / LIST; atLeast(..) validators; group.instance.id NonEmptyString).
CONSUMER_CONFIGS: Mapping[str, Spec] = MappingProxyType({
    "group.id": Str(),
    "group.instance.id": Str(nonempty=True),
    "client.id": Str(),
    "session.timeout.ms": INT32,
    "heartbeat.interval.ms": INT32,
    "max.poll.interval.ms": POSITIVE_32,
    "partition.assignment.strategy": Assignors(),
    "retry.backoff.ms": Int(0),
    "retry.backoff.max.ms": Int(0),
    "request.timeout.ms": NON_NEG_32,
    "default.api.timeout.ms": NON_NEG_32,
    "enable.auto.commit": Bool(),
    "auto.commit.interval.ms": NON_NEG_32,
    "internal.leave.group.on.close": Bool(),
})

#: every name ConsumerConfig / CommonClientConfigs define (0.10.0, 2.4, 3.8, trunk 2024-10),
#: so a real consumer.properties is never mistaken for a misspelling.
CONSUMER_CONFIG_NAMES: frozenset[str] = frozenset("""
allow.auto.create.topics auto.commit.interval.ms auto.include.jmx.reporter auto.offset.reset
bootstrap.servers check.crcs client.dns.lookup client.id client.rack connections.max.idle.ms
default.api.timeout.ms enable.auto.commit enable.metrics.push exclude.internal.topics fetch.max.bytes
fetch.max.wait.ms fetch.min.bytes group.id group.instance.id group.protocol group.remote.assignor
heartbeat.interval.ms interceptor.classes internal.leave.group.on.close isolation.level key.deserializer
max.partition.fetch.bytes max.poll.interval.ms max.poll.records metadata.max.age.ms
metadata.recovery.strategy metric.reporters metrics.num.samples metrics.recording.level
metrics.sample.window.ms partition.assignment.strategy rebalance.timeout.ms receive.buffer.bytes
reconnect.backoff.max.ms reconnect.backoff.ms request.timeout.ms retries retry.backoff.max.ms
retry.backoff.ms security.protocol send.buffer.bytes session.timeout.ms
socket.connection.setup.timeout.max.ms socket.connection.setup.timeout.ms value.deserializer
""".split())

BROKER_CONFIG = ConfigMap(BROKER_CONFIGS, frozenset(), "broker")
CONSUMER_CONFIG = ConfigMap(CONSUMER_CONFIGS, CONSUMER_CONFIG_NAMES, "consumer", prefixes=("ssl.", "sasl."))


# header ----------------------------------------------------------------------------------------

TIMER_MODES = Choice(tuple(m.value for m in TimerMode))

HEADER_FIELDS: Mapping[str, Field] = MappingProxyType({
    "kind": Field(Choice(("header",)), True, 'always "header"; it marks the line as the header'),
    "profile": Field(Str(nonempty=True, what='a Kafka version such as "2.8" or "0.10.1"'), False,
                     "the Kafka version whose behaviour and defaults apply (default: the newest profile)"),
    "timer": Field(TIMER_MODES, False, "how advancing the clock fires timers (default realtime)"),
    "config": Field(BROKER_CONFIG, False, "broker configs by their Kafka names; unset ones take the "
                                          "profile's defaults"),
    "controller": Field(Choice(("auto", "scripted")), False, "auto (default): the engine's controller "
                        "answers at once; scripted: only alter_partition_reply records answer"),
    "periodic_tasks": Field(Choice(("auto", "manual")), False, "auto (default), or manual: the brokers' "
                            "periodic tasks run only on run_task"),
})

#: fields any record may carry as documentation: they never change what runs.
DOC_FIELDS: Mapping[str, Field] = MappingProxyType({
    "source": Field(Union((Str(), ListOf(Str(), "a list of strings")), "a string or a list of strings"),
                    doc='the evidence a derived record came from, as "file:line"'),
    "level": Field(Int(1, 3, "1, 2 or 3"), doc="the evidence level of a derived record (1: request log, "
                   "2: client log, 3: coordinator INFO lines)"),
    "note": Field(Str(), doc="free text"),
})


# field building blocks --------------------------------------------------------------------------

def _f(spec: Spec, doc: str = "", *, required: bool = False, key: bool = False) -> Field:
    return Field(spec, required, doc, key)


GROUP = _f(Str(), "the group id", required=True)
CLIENT = _f(ALIAS, "the client alias (one consumer instance) the request comes from", required=True)
MEMBER_FIELDS: Mapping[str, Field] = {
    "member_id": _f(Str(), "send this literal member id instead of the client's current one"),
    "member_id_of": _f(ALIAS, "send that client's current member id (a stale or foreign id)"),
    "instance_id": _f(Str(nonempty=True), "group.instance.id (static membership, KIP-345, 2.3+)"),
}
#: admin requests (and the expectations on their responses) may leave the client out.
ADMIN_CLIENT = _f(ALIAS, 'the client the request comes from (default: the alias "admin")')
GENERATION = _f(INT32, "the generation to send (default: the client's last)")
ONE_MEMBER_ID = AtMostOne(("member_id", "member_id_of"))
TP = {"topic": _f(TOPIC, "the topic", required=True),
      "partition": _f(NON_NEG_32, "the partition number", required=True)}


# consumer (addition) -----------------------------------------------------------------------------

POLL = Obj({
    "at": _f(TIME, "one poll at this virtual time"),
    "every": _f(Int(1, INT64_MAX, "a period in ms (an integer >= 1)"),
                "poll periodically, from the consumer's start"),
    "until": _f(TIME, "with every: the last time a periodic poll may start (default: forever)"),
    "processing_ms": _f(Int(0, INT64_MAX, "a duration in ms (an integer >= 0)"),
                        "how long the application processes the records before the next poll (default 0)"),
}, 'a poll: {"at": ms, "processing_ms": ms} or {"every": ms, "processing_ms": ms, "until": ms}',
    rules=(AtLeastOne(("at", "every")), AtMostOne(("at", "every")),
           Excludes("at", ("until",), '"until" bounds a periodic poll')))


def _polls_not_before_start(fields: Mapping[str, Any], ctx: Context) -> list[Issue]:
    issues: list[Issue] = []
    if ctx.at is None:
        return issues
    for i, poll in enumerate(fields.get("polls", ())):
        for name in ("at", "until"):
            if name in poll and poll[name] < ctx.at:
                where = f"polls[{i}].{name}"
                issues.append((where, f'"{where}" {poll[name]} is before the consumer starts at {ctx.at}; '
                                      "poll times are virtual ms on the trace's clock"))
    return issues


def _group_id_matches(fields: Mapping[str, Any], ctx: Context) -> list[Issue]:
    configured = fields.get("config", {}).get("group.id")
    if configured is None or configured == fields["group"]:
        return []
    return [("config[group.id]", f'"config[group.id]" is {render(configured)} but "group" is '
                                 f'{render(fields["group"])}; drop group.id or make them equal')]


def _heartbeat_below_session(fields: Mapping[str, Any], ctx: Context) -> list[Issue]:
    # The Java client refuses to start otherwise: Heartbeat's constructor throws
    # "Heartbeat must be set lower than the session timeout" (0.10.1 .. 3.8).
    config = fields.get("config", {})
    defaults = ctx.profile.defaults if ctx.profile is not None else {}
    heartbeat = config.get("heartbeat.interval.ms", defaults.get("heartbeat.interval.ms"))
    session = config.get("session.timeout.ms", defaults.get("session.timeout.ms"))
    if not (_is_int(heartbeat) and _is_int(session)) or heartbeat < session:
        return []
    return [("config", f'"config" has heartbeat.interval.ms {heartbeat} >= session.timeout.ms {session}; '
                       "the Java consumer refuses to start (\"Heartbeat must be set lower than the session "
                       'timeout"): lower the heartbeat interval')]


def _log_epochs_in_order(fields: Mapping[str, Any], ctx: Context) -> list[Issue]:
    issues: list[Issue] = []
    for broker, runs in fields.get("logs", {}).items():
        epochs = [run[0] for run in runs]
        for i in range(1, len(epochs)):
            if epochs[i] < epochs[i - 1]:
                where = f"logs[{broker}][{i}]"
                issues.append((where, f'"{where}" has leader epoch {epochs[i]} after epoch {epochs[i - 1]}; '
                                      "a log's epochs never decrease: list the runs oldest first"))
                break
    return issues


# effect expectations: the fields of each event, read from engine.effects ---------------------------


def _effect_fields() -> Mapping[str, frozenset[str] | None]:
    """event name -> the JSON field names of that effect (group and replication effects alike:
    both modules are imported here, so the table never depends on what was imported before)."""
    out: dict[str, frozenset[str] | None] = {}
    todo = list(_effects.Effect.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        names = {f.name for f in dataclasses.fields(cls) if f.default is None and not _effects.is_log_only(f)}
        try:
            names |= set(cls(at=0).to_dict())  # the keys as the effect renders them ("from", "to")
        except TypeError:
            names |= {f.name for f in dataclasses.fields(cls) if not _effects.is_log_only(f)}
        out[cls.event] = frozenset(names - {"at", "event"})
    return MappingProxyType(dict(sorted(out.items())))


EFFECT_FIELDS = _effect_fields()


def _effect_fields_known(fields: Mapping[str, Any], ctx: Context) -> list[Issue]:
    allowed = EFFECT_FIELDS.get(fields["event"])
    if allowed is None:
        return []
    issues: list[Issue] = []
    for name in fields:
        if name != "event" and name not in allowed and name not in DOC_FIELDS:
            hint = did_you_mean(name, sorted(allowed)) or "; its fields are " + ", ".join(sorted(allowed))
            issues.append((name, f'unknown field "{name}" for a "{fields["event"]}" effect{hint}'))
    return issues


# the tables ---------------------------------------------------------------------------------------

STIMULI: Mapping[str, Kind] = MappingProxyType({k.name: k for k in (
    # -- group -------------------------------------------------------------------------------------
    Kind("join", "group", "JoinGroup.", {
        "group": GROUP, "client": CLIENT, **MEMBER_FIELDS,
        "client_id": _f(Str(), "the client.id (member ids start with it)"),
        "client_host": _f(Str(), "the client's host as the coordinator sees it"),
        "session_timeout_ms": _f(INT32, "the member's session timeout"),
        "rebalance_timeout_ms": _f(INT32, "the member's rebalance timeout (JoinGroup v1+, KIP-62)"),
        "protocol_type": _f(Str(), "default consumer"),
        "protocols": _f(PROTOCOLS, "the assignors the member supports, in preference order"),
        "require_known_member_id": _f(Bool(), "JoinGroup v4+ (KIP-394); default: what the profile's Java "
                                              "client sends"),
        "skip_assignment": _f(Bool(), "JoinGroup v9+ (KIP-814)"),
        "reason": _f(Str(), "the join reason (KIP-800)"),
    }, (ONE_MEMBER_ID,)),
    Kind("sync", "group", "SyncGroup; the leader's carries the assignment.", {
        "group": GROUP, "client": CLIENT, **MEMBER_FIELDS, "generation": GENERATION,
        "protocol_type": _f(Str(), "SyncGroup v5+ (KIP-559)"),
        "protocol_name": _f(Str(), "SyncGroup v5+ (KIP-559)"),
        "assignment": _f(MapOf(MEMBER, TOPIC_PARTITIONS, "a map of client alias or member id to a list of "
                                                         "topic-partitions"),
                         "the leader's assignment; keys may be aliases or member ids"),
    }, (ONE_MEMBER_ID,)),
    Kind("heartbeat", "group", "Heartbeat.", {
        "group": GROUP, "client": CLIENT, **MEMBER_FIELDS, "generation": GENERATION,
    }, (ONE_MEMBER_ID,)),
    Kind("leave", "group", "LeaveGroup: one member (the client), or a batch (v3+, KIP-345).", {
        "group": GROUP,
        "client": _f(ALIAS, "the client that leaves (or sends the batch)"),
        **MEMBER_FIELDS,
        "members": _f(ListOf(Obj({
            "client": _f(ALIAS, "this client's current member id"),
            "member_id": _f(Str(), "a literal member id"),
            "member_id_of": _f(ALIAS, "that client's current member id"),
            "instance_id": _f(Str(nonempty=True), "the member's group.instance.id"),
            "reason": _f(Str(), "the leave reason (KIP-800)"),
        }, "a member: {client | member_id | member_id_of, instance_id, reason}",
            rules=(AtMostOne(("client", "member_id", "member_id_of")),
                   AtLeastOne(("client", "member_id", "member_id_of", "instance_id")))),
            "a list of members", min_len=1), "a batch leave (LeaveGroup v3+)"),
        "reason": _f(Str(), "the leave reason (KIP-800)"),
    }, (AtLeastOne(("client", "members")), ONE_MEMBER_ID)),
    Kind("commit", "group", "OffsetCommit.", {
        "group": GROUP, "client": CLIENT, **MEMBER_FIELDS, "generation": GENERATION,
        "offsets": _f(MapOf(TOPIC_PARTITION, OFFSET, 'a map of "topic-N" to an offset (an integer >= 0)'),
                      'e.g. {"t-0": 42}'),
        "transactional": _f(Bool(), "a TxnOffsetCommit"),
    }, (ONE_MEMBER_ID,)),
    Kind("offset_fetch", "group", "OffsetFetch.", {"group": GROUP, "client": ADMIN_CLIENT}),
    Kind("describe", "group", "DescribeGroups.", {"group": GROUP, "client": ADMIN_CLIENT}),
    Kind("list_groups", "group", "ListGroups.", {"client": ADMIN_CLIENT}),
    Kind("delete_group", "group", "DeleteGroups.", {"group": GROUP, "client": ADMIN_CLIENT}),
    Kind("coordinator_load", "group", "This broker becomes leader of a __consumer_offsets partition and "
         "loads its groups.", {
             "partition": _f(NON_NEG_32, "the __consumer_offsets partition", required=True),
             "epoch": _f(EPOCH, "its leader epoch")}),
    Kind("coordinator_unload", "group", "This broker stops leading a __consumer_offsets partition.", {
        "partition": _f(NON_NEG_32, "the __consumer_offsets partition", required=True),
        "epoch": _f(EPOCH, "its leader epoch")}),
    Kind("fail_append", "group", "The next group-metadata write fails.", {
        "error": _f(ERROR, "the append's error", required=True)}),
    Kind("set", "group", "Change broker configs from now on.", {
        "config": _f(BROKER_CONFIG, "like the header's config", required=True)}),
    Kind("tick", "group", "Only advance the clock to at.", {}),
    # -- simulated Java consumers (additions) ------------------------------------------------------
    Kind("consumer", "consumer", "Start a simulated Java consumer: its heartbeats, rejoins, poll "
         "timeouts and LeaveGroups come from the engine.", {
             "client": _f(ALIAS, "the consumer's alias", required=True),
             "group": _f(Str(), "the group it joins (its group.id)", required=True),
             "config": _f(CONSUMER_CONFIG, "Java consumer configs (session.timeout.ms, "
                          "heartbeat.interval.ms, max.poll.interval.ms, partition.assignment.strategy, "
                          "group.instance.id, retry.backoff.ms, request.timeout.ms, client.id, ...); unset "
                          "ones take the profile's client defaults"),
             "topics": _f(MapOf(TOPIC, POSITIVE_32,
                                "a map of topic to its partition count (an integer >= 1)"),
                          "the subscription and its metadata"),
             "polls": _f(ListOf(POLL, "a list of polls"), "when the application calls poll() (absent: it is "
                         "never late to poll)"),
         }, checks=(_polls_not_before_start, _group_id_matches, _heartbeat_below_session), added=True),
    Kind("consumer_close", "consumer", "The consumer closes gracefully (it sends LeaveGroup).",
         {"client": _f(ALIAS, "the consumer's alias", required=True)}, added=True),
    Kind("consumer_crash", "consumer", "The consumer stops dead: no LeaveGroup, no more heartbeats.",
         {"client": _f(ALIAS, "the consumer's alias", required=True)}, added=True),
    # -- replication ---------------------------------------------------------------------------------
    Kind("create_partition", "replication", "A partition's starting state.", {
        **TP,
        "replicas": _f(ListOf(BROKER, "a non-empty list of broker ids", min_len=1), "the assigned replicas",
                       required=True),
        "leader": _f(LEADER, "the leader"),
        "isr": _f(BROKERS, "the in-sync replicas"),
        "leader_epoch": _f(EPOCH, "the leader epoch"),
        "zk_version": _f(NON_NEG_32, "the zkVersion of its ZooKeeper state (KRaft: its partition epoch)"),
        "logs": _f(MapOf(BROKER_KEY, ListOf(Pair(EPOCH, Int(1, INT64_MAX), "an [epoch, records] run with "
                                                 "records >= 1"), "a list of [epoch, records] runs"),
                         'a map of broker id to its log as [leader_epoch, records] runs'),
                   'each replica\'s log, oldest first, e.g. {"2": [[0, 10], [1, 3]]}'),
    }, checks=(_log_epochs_in_order,)),
    Kind("append", "replication", "A produce request to the leader.", {
        **TP,
        "records": _f(Int(1, INT32_MAX), "how many records", required=True),
        "acks": _f(Choice((0, 1, -1, "all")), "0, 1, -1 or \"all\""),
        "client": _f(ALIAS, "the producer's alias (for produce_response)"),
    }),
    Kind("fetch", "replication", "A follower's fetch from the leader.", {
        **TP,
        "replica": _f(BROKER, "the follower's broker id", required=True),
        "offset": _f(OFFSET, "its fetch offset (= its LEO)", required=True),
        "last_fetched_epoch": _f(Int(-1, INT32_MAX), "KIP-320 (-1: none)"),
        "current_leader_epoch": _f(Int(-1, INT32_MAX), "KIP-320 (-1: none)"),
        "broker_epoch": _f(Int(-1), "the follower's broker epoch (-1: unknown)"),
    }),
    Kind("broker_fail", "replication", "A broker dies (KRaft: the controller fences it, as when its session "
         "timed out).", {"broker": _f(BROKER, "the broker", required=True)}),
    Kind("broker_start", "replication", "A broker starts (its periodic tasks count from now).",
         {"broker": _f(BROKER, "the broker", required=True)}),
    Kind("broker_shutdown", "replication", "A controlled shutdown: in ZooKeeper mode the broker asks "
         "the controller to move its leaderships, retrying (controlled.shutdown.max.retries attempts, "
         "retry.backoff.ms apart) while it still leads some, then stops (unclean when every attempt "
         "failed); in KRaft mode the controller moves every leadership at once (a partition with no "
         "other active ISR member goes leaderless) and the broker stops, fenced.",
         {"broker": _f(BROKER, "the broker", required=True)}),
    Kind("zk_session_expire", "replication", "A broker's ZooKeeper session expires (its cached zkVersions "
         "go stale); refused in KRaft mode.", {"broker": _f(BROKER, "the broker", required=True)}),
    Kind("leader_and_isr", "replication", "A LeaderAndIsr request from the controller.", {
        **TP,
        "leader": _f(LEADER, "the leader", required=True),
        "leader_epoch": _f(EPOCH, "the leader epoch", required=True),
        "isr": _f(BROKERS, "the ISR", required=True),
        "replicas": _f(BROKERS, "the assigned replicas"),
        "zk_version": _f(NON_NEG_32, "the zkVersion (KRaft: the partition epoch)"),
        "controller_epoch": _f(NON_NEG_32, "the controller epoch"),
    }),
    Kind("elect", "replication", "A leader election.", {
        **TP, "strategy": _f(Choice(("clean", "unclean", "preferred")), "the election rule", required=True),
    }),
    Kind("alter_partition_reply", "replication", "The controller's answer to the oldest ISR change in flight "
         "(with controller scripted, the only answers).", {
             **TP,
             "error": _f(ERROR, "the change was rejected with this error"),
             "isr": _f(BROKERS, "the accepted ISR"),
             "leader_epoch": _f(EPOCH, "the accepted leader epoch"),
             "zk_version": _f(NON_NEG_32, "the accepted zkVersion"),
         }, (AtLeastOne(("error", "isr")),
             Excludes("error", ("isr", "leader_epoch", "zk_version"),
                      "a rejected change has no accepted state"))),
    Kind("run_task", "replication", "Run one of a broker's periodic tasks now, or (addition) the "
         "controller's auto-leader-rebalance-task: broker names the controller (in KRaft mode its node, "
         "3000 or the first of controller.quorum.voters).", {
        "broker": _f(BROKER, "the broker", required=True),
        "task": _f(Choice(("isr-expiration", "isr-change-propagation", "auto-leader-rebalance-task")),
                   "the task", required=True),
    }),
    Kind("begin_txn", "replication", "A producer opens a transaction on a partition.", {
        **TP, "client": _f(ALIAS, "the producer's alias", required=True)}),
    Kind("end_txn", "replication", "A producer commits or aborts its transaction.", {
        **TP, "client": _f(ALIAS, "the producer's alias", required=True),
        "commit": _f(Bool(), "true: commit; false: abort", required=True)}),
)})


EXPECTATIONS: Mapping[str, Kind] = MappingProxyType({k.name: k for k in (
    Kind("state", "group", "The group's state now.", {
        "group": _f(Str(), "the group", required=True, key=True),
        "state": _f(GROUP_STATES, "the state (AwaitingSync is the pre-1.1 name of CompletingRebalance)"),
        "generation": _f(INT32, "the generation"),
        "leader": _f(MEMBER, "the leader"),
        "members": _f(MEMBERS, "the members"),
        "pending": _f(MEMBERS, "members that got MEMBER_ID_REQUIRED and have not joined yet"),
        "protocol_type": _f(Str(), "the protocol type"),
        "protocol_name": _f(Str(), "the selected protocol"),
    }),
    Kind("response", "group", "The latest response to that client's request of that kind, completed at or "
         "before at.", {
             "client": _f(ALIAS, 'the client (default: the alias "admin")', key=True),
             "request": _f(REQUESTS, "the request kind", required=True, key=True),
             "error": _f(ERROR, "the error"),
             "generation": _f(INT32, "the generation"),
             "member_id": _f(Str(), "the member id"),
             "leader": _f(MEMBER, "the leader"),
             "members": _f(MEMBERS, "JoinGroup: the members the leader receives"),
             "protocol_type": _f(Str(), "the protocol type"),
             "protocol_name": _f(Str(), "the protocol name"),
             "skip_assignment": _f(Bool(), "JoinGroup v9+"),
             "assignment": _f(TOPIC_PARTITIONS, "SyncGroup: the member's assignment"),
             "state": _f(GROUP_STATES, "DescribeGroups: the group's state"),
             "results": _f(ListOf(ERROR, "a list of Kafka error names"),
                           "a batch leave's per-member errors, in the order of its members"),
         }),
    Kind("pending", "group", "The request is still parked.", {
        "client": _f(ALIAS, 'the client (default: the alias "admin")', key=True),
        "request": _f(REQUESTS, "the request kind", required=True, key=True),
    }),
    Kind("member", "group", "Whether a member is in the group.", {
        "group": _f(Str(), "the group", required=True, key=True),
        "client": _f(MEMBER, "the member", required=True, key=True),
        "present": _f(Bool(), "in the group or not", required=True),
    }),
    Kind("client_state", "consumer", "A simulated consumer's own view (AbstractCoordinator.MemberState).", {
        "client": _f(ALIAS, "the consumer", required=True, key=True),
        "state": _f(CLIENT_STATES, "REBALANCING until 2.6; PREPARING_REBALANCE / COMPLETING_REBALANCE "
                                   "from 2.7 (KAFKA-10134)"),
        "generation": _f(INT32, "the generation it holds"),
        "assignment": _f(TOPIC_PARTITIONS, "the partitions it owns"),
        "member_id": _f(Str(), "the member id it holds"),
    }, added=True),
    Kind("partition", "replication", "The leader's view of a partition.", {
        "topic": _f(TOPIC, "the topic", required=True, key=True),
        "partition": _f(NON_NEG_32, "the partition number", required=True, key=True),
        "leader": _f(LEADER, "the leader"),
        "leader_epoch": _f(EPOCH, "the leader epoch"),
        "isr": _f(BROKERS, "the ISR"),
        "maximal_isr": _f(BROKERS, "the ISR including changes in flight"),
        "pending_isr": _f(BROKERS, "the proposed ISR of a change in flight (null: none)"),
        "hw": _f(OFFSET, "the high watermark"),
        "leo": _f(MapOf(BROKER_KEY, Int(-1, INT64_MAX), 'a map of broker id to its LEO (-1: unknown)'),
                  'each replica\'s LEO, e.g. {"1": 10}; compared on the keys given'),
        "zk_version": _f(NON_NEG_32, "the zkVersion (KRaft: the partition epoch)"),
        "controller_epoch": _f(Int(-1, INT32_MAX), "the controller epoch (KRaft: -1, as brokers see it)"),
    }),
    Kind("replica", "replication", "One broker's replica, and the leader's view of it.", {
        "topic": _f(TOPIC, "the topic", required=True, key=True),
        "partition": _f(NON_NEG_32, "the partition number", required=True, key=True),
        "broker": _f(BROKER, "the replica's broker", required=True, key=True),
        "leo": _f(OFFSET, "its log end offset"),
        "hw": _f(OFFSET, "its high watermark"),
        "log_start": _f(OFFSET, "its log start offset"),
        "epoch_cache": _f(ListOf(Pair(EPOCH, OFFSET, "an [epoch, start_offset] pair"),
                                 "a list of [epoch, start_offset] pairs"), "its leader-epoch cache"),
        "last_caught_up_ms": _f(TIME, "the leader's lastCaughtUpTime for it"),
        "leader_view_leo": _f(Int(-1, INT64_MAX), "its LEO as the leader sees it (-1: unknown)"),
        "leader_view_log_start": _f(Int(-1, INT64_MAX), "its log start as the leader sees it (-1: unknown)"),
    }),
    Kind("produce_response", "replication", "The latest produce response to that client.", {
        "client": _f(ALIAS, "the producer", required=True, key=True),
        "error": _f(ERROR, "the error"),
    }),
    Kind("effect", "effects", "An effect matching the given fields was emitted so far.", {
        "event": _f(Choice(tuple(EFFECT_FIELDS)), "the effect's event", required=True, key=True),
    }, checks=(_effect_fields_known,), open_fields=True),
    Kind("no_effect", "effects", "No effect matching the given fields was emitted so far.", {
        "event": _f(Choice(tuple(EFFECT_FIELDS)), "the effect's event", required=True, key=True),
    }, checks=(_effect_fields_known,), open_fields=True),
)})


# -- the Markdown reference -------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _kind_section(kind: Kind, *, expectation: bool) -> list[str]:
    title = f"### `{kind.name}`" + (" (addition)" if kind.added else "")
    lines = [title, "", kind.doc, ""]
    if kind.fields:
        lines += ["| field | type | required | meaning |", "|---|---|---|---|"]
        for name, f in kind.fields.items():
            meaning = f.doc
            if expectation and f.key:
                meaning = (meaning + "; " if meaning else "") + "selects (no matcher)"
            lines.append(f"| `{name}` | {_cell(f.spec.describe())} | {'yes' if f.required else ''} "
                         f"| {_cell(meaning)} |")
        lines.append("")
    else:
        lines += ["No fields.", ""]
    for rule in kind.rules:
        lines.append(f"- {rule.describe()}")
    if kind.open_fields:
        lines.append("- any other field is compared with the effect's field of that name; "
                     "for the events the engine defines, the fields are listed below")
    if kind.rules or kind.open_fields:
        lines.append("")
    return lines


def _nested(spec: Spec, seen: dict[str, Obj]) -> None:
    if isinstance(spec, Obj):
        seen.setdefault(spec.what, spec)
        for f in spec.fields.values():
            _nested(f.spec, seen)
    for attr in ("item", "value", "first", "second"):
        if hasattr(spec, attr):
            _nested(getattr(spec, attr), seen)


def reference_markdown() -> str:
    """The trace format reference (docs/trace.md), generated from these tables."""
    out = ["# Trace format reference", "",
           "Generated from `replay/trace_schema.py` by `python -m kafka_forensics.replay.trace`; "
           "the contract is DESIGN.md's \"Trace\" section, and what is marked *addition* extends it.", "",
           "## Records", "",
           "JSON Lines: one JSON object per line, in UTF-8. Blank lines and comment lines (starting "
           "with `#` or `//`) are skipped. Every record has `at` (virtual ms, an integer >= 0, never "
           "less than the previous record's) and exactly one of `do` (a stimulus) or `expect` (an "
           "expectation). A line may be at most 10 MB. The whole file is checked before anything runs; "
           "all problems are reported (up to 50).", "",
           "Any record may also carry documentation fields, which never change what runs:", "",
           "| field | type | meaning |", "|---|---|---|"]
    out += [f"| `{n}` | {_cell(f.spec.describe())} | {_cell(f.doc)} |" for n, f in DOC_FIELDS.items()]
    out += ["", "## Header", "",
            'The first record may be the header, `{"kind": "header", ...}`. Any other header field '
            "(`source`, `note`, ...) is kept as documentation, except a near miss of a field below, "
            "which is reported as a misspelling.", "",
            "| field | type | required | meaning |", "|---|---|---|---|"]
    out += [f"| `{n}` | {_cell(f.spec.describe())} | {'yes' if f.required else ''} | {_cell(f.doc)} |"
            for n, f in HEADER_FIELDS.items()]
    out += ["", "Broker configs the engine reads, and their types:", "",
            "| config | type |", "|---|---|"]
    out += [f"| `{n}` | {_cell(s.describe())} |" for n, s in BROKER_CONFIGS.items()]
    out.append("")
    for family, title in (("group", "Group stimuli (`do`)"),
                          ("consumer", "Simulated consumer stimuli (`do`, addition)"),
                          ("replication", "Replication stimuli (`do`)")):
        out += [f"## {title}", ""]
        for kind in STIMULI.values():
            if kind.family == family:
                out += _kind_section(kind, expectation=False)
    nested: dict[str, Obj] = {}
    for kind in STIMULI.values():
        for f in kind.fields.values():
            _nested(f.spec, nested)
    out += ["## Nested objects", ""]
    for what, obj in nested.items():
        out += [f"### {_cell(what)}", "", "| field | type | required | meaning |", "|---|---|---|---|"]
        out += [f"| `{n}` | {_cell(f.spec.describe())} | {'yes' if f.required else ''} | {_cell(f.doc)} |"
                for n, f in obj.fields.items()]
        out += [""] + [f"- {rule.describe()}" for rule in obj.rules] + [""]
    out += ["Consumer configs a simulated consumer reads, and their types (other ConsumerConfig names "
            "and `ssl.*` / `sasl.*` are accepted and ignored; a near miss of a ConsumerConfig name is "
            "reported as a misspelling):", "", "| config | type |", "|---|---|"]
    out += [f"| `{n}` | {_cell(s.describe())} |" for n, s in CONSUMER_CONFIGS.items()]
    out += ["", "## Expectations (`expect`)", "",
            "Only the fields given are compared; a map is compared on the keys given. A compared value "
            "may be a matcher: `null` (absent or null), `{\"not\": v}`, `{\"one_of\": [v, ...]}`, "
            "`{\"prefix\": \"s\"}` (strings), `{\"count\": n}` (a list of that length). An object whose "
            "only key is one of `not`, `one_of`, `prefix`, `count` is a matcher; matchers nest, and a "
            "map's entries may be matchers.", ""]
    for kind in EXPECTATIONS.values():
        out += _kind_section(kind, expectation=True)
    out += ["## Effect events", "", "| event | fields |", "|---|---|"]
    for event, names in EFFECT_FIELDS.items():
        listed = ", ".join(f"`{n}`" for n in sorted(names)) if names is not None else "(not defined yet: any)"
        out.append(f"| `{event}` | {listed} |")
    return "\n".join(out) + "\n"
