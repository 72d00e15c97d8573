"""Algolia HN Search (job_apis.md §13): `/api/v1/search_by_date`, whoishiring's stories by `tags`, a thread's
comments by `tags=comment,story_{id}` (top level with `numericFilters=parent_id={id}`), paged by `page`."""

import re

from . import Answer, Request, Route

PAGE_SIZE = 3  # the real cap is 1000: a small page here makes the thread span two pages
FAILING: set[str] = set()  # "story id" or "story id@page" whose comment search answers an error (tests set it)
OCTOBER, SEPTEMBER, AUGUST = 45678000, 45300000, 44900000

STORIES = [
    {
        "objectID": "45678002",
        "title": "Ask HN: Freelancer? Seeking freelancer? (October 2026)",
        "created_at_i": 1790866802,
    },
    {"objectID": "45678001", "title": "Ask HN: Who wants to be hired? (October 2026)", "created_at_i": 1790866801},
    {"objectID": str(SEPTEMBER), "title": "Ask HN: Who is hiring? (September 2026)", "created_at_i": 1788274800},
    {"objectID": str(OCTOBER), "title": "Ask HN: Who is hiring? (October 2026)", "created_at_i": 1790866800},
    {"objectID": str(AUGUST), "title": "Ask HN: Who is hiring? (August 2026)", "created_at_i": 1785596400},
]  # fmt: skip


def _comment(object_id: int, parent: int, story: int, text: str | None, at: int) -> dict[str, object]:
    return {
        "created_at": None,
        "created_at_i": at,
        "author": f"user{object_id}",
        "comment_text": text,
        "objectID": str(object_id),
        "parent_id": parent,
        "story_id": story,
        "story_title": "Ask HN: Who is hiring? (October 2026)",
        "_tags": ["comment", f"author_user{object_id}", f"story_{story}"],
    }


COMMENTS = {
    OCTOBER: [
        _comment(45678101, OCTOBER, OCTOBER,
                 "Acme | Senior Backend Engineer | Berlin or REMOTE (EU) | €80k–€100k | "
                 '<a href="https:&#x2F;&#x2F;acme.example&#x2F;jobs&#x2F;senior-backend-engineer" rel="nofollow">'
                 "https:&#x2F;&#x2F;acme.example&#x2F;jobs&#x2F;senior-backend-en...</a>"
                 "<p>We build payment rails in Go &amp; Postgres.<p>Email jobs at acme dot example.",
                 1790870400),  # 2026-10-01T16:00Z
        _comment(45678102, 45678101, OCTOBER, "Is the role open to people in the UK?", 1790874000),  # a reply
        _comment(45678103, OCTOBER, OCTOBER,
                 "Globex  |  Paralegal &amp; Legal Ops | New York, NY | ONSITE | Full-time"
                 "<p>Our legal team needs help with filings. Pay $95,000 - $110,000 a year."
                 '<p>Apply: <a href="mailto:legal@globex.example">legal@globex.example</a>',
                 1790956800),  # 2026-10-02
        _comment(45678104, OCTOBER, OCTOBER, "Is anyone hiring juniors this month?<p>Asking for a friend.",
                 1790960400),
        _comment(45678105, OCTOBER, OCTOBER, None, 1790964000),  # deleted
        _comment(45678106, OCTOBER, OCTOBER,
                 'Initech | REMOTE (US only) | Staff Software Engineer | <a href="https:&#x2F;&#x2F;initech.example'
                 '&#x2F;careers">initech.example&#x2F;careers</a><p>TPS reports, modernised.',
                 1791043200),  # 2026-10-03
    ],
    SEPTEMBER: [
        _comment(45300101, SEPTEMBER, SEPTEMBER, "Hooli | Technical Writer | Remote | $60/hr<p>Docs.", 1788300000),
    ],
}  # fmt: skip


def search_by_date(match: re.Match[str], request: Request) -> Answer:
    tags = request.arg("tags")
    size = min(int(request.arg("hitsPerPage", "20")), 1000)
    if tags == "story,author_whoishiring":
        hits = sorted(STORIES, key=lambda s: -int(str(s["created_at_i"])))[:size]
        return Answer({"hits": hits, "nbHits": len(hits), "page": 0, "nbPages": 1, "hitsPerPage": size})
    story = re.fullmatch(r"comment,story_(\d+)", tags)
    if story is None:
        return Answer({"message": "Invalid tags", "status": 400}, 400)
    page = int(request.arg("page", "0"))
    if story[1] in FAILING or f"{story[1]}@{page}" in FAILING:
        return Answer({"message": "Internal error", "status": 500}, 500)
    comments = COMMENTS.get(int(story[1]), [])
    if parent := re.fullmatch(r"parent_id=(\d+)", request.arg("numericFilters")):
        comments = [c for c in comments if c["parent_id"] == int(parent[1])]
    size = min(size, PAGE_SIZE)
    pages = max(1, -(-len(comments) // size))
    return Answer({
        "hits": comments[page * size : (page + 1) * size],
        "nbHits": len(comments),
        "page": page,
        "nbPages": pages,
        "hitsPerPage": size,
        "processingTimeMS": 1,
        "query": "",
        "params": f"tags={tags}&hitsPerPage={size}&page={page}",
    })  # fmt: skip


ROUTES = [Route("GET", r"/api/v1/search_by_date", search_by_date)]
