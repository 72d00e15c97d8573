"""Greenhouse Job Board API (job_apis.md §1): `/v1/boards/{board}/jobs?content=true`, entity-escaped HTML."""

import re

from . import Answer, Request, Route

BOARDS = {
    "acme": [
        {
            "absolute_url": "https://job-boards.greenhouse.io/acme/jobs/4012345001",
            "data_compliance": [{"type": "gdpr", "requires_consent": False, "retention_period": None}],
            "internal_job_id": 3998877001,
            "location": {"name": "Remote - United States"},
            "metadata": [{"id": 555, "name": "Employment Type", "value": "Full-time", "value_type": "single_select"}],
            "id": 4012345001,
            "updated_at": "2026-03-02T11:20:00-05:00",
            "requisition_id": "ENG-101",
            "title": "Senior Paralegal",
            "company_name": "Acme",
            "first_published": "2026-02-20T09:00:00-05:00",
            "language": "en",
            "application_deadline": None,
            "content": "&lt;p&gt;Draft filings &amp;amp; manage dockets. Pay: $150,000 &amp;mdash; $190,000 USD"
            "&lt;/p&gt;&lt;style&gt;p {color: red}&lt;/style&gt;&lt;ul&gt;&lt;li&gt;Westlaw&lt;/li&gt;&lt;li&gt;"
            "401k match&lt;/li&gt;&lt;/ul&gt;",
            "departments": [{"id": 13583, "name": "Legal", "parent_id": None, "child_ids": []}],
            "offices": [{"id": 8304, "name": "Remote US", "location": "United States", "parent_id": None}],
        },
        {
            "absolute_url": "https://acme.example.com/careers?gh_jid=4012345002",
            "internal_job_id": 3998877002,
            "location": {"name": "Hybrid - New York, NY"},
            "metadata": [
                {"id": 556, "name": "Location Type", "value": "Hybrid", "value_type": "single_select"},
                {"id": 557, "name": "Job Type", "value": ["Contract"], "value_type": "multi_select"},
            ],
            "id": 4012345002,
            "updated_at": "2026-03-05T08:00:00-05:00",
            "requisition_id": None,
            "title": "Litigation Paralegal",
            "company_name": "Acme",
            "first_published": None,
            "application_deadline": "2099-04-30T23:59:59-04:00",
            "content": "&lt;p&gt;Support trial teams.&lt;/p&gt;",
            "departments": [],
            "offices": [],
        },
        {"id": 4012345003, "title": "", "absolute_url": "https://job-boards.greenhouse.io/acme/jobs/4012345003"},
    ],
    "emptyco": [],
    # A board whose fields are far longer than any real posting's: each is cut at ingest.
    "longco": [
        {
            "absolute_url": "https://job-boards.greenhouse.io/longco/jobs/4012345009",
            "location": {"name": "New York, NY; " * 100},
            "metadata": [],
            "id": 4012345009,
            "updated_at": "2026-03-05T08:00:00-05:00",
            "title": ("Paralegal " + "Litigation-Support " * 158)[:3000],
            "company_name": "Longco " * 150,
            "first_published": "2026-03-01T08:00:00-05:00",
            "content": "&lt;p&gt;" + "Draft filings. " * 20_000 + "&lt;/p&gt;",  # 300,000 characters of text
            "departments": [],
            "offices": [],
        }
    ],
    # Pay stated the way Greenhouse's pay-transparency block writes it, each bound in its own <span>, after an
    # intro with sums that are not pay.
    "payband": [
        {
            "absolute_url": "https://job-boards.greenhouse.io/payband/jobs/7701001",
            "internal_job_id": 7700001,
            "location": {"name": "San Francisco, CA"},
            "metadata": None,
            "id": 7701001,
            "updated_at": "2026-03-10T10:00:00-04:00",
            "requisition_id": "ML-7",
            "title": "Senior Machine Learning Engineer",
            "company_name": "Payband",
            "first_published": "2026-03-09T10:00:00-04:00",
            "language": "en",
            "content": "&lt;div class=&quot;content-intro&quot;&gt;&lt;p&gt;Payband has raised $73 million from "
            "investors.&lt;/p&gt;&lt;/div&gt;&lt;p&gt;Train ranking models.&lt;/p&gt;&lt;h3&gt;Benefits&lt;/h3&gt;"
            "&lt;ul&gt;&lt;li&gt;Fertility HRA (up to $10,000 per year)&lt;/li&gt;&lt;li&gt;Funding for compute "
            "(~$15k/month)&lt;/li&gt;&lt;/ul&gt;&lt;div class=&quot;content-pay-transparency&quot;&gt;&lt;div "
            "class=&quot;pay-input&quot;&gt;&lt;div class=&quot;description&quot;&gt;&lt;p&gt;The base salary "
            "range for this role is below.&lt;/p&gt;&lt;/div&gt;&lt;div class=&quot;title&quot;&gt;US Base Salary"
            "&lt;/div&gt;&lt;div class=&quot;pay-range&quot;&gt;&lt;span&gt;$139,200&lt;/span&gt;&lt;span "
            "class=&quot;divider&quot;&gt;&amp;mdash;&lt;/span&gt;&lt;span&gt;$235,200 USD&lt;/span&gt;&lt;/div&gt;"
            "&lt;/div&gt;&lt;/div&gt;",
            "departments": [{"id": 201, "name": "Machine Learning", "parent_id": None, "child_ids": []}],
            "offices": [{"id": 301, "name": "San Francisco", "location": "San Francisco, CA", "parent_id": None}],
        },
        {
            "absolute_url": "https://job-boards.greenhouse.io/payband/jobs/7701002",
            "internal_job_id": 7700002,
            "location": {"name": "San Francisco, CA"},
            "metadata": None,
            "id": 7701002,
            "updated_at": "2026-03-10T10:00:00-04:00",
            "requisition_id": "OPS-2",
            "title": "Office Manager",
            "company_name": "Payband",
            "first_published": "2026-03-09T10:00:00-04:00",
            "language": "en",
            "content": "&lt;p&gt;Payband has raised $73 million.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Fertility HRA (up to "
            "$10,000 per year)&lt;/li&gt;&lt;li&gt;$2,000 relocation&lt;/li&gt;&lt;/ul&gt;",
            "departments": [],
            "offices": [],
        },
        {
            "absolute_url": "https://job-boards.greenhouse.io/payband/jobs/7701003",
            "internal_job_id": 7700003,
            "location": {"name": "Remote - Canada"},
            "metadata": None,
            "id": 7701003,
            "updated_at": "2026-03-10T10:00:00-04:00",
            "requisition_id": "SALES-3",
            "title": "Account Executive",
            "company_name": "Payband",
            "first_published": "2026-03-09T10:00:00-04:00",
            "language": "en",
            "content": "&lt;p&gt;Close new business.&lt;/p&gt;&lt;p&gt;&lt;strong&gt;Compensation:&lt;/strong&gt; "
            "CA$80,000 base, CA$160,000 OTE&lt;/p&gt;",
            "departments": [],
            "offices": [],
        },
    ],
}


def jobs(match: re.Match[str], request: Request) -> Answer:
    board = BOARDS.get(match["board"])
    if board is None:
        return Answer({"status": 404, "error": "Job not found"}, 404)
    listed = [dict(job) for job in board]
    if request.arg("content") != "true":
        for job in listed:
            for key in ("content", "departments", "offices"):
                job.pop(key, None)
    return Answer({"jobs": listed, "meta": {"total": len(listed)}})


ROUTES = [Route("GET", r"/v1/boards/(?P<board>[^/]+)/jobs", jobs)]
