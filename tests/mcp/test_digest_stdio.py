"""What is new, over real stdio (issue 23): sweeps of the loopback Greenhouse board with a posting added between
them mark the new card (get_jobs new_only), write a digest that sweepy://digest/latest and the whats_new prompt
show and mark read, and carry the imported and judged cards of the session into the next sweep's."""

import datetime as dt
import sqlite3
import sys
from pathlib import Path
from typing import Any

import fakeboards.greenhouse as greenhouse
import pytest
from fakeboards import FakeBoards
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, ok, profile_args, server_env, write_resume

pytestmark = pytest.mark.anyio
SENIOR, LITIGATION, BROKEN = greenhouse.BOARDS["acme"]
ADDED = {
    **LITIGATION,
    "id": 4012345077,
    "absolute_url": "https://job-boards.greenhouse.io/acme/jobs/4012345077",
    "title": "Real Estate Paralegal",
    "location": {"name": "New York, NY"},
    "content": "&lt;p&gt;Closings and title review. Pay: $80,000 - $95,000 a year.&lt;/p&gt;",
}
EXTRA = {**ADDED, "id": 4012345078, "absolute_url": "https://job-boards.greenhouse.io/acme/jobs/4012345078",
         "title": "Paralegal Specialist"}  # fmt: skip


async def digest(client: Client) -> str:
    contents = (await client.read_resource("sweepy://digest/latest")).contents
    assert contents[0].mime_type == "text/markdown"
    return str(contents[0].text)  # type: ignore[union-attr]


