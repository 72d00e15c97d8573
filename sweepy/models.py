"""Domain records: Salary and Posting, what engines return (cards, what the person sees, are sweepy.cards)."""

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Literal

from .text import clean_text

Workplace = Literal["remote", "hybrid", "onsite", "unknown"]
Period = Literal["hour", "day", "week", "month", "year"]

DESCRIPTION_CAP = 20_000
"""Characters kept from a description: enough for scoring, bounded for memory and payloads."""

ANNUAL_FACTOR: dict[str, int] = {"hour": 2080, "day": 260, "week": 52, "month": 12, "year": 1}
"""Full-time multipliers: 40 h x 52 weeks, 5 days x 52 weeks."""


@dataclass(slots=True, frozen=True)
class Salary:
    min: float | None
    max: float | None
    currency: str | None
    period: Period
    text: str = ""
    predicted: bool = False  # an aggregator's estimate (Adzuna's salary_is_predicted), not the employer's figure

    @property
    def annual_min(self) -> float | None:
        return None if self.min is None else round(self.min * ANNUAL_FACTOR[self.period], 2)

    @property
    def annual_max(self) -> float | None:
        return None if self.max is None else round(self.max * ANNUAL_FACTOR[self.period], 2)

    def to_dict(self) -> dict[str, Any]:
        return {
            "min": self.min,
            "max": self.max,
            "currency": self.currency,
            "period": self.period,
            "annual_min": self.annual_min,
            "annual_max": self.annual_max,
            "text": self.text,
            "predicted": self.predicted,
        }


@dataclass(slots=True)
class Posting:
    """One job posting as an engine found it, normalised."""

    title: str
    company: str
    url: str
    location: str = ""
    description_source: str = ""  # as the engine found it: plain text or HTML, cleaned when first read
    workplace: Workplace = "unknown"
    salary: Salary | None = None
    posted_at: dt.date | None = None
    platform: str = "other"
    apply_url: str = ""
    engine: str = ""
    source: str = ""
    canonical_url: str = ""
    also_on: list[str] = field(default_factory=list)
    merged_urls: list[str] = field(default_factory=list)  # canonical URLs of the duplicates merged into this one
    seen_before: bool = False
    salary_status: str = "no_minimum"  # set by the filter: meets_minimum, unknown, predicted, not_compared, no_minimum
    _description: str | None = None

    @property
    def description(self) -> str:
        """Plain text, capped. Cleaned on first use: most postings of a sweep are filtered out before anything
        reads their description, and cleaning every one was a fifth of the discover stage."""
        if self._description is None:
            self._description = clean_text(self.description_source)[:DESCRIPTION_CAP]
            self.description_source = ""  # read once: a sweep of 80,000 postings held every description twice
        return self._description

    def richness(self) -> tuple[int, int]:
        """How much a record tells the user; the richest of a duplicate group is kept."""
        filled = sum(
            bool(v)
            for v in (
                self.location,
                self.description,
                self.salary,
                self.posted_at,
                self.workplace != "unknown",
            )
        )
        return (filled, len(self.description))
