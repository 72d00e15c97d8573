"""Ghost-posting evidence from the profile's history: the same role reposted under other URLs, and a posting
open for more than OPEN_LONG_DAYS. Facts with dates, never verdicts."""

import datetime as dt

from ..domain.postings import Posting
from ..store.history import DAY
from .dedupe import posting_keys

OPEN_LONG_DAYS = 60


def sighting_role(posting: Posting) -> str:
    """A role across reposts: the company and the normalised title (the URL and job id change), as the role key
    holds them (kept on the posting: the history stage asks twice, and the score stage's card id needs the key)."""
    company, title, _city, _region = posting_keys(posting)[0]
    return f"{company}|{title}"


def _day(timestamp: float) -> str:
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).date().isoformat()


def mark_ghost_signals(
    postings: list[Posting], sightings: dict[str, list[tuple[str, float, float]]], now: float
) -> None:
    """Set each posting's `ghost_signals` from the earlier sightings of its role (url, first_seen, last_seen)."""
    for posting in postings:
        earlier = sightings.get(sighting_role(posting), [])
        others = [first for url, first, _last in earlier if url != posting.canonical_url]
        if others:
            dates = ", ".join(_day(first) for first in others[:5]) + (" …" if len(others) > 5 else "")
            times = "once" if len(others) == 1 else f"{len(others)} times"
            posting.ghost_signals.append(
                ("reposted", f"the same role was posted {times} under another URL, first seen {dates}")
            )
        own = [first for url, first, _last in earlier if url == posting.canonical_url]
        if own and (age := int((now - own[0]) // DAY)) > OPEN_LONG_DAYS:
            posting.ghost_signals.append(("open_long", f"first seen {_day(own[0])}, {age} days ago"))
