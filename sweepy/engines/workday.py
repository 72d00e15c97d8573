"""The `workday` engine: Workday career sites searched per target title through the site's own `/wday/cxs/` JSON
(undocumented; job_apis.md §18). The list has no descriptions, and this engine does not fetch each detail."""

import re
from collections.abc import Iterator
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field, field_validator

from ..domain.dates import parse_when
from ..domain.postings import Posting
from ..domain.records import RecordError
from ..domain.workplace import Workplace, workplace_in_fields
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SourceError
from .paging import Page, paginate
from .shapes import as_list, as_object, number

PAGE_SIZE = 20  # a larger limit answers an empty list
SEARCH_CAP = 2_000  # offsets past it serve page 1 again
_LOCALE = re.compile(r"^[a-z]{2}(?:-[a-z]{2,4})?$", re.IGNORECASE)
_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_EXAMPLE = "e.g. https://acme.wd5.myworkdayjobs.com/External"
_LOCATIONS = re.compile(r"^\s*(\d+)\s+locations\s*$", re.IGNORECASE)  # "2 Locations": the list's stand-in
_CODE = re.compile(r"^[A-Z]{2,3}$")  # a country or state code in a path: US, CA, GBR
_REMOTE_TYPES: dict[str, Workplace] = {"fully remote": "remote", "remote": "remote", "hybrid": "hybrid",
                                       "on-site": "onsite", "onsite": "onsite", "on site": "onsite"}  # fmt: skip


def site_parts(url: str) -> tuple[str, str, str, str]:
    """(host, tenant, site, public prefix) of a career-site URL; ValueError when it is not one.

    `https://{tenant}.wdN.myworkdayjobs.com/[en-US/]{site}` or `https://wdN.myworkdaysite.com/[en-US/]recruiting/
    {tenant}/{site}`; the prefix is the path a posting's `externalPath` follows on the public site.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) > 1 and _LOCALE.match(segments[0]):
        segments = segments[1:]
    valid = parts.scheme == "https" and all(_SEGMENT.match(s) for s in segments)
    if valid and host.endswith(".myworkdayjobs.com") and host.count(".") >= 2 and len(segments) == 1:
        return host, host.split(".")[0], segments[0], f"/{segments[0]}"
    if valid and host.endswith(".myworkdaysite.com") and len(segments) == 3 and segments[0] == "recruiting":
        return host, segments[1], segments[2], f"/recruiting/{segments[1]}/{segments[2]}"
    raise ValueError(f"{url[:120]!r} is not a Workday career site URL, {_EXAMPLE}")


class WorkdayConfig(HttpEngineConfig):
    sites: Annotated[list[str], Field(min_length=1, max_length=50)]

    @field_validator("sites")
    @classmethod
    def _career_sites(cls, values: list[str]) -> list[str]:
        cleaned = [value.strip().rstrip("/") for value in values]
        for value in cleaned:
            site_parts(value)
        return cleaned


class WorkdayEngine(Engine):
    name = "workday"
    config_model = WorkdayConfig
    description = "Workday career sites (*.myworkdayjobs.com), searched per target title; no descriptions."
    uses_network = True

    def sources(self, config: WorkdayConfig, titles: list[str]) -> list[str]:
        return list(dict.fromkeys(config.sites))

    def discover(self, config: WorkdayConfig, request: DiscoverRequest) -> EngineResult:
        host, tenant, site, prefix = site_parts(request.source)
        url = api_url(config.origin(f"https://{host}"), "/wday/cxs/{tenant}/{site}/jobs", tenant=tenant, site=site)
        result = request.result  # what it holds when the byte budget runs out is kept
        seen: set[str] = set()
        for search in request.titles or [""]:
            for item in self._search(request, url, search):
                path = _path(item)
                if path in seen:
                    continue
                if path is not None:
                    seen.add(path)
                try:
                    job = as_object(item, "a posting")
                    if path is None:
                        raise RecordError("the posting has no externalPath")
                    result.postings.append(self._posting(job, request, f"https://{host}{prefix}{path}", tenant))
                except (RecordError, SourceError) as exc:
                    result.skipped_records.append((f"{request.source}#{path or '?'}", str(exc)))
        return result

    def _search(self, request: DiscoverRequest, url: str, search: str) -> Iterator[Any]:
        """Every posting one search text finds, page by page (a budget stop keeps the pages before it): pages of
        20 by offset; `total` is only right on the first page."""
        total: list[float] = []  # the first page's `total` (0 or absent: unknown)

        def fetch(page: int) -> Page[int]:
            body = {"appliedFacets": {}, "limit": PAGE_SIZE, "offset": page * PAGE_SIZE, "searchText": search}
            data = as_object(request.client.post_json(url, body, headers={"Accept": "application/json"}), "the answer")
            jobs = as_list(data.get("jobPostings"), "'jobPostings'")
            if page == 0:
                total.append(number(data.get("total")) or SEARCH_CAP)
            following = (page + 1) * PAGE_SIZE
            last = len(jobs) < PAGE_SIZE or following >= min(total[0], SEARCH_CAP)
            return Page(jobs, None if last else page + 1)

        for jobs in paginate(request, fetch, 0, "externalPath"):
            yield from jobs

    def _posting(self, job: dict[str, Any], request: DiscoverRequest, url: str, tenant: str) -> Posting:
        remote = job.get("remoteType")
        return self.posting(
            request,
            title=job.get("title"),
            company=tenant,
            url=url,
            location=_location(job.get("locationsText"), _path(job) or ""),
            workplace=_workplace(remote),
            posted_at=parse_when(job.get("postedOn")),
            platform="workday",  # myworkdaysite.com hosts are Workday too
        )


def _location(text: Any, path: str) -> str:
    """`locationsText`, or for "2 Locations" the primary place, which the list states only in `externalPath`
    (`/job/US-CA-Santa-Clara/…` → "Santa Clara, CA, US (+1 more)"); the text as it is when the path has no place."""
    if not isinstance(text, str):
        return ""
    count = _LOCATIONS.match(text)
    if count is None:
        return text
    segments = [segment for segment in path.split("/") if segment]
    place = _place(segments[1]) if len(segments) >= 3 and segments[0] == "job" else ""
    if not place:
        return text.strip()
    more = int(count[1]) - 1
    return f"{place} (+{more} more)" if more > 0 else place


def _place(segment: str) -> str:
    """A path's place segment as text: codes first ("US-CA-Santa-Clara" → "Santa Clara, CA, US") or last
    ("Santa-Clara-CA" → "Santa Clara, CA", "Remote-USA" → "Remote, USA"); words otherwise ("Bengaluru")."""
    words = [word for word in segment.split("-") if word]
    leading: list[str] = []
    while len(words) > 1 and len(leading) < 2 and _CODE.match(words[0]):
        leading.append(words.pop(0))
    trailing: list[str] = []
    while not leading and len(words) > 1 and len(trailing) < 2 and _CODE.match(words[-1]):
        trailing.insert(0, words.pop())
    return ", ".join([" ".join(words), *reversed(leading), *trailing]) if words else ""


def _workplace(remote_type: Any) -> Workplace | None:
    """`remoteType` ("Fully Remote", "Hybrid", "On-site"), or a tenant's own wording read like a location."""
    if not isinstance(remote_type, str) or not remote_type.strip():
        return None
    return _REMOTE_TYPES.get(remote_type.strip().lower()) or workplace_in_fields(places=(remote_type,))


def _path(job: Any) -> str | None:
    path = job.get("externalPath") if isinstance(job, dict) else None
    return path if isinstance(path, str) and path.startswith("/") else None


register(WorkdayEngine())
