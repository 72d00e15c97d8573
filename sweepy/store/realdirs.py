"""The folders Sweepy writes in, held as they were checked: each part walked from / without following a link,
refused when a link took a checked folder's place, and the flags that say what the OS allows."""

import contextlib
import errno
import os
from pathlib import Path

from ..errors import PathNotAllowed

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
FILE_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
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
        make_unmoved(folder)


def make_unmoved(folder: Path) -> None:
    """make_real_dir where a folder cannot be held open: the path checked before and after it is made."""
    check_unmoved(folder)  # realpath resolves the parts that exist: a link among them is refused before mkdir
    folder.mkdir(parents=True, exist_ok=True)
    check_unmoved(folder)
