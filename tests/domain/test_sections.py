"""Which lines of a posting count for resume terms (sweepy/domain/sections.py), on real description shapes."""

from sweepy.domain.sections import counted_text
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
