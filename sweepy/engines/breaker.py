"""Circuit breaker per source, kept in the state folder so it survives a restart.

After `failure_threshold` failed sweeps in a row a source is skipped as `circuit_open`, with no request, until
`cooldown_seconds` have passed; then the next sweep tries it once: success closes it, failure opens it again.
"""

import json
import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..errors import SweepyError
from ..store.files import atomic_write_text, read_in_real_dir
from ..store.reads import MAX_STATE_BYTES, loads_finite

log = logging.getLogger("sweepy")


class BreakerBook:
    """The breakers of every source, read once per sweep and updated once at its end."""

    def __init__(self, path: Path, threshold: int, cooldown: float, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.threshold = threshold
        self.cooldown = cooldown
        self.clock = clock
        self._states = self._read(report=True)

    def _read(self, report: bool = False) -> dict[str, dict[str, Any]]:
        """The saved states; none when there is no file yet. A damaged file (not JSON, nested too deep to parse,
        not an object) starts every breaker fresh, said in the log when `report`: losing a failure count costs at
        most one more try of a sick source, while a sweep that failed on it would read nothing."""
        try:  # read inside the state folder as it was checked (a folder swapped for a link reads as empty)
            raw = read_in_real_dir(self.path, "Breakers", MAX_STATE_BYTES)
        except (OSError, SweepyError):
            return {}
        try:
            data = loads_finite(raw)
        except ValueError as exc:  # TooDeep and NonFiniteNumber are ValueErrors, as is bad UTF-8
            data, problem = None, str(exc)
        else:
            problem = "" if isinstance(data, dict) else f"it holds a JSON {type(data).__name__}, not an object"
        if not isinstance(data, dict):
            if report:
                log.warning(
                    "circuit breakers %s are damaged (%s); every source starts with a closed breaker",
                    self.path,
                    problem[:200],
                )
            return {}
        return {k: v for k, v in data.items() if isinstance(v, dict) and isinstance(v.get("failures"), int)}

    def open_until(self, key: str) -> float | None:
        """When the breaker of `key` closes again, or None if the source may be asked now."""
        state = self._states.get(key)
        if not state or state["failures"] < self.threshold:
            return None
        last = state.get("last_failure")
        until = (last if isinstance(last, int | float) else 0.0) + self.cooldown
        return until if self.clock() < until else None

    def record(self, outcomes: Mapping[str, bool]) -> None:
        """Count one sweep's outcome per source (True = answered), merged under the state folder's lock with
        other processes. The lock and the file are opened in the folder part by part without following links,
        so a state folder swapped for a link gets neither (PathNotAllowed)."""
        if not outcomes:
            return
        from ..store.folder_lock import folder_lock  # the state folder's OS lock, opened without following links

        with folder_lock(self.path.parent, timeout=10):
            states = self._read()
            now = self.clock()
            for key, ok in outcomes.items():
                if ok:
                    states.pop(key, None)
                else:
                    failures = int(states.get(key, {}).get("failures", 0)) + 1
                    states[key] = {"failures": failures, "last_failure": now}
            atomic_write_text(self.path, json.dumps(states, indent=1, sort_keys=True))
            self._states = states
