"""Stage 3, after the same-role merge: one card for a posting another company copied word for word (an agency
reposting the employer's text), found by near-identical descriptions: Jaccard ≥ COPY_JACCARD over 5-word shingles.

No pair of postings is compared blindly (a sweep keeps tens of thousands): each description's shingles are hashed,
its SKETCH smallest hashes kept (a bottom-k sketch), and postings sharing SHARED of their KEYS smallest hashes
that are not boilerplate become candidates. Each of the smallest hashes of two descriptions with Jaccard J is
shared with odds J, so a copy at 0.9 fails with odds about 6 · 0.9 · 0.1^5 + 0.1^6: 1 in 18,000; descriptions
that only share a template rarely share two. A candidate whose sketches overlap enough then has its exact
Jaccard computed.

Standard library only: datasketch would bring numpy and scipy into the server's start-up for what is here one
pass for the smallest hashes and a few set operations (its MinHash costs one permutation per hash and shingle).
"""

import heapq
from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from operator import itemgetter

from ..domain.agency import agency_evidence
from ..domain.postings import Posting
from ..domain.text import normalize_company, normalized_words
from .employers import BOARD_KEYS

SHINGLE_WORDS = 5
MIN_WORDS = 50
"""A shorter description never merges: two short blurbs ("Join our team…") are alike without being copies."""
MAX_WORDS = 1_000
"""Words of a description read (its start): a copy is a copy from its first words, and a 100,000-character
description costs no more than a long ordinary one."""
COPY_JACCARD = 0.9
SKETCH = 16
KEYS = 6
SHARED = 2
COMMON = 50
"""A hash in more sketches than this is boilerplate (an equal-opportunity paragraph a thousand employers share, a
template a generator fills in): it indexes nothing, or one bucket would pair every posting holding it. A text
copied by more than COMMON companies is therefore not merged."""
LIKELY = 0.6
"""The sketches' own Jaccard a candidate needs before its exact Jaccard is computed (two sketches of 16 hashes of
copies at 0.9 overlap by about 0.8, rarely below 0.65)."""
EMPLOYER_PLATFORMS = frozenset(BOARD_KEYS)
"""ATS platforms (Greenhouse, Lever, ...): the employer's own posting lives there; an aggregator holds copies."""


class WordIds(dict[str, int]):
    """Each word's number, in the order the sweep's descriptions first use it. Shingles are hashed as tuples of
    these numbers, not of the words: Python's string hash changes with every process (PYTHONHASHSEED), so the
    sketches, and which copies a sweep finds, would too; an int tuple's hash does not."""

    def __missing__(self, word: str) -> int:
        number = self[word] = len(self)
        return number


def _hashes(description: str, ids: WordIds) -> list[int] | None:
    """Hashes of the description's 5-word shingles (its first MAX_WORDS words), or None when it has fewer than
    MIN_WORDS words; zip and map keep the loop in C."""
    if len(description) < 2 * MIN_WORDS:  # too short for MIN_WORDS words, without reading it
        return None
    words = normalized_words(description)[:MAX_WORDS]
    if len(words) < MIN_WORDS:
        return None
    numbers = itemgetter(*words)(ids)  # one C call for all the words (a new word numbered as it comes)
    return list(map(hash, zip(*(numbers[i:] for i in range(SHINGLE_WORDS)), strict=False)))


def shingles(description: str, ids: WordIds) -> set[int]:
    """The description's shingle hashes as a set (empty when it is too short), for an exact Jaccard."""
    return set(_hashes(description, ids) or ())


def sketch(description: str, ids: WordIds) -> list[int] | None:
    """The SKETCH smallest distinct shingle hashes, or None for a description too short to merge."""
    hashes = _hashes(description, ids)
    if hashes is None:
        return None
    # heapify and pop run in C: a fifth of nsmallest's time, whose loop over every hash is Python
    heapq.heapify(hashes)
    smallest: list[int] = []
    while hashes and len(smallest) < SKETCH:
        h = heapq.heappop(hashes)
        if not smallest or h != smallest[-1]:  # a shingle repeated in the text counts once
            smallest.append(h)
    return smallest


PARTS = 64
"""Ranges the sketches' hashes are counted in, one at a time (`_counts`): the hashes of one range as a list at
once, not all of them."""


