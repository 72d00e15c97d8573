"""Stage 1: engines run concurrently; a hung or crashing one is skipped with a reason, the others still count.

No test here sleeps or reads a stopwatch: the sources wait on events the test sets, and the sweep's clock is a
fake the test moves. The pool runs MAX_PARALLEL_SOURCES sources at once, and a source of the second wave starts
only on a thread whose first-wave source has returned and handed its result back: when every second-wave source
has started, every first-wave source is done, so the test may move the clock past their deadlines."""

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from clocks import FakeClock

from sweepy.domain.records import posting_from_record
from sweepy.engines import DiscoverRequest, Engine, EngineConfig, EngineResult
from sweepy.pipeline.discover import MAX_PARALLEL_SOURCES, Discovery, discover
from sweepy.store.paths import Workspace

BOUND = 60.0
"""How long a test waits for an event before it fails: a bound on a hang, never a measure of anything."""

TIMEOUT = 30.0
"""Each source's budget on the fake clock."""


class Wave:
    """Sources that say they have started, then wait until the test lets them finish."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.started = 0
        self.all_started = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()

    def arrive(self) -> None:
        with self._lock:
            self.started += 1
            if self.started == self.size:
                self.all_started.set()

    def enter(self) -> None:
        self.arrive()
        assert self.release.wait(BOUND), "the test never let this wave finish"


def posting(engine: str, source: str) -> EngineResult:
    record = {"title": "Paralegal", "company": source, "url": f"https://jobs.lever.co/{source}/1"}
    return EngineResult(postings=[posting_from_record(record, engine, source)])


class Quick(Engine):
    """`count` boards: the first `in_first` wait in the first wave (sources of other engines fill the rest of it,
    as the sweep takes engines round robin), the others in the second."""

    name = "quick"

    def __init__(self, count: int, in_first: int, first: Wave, second: Wave) -> None:
        self.count, self.in_first, self.first, self.second = count, in_first, first, second

    def sources(self, config: Any, titles: list[str]) -> list[str]:
        return [f"board{i:02d}" for i in range(self.count)]

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        wave = self.first if int(request.source.removeprefix("board")) < self.in_first else self.second
        wave.enter()
        return posting(self.name, request.source)


class Broken(Engine):
    """A source that crashes when the test says so (counted in the first wave, but let go on its own)."""

    name = "broken"

    def __init__(self, wave: Wave) -> None:
        self.wave = wave
        self.go = threading.Event()

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        self.wave.arrive()
        assert self.go.wait(BOUND), "the test never let the broken source crash"
        raise KeyError("a bug in an engine")


class Hung(Engine):
    """A source that never answers within its budget: it returns only when the test is over."""

    name = "hung"

    def __init__(self, wave: Wave) -> None:
        self.wave = wave
        self.release = threading.Event()
        self.returned = threading.Event()

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        self.wave.arrive()  # counted in the first wave, but not let go with it
        self.release.wait(BOUND)
        self.returned.set()
        return EngineResult()


def request(tmp_path: Path, log: Callable[[str], None]) -> DiscoverRequest:
    return DiscoverRequest(["Paralegal"], "New York, NY", Workspace(tmp_path, tmp_path), {}, log=log)


@contextmanager
def sweeping(
    engines: list[Engine], tmp_path: Path, clock: FakeClock, log: Callable[[str], None], gates: list[threading.Event]
) -> Iterator["Future[Discovery]"]:
    """discover() on its own thread, so that the test can move the clock while it runs; yields its future. On the
    way out every gate opens, so that a failing test ends instead of leaving sources waiting."""
    table = {e.name: e for e in engines}
    with ThreadPoolExecutor(max_workers=1) as runner:
        try:
            yield runner.submit(discover, {name: EngineConfig() for name in table}, request(tmp_path, log),
                                timeout=TIMEOUT, lookup=table.__getitem__, monotonic=clock)  # fmt: skip
        finally:
            for gate in gates:
                gate.set()


def test_a_hung_source_is_skipped_at_its_deadline_and_the_others_count(tmp_path: Path) -> None:
    # First wave at t=0: the hung source, the broken one and 30 quick boards. At t=10 the broken one crashes and
    # the loop, logging it, is held by the test while the quick boards end and their threads (and the broken
    # one's) start the 31 boards of the second wave (deadline 40). At t=35 the loop looks again: the hung source
    # is past its deadline (30); the quick boards of the first wave are too, but done, though not yet collected.
    first, second = Wave(MAX_PARALLEL_SOURCES), Wave(MAX_PARALLEL_SOURCES - 1)
    hung, broken = Hung(first), Broken(first)
    quick = Quick(2 * MAX_PARALLEL_SOURCES - 3, MAX_PARALLEL_SOURCES - 2, first, second)
    clock, log = FakeClock(), list[str]()
    crash_logged, resume, timed_out = threading.Event(), threading.Event(), threading.Event()

    def said(line: str) -> None:
        log.append(line)
        if line.startswith("engine broken crashed"):
            crash_logged.set()
            assert resume.wait(BOUND), "the test never let the loop go on"
        elif line == "source hung/hung timed out":
            timed_out.set()

    gates = [hung.release, broken.go, first.release, second.release, resume]
    with sweeping([hung, broken, quick], tmp_path, clock, said, gates) as running:
        assert first.all_started.wait(BOUND)
        clock.set(10.0)
        broken.go.set()
        assert crash_logged.wait(BOUND)
        first.release.set()
        assert second.all_started.wait(BOUND)
        clock.set(35.0)
        resume.set()
        assert timed_out.wait(BOUND)
        second.release.set()
        found = running.result(BOUND)
        # The hung source is still blocked when discover answers: the sweep did not wait for it.
        assert not hung.returned.is_set()
    assert len(found.postings) == quick.count
    assert [(s.engine, s.reason) for s in found.skipped_sources] == [("broken", "bad_response"), ("hung", "timeout")]
    assert log == [
        "engine broken crashed on broken: KeyError: 'a bug in an engine'",
        "source hung/hung timed out",
        "source broken/broken skipped: bad_response (the engine failed on this answer (KeyError))",
        "source hung/hung skipped: timeout (no complete answer within 30 s (orchestrator.timeout_per_source_seconds))",
    ]
    elapsed = {(r.engine, r.status, r.elapsed_seconds) for r in found.sources}
    # A source's time runs from its own start to its own end: 10 s for the first wave, 25 s for the second,
    # and the hung source's 35 s end when the sweep gave up on it.
    assert elapsed == {("broken", "skipped", 10.0), ("hung", "skipped", 35.0), ("quick", "ok", 10.0),
                       ("quick", "ok", 25.0)}  # fmt: skip
    assert [r.postings for r in found.sources if r.engine == "quick"] == [1] * quick.count


def test_each_source_has_its_own_deadline_from_when_it_starts(tmp_path: Path) -> None:
    # Twice as many boards as run at once. The first wave takes 20 s of its 30; the second starts at t=20 and
    # ends at t=45: past 30 s from the sweep's start, but 25 s from its own.
    first, second = Wave(MAX_PARALLEL_SOURCES), Wave(MAX_PARALLEL_SOURCES)
    quick = Quick(2 * MAX_PARALLEL_SOURCES, MAX_PARALLEL_SOURCES, first, second)
    clock, log = FakeClock(), list[str]()
    with sweeping([quick], tmp_path, clock, log.append, [first.release, second.release]) as running:
        assert first.all_started.wait(BOUND)
        clock.set(20.0)
        first.release.set()
        assert second.all_started.wait(BOUND)
        clock.set(45.0)
        second.release.set()
        found = running.result(BOUND)
    assert found.skipped_sources == [] and log == []
    assert [r.source for r in found.sources] == quick.sources(None, [])
    elapsed = [r.elapsed_seconds for r in found.sources]
    assert sorted(elapsed) == [20.0] * MAX_PARALLEL_SOURCES + [25.0] * MAX_PARALLEL_SOURCES
    assert len(found.postings) == quick.count


class AtTheDeadline(Engine):
    """A source whose answer comes as the clock reaches the last instant of its budget."""

    name = "edge"

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        self.clock.set(self.clock() + TIMEOUT)
        return posting(self.name, request.source)


def test_a_source_finishing_at_its_deadline_counts(tmp_path: Path) -> None:
    clock, log = FakeClock(100.0), list[str]()
    found = discover({"edge": EngineConfig()}, request(tmp_path, log.append), timeout=TIMEOUT,
                     lookup={"edge": AtTheDeadline(clock)}.__getitem__, monotonic=clock)  # fmt: skip
    assert log == [] and found.skipped_sources == []
    assert [(r.status, r.postings, r.elapsed_seconds) for r in found.sources] == [("ok", 1, TIMEOUT)]
    assert [p.company for p in found.postings] == ["edge"]
