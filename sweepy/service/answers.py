"""What each tool answers on success, as models: the service builds them, the MCP envelope dumps them (`dump`),
and their JSON schemas become the tools' outputSchema (sweepy.mcp.protocol, from the records of
sweepy.service.tools). They live here, below the MCP face, so the service and the CLI use them without importing MCP.

An answer leaves out the optional fields its service did not set and keeps the ones it set to None as null
(`exclude_unset`): a field appears in the JSON exactly when the service put it there."""

import dataclasses
from types import UnionType
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    Literal,
    Protocol,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
)

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.fields import FieldInfo

from ..domain.cards import (
    BRIEF_HIDDEN,
    BRIEF_LAST,
    BRIEF_QUIET,
    BRIEF_SAME_AS,
    JUDGMENT_FIELDS,
    Card,
    MatchKind,
    Verification,
)
from ..domain.postings import Salary
from ..engines.base import SkipReason
from .limits import Format


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


# -- create_profile ---------------------------------------------------------------------------------------------
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


# -- run_sweep / get_sweep_status / watch_postings --------------------------------------------------------------
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


# -- get_jobs / submit_judgments --------------------------------------------------------------------------------
class TrackedStatus(BaseModel):
    status: Literal["saved", "applied", "interview", "offer", "rejected", "withdrawn", "ghosted"]
    since: str


def _closed(name: str, doc: str, fields: dict[str, Any]) -> type[BaseModel]:
    """A model built from a domain type's fields, closed: a key it does not declare fails validation, so nothing
    reaches an answer that its outputSchema does not describe."""
    return create_model(name, __config__=ConfigDict(extra="forbid"), __doc__=doc, __module__=__name__, **fields)


def _admits_none(annotation: Any) -> bool:
    return get_origin(annotation) in (Union, UnionType) and type(None) in get_args(annotation)


def _as_shown(annotation: Any) -> Any:
    """A field's type as a brief's JSON holds it: `whole_numbers` writes a whole float as an integer (80, not
    80.0), so a float is `int | float` (validated as either, each is dumped as it came)."""
    args = get_args(annotation) if get_origin(annotation) in (Union, UnionType) else (annotation,)
    if float not in args:
        return annotation
    return Union[tuple(shown for arg in args for shown in ((int, float) if arg is float else (arg,)))]  # noqa: UP007


def _salary_fields() -> dict[str, Any]:
    """Salary's fields as `Salary.brief` shows them, in its order: `period` always, the others when they say
    something (no None, no posted figure equal to the yearly one, no empty text, no false flag); an absent one
    has its Salary default."""
    hints = get_type_hints(Salary)
    fields: dict[str, Any] = {}
    for item in dataclasses.fields(Salary):
        default: Any = item.default
        if default is dataclasses.MISSING:
            default = None if _admits_none(hints[item.name]) else ...  # `...`: required
        fields[item.name] = (_as_shown(hints[item.name]), default)
    return fields


SalaryBrief = _closed("SalaryBrief", "A card's salary as get_jobs shows it (`Salary.brief`).", _salary_fields())

SHOWN_AFTER: dict[str, Any] = {
    "eligible": (Literal[False] | None, Field(None, description="false on a card an eligibility finding blocks")),
    "salary": (SalaryBrief | None, None),
    "description": (str | None, Field(None, description="an excerpt; submit_judgments leaves it out")),
    "judgment_stale": (Literal[True] | None, Field(None, description="judged against an earlier resume")),
    "application": (TrackedStatus | None, Field(None, description="the person's status, on a tracked card")),
}
"""What a card shows after its own fields, in this order: the brief's flag, salary, excerpt and stale flag, then
the tracked status get_jobs adds."""


def _card_fields() -> dict[str, Any]:
    """Card's fields as `Card.brief` shows them, in its order, each with Card's type: required when the brief
    always has it (a field that cannot be None and that no rule leaves out), else with its Card default, which
    is what its absence means (`verification` "not_checked", `also_on` []). Then SHOWN_AFTER."""
    fields: dict[str, Any] = {}
    for name, info in Card.model_fields.items():
        if name in BRIEF_HIDDEN or name in BRIEF_LAST:
            continue
        always = not _admits_none(info.annotation) and name not in BRIEF_QUIET and name not in BRIEF_SAME_AS
        fields[name] = (_as_shown(info.annotation), ... if always else _absent(info))
    return fields | SHOWN_AFTER


def _absent(info: FieldInfo) -> Any:
    """What a card field's absence means: its Card default. An empty list as a factory (the schema still says
    `[]`): pydantic copies a list default into every model it validates, 140 of the 360 us that validating a
    50-card page took."""
    default = info.get_default(call_default_factory=True)
    if default == []:
        return Field(default_factory=list, json_schema_extra={"default": []})
    return default


if TYPE_CHECKING:

    class JobCard(BaseModel):
        """(Type checkers see a plain model: the real one is built from Card's fields below.)"""

else:
    JobCard = _closed(
        "JobCard",
        f"A card as get_jobs shows it (docs/tools.md): every Card field except {' and '.join(BRIEF_HIDDEN)}, then "
        f"{', '.join(SHOWN_AFTER)}; a field left out means its default.",
        _card_fields(),
    )


