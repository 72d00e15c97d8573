"""Aggregator cards checked against the employer's own Greenhouse board on the fake boards, over real HTTP."""

from pathlib import Path
from typing import Any

from fakeboards import FakeBoards, Fault
from web import sweep

from sweepy.engines import DiscoverRequest
from sweepy.engines.http import build_client, open_network
from sweepy.pipeline.employers import check_employer_boards
from sweepy.settings import Settings


def remotive_job(ident: int, title: str, company: str, link: str) -> dict[str, Any]:
    return {
        "id": ident,
        "url": f"https://remotive.com/remote-jobs/legal/{ident}",
        "title": title,
        "company_name": company,
        "category": "Legal",
        "job_type": "full_time",
        "publication_date": "2026-07-04T23:30:00",
        "candidate_required_location": "USA",
        "salary": "",
        "description": f'<p>Join our legal team.</p><p>Apply at <a href="{link}">{link}</a></p>',
    }


def test_a_remotive_card_found_on_its_employers_board_and_one_that_is_not(boards: FakeBoards, tmp_path: Path) -> None:
    listed = [
        remotive_job(1, "Senior Paralegal", "Acme", "https://job-boards.greenhouse.io/acme/jobs/4012345001"),
        remotive_job(2, "Paralegal", "Acme", "https://boards.greenhouse.io/acme/jobs/999"),
        remotive_job(3, "Senior Paralegal", "Initech", "https://boards.greenhouse.io/nosuchboard/jobs/1"),
        remotive_job(4, "Paralegal", "Globex", "https://globex.example.com/careers"),
    ]
    boards.fault("/api/remote-jobs", Fault("status", status=200, body={"job-count": 4, "jobs": listed}))
    found = sweep("remotive", {"base_url": boards.url}, tmp_path, titles=["Paralegal"]).postings
    assert len(found) == 4

    with open_network(build_client, tmp_path, None, None, trust_base_urls=True) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, network=network)
        reports = check_employer_boards(found, request, {"greenhouse": {"enabled": False, "boards": ["x"],
                                                                        "base_url": boards.url}}, 50, 10.0)  # fmt: skip

    held, absent, unreachable, elsewhere = found
    assert held.employer_url == "https://job-boards.greenhouse.io/acme/jobs/4012345001"
    assert held.ghost_signals == []
    assert absent.employer_url is None
    assert absent.ghost_signals == [("absent_from_employer_board", "https://boards.greenhouse.io/acme answered with "
                                                                   "2 postings, none titled 'Paralegal'")]  # fmt: skip
    assert (unreachable.employer_url, unreachable.ghost_signals) == (None, [])  # never guessed
    assert (elsewhere.employer_url, elsewhere.ghost_signals) == (None, [])
    assert boards.hits("/v1/boards/acme/jobs") == 1  # one fetch per board per sweep, for both cards
    by_board = {r.source: (r.status, r.reason, r.role) for r in reports}
    assert by_board == {"acme": ("ok", None, "employer_board"), "nosuchboard": ("skipped", "http_error",
                                                                                 "employer_board")}  # fmt: skip


def test_lookups_stop_at_the_profiles_maximum(boards: FakeBoards, tmp_path: Path) -> None:
    listed = [remotive_job(i, "Paralegal", f"Co{i}", f"https://boards.greenhouse.io/board{i}/jobs/1") for i in range(5)]
    boards.fault("/api/remote-jobs", Fault("status", status=200, body={"job-count": 5, "jobs": listed}))
    found = sweep("remotive", {"base_url": boards.url}, tmp_path, titles=["Paralegal"]).postings
    with open_network(build_client, tmp_path, None, None, trust_base_urls=True) as network:
        request = DiscoverRequest(["Paralegal"], "New York, NY", Settings.from_env().workspace(), {}, network=network)
        reports = check_employer_boards(found, request, {"greenhouse": {"base_url": boards.url}}, 2, 10.0)
    assert sorted(r.source for r in reports) == ["board0", "board1"]
    assert boards.hits("/v1/boards/") == 2
