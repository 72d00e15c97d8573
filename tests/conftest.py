"""Shared fixtures: every test runs in its own workspace and state folder, never the real home."""

import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import pytest
from fakeboards import FakeBoards, Fault, Request, running
from mcp.server.mcpserver import MCPServer

from sweepy.mcp.server import create_server
from sweepy.service import SweepyService

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # server.py is importable for in-process tests
DATA = ROOT / "sweepy" / "data"
PROFILES = DATA / "profiles"
"""The example profiles shipped as package data (`sweepy init` copies them into a workspace)."""


@pytest.fixture(autouse=True)
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An isolated SWEEPY_HOME (returned) with SWEEPY_STATE_DIR beside it."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("SWEEPY_HOME", str(home))
    monkeypatch.setenv("SWEEPY_STATE_DIR", str(tmp_path / "state"))
    for name in ("SWEEPY_ALLOW_EXTERNAL_WRITES", "SWEEPY_TOOLS", "SWEEPY_OUTPUT_SCHEMAS", "SWEEPY_REQUIRE_JUDGMENTS"):
        monkeypatch.delenv(name, raising=False)
    # The engines' client reads the proxy variables: a developer's own proxy must not reroute the tests' hosts.
    for name in ("SWEEPY_PROXY", "SWEEPY_ALLOW_PRIVATE_PROXY", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy",
                 "NO_PROXY", "no_proxy"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    # The fake boards and link sites live on 127.0.0.1, which the address guard refuses without this flag;
    # the guard's own tests pass allow_private=False or build their server's settings without it.
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")
    return home


@pytest.fixture
def boards() -> Iterator[FakeBoards]:
    """The loopback job-board server (tests/fakeboards), fresh for each test."""
    with running() as server:
        yield server


HELD_CARDS = 2
"""The cards a sweep of the held board makes for the paralegal in New York of mcp_helpers.profile_args (its remote
and its hybrid paralegal posting; the third has no title)."""


@dataclass
class HeldBoard:
    """The fake Greenhouse board `acme`, every request to it held at a gate until the test releases it: a sweep
    (or watch) that asks it stays running exactly as long as the test needs, on events, never because a sweep
    happens to be slow. `sources` is a profile's sources block for it (HELD_CARDS cards once released)."""

    sources: dict[str, Any]
    gate: threading.Event = field(default_factory=threading.Event)
    arrivals: int = 0
    _arrived: threading.Condition = field(default_factory=threading.Condition)

    def arrive(self, _request: Request) -> None:
        """The board's `arrived` hook: one more request is waiting at the gate."""
        with self._arrived:
            self.arrivals += 1
            self._arrived.notify_all()

    async def until_arrived(self, count: int = 1) -> None:
        """Wait (off the event loop, so an in-process server keeps answering) until `count` requests are held;
        60 s is only a bound on a broken test, never a timing the test relies on."""

        def wait() -> bool:
            with self._arrived:
                return self._arrived.wait_for(lambda: self.arrivals >= count, 60)

        assert await anyio.to_thread.run_sync(wait, abandon_on_cancel=True), f"{self.arrivals} of {count} arrived"

    def release(self) -> None:
        """Let every held request, and any later one, through to the board's normal answer."""
        self.gate.set()


@pytest.fixture
def held_board(boards: FakeBoards) -> Iterator[HeldBoard]:
    """A HeldBoard on this test's fake boards, released when the test ends however it ends (a failing test
    leaves no sweep thread waiting at the gate)."""
    held = HeldBoard({"greenhouse": {"enabled": True, "boards": ["acme"], "base_url": boards.url}})
    boards.fault(r"^/v1/boards/acme/jobs$", Fault("gate", gate=held.gate, arrived=held.arrive))
    try:
        yield held
    finally:
        held.release()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def snapshot(*roots: Path) -> dict[str, bytes]:
    """Every file under the roots with its bytes: compare before and after to prove nothing changed."""
    files: dict[str, bytes] = {}
    for root in roots:
        if root.exists():
            for path in sorted(root.rglob("*")):
                if path.is_file():
                    files[str(path)] = path.read_bytes()
    return files


@dataclass
class App:
    """One server as a host gets it: the service and the MCP server built over it."""

    service: SweepyService
    mcp: MCPServer


@pytest.fixture
def app(workspace: Path) -> App:
    """A server built for this test's workspace (settings are read once, when a server is created)."""
    service = SweepyService()
    return App(service, create_server(service=service))
