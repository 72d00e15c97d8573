"""How many years of experience a posting asks for, read from its own sentence (quoted verbatim).

Local pattern work, like eligibility.py, for English, Spanish, French, German, Italian and Portuguese: "5+ years
of experience", "mínimo 3 años de experiencia", "au moins 5 ans d'expérience", "mindestens 3 Jahre
Berufserfahrung". Numbers that are not experience stay out: a 401(k), "10,000 employees", "founded 5 years
ago", "3 days a week", salaries "a year", ages, "after 2 years of service", "a 2-year contract". It runs on
every card a sweep makes, so a posting without a year word costs a few substring tests and nothing else.
"""

import re
from dataclasses import dataclass

import ahocorasick

from .eligibility import Finding, Seeker, Verdict

QUOTE_CHARS = 200
"""A quote is the sentence, cut around the number to at most this much (get_jobs shows it whole)."""
MAX_YEARS = 20
"""A larger number is a company's history ("over 30 years of experience serving clients"), not a requirement."""
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


_WORDS = {
    1: "one a an uno una un une ein eine einem einen einer eins um uma",
    2: "two dos deux zwei due dois duas",
    3: "three tres trois drei tre três",
    4: "four cuatro quatre vier quattro quatro",
    5: "five cinco cinq fünf cinque",
    6: "six seis sechs sei",
    7: "seven siete sept sieben sette sete",
    8: "eight ocho huit acht otto oito",
    9: "nine nueve neuf neun nove",
    10: "ten diez dix zehn dieci dez",
    11: "eleven once onze elf undici",
    12: "twelve doce douze zwölf dodici",
    13: "thirteen trece treize dreizehn tredici treze",
    14: "fourteen catorce quatorze vierzehn quattordici catorze",
    15: "fifteen quince quinze fünfzehn quindici",
    20: "twenty veinte vingt zwanzig venti vinte",
}
_NUMBER_WORDS = {word: value for value, words in _WORDS.items() for word in words.split()}
_ARTICLES = frozenset({"a", "an"})
"""English articles read as one ("at least a year"), only where nothing else makes them a salary's "a year"."""
_NUM = r"(?:\d{1,2}(?:[.,]5)?|[^\W\d_]{1,14}\b)(?:\s*\(\s*\d{1,2}\s*\))?"
"""A number as figures or a word: any word, checked against _NUMBER_WORDS afterwards (an alternation of the
hundred number words was most of the pattern's time, tried at every word of a description)."""
_STRONG = frozenset(
    """at least|at minimum|a minimum of|an minimum of|minimum of|minimum|min|min.|no less than|not less than|
    al menos|por lo menos|como mínimo|un mínimo de|mínimo de|mínimo|au moins|d'au moins|d’au moins|au minimum|
    minimum de|mindestens|wenigstens|almeno|minimo di|un minimo di|minimo|pelo menos|ao menos|no mínimo|
    no mínimo de""".replace("\n", "").split("|")
)
"""Words before the number that make a phrase a requirement without the word "experience" ("at least 3 years in a
similar role"), read from the last one to three words before it."""
_WEAK = frozenset(
    "over|more than|in excess of|upwards of|plus de|más de|mehr als|über|oltre|più di|mais de|well over".split("|")
)
"""Words before the number that are no requirement on their own ("for over 20 years"): "over 5 years" is 5."""
_OR_MORE = r"or\s+more|or\s+longer|o\s+más|ou\s+plus|oder\s+mehr|oder\s+länger|ou\s+mais|o\s+più|e\s+più|plus"
_UNIT = r"years?|yrs?\.?|yoe|años?|anos?|ans|années?|an|jahren?|jahre|anni|anno"
_REQUIREMENT = re.compile(
    rf"(?<![\w$€£¥.,/])(?P<low>{_NUM})"
    rf"(?:\s*(?:-|–|—|to|a|à|y|e|bis|and|or|und|ou|o)\s*(?P<high>(?!(?:more|más|plus|mehr|mais|più|longer|länger)\b){_NUM}))?\s*(?P<plus>\+|(?:{_OR_MORE})\s)?"
    rf"\s*-?\s*(?P<unit>{_UNIT})(?![\w-])(?P<after>\s*(?:\+|{_OR_MORE})(?!\w))?",
    re.IGNORECASE,
)
_NO_EXPERIENCE_GATE = ("no prior", "no previous", "no experience", "no professional", "no work", "no formal",
                       "no industry", "not required", "not necessary", "not needed", "sin experiencia", "requiere",
                       "necesita", "necesaria", "sans expérience", "aucune", "débutant", "keine", "ohne",
                       "quereinsteiger", "nessuna", "senza esperienza", "sem experiência", "necessária")  # fmt: skip
