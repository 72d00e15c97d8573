"""Text normalisation: words of any script kept, accents stripped, punctuation a space."""

import pytest

from sweepy.pipeline.filter import TitleMatcher, title_phrases
from sweepy.text import clean_text, normalize, normalize_company, normalize_title


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
    matches = TitleMatcher(title_phrases(["弁護士"], []))
    assert (matches("弁護士（企業法務）"), matches("Ärztin"), matches("Paralegal")) == (True, False, False)
    assert TitleMatcher(title_phrases(["Ärztin"], []))("Arztin / Arzt (m/w/d)") is True


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
