"""The `jooble` engine: the Jooble aggregator's search API (job_apis.md §16), one POST search per target title.

The key sits in the URL path (`/api/{key}`): it is registered as a secret, so no detail or log line shows it."""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, EngineResult, KeyedConfig, KeyedSearchEngine, KeyVariable
from .paging import Page, paginate
from .shapes import as_list, as_object, number, salary_text

ORIGIN = "https://jooble.org"


class JoobleConfig(KeyedConfig):
    api_key_env: KeyVariable = "JOOBLE_API_KEY"
    pages: Annotated[int, Field(ge=1, le=10)] = 1


class JoobleEngine(KeyedSearchEngine):
    name = "jooble"
    config_model = JoobleConfig
    description = "The Jooble aggregator (jooble.org REST API), searched per target title."

    def discover(self, config: JoobleConfig, request: DiscoverRequest) -> EngineResult:
        url = api_url(config.origin(ORIGIN), "/api/{key}", key=request.secret(config.api_key_env, config))
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            body = {"keywords": request.source, "location": request.location, "page": str(page)}
            data = as_object(request.client.post_json(url, body), "the search answer")
            return Page(as_list(data.get("jobs"), "the answer's 'jobs'"), page + 1, number(data.get("totalCount")))

        for jobs in paginate(request, fetch, 1, "id", config.pages):
            self.collect(request, result, jobs, lambda job: self._posting(job, request), "a job")
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        # `link` is a jooble.org redirect to the ad, so the posting's platform is jooble (classified by host).
        return self.posting(
            request,
            title=job.get("title"),
            company=job.get("company"),  # absent on some results: those are skipped, not guessed from `source`
            url=job.get("link"),
            location=job.get("location"),
            description=job.get("snippet"),  # an HTML fragment
            salary=salary_text(job.get("salary")),
            posted_at=parse_when(job.get("updated")),
            employment_type=employment_type(job.get("type")),  # "Full-time", "Temporary", often ""
        )


register(JoobleEngine())
