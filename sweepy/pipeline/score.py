"""Stage 5 of 5: keyword-score each posting into a card, best first."""

import datetime as dt
import hashlib

from ..cards import Card, CardSalary, EligibilityFinding, GhostSignal
from ..models import Posting
from ..paylaw import transparency
from ..scoring import Scorer
from ..text import normalize_company
from .dedupe import role_key

CARD_DESCRIPTION_CAP = 4000


def card_id(posting: Posting) -> str:
    """Stable across runs: a short hash of the role key, so the id (and the judgments and tracking notes tied
    to it) stays the same when a different platform's copy of the role wins deduplication."""
    key = "|".join(role_key(posting)) if normalize_company(posting.company) else posting.canonical_url
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def make_card(posting: Posting, scorer: Scorer, today: dt.date | None = None) -> Card:
    result = scorer.score(posting.title, posting.description)
    stated = posting.salary is not None and not posting.salary.predicted  # an aggregator's estimate is no range
    pay, law = transparency(posting.location, stated, today or dt.date.today())  # a law binds postings still up
    return Card(
        job_id=card_id(posting),
        title=posting.title,
        company=posting.company,
        location=posting.location,
        workplace=posting.workplace,
        url=posting.url,
        apply_url=posting.apply_url or posting.url,
        platform=posting.platform,
        engine=posting.engine,
        also_on=list(posting.also_on),
        posted_at=posting.posted_at.isoformat() if posting.posted_at else None,
        salary=CardSalary(**posting.salary.to_dict()) if posting.salary else None,
        salary_status=posting.salary_status,
        description=posting.description[:CARD_DESCRIPTION_CAP],
        match_score=result.score,
        keyword_score=result.score,
        matched_terms=result.matched_terms,
        missing_must_haves=result.missing_must_haves,
        seen_before=posting.seen_before,
        employment_type=posting.employment_type,
        closes_at=posting.closes_at.isoformat() if posting.closes_at else None,
        open_to=list(posting.open_to) if posting.open_to is not None else None,
        eligibility=[EligibilityFinding(kind=f.kind, verdict=f.verdict, quote=f.quote) for f in posting.eligibility],
        pay_transparency=pay,
        employer_url=posting.employer_url,
        ghost_signals=[GhostSignal(signal=signal, evidence=evidence) for signal, evidence in posting.ghost_signals],
        pay_jurisdiction=law.name if law else None,
        pay_law=law.describe() if law else None,
    )


def score_postings(postings: list[Posting], scorer: Scorer, today: dt.date | None = None) -> list[Card]:
    cards = [make_card(p, scorer, today) for p in postings]
    taken: dict[str, int] = {}
    for card in cards:  # without dedupe (or for twin openings on one board) a role repeats; keep ids unique
        count = taken.get(card.job_id, 0)
        taken[card.job_id] = count + 1
        if count:
            card.job_id = f"{card.job_id}-{count + 1}"
    return sorted(cards, key=lambda c: (-c.match_score, c.blocked, c.title.lower(), c.company.lower(), c.job_id))
