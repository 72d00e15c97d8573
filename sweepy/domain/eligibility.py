"""Can this person apply? Findings read from a posting's own sentences, each quoted verbatim.

Everything here is local pattern work, no model call: a finding is `{kind, verdict, quote}` where `quote` is the
sentence of the posting that says it (a substring of the text it came from), so the assistant and the person can
check it. Phrasings cover English, Spanish, French and German. Negations ("sponsorship is available", "no
clearance required") are read as such: a sentence that grants something never blocks.
"""

import datetime as dt
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

import ahocorasick

from .countries import EEA as EEA
from .countries import EU as EU
from .countries import FOLDS_APART
from .countries import countries_in as countries_in
from .countries import home_countries as home_countries
from .sentences import pieces, trimmed
from .sentences import sentence_spans as sentence_spans
from .sentences import sentences as sentences

Kind = Literal[
    "sponsorship", "citizenship", "clearance", "location_restriction", "timezone", "onsite_days", "language",
    "experience",  # read by sweepy/domain/experience.py
]  # fmt: skip
Verdict = Literal["blocks", "warns", "ok"]
Clearance = Literal["none", "public_trust", "secret", "top_secret", "ts_sci"]
FederalStatus = Literal["none", "employee", "veteran"]

CLEARANCE_LEVELS: dict[str, int] = {"none": 0, "public_trust": 1, "secret": 2, "top_secret": 3, "ts_sci": 4}
QUOTE_CHARS = 400
"""A finding quotes at most this much of its sentence (a run-on "sentence" can be a whole paragraph)."""


@dataclass(frozen=True, slots=True)
class Finding:
    kind: Kind
    verdict: Verdict
    quote: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "verdict": self.verdict, "quote": self.quote}


@dataclass(frozen=True, slots=True)
class Seeker:
    """What the profile says about the person (every key optional: None means "not said")."""

    needs_sponsorship: bool | None = None
    citizenships: frozenset[str] = frozenset()
    work_authorization: frozenset[str] = frozenset()
    clearance: Clearance | None = None
    max_onsite_days: int | None = None
    timezone: str | None = None
    languages: frozenset[str] = frozenset()
    federal_status: FederalStatus | None = None
    home_countries: frozenset[str] = field(default_factory=frozenset)
    """The countries of the search place: where the person looks for work, not a right to work there."""
    years_experience: int | None = None
    """Years of experience the person has (sweepy/domain/experience.py compares a posting's requirement)."""

    def may_work_in(self) -> frozenset[str]:
        """Where the person may work without a visa: work_authorization and citizenships say so. The search place
        counts only for a person who says they need no sponsorship: one who needs it may search New York from
        abroad, and "must be authorized to work in the United States" is what bars them."""
        searched = self.home_countries if self.needs_sponsorship is False else frozenset()
        return self.work_authorization | self.citizenships | searched

    def may_live_in(self) -> frozenset[str]:
        """Where the person may be based, for "must be based in": where they may work, and where they search."""
        return self.may_work_in() | self.home_countries


def _quote(sentence: str) -> str:
    return sentence if len(sentence) <= QUOTE_CHARS else sentence[:QUOTE_CHARS].rstrip()


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


