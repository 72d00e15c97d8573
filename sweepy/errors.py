"""The one exception tree, and the words every layer shares for what went wrong: a pydantic validation error
rewritten for the reader, a full disk, a read-only one.

sweepy.mcp.protocol turns every SweepyError into the error payload (`status: "error"`, the message, the details;
`retryable: true` where the class says retrying later helps). The other exceptions never reach a caller: the
layer that raises them catches them and says what they mean in its own SweepyError or skip reason.

    SweepyError                      what a tool reports (message, details)
    ├── InvalidArgument              a wrong type, a value out of range, two arguments that conflict
    ├── NotFound                     a file, profile, sweep or card the caller named
    ├── PathNotAllowed               a write outside the workspace and the state folder
    ├── ProfileError                 a malformed profile YAML
    ├── EngineConfigError            an enabled engine's config incomplete or invalid
    ├── DocumentError                a resume or document that cannot be read
    ├── StorageError                 a state file corrupt or unwritable
    │   └── StoreBusy                another writer holds it (retryable)
    ├── SweepFailed                  a background sweep that ended in an error
    ├── SweepCancelled               a sweep cancel_sweep stopped
    ├── ServerBusy                   too many sweeps running (retryable)
    └── NotAssessed                  the report gate: cards not judged against the current resume

    internal, caught where they arise:
    engines.results.SourceError      a source that cannot be read: the sweep skips it with the reason
    net.refusal.Refused              a hop the address guard will not send (the engine's skip, the link verdict)
    net.redirects.BadLocation        a redirect whose Location does not parse
    net.redirects.TooManyHops        a redirect past the last hop allowed
    net.bodies.BodyProblem           a body that cannot be read within its limits
    store.reads.NonFiniteNumber      JSON holding NaN or Infinity       } the store's error or the record's skip
    store.reads.TooDeep              JSON nested past the parser's depth }
    store.session.DamagedRow         a session row edited outside Sweepy: StorageError naming it
    domain.records.RecordError       a record that cannot become a posting: its skip reason
    mcp.protocol.NeedInput           a call that answers with questions for the person (elicitation)
"""

import errno
import os
from pathlib import Path
from typing import Any, ClassVar

from pydantic import ValidationError

SQLITE_ROOM = 32 * 1024
"""What SQLite must be able to create beside a database in WAL mode before it reads at all (its -shm index)."""
LOW_SPACE = 1024 * 1024
"""Below this much free space an SQLite "disk I/O error" is the full disk (its -shm or -wal could not grow)."""


class SweepyError(Exception):
    """Base of every error a tool reports. `message` is written for the reader: what was wrong, what to do.
    A class whose `retryable` is true adds `retryable: true` to the details: trying again later may work."""

    retryable: ClassVar[bool] = False

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = {**details, "retryable": True} if self.retryable else details


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


class StoreBusy(StorageError):
    """Another writer holds a store past the wait; it lets go when its write ends, so retrying later helps."""

    retryable = True


class SweepFailed(SweepyError):
    """A background sweep ended in an error; carries job_id and sweep_status "failed"."""


class ServerBusy(SweepyError):
    """The server cannot take more work right now (too many sweeps running); retrying later helps."""

    retryable = True


class NotAssessed(SweepyError):
    """A report was asked for while cards lack a judgment against the current resume (the report gate)."""


class SweepCancelled(SweepyError):
    """cancel_sweep stopped a running sweep at a stage boundary: it wrote no results and no history."""


def describe_validation_error(exc: ValidationError, limit: int = 5) -> str:
    """A pydantic validation error for the reader: which field, what was wrong, what was given."""
    parts = []
    for error in exc.errors()[:limit]:
        location = ".".join(str(p) for p in error["loc"]) or "(top level)"
        kind = error["type"]
        if kind == "extra_forbidden":
            parts.append(f"unknown key {location!r}")
            continue
        if kind == "missing":
            parts.append(f"{location!r} is required")
            continue
        given = error.get("input")
        shown = repr(given)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        parts.append(f"{location!r}: {error['msg']} (got {shown})")
    more = len(exc.errors()) - limit
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts) + "."


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
