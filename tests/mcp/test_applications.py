"""Issue 23 items 3-5 over real stdio, "today" fixed at 2026-12-02 by the test clock (SWEEPY_TEST_CLOCK):
a status typed in the CSV dated as the person typed it, follow-ups on the right day (the CSV, the .ics and
get_applications), follow_up_days, track_jobs' date and note checks, get_applications' filters and pages, the
prompts in core mode, and the judgment and the notes carried from CSV to CSV."""

import csv
import datetime as dt
import io
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import icalendar
import pytest
from conftest import snapshot
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, SMALL_FEED, profile_args, server_env, write_feed, write_resume
from test_tracking_tools import Server, csv_rows

from sweepy.service.tools import RECORDS as TOOLS

pytestmark = pytest.mark.anyio
NOW = "2026-12-02T12:00:00+00:00"
STEM = "alex_rivera_paralegal"


@asynccontextmanager
async def server(workspace: Path, **env: str) -> AsyncIterator[Server]:
    """server.py as a subprocess whose clock reads 2026-12-02 noon UTC."""
    clock = workspace.parent / "clock"
    clock.write_text(str(dt.datetime.fromisoformat(NOW).timestamp()), encoding="utf-8")
    environment = server_env(workspace, SWEEPY_TEST_CLOCK=str(clock), TZ="UTC", **env)
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=environment)
    async with Client(params) as client:
        yield Server(client)


async def swept(workspace: Path, client: Server, follow_up_days: int | None = None) -> list[dict[str, Any]]:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    created = await client.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
    if follow_up_days is not None:
        path = Path(created["profile_path"])
        text = path.read_text(encoding="utf-8")
        assert "\nfollow_up_days: 7\n" in text  # create_profile writes the default out
        text = text.replace("\nfollow_up_days: 7\n", f"\nfollow_up_days: {follow_up_days}\n")
        path.write_text(text, encoding="utf-8")
    assert (await client.ok("run_sweep", {"wait_seconds": 60}))["sweep_status"] == "completed"
    return list((await client.ok("get_jobs", {}))["jobs"])


def latest_csv(workspace: Path) -> Path:
    return sorted((workspace / "results").glob(f"{STEM}_*.csv"))[-1]


