"""Is a posting from a staffing agency or recruiter rather than the employer? The company against a bundled list of
firms and their aliases (sweepy/data/staffing_firms.yaml) and the words agencies name themselves with, then the
description's own words ("on behalf of our client"): the evidence for the ghost signal `agency`."""

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from .sentences import sentences
from .text import normalize, normalize_company

REGION_WORDS = frozenset(
    "usa us uk canada australia india germany deutschland france nederland netherlands espana spain italia "
    "international americas emea europe global worldwide".split()
)
"""Trailing words a firm's postings add to its name ("Robert Half International", "Adecco USA"): dropped from
the posting's company before it is looked up (never from the list, so "Hudson Global" does not become "Hudson")."""

CONFIDENTIAL_NAMES = frozenset(
    ["confidential", "confidential company", "confidential employer", "company confidential", "undisclosed",
     "undisclosed company", "undisclosed employer", "anonymous employer", "hidden company"]
)  # fmt: skip
"""Company fields that hide the employer, as agencies and some boards write them."""
QUOTE_CHARS = 200
"""The evidence quotes at most this much of its sentence, ending " …" when cut: get_jobs shows ghost signals
whole, and an eligibility quote is cut to as much there."""


@dataclass(frozen=True, slots=True)
class Firm:
    name: str
    kind: str


@dataclass(frozen=True, slots=True)
class Listed:
    """One name of a firm as the list writes it: the firm itself or one of its aliases (a brand, a former name)."""

    firm: Firm
    name: str

    def evidence(self) -> str:
        """The firm and its kind, "Robert Half (staffing firm)"; a brand names its firm: "Experis (staffing firm,
        ManpowerGroup)"."""
        if self.name == self.firm.name:
            return f"{self.name} ({self.firm.kind})"
        return f"{self.name} ({self.firm.kind}, {self.firm.name})"


@dataclass(frozen=True, slots=True)
class FirmList:
    by_name: dict[str, Listed]
    """Every name and alias, normalised as normalize_company does."""
    name_words: re.Pattern[str]
    """A word of the normalised company that marks a recruitment firm by its name ("... Staffing")."""


def _load_firms(text: str) -> FirmList:
    """The list as the data file states it; a malformed entry or an alias two firms claim is a bug in the file."""
    raw = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml's: 45 ms less a sweep
    by_name: dict[str, Listed] = {}
    for entry in raw["firms"]:
        firm = Firm(str(entry["name"]), str(entry["kind"]))
        for alias in (entry["name"], *entry["aliases"]):
            key = normalize_company(str(alias))
            if not key or key in by_name:
                raise ValueError(f"staffing_firms.yaml: the name {alias!r} is empty or listed twice")
            by_name[key] = Listed(firm, str(alias))
    anywhere = "|".join(re.escape(normalize(w)) for w in raw["name_words"])
    last = "|".join(re.escape(normalize(w)) for w in raw["name_last_words"])
    return FirmList(by_name, re.compile(rf"(?:^| )(?:(?:{anywhere})(?: |$)|(?:{last})$)"))


@cache
def firm_list() -> FirmList:
    return _load_firms(resources.files("sweepy").joinpath("data/staffing_firms.yaml").read_text(encoding="utf-8"))


def company_evidence(company: str) -> str | None:
    """Why the company name itself says agency: a listed firm ("Robert Half (staffing firm)"), a name that says
    so ("Bright Staffing LLC (a recruitment firm by its name)"), or a company field that hides the employer."""
    name = normalize_company(company)
    if not name:
        return None
    if name in CONFIDENTIAL_NAMES:
        return f"{company.strip()} (the posting does not name the employer)"
    firms = firm_list()
    words = name.split()
    while words:
        if (listed := firms.by_name.get(" ".join(words))) is not None:
            return listed.evidence()
        if words[-1] not in REGION_WORDS:
            break
        words.pop()
    if firms.name_words.search(name):
        return f"{company.strip()} (a recruitment firm by its name)"
    return None


_CLIENT = r"(?:[\w-]+ ){0,2}?client\b(?!s|-)"
_AFTER_CLIENT = (
    r"(?:'s\b|\s*[,(–—:]|\s+-\s|\s+(?:is|has|are|seeks|needs|requires|wants|offers|based|located|"
    r"specialis\w+|specializ\w+|operates|provides|a|an)\b)"
)
"""What follows "our client" when it is the employer being described ("Our client, a leading…", "our client is",
"our client's team"), not a consultancy's work ("serve our clients", "client-facing", "with our client teams")."""
_NOT_DATA = r"(?!\s+(?:information|data|records?|documents?|materials?|matters|files?|property|and)\b)"
"""An employer's own "confidential company information" hides no employer."""


