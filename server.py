"""Sweepy's MCP server (stdio): registers the tools and maps each onto sweepy.service.

Every tool answers one JSON text block whose first key is "status", the same object as structuredContent,
and isError on failure — including the failures the SDK itself produces (bad arguments, unknown tool).
"""

import functools
import inspect
import json
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase
from mcp.types import CallToolResult, TextContent
from pydantic import ConfigDict, Field, ValidationError

from sweepy import __version__
from sweepy.errors import SweepyError
from sweepy.jobs import SweepJob
from sweepy.service import SweepyService, clamp
from sweepy.tools import TOOLS
from sweepy.validation import describe_validation_error

logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
log = logging.getLogger("sweepy.server")

ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"type": "string", "enum": ["ok", "error"]}, "message": {"type": "string"}},
    "required": ["status"],
}


def envelope(payload: dict[str, Any], ok: bool = True) -> CallToolResult:
    """The one answer shape: compact JSON text, the same object as structuredContent, isError on failure."""
    body = {"status": "ok" if ok else "error", **payload}
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body, ensure_ascii=False))],
        structured_content=body,
        is_error=not ok,
    )


def failure(message: str, **details: Any) -> CallToolResult:
    return envelope({"message": message, **details}, ok=False)


def _from_exception(name: str, exc: Exception) -> CallToolResult:
    if isinstance(exc, SweepyError):
        return failure(exc.message, **exc.details)
    log.exception("tool %s failed", name)
    return failure(f"{name} failed unexpectedly ({type(exc).__name__}). The server log on stderr has details; "
                   "check the arguments and try again.")  # fmt: skip


def argument_problem(name: str, arguments: Any) -> str | None:
    """What is wrong with a call's arguments, in words, or None."""
    tool = REGISTERED.get(name)
    if tool is None:
        return f"Unknown tool {name!r}. Sweepy's tools are: {', '.join(sorted(REGISTERED))}."
    if arguments is not None and not isinstance(arguments, dict):
        return f"Arguments for {name} must be a JSON object."
    try:
        tool.fn_metadata.validate_arguments(arguments or {})
    except ValidationError as exc:
        return f"Invalid arguments for {name}: {describe_validation_error(exc)} Fix them and call {name} again."
    return None


async def json_error_middleware(ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
    """Errors the SDK creates (bad arguments, unknown tool) get the same JSON envelope as ours."""
    problem = None
    if ctx.method == "tools/call" and isinstance(ctx.params, dict):
        problem = argument_problem(str(ctx.params.get("name")), ctx.params.get("arguments"))
    result = await call_next(ctx)
    sdk_error = isinstance(result, dict) and result.get("isError") and result.get("structuredContent") is None
    if ctx.method == "tools/call" and sdk_error:
        text = " ".join(str(b.get("text", "")) for b in result.get("content", []))
        body = {"status": "error", "message": problem or text}
        result = {**result, "content": [{"type": "text", "text": json.dumps(body)}], "structuredContent": body}
    return result


service = SweepyService()
REGISTERED: dict[str, Tool] = {}


def sweepy_tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register `fn` under its name with TOOLS' title and annotations, strict arguments (wrong types and
    unknown keys are errors), and SweepyError → error envelope."""
    name = fn.__name__
    spec = TOOLS[name]

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return await fn(*args, **kwargs)
            except Exception as exc:
                return _from_exception(name, exc)

    else:

        @functools.wraps(fn)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception as exc:
                return _from_exception(name, exc)

    tool = Tool.from_function(wrapped, name=name, title=spec.title, annotations=spec.annotations())
    loose = tool.fn_metadata.arg_model
    strict: type[ArgModelBase] = type(
        loose.__name__, (loose,), {"model_config": ConfigDict(extra="forbid", strict=True)}
    )
    tool.fn_metadata.arg_model = strict
    tool.parameters = strict.model_json_schema(by_alias=True)
    if os.environ.get("SWEEPY_OUTPUT_SCHEMAS") == "1":
        tool.fn_metadata.output_schema = ENVELOPE_SCHEMA
    REGISTERED[name] = tool
    return fn


async def _wait_for(job: SweepJob, wait_seconds: int, ctx: Context) -> CallToolResult:
    """Wait without holding the event loop, reporting progress, then answer the sweep's payload."""
    deadline = time.monotonic() + clamp(wait_seconds, 0, 600)
    reported: tuple[int, str] | None = None
    while True:
        if (job.step, job.label) != reported:
            reported = (job.step, job.label)
            await ctx.report_progress(job.step, job.total, job.label)
        if job.status != "running" or time.monotonic() >= deadline:
            break
        await anyio.sleep(0.05)
    return envelope(service.sweep_payload(job))


