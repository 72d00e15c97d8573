"""Cards: one posting as the person sees it (`Card`), and the assistant's verdict on it (`Judgment`).

The field lists live here once: the score stage builds cards, the session stores them, submit_judgments
validates judgments, the CSV, the report and the output schemas read their fields from these models.
"""

import re
from typing import Any, Literal, NamedTuple
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict

from .employment import EmploymentType
from .judging import JUDGMENT_FIELDS as JUDGMENT_FIELDS
from .judging import Judgment as Judgment
from .postings import GhostSignalName, Salary, whole_numbers
from .sections import role_opening
from .workplace import Workplace

MatchKind = Literal["KEYWORD OVERLAP", "MATCH"]
Verification = Literal["verified", "unverified", "dead", "not_checked"]


BRIEF_QUIET = {"also_on": [], "seen_before": False, "verification": "not_checked", "eligibility": [],
               "ghost_signals": [], "top_terms": [], "salary_status": "no_minimum", "is_new": False,
               "imported": False, "match_kind": "KEYWORD OVERLAP", "workplace": "unknown", "platform": "other",
               "missing_must_haves": [], "matched_terms": [], "location": "", "url": ""}  # fmt: skip
"""Fields get_jobs leaves out at these values, their Card defaults (as it leaves out null ones): they say nothing
a missing field does not, and 50 cards must fit an assistant's context. The output schema gives each default."""
BRIEF_SAME_AS = {"apply_url": "url", "keyword_score": "match_score", "engine": "platform"}
"""Fields get_jobs leaves out when they equal another one: they say nothing new. It also leaves out an `apply_url`
that is a page of `url` (Lever's `url` + "/apply", a "#app" anchor), a `platform` the url's host names
("jobs.lever.co": lever), and the top_terms it shows among matched_terms: repeats, 5.5 of the 52 KB of the 50
largest real-shaped cards."""
BRIEF_HIDDEN = ("judged_resume", "pay_law", "experience_quote")
"""Fields get_jobs never shows: a fingerprint that means nothing to the assistant, the law's long name
(`pay_jurisdiction` names the place), and the sentence asking for years of experience (`experience_years_min`
says how many, and an `experience` finding quotes it where it bears on the person: 50 cards must fit in 60 KB).
The session, the exports and the report keep them."""
BRIEF_LAST = ("salary", "description")
"""Fields get_jobs shows shortened (`Salary.brief`, an excerpt), after the others."""
QUOTE_IN_BRIEF = 160
"""Characters of an eligibility quote get_jobs shows at most: its opening sentences (or clauses) that fit, else its
words up to this many (the session, exports and report keep it whole)."""
EXCERPT_CHARS = 120
"""Description characters a card shows in get_jobs at most, cut after a whole sentence (or line): the role's
opening (sections.role_opening: past an about-us section that opens the text, at the role's own), to judge from
with the title, place, pay, terms and findings beside it, at a size that keeps a page of 50 cards near 40 KB of
JSON (at 400 the excerpts alone were a third of it; at 200, 9.2 of the 52 KB of the 50 largest real-shaped cards,
most of it an "About us" paragraph; 120 rather than 140 saves 0.8 KB more). The whole text stays in the session:
the sweep's cards resource (sweepy://sweeps/{sweep_id}/cards) shows it, and the posting's url."""
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\s*\n\s*")
"""Where a sentence (or a line: a heading, a bullet) ends in a description or a quote."""
TERMS_IN_BRIEF = 3
"""matched_terms and top_terms a card shows in get_jobs: the first of each (matched: the title and the must-haves
first, then the resume's phrases; top: the resume terms that counted most, most first)."""


class EligibilityFinding(BaseModel):
    """One sentence of the posting that bears on whether this person can apply (sweepy/domain/eligibility.py)."""

    model_config = ConfigDict(extra="ignore")

    kind: Literal[
        "sponsorship",
        "citizenship",
        "clearance",
        "location_restriction",
        "timezone",
        "onsite_days",
        "language",
        "experience",
    ]
    verdict: Literal["blocks", "warns", "ok"]
    quote: str


class GhostSignal(BaseModel):
    """A fact suggesting the posting may not be live or real, with the evidence: never a verdict."""

    model_config = ConfigDict(extra="ignore")

    signal: GhostSignalName
    evidence: str


class ScoreParts(BaseModel):
    """How a keyword score adds up (docs/profile.md, "How cards are scored"): whole points that sum to the card's
    keyword_score. The penalty is zero or negative."""

    model_config = ConfigDict(extra="ignore")

    title: int = 0
    must_haves: int = 0
    resume: int = 0
    place: int = 0
    penalty: int = 0


