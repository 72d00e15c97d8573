"""Posting records (the feed engine's files and import_jobs' JSON) → Posting, or a reason to skip."""

import datetime as dt
import re
import sys
from typing import Any, cast
from urllib.parse import urlsplit

from .employment import EMPLOYMENT_TYPES, EmploymentType, as_employment_type
from .postings import Posting
from .salary_values import parse_salary
from .text import clean_text
from .urls import canonical_url, platform_for_url
from .workplace import Workplace, infer_workplace

_HTTP_URL = re.compile(r"^https?://[^\s/]+\.\S*$", re.IGNORECASE)
_WORKPLACES = ("remote", "hybrid", "onsite", "unknown")  # "unknown" (a get_jobs card's) states nothing: inferred
MAX_OPEN_TO = 20
"""Entries of `open_to` a record may carry (USAJOBS lists a handful of hiring paths)."""
_PLACEHOLDERS = frozenset(
    "name company companyname company_name employer n/a na none null nil undefined unknown tbd tba - -- ? test".split()
)
"""Company values that name no company: an API's template default or an empty-field marker."""
_BOARD_IN_PATH = frozenset({"greenhouse", "lever", "ashby", "workable", "smartrecruiters"})
"""Hosted boards whose first path segment is the company's board token (jobs.lever.co/acme/…)."""
_BOARD_IN_HOST = frozenset({"recruitee", "workday"})
"""Hosted boards whose first host label is the company (acme.recruitee.com, acme.wd5.myworkdayjobs.com)."""
_SITE_PREFIXES = ("www.", "careers.", "career.", "jobs.", "job.", "apply.", "boards.", "hire.", "work.")


class RecordError(ValueError):
    """A record that cannot become a Posting; its text is the skip reason."""


def is_placeholder(company: str) -> bool:
    """A company value that names no company ("", "name", "Company", "N/A", "[company]")."""
    return company.strip().strip("[]{}<>()\"'*. ").lower().replace(" ", "") in _PLACEHOLDERS or not company.strip()


def company_from_url(url: str) -> str:
    """The company a posting's URL names, or "": the board token of a hosted board (jobs.lever.co/acme/… →
    "acme", acme.recruitee.com → "acme"), else the host of the company's own site (careers.acme.com →
    "acme.com"). A job board's or aggregator's own page (remotive.com, linkedin.com) names no company."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:
        return ""
    platform = platform_for_url(url)
    if platform in _BOARD_IN_PATH:
        first = next((segment for segment in parts.path.split("/") if segment), "")
        return first if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}", first) and first != "embed" else ""
    if platform in _BOARD_IN_HOST:
        label = host.split(".")[0]
        return label if host.count(".") >= 2 and label not in ("www", "jobs", "careers") else ""
    if platform != "other" or not host or "." not in host or host.replace(".", "").isdigit():
        return ""
    for prefix in _SITE_PREFIXES:
        if host.startswith(prefix) and host.count(".") >= 2:
            host = host[len(prefix) :]
    return host


def real_company(candidates: tuple[str, ...], urls: tuple[str, ...]) -> str:
    """The first candidate that names a company (cleaned), else the company the URLs name, else ""."""
    for candidate in candidates:
        text = clean_text(candidate)
        if not is_placeholder(text):
            return text
    return next((company for company in map(company_from_url, urls) if company), "")


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
    try:  # a JSON "\ud800" escape is a lone surrogate: every later UTF-8 write would fail (ASCII holds none)
        _ = value.isascii() or value.encode("utf-8")
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
    """Validate and normalise one record. Raises RecordError naming what is wrong. The location and platform
    texts are interned: a sweep's 80,000 postings name a few hundred places and a dozen platforms, and each
    posting held its own copy of both."""
    if not isinstance(record, dict):
        raise RecordError(f"record must be an object, got {type(record).__name__}")
    record = cast(dict[str, Any], record)
    title = clean_text(_text(record, "title", required=True))
    if record.get("company") is None:
        raise RecordError("missing required field 'company'")
    given = _text(record, "company")
    if not title:
        raise RecordError("title and company must not be blank")
    url = _http_url(_text(record, "url", required=True), "url")
    apply_url = _text(record, "apply_url")
    if apply_url:
        _http_url(apply_url, "apply_url")
    company = real_company((given,), (apply_url, url))  # "", "name", "n/a": the company the URL names
    if not company:
        raise RecordError("title and company must not be blank")
    location = sys.intern(clean_text(_text(record, "location")))
    description = _text(record, "description")  # cleaned when first read (Posting.description)
    workplace_raw = _text(record, "workplace").lower().replace("-", "").replace(" ", "")
    if workplace_raw and workplace_raw not in _WORKPLACES:
        raise RecordError(f"workplace must be one of remote, hybrid, onsite, unknown; got {record['workplace']!r}")
    workplace = infer_workplace(cast(Workplace, workplace_raw) or None, (title,), (location,), description)
    try:
        salary = parse_salary(record.get("salary"))
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    posted_raw = record.get("posted_at")
    platform = sys.intern(_text(record, "platform").lower() or platform_for_url(url, custom_platforms))
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
