"""The keyword ranking: target titles in any order, IDF over the sweep, sections, the place part, and the parts
adding up (the scorer's own arithmetic is in test_scoring.py, its invariants in test_scoring_properties.py)."""

import json
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path

import pytest

from sweepy.domain.cards import ScoreParts
from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.domain.scoring import MUST_WEIGHT, PLACE_FIT, Score, Scorer
from sweepy.pipeline.score import score_postings
from sweepy.resume import resume_text

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "sweepy" / "data"

RESUME = """Software engineer: backend services in Go and Python, REST APIs, PostgreSQL, Kafka, Kubernetes on AWS,
unit tests, code review, technical writing, API documentation, and clear communication with product teams."""
DESCRIPTION = """Responsibilities:
- Build backend services in Go and Python and design REST APIs
- Operate PostgreSQL and Kafka on AWS, and run the services in Kubernetes
- Write unit tests and review code
Requirements:
- Clear communication, and the judgment to say early when a plan will slip"""
POSTINGS = [
    ("Backend Engineer", DESCRIPTION),
    ("Senior Software Engineer, Backend", DESCRIPTION),
    ("Technical Writer", "Requirements:\n- Technical writing and API documentation\n- Clear communication"),
    ("Software Developer", DESCRIPTION.replace("Kafka", "RabbitMQ")),
    ("Barista", "Requirements:\n- Espresso drinks and clear communication"),
]


def scores(titles: list[str], must_haves: list[str] | None = None) -> list[tuple[int, ScoreParts, list[str]]]:
    scorer = Scorer(titles, must_haves or ["Python", "REST APIs"], [["REST APIs", "RESTful APIs"]], RESUME)
    stats = scorer.stats(scorer.read(title, text) for title, text in POSTINGS)
    results = [scorer.judge(title, scorer.read(title, text), stats) for title, text in POSTINGS]
    return [(r.score, r.parts, r.top_terms) for r in results]


@pytest.mark.parametrize("count", [2, 3])
def test_target_titles_in_every_order_give_the_same_scores(count: int) -> None:
    """The old title loop leaked the first title's words into the resume overlap: the order of the profile's
    titles changed the scores of every posting whose title missed the first one."""
    titles = ["Backend Engineer", "Software Engineer", "Technical Writer"][:count]
    expected = scores(titles)
    for order in permutations(titles):
        assert scores(list(order)) == expected, order
    assert expected[0][0] == expected[1][0]  # both titles contain a target title, the text is the same


def test_a_second_target_titles_card_scores_as_the_first_ones_with_the_same_text() -> None:
    scorer = Scorer(["Backend Engineer", "Software Engineer"], [], [], RESUME)
    first = scorer.score("Backend Engineer", DESCRIPTION)
    second = scorer.score("Senior Software Engineer, Backend", DESCRIPTION)
    assert (first.score, first.parts, first.top_terms) == (second.score, second.parts, second.top_terms)
    assert first.parts.title == second.parts.title == 25
    assert first.parts.resume > 0


def test_a_rare_term_counts_more_than_one_every_posting_uses() -> None:
    scorer = Scorer(["Paralegal"], [], [], "Relativity and communication.")
    everyone = [("Paralegal", f"Requirements:\n- Communication and filing, case {n}") for n in range(9)]
    rare = ("Paralegal", "Requirements:\n- Relativity and filing, case 9")
    common = ("Paralegal", "Requirements:\n- Communication and filing, case 10")
    sweep = [*everyone, rare, common]
    stats = scorer.stats(scorer.read(title, text) for title, text in sweep)
    with_rare, with_common = (scorer.judge(title, scorer.read(title, text), stats) for title, text in (rare, common))
    assert with_rare.parts.resume > with_common.parts.resume
    assert with_rare.top_terms == ["relativity"] and with_common.top_terms == ["communication"]
    weights = dict(zip(scorer.terms, stats.weights(), strict=True))
    assert weights["relativity"] == 1.0 and 0 < weights["communication"] < 0.1


def test_small_sweeps_still_score_the_resume_terms_a_posting_uses() -> None:
    """Smoothed IDF: in a sweep of one to five postings every term keeps a positive weight, and each posting that
    uses several resume terms earns resume points (the two postings with one text share them, so weigh less)."""
    scorer = Scorer(["Software Engineer"], [], [], RESUME)
    for size in range(1, 6):
        sweep = POSTINGS[:size]
        stats = scorer.stats(scorer.read(title, text) for title, text in sweep)
        results = [scorer.judge(title, scorer.read(title, text), stats) for title, text in sweep]
        assert all(0 < w <= 1 for w in stats.weights()), size
        assert all(r.parts.resume > 0 for r in results[:4]), size


ABOUT = "About us:\nNorthwind builds Kubernetes tooling with Kafka and PostgreSQL for AWS customers."
BENEFITS = "Benefits\n• Python learning stipend, Kubernetes conference budget"
EEO = "Northwind is an equal opportunity employer. We value Python, Go and Kafka skills without regard to race."
ROLE = (
    "Responsibilities:\n- Draft release notes for each quarterly launch, keep the style guide current and "
    "interview the owners of upcoming features before every release"
)  # no resume word, and a description


