"""``kafka-forensics demo``: the bundled incidents, each re-executed by the engine, written out
as the logs Kafka would have written (``--emit-logs``), read back by the parsers and checked
— the whole product on inputs that ship with it — and the bundled real broker logs checked
as they are.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kafka_forensics.parsers import view

from .check import CheckReport, check
from .emit import emit_logs
from .simulate import simulate
from .timeline import Entry, timeline

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@dataclass(frozen=True)
class Incident:
    name: str  # its folder under the demo's output
    source: str  # a trace (simulated, then its logs emitted) or a folder of real logs, under examples/
    title: str
    story: str  # what happened, and what the output should show
    request_log: bool = False  # the coordinator's request log was on (kafka.request.logger=DEBUG)


INCIDENTS = (
    Incident("three-consumers-join", "seeds/scenario1-simultaneous-joins.0.10.0.jsonl",
             "Three consumers join a Kafka 0.10.0 group at once",
             "consumer-3's join is handled first and forms a one-member generation at once; its SyncGroup "
             "then meets the rebalance the other two started (REBALANCE_IN_PROGRESS) and it rejoins: "
             "PreparingRebalance and AwaitingSync twice before Stable. Healthy: check finds nothing."),
    Incident("poll-timeout-storm", "incidents/poll-timeout-rebalance-storm.3.5.jsonl",
             "A consumer whose batches outlast max.poll.interval.ms (Kafka 3.5)",
             "Every slow batch makes the consumer leave the group (KIP-800 says why), and it rejoins under "
             "a new member id: two rebalances per batch. The coordinator's request log was on: the group is "
             "re-run from its requests, each response held against the engine's. check names the storm for "
             "the poll timeouts.", request_log=True),
    Incident("flapping-follower", "incidents/isr-flapping-follower.2.6.jsonl",
             "A follower that keeps falling behind (Kafka 2.6, ZooKeeper mode)",
             "Broker 3 stalls for longer than replica.lag.time.max.ms three times and catches up each time: "
             "the leader shrinks and expands the ISR through conditional ZooKeeper writes. check reports ISR "
             "flapping with the leader's lines."),
    Incident("cached-zkversion-loop", "incidents/cached-zkversion-loop.1.1.jsonl",
             "A leader stuck on a stale zkVersion (Kafka 1.1, KAFKA-2729)",
             "Broker 1's ZooKeeper session expires; the controller moves the partition to broker 2, but "
             "broker 1 never hears of it and goes on leading: every ISR change it tries is a conditional "
             "write on its stale cached zkVersion, refused every 5 s. check reports the Cached zkVersion "
             "loop."),
    Incident("unclean-election", "incidents/unclean-election-data-loss.1.0.jsonl",
             "An unclean leader election that loses acknowledged records (Kafka 1.0)",
             "Broker 2 falls out of the ISR; broker 1 acknowledges three records alone, then dies; broker 2 "
             "comes back and, with unclean.leader.election.enable, is elected from outside the ISR: the "
             "controller warns of potential data loss, and check reports the unclean election as critical."),
    Incident("real-beats-logs", "elastic-beats",
             "Real broker logs (Elastic Beats' Kafka test fixtures, 2.x-3.x)",
             "Logs written by real brokers, read as they are; check reports what they show."),
)


@dataclass(frozen=True)
class DemoResult:
    incident: Incident
    logs: Path  # the folder checked
    files: int
    report: CheckReport
    timeline: list[Entry]


def run(out_dir: Path) -> Iterator[DemoResult]:
    """Each incident in turn (its logs written under ``out_dir/<name>``)."""
    for incident in INCIDENTS:
        src = EXAMPLES / incident.source
        if not src.exists():
            raise FileNotFoundError(f"{src}: the bundled examples are not here; run the demo from a clone "
                                    "of the repository (pip install -e .)")
        if src.is_dir():
            logs, files = src, sum(1 for p in src.rglob("*") if p.is_file())
        else:
            logs = out_dir / incident.name
            result = simulate(src)
            files = len(emit_logs(result.effects, result.profile, logs, request_log=incident.request_log))
        events = view.load([str(logs)])
        yield DemoResult(incident, logs, files, check(events), timeline(events))
