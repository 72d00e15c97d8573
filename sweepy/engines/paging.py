"""The one paging loop of every paging engine: each page once, each posting once, and an end even when a server
does not play along.

A server that ignores its page parameter (`offset`, `skip`, `page`) answers page one forever, and one whose
`next` link or cursor points back at a page already read loops; either way a page bringing only postings already
read, or a cursor already followed, ends the source with what it has (logged), instead of 40 requests for the
same answer. The engine says how to fetch one page and where the next one is (`Page.next`); this holds the
guards and the limits."""

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .base import DiscoverRequest

MAX_PAGES = 40
"""The ceiling of pages per source, whatever an engine's `pages` setting or the server's `next` say."""

Cursor = TypeVar("Cursor", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Page(Generic[Cursor]):
    """One answer of a listing: its items, where the next page is (None: this was the last one) and, when the API
    says, how many items the whole listing holds (the loop ends once it has read that many)."""

    items: list[Any]
    next: Cursor | None = None
    total: float | None = None


def paginate(
    request: DiscoverRequest,
    fetch: Callable[[Cursor], Page[Cursor]],
    first: Cursor,
    key: str,
    pages: int = MAX_PAGES,
) -> Iterator[list[Any]]:
    """The items of each page that were not on an earlier one, page by page (so an engine collects each page
    before the next is asked, and keeps them when a later page fails or the byte budget runs out).

    `key` is the items' identity field (`id`, `guid`, …); an item without one is always kept, and decides nothing.
    Paging ends at the page `fetch` marks last, at an empty page, when `total` items have been read, at a page whose
    identified items were all read before (logged), at a cursor already followed, after `pages` (the profile's
    setting) or after MAX_PAGES (logged: the source had more)."""
    seen: set[str] = set()
    followed: set[Cursor] = {first}
    cursor, read = first, 0
    for number in range(1, min(pages, MAX_PAGES) + 1):
        page = fetch(cursor)
        idents = [_ident(item, key) for item in page.items]
        known = {ident for ident in idents if ident is not None}
        if known and known <= seen:
            request.log(
                f"source {request.engine}/{request.source}: page {number} repeats earlier postings; stopped paging"
            )
            return
        fresh = []
        for item, ident in zip(page.items, idents, strict=True):
            if ident is not None:
                if ident in seen:  # read on an earlier page, or twice on this one
                    continue
                seen.add(ident)
            fresh.append(item)
        read += len(fresh)
        yield fresh
        following = page.next
        if not page.items or following is None or following in followed:
            return
        if page.total is not None and read >= page.total:
            return
        followed.add(following)
        cursor = following
    if pages >= MAX_PAGES:
        request.log(f"source {request.engine}/{request.source}: stopped after {MAX_PAGES} pages; the rest is not read")


def _ident(item: Any, key: str) -> str | None:
    value = item.get(key) if isinstance(item, dict) else None
    return None if value is None or value == "" else str(value)
