"""The cheap tests the readers run before a pattern never turn a sentence away that the pattern would match: on
the relevance set's real sentences, on hostile ones (levels inside words, letters the patterns fold apart from
lower()) and on random strings of the characters that matter."""

import random

from relevance_set import postings

from sweepy.domain.eligibility import _LANGUAGE_NEED, _may_need_a_language, sentences

HOSTILE = [
    "Fluent English (C1).", "B2B sales experience", "Reference xc1 and b2_x and _c2", "C1-level German",
    "c1", "level:b2.", "natıve speaker", "ſpanish is a plus, proficiency required", "natİve German", "FLIEẞEND",
    "MAÎTRISE du français", "Business-Level English", "professional working proficiency in Dutch", "B2",
]  # fmt: skip
ALPHABET = ["c", "C", "b", "B", "1", "2", "_", " ", "-", "x", "é", "ı", "İ", "ſ", "fluent", "natıve", "c1", "b2"]


def _sentences() -> list[str]:
    real = [sentence for p in postings().values() for sentence in sentences(p.description)]
    rng = random.Random(25)
    made = ["".join(rng.choices(ALPHABET, k=rng.randint(1, 12))) for _ in range(20_000)]
    return real + HOSTILE + made


def test_the_language_gate_lets_through_every_sentence_the_pattern_matches() -> None:
    matched = 0
    for sentence in _sentences():
        if _LANGUAGE_NEED.search(sentence):
            matched += 1
            assert _may_need_a_language(sentence), sentence
    assert matched > 1000  # real and made sentences the pattern matches
    assert not _may_need_a_language("Reference xc1 and b2_x and _c2 in B2B")