_UNIT_WORDS = ("year", "years", "yr", "yrs", "yoe", "año", "años", "ano", "anos", "ans", "année", "années", "un an",
               "1 an", "jahr", "jahre", "jahren", "anni", "anno")  # fmt: skip
_UNITS = ahocorasick.Automaton()
"""The year words, found in one scan of the lower-cased text (pyahocorasick, in C: a case-blind regex for them
took 80 µs of a 2 KB description); the requirement pattern is then tried only just before each."""
for _word in _UNIT_WORDS:
    _UNITS.add_word(_word, len(_word))
for _word in _NO_EXPERIENCE_GATE:
    _UNITS.add_word(_word, 0)  # 0: not a year word, but the text may say "no experience required"
_UNITS.make_automaton()
_UNIT_AT = re.compile(r"\b(?:years?|yrs?|yoe|años?|anos?|ans|années?|jahre?n?|anni|anno)\b|\b(?:un|1)\s+an\b", re.I)
"""The same words for a text whose lower case has other positions (a rare "İ"): slower, read the same."""
_REACH = 48
"""Characters before a year word the requirement may start at ("at least three (3) to five (5) years")."""
_EXPERIENCE = re.compile(
    r"experience[ds]?\b|\bexp\b|experiencia|expérience|experiência|esperienz[ae]|erfahrung|work\s+history",
    re.IGNORECASE,
)
_LABEL = re.compile(
    r"(?:years?|años|ans|années|jahre)\s+(?:of\s+|de\s+|d['’]\s*)?(?:[\w-]+\s+){0,2}?(?:experience|experiencia|"
    r"expérience|\w*erfahrung)\s*(?:\(\w+\)\s*)?(?:required|requis|requerid[oa]s?)?\s*[:\-–]\s*"
    rf"(?P<low>{_NUM})(?:\s*(?:-|–|to|a|à|bis)\s*(?P<high>{_NUM}))?(?:\s*\+)?",
    re.IGNORECASE,
)
"""A label with the number after it, as some boards' fields read: "Years of experience: 3-5"."""
_CLAUSE_END = re.compile(r"[;!?\n(]|[.,](?:\s|$)|\s[-–—]\s")
_CONNECTOR = re.compile(
    r"\s*(?:['’]s?\s*)?(?:of|in|with|as|at|on|doing|building|leading|managing|developing|designing|selling|writing|"
    r"running|working|supporting|teaching|hands-on|professional|relevant|post-qualification|en|como|de|dans|comme|"
    r"als|im|bei|mit|di|come|nel|nella|nello|em|na|no)\b",
    re.IGNORECASE,
)
_NOT_EXPERIENCE_AFTER = re.compile(
    r"\s*(?:old|of\s+age|or\s+older|and\s+older|ago|of\s+(?:continuous\s+)?(?:service|tenure)\s*$|"
    r"of\s+(?:college|university|school|study|studies|education|coursework|schooling)|"
    r"in\s+business|contract|warranty|guarantee|lease|term|vesting|cliff|de\s+edad|d['’]âge|et\s+plus\s+âg|alt\b|"
    r"anni\s+di\s+età|de\s+idade|de\s+antigüedad|d['’]ancienneté|betriebszugehörigkeit|history|track\s+record|"
    r"in\s+the\s+making|strong)\b",
    re.IGNORECASE,
)
_NOT_BETWEEN = re.compile(
    r"depend|based\s+on|commensurate|according\s+to|selon|según|je\s+nach|in\s+base|combined|collective", re.I
)
"""Words between a year phrase and "experience" that make it pay ("a year depending on experience") or a team's
("15 years of combined experience")."""
_NOT_EXPERIENCE_BEFORE = re.compile(
    r"\b(?:founded|established|since|ago|within|after|every|each|per|up\s+to|under|aged?|next|first|last|past|"
    r"durée|durata|duración|laufzeit|dauer|pendant|durante|nach|après|después|dopo|após|alle|tous\s+les|cada|"
    r"fondée?|fundad[ao]|gegründet|fondata|seit|depuis|desde|da\s+oltre)\s*$",
    re.IGNORECASE,
)
_FOR_BEFORE = re.compile(r"\b(?:for|für|por|pour|per|por\s+mais\s+de)\s*$", re.IGNORECASE)
_EXPERIENCE_BEFORE = re.compile(
    r"(?:experience|experiencia|expérience|experiência|esperienza|erfahrung)\w*\s*(?:[:–-]\s*)?(?:[\w'’]+\s+){0,3}$",
    re.IGNORECASE,
)
_EXPERIENCE_STEMS = ("experi", "expéri", "erfahrung", "esperienz")
_WE = re.compile(
    r"\b(?:we|we['’](?:ve|re)|nous|wir|nosotros|noi|nós)\b|\bour\b(?:\s+\w+){0,2}\s+(?:have|has|bring|brings|boasts?)\b",
    re.IGNORECASE,
)
_TO_YOU = re.compile(
    r"\b(?:you\w*|candidat\w*|applicant\w*|someone|who|requir\w*|need\w*|looking|seeking|such\w*|cherch\w*|busc\w*|"
    r"cerc\w*|procur\w*|vous|votre|du|dein\w*|usted|tu|tú|voc[eê]|ideal\w*|must|should|deb\w*|doi\w*|muss\w*|"
    r"dev\w*|hire|hiring)\b",
    re.IGNORECASE,
)
_GENERAL = frozenset(
    """of in d' d’ de du des di da do relevant related professional progressive progressively work working industry
    hands-on proven practical post-qualification full-time total overall previous prior comparable similar
    commercial demonstrated paid direct solid strong laboral profesional previa relevante professionnelle
    professionnel significative einschlägige einschlägiger relevanter mehrjährige lavorativa professionale
    comprovada profissional""".split()
)
"""Words between the years and "experience" that keep it overall ("5 years of relevant professional experience");
any other word makes it specific ("2 years of Kubernetes experience")."""
_PREFERRED = re.compile(
    r"\b(?:preferred|preferably|ideally|nice[\s-]to[\s-]have|bonus|a\s+plus|an?\s+advantage|advantageous|desirable|"
    r"desired|von\s+vorteil|wünschenswert|idealerweise|un\s+(?:atout|plus)|souhaitée?s?|souhaitable|idéalement|"
    r"de\s+préférence|se\s+valorará|valorable|deseable|preferiblemente|idealmente|preferibilmente|gradit[oa]|"
    r"desejável|diferencial)\b",
    re.IGNORECASE,
)
_PREFERRED_STEMS = ("prefer", "ideal", "nice", "bonus", "plus", "advantage", "desir", "vorteil", "wünsch", "atout",
                    "souhait", "préfér", "valor", "desea", "gradit", "desejáv", "diferencial")  # fmt: skip
