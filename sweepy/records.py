"""Posting records (the feed engine's files and import_jobs' JSON) → Posting, or a reason to skip."""

import datetime as dt
import re
from typing import Any, cast
from urllib.parse import urlsplit

from .employment import EMPLOYMENT_TYPES, EmploymentType, as_employment_type
from .models import Posting, Workplace
from .salary import parse_salary
from .text import clean_text
from .urls import canonical_url, platform_for_url

_WORKPLACE_HINTS: tuple[tuple[Workplace, tuple[str, ...], re.Pattern[str]], ...] = (
    ("hybrid", ("hybrid",), re.compile(r"\bhybrid\b", re.IGNORECASE)),
    ("remote", ("remote", "home", "wfh", "anywhere"),
     re.compile(r"\b(?:fully remote|100% remote|remote|work from home|wfh|anywhere)\b", re.IGNORECASE)),
    ("onsite", ("site", "office", "person"), re.compile(r"\b(?:on-?site|in[- ]office|in person)\b", re.IGNORECASE)),
)  # fmt: skip
_HTTP_URL = re.compile(r"^https?://[^\s/]+\.\S*$", re.IGNORECASE)
_WORKPLACES = ("remote", "hybrid", "onsite")
MAX_OPEN_TO = 20
"""Entries of `open_to` a record may carry (USAJOBS lists a handful of hiring paths)."""


class RecordError(ValueError):
    """A record that cannot become a Posting; its text is the skip reason."""


def infer_workplace(location: str, description: str) -> Workplace:
    """Workplace from the location first ("Hybrid - Austin, TX", "Remote - US"), then the description;
    hybrid wins over remote, remote over on-site."""
    for text in (location, description[:3000]):
        lowered = text.lower()
        for kind, words, pattern in _WORKPLACE_HINTS:
            # The substring test skips the regex scan for the many texts that never mention the word.
            if any(word in lowered for word in words) and pattern.search(text):
                return kind
    return "onsite" if location.strip() else "unknown"


def parse_date(value: Any, key: str = "posted_at") -> dt.date | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise RecordError(f"{key} must be an ISO date or date-time text")
    text = value.strip()
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text)
        return dt.datetime.fromisoformat(text.replace("Z", "+00:00")).date()
    except ValueError:
        raise RecordError(f"{key} {value[:80]!r} is not an ISO date") from None


def _employment_type(record: dict[str, Any]) -> EmploymentType | None:
    raw = _text(record, "employment_type")
    kind = as_employment_type(raw) if raw else None
    if raw and kind is None:
        raise RecordError(f"employment_type must be one of {', '.join(EMPLOYMENT_TYPES)}; got {raw[:80]!r}")
    return kind


def _open_to(record: dict[str, Any]) -> list[str] | None:
    """Who may apply: a list of short texts ("public", "vet"), or null when the record does not say."""
    value = record.get("open_to")
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > MAX_OPEN_TO:
        raise RecordError(f'open_to must be a list of at most {MAX_OPEN_TO} texts, e.g. ["public"]')
    entries = [_text({"open_to": item}, "open_to") for item in value]
    if any(not entry or len(entry) > 100 for entry in entries):
        raise RecordError("each open_to entry must be a text of 1 to 100 characters")
    return list(dict.fromkeys(entries))


def _text(record: dict[str, Any], key: str, required: bool = False) -> str:
    value = record.get(key)
    if value is None or value == "":
        if required:
            raise RecordError(f"missing required field {key!r}")
        return ""
    if not isinstance(value, str):
        raise RecordError(f"field {key!r} must be text, got {type(value).__name__}")
    try:
        value.encode("utf-8")  # a JSON "\ud800" escape is a lone surrogate: every later UTF-8 write would fail
    except UnicodeEncodeError:
        raise RecordError(f"field {key!r} is not valid Unicode text (it holds a lone surrogate)") from None
    return value.strip()


def _http_url(value: str, key: str) -> str:
    problem = f"{key} {value[:80]!r} is not an http(s) URL"
    if not _HTTP_URL.match(value):
        raise RecordError(problem)
    try:
        _ = urlsplit(value).port  # canonical_url reads it: a bad port or an unclosed "[" raises ValueError
    except ValueError:
        raise RecordError(problem) from None
    return value


def posting_from_record(
    record: Any, engine: str, source: str, custom_platforms: dict[str, str] | None = None
) -> Posting:
    """Validate and normalise one record. Raises RecordError naming what is wrong."""
    if not isinstance(record, dict):
        raise RecordError(f"record must be an object, got {type(record).__name__}")
    record = cast(dict[str, Any], record)
    title = clean_text(_text(record, "title", required=True))
    company = clean_text(_text(record, "company", required=True))
    if not title or not company:
        raise RecordError("title and company must not be blank")
    url = _http_url(_text(record, "url", required=True), "url")
    apply_url = _text(record, "apply_url")
    if apply_url:
        _http_url(apply_url, "apply_url")
    location = clean_text(_text(record, "location"))
    description = _text(record, "description")  # cleaned when first read (Posting.description)
    workplace_raw = _text(record, "workplace").lower().replace("-", "").replace(" ", "")
    if workplace_raw and workplace_raw not in _WORKPLACES:
        raise RecordError(f"workplace must be one of remote, hybrid, onsite; got {record['workplace']!r}")
    workplace = cast(Workplace, workplace_raw) if workplace_raw else infer_workplace(location, description)
    try:
        salary = parse_salary(record.get("salary"))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    posted_raw = record.get("posted_at")
    platform = _text(record, "platform").lower() or platform_for_url(url, custom_platforms)
    return Posting(
        title=title,
        company=company,
        url=url,
        location=location,
        description_source=description,
        workplace=workplace,
        salary=salary,
        posted_at=parse_date(posted_raw),
        platform=platform,
        apply_url=apply_url or url,
        engine=engine,
        source=source,
        canonical_url=canonical_url(url),
        employment_type=_employment_type(record),
        closes_at=parse_date(record.get("closes_at"), "closes_at"),
        open_to=_open_to(record),
    )
