"""The engine registry: every built-in engine registers itself once, and the README documents it."""

import pytest
from conftest import ROOT

from sweepy.engines import BUILTIN_ENGINE_MODULES, engines, get_engine, register, validate_sources
from sweepy.engines.feed import FeedEngine
from sweepy.errors import EngineConfigError
from sweepy.paths import Workspace


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
        validate_sources({"nosuch": {}, "feed": {"enabled": True}}, Workspace.from_env())
    assert caught.value.details["failing_engines"] == ["feed", "nosuch"]
    assert "unknown engine 'nosuch'" in caught.value.message
    assert "'path' is required" in caught.value.message


def test_a_disabled_engine_is_not_validated() -> None:
    assert validate_sources({"feed": {"enabled": False}}, Workspace.from_env()) == {}
