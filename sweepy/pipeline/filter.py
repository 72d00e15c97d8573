"""Stage 2 of 5: keep postings that fit the search (title, workplace, location, salary, platform, age)."""

import datetime as dt
import difflib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..domain.agency import agency_evidence
from ..domain.postings import Posting
from ..domain.text import contains_phrase, normalize, normalize_company, normalize_title

_LEVEL_WORDS = frozenset("senior junior lead principal staff entry level i ii iii iv v 1 2 3".split())
_WORKPLACE_WORDS = frozenset(["remote", "hybrid", "onsite", "on", "site", "in", "office"])
US_STATES = frozenset(
    """al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or
    pa ri sc sd tn tx ut vt va wa wv wi wy dc""".split()
)
_US_TERMS = ("us", "usa", "u s", "united states", "america", "north america", "us only", "anywhere")
_FOREIGN_TERMS = (
    "eu", "europe", "emea", "uk", "united kingdom", "canada", "germany", "france", "spain", "netherlands", "india",
    "apac", "asia", "latam", "latin america", "australia", "brazil", "mexico", "ireland", "poland", "portugal",
)  # fmt: skip
METROS: dict[str, tuple[str, ...]] = {
    "new york": ("new york", "nyc", "manhattan", "brooklyn", "queens", "bronx", "staten island", "jersey city",
                 "hoboken", "long island city", "newark", "white plains"),
    "san francisco": ("san francisco", "sf", "bay area", "oakland", "south san francisco", "san mateo"),
    "los angeles": ("los angeles", "la", "santa monica", "pasadena", "burbank", "culver city"),
    "washington": ("washington", "dc", "arlington", "alexandria", "bethesda"),
    "boston": ("boston", "cambridge", "somerville"),
    "seattle": ("seattle", "bellevue", "redmond"),
    "chicago": ("chicago", "evanston"),
}  # fmt: skip


@dataclass(frozen=True)
class Criteria:
    titles: list[str]
    synonyms: list[list[str]]
    location: str
    remote_only: bool = False
    include_hybrid: bool = True
    min_salary: int = 0
    max_age_days: int | None = None
    platform_enabled: Callable[[str], bool] = lambda _p: True
    today: dt.date = dt.date(1970, 1, 1)
    employment_types: frozenset[str] = frozenset()
    """Kinds of job to keep (empty: all); a posting that does not say its kind is kept."""
    exclude_companies: tuple[str, ...] = ()
    exclude_keywords: tuple[str, ...] = ()
    exclude_agencies: bool = False
    """Drop agency postings as `agency`; otherwise they are kept with the ghost signal `agency`."""


def title_phrases(titles: Iterable[str], synonyms: Iterable[Iterable[str]]) -> list[str]:
    """Normalised target titles plus every synonym grouped with one of them."""
    phrases = {normalize_title(t) for t in titles}
    for group in synonyms:
        normalised = {normalize_title(term) for term in group}
        if normalised & phrases:
            phrases |= normalised
    return sorted(p for p in phrases if p)


def _core_words(phrase: str) -> frozenset[str]:
    words = frozenset(phrase.split()) - _LEVEL_WORDS
    return words or frozenset(phrase.split())


class TitleMatcher:
    """A posting title matches when it holds every core word of one target title or synonym."""

    def __init__(self, phrases: list[str]) -> None:
        self.cores = [_core_words(p) for p in phrases]

    def __call__(self, title: str) -> bool:
        words = set(normalize_title(title).split())
        return any(core <= words for core in self.cores)


class LocationMatcher:
    def __init__(self, location: str) -> None:
        norm = normalize(location)
        parts = [normalize(p) for p in location.split(",")]
        self.city = parts[0] if parts else ""
        region = parts[1] if len(parts) > 1 else ""
        self.remote_target = self.city in ("remote", "anywhere", "")
        self.us_seeker = region in US_STATES or any(contains_phrase(norm, t) for t in ("usa", "united states"))
        self.aliases = METROS.get(self.city, (self.city,)) if self.city else ()

    def remote_eligible(self, location: str) -> bool:
        """A remote role restricted to another region ("Remote (EU only)") is out for a US seeker."""
        if not self.us_seeker:
            return True
        norm = normalize(location)
        if any(contains_phrase(norm, t) for t in _US_TERMS):
            return True
        return not any(contains_phrase(norm, t) for t in _FOREIGN_TERMS)

    def local(self, location: str) -> bool:
        norm = normalize(location)
        words = " ".join(w for w in norm.split() if w not in _WORKPLACE_WORDS)
        if not words:
            return True  # no place given: keep it and let the person judge
        return any(contains_phrase(norm, alias) for alias in self.aliases)


