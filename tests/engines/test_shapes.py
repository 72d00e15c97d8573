"""The pieces engines share to read an API's fields: text, joined places, structured pay."""

import pytest

from sweepy.domain.postings import Period, Salary
from sweepy.engines.shapes import inner_list, inner_object, joined, salary_range, salary_text, string


def test_string_keeps_only_text() -> None:
    assert [string(v) for v in ("  Paralegal ", None, 7, ["x"], {"a": 1})] == ["Paralegal", "", "", "", ""]


def test_inner_parts_of_the_wrong_shape_read_as_empty() -> None:
    record = {"categories": {"team": "Legal"}, "lists": None, "location": "Remote"}
    assert inner_object(record, "categories") == {"team": "Legal"}
    assert (inner_object(record, "location"), inner_object(record, "missing")) == ({}, {})
    assert (inner_list(record, "lists"), inner_list(record, "categories")) == ([], [])


def test_joined_drops_empty_parts_and_repeats() -> None:
    assert joined(["Lisbon", " Lisbon ", "", None, 3, "Portugal"]) == "Lisbon, Portugal"
    assert joined(["Toronto, ON", "Remote - Canada", "Toronto, ON"], "; ") == "Toronto, ON; Remote - Canada"
    assert joined([]) == ""


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (("60000", 75000, "eur", "year"), Salary(60_000, 75_000, "EUR", "year")),
        (("3,000", None, "USD", "month"), Salary(3_000, 3_000, "USD", "month")),
        ((None, 45, "usd", "hour"), Salary(45, 45, "USD", "hour")),
        ((90_000, 80_000, "USD", "year"), Salary(80_000, 90_000, "USD", "year")),  # bounds swapped back
        ((0, 0, "USD", "year"), None),  # 0 means "not given"
        ((-5, None, "USD", "year"), None),
        ((None, None, "USD", "year"), None),
        ((50_000, 60_000, "USD", None), None),  # unknown period: no guess
        ((50_000, 60_000, "US Dollars", "year"), Salary(50_000, 60_000, None, "year")),  # not a code: dropped
        ((50_000, 60_000, None, "year"), Salary(50_000, 60_000, None, "year")),
        (("n/a", True, "USD", "year"), None),
        ((1e308, None, "USD", "hour"), None),  # too large once annualised
    ],
)
def test_salary_range_reads_api_pay_fields(
    fields: tuple[object, object, object, Period | None], expected: Salary | None
) -> None:
    low, high, currency, period = fields
    assert salary_range(low, high, currency, period) == expected


def test_salary_text_reads_free_text_pay_and_nothing_else() -> None:
    hourly = salary_text(" $17 - $35 per hour ")
    assert hourly is not None
    assert (hourly.min, hourly.max, hourly.currency, hourly.period) == (17.0, 35.0, "USD", "hour")
    # No pay named, not text, an amount past a float once annualised, a lone surrogate: no salary, no error.
    assert [
        salary_text(v) for v in ("Competitive", "", "  ", None, 42, "$" + "9" * 400 + " a year", "\ud800 $50k")
    ] == [None] * 7
