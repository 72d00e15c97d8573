"""Salary text and objects → Salary with a period, so `min_salary` compares annual amounts."""

import math
import re
from typing import Any, cast

from .models import ANNUAL_FACTOR, Period, Salary

_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_CURRENCY_CODES = ("USD", "EUR", "GBP", "CAD", "AUD", "CHF", "INR")
# Whole words only: "audit" is not AUD and "(Europe)" is not EUR.
_CURRENCY_CODE = re.compile(r"\b(" + "|".join(_CURRENCY_CODES) + r")\b", re.IGNORECASE)
# A retirement plan, not an amount: "401k match" must not read as a $401,000 maximum.
_RETIREMENT_PLAN = re.compile(r"\b40[13]\s*\(?\s*[kb]\s*\)?(?![a-z])", re.IGNORECASE)
_AMOUNT = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# A salary inside free text is anchored on a currency sign or code: bare numbers there are years, counts, ids.
_IN_TEXT = re.compile(
    rf"(?:[$€£]|\b(?:{'|'.join(_CURRENCY_CODES)})\s?)\s?(?:{_AMOUNT})\s?[kK]?\b"
    rf"(?:\s?(?:-|–|—|to)\s?(?:[$€£]|\b(?:{'|'.join(_CURRENCY_CODES)})\s?)?\s?(?:{_AMOUNT})\s?[kK]?\b)?"
    r"(?:\s?(?:USD|EUR|GBP|CAD|AUD|CHF|INR)\b)?"
    r"(?:\s?(?:/|per|an|a)\s?(?:hour|hr|h|year|yr|annum|month|mo|week|day)\b|\s(?:annually|hourly|yearly))?",
)
_NUMBER = re.compile(r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([kK])?")
_PERIOD_WORDS: list[tuple[re.Pattern[str], Period]] = [
    (re.compile(r"\b(?:per\s+hour|an\s+hour|a\s+hour|hourly|hour|/\s*hr|hr)\b|/\s*h\b"), "hour"),
    (re.compile(r"\b(?:per\s+day|a\s+day|daily|day)\b"), "day"),
    (re.compile(r"\b(?:per\s+week|a\s+week|weekly|week|wk)\b"), "week"),
    (re.compile(r"\b(?:per\s+month|a\s+month|monthly|month|mo)\b"), "month"),
    (re.compile(r"\b(?:per\s+year|a\s+year|annually|annual|yearly|year|yr|p\.?a\.?)\b"), "year"),
]


def _guess_period(amount: float) -> Period:
    """No period word: small amounts are hourly, mid-size monthly, large annual."""
    if amount < 300:
        return "hour"
    if amount < 20_000:
        return "month"
    return "year"


def _check_amount(amount: float, period: Period, shown: str) -> None:
    """ValueError unless the amount and its annual figure are finite: NaN or inf would poison every comparison
    and cannot be written as JSON."""
    if math.isnan(amount):
        raise ValueError(f"salary {shown} is not a number")
    if not math.isfinite(amount * ANNUAL_FACTOR[period]):
        raise ValueError(f"salary {shown} is too large to be an amount")


def _check_text(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"salary {what} is not valid Unicode text (it holds a lone surrogate)") from None


def parse_salary_text(text: str) -> Salary | None:
    """Parse "$70,000 - $85,000 a year", "$32/hr", "€55k", "USD 60000-75000 per year"; None if no amount.

    Raises ValueError for an amount too large to be a salary ("$999...9" reads as inf).
    """
    _check_text(text, "text")
    lowered = text.lower()
    amounts: list[float] = []
    for number, kilo in _NUMBER.findall(_RETIREMENT_PLAN.sub(" ", text)):
        value = float(number.replace(",", ""))
        if kilo:
            value *= 1000
        amounts.append(value)
    if not amounts:
        return None
    # A lone "k" on the upper bound applies to the lower one too ("$95-120K").
    if len(amounts) >= 2 and amounts[1] >= 1000 > amounts[0] and "k" in lowered:
        amounts[0] *= 1000
    currency = next((code for sign, code in _CURRENCY_SIGNS.items() if sign in text), None)
    if currency is None and (code := _CURRENCY_CODE.search(text)):
        currency = code[1].upper()
    period = next((p for pattern, p in _PERIOD_WORDS if pattern.search(lowered)), None)
    low, high = amounts[0], amounts[1] if len(amounts) > 1 else amounts[0]
    if high < low:
        low, high = high, low
    period = period or _guess_period(low)
    _check_amount(high, period, f"amount in {text[:40]!r}")
    return Salary(min=low, max=high, currency=currency, period=period, text=text.strip())


def find_salary(text: str) -> Salary | None:
    """The first salary stated in free text such as a description ("Pay: $150,000 — $190,000 USD"), or None.

    Only amounts that carry a currency sign or code count, and a figure under 10 is no salary ("$1 billion
    raised" aside, descriptions mention sums that are not pay far less often than they state pay with a sign).
    """
    for match in _IN_TEXT.finditer(_RETIREMENT_PLAN.sub(" ", text[:20_000])):
        try:
            salary = parse_salary_text(match[0])
        except ValueError:
            continue
        if salary is not None and (salary.min or 0) >= 10:
            return salary
    return None


def parse_salary(value: Any) -> Salary | None:
    """A record's `salary`: text, an object {min, max, currency, period}, or absent.

    Raises ValueError for a value of the wrong shape, so the loader can skip the record with a reason.
    """
    if value is None or value == "":
        return None
    if isinstance(value, str):
        return parse_salary_text(value)
    if isinstance(value, dict):
        low, high = value.get("min"), value.get("max")
        for bound in (low, high):
            if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int | float)):
                raise ValueError("salary min/max must be numbers")
        if low is None and high is None:
            return None
        period = value.get("period", "year")
        if period not in ANNUAL_FACTOR:
            raise ValueError(f"salary period must be one of {', '.join(ANNUAL_FACTOR)}")
        currency = value.get("currency")
        if currency is not None and not isinstance(currency, str):
            raise ValueError("salary currency must be text")
        try:
            low_f = float(low) if low is not None else float(cast(float, high))
            high_f = float(high) if high is not None else low_f
        except OverflowError:  # an integer past float's range
            raise ValueError("salary min/max is too large to be an amount") from None
        for name, amount in (("min", low_f), ("max", high_f)):
            _check_amount(amount, cast(Period, period), f"{name} {amount!r}")
        text = str(value.get("text") or "")
        for what, given in (("currency", currency or ""), ("text", text)):
            _check_text(given, what)
        return Salary(min=low_f, max=high_f, currency=currency, period=cast(Period, period), text=text)
    raise ValueError("salary must be text or an object with min, max, currency, period")
