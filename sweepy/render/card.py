"""One card as a boxed table: title, company and place, salary, the score label and the resume-track badge in
its header; the judgment and the apply link below. Every string from a posting or the assistant goes through
markup_for, so it prints as text."""

from typing import Any
from urllib.parse import urlsplit
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from ..domain.cards import Card
from ..domain.postings import Salary
from ..fonts import markup_for
from .scripts import ScriptParagraph as Paragraph
from .scripts import TitleParagraph
from .styles import (
    BLOCKS,
    FRAME_WIDTH,
    INK,
    KEYWORD,
    LINK,
    MATCH_BANDS,
    PANEL,
    RULE,
    WARN,
    Styles,
    badge_colours,
    css,
    match_band,
)

SIDE_WIDTH = 170.0
"""The header's right column: the score label and the badge."""
CHUNK_CHARS = 1200
"""Long text is cut into rows of about this size, so a table row never outgrows a page (tables split between
rows, never inside one)."""
DESCRIPTION_CHARS = 900
"""A card without a summary shows this much of the description (the apply link has the rest), so several
cards still fit on a page."""
WORKPLACE = {"remote": "Remote", "hybrid": "Hybrid", "onsite": "On-site"}
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "CAD": "CA$", "AUD": "A$"}


def money(value: float, currency: str | None) -> str:
    code = (currency or "").upper()
    symbol = SYMBOLS.get(code)
    return f"{symbol}{value:,.0f}" if symbol else f"{value:,.0f} {code}".strip()


def span(low: float | None, high: float | None, currency: str | None) -> str:
    """ "$70,000–$85,000", or one figure when both ends agree or one is missing."""
    low, high = low or high or 0, high or low or 0
    return money(low, currency) + (f"–{money(high, currency)}" if high != low else "")


def salary_line(salary: Salary | None) -> str:
    """As posted, then the yearly figures when they say something the posted text does not."""
    if salary is None or (salary.min is None and salary.max is None and not salary.text):
        return "Salary not stated"
    parts = [salary.text or f"{span(salary.min, salary.max, salary.currency)} per {salary.period}"]
    if (salary.annual_min or salary.annual_max) and salary.period != "year":
        parts.append(f"≈ {span(salary.annual_min, salary.annual_max, salary.currency)} a year")
    if salary.ote:
        parts.append("on-target earnings: base plus commission or bonus at target")
    if salary.predicted:
        parts.append("predicted by the board, not posted by the employer")
    return " · ".join(parts)


def score_label(card: Card) -> tuple[str, Any]:
    """The label comes from match_kind: MATCH shows the submitted percentage in its band's colour, KEYWORD
    OVERLAP the first pass in grey."""
    if card.match_kind == "MATCH":
        value = card.match_pct if card.match_pct is not None else round(card.match_score)
        return f"MATCH {value}%", match_band(value).colour
    return f"KEYWORD OVERLAP {card.match_score:.0f}", KEYWORD


def legend_markup(keyword_cards: bool) -> str:
    """The line under "Roles, best first" that says what the label colours mean (the bands), and, when some
    card was not assessed, that a keyword overlap is not a match."""
    bands = " · ".join(
        f'<font color="{css(band.colour)}">{markup_for(f"{band.low}–{band.high}% {band.name}", bold=True)}</font>'
        for band in MATCH_BANDS
    )
    text = markup_for("MATCH colours: ") + bands + markup_for(".")
    if keyword_cards:
        note = "grey: keyword overlap, a count of the profile's keywords in the posting, not an assessment."
        text += " " + f'<font color="{css(KEYWORD)}">{markup_for(note)}</font>'
    return text


def apply_link(card: Card) -> str | None:
    """Markup for a clickable link, or None: only http(s) URLs become links (no javascript:, file:, ...)."""
    url = (card.apply_url or card.url).strip()
    if urlsplit(url).scheme.lower() not in ("http", "https") or any(ch.isspace() for ch in url):
        return None
    href = escape(url, {'"': "&quot;"})
    return f'<a href="{href}" color="{css(LINK)}">{markup_for(url)}</a>'


