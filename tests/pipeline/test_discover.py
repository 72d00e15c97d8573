"""Stage 1: engines run concurrently; a hung or crashing one is skipped with a reason, the others still count."""

import threading
import time
from pathlib import Path
from typing import Any

from sweepy.domain.records import posting_from_record
from sweepy.engines import DiscoverRequest, Engine, EngineConfig, EngineResult
from sweepy.pipeline.discover import MAX_PARALLEL_SOURCES, discover
from sweepy.store.paths import Workspace

RELEASE = threading.Event()
HUNG_RETURNED = threading.Event()


class Hung(Engine):
    name = "hung"

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        RELEASE.wait(10)  # a source that never answers within the budget
        HUNG_RETURNED.set()
        return EngineResult()


class Quick(Engine):
    name = "quick"

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        record = {"title": "Paralegal", "company": "C", "url": "https://jobs.lever.co/c/1"}
        return EngineResult(postings=[posting_from_record(record, self.name, "test")])


class Broken(Engine):
    name = "broken"

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        raise KeyError("a bug in an engine")


ENGINES: dict[str, Engine] = {e.name: e for e in (Hung(), Quick(), Broken())}


def request(tmp_path: Path, log: list[str]) -> DiscoverRequest:
    return DiscoverRequest(["Paralegal"], "New York, NY", Workspace(tmp_path, tmp_path), {}, log=log.append)


def test_a_hung_source_is_skipped_at_its_deadline_and_the_others_count(tmp_path: Path) -> None:
    log: list[str] = []
    configs = {name: EngineConfig() for name in ENGINES}
    try:
        found = discover(configs, request(tmp_path, log), timeout=0.5, lookup=ENGINES.__getitem__)
        # The hung source is still blocked when discover answers: the sweep did not wait for it (an event, not
        # a stopwatch, says so).
        assert not HUNG_RETURNED.is_set(), "the sweep must not wait for the hung source"
    finally:
        RELEASE.set()
    assert [p.title for p in found.postings] == ["Paralegal"]
    assert [(s.engine, s.reason) for s in found.skipped_sources] == [("broken", "bad_response"), ("hung", "timeout")]
    assert "orchestrator.timeout_per_source_seconds" in found.skipped_sources[1].detail
    assert log == [
        "engine broken crashed on broken: KeyError: 'a bug in an engine'",
        "source hung/hung timed out",
        "source broken/broken skipped: bad_response (the engine failed on this answer (KeyError))",
        "source hung/hung skipped: timeout (no complete answer within 0.5 s (orchestrator.timeout_per_source_seconds))",
    ]
    assert [(r.engine, r.status, r.postings) for r in found.sources] == [
        ("broken", "skipped", 0),
        ("hung", "skipped", 0),
        ("quick", "ok", 1),
    ]


class Waves(Engine):
    """More sources than run at once: the second wave starts when the first ends, after most of the budget."""

    name = "waves"
    COUNT = MAX_PARALLEL_SOURCES + 8

    def sources(self, config: Any, titles: list[str]) -> list[str]:
        return [f"board{i:02d}" for i in range(self.COUNT)]

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        time.sleep(2.0)  # each source alone is well inside its 3.5 s budget (1.5 s spare); two waves in a row are not
        record = {"title": "Paralegal", "company": request.source, "url": f"https://x.example/{request.source}"}
        return EngineResult(postings=[posting_from_record(record, self.name, request.source)])


def test_each_source_has_its_own_deadline_from_when_it_starts(tmp_path: Path) -> None:
    waves = Waves()
    found = discover({"waves": EngineConfig()}, request(tmp_path, []), timeout=3.5, lookup={"waves": waves}.get)
    assert found.skipped_sources == []
    assert len(found.postings) == Waves.COUNT
    assert [r.source for r in found.sources] == waves.sources(None, [])
