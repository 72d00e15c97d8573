"""The smartrecruiters engine against the fake Posting API: fields, remote/hybrid flags, paging by offset, and the
unknown company that answers 200 with nothing."""

import datetime as dt
from pathlib import Path

from fakeboards import FakeBoards
from web import sweep


def test_a_company_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("smartrecruiters", {"companies": ["Acme"], "base_url": boards.url}, tmp_path)
    first = found.postings[0]
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Litigation Paralegal", "Acme Corp", "Dubai, United Arab Emirates", "hybrid", "smartrecruiters",
    )  # fmt: skip
    # the public job page, never the API's `ref`
    assert first.url == first.apply_url == "https://jobs.smartrecruiters.com/Acme/743999663339001"
    # the list has no description (that takes one request per posting): what it has is kept
    assert first.description == (
        "Department: Legal\nFunction: Legal\nEmployment: Full-time\nExperience: Mid-Senior Level\n"
        "Industry: Law Practice"
    )
    assert (first.posted_at, first.salary) == (dt.date(2026, 3, 19), None)
    assert (first.engine, first.source) == ("smartrecruiters", "Acme")
    assert boards.hits(r"/postings/\d+") == 0  # no detail calls
    assert found.skipped_records == [("Acme#743999663339004", "the posting has no title or no company")]


def test_workplace_comes_from_the_location_flags(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("smartrecruiters", {"companies": ["Acme"], "base_url": boards.url}, tmp_path)
    assert [(p.title, p.location, p.workplace) for p in found.postings] == [
        ("Litigation Paralegal", "Dubai, United Arab Emirates", "hybrid"),
        ("Remote Paralegal", "Austin, TX, US", "remote"),
        ("Paralegal", "Chicago, IL, US", "unknown"),  # no flags, and a place says nothing of the workplace
    ]


def test_a_company_is_read_by_offset_until_total_found(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("smartrecruiters", {"companies": ["BigCo"], "base_url": boards.url}, tmp_path)
    assert len({p.url for p in found.postings}) == 250
    asked = boards.requests("/v1/companies/BigCo/postings")
    assert [(r.arg("offset"), r.arg("limit")) for r in asked] == [("0", "100"), ("100", "100"), ("200", "100")]
    # on-site for the two flags both false
    assert {p.workplace for p in found.postings} == {"onsite"}


def test_an_unknown_company_is_a_source_with_no_postings_and_a_log_line(boards: FakeBoards, tmp_path: Path) -> None:
    lines: list[str] = []
    found = sweep("smartrecruiters", {"companies": ["nosuch"], "base_url": boards.url}, tmp_path, log=lines.append)
    report = found.sources[0]
    assert (report.status, report.postings, report.requests) == ("ok", 0, 1)
    assert lines == [
        "source smartrecruiters/nosuch: no postings; the company identifier may not exist (SmartRecruiters "
        "answers an unknown one with an empty list)"
    ]
