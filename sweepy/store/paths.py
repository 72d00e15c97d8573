"""The workspace, the state folder and the write guard: every file Sweepy writes goes through here."""

import contextlib
import errno
import json
import os
import re
import secrets
import sqlite3
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from ..errors import (
    SQLITE_ROOM,
    InvalidArgument,
    NotFound,
    PathNotAllowed,
    StorageError,
    StoreBusy,
    SweepyError,
    disk_full,
    sqlite_full,
    write_advice,
)
from .reads import MAX_STATE_BYTES, loads_finite, open_regular, read_opened, regular_descriptor
from .sqlite_reads import sqlite_reader

INSTALL_DIR = Path(__file__).resolve().parents[2]
"""The folder holding the `sweepy` package: a checkout (with server.py), or site-packages for an installed wheel.
Bundled files (`sweepy/data/...`) are looked up here; it is the default workspace only for a checkout
(sweepy.settings.default_home)."""


def _check_text(raw: str, what: str) -> None:
    if not raw or not raw.strip():
        raise InvalidArgument(f"{what} is empty; pass a file path.")
    if "\x00" in raw:
        raise InvalidArgument(f"{what} contains a NUL character; pass a plain file path.")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgument(f"{what} is not valid Unicode text; pass a plain file path.") from None


MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096
MAX_PATH_PARTS = 128


def _check_limits(path: Path, raw: str, what: str) -> None:
    """The OS limits, said in words: otherwise ENAMETOOLONG is a bare OSError and thousands of parts exhaust
    the recursion of Path.mkdir."""
    shown = raw if len(raw) <= 60 else raw[:57] + "..."
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > MAX_NAME_BYTES:
            raise InvalidArgument(
                f"{what} {shown!r}: a part of the path is longer than {MAX_NAME_BYTES} bytes ({size} bytes, "
                f"starting {part[:20]!r}). Shorten that file or folder name."
            )
    if len(path.parts) > MAX_PATH_PARTS or len(os.fsencode(str(path))) > MAX_PATH_BYTES:
        raise InvalidArgument(
            f"{what} {shown!r} is past the path limit ({len(path.parts)} parts, {len(os.fsencode(str(path)))} "
            f"bytes; at most {MAX_PATH_PARTS} parts and {MAX_PATH_BYTES} bytes). Use a shorter path."
        )


def _check_name(raw: str, what: str) -> None:
    """A name Sweepy writes must read back as typed: one starting or ending in a space or a line break (easy to
    send by mistake, invisible in a listing) or holding a control character is refused, not created."""
    name = Path(raw).name
    control = next((ch for ch in name if unicodedata.category(ch) == "Cc"), None)
    if name != name.rstrip():
        ch = name[len(name.rstrip())]
        problem = f"ends in {_CHAR_NAMES.get(ch, f'white space ({unicodedata.name(ch, hex(ord(ch)))})')}"
    elif name != name.lstrip():
        ch = name[0]
        problem = f"starts with {_CHAR_NAMES.get(ch, f'white space ({unicodedata.name(ch, hex(ord(ch)))})')}"
    elif control is not None:
        problem = f"contains the control character {control!r}"
    else:
        return
    raise InvalidArgument(
        f"{what} {raw!r} {problem}, which would make a file whose name does not read back as typed. Remove it, "
        "e.g. 'results/report.pdf'."
    )


_CHAR_NAMES = {" ": "a space", "\n": "a line break", "\r": "a carriage return", "\t": "a tab"}


def _folder(folder: Path, raw: str, what: str) -> Path:
    if folder.exists() and not folder.is_dir():
        raise InvalidArgument(f"{what} {raw!r} is a file, not a folder. Pass a folder, e.g. 'results'.")
    return folder


