"""MCP prompts: short conversation starters a host offers as commands, each naming Sweepy's tools in the order
the conversation should use them."""

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import mcp.types as types
from mcp.server import ServerRequestContext
from mcp.shared.exceptions import MCPError

from ..errors import SweepyError
from ..settings import Settings

if TYPE_CHECKING:
    from ..service import SweepyService

BATCH = 20
MAX_RESUME_CHARS = 20_000
"""A resume longer than this is cut in the prompt: the person's story, not their whole archive."""


@dataclass(frozen=True)
class PromptDef:
    prompt: types.Prompt
    render: Callable[[dict[str, str]], str]
    core: "PromptDef | None" = None
    """The same prompt naming only core tools, for SWEEPY_TOOLS=core (else it is not listed there)."""

    def mentioned(self) -> set[str]:
        """The tool names its description and its text (with no arguments) mention."""
        return mentioned(f"{self.prompt.description}\n{self.render({})}")

    def listed(self, tools: frozenset[str] | None) -> "PromptDef | None":
        """This prompt as a host with only `tools` listed sees it (None: all are): itself when it names only
        listed tools, else its core variant when that does, else None (not listed)."""
        if tools is None or self.mentioned() <= tools:
            return self
        return self.core if self.core is not None and self.core.mentioned() <= tools else None


def mentioned(text: str) -> set[str]:
    """The names of Sweepy's tools a prompt's text mentions."""
    from ..service.tools import RECORDS as TOOLS

    return {name for name in TOOLS if re.search(rf"\b{name}\b", text)}


def _arg(name: str, description: str, required: bool = False) -> types.PromptArgument:
    return types.PromptArgument(name=name, description=description, required=required)


def start_job_search(args: dict[str, str]) -> str:
    titles, location = args.get("titles", "").strip(), args.get("location", "").strip()
    wanted = f" for {titles}" if titles else ""
    where = f" in {location}" if location else ""
    return (
        f"Help me start a job search{wanted}{where} with Sweepy.\n\n"
        "1. create_profile with my name, target titles, location and resume path. Leave out what I have not told "
        "you: if this app can show me a form, Sweepy asks me for it; otherwise ask me, then call it again.\n"
        '2. run_sweep on the new profile. If it answers sweep_status "running", call get_sweep_status with its '
        "job_id until it reads completed.\n"
        f"3. get_jobs, {BATCH} cards at a time: read each card against my resume and judge the real fit.\n"
        "4. submit_judgments with a batch of judgments (match_pct and a one-line summary each) until "
        "unassessed_count is 0.\n"
        "5. render_report with a short playbook for me, then tell me where the PDF is."
    )


def triage_new_cards(args: dict[str, str]) -> str:
    stem = args.get("profile_stem", "").strip()
    session = f' (profile_stem "{stem}")' if stem else ""
    return (
        f"Triage the newest sweep's cards{session} that are not judged yet.\n\n"
        f"1. get_jobs with limit {BATCH}{session}; the cards without match_pct (or marked judgment_stale) are the "
        "ones to judge. Page with offset = next_offset.\n"
        "2. Judge each against my resume: the real fit as match_pct 0..100, a one-line summary, the "
        "requirements I miss.\n"
        f"3. submit_judgments with one batch (judgments) per {BATCH} cards; repeat 1-3 until unassessed_count is 0.\n"
        "4. render_report, then tell me the three roles to apply to first and why."
    )


def weekly_review(args: dict[str, str]) -> str:
    return (
        "Run my weekly job-search review.\n\n"
        "1. get_applications with due_only true: the follow-ups due now, the most overdue first; tell me who to "
        "write to and how many days late each is.\n"
        "2. watch_postings: check the postings I track; tell me which closed, changed or are closing soon.\n"
        "3. get_outcomes: what happened to my applications (replies, interviews, rejections) since last week.\n"
        "4. track_jobs: record any status I tell you (a follow-up sent stays applied; an answer is its status).\n"
        "5. Finish with a short plan for this week: what to follow up, what to apply to, what to drop."
    )


