"""The `workday` engine: Workday career sites searched per target title through the site's own `/wday/cxs/` JSON
(undocumented; job_apis.md §18). The list has no descriptions, and this engine does not fetch each detail."""

import re
from collections.abc import Iterator
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import Field, field_validator

from ..dates import parse_when
from ..models import Posting, Workplace
from ..records import RecordError
from . import register
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SourceError
from .http import MAX_PAGES, api_url
from .shapes import as_list, as_object, number

PAGE_SIZE = 20  # a larger limit answers an empty list
SEARCH_CAP = 2_000  # offsets past it serve page 1 again
_LOCALE = re.compile(r"^[a-z]{2}(?:-[a-z]{2,4})?$", re.IGNORECASE)
_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_EXAMPLE = "e.g. https://acme.wd5.myworkdayjobs.com/External"
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
        url = api_url(config.base_url or f"https://{host}", "/wday/cxs/{tenant}/{site}/jobs", tenant=tenant, site=site)
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
        total = SEARCH_CAP
        paths: set[str | None] = set()
        for page in range(MAX_PAGES):
            offset = page * PAGE_SIZE
            if offset >= min(total, SEARCH_CAP):
                break
            body = {"appliedFacets": {}, "limit": PAGE_SIZE, "offset": offset, "searchText": search}
            data = as_object(request.client.post_json(url, body, headers={"Accept": "application/json"}), "the answer")
            jobs = as_list(data.get("jobPostings"), "'jobPostings'")
            if page == 0:
                total = int(number(data.get("total")) or SEARCH_CAP)  # 0 or absent: unknown
            keys = [_path(job) for job in jobs]
            fresh = [job for job, key in zip(jobs, keys, strict=True) if key is None or key not in paths]
            paths.update(keys)
            yield from fresh
            if len(jobs) < PAGE_SIZE or not fresh:  # the last page, or page 1 served again
                break

    def _posting(self, job: dict[str, Any], request: DiscoverRequest, url: str, tenant: str) -> Posting:
        remote = job.get("remoteType")
        return self.posting(
            request,
            title=job.get("title"),
            company=tenant,
            url=url,
            location=job.get("locationsText"),
            workplace=_REMOTE_TYPES.get(remote.strip().lower()) if isinstance(remote, str) else None,
            posted_at=parse_when(job.get("postedOn")),
            platform="workday",  # myworkdaysite.com hosts are Workday too
        )


def _path(job: Any) -> str | None:
    path = job.get("externalPath") if isinstance(job, dict) else None
    return path if isinstance(path, str) and path.startswith("/") else None


register(WorkdayEngine())
