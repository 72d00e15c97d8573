"""What track_jobs, get_outcomes and get_applications answer: the statuses recorded, the outcome counts and rates,
and the tracked applications with their follow-ups."""

from typing import Literal

from pydantic import BaseModel

from .answers import Answer
from .answers_cards import Rejected, TrackedStatus


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
