"""Each tool's arguments, declared once: the model is the tool's published inputSchema, the validation of every
call (strict: wrong types and unknown keys are errors) and the keywords of the service call.

Adding a parameter to a tool is one field here (and the service keyword of the same name); adding a tool is
one model here and one function in sweepy.mcp.server.
"""

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema, create_model

from ..domain.applications import MAX_JOB_ID, MAX_TRACK_ITEMS, Status, TrackItem
from ..domain.judging import Judgment
from ..domain.profile_fields import (
    EmploymentTypes,
    Location,
    MinSalary,
    Name,
    ResumePath,
    Skills,
    Synonyms,
    Titles,
)
from ..errors import InvalidArgument
from ..service.limits import (
    MAX_IMPORT_BYTES,
    MAX_PLAYBOOK_CHARS,
    MAX_REPORT_CARDS,
    MAX_WATCH,
    NAME_CHARS,
    REPORT_CARDS,
    Format,
)

Wait = Annotated[int, Field(description="Longest wait before returning progress; clamped to 0..600.")]
ResultsDir = Annotated[str, Field(description="Folder holding the result files and the session store (sessions.db).")]
SessionStem = Annotated[
    str | None, Field(description="Profile id of a saved session, e.g. alex_rivera_paralegal; default the active one.")
]
Options = dict[str, Any]


class Arguments(BaseModel):
    """Strict: a host's "true" is not a boolean and "12" not a number (see sweepy.mcp.protocol for the one
    exception, JSON text standing in for an array or an object)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    def service_arguments(self) -> dict[str, Any]:
        """The fields as the service method's keywords: the published name (the alias of a field whose name
        would shadow a pydantic method, such as import_jobs' `validate`)."""
        return {info.alias or name: getattr(self, name) for name, info in type(self).model_fields.items()}


class CreateProfile(Arguments):
    name: Annotated[Name, Field(description="Full name written into the profile.")]
    # titles, location and resume_path are required by the service: a host that can ask the person
    # (elicitation) gets a form for the missing ones; any other gets an error naming them.
    titles: Annotated[
        Titles | None, Field(description='Target titles, e.g. ["Technical Writer", "UX Writer"]. Required.')
    ] = None
    location: Annotated[Location | None, Field(description='Target location, e.g. "New York, NY". Required.')] = None
    resume_path: Annotated[ResumePath | None, Field(description="Path to a PDF or DOCX resume. Required.")] = None
    remote_only: Annotated[bool, Field(description="Keep only fully remote roles.")] = False
    include_hybrid: Annotated[bool, Field(description="Keep hybrid roles.")] = True
    min_salary: Annotated[MinSalary, Field(description="Minimum annual base salary; 0 = no minimum.")] = 0
    employment_types: Annotated[
        EmploymentTypes | None,
        Field(
            description='Kinds of job to keep, e.g. ["full_time", "contract"]; a posting that does not say is '
            "kept. Default: all."
        ),
    ] = None
    must_have_skills: Annotated[Skills | None, Field(description="Skill terms that raise the match.")] = None
    synonyms: Annotated[
        Synonyms | None, Field(description='Groups of interchangeable terms, e.g. [["JD", "Juris Doctor"]].')
    ] = None
    platforms: Annotated[Options | None, Field(description='Platform switches, e.g. {"indeed": false}.')] = None
    sources_config: Annotated[
        Options | None,
        Field(
            description='Engines to enable, e.g. {"feed": {"enabled": true, "path": "postings.jsonl"}}. To try '
            'Sweepy offline, the bundled sample feed is {"feed": {"path": "sweepy/data/sample_postings.jsonl"}} '
            "(that exact path)."
        ),
    ] = None
    cache_config: Annotated[Options | None, Field(description="enabled, ttl_seconds.")] = None
    orchestrator_config: Annotated[
        Options | None,
        Field(
            description="timeout_per_source_seconds; max_bytes (the sweep's byte budget, 200000000); "
            "circuit_breaker {failure_threshold, cooldown_seconds}."
        ),
    ] = None
    history_config: Annotated[
        Options | None, Field(description="enabled, retention_days (4), match (url | url+role), path.")
    ] = None
    eligibility_config: Annotated[
        Options | None,
        Field(
            description="Who the person is and what to avoid (all optional): needs_sponsorship, citizenships "
            '(["US"]), work_authorization, clearance (none|public_trust|secret|top_secret|ts_sci), '
            'max_onsite_days (0-5), timezone (IANA), languages (["en"]), federal_status (none|employee|veteran), '
            "years_experience (0-60), level (intern|junior|mid|senior|lead|principal), "
            "eligibility (flag|strict), employer_boards {enabled, max}, exclude_companies, exclude_keywords, "
            "exclude_agencies (true drops staffing-agency postings)."
        ),
    ] = None
    job_tracking: Annotated[bool, Field(description="Add application-tracking columns to the CSV.")] = True
    assessment: Annotated[
        Literal["agent", "keyword"],
        Field(description="Report gate: agent (every card judged first) or keyword (keyword-only allowed)."),
    ] = "agent"
    output_filename: Annotated[
        str | None, Field(description="Custom YAML path; default profiles/{name}_{first title}.yaml.")
    ] = None
    make_default: Annotated[
        bool | None,
        Field(
            description="Make it the default profile (what run_sweep sweeps without profile_path). Default: true "
            "for the first profile, false once a default exists."
        ),
    ] = None


