"""The workspace, the state folder and the write guard: every file Sweepy writes goes through here."""

import contextlib
import json
import os
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import (
    InvalidArgument,
    NotFound,
    PathNotAllowed,
    SweepyError,
)
from .files import atomic_write_text, read_in_real_dir
from .reads import MAX_STATE_BYTES, loads_finite

INSTALL_DIR = Path(__file__).resolve().parents[2]
"""The folder holding the `sweepy` package: a checkout (with server.py), or site-packages for an installed wheel.
Bundled files (`sweepy/data/...`) are looked up here; it is the default workspace only for a checkout
(sweepy.settings.default_home)."""


def _check_text(raw: str, what: str) -> None:
    if not raw or not raw.strip():
        raise InvalidArgument(f"{what} is empty; pass a file path.")
    if "\x00" in raw:
        raise InvalidArgument(f"{what} contains a NUL character; pass a plain file path.")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgument(f"{what} is not valid Unicode text; pass a plain file path.") from None


MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096
MAX_PATH_PARTS = 128


def _check_limits(path: Path, raw: str, what: str) -> None:
    """The OS limits, said in words: otherwise ENAMETOOLONG is a bare OSError and thousands of parts exhaust
    the recursion of Path.mkdir."""
    shown = raw if len(raw) <= 60 else raw[:57] + "..."
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > MAX_NAME_BYTES:
            raise InvalidArgument(
                f"{what} {shown!r}: a part of the path is longer than {MAX_NAME_BYTES} bytes ({size} bytes, "
                f"starting {part[:20]!r}). Shorten that file or folder name."
            )
    if len(path.parts) > MAX_PATH_PARTS or len(os.fsencode(str(path))) > MAX_PATH_BYTES:
        raise InvalidArgument(
            f"{what} {shown!r} is past the path limit ({len(path.parts)} parts, {len(os.fsencode(str(path)))} "
            f"bytes; at most {MAX_PATH_PARTS} parts and {MAX_PATH_BYTES} bytes). Use a shorter path."
        )


def _check_name(raw: str, what: str) -> None:
    """A name Sweepy writes must read back as typed: one starting or ending in a space or a line break (easy to
    send by mistake, invisible in a listing) or holding a control character is refused, not created."""
    name = Path(raw).name
    control = next((ch for ch in name if unicodedata.category(ch) == "Cc"), None)
    if name != name.rstrip():
        ch = name[len(name.rstrip())]
        problem = f"ends in {_CHAR_NAMES.get(ch, f'white space ({unicodedata.name(ch, hex(ord(ch)))})')}"
    elif name != name.lstrip():
        ch = name[0]
        problem = f"starts with {_CHAR_NAMES.get(ch, f'white space ({unicodedata.name(ch, hex(ord(ch)))})')}"
    elif control is not None:
        problem = f"contains the control character {control!r}"
    else:
        return
    raise InvalidArgument(
        f"{what} {raw!r} {problem}, which would make a file whose name does not read back as typed. Remove it, "
        "e.g. 'results/report.pdf'."
    )


_CHAR_NAMES = {" ": "a space", "\n": "a line break", "\r": "a carriage return", "\t": "a tab"}


def _folder(folder: Path, raw: str, what: str) -> Path:
    if folder.exists() and not folder.is_dir():
        raise InvalidArgument(f"{what} {raw!r} is a file, not a folder. Pass a folder, e.g. 'results'.")
    return folder


