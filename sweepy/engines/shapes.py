"""Shared pieces of engine configs and answers: board-token shapes and guards for an API's JSON shape."""

from typing import Annotated, Any

from pydantic import StringConstraints

from .base import SourceError

BoardToken = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100, pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
]
"""A company's board, site, account or slug as it appears in its careers URL (`jobs.lever.co/{site}`)."""


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
