"""Posting dates as real APIs write them: ISO, epoch seconds or milliseconds, RFC 2822, "… UTC", "3 days ago"."""

import datetime as dt
import email.utils
import math
import re

_UTC_SUFFIX = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(?:UTC|GMT|Z)$", re.IGNORECASE)
_RELATIVE = re.compile(
    r"(?:posted\s+)?(\d+)(\+?)\s*(minute|min|hour|hr|day|week|month|year)s?\s+ago", re.IGNORECASE
)  # SerpApi "3 days ago", Workday "Posted 30+ Days Ago"
_TODAY = re.compile(r"^\s*(?:posted\s+)?(?:today|just now|just posted)\s*$", re.IGNORECASE)
_YESTERDAY = re.compile(r"^\s*(?:posted\s+)?yesterday\s*$", re.IGNORECASE)
_UNIT_DAYS = {"minute": 0, "min": 0, "hour": 0, "hr": 0, "day": 1, "week": 7, "month": 30, "year": 365}
_MS_THRESHOLD = 100_000_000_000  # epoch seconds reach this in year 5138; milliseconds passed it in 1973
_EARLIEST, _LATEST = dt.date(1990, 1, 1), dt.date(2100, 1, 1)


def _plausible(day: dt.date) -> dt.date | None:
    """A date a posting could have: an epoch 0 or a year-9999 placeholder means "unknown", not a real date."""
    return day if _EARLIEST <= day < _LATEST else None


def from_epoch(value: float) -> dt.date | None:
    """Epoch seconds or milliseconds (told apart by size: Lever sends ms, Arbeitnow seconds)."""
    if not math.isfinite(value) or value <= 0:
        return None
    seconds = value / 1000 if abs(value) >= _MS_THRESHOLD else value
    try:
        return _plausible(dt.datetime.fromtimestamp(seconds, tz=dt.UTC).date())
    except (OverflowError, OSError, ValueError):
        return None


def parse_when(value: object, today: dt.date | None = None) -> dt.date | None:
    """The calendar date of a posting's timestamp in any form above, or None when it cannot be read.

    Never raises: a date an engine cannot read leaves the posting undated rather than dropping it.
    `today` anchors relative forms ("3 days ago"); it defaults to the local date, the clock the sweep's age filter
    reads (SweepContext.today), so "Posted 30+ Days Ago" can never land inside `max_age_days: 30` by a time zone.
    "N+ units ago" is more than N: one day further back ("30+ days" is at least 31 days).
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return from_epoch(float(value))
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text:
        return None
    if text.isdigit():
        return from_epoch(float(text))
    try:
        if len(text) == 10:
            return _plausible(dt.date.fromisoformat(text))
        return _plausible(dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00")).date())
    except ValueError:
        pass
    if match := _UTC_SUFFIX.match(text):
        return parse_when(f"{match[1]}T{match[2]}+00:00")
    anchor = today or dt.date.today()
    if _TODAY.match(text):
        return anchor
    if _YESTERDAY.match(text):
        return anchor - dt.timedelta(days=1)
    if match := _RELATIVE.search(text):
        more = 1 if match[2] else 0  # "30+ Days Ago": older than 30 days
        return anchor - dt.timedelta(days=int(match[1]) * _UNIT_DAYS[match[3].lower()] + more)
    try:
        return _plausible(email.utils.parsedate_to_datetime(text).date())
    except (TypeError, ValueError, IndexError):
        return None
