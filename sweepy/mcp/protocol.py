"""The MCP contract in one place, on the SDK's documented low-level `Server`: the JSON envelope every tool
answers, the tool table (`tools/list` from each tool's argument model, `tools/call` validated against it), and
what a tool body may ask of the host during a call (progress, log lines, elicitation) on both protocol eras.

Nothing here reaches into the SDK's private modules: the tool's schema and its validation are Sweepy's own
pydantic models (sweepy.service.arguments), so an SDK release that rearranges MCPServer's internals changes nothing.
"""

import functools
import json
import logging
import warnings
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import anyio
import mcp.types as types
from mcp.server import ServerRequestContext
from mcp.server.context import CallNext, HandlerResult
from mcp.shared.exceptions import MCPDeprecationWarning
from mcp.types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel, TypeAdapter, ValidationError

from ..errors import SweepyError, describe_validation_error
from ..service.arguments import Arguments
from ..service.tools import TOOLS, ToolRecord
from ..settings import Settings

if TYPE_CHECKING:  # the answer models come with the service, on the first call (sweepy.service says why)
    from ..service.answers import Answer

log = logging.getLogger("sweepy.mcp.protocol")
T = TypeVar("T")

LOG_LEVELS: tuple[types.LoggingLevel, ...] = (
    "debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"
)  # fmt: skip


def envelope(answer: "Answer", links: list[types.ResourceLink] | None = None) -> types.CallToolResult:
    """A tool's success: its answer model, dumped (`Answer.dump`) after `status: "ok"`; a tool that wrote files
    adds a resource_link to each after the text."""
    return _result({"status": "ok", **answer.dump()}, links)


def refusal(payload: dict[str, Any]) -> types.CallToolResult:
    """A tool's error: `status: "error"`, its message and whatever details it carries; isError set."""
    return _result({"status": "error", **payload})


def _result(body: dict[str, Any], links: list[types.ResourceLink] | None = None) -> types.CallToolResult:
    """The one answer shape: compact JSON text, the same object as structuredContent, isError on failure."""
    # No spaces after separators: 50 cards of get_jobs are ~3 KB smaller in an assistant's context.
    text = types.TextContent(type="text", text=json.dumps(body, ensure_ascii=False, separators=(",", ":")))
    return types.CallToolResult(
        content=[text, *(links or [])], structured_content=body, is_error=body["status"] == "error"
    )


def failure(name: str, exc: Exception) -> types.CallToolResult:
    """SweepyError → its message and details; anything else → a generic message (the traceback stays in the log)."""
    if isinstance(exc, SweepyError):
        return refusal({"message": exc.message, **exc.details})
    log.exception("tool %s failed", name)
    message = (
        f"{name} stopped on an internal error in Sweepy ({type(exc).__name__}), not on a value you passed. The "
        "server log on stderr has the traceback: try the call again, and report the log if it happens again."
    )
    return refusal({"message": message})


class NeedInput(Exception):
    """Raised by `Call.elicit` on a 2026-07-28 connection: the call answers with these questions and the client
    retries it with the person's answers (the stateless multi-round-trip flow)."""

    def __init__(self, result: types.InputRequiredResult) -> None:
        super().__init__("input required")
        self.result = result


@dataclass
class LogLevel:
    """The level a handshake-era client set with logging/setLevel (2026-07-28 clients opt in per request)."""

    level: types.LoggingLevel = "warning"

    async def set(self, ctx: ServerRequestContext[Any], params: types.SetLevelRequestParams) -> types.EmptyResult:
        self.level = params.level
        return types.EmptyResult()

    def allows(self, level: types.LoggingLevel) -> bool:
        return LOG_LEVELS.index(level) >= LOG_LEVELS.index(self.level)


