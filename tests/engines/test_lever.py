"""The lever engine against the fake Postings API: fields, both on-site spellings, pay, paging, the 404."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from web import sweep

from sweepy.domain.postings import Salary
from sweepy.engines import get_engine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_a_site_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    first = found.postings[0]
    assert (first.title, first.company, first.location, first.workplace, first.platform) == (
        "Senior Paralegal", "acme", "Toronto, ON; Remote - Canada", "remote", "lever",  # hybrid, or remote
    )  # fmt: skip
    assert first.url == "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902"
    assert first.apply_url == first.url + "/apply"
    # descriptionPlain, then each list's heading and items, then additionalPlain
    assert first.description == (
        "About us\nThe role: draft motions & briefs\nRequirements\n• Westlaw\n• E-filing\nBenefits: dental"
    )
    assert first.posted_at == dt.date(2025, 10, 9)  # createdAt 1760000000000 is epoch milliseconds
    assert (first.engine, first.source) == ("lever", "acme")
    assert found.skipped_records == [
        ("acme#deadbeef-0000-4000-8000-000000000000", "the posting has no title or no company")
    ]
    request = boards.requests("/v0/postings/acme")[0]
    assert (request.arg("mode"), request.arg("skip"), request.arg("limit")) == ("json", "0", "100")


def test_workplace_reads_both_on_site_spellings_and_infers_unspecified(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    assert [(p.title, p.workplace) for p in found.postings] == [
        ("Senior Paralegal", "remote"),  # "hybrid" in Toronto, and "Remote - Canada" among allLocations
        ("Paralegal (Contract)", "onsite"),  # "onsite", though the text says remote
        ("Immigration Paralegal", "remote"),  # "unspecified": inferred from "Remote - US"
        ("Legal Assistant", "onsite"),  # "on-site", though the text says hybrid
    ]


def test_pay_comes_from_salary_range_with_small_yearly_figures_read_as_thousands(
    boards: FakeBoards, tmp_path: Path
) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    assert [p.salary for p in found.postings] == [
        Salary(100_000, 130_000, "CAD", "year"),  # `min 100, max 130, CAD`
        Salary(38, 45, "USD", "hour"),  # per-hour-wage, lower-case currency
        Salary(70_000, 85_000, "USD", "year", "$70,000 - $85,000 per year"),  # salaryDescriptionPlain
        None,
    ]


def test_missing_plain_text_apply_url_or_page_url_fall_back(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    contract, assistant = found.postings[1], found.postings[3]
    assert contract.description == "Prepare closing binders; remote training first."  # no plain text: the HTML
    assert contract.apply_url == contract.url  # no applyUrl: apply on the posting page
    # no hostedUrl: the page is built from the site and the id
    assert assistant.url == assistant.apply_url == "https://jobs.lever.co/acme/7d6c5b4a-2222-4333-8444-555566667777"


def test_a_site_is_read_page_by_page_until_a_short_page(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["bigco"], "base_url": boards.url}, tmp_path)
    assert len(found.postings) == 230
    assert len({p.url for p in found.postings}) == 230
    assert [r.arg("skip") for r in boards.requests("/v0/postings/bigco")] == ["0", "100", "200"]
    assert found.sources[0].requests == 3


def test_a_server_that_ignores_skip_is_not_read_forty_times(boards: FakeBoards, tmp_path: Path) -> None:
    lines: list[str] = []
    found = sweep("lever", {"sites": ["stubborn"], "base_url": boards.url}, tmp_path, log=lines.append)
    assert len(found.postings) == 100
    assert boards.hits("/v0/postings/stubborn") == 2
    assert "source lever/stubborn: page 2 repeats earlier postings; stopped paging" in lines


def test_paging_stops_at_the_page_limit_and_says_so(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sweepy.engines.paging.MAX_PAGES", 2)
    lines: list[str] = []
    found = sweep("lever", {"sites": ["bigco"], "base_url": boards.url}, tmp_path, log=lines.append)
    assert len(found.postings) == 200
    assert "source lever/bigco: stopped after 2 pages; the rest is not read" in lines


def test_an_unknown_site_is_skipped_without_counting_as_a_failure(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["nosuch", "emptyco"], "base_url": boards.url}, tmp_path)
    nosuch, empty = found.sources
    assert (nosuch.status, nosuch.reason, nosuch.counts_as_failure) == ("skipped", "http_error", False)
    assert nosuch.detail == f"HTTP 404 from {boards.url.split('//')[1]}/v0/postings/nosuch: Document not found"
    assert (empty.status, empty.postings) == ("ok", 0)


@pytest.mark.parametrize(
    ("block", "problem"),
    [
        ({"sites": []}, "'sites'"),
        ({"sites": [f"site{n}" for n in range(201)]}, "'sites'"),
        ({"sites": ["acme"], "region": "us"}, "'region'"),
        ({"sites": ["../admin"]}, "'sites.0'"),
    ],
)
def test_a_bad_config_names_the_field(block: dict[str, object], problem: str) -> None:
    with pytest.raises(EngineConfigError, match=f"lever: {problem}"):
        get_engine("lever").parse_config({"enabled": True, **block}, Settings.from_env().workspace())
