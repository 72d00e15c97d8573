"""Which lines of a posting speak of the role: its duties and requirements count for resume terms, its about-us,
benefits, equal-opportunity and privacy paragraphs do not (every employer's boilerplate shares words with every
resume: "health", "diversity", "growth").

A description is plain text with line breaks (clean_text makes HTML headings and list items lines of their own).
A heading is a short line that is not a list item, or the start of a line up to a colon ("Benefits: dental"); a
known one (English, and the common French, Spanish and German ones) opens a section that counts or not, an unknown
one ending in a colon opens one that counts. Apart from headings, a paragraph with an equal-opportunity, privacy
or "we offer" cue never counts.
"""

from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate
from typing import Literal

import ahocorasick

from .text import normalize

_LEFT_OUT = (
    "about us", "about our", "about the company", "about the firm", "about the organization", "about the employer",
    "who we are", "our company", "our story", "our mission", "our values", "our culture", "company description",
    "company overview", "the company", "life at", "benefits", "perks", "what we offer", "we offer", "our offer",
    "what s in it for you", "why join", "why work", "why you ll love", "compensation", "salary", "pay range",
    "total rewards", "equal opportunity", "equal employment", "eeo", "diversity", "accommodation",
    "reasonable accommodation", "privacy", "data privacy", "applicant privacy", "how to apply", "legal notice",
    # French, Spanish, German
    "a propos de nous", "a propos de l entreprise", "qui sommes nous", "l entreprise", "notre entreprise",
    "avantages", "ce que nous offrons", "ce que nous proposons", "nous offrons", "nous proposons", "remuneration",
    "sobre nosotros", "sobre la empresa", "quienes somos", "acerca de nosotros", "la empresa", "beneficios",
    "lo que ofrecemos", "que ofrecemos", "ofrecemos", "uber uns", "wer wir sind", "das unternehmen",
    "unser angebot", "was wir bieten", "wir bieten", "das bieten wir", "vorteile", "datenschutz",
)  # fmt: skip
_COUNTED = (
    "responsibilities", "key responsibilities", "your responsibilities", "requirements", "qualifications",
    "minimum qualifications", "basic qualifications", "preferred qualifications", "what you ll do",
    "what you will do", "what you ll bring", "what you bring", "what we re looking for", "what we are looking for",
    "what we look for", "who you are", "about you", "about the role", "about this role", "about the job",
    "about the position", "about the opportunity", "about the team", "the role", "your role", "duties",
    "skills", "nice to have", "job description", "job summary", "position summary", "in this role", "the job",
    "the opportunity", "position overview", "role overview", "job overview", "your mission", "your impact",
    "what you ll work on", "what you will work on", "what you ll be doing", "we re looking for",
    "we are looking for", "bonus points", "preferred", "must have", "experience", "education", "tech stack",
    "a propos du poste", "a propos de la mission", "a propos du role", "missions", "vos missions", "votre mission",
    "responsabilites", "profil", "votre profil", "profil recherche", "competences", "sobre el puesto",
    "sobre el rol", "requisitos", "responsabilidades", "funciones", "tu perfil", "perfil", "uber die stelle",
    "uber die rolle", "aufgaben", "deine aufgaben", "ihre aufgaben", "dein profil", "ihr profil", "anforderungen",
    "qualifikationen", "das bringst du mit", "was du mitbringst",
)  # fmt: skip
_HEADINGS = {**dict.fromkeys(_LEFT_OUT, False), **dict.fromkeys(_COUNTED, True)}
"""A known heading's words → whether its section is the role's own (the longest known start of a line wins:
"about the role" before "about")."""
_LONGEST = max(len(heading.split()) for heading in _HEADINGS)
_ABOUT = ("about", "a propos", "uber", "sobre", "acerca")
"""An "About <Company>" heading names the employer: left out, as "About us" is."""
HEADING_WORDS = 8
"""A heading is at most this many words; a longer line is a sentence."""
_BULLET_CHARS = "•-*–—·▪◦● "
_BULLETS = tuple(_BULLET_CHARS.strip())
_BOILERPLATE = (
    "equal opportunit", "equal employment opportunit", "without regard to", "affirmative action",
    "reasonable accommodation", "e-verify", "eeo", "protected veteran", "discriminat", "privacy policy",
    "privacy notice", "privacy statement", "personal data", "personal information", "applicant privacy", "gdpr",
    "chancengleich", "datenschutz", "egalite des chances", "égalité des chances", "donnees personnelles",
    "données personnelles", "igualdad de oportunidades", "datos personales",
)  # fmt: skip
"""Paragraph cues anywhere in a line: an equal-opportunity or privacy statement. Plain substrings: a regex of
these alternatives took 76 us a line, most of the score stage's time."""
_OFFERS = ("we offer", "benefits include", "our benefits", "perks include", "nous offrons", "nous proposons",
           "ofrecemos", "wir bieten")  # fmt: skip
