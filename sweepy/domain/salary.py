"""Salary text and objects → Salary with a period, so `min_salary` compares annual amounts."""

import dataclasses
import math
import re

from .pay_periods import guess_period, period_before, period_word, without_working_time
from .postings import ANNUAL_FACTOR, Period, Salary

# Dollars that are not US dollars, by the prefix a posting writes ("C$", "CA$", "A$", "NZ$", "S$", ...).
_DOLLARS = {
    "US": "USD", "CA": "CAD", "CAD": "CAD", "C": "CAD", "AU": "AUD", "AUD": "AUD", "A": "AUD", "NZ": "NZD",
    "NZD": "NZD", "S": "SGD", "SG": "SGD", "SGD": "SGD", "HK": "HKD", "R": "BRL",
}  # fmt: skip
_DOLLAR_NAMES = "|".join(sorted(_DOLLARS, key=len, reverse=True))  # longest first: "CAD$" before "C$"
_DOLLAR_PREFIX = re.compile(rf"(?<![A-Za-z])({_DOLLAR_NAMES})\$")
_CURRENCY_SIGNS = {"€": "EUR", "£": "GBP", "₹": "INR"}
_RUPEES = re.compile(r"(?<![A-Za-z])Rs\b")
_CURRENCY_CODES = (
    "USD", "EUR", "GBP", "CAD", "AUD", "NZD", "SGD", "HKD", "CHF", "INR", "SEK", "NOK", "DKK", "PLN", "BRL", "JPY",
)  # fmt: skip
# Whole words only ("audit" is not AUD and "(Europe)" is not EUR), though a figure's "k" may run into one: "45kEUR".
_CURRENCY_CODE = re.compile(
    r"(?:(?<![A-Za-z])|(?<=\d[kK]))(" + "|".join(_CURRENCY_CODES) + r")(?![A-Za-z])", re.IGNORECASE
)
# A retirement plan, not an amount: "401k match" must not read as a $401,000 maximum.
# It starts with its digits (the word boundary is a lookbehind after them), so the engine scans for "40" in C.
_RETIREMENT_PLAN = re.compile(r"40[13](?<!\w40[13])\s*\(?\s*[kb]\s*\)?(?![a-z])", re.IGNORECASE)