class Card(BaseModel):
    """One card. Sessions written by older versions load too: unknown keys are ignored, missing ones default."""

    model_config = ConfigDict(extra="ignore", validate_assignment=False)

    job_id: str
    title: str
    company: str
    location: str = ""
    workplace: Workplace = "unknown"
    place_note: str | None = None
    """How far the location fits when it does not say the person's city: "no place given", "the posting names only
    the country", ... (sweepy.domain.places); None when it names a place that fits."""
    url: str = ""
    apply_url: str = ""
    platform: str = "other"
    engine: str = ""
    also_on: list[str] = []
    posted_at: str | None = None
    salary: Salary | None = None
    salary_status: str = "no_minimum"
    description: str = ""
    match_score: int = 0
    match_kind: MatchKind = "KEYWORD OVERLAP"
    keyword_score: int = 0
    matched_terms: list[str] = []
    missing_must_haves: list[str] = []
    score_parts: ScoreParts | None = None
    """The keyword score's parts; None on a card scored by a version without them."""
    top_terms: list[str] = []
    """The resume terms that added the most to the keyword score, most first (at most 5)."""
    seen_before: bool = False
    is_new: bool = False
    """No earlier sweep of this profile matched this posting (by job_id): what get_jobs' new_only and the digest
    (sweepy://digest/latest) show."""
    imported: bool = False
    """Added by import_jobs, not found by a sweep: kept in the next sweep's session while it is still open."""
    employment_type: EmploymentType | None = None
    """full_time, part_time, contract, temporary, internship, apprenticeship, volunteer or other; None: not stated."""
    closes_at: str | None = None
    """The application deadline (ISO date) where the API states one."""
    open_to: list[str] | None = None
    """Who may apply, as the API states it (USAJOBS hiring paths: "public", "fed-competitive", "vet", ...)."""
    experience_years_min: int | None = None
    """The years of experience the posting asks for (sweepy/domain/experience.py); 0: "no experience required"."""
    experience_quote: str | None = None
    """The posting's sentence that asks for them, verbatim."""
    verification: Verification = "not_checked"
    verification_reason: str | None = None
    """For an import checked with validate: the link checker's reason (ok, rate_limited, blocked_address, ...)."""
    # The judgment (submit_judgments), and the resume it was made against.
    match_pct: int | None = None
    resume_track: str | None = None
    resume_color: str | None = None
    domain: str | None = None
    summary: str | None = None
    requirements: str | None = None
    alignment: str | None = None
    has_extended_response: bool | None = None
    app_format: str | None = None
    comp: str | None = None
    benefits: str | None = None
    page_theme: str | None = None
    judged_resume: str | None = None
    """Fingerprint of the resume file the judgment was made against (see `resume.fingerprint`)."""
    # Trust signals, computed locally from evidence the card can show.
    eligibility: list[EligibilityFinding] = []
    employer_url: str | None = None
    """The employer's own posting of this role (found on its ATS board behind an aggregator's copy)."""
    ghost_signals: list[GhostSignal] = []
    pay_transparency: Literal["missing", "stated"] | None = None
    """Under a pay-range law (`pay_jurisdiction` names it): did the posting state pay? None: no such law."""
    pay_jurisdiction: str | None = None
    """The place whose law applies ("New York City"); `pay_law` names the law and the date it took effect."""
    pay_law: str | None = None

    @property
    def blocked(self) -> bool:
        """A finding says this person cannot apply (kept and flagged, or dropped under `eligibility: strict`)."""
        return any(finding.verdict == "blocks" for finding in self.eligibility)

    @property
    def concerns(self) -> list[EligibilityFinding]:
        """The findings that block or warn: what get_jobs, the CSV, the report and the digest show. A finding `ok`
        (a restriction this person meets: "Remote (US)" for a seeker in Ohio) stays in the session and the JSON."""
        return [finding for finding in self.eligibility if finding.verdict != "ok"]

    def judge(self, judgment: Judgment, resume: str | None) -> None:
        """Merge a judgment's non-null fields; a match percentage makes the card a MATCH.

        Only a match percentage (or a first judgment) records `resume`: adding, say, `comp` to a card judged
        against an earlier resume does not make its old match_pct current."""
        if judgment.match_pct is not None or self.match_pct is None:
            self.judged_resume = resume
        for key, value in judgment.changes().items():
            setattr(self, key, value)
        if judgment.match_pct is not None:
            self.match_score, self.match_kind = judgment.match_pct, "MATCH"

    def carry_judgment(self, earlier: "Card") -> None:
        """Keep what an earlier sweep's copy of this card was told (same job_id, same profile)."""
        for key in (*JUDGMENT_FIELDS, "judged_resume"):
            if getattr(earlier, key) is not None:
                setattr(self, key, getattr(earlier, key))
        if self.match_pct is not None:
            self.match_score, self.match_kind = self.match_pct, "MATCH"

    def stale(self, resume: str | None) -> bool:
        """Judged against a resume that has changed since (or that cannot be read now)."""
        return self.match_pct is not None and self.judged_resume is not None and self.judged_resume != resume

    def assessed(self, resume: str | None) -> bool:
        """Judged, against the resume as it is now."""
        return self.match_pct is not None and not self.stale(resume)

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def brief(self, resume: str | None) -> dict[str, Any]:
        """The card as get_jobs shows it in an assistant's context: null fields left out, and the ones that say
        nothing (BRIEF_QUIET values, BRIEF_SAME_AS ones and the repeats its note names); of the eligibility
        findings, the `concerns` only (blocking and warning ones: 4 of the 46 KB of the 50 largest real-shaped
        cards were `ok` findings, most quoting the location the card shows); the description from the role's
        opening (sections.role_opening) and the quotes cut to whole sentences ending " …", the first
        TERMS_IN_BRIEF matched and top terms (the session and the report keep all whole); a stale judgment
        flagged. get_jobs' answer model (service.answers_cards.JobCard) is built from Card's fields and the BRIEF_
        names above: a key this adds must be declared there."""
        data = self.model_dump(mode="json", exclude_none=True, exclude={*BRIEF_HIDDEN, *BRIEF_LAST})
        data["eligibility"] = [finding.model_dump() for finding in self.concerns]
        data["matched_terms"] = self.matched_terms[:TERMS_IN_BRIEF]
        data["top_terms"] = self.top_terms[:TERMS_IN_BRIEF]
        for key, other in BRIEF_SAME_AS.items():
            if data[key] == data[other]:
                del data[key]
        _drop_repeats(data)
        for key, quiet in BRIEF_QUIET.items():
            if data.get(key) == quiet:
                del data[key]
        if "score_parts" in data:  # a part left out is zero (ScoreParts' default)
            data["score_parts"] = {part: points for part, points in data["score_parts"].items() if points}
        for finding in data.get("eligibility", []):
            finding["quote"] = sentences_within(finding["quote"], QUOTE_IN_BRIEF)
        if self.blocked:
            data["eligible"] = False
        if self.salary is not None:
            data["salary"] = self.salary.brief()
        whole_numbers(data)
        if self.description:
            data["description"] = sentences_within(self.description[role_opening(self.description) :], EXCERPT_CHARS)
        if self.stale(resume):
            data["judgment_stale"] = True
        return data


