"""The workday engine against the fake `/wday/cxs/` JSON: per-title searches paged by 20, deduped by externalPath,
public URLs on the real career site, and the unknown-site error."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.paths import Workspace

ACME = "https://acme.wd5.myworkdayjobs.com/en-US/External"
GLOBEX = "https://globex.wd1.myworkdayjobs.com/Careers"
NOSUCH = "https://nosuch.wd5.myworkdayjobs.com/External"


def test_a_site_is_searched_per_title_and_paged_by_twenty(boards: FakeBoards, tmp_path: Path) -> None:
    before = dt.datetime.now(dt.UTC).date()
    found = sweep("workday", {"sites": [ACME], "base_url": boards.url}, tmp_path, titles=["Paralegal", "Senior"])
    after = dt.datetime.now(dt.UTC).date()
    assert len(found.postings) == 24  # 25 found by "Paralegal", one without externalPath; "Senior" adds none
    first, second = found.postings[:2]
    assert (first.title, first.company, first.location, first.workplace, first.salary) == (
        "Senior Paralegal", "acme", "New York, NY", "hybrid", None,
    )  # fmt: skip
    assert (
        first.url
        == first.apply_url
        == "https://acme.wd5.myworkdayjobs.com/External/job/New-York-NY/Senior-Paralegal_JR1001"
    )
    assert first.posted_at in (before - dt.timedelta(days=1), after - dt.timedelta(days=1))
    assert (first.platform, first.engine, first.source, first.description) == ("workday", "workday", ACME, "")
    assert (second.title, second.location, second.workplace) == ("Paralegal, Litigation", "3 Locations", "remote")
    assert second.url == "https://acme.wd5.myworkdayjobs.com/External/job/Remote-USA/Paralegal--Litigation_JR1002"
    assert second.posted_at in (before - dt.timedelta(days=30), after - dt.timedelta(days=30))
    assert found.postings[-1].title == "Corporate Paralegal 22"
    assert found.skipped_records == [(f"{ACME}#?", "the posting has no externalPath")]
    sent = boards.requests("/wday/cxs/acme/External/jobs")
    assert [(r.method, r.json()["offset"], r.json()["searchText"]) for r in sent] == [
        ("POST", 0, "Paralegal"), ("POST", 20, "Paralegal"), ("POST", 0, "Senior"),
    ]  # fmt: skip
    assert sent[0].json() == {"appliedFacets": {}, "limit": 20, "offset": 0, "searchText": "Paralegal"}
    assert sent[0].headers["Content-Type"] == "application/json"
    assert found.sources[0].requests == 3


def test_an_unknown_site_is_skipped_and_the_others_still_count(boards: FakeBoards, tmp_path: Path) -> None:
    sites = [GLOBEX, NOSUCH, GLOBEX, "https://wd1.myworkdaysite.com/recruiting/globex/Careers"]
    found = sweep("workday", {"sites": sites, "base_url": boards.url}, tmp_path)
    assert [(r.source, r.status, r.postings, r.requests, r.reason) for r in found.sources] == [
        (GLOBEX, "ok", 2, 1, None),
        (NOSUCH, "skipped", 0, 1, "http_error"),
        (sites[3], "ok", 2, 1, None),
    ]
    assert found.sources[1].detail == f"HTTP 404 from {boards.url.split('//')[1]}/wday/cxs/nosuch/External/jobs"
    assert (
        found.postings[0].url == "https://globex.wd1.myworkdayjobs.com/Careers/job/New-York-NY/Senior-Paralegal_JR1001"
    )
    assert found.postings[2].url == (
        "https://wd1.myworkdaysite.com/recruiting/globex/Careers/job/New-York-NY/Senior-Paralegal_JR1001"
    )
    assert found.postings[2].platform == "workday"


@pytest.mark.parametrize(
    ("sites", "problem"),
    [
        ([], "'sites': List should have at least 1 item"),
        (
            ["http://acme.wd5.myworkdayjobs.com/External"],
            "'http://acme.wd5.myworkdayjobs.com/External' is not a Workday",
        ),
        (["https://acme.example.com/External"], "'https://acme.example.com/External' is not a Workday career site"),
        (["https://acme.wd5.myworkdayjobs.com/"], "'https://acme.wd5.myworkdayjobs.com' is not a Workday career site"),
        (["https://acme.wd5.myworkdayjobs.com/External/job/x"], "is not a Workday career site URL, e.g. https://"),
    ],
)
def test_sites_must_be_workday_career_site_urls(sites: list[str], problem: str) -> None:
    with pytest.raises(EngineConfigError) as caught:
        get_engine("workday").parse_config({"sites": sites}, Workspace.from_env())
    assert "'sites'" in caught.value.message
    assert problem in caught.value.message
