"""Pay transparency by place: the most specific law in force, from the one data file."""

import datetime as dt

import pytest

from sweepy.domain.paylaw import jurisdiction_for, jurisdictions, transparency

TODAY = dt.date(2026, 12, 1)


@pytest.mark.parametrize(
    ("location", "place"),
    [
        ("New York, NY", "New York City"),
        ("Brooklyn, NY, United States", "New York City"),
        ("Albany, NY", "New York State"),
        ("San Francisco, CA", "California"),
        ("Denver, Colorado", "Colorado"),
        ("Seattle, WA", "Washington"),
        ("Chicago, IL", "Illinois"),
        ("Baltimore, MD", "Maryland"),
        ("Minneapolis, MN", "Minnesota"),
        ("Honolulu, HI", "Hawaii"),
        ("Burlington, VT", "Vermont"),
        ("Jersey City, NJ", "New Jersey"),
        ("Boston, MA", "Massachusetts"),
        ("Washington, DC", "Washington DC"),
        ("Toronto, ON, Canada", "Ontario"),
        ("Toronto, ON, CA", "Ontario"),
        ("Vancouver, BC", "British Columbia"),
        ("Berlin, Germany", "European Union"),
        ("Madrid", "European Union"),
    ],
)
def test_places_under_a_pay_range_law(location: str, place: str) -> None:
    found = jurisdiction_for(location, TODAY)
    assert found is not None and found.name == place


@pytest.mark.parametrize("location", ["Austin, TX", "London, United Kingdom", "Remote", "", "Calgary, AB, Canada"])
def test_places_without_one(location: str) -> None:
    assert jurisdiction_for(location, TODAY) is None


def test_a_law_counts_from_the_day_it_took_effect() -> None:
    assert jurisdiction_for("Toronto, ON, Canada", dt.date(2025, 12, 31)) is None
    ontario = jurisdiction_for("Toronto, ON, Canada", dt.date(2026, 1, 1))
    assert ontario is not None and ontario.effective == dt.date(2026, 1, 1)
    assert jurisdiction_for("Berlin, Germany", dt.date(2026, 6, 6)) is None


def test_missing_and_stated() -> None:
    status, law = transparency("New York, NY", False, TODAY)
    assert status == "missing" and law is not None and "Local Law 32" in law.describe()
    assert transparency("New York, NY", True, TODAY)[0] == "stated"
    assert transparency("Austin, TX", False, TODAY) == (None, None)


def test_every_row_names_its_law_and_date() -> None:
    rows = jurisdictions()
    assert len(rows) >= 16
    assert all(row.law and row.effective.year >= 2021 for row in rows)
