"""Reading a SQLite store on a full disk: a read must not need room it does not use."""

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Any

from ..errors import SQLITE_ROOM, StorageError, disk_full, sqlite_full


def sqlite_reader(
    path: Path, name: str, timeout: float, folder: Path | None = None, **options: Any
) -> sqlite3.Connection:
    """A connection for reading the WAL database `path`, even on a full disk: SQLite must create the -shm index
    (32 KB) before a first read, so when that fails for want of space, and the write-ahead log holds nothing
    (the last writer checkpointed it, as closing does), the file is opened read-only and immutable, which
    creates nothing. A log still holding changes cannot be read that way: StorageError says so (`name`: the
    store, as its messages name it; `folder`, its folder as messages name it, when `path` is one through a held
    descriptor). Nothing may write through the connection; the caller closes it."""
    db: sqlite3.Connection = sqlite3.connect(path, timeout=timeout, isolation_level=None, **options)
    try:
        db.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return db
    except sqlite3.OperationalError as exc:
        db.close()
        if not sqlite_full(exc, path.parent):
            raise
        shown = folder or path.parent
        wal = path.with_name(f"{path.name}-wal")
        with contextlib.suppress(FileNotFoundError):
            if wal.stat().st_size > 0:
                raise StorageError(
                    f"{name} cannot be read: {disk_full(shown, f'SQLite needs {SQLITE_ROOM:,} bytes')}. Its "
                    f"write-ahead log {wal.name} holds changes not yet in the database, so it cannot be read "
                    "without that room."
                ) from None
    uri = f"{Path(os.path.abspath(path)).as_uri()}?mode=ro&immutable=1"
    frozen: sqlite3.Connection = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None, **options)
    return frozen
