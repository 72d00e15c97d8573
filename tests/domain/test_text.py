"""Text normalisation: words of any script kept, accents stripped, punctuation a space."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sweepy.domain.text import PHRASE_BREAK, clean_text, normalize, normalize_company, normalize_title, phrases
from sweepy.domain.titles import TitleModel


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("Sr. Writer, II", "sr writer ii"),
        ("C++ / C# Developer", "c++ c# developer"),
        ("Ärztin", "arztin"),
        ("Café", "cafe"),
        ("Cafe\u0301 Cre\u0300me", "cafe creme"),  # accents typed apart join their letter, not split the word
        ("Señor Developer", "senor developer"),
        ("İstanbul", "istanbul"),
        ("弁護士", "弁護士"),
        ("法律事務・弁護士（東京）", "法律事務 弁護士 東京"),
        ("ガイド", "ガイド"),  # the kana voicing mark is part of the letter, not an accent
        ("변호사", "변호사"),
        ("Врач-терапевт", "врач терапевт"),
        ("हिंदी अनुवादक", "हिंदी अनुवादक"),  # vowel signs stay inside their word
        ("Ｐａｒａｌｅｇａｌ", "paralegal"),
        ("ﬁnance", "finance"),
        ("— • ™ ©", ""),
    ],
)
def test_normalize_keeps_words_of_any_script(text: str, normalised: str) -> None:
    assert normalize(text) == normalised


def test_accented_and_plain_titles_and_companies_compare_equal() -> None:
    assert normalize_title("Sr. Ärztin") == normalize_title("Senior Arztin") == "senior arztin"
    assert normalize_company("Société Générale") == normalize_company("Societe Generale, Inc.") == "societe generale"


def test_a_title_in_another_script_matches_postings() -> None:
    lawyer = TitleModel(["弁護士"])
    assert [lawyer.match(t) is not None for t in ("弁護士（企業法務）", "Ärztin", "Paralegal")] == [True, False, False]
    assert TitleModel(["Ärztin"]).match("Arztin / Arzt (m/w/d)") is not None


@pytest.mark.parametrize(
    ("markup", "text"),
    [
        ("<p>Hello<br>World</p><script>alert('x')</script><style>p {color: red}</style>", "Hello\nWorld"),
        (
            "&lt;p&gt;Draft &amp;amp; file&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Westlaw&lt;/li&gt;&lt;/ul&gt;",
            "Draft & file\n• Westlaw",
        ),
        ("pay < $50k and > $40k", "pay < $50k and > $40k"),  # comparison signs are text, not tags
        ("Tom &amp; Jerry &lt;3", "Tom & Jerry <3"),
        ("<div><h2>Role</h2><p>Senior&nbsp;writer</p><!-- hidden --></div>", "Role\nSenior writer"),
        ("<p>Unclosed <b>bold", "Unclosed bold"),
    ],
)
def test_html_becomes_the_text_a_browser_shows(markup: str, text: str) -> None:
    assert clean_text(markup) == text


@pytest.mark.parametrize(
    ("broken", "repaired"),
    [
        ("ChargÃ©.e de formation", "Chargé.e de formation"),  # UTF-8 read as Latin-1 once
        ("Senior Paralegal â€” Litigation", "Senior Paralegal — Litigation"),  # as cp1252: the em dash
        ("ZÃ¼rich,Â Switzerland", "Zürich, Switzerland"),  # "Â" + no-break space: a space
        ("New YorkÂ NY", "New York NY"),  # the no-break space's second byte already turned into a space
        ("<p>Draft &amp; file. Pay: Â£45,000â€“Â£55,000</p>", "Draft & file. Pay: £45,000–£55,000"),
    ],
)
def test_double_encoded_utf8_is_repaired(broken: str, repaired: str) -> None:
    assert clean_text(broken) == repaired


@pytest.mark.parametrize(
    "text",
    ["Ärztin (m/w/d) — Zürich", "naïve café « déjà vu » “quoted” ©2026", "Âge minimum: 18 ans", "€45.000 · 3×"],
)
def test_text_that_is_already_right_is_left_alone(text: str) -> None:
    assert clean_text(text) == text


def test_c0_and_c1_control_characters_are_removed() -> None:
    assert clean_text("Para\x00legal\x07 \x85Litigation\x9d\x1b Team\x7f") == "Paralegal Litigation Team"


def test_a_description_mixing_escaped_markup_and_real_tags_ends_as_text() -> None:
    content = (  # a Greenhouse board intro pasted escaped inside the job's real HTML
        '<div class="job"><p>&lt;div class=&quot;content-intro&quot;&gt;&lt;p&gt;&lt;strong&gt;About Acme'
        "&lt;/strong&gt;&lt;/p&gt;&lt;p&gt;We build legal software.&lt;/p&gt;&lt;/div&gt;</p>"
        "<h3>The role</h3><ul><li>Draft filings &amp;amp; briefs</li></ul></div>"
    )
    text = clean_text(content)
    assert text == "About Acme\nWe build legal software.\nThe role\n• Draft filings & briefs"
    assert "<" not in text and "&quot;" not in text


@pytest.mark.parametrize(
    "text",
    [
        "PACER/CM/ECF e-discovery, Relativity (Python); C++ & C#.\nNext line\tand a tab",
        "A NUL \x00 between words, then a bell \x07 and DEL \x7f",
        "Senior Paralegal — New York: 3 days/week in-office…",
    ],
)
def test_phrases_read_ascii_and_other_text_alike(text: str) -> None:
    """ASCII text takes a one-for-one translate table; the same words with one non-ASCII letter added take the
    general one. Both give the same tokens and the same phrase breaks."""
    ascii_words = phrases(text.replace("—", "-").replace("…", "."))
    other_words = phrases(text.replace("—", "-").replace("…", ".") + " é")
    assert other_words == [*ascii_words, "e"]
    assert PHRASE_BREAK in ascii_words
    assert "\x00" not in "".join(ascii_words)


def test_phrases_break_at_punctuation_and_keep_plus_and_hash() -> None:
    assert phrases("PACER/CM/ECF e-discovery, Relativity (Python); C++ & C#.") == [
        "pacer", "|", "cm", "|", "ecf", "e", "discovery", "|", "relativity", "|", "python", "|", "|", "c++", "|",
        "c#", "|",
    ]  # fmt: skip


@pytest.mark.parametrize(
    "line",
    ["  Senior   Paralegal ", "Acme, Inc.", "São Paulo, Brasil", "Tom &amp; Jerry", "ChargÃ©e de projet", "",
     "x\u202ey", "a\u00a0b", "C++ / C# developer (m/w/d)"],
)  # fmt: skip
def test_a_one_line_text_cleans_as_it_would_inside_a_longer_text(line: str) -> None:
    """Titles, names and places that are one printable line skip the control-character pass; the answer is the
    one the general path gives the same line followed by a line break."""
    assert clean_text(line) == clean_text(line + "\n")


_CONTROLS = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"


@given(st.text(alphabet=" \n\t\r\xa0\u2028\u3000\x00\x0b\x1f\x85\u202e\u2069ał.", max_size=40))
def test_a_text_of_lines_cleans_to_its_tidied_lines(text: str) -> None:
    """Multi-line text whose lines are already tidy skips the control-character pass and the per-line word split:
    the answer is still every line with its control characters removed, its whitespace collapsed, empty ones
    dropped."""
    lines = (" ".join(line.split()) for line in re.sub(_CONTROLS, "", text).split("\n"))
    assert clean_text(text) == "\n".join(filter(None, lines))


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("First line.\n\nSecond line.\n", "First line.\nSecond line."),
        ("First  line.\nSecond line.", "First line.\nSecond line."),
        ("First line. \n Second line.", "First line.\nSecond line."),
        ("\nFirst line.\n\n\n", "First line."),
        ("First\u00a0line.\nSecond\u202e line.", "First line.\nSecond line."),
    ],
)
def test_a_description_keeps_its_lines_and_drops_empty_ones(text: str, cleaned: str) -> None:
    assert clean_text(text) == cleaned
