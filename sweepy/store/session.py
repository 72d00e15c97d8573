"""The active session and each profile's saved session, in the results folder's session store (`sessions.db`).

Writes run under the results folder's lock in one SQLite transaction each, so readers need no lock: they see
one committed state. Reads never write (no lock file, no quarantine), except to move a session file of the
JSON era into the store, once, saying so.
"""

import contextlib
import json
import os
import secrets
import sqlite3
import sys
import threading
import time
import unicodedata
import zlib
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout
from pydantic import BaseModel, ConfigDict, ValidationError

if sys.platform != "win32":
    import fcntl

from ..domain.cards import JUDGMENT_FIELDS, Card, EncodedCard
from ..errors import InvalidArgument, NotFound, StorageError, StoreBusy, describe_validation_error, write_advice
from . import paths, reads

ACTIVE = "report_session.json"
"""The active session's file of the JSON era (read once, then moved into the store)."""
DB_NAME = "sessions.db"
LOCK_NAME = ".session.lock"
MAX_STEM_BYTES = 200
"""Room for the longest name made from a stem (a temp copy of `{stem}_{stamp}-N.json`) within 255 bytes."""


def _stem_char(ch: str) -> bool:
    # Letters and digits of any script, and the combining marks some scripts write words with (Devanagari).
    return ch.isalnum() or ch in "_.-" or unicodedata.category(ch).startswith("M")


def check_stem(stem: Any) -> str:
    """A profile stem names files in the results folder: one plain file-name part, nothing that climbs out."""
    if (
        not isinstance(stem, str)
        or not stem
        or len(stem.encode("utf-8", errors="replace")) > MAX_STEM_BYTES
        or not all(map(_stem_char, stem))
        or stem.strip(".") == ""
    ):
        raise InvalidArgument(
            f"profile_stem {stem!r} is not a profile id: use the profile file's name without .yaml "
            "(letters, digits, '_', '-', '.'), e.g. 'pedro_writer'."
        )
    return stem


def session_path(folder: Path, stem: str | None) -> Path:
    return folder / (f"{check_stem(stem)}_session.json" if stem else ACTIVE)


_BUSY = "The results folder {} is busy (another sweep or Sweepy process is writing to it). Try again in a moment."
_thread_locks: dict[Path, threading.RLock] = {}
_thread_locks_guard = threading.Lock()
_held = threading.local()  # this thread's OS locks: folder -> (descriptor, depth)


@contextmanager
def folder_lock(folder: Path, timeout: float = 30.0) -> Iterator[None]:
    """The results folder's OS lock (reentrant in one thread, exclusive across threads and processes).

    The lock file is opened inside the folder's descriptor without following links (paths.open_real_dir), so
    a results folder swapped for a symlink cannot make Sweepy create it elsewhere.
    """
    if not paths.DIR_FD_WRITES:
        with _filelock(folder, timeout):
            yield
        return
    with _thread_locks_guard:
        in_process = _thread_locks.setdefault(folder, threading.RLock())
    if not in_process.acquire(timeout=timeout):
        raise StoreBusy(_BUSY.format(folder))
    try:
        held: dict[Path, tuple[int, int]] = _held.__dict__.setdefault("folders", {})
        if folder not in held:
            held[folder] = (_os_lock(folder, timeout), 0)
        fd, depth = held[folder]
        held[folder] = (fd, depth + 1)
        try:
            yield
        finally:
            if depth == 0:
                del held[folder]
                os.close(fd)  # closing the descriptor releases the flock
            else:
                held[folder] = (fd, depth)
    finally:
        in_process.release()


def _os_lock(folder: Path, timeout: float) -> int:
    try:
        dir_fd = paths.open_real_dir(folder)
        try:
            flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
            fd = os.open(LOCK_NAME, flags, 0o644, dir_fd=dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used: {write_advice(exc, folder)}.") from None
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StoreBusy(_BUSY.format(folder)) from None
            time.sleep(0.05)


@contextmanager
def _filelock(folder: Path, timeout: float) -> Iterator[None]:
    """Where folders cannot be held open (Windows): the lock file by path, in a folder checked before and after
    (paths.check_unmoved), so a results folder swapped for a link is refused, not locked on the other side."""
    try:
        paths.make_real_dir(folder)
        lock = FileLock(str(folder / LOCK_NAME), timeout=timeout, is_singleton=True, fallback_to_soft=False)
        lock.acquire()
        try:
            paths.check_unmoved(folder)
        except BaseException:
            lock.release()
            raise
    except Timeout:
        raise StoreBusy(_BUSY.format(folder)) from None
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used: {write_advice(exc, folder)}.") from None
    try:
        yield
    finally:
        lock.release()


class Session(BaseModel):
    """One sweep of one profile: where it came from, the playbook, and (in the store, as rows of their own) its
    cards and their judgments. `cards` holds them only where a caller loads them whole (an old session file, a
    sweep handing its cards to `activate`, `SessionStore.update`)."""

    model_config = ConfigDict(extra="allow")

    profile_stem: str | None = None
    profile_path: str | None = None
    candidate_name: str | None = None
    assessment_mode: str = "agent"
    source_result: str | None = None
    csv_report: str | None = None
    sweep_id: str | None = None
    updated_at: str | None = None
    playbook: str = ""
    cards: list[Card] = []

    def card(self, job_id: str) -> Card | None:
        return next((c for c in self.cards if c.job_id == job_id), None)

    def meta_json(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude={"cards", "playbook"}), ensure_ascii=False,
                          allow_nan=False)  # fmt: skip


