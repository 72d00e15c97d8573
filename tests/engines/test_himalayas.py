"""The himalayas engine against the fake browse API: cursor paging by 20, structured salaries in any period,
location restrictions in both shapes, and a failing answer."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_cursor_pages_become_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("himalayas", {"base_url": boards.url}, tmp_path)
    assert len(found.postings) == 25  # 25 jobs over two pages
    first, second, third, fourth = found.postings[:4]
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Initech", "United States, Canada", "remote", "himalayas",
    )  # fmt: skip
    assert first.url == "https://himalayas.app/companies/initech/jobs/sp"
    assert first.apply_url == "https://jobs.lever.co/initech/5f2e"
    assert first.description == "Draft & file.\n• Remote, US or Canada"
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        70000, 90000, "USD", "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 2, 20), "himalayas", "himalayas")
    assert (second.title, second.location, second.workplace, second.description) == (
        "Danish Transcription Expert", "Denmark", "unknown", "Transcribe Danish audio.",  # nothing says remote
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        24, 30, "USD", "hour",
    )  # fmt: skip
    assert second.posted_at == dt.date(2026, 2, 21)  # milliseconds
    assert second.url == second.apply_url == "https://himalayas.app/companies/acme/jobs/paralegal-2"
    assert (third.location, third.workplace) == ("Worldwide", "remote")  # no locationRestrictions: anyone, anywhere
    assert (third.salary, third.posted_at) == (None, dt.date(2026, 2, 22))
    assert fourth.company == "Acme Corp"  # companyName "name": the company page's slug in the URL names it
    assert found.skipped_records == []
    sent = boards.requests("^/jobs/api$")
    assert [(r.arg("limit"), r.arg("cursor")) for r in sent] == [("20", ""), ("20", "eyJvZmZzZXQiOj20")]
    assert "cursor" not in sent[0].query
    assert found.sources[0].requests == 2


def test_pages_bounds_the_requests(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("himalayas", {"pages": 1, "base_url": boards.url}, tmp_path)
    assert (len(found.postings), found.sources[0].requests) == (20, 1)


def test_a_failing_answer_skips_the_source(boards: FakeBoards, tmp_path: Path) -> None:
    boards.fault(r"^/jobs/api$", Fault("not_json"))
    found = sweep("himalayas", {"base_url": boards.url}, tmp_path)
    (report,) = found.sources
    assert (report.status, report.reason, found.postings) == ("skipped", "bad_response", [])
    assert report.detail.startswith(f"the answer from {boards.url.split('//')[1]}/jobs/api is not JSON")


@pytest.mark.parametrize(
    ("block", "field"), [({"pages": 0}, "'pages'"), ({"pages": "3"}, "'pages'"), ({"limit": 50}, "'limit'")]
)
def test_malformed_config_is_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("himalayas").parse_config(block, Settings.from_env().workspace())
    assert field in caught.value.message