@dataclass(frozen=True)
class Workspace:
    """Where Sweepy may write: the workspace (`SWEEPY_HOME`) and the state folder (`SWEEPY_STATE_DIR`)."""

    home: Path
    state_dir: Path
    allow_external: bool = False

    @property
    def roots(self) -> tuple[Path, Path]:
        return (self.home, self.state_dir)

    def expand(self, raw: str | os.PathLike[str], what: str = "path") -> Path:
        """Absolute, un-resolved path: `~` expanded, relative paths taken from the workspace."""
        text = os.fspath(raw)
        _check_text(text, what)
        if text.startswith("~/.sweepy/") or text == "~/.sweepy":
            # `~/.sweepy` in a profile means the state folder, wherever SWEEPY_STATE_DIR puts it.
            text = str(self.state_dir / text[len("~/.sweepy/") :]) if text != "~/.sweepy" else str(self.state_dir)
        path = Path(os.path.expanduser(text))
        path = path if path.is_absolute() else self.home / path
        _check_limits(path, os.fspath(raw), what)
        return path

    def resolve_write(self, raw: str | os.PathLike[str], what: str = "output path") -> Path:
        """The real path of a write target, refused unless it lies inside an allowed root.

        Symlinks and `..` are resolved first and the result compared by path component, so neither
        `<home>/../<home>_evil` nor a link pointing outside gets through.
        """
        expanded = self.expand(raw, what)
        _check_name(os.fspath(raw), what)
        real = Path(os.path.realpath(expanded))
        if self.allow_external or any(real == root or real.is_relative_to(root) for root in self.roots):
            return real
        self._refuse_swapped_root(expanded, what, raw)
        raise PathNotAllowed(
            f"{what} {os.fspath(raw)!r} resolves to {str(real)!r}, outside Sweepy's allowed folders "
            f"({self.home} and {self.state_dir}). Choose a path inside the workspace, or set "
            "SWEEPY_ALLOW_EXTERNAL_WRITES=1 in the server's environment to allow it.",
            allowed_roots=[str(r) for r in self.roots],
        )

    def _refuse_swapped_root(self, expanded: Path, what: str, raw: str | os.PathLike[str]) -> None:
        """Say so when `expanded` lies in a root that is a link now: the roots are real paths from the start
        (sweepy.settings), so one that resolves elsewhere was replaced by a link while Sweepy ran."""
        for root, name in ((self.state_dir, "The state folder"), (self.home, "The workspace")):
            now = Path(os.path.realpath(root))
            if (expanded == root or expanded.is_relative_to(root)) and now != root:
                raise PathNotAllowed(
                    f"{name} {root} was replaced by a link while Sweepy ran (it now leads to {now}), so {what} "
                    f"{os.fspath(raw)!r} was not read or written there. Put the folder back, or restart Sweepy with "
                    f"{'SWEEPY_STATE_DIR' if root == self.state_dir else 'SWEEPY_HOME'} naming the folder to use.",
                    allowed_roots=[str(r) for r in self.roots],
                )

    def resolve_read(self, raw: str | os.PathLike[str], what: str = "file") -> Path:
        """An existing regular file. Relative paths are looked up in the workspace, then in Sweepy's install
        folder (so the bundled samples work from any workspace)."""
        path = self.expand(raw, what)
        text = os.fspath(raw)
        if not Path(os.path.expanduser(text)).is_absolute() and not path.exists():
            bundled = INSTALL_DIR / text
            if bundled.exists():
                path = bundled
        if not path.exists():
            raise NotFound(f"{what} {text!r} does not exist (looked for {path}). Check the path and try again.")
        if not path.is_file():
            raise NotFound(f"{what} {text!r} is not a regular file ({path}). Pass the path of a file.")
        return path.resolve()

    def resolve_served(self, path: Path, what: str) -> Path:
        """A file an MCP resource may serve: an existing regular file whose real path lies inside the workspace
        or the state folder. Unlike writes, SWEEPY_ALLOW_EXTERNAL_WRITES never widens this: a resource URI
        comes from the client, and must not read the rest of the disk."""
        real = Path(os.path.realpath(path))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            raise PathNotAllowed(f"{what} lies outside Sweepy's workspace ({self.home}); it is not served.")
        if not real.is_file():
            raise NotFound(f"{what} does not exist.")
        return real

    def read_dir(self, raw: str, what: str) -> Path:
        """A folder to read from: any path the process can open (reads are not confined), never created."""
        return _folder(Path(os.path.realpath(self.expand(raw, what))), raw, what)

    def results_dir(self, raw: str = "results") -> Path:
        """A folder to write results into: inside the allowed roots (see resolve_write)."""
        return _folder(self.resolve_write(raw, "results_dir"), raw, "results_dir")

    def remove_stale_temp_files(self, older_than: float = 3600.0) -> list[Path]:
        """Delete the `.name.XXXX.tmp` files an interrupted atomic write left behind (a killed process cannot
        clean up). Only in Sweepy's own folders, and only ones old enough that no write still owns them."""
        removed = []
        cutoff = time.time() - older_than
        for folder in (self.home / "results", self.home / "profiles", self.state_dir):
            for path in folder.glob(".*.tmp") if folder.is_dir() else ():
                with contextlib.suppress(OSError):
                    if path.is_file() and not path.is_symlink() and path.stat().st_mtime < cutoff:
                        path.unlink()
                        removed.append(path)
        return removed

    @property
    def state_file(self) -> Path:
        return self.state_dir / "state.json"

    def read_state(self) -> dict[str, Any]:
        try:
            data = loads_finite(read_in_real_dir(self.state_file, "State file", MAX_STATE_BYTES))
        except PathNotAllowed:
            raise  # a state folder swapped for a link: its state.json is not Sweepy's (another default profile)
        except (OSError, ValueError, SweepyError):
            return {}
        return data if isinstance(data, dict) else {}

    def update_state(self, **changes: Any) -> None:
        state = self.read_state()
        state.update(changes)
        atomic_write_text(self.resolve_write(self.state_file, "state file"), json.dumps(state, indent=2))


