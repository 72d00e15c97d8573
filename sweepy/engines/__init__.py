"""The engine registry: every engine module registers itself here through `register()`, built-ins included."""

import importlib
import pkgutil
import threading

from ..errors import EngineConfigError
from ..store.paths import Workspace
from .base import DiscoverRequest, Engine, EngineConfig, EngineResult, SkippedSource

INFRASTRUCTURE_MODULES = frozenset(("base", "http", "cache", "breaker", "shapes", "paging"))
"""Modules of this package that are not engines; every other module is one and registers itself on import."""
BUILTIN_ENGINE_MODULES = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in INFRASTRUCTURE_MODULES)
)

_REGISTRY: dict[str, Engine] = {}
_LOADED = threading.Event()
_LOADING = threading.Lock()


def register(engine: Engine) -> Engine:
    if engine.name in _REGISTRY:
        raise ValueError(f"engine {engine.name!r} is already registered")
    _REGISTRY[engine.name] = engine
    return engine


def engines() -> dict[str, Engine]:
    """Every registered engine. The built-ins are always loaded, even when another engine registered first."""
    if not _LOADED.is_set():
        with _LOADING:
            for module in BUILTIN_ENGINE_MODULES:
                importlib.import_module(f"{__name__}.{module}")
            _LOADED.set()
    return dict(_REGISTRY)


def default_engines() -> list[str]:
    """The engines a profile enables when it names no source: the keyless public boards."""
    return sorted(name for name, engine in engines().items() if engine.default_enabled)


def get_engine(name: str) -> Engine:
    known = engines()
    if name not in known:
        raise EngineConfigError(f"unknown engine {name!r}; known engines: {', '.join(sorted(known))}")
    return known[name]


def validate_sources(sources: dict[str, dict[str, object]], workspace: Workspace) -> dict[str, EngineConfig]:
    """Typed configs of every enabled engine, or one EngineConfigError naming each failing engine and why.

    A disabled block is checked for keys and types too (a typo there would otherwise wait until it is enabled),
    but not for files or environment variables.
    """
    configs: dict[str, EngineConfig] = {}
    problems: dict[str, str] = {}
    for name, raw in sources.items():
        try:
            engine = get_engine(name)
            if engine.validate_types(raw).enabled:
                configs[name] = engine.parse_config(raw, workspace)
        except EngineConfigError as exc:
            problems[name] = exc.message.rstrip(".")
    if problems:
        raise EngineConfigError(
            "Engine configuration is incomplete: " + " | ".join(problems.values()) + ". Fix sources_config (the "
            "profile's sources block) and retry.",
            failing_engines=sorted(problems),
        )
    return configs


__all__ = [
    "DiscoverRequest",
    "Engine",
    "EngineConfig",
    "EngineResult",
    "SkippedSource",
    "default_engines",
    "engines",
    "get_engine",
    "register",
    "validate_sources",
]