def _drop_repeats(data: dict[str, Any]) -> None:
    """Leave out of a brief what another of its fields already says (BRIEF_SAME_AS's note)."""
    url = data.get("url", "")
    apply_url = data.get("apply_url")
    if url and apply_url is not None and apply_url.startswith(url) and apply_url[len(url) : len(url) + 1] in "/?#":
        del data["apply_url"]
    platform = data.get("platform")
    if platform and url and platform in _host(url):
        del data["platform"]
    shown = {term.lower() for term in data["matched_terms"]}
    data["top_terms"] = [term for term in data["top_terms"] if term.lower() not in shown]


def _host(url: str) -> str:
    try:
        return urlsplit(url).hostname or ""
    except ValueError:  # a url no browser opens ("http://[x"): its platform stays shown
        return ""


def sentences_within(text: str, size: int) -> str:
    """The text's opening, at most `size` characters, cut after its last whole sentence (or line) that fits and
    ending " …" when cut; cut at a word instead when the whole sentences that fit are under half of `size` (a
    heading alone, "About us", says nothing). A verbatim prefix of the text."""
    if len(text) <= size:
        return text
    limit = size - 2  # room for " …"
    ends = [m.start() for m in _SENTENCE_END.finditer(text, 0, limit + 1) if m.start() > 0]
    if ends and ends[-1] > size // 2:
        cut = text[: ends[-1]]
    else:
        cut = text[:limit]
        cut = cut.rsplit(" ", 1)[0] if " " in cut[-40:] else cut
    return cut.rstrip() + " …"


def rank(cards: list[Card]) -> list[Card]:
    """A submitted match_pct outranks keyword overlap; then the score; a card this person is blocked from comes
    after the eligible ones of equal score; then the title."""
    return sorted(cards, key=lambda c: (c.match_pct is None, -c.match_score, c.blocked, c.title.lower()))


class EncodedCard(NamedTuple):
    """A keyword-scored card held as its JSON text, with the fields the session store ranks it by: a sweep keeps
    tens of thousands of them between scoring and writing, and the text takes a third of a Card's memory."""

    job_id: str
    match_score: int
    title: str
    text: str
    blocked: bool = False
    """An eligibility finding blocks the person: ranked after eligible cards of equal score."""
    is_new: bool = False
    """No earlier sweep of the profile matched it (Card.is_new): get_jobs' new_only reads it from its own column."""

    def card(self) -> Card:
        return Card.model_validate_json(self.text)
