"""Himalayas browse API (job_apis.md §10): `GET /jobs/api?limit=20&cursor=<nextCursor>`, at most 20 a page.
Under `/loop/` every page is full and `nextCursor` never changes (a repeating cursor, for test_paging_faults)."""

import re
from typing import Any

from . import Answer, Request, Route


def _job(n: int, **fields: Any) -> dict[str, Any]:
    slug = f"paralegal-{n}"
    return {
        "title": f"Paralegal {n}",
        "excerpt": f"Paralegal work {n}.",
        "companyName": "Acme",
        "companySlug": "acme",
        "companyLogo": "https://cdn.himalayas.app/acme.png",
        "employmentType": "Full Time",
        "minSalary": None,
        "maxSalary": None,
        "salaryPeriod": None,
        "currency": None,
        "seniority": ["Mid-level"],
        "locationRestrictions": ["United States"],
        "timezoneRestrictions": [-5],
        "categories": ["Paralegal"],
        "parentCategories": ["Legal"],
        "description": f"<p>Paralegal work {n}.</p>",
        "pubDate": 1771581600,
        "expiryDate": 4070908800,  # 2099-01-01: open
        "applicationLink": f"https://himalayas.app/companies/acme/jobs/{slug}",
        "guid": f"https://himalayas.app/companies/acme/jobs/{slug}",
        **fields,
    }


JOBS = [
    _job(
        1,
        title="Senior Paralegal",
        companyName="Initech",
        minSalary=70000,
        maxSalary=90000,
        currency="USD",
        locationRestrictions=["United States", "Canada"],
        description="<p>Draft &amp; file.</p><ul><li>Remote, US or Canada</li></ul>",
        applicationLink="https://jobs.lever.co/initech/5f2e",
        guid="https://himalayas.app/companies/initech/jobs/sp",
    ),
    _job(
        2,
        title="Danish Transcription Expert",
        minSalary=24,
        maxSalary=30,
        salaryPeriod="hourly",
        currency="usd",
        employmentType="Contractor",
        expiryDate=4070908800000,
        locationRestrictions=[{"alpha2": "DK", "name": "Denmark", "slug": "denmark"}],
        description=None,
        excerpt="Transcribe Danish audio.",
        pubDate=1771668000000,
    ),
    _job(
        3,
        title="Legal Writer",
        employmentType="Intern",
        expiryDate="2099-05-01T00:00:00Z",
        minSalary=0,
        maxSalary=None,
        currency="EUR",
        locationRestrictions=[],
        pubDate="2026-02-22T08:00:00Z",
    ),
    _job(  # as a real answer carries it: the template's placeholder for a name, the company only in the URLs
        4,
        companyName="name",
        companySlug="acme-corp",
        applicationLink="https://himalayas.app/companies/acme-corp/jobs/paralegal-4",
        guid="https://himalayas.app/companies/acme-corp/jobs/paralegal-4",
    ),
] + [_job(n) for n in range(5, 26)]  # 25 jobs: a page of 20, then 5


def _cursor(offset: int) -> str:
    return f"eyJvZmZzZXQiOj{offset}"  # opaque to the client


def jobs(match: re.Match[str], request: Request) -> Answer:
    limit = min(int(request.arg("limit", "20")), 20)
    cursor = request.arg("cursor")
    offset = int(cursor.removeprefix("eyJvZmZzZXQiOj")) if cursor else 0
    if match["loop"]:
        return Answer({"limit": limit, "totalCount": 999, "nextCursor": _cursor(20), "jobs": JOBS[:20]})
    page = JOBS[offset : offset + limit]
    body: dict[str, Any] = {"offset": offset, "limit": limit, "totalCount": len(JOBS), "jobs": page}
    if offset + limit < len(JOBS):
        body["nextCursor"] = _cursor(offset + limit)
    return Answer(body)


ROUTES = [Route("GET", r"(?P<loop>/loop)?/jobs/api", jobs)]
