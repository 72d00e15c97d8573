"""Stage 5 of 5: keyword-score each posting into a card, best first."""

import datetime as dt
import re
import tempfile
import threading
import weakref
from collections.abc import Iterator, Sequence
from typing import BinaryIO, overload

from ..domain.cards import Card, EligibilityFinding, EncodedCard, GhostSignal
from ..domain.eligibility_rules import Seeker
from ..domain.experience import experience_finding
from ..domain.paylaw import transparency
from ..domain.posting_text import PostingText
from ..domain.postings import Posting
from ..domain.scoring import Reading, Score, Scorer, SweepStats
from .dedupe import posting_keys

CARD_DESCRIPTION_CAP = 4000


CARD_ID = re.compile(r"[0-9a-f]{12}(-[0-9]+)?")
"""How a card's job_id looks (card_id, with `-2`, `-3`... on a repeat); a sweep's job_id is a UUID."""


def card_id(posting: Posting) -> str:
    """Stable across runs: a short hash of the role key (dedupe.posting_keys)."""
    return posting_keys(posting)[1]


def make_card(
    posting: Posting,
    scorer: Scorer,
    today: dt.date | None = None,
    seeker: Seeker | None = None,
    stats: SweepStats | None = None,
    reading: Reading | None = None,
) -> Card:
    """The card of a posting; with `seeker`, its eligibility findings for that person are read first (here, one
    posting at a time, not for every posting at once in the filter). `stats` are the sweep's postings the resume
    part weighs terms against (without them, the posting alone); `reading`, the scorer's first pass of it."""
    text = PostingText(posting.description)  # one scan of the description for both readers
    if seeker is not None:
        posting.eligibility = text.assess(
            seeker, open_to=posting.open_to, location=posting.location, title=posting.title
        )
    experience = text.required_experience()
    if seeker is not None and (finding := experience_finding(experience, seeker)) is not None:
        posting.eligibility.append(finding)
    result = _keyword_score(posting, scorer, stats, reading)
    stated = posting.salary is not None and not posting.salary.predicted  # an aggregator's estimate is no range
    pay, law = transparency(posting.location, stated, today or dt.date.today())  # a law binds postings still up
    return Card(
        job_id=card_id(posting),
        title=posting.title,
        company=posting.company,
        location=posting.location,
        workplace=posting.workplace,
        place_note=posting.place_note,
        url=posting.url,
        apply_url=posting.apply_url or posting.url,
        platform=posting.platform,
        engine=posting.engine,
        also_on=list(posting.also_on),
        posted_at=posting.posted_at.isoformat() if posting.posted_at else None,
        salary=posting.salary,
        salary_status=posting.salary_status,
        description=posting.description[:CARD_DESCRIPTION_CAP],
        match_score=result.score,
        keyword_score=result.score,
        matched_terms=result.matched_terms,
        missing_must_haves=result.missing_must_haves,
        score_parts=result.parts,
        top_terms=result.top_terms,
        seen_before=posting.seen_before,
        employment_type=posting.employment_type,
        closes_at=posting.closes_at.isoformat() if posting.closes_at else None,
        open_to=list(posting.open_to) if posting.open_to is not None else None,
        experience_years_min=experience.years_min if experience else None,
        experience_quote=experience.quote if experience else None,
        eligibility=[EligibilityFinding(kind=f.kind, verdict=f.verdict, quote=f.quote) for f in posting.eligibility],
        pay_transparency=pay,
        employer_url=posting.employer_url,
        ghost_signals=[GhostSignal(signal=signal, evidence=evidence) for signal, evidence in posting.ghost_signals],
        pay_jurisdiction=law.name if law else None,
        pay_law=law.describe() if law else None,
    )


def _keyword_score(posting: Posting, scorer: Scorer, stats: SweepStats | None, reading: Reading | None) -> Score:
    """The posting's keyword score: against the sweep's postings (`stats`) when given, else the posting alone."""
    note = posting.place_note  # set by the filter where a posting's place is vague
    kind = posting.employment_type
    if stats is None:
        return scorer.score(posting.title, posting.description, note, kind=kind)
    return scorer.judge(posting.title, reading or scorer.read(posting.title, posting.description), stats, note, kind)


