"""The eligibility reader's sentence split, rewritten for speed, splits where the pattern it was first written as
splits: on the relevance set's real postings, on hostile texts (abbreviations, bullets, blank lines, spaces that
are not " ") and on random strings of the characters that matter."""

import random
import re

from relevance_set import postings

from sweepy.domain.eligibility import _BOUNDARY

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


def _splits(pattern: re.Pattern[str], text: str, pos: int = 0) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(text, pos)]


def test_the_boundary_splits_real_postings_where_the_first_pattern_did() -> None:
    texts = [p.description for p in postings().values()]
    assert sum(len(_splits(FIRST_BOUNDARY, text)) for text in texts) > 3000  # the set has sentences to split
    for text in texts:
        assert _splits(_BOUNDARY, text) == _splits(FIRST_BOUNDARY, text)


def test_the_boundary_splits_hostile_texts_where_the_first_pattern_did() -> None:
    for text in HOSTILE:
        for pos in range(len(text) + 1):  # a search that starts mid-text sees the characters before it
            assert _splits(_BOUNDARY, text, pos) == _splits(FIRST_BOUNDARY, text, pos), (text, pos)


def test_the_boundary_splits_random_strings_where_the_first_pattern_did() -> None:
    rng = random.Random(25)
    for _ in range(20_000):
        text = "".join(rng.choices(ALPHABET, k=rng.randint(0, 24)))
        pos = rng.randint(0, len(text))
        assert _splits(_BOUNDARY, text) == _splits(FIRST_BOUNDARY, text), text
        assert _splits(_BOUNDARY, text, pos) == _splits(FIRST_BOUNDARY, text, pos), (text, pos)
