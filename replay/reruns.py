"""``check``'s engine re-runs: every consumer group and every partition derived, run and
aligned (``diff_groups``, ``diff_partitions``), on worker processes when there is enough of it.

The jobs (one group or partition of one scope: its rows and what its derivation reads) are
worked out in this process, where the event table is; each job's derivation, run and alignment
is plain Python over those rows.  Above ``MIN_ROWS`` derived rows, and where ``fork`` is the
way to start a process (Linux), ``WORKERS`` processes forked from this one share them without
copying and re-run the jobs, the longest first; each sends back only what ``check`` keeps of a
re-run (``Rerun``: its scope, name and findings).  Meanwhile ``check`` runs its other detectors,
and the results are read back in the jobs' order, so the report is the same however many
processes made it.  ``KAFKA_FORENSICS_WORKERS=1`` keeps everything in this process.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .findings import Finding

if TYPE_CHECKING:
    from concurrent.futures import Future

    import polars as pl

#: worker processes for the re-runs (``KAFKA_FORENSICS_WORKERS`` overrides; 1 = none)
WORKERS = 2
#: fewer derived rows than this are re-run in this process: a fork and the results' pickling
#: cost more than they save (about 0.2 ms of re-run per row: the benchmark's 200 MB log has
#: 38,000, 7 s of CPU)
MIN_ROWS = 5_000


@dataclass(frozen=True)
class Rerun:
    """What ``check`` keeps of one engine re-run (a group's or partition's stretch)."""

    scope: str
    name: str  # the group, or the partition as topic-N
    request_log: bool  # a group stretch its coordinator's request log drove
    findings: tuple[Finding, ...]


class Reruns:
    """The re-runs of one check: ``groups()`` and ``partitions()`` work them out (or wait for
    the workers ``start`` began them on)."""

    def __init__(self, events: pl.DataFrame, profile_name: str | None = None) -> None:
        self._events = events
        self._profile = profile_name
        self._jobs: dict[str, list[Any]] = {}  # "groups" / "partitions" -> their jobs
        self._results: dict[str, list[list[Rerun] | None]] = {}
        self._pending: list[tuple[Future[list[Rerun]], str, int]] = []
        self._pool: Any = None

    def groups(self) -> list[Rerun]:
        return self._done("groups")

    def partitions(self) -> list[Rerun]:
        return self._done("partitions")

    def start(self) -> Reruns:
        """Work out every job, and re-run them on worker processes if there are enough."""
        for part in _PARTS:
            self._job_list(part)
        n = workers(sum(j.cost() for jobs in self._jobs.values() for j in jobs))
        if n > 1 and self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            global _FORKED
            _FORKED = self._jobs  # the workers are forked with it: no job is pickled
            self._pool = ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("fork"))
            todo = [(part, i) for part in _PARTS for i in range(len(self._jobs[part]))]
            todo.sort(key=lambda pi: -self._jobs[pi[0]][pi[1]].cost())  # the longest first
            self._pending = [(self._pool.submit(_run_forked, part, i), part, i) for part, i in todo]
        return self

    def _job_list(self, part: str) -> list[Any]:
        if part not in self._jobs:
            if part == "groups":
                from .diff_groups import group_jobs as jobs
            else:
                from .diff_partitions import partition_jobs as jobs
            self._jobs[part] = jobs(self._events, profile_name=self._profile)
            self._results[part] = [None] * len(self._jobs[part])
        return self._jobs[part]

    def _done(self, part: str) -> list[Rerun]:
        if self._pool is not None:
            self._collect()
        jobs, results = self._job_list(part), self._results[part]
        for i, job in enumerate(jobs):
            if results[i] is None:
                results[i] = _run(job)
        return [r for rs in results if rs is not None for r in rs]

    def _collect(self) -> None:
        from concurrent.futures.process import BrokenProcessPool

        global _FORKED
        try:
            for future, part, i in self._pending:
                self._results[part][i] = future.result()
        except BrokenProcessPool:  # a worker died (killed, out of memory): its jobs are redone here
            pass
        finally:
            self._pool.shutdown(cancel_futures=True)
            self._pool, self._pending, _FORKED = None, [], None


_PARTS = ("groups", "partitions")
#: the jobs of the re-runs under way, which the forked workers read by index
_FORKED: dict[str, list[Any]] | None = None


#: a worker's re-runs, kept: it exits without freeing them, which costs less than freeing them
_KEPT: list[Any] = []


def _run_forked(part: str, i: int) -> list[Rerun]:
    assert _FORKED is not None
    return _run(_FORKED[part][i], _KEPT)


def _run(job: Any, keep: list[Any] | None = None) -> list[Rerun]:
    from .diff_groups import GroupJob

    replays = job.replays()
    if keep is not None:
        keep.append(replays)
    if isinstance(job, GroupJob):
        return [Rerun(r.case.scope, r.case.group, r.case.request_log, r.findings) for r in replays]
    return [Rerun(r.case.scope, r.case.name, False, r.findings) for r in replays]


def workers(rows: int) -> int:
    """How many processes re-run ``rows`` derived rows: 1 (this one) below ``MIN_ROWS``, where
    processes cannot be forked, or in a daemon process (which may not start any)."""
    import multiprocessing

    wanted = os.environ.get("KAFKA_FORENSICS_WORKERS")
    n = int(wanted) if wanted else min(WORKERS, os.cpu_count() or 1)
    if n <= 1 or rows < MIN_ROWS or not sys.platform.startswith("linux") \
            or multiprocessing.current_process().daemon:
        return 1
    return n


def reruns(events: pl.DataFrame, profile_name: str | None = None) -> Reruns:
    """The re-runs of ``events`` (under ``profile_name``'s rules, else each scope's own): once per
    check (``detect.per_check``), else each call's own."""
    from .detect import per_check

    return per_check(events, f"reruns {profile_name}", lambda: Reruns(events, profile_name))
