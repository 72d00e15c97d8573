"""The application store of a profile (the history database its profile names) opened once and kept while its file
stays the same, the follow-up days the profile sets, and a session's tracked postings and their statuses: what
the tracking tools, the reports and get_jobs read."""

import logging
import threading
from pathlib import Path
from typing import Any

from ..domain.applications import FOLLOW_UP_DAYS
from ..errors import NotFound, PathNotAllowed, SweepyError
from ..store.applications import Application, ApplicationStore
from ..store.history import check_history_path
from ..store.paths import Workspace
from ..store.profiles import load_profile, profile_stem
from ..store.reads import FileIdentity, file_identity
from ..store.realdirs import stat_in_real_dir
from ..store.session_model import Session

DEFAULT_HISTORY = "~/.sweepy/history.db"
_history_paths: dict[Path, tuple[FileIdentity | None, str, int]] = {}
_stores: dict[Path, tuple[tuple[int, int], ApplicationStore]] = {}
_stores_guard = threading.Lock()
_checked_paths: dict[tuple[Workspace, str], Path] = {}
KEPT_STORES = 8
"""Open stores kept (each holds one read connection)."""

log = logging.getLogger("sweepy.service.application_stores")


def _profile_keys(profile_path: str) -> tuple[str, int]:
    """The history path and follow_up_days a profile names (kept by the profile file's identity: get_jobs asks
    on every call). An unreadable profile gives the defaults."""
    path = Path(profile_path)
    identity = file_identity(path)
    kept = _history_paths.get(path)
    if kept is not None and identity is not None and kept[0] == identity:
        return kept[1], kept[2]
    try:
        profile = load_profile(path)
        raw, days = profile.history.path, profile.follow_up_days
    except SweepyError:
        raw, days = DEFAULT_HISTORY, FOLLOW_UP_DAYS
    _history_paths[path] = (identity, raw, days)
    return raw, days


def history_raw(profile_path: str | None) -> str:
    """The history path a profile names."""
    return _profile_keys(profile_path)[0] if profile_path else DEFAULT_HISTORY


def follow_up_days(profile_path: str | None) -> int:
    """The profile's follow_up_days (the default without a readable profile)."""
    return _profile_keys(profile_path)[1] if profile_path else FOLLOW_UP_DAYS


def open_store(ws: Workspace, profile_path: str | None, clock: Any, create: bool) -> ApplicationStore | None:
    """The application store of a profile's history database; None when it does not exist and `create` is
    False (a read never creates a database)."""
    path = _checked(ws, history_raw(profile_path))
    stat = stat_in_real_dir(path)  # looked up in its folder as checked, on every call: a swapped folder is refused
    if stat is None and not create:
        return None
    identity = (stat.st_dev, stat.st_ino) if stat is not None else None
    with _stores_guard:
        kept = _stores.get(path)
    if kept is not None and identity is not None and kept[0] == identity and kept[1].clock is clock:
        return kept[1]  # opened (WAL switched on, migrations applied) once per file, not on every get_jobs
    store = ApplicationStore(path, clock=clock, reading=not create)
    if store.frozen:
        return store  # a full disk's read-only store: not kept, so the next write opens the file anew
    reopened = stat_in_real_dir(path)
    if reopened is None:
        raise NotFound(f"The history database {path} vanished while it was opened. Call the tool again.")
    with _stores_guard:
        _stores[path] = ((reopened.st_dev, reopened.st_ino), store)
        while len(_stores) > KEPT_STORES:  # the oldest first: a server uses one or two databases
            _stores.pop(next(iter(_stores)))[1].close()
    if kept is not None:
        kept[1].close()
    return store


def _checked(ws: Workspace, raw: str) -> Path:
    """check_history_path's name checks, once per workspace and path text (get_jobs asks on every call). Only the
    text is kept: the folder is checked again at every open (stat_in_real_dir, the store's sqlite_in_real_dir), so a
    state folder swapped for a link after this check is refused, never read or written through."""
    key = (ws, raw)
    found = _checked_paths.get(key)
    if found is None:
        found = _checked_paths[key] = check_history_path(ws, raw, "history path")
    return found


def profile_key(session: Session) -> str:
    if session.profile_stem:
        return session.profile_stem
    return profile_stem(Path(session.profile_path)) if session.profile_path else "default"


def tracked(ws: Workspace, session: Session, clock: Any) -> dict[str, Application]:
    """The session profile's tracked postings by job_id ({} when nothing was ever tracked, or when the history
    cannot be read now: a report or a page of cards does not fail over its tracking marks). A state folder swapped
    for a link is refused (PathNotAllowed), not read as a history with nothing tracked."""
    try:
        store = open_store(ws, session.profile_path, clock, create=False)
        return store.applications(profile_key(session)) if store is not None else {}
    except PathNotAllowed:
        raise  # a swapped state folder is said, not taken for an empty history
    except SweepyError as exc:
        log.warning("application history not read: %s", exc.message)
        return {}


def statuses(ws: Workspace, session: Session, clock: Any) -> dict[str, dict[str, str]]:
    """The session profile's tracked jobs' `{status, since}` by job_id ({} when nothing was ever tracked, or
    when the history cannot be read now; a swapped state folder is refused, as for tracked)."""
    try:
        store = open_store(ws, session.profile_path, clock, create=False)
        return store.statuses(profile_key(session)) if store is not None else {}
    except PathNotAllowed:
        raise  # a swapped state folder is said, not taken for an empty history
    except SweepyError as exc:
        log.warning("application history not read: %s", exc.message)
        return {}
