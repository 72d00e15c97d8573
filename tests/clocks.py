"""A fake monotonic clock for the deadline tests: time moves when a test, a source or a fake server moves it, so
no test sleeps to let a deadline pass."""

import threading


class FakeClock:
    """A monotonic clock to pass as `monotonic=`: it moves only when someone sets it."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def set(self, now: float) -> None:
        with self._lock:
            self.now = now
