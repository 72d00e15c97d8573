"""The person's applications: each status change of a tracked posting with its date (a history, not just the
last value), the posting as it was when tracked, and what watch_postings last saw of it. Kept in the profile's
history database (sweepy/store/history.py opens it: WAL, busy timeout, IMMEDIATE writes, named migrations)."""

import datetime as dt
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from ..domain.cards import Card
from .csv_reads import m004_csv_files, set_csv_status_in
from .history import MIGRATIONS, HistoryStore
from .migrations import Migrations
from .realdirs import stat_in_real_dir
from .sqlite_files import connect_in_real_dir


class TrackedPosting(BaseModel):
    """The posting as it was when tracked: enough for the calendar, the outcomes and watch_postings' baseline,
    even after the sweep that found it is gone from the session."""

    model_config = ConfigDict(extra="ignore")

    title: str
    company: str
    location: str = ""
    workplace: str = "unknown"
    salary: str = ""
    url: str = ""
    apply_url: str = ""
    engine: str = ""
    platform: str = ""
    match: int | None = None
    closes_at: str | None = None
    description_digest: str = ""

    @classmethod
    def of(cls, card: Card) -> "TrackedPosting":
        return cls(
            title=card.title,
            company=card.company,
            location=card.location,
            workplace=card.workplace,
            salary=salary_text(card),
            url=card.url,
            apply_url=card.apply_url or card.url,
            engine=card.engine,
            platform=card.platform,
            match=card.match_pct if card.match_pct is not None else card.match_score,
            # Cards gain `closes_at` (an ISO date) from the posting deadline work; older cards have none.
            closes_at=getattr(card, "closes_at", None),
            description_digest=digest(card.description),
        )

    def fields(self) -> dict[str, str]:
        """The fields watch_postings compares."""
        return {
            "title": self.title,
            "location": self.location,
            "workplace": self.workplace,
            "salary": self.salary,
            "description_digest": self.description_digest,
        }


def digest(text: str) -> str:
    """A short hash of the text with its spacing flattened: a re-wrapped description is the same description."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16] if text.strip() else ""


def salary_text(card: Card) -> str:
    salary = card.salary
    if salary is None:
        return ""
    if salary.annual_min or salary.annual_max:
        low, high = salary.annual_min or salary.annual_max, salary.annual_max or salary.annual_min
        return f"{salary.currency or ''} {low:,.0f}-{high:,.0f} a year".strip()
    return salary.text


@dataclass(frozen=True)
class Event:
    job_id: str
    status: str
    date: str
    note: str | None
    resume: str | None
    track: str | None
    source: str


@dataclass
class Application:
    """One tracked posting: its history (oldest first) and the posting as recorded."""

    job_id: str
    posting: TrackedPosting
    events: list[Event]
    watched: dict[str, Any] | None = None
    watch_state: str | None = None
    watched_on: str | None = None
    csv_status: str | None = None

    @property
    def current(self) -> Event | None:
        return self.events[-1] if self.events else None

    @property
    def status(self) -> str | None:
        return self.current.status if self.current else None

    @property
    def since(self) -> str | None:
        """The date the current status began: the first of the latest run of that status."""
        if not self.events:
            return None
        since = self.events[-1].date
        for event in reversed(self.events):
            if event.status != self.events[-1].status:
                break
            since = event.date
        return since

    def applied_on(self) -> str | None:
        """The day the person applied: the `applied` entry, else the first status past `saved`."""
        applied = [e.date for e in self.events if e.status == "applied"]
        if applied:
            return min(applied)
        later = [e.date for e in self.events if e.status != "saved"]
        return min(later) if later else None

    @property
    def note(self) -> str | None:
        """The latest note given with a status (track_jobs)."""
        return next((e.note for e in reversed(self.events) if e.note), None)

    def brief(self) -> dict[str, str | None]:
        return {"status": self.status, "since": self.since}


def today(clock: float) -> dt.date:
    return dt.datetime.fromtimestamp(clock).date()


def check_date(raw: str | None, now: dt.date) -> str:
    """The entry's date as YYYY-MM-DD; ValueError in words for a date that is not real or lies ahead."""
    if raw is None:
        return now.isoformat()
    try:
        day = dt.date.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"date {raw!r} is not a calendar date (YYYY-MM-DD).") from None
    if day > now:
        raise ValueError(f"date {raw} is in the future (today is {now.isoformat()}): give the day it happened.")
    return day.isoformat()


