"""The `lever` engine: company sites from the public Postings API (api.lever.co, or api.eu.lever.co), paged."""

from html import escape
from typing import Annotated, Any, Literal

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.salary import find_salary
from ..domain.workplace import Workplace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .paging import Page, paginate
from .shapes import BoardToken, as_list, inner_list, inner_object, joined, number, salary_range, string

ORIGINS = {"global": "https://api.lever.co", "eu": "https://api.eu.lever.co"}
PAGES = {"global": "https://jobs.lever.co", "eu": "https://jobs.eu.lever.co"}
PAGE_SIZE = 100
WORKPLACES: dict[str, Workplace] = {"remote": "remote", "hybrid": "hybrid", "on-site": "onsite", "onsite": "onsite"}
"""`workplaceType`; live data spells on-site both ways, and `unspecified` is left to inference."""
INTERVALS: dict[str, Period] = {
    "per-year-salary": "year",
    "per-month-salary": "month",
    "per-week-salary": "week",
    "per-day-wage": "day",
    "per-hour-wage": "hour",
}


class LeverConfig(HttpEngineConfig):
    sites: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]
    region: Literal["global", "eu"] = "global"


class LeverEngine(Engine):
    name = "lever"
    config_model = LeverConfig
    description = "Company sites on Lever (api.lever.co or api.eu.lever.co), paged 100 postings at a time."
    uses_network = True

    def sources(self, config: LeverConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.sites))

    def discover(self, config: LeverConfig, request: DiscoverRequest) -> EngineResult:
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            params = {"mode": "json", "skip": page * PAGE_SIZE, "limit": PAGE_SIZE}
            url = api_url(config.origin(ORIGINS[config.region]), "/v0/postings/{site}", params, site=request.source)
            jobs = as_list(request.client.get_json(url), "the site's postings")
            return Page(jobs, page + 1 if len(jobs) >= PAGE_SIZE else None)

        for jobs in paginate(request, fetch, 0, "id"):
            self.collect(request, result, jobs, lambda job: self._posting(job, config, request), "a posting")
        return result

    def _posting(self, job: dict[str, Any], config: LeverConfig, request: DiscoverRequest) -> Posting:
        categories = inner_object(job, "categories")
        page = string(job.get("hostedUrl"))
        if not page and string(job.get("id")):
            page = f"{PAGES[config.region]}/{request.source}/{string(job.get('id'))}"
        posting = self.posting(
            request,
            title=job.get("text"),
            company=request.source,  # Lever has no company name; the site token is what the person typed
            url=page,
            location=joined([categories.get("location"), *inner_list(categories, "allLocations")], "; "),
            description=_description(job),
            workplace=WORKPLACES.get(string(job.get("workplaceType")).lower()),
            posted_at=parse_when(job.get("createdAt")),
            apply_url=job.get("applyUrl"),
            employment_type=employment_type(categories.get("commitment")),  # the company's words: "Full-time"
        )
        posting.salary = _salary(job.get("salaryRange")) or find_salary(
            "\n".join((string(job.get("salaryDescriptionPlain")), posting.description))
        )
        return posting


def _description(job: dict[str, Any]) -> str:
    """The full text as HTML: description, each list (its heading, then its `<li>` items), the closing part.

    The plain variants are preferred and escaped, so the one HTML parse later keeps their line breaks.
    """
    parts = [_plain_or_html(job, "descriptionPlain", "description")]
    for entry in inner_list(job, "lists"):
        if isinstance(entry, dict):
            parts.append(f"<h3>{escape(string(entry.get('text')))}</h3><ul>{string(entry.get('content'))}</ul>")
    parts.append(_plain_or_html(job, "additionalPlain", "additional"))
    return "".join(f"<div>{part}</div>" for part in parts if part)


def _plain_or_html(job: dict[str, Any], plain: str, markup: str) -> str:
    return escape(string(job.get(plain)), quote=False) or string(job.get(markup))


def _salary(value: Any) -> Salary | None:
    if not isinstance(value, dict):
        return None
    period = INTERVALS.get(string(value.get("interval")))
    low, high = number(value.get("min")), number(value.get("max"))
    if period == "year":  # seen live: `min 100, max 130, CAD` for 100,000-130,000 a year
        low, high = (amount * 1000 if amount is not None and 0 < amount < 1000 else amount for amount in (low, high))
    return salary_range(low, high, value.get("currency"), period)


register(LeverEngine())