@dataclass
class Call:
    """One tools/call as the tool body sees it: progress, log lines and questions to the person, each on
    whatever the connection's protocol era offers, and a thread for the blocking service."""

    name: str
    ctx: ServerRequestContext[Any]
    params: types.CallToolRequestParams
    log_level: LogLevel = field(default_factory=LogLevel)

    @property
    def modern(self) -> bool:
        return self.ctx.protocol_version in MODERN_PROTOCOL_VERSIONS

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """The service is blocking code: run it on a worker thread so the server keeps answering."""
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs), abandon_on_cancel=True)

    async def progress(self, done: float, total: float, message: str) -> None:
        """notifications/progress, when the caller asked for it (a progressToken); otherwise nothing."""
        await self.ctx.session.report_progress(done, total, message)

    async def log(self, level: types.LoggingLevel, message: str) -> None:
        """A notifications/message line at `level`, if the client wants that level: on 2026-07-28 the request's
        own opt-in decides (the SDK applies it), before that the level set by logging/setLevel."""
        if not self.modern and not self.log_level.allows(level):
            return
        try:
            # MCP logging is deprecated in 2026-07-28 and still served on both eras. The warning is raised when
            # the coroutine is made, so only that is inside the filter: no other task runs under it.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                sending = self.ctx.session.send_log_message(
                    level, message, logger="sweepy", related_request_id=self.ctx.request_id
                )
            await sending
        except Exception:  # a log line is a courtesy: one that cannot be sent must not fail the tool
            log.debug("log line not sent: %s", message, exc_info=True)

    @property
    def can_elicit(self) -> bool:
        """Whether the client declared form elicitation (a host that can ask the person)."""
        capabilities = self.ctx.session.client_capabilities
        return capabilities is not None and capabilities.elicitation is not None

    async def elicit(self, key: str, message: str, schema: dict[str, Any]) -> types.ElicitResult:
        """Ask the person to fill the form `schema` (flat, primitive fields). Handshake era: an
        elicitation/create request during the call. 2026-07-28: the first round raises NeedInput (the call
        answers input_required), and the client's retry carries the answer under `key`."""
        if not self.modern:
            return await self.ctx.session.elicit_form(message, schema, related_request_id=self.ctx.request_id)
        answer = (self.params.input_responses or {}).get(key)
        if isinstance(answer, types.ElicitResult):
            return answer
        request = types.ElicitRequest(params=types.ElicitRequestFormParams(message=message, requested_schema=schema))
        raise NeedInput(types.InputRequiredResult(input_requests={key: request}))


ToolBody = Callable[[Call, Any], Awaitable[types.CallToolResult]]


@dataclass(frozen=True)
class ToolDef:
    """A tool as this server offers it: its record (sweepy.service.tools) and the body that answers a call."""

    record: ToolRecord
    body: ToolBody

    @property
    def name(self) -> str:
        return self.record.name

    @property
    def arguments(self) -> type[Arguments]:
        return self.record.arguments

    def listing(self, settings: Settings) -> types.Tool:
        record, hints = self.record, self.record.hints
        return types.Tool(
            name=record.name,
            title=record.title,
            description=record.description,
            input_schema=record.arguments.model_json_schema(by_alias=True),
            # opt-in: the answer models are then imported with the listing
            output_schema=output_schema(record) if settings.output_schemas else None,
            annotations=types.ToolAnnotations(
                title=record.title,
                read_only_hint=hints.read_only,
                destructive_hint=hints.destructive,
                idempotent_hint=hints.idempotent,
                open_world_hint=hints.open_world,
            ),
        )


def output_schema(record: ToolRecord) -> dict[str, Any]:
    """The tool's answer: `status` first; with "ok" its success fields are required (for a sweep or a watch,
    those of the running or the completed answer), with "error" a message (and whatever details the error
    carries, such as job_id or unassessed_job_ids)."""
    success = TypeAdapter(record.answer_model()).json_schema(by_alias=True)
    definitions = success.pop("$defs", None)
    variants = success.get("oneOf") or success.get("anyOf")
    properties: dict[str, Any] = {"status": {"type": "string", "enum": ["ok", "error"]}}
    if variants is None:
        properties |= success.get("properties", {})
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": ["status"],
        "additionalProperties": True,
        "if": {"properties": {"status": {"const": "ok"}}},
        "then": {"oneOf": variants} if variants is not None else {"required": success.get("required", [])},
        "else": {"required": ["message"], "properties": {"message": {"type": "string"}}},
    }
    if definitions:
        schema["$defs"] = definitions
    return schema


