"""Domain records: Salary and Posting, what engines return (cards, what the person sees, are sweepy.domain.cards)."""

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import ConfigDict

from .employment import EmploymentType, title_kind
from .text import clean_text
from .workplace import Workplace

if TYPE_CHECKING:
    from .eligibility_rules import Finding

Period = Literal["hour", "day", "week", "month", "year"]
GhostSignalName = Literal["absent_from_employer_board", "reposted", "open_long", "agency"]

TITLE_CAP = 300
NAME_CAP = 200
"""Characters kept of a company name and of a location."""
DESCRIPTION_CAP = 100_000
"""Characters kept of a description's text: the longest real ones are a few tens of thousands."""
SOURCE_CAP = 1_000_000
"""Characters kept of a description as an engine found it (HTML, before cleaning), so one board's 5 MB field
costs neither memory nor parsing time; markup rarely takes more than nine tenths of an HTML description."""
ELLIPSIS = "…"

ANNUAL_FACTOR: dict[str, int] = {"hour": 2080, "day": 260, "week": 52, "month": 12, "year": 1}
"""Full-time multipliers: 40 h x 52 weeks, 5 days x 52 weeks."""
PERIOD_WORDS: dict[str, str] = {
    "hour": "hour|hourly|hr|h",
    "day": "day|daily",
    "week": "week|weekly|wk",
    "month": "month|monthly|mo",
    "year": "year|yearly|yr|annum|annual|annually|pa",
}
"""Words a posted pay text uses for each period ("$45 per hour", "$120k a year", "/yr")."""
_FIGURE = re.compile(r"(\d[\d.,]*)(\s?k\b)?", re.IGNORECASE)
"""A figure in a pay text ("80,000", "44.50", "95k"), its thousands sign apart."""
_PLAIN = re.compile(r"\s*#\s*(?:(?:[-–—~]|to)\s*#)?\s*")
"""A pay text's shape once its figures are "#" and its sign, code and period words are gone: one figure or a range."""
SIGNS: dict[str, str] = {"EUR": "€", "GBP": "£", "INR": "₹", "JPY": "¥"}
"""The sign of a currency whose sign is its own; a dollar currency's is "$" (USD, CAD, AUD, ...)."""


