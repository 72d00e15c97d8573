"""Eligibility findings on sentences written like real postings: each phrasing family, each negation, each
language, and the quote always a verbatim slice of the posting."""

import pytest

from sweepy.domain.eligibility import _READERS, assess, blocking, countries_in, sentences
from sweepy.domain.eligibility_rules import Finding, Seeker

NEEDS_VISA = Seeker(needs_sponsorship=True, citizenships=frozenset({"IN"}), home_countries=frozenset({"US"}))
US_CITIZEN = Seeker(needs_sponsorship=False, citizenships=frozenset({"US"}), work_authorization=frozenset({"US"}))
UNSAID = Seeker()

INTRO = (
    "Acme builds software for law firms. We are a team of 40 people across three continents and we care about "
    "craft, kindness and shipping. "
)


def kinds(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.kind, f.verdict) for f in findings]


def only(text: str, seeker: Seeker, **fields: object) -> Finding:
    found = assess(text, seeker, **fields)  # type: ignore[arg-type]
    assert len(found) == 1, found
    return found[0]


def test_sentences_keep_abbreviations_and_are_verbatim_slices() -> None:
    text = "Must be a U.S. citizen. We use e.g. Python daily.\n• Remote within the EU"
    parts = list(sentences(text))
    assert parts == ["Must be a U.S. citizen.", "We use e.g. Python daily.", "Remote within the EU"]
    assert all(part in text for part in parts)


@pytest.mark.parametrize(
    "sentence",
    [
        "We are unable to sponsor visas for this role.",
        "Please note we cannot sponsor work visas at this time.",
        "This position does not offer visa sponsorship.",
        "No visa sponsorship is available for this position.",
        "Applicants must be able to work without current or future visa sponsorship.",
        "Este puesto es sin patrocinio de visa.",
        "Nous ne pouvons pas parrainer de visa pour ce poste.",
        "Leider können wir kein Visa-Sponsoring anbieten.",
        "Wir können leider kein Visum für diese Stelle beantragen.",
    ],
)
def test_no_sponsorship_blocks_a_person_who_needs_it(sentence: str) -> None:
    finding = only(INTRO + sentence, NEEDS_VISA)
    assert (finding.kind, finding.verdict) == ("sponsorship", "blocks")
    assert finding.quote == sentence
    assert only(INTRO + sentence, US_CITIZEN).verdict == "ok"
    assert only(INTRO + sentence, UNSAID).verdict == "warns"


def test_a_sentence_known_from_one_paragraph_says_the_same_in_another() -> None:
    """A sentence's findings are kept for the next paragraph holding it, for that person only."""
    said = "We cannot sponsor visas; you must live in the United States."
    first = assess(f"Founded in 1990 by two engineers. {said}", NEEDS_VISA)
    again = assess(f"Our clients range from startups to banks. {said}", NEEDS_VISA)
    assert [(f.kind, f.verdict, f.quote) for f in first] == [(f.kind, f.verdict, f.quote) for f in again]
    assert [(f.kind, f.verdict) for f in first] == [("sponsorship", "blocks"), ("location_restriction", "ok")]
    assert [(f.kind, f.verdict) for f in assess(f"Hi there. {said}", US_CITIZEN)] == [
        ("sponsorship", "ok"),
        ("location_restriction", "ok"),
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Visa sponsorship is available for exceptional candidates.",
        "We can sponsor visas and help with relocation.",
        "Sponsorship is available.",
        "Ofrecemos patrocinio de visa disponible para el puesto.",
    ],
)
def test_sponsorship_offered_never_blocks(sentence: str) -> None:
    finding = only(sentence, NEEDS_VISA)
    assert (finding.kind, finding.verdict) == ("sponsorship", "ok")


