"""Vectorised post-processing shared by catalogue entries (``Template.derive``).

Each function takes the entry's matched frame (typed captures, plus ``raw``) and
returns it with more columns.  They are Polars expressions only: no Python per row.
"""

from __future__ import annotations

import polars as pl

_CLIENT_REASON = r"; client reason: (.*)$"

# (cause, regex over the reason with the client reason removed; group 1 = member id)
_CAUSES: tuple[tuple[str, str], ...] = (
    ("new_member", r"(?i)^Adding new member (\S+)"),
    ("leader_rejoin", r"(?i)^leader (\S+) re-joining group"),
    ("metadata_change", r"^Updating metadata for member (\S+) during"),
    ("static_member_update", r"^Updating metadata for static member (\S+)"),
    ("member_update", r"^Updating metadata for member (\S+)$"),
    ("member_rejoin", r"^Member (\S+) (?:is )?joining group during"),
    ("static_protocol_change", r"^Group's selectedProtocol will change because static member (\S+)"),
    ("leave", r"(?i)^removing member (\S+) on LeaveGroup"),
    ("leave", r"^explicit `LeaveGroup` request for \((.*?)\) members"),
    ("heartbeat_expiration", r"^removing member (\S+) on heartbeat expiration"),
    ("sync_store_error",
     r"(?i)^(?:Error \S+|error) when storing group assignment during SyncGroup \(member: (\S+?)\)"),
    ("pending_sync_expiration", r"^Removing (.*) on pending sync request expiration"),
    ("over_capacity", r"^Freshly-loaded group (?:\S+ \(size \d+\) )?is over capacity()"),
    ("downgrade", r"^Downgrade group \S+ from consumer to classic()"),
)


def rebalance_reason(df: pl.DataFrame) -> pl.DataFrame:
    """``reason`` -> ``cause``, ``member`` (the member it names), ``client_reason``,
    ``instance_id`` (KIP-345 ``with group instance id Some(x)``)."""
    if "reason" not in df.columns:
        return df
    reason = pl.col("reason")
    body = reason.str.replace(_CLIENT_REASON, "").str.strip_chars_end(".")
    cause = pl.lit(None, pl.String)
    member = pl.lit(None, pl.String)
    for name, rx in reversed(_CAUSES):
        hit = body.str.contains(rx)
        cause = pl.when(hit).then(pl.lit(name)).otherwise(cause)
        member = pl.when(hit).then(body.str.extract(rx, 1)).otherwise(member)
    instance = body.str.extract(r"with group instance ?id (?:Some\()?([^)\s;]+)\)?", 1)
    cols = [
        cause.alias("cause"),
        pl.when(member == "").then(None).otherwise(member).alias("member"),
        reason.str.extract(_CLIENT_REASON, 1).alias("client_reason"),
        pl.when(instance.is_in(["None", "null"])).then(None).otherwise(instance).alias("instance_id"),
    ]
    if "member" in df.columns:  # a member captured by the template itself wins
        cols[1] = pl.coalesce(pl.col("member"), cols[1]).alias("member")
    return df.with_columns(cols)


def config_dump(df: pl.DataFrame) -> pl.DataFrame:
    """``KafkaConfig values:`` / ``ConsumerConfig values:`` record -> details JSON of the
    ``key = value`` lines; the broker's own ``broker.id`` / ``node.id`` goes to ``node``."""
    lines = pl.col("raw").str.extract_all(r"(?m)^\t[\w.\-]+ = .*$")
    pairs = lines.list.eval(
        pl.struct(
            pl.element().str.extract(r"^\t([\w.\-]+) = ", 1).alias("k"),
            pl.element().str.extract(r"^\t[\w.\-]+ = (.*)$", 1).str.strip_chars_end().alias("v"),
        )
    )
    obj = pairs.list.eval(
        pl.concat_str(
            pl.lit('"'), _json_escape(pl.element().struct.field("k")), pl.lit('":"'),
            _json_escape(pl.element().struct.field("v")), pl.lit('"'),
        )
    ).list.join(",")
    node_id = pl.coalesce(
        pl.col("raw").str.extract(r"(?m)^\tbroker\.id = (-?\d+)\s*$", 1),
        pl.col("raw").str.extract(r"(?m)^\tnode\.id = (-?\d+)\s*$", 1),
    ).cast(pl.Int32, strict=False)
    out = df.with_columns(pl.concat_str(pl.lit("{"), obj, pl.lit("}")).alias("details"))
    # broker.id = -1 means "generate one": not an identity
    return out.with_columns(pl.when(node_id >= 0).then(node_id).alias("node"))


def _json_escape(e: pl.Expr) -> pl.Expr:
    return e.str.replace_all("\\", "\\\\", literal=True).str.replace_all('"', '\\"', literal=True) \
        .str.replace_all("\t", "\\t", literal=True)