# One amount, in the grouping of its locale: 12,00,000 (India), 1,200,000.50, 45.000,50 (much of Europe),
# 45 000 (France), or plain 120 / 45.50 / 31,2 (a decimal comma, as in "$31,2k").
_NUMBER = (
    r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?"
    r"|\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?"
    r"|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?"
    r"|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![ \u00a0\u202f]?%)"
    r"|\d+(?:[.,]\d{1,2})?"
)
_EUROPEAN = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
_MULTIPLIERS = {"k": 1e3, "thousand": 1e3, "lakh": 1e5, "lakhs": 1e5, "lac": 1e5, "lacs": 1e5, "lpa": 1e5}
# "$73 million", "$1.2B", "€5 Mio.": funding, revenue, valuations, never pay. Such an amount is no amount at all.
_MAGNITUDE = r"\s?(?i:million|billion|trillion|mn|bn|mm|mio|mrd|m|b)(?![A-Za-z])"
_CODE = rf"\b(?:{'|'.join(_CURRENCY_CODES)})\b"
_CODE_AFTER = rf"(?:{'|'.join(_CURRENCY_CODES)})\b"  # right after a figure, where there is no word boundary
_PERIOD_AFTER = r"(?i:ph|pa|hrs?|yr|pw|pcm)(?![A-Za-z])"  # right after a figure: "£30ph", "£40kpa"
_LETTER_AFTER = rf"(?!(?!{_CODE_AFTER}|{_PERIOD_AFTER})[A-Za-z])"  # only a code or a period: "50000EUR", "40kpa"
_MULTIPLIER = rf"\s?(?:[kK]|(?i:thousand|lakhs?|lacs?|lpa)){_LETTER_AFTER}"
_AMOUNT = rf"(?:{_NUMBER})(?!\d|[.,]\d)(?:{_MULTIPLIER})?{_LETTER_AFTER}(?!{_MAGNITUDE})"
_AMOUNT_RE = re.compile(_AMOUNT)
_SIGN = rf"(?:(?<![A-Za-z])(?:{_DOLLAR_NAMES})?\$|€|£|₹|(?<![A-Za-z])Rs\.?)"
_PREFIX = rf"(?:(?:{_CODE}\s?)?{_SIGN}|{_CODE})\s?"  # "$", "USD", "CAD $"
_SUFFIX = rf"\s?(?:{_CODE_AFTER}|[€£₹$](?!\d))"
_TO = r"\s{0,2}(?:-|–|—|−|~|to)\s{0,2}"
_SCALED_UPPER = rf"(?!{_TO}(?:{_PREFIX})?(?:{_NUMBER}){_MAGNITUDE})"  # "$1-2 million"
_PERIOD = (
    r"(?:\s?\(?(?:/|per|an?|each|every)\s?(?i:hour|hr|h|year|yr|annum|month|mth|mo|week|wk|day)(?![A-Za-z])\)?"
    r"|\s?(?i:p\.\s?a\.|p\.a|pa|p/a|p\.h\.|ph|hrs?|yr|p\.\s?w\.|p/w|pw|pcm|annually|hourly|yearly|monthly|weekly|daily)"
    r"(?![A-Za-z]))?"
)
# A salary inside free text is anchored on a currency sign or code, before the amount or after it
# ("$120k", "USD 90,000", "45.000 €", "139,200 - 235,200 USD"): bare numbers there are years, counts, ids.
_PREFIXED = re.compile(
    rf"{_PREFIX}{_AMOUNT}{_SCALED_UPPER}(?:{_SUFFIX})?(?:{_TO}(?:{_PREFIX})?{_AMOUNT})?(?:{_SUFFIX})?{_PERIOD}"
)
# "between $120,000 and $150,000": "and" joins a range only after "between" ("$100k and $5,000 bonus" is none).
_BETWEEN = re.compile(r"\bbetween\s?\Z", re.IGNORECASE)
_PREFIXED_AND = re.compile(
    rf"{_PREFIX}{_AMOUNT}(?:{_SUFFIX})?\s(?:and|&)\s(?:{_PREFIX})?{_AMOUNT}(?:{_SUFFIX})?{_PERIOD}"
)
_SUFFIXED = re.compile(rf"(?<![\d.,]){_AMOUNT}{_SCALED_UPPER}(?:{_TO}{_AMOUNT})?{_SUFFIX}{_PERIOD}")
_BEFORE_SUFFIX = re.compile(rf"(?<![\d.,]){_AMOUNT}{_SCALED_UPPER}(?:{_TO}{_AMOUNT})?\s?\Z")
# Where a currency may be: a sign, a code, "Rs". Its first item is a character class, so the regex engine skips
# to candidates in C; a regex of the whole salary tried at every character cost ten times as much.
_ANCHOR = re.compile(
    "[$€£₹R"
    + "".join(sorted({code[0] for code in _CURRENCY_CODES}))
    + "](?:(?<=[$€£₹])|(?:"
    + "|".join(f"(?<={code[0]}){code[1:]}" for code in _CURRENCY_CODES)
    + r"|(?<=R)s)(?![A-Za-z]))"
)
# A sign written as an HTML entity, once or twice escaped ("&amp;euro;"), as in a description not yet cleaned.
_ESCAPED_SIGN = re.compile(r"&(?:amp;)?(?:euro|pound|dollar|#0*(?:36|163|8364|8377)|#x0*(?:24|a3|20ac|20b9));", re.I)
_THOUSANDS_BEFORE = re.compile(r"\d[kK]\Z")
_DOLLAR_LETTERS = re.compile(rf"(?<![A-Za-z])(?:{_DOLLAR_NAMES})\Z")
_MAX_AMOUNTS = 50
"""Currency amounts read from one text: a description states its pay among the first few; a hostile one with
thousands of "$1" costs no more than this many."""
_SUFFIX_REACH = 50
"""Characters before a currency code or sign searched for the amount it follows ("139,200 - 235,200 USD")."""
# What the words of an amount's clause say it is. Read outwards from the amount, the first word that decides
# wins: "Fertility HRA (up to $10,000 per year)", "$5,000 sign-on bonus" and "equipment stipend of $1,500" are
# not pay; "after the 401(k) match, the base salary is $120k" and "Insurance Agent, $50k base" are. Weak words
# ("range", "stipend") make a small amount believable as pay but do not outweigh a word that says otherwise.
# Words that are also job titles ("Machine Learning Engineer", "Budget Analyst", "Dental Hygienist") count
# only in phrases ("learning budget"), so a title next to its pay does not hide it.
_PERK = (
    r"(?:learning|education|development|training|wellness|well-?being|equipment|home[- ]office|office|phone"
    r"|internet|remote work|wfh|co-?working|commuter|gym|fitness|book|conference|travel|meal|lunch|health|tech"
    r"|technology) (?:stipends?|budgets?|allowances?|credits?)|budgets? (?:of|for)"
)
_NOT_PAY = (
    rf"{_PERK}|raised|raising|funding|funded|fundrais\w*|investors?|invested|valuation|valued at|revenues?|arr"
    r"|mrr|gmv|series [a-f]|allowances?|reimburs\w*|hra|hsa|fsa|fertility|tuition|laptops?|co-?working|commuter"
    r"|meals?|lunch|relocat\w*|sign[- ]?on|referrals?|bonus\w*|retirement|pension|superannuation|match\w*"
    r"|contributions?|rsus?|stock options|shares|compute|donat\w*|charit\w*|prizes?|gifts?|costs?|price[sd]?|fees?"
    r"|spend|spent|spending|insurance|coverage|deductibles?|premiums?|aum|assets under management|childcare|parental"
    r"|vacation|pto|worth|save[sd]?|savings|in (?:equity|stock|sales|revenue|funding|cash)"
)
_PAY = (
    r"salary|salaries|pay|paid|paying|compensation|comp|wages?|base|earnings|remuneration"
    r"|gehalt|salaire|lohn|verg[üu]tung|sueldo|salario|ctc|tc|total comp\w*"
)
_PAY_WEAK = r"rates?|hourly|annual(?:ly)?|yearly|monthly|range|band|income|earn|stipend"
_CONTEXT = re.compile(
    rf"\b(?:(?P<ote>ote|on[- ]target(?: earnings| compensation| comp)?)|(?P<other>{_NOT_PAY})|(?P<pay>{_PAY})"
    rf"|(?P<weak>{_PAY_WEAK}))\b",
    re.IGNORECASE,
)
_CLAUSE_START = re.compile(r".*(?:[\n•;!?]|\.\s)", re.DOTALL)
_CLAUSE_END = re.compile(r"[\n•;!?,(+/]|\.(?:\s|$)|\b(?:plus|and|with|or|per)\b", re.IGNORECASE)
_BEFORE, _AFTER = 80, 40
"""Characters of context read before and after an amount: its clause, not the paragraph."""


