"""The years of experience a posting asks for (sweepy/domain/experience.py): each phrasing in each language, the
numbers that are not experience, several requirements in one posting, the `experience` finding's thresholds, and
the card, get_jobs, the CSV and create_profile end to end through a real sweep of a feed."""

import csv
from pathlib import Path
from typing import Any

import pytest
from mcp_helpers import profile_args, write_feed, write_resume
from report_helpers import pdf_text, squeeze

from sweepy.domain.eligibility_rules import Seeker
from sweepy.domain.experience import QUOTE_CHARS, Experience, experience_finding, required_experience
from sweepy.errors import ProfileError
from sweepy.service import SweepyService
from sweepy.service import arguments as a
from sweepy.store.session import load_session

ASKED = [
    # English
    ("5+ years of experience", 5),
    ("At least 3 years in a similar role.", 3),
    ("3-5 years of experience in B2B sales", 3),
    ("3 to 5 years of experience", 3),
    ("Minimum of 4 years of relevant experience.", 4),
    ("A minimum of 6 years of professional experience", 6),
    ("5 or more years of experience", 5),
    ("5 years or more of experience in audit", 5),
    ("Over 5 years of experience with payments", 5),
    ("More than 7 years of experience", 7),
    ("7 years of hands-on experience with Go", 7),
    ("Experience: 5 years", 5),
    ("Required experience: 3-5 years", 3),
    ("5 yrs exp", 5),
    ("7yrs experience", 7),
    ("10+ YOE in backend systems", 10),
    ("Five (5) years of professional experience", 5),
    ("Three years of experience required.", 3),
    ("fifteen years of legal experience", 15),
    ("5 years' experience managing a team", 5),
    ("At least a year of experience", 1),
    ("One year of experience in retail", 1),
    ("1.5 years of experience", 1),
    ("You have 4+ years building data pipelines.", 4),
    ("Years of experience: 3-5", 3),
    ("Minimum Years of Experience Required: 5+", 5),
    ("5+ years of experience - 3 of them in banking", 5),
    ("Python (3+ years)", 3),
    ("Required: 5+ years", 5),
    ("Minimum: 3 years", 3),
    ("0-2 years of experience", 0),
    ("3+ years of service desk experience", 3),
    ("At least 2 years of employment as a paralegal", 2),
    ("Our ideal candidate has 5+ years of experience.", 5),
    ("3+ years Python", 3),
    ("We are looking for 5+ years of experience.", 5),
    ("Wir suchen Kandidaten mit mindestens 3 Jahren Berufserfahrung.", 3),
    ("Nous cherchons un profil avec 5 ans d'expérience.", 5),
    ("Buscamos alguien con 3 años de experiencia.", 3),
    ("Senior Software Engineer (8+ years)", 8),
    ("Minimum 2 yrs. exp. required", 2),
    ("Possess at least two (2) years experience", 2),
    # Spanish
    ("Mínimo 3 años de experiencia", 3),
    ("Al menos 2 años de experiencia en ventas", 2),
    ("Experiencia mínima de 3 años en el puesto", 3),
    ("De 3 a 5 años de experiencia", 3),
    ("Más de 5 años de experiencia profesional", 5),
    ("Dos años de experiencia como administrativo", 2),
    # French
    ("Au moins 5 ans d'expérience", 5),
    ("Vous avez au moins trois ans d'expérience.", 3),
    ("De 3 à 5 ans d'expérience en développement", 3),
    ("Une première expérience de 2 ans", 2),
    ("Minimum 4 années d'expérience", 4),
    ("Plus de 10 ans d’expérience", 10),
    ("Un an d'expérience minimum", 1),
    # German
    ("Mindestens 3 Jahre Berufserfahrung", 3),
    ("Berufserfahrung von mindestens 3 Jahren", 3),
    ("Sie haben drei Jahre Erfahrung im Vertrieb", 3),
    ("3-5 Jahre Projekterfahrung", 3),
    ("5+ Jahre Erfahrung mit Python", 5),
    ("Mind. 3 Jahre im Vertrieb", 3),
    ("Mindestens 2 Jahre in einer ähnlichen Position", 2),
    # Italian and Portuguese
    ("Almeno 3 anni di esperienza", 3),
    ("Esperienza di almeno 4 anni nel ruolo", 4),
    ("Pelo menos 3 anos de experiência", 3),
    ("Mínimo de 2 anos de experiência na área", 2),
]


@pytest.mark.parametrize(("sentence", "years"), ASKED)
def test_each_phrasing_reads_the_years_and_quotes_the_sentence(sentence: str, years: int) -> None:
    text = f"About the role\nYou will join a small team.\n{sentence}\nWe offer health insurance."
    assert required_experience(text) == Experience(years, sentence)


