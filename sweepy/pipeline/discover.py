"""Stage 1 of 5: every source (engine × board, or engine × title) as its own task, concurrently, each with its own
deadline from the moment it starts; a failing source never fails the sweep, it is skipped with a reason."""

import dataclasses
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..domain.postings import Posting, Shelf
from ..engines import (
    DiscoverRequest,
    Engine,
    EngineConfig,
    EngineResult,
    SkippedSource,
    builtin,
    get_engine,
    max_postings,
)
from ..engines.base import SkipReason, SourceError
from ..engines.breaker import BreakerBook
from ..engines.http import DEFAULT_SOURCE_BYTES, DEFAULT_SWEEP_BYTES, SourceClient, SweepBytes
from ..errors import SweepyError
from .drops import Drops
from .engine_checks import checked_result, not_a_posting

MAX_PARALLEL_SOURCES = 32
"""Sources in flight at once (threads); the per-host limit in the HTTP layer keeps each API's share polite."""

POLL_SECONDS = 0.1
"""The longest real wait between two looks at the clock and the tasks that have started since."""


@dataclass(slots=True)
class SourceReport:
    """What one source did in a sweep: the raw material of the payload's `sources` and a report's coverage."""

    engine: str
    source: str
    status: str = "ok"  # ok | skipped
    postings: int = 0
    requests: int = 0
    cached: int = 0
    elapsed_seconds: float = 0.0
    reason: SkipReason | None = None
    detail: str = ""
    counts_as_failure: bool = False
    role: str = "search"
    """`search` (a source of the profile) or `employer_board` (an employer's board looked up for a card)."""
    skipped_parts: list[SkippedSource] = field(default_factory=list)
    """Parts its engine could not read while the source went on (a feed's file, one month's HN thread)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "source": self.source,
            "status": self.status,
            "postings": self.postings,
            "requests": self.requests,
            "cached": self.cached,
            "elapsed_seconds": round(self.elapsed_seconds, 3),
            "reason": self.reason,
            "detail": self.detail,
            "role": self.role,
        }

    def skip(self, reason: SkipReason, detail: str, counts_as_failure: bool = False) -> None:
        self.status, self.reason, self.detail, self.counts_as_failure = "skipped", reason, detail, counts_as_failure

    def skipped(self) -> list[SkippedSource]:
        """What the sweep's `skipped_sources` lists for this source: itself when it was skipped, then its parts."""
        own = SkippedSource(self.engine, self.source, self.reason or "config", self.detail)
        return [own, *self.skipped_parts] if self.status == "skipped" else list(self.skipped_parts)


@dataclass
class Discovery:
    postings: list[Posting] = field(default_factory=list)
    """Every source's postings in (engine, source) order; with a sieve, only those it kept."""
    skipped_records: list[tuple[str, str]] = field(default_factory=list)
    sources: list[SourceReport] = field(default_factory=list)
    discovered: int = 0
    """The postings the sources gave (each within its engine's cap), kept or not."""
    drops: Drops = field(default_factory=Drops)
    """What the sieve dropped, merged source by source in (engine, source) order."""

    @property
    def skipped_sources(self) -> list[SkippedSource]:
        """Read from the reports, in their order: a skip is recorded once, on the source it happened to."""
        return [skipped for report in self.sources for skipped in report.skipped()]


class _Intake:
    """One source's postings as its engine hands them over (DiscoverRequest.hand) or returns them: each checked,
    counted against the engine's cap, and put through the sweep's sieve at once, so only survivors are kept."""

    def __init__(
        self, engine: Engine, source: str, sieve: Callable[[Posting], str | None] | None, shelf: Shelf | None
    ) -> None:
        self.engine, self.source, self.sieve, self.shelf = engine, source, sieve, shelf
        self.cap = max_postings(engine)
        self.items = 0  # everything handed, postings or not: a bad item's record names its place
        self.taken = 0  # the postings among them, past the cap too (the log says how many were left out)
        self.kept: list[Posting] = []
        self.drops = Drops()
        self.bad: list[tuple[str, str]] = []
        self.closed = False

    def take(self, item: object) -> None:
        if self.closed:  # the sweep gave up on this source: stop its thread rather than read on for nothing
            raise SourceError("timeout", "the sweep stopped waiting for this source")
        self.items += 1
        if (wrong := not_a_posting(item)) is not None:
            self.bad.append((f"{self.source}#{self.items}", f"engine {self.engine.name!r} gave {wrong}, not a Posting"))
            return
        assert isinstance(item, Posting)
        self.taken += 1
        if self.taken > self.cap:
            return
        reason = self.sieve(item) if self.sieve is not None else None
        if reason:
            self.drops.drop(reason, item)
            return
        if self.shelf is not None:
            item.shelve(self.shelf)
        self.kept.append(item)


