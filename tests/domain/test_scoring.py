"""Stage 5's keyword overlap: deterministic, synonym-aware, honest about gaps, 0..100."""

import re
from pathlib import Path

import pytest

from sweepy.domain.cards import ScoreParts
from sweepy.domain.scoring import (
    KIND_PENALTY,
    MUST_WEIGHT,
    PENALTY_WEIGHT,
    PLACE_WEIGHT,
    RESUME_SATURATION,
    RESUME_WEIGHT,
    TITLE_WEIGHT,
    Scorer,
    vocabulary,
)
from sweepy.domain.text import normalize
from sweepy.resume import resume_text
from tools.sample import generate_postings

ROOT = Path(__file__).resolve().parents[2]

PARALEGAL_RESUME = """Paralegal with six years in litigation support: legal research on Westlaw and LexisNexis,
e-filing in state and federal courts, drafting discovery requests, subpoenas and deposition summaries,
docket management, trial binders, document review in Relativity, client intake and case management."""

PARALEGAL_POSTING = (
    "Litigation Paralegal",
    "Northwind seeks a litigation paralegal. Draft discovery requests and subpoenas, manage docketing and "
    "e-filing, legal research in Westlaw, prepare trial binders and deposition summaries.",
)
SOFTWARE_POSTING = (
    "Senior Software Engineer",
    "Build distributed systems in Go and Kubernetes. Design REST APIs, write unit tests, review code, "
    "operate PostgreSQL and Kafka on AWS.",
)


def paralegal_scorer() -> Scorer:
    return Scorer(
        titles=["Paralegal"],
        must_haves=["Westlaw", "e-filing", "legal research"],
        synonyms=[["docket management", "docketing"]],
        resume_text=PARALEGAL_RESUME,
    )


def test_same_input_gives_the_same_score_every_time() -> None:
    scorer = paralegal_scorer()
    first = scorer.score(*PARALEGAL_POSTING)
    second = scorer.score(*PARALEGAL_POSTING)
    third = paralegal_scorer().score(*PARALEGAL_POSTING)
    assert first == second == third
    assert first.matched_terms == third.matched_terms  # same order, not just the same set


def test_synonyms_let_a_must_have_match() -> None:
    description = "We practise documentation as code with Sphinx and Git, and write API documentation."
    grouped = Scorer(
        titles=["Technical Writer"],
        must_haves=["docs-as-code", "API documentation"],
        synonyms=[["docs-as-code", "documentation as code"]],
        resume_text="",
    )
    ungrouped = Scorer(
        titles=["Technical Writer"],
        must_haves=["docs-as-code", "API documentation"],
        synonyms=[],
        resume_text="",
    )

    with_synonym = grouped.score("Technical Writer", description)
    assert with_synonym.missing_must_haves == []
    # Must-haves as the profile spells them, not normalised
    assert with_synonym.matched_terms[:3] == ["technical writer", "docs-as-code", "API documentation"]
    assert with_synonym.score == 25 + 35 + 10  # full title, both must-haves, no resume terms, a place that fits

    without = ungrouped.score("Technical Writer", description)
    assert without.missing_must_haves == ["docs-as-code"]
    assert without.parts == ScoreParts(title=25, must_haves=18, resume=0, place=10, penalty=0)  # 17.5 rounds up
    assert without.score == 53  # half the must-haves missing: no penalty yet


def test_missing_must_haves_are_listed_in_profile_order() -> None:
    scorer = Scorer(
        titles=["Paralegal"],
        must_haves=["Westlaw", "Relativity", "e-filing", "Spanish", "legal research"],
        synonyms=[],
        resume_text="",
    )
    result = scorer.score("Paralegal", "Legal research and e-filing; Spanish a plus.")
    assert result.missing_must_haves == ["Westlaw", "Relativity"]
    assert result.matched_terms == ["paralegal", "e-filing", "Spanish", "legal research"]
    assert result.score == round(TITLE_WEIGHT + MUST_WEIGHT * 3 / 5 + PLACE_WEIGHT) == 56


def test_paralegal_posting_outscores_software_posting_for_a_paralegal() -> None:
    scorer = paralegal_scorer()
    paralegal = scorer.score(*PARALEGAL_POSTING)
    software = scorer.score(*SOFTWARE_POSTING)
    assert paralegal.score > software.score
    assert paralegal.missing_must_haves == []
    assert software.missing_must_haves == ["Westlaw", "e-filing", "legal research"]
    assert paralegal.matched_terms[:4] == ["paralegal", "Westlaw", "e-filing", "legal research"]
    assert len(set(map(normalize, paralegal.matched_terms))) == len(paralegal.matched_terms)  # no repeats