# -- the phrasings ---------------------------------------------------------------------------------------------
_NO_SPONSORSHIP = _rx(
    r"\b(?:unable|not able|cannot|can ?not|can't|won't|will not|do not|don't|does not|doesn't|are not able)\s+"
    r"(?:to\s+)?(?:currently\s+)?(?:offer\s+|provide\s+)?(?:visa\s+)?sponsor",
    r"\bno\s+(?:visa\s+|immigration\s+|work\s+permit\s+)?sponsorship",
    r"\bsponsorship\s+(?:is\s+|will\s+)?(?:not|unavailable)",
    r"\bwithout\s+(?:the\s+need\s+for\s+)?(?:current\s+or\s+future\s+|future\s+|any\s+)?(?:visa\s+|employer\s+)?"
    r"sponsorship",
    r"\bnot\s+eligible\s+for\s+(?:visa\s+)?sponsorship",
    r"\bsin\s+patrocinio",
    r"\bno\s+(?:ofrecemos|ofrece|podemos\s+ofrecer|se\s+ofrece)\s+(?:el\s+)?patrocinio",
    r"\bno\s+podemos\s+patrocinar",
    r"\b(?:pas\s+de|aucun|sans)\s+(?:parrainage|sponsoring|sponsorisation)",
    r"\bne\s+(?:pouvons|pourrons|pouvant|peut|pourra)\s+pas\s+(?:parrainer|sponsoriser)",
    r"\bkein(?:e|en)?\s+(?:visa-?|visum-?)?(?:sponsoring|sponsorship|visumsunterstützung)",
    r"\bkönnen\s+(?:leider\s+)?kein(?:e|en)?\s+(?:visa|visum|arbeitserlaubnis)",
)
_YES_SPONSORSHIP = _rx(
    r"\b(?:visa\s+)?sponsorship\s+(?:is\s+|can\s+be\s+)?(?:available|offered|provided|possible)",
    r"\bwe\s+(?:can|will|do|are\s+able\s+to)\s+(?:offer\s+|provide\s+)?(?:visa\s+)?sponsor",
    r"\b(?:offer|provide)s?\s+visa\s+sponsorship",
    r"\bpatrocinio\s+(?:de\s+visa\s+)?(?:disponible|posible)",
    r"\bofrecemos\s+patrocinio",
    r"\bparrainage\s+(?:de\s+visa\s+)?(?:possible|disponible|proposé)",
    r"\bvisa-?\s?sponsoring\s+(?:ist\s+)?möglich",
)
_AUTHORIZED = _rx(
    r"\bmust\s+(?:be\s+)?(?:legally\s+)?(?:authori[sz]ed|eligible|entitled|permitted)\s+to\s+work\s+in",
    r"\b(?:valid|existing|current)\s+(?:right|authori[sz]ation|permit)\s+to\s+work\s+in",
    r"\bright\s+to\s+work\s+in\s+.{2,40}\s+(?:is\s+)?(?:required|essential|needed)",
    r"\bwork\s+authori[sz]ation\s+(?:in|for)\s+.{2,40}\s+(?:is\s+)?required",
    r"\bpermiso\s+de\s+trabajo\s+(?:válido\s+)?(?:en|para)\s+\S+.{0,30}\b(?:requerido|obligatorio|imprescindible|necesario)",
    r"\bautori[sz]ation\s+de\s+travail\s+(?:valide\s+)?(?:en|pour)\s+.{2,40}(?:requise|exigée|obligatoire|nécessaire)",
    r"\barbeitserlaubnis\s+(?:für|in)\s+\S+.{0,30}\b(?:erforderlich|notwendig|vorausgesetzt|zwingend)",
    r"\b(?:gültige|bestehende)\s+arbeitserlaubnis",
)
_CITIZEN = _rx(
    r"\bcitizenship\s+(?:is\s+)?(?:not\s+)?(?:required|mandatory|a\s+must)",
    r"\b(?:require|requires|requiring)\s+\S+\s+citizenship",
    r"\bmust\s+(?:be|hold)\s+(?:an?\s+)?(?:\S+\s+){0,2}(?:citizen|national)",
    r"\bcitizens?\s+only\b",
    r"\bonly\s+(?:\S+\s+){0,2}citizens\b",
    r"\bnacionalidad\s+\S+\s+(?:requerida|obligatoria|imprescindible)",
    r"\bser\s+ciudadan[oa]\s+",
    r"\bnationalité\s+\S+\s+(?:exigée|requise|obligatoire|indispensable)",
    r"\b(?:staatsangehörigkeit|staatsbürgerschaft)\s+(?:ist\s+)?(?:erforderlich|vorausgesetzt|notwendig|zwingend)",
)
_NOT_REQUIRED = re.compile(
    r"\b(?:not|no)\s+(?:\S+\s+){0,3}(?:required|requirement|necessary|needed)\b|\bno\s+(?:\S+\s+)?(?:needed|required)"
    r"|\bdo(?:es)?\s+not\s+require\b|\bnot\s+a\s+requirement\b|\bno\s+es\s+(?:necesari[oa]|requerid[oa])"
    r"|\bn'est\s+pas\s+(?:requise?|exigée?|nécessaire)|\bnicht\s+(?:erforderlich|notwendig|nötig)",
    re.IGNORECASE,
)
_CLEARANCE = re.compile(
    r"\b(?:ts\s?/\s?sci|top[\s-]secret|secret|public[\s-]trust)(?:\s+(?:security\s+)?clearance|\s+with\s+poly|\b)"
    r"|\bsecurity\s+clearance\b|\bclearance\b|\bhabilitaci[oó]n\s+de\s+seguridad\b|\bhabilitation\s+(?:secret|"
    r"confidentiel|de\s+sécurité)|\bsicherheitsüberprüfung\b|\bsicherheitsfreigabe\b",
    re.IGNORECASE,
)
_CLEARANCE_LEVEL = (
    (re.compile(r"\bts\s?/\s?sci\b|\bsci\b", re.IGNORECASE), "ts_sci"),
    (re.compile(r"\btop[\s-]secret\b|\bü3\b|\btrès\s+secret\b", re.IGNORECASE), "top_secret"),
    (re.compile(r"\bsecret\b|\bü2\b", re.IGNORECASE), "secret"),
    (re.compile(r"\bpublic[\s-]trust\b|\bü1\b|\bconfidentiel\b", re.IGNORECASE), "public_trust"),
)
_OBTAIN = re.compile(r"\b(?:ability|able|eligible|eligibility)\s+to\s+obtain\b|\bwilling(?:ness)?\s+to\s+obtain\b",
                     re.IGNORECASE)  # fmt: skip
