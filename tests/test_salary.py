"""Salary parsing and annualisation (hourly x 2080, monthly x 12, ...)."""

import pytest

from sweepy.models import Salary
from sweepy.salary import parse_salary, parse_salary_text


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