@pytest.mark.parametrize(
    ("sentence", "needs", "verdict"),
    [
        ("You must be authorized to work in the United States.", US_CITIZEN, "ok"),
        # searching in the US says where the person looks, not that they may work there without a visa
        ("You must be authorized to work in the United States.", NEEDS_VISA, "blocks"),
        ("You must be authorized to work in the United States.", Seeker(needs_sponsorship=True), "blocks"),
        ("You must be authorized to work in the United States.", Seeker(home_countries=frozenset({"US"})), "warns"),
        (
            "You must be authorized to work in the United States.",
            Seeker(needs_sponsorship=True, work_authorization=frozenset({"US"})),
            "ok",
        ),  # a green card: no new visa
        (
            "You must be authorized to work in the United States.",
            Seeker(needs_sponsorship=False, home_countries=frozenset({"US"})),
            "ok",
        ),  # no visa needed where they look
        ("You must be authorized to work in the UK.", US_CITIZEN, "blocks"),
        ("Arbeitserlaubnis für Deutschland erforderlich.", US_CITIZEN, "blocks"),
        ("Arbeitserlaubnis für Deutschland erforderlich.", Seeker(work_authorization=frozenset({"DE"})), "ok"),
        ("Permiso de trabajo en España obligatorio.", Seeker(citizenships=frozenset({"ES"})), "ok"),
        ("Permiso de trabajo en España obligatorio.", Seeker(citizenships=frozenset({"MX"})), "blocks"),
        ("You must be entitled to work in the UK.", US_CITIZEN, "blocks"),
        ("Applicants must be permitted to work in the United States.", US_CITIZEN, "ok"),
    ],
)
def test_work_authorization(sentence: str, needs: Seeker, verdict: str) -> None:
    finding = only(sentence, needs)
    assert (finding.kind, finding.verdict, finding.quote) == ("sponsorship", verdict, sentence)


@pytest.mark.parametrize(
    ("sentence", "country"),
    [
        ("U.S. citizenship is required for this position.", "US"),
        ("Candidates must be a US citizen due to contract requirements.", "US"),
        ("Nationalité française exigée.", "FR"),
        ("Deutsche Staatsangehörigkeit ist erforderlich.", "DE"),
        ("Nacionalidad española requerida.", "ES"),
    ],
)
def test_citizenship(sentence: str, country: str) -> None:
    finding = only(sentence, Seeker(citizenships=frozenset({"IN"})))
    assert (finding.kind, finding.verdict, finding.quote) == ("citizenship", "blocks", sentence)
    assert only(sentence, Seeker(citizenships=frozenset({country}))).verdict == "ok"
    assert only(sentence, UNSAID).verdict == "warns"


def test_citizenship_not_required_is_ok() -> None:
    sentence = "U.S. citizenship is not required for this role."
    assert only(sentence, Seeker(citizenships=frozenset({"IN"}))).verdict == "ok"


@pytest.mark.parametrize(
    ("sentence", "enough", "short"),
    [
        ("Active Secret clearance required.", "secret", "public_trust"),
        ("Must hold an active TS/SCI clearance with polygraph.", "ts_sci", "top_secret"),
        ("An active Top Secret security clearance is required.", "top_secret", "secret"),
    ],
)
def test_clearance(sentence: str, enough: str, short: str) -> None:
    assert only(sentence, Seeker(clearance=enough)).verdict == "ok"  # type: ignore[arg-type]
    assert only(sentence, Seeker(clearance=short)).verdict == "blocks"  # type: ignore[arg-type]
    assert only(sentence, Seeker(clearance="none")).verdict == "blocks"
    assert only(sentence, UNSAID).verdict == "warns"


def test_no_clearance_required_and_ability_to_obtain() -> None:
    assert only("No clearance required.", Seeker(clearance="none")).verdict == "ok"
    assert only("Ability to obtain a Secret clearance.", Seeker(clearance="none")).verdict == "warns"


@pytest.mark.parametrize(
    ("sentence", "blocked", "allowed"),
    [
        ("This role is remote within the EU.", "US", "DE"),
        ("Remote (US only, not CA/NY).", "GB", "US"),
        ("Candidates must be based in Canada.", "US", "CA"),
        ("Remote within NSW, VIC, or ACT.", "US", "AU"),
        ("Candidates must live in the United States.", "GB", "US"),
        ("This role is open to candidates in Canada.", "US", "CA"),
        ("Les candidats doivent résider en France.", "US", "FR"),
        ("Poste basé en France, télétravail deux jours.", "US", "FR"),
        ("Solo candidatos en España.", "US", "ES"),
        ("Buscamos personas ubicadas en México.", "US", "MX"),
    ],
)
def test_location_restriction(sentence: str, blocked: str, allowed: str) -> None:
    assert only(sentence, Seeker(work_authorization=frozenset({blocked}))).verdict == "blocks"
    assert only(sentence, Seeker(work_authorization=frozenset({allowed}))).verdict == "ok"
    assert only(sentence, UNSAID).verdict == "warns"