_CLEARANCE_NEED = re.compile(r"\bactive\b|\bcurrent\b|\brequire|\bmust\b|\bhold\b|\bpossess|\bneeded\b|\bobtain"
                             r"|\berforderlich|\brequis|\brequerid", re.IGNORECASE)  # fmt: skip

_RESTRICTED = _rx(
    r"\bremote\s*(?:\(|-|–|—|,)?\s*(?:within|in|from)\s+(?:the\s+)?[A-Z]",
    r"\bremote\s*\(\s*[A-Z][^)]{0,40}\)",
    r"\b(?:must|should)\s+(?:be\s+)?(?:based|located|living|reside|residing|live)\s+(?:in|within)\b",
    r"\bcandidates?\s+(?:must\s+be\s+)?(?:based|located)\s+in\b",
    r"\b(?:only\s+)?open\s+(?:only\s+)?to\s+(?:candidates|applicants|residents)\s+(?:based\s+|located\s+|living\s+)?"
    r"(?:in|from|of)\b",
    r"\b(?:US|U\.S\.|UK|EU|Canada)[\s-]+only\b",
    r"\b(?:residentes?|ubicad[oa]s?)\s+en\b|\bresidir\s+en\b|\bsolo\s+(?:para\s+)?(?:candidatos\s+)?(?:en|de)\s+[A-Z]",
    r"\b(?:résider|résidant|basée?s?|située?s?)\s+en\b",
    r"\bwohnsitz\s+in\b|\bremote\s+(?:innerhalb|aus)\s+",
)
_TIMEZONE_NAME = (
    r"(?:PST|PDT|PT|Pacific|MST|MDT|MT|Mountain|CST|CDT|CT|Central|EST|EDT|ET|Eastern|GMT|BST|UTC|CET|CEST|EET|IST|"
    r"AEST|AEDT|JST|SGT|WET)"
)
_TIMEZONE = re.compile(
    rf"\b(?:overlap|within|during|in|aligned\s+with|compatible\s+with|working|work|hours)\b[^.]{{0,60}}?\b"
    rf"{_TIMEZONE_NAME}(?:\s?[+±-]\s?\d{{1,2}})?\b|\b{_TIMEZONE_NAME}(?:\s?[+±-]\s?\d{{1,2}})?\s+(?:time\s?zones?|"
    rf"hours|business\s+hours|working\s+hours|overlap)\b|\bzona\s+horaria\b|\bfuseau\s+horaire\b|\bzeitzone\b",
)
_TZ_OFFSETS = {
    "PST": -8, "PDT": -8, "PT": -8, "PACIFIC": -8, "MST": -7, "MDT": -7, "MT": -7, "MOUNTAIN": -7,
    "CST": -6, "CDT": -6, "CT": -6, "CENTRAL": -6, "EST": -5, "EDT": -5, "ET": -5, "EASTERN": -5,
    "GMT": 0, "BST": 0, "UTC": 0, "WET": 0, "CET": 1, "CEST": 1, "EET": 2, "IST": 5.5, "SGT": 8, "JST": 9,
    "AEST": 10, "AEDT": 10,
}  # fmt: skip
_OVERLAP_HOURS = re.compile(r"\b(\d{1,2})\+?\s*(?:hours?|hrs?|horas|heures|stunden)\b", re.IGNORECASE)