def test_the_title_part_is_the_title_models_fit() -> None:
    """The title part is the filter's title model (sweepy/domain/titles.py): the same job under another name
    earns 0.85 of it, a title that is not the job none; words in common are not enough ("Content Writer")."""
    scorer = Scorer(titles=["Technical Writer"], must_haves=[], synonyms=[], resume_text="")
    assert scorer.score("Technical Writer", "").parts.title == 25
    assert scorer.score("Senior Technical Writer II", "").parts.title == 25
    other_name = scorer.score("Technical Author", "")
    assert (other_name.parts, other_name.score) == (ScoreParts(title=21, place=10), 31)  # 25 * 0.85 = 21.25
    assert scorer.score("Content Writer", "").parts == ScoreParts(title=0, place=10)
    assert scorer.score("Barista", "").parts == ScoreParts(title=0, place=10)


def test_a_level_far_from_the_persons_lowers_the_title_part() -> None:
    senior = Scorer(titles=["Data Engineer"], must_haves=[], synonyms=[], resume_text="", level="senior")
    assert senior.score("Senior Data Engineer", "").parts.title == 25
    assert senior.score("Data Engineer", "").parts.title == 25  # no level named: not held against it
    assert senior.score("Data Engineering Intern", "").parts.title < senior.score("Data Engineer", "").parts.title
    assert senior.score("Data Engineer Intern", "").parts.title == 13  # three levels apart: 25 x 0.5, half up


@pytest.mark.parametrize(
    ("title", "description"),
    [
        PARALEGAL_POSTING,
        SOFTWARE_POSTING,
        ("", ""),
        ("Paralegal", PARALEGAL_RESUME * 20),
        ("Paralegal Paralegal Paralegal", "Westlaw " * 500),
    ],
)
def test_score_is_within_0_and_100(title: str, description: str) -> None:
    result = paralegal_scorer().score(title, description)
    assert 0 <= result.score <= 100
    assert len(result.matched_terms) <= 15


def test_posting_that_is_the_resume_earns_every_part_in_full() -> None:
    result = paralegal_scorer().score("Paralegal", PARALEGAL_RESUME)
    assert result.parts == ScoreParts(title=TITLE_WEIGHT, must_haves=MUST_WEIGHT, resume=RESUME_WEIGHT, place=10)
    assert result.score == 100
    assert result.missing_must_haves == []


SAMPLE_RESUMES = [ROOT / "sweepy" / "data" / name for name in ("sample_resume.pdf", "sample_resume.docx")]


def _adjacent_in_source(term: str, source: str) -> bool:
    """The term's words appear in the source separated only by spaces, hyphens or apostrophes (what a word
    break inside one phrase looks like): never by a comma, a slash, a full stop or a line break."""
    first, second = map(re.escape, term.split())
    return re.search(rf"(?<![^\W_]){first}[ \-'’]+{second}(?![^\W_])", source, re.IGNORECASE) is not None


@pytest.mark.parametrize("path", SAMPLE_RESUMES, ids=lambda p: p.suffix)
def test_no_resume_phrase_spans_punctuation_in_the_sample_resume(path: Path) -> None:
    source = resume_text(path)
    assert "PACER/CM/ECF" in source and "e-discovery and document review in Relativity" in source
    pairs = sorted(term for term in vocabulary(source) if " " in term)
    assert {"legal research", "document review", "privilege logs", "court filings"} <= set(pairs)
    assert not {"pacer cm", "cm ecf", "discovery relativity", "rivera example"} & set(pairs)
    assert [term for term in pairs if not _adjacent_in_source(term, source)] == []


@pytest.mark.parametrize("path", SAMPLE_RESUMES, ids=lambda p: p.suffix)
def test_matched_terms_of_sample_postings_never_span_punctuation(path: Path) -> None:
    source = resume_text(path)
    scorer = Scorer(titles=["Paralegal"], must_haves=["Relativity"], synonyms=[], resume_text=source)
    terms: set[str] = set()
    for record in generate_postings(400, seed=11):
        terms.update(scorer.score(str(record.get("title") or ""), str(record.get("description") or "")).matched_terms)
    pairs = sorted(term for term in terms if term.count(" ") == 1 and term != "Relativity")
    assert "legal research" in pairs
    assert [term for term in pairs if not _adjacent_in_source(term, source)] == []


def test_a_posting_pair_across_punctuation_is_not_a_resume_phrase() -> None:
    scorer = Scorer(titles=["Paralegal"], must_haves=["CM/ECF"], synonyms=[], resume_text="Legal research daily.")
    across = scorer.score("Paralegal", "Draft memos on legal. Research is done by others; filings via CM/ECF.")
    within = scorer.score("Paralegal", "Draft memos and do legal research; filings via CM/ECF.")
    assert "legal research" not in across.matched_terms
    assert "legal research" in within.matched_terms
    assert across.missing_must_haves == within.missing_must_haves == []  # a must-have still matches across "/"


