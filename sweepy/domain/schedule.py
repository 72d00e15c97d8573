"""When a scheduled sweep runs: a local wall time in an IANA zone, repeated daily or weekly.

A schedule keeps its first slot as a wall time (`2026-11-02T09:00` in America/New_York), never as an offset, so
each later slot is that hour of the local day whatever daylight saving did in between. A slot whose wall time
does not exist on its day (the hour skipped when clocks go forward) runs at the same distance after the gap's
start (02:30 becomes 03:30); a wall time that happens twice (clocks going back) runs at the first of the two.
"""

import datetime as dt
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import InvalidArgument

Repeat = Literal["daily", "weekly"]
STEP_DAYS: dict[str, int] = {"daily": 1, "weekly": 7}


def zone(name: str) -> ZoneInfo:
    """The IANA zone `name`, or InvalidArgument naming what to pass instead."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidArgument(
            f"schedule_timezone {name!r} is not an IANA time zone. Pass a name such as America/New_York, "
            "Europe/Berlin or UTC (or leave it out for the profile's timezone, else this machine's zone)."
        ) from None


def local_zone_name() -> str:
    """This machine's IANA zone name (from TZ or /etc/localtime), "UTC" when the OS names none."""
    import os

    raw = os.environ.get("TZ", "").lstrip(":")
    if raw:
        try:
            ZoneInfo(raw)
            return raw
        except (ZoneInfoNotFoundError, ValueError):
            pass
    try:
        target = os.path.realpath("/etc/localtime")
    except OSError:
        return "UTC"
    marker = "zoneinfo/"
    name = target[target.find(marker) + len(marker) :] if marker in target else ""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return "UTC"
    return name


def exists(wall: dt.datetime, tz: ZoneInfo) -> bool:
    """False for a wall time inside a daylight-saving gap: it does not survive a round trip through UTC."""
    aware = wall.replace(tzinfo=tz)
    back = aware.astimezone(dt.UTC).astimezone(tz).replace(tzinfo=None)
    return back == wall


def instant(wall: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """The moment of a wall time in `tz` (fold 0: the first of a repeated hour; a gap's time lands after it)."""
    return wall.replace(tzinfo=tz, fold=0).astimezone(dt.UTC)


def parse_scheduled_for(text: str, tz: ZoneInfo) -> dt.datetime:
    """The wall time (naive, in `tz`) a `scheduled_for` names. Without an offset the text is a wall time in
    `tz`; with one (`+02:00`, `Z`) it is a moment, read as the wall time it is in `tz` at that moment."""
    try:
        parsed = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise InvalidArgument(
            f"scheduled_for {text!r} is not an ISO 8601 date-time. Pass a local time such as "
            "'2026-12-07T09:00' (read in schedule_timezone) or one with its offset, '2026-12-07T09:00-05:00'."
        ) from None
    if parsed.tzinfo is not None:
        return parsed.astimezone(tz).replace(tzinfo=None)
    wall = parsed.replace(microsecond=0)
    if not exists(wall, tz):
        after = instant(wall, tz).astimezone(tz)
        raise InvalidArgument(
            f"scheduled_for {text!r} does not exist in {tz.key}: the clocks skip that hour on {wall.date()} "
            f"(daylight saving starts). Pick another time, e.g. {after.replace(tzinfo=None).isoformat()}."
        )
    return wall


def first_slot(wall: dt.datetime, tz: ZoneInfo, repeat: str | None, now: dt.datetime) -> dt.datetime:
    """The first run: `wall` itself when it is still ahead; a past one-off is refused; a past repeating one starts
    at its first slot after `now`."""
    moment = instant(wall, tz)
    if moment > now:
        return moment
    if repeat is None:
        shown = moment.astimezone(tz).isoformat(timespec="seconds")
        raise InvalidArgument(
            f"scheduled_for {shown} is in the past (now is {now.astimezone(tz).isoformat(timespec='seconds')} in "
            f"{tz.key}). Pass a later time, add repeat 'daily' or 'weekly', or call run_sweep without "
            "scheduled_for to sweep now."
        )
    return next_slot(wall, tz, repeat, now)


def next_slot(anchor: dt.datetime, tz: ZoneInfo, repeat: str, after: dt.datetime) -> dt.datetime:
    """The first slot of a repeating schedule strictly after `after`: the anchor's wall time on the days its
    step lands on, so slots missed while the machine slept are skipped, not queued."""
    step = STEP_DAYS[repeat]
    local_after = after.astimezone(tz).replace(tzinfo=None)
    steps = max(0, (local_after - anchor).days // step)
    slot = anchor + dt.timedelta(days=steps * step)
    while instant(slot, tz) <= after:
        slot += dt.timedelta(days=step)
    return instant(slot, tz)


def shown(moment: dt.datetime, tz: ZoneInfo) -> str:
    """A moment as answers show it: ISO 8601 in the schedule's zone, with its offset."""
    return moment.astimezone(tz).isoformat(timespec="seconds")
