"""Salary parsing and annualisation (hourly x 2080, monthly x 12, ...)."""

import json

import pytest

from sweepy.domain.cards import Card
from sweepy.domain.postings import Salary
from sweepy.domain.salary import find_salary, might_state_pay, parse_salary_text, says_ote
from sweepy.domain.salary_values import parse_salary
from sweepy.domain.text import clean_text
from sweepy.render.card import salary_line


@pytest.mark.parametrize(
    ("text", "period", "currency", "annual_min", "annual_max"),
    [
        ("$70,000 - $85,000 a year", "year", "USD", 70_000, 85_000),
        ("$32/hr", "hour", "USD", 66_560, 66_560),
        ("$28 - $34 an hour", "hour", "USD", 58_240, 70_720),
        ("$6,500/month", "month", "USD", 78_000, 78_000),
        ("$95K-$120K", "year", "USD", 95_000, 120_000),
        ("$95-120K", "year", "USD", 95_000, 120_000),
        ("€55k", "year", "EUR", 55_000, 55_000),
        ("USD 60000-75000 per year", "year", "USD", 60_000, 75_000),
        ("$250 per day", "day", "USD", 65_000, 65_000),
        ("$1,500 weekly", "week", "USD", 78_000, 78_000),
    ],
)
def test_salary_text_is_annualised(text: str, period: str, currency: str, annual_min: float, annual_max: float) -> None:
    salary = parse_salary_text(text)
    assert salary is not None
    assert (salary.period, salary.currency) == (period, currency)
    assert (salary.annual_min, salary.annual_max) == (annual_min, annual_max)
    assert salary.text == text


def test_salary_object_uses_its_period() -> None:
    salary = parse_salary({"min": 40, "max": 50, "currency": "USD", "period": "hour"})
    assert salary == Salary(min=40.0, max=50.0, currency="USD", period="hour")
    assert (salary.annual_min, salary.annual_max) == (83_200, 104_000)


@pytest.mark.parametrize("value", [None, "", "Competitive", "DOE"])
def test_missing_or_wordy_salary_is_unknown(value: object) -> None:
    assert parse_salary(value) is None


@pytest.mark.parametrize("value", [[1, 2], {"min": "a lot"}, {"min": 1, "period": "fortnight"}, 42])
def test_wrongly_shaped_salary_is_rejected(value: object) -> None:
    with pytest.raises(ValueError):
        parse_salary(value)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ({"min": float("nan")}, "salary min nan is not a number"),
        ({"min": 50_000, "max": float("inf")}, "salary max inf is too large to be an amount"),
        ({"max": 1e308, "period": "hour"}, "salary min 1e+308 is too large to be an amount"),  # inf once annualised
        ({"min": 10**400}, "salary min/max is too large to be an amount"),  # float() raises OverflowError
        ("$" + "9" * 400, "salary amount in '$" + "9" * 39 + "' is too large to be an amount"),
        ("$50k \ud800", "salary text is not valid Unicode text (it holds a lone surrogate)"),
        ({"min": 1, "text": "\ud800"}, "salary text is not valid Unicode text (it holds a lone surrogate)"),
        ({"min": 1, "currency": "US\ud800"}, "salary currency is not valid Unicode text (it holds a lone surrogate)"),
    ],
)
def test_unusable_amounts_and_text_are_rejected_with_a_reason(value: object, reason: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_salary(value)
    assert str(caught.value) == reason


def test_nan_from_json_is_rejected() -> None:
    # Python's json accepts the bare NaN token, so a feed record can carry one.
    with pytest.raises(ValueError) as caught:
        parse_salary(json.loads('{"min": NaN, "max": 90000}'))
    assert str(caught.value) == "salary min nan is not a number"


def test_largest_sane_amounts_still_parse() -> None:
    salary = parse_salary({"min": 10**15, "max": 10**15, "period": "hour"})
    assert salary is not None and salary.annual_max == 2080 * 10**15


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$150-190k", (150_000, 190_000, "USD", "year")),
        ("Competitive pay, 401k match", None),  # a retirement plan, not a $401,000 maximum
        ("$120,000 - $140,000 + 401(k)", (120_000, 140_000, "USD", "year")),
        ("€50,000 (Europe)", (50_000, 50_000, "EUR", "year")),
        ("Remote (Europe) 60000-70000", (60_000, 70_000, None, "year")),  # "Europe" is not EUR
        ("80000 for the audit team", (80_000, 80_000, None, "year")),  # "audit" is not AUD
        ("AUD 90,000", (90_000, 90_000, "AUD", "year")),
    ],
)
def test_salary_text_from_real_postings(text: str, expected: tuple[float, float, str | None, str] | None) -> None:
    salary = parse_salary_text(text)
    assert (None if salary is None else (salary.min, salary.max, salary.currency, salary.period)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Build APIs. Pay: $150,000 — $190,000 USD. 401k match.", (150_000, 190_000, "USD", "year")),
        ("We raised $5 and offer a 401k match; pay $40 - $50 per hour", (40, 50, "USD", "hour")),
        ("Founded 2010, 300 people, 401(k) and dental", None),
        ("Salary: USD 90,000 to 110,000", (90_000, 110_000, "USD", "year")),
        ("Gehalt €80k–€100k", (80_000, 100_000, "EUR", "year")),
    ],
)
def test_a_salary_is_found_in_a_description_only_with_a_currency(
    text: str, expected: tuple[float, float, str, str] | None
) -> None:
    salary = find_salary(text)
    assert (None if salary is None else (salary.min, salary.max, salary.currency, salary.period)) == expected


