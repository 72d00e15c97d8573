"""What render_report, export_report, get_results, clear_history, the document conversions and list_sweeps answer."""

from typing import Literal

from pydantic import BaseModel, Field

from .answers import Answer, ScheduleRun, TopRole
from .limits import Format

PlaybookSource = Literal["given", "saved", "generated"]


class RenderReport(Answer):
    pdf_report: str
    profile_stem: str | None
    """The profile of the session reported."""
    profile_path: str | None
    """Its YAML, workspace-relative when it lies in the workspace (null: none recorded)."""
    pages: int
    card_count: int
    total_cards: int
    playbook_saved: bool
    playbook_source: PlaybookSource
    backup_path: str | None
    message: str
    migrated: str | None = None


class Generated(BaseModel):
    """The files export_report wrote, by format (only the formats made)."""

    pdf: str | None = None
    pdf_pages: int | None = None
    png: list[str] | None = None
    """One file per page."""
    csv: str | None = None
    csv_rows: int | None = None
    json_path: str | None = Field(default=None, alias="json")
    ics: str | None = None
    ics_events: int | None = None


class FormatError(BaseModel):
    format: Format
    message: str


class ExportReport(Answer):
    source_file: str
    profile_stem: str | None
    """The profile of the sweep exported (from the result file)."""
    profile_path: str | None
    """Its YAML, workspace-relative when it lies in the workspace (null: the result file names none)."""
    roles_exported: int
    generated: Generated
    errors: list[FormatError]
    backups: list[str]
    message: str


class ResultRole(TopRole):
    """A role of get_results: a top role with the judgment's track, domain and playbook."""

    resume_track: str | None
    domain: str | None
    playbook: str | None


class GetResults(Answer):
    result_file: str
    pdf_report: str | None
    csv_report: str | None
    total_roles: int
    top_roles: list[ResultRole]
    message: str
    migrated: str | None = None


class ClearHistory(Answer):
    scope: str
    cleared: int
    would_clear: int | None = None
    """With dry_run: how many would be forgotten."""
    remaining: int
    history_path: str
    dry_run: bool | None = None
    message: str


class Converted(Answer):
    pdf_path: str
    source_path: str
    method: str
    pages: int
    backup_path: str | None
    message: str


class SweepOptionsLine(BaseModel):
    profile_path: str
    profile_stem: str
    deduplicate: bool
    include_seen: bool
    repeat: Literal["daily", "weekly"] | None = None
    """A schedule's repetition (set on schedules only)."""
    last_run: ScheduleRun | None = None
    """A schedule's latest run (set on schedules only)."""


class SweepListing(BaseModel):
    """One background sweep or watch of this server, or one schedule of the state folder (the list_jobs
    contract's fields)."""

    id: str
    kind: Literal["sweep", "watch"]
    status: Literal["scheduled", "running", "completed", "failed", "cancelled"]
    payload: SweepOptionsLine
    scheduled_for: str | None
    """A schedule's next run (or its last, once it ended), ISO 8601 with its offset; null for a sweep run at once."""
    schedule_timezone: str | None
    progress: int | None
    """Percent done; null until it starts."""
    progress_message: str | None
    created_at: str
    updated_at: str


class ListSweeps(Answer):
    sweeps: list[SweepListing]
    next_cursor: str | None = None
    """Set when the call paged (limit or cursor): null on the last page."""
