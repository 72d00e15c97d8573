"""The MCP server: `create_server()` builds the SDK's low-level `Server` with Sweepy's tools (the records of
sweepy.service.tools, each answered by its service method, or by a face hook here where the face asks the person,
waits on a sweep, reports progress or links the files written), its prompts (sweepy.mcp.prompts) and its
resources (sweepy.mcp.resources). The envelope, validation and per-call helpers live in sweepy.mcp.protocol, the
questions to the person in sweepy.mcp.elicitation; the behaviour in sweepy.service. server.py and `sweepy serve`
both start it on stdio."""

import logging
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from ..service import arguments as a
from ..service.tools import TOOLS, ToolRecord
from ..settings import Settings
from .elicitation import complete_profile, confirm_clear
from .prompts import Prompts
from .protocol import Call, ToolBody, ToolTable, envelope
from .resources import Resources, report_link
from .wire import CheckedStdin, claimed_stdin

if TYPE_CHECKING:  # the service is imported by the first tool call (ServiceOnDemand)
    from ..service import SweepyService
    from ..service.answers import Answer
    from ..service.answers_reports import Generated
    from ..sweeps import SweepJob

INSTRUCTIONS = """Sweepy runs job searches for one person and turns the postings into cards to judge and a PDF.
Chat flow: create_profile (name, titles, location, resume; Sweepy asks for what is missing where the app can)
→ run_sweep → get_sweep_status until completed → get_jobs (judge each card against the resume; keyword scores
are a first pass, not a verdict) → submit_judgments → render_report. The prompts start_job_search,
triage_new_cards, tailor_resume_for and weekly_review walk through these; the resources sweepy://… show
profiles, a sweep's cards, the latest summary, the reports and the tool reference. To keep searching between
chats, run_sweep with scheduled_for (and repeat daily or weekly) schedules a sweep; get_sweep_status with its
job_id shows it, cancel_sweep ends it."""


async def _wait_for(
    answer: "Callable[[SweepJob], Answer]", job: "SweepJob", wait_seconds: int, call: Call
) -> types.CallToolResult:
    """Wait without holding the event loop, then answer what `answer` makes of the job (running or completed).

    Every stage the sweep enters is one progress notification with its name, even stages that passed while
    this call slept: (0, 5, "stage 1/5: discover"), (1, 5, "stage 2/5: filter"), ... (5, 5, "completed").
    """
    from ..service.base import clamp

    deadline = time.monotonic() + clamp(wait_seconds, 0, 600)
    seen = 0
    while True:
        for step, label in job.stages_since(seen):
            seen += 1
            await call.progress(step - 1, job.total, f"stage {step}/{job.total}: {label}")
            await call.log("info", f"sweep {job.id[:8]} stage {step}/{job.total}: {label}")
        left = deadline - time.monotonic()
        if job.status != "running" or left <= 0:
            break
        await anyio.to_thread.run_sync(job.wait_change, seen, left, abandon_on_cancel=True)
    if job.status == "completed":
        await call.progress(job.total, job.total, "completed")
        await _log_outcome(call, job)
    return envelope(answer(job))


async def _log_outcome(call: Call, job: "SweepJob") -> None:
    """The sweep's end as log lines: its card count at info, each source it had to skip at warning."""
    from ..service.answers import SweepCompleted

    result = job.result if isinstance(job.result, SweepCompleted) else None  # a watch counts no cards
    await call.log("info", f"sweep {job.id[:8]} completed: {result.card_count if result else 0} cards")
    for source in result.skipped_sources if result else []:
        await call.log(
            "warning",
            f"sweep {job.id[:8]} skipped source {source.engine}/{source.source}: {source.reason} ({source.detail})",
        )


Hook = Callable[[Call, "SweepyService", Any], Awaitable[types.CallToolResult]]
"""A tool's body where the face differs from the generic one (the service method's answer in the envelope)."""


