"""The jooble engine against the fake REST API: every normalised field, paging, the key in the path, errors."""

import datetime as dt
from pathlib import Path
from urllib.parse import quote

import pytest
from fakeboards import FakeBoards
from fakeboards.jooble import KEY
from web import sweep

from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings

QUOTED = quote(KEY, safe="")


@pytest.fixture(autouse=True)
def key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JOOBLE_API_KEY", KEY)


def test_a_title_search_pages_and_normalises_every_field(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jooble", {"base_url": boards.url, "pages": 5}, tmp_path)
    first, second, third, fourth = found.postings
    link = "https://jooble.org/desc/-1234567890123456701?ckey=paralegal&rgn=-1&pos=1"
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Remote Paralegal", "Acme", "Manila, Philippines", "remote", "jooble",
    )  # fmt: skip
    assert first.url == first.apply_url == link
    assert first.description == "...provide remote support & draft filings..."
    assert first.salary is not None
    assert (first.salary.min, first.salary.max, first.salary.currency, first.salary.period) == (17, 35, "USD", "hour")
    assert (first.posted_at, first.engine, first.source) == (dt.date(2026, 9, 16), "jooble", "Paralegal")
    assert (second.title, second.company, second.location, second.workplace, second.posted_at) == (
        "Litigation Paralegal", "Globex", "New York, NY", "hybrid", dt.date(2026, 9, 20),
    )  # fmt: skip
    assert second.salary is not None
    assert (second.salary.min, second.salary.max, second.salary.currency, second.salary.period) == (
        115000, 140000, "USD", "year",
    )  # fmt: skip
    assert (third.salary, third.workplace, fourth.posted_at) == (None, "unknown", None)  # "Competitive"; no date
    assert found.skipped_records == [("Paralegal#-1234567890123456704", "the posting has no title or no company")]
    pages = boards.requests("/api/")
    assert [r.path for r in pages] == [f"/api/{QUOTED}"] * 3  # the last page reaches totalCount
    assert [r.json() for r in pages][:2] == [
        {"keywords": "Paralegal", "location": "New York, NY", "page": "1"},
        {"keywords": "Paralegal", "location": "New York, NY", "page": "2"},
    ]
    assert pages[0].headers["Content-Type"] == "application/json"


def test_a_page_served_again_ends_the_paging(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jooble", {"base_url": boards.url, "pages": 10}, tmp_path, titles=["Loop"])
    assert (len(found.postings), boards.hits("/api/"), found.sources[0].status) == (2, 2, "ok")


def test_a_failing_title_is_skipped_and_the_others_still_count(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jooble", {"base_url": boards.url}, tmp_path, titles=["Paralegal", "Broken", "Nothing"])
    assert [(r.source, r.status, r.postings, r.reason) for r in found.sources] == [
        ("Paralegal", "ok", 2, None),
        ("Broken", "skipped", 0, "http_error"),
        ("Nothing", "ok", 0, None),
    ]
    assert found.sources[1].detail == f"HTTP 500 from {boards.url.split('//')[1]}/api/***: An error has occurred."


def test_the_key_in_the_path_is_never_shown_nor_written(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = sweep("jooble", {"base_url": boards.url}, tmp_path / "ok", cache_ttl=3600)
    cached = [p.name for p in (tmp_path / "ok" / "cache").iterdir()]
    assert cached and not any(KEY in name or QUOTED in name for name in cached)
    wrong = "wrong+jooble/key"
    monkeypatch.setenv("JOOBLE_API_KEY", wrong)
    found = sweep("jooble", {"base_url": boards.url}, tmp_path / "bad", cache_ttl=3600)
    assert [(r.status, r.reason) for r in found.sources] == [("skipped", "http_error")]
    assert boards.requests("/api/")[-1].path == f"/api/{quote(wrong, safe='')}"
    shown = repr([r.to_dict() for r in found.sources]) + repr(found.skipped_records)
    assert found.sources[0].detail == f"HTTP 403 from {boards.url.split('//')[1]}/api/***"
    assert wrong not in shown and quote(wrong, safe="") not in shown
    assert not (tmp_path / "bad" / "cache").exists() or not list((tmp_path / "bad" / "cache").iterdir())


def test_an_unset_key_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JOOBLE_API_KEY")
    with pytest.raises(EngineConfigError, match="JOOBLE_API_KEY is not set"):
        get_engine("jooble").parse_config({}, Settings.from_env().workspace())


@pytest.mark.parametrize(
    ("block", "field"), [({"pages": 0}, "pages"), ({"api_key_env": ""}, "api_key_env"), ({"key": "x"}, "key")]
)
def test_bad_config_values_are_refused_naming_the_field(block: dict[str, object], field: str) -> None:
    with pytest.raises(EngineConfigError, match=f"jooble: .*'{field}'"):
        get_engine("jooble").parse_config(block, Settings.from_env().workspace())
