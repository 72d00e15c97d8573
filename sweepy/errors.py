"""The one exception tree. sweepy.mcp.protocol turns every SweepyError into the error payload. Also the words
for the file-system failures every store shares (a full disk, a read-only one), so each says the same."""

import errno
import os
from pathlib import Path
from typing import Any

SQLITE_ROOM = 32 * 1024
"""What SQLite must be able to create beside a database in WAL mode before it reads at all (its -shm index)."""
LOW_SPACE = 1024 * 1024
"""Below this much free space an SQLite "disk I/O error" is the full disk (its -shm or -wal could not grow)."""


class SweepyError(Exception):
    """Base of every error a tool reports. `message` is written for the reader: what was wrong, what to do."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidArgument(SweepyError):
    """A tool argument has the wrong type, is out of range, or conflicts with another."""


class NotFound(SweepyError):
    """A file, profile, sweep or card the caller named does not exist."""


class PathNotAllowed(SweepyError):
    """A write target lies outside the workspace and the state folder."""


class ProfileError(SweepyError):
    """A profile YAML is malformed, has an unknown key, or a value of the wrong type."""


class EngineConfigError(SweepyError):
    """An enabled engine's config is incomplete or invalid."""


class DocumentError(SweepyError):
    """A resume or document could not be read (unsupported, corrupt, too large)."""


class StorageError(SweepyError):
    """A state file (history, session, results) is corrupt, locked or unwritable."""


class SweepFailed(SweepyError):
    """A background sweep ended in an error; carries job_id and sweep_status "failed"."""


class ServerBusy(SweepyError):
    """The server cannot take more work right now (too many sweeps running); retrying later helps."""


class NotAssessed(SweepyError):
    """A report was asked for while cards lack a judgment against the current resume (the report gate)."""


class SweepCancelled(SweepyError):
    """cancel_sweep stopped a running sweep at a stage boundary: it wrote no results and no history."""


def free_bytes(folder: Path) -> int | None:
    """The bytes an unprivileged writer may still use on the disk holding `folder` (its nearest existing part);
    None when the OS cannot say."""
    for candidate in (folder, *folder.parents):
        try:
            found = os.statvfs(candidate)
        except FileNotFoundError:
            continue
        except (OSError, AttributeError):  # no statvfs (Windows) or an unreadable folder
            return None
        return found.f_bavail * found.f_frsize
    return None


def disk_full(folder: Path, need: str = "") -> str:
    """ "the disk is full (…)", naming the folder, the space left and (`need`) the space the write needed."""
    free = free_bytes(folder)
    left = f"{free:,} bytes free" if free is not None else "no space left"
    return (
        f"the disk is full ({folder} has {left}{'; ' + need if need else ''}). Free space on that disk, then try again"
    )


def needs(size: int | None) -> str:
    return f"this write needs {size:,} bytes" if size else ""


def write_advice(exc: OSError, folder: Path, needed: int | None = None) -> str:
    """What an OSError from writing in `folder` means and what to do (no final period)."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return disk_full(folder, needs(needed))
    if exc.errno == errno.EFBIG:
        return f"the file is larger than this system lets one file grow ({exc.strerror}). Raise the limit (ulimit -f)"
    if exc.errno == errno.EROFS:
        return f"the disk holding {folder} is mounted read-only. Choose a folder on a writable disk"
    return f"{exc.strerror or exc}. Check the folder's permissions"


def sqlite_full(exc: Exception, folder: Path) -> bool:
    """Whether an SQLite error is the disk being full: SQLITE_FULL, or an I/O error (the -shm or -wal could not
    grow) while less than LOW_SPACE is free."""
    code = getattr(exc, "sqlite_errorcode", None)
    if not isinstance(code, int):
        return False
    if code & 0xFF == 13:  # SQLITE_FULL
        return True
    free = free_bytes(folder)
    return code & 0xFF == 10 and free is not None and free < LOW_SPACE  # SQLITE_IOERR
