"""HTTP answer bodies read under a byte cap: the raw chunks, and gzip/deflate inflated piece by piece, so a
compression bomb meets the cap instead of memory. Shared by the engines' HTTP layer and the link checker."""

import zlib
from collections.abc import Callable, Iterator

import httpx


class BodyProblem(ValueError):
    """The body cannot be read within its limits; the text says why (callers wrap it in their own error)."""


def raw_chunks(answer: httpx.Response) -> Iterator[bytes]:
    """The body as it came off the wire, in chunks; an answer built in memory (an injected transport such as
    httpx.MockTransport) has no stream left to read, only its content."""
    try:
        yield from answer.iter_raw()
    except httpx.StreamConsumed:
        yield answer.content


def inflater(encoding: str, max_bytes: int, past_cap: Callable[[], None] | None = None) -> Callable[[bytes], bytes]:
    """A function inflating each raw chunk, at most `max_bytes + 1` bytes per chunk. When a chunk would inflate
    further, `past_cap` is called (it may raise); without it the rest is dropped, which is enough for a caller
    that only reads the head of a page. BodyProblem for an encoding not asked for or a corrupt stream."""
    encoding = encoding.strip().lower()
    if encoding in ("", "identity"):
        return lambda chunk: chunk
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise BodyProblem(f"the answer uses content encoding {encoding!r}, which was not asked for")
    stream = zlib.decompressobj(wbits=47)  # gzip or zlib header, detected

    def inflate(chunk: bytes) -> bytes:
        try:
            out = stream.decompress(chunk, max_bytes + 1)
        except zlib.error:
            raise BodyProblem("the answer's compressed body is corrupt") from None
        if stream.unconsumed_tail and past_cap is not None:
            past_cap()
        return out

    return inflate
