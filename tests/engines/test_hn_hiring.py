"""The hn_hiring engine: the first-line parser on real-looking headers, and the engine against the fake Algolia API
(threads found by title, top-level comments paged, a failed thread that leaves the others counting)."""

import datetime as dt
from pathlib import Path

import fakeboards.hn_hiring as fake
import pytest
from fakeboards import FakeBoards
from web import sweep

from sweepy.engines import get_engine
from sweepy.engines.hn_hiring import parse_header
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings

Row = tuple[str, str, str, str | None, tuple[float | None, float | None, str | None, str] | None, str]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Acme | Senior Backend Engineer | Berlin or REMOTE (EU) | €80k–€100k | https://acme.example/jobs",
         ("Acme", "Senior Backend Engineer", "Berlin or REMOTE (EU)", "remote", (80000, 100000, "EUR", "year"),
          "https://acme.example/jobs")),
        ("Globex  |  Paralegal &amp; Legal Ops Analyst |  New York, NY | ONSITE | Full-time",
         ("Globex", "Paralegal & Legal Ops Analyst", "New York, NY", "onsite", None, "")),
        ("Initech | REMOTE (US only) | Full-Time | Staff Software Engineer, Payments | $180k-$220k + equity",
         ("Initech", "Staff Software Engineer, Payments", "REMOTE (US only)", "remote",
          (180000, 220000, "USD", "year"), "")),
        ("Hooli (YC W21) | Founding Designer | SF Bay Area | Hybrid (3 days) | hooli.com/careers",
         ("Hooli (YC W21)", "Founding Designer", "SF Bay Area", "hybrid", None, "https://hooli.com/careers")),
        ("Umbrella | Technical Writer | Remote | Contract | $60/hr",
         ("Umbrella", "Technical Writer", "", "remote", (60, 60, "USD", "hour"), "")),
        ("Stark Industries | Machine Learning | London, UK | Onsite",
         ("Stark Industries", "Machine Learning", "London, UK", "onsite", None, "")),
        ("Cyberdyne | Lawyer | Toronto | Visa sponsorship | CAD 120,000 - 150,000",
         ("Cyberdyne", "Lawyer", "Toronto", None, (120000, 150000, "CAD", "year"), "")),
        ("Wayne Enterprises | Multiple roles | Remote, US timezones | 150k-200k | https://wayne.example/careers",
         ("Wayne Enterprises", "Multiple roles", "Remote, US timezones", "remote", None,
          "https://wayne.example/careers")),  # no currency: no salary
    ],
)  # fmt: skip
def test_the_first_line_is_read_field_by_field(line: str, expected: Row) -> None:
    header = parse_header(line)
    assert header is not None
    salary = header.salary
    pay = None if salary is None else (salary.min, salary.max, salary.currency, salary.period)
    assert (header.company, header.title, header.location, header.workplace, pay, header.url) == expected


@pytest.mark.parametrize("line", ["Is anyone hiring juniors this month?", "Acme | REMOTE | Full-time", "Acme |"])
def test_a_line_without_a_company_and_a_role_is_no_header(line: str) -> None:
    assert parse_header(line) is None


