"""The usajobs engine against the fake Search API: every normalised field, paging, headers, errors and config."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from fakeboards.usajobs import EMAIL, KEY
from web import sweep

from sweepy.engines import get_engine
from sweepy.engines.usajobs import UsajobsConfig, request_headers
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


@pytest.fixture(autouse=True)
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", EMAIL)


def test_a_title_search_pages_and_normalises_every_field(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("usajobs", {"base_url": boards.url, "pages": 5, "results_per_page": 2}, tmp_path)
    first, second, third, fourth = found.postings
    uri = "https://www.usajobs.gov:443/GetJob/ViewDetails/645184401"
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "IT Specialist (APPSW)", "Veterans Health Administration", "Anywhere in the U.S. (remote job)", "remote",
        "usajobs",
    )  # fmt: skip
    assert (first.url, first.apply_url) == (uri, f"{uri}?PostingChannelID=")
    assert first.description == (
        "Build apps & services.\nDevelop software\nReview code\n"
        "Applicants must have one year of specialized experience ..."
    )
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (
        125000, 165000, "USD", "year",
    )  # fmt: skip
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 10, 1), "usajobs", "Paralegal")
    assert (second.title, second.company, second.location, second.workplace) == (
        "Paralegal Specialist", "Office of the Solicitor General", "Washington, District of Columbia", "hybrid",
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        25.5, 38.0, "USD", "hour",
    )  # fmt: skip
    assert second.posted_at == dt.date(2026, 9, 29)
    assert third.salary is not None and third.workplace == "onsite"
    assert (third.salary.min, third.salary.max, third.salary.period) == (1250, 1500, "week")  # bi-weekly, halved
    assert (fourth.salary, fourth.apply_url) == (None, fourth.url)  # without compensation; no ApplyURI
    assert found.skipped_records == [("Paralegal#645184405", "url '' is not an http(s) URL")]
    pages = boards.requests("/api/search")
    assert len(pages) == 3
    assert {k: v[0] for k, v in pages[0].query.items()} == {
        "Keyword": "Paralegal", "LocationName": "New York, NY", "ResultsPerPage": "2", "Page": "1",
    }  # fmt: skip
    assert [r.arg("Page") for r in pages] == ["1", "2", "3"]
    assert (pages[0].headers["Authorization-Key"], pages[0].headers["User-Agent"]) == (KEY, EMAIL)
    assert pages[0].headers["Host"] == boards.url.split("//")[1]  # a stand-in gets its own Host


def test_the_real_host_is_sent_only_to_the_real_api() -> None:
    assert request_headers(UsajobsConfig(), "k", "e@x.org") == {
        "Authorization-Key": "k", "User-Agent": "e@x.org", "Host": "data.usajobs.gov",
    }  # fmt: skip
    assert "Host" not in request_headers(UsajobsConfig(base_url="http://127.0.0.1:9"), "k", "e@x.org")


def test_a_failing_title_is_skipped_and_the_others_still_count(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path, titles=["Paralegal", "Broken", "Nothing"])
    assert [(r.source, r.status, r.postings, r.reason) for r in found.sources] == [
        ("Paralegal", "ok", 4, None),
        ("Broken", "skipped", 0, "http_error"),
        ("Nothing", "ok", 0, None),
    ]
    assert found.sources[1].detail == f"HTTP 500 from {boards.url.split('//')[1]}/api/search"


def test_a_wrong_key_is_an_error_that_does_not_show_it(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", "wrong-usajobs-key")
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path)
    assert [(r.status, r.reason) for r in found.sources] == [("skipped", "http_error")]
    assert boards.requests("/api/search")[0].headers["Authorization-Key"] == "wrong-usajobs-key"
    assert "wrong-usajobs-key" not in repr([r.to_dict() for r in found.sources]) + repr(found.skipped_records)


def test_unset_variables_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("USAJOBS_EMAIL")
    with pytest.raises(EngineConfigError, match="USAJOBS_EMAIL is not set"):
        get_engine("usajobs").parse_config({}, Settings.from_env().workspace())
    with pytest.raises(EngineConfigError, match="USAJOBS_FED_KEY is not set"):
        get_engine("usajobs").parse_config({"api_key_env": "USAJOBS_FED_KEY"}, Settings.from_env().workspace())


@pytest.mark.parametrize(
    ("block", "field"),
    [({"results_per_page": 501}, "results_per_page"), ({"pages": 11}, "pages"), ({"api_key_env": ""}, "api_key_env"),
     ({"base_url": "data.usajobs.gov"}, "base_url")],
)  # fmt: skip
def test_bad_config_values_are_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=f"usajobs: '{field}'"):
        get_engine("usajobs").parse_config(block, Settings.from_env().workspace())
