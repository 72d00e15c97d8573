"""The MCP contract in one place: the JSON envelope every tool answers, strict tool registration, and the
middleware that gives errors the SDK makes itself (bad arguments, unknown tool) the same envelope."""

import functools
import inspect
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, TextContent
from pydantic import ConfigDict, ValidationError

from .errors import SweepyError
from .payloads import PAYLOADS, output_schema
from .settings import Settings
from .tools import TOOLS
from .validation import describe_validation_error

log = logging.getLogger("sweepy.protocol")

ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"type": "string", "enum": ["ok", "error"]}, "message": {"type": "string"}},
    "required": ["status"],
}


def envelope(payload: dict[str, Any], ok: bool = True) -> CallToolResult:
    """The one answer shape: compact JSON text, the same object as structuredContent, isError on failure."""
    body = {"status": "ok" if ok else "error", **payload}
    return CallToolResult(
        # No spaces after separators: 50 cards of get_jobs are ~3 KB smaller in an assistant's context.
        content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False, separators=(",", ":")))],
        structured_content=body,
        is_error=not ok,
    )


def failure(name: str, exc: Exception) -> CallToolResult:
    """SweepyError → its message and details; anything else → a generic message (the traceback stays in the log)."""
    if isinstance(exc, SweepyError):
        return envelope({"message": exc.message, **exc.details}, ok=False)
    log.exception("tool %s failed", name)
    message = (
        f"{name} failed unexpectedly ({type(exc).__name__}). The server log on stderr has details; "
        "check the arguments and try again."
    )
    return envelope({"message": message}, ok=False)


class StrictArguments(FuncMetadata):
    """The SDK's argument handling, but a JSON-encoded string only stands in for an array or an object.

    Hosts sometimes send `titles: "[\\"Paralegal\\"]"`; the SDK decodes every such string, so a profile
    stem "null" became None (and clear_history fell back to another profile) and "true" became a bool.
    """

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        parsed = super().pre_parse_json(data)
        return {key: value if isinstance(value, list | dict) else data[key] for key, value in parsed.items()}


class ToolRegistry:
    """The tools a server offers, registered from typed functions with the names and hints of TOOLS."""

    def __init__(self, settings: Settings) -> None:
        self.tools: dict[str, Tool] = {}
        self.settings = settings

    def tool(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Register `fn` with TOOLS' title and annotations and strict arguments (wrong types and unknown keys
        are errors); any exception it raises becomes the error envelope."""
        name = fn.__name__
        spec = TOOLS[name]

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def wrapped(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await fn(*args, **kwargs)
                except Exception as exc:
                    return failure(name, exc)

        else:

            @functools.wraps(fn)
            def wrapped(*args: Any, **kwargs: Any) -> Any:
                try:
                    return fn(*args, **kwargs)
                except Exception as exc:
                    return failure(name, exc)

        tool = Tool.from_function(wrapped, name=name, title=spec.title, annotations=spec.annotations())
        loose = tool.fn_metadata.arg_model
        config = ConfigDict(extra="forbid", strict=True)
        strict: type[ArgModelBase] = type(loose.__name__, (loose,), {"model_config": config})
        tool.fn_metadata = StrictArguments(
            arg_model=strict,
            output_schema=(output_schema(name) if name in PAYLOADS else ENVELOPE_SCHEMA)
            if self.settings.output_schemas
            else None,
        )
        tool.parameters = strict.model_json_schema(by_alias=True)
        self.tools[name] = tool
        return wrapped  # a direct call answers like the MCP call: an envelope, never an exception

    def all(self) -> list[Tool]:
        """Every tool, to register with the server (SWEEPY_TOOLS only hides some from `tools/list`)."""
        return list(self.tools.values())

    def hidden(self) -> set[str]:
        """Names left out of `tools/list`: the non-core tools with SWEEPY_TOOLS=core. Visibility only: a
        hidden tool still answers when a client calls it by name."""
        if self.settings.tools != "core":
            return set()
        return {name for name in self.tools if not TOOLS[name].core}

    def argument_problem(self, name: str, arguments: Any) -> str | None:
        """What is wrong with a call's arguments, in words, or None."""
        tool = self.tools.get(name)
        if tool is None:
            listed = sorted(set(self.tools) - self.hidden())
            return f"Unknown tool {name!r}. Sweepy's tools are: {', '.join(listed)}."
        if arguments is not None and not isinstance(arguments, dict):
            return f"Arguments for {name} must be a JSON object."
        try:
            tool.fn_metadata.validate_arguments(arguments or {})
        except ValidationError as exc:
            return f"Invalid arguments for {name}: {describe_validation_error(exc)} Fix them and call {name} again."
        return None

    async def middleware(self, ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        """Errors the SDK creates before a tool runs get the same JSON envelope as the tools' own; hidden
        tools are left out of `tools/list`."""
        problem = None
        if ctx.method == "tools/call" and isinstance(ctx.params, dict):
            problem = self.argument_problem(str(ctx.params.get("name")), ctx.params.get("arguments"))
        try:
            result = await call_next(ctx)
        except Exception:
            # Arguments that are not an object fail the SDK's request validation before any tool runs.
            if ctx.method != "tools/call" or problem is None:
                raise
            body = {"status": "error", "message": problem}
            return {"content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body, "isError": True}
        hidden = self.hidden()
        if ctx.method == "tools/list" and hidden and isinstance(result, dict) and isinstance(result.get("tools"), list):
            result = {**result, "tools": [t for t in result["tools"] if t.get("name") not in hidden]}
        sdk_error = isinstance(result, dict) and result.get("isError") and result.get("structuredContent") is None
        if ctx.method == "tools/call" and sdk_error:
            text = " ".join(str(b.get("text", "")) for b in result.get("content", []))
            body = {"status": "error", "message": problem or text}
            result = {**result, "content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body}
        return result
