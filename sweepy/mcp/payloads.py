"""What each tool answers on success, as models: their JSON schemas become the tools' outputSchema (with
SWEEPY_OUTPUT_SCHEMAS=1), joined to the error envelope that every tool shares."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from ..domain.cards import EligibilityFinding, GhostSignal
from ..domain.employment import EmploymentType

Records = list[dict[str, Any]]


class _Payload(BaseModel):
    model_config = ConfigDict(extra="allow")  # an answer may carry more than its schema promises, never less
    message: str | None = None
    migrated: str | None = None
    """Set on the one answer whose call moved a session file of an earlier version into the session store."""


class CreateProfile(_Payload):
    profile_path: str
    profile_stem: str
    enabled_engines: list[str]
    engines_not_enabled: list[str]
    default_sources_used: bool
    backup_path: str | None
    warnings: list[str]


class SweepProgress(BaseModel):
    step: int
    total: int
    label: str


class SweepRunning(_Payload):
    """run_sweep and get_sweep_status while the sweep runs: where it is, and the job_id to wait on."""

    sweep_status: Literal["running"]
    job_id: str
    progress: SweepProgress
    elapsed_seconds: float
    debug_log: str
    message: str


class SweepCompleted(_Payload):
    """run_sweep and get_sweep_status once the sweep is done: counts, the top cards, sources, result files.
    (A failed sweep is an error envelope with sweep_status "failed".)"""

    sweep_status: Literal["completed"]
    job_id: str
    discovered_count: int
    new_count: int
    previously_seen_count: int
    active_count: int
    top_match: dict[str, Any] | None
    top_roles: Records
    reports: dict[str, str]
    job_ids: list[str]
    card_count: int
    assessed_count: int
    assessment_mode: str
    assessment_required: bool
    skipped_sources: Records
    sources: Records
    dropped: dict[str, int]
    skipped_records: int
    elapsed_seconds: float
    debug_log: str
    message: str


Sweep = Annotated[SweepRunning | SweepCompleted, Field(discriminator="sweep_status")]


class JobCard(BaseModel):
    """A card as get_jobs shows it (docs/tools.md): its identity, and the facts a board states or leaves null."""

    model_config = ConfigDict(extra="allow")
    job_id: str
    title: str
    company: str
    employment_type: EmploymentType | None = None
    closes_at: str | None = None
    open_to: list[str] | None = None
    eligibility: list[EligibilityFinding] | None = None
    eligible: Literal[False] | None = None
    employer_url: str | None = None
    ghost_signals: list[GhostSignal] | None = None
    pay_transparency: Literal["missing", "stated"] | None = None
    pay_jurisdiction: str | None = None


class GetJobs(_Payload):
    count: int
    total: int
    offset: int
    next_offset: int | None
    profile_stem: str | None
    source_result: str | None
    jobs: list[JobCard]


class SubmitJudgments(_Payload):
    assessed_count: int
    unassessed_count: int
    stale_count: int
    card_count: int
    job: dict[str, Any] | None = None
    applied: int | None = None
    jobs: Records | None = None
    rejected: Records | None = None


class ImportJobs(_Payload):
    imported: Records
    skipped: Records
    imported_count: int
    skipped_count: int


class RenderReport(_Payload):
    pdf_report: str
    pages: int
    card_count: int
    total_cards: int
    playbook_saved: bool
    playbook_source: Literal["given", "saved", "generated"]
    backup_path: str | None


class ExportReport(_Payload):
    source_file: str
    roles_exported: int
    generated: dict[str, Any]
    errors: Records
    backups: list[str]


class GetResults(_Payload):
    result_file: str
    pdf_report: str | None
    csv_report: str | None
    total_roles: int
    top_roles: Records


class ClearHistory(_Payload):
    scope: str
    cleared: int
    remaining: int
    history_path: str
    would_clear: int | None = None  # with dry_run
    dry_run: bool | None = None


class Converted(_Payload):
    pdf_path: str
    source_path: str
    method: str
    pages: int
    backup_path: str | None


class ListSweeps(_Payload):
    sweeps: Records


class Application(BaseModel):
    status: Literal["saved", "applied", "interview", "offer", "rejected", "withdrawn", "ghosted"]
    since: str


class TrackedEntry(BaseModel):
    index: int
    job_id: str
    status: str
    date: str
    changed: bool
    application: Application


class TrackJobs(_Payload):
    accepted: list[TrackedEntry]
    rejected: Records
    accepted_count: int
    changed_count: int
    profile_stem: str


class OutcomeCounts(BaseModel):
    model_config = ConfigDict(extra="allow")  # the group's key fields: resume and track, engine, band or week
    applied: int
    answered: int
    interview: int
    offer: int
    median_days_to_answer: float | None
    rates: dict[str, float] | None = None


class GetOutcomes(_Payload):
    profile_stem: str
    since: str | None
    totals: OutcomeCounts
    by_resume: list[OutcomeCounts]
    by_engine: list[OutcomeCounts]
    by_match_band: list[OutcomeCounts]
    by_week: list[OutcomeCounts]


class FieldChange(BaseModel):
    field: Literal["title", "location", "workplace", "salary", "description_digest"]
    before: str
    after: str


class Watched(BaseModel):
    model_config = ConfigDict(extra="allow")
    job_id: str
    title: str
    company: str
    state: Literal["open", "closed", "unknown"]
    previous_state: str | None
    state_changed: bool
    changes: list[FieldChange]
    checked_by: Literal["board", "link"]
    closed_after_applied: bool
    status: str | None
    reason: str | None = None


class WatchPostings(_Payload):
    """Running (progress, poll get_sweep_status) or completed (one entry per posting)."""

    sweep_status: Literal["running", "completed", "failed"]
    job_id: str
    elapsed_seconds: float
    debug_log: str
    progress: dict[str, Any] | None = None
    watched_count: int | None = None
    open_count: int | None = None
    closed_count: int | None = None
    unknown_count: int | None = None
    changed_count: int | None = None
    postings: list[Watched] | None = None


PAYLOADS: dict[str, Any] = {
    "create_profile": CreateProfile,
    "run_sweep": Sweep,
    "get_sweep_status": Sweep,
    "get_jobs": GetJobs,
    "submit_judgments": SubmitJudgments,
    "import_jobs": ImportJobs,
    "render_report": RenderReport,
    "export_report": ExportReport,
    "get_results": GetResults,
    "clear_history": ClearHistory,
    "convert_document": Converted,
    "convert_docx": Converted,
    "list_sweeps": ListSweeps,
    "track_jobs": TrackJobs,
    "watch_postings": WatchPostings,
    "get_outcomes": GetOutcomes,
}


def output_schema(tool: str) -> dict[str, Any]:
    """The tool's answer: `status` first; with "ok" its success fields are required (for a sweep, those of the
    running or the completed answer), with "error" a message (and whatever details the error carries, such as
    job_id or unassessed_job_ids)."""
    success = TypeAdapter(PAYLOADS[tool]).json_schema()
    definitions = success.pop("$defs", None)
    variants = success.get("oneOf")
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
