"""Places in a location text ("Remote - US; Hybrid - NYC", "London, England, United Kingdom", "CA, NY, TX"): the
regions, countries, subdivisions and cities it names, read against a gazetteer built from ISO 3166 and GeoNames
(sweepy/data/places.json and cities.tsv, made by tools/build_places.py) and the reviewed regions of
sweepy/domain/regions.py.

Loaded on first use only: the filter is the one reader, so the server's start never pays for it.
"""

import functools
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Literal

from .regions import CITY_ALIASES, CODED_COUNTRIES, COUNTRY_ALIASES, REGIONS, SUBDIVISION_ALIASES, WORLD
from .text import normalize

NO_PLACE = "no place given"
"""place_note of a posting whose location names no place at all, or only "Remote"."""
UNKNOWN_PLACE = "the posting names no place Sweepy knows"
"""place_note of a remote posting whose location names only places the gazetteer does not hold."""
ONLY_COUNTRY = "the posting names only the country"
ONLY_STATE = "the posting names only the state"
ONLY_REGION = "the posting names only the region"
"""place_notes of a posting that is not remote and names only an area holding the person's place ("USA" for a
New York seeker): where in it the work is, the posting does not say."""

Kind = Literal["world", "region", "country", "subdivision", "city", "unplaced"]
METRO_KM = 50.0
"""A city this close to the person's (centre to centre) is in their metro: Jersey City, Yonkers, Oakland."""

_ENTRIES = re.compile(r"[;|/\n]")
_PARTS = re.compile(r"[,()\[\]:·•]|\s[-–—]\s|\s[-–—]|[-–—]\s|^[-–—]|—|–")
_NOISE = frozenset(
    """remote remotely hybrid onsite on site in office offices based only fully within the from of or and work
    working home candidates candidate location locations position positions flexible friendly preferred must be
    located reside residing residents resident available any multiple various other tbd hq headquarters
    telecommute wfh first e g eg ie full part time contract permanent temporary""".split()
)
"""Words of a location text that name no place: workplace words and the grammar around places."""
_GENERIC = frozenset(
    """east west north south central centre center coast eastern western northern southern upper lower greater
    capital region metro hub city bay island islands university airport spring springs san""".split()
)
"""Words that are a place's whole name somewhere ("East" is a region of Cameroon, "Ísland" Iceland) but on their
own in a posting mean a direction or a kind of place: looked up only within a longer name ("East Timor",
"North Carolina"), else read as part of an unknown name ("Long Island City")."""
_LONGEST = 8  # words in the longest name ("united kingdom of great britain and northern ireland")


@dataclass(frozen=True, slots=True)
class Place:
    """One place a location text names. `countries` holds a region's countries (empty for the world); `country`,
    `subdivision` (ISO 3166-2) and `city` (a gazetteer row) are set as far as the text says."""

    kind: Kind
    text: str
    countries: frozenset[str] = WORLD
    country: str | None = None
    subdivision: str | None = None
    city: int | None = None
    lat: float | None = None
    lon: float | None = None

    def holds_country(self, code: str) -> bool:
        if self.kind == "world":
            return True
        if self.kind == "region":
            return code in self.countries
        return self.country == code


@dataclass(frozen=True, slots=True)
class _Word:
    text: str
    upper: bool
    alone: bool  # the whole comma part: "Portland, OR"'s "OR" is Oregon, "US or Canada"'s is a word


