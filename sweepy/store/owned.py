"""Which files Sweepy wrote, so a report or a conversion never silently replaces a file of the person's.

`written.json` in the state folder maps each report file Sweepy wrote (its real path) to the SHA-256 of the
bytes it wrote. A file counts as Sweepy's only while it still holds exactly those bytes: a PDF the person
saved over one of Sweepy's, or any file Sweepy never wrote, is copied aside (`keep_backup`, as create_profile
does for a profile) before it is replaced. Losing the manifest only costs extra backups, never a file.
"""

import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument, SweepyError
from .files import atomic_write_bytes, atomic_write_text, keep_backup, read_in_real_dir, remove_file
from .paths import Workspace
from .reads import MAX_DATA_BYTES, MAX_STATE_BYTES, loads_finite

MANIFEST = "written.json"
MAX_ENTRIES = 2_000
"""The newest files kept in the manifest (about 150 bytes each, well under the 1 MB a state file may hold); an
older one forgotten is only backed up once more."""
MAX_REPLACED_BYTES = MAX_DATA_BYTES
"""A file larger than this is not replaced at all: it cannot be backed up in memory."""

log = logging.getLogger("sweepy")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class WrittenFiles:
    """The manifest of one state folder. Updates are read-modify-write under the state folder's lock."""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace
        self.path = workspace.state_dir / MANIFEST

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            # In the state folder as checked: a swapped folder's manifest must not vouch for a person's file (a
            # file taken for Sweepy's is replaced without a backup); PathNotAllowed reads as no manifest.
            data = loads_finite(read_in_real_dir(self.path, "Written-files manifest", MAX_STATE_BYTES))
        except (OSError, ValueError, SweepyError):
            return {}
        files = data.get("files") if isinstance(data, dict) else None
        if not isinstance(files, dict):
            return {}
        return {k: v for k, v in files.items() if isinstance(v, dict) and isinstance(v.get("sha256"), str)}

    def files(self) -> dict[str, dict[str, Any]]:
        """Path -> {sha256, at}, as the manifest holds them now (empty when it is missing or damaged)."""
        return self._read()

    def wrote(self, path: Path, files: dict[str, dict[str, Any]] | None = None) -> bool:
        """True when `path` holds exactly what Sweepy last wrote there (`files`: the manifest already read)."""
        entry = (self._read() if files is None else files).get(str(path))
        if entry is None:
            return False
        try:
            return _digest(read_in_real_dir(path, "File", MAX_REPLACED_BYTES)) == str(entry["sha256"])
        except (OSError, SweepyError):
            return False

    def update(self, written: dict[Path, bytes], removed: Iterable[Path] = (), now: float | None = None) -> None:
        """Record `written` (path -> the bytes written) and forget `removed`. A manifest that cannot be written
        is logged, not raised: the files are in place, and the next write of them only keeps a backup."""
        from .folder_lock import folder_lock  # the state folder's OS lock; session builds on paths, as this does

        stamp = time.time() if now is None else now
        try:
            with folder_lock(self.workspace.state_dir):
                files = self._read()
                for path in removed:
                    files.pop(str(path), None)
                for path, data in written.items():
                    files[str(path)] = {"sha256": _digest(data), "at": stamp}
                newest = sorted(files.items(), key=lambda kv: kv[1].get("at", 0), reverse=True)[:MAX_ENTRIES]
                target = self.workspace.resolve_write(self.path, "written-files manifest")
                atomic_write_text(target, json.dumps({"files": dict(newest)}, indent=0, sort_keys=True))
        except SweepyError as exc:
            log.warning("the written-files manifest %s was not updated: %s", self.path, exc.message)


@dataclass
class OwnWrites:
    """The writes of one tool call: refuses the protected files (the profile's resume), keeps a backup of any
    other existing file Sweepy did not write, and records what it wrote."""

    workspace: Workspace
    clock: Callable[[], float]
    protected: frozenset[Path] = frozenset()
    backups: list[str] = field(default_factory=list)
    written: dict[Path, bytes] = field(default_factory=dict)
    removed: list[Path] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.manifest = WrittenFiles(self.workspace)
        self._known: dict[str, dict[str, Any]] | None = None

    def _ours(self, target: Path) -> bool:
        """Whether Sweepy wrote `target` as it is now; the manifest is read once per call (14 PNG pages)."""
        if self._known is None:
            self._known = self.manifest.files()
        return self.manifest.wrote(target, self._known)

    def check(self, target: Path, what: str) -> None:
        """Refuse a protected target before anything is made (the caller has not written yet)."""
        if target in self.protected:
            raise InvalidArgument(
                f"{what} {str(target)!r} is the resume a profile names; Sweepy never writes over it. Choose "
                "another file name (to use a new PDF as the resume, write it under another name and pass that as "
                "resume_path to create_profile)."
            )

    def write(self, target: Path, data: bytes, what: str = "output file") -> None:
        """`target` (from Workspace.resolve_write) replaced atomically by `data`, the old file kept first when it
        is not Sweepy's. Call `commit()` once the call's writes are done."""
        self.check(target, what)
        if not self._ours(target):
            backup = keep_backup(target, data, self.clock(), MAX_REPLACED_BYTES)
            if backup is not None:
                self.backups.append(str(backup))
        atomic_write_bytes(target, data)
        self.written[target] = data

    def remove(self, target: Path) -> None:
        """Delete a file Sweepy wrote earlier (a stale page); one it did not write is moved aside first."""
        if not self._ours(target):
            backup = keep_backup(target, b"", self.clock(), MAX_REPLACED_BYTES)
            if backup is not None:
                self.backups.append(str(backup))
        if remove_file(target):
            self.removed.append(target)

    def commit(self) -> None:
        """Record the call's writes and removals in the manifest (one locked update for all of them)."""
        if self.written or self.removed:
            self.manifest.update(self.written, self.removed, self.clock())
            self.written, self.removed, self._known = {}, [], None


def protected_resumes(workspace: Workspace, resume_paths: Iterable[str | None]) -> frozenset[Path]:
    """The real paths of the resumes named (those that exist): what no report or export may replace."""
    found = set()
    for raw in resume_paths:
        if raw:
            with contextlib.suppress(SweepyError, OSError):
                found.add(workspace.resolve_read(raw, "Resume"))
    return frozenset(found)