def check_amount(amount: float, period: Period, shown: str) -> None:
    """ValueError unless the amount and its annual figure are finite: NaN or inf would poison every comparison
    and cannot be written as JSON."""
    if math.isnan(amount):
        raise ValueError(f"salary {shown} is not a number")
    if not math.isfinite(amount * ANNUAL_FACTOR[period]):
        raise ValueError(f"salary {shown} is too large to be an amount")


def check_text(text: str, what: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"salary {what} is not valid Unicode text (it holds a lone surrogate)") from None


def _number(token: str) -> float:
    """The value of one amount as `_NUMBER` matched it, its separators read by their grouping."""
    digits = token.replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
    if _EUROPEAN.fullmatch(digits):
        return float(digits.replace(".", "").replace(",", "."))  # 45.000,50
    if _DECIMAL_COMMA.fullmatch(digits):
        return float(digits.replace(",", "."))  # 31,2 (k)
    return float(digits.replace(",", ""))  # 1,200,000.50 and 12,00,000


def _amounts(text: str) -> list[tuple[float, float]]:
    """Every amount in the text as (value, multiplier): "31,2k" is (31.2, 1000), "12 LPA" (12, 100,000)."""
    amounts = []
    for match in _AMOUNT_RE.finditer(text):
        token = match[0].rstrip()
        word = re.search(r"[A-Za-z]+$", token)
        if word and word[0].lower() in _MULTIPLIERS:
            amounts.append((_number(token[: word.start()].rstrip()), _MULTIPLIERS[word[0].lower()]))
        else:
            amounts.append((_number(token[: word.start()] if word else token), 1.0))
    return amounts


def _currency(text: str) -> str | None:
    """A specific dollar ("C$", "NZ$") or sign (€, £, ₹, Rs) first, then a code ("CAD"), then a plain "$" as USD."""
    if dollar := _DOLLAR_PREFIX.search(text):
        return _DOLLARS[dollar[1]]
    if sign := next((code for sign, code in _CURRENCY_SIGNS.items() if sign in text), None):
        return sign
    if _RUPEES.search(text):
        return "INR"
    if code := _CURRENCY_CODE.search(text):
        return code[1].upper()
    return "USD" if "$" in text else None