def _figures(salary: Salary | None) -> tuple[float | None, float | None, str | None, str] | None:
    return None if salary is None else (salary.min, salary.max, salary.currency, salary.period)


# Greenhouse's pay-transparency block as the Job Board API sends it in `content`: entity-escaped HTML, each bound
# in its own <span>, the dash an entity escaped twice.
GREENHOUSE_PAY_BLOCK = (
    "&lt;div class=&quot;content-pay-transparency&quot;&gt;&lt;div class=&quot;pay-input&quot;&gt;&lt;div "
    "class=&quot;title&quot;&gt;US Base Salary&lt;/div&gt;&lt;div class=&quot;pay-range&quot;&gt;&lt;span&gt;"
    "$139,200&lt;/span&gt;&lt;span class=&quot;divider&quot;&gt;&amp;mdash;&lt;/span&gt;&lt;span&gt;$235,200 USD"
    "&lt;/span&gt;&lt;/div&gt;&lt;/div&gt;&lt;/div&gt;"
)


def test_a_greenhouse_pay_range_is_read_once_its_html_is_text() -> None:
    text = clean_text(GREENHOUSE_PAY_BLOCK)
    assert text == "US Base Salary\n$139,200—$235,200 USD"
    salary = find_salary(text)
    assert _figures(salary) == (139_200, 235_200, "USD", "year")
    assert salary is not None and salary.text == "$139,200—$235,200 USD"


def test_an_hourly_greenhouse_range_is_pay_by_its_heading() -> None:
    block = GREENHOUSE_PAY_BLOCK.replace("US Base Salary", "US Hourly Pay Range")
    block = block.replace("$139,200", "$28").replace("$235,200", "$34")
    assert _figures(find_salary(clean_text(block))) == (28, 34, "USD", "hour")


@pytest.mark.parametrize(
    "text",
    [
        "Backed by top investors, we have raised $73 million.",  # was $73 an hour
        "Fertility HRA (up to $10,000 per year)",
        "Generous funding for compute (~$15k/month) for every researcher.",
        "401(k) with a 4% match, contributions up to $23,000 per year",
        "Relocation assistance of up to $10,000",
        "A $1,500 equipment stipend and a laptop of your choice",
        "$5,000 sign-on bonus",
        "We passed $40,000,000 in annual revenue last year.",
        "The company was valued at $2B after the round; ARR of $10 M.",
        "Series B: $25M led by Example Ventures",
        "We raised $1-2 million in seed funding",
        "Our product costs $99/month",
        "A $50 gift card for every referral",
        "Annual learning budget of $1,000 per year",
    ],
)
def test_sums_that_are_not_pay_give_no_salary(text: str) -> None:
    assert find_salary(text) is None


