"""Lever Postings API (job_apis.md §2): `/v0/postings/{site}?mode=json&skip&limit`, a bare JSON array.

`bigco` has 230 postings (three pages of 100); `stubborn` ignores `skip` and sends its first page every time.
`heavy1`..`heavy9` have 230 postings each with a 10 KB description of words no other posting shares (about 1 MB a
page): large bodies for the sweep's byte budget, made on the first request.
"""

import functools
import random
import re

from . import Answer, Request, Route

SITES = {
    "acme": [
        {
            "id": "5ac21346-8e0c-4494-8e7a-3eb92ff77902",
            "text": "Senior Paralegal",
            "createdAt": 1760000000000,
            "categories": {
                "commitment": "Full-time",
                "department": "Legal",
                "location": "Toronto, ON",
                "team": "Litigation",
                "allLocations": ["Toronto, ON", "Remote - Canada"],
            },
            "country": "CA",
            "workplaceType": "hybrid",
            "opening": "<div>About us</div>",
            "openingPlain": "About us",
            "description": "<div>About us</div><div>The role</div>",
            "descriptionPlain": "About us\nThe role: draft motions & briefs",
            "descriptionBody": "<div>The role</div>",
            "descriptionBodyPlain": "The role",
            "lists": [{"text": "Requirements", "content": "<li>Westlaw</li><li>E-filing</li>"}],
            "additional": "<div>Benefits</div>",
            "additionalPlain": "Benefits: dental",
            "hostedUrl": "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902",
            "applyUrl": "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply",
            "salaryRange": {"currency": "CAD", "interval": "per-year-salary", "min": 100, "max": 130},
            "salaryDescription": "<div>Base salary</div>",
            "salaryDescriptionPlain": "Base salary",
        },
        {
            "id": "9f0e8d7c-1111-4222-8333-444455556666",
            "text": "Paralegal (Contract)",
            "createdAt": 1761000000000,
            "categories": {"commitment": "Contract", "location": "New York, NY", "team": "Corporate"},
            "country": "US",
            "workplaceType": "onsite",  # seen live without the hyphen
            "description": "<p>Prepare closing binders; remote training first.</p>",
            "lists": [],
            "hostedUrl": "https://jobs.lever.co/acme/9f0e8d7c-1111-4222-8333-444455556666",
            "salaryRange": {"currency": "usd", "interval": "per-hour-wage", "min": 38, "max": 45},
        },
        {
            "id": "0b1c2d3e-aaaa-4bbb-8ccc-1234567890ab",
            "text": "Immigration Paralegal",
            "createdAt": 1762000000000,
            "categories": {"location": "Remote - US", "allLocations": ["Remote - US"]},
            "workplaceType": "unspecified",
            "descriptionPlain": "Work with attorneys on visa petitions.",
            "hostedUrl": "https://jobs.lever.co/acme/0b1c2d3e-aaaa-4bbb-8ccc-1234567890ab",
            "applyUrl": "https://jobs.lever.co/acme/0b1c2d3e-aaaa-4bbb-8ccc-1234567890ab/apply",
            "salaryDescriptionPlain": "The range for this role is $70,000 - $85,000 per year.",
        },
        {
            "id": "7d6c5b4a-2222-4333-8444-555566667777",
            "text": "Legal Assistant",
            "createdAt": 1762500000000,
            "categories": {"location": "Chicago, IL", "commitment": "Part Time - Regular"},  # each company's words
            "workplaceType": "on-site",
            "descriptionPlain": "Support the docket team. Hybrid schedules are not offered.",
        },
        {"id": "deadbeef-0000-4000-8000-000000000000", "text": "", "hostedUrl": "https://jobs.lever.co/acme/x"},
    ],
    "bigco": [
        {
            "id": f"00000000-0000-4000-8000-{n:012d}",
            "text": f"Paralegal {n}",
            "createdAt": 1760000000000 + n,
            "categories": {"location": "New York, NY"},
            "workplaceType": "on-site",
            "hostedUrl": f"https://jobs.lever.co/bigco/00000000-0000-4000-8000-{n:012d}",
        }
        for n in range(230)
    ],
    "emptyco": [],
}
SITES["stubborn"] = SITES["bigco"]


HEAVY_DESCRIPTION_WORDS = 1_100


@functools.cache
def heavy_site(site: str) -> list[dict[str, object]]:
    """230 New York paralegal postings whose descriptions are distinct words (no two read as copies)."""
    rng = random.Random(site)
    return [
        {
            "id": f"00000000-0000-4000-9000-{n:012d}",
            "text": f"Paralegal {n}",
            "createdAt": 1760000000000 + n,
            "categories": {"location": "New York, NY"},
            "workplaceType": "on-site",
            "descriptionPlain": " ".join(f"{rng.getrandbits(32):08x}" for _ in range(HEAVY_DESCRIPTION_WORDS)),
            "hostedUrl": f"https://jobs.lever.co/{site}/00000000-0000-4000-9000-{n:012d}",
        }
        for n in range(230)
    ]


def postings(match: re.Match[str], request: Request) -> Answer:
    site = match["site"]
    listed = heavy_site(site) if re.fullmatch(r"heavy[1-9]", site) else SITES.get(site)
    if listed is None:
        return Answer({"ok": False, "error": "Document not found"}, 404)
    if request.arg("mode") != "json":
        return Answer("<html><body>Jobs</body></html>", content_type="text/html")
    skip = 0 if site == "stubborn" else int(request.arg("skip", "0"))
    limit = int(request.arg("limit", "0")) or len(listed)
    return Answer(listed[skip : skip + limit])


ROUTES = [Route("GET", r"/v0/postings/(?P<site>[^/]+)", postings)]
