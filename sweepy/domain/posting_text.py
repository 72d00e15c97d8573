"""A posting's description read once for the readers of the score stage: one lower-casing and one Aho-Corasick
scan find the eligibility readers' anchor words and the experience reader's year words together, and each reader
then reads only what its own words point at.

Two scans (one per reader) were a fifth of the time of reading a posting: the scan costs about as much for 150
words as for 100, most of it is walking the text.
"""

import ahocorasick

from .eligibility import BY_ANCHOR, AnchorHit, assess
from .eligibility_rules import Finding, Seeker
from .experience import Experience, required_experience
from .experience_phrases import YEAR_WORDS, YearHit, scan

_WORDS = ahocorasick.Automaton()
"""Every eligibility anchor and every year word, each with what it is to either reader (None: nothing)."""
for _word in BY_ANCHOR.keys() | YEAR_WORDS.keys():
    _anchor = (_word, BY_ANCHOR[_word]) if _word in BY_ANCHOR else None
    _WORDS.add_word(_word, (_anchor, YEAR_WORDS.get(_word)))
_WORDS.make_automaton()


class PostingText:
    """The description, and where each reader's words stand in it (found on creation: a posting is made into a
    card once, and both readers read it)."""

    __slots__ = ("_anchors", "_years", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        lowered = text.lower()
        self._anchors: list[AnchorHit] | None = None
        hits: list[YearHit] | None = None
        if len(lowered) == len(text):  # else positions differ: each reader reads the text its own way
            self._anchors, hits = [], []
            for last, (anchor, length) in _WORDS.iter(lowered):
                if anchor is not None:
                    self._anchors.append((last, anchor))
                if length is not None:
                    hits.append((last, length))
        self._years = scan(text, lowered, hits)

    def assess(
        self, seeker: Seeker, *, open_to: list[str] | None = None, location: str = "", title: str = ""
    ) -> list[Finding]:
        """eligibility.assess of the description, from the shared scan."""
        return assess(self.text, seeker, open_to=open_to, location=location, title=title, anchors=self._anchors)

    def required_experience(self) -> Experience | None:
        """experience.required_experience of the description, from the shared scan."""
        return required_experience(self.text, self._years)
