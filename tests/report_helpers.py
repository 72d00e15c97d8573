"""Shared by the report tests: a feed with hostile, long and non-Latin postings, judging cards the way
submit_judgments will (in-process, through SessionStore), and reading PDFs back."""

import io
import re
from pathlib import Path
from typing import Any

from mcp_helpers import SMALL_FEED, profile_args, write_feed, write_resume
from pypdf import PdfReader

from sweepy.domain.cards import Judgment
from sweepy.resume import fingerprint
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.session import SessionStore

HOSTILE = "<b>x</b> & <font size=40>"
UNICODE = ["Zoë", "Łódź", "€", "東京", "Ελληνικά", "Русский", "हिंदी"]
LONG_TITLE = ("Paralegal " + "Litigation Support Specialist for Complex Commercial Matters " * 6)[:300].strip()
LINK = "https://jobs.lever.co/unicode/1212?ref=a&src=b"
REPORT_FEED: list[dict[str, Any]] = [
    *SMALL_FEED,
    {
        "title": LONG_TITLE,
        "company": "Longname & Sons",
        "url": "https://boards.greenhouse.io/longname/jobs/1111",
        "location": "New York, NY",
        "description": "x" * 2500 + " Relativity e-discovery " + "word " * 400,
        "salary": "$80,000 - $90,000 a year",
        "platform": "greenhouse",
    },
    {
        "title": "Paralegal, Zoë Łódź desk",
        "company": "Ελληνικά Русский हिंदी 東京 €",
        "url": LINK,
        "location": "New York, NY",
        "description": "Multilingual legal research and court filings.",
        "salary": "$60,000 - $70,000 a year",
        "platform": "lever",
    },
]
REPORT_CARDS = 9
REPORT_DISCOVERED = 12


def setup_profile(service: SweepyService, workspace: Path, **changes: Any) -> dict[str, Any]:
    """A resume, the report feed and a profile over it; returns the create_profile payload."""
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feeds" / "postings.jsonl", REPORT_FEED)
    return service.create_profile(a.CreateProfile(**profile_args(resume, "feeds/postings.jsonl", **changes))).dump()


def sweep(service: SweepyService, profile: str) -> dict[str, Any]:
    job, _joined = service.start_sweep(profile, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    payload = service.sweep_payload(job).dump()
    assert payload["sweep_status"] == "completed", payload
    return payload


def judge(folder: Path, resume: Path, only: int | None = None, **fields: Any) -> list[str]:
    """Judge the active session's cards (the first `only` of them) against `resume` as it is now, the way
    submit_judgments records it. Returns the judged job ids."""
    resume_print = fingerprint(resume)
    judged: list[str] = []

    def change(session: Any) -> None:
        for n, card in enumerate(session.cards[:only] if only is not None else session.cards):
            values = {
                "match_pct": 90 - n,
                "resume_track": "Litigation" if n % 2 == 0 else "Corporate",
                "resume_color": "teal" if n % 2 == 0 else "#f5c518",
                "summary": f"Summary of {card.title}: court filings and research.",
                "alignment": "Six years of Relativity review.",
                **fields,
            }
            card.judge(Judgment(**values), resume_print)
            judged.append(card.job_id)

    SessionStore(folder).update(None, change)
    return judged


def pdf_text(path: Path) -> str:
    """All pages' text with every run of whitespace removed: wrapped lines and split long words read whole."""
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def link_uris(path: Path) -> list[str]:
    reader = PdfReader(io.BytesIO(path.read_bytes()))
    uris = []
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            if action is not None and "/URI" in action:
                uris.append(str(action["/URI"]))
    return uris


def page_count(path: Path) -> int:
    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)