class Gazetteer:
    """Names to candidate places, best first. Built once from the bundled extract and the reviewed tables."""

    def __init__(self, data: dict[str, Any], cities: str) -> None:
        rows, _, self.names = cities.partition("\n\n")
        self.cities = rows.split("\n")
        self.country_names: dict[str, str] = {**data["country_names"], **COUNTRY_ALIASES}
        self.alpha3: dict[str, str] = data["alpha3"]
        self.alpha2 = frozenset(self.alpha3.values())
        self.subdivisions: dict[str, str] = data["subdivisions"]
        self.subdivision_names: dict[str, list[str]] = data["subdivision_names"]
        for name, code in SUBDIVISION_ALIASES.items():
            self.subdivision_names[name] = [code, *self.subdivision_names.get(name, ())]
        self.aliases = {name: self._city_named(city, country) for name, (city, country) in CITY_ALIASES.items()}

    def _country(self, code: str, text: str) -> Place:
        return Place("country", text, country=code)

    def _subdivision(self, code: str, text: str) -> Place:
        return Place("subdivision", text, country=code[:2], subdivision=code)

    def city_rows(self, key: str) -> list[int]:
        """The cities a normalised name names, its own city first, then the most populous: a bisection over the
        sorted lines of the text itself (splitting 85,000 lines, or making them a dict, would cost more than
        every look-up of a sweep together)."""
        target, names = key + "\t", self.names
        low, high = 0, len(names)
        while low < high:  # `low` is always a line's start; the answer is the first line not below `target`
            middle = (low + high) // 2
            start = names.rfind("\n", 0, middle) + 1
            if start < low:
                start = low
            end = names.find("\n", start)
            if names[start:end] < target:
                low = end + 1
            else:
                high = start
        end = names.find("\n", low)
        line = names[low:end]
        return [int(i) for i in line[len(target) :].split(",")] if line.startswith(target) else []

    def _city_named(self, name: str, country: str) -> int | None:
        return next((i for i in self.city_rows(normalize(name)) if self.city(i, "").country == country), None)

    def city(self, index: int, text: str) -> Place:
        _name, country, subdivision, lat, lon, _people = self.cities[index].split("\t")
        return Place(
            "city", text, country=country, subdivision=subdivision or None, city=index, lat=float(lat), lon=float(lon)
        )

    def population(self, index: int) -> int:
        return int(self.cities[index].rsplit("\t", 1)[1])

    @functools.lru_cache(maxsize=8192)  # noqa: B019 (one gazetteer for the process's life)
    def named(self, key: str) -> tuple[Place, ...]:
        """Places called `key` (normalised), in the order a bare name means them: region, country, city (the most
        populous first), subdivision."""
        found: list[Place] = []
        if key in REGIONS:
            countries = REGIONS[key]
            found.append(Place("world" if countries is WORLD else "region", key, countries=countries))
        if key in self.country_names:
            found.append(self._country(self.country_names[key], key))
        alias = self.aliases.get(key)
        if alias is not None:
            found.append(self.city(alias, key))
        if len(key) > 2:
            found += [self.city(i, key) for i in self.city_rows(key) if i != alias]
        found += [self._subdivision(code, key) for code in self.subdivision_names.get(key, ())]
        return tuple(found)

    @functools.lru_cache(maxsize=1024)  # noqa: B019 (one gazetteer for the process's life)
    def coded(self, code: str) -> tuple[Place, ...]:
        """Places whose code is `code` as written in capitals ("NY", "DE", "USA"): subdivisions first, those of
        CODED_COUNTRIES in its order ("CA" is California, then Canada)."""
        upper, text = code.upper(), code.lower()
        local = (f"{country}-{upper}" for country in CODED_COUNTRIES)
        found = [self._subdivision(code, text) for code in local if code in self.subdivisions]
        if upper in self.alpha2:
            found.append(self._country(upper, text))
        if upper in self.alpha3:
            found.append(self._country(self.alpha3[upper], text))
        return tuple(found)


@functools.cache
def gazetteer() -> Gazetteer:
    data = resources.files("sweepy").joinpath("data")
    places = data.joinpath("places.json").read_text(encoding="utf-8")
    return Gazetteer(json.loads(places), data.joinpath("cities.tsv").read_text(encoding="utf-8"))


def _words(part: str) -> list[_Word]:
    raw = part.split()
    words = []
    for original in raw:
        letters = [c for c in original if c.isalpha()]
        upper = bool(letters) and all(c.isupper() for c in letters)
        words += [_Word(w, upper, len(raw) == 1) for w in normalize(original).split()]
    return words


@dataclass(frozen=True, slots=True)
class _Item:
    text: str
    candidates: tuple[Place, ...]


def _items(part: str, gaz: Gazetteer) -> list[_Item]:
    """One comma part as the longest names it holds, left to right; unknown words between them as one item."""
    words, items, i = _words(part), [], 0
    unknown: list[str] = []
    while i < len(words):
        for j in range(min(len(words), i + _LONGEST), i, -1):
            key = " ".join(w.text for w in words[i:j])
            found = gaz.named(key) if j > i + 1 or (key not in _GENERIC and key not in _NOISE) else ()
            word = words[i]
            if j == i + 1 and word.upper and len(key) <= 3 and (word.alone or key not in _NOISE):
                found = gaz.coded(key) + found
            if found:
                break
        else:
            if words[i].text not in _NOISE and not words[i].text.isdigit():
                unknown.append(words[i].text)
            elif unknown:
                items.append(_Item(" ".join(unknown), ()))
                unknown = []
            i += 1
            continue
        if unknown:
            items.append(_Item(" ".join(unknown), ()))
            unknown = []
        items.append(_Item(key, found))
        i = j
    if unknown:
        items.append(_Item(" ".join(unknown), ()))
    return items


