"""The engine registry: every engine module registers itself here through `register()`, built-ins included, and
engines of other installed packages are found through the `sweepy.engines` entry-point group."""

import importlib
import importlib.metadata
import logging
import pkgutil
import re
import threading
from types import ModuleType

from ..errors import EngineConfigError
from ..store.paths import Workspace
from .base import MAX_POSTINGS_PER_SOURCE, DiscoverRequest, Engine, EngineConfig, EngineResult, SkippedSource
from .plugins import BrokenPlugin, broken_plugin

INFRASTRUCTURE_MODULES = frozenset(
    ("base", "results", "http", "api_urls", "answers", "cache", "breaker", "shapes", "paging", "plugins")
)
"""Modules of this package that are not engines; every other module is one and registers itself on import."""
BUILTIN_ENGINE_MODULES = tuple(
    sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in INFRASTRUCTURE_MODULES)
)

_BUILTIN_MODULE_NAMES = frozenset(f"{__name__}.{module}" for module in BUILTIN_ENGINE_MODULES)
ENTRY_POINT_GROUP = "sweepy.engines"
"""Where another package declares its engines: `[project.entry-points."sweepy.engines"]` with
`myboard = "my_package.engine:MyBoardEngine"` (an Engine subclass, or an instance of one)."""
_ENGINE_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
"""An engine's name is a profile key and the prefix of its key variables (MYBOARD_API_KEY)."""
_NAME_RULE = "an engine's name is 1 to 40 lowercase letters, digits and _, starting with a letter"

_REGISTRY: dict[str, Engine] = {}
_BROKEN: dict[str, BrokenPlugin] = {}
"""Installed engines that could not be loaded, by entry-point name: a profile naming one sweeps its other sources
and lists this one skipped as `plugin_error`, instead of refusing the profile as naming an unknown engine."""
_LOADED = threading.Event()
_LOADING = threading.RLock()
_IN_PROGRESS: list[bool] = []  # set while this thread, holding _LOADING, loads the engines
log = logging.getLogger("sweepy")


def register(engine: Engine) -> Engine:
    if engine.name in _REGISTRY:
        raise ValueError(f"engine {engine.name!r} is already registered")
    _REGISTRY[engine.name] = engine
    return engine


def engines() -> dict[str, Engine]:
    """Every registered engine. The built-ins are always loaded, even when another engine registered first, and
    before any installed package's engines, so that none of those can take a built-in's name."""
    if not _LOADED.is_set():
        with _LOADING:  # re-entrant: an installed engine that asks for the registry as it loads gets it so far
            if not _LOADED.is_set() and not _IN_PROGRESS:
                _IN_PROGRESS.append(True)
                try:
                    for module in BUILTIN_ENGINE_MODULES:
                        importlib.import_module(f"{__name__}.{module}")
                    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
                        _add_installed(entry)
                    _LOADED.set()
                finally:
                    _IN_PROGRESS.clear()
    return dict(_REGISTRY)


def _add_installed(entry: importlib.metadata.EntryPoint) -> None:
    """Register the engine an installed package declares: an Engine subclass or instance, or a module that
    registers its engines on import as the built-ins do. One that cannot be loaded is logged and left out, so a
    broken package costs its own engine, never the server (and never a built-in: their names are taken)."""
    where = f"entry point {entry.name!r} = {entry.value!r} of {_distribution(entry)}"
    before = set(_REGISTRY)
    try:
        found = entry.load()
        added = [_REGISTRY[name] for name in sorted(set(_REGISTRY) - before)]  # registered on import
        if isinstance(found, ModuleType):
            engine = None
        elif isinstance(found, type) and issubclass(found, Engine):
            engine = next((e for e in added if type(e) is found), None) or found()
        else:
            engine = found
    except BaseException as exc:  # sys.exit() at import too: an installed package may not stop the server
        if isinstance(exc, KeyboardInterrupt):
            raise
        said = f"{type(exc).__name__}: {str(exc)[:300]}"
        log.warning("engine %s not loaded: %s", where, said)
        for left in sorted(set(_REGISTRY) - before):  # what it registered before it failed is not trusted either
            _REGISTRY.pop(left)
        if _ENGINE_NAME.match(entry.name) and entry.name not in _REGISTRY:
            _BROKEN.setdefault(entry.name, broken_plugin(entry.name, f"{where} could not be loaded ({said})"))
        return
    for other in added:
        if not _ENGINE_NAME.match(other.name):
            _REGISTRY.pop(other.name)
            log.warning("engine %r of %s not loaded: %s", other.name, where, _NAME_RULE)
    if engine is None:
        if not added:
            log.warning("engine %s not loaded: the module registers no engine", where)
        return
    if not isinstance(engine, Engine):
        log.warning(
            "engine %s not loaded: it is a %s, not a sweepy.engines.Engine subclass or instance",
            where,
            type(found).__name__,
        )
        return
    if any(other is engine for other in added):  # its module registered it (or it was just refused, above)
        return
    name = getattr(engine, "name", None)
    if not isinstance(name, str) or not _ENGINE_NAME.match(name):
        log.warning("engine %s not loaded: its name %r: %s", where, name, _NAME_RULE)
        return
    if name in _REGISTRY:
        taken = "a built-in engine" if name in BUILTIN_ENGINE_MODULES else "another installed engine"
        log.warning("engine %s not loaded: the name %r is taken by %s", where, name, taken)
        return
    _REGISTRY[name] = engine


def _distribution(entry: importlib.metadata.EntryPoint) -> str:
    dist = entry.dist
    return f"package {dist.name} {dist.version}" if dist is not None else "an unnamed package"


def default_engines() -> list[str]:
    """The engines a profile enables when it names no source: the keyless public boards."""
    return sorted(name for name, engine in engines().items() if engine.default_enabled)


def builtin(engine: Engine) -> bool:
    """Whether `engine` is one of Sweepy's own: only those are trusted with what they declare (a higher cap, no
    network deadline for local work); an installed package's engine is held to the defaults."""
    return type(engine).__module__ in _BUILTIN_MODULE_NAMES


def max_postings(engine: Engine) -> int:
    """The postings a sweep keeps of one of `engine`'s sources: its own `max_postings` for a built-in engine, and
    at most MAX_POSTINGS_PER_SOURCE for an installed package's, whatever it declares."""
    if builtin(engine):
        return engine.max_postings
    return min(engine.max_postings, MAX_POSTINGS_PER_SOURCE)


def get_engine(name: str) -> Engine:
    """The engine of a profile's `sources` key; an installed one that failed to load is a stand-in whose every
    source is skipped as `plugin_error`, naming the package (EngineConfigError only for a name nothing declares)."""
    known = engines()
    if name not in known and name in _BROKEN:
        return _BROKEN[name]
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
    "ENTRY_POINT_GROUP",
    "DiscoverRequest",
    "Engine",
    "EngineConfig",
    "EngineResult",
    "SkippedSource",
    "builtin",
    "default_engines",
    "engines",
    "get_engine",
    "max_postings",
    "register",
    "validate_sources",
]