"""Every _PREFERRED phrase holds one of these (lower case): most sentences hold none, and skip the pattern."""
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
_STOP = re.compile(r"[.!?;](?=\s)|\s[•·▪]\s")
_ABBREVIATION = re.compile(
    r"(?:\b[A-Za-z]|\b(?:e\.g|i\.e|etc|inc|approx|no|vs|incl|min|yrs|yr|exp|z\.b|bzw|ca|mín|mind))$", re.IGNORECASE
)
_BULLET = "•·▪*-–— "


@dataclass(frozen=True, slots=True)
class _Asked:
    years: int
    start: int
    end: int
    overall: bool
    sentence: tuple[int, int]


def required_experience(text: str) -> Experience | None:
    """The years of experience the posting asks for, or None when it says nothing a number can be read from.

    Several requirements ("5+ years of software engineering, 2+ years with Kubernetes"): a required sentence
    outranks a preferred one; among those, one that states overall experience ("5 years of relevant
    experience", "3 Jahre Berufserfahrung") outranks one about a tool or a field, and the largest of those is the
    requirement. Alternatives in one sentence ("2 years with a Master's or 4 with a Bachelor's") count as their
    smallest. "No experience required" is years_min 0 unless a required sentence asks for years; a range counts
    from its low end; "over 5 years" is 5."""
    lowered = text.lower()
    units, hint = _scan(text, lowered)
    asked = _requirements(text, units)
    if asked:
        asked = _alternatives_at_their_least(text, asked)
        required = [a for a in asked if not _preferred(text, a)]
        pool = [a for a in required if a.overall] or required
        if pool:
            best = max(pool, key=lambda a: a.years)  # the first of equal ones
            return _experience(text, best, preferred=False)
    if hint and (said := _NO_EXPERIENCE.search(text)):
        return Experience(0, _quote(text, said.start(), said.end(), _sentence(text, said.start(), said.end())))
    if asked:
        pool = [a for a in asked if a.overall] or asked
        return _experience(text, max(pool, key=lambda a: a.years), preferred=True)
    return None


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


