"""Salary parsing and annualisation (hourly x 2080, monthly x 12, ...)."""

import json

import pytest

from sweepy.models import Salary
from sweepy.salary import find_salary, parse_salary, parse_salary_text


@pytest.mark.parametrize(
    ("text", "period", "currency", "annual_min", "annual_max"),
    [
        ("$70,000 - $85,000 a year", "year", "USD", 70_000, 85_000),
        ("$32/hr", "hour", "USD", 66_560, 66_560),
        ("$28 - $34 an hour", "hour", "USD", 58_240, 70_720),
        ("$6,500/month", "month", "USD", 78_000, 78_000),
        ("$95K-$120K", "year", "USD", 95_000, 120_000),
        ("$95-120K", "year", "USD", 95_000, 120_000),
        ("€55k", "year", "EUR", 55_000, 55_000),
        ("USD 60000-75000 per year", "year", "USD", 60_000, 75_000),
        ("$250 per day", "day", "USD", 65_000, 65_000),
        ("$1,500 weekly", "week", "USD", 78_000, 78_000),
    ],
)
def test_salary_text_is_annualised(text: str, period: str, currency: str, annual_min: float, annual_max: float) -> None:
    salary = parse_salary_text(text)
    assert salary is not None
    assert (salary.period, salary.currency) == (period, currency)
    assert (salary.annual_min, salary.annual_max) == (annual_min, annual_max)
    assert salary.text == text


def test_salary_object_uses_its_period() -> None:
    salary = parse_salary({"min": 40, "max": 50, "currency": "USD", "period": "hour"})
    assert salary == Salary(min=40.0, max=50.0, currency="USD", period="hour")
    assert (salary.annual_min, salary.annual_max) == (83_200, 104_000)


@pytest.mark.parametrize("value", [None, "", "Competitive", "DOE"])
def test_missing_or_wordy_salary_is_unknown(value: object) -> None:
    assert parse_salary(value) is None


@pytest.mark.parametrize("value", [[1, 2], {"min": "a lot"}, {"min": 1, "period": "fortnight"}, 42])
def test_wrongly_shaped_salary_is_rejected(value: object) -> None:
    with pytest.raises(ValueError):
        parse_salary(value)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ({"min": float("nan")}, "salary min nan is not a number"),
        ({"min": 50_000, "max": float("inf")}, "salary max inf is too large to be an amount"),
        ({"max": 1e308, "period": "hour"}, "salary min 1e+308 is too large to be an amount"),  # inf once annualised
        ({"min": 10**400}, "salary min/max is too large to be an amount"),  # float() raises OverflowError
        ("$" + "9" * 400, "salary amount in '$" + "9" * 39 + "' is too large to be an amount"),
        ("$50k \ud800", "salary text is not valid Unicode text (it holds a lone surrogate)"),
        ({"min": 1, "text": "\ud800"}, "salary text is not valid Unicode text (it holds a lone surrogate)"),
        ({"min": 1, "currency": "US\ud800"}, "salary currency is not valid Unicode text (it holds a lone surrogate)"),
    ],
)
def test_unusable_amounts_and_text_are_rejected_with_a_reason(value: object, reason: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_salary(value)
    assert str(caught.value) == reason


def test_nan_from_json_is_rejected() -> None:
    # Python's json accepts the bare NaN token, so a feed record can carry one.
    with pytest.raises(ValueError) as caught:
        parse_salary(json.loads('{"min": NaN, "max": 90000}'))
    assert str(caught.value) == "salary min nan is not a number"


def test_largest_sane_amounts_still_parse() -> None:
    salary = parse_salary({"min": 10**15, "max": 10**15, "period": "hour"})
    assert salary is not None and salary.annual_max == 2080 * 10**15


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$150-190k", (150_000, 190_000, "USD", "year")),
        ("Competitive pay, 401k match", None),  # a retirement plan, not a $401,000 maximum
        ("$120,000 - $140,000 + 401(k)", (120_000, 140_000, "USD", "year")),
        ("€50,000 (Europe)", (50_000, 50_000, "EUR", "year")),
        ("Remote (Europe) 60000-70000", (60_000, 70_000, None, "year")),  # "Europe" is not EUR
        ("80000 for the audit team", (80_000, 80_000, None, "year")),  # "audit" is not AUD
        ("AUD 90,000", (90_000, 90_000, "AUD", "year")),
    ],
)
def test_salary_text_from_real_postings(text: str, expected: tuple[float, float, str | None, str] | None) -> None:
    salary = parse_salary_text(text)
    assert (None if salary is None else (salary.min, salary.max, salary.currency, salary.period)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Build APIs. Pay: $150,000 — $190,000 USD. 401k match.", (150_000, 190_000, "USD", "year")),
        ("We raised $5 and offer a 401k match; pay $40 - $50 per hour", (40, 50, "USD", "hour")),
        ("Founded 2010, 300 people, 401(k) and dental", None),
        ("Salary: USD 90,000 to 110,000", (90_000, 110_000, "USD", "year")),
        ("Gehalt €80k–€100k", (80_000, 100_000, "EUR", "year")),
    ],
)
def test_a_salary_is_found_in_a_description_only_with_a_currency(
    text: str, expected: tuple[float, float, str, str] | None
) -> None:
    salary = find_salary(text)
    assert (None if salary is None else (salary.min, salary.max, salary.currency, salary.period)) == expected
