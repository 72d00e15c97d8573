"""Text normalisation shared by the filter, dedupe and score stages."""

import html
import re
import unicodedata
from html.parser import HTMLParser

_LOOKS_LIKE_HTML = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|<!--")  # "pay < $50k and > $40k" is text
_BLOCKS = frozenset(
    "address article aside blockquote br dd div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr "
    "li main nav ol p pre section table tbody td tfoot th thead tr ul".split()
)
_SKIPPED = frozenset(("script", "style", "template", "noscript", "head", "title", "svg"))
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")  # C0, DEL, C1, bidi
_MOJIBAKE = re.compile(
    "[\u00c2-\u00f4](?:[\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013"
    "\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]|(?<=\u00c2) )"
)  # one branch led by a character class: the regex engine scans for the class instead of trying each position
"""A UTF-8 lead byte read as Latin-1/cp1252 ("Ã", "Â", "â") followed by a continuation byte read the same way
("©", "€", a C1 control), or "Â " (a no-break space whose second byte became a space): the mark of double-encoded
text. Only text that has it goes through ftfy."""

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


class _TextExtractor(HTMLParser):
    """HTML → text with the standard library's tolerant parser: block elements become line breaks, list items
    start with "• ", and what <script> or <style> hold is dropped (their text is code, not the posting)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self._skipping += 1
        elif tag in _BLOCKS:
            self.parts.append("\n• " if tag == "li" else "\n")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skipping = max(0, self._skipping - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def html_to_text(markup: str) -> str:
    """The text a browser would show of an HTML fragment (entities decoded), lines not yet tidied."""
    parser = _TextExtractor()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


def clean_text(text: str) -> str:
    """Plain text from plain text or HTML, double-encoded UTF-8 repaired, control and bidi-override characters
    removed.

    Entity-escaped HTML (Greenhouse's `&lt;p&gt;…`) is unescaped once first, so its tags are parsed as tags; a
    body that mixes escaped markup with real tags is parsed a second time, so no literal tag is left as text.
    """
    if "&lt;" in text and not _LOOKS_LIKE_HTML.search(text):
        text = html.unescape(text)
    if "<" in text and _LOOKS_LIKE_HTML.search(text):
        text = html_to_text(text)
        if "<" in text and _LOOKS_LIKE_HTML.search(text):  # `<p>&lt;div class=&quot;intro&quot;&gt;…</p>`
            text = html_to_text(text)
    elif "&" in text:
        text = html.unescape(text)
    text = fix_mojibake(text)
    if text.isprintable():  # one line, no control or format character (most titles, names, places): spaces only
        return " ".join(text.split())
    if text.replace("\n", "").isprintable() and _tidy_lines(text):
        return "\n".join(filter(None, text.split("\n")))  # most descriptions: only empty lines to drop
    text = _CONTROL.sub("", text)
    # str.split() collapses whitespace in C; a regex over every space cost 40 µs per description.
    return "\n".join(filter(None, (" ".join(line.split()) for line in text.split("\n"))))


def _tidy_lines(text: str) -> bool:
    """Whether the lines of `text`, printable but for its line breaks, are already as clean_text leaves them: no
    space at either end of a line and none doubled. Printable text holds no control or format character (nothing
    for _CONTROL) and no whitespace but the space, so splitting each line into words and joining them again would
    give it back: that took 30 us of a description's 40."""
    return "  " not in text and " \n" not in text and "\n " not in text and text[0] != " " and text[-1] != " "


def fix_mojibake(text: str) -> str:
    """UTF-8 that was decoded as Latin-1 or cp1252 on the way ("ChargÃ©.e" → "Chargé.e", "â€”" → "—", "Â " → a
    no-break space), repaired by ftfy's `fix_encoding`: it knows the encodings and leaves ambiguous text alone,
    which hand-written replacements would not. ftfy is imported and run only for text with the telltale pairs."""
    if text.isascii() or not _MOJIBAKE.search(text):  # isascii() is a flag CPython keeps: free for most text
        return text
    from ftfy import fix_encoding  # imported on first need: most text never needs it, and start-up stays fast

    return fix_encoding(text)


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


def normalized_words(text: str) -> list[str]:
    """`normalize(text).split()` without joining and splitting again (the copies stage reads whole descriptions);
    ASCII text through a one-for-one table, which str.translate runs on its fast path (twice as fast)."""
    lowered = text.lower()
    if lowered.isascii():
        return lowered.translate(_WORD_ASCII).split()
    return lowered.translate(_WORD_CHARS).split()


_WORD_ASCII = str.maketrans({code: _WORD_CHARS[code] for code in range(128)})


PHRASE_BREAK = "|"
"""The token `phrases` puts where punctuation or a line break ended a phrase (normalize never yields it)."""
_BREAKS = frozenset('.,;:!?@&()[]{}<>/\\|"\n\t\r•·…–—“”«»')


class _PhraseChars(dict[int, str]):
    """As `_WORD_CHARS`, but sentence and list punctuation becomes a phrase break instead of a space."""

    def __missing__(self, code: int) -> str:
        kept = f" {PHRASE_BREAK} " if chr(code) in _BREAKS else _WORD_CHARS[code]
        self[code] = kept
        return kept


_PHRASE_CHARS = _PhraseChars()


_PHRASE_ASCII = str.maketrans({code: "\x00" if chr(code) in _BREAKS else _WORD_CHARS[code] for code in range(128)})
"""`_PHRASE_CHARS` for ASCII text, one character for one (a break is NUL, widened after): str.translate then takes
its ASCII fast path, twice as fast on the descriptions a sweep scores (NUL itself maps to a space)."""


def phrases(text: str) -> list[str]:
    """`normalize(text).split()`, with a PHRASE_BREAK token wherever punctuation or a line break separated
    words, so a two-word term is never glued across "PACER/CM/ECF" or "e-discovery, Relativity"."""
    lowered = text.lower()
    if lowered.isascii():
        return lowered.translate(_PHRASE_ASCII).replace("\x00", f" {PHRASE_BREAK} ").split()
    return lowered.translate(_PHRASE_CHARS).split()


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