REQUIRED_PROFILE_FIELDS = ("titles", "location", "resume_path")
"""What create_profile cannot do without, although the schema lets a host leave them out (to ask the person)."""


def missing_arguments(tool: str, missing: list[str]) -> InvalidArgument:
    """The error for arguments a tool cannot do without that the schema lets a host leave out (so that the face
    can ask the person for them): the same words as any other missing argument."""
    required = "; ".join(f"{name!r} is required" for name in missing)
    return InvalidArgument(f"Invalid arguments for {tool}: {required}. Fix them and call {tool} again.")


class RunSweep(Arguments):
    profile_path: Annotated[
        str | None,
        Field(
            description="Profile YAML or name; omitted: the default profile (create_profile's make_default), then "
            "the bundled ones."
        ),
    ] = None
    deduplicate: Annotated[bool, Field(description="Merge repeated URLs and cross-platform copies.")] = True
    include_seen: Annotated[bool, Field(description="Report postings from earlier sweeps too.")] = False
    wait_seconds: Wait = 45
    scheduled_for: Annotated[
        str | None,
        Field(
            max_length=64,
            description="Run later instead of now: an ISO 8601 date-time. Without an offset "
            "('2026-12-07T09:00') it is the wall time in schedule_timezone; with one ('…T09:00-05:00', 'Z') the "
            "moment, whose wall time in schedule_timezone the repeats keep. Answers sweep_status 'scheduled' "
            "with the job_id at once.",
        ),
    ] = None
    schedule_timezone: Annotated[
        str | None,
        Field(
            max_length=64,
            description="IANA zone of scheduled_for, e.g. America/New_York; default the profile's timezone, "
            "else this machine's.",
        ),
    ] = None
    repeat: Annotated[
        Literal["daily", "weekly"] | None,
        Field(description="Repeat a scheduled sweep at the same local hour; omit for once. Needs scheduled_for."),
    ] = None


class GetSweepStatus(Arguments):
    job_id: Annotated[
        str | None, Field(description="Sweep or schedule id (the job_id run_sweep answered); default the most recent.")
    ] = None
    wait_seconds: Annotated[int, Field(description="Longest wait; clamped to 0..600.")] = 45


class CancelSweep(Arguments):
    job_id: Annotated[
        str,
        Field(min_length=1, max_length=64, description="Sweep or schedule id: the job_id run_sweep answered."),
    ]


