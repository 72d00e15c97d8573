"""TTL cache of successful API answers in the state folder's `cache/`: a second sweep within the TTL asks nothing.

Hand-written rather than hishel: Sweepy caches the decoded, size-capped body that the HTTP layer already
read, for a TTL set by the profile whatever the API's own cache headers say (most of these APIs send none or
`no-cache`), and POST searches (Jooble, Workday) too; hishel follows RFC 9111 and would need its force-cache
and POST extensions to do that, below the byte caps. File names are hashes, so no key reaches the disk.
"""

import contextlib
import hashlib
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path

from ..errors import SweepyError
from ..store.files import atomic_write_bytes, read_in_real_dir
from ..store.reads import MAX_DATA_BYTES
from ..store.realdirs import DIR_FD_WRITES, open_real_dir

_MAGIC = b"sweepy-cache-1 "
FUTURE_TOLERANCE = 60.0
"""Seconds an entry may claim to come from the future (clock skew) before it counts as expired."""


def cache_key(method: str, url: str, body: bytes = b"") -> str:
    return hashlib.sha256(b"\0".join((method.upper().encode(), url.encode(), body))).hexdigest()


class ResponseCache:
    """Bodies by request key, each file `{key}.bin` holding its store time; corrupt or expired is a miss."""

    def __init__(self, folder: Path, ttl_seconds: float, clock: Callable[[], float] = time.time) -> None:
        self.folder = folder
        self.ttl = ttl_seconds
        self.clock = clock

    def _file(self, key: str) -> Path:
        return self.folder / f"{key}.bin"

    def get(self, key: str) -> bytes | None:
        try:  # read inside the folder as it was checked: a `cache` swapped for a link is a miss
            raw = read_in_real_dir(self._file(key), "Cache entry", MAX_DATA_BYTES)
        except (OSError, SweepyError):
            return None
        header, _, body = raw.partition(b"\n")
        if not header.startswith(_MAGIC):
            return None
        try:
            stored = float(header[len(_MAGIC) :])
        except ValueError:
            return None
        age = self.clock() - stored
        if age > self.ttl or age < -FUTURE_TOLERANCE:
            return None
        return body

    def put(self, key: str, body: bytes) -> None:
        if self.ttl <= 0:
            return
        # A cache that cannot be written only costs a request next time. atomic_write_bytes creates the folder
        # part by part without following links, so a state folder swapped for a link gets no `cache/`.
        with contextlib.suppress(OSError, SweepyError):
            atomic_write_bytes(self._file(key), _MAGIC + repr(self.clock()).encode() + b"\n" + body)

    def prune(self, older_than: float) -> int:
        """Delete entries past any useful TTL, so the folder does not grow for ever; returns how many. Inside the
        folder opened without following links: a `cache` swapped for a link is left alone, never emptied."""
        cutoff = self.clock() - older_than
        if not DIR_FD_WRITES:
            return sum(self._drop_old(self.folder, name, cutoff, None) for name in _names(self.folder))
        try:
            dir_fd = open_real_dir(self.folder, create=False)
        except (OSError, SweepyError):
            return 0
        try:
            return sum(self._drop_old(self.folder, name, cutoff, dir_fd) for name in _names(dir_fd))
        finally:
            os.close(dir_fd)

    @staticmethod
    def _drop_old(folder: Path, name: str, cutoff: float, dir_fd: int | None) -> bool:
        if not name.endswith(".bin"):
            return False
        with contextlib.suppress(OSError):
            where = name if dir_fd is not None else str(folder / name)
            info = os.stat(where, dir_fd=dir_fd, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                os.unlink(where, dir_fd=dir_fd)
                return True
        return False


def _names(folder: Path | int) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
