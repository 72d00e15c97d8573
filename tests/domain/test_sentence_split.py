"""The eligibility reader's sentence split, rewritten for speed, gives the sentences the split it was first written
as gave: on the relevance set's real postings, on hostile texts (abbreviations, bullets, blank lines, spaces that
are not " ", no trailing stop) and on random strings of the characters that matter; and a paragraph's anchored
sentences, read beside its anchors, are the ones a reading of every sentence finds."""

import random
import re

from relevance_set import postings

from sweepy.domain.eligibility import _placed, scan_anchors
from sweepy.domain.sentences import _ABBREVIATION, _BULLET, _boundaries, sentence_spans

FIRST_BOUNDARY = re.compile(r"(?<=[.!?;:])\s+|\s*\n+\s*|\s+[•·▪]\s+")
"""The boundary pattern as it was first written: slow (three alternatives tried at every character), plain."""

HOSTILE = [
    "Must be a U.S. citizen. We use e.g. Python daily.\n• Remote within the EU",
    "Approx. 3 days a week; no. 5 on the list: Dr. Smith, i.e. the lead!  Then?\tYes.\n\n\n  • • • bullets · here ▪ x",
    "No trailing period\n\nU.S. only\r\nwindows line\u2028unicode line\x0bvertical tab.\x85next line",
    ". leading stop\n \n\t\n  . \u00a0• \u00a0no-break spaces around a bullet.\u3000ideographic space",
    "end with spaces.   ",
    "• ",
    "",
    " ",
    "\n",
]
ALPHABET = ["a", "U", ".", "!", "?", ";", ":", " ", " ", "\n", "\t", "\r", "\u2028", "\x85", "\xa0", "•", "·", "▪",
            "*", "-", "e.g.", "U.S.", "x"]  # fmt: skip


def first_spans(text: str) -> list[tuple[int, int]]:
    """The sentence spans as the split first found them: every piece between boundaries, an abbreviation's space
    looked for in the whole piece, each piece stripped of spaces and a leading bullet."""
    pieces: list[tuple[int, int]] = []
    start = 0
    for boundary in FIRST_BOUNDARY.finditer(text):
        gap = boundary.group()
        if "\n" not in gap and gap.isspace() and _ABBREVIATION.search(text[start : boundary.start()]):
            continue
        pieces.append((start, boundary.start()))
        start = boundary.end()
    pieces.append((start, len(text)))
    spans = []
    for start, end in pieces:
        piece = text[start:end]
        stripped = piece.strip()
        sentence = stripped.lstrip(_BULLET).strip()  # a suffix of `stripped`
        if sentence:
            first = start + len(piece) - len(piece.lstrip()) + len(stripped) - len(sentence)
            spans.append((first, first + len(sentence)))
    return spans


def first_placed(paragraph: str, placed: list[tuple[int, int, tuple[int, ...]]]) -> list[tuple[str, tuple[int, ...]]]:
    """A paragraph's anchored sentences as first found: every sentence, the readers of the anchors wholly in it."""
    found = []
    for first, last in first_spans(paragraph):
        numbers = tuple(sorted({n for at, until, held in placed if first <= at and until <= last for n in held}))
        if numbers:
            found.append((paragraph[first:last], numbers))
    return found


def _paragraphs() -> list[str]:
    texts = [p.description for p in postings().values()] + HOSTILE
    return [line for text in texts for line in text.split("\n") if line.strip()]


def _splits(text: str) -> tuple[list[tuple[int, int, bool]], list[tuple[int, int, bool]]]:
    """The boundaries as `_boundaries` finds them, and as the first pattern matched them (with whether the match
    is spaces after a stop, without a line break)."""
    first = [(*m.span(), "\n" not in m.group() and m.group().isspace()) for m in FIRST_BOUNDARY.finditer(text)]
    return list(_boundaries(text)), first


def test_the_boundaries_are_where_the_first_pattern_matched_on_real_postings() -> None:
    texts = [p.description for p in postings().values()]
    assert sum(len(_splits(text)[1]) for text in texts) > 3000  # the set has sentences to split
    for text in texts:
        found, first = _splits(text)
        assert found == first


def test_the_boundaries_are_where_the_first_pattern_matched_on_hostile_texts() -> None:
    for text in HOSTILE:
        found, first = _splits(text)
        assert found == first, text


def test_the_boundaries_are_where_the_first_pattern_matched_on_random_strings() -> None:
    rng = random.Random(25)
    for _ in range(40_000):
        text = "".join(rng.choices(ALPHABET, k=rng.randint(0, 24)))
        found, first = _splits(text)
        assert found == first, text


def test_sentences_are_the_ones_the_first_split_found() -> None:
    texts = [p.description for p in postings().values()] + HOSTILE
    for text in texts:
        assert list(sentence_spans(text)) == first_spans(text), text
    rng = random.Random(5)
    for _ in range(20_000):
        text = "".join(rng.choices(ALPHABET, k=rng.randint(0, 24)))
        assert list(sentence_spans(text)) == first_spans(text), text


def test_a_paragraphs_anchored_sentences_are_the_ones_a_reading_of_every_sentence_finds() -> None:
    read = 0
    for paragraph in _paragraphs():
        lowered = paragraph.lower()
        if len(lowered) != len(paragraph):
            continue
        placed = [(last + 1 - len(word), last + 1, held) for last, (word, held) in scan_anchors(lowered)]
        found = list(_placed(paragraph, placed))
        assert found == first_placed(paragraph, placed), paragraph
        read += len(found)
    assert read > 300  # the real postings have anchored sentences
