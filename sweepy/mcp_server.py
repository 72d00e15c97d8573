"""The MCP server: `create_server()` registers each tool as a short adapter from its typed arguments onto
SweepyService (server.py and `sweepy serve` both start it). The envelope, strict arguments and SDK-error
handling live in sweepy.protocol; the behaviour in sweepy.service."""

import logging
import sys
import time
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult
from pydantic import Field, WithJsonSchema

from . import __version__
from .cards import JUDGMENT_FIELDS
from .jobs import SweepJob
from .protocol import ToolRegistry, envelope
from .service import SweepyService, clamp
from .service.judgments import MAX_JOB_ID
from .service.report_parts import MAX_REPORT_CARDS, REPORT_CARDS
from .settings import Settings

INSTRUCTIONS = (
    "Sweepy runs job searches. Typical flow: create_profile → run_sweep → get_sweep_status until completed "
    "→ get_jobs (judge each card against the resume) → submit_judgments. Keyword scores are a first pass, not a "
    "verdict."
)


async def _wait_for(service: SweepyService, job: SweepJob, wait_seconds: int, ctx: Context) -> CallToolResult:
    """Wait without holding the event loop, then answer the sweep's payload.

    Progress counts finished stages, so it only ever rises and reaches the total when the sweep is done:
    (0, 5, "discover"), (1, 5, "filter"), ... (5, 5, "completed").
    """
    deadline = time.monotonic() + clamp(wait_seconds, 0, 600)
    sent = -1
    while True:
        done = job.total if job.status == "completed" else job.step - 1  # -1: not yet in its first stage
        if done > sent and job.status != "failed":
            sent = done
            await ctx.report_progress(done, job.total, job.label)
        left = deadline - time.monotonic()
        if job.status != "running" or left <= 0:
            break
        await anyio.to_thread.run_sync(job.wait_change, job.step, left, abandon_on_cancel=True)
    return envelope(service.sweep_payload(job))


CREATE_PROFILE_ARGUMENTS = frozenset(
    "name titles location resume_path remote_only include_hybrid min_salary must_have_skills synonyms platforms "
    "sources_config cache_config orchestrator_config history_config job_tracking assessment output_filename".split()
)