def type_in_csv(path: Path, edits: dict[str, dict[str, str]]) -> None:
    """The person edits cells of a sweep's CSV in a spreadsheet and saves it."""
    rows = list(csv.DictReader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
    for row in rows:
        row.update(edits.get(row["job_id"], {}))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_bytes(out.getvalue().encode("utf-8-sig"))


def calendar_events(path: str) -> dict[str, Any]:
    return {str(e["SUMMARY"]): e for e in icalendar.Calendar.from_ical(Path(path).read_bytes()).walk("VEVENT")}


async def test_a_status_typed_in_the_csv_is_dated_as_typed_and_the_overdue_follow_up_is_due_today(
    workspace: Path,
) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first, second = jobs[0], jobs[1]
        # Typed on 2026-12-02 (read at the next sweep): applied on 2026-11-20; an interview with no date of its
        # own takes the day the CSV was saved, never a day after today.
        type_in_csv(latest_csv(workspace), {first["job_id"]: {"status": "applied", "applied_on": "2026-11-20"},
                                             second["job_id"]: {"status": "Interview"}})  # fmt: skip
        again = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        listed = await client.ok("get_applications", {})
        exported = await client.ok("export_report", {"formats": ["ics"]})
        outcomes = await client.ok("get_outcomes", {})
    by_id = {entry["job_id"]: entry for entry in listed["applications"]}
    applied = by_id[first["job_id"]]
    assert (applied["status"], applied["since"], applied["applied_on"]) == ("applied", "2026-11-20", "2026-11-20")
    assert (applied["follow_up_on"], applied["follow_up_due"], applied["days_overdue"]) == ("2026-11-27", True, 5)
    assert (applied["history_length"], applied["title"], applied["company"]) == (1, first["title"], first["company"])
    interview = by_id[second["job_id"]]
    assert (interview["status"], interview["since"], interview["follow_up_on"]) == ("interview", "2026-12-02", None)
    assert (listed["total"], listed["due_count"], listed["follow_up_days"]) == (2, 1, 7)
    assert [e["job_id"] for e in listed["applications"]] == [first["job_id"], second["job_id"]]  # due first
    assert [(w["week"], w["applied"]) for w in outcomes["by_week"]] == [("2026-W47", 1), ("2026-W49", 1)]
    row = csv_rows(again["reports"]["csv"])[first["job_id"]]
    assert (row["status"], row["applied_on"], row["follow_up_on"]) == ("applied", "2026-11-20", "2026-11-27")
    # The calendar made on 2026-12-02 holds the reminder on 2026-12-02, saying it is 5 days overdue.
    role = f"{first['title']} at {first['company']}"
    events = calendar_events(exported["generated"]["ics"])
    interviewed = f"Interview: {second['title']} at {second['company']}"  # on the day the CSV was saved
    assert set(events) == {f"Follow up (5 days overdue): {role}", interviewed}
    reminder = events[f"Follow up (5 days overdue): {role}"]
    assert all(event.decoded("DTSTART").isoformat() >= "2026-12-02" for event in events.values())
    assert (reminder.decoded("DTSTART").isoformat(), reminder.decoded("DTEND").isoformat()) == (
        "2026-12-02", "2026-12-03",
    )  # fmt: skip
    assert "Overdue by 5 days: the follow-up was due 2026-11-27." in str(reminder["DESCRIPTION"])
    assert reminder.decoded("DTSTAMP").isoformat() == "2026-12-02T12:00:00+00:00"  # the service's clock


async def test_follow_up_days_from_the_profile(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client, follow_up_days=3)
        job = jobs[2]["job_id"]
        await client.ok("track_jobs", {"items": [{"job_id": job, "status": "applied", "date": "2026-11-25"}]})
        [entry] = (await client.ok("get_applications", {"due_only": True}))["applications"]
        again = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        exported = await client.ok("export_report", {"formats": ["ics"]})
    assert (entry["job_id"], entry["follow_up_on"], entry["days_overdue"]) == (job, "2026-11-28", 4)
    assert csv_rows(again["reports"]["csv"])[job]["follow_up_on"] == "2026-11-28"
    [summary] = calendar_events(exported["generated"]["ics"])
    assert summary.startswith("Follow up (4 days overdue): ")


async def test_track_jobs_refuses_dates_before_the_posting_and_strips_control_characters(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        job = jobs[0]["job_id"]  # posted 2026-11-18
        state = (workspace, workspace.parent / "state")
        before = snapshot(*state)
        reasons = {}
        for day in ("1989-06-01", "2024-11-17"):
            refused = await client.error("track_jobs", {"items": [{"job_id": job, "status": "applied", "date": day}]})
            reasons[day] = refused["rejected"][0]["reason"]
        assert "before 1990" in reasons["1989-06-01"]
        assert "more than a year before the posting was first seen (2026-11-18)" in reasons["2024-11-17"]
        assert snapshot(*state) == before  # nothing was written
        note = "Call Dana\x00 at 3pm\x1b[31m\x07\nAsk:\tsalary band"
        accepted = await client.ok("track_jobs", {"items": [
            {"job_id": job, "status": "applied", "date": "2025-11-20", "note": note},  # within a year: taken
        ]})  # fmt: skip
        [entry] = (await client.ok("get_applications", {}))["applications"]
        exported = await client.ok("export_report", {"formats": ["ics", "csv"]})
    assert accepted["accepted"][0]["date"] == "2025-11-20"
    assert entry["note"] == "Call Dana at 3pm[31m\nAsk:\tsalary band"
    ics = Path(exported["generated"]["ics"]).read_bytes()
    assert not re.search(rb"[\x00-\x08\x0b-\x1f\x7f]", ics.replace(b"\r\n", b""))
    assert rb"Note: Call Dana at 3pm[31m\nAsk:" in ics.replace(b"\r\n ", b"")  # the newline as ICS escapes it
    assert csv_rows(exported["generated"]["csv"])[job]["track_note"] == entry["note"]


async def test_get_applications_filters_and_pages(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = [job["job_id"] for job in await swept(workspace, client)]
        empty = await client.ok("get_applications", {})
        assert (empty["applications"], empty["total"]) == ([], 0) and "track_jobs" in empty["message"]
        await client.ok("track_jobs", {"items": [
            {"job_id": jobs[0], "status": "applied", "date": "2026-11-10"},
            {"job_id": jobs[1], "status": "applied", "date": "2026-11-20"},
            {"job_id": jobs[2], "status": "applied", "date": "2026-12-01"},  # follow-up on 12-08: not due
            {"job_id": jobs[3], "status": "saved", "date": "2026-11-30"},
            {"job_id": jobs[4], "status": "applied", "date": "2026-11-15"},
            {"job_id": jobs[4], "status": "interview", "date": "2026-11-29"},
        ]})  # fmt: skip
        everything = await client.ok("get_applications", {})
        due = await client.ok("get_applications", {"due_only": True})
        saved = await client.ok("get_applications", {"status": "saved"})
        first = await client.ok("get_applications", {"status": "applied", "limit": 2})
        second = await client.ok("get_applications", {"status": "applied", "limit": 2, "cursor": first["next_cursor"]})
        other_filter = await client.error("get_applications", {"due_only": True, "cursor": first["next_cursor"]})
        edited = await client.error("get_applications", {"status": "applied", "cursor": first["next_cursor"] + "x"})
        bad_status = await client.error("get_applications", {"status": "hired"})
        bad_limit = await client.error("get_applications", {"limit": 0})
    order = [e["job_id"] for e in everything["applications"]]
    assert order == [jobs[0], jobs[1], jobs[2], jobs[3], jobs[4]]  # due (most overdue first), then newest status
    assert everything["next_cursor"] is None and everything["total"] == 5 and everything["due_count"] == 2
    assert [(e["job_id"], e["days_overdue"]) for e in due["applications"]] == [(jobs[0], 15), (jobs[1], 5)]
    assert [e["job_id"] for e in saved["applications"]] == [jobs[3]]
    interview = next(e for e in everything["applications"] if e["job_id"] == jobs[4])
    assert (interview["history_length"], interview["since"], interview["applied_on"]) == (2, "2026-11-29", "2026-11-15")
    assert (interview["follow_up_on"], interview["follow_up_due"]) == (None, False)
    assert [e["job_id"] for e in first["applications"]] == [jobs[0], jobs[1]] and first["total"] == 3
    assert [e["job_id"] for e in second["applications"]] == [jobs[2]] and second["next_cursor"] is None
    assert "without cursor" in other_filter["message"] and "without cursor" in edited["message"]
    assert "status" in bad_status["message"] and "limit" in bad_limit["message"]


def prompt_text(result: Any) -> str:
    return str(result.description) + "\n" + "\n".join(m.content.text for m in result.messages)


def named_tools(text: str) -> set[str]:
    return {name for name in TOOLS if re.search(rf"\b{name}\b", text)}


async def test_weekly_review_lists_what_is_due_and_core_prompts_name_only_listed_tools(workspace: Path) -> None:
    async with server(workspace) as client:
        weekly = prompt_text(await client.client.get_prompt("weekly_review", {}))
        assert weekly.index("get_applications") < weekly.index("watch_postings") < weekly.index("track_jobs")
    async with server(workspace, SWEEPY_TOOLS="core") as client:
        jobs = await swept(workspace, client)
        listed_tools = {tool.name for tool in (await client.client.list_tools()).tools}
        assert "get_applications" in listed_tools and "track_jobs" not in listed_tools
        prompts = (await client.client.list_prompts()).prompts
        arguments = {"tailor_resume_for": {"job_id": jobs[0]["job_id"]}}
        texts = {
            p.name: prompt_text(await client.client.get_prompt(p.name, arguments.get(p.name, {}))) for p in prompts
        }
    assert set(texts) == {"start_job_search", "triage_new_cards", "weekly_review", "tailor_resume_for", "whats_new"}
    for name, text in texts.items():
        assert named_tools(text) <= listed_tools, (name, named_tools(text) - listed_tools)
    assert "get_applications" in texts["weekly_review"] and "status column" in texts["weekly_review"]


async def test_the_csv_carries_the_judgment_and_the_notes_across_sweeps(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = [job["job_id"] for job in await swept(workspace, client)]
        first_csv = latest_csv(workspace)
        judgment = {"summary": "+ Strong litigation fit", "alignment": "Relativity review, NYSCEF filings",
                    "resume_track": "litigation"}  # fmt: skip
        await client.ok("submit_judgments", {"job_id": jobs[0], "match_pct": 81, **judgment})
        await client.ok("track_jobs", {"items": [{"job_id": jobs[1], "status": "applied", "note": "Referred by Dana"}]})
        type_in_csv(first_csv, {jobs[2]: {"notes": "Ask about hybrid days", "contact": "=Sam (HR)"}})
        second = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        # The person goes on editing last week's CSV (still open in the spreadsheet) after the new one came.
        type_in_csv(first_csv, {jobs[3]: {"notes": "Portal closes Friday"}})
        third = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        exported = await client.ok("export_report", {"formats": ["csv"]})
    for path in (second["reports"]["csv"], third["reports"]["csv"], exported["generated"]["csv"]):
        rows = csv_rows(path)
        judged = rows[jobs[0]]
        assert (judged["summary"], judged["alignment"], judged["resume_track"]) == (
            "'+ Strong litigation fit", "Relativity review, NYSCEF filings", "litigation",
        ), path  # fmt: skip
        assert (rows[jobs[1]]["status"], rows[jobs[1]]["track_note"]) == ("applied", "Referred by Dana"), path
        assert (rows[jobs[2]]["notes"], rows[jobs[2]]["contact"]) == ("Ask about hybrid days", "'=Sam (HR)"), path
        assert rows[jobs[0]]["match_score"].isdigit()  # a plain number is not escaped
    assert csv_rows(third["reports"]["csv"])[jobs[3]]["notes"] == "Portal closes Friday"
    assert csv_rows(exported["generated"]["csv"])[jobs[3]]["notes"] == "Portal closes Friday"
    assert csv_rows(second["reports"]["csv"])[jobs[3]]["notes"] == ""
