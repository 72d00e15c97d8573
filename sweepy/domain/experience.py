"""How many years of experience a posting asks for, read from its own sentence (quoted verbatim).

Local pattern work, like eligibility.py, for English, Spanish, French, German, Italian and Portuguese: "5+ years
of experience", "mínimo 3 años de experiencia", "au moins 5 ans d'expérience", "mindestens 3 Jahre
Berufserfahrung". Numbers that are not experience stay out: a 401(k), "10,000 employees", "founded 5 years
ago", "3 days a week", salaries "a year", ages, "after 2 years of service", "a 2-year contract". It runs on
every card a sweep makes, so a posting without a year word costs one scan and nothing else. Where the year
phrases stand and which ask for experience: experience_phrases.py; which of several counts, and the finding: here.
"""

import re
from dataclasses import dataclass

from .eligibility_rules import Finding, Seeker, Verdict
from .experience_phrases import BULLET, Asked, Scanned, requirements, scan, sentence_span

QUOTE_CHARS = 200
"""A quote is the sentence, cut around the number to at most this much (a run-on "sentence" can be a paragraph)."""
WARN_OVER, BLOCK_OVER = 2, 5
"""A posting asking more than the person's years plus WARN_OVER warns; more than plus BLOCK_OVER blocks."""


@dataclass(frozen=True, slots=True)
class Experience:
    """The years a posting asks for and the sentence that says so."""

    years_min: int
    quote: str
    equivalent: bool = False
    """The sentence accepts equivalent experience ("or equivalent", "in lieu of"): a finding only warns."""
    preferred: bool = False
    """Only a "preferred"/"nice to have" sentence asks for it: a finding only warns."""


_PREFERRED = re.compile(
    r"\b(?:preferred|preferably|ideally|nice[\s-]to[\s-]haves?|pluspunkte?|stand\s+out|bonus|a\s+plus|"
    r"an?\s+advantage|advantageous|desirable|desired|von\s+vorteil|wünschenswert|idealerweise|un\s+(?:atout|plus)|souhaitée?s?|souhaitable|idéalement|"
    r"de\s+préférence|se\s+valorará|valorable|deseable|preferiblemente|idealmente|preferibilmente|gradit[oa]|"
    r"desejável|diferencial)\b",
    re.IGNORECASE,
)
_PREFERRED_STEMS = ("prefer", "ideal", "nice", "bonus", "plus", "advantage", "desir", "vorteil", "wünsch", "atout",
                    "stand out", "souhait", "préfér", "valor", "desea", "gradit", "desejáv", "diferencial")  # fmt: skip
"""Every _PREFERRED phrase holds one of these (lower case): most sentences hold none, and skip the pattern."""
_HEADING_REACH = 20
"""Lines read upwards for the heading a requirement stands under."""
_REQUIRED = re.compile(
    r"\b(?:required|requires?|must|mandatory|minimum|requise?s?|exigée?s?|erforderlich|vorausgesetzt|requerid[oa]s?|"
    r"obligatori[oa]|imprescindible|richiest[oa]|obrigatóri[oa])\b",
    re.IGNORECASE,
)
_EQUIVALENT = re.compile(
    r"\bor\s+(?:an?\s+)?equivalent|\bequivalent\s+(?:combination|(?:work\s+|practical\s+)?experience)|\bin\s+lieu\s+of"
    r"|\bo\s+equivalente|\bou\s+équivalente?|\boder\s+(?:eine\s+)?vergleichbare|\bou\s+equivalente|\bo\s+similar",
    re.IGNORECASE,
)
_ALTERNATIVE = re.compile(r"\b(?:or|o|ou|oder|oppure)\b", re.IGNORECASE)
_NO_EXPERIENCE = re.compile(
    r"\bno\s+(?:prior\s+|previous\s+|professional\s+|work\s+|formal\s+|industry\s+)?experience\s+(?:is\s+)?"
    r"(?:required|necessary|needed)|\bno\s+(?:prior|previous)\s+experience\b|\bexperience\s+(?:is\s+)?not\s+"
    r"(?:required|necessary|needed)|\bno\s+experience\s+(?:needed|necessary|required)|\bsin\s+experiencia\b|"
    r"\bno\s+(?:se\s+)?(?:requiere|necesita|es\s+necesaria)\s+experiencia|\bsans\s+expérience\b|"
    r"\baucune\s+expérience\s+(?:n['’]est\s+)?(?:requise|exigée|nécessaire)|\bdébutante?s?\s+acceptée?s?|"
    r"\bkeine\s+(?:berufs)?erfahrung\s+(?:erforderlich|notwendig|nötig|vorausgesetzt)|\bohne\s+(?:berufs)?erfahrung\b|"
    r"\bquereinsteiger\w*\s+willkommen|\bnessuna\s+esperienza\b|\bsenza\s+esperienza\b|\bsem\s+experiência\b|"
    r"\bnão\s+é\s+necessária\s+experiência",
    re.IGNORECASE,
)


