"""Writes tests/relevance/boards/ (each board's API answer, shaped as the real API sends it) and labels.csv from
the hand-written sources in tests/relevance/src/*.yaml, so a posting and its grades are written side by side.

Run: python tools/relevance_boards.py   (then commit src/, boards/ and labels.csv together)
"""

import csv
import html
import json
import re
import sys
import uuid
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parents[1] / "tests" / "relevance"
PROFILES = {
    "be": "backend_nyc", "de": "data_sf", "ae": "ae_nyc", "hr": "hr_austin", "ea": "ea_remote_us",
    "cs": "csm_london", "fr": "dev_paris", "rn": "nurse_toronto", "mk": "marketing_berlin",
}  # fmt: skip
# Shorthands for place_ok lists; each posting's list is still chosen by hand, posting by posting.
GROUPS = {
    "ww": list(PROFILES), "us": ["be", "de", "ae", "hr", "ea"], "nyc": ["be", "ae"], "europe": ["cs", "fr", "mk"],
    "eu": ["fr", "mk"], "na": ["be", "de", "ae", "hr", "ea", "rn"], "none": [],
}  # fmt: skip
NAMESPACE = uuid.UUID("6f1d3c2a-5b4e-4c1d-9a8b-7e6f5d4c3b2a")
LEGAL_REMOTEOK = {
    "last_updated": 1796112000,
    "legal": "API Terms of Service: Please link back (with follow, and without nofollow!) to the URL on Remote OK "
    "and mention Remote OK as a source, so we get traffic back from your site. If you do not we'll have to suspend API "
    "access.",
}
DEFAULT_EEO = (
    "We are an equal opportunity employer. All qualified applicants will receive consideration for employment without "
    "regard to race, color, religion, sex, sexual orientation, gender identity, national origin, disability, or "
    "protected veteran status."
)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def paragraphs(job: dict[str, Any], board: dict[str, Any]) -> list[tuple[str, list[str] | str]]:
    """The posting's sections, in the order real postings put them: about us, the role, requirements, benefits, EEO."""
    company = board.get("companies", {}).get(job.get("co", board.get("company")), {})
    about = job.get("about") or company.get("about") or board.get("about", "")
    benefits = job.get("benefits") or company.get("benefits") or board.get("benefits", "")
    sections: list[tuple[str, list[str] | str]] = []
    if about:
        sections.append(("About us", about))
    sections.append(("The role", job["d"]))
    if job.get("req"):
        sections.append(("What you bring", [line.strip() for line in job["req"].split(";") if line.strip()]))
    if job.get("pay"):
        sections.append(("Compensation", job["pay"]))
    if benefits:
        sections.append(("Benefits", benefits))
    process = job.get("process") or company.get("process") or board.get("process", "")
    if process:
        sections.append(("How we hire", process))
    sections.append(("", job.get("eeo") or company.get("eeo") or board.get("eeo", DEFAULT_EEO)))
    return sections


