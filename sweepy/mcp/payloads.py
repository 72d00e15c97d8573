"""Each tool's answer model (sweepy.service.answers) as MCP publishes it: the tool → model table and the
outputSchema (with SWEEPY_OUTPUT_SCHEMAS=1), joined to the error envelope that every tool shares."""

from typing import Any

from pydantic import TypeAdapter

from ..service import answers as a

PAYLOADS: dict[str, Any] = {
    "create_profile": a.CreateProfile,
    "run_sweep": a.Sweep,
    "get_sweep_status": a.JobState,
    "get_jobs": a.GetJobs,
    "submit_judgments": a.SubmitJudgments,
    "import_jobs": a.ImportJobs,
    "render_report": a.RenderReport,
    "export_report": a.ExportReport,
    "get_results": a.GetResults,
    "clear_history": a.ClearHistory,
    "convert_document": a.Converted,
    "convert_docx": a.Converted,
    "list_sweeps": a.ListSweeps,
    "track_jobs": a.TrackJobs,
    "watch_postings": a.Watch,
    "get_outcomes": a.GetOutcomes,
    "get_applications": a.GetApplications,
    "cancel_sweep": a.CancelSweep,
}
"""What each tool answers on success: one model, or the models of a job that may still be running."""


def output_schema(tool: str) -> dict[str, Any]:
    """The tool's answer: `status` first; with "ok" its success fields are required (for a sweep or a watch,
    those of the running or the completed answer), with "error" a message (and whatever details the error
    carries, such as job_id or unassessed_job_ids)."""
    success = TypeAdapter(PAYLOADS[tool]).json_schema(by_alias=True)
    definitions = success.pop("$defs", None)
    variants = success.get("oneOf") or success.get("anyOf")
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
