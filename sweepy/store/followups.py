"""The follow-up calendar: one all-day event per follow-up (applied + the profile's follow_up_days while no answer
came), per interview date given to track_jobs, and per deadline (`closes_at`) of a saved posting, as RFC 5545
iCalendar that Google Calendar, Apple Calendar and Outlook import. Each event's UID is made from what it is
about, so a re-export updates the events already imported instead of adding copies. A calendar made today holds
no reminder before today: an overdue follow-up is due today and says by how many days, a passed deadline is
left out (an interview keeps its own day: track_jobs records one that happened)."""

import datetime as dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..domain.applications import FOLLOW_UP_DAYS, STATUSES, follow_up_day
from .applications import Application

PRODID = f"-//Sweepy//Sweepy {__version__}//EN"


@dataclass(frozen=True)
class FollowUp:
    kind: str  # follow-up | interview | deadline
    job_id: str
    day: dt.date
    summary: str
    link: str
    note: str | None
    uid: str
    overdue_days: int = 0
    """Days the follow-up was due before the calendar's day (it is then due on that day)."""


def _uid(profile: str, job_id: str, kind: str, extra: str = "") -> str:
    """Stable: the same profile, job and kind (and interview day) give the same UID on every export."""
    key = "|".join((profile, job_id, kind, extra))
    return f"{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}@sweepy"


def _day(text: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text[:10]) if text else None
    except ValueError:
        return None


def follow_ups(
    profile: str, applications: Iterable[Application], today: dt.date, days: int = FOLLOW_UP_DAYS
) -> list[FollowUp]:
    """Every event the history calls for, by date, no reminder before `today`; `days`: the profile's
    follow_up_days."""
    found: list[FollowUp] = []
    for application in applications:
        posting = application.posting
        role = f"{posting.title} at {posting.company}"
        link = posting.apply_url or posting.url
        note = application.note
        applied = _day(application.applied_on())
        if application.status == "applied" and applied is not None:
            due = follow_up_day(applied, days)
            late = max((today - due).days, 0)
            summary = f"Follow up ({late} day{'s' if late != 1 else ''} overdue): {role}" if late else ""
            summary = summary or f"Follow up: {role}"
            found.append(
                FollowUp(
                    "follow-up",
                    application.job_id,
                    max(due, today),
                    summary,
                    link,
                    note,
                    _uid(profile, application.job_id, "follow-up"),
                    late,
                )
            )
        for event in application.events:
            when = _day(event.date)
            if event.status == "interview" and when is not None:  # the meeting's own day: a record, no reminder
                uid = _uid(profile, application.job_id, "interview", event.date)
                found.append(
                    FollowUp("interview", application.job_id, when, f"Interview: {role}", link, event.note or note, uid)
                )
        closes = _day(posting.closes_at)
        if application.status == "saved" and closes is not None and closes >= today:
            found.append(
                FollowUp(
                    "deadline",
                    application.job_id,
                    closes,
                    f"Deadline to apply: {role}",
                    link,
                    note,
                    _uid(profile, application.job_id, "deadline"),
                )
            )
    return sorted(found, key=lambda f: (f.day, f.kind, f.summary))


def calendar_bytes(events: list[FollowUp], stamp: dt.datetime, name: str) -> bytes:
    """The iCalendar file: CRLF line ends, lines folded at 75 octets (the library does both), a DTSTAMP on
    every event, all-day dates (DTSTART/DTEND as VALUE=DATE) since no time is known."""
    import icalendar  # only when a calendar is asked for: the server starts without it

    calendar = icalendar.Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    for item in events:
        event = icalendar.Event()
        event.add("uid", item.uid)
        event.add("dtstamp", stamp.astimezone(dt.UTC))
        event.add("dtstart", item.day)
        event.add("dtend", item.day + dt.timedelta(days=1))
        event.add("summary", item.summary)
        event.add("categories", [item.kind])
        event.add("transp", "TRANSPARENT")
        lines = [f"Apply: {item.link}" if item.link else "No web link recorded.", f"Sweepy job id: {item.job_id}"]
        if item.overdue_days:
            was = item.day - dt.timedelta(days=item.overdue_days)
            lines.insert(
                0,
                f"Overdue by {item.overdue_days} day{'s' if item.overdue_days != 1 else ''}: the "
                f"follow-up was due {was.isoformat()}.",
            )
        if item.note:
            lines.insert(len(lines) - 1, f"Note: {item.note}")
        event.add("description", "\n".join(lines))
        if item.link.startswith(("http://", "https://")):
            event.add("url", item.link)
        calendar.add_component(event)
    return bytes(calendar.to_ical())


@dataclass(frozen=True)
class ReportMarks:
    """What a report shows of the tracked applications: a status line per tracked card, the counts by status for
    the coverage footer, and the overdue follow-ups the playbook puts first."""

    lines: dict[str, str]
    counts: dict[str, int]
    overdue: list[str]

    def playbook(self, text: str) -> str:
        """The playbook with the overdue follow-ups first (they are due before anything else in it)."""
        if not self.overdue:
            return text
        head = "**Follow up first (overdue):**\n" + "\n".join(f"- {line}" for line in self.overdue)
        return f"{head}\n{text}" if text else head


def report_marks(applications: dict[str, Application], day: dt.date, days: int = FOLLOW_UP_DAYS) -> ReportMarks:
    lines = {job_id: f"{a.status} since {a.since}" for job_id, a in applications.items() if a.status}
    counts = {status: n for status in STATUSES if (n := sum(a.status == status for a in applications.values()))}
    overdue: list[tuple[dt.date, str]] = []
    for application in applications.values():
        applied = _day(application.applied_on())
        if application.status == "applied" and applied is not None:
            due = follow_up_day(applied, days)
            if due <= day:
                posting = application.posting
                overdue.append(
                    (
                        due,
                        f"{posting.title} at {posting.company}: applied {applied.isoformat()}, "
                        f"follow-up was due {due.isoformat()}",
                    )
                )
    return ReportMarks(lines, counts, [line for _due, line in sorted(overdue)])


def due_rows(applications: Iterable[Application], today: dt.date, days: int = FOLLOW_UP_DAYS) -> list[dict[str, Any]]:
    """Each tracked application as get_applications lists it: the follow-ups due first (the most overdue
    first), then the others by the day their status began, newest first."""
    rows: list[dict[str, Any]] = []
    for application in applications:
        if application.status is None:
            continue
        applied = _day(application.applied_on())
        follow = follow_up_day(applied, days) if application.status == "applied" and applied is not None else None
        posting = application.posting
        rows.append(
            {
                "job_id": application.job_id,
                "title": posting.title,
                "company": posting.company,
                "location": posting.location,
                "url": posting.apply_url or posting.url,
                "status": application.status,
                "since": application.since,
                "applied_on": application.applied_on(),
                "history_length": len(application.events),
                "follow_up_on": follow.isoformat() if follow else None,
                "follow_up_due": follow is not None and follow <= today,
                "days_overdue": max((today - follow).days, 0) if follow is not None else 0,
                "note": application.note,
            }
        )
    due = sorted((r for r in rows if r["follow_up_due"]), key=lambda r: (r["follow_up_on"], r["job_id"]))
    rest = sorted((r for r in rows if not r["follow_up_due"]), key=lambda r: r["job_id"])
    rest.sort(key=lambda r: r["since"] or "", reverse=True)
    return due + rest