_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_FILE_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
DIR_FD_WRITES = (
    hasattr(os, "O_NOFOLLOW")
    and hasattr(os, "O_DIRECTORY")
    and {os.open, os.mkdir, os.rename, os.unlink} <= os.supports_dir_fd  # rename: os.replace
)
"""Where the OS lets a write hold its folder open (Linux, macOS): checked at the moment of writing."""
PINNED_PATHS = os.path.isdir("/proc/self/fd")
"""Where the OS names an open folder by a path (/proc/self/fd on Linux): SQLite, which opens files by path, opens
them through the held folder. Elsewhere a database is opened by path between two checks of its folder."""


def swapped(folder: Path) -> PathNotAllowed:
    """The refusal for a folder Sweepy checked that is no longer a real folder (a link or a file took its place)."""
    return PathNotAllowed(
        f"{folder} is no longer a real folder: it was replaced by a link (or a file) while Sweepy ran, so nothing "
        "was written there or read from it. Put the folder back (or restart Sweepy with SWEEPY_HOME and "
        "SWEEPY_STATE_DIR naming the folders to use), then try again."
    )


def check_unmoved(folder: Path) -> None:
    """Refuse `folder` (a real path, from resolve_write) when a part of it is a link now: the check of the routes
    that open by path (no folder descriptor), made before and after the open."""
    if Path(os.path.realpath(folder)) != folder:
        raise swapped(folder)