_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "un": 1, "deux": 2, "trois": 3,
                 "quatre": 4, "cinq": 5, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "ein": 1,
                 "zwei": 2, "drei": 3, "vier": 4, "fünf": 5}  # fmt: skip
_NUMBER = r"(\d|one|two|three|four|five|un|deux|trois|quatre|cinq|uno|dos|tres|cuatro|cinco|ein|zwei|drei|vier|fünf)"
_ONSITE_DAYS = re.compile(
    rf"\b{_NUMBER}\s*(?:\+\s*)?(?:days?|días?|jours?|tage?n?)\s*(?:(?:per|a|each|every|/)\s*(?:week|wk)|por\s+semana|"
    rf"a\s+la\s+semana|par\s+semaine|pro\s+woche|die\s+woche|wöchentlich)?[^.]{{0,40}}?\b(?:in|at|from)?\s*"
    rf"(?:the\s+|our\s+|an?\s+|la\s+|el\s+|au\s+|im\s+)?(?:office|oficina|bureau|büro|on-?site|onsite|in[- ]person|"
    rf"presencial|sur\s+site|vor\s+ort)",
    re.IGNORECASE,
)
_ONSITE_DAYS_AFTER = re.compile(
    rf"\b(?:office|oficina|bureau|büro|on-?site|in[- ]person|vor\s+ort)\b[^.]{{0,30}}?\b{_NUMBER}\s*(?:\+\s*)?"
    r"(?:days?|días?|jours?|tage?n?)\s*(?:(?:per|a|each|every|/)\s*(?:week|wk)|por\s+semana|a\s+la\s+semana|"
    r"par\s+semaine|pro\s+woche|die\s+woche)",
    re.IGNORECASE,
)
_ONSITE_WORDS = ("office", "oficina", "bureau", "büro", "site", "person", "presencial", "vor ort")
_FULLY_ONSITE = re.compile(r"\b(?:fully|100%|entirely)\s+(?:on-?site|in[- ]office|office-based)\b", re.IGNORECASE)

_LANGUAGES = {
    "en": r"english|inglés|ingles|anglais|englisch",
    "de": r"german|alemán|aleman|allemand|deutsch(?:kenntnisse)?",
    "fr": r"french|francés|frances|français|francais|französisch(?:kenntnisse)?",
    "es": r"spanish|español|espanol|castellano|espagnol|spanisch(?:kenntnisse)?",
    "it": r"italian|italiano|italien|italienisch",
    "pt": r"portuguese|portugués|portugais|portugiesisch",
    "nl": r"dutch|neerlandés|néerlandais|niederländisch",
    "ja": r"japanese|japonés|japonais|japanisch",
    "zh": r"mandarin|chinese|chino|chinois|chinesisch",
    "pl": r"polish|polaco|polonais|polnisch",
}
_LANGUAGE_NAMES = {code: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for code, words in _LANGUAGES.items()}
_LANGUAGE_NEED = re.compile(
    r"\b(?:fluent|fluency|native|proficien(?:t|cy)|business[- ]level|professional\s+(?:working\s+)?proficiency|"
    r"c1|c2|b2|fließend(?:e)?|verhandlungssicher(?:e)?|muttersprach\w*|courant|maîtrise|bilingue|nativ[oa]|"
    r"dominio|fluido)\b",
    re.IGNORECASE,
)
_NICE = re.compile(r"\b(?:plus|nice\s+to\s+have|bonus|advantage|preferred|desirable|von\s+vorteil|wünschenswert|"
                   r"un\s+atout|valorable|se\s+valorará|deseable)\b", re.IGNORECASE)  # fmt: skip


# -- assessment ------------------------------------------------------------------------------------------------
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
    statement; `_known`). One anchor word brings in at most `_PARAGRAPHS_PER_WORD` paragraphs. `anchors`: the
    text's anchor hits when a scan shared with the other readers found them (sweepy/domain/reading.py)."""
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()

    def add(finding: Finding | None) -> None:
        if finding is not None and (finding.kind, finding.quote) not in seen:
            seen.add((finding.kind, finding.quote))
            findings.append(finding)

    for field_text in (title, location):
        if field_text and any(_RESTRICTION in readers for _at, (_anchor, readers) in _ANCHORS.iter(field_text.lower())):
            add(_restriction(field_text, seeker))
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
            said = known[paragraph] = _read_paragraph(paragraph, hits, seeker)
        for finding in said:
            add(finding)
    if open_to is not None:
        add(_federal(open_to, seeker))
    return findings


