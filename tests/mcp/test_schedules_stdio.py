"""A scheduled weekly sweep over stdio, as a host sees it: `python server.py` with its clock in a file the test
moves (SWEEPY_TEST_CLOCK). run_sweep answers "scheduled" at once; list_sweeps shows it waiting; when the clock
passes its slot the server's scheduler thread runs it; list_sweeps then shows its next slot, a week later at the
same local hour although New York left daylight saving in between; cancel_sweep ends it, twice is ok."""

import datetime as dt
import functools
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    SMALL_FEED_CARDS,
    error_payload,
    ok,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)

pytestmark = pytest.mark.anyio

BEFORE_SLOT = dt.datetime(2026, 10, 26, 12, 0, tzinfo=dt.UTC).timestamp()
"""Monday 2026-10-26 08:00 in New York (EDT, UTC-4): an hour before the schedule's first slot."""


async def test_a_weekly_schedule_runs_in_the_server_and_keeps_its_local_hour(workspace: Path, tmp_path: Path) -> None:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    clock = tmp_path / "clock"
    clock.write_text(str(BEFORE_SLOT))
    params = StdioServerParameters(
        command=sys.executable, args=[SERVER_PY], env=server_env(workspace, SWEEPY_TEST_CLOCK=str(clock))
    )
    async with Client(params) as client:
        call = functools.partial(ok, client)

        created = await call("create_profile", profile_args(resume, "feeds/postings.jsonl"))
        when = {"scheduled_for": "2026-10-26T09:00", "schedule_timezone": "America/New_York", "repeat": "weekly"}
        scheduled = await call("run_sweep", {"profile_path": created["profile_path"], **when})
        assert (scheduled["sweep_status"], scheduled["scheduled_for"]) == ("scheduled", "2026-10-26T09:00:00-04:00")
        assert scheduled["profile_stem"] + ".yaml" == scheduled["profile_path"].rsplit("/", 1)[-1], scheduled
        assert created["profile_path"].endswith(scheduled["profile_path"]), (created, scheduled)
        job_id = scheduled["job_id"]

        (entry,) = (await call("list_sweeps", {}))["sweeps"]
        assert (entry["id"], entry["status"], entry["progress"], entry["progress_message"]) == (
            job_id, "scheduled", None, None)  # fmt: skip
        assert (entry["scheduled_for"], entry["schedule_timezone"]) == ("2026-10-26T09:00:00-04:00", "America/New_York")
        waiting = await call("get_sweep_status", {"job_id": job_id, "wait_seconds": 0})
        assert waiting["sweep_status"] == "scheduled" and waiting["scheduled_for"] == "2026-10-26T09:00:00-04:00"

        clock.write_text(str(BEFORE_SLOT + 3601))  # 09:00:01: the slot has passed
        done = await call("get_sweep_status", {"job_id": job_id, "wait_seconds": 120})
        assert done["sweep_status"] == "completed" and done["card_count"] == SMALL_FEED_CARDS
        cards = await call("get_jobs", {"limit": 1})  # the scheduled sweep made the active session, as run_sweep does
        assert cards["jobs"][0]["job_id"] in done["job_ids"]

        (entry,) = (await call("list_sweeps", {}))["sweeps"]
        assert entry["status"] == "scheduled" and entry["progress"] is None
        assert entry["scheduled_for"] == "2026-11-02T09:00:00-05:00"  # 09:00 again, in EST now
        assert entry["payload"]["repeat"] == "weekly"
        assert entry["payload"]["last_run"] == {"job_id": done["job_id"], "status": "completed",
                                                "ran_at": "2026-10-26T09:00:01-04:00"}  # fmt: skip

        cancelled = await call("cancel_sweep", {"job_id": job_id})
        assert (cancelled["sweep_status"], cancelled["already_cancelled"]) == ("cancelled", False)
        again = await call("cancel_sweep", {"job_id": job_id})
        assert again["already_cancelled"] is True and "already cancelled" in again["message"]
        (entry,) = (await call("list_sweeps", {}))["sweeps"]
        assert (entry["status"], entry["scheduled_for"]) == ("cancelled", None)

        bad = error_payload(await client.call_tool("run_sweep", {"repeat": "daily"}))
        assert "add scheduled_for" in bad["message"]
        dst_gap = {"scheduled_for": "2027-03-14T02:30", "schedule_timezone": "America/New_York"}
        gap = error_payload(await client.call_tool("run_sweep", dst_gap))
        assert "does not exist in America/New_York" in gap["message"]
        unknown = error_payload(await client.call_tool("cancel_sweep", {"job_id": "nope"}))
        assert "get_sweep_status without job_id" in unknown["message"]
