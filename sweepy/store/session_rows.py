"""A session's cards as rows of the store: each card's JSON packed, the columns get_jobs ranks by, and the views a
read (View) and a write (Edit) of one session open."""

import json
import secrets
import sqlite3
import zlib
from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import ValidationError

from ..domain.cards import JUDGMENT_FIELDS, Card
from ..errors import describe_validation_error
from . import card_packing, reads
from .session_model import Counts, Session, card_text

_KEPT = (*JUDGMENT_FIELDS, "judged_resume")
RANK_ORDER = "ORDER BY unjudged, score DESC, blocked, title_key, pos"
COLUMNS = "session, pos, job_id, unjudged, score, title_key, judged_resume, kept, blocked, fresh, data"
VALUES = "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
Row = tuple[int, int, str, int, int, str, str | None, int, int, int, str | bytes]
EMPTY_SWEEP = "{}@empty"
"""The session name of a profile's sweep that kept no card: it becomes the active session while the profile's
saved session (its earlier cards and judgments) stays under the profile's own name."""


def card_row(session: int, pos: int, card: Card, packed: bool = True) -> Row:
    """A card's row; its JSON zlib-packed (pack_card) unless `packed` is False (a judgment's rewrite of a row)."""
    kept = card.imported or any(getattr(card, key) is not None for key in _KEPT)
    text = card_text(card)
    return (
        session,
        pos,
        card.job_id,
        int(card.match_pct is None),
        card.match_score,
        card.title.lower(),
        card.judged_resume,
        int(kept),
        int(card.blocked),
        int(card.is_new),
        pack_card(text) if packed else text,
    )


PAGE_SIZE = 16_384


def pack_card(text: str) -> bytes:
    """A card's JSON as the store keeps it: packed bytes (a BLOB, card_packing.pack), so 100,000 cards with 2 KB
    descriptions take about a third of the disk. Rows of earlier versions, and those a judgment rewrote, hold the
    JSON as text: unpack_card reads both."""
    return card_packing.pack(text)


def unpack_card(job_id: str, data: str | bytes) -> str:
    """A card row's JSON text, whichever way it was stored; DamagedRow when a packed row does not unpack."""
    if isinstance(data, str):
        return data
    try:
        return card_packing.unpack(data)
    except (zlib.error, ValueError) as exc:  # UnicodeDecodeError is a ValueError
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
            yield self.db.execute(
                f"SELECT COUNT(*) FROM cards WHERE session = ? AND {where}", (self.id, *values)
            ).fetchone()[0]

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
        rows = self.db.execute("SELECT job_id, data FROM cards WHERE session = ? AND kept = 1 ORDER BY pos", (self.id,))
        found: dict[str, Card] = {}
        for job_id, text in rows:
            if job_id not in found:
                found[job_id] = _card(job_id, text)
        return found

    def all_cards(self) -> Iterator[Card]:
        """Every card, in the sweep's order, one at a time."""
        for job_id, text in self.db.execute(
            "SELECT job_id, data FROM cards WHERE session = ? ORDER BY pos", (self.id,)
        ):
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
            row = card_row(self.id, 0, card, packed=False)  # a few rows, kept as JSON text
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
        self.db.executemany(
            f"INSERT INTO cards ({COLUMNS}) {VALUES}", (card_row(self.id, last + 1 + n, c) for n, c in enumerate(fresh))
        )
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
        self.db.execute(
            "UPDATE sessions SET meta = ?, playbook = ? WHERE id = ?", (session.meta_json(), session.playbook, self.id)
        )
        self.db.execute("DELETE FROM cards WHERE session = ?", (self.id,))
        self.db.executemany(
            f"INSERT INTO cards ({COLUMNS}) {VALUES}", (card_row(self.id, n, c) for n, c in enumerate(session.cards))
        )
        self.card_count = len(session.cards)
        self.db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (self.card_count, self.id))
        self.session = session.model_copy(update={"cards": []})


def record_known(db: sqlite3.Connection, profile: str, job_ids: Iterable[str], sweep_id: str | None) -> None:
    """Note the job_ids a profile's sweep matched (the first sweep that did), for `is_new` on later sweeps."""
    db.executemany(
        "INSERT OR IGNORE INTO known (profile, job_id, first_sweep) VALUES (?, ?, ?)",
        ((profile, job_id, sweep_id) for job_id in job_ids),
    )


def has_schema(db: sqlite3.Connection) -> bool:
    """Whether the store's tables exist (a fresh file has none until its first write)."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cards'").fetchone()
    return found is not None


def find_session(db: sqlite3.Connection, stem: str | None) -> tuple[Any, ...] | None:
    """The row of a profile's saved session, or (stem None) of the active one; None when there is none."""
    if stem is None:
        named = db.execute("SELECT name FROM active WHERE slot = 1").fetchone()
        if named is None:
            return None
        stem = named[0]
    row: tuple[Any, ...] | None = db.execute(
        "SELECT id, name, meta, playbook, card_count, sweep, version, token FROM sessions WHERE name = ?", (stem,)
    ).fetchone()
    return row


def insert_session(
    db: sqlite3.Connection, name: str, session: Session, cards: Iterable[Card], sweep: str | None
) -> int:
    """Write `session` under `name` with its cards in the open write transaction, replacing any session of that
    name; its id."""
    db.execute("DELETE FROM cards WHERE session = (SELECT id FROM sessions WHERE name = ?)", (name,))
    db.execute("DELETE FROM sessions WHERE name = ?", (name,))
    cursor = db.execute(
        "INSERT INTO sessions (name, meta, playbook, sweep, token) VALUES (?, ?, ?, ?, ?)",
        (name, session.meta_json(), session.playbook, sweep, secrets.token_hex(8)),
    )
    session_id = int(cursor.lastrowid or 0)
    count = 0

    def rows() -> Iterator[Row]:
        nonlocal count
        for pos, card in enumerate(cards):
            count += 1
            yield card_row(session_id, pos, card)

    db.executemany(f"INSERT INTO cards ({COLUMNS}) {VALUES}", rows())
    db.execute("UPDATE sessions SET card_count = ? WHERE id = ?", (count, session_id))
    return session_id


def earlier_cards(db: sqlite3.Connection, name: str, session: Session) -> dict[str, Card]:
    """The judged and imported cards of the profile's saved session and of its empty sweep's session (where
    import_jobs put cards while that one was active), by job_id; the saved playbook goes to `session`."""
    earlier: dict[str, Card] = {}
    for source in (EMPTY_SWEEP.format(name), name):
        row = find_session(db, source)
        if row is not None:
            previous = View(db, row, None)
            earlier.update(previous.kept())
            if source == name:
                session.playbook = session.playbook or previous.session.playbook
    return earlier
