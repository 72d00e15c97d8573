"""Places: which postings the location filter keeps for seekers in New York, London, Paris, Austin, San Francisco,
Munich and remote in the US, and the place_note a kept one carries. Written through filter_postings, so they pin
the filter's behaviour, not the gazetteer's internals."""

import datetime as dt
from typing import Any

import pytest

from sweepy.domain.places import NO_PLACE, ONLY_COUNTRY, ONLY_STATE, UNKNOWN_PLACE, parse_places
from sweepy.domain.records import posting_from_record
from sweepy.pipeline.filter import Criteria, filter_postings, location_problem

TODAY = dt.date(2024, 6, 15)
KEPT, DROPPED = "kept", "dropped"


def verdict(seeker: str, location: str, workplace: str | None = None) -> tuple[str, str | None]:
    """("kept", place_note) or ("dropped", reason) for one Paralegal posting at `location`."""
    record: dict[str, Any] = {"title": "Paralegal", "company": "Northwind Labs", "location": location,
                              "url": f"https://jobs.lever.co/northwind/{abs(hash(location))}"}  # fmt: skip
    if workplace is not None:
        record["workplace"] = workplace
    posting = posting_from_record(record, "feed", "test")
    if workplace is not None:
        assert posting.workplace == workplace
    kept, drops = filter_postings([posting], Criteria(["Paralegal"], [], seeker, today=TODAY))
    if kept:
        return KEPT, kept[0].place_note
    (reason,) = drops
    return DROPPED, reason


REMOTE_CASES = [
    # (seeker, remote posting's location, kept?)
    ("New York, NY", "Remote, Italy", False),
    ("New York, NY", "Remote - Canada", False),
    ("New York, NY", "USA", True),
    ("New York, NY", "US-based", True),
    ("New York, NY", "North America", True),
    ("New York, NY", "Americas", True),
    ("New York, NY", "Worldwide", True),
    ("New York, NY", "Anywhere", True),
    ("New York, NY", "Remote (US or Canada)", True),
    ("New York, NY", "LATAM, Canada, USA", True),
    ("New York, NY", "CA, NY, TX", True),
    ("New York, NY", "CA, TX, WA", False),
    ("New York, NY", "Remote - US; Hybrid - NYC", True),
    ("New York, NY", "Remote (EMEA)", False),
    ("London, UK", "Remote - Singapore", False),
    ("London, UK", "Remote - Poland", False),
    ("London, UK", "Europe", True),
    ("London, UK", "EMEA", True),
    ("London, UK", "EU", False),  # the UK left the EU
    ("London, UK", "Remote - United Kingdom", True),
    ("London, UK", "Remote, England", True),
    ("London, UK", "USA", False),
    ("Paris, France", "Europe", True),
    ("Paris, France", "EMEA", True),
    ("Paris, France", "EU", True),
    ("Paris, France", "Remote - US", False),
    ("Paris, France", "Remote, Deutschland", False),
    ("Austin, TX", "CA, TX, WA", True),
    ("Austin, TX", "Remote, US time zones", True),
    ("San Francisco, CA", "Remote - Canada", False),
    ("San Francisco, CA", "Anywhere in the world", True),
    ("Remote, US", "Remote, Italy", False),
    ("Remote, US", "Remote - US", True),
    ("Remote, US", "Worldwide", True),
    ("Remote, US", "Remote - Bengaluru, India", False),
    ("Remote", "Remote - Singapore", True),  # a seeker who names no country is held to none
]


@pytest.mark.parametrize(("seeker", "location", "kept"), REMOTE_CASES)
def test_a_remote_posting_is_kept_only_when_open_to_the_seekers_country(seeker: str, location: str, kept: bool) -> None:
    assert verdict(seeker, location, "remote") == ((KEPT, None) if kept else (DROPPED, "location"))


