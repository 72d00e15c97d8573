"""Files written and read through the folder as it was checked: atomic replacement (a temporary file beside the
target, renamed into place), appends, removal, bounded reads, and the backup of a file Sweepy did not write."""

import contextlib
import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from ..errors import StorageError, SweepyError, write_advice
from . import realdirs
from .reads import open_regular, read_opened, regular_descriptor
from .realdirs import FILE_FLAGS, check_unmoved, make_unmoved, open_real_dir


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
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | FILE_FLAGS, 0o600, dir_fd=dir_fd), tmp
        except FileExistsError:
            continue


@contextlib.contextmanager
def atomic_writer(target: Path, size: int | None = None) -> Iterator[BinaryIO]:
    """atomic_write_bytes for a file written in pieces (a sweep's result file of 80,000 cards is never held as
    one string): the handle writes a temp file in the real folder, renamed over `target` when the block ends
    without an error, removed when it raises. `target` as for atomic_write_bytes; `size`, when known, is named
    in the error of a full disk."""
    try:
        if realdirs.DIR_FD_WRITES:
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
            make_unmoved(target.parent)
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
        if not realdirs.DIR_FD_WRITES:
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
    if not realdirs.DIR_FD_WRITES:
        check_unmoved(path.parent)
        return open_regular(path, what, max_bytes, error)
    dir_fd = open_real_dir(path.parent, create=False)
    try:
        fd = os.open(path.name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | FILE_FLAGS, dir_fd=dir_fd)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(f"{what} {path} cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(dir_fd)
    return regular_descriptor(fd, path, what, max_bytes, error)


def append_text(target: Path, text: str) -> None:
    """Append to a log file in a real folder (as atomic_write_bytes checks it), never through a link."""
    if not realdirs.DIR_FD_WRITES:
        make_unmoved(target.parent)
        with target.open("a", encoding="utf-8", errors="replace") as handle:
            check_unmoved(target.parent)  # opened by path: written only when the folder is still the real one
            handle.write(text)
        return
    dir_fd = open_real_dir(target.parent)
    try:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | FILE_FLAGS
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
