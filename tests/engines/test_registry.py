"""The engine registry: every built-in engine registers itself once, and docs/sweeps.md documents it."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT

from sweepy.engines import BUILTIN_ENGINE_MODULES, engines, get_engine, register, validate_sources
from sweepy.engines.feed import FeedEngine
from sweepy.errors import EngineConfigError
from sweepy.settings import Settings


def test_every_builtin_engine_module_is_registered() -> None:
    assert sorted(engines()) == sorted(BUILTIN_ENGINE_MODULES)
    assert isinstance(get_engine("feed"), FeedEngine)


def test_registering_a_name_twice_is_an_error() -> None:
    engines()
    with pytest.raises(ValueError, match="already registered"):
        register(FeedEngine())


def test_every_engine_is_in_the_engines_reference() -> None:
    reference = (ROOT / "docs" / "sweeps.md").read_text(encoding="utf-8")
    for name in engines():
        assert f"| `{name}` |" in reference


def test_unknown_and_incomplete_engines_are_named_together() -> None:
    with pytest.raises(EngineConfigError) as caught:
        validate_sources({"nosuch": {}, "feed": {"enabled": True}}, Settings.from_env().workspace())
    assert caught.value.details["failing_engines"] == ["feed", "nosuch"]
    assert "unknown engine 'nosuch'" in caught.value.message
    assert "'path' is required" in caught.value.message


def test_a_disabled_engine_is_not_checked_for_files() -> None:
    assert validate_sources({"feed": {"enabled": False}}, Settings.from_env().workspace()) == {}
    assert (
        validate_sources({"feed": {"enabled": False, "path": "nowhere.jsonl"}}, Settings.from_env().workspace()) == {}
    )


@pytest.mark.parametrize(
    ("block", "problem"),
    [
        ({"enabled": False, "pth": "x"}, "feed: unknown key 'pth'"),
        ({"enabled": False, "path": 7}, "feed: 'path': Input should be a valid string (got 7)"),
        ({"enabled": "no", "path": "x"}, "feed: 'enabled': Input should be a valid boolean (got 'no')"),
    ],
)
def test_a_disabled_engine_still_has_its_keys_and_types_checked(block: dict[str, object], problem: str) -> None:
    with pytest.raises(EngineConfigError) as caught:
        validate_sources({"feed": block}, Settings.from_env().workspace())
    assert caught.value.message == (
        f"Engine configuration is incomplete: {problem}. Fix sources_config (the profile's sources block) and retry."
    )
    assert caught.value.details["failing_engines"] == ["feed"]


def test_a_disabled_unknown_engine_is_still_an_error() -> None:
    with pytest.raises(EngineConfigError) as caught:
        validate_sources({"nosuch": {"enabled": False}}, Settings.from_env().workspace())
    assert caught.value.details["failing_engines"] == ["nosuch"]


def test_the_combined_message_gives_one_instruction_at_the_end(workspace: Path) -> None:
    with pytest.raises(EngineConfigError) as caught:
        validate_sources({"feed": {"path": "feeds/missing.jsonl"}, "nosuch": {}}, Settings.from_env().workspace())
    missing = workspace / "feeds" / "missing.jsonl"
    assert caught.value.message == (
        f"Engine configuration is incomplete: feed: feed path 'feeds/missing.jsonl' does not exist (looked for "
        f"{missing}, then {ROOT / 'feeds' / 'missing.jsonl'}) | unknown engine 'nosuch'; known engines: "
        f"{', '.join(sorted(engines()))}. Fix sources_config "
        "(the profile's sources block) and retry."
    )


def test_an_engine_registered_first_does_not_hide_the_builtins() -> None:
    # A fresh interpreter: in this one the registry is already loaded.
    code = (
        "from sweepy.engines import register, engines\n"
        "from sweepy.engines.feed import FeedEngine\n"
        "class Extra(FeedEngine):\n    name = 'extra'\n"
        "register(Extra())\n"
        "print(' '.join(sorted(engines())))\n"
    )
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert shown == sorted([*BUILTIN_ENGINE_MODULES, "extra"])


PLUGIN = '''"""An engine from outside Sweepy, installed as its own distribution."""

from sweepy.engines.base import DiscoverRequest, Engine, EngineConfig, EngineResult


class ExtraBoardConfig(EngineConfig):
    company: str


class ExtraBoardEngine(Engine):
    name = "extra_board"
    config_model = ExtraBoardConfig
    description = "One posting per target title, for the entry-point test."

    def discover(self, config: ExtraBoardConfig, request: DiscoverRequest) -> EngineResult:
        result = EngineResult()
        for title in request.titles:
            url = f"https://jobs.example.org/{config.company.lower()}/{title.lower()}"
            result.postings.append(self.posting(request, title=title, company=config.company, url=url,
                                                location=request.location))
        return result


class Impostor(ExtraBoardEngine):
    name = "greenhouse"


class BadName(ExtraBoardEngine):
    name = "Extra Board!"


NOT_AN_ENGINE = {"name": "dict_board"}
'''
ENTRY_POINTS = """[sweepy.engines]
extra_board = sweepy_extra_board:ExtraBoardEngine
greenhouse = sweepy_extra_board:Impostor
bad_name = sweepy_extra_board:BadName
not_an_engine = sweepy_extra_board:NOT_AN_ENGINE
missing = sweepy_no_such_module:Engine
raising = sweepy_raising_board
"""
USE = """
import json
from sweepy.engines import DiscoverRequest, engines, get_engine, validate_sources
from sweepy.engines.greenhouse import GreenhouseEngine
from sweepy.pipeline.discover import discover
from sweepy.settings import Settings