def open_real_dir(folder: Path, create: bool = True) -> int:
    """A descriptor of `folder`, walked from `/` one part at a time without following a symlink, creating the
    missing parts (unless not `create`: then FileNotFoundError). `folder` is a real path (from resolve_write): a
    part that is a symlink now was swapped in after it was checked, and is refused. Writing through the
    descriptor cannot be redirected later."""
    fd = os.open(folder.anchor, _DIR_FLAGS)
    try:
        for depth, part in enumerate(folder.parts[1:], 2):
            try:
                try:
                    child = os.open(part, _DIR_FLAGS, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        raise
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(part, 0o777, dir_fd=fd)
                    child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                raise swapped(Path(*folder.parts[:depth])) from None
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


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
    if not DIR_FD_WRITES:
        check_unmoved(path.parent)
        db = _rechecked(sqlite_reader(path, name, timeout, **options), path.parent, None)
        try:
            yield db
        finally:
            db.close()
        return
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        if PINNED_PATHS:
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
    if not DIR_FD_WRITES:
        check_unmoved(path.parent)
        db = sqlite3.connect(path, timeout=timeout, isolation_level=None, **options)
        return _rechecked(db, path.parent, None), None
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        if PINNED_PATHS:
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


def stat_in_real_dir(path: Path) -> os.stat_result | None:
    """The stat of `path` (a real path, from resolve_write) looked up inside its folder as it was checked, never
    following a link: None when the file or its folder does not exist, PathNotAllowed when a part of the folder
    was swapped for a link. What a read asks before it opens a database it must not create."""
    try:
        if not DIR_FD_WRITES:
            check_unmoved(path.parent)
            return os.stat(path, follow_symlinks=False)
        dir_fd = open_real_dir(path.parent, create=False)
        try:
            return os.stat(path.name, dir_fd=dir_fd, follow_symlinks=False)
        finally:
            os.close(dir_fd)
    except FileNotFoundError:
        return None


def make_real_dir(folder: Path) -> None:
    """Create `folder` (a real path, from resolve_write) part by part, never through a symbolic link."""
    if DIR_FD_WRITES:
        os.close(open_real_dir(folder))
    else:
        _make_unmoved(folder)


def _make_unmoved(folder: Path) -> None:
    """make_real_dir where a folder cannot be held open: the path checked before and after it is made."""
    check_unmoved(folder)  # realpath resolves the parts that exist: a link among them is refused before mkdir
    folder.mkdir(parents=True, exist_ok=True)
    check_unmoved(folder)


def atomic_write_bytes(target: Path, data: bytes) -> None:
    """Write beside the target, fsync, rename over it, fsync the folder: never a torn file.

    `target` must come from `Workspace.resolve_write`. The folder is opened part by part without following
    symlinks at the moment of writing, so swapping it for a link after the check cannot redirect the write.
    """
    with atomic_writer(target, len(data)) as handle:
        handle.write(data)


def _open_temp(dir_fd: int, name: str) -> tuple[int, str]:
    """A new temp file beside `name` in the open folder (never through a link): its descriptor and name."""
    while True:
        tmp = f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FILE_FLAGS, 0o600, dir_fd=dir_fd), tmp
        except FileExistsError:
            continue


