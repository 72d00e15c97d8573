"""The serpapi engine against the fake google_jobs API: every normalised field, token paging, errors, the key."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from fakeboards.serpapi import KEY
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERPAPI_API_KEY", KEY)


def days_ago(days: int) -> dt.date:
    return dt.date.today() - dt.timedelta(days=days)  # relative dates count back from the local day


def test_a_title_search_pages_by_token_and_normalises_every_field(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("serpapi", {"base_url": boards.url, "pages": 5}, tmp_path)
    first, second, third, fourth = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Remote Paralegal", "Acme", "New York, NY", "remote", "linkedin",
    )  # fmt: skip
    assert first.url == first.apply_url == "https://www.linkedin.com/jobs/view/400121?utm_campaign=google_jobs_apply"
    assert first.description == "Draft filings & manage dockets.\nWork with trial teams."
    assert first.salary is not None  # "90K–120K a year" names no currency, so none is invented
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        90000, 120000, None, "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (days_ago(3), "serpapi", "Paralegal")
    # The first apply link that is not Google's is the posting's page.
    assert (second.url, second.apply_url, second.platform) == (
        "https://www.indeed.com/viewjob?jk=5e1b2c3d", "https://www.indeed.com/viewjob?jk=5e1b2c3d", "indeed",
    )  # fmt: skip
    assert (second.company, second.location, second.workplace, second.posted_at) == (
        "Globex", "Brooklyn, NY", "unknown", days_ago(10),  # a place, and no work_from_home flag
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        25, 32, "USD", "hour",
    )  # fmt: skip
    # No apply link: Google's share link, and `via` names the board.
    assert (third.url.startswith("https://www.google.com/search?"), third.platform) == (True, "ziprecruiter")
    assert (third.description, third.salary, third.posted_at) == ("3+ years litigation support", None, None)
    assert (fourth.url, fourth.platform, fourth.salary, fourth.posted_at) == (
        "https://careers.acme.example/jobs/12", "other", None, days_ago(1),
    )  # fmt: skip
    assert [r for r, _ in found.skipped_records] == ["Paralegal#eyJqb2JfdGl0bGUiOiJQYXJhbGVnYWwiLCJuIjo4fQ=="]
    first_page, second_page = boards.requests("/search.json")
    assert {k: v[0] for k, v in first_page.query.items()} == {
        "engine": "google_jobs", "q": "Paralegal", "location": "New York, NY", "api_key": KEY,
    }  # fmt: skip
    assert second_page.arg("next_page_token") == "tok-1" and second_page.arg("q") == "Paralegal"


def test_a_repeating_token_ends_the_paging_and_remote_searches_everywhere(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("serpapi", {"base_url": boards.url, "pages": 5, "location": "Remote"}, tmp_path, titles=["Loop"])
    # Page 2 is page 1 again (the same job_ids): it ends the paging, and its jobs are not kept twice.
    assert (found.sources[0].status, boards.hits("/search.json"), len(found.postings)) == ("ok", 2, 2)
    request = boards.requests("/search.json")[0]
    assert (request.arg("location", "absent"), request.arg("ltype")) == ("absent", "1")


def test_errors_in_the_body_and_no_results(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("serpapi", {"base_url": boards.url}, tmp_path, titles=["Paralegal", "Broken", "Nothing"])
    assert [(r.source, r.status, r.postings, r.reason) for r in found.sources] == [
        ("Paralegal", "ok", 2, None),
        ("Broken", "skipped", 0, "bad_response"),
        ("Nothing", "ok", 0, None),  # "Google hasn't returned any results" is an empty answer, not a failure
    ]
    detail = found.sources[1].detail
    assert detail.startswith("SerpApi answered: Unsupported request: https://serpapi.com/search.json?")
    assert "api_key=***" in detail and KEY not in detail


def test_a_wrong_key_is_an_error_that_does_not_show_it(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SERPAPI_API_KEY", "wrong-serp-key")
    found = sweep("serpapi", {"base_url": boards.url}, tmp_path)
    assert [(r.status, r.reason) for r in found.sources] == [("skipped", "http_error")]
    assert found.sources[0].detail == (
        f"HTTP 401 from {boards.url.split('//')[1]}/search.json: Invalid API key. Your API key should be here: "
        "https://serpapi.com/manage-api-key"
    )  # the API's own error text, which says what to do
    assert boards.requests("/search.json")[0].arg("api_key") == "wrong-serp-key"


def test_an_unset_key_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SERPAPI_API_KEY")
    with pytest.raises(EngineConfigError, match="SERPAPI_API_KEY is not set"):
        get_engine("serpapi").parse_config({"pages": 2}, Settings.from_env().workspace())


@pytest.mark.parametrize(
    ("block", "field"), [({"pages": 6}, "pages"), ({"location": ""}, "location"), ({"api_key_env": 3}, "api_key_env")]
)
def test_bad_config_values_are_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=f"serpapi: '{field}'"):
        get_engine("serpapi").parse_config(block, Settings.from_env().workspace())
