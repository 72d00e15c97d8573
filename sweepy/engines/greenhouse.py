"""The `greenhouse` engine: whole company boards from the public Job Board API (no key, no paging)."""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from ..domain.salary import find_salary, might_state_pay
from ..domain.workplace import workplace_in_fields
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig
from .shapes import BoardToken, as_list, as_object, inner_list, string

ORIGIN = "https://boards-api.greenhouse.io"


class GreenhouseConfig(HttpEngineConfig):
    boards: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]


class GreenhouseEngine(Engine):
    name = "greenhouse"
    config_model = GreenhouseConfig
    description = "Company boards on Greenhouse (boards-api.greenhouse.io), each fetched whole with descriptions."
    uses_network = True

    def sources(self, config: GreenhouseConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.boards))

    def discover(self, config: GreenhouseConfig, request: DiscoverRequest) -> EngineResult:
        url = api_url(config.origin(ORIGIN), "/v1/boards/{board}/jobs", {"content": "true"}, board=request.source)
        data = as_object(request.client.get_json(url), "the board")
        jobs = as_list(data.get("jobs"), "the board's 'jobs'")
        return self.collected(request, jobs, lambda job: self._posting(job, request))

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        location = job.get("location")
        place = location.get("name") if isinstance(location, dict) else ""
        raw = job.get("content")
        content = raw if isinstance(raw, str) else ""
        posting = self.posting(
            request,
            title=job.get("title"),
            company=job.get("company_name") or request.source,
            url=job.get("absolute_url"),
            location=place,
            description=content,  # entity-escaped HTML: clean_text unescapes it once, then parses it
            workplace=workplace_in_fields(places=_workplace_fields(job)),
            posted_at=parse_when(job.get("first_published") or job.get("updated_at")),
            employment_type=employment_type(*_metadata(job, "employment type", "job type", "commitment")),
            closes_at=parse_when(job.get("application_deadline")),  # usually null
        )
        # The list has no pay field (pay_input_ranges needs one request per job); pay is stated in the text, read
        # once the HTML is text: the pay-transparency block puts each bound in its own <span>. A description
        # with no currency at all is not cleaned here (most are filtered out before anything reads them).
        posting.salary = find_salary(posting.description) if might_state_pay(content) else None
        return posting


def _metadata(job: dict[str, Any], *names: str) -> list[Any]:
    """The values of the board's custom fields (`metadata[{name, value}]`) whose name is one of `names`: each
    company names its own ("Employment Type": "Full-time")."""
    entries = job.get("metadata")
    return [
        entry.get("value")
        for entry in (entries if isinstance(entries, list) else [])
        if isinstance(entry, dict) and isinstance(entry.get("name"), str) and entry["name"].strip().lower() in names
    ]


def _workplace_fields(job: dict[str, Any]) -> list[str]:
    """What a board states beside the location: office names ("Remote US") and the values of its custom fields
    (`metadata`: {"name": "Location Type", "value": "Remote"}, a multi-select list, or a yes/no "Remote" field)."""
    fields = [string(office.get("name")) for office in inner_list(job, "offices") if isinstance(office, dict)]
    for entry in inner_list(job, "metadata"):
        if not isinstance(entry, dict):
            continue
        value = entry.get("value")
        if value is True or string(value).lower() in ("yes", "true"):
            value = string(entry.get("name"))  # a yes/no field named "Remote" or "Remote eligible"
        fields.extend(string(item) for item in (value if isinstance(value, list) else [value]))
    return [field for field in fields if field]


register(GreenhouseEngine())