def card_text(card: Card) -> str:
    """One card's JSON text, as the result file and the store hold it."""
    return card.model_dump_json()


@dataclass(frozen=True)
class Counts:
    """How far the judging of a session has come, against one resume fingerprint."""

    total: int
    assessed: int
    stale: int

    @property
    def unassessed(self) -> int:
        """Not judged against the resume as it is now (stale ones included)."""
        return self.total - self.assessed

    @property
    def unjudged(self) -> int:
        """Never judged: only keyword overlap."""
        return self.unassessed - self.stale


@dataclass
class Carried:
    """What a sweep's session took from the profile's earlier one: the cards found again that kept their
    judgment (by job_id), and the judged or imported cards kept without being found again."""

    merged: dict[str, Card]
    kept: list[Card]


_DAMAGED = (
    "Session file {} is damaged{}. Call run_sweep, then get_sweep_status, to load a fresh session; the next "
    "sweep moves the damaged file aside."
)


def _parse_legacy(path: Path) -> Session | None:
    """A session file of the JSON era, None if there is none; StorageError if it is damaged."""
    try:
        text = paths.read_in_real_dir(path, "Session file", reads.MAX_DATA_BYTES).decode("utf-8")
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
_KEPT = (*JUDGMENT_FIELDS, "judged_resume")
RANK_ORDER = "ORDER BY unjudged, score DESC, blocked, title_key, pos"
_COLUMNS = "session, pos, job_id, unjudged, score, title_key, judged_resume, kept, blocked, fresh, data"
_VALUES = "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
Row = tuple[int, int, str, int, int, str, str | None, int, int, int, str | bytes]
EMPTY_SWEEP = "{}@empty"
"""The session name of a profile's sweep that kept no card: it becomes the active session while the profile's
saved session (its earlier cards and judgments) stays under the profile's own name."""


def _row(session: int, pos: int, card: Card, packed: bool = True) -> Row:
    """A card's row; its JSON zlib-packed (pack_card) unless `packed` is False (a judgment's rewrite of a row)."""
    kept = card.imported or any(getattr(card, key) is not None for key in _KEPT)
    text = card_text(card)
    return (session, pos, card.job_id, int(card.match_pct is None), card.match_score, card.title.lower(),
            card.judged_resume, int(kept), int(card.blocked), int(card.is_new),
            pack_card(text) if packed else text)  # fmt: skip


PAGE_SIZE = 16_384
PACK_LEVEL = 1
"""zlib's fastest level: a card's JSON (2-4 KB, most of it the description) packs to 40-55 % of its size, within
a few points of level 6 at about two thirds of the CPU."""


def pack_card(text: str) -> bytes:
    """A card's JSON as the store keeps it: zlib-compressed bytes (a BLOB), so 100,000 cards with 2 KB descriptions
    take about a third of the disk. Rows of earlier versions, and those a judgment rewrote, hold the JSON as text:
    unpack_card reads both."""
    return zlib.compress(text.encode("utf-8"), PACK_LEVEL)


def unpack_card(job_id: str, data: str | bytes) -> str:
    """A card row's JSON text, whichever way it was stored; DamagedRow when a packed row does not unpack."""
    if isinstance(data, str):
        return data
    try:
        return zlib.decompress(data).decode("utf-8")
    except (zlib.error, UnicodeDecodeError) as exc:
        raise DamagedRow(f"card {job_id!r} whose packed JSON cannot be unpacked ({exc})") from None


def _only(eligible_only: bool, new_only: bool) -> str:
    """The filters of a page of cards, as SQL after `WHERE session = ?`."""
    return ("AND blocked = 0 " if eligible_only else "") + ("AND fresh = 1" if new_only else "")


class DamagedRow(Exception):
    """A row of the store that does not read back as Sweepy writes it (edited outside Sweepy): the message names
    the row and what is wrong; SessionStore._errors names the store and what to do."""


