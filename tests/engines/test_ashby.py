"""The ashby engine against the fake Job Posting API: fields, workplaceType over isRemote, pay by type and only
when shown, unlisted postings, and the text/plain 404."""

import datetime as dt
from pathlib import Path

from fakeboards import FakeBoards
from web import sweep

from sweepy.domain.postings import Salary


def test_a_board_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    first = found.postings[0]
    assert (first.title, first.company, first.location, first.platform) == (
        "Senior Paralegal", "acme", "New York, NY (HQ); Remote (US)", "ashby",
    )  # fmt: skip
    assert first.url == "https://jobs.ashbyhq.com/acme/7458d4e9-da2e-47bd-98cb-adfda43d42b2"
    assert first.apply_url == first.url + "/application"
    assert first.description == "Draft motions.\n• Westlaw"  # descriptionHtml, parsed
    assert first.posted_at == dt.date(2026, 3, 12)
    assert (first.engine, first.source) == ("ashby", "acme")
    assert boards.requests("/posting-api/job-board/acme")[0].arg("includeCompensation") == "true"


def test_workplace_type_decides_and_is_remote_is_ignored(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    assert [(p.title, p.workplace) for p in found.postings] == [
        ("Senior Paralegal", "remote"),  # Hybrid, and a secondary location "Remote (US)": remote is on offer
        ("Paralegal", "onsite"),
        ("Contract Paralegal", "remote"),  # isRemote false
        ("Legal Operations Paralegal", "unknown"),  # workplaceType null, and "Austin, TX" is only a place
    ]


def test_pay_is_the_salary_component_and_only_when_the_employer_shows_it(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    assert [p.salary for p in found.postings] == [
        Salary(80_000, 95_000, "USD", "year"),  # the Salary component, though equity comes first
        None,  # shouldDisplayCompensationOnJobPostings false: withheld although the numbers are there
        Salary(40, 55, "USD", "hour"),  # "1 HOUR"
        Salary(65_000, 75_000, "USD", "year", "$65,000 - $75,000 per year"),  # no component: the text states it
    ]


def test_a_tier_labelled_on_target_earnings_marks_the_salary_ote(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["initech"], "base_url": boards.url}, tmp_path)
    assert [(p.title, p.salary) for p in found.postings] == [
        ("Account Executive", Salary(168_000, 231_000, "USD", "year", ote=True)),  # "OTE $168K – $231K"
        # one tier of two says its pay includes commission: the range as a whole is not said to be OTE
        ("Sales Development Representative", Salary(60_000, 90_000, "USD", "year")),
        ("Enterprise Account Executive", Salary(150_000, 200_000, "USD", "year", ote=True)),  # the tier's title
    ]


def test_an_unlisted_posting_is_skipped_with_a_reason(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    assert "Paralegal (internal transfer)" not in [p.title for p in found.postings]
    assert found.skipped_records == [
        ("acme#3e4f5a6b-0000-4111-8222-333344445555", "the posting is not listed on the board (isListed: false)")
    ]


def test_an_unknown_board_gets_a_text_404_and_is_skipped(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["nosuch", "acme"], "base_url": boards.url}, tmp_path)
    nosuch, acme = found.sources
    assert (nosuch.status, nosuch.reason, nosuch.counts_as_failure) == ("skipped", "http_error", False)
    assert nosuch.detail == f"HTTP 404 from {boards.url.split('//')[1]}/posting-api/job-board/nosuch"
    assert (acme.status, acme.postings) == ("ok", 4)
