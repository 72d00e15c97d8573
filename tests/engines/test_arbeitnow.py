"""The arbeitnow engine against the fake job board API: `links.next` paging kept on base_url, the client-side
remote filter, and a failing answer."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_pages_become_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("arbeitnow", {"base_url": boards.url}, tmp_path)
    assert [p.title for p in found.postings] == [
        "Senior Paralegal (m/w/d)", "Paralegal", "Legal Assistant", "Contracts Manager",
    ]  # fmt: skip
    first, second, third, _ = found.postings
    assert (first.company, first.location, first.workplace, first.platform) == (
        "Acme GmbH",
        "Berlin",
        "remote",
        "arbeitnow",
    )
    assert (
        first.url
        == first.apply_url
        == ("https://www.arbeitnow.com/jobs/companies/acme-gmbh/senior-paralegal-berlin-123")
    )
    assert first.description == "Verträge & Fristen.\nSalary: €60,000 – €75,000 a year"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        60000, 75000, "EUR", "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 2, 20), "arbeitnow", "arbeitnow")
    assert (second.company, second.location, second.workplace, second.salary, second.posted_at) == (
        "Globex AG", "Munich", "unknown", None, None,  # remote false, and nothing says on-site
    )  # fmt: skip
    assert second.url == "https://www.arbeitnow.com/jobs/companies/globex-ag/paralegal-munich-456"
    assert second.description == "Support our legal team in Munich."
    assert (third.workplace, third.posted_at) == ("hybrid", dt.date(2026, 2, 21))  # remote false: from the text
    assert found.skipped_records == [("arbeitnow#no-title-789", "the posting has no title or no company")]
    # links.next names www.arbeitnow.com: only its page number is used, so page 2 is asked of base_url too
    assert [r.arg("page") for r in boards.requests("/api/job-board-api")] == ["1", "2"]
    assert found.sources[0].requests == 2


def test_remote_true_keeps_only_remote_jobs_and_pages_bounds_the_requests(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("arbeitnow", {"remote": True, "base_url": boards.url}, tmp_path)
    assert [p.title for p in found.postings] == ["Senior Paralegal (m/w/d)", "Contracts Manager"]
    assert {p.workplace for p in found.postings} == {"remote"}
    assert all("remote" not in r.query for r in boards.requests("/api/job-board-api"))  # the API ignores it
    one = sweep("arbeitnow", {"pages": 1, "base_url": boards.url}, tmp_path)
    assert (len(one.postings), one.sources[0].requests) == (2, 1)


def test_a_failing_answer_skips_the_source(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(r"/api/job-board-api", Fault("status", 500))
    found = sweep("arbeitnow", {"base_url": boards.url}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, report.requests, found.postings) == ("skipped", "http_error", 1, [])
    assert report.detail == f"HTTP 500 from {boards.url.split('//')[1]}/api/job-board-api: fault"  # its body


@pytest.mark.parametrize(
    ("block", "field"),
    [({"pages": 0}, "'pages'"), ({"pages": 21}, "'pages'"), ({"remote": "yes"}, "'remote'"), ({"page": 2}, "'page'")],
)
def test_malformed_config_is_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("arbeitnow").parse_config(block, Settings.from_env().workspace())
    assert field in caught.value.message