def location_problem(location: str) -> str | None:
    """Why the location filter cannot use `location`, or None. Sweepy keeps an on-site or hybrid posting when its
    location names the profile's city (or a place of the city's metro); a city it knows no place of, with no
    state or country it knows either, is most likely a typo or a place no board writes that way."""
    place = LocationMatcher(location)
    if place.remote_target:
        return None
    known = {alias for aliases in METROS.values() for alias in aliases}
    if place.city in known:
        return None
    near = difflib.get_close_matches(place.city, sorted(known), n=1, cutoff=0.8)
    if near:
        return (
            f"the location {location!r} names the city {place.city!r}, which Sweepy does not know; did you mean "
            f"{near[0]!r}? On-site and hybrid postings are kept only when their location names the city."
        )
    norm = normalize(location)
    if place.us_seeker or any(contains_phrase(norm, term) for term in (*_US_TERMS, *_FOREIGN_TERMS)):
        return None
    return (
        f"Sweepy cannot place the location {location!r} (it names no city, US state code or country Sweepy knows): "
        f"on-site and hybrid postings will be kept only when their location names {place.city!r}. Check the "
        "spelling, and write it as 'City, ST' or 'City, Country' (e.g. 'New York, NY', 'Berlin, Germany'), or "
        "'Remote'."
    )


def filter_postings(postings: list[Posting], criteria: Criteria) -> tuple[list[Posting], Counter[str]]:
    """The postings that fit, and the others counted by the first reason that dropped them."""
    drops: Counter[str] = Counter()
    titles = TitleMatcher(title_phrases(criteria.titles, criteria.synonyms))
    place = LocationMatcher(criteria.location)
    avoid = Avoid(criteria.exclude_companies, criteria.exclude_keywords)
    kept: list[Posting] = []
    for posting in postings:
        reason = _drop_reason(posting, criteria, titles, place) or avoid(posting) or agency(posting, criteria)
        if reason:
            drops[reason] += 1
        else:
            kept.append(posting)
    return kept, drops


def _drop_reason(posting: Posting, c: Criteria, titles: TitleMatcher, place: LocationMatcher) -> str | None:
    if not c.platform_enabled(posting.platform):
        return "platform"
    if not titles(posting.title):
        return "title"
    if c.max_age_days is not None and posting.posted_at and (c.today - posting.posted_at).days > c.max_age_days:
        return "age"
    if posting.closes_at is not None and posting.closes_at < c.today:
        return "closed"
    kind = posting.employment_type
    if c.employment_types and kind is not None and kind not in c.employment_types:
        return "employment_type"
    remote = posting.workplace == "remote"
    if (c.remote_only or place.remote_target) and not remote:
        return "remote"
    if posting.workplace == "hybrid" and not c.include_hybrid:
        return "hybrid"
    if remote and not place.remote_eligible(posting.location):
        return "location"
    if not remote and not place.local(posting.location):
        return "location"
    posting.salary_status = salary_status(posting, c.min_salary)
    return "salary" if posting.salary_status == "below_minimum" else None


class Avoid:
    """Companies and words the person will not consider: "Acme", "ACME Inc." and "Acme, LLC" are one company."""

    def __init__(self, companies: Iterable[str], keywords: Iterable[str]) -> None:
        self.companies = frozenset(name for name in map(normalize_company, companies) if name)
        self.keywords = tuple(phrase for phrase in map(normalize, keywords) if phrase)

    def __call__(self, posting: Posting) -> str | None:
        if self.companies and normalize_company(posting.company) in self.companies:
            return "excluded_company"
        if self.keywords:
            text = normalize(f"{posting.title} {posting.description}")
            if any(contains_phrase(text, phrase) for phrase in self.keywords):
                return "excluded_keyword"
        return None


def agency(posting: Posting, criteria: Criteria) -> str | None:
    """`agency` when the person excludes agencies and this posting is one; else an agency posting is kept with
    the ghost signal `agency` and its evidence. Read only for postings every other test kept (cheap, but the
    description is cleaned on first read)."""
    evidence = agency_evidence(posting.company, posting.description)
    if evidence is None:
        return None
    if criteria.exclude_agencies:
        return "agency"
    posting.ghost_signals.append(("agency", evidence))
    return None


def salary_status(posting: Posting, min_salary: int) -> str:
    """How the salary compares with the minimum. Unknown, predicted and other-currency salaries are kept, and
    marked, so the person can see which cards were not checked; so is on-target earnings at or above it (only
    below it is the answer sure)."""
    if not min_salary:
        return "no_minimum"
    if posting.salary is None:
        return "unknown"
    if posting.salary.predicted:  # an estimate never proves a posting pays enough, nor that it does not
        return "predicted"
    if posting.salary.currency not in (None, "USD"):
        return "not_compared"
    top = posting.salary.annual_max or posting.salary.annual_min
    if top is None:
        return "unknown"
    if top < min_salary:
        return "below_minimum"
    # On-target earnings add commission to a base the posting does not state: enough OTE proves no base.
    return "ote" if posting.salary.ote else "meets_minimum"
