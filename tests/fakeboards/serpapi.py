"""SerpApi `google_jobs` (job_apis.md §17): `GET /search.json`, `api_key` in the query, `next_page_token` paging.

A wrong key gets SerpApi's 401 `{"error": ...}`; `q` "Nothing" gets its 200 no-results error, "Broken" a 200
error that echoes the request (key included), "Loop" the same next_page_token on every page."""

import re
from typing import Any
from urllib.parse import urlencode

from . import Answer, Request, Route

KEY = "fake-serpapi-key-0d9e8f"


def _job(n: int, **fields: Any) -> dict[str, Any]:
    return {
        "title": "Paralegal",
        "company_name": "Acme",
        "location": "New York, NY",
        "via": "LinkedIn",
        "share_link": f"https://www.google.com/search?ibp=htl;jobs&q=paralegal#htidocid=abc{n}%3D%3D",
        "thumbnail": f"https://serpapi.com/searches/abc/images/{n}.png",
        "extensions": ["3 days ago", "Full-time"],
        "detected_extensions": {"posted_at": "3 days ago", "schedule_type": "Full-time"},
        "description": "We are looking for a paralegal ...",
        "job_highlights": [{"title": "Qualifications", "items": ["3+ years litigation support"]}],
        "apply_options": [{"title": "LinkedIn", "link": f"https://www.linkedin.com/jobs/view/40012{n}?utm_campaign=google_jobs_apply"}],
        "job_id": f"eyJqb2JfdGl0bGUiOiJQYXJhbGVnYWwiLCJuIjo{n}fQ==",
    } | fields  # fmt: skip


PAGES = [
    [
        _job(1, title="Remote Paralegal", extensions=["3 days ago", "Work from home", "Full-time"],
             detected_extensions={"posted_at": "3 days ago", "schedule_type": "Full-time", "work_from_home": True,
                                  "salary": "90K–120K a year", "health_insurance": True},
             description="Draft filings & manage dockets.\nWork with trial teams."),
        _job(2, title="Litigation Paralegal", company_name="Globex", location="Brooklyn, NY", via="Indeed",
             detected_extensions={"posted_at": "10 days ago", "salary": "$25–$32 an hour"},
             apply_options=[{"title": "Google", "link": "https://www.google.com/search?q=globex+paralegal"},
                            {"title": "Indeed", "link": "https://www.indeed.com/viewjob?jk=5e1b2c3d"},
                            {"title": "Globex Careers", "link": "https://careers.globex.example/jobs/77"}]),
    ],
    [
        _job(3, title="Paralegal II", via="via ZipRecruiter", apply_options=[], detected_extensions={},
             description=None, location="New York, NY (+1 other)"),
        _job(4, company_name=None),
        _job(5, title="Corporate Paralegal", via="Acme Careers",
             apply_options=[{"title": "Acme Careers", "link": "https://careers.acme.example/jobs/12"}],
             detected_extensions={"posted_at": "yesterday", "salary": "Competitive", "schedule_type": "Contractor"}),
    ],
]  # fmt: skip


def search(match: re.Match[str], request: Request) -> Answer:
    if request.arg("api_key") != KEY:
        return Answer({"error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key"},
                      401)  # fmt: skip
    q = request.arg("q")
    metadata = {"id": "6720c0ffee", "status": "Success", "json_endpoint": "https://serpapi.com/searches/abc.json"}
    if q == "Nothing":
        return Answer({"search_metadata": metadata, "error": "Google hasn't returned any results for this query."})
    if q == "Broken":
        echoed = urlencode({k: v[0] for k, v in request.query.items()})
        return Answer({"search_metadata": metadata | {"status": "Error"},
                       "error": f"Unsupported request: https://serpapi.com/search.json?{echoed}"})  # fmt: skip
    token = request.arg("next_page_token")
    page = 0 if not token else int(token.removeprefix("tok-"))
    answer: dict[str, Any] = {
        "search_metadata": metadata,
        "search_parameters": {"engine": "google_jobs", "q": q, "location_used": request.arg("location")},
        "jobs_results": PAGES[page] if q != "Loop" else PAGES[0],
    }
    following = "tok-1" if q == "Loop" else f"tok-{page + 1}"
    if q == "Loop" or page + 1 < len(PAGES):
        answer["serpapi_pagination"] = {
            "next_page_token": following,
            "next": f"https://serpapi.com/search.json?engine=google_jobs&next_page_token={following}&q={q}",
        }
    return Answer(answer)


ROUTES = [Route("GET", r"/search\.json", search)]
