"""The Muse public API v2 (job_apis.md §12): `GET /api/public/jobs?page=N` (0-based, 20 a page, repeatable
category/level/location filters), 400 at page >= 100, 403 when throttled. Category "Throttled" answers the 403;
category "Echo" answers a non-JSON page that repeats the api_key, as a proxy's error page might."""

import re
from typing import Any

from . import Answer, Request, Route


def _job(ident: int, name: str, category: str, places: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "name": name,
        "type": "external",
        "publication_date": "2026-03-01T14:02:11.000000Z",
        "short_name": f"job-{ident}",
        "model_type": "jobs",
        "contents": f"<p>{name}.</p>",
        "locations": [{"name": place} for place in places],
        "categories": [{"name": category}],
        "levels": [{"name": "Mid Level", "short_name": "mid"}],
        "tags": [],
        "refs": {"landing_page": f"https://www.themuse.com/jobs/acme/job-{ident}"},
        "company": {"id": 999, "short_name": "acme", "name": "Acme"},
        **extra,
    }


JOBS = [
    _job(11223344, "Senior Paralegal", "Legal", ["Flexible / Remote"],
         contents="<p>Draft filings &amp; briefs.</p><ul><li>Salary: $80,000 - $95,000 a year</li></ul>",
         publication_date="2026-02-20T09:30:00.000000Z",
         company={"id": 1, "short_name": "initech", "name": "Initech"},
         refs={"landing_page": "https://www.themuse.com/jobs/initech/senior-paralegal-1a2b3c"}),
    _job(11223345, "Litigation Paralegal", "Legal", ["New York, NY", "Boston, MA"],
         contents="<p>A hybrid role: three days a week in the office.</p>", levels=[], publication_date=None),
    _job(11223346, "Paralegal", "Legal", [], refs={}),
    _job(11223347, "Backend Engineer", "Software Engineering", ["Chicago, IL"]),
] + [_job(20000000 + n, f"Contracts Paralegal {n}", "Legal", ["Denver, CO"]) for n in range(19)]  # fmt: skip
JOBS[4]["levels"] = [{"name": "Internship", "short_name": "internship"}]  # the one level that is a kind of job


def jobs(match: re.Match[str], request: Request) -> Answer:
    categories, levels = request.query.get("category", []), request.query.get("level", [])
    if "Throttled" in categories:
        return Answer({"code": 403, "error": "Rate limit exceeded"}, 403, {"X-RateLimit-Remaining": "0"})
    if "Echo" in categories:
        return Answer(f"bad key {request.arg('api_key')} for you", content_type="text/html")
    if not request.arg("page").isdigit():
        return Answer({"code": 400, "error": "page is required"}, 400)
    page = int(request.arg("page"))
    if page >= 100:
        return Answer({"code": 400, "error": "Page number too high"}, 400)
    hits = [
        job for job in JOBS
        if (not categories or any(c["name"] in categories for c in job["categories"]))
        and (not levels or any(lv["name"] in levels for lv in job["levels"]))
    ]  # fmt: skip
    page_count = min(99, (len(hits) + 19) // 20)
    return Answer({"page": page, "page_count": page_count, "items_per_page": 20, "took": 12, "timed_out": False,
                   "total": len(hits), "results": hits[page * 20 : page * 20 + 20], "aggregations": {}},
                  headers={"X-RateLimit-Limit": "500", "X-RateLimit-Remaining": "499"})  # fmt: skip


ROUTES = [Route("GET", r"/api/public/jobs", jobs)]
