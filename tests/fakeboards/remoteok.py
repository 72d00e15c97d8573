"""RemoteOK (job_apis.md §8): `/api`, a JSON array whose first element is the legal notice, not a job."""

import re

from . import Answer, Request, Route

LEGAL = {
    "last_updated": 1786061793,
    "legal": "API Terms of Service: Please link back (with follow, and without nofollow!) to the URL on Remote OK "
    "and mention Remote OK as a source...",
}
JOBS = [
    {
        "slug": "remote-senior-backend-engineer-acme-1234567",
        "id": "1234567",
        "epoch": 1783609455,
        "date": "2026-07-09T15:04:15+00:00",
        "company": "Acme",
        "company_logo": "https://remoteok.com/assets/img/jobs/acme.png",
        "position": "Senior Backend Engineer",
        "tags": ["python", "backend", "dev"],
        "logo": "https://remoteok.com/assets/img/jobs/acme.png",
        "description": "<p>Build services in <b>Python</b>.</p><p>Please mention the word **BRISK** and tag "
        "RMzQuMTk when applying to show you read the job post completely (#RMzQuMTk).</p><p>Remote, async team.</p>",
        "location": "Kalgoorlie, ",
        "apply_url": "https://remoteOK.com/remote-jobs/remote-senior-backend-engineer-acme-1234567/apply",
        "salary_min": 90000,
        "salary_max": 130000,
        "url": "https://remoteOK.com/remote-jobs/remote-senior-backend-engineer-acme-1234567",
    },
    {
        "slug": "remote-paralegal-globex-1234568",
        "id": "1234568",
        "epoch": None,
        "date": "2026-07-08T09:00:00+00:00",
        "company": "Globex",
        "position": "Remote Paralegal",
        "tags": [],
        "description": "<p>Draft contracts &amp; NDAs.</p>",
        "location": "",
        "apply_url": "",
        "salary_min": 0,
        "salary_max": 0,
        "url": "https://remoteOK.com/remote-jobs/remote-paralegal-globex-1234568",
    },
    {
        "slug": "remote-writer-initech-1234569",
        "id": "1234569",
        "epoch": 1783296000,
        "company": "Initech",
        "position": "Technical Writer",
        "description": "",
        "location": "US only",
        "salary_min": 70000,
        "salary_max": 0,
        "url": "https://remoteOK.com/remote-jobs/remote-writer-initech-1234569",
    },
    {
        "slug": "broken-1234570",
        "id": "1234570",
        "epoch": 1783526400,
        "company": "Hooli",
        "url": "https://remoteOK.com/x",
    },
]


def feed(match: re.Match[str], request: Request) -> Answer:
    return Answer([LEGAL, *JOBS])


ROUTES = [Route("GET", r"/api", feed)]