def test_a_restriction_on_where_one_lives_reads_the_search_place_though_authorization_does_not() -> None:
    text = "Candidates must be based in the United States. You must be authorized to work in the United States."
    assert kinds(assess(text, NEEDS_VISA)) == [("location_restriction", "ok"), ("sponsorship", "blocks")]


def test_location_field_is_quoted_from_the_field() -> None:
    finding = only("", Seeker(work_authorization=frozenset({"US"})), location="Remote (EU only)")
    assert (finding.kind, finding.verdict, finding.quote) == ("location_restriction", "blocks", "Remote (EU only)")


def test_timezone_overlap() -> None:
    sentence = "You must overlap 4 hours with PST."
    assert only(sentence, Seeker(timezone="America/Denver")).verdict == "ok"
    assert only(sentence, Seeker(timezone="Europe/Berlin")).verdict == "blocks"
    assert only(sentence, Seeker(timezone="America/New_York")).verdict == "ok"
    assert only(sentence, UNSAID).verdict == "warns"


@pytest.mark.parametrize(
    ("sentence", "days"),
    [
        ("This is a hybrid role: 3 days per week in office.", 3),
        ("You will be in the office 4 days a week.", 4),
        ("Trabajo presencial 3 días por semana en la oficina.", 3),
        ("Présence au bureau trois jours par semaine.", 3),
        ("Du arbeitest 2 Tage pro Woche im Büro.", 2),
        ("This role is fully on-site.", 5),
    ],
)
def test_onsite_days(sentence: str, days: int) -> None:
    assert only(sentence, Seeker(max_onsite_days=days)).verdict == "ok"
    assert only(sentence, Seeker(max_onsite_days=days - 1)).verdict == "blocks"
    assert only(sentence, UNSAID).verdict == "warns"


@pytest.mark.parametrize(
    ("sentence", "code"),
    [
        ("Fluent German required.", "de"),
        ("Fließende Deutschkenntnisse sind erforderlich.", "de"),
        ("Français courant exigé.", "fr"),
        ("Dominio del inglés (C1) imprescindible.", "en"),
    ],
)
def test_language(sentence: str, code: str) -> None:
    assert only(sentence, Seeker(languages=frozenset({code}))).verdict == "ok"
    assert only(sentence, Seeker(languages=frozenset({"pt"}))).verdict == "blocks"


def test_a_nice_to_have_language_only_warns() -> None:
    assert only("Fluent German is a plus.", Seeker(languages=frozenset({"en"}))).verdict == "warns"


@pytest.mark.parametrize(
    "text",
    [
        "We do not require a degree.",
        "We sponsor a yearly hackathon and our team lunch.",  # "sponsor" that is not visas
        "Our office is in Austin, Texas, with a great coffee machine.",
        "Competitive salary, 401(k) and a secret santa every December.",
    ],
)
def test_sentences_that_are_not_requirements_give_nothing(text: str) -> None:
    assert assess(text, NEEDS_VISA) == []


def test_usajobs_open_to() -> None:
    internal = ["fed-competitive", "vet"]
    assert kinds(assess("", Seeker(federal_status="none"), open_to=internal)) == [("citizenship", "blocks")]
    assert kinds(assess("", Seeker(federal_status="employee"), open_to=internal)) == [("citizenship", "ok")]
    assert kinds(assess("", Seeker(federal_status="veteran"), open_to=internal)) == [("citizenship", "ok")]
    assert assess("", Seeker(federal_status="none"), open_to=["public", "vet"]) == []
    assert assess("", UNSAID, open_to=internal)[0].quote == "fed-competitive, vet"


