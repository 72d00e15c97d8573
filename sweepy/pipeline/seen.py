"""Stage 4 of 5: split unique postings into new ones and ones this profile was shown before."""

from ..domain.postings import Posting
from ..domain.text import normalize_title
from .drops import Drops


def history_key(posting: Posting, match: str, url: str | None = None) -> str:
    """`url`: the canonical URL; `url+role`: the URL plus the normalised title (a re-titled posting is new).
    `url` defaults to the posting's own; pass a merged duplicate's to key that one."""
    url = url or posting.canonical_url
    return f"{url}|{normalize_title(posting.title)}" if match == "url+role" else url


def history_keys(posting: Posting, match: str) -> list[str]:
    """The keys of a posting and of every duplicate merged into it: one that was seen makes it seen."""
    return [history_key(posting, match, url) for url in posting.merged_urls or [posting.canonical_url]]


def split_seen(
    postings: list[Posting], seen: set[str], match: str, include_seen: bool
) -> tuple[list[Posting], list[Posting], Drops]:
    """(reported, previously seen, drops). With include_seen the seen ones are reported too, marked."""
    new: list[Posting] = []
    old: list[Posting] = []
    for posting in postings:
        (old if any(key in seen for key in history_keys(posting, match)) else new).append(posting)
    for posting in old:
        posting.seen_before = True
    drops = Drops()
    if not include_seen:
        drops.drop_all("seen", old)
    return (new + old if include_seen else new), old, drops