def chunks(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """Text split at line breaks, and long paragraphs at a space near `size`."""
    out: list[str] = []
    for paragraph in (p.strip() for p in text.replace("\r", "\n").split("\n")):
        while len(paragraph) > size:
            cut = paragraph.rfind(" ", size // 2, size)
            cut = cut if cut > 0 else size
            out.append(paragraph[:cut])
            paragraph = paragraph[cut:].strip()
        if paragraph:
            out.append(paragraph)
    return out


def _badge(card: Card, styles: Styles) -> Table | None:
    if not card.resume_track:
        return None
    background, ink = badge_colours(card.resume_color)
    text = Paragraph(f'<font color="{css(ink)}">{markup_for(card.resume_track, bold=True)}</font>', styles.badge)
    badge = Table([[text]], colWidths=[SIDE_WIDTH - 12], hAlign="RIGHT")
    badge.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), background),
                ("ROUNDEDCORNERS", [4, 4, 4, 4]),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    return badge


def _header(card: Card, number: int, styles: Styles, stale: bool, application: str | None) -> list[list[Any]]:
    place = " · ".join(p for p in (card.company, card.location, WORKPLACE.get(card.workplace, "")) if p)
    left = [
        TitleParagraph(f"{number}. " + markup_for(card.title, bold=True), styles.card_title),
        Paragraph(markup_for(place), styles.card_meta),
        Paragraph(markup_for(salary_line(card.salary)), styles.card_meta),
    ]
    label, colour = score_label(card)
    right: list[Any] = [Paragraph(f'<font color="{css(colour)}">{markup_for(label, bold=True)}</font>', styles.score)]
    if stale:
        note = f'<font color="{css(WARN)}">{markup_for("judged against an earlier resume")}</font>'
        right.append(Paragraph(note, styles.small))
    if application:  # tracked with track_jobs: its status, e.g. "applied since 2026-11-20"
        right.append(Paragraph(markup_for(application, bold=True), styles.small))
    if (badge := _badge(card, styles)) is not None:
        right += [Spacer(1, 3), badge]
    return [[left, right]]


