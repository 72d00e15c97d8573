"""The `smartrecruiters` engine: company postings from the public Posting API, paged 100 at a time.

Descriptions live only in each posting's detail (one more request per posting), so they are not fetched: the
card carries what the list says (department, function, employment type, level) and links to the full page.
"""

from typing import Annotated, Any
from urllib.parse import quote

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from ..domain.workplace import Workplace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .paging import Page, paginate
from .shapes import BoardToken, as_list, as_object, inner_object, joined, number, string

ORIGIN = "https://api.smartrecruiters.com"
JOB_PAGES = "https://jobs.smartrecruiters.com"
PAGE_SIZE = 100
LABELS = (("department", "Department"), ("function", "Function"), ("typeOfEmployment", "Employment"),
          ("experienceLevel", "Experience"), ("industry", "Industry"))  # fmt: skip


class SmartRecruitersConfig(HttpEngineConfig):
    companies: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]


class SmartRecruitersEngine(Engine):
    name = "smartrecruiters"
    config_model = SmartRecruitersConfig
    description = "Company postings on SmartRecruiters (api.smartrecruiters.com), paged; no descriptions."
    uses_network = True

    def sources(self, config: SmartRecruitersConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.companies))

    def discover(self, config: SmartRecruitersConfig, request: DiscoverRequest) -> EngineResult:
        result = request.result  # what it holds when the byte budget runs out is kept
        unknown: list[bool] = []  # the first page is empty and says no total: the company may not exist

        def fetch(offset: int) -> Page[int]:
            url = api_url(
                config.origin(ORIGIN),
                "/v1/companies/{company}/postings",
                {"limit": PAGE_SIZE, "offset": offset},
                company=request.source,
            )
            data = as_object(request.client.get_json(url), "the company's postings")
            jobs = as_list(data.get("content"), "the postings' 'content'")
            total = number(data.get("totalFound"))
            if offset == 0:
                unknown.append(not jobs and not total)
            return Page(jobs, offset + len(jobs), total)

        for jobs in paginate(request, fetch, 0, "id"):
            self.collect(request, result, jobs, lambda job: self._posting(job, request), "a posting")
        if unknown == [True]:
            # An unknown company identifier answers 200 with an empty list, not 404 (job_apis.md §24.6).
            request.log(
                f"source smartrecruiters/{request.source}: no postings; the company identifier may not "
                "exist (SmartRecruiters answers an unknown one with an empty list)"
            )
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        company = inner_object(job, "company")
        slug = string(company.get("identifier")) or request.source
        place = inner_object(job, "location")
        ident = _id(job)
        return self.posting(
            request,
            title=job.get("name"),
            company=string(company.get("name")) or request.source,
            url=f"{JOB_PAGES}/{quote(slug, safe='')}/{quote(ident, safe='')}" if ident != "?" else "",
            location=_location(place),
            description="\n".join(f"{label}: {value}" for key, label in LABELS if (value := _label(job.get(key)))),
            workplace=_workplace(place),
            posted_at=parse_when(job.get("releasedDate")),
            employment_type=employment_type(job.get("typeOfEmployment")),  # {"id": "permanent", "label": "Full-time"}
        )


def _location(place: dict[str, Any]) -> str:
    """`fullLocation` without its empty parts ("Dubai, , United Arab Emirates"), else city, region, country."""
    full = joined(string(place.get("fullLocation")).split(","))
    return full or joined((place.get("city"), place.get("region"), string(place.get("country")).upper()))


def _workplace(place: dict[str, Any]) -> Workplace | None:
    remote, hybrid = place.get("remote"), place.get("hybrid")
    if remote is True:
        return "remote"
    if hybrid is True:
        return "hybrid"
    return "onsite" if remote is False and hybrid is False else None


def _label(value: Any) -> str:
    return string(value.get("label")) if isinstance(value, dict) else ""


def _id(job: Any) -> str:
    return str(job.get("id") or "?") if isinstance(job, dict) else "?"


register(SmartRecruitersEngine())
