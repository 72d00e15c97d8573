"""The playbook: the assistant's plain-text strategy note as Paragraph markup, and the deterministic playbook
written from the cards when there is none."""

import re
from collections import Counter

from ..domain.cards import Card, rank
from ..fonts import markup_for

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")


def line_markup(line: str) -> str:
    """One line as markup: `**bold**` in bold, everything else escaped (text, never markup)."""
    parts = _BOLD.split(line)
    return "".join(markup_for(part, bold=index % 2 == 1) for index, part in enumerate(parts) if part)


def playbook_lines(text: str) -> list[tuple[str | None, str]]:
    """(bullet, markup) per non-blank line: every line break starts a new paragraph; a line starting with
    "- ", "* ", "• " or "1." becomes a bullet (a numbered one keeps its number)."""
    lines: list[tuple[str | None, str]] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not raw.strip():
            continue
        match = _BULLET.match(raw)
        bullet = None
        if match:
            marker = match.group(0).strip()
            bullet = marker if marker[0].isdigit() else "•"
            raw = raw[match.end() :]
        lines.append((bullet, line_markup(raw.strip())))
    return lines


def _workplaces(cards: list[Card]) -> str:
    counts = Counter[str](card.workplace for card in cards)
    names = (("remote", "remote"), ("hybrid", "hybrid"), ("onsite", "on-site"), ("unknown", "not stated"))
    return ", ".join(f"{counts[key]} {label}" for key, label in names if counts[key])


def _score(card: Card) -> str:
    if card.match_kind == "MATCH" and card.match_pct is not None:
        return f"MATCH {card.match_pct}%"
    return f"KEYWORD OVERLAP {card.match_score:.0f}"


def _salaries(cards: list[Card]) -> str:
    figures: dict[str, list[float]] = {}
    for card in cards:
        salary = card.salary
        if salary is None or salary.predicted:
            continue
        values = [v for v in (salary.annual_min, salary.annual_max) if v]
        if values:
            figures.setdefault(salary.currency or "", []).extend(values)
    if not figures:
        return f"None of the {len(cards)} roles states a salary: ask early, before investing in an application."
    currency = max(sorted(figures), key=lambda c: len(figures[c]))  # the most common; ties by code
    stated = sum(1 for c in cards if c.salary is not None and not c.salary.predicted and c.salary.annual_min)
    low, high = min(figures[currency]), max(figures[currency])
    unit = f" {currency}" if currency else ""
    return f"{stated} of {len(cards)} roles state a salary; yearly figures run from {low:,.0f} to {high:,.0f}{unit}."


def default_playbook(cards: list[Card], total: int | None = None) -> str:
    """A playbook written from the cards alone: the same cards always give the same text. `total`: the sweep's
    cards when `cards` are only the best of them (a report of the best 200 of 100,000)."""
    if not cards:
        return "This sweep found no roles. Widen the titles or the location in the profile, then sweep again."
    ranked = rank(cards)
    top = [f"{n}. {c.title} at {c.company} ({_score(c)})" for n, c in enumerate(ranked[:3], 1)]
    missing = Counter(term for card in cards for term in dict.fromkeys(card.missing_must_haves))
    gaps = sorted(missing.items(), key=lambda item: (-item[1], item[0].lower()))[:3]
    extended = sum(1 for card in cards if card.has_extended_response)
    lines = [
        f"**What this sweep found:** {len(cards)} roles ({_workplaces(cards)})."
        if not total or total <= len(cards)
        else f"**What this sweep found:** {total} roles; the best {len(cards)} are here ({_workplaces(cards)}).",
        "**Start with these:**",
        *top,
        f"**Salaries:** {_salaries(cards)}",
    ]
    if gaps:
        listed = ", ".join(f"{term} ({count} roles)" for term, count in gaps)
        lines.append(
            f"**Must-haves most often missing:** {listed}. Where you have them, say so plainly in the "
            "resume and the cover letter; where you do not, lead with the nearest evidence."
        )
    first = "Apply to the top three first, while the postings are fresh"
    if extended:
        first += f"; {extended} roles ask for written answers, so set aside time for those"
    lines.append(f"**What to do first:** {first}. Keep the CSV's status column current as you go.")
    return "\n".join(lines)
