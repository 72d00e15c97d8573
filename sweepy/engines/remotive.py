"""The `remotive` engine: remotive.com's whole remote-jobs feed, fetched once per sweep (its filters are ignored,
and it blocks more than two requests a minute), so the filter stage chooses among the postings."""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .shapes import as_list, as_object, salary_text

ORIGIN = "https://remotive.com"


class RemotiveConfig(HttpEngineConfig):
    category: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    limit: Annotated[int, Field(ge=1, le=500)] | None = None


class RemotiveEngine(Engine):
    name = "remotive"
    config_model = RemotiveConfig
    description = "Remote jobs on remotive.com (/api/remote-jobs), the whole feed once per sweep."
    uses_network = True
    default_enabled = True

    def discover(self, config: RemotiveConfig, request: DiscoverRequest) -> EngineResult:
        params = {"category": config.category, "limit": config.limit}
        data = as_object(
            request.client.get_json(api_url(config.origin(ORIGIN), "/api/remote-jobs", params)), "the feed"
        )
        return self.collected(
            request, as_list(data.get("jobs"), "the feed's 'jobs'"), lambda job: self._posting(job, request)
        )

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        return self.posting(
            request,
            title=job.get("title"),
            company=job.get("company_name"),
            url=job.get("url"),  # the Remotive page: its terms require this link-back, and there is no apply URL
            location=job.get("candidate_required_location"),  # where candidates may live: "Worldwide", "USA"
            description=job.get("description"),
            workplace=None,  # a remote board still carries on-site jobs: the posting says which (workplace.py)
            salary=salary_text(job.get("salary")),
            posted_at=parse_when(job.get("publication_date")),  # ISO without a timezone
            employment_type=employment_type(job.get("job_type")),  # full_time, contract, freelance, ..., often ""
        )


register(RemotiveEngine())