NOT_EXPERIENCE = [
    "We offer a 401(k) with a 4% match.",
    "Join more than 10,000 employees in 40 countries.",
    "Acme was founded 5 years ago.",
    "We have been in business for 20 years.",
    "For over 20 years, Acme has been the leader in logistics.",
    "With over 15 years of experience serving clients, we help companies grow.",
    "Work from our office 3 days a week.",
    "You get 2 weeks of PTO and 10 holidays.",
    "The salary is $120,000 a year depending on experience.",
    "Pay: $95,000 - $120,000 per year.",
    "Salary: $50,000 a year.",
    "Applicants must be 18 years or older.",
    "You must be at least 21 years old.",
    "Candidates must be 18 years of age.",
    "401(k) matching after 2 years of service.",
    "Stock vests over 4 years with a 1-year cliff.",
    "This is a 2-year contract.",
    "The contract runs for 12 months, renewable every 2 years.",
    "Fundada hace 10 años, somos líderes.",
    "Seit über 20 Jahren sind wir Marktführer.",
    "Depuis 30 ans, nous accompagnons nos clients.",
    "Strong experience with Python and SQL.",
    "Our founders have 25 years of combined experience.",
    "Our consultants have over 10 years of experience.",
    "Our team has 15 years of combined experience.",
    "2+ years of college coursework count toward the program.",
    "We're a 5-year-old startup.",
    "In your first 2 years, you'll rotate across teams.",
    "Salary increases every 2 years.",
    "10+ years serving our community.",
    "We have been around for 10+ years in the region.",
    "You will join a team with 15 years of experience in payments.",
    "A firm with over 10 years of experience.",
    "With 15 years of experience, we develop software for such clients.",
    "You will be eligible for a sabbatical after 5 years.",
    "The program lasts 2 years and ends with certification.",
    "Gehalt: 60.000 € pro Jahr",
    "Salario: 40.000 € brutos al año",
]


@pytest.mark.parametrize("sentence", NOT_EXPERIENCE)
def test_numbers_that_are_not_experience_stay_out(sentence: str) -> None:
    assert required_experience(f"About us\n{sentence}\nApply today.") is None


@pytest.mark.parametrize(
    "sentence",
    ["No experience required!", "No prior experience needed.", "Experience is not required.",
     "Sin experiencia previa.", "No se requiere experiencia.", "Débutants acceptés.", "Aucune expérience requise.",
     "Keine Berufserfahrung erforderlich.", "Quereinsteiger willkommen.", "Nessuna esperienza richiesta.",
     "Não é necessária experiência."],
)  # fmt: skip
def test_no_experience_required_is_zero_years_with_its_quote(sentence: str) -> None:
    assert required_experience(f"Warehouse associate\n{sentence}\nWe train you.") == Experience(0, sentence)


def test_a_requirement_outranks_no_experience_and_no_experience_outranks_a_preference() -> None:
    both = "No experience with Rust required.\n5+ years of experience with Python."
    assert required_experience(both) == Experience(5, "5+ years of experience with Python.")
    nice = "No prior experience needed.\nNice to have:\n- 2+ years of retail experience"
    assert required_experience(nice) == Experience(0, "No prior experience needed.")


def test_several_requirements_take_the_overall_one_else_the_largest() -> None:
    overall = "Requirements:\n- 3 years of Python experience\n- 2+ years of experience overall\n- 4 years with AWS"
    assert required_experience(overall) == Experience(2, "2+ years of experience overall")
    largest = "Requires 5+ years of software engineering, 2+ years with Kubernetes."
    assert required_experience(largest) == Experience(5, largest)
    two_overall = "- 3+ years of relevant experience\n- 6+ years of professional experience"
    assert required_experience(two_overall) == Experience(6, "6+ years of professional experience")


def test_a_preferred_requirement_does_not_outrank_a_required_one() -> None:
    text = "Qualifications:\n- 3+ years of experience\nNice to have:\n- 8+ years of experience with Kubernetes"
    assert required_experience(text) == Experience(3, "3+ years of experience")
    inline = "3+ years of experience in sales. 8+ years of experience in fintech is a plus."
    assert required_experience(inline) == Experience(3, "3+ years of experience in sales.")
    only = "Preferred qualifications\n- 8+ years of experience"
    assert required_experience(only) == Experience(8, "8+ years of experience", preferred=True)


