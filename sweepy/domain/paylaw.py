"""Pay transparency: is a card's place under a law that requires a pay range in postings, and does it state one?

The jurisdictions live in one data file (sweepy/data/pay_transparency.json) with each law's name and the date
its posting rule took effect, so the list is kept current without touching code.
"""

import datetime as dt
import json
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Literal

Transparency = Literal["missing", "stated"]
PROVINCE_CODES = frozenset("AB BC MB NB NL NS NT NU ON PE QC SK YT".split())


@dataclass(frozen=True, slots=True)
class Jurisdiction:
    id: str
    name: str
    law: str
    effective: dt.date
    states: frozenset[str]
    provinces: frozenset[str]
    names: tuple[str, ...]
    cities: tuple[str, ...]
    countries: tuple[str, ...]
    state: str | None  # a city's state: "New York, NY" is the city, "Albany, NY" the state

    def describe(self) -> str:
        return f"{self.law}, in effect since {self.effective.isoformat()}"


@cache
def jurisdictions() -> tuple[Jurisdiction, ...]:
    raw: dict[str, Any] = json.loads(resources.files("sweepy").joinpath("data/pay_transparency.json").read_text())
    return tuple(
        Jurisdiction(
            id=row["id"],
            name=row["name"],
            law=row["law"],
            effective=dt.date.fromisoformat(row["effective"]),
            states=frozenset(row.get("states", ())),
            provinces=frozenset(row.get("provinces", ())),
            names=tuple(row.get("state_names", ())),
            cities=tuple(row.get("cities", ())),
            countries=tuple(row.get("countries", ())),
            state=row.get("state"),
        )
        for row in raw["jurisdictions"]
    )


def _parts(location: str) -> list[str]:
    return [part.strip() for part in re.split(r"[,;/|•()]| - ", location) if part.strip()]


@lru_cache(maxsize=4096)
def jurisdiction_for(location: str, on: dt.date) -> Jurisdiction | None:
    """The most specific jurisdiction with a pay-range law in force on `on` that `location` names, else None.

    "New York, NY" is New York City (whose law is older than the state's); "Austin, TX" is none; "Toronto, ON,
    Canada" is Ontario; "Berlin, Germany" is the EU directive once in force."""
    parts = _parts(location)
    if not parts:
        return None
    lowered = [part.lower() for part in parts]
    text = ", ".join(lowered)
    codes = {part.upper() for part in parts if len(part) == 2 and part.isalpha()}
    # "CA" is California, unless a province is named beside it ("Toronto, ON, CA").
    canadian = "canada" in lowered or bool(codes & PROVINCE_CODES and "CA" in codes)
    for place in jurisdictions():
        if place.effective > on:
            continue
        city_named = any(_names(text, city) for city in place.cities)
        if place.state is not None:  # a city law: the city and its state both named (or the city alone)
            if city_named and (place.state in codes or not codes):
                return place
            continue
        if place.provinces:
            if (place.provinces & codes and (canadian or city_named)) or any(_names(text, n) for n in place.names):
                return place
            if city_named and (canadian or not codes):
                return place
            continue
        if place.states & codes and not (canadian and "CA" in place.states):
            return place
        if any(_names(text, name) for name in place.names):
            return place
        if any(_names(text, country) for country in place.countries) or (city_named and not codes):
            return place
    return None


def _names(text: str, name: str) -> bool:
    return name in text and _word(name).search(text) is not None


@lru_cache(maxsize=1024)
def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])")


def transparency(location: str, has_salary: bool, on: dt.date) -> tuple[Transparency | None, Jurisdiction | None]:
    """("missing" | "stated", the law) where a pay-range law covers the place, else (None, None). An aggregator's
    predicted salary is not the employer's: the caller passes has_salary False for it."""
    place = jurisdiction_for(location, on)
    if place is None:
        return None, None
    return ("stated" if has_salary else "missing"), place
