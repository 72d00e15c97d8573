"""The active session and each profile's saved session, in the results folder's session store (`sessions.db`).

Writes run under the results folder's lock in one SQLite transaction each, so readers need no lock: they see
one committed state. Reads never write (no lock file, no quarantine), except to move a session file of the
JSON era into the store, once, saying so.
"""

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ..domain.cards import Card, EncodedCard
from ..errors import InvalidArgument, NotFound, StorageError
from . import realdirs, sqlite_files
from .folder_lock import BUSY, folder_lock
from .session_migrations import MIGRATIONS, parse_legacy, set_aside
from .session_model import Carried, Session, not_found, session_path
from .session_rows import (
    COLUMNS,
    EMPTY_SWEEP,
    PAGE_SIZE,
    VALUES,
    DamagedRow,
    Edit,
    Row,
    View,
    card_row,
    earlier_cards,
    find_session,
    has_schema,
    insert_session,
    pack_card,
    record_known,
)

DB_NAME = "sessions.db"


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
            return realdirs.stat_in_real_dir(self.path) is not None

    @contextmanager
    def _errors(self) -> Iterator[None]:
        damaged = "Move it aside, then call run_sweep for a fresh session."
        try:
            name, busy = f"The session store {self.path}", BUSY.format(self.folder)
            with sqlite_files.sqlite_errors(name, busy=busy, damaged=damaged, where=self.path):
                yield
        except DamagedRow as exc:  # a write's transaction has rolled back: nothing was changed
            raise StorageError(
                f"The session store {self.path} holds {exc}: it was changed outside Sweepy, and "
                f"nothing was changed now. {damaged}"
            ) from None

    @contextmanager
    def _connect(self, write: bool = True) -> Iterator[sqlite3.Connection]:
        if self._memory is not None:
            yield self._memory
            return
        if not write:  # a read creates nothing it need not: on a full disk it still reads (sqlite_reader)
            name = f"The session store {self.path}"
            with sqlite_files.sqlite_reader_in_real_dir(self.path, name, 30.0, check_same_thread=False) as reader:
                yield reader
            return
        # Opened in the folder as checked (a folder swapped for a link is refused); every write also holds its lock.
        with sqlite_files.sqlite_in_real_dir(self.path, timeout=30.0, check_same_thread=False) as db:
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

    def _legacy_path(self, stem: str | None) -> Path:
        return session_path(self.folder, stem)

    def _migrate(self, db: sqlite3.Connection, found: dict[str | None, Session]) -> str:
        """Put the sessions read from old files (by stem; None: the active one) into the store, inside the
        write transaction; the note to show. The active file's profile and its saved file hold one session
        (they were written together): the active one's copy wins, as get_jobs showed it."""
        made: set[str] = set()  # a session the store held before is newer than any old file: never replaced
        for stem, session in sorted(found.items(), key=lambda item: item[0] is None):
            name = stem if stem is not None else (session.profile_stem or "")
            if name in made or find_session(db, name) is None:
                insert_session(db, name, session, session.cards, None)
                made.add(name)
            if stem is None:
                db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))
        files = " and ".join(self._legacy_path(stem).name for stem in found)
        if self._memory is not None:
            return (
                f"Read the session from {files} in {self.folder}, a file of an earlier Sweepy version; it was "
                "not moved into a session store because the folder is outside the workspace."
            )
        return (
            f"Moved the session from {files}, written by an earlier Sweepy version, into {DB_NAME}; the old "
            "file is kept beside it with .migrated added to its name."
        )

    def _locate(self, stem: str | None) -> str | None:
        """Make sure the store answers for `stem`: an old session file is migrated first (under the lock).
        Returns the migration note, if this call migrated."""
        if self.present():
            with self._connect() as db:
                if has_schema(db) and find_session(db, stem) is not None:
                    return None
        legacy = parse_legacy(self._legacy_path(stem))  # damaged: said before anything is created
        if legacy is None:
            return None
        found: dict[str | None, Session] = {stem: legacy}
        if stem is None and legacy.profile_stem:  # its profile's saved file holds the same session
            with contextlib.suppress(StorageError, InvalidArgument):
                saved = parse_legacy(self._legacy_path(legacy.profile_stem))
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
                if find_session(db, stem) is not None:
                    return None  # another call migrated it meanwhile
                note = self._migrate(db, found)
            for moved in found:
                set_aside(self._legacy_path(moved))
            return note

    # -- reads and writes ---------------------------------------------------------------------------------------

    @contextmanager
    def reading(self, stem: str | None) -> Iterator[View]:
        """The session of `stem` (None: the active one) in one read transaction; NotFound when there is none."""
        with self._errors():
            if self._memory is None and self.present():  # the common case: one connection, one transaction
                with self._connect(write=False) as db, self._transaction(db, write=False):
                    try:
                        row = find_session(db, stem)
                    except sqlite3.OperationalError as exc:
                        if "no such table" not in str(exc):
                            raise
                        row = None  # a store being created: the slow path below waits for it
                    if row is not None:
                        yield self._view(db, row, None)
                        return
            note = self._locate(stem) if self.folder.is_dir() else None
            if self._memory is None and not self.present():
                raise not_found(self.folder, stem)
            with self._connect() as db:
                if not has_schema(db):
                    raise not_found(self.folder, stem)
                with self._transaction(db, write=False):
                    row = find_session(db, stem)
                    if row is None:
                        raise not_found(self.folder, stem)
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
                raise not_found(self.folder, stem)
            with folder_lock(self.folder), self._connect() as db:
                if not has_schema(db):
                    raise not_found(self.folder, stem)
                with self._transaction(db, write=True):
                    row = find_session(db, stem)
                    if row is None:
                        raise not_found(self.folder, stem)
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
                rows = (
                    db.execute(
                        "SELECT job_id FROM cards WHERE session = (SELECT id FROM sessions WHERE name = ?)",
                        (stem or "",),
                    ).fetchall()
                    if has_schema(db)
                    else []
                )
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

    def activate(
        self,
        session: Session,
        cards: Iterable[Card | EncodedCard] | None = None,
        sweep: dict[str, Any] | None = None,
        known: Iterable[str] = (),
        ended: Collection[str] = (),
    ) -> Carried:
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
                        record_known(db, name, known, session.sweep_id)
                        return self._replace(db, name, session, session.cards if cards is None else cards, sweep, ended)

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
                    record_known(db, session.profile_stem or "", known, session.sweep_id)
                    insert_session(db, name, session, [], header)
                    db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))

    def _replace(
        self,
        db: sqlite3.Connection,
        name: str,
        session: Session,
        cards: Iterable[Card | EncodedCard],
        sweep: dict[str, Any] | None,
        ended: Collection[str] = (),
    ) -> Carried:
        earlier = earlier_cards(db, name, session)
        header = json.dumps(sweep, ensure_ascii=False, allow_nan=False) if sweep is not None else None
        session_id = insert_session(db, name, session, [], header)
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
                    yield (
                        session_id,
                        pos,
                        item.job_id,
                        1,
                        item.match_score,
                        item.title.lower(),
                        None,
                        0,
                        int(item.blocked),
                        int(item.is_new),
                        pack_card(item.text),
                    )
                    continue
                card = item.card() if isinstance(item, EncodedCard) else item
                if (old := earlier.get(card.job_id)) is not None:
                    card.carry_judgment(old)
                    card.is_new = False  # the person had it already (imported or judged): nothing new to show
                    carried.merged[card.job_id] = card
                yield card_row(session_id, pos, card)
            for job_id, card in earlier.items():  # still open, and not found again: kept as they were
                if job_id not in found and job_id not in ended:
                    card.is_new = False
                    carried.kept.append(card)
                    yield card_row(session_id, count + len(carried.kept) - 1, card)

        db.executemany(f"INSERT INTO cards ({COLUMNS}) {VALUES}", rows())
        db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (count + len(carried.kept), session_id))
        db.execute("INSERT OR REPLACE INTO active (slot, name) VALUES (1, ?)", (name,))
        return carried


def load_session(folder: Path, stem: str | None) -> Session:
    """The whole session (every card): see SessionStore.load."""
    return SessionStore(folder).load(stem)
