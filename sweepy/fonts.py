"""Bundled Unicode fonts for ReportLab, and Paragraph markup that escapes text and picks a font for each run.

ReportLab's standard fonts only cover Latin-1, so any other script would print as boxes. Arabic and Hebrew are
in DejaVu Sans; the report's styles turn on ReportLab's HarfBuzz shaping (joined Arabic letters, Devanagari
conjuncts and vowel signs) and sweepy/render/scripts.py puts right-to-left words in visual order.
"""

import functools
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

FONT_DIR = Path(__file__).resolve().parent / "data" / "fonts"


@dataclass(frozen=True)
class FontNames:
    """The ReportLab names register_fonts() registers. DejaVu covers Latin, Greek, Cyrillic, Arabic and Hebrew;
    Noto Sans Devanagari covers Devanagari; a subset of Noto Sans CJK (tools/subset_cjk_font.py: about 7,000
    common ideographs, kana, 2,350 Hangul syllables) covers Chinese, Japanese and Korean and is embedded, so the
    PNG export draws it too. A CJK character outside the subset falls back to ReportLab's built-in CID fonts,
    whose glyphs the PDF viewer supplies (and PDFium, for the PNG, does not)."""

    regular: str = "DejaVuSans"
    bold: str = "DejaVuSans-Bold"
    italic: str = "DejaVuSans-Oblique"
    bold_italic: str = "DejaVuSans-BoldOblique"
    mono: str = "DejaVuSansMono"
    devanagari: str = "NotoSansDevanagari"
    cjk: str = "NotoSansCJKSubset"
    chinese: str = "STSong-Light"
    japanese: str = "HeiseiKakuGo-W5"
    korean: str = "HYGothic-Medium"


FONTS = FontNames()

_FILES = {
    FONTS.regular: "DejaVuSans.ttf",
    FONTS.bold: "DejaVuSans-Bold.ttf",
    FONTS.italic: "DejaVuSans-Oblique.ttf",
    FONTS.bold_italic: "DejaVuSans-BoldOblique.ttf",
    FONTS.mono: "DejaVuSansMono.ttf",
    FONTS.devanagari: "NotoSansDevanagari-Regular.ttf",
    FONTS.cjk: "NotoSansCJK-Subset.ttf",
}