"""Paragraph cues at the start of a line: what the employer offers."""
_WHERE = ("on-site", "onsite", "in-person", "in person", "hybrid", "remote")
_WHEN = (" office", "days a week", "days per week", "day a week", "anywhere", "monday", "based in", "model",
         "schedule", "five days")  # fmt: skip
"""A where-and-when sentence names a way of working and an office, a schedule or an area ("This position is
on-site at our Brooklyn office"): the place part weighs that, and a city named there is no skill. (Substring
tests: a regex with a gap between two word lists took 20 us a line.)"""
WHERE_CHARS = 200
"""Only a line this short is taken for a where-and-when sentence: a longer one says more."""


Section = Literal["role", "other", "aside"]
"""What a heading opens: a section of the role's own (counts), another one (an unknown heading: counts), or an
about-us, benefits, equal-opportunity or privacy one (does not)."""


def _heading(line: str) -> tuple[Section | None, str]:
    """(the section this line opens, the line's own text after the heading); None when the line is no heading,
    with the whole line."""
    if line.startswith(_BULLETS) or _sentence(line):
        return None, line
    head, colon, rest = line.partition(":")
    rest = rest.strip()
    words = normalize(head).split()
    if not words or len(words) > HEADING_WORDS:
        return None, line
    name = " ".join(words)
    for size in range(min(len(words), _LONGEST), 0, -1):
        counts = _HEADINGS.get(" ".join(words[:size]) if size < len(words) else name)
        if counts is not None:
            # "Responsibilities include drafting motions" opens the section and says something of it too
            return ("role", rest if colon or size == len(words) else line) if counts else ("aside", rest)
    if words[0] in _ABOUT or name.startswith("a propos"):
        return "aside", rest
    return ("other", rest) if colon and not rest else (None, line)


def _sentence(line: str) -> bool:
    """A line without a colon that is long or ends as a sentence does: no heading (most prose lines, told apart
    before the line is split at a colon)."""
    return ":" not in line and (len(line) > 80 or line.endswith((".", "!", "?", ";", ",")))


def _aside_lines(lines: list[str]) -> set[int]:
    """The lines (by index) that never count, whatever section they are in: prose lines only (boilerplate is
    written in paragraphs; a list item is read by its section). Every cue is found in one Aho-Corasick scan of
    their whole text (in C) and the lines it falls in are marked: a test of every cue on every line took longer
    than reading the words, and one `in` test per cue over the whole text still took a quarter of the scorer's
    first pass."""
    prose = [n for n, line in enumerate(lines) if not line.startswith(_BULLETS)]
    if not prose:
        return set()
    texts = [lines[n] for n in prose]
    lower = "\n".join(texts).lower()
    starts = list(accumulate(map((1).__add__, map(len, texts[:-1])), initial=0))  # in C: each line and its break
    aside: set[int] = set()
    candidates: set[int] = set()
    offered = False
    ends: dict[str, int] = {}  # a cue's occurrences as str.find meets them: none starting inside the one before
    for last, (cue, kind) in _CUES.iter(lower):
        at = last + 1 - len(cue)
        if at < ends.get(cue, 0):
            continue
        ends[cue] = last + 1
        if kind == "offer":
            offered = True
        else:
            (aside if kind == "boilerplate" else candidates).add(bisect_right(starts, at) - 1)
    aside.update(i for i in candidates if _where(lower[starts[i] : starts[i] + len(texts[i])]))
    if offered:
        aside.update(i for i, start in enumerate(starts) if lower.startswith(_OFFERS, start))
    return {prose[i] for i in aside}


