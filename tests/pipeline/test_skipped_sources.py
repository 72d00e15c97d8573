"""A sweep's `skipped_sources` is read from its source reports: each skipped source once, in the reports' order,
followed by the parts of it its engine skipped (a feed's file), and the `sources` JSON says nothing of parts."""

from pathlib import Path
from typing import Any

from sweepy.domain.records import posting_from_record
from sweepy.engines import DiscoverRequest, Engine, EngineConfig, EngineResult, SkippedSource
from sweepy.engines.base import SourceError
from sweepy.pipeline.discover import discover
from sweepy.store.paths import Workspace


class Files(Engine):
    """Three sources: one reads a file and skips another, one fails, one runs out of bytes after skipping a file."""

    name = "files"

    def sources(self, config: Any, titles: list[str]) -> list[str]:
        return ["partial", "down", "huge"]

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        result = request.result
        result.skipped_sources.append(SkippedSource(self.name, f"{request.source}/b.json", "bad_response", "b.json: x"))
        if request.source == "down":
            raise SourceError("http_error", "HTTP 503 from the board")
        record = {"title": "Paralegal", "company": "C", "url": f"https://x.example/{request.source}"}
        result.postings.append(posting_from_record(record, self.name, request.source))
        if request.source == "huge":
            raise SourceError("too_large", "read 2 MB, the source's budget")
        return result


def test_skipped_sources_come_from_the_reports_in_order(tmp_path: Path) -> None:
    request = DiscoverRequest(["Paralegal"], "New York, NY", Workspace(tmp_path, tmp_path), {})
    found = discover({"files": EngineConfig()}, request, timeout=30, lookup={"files": Files()}.__getitem__)

    assert [s.to_dict() for s in found.skipped_sources] == [
        {"engine": "files", "source": "partial/b.json", "reason": "bad_response", "detail": "b.json: x"},
        {"engine": "files", "source": "down", "reason": "http_error", "detail": "HTTP 503 from the board"},
        {"engine": "files", "source": "huge", "reason": "too_large",
         "detail": "read 2 MB, the source's budget; kept the 1 postings of the pages read before it"},
        {"engine": "files", "source": "huge/b.json", "reason": "bad_response", "detail": "b.json: x"},
    ]  # fmt: skip
    assert [(r.source, r.status, r.postings) for r in found.sources] == [
        ("partial", "ok", 1),
        ("down", "skipped", 0),
        ("huge", "skipped", 1),
    ]
    assert {tuple(r.to_dict()) for r in found.sources} == {
        ("engine", "source", "status", "postings", "requests", "cached", "elapsed_seconds", "reason", "detail", "role")
    }
