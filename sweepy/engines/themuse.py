"""The `themuse` engine: The Muse public API v2 (`/api/public/jobs`), 20 jobs a page from page 0, filtered by the
API's own category, level and location; an optional `api_key` raises the hourly limit (job_apis.md §12)."""

from typing import Annotated, Any

from pydantic import Field, StringConstraints

from ..domain.dates import parse_when
from ..domain.employment import EmploymentType, employment_type
from ..domain.postings import Posting
from ..domain.salary import find_salary
from ..store.paths import Workspace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, env_secret
from .paging import Page, paginate
from .shapes import as_list, as_object, number

ORIGIN = "https://www.themuse.com"
LAST_PAGE = 99  # page 100 answers HTTP 400
Term = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
EnvName = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,99}$")]


class TheMuseConfig(HttpEngineConfig):
    category: Annotated[list[Term], Field(default_factory=list, max_length=30)]
    level: Annotated[list[Term], Field(default_factory=list, max_length=10)]
    location: Annotated[list[Term], Field(default_factory=list, max_length=30)]
    pages: Annotated[int, Field(ge=1, le=20)] = 3
    api_key_env: EnvName | None = None


class TheMuseEngine(Engine):
    name = "themuse"
    config_model = TheMuseConfig
    description = "Jobs on themuse.com (public API v2), paged, filtered by category, level and location."
    uses_network = True
    default_enabled = True

    def check(self, config: TheMuseConfig, workspace: Workspace) -> None:
        if config.api_key_env:  # the key is optional, but a variable the profile names must be set
            env_secret(config.api_key_env, self.name)

    def discover(self, config: TheMuseConfig, request: DiscoverRequest) -> EngineResult:
        key = request.secret(config.api_key_env, config) if config.api_key_env else None
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            params = {
                "page": page,
                "category": config.category,
                "level": config.level,
                "location": config.location,
                "api_key": key,
            }
            data = as_object(
                request.client.get_json(api_url(config.origin(ORIGIN), "/api/public/jobs", params)), "the answer"
            )
            jobs = as_list(data.get("results"), "'results'")
            page_count = number(data.get("page_count"))
            last = len(jobs) < (number(data.get("items_per_page")) or 20) or (page_count and page + 1 >= page_count)
            return Page(jobs, None if last else page + 1)

        for jobs in paginate(request, fetch, 0, "id", min(config.pages, LAST_PAGE + 1)):
            self.collect(request, result, jobs, lambda job: self._posting(job, request), "a job")
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        company, refs, locations = job.get("company"), job.get("refs"), job.get("locations")
        places = [p.get("name") for p in locations if isinstance(p, dict)] if isinstance(locations, list) else []
        names = [p.strip() for p in places if isinstance(p, str) and p.strip()]
        remote = any("remote" in name.lower() for name in names)  # "Flexible / Remote" is the only remote signal
        posting = self.posting(
            request,
            title=job.get("name"),
            company=company.get("name") if isinstance(company, dict) else None,
            url=refs.get("landing_page") if isinstance(refs, dict) else None,
            location="; ".join(names),
            description=job.get("contents") if isinstance(job.get("contents"), str) else "",
            workplace="remote" if remote else None,
            posted_at=parse_when(job.get("publication_date")),
            employment_type=_employment(job.get("levels")),
        )
        posting.salary = find_salary(posting.description)  # no pay field: pay is stated in the text, if at all
        return posting


def _employment(levels: object) -> EmploymentType | None:
    """`levels` is seniority ("Entry Level", "Senior Level"); only its "Internship" says what kind of job it is."""
    return "internship" if employment_type(levels) == "internship" else None


register(TheMuseEngine())
