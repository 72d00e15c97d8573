"""Stage 3 of 5: one card per role: the same canonical URL, then the same role across platforms, then the same text
posted by another company (copies.py)."""

import functools
import hashlib
import sys
from collections.abc import Callable, Hashable

from ..domain.postings import Posting
from ..domain.text import normalize, normalize_company, normalize_title
from .copies import copy_clusters, employer_first
from .drops import Drops

_PLACE_NOISE = frozenset(["remote", "hybrid", "onsite", "on", "site", "in", "office"])


def _place(part: str) -> str:
    return " ".join(w for w in normalize(part).split() if w not in _PLACE_NOISE)


@functools.lru_cache(maxsize=4096)
def _city_region(location: str) -> tuple[str, str]:
    """A location's city and region as the role key holds them, interned and cached: a sweep's postings repeat a
    few hundred locations, and each kept its own copies of the same two texts."""
    parts = location.split(",")
    return sys.intern(_place(parts[0])), sys.intern(_place(parts[1])) if len(parts) > 1 else ""


@functools.lru_cache(maxsize=8192)
def _title_key(title: str) -> str:
    """normalize_title, interned and cached, as _city_region: titles repeat across a sweep even more."""
    return sys.intern(normalize_title(title))


def role_key(posting: Posting) -> tuple[str, str, str, str]:
    """Company, title, city and region normalised, so "Sr. Paralegal" at "Northwind Labs, Inc." in "New York, NY"
    meets "Senior Paralegal" at "Northwind Labs" there, while Portland, OR stays apart from Portland, ME."""
    return posting_keys(posting)[0]


def posting_keys(posting: Posting) -> tuple[tuple[str, str, str, str], str]:
    """The posting's role key and card id, computed once and kept on it (`Posting.keys`). The card id is stable
    across runs: a short hash of the role key, so the id (and the judgments and tracking notes tied to it) stays
    the same when a different platform's copy of the role wins deduplication; a company whose name normalises to
    nothing has its canonical URL hashed instead."""
    if posting.keys is None:
        key = (normalize_company(posting.company), _title_key(posting.title), *_city_region(posting.location))
        hashed = "|".join(key) if key[0] else posting.canonical_url
        posting.keys = key, hashlib.sha1(hashed.encode("utf-8")).hexdigest()[:12]
    return posting.keys


def _merge(cluster: list[Posting]) -> Posting:
    """The richest record of a cluster (the first on a tie), listing the others' platforms and URLs."""
    if len(cluster) == 1:  # most of a sweep: the same lists, without the sets and the loop of a real merge
        alone = cluster[0]
        alone.also_on = sorted(set(alone.also_on) - {alone.platform})
        alone.merged_urls = sorted({alone.canonical_url, *alone.merged_urls})
        return alone
    winner = max(cluster, key=Posting.richness)
    platforms = {p.platform for p in cluster} | {o for p in cluster for o in p.also_on}
    winner.also_on = sorted(platforms - {winner.platform})
    _absorb(winner, cluster)
    return winner


def _absorb(winner: Posting, cluster: list[Posting]) -> None:
    winner.merged_urls = sorted({u for p in cluster for u in (p.canonical_url, *p.merged_urls)})
    for key in ("employment_type", "closes_at", "open_to"):  # what only a poorer copy's API states is kept
        if getattr(winner, key) is None:
            setattr(winner, key, next((getattr(p, key) for p in cluster if getattr(p, key) is not None), None))


def _merge_copies(cluster: list[Posting]) -> Posting:
    """The employer's own posting of a copy group, its `also_on` naming each copy's platform and company
    ("linkedin (Robert Half)"): the same platform name alone would hide that another company posted it."""
    if len(cluster) == 1:
        return cluster[0]
    winner = max(cluster, key=employer_first)
    copies = {f"{platform} ({p.company})" for p in cluster if p is not winner for platform in (p.platform, *p.also_on)}
    winner.also_on = sorted(set(winner.also_on) | copies)
    _absorb(winner, cluster)
    return winner


def _by_url(postings: list[Posting]) -> list[list[Posting]]:
    groups: dict[str, list[Posting]] = {}
    for posting in postings:
        groups.setdefault(posting.canonical_url, []).append(posting)
    return list(groups.values())


def _by_role_across_platforms(postings: list[Posting]) -> list[list[Posting]]:
    """Same role key, different platforms: two openings with one title on one board stay two cards, and a
    company whose name normalises to nothing ("The Company") never merges."""
    groups: dict[Hashable, list[list[Posting]]] = {}
    order: list[list[Posting]] = []
    for posting in postings:
        key = role_key(posting)
        if not key[0]:
            order.append([posting])
            continue
        clusters = groups.setdefault(key, [])
        home = next((c for c in clusters if all(p.platform != posting.platform for p in c)), None)
        if home is None:
            home = []
            clusters.append(home)
            order.append(home)
        home.append(posting)
    return order


def _merged(postings: list[Posting], grouping: Callable[[list[Posting]], list[list[Posting]]]) -> list[Posting]:
    return [_merge(cluster) for cluster in grouping(postings)]


def deduplicate(postings: list[Posting]) -> tuple[list[Posting], Drops]:
    """Unique postings in first-seen order, and how many were merged away as `duplicate` (with examples)."""
    unique = _merged(_merged(postings, _by_url), _by_role_across_platforms)
    unique = [_merge_copies(c) for c in copy_clusters(unique, lambda p: role_key(p)[2])]  # the city
    drops = Drops()
    if len(postings) > len(unique):
        kept = {id(p) for p in unique}  # a cluster's winner is one of its postings, so the others are the drops
        drops.drop_all("duplicate", (p for p in postings if id(p) not in kept))
    return unique, drops
