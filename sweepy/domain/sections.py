"""Which lines of a posting speak of the role: its duties and requirements count for resume terms, its about-us,
benefits, equal-opportunity and privacy paragraphs do not (every employer's boilerplate shares words with every
resume: "health", "diversity", "growth").

A description is plain text with line breaks (clean_text makes HTML headings and list items lines of their own).
A heading is a short line that is not a list item, or the start of a line up to a colon ("Benefits: dental"); a
known one (English, and the common French, Spanish and German ones) opens a section that counts or not, an unknown
one ending in a colon opens one that counts. Apart from headings, a paragraph with an equal-opportunity, privacy
or "we offer" cue never counts.
"""

import re
from typing import Literal

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
_HEADINGS = sorted(((h, False) for h in _LEFT_OUT), key=lambda pair: -len(pair[0]))
_HEADINGS += sorted(((h, True) for h in _COUNTED), key=lambda pair: -len(pair[0]))
_HEADINGS.sort(key=lambda pair: -len(pair[0]))  # the longest first: "about the role" before "about"
_ABOUT = ("about", "a propos", "uber", "sobre", "acerca")
"""An "About <Company>" heading names the employer: left out, as "About us" is."""
HEADING_WORDS = 8
"""A heading is at most this many words; a longer line is a sentence."""
_BULLETS = tuple("•-*–—·▪◦●")
_BOILERPLATE = re.compile(
    r"equal (?:employment )?opportunit|without regard to|affirmative action|reasonable accommodation|e-verify"
    r"|\beeo\b|protected veteran|discriminat|privacy (?:policy|notice|statement)|personal (?:data|information)"
    r"|applicant privacy|\bgdpr\b|chancengleich|datenschutz|egalite des chances|égalité des chances"
    r"|donnees personnelles|données personnelles|igualdad de oportunidades|datos personales"
    r"|^(?:[•\-*–·] ?)?(?:we offer|benefits include|our benefits|perks include|nous offrons|nous proposons"
    r"|ofrecemos|wir bieten)\b",
    re.IGNORECASE,
)
"""Paragraph cues: an equal-opportunity or privacy statement anywhere in the line, or a line opening on an offer."""
_WHERE = re.compile(
    r"\b(?:on-?site|in-person|in person|hybrid|remote|office)\b.{0,80}\b(?:office|days? (?:a|per) week|anywhere"
    r"|monday|based in|model|schedule|five days)\b",
    re.IGNORECASE,
)
"""Where and on what schedule the work is done ("This position is on-site at our Brooklyn office"): the place
part weighs that, and a city named there is no skill."""
WHERE_CHARS = 200
"""Only a line this short is taken for a where-and-when sentence: a longer one says more."""


Section = Literal["role", "other", "aside"]
"""What a heading opens: a section of the role's own (counts), another one (an unknown heading: counts), or an
about-us, benefits, equal-opportunity or privacy one (does not)."""


def _heading(line: str) -> tuple[Section | None, str]:
    """(the section this line opens, the line's own text after the heading); None when the line is no heading,
    with the whole line."""
    if line.startswith(_BULLETS):
        return None, line
    head, colon, rest = line.partition(":")
    rest = rest.strip()
    if not colon and (len(line) > 80 or line.endswith((".", "!", "?", ";", ","))):
        return None, line
    words = normalize(head).split()
    if not words or len(words) > HEADING_WORDS:
        return None, line
    name = " ".join(words)
    for known, counts in _HEADINGS:
        if name == known or name.startswith(known + " "):
            # "Responsibilities include drafting motions" opens the section and says something of it too
            return ("role", rest if colon or name == known else line) if counts else ("aside", rest)
    if words[0] in _ABOUT or name.startswith("a propos"):
        return "aside", rest
    return ("other", rest) if colon and not rest else (None, line)


def _aside(paragraph: str) -> bool:
    """A paragraph that never counts, whatever section it is in."""
    return bool(_BOILERPLATE.search(paragraph) or (len(paragraph) < WHERE_CHARS and _WHERE.search(paragraph)))


def counted_text(description: str) -> str:
    """The lines of a description that count for resume terms, joined by line breaks (a heading's own words left
    out, its inline text kept: "Skills: Relativity, Westlaw" gives "Relativity, Westlaw"). The lines before the
    first heading count only when no section of the role's own follows: a posting that has a Responsibilities or
    a Requirements section opens with the employer's pitch."""
    preamble: list[str] = []
    kept: list[str] = []
    counting, headed, role = True, False, False
    for raw in description.split("\n"):
        line = raw.strip()
        if not line:
            continue
        opens, text = _heading(line)
        if opens is not None:
            counting, headed, role = opens != "aside", True, role or opens == "role"
        if counting and text and not _aside(text):
            (kept if headed else preamble).append(text)
    return "\n".join(kept if role else preamble + kept)
