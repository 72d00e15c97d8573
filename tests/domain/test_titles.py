"""The title model (sweepy/domain/titles.py) and its bundled table (sweepy/data/titles.yaml): a test per family,
the abbreviations, the compounds, word order, near titles kept low, levels, the person's synonyms, and the
filter stage keeping what people mean by their titles."""

import itertools
from collections import Counter
from typing import Any

import pytest

from sweepy.domain.titles import TitleModel, level_factor, level_of, read_title
from sweepy.domain.titletable import LEVELS, parse_table, raw_table, title_table
from sweepy.pipeline.filter import Criteria, filter_postings
from tests.pipeline.test_filter import TODAY, posting

FAMILY_CASES: dict[str, list[tuple[str, str, float | None]]] = {
    "software": [
        ("Software Engineer", "Software Developer", 0.85),
        ("Software Engineer", "Software Programmer", 0.85),
        ("Backend Engineer", "Back-End Developer", 0.85),
        ("Software Engineer", "Développeur Logiciel", 0.85),
        ("Software Engineer", "Softwareentwickler (m/w/d)", 0.85),
        ("Software Engineer", "Ingénieur logiciel senior", 1.0),
        ("Software Engineer", "Platform Engineer", 0.85),
        ("Software Engineer", "Sales Engineer", None),
        ("Software Engineer", "Hardware Engineer", None),
        ("Software Engineer", "Developer Advocate", None),
    ],
    "human_resources": [
        ("HR Generalist", "Human Resources Generalist", 1.0),
        ("HR Generalist", "Sr. HR Business Partner", 0.85),
        ("HR Specialist", "People Partner", 0.85),
        ("Human Resources Business Partner", "HRBP - EMEA", 1.0),
        ("HR Generalist", "HR Coordinator", 0.5),
        ("HR Specialist", "Marketing Specialist", None),
        ("HR Generalist", "Benefits Specialist", 0.425),
    ],
    "marketing": [
        ("Marketing Manager", "Senior Marketing Manager", 1.0),
        ("Marketing Manager", "Marketing Lead", 0.85),
        ("Performance Marketing Manager", "Head of Performance Marketing", 0.85),
        ("Marketing Manager", "Head of Marketing", 0.85),
        ("Performance Marketing Manager", "Performance Marketing Lead", 0.85),
        ("Growth Marketing Manager", "Performance Marketing Manager", 0.85),
        ("Growth Marketing Manager", "Senior Growth Manager - Supply", 0.5),
        ("Marketing Manager", "CRM Manager", 0.5),
        ("Performance Marketing Manager", "Paid Social Specialist", 0.25),
        ("Marketing Manager", "Marketing Coordinator", 0.5),
        ("Marketing Manager", "Account Manager", None),
        ("Marketing Manager", "Product Manager", None),
    ],
    "sales": [
        ("Account Executive", "Account Manager", 0.85),
        ("Account Executive", "Enterprise AE", 1.0),
        ("Account Executive", "Sales Executive, Mid-Market", 0.85),
        ("Account Executive", "Business Development Manager", 0.5),
        ("Account Executive", "Executive Assistant", None),
    ],
    "sales_development": [
        ("SDR", "Business Development Representative", 0.85),
        ("Sales Development Representative", "BDR (Outbound)", 0.85),
        ("SDR", "Account Executive", 0.5),
    ],
    "customer_success": [
        ("Customer Success Manager", "Client Success Manager", 1.0),
        ("Customer Success Manager", "Engagement Manager", 0.85),
        ("CSM", "Customer Success Lead", 0.85),
        ("Customer Success Manager", "Account Manager", 0.5),
        ("Customer Success Manager", "Customer Support Manager", None),
    ],
    "assistants": [
        ("Executive Assistant", "Administrative Assistant", 0.5),
        ("Executive Assistant", "EA to the CEO", 1.0),
        ("Administrative Assistant", "Admin Assistant", 1.0),
        ("Executive Assistant", "Assistante de direction", 1.0),
        ("Executive Assistant", "Office Manager", 0.5),
        ("Executive Assistant", "Executive Director", None),
    ],
    "recruiting": [
        ("Recruiter", "Senior Technical Recruiter", 1.0),
        ("Recruiter", "Talent Acquisition Partner", 0.85),
        ("Talent Acquisition Specialist", "Recruiter (Contract)", 0.85),
        ("Recruiter", "Chargée de recrutement", 1.0),
        ("Recruiter", "Sourcer", 0.5),
        ("Recruiter", "Recruiting Manager", None),
    ],
    "legal": [
        ("Paralegal", "Legal Assistant", 0.85),
        ("Legal Assistant", "Senior Litigation Paralegal", 0.85),
        ("Paralegal", "Paralegal Specialist", 1.0),
        ("Paralegal", "Law Clerk", 0.5),
        ("Paralegal", "Paralegal Manager", None),
    ],
    "product": [
        ("Product Manager", "Senior PM, Payments", 1.0),
        ("Product Manager", "Product Owner", 0.85),
        ("Product Manager", "Technical Program Manager", 0.5),
        ("Product Manager", "Product Marketing Manager", None),
    ],
    "project": [
        ("Project Manager", "Program Manager", 0.85),
        ("Project Manager", "Chef de projet", 1.0),
        ("Project Manager", "Project Coordinator", 0.5),
    ],
    "nursing": [
        ("Registered Nurse", "RN - Emergency Department", 1.0),
        ("Registered Nurse", "Staff Nurse", 0.85),
        ("Registered Nurse", "Travel Nurse (ICU)", 0.5),
        ("Registered Nurse", "Nurse Manager", None),
    ],
    "writing": [
        ("Technical Writer", "Technical Author", 0.85),
        ("Technical Writer", "Writer, Technical Documentation", 1.0),
        ("Technical Writer", "UX Writer", None),
        ("Technical Writer", "Technical Editor", None),
    ],
}


