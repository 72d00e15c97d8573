"""Text in any script in the report: a Paragraph that shapes complex scripts and draws right-to-left words in
visual order.

Shaping: ReportLab shapes words with HarfBuzz (uharfbuzz) when a style sets `shaping`: Arabic letters join and
each right-to-left word's glyphs run right to left; Devanagari vowel signs and conjuncts take their places. It
is turned on only for paragraphs that need it (right-to-left letters or combining marks), because ReportLab
shapes with discretionary ligatures on, which would print Latin "st" as a ligature.

Bidi: ReportLab keeps the words of a line in the order they were typed, and its own bidi support needs
`rlbidi` and leaves paragraphs of several fonts alone. So lines are broken in logical order as usual, and only
when a line is drawn are its words reordered by their Unicode bidi levels (python-bidi computes the levels; the
reordering is rule L2 of UAX #9, applied to words). Splitting a paragraph across pages still sees the logical
order.
"""

import itertools
import re
import unicodedata
from typing import Any

from bidi import algorithm as uba
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

_STRONG = frozenset({"L", "R", "AL", "EN", "AN"})
"""Bidi classes that give a word its direction (letters and digits; punctuation and spaces take their
neighbours')."""
_BEYOND_LATIN = re.compile("[^\x00-\u02ff]")
"""Characters past Latin, Latin-1 and Latin Extended: the only ones that can be right to left or combining."""


def has_rtl(text: str) -> bool:
    """True when `text` has a right-to-left letter (Hebrew, Arabic and their presentation forms)."""
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in _BEYOND_LATIN.findall(text))


def has_marks(text: str) -> bool:
    """True when `text` has a combining mark: a Devanagari vowel sign or virama, a decomposed accent."""
    return any(unicodedata.category(ch) in ("Mn", "Mc") for ch in _BEYOND_LATIN.findall(text))


def base_level(text: str) -> int:
    """0 when the text's first strong letter reads left to right (or there is none), 1 when right to left."""
    return int(uba.get_base_level(text))


def word_base_level(text: str) -> int:
    """The direction most of the text's words read in (each word by its first strong letter): 1 for "React مطور
    واجهات أمامية", an Arabic job title with the framework's name first. A tie goes to the first strong letter."""
    counts = [0, 0]
    for word in text.split():
        kind = next((kind for kind in map(unicodedata.bidirectional, word) if kind in ("L", "R", "AL")), None)
        if kind is not None:
            counts[kind != "L"] += 1
    return base_level(text) if counts[0] == counts[1] else int(counts[1] > counts[0])


def levels(text: str, base: int) -> list[int]:
    """The UAX #9 embedding level of each character of `text` (rules X1-I2) under paragraph level `base`."""
    storage: dict[str, Any] = uba.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = "LR"[base]
    uba.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["index"] = index  # explicit embedding controls are dropped below: keep each level's position
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    out = [base] * len(text)
    for char in storage["chars"]:
        out[char["index"]] = char["level"]
    return out


def visual_order(word_levels: list[int]) -> list[int]:
    """Rule L2 on a line of words: from the highest level down to the lowest odd one, reverse every run of words
    at that level or higher. Returns the logical indexes in visual (left to right) order."""
    order = list(range(len(word_levels)))
    if not word_levels:
        return order
    lowest_odd = min(level for level in word_levels) | 1
    for level in range(max(word_levels), lowest_odd - 1, -1):
        start = None
        for position in range(len(order) + 1):
            inside = position < len(order) and word_levels[order[position]] >= level
            if inside and start is None:
                start = position
            elif not inside and start is not None:
                order[start:position] = reversed(order[start:position])
                start = None
    return order


def _word_level(text: str, char_levels: list[int]) -> int:
    """A word's level: that of its first strong character (letters and digits), else its highest."""
    for ch, level in zip(text, char_levels, strict=True):
        if unicodedata.bidirectional(ch) in _STRONG:
            return level
    return max(char_levels)


def _line_words(frags: list[Any]) -> list[tuple[Any, Any]]:
    """(frag, word) pairs in logical order; the words keep ReportLab's shaped-string type (slices of it)."""
    words = []
    for frag in frags:
        text = frag.text
        start = None
        for position in range(len(text) + 1):
            inside = position < len(text) and not text[position].isspace()
            if inside and start is None:
                start = position
            elif not inside and start is not None:
                words.append((frag, text[start:position]))
                start = None
    return words


def _for_levels(text: str) -> str:
    # Shaping draws a glyph that has no character of its own with a private-use code, which UAX #9 takes as
    # left to right; a neutral stand-in lets the letters around it decide.
    return "".join("\ufffd" if 0xE000 <= ord(ch) <= 0xF8FF else ch for ch in text)


