"""What every SQLite store of Sweepy does the same way: its schema brought up to date by named migrations, and
a write in one IMMEDIATE transaction (the history, the application store on it, the schedules)."""

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Migration = Callable[[sqlite3.Connection], None]
Migrations = list[tuple[str, Migration]]
"""A store's schema changes in order, each named once in its `migrations` table when applied."""


def migrate(db: sqlite3.Connection, migrations: Migrations, now: Callable[[], float]) -> None:
    """Apply the pending migrations in one IMMEDIATE transaction, so two processes opening a new database at once
    cannot both run the same one. Nothing pending (the common case) takes no write lock: a running writer must
    not block an open."""
    try:
        done = {row[0] for row in db.execute("SELECT name FROM migrations")}
        if all(name in done for name, _ in migrations):
            return
    except sqlite3.OperationalError:
        pass  # no migrations table yet
    with immediate(db):
        db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
        done = {row[0] for row in db.execute("SELECT name FROM migrations")}
        for name, migration in migrations:
            if name not in done:
                migration(db)
                db.execute("INSERT INTO migrations VALUES (?, ?)", (name, now()))


@contextmanager
def immediate(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction, taking the write lock at its start (a reader never has to upgrade mid-way):
    committed when the block ends, rolled back when it raises."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
