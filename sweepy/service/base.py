"""What every area of the service shares: settings, the clock, the sweep registry, the workspace."""

import functools
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import httpx

from ..engines.http import build_client
from ..errors import SweepyError
from ..resume import fingerprint
from ..settings import Settings
from ..store.owned import OwnWrites, protected_resumes
from ..store.paths import INSTALL_DIR, Workspace
from ..store.profiles import default_profile, load_profile
from ..store.reads import FileIdentity, file_identity
from ..store.session import SessionStore
from ..store.session_model import Session
from ..sweeps import SweepRegistry

KEYWORD_NOTE = (
    "Scores labelled KEYWORD OVERLAP are deterministic first-pass values: call get_jobs, judge each card, and "
    "submit_judgments before presenting them as matches."
)


def clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def shown_path(workspace: Workspace, path: str | Path) -> str:
    """A path as an answer names it: relative to the workspace when it lies inside (as the person would type it
    back, e.g. `profiles/alex_rivera_paralegal.yaml`), else whole."""
    given = Path(path)
    return given.relative_to(workspace.home).as_posix() if given.is_relative_to(workspace.home) else str(given)


class ServiceBase:
    def __init__(
        self,
        settings: Settings | None = None,
        clock: Callable[[], float] | None = None,
        http_client: Callable[[], httpx.Client] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """`settings` default to the environment now; `http_client` makes the one client each sweep shares
        across its sources (tests may inject theirs; the default guards every address, opening loopback and
        private networks only with SWEEPY_ALLOW_PRIVATE_URLS=1); `monotonic` times deadlines (a fake in tests);
        `clock` is the wall clock (default time.time, or the test clock file SWEEPY_TEST_CLOCK names)."""
        self.settings = settings or Settings.from_env()
        self.sweeps = SweepRegistry()
        self.clock: Callable[[], float] = clock or self.settings.clock()
        self.schedule_changed = threading.Condition()
        """Notified when a schedule of this process is added, starts, ends or is cancelled (schedule_generation
        counts them): the scheduler thread and get_sweep_status wait on it."""
        self.schedule_generation = 0
        self.monotonic = monotonic
        self.http_client = http_client or functools.partial(
            build_client, self.settings.allow_private_urls, proxies=self.settings.proxy
        )
        self._resume_paths: dict[Path, tuple[FileIdentity | None, str | None]] = {}

    @property
    def workspace(self) -> Workspace:
        return self.settings.workspace()

    def resume_fingerprint(self, session: "Session | None") -> str | None:
        """The fingerprint of the resume a session's profile names now (None when it cannot be read): the
        judgments made against another one are stale."""
        if session is None or not session.profile_path:
            return None
        raw = self._resume_path(Path(session.profile_path))
        try:
            return fingerprint(self.workspace.resolve_read(raw, "Resume")) if raw is not None else None
        except SweepyError:
            return None

    def _resume_path(self, profile_path: Path) -> str | None:
        """The resume path a profile names, kept by the profile file's identity: get_jobs asks on every call, and
        parsing the YAML cost more than the rest of a 50-card page. An edited profile is read again."""
        identity = file_identity(profile_path)
        kept = self._resume_paths.get(profile_path)
        if kept is not None and identity is not None and kept[0] == identity:
            return kept[1]
        try:
            raw: str | None = load_profile(profile_path).resume.path
        except SweepyError:
            raw = None
        self._resume_paths[profile_path] = (identity, raw)  # one entry per profile; replaced, never grows
        return raw

    def own_writes(self, profile_paths: Iterable[str | None]) -> OwnWrites:
        """The writer of one report call: it refuses the resume of these profiles and of the default one, and
        keeps a backup of any other existing file Sweepy did not write."""
        chosen = default_profile(self.workspace)
        profiles = {p for p in (*profile_paths, str(chosen) if chosen is not None else None) if p}
        resumes = [self._resume_path(Path(p)) for p in sorted(profiles)]
        return OwnWrites(self.workspace, self.clock, protected_resumes(self.workspace, resumes))

    def sessions(self, folder: Path) -> SessionStore:
        """The session store of a results folder. One outside the workspace (read_dir does not confine reads)
        is read as it is: an old session file there is not moved into a store."""

        def writable() -> bool:
            try:
                self.workspace.resolve_write(folder, "results_dir")
            except SweepyError:  # outside the workspace, or a name Sweepy would not write
                return False
            return True

        return SessionStore(folder, writable)

    def profile_for_stem(self, ws: Workspace, stem: str) -> Path | None:
        """The profile file a stem names: in profiles/ or the top folder, of the workspace or the install."""
        for root in (ws.home, INSTALL_DIR):
            for candidate in (root / "profiles" / f"{stem}.yaml", root / f"{stem}.yaml"):
                if candidate.is_file():
                    return candidate
        for job in self.sweeps.newest_first():
            if job.stem == stem:
                return job.profile_path
        return None
