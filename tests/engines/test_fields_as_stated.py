"""Fields as the posting states them, engine by engine, on records shaped like each real API's (job_apis.md): where
the work is (every signal the API gives is read, a place alone is no signal, a remote-only board's on-site jobs are
not stamped remote), text repaired of double encoding, and a placeholder company replaced by the one the record
names elsewhere."""

from pathlib import Path
from typing import Any

from fakeboards import Answer, FakeBoards, Route
from web import sweep

INTRO = (
    "&lt;p&gt;Acme is Australia&amp;#39;s leading legal-technology company. Founded in 2009, we serve over 4,000 "
    "firms and in-house teams across matters, billing, documents and trust accounting.&lt;/p&gt;"
) * 25  # a board intro of about 4,500 characters, entity-escaped as Greenhouse sends `content`


def _serve(boards: FakeBoards, method: str, path: str, body: Any) -> None:
    boards.routes.insert(0, Route(method, path, lambda _m, _r: Answer(body)))


def _greenhouse_job(number: int, title: str, place: str, **fields: Any) -> dict[str, Any]:
    return {
        "absolute_url": f"https://job-boards.greenhouse.io/initech/jobs/{number}",
        "internal_job_id": number - 1000,
        "location": {"name": place},
        "metadata": [{"id": 555, "name": "Employment Type", "value": "Full-time", "value_type": "single_select"}],
        "id": number,
        "updated_at": "2026-11-02T11:20:00-05:00",
        "requisition_id": None,
        "title": title,
        "company_name": "Initech",
        "first_published": "2026-11-01T09:00:00-05:00",
        "language": "en",
        "application_deadline": None,
        "content": "&lt;p&gt;Draft filings.&lt;/p&gt;",
        "departments": [],
        "offices": [{"id": 1, "name": place, "location": place, "parent_id": None, "child_ids": []}],
        **fields,
    }


def test_greenhouse_reads_custom_fields_offices_titles_and_the_whole_content(
    boards: FakeBoards, tmp_path: Path
) -> None:
    jobs = [
        _greenhouse_job(1, "Paralegal", "San Francisco, CA", metadata=[
            {"id": 556, "name": "Location Type", "value": "Remote", "value_type": "single_select"}]),
        _greenhouse_job(2, "Paralegal", "London", offices=[
            {"id": 2, "name": "Hybrid - London", "location": "London, UK", "parent_id": None, "child_ids": []}]),
        _greenhouse_job(3, "Paralegal", "Chicago, IL", metadata=[
            {"id": 557, "name": "Workplace", "value": ["Hybrid", "Remote"], "value_type": "multi_select"}]),
        _greenhouse_job(4, "Paralegal", "Denver, CO", metadata=[
            {"id": 558, "name": "Remote Eligible", "value": True, "value_type": "yes_no"}]),
        _greenhouse_job(5, "Paralegal (Hybrid)", "Austin, TX"),
        _greenhouse_job(6, "Paralegal", "Sydney, Australia",
                        content=INTRO + "&lt;p&gt;&lt;b&gt;Remote within NSW, VIC, or ACT&lt;/b&gt;&lt;/p&gt;"),
        _greenhouse_job(7, "Paralegal", "Sydney, Australia",
                        content=INTRO + "&lt;p&gt;You will work &lt;em&gt;in one of our offices&lt;/em&gt; at least "
                                        "25% of the time.&lt;/p&gt;"),
        _greenhouse_job(8, "Paralegal", "Brooklyn, NY"),  # a place, an office named for it, nothing else
    ]  # fmt: skip
    _serve(boards, "GET", r"/v1/boards/initech/jobs", {"jobs": jobs, "meta": {"total": len(jobs)}})
    found = sweep("greenhouse", {"boards": ["initech"], "base_url": boards.url}, tmp_path)
    assert [p.workplace for p in found.postings] == [
        "remote", "hybrid", "remote", "remote", "hybrid", "remote", "hybrid", "unknown",
    ]  # fmt: skip


def test_greenhouse_placeholder_company_falls_back_to_the_board(boards: FakeBoards, tmp_path: Path) -> None:
    jobs = [_greenhouse_job(1, "Paralegal", "Remote - US", company_name="name"),
            _greenhouse_job(2, "ChargÃ©.e de formation", "MontrÃ©al, QC", company_name="Ã‰cole Initech")]  # fmt: skip
    _serve(boards, "GET", r"/v1/boards/initech/jobs", {"jobs": jobs, "meta": {"total": len(jobs)}})
    found = sweep("greenhouse", {"boards": ["initech"], "base_url": boards.url}, tmp_path, titles=["Formation"])
    assert [(p.company, p.title, p.location) for p in found.postings] == [
        ("initech", "Paralegal", "Remote - US"),
        ("École Initech", "Chargé.e de formation", "Montréal, QC"),
    ]


def test_lever_unspecified_with_a_place_is_unknown(boards: FakeBoards, tmp_path: Path) -> None:
    posting = {
        "id": "5ac21346-8e0c-4494-8e7a-3eb92ff70001",
        "text": "Paralegal",
        "categories": {"commitment": "Full-time", "location": "Austin, TX", "team": "Legal",
                       "allLocations": ["Austin, TX"]},
        "createdAt": 1760000000000,
        "descriptionPlain": "Draft filings.",
        "description": "<div>Draft filings.</div>",
        "lists": [],
        "additionalPlain": "",
        "additional": "",
        "hostedUrl": "https://jobs.lever.co/initech/5ac21346-8e0c-4494-8e7a-3eb92ff70001",
        "applyUrl": "https://jobs.lever.co/initech/5ac21346-8e0c-4494-8e7a-3eb92ff70001/apply",
        "workplaceType": "unspecified",
    }  # fmt: skip
    _serve(boards, "GET", r"/v0/postings/initech", [posting])
    found = sweep("lever", {"sites": ["initech"], "base_url": boards.url}, tmp_path)
    assert [(p.location, p.workplace) for p in found.postings] == [("Austin, TX", "unknown")]


