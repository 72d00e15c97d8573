"""The report's coverage footer, "What this sweep saw": sources reached and skipped (with reasons), postings
discovered, drops by reason, new versus seen. Read from a sweep's result JSON, so the person knows what the
sweep did not see."""

from dataclasses import dataclass, field
from typing import Any

from reportlab.platypus import Flowable, Table, TableStyle

from ..fonts import markup_for
from .scripts import ScriptParagraph as Paragraph
from .styles import FRAME_WIDTH, PANEL, RULE, WARN, Styles

DROP_REASONS = {
    "title": "title not among the targets",
    "location": "outside the location",
    "remote": "not remote (remote only)",
    "hybrid": "hybrid (hybrid excluded)",
    "salary": "below the minimum salary",
    "platform": "platform switched off",
    "age": "posted too long ago",
    "duplicate": "duplicates merged",
    "seen": "reported by an earlier sweep",
    "ineligible": "an eligibility finding blocks you (eligibility: strict)",
    "excluded_company": "a company to avoid",
    "excluded_keyword": "a word to avoid",
    "agency": "a staffing agency or recruiter (exclude_agencies)",
}


def flag_counts(cards: list[Any]) -> dict[str, int]:
    """How many cards of the report carry each flag: blocked by eligibility, warned, each ghost signal, no pay
    range where the law asks for one."""
    counts: dict[str, int] = {}

    def add(name: str) -> None:
        counts[name] = counts.get(name, 0) + 1

    for card in cards:
        verdicts = {finding.verdict for finding in card.eligibility}
        if "blocks" in verdicts:
            add("eligibility blocks")
        elif "warns" in verdicts:
            add("eligibility warns")
        for signal in {g.signal for g in card.ghost_signals}:
            add(signal.replace("_", " "))
        if card.pay_transparency == "missing":
            add("pay range missing where the law asks for one")
    return counts


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class Coverage:
    discovered: int
    new: int
    previously_seen: int
    active: int
    dropped: dict[str, int]
    sources: list[dict[str, Any]] = field(default_factory=list)
    result_name: str = ""

    @classmethod
    def from_result(cls, data: dict[str, Any], result_name: str = "") -> "Coverage":
        """From a result JSON (read_result checked its shape; the fields inside may still be hand-edited)."""
        counts, dropped = _mapping(data.get("counts")), _mapping(data.get("dropped"))
        sources = data.get("sources")
        if not isinstance(sources, list):  # an older result file: only the skipped ones were kept
            skipped = data.get("skipped_sources")
            sources = (
                [{**s, "status": "skipped"} for s in skipped if isinstance(s, dict)]
                if isinstance(skipped, list)
                else []
            )
        return cls(
            discovered=_count(counts.get("discovered")),
            new=_count(counts.get("new")),
            previously_seen=_count(counts.get("previously_seen")),
            active=_count(counts.get("active")),
            dropped={str(k): _count(v) for k, v in dropped.items() if _count(v)},
            sources=[s for s in sources if isinstance(s, dict)],
            result_name=result_name,
        )


def _source_row(source: dict[str, Any], style: Any) -> list[Paragraph]:
    skipped = _text(source.get("status")) == "skipped"
    why = " — ".join(part for part in (_text(source.get("reason")), _text(source.get("detail"))) if part)
    cells = [
        _text(source.get("engine")),
        _text(source.get("source")),
        "skipped" if skipped else "reached",
        str(_count(source.get("postings"))),
        why[:600],
    ]
    return [Paragraph(markup_for(text, bold=skipped and n == 2), style) for n, text in enumerate(cells)]


def _sources_table(sources: list[dict[str, Any]], styles: Styles) -> Table:
    header = [
        Paragraph(markup_for(h, bold=True), styles.cell) for h in ("Engine", "Source", "Status", "Postings", "Reason")
    ]
    rows = [header] + [_source_row(source, styles.cell) for source in sources]
    widths = [0.13, 0.25, 0.1, 0.1, 0.42]
    table = Table(rows, colWidths=[w * FRAME_WIDTH for w in widths], repeatRows=1)
    commands: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), PANEL),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    for n, source in enumerate(sources, 1):
        if _text(source.get("status")) == "skipped":
            commands.append(("TEXTCOLOR", (2, n), (2, n), WARN))
    table.setStyle(TableStyle(commands))
    return table


def coverage_flowables(
    coverage: Coverage | None,
    styles: Styles,
    applications: dict[str, int] | None = None,
    flags: dict[str, int] | None = None,
) -> list[Flowable]:
    """The footer section. Without a result file (cards imported by hand, a moved file) it says coverage is
    unknown rather than leaving the section out. `applications`: the profile's tracked postings by status;
    `flags`: the report's cards counted by flag."""
    parts: list[Flowable] = [Paragraph("What this sweep saw", styles.heading)]
    if applications:
        listed = ", ".join(f"{count} {status}" for status, count in applications.items())
        parts.append(Paragraph(markup_for(f"Applications by status: {listed}."), styles.body))
    if flags:
        listed = "; ".join(f"{name} {count}" for name, count in sorted(flags.items(), key=lambda i: (-i[1], i[0])))
        parts.append(Paragraph(markup_for(f"Cards flagged: {listed}."), styles.body))
    if coverage is None:
        parts.append(
            Paragraph(
                markup_for(
                    "The sweep result file behind these cards could not be read, so what the sweep covered is unknown."
                ),
                styles.body,
            )
        )
        return parts
    reached = [s for s in coverage.sources if _text(s.get("status")) != "skipped"]
    skipped = len(coverage.sources) - len(reached)
    lines = [
        f"Postings discovered: {coverage.discovered}. New: {coverage.new}; seen in earlier sweeps: "
        f"{coverage.previously_seen}; on the cards of this sweep: {coverage.active}.",
        f"Sources reached: {len(reached)}; skipped: {skipped}.",
    ]
    dropped = sorted(coverage.dropped.items(), key=lambda item: (-item[1], item[0]))
    if dropped:
        listed = "; ".join(f"{reason} {count} ({DROP_REASONS.get(reason, reason)})" for reason, count in dropped)
        lines.append(f"Dropped ({sum(coverage.dropped.values())}): {listed}.")
    else:
        lines.append("Dropped: none.")
    parts += [Paragraph(markup_for(line), styles.body) for line in lines]
    if coverage.sources:
        parts.append(_sources_table(coverage.sources, styles))
    note = (
        "Roles on boards this sweep skipped or did not enable are not in this report; a skipped source is "
        "tried again on the next sweep."
    )
    if coverage.result_name:
        note += f" Source: {coverage.result_name}."
    parts.append(Paragraph(markup_for(note), styles.small))
    return parts
