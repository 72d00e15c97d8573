"""Remotive (job_apis.md §7): `/api/remote-jobs`, one object with hyphenated keys; filters are ignored."""

import re

from . import Answer, Request, Route

JOBS = [
    {
        "id": 1185979,
        "url": "https://remotive.com/remote-jobs/legal/senior-paralegal-1185979",
        "title": "Senior Paralegal",
        "company_name": "Acme &amp; Co",
        "company_logo": "https://remotive.com/job/1185979/logo",
        "company_logo_url": "https://remotive.com/job/1185979/logo",
        "category": "Legal",
        "tags": ["litigation", "e-discovery"],
        "job_type": "full_time",
        "publication_date": "2026-07-04T23:30:00",
        "candidate_required_location": "USA, CST (UTC-6)",
        "salary": "$150k - $230k",
        "description": "<p>Manage <b>dockets</b> &amp; filings.</p><ul><li>Westlaw</li></ul>",
    },
    {
        "id": 1185980,
        "url": "https://remotive.com/remote-jobs/legal/contract-paralegal-1185980",
        "title": "Contract Paralegal",
        "company_name": "Globex",
        "company_logo": None,
        "company_logo_url": None,
        "category": "Legal",
        "tags": [],
        "job_type": "freelance",
        "publication_date": "2026-07-02T08:00:00",
        "candidate_required_location": "Worldwide",
        "salary": "$50-$75 /hour",
        "description": "<p>Review contracts. Work from anywhere.</p>",
    },
    {
        "id": 1185981,
        "url": "https://remotive.com/remote-jobs/legal/legal-assistant-1185981",
        "title": "Legal Assistant",
        "company_name": "Initech",
        "category": "Legal",
        "tags": None,
        "job_type": "part_time",
        "publication_date": None,
        "candidate_required_location": "",
        "salary": "Competitive",
        "description": "",
    },
    {
        "id": 1185982,
        "url": "https://remotive.com/remote-jobs/legal/unnamed-1185982",
        "title": "Docket Clerk",
        "company_name": None,
        "publication_date": "2026-07-01T00:00:00",
        "salary": "",
        "description": "<p>No company.</p>",
    },
]


def remote_jobs(match: re.Match[str], request: Request) -> Answer:
    return Answer({"0-legal-notice": "Remotive API Legal Notice", "job-count": len(JOBS),
                   "total-job-count": len(JOBS), "jobs": JOBS})  # fmt: skip


ROUTES = [Route("GET", r"/api/remote-jobs", remote_jobs)]
