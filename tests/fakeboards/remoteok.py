"""RemoteOK (job_apis.md §8): `/api`, a JSON array whose first element is the legal notice, not a job. Under
`/placed/` the feed holds jobs a company posts for a town, each saying "remote" about the company elsewhere."""

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


_TRIPWIRE = (
    "<br/><br/>Please mention the word **{word}** and tag RMTIwLjU2LjI0My41NQ== when applying to show you read the "
    "job post completely (#RMTIwLjU2LjI0My41NQ==). This is a beta feature to avoid spam applicants. Companies can "
    "search these words to find applicants that read this and see they're human."
)


def _placed(n: int, position: str, company: str, location: str, text: str, tags: list[str]) -> dict[str, object]:
    """A job as the real feed carries one that a company posts for a town: a remote board, on-site work."""
    slug = f"remote-{position.lower().replace(' ', '-')}-{company.lower().replace(' ', '-')}-{1097000 + n}"
    return {
        "slug": slug, "id": str(1097000 + n), "epoch": 1756382403 - n * 3600,
        "date": "2025-08-28T12:00:03+00:00", "company": company,
        "company_logo": f"https://remoteok.com/assets/img/jobs/{n}.png", "position": position, "tags": tags,
        "logo": f"https://remoteok.com/assets/img/jobs/{n}.png",
        "description": text + _TRIPWIRE.format(word=f"WORD{n}"), "location": location,
        "salary_min": 0, "salary_max": 0, "apply_url": f"https://remoteOK.com/remote-jobs/{slug}",
        "url": f"https://remoteOK.com/remote-jobs/{slug}",
    }  # fmt: skip


_HEAD_OFFICE = "<p>Our head office teams enjoy a remote-first culture and a remote work environment.</p>"
PLACED = [  # each says remote somewhere, about the company, while the job itself is in a town
    _placed(1, "Mobile Valeter", "Arnold Clark", "Inverness",
            "<p>Based in Inverness, you will prepare used cars for handover.</p>" + _HEAD_OFFICE, ["non tech"]),
    _placed(2, "Senior Editor", "AFAR", "New York, NY",
            "<p><b>Work location:</b> Our company is fully remote, but this role must be based in New York.</p>"
            "<p>Ability to cooperate with freelancers in a remote work environment.</p>", ["content", "non tech"]),
    _placed(3, "Warehouse Operative", "Parcelco", "Leeds",
            "<p>You will work at our depot in Leeds on a rotating shift pattern.</p>" + _HEAD_OFFICE, ["non tech"]),
    _placed(4, "Field Service Engineer", "Subsea Tools", "Aberdeen",
            "<p>This role is on-site in Aberdeen.</p>" + _HEAD_OFFICE, ["engineer"]),
    _placed(5, "Store Manager", "Highland Outdoor", "Fort William",
            "<p>Lead the team at our Fort William store.</p>" + _HEAD_OFFICE, ["manager", "non tech"]),
    _placed(6, "Laboratory Technician", "Genlab", "Cambridge",
            "<p>The position is based at our Cambridge site.</p>" + _HEAD_OFFICE, ["non tech"]),
    _placed(7, "Practice Nurse", "Northcare", "Manchester",
            "<p>You will be based at our Manchester clinic.</p>" + _HEAD_OFFICE, ["medical", "non tech"]),
    _placed(8, "HGV Driver", "Tayside Haulage", "Perth",
            "<p>Shifts start and finish at our Perth depot.</p>" + _HEAD_OFFICE, ["driver", "non tech"]),
    _placed(9, "Sous Chef", "The Grain Store", "Edinburgh",
            "<p>You will cook on site at our Edinburgh restaurant.</p>" + _HEAD_OFFICE, ["non tech"]),
    _placed(10, "Retail Assistant", "Bookshop Co", "Dundee",
            "<p>This job is located in Dundee city centre.</p>" + _HEAD_OFFICE, ["non tech"]),
    # still remote: the location says so, a remote role within a country, a choice that includes remote
    _placed(11, "Customer Support Agent", "Arnold Clark", "Remote",
            "<p>Our headquarters are based in Glasgow.</p>", ["support"]),
    _placed(12, "Payroll Specialist", "Initech", "",
            "<p>This is a fully remote role; you must be based in the UK.</p>", ["finance"]),
    _placed(13, "Claims Handler", "Globex", "",
            "<p>You can be based in Inverness or work remotely from anywhere in Scotland.</p>", ["insurance"]),
]  # fmt: skip


def feed(match: re.Match[str], request: Request) -> Answer:
    return Answer([LEGAL, *(PLACED if match["placed"] else JOBS)])


ROUTES = [Route("GET", r"(?P<placed>/placed)?/api", feed)]
