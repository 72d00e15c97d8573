"""Cards → PDF with ReportLab platypus: a header (who, when, the search), the playbook, the cards best first,
then the coverage footer. Built in memory; the caller writes the bytes atomically."""

import io
from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import Flowable, SimpleDocTemplate, Spacer

from ..domain.cards import Card, rank
from ..fonts import FONTS, markup_for
from .card import card_flowable, legend_markup
from .coverage import Coverage, coverage_flowables, flag_counts
from .playbook import playbook_lines
from .scripts import ScriptParagraph as Paragraph
from .styles import MARGIN, MUTED, PAGE, Styles, styles


@dataclass(frozen=True)
class ReportDocument:
    """Everything a report shows. `cards` in any order (they are ranked here)."""

    candidate: str
    date: str
    search: str
    playbook: str
    cards: list[Card]
    coverage: Coverage | None
    stale_ids: frozenset[str] = field(default_factory=frozenset)
    applications: dict[str, str] = field(default_factory=dict)
    """Tracked cards' status lines by job_id ("applied since 2026-11-20")."""
    application_counts: dict[str, int] = field(default_factory=dict)
    """The profile's tracked postings by status, for the coverage footer."""


@dataclass(frozen=True)
class RenderedPdf:
    data: bytes
    pages: int


def _header(doc: ReportDocument, style: Styles) -> list[Flowable]:
    judged = sum(1 for card in doc.cards if card.match_kind == "MATCH")
    tally = f"{len(doc.cards)} roles, {judged} assessed against the resume" if doc.cards else "No roles"
    return [
        Paragraph(markup_for(f"Job search report for {doc.candidate}", bold=True), style.title),
        Paragraph(markup_for(f"{doc.date} · {tally}"), style.subtitle),
        Paragraph(markup_for(doc.search), style.subtitle),
        Spacer(1, 6),
    ]


def _playbook(text: str, style: Styles) -> list[Flowable]:
    parts: list[Flowable] = [Paragraph("Playbook", style.heading)]
    for bullet, markup in playbook_lines(text):
        if bullet is None:
            parts.append(Paragraph(markup, style.body))
        else:
            parts.append(Paragraph(markup, style.bullet, bulletText=bullet))
    return parts


def _page_footer() -> Any:
    def draw(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(FONTS.regular, 7.5)
        canvas.setFillColor(MUTED)
        canvas.drawRightString(PAGE[0] - MARGIN, MARGIN / 2, f"page {doc.page}")
        canvas.drawString(MARGIN, MARGIN / 2, "Sweepy job search report")
        canvas.restoreState()

    return draw


def render_pdf(doc: ReportDocument) -> RenderedPdf:
    style = styles()
    story: list[Flowable] = [*_header(doc, style), *_playbook(doc.playbook, style)]
    story.append(Paragraph("Roles, best first", style.heading))
    if doc.cards:
        keyword_cards = any(card.match_kind != "MATCH" for card in doc.cards)
        story.append(Paragraph(legend_markup(keyword_cards), style.small))
        story.append(Spacer(1, 4))
    else:
        story.append(Paragraph(markup_for("No roles in this report."), style.body))
    story += [
        card_flowable(card, n, style, card.job_id in doc.stale_ids, doc.applications.get(card.job_id))
        for n, card in enumerate(rank(doc.cards), 1)
    ]
    story += coverage_flowables(doc.coverage, style, doc.application_counts, flag_counts(doc.cards))
    buffer = io.BytesIO()
    template = SimpleDocTemplate(
        buffer,
        pagesize=PAGE,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"Job search report for {doc.candidate}",
        author="Sweepy",
        creator="Sweepy",
    )
    footer = _page_footer()
    template.build(story, onFirstPage=footer, onLaterPages=footer)
    return RenderedPdf(buffer.getvalue(), template.page)
