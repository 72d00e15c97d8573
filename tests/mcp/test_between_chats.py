"""The search between chats, end to end over stdio (issue 23): in one chat the person sweeps, reads the digest and
schedules a weekly sweep; between chats the OS runs `sweepy run-due` (as `sweepy schedule install` registers it)
after a new posting appeared; the next chat, a new server process, reads `sweepy://digest/latest` and finds that
posting and nothing it had already seen, and `get_jobs new_only` pages exactly it. The clock is a file the test
moves (SWEEPY_TEST_CLOCK), shared by both servers and run-due."""

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, ok, profile_args, server_env, write_feed, write_resume

pytestmark = pytest.mark.anyio

MONDAY_8AM = dt.datetime(2026, 11, 2, 13, 0, tzinfo=dt.UTC).timestamp()
"""Monday 2026-11-02 08:00 in New York (EST, UTC-5): the first chat."""
NEXT_MONDAY_10AM = MONDAY_8AM + 7 * 86_400 + 2 * 3600
"""An hour after the schedule's second slot (Mondays 09:00): the next chat, after run-due ran it."""
ADDED = {
    **SMALL_FEED[0],
    "title": "Real Estate Paralegal",
    "url": "https://boards.greenhouse.io/hudsonpike/jobs/1077",
    "description": "Closings and title review for a New York firm; e-discovery in Relativity now and then.",
}


async def digest(client: Client) -> str:
    contents = (await client.read_resource("sweepy://digest/latest")).contents
    return str(contents[0].text)  # type: ignore[union-attr]


async def test_a_scheduled_weekly_sweeps_digest_is_read_in_the_next_chat(workspace: Path, tmp_path: Path) -> None:
    feed = write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    clock = tmp_path / "clock"
    clock.write_text(str(MONDAY_8AM))
    env = server_env(workspace, SWEEPY_TEST_CLOCK=str(clock))
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)

    async with Client(params) as chat:  # the first chat
        created = await ok(chat, "create_profile", profile_args(write_resume(workspace / "r.docx"), str(feed)))
        first = await ok(chat, "run_sweep", {"wait_seconds": 120, "include_seen": True})
        assert first["sweep_status"] == "completed" and first["new_card_count"] == first["card_count"] > 0
        assert "Litigation Paralegal" in await digest(chat)  # read now: the next digest holds only later cards
        weekly = {"scheduled_for": "2026-11-02T09:00", "schedule_timezone": "America/New_York", "repeat": "weekly"}
        scheduled = await ok(chat, "run_sweep", {"profile_path": created["profile_path"], **weekly})
        assert scheduled["sweep_status"] == "scheduled"

    # Between chats: a posting appears, a week passes, and the OS's timer runs what is due.
    write_feed(feed, [*SMALL_FEED, ADDED])
    clock.write_text(str(NEXT_MONDAY_10AM))
    ran = subprocess.run([sys.executable, "-m", "sweepy.cli", "run-due"], env=env, cwd=workspace,
                         capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert ran.stdout.startswith(f"ran {scheduled['job_id']} ("), ran.stdout

    async with Client(params) as chat:  # the next chat: a new server process
        prompts = {prompt.name for prompt in (await chat.list_prompts()).prompts}
        assert "whats_new" in prompts
        news = await digest(chat)
        assert "**Real Estate Paralegal** at Hudson & Pike LLP" in news
        assert "Litigation Paralegal" not in news  # seen in the first chat's digest
        new = await ok(chat, "get_jobs", {"new_only": True})
        assert [job["title"] for job in new["jobs"]] == ["Real Estate Paralegal"]
        (entry,) = [s for s in (await ok(chat, "list_sweeps", {}))["sweeps"] if s["id"] == scheduled["job_id"]]
        assert (entry["scheduled_for"], entry["schedule_timezone"]) == ("2026-11-16T09:00:00-05:00", "America/New_York")
        again = await digest(chat)
        assert "Real Estate Paralegal" not in again, again  # read once: a digest shows a card in one chat only