def _card(job_id: str, data: str | bytes) -> Card:
    """The one way a card row becomes a Card: every reader of the store's cards goes through here."""
    try:
        return Card.model_validate_json(unpack_card(job_id, data))
    except ValidationError as exc:
        raise DamagedRow(f"card {job_id!r} whose JSON {_unreadable(exc)}") from None


def _meta(row: tuple[Any, ...]) -> Session:
    """A session row's fields (its `meta` JSON), as Session; DamagedRow when they do not read back."""
    try:
        meta = reads.loads_finite(row[2])
        if not isinstance(meta, dict):
            raise ValueError("it is not an object")
        return Session.model_validate({**meta, "playbook": row[3], "cards": []})
    except ValidationError as exc:
        raise DamagedRow(f"session {row[1]!r} whose fields' JSON {_unreadable(exc)}") from None
    except (ValueError, TypeError) as exc:
        raise DamagedRow(f"session {row[1]!r} whose fields are not JSON Sweepy wrote ({exc})") from None


def _unreadable(exc: ValidationError) -> str:
    """What is wrong with a row's JSON, in words: torn or nested too deeply, or a field Sweepy never writes."""
    first = exc.errors()[0]
    if first["type"] == "json_invalid":
        return f"cannot be parsed ({first['msg'].removeprefix('Invalid JSON: ')})"
    return f"does not hold what Sweepy writes ({describe_validation_error(exc, limit=2).rstrip('.')})"


class View:
    """One session read in one SQLite transaction (a consistent snapshot): its fields, counts and pages."""

    def __init__(self, db: sqlite3.Connection, row: tuple[Any, ...], migrated: str | None) -> None:
        self.db = db
        self.id: int = row[0]
        self.name: str = row[1]
        self.session = _meta(row)
        self.card_count: int = row[4]
        self.version: int = row[6]
        """Counts this session's changes: with its token it tells a reader its copy is current."""
        self.cache_key: tuple[Any, ...] | None = None
        """Set by the store to (token, version) when the session lives in a file: what readers may key copies of
        its pages by. The token is random per session row, so a store deleted and made again never matches."""
        self._token: str = row[7]
        self._sweep: str | None = row[5]
        self.migrated = migrated
        """Set when this call moved the session from its old JSON file into the store: says so, once."""

    def counts(self, resume: str | None) -> Counts:
        judged = self.db.execute(
            "SELECT judged_resume, COUNT(*) FROM cards WHERE session = ? AND unjudged = 0 GROUP BY judged_resume",
            (self.id,),
        ).fetchall()
        stale = sum(n for fingerprint, n in judged if fingerprint is not None and fingerprint != resume)
        return Counts(self.card_count, sum(n for _f, n in judged) - stale, stale)

    def page(self, offset: int, limit: int | None, eligible_only: bool = False, new_only: bool = False) -> list[Card]:
        """Cards best first (a match_pct outranks keyword overlap; then the score, eligible before blocked, the
        title, the sweep's order), read by the ranking index: only the page's rows are read. `eligible_only`
        leaves out the cards an eligibility finding blocks; `new_only` keeps the cards no earlier sweep of the
        profile matched."""
        only = _only(eligible_only, new_only)
        rows = self.db.execute(
            f"SELECT job_id, data FROM cards WHERE session = ? {only} {RANK_ORDER} LIMIT ? OFFSET ?",
            (self.id, -1 if limit is None else limit, max(0, offset)),
        )
        return [_card(job_id, text) for job_id, text in rows]

    def ranks(self, job_ids: Iterable[str]) -> dict[str, int]:
        """Each card's place in `page`'s order (1: first), by the ranking index: the rows ranked before it are
        counted in the index's order, column by column (a judged card counts only judged rows)."""
        placed: dict[str, int] = {}
        for job_id in dict.fromkeys(job_ids):
            row = self.db.execute(
                "SELECT unjudged, score, blocked, title_key, pos FROM cards WHERE session = ? AND job_id = ? "
                "ORDER BY pos LIMIT 1",
                (self.id, job_id),
            ).fetchone()
            if row is not None:
                placed[job_id] = 1 + sum(self._before(row))
        return placed

    def _before(self, row: tuple[Any, ...]) -> Iterator[int]:
        unjudged, score, blocked, title_key, _pos = row
        for where, values in (
            ("unjudged < ?", (unjudged,)),
            ("unjudged = ? AND score > ?", (unjudged, score)),
            ("unjudged = ? AND score = ? AND blocked < ?", (unjudged, score, blocked)),
            ("unjudged = ? AND score = ? AND blocked = ? AND title_key < ?", (unjudged, score, blocked, title_key)),
            ("unjudged = ? AND score = ? AND blocked = ? AND title_key = ? AND pos < ?", row),
        ):
            yield self.db.execute(f"SELECT COUNT(*) FROM cards WHERE session = ? AND {where}",
                                  (self.id, *values)).fetchone()[0]  # fmt: skip

    def eligible_count(self) -> int:
        """Cards no eligibility finding blocks."""
        return self.count(eligible_only=True)

    def count(self, eligible_only: bool = False, new_only: bool = False) -> int:
        """Cards the page's filters keep (View.page)."""
        only = _only(eligible_only, new_only)
        row = self.db.execute(f"SELECT COUNT(*) FROM cards WHERE session = ? {only}", (self.id,)).fetchone()
        return int(row[0])

    def new_cards(self, limit: int) -> list[Card]:
        """The first `limit` new cards, best first (what a digest lists)."""
        return self.page(0, limit, new_only=True)

    def cards(self, job_ids: Iterable[str]) -> dict[str, Card]:
        """The cards with these job_ids (the first of a repeated id), by the id index."""
        found: dict[str, Card] = {}
        for job_id in dict.fromkeys(job_ids):
            row = self.db.execute(
                "SELECT data FROM cards WHERE session = ? AND job_id = ? ORDER BY pos LIMIT 1", (self.id, job_id)
            ).fetchone()
            if row is not None:
                found[job_id] = _card(job_id, row[0])
        return found

    def kept(self) -> dict[str, Card]:
        """The cards that carry a judgment, and the imported ones (what a later sweep keeps), by job_id."""
        rows = self.db.execute("SELECT job_id, data FROM cards WHERE session = ? AND kept = 1 ORDER BY pos",
                               (self.id,))  # fmt: skip
        found: dict[str, Card] = {}
        for job_id, text in rows:
            if job_id not in found:
                found[job_id] = _card(job_id, text)
        return found

    def all_cards(self) -> Iterator[Card]:
        """Every card, in the sweep's order, one at a time."""
        for job_id, text in self.db.execute("SELECT job_id, data FROM cards WHERE session = ? ORDER BY pos",
                                            (self.id,)):  # fmt: skip
            yield _card(job_id, text)

    def fields(self, *keys: str) -> Iterator[tuple[Any, ...]]:
        """(job_id, *card fields) of every card, read from its JSON without building a Card: None for a field the
        JSON lacks, an array or object as JSON text (as SQLite's json_extract answered them)."""
        rows = self.db.execute("SELECT job_id, data FROM cards WHERE session = ? ORDER BY pos", (self.id,))
        for job_id, data in rows:
            try:
                found = reads.loads_finite(unpack_card(job_id, data))
            except ValueError as exc:
                raise DamagedRow(f"card {job_id!r} whose JSON cannot be parsed ({exc})") from None
            if not isinstance(found, dict):
                raise DamagedRow(f"card {job_id!r} whose JSON is not an object")
            yield (job_id, *(_extracted(found.get(key)) for key in keys))

    def sweep(self) -> dict[str, Any] | None:
        """The sweep's result document without its cards (counts, drops, sources), when the store has it."""
        if not self._sweep:
            return None
        try:
            found = reads.loads_finite(self._sweep)
        except ValueError as exc:
            raise DamagedRow(f"session {self.name!r} whose sweep summary is not JSON Sweepy wrote ({exc})") from None
        return found if isinstance(found, dict) else None

    def whole(self) -> Session:
        """The session with every card loaded (for callers that need them all, and small sessions)."""
        return self.session.model_copy(update={"cards": list(self.all_cards())})


