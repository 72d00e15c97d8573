"""Can this person apply? Findings read from a posting's own sentences, each quoted verbatim.

Everything here is local pattern work, no model call: a finding is `{kind, verdict, quote}` where `quote` is the
sentence of the posting that says it (a substring of the text it came from), so the assistant and the person can
check it. Phrasings cover English, Spanish, French and German. Negations ("sponsorship is available", "no
clearance required") are read as such: a sentence that grants something never blocks.
"""

import datetime as dt
import threading
from collections.abc import Callable, Iterable, Iterator

import ahocorasick

from .countries import EEA as EEA
from .countries import EU as EU
from .countries import FOLDS_APART
from .countries import countries_in as countries_in
from .countries import home_countries as home_countries
from .eligibility_rules import (
    TIMEZONE,
    Finding,
    Seeker,
    read_authorization,
    read_citizenship,
    read_clearance,
    read_federal,
    read_language,
    read_onsite,
    read_restriction,
    read_sponsorship,
    read_timezone,
)
from .sentences import pieces, trimmed
from .sentences import sentence_spans as sentence_spans
from .sentences import sentences as sentences

AnchorHit = tuple[int, tuple[str, tuple[int, ...]]]
"""What the anchor automaton finds: the index of the anchor's last character in the lower-cased text, the anchor
and the numbers of the readers it brings in."""
Placed = tuple[int, int, tuple[int, ...]]
"""An anchor's (start, end) in its paragraph, and the readers it brings in."""


def assess(
    text: str,
    seeker: Seeker,
    *,
    open_to: list[str] | None = None,
    location: str = "",
    title: str = "",
    anchors: Iterable[AnchorHit] | None = None,
) -> list[Finding]:
    """Every eligibility finding for this person in a posting's text (its description), its location and title
    (quoted from the field they came from), and USAJOBS' `open_to` list.

    A description is read paragraph by paragraph (the text between line breaks). A paragraph holding none of the
    readers' anchor words is skipped, and in one that does a sentence goes only to the readers whose anchors it
    holds: most of a description says nothing about who may apply, and this runs on every card a sweep makes.
    What a paragraph says is kept for the next posting that repeats it (an employer's "about us", its EEO
    statement; `_known`), and what a sentence says to its readers for the next paragraph that holds it (a
    template's sponsorship sentence among the employer's own words). One anchor word brings in at most
    `_PARAGRAPHS_PER_WORD` paragraphs. `anchors`: the text's anchor hits when a scan shared with the other readers
    found them (sweepy/domain/reading.py)."""
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()

    def add(finding: Finding | None) -> None:
        if finding is not None and (finding.kind, finding.quote) not in seen:
            seen.add((finding.kind, finding.quote))
            findings.append(finding)

    for field_text in (title, location):
        if field_text and any(_RESTRICTION in readers for _at, (_anchor, readers) in _ANCHORS.iter(field_text.lower())):
            add(read_restriction(field_text, seeker))
    known = _known(seeker)
    brought: dict[str, int] = {}
    for paragraph, words, hits in _anchored(text, anchors):
        if all(brought.get(word, 0) >= _PARAGRAPHS_PER_WORD for word in words):
            continue
        for word in words:
            brought[word] = brought.get(word, 0) + 1
        if hits is not None and not hits:  # its anchors stand nowhere a reader reads (levels inside words)
            continue
        said = known.get(paragraph)
        if said is None:
            said = known[paragraph] = _read_paragraph(paragraph, hits, seeker, known)
        for finding in said:
            add(finding)
    if open_to is not None:
        add(read_federal(open_to, seeker))
    return findings


Reader = Callable[[str, Seeker], "Finding | None"]
_PARAGRAPHS_PER_WORD = 20
"""Paragraphs one anchor word may bring in: a posting that says "office" fifty times is read in its first 20."""
Known = dict[str | tuple[str, tuple[int, ...]], tuple[Finding, ...]]
"""What was read for one person: a paragraph's findings by its text, a sentence's by its text and the readers
that read it."""
_KNOWN_PARAGRAPHS = 20_000
"""Paragraphs and sentences kept read for one person (a few MB): the boilerplate of a sweep's employers stays
known."""
_known_by_seeker: dict[tuple[Seeker, dt.date], Known] = {}
_known_lock = threading.Lock()


