"""Posting dates in every form real APIs send them (job_apis.md §24.2)."""

import datetime as dt

import pytest

from sweepy.domain.dates import parse_when

TODAY = dt.date(2026, 11, 30)


@pytest.mark.parametrize(
    ("value", "day"),
    [
        ("2026-01-14T10:55:28-05:00", dt.date(2026, 1, 14)),  # Greenhouse, ISO with offset
        ("2026-03-12T16:38:15.322+00:00", dt.date(2026, 3, 12)),  # Ashby, with milliseconds
        ("2026-03-02T11:20:00.123Z", dt.date(2026, 3, 2)),  # SmartRecruiters
        ("2025-06-01T10:00:00", dt.date(2025, 6, 1)),  # Remotive, no zone
        ("2025-06-01", dt.date(2025, 6, 1)),  # Workable published_on
        ("2024-05-01 07:25:25 UTC", dt.date(2024, 5, 1)),  # Recruitee
        (1760000000000, dt.date(2025, 10, 9)),  # Lever createdAt, epoch milliseconds
        (1760000000, dt.date(2025, 10, 9)),  # Arbeitnow / RemoteOK / HN, epoch seconds
        ("1760000000", dt.date(2025, 10, 9)),
        ("Tue, 03 Jun 2025 10:00:00 +0000", dt.date(2025, 6, 3)),  # RSS, RFC 2822
        ("3 days ago", dt.date(2026, 11, 27)),  # SerpApi
        ("Posted 30+ Days Ago", dt.date(2026, 10, 30)),  # Workday: more than 30 days, so at least 31
        ("2+ weeks ago", dt.date(2026, 11, 15)),
        ("Posted Today", TODAY),
        ("Posted Yesterday", dt.date(2026, 11, 29)),
        ("5 hours ago", TODAY),
    ],
)
def test_every_form_gives_the_calendar_date(value: object, day: dt.date) -> None:
    assert parse_when(value, TODAY) == day


@pytest.mark.parametrize("value", [None, "", "soon", 0, -5, True, float("nan"), "9999-12-31", [2025], 10**30])
def test_unreadable_or_placeholder_dates_are_none_not_errors(value: object) -> None:
    assert parse_when(value, TODAY) is None
