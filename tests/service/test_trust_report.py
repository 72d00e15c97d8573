"""Trust signals end to end in-process: a sweep of a feed whose postings say who may apply, the cards' findings,
the order of flagged cards, and what the report prints for them."""

from pathlib import Path
from typing import Any

from mcp_helpers import profile_args, write_feed, write_resume
from report_helpers import pdf_text, squeeze

from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.session import load_session

BLOCKING = "We are unable to sponsor visas for this role."
FEED: list[dict[str, Any]] = [
    {"title": "Paralegal", "company": "Northwind", "url": "https://jobs.lever.co/northwind/1",
     "location": "New York, NY", "description": f"Litigation support with Relativity. {BLOCKING}"},
    {"title": "Paralegal", "company": "Contoso", "url": "https://jobs.lever.co/contoso/2",
     "location": "New York, NY", "description": "Litigation support with Relativity. Visa sponsorship is available.",
     "salary": "$70,000 - $80,000 a year"},
    {"title": "Paralegal", "company": "Initech LLC", "url": "https://jobs.lever.co/initech/3",
     "location": "New York, NY", "description": "Litigation support with Relativity."},
]  # fmt: skip


def swept(workspace: Path, **eligibility: Any) -> SweepyService:
    service = SweepyService()
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", FEED)
    config = {"needs_sponsorship": True, "exclude_companies": ["Initech"], **eligibility}
    service.create_profile(
        a.CreateProfile(**profile_args(resume, "feed.jsonl", assessment="keyword", eligibility_config=config))
    )
    job, _ = service.start_sweep(None, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    assert service.sweep_payload(job).dump()["sweep_status"] == "completed"
    return service


def test_flagged_cards_are_kept_sorted_after_eligible_ones_and_printed_with_their_quote(workspace: Path) -> None:
    service = swept(workspace)
    session = load_session(workspace / "results", None)
    assert [c.company for c in session.cards] == ["Contoso", "Northwind"]  # Initech excluded; equal scores
    contoso, northwind = session.cards
    assert [(f.kind, f.verdict, f.quote) for f in northwind.eligibility] == [("sponsorship", "blocks", BLOCKING)]
    assert (contoso.pay_transparency, northwind.pay_transparency) == ("stated", "missing")
    assert northwind.brief(None)["eligible"] is False and "eligible" not in contoso.brief(None)

    pdf = Path(service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()["pdf_report"])
    text = pdf_text(pdf)
    assert squeeze(f"■ Blocks you — Visa sponsorship: “{BLOCKING}”") in text
    assert squeeze("No pay range, though the law requires one here (New York City: NYC Local Law 32") in text
    assert squeeze("Cards flagged: eligibility blocks 1; pay range missing where the law asks for one 1.") in text
    assert squeeze("excluded_company 1 (a company to avoid)") in text


def test_strict_eligibility_drops_the_blocked_card(workspace: Path) -> None:
    swept(workspace, eligibility="strict")
    session = load_session(workspace / "results", None)
    assert [c.company for c in session.cards] == ["Contoso"]


def test_get_jobs_eligible_only_leaves_out_the_blocked_card(workspace: Path) -> None:
    service = swept(workspace)
    every = service.get_jobs(a.GetJobs(results_dir="results", limit=10)).dump()
    eligible = service.get_jobs(a.GetJobs(results_dir="results", limit=10, eligible_only=True)).dump()
    assert [job["company"] for job in every["jobs"]] == ["Contoso", "Northwind"]
    assert [job.get("eligible", True) for job in every["jobs"]] == [True, False]
    assert ([job["company"] for job in eligible["jobs"]], eligible["total"]) == (["Contoso"], 1)


def test_get_jobs_says_where_a_pay_range_law_applies_whether_or_not_the_range_is_stated(workspace: Path) -> None:
    service = swept(workspace)
    jobs = service.get_jobs(a.GetJobs(results_dir="results", limit=10)).dump()["jobs"]
    assert [(job["company"], job.get("pay_transparency"), job.get("pay_jurisdiction")) for job in jobs] == [
        ("Contoso", "stated", "New York City"),  # the salary is there, and the law that asks for it is said too
        ("Northwind", "missing", "New York City"),
    ]
    assert ["pay_law" in job for job in jobs] == [False, False]  # the law's long name stays in the session