@contextlib.contextmanager
def atomic_writer(target: Path, size: int | None = None) -> Iterator[BinaryIO]:
    """atomic_write_bytes for a file written in pieces (a sweep's result file of 80,000 cards is never held as
    one string): the handle writes a temp file in the real folder, renamed over `target` when the block ends
    without an error, removed when it raises. `target` as for atomic_write_bytes; `size`, when known, is named
    in the error of a full disk."""
    try:
        if DIR_FD_WRITES:
            dir_fd = open_real_dir(target.parent)
            try:
                fd, tmp = _open_temp(dir_fd, target.name)
                try:
                    with os.fdopen(fd, "wb") as handle:
                        yield handle
                        handle.flush()
                        os.fsync(handle.fileno())
                    os.replace(tmp, target.name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
                except BaseException:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp, dir_fd=dir_fd)
                    raise
                with contextlib.suppress(OSError):
                    os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        else:
            _make_unmoved(target.parent)
            fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as handle:
                    yield handle
                    handle.flush()
                    os.fsync(handle.fileno())
                os.replace(name, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(name)
                raise
    except OSError as exc:
        raise StorageError(f"Cannot write {target}: {write_advice(exc, target.parent, size)}.") from exc


def remove_file(target: Path) -> bool:
    """Delete `target` (a real path, as for atomic_write_bytes) inside its folder opened without following links,
    so a folder swapped for a link cannot make Sweepy delete a file elsewhere. False when it was not there."""
    try:
        if not DIR_FD_WRITES:
            check_unmoved(target.parent)
            target.unlink()
            return True
        dir_fd = open_real_dir(target.parent, create=False)
        try:
            os.unlink(target.name, dir_fd=dir_fd)
        finally:
            os.close(dir_fd)
        return True
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StorageError(f"Cannot delete {target}: {write_advice(exc, target.parent)}.") from exc


def read_in_real_dir(path: Path, what: str, max_bytes: int, error: type[SweepyError] = StorageError) -> bytes:
    """read_regular of a file of Sweepy's state, read in its folder opened without following links (see
    open_real_dir; nothing is created): a folder swapped for a link reads as PathNotAllowed, not the other side."""
    return read_opened(open_in_real_dir(path, what, max_bytes, error), path, what, max_bytes, error)


def open_in_real_dir(path: Path, what: str, max_bytes: int, error: type[SweepyError] = StorageError) -> BinaryIO:
    """A file of Sweepy's state opened for reading as read_in_real_dir opens it, for a reader that streams it."""
    if not DIR_FD_WRITES:
        check_unmoved(path.parent)
        return open_regular(path, what, max_bytes, error)
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        fd = os.open(path.name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _FILE_FLAGS, dir_fd=dir_fd)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(f"{what} {path} cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(dir_fd)
    return regular_descriptor(fd, path, what, max_bytes, error)


def append_text(target: Path, text: str) -> None:
    """Append to a log file in a real folder (as atomic_write_bytes checks it), never through a link."""
    if not DIR_FD_WRITES:
        _make_unmoved(target.parent)
        with target.open("a", encoding="utf-8", errors="replace") as handle:
            check_unmoved(target.parent)  # opened by path: written only when the folder is still the real one
            handle.write(text)
        return
    dir_fd = open_real_dir(target.parent)
    try:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | _FILE_FLAGS
        with os.fdopen(os.open(target.name, flags, 0o644, dir_fd=dir_fd), "a", encoding="utf-8", errors="replace") as f:
            f.write(text)
    finally:
        os.close(dir_fd)


def atomic_write_text(target: Path, text: str) -> None:
    atomic_write_bytes(target, text.encode("utf-8"))


def keep_backup(target: Path, new: bytes, now: float, max_bytes: int) -> Path | None:
    """Copy `target` to `{name}.bak-YYYYmmdd-HHMMSS` in its folder when writing `new` would change it (a file a
    person edited by hand must not vanish). None when there is nothing to keep. `target` as for atomic_write."""
    try:
        old = read_in_real_dir(target, "The file to replace,", max_bytes)
    except FileNotFoundError:
        return None
    if old == new:
        return None
    base = f"{target.name}.bak-{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}"
    backup, n = target.with_name(base), 1
    while backup.exists():
        n += 1
        backup = target.with_name(f"{base}-{n}")
    atomic_write_bytes(backup, old)
    return backup


RESULT_NAME = re.compile(r"(?P<stem>.+)_(?P<stamp>\d{8}-\d{6})(?:-\d+)?\.json")
"""A sweep's result file: `<profile stem>_<YYYYmmdd-HHMMSS>[-n].json` in its results folder."""


def result_files(folder: Path, stem: str | None) -> list[Path]:
    """Sweep result files, newest first (by the timestamp in the name, then by mtime)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        match = RESULT_NAME.fullmatch(path.name)
        if match and (stem is None or match["stem"] == stem):
            found.append((match["stamp"], path.stat().st_mtime_ns, path))
    return [p for _s, _m, p in sorted(found, reverse=True)]
