"""Ashby public Job Posting API (job_apis.md §3): `/posting-api/job-board/{board}?includeCompensation=true`.

An unknown board gets Ashby's text/plain `Not Found` 404, not JSON.
"""

import re
from typing import Any

from . import Answer, Request, Route


def _component(kind: str, interval: str, low: float | None, high: float | None, currency: str = "USD") -> Any:
    return {"compensationType": kind, "interval": interval, "currencyCode": currency, "minValue": low,
            "maxValue": high}  # fmt: skip


BOARDS: dict[str, list[dict[str, Any]]] = {
    "acme": [
        {
            "id": "7458d4e9-da2e-47bd-98cb-adfda43d42b2",
            "title": "Senior Paralegal",
            "department": "Legal",
            "team": "Litigation",
            "employmentType": "FullTime",
            "location": "New York, NY (HQ)",
            "secondaryLocations": [
                {"location": "Remote (US)", "address": {"postalAddress": {"addressCountry": "United States"}}}
            ],
            "isListed": True,
            "isRemote": True,  # true on most hybrid jobs: ignored
            "workplaceType": "Hybrid",
            "address": {"postalAddress": {"addressLocality": "New York", "addressCountry": "USA"}},
            "descriptionHtml": "<p>Draft motions.</p><ul><li>Westlaw</li></ul>",
            "descriptionPlain": "Draft motions.\nWestlaw",
            "publishedAt": "2026-03-12T16:38:15.322+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/acme/7458d4e9-da2e-47bd-98cb-adfda43d42b2",
            "applyUrl": "https://jobs.ashbyhq.com/acme/7458d4e9-da2e-47bd-98cb-adfda43d42b2/application",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {
                "compensationTierSummary": "$80K – $95K • Offers Equity",
                "scrapeableCompensationSalarySummary": "$80K - $95K",
                "compensationTiers": [],
                "summaryComponents": [
                    _component("EquityPercentage", "NONE", 0.01, 0.05, ""),  # equity first, as seen on one board
                    _component("Salary", "1 YEAR", 80000, 95000),
                ],
            },
        },
        {
            "id": "1c2d3e4f-0000-4111-8222-333344445555",
            "title": "Paralegal",
            "employmentType": "PartTime",
            "location": "Boston, MA",
            "secondaryLocations": [],
            "isListed": True,
            "isRemote": None,
            "workplaceType": "OnSite",
            "descriptionHtml": "<p>Manage dockets. Remote days by arrangement.</p>",
            "publishedAt": "2026-03-01T09:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/acme/1c2d3e4f-0000-4111-8222-333344445555",
            "applyUrl": "https://jobs.ashbyhq.com/acme/1c2d3e4f-0000-4111-8222-333344445555/application",
            "shouldDisplayCompensationOnJobPostings": False,  # the numbers are in the payload, withheld
            "compensation": {"summaryComponents": [_component("Salary", "1 YEAR", 60000, 70000)]},
        },
        {
            "id": "2d3e4f5a-0000-4111-8222-333344445555",
            "title": "Contract Paralegal",
            "employmentType": "Contract",
            "location": "United States",
            "isListed": True,
            "isRemote": False,
            "workplaceType": "Remote",
            "descriptionPlain": "Review documents.",
            "publishedAt": "2026-02-20T10:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/acme/2d3e4f5a-0000-4111-8222-333344445555",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {"summaryComponents": [_component("Salary", "1 HOUR", 40, 55)]},
        },
        {
            "id": "3e4f5a6b-0000-4111-8222-333344445555",
            "title": "Paralegal (internal transfer)",
            "location": "New York, NY",
            "isListed": False,
            "workplaceType": "OnSite",
            "jobUrl": "https://jobs.ashbyhq.com/acme/3e4f5a6b-0000-4111-8222-333344445555",
        },
        {
            "id": "4f5a6b7c-0000-4111-8222-333344445555",
            "title": "Legal Operations Paralegal",
            "employmentType": "Intern",
            "location": "Austin, TX",
            "isListed": True,
            "workplaceType": None,
            "descriptionHtml": "<p>The pay for this role is $65,000 - $75,000 per year.</p>",
            "publishedAt": "2026-02-01T10:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/acme/4f5a6b7c-0000-4111-8222-333344445555",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {"compensationTierSummary": None, "summaryComponents": []},  # no pay published
        },
    ],
}


def board(match: re.Match[str], request: Request) -> Answer:
    jobs = BOARDS.get(match["board"])
    if jobs is None:
        return Answer("Not Found", 404, content_type="text/plain")
    listed = [dict(job) for job in jobs]
    if request.arg("includeCompensation") != "true":
        for job in listed:
            job.pop("compensation", None)
    return Answer({"apiVersion": "1", "jobs": listed})


ROUTES = [Route("GET", r"/posting-api/job-board/(?P<board>[^/]+)", board)]