def strength(profile_title: str, posting_title: str) -> float | None:
    found = TitleModel([profile_title]).match(posting_title)
    return None if found is None else found.strength


@pytest.mark.parametrize(("family", "cases"), FAMILY_CASES.items())
def test_each_family_of_the_table(family: str, cases: list[tuple[str, str, float | None]]) -> None:
    assert [(p, t, strength(p, t)) for p, t, _ in cases] == cases


def test_every_family_of_the_table_has_a_test() -> None:
    assert sorted(FAMILY_CASES) == sorted(raw_table()["families"])


@pytest.mark.parametrize(
    ("short", "long"),
    [
        ("HR Manager", "Human Resources Manager"),
        ("QA Engineer", "Quality Assurance Engineer"),
        ("SRE", "Site Reliability Engineer"),
        ("ML Engineer", "Machine Learning Engineer"),
        ("AI Engineer", "Artificial Intelligence Engineer"),
        ("UX Designer", "User Experience Designer"),
        ("UI Designer", "User Interface Designer"),
        ("Senior PM", "Product Manager"),
        ("SWE", "Software Engineer"),
        ("SDE II", "Software Development Engineer"),
        ("EA", "Executive Assistant"),
        ("AE", "Account Executive"),
        ("CSM", "Customer Success Manager"),
        ("SDR", "Sales Development Representative"),
        ("BDR", "Business Development Representative"),
        ("HRBP", "HR Business Partner"),
        ("Sr. Paralegal", "Paralegal"),
        ("Snr Data Analyst", "Data Analyst"),
        ("Jr. Accountant", "Accountant"),
        ("Office Mgr", "Office Manager"),
        ("Software Eng", "Software Engineer"),
        ("Web Dev", "Web Developer"),
        ("Assoc. Attorney", "Attorney"),
        ("Admin Assistant", "Administrative Assistant"),
        ("Exec Assistant", "Executive Assistant"),
        ("Project Coord", "Project Coordinator"),
        ("VP, Sales", "Vice President of Sales"),
        ("BI Developer", "Business Intelligence Developer"),
    ],
)
def test_an_abbreviation_is_its_long_form(short: str, long: str) -> None:
    found = TitleModel([long]).match(short)
    assert (found and found.strength, found and found.target) == (1.0, long)