Reader = Callable[[str, Seeker], "Finding | None"]
_PARAGRAPHS_PER_WORD = 20
"""Paragraphs one anchor word may bring in: a posting that says "office" fifty times is read in its first 20."""
_KNOWN_PARAGRAPHS = 20_000
"""Paragraphs kept read for one person (a few MB): the boilerplate of a sweep's employers stays known."""
_known_by_seeker: dict[tuple[Seeker, dt.date], dict[str, tuple[Finding, ...]]] = {}
_known_lock = threading.Lock()


def _known(seeker: Seeker) -> dict[str, tuple[Finding, ...]]:
    """The paragraphs already read for this person today (findings depend on the person, and a time zone's
    offset on the date). Emptied when full: a sweep's repeated paragraphs come back within it, so what an
    earlier sweep read is worth little."""
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


def _read_paragraph(paragraph: str, placed: list[Placed] | None, seeker: Seeker) -> tuple[Finding, ...]:
    """The findings of a paragraph's sentences, each sentence read by the readers whose anchors it holds (in the
    readers' order): found among the anchors `placed` inside it, or looked for in it when not placed."""
    said: list[Finding] = []
    for sentence, numbers in _looked_for(paragraph) if placed is None else _placed(paragraph, placed):
        for n in numbers:
            if (finding := _READERS[n][1](sentence, seeker)) is not None:
                said.append(finding)
    return tuple(said)


def _placed(paragraph: str, placed: list[Placed]) -> Iterator[tuple[str, list[int]]]:
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
            yield paragraph[first:last], sorted(numbers)


def _looked_for(paragraph: str) -> Iterator[tuple[str, list[int]]]:
    """Each sentence of the paragraph and the readers whose anchors its lower case holds (the paragraph's lower
    case has other positions: no anchor was placed)."""
    for start, end in pieces(paragraph):
        if (span := trimmed(paragraph, start, end)) is not None:
            sentence = paragraph[span[0] : span[1]]
            lowered = sentence.lower()
            yield sentence, [n for n, (anchors, _read) in enumerate(_READERS) if any(w in lowered for w in anchors)]


_NEEDS_VISA_VERDICT: dict[bool | None, Verdict] = {True: "blocks", False: "ok", None: "warns"}


def _sponsorship(sentence: str, seeker: Seeker) -> Finding | None:
    if _YES_SPONSORSHIP.search(sentence) and not _NO_SPONSORSHIP.search(sentence):
        return Finding("sponsorship", "ok", _quote(sentence))
    if not _NO_SPONSORSHIP.search(sentence):
        return None
    places = countries_in(sentence)
    if places and places & seeker.may_work_in() and seeker.needs_sponsorship is not True:
        return Finding("sponsorship", "ok", _quote(sentence))
    return Finding("sponsorship", _NEEDS_VISA_VERDICT[seeker.needs_sponsorship], _quote(sentence))


def _authorization(sentence: str, seeker: Seeker) -> Finding | None:
    if not _AUTHORIZED.search(sentence):
        return None
    places = countries_in(sentence)
    allowed = seeker.may_work_in()
    if places and allowed:
        return Finding("sponsorship", "ok" if places & allowed else "blocks", _quote(sentence))
    if seeker.needs_sponsorship is not None:
        return Finding("sponsorship", "blocks" if seeker.needs_sponsorship else "ok", _quote(sentence))
    return Finding("sponsorship", "warns", _quote(sentence))


def _citizenship(sentence: str, seeker: Seeker) -> Finding | None:
    if not _CITIZEN.search(sentence):
        return None
    if _NOT_REQUIRED.search(sentence):
        return Finding("citizenship", "ok", _quote(sentence))
    places = countries_in(sentence)
    if not seeker.citizenships or not places:
        return Finding("citizenship", "warns", _quote(sentence))
    return Finding("citizenship", "ok" if places & seeker.citizenships else "blocks", _quote(sentence))