def insert_event(db: sqlite3.Connection, profile: str, event: Event, now: float) -> None:
    db.execute(
        "INSERT INTO application_events (profile, job_id, status, date, note, resume, track, source, recorded_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (profile, event.job_id, event.status, event.date, event.note, event.resume, event.track, event.source, now),
    )


def read_applications(db: sqlite3.Connection, profile: str, keep: set[str] | None = None) -> dict[str, Application]:
    """Tracked postings of `profile` (only `keep` when given), each with its history by date."""
    rows = db.execute(
        "SELECT job_id, posting, watched, watch_state, watched_on, csv_status FROM tracked_postings WHERE profile = ?",
        (profile,),
    ).fetchall()
    events = db.execute(
        "SELECT job_id, status, date, note, resume, track, source FROM application_events WHERE profile = ? "
        "ORDER BY date, id",
        (profile,),
    ).fetchall()
    found: dict[str, Application] = {}
    for job_id, posting, watched, state, watched_on, csv_status in rows:
        if keep is None or job_id in keep:
            found[job_id] = Application(
                job_id,
                TrackedPosting.model_validate_json(posting),
                [],
                json.loads(watched) if watched else None,
                state,
                watched_on,
                csv_status,
            )
    for row in events:
        if (application := found.get(row[0])) is not None:
            application.events.append(Event(*row))
    return found


def track_in(db: sqlite3.Connection, profile: str, changes: list[tuple[Card, Event]], now: float) -> list[bool]:
    """ApplicationStore.track inside the caller's transaction."""
    changed: list[bool] = []
    for card, event in changes:
        posting = TrackedPosting.of(card).model_dump_json()
        db.execute(
            "INSERT INTO tracked_postings (profile, job_id, posting) VALUES (?, ?, ?) "
            "ON CONFLICT(profile, job_id) DO UPDATE SET posting = excluded.posting",
            (profile, event.job_id, posting),
        )
        same = db.execute(
            "SELECT id, note FROM application_events WHERE profile = ? AND job_id = ? AND status = ? AND date = ?",
            (profile, event.job_id, event.status, event.date),
        ).fetchone()
        if same is None:
            insert_event(db, profile, event, now)
            changed.append(True)
        elif event.note and event.note != same[1]:
            db.execute("UPDATE application_events SET note = ? WHERE id = ?", (event.note, same[0]))
            changed.append(True)
        else:
            changed.append(False)
    return changed


def last_changes(db: sqlite3.Connection, profile: str) -> dict[str, float]:
    """When each tracked posting's history last changed (seconds since the epoch)."""
    rows = db.execute(
        "SELECT job_id, MAX(recorded_at) FROM application_events WHERE profile = ? GROUP BY job_id", (profile,)
    )
    return {job_id: float(when) for job_id, when in rows if when is not None}


