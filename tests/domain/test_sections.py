"""Which lines of a posting count for resume terms (sweepy/domain/sections.py), on real description shapes."""

import pytest

from sweepy.domain.sections import counted_text, role_opening
from sweepy.domain.text import clean_text

GREENHOUSE = (  # the loopback Greenhouse board's Payband posting, as its API escapes it
    "&lt;div class=&quot;content-intro&quot;&gt;&lt;p&gt;Payband has raised $73 million from investors.&lt;/p&gt;"
    "&lt;/div&gt;&lt;h3&gt;Responsibilities&lt;/h3&gt;&lt;p&gt;Train ranking models.&lt;/p&gt;&lt;h3&gt;Benefits"
    "&lt;/h3&gt;&lt;ul&gt;&lt;li&gt;Fertility HRA (up to $10,000 per year)&lt;/li&gt;&lt;li&gt;Funding for compute "
    "(~$15k/month)&lt;/li&gt;&lt;/ul&gt;&lt;p&gt;The base salary range for this role is below.&lt;/p&gt;"
)
SAMPLE = """Whitfield Legal Group seeks an experienced Trial Paralegal. It is a boutique litigation firm.
Key responsibilities:
- Prepare trial binders and support attorneys in court
Requirements:
- Hands-on experience with Relativity
Skills: trial preparation, Relativity, NYSCEF
This position is on-site at our New York office, Monday through Friday.
We offer a competitive salary and fully paid health insurance. We are an Equal Opportunity Employer."""


def test_a_greenhouse_posting_keeps_its_responsibilities_and_leaves_out_the_pitch_and_the_benefits() -> None:
    assert counted_text(clean_text(GREENHOUSE)) == "Train ranking models."


def test_a_sample_posting_keeps_duties_requirements_and_skills_only() -> None:
    assert counted_text(SAMPLE).splitlines() == [
        "- Prepare trial binders and support attorneys in court",
        "- Hands-on experience with Relativity",
        "trial preparation, Relativity, NYSCEF",
    ]


def test_without_a_section_of_the_roles_own_the_opening_lines_count() -> None:
    text = "We need a paralegal for Relativity review.\nBenefits: dental\nAbout Northwind\nWe sell Kafka."
    assert counted_text(text) == "We need a paralegal for Relativity review."


def test_a_heading_that_says_more_keeps_its_words_and_an_unknown_one_opens_a_counted_section() -> None:
    text = "Perks\n• Kafka summit tickets\nOur stack:\n• Kafka, Go\nResponsibilities include Relativity review"
    assert counted_text(text).splitlines() == ["• Kafka, Go", "Responsibilities include Relativity review"]


PITCH_THEN_ROLE = (  # a Lever posting's descriptionPlain + lists, as clean_text leaves it
    "About us\nApex Talent Partners is a staffing and executive search firm placing technology, sales and operations"
    " leaders.\n\nThe role\nOwn a territory of mid-size and enterprise businesses in the Northeast.\n"
    "What you bring\n• 5+ years of closing new business"
)


@pytest.mark.parametrize(
    ("text", "excerpt_from"),
    [
        (PITCH_THEN_ROLE, "Own a territory"),  # past the employer's pitch, at the role
        ("About Kestrel\nKestrel édite une plateforme.\nÀ propos du poste\nTu conçois les API.", "Tu conçois"),
        ("About us: Contoso builds contract software.\nMore.", "Contoso builds"),  # its inline text
        ("About us\nContoso builds contract software.\nBenefits\n• Dental", "Contoso builds"),  # no role section
        ("About us\nContoso.\nRequirements: Relativity, Westlaw.\nMore", "Relativity, Westlaw."),
        ("Responsibilities\n• Draft motions", "• Draft motions"),  # a heading alone at the top
        ("  About us  \n\n  Contoso builds.", "Contoso builds."),
        ("Whitfield Legal Group seeks a Trial Paralegal.\nAbout us\nA firm.", "Whitfield"),  # opens with a sentence
        ("Cobble | Software Engineers (Backend, Infra) | Paris, France | Hybrid", "Cobble"),  # a title line
        ("Responsibilities include drafting motions\nMore", "Responsibilities include"),  # the heading says it
        ("About us", "About us"),  # nothing after the heading: the text as it is
        ("About us\nContoso.\nThe role", "Contoso."),  # a role heading with nothing under it
        ("", ""),
    ],
)
def test_an_excerpt_starts_at_the_role_past_an_about_us_section(text: str, excerpt_from: str) -> None:
    assert text[role_opening(text) :].startswith(excerpt_from)
    assert role_opening(text) == (text.index(excerpt_from) if excerpt_from else 0)