def _clearance(sentence: str, seeker: Seeker) -> Finding | None:
    if not _CLEARANCE.search(sentence):
        return None
    if _NOT_REQUIRED.search(sentence):
        return Finding("clearance", "ok", _quote(sentence))
    lowered = sentence.lower()
    if not any(word in lowered for word in ("clearance", "sicherheits", "habilita", "ts/sci", "public trust")):
        return None  # "a secret santa" is no clearance
    level = next((name for pattern, name in _CLEARANCE_LEVEL if pattern.search(sentence)), None)
    if level is None:
        level = "secret" if _CLEARANCE_NEED.search(sentence) else None
    if level is None:
        return None
    if seeker.clearance is not None and CLEARANCE_LEVELS[seeker.clearance] >= CLEARANCE_LEVELS[level]:
        return Finding("clearance", "ok", _quote(sentence))
    if _OBTAIN.search(sentence):  # a clearance to obtain later: US citizens can, so it is a warning
        return Finding("clearance", "warns", _quote(sentence))
    if seeker.clearance is None:
        return Finding("clearance", "warns", _quote(sentence))
    return Finding("clearance", "blocks", _quote(sentence))


def _restriction(sentence: str, seeker: Seeker) -> Finding | None:
    if not _RESTRICTED.search(sentence):
        return None
    places = countries_in(sentence)
    if not places:
        return None
    allowed = seeker.may_live_in()
    if not allowed:
        return Finding("location_restriction", "warns", _quote(sentence))
    return Finding("location_restriction", "ok" if places & allowed else "blocks", _quote(sentence))


def _timezone(sentence: str, seeker: Seeker) -> Finding | None:
    zone = next(_tz_tokens(sentence), None)
    if zone is None:
        return Finding("timezone", "warns", _quote(sentence)) if seeker.timezone is None else None
    mine = utc_offset(seeker.timezone) if seeker.timezone else None
    if mine is None:
        return Finding("timezone", "warns", _quote(sentence))
    name, sign, hours = zone
    theirs = _TZ_OFFSETS[name.upper()] + (int(hours) * (-1 if sign == "-" else 1) if hours and sign != "±" else 0)
    slack = int(hours) if hours and sign == "±" else 0
    need = _OVERLAP_HOURS.search(sentence)
    required = int(need[1]) if need and int(need[1]) <= 8 else 4
    overlap = 8 - max(0.0, abs(mine - theirs) - slack)
    if overlap >= required:
        return Finding("timezone", "ok", _quote(sentence))
    return Finding("timezone", "warns" if overlap > 0 else "blocks", _quote(sentence))


def _tz_tokens(sentence: str) -> Iterator[tuple[str, str, str]]:
    for match in re.finditer(rf"\b({_TIMEZONE_NAME})\b(?:\s?([+±-])\s?(\d{{1,2}}))?", sentence):
        name = match[1]
        if name in ("ET", "PT", "CT", "MT") or name.upper() in _TZ_OFFSETS:
            yield name, match[2] or "", match[3] or ""


def utc_offset(zone: str) -> float | None:
    """Hours from UTC of an IANA zone now (standard time in winter), None when the zone is unknown."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        offset = dt.datetime.now(ZoneInfo(zone)).utcoffset()
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return None if offset is None else offset.total_seconds() / 3600


_ONSITE_GATE = ("day", "día", "jour", "tag", "fully", "100%", "entirely")
"""Every on-site pattern holds one of these (a day word, or "fully"/"100%"/"entirely"): most sentences that say
"office" say no number of days, and this skips their three searches."""


def _onsite(sentence: str, seeker: Seeker) -> Finding | None:
    lowered = sentence.lower()
    if not any(word in lowered for word in _ONSITE_GATE):
        return None
    days: int | None = None
    if match := _ONSITE_DAYS.search(sentence) or _ONSITE_DAYS_AFTER.search(sentence):
        token = match[1].lower()
        days = int(token) if token.isdigit() else _WORD_NUMBERS.get(token)
    elif _FULLY_ONSITE.search(sentence):
        days = 5
    if days is None or not 1 <= days <= 7:
        return None
    if seeker.max_onsite_days is None:
        return Finding("onsite_days", "warns", _quote(sentence))
    return Finding("onsite_days", "ok" if days <= seeker.max_onsite_days else "blocks", _quote(sentence))


def _language(sentence: str, seeker: Seeker) -> Finding | None:
    if not _LANGUAGE_NEED.search(sentence):
        return None
    wanted = {code for code, pattern in _LANGUAGE_NAMES.items() if pattern.search(sentence)}
    if not wanted:
        return None
    if seeker.languages and wanted <= seeker.languages:
        return Finding("language", "ok", _quote(sentence))
    if _NICE.search(sentence) or _NOT_REQUIRED.search(sentence) or not seeker.languages:
        return Finding("language", "warns", _quote(sentence))
    # "fluent English or German": one of them is enough
    either = any(word in sentence.lower() for word in (" or ", " oder ", " ou ", " o "))
    if either and wanted & seeker.languages:
        return Finding("language", "ok", _quote(sentence))
    return Finding("language", "blocks", _quote(sentence))


def _a_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands as a word: the characters either side are no word characters of `\\b`."""
    return (not start or not _wordy(text[start - 1])) and (end == len(text) or not _wordy(text[end]))


