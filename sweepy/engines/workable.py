"""The `workable` engine: company accounts from apply.workable.com's public widget list, descriptions included.

The widget answers in one request per account (the v3 list pages by token and its fields are unverified), and
Workable answers 429 after a few quick requests: the HTTP layer retries those within the source's deadline.
"""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from ..domain.salary import find_salary
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .shapes import BoardToken, as_list, as_object, inner_list, joined, string

ORIGIN = "https://apply.workable.com"


class WorkableConfig(HttpEngineConfig):
    accounts: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]


class WorkableEngine(Engine):
    name = "workable"
    config_model = WorkableConfig
    description = "Company accounts on Workable (apply.workable.com), each listed whole with descriptions."
    uses_network = True

    def sources(self, config: WorkableConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.accounts))

    def discover(self, config: WorkableConfig, request: DiscoverRequest) -> EngineResult:
        url = api_url(
            config.origin(ORIGIN), "/api/v1/widget/accounts/{account}", {"details": "true"}, account=request.source
        )
        data = as_object(request.client.get_json(url), "the account")
        company = string(data.get("name")) or request.source
        jobs = as_list(data.get("jobs"), "the account's 'jobs'")
        return self.collected(request, jobs, lambda job: self._posting(job, company, request), key="shortcode")

    def _posting(self, job: dict[str, Any], company: str, request: DiscoverRequest) -> Posting:
        shortcode = string(job.get("shortcode"))
        page = string(job.get("url")) or string(job.get("shortlink"))
        if not page and shortcode:
            page = f"{ORIGIN}/j/{shortcode}"
        posting = self.posting(
            request,
            title=job.get("title"),
            company=company,
            url=page,
            location=_location(job),
            description=string(job.get("description")),
            # Only a "yes" is a signal: `telecommuting: false` says nothing about hybrid, so the text decides.
            workplace="remote" if job.get("telecommuting") is True else None,
            posted_at=parse_when(job.get("published_on")) or parse_when(job.get("created_at")),
            apply_url=job.get("application_url"),
            employment_type=employment_type(job.get("employment_type")),  # "Full-time", "Contract", ...
        )
        posting.salary = find_salary(posting.description)  # the widget has no pay field
        return posting


def _location(job: dict[str, Any]) -> str:
    """Every location the posting shows ("Lisbon, Portugal; Porto, Portugal"), else the job's own city fields."""
    shown = [
        joined((place.get("city"), place.get("region"), place.get("country")))
        for place in inner_list(job, "locations")
        if isinstance(place, dict) and place.get("hidden") is not True
    ]
    return joined(shown, "; ") or joined((job.get("city"), job.get("state"), job.get("country")))


register(WorkableEngine())