@pytest.mark.parametrize(
    ("profile_title", "posting_title"),
    [
        ("Full Stack Engineer", "Fullstack Engineer"),
        ("Full Stack Engineer", "Full-Stack Engineer"),
        ("Fullstack Engineer", "Senior Full Stack Engineer"),
        ("Frontend Engineer", "Front End Engineer"),
        ("Front-End Engineer", "Frontend Engineer"),
        ("Backend Engineer", "Back End Engineer"),
        ("DevOps Engineer", "Dev Ops Engineer"),
        ("E-commerce Manager", "Ecommerce Manager"),
    ],
)
def test_a_compound_in_every_spelling_is_the_same_title(profile_title: str, posting_title: str) -> None:
    assert strength(profile_title, posting_title) == 1.0


def test_a_compounds_words_never_qualify_a_role_alone() -> None:
    assert read_title("Data Center Engineer").parts == (("data center", "engineer"),)
    assert strength("Data Engineer", "Data Center Engineer") is None
    assert strength("Data Engineer", "Datacenter Technician") is None


@pytest.mark.parametrize(
    ("profile_title", "posting_title", "expected"),
    [
        ("Data Engineer", "Senior Data Engineer", 1.0),
        ("Data Engineer", "Data Engineer II", 1.0),
        ("Data Engineer", "Staff Engineer, Data", 1.0),
        ("Data Engineer", "Ingénieur Data", 1.0),
        ("Backend Engineer", "Software Engineer, Backend", 1.0),
        ("Backend Engineer", "Senior Software Engineer (Backend)", 1.0),
        ("Backend Engineer", "Backend Engineer (Remote, US)", 1.0),
        ("Backend Engineer", "Backend Python Engineer", 1.0),
        ("Data Engineer", "Principal Operations Engineer Hardware — Data Center Operations", None),
        ("Data Engineer", "Sales Engineer - Data Platform", None),
        ("Data Engineer", "Engineering Manager, Data", None),
        ("Backend Engineer", "Frontend Engineer", None),
        ("Data Engineer", "Data Quality Analytics Engineer", 0.5),  # "Data" is there, but not next to the role
        ("UX Designer", "Senior UX/UI Designer", 1.0),  # a slash between two words: both qualify the role
        ("Backend Engineer", "Frontend/Backend Engineer", 1.0),
        ("UX Designer", "UI Designer", 0.85),
        ("Data Analyst", "BI Analyst", 0.85),
        ("Data Analyst", "Senior Analyst, Data & Analytics", 1.0),
        ("Python Developer", "Développeur Python Senior (H/F)", 1.0),  # French puts the field after the role
        ("Python Developer", "Développeur Java", None),
    ],
)
def test_a_profile_titles_words_must_qualify_the_postings_role(
    profile_title: str, posting_title: str, expected: float | None
) -> None:
    assert strength(profile_title, posting_title) == expected


@pytest.mark.parametrize(
    ("profile_title", "posting_title", "expected"),
    [
        ("ML Engineer", "AI Engineer", 0.85),
        ("ML Engineer", "Applied ML Engineer", 1.0),
        ("ML Engineer", "Research Engineer", 0.5),
        ("AI Engineer", "Forward Deployed Engineer", 0.5),
        ("Software Engineer", "Research Engineer", 0.5),
        ("Software Engineer", "Forward Deployed Engineer", 0.5),
        ("Software Engineer", "Staff Engineer", 0.5),
        ("Backend Engineer", "Fullstack Engineer", 0.5),
        ("Backend Engineer", "Software Engineer", 0.5),
    ],
)
def test_a_near_title_is_kept_with_a_low_strength(profile_title: str, posting_title: str, expected: float) -> None:
    found = TitleModel([profile_title]).match(posting_title)
    assert found is not None
    assert (found.strength, found.target, bool(found.why)) == (expected, profile_title, True)


