"""Shared fixtures: every test runs in its own workspace and state folder, never the real home."""

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fakeboards import FakeBoards, running
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
    # The fake boards and link sites live on 127.0.0.1, which the address guard refuses without this flag;
    # the guard's own tests pass allow_private=False or build their server's settings without it.
    monkeypatch.setenv("SWEEPY_ALLOW_PRIVATE_URLS", "1")
    return home


@pytest.fixture
def boards() -> Iterator[FakeBoards]:
    """The loopback job-board server (tests/fakeboards), fresh for each test."""
    with running() as server:
        yield server


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
