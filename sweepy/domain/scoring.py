"""Stage 5's keyword overlap: a deterministic 0..100 first pass, with the terms that matched and the gaps.

Weights: 25 for the title, 40 for must-have skills, 35 for resume vocabulary found in the posting
(must-have weight moves to the resume when a profile has none). It is honest about being keyword overlap;
the assistant's judgment is the real match.
"""

from dataclasses import dataclass
from itertools import pairwise

from .text import PHRASE_BREAK, contains_phrase, normalize, normalize_title, phrases

TITLE_WEIGHT, MUST_WEIGHT, RESUME_WEIGHT = 25, 40, 35
RESUME_SATURATION = 60
"""Distinct resume terms found in a posting for the full resume weight."""

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
    you'll we're our us will""".split()
)


@dataclass(frozen=True)
class Score:
    score: int
    matched_terms: list[str]
    missing_must_haves: list[str]


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


class Scorer:
    def __init__(self, titles: list[str], must_haves: list[str], synonyms: list[list[str]], resume_text: str) -> None:
        self.title_phrases = [normalize_title(t) for t in titles]
        groups = [[normalize(term) for term in group] for group in synonyms]
        self.must_haves: list[tuple[str, list[str]]] = []
        for skill in must_haves:
            variants = {normalize(skill)}
            for group in groups:
                if variants & set(group):
                    variants |= set(group)
            self.must_haves.append((skill, sorted(v for v in variants if v)))
        self.resume_terms = frozenset(vocabulary(resume_text))
        self._resume_words = frozenset(w for term in self.resume_terms for w in term.split())

    def _resume_hits(self, words: list[str]) -> list[str]:
        """`resume_terms & vocabulary(text)`, without building the posting's whole vocabulary. `words` hold
        PHRASE_BREAK tokens, which are in no term, so no pair spans punctuation in the posting either."""
        known = self._resume_words
        hits = set(self.resume_terms.intersection(words))  # a resume word is a term; PHRASE_BREAK is none
        hits.update(
            f"{a} {b}" for a, b in pairwise(words) if a in known and b in known and f"{a} {b}" in self.resume_terms
        )
        return sorted(hits)

    def score(self, title: str, description: str) -> Score:
        norm_title = normalize_title(title)
        words = [*norm_title.split(), PHRASE_BREAK, *phrases(description)]
        # Must-haves match across punctuation as before ("CM/ECF" is the skill "cm ecf"); resume terms do not.
        padded = f" {' '.join(words)} ".replace(f" {PHRASE_BREAK}", "")  # every break token is one " |"
        title_points = 0.0
        matched: list[str] = []
        for phrase in self.title_phrases:
            if contains_phrase(norm_title, phrase):
                title_points, matched = TITLE_WEIGHT, [phrase]
                break
            # Its own name: `words` holds the posting's text, which the resume overlap below reads.
            target = phrase.split()
            share = sum(w in norm_title.split() for w in target) / max(len(target), 1)
            title_points = max(title_points, TITLE_WEIGHT * 0.6 * share)
        missing = []
        found_musts = 0
        for skill, variants in self.must_haves:
            if any(f" {v} " in padded for v in variants):
                found_musts += 1
                matched.append(skill)  # as the person wrote it: "e-discovery", not "e discovery"
            else:
                missing.append(skill)
        resume_hits = self._resume_hits(words)
        resume_weight = RESUME_WEIGHT + (0 if self.must_haves else MUST_WEIGHT)
        must_points = MUST_WEIGHT * found_musts / len(self.must_haves) if self.must_haves else 0.0
        resume_points = resume_weight * min(1.0, len(resume_hits) / RESUME_SATURATION)
        # Phrases first (they say more), then words, each alphabetical: stable across runs.
        extra = sorted(resume_hits, key=lambda t: (" " not in t, t))
        already = {normalize(term) for term in matched}
        for term in extra:
            if len(matched) >= 15:
                break
            if term not in already:
                matched.append(term)
        total = round(title_points + must_points + resume_points)
        return Score(score=max(0, min(100, total)), matched_terms=matched, missing_must_haves=missing)