def test_without_must_haves_their_weight_moves_to_the_resume() -> None:
    # Eight resume words, each its own sentence (no phrases), in a posting of one (every term weighs 1, the
    # posting is of average length: each earns 1 point) that also says things the resume does not.
    words = "westlaw relativity subpoenas docketing deposition binders lexisnexis pleadings".split()
    resume = ". ".join(words) + ". Also: contracts, mediation, arbitration, probate, bankruptcy."
    # (and twenty words or more that are no resume word: a description, test_ranking.py has the posting without)
    posting = ("Paralegal", ". ".join(words) + ". Quarterly offsites with kayaks, a canoe club on Thursdays, "
               "sandwiches at the harbour and a long lunch on the last Friday of each month.")  # fmt: skip
    share = 8 / RESUME_SATURATION
    none = Scorer(["Paralegal"], [], [], resume).score(*posting)
    present = Scorer(["Paralegal"], ["Westlaw"], [], resume).score(*posting)
    absent = Scorer(["Paralegal"], ["Notary"], [], resume).score(*posting)
    assert none.score == round(TITLE_WEIGHT + (RESUME_WEIGHT + MUST_WEIGHT) * share + PLACE_WEIGHT) == 68
    assert present.score == round(TITLE_WEIGHT + MUST_WEIGHT + RESUME_WEIGHT * share + PLACE_WEIGHT) == 85
    # the only must-have missing: no must-have points, and the whole penalty
    assert absent.score == round(TITLE_WEIGHT + RESUME_WEIGHT * share + PLACE_WEIGHT - PENALTY_WEIGHT) == 40
    assert absent.parts == ScoreParts(title=25, must_haves=0, resume=15, place=10, penalty=-10)
    # and a posting that is the resume reaches 100 with no must-haves, not TITLE + RESUME + PLACE weight
    full = " and ".join(f"term{a}{b}" for a in "abcdefgh" for b in "abcdefgh")  # "and": no resume word
    assert Scorer(["Paralegal"], [], [], full).score("Paralegal", full).score == 100
    notary = Scorer(["Paralegal"], ["Notary"], [], full).score("Paralegal", full)
    assert notary.score == TITLE_WEIGHT + RESUME_WEIGHT + PLACE_WEIGHT - PENALTY_WEIGHT


BACKEND_DESCRIPTION = (
    "Build backend services in Go and Python. Design REST APIs, operate PostgreSQL and Kafka on AWS, "
    "write unit tests, review code and run the services in Kubernetes."
)
BACKEND_RESUME = (
    "Engineer of backend systems: Go, Python, REST APIs, PostgreSQL, Kafka, AWS, Kubernetes, unit tests, code review."
)


def test_a_second_target_title_gets_the_same_resume_points_as_the_first() -> None:
    """The old title loop rebound the posting's words to a target title's, so a posting whose title did not
    contain the first target title had its resume overlap counted against that title's two words."""
    scorer = Scorer(["Backend Engineer", "Software Engineer"], [], [], BACKEND_RESUME)
    first = scorer.score("Backend Engineer", BACKEND_DESCRIPTION)
    second = scorer.score("Senior Software Engineer, Backend", BACKEND_DESCRIPTION)
    assert first.score == second.score
    assert first.matched_terms[1:] == second.matched_terms[1:]  # the same resume terms after the title


def test_a_kind_the_person_did_not_ask_for_ranks_after_full_time_that_fits_as_well() -> None:
    """A profile naming no employment_types: contract, part-time, internship... cards take KIND_PENALTY (shown in
    the penalty part), full-time and unstated ones none; a profile that asks for contracts gets them unpenalised,
    and a scorer told nothing of kinds (None) weighs none."""
    title, text = PARALEGAL_POSTING
    unnamed = Scorer(["Paralegal"], ["Westlaw"], [], PARALEGAL_RESUME, kinds=frozenset())
    full = unnamed.score(title, text, kind="full_time")
    assert unnamed.score(title, text).score == full.score
    for kind in ("contract", "part_time", "temporary", "internship", "other"):
        took = unnamed.score(title, text, kind=kind)
        assert (took.score, took.parts.penalty) == (full.score - KIND_PENALTY, full.parts.penalty - KIND_PENALTY)
        assert took.parts.title + took.parts.must_haves + took.parts.resume + took.parts.place + took.parts.penalty == (
            took.score
        )
    contracts = Scorer(["Paralegal"], ["Westlaw"], [], PARALEGAL_RESUME, kinds=frozenset({"contract"}))
    assert contracts.score(title, text, kind="contract").score == full.score
    assert Scorer(["Paralegal"], ["Westlaw"], [], PARALEGAL_RESUME).score(title, text, kind="contract").score == (
        full.score
    )