def _requirements(text: str, units: list[tuple[int, int]]) -> list[_Asked]:
    """The requirements the text states, in order: each year word is read as a label ("Years of experience: 5")
    or as the end of a year phrase ("at least 5 years"), tried just before it."""
    asked: list[_Asked] = []
    reached = 0
    for start, end in units:
        if end <= reached:
            continue
        item: _Asked | None = None
        if _labels(text, start) and (label := _LABEL.match(text, start)):
            reached = label.end()
            item = _asked(text, label, overall=True)
        elif match := _phrase(text, start, end, reached):
            reached = match.end()
            item = _read(text, match)
        if item is not None:
            asked.append(item)
    return asked


def _scan(text: str, lowered: str) -> tuple[list[tuple[int, int]], bool]:
    """(start, end) of each year word standing as a word, and whether a no-experience phrase may be there."""
    if len(lowered) != len(text):
        return [unit.span() for unit in _UNIT_AT.finditer(text)], True
    units: list[tuple[int, int]] = []
    hint = False
    for last, length in _UNITS.iter(lowered):
        start, end = last - length + 1, last + 1
        if not length:
            hint = True
        elif (not start or not lowered[start - 1].isalnum()) and (end == len(lowered) or not lowered[end].isalnum()):
            units.append((start, end))
    return units, hint


def _labels(text: str, start: int) -> bool:
    """A year word may start a label ("Minimum Years of Experience: 5") near the start of its line, after no
    number ("5 years of experience - 3 of them in banking" is a phrase)."""
    before = text[text.rfind("\n", 0, start) + 1 : start]
    return len(before) <= 30 and not any(char.isdigit() for char in before)


def _phrase(text: str, start: int, end: int, reached: int) -> re.Match[str] | None:
    """The year phrase ending at the year word text[start:end], tried from a little before it: the first whose
    number is one ("Python y 3 años" is tried again from "3")."""
    at = max(reached, start - _REACH)
    while match := _REQUIREMENT.search(text, at, end + 20):
        if _years(match["low"]) is not None and (not match["high"] or _years(match["high"]) is not None):
            return match if match.end("unit") >= end else None
        at = match.end("low")
    return None


def _marker(head: str) -> tuple[str, str]:
    """The marker ending `head` ("at least", "más de"; "" for none), and the text before it."""
    words = head.split()
    for count in (3, 2, 1):
        said = " ".join(words[-count:]).lower()
        if len(words) >= count and (said in _STRONG or said in _WEAK):
            cut = len(head.rstrip())
            for word in reversed(words[-count:]):
                cut = head.rfind(word, 0, cut)
            return said, head[:cut]
    return "", head


def _asked(text: str, match: re.Match[str], overall: bool) -> _Asked | None:
    low, high = _years(match["low"]), _years(match["high"]) if match["high"] else None
    if low is None or (match["high"] and high is None):
        return None
    years = min(low, high) if high is not None else low
    if not 0 <= years <= MAX_YEARS:  # "0-2 years of experience" asks for none
        return None
    return _Asked(years, match.start(), match.end(), overall, _sentence(text, match.start(), match.end()))