def test_real_pay_is_found_among_sums_that_are_not_pay() -> None:
    description = (
        "We have raised $73 million from top investors. Benefits:\n"
        "• Fertility HRA (up to $10,000 per year)\n"
        "• Funding for compute (~$15k/month)\n"
        "• $5,000 sign-on bonus and $2,000 for relocation\n"
        "The base salary range for this role is $120,000 - $150,000 a year."
    )
    assert _figures(find_salary(description)) == (120_000, 150_000, "USD", "year")


@pytest.mark.parametrize(
    "text",
    [
        "Senior Machine Learning Engineer — $180,000 - $220,000",  # "learning" alone is no learning budget
        "Budget Analyst, $70,000 - $90,000 per year",
        "Insurance Agent, $50,000 base + commission",
        "Home Health Aide: $18/hr",
    ],
)
def test_a_job_title_next_to_its_pay_does_not_hide_it(text: str) -> None:
    assert find_salary(text) is not None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Salary: $31,2k- $52k", (31_200, 52_000, "USD", "year")),  # a decimal comma before the "k"
        ("C$120,000 - C$140,000", (120_000, 140_000, "CAD", "year")),
        ("CA$95,000 to CA$110,000", (95_000, 110_000, "CAD", "year")),
        ("A$100k - A$120k", (100_000, 120_000, "AUD", "year")),
        ("NZ$80,000", (80_000, 80_000, "NZD", "year")),
        ("S$6,000 a month", (6_000, 6_000, "SGD", "month")),
        ("$90,000 - $110,000 CAD", (90_000, 110_000, "CAD", "year")),  # the code names the dollar
        ("$100k AUD", (100_000, 100_000, "AUD", "year")),
        ("Gehalt: 60.000 - 75.000 EUR", (60_000, 75_000, "EUR", "year")),
        ("£50,000 - £60,000 GBP", (50_000, 60_000, "GBP", "year")),
        ("Salary: INR 18,00,000 per annum", (1_800_000, 1_800_000, "INR", "year")),
        ("CHF 120000 - 140000", (120_000, 140_000, "CHF", "year")),
        ("₹12,00,000", (1_200_000, 1_200_000, "INR", "year")),  # Indian grouping
        ("₹12-18 LPA", (1_200_000, 1_800_000, "INR", "year")),  # lakhs per annum
        ("€45.000", (45_000, 45_000, "EUR", "year")),
        ("Bruttojahresgehalt 45.000 €", (45_000, 45_000, "EUR", "year")),
        ("Salaire : 45 000 € brut", (45_000, 45_000, "EUR", "year")),
        ("€52.500,50 p.a.", (52_500.5, 52_500.5, "EUR", "year")),
        ("Pay: $25 per hour", (25, 25, "USD", "hour")),
        ("Pay: $3,000 per hour", (3_000, 3_000, "USD", "hour")),  # the period word wins over the amount's size
        ("$45/hr", (45, 45, "USD", "hour")),
        ("Stipend: $4,000 a month", (4_000, 4_000, "USD", "month")),
        ("€60k p.a.", (60_000, 60_000, "EUR", "year")),
        ("The base salary is between $120,000 and $150,000 per year.", (120_000, 150_000, "USD", "year")),
        ("Salary $100k and a $5,000 bonus", (100_000, 100_000, "USD", "year")),  # "and" joins only after "between"
        ("CAD $120,000 - $140,000", (120_000, 140_000, "CAD", "year")),
        ("$120,000 USD - $150,000 USD", (120_000, 150_000, "USD", "year")),
    ],
)
def test_numbers_currencies_and_periods_in_a_description(text: str, expected: tuple[float, float, str, str]) -> None:
    assert _figures(find_salary(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$31,2k- $52k", (31_200, 52_000, "USD", "year")),
        ("CA$90,000", (90_000, 90_000, "CAD", "year")),
        ("₹12,00,000", (1_200_000, 1_200_000, "INR", "year")),
        ("45.000 €", (45_000, 45_000, "EUR", "year")),
        ("€45.000", (45_000, 45_000, "EUR", "year")),
        ("60000EUR", (60_000, 60_000, "EUR", "year")),
        ("$6,500 a month", (6_500, 6_500, "USD", "month")),
        ("€50.000 p.a.", (50_000, 50_000, "EUR", "year")),
        ("$150k - $120k", (120_000, 150_000, "USD", "year")),
        ("£30ph", (30, 30, "GBP", "hour")),
        ("£40kpa", (40_000, 40_000, "GBP", "year")),
        ("£2,000pcm", (2_000, 2_000, "GBP", "month")),
        ("45-55kEUR", (45_000, 55_000, "EUR", "year")),
    ],
)
def test_salary_fields_use_the_same_reading(text: str, expected: tuple[float, float, str, str]) -> None:
    assert _figures(parse_salary_text(text)) == expected


