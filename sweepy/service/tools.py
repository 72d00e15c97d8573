"""Every tool, one record each: its name, title and behaviour hints, whether `SWEEPY_TOOLS=core` lists it, its
argument model (sweepy.service.arguments: the published inputSchema and the validation of every call), its answer
model (sweepy.service.answers: the outputSchema), the service method that does it and the description the host
shows the assistant. The MCP face (sweepy.mcp) and the CLI are adapters over this table.

The service method has the tool's name and signature `method(self, args: Arguments) -> answer`; the few tools
that wait (run_sweep, get_sweep_status, watch_postings) get back the background job, which the face waits on.

The answer model is named, not imported: a host's start (initialize, tools/list) must not load the answer
models and the card model behind them (sweepy.service says why); `answer_model()` imports them when asked.
"""

import importlib
import inspect
from dataclasses import dataclass
from typing import Any

from . import arguments as a

ANSWER_MODULES = ("answers", "answers_cards", "answers_reports", "answers_applications")
"""The service's answer models, one module per group of tools (sweepy.service.answers and its three siblings)."""


@dataclass(frozen=True)
class Hints:
    """The MCP behaviour hints (the seed's definitions): read_only, a call that changes nothing the person or a
    later call could see; destructive, one that may overwrite or remove what is there; idempotent, one that
    repeated with the same arguments has no further effect; open_world, one that reaches the internet."""

    read_only: bool
    destructive: bool
    idempotent: bool
    open_world: bool


@dataclass(frozen=True)
class ToolRecord:
    name: str
    title: str
    hints: Hints
    core: bool
    arguments: type[a.Arguments]
    answer: str
    """The answer model's name in one of ANSWER_MODULES."""
    doc: str
    """The description as written here; `description` is what the host sees."""

    @property
    def method(self) -> str:
        """The service method (sweepy.service.SweepyService) that does the tool: the one of its name."""
        return self.name

    @property
    def description(self) -> str:
        return inspect.cleandoc(self.doc)

    def answer_model(self) -> Any:
        for name in ANSWER_MODULES:
            module = importlib.import_module(f"{__package__}.{name}")
            if hasattr(module, self.answer):
                return getattr(module, self.answer)
        raise LookupError(f"no answer model {self.answer!r} in {', '.join(ANSWER_MODULES)}")