def parse_salary_text(text: str) -> Salary | None:
    """Parse "$70,000 - $85,000 a year", "$32/hr", "€55k", "USD 60000-75000 per year"; None if no amount.

    Raises ValueError for an amount too large to be a salary ("$999...9" reads as inf).
    """
    check_text(text, "text")
    amounts = _amounts(_RETIREMENT_PLAN.sub(" ", without_working_time(text)))
    if not amounts:
        return None
    (low, low_scale), (high, high_scale) = amounts[0], amounts[1] if len(amounts) > 1 else amounts[0]
    # A lone "k" on the upper bound applies to the lower one too ("$95-120K", "₹12-18 LPA").
    if low_scale == 1 < high_scale and low < 1000:
        low_scale = high_scale
    low, high = low * low_scale, high * high_scale
    if high < low:
        low, high = high, low
    stated = period_word(text.lower())
    period = stated[0] if stated else guess_period(low)
    check_amount(high, period, f"amount in {text[:40]!r}")
    return Salary(min=low, max=high, currency=_currency(text), period=period, text=text.strip())


class _Candidate:
    """One currency-anchored amount in a text, and what the words of its clause say it is."""

    __slots__ = ("after", "base", "before", "end", "heading", "match", "salary", "start")

    def __init__(self, match: re.Match[str], salary: Salary, text: str, floor: int, ceiling: int) -> None:
        self.match, self.salary, self.start, self.end = match, salary, match.start(), match.end()
        start = max(floor, match.start() - _BEFORE)
        # The lines just before may be a heading ("US Hourly Pay Range" above "$28—$34 USD"): words for pay count
        # there, though only the amount's own clause can say it is something else.
        self.heading = [word.lastgroup or "" for word in _CONTEXT.finditer(text, start, match.start())]
        if clause := _CLAUSE_START.match(text, start, match.start()):
            start = clause.end()
        stop = _CLAUSE_END.search(text, match.end(), min(ceiling, match.end() + _AFTER))
        before = list(_CONTEXT.finditer(text, start, match.start()))
        after = list(_CONTEXT.finditer(text, match.end(), stop.start() if stop else min(ceiling, match.end() + _AFTER)))
        self.before = [word.lastgroup or "" for word in before]
        self.after = [word.lastgroup or "" for word in after]
        self.base = any(word[0].lower() == "base" for word in (*before, *after))
        if (said := period_before(text, floor, start, match.start())) and not period_word(match[0].lower()):
            self.salary = dataclasses.replace(salary, period=said[0])  # "Weekly stipend: 3,850 USD"
            self.start = min(self.start, said[1])
        # "OTE $120k-$160k", "$160,000 OTE": the text shown (and exported) keeps the word that says so.
        self.start = min([self.start, *(word.start() for word in before if word.lastgroup == "ote")])
        self.end = max([self.end, *(word.end() for word in after if word.lastgroup == "ote")])

    def not_pay(self) -> bool:
        """A word for pay right after the amount settles it ("$50k base"); else, read outwards from the amount,
        a word for something else comes before any word for pay."""
        after = _first_decisive(self.after)
        if after in ("pay", "ote"):
            return False
        return after == "other" or _first_decisive(self.before[::-1]) == "other"

    def ote(self) -> bool:
        """Said in the amount's clause, or in the heading above a figure that stands alone on its line ("US OTE
        Range" over "$120,000—$160,000 USD")."""
        return "ote" in (self.before or self.heading) or "ote" in self.after

    def plausible(self) -> bool:
        """A figure a salary can be: 10 or more, and a small one with neither a period nor a word for pay ("a
        $50 gift card", "$500 per employee") is not taken for an hourly rate."""
        low = self.salary.min or 0
        if low < 10:
            return False
        stated_period = period_word(self.match[0].lower()) is not None
        return stated_period or low >= 20_000 or bool({"ote", "pay", "weak"} & {*self.heading, *self.after})


def _first_decisive(words: list[str]) -> str | None:
    return next((word for word in words if word != "weak"), None)


def says_ote(label: str) -> bool:
    """Whether a pay label or note calls the amount on-target earnings ("OTE $168K – $231K", "On-target
    earnings include commission"): the words find_salary marks `ote` by, for an API's structured pay."""
    return any(word.lastgroup == "ote" for word in _CONTEXT.finditer(label))


