"""The stdio wire before the SDK reads it: a line that is not a JSON-RPC message gets the JSON-RPC error saying
why, instead of the silence the SDK's own reader leaves (it drops the line and logs the exception).

The SDK's `stdio_server` accepts the stdin it reads lines from; Sweepy hands it `CheckedStdin`, which reads the
process's stdin itself (fd 0 moved to the null device while it serves, as the SDK does), passes every line the
SDK's own message adapter accepts untouched, and answers every other one on the SDK's write stream: -32700 (parse
error) for a line that is not UTF-8 JSON or holds a lone UTF-16 surrogate, -32600 (invalid request) for JSON
that is not a message Sweepy can read (not an object, nested too deep, an id that is not a string or a plain
integer). The error carries the request's id when it can be read, else null, as JSON-RPC 2.0 says.
"""

import contextlib
import io
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any, BinaryIO, Protocol

import anyio
import mcp.types as types
from mcp.shared.message import SessionMessage

log = logging.getLogger("sweepy.mcp.wire")

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
MAX_DEPTH = 200
"""The nesting of arrays and objects the SDK's JSON parser reads (pydantic-core's recursion limit, about 200)."""
MAX_ID_DIGITS = 15
"""An integer id longer than this is refused: it no longer round-trips through a JavaScript client's number."""
_SHOWN = 80


class Replies(Protocol):
    """The SDK's write stream, as far as the wire uses it."""

    async def send(self, item: SessionMessage, /) -> None: ...