WEEKLY_STIPENDS = [
    "3,850 USD per week",
    "$3,850 per week",
    "$3,850/week",
    "$3,850 / week",
    "$3,850 a week",
    "$3,850 weekly",
    "$3,850/wk",
    "£3,850pw",
    "£3,850 pw",
    "£3,850 p/w",
    "£3,850 p.w.",
    "3,850 USD (per week)",
    "3,850 USD every week",
]


@pytest.mark.parametrize("stated", WEEKLY_STIPENDS)
def test_a_weekly_stipend_is_weekly_in_a_description_and_in_a_salary_field(stated: str) -> None:
    currency = "GBP" if "£" in stated else "USD"
    assert _figures(find_salary(f"Interns receive a stipend of {stated} during the program.")) == (
        3_850, 3_850, currency, "week",
    )  # fmt: skip
    assert _figures(parse_salary_text(stated)) == (3_850, 3_850, currency, "week")


@pytest.mark.parametrize(
    "text",
    [
        "Weekly stipend: 3,850 USD",  # the period in the amount's clause, before it
        "Stipend (per week): 3,850 USD",
        "US Weekly Pay Range\n$3,850—$3,850 USD",  # a Greenhouse pay block's heading over a figure alone on its line
    ],
)
def test_a_period_said_before_an_amount_that_states_none_is_its_period(text: str) -> None:
    assert _figures(find_salary(text)) == (3_850, 3_850, "USD", "week")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("$60,000 per year, 3 days a week in the office", (60_000, 60_000, "USD", "year")),
        ("$4,000 per month; hybrid, 3 days a week", (4_000, 4_000, "USD", "month")),
        ("$28/hr, 40 hours per week", (28, 28, "USD", "hour")),
        ("€3,850, three days a week on site", (3_850, 3_850, "EUR", "month")),  # no period: guessed by the size
    ],
)
def test_a_working_week_is_no_pay_period(text: str, expected: tuple[float, float, str, str]) -> None:
    assert _figures(parse_salary_text(text)) == expected  # a salary field reads its whole text
    assert _figures(find_salary("Hybrid: 3 days a week in the office. Salary: " + text)) == expected


def test_a_reversed_range_in_a_description_is_swapped() -> None:
    salary = find_salary("The salary for this role is $150,000 - $120,000 per year, plus equity.")
    assert _figures(salary) == (120_000, 150_000, "USD", "year")
    assert salary is not None and (salary.annual_min, salary.annual_max) == (120_000, 150_000)