@dataclass
class _Task:
    engine: Engine
    config: EngineConfig
    report: SourceReport
    intake: _Intake
    held: bool = True
    """Cut at `timeout` after it started: a web engine, an installed one (Sweepy cannot tell what it waits on),
    and a built-in local one only while it waits on a remote server (DiscoverRequest.remote)."""
    started: float | None = None
    ended: float | None = None
    client: SourceClient | None = None
    result: EngineResult | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    sweep: SweepBytes | None = None
    """The byte budget this task shares with every other source of the sweep."""


def _run(task: _Task, request: DiscoverRequest, budget: float, monotonic: Callable[[], float]) -> EngineResult:
    """The task's thread: its deadline starts now, not when the sweep started, and it notes when the engine
    returned (its elapsed time is the source's own, not the time the loop took to look at it)."""
    started = monotonic()
    client = None
    if task.engine.uses_network and request.network is not None:
        max_bytes = getattr(task.config, "max_bytes", DEFAULT_SOURCE_BYTES)
        client = SourceClient(request.network, started + budget, budget, max_bytes, monotonic, task.sweep)
    with task.lock:
        task.started, task.client = started, client
    always = task.held

    def waiting(remote: bool) -> None:
        """A local engine's remote wait: cut at the deadline like a web source's, also when it ends late."""
        with task.lock:
            task.held = always or remote
        if not remote and not always and monotonic() > started + budget:
            raise SourceError("timeout", _late(budget))

    mine = dataclasses.replace(
        request,
        source=task.report.source,
        http=client,
        engine=task.engine.name,
        result=EngineResult(),
        sink=task.intake.take,
        waiting=waiting,
    )
    try:
        return task.engine.discover(task.config, mine)
    except SourceError as exc:
        if exc.reason == "too_large":  # the budget ran out: the pages already read are kept and counted
            exc.partial = mine.result
        raise
    finally:
        ended = monotonic()
        with task.lock:
            task.ended = ended


def discover(
    configs: dict[str, EngineConfig],
    request: DiscoverRequest,
    timeout: float = 30.0,
    lookup: Callable[[str], Engine] = get_engine,
    monotonic: Callable[[], float] = time.monotonic,
    max_bytes: int = DEFAULT_SWEEP_BYTES,
    sieve: Callable[[Posting], str | None] | None = None,
    shelf: Shelf | None = None,
) -> Discovery:
    """All sources' postings merged in a stable order (engine, then source), whatever finished first.

    A source still running `timeout` seconds after it started is skipped as `timeout` and its partial pages are
    dropped; its thread is left to notice its deadline and end (a thread cannot be killed). A built-in engine
    without `uses_network` (the feed) reads the person's own files, which end by their size caps: it is not cut,
    except while it waits on a remote server (DiscoverRequest.remote: JobSpy's scrape). `lookup` finds each
    engine by name (the registry; tests pass their own); `monotonic` times every deadline and elapsed time (a
    fake clock in tests, which move it instead of sleeping). `max_bytes` is the budget all the web sources' answers
    share (`orchestrator.max_bytes`): past it each source stops as `too_large` with the pages it read kept.
    `sieve` (stage 2, filter.Sieve) gives a posting's drop reason as it arrives: only the postings it keeps are
    held, and `drops` counts the others; each one kept puts its cleaned description on `shelf`, when given.
    """
    tasks: list[_Task] = []
    shared = SweepBytes(max_bytes)
    for name, config in sorted(configs.items()):
        engine = lookup(name)
        held = engine.uses_network or not builtin(engine)
        for source in engine.sources(config, request.titles):
            intake = _Intake(engine, source, sieve, shelf)
            tasks.append(_Task(engine, config, SourceReport(engine.name, source), intake, held, sweep=shared))
    breaker = request.network.breaker if request.network is not None else None
    runnable = []
    for task in tasks:
        until = breaker.open_until(_key(task)) if breaker is not None and task.engine.uses_network else None
        if until is not None:
            left = until - breaker.clock() if breaker is not None else 0
            task.report.skip(
                "circuit_open",
                f"failed in several sweeps in a row; tried again in {left:.0f} s (orchestrator.circuit_breaker)",
            )
        else:
            runnable.append(task)
    _run_all(runnable, request, timeout, monotonic)
    found = Discovery()
    for task in tasks:
        report = task.report
        found.sources.append(report)
        if report.status == "skipped":
            request.log(f"source {report.engine}/{report.source} skipped: {report.reason} ({report.detail})")
            if task.result is None:
                continue
        _collect(task, task.result or EngineResult(), found, request.log)
    if breaker is not None:
        _record_breakers(breaker, runnable, request.log)
    return found


def _record_breakers(breaker: BreakerBook, ran: list[_Task], log: Callable[[str], None]) -> None:
    """Each network source's outcome into its circuit breaker; a breaker file that cannot be written loses only
    this sweep's counts (the postings are real)."""
    try:
        breaker.record(
            {
                _key(t): t.report.status == "ok"
                for t in ran
                if t.engine.uses_network and (t.report.status == "ok" or t.report.counts_as_failure)
            }
        )
    except SweepyError as exc:
        log(f"circuit breakers not saved: {exc.message}")


