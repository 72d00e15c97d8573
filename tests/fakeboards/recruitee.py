"""Recruitee Careers Site API (job_apis.md §6), each company under `/recruitee/{company}` (the real API is on the
company's own host, `https://{company}.recruitee.com/api/offers/`)."""

import re
from typing import Any

from . import Answer, Request, Route

COMPANIES: dict[str, list[dict[str, Any]]] = {
    "acme": [
        {
            "id": 2736919,
            "slug": "senior-paralegal",
            "title": "Senior Paralegal",
            "company_name": "Acme B.V.",
            "department": "Legal",
            "careers_url": "https://acme.recruitee.com/o/senior-paralegal",
            "careers_apply_url": "https://acme.recruitee.com/o/senior-paralegal/c/new",
            "location": "Amsterdam, North Holland, Netherlands",
            "city": "Amsterdam",
            "state_name": "North Holland",
            "country": "Netherlands",
            "country_code": "NL",
            "remote": True,
            "hybrid": True,
            "on_site": False,
            "description": "<p>Draft contracts.</p>",
            "requirements": "<ul><li>Dutch and English</li></ul>",
            "published_at": "2026-09-10 07:25:25 UTC",
            "created_at": "2026-09-09 15:00:00 UTC",
            "employment_type_code": "fulltime_permanent",
            "min_hours": 32,
            "max_hours": 40,
            "salary": {"min": "60000", "max": 75000, "period": "year", "currency": "eur"},
            "tags": ["legal"],
        },
        {
            "id": 2736920,
            "slug": "paralegal",
            "title": "Paralegal",
            "company_name": "",
            "careers_url": "https://acme.recruitee.com/o/paralegal",
            "careers_apply_url": "",
            "location": "",
            "city": "New York",
            "state_name": "New York",
            "country": "United States",
            "remote": False,
            "hybrid": False,
            "on_site": True,
            "description": "<p>Support the litigation team; remote training.</p>",
            "requirements": "",
            "published_at": None,
            "created_at": "2026-09-01 08:00:00 UTC",
            "employment_type_code": "parttime_minijob",
            "salary": {"min": "3,000", "max": "3,500", "period": "month", "currency": "usd"},
        },
        {
            "id": 2736921,
            "slug": "remote-paralegal",
            "title": "Remote Paralegal",
            "company_name": "Acme B.V.",
            "careers_url": "https://acme.recruitee.com/o/remote-paralegal",
            "location": "Remote",
            "remote": True,
            "hybrid": False,
            "on_site": False,
            "description": "<p>Pay: $30 - $36 per hour.</p>",
            "published_at": "2026-09-12 10:00:00 UTC",
            "employment_type_code": "internship",
            "salary": {"min": None, "max": None, "period": None, "currency": None},
        },
        {"id": 2736922, "title": "Paralegal", "careers_url": None, "slug": None},
    ],
}


def offers(match: re.Match[str], request: Request) -> Answer:
    listed = COMPANIES.get(match["company"])
    if listed is None:
        return Answer({"error": "Not found"}, 404)
    return Answer({"offers": listed})


ROUTES = [Route("GET", r"/recruitee/(?P<company>[^/]+)/api/offers/", offers)]