def test_the_newest_thread_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("hn_hiring", {"base_url": boards.url}, tmp_path)
    first, second, third = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Backend Engineer", "Acme", "Berlin or REMOTE (EU)", "remote", "hackernews",
    )  # fmt: skip
    assert first.url == "https://news.ycombinator.com/item?id=45678101"
    assert first.apply_url == "https://acme.example/jobs/senior-backend-engineer"  # the href, not the cut text
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        80000, 100000, "EUR", "year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 10, 1)
    assert (first.engine, first.source) == ("hn_hiring", "hn_hiring")
    assert first.description.endswith("We build payment rails in Go & Postgres.\nEmail jobs at acme dot example.")
    assert (second.title, second.company, second.location, second.workplace) == (
        "Paralegal & Legal Ops", "Globex", "New York, NY", "onsite",
    )  # fmt: skip
    assert second.salary is not None  # not in the first line: read from the text
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        95000, 110000, "USD", "year",
    )  # fmt: skip
    assert second.apply_url == second.url == "https://news.ycombinator.com/item?id=45678103"  # only a mailto link
    assert second.posted_at == dt.date(2026, 10, 2)
    assert (third.title, third.company, third.location, third.workplace, third.salary) == (
        "Staff Software Engineer", "Initech", "REMOTE (US only)", "remote", None,
    )  # fmt: skip
    assert third.apply_url == "https://initech.example/careers"
    assert found.skipped_records == [
        ("hn_hiring#45678104", "its first line is not 'Company | Role | Location | …': 'Is anyone hiring juniors this "
                               "month?'"),
        ("hn_hiring#45678105", "the comment has no text (deleted or flagged)"),
    ]  # fmt: skip
    stories, *pages = boards.requests("/api/v1/search_by_date")
    assert (stories.arg("tags"), stories.arg("hitsPerPage")) == ("story,author_whoishiring", "6")
    assert [(p.arg("tags"), p.arg("numericFilters"), p.arg("hitsPerPage"), p.arg("page")) for p in pages] == [
        ("comment,story_45678000", "parent_id=45678000", "1000", "0"),
        ("comment,story_45678000", "parent_id=45678000", "1000", "1"),
    ]
    assert [(r.status, r.requests) for r in found.sources] == [("ok", 3)]


def test_several_months_and_a_failed_thread_that_loses_only_itself(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake, "FAILING", {str(fake.SEPTEMBER)})
    found = sweep("hn_hiring", {"base_url": boards.url, "months": 3}, tmp_path)
    assert [p.company for p in found.postings] == ["Acme", "Globex", "Initech"]  # October; August has no comments
    [report] = found.sources
    assert (report.status, report.postings, report.requests) == ("ok", 3, 5)
    assert [s.to_dict() for s in found.skipped_sources] == [
        {"engine": "hn_hiring", "source": "September 2026", "reason": "http_error",
         "detail": f"HTTP 500 from {boards.url[7:]}/api/v1/search_by_date: Internal error"},
    ]  # fmt: skip
    assert boards.requests("/api/v1/search_by_date")[0].arg("hitsPerPage") == "12"


def test_a_thread_failing_on_its_second_page_is_dropped_whole(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake, "FAILING", {f"{fake.OCTOBER}@1"})
    found = sweep("hn_hiring", {"base_url": boards.url, "months": 2}, tmp_path)
    assert [p.company for p in found.postings] == ["Hooli"]  # September only: no half of October
    assert [(s.source, s.reason) for s in found.skipped_sources] == [("October 2026", "http_error")]
    assert found.skipped_records == []


def test_every_thread_failing_skips_the_source(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake, "FAILING", {str(fake.OCTOBER), str(fake.SEPTEMBER)})
    found = sweep("hn_hiring", {"base_url": boards.url, "months": 2}, tmp_path)
    [report] = found.sources
    assert (report.status, report.reason, report.postings) == ("skipped", "http_error", 0)
    assert found.postings == []


def test_no_hiring_thread_is_a_bad_response(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake, "STORIES", [s for s in fake.STORIES if "hiring?" not in str(s["title"])])
    [report] = sweep("hn_hiring", {"base_url": boards.url}, tmp_path).sources
    assert (report.status, report.reason) == ("skipped", "bad_response")
    assert report.detail == "no 'Ask HN: Who is hiring?' story among whoishiring's latest stories"


@pytest.mark.parametrize("block", [{"months": 0}, {"months": 13}, {"months": "2"}])
def test_months_is_checked(block: dict[str, object]) -> None:
    with pytest.raises(EngineConfigError, match="'months'"):
        get_engine("hn_hiring").parse_config(block, Settings.from_env().workspace())
