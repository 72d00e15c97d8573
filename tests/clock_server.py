"""Sweepy's stdio server with a fixed clock, for the protocol tests whose answers depend on the day: the service
gets its clock the way the code takes one (SweepyService(clock=...)), set from TEST_CLOCK_NOW (ISO 8601 with an
offset). Started as a subprocess like server.py; nothing of Sweepy is patched."""

import datetime as dt
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the checkout's sweepy, as server.py finds it

import anyio

from sweepy.mcp.server import create_server, serve
from sweepy.service import SweepyService
from sweepy.settings import Settings


def main() -> None:
    now = dt.datetime.fromisoformat(os.environ["TEST_CLOCK_NOW"]).timestamp()
    service = SweepyService(Settings.from_env(), clock=lambda: now)
    anyio.run(serve, create_server(service=service))


if __name__ == "__main__":
    main()