@pytest.mark.parametrize(
    "text",
    ["Requirements\n5+ years of experience\nNice to have\nKubernetes: 8+ years",
     "**Requirements**\n- 5+ years of experience\n**Nice-to-haves**\n- 8+ years of experience with Go",
     "Anforderungen:\n- 5 Jahre Berufserfahrung\nPluspunkte:\n- 8 Jahre Berufserfahrung im Handel",
     "You have:\n- 5+ years of experience\nWhat will make you stand out\n- 9+ years of experience"],
)  # fmt: skip
def test_a_heading_that_prefers_makes_the_lines_under_it_preferred(text: str) -> None:
    found = required_experience(text)
    assert found is not None and (found.years_min, found.preferred) == (5, False)
    only_preferred = text.split("\n", 2)[2]  # from the preferring heading on
    found = required_experience(only_preferred)
    assert found is not None and found.preferred and found.years_min > 5


def test_alternatives_in_one_sentence_count_as_their_smallest() -> None:
    text = "A Master's degree and 2 years of experience, or a Bachelor's degree and 4 years of experience."
    assert required_experience(text) == Experience(2, text)


def test_an_alternative_in_the_next_sentence_counts_too_and_a_line_is_read_alone() -> None:
    text = "Bachelor's degree with 3 years of experience; or Master's degree with 1 year of experience."
    assert required_experience(text) == Experience(1, "or Master's degree with 1 year of experience.")
    lines = "- 3+ years of experience\n- or 5 years with AWS"  # the second line's "or" is no alternative
    assert required_experience(lines) == Experience(3, "3+ years of experience")


def test_or_equivalent_experience_reads_the_years_and_says_so() -> None:
    text = "Bachelor's degree and 4 years of experience, or equivalent experience."
    assert required_experience(text) == Experience(4, text, equivalent=True)
    lieu = "6 years of experience may be accepted in lieu of a degree."
    assert required_experience(lieu) == Experience(6, lieu, equivalent=True)


def test_the_quote_is_the_sentence_as_written_cut_around_a_long_one() -> None:
    text = "Our team builds tools for lawyers. You bring 4+ years of litigation support experience (e.g. Relativity)."
    assert required_experience(text) == Experience(4, "You bring 4+ years of litigation support experience (e.g. "
                                                      "Relativity).")  # fmt: skip
    words = " ".join(f"word{n}" for n in range(60))
    long = f"{words} and at least 6 years of experience in tax law {words}."
    found = required_experience(long)
    assert found is not None and found.years_min == 6
    assert len(found.quote) <= QUOTE_CHARS and "at least 6 years of experience in tax law" in found.quote
    assert found.quote in long and not found.quote.startswith(" ")


def test_a_company_history_past_twenty_years_is_no_requirement() -> None:
    assert required_experience("Over 30 years of experience in the field.") is None
    assert required_experience("20+ years of experience in the field.") == Experience(
        20, "20+ years of experience in the field."
    )


@pytest.mark.parametrize(
    ("asked", "has", "verdict"),
    [(5, 3, None), (6, 3, "warns"), (8, 3, "warns"), (9, 3, "blocks"), (2, 0, None), (3, 0, "warns"),
     (6, 0, "blocks"), (0, 0, None)],
)  # fmt: skip
def test_the_finding_warns_past_two_years_more_and_blocks_past_five(asked: int, has: int, verdict: str | None) -> None:
    finding = experience_finding(Experience(asked, "the sentence"), Seeker(years_experience=has))
    got = None if finding is None else (finding.kind, finding.verdict, finding.quote)
    assert got == (None if verdict is None else ("experience", verdict, "the sentence"))


def test_equivalent_or_preferred_experience_only_warns_and_no_years_give_no_finding() -> None:
    seeker = Seeker(years_experience=1)
    for softened in (Experience(10, "q", equivalent=True), Experience(10, "q", preferred=True)):
        finding = experience_finding(softened, seeker)
        assert finding is not None and finding.verdict == "warns"
    assert experience_finding(Experience(10, "q"), Seeker()) is None
    assert experience_finding(None, seeker) is None


# -- end to end ------------------------------------------------------------------------------------------------
WARNING = "5+ years of litigation experience."
BLOCKING = "At least 8 years of experience as a paralegal."
EQUIVALENT = "8+ years of experience or equivalent."
NONE_NEEDED = "No experience required."
FEED: list[dict[str, Any]] = [
    {"title": "Paralegal", "company": f"Firm {n}", "url": f"https://jobs.lever.co/firm{n}/{n}",
     "location": "New York, NY", "description": f"Litigation support with Relativity.\n{said}\nWe offer a 401(k)."}
    for n, said in enumerate((WARNING, BLOCKING, EQUIVALENT, NONE_NEEDED, "Relativity skills, 3 days a week."))
]  # fmt: skip