@pytest.mark.parametrize("aside", [ABOUT, BENEFITS, EEO], ids=["about", "benefits", "eeo"])
def test_about_us_benefits_and_eeo_text_adds_no_resume_points(aside: str) -> None:
    scorer = Scorer(["Technical Writer"], [], [], RESUME)
    bare = scorer.score("Technical Writer", ROLE)
    padded = scorer.score("Technical Writer", f"{aside}\n{ROLE}" if aside is ABOUT else f"{ROLE}\n{aside}")
    assert padded.parts.resume == bare.parts.resume == 0 and padded.top_terms == []
    in_role = scorer.score("Technical Writer", f"{ROLE}\n- Python, Go, Kafka and Kubernetes")
    assert in_role.parts.resume > 0 and {"python", "kafka"} <= set(in_role.top_terms)


def test_sections_are_read_in_french_spanish_and_german() -> None:
    scorer = Scorer(["Ingénieur"], [], [], RESUME)
    for about, role, perks in (
        ("À propos de nous", "Vos missions", "Avantages"),
        ("Sobre nosotros", "Responsabilidades", "Beneficios"),
        ("Über uns", "Deine Aufgaben", "Was wir bieten"),
    ):
        text = f"{about}\nKubernetes, Kafka.\n{role}\n• Python\n{perks}\n• PostgreSQL"
        assert scorer.score("Ingénieur", text).top_terms == ["python"], about


@dataclass(slots=True)
class PlacedPosting(Posting):
    """A posting with the place note the filter sets (Posting gains the field in sweepy.domain.places' change)."""

    place_note: str | None = None


def placed(n: int, note: str | None) -> PlacedPosting:
    return PlacedPosting(title="Backend Engineer", company=f"Co{n}", url=f"https://x.example/{n}",
                         description_source=DESCRIPTION, place_note=note)  # fmt: skip


def test_the_place_part_orders_no_place_given_below_a_fitting_place_with_the_same_text() -> None:
    scorer = Scorer(["Backend Engineer"], ["Python"], [], RESUME)
    notes = [None, "the posting names only the state", "the posting names only the country",
             "the posting names only the region", "no place given"]  # fmt: skip
    cards = score_postings([placed(n, note) for n, note in enumerate(notes)], scorer)
    by_company = {card.company: card for card in cards}
    places = [by_company[f"Co{n}"].score_parts for n in range(len(notes))]
    assert [p.place for p in places if p] == [round(10 * PLACE_FIT[note]) for note in notes] == [10, 7, 5, 4, 2]
    assert [card.company for card in cards] == [f"Co{n}" for n in range(len(notes))]  # best place first
    assert len({(p.title, p.must_haves, p.resume) for p in places if p}) == 1  # the same text: the same rest


def test_score_postings_weighs_terms_by_the_sweep_and_every_card_adds_up() -> None:
    records = [{"title": t, "company": f"Co{n}", "url": f"https://x.example/{n}", "description": d}
               for n, (t, d) in enumerate(POSTINGS)]  # fmt: skip
    postings = [posting_from_record(record, "feed", "test") for record in records]
    scorer = Scorer(["Backend Engineer", "Software Engineer"], ["Python"], [], RESUME)
    cards = list(score_postings(postings, scorer))
    for card in cards:
        assert card.score_parts is not None
        assert sum(card.score_parts.model_dump().values()) == card.keyword_score == card.match_score
    rabbit = next(card for card in cards if card.title == "Software Developer")
    assert "kafka" not in rabbit.top_terms  # it uses RabbitMQ, which the resume does not name
    backend = next(card for card in cards if card.title == "Backend Engineer")
    assert "communication" not in backend.top_terms  # in every posting of the sweep: it weighs least


