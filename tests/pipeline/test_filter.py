"""Stage 2: keep postings that fit the search, count the rest by the first reason that dropped them."""

import datetime as dt
from collections import Counter
from typing import Any

from sweepy.domain.postings import Posting, Salary
from sweepy.domain.records import posting_from_record
from sweepy.pipeline.filter import Criteria, filter_postings, salary_status

TODAY = dt.date(2024, 6, 15)


def posting(title: str = "Paralegal", location: str = "New York, NY", **fields: Any) -> Posting:
    slug = f"{title}-{location}-{len(fields)}".replace(" ", "-").replace(",", "")
    record = {"title": title, "company": "Northwind Labs", "url": f"https://jobs.lever.co/northwind/{slug}"}
    return posting_from_record({**record, "location": location, **fields}, "feed", "test")


def criteria(**changes: Any) -> Criteria:
    base: dict[str, Any] = {"titles": ["Paralegal"], "synonyms": [], "location": "New York, NY", "today": TODAY}
    return Criteria(**{**base, **changes})


def titles(postings: list[Posting]) -> list[str]:
    return [p.title for p in postings]


def locations(postings: list[Posting]) -> list[str]:
    return [p.location for p in postings]


def test_synonym_title_is_kept_only_when_grouped_with_a_target_title() -> None:
    # "Docketing Clerk" is in no family of the title table: only the person's own synonyms can make it the job.
    found = [posting("Docketing Clerk"), posting("Senior Paralegal")]

    kept, drops = filter_postings(found, criteria(synonyms=[["Paralegal", "Docketing Clerk"]]))
    assert titles(kept) == ["Docketing Clerk", "Senior Paralegal"]
    assert drops == Counter()

    kept, drops = filter_postings(found, criteria(synonyms=[]))
    assert titles(kept) == ["Senior Paralegal"]
    assert drops == Counter({"title": 1})

    kept, drops = filter_postings(found, criteria(synonyms=[["Docketing Clerk", "Court Clerk"]]))
    assert titles(kept) == ["Senior Paralegal"]
    assert drops == Counter({"title": 1})


def test_title_matches_through_levels_abbreviations_and_punctuation() -> None:
    found = [
        posting("Sr. Technical Writer II"),
        posting("Technical Writer"),
        posting("Writer, Technical Documentation"),
        posting("Technical Editor"),
        posting("UX Writer"),
    ]
    kept, drops = filter_postings(found, criteria(titles=["Technical Writer"]))
    assert titles(kept) == ["Sr. Technical Writer II", "Technical Writer", "Writer, Technical Documentation"]
    assert drops == Counter({"title": 2})


def test_location_keeps_the_metro_and_drops_other_cities() -> None:
    found = [
        posting(location="New York, NY"),
        posting(location="Brooklyn, NY"),
        posting(location="Jersey City, NJ"),
        posting(location="Manhattan"),
        posting(location="Chicago, IL"),
        posting(location="York, PA"),
    ]
    kept, drops = filter_postings(found, criteria())
    assert locations(kept) == ["New York, NY", "Brooklyn, NY", "Jersey City, NJ", "Manhattan"]
    assert drops == Counter({"location": 2})


def test_posting_without_a_place_is_kept() -> None:
    kept, drops = filter_postings([posting(location="")], criteria())
    assert len(kept) == 1
    assert drops == Counter()


def test_remote_eligibility_for_a_new_york_seeker() -> None:
    found = [
        posting(location="Remote (EU only)"),
        posting(location="Remote - US"),
        posting(location="Remote"),
        posting(location="Remote - Canada"),
        posting(location="Remote (US or Canada)"),
    ]
    assert {p.workplace for p in found} == {"remote"}
    kept, drops = filter_postings(found, criteria())
    assert locations(kept) == ["Remote - US", "Remote", "Remote (US or Canada)"]
    assert drops == Counter({"location": 2})