def weekly_review_core(args: dict[str, str]) -> str:
    """weekly_review with the core tools alone (SWEEPY_TOOLS=core lists no track_jobs, watch_postings or
    get_outcomes): statuses are recorded in the sweep's CSV, which the next run_sweep reads in."""
    return (
        "Run my weekly job-search review.\n\n"
        "1. get_applications with due_only true: the follow-ups due now, the most overdue first; tell me who to "
        "write to and how many days late each is.\n"
        "2. get_applications without due_only: where each of my applications stands and since when.\n"
        "3. For any status I tell you, remind me to type it in the status column of my latest sweep CSV (with "
        "applied_on for an application): the next run_sweep reads it in as of that day.\n"
        "4. Finish with a short plan for this week: what to follow up, what to apply to, what to drop."
    )


def whats_new(digest: str, core: bool = False) -> str:
    """The digest itself (reading it for this prompt marked it read, as the resource does), and what to call about
    it; `core`: the steps name only the core tools (watch_postings and track_jobs are not listed there)."""
    watched = "say what it means for me." if core else "say what it means for me; watch_postings re-checks them."
    recorded = (
        "remind me to type it in the status column of my latest sweep CSV" if core else "record it with track_jobs"
    )
    return (
        "Tell me what is new in my job search since we last looked, from Sweepy's digest below (the resource "
        "sweepy://digest/latest; getting this prompt read it, so the next digest holds only newer cards).\n\n"
        "1. Name the new cards worth a look first, with pay and any eligibility flag.\n"
        "2. get_jobs with new_only: true (page with offset = next_offset) to read every new card; judge them "
        "against my resume and submit_judgments.\n"
        f"3. For the watched postings that closed or changed, {watched}\n"
        f"4. For each follow-up due, draft the message and, once I have sent it, {recorded}.\n\n"
        f"{digest}"
    )


WHATS_NEW = types.Prompt(
    name="whats_new",
    title="What is new",
    description="Start a chat with what changed between chats: the digest (sweepy://digest/latest) of new cards, "
    "watched postings that closed or changed, and follow-ups due, then get_jobs new_only → submit_judgments.",
    arguments=[],
)

PROMPTS: dict[str, PromptDef] = {
    "start_job_search": PromptDef(
        types.Prompt(
            name="start_job_search",
            title="Start a job search",
            description="Create a profile (Sweepy asks for what is missing where the app can), sweep, then triage "
            "the cards: create_profile → run_sweep → get_sweep_status → get_jobs → submit_judgments → "
            "render_report.",
            arguments=[
                _arg("titles", 'Target titles, comma-separated, e.g. "Paralegal, Legal Assistant".'),
                _arg("location", 'Target location, e.g. "New York, NY".'),
            ],
        ),
        start_job_search,
    ),
    "triage_new_cards": PromptDef(
        types.Prompt(
            name="triage_new_cards",
            title="Triage new cards",
            description=f"Judge the newest sweep's unjudged cards against the resume in batches of {BATCH}, then "
            "render: get_jobs → submit_judgments → render_report.",
            arguments=[_arg("profile_stem", "Profile id of a saved session; default the active session.")],
        ),
        triage_new_cards,
    ),
    "weekly_review": PromptDef(
        types.Prompt(
            name="weekly_review",
            title="Weekly review",
            description="List the follow-ups due, watch tracked postings, collect outcomes, record statuses: "
            "get_applications → watch_postings → get_outcomes → track_jobs.",
            arguments=[],
        ),
        weekly_review,
        PromptDef(
            types.Prompt(
                name="weekly_review",
                title="Weekly review",
                description="List the follow-ups due and where each application stands; statuses go in the "
                "sweep's CSV: get_applications → run_sweep.",
                arguments=[],
            ),
            weekly_review_core,
        ),
    ),
}
TAILOR_ASK = (
    "Suggest concrete edits: which bullet to rewrite and how, which true experience to bring forward, and which "
    "keywords from the posting to use where I really have that experience. Do not invent experience. When we are "
    "done, submit_judgments with the card's alignment."
)
TAILOR = types.Prompt(
    name="tailor_resume_for",
    title="Tailor the resume for a job",
    description="One card, the must-haves the resume lacks for it, and the resume's text: what to change in "
    "the resume for this role.",
    arguments=[_arg("job_id", "Card id from get_jobs.", required=True)],
)


