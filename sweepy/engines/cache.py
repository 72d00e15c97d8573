"""TTL cache of successful API answers in the state folder's `cache/`: a second sweep within the TTL asks nothing.

Hand-written rather than hishel: Sweepy caches the decoded, size-capped body that the HTTP layer already
read, for a TTL set by the profile whatever the API's own cache headers say (most of these APIs send none or
`no-cache`), and POST searches (Jooble, Workday) too; hishel follows RFC 9111 and would need its force-cache
and POST extensions to do that, below the byte caps. File names are hashes, so no key reaches the disk.
"""

import contextlib
import hashlib
import time
from collections.abc import Callable
from pathlib import Path

from ..paths import atomic_write_bytes

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
        try:
            raw = self._file(key).read_bytes()
        except OSError:
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
        with contextlib.suppress(OSError):  # a cache that cannot be written only costs a request next time
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self._file(key), _MAGIC + repr(self.clock()).encode() + b"\n" + body)

    def prune(self, older_than: float) -> int:
        """Delete entries past any useful TTL, so the folder does not grow for ever; returns how many."""
        removed, cutoff = 0, self.clock() - older_than
        for path in self.folder.glob("*.bin") if self.folder.is_dir() else ():
            with contextlib.suppress(OSError):
                if path.stat().st_mtime < cutoff:
                    path.unlink()
                    removed += 1
        return removed
