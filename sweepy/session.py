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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from filelock import FileLock, Timeout
from pydantic import BaseModel, ConfigDict, ValidationError

if sys.platform != "win32":
    import fcntl

from . import paths
from .cards import JUDGMENT_FIELDS, Card
from .errors import InvalidArgument, NotFound, StorageError
from .paths import FileIdentity, atomic_write_text, file_identity
from .validation import describe_validation_error

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


class Session(BaseModel):
    """A session file: the cards of one sweep of one profile, their judgments, and the playbook."""

    model_config = ConfigDict(extra="allow")

    profile_stem: str | None = None
    profile_path: str | None = None
    candidate_name: str | None = None
    assessment_mode: str = "agent"
    source_result: str | None = None
    csv_report: str | None = None
    sweep_id: str | None = None
    updated_at: str | None = None
    playbook: str = ""
    cards: list[Card]

    def card(self, job_id: str) -> Card | None:
        return next((c for c in self.cards if c.job_id == job_id), None)

    def to_text(self, cards_json: str | None = None) -> str:
        """The session file's text. `cards_json`: the cards already encoded (`cards_text`), spliced in as is, so a
        sweep encodes its thousands of cards once for the result file and the session alike."""
        if cards_json is None:
            return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, allow_nan=False)
        head = json.dumps(self.model_dump(mode="json", exclude={"cards"}), ensure_ascii=False, allow_nan=False)
        return f'{head[:-1]}, "cards": {cards_json}}}' if head != "{}" else f'{{"cards": {cards_json}}}'


def cards_text(cards: list[Card]) -> str:
    """The JSON text of a list of cards, as the result and session files hold it."""
    return json.dumps([card.to_json() for card in cards], ensure_ascii=False, allow_nan=False)


_DAMAGED = (
    "Session file {} is damaged{}. Call run_sweep, then get_sweep_status, to load a fresh session; the next "
    "sweep moves the damaged file aside."
)
_parsed: dict[Path, tuple[FileIdentity, Session]] = {}
_parsed_guard = threading.Lock()


def _parse(path: Path, fresh: bool = False) -> Session | None:
    """The session in `path`, None if there is none; StorageError if it is damaged.

    Parsed sessions are kept by the file's identity (device, inode, size, mtime): every write replaces the file
    (a new inode), so another process's write is seen, and a 5,000-card session is not re-parsed per call.
    Callers must not change what this returns; `SessionStore.update` works on a copy, and reads `fresh`: on a
    file system with coarse timestamps another process's same-size write could look unchanged, and a
    read-modify-write from a stale copy would lose it.
    """
    before = file_identity(path)
    if before is None:
        return None
    with _parsed_guard:
        kept = None if fresh else _parsed.get(path)
    if kept is not None and kept[0] == before:
        return kept[1]
    try:
        text = paths.read_regular(path, "Session file", paths.MAX_DATA_BYTES).decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as exc:
        raise StorageError(f"Session file {path} cannot be read ({exc}).") from None
    try:
        data = paths.loads_finite(text)
    except paths.NonFiniteNumber as exc:
        raise StorageError(_DAMAGED.format(path, f": {exc}")) from None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise StorageError(_DAMAGED.format(path, " (not a session with a list of cards)"))
    try:
        session = Session.model_validate(data)
    except ValidationError as exc:
        raise StorageError(_DAMAGED.format(path, f" ({describe_validation_error(exc)})")) from None
    if not fresh and file_identity(path) == before:  # not replaced while it was read; a fresh one is private
        with _parsed_guard:
            _parsed[path] = (before, session)
    return session


def load_session(folder: Path, stem: str | None, fresh: bool = False) -> Session:
    path = session_path(folder, stem)
    data = _parse(path, fresh) if folder.is_dir() else None
    if data is None:
        hint = f"No saved session for profile {stem!r}" if stem else "No active session"
        raise NotFound(f"{hint} in {folder}. Call run_sweep, then get_sweep_status until it reads completed.")
    return data


def _previous(path: Path) -> Session | None:
    """The saved session a new sweep replaces; a damaged one is moved aside (never overwritten unseen)."""
    try:
        return _parse(path)
    except StorageError:
        os.replace(path, path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"))
        return None


T = TypeVar("T")


class SessionStore:
    """The sessions of one results folder. Every write is one `update()` (or `activate()`) under the folder's
    lock, and writes the profile's saved session and, when it holds the same profile, the active one."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def load(self, stem: str | None, fresh: bool = False) -> Session:
        return load_session(self.folder, stem, fresh)

    def update(self, stem: str | None, change: Callable[[Session], T]) -> T:
        """Read the session (`stem` None: the active one), let `change` edit a copy, write it back atomically.
        Overlapping calls from threads or processes queue on the lock, so none loses another's edit."""
        with folder_lock(self.folder):
            session = self.load(stem, fresh=True)  # under the lock, from the file itself: never a cached copy
            outcome = change(session)
            self._write(session)
            return outcome

    def activate(self, session: Session, cards_json: str | None = None) -> None:
        """Make a finished sweep the active session and its profile's saved one. Judgments already given to a
        card with the same job_id in the profile's saved session are kept, and so is its playbook.
        `cards_json`: the session's cards already encoded (see Session.to_text); used unless a judgment is
        carried onto a card, which changes it.

        A sweep that kept no card becomes the active session only: the profile's saved session, with its
        judgments, stays for `get_jobs(profile_stem)` and for the next sweep to carry them over."""
        with folder_lock(self.folder):
            if not session.cards:
                atomic_write_text(session_path(self.folder, None), session.to_text(cards_json))
                return
            previous = _previous(session_path(self.folder, session.profile_stem))
            if previous is not None:
                judged = (*JUDGMENT_FIELDS, "judged_resume")
                earlier = {c.job_id: c for c in previous.cards if any(getattr(c, k) is not None for k in judged)}
                for card in session.cards:
                    if (old := earlier.get(card.job_id)) is not None:
                        card.carry_judgment(old)
                        cards_json = None
                session.playbook = session.playbook or previous.playbook
            text = session.to_text(cards_json)
            atomic_write_text(session_path(self.folder, session.profile_stem), text)
            atomic_write_text(session_path(self.folder, None), text)

    def _write(self, session: Session) -> None:
        text = session.to_text()
        if session.profile_stem and self._saved_is(session):
            atomic_write_text(session_path(self.folder, session.profile_stem), text)
        try:
            active = _parse(session_path(self.folder, None))
        except StorageError:
            active = None
        if session.profile_stem is None or (active is not None and active.profile_stem == session.profile_stem
                                            and active.sweep_id == session.sweep_id):  # fmt: skip
            atomic_write_text(session_path(self.folder, None), text)

    def _saved_is(self, session: Session) -> bool:
        """Whether the profile's saved session is this sweep's (or there is none): an active session of a sweep
        that kept no card (roles imported into it) must not replace the saved one it left in place."""
        try:
            saved = _parse(session_path(self.folder, session.profile_stem))
        except StorageError:
            return True
        return saved is None or saved.sweep_id == session.sweep_id
