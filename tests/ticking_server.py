"""Sweepy's stdio server whose monotonic clock (the one the sources' deadlines read) moves TEST_CLOCK_STEP seconds
each time it is read: every look at it finds a source further past its deadline, with no real wait. Started as a
subprocess like server.py; the service takes the clock the way the code takes one (SweepyService(monotonic=...))."""

import os
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's sweepy, as server.py finds it

import anyio

from sweepy.mcp.server import create_server, serve
from sweepy.service import SweepyService
from sweepy.settings import Settings


class TickingClock:
    def __init__(self, step: float) -> None:
        self.step, self.now, self._lock = step, 0.0, threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            self.now += self.step
            return self.now


def main() -> None:
    clock = TickingClock(float(os.environ["TEST_CLOCK_STEP"]))
    anyio.run(serve, create_server(service=SweepyService(Settings.from_env(), monotonic=clock)))


if __name__ == "__main__":
    main()
