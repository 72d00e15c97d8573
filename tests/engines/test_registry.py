"""The engine registry: every built-in engine registers itself once, and the README documents it."""

import subprocess
import sys
from pathlib import Path

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


def test_every_engine_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in engines():
        assert f"| `{name}` |" in readme


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
        f"{missing}) | unknown engine 'nosuch'; known engines: {', '.join(sorted(engines()))}. Fix sources_config "
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