class ScoredCards(Sequence[Card]):
    """A sweep's cards, best first. Each card's JSON text waits in an unnamed temporary file (80,000 cards as
    Card objects, or as text in memory, took most of a sweep's memory) and is read back as a Card on access;
    `encoded` hands the result file and the session store the text as it is."""

    def __init__(
        self,
        spool: BinaryIO | None = None,
        index: list[tuple[str, int, str, int, int, bool, bool]] | None = None,
        ineligible: set[str] | None = None,
    ):
        self.ineligible = ineligible or set()
        """Canonical URLs of the postings dropped because a finding blocks the person (`eligibility: strict`)."""
        self._spool = spool
        self._index = index or []
        """(job_id, match_score, title, offset, length, blocked, is_new) per card, best first."""
        self._reading = threading.Lock()  # one file position (os.pread is not on Windows)
        if spool is not None:
            weakref.finalize(self, spool.close)  # the spool goes with the cards

    def _text(self, entry: tuple[str, int, str, int, int, bool, bool]) -> str:
        assert self._spool is not None
        with self._reading:
            self._spool.seek(entry[3])
            return self._spool.read(entry[4]).decode("utf-8")

    @property
    def encoded(self) -> Iterator[EncodedCard]:
        return (EncodedCard(e[0], e[1], e[2], self._text(e), e[5], e[6]) for e in self._index)

    def job_ids(self) -> list[str]:
        return [entry[0] for entry in self._index]

    def __len__(self) -> int:
        return len(self._index)

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> list[Card]: ...
    def __getitem__(self, index: int | slice) -> Card | list[Card]:
        if isinstance(index, slice):
            return [Card.model_validate_json(self._text(e)) for e in self._index[index]]
        return Card.model_validate_json(self._text(self._index[index]))

    def __iter__(self) -> Iterator[Card]:
        return (Card.model_validate_json(self._text(e)) for e in self._index)


def score_postings(
    postings: list[Posting],
    scorer: Scorer,
    today: dt.date | None = None,
    seeker: Seeker | None = None,
    strict: bool = False,
    known: frozenset[str] | None = None,
) -> ScoredCards:
    """Cards of the postings, best first. Consumes `postings` (the list is emptied as each one is scored), so a
    posting's memory goes as its card is written to the spool. With `strict`, a card an eligibility finding
    blocks is dropped (counted in `ineligible`); otherwise it is kept and ranks after eligible ones. `known`: the
    job_ids the profile's earlier sweeps matched; a card whose id is not among them `is_new` (None: not told)."""
    ranked: list[tuple[tuple[int, bool, str, str, str], tuple[str, int, str, int, int, bool, bool]]] = []
    taken: dict[str, int] = {}
    spool = tempfile.TemporaryFile()  # noqa: SIM115 (it lives as long as the cards: ScoredCards owns it)
    offset, dropped = 0, set()
    readings = [scorer.read(p.title, p.description) for p in postings]  # the first pass: what each one says
    stats = scorer.stats(readings)  # then how rare each resume term is among them, and their average length
    postings.reverse()
    readings.reverse()
    try:
        while postings:
            posting = postings.pop()
            card = make_card(posting, scorer, today, seeker, stats, readings.pop())
            if strict and card.blocked:
                dropped.add(posting.canonical_url)
                continue
            card.is_new = known is not None and card.job_id not in known
            count = taken.get(card.job_id, 0)  # without dedupe (or twin openings on one board) a role repeats
            taken[card.job_id] = count + 1
            if count:  # keep ids unique
                card.job_id = f"{card.job_id}-{count + 1}"
            data = card.model_dump_json().encode("utf-8")
            spool.write(data)
            key = (-card.match_score, card.blocked, card.title.lower(), card.company.lower(), card.job_id)
            entry = (card.job_id, card.match_score, card.title, offset, len(data), card.blocked, card.is_new)
            ranked.append((key, entry))
            offset += len(data)
        spool.flush()
    except BaseException:
        spool.close()
        raise
    ranked.sort(key=lambda pair: pair[0])
    return ScoredCards(spool, [entry for _key, entry in ranked], dropped)
