"""The recruitee engine against the fake Careers Site API, reached through a `{company}` base_url template."""

import datetime as dt
from pathlib import Path

import pytest
from fakeboards import FakeBoards
from pydantic import ValidationError
from web import sweep

from sweepy.domain.postings import Salary
from sweepy.engines import get_engine
from sweepy.engines.base import HttpEngineConfig
from sweepy.engines.recruitee import RecruiteeConfig
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_a_career_site_becomes_postings_with_every_field_normalised(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("recruitee", {"companies": ["acme"], "base_url": f"{boards.url}/recruitee/{{company}}"}, tmp_path)
    first, second, third = found.postings
    assert (first.title, first.company, first.location, first.platform) == (
        "Senior Paralegal", "Acme B.V.", "Amsterdam, North Holland, Netherlands", "recruitee",
    )  # fmt: skip
    assert (first.url, first.apply_url) == (
        "https://acme.recruitee.com/o/senior-paralegal", "https://acme.recruitee.com/o/senior-paralegal/c/new",
    )  # fmt: skip
    assert first.description == "Draft contracts.\n• Dutch and English"  # description, then requirements
    assert first.posted_at == dt.date(2026, 9, 10)  # "2026-09-10 07:25:25 UTC"
    assert (first.engine, first.source) == ("recruitee", "acme")
    # no company_name or location text: the token and the city fields; no published_at: created_at
    assert (second.company, second.location, second.posted_at) == (
        "acme",
        "New York, United States",
        dt.date(2026, 9, 1),
    )
    assert second.apply_url == second.url
    assert third.location == "Remote"
    assert found.skipped_records == [("acme#2736922", "url '' is not an http(s) URL")]
    assert boards.hits("/recruitee/acme/api/offers/") == 1


def test_workplace_flags_remote_and_hybrid_offer_remote(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("recruitee", {"companies": ["acme"], "base_url": f"{boards.url}/recruitee/{{company}}"}, tmp_path)
    assert [p.workplace for p in found.postings] == ["remote", "onsite", "remote"]  # remote+hybrid ticked: remote


def test_pay_takes_numbers_as_text_and_currency_in_any_case(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("recruitee", {"companies": ["acme"], "base_url": f"{boards.url}/recruitee/{{company}}"}, tmp_path)
    assert [p.salary for p in found.postings] == [
        Salary(60_000, 75_000, "EUR", "year"),  # min "60000" (text), max 75000, currency "eur"
        Salary(3_000, 3_500, "USD", "month"),  # "3,000"
        Salary(30, 36, "USD", "hour", "$30 - $36 per hour"),  # an empty salary object: the text states it
    ]


def test_an_unknown_company_is_skipped(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("recruitee", {"companies": ["nosuch"], "base_url": f"{boards.url}/recruitee/{{company}}"}, tmp_path)
    report = found.sources[0]
    assert (report.status, report.reason, report.counts_as_failure) == ("skipped", "http_error", False)
    assert report.detail == f"HTTP 404 from {boards.url.split('//')[1]}/recruitee/nosuch/api/offers/: Not found"


def test_only_recruitee_accepts_a_company_template() -> None:
    template = "http://127.0.0.1:8080/recruitee/{company}/"
    config = {"companies": ["acme"], "base_url": template}
    assert RecruiteeConfig.model_validate(config).base_url == template.rstrip("/")
    host_template = {"companies": ["acme"], "base_url": "https://{company}.example.com"}
    assert RecruiteeConfig.model_validate(host_template).base_url == "https://{company}.example.com"
    with pytest.raises(ValidationError, match="base_url must not hold a brace"):
        HttpEngineConfig.model_validate({"base_url": template})  # the other engines have no placeholder


@pytest.mark.parametrize(
    ("base_url", "problem"),
    [
        ("http://127.0.0.1:8080", "base_url must hold {company}"),  # every company would read the same board
        ("http://127.0.0.1:8080/{company}/{lang}", "base_url must not hold a brace other than {company}"),
        ("http://127.0.0.1:8080/{company}?x=1", "without query or fragment"),
    ],
)
def test_a_base_url_without_the_company_place_is_refused(base_url: str, problem: str) -> None:
    with pytest.raises(EngineConfigError, match="recruitee: 'base_url'") as caught:
        get_engine("recruitee").parse_config(
            {"companies": ["acme"], "base_url": base_url}, Settings.from_env().workspace()
        )
    assert problem in caught.value.message
