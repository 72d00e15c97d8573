"""What an application is, in words shared by the tools' arguments and the store: its statuses and one
track_jobs entry. No storage here (sweepy/store/applications.py keeps them), so the server can publish
track_jobs' schema without opening a database module."""

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, StringConstraints

Status = Literal["saved", "applied", "interview", "offer", "rejected", "withdrawn", "ghosted"]
STATUSES: tuple[str, ...] = get_args(Status)
WATCHED = frozenset(("saved", "applied", "interview"))
"""The statuses watch_postings re-checks by default: the postings the person still cares about."""
ANSWERS = frozenset(("interview", "offer", "rejected"))
"""Statuses that are the employer's answer (ghosted and withdrawn are not)."""
FOLLOW_UP_DAYS = 7
MAX_TRACK_ITEMS = 500
"""track_jobs entries per call: a person's whole search fits; a runaway batch is refused whole."""
MAX_NOTE = 2000
MAX_JOB_ID = 200


class TrackItem(BaseModel):
    """One track_jobs entry. `date` is the day the status took effect (default today, never in the future)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    job_id: Annotated[str, StringConstraints(min_length=1, max_length=MAX_JOB_ID)]
    status: Status
    date: Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")] | None = None
    note: Annotated[str, StringConstraints(strip_whitespace=True, max_length=MAX_NOTE)] | None = None
