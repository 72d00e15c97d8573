"""The workable engine against the fake widget API: fields, `telecommuting`, the 404, and riding out 429s."""

import datetime as dt
from pathlib import Path

from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.domain.postings import Salary


def test_an_account_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("workable", {"accounts": ["acme"], "base_url": boards.url}, tmp_path)
    first, second = found.postings
    assert (first.title, first.company, first.workplace, first.platform) == (
        "Paralegal", "Acme Legal", "remote", "workable",
    )  # fmt: skip
    # every shown location, region and city spelled once each; the hidden one left out
    assert first.location == "New York, United States; Newark, New Jersey, United States"
    assert (first.url, first.apply_url) == (
        "https://apply.workable.com/j/8B8A457674", "https://apply.workable.com/j/8B8A457674/apply",
    )  # fmt: skip
    assert first.description == "Draft filings. Salary: $60,000 - $72,000 a year."
    assert first.salary == Salary(60_000, 72_000, "USD", "year", "$60,000 - $72,000 a year")
    assert first.posted_at == dt.date(2026, 3, 21)  # published_on
    assert (first.engine, first.source) == ("workable", "acme")
    assert boards.requests("/api/v1/widget/accounts/acme")[0].arg("details") == "true"
    # no url fields: the page is built from the shortcode; no location list: the job's own city fields
    assert (second.url, second.apply_url) == ("https://apply.workable.com/j/C0FFEE1234",) * 2
    assert (second.location, second.posted_at, second.salary) == (
        "Brooklyn, New York, United States", dt.date(2026, 3, 2), None,
    )  # fmt: skip
    assert second.workplace == "hybrid"  # telecommuting false says nothing: the text decides
    assert found.skipped_records == [("acme#NOURL00000", "url 'ftp://files.example/job' is not an http(s) URL")]


def test_an_unknown_account_is_skipped_and_an_empty_one_is_not(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("workable", {"accounts": ["nosuch", "quiet"], "base_url": boards.url}, tmp_path)
    nosuch, quiet = found.sources
    assert (nosuch.status, nosuch.reason, nosuch.counts_as_failure) == ("skipped", "http_error", False)
    assert (quiet.status, quiet.postings) == ("ok", 0)


def test_429s_are_retried_after_the_wait_the_server_asks(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault("/accounts/acme", Fault("status", status=429, retry_after="2", times=2))
    slept: list[float] = []
    found = sweep("workable", {"accounts": ["acme"], "base_url": boards.url}, tmp_path, sleep=slept.append)
    assert (found.sources[0].status, found.sources[0].requests, len(found.postings)) == ("ok", 3, 2)
    assert slept == [2.0, 2.0]


def test_429s_that_never_stop_skip_the_account_as_http_429(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault("/accounts/acme", Fault("status", status=429, retry_after="0"))
    found = sweep("workable", {"accounts": ["acme"], "base_url": boards.url}, tmp_path, sleep=lambda _s: None)
    report = found.sources[0]
    assert (report.status, report.reason, report.requests) == ("skipped", "http_429", 4)
