"""What kind of job a posting is (`employment_type`): one small vocabulary, and one reader of every API's words.

Each API has its own words for it: Lever's free-text `commitment` ("Full-time", "Regular Full-Time"), Ashby's
`FullTime`, Recruitee's `fulltime_fixed_term`, Arbeitnow's German `Vollzeit`, USAJOBS's "Shift work". They all
go through `employment_type()`, so a card says the same thing whichever board it came from, and a profile's
`employment_types` filter means one thing.
"""

import re
from typing import Literal, get_args

EmploymentType = Literal[
    "full_time", "part_time", "contract", "temporary", "internship", "apprenticeship", "volunteer", "other"
]
EMPLOYMENT_TYPES: tuple[EmploymentType, ...] = get_args(EmploymentType)

_WORDS: tuple[tuple[EmploymentType, str], ...] = (
    # The most specific kind first: a "Full-time internship" is an internship, a "full time contract" a contract.
    ("internship", r"intern|interns|internship|internships|praktikum|praktikant(?:in)?|stagiaire"),
    ("apprenticeship", r"apprentice|apprenticeship|apprenticeships|ausbildung|azubi"),
    ("volunteer", r"volunteer|volunteering|voluntary|ehrenamt(?:lich)?"),
    ("contract", r"contract|contractor|contractors|contracting|freelance|freelancer|freiberuflich"),
    ("temporary", r"temporary|temp|fixed term|befristet|seasonal|interim"),
    # Full before part: "Full-time or part-time" offers full-time work, and "Vollzeit, Teilzeit" too.
    ("full_time", r"full time|fulltime|vollzeit"),
    ("part_time", r"part time|parttime|teilzeit|minijob|job sharing|werkstudent(?:in)?|working student"),
    ("other", r"other|shift work|intermittent|per diem"),
)
_KINDS = tuple((kind, re.compile(rf"\b(?:{words})\b")) for kind, words in _WORDS)
# "permanent contract" (a CDI, an unbefristeter Vertrag) is employment, not contract work.
_NOT_CONTRACT = re.compile(r"\b(?:permanent|unlimited|indefinite) contract\b")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")  # Ashby's FullTime, PartTime
_NON_WORD = re.compile(r"[\W_]+")
_MAX_CHARS = 500  # an employment field is a word or two; a description pasted into it is not read whole


def employment_type(*values: object) -> EmploymentType | None:
    """The kind of job the API's field values say, or None when none says one Sweepy can place.

    Values may be text, lists of text (Arbeitnow `job_types`, Jobicy `jobType`) or `{label, id}` / `{Name,
    Code}` objects (SmartRecruiters, USAJOBS), in any case and spelling ("Full-Time", "full_time", "FullTime").
    Words that say nothing about the kind ("Permanent", "Regular", "Mid Level") give None, never a guess, so an
    `employment_types` filter keeps the posting.
    """
    text = " ".join(_words(value) for value in values)
    text = _NOT_CONTRACT.sub(" ", text)
    return next((kind for kind, pattern in _KINDS if pattern.search(text)), None)


def _words(value: object, depth: int = 0) -> str:
    if isinstance(value, str):
        return _NON_WORD.sub(" ", _CAMEL.sub(" ", value[:_MAX_CHARS])).lower()
    if depth > 2:
        return ""
    if isinstance(value, dict):
        return " ".join(_words(value.get(key), depth + 1) for key in ("label", "Name", "name", "id"))
    if isinstance(value, list | tuple):
        return " ".join(_words(item, depth + 1) for item in value[:20])
    return ""


_QUALIFIER = re.compile(r"[(\[]([^()\[\]]{1,40})[)\]]")
"""A title's bracketed qualifier: "(Part-Time)", "[Contract]", "(Full Time, 12 months)"."""


def title_kind(title: str) -> EmploymentType | None:
    """The kind a title states in brackets ("Registered Nurse - Medical Day Unit (Part-Time)", "Data Engineer
    (Contract)"), for a posting whose API says none. Only a bracketed qualifier is read: a title's own words name
    the work, not its terms ("Contract Manager", "Internal Audit Lead", "Temp Agency Recruiter")."""
    for qualifier in _QUALIFIER.findall(title[:300]):
        if (kind := employment_type(qualifier)) is not None:
            return kind
    return None


def as_employment_type(value: str) -> EmploymentType | None:
    """One of EMPLOYMENT_TYPES written loosely ("Full-time", "full time", "FULL_TIME"), else None: for values a
    person or an assistant typed (profiles, import_jobs), which must name a kind exactly, not be guessed at."""
    key = _NON_WORD.sub("_", value.strip().lower()).strip("_")
    return next((kind for kind in EMPLOYMENT_TYPES if kind == key), None)
