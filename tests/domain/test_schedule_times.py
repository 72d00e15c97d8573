"""When a scheduled sweep runs (sweepy.domain.schedule): how scheduled_for is read, the refusals, and the next slot
across daylight-saving changes (US: 2026-03-08 and 2026-11-01; Europe: 2026-03-29 and 2026-10-25)."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from sweepy.domain.schedule import first_slot, local_zone_name, next_slot, parse_scheduled_for, shown, zone
from sweepy.errors import InvalidArgument

NY, BERLIN = ZoneInfo("America/New_York"), ZoneInfo("Europe/Berlin")


def utc(*parts: int) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=dt.UTC)  # type: ignore[misc]


def test_a_time_without_offset_is_the_wall_time_of_the_zone_and_one_with_an_offset_is_a_moment() -> None:
    assert parse_scheduled_for("2026-12-07T09:00", NY) == dt.datetime(2026, 12, 7, 9, 0)
    # 14:00 UTC is 09:00 in New York in December: the repeats keep 09:00 there.
    assert parse_scheduled_for("2026-12-07T14:00Z", NY) == dt.datetime(2026, 12, 7, 9, 0)
    assert parse_scheduled_for("2026-12-07T15:00+01:00", NY) == dt.datetime(2026, 12, 7, 9, 0)
    assert shown(first_slot(dt.datetime(2026, 12, 7, 9), NY, None, utc(2026, 12, 1)), NY) == "2026-12-07T09:00:00-05:00"


def test_refusals_say_what_was_wrong_and_what_to_pass() -> None:
    with pytest.raises(InvalidArgument) as gap:
        parse_scheduled_for("2026-03-08T02:30", NY)
    assert "does not exist in America/New_York" in gap.value.message
    assert "2026-03-08" in gap.value.message and "2026-03-08T03:30" in gap.value.message
    with pytest.raises(InvalidArgument) as bad:
        parse_scheduled_for("next monday", NY)
    assert "not an ISO 8601 date-time" in bad.value.message and "'2026-12-07T09:00'" in bad.value.message
    with pytest.raises(InvalidArgument) as unknown:
        zone("Mars/Olympus_Mons")
    assert "'Mars/Olympus_Mons' is not an IANA time zone" in unknown.value.message
    with pytest.raises(InvalidArgument) as past:
        first_slot(dt.datetime(2026, 11, 30, 9), NY, None, utc(2026, 12, 1))
    assert "2026-11-30T09:00:00-05:00 is in the past" in past.value.message
    assert "without scheduled_for" in past.value.message


def test_a_repeated_hour_runs_at_its_first_occurrence() -> None:
    wall = parse_scheduled_for("2026-11-01T01:30", NY)  # 01:30 happens twice: EDT, then EST
    assert shown(first_slot(wall, NY, None, utc(2026, 10, 1)), NY) == "2026-11-01T01:30:00-04:00"


def test_a_past_repeating_schedule_starts_at_its_next_slot() -> None:
    slot = first_slot(dt.datetime(2026, 11, 2, 9), NY, "daily", utc(2026, 11, 10, 15))  # 10:00 in New York
    assert shown(slot, NY) == "2026-11-11T09:00:00-05:00"


def test_weekly_keeps_the_local_hour_across_the_us_change() -> None:
    anchor = dt.datetime(2026, 10, 26, 9)  # Monday 09:00 EDT (13:00 UTC)
    after = utc(2026, 10, 26, 13, 0, 1)  # just after that run
    slot = next_slot(anchor, NY, "weekly", after)
    assert shown(slot, NY) == "2026-11-02T09:00:00-05:00"  # still 09:00 local, now EST
    assert slot == utc(2026, 11, 2, 14)  # an hour later in UTC


def test_weekly_keeps_the_local_hour_across_the_european_change() -> None:
    anchor = dt.datetime(2026, 10, 19, 8, 15)  # Monday 08:15 CEST
    slot = next_slot(anchor, BERLIN, "weekly", utc(2026, 10, 19, 6, 16))
    assert shown(slot, BERLIN) == "2026-10-26T08:15:00+01:00"
    # In the weeks when the US has not changed yet and Europe has, New York and Berlin are 5 hours apart, not 6.
    ny = next_slot(dt.datetime(2026, 10, 19, 8, 15), NY, "weekly", utc(2026, 10, 19, 12, 16))
    assert (ny - slot) == dt.timedelta(hours=5)


def test_a_slot_in_the_spring_gap_runs_just_after_it() -> None:
    anchor = dt.datetime(2026, 3, 1, 2, 30)  # Sundays 02:30; on 2026-03-08 that hour is skipped
    slot = next_slot(anchor, NY, "weekly", utc(2026, 3, 1, 8))
    assert shown(slot, NY) == "2026-03-08T03:30:00-04:00"
    assert shown(next_slot(anchor, NY, "weekly", slot), NY) == "2026-03-15T02:30:00-04:00"  # back to 02:30


def test_slots_missed_while_asleep_are_skipped_not_queued() -> None:
    anchor = dt.datetime(2026, 11, 2, 9)
    woke = utc(2026, 11, 9, 20)  # a week of daily slots missed
    slot = next_slot(anchor, NY, "daily", woke)
    assert shown(slot, NY) == "2026-11-10T09:00:00-05:00"
    weekly = next_slot(anchor, NY, "weekly", utc(2026, 11, 30, 15))  # three weekly slots missed, 10:00 on Nov 30
    assert shown(weekly, NY) == "2026-12-07T09:00:00-05:00"


def test_the_machines_zone_is_a_real_iana_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TZ", "Asia/Kolkata")
    assert local_zone_name() == "Asia/Kolkata"
    monkeypatch.setenv("TZ", "Not/AZone")
    assert ZoneInfo(local_zone_name()).key == local_zone_name()
