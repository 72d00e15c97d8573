"""What each tool answers on success, as models: their JSON schemas become the tools' outputSchema (with
SWEEPY_OUTPUT_SCHEMAS=1), joined to the error envelope that every tool shares."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

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


class GetJobs(_Payload):
    count: int
    total: int
    offset: int
    next_offset: int | None
    profile_stem: str | None
    source_result: str | None
    jobs: Records


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


class Converted(_Payload):
    pdf_path: str
    source_path: str
    method: str
    pages: int


class ListSweeps(_Payload):
    sweeps: Records


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
