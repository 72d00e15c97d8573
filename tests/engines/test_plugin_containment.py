"""Installed engines are contained (issue 24 item 4): a package of the `sweepy.engines` entry-point group that calls
sys.exit() at import, whose discover() exits, that answers None among its postings or a non-EngineResult, or that
floods 200,001 postings costs its own source, never the server or the other sources. A real distribution (a
dist-info with entry_points.txt) in a folder on the server's PYTHONPATH, and the server over stdio."""

import functools
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from mcp import Client, StdioServerParameters
from mcp_helpers import SERVER_PY, ok, server_env, write_feed, write_resume

from sweepy.engines.base import MAX_POSTINGS_PER_SOURCE

pytestmark = pytest.mark.anyio

PLUGINS = '''"""Engines that misbehave, each in its own way."""

import sys

from sweepy.domain.postings import Posting
from sweepy.engines.base import DiscoverRequest, Engine, EngineResult


def good(request: DiscoverRequest, engine: str, n: int) -> Posting:
    url = f"https://jobs.example.org/{engine}/{n}"
    return Posting(title="Paralegal", company=f"{engine.title()} {n}", url=url, location="New York, NY",
                   engine=engine, source=request.source, canonical_url=url)


class NonesBoard(Engine):
    name = "nones"

    def discover(self, config: object, request: DiscoverRequest) -> EngineResult:
        wrong = good(request, self.name, 2)
        wrong.title = None  # type: ignore[assignment]
        return EngineResult(postings=[None, good(request, self.name, 1), {"title": "x"}, wrong])


class FloodBoard(Engine):
    name = "flood"
    max_postings = 10**9  # an installed engine cannot raise its own cap

    def discover(self, config: object, request: DiscoverRequest) -> EngineResult:
        return EngineResult(postings=[good(request, self.name, n) for n in range(200_001)])


class QuittingBoard(Engine):
    name = "quitting"

    def discover(self, config: object, request: DiscoverRequest) -> EngineResult:
        sys.exit(4)


class ListBoard(Engine):
    name = "listing"

    def discover(self, config: object, request: DiscoverRequest) -> EngineResult:
        return [good(request, self.name, 1)]  # type: ignore[return-value]
'''
ENTRY_POINTS = """[sweepy.engines]
exiting = sweepy_exiting_board
nones = sweepy_bad_boards:NonesBoard
flood = sweepy_bad_boards:FloodBoard
quitting = sweepy_bad_boards:QuittingBoard
listing = sweepy_bad_boards:ListBoard
"""
PACKAGE = "package sweepy-bad-boards 0.1"


def install(site: Path) -> Path:
    """A distribution as pip leaves it in site-packages: its dist-info (METADATA, entry_points.txt) and modules."""
    info = site / "sweepy_bad_boards-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sweepy-bad-boards\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    (site / "sweepy_bad_boards.py").write_text(PLUGINS, encoding="utf-8")
    (site / "sweepy_exiting_board.py").write_text("import sys\n\nsys.exit(3)\n", encoding="utf-8")
    return site


