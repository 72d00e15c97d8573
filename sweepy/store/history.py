"""SQLite history of reported postings, per profile: WAL, busy timeout, IMMEDIATE writes, named migrations."""

import contextlib
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from ..errors import InvalidArgument, StorageError, sqlite_full
from .migrations import Migrations, immediate, migrate
from .paths import Workspace
from .reads import open_regular
from .realdirs import make_real_dir
from .sqlite_files import sqlite_errors, sqlite_in_real_dir, sqlite_reader_in_real_dir

DAY = 86_400
_OWN_FILES = re.compile(
    r"report_session\.json|.*_session\.json(\.corrupt-.*|\.migrated.*)?|sessions\.db(-wal|-shm|-journal)?"
    r"|state\.json|\.session\.lock|.*\.ya?ml(\.bak-.*)?"
    r"|.*_\d{8}-\d{6}(-\d+)?\.(json|csv)|.*\.log"
    # Names Sweepy makes later, so they may not exist yet: the breakers (and their old lock), the HTTP cache
    # folder, SQLite's own companions of a database, a profile's tracking index, the written-files manifest.
    r"|breakers\.json(\.lock)?|cache|.*-(wal|shm|journal)|\..+\.tracking\.json|written\.json|schedules\.db",
    re.IGNORECASE,
)
_SQLITE_HEADER = b"SQLite format 3\x00"


def check_history_path(workspace: Workspace, raw: str, what: str) -> Path:
    """The history database's real path, refused when it names one of Sweepy's own files (a session, the
    state, a profile, the lock, a result or a log), or an existing file that is not an SQLite database:
    SQLite would write its pages into it, or fail on it in the middle of a sweep."""
    path = workspace.resolve_write(raw, what)
    own = _OWN_FILES.fullmatch(path.name) is not None or path == workspace.state_file
    if not own and path.is_file() and path.stat().st_size > 0:
        with contextlib.suppress(OSError, StorageError), open_regular(path, what, 1 << 50) as handle:
            own = not handle.read(len(_SQLITE_HEADER)).startswith(_SQLITE_HEADER)
    if own:
        raise InvalidArgument(
            f"{what} {raw!r} ({path}) is one of Sweepy's own files or not a history database; the history "
            "would overwrite it. Use a file of its own, e.g. '~/.sweepy/history.db'."
        )
    return path


def _m001_seen(db: sqlite3.Connection) -> None:
    db.execute(
        """CREATE TABLE seen (
            profile TEXT NOT NULL,
            key TEXT NOT NULL,
            url TEXT NOT NULL,
            title TEXT NOT NULL,
            first_seen REAL NOT NULL,
            last_seen REAL NOT NULL,
            PRIMARY KEY (profile, key)
        )"""
    )
    db.execute("CREATE INDEX seen_by_age ON seen (profile, last_seen)")


def _m002_applications(db: sqlite3.Connection) -> None:
    """The person's applications (sweepy/store/applications.py): every status change with its date, the posting as it
    was when first tracked, and what watch_postings last saw of it."""
    db.execute(
        """CREATE TABLE application_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            job_id TEXT NOT NULL,
            status TEXT NOT NULL,
            date TEXT NOT NULL,
            note TEXT,
            resume TEXT,
            track TEXT,
            source TEXT NOT NULL,
            recorded_at REAL NOT NULL
        )"""
    )
    db.execute("CREATE INDEX application_events_by_job ON application_events (profile, job_id, date)")
    db.execute(
        """CREATE TABLE tracked_postings (
            profile TEXT NOT NULL,
            job_id TEXT NOT NULL,
            posting TEXT NOT NULL,
            watched TEXT,
            watch_state TEXT,
            watched_on TEXT,
            csv_status TEXT,
            PRIMARY KEY (profile, job_id)
        )"""
    )
    db.execute(
        """CREATE TABLE watch_events (
            profile TEXT NOT NULL,
            job_id TEXT NOT NULL,
            date TEXT NOT NULL,
            state TEXT NOT NULL,
            reason TEXT NOT NULL,
            changes TEXT NOT NULL,
            recorded_at REAL NOT NULL
        )"""
    )


def _m003_sightings(db: sqlite3.Connection) -> None:
    """Every posting URL a profile's sweeps found for a role (company + normalised title), kept for a year
    whatever the `seen` retention: the evidence for `reposted` and `open_long`."""
    db.execute(
        """CREATE TABLE sightings (
            profile TEXT NOT NULL,
            role TEXT NOT NULL,
            url TEXT NOT NULL,
            first_seen REAL NOT NULL,
            last_seen REAL NOT NULL,
            PRIMARY KEY (profile, role, url)
        )"""
    )
    db.execute("CREATE INDEX sightings_by_age ON sightings (profile, last_seen)")


MIGRATIONS: Migrations = [
    ("001_seen", _m001_seen),
    ("002_applications", _m002_applications),
    ("003_sightings", _m003_sightings),
]
SIGHTING_DAYS = 365
"""How long a sighting is kept: long enough to see a role reposted every month, bounded for the file."""


