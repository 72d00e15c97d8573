"""Stage 5's keyword overlap: a deterministic 0..100 first pass, in parts that add up to the score, with the terms
that matched, the ones that counted most and the gaps. It is honest about being keyword overlap; the assistant's
judgment is the real match. docs/profile.md ("How cards are scored") is this module in prose.

Parts: the title (25: how well the posting's title fits a target title), must-have skills with their synonyms
(35; their weight moves to the resume when a profile has none), resume terms (30) weighted by how rare they are
among the sweep's postings (BM25's IDF, term-frequency saturation and length normalisation) and read only from
the lines that speak of the role (sections.py), and the place (10: the posting's place fit). A posting missing
more than half the must-haves loses up to 10 more (the penalty), and one of a kind the person did not ask for
(contract, part-time, an internship... when their profile names no `employment_types`) KIND_PENALTY more.

A posting without a description (Workday's and SmartRecruiters' lists send none) is judged on what it says: its
title is its only text of the role, so resume terms are read there too; which must-haves it asks for is unknown,
not absent, so it earns the share of them the sweep's described postings name on average and takes no penalty.
"""

import functools
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain, compress, pairwise

from .cards import ScoreParts
from .places import NO_PLACE, ONLY_COUNTRY, ONLY_REGION, ONLY_STATE, UNKNOWN_PLACE
from .sections import split_sections
from .text import PHRASE_BREAK, contains_phrase, normalize, normalize_title, phrases
from .titles import TitleModel
from .titletable import Level

TITLE_WEIGHT, MUST_WEIGHT, RESUME_WEIGHT, PLACE_WEIGHT = 25, 35, 30, 10
PENALTY_WEIGHT = 10
"""Points taken from a posting that mentions fewer than half the must-haves: none at half, all ten at none."""
KIND_PENALTY = 5
"""Points taken from a contract, part-time, temporary, internship... posting when the profile names no
`employment_types`: a person who does not say otherwise is looking for a permanent full-time job first, so such a
posting ranks after a full-time one that fits as well (it is kept: they may still take it). A fifth of the title
part: enough to order equals, too little to lift a worse fit above a better one."""
RESUME_SATURATION = 16.0
"""Resume-term points for the full resume weight: twelve terms the rarest a term can be, each once in a posting
of average length (a term in every posting counts almost nothing, one used often up to 2.2 times)."""
K1, B = 1.2, 0.75
"""BM25's term-frequency saturation and length normalisation, at their usual values."""
RARE_SHARE = 0.02
"""A term in at most this share of the sweep's postings (or in one) has the full weight of 1."""
TOP_TERMS = 5
TITLES_CACHED = 4096
"""Posting titles whose title fit is remembered: a sweep's postings share a few hundred."""
MATCHED_TERMS = 15
DESCRIBED_WORDS = 20
"""A description of fewer words says nothing of the role: SmartRecruiters' list labels (department, function,
employment, level) are a dozen words, the shortest real posting (a Hacker News comment) some forty; in the
labeled set (tests/relevance/) a list entry has at most 15 words that are no resume word, a described posting
at least 33. Counted as the length is, without the resume's words: a resume term a posting gains never makes
it a described one (which would take away the benefit of the doubt)."""
PLACE_FIT: dict[str | None, float] = {
    None: 1.0,
    ONLY_STATE: 0.7,
    ONLY_COUNTRY: 0.5,
    UNKNOWN_PLACE: 0.5,
    ONLY_REGION: 0.4,
    NO_PLACE: 0.2,
}
"""A posting's place note (Posting.place_note) → the share of the place weight it earns: None is a place that
fits. A note not in this table earns PARTIAL_PLACE."""
PARTIAL_PLACE = 0.5

TitleFit = Callable[[str], float]
"""How well a posting's title fits the person's target titles, 0..1."""

STOPWORDS = frozenset(
    """a about above across after again all also am an and any are as at be been being both but by can could did do
    does doing down during each few for from further had has have having he her here hers him his how i if in into
    is it its just me more most my no nor not now of off on once only or other our ours out over own per same she
    should so some such than that the their them then there these they this those through to too under until up
    very was we were what when where which while who whom why will with would you your yours etc via new york ny
    inc llc llp ability able work working works worked team teams experience experienced years year strong skills
    skill including include includes required requirements preferred plus role position job candidate candidates
    company opportunity responsibilities responsible duties environment support supporting excellent good great
    knowledge understanding using use used well within across multiple various must may need needs other others
    time full part based day days help provide provides provided ensure related relevant level high highly join
    looking seeking apply benefits salary pay hour hours week weeks month months equal employer including what who
    you'll we're our us will one two three four five six seven eight nine ten first second third last next""".split()
)  # number words and ordinals ("two", "first") say nothing of a skill, and rare in a small sweep they led top_terms


