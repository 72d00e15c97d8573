"""The jobicy engine against the fake API: filters in the query, structured pay in any period, and failures."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_the_feed_becomes_remote_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    block = {"base_url": boards.url, "geo": "usa", "industry": "legal", "tag": "paralegal", "count": 20}
    found = sweep("jobicy", block, tmp_path)
    first, second, third = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal (AMER)", "Acme", "LATAM, Canada, USA", "remote", "jobicy",
    )  # fmt: skip
    assert first.url == first.apply_url == "https://jobicy.com/jobs/154087-senior-paralegal"
    assert first.description == "Run the docket & filings."
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        120000, 160000, "USD", "year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 9, 25)
    assert (first.engine, first.source) == ("jobicy", "jobicy")
    assert (second.title, second.company, second.location, second.posted_at) == (
        "Contract Reviewer", "Globex", "Anywhere", dt.date(2025, 3, 15),
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        45, 60, "EUR", "hour",
    )  # fmt: skip
    assert second.description == "Review supplier contracts."  # no description: the excerpt
    assert (second.workplace, third.workplace) == ("remote", "unknown")  # "Anywhere"; "USA" and text without a word
    assert (third.salary, third.posted_at) == (None, None)
    assert found.skipped_records == [("jobicy#154090", "the posting has no title or no company")]
    [request] = boards.requests("/api/v2/remote-jobs")
    assert {k: v[0] for k, v in request.query.items()} == {
        "count": "20", "geo": "usa", "industry": "legal", "tag": "paralegal",
    }  # fmt: skip


def test_only_the_set_filters_are_sent_and_count_defaults_to_50(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jobicy", {"base_url": boards.url}, tmp_path)
    assert len(found.postings) == 4
    assert boards.requests("/api/v2/remote-jobs")[0].query == {"count": ["50"]}


def test_no_match_is_an_empty_source_not_a_failure(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jobicy", {"base_url": boards.url, "tag": "nomatch"}, tmp_path)
    assert [(r.status, r.postings, r.reason) for r in found.sources] == [("ok", 0, None)]


def test_a_failing_api_skips_the_source_after_its_retries(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault("/api/v2/remote-jobs", Fault("status", status=503))
    found = sweep("jobicy", {"base_url": boards.url}, tmp_path, sleep=lambda _seconds: None)
    [report] = found.sources
    assert (report.status, report.reason, report.requests) == ("skipped", "http_error", 4)
    assert report.detail == f"HTTP 503 from {boards.url[7:]}/api/v2/remote-jobs"


@pytest.mark.parametrize(
    ("block", "field"),
    [
        ({"count": 0}, "'count'"),
        ({"count": 101}, "'count'"),
        ({"geo": "us a"}, "'geo'"),
        ({"industry": ""}, "'industry'"),
        ({"tag": "ab"}, "'tag'"),
    ],
)
def test_config_is_checked(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=field):
        get_engine("jobicy").parse_config(block, Settings.from_env().workspace())
