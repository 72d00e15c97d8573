"""The report's look: page geometry, colours and paragraph styles, all in the bundled fonts (sweepy.fonts)."""

import functools
import re
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch

from ..domain.judging import CSS_COLOURS
from ..fonts import FONTS, register_fonts

PAGE = LETTER
MARGIN = 0.6 * inch
FRAME_WIDTH = PAGE[0] - 2 * MARGIN

INK = colors.HexColor("#1f2328")
MUTED = colors.HexColor("#57606a")
RULE = colors.HexColor("#d0d7de")
PANEL = colors.HexColor("#f6f8fa")
LINK = colors.HexColor("#0969da")
KEYWORD = colors.HexColor("#6e7781")
"""KEYWORD OVERLAP labels: grey, because a keyword count is not an assessment and must not look like one."""


@dataclass(frozen=True)
class MatchBand:
    low: int
    high: int
    name: str
    colour: Any


MATCH_BANDS = (
    MatchBand(85, 100, "strong", colors.HexColor("#1a7f37")),
    MatchBand(70, 84, "good", colors.HexColor("#0a7a8a")),
    MatchBand(50, 69, "partial", colors.HexColor("#9a6700")),
    MatchBand(0, 49, "weak", colors.HexColor("#cf222e")),
)
"""A MATCH label's colour by its percentage, so a 5 % match never looks like a 90 % one. The same bands as
get_outcomes' match bands (0-49, 50-69, 70-84, 85-100); the report's legend lists them."""


def match_band(pct: int) -> MatchBand:
    """The band of a match percentage; out-of-range values (a hand-edited session) go to the nearest band."""
    return next((band for band in MATCH_BANDS if pct >= band.low), MATCH_BANDS[-1])


WARN = colors.HexColor("#bc4c00")
BLOCKS = colors.HexColor("#cf222e")
"""An eligibility finding that says this person cannot apply."""
BADGE_DEFAULT = colors.HexColor("#57606a")

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
# ReportLab's named colours lack these two CSS level 4 names.
_MISSING_NAMES = {"rebeccapurple": "#663399", "lightgray": "#d3d3d3"}


def css(colour: Any) -> str:
    """`#rrggbb` for a ReportLab colour, as <font color> and <a color> take it."""
    return "#" + str(colour.hexval())[2:]


def badge_colours(name: str | None) -> tuple[Any, Any]:
    """(background, text) for a resume-track badge. Only a hex colour or a CSS name gets through (a session
    file edited by hand is still data); the text is white or black, whichever reads on the background."""
    value = (name or "").strip()
    if _HEX.match(value):
        background = colors.HexColor(value)
    elif value.lower() in CSS_COLOURS:
        background = colors.toColor(_MISSING_NAMES.get(value.lower(), value.lower()))
    else:
        background = BADGE_DEFAULT
    luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    return background, (colors.black if luminance > 0.55 else colors.white)


@dataclass(frozen=True)
class Styles:
    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    body: ParagraphStyle
    bullet: ParagraphStyle
    small: ParagraphStyle
    card_title: ParagraphStyle
    card_meta: ParagraphStyle
    score: ParagraphStyle
    badge: ParagraphStyle
    cell: ParagraphStyle


@functools.cache
def styles() -> Styles:
    """The paragraph styles, built once (after the fonts are registered)."""
    register_fonts()
    base = ParagraphStyle("body", fontName=FONTS.regular, fontSize=9, leading=12, textColor=INK, splitLongWords=1)
    return Styles(
        title=ParagraphStyle("title", base, fontName=FONTS.bold, fontSize=18, leading=22, spaceAfter=2),
        subtitle=ParagraphStyle("subtitle", base, fontSize=10, leading=13, textColor=MUTED),
        heading=ParagraphStyle(
            "heading", base, fontName=FONTS.bold, fontSize=13, leading=16, spaceBefore=10, spaceAfter=4
        ),
        body=ParagraphStyle("body", base, spaceAfter=3),
        bullet=ParagraphStyle("bullet", base, leftIndent=12, bulletIndent=2, spaceAfter=2),
        small=ParagraphStyle("small", base, fontSize=8, leading=10, textColor=MUTED),
        card_title=ParagraphStyle("card_title", base, fontName=FONTS.bold, fontSize=11.5, leading=14),
        card_meta=ParagraphStyle("card_meta", base, textColor=MUTED),
        score=ParagraphStyle("score", base, fontName=FONTS.bold, fontSize=10.5, leading=13, alignment=TA_RIGHT),
        badge=ParagraphStyle("badge", base, fontName=FONTS.bold, fontSize=8, leading=10),
        cell=ParagraphStyle("cell", base, fontSize=8, leading=10),
    )