def _collect(task: _Task, result: EngineResult, found: Discovery, log: Callable[[str], None]) -> None:
    """Add one source's postings to the sweep's, after those it handed over as it found them: a list an engine
    returned goes through the same intake (cap, checks, sieve), in its order."""
    intake, report = task.intake, task.report
    for item in result.postings:
        intake.take(item)
    if intake.taken > intake.cap:
        log(f"source {report.engine}/{report.source}: kept the first {intake.cap} of {intake.taken} postings")
    report.postings = min(intake.taken, intake.cap)
    found.discovered += report.postings
    found.postings.extend(intake.kept)
    found.drops.merge(intake.drops)
    found.skipped_records.extend([*intake.bad, *result.skipped_records])
    report.skipped_parts = result.skipped_sources


def _late(budget: float) -> str:
    return f"no complete answer within {budget:g} s (orchestrator.timeout_per_source_seconds)"


def _key(task: _Task) -> str:
    return f"{task.engine.name}:{task.report.source}"


def _run_all(tasks: list[_Task], request: DiscoverRequest, timeout: float, monotonic: Callable[[], float]) -> None:
    """Collect every task as it finishes; skip one as `timeout` once the clock is past its deadline and its
    future is still not done (one that finished as its deadline passed counts). The wait is real, but it ends at
    the nearest deadline by the clock and at least every POLL_SECONDS, so a task that has just started, or a
    clock that moved on its own (a fake one in tests), is looked at again soon."""
    if not tasks:
        return
    pool = ThreadPoolExecutor(max_workers=min(MAX_PARALLEL_SOURCES, len(tasks)), thread_name_prefix="sweepy-source")
    pending: dict[Future[EngineResult], _Task] = {
        pool.submit(_run, t, request, timeout, monotonic): t for t in _interleaved(tasks)
    }
    try:
        while pending:
            now = monotonic()
            left = [until - now for t in pending.values() if (until := _deadline(t, timeout)) is not None]
            done, _ = wait(pending, timeout=max(0.0, min([*left, POLL_SECONDS])), return_when=FIRST_COMPLETED)
            for future in done:
                _finish(pending.pop(future), future, request)
            now = monotonic()
            for future, task in list(pending.items()):
                until = _deadline(task, timeout)
                if until is None or now <= until or future.done():
                    continue  # a source may use all of its budget; a done one is collected on the next turn
                del pending[future]
                task.intake.closed = True
                _close(task, SourceError("timeout", _late(timeout)), now)
                request.log(f"source {task.report.engine}/{task.report.source} timed out")
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _deadline(task: _Task, timeout: float) -> float | None:
    """When the loop cuts the task: `timeout` after it started, if it has and is held to a deadline now."""
    with task.lock:  # set by the task's own thread
        return task.started + timeout if task.started is not None and task.held else None


def _interleaved(tasks: list[_Task]) -> list[_Task]:
    """The tasks round robin over engines: the sources of one engine share a host (40 boards of one API), and
    while its stalled ones hold the host's slots the others wait for one on a thread; in engine order they
    would take every thread and hold up the sources of other hosts queued behind them."""
    lanes: dict[str, list[_Task]] = {}
    for task in tasks:
        lanes.setdefault(task.engine.name, []).append(task)
    order: list[_Task] = []
    for turn in range(max((len(lane) for lane in lanes.values()), default=0)):
        order.extend(lane[turn] for lane in lanes.values() if turn < len(lane))
    return order


def _finish(task: _Task, future: Future[EngineResult], request: DiscoverRequest) -> None:
    try:
        task.result = checked_result(future.result(), task.engine)
        _close(task, None)
    except SourceError as exc:
        task.result = exc.partial  # a budget stop keeps what was read (None for every other failure)
        if exc.partial is not None and (kept := len(exc.partial.postings) + task.intake.taken):
            exc.detail += f"; kept the {kept} postings of the pages read before it"
        _close(task, exc)
    except BaseException as exc:  # an engine bug (sys.exit() in a plugin too) must not sink the other sources
        if isinstance(exc, KeyboardInterrupt):
            raise
        said = f"{type(exc).__name__}: {exc}"
        said = task.client.redact(said) if task.client is not None else said  # an exception may quote a keyed URL
        request.log(f"engine {task.engine.name} crashed on {task.report.source}: {said}")
        _close(task, SourceError("bad_response", f"the engine failed on this answer ({type(exc).__name__})"))


def _close(task: _Task, error: SourceError | None, now: float | None = None) -> None:
    """Fill the task's report; `now` ends the elapsed time of a task the loop gave up on (one that returned
    has its own end)."""
    report = task.report
    with task.lock:  # set by the task's own thread, which may still be running
        started, ended, client = task.started, task.ended, task.client
    end = ended if ended is not None else now
    report.elapsed_seconds = end - started if started is not None and end is not None else 0.0
    if client is not None:
        report.requests, report.cached = client.requests, client.cached
        if error is not None:
            error.detail = client.redact(error.detail)
        else:
            client.keep_answers()
    if error is not None:
        report.skip(error.reason, error.detail, error.counts_as_failure)