def cut(text: str, limit: int) -> str:
    """`text` when it fits in `limit` characters, else its start ending with "…" (`limit` characters in all)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + ELLIPSIS


@dataclass(slots=True, frozen=True)
class Salary:
    """Pay as a posting states it, and its yearly figures: the one salary type of postings and cards alike (a card
    holds its posting's Salary; pydantic validates it as a field of the Card model), so a field of pay is added
    here once. Cards stored by any version load: unknown keys are ignored, and the yearly figures are computed
    again from the posted ones (the same figures those versions stored)."""

    __pydantic_config__ = ConfigDict(extra="ignore")

    min: float | None
    max: float | None
    currency: str | None
    period: Period
    annual_min: float | None = field(init=False, default=None)
    annual_max: float | None = field(init=False, default=None)
    text: str = ""
    predicted: bool = False  # an aggregator's estimate (Adzuna's salary_is_predicted), not the employer's figure
    ote: bool = False
    """On-target earnings (base plus commission or bonus at target), not base pay alone."""

    def __post_init__(self) -> None:
        factor = ANNUAL_FACTOR[self.period]
        for posted, annual in ((self.min, "annual_min"), (self.max, "annual_max")):
            object.__setattr__(self, annual, None if posted is None else round(posted * factor, 2))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def restated(self) -> bool:
        """The posted text says nothing the figures do not: one figure or a range of two ("-", "to"), each the min
        or the max, with nothing else but the currency's own sign or code, the period's words and "OTE" on an
        `ote` salary ("$80k - $95k", "€45 per hour", "OTE $250,000 USD"). "$120k + equity", "up to $90k", "DOE", a
        text whose period is not the one read, a sign of another currency (or of an unknown one: "₩50,000,000")
        and a number beside the range ("$45 per hour (1099)", read as up to 1,099) say more, or show a misreading."""
        if self.currency is None or not self._figures_read():
            return False
        shape = _FIGURE.sub("#", self.text).lower()
        shape = re.sub(rf"\s*(?:/|\b(?:per|a|an)\b)?\s*\b(?:{PERIOD_WORDS[self.period]})\b", "", shape)
        shape = re.sub(rf"\b(?:{re.escape(self.currency.lower())}{'|ote' if self.ote else ''})\b", "", shape)
        sign = SIGNS.get(self.currency, "$" if self.currency.endswith("D") else "")
        return _PLAIN.fullmatch(shape.replace(sign, "") if sign else shape) is not None

    def _figures_read(self) -> bool:
        """The text's numbers are one or two, each the min or the max ("95k" as 95,000; "3.000" is not 3,000 here:
        a text this cannot read plainly is kept)."""
        figures = _FIGURE.findall(self.text)
        if not 1 <= len(figures) <= 2:
            return False
        try:
            values = [float(digits.replace(",", "")) * (1000 if thousands else 1) for digits, thousands in figures]
        except ValueError:  # "1.2.3"
            return False
        return all(value in (self.min, self.max) for value in values)

    def brief(self) -> dict[str, Any]:
        """As get_jobs shows it: the yearly figures; the period and the posted figures only when they are not
        yearly ones already, the posted text only when it says more than the figures (`restated`), `predicted`
        and `ote` only when true."""
        data = {k: v for k, v in self.to_dict().items() if v is not None and k not in ("predicted", "ote")}
        whole_numbers(data)
        for posted, annual in (("min", "annual_min"), ("max", "annual_max")):
            if data.get(posted) == data.get(annual):
                data.pop(posted, None)
        if self.period == "year":
            data.pop("period")
        if not self.text or self.restated():
            data.pop("text")
        if self.predicted:
            data["predicted"] = True
        if self.ote:
            data["ote"] = True
        return data


def whole_numbers(data: dict[str, Any]) -> None:
    """Whole floats as integers (80, not 80.0): the same number in JSON, in fewer characters."""
    for key, value in data.items():
        if isinstance(value, float) and value.is_integer():
            data[key] = int(value)


class Shelf(Protocol):
    """Where a sweep keeps its survivors' cleaned descriptions out of memory (pipeline.shelf.DescriptionShelf)."""

    def put(self, text: str) -> tuple[int, int]: ...

    def get(self, place: tuple[int, int]) -> str: ...


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
    salary_status: str = "no_minimum"  # by the filter: meets_minimum, ote, unknown, predicted, not_compared, no_minimum
    eligibility: list["Finding"] = field(default_factory=list)  # set by the score stage for the profile's person
    ghost_signals: list[tuple[GhostSignalName, str]] = field(default_factory=list)  # (signal, evidence)
    employer_url: str | None = None  # the employer's own posting, found on its ATS board
    _description: str | None = None
    employment_type: EmploymentType | None = None
    closes_at: dt.date | None = None  # the application deadline
    open_to: list[str] | None = None  # who may apply, in the API's words (USAJOBS hiring paths); None: not stated
    place_note: str | None = None  # by the filter: how far the location fits (sweepy.domain.places NO_PLACE, ...)
    _shelved: tuple[Shelf, int, int] | None = field(default=None, repr=False, compare=False)
    """The shelf and the description's (offset, length) on it, in one tuple: a nested one cost 56 bytes a posting."""
    keys: tuple[tuple[str, str, str, str], str] | None = field(default=None, init=False, repr=False, compare=False)
    """(role key, card id), by pipeline.score.posting_keys on first need: dedupe, the matched ids and the card
    each need them, and normalising four fields three times was a tenth of the sweep's own work."""

    def __post_init__(self) -> None:
        """Field sizes, for every engine and every import: a 3,000-character title broke the report's layout, and a
        5 MB one took minutes to render."""
        self.title, self.company = cut(self.title, TITLE_CAP), cut(self.company, NAME_CAP)
        self.location = cut(self.location, NAME_CAP)
        self.description_source = self.description_source[:SOURCE_CAP]
        if self.employment_type is None and ("(" in self.title or "[" in self.title):
            self.employment_type = title_kind(self.title)  # "Data Engineer (Contract)" on a board that sends none

    @property
    def description(self) -> str:
        """Plain text, capped. Cleaned on first use: most postings of a sweep are filtered out before anything
        reads their description, and cleaning every one was a fifth of the discover stage."""
        if self._shelved is not None:
            shelf, offset, length = self._shelved
            return shelf.get((offset, length))
        if self._description is None:
            self._description = cut(clean_text(self.description_source), DESCRIPTION_CAP)
            self.description_source = ""  # read once: a sweep of 80,000 postings held every description twice
        return self._description

    def shelve(self, shelf: Shelf) -> None:
        """Keep the cleaned description on `shelf` from now on, read back on each use: a sweep's survivors all
        holding theirs were half its memory (80,000 of 2 KB each)."""
        if self._shelved is None:
            offset, length = shelf.put(self.description)
            self._shelved, self._description = (shelf, offset, length), None

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
