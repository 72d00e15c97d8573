"""Workday career-site JSON (job_apis.md §18): `POST /wday/cxs/{tenant}/{site}/jobs` with limit/offset/searchText;
limit > 20 answers an empty list, `total` is 0 after the first page, offsets past 2,000 serve page 1 again."""

import re

from . import Answer, Request, Route

ACME = [
    {
        "title": "Senior Paralegal",
        "externalPath": "/job/New-York-NY/Senior-Paralegal_JR1001",
        "locationsText": "New York, NY",
        "postedOn": "Posted Yesterday",
        "bulletFields": ["JR1001"],
        "remoteType": "Hybrid",
    },
    {
        "title": "Paralegal, Litigation",
        "externalPath": "/job/Remote-USA/Paralegal--Litigation_JR1002",
        "locationsText": "3 Locations",
        "postedOn": "Posted 30+ Days Ago",
        "bulletFields": ["JR1002"],
        "remoteType": "Fully Remote",
    },
    {"title": "Paralegal Intern", "locationsText": "Austin, TX", "postedOn": "Posted Today", "bulletFields": []},
] + [
    {
        "title": f"Corporate Paralegal {n}",
        "externalPath": f"/job/Chicago-IL/Corporate-Paralegal-{n}_JR2{n:03d}",
        "locationsText": "Chicago, IL",
        "postedOn": f"Posted {n} Days Ago",
        "bulletFields": [f"JR2{n:03d}"],
    }
    for n in range(1, 23)
]  # 25 postings: a full page of 20, then 5
SITES = {("acme", "External"): ACME, ("globex", "Careers"): ACME[:2]}
FACETS = [{"facetParameter": "locationHierarchy1", "descriptor": "Locations",
           "values": [{"descriptor": "United States of America", "id": "bc33aa31", "count": 25}]}]  # fmt: skip


def jobs(match: re.Match[str], request: Request) -> Answer:
    postings = SITES.get((match["tenant"], match["site"]))
    if postings is None:
        return Answer({"errorCode": "HTTP_404", "errorCaseId": "a1b2c3", "httpStatus": 404, "message": "",
                       "messageParams": {}}, 404)  # fmt: skip
    body = request.json()
    limit, offset = int(body["limit"]), int(body["offset"])
    words = str(body.get("searchText", "")).lower().split()
    hits = [job for job in postings if all(word in str(job["title"]).lower() for word in words)]
    if offset >= 2000:
        offset = 0
    page = [] if limit > 20 else hits[offset : offset + limit]
    return Answer({"total": len(hits) if offset == 0 else 0, "jobPostings": page, "facets": FACETS})


ROUTES = [Route("POST", r"/wday/cxs/(?P<tenant>[^/]+)/(?P<site>[^/]+)/jobs", jobs)]
