"""The `remoteok` engine: remoteok.com's feed of the newest ~100 remote jobs (no paging), once per sweep."""

import re
from typing import Annotated, Any

from pydantic import Field, StringConstraints

from ..domain.dates import parse_when
from ..domain.postings import Posting, Salary
from ..domain.records import RecordError
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SourceError
from .shapes import as_list, as_object, number

ORIGIN = "https://remoteok.com"
Tag = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=50, pattern=r"^[\w .+#-]+$")]
# RemoteOK plants a line asking applicants to "mention the word …" to catch scrapers; it is not the job's text.
_TRIPWIRE = re.compile(r"Please mention the word\b[^<\n]*", re.IGNORECASE)


class RemoteOkConfig(HttpEngineConfig):
    tags: Annotated[list[Tag], Field(default_factory=list, max_length=10)]


class RemoteOkEngine(Engine):
    name = "remoteok"
    config_model = RemoteOkConfig
    description = "Remote jobs on remoteok.com (/api), the newest ~100 in one request."
    uses_network = True
    default_enabled = True

    def discover(self, config: RemoteOkConfig, request: DiscoverRequest) -> EngineResult:
        params = {"tags": ",".join(config.tags) or None}
        feed = as_list(request.client.get_json(api_url(config.origin(ORIGIN), "/api", params)), "the feed")
        result = EngineResult()
        for job in feed:
            # The first element is the legal notice ({"last_updated", "legal"}): told apart by shape, not place.
            if isinstance(job, dict) and "position" not in job and "id" not in job:
                continue
            try:
                result.postings.append(self._posting(as_object(job, "a job"), request))
            except (RecordError, SourceError) as exc:
                result.skipped_records.append((f"{request.source}#{_id(job)}", str(exc)))
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        location = job.get("location")
        description = job.get("description")
        return self.posting(
            request,
            title=job.get("position"),
            company=job.get("company"),
            url=job.get("url"),  # the Remote OK page: its terms require a followed link back to it
            location=location.strip().rstrip(",").strip() if isinstance(location, str) else location,
            description=_TRIPWIRE.sub("", description) if isinstance(description, str) else description,
            workplace=None,  # a remote board still carries on-site jobs: the posting says which (workplace.py)
            salary=_salary(job),
            posted_at=parse_when(job.get("epoch")) or parse_when(job.get("date")),
            apply_url=job.get("apply_url"),
        )


def _salary(job: dict[str, Any]) -> Salary | None:
    """`salary_min`/`salary_max` are US dollars a year; 0 means "not stated"."""
    low, high = (_amount(job.get("salary_min")), _amount(job.get("salary_max")))
    if low is None and high is None:
        return None
    return Salary(min=low or high, max=high or low, currency="USD", period="year")


def _amount(value: Any) -> float | None:
    amount = number(value)
    return amount if amount is not None and amount > 0 else None


def _id(job: Any) -> str:
    return str(job.get("id", "?")) if isinstance(job, dict) else "?"


register(RemoteOkEngine())