def as_html(sections: list[tuple[str, list[str] | str]]) -> str:
    out = []
    for head, body in sections:
        if head:
            out.append(f"<h3>{html.escape(head)}</h3>")
        if isinstance(body, list):
            out.append("<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in body) + "</ul>")
        else:
            out.extend(f"<p>{html.escape(part.strip())}</p>" for part in body.split("\n\n") if part.strip())
    return "".join(out)


def as_plain(sections: list[tuple[str, list[str] | str]]) -> str:
    out = []
    for head, body in sections:
        if head:
            out.append(head)
        out.append("\n".join(f"- {item}" for item in body) if isinstance(body, list) else body.strip())
    return "\n\n".join(out)


def when(job: dict[str, Any]) -> str:
    return f"{job.get('date', '2026-11-20')}T{job.get('time', '14:30:00')}"


def epoch(job: dict[str, Any]) -> int:
    import datetime as dt

    return int(dt.datetime.fromisoformat(when(job) + "+00:00").timestamp())


def company_of(job: dict[str, Any], board: dict[str, Any]) -> str:
    return str(job.get("co") or board.get("company") or "")


def greenhouse(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    source, out, ids = board["file"], [], []
    for job in jobs:
        n = int(job["id"])
        ids.append(str(n))
        offices = [{"id": 9000 + i, "name": name, "location": name, "parent_id": None}
                   for i, name in enumerate(job.get("offices", []))]  # fmt: skip
        meta = [
            {"id": 555, "name": "Employment Type", "value": job.get("type", "Full-time"), "value_type": "single_select"}
        ]
        if job.get("wp"):
            meta.append({"id": 556, "name": "Location Type", "value": job["wp"], "value_type": "single_select"})
        out.append(
            {
                "absolute_url": f"https://job-boards.greenhouse.io/{source}/jobs/{n}",
                "data_compliance": [{"type": "gdpr", "requires_consent": False, "retention_period": None}],
                "internal_job_id": n - 113000,
                "location": {"name": job.get("at", "")},
                "metadata": meta,
                "id": n,
                "updated_at": when(job) + "-05:00",
                "requisition_id": f"R-{n % 10000:04d}",
                "title": job["t"],
                "company_name": company_of(job, board),
                "first_published": when(job) + "-05:00",
                "language": job.get("lang", "en"),
                "application_deadline": None,
                "content": html.escape(as_html(paragraphs(job, board)), quote=True),
                "departments": [
                    {
                        "id": 4000 + len(job.get("dept", "")),
                        "name": job.get("dept", "General"),
                        "parent_id": None,
                        "child_ids": [],
                    }
                ],
                "offices": offices,
            }
        )
    return {"jobs": out, "meta": {"total": len(out)}}, ids


def lever(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    source, out, ids = board["file"], [], []
    for job in jobs:
        ident = str(uuid.uuid5(NAMESPACE, f"lever-{source}-{job['id']}"))
        ids.append(ident)
        sections = paragraphs(job, board)
        opening, body, lists, extra = sections[:1], [s for s in sections[1:] if not isinstance(s[1], list)], [
            s for s in sections if isinstance(s[1], list)], sections[-1:]  # fmt: skip
        body = [s for s in body if s not in extra]
        entry = {
            "additional": as_html(extra),
            "additionalPlain": as_plain(extra),
            "categories": {
                "commitment": job.get("type", "Full-time"),
                "department": job.get("dept", ""),
                "location": job.get("at", ""),
                "team": job.get("team", job.get("dept", "")),
                "allLocations": job.get("all", [job["at"]] if job.get("at") else []),
            },
            "createdAt": epoch(job) * 1000,
            "descriptionPlain": as_plain(opening + body),
            "description": as_html(opening + body),
            "descriptionBody": as_html(body),
            "descriptionBodyPlain": as_plain(body),
            "opening": as_html(opening),
            "openingPlain": as_plain(opening),
            "id": ident,
            "lists": [
                {"text": head, "content": "".join(f"<li>{html.escape(i)}</li>" for i in items)}
                for head, items in lists
                if isinstance(items, list)
            ],
            "text": job["t"],
            "country": job.get("country"),
            "workplaceType": job.get("wp", "unspecified"),
            "hostedUrl": f"https://jobs.lever.co/{source}/{ident}",
            "applyUrl": f"https://jobs.lever.co/{source}/{ident}/apply",
        }
        out.append(entry)
    return out, ids


def ashby(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    source, out, ids = board["file"], [], []
    for job in jobs:
        ident = str(uuid.uuid5(NAMESPACE, f"ashby-{source}-{job['id']}"))
        ids.append(ident)
        sections = paragraphs(job, board)
        wp = job.get("wp", "OnSite")
        out.append(
            {
                "id": ident,
                "title": job["t"],
                "department": job.get("dept", ""),
                "team": job.get("team", job.get("dept", "")),
                "employmentType": job.get("type", "FullTime"),
                "location": job.get("at", ""),
                "secondaryLocations": [
                    {"location": name, "address": {"postalAddress": {"addressCountry": ""}}}
                    for name in job.get("also", [])
                ],
                "isListed": True,
                "isRemote": wp == "Remote",
                "workplaceType": wp,
                "address": {
                    "postalAddress": {
                        "addressLocality": job.get("city", ""),
                        "addressRegion": "",
                        "addressCountry": job.get("country", ""),
                    }
                },
                "descriptionHtml": as_html(sections),
                "descriptionPlain": as_plain(sections),
                "publishedAt": when(job) + ".000+00:00",
                "jobUrl": f"https://jobs.ashbyhq.com/{source}/{ident}",
                "applyUrl": f"https://jobs.ashbyhq.com/{source}/{ident}/application",
                "shouldDisplayCompensationOnJobPostings": False,
            }
        )
    return {"apiVersion": "1", "jobs": out}, ids


def remoteok(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    out: list[Any] = [LEGAL_REMOTEOK]
    ids = []
    for job in jobs:
        n = str(job["id"])
        ids.append(n)
        name = slug(f"remote {job['t']} {company_of(job, board)} {n}")
        lo, hi = job.get("salary", [0, 0])
        out.append({
            "slug": name, "id": n, "epoch": epoch(job), "date": when(job) + "+00:00", "company": company_of(job, board),
            "company_logo": "", "position": job["t"], "tags": job.get("tags", []), "logo": "",
            "description": as_html(paragraphs(job, board)), "location": job.get("at", ""),
            "apply_url": f"https://remoteOK.com/remote-jobs/{name}/apply", "salary_min": lo, "salary_max": hi,
            "url": f"https://remoteOK.com/remote-jobs/{name}",
        })  # fmt: skip
    return out, ids


def remotive(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    out, ids = [], []
    for job in jobs:
        n = int(job["id"])
        ids.append(str(n))
        out.append({
            "id": n, "url": f"https://remotive.com/remote-jobs/{job.get('cat', 'all-others')}/{slug(job['t'])}-{n}",
            "title": job["t"], "company_name": html.escape(company_of(job, board)),
            "company_logo": f"https://remotive.com/job/{n}/logo", "company_logo_url": f"https://remotive.com/job/{n}/logo",
            "category": job.get("category", "All others"), "tags": job.get("tags", []),
            "job_type": job.get("type", "full_time"), "publication_date": when(job),
            "candidate_required_location": job.get("at", ""), "salary": job.get("salary", ""),
            "description": as_html(paragraphs(job, board)),
        })  # fmt: skip
    return {"0-legal-notice": "Remotive API Legal Notice", "job-count": len(out), "total-job-count": len(out),
            "jobs": out}, ids  # fmt: skip


def himalayas(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    out, ids = [], []
    for job in jobs:
        company = company_of(job, board)
        guid = f"https://himalayas.app/companies/{slug(company)}/jobs/{slug(job['t'])}-{job['id']}"
        ids.append(guid)
        lo, hi = job.get("salary", [None, None])
        text = as_html(paragraphs(job, board))
        out.append({
            "title": job["t"], "excerpt": job["d"].split(". ")[0][:200], "companyName": company,
            "companySlug": slug(company), "companyLogo": f"https://cdn.himalayas.app/{slug(company)}.png",
            "employmentType": job.get("type", "Full Time"), "minSalary": lo, "maxSalary": hi,
            "salaryPeriod": "annual" if lo else None, "currency": job.get("currency", "USD") if lo else None,
            "seniority": job.get("seniority", ["Mid-level"]), "locationRestrictions": job.get("at", []),
            "timezoneRestrictions": job.get("tz", []), "categories": job.get("categories", []),
            "parentCategories": job.get("parents", []), "description": text, "pubDate": epoch(job),
            "expiryDate": epoch(job) + 60 * 86400, "applicationLink": job.get("apply", guid), "guid": guid,
        })  # fmt: skip
    assert len(out) <= 20, "a Himalayas page holds at most 20 jobs: split the file"
    return {"offset": 0, "limit": 20, "totalCount": len(out), "jobs": out}, ids


def workday(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    out, ids = [], []
    for job in jobs:
        req = f"{board.get('prefix', 'R')}{job['id']}"
        ids.append(req)
        entry = {"title": job["t"], "externalPath": f"/job/{slug(job.get('path', job['at'])).title()}/"
                 f"{slug(job['t']).title().replace('-', '-')}_{req}", "locationsText": job["at"],
                 "postedOn": job.get("posted", "Posted 3 Days Ago"), "bulletFields": [req]}  # fmt: skip
        if job.get("wp"):
            entry["remoteType"] = job["wp"]
        out.append(entry)
    assert len(out) <= 20, "a Workday page holds at most 20 postings: split the file"
    facets = [{"facetParameter": "locationMainGroup", "descriptor": "Locations", "values": []}]
    return {"total": len(out), "jobPostings": out, "facets": facets}, ids


def smartrecruiters(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    source, out, ids = board["file"], [], []
    for job in jobs:
        n = str(744000000000000 + int(job["id"]))
        ids.append(n)
        loc = job["loc"]
        out.append({
            "id": n, "uuid": str(uuid.uuid5(NAMESPACE, f"sr-{source}-{job['id']}")), "name": job["t"],
            "refNumber": f"REF{job['id']}", "ref": f"https://api.smartrecruiters.com/v1/companies/{source}/postings/{n}",
            "company": {"identifier": source, "name": company_of(job, board)}, "releasedDate": when(job) + ".000Z",
            "location": loc, "industry": {"id": "x", "label": board.get("industry", "")},
            "department": {"label": job.get("dept", "")}, "function": {"id": "f", "label": job.get("function", "")},
            "typeOfEmployment": {"id": "permanent", "label": "Full-time"},
            "experienceLevel": {"id": "mid_senior_level", "label": job.get("level", "Mid-Senior Level")},
            "customField": [],
        })  # fmt: skip
    return {"offset": 0, "limit": 100, "totalFound": len(out), "content": out}, ids


def workable(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    out, ids = [], []
    for job in jobs:
        code, day = f"{int(job['id']):010X}", job.get("date", "2026-11-20")
        ids.append(code)
        city, region, country, code2 = job.get("loc", ["", "", "", ""])
        out.append({
            "title": job["t"], "shortcode": code, "code": "", "employment_type": job.get("type", "Full-time"),
            "telecommuting": bool(job.get("remote", False)), "department": job.get("dept", ""),
            "url": f"https://apply.workable.com/j/{code}", "shortlink": f"https://apply.workable.com/j/{code}",
            "application_url": f"https://apply.workable.com/j/{code}/apply", "published_on": day, "created_at": day,
            "country": country, "city": city, "state": region,
            "education": "", "experience": job.get("level", "Mid-Senior level"), "function": job.get("function", ""),
            "industry": board.get("industry", ""),
            "locations": [{"country": country, "countryCode": code2, "city": city, "region": region, "hidden": False}]
            if country else [],
            "description": as_html(paragraphs(job, board)),
        })  # fmt: skip
    return {"name": board["company"], "description": f"<p>{html.escape(board.get('about', ''))}</p>",
            "jobs": out}, ids  # fmt: skip


def recruitee(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    source, out, ids = board["file"], [], []
    for job in jobs:
        n = int(job["id"])
        ids.append(str(n))
        sections = paragraphs(job, board)
        lists = [s for s in sections if isinstance(s[1], list)]
        city, state, country, code = job.get("loc", ["", "", "", ""])
        name, day, wp = slug(job["t"]), job.get("date", "2026-11-20"), job.get("wp")
        out.append({
            "id": n, "slug": name, "title": job["t"], "company_name": board["company"],
            "department": job.get("dept", ""),
            "careers_url": f"https://{source}.recruitee.com/o/{name}",
            "careers_apply_url": f"https://{source}.recruitee.com/o/{name}/c/new", "location": job.get("at", ""),
            "city": city, "state_name": state, "country": country, "country_code": code,
            "remote": wp == "remote", "hybrid": wp == "hybrid", "on_site": wp == "onsite",
            "description": as_html([s for s in sections if s not in lists]), "requirements": as_html(lists),
            "published_at": f"{day} 09:00:00 UTC", "created_at": f"{day} 08:00:00 UTC",
            "employment_type_code": job.get("type", "fulltime_permanent"), "min_hours": 32, "max_hours": 40,
            "salary": {"min": None, "max": None, "period": None, "currency": None}, "tags": job.get("tags", []),
        })  # fmt: skip
    return {"offers": out}, ids


HN_STORY = 45990000  # "Ask HN: Who is hiring? (November 2026)", posted 2026-11-02


def hn_hiring(board: dict[str, Any], jobs: list[dict[str, Any]]) -> tuple[Any, list[str]]:
    """One page of a thread's top-level comments as Algolia answers it; the text as HN escapes it (`&#x2F;`)."""
    out, ids = [], []
    for job in jobs:
        n = HN_STORY + int(job["id"])
        ids.append(str(n))
        parts = [job["h"], *[part.strip() for part in job["d"].split("\n\n") if part.strip()]]
        text = "<p>".join(html.escape(part, quote=False).replace("/", "&#x2F;") for part in parts)
        author = job.get("author", f"hn{n % 997}")
        out.append({
            "created_at": when(job) + ".000Z", "created_at_i": epoch(job), "author": author, "comment_text": text,
            "objectID": str(n), "parent_id": HN_STORY, "story_id": HN_STORY,
            "story_title": "Ask HN: Who is hiring? (November 2026)",
            "_tags": ["comment", f"author_{author}", f"story_{HN_STORY}"],
        })  # fmt: skip
    params = f"tags=comment%2Cstory_{HN_STORY}&numericFilters=parent_id%3D{HN_STORY}"
    return {"hits": out, "nbHits": len(out), "page": 0, "nbPages": 1, "hitsPerPage": 1000, "exhaustiveNbHits": True,
            "query": "", "params": params}, ids  # fmt: skip


BUILDERS = {"greenhouse": greenhouse, "lever": lever, "ashby": ashby, "remoteok": remoteok, "remotive": remotive,
            "himalayas": himalayas, "workday": workday, "smartrecruiters": smartrecruiters, "workable": workable,
            "recruitee": recruitee, "hn_hiring": hn_hiring}  # fmt: skip


def expand(places: Any, where: str) -> set[str]:
    names: set[str] = set()
    for item in [places] if isinstance(places, str) else places:
        if item in GROUPS:
            names.update(GROUPS[item])
        elif item.startswith("-") and item[1:] in PROFILES:
            names.discard(item[1:])
        elif item in PROFILES:
            names.add(item)
        else:
            raise SystemExit(f"{where}: unknown place key {item!r}")
    return names


def labels_of(posting: str, job: dict[str, Any], where: str) -> list[dict[str, Any]]:
    grades: dict[str, tuple[int, str]] = {}
    for line in job.get("g", []):
        key, grade, *reason = line.split(" ", 2)
        if key not in PROFILES or grade not in "0123" or key in grades:
            raise SystemExit(f"{where}: bad grade line {line!r}")
        grades[key] = (int(grade), reason[0] if reason else "")
    ok = expand(job["ok"], where)
    rows = []
    for key, name in PROFILES.items():
        grade, reason = grades.get(key, (0, ""))
        if grade >= 2 and not reason:
            raise SystemExit(f"{where}: grade {grade} for {key} needs a reason")
        rows.append({"profile": name, "posting": posting, "relevance": grade, "place_ok": str(key in ok).lower(),
                     "reason": reason})  # fmt: skip
    return rows


def main() -> None:
    boards = [
        (path, yaml.safe_load(path.read_text(encoding="utf-8"))) for path in sorted((HERE / "src").glob("*.yaml"))
    ]
    index = {f"{board['file']}:{job['id']}": job for _path, board in boards for job in board["jobs"]}
    rows: list[dict[str, Any]] = []
    for path, board in boards:
        engine, jobs = board["engine"], board["jobs"]
        for job in jobs:
            if "copy" in job:  # a repost (a staffing agency's): the original's text under another company's name
                original = index[job["copy"]]
                job.update({k: v for k, v in original.items() if k not in job and k not in ("id", "g", "ok", "co")})
        body, ids = BUILDERS[engine](board, jobs)
        target = HERE / "boards" / engine / f"{board['file']}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        for job, ident in zip(jobs, ids, strict=True):
            rows += labels_of(f"{engine}:{board['file']}:{ident}", job, f"{path.name}#{job['id']}")
    with (HERE / "labels.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, ["profile", "posting", "relevance", "place_ok", "reason"])
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows) // len(PROFILES)} postings, {len(rows)} labels", file=sys.stderr)


if __name__ == "__main__":
    main()