@pytest.mark.parametrize(
    ("text", "expected", "shown"),
    [
        ("OTE $120k-$160k, uncapped commission", (120_000, 160_000, "USD", "year"), "OTE $120k-$160k"),
        ("Compensation: $80,000 base, $160,000 OTE", (80_000, 160_000, "USD", "year"), "$80,000 base, $160,000 OTE"),
        ("Base salary $100k, OTE $200k", (100_000, 200_000, "USD", "year"), "$100k, OTE $200k"),
        (
            "On-target earnings: $150,000 - $190,000",
            (150_000, 190_000, "USD", "year"),
            "On-target earnings: $150,000 - $190,000",
        ),
    ],
)
def test_on_target_earnings_are_marked(text: str, expected: tuple[float, float, str, str], shown: str) -> None:
    salary = find_salary(text)
    assert _figures(salary) == expected
    assert salary is not None and (salary.ote, salary.text) == (True, shown)  # the exported text says OTE too


def test_an_ote_heading_marks_the_range_under_it() -> None:
    block = GREENHOUSE_PAY_BLOCK.replace("US Base Salary", "US OTE Range")
    salary = find_salary(clean_text(block))
    assert _figures(salary) == (139_200, 235_200, "USD", "year")
    assert salary is not None and salary.ote is True


@pytest.mark.parametrize(
    "text",
    [
        "Base salary: $100,000 - $120,000. Sales roles elsewhere quote OTE.",
        "Our sellers beat their OTE every year.\nBase salary: $100,000 - $120,000",
    ],
)
def test_base_pay_alone_is_not_on_target_earnings(text: str) -> None:
    salary = find_salary(text)
    assert _figures(salary) == (100_000, 120_000, "USD", "year")
    assert salary is not None and salary.ote is False


@pytest.mark.parametrize(
    ("label", "ote"),
    [
        ("OTE $168K – $231K • Offers Equity", True),  # Ashby's compensationTierSummary
        ("On-Target Earnings (OTE)", True),
        ("On target earnings include commission.", True),
        ("$168K – $231K • Offers Equity • Offers Bonus", False),
        ("Remote (Quote team)", False),  # "ote" inside a word
    ],
)
def test_a_pay_label_says_on_target_earnings_by_the_same_words(label: str, ote: bool) -> None:
    assert says_ote(label) is ote


def test_a_card_says_ote_only_when_it_is() -> None:
    ote = find_salary("OTE $120k-$160k")
    base = find_salary("$120k-$160k")
    assert ote is not None and base is not None
    assert ote.to_dict()["ote"] is True and base.to_dict()["ote"] is False
    assert ote.brief() == {"currency": "USD", "annual_min": 120_000, "annual_max": 160_000, "ote": True}
    assert "ote" not in base.brief()


def test_a_brief_salary_names_its_period_only_when_the_figures_are_not_yearly() -> None:
    yearly = Salary(80_000.0, 95_000.0, "USD", "year")
    hourly = Salary(45.0, 56.5, "USD", "hour")
    assert yearly.brief() == {"currency": "USD", "annual_min": 80_000, "annual_max": 95_000}  # year: the default
    assert hourly.brief() == {"min": 45, "max": 56.5, "currency": "USD", "period": "hour", "annual_min": 93_600,
                              "annual_max": 117_520}  # fmt: skip


@pytest.mark.parametrize(
    "text", ["$80k - $95k", "£58,000 - £68,000", "OTE $120k-$160k", "$185,000 - $225,000 USD",
             "$44.50 - $56.20 per hour", "$45/hr", "USD 90,000"],
)  # fmt: skip
def test_get_jobs_leaves_out_a_pay_text_the_figures_say_whole(text: str) -> None:
    salary = find_salary(text)
    assert salary is not None and salary.annual_min is not None
    assert "text" not in salary.brief()  # "OTE" too: the ote flag says it
    assert salary.to_dict()["text"] == text  # the card, the CSV and the report keep it


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("$120k + equity", 120_000, None),
        ("up to $90k", None, 90_000),
        ("€90k-€120k + 0.5-1%", 90_000, 120_000),
        ("$110k - $140k DOE", 110_000, 140_000),
        ("US$80,000 - US$95,000", 80_000, 95_000),  # "US" is not the code: kept rather than guessed at
        ("50-65 k€", 50_000, 65_000),  # "50" is not read as 50,000 here: kept rather than guessed at
        ("$45 (1099)", 45, 1099),  # a number beside the figure, read as the max: the text shows the misreading
        ("$150k/$200k OTE", 150_000, 200_000),  # OTE on a salary not read as one
        ("€50,000", 50_000, None),  # the sign of another currency than the one read
    ],
)
def test_get_jobs_shows_a_pay_text_that_says_more_than_the_figures(text: str, low: int, high: int) -> None:
    currency = "EUR" if "€" in text and "50,000" not in text else "USD"
    assert Salary(low, high, currency, "year", text=text).brief()["text"] == text