TOOLS: tuple[ToolRecord, ...] = (
    ToolRecord(
        name="create_profile",
        title="Create a search profile",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=True,
        arguments=a.CreateProfile,
        answer="CreateProfile",
        doc="""Validate every enabled engine, then write the profile YAML (nothing is written if anything fails).

        Call this first with the person's name, target titles, location and resume. If titles, location or
        resume_path is missing, Sweepy asks the person with a form where the host can show one. The first
        profile becomes the default for run_sweep; a later one only with make_default. Next: run_sweep.
        """,
    ),
    ToolRecord(
        name="run_sweep",
        title="Run a job sweep",
        hints=Hints(read_only=False, destructive=True, idempotent=False, open_world=True),
        core=True,
        arguments=a.RunSweep,
        answer="Sweep",
        doc="""Start a sweep (discover → filter → deduplicate → history → keyword score) in the background.

        Returns the completed payload if it finishes within wait_seconds, else sweep_status "running" with a
        job_id: pass it to get_sweep_status until completed, then call get_jobs. Scores are keyword overlap.
        With scheduled_for it answers sweep_status "scheduled" at once: the sweep runs then (and daily or weekly
        with repeat) inside a running server or by `sweepy run-due`; cancel_sweep cancels it.
        """,
    ),
    ToolRecord(
        name="get_sweep_status",
        title="Check a sweep's progress",
        hints=Hints(read_only=False, destructive=False, idempotent=True, open_world=False),
        core=True,
        arguments=a.GetSweepStatus,
        answer="JobState",
        doc="""Wait on a sweep started by run_sweep and report its progress; returns as soon as it finishes.

        A completed sweep's cards are already the active session: call get_jobs next. A schedule's job_id
        answers sweep_status "scheduled" with scheduled_for until its slot, then its run's progress and answer.
        """,
    ),
    ToolRecord(
        name="cancel_sweep",
        title="Cancel a scheduled or running sweep",
        hints=Hints(read_only=False, destructive=False, idempotent=True, open_world=False),
        core=True,
        arguments=a.CancelSweep,
        answer="CancelSweep",
        doc="""Cancel a scheduled sweep (it will not run, nor repeat) or a running one (it stops at its next stage
        and writes no results), by the job_id run_sweep answered. Cancelling twice answers ok and
        says it was already cancelled.
        """,
    ),
    ToolRecord(
        name="get_jobs",
        title="Get the session's job cards",
        hints=Hints(read_only=False, destructive=False, idempotent=True, open_world=False),
        core=True,
        arguments=a.GetJobs,
        answer="GetJobs",
        doc="""Return the session's job cards, best first (a submitted match_pct outranks keyword overlap).

        Read each card with the resume and judge the real fit; keyword scores are only a first pass. Page with
        limit and offset (next_offset). Cards are brief: a field left out is at its default (null, none, empty,
        false; match_kind KEYWORD OVERLAP); descriptions are their opening sentences (the whole text is at the
        card's url and on sweepy://sweeps/{sweep_id}/cards). A card marked judgment_stale was judged
        against an earlier resume: judge it again. Tracked cards carry application {status, since}. A card's
        eligibility findings quote the posting; eligible_only leaves out the cards one blocks; new_only keeps the
        cards no earlier sweep of the profile matched (is_new). Next: submit_judgments.
        """,
    ),
    ToolRecord(
        name="get_results",
        title="Read the latest sweep results",
        hints=Hints(read_only=True, destructive=False, idempotent=True, open_world=False),
        core=False,
        arguments=a.GetResults,
        answer="GetResults",
        doc="""Read the latest sweep result file from disk (never re-runs the sweep) and return its top roles.""",
    ),
    ToolRecord(
        name="clear_history",
        title="Forget reported postings",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=False,
        arguments=a.ClearHistory,
        answer="ClearHistory",
        doc="""Forget the postings a profile was shown, so the next sweep reports them again.

        Without arguments it clears the profile of this server's last sweep; after a restart pass one of them.
        dry_run only counts; without it, a host that can ask the person asks for confirmation first.
        """,
    ),
    ToolRecord(
        name="list_sweeps",
        title="List background sweeps",
        hints=Hints(read_only=True, destructive=False, idempotent=True, open_world=False),
        core=False,
        arguments=a.ListSweeps,
        answer="ListSweeps",
        doc="""List this server's recent background sweeps and every scheduled sweep, newest first, with status,
        progress (null until it starts), scheduled_for and schedule_timezone (null for a sweep run at once).""",
    ),
    ToolRecord(
        name="import_jobs",
        title="Import roles found elsewhere",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=True),
        core=False,
        arguments=a.ImportJobs,
        answer="ImportJobs",
        doc="""Add roles found outside the sweep to the active session as keyword-scored cards.

        Each entry is checked like a swept posting; duplicates of session cards and bad entries come back in
        skipped with their reason. With validate, dead links are skipped and the others marked verified or
        unverified (a rate limit or an anti-bot page never proves a posting dead); links not reached within
        validate_timeout_seconds stay not_checked (reason deadline). Next: get_jobs.
        """,
    ),
    ToolRecord(
        name="convert_document",
        title="Convert a document to PDF",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=False,
        arguments=a.ConvertDocument,
        answer="Converted",
        doc="""Convert a document to PDF (a PDF passes through unchanged), e.g. a resume before create_profile.""",
    ),
    ToolRecord(
        name="convert_docx",
        title="Convert a DOCX resume to PDF",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=False,
        arguments=a.ConvertDocx,
        answer="Converted",
        doc="""Convert a DOCX resume to PDF, keeping headings, bold and italic, lists, tables and any script.""",
    ),
    ToolRecord(
        name="submit_judgments",
        title="Submit judgments on job cards",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=True,
        arguments=a.SubmitJudgments,
        answer="SubmitJudgments",
        doc="""Write your judgment of one card (job_id + fields) or many (judgments) into the session.

        After reading a card from get_jobs against the resume, set match_pct (0..100, the real fit) and the
        card's text fields; only the fields you give change. A batch applies every valid entry and lists the
        others in rejected with the reason; its jobs give each judged card's job_id, new rank in get_jobs' order,
        match_pct and the names of the fields set (changed). The reply counts the cards still unjudged
        (unassessed_count); when none are left, call render_report.
        """,
    ),
    ToolRecord(
        name="render_report",
        title="Render the card PDF report",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=True,
        arguments=a.RenderReport,
        answer="RenderReport",
        doc="""Render the session's cards to a PDF the person can print: header, playbook, cards best first, and what
        the sweep covered (sources reached and skipped, drops by reason).

        Call it after get_jobs and submit_judgments: with the profile's default report.assessment "agent" it
        refuses while any card it shows lacks a match_pct for the current resume, and lists unassessed_job_ids (and
        stale_job_ids, judged against an earlier resume) to judge first. Write the playbook yourself: the
        strategy for this person, in a few short lines. Next: tell the person where pdf_report is.
        """,
    ),
    ToolRecord(
        name="export_report",
        title="Export report files from a sweep",
        hints=Hints(read_only=False, destructive=True, idempotent=True, open_world=False),
        core=False,
        arguments=a.ExportReport,
        answer="ExportReport",
        doc="""Rebuild report files from an existing sweep result JSON (the newest one by default): PDF, PNG pages,
        CSV (with the person's tracking columns carried forward) or JSON ({stem}_export.json).

        Judgments saved for the profile are merged in by job_id. Each format is made on its own: one that fails
        is listed in errors and the others are still written. Use render_report for the current session.
        """,
    ),
    ToolRecord(
        name="track_jobs",
        title="Track applications",
        hints=Hints(read_only=False, destructive=False, idempotent=True, open_world=False),
        core=False,
        arguments=a.TrackJobs,
        answer="TrackJobs",
        doc="""Record the person's application progress: each entry a job_id from get_jobs and its status (saved,
        applied, interview, offer, rejected, withdrawn, ghosted), dated (default today, never in the future).

        Every change is kept with its date, stamped with the resume the card was judged against. Each entry is
        accepted or rejected with a reason; repeating a call changes nothing. Next: get_outcomes, watch_postings,
        or export_report with formats ["ics"] for the follow-ups.
        """,
    ),
    ToolRecord(
        name="watch_postings",
        title="Watch tracked postings",
        # Not read-only: it saves the watch state (each posting's fields, for the changes the next watch reports).
        hints=Hints(read_only=False, destructive=False, idempotent=False, open_world=True),
        core=False,
        arguments=a.WatchPostings,
        answer="Watch",
        doc="""Re-check the tracked postings (at most 200): through their ATS board's API where they came from one,
        else their page through the safe link checker. Each comes back open, closed (gone from the board, 404/410,
        or "no longer available") or unknown (with the reason), with the changes since the last watch (title,
        location, workplace, salary, description_digest) and closed_after_applied.

        Runs in the background: if it takes longer than wait_seconds, poll get_sweep_status with its job_id.
        """,
    ),
    ToolRecord(
        name="get_outcomes",
        title="Count application outcomes",
        hints=Hints(read_only=True, destructive=False, idempotent=True, open_world=False),
        core=False,
        arguments=a.GetOutcomes,
        answer="GetOutcomes",
        doc="""What the application history says works: applied, answered, interview, offer and the median days to
        a first answer, by resume (fingerprint and track), by source engine, by match band and by week applied.

        Under 5 applications a group shows counts only, no rates.
        """,
    ),
    # Core: "what is due" is the first question of a returning person, and in core mode (no track_jobs) it is
    # the one view of the applications typed in the CSV; it only reads, so showing it costs nothing.
    ToolRecord(
        name="get_applications",
        title="List tracked applications",
        hints=Hints(read_only=True, destructive=False, idempotent=True, open_world=False),
        core=True,
        arguments=a.GetApplications,
        answer="GetApplications",
        doc="""List the tracked applications, the follow-ups due first: each with its current status and since when,
        applied_on, history_length, follow_up_on (applied_on + the profile's follow_up_days while still applied),
        follow_up_due and days_overdue, and the latest note. Filter by status and due_only; send limit or cursor to
        page (the answer's next_cursor, null on the last page).
        """,
    ),
)
"""In the order tools/list shows them."""

RECORDS: dict[str, ToolRecord] = {record.name: record for record in TOOLS}
