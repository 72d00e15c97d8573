"""Locations: NYC-metro cities and their spellings, remote locations, state names and a location's place key."""

import re
from itertools import accumulate

NYC_CITIES = frozenset({"New York, NY", "Brooklyn, NY", "Queens, NY", "Bronx, NY", "Jersey City, NJ"})
CITY_VARIANTS: dict[str, tuple[tuple[str, ...], tuple[float, ...]]] = {
    "New York, NY": (
        (
            "New York, NY",
            "Manhattan, New York, NY",
            "New York, NY 10004",
            "New York City, NY",
            "Manhattan, NY",
        ),
        tuple(accumulate((6.0, 2.5, 1.0, 1.0, 0.8))),
    ),
    "Queens, NY": (
        ("Queens, NY", "Long Island City, NY", "Flushing, NY"),
        tuple(accumulate((4.0, 1.5, 1.0))),
    ),
    "Brooklyn, NY": (("Brooklyn, NY", "Brooklyn, New York"), tuple(accumulate((5.0, 1.0)))),
}
REMOTE_LOCS = ("Remote - US", "Remote", "United States (Remote)", "Remote (US/Canada)")
REMOTE_CUM = tuple(accumulate((6.0, 2.0, 1.0, 1.0)))
STATE_NAMES = {
    "NY": "New York",
    "NJ": "New Jersey",
    "MA": "Massachusetts",
    "IL": "Illinois",
    "CA": "California",
    "DC": "the District of Columbia",
    "TX": "Texas",
    "CO": "Colorado",
    "OH": "Ohio",
    "AZ": "Arizona",
    "FL": "Florida",
    "WA": "Washington",
    "PA": "Pennsylvania",
    "CT": "Connecticut",
    "GA": "Georgia",
    "MD": "Maryland",
    "MN": "Minnesota",
    "OR": "Oregon",
    "NC": "North Carolina",
    "TN": "Tennessee",
    "UT": "Utah",
}

REMOTE_FRIENDLY = frozenset({"tech", "legaltech", "healthtech", "agency"})

_PLACE_NOISE = frozenset({"remote", "hybrid", "onsite", "on", "site", "in", "office"})
_PLACE_CACHE: dict[str, str] = {}


def place_key(location: str) -> str:
    """The place part of a role's identity: the first comma part without remote/hybrid words."""
    key = _PLACE_CACHE.get(location)
    if key is None:
        words = re.findall(r"[a-z0-9]+", location.split(",")[0].lower())
        key = _PLACE_CACHE[location] = " ".join(w for w in words if w not in _PLACE_NOISE)
    return key
