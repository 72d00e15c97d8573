"""Cards shaped like the ones get_jobs pages, for the page-size tests and bench/sessions.py: the relevance set's
real boards' bodies swept for each of its seekers, and the bench's generated postings with 2 KB descriptions."""

import copy
import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from relevance_set import postings, profile, profile_paths

from sweepy.domain.cards import Card
from sweepy.domain.records import RecordError, posting_from_record
from sweepy.domain.scoring import Scorer
from sweepy.pipeline import sweep_criteria, sweep_scorer
from sweepy.pipeline.dedupe import deduplicate
from sweepy.pipeline.filter import filter_postings
from sweepy.pipeline.score import make_card, score_postings
from sweepy.resume import resume_text
from sweepy.store.session import SessionStore
from sweepy.store.session_model import Session
from tools.sample import generate_postings

SAMPLE_RESUME = Path(__file__).resolve().parents[1] / "sweepy" / "data" / "sample_resume.pdf"
AS_OF = dt.date(2026, 12, 1)
"""The relevance set's "today" (bench/relevance.py's AS_OF)."""


def activate_cards(home: Path, folder: str, cards: Iterable[Card], stem: str, profile_text: str) -> None:
    """Make `cards` the active session of `home/folder`, as a sweep of the profile `stem` (written to
    `home/profiles/{stem}.yaml` with `profile_text`) would."""
    path = home / "profiles" / f"{stem}.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(profile_text, encoding="utf-8")
    session = Session(profile_stem=stem, profile_path=str(path), sweep_id=folder)
    SessionStore(home / folder).activate(session, cards)


def real_shaped_cards() -> list[Card]:
    """The cards the relevance set's nine seekers' sweeps keep (filter, dedupe, score with their eligibility), a
    posting two seekers' sweeps keep once (the first's card): real boards' bodies, eligibility findings, pay laws."""
    items = list(postings().values())
    cards: dict[str, Card] = {}
    for path in profile_paths():
        prof, resume = profile(path.stem)
        kept, _drops = filter_postings([copy.deepcopy(p) for p in items], sweep_criteria(prof, AS_OF))
        kept, _folded = deduplicate(kept)
        for card in score_postings(kept, sweep_scorer(prof, resume), AS_OF, prof.seeker(),
                                   prof.eligibility == "strict"):  # fmt: skip
            cards.setdefault(card.job_id, card)
    return list(cards.values())


def bench_shaped_cards(count: int = 1500) -> list[Card]:
    """Cards the score stage makes from the bench's generated postings, their descriptions grown to about 2 KB
    (bench/sessions.py's templates)."""
    scorer = Scorer(["Paralegal", "Technical Writer", "Data Analyst"], ["Relativity", "legal research", "Python"],
                    [["e-discovery", "electronic discovery"]], resume_text(SAMPLE_RESUME))  # fmt: skip
    made = []
    for record in generate_postings(count, seed=11):
        try:
            card = make_card(posting_from_record(record, "feed", "feed.jsonl"), scorer)
        except RecordError:
            continue
        while len(card.description) < 2000:
            card.description += "\n\n" + card.description
        made.append(card)
    return made


def full_judgment(card: dict[str, Any], n: int) -> dict[str, Any]:
    """A full judgment of a card from get_jobs, as an assistant would send it (every text field set)."""
    text = " ".join(str(card.get("description", "")).split())
    return {"job_id": card["job_id"], "match_pct": 95 - n % 60, "resume_track": ("Litigation", "Writing",
            "Engineering")[n % 3], "resume_color": ("teal", "#1f6feb", "darkorange")[n % 3],
            "domain": "Legal operations", "summary": text[:420] or card["title"],
            "requirements": "Three years in the role; clear writing.",
            "alignment": "The resume shows the core tools of this role.", "app_format": "Company portal",
            "comp": "As posted", "benefits": "Health, dental, retirement match"}  # fmt: skip