def _cues(*alternatives: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


_ANCHORED: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "behalf",
        _cues(
            r"\b(?:recruit(?:ing)?|hiring|search(?:ing)?|acting) on behalf of\b",
            rf"\bon behalf of (?:our|my|a|an|one of our) {_CLIENT}",
        ),
    ),
    (
        "client",
        _cues(
            rf"(?<!with )(?<!alongside )\b(?:our|my) (?:valued |esteemed |prestigious )?client{_AFTER_CLIENT}",
            # French and Spanish: "client" is in "cliente" too.
            r"\bpour le compte (?:de notre|d'un de nos|de l'un de nos|d'un) client\b(?!s)",
            r"(?<!chez )\bnotre client(?:\s*[,(–—:]|\s+(?:est|recherche|spécialis\w*|leader|basé|situé|acteur)\b)",
            r"\b(?:en nombre de|para) nuestro cliente\b",
            r"\bnuestro cliente(?:\s*[,(–—:]|\s+(?:es|busca|está|precisa|necesita|requiere|selecciona|líder)\b)",
        ),
    ),
    (
        "confidential",
        _cues(rf"\b(?:confidential (?:company|employer)|company(?: name)?(?: is)?:? confidential)\b{_NOT_DATA}"),
    ),
    ("undisclosed", _cues(rf"\bundisclosed (?:company|employer|client)\b{_NOT_DATA}")),
    (
        "partner",
        _cues(
            r"\b(?:we are|we're|we have|we've) (?:been )?partner(?:ing|ed) with (?:a|an|one)\b[^.!?\n]{0,120}?"
            r"\b(?:to (?:find|hire|recruit|identify|source)|in (?:their|its) search|who (?:is|are) "
            r"(?:looking|seeking|hiring))"
        ),
    ),
    (
        "recruiting for",
        _cues(
            r"\b(?:we are|we're|i am|i'm) (?:currently )?recruiting for (?:a|an|our|one of our|my) "
            r"(?:(?!to\b|join)[\w-]+ ){0,5}?(?:client|company|firm|organi[sz]ation|employer|business|"
            r"start-?up)\b"
        ),
    ),
    (
        "contract",
        _cues(
            r"\bthis is an? (?:[\w-]+ ){0,2}?contract(?:-to-hire| to hire)? (?:role|position|assignment|"
            r"opportunity|job) (?:through|via)\b"
        ),
    ),
    (
        " agency",
        _AGENCY := _cues(
            r"\b(?:is|are|as) (?:a|an) (?:(?!that\b|which\b|for\b|with\b|to\b|of\b)[\w-]+ ){0,3}?"
            r"(?:staffing|recruitment|recruiting|executive search|search) (?:agency|firm|company|"
            r"consultancy|partner)\b"
        ),
    ),
    (" firm", _AGENCY),
    (" partner", _AGENCY),
    # German and Dutch: the words agencies use for the client employer.
    ("kunde", _cues(r"\b(?:für unseren|im auftrag unseres|unser) kunden?\b")),
    ("mandant", _cues(r"\b(?:für unseren|im auftrag unseres|unser) mandant(?:en)?\b")),
    ("opdrachtgever", _cues(r"\b(?:namens |voor )?onze opdrachtgever\b(?!s)")),
)
"""Each cue with a word it holds: the cue's regex runs only around that word's occurrences (one regex of every
cue tried at every position of a description took 2 ms; a sweep reads tens of thousands of descriptions)."""
_REACH: dict[str, tuple[int, int]] = {
    "behalf": (30, 80), "client": (40, 40), "confidential": (30, 60), "undisclosed": (5, 60), "partner": (20, 180),
    "recruiting for": (20, 110), "contract": (50, 50), " agency": (90, 20), " firm": (90, 20), " partner": (90, 20),
    "kunde": (25, 20), "mandant": (25, 20), "opdrachtgever": (20, 25),
}  # fmt: skip
"""How far before and after its word (characters from the word's start) a cue reaches, with room for what its
lookaheads read (they see nothing past the window): the regex runs only there."""


def text_evidence(description: str) -> str | None:
    """The description's sentence that says a third party posted it ("Our client, a leading bank, is hiring…")."""
    lowered = description.lower()
    aligned = len(lowered) == len(description)  # lower() can lengthen a few letters ("İ"): then read it whole
    for word, cue in _ANCHORED:
        at = lowered.find(word)
        while at >= 0:
            before, after = _REACH[word]
            low, high = (max(0, at - before), at + after) if aligned else (0, len(description))
            if (match := cue.search(description, low, high)) is not None:
                begin = description.rfind("\n", 0, match.start()) + 1
                end = description.find("\n", match.end())
                line = description[begin : None if end < 0 else end]
                return _quote(line, match.start() - begin, match.end() - begin)
            at = lowered.find(word, at + len(word)) if aligned else -1
    return None


def _quote(line: str, first: int, last: int) -> str:
    """The sentences of `line` that the cue at [first, last) overlaps (one, unless a cue spans a colon:
    "Company: Confidential"), verbatim up to QUOTE_CHARS."""
    begin, end, offset = last, first, 0
    for sentence in sentences(line):
        offset = line.find(sentence, offset)
        if offset < last and first < offset + len(sentence):
            begin, end = min(begin, offset), max(end, offset + len(sentence))
        offset += len(sentence)
    quote = line[min(begin, first) : max(end, last)].strip()
    return quote if len(quote) <= QUOTE_CHARS else quote[: QUOTE_CHARS - 2].rstrip() + " …"


def agency_evidence(company: str, description: str) -> str | None:
    """Evidence that a staffing agency or recruiter posted this, or None: the firm list first (cheap), then the
    text. A fact with its evidence, never a verdict: the person reads it and decides."""
    return company_evidence(company) or text_evidence(description)
