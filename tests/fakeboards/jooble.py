"""Jooble REST API (job_apis.md §16): `POST /api/{key}` with a JSON body, `page` until `jobs` is empty.

An unknown key gets a 403; `keywords` "Broken" gets a 500, "Loop" page 1 for every page, "Nothing" no jobs.
The fake serves PAGE_SIZE jobs a page (the real default is larger)."""

import re
from typing import Any
from urllib.parse import unquote

from . import Answer, Request, Route

KEY = "jk-5f3a+9Q/x=="  # '+', '/' and '=' travel URL-quoted in the path
PAGE_SIZE = 2


def _job(n: int, **fields: Any) -> dict[str, Any]:
    return {
        "title": "Paralegal",
        "location": "New York, NY",
        "snippet": "&nbsp;...assist attorneys with <b>case</b> files...&nbsp;",
        "salary": "",
        "source": "acme-careers.example",
        "type": "Full-time",
        "link": f"https://jooble.org/desc/-12345678901234567{n:02d}?ckey=paralegal&rgn=-1&pos={n}",
        "company": "Acme",
        "updated": "2026-09-16T00:00:00.0000000",
        "id": -1234567890123456700 - n,
    } | fields


JOBS = [
    _job(1, title="Remote Paralegal", salary="$17 - $35 per hour", location="Manila, Philippines",
         snippet="&nbsp;...provide <b>remote</b> support &amp; draft filings...&nbsp;"),
    _job(2, title="Litigation Paralegal", salary="$115k - $140k", company="Globex", updated="2026-09-20T13:05:00",
         snippet="Hybrid schedule in Midtown.", type=""),
    _job(3, title="Paralegal Assistant", salary="Competitive", type="Temporary"),
    _job(4, title="Contract Paralegal", company=None),
    _job(5, title="Senior Paralegal", updated=""),
]  # fmt: skip


def search(match: re.Match[str], request: Request) -> Answer:
    if unquote(match["key"]) != KEY:
        return Answer("<html><body><h1>403 Forbidden</h1></body></html>", 403, content_type="text/html")
    body = request.json()
    keywords, page = body.get("keywords"), int(body.get("page") or 1)
    if keywords == "Broken":
        return Answer({"message": "An error has occurred."}, 500)
    found = [] if keywords == "Nothing" else JOBS
    if keywords == "Loop":
        page = 1
    return Answer({"totalCount": len(found), "jobs": found[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]})


ROUTES = [Route("POST", r"/api/(?P<key>[^/]+)", search)]
