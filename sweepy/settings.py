"""Every SWEEPY_* environment variable, read once into one typed object (the server reads it at start)."""

import contextlib
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from .net.proxy import ProxyRules
from .store.paths import INSTALL_DIR, Workspace
from .store.reads import MAX_DATA_BYTES

MIN_RESULT_BYTES = 65_536
"""The smallest read cap SWEEPY_MAX_RESULT_BYTES sets (a result file's counts and sources need room)."""


def is_checkout() -> bool:
    """Sweepy runs from a checkout (server.py and pyproject.toml beside the package, as with `make demo` and
    `pip install -e .`), not from an installed wheel."""
    return (INSTALL_DIR / "server.py").is_file() and (INSTALL_DIR / "pyproject.toml").is_file()


def default_home() -> Path:
    """The workspace when SWEEPY_HOME is unset. A checkout is its own workspace; an installed wheel uses the
    platform's user data folder (platformdirs: ~/.local/share/sweepy or $XDG_DATA_HOME/sweepy,
    ~/Library/Application Support/sweepy, %LOCALAPPDATA%\\sweepy), never site-packages."""
    if is_checkout():
        return INSTALL_DIR
    import platformdirs  # only an installed wheel needs it, so a checkout's start does not pay for the import

    return platformdirs.user_data_path("sweepy", appauthor=False)


def default_state_dir(home: Path) -> Path:
    """The state folder when SWEEPY_STATE_DIR is unset: `~/.sweepy` for a checkout, and for an installed wheel
    whose person already has one (their history of seen postings stays in use); else `state/` inside the
    workspace, so `uvx sweepy-mcp` keeps all its files in the user data folder, one folder to back up or remove."""
    legacy = Path(os.path.realpath(os.path.expanduser("~/.sweepy")))
    return legacy if is_checkout() or legacy.is_dir() else home / "state"


def _flag(environ: Mapping[str, str], name: str) -> bool:
    # Only the exact value "1" switches a flag on: "true", "yes" or " 1" do not.
    return environ.get(name) == "1"


def _bytes(text: str | None, default: int, low: int) -> int:
    # A size in bytes, ASCII digits only (no "50MB", no "٣"); unset or not a number: the default.
    if not text or not text.isascii() or not text.isdigit() or len(text) > 15:
        return default
    return max(low, int(text))


@dataclass(frozen=True)
class Settings:
    home: Path
    """SWEEPY_HOME: the workspace root (default: a checkout's own folder, else the user data folder)."""
    state_dir: Path
    """SWEEPY_STATE_DIR: history, cache, breakers, default profile (default ~/.sweepy; an installed wheel without
    one: state/ in the workspace, see default_state_dir)."""
    allow_external_writes: bool = False
    """SWEEPY_ALLOW_EXTERNAL_WRITES=1: writes may leave the workspace and the state folder."""
    allow_private_urls: bool = False
    """SWEEPY_ALLOW_PRIVATE_URLS=1: the engines and the link checker may connect to loopback and private
    addresses (tests only; cloud metadata stays refused)."""
    trust_base_urls: bool = False
    """SWEEPY_TRUST_BASE_URLS=1: API keys may be sent to a profile's base_url (a mirror or proxy of yours)."""
    proxy: ProxyRules = field(default_factory=ProxyRules)
    """The HTTP CONNECT proxy of the engines and the link checker: SWEEPY_PROXY (`http://[user:pass@]host:port`,
    or `direct` for none) wins over https_proxy/HTTPS_PROXY and http_proxy/HTTP_PROXY; no_proxy/NO_PROXY hosts
    go direct; SWEEPY_ALLOW_PRIVATE_PROXY=1 lets the proxy be at a loopback or private address."""
    require_judgments: bool = False
    """SWEEPY_REQUIRE_JUDGMENTS=1: the report gate for every profile and for export_report."""
    output_schemas: bool = False
    """SWEEPY_OUTPUT_SCHEMAS=1: publish each tool's outputSchema."""
    tools: Literal["full", "core"] = "full"
    """SWEEPY_TOOLS=core: list only the core tools (visibility, not permission)."""
    test_clock: Path | None = None
    """SWEEPY_TEST_CLOCK: a file holding the epoch seconds the server takes for now (tests only: the scheduled
    sweeps' tests move time by writing it)."""
    max_result_bytes: int = MAX_DATA_BYTES
    """SWEEPY_MAX_RESULT_BYTES: the largest result file read back (default 50 MB, at least 64 KiB); the result
    files Sweepy writes stay within half of it. Raise it to read a full result file of an earlier version."""

    def clock(self) -> Callable[[], float]:
        """The wall clock: time.time, or the test clock file."""
        return FileClock(self.test_clock) if self.test_clock is not None else time.time

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if environ is None else environ
        home = Path(os.path.realpath(os.path.expanduser(env.get("SWEEPY_HOME") or str(default_home()))))
        state = env.get("SWEEPY_STATE_DIR")
        return cls(
            home=home,
            state_dir=Path(os.path.realpath(os.path.expanduser(state))) if state else default_state_dir(home),
            allow_external_writes=_flag(env, "SWEEPY_ALLOW_EXTERNAL_WRITES"),
            allow_private_urls=_flag(env, "SWEEPY_ALLOW_PRIVATE_URLS"),
            trust_base_urls=_flag(env, "SWEEPY_TRUST_BASE_URLS"),
            proxy=ProxyRules.from_env(env),
            require_judgments=_flag(env, "SWEEPY_REQUIRE_JUDGMENTS"),
            output_schemas=_flag(env, "SWEEPY_OUTPUT_SCHEMAS"),
            tools="core" if env.get("SWEEPY_TOOLS") == "core" else "full",
            test_clock=Path(env["SWEEPY_TEST_CLOCK"]) if env.get("SWEEPY_TEST_CLOCK") else None,
            max_result_bytes=_bytes(env.get("SWEEPY_MAX_RESULT_BYTES"), MAX_DATA_BYTES, MIN_RESULT_BYTES),
        )

    def workspace(self) -> Workspace:
        return Workspace(self.home, self.state_dir, self.allow_external_writes)


class FileClock:
    """The test clock: now is the number in a file, moved by the test that writes it. Waiters on it re-read it
    every TICK seconds (sweepy.service.scheduler); the real clock's waiters sleep until the time they wait for."""

    TICK = 0.05

    def __init__(self, path: Path) -> None:
        self.path = path
        self._last = 0.0

    def __call__(self) -> float:
        with contextlib.suppress(OSError, ValueError):  # a file caught mid-write: the time it read last
            self._last = float(self.path.read_text(encoding="utf-8").strip())
        return self._last