def test_remote_only_drops_onsite_hybrid_and_unknown() -> None:
    found = [
        posting(location="On-site - New York, NY"),
        posting(location="Hybrid - New York, NY"),
        posting(location="New York, NY"),
        posting(location="Remote - US"),
    ]
    assert [p.workplace for p in found] == ["onsite", "hybrid", "unknown", "remote"]
    kept, drops = filter_postings(found, criteria(remote_only=True))
    assert locations(kept) == ["Remote - US"]
    assert drops == Counter({"remote": 3})


def test_a_posting_offering_remote_and_hybrid_passes_remote_only() -> None:
    found = [
        posting(location="Hybrid - New York, NY; Remote - US"),  # Lever's allLocations, Ashby's secondaryLocations
        posting(location="New York, NY", description="<p>We offer <b>remote or hybrid</b> working.</p>"),
        posting(location="New York, NY", workplace="hybrid", description="Remote (US) is also possible."),
    ]
    kept, drops = filter_postings(found, criteria(remote_only=True))
    assert [p.workplace for p in found] == ["remote", "remote", "hybrid"]  # an API's hybrid stays hybrid here
    assert locations(kept) == ["Hybrid - New York, NY; Remote - US", "New York, NY"]
    assert drops == Counter({"remote": 1})


def test_a_remote_seeker_gets_remote_postings_only() -> None:
    found = [posting(location="Brooklyn, NY"), posting(location="Remote - US")]
    kept, drops = filter_postings(found, criteria(location="Remote"))
    assert locations(kept) == ["Remote - US"]
    assert drops == Counter({"remote": 1})


def test_include_hybrid_false_drops_hybrid() -> None:
    found = [
        posting(location="New York, NY"),
        posting(location="Hybrid - New York, NY"),
        posting(location="Remote - US"),
    ]
    kept, drops = filter_postings(found, criteria(include_hybrid=False))
    assert locations(kept) == ["New York, NY", "Remote - US"]
    assert drops == Counter({"hybrid": 1})


def test_hourly_salary_is_annualised_before_comparing() -> None:
    found = [posting(salary="$32/hr")]
    assert found[0].salary is not None
    assert found[0].salary.annual_max == 66_560

    kept, drops = filter_postings(found, criteria(min_salary=60_000))
    assert len(kept) == 1
    assert drops == Counter()

    kept, drops = filter_postings(found, criteria(min_salary=66_560))
    assert len(kept) == 1
    assert drops == Counter()

    kept, drops = filter_postings(found, criteria(min_salary=70_000))
    assert kept == []
    assert drops == Counter({"salary": 1})


def test_salary_range_is_judged_by_its_top() -> None:
    kept, drops = filter_postings([posting(salary="$28 - $34 an hour")], criteria(min_salary=70_000))
    assert len(kept) == 1
    assert drops == Counter()


def test_unknown_salary_is_kept() -> None:
    found = [posting(), posting(title="Paralegal II", salary="Competitive")]
    assert [p.salary for p in found] == [None, None]
    kept, drops = filter_postings(found, criteria(min_salary=70_000))
    assert titles(kept) == ["Paralegal", "Paralegal II"]
    assert drops == Counter()


def test_platform_switched_off_is_dropped() -> None:
    found = [
        posting(url="https://www.linkedin.com/jobs/view/3901"),
        posting(url="https://boards.greenhouse.io/northwind/jobs/4012"),
    ]
    kept, drops = filter_postings(found, criteria(platform_enabled=lambda platform: platform != "linkedin"))
    assert [p.platform for p in kept] == ["greenhouse"]
    assert drops == Counter({"platform": 1})


