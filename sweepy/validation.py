"""Pydantic validation errors rewritten for the reader: which field, what was wrong, what was given."""

from pydantic import ValidationError


def describe_validation_error(exc: ValidationError, limit: int = 5) -> str:
    parts = []
    for error in exc.errors()[:limit]:
        location = ".".join(str(p) for p in error["loc"]) or "(top level)"
        kind = error["type"]
        if kind == "extra_forbidden":
            parts.append(f"unknown key {location!r}")
            continue
        if kind == "missing":
            parts.append(f"{location!r} is required")
            continue
        given = error.get("input")
        shown = repr(given)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        parts.append(f"{location!r}: {error['msg']} (got {shown})")
    more = len(exc.errors()) - limit
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts) + "."
