"""One method per tool: the whole behaviour of Sweepy, testable without MCP. Methods return the tool's answer
model (sweepy.service.answers; the MCP envelope dumps it, `status` first) or raise SweepyError. Each area lives
in its own module; SweepyService (sweepy.service.facade) is their union.

The package imports its areas when SweepyService is first asked for, not when the package is: the server lists
its tools from the argument models and their limits (sweepy.service.limits) without loading the pipeline, the
engines and the stores, which a host waits on at every start."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import KEYWORD_NOTE, clamp
    from .facade import SweepyService

__all__ = ["KEYWORD_NOTE", "SweepyService", "clamp"]


def __getattr__(name: str) -> Any:
    if name == "SweepyService":
        from .facade import SweepyService

        return SweepyService
    if name in ("KEYWORD_NOTE", "clamp"):
        from . import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
