"""Circuit breaker per source, kept in the state folder so it survives a restart.

After `failure_threshold` failed sweeps in a row a source is skipped as `circuit_open`, with no request, until
`cooldown_seconds` have passed; then the next sweep tries it once: success closes it, failure opens it again.
"""

import json
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from filelock import FileLock

from ..paths import atomic_write_text


class BreakerBook:
    """The breakers of every source, read once per sweep and updated once at its end."""

    def __init__(self, path: Path, threshold: int, cooldown: float, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.threshold = threshold
        self.cooldown = cooldown
        self.clock = clock
        self._states = self._read()

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
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
        """Count one sweep's outcome per source (True = answered), merged under a lock with other processes."""
        if not outcomes:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(str(self.path) + ".lock", timeout=10):
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