_CUES = ahocorasick.Automaton()
for _kind, _cues in (("boilerplate", _BOILERPLATE), ("where", _WHERE), ("offer", _OFFERS)):
    for _cue in _cues:
        _CUES.add_word(_cue, (_cue, _kind))
_CUES.make_automaton()


def _where(lower: str) -> bool:
    return len(lower) < WHERE_CHARS and any(way in lower for way in _WHERE) and any(w in lower for w in _WHEN)


def counted_text(description: str) -> str:
    """The lines of a description that count for resume terms, joined by line breaks (a heading's own words left
    out, its inline text kept: "Skills: Relativity, Westlaw" gives "Relativity, Westlaw"). The lines before the
    first heading count only when no section of the role's own follows: a posting that has a Responsibilities or
    a Requirements section opens with the employer's pitch."""
    return split_sections(description)[0]


def split_sections(description: str) -> tuple[str, str]:
    """(`counted_text`, the other lines): the scorer reads must-haves in both, resume terms in the first."""
    preamble: list[str] = []
    kept: list[str] = []
    other: list[str] = []
    counting, headed, role = True, False, False
    lines = list(filter(None, map(str.strip, description.split("\n"))))
    aside = _aside_lines(lines) if lines else set()
    for n, line in enumerate(lines):
        if line.startswith(_BULLETS):  # a list item: no heading, no boilerplate (most lines: no call for them)
            ((kept if headed else preamble) if counting else other).append(line)
            continue
        opens, text = (None, line) if _sentence(line) else _heading(line)
        if opens is not None:
            counting, headed, role = opens != "aside", True, role or opens == "role"
            other.append(line)  # its words, for must-haves ("Python:" names Python)
        if counting and text and n not in aside:
            (kept if headed else preamble).append(text)
        elif opens is None:
            other.append(line)
    if not role:
        kept = preamble + kept
    else:
        other += preamble
    return "\n".join(kept), "\n".join(other)


def role_opening(description: str) -> int:
    """Where a card's excerpt starts in its description: 0 when the text opens with a line that says something (a
    sentence, a title line, a list item); past the heading when it opens with one ("Responsibilities", "About us:
    ..." from its inline text); and when that heading opens an about-us section, at the first section of the
    role's own after it, if there is one ("About us / Apex is a staffing firm ... / The role / You will own ..."
    from "You will"): two sentences of the role tell an assistant more than two of the employer's pitch."""
    lines = _placed_lines(description)
    begins, after, line = next(lines, (0, 0, ""))
    opens, text = _heading(line)
    if opens is None or text == line:
        return 0
    start = _said_from(description, _text_at(begins, line, text, after))
    if opens == "aside":
        for begins, after, line in lines:
            opens, text = _heading(line)
            if opens == "role":
                role = _said_from(description, _text_at(begins, line, text, after))
                return role if role < len(description) else start
    return start if start < len(description) else 0


def _placed_lines(description: str) -> Iterator[tuple[int, int, str]]:
    """Each line that is not blank, stripped: (where it begins in the description, where the next line does, it)."""
    at = 0
    for raw in description.split("\n"):
        begins, at = at + len(raw) - len(raw.lstrip()), at + len(raw) + 1
        if line := raw.strip():
            yield begins, at, line


def _text_at(begins: int, line: str, text: str, after: int) -> int:
    """Where a heading line's own text starts: the line (it says something: "Responsibilities include ..."), its
    inline text after the colon, or (a heading alone) the next line, at `after`."""
    if text == line:
        return begins
    return begins + line.rindex(text) if text else after


def _said_from(description: str, at: int) -> int:
    """The first character at or after `at` that is not white space (len(description): none)."""
    rest = description[at:]
    return len(description) - len(rest.lstrip())
