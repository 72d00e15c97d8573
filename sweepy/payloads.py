"""What each tool answers on success, as models: their JSON schemas become the tools' outputSchema (with
SWEEPY_OUTPUT_SCHEMAS=1), joined to the error envelope that every tool shares."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

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


class ExportReport(_Payload):
    source_file: str
    roles_exported: int
    generated: dict[str, Any]
    errors: Records


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


class ListSweeps(_Payload):
    sweeps: Records


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
