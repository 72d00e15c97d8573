"""The `adzuna` engine: the Adzuna aggregator's search API (job_apis.md §14), one search per target title.

Keys: `app_id` and `app_key` query parameters, read from the environment variables the profile names."""

from typing import Annotated, Any, Literal

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting, Salary
from ..store.paths import Workspace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, env_secret
from .paging import Page, paginate
from .shapes import as_list, as_object, number

ORIGIN = "https://api.adzuna.com"
CURRENCIES = {
    "at": "EUR", "au": "AUD", "be": "EUR", "br": "BRL", "ca": "CAD", "ch": "CHF", "de": "EUR", "es": "EUR",
    "fr": "EUR", "gb": "GBP", "in": "INR", "it": "EUR", "mx": "MXN", "nl": "EUR", "nz": "NZD", "pl": "PLN",
    "sg": "SGD", "us": "USD", "za": "ZAR",
}  # fmt: skip
"""Adzuna's country sites and the currency each one's salaries are in (the API has no currency field)."""
Country = Literal[
    "at", "au", "be", "br", "ca", "ch", "de", "es", "fr", "gb", "in", "it", "mx", "nl", "nz", "pl", "sg", "us", "za"
]


class AdzunaConfig(HttpEngineConfig):
    country: Country = "us"
    app_id_env: Annotated[str, Field(min_length=1, max_length=100)] = "ADZUNA_APP_ID"
    app_key_env: Annotated[str, Field(min_length=1, max_length=100)] = "ADZUNA_APP_KEY"
    pages: Annotated[int, Field(ge=1, le=10)] = 1
    results_per_page: Annotated[int, Field(ge=1, le=50)] = 50
    where: Annotated[str, Field(min_length=1, max_length=200)] | None = None


class AdzunaEngine(Engine):
    name = "adzuna"
    per_title = True
    config_model = AdzunaConfig
    description = "The Adzuna aggregator (api.adzuna.com), searched per target title in one country."
    uses_network = True

    def check(self, config: AdzunaConfig, workspace: Workspace) -> None:
        env_secret(config.app_id_env, self.name)
        env_secret(config.app_key_env, self.name)

    def discover(self, config: AdzunaConfig, request: DiscoverRequest) -> EngineResult:
        params = {
            "app_id": request.secret(config.app_id_env, config),
            "app_key": request.secret(config.app_key_env, config),
            "what": request.source,
            "where": config.where or request.location or None,
            "results_per_page": config.results_per_page,
            "content-type": "application/json",
        }
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            url = api_url(
                config.origin(ORIGIN),
                "/v1/api/jobs/{country}/search/{page}",
                params,
                country=config.country,
                page=str(page),
            )
            data = as_object(request.client.get_json(url), "the search answer")
            jobs = as_list(data.get("results"), "the answer's 'results'")
            return Page(jobs, page + 1 if len(jobs) >= config.results_per_page else None, number(data.get("count")))

        for jobs in paginate(request, fetch, 1, "id", config.pages):
            self.collect(request, result, jobs, lambda job: self._posting(job, config, request), "a result")
        return result

    def _posting(self, job: dict[str, Any], config: AdzunaConfig, request: DiscoverRequest) -> Posting:
        company, location = job.get("company"), job.get("location")
        return self.posting(
            request,
            title=job.get("title"),
            company=company.get("display_name") if isinstance(company, dict) else None,
            url=job.get("redirect_url"),  # a tracking redirect to the ad: both the posting and the apply page
            location=location.get("display_name") if isinstance(location, dict) else "",
            description=job.get("description"),  # a truncated snippet, not the whole ad
            salary=_salary(job, CURRENCIES[config.country]),
            posted_at=parse_when(job.get("created")),
            # Each country has its own host (adzuna.co.uk, adzuna.de, ...): name the platform rather than classify.
            platform="adzuna",
            # contract_type (permanent | contract) and contract_time (full_time | part_time): a contract wins.
            employment_type=employment_type(job.get("contract_type"), job.get("contract_time")),
        )


def _salary(job: dict[str, Any], currency: str) -> Salary | None:
    """The annual range; 0 or null is none. A range Adzuna estimated (`salary_is_predicted` "1") is marked
    predicted, and says so in its text: the employer did not state it, so it never decides min_salary."""
    low, high = (value if value else None for value in (number(job.get("salary_min")), number(job.get("salary_max"))))
    if low is None and high is None:
        return None
    shown = " - ".join(f"{amount:,.0f}" for amount in dict.fromkeys(a for a in (low, high) if a is not None))
    predicted = str(job.get("salary_is_predicted", "0")).strip() == "1"
    note = " (predicted): estimated by Adzuna, not stated by the employer" if predicted else ""
    return Salary(
        min=low,
        max=high,
        currency=currency,
        period="year",
        text=f"{shown} {currency} a year{note}",
        predicted=predicted,
    )


register(AdzunaEngine())
