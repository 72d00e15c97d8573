"""A text's sentences, each a verbatim slice of it, for the eligibility and agency readers: split at stops,
line breaks and bullets, not after an abbreviation ("U.S. citizens", "e.g. Python")."""

import re
from collections.abc import Iterator

_MARKS = re.compile(r"[.!?;:\n•·▪](?:(?<=[.!?;:])(?=\s)|(?<=\n)|(?<=\s[•·▪])(?=\s))")
"""What every sentence boundary holds: a stop before spaces, a line break, or a bullet between spaces. Only these
are looked at (the engine jumps to them), not every space of the text."""
_ABBREVIATION = re.compile(
    r"(?:\b[A-Za-z]\.|\b(?:e\.g|i\.e|etc|inc|approx|no|st|dr|mr|ms|vs|incl|z\.b|bzw|ca)\.)$", re.IGNORECASE
)


_ABBREVIATION_REACH = 8
"""The longest abbreviation ("approx.") and the character before it: all `_ABBREVIATION` needs to see."""
_BULLET = "•·▪*-– "


def sentences(text: str) -> Iterator[str]:
    """The text's sentences, each a verbatim slice of it: "U.S. citizens" and "e.g. Python" do not split."""
    for start, end in sentence_spans(text):
        yield text[start:end]


def sentence_spans(text: str) -> Iterator[tuple[int, int]]:
    """Where each of `sentences` stands in the text, as (start, end)."""
    for start, end in pieces(text):
        if (span := trimmed(text, start, end)) is not None:
            yield span


def pieces(text: str) -> Iterator[tuple[int, int]]:
    """The text between sentence boundaries, untrimmed. A space after an abbreviation is no boundary: the
    abbreviation is looked for in the characters just before it (a search over the whole piece at each boundary
    was most of the time of splitting)."""
    start = 0
    for at, end, after_stop in _boundaries(text):
        if after_stop and _ABBREVIATION.search(text, max(start, at - _ABBREVIATION_REACH), at):
            continue
        yield start, at
        start = end
    yield start, len(text)


def _boundaries(text: str) -> Iterator[tuple[int, int, bool]]:
    r"""(start, end, whether it is spaces after a stop within a line) of each sentence boundary, found where the
    pattern `(?<=[.!?;:])\s+|\s*\n+\s*|\s+[•·▪]\s+` matches, in order, but from its marks (`_MARKS`): trying
    three alternatives at every character, the pattern took 15 us for a 170-character paragraph, the marks 2.

    Its three kinds, each a whole run of spaces with what is in it: the spaces after a stop (first of the three:
    they win over a line break or a bullet after them); the spaces holding a line break; spaces, a bullet and
    spaces. Runs the boundary before took in are no boundary of their own (" • • x" splits once)."""
    reached = 0  # where the last boundary ended: nothing before it is looked at again
    for mark in _MARKS.finditer(text):
        at = mark.start()
        if at < reached:
            continue
        char = text[at]
        if char in ".!?;:":
            start = end = at + 1
        elif at == reached and char != "\n":  # the spaces before the bullet ended the last boundary
            continue
        else:
            start, end = at, at + 1
            while start > reached and text[start - 1].isspace():
                start -= 1
        while end < len(text) and text[end].isspace():  # runs of spaces are short: a loop costs less than a search
            end += 1
        yield start, end, char in ".!?;:" and "\n" not in text[start:end]
        reached = end


def trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of text[start:end] without its surrounding spaces and leading bullet, None when nothing is left."""
    piece = text[start:end]
    stripped = piece.strip()
    sentence = stripped.lstrip(_BULLET).strip()  # a suffix of `stripped`: it ends in no space
    if not sentence:
        return None
    start += len(piece) - len(piece.lstrip()) + len(stripped) - len(sentence)
    return start, start + len(sentence)
