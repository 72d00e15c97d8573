"""Jobicy (job_apis.md §11): `/api/v2/remote-jobs?count=&geo=&industry=&tag=`, no paging."""

import re

from . import Answer, Request, Route

JOBS = [
    {
        "id": 154087,
        "url": "https://jobicy.com/jobs/154087-senior-paralegal",
        "jobSlug": "154087-senior-paralegal",
        "jobTitle": "Senior Paralegal (AMER)",
        "companyName": "Acme",
        "companyLogo": "https://jobicy.com/data/acme.png",
        "jobIndustry": ["Legal"],
        "jobType": ["Full-Time"],
        "jobGeo": "LATAM, Canada, USA",
        "jobLevel": "Senior",
        "jobExcerpt": "Run the docket.",
        "jobDescription": "<p>Run the <strong>docket</strong> &amp; filings.</p>",
        "pubDate": "2026-09-25T20:54:07+00:00",
        "salaryMin": 120000,
        "salaryMax": 160000,
        "salaryCurrency": "USD",
        "salaryPeriod": "yearly",
        "geo": "usa",
    },
    {
        "id": 154088,
        "url": "https://jobicy.com/jobs/154088-contract-reviewer",
        "jobSlug": "154088-contract-reviewer",
        "jobTitle": "Contract Reviewer",
        "companyName": "Globex",
        "companyLogo": "",
        "jobIndustry": ["Legal"],
        "jobType": ["Part-Time"],
        "jobGeo": "Anywhere",
        "jobLevel": "Any",
        "jobExcerpt": "Review supplier contracts.",
        "jobDescription": "",
        "pubDate": "2025-03-15 02:50:57",
        "salaryMin": "45",
        "salaryMax": "60",
        "salaryCurrency": "eur",
        "salaryPeriod": "hourly",
        "geo": "usa",
    },
    {
        "id": 154089,
        "url": "https://jobicy.com/jobs/154089-legal-ops",
        "jobSlug": "154089-legal-ops",
        "jobTitle": "Legal Operations Analyst",
        "companyName": "Initech",
        "jobIndustry": ["Legal"],
        "jobType": [],
        "jobGeo": "USA",
        "jobLevel": "Midweight",
        "jobExcerpt": "",
        "jobDescription": "<p>Improve tooling.</p>",
        "pubDate": None,
        "geo": "usa",
    },
    {"id": 154090, "url": "https://jobicy.com/jobs/154090", "jobTitle": None, "companyName": "Hooli", "geo": "usa"},
    {
        "id": 154091,
        "url": "https://jobicy.com/jobs/154091-counsel",
        "jobTitle": "Counsel",
        "companyName": "Umbrella",
        "jobGeo": "Europe",
        "jobDescription": "<p>EU role.</p>",
        "jobType": ["Contract"],
        "pubDate": "2026-09-20T10:00:00+00:00",
        "geo": "europe",
    },
]


def remote_jobs(match: re.Match[str], request: Request) -> Answer:
    jobs = [job for job in JOBS if request.arg("geo") in ("", job["geo"])]
    jobs = [{k: v for k, v in job.items() if k != "geo"} for job in jobs][: int(request.arg("count", "100"))]
    if request.arg("tag") == "nomatch":
        return Answer({"apiVersion": "2.2.15", "friendlyNotice": "No jobs match.", "jobCount": 0, "success": True})
    return Answer({
        "apiVersion": "2.2.15",
        "documentationUrl": "https://jobi.cy/apidocs",
        "friendlyNotice": "Please ensure Jobicy is clearly credited with a direct link ...",
        "jobCount": len(jobs),
        "xRayHash": "f3451499",
        "clientKey": "c15cbfc3",
        "lastUpdate": "2026-09-26T07:25:07+00:00",
        "appliedFilters": {k: v[0] for k, v in request.query.items()},
        "success": True,
        "jobs": jobs,
    })  # fmt: skip


ROUTES = [Route("GET", r"/api/v2/remote-jobs", remote_jobs)]