class _Big(int):
    """An integer literal too long to be an id (kept as its digit count, never converted)."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    return _Big(digits) if digits > MAX_ID_DIGITS else int(text)


def _depth_over(value: Any, limit: int) -> bool:
    """Whether `value` nests deeper than `limit` arrays and objects (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _surrogate(value: Any) -> str | None:
    """The first lone UTF-16 surrogate in any string (or key) of `value`, as `\\udXXX`."""
    stack = [value]
    while stack:
        item = stack.pop()
        texts = [item] if isinstance(item, str) else list(item) if isinstance(item, dict) else []
        for text in texts:
            found = next((ch for ch in text if 0xD800 <= ord(ch) <= 0xDFFF), None)
            if found is not None:
                return f"\\u{ord(found):04x}"
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def _error(code: int, message: str, request_id: types.RequestId | None = None) -> types.JSONRPCError:
    return types.JSONRPCError(jsonrpc="2.0", id=request_id, error=types.ErrorData(code=code, message=message))


def _bad_utf8(line: str) -> types.JSONRPCError | None:
    """A line read with surrogateescape holds U+DC80..U+DCFF exactly where its bytes were not UTF-8."""
    at = next((i for i, ch in enumerate(line) if 0xDC80 <= ord(ch) <= 0xDCFF), None)
    if at is None:
        return None
    byte = ord(line[at]) - 0xDC00
    return _error(
        PARSE_ERROR,
        f"Parse error: the line is not UTF-8 (byte 0x{byte:02x} at character {at}). "
        "Send each JSON-RPC message as one line of UTF-8 JSON.",
    )


def diagnose(line: str) -> types.JSONRPCError | None:
    """None when the SDK reads `line` as a JSON-RPC message (or it is blank); else the error to answer with."""
    if not line.strip():
        return None
    bad = _bad_utf8(line)
    if bad is not None:
        return bad
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        return None
    except ValueError as exc:
        problem = str(exc).splitlines()[1:2] or [str(exc)]
        sdk = problem[0].strip()[:200]
    try:
        parsed = json.loads(line, parse_int=_parse_int)
    except RecursionError:
        return _error(
            INVALID_REQUEST,
            f"Invalid request: the message nests deeper than {MAX_DEPTH} levels of arrays "
            "and objects. Send flatter params.",
        )
    except ValueError as exc:
        shown = line.strip()[:_SHOWN]
        return _error(
            PARSE_ERROR,
            f"Parse error: the line is not JSON ({exc}; it starts {shown!r}). Send each "
            "JSON-RPC message as one line of JSON.",
        )
    return _invalid(parsed, sdk)


def _invalid(parsed: Any, sdk: str) -> types.JSONRPCError:
    """The error for JSON that the SDK's adapter refused (`sdk`: its first complaint)."""
    if not isinstance(parsed, dict):
        return _error(
            INVALID_REQUEST,
            f"Invalid request: a message is one JSON object per line (got a JSON "
            f"{type(parsed).__name__}; batches are not served). Send each request on its own line.",
        )
    raw_id = parsed.get("id")
    good_id = isinstance(raw_id, str) or (isinstance(raw_id, int) and not isinstance(raw_id, bool | _Big))
    request_id: types.RequestId | None = raw_id if good_id else None
    if isinstance(raw_id, _Big):
        return _error(
            INVALID_REQUEST,
            f"Invalid request: the id is a number of {int(raw_id):,} digits; use a "
            f"string or an integer of at most {MAX_ID_DIGITS} digits.",
        )
    found = _surrogate(parsed)
    if found is not None:
        return _error(
            PARSE_ERROR,
            f"Parse error: the message holds the lone UTF-16 surrogate {found}, which is "
            "not Unicode text. Send text as UTF-8 (or a surrogate pair).",
            request_id,
        )
    if _depth_over(parsed, MAX_DEPTH):
        return _error(
            INVALID_REQUEST,
            f"Invalid request: the message nests deeper than {MAX_DEPTH} levels of arrays "
            "and objects. Send flatter params.",
            request_id,
        )
    if "id" in parsed and not good_id:
        return _error(
            INVALID_REQUEST, f"Invalid request: the id {str(raw_id)[:_SHOWN]!r} is not a string or an integer."
        )
    return _error(
        INVALID_REQUEST,
        f"Invalid request: not a JSON-RPC 2.0 message Sweepy reads ({sdk}). Send "
        '{"jsonrpc": "2.0", "id": ..., "method": ..., "params": {...}}.',
        request_id,
    )


@contextlib.contextmanager
def claimed_stdin() -> Iterator[BinaryIO]:
    """The process's stdin as binary, fd 0 pointed at the null device meanwhile (so a child process or a stray
    read cannot take the host's bytes) and restored after, as the SDK's transport does for the stdin it owns.
    The private duplicate is never closed: a reader thread may still block on it after the server ends, and a
    closed descriptor could be reused under it (the SDK's reason too)."""
    try:
        private = os.dup(0)
        devnull = os.open(os.devnull, os.O_RDONLY)
    except OSError:  # no descriptor to move (an embedded interpreter): read sys.stdin in place
        yield sys.stdin.buffer
        return
    try:
        os.dup2(devnull, 0)
    finally:
        os.close(devnull)
    try:
        yield os.fdopen(private, "rb", closefd=False)
    finally:
        with contextlib.suppress(OSError):
            os.dup2(private, 0)


class _Unowned(io.TextIOWrapper):
    """A text layer that never closes the binary stream under it (it may be sys.stdin's own buffer)."""

    def close(self) -> None:
        with contextlib.suppress(ValueError):
            self.detach()


class CheckedStdin(anyio.AsyncFile[str]):
    """The lines of `binary` for the SDK's stdio reader; a line that is no JSON-RPC message is answered here."""

    def __init__(self, binary: BinaryIO) -> None:
        super().__init__(_Unowned(binary, encoding="utf-8", errors="surrogateescape"))
        self._replies: Replies | None = None
        self._ready = anyio.Event()

    def answer_on(self, write: Replies) -> None:
        """Where the errors go: the SDK's write stream (its writer owns stdout, so frames never tear)."""
        self._replies = write
        self._ready.set()

    async def __aiter__(self) -> AsyncIterator[str]:
        while line := await anyio.to_thread.run_sync(self.wrapped.readline, abandon_on_cancel=True):
            error = diagnose(line)
            if error is None:
                yield line
                continue
            await self._ready.wait()
            assert self._replies is not None
            log.warning("refused a line on stdin: %s", error.error.message)
            with contextlib.suppress(anyio.ClosedResourceError, anyio.BrokenResourceError):
                await self._replies.send(SessionMessage(error))
