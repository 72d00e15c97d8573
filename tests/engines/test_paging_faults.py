"""Paging that does not end by itself: a `links.next` or a cursor that points back at a page already read, or a
server that ignores the page it is asked for, must end the sweep of that source with the pages it has, not loop
and not fail; a feed that fails sinks only itself."""

from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault, adzuna, usajobs
from web import sweep

from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.http import build_client, open_network
from sweepy.pipeline.discover import discover
from sweepy.settings import Settings


def test_a_looping_next_link_ends_after_the_distinct_pages(boards: FakeBoards, tmp_path: Path) -> None:
    # Under /loop the fake's page 2 says next = page 1; base_url keeps the /loop prefix for every request.
    found = sweep("arbeitnow", {"pages": 20, "base_url": f"{boards.url}/loop"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests) == ("ok", None, 2)
    assert [p.url.rsplit("/", 1)[1] for p in found.postings] == [
        "senior-paralegal-berlin-123", "paralegal-munich-456", "legal-assistant-remote-321", "contracts-manager-654",
    ]  # fmt: skip
    assert [r.arg("page") for r in boards.requests("^/loop/api/job-board-api$")] == ["1", "2"]
    assert boards.hits("^/api/job-board-api$") == 0


def test_a_repeating_cursor_ends_after_the_distinct_pages(boards: FakeBoards, tmp_path: Path) -> None:
    # Under /loop every Himalayas page is full and nextCursor never changes.
    found = sweep("himalayas", {"pages": 20, "base_url": f"{boards.url}/loop"}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.requests, len(found.postings)) == ("ok", 2, 20)  # the same 20 jobs, once
    assert [r.arg("cursor") for r in boards.requests("^/loop/jobs/api$")] == ["", "eyJvZmZzZXQiOj20"]


def test_a_failing_feed_does_not_sink_the_other_engines(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(r"^/api/job-board-api$", Fault("status", 500))
    workspace = Settings.from_env().workspace()
    configs = {name: get_engine(name).parse_config({"base_url": boards.url}, workspace)
               for name in ("arbeitnow", "himalayas")}  # fmt: skip
    with open_network(build_client, tmp_path, None, None) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", workspace, {}, network=network)
        found = discover(configs, request, timeout=10.0)
    assert [(r.engine, r.status, r.reason, r.postings) for r in found.sources] == [
        ("arbeitnow", "skipped", "http_error", 0),
        ("himalayas", "ok", None, 25),
    ]
    assert len(found.postings) == 25
    assert [s.source for s in found.skipped_sources] == ["arbeitnow"]


def test_a_search_that_ignores_the_page_in_its_path_is_read_once(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Adzuna's page is a path segment; under /stubborn every page answers page 1 and `count` promises 500.
    monkeypatch.setenv("ADZUNA_APP_ID", adzuna.APP_ID)
    monkeypatch.setenv("ADZUNA_APP_KEY", adzuna.APP_KEY)
    lines: list[str] = []
    block = {"base_url": f"{boards.url}/stubborn", "pages": 10, "results_per_page": 5}
    found = sweep("adzuna", block, tmp_path, titles=["Paralegal"], log=lines.append)
    (report,) = found.sources
    assert (report.status, report.requests) == ("ok", 2)
    assert [r.path.rsplit("/", 1)[1] for r in boards.requests("^/stubborn/")] == ["1", "2"]
    assert len(found.postings) + len(found.skipped_records) == 5  # page 1's five results, once
    assert "source adzuna/Paralegal: page 2 repeats earlier postings; stopped paging" in lines


def test_a_search_that_ignores_its_page_parameter_is_read_once(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # USAJOBS pages by `Page`; under /stubborn every page answers page 1 and NumberOfPages promises 100.
    monkeypatch.setenv("USAJOBS_API_KEY", usajobs.KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", usajobs.EMAIL)
    lines: list[str] = []
    block = {"base_url": f"{boards.url}/stubborn", "pages": 10, "results_per_page": 5}
    found = sweep("usajobs", block, tmp_path, titles=["Paralegal"], log=lines.append)
    (report,) = found.sources
    assert (report.status, report.requests) == ("ok", 2)
    assert [r.arg("Page") for r in boards.requests("^/stubborn/")] == ["1", "2"]
    ids = [r.split("#")[1] for r, _ in found.skipped_records] + [p.url.rsplit("/", 1)[1] for p in found.postings]
    assert sorted(ids) == [f"6451844{n:02d}" for n in range(1, 6)]  # page 1's five items, once each
    assert "source usajobs/Paralegal: page 2 repeats earlier postings; stopped paging" in lines
