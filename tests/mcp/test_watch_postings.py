"""watch_postings over real stdio: postings from an ATS engine re-checked through their board's API on the
loopback fake boards (one taken down, one retitled), others through the link checker on a loopback site; the
results kept in the history, so the next watch reports only what changed since."""

import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fakeboards.greenhouse as greenhouse
import pytest
from fakeboards import FakeBoards, Fault
from linksite import LinkSite, running_site
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, envelope, error_payload, profile_args, server_env, write_feed, write_resume

pytestmark = pytest.mark.anyio


@pytest.fixture
def site() -> Iterator[LinkSite]:
    with running_site() as running:
        yield running


def by_title(jobs: list[dict[str, Any]]) -> dict[str, str]:
    return {job["title"]: job["job_id"] for job in jobs}


async def ok(client: Client, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    payload = envelope(await client.call_tool(name, arguments))
    assert payload["status"] == "ok", payload
    return payload


async def test_a_board_posting_taken_down_and_one_retitled(
    workspace: Path, boards: FakeBoards, monkeypatch: pytest.MonkeyPatch
) -> None:
    resume = write_resume(workspace / "resume.docx")
    sources = {"greenhouse": {"enabled": True, "boards": ["acme"], "base_url": boards.url}}
    params = StdioServerParameters(
        command=sys.executable, args=[SERVER_PY], env=server_env(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1")
    )
    async with Client(params) as client:
        await ok(client, "create_profile", profile_args(resume, "unused", sources_config=sources))
        assert (await ok(client, "run_sweep", {"wait_seconds": 60}))["card_count"] == 2
        ids = by_title((await ok(client, "get_jobs", {}))["jobs"])
        senior, litigation = ids["Senior Paralegal"], ids["Litigation Paralegal"]
        await ok(client, "track_jobs", {"items": [{"job_id": senior, "status": "applied"},
                                                  {"job_id": litigation, "status": "saved"}]})  # fmt: skip
        first = await ok(client, "watch_postings", {"wait_seconds": 60})
        assert first["sweep_status"] == "completed" and first["open_count"] == 2 and first["changed_count"] == 0
        # The board takes the senior role down and retitles the other one.
        [_, kept, broken] = greenhouse.BOARDS["acme"]
        monkeypatch.setitem(greenhouse.BOARDS, "acme", [{**kept, "title": "Litigation Paralegal II"}, broken])
        # The board holds this answer until the test has seen the watch running: it goes on in the background
        # and is polled like a sweep.
        held = threading.Event()
        boards.fault("/v1/boards/acme/jobs", Fault("gate", gate=held, times=1))
        try:
            running = await ok(client, "watch_postings", {"wait_seconds": 0})
        finally:
            held.set()
        assert running["sweep_status"] == "running" and "get_sweep_status" in running["message"]
        second = await ok(client, "get_sweep_status", {"job_id": running["job_id"], "wait_seconds": 60})
        third = await ok(client, "watch_postings", {"wait_seconds": 60})
    watched = {row["job_id"]: row for row in second["postings"]}
    gone, renamed = watched[senior], watched[litigation]
    assert (gone["state"], gone["checked_by"], gone["closed_after_applied"]) == ("closed", "board", True)
    assert "gone from its greenhouse board" in gone["reason"] and gone["state_changed"] is True
    assert (renamed["state"], renamed["changes"]) == (
        "open", [{"field": "title", "before": "Litigation Paralegal", "after": "Litigation Paralegal II"}]
    )  # fmt: skip
    assert second["closed_count"] == 1 and second["changed_count"] == 2
    assert "Closed after the person applied: Senior Paralegal at Acme" in second["message"]
    # Kept in the history: the next watch compares against what this one saw, so nothing is new.
    again = {row["job_id"]: row for row in third["postings"]}
    assert again[litigation]["changes"] == [] and again[senior]["state_changed"] is False
    assert again[senior]["closed_after_applied"] is False and third["changed_count"] == 0
    assert boards.hits("/v1/boards/acme/jobs") == 4  # the sweep and three watches, each through the board API


async def test_pages_are_checked_through_the_link_checker_in_the_background(workspace: Path, site: LinkSite) -> None:
    resume = write_resume(workspace / "resume.docx")
    records = [
        {"title": f"Paralegal {name}", "company": f"Firm {name}", "url": site.url(path), "location": "New York, NY",
         "description": "Litigation support and e-discovery."}
        for name, path in (("Open", "/posting"), ("Closed", "/closed"), ("Gone", "/gone"), ("Limited", "/limited"))
    ]  # fmt: skip
    write_feed(workspace / "feeds" / "postings.jsonl", records)
    env = server_env(workspace, SWEEPY_ALLOW_PRIVATE_URLS="1")
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    async with Client(params) as client:
        await ok(client, "create_profile", profile_args(resume, "feeds/postings.jsonl"))
        await ok(client, "run_sweep", {"wait_seconds": 60})
        ids = by_title((await ok(client, "get_jobs", {}))["jobs"])
        assert len(ids) == 4
        refused = error_payload(await client.call_tool("watch_postings", {"job_ids": ["nope"]}))
        assert refused["unknown_job_ids"] == ["nope"]
        started = await ok(client, "watch_postings", {"job_ids": list(ids.values()), "wait_seconds": 0})
        assert started["sweep_status"] in ("running", "completed")  # either way, get_sweep_status answers it
        done = await ok(client, "get_sweep_status", {"job_id": started["job_id"], "wait_seconds": 60})
        listed = (await ok(client, "list_sweeps", {}))["sweeps"]
    states = {row["title"]: (row["state"], row["checked_by"]) for row in done["postings"]}
    assert states == {"Paralegal Open": ("open", "link"), "Paralegal Closed": ("closed", "link"),
                      "Paralegal Gone": ("closed", "link"), "Paralegal Limited": ("unknown", "link")}  # fmt: skip
    limited = next(row for row in done["postings"] if row["title"] == "Paralegal Limited")
    assert "rate_limited" in limited["reason"] or "429" in limited["reason"]
    assert all(row["closed_after_applied"] is False for row in done["postings"])  # none was applied to
    assert [entry["kind"] for entry in listed][:1] == ["watch"]