def test_why_says_what_made_the_match() -> None:
    model = TitleModel(["Software Engineer"])
    assert [m and m.why for m in map(model.match, ("Sr. Software Engineer", "Software Developer"))] == [
        "same title as Software Engineer",
        "Developer is Engineer's family",
    ]
    found = TitleModel(["ML Engineer"]).match("AI Engineer")
    assert found is not None
    assert found.why == "Artificial Intelligence is close to Machine Learning"


@pytest.mark.parametrize(
    ("title", "level"),
    [
        ("Senior Data Engineer", "senior"),
        ("Sr. Paralegal", "senior"),
        ("Staff Software Engineer", "principal"),
        ("Senior Staff Engineer", "principal"),
        ("Principal Product Manager", "principal"),
        ("Lead Designer", "lead"),
        ("Head of People", "lead"),
        ("Software Engineering Intern", "intern"),
        ("Summer Internship - Legal", "intern"),
        ("Stagiaire Développeur", "intern"),
        ("Junior Developer", "junior"),
        ("Entry-Level Paralegal", "junior"),
        ("Associate Product Manager", "junior"),
        ("Software Engineer I", "junior"),
        ("Data Engineer II", "mid"),
        ("Software Engineer III", "senior"),
        ("Senior Software Engineer II", "senior"),  # a level word outranks the ladder's number
        ("Customer Success Lead", None),  # a role the table names whole: its "Lead" is the role
        ("Paralegal", None),
        ("AE, Mid-Market", None),  # "mid market" is a segment, not a level
    ],
)
def test_level_of_a_title(title: str, level: str | None) -> None:
    assert level_of(title) == level


def test_level_factor_lowers_only_levels_far_apart() -> None:
    assert [level_factor(lv, "senior") for lv in LEVELS] == [0.5, 0.75, 1.0, 1.0, 1.0, 0.75]
    assert level_factor("principal", "junior") == 0.3
    assert level_factor(None, "junior") == level_factor("intern", None) == 1.0


def test_fit_is_strength_times_the_level_factor() -> None:
    model = TitleModel(["Software Engineer"])
    assert model.fit("Senior Software Developer", "senior") == 0.85
    assert model.fit("Principal Software Engineer", "junior") == 0.3
    assert model.fit("Software Engineering Intern", "senior") == 0.5
    assert model.fit("Software Engineer", None) == 1.0
    assert model.fit("Registered Nurse", "senior") == 0.0
    # an internship is not first for a person who named no level and no intern title: as far as from mid
    assert model.fit("Software Engineering Intern", None) == 0.75
    assert TitleModel(["Software Engineering Intern"]).fit("Software Engineering Intern", None) == 1.0


def test_the_persons_synonyms_add_titles_only_through_a_group_holding_one() -> None:
    model = TitleModel(["Paralegal"], [["Paralegal", "Docketing Clerk"], ["e-discovery", "electronic discovery"]])
    found = model.match("Senior Docketing Clerk")
    assert found is not None
    assert (found.strength, found.target, found.why) == (
        1.0,
        "Paralegal",
        "Docketing Clerk is your synonym for Paralegal",
    )
    assert TitleModel(["Paralegal"]).match("Docketing Clerk") is None
    assert TitleModel(["Paralegal"], [["Docketing Clerk", "Court Clerk"]]).match("Court Clerk") is None
    assert TitleModel(["Sr. Paralegal"], [["paralegal", "Docketing Clerk"]]).match("Docketing Clerk") is not None


def test_a_profile_without_a_title_is_an_error() -> None:
    with pytest.raises(ValueError, match="name at least one job title"):
        TitleModel(["(Remote)"])


POSTINGS = [
    "Senior Data Engineer",
    "Staff Engineer, Data",
    "Principal Operations Engineer Hardware — Data Center Operations",
    "Software Engineer, Backend",
    "Back-End Developer",
    "Fullstack Engineer",
    "Human Resources Generalist",
    "People Partner",
    "HR Coordinator",
    "Marketing Specialist",
    "Software Engineer, Data Platform",
    "Sales Engineer - Data Platform",
]


