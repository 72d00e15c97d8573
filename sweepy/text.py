"""Text normalisation shared by the filter, dedupe and score stages."""

import html
import re
import unicodedata

_TAG_BREAK = re.compile(r"<\s*(?:br|/p|/li|/div|/h\d|li|p)\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z!][^>]*>")  # a tag starts with a letter: "pay < $50k and > $40k" stays
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]")

_ABBREVIATIONS = {
    "sr": "senior",
    "snr": "senior",
    "jr": "junior",
    "mgr": "manager",
    "assoc": "associate",
    "asst": "assistant",
    "admin": "administrative",
    "eng": "engineer",
    "dev": "developer",
}
_COMPANY_SUFFIXES = frozenset(
    """inc incorporated llc llp lllp ltd limited corp corporation co company gmbh plc pc pllc sa ag the""".split()
)


def clean_text(text: str) -> str:
    """Plain text from plain text or HTML, with control and bidi-override characters removed."""
    if "<" in text and ">" in text:
        text = _TAG.sub(" ", _TAG_BREAK.sub("\n", text))
    if "&" in text:
        text = html.unescape(text)
    text = _CONTROL.sub("", text)
    # str.split() collapses whitespace in C; a regex over every space cost 40 µs per description.
    return "\n".join(filter(None, (" ".join(line.split()) for line in text.split("\n"))))


def _is_accent(char: str) -> bool:
    """A generic combining diacritic (the Latin/Greek/Cyrillic accents), not a mark a script needs, such as a
    Devanagari vowel sign or the kana voicing mark."""
    code = ord(char)
    return any(low <= code <= high for low, high in _ACCENT_BLOCKS)


_ACCENT_BLOCKS = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))


class _WordChars(dict[int, str]):
    """str.translate table: letters and digits of any script kept with accents stripped ("é" → "e"), `+` and `#`
    kept, every other character a space. Filled on first sight of each character; translate + split is ~2x faster
    than a regex substitution, and a value may be several characters ("ﬁ" → "fi")."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        if char.isascii():
            kept = char if char.isalnum() or char in "+#" else " "
        elif unicodedata.category(char).startswith("M"):
            kept = "" if _is_accent(char) else char  # an accent typed apart ("e" + U+0301) joins its letter
        elif char.isalnum():
            # NFKD splits "é" into "e" + accent and folds "ﬁ", "²", "Ａ"; NFC recomposes what is left ("ガ" stays).
            bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not _is_accent(c))
            bare = unicodedata.normalize("NFC", bare).lower()
            kept = "".join(c if c.isalnum() or unicodedata.category(c).startswith("M") else " " for c in bare)
        else:
            kept = " "
        self[code] = kept
        return kept


_WORD_CHARS = _WordChars()


def normalize(text: str) -> str:
    """Lower-case words separated by single spaces; punctuation and accents dropped ("Sr. Writer, II" →
    "sr writer ii", "Ärztin" → "arztin", "弁護士" stays)."""
    return " ".join(text.lower().translate(_WORD_CHARS).split())


def expand_abbreviations(words: list[str]) -> list[str]:
    return [_ABBREVIATIONS.get(word, word) for word in words]


def normalize_title(title: str) -> str:
    """Titles compared across platforms: "Sr. Paralegal" and "Senior Paralegal" become the same."""
    return " ".join(expand_abbreviations(normalize(title).split()))


def normalize_company(company: str) -> str:
    """Company names compared across platforms: "Northwind Labs, Inc." and "Northwind Labs" match."""
    words = normalize(company.replace("&", " and ")).split()
    return " ".join(word for word in words if word not in _COMPANY_SUFFIXES)


def contains_phrase(haystack: str, phrase: str) -> bool:
    """Whole-word phrase test on normalised text (both sides already normalised)."""
    return bool(phrase) and f" {phrase} " in f" {haystack} "