def by_title(jobs: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {job["title"]: job for job in jobs}


def section(text: str, title: str) -> str:
    """The lines of one `## title` section of the digest."""
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def params(workspace: Path) -> StdioServerParameters:
    env = server_env(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1")
    return StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)


def profile(workspace: Path, boards: FakeBoards) -> dict[str, Any]:
    sources = {"greenhouse": {"enabled": True, "boards": ["acme"], "base_url": boards.url}}
    return profile_args(write_resume(workspace / "resume.docx"), "unused", sources_config=sources,
                        cache_config={"enabled": False})  # fmt: skip


async def test_a_posting_added_between_sweeps_is_new_and_the_digest_shows_it_once(
    workspace: Path, boards: FakeBoards, monkeypatch: pytest.MonkeyPatch
) -> None:
    ten_days_ago = (dt.date.today() - dt.timedelta(days=10)).isoformat()
    async with Client(params(workspace)) as client:
        before = await digest(client)
        await ok(client, "create_profile", profile(workspace, boards))
        first = await ok(client, "run_sweep", {"wait_seconds": 60})
        assert (first["card_count"], first["new_card_count"]) == (2, 2)  # the profile's first sweep: all new
        opened = await digest(client)
        assert "Since: the first sweep" in opened and "2 new" in opened
        assert "**Senior Paralegal** at Acme" in opened and "**Litigation Paralegal** at Acme" in opened
        senior = by_title((await ok(client, "get_jobs", {}))["jobs"])["Senior Paralegal"]["job_id"]
        await ok(client, "track_jobs", {"items": [{"job_id": senior, "status": "applied", "date": ten_days_ago}]})
        await ok(client, "watch_postings", {"wait_seconds": 60})  # the baseline: open, nothing changed
        # Between the chats the board adds a posting and rewrites the senior one's text.
        reworded = {**SENIOR, "content": "&lt;p&gt;Draft filings for the appellate team.&lt;/p&gt;"}
        monkeypatch.setitem(greenhouse.BOARDS, "acme", [reworded, LITIGATION, BROKEN, ADDED])
        await ok(client, "watch_postings", {"wait_seconds": 60})
        second = await ok(client, "run_sweep", {"include_seen": True, "wait_seconds": 60})
        new = await ok(client, "get_jobs", {"new_only": True})
        every = await ok(client, "get_jobs", {})
        later = await digest(client)
        again = await digest(client)
        third = await ok(client, "run_sweep", {"include_seen": True, "wait_seconds": 60})
        none_new = await ok(client, "get_jobs", {"new_only": True})
        after_third = await digest(client)
        prompt = (await client.get_prompt("whats_new", {})).messages[0].content.text  # type: ignore[union-attr]
    assert "No sweep has written a digest yet" in before and "run_sweep" in before
    assert (second["card_count"], second["new_card_count"]) == (3, 1)
    assert "1 card is new" in second["message"] and "new_only" in second["message"]
    assert [(j["title"], j["is_new"]) for j in new["jobs"]] == [("Real Estate Paralegal", True)]
    assert (new["total"], new["count"], new["next_offset"]) == (1, 1, None)
    assert sorted(j.get("is_new", False) for j in every["jobs"]) == [False, False, True]  # left out when false
    # The digest after the second sweep: only the added card (the first digest was read), since the first read.
    cards = section(later, "New cards")
    assert "**Real Estate Paralegal** at Acme, New York, NY" in cards and "Litigation" not in cards
    assert "$80,000" in cards and "keyword overlap" in cards and "1 new" in cards
    assert f"covering sweeps up to `{first['job_id']}`" in later
    watched = section(later, "Watched postings that closed or changed")
    assert f"**Senior Paralegal** at Acme (`{senior}`): changed" in watched and "description_digest" in watched
    due = section(later, "Follow-ups due")
    assert "Follow up (3 days overdue): Senior Paralegal at Acme" in due
    assert f"due since {dt.date.today() - dt.timedelta(days=3)}" in due
    assert "marked it read" in later
    # Read: the next read holds no new card, and a sweep that finds nothing new writes no digest.
    assert "None: no sweep found a new posting since then." in section(again, "New cards")
    assert f"covering sweeps up to `{second['job_id']}`" in again and "marked it read" not in again
    assert third["new_card_count"] == 0 and none_new["total"] == 0 and "0 of 3 cards are new" in none_new["message"]
    assert "None: no sweep found a new posting since then." in section(after_third, "New cards")
    with sqlite3.connect(workspace / "results" / "sessions.db") as db:
        rows = db.execute("SELECT sweep_id, new_count, read_at IS NOT NULL FROM digests ORDER BY id").fetchall()
    assert rows == [(first["job_id"], 2, 1), (second["job_id"], 1, 1)]
    # The prompt names the resource and the calls, with the digest in it.
    assert "sweepy://digest/latest" in prompt and "# What is new" in prompt
    assert all(name in prompt for name in ("get_jobs with new_only: true", "submit_judgments", "watch_postings",
                                           "track_jobs"))  # fmt: skip


async def test_imported_and_judged_cards_survive_the_next_sweep(
    workspace: Path, boards: FakeBoards, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(greenhouse.BOARDS, "acme", [SENIOR, LITIGATION, EXTRA, BROKEN])
    imported = '[{"title": "Paralegal", "company": "New Firm", "url": "https://jobs.lever.co/newfirm/1"}]'
    async with Client(params(workspace)) as client:
        await ok(client, "create_profile", profile(workspace, boards))
        assert (await ok(client, "run_sweep", {"wait_seconds": 60}))["card_count"] == 3
        ids = {title: job["job_id"] for title, job in by_title((await ok(client, "get_jobs", {}))["jobs"]).items()}
        await ok(client, "submit_judgments", {"judgments": [
            {"job_id": ids["Senior Paralegal"], "match_pct": 88, "summary": "Dockets and filings: a close fit."},
            {"job_id": ids["Litigation Paralegal"], "match_pct": 61},
            {"job_id": ids["Paralegal Specialist"], "match_pct": 40},
        ]})  # fmt: skip
        firm = (await ok(client, "import_jobs", {"jobs_json": imported}))["imported"][0]["job_id"]
        await ok(client, "track_jobs", {"items": [{"job_id": ids["Paralegal Specialist"], "status": "rejected"}]})
        # The next sweep finds the litigation role again and the added one; the senior and specialist roles are
        # gone from the board (the specialist one was rejected).
        monkeypatch.setitem(greenhouse.BOARDS, "acme", [LITIGATION, ADDED, BROKEN])
        swept = await ok(client, "run_sweep", {"include_seen": True, "wait_seconds": 60})
        jobs = by_title((await ok(client, "get_jobs", {}))["jobs"])
    assert (swept["card_count"], swept["carried_count"]) == (2, 2)
    assert "Kept from the profile's earlier session, still open and not found again: 2 judged" in swept["message"]
    assert set(jobs) == {"Senior Paralegal", "Litigation Paralegal", "Real Estate Paralegal", "Paralegal"}
    kept = jobs["Senior Paralegal"]
    assert (kept["job_id"], kept["match_pct"], kept["match_kind"]) == (ids["Senior Paralegal"], 88, "MATCH")
    assert kept["summary"] == "Dockets and filings: a close fit." and "is_new" not in kept
    merged = jobs["Litigation Paralegal"]  # found again: the sweep's copy, with the judgment on it
    assert (merged["job_id"], merged["match_pct"], "imported" in merged) == (ids["Litigation Paralegal"], 61, False)
    assert (jobs["Paralegal"]["job_id"], jobs["Paralegal"]["imported"], jobs["Paralegal"]["company"]) == (
        firm, True, "New Firm"
    )  # fmt: skip
    assert jobs["Real Estate Paralegal"]["is_new"] is True
