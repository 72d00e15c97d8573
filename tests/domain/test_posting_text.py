"""The shared scan of a description (sweepy/domain/posting_text.py) gives each reader the answer it gives alone:
on the real boards' postings of the relevance set, on the sentences the readers' own tests use, and on texts whose
lower case is longer than they are (where positions differ and each reader reads the text its own way)."""

from itertools import pairwise

import pytest
from relevance_set import postings

from sweepy.domain.eligibility import assess, sentence_spans, sentences
from sweepy.domain.eligibility_rules import Finding, Seeker
from sweepy.domain.experience import Experience, required_experience
from sweepy.domain.posting_text import PostingText

SEEKERS = [
    Seeker(home_countries=frozenset({"US"})),
    Seeker(
        needs_sponsorship=True,
        citizenships=frozenset({"IN"}),
        home_countries=frozenset({"US"}),
        max_onsite_days=2,
        timezone="Europe/Berlin",
        languages=frozenset({"en"}),
        clearance="secret",
        years_experience=3,
    ),
]

SHAPED = [
    "Acme builds software for law firms.\nYou must be authorized to work in the United States. We are unable to "
    "sponsor visas for this role.\n• 5+ years of experience in litigation support is required.\n• Fluent English "
    "(C1).\nThis role is hybrid: 3 days a week in our Brooklyn office.",
    "About us: U.S. citizens only, e.g. for cleared work.\nMust hold an active TS/SCI clearance with polygraph.\n"
    "Minimum of 2 years experience with Relativity; or 1 year with a Master's.\nYou must overlap 4 hours with PST.",
    "Wir suchen dich! Mindestens 3 Jahre Berufserfahrung.\nArbeitserlaubnis für Deutschland erforderlich.\n"
    "Du arbeitest 2 Tage pro Woche im Büro.",
    "No prior experience required. Candidates must be located in the EU.\nRemote (US only, not CA/NY).",
    # "İ" lower-cases to two characters: positions in the lower case are not the text's
    "İstanbul office, 3 days a week on-site. Visa sponsorship is not available. 4+ years of experience required.",
]


def _real() -> list[tuple[str, str, str]]:
    return [(p.title, p.location, p.description) for p in postings().values()]


REAL = _real()


def _findings(found: list[Finding]) -> list[tuple[str, str, str]]:
    return [(f.kind, f.verdict, f.quote) for f in found]


def _experience(found: Experience | None) -> tuple[int, str, bool, bool] | None:
    return None if found is None else (found.years_min, found.quote, found.equivalent, found.preferred)


@pytest.mark.parametrize("seeker", SEEKERS)
def test_each_reader_answers_the_same_through_the_shared_scan_on_real_postings(seeker: Seeker) -> None:
    said = 0
    for title, location, description in REAL:
        text = PostingText(description)
        alone = _findings(assess(description, seeker, location=location, title=title))
        assert _findings(text.assess(seeker, location=location, title=title)) == alone, description[:200]
        assert _experience(text.required_experience()) == _experience(required_experience(description))
        said += len(alone)
    assert said >= 100  # the set's postings do speak of who may apply: this compares findings, not empty lists


@pytest.mark.parametrize("description", SHAPED)
def test_each_reader_answers_the_same_through_the_shared_scan_on_shaped_texts(description: str) -> None:
    for seeker in SEEKERS:
        text = PostingText(description)
        alone = _findings(assess(description, seeker, open_to=["public"]))
        assert alone
        assert _findings(text.assess(seeker, open_to=["public"])) == alone
        experience = required_experience(description)
        assert experience is not None
        assert _experience(text.required_experience()) == _experience(experience)


def test_a_shared_scan_reads_the_same_for_every_person_and_every_call() -> None:
    """The scan keeps no state a reader changes: read twice, and for two people, in either order."""
    text = PostingText(SHAPED[0])
    first = [_findings(text.assess(seeker)) for seeker in SEEKERS]
    again = [_findings(text.assess(seeker)) for seeker in reversed(SEEKERS)]
    assert first == list(reversed(again))
    assert _experience(text.required_experience()) == (5, "5+ years of experience in litigation support is required.",
                                                       False, False)  # fmt: skip


def test_sentence_spans_stand_where_the_sentences_are() -> None:
    for description in [*SHAPED, *(d for _t, _l, d in REAL[:60])]:
        spans = list(sentence_spans(description))
        assert [description[start:end] for start, end in spans] == list(sentences(description))
        assert all(earlier[1] <= later[0] for earlier, later in pairwise(spans))