def test_max_age_days_with_a_fixed_today() -> None:
    found = [
        posting(title="Paralegal I", posted_at="2024-06-08"),  # exactly 7 days old
        posting(title="Paralegal II", posted_at="2024-06-07"),  # 8 days old
        posting(title="Paralegal III"),  # no date: kept
    ]
    kept, drops = filter_postings(found, criteria(max_age_days=7))
    assert titles(kept) == ["Paralegal I", "Paralegal III"]
    assert drops == Counter({"age": 1})

    kept, drops = filter_postings(found, criteria(max_age_days=None))
    assert len(kept) == 3
    assert drops == Counter()


def test_every_reason_is_counted_once_by_the_first_that_applies() -> None:
    found = [
        posting(title="Paralegal", location="Chicago, IL"),
        posting(title="Software Engineer", location="Chicago, IL"),
        posting(title="Paralegal", location="Hybrid - New York, NY", salary="$20/hr"),
        posting(title="Paralegal", location="Brooklyn, NY", salary="$20/hr"),
        posting(title="Paralegal", location="Remote (EU only)", posted_at="2024-01-02"),
        posting(title="Paralegal", location="Remote - US", url="https://www.indeed.com/viewjob?jk=1"),
        posting(title="Legal Assistant", location="Jersey City, NJ", salary="$90,000 a year"),
    ]
    kept, drops = filter_postings(
        found,
        criteria(
            synonyms=[["Paralegal", "Legal Assistant"]],
            include_hybrid=False,
            min_salary=50_000,
            max_age_days=30,
            platform_enabled=lambda platform: platform != "indeed",
        ),
    )
    assert [(p.title, p.location) for p in kept] == [("Legal Assistant", "Jersey City, NJ")]
    assert drops == Counter({"location": 1, "title": 1, "hybrid": 1, "salary": 1, "age": 1, "platform": 1})


def test_kept_cards_say_whether_their_salary_was_checked() -> None:
    def with_salary(salary: object) -> Posting:
        record = {"title": "Paralegal", "company": "C", "url": "https://x.example/1", "salary": salary}
        return posting_from_record(record, "feed", "t")

    assert salary_status(with_salary("$80,000"), 60_000) == "meets_minimum"
    assert salary_status(with_salary("$20/hr"), 60_000) == "below_minimum"
    assert salary_status(with_salary(None), 60_000) == "unknown"
    assert salary_status(with_salary("€90k"), 60_000) == "not_compared"
    assert salary_status(with_salary("$80,000"), 0) == "no_minimum"


def test_on_target_earnings_prove_only_a_shortfall() -> None:
    """OTE adds commission to a base the posting does not state: $90k-$120k OTE may be a $50k base, so it is
    marked, not passed; OTE under the minimum leaves no base above it, so that posting is dropped."""
    ote = posting()
    ote.salary = Salary(min=90_000, max=120_000, currency="USD", period="year", ote=True)
    assert salary_status(ote, 60_000) == "ote"
    ote.salary = Salary(min=40_000, max=50_000, currency="USD", period="year", ote=True)
    assert salary_status(ote, 60_000) == "below_minimum"


def test_a_predicted_salary_never_decides_the_minimum_alone() -> None:
    high, low = posting(), posting(title="Senior Paralegal")
    high.salary = Salary(min=90_000, max=120_000, currency="USD", period="year", predicted=True)
    low.salary = Salary(min=20_000, max=25_000, currency="USD", period="year", predicted=True)
    kept, drops = filter_postings([high, low], criteria(min_salary=60_000))
    assert (titles(kept), drops) == (["Paralegal", "Senior Paralegal"], Counter())
    assert [p.salary_status for p in kept] == ["predicted", "predicted"]


def test_companies_to_avoid_ignore_case_and_legal_suffixes() -> None:
    found = [posting(company=name) for name in ("ACME Inc.", "Acme, LLC", "Acmeville Partners")]
    kept, drops = filter_postings(found, criteria(exclude_companies=("Acme",)))
    assert [p.company for p in kept] == ["Acmeville Partners"]
    assert drops == Counter({"excluded_company": 2})


