"""The one way cards are paged: an offset and a limit over a card source (a session's View, or the cards a result
file holds, as Listed), with one bound check and one next_offset. get_jobs and the cards resource both page here;
list_sweeps and get_applications page other things (schedules and sweeps, applications) by signed cursor.

Light on purpose: the MCP face reads PAGE and MAX_PAGE to publish the cards template at resources/
templates/list, which must not load the stores."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from ..errors import InvalidArgument

PAGE = 20
"""Cards in a page of the cards resource when the URI names no limit."""
MAX_PAGE = 100
"""The most cards one read of the cards resource carries (get_jobs, a tool call, may ask for them all)."""

T = TypeVar("T")


class Source(Protocol[T]):
    """What a page is cut from: its length and the items from `offset`, at most `limit` (None: to the end)."""

    @property
    def card_count(self) -> int: ...

    def page(self, offset: int, limit: int | None) -> list[T]: ...


class Listed(Generic[T]):
    """Items already in memory (a result file's cards, the tracked cards get_jobs filters) as a Source."""

    def __init__(self, items: Sequence[T]) -> None:
        self.items = items

    @property
    def card_count(self) -> int:
        return len(self.items)

    def page(self, offset: int, limit: int | None) -> list[T]:
        return list(self.items[offset : None if limit is None else offset + limit])


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    offset: int
    total: int

    @property
    def next_offset(self) -> int | None:
        """Where the next page starts; None on the last page."""
        return next_offset(self.offset, len(self.items), self.total)


def next_offset(offset: int, count: int, total: int) -> int | None:
    """The offset after a page of `count` items from `offset` in `total`; None when the page reached the end."""
    stop = offset + count
    return stop if stop < total else None


def check_window(offset: int, limit: int | None, most: int | None = None, default: str = "all of them") -> None:
    """InvalidArgument unless `offset` is 0 or more (past the end is an empty page) and `limit` is None or
    1..`most` (no upper bound when `most` is None); `default` says what leaving limit out gives."""
    if isinstance(limit, bool) or (
        limit is not None and (not isinstance(limit, int) or limit < 1 or (most is not None and limit > most))
    ):
        span = "at least 1" if most is None else f"from 1 to {most}"
        raise InvalidArgument(
            f"limit {limit!r} is out of range: give how many cards to return, {span}, or leave limit out for {default}."
        )
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidArgument(f"offset {offset!r} is out of range: give how many cards to skip, 0 or more.")


def page_of(source: Source[T], offset: int, limit: int | None, most: int | None = None) -> Page[T]:
    """The page of `source` from `offset`, at most `limit` items, after the one bound check."""
    check_window(offset, limit, most, "all of them" if most is None else f"a page of {PAGE}")
    return Page(source.page(offset, limit), offset, source.card_count)
