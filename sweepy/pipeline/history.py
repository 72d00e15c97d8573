"""Stage 4 of 5: split unique postings into new ones and ones this profile was shown before."""

from collections import Counter

from ..models import Posting
from ..text import normalize_title


def history_key(posting: Posting, match: str) -> str:
    """`url`: the canonical URL; `url+role`: the URL plus the normalised title (a re-titled posting is new)."""
    if match == "url+role":
        return f"{posting.canonical_url}|{normalize_title(posting.title)}"
    return posting.canonical_url


def split_seen(
    postings: list[Posting], seen: set[str], match: str, include_seen: bool
) -> tuple[list[Posting], list[Posting], Counter[str]]:
    """(reported, previously seen, drops). With include_seen the seen ones are reported too, marked."""
    new: list[Posting] = []
    old: list[Posting] = []
    for posting in postings:
        (old if history_key(posting, match) in seen else new).append(posting)
    for posting in old:
        posting.seen_before = True
    drops: Counter[str] = Counter()
    if old and not include_seen:
        drops["seen"] = len(old)
    return (new + old if include_seen else new), old, drops
