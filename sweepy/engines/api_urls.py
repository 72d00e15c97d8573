"""A job-board API's request URL: the engine's base (the real API, or a profile's base_url) joined with the
endpoint's path template and its query, each part quoted."""

from typing import Any
from urllib.parse import quote, urlencode

from .results import SourceError


def api_url(base: str, path: str, params: dict[str, Any] | None = None, **parts: str) -> str:
    """`base` + `path`, with `{name}` placeholders filled from `parts`, URL-quoted (a board token cannot escape
    its path segment); then the query. Plain replacement, never str.format: `base` is data from a profile,
    and a format spec in it (`{board:>200000000}`) or an attribute lookup must not run."""
    quoted = {name: quote(value, safe="") for name, value in parts.items()}
    url = _fill(base, quoted) + _fill(path, quoted)
    if "{" in url or "}" in url:
        raise SourceError("config", "base_url may hold no brace other than its engine's documented placeholder")
    if params:
        url += ("&" if "?" in url else "?") + urlencode({k: v for k, v in params.items() if v is not None}, True)
    return url


def _fill(template: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        template = template.replace("{" + name + "}", value)
    return template
