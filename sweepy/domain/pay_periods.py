"""Which pay period a salary text states ("per week", "/wk", "£850pw", "Weekly stipend:"), and a guess from the
amount's size when it states none. How long one works ("3 days a week") is no pay period."""

import re

from .postings import Period

# Period words in lower-cased text; an abbreviation may follow its figure directly ("£30ph", "£40kpa", "$30hr").
_PERIOD_WORDS: list[tuple[re.Pattern[str], Period]] = [
    (re.compile(r"(?<![a-z])(?:per\s+hour|an\s+hour|a\s+hour|hourly|hour|hrs?|p\.?h\.?)\b|/\s*h\b"), "hour"),
    (re.compile(r"(?<![a-z])(?:per\s+day|a\s+day|daily|day)\b"), "day"),
    (re.compile(r"(?<![a-z])(?:per\s+week|a\s+week|weekly|week|wk|pw|p\.\s?w\.|p/w)(?![a-z])"), "week"),
    (re.compile(r"(?<![a-z])(?:per\s+month|a\s+month|monthly|month|mth|mo|pcm)\b"), "month"),
    (re.compile(r"(?<![a-z])(?:per\s+year|a\s+year|annually|annual|yearly|year|yr|annum|p\.?a\.?|p/a|lpa)\b"), "year"),
]
_WORKING_TIME = re.compile(
    r"(?<![\w$€£₹.,])(?:\d{1,2}(?:[.,]5)?|one|two|three|four|five|six|seven)(?:\s?(?:-|–|to|or)\s?\d{1,2})?"
    r"\s?(?:days?|hours?|hrs|shifts?|nights?)\s?(?:a|an|per|each|every|/|in the|of the)\s?"
    r"(?:week|wk|month|fortnight)\b",
    re.IGNORECASE,
)
"""How long one works ("3 days a week", "40 hours per week"): neither an amount nor a pay period."""


def without_working_time(text: str) -> str:
    """The text with its working times blanked out, each character kept in its place."""
    return _WORKING_TIME.sub(lambda found: " " * len(found[0]), text)


def period_word(lowered: str) -> tuple[Period, int] | None:
    """The period a lower-cased text states and where, the first kind in _PERIOD_WORDS' order (an hourly rate
    beside its yearly figure is hourly); a working time ("3 days a week") states none."""
    lowered = without_working_time(lowered)
    for pattern, period in _PERIOD_WORDS:
        if word := pattern.search(lowered):
            return period, word.start()
    return None


def guess_period(amount: float) -> Period:
    """No period word: small amounts are hourly, mid-size monthly, large annual."""
    if amount < 300:
        return "hour"
    if amount < 20_000:
        return "month"
    return "year"


def period_before(text: str, floor: int, clause: int, at: int) -> tuple[Period, int] | None:
    """A period said before an amount at `at`, and where: in the amount's clause (from `clause`: "Weekly stipend:
    3,850 USD", "Stipend (per week): 3,850 USD") or, for an amount that starts its line, in the line above (a pay
    block's "US Weekly Pay Range"), never before `floor` (the amount before) or further back, where a period word
    is about something else."""
    line = text.rfind("\n", 0, at) + 1
    start = clause
    if not text[line:at].strip():
        start = max(floor, text.rfind("\n", 0, max(0, line - 1)) + 1)
    said = period_word(text[start:at].lower())
    return (said[0], start + said[1]) if said else None
