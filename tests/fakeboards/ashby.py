"""Ashby public Job Posting API (job_apis.md §3): `/posting-api/job-board/{board}?includeCompensation=true`.

An unknown board gets Ashby's text/plain `Not Found` 404, not JSON.
"""

import re
from typing import Any

from . import Answer, Request, Route


def _component(kind: str, interval: str, low: float | None, high: float | None, currency: str = "USD") -> Any:
    return {"compensationType": kind, "interval": interval, "currencyCode": currency, "minValue": low,
            "maxValue": high}  # fmt: skip


def _tier(title: str, summary: str, note: str | None, *components: Any) -> Any:
    """A `compensationTiers` entry: the employer's title and note, Ashby's summary, each component's summary."""
    parts = [{"id": f"c{n}", "summary": part.pop("summary"), **part} for n, part in enumerate(components, 1)]
    return {"id": f"t-{title}", "tierSummary": summary, "title": title, "additionalInformation": note,
            "components": parts}  # fmt: skip


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
    "initech": [  # sales roles as a real board answers them: the employer labels the tiers on-target earnings
        {
            "id": "5a6b7c8d-0000-4111-8222-333344445555",
            "title": "Account Executive",
            "employmentType": "FullTime",
            "location": "New York, NY",
            "secondaryLocations": [],
            "isListed": True,
            "isRemote": False,
            "workplaceType": "OnSite",
            "descriptionHtml": "<p>Close new business.</p>",
            "publishedAt": "2026-03-10T10:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/initech/5a6b7c8d-0000-4111-8222-333344445555",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {
                "compensationTierSummary": "OTE $168K – $231K • Offers Equity",
                "scrapeableCompensationSalarySummary": "$168K - $231K",
                "compensationTiers": [
                    _tier(
                        "OTE",
                        "OTE $168K – $231K • Offers Equity",
                        None,
                        {"summary": "OTE $168K – $231K", **_component("Salary", "1 YEAR", 168000, 231000)},
                        {"summary": "Offers Equity", **_component("EquityCashValue", "NONE", None, None)},
                    ),
                ],
                "summaryComponents": [_component("Salary", "1 YEAR", 168000, 231000)],
            },
        },
        {
            "id": "6b7c8d9e-0000-4111-8222-333344445555",
            "title": "Sales Development Representative",
            "employmentType": "FullTime",
            "location": "Austin, TX",
            "secondaryLocations": [],
            "isListed": True,
            "workplaceType": "OnSite",
            "descriptionHtml": "<p>Book meetings.</p>",
            "publishedAt": "2026-03-09T10:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/initech/6b7c8d9e-0000-4111-8222-333344445555",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {
                "compensationTierSummary": "$70K – $90K",
                "compensationTiers": [
                    _tier(
                        "Austin",
                        "$70K – $90K",
                        "On-target earnings include commission.",
                        {"summary": "$70K – $90K", **_component("Salary", "1 YEAR", 70000, 90000)},
                    ),
                    _tier(
                        "Remote",
                        "$60K – $80K",
                        None,
                        {"summary": "$60K – $80K", **_component("Salary", "1 YEAR", 60000, 80000)},
                    ),
                ],
                "summaryComponents": [_component("Salary", "1 YEAR", 60000, 90000)],
            },
        },
        {
            "id": "7c8d9e0f-0000-4111-8222-333344445555",
            "title": "Enterprise Account Executive",
            "employmentType": "FullTime",
            "location": "Chicago, IL",
            "secondaryLocations": [],
            "isListed": True,
            "workplaceType": "OnSite",
            "descriptionHtml": "<p>Close large deals.</p>",
            "publishedAt": "2026-03-08T10:00:00.000+00:00",
            "jobUrl": "https://jobs.ashbyhq.com/initech/7c8d9e0f-0000-4111-8222-333344445555",
            "shouldDisplayCompensationOnJobPostings": True,
            "compensation": {
                "compensationTierSummary": "$150K – $200K",
                "compensationTiers": [
                    _tier(
                        "On-Target Earnings (OTE)",
                        "$150K – $200K",
                        None,
                        {"summary": "$150K – $200K", **_component("Salary", "1 YEAR", 150000, 200000)},
                    ),
                ],
                "summaryComponents": [_component("Salary", "1 YEAR", 150000, 200000)],
            },
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