def test_keywords_to_avoid_read_title_and_description_as_whole_words() -> None:
    found = [
        posting("Paralegal", description="Base plus commission only after training."),
        posting("Paralegal (Night Shift)"),
        posting("Paralegal", description="We offer commissioning support."),
    ]
    kept, drops = filter_postings(found, criteria(exclude_keywords=("commission only", "night shift")))
    assert [p.description for p in kept] == ["We offer commissioning support."]
    assert drops == Counter({"excluded_keyword": 2})


def test_eligibility_flags_by_default_and_drops_when_strict() -> None:
    """Read in the score stage, one posting at a time: flagged and ranked after the eligible card of equal
    score by default, dropped (and counted) under `eligibility: strict`."""
    from sweepy.domain.eligibility_rules import Seeker
    from sweepy.domain.scoring import Scorer
    from sweepy.pipeline.score import score_postings

    def found() -> list[Posting]:
        return [posting(description="A great team. We are unable to sponsor visas for this role."),
                posting("Paralegal", "Brooklyn, NY", description="Visa sponsorship is available.")]  # fmt: skip

    scorer, seeker = Scorer(["Paralegal"], [], [], ""), Seeker(needs_sponsorship=True)
    cards = score_postings(found(), scorer, TODAY, seeker)
    assert [(c.location, c.blocked) for c in cards] == [("Brooklyn, NY", False), ("New York, NY", True)]
    assert [(f.kind, f.verdict, f.quote) for f in cards[1].eligibility] == [
        ("sponsorship", "blocks", "We are unable to sponsor visas for this role.")
    ]
    assert [f.verdict for f in cards[0].eligibility] == ["ok"] and cards.ineligible == set()

    strict = score_postings(found(), scorer, TODAY, seeker, strict=True)
    assert [c.location for c in strict] == ["Brooklyn, NY"]
    assert strict.ineligible == {found()[0].canonical_url}


def test_cards_say_whether_a_pay_range_law_applies_and_is_met() -> None:
    from sweepy.domain.scoring import Scorer
    from sweepy.pipeline.score import make_card

    scorer = Scorer(["Paralegal"], [], [], "")
    silent = make_card(posting(location="New York, NY"), scorer, TODAY)
    assert (silent.pay_transparency, silent.pay_jurisdiction, silent.pay_law) == (
        "missing",
        "New York City",
        "NYC Local Law 32 of 2022 (Admin. Code 8-107(32)), in effect since 2022-11-01",
    )
    stated = make_card(posting(location="Denver, CO", salary="$60,000 - $70,000"), scorer, TODAY)
    assert (stated.pay_transparency, stated.pay_jurisdiction is not None) == ("stated", True)
    texas = make_card(posting(location="Austin, TX"), scorer, TODAY)
    assert (texas.pay_transparency, texas.pay_jurisdiction) == (None, None)


def test_agency_postings_carry_the_signal_and_exclude_agencies_drops_them() -> None:
    def found() -> list[Posting]:
        return [
            posting(company="Robert Half Inc."),
            posting("Senior Paralegal", description="Our client, a leading law firm, seeks a paralegal."),
            posting("Paralegal II", description="We serve our clients in client-facing matters."),
            posting("Litigation Paralegal", "Chicago, IL", company="Kforce"),  # dropped for its place first
        ]

    kept, drops = filter_postings(found(), criteria())
    assert [(p.title, p.ghost_signals) for p in kept] == [
        ("Paralegal", [("agency", "Robert Half (staffing firm)")]),
        ("Senior Paralegal", [("agency", "Our client, a leading law firm, seeks a paralegal.")]),
        ("Paralegal II", []),
    ]
    assert drops == Counter({"location": 1})

    kept, drops = filter_postings(found(), criteria(exclude_agencies=True))
    assert [(p.title, p.ghost_signals) for p in kept] == [("Paralegal II", [])]
    assert drops == Counter({"agency": 2, "location": 1})