workspace = Settings.from_env().workspace()
configs = validate_sources({"extra_board": {"company": "Initech"}}, workspace)
found = discover(configs, DiscoverRequest(["Paralegal"], "Remote", workspace, {}))
print(json.dumps({
    "engines": sorted(engines()),
    "greenhouse": type(get_engine("greenhouse")) is GreenhouseEngine,
    "sources": [[r.engine, r.status] for r in found.sources],
    "postings": [[p.engine, p.title, p.company, p.url] for p in found.postings],
}))
"""


def installed(site: Path, entry_points: str) -> None:
    """A distribution as pip leaves it in site-packages: its dist-info (METADATA, entry_points.txt) and modules."""
    info = site / "sweepy_extra_board-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sweepy-extra-board\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    (site / "sweepy_extra_board.py").write_text(PLUGIN, encoding="utf-8")
    (site / "sweepy_raising_board.py").write_text("raise RuntimeError('no board today')\n", encoding="utf-8")
    (site / "sweepy_module_board.py").write_text(  # a module that registers its engine on import, as built-ins do
        "from sweepy.engines import register\nfrom sweepy_extra_board import ExtraBoardEngine\n"
        "class ModuleBoard(ExtraBoardEngine):\n    name = 'module_board'\nregister(ModuleBoard())\n",
        encoding="utf-8",
    )


def run_with(site: Path) -> tuple[dict[str, Any], list[str]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    done = subprocess.run([sys.executable, "-c", USE], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout), done.stderr.splitlines()


def test_an_installed_package_adds_an_engine_through_the_entry_point_group(tmp_path: Path) -> None:
    declared = "extra_board = sweepy_extra_board:ExtraBoardEngine\nmodule_board = sweepy_module_board\n"
    installed(tmp_path / "site", f"[sweepy.engines]\n{declared}")
    shown, warnings = run_with(tmp_path / "site")
    assert shown["engines"] == sorted([*BUILTIN_ENGINE_MODULES, "extra_board", "module_board"])
    assert shown["sources"] == [["extra_board", "ok"]]
    assert shown["postings"] == [["extra_board", "Paralegal", "Initech", "https://jobs.example.org/initech/paralegal"]]
    assert warnings == []


def test_broken_entry_points_are_logged_and_left_out(tmp_path: Path) -> None:
    installed(tmp_path / "site", ENTRY_POINTS)
    shown, warnings = run_with(tmp_path / "site")
    assert shown["engines"] == sorted([*BUILTIN_ENGINE_MODULES, "extra_board"])  # the good one still works
    assert shown["greenhouse"] is True  # a built-in's name cannot be taken
    assert shown["postings"] == [["extra_board", "Paralegal", "Initech", "https://jobs.example.org/initech/paralegal"]]
    of = "of package sweepy-extra-board 0.1 not loaded"
    assert sorted(warnings) == sorted([
        f"engine entry point 'greenhouse' = 'sweepy_extra_board:Impostor' {of}: the name 'greenhouse' is taken by "
        "a built-in engine",
        f"engine entry point 'bad_name' = 'sweepy_extra_board:BadName' {of}: its name 'Extra Board!': an engine's "
        "name is 1 to 40 lowercase letters, digits and _, starting with a letter",
        f"engine entry point 'not_an_engine' = 'sweepy_extra_board:NOT_AN_ENGINE' {of}: it is a dict, not a "
        "sweepy.engines.Engine subclass or instance",
        f"engine entry point 'missing' = 'sweepy_no_such_module:Engine' {of}: ModuleNotFoundError: No module named "
        "'sweepy_no_such_module'",
        f"engine entry point 'raising' = 'sweepy_raising_board' {of}: RuntimeError: no board today",
    ])  # fmt: skip