def _read(text: str, match: re.Match[str]) -> _Asked | None:
    """The requirement a year phrase states, or None when the words around it make it something else."""
    tail = text[match.end() : match.end() + 100]
    if cut := _CLAUSE_END.search(tail):
        tail = tail[: cut.start()]
    marker, head = _marker(text[max(0, match.start() - 60) : match.start()])
    strong = marker in _STRONG
    if _NOT_EXPERIENCE_AFTER.match(tail) or _NOT_EXPERIENCE_BEFORE.search(head[-24:]):
        return None
    found = _EXPERIENCE.search(tail)
    between = tail[: found.start()] if found else ""
    if found and (len(between.split()) > 6 or _NOT_BETWEEN.search(between)):
        found = None
    lowered = head.lower()  # the end-anchored pattern is slow to try at each character: most heads lack the word
    before = any(w in lowered for w in _EXPERIENCE_STEMS) and _EXPERIENCE_BEFORE.search(head) is not None
    if match["unit"].lower() == "yoe" or (before and found is None):
        overall = True
    elif found is not None:
        overall = all(word.lower() in _GENERAL for word in between.replace("'", "' ").split())
    elif _marked_without_the_word(match, strong, tail, head):
        overall = False
    else:
        return None
    if match["low"].lower() in _ARTICLES and not (strong or overall):
        return None  # "$90,000 a year" is pay; "a year of experience" and "at least a year" are not
    item = _asked(text, match, overall)
    if item is not None:
        said = text[item.sentence[0] : item.sentence[1]]
        if _WE.search(said) and not _TO_YOU.search(said):
            return None  # "with over 15 years of experience, we help our clients"
    return item


def _marked_without_the_word(match: re.Match[str], strong: bool, tail: str, head: str) -> bool:
    """A phrase without "experience" is a requirement when marked ("5+", "at least", "or more") and followed by
    what it was spent on ("5+ years in a similar role") or closing a label ("Python: 3+ years", "(3+ years)")."""
    if not (strong or match["plus"] or match["after"]) or _FOR_BEFORE.search(head):
        return False
    if _CONNECTOR.match(tail):
        return True
    return not tail.strip(" )") and head.rstrip()[-1:] in ("(", ":")


def _years(token: str) -> int | None:
    word = token.split("(")[0].strip().lower()
    if word[:1].isdigit():
        return int(float(word.replace(",", ".")))  # 2.5 years asks for 2 whole ones
    return _NUMBER_WORDS.get(word)


def _alternatives_at_their_least(text: str, asked: list[_Asked]) -> list[_Asked]:
    """Requirements of one sentence joined by "or" are alternatives: only the smallest stays."""
    kept: list[_Asked] = []
    for item in asked:
        earlier = kept[-1] if kept else None
        if (
            earlier is not None
            and earlier.sentence == item.sentence
            and _ALTERNATIVE.search(text, earlier.end, item.start)
        ):
            if item.years < earlier.years:
                kept[-1] = item
            continue
        kept.append(item)
    return kept


def _preferred(text: str, item: _Asked) -> bool:
    """A sentence that prefers and does not require, or a bullet under a "Nice to have" heading."""
    said = text[item.sentence[0] : item.sentence[1]]
    if _prefers(said) and not _REQUIRED.search(said):
        return True
    line_start = text.rfind("\n", 0, item.start) + 1
    if text[line_start : line_start + 1] not in _BULLET or line_start == 0:
        return False
    end = line_start - 1
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end].strip()
        if line and line[0] not in _BULLET:
            return len(line) <= 80 and _prefers(line)
        end = start - 1
    return False


def _prefers(said: str) -> bool:
    lowered = said.lower()
    return any(stem in lowered for stem in _PREFERRED_STEMS) and _PREFERRED.search(said) is not None


def _experience(text: str, item: _Asked, preferred: bool) -> Experience:
    said = text[item.sentence[0] : item.sentence[1]]
    quote = _quote(text, item.start, item.end, item.sentence)
    return Experience(item.years, quote, equivalent=_EQUIVALENT.search(said) is not None, preferred=preferred)


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The span of the sentence around text[start:end]: within its line, between stops that end a sentence
    ("e.g. " and "min. " do not), without a leading bullet."""
    left = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    right = len(text) if line_end < 0 else line_end
    for stop in _STOP.finditer(text, left, start):
        if not _ABBREVIATION.search(text[max(left, stop.start() - 8) : stop.start()]):
            left = stop.end()
    for stop in _STOP.finditer(text, end, right):
        if not _ABBREVIATION.search(text[max(left, stop.start() - 8) : stop.start()]):
            right = stop.end() if text[stop.start()] != " " else stop.start()
            break
    while left < right and text[left] in _BULLET + "\t":
        left += 1
    while right > left and text[right - 1].isspace():
        right -= 1
    return left, right


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
