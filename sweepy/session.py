"""The active session (`report_session.json`) and each profile's saved session.

Writes are read-modify-write under the results folder's lock and land atomically, so readers need no lock:
they see the old file or the new one. Reads never write (no lock file, no quarantine): the read-only tools
stay read-only.
"""

import json
import os
import sys
import threading
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

if sys.platform != "win32":
    import fcntl

from . import paths
from .errors import InvalidArgument, NotFound, StorageError
from .models import JUDGMENT_FIELDS
from .paths import atomic_write_text

ACTIVE = "report_session.json"
LOCK_NAME = ".session.lock"
MAX_STEM_BYTES = 200
"""Room for the longest name made from a stem (a temp copy of `{stem}_{stamp}-N.json`) within 255 bytes."""


def _stem_char(ch: str) -> bool:
    # Letters and digits of any script, and the combining marks some scripts write words with (Devanagari).
    return ch.isalnum() or ch in "_.-" or unicodedata.category(ch).startswith("M")


def check_stem(stem: Any) -> str:
    """A profile stem names files in the results folder: one plain file-name part, nothing that climbs out."""
    if (
        not isinstance(stem, str)
        or not stem
        or len(stem.encode("utf-8", errors="replace")) > MAX_STEM_BYTES
        or not all(map(_stem_char, stem))
        or stem.strip(".") == ""
    ):
        raise InvalidArgument(
            f"profile_stem {stem!r} is not a profile id: use the profile file's name without .yaml "
            "(letters, digits, '_', '-', '.'), e.g. 'pedro_writer'."
        )
    return stem


def session_path(folder: Path, stem: str | None) -> Path:
    return folder / (f"{check_stem(stem)}_session.json" if stem else ACTIVE)


_BUSY = "The results folder {} is busy (another sweep or Sweepy process is writing to it). Try again in a moment."
_thread_locks: dict[Path, threading.RLock] = {}
_thread_locks_guard = threading.Lock()
_held = threading.local()  # this thread's OS locks: folder -> (descriptor, depth)


@contextmanager
def folder_lock(folder: Path, timeout: float = 30.0) -> Iterator[None]:
    """The results folder's OS lock (reentrant in one thread, exclusive across threads and processes).

    The lock file is opened inside the folder's descriptor without following links (paths.open_real_dir), so
    a results folder swapped for a symlink cannot make Sweepy create it elsewhere.
    """
    if not paths.DIR_FD_WRITES:
        with _filelock(folder, timeout):
            yield
        return
    with _thread_locks_guard:
        in_process = _thread_locks.setdefault(folder, threading.RLock())
    if not in_process.acquire(timeout=timeout):
        raise StorageError(_BUSY.format(folder), retryable=True)
    try:
        held: dict[Path, tuple[int, int]] = _held.__dict__.setdefault("folders", {})
        if folder not in held:
            held[folder] = (_os_lock(folder, timeout), 0)
        fd, depth = held[folder]
        held[folder] = (fd, depth + 1)
        try:
            yield
        finally:
            if depth == 0:
                del held[folder]
                os.close(fd)  # closing the descriptor releases the flock
            else:
                held[folder] = (fd, depth)
    finally:
        in_process.release()


def _os_lock(folder: Path, timeout: float) -> int:
    try:
        dir_fd = paths.open_real_dir(folder)
        try:
            flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
            fd = os.open(LOCK_NAME, flags, 0o644, dir_fd=dir_fd)
        finally:
            os.close(dir_fd)
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used ({exc.strerror or exc}).") from None
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StorageError(_BUSY.format(folder), retryable=True) from None
            time.sleep(0.05)


@contextmanager
def _filelock(folder: Path, timeout: float) -> Iterator[None]:
    """Where folders cannot be held open (Windows): the lock file by path."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(folder / LOCK_NAME), timeout=timeout, is_singleton=True, fallback_to_soft=False)
        lock.acquire()
    except Timeout:
        raise StorageError(_BUSY.format(folder), retryable=True) from None
    except OSError as exc:
        raise StorageError(f"The results folder {folder} cannot be used ({exc.strerror or exc}).") from None
    try:
        yield
    finally:
        lock.release()


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def valid_cards(cards: Any) -> bool:
    """A list of card objects with a text job_id and numeric scores: what ranking and rendering rely on."""
    return isinstance(cards, list) and all(
        isinstance(c, dict)
        and isinstance(c.get("job_id"), str)
        and _number(c.get("match_score", 0))
        and (c.get("match_pct") is None or _number(c["match_pct"]))
        for c in cards
    )


def _parse(path: Path) -> dict[str, Any] | None:
    """The session in `path`, None if there is none; StorageError if it is damaged."""
    try:
        text = paths.read_regular(path, "Session file", paths.MAX_DATA_BYTES).decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise StorageError(f"Session file {path} cannot be read ({exc}).") from None
    try:
        data = paths.loads_finite(text)
    except paths.NonFiniteNumber as exc:
        raise StorageError(
            f"Session file {path} is damaged: {exc}. Call run_sweep, then get_sweep_status, to load a fresh "
            "session; the next sweep moves the damaged file aside."
        ) from None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not valid_cards(data.get("cards")):
        raise StorageError(
            f"Session file {path} is damaged (not a session with a list of cards). Call run_sweep, then "
            "get_sweep_status, to load a fresh session; the next sweep moves the damaged file aside."
        )
    return data


def load_session(folder: Path, stem: str | None) -> dict[str, Any]:
    path = session_path(folder, stem)
    data = _parse(path) if folder.is_dir() else None
    if data is None:
        hint = f"No saved session for profile {stem!r}" if stem else "No active session"
        raise NotFound(f"{hint} in {folder}. Call run_sweep, then get_sweep_status until it reads completed.")
    return data


def _previous(path: Path) -> dict[str, Any]:
    """The saved session a new sweep replaces; a damaged one is moved aside (never overwritten unseen)."""
    try:
        return _parse(path) or {}
    except StorageError:
        os.replace(path, path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"))
        return {}


def activate(folder: Path, stem: str, session: dict[str, Any]) -> None:
    """Make a finished sweep the active session and the profile's saved one. Judgments already given to a
    card with the same job_id in the profile's saved session are kept, and so is its playbook."""
    with folder_lock(folder):
        saved_path = session_path(folder, stem)
        previous = _previous(saved_path)
        earlier = {c["job_id"]: c for c in previous.get("cards", [])}
        for card in session["cards"]:
            old = earlier.get(card["job_id"])
            if old:
                card.update({k: old[k] for k in JUDGMENT_FIELDS if old.get(k) is not None})
                if card.get("match_pct") is not None:
                    card["match_score"], card["match_kind"] = card["match_pct"], "MATCH"
        session.setdefault("playbook", previous.get("playbook", ""))
        text = json.dumps(session, ensure_ascii=False, allow_nan=False)
        atomic_write_text(saved_path, text)
        atomic_write_text(session_path(folder, None), text)
