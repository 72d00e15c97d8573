"""The shared ReportLab layer: resume-like styles, safe links, and building flowables into PDF bytes in memory."""

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ..errors import DocumentError
from ..fonts import FONTS, register_fonts

MAX_TEXT_CHARS = 1_000_000
"""About 300 pages: more is not a resume, and ReportLab would take minutes to lay it out."""

_LINK_SCHEMES = ("http://", "https://", "mailto:")
MARGIN = 51.0  # points, 18 mm: the left and right page margins


def harden_reportlab() -> None:
    """Defence in depth (reliability §1.5): even if markup slipped through, <img> may not fetch URLs."""
    from reportlab import rl_config

    rl_config.trustedHosts = []
    rl_config.trustedSchemes = []


def styles() -> dict[str, Any]:
    """Paragraph styles for a tidy one-column resume, keyed by role."""
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle

    register_fonts()
    body = ParagraphStyle(
        "body", fontName=FONTS.regular, fontSize=10.5, leading=14, spaceAfter=4, bulletFontName=FONTS.regular
    )

    def heading(name: str, size: float, before: float, after: float) -> ParagraphStyle:
        return ParagraphStyle(
            name,
            parent=body,
            fontName=FONTS.bold,
            fontSize=size,
            leading=size * 1.25,
            spaceBefore=before,
            spaceAfter=after,
            keepWithNext=1,
        )

    return {
        "body": body,
        "title": heading("title", 20, 0, 8),
        "h1": heading("h1", 15, 10, 4),
        "h2": heading("h2", 12.5, 8, 3),
        "h3": heading("h3", 11, 6, 2),
        "list": ParagraphStyle("list", parent=body, spaceAfter=2),
        "cell": ParagraphStyle("cell", parent=body, fontSize=9.5, leading=12, spaceAfter=0),
        "code": ParagraphStyle(
            "code",
            parent=body,
            fontName=FONTS.mono,
            fontSize=9,
            leading=11.5,
            backColor=colors.HexColor("#f3f3f3"),
            borderPadding=4,
            spaceBefore=4,
            spaceAfter=8,
        ),
        "quote": ParagraphStyle("quote", parent=body, leftIndent=14, textColor=colors.HexColor("#444444")),
    }


def list_style(base: Any, level: int) -> Any:
    """`base` indented for a list item at nesting `level` (0 = top), with room for the bullet or number."""
    from reportlab.lib.styles import ParagraphStyle

    indent = 16 + 16 * max(0, min(level, 8))
    return ParagraphStyle(f"{base.name}-l{level}", parent=base, leftIndent=indent, bulletIndent=indent - 12)


def safe_href(url: str) -> str | None:
    """An attribute-safe link target, or None: only http(s) and mailto, so `javascript:` never becomes a link."""
    url = url.strip()
    if not url.lower().startswith(_LINK_SCHEMES) or any(ord(ch) < 0x20 or ch.isspace() for ch in url):
        return None
    return escape(url, {'"': "&quot;", "'": "&apos;"})


def link(inner_markup: str, url: str) -> str:
    """`inner_markup` made clickable when `url` is a safe link; otherwise left as plain text."""
    href = safe_href(url)
    if href is None:
        return inner_markup
    return f'<a href="{href}" color="#1a4f9c">{inner_markup}</a>'


def check_length(chars: int, source: Path) -> None:
    if chars > MAX_TEXT_CHARS:
        raise DocumentError(
            f"{source.name} has {chars} characters of text; conversion stops at {MAX_TEXT_CHARS} (about 300 "
            "pages). Split the document or shorten it."
        )


def build_pdf(flowables: Sequence[Any], source: Path, pagesize: tuple[float, float] | None = None) -> tuple[bytes, int]:
    """The PDF bytes and page count for `flowables`, built in memory so a failure leaves no file behind."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate, Spacer

    harden_reportlab()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=pagesize or A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=source.stem,
        creator="Sweepy",
    )
    story = list(flowables) or [Spacer(1, 1)]  # an empty document still becomes one blank page
    try:
        doc.build(story)
    except Exception as exc:  # ReportLab raises ValueError, LayoutError, IndexError on content it cannot place
        raise DocumentError(
            f"{source.name} could not be laid out as PDF ({type(exc).__name__}: {str(exc)[:200]}). Simplify the "
            "part that fails (a very wide table or an oversized image) or export the PDF from your editor."
        ) from None
    return buffer.getvalue(), doc.page
