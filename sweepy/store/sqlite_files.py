"""SQLite databases opened through the folder as it was checked (the held descriptor where the OS names it by a
path), and a store's SQLite failures worded for the reader."""

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import SQLITE_ROOM, StorageError, StoreBusy, disk_full, sqlite_full
from . import realdirs
from .realdirs import check_unmoved, open_real_dir, swapped
from .sqlite_reads import sqlite_reader


@contextlib.contextmanager
def sqlite_errors(
    name: str, busy: str, damaged: str, unopenable: str | None = None, where: Path | None = None
) -> Iterator[None]:
    """A store's SQLite and file-system failures as StorageError, each saying what to do: `busy` when another
    writer holds the database (retryable), `damaged` after "`name` cannot be used (…)." for a file that is not a
    database, `unopenable` after "`name` cannot be opened (…)." for a file-system failure (which passes through
    untouched when None). With `where` (the database file), a full disk holding it is said so."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise StoreBusy(busy) from None
        if where is not None and sqlite_full(exc, where.parent):
            need = f"SQLite needs at least {SQLITE_ROOM:,} bytes there for its log index, more to write"
            raise StorageError(f"{name} cannot be used: {disk_full(where.parent, need)}.") from None
        raise StorageError(f"{name} cannot be used ({exc}).") from None
    except sqlite3.DatabaseError as exc:
        raise StorageError(f"{name} cannot be used ({exc}). {damaged}") from None
    except OSError as exc:
        if unopenable is None:
            raise
        raise StorageError(f"{name} cannot be opened ({exc.strerror or exc}). {unopenable}") from None


@contextlib.contextmanager
def sqlite_in_real_dir(path: Path, timeout: float, **options: Any) -> Iterator[sqlite3.Connection]:
    """A connection to the SQLite database `path` inside its folder as it was checked (connect_in_real_dir), closed
    with the folder's descriptor when the block ends."""
    db, dir_fd = connect_in_real_dir(path, timeout, **options)
    try:
        yield db
    finally:
        db.close()
        if dir_fd is not None:
            os.close(dir_fd)


@contextlib.contextmanager
def sqlite_reader_in_real_dir(path: Path, name: str, timeout: float, **options: Any) -> Iterator[sqlite3.Connection]:
    """A reading connection to `path` inside its folder as it was checked, as sqlite_in_real_dir, that still reads
    on a full disk (sqlite_reads.sqlite_reader: read-only and immutable when the -shm cannot be made)."""
    if not realdirs.DIR_FD_WRITES:
        check_unmoved(path.parent)
        db = _rechecked(sqlite_reader(path, name, timeout, **options), path.parent, None)
        try:
            yield db
        finally:
            db.close()
        return
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        if realdirs.PINNED_PATHS:
            db = sqlite_reader(Path(f"/proc/self/fd/{dir_fd}/{path.name}"), name, timeout, path.parent, **options)
        else:
            db = _rechecked(sqlite_reader(path, name, timeout, **options), path.parent, dir_fd)
        try:
            yield db
        finally:
            db.close()
    finally:
        os.close(dir_fd)


def connect_in_real_dir(path: Path, timeout: float, **options: Any) -> tuple[sqlite3.Connection, int | None]:
    """A connection to the SQLite database `path` (a real path, from resolve_write) inside its folder as it was
    checked, and the folder's descriptor the connection needs open while it lives (None where there is none):
    the caller closes both. The folder is opened part by part without following links (a folder swapped for a link
    since is refused, as for every other write). Where the OS names an open folder (PINNED_PATHS), SQLite opens the
    file through that descriptor, so neither the database nor its -wal and -shm can be created on the other side of
    a link swapped in after the check. Elsewhere it opens by path, and the folder is checked again after the open:
    a swap before the call is refused on every route."""
    if not realdirs.DIR_FD_WRITES:
        check_unmoved(path.parent)
        db = sqlite3.connect(path, timeout=timeout, isolation_level=None, **options)
        return _rechecked(db, path.parent, None), None
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        if realdirs.PINNED_PATHS:
            where = f"/proc/self/fd/{dir_fd}/{path.name}"
            return sqlite3.connect(where, timeout=timeout, isolation_level=None, **options), dir_fd
        db = sqlite3.connect(path, timeout=timeout, isolation_level=None, **options)
        return _rechecked(db, path.parent, dir_fd), dir_fd
    except BaseException:
        os.close(dir_fd)
        raise


def _rechecked(db: sqlite3.Connection, folder: Path, dir_fd: int | None) -> sqlite3.Connection:
    """`db`, opened by path in `folder`, when the folder is still the one checked (the same folder as the held
    descriptor, with no link on its path); closed and refused when not."""
    try:
        check_unmoved(folder)
        if dir_fd is not None:
            held, now = os.fstat(dir_fd), os.stat(folder)
            if (held.st_dev, held.st_ino) != (now.st_dev, now.st_ino):
                raise swapped(folder)
    except BaseException:
        db.close()
        raise
    return db