@pytest.mark.parametrize("size", [2, 3])
def test_profiles_with_several_titles_keep_the_same_postings_in_every_order(size: int) -> None:
    titles = ["Data Engineer", "Backend Engineer", "HR Generalist"]
    seen: dict[tuple[str, ...], list[tuple[str, float]]] = {}
    for chosen in itertools.combinations(titles, size):
        results = []
        for order in itertools.permutations(chosen):
            model = TitleModel(order)
            results.append([(t, m.strength) for t in POSTINGS if (m := model.match(t))])
        assert all(r == results[0] for r in results), chosen
        seen[chosen] = results[0]
    if size == 3:
        assert seen[tuple(titles)] == [
            ("Senior Data Engineer", 1.0),
            ("Staff Engineer, Data", 1.0),
            ("Software Engineer, Backend", 1.0),
            ("Back-End Developer", 0.85),
            ("Fullstack Engineer", 0.5),
            ("Human Resources Generalist", 1.0),
            ("People Partner", 0.85),
            ("HR Coordinator", 0.5),
            ("Software Engineer, Data Platform", 1.0),
        ]


def search(titles: list[str], **changes: Any) -> Criteria:
    return Criteria(titles=titles, synonyms=changes.pop("synonyms", []), location="Remote", today=TODAY, **changes)


def kept_titles(titles: list[str], found: list[str]) -> tuple[list[str], Counter[str]]:
    kept, drops = filter_postings([posting(t, "Remote - US") for t in found], search(titles))
    return [p.title for p in kept], drops


# The filter stage with real-looking titles. All but the inverted titles fail on the old any-order core-word
# matcher (the commit that brought the title model): it lost every posting written another way and kept the data
# center one. It kept the inverted titles too, by taking words from anywhere; that test keeps the new model honest.


def test_the_filter_keeps_hr_written_out() -> None:
    assert kept_titles(["HR Generalist"], ["Human Resources Generalist", "HR Generalist II"]) == (
        ["Human Resources Generalist", "HR Generalist II"],
        Counter(),
    )


def test_the_filter_keeps_fullstack_however_spelled() -> None:
    found = ["Fullstack Engineer", "Full-Stack Engineer (Remote)", "Senior Full Stack Engineer", "Data Engineer"]
    assert kept_titles(["Full Stack Engineer"], found) == (found[:3], Counter({"title": 1}))


def test_the_filter_keeps_a_developer_for_an_engineer_search() -> None:
    found = ["Senior Software Developer", "Python Developer", "Sales Engineer", "Software Engineer"]
    assert kept_titles(["Software Engineer"], found) == (
        ["Senior Software Developer", "Python Developer", "Software Engineer"],
        Counter({"title": 1}),
    )


def test_the_filter_keeps_ai_research_and_forward_deployed_engineers_for_ml_and_software_seekers() -> None:
    found = ["AI Engineer", "Research Engineer", "Forward Deployed Engineer", "Hardware Engineer"]
    assert kept_titles(["ML Engineer"], found) == (found[:3], Counter({"title": 1}))
    assert kept_titles(["Software Engineer"], found) == (found[:3], Counter({"title": 1}))


def test_the_filter_keeps_an_engagement_manager_for_a_customer_success_manager() -> None:
    found = ["Engagement Manager", "Client Success Manager", "CSM, Enterprise", "Product Marketing Manager"]
    assert kept_titles(["Customer Success Manager"], found) == (found[:3], Counter({"title": 1}))


def test_the_filter_drops_a_data_center_role_for_a_data_engineer() -> None:
    found = [
        "Principal Operations Engineer Hardware — Data Center Operations",
        "Senior Data Engineer",
        "Data Engineer II",
        "Staff Engineer, Data",
    ]
    assert kept_titles(["Data Engineer"], found) == (found[1:], Counter({"title": 1}))


def test_the_filter_reads_inverted_titles_for_a_backend_engineer() -> None:
    found = ["Software Engineer, Backend", "Senior Software Engineer (Backend)", "Backend Engineer (Remote, US)"]
    assert kept_titles(["Backend Engineer"], found) == (found, Counter())