@functools.cache
def register_fonts() -> FontNames:
    """Register the bundled fonts with ReportLab once per process; safe to call before every build."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfbase.ttfonts import TTFont

    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    for name in (FONTS.chinese, FONTS.japanese, FONTS.korean):
        pdfmetrics.registerFont(UnicodeCIDFont(name))
    # So that <b>/<i> and a bold style's fontName pick the real bold and oblique faces.
    for bold, italic, face in ((0, 0, FONTS.regular), (1, 0, FONTS.bold), (0, 1, FONTS.italic)):
        addMapping(FONTS.regular, bold, italic, face)
    addMapping(FONTS.regular, 1, 1, FONTS.bold_italic)
    return FONTS


@functools.cache
def _cmap(name: str) -> frozenset[int]:
    from reportlab.pdfbase import pdfmetrics

    font: Any = pdfmetrics.getFont(name)
    return frozenset(font.face.charToGlyph)


def _cjk_font(code: int, japanese: bool) -> str | None:
    """The CID font for a CJK code point, or None. Han goes to the Japanese font when the text has kana so a
    Japanese line keeps one typeface."""
    if 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F or 0xAC00 <= code <= 0xD7AF:
        return FONTS.korean
    if 0x3040 <= code <= 0x30FF or 0x31F0 <= code <= 0x31FF or 0xFF65 <= code <= 0xFF9F:
        return FONTS.japanese
    if (
        0x2E80 <= code <= 0x2FDF
        or 0x3000 <= code <= 0x303F
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFE30 <= code <= 0xFE4F
        or 0xFF00 <= code <= 0xFFEF
        or 0x20000 <= code <= 0x2FFFF
    ):
        return FONTS.japanese if japanese else FONTS.chinese
    return None


def _has_kana(text: str) -> bool:
    return any(0x3040 <= ord(ch) <= 0x30FF for ch in text)


def _primary(bold: bool, italic: bool, mono: bool) -> str:
    if mono:
        return FONTS.mono
    if bold:
        return FONTS.bold_italic if italic else FONTS.bold
    return FONTS.italic if italic else FONTS.regular


def _covers(font: str, ch: str) -> bool:
    if font in _FILES:
        return ord(ch) in _cmap(font)
    return ch.isspace() or _cjk_font(ord(ch), font == FONTS.japanese) == font


def _font_for(ch: str, primary: str, japanese: bool) -> str:
    code = ord(ch)
    # The oblique faces have no Arabic and the mono face no Hebrew: the upright face of the same weight does.
    upright = FONTS.bold if primary in (FONTS.bold, FONTS.bold_italic) else FONTS.regular
    for font in (primary, upright, FONTS.devanagari, FONTS.cjk):
        if code in _cmap(font):
            return font
    # A character no font has stays in the primary font: it shows as a box but still extracts as text.
    return _cjk_font(code, japanese) or primary


def _neutral(ch: str) -> bool:
    """Punctuation, digits, symbols and spaces: characters that belong to no script."""
    return ch.isspace() or unicodedata.category(ch)[0] in "PNSZ"


def _run_font(chars: str, index: int, current: str, primary: str, japanese: bool) -> str:
    """The font for chars[index]. A word keeps one font where it can, because ReportLab shapes a word (in a
    shaped paragraph) with the font of its first letter: punctuation opening a word, as in "(हिंदी", takes the
    font of the letter after it; combining marks, joiners, spaces and punctuation stay with the run they follow,
    so a Devanagari vowel sign is drawn by the font that drew its consonant."""
    ch = chars[index]
    if _neutral(ch) and not ch.isspace() and (index == 0 or chars[index - 1].isspace()):
        letter = next((c for c in chars[index:] if c.isspace() or not _neutral(c)), " ")
        if not letter.isspace() and _covers(font := _font_for(letter, primary, japanese), ch):
            return font
    sticky = _neutral(ch) or unicodedata.category(ch) in ("Mn", "Mc", "Me", "Cf")
    if current and sticky and _covers(current, ch):
        return current
    return _font_for(ch, primary, japanese)


def clean_text(text: str) -> str:
    """Text without the characters a PDF cannot carry: control characters (tab and newline kept), lone
    surrogates and non-characters."""
    out = []
    for ch in text:
        category = unicodedata.category(ch)
        if (category == "Cc" and ch not in "\t\n") or category == "Cs" or ch in "\ufffe\uffff":
            continue
        out.append(ch)
    return "".join(out)


def font_runs(text: str, bold: bool = False, italic: bool = False, mono: bool = False) -> list[tuple[str, str]]:
    """`text` split into (font name, text) runs by which font has a glyph for each character."""
    register_fonts()
    primary = _primary(bold, italic, mono)
    chars = clean_text(text)
    covered = _cmap(primary)
    if all(ord(ch) in covered for ch in chars):  # most text: one run, without the per-character rules below
        return [(primary, chars)] if chars else []
    japanese = _has_kana(text)
    runs: list[tuple[str, str]] = []
    current, run = "", list[str]()
    for index, ch in enumerate(chars):
        font = _run_font(chars, index, current, primary, japanese)
        if font != current and run:
            runs.append((current, "".join(run)))
            run = []
        current = font
        run.append(ch)
    if run:
        runs.append((current, "".join(run)))
    return runs


def markup_for(text: str, bold: bool = False, italic: bool = False, mono: bool = False) -> str:
    """Paragraph markup for untrusted plain text: `&<>` escaped (never parsed as markup), each run wrapped in
    `<font name=...>` when it needs a font other than the paragraph's own (a FONTS.regular style)."""
    parts = []
    for font, run in font_runs(text, bold, italic, mono):
        escaped = escape(run)
        parts.append(escaped if font == FONTS.regular else f'<font name="{font}">{escaped}</font>')
    return "".join(parts)