def test_every_quote_is_a_substring_and_blocking_says_so() -> None:
    text = INTRO + "We are unable to sponsor visas. Active Secret clearance required. Fluent German required."
    found = assess(text, Seeker(needs_sponsorship=True, clearance="none", languages=frozenset({"en"})))
    assert [f.kind for f in found] == ["sponsorship", "clearance", "language"]
    assert all(f.quote in text for f in found)
    assert blocking(found)
    assert not blocking([f for f in found if f.kind == "language"][:0])


def test_countries() -> None:
    assert countries_in("Remote within the EU") >= {"DE", "FR", "ES"}
    assert countries_in("must be a U.S. citizen") == {"US"}
    assert "US" not in countries_in("Join us in Berlin")


PHRASINGS = [
    "We are unable to sponsor visas for this role.",
    "Wir können leider kein Visum für diese Stelle beantragen.",
    "Visa sponsorship is available for exceptional candidates.",
    "You must be authorized to work in the UK.",
    "You must be entitled to work in the UK.",
    "Arbeitserlaubnis für Deutschland erforderlich.",
    "Nationalité française exigée.",
    "Must hold an active TS/SCI clearance with polygraph.",
    "Candidates must live in the United States.",
    "Les candidats doivent résider en France.",
    "Solo candidatos en España.",
    "Buscamos personas ubicadas en México.",
    "Remote (US only, not CA/NY).",
    "You must overlap 4 hours with PST.",
    "Must work during PT hours.",
    "Du arbeitest 2 Tage pro Woche im Büro.",
    "This role is fully on-site.",
    "Dominio del inglés (C1) imprescindible.",
]


@pytest.mark.parametrize("sentence", PHRASINGS)
def test_the_anchor_scan_brings_every_reader_its_sentences(sentence: str) -> None:
    """assess reads a sentence only with the readers whose anchor words it holds; a phrasing a reader knows but
    no anchor names would be silently skipped. Each reader asked directly finds what assess finds."""
    seeker = Seeker(needs_sponsorship=True, citizenships=frozenset({"IN"}), timezone="Asia/Kolkata")
    direct = {(f.kind, f.verdict) for _anchors, read in _READERS if (f := read(sentence, seeker)) is not None}
    assert direct, sentence
    assert set(kinds(assess(sentence, seeker))) == direct


def test_a_repeated_paragraph_is_read_once_with_the_same_findings() -> None:
    paragraph = "Work is performed on-site in Brooklyn, five days a week."
    once = assess(INTRO + "\n" + paragraph, Seeker(max_onsite_days=2))
    twice = assess(INTRO + "\n" + paragraph + "\n\n" + INTRO + "\n" + paragraph, Seeker(max_onsite_days=2))
    assert kinds(once) == kinds(twice) == [("onsite_days", "blocks")]
    assert once[0].quote == twice[0].quote == paragraph


def test_one_anchor_word_brings_in_at_most_twenty_paragraphs() -> None:
    """A description that says "office" in every one of 30 paragraphs is read in the first 20 of them."""
    text = "\n".join(f"Team {n} works {n % 5 + 1} days a week in the office." for n in range(30))
    found = assess(text, Seeker(max_onsite_days=5))
    assert [f.quote for f in found] == [f"Team {n} works {n % 5 + 1} days a week in the office." for n in range(20)]


def test_a_paragraph_known_from_another_posting_is_judged_for_each_person() -> None:
    """What a paragraph says is kept for the next posting that repeats it (an employer's boilerplate), per
    person: the same paragraph read for someone else gets their verdict, not the first person's."""
    paragraph = "Work is performed on-site in Brooklyn, five days a week."
    first, second = INTRO + "\n" + paragraph, "Another role.\n" + paragraph + "\nApply today."
    for _ in range(2):
        assert kinds(assess(first, Seeker(max_onsite_days=5))) == [("onsite_days", "ok")]
        assert kinds(assess(second, Seeker(max_onsite_days=2))) == [("onsite_days", "blocks")]
        assert kinds(assess(second, UNSAID)) == [("onsite_days", "warns")]