def test_remote_boards_carry_on_site_jobs_and_explicit_remote_still_counts(boards: FakeBoards, tmp_path: Path) -> None:
    _serve(boards, "GET", r"/api/remote-jobs", {"0-legal-notice": "Remotive API Legal Notice", "job-count": 2, "jobs": [
        {"id": 1, "url": "https://remotive.com/remote-jobs/all-others/mobile-valeter-1", "title": "Mobile Valeter",
         "company_name": "Arnold Clark", "category": "All others", "tags": [], "job_type": "full_time",
         "publication_date": "2026-11-01T08:00:00", "candidate_required_location": "Inverness", "salary": "",
         "description": "<p>Valet used cars before handover at our Inverness branch.</p>"},
        {"id": 2, "url": "https://remotive.com/remote-jobs/legal/paralegal-2", "title": "Paralegal",
         "company_name": "Globex", "category": "Legal", "tags": [], "job_type": "full_time",
         "publication_date": "2026-11-01T08:00:00", "candidate_required_location": "Anywhere in the World",
         "salary": "", "description": "<p>Review contracts.</p>"},
    ]})  # fmt: skip
    _serve(boards, "GET", r"/api/v2/remote-jobs", {"jobCount": 2, "jobs": [
        {"id": 1, "url": "https://jobicy.com/jobs/1-shop-assistant", "jobSlug": "1-shop-assistant",
         "jobTitle": "Shop Assistant", "companyName": "Cammeray Pharmacy", "jobIndustry": ["Retail"],
         "jobType": ["Part-Time"], "jobGeo": "Cammeray, NSW", "jobLevel": "Any", "jobExcerpt": "Serve customers.",
         "jobDescription": "<p>An on-site role serving customers in our Cammeray shop.</p>",
         "pubDate": "2026-11-01T08:00:00+00:00"},
        {"id": 2, "url": "https://jobicy.com/jobs/2-paralegal", "jobSlug": "2-paralegal", "jobTitle": "Paralegal",
         "companyName": "Initech", "jobIndustry": ["Legal"], "jobType": ["Full-Time"], "jobGeo": "USA",
         "jobLevel": "Any", "jobExcerpt": "", "pubDate": "2026-11-01T08:00:00+00:00",
         "jobDescription": "<p>" + "Initech builds legal tools. " * 150 + "This position is fully remote.</p>"},
    ]})  # fmt: skip
    _serve(boards, "GET", r"/api", [{"last_updated": 1786061793, "legal": "API Terms of Service"}, {
        "slug": "remote-paralegal-hooli-1", "id": "1", "epoch": 1783609455, "date": "2026-07-09T15:04:15+00:00",
        "company": "Hooli", "position": "Remote Paralegal", "tags": ["legal"], "description": "<p>Draft NDAs.</p>",
        "location": "US only", "apply_url": "", "salary_min": 0, "salary_max": 0,
        "url": "https://remoteOK.com/remote-jobs/remote-paralegal-hooli-1"}])  # fmt: skip
    remotive = sweep("remotive", {"base_url": boards.url}, tmp_path / "remotive", titles=["Valeter", "Paralegal"])
    jobicy = sweep("jobicy", {"base_url": boards.url}, tmp_path / "jobicy", titles=["Shop Assistant", "Paralegal"])
    remoteok = sweep("remoteok", {"base_url": boards.url}, tmp_path / "remoteok")
    assert [(p.title, p.workplace) for p in remotive.postings + jobicy.postings + remoteok.postings] == [
        ("Mobile Valeter", "unknown"),  # a branch in Inverness: not remote, though not stated on-site either
        ("Paralegal", "remote"),  # "Anywhere in the World"
        ("Shop Assistant", "onsite"),
        ("Paralegal", "remote"),  # stated after 4,000 characters of company text
        ("Remote Paralegal", "remote"),  # the title
    ]


def test_a_placeholder_company_falls_back_to_the_company_page_then_the_apply_url_or_the_record_is_skipped(
    boards: FakeBoards, tmp_path: Path
) -> None:
    def job(guid: str, company: str, link: str) -> dict[str, Any]:
        return {"title": "Paralegal", "excerpt": "Draft filings.", "companyName": company, "companySlug": "",
                "employmentType": "Full Time", "locationRestrictions": ["United States"], "timezoneRestrictions": [],
                "description": "<p>Draft filings. Fully remote.</p>", "pubDate": 1771581600,
                "applicationLink": link, "guid": f"https://himalayas.app/{guid}"}  # fmt: skip

    _serve(boards, "GET", r"/jobs/api", {"jobs": [
        job("companies/acme-corp/jobs/a", "name", "https://himalayas.app/companies/acme-corp/jobs/a"),
        job("companies/globex/jobs/b", "N/A", "https://careers.globex.example/apply/7"),  # Himalayas' page first
        job("jobs/c", "", "https://jobs.lever.co/initech/5f2e"),  # no company page: the company's Lever site
        job("jobs/d", "", "https://himalayas.app/jobs/d"),  # nothing names a company
    ], "nextCursor": None})  # fmt: skip
    found = sweep("himalayas", {"base_url": boards.url}, tmp_path)
    assert [(p.company, p.workplace) for p in found.postings] == [
        ("Acme Corp", "remote"), ("Globex", "remote"), ("initech", "remote"),
    ]  # fmt: skip
    assert found.skipped_records == [("himalayas#https://himalayas.app/jobs/d",
                                      "the posting has no title or no company")]  # fmt: skip
