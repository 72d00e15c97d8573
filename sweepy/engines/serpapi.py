"""The `serpapi` engine: Google Jobs results through SerpApi's `google_jobs` engine (job_apis.md §17), per title.

Key: the `api_key` query parameter, from the environment variable the profile names."""

import re
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.employment import employment_type
from ..domain.postings import Posting
from ..domain.urls import PLATFORM_HOSTS, platform_for_url
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, EngineResult, KeyedConfig, KeyedSearchEngine, KeyVariable, SourceError
from .paging import Page, paginate
from .shapes import as_list, as_object, salary_text

ORIGIN = "https://serpapi.com"
NO_RESULTS = "hasn't returned any results"
"""SerpApi's `error` for an empty search: an answer, not a failure."""
_ANYWHERE = frozenset(("remote", "anywhere", "worldwide"))


class SerpapiConfig(KeyedConfig):
    api_key_env: KeyVariable = "SERPAPI_API_KEY"
    location: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    pages: Annotated[int, Field(ge=1, le=5)] = 1


class SerpapiEngine(KeyedSearchEngine):
    name = "serpapi"
    config_model = SerpapiConfig
    description = "Google Jobs results through SerpApi (serpapi.com, engine google_jobs), searched per target title."

    def discover(self, config: SerpapiConfig, request: DiscoverRequest) -> EngineResult:
        where = config.location or request.location
        # Google knows no place called "Remote": search everywhere with its work-from-home filter instead.
        anywhere = where.strip().lower() in _ANYWHERE
        params: dict[str, Any] = {
            "engine": "google_jobs",
            "q": request.source,
            "location": None if anywhere else where,
            "ltype": "1" if anywhere else None,
            "api_key": request.secret(config.api_key_env, config),
        }
        result = request.result  # what it holds when the byte budget runs out is kept

        def fetch(token: str) -> Page[str]:
            asked = {**params, "next_page_token": token or None}
            data = as_object(
                request.client.get_json(api_url(config.origin(ORIGIN), "/search.json", asked)), "the search answer"
            )
            error = data.get("error")
            if isinstance(error, str) and error:
                if NO_RESULTS in error:
                    return Page([])
                raise SourceError("bad_response", request.client.redact(f"SerpApi answered: {error}")[:300])
            jobs = as_list(data.get("jobs_results", []), "the answer's 'jobs_results'")
            paging = data.get("serpapi_pagination")
            following = paging.get("next_page_token") if isinstance(paging, dict) else None
            return Page(jobs, following if isinstance(following, str) and following else None)

        for jobs in paginate(request, fetch, "", "job_id", config.pages):
            self.collect(request, result, jobs, lambda job: self._posting(job, request), "a job", key="job_id")
        return result

    def _posting(self, job: dict[str, Any], request: DiscoverRequest) -> Posting:
        found = job.get("detected_extensions")
        extensions = found if isinstance(found, dict) else {}
        options = job.get("apply_options")
        links: list[str] = [
            o["link"]
            for o in (options if isinstance(options, list) else [])
            if isinstance(o, dict) and isinstance(o.get("link"), str) and o["link"].startswith(("http://", "https://"))
        ]
        direct = next((link for link in links if not _google(link)), None)
        page = direct or (links[0] if links else job.get("share_link"))
        platform = None
        if direct is None or platform_for_url(direct, request.custom_platforms) == "other":
            platform = _via(job.get("via"))  # the link is Google's or unknown: `via` names the board
        highlights = [
            item
            for h in job.get("job_highlights") or []
            if isinstance(h, dict)
            for item in h.get("items") or []
            if isinstance(item, str)
        ]
        return self.posting(
            request,
            title=job.get("title"),
            company=job.get("company_name"),
            url=page,
            location=job.get("location"),
            description=job.get("description") or "\n".join(highlights),
            workplace="remote" if extensions.get("work_from_home") is True else None,
            salary=salary_text(extensions.get("salary")),
            posted_at=parse_when(extensions.get("posted_at")),  # relative: "3 days ago"
            apply_url=page,
            platform=platform,
            employment_type=employment_type(extensions.get("schedule_type")),  # "Full-time", "Contractor"
        )


def _google(link: str) -> bool:
    host = (urlsplit(link).hostname or "").lower()
    return host == "google.com" or host.endswith(".google.com")


def _via(value: Any) -> str | None:
    """ "via LinkedIn" → linkedin when it names a known platform, else None (classified from the URL)."""
    if not isinstance(value, str):
        return None
    name = re.sub(r"[^a-z0-9]", "", re.sub(r"^\s*via\s+", "", value, flags=re.IGNORECASE).lower())
    return name if name in set(PLATFORM_HOSTS.values()) else None


register(SerpapiEngine())
