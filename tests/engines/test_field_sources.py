"""employment_type, closes_at and open_to from each API's own fields, over real HTTP from the fake boards (records
shaped as job_apis.md shows them), and through the score stage onto cards."""

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from fakeboards import FakeBoards
from fakeboards.adzuna import APP_ID, APP_KEY
from fakeboards.jooble import KEY as JOOBLE_KEY
from fakeboards.serpapi import KEY as SERPAPI_KEY
from fakeboards.usajobs import EMAIL, KEY
from web import sweep

from sweepy.domain.postings import Posting
from sweepy.domain.scoring import Scorer
from sweepy.engines import DiscoverRequest, get_engine
from sweepy.engines.jobspy import postings_from_rows
from sweepy.pipeline.score import make_card
from sweepy.settings import Settings


def kinds(postings: list[Posting]) -> list[tuple[str, str | None]]:
    return [(p.title, p.employment_type) for p in postings]


def test_lever_reads_the_commitment_category(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal", "full_time"),  # "Full-time"
        ("Paralegal (Contract)", "contract"),  # "Contract"
        ("Immigration Paralegal", None),  # no commitment
        ("Legal Assistant", "part_time"),  # "Part Time - Regular"
    ]


def test_ashby_reads_employment_type(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("ashby", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal", "full_time"),  # FullTime
        ("Paralegal", "part_time"),  # PartTime
        ("Contract Paralegal", "contract"),
        ("Legal Operations Paralegal", "internship"),  # Intern
    ]


def test_workable_reads_employment_type(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("workable", {"accounts": ["acme"], "base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [("Paralegal", "full_time"), ("Litigation Paralegal", "temporary")]


def test_recruitee_reads_the_employment_type_code(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("recruitee", {"companies": ["acme"], "base_url": f"{boards.url}/recruitee/{{company}}"}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal", "full_time"),  # fulltime_permanent
        ("Paralegal", "part_time"),  # parttime_minijob
        ("Remote Paralegal", "internship"),
    ]


def test_greenhouse_reads_the_employment_custom_field_and_the_deadline(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["acme"], "base_url": boards.url}, tmp_path)
    first, second = found.postings
    assert (first.employment_type, first.closes_at) == ("full_time", None)  # "Employment Type": "Full-time"
    # "Job Type": ["Contract"] (a multi-select field), application_deadline as a date-time with an offset
    assert (second.employment_type, second.closes_at) == ("contract", dt.date(2099, 4, 30))
    assert first.open_to is None and second.open_to is None


def test_himalayas_reads_employment_type_and_the_expiry_date_in_each_form(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("himalayas", {"base_url": boards.url}, tmp_path)
    assert [(p.title, p.employment_type, p.closes_at) for p in found.postings[:3]] == [
        ("Senior Paralegal", "full_time", dt.date(2099, 1, 1)),  # "Full Time", epoch seconds
        ("Danish Transcription Expert", "contract", dt.date(2099, 1, 1)),  # "Contractor", milliseconds
        ("Legal Writer", "internship", dt.date(2099, 5, 1)),  # "Intern", ISO text
    ]


def test_jobicy_reads_the_job_type_list(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("jobicy", {"base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal (AMER)", "full_time"),  # ["Full-Time"]
        ("Contract Reviewer", "part_time"),  # ["Part-Time"]
        ("Legal Operations Analyst", None),  # []
        ("Counsel", "contract"),
    ]


def test_remotive_reads_job_type(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("remotive", {"base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal", "full_time"),
        ("Contract Paralegal", "contract"),  # "freelance"
        ("Legal Assistant", "part_time"),
    ]


def test_arbeitnow_reads_job_types_in_english_and_german(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("arbeitnow", {"base_url": boards.url}, tmp_path)
    assert kinds(found.postings)[:2] == [
        ("Senior Paralegal (m/w/d)", "full_time"),  # ["full time"]
        ("Paralegal", "full_time"),  # ["Berufserfahren", "Vollzeit"]
    ]
    assert ("Legal Assistant", "part_time") in kinds(found.postings)


def test_adzuna_reads_contract_type_and_contract_time(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADZUNA_APP_ID", APP_ID)
    monkeypatch.setenv("ADZUNA_APP_KEY", APP_KEY)
    found = sweep("adzuna", {"base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Senior Paralegal", "full_time"),  # permanent, full_time
        ("Litigation Paralegal", "full_time"),
        ("Paralegal II", "contract"),  # contract, full_time: a full-time contract is contract work
        ("Corporate Paralegal", "part_time"),  # no contract_type, part_time
    ]


def test_smartrecruiters_reads_type_of_employment(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("smartrecruiters", {"companies": ["Acme"], "base_url": boards.url}, tmp_path)
    assert kinds(found.postings) == [
        ("Litigation Paralegal", "full_time"),  # {"id": "permanent", "label": "Full-time"}
        ("Remote Paralegal", "contract"),
        ("Paralegal", None),  # no typeOfEmployment
    ]


def test_themuse_says_internship_only_from_its_level(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("themuse", {"category": ["Legal"], "pages": 1, "base_url": boards.url}, tmp_path)
    named = dict(kinds(found.postings))
    assert named["Contracts Paralegal 0"] == "internship"  # levels: [Internship]
    assert named["Senior Paralegal"] is None  # levels: [Mid Level] is seniority, not a kind of job
    assert [p.title for p in found.postings if p.employment_type] == ["Contracts Paralegal 0"]


@pytest.fixture
def usajobs_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USAJOBS_API_KEY", KEY)
    monkeypatch.setenv("USAJOBS_EMAIL", EMAIL)


@pytest.mark.usefixtures("usajobs_keys")
def test_usajobs_reads_schedule_close_date_and_who_may_apply(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path)
    assert [(p.employment_type, p.closes_at, p.open_to) for p in found.postings] == [
        ("full_time", dt.date(2099, 10, 15), ["public"]),
        ("part_time", dt.date(2099, 10, 20), ["fed-competitive", "vet"]),  # "2099-10-20T23:59:59.9970"
        ("full_time", dt.date(2099, 10, 15), ["public"]),
        ("other", None, ["United States Citizens"]),  # Intermittent; no close date; WhoMayApply, no HiringPath
    ]


@pytest.mark.usefixtures("usajobs_keys")
def test_two_usajobs_announcements_of_one_role_differ_in_who_may_apply(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("usajobs", {"base_url": boards.url}, tmp_path, titles=["Twins"])
    scorer = Scorer(["Paralegal"], [], [], "")
    public, internal = (make_card(p, scorer).to_json() for p in found.postings)
    differing = {key for key in public if public[key] != internal[key]}
    assert differing == {"url", "apply_url", "open_to"}  # and the job_id, once the score stage numbers twins
    assert (public["open_to"], internal["open_to"]) == (["public"], ["fed-internal-search", "vet"])
    assert "public" in public["open_to"] and "public" not in internal["open_to"]
    assert (public["employment_type"], public["closes_at"]) == ("full_time", "2099-10-15")


def test_fields_an_api_does_not_state_are_null_on_the_card(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("lever", {"sites": ["acme"], "base_url": boards.url}, tmp_path)
    card: dict[str, Any] = make_card(found.postings[2], Scorer(["Paralegal"], [], [], "")).to_json()
    assert (card["employment_type"], card["closes_at"], card["open_to"]) == (None, None, None)


def test_an_engines_oversized_fields_are_cut_at_ingest(boards: FakeBoards, tmp_path: Path) -> None:
    found = sweep("greenhouse", {"boards": ["longco"], "base_url": boards.url}, tmp_path)
    (posting,) = found.postings
    assert (len(posting.title), len(posting.company), len(posting.location)) == (300, 200, 200)
    assert posting.title.startswith("Paralegal Litigation-Support") and posting.title.endswith("…")
    assert posting.company.endswith("Longco Lon…") and posting.location.endswith("NY; New…")
    assert len(posting.description) == 100_000 and posting.description.endswith("…")
    assert posting.description.startswith("Draft filings. Draft filings.")


def test_jooble_reads_type(boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JOOBLE_API_KEY", JOOBLE_KEY)
    found = sweep("jooble", {"base_url": boards.url, "pages": 5}, tmp_path)
    assert kinds(found.postings) == [
        ("Remote Paralegal", "full_time"),  # "Full-time"
        ("Litigation Paralegal", None),  # ""
        ("Paralegal Assistant", "temporary"),
        ("Senior Paralegal", "full_time"),
    ]


def test_serpapi_reads_the_detected_schedule_type(
    boards: FakeBoards, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SERPAPI_API_KEY", SERPAPI_KEY)
    found = sweep("serpapi", {"base_url": boards.url, "pages": 3}, tmp_path)
    assert kinds(found.postings) == [
        ("Remote Paralegal", "full_time"),
        ("Litigation Paralegal", None),  # no schedule_type detected
        ("Paralegal II", None),
        ("Corporate Paralegal", "contract"),  # "Contractor"
    ]


def test_jobspy_reads_job_type() -> None:
    base = {"site": "indeed", "title": "Paralegal", "company": "Acme", "location": "New York, NY"}
    rows = [
        base | {"id": f"in-{n}", "job_url": f"https://www.indeed.com/viewjob?jk={n}", "job_type": kind}
        for n, kind in enumerate(["fulltime", "parttime", "internship", "contract", float("nan")])
    ]
    request = DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, source="Paralegal")
    found = postings_from_rows(get_engine("jobspy"), request, rows)
    assert [p.employment_type for p in found.postings] == ["full_time", "part_time", "internship", "contract", None]
