"""The adzuna engine against the fake search API: every normalised field, paging, keys, errors and config."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from fakeboards.adzuna import APP_ID, APP_KEY
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


@pytest.fixture(autouse=True)
def keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADZUNA_APP_ID", APP_ID)
    monkeypatch.setenv("ADZUNA_APP_KEY", APP_KEY)


def test_a_title_search_pages_and_normalises_every_field(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("adzuna", {"base_url": boards.url, "pages": 5, "results_per_page": 2}, tmp_path)
    assert [p.title for p in found.postings] == ["Senior Paralegal", "Litigation Paralegal", "Paralegal II",
                                                 "Corporate Paralegal"]  # fmt: skip
    first, second, third, fourth = found.postings
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "Acme LLP", "New York City, New York", "hybrid", "adzuna",
    )  # fmt: skip
    url = "https://www.adzuna.com/land/ad/4123456701?se=abc&utm_medium=api&utm_source=fake"
    assert first.url == first.apply_url == url
    assert first.description == "Draft filings & manage dockets. Hybrid working, 3 days in office ..."
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period, first.salary.text) == (
        70000, 85000, "USD", "year", "70,000 - 85,000 USD a year",
    )  # fmt: skip
    assert first.posted_at == dt.date(2026, 10, 2)
    assert (first.engine, first.source) == ("adzuna", "Paralegal")
    assert (second.company, second.location, second.workplace, second.posted_at) == (
        "Globex", "US", "remote", dt.date(2026, 9, 28),
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        61234.56, 61234.56, "USD", "year",
    )  # fmt: skip
    assert "(predicted)" in second.salary.text and "estimated by Adzuna" in second.salary.text
    assert (first.salary.predicted, second.salary.predicted) == (False, True)
    assert (third.salary, fourth.posted_at) == (None, None)  # 0 means no salary; a null date stays unknown
    assert found.skipped_records == [("Paralegal#4123456704", "the posting has no title or no company")]
    pages = boards.requests("/v1/api/jobs/")
    assert [r.path for r in pages] == [f"/v1/api/jobs/us/search/{n}" for n in (1, 2, 3)]  # stops on a short page
    assert {k: v[0] for k, v in pages[0].query.items()} == {
        "app_id": APP_ID, "app_key": APP_KEY, "what": "Paralegal", "where": "New York, NY",
        "results_per_page": "2", "content-type": "application/json",
    }  # fmt: skip


def test_country_and_where_come_from_the_config_and_the_currency_from_the_country(
    boards: FakeBoards, tmp_path: Path
) -> None:
    found = sweep("adzuna", {"base_url": boards.url, "country": "gb", "where": "London"}, tmp_path)
    assert {p.salary.currency for p in found.postings if p.salary} == {"GBP"}
    (request,) = boards.requests("/v1/api/jobs/")
    assert (request.path, request.arg("where"), request.arg("results_per_page")) == (
        "/v1/api/jobs/gb/search/1", "London", "50",
    )  # fmt: skip


def test_a_failing_title_is_skipped_and_the_others_still_count(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("adzuna", {"base_url": boards.url}, tmp_path, titles=["Paralegal", "Broken", "Zookeeper"])
    assert [(r.source, r.status, r.postings, r.reason) for r in found.sources] == [
        ("Paralegal", "ok", 4, None),
        ("Broken", "skipped", 0, "http_error"),
        ("Zookeeper", "ok", 0, None),
    ]
    assert found.sources[1].detail == f"HTTP 400 from {boards.url.split('//')[1]}/v1/api/jobs/us/search/1"


def test_a_wrong_key_is_an_error_that_does_not_show_it(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADZUNA_APP_KEY", "wrong-key-0000")
    found = sweep("adzuna", {"base_url": boards.url}, tmp_path)
    assert [(r.status, r.reason) for r in found.sources] == [("skipped", "http_error")]
    assert boards.requests("/v1/api/jobs/")[0].arg("app_key") == "wrong-key-0000"
    shown = repr([r.to_dict() for r in found.sources]) + repr(found.skipped_records)
    assert "wrong-key-0000" not in shown and APP_ID not in shown


def test_an_unset_key_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ADZUNA_APP_KEY")
    with pytest.raises(EngineConfigError, match="ADZUNA_APP_KEY is not set"):
        get_engine("adzuna").parse_config({"country": "us"}, Settings.from_env().workspace())
    monkeypatch.setenv("ADZUNA_MY_KEY", "k")
    monkeypatch.delenv("ADZUNA_APP_ID")
    with pytest.raises(EngineConfigError, match="ADZUNA_APP_ID is not set"):
        get_engine("adzuna").parse_config({"app_key_env": "ADZUNA_MY_KEY"}, Settings.from_env().workspace())


@pytest.mark.parametrize(
    ("block", "field"),
    [({"country": "USA"}, "country"), ({"country": "xx"}, "country"), ({"results_per_page": 51}, "results_per_page"),
     ({"pages": 0}, "pages"), ({"where": ""}, "where")],
)  # fmt: skip
def test_bad_config_values_are_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=f"adzuna: '{field}'"):
        get_engine("adzuna").parse_config(block, Settings.from_env().workspace())