class GetJobs(Arguments):
    profile_stem: SessionStem = None
    results_dir: ResultsDir = "results"
    limit: Annotated[int | None, Field(ge=1, description="How many cards (at least 1); omit for all.")] = None
    offset: Annotated[int, Field(ge=0, description="Cards to skip: the previous page's next_offset.")] = 0
    status: Annotated[
        Status | None, Field(description="Only cards whose tracked application has this status (track_jobs).")
    ] = None
    eligible_only: Annotated[
        bool, Field(description="Leave out the cards an eligibility finding blocks for this person.")
    ] = False
    new_only: Annotated[
        bool,
        Field(description="Only the cards no earlier sweep of the profile matched (is_new): what is new since then."),
    ] = False


class GetResults(Arguments):
    profile_stem: Annotated[str | None, Field(description="Filter result files by profile id.")] = None
    results_dir: ResultsDir = "results"
    limit: Annotated[int, Field(description="Top roles returned; clamped to 1..100.")] = 10


class ClearHistory(Arguments):
    profile_path: Annotated[str | None, Field(description="Profile YAML path.")] = None
    profile_stem: Annotated[str | None, Field(description="Profile id, e.g. pedro_writer.")] = None
    dry_run: Annotated[
        bool,
        Field(
            description="Only count what would be forgotten. Without it, a host that can ask the person asks "
            "for confirmation first."
        ),
    ] = False


class ListSweeps(Arguments):
    limit: Annotated[
        int | None,
        Field(ge=1, le=100, description="Page size 1..100; sending limit or cursor switches to cursor paging."),
    ] = None
    cursor: Annotated[
        str | None, Field(min_length=1, max_length=512, description="The previous page's next_cursor, unchanged.")
    ] = None


class ImportJobs(Arguments):
    jobs_json: Annotated[
        str,
        Field(
            max_length=MAX_IMPORT_BYTES,  # the service counts UTF-8 bytes; never fewer than characters
            description="JSON array of posting records (title, company, url, ...) or get_jobs cards.",
        ),
    ]
    validate_links: Annotated[
        bool,
        Field(alias="validate", description="Check every URL with the SSRF-safe link checker first."),
    ] = False
    validate_timeout_seconds: Annotated[
        float, Field(ge=1, le=600, description="The whole link check's limit; links not reached stay not_checked.")
    ] = 60


class ConvertDocument(Arguments):
    document_path: Annotated[str, Field(description="A .docx, .doc, .md, .txt or .pdf file.")]
    pdf_path: Annotated[
        str | None,
        Field(
            description="Output PDF inside the workspace, e.g. docs/resume.pdf; default beside the source (which "
            "must then be in the workspace)."
        ),
    ] = None


class ConvertDocx(Arguments):
    docx_path: Annotated[str, Field(description="The .docx file.")]
    pdf_path: Annotated[
        str | None,
        Field(
            description="Output PDF inside the workspace, e.g. docs/resume.pdf; default beside the DOCX (which must "
            "then be in the workspace)."
        ),
    ] = None


class _SubmitJudgments(Arguments):
    """What submit_judgments takes besides Judgment's fields; SubmitJudgments puts those between job_id and
    judgments."""

    job_id: Annotated[
        str | None, Field(max_length=MAX_JOB_ID, description="Card id from get_jobs; required unless judgments.")
    ] = None
    judgments: Annotated[
        # Published as objects; a malformed entry is still accepted here so that it alone is rejected.
        list[Annotated[Any, WithJsonSchema({"type": "object"})]] | None,
        Field(min_length=1, description="Batch: objects each with a job_id plus any field above. Not with job_id."),
    ] = None
    profile_stem: SessionStem = None
    results_dir: ResultsDir = "results"


def _submit_judgments() -> type[Arguments]:
    """job_id, then Judgment's fields with their types, limits and descriptions (declared once, in
    sweepy.domain.judging), then the batch and the session's place."""
    own = _SubmitJudgments.model_fields
    fields: dict[str, Any] = {"job_id": (own["job_id"].annotation, own["job_id"])}
    for name, info in Judgment.model_fields.items():
        fields[name] = (info.annotation, Field(None, description=info.description))
    fields |= {name: (info.annotation, info) for name, info in own.items() if name != "job_id"}
    return create_model("SubmitJudgments", __base__=Arguments, __module__=__name__, **fields)


