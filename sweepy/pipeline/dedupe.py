"""Stage 3 of 5: one card per role: the same canonical URL, then the same role across platforms."""

from collections import Counter
from collections.abc import Callable, Hashable

from ..models import Posting
from ..text import normalize, normalize_company, normalize_title

_PLACE_NOISE = frozenset(["remote", "hybrid", "onsite", "on", "site", "in", "office"])


def role_key(posting: Posting) -> tuple[str, str, str]:
    """Company, title and place normalised so "Sr. Paralegal, Northwind Labs, Inc." meets "Senior Paralegal"."""
    city = posting.location.split(",")[0]
    place = " ".join(w for w in normalize(city).split() if w not in _PLACE_NOISE)
    return (normalize_company(posting.company), normalize_title(posting.title), place)


def _merge_groups(postings: list[Posting], key: Callable[[Posting], Hashable]) -> tuple[list[Posting], int]:
    groups: dict[Hashable, list[Posting]] = {}
    for posting in postings:
        groups.setdefault(key(posting), []).append(posting)
    unique: list[Posting] = []
    for group in groups.values():
        # The richest record wins; on a tie the first found (max keeps the first maximum).
        winner = max(group, key=Posting.richness)
        platforms = {p.platform for p in group} | {o for p in group for o in p.also_on}
        winner.also_on = sorted(platforms - {winner.platform})
        unique.append(winner)
    return unique, len(postings) - len(unique)


def deduplicate(postings: list[Posting]) -> tuple[list[Posting], Counter[str]]:
    """Unique postings in first-seen order, and how many were merged away as `duplicate`."""
    by_url, merged_url = _merge_groups(postings, lambda p: p.canonical_url)
    by_role, merged_role = _merge_groups(by_url, role_key)
    drops: Counter[str] = Counter()
    if merged_url + merged_role:
        drops["duplicate"] = merged_url + merged_role
    return by_role, drops
