"""Arbeitnow job board API (job_apis.md §9): `GET /api/job-board-api?page=N`, Laravel-style `links`/`meta`, the
`remote` filter echoed into `links.next` but not applied. Under `/loop/` the last page's `next` points back at
page 1 (a looping `next`, for tests/engines/test_paging_faults.py)."""

import re
from typing import Any

from . import Answer, Request, Route

API = "https://www.arbeitnow.com/api/job-board-api"
PAGES: list[list[dict[str, Any]]] = [
    [
        {
            "slug": "senior-paralegal-berlin-123",
            "company_name": "Acme GmbH",
            "title": "Senior Paralegal (m/w/d)",
            "description": "<p>Verträge &amp; Fristen.</p><p>Salary: €60,000 – €75,000 a year</p>",
            "remote": True,
            "url": "https://www.arbeitnow.com/jobs/companies/acme-gmbh/senior-paralegal-berlin-123",
            "tags": ["legal", "contracts"],
            "job_types": ["full time"],
            "location": "Berlin",
            "created_at": 1771581600,  # 2026-02-20 10:00 UTC, in seconds
        },
        {
            "slug": "paralegal-munich-456",
            "company_name": "Globex AG",
            "title": "Paralegal",
            "description": "<p>Support our legal team in Munich.</p>",
            "remote": False,
            "url": "https://www.arbeitnow.com/jobs/companies/globex-ag/paralegal-munich-456",
            "tags": [],
            "job_types": ["Berufserfahren", "Vollzeit"],  # German boards answer in German
            "location": "Munich",
            "created_at": None,
        },
        {
            "slug": "no-title-789",
            "company_name": "Initech",
            "title": None,
            "description": "",
            "remote": True,
            "url": "https://www.arbeitnow.com/jobs/companies/initech/no-title-789",
            "tags": [],
            "job_types": [],
            "location": "Hamburg",
            "created_at": 1771581600,
        },
    ],
    [
        {
            "slug": "legal-assistant-remote-321",
            "company_name": "Hooli GmbH",
            "title": "Legal Assistant",
            "description": "<p>Hybrid: two days in our Cologne office.</p>",
            "remote": False,
            "url": "https://www.arbeitnow.com/jobs/companies/hooli-gmbh/legal-assistant-remote-321",
            "tags": ["legal"],
            "job_types": ["part time"],
            "location": "Cologne",
            "created_at": 1771668000,
        },
        {
            "slug": "contracts-manager-654",
            "company_name": "Umbrella GmbH",
            "title": "Contracts Manager",
            "description": "<p>Fully remote within Germany.</p>",
            "remote": True,
            "url": "https://www.arbeitnow.com/jobs/companies/umbrella-gmbh/contracts-manager-654",
            "tags": [],
            "job_types": ["full time"],
            "location": "Remote",
            "created_at": 1771668000,
        },
    ],
]


def _page(request: Request, looping: bool) -> Answer:
    page = int(request.arg("page", "1")) if request.arg("page", "1").isdigit() else 1
    data = PAGES[page - 1] if 1 <= page <= len(PAGES) else []
    echoed = "&remote=true" if request.arg("remote") else ""
    following = 1 if looping and page == len(PAGES) else page + 1
    last = page >= len(PAGES) and not looping
    links = {
        "first": f"{API}?page=1{echoed}",
        "last": None,
        "prev": f"{API}?page={page - 1}{echoed}" if page > 1 else None,
        "next": None if last else f"{API}?page={following}{echoed}",
    }
    meta = {
        "current_page": page, "from": 1, "path": API, "per_page": 100, "to": len(data),
        "terms": "This is a free public API for jobs, please do not abuse.", "info": "Link back to Arbeitnow.",
    }  # fmt: skip
    return Answer({"data": data, "links": links, "meta": meta})


def jobs(match: re.Match[str], request: Request) -> Answer:
    return _page(request, looping=bool(match["loop"]))


ROUTES = [Route("GET", r"(?P<loop>/loop)?/api/job-board-api", jobs)]
