"""Signed page cursors for the tools that page by cursor (list_sweeps' contract): opaque to the assistant, bound
to the server process (a restart makes them stale) and to the filters they were issued for."""

import base64
import hashlib
import hmac
import json
import secrets
from typing import Any

from ..errors import InvalidArgument


class Cursors:
    """A tool's cursors: `encode` the key the next page starts after, `decode` it back (InvalidArgument for a
    cursor this process did not issue for these filters)."""

    def __init__(self, tool: str) -> None:
        self.tool = tool
        self._secret = secrets.token_bytes(16)

    def _sign(self, body: str) -> str:
        return hmac.new(self._secret, body.encode(), hashlib.sha256).hexdigest()[:24]

    def encode(self, after: str, query: list[Any]) -> str:
        body = base64.urlsafe_b64encode(json.dumps({"after": after, "q": query}).encode()).decode().rstrip("=")
        return f"{body}.{self._sign(body)}"

    def decode(self, cursor: str, query: list[Any]) -> str:
        not_ours = InvalidArgument(
            "cursor is not one this server issued for these filters (malformed, edited, from before a restart, or "
            f"sent with other filters). Call {self.tool} without cursor to start from the first page."
        )
        # Issued cursors are ASCII; anything else is refused before compare_digest, which raises on non-ASCII.
        body, _, signature = cursor.partition(".")
        if (
            not cursor.isascii()
            or not signature
            or not hmac.compare_digest(signature.encode(), self._sign(body).encode())
        ):
            raise not_ours
        try:
            data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            after, given = data["after"], data["q"]
        except (ValueError, TypeError, KeyError):  # a signed body that is not {"after", "q"}
            raise not_ours from None
        if not isinstance(after, str) or given != query:
            raise not_ours
        return after
