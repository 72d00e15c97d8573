"""Workable's public widget list (job_apis.md §4): `/api/v1/widget/accounts/{account}`, `details=true` adds the
description HTML. An unknown account gets a real 404."""

import re
from typing import Any

from . import Answer, Request, Route

ACCOUNTS: dict[str, dict[str, Any]] = {
    "acme": {
        "name": "Acme Legal",
        "description": "<p>We are a law firm.</p>",
        "jobs": [
            {
                "title": "Paralegal",
                "shortcode": "8B8A457674",
                "code": "",
                "employment_type": "Full-time",
                "telecommuting": True,
                "department": "Legal",
                "url": "https://apply.workable.com/j/8B8A457674",
                "shortlink": "https://apply.workable.com/j/8B8A457674",
                "application_url": "https://apply.workable.com/j/8B8A457674/apply",
                "published_on": "2026-03-21",
                "created_at": "2026-03-20",
                "country": "United States",
                "city": "New York",
                "state": "New York",
                "education": "",
                "experience": "Mid-Senior level",
                "function": "Legal",
                "industry": "Law Practice",
                "locations": [
                    {
                        "country": "United States",
                        "countryCode": "US",
                        "city": "New York",
                        "region": "New York",
                        "hidden": False,
                    },
                    {
                        "country": "United States",
                        "countryCode": "US",
                        "city": "Newark",
                        "region": "New Jersey",
                        "hidden": False,
                    },
                    {"country": "United States", "countryCode": "US", "city": "Secret", "region": "", "hidden": True},
                ],
                "description": "<p>Draft filings. Salary: $60,000 - $72,000 a year.</p>",
            },
            {
                "title": "Litigation Paralegal",
                "shortcode": "C0FFEE1234",
                "employment_type": "Temporary",
                "telecommuting": False,
                "url": "",
                "shortlink": "",
                "application_url": "",
                "published_on": None,
                "created_at": "2026-03-02",
                "country": "United States",
                "city": "Brooklyn",
                "state": "New York",
                "locations": [],
                "description": "<p>Hybrid: three days a week in the office.</p>",
            },
            {"title": "Paralegal", "shortcode": "NOURL00000", "url": "ftp://files.example/job"},
        ],
    },
    "quiet": {"name": "Quiet Co", "jobs": []},
}


def widget(match: re.Match[str], request: Request) -> Answer:
    account = ACCOUNTS.get(match["account"])
    if account is None:
        return Answer({"error": "Not found"}, 404)
    listed = {**account, "jobs": [dict(job) for job in account["jobs"]]}
    if request.arg("details") != "true":
        for job in listed["jobs"]:
            job.pop("description", None)
    return Answer(listed)


ROUTES = [Route("GET", r"/api/v1/widget/accounts/(?P<account>[^/]+)", widget)]
