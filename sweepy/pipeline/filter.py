"""Stage 2 of 5: keep postings that fit the search (title, workplace, location, salary, platform, age)."""

import datetime as dt
import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..domain.agency import agency_evidence
from ..domain.place_fit import local_fit, remote_fit, seeker_place
from ..domain.places import known_names, parse_places
from ..domain.postings import Posting
from ..domain.text import contains_phrase, normalize, normalize_company
from ..domain.titles import TitleModel
from .drops import Drops

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


class LocationMatcher:
    """Whether a posting's location fits the person's `search.location` (sweepy.domain.places), and the place_note
    a kept posting carries. A remote posting's place is where its candidates may live; any other's is where the
    work is, so it must be in the person's metro or be an area holding their place."""

    def __init__(self, location: str) -> None:
        self.seeker = seeker_place(location, METROS)
        self.remote_target = self.seeker.remote
        self._fits: dict[tuple[str, bool], tuple[bool, str | None]] = {}

    def fit(self, location: str, remote: bool) -> tuple[bool, str | None]:
        """(kept, place_note), cached per location text: a sweep's postings repeat a few hundred of them."""
        key = (location, remote)
        found = self._fits.get(key)
        if found is None:
            places = parse_places(location)
            found = self._fits[key] = remote_fit(places, self.seeker) if remote else local_fit(places, self.seeker)
        return found


def location_problem(location: str) -> str | None:
    """Why the location filter cannot use `location`, or None. Sweepy keeps an on-site or hybrid posting when its
    location names a city of the profile's metro (or an area holding it); a city it knows no place of, with no
    state or country it knows either, is most likely a typo or a place no board writes that way."""
    seeker = seeker_place(location, METROS)
    place = seeker.place
    if seeker.remote or (place is not None and (place.kind != "city" or place.city is not None)):
        return None
    city = normalize(location.split(",")[0])
    known = {alias for aliases in METROS.values() for alias in aliases}
    if city in known:
        return None
    near = difflib.get_close_matches(city, [*sorted(known), *known_names()], n=1, cutoff=0.8)
    if near:
        return (
            f"the location {location!r} names the city {city!r}, which Sweepy does not know; did you mean "
            f"{near[0]!r}? On-site and hybrid postings are kept only when their location names the city."
        )
    if place is not None:
        return None  # a town too small for Sweepy's list, in a state or country it knows
    return (
        f"Sweepy cannot place the location {location!r} (it names no city, state or country Sweepy knows): "
        f"on-site and hybrid postings will be kept only when their location names {city!r}. Check the "
        "spelling, and write it as 'City, ST' or 'City, Country' (e.g. 'New York, NY', 'Berlin, Germany'), or "
        "'Remote'."
    )


class Sieve:
    """Stage 2 for one posting at a time: its drop reason, or None to keep it. Built once per sweep and called
    as each posting arrives (the sweep filters a source's postings while the source is still being read), from
    every source's thread: its caches only ever gain entries that any thread would compute the same."""

    def __init__(self, criteria: Criteria) -> None:
        self.criteria = criteria
        self.titles = TitleModel(criteria.titles, criteria.synonyms)
        self.place = LocationMatcher(criteria.location)
        self.avoid = Avoid(criteria.exclude_companies, criteria.exclude_keywords)

    def __call__(self, posting: Posting) -> str | None:
        c = self.criteria
        return _drop_reason(posting, c, self.titles, self.place) or self.avoid(posting) or agency(posting, c)


def filter_postings(postings: Iterable[Posting], criteria: Criteria) -> tuple[list[Posting], Drops]:
    """The postings that fit, and the others counted by the first reason that dropped them (with examples)."""
    drops, sieve = Drops(), Sieve(criteria)
    kept: list[Posting] = []
    for posting in postings:
        if reason := sieve(posting):
            drops.drop(reason, posting)
        else:
            kept.append(posting)
    return kept, drops


def _drop_reason(posting: Posting, c: Criteria, titles: TitleModel, place: LocationMatcher) -> str | None:
    if not c.platform_enabled(posting.platform):
        return "platform"
    if titles.match(posting.title) is None:  # a near title is kept: the score ranks it low
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
    kept, posting.place_note = place.fit(posting.location, remote)
    if not kept:
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
