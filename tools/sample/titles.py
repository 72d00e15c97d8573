"""Job titles: employer-specific titles, per-title facts (seniority, extra duties) and a second platform's spelling."""

import re
from typing import NamedTuple

from .roles import ROLES

# Extra duties/skills keyed on words in a title.
_TITLE_EXTRAS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "corporate",
        (
            "Maintain entity records and minute books and prepare annual filings",
            "Coordinate UCC, lien and litigation searches and assemble closing sets",
        ),
        ("entity management", "UCC searches"),
    ),
    (
        "real estate",
        (
            "Order title reports and coordinate closings, recordings and ACRIS filings",
            "Abstract leases and track critical dates",
        ),
        ("closings", "title review"),
    ),
    (
        "immigration",
        ("Prepare USCIS petitions (I-129, I-130, I-485) and supporting evidence",),
        ("USCIS forms",),
    ),
    (
        "personal injury",
        ("Request and summarize medical records and prepare bills of particulars",),
        ("medical records review",),
    ),
    ("bilingual", ("Communicate with Spanish-speaking clients and translate correspondence",), ("Spanish",)),
    (
        "trial",
        ("Prepare trial binders, exhibit lists and witness kits and support attorneys in court",),
        ("trial preparation",),
    ),
    (
        "document review",
        ("Code documents for responsiveness and privilege on a Relativity review team",),
        ("first-level review",),
    ),
    ("judicial", ("Draft bench memoranda and proposed orders for the judge",), ("bench memos",)),
    ("travel", ("Complete 13-week assignments with a weekly housing and meal stipend",), ("travel nursing",)),
    ("icu", ("Care for critically ill patients on ventilators and vasoactive drips",), ("critical care",)),
    (
        "telehealth",
        ("Triage patients by phone and video and coordinate follow-up care",),
        ("telephone triage",),
    ),
    ("executive", ("Manage complex calendars and travel for C-suite executives",), ("executive support",)),
    ("aml", ("Investigate transaction monitoring alerts and draft SAR narratives",), ("SAR filing",)),
    ("construction", ("Track RFIs, submittals and change orders in Procore",), ("submittals",)),
    ("site reliability", ("Own SLOs and error budgets and automate toil away",), ("SRE", "SLOs")),
    ("full stack", ("Build React front ends backed by Python services",), ("React",)),
    ("python", ("Build data-heavy services with Python, FastAPI and SQLAlchemy",), ("FastAPI", "SQLAlchemy")),
    (
        "enterprise",
        ("Manage a portfolio of strategic enterprise accounts above $250k ARR",),
        ("enterprise accounts",),
    ),
    (
        "legal tech",
        ("Onboard law firm customers and train paralegals and attorneys on the product",),
        ("legal operations",),
    ),
)


# Titles only some employers use: (role, company kind) -> titles.
KIND_TITLES: dict[tuple[str, str], tuple[str, ...]] = {
    ("nurse", "healthtech"): ("Telehealth Registered Nurse",),
    ("nurse", "nurse_staffing"): ("Travel Nurse (ICU)", "Travel Nurse - Med/Surg", "Per Diem RN"),
    ("paralegal", "gov"): ("Paralegal Specialist",),
    ("law_clerk", "gov"): ("Law Clerk", "Law Clerk (Post-Bar)"),
    ("contracts_administrator", "gov"): ("Contract Specialist",),
    ("project_coordinator", "corporate"): ("Project Coordinator", "Project Coordinator, Construction"),
    ("customer_success", "legaltech"): ("Customer Success Manager - Legal Tech", "Customer Success Manager"),
}
_SPECIAL_TITLES = frozenset(
    {
        "Telehealth Registered Nurse",
        "Travel Nurse (ICU)",
        "Paralegal Specialist",
        "Contract Specialist",
        "Project Coordinator, Construction",
        "Customer Success Manager - Legal Tech",
    }
)
GENERAL_TITLES = {r.key: tuple(t for t in r.titles if t not in _SPECIAL_TITLES) for r in ROLES}
_SENIOR_WORDS = ("Senior", "Sr.", "Staff", "Charge", "Manager")
_JUNIOR_WORDS = ("Junior", "Summer", "Post-Bar", "Front Desk")
_HOURLY_WORDS = ("Contract", "Temp", "Per Diem", "Travel")


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _article(title: str) -> str:
    return "an" if title[0] in "AEIOaeio" or title.startswith(("RN", "IT ")) else "a"


class TitleInfo(NamedTuple):
    slug: str
    key: str  # compared across platforms: lower-case words, "sr" spelled "senior"
    article: str
    duties: tuple[str, ...]
    skills: tuple[str, ...]
    senior: bool
    junior: bool
    hourly: bool


_TITLE_CACHE: dict[str, TitleInfo] = {}


def title_info(title: str) -> TitleInfo:
    info = _TITLE_CACHE.get(title)
    if info is None:
        low = title.lower()
        duties: list[str] = []
        skills: list[str] = []
        for word, more_duties, more_skills in _TITLE_EXTRAS:
            if re.search(rf"\b{re.escape(word)}\b", low):
                duties.extend(more_duties)
                skills.extend(more_skills)
        words = re.findall(r"[a-z0-9]+", low)
        info = _TITLE_CACHE[title] = TitleInfo(
            slugify(title),
            " ".join("senior" if w == "sr" else w for w in words),
            _article(title),
            tuple(duties),
            tuple(skills),
            any(w in title for w in _SENIOR_WORDS),
            any(w in title for w in _JUNIOR_WORDS),
            any(w in title for w in _HOURLY_WORDS),
        )
    return info


def title_variant(title: str) -> str:
    """A second platform's spelling of the same title (Sr./Senior, punctuation)."""
    if title.startswith("Senior "):
        return "Sr. " + title[7:]
    if " - " in title:
        return title.replace(" - ", ", ", 1)
    if ", " in title:
        return title.replace(", ", " - ", 1)
    if " (" in title:
        return title.replace(" (", " - ").replace(")", "")
    if " / " in title:
        return title.replace(" / ", "/")
    return title
