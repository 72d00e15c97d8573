"""What each tool answers on success, as models: the service builds them, the MCP envelope dumps them (`dump`),
and their JSON schemas become the tools' outputSchema (sweepy.mcp.protocol, from the records of
sweepy.service.tools). They live here, below the MCP face, so the service and the CLI use them without importing MCP.

An answer leaves out the optional fields its service did not set and keeps the ones it set to None as null
(`exclude_unset`): a field appears in the JSON exactly when the service put it there."""

from typing import (
    Annotated,
    Any,
    Literal,
    Protocol,
    TypeVar,
)

from pydantic import BaseModel, Field

from ..domain.cards import (
    MatchKind,
)
from ..engines.base import SkipReason


class Answer(BaseModel):
    """One tool's successful answer (without `status`, which the envelope puts first)."""

    def dump(self) -> dict[str, Any]:
        """The answer as the JSON object a tool sends: fields in declaration order, the unset optional ones left
        out, JSON names (`json` for a path field that cannot be called that in Python)."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


class _Migrating(Protocol):
    migrated: str | None


M = TypeVar("M", bound=_Migrating)


def noted(answer: M, migrated: str | None) -> M:
    """`migrated` on the answer of the call that moved an old session file into the session store (and on no
    other answer: the field is left unset)."""
    if migrated:
        answer.migrated = migrated
    return answer


# -- create_profile -----------------------------------------------------------------------------------------------
class CreateProfile(Answer):
    profile_path: str
    profile_stem: str
    backup_path: str | None
    enabled_engines: list[str]
    engines_not_enabled: list[str]
    default_sources_used: bool
    is_default: bool
    """Whether this profile is now the default one (what run_sweep and sweepy sweep use without a profile)."""
    default_profile: str | None
    """The default profile now (null when none is set)."""
    warnings: list[str]
    message: str


# -- run_sweep / get_sweep_status / watch_postings ----------------------------------------------------------------
class SweepProgress(BaseModel):
    step: int
    total: int
    label: str


class SweepRunning(Answer):
    """run_sweep, watch_postings and get_sweep_status while the sweep or watch runs: where it is, and the job_id
    to wait on. (`migrated` is always null here: a sweep moves no session file.)"""

    message: str
    migrated: str | None = None
    sweep_status: Literal["running"]
    job_id: str
    profile_stem: str | None = None
    """The profile swept (set for a sweep, not for a watch)."""
    profile_path: str | None = None
    """Its YAML, workspace-relative when it lies in the workspace (set for a sweep)."""
    progress: SweepProgress
    elapsed_seconds: float
    debug_log: str


class TopRole(BaseModel):
    """One of the sweep's best cards, as its answer names them."""

    job_id: str
    title: str
    company: str
    location: str
    url: str
    match_score: int
    match_kind: MatchKind


class ResultFiles(BaseModel):
    """The sweep's result files."""

    json_path: str = Field(alias="json")
    csv: str


class SkippedSourceLine(BaseModel):
    """A source the sweep could not read, and why."""

    engine: str
    source: str
    reason: SkipReason
    detail: str


class SourceLine(BaseModel):
    """What one source did in the sweep (a profile's source, or an employer's board looked up for a card)."""

    engine: str
    source: str
    status: Literal["ok", "skipped"]
    postings: int
    requests: int
    cached: int
    elapsed_seconds: float
    reason: SkipReason | None
    detail: str
    role: Literal["search", "employer_board"]


class DroppedPosting(BaseModel):
    """One posting a stage dropped (sweepy.pipeline.drops.DroppedExample)."""

    title: str
    company: str
    location: str


class SweepCompleted(Answer):
    """run_sweep and get_sweep_status once the sweep is done: counts, the top cards, sources, result files.
    (A failed sweep is an error envelope with sweep_status "failed".)"""

    message: str
    migrated: str | None = None
    sweep_status: Literal["completed"]
    job_id: str
    profile_stem: str
    """The profile swept."""
    profile_path: str
    """Its YAML, workspace-relative when it lies in the workspace (else the whole path)."""
    discovered_count: int
    new_count: int
    previously_seen_count: int
    active_count: int
    top_match: TopRole | None
    top_roles: list[TopRole]
    reports: ResultFiles
    job_ids: list[str]
    card_count: int
    assessed_count: int
    assessment_mode: Literal["agent", "keyword"]
    assessment_required: bool
    skipped_sources: list[SkippedSourceLine]
    sources: list[SourceLine]
    dropped: dict[str, int]
    """Postings dropped, by reason."""
    dropped_examples: dict[str, list[DroppedPosting]] = {}
    """For each reason of `dropped` (but `ineligible`), the first postings it dropped, at most 3."""
    skipped_records: int
    elapsed_seconds: float
    debug_log: str
    history_saved: bool | None = None
    """False when the sweep's postings could not be saved in the history (the message says why)."""
    new_card_count: int = 0
    """Cards no earlier sweep of this profile matched (is_new): get_jobs new_only, and the digest
    (sweepy://digest/latest), list them."""
    carried_count: int = 0
    """Judged or imported cards of the profile's earlier session, still open and not found again, kept in this
    session (ranked with the sweep's cards)."""


class FieldChange(BaseModel):
    field: Literal["title", "location", "workplace", "salary", "description_digest"]
    before: str
    after: str


class Watched(BaseModel):
    """One watched posting: its state now, before, and what changed."""

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
    """Why a posting is closed or unknown (not set for an open one)."""


class WatchCompleted(Answer):
    """watch_postings (and get_sweep_status of its job) once every posting was checked."""

    sweep_status: Literal["completed"]
    job_id: str
    watched_count: int
    open_count: int
    closed_count: int
    unknown_count: int
    changed_count: int
    postings: list[Watched]
    elapsed_seconds: float
    debug_log: str
    message: str


class ScheduleRun(BaseModel):
    """The latest run of a schedule: its sweep's job_id (get_sweep_status takes it), how it ended, when."""

    job_id: str | None
    status: Literal["running", "completed", "failed", "cancelled"] | None
    ran_at: str | None
    """When it started, ISO 8601 with the schedule zone's offset."""


class SweepScheduled(Answer):
    """run_sweep with scheduled_for, get_sweep_status of a schedule waiting for its slot, and of a sweep or
    schedule that was cancelled (sweep_status "cancelled")."""

    message: str
    migrated: str | None = None
    sweep_status: Literal["scheduled", "cancelled"]
    job_id: str
    profile_stem: str | None = None
    """The profile it sweeps (null for a sweep cancelled while it ran)."""
    profile_path: str | None = None
    """Its YAML, workspace-relative when it lies in the workspace."""
    scheduled_for: str | None
    """The next run, ISO 8601 with its offset; null once cancelled or for a sweep that ran at once."""
    schedule_timezone: str | None
    repeat: Literal["daily", "weekly"] | None
    last_run: ScheduleRun | None


Sweep = Annotated[SweepRunning | SweepCompleted | SweepScheduled, Field(discriminator="sweep_status")]
Watch = Annotated[SweepRunning | WatchCompleted, Field(discriminator="sweep_status")]
JobState = SweepRunning | SweepCompleted | WatchCompleted | SweepScheduled
"""get_sweep_status: a running job, a completed sweep or a completed watch (the two are told apart by their
fields, not by sweep_status), or a schedule waiting for its slot (or cancelled)."""


class CancelSweep(Answer):
    job_id: str
    sweep_status: Literal["cancelled", "cancelling"]
    """cancelled: it will not run (a schedule waiting, or a sweep already stopped); cancelling: a running sweep
    stops at its next stage and writes no results."""
    already_cancelled: bool
    message: str