def _counts(sketches: "dict[int, array[int]]") -> tuple[frozenset[int], frozenset[int]]:
    """The hashes in more than COMMON sketches (boilerplate), and those in two to COMMON (the only ones two
    postings can meet through). They are counted range by range, each range's hashes packed in an array first:
    one sort of all of them took 60 MB at 80,000 postings (1.3 million ints), a Counter of all of them more."""
    parts = [array("q") for _ in range(PARTS)]
    for sketch in sketches.values():
        for h in sketch:
            parts[h % PARTS].append(h)
    common: list[int] = []
    shared: list[int] = []
    for index, part in enumerate(parts):
        parts[index] = array("q")  # each range's array goes once it is counted
        for h, count in Counter(part).items():
            if count > COMMON:
                common.append(h)
            elif count > 1:
                shared.append(h)
    return frozenset(common), frozenset(shared)


def _candidates(sketches: "dict[int, array[int]]") -> Iterator[tuple[int, int]]:
    """Pairs of postings (by index, the earlier first, in the later one's order) sharing at least SHARED of their
    KEYS smallest rare hashes. Each posting meets only those indexed before it, through its own buckets, so memory
    stays one entry per key and no pair list is ever built. A key in no other sketch meets nothing, so it gets
    no bucket (in a sweep without copies, almost none does: 480,000 buckets took 80 MB at 80,000), and a bucket of
    one posting is its index, not a list."""
    common, shared = _counts(sketches)
    buckets: dict[int, int | list[int]] = {}
    for index, sketch in sketches.items():
        keys = [h for h in sketch if h not in common][:KEYS]
        met: list[int] = []
        for h in keys:
            bucket = buckets.get(h)
            if isinstance(bucket, list):
                met.extend(bucket)
            elif bucket is not None:
                met.append(bucket)
        if len(met) >= SHARED:  # most postings meet none: no Counter for them
            for other, count in Counter(met).items():
                if count >= SHARED:
                    yield other, index
        for h in keys:
            if h in shared:
                bucket = buckets.get(h)
                if bucket is None:
                    buckets[h] = index
                elif isinstance(bucket, list):
                    bucket.append(index)
                else:
                    buckets[h] = [bucket, index]


def copy_clusters(postings: list[Posting], place: Callable[[Posting], str]) -> list[list[Posting]]:
    """The postings grouped so that each group is one posting and its copies by other companies, in first-seen
    order; a group never holds two postings of one company (two openings with one text stay two cards), and a
    copy names the same `place` or none: franchises and hospital groups post one text for each of their sites."""
    companies = [normalize_company(p.company) for p in postings]
    places = [place(p) for p in postings]
    ids = WordIds()
    sketches: dict[int, array[int]] = {}
    for index, posting in enumerate(postings):
        if companies[index] and (kept := sketch(posting.description, ids)) is not None:
            sketches[index] = array("q", kept)  # the sketch only, packed: 20,000 full sets would take 400 MB
    parent = list(range(len(postings)))
    # Each group's companies and the places it names, by its root, made when a group first grows: a set for
    # every posting of a sweep that has no copies took 70 MB at 80,000.
    members: dict[int, set[str]] = {}
    spots: dict[int, set[str]] = {}

    def companies_of(i: int) -> set[str]:
        return members[i] if i in members else {companies[i]}

    def places_of(i: int) -> set[str]:
        return spots[i] if i in spots else {places[i]} - {""}

    later: tuple[int, set[int]] = (-1, set())  # the shingles of the posting whose candidates are being checked

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in _candidates(sketches):
        a, b = root(i), root(j)
        if a == b or companies_of(a) & companies_of(b) or len(places_of(a) | places_of(b)) > 1:
            continue
        first, second = set(sketches[i]), set(sketches[j])  # for candidates only: 20,000 sets would cost 20 MB
        if len(first & second) / len(first | second) < LIKELY:
            continue
        if later[0] != j:
            later = (j, shingles(postings[j].description, ids))
        earlier = shingles(postings[i].description, ids)
        if len(earlier & later[1]) / len(earlier | later[1]) >= COPY_JACCARD:
            parent[b] = a
            members[a] = companies_of(a) | companies_of(b)
            spots[a] = places_of(a) | places_of(b)
            members.pop(b, None)
            spots.pop(b, None)
    groups: dict[int, list[Posting]] = {}
    for index, posting in enumerate(postings):
        groups.setdefault(root(index), []).append(posting)
    return list(groups.values())


def employer_first(posting: Posting) -> tuple[bool, bool, tuple[int, int]]:
    """How a copy group picks its card: the posting that is no agency's, then one on an ATS rather than an
    aggregator, then the richest (the first found on a tie)."""
    agency = any(signal == "agency" for signal, _ in posting.ghost_signals) or (
        agency_evidence(posting.company, posting.description) is not None
    )
    return (not agency, posting.platform in EMPLOYER_PLATFORMS, posting.richness())
