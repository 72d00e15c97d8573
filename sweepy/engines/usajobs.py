"""The `usajobs` engine: US federal jobs from the USAJOBS Search API (job_apis.md §15), one search per title.

Keys: `Authorization-Key` (the API key) and `User-Agent` (the registered email) headers, from the environment."""

from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Period, Posting, Salary
from ..domain.workplace import Workplace
from ..store.paths import Workspace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, env_secret
from .paging import Page, paginate
from .shapes import as_list, as_object, number

HOST = "data.usajobs.gov"
ORIGIN = f"https://{HOST}"
RATE_INTERVALS: dict[str, tuple[Period, float]] = {
    "PA": ("year", 1), "PER YEAR": ("year", 1), "PH": ("hour", 1), "PER HOUR": ("hour", 1),
    "PD": ("day", 1), "PER DAY": ("day", 1), "PM": ("month", 1), "PER MONTH": ("month", 1),
    "PER WEEK": ("week", 1), "BW": ("week", 0.5), "BI-WEEKLY": ("week", 0.5),
}  # fmt: skip
"""RateIntervalCode (or its "Per Year" wording) → period; a bi-weekly amount is halved into a weekly one.
PW (piece work) and WC (without compensation) state no salary."""


class UsajobsConfig(HttpEngineConfig):
    api_key_env: Annotated[str, Field(min_length=1, max_length=100)] = "USAJOBS_API_KEY"
    email_env: Annotated[str, Field(min_length=1, max_length=100)] = "USAJOBS_EMAIL"
    results_per_page: Annotated[int, Field(ge=1, le=500)] = 100
    pages: Annotated[int, Field(ge=1, le=10)] = 1


class UsajobsEngine(Engine):
    name = "usajobs"
    per_title = True
    config_model = UsajobsConfig
    description = "US federal jobs from the USAJOBS Search API (data.usajobs.gov), searched per target title."
    uses_network = True

    def check(self, config: UsajobsConfig, workspace: Workspace) -> None:
        env_secret(config.api_key_env, self.name)
        env_secret(config.email_env, self.name)

    def discover(self, config: UsajobsConfig, request: DiscoverRequest) -> EngineResult:
        headers = request_headers(
            config, request.secret(config.api_key_env, config), request.secret(config.email_env, config)
        )
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(page: int) -> Page[int]:
            params = {
                "Keyword": request.source,
                "LocationName": request.location or None,
                "ResultsPerPage": config.results_per_page,
                "Page": page,
            }
            url = api_url(config.origin(ORIGIN), "/api/search", params)
            data = as_object(
                as_object(request.client.get_json(url, headers), "the answer").get("SearchResult"),
                "the answer's 'SearchResult'",
            )
            items = as_list(data.get("SearchResultItems"), "'SearchResultItems'")
            user_area = data.get("UserArea")
            pages = number(user_area.get("NumberOfPages")) if isinstance(user_area, dict) else None
            last = len(items) < config.results_per_page or (pages is not None and page >= pages)
            return Page(items, None if last else page + 1)

        for items in paginate(request, fetch, 1, "MatchedObjectId", config.pages):
            self.collect(
                request,
                result,
                items,
                lambda item: self._posting(item, request),
                "a result item",
                key="MatchedObjectId",
            )
        return result

    def _posting(self, item: dict[str, Any], request: DiscoverRequest) -> Posting:
        job = as_object(item.get("MatchedObjectDescriptor"), "'MatchedObjectDescriptor'")
        user_area = job.get("UserArea")
        details = user_area.get("Details") if isinstance(user_area, dict) else None
        details = details if isinstance(details, dict) else {}
        apply = job.get("ApplyURI")
        return self.posting(
            request,
            title=job.get("PositionTitle"),
            company=job.get("OrganizationName") or job.get("DepartmentName"),
            url=job.get("PositionURI"),
            location=job.get("PositionLocationDisplay"),
            description=_description(job, details),
            workplace=_workplace(details),
            salary=_salary(job.get("PositionRemuneration")),
            posted_at=parse_when(job.get("PublicationStartDate")),
            apply_url=apply[0] if isinstance(apply, list) and apply else "",
            employment_type=employment_type(job.get("PositionSchedule")),  # [{"Name": "Full-time", "Code": "1"}]
            closes_at=parse_when(job.get("ApplicationCloseDate")),
            open_to=_open_to(details),
        )


def request_headers(config: UsajobsConfig, key: str, email: str) -> dict[str, str]:
    """The three headers USAJOBS requires. `Host` is the real API's only when asking it: with a base_url, the
    stand-in's own host goes out (httpx sets it)."""
    headers = {"Authorization-Key": key, "User-Agent": email}
    return headers if config.base_url else {**headers, "Host": HOST}


def _description(job: dict[str, Any], details: dict[str, Any]) -> str:
    duties = details.get("MajorDuties")
    parts = [details.get("JobSummary"), *(duties if isinstance(duties, list) else []), job.get("QualificationSummary")]
    return "\n\n".join(part.strip() for part in parts if isinstance(part, str) and part.strip())


def _open_to(details: dict[str, Any]) -> list[str] | None:
    """Who may apply, as USAJOBS states it: the `HiringPath` codes ("public" is anyone; "fed-competitive",
    "vet", "mspouse", ... are not), else the `WhoMayApply` wording; None when the announcement says neither."""
    paths = details.get("HiringPath")
    codes = [p.strip() for p in (paths if isinstance(paths, list) else [paths]) if isinstance(p, str) and p.strip()]
    if not codes:
        who = details.get("WhoMayApply")
        who = who.get("Name") if isinstance(who, dict) else who
        codes = [who.strip()] if isinstance(who, str) and who.strip() else []
    return list(dict.fromkeys(code[:100] for code in codes[:20])) or None


def _workplace(details: dict[str, Any]) -> Workplace | None:
    """RemoteIndicator is the remote flag; TeleworkEligible (some days at home) is hybrid; both false is on-site."""
    remote, telework = details.get("RemoteIndicator"), details.get("TeleworkEligible")
    if remote is True:
        return "remote"
    if telework is True:
        return "hybrid"
    return "onsite" if remote is False and telework is False else None


def _salary(value: Any) -> Salary | None:
    for pay in value if isinstance(value, list) else []:
        if not isinstance(pay, dict):
            continue
        interval = RATE_INTERVALS.get(str(pay.get("RateIntervalCode") or "").strip().upper())
        low, high = (amount or None for amount in (number(pay.get("MinimumRange")), number(pay.get("MaximumRange"))))
        if interval is None or (low is None and high is None):
            continue
        period, factor = interval
        low, high = (None if a is None else a * factor for a in (low, high))
        shown = f"{pay.get('MinimumRange')} - {pay.get('MaximumRange')} USD {pay.get('Description') or ''}"
        return Salary(min=low, max=high, currency="USD", period=period, text=shown.strip())
    return None


register(UsajobsEngine())