def _inside(place: Place, area: Place) -> int:
    """How well `place` sits inside `area`: 2 in its very subdivision, 1 in its country, 0 not inside."""
    if area.kind == "country" and place.kind in ("subdivision", "city") and place.country == area.country:
        return 2
    if area.kind == "subdivision" and place.kind == "city" and place.country == area.country:
        return 2 if place.subdivision == area.subdivision else 1 if place.subdivision is None else 0
    return 0


def _entry(items: list[_Item]) -> list[Place]:
    """Read right to left, so each broader place places the names before it: "Paris, TX" is the Texas Paris;
    "CA, NY, TX" are three states, as none holds another."""
    places: list[Place] = []
    context: Place | None = None
    for k in range(len(items) - 1, -1, -1):
        item = items[k]
        fits = [(_inside(c, context), c) for c in item.candidates] if context is not None else []
        inside, best = max(fits, key=lambda fit: fit[0], default=(0, None))
        elsewhere = inside == 0 and context is not None and context.kind == "subdivision"
        if _region_code(item, context, items[k - 1] if k > 0 else None):
            continue  # "Munich, BY, Germany": Bavaria's code, not Belarus; the city before it is placed in Germany
        if not item.candidates or (elsewhere and all(c.kind == "city" for c in item.candidates)):
            # A name the gazetteer does not know, or knows only elsewhere, is a place of the area after it:
            # "Scarborough, ON" is Toronto's Scarborough, not the English town of the same name.
            if context is not None and context.kind in ("country", "subdivision"):
                context = places[-1] = Place(
                    "city", item.text, country=context.country, subdivision=context.subdivision
                )
            else:
                places.append(Place("unplaced", item.text))
                context = None
            continue
        if inside and best is not None:
            # "Toronto, ON": the city row knows no ISO subdivision outside the US, the UK and a few others
            subdivision = best.subdivision or (context.subdivision if context is not None else None)
            context = places[-1] = replace(best, text=item.text, subdivision=subdivision)
            continue
        left = items[k - 1].candidates if k > 0 else ()
        # a place that holds the name before it, else one of the kind after it: "DE, AT" are two countries
        peer = next((c for c in item.candidates if context is not None and c.kind == context.kind), None)
        context = next((c for c in item.candidates if any(_inside(x, c) for x in left)), peer or item.candidates[0])
        places.append(replace(context, text=item.text))
    return places[::-1]


def _region_code(item: _Item, context: Place | None, left: _Item | None) -> bool:
    """A short code between a city and its country ("City, BY, Germany", as SmartRecruiters and Workable write a
    region) names a region of that country the gazetteer has no code for, not a second country."""
    if context is None or context.kind != "country" or left is None or len(item.text) > 3:
        return False
    if any(c.kind != "country" for c in item.candidates):
        return False
    return any(c.kind == "city" and _inside(c, context) for c in left.candidates)


@functools.lru_cache(maxsize=16384)
def parse_places(location: str) -> tuple[Place, ...]:
    """Every place a location text names, entry by entry ("Remote - US; Hybrid - NYC" is two); workplace words
    ignored, so "Remote" alone names none. Cached: a sweep's postings repeat a few hundred location texts."""
    gaz = gazetteer()
    found: list[Place] = []
    for entry in _ENTRIES.split(location):
        items = [item for part in _PARTS.split(entry) if part and part.strip() for item in _items(part, gaz)]
        found += _entry(items)
    return tuple(found)


def distance_km(a: Place, b: Place) -> float | None:
    """Great-circle distance between two cities' centres, when both have coordinates."""
    if a.lat is None or a.lon is None or b.lat is None or b.lon is None:
        return None
    la1, lo1, la2, lo2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(min(1.0, h)))


def known_names(min_people: int = 100_000) -> Iterable[str]:
    """Names of the cities of `min_people` or more, for "did you mean" suggestions."""
    gaz = gazetteer()
    return (normalize(row.split("\t", 1)[0]) for i, row in enumerate(gaz.cities) if gaz.population(i) >= min_people)
