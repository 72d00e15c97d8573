"""The `jobspy` engine: LinkedIn, Indeed, Glassdoor, ZipRecruiter and Google Jobs through python-jobspy, per title.

An optional extra (`pip install -e '.[jobspy]'`). JobSpy does its own HTTP (requests/tls-client), so it cannot use
the sweep's client: no shared cache, byte caps or Retry-After handling, and its calls are not cancelled at the
source's deadline (the sweep skips the source as `timeout` and moves on). Only the scrape is held to that
deadline (DiscoverRequest.remote): making postings of its rows is local work. Imported only when a source runs."""

import datetime as dt
import importlib
import importlib.util
from typing import Annotated, Any, Literal

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.records import RecordError
from ..errors import EngineConfigError
from ..store.paths import Workspace
from . import register
from .base import DiscoverRequest, Engine, EngineConfig, EngineResult, SourceError
from .shapes import number

Site = Literal["linkedin", "indeed", "glassdoor", "zip_recruiter", "google"]
DEFAULT_SITES: list[Site] = ["indeed"]
INSTALL = "install it with `.venv/bin/pip install -e '.[jobspy]'`"
INTERVALS: dict[str, Period] = {"yearly": "year", "monthly": "month", "weekly": "week", "daily": "day",
                                "hourly": "hour"}  # fmt: skip
PLATFORMS = {"linkedin": "linkedin", "indeed": "indeed", "glassdoor": "glassdoor", "zip_recruiter": "ziprecruiter"}
"""JobSpy's `site` → platform; `google` rows are classified from their URL (Google lists other boards' jobs)."""
_UNREACHABLE = ("connection", "timeout", "proxy", "ssl", "maxretry")


class JobspyConfig(EngineConfig):
    sites: Annotated[list[Site], Field(min_length=1, max_length=5)] = Field(default_factory=DEFAULT_SITES.copy)
    hours_old: Annotated[int, Field(ge=1, le=720)] | None = 72
    results_wanted: Annotated[int, Field(ge=1, le=200)] = 30
    country_indeed: Annotated[str, Field(min_length=2, max_length=40)] = "USA"


class JobspyEngine(Engine):
    name = "jobspy"
    per_title = True
    config_model = JobspyConfig
    description = "LinkedIn, Indeed, Glassdoor, ZipRecruiter and Google Jobs scraped by python-jobspy (optional)."
    uses_network = False  # JobSpy brings its own HTTP; it cannot take the sweep's client

    def check(self, config: JobspyConfig, workspace: Workspace) -> None:
        if importlib.util.find_spec("jobspy") is None:
            raise EngineConfigError(f"jobspy: python-jobspy is not installed; {INSTALL}")

    def discover(self, config: JobspyConfig, request: DiscoverRequest) -> EngineResult:
        try:
            jobspy = importlib.import_module("jobspy")
        except ImportError as exc:
            raise SourceError("config", f"python-jobspy cannot be imported ({type(exc).__name__}); {INSTALL}") from None
        with request.remote():  # the scrape is held to the per-source deadline; making postings of its rows is not
            try:
                frame = jobspy.scrape_jobs(
                    site_name=list(dict.fromkeys(config.sites)),
                    search_term=request.source,
                    location=request.location,
                    results_wanted=config.results_wanted,
                    hours_old=config.hours_old,
                    country_indeed=config.country_indeed,
                )
                rows = frame.to_dict("records")
            except Exception as exc:  # a scraper's failure is this source's, whatever its type
                kind = type(exc).__name__
                unreachable = isinstance(exc, OSError) or any(word in kind.lower() for word in _UNREACHABLE)
                detail = f"python-jobspy failed: {kind}: {str(exc)[:200]}"
                raise SourceError("unreachable" if unreachable else "bad_response", detail) from None
        return postings_from_rows(self, request, rows)


def postings_from_rows(engine: Engine, request: DiscoverRequest, rows: list[dict[str, Any]]) -> EngineResult:
    """Rows of JobSpy's DataFrame (`to_dict("records")`) → postings. Missing values arrive as NaN or None."""
    result = EngineResult()
    for row in rows:
        try:
            result.postings.append(_posting(engine, request, row))
        except (RecordError, SourceError) as exc:
            result.skipped_records.append((f"{request.source}#{_text(row.get('id')) or '?'}", str(exc)))
    return result


def _posting(engine: Engine, request: DiscoverRequest, row: dict[str, Any]) -> Posting:
    url = _text(row.get("job_url"))
    return engine.posting(
        request,
        title=_text(row.get("title")),
        company=_text(row.get("company")),
        url=url,
        location=_text(row.get("location")),
        description=_text(row.get("description")),  # markdown, JobSpy's default format
        workplace="remote" if _flag(row.get("is_remote")) else None,  # False may still be hybrid: infer
        salary=_salary(row),
        posted_at=_date(row.get("date_posted")),
        apply_url=_text(row.get("job_url_direct")) or url,
        platform=PLATFORMS.get(_text(row.get("site"))),
        employment_type=employment_type(_text(row.get("job_type"))),  # fulltime, parttime, internship, contract
    )


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _flag(value: Any) -> bool:
    """True for Python's or numpy's True; NaN, None and False are not."""
    return value is True or (type(value).__name__ == "bool_" and bool(value))


def _date(value: Any) -> dt.date | None:
    """A date, datetime or pandas Timestamp (NaT writes itself "NaT": no date), or ISO text."""
    if isinstance(value, dt.date):
        return parse_when(value.isoformat()[:10])
    return parse_when(value) if isinstance(value, str) else None


def _salary(row: dict[str, Any]) -> Salary | None:
    low, high = (amount or None for amount in (number(row.get("min_amount")), number(row.get("max_amount"))))
    period = INTERVALS.get(_text(row.get("interval")).lower())
    if (low is None and high is None) or period is None:
        return None
    currency = _text(row.get("currency")).upper() or None
    shown = " - ".join(f"{a:,.2f}".removesuffix(".00") for a in dict.fromkeys(x for x in (low, high) if x is not None))
    return Salary(
        min=low,
        max=high,
        currency=currency,
        period=period,
        text=f"{shown} {currency or ''} {_text(row.get('interval'))}".replace("  ", " "),
    )


register(JobspyEngine())
