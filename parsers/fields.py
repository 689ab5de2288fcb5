"""Field types of the message catalogue: the regex a placeholder matches and the
vectorised conversion of the captured text into its column.

Kafka prints the same value many ways (see kafka-log-templates.md §10.7): an ISR
is ``1,2,3`` or ``[1,2,3]`` or ``[1, 2, 3]`` or ``List(1, 2)`` or ``Set(1)`` or
``HashSet(1, 2)``; an option is ``Some(3)`` / ``None`` / ``Optional[3]`` /
``Optional.empty``.  Each type here accepts all renderings it can meet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import polars as pl


@dataclass(frozen=True)
class FieldType:
    name: str
    regex: str
    convert: Callable[[pl.Expr], pl.Expr]


def _as_is(e: pl.Expr) -> pl.Expr:
    return e


def _int(e: pl.Expr) -> pl.Expr:
    return e.cast(pl.Int64, strict=False)


def _float(e: pl.Expr) -> pl.Expr:
    return e.cast(pl.Float64, strict=False)


def _ids(e: pl.Expr) -> pl.Expr:
    # brokerId=1 in 3.5+ `isrWithBrokerEpoch=List(BrokerState(brokerId=1, brokerEpoch=-1))`
    # carries a second number per element; take the broker ids only when present.
    with_epochs = e.str.extract_all(r"brokerId=-?\d+").list.eval(
        pl.element().str.slice(9).cast(pl.Int32, strict=False)
    )
    plain = e.str.extract_all(r"-?\d+").list.eval(pl.element().cast(pl.Int32, strict=False))
    return pl.when(e.str.contains("brokerId=", literal=True)).then(with_epochs).otherwise(plain)


def _opt(e: pl.Expr) -> pl.Expr:
    """``Some(x)`` / ``Optional[x]`` -> x; ``None`` / ``Optional.empty`` / ``null`` -> null."""
    inner = e.str.replace(r"^(?:Some\((.*)\)|Optional\[(.*)\])$", "${1}${2}")
    return pl.when(e.is_in(["None", "Optional.empty", "null"])).then(None).otherwise(inner)


def _opt_int(e: pl.Expr) -> pl.Expr:
    return _int(_opt(e))


def _strs(e: pl.Expr) -> pl.Expr:
    """A rendered collection of names (``[t-0, t-1]``, ``t-0, t-1``, ``Set(t-0)``) -> list."""
    body = e.str.replace(r"^(?:[A-Za-z]*\()?\[?", "").str.replace(r"\]?\)?$", "")
    return (
        pl.when(body.str.strip_chars() == "")
        .then(pl.lit([], dtype=pl.List(pl.String)))
        .otherwise(body.str.split(",").list.eval(pl.element().str.strip_chars()))
    )


# A rendered list of ints in any of Kafka's collection styles (possibly empty).
_IDS_RE = (
    r"(?:(?:[A-Za-z]+\()?\[?(?:-?\d+(?:\s*,\s*-?\d+)*)?\]?\)?"
    r"|List\((?:BrokerState\(brokerId=-?\d+, brokerEpoch=-?\d+\)(?:, )?)*\))"
)

TYPES: dict[str, FieldType] = {
    "str": FieldType("str", r".*?", _as_is),
    "text": FieldType("text", r".*", _as_is),
    "word": FieldType("word", r"\S+", _as_is),
    "int": FieldType("int", r"-?\d+", _int),
    "float": FieldType("float", r"-?\d+(?:\.\d+)?(?:[eE]-?\d+)?", _float),
    "ids": FieldType("ids", _IDS_RE, _ids),
    "opt": FieldType("opt", r"(?:Some\(.*?\)|None|Optional\[.*?\]|Optional\.empty|null|\S+)", _opt),
    "opt_int": FieldType("opt_int", r"(?:Some\(-?\d+\)|None|Optional\[-?\d+\]|Optional\.empty|-?\d+)",
                         _opt_int),
    "strs": FieldType("strs", r"(?:[A-Za-z]*\()?\[?[^\]\)]*?\]?\)?", _strs),
    "state": FieldType("state", r"[A-Za-z]+", _as_is),
    "member": FieldType("member", r"\S+", _as_is),
    "group": FieldType("group", r".+?", _as_is),
    "bool": FieldType("bool", r"(?:true|false)", lambda e: e == "true"),
}

# The type a placeholder gets when its template does not say.
DEFAULT_TYPE: dict[str, str] = {
    "node": "int", "generation": "int", "members": "int", "coordinator_partition": "int",
    "coordinator_epoch": "int", "coordinator": "int", "partition": "int", "leader": "int",
    "prev_leader": "int", "leader_epoch": "int", "prev_leader_epoch": "int", "replica": "int",
    "hw": "int", "leo": "int", "offset": "int", "zk_version": "int", "controller_epoch": "int",
    "controller": "int", "correlation_id": "int", "count": "int",
    "isr": "ids", "prev_isr": "ids", "replicas": "ids", "brokers": "ids",
    "duration_ms": "float", "partitions": "strs",
    "member": "member", "group": "group", "state": "state", "prev_state": "state",
    "topic": "word", "client_id": "word", "instance_id": "opt", "error": "word",
}


def field_type(field: str, explicit: str | None) -> FieldType:
    name = explicit or DEFAULT_TYPE.get(field.rsplit(".", 1)[-1], "str")
    try:
        return TYPES[name]
    except KeyError:
        raise ValueError(f"unknown placeholder type {name!r} for field {field!r}") from None
