"""What stands in for an installed engine that could not be loaded: its sources are skipped as `plugin_error`,
naming the package, and the sweep goes on with the others."""

from typing import Any, ClassVar

from pydantic import ConfigDict

from ..store.paths import Workspace
from .base import DiscoverRequest, Engine, EngineConfig, EngineResult, SourceError


class BrokenPluginConfig(EngineConfig):
    """Any block: the engine's own config model was never loaded, so its keys cannot be checked."""

    model_config = ConfigDict(extra="allow", strict=True)


class BrokenPlugin(Engine):
    """An installed engine whose import (or construction) raised, even SystemExit: `problem` says which entry
    point of which package, and what it raised."""

    config_model = BrokenPluginConfig
    description = "An installed engine that could not be loaded."
    problem: ClassVar[str] = ""

    def check(self, config: Any, workspace: Workspace) -> None:
        """Nothing to check: the sweep says what is wrong, source by source, and sweeps the other engines."""

    def discover(self, config: Any, request: DiscoverRequest) -> EngineResult:
        raise SourceError(
            "plugin_error", f"{self.problem}; fix or uninstall that package, or set sources.{self.name}.enabled: false"
        )


def broken_plugin(name: str, problem: str) -> BrokenPlugin:
    """The stand-in for entry point `name`, one class each (an engine's name is its class's)."""
    kind = type(f"BrokenPlugin_{name}", (BrokenPlugin,), {"name": name, "problem": problem})
    engine: BrokenPlugin = kind()
    return engine
