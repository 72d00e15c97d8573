"""Shared pieces of engine configs and answers: board-token shapes and guards for an API's JSON shape."""

import re
from typing import Annotated, Any

from pydantic import StringConstraints

from ..domain.postings import Period, Salary
from ..domain.salary import parse_salary_text
from ..domain.salary_values import parse_salary
from .results import SourceError

BoardToken = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
]
"""A company's board, site, account or slug as it appears in its careers URL (`jobs.lever.co/{site}`)."""
_CURRENCY = re.compile(r"^[A-Z]{3}$")


def as_object(value: Any, what: str) -> dict[str, Any]:
    """`value` when it is a JSON object; else the source answered with the wrong shape (`bad_response`)."""
    if not isinstance(value, dict):
        raise SourceError("bad_response", f"{what} is not a JSON object (got {type(value).__name__})")
    return value


def as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise SourceError("bad_response", f"{what} is not a JSON array (got {type(value).__name__})")
    return value


def number(value: Any) -> float | None:
    """A number from an API field that may be a number, a numeric string, empty or null."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return float(value) if value == value and abs(value) != float("inf") else None
    if isinstance(value, str):
        try:
            parsed = float(value.replace(",", "").strip())
        except ValueError:
            return None
        return parsed if parsed == parsed and abs(parsed) != float("inf") else None
    return None


def string(value: Any) -> str:
    """An API field as text, stripped; "" for null, a number, a list or anything else that is not text."""
    return value.strip() if isinstance(value, str) else ""


def inner_object(record: dict[str, Any], key: str) -> dict[str, Any]:
    """`record[key]` when it is an object, else {}: an optional part of a record, lenient where as_object is strict."""
    value = record.get(key)
    return value if isinstance(value, dict) else {}


def inner_list(record: dict[str, Any], key: str) -> list[Any]:
    """`record[key]` when it is an array, else []."""
    value = record.get(key)
    return value if isinstance(value, list) else []


def joined(parts: Any, separator: str = ", ") -> str:
    """Text parts without empties and repeats, in order: ("Lisbon", "Lisbon", "", "Portugal") → "Lisbon, Portugal"."""
    return separator.join(dict.fromkeys(p for p in (string(part) for part in parts) if p))


def salary_range(low: Any, high: Any, currency: Any, period: Period | None) -> Salary | None:
    """A Salary from an API's structured pay fields: amounts as numbers or numeric strings, any currency case.

    None when the period is unknown or no amount is above zero (a 0 means "not given"); a currency that is not a
    three-letter code is dropped, never guessed. Bounds given in the wrong order are swapped.
    """
    if period is None:
        return None
    bounds = [amount if amount is not None and amount > 0 else None for amount in (number(low), number(high))]
    if bounds[0] is None and bounds[1] is None:
        return None
    if bounds[0] is not None and bounds[1] is not None and bounds[0] > bounds[1]:
        bounds.reverse()
    code = string(currency).upper()
    try:
        return parse_salary(
            {"min": bounds[0], "max": bounds[1], "currency": code if _CURRENCY.match(code) else None, "period": period}
        )
    except ValueError:  # an amount too large to be pay
        return None


def salary_text(value: Any) -> Salary | None:
    """A Salary from an API's pay as free text ("$17 - $35 per hour", "90K–120K a year", "Competitive", ""): None
    when it names no pay, or an amount too large to be pay (no salary rather than no posting)."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return parse_salary_text(value)
    except ValueError:
        return None
