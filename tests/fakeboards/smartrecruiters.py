"""SmartRecruiters Posting API (job_apis.md §5): `/v1/companies/{company}/postings?limit&offset`.

An unknown company answers 200 with an empty list, as the real API does. `BigCo` has 250 postings (three pages).
"""

import re
from typing import Any

from . import Answer, Request, Route


def _posting(n: int, company: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": str(743999663339000 + n),
        "uuid": f"0b1c2d3e-aaaa-bbbb-cccc-{n:012d}",
        "name": f"Paralegal {n}",
        "refNumber": f"REF{n}",
        "ref": f"https://api.smartrecruiters.com/v1/companies/{company}/postings/{743999663339000 + n}",
        "company": {"identifier": company, "name": f"{company} Corp"},
        "releasedDate": "2026-03-19T10:00:00.000Z",
        "location": {
            "city": "New York",
            "region": "NY",
            "country": "us",
            "remote": False,
            "hybrid": False,
            "fullLocation": "New York, NY, United States",
        },
        "customField": [],
        **fields,
    }


COMPANIES: dict[str, list[dict[str, Any]]] = {
    "Acme": [
        _posting(
            1,
            "Acme",
            name="Litigation Paralegal",
            location={
                "city": "Dubai",
                "region": "",
                "country": "ae",
                "remote": False,
                "hybrid": True,
                "fullLocation": "Dubai, , United Arab Emirates",
            },
            industry={"id": "law_practice", "label": "Law Practice"},
            department={"label": "Legal"},
            function={"id": "legal", "label": "Legal"},
            typeOfEmployment={"id": "permanent", "label": "Full-time"},
            experienceLevel={"id": "mid_senior_level", "label": "Mid-Senior Level"},
        ),
        _posting(
            2,
            "Acme",
            name="Remote Paralegal",
            location={"city": "Austin", "region": "TX", "country": "us", "remote": True},
            typeOfEmployment={"id": "contract", "label": "Contract"},
        ),
        _posting(3, "Acme", name="Paralegal", location={"city": "Chicago", "region": "IL", "country": "us"}),
        _posting(4, "Acme", name=None),
    ],
    "BigCo": [_posting(n, "BigCo") for n in range(250)],
}


def postings(match: re.Match[str], request: Request) -> Answer:
    listed = COMPANIES.get(match["company"], [])
    offset, limit = int(request.arg("offset", "0")), min(100, int(request.arg("limit", "10")))
    page = listed[offset : offset + limit]
    return Answer({"offset": offset, "limit": limit, "totalFound": len(listed), "content": page})


ROUTES = [Route("GET", r"/v1/companies/(?P<company>[^/]+)/postings", postings)]