def sweepy_tools(service: "ServiceOnDemand") -> ToolTable:
    """Every tool of sweepy.service.tools: the generic body (its service method on a worker thread, the answer
    in the envelope), or its face hook (HOOKS) where the face asks, waits, reports progress or links files."""

    def body(record: ToolRecord) -> ToolBody:
        hook = HOOKS.get(record.name)

        async def answer(call: Call, args: Any) -> types.CallToolResult:
            if hook is not None:
                return await hook(call, service(), args)
            return envelope(await call.run(getattr(service(), record.method), args))

        return answer

    return ToolTable(service.settings, {record.name: body(record) for record in TOOLS})


def _links(service: "SweepyService", paths: list[tuple[str, str]]) -> list[types.ResourceLink]:
    made = (report_link(service.workspace, path, title) for path, title in paths)
    return [link for link in made if link is not None]


async def _create_profile(call: Call, service: "SweepyService", args: a.CreateProfile) -> types.CallToolResult:
    """The person is asked for titles, location or resume_path where they are missing and the host can ask."""
    completed = await complete_profile(call, args)
    if isinstance(completed, types.CallToolResult):
        return completed
    return envelope(await call.run(service.create_profile, completed))


async def _run_sweep(call: Call, service: "SweepyService", args: a.RunSweep) -> types.CallToolResult:
    from ..sweeps import SweepJob

    started = await call.run(service.run_sweep, args)
    if isinstance(started, SweepJob):
        return await _wait_for(service.sweep_answer, started, args.wait_seconds, call)
    return envelope(started)


async def _get_sweep_status(call: Call, service: "SweepyService", args: a.GetSweepStatus) -> types.CallToolResult:
    from ..service.base import clamp
    from ..sweeps import SweepJob

    started = time.monotonic()
    found = await call.run(service.get_sweep_status, args)
    if not isinstance(found, SweepJob):
        return envelope(found)
    left = max(0, round(clamp(args.wait_seconds, 0, 600) - (time.monotonic() - started)))
    return await _wait_for(service.sweep_payload, found, left, call)


async def _watch_postings(call: Call, service: "SweepyService", args: a.WatchPostings) -> types.CallToolResult:
    job = await call.run(service.watch_postings, args)
    return await _wait_for(service.watch_answer, job, args.wait_seconds, call)


async def _clear_history(call: Call, service: "SweepyService", args: a.ClearHistory) -> types.CallToolResult:
    refused = await confirm_clear(call, service, args)
    if refused is not None:
        return refused
    return envelope(await call.run(service.clear_history, args))


async def _import_jobs(call: Call, service: "SweepyService", args: a.ImportJobs) -> types.CallToolResult:
    await call.progress(0, 1, "checking the links" if args.validate_links else "importing")
    payload = await call.run(service.import_jobs, args)
    await call.progress(1, 1, f"{payload.imported_count} imported, {payload.skipped_count} skipped")
    return envelope(payload)


async def _convert(
    call: Call, service: "SweepyService", args: a.ConvertDocument | a.ConvertDocx
) -> types.CallToolResult:
    convert = service.convert_document if isinstance(args, a.ConvertDocument) else service.convert_docx
    payload = await call.run(convert, args)
    return envelope(payload, links=_links(service, [(payload.pdf_path, "Converted PDF")]))


async def _render_report(call: Call, service: "SweepyService", args: a.RenderReport) -> types.CallToolResult:
    await call.progress(0, 1, "rendering the PDF")
    payload = await call.run(service.render_report, args)
    await call.progress(1, 1, f"{payload.pages} pages written")
    return envelope(payload, links=_links(service, [(payload.pdf_report, "Card report (PDF)")]))


async def _export_report(call: Call, service: "SweepyService", args: a.ExportReport) -> types.CallToolResult:
    await call.progress(0, 1, f"writing {', '.join(args.formats)}")
    payload = await call.run(service.export_report, args)
    files = written_files(payload.generated)
    await call.progress(1, 1, f"{len(files)} files written, {len(payload.errors)} formats failed")
    return envelope(payload, links=_links(service, files))


