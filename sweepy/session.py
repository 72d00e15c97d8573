"""The active session (`report_session.json`) and each profile's saved session, written atomically under a lock."""

import json
import os
import time
from pathlib import Path
from typing import Any

from filelock import FileLock

from .errors import NotFound, StorageError
from .models import JUDGMENT_FIELDS
from .paths import atomic_write_text

ACTIVE = "report_session.json"


def session_path(folder: Path, stem: str | None) -> Path:
    return folder / (f"{stem}_session.json" if stem else ACTIVE)


def _lock(folder: Path) -> FileLock:
    folder.mkdir(parents=True, exist_ok=True)
    return FileLock(str(folder / ".session.lock"), timeout=30)


def _read(path: Path) -> dict[str, Any] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError(f"Session file {path} cannot be read: {exc.strerror or exc}.") from None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
            raise ValueError("not a session object")
    except ValueError:
        quarantine = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        os.replace(path, quarantine)
        raise StorageError(
            f"Session file {path.name} was damaged; it was moved to {quarantine.name}. Call run_sweep or "
            "get_sweep_status to load a fresh session."
        ) from None
    return data


def load_session(folder: Path, stem: str | None) -> dict[str, Any]:
    path = session_path(folder, stem)
    with _lock(folder):
        data = _read(path)
    if data is None:
        hint = f"No saved session for profile {stem!r}" if stem else "No active session"
        raise NotFound(f"{hint} in {folder}. Call run_sweep, then get_sweep_status until it reads completed.")
    return data


def activate(folder: Path, stem: str, session: dict[str, Any]) -> None:
    """Make a finished sweep the active session and the profile's saved one. Judgments already given to a
    card with the same job_id in the profile's saved session are kept."""
    with _lock(folder):
        saved_path = session_path(folder, stem)
        try:
            previous = _read(saved_path) or {}
        except StorageError:
            previous = {}
        earlier = {c.get("job_id"): c for c in previous.get("cards", []) if isinstance(c, dict)}
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