@dataclass(frozen=True)
class Score:
    """A posting's keyword score, its parts (they add up to it), the terms that matched, the five resume terms
    that counted most and the must-haves it does not name."""

    score: int
    matched_terms: list[str]
    missing_must_haves: list[str]
    parts: ScoreParts = field(default_factory=ScoreParts)
    top_terms: list[str] = field(default_factory=list)
    exact: float = 0.0
    """The score before rounding (what the invariants are checked on: rounding hides small changes)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """What the score needs of one posting's text: the must-haves it names, the resume terms its role lines use
    and the length of those lines in words that are no resume word (so that using a resume term never lengthens
    a posting). Packed: a sweep keeps one per posting between its two passes (300 bytes, not 900, for the
    dozen terms a posting shares with a resume)."""

    musts: int
    """Bit i set: the posting names must-have i."""
    packed: tuple[int, ...]
    """Resume term index, count, index, count, ... by index: one flat tuple of small (shared) ints."""
    length: int
    described: bool = True
    """The posting has a description (DESCRIBED_WORDS or more): what it does not name, it does not ask for."""

    def terms(self) -> Iterator[tuple[int, int]]:
        """(resume term index, count) pairs, by index."""
        return zip(self.packed[::2], self.packed[1::2], strict=True)

    def names(self, must: int) -> bool:
        return bool(self.musts >> must & 1)


class SweepStats:
    """The sweep's postings as the resume part weighs them: in how many each resume term is used, and their
    average length. Counted over every posting of the sweep before any is scored."""

    def __init__(self, terms: int, readings: Iterable[Reading] = ()) -> None:
        self.postings = 0
        self.length = 0
        self.df = [0] * terms
        self.described = 0
        """Postings with a description, and the must-haves they name in all (an undescribed posting's share)."""
        self.musts_named = 0
        self._weights: list[float] | None = None
        for reading in readings:
            self.add(reading)

    def add(self, reading: Reading) -> None:
        self.postings += 1
        self.length += reading.length
        df = self.df
        for index in reading.packed[::2]:
            df[index] += 1
        if reading.described:
            self.described += 1
            self.musts_named += reading.musts.bit_count()
        self._weights = None

    @property
    def average_length(self) -> float:
        return max(1.0, self.length / self.postings) if self.postings else 1.0

    def must_share(self, musts: int) -> float:
        """The share of `musts` must-haves a described posting of the sweep names on average: 0 without one."""
        return self.musts_named / (self.described * musts) if self.described and musts else 0.0

    def weights(self) -> list[float]:
        """Each resume term's weight, 0..1: its smoothed IDF (BM25's, never negative) over that of a term in
        RARE_SHARE of the postings, capped at 1. A sweep of one posting weighs every term it uses 1."""
        if self._weights is None:
            n = max(self.postings, 1)

            def idf(df: int) -> float:
                return math.log(1 + (n - df + 0.5) / (df + 0.5))

            reference = idf(max(1, math.ceil(RARE_SHARE * n)))
            self._weights = [min(1.0, idf(df) / reference) for df in self.df]
        return self._weights


def vocabulary(text: str) -> set[str]:
    """Words and two-word phrases of a text, stop words and short tokens left out. A two-word phrase never
    spans punctuation or a line break: "PACER/CM/ECF" gives no "pacer cm", nor "e-discovery, Relativity"
    a "discovery relativity"."""
    words = phrases(text)
    terms = {w for w in words if len(w) > 2 and w not in STOPWORDS and not w.isdigit() and w != PHRASE_BREAK}
    for first, second in pairwise(words):
        if first not in STOPWORDS and second not in STOPWORDS and len(first) > 1 and len(second) > 1:
            terms.add(f"{first} {second}")  # PHRASE_BREAK is one character: never part of a pair
    return terms


def _variants(skill: str, groups: list[set[str]]) -> list[str]:
    """A must-have and every synonym linked to it through the groups, however the groups are ordered."""
    variants = {normalize(skill)}
    grown = True
    while grown:
        grown = False
        for group in groups:
            if variants & group and not group <= variants:
                variants |= group
                grown = True
    return sorted(v for v in variants if v)


def whole_parts(parts: list[float], penalty: float) -> tuple[list[int], int, int]:
    """Whole-number parts that add up to the rounded score: the rounded sum of the parts is shared out by largest
    remainder (ties to the earlier part), the penalty is what the rounded score lacks of it."""
    total = int(sum(parts) + 0.5)
    whole = [math.floor(p) for p in parts]
    by_remainder = sorted(range(len(parts)), key=lambda i: (-(parts[i] - whole[i]), i))
    for i in by_remainder[: total - sum(whole)]:
        whole[i] += 1
    score = max(0, int(sum(parts) - penalty + 0.5))
    return whole, total - score, score


class Scorer:
    def __init__(
        self,
        titles: list[str],
        must_haves: list[str],
        synonyms: list[list[str]],
        resume_text: str,
        title_fit: TitleFit | None = None,
        level: Level | None = None,
        kinds: frozenset[str] | None = None,
    ) -> None:
        # The longest target title the posting's title contains is the one matched_terms names, in any order.
        self.title_phrases = sorted({normalize_title(t) for t in titles} - {""}, key=lambda p: (-len(p), p))
        # The title model of the filter (sweepy/domain/titles.py), with the person's level: a near title, or one
        # two or more levels from theirs, earns less of the title part.
        self.title_fit = title_fit or functools.partial(TitleModel(titles, synonyms).fit, level=level)
        groups = [{normalize(term) for term in group} for group in synonyms]
        self.must_haves = [(skill, _variants(skill, groups)) for skill in must_haves]
        self._spaced = [tuple(f" {v} " for v in variants) for _skill, variants in self.must_haves]
        self.terms = sorted(vocabulary(resume_text))
        self._index = {term: i for i, term in enumerate(self.terms)}
        by_display = sorted(range(len(self.terms)), key=lambda i: (" " not in self.terms[i], self.terms[i]))
        self._order = [0] * len(self.terms)
        """Each term's place in matched_terms' order (phrases first, then words, each alphabetical)."""
        for place, i in enumerate(by_display):
            self._order[i] = place
        self._resume_words = frozenset(w for term in self.terms for w in term.split())
        pairs = [term.split() for term in self.terms if " " in term]
        self._second_words = {first: frozenset(b for a, b in pairs if a == first) for first, _ in pairs}
        """A resume phrase's first word → the words that follow it in one: a posting's word pairs are looked up
        by their first word, most of which start no resume phrase."""

        self._title_term = lru_cache(maxsize=TITLES_CACHED)(self._first_title)
        self.kinds = kinds
        """The employment_types the person asked for (the filter keeps only those); empty: they named none, so a
        kind other than full-time takes KIND_PENALTY; None: the kind is not weighed."""

    def _kind_penalty(self, kind: str | None) -> float:
        """KIND_PENALTY for a stated kind other than full-time when the person named none."""
        named_none = self.kinds is not None and not self.kinds
        return KIND_PENALTY if named_none and kind not in (None, "full_time") else 0.0

    def _first_title(self, title: str) -> tuple[str, ...]:
        """The target title matched_terms names first: the longest one the posting's title contains."""
        norm_title = normalize_title(title)
        return tuple(p for p in self.title_phrases if contains_phrase(norm_title, p))[:1]

    def stats(self, readings: Iterable[Reading] = ()) -> SweepStats:
        return SweepStats(len(self.terms), readings)

    def read(self, title: str, description: str) -> Reading:
        """The first of two passes: what the posting says, before the sweep's statistics are known. Must-haves
        match anywhere in the title and the text, across punctuation ("CM/ECF" is the skill "cm ecf"); resume
        terms only in the role's lines (sections.py), and never across punctuation; in a posting without a
        description, its title is that line."""
        counted, other = split_sections(description)
        words = phrases(counted)
        known = self._resume_words
        used = list(map(known.__contains__, words))  # in C: which words are resume words, read once
        others = len(words) - words.count(PHRASE_BREAK) - sum(used)
        normal_other = normalize(other)
        # words that are no resume word: the role's lines have enough in nearly every posting, else the others too
        said = others if others >= DESCRIBED_WORDS else others + sum(w not in known for w in normal_other.split())
        described = said >= DESCRIBED_WORDS
        if not described:
            title_words = phrases(title)
            others += len(title_words) - title_words.count(PHRASE_BREAK) - sum(map(known.__contains__, title_words))
            words = [*title_words, PHRASE_BREAK, *words]
            used = list(map(known.__contains__, words))
        # the whole text for must-haves: the counted words as read (no phrase breaks), then the other lines
        padded = f" {normalize_title(title)} {' '.join(words).replace(f' {PHRASE_BREAK}', '')} {normal_other} "
        musts = sum(1 << i for i, spaced in enumerate(self._spaced) if any(v in padded for v in spaced))
        return Reading(musts, self._terms_in(words, used), others, described)

    def _terms_in(self, words: list[str], used: list[bool]) -> tuple[int, ...]:
        """Reading.packed for `words`: each resume term and how often it is used, a phrase being two adjacent
        words. Only the positions of resume words (`used`, picked out in C) are visited: a phrase starts with
        one, and most of a posting's words are none."""
        index, follows = self._index, self._second_words
        counts: dict[str, int] = {}
        last = len(words) - 1
        for at, word in zip(compress(range(len(words)), used), compress(words, used), strict=True):
            if word in index:
                counts[word] = counts.get(word, 0) + 1
            if at < last and word in follows and words[at + 1] in follows[word]:
                pair = f"{word} {words[at + 1]}"
                counts[pair] = counts.get(pair, 0) + 1
        return tuple(chain.from_iterable(sorted((index[term], n) for term, n in counts.items())))

    def score(
        self,
        title: str,
        description: str,
        place_note: str | None = None,
        stats: SweepStats | None = None,
        kind: str | None = None,
    ) -> Score:
        """One posting's score; without `stats`, as if the sweep were this one posting."""
        reading = self.read(title, description)
        return self.judge(title, reading, stats or self.stats([reading]), place_note, kind)

    def judge(
        self, title: str, reading: Reading, stats: SweepStats, place_note: str | None = None, kind: str | None = None
    ) -> Score:
        """The second pass: a posting's reading weighed against the sweep's statistics. `kind`: its
        employment_type (None: not stated)."""
        fit = self.title_fit(title)
        if not 0.0 <= fit <= 1.0:
            raise ValueError(f"title_fit gave {fit!r} for {title!r}: a title fit is between 0 and 1")
        found = reading.musts.bit_count()
        must_share = found / len(self.must_haves) if self.must_haves else 0.0
        if not reading.described:  # unknown, not missing: what the sweep's described postings name on average
            must_share = max(must_share, stats.must_share(len(self.must_haves)))
        contributions = self._contributions(reading, stats)
        resume_weight = RESUME_WEIGHT + (0 if self.must_haves else MUST_WEIGHT)
        resume = resume_weight * min(1.0, sum(contributions.values()) / RESUME_SATURATION)
        place = PLACE_WEIGHT * PLACE_FIT.get(place_note, PARTIAL_PLACE)
        missing_share = 1.0 - must_share if self.must_haves and reading.described else 0.0
        penalty = PENALTY_WEIGHT * max(0.0, missing_share - 0.5) * 2 + self._kind_penalty(kind)
        exact = [TITLE_WEIGHT * fit, MUST_WEIGHT * must_share, resume, place]
        (t, m, r, p), taken, score = whole_parts(exact, penalty)
        parts = ScoreParts.model_construct(title=t, must_haves=m, resume=r, place=p, penalty=-taken)  # all ints
        order, terms = self._order, self.terms
        top = [terms[i] for i in sorted(contributions, key=lambda i: (-contributions[i], order[i]))[:TOP_TERMS]]
        matched, missing = self._matched(title, reading, contributions)
        return Score(
            score=score,
            matched_terms=matched,
            missing_must_haves=missing,
            parts=parts,
            top_terms=top,
            exact=max(0.0, sum(exact) - penalty),
        )

    def _contributions(self, reading: Reading, stats: SweepStats) -> dict[int, float]:
        """Each resume term's points in this posting, by term index: its weight in the sweep times BM25's
        saturating term frequency, 1 for one use in a posting of average length."""
        weights = stats.weights()
        norm = K1 * (1 - B + B * reading.length / stats.average_length)
        return {i: weights[i] * n * (K1 + 1) / (n + norm) for i, n in reading.terms()}

    def _matched(self, title: str, reading: Reading, contributions: dict[int, float]) -> tuple[list[str], list[str]]:
        """matched_terms (the target title the posting's title contains, the must-haves as the person wrote them,
        then the resume terms, phrases first, each alphabetical) and the missing must-haves, in profile order."""
        matched = list(self._title_term(title))  # a copy: the cached tuple stays as it is
        already = set(matched)
        missing: list[str] = []
        for n, (skill, variants) in enumerate(self.must_haves):
            if reading.names(n):
                matched.append(skill)
                already.update(variants)  # "e-discovery" found: no "e discovery" or "ediscovery" after it
            else:
                missing.append(skill)
        for i in sorted(contributions, key=self._order.__getitem__):
            if len(matched) >= MATCHED_TERMS:
                break
            if self.terms[i] not in already:
                matched.append(self.terms[i])
        return matched, missing