class Prompts:
    """prompts/list and prompts/get; the prompts that read (tailor_resume_for, whats_new) read through the service,
    made by the first of them (a host lists the prompts at every start)."""

    def __init__(self, settings: Settings, service: "Callable[[], SweepyService]") -> None:
        self.settings = settings
        self.service = service

    def _listed_tools(self) -> frozenset[str] | None:
        """The tools a host sees (None: every tool): SWEEPY_TOOLS=core lists the core ones alone."""
        if self.settings.tools != "core":
            return None
        from ..service.tools import RECORDS as TOOLS

        return frozenset(name for name, spec in TOOLS.items() if spec.core)

    def listed(self) -> dict[str, PromptDef]:
        """The prompts as listed now: in core mode, a prompt names only listed tools, or it is not listed."""
        tools = self._listed_tools()
        return {name: shown for name, found in PROMPTS.items() if (shown := found.listed(tools)) is not None}

    def tailor_listed(self) -> bool:
        tools = self._listed_tools()
        return tools is None or mentioned(f"{TAILOR.description}\n{TAILOR_ASK}") <= tools

    async def list_prompts(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        shown = [p.prompt for p in self.listed().values()]
        return types.ListPromptsResult(prompts=[*shown, *([TAILOR] if self.tailor_listed() else []), WHATS_NEW])

    async def get_prompt(
        self, ctx: ServerRequestContext[Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        args = {key: str(value) for key, value in (params.arguments or {}).items()}
        if params.name == TAILOR.name:
            try:
                text, description = self.tailor(args.get("job_id", ""))
            except SweepyError as exc:
                raise MCPError(code=types.INVALID_PARAMS, message=exc.message) from None
            return _result(description, text)
        if params.name == WHATS_NEW.name:
            try:
                text = whats_new(self.service().digest_markdown(), core=self._listed_tools() is not None)
            except SweepyError as exc:
                raise MCPError(code=types.INVALID_PARAMS, message=exc.message) from None
            return _result(WHATS_NEW.description or "", text)
        found = self.listed().get(params.name) or PROMPTS.get(params.name)  # visibility, not permission
        if found is None:
            names = ", ".join([*PROMPTS, TAILOR.name, WHATS_NEW.name])
            raise MCPError(
                code=types.INVALID_PARAMS, message=f"Unknown prompt {params.name!r}. Sweepy's prompts: {names}."
            )
        return _result(found.prompt.description or "", found.render(args))

    def tailor(self, job_id: str) -> tuple[str, str]:
        """The prompt text for one card of the active session: the card, its missing must-haves, the resume."""
        if not job_id.strip():
            raise SweepyError("tailor_resume_for needs job_id: a card id from get_jobs.")
        found = self.service().tailor_context(job_id)
        card, resume = found.card, found.resume
        if len(resume) > MAX_RESUME_CHARS:
            resume = resume[:MAX_RESUME_CHARS] + "\n[... cut]"
        shown = card.model_dump(
            mode="json",
            include={
                "job_id",
                "title",
                "company",
                "location",
                "url",
                "description",
                "matched_terms",
                "missing_must_haves",
                "match_score",
                "match_kind",
                "match_pct",
                "summary",
                "requirements",
                "alignment",
            },
        )
        missing = ", ".join(card.missing_must_haves) or "none: the resume names every must-have"
        text = (
            f"Tailor my resume for {card.title} at {card.company} (job_id {card.job_id}).\n\n"
            f"Must-haves my resume does not show yet: {missing}.\n\n"
            f"{TAILOR_ASK}\n\n"
            f"The card:\n{json.dumps(shown, ensure_ascii=False, indent=1)}\n\nMy resume:\n{resume}"
        )
        return text, f"Tailor the resume for {card.title} at {card.company}"


def _result(description: str, text: str) -> types.GetPromptResult:
    message = types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
    return types.GetPromptResult(description=description, messages=[message])
