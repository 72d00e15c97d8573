"""The workday engine against the fake `/wday/cxs/` JSON: per-title searches paged by 20, deduped by externalPath,
public URLs on the real career site, and the unknown-site error."""

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest
from fakeboards import Answer, FakeBoards, Route
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.pipeline.filter import Criteria, filter_postings
from sweepy.settings import Settings

ACME = "https://acme.wd5.myworkdayjobs.com/en-US/External"
GLOBEX = "https://globex.wd1.myworkdayjobs.com/Careers"
NOSUCH = "https://nosuch.wd5.myworkdayjobs.com/External"
INITECH = "https://initech.wd1.myworkdayjobs.com/Jobs"


def test_a_site_is_searched_per_title_and_paged_by_twenty(boards: FakeBoards, tmp_path: Path) -> None:
    before = dt.date.today()  # relative dates count back from the local day, as the age filter does
    found = sweep("workday", {"sites": [ACME], "base_url": boards.url}, tmp_path, titles=["Paralegal", "Senior"])
    after = dt.date.today()
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
    # "3 Locations": the primary place from externalPath, and how many more
    assert (second.title, second.location, second.workplace) == (
        "Paralegal, Litigation", "Remote, USA (+2 more)", "remote",
    )  # fmt: skip
    assert second.url == "https://acme.wd5.myworkdayjobs.com/External/job/Remote-USA/Paralegal--Litigation_JR1002"
    assert second.posted_at in (before - dt.timedelta(days=31), after - dt.timedelta(days=31))  # "30+ Days Ago"
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
        get_engine("workday").parse_config({"sites": sites}, Settings.from_env().workspace())
    assert "'sites'" in caught.value.message
    assert problem in caught.value.message


def _site(boards: FakeBoards, postings: list[dict[str, object]]) -> None:
    """A career site `initech/Jobs` answering `postings`, shaped like the real list answer."""
    answer = {"total": len(postings), "jobPostings": postings, "facets": []}
    boards.routes.insert(0, Route("POST", r"/wday/cxs/initech/Jobs/jobs", lambda _m, _r: Answer(answer)))


def test_n_locations_becomes_the_primary_place_from_external_path(boards: FakeBoards, tmp_path: Path) -> None:
    _site(boards, [
        {"title": "Paralegal", "externalPath": "/job/US-CA-Santa-Clara/Paralegal_R123", "locationsText": "2 Locations",
         "postedOn": "Posted Today", "bulletFields": ["R123"]},
        {"title": "Paralegal II", "externalPath": "/job/Austin-TX/Paralegal-II_R124", "locationsText": "4 Locations",
         "postedOn": "Posted Today", "bulletFields": ["R124"]},
        {"title": "Paralegal III", "externalPath": "/job/Paralegal-III_R125", "locationsText": "2 Locations",
         "postedOn": "Posted Today", "bulletFields": ["R125"]},  # no place in the path: the text as it is
    ])  # fmt: skip
    found = sweep("workday", {"sites": [INITECH], "base_url": boards.url}, tmp_path)
    assert [(p.location, p.workplace) for p in found.postings] == [
        ("Santa Clara, CA, US (+1 more)", "unknown"),  # places only: nothing says how the work is done
        ("Austin, TX (+3 more)", "unknown"),
        ("2 Locations", "unknown"),
    ]


def test_posted_30_plus_days_ago_never_passes_a_30_day_limit(boards: FakeBoards, tmp_path: Path) -> None:
    _site(boards, [
        {"title": "Paralegal", "externalPath": "/job/Austin-TX/Paralegal_R1", "locationsText": "Austin, TX",
         "postedOn": "Posted 30+ Days Ago", "bulletFields": ["R1"]},
        {"title": "Senior Paralegal", "externalPath": "/job/Austin-TX/Senior-Paralegal_R2",
         "locationsText": "Austin, TX", "postedOn": "Posted 30 Days Ago", "bulletFields": ["R2"]},
    ])  # fmt: skip
    found = sweep("workday", {"sites": [INITECH], "base_url": boards.url}, tmp_path)
    today = dt.date.today()
    assert [today - p.posted_at for p in found.postings if p.posted_at] == [dt.timedelta(31), dt.timedelta(30)]
    criteria = Criteria(titles=["Paralegal"], synonyms=[], location="Austin, TX", max_age_days=30, today=today)
    kept, drops = filter_postings(found.postings, criteria)
    assert ([p.title for p in kept], drops) == (["Senior Paralegal"], Counter({"age": 1}))


@pytest.mark.parametrize(
    ("remote_type", "title", "workplace"),
    [
        ("Fully Remote", "Paralegal", "remote"),
        ("Hybrid", "Paralegal", "hybrid"),
        ("On-site", "Paralegal", "onsite"),
        ("Flexible / Remote", "Paralegal", "remote"),  # a tenant's own wording, read like a location
        (None, "Paralegal (Hybrid)", "hybrid"),  # no remoteType: the title says it
        (None, "Paralegal", "unknown"),  # and "Austin, TX" alone says nothing
    ],
)
def test_workplace_is_remote_type_then_the_title(
    boards: FakeBoards, tmp_path: Path, remote_type: str | None, title: str, workplace: str
) -> None:
    job = {"title": title, "externalPath": "/job/Austin-TX/Paralegal_R1", "locationsText": "Austin, TX",
           "postedOn": "Posted Today", "bulletFields": ["R1"]}  # fmt: skip
    _site(boards, [job if remote_type is None else {**job, "remoteType": remote_type}])
    found = sweep("workday", {"sites": [INITECH], "base_url": boards.url}, tmp_path)
    assert [p.workplace for p in found.postings] == [workplace]
