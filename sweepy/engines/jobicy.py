"""The `jobicy` engine: remote jobs from jobicy.com's API (no paging: up to `count` newest), once per sweep."""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .shapes import BoardToken, as_list, as_object, number

ORIGIN = "https://jobicy.com"
PERIODS: dict[str, Period] = {
    "hour": "hour", "hourly": "hour", "day": "day", "daily": "day", "week": "week", "weekly": "week",
    "month": "month", "monthly": "month", "year": "year", "yearly": "year", "annual": "year", "annually": "year",
}  # fmt: skip


class JobicyConfig(HttpEngineConfig):
    geo: BoardToken | None = None  # a region slug: usa, europe, apac, latam, emea
    industry: BoardToken | None = None  # engineering, marketing, data-science, …
    tag: Annotated[str, Field(min_length=3, max_length=50)] | None = None  # searches title and description
    count: Annotated[int, Field(ge=1, le=100)] = 50


class JobicyEngine(Engine):
    name = "jobicy"
    config_model = JobicyConfig
    description = "Remote jobs on jobicy.com (/api/v2/remote-jobs), filtered by region, industry or tag."
    uses_network = True
    default_enabled = True

    def discover(self, config: JobicyConfig, request: DiscoverRequest) -> EngineResult:
        params = {"count": config.count, "geo": config.geo, "industry": config.industry, "tag": config.tag}
        url = api_url(config.origin(ORIGIN), "/api/v2/remote-jobs", params)
        data = as_object(request.client.get_json(url), "the feed")
        if "jobs" not in data and data.get("jobCount") == 0:  # no match for the filters
            return EngineResult()
        return self.collected(
            request, as_list(data.get("jobs"), "the feed's 'jobs'"), lambda job: self._posting(job, request)
        )

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        geo = job.get("jobGeo")
        return self.posting(
            request,
            title=job.get("jobTitle"),
            company=job.get("companyName"),
            url=job.get("url"),  # the canonical Jobicy page, which its terms require apply links to use too
            location=", ".join(str(g) for g in geo) if isinstance(geo, list) else geo,  # where candidates may live
            description=job.get("jobDescription") or job.get("jobExcerpt"),
            workplace=None,  # a remote board still carries on-site jobs: "Anywhere", or the text, says remote
            salary=_salary(job),
            posted_at=parse_when(job.get("pubDate")),  # ISO, or "2025-03-15 02:50:57" in older payloads
            employment_type=employment_type(job.get("jobType")),  # ["Full-Time"]
        )


def _salary(job: dict[str, Any]) -> Salary | None:
    low, high = _amount(job.get("salaryMin")), _amount(job.get("salaryMax"))
    period = PERIODS.get(str(job.get("salaryPeriod") or "").strip().lower())
    if low is None and high is None:  # older clients read annualSalaryMin/Max
        low, high = _amount(job.get("annualSalaryMin")), _amount(job.get("annualSalaryMax"))
        period = "year"
    if low is None and high is None:
        return None
    low, high = sorted((low or high or 0.0, high or low or 0.0))
    if period is None:  # no period stated: small amounts are hourly, large ones annual
        period = "hour" if high < 300 else "month" if high < 20_000 else "year"
    currency = job.get("salaryCurrency")
    code = currency.strip().upper() if isinstance(currency, str) and currency.strip() else None
    return Salary(min=low, max=high, currency=code, period=period)


def _amount(value: Any) -> float | None:
    amount = number(value)
    return amount if amount is not None and amount > 0 else None


register(JobicyEngine())