LOCAL_CASES = [
    # (seeker, location, workplace, expected)
    ("New York, NY", "Brooklyn, NY", "onsite", (KEPT, None)),
    ("New York, NY", "Jersey City, NJ", "hybrid", (KEPT, None)),
    ("New York, NY", "Yonkers, NY", "onsite", (KEPT, None)),  # a metro city METROS does not list
    ("New York, NY", "Austin, TX", "onsite", (DROPPED, "location")),
    ("New York, NY", "York, PA", "onsite", (DROPPED, "location")),
    ("New York, NY", "Albany, NY", "onsite", (DROPPED, "location")),
    ("New York, NY", "USA", "unknown", (KEPT, ONLY_COUNTRY)),  # Remotive's candidate_required_location
    ("New York, NY", "NY", "hybrid", (KEPT, ONLY_STATE)),
    ("New York, NY", "Texas", "unknown", (DROPPED, "location")),
    ("New York, NY", "Germany", "unknown", (DROPPED, "location")),
    ("New York, NY", "", "unknown", (KEPT, NO_PLACE)),
    ("Austin, TX", "Austin, TX", "onsite", (KEPT, None)),
    ("Austin, TX", "Round Rock, TX", "onsite", (KEPT, None)),
    ("Austin, TX", "Dallas, TX", "onsite", (DROPPED, "location")),
    ("Austin, TX", "Texas", "unknown", (KEPT, ONLY_STATE)),
    ("Toronto, ON", "North York, ON", "onsite", (KEPT, ONLY_STATE)),  # a district the gazetteer lacks
    ("Toronto, ON", "Scarborough, ON", "onsite", (KEPT, ONLY_STATE)),  # not England's Scarborough
    ("Toronto, ON", "Scarborough, North Yorkshire", "onsite", (DROPPED, "location")),
    ("San Francisco, CA", "Oakland, CA", "onsite", (KEPT, None)),
    ("San Francisco, CA", "Los Angeles, CA", "onsite", (DROPPED, "location")),
    ("Los Angeles, CA", "LA", "hybrid", (KEPT, None)),  # a name of the metro, though also Louisiana's code
    ("Washington, DC", "DC", "onsite", (KEPT, None)),
    ("Washington, DC", "Seattle, Washington", "onsite", (DROPPED, "location")),
    ("London, UK", "London, England, United Kingdom", "hybrid", (KEPT, None)),
    ("London, UK", "London, ON", "onsite", (DROPPED, "location")),  # London, Ontario
    ("Paris, France", "Paris, TX", "onsite", (DROPPED, "location")),
    ("Paris, France", "Paris, Île-de-France, France", "onsite", (KEPT, None)),
    ("München", "Munich, Germany", "onsite", (KEPT, None)),
    ("Munich, Germany", "München, Bayern", "hybrid", (KEPT, None)),
    ("München", "Berlin, Germany", "onsite", (DROPPED, "location")),
    # SmartRecruiters' fullLocation "City, Region, Country": BY is Bavaria here, not Belarus beside Germany
    ("Berlin, Germany", "Munich, BY, Germany", "unknown", (DROPPED, "location")),
    ("Munich, Germany", "Munich, BY, Germany", "onsite", (KEPT, None)),
    ("Berlin, Germany", "DE, AT, CH", "remote", (KEPT, None)),  # country codes among countries: DE is Germany
    ("Zürich, Switzerland", "Zurich", "onsite", (KEPT, None)),
]


@pytest.mark.parametrize(("seeker", "location", "workplace", "expected"), LOCAL_CASES)
def test_a_posting_not_remote_is_kept_in_the_metro_or_in_an_area_holding_it(
    seeker: str, location: str, workplace: str, expected: tuple[str, str | None]
) -> None:
    assert verdict(seeker, location, workplace) == expected


def test_no_place_or_only_remote_is_kept_and_marked() -> None:
    assert verdict("New York, NY", "") == (KEPT, NO_PLACE)
    assert verdict("New York, NY", "Remote") == (KEPT, NO_PLACE)
    assert verdict("London, UK", "Remote", "remote") == (KEPT, NO_PLACE)
    assert verdict("London, UK", "Remote - Gotham", "remote") == (KEPT, UNKNOWN_PLACE)
    # Words that name some place somewhere ("East" in Cameroon, "Time" in Norway) are no place on their own
    assert verdict("New York, NY", "Remote - East Coast", "remote") == (KEPT, UNKNOWN_PLACE)
    assert verdict("New York, NY", "Remote, Full Time", "remote") == (KEPT, NO_PLACE)
    assert verdict("New York, NY", "Long Island City, NY", "onsite") == (KEPT, None)


def places(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(p.kind, p.country, p.subdivision) for p in parse_places(text)]


def test_a_location_text_reads_as_its_places() -> None:
    assert places("Remote - US; Hybrid - NYC") == [("country", "US", None), ("city", "US", "US-NY")]
    assert places("LATAM, Canada, USA") == [("region", None, None), ("country", "CA", None), ("country", "US", None)]
    assert places("CA, NY, TX") == [("subdivision", "US", f"US-{s}") for s in ("CA", "NY", "TX")]
    assert places("Berlin, Germany") == [("city", "DE", None)]
    assert places("London, England, United Kingdom") == [("city", "GB", "GB-ENG")]
    assert places("Paris, TX") == [("city", "US", "US-TX")]
    assert places("Portland, OR") == [("city", "US", "US-OR")]
    # A name known only elsewhere is a place of the area written after it, not England's Scarborough.
    assert places("Scarborough, ON") == [("city", "CA", "CA-ON")]
    assert places("Toronto, ON; Etobicoke, ON") == [("city", "CA", "CA-ON"), ("city", "CA", "CA-ON")]
    assert places("Anywhere in the world") == [("world", None, None)]
    assert places("New York, NY / Remote") == [("city", "US", "US-NY")]
    assert places("Remote, España") == [("country", "ES", None)]
    assert places("Bengaluru") == places("Bangalore") == [("city", "IN", None)]
    assert places("Remote") == places("Multiple Locations") == []
    # a short code between a city and its country is a region of that country, known or not
    assert places("Munich, BY, Germany") == [("city", "DE", None)]
    assert places("Lyon, ARA, France") == [("city", "FR", None)]
    assert places("Dubai, DU, United Arab Emirates") == [("city", "AE", None)]
    assert places("Remote, DE, AT") == [("country", "DE", None), ("country", "AT", None)]


@pytest.mark.parametrize(
    ("location", "warning"),
    [
        ("München", None),
        ("Toronto, ON", None),
        ("London, UK", None),
        ("Remote, US", None),
        ("Scarsdale Village, NY", None),  # too small for the list, in a state Sweepy knows: no warning
        ("Bostn, MA", "did you mean 'boston'?"),
        ("Qwertyville", "Sweepy cannot place the location 'Qwertyville'"),
    ],
)
def test_create_profile_warns_only_about_a_location_it_cannot_place(location: str, warning: str | None) -> None:
    problem = location_problem(location)
    assert problem == warning if warning is None else warning in (problem or "")
