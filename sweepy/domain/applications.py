"""What an application is, in words shared by the tools' arguments and the store: its statuses and one
track_jobs entry. No storage here (sweepy/store/applications.py keeps them), so the server can publish
track_jobs' schema without opening a database module."""

import datetime as dt
import unicodedata
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, StringConstraints

Status = Literal["saved", "applied", "interview", "offer", "rejected", "withdrawn", "ghosted"]
STATUSES: tuple[str, ...] = get_args(Status)
WATCHED = frozenset(("saved", "applied", "interview"))
"""The statuses watch_postings re-checks by default: the postings the person still cares about."""
ANSWERS = frozenset(("interview", "offer", "rejected"))
"""Statuses that are the employer's answer (ghosted and withdrawn are not)."""
FOLLOW_UP_DAYS = 7
"""Days after applying that a follow-up is due while no answer came: the default of the profile's follow_up_days."""
EARLIEST = dt.date(1990, 1, 1)
"""No posting Sweepy can track was applied to before this (the web job boards begin in the 1990s)."""
POSTED_SLACK_DAYS = 365
"""A status dated more than this before the card was first seen (its posting date, else the day it is tracked)
is a typo for another year, not the day it happened."""
KEPT_CONTROLS = frozenset("\n\t")
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


def clean_note(text: str | None) -> str | None:
    """The note without control characters (a NUL or ESC would reach the calendar and the CSV); newlines and tabs
    stay, the calendar escapes them. None when nothing is left."""
    if text is None:
        return None
    kept = "".join(ch for ch in text if ch in KEPT_CONTROLS or unicodedata.category(ch) != "Cc").strip()
    return kept or None


def first_seen(posted_at: str | None, today: dt.date) -> dt.date:
    """The earliest day the posting is known to have existed: its posting date when it has one before today."""
    try:
        posted = dt.date.fromisoformat(posted_at[:10]) if posted_at else None
    except ValueError:
        posted = None
    return min(posted, today) if posted is not None else today


def check_existed(day: dt.date, posted_at: str | None, today: dt.date) -> None:
    """ValueError in words for a status date before the posting could have existed."""
    if day < EARLIEST:
        raise ValueError(f"date {day.isoformat()} is before {EARLIEST.year}: give the day it happened (YYYY-MM-DD).")
    seen = first_seen(posted_at, today)
    if day < seen - dt.timedelta(days=POSTED_SLACK_DAYS):
        raise ValueError(
            f"date {day.isoformat()} is more than a year before the posting was first seen ({seen.isoformat()}): "
            "check the year and give the day it happened."
        )


def follow_up_day(applied: dt.date, days: int = FOLLOW_UP_DAYS) -> dt.date:
    """The day a follow-up is due after applying on `applied`."""
    return applied + dt.timedelta(days=days)
