"""The session store's schema, one named migration each, and the JSON session files of earlier versions read back
(they are moved into the store when first read)."""

import contextlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError

from ..errors import StorageError, describe_validation_error
from . import files, reads
from .session_model import Session

_DAMAGED = (
    "Session file {} is damaged{}. Call run_sweep, then get_sweep_status, to load a fresh session; the next "
    "sweep moves the damaged file aside."
)


def parse_legacy(path: Path) -> Session | None:
    """A session file of the JSON era, None if there is none; StorageError if it is damaged."""
    try:
        text = files.read_in_real_dir(path, "Session file", reads.MAX_DATA_BYTES).decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise StorageError(f"Session file {path} cannot be read ({exc}).") from None
    try:
        data = reads.loads_finite(text)
    except (reads.NonFiniteNumber, reads.TooDeep) as exc:
        raise StorageError(_DAMAGED.format(path, f": {exc}")) from None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise StorageError(_DAMAGED.format(path, " (not a session with a list of cards)"))
    try:
        return Session.model_validate(data)
    except ValidationError as exc:
        raise StorageError(_DAMAGED.format(path, f" ({describe_validation_error(exc)})")) from None
    except RecursionError:
        raise StorageError(_DAMAGED.format(path, " (it is nested too deeply)")) from None


def _m001_sessions(db: sqlite3.Connection) -> None:
    """Sessions by name (the profile stem, '' for one without), the active one, and their cards: the card's
    JSON in one column (a new Card field needs no schema change) beside the columns get_jobs ranks and counts
    by, so a page reads only its rows."""
    db.execute(
        """CREATE TABLE sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE,
            meta TEXT NOT NULL,
            playbook TEXT NOT NULL DEFAULT '',
            card_count INTEGER NOT NULL DEFAULT 0,
            sweep TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            token TEXT NOT NULL DEFAULT ''
        )"""
    )
    db.execute("CREATE TABLE active (slot INTEGER PRIMARY KEY CHECK (slot = 1), name TEXT NOT NULL)")
    db.execute(
        """CREATE TABLE cards (
            session INTEGER NOT NULL,
            pos INTEGER NOT NULL,
            job_id TEXT NOT NULL,
            unjudged INTEGER NOT NULL,
            score INTEGER NOT NULL,
            title_key TEXT NOT NULL,
            judged_resume TEXT,
            kept INTEGER NOT NULL,
            data TEXT NOT NULL
        )"""
    )
    db.execute("CREATE INDEX cards_rank ON cards (session, unjudged, score DESC, title_key, pos)")
    db.execute("CREATE INDEX cards_id ON cards (session, job_id)")
    db.execute("CREATE INDEX cards_judged ON cards (session, judged_resume) WHERE unjudged = 0")
    db.execute("CREATE INDEX cards_kept ON cards (session) WHERE kept = 1")


def _m002_blocked(db: sqlite3.Connection) -> None:
    """Cards an eligibility finding blocks (issue: trust signals) rank after eligible ones of equal score, and
    get_jobs can leave them out: a column of their own, in the ranking index."""
    db.execute("ALTER TABLE cards ADD COLUMN blocked INTEGER NOT NULL DEFAULT 0")
    db.execute("DROP INDEX cards_rank")
    db.execute("CREATE INDEX cards_rank ON cards (session, unjudged, score DESC, blocked, title_key, pos)")


def _m003_new(db: sqlite3.Connection) -> None:
    """What is new (issue 23): a card no earlier sweep of its profile matched (a column, so get_jobs' new_only
    reads only those rows), the job_ids each profile's sweeps matched (seeded from the sessions already here, so
    the first sweep after the upgrade does not call everything new), and the digests sweeps wrote
    (sweepy/store/digests.py)."""
    db.execute("ALTER TABLE cards ADD COLUMN fresh INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX cards_fresh ON cards (session) WHERE fresh = 1")
    db.execute(
        """CREATE TABLE known (
            profile TEXT NOT NULL,
            job_id TEXT NOT NULL,
            first_sweep TEXT,
            PRIMARY KEY (profile, job_id)
        ) WITHOUT ROWID"""
    )
    db.execute(
        "INSERT OR IGNORE INTO known (profile, job_id, first_sweep) SELECT sessions.name, cards.job_id, "
        "json_extract(sessions.meta, '$.sweep_id') FROM cards JOIN sessions ON cards.session = sessions.id "
        "WHERE sessions.name NOT LIKE '%@empty'"
    )
    db.execute(
        """CREATE TABLE digests (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile TEXT NOT NULL,
            sweep_id TEXT NOT NULL,
            created_at TEXT NOT NULL,
            new_count INTEGER NOT NULL,
            cards TEXT NOT NULL,
            read_at TEXT
        )"""
    )


MIGRATIONS: list[tuple[str, Callable[[sqlite3.Connection], None]]] = [
    ("001_sessions", _m001_sessions),
    ("002_blocked", _m002_blocked),
    ("003_new", _m003_new),
]


def set_aside(path: Path) -> None:
    """Rename a migrated session file to `.migrated` (or `.migrated-N`): the store now answers first, so a file
    left behind (the rename failed) is never read."""
    target, n = path.with_name(f"{path.name}.migrated"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.migrated-{n}")
    with contextlib.suppress(OSError):
        os.replace(path, target)