class HistoryStore:
    """Which postings a profile has been shown, and when. Entries older than the retention window expire."""

    migrations: ClassVar[Migrations] = MIGRATIONS
    """This store's migrations (a store of more tables, sweepy/store/applications.py, adds its own)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time, reading: bool = False) -> None:
        """`reading`: the store is opened to read only, so on a full disk (where SQLite cannot make its -shm index)
        it is read read-only and immutable (`frozen`) instead of refused."""
        self.path = path
        self.clock = clock
        self.frozen = False
        with self._errors():
            make_real_dir(path.parent)  # part by part, never through a link (see _open)
            try:  # opened here without _connect's own error wording, so a full disk can be told apart
                self._enable_wal()
                with sqlite_in_real_dir(self.path, timeout=10.0) as db:
                    db.execute("PRAGMA synchronous=NORMAL")
                    self._migrate(db)
            except sqlite3.OperationalError as exc:
                if not reading or not sqlite_full(exc, path.parent):
                    raise
                self.frozen = True

    def _errors(self) -> contextlib.AbstractContextManager[None]:
        return sqlite_errors(
            f"The history database {self.path}",
            busy=f"The history database {self.path} is busy (another sweep is writing to it). Try again in a moment.",
            damaged="Move it aside to start a fresh history.",
            unopenable="Check history.path in the profile.",
            where=self.path,
        )

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if self.frozen:  # a full disk: read as it is, creating nothing (the writes refuse, the disk being full)
            name = f"The history database {self.path}"
            with self._errors(), sqlite_reader_in_real_dir(self.path, name, 10.0) as reader:
                yield reader
            return
        with self._errors(), sqlite_in_real_dir(self.path, timeout=10.0) as db:
            db.execute("PRAGMA synchronous=NORMAL")
            yield db

    def _enable_wal(self) -> None:
        """Switch the file to WAL (persistent). The switch needs an exclusive lock and SQLite answers "locked"
        at once instead of waiting out the busy timeout, so concurrent first opens retry briefly."""
        deadline = time.monotonic() + 10
        while True:
            try:
                with sqlite_in_real_dir(self.path, timeout=10.0) as db:
                    db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as db, immediate(db):
            yield db

    def _migrate(self, db: sqlite3.Connection) -> None:
        migrate(db, self.migrations, self.clock)

    def expire(self, profile: str, retention_days: int) -> int:
        """Forget entries strictly older than the retention window; returns how many."""
        cutoff = self.clock() - retention_days * DAY
        with self._write() as db:
            return db.execute("DELETE FROM seen WHERE profile = ? AND last_seen < ?", (profile, cutoff)).rowcount

    def seen_keys(self, profile: str, keys: Iterable[str]) -> set[str]:
        wanted = list(keys)
        found: set[str] = set()
        with self._connect() as db:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(f"SELECT key FROM seen WHERE profile = ? AND key IN ({marks})", (profile, *chunk))
                found.update(row[0] for row in rows)
        return found

    def record(self, profile: str, entries: Iterable[tuple[str, str, str]]) -> None:
        """Mark (key, url, title) entries as reported now; existing ones are refreshed."""
        now = self.clock()
        rows = [(profile, key, url, title, now, now) for key, url, title in entries]
        with self._write() as db:
            db.executemany(
                "INSERT INTO seen VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(profile, key) DO UPDATE SET last_seen = excluded.last_seen",
                rows,
            )

    def clear(self, profile: str) -> int:
        with self._write() as db:
            db.execute("DELETE FROM sightings WHERE profile = ?", (profile,))
            return db.execute("DELETE FROM seen WHERE profile = ?", (profile,)).rowcount

    def sightings(self, profile: str, roles: Iterable[str]) -> dict[str, list[tuple[str, float, float]]]:
        """role → [(url, first_seen, last_seen), ...] of the earlier sightings of those roles, oldest first."""
        wanted = list(dict.fromkeys(roles))
        found: dict[str, list[tuple[str, float, float]]] = {}
        with self._connect() as db:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT role, url, first_seen, last_seen FROM sightings WHERE profile = ? AND role IN ({marks}) "
                    "ORDER BY first_seen",
                    (profile, *chunk),
                )
                for role, url, first, last in rows:
                    found.setdefault(role, []).append((url, first, last))
        return found

    def record_sightings(self, profile: str, entries: Iterable[tuple[str, str]]) -> None:
        """Mark (role, url) pairs as found now (first_seen stays), and forget sightings older than a year."""
        now = self.clock()
        rows = [(profile, role, url, now, now) for role, url in entries]
        with self._write() as db:
            db.executemany(
                "INSERT INTO sightings VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(profile, role, url) DO UPDATE SET last_seen = excluded.last_seen",
                rows,
            )
            db.execute(
                "DELETE FROM sightings WHERE profile = ? AND last_seen < ?", (profile, now - SIGHTING_DAYS * DAY)
            )

    def count(self, profile: str | None = None) -> int:
        with self._connect() as db:
            if profile is None:
                return int(db.execute("SELECT COUNT(*) FROM seen").fetchone()[0])
            return int(db.execute("SELECT COUNT(*) FROM seen WHERE profile = ?", (profile,)).fetchone()[0])