def _extracted(value: Any) -> Any:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) if isinstance(value, list | dict) else value


class Edit(View):
    """A View inside the write transaction: changes land when the `SessionStore.writing` block ends."""

    def _changed(self) -> None:
        self.db.execute("UPDATE sessions SET version = version + 1 WHERE id = ?", (self.id,))

    def save(self, cards: Iterable[Card]) -> None:
        """Write these cards back (every row of each job_id): their JSON and ranking columns."""
        self._changed()
        for card in cards:
            row = _row(self.id, 0, card, packed=False)  # a few rows, kept as JSON text
            _s, _p, _j, unjudged, score, title_key, judged_resume, kept, blocked, _f, text = row
            self.db.execute(
                "UPDATE cards SET unjudged = ?, score = ?, title_key = ?, judged_resume = ?, kept = ?, blocked = ?, "
                "data = ? WHERE session = ? AND job_id = ?",
                (unjudged, score, title_key, judged_resume, kept, blocked, text, self.id, card.job_id),
            )

    def add(self, cards: list[Card]) -> list[Card]:
        """Append cards whose job_id the session does not hold yet; returns those added."""
        self._changed()
        fresh: list[Card] = []
        for card in cards:
            if all(c.job_id != card.job_id for c in fresh) and not self.cards([card.job_id]):
                fresh.append(card)
        (last,) = self.db.execute("SELECT COALESCE(MAX(pos), -1) FROM cards WHERE session = ?", (self.id,)).fetchone()
        self.db.executemany(f"INSERT INTO cards ({_COLUMNS}) {_VALUES}",
                            (_row(self.id, last + 1 + n, c) for n, c in enumerate(fresh)))  # fmt: skip
        self.card_count += len(fresh)
        self.db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (self.card_count, self.id))
        return fresh

    def set_playbook(self, text: str) -> None:
        self.session.playbook = text
        self._changed()
        self.db.execute("UPDATE sessions SET playbook = ? WHERE id = ?", (text, self.id))

    def replace(self, session: Session) -> None:
        """Every field and card of the session as `session` has them (SessionStore.update's slow path)."""
        self._changed()
        self.db.execute("UPDATE sessions SET meta = ?, playbook = ? WHERE id = ?",
                        (session.meta_json(), session.playbook, self.id))  # fmt: skip
        self.db.execute("DELETE FROM cards WHERE session = ?", (self.id,))
        self.db.executemany(f"INSERT INTO cards ({_COLUMNS}) {_VALUES}",
                            (_row(self.id, n, c) for n, c in enumerate(session.cards)))  # fmt: skip
        self.card_count = len(session.cards)
        self.db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (self.card_count, self.id))
        self.session = session.model_copy(update={"cards": []})


