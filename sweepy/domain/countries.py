"""Which countries (or unions of them) a sentence or a search location names, as ISO codes: "U.S. citizens",
"Berlin, Germany", "within the EU"."""

import re
from functools import lru_cache

EU = frozenset("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split())
EEA = EU | {"IS", "LI", "NO"}

_COUNTRY_WORDS: tuple[tuple[re.Pattern[str], frozenset[str], tuple[str, ...], bool], ...] = tuple(
    (re.compile(pattern, flags), frozenset(codes), tuple(cues.split("|")), not flags)
    for pattern, codes, flags, cues in (
        # Short forms in capitals only: "us" and "eu" are also words.
        (r"\bU\.?S\.?(?:A\.?)?(?![A-Za-z])", {"US"}, 0, "US|U.S"),
        (
            r"\bunited states\b|\bamerican\b|\bestados unidos\b|\bétats-unis\b",
            {"US"},
            re.IGNORECASE,
            "united states|american|estados unidos|états-unis",
        ),
        (r"\bU\.?K\.?(?![A-Za-z])", {"GB"}, 0, "UK|U.K"),
        (
            r"\bunited kingdom\b|\bbritish\b|\bgreat britain\b|\breino unido\b|\broyaume-uni\b",
            {"GB"},
            re.IGNORECASE,
            "united kingdom|british|great britain|reino unido|royaume-uni",
        ),
        (r"\bcanad(?:a|ian|á|ienne?)\b", {"CA"}, re.IGNORECASE, "canad"),
        (r"\baustralia[n]?\b|\bNSW\b|\bVIC\b|\bQLD\b|\bACT\b", {"AU"}, 0, "australia|NSW|VIC|QLD|ACT"),
        (r"\baustralia[n]?\b", {"AU"}, re.IGNORECASE, "australia"),
        (r"\bnew zealand\b", {"NZ"}, re.IGNORECASE, "new zealand"),
        (r"\bindia[n]?\b", {"IN"}, re.IGNORECASE, "india"),
        (
            r"\bgerman[y]?\b|\bdeutschland\b|\bdeutsche[nr]?\b|\ballemagne\b|\balemania\b",
            {"DE"},
            re.IGNORECASE,
            "german|deutsch|allemagne|alemania",
        ),
        (r"\bfran(?:ce|ç(?:ais|aise))\b|\bfrench\b|\bfrancia\b|\bfrankreich\b", {"FR"}, re.IGNORECASE, "fran|french"),
        (r"\bspa(?:in|nish)\b|\bespañ(?:a|ol|ola)\b|\bespagne\b|\bspanien\b", {"ES"}, re.IGNORECASE, "spa"),
        (
            r"\bnetherlands\b|\bdutch\b|\bniederlande\b|\bpays-bas\b",
            {"NL"},
            re.IGNORECASE,
            "netherlands|dutch|niederlande|pays-bas",
        ),
        (r"\bireland\b|\birish\b", {"IE"}, re.IGNORECASE, "ireland|irish"),
        (r"\bEU\b|\bEU-", set(EU), 0, "EU"),
        (r"\beuropean union\b|\bunión europea\b|\bunion européenne\b", set(EU), re.IGNORECASE, "union|unión"),
        (r"\bEEA\b", set(EEA), 0, "EEA"),
        (r"\beuropean economic area\b", set(EEA), re.IGNORECASE, "european economic area"),
        (r"\beurope\b|\beuropa\b", set(EEA | {"GB", "CH"}), re.IGNORECASE, "europ"),
        (r"\bswitzerland\b|\bschweiz\b|\bsuisse\b", {"CH"}, re.IGNORECASE, "switzerland|schweiz|suisse"),
        (r"\baustria\b|\bösterreich\b", {"AT"}, re.IGNORECASE, "austria|österreich"),
        (r"\bmexic(?:o|an)\b|\bméxico\b", {"MX"}, re.IGNORECASE, "mexic|méxico"),
        (r"\bbrazil(?:ian)?\b|\bbrasil\b", {"BR"}, re.IGNORECASE, "brazil|brasil"),
    )
)
"""Each country's pattern, its codes, the words one of which any match holds (lower case where the pattern
ignores case, as written where it does not), and whether it is case-sensitive: a sentence without any of the
words skips the search (24 searches per sentence were most of the time of reading one)."""
FOLDS_APART = ("ſ", "ı", "İ")
"""Letters a case-insensitive pattern matches as "s" or "i" that lower() does not make "s" or "i": a sentence
holding one is searched with every pattern."""


_US_STATE = re.compile(
    r",\s*(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|"
    r"OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\b"
)


def home_countries(location: str) -> frozenset[str]:
    """The countries a search location names ("New York, NY" is the US; "Berlin, Germany" is DE)."""
    found = set(countries_in(location))
    if _US_STATE.search(location) and not re.search(r"\bcanada\b", location, re.IGNORECASE):
        found.add("US")
    return frozenset(found) if len(found) <= 3 else frozenset()  # "Europe" is a region, not a home


SENTENCES_CACHED = 4096
"""Sentences whose countries are kept (a few hundred KB): the sponsorship, authorization and location readers
each ask for those of one sentence, and a sweep's postings repeat their template sentences; 14,000 reads of the
5k feed were a seventh of its eligibility time."""


CACHED_CHARS = 1_000
"""The longest sentence kept: a text with no stop runs to a description's 100,000 characters, and 4,096 of those
would be 400 MB."""


def countries_in(text: str) -> frozenset[str]:
    """ISO codes of the countries (or unions of them) a sentence names (kept for SENTENCES_CACHED sentences of
    up to CACHED_CHARS characters)."""
    return _kept_countries(text) if len(text) <= CACHED_CHARS else _countries(text)


@lru_cache(maxsize=SENTENCES_CACHED)
def _kept_countries(text: str) -> frozenset[str]:
    return _countries(text)


def _countries(text: str) -> frozenset[str]:
    found: set[str] = set()
    lowered = None if not text.isascii() and any(letter in text for letter in FOLDS_APART) else text.lower()
    for pattern, codes, cues, cased in _COUNTRY_WORDS:
        if lowered is not None:
            held = text if cased else lowered
            for cue in cues:  # a loop, not any(): a generator per pattern cost as much as the search it saves
                if cue in held:
                    break
            else:
                continue
        if pattern.search(text):
            found |= codes
    return frozenset(found)
