"""DOCX list detection: is a paragraph a bulleted or numbered item, at what level, and what is its marker."""

import re
from dataclasses import dataclass, field
from typing import Any

from docx.oxml.ns import qn

_STYLE_LEVEL = re.compile(r"^List (Bullet|Number|Continue)(?: (\d))?$")


def _roman(number: int) -> str:
    out = ""
    for value, letters in (
        (1000, "m"),
        (900, "cm"),
        (500, "d"),
        (400, "cd"),
        (100, "c"),
        (90, "xc"),
        (50, "l"),
        (40, "xl"),
        (10, "x"),
        (9, "ix"),
        (5, "v"),
        (4, "iv"),
        (1, "i"),
    ):
        while number >= value:
            out, number = out + letters, number - value
    return out


def _letters(number: int) -> str:
    return chr(ord("a") + (number - 1) % 26) * ((number - 1) // 26 + 1)


def _format(kind: str, number: int) -> str:
    if kind == "lowerLetter":
        return f"{_letters(number)}."
    if kind == "upperLetter":
        return f"{_letters(number).upper()}."
    if kind == "lowerRoman":
        return f"{_roman(number)}."
    if kind == "upperRoman":
        return f"{_roman(number).upper()}."
    return f"{number}."


def _attr(element: Any, child: str) -> str | None:
    found = element.find(qn(child)) if element is not None else None
    return None if found is None else found.get(qn("w:val"))


def _num_pr(paragraph: Any) -> tuple[str | None, int | None]:
    """numId and ilvl from the paragraph's own pPr, else from its style chain (List Number carries one)."""
    ppr = paragraph._p.pPr
    num_pr = ppr.find(qn("w:numPr")) if ppr is not None else None
    style = paragraph.style
    for _ in range(10):  # a style chain deeper than this is a loop in a hostile file
        if num_pr is not None or style is None:
            break
        style_ppr = style.element.find(qn("w:pPr"))
        num_pr = style_ppr.find(qn("w:numPr")) if style_ppr is not None else None
        style = style.base_style
    if num_pr is None:
        return None, None
    level = _attr(num_pr, "w:ilvl")
    return _attr(num_pr, "w:numId"), int(level) if level and level.isdigit() else None


@dataclass
class ListTracker:
    """Follows numbering through the document so "1., 2., 3." continue across items and restart per list."""

    document: Any
    counters: dict[tuple[str, int], int] = field(default_factory=dict)
    _formats: dict[tuple[str, int], tuple[str, int]] = field(default_factory=dict)

    def _numbering(self, num_id: str, level: int) -> tuple[str, int]:
        """(numFmt, start) for a numId and level from the numbering part; ("bullet", 1) when unknown."""
        key = (num_id, level)
        if key not in self._formats:
            self._formats[key] = self._lookup(num_id, level) or ("", 1)
        return self._formats[key]

    def _lookup(self, num_id: str, level: int) -> tuple[str, int] | None:
        try:
            numbering = self.document.part.numbering_part.element
        except (NotImplementedError, KeyError, AttributeError):  # a DOCX without a numbering part
            return None
        for num in numbering.findall(qn("w:num")):
            if num.get(qn("w:numId")) == num_id:
                abstract_id = _attr(num, "w:abstractNumId")
                break
        else:
            return None
        for abstract in numbering.findall(qn("w:abstractNum")):
            if abstract.get(qn("w:abstractNumId")) != abstract_id:
                continue
            for lvl in abstract.findall(qn("w:lvl")):
                if lvl.get(qn("w:ilvl")) == str(level):
                    start = _attr(lvl, "w:start")
                    return _attr(lvl, "w:numFmt") or "decimal", int(start) if start and start.isdigit() else 1
        return None

    def item(self, paragraph: Any) -> tuple[str, int] | None:
        """(marker, level) when `paragraph` is a list item, else None. Markers: "•" or "1.", "a.", "iv."."""
        name = paragraph.style.name if paragraph.style is not None else ""
        by_style = _STYLE_LEVEL.match(name or "")
        num_id, level = _num_pr(paragraph)
        if num_id == "0":  # numId 0 explicitly switches numbering off
            num_id = None
        if num_id is None and by_style is None:
            return None
        if level is None:
            level = int(by_style.group(2)) - 1 if by_style and by_style.group(2) else 0
        level = max(0, min(level, 8))
        if by_style and by_style.group(1) == "Continue":
            return "", level
        kind, start = self._numbering(num_id, level) if num_id else ("", 1)
        if not kind:
            kind = "decimal" if by_style and by_style.group(1) == "Number" else "bullet"
        if kind in ("bullet", "none"):
            return "•", level
        key = (num_id or name, level)
        number = self.counters.get(key, start - 1) + 1
        self.counters[key] = number
        for deeper in [k for k in self.counters if k[0] == key[0] and k[1] > level]:
            del self.counters[deeper]  # a new level-0 item restarts its sub-items at 1
        return _format(kind, number), level
