"""The themuse engine against the fake public API v2: 0-based pages of 20, repeatable filters, the optional key
in the query (redacted everywhere), and the 403 a throttled client gets."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_pages_of_jobs_become_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    block = {"category": ["Legal"], "location": ["Flexible / Remote", "New York, NY"], "base_url": boards.url}
    found = sweep("themuse", block, tmp_path)
    assert len(found.postings) == 21  # 22 legal jobs over two pages, one without a landing page
    first, second = found.postings[:2]
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Initech", "Flexible / Remote", "remote", "themuse",
    )  # fmt: skip
    assert first.url == first.apply_url == "https://www.themuse.com/jobs/initech/senior-paralegal-1a2b3c"
    assert first.description == "Draft filings & briefs.\n• Salary: $80,000 - $95,000 a year"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        80000, 95000, "USD", "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 2, 20), "themuse", "themuse")
    assert (second.title, second.company, second.location) == (
        "Litigation Paralegal",
        "Acme",
        "New York, NY; Boston, MA",
    )
    assert (second.workplace, second.salary, second.posted_at) == ("hybrid", None, None)  # "hybrid" from the text
    assert second.url == "https://www.themuse.com/jobs/acme/job-11223345"
    assert found.skipped_records == [("themuse#11223346", "url '' is not an http(s) URL")]
    sent = boards.requests("/api/public/jobs")
    assert [r.arg("page") for r in sent] == ["0", "1"]  # page_count 2: no third request
    assert sent[0].query["category"] == ["Legal"]
    assert sent[0].query["location"] == ["Flexible / Remote", "New York, NY"]
    assert "api_key" not in sent[0].query and "level" not in sent[0].query
    assert found.sources[0].requests == 2


def test_pages_bounds_the_requests(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("themuse", {"level": ["Mid Level"], "pages": 1, "base_url": boards.url}, tmp_path)
    assert (len(found.postings), len(found.skipped_records)) == (19, 1)  # one page of 20, one without a URL
    assert [r.query["level"] for r in boards.requests("/api/public/jobs")] == [["Mid Level"]]


def test_a_throttled_client_is_skipped_with_the_403(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("themuse", {"category": ["Throttled"], "base_url": boards.url}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests, found.postings) == ("skipped", "http_error", 1, [])
    assert report.detail == f"HTTP 403 from {boards.url.split('//')[1]}/api/public/jobs: Rate limit exceeded"


def test_the_key_goes_in_the_query_and_is_shown_nowhere(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THEMUSE_KEY", "muse-secret-4711")
    found = sweep("themuse", {"api_key_env": "THEMUSE_KEY", "pages": 1, "base_url": boards.url}, tmp_path)
    assert boards.requests("/api/public/jobs")[0].arg("api_key") == "muse-secret-4711"
    assert found.sources[0].status == "ok"
    echoed = sweep("themuse", {"api_key_env": "THEMUSE_KEY", "category": ["Echo"], "base_url": boards.url}, tmp_path)
    (report,) = echoed.sources
    assert (report.status, report.reason) == ("skipped", "bad_response")
    assert report.detail.endswith("is not JSON (it starts with 'bad key *** for you')")
    for text in [*(r.detail for r in found.sources + echoed.sources), *map(str, found.skipped_records)]:
        assert "muse-secret-4711" not in text


def test_a_named_key_variable_must_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("THEMUSE_KEY", raising=False)
    with pytest.raises(EngineConfigError, match="themuse: the environment variable THEMUSE_KEY is not set"):
        get_engine("themuse").parse_config({"api_key_env": "THEMUSE_KEY"}, Settings.from_env().workspace())
    get_engine("themuse").parse_config(
        {}, Settings.from_env().workspace()
    )  # no key named: anonymous, 500 requests an hour


@pytest.mark.parametrize(
    ("block", "field"),
    [({"category": [""]}, "'category.0'"), ({"pages": 0}, "'pages'"), ({"pages": 21}, "'pages'"),
     ({"api_key_env": "not a name"}, "'api_key_env'"), ({"level": "Senior Level"}, "'level'")],
)  # fmt: skip
def test_malformed_config_is_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("themuse").parse_config(block, Settings.from_env().workspace())
    assert field in caught.value.message