def test_a_pay_text_of_an_unknown_currency_is_shown() -> None:
    salary = parse_salary_text("₩50,000,000")
    assert salary is not None and salary.currency is None
    assert salary.brief()["text"] == "₩50,000,000"  # the one place its currency shows


def test_a_pay_text_naming_another_period_than_the_one_read_is_shown() -> None:
    salary = Salary(45.0, None, "USD", "year", text="$45 per hour")
    assert salary.brief()["text"] == "$45 per hour"
    assert "text" not in Salary(45.0, None, "USD", "hour", text="$45 per hour").brief()


STORED_SALARY = {"min": 32.0, "max": 40.0, "currency": "USD", "period": "hour", "annual_min": 66560.0,
                 "annual_max": 83200.0, "text": "$32-$40/hr"}  # fmt: skip
"""A card's salary as sessions and result files stored it before `predicted` and `ote` existed."""


def test_a_card_keeps_its_postings_salary_and_stores_it_as_before() -> None:
    salary = Salary(min=32.0, max=40.0, currency="USD", period="hour", text="$32-$40/hr")
    card = Card(job_id="j", title="Paralegal", company="Contoso", salary=salary)
    assert card.salary == salary
    assert card.to_json()["salary"] == {**STORED_SALARY, "predicted": False, "ote": False}  # same keys, same order
    assert list(card.to_json()["salary"]) == [*STORED_SALARY, "predicted", "ote"]


def test_a_card_stored_before_predicted_and_ote_loads() -> None:
    stored = json.dumps({"job_id": "j", "title": "Paralegal", "company": "Contoso", "salary": STORED_SALARY})
    salary = Card.model_validate_json(stored).salary
    assert salary == Salary(min=32.0, max=40.0, currency="USD", period="hour", text="$32-$40/hr")
    assert (salary.annual_min, salary.annual_max, salary.predicted, salary.ote) == (66_560, 83_200, False, False)


@pytest.mark.parametrize(
    ("source", "pay"),
    [
        (GREENHOUSE_PAY_BLOCK, (139_200, 235_200, "USD", "year")),
        ("&lt;p&gt;Gehalt: &amp;euro;45.000 brutto&lt;/p&gt;", (45_000, 45_000, "EUR", "year")),  # an escaped sign
        ("<p>Salary: &#163;40,000</p>", (40_000, 40_000, "GBP", "year")),
        ("<p>Salary: 90,000 CAD</p>", (90_000, 90_000, "CAD", "year")),
        ("<p>Draft filings &amp; manage dockets.</p>", None),
    ],
)
def test_a_raw_description_that_may_state_pay_is_told_apart_cheaply(
    source: str, pay: tuple[float, float, str, str] | None
) -> None:
    """Greenhouse cleans a description at ingest only when its raw HTML may hold a currency: the test must never
    miss one that the cleaned text has."""
    assert might_state_pay(source) is (pay is not None)
    assert _figures(find_salary(clean_text(source))) == pay


def test_the_report_says_a_range_is_on_target_earnings() -> None:
    ote, base = find_salary("OTE $120k-$160k"), find_salary("$120k-$160k")
    assert ote is not None and base is not None
    assert salary_line(ote) == ("OTE $120k-$160k · on-target earnings: base plus commission or bonus at target")
    assert salary_line(base) == "$120k-$160k"