@sweepy_tool
def create_profile(
    name: Annotated[str, Field(description="Full name written into the profile.")],
    titles: Annotated[list[str], Field(description='Target titles, e.g. ["Technical Writer", "UX Writer"].')],
    location: Annotated[str, Field(description='Target location, e.g. "New York, NY".')],
    resume_path: Annotated[str, Field(description="Path to a PDF or DOCX resume.")],
    remote_only: Annotated[bool, Field(description="Keep only fully remote roles.")] = False,
    include_hybrid: Annotated[bool, Field(description="Keep hybrid roles.")] = True,
    min_salary: Annotated[int, Field(description="Minimum annual base salary; 0 = no minimum.")] = 0,
    must_have_skills: Annotated[list[str] | None, Field(description="Skill terms that raise the match.")] = None,
    synonyms: Annotated[
        list[list[str]] | None,
        Field(description='Groups of interchangeable terms, e.g. [["JD", "Juris Doctor"]].'),
    ] = None,
    platforms: Annotated[dict[str, Any] | None, Field(description='Platform switches, e.g. {"indeed": false}.')] = None,
    sources_config: Annotated[
        dict[str, Any] | None,
        Field(description='Engines to enable, e.g. {"feed": {"enabled": true, "path": "postings.jsonl"}}.'),
    ] = None,
    cache_config: Annotated[dict[str, Any] | None, Field(description="enabled, ttl_seconds.")] = None,
    orchestrator_config: Annotated[
        dict[str, Any] | None,
        Field(description="timeout_per_source_seconds; circuit_breaker {failure_threshold, cooldown_seconds}."),
    ] = None,
    history_config: Annotated[
        dict[str, Any] | None, Field(description="enabled, retention_days (4), match (url | url+role), path.")
    ] = None,
    job_tracking: Annotated[bool, Field(description="Add application-tracking columns to the CSV.")] = True,
    assessment: Annotated[
        str,
        Field(description="Report gate: agent (every card judged first) or keyword (keyword-only allowed)."),
    ] = "agent",
    output_filename: Annotated[
        str | None, Field(description="Custom YAML path; default profiles/{name}_{first title}.yaml.")
    ] = None,
) -> CallToolResult:
    """Validate every enabled engine, then write the profile YAML (nothing is written if anything fails).

    Call this first with the person's name, target titles, location and resume. The profile becomes the
    default for run_sweep. Next: run_sweep.
    """
    return envelope(service.create_profile(**locals()))


@sweepy_tool
async def run_sweep(
    ctx: Context,
    profile_path: Annotated[
        str | None, Field(description="Profile YAML; default the last saved profile, then the bundled ones.")
    ] = None,
    deduplicate: Annotated[bool, Field(description="Merge repeated URLs and cross-platform copies.")] = True,
    include_seen: Annotated[bool, Field(description="Report postings from earlier sweeps too.")] = False,
    wait_seconds: Annotated[int, Field(description="Longest wait before returning progress; clamped to 0..600.")] = 45,
) -> CallToolResult:
    """Start a sweep (discover → filter → deduplicate → history → keyword score) in the background.

    Returns the completed payload if it finishes within wait_seconds, else sweep_status "running" with a
    job_id: pass it to get_sweep_status until completed, then call get_jobs. Scores are keyword overlap.
    """
    job, _joined = await anyio.to_thread.run_sync(service.start_sweep, profile_path, deduplicate, include_seen)
    return await _wait_for(job, wait_seconds, ctx)


@sweepy_tool
async def get_sweep_status(
    ctx: Context,
    job_id: Annotated[str | None, Field(description="Sweep id from run_sweep; default the most recent.")] = None,
    wait_seconds: Annotated[int, Field(description="Longest wait; clamped to 0..600.")] = 45,
) -> CallToolResult:
    """Wait on a sweep started by run_sweep and report its progress; returns as soon as it finishes.

    A completed sweep's cards are already the active session: call get_jobs next.
    """
    return await _wait_for(service.find_sweep(job_id), wait_seconds, ctx)


@sweepy_tool
def get_jobs(
    profile_stem: Annotated[str | None, Field(description="Profile id of a saved session, e.g. pedro_writer.")] = None,
    results_dir: Annotated[str, Field(description="Folder holding report_session.json.")] = "results",
    limit: Annotated[int | None, Field(description="How many cards; omit for all (minimum 1).")] = None,
) -> CallToolResult:
    """Return the session's job cards, best first (a submitted match_pct outranks keyword overlap).

    Read each card with the resume and judge the real fit; keyword scores are only a first pass.
    """
    return envelope(service.get_jobs(profile_stem, results_dir, limit))


@sweepy_tool
def get_results(
    profile_stem: Annotated[str | None, Field(description="Filter result files by profile id.")] = None,
    results_dir: Annotated[str, Field(description="Folder holding the result files.")] = "results",
    limit: Annotated[int, Field(description="Top roles returned; clamped to 1..100.")] = 10,
) -> CallToolResult:
    """Read the latest sweep result file from disk (never re-runs the sweep) and return its top roles."""
    return envelope(service.get_results(profile_stem, results_dir, limit))


@sweepy_tool
def clear_history(
    profile_path: Annotated[str | None, Field(description="Profile YAML path.")] = None,
    profile_stem: Annotated[str | None, Field(description="Profile id, e.g. pedro_writer.")] = None,
) -> CallToolResult:
    """Forget the postings a profile was shown, so the next sweep reports them again.

    Without arguments it clears the profile of this server's last sweep; after a restart pass one of them.
    """
    return envelope(service.clear_history(profile_path, profile_stem))


@sweepy_tool
def list_sweeps(
    limit: Annotated[
        int | None,
        Field(ge=1, le=100, description="Page size 1..100; sending limit or cursor switches to cursor paging."),
    ] = None,
    cursor: Annotated[
        str | None,
        Field(min_length=1, max_length=512, description="The previous page's next_cursor, unchanged."),
    ] = None,
) -> CallToolResult:
    """List this server's recent background sweeps, newest first, with status and progress."""
    return envelope(service.list_sweeps(limit, cursor))


if os.environ.get("SWEEPY_TOOLS", "full") == "core":
    # Visibility, not permission: the hidden tools simply are not offered to the client.
    REGISTERED = {name: tool for name, tool in REGISTERED.items() if TOOLS[name].core}

mcp = MCPServer(
    "sweepy",
    title="Sweepy job search",
    version=__version__,
    instructions=(
        "Sweepy runs job searches. Typical flow: create_profile → run_sweep → get_sweep_status until completed "
        "→ get_jobs (judge each card against the resume). Keyword scores are a first pass, not a verdict."
    ),
    middleware=[json_error_middleware],
    tools=list(REGISTERED.values()),
)


def main() -> None:
    mcp.run("stdio")


if __name__ == "__main__":
    main()
