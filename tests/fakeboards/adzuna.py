"""Adzuna search API (job_apis.md §14): `/v1/api/jobs/{country}/search/{page}`, keys in the query, page in the path.

The credentials the fake accepts are APP_ID/APP_KEY; others get Adzuna's 401 AUTH_FAIL. `what=Broken` answers
the 400 exception shape, so a test can fail one title while the others succeed. Under `/stubborn` the search
ignores the page in its path: every page is page 1, and `count` says there are 500 results."""

import re
from typing import Any

from . import Answer, Request, Route

APP_ID, APP_KEY = "fake-adzuna-id-3141", "fake-adzuna-key-2718"


def _job(n: int, **fields: Any) -> dict[str, Any]:
    return {
        "__CLASS__": "Adzuna::API::Response::Job",
        "id": f"41234567{n:02d}",
        "adref": "eyJhbGciOiJIUzI1NiJ9.eyJpIjoiNDEyMzQ1Njc4OSJ9",
        "title": "Paralegal",
        "description": "Support the litigation team ...",
        "created": "2026-10-02T08:11:00Z",
        "redirect_url": f"https://www.adzuna.com/land/ad/41234567{n:02d}?se=abc&utm_medium=api&utm_source=fake",
        "company": {"__CLASS__": "Adzuna::API::Response::Company", "display_name": "Acme LLP"},
        "location": {
            "__CLASS__": "Adzuna::API::Response::Location",
            "display_name": "New York City, New York",
            "area": ["US", "New York", "New York City"],
        },
        "category": {"__CLASS__": "Adzuna::API::Response::Category", "label": "Legal Jobs", "tag": "legal-jobs"},
        "salary_min": None,
        "salary_max": None,
        "salary_is_predicted": "0",
        "contract_type": "permanent",
        "contract_time": "full_time",
        "latitude": 40.71,
        "longitude": -74.0,
    } | fields


RESULTS = [
    _job(1, title="Senior Paralegal", salary_min=70000, salary_max=85000,
         description="<strong>Draft</strong> filings &amp; manage dockets. Hybrid working, 3 days in office ..."),
    _job(2, title="Litigation Paralegal", salary_min=61234.56, salary_max=61234.56, salary_is_predicted="1",
         company={"__CLASS__": "Adzuna::API::Response::Company", "display_name": "Globex"},
         location={"__CLASS__": "Adzuna::API::Response::Location", "display_name": "US", "area": ["US"]},
         description="Fully remote role supporting trial teams ...", created="2026-09-28T17:45:12Z"),
    _job(3, title="Paralegal II", salary_min=0, salary_max=0, contract_type="contract"),
    _job(4, title="Paralegal (Contract)", company={"__CLASS__": "Adzuna::API::Response::Company"}),
    _job(5, title="Corporate Paralegal", created=None, contract_type=None, contract_time="part_time"),
]  # fmt: skip


def search(match: re.Match[str], request: Request) -> Answer:
    if request.arg("app_id") != APP_ID or request.arg("app_key") != APP_KEY:
        return Answer({"__CLASS__": "Adzuna::API::Response::Exception", "exception": "AUTH_FAIL",
                       "display": "Authorisation failed", "doc": "https://api.adzuna.com/v1/doc"}, 401)  # fmt: skip
    if request.arg("what") == "Broken":
        return Answer({"__CLASS__": "Adzuna::API::Response::Exception", "exception": "BAD_REQUEST",
                       "display": "Bad request", "doc": "https://api.adzuna.com/v1/doc"}, 400)  # fmt: skip
    found = [job for job in RESULTS if request.arg("what").lower() in job["title"].lower()]
    size, page = int(request.arg("results_per_page", "10")), int(match["page"])
    return Answer({"__CLASS__": "Adzuna::API::Response::JobSearchResults", "count": len(found), "mean": 64123.4,
                   "results": found[(page - 1) * size : page * size]})  # fmt: skip


def stubborn(match: re.Match[str], request: Request) -> Answer:
    if request.arg("app_id") != APP_ID or request.arg("app_key") != APP_KEY:
        return Answer({"__CLASS__": "Adzuna::API::Response::Exception", "exception": "AUTH_FAIL",
                       "display": "Authorisation failed", "doc": "https://api.adzuna.com/v1/doc"}, 401)  # fmt: skip
    found = [job for job in RESULTS if request.arg("what").lower() in job["title"].lower()]
    size = int(request.arg("results_per_page", "10"))
    return Answer({"__CLASS__": "Adzuna::API::Response::JobSearchResults", "count": 500, "mean": 64123.4,
                   "results": found[:size]})  # fmt: skip


ROUTES = [
    Route("GET", r"/v1/api/jobs/(?P<country>[a-z]{2})/search/(?P<page>[0-9]+)", search),
    Route("GET", r"/stubborn/v1/api/jobs/(?P<country>[a-z]{2})/search/(?P<page>[0-9]+)", stubborn),
]