HOOKS: dict[str, Hook] = {
    "create_profile": _create_profile,
    "run_sweep": _run_sweep,
    "get_sweep_status": _get_sweep_status,
    "watch_postings": _watch_postings,
    "clear_history": _clear_history,
    "import_jobs": _import_jobs,
    "convert_document": _convert,
    "convert_docx": _convert,
    "render_report": _render_report,
    "export_report": _export_report,
}
"""The tools whose face differs from the generic body: elicitation, waiting with progress, progress around a
long call, resource links to the files written."""


class ServiceOnDemand:
    """The service, made by the first tool call that needs it. Importing it loads the pipeline, the engines and
    the stores (most of Sweepy's own import time); initialize, tools/list, prompts/list and resources/list,
    which a host sends at every start, need none of that."""

    def __init__(self, settings: Settings, service: "SweepyService | None" = None) -> None:
        self.settings = settings
        self._service = service
        self._lock = threading.Lock()

    def __call__(self) -> "SweepyService":
        if self._service is None:
            with self._lock:
                if self._service is None:
                    from ..service import SweepyService

                    self._service = SweepyService(self.settings)
        return self._service


def create_server(
    settings: Settings | None = None, service: "SweepyService | None" = None, scheduler: bool = False
) -> Server[Any]:
    """The stdio MCP server over `service` (default: one on `settings`, made at the first tool call; default
    settings: the environment). With `scheduler`, a thread runs the scheduled sweeps when they are due."""
    settings = settings or (service.settings if service is not None else Settings.from_env())
    on_demand = ServiceOnDemand(settings, service)
    tools = sweepy_tools(on_demand)
    if scheduler:  # its thread imports the service, so the host's initialize does not wait for it
        threading.Thread(target=_run_schedules, args=(on_demand,), name="sweepy-scheduler", daemon=True).start()
    prompts, resources = Prompts(settings, on_demand), Resources(settings, on_demand)
    server: Server[Any] = Server(
        "sweepy",
        title="Sweepy job search",
        version=__version__,
        instructions=INSTRUCTIONS,
        on_list_tools=tools.list_tools,
        on_call_tool=tools.call_tool,
        on_list_prompts=prompts.list_prompts,
        on_get_prompt=prompts.get_prompt,
        on_list_resources=resources.list_resources,
        on_list_resource_templates=resources.list_templates,
        on_read_resource=resources.read_resource,
    )
    server.middleware.append(tools.not_an_object)
    # MCP logging: logging/setLevel for handshake-era clients (2026-07-28 clients opt in per request).
    server.add_request_handler("logging/setLevel", types.SetLevelRequestParams, tools.log_level.set)
    return server


def _run_schedules(service: ServiceOnDemand) -> None:
    from ..service.scheduler import Scheduler

    Scheduler(service).run()


def written_files(generated: "Generated") -> list[tuple[str, str]]:
    """The files export_report wrote, with a title each: one per format (a path), PNG one per page (a list);
    counts such as pdf_pages are not files."""
    files: list[tuple[str, str]] = []
    for fmt, written in generated.model_dump(by_alias=True, exclude_none=True).items():
        if isinstance(written, str):
            files.append((written, f"Report ({fmt.upper()})"))
        elif isinstance(written, list):
            files += [
                (page, f"Report page {n} ({fmt.upper()})") for n, page in enumerate(written, 1) if isinstance(page, str)
            ]
    return files


async def serve(server: Server[Any]) -> None:
    """The SDK's stdio transport, reading stdin through CheckedStdin (a line that is no JSON-RPC message is
    answered with the JSON-RPC error instead of dropped)."""
    with claimed_stdin() as binary:
        stdin = CheckedStdin(binary)
        async with stdio_server(stdin=stdin) as (read, write):
            stdin.answer_on(write)
            await server.run(read, write, server.create_initialization_options())


def main() -> None:
    """Serve on stdio until the host closes the pipe."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    settings = Settings.from_env()
    settings.workspace().remove_stale_temp_files()
    anyio.run(serve, create_server(settings, scheduler=True))
