"""Agencies through a real sweep of the loopback Greenhouse board: an agency's word-for-word copy of an employer's
posting becomes the employer's card (also_on names the agency), an agency's own posting carries the `agency`
signal, and `exclude_agencies: true` (set through create_profile) drops both as `agency`."""

from pathlib import Path
from typing import Any

import pytest
from fakeboards import FakeBoards, greenhouse
from mcp_helpers import write_resume

from sweepy.errors import ProfileError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.profiles import load_profile

ROLE_TEXT = (
    "<p>Northwind Labs is hiring a litigation paralegal for its Manhattan office. You will draft and file motions in "
    "state and federal court, manage discovery in Relativity, keep the docket current in CourtLink, prepare trial "
    "binders and deposition outlines, summarise transcripts, coordinate with vendors for e-discovery collections, "
    "and support three partners through trial.</p><p>Five years of litigation experience, strong Westlaw research "
    "and a paralegal certificate are required.</p>"
)


def job(board: str, number: int, title: str, company: str, content: str) -> dict[str, Any]:
    return {"absolute_url": f"https://job-boards.greenhouse.io/{board}/jobs/{number}", "id": number,
            "location": {"name": "New York, NY"}, "metadata": [], "updated_at": "2026-03-02T11:20:00-05:00",
            "title": title, "company_name": company, "first_published": "2026-02-20T09:00:00-05:00",
            "content": content.replace("<", "&lt;").replace(">", "&gt;"), "departments": [], "offices": []}  # fmt: skip


@pytest.fixture
def agency_boards(boards: FakeBoards, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")  # the fake boards are on loopback
    monkeypatch.setitem(greenhouse.BOARDS, "northwind", [job("northwind", 501, "Litigation Paralegal",
                                                             "Northwind Labs", ROLE_TEXT)])  # fmt: skip
    monkeypatch.setitem(greenhouse.BOARDS, "brightstaff", [
        job("brightstaff", 601, "Litigation Paralegal", "Bright Staffing", ROLE_TEXT),
        job("brightstaff", 602, "Corporate Paralegal", "Lakeview Partners",
            "<p>Our client, a leading bank in Midtown, seeks a corporate paralegal.</p><p>Entity management.</p>"),
    ])  # fmt: skip
    return {"greenhouse": {"boards": ["northwind", "brightstaff"], "base_url": boards.url}}


def sweep(workspace: Path, sources: dict[str, Any], **eligibility: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    service = SweepyService()
    created = service.create_profile(
        a.CreateProfile(
            name="Alex Rivera",
            titles=["Paralegal"],
            location="New York, NY",
            resume_path=str(write_resume(workspace / "resume.docx")),
            sources_config=sources,
            eligibility_config=eligibility or None,
        )
    )
    assert load_profile(Path(created.profile_path)).exclude_agencies == eligibility.get("exclude_agencies", False)
    job, _joined = service.start_sweep(created.profile_path, deduplicate=True, include_seen=True)
    assert job.done.wait(60)
    answer = service.sweep_answer(job).dump()
    return answer, service.get_jobs(a.GetJobs(results_dir="results", limit=50)).dump()["jobs"]


def test_agency_postings_are_flagged_and_a_copy_merges_into_the_employers_card(
    workspace: Path, agency_boards: dict[str, Any]
) -> None:
    answer, cards = sweep(workspace, agency_boards)
    assert answer["dropped"] == {"duplicate": 1}
    by_url = {card["url"]: card for card in cards}
    assert sorted(by_url) == ["https://job-boards.greenhouse.io/brightstaff/jobs/602",
                              "https://job-boards.greenhouse.io/northwind/jobs/501"]  # fmt: skip
    employer = by_url["https://job-boards.greenhouse.io/northwind/jobs/501"]
    assert (employer["company"], employer["also_on"]) == ("Northwind Labs", ["greenhouse (Bright Staffing)"])
    assert "ghost_signals" not in employer  # the employer's own card carries no agency signal
    recruiter = by_url["https://job-boards.greenhouse.io/brightstaff/jobs/602"]
    assert recruiter["ghost_signals"] == [
        {"signal": "agency", "evidence": "Our client, a leading bank in Midtown, seeks a corporate paralegal."}
    ]


def test_exclude_agencies_drops_agency_postings_as_agency(workspace: Path, agency_boards: dict[str, Any]) -> None:
    answer, cards = sweep(workspace, agency_boards, exclude_agencies=True)
    assert answer["dropped"] == {"agency": 2}
    assert [(card["company"], card.get("also_on", [])) for card in cards] == [("Northwind Labs", [])]


def test_create_profile_refuses_an_exclude_agencies_that_is_not_a_boolean(workspace: Path) -> None:
    args = {"name": "Alex Rivera", "titles": ["Paralegal"], "location": "New York, NY",
            "resume_path": str(write_resume(workspace / "resume.docx")), "sources_config": {}}  # fmt: skip
    with pytest.raises(ProfileError, match="exclude_agencies"):
        SweepyService().create_profile(a.CreateProfile(**args, eligibility_config={"exclude_agencies": "sometimes"}))
    assert not (workspace / "profiles").exists() or not any((workspace / "profiles").iterdir())