def test_the_filter_keeps_a_french_seekers_titles() -> None:
    found = ["Développeur Full Stack", "Ingénieur Logiciel (H/F)", "Full-Stack Developer", "Chef de projet"]
    assert kept_titles(["Full Stack Developer", "Ingénieur logiciel"], found) == (found[:3], Counter({"title": 1}))


# The table itself.


def test_every_word_the_table_names_can_be_read_as_one_token() -> None:
    """A family noun or modifier that reading splits or respells could never match: the table would lie."""
    table = title_table()
    unreadable = []
    for family in table.families:
        for word in (*family.nouns(), *family.generic, *family.kinds, *family.near_kinds, *family.requires):
            if read_title(f"acme {word}").parts != (("acme", table.same_modifier.get(word, word)),):
                unreadable.append(f"{family.name}: {word}")
    for pair in (*table.kin_modifiers, *table.near_modifiers):
        unreadable += [f"modifiers: {w}" for w in pair if read_title(f"acme {w}").parts != (("acme", w),)]
    assert unreadable == []


def test_every_abbreviations_long_form_is_reachable() -> None:
    """The short form reads as its long form, and the long form reads as itself (no other entry rewrites it)."""
    table = title_table()
    for short, long in table.abbreviations.items():
        long_text = " ".join(long)
        assert read_title(short).parts == read_title(long_text).parts, short
        read = [w for part in read_title(long_text).parts for token in part for w in token.split()]
        assert read and set(read) <= set(long), short  # a level word ("senior" in "svp") is taken out


def test_no_word_is_in_two_sections() -> None:
    raw = raw_table()
    sections = {
        "abbreviations": set(raw["abbreviations"]),
        "spelling variants": {v for s in ("spellings", "compounds") for vs in raw[s].values() for v in vs},
        "levels": {w for words in raw["levels"].values() for w in words},
        "numbered": {w for words in raw["numbered"].values() for w in words},
        "noise": set(raw["noise"]),
    }
    clashes = [
        (a, b, sorted(sections[a] & sections[b]))
        for a, b in itertools.combinations(sections, 2)
        if sections[a] & sections[b]
    ]
    assert clashes == []


def test_levels_cover_every_level_once() -> None:
    raw = raw_table()
    assert list(raw["levels"]) == list(LEVELS)
    for level, words in raw["levels"].items():
        assert all(level_of(f"{w} widget maker") == level for w in words), level


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"noise": ["remote", "remote"]}, "noise names remote twice"),
        ({"levels": {"expert": ["guru"]}}, "names the level 'expert'"),
        ({"abbreviations": {"hr": "Human Resources"}}, "must be written as normalize"),
        ({"families": {"x": {"heads": ["a"], "nouns": ["b"]}}}, "unknown keys"),
        ({"compounds": []}, "'compounds' must be a mapping"),
    ],
)
def test_a_malformed_table_is_an_error_naming_the_entry(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_table({**raw_table(), **change})


def test_a_field_written_after_the_role_is_the_same_title_as_before_it() -> None:
    """French puts the field after the role: "Ingénieur logiciel" is a software engineer, never any engineer."""
    french, english = TitleModel(["Ingénieur logiciel"]), TitleModel(["Software Engineer"])
    for title in ("Energy Engineer", "Sales Engineer", "Data Engineer", "Backend Developer", "Software Engineer"):
        assert french.fit(title) == english.fit(title), title
    assert french.match("Energy Engineer") is None
    assert french.match("Sales Engineer") is None
    assert french.fit("Ingénieur Logiciel Senior") == 1.0


def test_a_plural_role_is_the_role() -> None:
    """A board hiring several at once writes "Software Engineers (Backend, Infra)"."""
    model = TitleModel(["Software Engineer"])
    found = model.match("Software Engineers (Backend, Infra)")
    assert found is not None and found.strength == 1.0
    assert TitleModel(["Registered Nurse"]).fit("Registered Nurses - Night Shift") == 1.0
