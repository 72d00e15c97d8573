"""track_jobs, get_outcomes and get_jobs' application marks over real stdio (server.py subprocesses): a status
history that survives a restart, bad input that changes nothing, the CSV and the store in agreement."""

import csv
import datetime as dt
import io
import json
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import icalendar
import pytest
from conftest import snapshot
from mcp import Client, StdioServerParameters
from mcp_helpers import (
    SERVER_PY,
    SMALL_FEED,
    envelope,
    error_payload,
    profile_args,
    server_env,
    write_feed,
    write_resume,
)
from report_helpers import pdf_text, squeeze

from sweepy.domain.cards import Card
from sweepy.store.applications import Application, ApplicationStore, Event, TrackedPosting
from sweepy.store.followups import calendar_bytes, follow_ups

pytestmark = pytest.mark.anyio
TODAY = dt.date.today()


@dataclass(frozen=True)
class Server:
    client: Client

    async def ok(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        payload = envelope(await self.client.call_tool(name, arguments))
        assert payload["status"] == "ok", payload
        return payload

    async def error(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return error_payload(await self.client.call_tool(name, arguments))


@asynccontextmanager
async def server(workspace: Path, **env: str) -> AsyncIterator[Server]:
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=server_env(workspace, **env))
    async with Client(params) as client:
        yield Server(client)


async def swept(workspace: Path, client: Server) -> list[dict[str, Any]]:
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", SMALL_FEED)
    await client.ok("create_profile", profile_args(resume, "feeds/postings.jsonl"))
    assert (await client.ok("run_sweep", {"wait_seconds": 60}))["sweep_status"] == "completed"
    return list((await client.ok("get_jobs", {}))["jobs"])


def csv_rows(path: str) -> dict[str, dict[str, str]]:
    text = Path(path).read_bytes().decode("utf-8-sig")
    return {row["job_id"]: row for row in csv.DictReader(io.StringIO(text))}


async def test_a_status_history_survives_a_restart_and_shows_on_the_cards(workspace: Path) -> None:
    week_ago = (TODAY - dt.timedelta(days=7)).isoformat()
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first, second = jobs[0]["job_id"], jobs[1]["job_id"]
        await client.ok("submit_judgments", {"job_id": first, "match_pct": 88, "resume_track": "litigation"})
        items = [
            {"job_id": first, "status": "applied", "date": week_ago, "note": "Referred by Dana"},
            {"job_id": second, "status": "saved"},
        ]
        answer = await client.ok("track_jobs", {"items": items})
        assert answer["accepted_count"] == 2 and answer["changed_count"] == 2 and answer["rejected"] == []
        assert answer["accepted"][0]["application"] == {"status": "applied", "since": week_ago}
        assert answer["accepted"][1]["application"] == {"status": "saved", "since": TODAY.isoformat()}
        again = await client.ok("track_jobs", {"items": items})  # idempotent: nothing changes
        assert again["changed_count"] == 0 and [a["changed"] for a in again["accepted"]] == [False, False]
    async with server(workspace) as client:  # a new server process on the same files
        await client.ok("track_jobs", {"items": [{"job_id": first, "status": "interview"}]})
        page = await client.ok("get_jobs", {})
        marks = {job["job_id"]: job.get("application") for job in page["jobs"]}
        assert marks[first] == {"status": "interview", "since": TODAY.isoformat()}
        assert marks[second] == {"status": "saved", "since": TODAY.isoformat()}
        assert sum(mark is not None for mark in marks.values()) == 2
        saved = await client.ok("get_jobs", {"status": "saved"})
        assert [job["job_id"] for job in saved["jobs"]] == [second] and saved["total"] == 1
        assert (await client.ok("get_jobs", {"status": "offer"}))["jobs"] == []
        outcomes = await client.ok("get_outcomes", {})
    assert outcomes["totals"] == {"applied": 1, "answered": 1, "interview": 1, "offer": 0,
                                  "median_days_to_answer": 7}  # fmt: skip
    assert [(r["resume"] != "unknown", r["track"]) for r in outcomes["by_resume"]] == [(True, "litigation")]
    assert [r["band"] for r in outcomes["by_match_band"]] == ["85-100"]
    assert [(r["engine"], r["applied"]) for r in outcomes["by_engine"]] == [("feed", 1)]
    year, week, _ = dt.date.fromisoformat(week_ago).isocalendar()
    assert [r["week"] for r in outcomes["by_week"]] == [f"{year}-W{week:02d}"]
    assert "rates" not in outcomes["totals"]  # under five applications: counts only
    # The history keeps every change with its date, stamped with the judged resume and track.
    store = ApplicationStore(workspace.parent / "state" / "history.db")
    history = store.applications("alex_rivera_paralegal")[first].events
    assert [(e.status, e.date, e.note, e.track, e.source) for e in history] == [
        ("applied", week_ago, "Referred by Dana", "litigation", "track_jobs"),
        ("interview", TODAY.isoformat(), None, "litigation", "track_jobs"),
    ]
    assert history[0].resume is not None and len(history[0].resume) == 16


async def test_bad_input_is_refused_and_changes_nothing(workspace: Path) -> None:
    tomorrow = (TODAY + dt.timedelta(days=1)).isoformat()
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        job = jobs[0]["job_id"]
        before = snapshot(workspace, workspace.parent / "state")
        bad = await client.error("track_jobs", {"items": [{"job_id": job, "status": "hired"}]})
        assert "hired" in bad["rejected"][0]["reason"] and "saved, applied" in bad["rejected"][0]["reason"]
        future = await client.error("track_jobs", {"items": [{"job_id": job, "status": "applied", "date": tomorrow}]})
        assert "future" in future["rejected"][0]["reason"]
        other = await client.error("track_jobs", {"items": [{"job_id": "0123456789ab", "status": "applied"}]})
        assert "unknown job_id" in other["rejected"][0]["reason"]
        many = await client.error("track_jobs", {"items": [{"job_id": job, "status": "saved"}] * 10_000})
        assert "10000" in many["message"].replace(",", "") or "500" in many["message"]
        assert "status" in (await client.error("get_jobs", {"status": "hired"}))["message"]
        assert "since" in (await client.error("get_outcomes", {"since": tomorrow}))["message"]
        assert snapshot(workspace, workspace.parent / "state") == before
        # A batch applies its good entries and answers why each other one was rejected.
        mixed = await client.ok("track_jobs", {"items": [{"job_id": job, "status": "applied"}, "nope",
                                                         {"job_id": job, "status": "offer", "extra": 1}]})  # fmt: skip
        assert mixed["accepted_count"] == 1 and [r["index"] for r in mixed["rejected"]] == [1, 2]


async def test_a_card_of_another_profile_is_not_tracked_here(workspace: Path) -> None:
    only_sams = {"title": "Paralegal", "company": "Only Sam LLP", "url": "https://onlysam.example.com/jobs/1",
                 "location": "New York, NY", "description": "Legal research and e-discovery."}  # fmt: skip
    async with server(workspace) as client:
        alexs = {job["job_id"] for job in await swept(workspace, client)}
        write_feed(workspace / "feeds" / "other.jsonl", [only_sams])
        other = await client.ok(
            "create_profile", profile_args(workspace / "resume.docx", "feeds/other.jsonl", name="Sam Other")
        )
        await client.ok("run_sweep", {"profile_path": other["profile_path"], "wait_seconds": 60})
        [sams] = [job["job_id"] for job in (await client.ok("get_jobs", {}))["jobs"]]
        assert sams not in alexs
        before = snapshot(workspace, workspace.parent / "state")
        refused = await client.error(
            "track_jobs", {"items": [{"job_id": sams, "status": "applied"}], "profile_stem": "alex_rivera_paralegal"}
        )
        assert "alex_rivera_paralegal" in refused["rejected"][0]["reason"]
        assert snapshot(workspace, workspace.parent / "state") == before
        # In Sam's own session the same id is tracked.
        assert (await client.ok("track_jobs", {"items": [{"job_id": sams, "status": "applied"}]}))["changed_count"]


async def test_the_csv_and_the_store_agree(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first, second = jobs[0]["job_id"], jobs[1]["job_id"]
        await client.ok("track_jobs", {"items": [{"job_id": first, "status": "applied"}]})
        # A status typed in the latest CSV: read in at the next sweep, as of today.
        listed = (await client.ok("list_sweeps", {}))["sweeps"]
        assert listed
        csv_path = sorted((workspace / "results").glob("alex_rivera_paralegal_*.csv"))[-1]
        text = csv_path.read_bytes().decode("utf-8-sig")
        rows = list(csv.DictReader(io.StringIO(text)))
        for row in rows:
            if row["job_id"] == second:
                row["status"] = "Interview"
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        csv_path.write_bytes(out.getvalue().encode("utf-8-sig"))
        again = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        page = {job["job_id"]: job.get("application") for job in (await client.ok("get_jobs", {}))["jobs"]}
    assert page[second] == {"status": "interview", "since": TODAY.isoformat()}
    assert page[first] == {"status": "applied", "since": TODAY.isoformat()}
    written = csv_rows(again["reports"]["csv"])
    assert (written[first]["status"], written[first]["applied_on"]) == ("applied", TODAY.isoformat())
    assert written[first]["follow_up_on"] == (TODAY + dt.timedelta(days=7)).isoformat()
    assert written[second]["status"] == "interview"
    assert all(row["status"] == "" for job_id, row in written.items() if job_id not in (first, second))


def read_calendar(path: str) -> tuple[bytes, list[Any]]:
    data = Path(path).read_bytes()
    return data, list(icalendar.Calendar.from_ical(data).walk("VEVENT"))


async def test_the_follow_up_calendar_reads_back_with_stable_uids(workspace: Path) -> None:
    applied = TODAY - dt.timedelta(days=3)
    interview = TODAY - dt.timedelta(days=1)
    long_note = "Ask about the e-discovery team's workload, the Relativity licence and the hybrid schedule. " * 2
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first, second, third = (job["job_id"] for job in jobs[:3])
        await client.ok("track_jobs", {"items": [
            {"job_id": first, "status": "applied", "date": applied.isoformat(), "note": long_note},
            {"job_id": second, "status": "applied", "date": applied.isoformat()},
            {"job_id": second, "status": "interview", "date": interview.isoformat(), "note": "Panel, 3 people"},
            {"job_id": third, "status": "saved"},
        ]})  # fmt: skip
        exported = await client.ok("export_report", {"formats": ["ics"]})
        again = await client.ok("export_report", {"formats": ["ics"]})
    assert exported["errors"] == [] and exported["generated"]["ics_events"] == 2
    data, events = read_calendar(exported["generated"]["ics"])
    by_summary = {str(e["SUMMARY"]): e for e in events}
    titles = {job["job_id"]: f"{job['title']} at {job['company']}" for job in jobs}
    assert set(by_summary) == {f"Follow up: {titles[first]}", f"Interview: {titles[second]}"}
    follow = by_summary[f"Follow up: {titles[first]}"]
    assert follow.decoded("DTSTART") == applied + dt.timedelta(days=7)  # an all-day date, not a time
    assert follow.decoded("DTEND") == applied + dt.timedelta(days=8)
    assert long_note.strip() in str(follow["DESCRIPTION"]) and jobs[0]["url"] in str(follow["DESCRIPTION"])
    assert str(follow["URL"]) == jobs[0].get("apply_url", jobs[0]["url"])
    meeting = by_summary[f"Interview: {titles[second]}"]
    assert meeting.decoded("DTSTART") == interview and "Panel, 3 people" in str(meeting["DESCRIPTION"])
    # RFC 5545: CRLF line ends, lines folded at 75 octets, a DTSTAMP on every event, dates as VALUE=DATE.
    lines = data.split(b"\r\n")
    assert lines[-1] == b"" and all(b"\n" not in line and len(line) <= 75 for line in lines)
    assert any(line.startswith(b" ") for line in lines)  # the long note was folded
    assert all("DTSTAMP" in e for e in events) and data.count(b"DTSTART;VALUE=DATE:") == 2
    # A re-export gives the same UIDs: calendars update the events instead of adding copies.
    _, events_again = read_calendar(again["generated"]["ics"])
    assert sorted(str(e["UID"]) for e in events_again) == sorted(str(e["UID"]) for e in events)
    assert len({str(e["UID"]) for e in events}) == 2


def test_a_saved_postings_deadline_is_on_the_calendar(tmp_path: Path) -> None:
    posting = TrackedPosting(title="Paralegal", company="Hudson", url="https://example.com/j/1",
                             closes_at="2026-12-15T23:59:00Z")  # fmt: skip
    saved = Application("abc123", posting, [Event("abc123", "saved", "2026-11-30", None, None, None, "track_jobs")])
    [deadline] = follow_ups("p", [saved], dt.date(2026, 12, 1))
    assert (deadline.kind, deadline.day, deadline.summary) == ("deadline", dt.date(2026, 12, 15),
                                                               "Deadline to apply: Paralegal at Hudson")  # fmt: skip
    stamp = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC)
    [event] = icalendar.Calendar.from_ical(calendar_bytes([deadline], stamp, "x")).walk("VEVENT")
    assert event.decoded("DTSTART") == dt.date(2026, 12, 15) and event.decoded("DTSTAMP") == stamp
    assert follow_ups("p", [saved], dt.date(2026, 12, 2))[0].uid == deadline.uid  # the same posting, the same UID
    assert follow_ups("p", [saved], dt.date(2026, 12, 16)) == []  # a passed deadline is no reminder


async def test_the_report_marks_tracked_cards_and_puts_overdue_follow_ups_first(workspace: Path) -> None:
    overdue = (TODAY - dt.timedelta(days=10)).isoformat()
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first, second = jobs[0], jobs[1]
        await client.ok("track_jobs", {"items": [{"job_id": first["job_id"], "status": "applied", "date": overdue},
                                                 {"job_id": second["job_id"], "status": "saved"}]})  # fmt: skip
        await client.ok("submit_judgments", {"judgments": [{"job_id": job["job_id"], "match_pct": 70} for job in jobs]})
        rendered = await client.ok("render_report", {"playbook": "Lead with the e-discovery work."})
        exported = await client.ok("export_report", {"formats": ["pdf"]})
    for pdf in (rendered["pdf_report"], exported["generated"]["pdf"]):
        text = pdf_text(Path(pdf))
        assert squeeze(f"applied since {overdue}") in text and squeeze(f"saved since {TODAY.isoformat()}") in text
        assert squeeze("Applications by status: 1 saved, 1 applied.") in text
        due = (TODAY - dt.timedelta(days=3)).isoformat()
        follow = squeeze(f"{first['title']} at {first['company']}: applied {overdue}, follow-up was due {due}")
        assert follow in text
        # The overdue follow-up comes first in the playbook, before the strategy note.
        assert text.index(squeeze("Follow up first (overdue):")) < text.index(follow)
        assert text.index(follow) < text.index(squeeze("Lead with the e-discovery work."))  # saved, then reused


async def test_imported_cards_are_tracked_and_the_export_csv_shows_the_store(workspace: Path) -> None:
    found_elsewhere = [{"title": "Paralegal", "company": "Elsewhere LLP", "url": "https://jobs.lever.co/elsewhere/1",
                        "location": "New York, NY"}]  # fmt: skip
    async with server(workspace) as client:
        await swept(workspace, client)
        empty = await client.ok("watch_postings", {"wait_seconds": 60})
        assert empty["watched_count"] == 0 and "Nothing to watch" in empty["message"]
        [imported] = (await client.ok("import_jobs", {"jobs_json": json.dumps(found_elsewhere)}))["imported"]
        await client.ok("track_jobs", {"items": [{"job_id": imported["job_id"], "status": "applied"}]})
        page = await client.ok("get_jobs", {"status": "applied"})
        exported = await client.ok("export_report", {"formats": ["csv"]})
        outcomes = await client.ok("get_outcomes", {"since": TODAY.isoformat()})
    assert [job["job_id"] for job in page["jobs"]] == [imported["job_id"]]
    assert [(r["engine"], r["applied"]) for r in outcomes["by_engine"]] == [("import", 1)]
    # The export holds the sweep's cards and the imported one (issue 14: imported roles are in every export);
    # only the imported one is tracked, and the CSV shows the store's status for it.
    rows = csv_rows(exported["generated"]["csv"])
    assert rows[imported["job_id"]]["status"] == "applied"
    assert all(row["status"] == "" for job_id, row in rows.items() if job_id != imported["job_id"])


async def test_the_export_csv_carries_track_jobs_values(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        await client.ok("track_jobs", {"items": [{"job_id": jobs[2]["job_id"], "status": "interview"}]})
        exported = await client.ok("export_report", {"formats": ["csv"]})
    rows = csv_rows(exported["generated"]["csv"])
    assert (rows[jobs[2]["job_id"]]["status"], rows[jobs[2]["job_id"]]["applied_on"]) == (
        "interview",
        TODAY.isoformat(),
    )
    assert sum(row["status"] != "" for row in rows.values()) == 1


async def test_an_older_csv_value_does_not_undo_a_newer_track_jobs_call(workspace: Path) -> None:
    async with server(workspace) as client:
        jobs = await swept(workspace, client)
        first = jobs[0]["job_id"]
        csv_path = sorted((workspace / "results").glob("alex_rivera_paralegal_*.csv"))[-1]
        text = csv_path.read_bytes().decode("utf-8-sig")
        rows = list(csv.DictReader(io.StringIO(text)))
        for row in rows:
            if row["job_id"] == first:
                row["status"] = "saved"  # typed first ...
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        csv_path.write_bytes(out.getvalue().encode("utf-8-sig"))
        await client.ok("track_jobs", {"items": [{"job_id": first, "status": "applied"}]})  # ... then this
        again = await client.ok("run_sweep", {"include_seen": True, "wait_seconds": 60})
        page = {job["job_id"]: job.get("application") for job in (await client.ok("get_jobs", {}))["jobs"]}
        profile = await client.ok("get_outcomes", {"profile_path": "profiles/alex_rivera_paralegal.yaml"})
    assert page[first] == {"status": "applied", "since": TODAY.isoformat()}
    assert csv_rows(again["reports"]["csv"])[first]["status"] == "applied"
    assert profile["profile_stem"] == "alex_rivera_paralegal" and profile["totals"]["applied"] == 1


def test_kept_statuses_follow_writes_from_another_connection(tmp_path: Path) -> None:
    """get_jobs reads statuses through one kept connection: a commit by any other connection (another server
    process, another store object) is seen on the next read."""
    path = tmp_path / "history.db"
    reader, writer = ApplicationStore(path), ApplicationStore(path)
    card = Card(job_id="abc", title="Paralegal", company="Hudson")
    assert reader.statuses("p") == {}
    writer.track("p", [(card, Event("abc", "saved", "2026-11-01", None, None, None, "track_jobs"))])
    assert reader.statuses("p") == {"abc": {"status": "saved", "since": "2026-11-01"}}
    writer.track("p", [(card, Event("abc", "applied", "2026-11-03", None, None, None, "track_jobs"))])
    writer.track("p", [(card, Event("abc", "applied", "2026-11-04", None, None, None, "track_jobs"))])
    assert reader.statuses("p") == {"abc": {"status": "applied", "since": "2026-11-03"}}
    assert reader.statuses("q") == {}
    reader.close()
