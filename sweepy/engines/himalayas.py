"""The `himalayas` engine: remote jobs from the himalayas.app browse API, 20 a page by `cursor`/`nextCursor`
(job_apis.md §10). Every job is remote; `locationRestrictions` says where from (empty: worldwide)."""

import re
from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.salary_values import parse_salary
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .paging import Page, paginate
from .shapes import as_list, as_object, number

ORIGIN = "https://himalayas.app"
PAGE_SIZE = 20  # larger limits are clamped to 20
_PERIODS: dict[str, Period] = {
    "hour": "hour", "hourly": "hour", "day": "day", "daily": "day", "week": "week", "weekly": "week",
    "month": "month", "monthly": "month", "year": "year", "yearly": "year", "annual": "year", "annually": "year",
}  # fmt: skip
_COMPANY_PAGE = re.compile(r"^https?://(?:www\.)?himalayas\.app/companies/([a-z0-9][a-z0-9-]{0,99})/", re.IGNORECASE)
"""A job's page sits under its company's (/companies/acme-corp/jobs/...): the slug names the company."""


class HimalayasConfig(HttpEngineConfig):
    pages: Annotated[int, Field(ge=1, le=20)] = 3


class HimalayasEngine(Engine):
    name = "himalayas"
    config_model = HimalayasConfig
    description = "Remote jobs on himalayas.app (browse API, newest first), cursor-paged, with salaries."
    uses_network = True
    default_enabled = True

    def discover(self, config: HimalayasConfig, request: DiscoverRequest) -> EngineResult:
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(cursor: str) -> Page[str]:
            url = api_url(config.origin(ORIGIN), "/jobs/api", {"limit": PAGE_SIZE, "cursor": cursor or None})
            data = as_object(request.client.get_json(url), "the answer")
            jobs = as_list(data.get("jobs"), "'jobs'")
            following = data.get("nextCursor")
            last = len(jobs) < PAGE_SIZE or not isinstance(following, str) or not following
            return Page(jobs, None if last else str(following))

        for jobs in paginate(request, fetch, "", "guid", config.pages):
            self.collect(request, result, jobs, lambda job: self._posting(job, request), "a job", key="guid")
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        guid, link = job.get("guid"), job.get("applicationLink")
        text = job.get("description") or job.get("excerpt")
        return self.posting(
            request,
            title=job.get("title"),
            # Real answers carry the template's "name" as companyName on some jobs: the company page names it
            company=(job.get("companyName"), *_slug_names(guid, link, job.get("companySlug"))),
            url=guid if isinstance(guid, str) and guid.startswith(("https://", "http://")) else link,
            location=", ".join(_places(job.get("locationRestrictions"))) or "Worldwide",  # no restriction
            description=text if isinstance(text, str) else "",
            workplace=None,  # a remote board still carries on-site jobs: the posting says which (workplace.py)
            salary=_salary(job),
            posted_at=parse_when(job.get("pubDate")),  # documented ms, seen as seconds and as text
            apply_url=link,
            employment_type=employment_type(job.get("employmentType")),  # Full Time, Contractor, Intern, ...
            closes_at=parse_when(job.get("expiryDate")),  # as pubDate: seconds, milliseconds or text
        )


def _places(value: Any) -> list[str]:
    """Restriction names: plain strings in browse answers, `{alpha2, name, slug}` objects in search answers."""
    items = value if isinstance(value, list) else []
    names = [item.get("name") if isinstance(item, dict) else item for item in items]
    return [name.strip() for name in names if isinstance(name, str) and name.strip()]


def _slug_names(guid: Any, link: Any, slug: Any) -> list[str]:
    """The company the job's Himalayas URLs name ("acme-corp" → "Acme Corp"), then the `companySlug` field's."""
    slugs = [found[1] for url in (guid, link) if isinstance(url, str) and (found := _COMPANY_PAGE.match(url.strip()))]
    slugs += [slug] if isinstance(slug, str) else []
    return [" ".join(word.capitalize() for word in slug.split("-") if word) for slug in slugs]


def _salary(job: dict[str, Any]) -> Salary | None:
    """minSalary/maxSalary (0 or null: none) in `currency` per `salaryPeriod` (documented as annual)."""
    low, high = _amount(job.get("minSalary")), _amount(job.get("maxSalary"))
    if low is None and high is None:
        return None
    period, currency = job.get("salaryPeriod"), job.get("currency")
    try:
        return parse_salary(
            {
                "min": low,
                "max": high,
                "currency": currency.strip().upper() if isinstance(currency, str) and currency.strip() else None,
                "period": _PERIODS.get(period.strip().lower(), "year") if isinstance(period, str) else "year",
            }
        )
    except ValueError:  # an amount too large to be pay
        return None


def _amount(value: Any) -> float | None:
    amount = number(value)
    return amount if amount is not None and amount > 0 else None


register(HimalayasEngine())
