"""What get_jobs, submit_judgments and import_jobs answer: the brief card get_jobs shows (built from Card's fields
and the BRIEF_ names of sweepy.domain.cards), its salary, the judged cards and the rejected entries."""

import dataclasses
from types import UnionType
from typing import TYPE_CHECKING, Any, Literal, Union, get_args, get_origin, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.fields import FieldInfo

from ..domain.cards import BRIEF_HIDDEN, BRIEF_LAST, BRIEF_QUIET, BRIEF_SAME_AS, JUDGMENT_FIELDS, Card, Verification
from ..domain.postings import Salary
from .answers import Answer, SweepProgress


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
    """Salary's fields as `Salary.brief` shows them, in its order, each when it says something (no None, no
    `period` "year" and no posted figure equal to the yearly one, no text the figures say whole, no false flag);
    an absent one has its Salary default, but for `period` (year), `text` and the posted figures, which repeat
    others."""
    hints = get_type_hints(Salary)
    fields: dict[str, Any] = {}
    for item in dataclasses.fields(Salary):
        default: Any = item.default
        if default is dataclasses.MISSING:
            default = None if _admits_none(hints[item.name]) else ...  # `...`: required
        fields[item.name] = (_as_shown(hints[item.name]), default)
    fields["period"] = (hints["period"], Field("year", description="the posted figures' period; left out when year"))
    fields["text"] = (str, Field("", description="the posted text; left out when it says nothing the figures do not"))
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
