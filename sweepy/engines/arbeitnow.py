"""The `arbeitnow` engine: the arbeitnow.com job board API, paged by `links.next` (job_apis.md §9). Its own
filters are echoed but not applied, so `remote: true` filters here, on each job's `remote` flag."""

from typing import Annotated, Any
from urllib.parse import parse_qs, urlsplit

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from ..domain.records import RecordError
from ..domain.salary import find_salary
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SourceError
from .paging import Page, paginate
from .shapes import as_list, as_object

ORIGIN = "https://www.arbeitnow.com"


class ArbeitnowConfig(HttpEngineConfig):
    remote: bool | None = None
    pages: Annotated[int, Field(ge=1, le=20)] = 3


class ArbeitnowEngine(Engine):
    name = "arbeitnow"
    config_model = ArbeitnowConfig
    description = "Jobs on arbeitnow.com (mostly Germany and Europe), paged; `remote: true` keeps remote ones."
    uses_network = True
    default_enabled = True

    def discover(self, config: ArbeitnowConfig, request: DiscoverRequest) -> EngineResult:
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            url = api_url(config.origin(ORIGIN), "/api/job-board-api", {"page": page})
            data = as_object(request.client.get_json(url), "the answer")
            links = data.get("links")
            return Page(
                as_list(data.get("data"), "'data'"), _page_of(links.get("next") if isinstance(links, dict) else None)
            )

        for jobs in paginate(request, fetch, 1, "slug", config.pages):
            for job in jobs:
                slug = str(job.get("slug", "?")) if isinstance(job, dict) else "?"
                try:
                    job = as_object(job, "a job")
                    if config.remote and job.get("remote") is not True:
                        continue
                    result.postings.append(self._posting(job, request))
                except (RecordError, SourceError) as exc:
                    result.skipped_records.append((f"{request.source}#{slug}", str(exc)))
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        posting = self.posting(
            request,
            title=job.get("title"),
            company=job.get("company_name"),
            url=job.get("url"),
            location=job.get("location"),
            description=job.get("description") if isinstance(job.get("description"), str) else "",
            workplace="remote" if job.get("remote") is True else None,  # false: inferred (on-site or hybrid)
            posted_at=parse_when(job.get("created_at")),
            employment_type=employment_type(job.get("job_types")),  # ["full time"], ["Vollzeit"], often []
        )
        posting.salary = find_salary(posting.description)  # no pay field
        return posting


def _page_of(link: Any) -> int | None:
    """The `page` number of a `links.next` URL; only the number is used, so the request stays on base_url."""
    if not isinstance(link, str):
        return None
    value = (parse_qs(urlsplit(link).query).get("page") or [""])[0]
    return int(value) if value.isascii() and value.isdigit() and 0 < int(value) < 100_000 else None


register(ArbeitnowEngine())
