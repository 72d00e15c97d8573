"""What eligibility reads in one sentence: the kinds and verdicts of a finding, the seeker it is read for, the
patterns in the languages boards post in, and one reader per kind (sponsorship, work authorization, citizenship,
clearance, location restriction, time zone, on-site days, language, federal status). sweepy.domain.eligibility
finds the sentences each reader is given."""

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from .countries import countries_in

Kind = Literal[
    "sponsorship",
    "citizenship",
    "clearance",
    "location_restriction",
    "timezone",
    "onsite_days",
    "language",
    "experience",  # read by sweepy/domain/experience.py
]
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
_OBTAIN = re.compile(
    r"\b(?:ability|able|eligible|eligibility)\s+to\s+obtain\b|\bwilling(?:ness)?\s+to\s+obtain\b", re.IGNORECASE
)
_CLEARANCE_NEED = re.compile(
    r"\bactive\b|\bcurrent\b|\brequire|\bmust\b|\bhold\b|\bpossess|\bneeded\b|\bobtain"
    r"|\berforderlich|\brequis|\brequerid",
    re.IGNORECASE,
)

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
TIMEZONE = re.compile(
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
_NICE = re.compile(
    r"\b(?:plus|nice\s+to\s+have|bonus|advantage|preferred|desirable|von\s+vorteil|wünschenswert|"
    r"un\s+atout|valorable|se\s+valorará|deseable)\b",
    re.IGNORECASE,
)


# -- assessment ------------------------------------------------------------------------------------------------
_NEEDS_VISA_VERDICT: dict[bool | None, Verdict] = {True: "blocks", False: "ok", None: "warns"}


def read_sponsorship(sentence: str, seeker: Seeker) -> Finding | None:
    if _YES_SPONSORSHIP.search(sentence) and not _NO_SPONSORSHIP.search(sentence):
        return Finding("sponsorship", "ok", _quote(sentence))
    if not _NO_SPONSORSHIP.search(sentence):
        return None
    places = countries_in(sentence)
    if places and places & seeker.may_work_in() and seeker.needs_sponsorship is not True:
        return Finding("sponsorship", "ok", _quote(sentence))
    return Finding("sponsorship", _NEEDS_VISA_VERDICT[seeker.needs_sponsorship], _quote(sentence))


def read_authorization(sentence: str, seeker: Seeker) -> Finding | None:
    if not _AUTHORIZED.search(sentence):
        return None
    places = countries_in(sentence)
    allowed = seeker.may_work_in()
    if places and allowed:
        return Finding("sponsorship", "ok" if places & allowed else "blocks", _quote(sentence))
    if seeker.needs_sponsorship is not None:
        return Finding("sponsorship", "blocks" if seeker.needs_sponsorship else "ok", _quote(sentence))
    return Finding("sponsorship", "warns", _quote(sentence))


def read_citizenship(sentence: str, seeker: Seeker) -> Finding | None:
    if not _CITIZEN.search(sentence):
        return None
    if _NOT_REQUIRED.search(sentence):
        return Finding("citizenship", "ok", _quote(sentence))
    places = countries_in(sentence)
    if not seeker.citizenships or not places:
        return Finding("citizenship", "warns", _quote(sentence))
    return Finding("citizenship", "ok" if places & seeker.citizenships else "blocks", _quote(sentence))


def read_clearance(sentence: str, seeker: Seeker) -> Finding | None:
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


def read_restriction(sentence: str, seeker: Seeker) -> Finding | None:
    if not _RESTRICTED.search(sentence):
        return None
    places = countries_in(sentence)
    if not places:
        return None
    allowed = seeker.may_live_in()
    if not allowed:
        return Finding("location_restriction", "warns", _quote(sentence))
    return Finding("location_restriction", "ok" if places & allowed else "blocks", _quote(sentence))


def read_timezone(sentence: str, seeker: Seeker) -> Finding | None:
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


def read_onsite(sentence: str, seeker: Seeker) -> Finding | None:
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


def read_language(sentence: str, seeker: Seeker) -> Finding | None:
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


def read_federal(open_to: list[str], seeker: Seeker) -> Finding | None:
    """USAJOBS: a posting whose hiring paths lack "public" is for federal employees, veterans and other groups."""
    if not open_to or "public" in (p.lower() for p in open_to):
        return None
    quote = ", ".join(open_to)
    groups = " ".join(open_to).lower()
    status = seeker.federal_status
    if (status == "employee" and "fed" in groups) or (status == "veteran" and "vet" in groups):
        return Finding("citizenship", "ok", quote)
    return Finding("citizenship", "blocks", quote)
