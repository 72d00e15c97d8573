"""Where the shared scan places the readers' anchors gives a paragraph the findings a reading of each of its
sentences by every reader whose anchor words it holds gives: a language level inside a word ("B2B", "xc1") brings
its sentence to no reader, and that loses no finding (on the relevance set's real postings, and on hostile
paragraphs: levels inside and outside words, letters the language pattern folds apart from lower())."""

import pytest
from relevance_set import postings

from sweepy.domain.eligibility import _anchored, _read_paragraph
from sweepy.domain.eligibility_rules import Seeker

SEEKERS = [
    Seeker(home_countries=frozenset({"US"})),
    Seeker(needs_sponsorship=True, home_countries=frozenset({"US"}), languages=frozenset({"en"}), timezone="UTC"),
]
HOSTILE = [
    "We sell B2B software; fluent German (C1) is required.",
    "Ref xc1: natıve German speaker required, B2B sales.",  # a dotless i: the pattern reads "native"
    "ſpanish native speaker for our B2B desk.",
    "Level b2_ or c1x only; fluent English. Our B2B clients are based in the US.",
    "C1",
    "Must speak English at C2 level. B2B clients in the EU only.",
    "English (B2), German (c1) and French, all fluent; visa sponsorship is not available for B2B roles.",
    "Fließend Deutsch (C1) und Englisch; B2B-Vertrieb in Deutschland.",
    "Sponsorship: no. Level:c2. Remote within the US (xb2 team).",
]


def _paragraphs() -> list[str]:
    texts = [p.description for p in postings().values()]
    return list(dict.fromkeys(line for text in texts for line in text.split("\n") if line.strip())) + HOSTILE


@pytest.mark.parametrize("seeker", SEEKERS)
def test_placed_anchors_give_the_findings_of_reading_every_anchored_sentence(seeker: Seeker) -> None:
    said = 0
    for paragraph in _paragraphs():
        for text, _words, placed in _anchored(paragraph, None):
            if placed is None:
                continue
            found = _read_paragraph(text, placed, seeker, {})  # nothing known: each sentence is read
            assert found == _read_paragraph(text, None, seeker, {}), text  # None: each reader looks for its words
            said += len(found)
    assert said > 50


def test_a_level_inside_a_word_places_no_anchor_and_one_standing_as_a_word_does() -> None:
    ((_text, words, placed),) = _anchored("Our B2B desk and ref xc1", None)
    assert words == {"b2", "c1"} and placed == []
    ((_text, _words, placed),) = _anchored("German at C1, or b2.", None)
    assert placed is not None and [(start, end) for start, end, _n in placed] == [(10, 12), (17, 19)]
    ((_text, _words, placed),) = _anchored("natıve German, ref xc1", None)  # a letter folded apart: placed
    assert placed is not None and len(placed) == 1
