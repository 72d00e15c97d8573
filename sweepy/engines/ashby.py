"""The `ashby` engine: whole company boards from Ashby's public Job Posting API, with compensation (no paging)."""

import dataclasses
from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.records import RecordError
from ..domain.salary import find_salary, says_ote
from ..domain.workplace import Workplace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SourceError
from .shapes import BoardToken, as_list, as_object, inner_list, inner_object, joined, salary_range, string

ORIGIN = "https://api.ashbyhq.com"
WORKPLACES: dict[str, Workplace] = {"Remote": "remote", "Hybrid": "hybrid", "OnSite": "onsite"}
"""`workplaceType`; `isRemote` is ignored: it is true on most hybrid jobs and null on many others."""
INTERVALS: dict[str, Period] = {
    "1 YEAR": "year", "1 MONTH": "month", "1 WEEK": "week", "1 DAY": "day", "1 HOUR": "hour",
}  # fmt: skip


class AshbyConfig(HttpEngineConfig):
    boards: Annotated[list[BoardToken], Field(min_length=1, max_length=200)]


class AshbyEngine(Engine):
    name = "ashby"
    config_model = AshbyConfig
    description = "Company boards on Ashby (api.ashbyhq.com), each fetched whole with descriptions and pay."
    uses_network = True

    def sources(self, config: AshbyConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.boards))

    def discover(self, config: AshbyConfig, request: DiscoverRequest) -> EngineResult:
        url = api_url(
            config.origin(ORIGIN),
            "/posting-api/job-board/{board}",
            {"includeCompensation": "true"},
            board=request.source,
        )
        data = as_object(request.client.get_json(url), "the board")
        result = EngineResult()
        for job in as_list(data.get("jobs"), "the board's 'jobs'"):
            try:
                job = as_object(job, "a job")
                if job.get("isListed") is False:
                    raise RecordError("the posting is not listed on the board (isListed: false)")
                result.postings.append(self._posting(job, request))
            except (RecordError, SourceError) as exc:
                result.skipped_records.append((f"{request.source}#{_id(job)}", str(exc)))
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        page = string(job.get("jobUrl"))
        if not page and string(job.get("id")):
            page = f"https://jobs.ashbyhq.com/{request.source}/{string(job.get('id'))}"
        posting = self.posting(
            request,
            title=job.get("title"),
            company=request.source,  # the API names no company; the board token is what the person typed
            url=page,
            location=joined([job.get("location"), *_secondary(job)], "; "),
            description=string(job.get("descriptionHtml")) or string(job.get("descriptionPlain")),
            workplace=WORKPLACES.get(string(job.get("workplaceType"))),
            posted_at=parse_when(job.get("publishedAt")),
            apply_url=job.get("applyUrl"),
            employment_type=employment_type(job.get("employmentType")),  # FullTime, PartTime, Intern, ...
        )
        posting.salary = _salary(job) or find_salary(posting.description)
        return posting


def _secondary(job: dict[str, Any]) -> list[Any]:
    """`secondaryLocations[].location`: hybrid jobs often name their remote option only here."""
    return [place.get("location") for place in inner_list(job, "secondaryLocations") if isinstance(place, dict)]


def _salary(job: dict[str, Any]) -> Salary | None:
    """The Salary component of `compensation.summaryComponents`, picked by type (equity can come first), and only
    when the employer chose to show pay: the numbers are in the payload either way."""
    if job.get("shouldDisplayCompensationOnJobPostings") is not True:
        return None
    compensation = inner_object(job, "compensation")
    for component in inner_list(compensation, "summaryComponents"):
        if _is_salary(component):
            period = INTERVALS.get(string(component.get("interval")).upper())
            salary = salary_range(
                component.get("minValue"), component.get("maxValue"), component.get("currencyCode"), period
            )
            if salary is not None:
                return dataclasses.replace(salary, ote=True) if _on_target(compensation) else salary
    return None


def _on_target(compensation: dict[str, Any]) -> bool:
    """Whether the employer labels the pay on-target earnings: in the job's summary ("OTE $168K – $231K • Offers
    Equity"), or in every tier that has a salary (its title, summary, note or the salary's own summary). One
    tier of several saying so leaves the range as a whole base pay, as the filter compares it."""
    if says_ote(string(compensation.get("compensationTierSummary"))):
        return True
    tiers = [
        [
            tier.get("title"),
            tier.get("tierSummary"),
            tier.get("additionalInformation"),
            *(part.get("summary") for part in inner_list(tier, "components") if _is_salary(part)),
        ]
        for tier in inner_list(compensation, "compensationTiers")
        if isinstance(tier, dict) and any(_is_salary(part) for part in inner_list(tier, "components"))
    ]
    return bool(tiers) and all(says_ote(joined(labels, " • ")) for labels in tiers)


def _is_salary(component: Any) -> bool:
    return isinstance(component, dict) and component.get("compensationType") == "Salary"


def _id(job: Any) -> str:
    return str(job.get("id") or "?") if isinstance(job, dict) else "?"


register(AshbyEngine())