def swept(workspace: Path, **eligibility: Any) -> SweepyService:
    service = SweepyService()
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", FEED)
    config = {"years_experience": 2, "level": "junior", **eligibility}
    service.create_profile(
        a.CreateProfile(**profile_args(resume, "feed.jsonl", assessment="keyword", eligibility_config=config))
    )
    job, _ = service.start_sweep(None, deduplicate=True, include_seen=False)
    assert job.done.wait(60)
    assert service.sweep_payload(job).dump()["sweep_status"] == "completed"
    return service


def test_a_sweep_puts_the_years_and_the_sentence_on_each_card_with_the_finding(workspace: Path) -> None:
    service = swept(workspace)
    cards = {card.company: card for card in load_session(workspace / "results", None).cards}
    read = {name: (c.experience_years_min, c.experience_quote, [(f.kind, f.verdict) for f in c.eligibility])
            for name, c in cards.items()}  # fmt: skip
    assert read == {
        "Firm 0": (5, WARNING, [("experience", "warns")]),
        "Firm 1": (8, BLOCKING, [("experience", "blocks")]),
        "Firm 2": (8, EQUIVALENT, [("experience", "warns")]),
        "Firm 3": (0, NONE_NEEDED, []),
        "Firm 4": (None, None, []),
    }
    assert [f.quote for f in cards["Firm 1"].eligibility] == [BLOCKING]
    jobs = {job["company"]: job for job in service.get_jobs(a.GetJobs(results_dir="results", limit=10)).dump()["jobs"]}
    assert jobs["Firm 1"]["experience_years_min"] == 8 and jobs["Firm 1"]["eligible"] is False
    assert jobs["Firm 1"]["eligibility"] == [{"kind": "experience", "verdict": "blocks", "quote": BLOCKING}]
    assert (jobs["Firm 3"]["experience_years_min"], jobs["Firm 0"]["experience_years_min"]) == (0, 5)
    assert "experience_years_min" not in jobs["Firm 4"]
    assert not any("experience_quote" in job for job in jobs.values())  # the finding quotes it where it matters


def test_the_csv_has_the_years_and_the_sentence(workspace: Path) -> None:
    swept(workspace)
    (path,) = (workspace / "results").glob("*.csv")
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = {row["company"]: row for row in csv.DictReader(handle)}
    assert (rows["Firm 1"]["experience_years_min"], rows["Firm 1"]["experience_quote"]) == ("8", BLOCKING)
    assert rows["Firm 1"]["eligibility"] == f"blocks experience: {BLOCKING}"
    assert (rows["Firm 4"]["experience_years_min"], rows["Firm 4"]["experience_quote"]) == ("", "")


def test_the_report_prints_the_experience_finding_with_its_quote(workspace: Path) -> None:
    service = swept(workspace)
    text = pdf_text(
        Path(service.render_report(a.RenderReport(results_dir="results", playbook="")).dump()["pdf_report"])
    )
    assert squeeze(f"■ Blocks you — Years of experience: “{BLOCKING}”") in text
    assert squeeze(f"■ Check — Years of experience: “{WARNING}”") in text


def test_strict_eligibility_drops_the_card_asking_far_more_years(workspace: Path) -> None:
    swept(workspace, eligibility="strict")
    companies = sorted(card.company for card in load_session(workspace / "results", None).cards)
    assert companies == ["Firm 0", "Firm 2", "Firm 3", "Firm 4"]


def test_create_profile_writes_the_two_keys_and_refuses_bad_values(workspace: Path) -> None:
    service = SweepyService()
    resume = write_resume(workspace / "resume.docx")
    write_feed(workspace / "feed.jsonl", FEED)
    config = {"years_experience": 7, "level": "senior"}
    written = service.create_profile(
        a.CreateProfile(**profile_args(resume, "feed.jsonl", eligibility_config=config))
    ).dump()
    text = Path(written["profile_path"]).read_text(encoding="utf-8")
    assert "years_experience: 7\n" in text and "level: senior\n" in text
    for bad, named in (({"years_experience": 61}, "years_experience"), ({"years_experience": -1}, "years_experience"),
                       ({"years_experience": "five"}, "years_experience"), ({"level": "staff"}, "level")):  # fmt: skip
        with pytest.raises(ProfileError, match=f"'{named}'"):
            service.create_profile(a.CreateProfile(**profile_args(resume, "feed.jsonl", eligibility_config=bad)))
