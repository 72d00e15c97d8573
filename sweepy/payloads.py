"""What each tool answers on success, as models: their JSON schemas become the tools' outputSchema (with
SWEEPY_OUTPUT_SCHEMAS=1), joined to the error envelope that every tool shares."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .cards import EligibilityFinding, GhostSignal
from .employment import EmploymentType

Records = list[dict[str, Any]]


class _Payload(BaseModel):
    model_config = ConfigDict(extra="allow")  # an answer may carry more than its schema promises, never less
    message: str | None = None


class CreateProfile(_Payload):
    profile_path: str
    profile_stem: str
    enabled_engines: list[str]
    engines_not_enabled: list[str]
    default_sources_used: bool
    backup_path: str | None
    warnings: list[str]


class Sweep(_Payload):
    """run_sweep and get_sweep_status: running (progress) or completed (counts, cards, sources)."""

    sweep_status: Literal["running", "completed", "failed"]  # "failed" comes with status "error"
    job_id: str
    elapsed_seconds: float
    debug_log: str
    progress: dict[str, Any] | None = None
    discovered_count: int | None = None
    new_count: int | None = None
    previously_seen_count: int | None = None
    active_count: int | None = None
    card_count: int | None = None
    assessed_count: int | None = None
    assessment_mode: str | None = None
    assessment_required: bool | None = None
    top_match: dict[str, Any] | None = None
    top_roles: Records | None = None
    job_ids: list[str] | None = None
    reports: dict[str, str] | None = None
    skipped_sources: Records | None = None
    sources: Records | None = None
    dropped: dict[str, int] | None = None
    skipped_records: int | None = None


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


PAYLOADS: dict[str, type[BaseModel]] = {
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
    """The tool's answer: `status` first; with "ok" its success fields are required, with "error" a message
    (and whatever details the error carries, such as job_id or unassessed_job_ids)."""
    success = PAYLOADS[tool].model_json_schema()
    properties = {"status": {"type": "string", "enum": ["ok", "error"]}, **success.get("properties", {})}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": ["status"],
        "additionalProperties": True,
        "if": {"properties": {"status": {"const": "ok"}}},
        "then": {"required": success.get("required", [])},
        "else": {"required": ["message"], "properties": {"message": {"type": "string"}}},
    }
    if "$defs" in success:
        schema["$defs"] = success["$defs"]
    return schema