def required_experience(text: str, scanned: Scanned | None = None) -> Experience | None:
    """The years of experience the posting asks for, or None when it says nothing a number can be read from.

    Several requirements ("5+ years of software engineering, 2+ years with Kubernetes"): a required sentence
    outranks a preferred one; among those, one that states overall experience ("5 years of relevant
    experience", "3 Jahre Berufserfahrung") outranks one about a tool or a field, and the largest of those is the
    requirement. Alternatives in one sentence ("2 years with a Master's or 4 with a Bachelor's") count as their
    smallest. "No experience required" is years_min 0 unless a required sentence asks for years; a range counts
    from its low end; "over 5 years" is 5. `scanned`: the text's year words, when a scan shared with other
    readers found them (sweepy/domain/posting_text.py)."""
    units, hint = scan(text, text.lower()) if scanned is None else scanned
    asked = requirements(text, units)
    # Overall first, then the most years, then the first said; the first that is not merely preferred counts
    # (read in that order, so a posting's preferred test runs on one sentence, not on every requirement).
    ranked = sorted(_alternatives_at_their_least(text, asked), key=lambda a: (not a.overall, -a.years, a.start))
    if best := next((a for a in ranked if not _preferred(text, a)), None):
        return _experience(text, best, preferred=False)
    if hint and (said := _NO_EXPERIENCE.search(text)):
        return Experience(0, _quote(text, said.start(), said.end(), sentence_span(text, said.start(), said.end())))
    return _experience(text, ranked[0], preferred=True) if ranked else None


def experience_finding(experience: Experience | None, seeker: Seeker) -> Finding | None:
    """The `experience` finding for this person: asking more than their years plus WARN_OVER warns, more than
    plus BLOCK_OVER blocks (only warns when the posting accepts equivalent experience or merely prefers it).
    Nothing when the person gave no years_experience, or the posting asks for no more than that."""
    if experience is None or seeker.years_experience is None:
        return None
    over = experience.years_min - seeker.years_experience
    if over <= WARN_OVER:
        return None
    softened = experience.equivalent or experience.preferred
    verdict: Verdict = "blocks" if over > BLOCK_OVER and not softened else "warns"
    return Finding("experience", verdict, experience.quote)


def _alternatives_at_their_least(text: str, asked: list[Asked]) -> list[Asked]:
    """Requirements joined by "or" are alternatives: only the smallest stays."""
    kept: list[Asked] = []
    for item in asked:
        earlier = kept[-1] if kept else None
        if earlier is not None and _alternatives(text, earlier, item):
            if item.years < earlier.years:
                kept[-1] = item
            continue
        kept.append(item)
    return kept


def _alternatives(text: str, earlier: Asked, item: Asked) -> bool:
    """Joined by "or" in one sentence, or the next sentence of the line opens with it ("3 years with a
    Bachelor's; or 1 year with a Master's")."""
    if earlier.sentence == item.sentence:
        return _ALTERNATIVE.search(text, earlier.end, item.start) is not None
    between = text[earlier.sentence[1] : item.sentence[0]]
    return "\n" not in between and _ALTERNATIVE.match(text, item.sentence[0]) is not None


def _preferred(text: str, item: Asked) -> bool:
    """A sentence that prefers and does not require, or one under a "Nice to have" heading: the nearest line
    above that reads as a heading (ends with ":", is bold, or is short and unpunctuated), bullets skipped."""
    said = text[item.sentence[0] : item.sentence[1]]
    if _prefers(said) and not _REQUIRED.search(said):
        return True
    end = text.rfind("\n", 0, item.start)
    for _ in range(_HEADING_REACH):
        if end <= 0:
            return False
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        end = start - 1
        if line and _heading(line):
            return _prefers(line)
    return False


def _heading(line: str) -> bool:
    if line.startswith(("**", "#", "__")) or line.endswith(":"):
        return len(line) <= 80
    return line[0] not in BULLET and len(line) <= 60 and line[-1] not in ".!?;,)"


def _prefers(said: str) -> bool:
    lowered = said.lower()
    return any(stem in lowered for stem in _PREFERRED_STEMS) and _PREFERRED.search(said) is not None


def _experience(text: str, item: Asked, preferred: bool) -> Experience:
    said = text[item.sentence[0] : item.sentence[1]]
    quote = _quote(text, item.start, item.end, item.sentence)
    return Experience(item.years, quote, equivalent=_EQUIVALENT.search(said) is not None, preferred=preferred)


def _quote(text: str, start: int, end: int, sentence: tuple[int, int]) -> str:
    """The sentence as written; a long one cut at spaces to QUOTE_CHARS around the requirement."""
    left, right = sentence
    if right - left <= QUOTE_CHARS:
        return text[left:right]
    begin = max(left, min(start - 60, right - QUOTE_CHARS))
    if begin > left and (space := text.find(" ", begin, start)) >= 0:
        begin = space + 1
    finish = min(right, begin + QUOTE_CHARS)
    if finish < right and (space := text.rfind(" ", end, finish)) >= 0:
        finish = space
    return text[begin:finish].strip()
