"""A record's `salary` as a feed or a board's API gives it: text (read by sweepy.domain.salary), or an object {min,
max, currency, period} checked field by field, so a record of the wrong shape is skipped with the reason."""

from typing import Any, cast

from .postings import ANNUAL_FACTOR, Period, Salary
from .salary import check_amount, check_text, parse_salary_text


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
            check_amount(amount, cast(Period, period), f"{name} {amount!r}")
        text = str(value.get("text") or "")
        for what, given in (("currency", currency or ""), ("text", text)):
            check_text(given, what)
        return Salary(min=low_f, max=high_f, currency=currency, period=cast(Period, period), text=text)
    raise ValueError("salary must be text or an object with min, max, currency, period")
