"""What is new (issue 23): the digests sweeps write, kept in the results folder's session store beside the
sessions whose new cards they list (one row per sweep that found something new, read or not), and what the
profile's history adds to one (watched postings that closed or changed; postings the person is done with).

A digest is a row, not a file: it is written and marked read in SQLite transactions, so two chats (or a chat
and a scheduled sweep) never both show one digest as new, and a half-written digest is never read. The
markdown is made when it is read (sweepy/service/digest.py), with the watch news and follow-ups of that day.
"""

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..domain.applications import STATUSES
from .applications import ApplicationStore
from .session import SessionStore

MAX_CARDS = 20
"""New cards a digest keeps, best first (`new_count` says how many there were; get_jobs new_only pages them all)."""
MAX_UNREAD = 10
"""Unread digests one read shows, newest first (older unread ones are marked read with them, and counted)."""
MAX_WATCHED = 20
"""Watched postings a digest shows."""
DONE = frozenset(("rejected", "withdrawn")) & frozenset(STATUSES)
"""Application statuses after which a posting is no longer carried into the next sweep's session."""


@dataclass(frozen=True)
class Digest:
    """What one sweep found new: its best new cards (summaries, sweepy/service/digest.py) and how many."""

    id: int
    profile: str
    sweep_id: str
    created_at: str
    new_count: int
    cards: list[dict[str, Any]]


@dataclass(frozen=True)
class LastRead:
    """When a digest was last read, and the newest sweep that read covered."""

    read_at: str
    sweep_id: str
    created_at: str

    @property
    def timestamp(self) -> float:
        return dt.datetime.fromisoformat(self.read_at).timestamp()


@dataclass(frozen=True)
class Unread:
    """The digests not read yet: the newest MAX_UNREAD, and the id and count of all of them."""

    digests: list[Digest]
    total: int
    last_id: int


class DigestStore:
    """The digests of one results folder, in its session store (sessions.db)."""

    def __init__(self, folder: Path) -> None:
        self.sessions = SessionStore(folder)

    def write(self, profile: str, sweep_id: str, created_at: str, new_count: int, cards: list[dict[str, Any]]) -> int:
        """Add a sweep's digest; its id."""
        with self.sessions.transaction(write=True) as db:
            cursor = db.execute(
                "INSERT INTO digests (profile, sweep_id, created_at, new_count, cards) VALUES (?, ?, ?, ?, ?)",
                (profile, sweep_id, created_at, new_count, json.dumps(cards[:MAX_CARDS], ensure_ascii=False)),
            )
            return int(cursor.lastrowid or 0)

    def unread(self) -> Unread:
        """The digests not read yet (none when no sweep wrote one, or the store does not exist yet)."""
        if not self.sessions.present():
            return Unread([], 0, 0)
        with self.sessions.transaction(write=False) as db:
            if not _has_digests(db):
                return Unread([], 0, 0)
            unread = "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM digests WHERE read_at IS NULL"
            total, last = db.execute(unread).fetchone()
            rows = db.execute(
                "SELECT id, profile, sweep_id, created_at, new_count, cards FROM digests WHERE read_at IS NULL "
                "ORDER BY id DESC LIMIT ?",
                (MAX_UNREAD,),
            ).fetchall()
        digests = [Digest(row[0], row[1], row[2], row[3], row[4], json.loads(row[5])) for row in rows]
        return Unread(digests, int(total), int(last))

    def last_read(self) -> LastRead | None:
        """The newest read digest: when it was read and its sweep (what "since" means for the next one)."""
        if not self.sessions.present():
            return None
        with self.sessions.transaction(write=False) as db:
            if not _has_digests(db):
                return None
            row = db.execute(
                "SELECT read_at, sweep_id, created_at FROM digests WHERE read_at IS NOT NULL ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return LastRead(*row) if row is not None else None

    def mark_read(self, up_to: int, read_at: str) -> int:
        """Mark the unread digests up to id `up_to` read; how many were."""
        if up_to <= 0:
            return 0
        with self.sessions.transaction(write=True) as db:
            cursor = db.execute("UPDATE digests SET read_at = ? WHERE read_at IS NULL AND id <= ?", (read_at, up_to))
            return cursor.rowcount

    def profiles(self) -> list[str]:
        """The profiles that have a digest, read or not (whose watch news and follow-ups a digest shows)."""
        if not self.sessions.present():
            return []
        with self.sessions.transaction(write=False) as db:
            if not _has_digests(db):
                return []
            return [row[0] for row in db.execute("SELECT DISTINCT profile FROM digests ORDER BY profile")]


def _has_digests(db: Any) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'digests'").fetchone() is not None


@dataclass(frozen=True)
class WatchNews:
    """A watched posting's latest check since a moment: it closed, or fields changed (before and after)."""

    job_id: str
    title: str
    company: str
    date: str
    state: str
    changes: list[dict[str, str]]


class DigestHistory(ApplicationStore):
    """The history reads a digest and a sweep's session carry need."""

    def watch_news(self, profile: str, since: float | None) -> list[WatchNews]:
        """The latest watch of each posting recorded after `since` (None: ever) that found it closed or changed,
        newest first, at most MAX_WATCHED."""
        with self._connect() as db:
            rows = db.execute(
                "SELECT w.job_id, w.date, w.state, w.changes, t.posting FROM watch_events w JOIN tracked_postings t "
                "ON t.profile = w.profile AND t.job_id = w.job_id WHERE w.profile = ? AND w.recorded_at > ? "
                "ORDER BY w.recorded_at DESC",
                (profile, since if since is not None else -1.0),
            ).fetchall()
        found: dict[str, WatchNews] = {}
        for job_id, date, state, changes, posting in rows:
            if job_id in found:
                continue  # an older check of a posting shown already
            changed = json.loads(changes)
            if state == "closed" or changed:
                data = json.loads(posting)
                found[job_id] = WatchNews(
                    job_id, str(data.get("title", "")), str(data.get("company", "")), date, state, changed
                )
        return list(found.values())[:MAX_WATCHED]

    def ended(self, profile: str) -> frozenset[str]:
        """The job_ids the person is done with: closed by watch_postings, or tracked as rejected or withdrawn."""
        return frozenset(
            job_id
            for job_id, application in self.applications(profile).items()
            if application.watch_state == "closed" or application.status in DONE
        )
