"""Stage 3: one card per role, by canonical URL and then by company + title + place across platforms."""

from collections import Counter
from typing import Any

from sweepy.domain.postings import Posting
from sweepy.domain.records import posting_from_record
from sweepy.pipeline.dedupe import deduplicate, role_key


def posting(title: str, company: str, url: str, location: str = "New York, NY", **fields: Any) -> Posting:
    record = {"title": title, "company": company, "url": url, "location": location, **fields}
    return posting_from_record(record, "feed", "test")


def test_same_url_modulo_tracking_merges() -> None:
    first = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/11?utm_source=linkedin")
    second = posting("Paralegal", "Contoso", "http://JOBS.lever.co/contoso/11/?lever-source=Indeed#apply")
    third = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/11?gh_src=x&utm_medium=email")
    unique, drops = deduplicate([first, second, third])
    assert unique == [first]
    assert first.also_on == []
    assert drops == Counter({"duplicate": 2})


def test_same_role_across_platforms_merges_and_the_richest_wins() -> None:
    on_lever = posting("Sr. Paralegal", "Northwind Labs, Inc.", "https://jobs.lever.co/northwind/5f2e")
    on_linkedin = posting(
        "Senior Paralegal",
        "Northwind Labs",
        "https://www.linkedin.com/jobs/view/3901",
        description="Draft filings and manage dockets for the litigation team.",
        salary="$70,000 - $85,000 a year",
        posted_at="2024-06-10",
    )
    assert role_key(on_lever) == role_key(on_linkedin) == ("northwind labs", "senior paralegal", "new york", "ny")
    unique, drops = deduplicate([on_lever, on_linkedin])
    assert unique == [on_linkedin]
    assert on_linkedin.platform == "linkedin"
    assert on_linkedin.also_on == ["lever"]
    assert drops == Counter({"duplicate": 1})


def test_on_equal_richness_the_first_found_wins() -> None:
    first = posting("Paralegal", "Northwind Labs", "https://boards.greenhouse.io/northwind/jobs/1")
    second = posting("Paralegal", "Northwind Labs LLC", "https://www.indeed.com/viewjob?jk=9f1c")
    unique, drops = deduplicate([first, second])
    assert unique == [first]
    assert first.also_on == ["indeed"]
    assert drops == Counter({"duplicate": 1})


def test_different_cities_do_not_merge() -> None:
    new_york = posting("Senior Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1", "New York, NY")
    chicago = posting("Senior Paralegal", "Northwind Labs", "https://www.linkedin.com/jobs/view/2", "Chicago, IL")
    unique, drops = deduplicate([new_york, chicago])
    assert unique == [new_york, chicago]
    assert (new_york.also_on, chicago.also_on) == ([], [])
    assert drops == Counter()


def test_different_titles_or_companies_do_not_merge() -> None:
    postings = [
        posting("Paralegal", "Northwind Labs", "https://jobs.lever.co/northwind/1"),
        posting("Legal Assistant", "Northwind Labs", "https://jobs.lever.co/northwind/2"),
        posting("Paralegal", "Northwind Partners", "https://jobs.lever.co/partners/1"),
    ]
    unique, drops = deduplicate(list(postings))
    assert unique == postings
    assert drops == Counter()


def test_order_is_first_seen_and_duplicates_are_counted_exactly() -> None:
    a1 = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1")
    b1 = posting("Technical Writer", "Globex", "https://jobs.ashbyhq.com/globex/7")
    a2 = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1?utm_source=x")
    c1 = posting("Legal Assistant", "Initech", "https://boards.greenhouse.io/initech/jobs/3", "Brooklyn, NY")
    b2 = posting(
        "Technical Writer",
        "Globex Corp.",
        "https://www.linkedin.com/jobs/view/77",
        description="Docs-as-code, API reference, Markdown.",
    )
    a3 = posting("Paralegal", "Contoso, Inc.", "https://www.indeed.com/viewjob?jk=a3")
    unique, drops = deduplicate([a1, b1, a2, c1, b2, a3])
    assert [(p.title, p.platform) for p in unique] == [
        ("Paralegal", "lever"),
        ("Technical Writer", "linkedin"),
        ("Legal Assistant", "greenhouse"),
    ]
    assert [p.also_on for p in unique] == [["indeed"], ["ashby"], []]
    assert drops == Counter({"duplicate": 3})


def test_no_postings_no_drops() -> None:
    assert deduplicate([]) == ([], Counter())


def test_same_city_name_in_another_region_does_not_merge() -> None:
    oregon = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1", location="Portland, OR")
    maine = posting("Paralegal", "Contoso", "https://www.linkedin.com/jobs/view/2/", location="Portland, ME")
    assert deduplicate([oregon, maine]) == ([oregon, maine], Counter())


def test_two_openings_on_one_board_stay_two_cards() -> None:
    first = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1")
    second = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/2")
    mirror = posting("Paralegal", "Contoso", "https://www.linkedin.com/jobs/view/9/")
    unique, drops = deduplicate([first, second, mirror])
    assert unique == [first, second]  # the LinkedIn copy merges into the first opening only
    assert (first.also_on, second.also_on) == (["linkedin"], [])
    assert drops == Counter({"duplicate": 1})


def test_a_company_that_normalises_to_nothing_never_merges() -> None:
    a = posting("Paralegal", "The Company", "https://jobs.lever.co/x/1")
    b = posting("Paralegal", "Co.", "https://www.linkedin.com/jobs/view/2/")
    assert deduplicate([a, b]) == ([a, b], Counter())


def test_the_winner_lists_every_merged_url() -> None:
    lever = posting("Paralegal", "Contoso", "https://jobs.lever.co/contoso/1?utm_source=x")
    linkedin = posting("Paralegal", "Contoso Inc", "https://www.linkedin.com/jobs/view/2/", description="long " * 50)
    (winner,), _ = deduplicate([lever, linkedin])
    assert winner is linkedin
    assert winner.merged_urls == ["https://jobs.lever.co/contoso/1", "https://linkedin.com/jobs/view/2"]