def _example_postings() -> list[Posting]:
    postings = []
    for line in (DATA / "sample_postings.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if isinstance(record.get("title"), str) and "Legal Assistant" in record["title"]:
            for title in (record["title"], "Paralegal"):
                postings.append(posting_from_record({**record, "title": title}, "feed", "sample"))
    return postings


def test_the_demos_legal_assistant_cards_score_as_paralegal_ones_with_the_same_text() -> None:
    """The bundled demo's profile targets [Paralegal, Litigation Paralegal, Legal Assistant]: the old scorer
    gave its eight Legal Assistant cards 16-21 points less than the same text titled Paralegal."""
    postings = _example_postings()
    scorer = Scorer(["Paralegal", "Litigation Paralegal", "Legal Assistant"],
                    ["e-discovery", "Relativity", "legal research", "court filings"],
                    [["e-discovery", "ediscovery", "electronic discovery"], ["legal research", "Westlaw", "LexisNexis"],
                     ["court filings", "e-filing", "NYSCEF"], ["Paralegal", "Legal Assistant"]],
                    resume_text(DATA / "sample_resume.pdf"))  # fmt: skip
    stats = scorer.stats(scorer.read(p.title, p.description) for p in postings)
    results = [scorer.judge(p.title, scorer.read(p.title, p.description), stats).score for p in postings]
    assert len(results) >= 16
    assert results[0::2] == results[1::2]  # each Legal Assistant posting, then itself titled Paralegal


def test_synonym_groups_that_chain_give_a_must_have_every_linked_synonym_in_any_order() -> None:
    """e-discovery ~ ediscovery, ediscovery ~ electronic discovery: the posting that says only "electronic
    discovery" names the must-have whichever group the profile lists first."""
    groups = [["ediscovery", "electronic discovery"], ["e-discovery", "ediscovery"]]
    for order in (groups, groups[::-1]):
        result = Scorer(["Paralegal"], ["e-discovery"], order, "").score("Paralegal", "Electronic discovery daily.")
        assert (result.missing_must_haves, result.parts.must_haves) == ([], 35), order


def test_must_haves_are_read_in_every_section_and_resume_terms_only_in_the_roles() -> None:
    scorer = Scorer(["Technical Writer"], ["Python", "CM/ECF"], [], RESUME)
    result = scorer.score("Technical Writer", f"{ABOUT}\n{ROLE}\n{BENEFITS}\nPerks: CM/ECF training")
    assert result.missing_must_haves == [] and result.parts.must_haves == 35
    assert result.parts.resume == 0


NURSE_RESUME = """Registered nurse, six years of acute care on cardiology and general surgery units: telemetry, patient
assessment, medication administration, wound care. CNO registration, BLS."""
NURSE_TEXT = """Responsibilities:
- Provide direct patient care on a busy inpatient unit of 32 beds, with assessment, medication administration
  and teaching for patients and their families before they go home
Requirements:
- Current CNO registration and BLS, two years in hospital nursing, and a steady hand on twelve-hour shifts"""
LABELS = "Department: Nursing\nFunction: Healthcare\nEmployment: Full-time\nExperience: Mid-Senior Level"
"""A SmartRecruiters list entry's description: labels only, no text of the role."""


def nurse_sweep(postings: list[tuple[str, str]], must_haves: list[str]) -> list[Score]:
    scorer = Scorer(["Registered Nurse", "RN"], must_haves, [["Registered Nurse", "RN"]], NURSE_RESUME)
    stats = scorer.stats(scorer.read(title, text) for title, text in postings)
    return [scorer.judge(title, scorer.read(title, text), stats) for title, text in postings]


def test_a_posting_without_a_description_has_its_resume_terms_read_in_its_title() -> None:
    """Workday's list sends no description: "Registered Nurse - Cardiology Step Down" is the person's specialty,
    "RN - Endoscopy" is not, and only the title says so. A described posting's title is scored by the title part
    alone: its words are not read again as resume terms."""
    sweep = [("Registered Nurse - Cardiology", ""), ("RN - Endoscopy", ""), ("Registered Nurse - Cardiology", LABELS),
             ("Registered Nurse - Cardiology", NURSE_TEXT), ("Registered Nurse", NURSE_TEXT)]  # fmt: skip
    cardiology, endoscopy, labelled, described, plain = nurse_sweep(sweep, [])
    assert cardiology.parts.title == endoscopy.parts.title == 25
    assert "cardiology" in cardiology.top_terms and cardiology.parts.resume > endoscopy.parts.resume
    assert "cardiology" in labelled.top_terms  # a dozen words of labels are no description either
    assert "cardiology" not in described.top_terms and described.parts == plain.parts


def test_a_posting_without_a_description_earns_the_sweeps_average_must_share_and_no_penalty() -> None:
    """Which must-haves an undescribed posting asks for is unknown, not absent: it earns the share the sweep's
    described postings name on average (here one of two names both, the other neither: half), lists them as not
    named, and loses no penalty points; a described posting naming none keeps the whole penalty."""
    musts = ["CNO registration", "BLS"]
    licence = NURSE_TEXT.replace("CNO registration and BLS", "a licence")
    sweep = [("Registered Nurse", NURSE_TEXT), ("Registered Nurse", licence), ("Registered Nurse - Medicine", ""),
             ("RN, Surgery", LABELS)]  # fmt: skip
    named, unnamed, medicine, surgery = nurse_sweep(sweep, musts)
    assert (named.parts.must_haves, named.parts.penalty) == (35, 0)
    assert (unnamed.parts.must_haves, unnamed.parts.penalty) == (0, -10)
    for undescribed in (medicine, surgery):
        assert abs(undescribed.parts.must_haves - MUST_WEIGHT / 2) == 0.5 and undescribed.parts.penalty == 0
        assert undescribed.missing_must_haves == musts
    assert medicine.score > unnamed.score
    assert [r.exact for r in nurse_sweep(sweep[::-1], musts)] == [r.exact for r in (surgery, medicine, unnamed, named)]
    alone = nurse_sweep([("Registered Nurse - Medicine", ""), ("RN, Surgery", LABELS)], musts)
    assert [(r.parts.must_haves, r.parts.penalty) for r in alone] == [(0, 0), (0, 0)]  # no described posting to go by