def _known(seeker: Seeker) -> Known:
    """The paragraphs and sentences already read for this person today (findings depend on the person, and a
    time zone's offset on the date). Emptied when full: a sweep's repeated paragraphs come back within it, so
    what an earlier sweep read is worth little."""
    key = (seeker, dt.date.today())
    with _known_lock:
        known = _known_by_seeker.get(key)
        if known is None or len(known) > _KNOWN_PARAGRAPHS:
            _known_by_seeker.clear()  # one person per sweep: the last seeker is the one that counts
            known = _known_by_seeker[key] = {}
        return known


def scan_anchors(lowered: str) -> list[AnchorHit]:
    """Every anchor of every reader in a lower-cased text, in one Aho-Corasick scan (pyahocorasick, in C; as one
    trie-shaped regex the scan took a third of the score stage)."""
    return list(_ANCHORS.iter(lowered))


def _anchored(text: str, hits: Iterable[AnchorHit] | None) -> list[tuple[str, frozenset[str], list[Placed] | None]]:
    """The paragraphs (text between line breaks) holding an anchor word, each once, in order, with the anchor
    words it holds and where they stand in it (None: the readers look for their words themselves).

    A language level ("C1", "B2") stands only where it is a word: the language pattern reads it as one, and its
    other words are anchors of their own, so a level inside a word ("B2B", a reference "xc1") brings in no
    sentence the reader could find a need in, unless the paragraph holds a letter the pattern folds apart from
    lower() ("natıve"). On the 5k feed, two paragraphs in three came for such a level alone."""
    if hits is None:
        lowered = text.lower()
        if len(lowered) != len(text):  # a character whose lower case is longer: positions differ, read it all
            return [(part, _ALL_ANCHORS, None) for part in dict.fromkeys(text.split("\n")) if part.strip()]
        hits = _ANCHORS.iter(lowered)
    found: dict[str, tuple[set[str], list[Placed]]] = {}
    end = -1
    words: set[str] = set()
    placed: list[Placed] | None = None
    folded = False
    for last, (anchor, numbers) in hits:
        at = last - len(anchor) + 1
        if at > end:  # a new paragraph
            begin = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            paragraph = text[begin:end]
            held = found.get(paragraph)  # a paragraph said twice is read once
            if held is None:
                held = found[paragraph] = (set(), [])
                placed = held[1]
                folded = not paragraph.isascii() and any(letter in paragraph for letter in FOLDS_APART)
            else:
                placed = None
            words = held[0]
        words.add(anchor)  # a level inside a word still counts towards _PARAGRAPHS_PER_WORD
        if placed is not None and (anchor not in _LEVELS or folded or _a_word(text, at, last + 1)):
            placed.append((at - begin, last + 1 - begin, numbers))
    return [(paragraph, frozenset(held), where) for paragraph, (held, where) in found.items()]


def _read_paragraph(paragraph: str, placed: list[Placed] | None, seeker: Seeker, known: Known) -> tuple[Finding, ...]:
    """The findings of a paragraph's sentences, each sentence read by the readers whose anchors it holds (in the
    readers' order): found among the anchors `placed` inside it, or looked for in it when not placed. A sentence
    `known` read by the same readers is not read again: the 5k feed's 14,102 such sentences are 82 texts."""
    said: list[Finding] = []
    for sentence, numbers in _looked_for(paragraph) if placed is None else _placed(paragraph, placed):
        key = (sentence, numbers)
        found = known.get(key)
        if found is None:
            read = (_READERS[n][1](sentence, seeker) for n in numbers)
            found = known[key] = tuple(finding for finding in read if finding is not None)
        said.extend(found)
    return tuple(said)