def _wordy(letter: str) -> bool:
    """Whether the pattern's \\b takes the letter for part of a word."""
    return letter.isalnum() or letter == "_"


def _federal(open_to: list[str], seeker: Seeker) -> Finding | None:
    """USAJOBS: a posting whose hiring paths lack "public" is for federal employees, veterans and other groups."""
    if not open_to or "public" in (p.lower() for p in open_to):
        return None
    quote = ", ".join(open_to)
    groups = " ".join(open_to).lower()
    status = seeker.federal_status
    if (status == "employee" and "fed" in groups) or (status == "veteran" and "vet" in groups):
        return Finding("citizenship", "ok", quote)
    return Finding("citizenship", "blocks", quote)


def blocking(findings: list[Finding]) -> bool:
    return any(f.verdict == "blocks" for f in findings)


def _timezone_reader(sentence: str, seeker: Seeker) -> Finding | None:
    return _timezone(sentence, seeker) if _TIMEZONE.search(sentence) else None


_READERS: tuple[tuple[tuple[str, ...], Reader], ...] = (
    (("sponsor", "patrocin", "parrain", "visa", "visum", "arbeitserlaubnis"), _sponsorship),
    (("author", "to work in", "eligible to work", "right to work", "permiso", "autoris", "arbeits"), _authorization),
    (("citizen", " national", "nationalit", "nacional", "ciudadan", "staatsangeh", "staatsbürger"), _citizenship),
    (("secret", "clearance", "public trust", "habilita", "sicherheits", "ts/sci"), _clearance),
    (("remote", "based", "located", "resid", "only", "wohnsitz", "living", "live in", "open to", "résid", "basé",
      "situé", "ubicad", "solo "), _restriction),
    (("overlap", "time zone", "timezone", "horaria", "horaire", "zeitzone", " pst", " pdt", "(pt", " pt)", " est ",
      " est)", "(est", " edt", " pt ", " ct ", " mt ", " et hours", " et time", " et business", " et working",
      "(et", " et)", " cst", " cdt", " mst", " gmt", " bst", " utc", " cet", " cest", " eet",
      " ist", " aest", " jst", " sgt", "pacific", "eastern", "central time", "mountain time"), _timezone_reader),
    (("office", "oficina", "bureau", "büro", "on-site", "onsite", "on site", "in-person", "in person", "presencial",
      "sur site", "vor ort"), _onsite),
    (("fluen", "native", "nativ", "proficien", "c1", "c2", "b2", "fließend", "verhandlungssicher", "muttersprach",
      "courant", "maîtrise", "bilingue", "dominio", "fluido", "business-level", "business level"), _language),
)  # fmt: skip
BY_ANCHOR: dict[str, tuple[int, ...]] = {}
"""Each anchor word and the numbers of the readers it brings in (their place in `_READERS`)."""
for _n, (_anchors, _read) in enumerate(_READERS):
    for _anchor in _anchors:
        BY_ANCHOR[_anchor] = (*BY_ANCHOR.get(_anchor, ()), _n)
_ANCHORS = ahocorasick.Automaton()
"""Every reader's anchor words; a match gives the anchor and the readers it brings in (`BY_ANCHOR`)."""
_RESTRICTION = next(n for n, (_anchors, read) in enumerate(_READERS) if read is _restriction)
"""The location reader's number: a title or a location field is read by it when it holds one of its anchors."""
for _anchor, _numbers in BY_ANCHOR.items():
    _ANCHORS.add_word(_anchor, (_anchor, _numbers))
_ANCHORS.make_automaton()
_ALL_ANCHORS = frozenset(BY_ANCHOR)
_LEVELS = frozenset(("c1", "c2", "b2"))
"""The language levels among the anchors: `_LANGUAGE_NEED` reads them as words."""