class GetJobs(Answer):
    count: int
    total: int
    offset: int
    next_offset: int | None
    profile_stem: str | None
    profile_path: str | None = None
    """The session's profile YAML, workspace-relative when it lies in the workspace (null: none recorded)."""
    source_result: str | None
    jobs: list[JobCard]
    migrated: str | None = None
    sweep_status: Literal["running"] | None = None
    """Set while a sweep runs: these cards predate it."""
    running_job_id: str | None = None
    progress: SweepProgress | None = None
    stale_count: int | None = None
    message: str


class Rejected(BaseModel):
    """An entry of a batch that was not applied: its index, its job_id (when it had one) and why."""

    index: int
    job_id: str | None
    reason: str


class JudgedCard(BaseModel):
    """A card a batch judged, as submit_judgments answers it: what changed, not the card again (the assistant
    has just written the texts, and get_jobs shows the whole card)."""

    model_config = ConfigDict(extra="forbid")

    job_id: str
    rank: int
    """Its place in get_jobs' order now (1: first; get_jobs with offset rank - 1 shows it)."""
    match_pct: int | None = None
    """The match percentage now, when the batch set one (it ranks the card)."""
    changed: list[Literal[JUDGMENT_FIELDS]]  # type: ignore[valid-type]
    """The judgment fields the batch set on it, in Judgment's order."""
    judgment_stale: Literal[True] | None = None
    """Its match_pct is still from an earlier version of the resume (the batch did not set a new one)."""


class SubmitJudgments(Answer):
    job: JobCard | None = None
    """One card judged: the card as merged (without its description)."""
    applied: int | None = None
    jobs: list[JudgedCard] | None = None
    """A batch: what changed on each card it judged (not the whole cards: get_jobs shows those)."""
    rejected: list[Rejected] | None = None
    assessed_count: int
    unassessed_count: int
    stale_count: int
    card_count: int
    message: str
    migrated: str | None = None


# -- import_jobs ------------------------------------------------------------------------------------------------
class Imported(BaseModel):
    job_id: str
    title: str
    company: str
    verification: Verification
    verification_reason: str | None = None


class SkippedEntry(BaseModel):
    index: int
    title: str | None
    url: str | None = None
    """Set for a dead link."""
    reason: str
    duplicate_of: str | None = None
    """The session card this entry duplicates."""


class ImportJobs(Answer):
    imported: list[Imported]
    skipped: list[SkippedEntry]
    imported_count: int
    skipped_count: int
    message: str
    migrated: str | None = None


# -- reports ----------------------------------------------------------------------------------------------------
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


# -- clear_history, documents, list_sweeps ----------------------------------------------------------------------
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


# -- track_jobs / get_outcomes ----------------------------------------------------------------------------------
class TrackedEntry(BaseModel):
    index: int
    job_id: str
    status: str
    date: str
    changed: bool
    application: TrackedStatus


class TrackJobs(Answer):
    accepted: list[TrackedEntry]
    rejected: list[Rejected]
    accepted_count: int
    changed_count: int
    profile_stem: str
    message: str


class Rates(BaseModel):
    answered: float
    interview: float
    offer: float


class OutcomeCounts(BaseModel):
    """One group's counts; its key is the group's field (resume and track, engine, band or week), none for the
    totals."""

    resume: str | None = None
    track: str | None = None
    engine: str | None = None
    band: str | None = None
    week: str | None = None
    applied: int
    answered: int
    interview: int
    offer: int
    median_days_to_answer: int | float | None
    rates: Rates | None = None
    """From 5 applications on."""


class GetOutcomes(Answer):
    profile_stem: str
    since: str | None
    totals: OutcomeCounts
    by_resume: list[OutcomeCounts]
    by_engine: list[OutcomeCounts]
    by_match_band: list[OutcomeCounts]
    by_week: list[OutcomeCounts]
    message: str


class ApplicationEntry(BaseModel):
    """One tracked application: its current status and since when, and its follow-up."""

    job_id: str
    title: str
    company: str
    location: str
    url: str
    """The apply link recorded with it (else the posting's page)."""
    status: Literal["saved", "applied", "interview", "offer", "rejected", "withdrawn", "ghosted"]
    since: str
    """The day the current status began."""
    applied_on: str | None
    history_length: int
    """Status entries recorded (track_jobs and statuses typed in the CSV)."""
    follow_up_on: str | None
    """applied_on + the profile's follow_up_days, while the status is still applied; else null."""
    follow_up_due: bool
    """The follow-up day is today or past."""
    days_overdue: int
    """Days past the follow-up day (0 when not due or due today)."""
    note: str | None
    """The latest note given with a status."""


class GetApplications(Answer):
    applications: list[ApplicationEntry]
    total: int
    """Applications matching the filters (all pages)."""
    due_count: int
    """Of them, with a follow-up due."""
    profile_stem: str
    follow_up_days: int
    next_cursor: str | None = None
    """Set when the call paged (limit or cursor): null on the last page."""
    message: str