def create_server(settings: Settings | None = None, service: SweepyService | None = None) -> MCPServer:
    """The stdio MCP server over `service` (default: a new one on `settings`, default: the environment)."""
    settings = settings or (service.settings if service is not None else Settings.from_env())
    service = service or SweepyService(settings)
    registry = ToolRegistry(settings)

    @registry.tool
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
        platforms: Annotated[
            dict[str, Any] | None, Field(description='Platform switches, e.g. {"indeed": false}.')
        ] = None,
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
            Literal["agent", "keyword"],
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
        arguments = {k: v for k, v in locals().items() if k in CREATE_PROFILE_ARGUMENTS}  # not the closure's names
        return envelope(service.create_profile(**arguments))

    @registry.tool
    async def run_sweep(
        ctx: Context,
        profile_path: Annotated[
            str | None, Field(description="Profile YAML; default the last saved profile, then the bundled ones.")
        ] = None,
        deduplicate: Annotated[bool, Field(description="Merge repeated URLs and cross-platform copies.")] = True,
        include_seen: Annotated[bool, Field(description="Report postings from earlier sweeps too.")] = False,
        wait_seconds: Annotated[
            int, Field(description="Longest wait before returning progress; clamped to 0..600.")
        ] = 45,
    ) -> CallToolResult:
        """Start a sweep (discover → filter → deduplicate → history → keyword score) in the background.

        Returns the completed payload if it finishes within wait_seconds, else sweep_status "running" with a
        job_id: pass it to get_sweep_status until completed, then call get_jobs. Scores are keyword overlap.
        """
        job, _joined = await anyio.to_thread.run_sync(service.start_sweep, profile_path, deduplicate, include_seen)
        return await _wait_for(service, job, wait_seconds, ctx)

    @registry.tool
    async def get_sweep_status(
        ctx: Context,
        job_id: Annotated[str | None, Field(description="Sweep id from run_sweep; default the most recent.")] = None,
        wait_seconds: Annotated[int, Field(description="Longest wait; clamped to 0..600.")] = 45,
    ) -> CallToolResult:
        """Wait on a sweep started by run_sweep and report its progress; returns as soon as it finishes.

        A completed sweep's cards are already the active session: call get_jobs next.
        """
        return await _wait_for(service, service.find_sweep(job_id), wait_seconds, ctx)

    @registry.tool
    def get_jobs(
        profile_stem: Annotated[
            str | None, Field(description="Profile id of a saved session, e.g. pedro_writer.")
        ] = None,
        results_dir: Annotated[str, Field(description="Folder of the sessions (sessions.db).")] = "results",
        limit: Annotated[int | None, Field(description="How many cards; omit for all (minimum 1).")] = None,
        offset: Annotated[int, Field(ge=0, description="Cards to skip: the previous page's next_offset.")] = 0,
    ) -> CallToolResult:
        """Return the session's job cards, best first (a submitted match_pct outranks keyword overlap).

        Read each card with the resume and judge the real fit; keyword scores are only a first pass. Page with
        limit and offset (next_offset); descriptions are excerpts. A card marked judgment_stale was judged
        against an earlier resume: judge it again. Next: submit_judgments.
        """
        return envelope(service.get_jobs(profile_stem, results_dir, limit, offset))

    @registry.tool
    def get_results(
        profile_stem: Annotated[str | None, Field(description="Filter result files by profile id.")] = None,
        results_dir: Annotated[str, Field(description="Folder holding the result files.")] = "results",
        limit: Annotated[int, Field(description="Top roles returned; clamped to 1..100.")] = 10,
    ) -> CallToolResult:
        """Read the latest sweep result file from disk (never re-runs the sweep) and return its top roles."""
        return envelope(service.get_results(profile_stem, results_dir, limit))

    @registry.tool
    def clear_history(
        profile_path: Annotated[str | None, Field(description="Profile YAML path.")] = None,
        profile_stem: Annotated[str | None, Field(description="Profile id, e.g. pedro_writer.")] = None,
    ) -> CallToolResult:
        """Forget the postings a profile was shown, so the next sweep reports them again.

        Without arguments it clears the profile of this server's last sweep; after a restart pass one of them.
        """
        return envelope(service.clear_history(profile_path, profile_stem))

    @registry.tool
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

    @registry.tool
    def import_jobs(
        jobs_json: Annotated[
            str, Field(description="JSON array of posting records (title, company, url, ...) or get_jobs cards.")
        ],
        validate: Annotated[bool, Field(description="Check every URL with the SSRF-safe link checker first.")] = False,
    ) -> CallToolResult:
        """Add roles found outside the sweep to the active session as keyword-scored cards.

        Each entry is checked like a swept posting; duplicates of session cards and bad entries come back in
        skipped with their reason. With validate, dead links are skipped and the others marked verified or
        unverified (a rate limit or an anti-bot page never proves a posting dead). Next: get_jobs.
        """
        return envelope(service.import_jobs(jobs_json, validate))

    @registry.tool
    def convert_document(
        document_path: Annotated[str, Field(description="A .docx, .doc, .md, .txt or .pdf file.")],
        pdf_path: Annotated[str | None, Field(description="Output PDF; default beside the source.")] = None,
    ) -> CallToolResult:
        """Convert a document to PDF (a PDF passes through unchanged), e.g. a resume before create_profile."""
        return envelope(service.convert_document(document_path, pdf_path))

    @registry.tool
    def convert_docx(
        docx_path: Annotated[str, Field(description="The .docx file.")],
        pdf_path: Annotated[str | None, Field(description="Output PDF; default beside the DOCX.")] = None,
    ) -> CallToolResult:
        """Convert a DOCX resume to PDF, keeping headings, bold and italic, lists, tables and any script."""
        return envelope(service.convert_docx(docx_path, pdf_path))

    @registry.tool
    def submit_judgments(
        job_id: Annotated[
            str | None,
            Field(max_length=MAX_JOB_ID, description="Card id from get_jobs; required unless judgments is given."),
        ] = None,
        match_pct: Annotated[
            int | None, Field(ge=0, le=100, description="Real match 0..100; sets the card's label to MATCH.")
        ] = None,
        resume_track: Annotated[str | None, Field(description="Resume track shown on the card.")] = None,
        resume_color: Annotated[
            str | None, Field(description="Badge colour of the track: a CSS colour name or #rrggbb.")
        ] = None,
        domain: Annotated[str | None, Field(description="Role domain shown on the card.")] = None,
        summary: Annotated[str | None, Field(description="Card summary (at most 4000 characters).")] = None,
        requirements: Annotated[str | None, Field(description="Requirements text (at most 4000).")] = None,
        alignment: Annotated[
            str | None, Field(description="How the resume's evidence meets the role (at most 4000).")
        ] = None,
        has_extended_response: Annotated[
            bool | None, Field(description="The posting asks for written answers.")
        ] = None,
        app_format: Annotated[str | None, Field(description="Application format, e.g. a portal or email.")] = None,
        comp: Annotated[str | None, Field(description="Compensation line.")] = None,
        benefits: Annotated[str | None, Field(description="Benefits line.")] = None,
        page_theme: Annotated[str | None, Field(description="Card theme override.")] = None,
        judgments: Annotated[
            # Published as objects; a malformed entry is still accepted here so that it alone is rejected.
            list[Annotated[Any, WithJsonSchema({"type": "object"})]] | None,
            Field(description="Batch: objects each with a job_id plus any field above. Not with job_id."),
        ] = None,
        profile_stem: Annotated[
            str | None, Field(description="Profile id of a saved session; default the active session.")
        ] = None,
        results_dir: Annotated[str, Field(description="Folder of the sessions (sessions.db).")] = "results",
    ) -> CallToolResult:
        """Write your judgment of one card (job_id + fields) or many (judgments) into the session.

        After reading a card from get_jobs against the resume, set match_pct (0..100, the real fit) and the
        card's text fields; only the fields you give change. A batch applies every valid entry and lists the
        others in rejected with the reason. The reply counts the cards still unjudged (unassessed_count); when
        none are left, call render_report.
        """
        given = locals()
        fields = {key: given[key] for key in JUDGMENT_FIELDS if given[key] is not None}
        return envelope(service.submit_judgments(job_id, fields, judgments, profile_stem, results_dir))

    @registry.tool
    async def render_report(
        profile_stem: Annotated[
            str | None, Field(description="Profile id of a saved session; default the active session.")
        ] = None,
        results_dir: Annotated[str, Field(description="Folder of the saved session and the default PDF.")] = "results",
        output_filename: Annotated[
            str | None,
            Field(description="PDF path inside the workspace; default beside the sweep's result JSON."),
        ] = None,
        playbook: Annotated[
            str,
            Field(
                description="Plain-text strategy note (max 20,000 chars): **bold** is bold, line breaks start "
                "paragraphs, lines starting '- ' are bullets. Saved with the session; empty reuses the saved one, "
                "else Sweepy writes one from the cards."
            ),
        ] = "",
        limit: Annotated[
            int,
            Field(
                ge=1,
                le=MAX_REPORT_CARDS,
                description="How many cards the report shows, best first; the gate checks these.",
            ),
        ] = REPORT_CARDS,
    ) -> CallToolResult:
        """Render the session's best cards (limit, default 200) to a PDF the person can print: header, playbook,
        cards best first, and what the sweep covered (sources reached and skipped, drops by reason).

        Call it after get_jobs and submit_judgments: with the profile's default report.assessment "agent" it
        refuses while any card it shows lacks a match_pct for the current resume, and lists unassessed_job_ids (and
        stale_job_ids, judged against an earlier resume) to judge first. Write the playbook yourself: the
        strategy for this person, in a few short lines. Next: tell the person where pdf_report is.
        """
        payload = await anyio.to_thread.run_sync(
            service.render_report, profile_stem, results_dir, output_filename, playbook, limit
        )
        return envelope(payload)

    @registry.tool
    async def export_report(
        json_source: Annotated[str | None, Field(description="Sweep result JSON; wins over profile_stem.")] = None,
        profile_stem: Annotated[str | None, Field(description="Profile id: export its newest result JSON.")] = None,
        results_dir: Annotated[str, Field(description="Folder holding the result files.")] = "results",
        formats: Annotated[list[str], Field(description='Any of "pdf", "png", "csv", "json".')] = ["pdf"],  # noqa: B006
        candidate_name: Annotated[str, Field(description="Name in the PDF header.")] = "Job Seeker",
        output_dir: Annotated[
            str | None, Field(description="Output folder inside the workspace; default the source JSON's folder.")
        ] = None,
        job_tracking: Annotated[
            bool | None,
            Field(description="Tracking columns in the CSV; unset follows the profile's export.tracking."),
        ] = None,
    ) -> CallToolResult:
        """Rebuild report files from an existing sweep result JSON (the newest one by default): PDF, PNG pages,
        CSV (with the person's tracking columns carried forward) or JSON ({stem}_export.json).

        Judgments saved for the profile are merged in by job_id. Each format is made on its own: one that fails
        is listed in errors and the others are still written. Use render_report for the current session.
        """
        payload = await anyio.to_thread.run_sync(
            service.export_report,
            json_source,
            profile_stem,
            results_dir,
            formats,
            candidate_name,
            output_dir,
            job_tracking,
        )
        return envelope(payload)

    return MCPServer(
        "sweepy",
        title="Sweepy job search",
        version=__version__,
        instructions=INSTRUCTIONS,
        middleware=[registry.middleware],
        tools=registry.all(),
    )


def main() -> None:
    """Serve on stdio until the host closes the pipe."""
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    settings = Settings.from_env()
    settings.workspace().remove_stale_temp_files()
    create_server(settings).run("stdio")
