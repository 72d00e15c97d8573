"""The MCP server: `create_server()` builds the SDK's low-level `Server` with Sweepy's tools (one argument model
in sweepy.service.arguments and one short body here each), its prompts (sweepy.mcp.prompts) and its resources
(sweepy.mcp.resources). The envelope, validation and per-call helpers live in sweepy.mcp.protocol, the questions
to the person in sweepy.mcp.elicitation; the behaviour in sweepy.service. server.py and `sweepy serve` both
start it on stdio."""

import logging
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import anyio
import mcp.types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

from .. import __version__
from ..errors import InvalidArgument
from ..service import arguments as a
from ..settings import Settings
from .elicitation import complete_profile, confirm_clear
from .prompts import Prompts
from .protocol import Call, ToolTable, envelope
from .resources import Resources, report_link
from .wire import CheckedStdin, claimed_stdin

if TYPE_CHECKING:  # the service is imported by the first tool call (ServiceOnDemand)
    from ..service import SweepyService
    from ..service.answers import Answer, Generated
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


def sweepy_tools(service: "ServiceOnDemand") -> ToolTable:
    """Every tool: its argument model (sweepy.service.arguments) and a short body onto the service."""
    tools = ToolTable(service.settings)

    def links(paths: list[tuple[str, str]]) -> list[types.ResourceLink]:
        made = (report_link(service.settings.workspace(), path, title) for path, title in paths)
        return [link for link in made if link is not None]

    @tools.tool(a.CreateProfile)
    async def create_profile(call: Call, args: a.CreateProfile) -> types.CallToolResult:
        """Validate every enabled engine, then write the profile YAML (nothing is written if anything fails).

        Call this first with the person's name, target titles, location and resume. If titles, location or
        resume_path is missing, Sweepy asks the person with a form where the host can show one. The first
        profile becomes the default for run_sweep; a later one only with make_default. Next: run_sweep.
        """
        completed = await complete_profile(call, args)
        if isinstance(completed, types.CallToolResult):
            return completed
        return envelope(await call.run(service().create_profile, **completed.service_arguments()))

    @tools.tool(a.RunSweep)
    async def run_sweep(call: Call, args: a.RunSweep) -> types.CallToolResult:
        """Start a sweep (discover → filter → deduplicate → history → keyword score) in the background.

        Returns the completed payload if it finishes within wait_seconds, else sweep_status "running" with a
        job_id: pass it to get_sweep_status until completed, then call get_jobs. Scores are keyword overlap.
        With scheduled_for it answers sweep_status "scheduled" at once: the sweep runs then (and daily or weekly
        with repeat) inside a running server or by `sweepy run-due`; cancel_sweep cancels it.
        """
        if args.scheduled_for is None:
            if args.schedule_timezone is not None or args.repeat is not None:
                raise InvalidArgument(
                    "schedule_timezone and repeat only apply to a scheduled sweep: add scheduled_for (e.g. "
                    "'2026-12-07T09:00'), or leave them out to sweep now."
                )
            started = call.run(service().start_sweep, args.profile_path, args.deduplicate, args.include_seen)
            job, _joined = await started
            return await _wait_for(service().sweep_answer, job, args.wait_seconds, call)
        return envelope(
            await call.run(
                service().schedule_sweep,
                args.profile_path,
                args.deduplicate,
                args.include_seen,
                args.scheduled_for,
                args.schedule_timezone,
                args.repeat,
            )
        )

    @tools.tool(a.GetSweepStatus)
    async def get_sweep_status(call: Call, args: a.GetSweepStatus) -> types.CallToolResult:
        """Wait on a sweep started by run_sweep and report its progress; returns as soon as it finishes.

        A completed sweep's cards are already the active session: call get_jobs next. A schedule's job_id
        answers sweep_status "scheduled" with scheduled_for until its slot, then its run's progress and answer.
        """
        from ..service.base import clamp
        from ..sweeps import SweepJob

        started = time.monotonic()
        wait = clamp(args.wait_seconds, 0, 600)
        found = await call.run(service().find_sweep_or_schedule, args.job_id, wait)
        if not isinstance(found, SweepJob):
            return envelope(found)
        left = max(0, round(wait - (time.monotonic() - started)))
        return await _wait_for(service().sweep_payload, found, left, call)

    @tools.tool(a.CancelSweep)
    async def cancel_sweep(call: Call, args: a.CancelSweep) -> types.CallToolResult:
        """Cancel a scheduled sweep (it will not run, nor repeat) or a running one (it stops at its next stage
        and writes no results), by the job_id run_sweep answered. Cancelling twice answers ok and
        says it was already cancelled.
        """
        return envelope(await call.run(service().cancel_sweep, args.job_id))

    @tools.tool(a.GetJobs)
    async def get_jobs(call: Call, args: a.GetJobs) -> types.CallToolResult:
        """Return the session's job cards, best first (a submitted match_pct outranks keyword overlap).

        Read each card with the resume and judge the real fit; keyword scores are only a first pass. Page with
        limit and offset (next_offset). Cards are brief: a field left out is at its default (null, none, empty,
        false; match_kind KEYWORD OVERLAP); descriptions are their opening sentences (the whole text is at the
        card's url and on sweepy://sweeps/{sweep_id}/cards). A card marked judgment_stale was judged
        against an earlier resume: judge it again. Tracked cards carry application {status, since}. A card's
        eligibility findings quote the posting; eligible_only leaves out the cards one blocks; new_only keeps the
        cards no earlier sweep of the profile matched (is_new). Next: submit_judgments.
        """
        return envelope(await call.run(service().get_jobs, **args.service_arguments()))

    @tools.tool(a.GetResults)
    async def get_results(call: Call, args: a.GetResults) -> types.CallToolResult:
        """Read the latest sweep result file from disk (never re-runs the sweep) and return its top roles."""
        return envelope(await call.run(service().get_results, **args.service_arguments()))

    @tools.tool(a.ClearHistory)
    async def clear_history(call: Call, args: a.ClearHistory) -> types.CallToolResult:
        """Forget the postings a profile was shown, so the next sweep reports them again.

        Without arguments it clears the profile of this server's last sweep; after a restart pass one of them.
        dry_run only counts; without it, a host that can ask the person asks for confirmation first.
        """
        refused = await confirm_clear(call, service(), args)
        if refused is not None:
            return refused
        return envelope(await call.run(service().clear_history, args.profile_path, args.profile_stem, args.dry_run))

    @tools.tool(a.ListSweeps)
    async def list_sweeps(call: Call, args: a.ListSweeps) -> types.CallToolResult:
        """List this server's recent background sweeps and every scheduled sweep, newest first, with status,
        progress (null until it starts), scheduled_for and schedule_timezone (null for a sweep run at once)."""
        return envelope(service().list_sweeps(args.limit, args.cursor))

    @tools.tool(a.ImportJobs)
    async def import_jobs(call: Call, args: a.ImportJobs) -> types.CallToolResult:
        """Add roles found outside the sweep to the active session as keyword-scored cards.

        Each entry is checked like a swept posting; duplicates of session cards and bad entries come back in
        skipped with their reason. With validate, dead links are skipped and the others marked verified or
        unverified (a rate limit or an anti-bot page never proves a posting dead); links not reached within
        validate_timeout_seconds stay not_checked (reason deadline). Next: get_jobs.
        """
        await call.progress(0, 1, "checking the links" if args.validate_links else "importing")
        payload = await call.run(service().import_jobs, **args.service_arguments())
        await call.progress(1, 1, f"{payload.imported_count} imported, {payload.skipped_count} skipped")
        return envelope(payload)

    @tools.tool(a.ConvertDocument)
    async def convert_document(call: Call, args: a.ConvertDocument) -> types.CallToolResult:
        """Convert a document to PDF (a PDF passes through unchanged), e.g. a resume before create_profile."""
        payload = await call.run(service().convert_document, **args.service_arguments())
        return envelope(payload, links=links([(payload.pdf_path, "Converted PDF")]))

    @tools.tool(a.ConvertDocx)
    async def convert_docx(call: Call, args: a.ConvertDocx) -> types.CallToolResult:
        """Convert a DOCX resume to PDF, keeping headings, bold and italic, lists, tables and any script."""
        payload = await call.run(service().convert_docx, **args.service_arguments())
        return envelope(payload, links=links([(payload.pdf_path, "Converted PDF")]))

    @tools.tool(a.SubmitJudgments)
    async def submit_judgments(call: Call, args: a.SubmitJudgments) -> types.CallToolResult:
        """Write your judgment of one card (job_id + fields) or many (judgments) into the session.

        After reading a card from get_jobs against the resume, set match_pct (0..100, the real fit) and the
        card's text fields; only the fields you give change. A batch applies every valid entry and lists the
        others in rejected with the reason; its jobs give each judged card's job_id, new rank in get_jobs' order,
        match_pct and the names of the fields set (changed). The reply counts the cards still unjudged
        (unassessed_count); when none are left, call render_report.
        """
        fields = args.model_dump(exclude_none=True, exclude={"job_id", "judgments", "profile_stem", "results_dir"})
        return envelope(
            await call.run(
                service().submit_judgments, args.job_id, fields, args.judgments, args.profile_stem, args.results_dir
            )
        )

    @tools.tool(a.RenderReport)
    async def render_report(call: Call, args: a.RenderReport) -> types.CallToolResult:
        """Render the session's cards to a PDF the person can print: header, playbook, cards best first, and what
        the sweep covered (sources reached and skipped, drops by reason).

        Call it after get_jobs and submit_judgments: with the profile's default report.assessment "agent" it
        refuses while any card it shows lacks a match_pct for the current resume, and lists unassessed_job_ids (and
        stale_job_ids, judged against an earlier resume) to judge first. Write the playbook yourself: the
        strategy for this person, in a few short lines. Next: tell the person where pdf_report is.
        """
        await call.progress(0, 1, "rendering the PDF")
        payload = await call.run(service().render_report, **args.service_arguments())
        await call.progress(1, 1, f"{payload.pages} pages written")
        return envelope(payload, links=links([(payload.pdf_report, "Card report (PDF)")]))

    @tools.tool(a.ExportReport)
    async def export_report(call: Call, args: a.ExportReport) -> types.CallToolResult:
        """Rebuild report files from an existing sweep result JSON (the newest one by default): PDF, PNG pages,
        CSV (with the person's tracking columns carried forward) or JSON ({stem}_export.json).

        Judgments saved for the profile are merged in by job_id. Each format is made on its own: one that fails
        is listed in errors and the others are still written. Use render_report for the current session.
        """
        await call.progress(0, 1, f"writing {', '.join(args.formats)}")
        payload = await call.run(service().export_report, **args.service_arguments())
        files = written_files(payload.generated)
        await call.progress(1, 1, f"{len(files)} files written, {len(payload.errors)} formats failed")
        return envelope(payload, links=links(files))

    @tools.tool(a.TrackJobs)
    async def track_jobs(call: Call, args: a.TrackJobs) -> types.CallToolResult:
        """Record the person's application progress: each entry a job_id from get_jobs and its status (saved,
        applied, interview, offer, rejected, withdrawn, ghosted), dated (default today, never in the future).

        Every change is kept with its date, stamped with the resume the card was judged against. Each entry is
        accepted or rejected with a reason; repeating a call changes nothing. Next: get_outcomes, watch_postings,
        or export_report with formats ["ics"] for the follow-ups.
        """
        return envelope(await call.run(service().track_jobs, **args.service_arguments()))

    @tools.tool(a.WatchPostings)
    async def watch_postings(call: Call, args: a.WatchPostings) -> types.CallToolResult:
        """Re-check the tracked postings (at most 200): through their ATS board's API where they came from one,
        else their page through the safe link checker. Each comes back open, closed (gone from the board, 404/410,
        or "no longer available") or unknown (with the reason), with the changes since the last watch (title,
        location, workplace, salary, description_digest) and closed_after_applied.

        Runs in the background: if it takes longer than wait_seconds, poll get_sweep_status with its job_id.
        """
        job = await call.run(service().start_watch, args.job_ids, args.profile_stem, args.results_dir)
        return await _wait_for(service().watch_answer, job, args.wait_seconds, call)

    @tools.tool(a.GetOutcomes)
    async def get_outcomes(call: Call, args: a.GetOutcomes) -> types.CallToolResult:
        """What the application history says works: applied, answered, interview, offer and the median days to
        a first answer, by resume (fingerprint and track), by source engine, by match band and by week applied.

        Under 5 applications a group shows counts only, no rates.
        """
        return envelope(await call.run(service().get_outcomes, **args.service_arguments()))

    @tools.tool(a.GetApplications)
    async def get_applications(call: Call, args: a.GetApplications) -> types.CallToolResult:
        """List the tracked applications, the follow-ups due first: each with its current status and since when,
        applied_on, history_length, follow_up_on (applied_on + the profile's follow_up_days while still applied),
        follow_up_due and days_overdue, and the latest note. Filter by status and due_only; send limit or cursor to
        page (the answer's next_cursor, null on the last page).
        """
        return envelope(await call.run(service().get_applications, **args.service_arguments()))

    return tools


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
    prompts, resources = Prompts(settings), Resources(settings)
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