if TYPE_CHECKING:

    class SubmitJudgments(_SubmitJudgments):
        """(Type checkers see the batch fields; the real model adds Judgment's between job_id and judgments.)"""

else:
    SubmitJudgments = _submit_judgments()


class RenderReport(Arguments):
    profile_stem: SessionStem = None
    results_dir: Annotated[str, Field(description="Folder of the saved session and the default PDF.")] = "results"
    output_filename: Annotated[
        str | None, Field(description="PDF path inside the workspace; default beside the sweep's result JSON.")
    ] = None
    playbook: Annotated[
        str,
        Field(
            max_length=MAX_PLAYBOOK_CHARS,
            description="Plain-text strategy note (max 20,000 chars): **bold** is bold, line breaks start "
            "paragraphs, lines starting '- ' are bullets. Saved with the session; empty reuses the saved one, "
            "else Sweepy writes one from the cards.",
        ),
    ] = ""
    limit: Annotated[
        int,
        Field(
            ge=1, le=MAX_REPORT_CARDS, description="How many cards the report shows, best first; the gate checks these."
        ),
    ] = REPORT_CARDS


class ExportReport(Arguments):
    json_source: Annotated[str | None, Field(description="Sweep result JSON; wins over profile_stem.")] = None
    profile_stem: Annotated[str | None, Field(description="Profile id: export its newest result JSON.")] = None
    results_dir: ResultsDir = "results"
    formats: Annotated[
        list[Format],
        Field(min_length=1, description='Any of "pdf", "png", "csv", "json", "ics" (the follow-up calendar).'),
    ] = ["pdf"]
    candidate_name: Annotated[
        str | None,
        Field(
            min_length=1,
            max_length=NAME_CHARS,
            pattern=r"\S",  # not only spaces (the service trims it)
            description="Name in the PDF header; default the profile's name.",
        ),
    ] = None
    output_dir: Annotated[
        str | None, Field(description="Output folder inside the workspace; default the source JSON's folder.")
    ] = None
    job_tracking: Annotated[
        bool | None, Field(description="Tracking columns in the CSV; unset follows the profile's export.tracking.")
    ] = None


class TrackJobs(Arguments):
    items: Annotated[
        # Published as TrackItem objects; a malformed entry is still accepted here so that it alone is rejected.
        list[Annotated[Any, WithJsonSchema(TrackItem.model_json_schema())]],
        Field(
            min_length=1, max_length=MAX_TRACK_ITEMS, description="Status changes: {job_id, status, date?, note?} each."
        ),
    ]
    profile_stem: SessionStem = None
    results_dir: ResultsDir = "results"


class WatchPostings(Arguments):
    job_ids: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=MAX_JOB_ID)]] | None,
        Field(
            min_length=1,
            max_length=MAX_WATCH,
            description="Postings to check; default every saved, applied or interview one.",
        ),
    ] = None
    profile_stem: SessionStem = None
    results_dir: ResultsDir = "results"
    wait_seconds: Wait = 45


class GetOutcomes(Arguments):
    since: Annotated[
        str | None,
        Field(pattern=r"^\d{4}-\d{2}-\d{2}$", description="Only applications from this date on (YYYY-MM-DD)."),
    ] = None
    profile_path: Annotated[str | None, Field(description="Profile YAML; default the active session's profile.")] = None


class GetApplications(Arguments):
    status: Annotated[Status | None, Field(description="Only applications whose current status is this.")] = None
    due_only: Annotated[bool, Field(description="Only applications whose follow-up is due (today or past).")] = False
    profile_path: Annotated[str | None, Field(description="Profile YAML; default the active session's profile.")] = None
    limit: Annotated[
        int | None,
        Field(ge=1, le=100, description="Page size 1..100; sending limit or cursor switches to cursor paging."),
    ] = None
    cursor: Annotated[
        str | None, Field(min_length=1, max_length=512, description="The previous page's next_cursor, unchanged.")
    ] = None