async def test_misbehaving_plugins_cost_their_own_sources_and_the_sweep_completes(
    workspace: Path, tmp_path: Path
) -> None:
    site = install(tmp_path / "site")
    resume = write_resume(workspace / "resume.docx")
    feed = write_feed(workspace / "feed.jsonl", [
        {"title": "Paralegal", "company": "Feedco", "location": "New York, NY", "url": "https://feed.example.org/1"},
    ])  # fmt: skip
    env = server_env(workspace, PYTHONPATH=f"{site}:{ROOT}")
    params = StdioServerParameters(command=sys.executable, args=[SERVER_PY], env=env)
    sources: dict[str, Any] = {name: {} for name in ("exiting", "nones", "flood", "quitting", "listing")}
    sources["feed"] = {"path": str(feed)}
    async with Client(params) as client:
        call = functools.partial(ok, client)

        created = await call(
            "create_profile",
            {"name": "Alex Rivera", "titles": ["Paralegal"], "location": "New York, NY",
             "resume_path": str(resume), "sources_config": sources},
        )  # fmt: skip
        swept = await call("run_sweep", {"profile_path": created["profile_path"], "wait_seconds": 240})
        still = await call("get_jobs", {"limit": 5})  # the server lives on after the sweep

    assert swept["sweep_status"] == "completed"
    report = {s["engine"]: (s["status"], s["postings"], s["reason"]) for s in swept["sources"]}
    assert report == {
        "exiting": ("skipped", 0, "plugin_error"),
        "feed": ("ok", 1, None),
        "flood": ("ok", MAX_POSTINGS_PER_SOURCE, None),
        "listing": ("skipped", 0, "plugin_error"),
        "nones": ("ok", 1, None),
        "quitting": ("skipped", 0, "bad_response"),
    }
    detail = {s["engine"]: s["detail"] for s in swept["sources"]}
    assert detail["exiting"] == (
        f"entry point 'exiting' = 'sweepy_exiting_board' of {PACKAGE} could not be loaded (SystemExit: 3); fix or "
        "uninstall that package, or set sources.exiting.enabled: false"
    )
    assert detail["listing"].startswith("engine 'listing' (sweepy_bad_boards) returned a list, not an EngineResult")
    assert detail["quitting"] == "the engine failed on this answer (SystemExit)"
    assert swept["skipped_records"] == 3
    logged = Path(swept["debug_log"]).read_text(encoding="utf-8")
    assert [line[line.index("skipped") :] for line in logged.splitlines() if "skipped record nones#" in line] == [
        "skipped record nones#1: engine 'nones' gave a NoneType, not a Posting",
        "skipped record nones#3: engine 'nones' gave a dict, not a Posting",
        "skipped record nones#4: engine 'nones' gave a Posting with a NoneType title, not a Posting",
    ]
    assert swept["discovered_count"] == 1 + 1 + MAX_POSTINGS_PER_SOURCE
    assert still["status"] == "ok"


HALF_LOADED = """import sys

from sweepy.engines import register
from sweepy_bad_boards import NonesBoard


class HalfBoard(NonesBoard):
    name = "half"


register(HalfBoard())
sys.exit(5)
"""
LOOK = """
import json
from sweepy.engines import engines, get_engine, validate_sources
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings

workspace = Settings.from_env().workspace()
stand_in = get_engine("halfway")
try:
    get_engine("half")
    half = "found"
except EngineConfigError as exc:
    half = exc.message
print(json.dumps({
    "listed": sorted(set(engines()) & {"half", "halfway", "exiting", "nones"}),
    "stand_in": [type(stand_in).__name__, stand_in.name],
    "half": half,
    "valid": sorted(validate_sources({"halfway": {"any": "key"}}, workspace)),
}))
"""


def test_an_engine_a_failing_import_registered_is_not_kept_and_its_entry_point_stands_in(tmp_path: Path) -> None:
    import json
    import os
    import subprocess

    site = install(tmp_path / "site")
    (site / "sweepy_half_board.py").write_text(HALF_LOADED, encoding="utf-8")
    entry_points = site / "sweepy_bad_boards-0.1.dist-info" / "entry_points.txt"
    entry_points.write_text(ENTRY_POINTS + "halfway = sweepy_half_board\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", LOOK], capture_output=True, text=True, env=env, check=True)
    shown = json.loads(done.stdout)
    # The stand-ins are not listed as engines (a person cannot enable them), yet a profile naming one validates.
    assert shown["listed"] == ["nones"]
    assert shown["stand_in"] == ["BrokenPlugin_halfway", "halfway"]
    assert shown["half"].startswith("unknown engine 'half'; known engines: ")
    assert shown["valid"] == ["halfway"]
    assert sorted(line.split(" not loaded: ")[1] for line in done.stderr.splitlines()) == [
        "SystemExit: 3",
        "SystemExit: 5",
    ]
