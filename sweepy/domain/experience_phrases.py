"""The year phrases of a posting's text, for sweepy/domain/experience.py: where "5+ years", "mindestens drei
Jahre" and "Years of experience: 3-5" stand, and which of them ask for experience (not a company's age, a salary
"a year", an age, a benefit after years of service or a contract's length)."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

import ahocorasick

MAX_YEARS = 20
"""A larger number is a company's history ("over 30 years of experience serving clients"), not a requirement."""
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
    no mínimo de|mind.|mind""".replace("\n", "").split("|")
)
"""Words before the number that make a phrase a requirement without the word "experience" ("at least 3 years in a
similar role"), read from the last one to three words before it."""
_WEAK = frozenset(
    "over|more than|in excess of|upwards of|plus de|más de|mehr als|über|oltre|più di|mais de|well over".split("|")
)
"""Words before the number that are no requirement on their own ("for over 20 years"): "over 5 years" is 5."""
_OR_MORE = r"or\s+more|or\s+longer|o\s+más|ou\s+plus|oder\s+mehr|oder\s+länger|ou\s+mais|o\s+più|e\s+più|plus"
_NOT_MORE = r"(?!(?:more|más|plus|mehr|mais|più|longer|länger)\b)"
"""A range's high end is a number, not the "more" of "5 or more years"."""
_UNIT = r"years?|yrs?\.?|yoe|años?|anos?|ans|années?|an|jahren?|jahre|anni|anno"
_REQUIREMENT = re.compile(
    rf"(?<![\w$€£¥.,/])(?P<low>{_NUM})"
    rf"(?:\s*(?:-|–|—|to|a|à|y|e|bis|and|or|und|ou|o)\s*(?P<high>{_NOT_MORE}{_NUM}))?\s*(?P<plus>\+|(?:{_OR_MORE})\s)?"
    rf"\s*-?\s*(?P<unit>{_UNIT})(?![\w-])(?P<after>\s*(?:\+|{_OR_MORE})(?!\w))?",
    re.IGNORECASE,
)
_NO_EXPERIENCE_GATE = ("no prior", "no previous", "no experience", "no professional", "no work", "no formal",
                       "no industry", "not required", "not necessary", "not needed", "sin experiencia", "requiere",
                       "necesita", "necesaria", "sans expérience", "aucune", "débutant", "keine", "ohne",
                       "quereinsteiger", "nessuna", "senza esperienza", "sem experiência", "necessária")  # fmt: skip
_UNIT_WORDS = ("year", "years", "yr", "yrs", "yoe", "año", "años", "ano", "anos", "ans", "année", "années", "un an",
               "1 an", "jahr", "jahre", "jahren", "anni", "anno")  # fmt: skip
YEAR_WORDS = {**{word: len(word) for word in _UNIT_WORDS}, **dict.fromkeys(_NO_EXPERIENCE_GATE, 0)}
"""The year words, each with its length, and the no-experience gate words with 0 (not a year word, but the text
may say "no experience required")."""
_UNITS = ahocorasick.Automaton()
"""YEAR_WORDS, found in one scan of the lower-cased text (pyahocorasick, in C); the requirement pattern is then
tried only just before each year word, not at every word of the text."""
for _word, _length in YEAR_WORDS.items():
    _UNITS.add_word(_word, _length)
_UNITS.make_automaton()
_UNIT_AT = re.compile(r"\b(?:years?|yrs?|yoe|años?|anos?|ans|années?|jahre?n?|anni|anno)\b|\b(?:un|1)\s+an\b", re.I)
"""The same words for a text whose lower case has other positions (a rare "İ"): slower, read the same."""
_WORD = re.compile(r"[^\s(]+")
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
_NOUN = re.compile(r"\s+([^\W\d_][\w/#+.-]*)")
"""The word after "3+ years" when no connector comes first ("3+ years Python")."""
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
_NOT_EXPERIENCE_BEFORE = frozenset(
    """founded established since ago within after every each per under aged age next first last past durée durata
    duración laufzeit dauer pendant durante nach après después dopo após alle cada fondé fondée fundado fundada
    gegründet fondata seit depuis desde""".split()
) | {"up to", "tous les", "da oltre"}
"""The word (or two) before a year phrase that make it no requirement: "founded 5 years ago", "after 2 years",
"every 2 years", "over the past 3 years", "seit 20 Jahren"."""
_ORGANISATIONS = frozenset(
    "company firm team business leader organization organisation agency group partner provider brand startup "
    "practice studio employer platform history".split()
)
"""Who has the years in "a firm with 15 years of experience" or "our team has 10 years of experience"."""
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
_WE_STEMS = ("we", "our", "nous", "wir", "nosotros", "noi", "nós")
"""Every _WE word holds one of these: a sentence without any skips the pattern."""
_TO_YOU = re.compile(
    r"\b(?:you\w*|candidat\w*|applicant\w*|someone|requir\w*|need\w*|looking|seeking|such(?:en|t|e)|cherch\w*|"
    r"busca\w*|buscamos|cerc\w*|procura\w*|vous|votre|dich|dein\w*|usted|tu|tú|voc[eê]|ideal\w*|must|should|"
    r"deb(?:e|es|en|erá)|doi(?:t|vent)|muss\w*|dev[ei]|hire|hiring)\b",
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
_STOP = re.compile(r"[.!?;](?=\s)|\s[•·▪]\s")
_ABBREVIATION = re.compile(
    r"(?:\b[A-Za-z]|\b(?:e\.g|i\.e|etc|inc|approx|no|vs|incl|min|yrs|yr|exp|z\.b|bzw|ca|mín|mind))$", re.IGNORECASE
)
BULLET = "•·▪*-–— "


@dataclass(frozen=True, slots=True)
class Asked:
    years: int
    start: int
    end: int
    overall: bool
    sentence: tuple[int, int]


def requirements(text: str, units: list[tuple[int, int]]) -> list[Asked]:
    """The requirements the text states, in order: each year word is read as a label ("Years of experience: 5")
    or as the end of a year phrase ("at least 5 years"), tried just before it."""
    asked: list[Asked] = []
    reached = 0
    for start, end in units:
        if end <= reached:
            continue
        item: Asked | None = None
        if _labels(text, start) and (label := _LABEL.match(text, start)):
            reached = label.end()
            item = _asked(text, label, overall=True)
        elif match := _phrase(text, start, end, reached):
            reached = match.end()
            item = _read(text, match)
        if item is not None:
            asked.append(item)
    return asked


YearHit = tuple[int, int]
"""A word of YEAR_WORDS found in the lower-cased text: the index of its last character, and its value there."""
Scanned = tuple[list[tuple[int, int]], bool]
"""What `scan` finds: (start, end) of each year word standing as a word, and whether a no-experience phrase may
be there."""


def scan(text: str, lowered: str, hits: Iterable[YearHit] | None = None) -> Scanned:
    """(start, end) of each year word standing as a word, and whether a no-experience phrase may be there. `hits`:
    where YEAR_WORDS stand in `lowered`, when a scan shared with other readers found them."""
    if len(lowered) != len(text):
        return [unit.span() for unit in _UNIT_AT.finditer(text)], True
    units: list[tuple[int, int]] = []
    hint = False
    for last, length in _UNITS.iter(lowered) if hits is None else hits:
        start, end = last - length + 1, last + 1
        if not length:
            hint = True
        elif (not start or not lowered[start - 1].isalpha()) and (end == len(lowered) or not lowered[end].isalnum()):
            units.append((start, end))
    return units, hint


def _labels(text: str, start: int) -> bool:
    """A year word may start a label ("Minimum Years of Experience: 5") near the start of its line, after no
    number ("5 years of experience - 3 of them in banking" is a phrase)."""
    before = text[text.rfind("\n", 0, start) + 1 : start]
    return len(before) <= 30 and not any(char.isdigit() for char in before)


def _phrase(text: str, start: int, end: int, reached: int) -> re.Match[str] | None:
    """The year phrase ending at the year word text[start:end]: the pattern is tried only at the words just
    before it that are numbers ("5+", "3-5", "five"), the farthest first, so "three to five years" reads whole."""
    for word in _WORD.finditer(text, max(reached, start - _REACH), end):
        token = word[0]
        if word.start() > start:  # the year word's own token is tried too: "un an" holds its number
            break
        if not (token[0].isdigit() or token.lower() in _NUMBER_WORDS):
            continue
        match = _REQUIREMENT.match(text, word.start(), end + 20)
        if (
            match
            and match.end("unit") >= end
            and all(_years(n) is not None for n in (match["low"], match["high"]) if n)
        ):
            return match
    return None


def _marker(head: str) -> tuple[str, str]:
    """The marker ending `head` ("at least", "más de"; "" for none), and the text before it."""
    words = head.split()
    for count in (3, 2, 1):
        said = " ".join(words[-count:]).lower().rstrip(":")  # "Minimum: 3 years"
        if len(words) >= count and (said in _STRONG or said in _WEAK):
            cut = len(head.rstrip())
            for word in reversed(words[-count:]):
                cut = head.rfind(word, 0, cut)
            return said, head[:cut]
    return "", head


def _asked(text: str, match: re.Match[str], overall: bool) -> Asked | None:
    low, high = _years(match["low"]), _years(match["high"]) if match["high"] else None
    if low is None or (match["high"] and high is None):
        return None
    years = min(low, high) if high is not None else low
    if not 0 <= years <= MAX_YEARS:  # "0-2 years of experience" asks for none
        return None
    return Asked(years, match.start(), match.end(), overall, sentence_span(text, match.start(), match.end()))


def _read(text: str, match: re.Match[str]) -> Asked | None:
    """The requirement a year phrase states, or None when the words around it make it something else."""
    tail = text[match.end() : match.end() + 100]
    if cut := _CLAUSE_END.search(tail):
        tail = tail[: cut.start()]
    line = text.rfind("\n", 0, match.start()) + 1  # what comes before is read on the phrase's own line
    marker, head = _marker(text[max(line, match.start() - 60) : match.start()])
    strong = marker in _STRONG
    if _NOT_EXPERIENCE_AFTER.match(tail) or _not_experience_before(head):
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
    elif not _FOR_BEFORE.search(head) and _marked_without_the_word(
        match, strong, tail, text[max(line, match.start() - 3) : match.start()]
    ):
        overall = False
    else:
        return None
    if match["low"].lower() in _ARTICLES and not (strong or overall):
        return None  # "$90,000 a year" is pay; "a year of experience" and "at least a year" are not
    item = _asked(text, match, overall)
    if item is not None:
        said = text[item.sentence[0] : item.sentence[1]]
        lowered = said.lower()
        if any(w in lowered for w in _WE_STEMS) and _WE.search(said) and not _TO_YOU.search(said):
            return None  # "with over 15 years of experience, we help our clients"
    return item


def _not_experience_before(head: str) -> bool:
    """The last words before the phrase make it no requirement: "founded 5 years ago", "after 2 years", "a
    company with 15 years of experience"."""
    last = head[-40:].lower().split()[-2:]
    if not last:
        return False
    if last[-1] in _NOT_EXPERIENCE_BEFORE or " ".join(last) in _NOT_EXPERIENCE_BEFORE:
        return True
    return len(last) == 2 and last[1] in ("with", "of", "has", "have") and last[0] in _ORGANISATIONS


def _marked_without_the_word(match: re.Match[str], strong: bool, tail: str, just_before: str) -> bool:
    """A phrase without "experience" is a requirement when marked ("5+", "at least", "or more") and followed by
    what it was spent on ("5+ years in a similar role") or closing a label ("Python: 3+ years", "(3+ years)",
    "Minimum: 3 years"). `just_before`: the characters right before the number."""
    if not (strong or match["plus"] or match["after"]):
        return False
    if _CONNECTOR.match(tail):
        return True
    if "+" in (match["plus"] or "") + (match["after"] or "") and (noun := _NOUN.match(tail)):
        return not noun[1].lower().endswith("ing")  # "3+ years Python"; not "10+ years serving the community"
    return not tail.strip(" )") and just_before.rstrip()[-1:] in ("(", ":")


def _years(token: str) -> int | None:
    word = token.split("(")[0].strip().lower()
    if word[:1].isdigit():
        return int(float(word.replace(",", ".")))  # 2.5 years asks for 2 whole ones
    return _NUMBER_WORDS.get(word)


def sentence_span(text: str, start: int, end: int) -> tuple[int, int]:
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
    while left < right and text[left] in BULLET + "\t":
        left += 1
    while right > left and text[right - 1].isspace():
        right -= 1
    return left, right