def visual_frags(frags: list[Any], base: int) -> list[Any] | None:
    """The frags of one line (logical order) as frags in visual order, one word each with a space after all but
    the last; None when the line needs no reordering or holds something other than text (an image, a hook)."""
    if any(not hasattr(frag, "text") or hasattr(frag, "cbDefn") for frag in frags):
        return None
    if not any(has_rtl(frag.text) for frag in frags):
        return None
    words = _line_words(frags)
    if len(words) < 2:
        return None
    line = " ".join(str(word) for _frag, word in words)
    char_levels = levels(_for_levels(line), base)
    # Each word's level, and between two words the level of the space: "1. React" in a right-to-left title is
    # two left-to-right runs (the space between a number and a word takes the paragraph's direction), not one.
    item_levels, offset = [], 0
    for _frag, word in words:
        item_levels.append(_word_level(_for_levels(str(word)), char_levels[offset : offset + len(word)]))
        offset += len(word) + 1
        if offset <= len(line):
            item_levels.append(char_levels[offset - 1])
    order = [index // 2 for index in visual_order(item_levels) if index % 2 == 0]
    if order == list(range(len(words))):
        return None
    out = []
    for position, index in enumerate(order):
        frag, word = words[index]
        out.append(frag.clone(text=word if position == len(order) - 1 else word + " "))
    return out


def _plain(frags: list[Any]) -> str:
    """The text of a paragraph's frags; a split paragraph's parts get frag words ([width, (frag, text), ...])."""
    parts = []
    for frag in frags:
        if isinstance(frag, list):
            parts.append("".join(str(text) for _style, text in frag[1:]) + " ")
        else:
            parts.append(getattr(frag, "text", ""))
    return "".join(parts)


def separate_fonts(frags: list[Any]) -> None:
    """Put a space where a word changes font ("Python/हिंदी"), in place. ReportLab shapes a whole word with the
    font of its first frag, which draws the other frag's letters as the wrong glyphs (boxes): a space and a
    possible line break there is the lesser harm. (A zero-width space, also a word break to ReportLab, confuses
    its shaper and still prints as a space.)"""
    for before, after in itertools.pairwise(frags):
        first, second = getattr(before, "text", ""), getattr(after, "text", "")
        mid_word = first and second and not first[-1].isspace() and not second[0].isspace()
        if mid_word and before.fontName != after.fontName:
            before.text = first + " "


class ScriptParagraph(Paragraph):  # type: ignore[misc]
    """A Paragraph shaped when its text needs it, its lines drawn in visual order, and right-aligned when the
    text starts right to left."""

    style: Any
    frags: Any
    blPara: Any
    bidi_base: int | None
    shape_marks = True
    """Shape text with combining marks (Devanagari) too, not only right-to-left text."""
    direction_by_words = False
    """Take the direction of most words rather than of the first strong letter (UAX #9 rule P2): for a title."""

    def __init__(self, text: str, style: ParagraphStyle, *args: Any, **kwargs: Any) -> None:
        super().__init__(text, style, *args, **kwargs)
        plain = _plain(self.frags)
        rtl = has_rtl(plain)
        self.bidi_base = (word_base_level if self.direction_by_words else base_level)(plain) if rtl else None
        changes: dict[str, Any] = {}
        if (rtl or (self.shape_marks and has_marks(plain))) and not self.style.shaping:
            changes["shaping"] = 1
        if self.bidi_base == 1 and self.style.alignment == TA_LEFT:
            changes["alignment"] = TA_RIGHT
        if changes:
            self.style = ParagraphStyle(f"{self.style.name}-shaped", self.style, **changes)
        if self.style.shaping:
            separate_fonts(self.frags)

    def split(self, availWidth: float, availHeight: float) -> list[Any]:
        """The parts keep this paragraph's direction: the rest of an English line's Arabic phrase on the next
        page is still part of an English paragraph."""
        parts: list[Any] = super().split(availWidth, availHeight)
        for part in parts:
            if part is not self and isinstance(part, ScriptParagraph):
                part.bidi_base = self.bidi_base
                if part.style.alignment != self.style.alignment:
                    part.style = ParagraphStyle(part.style.name, part.style, alignment=self.style.alignment)
        return parts

    def drawPara(self, debug: int = 0) -> None:
        if self.bidi_base is None:
            super().drawPara(debug)
            return
        logical = self.blPara
        self.blPara = _visual_para(logical, self.bidi_base)
        try:
            super().drawPara(debug)
        finally:
            self.blPara = logical


class TitleParagraph(ScriptParagraph):
    """A title: right to left, right-aligned, when most of its words are, though a Latin word comes first (a job
    title in Arabic or Hebrew often starts with a product's or a framework's name). Rule P2 would take the
    direction of that first word, which suits a sentence but lays an Arabic title out left to right."""

    direction_by_words = True


class DocumentParagraph(ScriptParagraph):
    """A converted document's paragraph (a resume goes on to an ATS that reads its text): right-to-left text is
    shaped and ordered, since unshaped it cannot be read at all, but text with combining marks is not. ReportLab
    gives a shaped glyph with no character of its own (a Devanagari vowel sign drawn before its consonant) a
    private code, so "हिंदी" would no longer come back from the PDF's text."""

    shape_marks = False


def _visual_para(para: Any, base: int) -> Any:
    """A copy of a broken paragraph (ReportLab's blPara) whose lines hold their words in visual order. A shaped
    paragraph always breaks into frag lines (kind 1); a one-font plain paragraph (kind 0) has no right-to-left
    text, since any makes ScriptParagraph shape it."""
    if para.kind != 1:
        return para
    lines = []
    for line in para.lines:
        visual = visual_frags(line.words, base)
        lines.append(line.clone(words=visual) if visual else line)
    return para.clone(lines=lines)