def might_state_pay(source: str) -> bool:
    """Whether raw text or HTML holds anything find_salary anchors on, signs written as entities included: a
    cheap test that spares cleaning a description that cannot state pay."""
    return _ANCHOR.search(source) is not None or ("&" in source and _ESCAPED_SIGN.search(source) is not None)


def find_salary(text: str) -> Salary | None:
    """The first salary stated in free text such as a description ("Pay: $150,000 — $190,000 USD"), or None.

    Only amounts that carry a currency sign or code count. One with a magnitude ("raised $73 million") is no
    amount; one the words of its clause call something else (a benefit, an allowance, funding, revenue, a
    bonus, a price) is skipped. A range stated as on-target earnings is marked `ote`, and "$80,000 base,
    $160,000 OTE" reads as 80,000-160,000 OTE. The text must be text: HTML is turned into text first
    (clean_text), so a range whose bounds sit in separate tags reads as one.
    """
    text = _RETIREMENT_PLAN.sub(" retirement plan ", text[:20_000])
    matches = _stated_amounts(text)
    for index in range(len(matches)):
        candidate = _candidate(text, matches, index)
        if candidate is None or candidate.not_pay() or not candidate.plausible():
            continue
        if candidate.ote():
            return dataclasses.replace(candidate.salary, ote=True, text=text[candidate.start : candidate.end])
        return _with_ote(text, candidate, _candidate(text, matches, index + 1)) or candidate.salary
    return None


def _stated_amounts(text: str) -> list[re.Match[str]]:
    """Every currency-anchored amount or range in the text, in order, none overlapping."""
    found: list[re.Match[str]] = []
    for anchor in _ANCHOR.finditer(text):
        if len(found) == _MAX_AMOUNTS:
            break
        start, end = anchor.span()
        if found and start < found[-1].end():
            continue  # the second bound of a range already read
        match = _amount_at(text, anchor[0], start, end)
        if match is not None and (not found or match.start() >= found[-1].end()):
            found.append(match)
    return found


def _amount_at(text: str, anchor: str, start: int, end: int) -> re.Match[str] | None:
    """The amount a currency anchor belongs to: written after it ("$120k", "USD 90,000") or before it ("45.000 €")."""
    if (
        anchor.isalpha()
        and start
        and text[start - 1].isalpha()
        and not _THOUSANDS_BEFORE.match(text, max(0, start - 2), start)
    ):
        return None  # inside a word ("ABCUSD", "HRs"), not after a figure's "k" ("45kEUR")
    if anchor == "$" and (letters := _DOLLAR_LETTERS.search(text, max(0, start - 3), start)):
        start = letters.start()  # "CA$", "NZ$"
    if _BETWEEN.search(text, max(0, start - 9), start) and (match := _PREFIXED_AND.match(text, start)):
        return match
    if match := _PREFIXED.match(text, start):
        return match
    before = text[max(0, start - 2) : start].rstrip(" \u00a0\u202f")[-1:]
    if anchor == "Rs" or not (before.isdigit() or before in ("k", "K")):
        return None  # no figure right before it: not "45.000 €", "120k€" or "90,000 CAD"
    if not (head := _BEFORE_SUFFIX.search(text, max(0, start - _SUFFIX_REACH), start)):
        return None
    match = _SUFFIXED.match(text, head.start())
    return match if match is not None and match.end() >= end else None


def _candidate(text: str, matches: list[re.Match[str]], index: int) -> _Candidate | None:
    if index >= len(matches):
        return None
    match = matches[index]
    try:
        salary = parse_salary_text(match[0])
    except ValueError:
        return None
    if salary is None:
        return None
    floor = matches[index - 1].end() if index else 0
    ceiling = matches[index + 1].start() if index + 1 < len(matches) else len(text)
    return _Candidate(match, salary, text, floor, ceiling)


def _with_ote(text: str, base: _Candidate, following: _Candidate | None) -> Salary | None:
    """ "$80,000 base, $160,000 OTE": the base up to the on-target figure, marked `ote`; None otherwise."""
    if following is None or not (base.base and following.ote()):
        return None
    low, high = base.salary, following.salary
    if following.match.start() - base.match.end() > _AFTER or high.currency != low.currency:
        return None
    if (high.max or 0) <= (low.max or 0) or high.period != low.period:
        return None
    return dataclasses.replace(low, max=high.max, ote=True, text=text[base.start : following.end].strip())
