"""Reading what an API answered, for the HTTP layer (http.py): its JSON through the one reader of untrusted JSON,
the head of an error answer and the message in it, and how long Retry-After asks to wait."""

import email.utils
from typing import Any

import httpx

from ..net.bodies import raw_chunks
from ..store.reads import NonFiniteNumber, TooDeep, loads_finite
from .results import SourceError


def json_answer(body: bytes, where: str) -> Any:
    """The answer's JSON through the one reader of untrusted JSON (store.paths.loads_finite): text that is not
    JSON, NaN or an overflowing number, and nesting too deep for the parser (`[[[[…`, which json.loads meets
    with RecursionError) are all the source's `bad_response`, never a crash of the engine."""
    try:
        return loads_finite(body)
    except (NonFiniteNumber, TooDeep) as exc:
        raise SourceError("bad_response", f"the answer from {where} is not usable JSON: {exc}") from None
    except ValueError:  # UnicodeDecodeError included
        start = body[:40].decode("utf-8", errors="replace").strip()
        shown = f"it starts with {start!r}" if start else "it is empty"
        raise SourceError("bad_response", f"the answer from {where} is not JSON ({shown})") from None


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a Retry-After header (delta seconds or an HTTP date), or None when unusable."""
    if not value:
        return None
    text = value.strip()
    if text.isascii() and text.isdigit():  # str.isdigit() also accepts "²", which float() refuses
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, when.timestamp() - now)


def error_head(answer: httpx.Response) -> bytes:
    """The first 2 KB of an error answer (identity-encoded only): enough for an API's own error message."""
    if answer.headers.get("Content-Encoding", "identity").strip().lower() not in ("", "identity"):
        return b""
    head = b""
    for chunk in raw_chunks(answer):
        head += chunk
        if len(head) >= 2048:
            break
    return head[:2048]


def error_text(head: bytes) -> str:
    """ ": <message>" from a JSON error body such as SerpApi's {"error": "Invalid API key"}, else ""."""
    try:
        data = loads_finite(head)  # 2 KB of `[` nests deeper than json.loads can follow: a ValueError here too
    except ValueError:
        return ""
    if isinstance(data, dict):
        for key in ("error", "message", "detail"):
            if isinstance(data.get(key), str) and data[key].strip():
                return f": {' '.join(data[key].split())[:200]}"
    return ""