def _not_found(folder: Path, stem: str | None) -> NotFound:
    hint = f"No saved session for profile {stem!r}" if stem else "No active session"
    return NotFound(f"{hint} in {folder}. Call run_sweep, then get_sweep_status until it reads completed.")


T = TypeVar("T")


class SessionStore:
    """The sessions of one results folder, in `sessions.db` there (SQLite, WAL).

    Every write holds the folder's lock (as every write to the results folder does) and runs in one IMMEDIATE
    transaction, so overlapping calls from threads or processes queue and none loses another's change; reads
    need no lock (a read transaction sees one committed state). A session file of the JSON era is moved into
    the store the first time it is read (the answer says so, in `migrated`) and kept beside as `.migrated`;
    where Sweepy may not write (a results_dir outside the workspace), it is read into a private in-memory
    store instead, and left as it is.
    """

    def __init__(self, folder: Path, writable: bool | Callable[[], bool] = True) -> None:
        """`writable`: whether Sweepy may write in the folder (or how to tell, asked only when an old session
        file is to be moved in)."""
        self.folder = folder
        self.path = folder / DB_NAME
        self._writable = writable
        self._memory: sqlite3.Connection | None = None

    # -- connections -------------------------------------------------------------------------------------------

    def present(self) -> bool:
        """Whether sessions.db exists, looked up in the results folder as checked: a folder swapped for a link is
        refused (PathNotAllowed), not read as one holding no session."""
        with self._errors():
            return paths.stat_in_real_dir(self.path) is not None

    @contextmanager
    def _errors(self) -> Iterator[None]:
        damaged = "Move it aside, then call run_sweep for a fresh session."
        try:
            with paths.sqlite_errors(f"The session store {self.path}", busy=_BUSY.format(self.folder), damaged=damaged,
                                     where=self.path):  # fmt: skip
                yield
        except DamagedRow as exc:  # a write's transaction has rolled back: nothing was changed
            raise StorageError(f"The session store {self.path} holds {exc}: it was changed outside Sweepy, and "
                               f"nothing was changed now. {damaged}") from None  # fmt: skip

    @contextmanager
    def _connect(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        if self._memory is not None:
            yield self._memory
            return
        if not write:  # a read creates nothing it need not: on a full disk it still reads (sqlite_reader)
            name = f"The session store {self.path}"
            with paths.sqlite_reader_in_real_dir(self.path, name, 30.0, check_same_thread=False) as reader:
                yield reader
            return
        # Opened in the folder as checked (a folder swapped for a link is refused); every write also holds its lock.
        with paths.sqlite_in_real_dir(self.path, timeout=30.0, check_same_thread=False) as db:
            db.execute("PRAGMA synchronous=NORMAL")
            yield db

    @contextmanager
    def _transaction(self, db: sqlite3.Connection, write: bool) -> Iterator[None]:
        db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _ensure_schema(self, db: sqlite3.Connection) -> None:
        """Create or migrate the schema (under the folder's lock, outside a transaction)."""
        if self._memory is None:
            # A new store's pages hold several packed cards each (about 1-2 KB): a 4 KB page held one, or two,
            # and the rest of it stayed empty. SQLite ignores this for a store that already has its pages.
            db.execute(f"PRAGMA page_size={PAGE_SIZE}")
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
        done = {row[0] for row in db.execute("SELECT name FROM migrations")}
        for name, migration in MIGRATIONS:
            if name not in done:
                with self._transaction(db, write=True):
                    migration(db)
                    db.execute("INSERT INTO migrations VALUES (?, ?)", (name, time.time()))

    @staticmethod
    def _has_schema(db: sqlite3.Connection) -> bool:
        found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cards'").fetchone()
        return found is not None

    # -- finding a session -------------------------------------------------------------------------------------

    @staticmethod
    def _find(db: sqlite3.Connection, stem: str | None) -> tuple[Any, ...] | None:
        if stem is None:
            named = db.execute("SELECT name FROM active WHERE slot = 1").fetchone()
            if named is None:
                return None
            stem = named[0]
        row: tuple[Any, ...] | None = db.execute(
            "SELECT id, name, meta, playbook, card_count, sweep, version, token FROM sessions WHERE name = ?", (stem,)
        ).fetchone()
        return row

    def _legacy_path(self, stem: str | None) -> Path:
        return session_path(self.folder, stem)

    def _migrate(self, db: sqlite3.Connection, found: dict[str | None, Session]) -> str:
        """Put the sessions read from old files (by stem; None: the active one) into the store, inside the
        write transaction; the note to show. The active file's profile and its saved file hold one session
        (they were written together): the active one's copy wins, as get_jobs showed it."""
        made: set[str] = set()  # a session the store held before is newer than any old file: never replaced
        for stem, session in sorted(found.items(), key=lambda item: item[0] is None):
            name = stem if stem is not None else (session.profile_stem or "")
            if name in made or self._find(db, name) is None:
                self._insert(db, name, session, session.cards, None)
                made.add(name)
            if stem is None:
                db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))
        files = " and ".join(self._legacy_path(stem).name for stem in found)
        if self._memory is not None:
            return (f"Read the session from {files} in {self.folder}, a file of an earlier Sweepy version; it was "
                    "not moved into a session store because the folder is outside the workspace.")  # fmt: skip
        return (f"Moved the session from {files}, written by an earlier Sweepy version, into {DB_NAME}; the old "
                "file is kept beside it with .migrated added to its name.")  # fmt: skip

    def _set_aside(self, stem: str | None) -> None:
        path = self._legacy_path(stem)
        target, n = path.with_name(f"{path.name}.migrated"), 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.migrated-{n}")
        with contextlib.suppress(OSError):  # the store now answers first: a file left behind is never read
            os.replace(path, target)

    def _insert(self, db: sqlite3.Connection, name: str, session: Session, cards: Iterable[Card],
                sweep: str | None) -> int:  # fmt: skip
        db.execute("DELETE FROM cards WHERE session = (SELECT id FROM sessions WHERE name = ?)", (name,))
        db.execute("DELETE FROM sessions WHERE name = ?", (name,))
        cursor = db.execute("INSERT INTO sessions (name, meta, playbook, sweep, token) VALUES (?, ?, ?, ?, ?)",
                            (name, session.meta_json(), session.playbook, sweep, secrets.token_hex(8)))  # fmt: skip
        session_id = int(cursor.lastrowid or 0)
        count = 0

        def rows() -> Iterator[Row]:
            nonlocal count
            for pos, card in enumerate(cards):
                count += 1
                yield _row(session_id, pos, card)

        db.executemany(f"INSERT INTO cards ({_COLUMNS}) {_VALUES}", rows())
        db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (count, session_id))
        return session_id

    def _locate(self, stem: str | None) -> str | None:
        """Make sure the store answers for `stem`: an old session file is migrated first (under the lock).
        Returns the migration note, if this call migrated."""
        if self.present():
            with self._connect() as db:
                if self._has_schema(db) and self._find(db, stem) is not None:
                    return None
        legacy = _parse_legacy(self._legacy_path(stem))  # damaged: said before anything is created
        if legacy is None:
            return None
        found: dict[str | None, Session] = {stem: legacy}
        if stem is None and legacy.profile_stem:  # its profile's saved file holds the same session
            with contextlib.suppress(StorageError, InvalidArgument):
                saved = _parse_legacy(self._legacy_path(legacy.profile_stem))
                if saved is not None:
                    found[legacy.profile_stem] = saved
        writable = self._writable() if callable(self._writable) else self._writable
        if not writable:
            self._memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            self._ensure_schema(self._memory)
            with self._transaction(self._memory, write=True):
                return self._migrate(self._memory, found)
        with folder_lock(self.folder), self._connect() as db:
            self._ensure_schema(db)
            with self._transaction(db, write=True):
                if self._find(db, stem) is not None:
                    return None  # another call migrated it meanwhile
                note = self._migrate(db, found)
            for moved in found:
                self._set_aside(moved)
            return note

    # -- reads and writes ---------------------------------------------------------------------------------------

    @contextmanager
    def reading(self, stem: str | None) -> Iterator[View]:
        """The session of `stem` (None: the active one) in one read transaction; NotFound when there is none."""
        with self._errors():
            if self._memory is None and self.present():  # the common case: one connection, one transaction
                with self._connect(write=False) as db, self._transaction(db, write=False):
                    try:
                        row = self._find(db, stem)
                    except sqlite3.OperationalError as exc:
                        if "no such table" not in str(exc):
                            raise
                        row = None  # a store being created: the slow path below waits for it
                    if row is not None:
                        yield self._view(db, row, None)
                        return
            note = self._locate(stem) if self.folder.is_dir() else None
            if self._memory is None and not self.present():
                raise _not_found(self.folder, stem)
            with self._connect() as db:
                if not self._has_schema(db):
                    raise _not_found(self.folder, stem)
                with self._transaction(db, write=False):
                    row = self._find(db, stem)
                    if row is None:
                        raise _not_found(self.folder, stem)
                    yield self._view(db, row, note)

    def _view(self, db: sqlite3.Connection, row: tuple[Any, ...], note: str | None) -> View:
        view = View(db, row, note)
        if self._memory is None:
            view.cache_key = (view._token, view.version)
        return view

    @contextmanager
    def writing(self, stem: str | None) -> Iterator[Edit]:
        """The session of `stem` (None: the active one) in one write transaction under the folder's lock;
        whatever the block changes lands when it ends, nothing when it raises."""
        with self._errors():
            note = self._locate(stem) if self.folder.is_dir() else None
            if not self.present() or self._memory is not None:
                raise _not_found(self.folder, stem)
            with folder_lock(self.folder), self._connect() as db:
                if not self._has_schema(db):
                    raise _not_found(self.folder, stem)
                with self._transaction(db, write=True):
                    row = self._find(db, stem)
                    if row is None:
                        raise _not_found(self.folder, stem)
                    yield Edit(db, row, note)

    def known_ids(self, stem: str | None) -> frozenset[str]:
        """The job_ids the earlier sweeps of profile `stem` matched: empty before its first sweep. A store of an
        earlier version (no such table yet) answers with its saved session's cards, as its migration will."""
        if self._memory is not None or not self.present():
            return frozenset()
        with self._errors(), self._connect(write=False) as db, self._transaction(db, write=False):
            try:
                rows = db.execute("SELECT job_id FROM known WHERE profile = ?", (stem or "",)).fetchall()
            except sqlite3.OperationalError as exc:
                if "no such table" not in str(exc):
                    raise
                rows = db.execute("SELECT job_id FROM cards WHERE session = (SELECT id FROM sessions WHERE name = ?)",
                                  (stem or "",)).fetchall() if self._has_schema(db) else []  # fmt: skip
        return frozenset(job_id for (job_id,) in rows)

    @contextmanager
    def transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        """One transaction on the store, for the tables beside the sessions (sweepy/store/digests.py): a write
        holds the folder's lock and makes the schema first; a read of a store not made yet raises NotFound."""
        with self._errors():
            if not write:
                if self._memory is not None or not self.present():
                    raise NotFound(f"No session store in {self.folder} yet. Call run_sweep first.")
                with self._connect(write=False) as db, self._transaction(db, write=False):
                    yield db
                return
            self.folder.mkdir(parents=True, exist_ok=True)
            with folder_lock(self.folder), self._connect() as db:
                self._ensure_schema(db)
                with self._transaction(db, write=True):
                    yield db

    def load(self, stem: str | None) -> Session:
        """The whole session, every card loaded: for small sessions and tests; the tools read pages."""
        with self.reading(stem) as view:
            return view.whole()

    def update(self, stem: str | None, change: Callable[[Session], T]) -> T:
        """Read the whole session, let `change` edit it, write it all back in one transaction (a slow path
        for tests and benches; the tools change the cards they touch, with `writing`)."""
        with self.writing(stem) as edit:
            session = edit.whole()
            outcome = change(session)
            edit.replace(session)
            return outcome

    def activate(self, session: Session, cards: Iterable[Card | EncodedCard] | None = None,
                 sweep: dict[str, Any] | None = None, known: Iterable[str] = (),
                 ended: Collection[str] = ()) -> Carried:  # fmt: skip
        """Make a finished sweep the active session and its profile's saved one, in one transaction.
        Judgments already given to a card with the same job_id in the profile's saved session are kept, and so
        is its playbook; the judged and imported cards this sweep did not find again are kept too, unless their
        job_id is `ended` (closed, rejected or withdrawn). `cards`: streamed, each a Card or a keyword-scored
        card already encoded (a sweep encodes its cards once, for the result file too); default
        `session.cards`. `sweep`: the result document without its cards. `known`: the job_ids the sweep matched,
        recorded for the profile (what the next sweep's cards are new against, see known_ids)."""
        if cards is None and not session.cards:
            self.activate_empty(session, sweep, known)
            return Carried({}, [])
        name = session.profile_stem or ""
        with self._errors():
            self.folder.mkdir(parents=True, exist_ok=True)
            with folder_lock(self.folder):
                stem = session.profile_stem
                if stem is not None:  # an old file of this profile: its judgments carry over; a damaged one goes
                    try:
                        self._locate(stem)
                    except StorageError:
                        path = self._legacy_path(stem)
                        os.replace(path, path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"))
                with self._connect() as db:
                    self._ensure_schema(db)
                    with self._transaction(db, write=True):
                        _record_known(db, name, known, session.sweep_id)
                        return self._replace(db, name, session, session.cards if cards is None else cards, sweep,
                                             ended)  # fmt: skip

    def activate_empty(self, session: Session, sweep: dict[str, Any] | None = None, known: Iterable[str] = ()) -> None:
        """Make a sweep that kept no card the active session, under a name of its own: the cards of another
        profile, or of an earlier sweep, must not look like this sweep's, and the profile's saved session (its
        earlier cards and judgments) stays for `get_jobs(profile_stem)` and for the next sweep to carry over."""
        name = EMPTY_SWEEP.format(session.profile_stem or "")
        header = json.dumps(sweep, ensure_ascii=False, allow_nan=False) if sweep is not None else None
        with self._errors():
            self.folder.mkdir(parents=True, exist_ok=True)
            with folder_lock(self.folder), self._connect() as db:
                self._ensure_schema(db)
                with self._transaction(db, write=True):
                    _record_known(db, session.profile_stem or "", known, session.sweep_id)
                    self._insert(db, name, session, [], header)
                    db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))

    def _earlier(self, db: sqlite3.Connection, name: str, session: Session) -> dict[str, Card]:
        """The judged and imported cards of the profile's saved session and of its empty sweep's session (where
        import_jobs put cards while that one was active), by job_id; the saved playbook goes to `session`."""
        earlier: dict[str, Card] = {}
        for source in (EMPTY_SWEEP.format(name), name):
            row = self._find(db, source)
            if row is not None:
                previous = View(db, row, None)
                earlier.update(previous.kept())
                if source == name:
                    session.playbook = session.playbook or previous.session.playbook
        return earlier

    def _replace(self, db: sqlite3.Connection, name: str, session: Session, cards: Iterable[Card | EncodedCard],
                 sweep: dict[str, Any] | None, ended: Collection[str] = ()) -> Carried:  # fmt: skip
        earlier = self._earlier(db, name, session)
        header = json.dumps(sweep, ensure_ascii=False, allow_nan=False) if sweep is not None else None
        session_id = self._insert(db, name, session, [], header)
        empty = EMPTY_SWEEP.format(name)  # its cards are carried: none stay behind to be carried again
        db.execute("DELETE FROM cards WHERE session = (SELECT id FROM sessions WHERE name = ?)", (empty,))
        db.execute("DELETE FROM sessions WHERE name = ?", (empty,))
        carried = Carried({}, [])
        found: set[str] = set()
        count = 0

        def rows() -> Iterator[Row]:
            nonlocal count
            for pos, item in enumerate(cards):
                count += 1
                found.add(item.job_id)
                if isinstance(item, EncodedCard) and item.job_id not in earlier:  # unjudged, as encoded
                    yield (session_id, pos, item.job_id, 1, item.match_score, item.title.lower(), None, 0,
                           int(item.blocked), int(item.is_new), pack_card(item.text))  # fmt: skip
                    continue
                card = item.card() if isinstance(item, EncodedCard) else item
                if (old := earlier.get(card.job_id)) is not None:
                    card.carry_judgment(old)
                    card.is_new = False  # the person had it already (imported or judged): nothing new to show
                    carried.merged[card.job_id] = card
                yield _row(session_id, pos, card)
            for job_id, card in earlier.items():  # still open, and not found again: kept as they were
                if job_id not in found and job_id not in ended:
                    card.is_new = False
                    carried.kept.append(card)
                    yield _row(session_id, count + len(carried.kept) - 1, card)

        db.executemany(f"INSERT INTO cards ({_COLUMNS}) {_VALUES}", rows())
        db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (count + len(carried.kept), session_id))
        db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))
        return carried


def _record_known(db: sqlite3.Connection, profile: str, job_ids: Iterable[str], sweep_id: str | None) -> None:
    db.executemany("INSERT OR IGNORE INTO known (profile, job_id, first_sweep) VALUES (?, ?, ?)",
                   ((profile, job_id, sweep_id) for job_id in job_ids))  # fmt: skip


def load_session(folder: Path, stem: str | None) -> Session:
    """The whole session (every card): see SessionStore.load."""
    return SessionStore(folder).load(stem)