def _decode_json_text(model: type[BaseModel], raw: dict[str, Any]) -> dict[str, Any]:
    """Hosts sometimes send `titles: "[\\"Paralegal\\"]"`: JSON text stands in for an array or an object where
    the field takes no text. Nothing else is decoded, so a profile stem "null" (or "[1]") stays that text and
    "true" is not a boolean."""
    fields = {info.alias or name: info for name, info in model.model_fields.items()}
    decoded = dict(raw)
    for key, value in raw.items():
        info = fields.get(key)
        if info is None or _takes_text(info.annotation) or not isinstance(value, str):
            continue
        try:
            parsed = json.loads(value)
        except (ValueError, RecursionError):
            continue
        if isinstance(parsed, list | dict):
            decoded[key] = parsed
    return decoded


def _takes_text(annotation: Any) -> bool:
    """Whether a field's type admits a string (str, a Literal of strings, Any), through Optional and Annotated:
    text sent to it is a value, not JSON standing in for one."""
    if annotation is str or annotation is Any:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return any(isinstance(arg, str) for arg in get_args(annotation))
    if origin is Annotated:
        return _takes_text(get_args(annotation)[0])
    if origin in (Union, UnionType):
        return any(_takes_text(arg) for arg in get_args(annotation))
    return False


class ToolTable:
    """The tools a server offers: the records of sweepy.service.tools that have a body here, in their order."""

    def __init__(self, settings: Settings, bodies: dict[str, ToolBody]) -> None:
        self.settings = settings
        self.tools = {record.name: ToolDef(record, bodies[record.name]) for record in TOOLS if record.name in bodies}
        self.log_level = LogLevel()
        self._listed: list[types.Tool] | None = None  # built on the first tools/list: schemas cost ~1 ms each

    def hidden(self) -> set[str]:
        """Names left out of `tools/list`: the non-core tools with SWEEPY_TOOLS=core. Visibility only: a
        hidden tool still answers when a client calls it by name."""
        if self.settings.tools != "core":
            return set()
        return {name for name, tool in self.tools.items() if not tool.record.core}

    async def list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        if self._listed is None:
            hidden = self.hidden()
            self._listed = [tool.listing(self.settings) for name, tool in self.tools.items() if name not in hidden]
        return types.ListToolsResult(tools=self._listed)

    def parse(self, name: str, raw: Any) -> tuple[ToolDef, Arguments] | str:
        """The tool and its validated arguments, or what is wrong with the call, in words."""
        tool = self.tools.get(name)
        if tool is None:
            listed = sorted(set(self.tools) - self.hidden())
            return f"Unknown tool {name!r}. Sweepy's tools are: {', '.join(listed)}."
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            return f"Arguments for {name} must be a JSON object."
        try:
            return tool, tool.arguments.model_validate(_decode_json_text(tool.arguments, raw))
        except ValidationError as exc:
            return f"Invalid arguments for {name}: {describe_validation_error(exc)} Fix them and call {name} again."

    async def not_an_object(self, ctx: ServerRequestContext[Any], call_next: CallNext) -> HandlerResult:
        """Server middleware for one malformed request shape: tools/call `arguments` that are not an object
        fail the SDK's request validation before any handler runs, as a bare JSON-RPC error. A host that sends
        `["x"]` gets the tool's error envelope saying so instead. Every other request passes untouched."""
        params = ctx.params if ctx.method == "tools/call" and isinstance(ctx.params, dict) else {}
        raw = params.get("arguments")
        if raw is not None and not isinstance(raw, dict):
            problem = self.parse(str(params.get("name")), raw)
            if isinstance(problem, str):
                answer = refusal({"message": problem})
                return answer.model_dump(by_alias=True, mode="json", exclude_none=True)
        return await call_next(ctx)

    async def call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        """Every answer is the envelope: unknown tools, bad arguments and crashes included."""
        parsed = self.parse(params.name, params.arguments)
        if isinstance(parsed, str):
            return refusal({"message": parsed})
        tool, arguments = parsed
        call = Call(tool.name, ctx, params, self.log_level)
        try:
            return await tool.body(call, arguments)
        except NeedInput as needed:
            return needed.result
        except Exception as exc:
            result = failure(tool.name, exc)
            await call.log("error", f"{tool.name}: {result.structured_content['message']}")
            return result