def excerpt(text: str, size: int = DESCRIPTION_CHARS) -> str:
    """The text on one line (line breaks as spaces), cut at a word near `size` with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= size:
        return flat
    cut = flat.rfind(" ", size - 80, size)
    return flat[: cut if cut > 0 else size] + " …"


def _field(label: str, text: str, styles: Styles) -> list[Paragraph]:
    """A labelled block: the label bold on the first piece; long text in several pieces (rows)."""
    pieces = chunks(text)
    head = markup_for(f"{label}: ", bold=True)
    return [Paragraph((head if n == 0 else "") + markup_for(piece), styles.body) for n, piece in enumerate(pieces)]


def _body(card: Card, styles: Styles) -> list[Paragraph]:
    facts = [
        f"Domain: {card.domain}" if card.domain else "",
        f"Apply via: {card.app_format}" if card.app_format else "",
        "Asks for written answers (extended response)" if card.has_extended_response else "",
    ]
    rows: list[Paragraph] = []
    if line := " · ".join(f for f in facts if f):
        rows.append(Paragraph(markup_for(line), styles.body))
    rows += (
        _field("Summary", card.summary, styles)
        if card.summary
        else _field("Description", excerpt(card.description) or "(none)", styles)
    )
    for label, text in (
        ("Requirements", card.requirements),
        ("Alignment", card.alignment),
        ("Compensation", card.comp),
        ("Benefits", card.benefits),
    ):
        if text:
            rows += _field(label, text, styles)
    if card.missing_must_haves:
        rows += _field("Missing must-haves", ", ".join(card.missing_must_haves), styles)
    rows += trust_rows(card, styles)
    seen = [f"on {card.platform}"]
    if card.also_on:
        seen.append(f"also on {', '.join(card.also_on)}")
    if card.posted_at:
        seen.append(f"posted {card.posted_at[:10]}")
    where = " · ".join(seen)
    rows.append(Paragraph(markup_for(where[:1].upper() + where[1:]), styles.small))
    link = apply_link(card)
    rows.append(Paragraph(markup_for("Apply: ", bold=True) + (link or markup_for("no web link")), styles.body))
    return rows


GHOST_LABELS = {
    "absent_from_employer_board": "Not on the employer's own board",
    "reposted": "Reposted",
    "open_long": "Open for a long time",
    "agency": "Posted by an agency or recruiter",
}
KIND_LABELS = {
    "sponsorship": "Visa sponsorship",
    "citizenship": "Citizenship",
    "clearance": "Security clearance",
    "location_restriction": "Where you must be",
    "timezone": "Time zone",
    "onsite_days": "Office days",
    "language": "Language",
    "experience": "Years of experience",
}


def trust_rows(card: Card, styles: Styles) -> list[Paragraph]:
    """A line per blocking or warning eligibility finding (its quote under a red or amber marker), each ghost
    signal with its evidence, the employer's own posting, and a pay range the law requires but the posting lacks."""
    rows: list[Paragraph] = []
    for finding in card.concerns:
        colour, word = (BLOCKS, "Blocks you") if finding.verdict == "blocks" else (WARN, "Check")
        head = markup_for(f"■ {word} — {KIND_LABELS[finding.kind]}: ", bold=True)
        marker = f'<font color="{css(colour)}">{head}</font>'
        pieces = chunks(f"“{finding.quote}”")
        rows += [
            Paragraph((marker if n == 0 else "") + markup_for(piece), styles.body) for n, piece in enumerate(pieces)
        ]
    for signal in card.ghost_signals:
        label = f'<font color="{css(WARN)}">{markup_for(f"◆ {GHOST_LABELS[signal.signal]}: ", bold=True)}</font>'
        rows.append(Paragraph(label + markup_for(signal.evidence), styles.body))
    if card.employer_url and urlsplit(card.employer_url).scheme.lower() in ("http", "https"):
        href = escape(card.employer_url, {'"': "&quot;"})
        link = f'<a href="{href}" color="{css(LINK)}">{markup_for(card.employer_url)}</a>'
        rows.append(Paragraph(markup_for("Employer's own posting: ", bold=True) + link, styles.body))
    if card.pay_transparency == "missing" and card.pay_jurisdiction:
        law = f": {card.pay_law}" if card.pay_law else ""
        note = f"No pay range, though the law requires one here ({card.pay_jurisdiction}{law})"
        rows.append(Paragraph(f'<font color="{css(WARN)}">{markup_for(note)}</font>', styles.small))
    return rows


def card_flowable(
    card: Card, number: int, styles: Styles, stale: bool = False, application: str | None = None
) -> Flowable:
    """The card, kept on one page when it fits (cards then flow several to a page). `application`: the status
    line of a tracked card."""
    rows: list[list[Any]] = _header(card, number, styles, stale, application)
    rows += [[paragraph, ""] for paragraph in _body(card, styles)]
    table = Table(rows, colWidths=[FRAME_WIDTH - SIDE_WIDTH, SIDE_WIDTH])
    commands: list[tuple[Any, ...]] = [
        ("BOX", (0, 0), (-1, -1), 0.75, RULE),
        ("BACKGROUND", (0, 0), (-1, 0), PANEL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 7),
        ("RIGHTPADDING", (0, 0), (-1, -1), 7),
        ("TOPPADDING", (0, 1), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1),
        ("TOPPADDING", (0, 0), (-1, 0), 5),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 5),
        ("TOPPADDING", (0, 1), (-1, 1), 5),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 5),
    ]
    commands += [("SPAN", (0, row), (1, row)) for row in range(1, len(rows))]
    table.setStyle(TableStyle(commands))
    return KeepTogether([table, Spacer(1, 8)])