class ApplicationStore(HistoryStore):
    """The application tables of a history database. Every write is one IMMEDIATE transaction."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time, reading: bool = False) -> None:
        super().__init__(path, clock, reading)
        self._reader: sqlite3.Connection | None = None
        self._reader_dir: int | None = None  # the folder's descriptor the kept reader was opened through
        self._reader_guard = threading.Lock()
        self._statuses: dict[str, tuple[int, dict[str, dict[str, str]]]] = {}

    migrations: ClassVar[Migrations] = [*MIGRATIONS, ("004_csv_files", m004_csv_files)]

    def applications(self, profile: str, job_ids: Iterable[str] | None = None) -> dict[str, Application]:
        """Tracked postings of `profile` (only `job_ids` when given), each with its history by date."""
        with self._connect() as db:
            return read_applications(db, profile, set(job_ids) if job_ids is not None else None)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One IMMEDIATE write transaction, for a caller that reads and changes several tables at once (a
        sweep's sync with its CSVs): everything lands when the block ends, nothing when it raises."""
        with self._write() as db:
            yield db

    def statuses(self, profile: str) -> dict[str, dict[str, str]]:
        """Each tracked job's current `{status, since}` alone: what get_jobs shows on every page. Read through
        one kept connection and kept while SQLite's `data_version` (bumped by every other connection's commit,
        in any process) stays the same, so a page costs one pragma when nothing changed."""
        with self._reader_guard, self._errors():
            stat_in_real_dir(self.path)  # the folder checked on every call, as at every other open: a swap refuses
            if self._reader is None:
                self._reader, self._reader_dir = connect_in_real_dir(self.path, timeout=10.0, check_same_thread=False)
            version = int(self._reader.execute("PRAGMA data_version").fetchone()[0])
            kept = self._statuses.get(profile)
            if kept is not None and kept[0] == version:
                return kept[1]
            rows = self._reader.execute(
                "SELECT job_id, status, date FROM application_events WHERE profile = ? ORDER BY date, id", (profile,)
            ).fetchall()
            found: dict[str, dict[str, str]] = {}
            for job_id, status, date in rows:
                latest = found.get(job_id)
                if latest is None or latest["status"] != status:
                    found[job_id] = {"status": status, "since": date}
            self._statuses[profile] = (version, found)
            return found

    def close(self) -> None:
        """Close the kept read connection (a store dropped from a cache)."""
        with self._reader_guard:
            if self._reader is not None:
                self._reader.close()
                self._reader = None
            if self._reader_dir is not None:
                os.close(self._reader_dir)
                self._reader_dir = None

    def track(self, profile: str, changes: list[tuple[Card, Event]]) -> list[bool]:
        """Apply each (card, event): the card's posting is (re)recorded, the event added unless the same status
        on the same date is already there (then only a new note is kept). One bool per change: did it change
        anything."""
        with self._write() as db:
            return track_in(db, profile, changes, self.clock())

    def add_status(self, profile: str, event: Event) -> None:
        """An event for a posting that is already tracked (a status typed in the CSV)."""
        with self._write() as db:
            insert_event(db, profile, event, self.clock())

    def last_change(self, profile: str, job_id: str) -> float | None:
        """When the posting's history last changed (seconds since the epoch), None if it never did."""
        with self._connect() as db:
            row = db.execute(
                "SELECT MAX(recorded_at) FROM application_events WHERE profile = ? AND job_id = ?", (profile, job_id)
            ).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    def set_csv_status(self, profile: str, values: dict[str, str]) -> None:
        """Remember the status each tracked posting last had in the CSV, read or written."""
        with self._write() as db:
            set_csv_status_in(db, profile, values)

    def record_watch(
        self, profile: str, day: str, seen: list[tuple[str, str, str, dict[str, Any] | None, list[dict[str, Any]]]]
    ) -> None:
        """Each (job_id, state, reason, fields seen or None, changes): kept with the date, so the next watch
        compares against what this one saw."""
        now = self.clock()
        with self._write() as db:
            for job_id, state, reason, fields, changes in seen:
                db.execute(
                    "INSERT INTO watch_events VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (profile, job_id, day, state, reason, json.dumps(changes, ensure_ascii=False), now),
                )
                db.execute(
                    "UPDATE tracked_postings SET watch_state = ?, watched_on = ?, watched = COALESCE(?, watched) "
                    "WHERE profile = ? AND job_id = ?",
                    (
                        state,
                        day,
                        json.dumps(fields, ensure_ascii=False) if fields is not None else None,
                        profile,
                        job_id,
                    ),
                )

    def ensure_tracked(self, profile: str, postings: list[tuple[str, TrackedPosting]]) -> None:
        """Record the postings of cards watched without a status yet, so their watch results have a row."""
        if not postings:
            return
        with self._write() as db:
            db.executemany(
                "INSERT INTO tracked_postings (profile, job_id, posting) VALUES (?, ?, ?) "
                "ON CONFLICT(profile, job_id) DO NOTHING",
                [(profile, job_id, posting.model_dump_json()) for job_id, posting in postings],
            )
