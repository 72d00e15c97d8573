"""The `hn_hiring` engine: top-level comments of Hacker News' monthly "Ask HN: Who is hiring?" threads, found and
read through the Algolia HN Search API, each comment's `Company | Role | Location | …` first line parsed."""

import html
import re
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from ..domain.dates import parse_when
from ..domain.postings import Posting, Salary
from ..domain.records import RecordError
from ..domain.salary import find_salary
from ..domain.text import clean_text
from ..domain.workplace import Workplace
from . import register
from .api_urls import api_url
from .base import DiscoverRequest, Engine, EngineResult, HttpEngineConfig, SkippedSource, SourceError
from .paging import Page, paginate
from .shapes import as_list, as_object

ORIGIN = "https://hn.algolia.com"
SEARCH = "/api/v1/search_by_date"
PERMALINK = "https://news.ycombinator.com/item?id={id}"
_HIRING = re.compile(r"^\s*Ask HN:\s*Who is hiring\?", re.IGNORECASE)  # not "Who wants to be hired?"
_HREF = re.compile(r"""<a\s[^>]*?href\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_URL = re.compile(
    r"^(?:https?://\S+|(?:www\.)?[\w-]+(?:\.[\w-]+)*\.(?:com|io|ai|co|org|net|dev|app|so|xyz|tech)(?:/\S*)?)$"
)
_WORKPLACE: list[tuple[Workplace, re.Pattern[str]]] = [
    ("hybrid", re.compile(r"\bhybrid\b", re.IGNORECASE)),
    ("remote", re.compile(r"(?<!no )(?<!not )\bremote\b", re.IGNORECASE)),
    ("onsite", re.compile(r"\bon-?site\b|\bin[- ](?:office|person)\b", re.IGNORECASE)),
]
# Words that say how or on what terms one works, not where: a field of only these is no location.
_TERMS = re.compile(
    r"\b(?:remote|hybrid|on-?site|in[- ](?:office|person)|full[- ]?time|part[- ]?time|contract(?:or)?|permanent|"
    r"intern(?:ship)?s?|ft|pt|only|ok|friendly|first|or|and|visa|sponsorship|equity|\d+ ?days?|week)\b|[\W_]+",
    re.IGNORECASE,
)
_ROLE = re.compile(
    r"\b(?:engineers?|developers?|programmers?|managers?|designers?|lawyers?|attorneys?|counsel|paralegals?|"
    r"writers?|editors?|analysts?|scientists?|architects?|researchers?|leads?|head of|directors?|vp|cto|sre|"
    r"devops|recruiters?|marketers?|marketing|sales|consultants?|administrators?|specialists?|coordinators?|"
    r"accountants?|officers?|associates?|assistants?|technicians?|founding|product|roles|positions|multiple)\b",
    re.IGNORECASE,
)
_PLACE = re.compile(
    r",|\b(?:usa?|u\.s\.|uk|eu|europe|emea|apac|latam|americas|canada|germany|india|nyc|sf|bay area|new york|"
    r"san francisco|london|berlin|paris|amsterdam|toronto|boston|seattle|austin|worldwide|anywhere|global|"
    r"est|pst|cet|utc)\b",
    re.IGNORECASE,
)


class HnHiringConfig(HttpEngineConfig):
    months: Annotated[int, Field(ge=1, le=12)] = 1


@dataclass(slots=True)
class Header:
    """What a comment's first line states: `Company | Role | Location | REMOTE | $150k-$200k | URL`."""

    company: str
    title: str
    location: str = ""
    workplace: Workplace | None = None
    salary: Salary | None = None
    url: str = ""


def parse_header(line: str) -> Header | None:
    """The fields of a first line split on `|`, each told apart by its content; None without a `|` or a role."""
    fields = [" ".join(part.split()) for part in clean_text(line).split("|")]
    fields = [field for field in fields if field]
    if "|" not in line or len(fields) < 2:
        return None
    header = Header(company=fields[0], title="")
    leftover: list[str] = []
    for field in fields[1:]:
        if _URL.match(field):
            header.url = header.url or (field if field.lower().startswith("http") else f"https://{field}")
            continue
        if (salary := find_salary(field)) is not None:
            header.salary = header.salary or salary
            continue
        kind = next((kind for kind, pattern in _WORKPLACE if pattern.search(field)), None)
        if kind is not None and _better(kind, header.workplace):
            header.workplace = kind
        if not _TERMS.sub("", field):  # only terms: "REMOTE", "Full-time", "Onsite or Remote"
            continue
        if not header.title and _ROLE.search(field):
            header.title = field
            continue
        leftover.append(field)
    if not header.title and leftover and leftover[0] == fields[1]:
        header.title = leftover.pop(0)  # no job word: the second field is the role by convention
    if not header.title:
        return None
    places = [f for f in leftover if _PLACE.search(f) or any(pattern.search(f) for _kind, pattern in _WORKPLACE)]
    short = [f for f in leftover if len(f.split()) <= 5 and not f[:1].isdigit()]
    header.location = (places or short or [""])[0]
    return header


def _better(kind: Workplace, current: Workplace | None) -> bool:
    order = ["hybrid", "remote", "onsite"]
    return current is None or order.index(kind) < order.index(current)


class HnHiringEngine(Engine):
    name = "hn_hiring"
    config_model = HnHiringConfig
    description = 'Hacker News "Who is hiring?" threads (hn.algolia.com), one posting per top-level comment.'
    uses_network = True
    default_enabled = True

    def discover(self, config: HnHiringConfig, request: DiscoverRequest) -> EngineResult:
        base = config.origin(ORIGIN)
        # whoishiring posts three threads a month; only "Who is hiring?" holds job posts.
        params = {"tags": "story,author_whoishiring", "hitsPerPage": 3 * config.months + 3}
        stories = as_list(
            as_object(request.client.get_json(api_url(base, SEARCH, params)), "the search").get("hits"),
            "the search's 'hits'",
        )
        threads = [s for s in stories if isinstance(s, dict) and _HIRING.match(str(s.get("title") or ""))]
        threads.sort(key=_created, reverse=True)
        if not threads:
            raise SourceError("bad_response", "no 'Ask HN: Who is hiring?' story among whoishiring's latest stories")
        result, failures = request.result, []
        for story in threads[: config.months]:
            label = _label(story)
            thread = EngineResult()
            try:
                self._thread(base, str(story.get("objectID")), request, thread)
                result.postings.extend(thread.postings)
                result.skipped_records.extend(thread.skipped_records)
            except SourceError as exc:  # a thread is read whole or not at all, unless the byte budget ran out
                if exc.reason == "too_large":
                    result.postings.extend(thread.postings)
                    result.skipped_records.extend(thread.skipped_records)
                    raise
                failures.append(exc)
                detail = request.client.redact(exc.detail)
                result.skipped_sources.append(SkippedSource(self.name, label, exc.reason, detail))
        if len(failures) == len(threads[: config.months]):
            raise failures[0]  # no thread could be read: the source itself failed
        return result

    def _thread(self, base: str, story: str, request: DiscoverRequest, result: EngineResult) -> None:
        """The thread's top-level comments into `result`, page by page (Algolia caps a page at 1000 hits)."""
        params: dict[str, Any] = {
            "tags": f"comment,story_{story}",
            "numericFilters": f"parent_id={story}",
            "hitsPerPage": 1000,
        }

        def fetch(page: int) -> Page[int]:
            data = as_object(request.client.get_json(api_url(base, SEARCH, {**params, "page": page})), "a page")
            hits = as_list(data.get("hits"), "the page's 'hits'")
            pages, size = data.get("nbPages"), data.get("hitsPerPage")
            last = not isinstance(pages, int) or page + 1 >= pages or (isinstance(size, int) and len(hits) < size)
            return Page(hits, None if last or data.get("page", page) != page else page + 1)  # a wrong echo would loop

        for hits in paginate(request, fetch, 0, "objectID"):
            self.collect(request, result, hits, lambda hit: self._posting(hit, request), "a comment", key="objectID")

    def _posting(self, hit: dict[str, Any], request: DiscoverRequest) -> Posting:
        text = hit.get("comment_text")
        if not isinstance(text, str) or not text.strip():
            raise RecordError("the comment has no text (deleted or flagged)")
        first = next((line for line in clean_text(text).split("\n") if line.strip()), "")
        header = parse_header(first)
        if header is None:
            raise RecordError(f"its first line is not 'Company | Role | Location | …': {first[:60]!r}")
        return self.posting(
            request,
            title=header.title,
            company=header.company,
            url=PERMALINK.format(id=hit.get("objectID")),
            location=header.location,
            description=text,
            workplace=header.workplace,
            salary=header.salary or find_salary(clean_text(text)),
            posted_at=parse_when(hit.get("created_at_i")) or parse_when(hit.get("created_at")),
            apply_url=_first_link(text) or header.url,
        )


def _created(story: dict[str, Any]) -> int:
    value = story.get("created_at_i")
    return value if isinstance(value, int) else 0


def _first_link(text: str) -> str:
    """The first http(s) link of the comment's HTML (its text may be shortened with "..."; its href is not)."""
    links = (html.unescape(href) for href in _HREF.findall(text))
    return next((link for link in links if link.startswith(("http://", "https://"))), "")


def _label(story: dict[str, Any]) -> str:
    """ "Ask HN: Who is hiring? (October 2026)" → "October 2026"; else the story's id."""
    match = re.search(r"\(([^)]+)\)\s*$", str(story.get("title") or ""))
    return match[1] if match else f"story {story.get('objectID')}"


register(HnHiringEngine())