@dataclass(frozen=True)
class Workspace:
    """Where Sweepy may write: the workspace (`SWEEPY_HOME`) and the state folder (`SWEEPY_STATE_DIR`)."""

    home: Path
    state_dir: Path
    allow_external: bool = False

    @property
    def roots(self) -> tuple[Path, Path]:
        return (self.home, self.state_dir)

    def expand(self, raw: str | os.PathLike[str], what: str = "path") -> Path:
        """Absolute, un-resolved path: `~` expanded, relative paths taken from the workspace."""
        text = os.fspath(raw)
        _check_text(text, what)
        if text.startswith("~/.sweepy/") or text == "~/.sweepy":
            # `~/.sweepy` in a profile means the state folder, wherever SWEEPY_STATE_DIR puts it.
            text = str(self.state_dir / text[len("~/.sweepy/") :]) if text != "~/.sweepy" else str(self.state_dir)
        path = Path(os.path.expanduser(text))
        path = path if path.is_absolute() else self.home / path
        _check_limits(path, os.fspath(raw), what)
        return path

    def resolve_write(self, raw: str | os.PathLike[str], what: str = "output path") -> Path:
        """The real path of a write target, refused unless it lies inside an allowed root.

        Symlinks and `..` are resolved first and the result compared by path component, so neither
        `<home>/../<home>_evil` nor a link pointing outside gets through.
        """
        expanded = self.expand(raw, what)
        _check_name(os.fspath(raw), what)
        real = Path(os.path.realpath(expanded))
        if self.allow_external or any(real == root or real.is_relative_to(root) for root in self.roots):
            return real
        self._refuse_swapped_root(expanded, what, raw)
        raise PathNotAllowed(
            f"{what} {os.fspath(raw)!r} resolves to {str(real)!r}, outside Sweepy's allowed folders "
            f"({self.home} and {self.state_dir}). Choose a path inside the workspace, or set "
            "SWEEPY_ALLOW_EXTERNAL_WRITES=1 in the server's environment to allow it.",
            allowed_roots=[str(r) for r in self.roots],
        )

    def _refuse_swapped_root(self, expanded: Path, what: str, raw: str | os.PathLike[str]) -> None:
        """Say so when `expanded` lies in a root that is a link now: the roots are real paths from the start
        (sweepy.settings), so one that resolves elsewhere was replaced by a link while Sweepy ran."""
        for root, name in ((self.state_dir, "The state folder"), (self.home, "The workspace")):
            now = Path(os.path.realpath(root))
            if (expanded == root or expanded.is_relative_to(root)) and now != root:
                raise PathNotAllowed(
                    f"{name} {root} was replaced by a link while Sweepy ran (it now leads to {now}), so {what} "
                    f"{os.fspath(raw)!r} was not read or written there. Put the folder back, or restart Sweepy with "
                    f"{'SWEEPY_STATE_DIR' if root == self.state_dir else 'SWEEPY_HOME'} naming the folder to use.",
                    allowed_roots=[str(r) for r in self.roots],
                )

    def resolve_read(self, raw: str | os.PathLike[str], what: str = "file") -> Path:
        """An existing regular file. Relative paths are looked up in the workspace, then in Sweepy's install
        folder (so the bundled samples work from any workspace)."""
        path = self.expand(raw, what)
        text = os.fspath(raw)
        if not Path(os.path.expanduser(text)).is_absolute() and not path.exists():
            bundled = INSTALL_DIR / text
            if bundled.exists():
                path = bundled
        if not path.exists():
            raise NotFound(f"{what} {text!r} does not exist (looked for {path}). Check the path and try again.")
        if not path.is_file():
            raise NotFound(f"{what} {text!r} is not a regular file ({path}). Pass the path of a file.")
        return path.resolve()

    def resolve_served(self, path: Path, what: str) -> Path:
        """A file an MCP resource may serve: an existing regular file whose real path lies inside the workspace
        or the state folder. Unlike writes, SWEEPY_ALLOW_EXTERNAL_WRITES never widens this: a resource URI
        comes from the client, and must not read the rest of the disk."""
        real = Path(os.path.realpath(path))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            raise PathNotAllowed(f"{what} lies outside Sweepy's workspace ({self.home}); it is not served.")
        if not real.is_file():
            raise NotFound(f"{what} does not exist.")
        return real

    def read_dir(self, raw: str, what: str) -> Path:
        """A folder to read from: any path the process can open (reads are not confined), never created."""
        return _folder(Path(os.path.realpath(self.expand(raw, what))), raw, what)

    def results_dir(self, raw: str = "results") -> Path:
        """A folder to write results into: inside the allowed roots (see resolve_write)."""
        return _folder(self.resolve_write(raw, "results_dir"), raw, "results_dir")

    def remove_stale_temp_files(self, older_than: float = 3600.0) -> list[Path]:
        """Delete the `.name.XXXX.tmp` files an interrupted atomic write left behind (a killed process cannot
        clean up). Only in Sweepy's own folders, and only ones old enough that no write still owns them."""
        removed = []
        cutoff = time.time() - older_than
        for folder in (self.home / "results", self.home / "profiles", self.state_dir):
            for path in folder.glob(".*.tmp") if folder.is_dir() else ():
                with contextlib.suppress(OSError):
                    if path.is_file() and not path.is_symlink() and path.stat().st_mtime < cutoff:
                        path.unlink()
                        removed.append(path)
        return removed

    @property
    def state_file(self) -> Path:
        return self.state_dir / "state.json"

    def read_state(self) -> dict[str, Any]:
        try:
            data = loads_finite(read_in_real_dir(self.state_file, "State file", MAX_STATE_BYTES))
        except PathNotAllowed:
            raise  # a state folder swapped for a link: its state.json is not Sweepy's (another default profile)
        except (OSError, ValueError, SweepyError):
            return {}
        return data if isinstance(data, dict) else {}

    def update_state(self, **changes: Any) -> None:
        state = self.read_state()
        state.update(changes)
        atomic_write_text(self.resolve_write(self.state_file, "state file"), json.dumps(state, indent=2))


RESULT_NAME = re.compile(r"(?P<stem>.+)_(?P<stamp>\d{8}-\d{6})(?:-\d+)?\.json")
"""A sweep's result file: `<profile stem>_<YYYYmmdd-HHMMSS>[-n].json` in its results folder."""


def result_files(folder: Path, stem: str | None) -> list[Path]:
    """Sweep result files, newest first (by the timestamp in the name, then by mtime)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        match = RESULT_NAME.fullmatch(path.name)
        if match and (stem is None or match["stem"] == stem):
            found.append((match["stamp"], path.stat().st_mtime_ns, path))
    return [p for _s, _m, p in sorted(found, reverse=True)]