def _placed(paragraph: str, placed: list[Placed]) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Each sentence holding an anchor of `placed` (wholly, within its trimmed span) and the readers they bring in.
    The anchors are walked in order beside the sentences, and the split stops after the last anchor's sentence:
    most sentences of a paragraph hold none, and are neither trimmed nor split past."""
    anchors = sorted(placed)
    count = len(anchors)
    n = 0
    for start, end in pieces(paragraph):
        while n < count and anchors[n][0] < start:  # in no sentence: it spans a boundary
            n += 1
        if n == count:
            return
        if anchors[n][0] >= end:
            continue
        span = trimmed(paragraph, start, end)
        if span is None:
            continue
        first, last = span
        numbers: set[int] = set()
        for at, until, held in anchors[n:]:
            if at >= end:
                break
            if first <= at and until <= last:
                numbers.update(held)
        if numbers:
            yield paragraph[first:last], tuple(sorted(numbers))


def _looked_for(paragraph: str) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Each sentence of the paragraph and the readers whose anchors its lower case holds (the paragraph's lower
    case has other positions: no anchor was placed)."""
    for start, end in pieces(paragraph):
        if (span := trimmed(paragraph, start, end)) is not None:
            sentence = paragraph[span[0] : span[1]]
            lowered = sentence.lower()
            yield (
                sentence,
                tuple(n for n, (anchors, _read) in enumerate(_READERS) if any(w in lowered for w in anchors)),
            )


def _a_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands as a word: the characters either side are no word characters of `\\b`."""
    return (not start or not _wordy(text[start - 1])) and (end == len(text) or not _wordy(text[end]))


def _wordy(letter: str) -> bool:
    """Whether the pattern's \\b takes the letter for part of a word."""
    return letter.isalnum() or letter == "_"


def blocking(findings: list[Finding]) -> bool:
    return any(f.verdict == "blocks" for f in findings)


def _timezone_reader(sentence: str, seeker: Seeker) -> Finding | None:
    return read_timezone(sentence, seeker) if TIMEZONE.search(sentence) else None


_READERS: tuple[tuple[tuple[str, ...], Reader], ...] = (
    (("sponsor", "patrocin", "parrain", "visa", "visum", "arbeitserlaubnis"), read_sponsorship),
    (("author", "to work in", "eligible to work", "right to work", "permiso", "autoris", "arbeits"),
     read_authorization),
    (("citizen", " national", "nationalit", "nacional", "ciudadan", "staatsangeh", "staatsbürger"), read_citizenship),
    (("secret", "clearance", "public trust", "habilita", "sicherheits", "ts/sci"), read_clearance),
    (("remote", "based", "located", "resid", "only", "wohnsitz", "living", "live in", "open to", "résid", "basé",
      "situé", "ubicad", "solo "), read_restriction),
    (("overlap", "time zone", "timezone", "horaria", "horaire", "zeitzone", " pst", " pdt", "(pt", " pt)", " est ",
      " est)", "(est", " edt", " pt ", " ct ", " mt ", " et hours", " et time", " et business", " et working",
      "(et", " et)", " cst", " cdt", " mst", " gmt", " bst", " utc", " cet", " cest", " eet",
      " ist", " aest", " jst", " sgt", "pacific", "eastern", "central time", "mountain time"), _timezone_reader),
    (("office", "oficina", "bureau", "büro", "on-site", "onsite", "on site", "in-person", "in person", "presencial",
      "sur site", "vor ort"), read_onsite),
    (("fluen", "native", "nativ", "proficien", "c1", "c2", "b2", "fließend", "verhandlungssicher", "muttersprach",
      "courant", "maîtrise", "bilingue", "dominio", "fluido", "business-level", "business level"), read_language),
)  # fmt: skip
BY_ANCHOR: dict[str, tuple[int, ...]] = {}
"""Each anchor word and the numbers of the readers it brings in (their place in `_READERS`)."""
for _n, (_anchors, _read) in enumerate(_READERS):
    for _anchor in _anchors:
        BY_ANCHOR[_anchor] = (*BY_ANCHOR.get(_anchor, ()), _n)
_ANCHORS = ahocorasick.Automaton()
"""Every reader's anchor words; a match gives the anchor and the readers it brings in (`BY_ANCHOR`)."""
_RESTRICTION = next(n for n, (_anchors, read) in enumerate(_READERS) if read is read_restriction)
"""The location reader's number: a title or a location field is read by it when it holds one of its anchors."""
for _anchor, _numbers in BY_ANCHOR.items():
    _ANCHORS.add_word(_anchor, (_anchor, _numbers))
_ANCHORS.make_automaton()
_ALL_ANCHORS = frozenset(BY_ANCHOR)
_LEVELS = frozenset(("c1", "c2", "b2"))
"""The language levels among the anchors: `_LANGUAGE_NEED` reads them as words."""
